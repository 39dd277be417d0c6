//! What a seat may send now (D-R4, D-R5), for `/legal` and for clients that build a turn
//! step by step. The empty turn `{}` is the usual question; a whole turn is judged as
//! `apply` would judge it.
//!
//! Owns: the answer for one seat. It may speak of that seat's own role (the seat knows it)
//! and of nothing secret beyond it.

use super::{guess, stars, Dreams, DreamsTurn, Phase, Role, StarKind, IMAGES, SIDE};
use crate::game::{Game, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// A point on the firmament, in hundredths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

/// The answer to "what may I send now?" for one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DreamsLegal {
    pub seat: Seat,
    pub phase: Phase,
    pub round: u32,
    /// Stars phase: the kinds you may place now (the first is what `pass` sets aside).
    pub kinds: Vec<StarKind>,
    /// Stars phase: the points already holding a star. Any other point `x,y` with both in
    /// `0..=max` is free.
    pub taken: Vec<Point>,
    /// The largest coordinate (the firmament's side, in hundredths).
    pub max: u32,
    /// Guess phase, a god: the seats you may name.
    pub seats: Vec<Seat>,
    /// Guess phase, the mortal: the images you may name.
    pub images: Vec<u8>,
    /// `{"pass": true}` is accepted now.
    pub may_pass: bool,
    /// The turn asked about is whole and would be accepted as it stands.
    pub complete: bool,
}

pub(crate) fn legal(
    game: &Dreams,
    seat: Seat,
    partial: &DreamsTurn,
) -> Result<DreamsLegal, RuleError> {
    let mut answer = DreamsLegal {
        seat,
        phase: game.phase,
        round: game.round(),
        kinds: Vec::new(),
        taken: Vec::new(),
        max: SIDE,
        seats: Vec::new(),
        images: Vec::new(),
        may_pass: true,
        complete: false,
    };
    match game.phase {
        Phase::Over => return Err(RuleError::new("D-R8", "the game is over")),
        Phase::Stars => {
            // Whose turn it is, and whether this seat exists, are judged as for a pass.
            stars::check(game, seat, &DreamsTurn::pass())?;
            if !partial.is_empty() {
                stars::check(game, seat, partial)?;
                answer.complete = true;
            }
            answer.kinds = game.unplaced(seat).to_vec();
            answer.taken = game
                .round
                .stars
                .iter()
                .map(|s| Point { x: s.x, y: s.y })
                .collect();
        }
        Phase::Guess => {
            guess::check(game, seat, &DreamsTurn::pass())?;
            if !partial.is_empty() {
                guess::check(game, seat, partial)?;
                answer.complete = true;
            }
            match game.role_of(seat) {
                Some(Role::Mortal) => answer.images = (1..=IMAGES).collect(),
                Some(Role::God) => {
                    answer.seats = (0..game.seats()).filter(|&s| s != seat).collect()
                }
                None => {}
            }
        }
    }
    Ok(answer)
}
