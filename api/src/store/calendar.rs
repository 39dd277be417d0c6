//! Calendar feeds: one secret URL per user (`GET /calendar/{token}.ics`), kept as the
//! SHA-256 of its token. Creating a feed replaces the user's old one (rotation).

use super::schema::calendar_feeds;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Make `token_hash` the user's feed, replacing any other.
pub fn replace(
    conn: &mut DbConn,
    user_id: &str,
    token_hash: &str,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    crate::store::write_transaction(conn, |conn| {
        diesel::delete(calendar_feeds::table.filter(calendar_feeds::user_id.eq(user_id)))
            .execute(conn)?;
        diesel::insert_into(calendar_feeds::table)
            .values((
                calendar_feeds::user_id.eq(user_id),
                calendar_feeds::token_hash.eq(token_hash),
                calendar_feeds::created_at.eq(at),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// The user's feed's creation time, if they have one.
pub fn of_user(conn: &mut DbConn, user_id: &str) -> Result<Option<NaiveDateTime>, StoreError> {
    Ok(calendar_feeds::table
        .find(user_id)
        .select(calendar_feeds::created_at)
        .first(conn)
        .optional()?)
}

/// Revoke the user's feed; `false` if there was none.
pub fn revoke(conn: &mut DbConn, user_id: &str) -> Result<bool, StoreError> {
    Ok(
        diesel::delete(calendar_feeds::table.filter(calendar_feeds::user_id.eq(user_id)))
            .execute(conn)?
            > 0,
    )
}

/// Whose feed `token_hash` opens.
pub fn user_of(conn: &mut DbConn, token_hash: &str) -> Result<Option<String>, StoreError> {
    Ok(calendar_feeds::table
        .filter(calendar_feeds::token_hash.eq(token_hash))
        .select(calendar_feeds::user_id)
        .first(conn)
        .optional()?)
}
