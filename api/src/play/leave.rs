//! A player leaves a game: resigns a running one, aborts one nobody has moved in yet, or
//! deletes one that has not started (`docs/players/leaving.md`).
//!
//! Owns: who may do which and when, and the writes (one transaction each). A resigned
//! seat drops out exactly as on a forfeit (`docs/players/deadlines.md`): the scheduler plays its
//! pass turn whenever it must act, logged with the source `resign`; it never wins.
//! Must not: know how the request arrived; play a turn other than through the scheduler's
//! pass (`crate::play::timeout`).

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::outbox::compose::{self, TurnFacts};
use crate::play::events::DroppedOut;
use crate::state::AppState;
use crate::store::deadlines;
use crate::store::games as store;
use crate::store::models::{OPEN, OVER, RUNNING};
use crate::store::outbox::enqueue;
use crate::store::DbConn;
use serde_json::json;

/// The player of `user_id` resigns game `game_id`: their seat drops out (as on a forfeit)
/// and the service passes for it from now on (the scheduler, within a tick, if it must
/// act now). Returns the game after it.
pub fn resign(conn: &mut DbConn, app: &AppState, game_id: &str, user_id: &str) -> ApiResult<Table> {
    let table = Table::load_for(conn, game_id, user_id)?;
    let seat = running_seat(&table, user_id)?;
    let resigned = {
        let _w = app.db.one_writer();
        let now = app.clock.now_naive();
        crate::store::write_transaction::<_, ApiError, _>(conn, |conn| {
            if !deadlines::resign_seat(conn, game_id, seat, now)? {
                return Ok(None);
            }
            // The others hear of it on their streams (and the game's), in the same
            // transaction; the game's row as it is now, for the sequence.
            let game = store::game(conn, game_id)?
                .ok_or_else(|| ApiError::internal("a resigned game is gone"))?;
            Ok(Some(crate::play::events::after_dropping_out(
                conn,
                &game,
                &table.players,
                seat,
                DroppedOut::Resigned,
                now,
            )?))
        })?
    };
    // The seats changed: a turn is not checked on the row remembered before.
    app.hot.forget(game_id);
    let Some(wake) = resigned else {
        return Err(ApiError::conflict(
            "already_resigned",
            "you have resigned this game already",
        ));
    };
    app.streams.wake(wake);
    tracing::info!(game.id = %game_id, seat, "seat resigned");
    Table::load(conn, game_id)
}

/// Any seated player aborts a running game nobody has moved in yet: it ends at once, with
/// no winner (`outcome.aborted`, naming who aborted it), and the players are told as at
/// any game's end: `game_over` on the streams and the game-over mail. Returns the game
/// after it.
pub fn abort(conn: &mut DbConn, app: &AppState, game_id: &str, user_id: &str) -> ApiResult<Table> {
    let table = Table::load_for(conn, game_id, user_id)?;
    let seat = running_seat(&table, user_id)?;
    if table.game.seq > 0 {
        return Err(moved(table.game.seq));
    }
    let name = table
        .players
        .iter()
        .find(|p| p.seat.user_id == user_id)
        .map(|p| p.display_name.clone())
        .unwrap_or_default();
    let seats = usize::try_from(table.game.seat_count).unwrap_or(0);
    let outcome = json!({
        "scores": vec![0; seats],
        "winners": [],
        "reason": format!("aborted by {name} (seat {seat}) before anyone moved"),
        "aborted": true,
        "aborted_by": seat,
    });
    // The engine at sequence 0, for the game-over mail (its board and words).
    let engine = table.restore()?;
    let done = {
        let _w = app.db.one_writer();
        let now = app.clock.now_naive();
        crate::store::write_transaction::<_, ApiError, _>(conn, |conn| {
            if !store::abort_unmoved(conn, game_id, &outcome.to_string(), now)? {
                return Ok(None);
            }
            // Told as a last turn would tell it, in the same transaction: `game_over` on
            // the streams, and the game-over mail to every player who wants game mail.
            let game = store::game(conn, game_id)?
                .ok_or_else(|| ApiError::internal("an aborted game is gone"))?;
            let wake = crate::play::events::after_abort(conn, &game, &table.players, now)?;
            let facts = TurnFacts {
                game_id,
                game: &game,
                seq: game.seq,
                engine: engine.as_ref(),
                told: &[],
                events: &[],
                at: now,
                public_url: &app.public_url,
            };
            let mut mailed = false;
            for mail in compose::turn_mails(conn, &facts, None)? {
                mailed |= enqueue(conn, &mail)?;
            }
            Ok(Some((wake, mailed)))
        })?
    };
    let Some((wake, mailed)) = done else {
        // A first turn landed meanwhile.
        let now = Table::load(conn, game_id)?;
        return Err(moved(now.game.seq));
    };
    app.hot.forget(game_id);
    app.streams.wake(wake);
    if mailed {
        crate::outbox::wake(app);
    }
    tracing::info!(game.id = %game_id, seat, "game aborted");
    Table::load(conn, game_id)
}

