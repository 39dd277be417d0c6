//! A model of a deck's images, for bots: what each card's picture is made of and where
//! (D-C1: "a picture that has spatially distinct features").
//!
//! Owns: the plain data type. The rules never read it (a deck is opaque to them); the
//! service fills it from the generator of its standard deck. A custom deck comes without
//! one, and its bots play at random (see [`crate::bots::Level::effective`]).

use super::{DECK_SIZE, SIDE};
use serde::{Deserialize, Serialize};

/// One thing in a card's picture: what it is, and where its centre lies in the picture's
/// own square, in the firmament's hundredths (0..=100 both ways, `0,0` top left): a star
/// at the same point of the firmament points at it (D-R4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Feature {
    /// What the thing is. Equal ids on two cards are the same kind of thing (a moon and
    /// a moon); the number means nothing else.
    pub id: u16,
    pub x: u8,
    pub y: u8,
}

/// The features of every card of a deck, indexed by card number.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DeckFeatures {
    pub cards: Vec<Vec<Feature>>,
}

impl DeckFeatures {
    /// The features of card `n` (none for a card the model does not know).
    pub fn card(&self, n: u8) -> &[Feature] {
        self.cards.get(usize::from(n)).map_or(&[], Vec::as_slice)
    }

    /// Does the model describe a whole deck: every card, each with a feature, all inside
    /// the picture? A bot treats anything less as no model at all.
    pub fn is_complete(&self) -> bool {
        self.cards.len() == DECK_SIZE
            && self.cards.iter().all(|c| {
                !c.is_empty()
                    && c.iter()
                        .all(|f| u32::from(f.x) <= SIDE && u32::from(f.y) <= SIDE)
            })
    }
}
