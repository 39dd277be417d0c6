//! Bots at the table: seats the engine's bots play (a game created with bot seats) and
//! stand-ins (a seat whose time ran out under timeout policy `stand_in`).
//!
//! Owns: what a bot is handed and how its turn is played. A bot's input is a [`Task`]: the
//! seat's own view (as the engine writes it for that seat), the game's public options and
//! a seed made from public facts, never the game's state ([`task`]); it thinks on a
//! blocking thread with no database connection held ([`think`], bounded by a
//! [`Budget`]); its turn goes through the one turn path, [`crate::play::submit_turn_async`]
//! (expected sequence, idempotency key, log entry, clocks, mail, events), so a stale turn
//! is dropped like any other ([`play`]). Also: a stand-in starting and ending (the events
//! and mail that tell the table), and the model of a Dreams deck's images the engine's
//! bots need (in `crate::kinds::dreams`, re-exported here).
//! Must not: claim a turn or decide when a bot acts (the bot worker in
//! `crate::scheduler::bots` does); hand a bot anything but the seat's view.

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::kinds::Kind;
use crate::play::turn::{Submission, Submitted, TurnInput};
use crate::state::AppState;
use crate::store::bots::BotWait;
use crate::store::events::{NewEvent, Wake};
use crate::store::games::SeatedPlayer;
use crate::store::models::{Game, RUNNING, SOURCE_BOT, SOURCE_STAND_IN};
use crate::store::outbox::NewMail;
use crate::store::{DbConn, Lease, StoreError};
use ::games::bots::{Budget, Level};
use ::games::{Seed, Viewer};
use chrono::NaiveDateTime;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::sync::Arc;

pub use crate::kinds::dreams::standard_deck_features;

/// A level by its name in the API (`random`, `greedy`, `strong`).
pub fn level(name: &str) -> Option<Level> {
    Level::ALL.into_iter().find(|l| l.name() == name)
}

/// The display name of the `n`th engine bot of `level` at a table (from 1): `Greedy bot`,
/// then `Greedy bot 2`, … (how pages, mail and the log name it).
pub fn bot_name(level: Level, n: usize) -> String {
    let name = level.name();
    let mut title: String = name.chars().take(1).flat_map(char::to_uppercase).collect();
    title.push_str(name.get(1..).unwrap_or_default());
    if n <= 1 {
        format!("{title} bot")
    } else {
        format!("{title} bot {n}")
    }
}

/// Does a bot play one of `seats` (an engine bot's seat, or one a stand-in holds)? Then
/// the bot worker is woken once the act that made them wait has committed.
pub fn plays_any(players: &[SeatedPlayer], seats: &[usize]) -> bool {
    players.iter().any(|p| {
        (p.seat.bot.is_some() || p.seat.stand_in_at.is_some())
            && p.seat.forfeited_at.is_none()
            && p.seat
                .seat
                .and_then(|s| usize::try_from(s).ok())
                .is_some_and(|s| seats.contains(&s))
    })
}

/// Wake this server's bot worker (after a commit that made a bot's seat wait).
pub fn wake(app: &AppState) {
    app.bot_wake.notify_one();
}

/// What a bot thinks from: the seat's view and the game's options, which every player
/// sees, and a seed made from public facts. Never the game's state.
#[derive(Clone)]
pub struct Task {
    pub game_id: String,
    pub seat: usize,
    /// Seats at the table (a strong bot's budget depends on it).
    pub seats: usize,
    /// The sequence the seat must act at: the turn is based on it.
    pub seq: i64,
    /// Who plays: the engine bot user, or the absent player a stand-in plays for.
    pub user_id: String,
    /// [`SOURCE_BOT`] or [`SOURCE_STAND_IN`].
    pub source: &'static str,
    pub kind: &'static dyn Kind,
    /// The level it plays at (a custom Dreams deck's bots play at random).
    pub level: Level,
    pub options: Value,
    /// The seat's view, as the engine writes it for that seat.
    pub view: String,
    pub seed: Seed,
}

/// The bot's task for the wait `wait` (claimed by the caller), or `None` when there is
/// nothing to play: the game moved on, or the seat is no longer a bot's (its player took
/// it back).
pub fn task(conn: &mut DbConn, app: &AppState, wait: &BotWait) -> ApiResult<Option<Task>> {
    let table = Table::load(conn, &wait.game_id)?;
    task_of(&table, app, wait)
}

