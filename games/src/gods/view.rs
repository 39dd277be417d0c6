//! What a viewer sees (G-X4): everything but the order of the pile or bag.

use super::{Board, Gods, GodsOptions, PerColour, Phase, Tile};
use crate::game::{Game, Outcome, Seat, Viewer};
use serde::Serialize;

/// One god as everyone sees them.
#[derive(Debug, Clone, Serialize)]
pub struct GodView {
    pub seat: Seat,
    pub crystals: u8,
    pub temples_in_supply: u8,
    pub temples_on_board: usize,
    pub markers_in_supply: u8,
    pub markers_on_board: usize,
    pub villages: PerColour,
    pub vp: PerColour,
    pub extra_actions: u8,
}

/// A game of Gods as a viewer sees it. Built only from public facts: the pile appears as
/// a count, never as tiles.
#[derive(Debug, Clone, Serialize)]
pub struct GodsView {
    pub kind: &'static str,
    pub viewer: Viewer,
    pub options: GodsOptions,
    pub turn: u32,
    pub phase: Phase,
    /// `None` once the game is over.
    pub to_move: Option<Seat>,
    pub board: Board,
    pub display: Vec<Tile>,
    /// Tiles left in the pile or bag; their order (and where the game-end tile lies) is
    /// secret.
    pub tiles_remaining: usize,
    /// Tiles out of the game (discarded or played).
    pub removed: Vec<Tile>,
    pub gods: Vec<GodView>,
    pub village_supply: PerColour,
    pub vp_supply: PerColour,
    pub outcome: Option<Outcome>,
}

pub(crate) fn view(game: &Gods, viewer: Viewer) -> GodsView {
    GodsView {
        kind: Gods::KIND,
        viewer,
        options: game.options.clone(),
        turn: game.turn_number,
        phase: game.phase,
        to_move: (game.phase != Phase::Over).then_some(game.to_move),
        board: game.board.clone(),
        display: game.display.clone(),
        tiles_remaining: game.pile.len(),
        removed: game.removed.clone(),
        gods: game
            .gods
            .iter()
            .enumerate()
            .map(|(seat, g)| GodView {
                seat,
                crystals: g.crystals,
                temples_in_supply: g.temples,
                temples_on_board: game.board.temples_of(seat),
                markers_in_supply: g.markers,
                markers_on_board: game.board.markers_of(seat),
                villages: g.villages,
                vp: g.vp,
                extra_actions: g.extra_actions,
            })
            .collect(),
        village_supply: game.village_supply,
        vp_supply: game.vp_supply,
        outcome: game.outcome(),
    }
}
