//! Browser sessions (`crate::http::session`): stored by the hash of the cookie's value.
//!
//! Must not: see a cookie's value (the caller hashes it) or decide a session's lifetime.

use super::schema::{users, web_sessions};
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// The user a live session belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct LiveSession {
    pub user_id: String,
    pub display_name: String,
    pub time_zone: String,
    pub csrf_token: String,
    /// When the account became a bot (`users.bot_at`).
    pub bot_at: Option<NaiveDateTime>,
    /// The account's language (a code): the pages are written in it.
    pub lang: String,
}

pub fn insert(
    conn: &mut DbConn,
    hash: &str,
    user_id: &str,
    csrf_token: &str,
    at: NaiveDateTime,
    expires_at: NaiveDateTime,
) -> Result<(), StoreError> {
    diesel::insert_into(web_sessions::table)
        .values((
            web_sessions::id.eq(hash),
            web_sessions::user_id.eq(user_id),
            web_sessions::csrf_token.eq(csrf_token),
            web_sessions::created_at.eq(at),
            web_sessions::expires_at.eq(expires_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// The session with this hash if it is neither revoked nor expired at `now`.
pub fn live(
    conn: &mut DbConn,
    hash: &str,
    now: NaiveDateTime,
) -> Result<Option<LiveSession>, StoreError> {
    Ok(web_sessions::table
        .inner_join(users::table)
        .filter(web_sessions::id.eq(hash))
        .filter(web_sessions::revoked_at.is_null())
        .filter(web_sessions::expires_at.gt(now))
        .select((
            users::id,
            users::display_name,
            users::time_zone,
            web_sessions::csrf_token,
            users::bot_at,
            users::lang,
        ))
        .first(conn)
        .optional()?)
}

/// Revoke one session (logging out). Revoking twice keeps the first time.
pub fn revoke(conn: &mut DbConn, hash: &str, at: NaiveDateTime) -> Result<(), StoreError> {
    diesel::update(
        web_sessions::table
            .filter(web_sessions::id.eq(hash))
            .filter(web_sessions::revoked_at.is_null()),
    )
    .set(web_sessions::revoked_at.eq(at))
    .execute(conn)?;
    Ok(())
}

/// Revoke every session of a user (a new password). Returns how many were live.
pub fn revoke_all(
    conn: &mut DbConn,
    user_id: &str,
    at: NaiveDateTime,
) -> Result<usize, StoreError> {
    Ok(diesel::update(
        web_sessions::table
            .filter(web_sessions::user_id.eq(user_id))
            .filter(web_sessions::revoked_at.is_null()),
    )
    .set(web_sessions::revoked_at.eq(at))
    .execute(conn)?)
}

/// Delete the sessions that can no longer sign anyone in: expired by `now`, or revoked
/// (logged out, a new password). Returns how many. A cookie of a deleted session is
/// refused as it was before ([`live`] finds nothing).
pub fn prune(conn: &mut DbConn, now: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(diesel::delete(
        web_sessions::table.filter(
            web_sessions::expires_at
                .le(now)
                .or(web_sessions::revoked_at.is_not_null()),
        ),
    )
    .execute(conn)?)
}
