//! "Since your last visit", per account: the last sequence number of each game its page
//! showed a signed-in reader.
//!
//! Owns: the `game_visits` rows (one per reader and game; a row only grows, so a page
//! rendered late never takes back what a newer one showed).
//! Must not: decide who is remembered here and who by a cookie (`crate::http::play`
//! does: the reader's own session).

use super::schema::game_visits;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// The last sequence number of `game_id` shown to `user_id`, if any was.
pub fn last_seen(
    conn: &mut DbConn,
    user_id: &str,
    game_id: &str,
) -> Result<Option<i64>, StoreError> {
    Ok(game_visits::table
        .find((user_id, game_id))
        .select(game_visits::seq)
        .first::<i64>(conn)
        .optional()?)
}

/// `user_id` was shown `game_id` at `seq`: remembered, unless a later sequence already is.
/// Runs in the caller's transaction; no caught unique violation (which would abort a
/// PostgreSQL transaction).
pub fn record(
    conn: &mut DbConn,
    user_id: &str,
    game_id: &str,
    seq: i64,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    let moved = diesel::update(game_visits::table.find((user_id, game_id)))
        .filter(game_visits::seq.lt(seq))
        .set((game_visits::seq.eq(seq), game_visits::visited_at.eq(at)))
        .execute(conn)?;
    if moved == 0 {
        let insert = diesel::insert_into(game_visits::table)
            .values((
                game_visits::user_id.eq(user_id),
                game_visits::game_id.eq(game_id),
                game_visits::seq.eq(seq),
                game_visits::visited_at.eq(at),
            ))
            .on_conflict_do_nothing();
        match conn {
            DbConn::Sqlite(c) => insert.execute(c)?,
            DbConn::Pg(c) => insert.execute(c)?,
        };
    }
    Ok(())
}
