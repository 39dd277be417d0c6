//! The events a game's moves cause, for the event streams (`docs/clients/stream.md`), built in
//! the transaction that writes the move and written with it (`crate::store::events`).
//!
//! Owns: which events an act causes, and what each reader is told. An event never carries
//! what its reader may not see: a user's event is built for that user (`your_turn` goes
//! to the seat's own user only), a game's event for anyone who may read the game
//! (sequence numbers, seats, the outcome, table talk; never a turn's content or a view,
//! which the reader fetches with its own rights: `GET /games/{id}`, `/log`).
//! Must not: write anything but events, or wake streams (the act does, after its commit).

use crate::store::deadlines;
use crate::store::events::{self, NewEvent, Wake};
use crate::store::games::{self as store, SeatedPlayer};
use crate::store::models::{Game, Message};
use crate::store::{accounts, DbConn, StoreError};
use chrono::NaiveDateTime;
use serde_json::{json, Value};

fn event(
    user: Option<&str>,
    game_id: &str,
    kind: &str,
    mut data: Value,
    at: NaiveDateTime,
) -> NewEvent {
    data["type"] = json!(kind);
    data["game_id"] = json!(game_id);
    data["at"] = json!(at.and_utc());
    NewEvent {
        user_id: user.map(str::to_string),
        game_id: Some(game_id.to_string()),
        kind: kind.to_string(),
        data: data.to_string(),
        created_at: at,
    }
}

fn user_of(players: &[SeatedPlayer], seat: usize) -> Option<&str> {
    players
        .iter()
        .find(|p| p.seat.seat.and_then(|s| usize::try_from(s).ok()) == Some(seat))
        .map(|p| p.seat.user_id.as_str())
}

/// `your_turn` for each seat of `seats`, to its own user, with its deadline: from `due`
/// (seat, due), when the caller knows them, else read.
fn your_turns(
    conn: &mut DbConn,
    game: &Game,
    players: &[SeatedPlayer],
    seats: &[usize],
    at: NaiveDateTime,
    due: Option<&[(i64, NaiveDateTime)]>,
) -> Result<Vec<NewEvent>, StoreError> {
    if seats.is_empty() {
        return Ok(Vec::new());
    }
    let clocks: Vec<(i64, NaiveDateTime)> = match due {
        Some(due) => due.to_vec(),
        None => deadlines::of_game(conn, &game.id)?
            .into_iter()
            .map(|d| (d.seat, d.due_at))
            .collect(),
    };
    Ok(seats
        .iter()
        .filter_map(|&seat| {
            let user = user_of(players, seat)?;
            let due = clocks
                .iter()
                .find(|(s, _)| usize::try_from(*s).ok() == Some(seat))
                .map(|(_, due)| due.and_utc());
            Some(event(
                Some(user),
                &game.id,
                "your_turn",
                json!({ "kind": game.kind, "seq": game.seq, "seat": seat, "deadline": due }),
                at,
            ))
        })
        .collect())
}

/// A game ended: `game_over` to each player and on the game's stream.
fn game_over(game: &Game, players: &[SeatedPlayer], at: NaiveDateTime) -> Vec<NewEvent> {
    let outcome: Value = game
        .outcome
        .as_deref()
        .and_then(|o| serde_json::from_str(o).ok())
        .unwrap_or(Value::Null);
    let data = json!({ "kind": game.kind, "seq": game.seq, "outcome": outcome });
    let mut out: Vec<NewEvent> = players
        .iter()
        .map(|p| {
            event(
                Some(&p.seat.user_id),
                &game.id,
                "game_over",
                data.clone(),
                at,
            )
        })
        .collect();
    out.push(event(None, &game.id, "game_over", data, at));
    out
}