/// [`task`] on a loaded table.
pub fn task_of(table: &Table, app: &AppState, wait: &BotWait) -> ApiResult<Option<Task>> {
    let seat = usize::try_from(wait.seat).map_err(ApiError::internal)?;
    if table.game.status != RUNNING || table.game.seq != wait.seq || !table.to_act().contains(&seat)
    {
        return Ok(None);
    }
    let Some(player) = table
        .players
        .iter()
        .find(|p| p.seat.seat == Some(wait.seat))
    else {
        return Ok(None);
    };
    let (level_name, source) = match (&player.seat.bot, player.seat.stand_in_at) {
        (Some(level), _) => (level.as_str(), SOURCE_BOT),
        (None, Some(_)) => (table.game.stand_in_level.as_str(), SOURCE_STAND_IN),
        (None, None) => return Ok(None),
    };
    if player.seat.forfeited_at.is_some() {
        return Ok(None);
    }
    let kind = crate::kinds::of(&table.game.kind)
        .ok_or_else(|| ApiError::internal(format!("no kind {}", table.game.kind)))?;
    let options: Value = serde_json::from_str(&table.game.options).map_err(ApiError::internal)?;
    let level = level(level_name)
        .ok_or_else(|| ApiError::internal(format!("no bot level {level_name:?}")))?;
    let engine = table.engine(&app.hot)?;
    Ok(Some(Task {
        game_id: table.game.id.clone(),
        seat,
        seats: usize::try_from(table.game.seat_count).unwrap_or(1),
        seq: table.game.seq,
        user_id: player.seat.user_id.clone(),
        source,
        kind,
        level: kind.bot_level(&options, level),
        options,
        view: engine.view_json(Viewer::Seat(seat)),
        seed: bot_seed(&table.game.id, table.game.seq, seat),
    }))
}

/// A bot's seed: from the game's id, the sequence and the seat, all public (the game's
/// own seed is secret until the end, and the bot must not draw on it).
fn bot_seed(game_id: &str, seq: i64, seat: usize) -> Seed {
    let mut h = Sha256::new();
    h.update(b"hermes bot\0");
    h.update(game_id.as_bytes());
    h.update(seq.to_be_bytes());
    h.update(seat.to_be_bytes());
    Seed(h.finalize().into())
}

/// How long a strong bot may think, as a count of playouts: the engine's budget for the
/// table's size, under a second of one core a decision (`BENCHMARKS.md`, "Bots").
pub fn budget(seats: usize) -> Budget {
    Budget::for_seats(seats)
}

/// The bot's turn for `task`, in the engine's JSON. Pure work on the view: run it on a
/// blocking thread, holding no database connection.
pub fn think(task: &Task, budget: Budget) -> ApiResult<Value> {
    task.kind
        .bot_turn(&task.view, &task.options, task.level, budget, task.seed)
        .map_err(|e| ApiError::internal(format!("the bot could not think: {e}")))?
        .ok_or_else(|| ApiError::internal("the bot's seat had nothing to play"))
}

/// What became of a bot's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// Written: the game's new sequence.
    Played(i64),
    /// Not written, and nothing to retry: the game moved on, or the seat's player took it
    /// back while the bot thought.
    Dropped,
}

/// Play the bot's `turn` for `task` through the one turn path (as the seat's user, based
/// on the task's sequence, with an idempotency key of its own). A stale turn, or a
/// stand-in's turn for a seat its player took back meanwhile, is dropped.
pub async fn play(app: Arc<AppState>, task: &Task, turn: Value) -> ApiResult<Played> {
    let key = format!("bot:{}:{}:{}", task.game_id, task.seq, task.seat);
    let hash = hex::encode(Sha256::digest(turn.to_string().as_bytes()));
    let sub = Submission {
        game_id: task.game_id.clone(),
        user_id: task.user_id.clone(),
        expected_seq: task.seq,
        idempotency: Some((key, hash)),
        input: TurnInput::Json(turn),
        source: task.source,
        minimal: true,
    };
    let db = app.clone();
    let result = crate::play::submit_turn_async(app, sub, move |step| {
        let db = db.clone();
        async move {
            db.db
                .lease(move |lease: &mut crate::store::Pooled| step(lease as &mut dyn Lease))
                .await
        }
    })
    .await;
    match result {
        Ok(Submitted::Created { seq, .. }) => Ok(Played::Played(seq)),
        // The same turn, played already (a lease that lapsed while it was written).
        Ok(Submitted::Replayed(_)) => Ok(Played::Dropped),
        Err(e) if dropped(&e) => Ok(Played::Dropped),
        Err(e) => Err(e),
    }
}

/// The refusals that mean the bot's turn is not wanted any more.
fn dropped(e: &ApiError) -> bool {
    matches!(
        e.code(),
        "stale_seq" | "not_your_turn" | "game_over" | "resigned" | "idempotency_key_reused"
    ) || e.status() == ::http::StatusCode::CONFLICT
}

