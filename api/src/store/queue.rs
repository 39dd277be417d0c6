//! Turns a seat queued before its turn (`queued_turns`), in the order they are to be
//! played. Private to the seat: only the seat's own acts read them (`crate::play::queue`).
//!
//! Owns: the queries. Must not: judge a queued turn (the engine does, in `play`).

use super::schema::queued_turns;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// One queued turn: the engine's JSON and its notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    pub position: i64,
    pub user_id: String,
    pub turn: String,
    pub notation: String,
    pub created_at: NaiveDateTime,
}

/// The seat's queue, first to play first.
pub fn of_seat(conn: &mut DbConn, game_id: &str, seat: i64) -> Result<Vec<Queued>, StoreError> {
    let rows: Vec<(i64, String, String, String, NaiveDateTime)> = queued_turns::table
        .filter(queued_turns::game_id.eq(game_id))
        .filter(queued_turns::seat.eq(seat))
        .order(queued_turns::position.asc())
        .select((
            queued_turns::position,
            queued_turns::user_id,
            queued_turns::turn,
            queued_turns::notation,
            queued_turns::created_at,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(position, user_id, turn, notation, created_at)| Queued {
            position,
            user_id,
            turn,
            notation,
            created_at,
        })
        .collect())
}

/// [`replace`], if the game is still at sequence `seq` (the one the turns were judged
/// on): `false` if it moved on. The game's row is locked (updated to itself) first, so a
/// turn written at once by another server either lands before (and this one is refused)
/// or after, reading the new queue when it looks for a queued turn to play.
pub fn replace_at(
    conn: &mut DbConn,
    game_id: &str,
    seq: i64,
    seat: i64,
    user_id: &str,
    turns: &[(String, String)],
    at: NaiveDateTime,
) -> Result<bool, StoreError> {
    use super::schema::games;
    crate::store::write_transaction(conn, |conn| {
        let held = diesel::update(
            games::table
                .filter(games::id.eq(game_id))
                .filter(games::seq.eq(seq)),
        )
        .set(games::seq.eq(seq))
        .execute(conn)?;
        if held == 0 {
            return Ok(false);
        }
        replace(conn, game_id, seat, user_id, turns, at)?;
        Ok(true)
    })
}

/// Make `turns` (JSON, notation) the seat's whole queue, replacing what it held.
pub fn replace(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    user_id: &str,
    turns: &[(String, String)],
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    crate::store::write_transaction(conn, |conn| {
        clear(conn, game_id, seat)?;
        for (i, (turn, notation)) in turns.iter().enumerate() {
            diesel::insert_into(queued_turns::table)
                .values((
                    queued_turns::game_id.eq(game_id),
                    queued_turns::seat.eq(seat),
                    queued_turns::position.eq(i64::try_from(i).unwrap_or(i64::MAX)),
                    queued_turns::user_id.eq(user_id),
                    queued_turns::turn.eq(turn),
                    queued_turns::notation.eq(notation),
                    queued_turns::created_at.eq(at),
                ))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// Remove one queued turn (the first, once it is played). `false` if it was not there.
pub fn remove(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    position: i64,
) -> Result<bool, StoreError> {
    let n = diesel::delete(
        queued_turns::table
            .filter(queued_turns::game_id.eq(game_id))
            .filter(queued_turns::seat.eq(seat))
            .filter(queued_turns::position.eq(position)),
    )
    .execute(conn)?;
    Ok(n > 0)
}

/// Withdraw the seat's whole queue; how many turns it held.
pub fn clear(conn: &mut DbConn, game_id: &str, seat: i64) -> Result<usize, StoreError> {
    Ok(diesel::delete(
        queued_turns::table
            .filter(queued_turns::game_id.eq(game_id))
            .filter(queued_turns::seat.eq(seat)),
    )
    .execute(conn)?)
}
