//! Scoring and the winner (G-E3, G-E4).

use super::{EndReason, Gods, TempleMajority};
use crate::game::{Outcome, Seat};

/// G-E3: 3 per village tile, 2 per VP tile, ∓4 for the most temples on the board.
pub fn scores(game: &Gods) -> Vec<i64> {
    let temples: Vec<usize> = (0..game.gods.len())
        .map(|s| game.board.temples_of(s))
        .collect();
    let most = temples.iter().copied().max().unwrap_or(0);
    let majority = match game.options.temple_majority {
        TempleMajority::Penalty => -4,
        TempleMajority::Bonus => 4,
    };
    game.gods
        .iter()
        .zip(&temples)
        .map(|(god, &t)| {
            let base = 3 * i64::from(god.villages.total()) + 2 * i64::from(god.vp.total());
            base + if t == most { majority } else { 0 }
        })
        .collect()
}

/// G-E4: most points; then most crystals; still tied, the win is shared.
pub fn winners(game: &Gods, scores: &[i64]) -> Vec<Seat> {
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders: Vec<Seat> = (0..scores.len())
        .filter(|&s| scores.get(s) == Some(&best))
        .collect();
    let crystals = |s: Seat| game.gods.get(s).map_or(0, |g| g.crystals);
    let most = leaders.iter().map(|&s| crystals(s)).max().unwrap_or(0);
    leaders
        .into_iter()
        .filter(|&s| crystals(s) == most)
        .collect()
}

pub fn outcome(game: &Gods, reason: EndReason) -> Outcome {
    let scores = scores(game);
    let winners = winners(game, &scores);
    Outcome {
        winners,
        scores,
        reason: reason.words(),
    }
}