/// The creator deletes a game that has not started: it is gone, with its seats and
/// invitations.
pub fn delete(conn: &mut DbConn, app: &AppState, game_id: &str, user_id: &str) -> ApiResult<()> {
    let table = Table::load_for(conn, game_id, user_id)?;
    if table.game.created_by != user_id {
        return Err(ApiError::forbidden(
            "not_the_creator",
            "only the player who created the game may delete it",
        ));
    }
    if table.game.status != OPEN {
        return Err(started());
    }
    let (wake, mailed) = {
        let _w = app.db.one_writer();
        let now = app.clock.now_naive();
        crate::store::write_transaction::<_, ApiError, _>(conn, |conn| {
            // Who joined, read once the game's row is held (no join lands meanwhile),
            // and told before their seats go: `game_deleted` on their streams and the
            // game's, and the mail.
            if !store::lock_open(conn, game_id)? {
                return Err(started());
            }
            let game = store::game(conn, game_id)?
                .ok_or_else(|| ApiError::internal("a game being deleted is gone"))?;
            let players = store::players(conn, game_id)?;
            let deleted_by = crate::store::accounts::user_by_id(conn, user_id)?
                .map(|u| u.display_name)
                .unwrap_or_default();
            let wake = crate::play::events::after_delete(conn, &game, &players, &deleted_by, now)?;
            let mut mailed = false;
            for mail in compose::deletion_mails(conn, &game, &deleted_by, &app.public_url, now)? {
                mailed |= enqueue(conn, &mail)?;
            }
            if !store::delete_open(conn, game_id)? {
                return Err(ApiError::internal("a held open game was not deleted"));
            }
            Ok((wake, mailed))
        })?
    };
    app.streams.wake(wake);
    if mailed {
        crate::outbox::wake(app);
    }
    tracing::info!(game.id = %game_id, "game deleted");
    Ok(())
}

/// The seat of `user_id` in a running game, or why not.
fn running_seat(table: &Table, user_id: &str) -> ApiResult<i64> {
    if !table.is_player(user_id) {
        return Err(ApiError::forbidden(
            "not_a_player",
            "you have no seat in this game",
        ));
    }
    match table.game.status.as_str() {
        RUNNING => {}
        OPEN => {
            return Err(ApiError::conflict(
                "game_not_started",
                "the game has not started: its creator may delete it",
            ))
        }
        OVER => return Err(ApiError::conflict("game_over", "the game is over")),
        _ => return Err(ApiError::conflict("game_over", "the game is not running")),
    }
    table
        .seat_of(user_id)
        .and_then(|s| i64::try_from(s).ok())
        .ok_or_else(|| ApiError::internal("a player of a running game has no seat"))
}

/// A game that started cannot be deleted.
fn started() -> ApiError {
    ApiError::conflict(
        "game_started",
        "the game has started: it cannot be deleted (abort it before anyone moves, or resign)",
    )
}

fn moved(seq: i64) -> ApiError {
    ApiError::conflict(
        "game_moved",
        format!("a turn has been played (the game is at sequence {seq}): resign instead"),
    )
    .said("problem-game-moved", vec![("seq", seq.into())])
    .with("current_seq", seq)
}