/// Write the events of a turn just written (in its transaction, after the game row):
/// `turn` on the game's stream, `your_turn` to the seats that now wait (but `told`, who
/// already waited and were told then; none when `tell` is false: the first half of a
/// pass the scheduler completes at once), and `game_over` when it ended the game.
/// `game` is the row as the turn left it, `players` its seats and `due` when the seats
/// that wait are due (all known to the writer of the turn: read again here, they cost
/// every turn three statements).
#[expect(
    clippy::too_many_arguments,
    reason = "what the writer of the turn knows, each read again otherwise"
)]
pub fn after_turn(
    conn: &mut DbConn,
    game: &Game,
    players: &[SeatedPlayer],
    seat: usize,
    told: &[usize],
    tell: bool,
    at: NaiveDateTime,
    due: &[(i64, NaiveDateTime)],
) -> Result<Wake, StoreError> {
    let game_id = game.id.as_str();
    let to_act: Vec<usize> = serde_json::from_str(&game.to_act).unwrap_or_default();
    let over = game.outcome.is_some();
    let mut batch = vec![event(
        None,
        game_id,
        "turn",
        json!({ "kind": game.kind, "seq": game.seq, "seat": seat, "to_act": to_act, "status": game.status }),
        at,
    )];
    if over {
        batch.extend(game_over(game, players, at));
    } else if tell {
        let newly: Vec<usize> = to_act
            .iter()
            .copied()
            .filter(|s| !told.contains(s))
            .collect();
        batch.extend(your_turns(conn, game, players, &newly, at, Some(due))?);
    }
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// Write the events of a game that ended without a turn (aborted before anyone moved, in
/// its transaction): `game_over` to each player and on the game's stream, as a last turn
/// would. `game` is the row as the abort left it.
pub fn after_abort(
    conn: &mut DbConn,
    game: &Game,
    players: &[SeatedPlayer],
    at: NaiveDateTime,
) -> Result<Wake, StoreError> {
    let batch = game_over(game, players, at);
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// Write the events of a game that just started (in its transaction): `game_started` to
/// each player and on the game's stream, `your_turn` to the seats that act first.
pub fn after_start(conn: &mut DbConn, game: &Game, at: NaiveDateTime) -> Result<Wake, StoreError> {
    let players = store::players(conn, &game.id)?;
    let to_act: Vec<usize> = serde_json::from_str(&game.to_act).unwrap_or_default();
    let mut batch: Vec<NewEvent> = players
        .iter()
        .map(|p| {
            event(
                Some(&p.seat.user_id),
                &game.id,
                "game_started",
                json!({ "kind": game.kind, "seat": p.seat.seat, "to_act": to_act }),
                at,
            )
        })
        .collect();
    batch.push(event(
        None,
        &game.id,
        "game_started",
        json!({ "kind": game.kind, "to_act": to_act }),
        at,
    ));
    batch.extend(your_turns(conn, game, &players, &to_act, at, None)?);
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// Write `invited` for the confirmed owner of `email`, if an account has it confirmed (an
/// invitation is taken by the confirmed owner of the address only).
pub fn after_invite(
    conn: &mut DbConn,
    game: &Game,
    email: &str,
    invited_by: &str,
    at: NaiveDateTime,
) -> Result<Wake, StoreError> {
    let Some(user) = accounts::user_by_email(conn, email)? else {
        return Ok(Wake::default());
    };
    if accounts::confirmed_email(conn, &user.id)?.as_deref() != Some(email) {
        return Ok(Wake::default());
    }
    let by = accounts::user_by_id(conn, invited_by)?.map(|u| u.display_name);
    let batch = [event(
        Some(&user.id),
        &game.id,
        "invited",
        json!({ "kind": game.kind, "seats": game.seat_count, "invited_by": by }),
        at,
    )];
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// Write `message` (table talk, which anyone who may read the game reads) to the other
/// players and on the game's stream.
pub fn after_message(
    conn: &mut DbConn,
    m: &Message,
    display_name: &str,
    players: &[SeatedPlayer],
) -> Result<Wake, StoreError> {
    let data = json!({
        "message_id": m.id,
        "user_id": m.user_id,
        "display_name": display_name,
        "seat": m.seat,
        "at_seq": m.at_seq,
        "body": m.body,
    });
    let mut batch: Vec<NewEvent> = players
        .iter()
        .filter(|p| p.seat.user_id != m.user_id)
        .map(|p| {
            event(
                Some(&p.seat.user_id),
                &m.game_id,
                "message",
                data.clone(),
                m.created_at,
            )
        })
        .collect();
    batch.push(event(None, &m.game_id, "message", data, m.created_at));
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// Why a seat dropped out of a running game, and the event that tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DroppedOut {
    /// Its player resigned (`resigned`).
    Resigned,
    /// Its time ran out under the game's `forfeit` policy (`forfeited`).
    Forfeited,
}

impl DroppedOut {
    fn kind(self) -> &'static str {
        match self {
            DroppedOut::Resigned => "resigned",
            DroppedOut::Forfeited => "forfeited",
        }
    }
}

/// Write `resigned` or `forfeited` (in the transaction that drops the seat out): to the
/// other players and on the game's stream, naming the seat and its player. `game` is the
/// row as it is now (the sequence it happened at).
pub fn after_dropping_out(
    conn: &mut DbConn,
    game: &Game,
    players: &[SeatedPlayer],
    seat: i64,
    why: DroppedOut,
    at: NaiveDateTime,
) -> Result<Wake, StoreError> {
    let Some(who) = players.iter().find(|p| p.seat.seat == Some(seat)) else {
        return Ok(Wake::default());
    };
    let data = json!({
        "kind": game.kind,
        "seq": game.seq,
        "seat": seat,
        "display_name": who.display_name,
    });
    let mut batch: Vec<NewEvent> = players
        .iter()
        .filter(|p| p.seat.user_id != who.seat.user_id)
        .map(|p| {
            event(
                Some(&p.seat.user_id),
                &game.id,
                why.kind(),
                data.clone(),
                at,
            )
        })
        .collect();
    batch.push(event(None, &game.id, why.kind(), data, at));
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// Write `game_deleted` (in the deletion's transaction, before the game's row goes: the
/// events outlive it): to the players who joined, but the creator who deleted it, and on
/// the game's stream.
pub fn after_delete(
    conn: &mut DbConn,
    game: &Game,
    players: &[SeatedPlayer],
    deleted_by: &str,
    at: NaiveDateTime,
) -> Result<Wake, StoreError> {
    let data = json!({ "kind": game.kind, "deleted_by": deleted_by });
    let mut batch: Vec<NewEvent> = players
        .iter()
        .filter(|p| p.seat.user_id != game.created_by)
        .map(|p| {
            event(
                Some(&p.seat.user_id),
                &game.id,
                "game_deleted",
                data.clone(),
                at,
            )
        })
        .collect();
    batch.push(event(None, &game.id, "game_deleted", data, at));
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}

/// What a player did to a finished game's rematch, and the event that tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RematchNews {
    /// A player proposed it (`rematch_proposed`).
    Proposed,
    /// A player accepted it, others still to (`rematch_accepted`).
    Accepted,
    /// The last acceptance started it (`rematch_started`).
    Started,
}

impl RematchNews {
    fn kind(self) -> &'static str {
        match self {
            RematchNews::Proposed => "rematch_proposed",
            RematchNews::Accepted => "rematch_accepted",
            RematchNews::Started => "rematch_started",
        }
    }
}

/// Write `rematch_proposed`, `rematch_accepted` or `rematch_started` (in the transaction of
/// the proposal or acceptance): to the finished game's other players (not its engine bots)
/// and on the finished game's stream, so that its open pages show the rematch. `game` is
/// the finished game; `by` the player who acted; `rematch_game_id` the new game.
pub fn after_rematch(
    conn: &mut DbConn,
    game: &Game,
    players: &[SeatedPlayer],
    by: &SeatedPlayer,
    news: RematchNews,
    rematch_game_id: &str,
    at: NaiveDateTime,
) -> Result<Wake, StoreError> {
    let data = json!({
        "kind": game.kind,
        "rematch_game_id": rematch_game_id,
        "user_id": by.seat.user_id,
        "display_name": by.display_name,
    });
    let mut batch: Vec<NewEvent> = players
        .iter()
        .filter(|p| p.seat.bot.is_none() && p.seat.user_id != by.seat.user_id)
        .map(|p| {
            event(
                Some(&p.seat.user_id),
                &game.id,
                news.kind(),
                data.clone(),
                at,
            )
        })
        .collect();
    batch.push(event(None, &game.id, news.kind(), data, at));
    events::append(conn, &batch)?;
    Ok(Wake::of(&batch))
}
