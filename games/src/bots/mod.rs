//! Bots: players the engine itself can seat, for practice games, short tables and
//! stand-ins. One module per kind, three levels each.
//!
//! Owns: choosing a turn for one seat from what that seat may know — its own view
//! ([`Game::View`](crate::game::Game::View)) and nothing else. Every entry point takes the
//! view type, never the game: a bot cannot read the pile, the mortal or the true vision,
//! because it is never handed them. What it needs of the hidden parts it samples from the
//! view (determinization): the unseen Gods tiles are drawn from the tiles the seat cannot
//! see, the Dreams mortal and true vision from what the stars on the firmament suggest.
//!
//! Must not: do I/O, read a clock or use any randomness but the [`Rng`] seeded from the
//! [`Seed`] passed in. The same view, level, budget and seed always give the same turn.
//! Thinking is bounded by a count ([`Budget`]), not by time: the service picks the count
//! that fits its time bound.

pub mod dreams;
pub mod gods;

use crate::rng::{Rng, Seed};
use serde::{Deserialize, Serialize};

/// How well a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A uniformly random legal turn.
    Random,
    /// The best turn by a one-turn evaluation.
    Greedy,
    /// A search that plays many games (Gods) or rounds (Dreams) ahead, within a
    /// [`Budget`], sampling the hidden parts from the seat's own view.
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Random, Level::Greedy, Level::Strong];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Strong => "strong",
        }
    }

    /// The level a bot actually plays at. Greedy and strong Dreams bots need a model of
    /// the images (the features the deck's cards are made of, [`DeckFeatures`]): a deck
    /// without one (a custom deck) gets the random bot. Gods needs no model: pass `true`.
    ///
    /// [`DeckFeatures`]: crate::dreams::features::DeckFeatures
    pub fn effective(self, has_features: bool) -> Level {
        if has_features {
            self
        } else {
            Level::Random
        }
    }
}

/// How much a strong bot may think: a number of playouts (one sampled game or round
/// played ahead from one candidate turn). Deterministic, unlike a time limit; the service
/// measures what a playout costs and picks the count that fits its time bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Budget {
    pub playouts: u32,
}

impl Budget {
    pub const fn playouts(playouts: u32) -> Budget {
        Budget { playouts }
    }

    /// The service's budget for a table of `seats`: 800 / seats² playouts, at least 40
    /// (200 for 2 gods, 50 for 4). A Gods playout costs about one greedy turn per god at
    /// the table, so a decision takes about 90 ms of one core on average with 2 or 4 gods
    /// (`BENCHMARKS.md`, "Bots", has the means and the longest). Dreams' playouts cost
    /// microseconds.
    pub fn for_seats(seats: usize) -> Budget {
        let seats = u32::try_from(seats.max(1)).unwrap_or(u32::MAX);
        Budget::playouts((800 / seats.saturating_mul(seats)).max(40))
    }
}

impl Default for Budget {
    /// 200 playouts, the service's count for 2 gods ([`Budget::for_seats`]). A service
    /// should measure on its own machine (`botbench`) and pick the count for its time bound.
    fn default() -> Budget {
        Budget { playouts: 200 }
    }
}

/// A bot's own generator: from its seed alone, never the game's.
pub(crate) fn bot_rng(seed: &Seed) -> Rng {
    Rng::from_seed(seed)
}

/// An index chosen with probability proportional to `weights` (all ≥ 0); uniform if all
/// are 0. `None` for an empty list.
pub(crate) fn weighted(weights: &[f64], rng: &mut Rng) -> Option<usize> {
    if weights.is_empty() {
        return None;
    }
    let total: f64 = weights.iter().filter(|w| w.is_finite() && **w > 0.0).sum();
    if total <= 0.0 {
        return Some(rng.below(weights.len()));
    }
    let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let mut at = unit * total;
    for (i, w) in weights.iter().enumerate() {
        let w = if w.is_finite() && *w > 0.0 { *w } else { 0.0 };
        if at < w {
            return Some(i);
        }
        at -= w;
    }
    weights.iter().rposition(|w| w.is_finite() && *w > 0.0)
}

#[cfg(test)]
mod tests;
