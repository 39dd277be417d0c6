//! Random legal turns: for property tests, benchmarks and load generators. Deterministic
//! given the [`Rng`] passed in (never the game's own).
//!
//! A seat's random turn uses what that seat knows — its own role — and nothing else. Stars
//! go on uniformly random free points (sometimes on one of a few fixed points, so that
//! refusals of an occupied point come up in tests); about one submission in ten is a pass.

use super::{Dreams, DreamsOptions, DreamsTurn, Guess, Phase, Role, IMAGES, SIDE};
use crate::game::{Game, Seat};
use crate::rng::{Rng, Seed};

/// A random legal turn for `seat`, or `None` when `seat` need not act now.
pub fn random_turn(game: &Dreams, seat: Seat, rng: &mut Rng) -> Option<DreamsTurn> {
    match game.phase() {
        Phase::Over => None,
        Phase::Stars => {
            if game.placer() != Some(seat) {
                return None;
            }
            let unplaced = game.unplaced(seat);
            if rng.below(10) == 0 {
                return Some(DreamsTurn::pass());
            }
            let kind = unplaced.iter().nth(rng.below(unplaced.len()))?;
            let side = usize::try_from(SIDE).unwrap_or_default() + 1;
            for _ in 0..16 {
                let (x, y) = if rng.below(8) == 0 {
                    // A few favourite points, so that collisions happen.
                    let x = 25 * u32::try_from(rng.below(5)).unwrap_or_default();
                    (x, 50)
                } else {
                    (
                        u32::try_from(rng.below(side)).unwrap_or_default(),
                        u32::try_from(rng.below(side)).unwrap_or_default(),
                    )
                };
                if !game.is_taken(x, y) {
                    return Some(DreamsTurn::star(kind, x, y));
                }
            }
            // At most 17 points are taken: a scan always finds a free one.
            (0..=SIDE)
                .flat_map(|y| (0..=SIDE).map(move |x| (x, y)))
                .find(|&(x, y)| !game.is_taken(x, y))
                .map(|(x, y)| DreamsTurn::star(kind, x, y))
        }
        Phase::Guess => {
            if game.has_guessed(seat) || seat >= game.seats() {
                return None;
            }
            if rng.below(10) == 0 {
                return Some(DreamsTurn::pass());
            }
            let guess = match game.role_of(seat)? {
                Role::Mortal => {
                    let image = rng.below(usize::from(IMAGES)) + 1;
                    Guess::Image(u8::try_from(image).unwrap_or(1))
                }
                Role::God => {
                    let others = game.seats().checked_sub(1)?;
                    Guess::Seat((seat + 1 + rng.below(others)) % game.seats())
                }
            };
            Some(DreamsTurn::guess(guess))
        }
    }
}

/// A random seat among those to act, and a random legal turn for it.
pub fn random_submission(game: &Dreams, rng: &mut Rng) -> Option<(Seat, DreamsTurn)> {
    let seat = match game.phase() {
        Phase::Over => return None,
        Phase::Stars => game.placer()?,
        Phase::Guess => {
            // The same as picking from `to_act()`, without building it.
            let waiting = (0..game.seats()).filter(|&s| !game.has_guessed(s));
            let n = waiting.clone().count();
            waiting.clone().nth(rng.below(n))?
        }
    };
    random_turn(game, seat, rng).map(|t| (seat, t))
}

/// A whole random game: the final state and its log.
pub fn random_game(
    seed: Seed,
    seats: usize,
    options: DreamsOptions,
    rng: &mut Rng,
) -> Result<(Dreams, Vec<(Seat, DreamsTurn)>), String> {
    let mut game = Dreams::new(seed, seats, options).map_err(|e| e.to_string())?;
    let mut log = Vec::new();
    while let Some((seat, turn)) = random_submission(&game, rng) {
        game = game
            .apply(seat, &turn)
            .map_err(|e| format!("{e} in {turn:?} of seat {seat}"))?
            .game;
        log.push((seat, turn));
        if log.len() > 100_000 {
            return Err("game did not end after 100,000 submissions".into());
        }
    }
    Ok((game, log))
}
