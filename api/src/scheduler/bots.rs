//! The bot worker: plays the turns of seats the engine's bots play (bot seats, and seats a
//! stand-in took), within moments of the seat's turn and never on another player's
//! request.
//!
//! Owns: one task per server ([`run`]), woken by the play layer after a commit that made a
//! bot's seat wait (`crate::play::bots::wake`) and by a poll (`bot_poll_ms`: turns written
//! by other servers, leases that lapsed). Each bot's turn is claimed with a lease on its
//! seat's clock (`crate::store::bots::claim`), so with several servers on one database one
//! plays it; a server that dies while its bot thinks leaves the lease to lapse and another
//! pass takes the turn up again. The task is read with a pooled connection that goes back
//! before the bot thinks; the bot thinks on a blocking thread (at most `bot_threads` at
//! once, each bounded by its playout budget and by `bot_think_ms`), then its turn goes
//! through the play layer like any other. Tests call [`pass`] directly.
//! Must not: decide what a bot plays, or write a turn itself (`crate::play::bots`).

use crate::error::ApiResult;
use crate::play::bots::{self, Played, Task};
use crate::state::AppState;
use crate::store::bots::BotWait;
use crate::store::Lease;
use chrono::Duration;
use std::sync::Arc;

/// How long a claim on a bot's turn lasts: a server that died while its bot thought gives
/// the turn back after this. Longer than the hard bound on thinking and the write after.
pub const LEASE: Duration = Duration::seconds(60);
/// Waits looked at per pass.
const BATCH: i64 = 50;

/// What one pass did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct BotReport {
    /// Bots' turns written.
    pub played: usize,
    /// Claimed, but not wanted any more (the game moved on, the player took the seat back).
    pub dropped: usize,
    /// Claimed, and failed: left to the lease, and tried again once it lapses.
    pub failed: usize,
}

/// Run passes until the task is dropped: at once when woken, else every `bot_poll_ms`.
/// A server with `bot_threads` 0 runs none.
pub async fn run(state: Arc<AppState>) {
    if state.bots.threads == 0 {
        return;
    }
    loop {
        tokio::select! {
            _ = state.bot_wake.notified() => {}
            _ = tokio::time::sleep(state.bots.poll) => {}
        }
        // A pass that played may have made another bot's seat wait: its turn's commit woke
        // the worker again, so the next pass comes at once.
        if let Err(e) = pass(&state).await {
            tracing::warn!(error = %e, "bot pass failed; the next one retries");
        }
    }
}

/// Play every bot's turn that waits now (and whose lease is free), up to `bot_threads` at
/// once, and return what was done. Safe to run on several servers at once.
pub async fn pass(state: &Arc<AppState>) -> ApiResult<BotReport> {
    let now = state.clock.now_naive();
    let waiting = state
        .db
        .lease(move |lease| Ok(crate::store::bots::waiting(lease.conn()?, now, BATCH)?))
        .await?;
    let mut report = BotReport::default();
    if waiting.is_empty() {
        return Ok(report);
    }
    let threads = Arc::new(tokio::sync::Semaphore::new(state.bots.threads.max(1)));
    let mut running = tokio::task::JoinSet::new();
    for wait in waiting {
        let Ok(permit) = threads.clone().acquire_owned().await else {
            break;
        };
        let state = state.clone();
        running.spawn(async move {
            let done = one(&state, wait).await;
            drop(permit);
            done
        });
    }
    while let Some(done) = running.join_next().await {
        match done {
            Ok(Ok(Some(Played::Played(_)))) => report.played += 1,
            Ok(Ok(Some(Played::Dropped))) => report.dropped += 1,
            // Claimed by another server first.
            Ok(Ok(None)) => {}
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "a bot's turn failed; retried once its lease lapses");
                report.failed += 1;
            }
            Err(e) => {
                tracing::warn!(error = %e, "a bot's turn panicked; retried once its lease lapses");
                report.failed += 1;
            }
        }
    }
    if report != BotReport::default() {
        tracing::info!(
            played = report.played,
            dropped = report.dropped,
            failed = report.failed,
            "bot pass"
        );
    }
    Ok(report)
}

/// Claim `wait`, read the seat's task, think, and play: `None` when another server
/// claimed it first.
async fn one(state: &Arc<AppState>, wait: BotWait) -> ApiResult<Option<Played>> {
    let now = state.clock.now_naive();
    let owner = state.time.owner.clone();
    let app = state.clone();
    // The claim and the read, with a pooled connection given back before the bot thinks.
    let task = state
        .db
        .lease(move |lease| {
            let claimed = {
                let _w = app.db.one_writer();
                crate::store::bots::claim(lease.conn()?, &wait, &owner, now, now + LEASE)?
            };
            if !claimed {
                return Ok(None);
            }
            Ok(Some(bots::task(lease.conn()?, &app, &wait)?))
        })
        .await?;
    let task = match task {
        None => return Ok(None),
        Some(None) => return Ok(Some(Played::Dropped)),
        Some(Some(task)) => task,
    };
    let turn = think(state, &task).await?;
    let played = bots::play(state.clone(), &task, turn).await?;
    if let Played::Played(seq) = played {
        tracing::info!(game.id = %task.game_id, seat = task.seat, seq, source = task.source, level = task.level.name(), "a bot played");
    }
    Ok(Some(played))
}

/// The bot's turn, thought on a blocking thread within the hard bound; past it, a random
/// legal turn (cheap) instead. The thread that overran still ends by its budget.
async fn think(state: &AppState, task: &Task) -> ApiResult<serde_json::Value> {
    let budget = bots::budget(task.seats);
    let thinking = {
        let task = task.clone();
        crate::error::blocking(move || bots::think(&task, budget))
    };
    match tokio::time::timeout(state.bots.think_cap, thinking).await {
        Ok(turn) => turn,
        Err(_) => {
            tracing::warn!(game.id = %task.game_id, seat = task.seat, "a bot thought past its bound; it plays at random");
            let task = Task {
                level: ::games::bots::Level::Random,
                ..task.clone()
            };
            crate::error::blocking(move || bots::think(&task, budget)).await
        }
    }
}
