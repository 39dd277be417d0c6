//! What the service hands the engine's bots (`games::bots`) besides a seat's view.
//!
//! Owns: the model of a Dreams deck's images. The standard deck's comes from the
//! generator that draws its cards ([`crate::board::dreams::card_features`]); a custom
//! deck has none, and its bots play at random (`games::bots::Level::effective`).

use games::dreams::features::{DeckFeatures, Feature};
use games::dreams::{DECK_SIZE, STANDARD_DECK};

/// The standard deck's model of its images: per card, the features it is drawn from.
pub fn standard_deck_features() -> DeckFeatures {
    DeckFeatures {
        cards: (0..DECK_SIZE)
            .map(|n| {
                crate::board::dreams::card_features(n)
                    .into_iter()
                    .map(|(id, x, y)| Feature { id, x, y })
                    .collect()
            })
            .collect(),
    }
}

/// The model of the images of deck `deck` (a game's `deck` option): the standard deck's,
/// or `None` for a custom deck (its bots then play at random, and say so).
pub fn deck_features(deck: &str) -> Option<DeckFeatures> {
    (deck == STANDARD_DECK).then(standard_deck_features)
}
