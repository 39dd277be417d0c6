//! The pass turn: the smallest legal turn for a god whose time ran out, which the service
//! plays on their behalf (`auto_pass`, `forfeit`; see `docs/players/deadlines.md`).
//!
//! Owns: choosing that turn. It is an ordinary turn, applied by [`Gods::apply`] like any
//! other, so the log replays. Must not: declare the end for the god (G-T1 is a choice the
//! service never makes for them) or spend crystals when it can be avoided.
//!
//! The choice, in the rule sheet's words:
//! * the god may declare the end (G-T1, G-T6): the pass is "continue" (no declaration),
//!   after which the same god owes the actions and the service passes again;
//! * the god owes actions (G-T4): each owed action discards the tile in display slot 1
//!   (G-A5, free); taking an extra-action tile (G-A4, free) comes next; only when no free
//!   action is left but one is still legal does it take the first legal step (the engine
//!   would otherwise refuse the turn for the actions still owed). When no action is legal
//!   the engine forfeits the rest (G-T4), as it does for a player.
//! * kept extra-action tiles are never played (G-A7: playing one is not owed).

use super::legal::legal;
use super::{Gods, GodsTurn, Phase, Step};
use crate::game::Seat;

/// The pass turn for `seat`, or `None` when `seat` is not the god to move (or the game is
/// over).
pub fn pass_turn(game: &Gods, seat: Seat) -> Option<GodsTurn> {
    if game.phase == Phase::Over || seat != game.to_move {
        return None;
    }
    let mut turn = GodsTurn::default();
    if game.phase == Phase::MayDeclare {
        return Some(turn);
    }
    // Each step is an action (PlayExtraAction is never chosen), so at most 2 steps are
    // owed; the bound only guards against a bug looping forever.
    for _ in 0..8 {
        let next = legal(game, seat, &turn).ok()?;
        if next.can_finish {
            return Some(turn);
        }
        let actions: Vec<Step> = next.steps.into_iter().filter(Step::is_action).collect();
        let step = actions
            .iter()
            .find(|s| matches!(s, Step::Discard { slot: 1 }))
            .or_else(|| actions.iter().find(|s| matches!(s, Step::Discard { .. })))
            .or_else(|| {
                actions
                    .iter()
                    .find(|s| matches!(s, Step::TakeExtraAction { .. }))
            })
            .or_else(|| actions.first())
            .copied()?;
        turn.steps.push(step);
    }
    None
}
