//! What the pages and the preferences resource read and write about a user beyond their
//! account: mail preference, time zone, language, whether the address is verified; and a
//! game found by its join code.
//!
//! Must not: decide what a value means (the handlers in `crate::http::preferences` and
//! `crate::http::pages` validate; the scheduler decides when a digest is due).

use super::models::Game;
use super::schema::{games, users};
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A user's preferences and address state, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefs {
    pub email: String,
    pub display_name: String,
    pub mail_pref: String,
    pub time_zone: String,
    pub lang: String,
    pub email_verified_at: Option<NaiveDateTime>,
    /// Table talk by mail (`crate::store::talk::MODES`): `with_turn` or `at_once`.
    pub talk_mail: String,
}

pub fn prefs(conn: &mut DbConn, user_id: &str) -> Result<Option<Prefs>, StoreError> {
    let row: Option<(
        String,
        String,
        String,
        String,
        String,
        Option<NaiveDateTime>,
    )> = users::table
        .find(user_id)
        .select((
            users::email,
            users::display_name,
            users::mail_pref,
            users::time_zone,
            users::lang,
            users::email_verified_at,
        ))
        .first(conn)
        .optional()?;
    let Some((email, display_name, mail_pref, time_zone, lang, email_verified_at)) = row else {
        return Ok(None);
    };
    Ok(Some(Prefs {
        email,
        display_name,
        mail_pref,
        time_zone,
        lang,
        email_verified_at,
        talk_mail: super::talk::mode(conn, user_id)?,
    }))
}

/// Write the three preferences. When the mail preference or the time zone changes, the
/// next digest is unscheduled (`next_digest_at = NULL`): the scheduler computes it again
/// from the new values. Returns false when there is no such user.
pub fn set_prefs(
    conn: &mut DbConn,
    user_id: &str,
    mail_pref: &str,
    time_zone: &str,
    lang: &str,
) -> Result<bool, StoreError> {
    crate::store::write_transaction(conn, |conn| {
        let Some(old) = prefs(conn, user_id)? else {
            return Ok(false);
        };
        let target = users::table.find(user_id);
        if old.mail_pref != mail_pref || old.time_zone != time_zone {
            diesel::update(target)
                .set((
                    users::mail_pref.eq(mail_pref),
                    users::time_zone.eq(time_zone),
                    users::lang.eq(lang),
                    users::next_digest_at.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
        } else if old.lang != lang {
            diesel::update(target)
                .set(users::lang.eq(lang))
                .execute(conn)?;
        }
        Ok(true)
    })
}

/// Stop all mail to `user_id` (the unsubscribe link). Idempotent. Returns false when
/// there is no such user.
pub fn unsubscribe(conn: &mut DbConn, user_id: &str) -> Result<bool, StoreError> {
    let target = users::table.find(user_id);
    let changed = diesel::update(target.filter(users::mail_pref.ne("none")))
        .set((
            users::mail_pref.eq("none"),
            users::next_digest_at.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)?;
    if changed > 0 {
        return Ok(true);
    }
    Ok(users::table
        .find(user_id)
        .select(users::id)
        .first::<String>(conn)
        .optional()?
        .is_some())
}

/// Mark `email` verified for `user_id` at `at`, if it is still the user's address.
/// The first verification time is kept. Returns whether the address is (now) verified.
pub fn verify_email(
    conn: &mut DbConn,
    user_id: &str,
    email: &str,
    at: NaiveDateTime,
) -> Result<bool, StoreError> {
    diesel::update(
        users::table
            .find(user_id)
            .filter(users::email.eq(email))
            .filter(users::email_verified_at.is_null()),
    )
    .set(users::email_verified_at.eq(Some(at)))
    .execute(conn)?;
    Ok(users::table
        .find(user_id)
        .filter(users::email.eq(email))
        .filter(users::email_verified_at.is_not_null())
        .select(users::id)
        .first::<String>(conn)
        .optional()?
        .is_some())
}

/// The game whose join code is `code` (codes are upper case).
pub fn game_by_join_code(conn: &mut DbConn, code: &str) -> Result<Option<Game>, StoreError> {
    Ok(games::table
        .filter(games::join_code.eq(code.to_ascii_uppercase()))
        .select(Game::as_select())
        .first(conn)
        .optional()?)
}

/// Stop all mail to `email`, an address with no account (an invitation's unsubscribe
/// link). Idempotent.
pub fn suppress_address(
    conn: &mut DbConn,
    email: &str,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    use super::schema::mail_suppressions;
    // ON CONFLICT DO NOTHING per backend: MultiConnection has no upsert.
    let insert = diesel::insert_into(mail_suppressions::table)
        .values((
            mail_suppressions::email.eq(email),
            mail_suppressions::created_at.eq(at),
        ))
        .on_conflict_do_nothing();
    match conn {
        DbConn::Sqlite(c) => insert.execute(c)?,
        DbConn::Pg(c) => insert.execute(c)?,
    };
    Ok(())
}

/// Does `email` want no mail from us: an address that unsubscribed without an account,
/// or the address of a user whose mail preference is `none`?
pub fn refuses_mail(conn: &mut DbConn, email: &str) -> Result<bool, StoreError> {
    use super::schema::mail_suppressions;
    let suppressed = mail_suppressions::table
        .find(email)
        .select(mail_suppressions::email)
        .first::<String>(conn)
        .optional()?
        .is_some();
    if suppressed {
        return Ok(true);
    }
    Ok(users::table
        .filter(users::email.eq(email))
        .filter(users::mail_pref.eq("none"))
        .select(users::id)
        .first::<String>(conn)
        .optional()?
        .is_some())
}
