//! Users and their personal API tokens.

use super::models::{now, ApiToken, User};
use super::schema::{api_tokens, users};
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Insert a user. A taken email is a unique violation ([`StoreError::is_unique_violation`]).
pub fn insert_user(conn: &mut DbConn, user: &User) -> Result<(), StoreError> {
    diesel::insert_into(users::table)
        .values(user)
        .execute(conn)?;
    Ok(())
}

pub fn user_by_email(conn: &mut DbConn, email: &str) -> Result<Option<User>, StoreError> {
    Ok(users::table
        .filter(users::email.eq(email))
        .select(User::as_select())
        .first(conn)
        .optional()?)
}

pub fn user_by_id(conn: &mut DbConn, id: &str) -> Result<Option<User>, StoreError> {
    Ok(users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()?)
}

/// The user's address and display name; `NotFound` when there is no such user.
pub fn email_and_name(conn: &mut DbConn, user_id: &str) -> Result<(String, String), StoreError> {
    Ok(users::table
        .find(user_id)
        .select((users::email, users::display_name))
        .first(conn)?)
}

/// What a mail to a user needs of them: where it goes, their name, and how they want mail.
#[derive(Debug, Clone, Queryable)]
pub struct MailReader {
    pub email: String,
    pub display_name: String,
    /// `every_turn`, `digest` or `none`.
    pub mail_pref: String,
    pub time_zone: String,
    /// The language code as stored.
    pub lang: String,
}

pub fn mail_reader(conn: &mut DbConn, user_id: &str) -> Result<Option<MailReader>, StoreError> {
    Ok(users::table
        .find(user_id)
        .select((
            users::email,
            users::display_name,
            users::mail_pref,
            users::time_zone,
            users::lang,
        ))
        .first(conn)
        .optional()?)
}

/// The user's display name; `NotFound` when there is no such user.
pub fn display_name(conn: &mut DbConn, user_id: &str) -> Result<String, StoreError> {
    Ok(users::table
        .find(user_id)
        .select(users::display_name)
        .first(conn)?)
}

/// The account that has an address, as an invitation to it needs it.
#[derive(Debug, Clone, Queryable)]
pub struct Invitee {
    pub id: String,
    pub display_name: String,
    /// The language code as stored.
    pub lang: String,
    pub email_verified_at: Option<NaiveDateTime>,
}

/// The account of `email` (lower-cased, as stored), if there is one.
pub fn invitee(conn: &mut DbConn, email: &str) -> Result<Option<Invitee>, StoreError> {
    Ok(users::table
        .filter(users::email.eq(email))
        .select((
            users::id,
            users::display_name,
            users::lang,
            users::email_verified_at,
        ))
        .first(conn)
        .optional()?)
}

/// Whether an account has `email` and has confirmed it.
pub fn address_confirmed(conn: &mut DbConn, email: &str) -> Result<bool, StoreError> {
    Ok(users::table
        .filter(users::email.eq(email))
        .filter(users::email_verified_at.is_not_null())
        .select(users::id)
        .first::<String>(conn)
        .optional()?
        .is_some())
}

/// The user's language code and time zone, as stored.
pub fn lang_and_zone(
    conn: &mut DbConn,
    user_id: &str,
) -> Result<Option<(String, String)>, StoreError> {
    Ok(users::table
        .find(user_id)
        .select((users::lang, users::time_zone))
        .first(conn)
        .optional()?)
}

/// The user's password hash (it names the password a reset link replaces).
pub fn password_hash(conn: &mut DbConn, user_id: &str) -> Result<Option<String>, StoreError> {
    Ok(users::table
        .find(user_id)
        .select(users::password_hash)
        .first(conn)
        .optional()?)
}

/// The user's address if they have confirmed it (the welcome mail's link), else `None`.
pub fn confirmed_email(conn: &mut DbConn, user_id: &str) -> Result<Option<String>, StoreError> {
    Ok(users::table
        .find(user_id)
        .filter(users::email_verified_at.is_not_null())
        .select(users::email)
        .first(conn)
        .optional()?)
}

pub fn insert_token(conn: &mut DbConn, token: &ApiToken) -> Result<(), StoreError> {
    diesel::insert_into(api_tokens::table)
        .values(token)
        .execute(conn)?;
    Ok(())
}

/// The live (not revoked) token with this hash, and its owner.
/// The user of an unrevoked token, with the token (its scopes and expiry).
pub fn user_by_token_hash(
    conn: &mut DbConn,
    hash: &str,
) -> Result<Option<(User, ApiToken)>, StoreError> {
    Ok(api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(hash))
        .filter(api_tokens::revoked_at.is_null())
        .select((User::as_select(), ApiToken::as_select()))
        .first(conn)
        .optional()?)
}

pub fn tokens_of(conn: &mut DbConn, user_id: &str) -> Result<Vec<ApiToken>, StoreError> {
    Ok(api_tokens::table
        .filter(api_tokens::user_id.eq(user_id))
        .order((api_tokens::created_at.asc(), api_tokens::id.asc()))
        .select(ApiToken::as_select())
        .load(conn)?)
}

/// Revoke one of the user's tokens. `false` if the user has no such token (revoking twice
/// is fine and keeps the first time).
pub fn revoke_token(conn: &mut DbConn, user_id: &str, token_id: &str) -> Result<bool, StoreError> {
    let found = api_tokens::table
        .filter(api_tokens::id.eq(token_id))
        .filter(api_tokens::user_id.eq(user_id))
        .count()
        .get_result::<i64>(conn)?;
    if found == 0 {
        return Ok(false);
    }
    diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(token_id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(now()))
    .execute(conn)?;
    Ok(true)
}

