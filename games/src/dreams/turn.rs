//! What a seat submits in Dreams: one star, one guess, or a pass (D-R4, D-R5), as JSON
//! and in the notation.

use super::StarKind;
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// One submission of one seat. Exactly one of the three is meant to be set:
///
/// * `{"star": {"kind": "clear", "x": 25, "y": 70}}` — place a star (stars phase);
/// * `{"guess": {"seat": 2}}` (a god) or `{"guess": {"image": 3}}` (the mortal);
/// * `{"pass": true}` — no star this time around, or "no guess".
///
/// `{}` is the empty partial turn that `legal` accepts; applying it is refused with a
/// message saying what to send, and so is a turn with two of them (a rule error, not a
/// JSON error, so that the player is told which rule and why).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DreamsTurn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub star: Option<StarTurn>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guess: Option<Guess>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pass: bool,
}

impl DreamsTurn {
    pub fn star(kind: StarKind, x: u32, y: u32) -> DreamsTurn {
        DreamsTurn {
            star: Some(StarTurn { kind, x, y }),
            ..DreamsTurn::default()
        }
    }

    pub fn guess(guess: Guess) -> DreamsTurn {
        DreamsTurn {
            guess: Some(guess),
            ..DreamsTurn::default()
        }
    }

    pub fn pass() -> DreamsTurn {
        DreamsTurn {
            pass: true,
            ..DreamsTurn::default()
        }
    }

    /// How many of star, guess and pass are set (a whole turn has exactly one).
    pub fn items(&self) -> usize {
        usize::from(self.star.is_some())
            + usize::from(self.guess.is_some())
            + usize::from(self.pass)
    }

    pub fn is_empty(&self) -> bool {
        self.items() == 0
    }
}

/// A star to place at `x,y`, in hundredths of the firmament's side (D-R4). The rules
/// accept 0..=100; larger numbers are read (so that the answer names the rule) and refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StarTurn {
    pub kind: StarKind,
    pub x: u32,
    pub y: u32,
}

/// What a seat names in the guess phase (D-R5): a god names a seat, the mortal an image.
/// JSON: `{"seat": 2}` or `{"image": 3}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guess {
    /// The seat a god suspects is the mortal (0-based).
    Seat(Seat),
    /// The image the mortal believes is the true vision, 1..=4.
    Image(u8),
}
