//! Table talk by mail: who wants it as it is posted, and which messages a mail tells.
//!
//! Owns: the talk preference (`talk_mail_prefs`; no row is the default, talk in the
//! your-turn mail only), the window of messages a mail tells (posted after the last mail
//! that told talk to the reader in that game was decided, up to this one), and the
//! pending batched talk mail of a reader in a game.
//! Must not: decide when a talk mail is due (`crate::play::talk` does, from the setting).

use super::models::Message;
use super::schema::{messages, outbox, talk_mail_prefs, users};
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Talk comes in the your-turn mail only (the default).
pub const WITH_TURN: &str = "with_turn";
/// Talk comes by mail as it is posted too, batched.
pub const AT_ONCE: &str = "at_once";
/// The talk preferences, the default first.
pub const MODES: [&str; 2] = [WITH_TURN, AT_ONCE];

/// The templates of the mails that tell talk: the turn mails of each kind and the talk
/// mail itself.
pub const TELLING: [&str; 4] = ["your_turn", "dreams_stars", "dreams_guess", "talk"];

/// `user_id`'s talk preference.
pub fn mode(conn: &mut DbConn, user_id: &str) -> Result<String, StoreError> {
    Ok(talk_mail_prefs::table
        .find(user_id)
        .select(talk_mail_prefs::mode)
        .first::<String>(conn)
        .optional()?
        .unwrap_or_else(|| WITH_TURN.to_string()))
}

/// Set `user_id`'s talk preference (one of [`MODES`]).
pub fn set_mode(conn: &mut DbConn, user_id: &str, mode: &str) -> Result<(), StoreError> {
    diesel::delete(talk_mail_prefs::table.find(user_id)).execute(conn)?;
    if mode != WITH_TURN {
        diesel::insert_into(talk_mail_prefs::table)
            .values((
                talk_mail_prefs::user_id.eq(user_id),
                talk_mail_prefs::mode.eq(mode),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The users of `ids` who want talk at once.
pub fn at_once(conn: &mut DbConn, ids: &[String]) -> Result<Vec<String>, StoreError> {
    Ok(talk_mail_prefs::table
        .filter(talk_mail_prefs::user_id.eq_any(ids))
        .filter(talk_mail_prefs::mode.eq(AT_ONCE))
        .select(talk_mail_prefs::user_id)
        .load(conn)?)
}

/// When the last mail that told `user_id` talk in `game_id` before `before` was decided
/// (only mail that was sent: a turn mail superseded unsent told nothing).
pub fn last_told(
    conn: &mut DbConn,
    game_id: &str,
    user_id: &str,
    before: NaiveDateTime,
) -> Result<Option<NaiveDateTime>, StoreError> {
    Ok(outbox::table
        .filter(outbox::game_id.eq(game_id))
        .filter(outbox::user_id.eq(user_id))
        .filter(outbox::template.eq_any(TELLING))
        .filter(outbox::sent_at.is_not_null())
        .filter(outbox::created_at.lt(before))
        .select(diesel::dsl::max(outbox::created_at))
        .first::<Option<NaiveDateTime>>(conn)?)
}

/// The newest `limit` messages of `game_id` posted in `(after, upto]` by others than
/// `reader`, oldest first, with the speakers' names; and how many more there were.
pub fn window(
    conn: &mut DbConn,
    game_id: &str,
    reader: &str,
    after: Option<NaiveDateTime>,
    upto: NaiveDateTime,
    limit: i64,
) -> Result<(Vec<(Message, String)>, i64), StoreError> {
    let mut query = messages::table
        .inner_join(users::table)
        .filter(messages::game_id.eq(game_id))
        .filter(messages::user_id.ne(reader))
        .filter(messages::created_at.le(upto))
        .into_boxed();
    let mut count = messages::table
        .filter(messages::game_id.eq(game_id))
        .filter(messages::user_id.ne(reader))
        .filter(messages::created_at.le(upto))
        .into_boxed();
    if let Some(after) = after {
        query = query.filter(messages::created_at.gt(after));
        count = count.filter(messages::created_at.gt(after));
    }
    let total: i64 = count.count().get_result(conn)?;
    let mut newest: Vec<(Message, String)> = query
        .order((messages::created_at.desc(), messages::id.desc()))
        .limit(limit)
        .select((Message::as_select(), users::display_name))
        .load(conn)?;
    newest.reverse();
    let more = total - i64::try_from(newest.len()).unwrap_or(0);
    Ok((newest, more.max(0)))
}

/// When the last talk mail to `user_id` in `game_id` was due, sent or not (`None`:
/// there was none); and whether one is still waiting to be sent.
pub fn last_talk_mail(
    conn: &mut DbConn,
    game_id: &str,
    user_id: &str,
) -> Result<(Option<NaiveDateTime>, bool), StoreError> {
    let mine = || {
        outbox::table
            .filter(outbox::game_id.eq(game_id))
            .filter(outbox::user_id.eq(user_id))
            .filter(outbox::template.eq("talk"))
    };
    let last: Option<NaiveDateTime> = mine()
        .select(diesel::dsl::max(outbox::created_at))
        .first(conn)?;
    let waiting: i64 = mine()
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_null())
        .filter(outbox::superseded_at.is_null())
        .count()
        .get_result(conn)?;
    Ok((last, waiting > 0))
}

/// When the last message at `game_id`'s table was posted (`None`: none yet).
pub fn last_message_at(
    conn: &mut DbConn,
    game_id: &str,
) -> Result<Option<NaiveDateTime>, StoreError> {
    Ok(messages::table
        .filter(messages::game_id.eq(game_id))
        .select(diesel::dsl::max(messages::created_at))
        .first(conn)?)
}
