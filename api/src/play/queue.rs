//! Turns queued in advance: a seat sets the turn(s) it will play before it is its turn (in
//! Dreams up to all of its remaining stars of the round, in Gods one whole turn), lists
//! them and withdraws them; when its turn comes, the first is played at once if it is still
//! legal, in the transaction of the act that made it the seat's turn ([`due`], called by
//! the turn driver's write, `crate::play::turn`, which a timeout's pass takes too).
//! `docs/players/queued.md` says it for players.
//!
//! Owns: what may be queued and when (the engine judges the turns as far as the seat's
//! own knowledge goes, `Game::check_queued`), and what happens to a queue when its turn
//! comes: played, or dropped whole with the reason in the seat's your-turn mail.
//! Must not: show a queue to anyone but its seat: it is read only by that seat's own
//! requests and by the write that plays it, never by a view, the log, events or another
//! seat's mail or errors.

use super::turn::{notation_error, prepare_with, turn_error, Prepared, TurnContext, TurnInput};
use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::state::AppState;
use crate::store::games::SeatedPlayer;
use crate::store::models::{Game, RUNNING, SOURCE_QUEUED};
use crate::store::outbox::NewMail;
use crate::store::queue::{self as store, Queued};
use crate::store::{DbConn, StoreError};
use ::games::registry::{AnyGame, TurnError};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Value};

/// The most queued turns one act lets play after it, one after the other: a guard only
/// (each passes the turn on, and the queues they come from are bounded by the seats'
/// remaining turns).
pub const MAX_CHAIN: usize = 64;

/// A seat's queue as its player sees it.
#[derive(Debug, Clone, Serialize)]
pub struct QueueView {
    pub game_id: String,
    pub seat: usize,
    /// The game's sequence the queue was judged on.
    pub seq: i64,
    /// How many turns the seat may queue now (0 while it is its turn, or once the game
    /// is over).
    pub limit: usize,
    pub turns: Vec<QueuedTurn>,
}

/// One queued turn, in the order they are played.
#[derive(Debug, Clone, Serialize)]
pub struct QueuedTurn {
    /// 1 for the turn played first.
    pub position: usize,
    pub turn: Value,
    pub notation: String,
    pub queued_at: DateTime<Utc>,
}

/// The game of `game_id` for its player `user_id`, with their seat: a game one may not see
/// is a 404, a spectator gets 403 `not_a_player`, a game not started 409.
fn seat_of(conn: &mut DbConn, game_id: &str, user_id: &str) -> ApiResult<(Table, usize)> {
    let table = Table::load_for(conn, game_id, user_id)?;
    if !table.is_player(user_id) {
        return Err(ApiError::forbidden(
            "not_a_player",
            "only the game's players have a queue",
        ));
    }
    let seat = table.seat_of(user_id).ok_or_else(|| {
        ApiError::conflict("game_not_started", "the game has not started: no seat yet")
    })?;
    Ok((table, seat))
}

fn seat_i(seat: usize) -> ApiResult<i64> {
    i64::try_from(seat).map_err(ApiError::internal)
}

/// How many turns the seat may queue in the game as it is: none while it is its turn (it
/// plays instead), nor for a seat that left, nor once the game is over.
fn limit_of(table: &Table, engine: &dyn AnyGame, seat: usize, user_id: &str) -> usize {
    let out = table
        .players
        .iter()
        .any(|p| p.seat.user_id == user_id && p.seat.forfeited_at.is_some());
    if table.game.status != RUNNING || out || table.to_act().contains(&seat) {
        0
    } else {
        engine.queue_limit(seat)
    }
}

fn view_of(table: &Table, seat: usize, limit: usize, rows: Vec<Queued>) -> QueueView {
    QueueView {
        game_id: table.game.id.clone(),
        seat,
        seq: table.game.seq,
        limit,
        turns: rows
            .into_iter()
            .enumerate()
            .map(|(i, q)| QueuedTurn {
                position: i + 1,
                turn: serde_json::from_str(&q.turn).unwrap_or(Value::Null),
                notation: q.notation,
                queued_at: q.created_at.and_utc(),
            })
            .collect(),
    }
}

/// `user_id`'s queue in `game_id`.
pub fn list(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
) -> ApiResult<QueueView> {
    let (table, seat) = seat_of(conn, game_id, user_id)?;
    let limit = if table.game.status == RUNNING {
        limit_of(&table, &*table.engine(&app.hot)?, seat, user_id)
    } else {
        0
    };
    let rows = store::of_seat(conn, game_id, seat_i(seat)?)?;
    Ok(view_of(&table, seat, limit, rows))
}

