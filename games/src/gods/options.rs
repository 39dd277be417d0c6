//! The options a group may choose (gods.md names each, with its default).

use serde::{Deserialize, Serialize};

/// G-T3: how the display is refilled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DisplayRule {
    /// Draw until 2 tiles lie face up (the majority reading).
    #[default]
    RefillToTwo,
    /// Always draw 2 more (the Japanese reading).
    AddTwo,
}

/// G-E3: what the most temples on the board bring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TempleMajority {
    /// −4 points (three of four sources and the designer's text).
    #[default]
    Penalty,
    /// +4 points (the Japanese reading).
    Bonus,
}

/// G-B4 / G-BAG1: a shuffled pile with the game-end tile, or a bag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Draw {
    #[default]
    Pile,
    Bag,
}

/// Every option of a game of Gods. Unknown keys are an error; missing keys take the default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GodsOptions {
    /// G-T3.
    pub display: DisplayRule,
    /// G-B4: the game-end tile lies among the last `end_tile_depth` tiles (default 3; the
    /// Dutch text reads 4).
    pub end_tile_depth: u8,
    /// G-A7: may an extra-action tile be played in the turn it was taken?
    pub extra_action_same_turn: bool,
    /// G-E3.
    pub temple_majority: TempleMajority,
    /// G-B4 / G-BAG1.
    pub draw: Draw,
    /// G-E2: in the bag variant, may a god declare the end?
    pub sudden_death: bool,
    /// G-BAG5: the second edition's decay tile (bag variant only).
    pub decay_tile: bool,
}

impl Default for GodsOptions {
    fn default() -> GodsOptions {
        GodsOptions {
            display: DisplayRule::RefillToTwo,
            end_tile_depth: 3,
            extra_action_same_turn: false,
            temple_majority: TempleMajority::Penalty,
            draw: Draw::Pile,
            sudden_death: false,
            decay_tile: false,
        }
    }
}