/// The credentials epoch of each of `ids` whose account exists (`crate::auth::epochs`).
pub fn credentials_epochs(
    conn: &mut DbConn,
    ids: &[String],
) -> Result<Vec<(String, i64)>, StoreError> {
    Ok(users::table
        .filter(users::id.eq_any(ids))
        .select((users::id, users::credentials_epoch))
        .load(conn)?)
}

/// Of the personal tokens `ids`, those that still work at `at`: not revoked, not expired,
/// their account still there.
pub fn live_tokens(
    conn: &mut DbConn,
    ids: &[String],
    at: chrono::NaiveDateTime,
) -> Result<Vec<String>, StoreError> {
    Ok(api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::id.eq_any(ids))
        .filter(api_tokens::revoked_at.is_null())
        .filter(
            api_tokens::expires_at
                .is_null()
                .or(api_tokens::expires_at.gt(at)),
        )
        .select(api_tokens::id)
        .load(conn)?)
}

/// End every credential of `user_id` but its password (a reset, after a compromise): its
/// access tokens (the epoch grows by one), its personal tokens (revoked at `at`) and its
/// browser sessions. Returns the new epoch, `None` when the account is gone.
pub fn end_credentials(
    conn: &mut DbConn,
    user_id: &str,
    at: chrono::NaiveDateTime,
) -> Result<Option<i64>, StoreError> {
    let bumped = diesel::update(users::table.find(user_id))
        .set(users::credentials_epoch.eq(users::credentials_epoch + 1))
        .execute(conn)?;
    if bumped == 0 {
        return Ok(None);
    }
    diesel::update(
        api_tokens::table
            .filter(api_tokens::user_id.eq(user_id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(at))
    .execute(conn)?;
    super::sessions::revoke_all(conn, user_id, at)?;
    Ok(Some(
        users::table
            .find(user_id)
            .select(users::credentials_epoch)
            .first(conn)?,
    ))
}

/// Replace the password hash of `user_id` if it is still `old_hash` (a reset link works
/// once: two at the same moment, one wins). `false` when it was not.
pub fn replace_password(
    conn: &mut DbConn,
    user_id: &str,
    old_hash: &str,
    new_hash: &str,
) -> Result<bool, StoreError> {
    Ok(diesel::update(
        users::table
            .filter(users::id.eq(user_id))
            .filter(users::password_hash.eq(old_hash)),
    )
    .set(users::password_hash.eq(new_hash))
    .execute(conn)?
        == 1)
}

/// What [`become_bot`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BecameBot {
    /// The account is a bot now (or was already).
    Bot,
    /// The account has taken a seat: it stays a person.
    HasPlayed,
    /// No such account.
    Gone,
}

/// Make `user_id` a bot from `at` on, unless it holds a seat in any game; its game mail
/// stops (`mail_pref` `none`: a bot follows its event stream). Already a bot: nothing
/// changes. One transaction; on PostgreSQL the account's row is held `FOR UPDATE` first,
/// which waits for a join that has inserted its seat (holding the row `FOR KEY SHARE`)
/// and makes a later one wait, so the seats read next are all there are. SQLite's write
/// transaction holds the one writer lock already.
pub fn become_bot(
    conn: &mut DbConn,
    user_id: &str,
    at: NaiveDateTime,
) -> Result<BecameBot, StoreError> {
    use super::schema::seats;
    super::write_transaction(conn, |conn| {
        let row = users::table.find(user_id).select(users::bot_at);
        let bot_at: Option<Option<NaiveDateTime>> = match conn {
            DbConn::Pg(c) => row.for_update().first(c).optional()?,
            DbConn::Sqlite(c) => row.first(c).optional()?,
        };
        let Some(bot_at) = bot_at else {
            return Ok(BecameBot::Gone);
        };
        if bot_at.is_some() {
            return Ok(BecameBot::Bot);
        }
        let seated: Option<String> = seats::table
            .filter(seats::user_id.eq(user_id))
            .select(seats::game_id)
            .first(conn)
            .optional()?;
        if seated.is_some() {
            return Ok(BecameBot::HasPlayed);
        }
        diesel::update(users::table.find(user_id))
            .set((
                users::bot_at.eq(Some(at)),
                users::mail_pref.eq("none"),
                users::next_digest_at.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?;
        Ok(BecameBot::Bot)
    })
}

/// Whether `user_id` is a bot account (`false` for no such account).
pub fn is_bot(conn: &mut DbConn, user_id: &str) -> Result<bool, StoreError> {
    Ok(users::table
        .find(user_id)
        .select(users::bot_at)
        .first::<Option<NaiveDateTime>>(conn)
        .optional()?
        .flatten()
        .is_some())
}

/// Set `user_id`'s time zone (an IANA name, checked by the caller): at sign-up, the zone
/// the form chose.
/// Set the account's language (a code `crate::play::accounts` checked).
pub fn set_lang(conn: &mut DbConn, user_id: &str, lang: &str) -> Result<(), StoreError> {
    diesel::update(users::table.find(user_id))
        .set(users::lang.eq(lang))
        .execute(conn)?;
    Ok(())
}

pub fn set_time_zone(conn: &mut DbConn, user_id: &str, time_zone: &str) -> Result<(), StoreError> {
    diesel::update(users::table.find(user_id))
        .set(users::time_zone.eq(time_zone))
        .execute(conn)?;
    Ok(())
}
