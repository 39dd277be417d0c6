//! The outbox: every mail the service sends, written in the transaction that causes it.
//!
//! Owns: adding a mail ([`enqueue`], at most once per `dedupe_key`). The delivery worker
//! (`crate::outbox`) claims, sends and marks rows; the scheduler and the handlers only
//! enqueue.

use super::models::{new_id, OutboxRow};
use super::schema::outbox;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A mail to send.
#[derive(Debug, Clone)]
pub struct NewMail {
    /// Unique among all mails ever enqueued, e.g. `your_turn:GAME:SEQ:USER`: a second
    /// mail with the same key is not added. `None`: no such guard.
    pub dedupe_key: Option<String>,
    /// The template's name (`crate::mail::Template::name`).
    pub template: &'static str,
    pub user_id: Option<String>,
    pub to_addr: String,
    pub to_name: Option<String>,
    pub game_id: Option<String>,
    /// The game sequence the mail is about.
    pub seq: Option<i64>,
    /// The template's data as JSON (a `crate::mail` data struct).
    pub data: serde_json::Value,
    /// When it was decided; it is due at once.
    pub at: NaiveDateTime,
}

/// The row [`enqueue`] writes for `mail`: due at once, never tried, under a new id.
pub fn pending(mail: &NewMail) -> OutboxRow {
    OutboxRow {
        id: new_id(),
        dedupe_key: mail.dedupe_key.clone(),
        template: mail.template.to_string(),
        user_id: mail.user_id.clone(),
        to_addr: mail.to_addr.clone(),
        to_name: mail.to_name.clone(),
        game_id: mail.game_id.clone(),
        seq: mail.seq,
        data: mail.data.to_string(),
        created_at: mail.at,
        attempts: 0,
        next_attempt_at: mail.at,
        lease_owner: None,
        lease_until: None,
        sent_at: None,
        failed_at: None,
        last_error: None,
        superseded_at: None,
    }
}

/// Add `mail` to the outbox; `false` if a mail with its `dedupe_key` is there already.
/// Runs in the caller's transaction (call it inside one to make the mail part of it).
pub fn enqueue(conn: &mut DbConn, mail: &NewMail) -> Result<bool, StoreError> {
    let row = pending(mail);
    // ON CONFLICT DO NOTHING, not a caught unique violation: a failed insert would
    // abort the caller's Postgres transaction. diesel's MultiConnection has no upsert, so
    // the one statement is written per backend.
    let insert = diesel::insert_into(outbox::table)
        .values(&row)
        .on_conflict_do_nothing();
    let added = match conn {
        DbConn::Sqlite(c) => insert.execute(c)?,
        DbConn::Pg(c) => insert.execute(c)?,
    };
    Ok(added == 1)
}

/// Delete the mails sent (or superseded) before `before`; returns how many. Pending and
/// failed mail stays.
pub fn prune_sent(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, StoreError> {
    let sent = diesel::delete(
        outbox::table
            .filter(outbox::sent_at.is_not_null())
            .filter(outbox::sent_at.lt(before)),
    )
    .execute(conn)?;
    let superseded = diesel::delete(
        outbox::table
            .filter(outbox::superseded_at.is_not_null())
            .filter(outbox::superseded_at.lt(before)),
    )
    .execute(conn)?;
    Ok(sent + superseded)
}
