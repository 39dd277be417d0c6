//! Rows as stored. JSON columns are text here and parsed at the edge of the store.

use super::schema::{api_tokens, users};
use chrono::NaiveDateTime;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: String,
    /// Lower-cased: one account per address, whatever its spelling.
    pub email: String,
    pub display_name: String,
    /// An argon2id PHC string; never leaves the server.
    pub password_hash: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = api_tokens)]
pub struct ApiToken {
    pub id: String,
    pub user_id: String,
    pub name: String,
    /// SHA-256 of the token, hex: the token itself is shown once and never stored.
    pub token_hash: String,
    pub created_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
}

/// The current time as stored: UTC, whole microseconds (what Postgres keeps), so a value
/// read back equals the value written on both backends.
pub fn now() -> NaiveDateTime {
    let t = chrono::Utc::now().naive_utc();
    t - chrono::Duration::nanoseconds(i64::from(t.and_utc().timestamp_subsec_nanos() % 1000))
}

/// A new random id: 16 random bytes as 32 hex digits (text ids work on every backend).
pub fn new_id() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}
