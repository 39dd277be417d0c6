//! What the operator sees and does (`hermes outbox`): counts, the failed rows, requeueing.

use crate::store::models::OutboxRow;
use crate::store::schema::outbox;
use crate::store::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// How many mails are in each state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Not sent and not given up on (due now or waiting for a retry).
    pub pending: i64,
    pub sent: i64,
    pub failed: i64,
    /// Your-turn mails not sent because their reader had already acted.
    pub superseded: i64,
}

pub fn counts(conn: &mut DbConn) -> Result<Counts, StoreError> {
    let sent = outbox::table
        .filter(outbox::sent_at.is_not_null())
        .count()
        .get_result(conn)?;
    let failed = outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_not_null())
        .count()
        .get_result(conn)?;
    let pending = outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_null())
        .filter(outbox::superseded_at.is_null())
        .count()
        .get_result(conn)?;
    let superseded = outbox::table
        .filter(outbox::superseded_at.is_not_null())
        .count()
        .get_result(conn)?;
    Ok(Counts {
        pending,
        sent,
        failed,
        superseded,
    })
}

/// When the oldest mail not yet sent nor given up on was enqueued (`None`: none is).
pub fn oldest_pending(conn: &mut DbConn) -> Result<Option<NaiveDateTime>, StoreError> {
    Ok(outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_null())
        .filter(outbox::superseded_at.is_null())
        .select(diesel::dsl::min(outbox::created_at))
        .first(conn)?)
}

/// The rows given up on, oldest first.
pub fn failed(conn: &mut DbConn) -> Result<Vec<OutboxRow>, StoreError> {
    Ok(outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_not_null())
        .order((outbox::failed_at.asc(), outbox::id.asc()))
        .select(OutboxRow::as_select())
        .load(conn)?)
}

/// Give failed mail another round of attempts, due at `now`: one row by id, or every
/// failed row. Returns how many were requeued (a sent row is never requeued).
pub fn retry(conn: &mut DbConn, id: Option<&str>, now: NaiveDateTime) -> Result<usize, StoreError> {
    let failed = outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_not_null());
    let set = (
        outbox::failed_at.eq(None::<NaiveDateTime>),
        outbox::attempts.eq(0),
        outbox::next_attempt_at.eq(now),
        outbox::lease_owner.eq(None::<String>),
        outbox::lease_until.eq(None::<NaiveDateTime>),
    );
    Ok(match id {
        Some(id) => diesel::update(failed.filter(outbox::id.eq(id)))
            .set(set)
            .execute(conn)?,
        None => diesel::update(failed).set(set).execute(conn)?,
    })
}

/// Why an operator command failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Startup(#[from] crate::store::StartupError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot write the report: {0}")]
    Io(#[from] std::io::Error),
    #[error("no failed mail with id {0}")]
    NotFound(String),
}

fn connect(settings: &crate::config::Settings) -> Result<crate::store::Pool, AdminError> {
    Ok(crate::store::open_with(
        &settings.database_url.0,
        1,
        &settings.database,
    )?)
}

/// `hermes outbox`: the counts, then one line per failed mail.
pub fn report(
    settings: &crate::config::Settings,
    out: &mut impl std::io::Write,
) -> Result<(), AdminError> {
    let pool = connect(settings)?;
    let mut conn = pool.get().map_err(StoreError::from)?;
    let c = counts(&mut conn)?;
    writeln!(
        out,
        "pending {}  sent {}  failed {}  superseded {}",
        c.pending, c.sent, c.failed, c.superseded
    )?;
    let rows = failed(&mut conn)?;
    if !rows.is_empty() {
        writeln!(
            out,
            "\nfailed mail (requeue: hermes outbox retry ID | --all-failed):"
        )?;
        writeln!(out, "id\ttemplate\tto\tattempts\tlast_error")?;
    }
    for r in rows {
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            r.id,
            r.template,
            r.to_addr,
            r.attempts,
            r.last_error
                .as_deref()
                .unwrap_or("")
                .replace(['\r', '\n', '\t'], " ")
        )?;
    }
    Ok(())
}

/// `hermes outbox retry ID|--all-failed`.
pub fn requeue(
    settings: &crate::config::Settings,
    id: Option<&str>,
    out: &mut impl std::io::Write,
) -> Result<(), AdminError> {
    let pool = connect(settings)?;
    let mut conn = pool.get().map_err(StoreError::from)?;
    // The operator's wall clock: the servers' workers compare it with their own.
    let now = crate::clock::truncate_micros(chrono::Utc::now().naive_utc());
    let n = retry(&mut conn, id, now)?;
    if let (Some(id), 0) = (id, n) {
        return Err(AdminError::NotFound(id.to_string()));
    }
    writeln!(out, "requeued {n} mail(s)")?;
    Ok(())
}