/// The events that tell the table a stand-in took seat `seat` (`stand_in_started`) or that
/// its player is back (`stand_in_ended`): to every player and on the game's stream.
pub fn stand_in_events(
    conn: &mut DbConn,
    game: &Game,
    players: &[SeatedPlayer],
    seat: i64,
    started: bool,
    at: NaiveDateTime,
) -> Result<Wake, StoreError> {
    let Some(who) = players.iter().find(|p| p.seat.seat == Some(seat)) else {
        return Ok(Wake::default());
    };
    let kind = if started {
        "stand_in_started"
    } else {
        "stand_in_ended"
    };
    let data = json!({
        "type": kind,
        "game_id": game.id,
        "at": at.and_utc(),
        "kind": game.kind,
        "seq": game.seq,
        "seat": seat,
        "display_name": who.display_name,
        "level": game.stand_in_level,
    });
    let mut batch: Vec<NewEvent> = players
        .iter()
        .filter(|p| p.seat.bot.is_none())
        .map(|p| NewEvent {
            user_id: Some(p.seat.user_id.clone()),
            game_id: Some(game.id.clone()),
            kind: kind.to_string(),
            data: data.to_string(),
            created_at: at,
        })
        .collect();
    batch.push(NewEvent {
        user_id: None,
        game_id: Some(game.id.clone()),
        kind: kind.to_string(),
        data: data.to_string(),
        created_at: at,
    });
    crate::store::events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// The player of `seat` took it back from its stand-in (by playing, or by asking): in the
/// caller's transaction, the mark cleared and the table told (events, and mail to the
/// other players). `false` if no stand-in held it.
pub fn end_stand_in(
    conn: &mut DbConn,
    public_url: &str,
    game: &Game,
    players: &[SeatedPlayer],
    seat: i64,
    at: NaiveDateTime,
) -> Result<Option<(Wake, Vec<NewMail>)>, StoreError> {
    if !crate::store::bots::end_stand_in(conn, &game.id, seat)? {
        return Ok(None);
    }
    let wake = stand_in_events(conn, game, players, seat, false, at)?;
    let mails =
        crate::outbox::compose::stand_in_mails(conn, game, players, seat, false, public_url, at)?;
    Ok(Some((wake, mails)))
}

/// `user_id` takes their seat in game `id` back from its stand-in (`DELETE
/// /games/{id}/stand-in`, the game page's button): the table is told, and the bot plays
/// no more for them. 409 `no_stand_in` when no stand-in holds their seat.
pub async fn take_back(state: &AppState, user_id: &str, id: String) -> ApiResult<Table> {
    let user = user_id.to_string();
    let public_url = state.public_url.clone();
    let at = state.clock.now_naive();
    let (table, wake) = state
        .db
        .write(move |conn| {
            let table = Table::load_for(conn, &id, &user)?;
            let Some(seat) = table.seat_of(&user) else {
                return Err(ApiError::forbidden(
                    "not_a_player",
                    "you have no seat in this game",
                ));
            };
            let seat = i64::try_from(seat).map_err(ApiError::internal)?;
            let ended = crate::store::write_transaction(conn, |conn| -> ApiResult<_> {
                let Some((wake, mails)) =
                    end_stand_in(conn, &public_url, &table.game, &table.players, seat, at)?
                else {
                    return Ok(None);
                };
                for mail in mails {
                    crate::store::outbox::enqueue(conn, &mail)?;
                }
                Ok(Some(wake))
            })?;
            let Some(wake) = ended else {
                return Err(ApiError::conflict(
                    "no_stand_in",
                    "no stand-in plays your seat: it is yours already",
                ));
            };
            Ok((Table::load(conn, &id)?, wake))
        })
        .await?;
    // The seats remembered with the game no longer say who plays this one.
    state.hot.forget(&table.game.id);
    state.streams.wake(wake);
    crate::outbox::wake(state);
    tracing::info!(game.id = %table.game.id, user.id = %user_id, "seat taken back from its stand-in");
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_are_named_by_level_and_numbered_from_the_second() {
        assert_eq!(bot_name(Level::Greedy, 1), "Greedy bot");
        assert_eq!(bot_name(Level::Strong, 2), "Strong bot 2");
        assert_eq!(bot_name(Level::Random, 3), "Random bot 3");
    }

    #[test]
    fn every_level_is_found_by_its_name() {
        for l in Level::ALL {
            assert_eq!(level(l.name()), Some(l));
        }
        assert_eq!(level("clever"), None);
    }

    #[test]
    fn a_strong_bot_thinks_less_at_a_fuller_table() {
        assert!(budget(2).playouts > budget(4).playouts);
        assert!(budget(6).playouts >= 40);
    }
}
