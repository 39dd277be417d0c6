//! The options a group may choose for Dreams.

use serde::{Deserialize, Serialize};

/// The house deck of 72 dream cards (D-C1).
pub const STANDARD_DECK: &str = "standard";

/// Every option of a game of Dreams. Unknown keys are an error; missing keys take the
/// default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DreamsOptions {
    /// The deck's id (D-C1). Opaque to the rules: every deck has [`super::DECK_SIZE`] cards,
    /// numbered from 0; the service checks that the id names a deck it has and draws its
    /// pictures.
    pub deck: String,
}

impl Default for DreamsOptions {
    fn default() -> DreamsOptions {
        DreamsOptions {
            deck: STANDARD_DECK.to_string(),
        }
    }
}
