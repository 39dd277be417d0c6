//! The record of every message that came in by mail (`inbound_mail`; `crate::inbound`).
//!
//! Owns: recording a message once by its Message-ID ([`record`]: a second delivery is
//! refused here, by the primary key, on one server or many), forgetting one that was not
//! taken, writing down what became of it, and counting the answers an address was sent
//! in a window (the answer rate limit).
//! Must not: read or judge a message, or decide its answer (`crate::inbound`).

use super::schema::inbound_mail;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// A message as recorded when it comes in.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = inbound_mail)]
pub struct InboundRow {
    pub message_id: String,
    pub received_at: NaiveDateTime,
    pub from_addr: Option<String>,
    pub game_id: Option<String>,
    pub seat: Option<i64>,
    pub seq: Option<i64>,
    /// `received` until [`set_outcome`] writes what became of it.
    pub outcome: String,
    pub detail: Option<String>,
    pub answered: bool,
}

/// Record `row`; `false` when a message with its id is recorded already (a second
/// delivery). Not in a transaction of the caller's: on PostgreSQL the refused insert
/// would abort it.
pub fn record(conn: &mut DbConn, row: &InboundRow) -> Result<bool, StoreError> {
    match diesel::insert_into(inbound_mail::table)
        .values(row)
        .execute(conn)
    {
        Ok(_) => Ok(true),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Forget the record of `message_id` (it was not taken: the sender's retry is taken
/// anew). The error is diesel's own, for the caller's log line.
pub fn forget(conn: &mut DbConn, message_id: &str) -> Result<(), DieselError> {
    diesel::delete(inbound_mail::table.find(message_id)).execute(conn)?;
    Ok(())
}

/// Write down what became of `message_id` (in the caller's transaction); `detail` is
/// kept to its first 500 characters.
pub fn set_outcome(
    conn: &mut DbConn,
    message_id: &str,
    outcome: &str,
    detail: Option<&str>,
    answered: bool,
) -> Result<(), StoreError> {
    diesel::update(inbound_mail::table.find(message_id))
        .set((
            inbound_mail::outcome.eq(outcome),
            inbound_mail::detail.eq(detail.map(|d| d.chars().take(500).collect::<String>())),
            inbound_mail::answered.eq(answered),
        ))
        .execute(conn)?;
    Ok(())
}

/// How many messages from `from_addr` received after `since` were answered.
pub fn answered_since(
    conn: &mut DbConn,
    from_addr: &str,
    since: NaiveDateTime,
) -> Result<i64, StoreError> {
    Ok(inbound_mail::table
        .filter(inbound_mail::from_addr.eq(from_addr))
        .filter(inbound_mail::answered.eq(true))
        .filter(inbound_mail::received_at.gt(since))
        .count()
        .get_result(conn)?)
}