/// `user_id` queues `turns` in `game_id`, replacing their queue (an empty list withdraws
/// it). `expected_seq`: the sequence the client judged them on (409 `stale_seq` when the
/// game moved on); without it the queue is judged on the game as it is, again if a turn
/// lands meanwhile. Refused: 409 `your_turn_now` while it is the seat's turn (it plays
/// instead), 409 `game_over`, 422 `queue_too_long` beyond the seat's limit, and a turn
/// the rules refuse already (as far as the seat can know: the engine's `check_queued`)
/// with its `index` (0-based) and the rule, as a turn's refusal.
pub fn set(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    expected_seq: Option<i64>,
    turns: &[TurnInput],
) -> ApiResult<QueueView> {
    let _one_writer = app.db.one_writer();
    // A client that named no sequence asked for the game as it is: when a turn lands while
    // the queue is judged (another server, a bot), judge it again on the new game.
    let mut tries = 0;
    loop {
        match set_in(conn, app, game_id, user_id, expected_seq, turns) {
            Err(e) if e.code() == "stale_seq" && expected_seq.is_none() && tries < 3 => {
                tries += 1;
            }
            done => return done,
        }
    }
}

/// [`set`] inside a write the caller holds the writer for (a reply by mail that plays a
/// turn and queues the next ones: both in the turn's transaction).
pub fn set_in(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    expected_seq: Option<i64>,
    turns: &[TurnInput],
) -> ApiResult<QueueView> {
    let (table, seat) = seat_of(conn, game_id, user_id)?;
    if table.game.status != RUNNING {
        return Err(ApiError::conflict("game_over", "the game is over"));
    }
    if let Some(expected) = expected_seq {
        if expected != table.game.seq {
            return Err(stale(table.game.seq));
        }
    }
    if turns.is_empty() {
        store::clear(conn, game_id, seat_i(seat)?)?;
        return Ok(view_of(
            &table,
            seat,
            limit_now(app, &table, seat, user_id)?,
            Vec::new(),
        ));
    }
    if table.to_act().contains(&seat) {
        return Err(ApiError::conflict(
            "your_turn_now",
            "it is your turn now: play it (POST /games/{id}/turns) rather than queue it",
        )
        .with("current_seq", table.game.seq));
    }
    let engine = table.engine(&app.hot)?;
    let limit = limit_of(&table, &*engine, seat, user_id);
    if turns.len() > limit {
        return Err(ApiError::unprocessable(
            "queue_too_long",
            format!(
                "at most {limit} turn(s) may be queued now, not {}",
                turns.len()
            ),
        )
        .said(
            "problem-queue-limit",
            vec![("limit", limit.into()), ("count", turns.len().into())],
        )
        .with("limit", limit));
    }
    let kind = table.kind()?;
    let mut read = Vec::with_capacity(turns.len());
    for (i, input) in turns.iter().enumerate() {
        let turn = match input {
            TurnInput::Json(v) => kind.read_turn(v).map_err(turn_error),
            TurnInput::Notation(text) => kind.parse_turn(text).map_err(notation_error),
        }
        .map_err(|e| e.with("index", i))?;
        let notation = kind
            .format_turn(&turn)
            .map_err(|e| turn_error(e).with("index", i))?;
        read.push((turn, notation));
    }
    let values: Vec<Value> = read.iter().map(|(t, _)| t.clone()).collect();
    engine
        .check_queued(seat, &values)
        .map_err(|(i, e)| turn_error(e).with("index", i))?;
    let rows: Vec<(String, String)> = read
        .iter()
        .map(|(t, n)| (t.to_string(), n.clone()))
        .collect();
    let at = app.clock.now_naive();
    if !store::replace_at(
        conn,
        game_id,
        table.game.seq,
        seat_i(seat)?,
        user_id,
        &rows,
        at,
    )? {
        // A turn landed meanwhile: the queue was judged on a game that is gone.
        let current =
            crate::store::games::game_head(conn, game_id)?.map_or(table.game.seq + 1, |g| g.seq);
        return Err(stale(current));
    }
    tracing::info!(game.id = %game_id, seat, turns = rows.len(), "turns queued");
    let stored = store::of_seat(conn, game_id, seat_i(seat)?)?;
    Ok(view_of(&table, seat, limit, stored))
}

fn limit_now(app: &AppState, table: &Table, seat: usize, user_id: &str) -> ApiResult<usize> {
    Ok(limit_of(table, &*table.engine(&app.hot)?, seat, user_id))
}

fn stale(current: i64) -> ApiError {
    ApiError::conflict(
        "stale_seq",
        format!("the game has moved on: it is at sequence {current}"),
    )
    .said("problem-queue-stale-seq", vec![("current", current.into())])
    .with("current_seq", current)
}

