//! The end of a round: reveal (D-R6), score (D-R7), and end the game or deal the next
//! round (D-R8).

use super::{
    public, Dreams, DreamsEvent, Guess, InlineVec, LastRound, Phase, Reveal, Shared, MAX_SEATS,
    WINNING_SCORE,
};
use crate::game::{Logged, Outcome, Seat};

/// D-R7: what each seat scores in a round where `mortal` was the mortal, `vision` the
/// true vision and `guesses[s]` seat `s`'s sealed guess (`None`: no guess).
///
/// The mortal: 3 if no god named them, and 2 more if they named the true vision. A god: 2
/// for naming the mortal, and 1 if nobody named them. A seat that made no guess scores
/// only what depends on the others' guesses.
pub fn points(mortal: Seat, vision: u8, guesses: &[Option<Guess>]) -> Vec<u32> {
    let named = |seat: Seat| guesses.contains(&Some(Guess::Seat(seat)));
    guesses
        .iter()
        .enumerate()
        .map(|(seat, guess)| {
            let unnamed = !named(seat);
            if seat == mortal {
                3 * u32::from(unnamed) + 2 * u32::from(*guess == Some(Guess::Image(vision)))
            } else {
                2 * u32::from(*guess == Some(Guess::Seat(mortal))) + u32::from(unnamed)
            }
        })
        .collect()
}

/// D-R8: the seats with the highest score (several when tied: they share the win).
pub fn winners(scores: &[u32]) -> Vec<Seat> {
    let best = scores.iter().copied().max().unwrap_or_default();
    (0..scores.len())
        .filter(|&s| scores.get(s) == Some(&best))
        .collect()
}

/// The round's public record, built from the revealed round.
pub(crate) fn reveal_of(last: &LastRound) -> Reveal {
    let round = &last.round;
    let sealed: Vec<_> = round.sealed.iter().map(|s| s.unwrap_or_default()).collect();
    Reveal {
        round: round.number,
        vision: round.vision,
        mortal: round.mortal,
        cards: round.cards,
        stars: round.stars.iter().map(|p| p.star()).collect(),
        guesses: sealed.iter().map(|s| s.guess).collect(),
        salts: sealed.iter().map(|s| s.salt).collect(),
        commitments: sealed.iter().map(|s| s.commitment).collect(),
        points: last.points.as_slice().to_vec(),
        scores: last.scores.as_slice().to_vec(),
    }
}

/// D-R6–D-R8, once every guess is sealed.
pub(crate) fn reveal(game: &mut Dreams, events: &mut Vec<Logged<DreamsEvent>>) {
    let round = game.round.clone();
    let guesses: InlineVec<Option<Guess>, MAX_SEATS> = {
        let mut g = InlineVec::default();
        for s in round.sealed.iter() {
            g.push(s.and_then(|s| s.guess));
        }
        g
    };
    let won = points(round.mortal, round.vision, guesses.as_slice());
    let mut points = InlineVec::default();
    for (score, p) in game.scores.as_mut_slice().iter_mut().zip(&won) {
        *score = score.saturating_add(*p);
        points.push(*p);
    }
    let last = LastRound {
        round,
        points,
        scores: game.scores,
    };
    public(events, DreamsEvent::Revealed(Box::new(reveal_of(&last))));
    game.last = Some(Shared::new(last));
    if game.scores.iter().any(|&s| s >= WINNING_SCORE) {
        game.phase = Phase::Over;
        public(
            events,
            DreamsEvent::GameOver {
                scores: game.scores.as_slice().to_vec(),
                winners: winners(game.scores.as_slice()),
            },
        );
    } else {
        game.deal_next(events);
    }
}

/// D-R8: the result, once the game is over.
pub(crate) fn outcome(game: &Dreams) -> Option<Outcome> {
    if game.phase != Phase::Over {
        return None;
    }
    let scores = game.scores.as_slice();
    let reached: Vec<String> = (0..scores.len())
        .filter(|&s| scores.get(s).is_some_and(|&p| p >= WINNING_SCORE))
        .map(|s| s.to_string())
        .collect();
    let who = match reached.as_slice() {
        [one] => format!("seat {one}"),
        [init @ .., last] => format!("seats {} and {last}", init.join(", ")),
        [] => "nobody".to_string(),
    };
    Some(Outcome {
        scores: scores.iter().map(|&s| i64::from(s)).collect(),
        winners: winners(scores),
        reason: format!(
            "{who} reached {WINNING_SCORE} points in round {} (D-R8)",
            game.round.number
        ),
    })
}
