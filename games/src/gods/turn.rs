//! What a god submits: one whole turn (G-T1, G-T4, G-A7), as JSON and in the notation.

use super::hex::Hex;
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// One turn of one god: the optional end declaration (G-T1) and the ordered steps.
///
/// * `declare_end: true` with no steps ends the game (G-T1, G-E2).
/// * No steps and no declaration, while the god may declare, means "play on": the service
///   gathers power and refills the display (G-T6), and the god sends the actions next.
/// * Otherwise the steps are the turn's actions and extra-action plays, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GodsTurn {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub declare_end: bool,
    #[serde(default)]
    pub steps: Vec<Step>,
}

/// One step of a turn. `slot` is a display position, 1-based, as the display is at that
/// step (G-T7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "do", deny_unknown_fields)]
pub enum Step {
    /// G-A1: place the tribe in `slot` at `at`.
    PlaceTribe { slot: usize, at: Hex },
    /// G-A3: place a temple from your supply at `at`.
    PlaceTemple { at: Hex },
    /// G-A4: take the desert in `slot` and place it at `at`.
    PlaceDesert { slot: usize, at: Hex },
    /// G-A4: take the whirlwind in `slot` and move the desert at `from` to `to`.
    Whirlwind { slot: usize, from: Hex, to: Hex },
    /// G-A4: take the extra-action tile in `slot` and keep it.
    TakeExtraAction { slot: usize },
    /// G-A5: remove the tile in `slot` from the game.
    Discard { slot: usize },
    /// G-A6: pay 2 crystals and move the desert at `from` to `to`.
    MoveDesert { from: Hex, to: Hex },
    /// G-A7: play a kept extra-action tile for one more action. Not an action itself.
    PlayExtraAction,
    /// G-BAG5: take the decay tile in `slot`, place it at `at` next to a temple of
    /// `victim`, and take 1 crystal from them.
    PlaceDecay { slot: usize, at: Hex, victim: Seat },
}

impl Step {
    /// Is this step one of the turn's actions (everything but playing an extra-action tile)?
    pub fn is_action(&self) -> bool {
        !matches!(self, Step::PlayExtraAction)
    }
}
