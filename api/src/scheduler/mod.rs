//! The scheduler: what happens because time passed — reminders before a deadline, the
//! game's timeout policy at the deadline, and the daily digest.
//!
//! Owns: one task per server ([`spawn`]) that wakes every `scheduler_tick_ms` and runs
//! [`tick`]; tests call [`tick`] (or [`tick_blocking`]) directly after moving a
//! [`crate::clock::ManualClock`], so nothing sleeps. Every decision is a claim in the
//! database that exactly one caller wins, whatever the number of servers or ticks racing:
//! * reminder: `UPDATE deadlines SET remind_at = NULL WHERE … AND remind_at <= now`
//!   (affected rows = 1 wins), in the transaction that enqueues the mail;
//! * timeout: a lease on the row (`lease_owner`, `lease_until`), then the pass turn
//!   played by the play layer through the same path as a player's turn
//!   (`crate::play::play_timeout`), so the game's sequence guard makes it once even if a lease lapsed; policy
//!   `wait` marks `expired_at` with a conditional update;
//! * digest: `UPDATE users SET next_digest_at = NEXT WHERE next_digest_at = SEEN`.
//!
//! Must not: read the wall clock (only `AppState.clock`), hold any decision in memory,
//! or send mail itself (it enqueues; `crate::outbox` delivers). See `docs/players/deadlines.md`.

pub mod bots;
mod digest;
pub mod streams;
mod timeout;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::Duration;
use std::sync::Arc;

pub use digest::next_digest_at;

pub use crate::state::settings::TimeSettings;

/// How often a server prunes old rows.
pub const PRUNE_EVERY: Duration = Duration::hours(1);

/// What one tick did (for tests and the log).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TickReport {
    /// Reminders enqueued (claims won; a reminder for a user who wants no mail counts).
    pub reminders: usize,
    /// Timeouts handled by a pass turn (policy `auto_pass`).
    pub passed: usize,
    /// Seats that dropped out, and pass turns played for dropped-out seats.
    pub forfeits: usize,
    /// Timeouts marked expired (policy `wait`).
    pub expired: usize,
    /// Seats a stand-in bot took (policy `stand_in`).
    pub stood_in: usize,
    /// Digests claimed (mailed when the user had games waiting).
    pub digests: usize,
    /// Sent mails deleted from the outbox past their retention.
    pub pruned_mail: usize,
    /// Stored idempotent answers deleted past their retention.
    pub pruned_keys: usize,
    /// Stream events deleted (older than the outbox retention).
    pub pruned_events: usize,
    /// Browser sessions deleted: expired or revoked.
    pub pruned_sessions: usize,
}

/// How long a timeout's lease lasts: a handler that died gives the row back after this.
pub const LEASE: Duration = Duration::seconds(60);
/// Rows looked at per query.
const BATCH: i64 = 100;
/// Timeout rounds per tick: a pass can make the next seat due at once (a forfeited
/// seat), which the next round handles; the bound keeps one tick short.
const ROUNDS: usize = 50;

/// One pass of the scheduler at the clock's now, off the async workers.
pub async fn tick(state: &Arc<AppState>) -> ApiResult<TickReport> {
    let state = state.clone();
    crate::error::blocking(move || tick_blocking(&state)).await
}

/// [`tick`], on the calling thread (it blocks on the database).
pub fn tick_blocking(state: &AppState) -> ApiResult<TickReport> {
    let mut report = TickReport::default();
    let mut conn = state
        .db
        .pool
        .get()
        .map_err(crate::store::StoreError::from)?;
    timeout::reminders(state, &mut conn, &mut report)?;
    for _ in 0..ROUNDS {
        if !timeout::timeouts(state, &mut conn, &mut report)? {
            break;
        }
    }
    digest::digests(state, &mut conn, &mut report)?;
    prune(state, &mut conn, &mut report)?;
    if report != TickReport::default() {
        tracing::info!(
            reminders = report.reminders,
            passed = report.passed,
            forfeits = report.forfeits,
            expired = report.expired,
            stood_in = report.stood_in,
            digests = report.digests,
            pruned_mail = report.pruned_mail,
            pruned_keys = report.pruned_keys,
            pruned_events = report.pruned_events,
            pruned_sessions = report.pruned_sessions,
            "scheduler tick"
        );
        crate::outbox::wake(state);
    }
    Ok(report)
}

/// Run [`tick`] every `state.time.tick` until the task is dropped. A failed tick is
/// logged and the next one tries again (every claim is still in the database).
pub async fn run(state: Arc<AppState>) {
    let every = state.time.tick;
    loop {
        tokio::time::sleep(every).await;
        let started = std::time::Instant::now();
        let result = tick(&state).await;
        if let Err(e) = &result {
            log_failure(e);
        }
        state
            .metrics
            .scheduler_pass(started.elapsed(), result.is_err());
    }
}

/// Delete what is kept only for a while: sent mail past `outbox_retention` (pending and
/// failed mail is never pruned) and idempotent answers past `idempotency_retention`. Runs
/// at most every [`PRUNE_EVERY`] of the clock per process; several servers pruning at once
/// delete the same rows, which is harmless.
fn prune(
    state: &AppState,
    conn: &mut crate::store::DbConn,
    report: &mut TickReport,
) -> ApiResult<()> {
    let now = state.clock.now_naive();
    {
        let mut last = state
            .time
            .last_prune
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if last.is_some_and(|at| now < at + PRUNE_EVERY) {
            return Ok(());
        }
        *last = Some(now);
    }
    let _w = state.db.one_writer();
    if let Some(keep) = state.time.outbox_retention {
        report.pruned_mail = crate::store::outbox::prune_sent(conn, now - keep)?;
        // Stream events are kept as long as sent mail: a client away longer than that
        // resumes from what is left (`docs/clients/stream.md`).
        report.pruned_events = crate::store::events::prune(conn, now - keep)?;
        // Webhook deliveries done (delivered or given up) likewise.
        crate::store::webhooks::prune(conn, now - keep)?;
    }
    if let Some(keep) = state.time.idempotency_retention {
        report.pruned_keys = crate::store::games::prune_idempotency(conn, now - keep)?;
    }
    report.pruned_sessions = crate::store::sessions::prune(conn, now)?;
    // Invitations to new addresses count against their sender for a day.
    crate::store::invitations::prune(conn, now)?;
    Ok(())
}

fn log_failure(e: &ApiError) {
    tracing::warn!(error = %e, "scheduler tick failed; the next one retries");
}
