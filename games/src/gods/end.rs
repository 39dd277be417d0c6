//! Scoring and the winner (G-E3, G-E4).

use super::{EndReason, Gods, TempleMajority};
use crate::game::{Outcome, Seat};

/// One god's points by source (G-E3), as the scores are summed: what a result table shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreParts {
    pub village_tiles: u32,
    pub vp_tiles: u32,
    /// Temples on the board, the start temple included.
    pub temples: usize,
    /// 3 a village tile.
    pub villages: i64,
    /// 2 a VP tile.
    pub vp: i64,
    /// −4 (or +4 with the bonus option) for the most temples, else 0.
    pub temple_majority: i64,
}

impl ScoreParts {
    pub fn total(&self) -> i64 {
        self.villages + self.vp + self.temple_majority
    }
}

/// G-E3, by source: each god's points as they would be if the game ended now.
pub fn score_parts(game: &Gods) -> Vec<ScoreParts> {
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
        .map(|(god, &t)| ScoreParts {
            village_tiles: god.villages.total(),
            vp_tiles: god.vp.total(),
            temples: t,
            villages: 3 * i64::from(god.villages.total()),
            vp: 2 * i64::from(god.vp.total()),
            temple_majority: if t == most { majority } else { 0 },
        })
        .collect()
}

/// G-E3: 3 per village tile, 2 per VP tile, ∓4 for the most temples on the board.
pub fn scores(game: &Gods) -> Vec<i64> {
    score_parts(game).iter().map(ScoreParts::total).collect()
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

#[cfg(test)]
mod tests {
    use super::{score_parts, scores};
    use crate::gods::random::random_turn;
    use crate::gods::Gods;
    use crate::rng::{Rng, Seed};
    use crate::Game;

    #[test]
    fn the_points_by_source_add_up_to_the_scores_at_every_turn() {
        let mut rng = Rng::from_seed(&Seed::from_u64(3));
        let mut game = Gods::new(Seed::from_u64(4), 3, Default::default()).expect("setup");
        let mut checked = 0;
        while let Some(turn) = random_turn(&game, &mut rng) {
            let parts = score_parts(&game);
            let totals: Vec<i64> = parts.iter().map(|p| p.total()).collect();
            assert_eq!(totals, scores(&game));
            // Exactly the gods with the most temples carry the majority's points.
            let most = parts.iter().map(|p| p.temples).max().expect("gods");
            for p in &parts {
                assert_eq!(p.temple_majority != 0, p.temples == most);
                assert_eq!(p.villages, 3 * i64::from(p.village_tiles));
                assert_eq!(p.vp, 2 * i64::from(p.vp_tiles));
            }
            checked += 1;
            let seat = game.to_move();
            game = game.apply(seat, &turn).expect("legal").game;
            if game.is_over() {
                break;
            }
        }
        assert!(checked > 5, "a few turns were checked");
    }
}
