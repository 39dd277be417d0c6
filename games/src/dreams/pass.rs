//! The pass turn: what the service plays for a seat whose time ran out (`auto_pass`,
//! `forfeit`; see `docs/players/deadlines.md`). It is `{"pass": true}`, an ordinary turn that a
//! player may also send: in the stars phase the seat places no star this time around (its
//! first unplaced kind is set aside for the round, D-R4); in the guess phase it seals "no
//! guess" (D-R5), which scores as `docs/players/dreams-decisions.md` says.

use super::{Dreams, DreamsTurn};
use crate::game::{Game, Seat};

/// The pass turn for `seat`, or `None` when `seat` need not act now.
pub fn pass_turn(game: &Dreams, seat: Seat) -> Option<DreamsTurn> {
    game.to_act().contains(&seat).then(DreamsTurn::pass)
}
