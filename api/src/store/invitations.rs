//! The bound on invitations to new addresses (addresses that no confirmed account has) per
//! sender per day: `invite_unconfirmed_per_user_per_day`.
//!
//! Counted in the database (`invite_log`), so that it holds across servers and restarts:
//! one row per sender and address, its time the moment the address was first counted in
//! the current 24 hours. Inviting an address again within them costs nothing more (the
//! per-address cap, `mail_unconfirmed_per_day`, bounds what it receives); an address
//! whose owner has confirmed it costs nothing at all. The log is kept apart from
//! `invites`, which go with their game, so that deleting a game gives nothing back.

use super::schema::{invite_log, users};
use super::{DbConn, StoreError};
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use std::collections::HashSet;

/// How long an invitation counts against its sender.
pub fn window() -> Duration {
    Duration::hours(24)
}

/// Why invitations were refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The request alone invites more new addresses than a whole day allows.
    TooMany { limit: u32, requested: usize },
    /// The day's allowance has too little left: `remaining` now, enough for the request
    /// after `retry_after` seconds.
    Spent {
        limit: u32,
        remaining: usize,
        requested: usize,
        retry_after: u64,
    },
}

/// Charge `sender`'s invitations of `emails` (distinct, normalised) at `at` against the
/// day's `limit`: the new addresses among them are logged, or, if they do not all fit,
/// none is and the refusal says why. Call it inside the transaction that writes the
/// invitations, so that a refusal leaves nothing written. On PostgreSQL the sender's row
/// is locked first, so two requests of one sender at once are counted one after the
/// other (SQLite's write transaction has the one writer lock already).
pub fn charge(
    conn: &mut DbConn,
    sender: &str,
    emails: &[String],
    limit: u32,
    at: NaiveDateTime,
) -> Result<Result<(), Refusal>, StoreError> {
    if emails.is_empty() {
        return Ok(Ok(()));
    }
    let confirmed: HashSet<String> = users::table
        .filter(users::email.eq_any(emails))
        .filter(users::email_verified_at.is_not_null())
        .select(users::email)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    if emails.iter().all(|e| confirmed.contains(e)) {
        return Ok(Ok(()));
    }
    lock_sender(conn, sender)?;
    let since = at - window();
    let counted: Vec<(String, NaiveDateTime)> = invite_log::table
        .filter(invite_log::invited_by.eq(sender))
        .filter(invite_log::created_at.gt(since))
        .order(invite_log::created_at.asc())
        .select((invite_log::email, invite_log::created_at))
        .load(conn)?;
    let fresh: Vec<&String> = emails
        .iter()
        .filter(|e| !confirmed.contains(*e) && !counted.iter().any(|(c, _)| c == *e))
        .collect();
    if fresh.is_empty() {
        return Ok(Ok(()));
    }
    let cap = usize::try_from(limit).unwrap_or(usize::MAX);
    if fresh.len() > cap {
        return Ok(Err(Refusal::TooMany {
            limit,
            requested: fresh.len(),
        }));
    }
    let after = counted.len() + fresh.len();
    if after > cap {
        // The oldest counted addresses free their places first: the request fits once
        // `after - cap` of them have.
        let frees_at = counted
            .get(after - cap - 1)
            .map_or(at, |(_, t)| *t + window());
        return Ok(Err(Refusal::Spent {
            limit,
            remaining: cap.saturating_sub(counted.len()),
            requested: fresh.len(),
            retry_after: u64::try_from((frees_at - at).num_seconds())
                .unwrap_or(0)
                .max(1),
        }));
    }
    for email in fresh {
        // A row from an earlier day (not yet pruned) starts counting again now.
        diesel::delete(
            invite_log::table
                .filter(invite_log::invited_by.eq(sender))
                .filter(invite_log::email.eq(email)),
        )
        .execute(conn)?;
        diesel::insert_into(invite_log::table)
            .values((
                invite_log::invited_by.eq(sender),
                invite_log::email.eq(email),
                invite_log::created_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(Ok(()))
}

/// Hold `sender`'s user row until the transaction ends (PostgreSQL; SQLite's write
/// transaction holds the database's one writer lock already).
fn lock_sender(conn: &mut DbConn, sender: &str) -> Result<(), StoreError> {
    if let DbConn::Pg(c) = conn {
        users::table
            .find(sender)
            .select(users::id)
            .for_update()
            .first::<String>(c)
            .optional()?;
    }
    Ok(())
}

/// Delete the rows that no longer count (older than [`window`] at `now`).
pub fn prune(conn: &mut DbConn, now: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(invite_log::table.filter(invite_log::created_at.le(now - window())))
            .execute(conn)?,
    )
}
