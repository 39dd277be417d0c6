//! Random legal turns: for property tests, benchmarks and load generators. Deterministic
//! given the [`Rng`] passed in.
//!
//! Steps are sampled, not enumerated: first a kind of step (use a display tile, discard
//! one, place a temple, move a desert, play an extra-action tile), then a random target,
//! checked against the rules. Only when sampling misses does it fall back to the full
//! list of legal steps, so every legal turn can come up and the sampler stays fast.

use super::actions::{apply_step, playable_extra_actions, TurnProgress};
use super::legal::{any_action, enumerate};
use super::{Cell, Gods, GodsOptions, GodsTurn, Hex, Phase, Step, Tile};
use crate::game::{Game, Seat};
use crate::rng::{Generator, Rng, Seed};

/// A random legal turn for the god to move, or `None` when the game is over.
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
        // A proposal the rules refuse (`apply_step` changes nothing then) falls back to
        // the full list, which holds only legal steps.
        let proposal = if progress.owed == 0 {
            // Done, unless we choose to play a kept extra-action tile.
            if playable_extra_actions(&g, seat, &progress) > 0 && rng.below(3) == 0 {
                Some(Step::PlayExtraAction)
            } else {
                break;
            }
        } else {
            sample_step(&g, seat, &progress, rng)
        };
        let step = match proposal
            .map(|s| (s, apply_step(&mut g, seat, &mut progress, &s, &mut scratch)))
        {
            Some((s, Ok(()))) => s,
            _ => {
                let all = enumerate(&g, seat, &progress);
                let s = *all.get(rng.below(all.len()))?;
                apply_step(&mut g, seat, &mut progress, &s, &mut scratch).ok()?;
                s
            }
        };
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

/// An empty hex next to a random tile (G-B2), if the first tries find one.
fn random_frontier_hex(g: &Gods, rng: &mut Rng, ok: impl Fn(Hex) -> bool) -> Option<Hex> {
    for _ in 0..8 {
        let (tile, _) = g.board.iter().nth(rng.below(g.board.len()))?;
        let at = *tile.neighbours().get(rng.below(6))?;
        if g.board.is_empty_at(at) && ok(at) {
            return Some(at);
        }
    }
    None
}

fn random_desert_move(g: &Gods, rng: &mut Rng) -> Option<(Hex, Hex)> {
    let deserts: Vec<Hex> = g.board.deserts().collect();
    let from = *deserts.get(rng.below(deserts.len()))?;
    let to = random_frontier_hex(g, rng, |to| {
        g.board.occupied_neighbours_ignoring(to, from) > 0
    })?;
    Some((from, to))
}

/// A proposed action (the rules still check it), or `None` when the tries missed.
fn sample_step(g: &Gods, seat: Seat, progress: &TurnProgress, rng: &mut Rng) -> Option<Step> {
    let god = g.gods.get(seat)?;
    let crystals = usize::from(god.crystals);
    for _ in 0..6 {
        // Kinds: 2 per display slot (use it, discard it), temple, desert move, extra play.
        let kinds = 2 * g.display.len() + 3;
        let k = rng.below(kinds);
        let step = if k < 2 * g.display.len() {
            let slot = k / 2 + 1;
            let tile = *g.display.get(k / 2)?;
            if k % 2 == 1 {
                Some(Step::Discard { slot })
            } else {
                match tile {
                    Tile::Tribe(_) => random_frontier_hex(g, rng, |at| {
                        g.board.occupied_neighbours(at) <= crystals
                    })
                    .map(|at| Step::PlaceTribe { slot, at }),
                    Tile::Desert => random_frontier_hex(g, rng, |_| true)
                        .map(|at| Step::PlaceDesert { slot, at }),
                    Tile::Whirlwind => random_desert_move(g, rng)
                        .map(|(from, to)| Step::Whirlwind { slot, from, to }),
                    Tile::ExtraAction => Some(Step::TakeExtraAction { slot }),
                    Tile::Decay => {
                        let victim = (seat + 1 + rng.below(g.gods.len() - 1)) % g.gods.len();
                        random_frontier_hex(g, rng, |at| {
                            at.neighbours()
                                .iter()
                                .any(|&n| g.board.get(n) == Some(Cell::Temple { god: victim }))
                        })
                        .map(|at| Step::PlaceDecay { slot, at, victim })
                    }
                    Tile::GameEnd => None,
                }
            }
        } else {
            match k - 2 * g.display.len() {
                0 if !progress.temple_placed && god.temples > 0 && crystals >= 3 => {
                    random_frontier_hex(g, rng, |at| {
                        3 * g.board.occupied_neighbours(at) <= crystals
                    })
                    .map(|at| Step::PlaceTemple { at })
                }
                1 if crystals >= 2 => {
                    random_desert_move(g, rng).map(|(from, to)| Step::MoveDesert { from, to })
                }
                2 if playable_extra_actions(g, seat, progress) > 0 => Some(Step::PlayExtraAction),
                _ => None,
            }
        };
        if step.is_some() {
            return step;
        }
    }
    None
}

/// A whole random game: the final state and its log.
pub fn random_game(
    seed: Seed,
    seats: usize,
    options: GodsOptions,
    rng: &mut Rng,
) -> Result<(Gods, Vec<(Seat, GodsTurn)>), String> {
    random_game_with(seed, Generator::Xoshiro256StarStar, seats, options, rng)
}

/// A whole random game whose own draws come from `generator` keyed with `seed` (`rng`
/// picks the turns).
pub fn random_game_with(
    seed: Seed,
    generator: Generator,
    seats: usize,
    options: GodsOptions,
    rng: &mut Rng,
) -> Result<(Gods, Vec<(Seat, GodsTurn)>), String> {
    let mut game = Gods::new_with(seed, generator, seats, options).map_err(|e| e.to_string())?;
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
