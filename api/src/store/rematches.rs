//! Rematches: a finished game's table proposed again, as a new game.
//!
//! Owns: the `rematches` rows (one per finished game, its key; a new game is the rematch
//! of one game at most) and finding the rematch a game is part of, either way.
//! Must not: decide who may propose or accept (`crate::play::rematch` does).

use super::schema::rematches;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A rematch as stored.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = rematches)]
pub struct Rematch {
    /// The finished game.
    pub game_id: String,
    /// The game that plays its table again.
    pub new_game_id: String,
    pub proposed_by: String,
    pub created_at: NaiveDateTime,
}

/// Record `r`; `false` when `r.game_id` has a rematch already (its first proposal won).
/// Runs in the caller's transaction; no caught unique violation (which would abort a
/// PostgreSQL transaction).
pub fn insert(conn: &mut DbConn, r: &Rematch) -> Result<bool, StoreError> {
    let insert = diesel::insert_into(rematches::table)
        .values(r)
        .on_conflict_do_nothing();
    let added = match conn {
        DbConn::Sqlite(c) => insert.execute(c)?,
        DbConn::Pg(c) => insert.execute(c)?,
    };
    Ok(added == 1)
}

/// The rematch of finished game `game_id`, if one was proposed.
pub fn of(conn: &mut DbConn, game_id: &str) -> Result<Option<Rematch>, StoreError> {
    Ok(rematches::table
        .find(game_id)
        .select(Rematch::as_select())
        .first(conn)
        .optional()?)
}

/// The rematch `game_id` is part of: as the finished game or as the new one.
pub fn involving(conn: &mut DbConn, game_id: &str) -> Result<Option<Rematch>, StoreError> {
    Ok(rematches::table
        .filter(
            rematches::game_id
                .eq(game_id)
                .or(rematches::new_game_id.eq(game_id)),
        )
        .select(Rematch::as_select())
        .first(conn)
        .optional()?)
}

/// The game `game_id` is a rematch of, if it is one.
pub fn rematch_of(conn: &mut DbConn, game_id: &str) -> Result<Option<Rematch>, StoreError> {
    Ok(rematches::table
        .filter(rematches::new_game_id.eq(game_id))
        .select(Rematch::as_select())
        .first(conn)
        .optional()?)
}