/// `user_id` withdraws their whole queue in `game_id`: how many turns it held.
pub fn withdraw(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
) -> ApiResult<usize> {
    let _one_writer = app.db.one_writer();
    let (_, seat) = seat_of(conn, game_id, user_id)?;
    Ok(store::clear(conn, game_id, seat_i(seat)?)?)
}

/// The game right after a turn was written, in the turn's transaction.
pub struct After<'a> {
    pub game: &'a Game,
    pub players: &'a [SeatedPlayer],
    pub engine: &'a dyn AnyGame,
    /// The seats that waited before the turn and still wait.
    pub told: &'a [usize],
}

/// After a turn (in its transaction, before its mail is written): the queued turn due
/// now, ready to write, if the turn made it the turn of one seat (not seats acting at
/// once) that has a queue and the first queued turn is legal in the game as it is. Then
/// that seat's your-turn mail is taken out of `mails` (it is playing), and its queued
/// turn leaves the queue. If that turn is no longer legal, the seat's whole queue is
/// dropped and its your-turn mail says which turn and why.
pub fn due(
    conn: &mut DbConn,
    ctx: &TurnContext,
    after: After<'_>,
    mails: &mut Vec<NewMail>,
) -> Result<Option<Prepared>, StoreError> {
    if after.engine.is_over() {
        return Ok(None);
    }
    let [seat] = after.engine.to_act()[..] else {
        return Ok(None);
    };
    if after.told.contains(&seat) {
        return Ok(None);
    }
    let Ok(seat_i) = i64::try_from(seat) else {
        return Ok(None);
    };
    let queue = store::of_seat(conn, &after.game.id, seat_i)?;
    let Some(first) = queue.first() else {
        return Ok(None);
    };
    let player = after.players.iter().find(|p| p.seat.seat == Some(seat_i));
    let present = player.is_some_and(|p| {
        p.seat.user_id == first.user_id
            && p.seat.resigned_at.is_none()
            && p.seat.forfeited_at.is_none()
    });
    if !present {
        // A seat whose player left (or is another now) plays nothing queued.
        store::clear(conn, &after.game.id, seat_i)?;
        return Ok(None);
    }
    let refused = match serde_json::from_str::<Value>(&first.turn) {
        Err(e) => Err((None, format!("the queued turn could not be read: {e}"))),
        Ok(turn) => match after.engine.apply(seat, &turn) {
            Err(TurnError::Rule(r)) => Err((Some(r.rule), r.message)),
            Err(other) => Err((None, turn_error(other).detail().to_string())),
            Ok(_) => Ok(turn),
        },
    };
    let turn = match refused {
        Ok(turn) => turn,
        Err((rule, message)) => {
            store::clear(conn, &after.game.id, seat_i)?;
            tell_dropped(mails, first, queue.len(), rule, &message);
            tracing::info!(game.id = %after.game.id, seat, "a queued turn was no longer legal; the queue was dropped");
            return Ok(None);
        }
    };
    let table = Table {
        game: after.game.clone(),
        players: after.players.to_vec(),
        deadlines: Vec::new(),
        hot: None,
        tail: None,
    };
    match prepare_with(
        ctx,
        &table,
        after.engine,
        seat,
        &first.user_id,
        &turn,
        SOURCE_QUEUED,
    ) {
        Ok(prepared) => {
            store::remove(conn, &after.game.id, seat_i, first.position)?;
            mails.retain(|m| {
                !(m.template == "your_turn" && m.user_id.as_deref() == Some(&first.user_id))
            });
            Ok(Some(prepared))
        }
        Err(e) => {
            store::clear(conn, &after.game.id, seat_i)?;
            tell_dropped(mails, first, queue.len(), None, e.detail());
            Ok(None)
        }
    }
}

/// Put why the queue was dropped into the seat's your-turn mail (the only mail that goes
/// to it alone now): the worker adds it to the words it renders then.
fn tell_dropped(
    mails: &mut [NewMail],
    first: &Queued,
    count: usize,
    rule: Option<String>,
    message: &str,
) {
    let dropped = json!({
        "notation": first.notation,
        "count": count,
        "rule": rule,
        "message": message,
    });
    for m in mails
        .iter_mut()
        .filter(|m| m.template == "your_turn" && m.user_id.as_deref() == Some(&first.user_id))
    {
        m.data = json!({ "queue_dropped": dropped });
    }
}

/// A queue in words, for the answer to a reply by mail: one line per turn, or that it is
/// empty.
pub fn in_words(view: &QueueView) -> Vec<String> {
    if view.turns.is_empty() {
        return vec!["Your queue is empty: nothing will be played for you.".to_string()];
    }
    view.turns
        .iter()
        .map(|t| format!("{}. {}", t.position, t.notation))
        .collect()
}
