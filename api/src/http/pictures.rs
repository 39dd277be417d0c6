//! What the pictures of a game are drawn from, for the JSON pictures (`board.rs`) and the
//! pages alike: the kind's drawing of a view, with what the store holds for it.

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::kinds::Drawing;
use crate::state::AppState;
use ::games::gods::view::GodsView;

/// The kind's drawing of `view` (the game at log sequence `seq`) for a page, with what
/// the store holds for it (a custom deck's card pictures) read through a connection of
/// the pool.
pub async fn drawing(
    state: &AppState,
    table: &Table,
    view: serde_json::Value,
    seq: i64,
) -> ApiResult<Box<dyn Drawing>> {
    let kind = crate::kinds::of(&table.game.kind)
        .ok_or_else(|| ApiError::internal(format!("no kind {}", table.game.kind)))?;
    let turns = Some(crate::game::board_turns(seq));
    let mut board = kind.drawing(view, turns).map_err(|e| {
        ApiError::not_found("no_board", format!("this game has no board picture: {e}"))
    })?;
    if board.reads_store() {
        board = state
            .db
            .conn(move |conn| {
                board.read_store(conn)?;
                Ok(board)
            })
            .await?;
    }
    Ok(board)
}

/// A view (JSON) as a Gods view.
pub fn gods_view(value: serde_json::Value) -> ApiResult<GodsView> {
    serde_json::from_value(value).map_err(|e| {
        ApiError::not_found("no_board", format!("this game has no board picture: {e}"))
    })
}
