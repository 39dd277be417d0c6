//! What a god may do next: the legal steps after a partly written turn (G-T4, G-A*).

use super::actions::{apply_step, playable_extra_actions, TurnProgress};
use super::{Cell, Gods, GodsTurn, Hex, Phase, Step, Tile};
use crate::game::{RuleError, Seat};
use serde::Serialize;

/// The answer to "what may I do now?" for one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GodsLegal {
    pub seat: Seat,
    pub phase: Phase,
    /// G-T1: `end` is a legal submission now.
    pub may_declare_end: bool,
    /// Actions still owed after the partial turn (G-T4).
    pub owed: u32,
    /// The partial turn may be submitted as it stands (in the decision phase, the empty
    /// turn is "continue").
    pub can_finish: bool,
    /// Every legal next step.
    pub steps: Vec<Step>,
}

pub(crate) fn legal(game: &Gods, seat: Seat, partial: &GodsTurn) -> Result<GodsLegal, RuleError> {
    if game.phase == Phase::Over {
        return Err(RuleError::new("G-E1", "the game is over"));
    }
    if seat != game.to_move {
        return Err(RuleError::new(
            "G-T5",
            format!("it is god {}'s turn, not god {seat}'s", game.to_move),
        ));
    }
    if game.phase == Phase::MayDeclare {
        if partial.declare_end || !partial.steps.is_empty() {
            return Err(RuleError::new("G-T6", "first send `end` or `continue`"));
        }
        return Ok(GodsLegal {
            seat,
            phase: game.phase,
            may_declare_end: true,
            owed: 2,
            can_finish: true,
            steps: Vec::new(),
        });
    }
    if partial.declare_end {
        return Err(RuleError::new(
            "G-T1",
            "you may end the game only at the start of your turn",
        ));
    }
    let mut g = game.clone();
    let mut progress = TurnProgress::start();
    let mut scratch = Vec::new();
    for (i, step) in partial.steps.iter().enumerate() {
        apply_step(&mut g, seat, &mut progress, step, &mut scratch)
            .map_err(|e| e.at_step(i + 1))?;
        if progress.owed > 0 && !any_action(&g, seat, &progress) {
            progress.stuck = true;
        }
    }
    Ok(GodsLegal {
        seat,
        phase: game.phase,
        may_declare_end: false,
        owed: progress.owed,
        can_finish: progress.owed == 0 || progress.stuck,
        steps: enumerate(&g, seat, &progress),
    })
}

/// Is any action legal for `seat` now (G-T4)? Cheap: used after every step.
pub(crate) fn any_action(game: &Gods, seat: Seat, progress: &TurnProgress) -> bool {
    // Discarding (G-A5) is free and always possible while the display holds a tile.
    if !game.display.is_empty() {
        return true;
    }
    let Some(god) = game.gods.get(seat) else {
        return false;
    };
    let crystals = usize::from(god.crystals);
    let frontier = game.board.frontier();
    if !progress.temple_placed
        && god.temples > 0
        && frontier
            .iter()
            .any(|&h| 3 * game.board.occupied_neighbours(h) <= crystals)
    {
        return true;
    }
    crystals >= 2
        && game.board.deserts().any(|d| {
            frontier
                .iter()
                .any(|&t| game.board.occupied_neighbours_ignoring(t, d) > 0)
        })
}

/// Every legal next step for `seat` (none once the turn is stuck).
pub(crate) fn enumerate(game: &Gods, seat: Seat, progress: &TurnProgress) -> Vec<Step> {
    let mut steps = Vec::new();
    if progress.stuck {
        return steps;
    }
    if playable_extra_actions(game, seat, progress) > 0 {
        steps.push(Step::PlayExtraAction);
    }
    if progress.owed == 0 {
        return steps;
    }
    let Some(god) = game.gods.get(seat) else {
        return steps;
    };
    let crystals = usize::from(god.crystals);
    let frontier = game.board.frontier();
    let touching: Vec<usize> = frontier
        .iter()
        .map(|&h| game.board.occupied_neighbours(h))
        .collect();
    let deserts: Vec<Hex> = game.board.deserts().collect();
    // A desert may move to a frontier hex that touches a tile other than itself (G-A6):
    // that is, any frontier hex but those whose only neighbour is the desert.
    let desert_moves = || {
        deserts.iter().flat_map(|&from| {
            frontier
                .iter()
                .zip(&touching)
                .filter(move |&(&to, &n)| n > usize::from(to.is_adjacent(from)))
                .map(move |(&to, _)| (from, to))
        })
    };
    for (i, &tile) in game.display.iter().enumerate() {
        let slot = i + 1;
        match tile {
            Tile::Tribe(_) => steps.extend(
                frontier
                    .iter()
                    .zip(&touching)
                    .filter(|(_, &n)| n <= crystals)
                    .map(|(&at, _)| Step::PlaceTribe { slot, at }),
            ),
            Tile::Desert => steps.extend(frontier.iter().map(|&at| Step::PlaceDesert { slot, at })),
            Tile::Whirlwind => {
                steps.extend(desert_moves().map(|(from, to)| Step::Whirlwind { slot, from, to }))
            }
            Tile::ExtraAction => steps.push(Step::TakeExtraAction { slot }),
            Tile::Decay => {
                for &at in &frontier {
                    for victim in (0..game.gods.len()).filter(|&v| v != seat) {
                        let next_to = at
                            .neighbours()
                            .iter()
                            .any(|&n| game.board.get(n) == Some(Cell::Temple { god: victim }));
                        if next_to {
                            steps.push(Step::PlaceDecay { slot, at, victim });
                        }
                    }
                }
            }
            Tile::GameEnd => {}
        }
        steps.push(Step::Discard { slot });
    }
    if !progress.temple_placed && god.temples > 0 {
        steps.extend(
            frontier
                .iter()
                .zip(&touching)
                .filter(|(_, &n)| 3 * n <= crystals)
                .map(|(&at, _)| Step::PlaceTemple { at }),
        );
    }
    if crystals >= 2 {
        steps.extend(desert_moves().map(|(from, to)| Step::MoveDesert { from, to }));
    }
    steps
}
