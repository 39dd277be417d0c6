//! Random legal turns: for property tests, benchmarks and load generators. Deterministic
//! given the [`Rng`] passed in.

use super::actions::{apply_step, TurnProgress};
use super::legal::{any_action, enumerate};
use super::{Gods, GodsOptions, GodsTurn, Phase, Step};
use crate::game::{Game, Seat};
use crate::rng::{Rng, Seed};

/// A uniformly chosen legal turn for the god to move, or `None` when the game is over.
/// A god who may declare the end does so half the time.
pub fn random_turn(game: &Gods, rng: &mut Rng) -> Option<GodsTurn> {
    let seat = game.to_move;
    match game.phase {
        Phase::Over => return None,
        Phase::MayDeclare => {
            return Some(GodsTurn {
                declare_end: rng.below(2) == 0,
                steps: Vec::new(),
            });
        }
        Phase::Actions => {}
    }
    let mut g = game.clone();
    let mut progress = TurnProgress::start();
    let mut steps = Vec::new();
    let mut scratch = Vec::new();
    while !progress.stuck {
        let options = enumerate(&g, seat, &progress);
        let step = if progress.owed == 0 {
            // Done, unless we choose to play a kept extra-action tile.
            match options.first() {
                Some(&Step::PlayExtraAction) if rng.below(3) == 0 => Step::PlayExtraAction,
                _ => break,
            }
        } else {
            *options.get(rng.below(options.len()))?
        };
        apply_step(&mut g, seat, &mut progress, &step, &mut scratch).ok()?;
        steps.push(step);
        if progress.owed > 0 && !any_action(&g, seat, &progress) {
            progress.stuck = true;
        }
        scratch.clear();
    }
    Some(GodsTurn {
        declare_end: false,
        steps,
    })
}

/// A whole random game: the final state and its log.
pub fn random_game(
    seed: Seed,
    seats: usize,
    options: GodsOptions,
    rng: &mut Rng,
) -> Result<(Gods, Vec<(Seat, GodsTurn)>), String> {
    let mut game = Gods::new(seed, seats, options).map_err(|e| e.to_string())?;
    let mut log = Vec::new();
    while let Some(turn) = random_turn(&game, rng) {
        let seat = game.to_move;
        game = game
            .apply(seat, &turn)
            .map_err(|e| format!("{e} in {turn:?}"))?
            .game;
        log.push((seat, turn));
        if log.len() > 10_000 {
            return Err("game did not end after 10,000 turns".into());
        }
    }
    Ok((game, log))
}
