//! What a viewer sees (G-X4): everything but the order of the pile or bag.

use super::{Board, God, Gods, GodsOptions, PerColour, Phase, Tile, STATE_FORMAT};
use crate::game::{Game, Outcome, Seat, Viewer};
use crate::rng::{Rng, Seed};
use serde::{Deserialize, Serialize};

/// One god as everyone sees them.
#[derive(Debug, Clone, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GodsView {
    pub kind: String,
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
        kind: Gods::KIND.to_string(),
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

impl Gods {
    /// A game rebuilt from what a viewer sees, for clients that want to try turns locally
    /// (what-if planning, bots, load generators). Everything a turn's legality depends on
    /// is public (G-X4), so `apply` and `legal` on it judge the next turn exactly as the
    /// server will. The pile is unknown: the rebuilt game holds an empty pile, so what
    /// happens after the turn (the refill for the next god) differs from the server's.
    pub fn from_view(view: &GodsView) -> Gods {
        Gods {
            format: STATE_FORMAT,
            options: view.options.clone(),
            rng: Rng::from_seed(&Seed([0; 32])),
            pile: Vec::new(),
            display: view.display.clone(),
            board: view.board.clone(),
            gods: view
                .gods
                .iter()
                .map(|g| God {
                    crystals: g.crystals,
                    temples: g.temples_in_supply,
                    markers: g.markers_in_supply,
                    villages: g.villages,
                    vp: g.vp,
                    extra_actions: g.extra_actions,
                })
                .collect(),
            village_supply: view.village_supply,
            vp_supply: view.vp_supply,
            removed: view.removed.clone(),
            to_move: view.to_move.unwrap_or(0),
            phase: view.phase,
            turn_number: view.turn,
            end: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, Viewer};
    use crate::gods::random::random_turn;
    use crate::gods::Gods;
    use crate::rng::{Rng, Seed};

    #[test]
    fn a_game_rebuilt_from_a_view_judges_the_next_turn_like_the_real_one() {
        let mut rng = Rng::from_seed(&Seed::from_u64(5));
        let mut game = Gods::new(Seed::from_u64(9), 3, Default::default()).unwrap();
        for _ in 0..25 {
            let view = game.view(Viewer::Seat(game.to_move()));
            let json = serde_json::to_string(&view).unwrap();
            let local = Gods::from_view(&serde_json::from_str(&json).unwrap());
            let seat = game.to_move();
            assert_eq!(
                local.legal(seat, &Default::default()),
                game.legal(seat, &Default::default())
            );
            let Some(turn) = random_turn(&local, &mut rng) else {
                break;
            };
            game = game
                .apply(seat, &turn)
                .expect("a turn legal locally is legal on the server")
                .game;
        }
    }
}
