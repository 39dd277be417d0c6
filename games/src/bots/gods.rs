//! Gods bots: [`choose`] a whole turn for the god to move, from that god's view.
//!
//! * `random`: [`random_turn`] on the game rebuilt from the view.
//! * `greedy`: the best whole turn by [`evaluate`], found by a beam over the turn's steps
//!   (every first action, then every next action after the best first ones).
//! * `strong`: determinized flat Monte Carlo search at the root: the greedy beam's best
//!   few whole turns are the candidates; each playout deals the unseen tiles into a pile
//!   afresh ([`determinize`]: the tiles the seat cannot see, the game-end tile among the
//!   last ones as G-B4 put it there), plays the candidate, then every god's next turn
//!   (the others', then the seat's own) with a sequential greedy policy, and scores the
//!   position reached by [`evaluate`] (the final score if the game ended). The budget is
//!   spent by sequential halving with common random numbers (see `strong_turn`).
//!
//! Everything a turn's legality depends on is public (G-X4): the view holds it all, and
//! [`Gods::from_view`] judges a turn exactly as the server will. Only the pile's order is
//! hidden, and the view has only its length.

use super::{bot_rng, Budget, Level};
use crate::game::{Game, Seat, Viewer};
use crate::gods::actions::{apply_step, playable_extra_actions, TurnProgress};
use crate::gods::legal::{any_action, enumerate};
use crate::gods::random::random_turn;
use crate::gods::setup::all_tiles;
use crate::gods::view::GodsView;
use crate::gods::{end, Cell, Colour, Draw, Gods, GodsTurn, Phase, Step, TempleMajority, Tile};
use crate::rng::{Rng, Seed};

/// First actions kept by the greedy beam before the second action is searched in full.
const BEAM: usize = 10;
/// Whole turns a strong bot searches between.
const CANDIDATES: usize = 8;
/// Rounds played ahead after the candidate in one playout (each god's next turn).
const ROUNDS_AHEAD: usize = 1;
/// Steps the playout policy tries at each step of a turn: with more than this many legal
/// steps it tries this many drawn at random. Trying them all (sequential greedy) made the
/// search beat the greedy bot; trying 8 made it lose to it.
const ROLLOUT_SAMPLES: usize = 10_000;

/// The turn the god to move plays at `level`, from their own view, or `None` when the
/// view is not of the god to move (or the game is over). Deterministic in `seed`.
pub fn choose(view: &GodsView, level: Level, budget: Budget, seed: Seed) -> Option<GodsTurn> {
    let seat = view.to_move?;
    if view.viewer != Viewer::Seat(seat) || view.phase == Phase::Over {
        return None;
    }
    let game = Gods::from_view(view);
    let mut rng = bot_rng(&seed);
    match level {
        Level::Random => random_turn(&game, &mut rng),
        Level::Greedy => Some(greedy_turn(&game, seat)),
        Level::Strong => Some(strong_turn(view, &game, seat, budget, &mut rng)),
    }
}

/// The value of the position for `seat`: their worth ([`worth`]) less the best of the
/// others'. In points: a village founded with its VP tile is worth 5.
pub fn evaluate(game: &Gods, seat: Seat) -> f64 {
    let worths = worths(game);
    let mine = worths.get(seat).copied().unwrap_or_default();
    let best_other = worths
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &w)| w)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        mine - best_other
    } else {
        mine
    }
}

/// Each god's worth: the points they would score now (G-E3), plus a share of a village
/// for each marked tribe toward the next one of its colour (while villages of that colour
/// remain), a little per crystal and per kept extra-action tile.
fn worths(game: &Gods) -> Vec<f64> {
    let seats = game.gods.len();
    // Marked tribes per god and colour, and temples per god, in one pass over the board.
    let mut marked = vec![[0u32; 4]; seats];
    let mut temples = vec![0usize; seats];
    for (_, cell) in game.board.iter() {
        match cell {
            Cell::Tribe {
                colour,
                marker: Some(god),
            } => {
                if let Some(row) = marked.get_mut(god) {
                    if let Some(n) = row.get_mut(colour.index()) {
                        *n += 1;
                    }
                }
            }
            Cell::Temple { god } => {
                if let Some(t) = temples.get_mut(god) {
                    *t += 1;
                }
            }
            _ => {}
        }
    }
    let most = temples.iter().copied().max().unwrap_or(0);
    let majority = match game.options.temple_majority {
        TempleMajority::Penalty => -4.0,
        TempleMajority::Bonus => 4.0,
    };
    game.gods
        .iter()
        .zip(marked.iter().zip(&temples))
        .map(|(god, (marked, &t))| {
            let points = 3.0 * f64::from(god.villages.total()) + 2.0 * f64::from(god.vp.total());
            let held_majority = if t == most { majority } else { 0.0 };
            let progress: f64 = Colour::ALL
                .iter()
                .zip(marked.iter())
                .map(|(&c, &n)| {
                    let toward = f64::from(n % 3);
                    if game.village_supply.get(c) > 0 {
                        toward * if game.vp_supply.get(c) > 0 { 1.4 } else { 0.9 }
                    } else {
                        // Tribes beyond a village keep it when a temple converts one.
                        toward * 0.3
                    }
                })
                .sum();
            points
                + held_majority
                + progress
                + 0.3 * f64::from(god.crystals)
                + 1.2 * f64::from(god.extra_actions)
        })
        .collect()
}

/// Would `seat` win if the game ended now (alone)?
fn wins_now(game: &Gods, seat: Seat) -> bool {
    let scores = end::scores(game);
    end::winners(game, &scores) == vec![seat]
}

/// A partly written turn: the game after its steps, and where the turn stands.
#[derive(Clone)]
struct Partial {
    game: Gods,
    progress: TurnProgress,
    steps: Vec<Step>,
    score: f64,
}

impl Partial {
    fn done(&self) -> bool {
        self.progress.owed == 0 || self.progress.stuck
    }

    /// This turn with `step` added, or `None` if the rules refuse it.
    fn with(
        &self,
        seat: Seat,
        step: Step,
        scratch: &mut Vec<crate::Logged<crate::gods::GodsEvent>>,
    ) -> Option<Partial> {
        let mut next = self.clone();
        scratch.clear();
        apply_step(&mut next.game, seat, &mut next.progress, &step, scratch).ok()?;
        if next.progress.owed > 0 && !any_action(&next.game, seat, &next.progress) {
            next.progress.stuck = true;
        }
        next.steps.push(step);
        next.score = evaluate(&next.game, seat);
        Some(next)
    }
}

/// The start of `seat`'s turn: kept extra-action tiles are played at once (an action
/// more is worth more than the tile kept).
fn start(game: &Gods, seat: Seat) -> Option<Partial> {
    let mut scratch = Vec::new();
    let mut partial = Partial {
        game: game.clone(),
        progress: TurnProgress::start(),
        steps: Vec::new(),
        score: evaluate(game, seat),
    };
    while playable_extra_actions(&partial.game, seat, &partial.progress) > 0
        && !partial.progress.stuck
    {
        partial = partial.with(seat, Step::PlayExtraAction, &mut scratch)?;
    }
    Some(partial)
}

/// The best whole turns by the greedy beam, best first, without two that reach the same
/// position.
fn plan(game: &Gods, seat: Seat, beam: usize, keep: usize) -> Vec<Partial> {
    let Some(first) = start(game, seat) else {
        return Vec::new();
    };
    let mut scratch = Vec::new();
    let mut layer = vec![first];
    // Each layer adds one action; at most 2 owed + 2 extra-action tiles.
    for _ in 0..6 {
        if layer.iter().all(Partial::done) {
            break;
        }
        let mut next: Vec<Partial> = Vec::new();
        for partial in &layer {
            if partial.done() {
                next.push(partial.clone());
                continue;
            }
            for step in enumerate(&partial.game, seat, &partial.progress) {
                if !step.is_action() {
                    continue;
                }
                if let Some(child) = partial.with(seat, step, &mut scratch) {
                    next.push(child);
                }
            }
        }
        sort_best_first(&mut next);
        let open = next.iter().any(|p| !p.done());
        next.truncate(if open { beam } else { keep.max(beam) });
        if next.is_empty() {
            break;
        }
        layer = next;
    }
    let mut out: Vec<Partial> = Vec::new();
    for p in layer {
        if p.done() && !out.iter().any(|o| o.game == p.game) {
            out.push(p);
        }
        if out.len() >= keep {
            break;
        }
    }
    out
}

fn sort_best_first(partials: &mut [Partial]) {
    // Stable: among equals the earlier step (in the rules' enumeration order) stays first.
    partials.sort_by(|a, b| b.score.total_cmp(&a.score));
}

/// The greedy turn: declare the end when that wins, else the best whole turn.
fn greedy_turn(game: &Gods, seat: Seat) -> GodsTurn {
    if game.phase == Phase::MayDeclare {
        return GodsTurn {
            declare_end: wins_now(game, seat),
            steps: Vec::new(),
        };
    }
    match plan(game, seat, BEAM, 1).into_iter().next() {
        Some(best) => GodsTurn {
            declare_end: false,
            steps: best.steps,
        },
        // Nothing legal (the engine forfeits, G-T4): the empty turn is what is left.
        None => GodsTurn::default(),
    }
}

/// The tiles `view`'s seat cannot see: every tile of the game but those on the board, on
/// display, out of the game and kept by a god. The game-end tile is left out (see
/// [`determinize`]).
pub fn unseen_tiles(view: &GodsView) -> Vec<Tile> {
    let mut tiles = all_tiles(&view.options);
    let mut seen: Vec<Tile> = Vec::new();
    for (_, cell) in view.board.iter() {
        match cell {
            Cell::Tribe { colour, .. } => seen.push(Tile::Tribe(colour)),
            Cell::Desert => seen.push(Tile::Desert),
            Cell::Decay => seen.push(Tile::Decay),
            Cell::Temple { .. } => {}
        }
    }
    seen.extend(view.display.iter().copied());
    seen.extend(view.removed.iter().copied());
    for god in &view.gods {
        seen.extend(std::iter::repeat_n(
            Tile::ExtraAction,
            usize::from(god.extra_actions),
        ));
    }
    seen.push(Tile::GameEnd);
    for tile in seen {
        if let Some(i) = tiles.iter().position(|&t| t == tile) {
            tiles.swap_remove(i);
        }
    }
    tiles.sort_unstable();
    tiles
}

/// One game the view's seat cannot tell from the real one: the view's public facts, and
/// a pile (or bag) dealt from [`unseen_tiles`] — in the pile variant with the game-end
/// tile at a uniform place among the last `end_tile_depth` (G-B4), as far as that many
/// remain — and a generator of its own for the bag's draws. Never reads the real pile:
/// it is not in the view.
pub fn determinize(view: &GodsView, rng: &mut Rng) -> Gods {
    let mut game = Gods::from_view(view);
    let mut tiles = unseen_tiles(view);
    rng.shuffle(&mut tiles);
    match view.options.draw {
        Draw::Pile => {
            // The pile holds the unseen tiles and the game-end tile.
            tiles.truncate(view.tiles_remaining.saturating_sub(1));
            let depth = usize::from(view.options.end_tile_depth)
                .min(tiles.len() + 1)
                .max(1);
            if view.tiles_remaining > 0 {
                tiles.insert(rng.below(depth), Tile::GameEnd);
            }
        }
        Draw::Bag => tiles.truncate(view.tiles_remaining),
    }
    game.pile = tiles;
    game.rng = Rng::from_seed(&Seed::from_u64(rng.next_u64()));
    game
}

/// The playout policy: for each action, the best by [`evaluate`] of a few legal steps
/// drawn at random (all of them when there are few); declares the end when that wins.
fn rollout_turn(game: &Gods, rng: &mut Rng) -> Option<GodsTurn> {
    let seat = game.to_move;
    match game.phase {
        Phase::Over => return None,
        Phase::MayDeclare => {
            return Some(GodsTurn {
                declare_end: wins_now(game, seat),
                steps: Vec::new(),
            })
        }
        Phase::Actions => {}
    }
    let mut partial = start(game, seat)?;
    let mut scratch = Vec::new();
    for _ in 0..6 {
        if partial.done() {
            break;
        }
        let steps: Vec<Step> = enumerate(&partial.game, seat, &partial.progress)
            .into_iter()
            .filter(Step::is_action)
            .collect();
        let tries: Vec<Step> = if steps.len() <= ROLLOUT_SAMPLES {
            steps
        } else {
            (0..ROLLOUT_SAMPLES)
                .filter_map(|_| steps.get(rng.below(steps.len())).copied())
                .collect()
        };
        let best = tries
            .into_iter()
            .filter_map(|s| partial.with(seat, s, &mut scratch))
            .max_by(|a, b| a.score.total_cmp(&b.score))?;
        partial = best;
    }
    Some(GodsTurn {
        declare_end: false,
        steps: partial.steps,
    })
}

/// One playout: `turn` played in a determinized game, then the others' turns and ours
/// for a few rounds; the value for `seat` of where it ends.
fn playout(view: &GodsView, seat: Seat, turn: &GodsTurn, rng: &mut Rng) -> Option<f64> {
    let mut game = determinize(view, rng).apply(seat, turn).ok()?.game;
    for _ in 0..ROUNDS_AHEAD * game.gods.len() {
        let Some(next) = rollout_turn(&game, rng) else {
            break;
        };
        let mover = game.to_move;
        match game.apply(mover, &next) {
            Ok(applied) => game = applied.game,
            Err(_) => break,
        }
    }
    Some(match game.outcome() {
        Some(outcome) => {
            let mine = outcome.scores.get(seat).copied().unwrap_or_default() as f64;
            let best_other = outcome
                .scores
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != seat)
                .map(|(_, &v)| v as f64)
                .fold(f64::NEG_INFINITY, f64::max);
            let won = if outcome.winners.contains(&seat) {
                10.0 / outcome.winners.len() as f64
            } else {
                -10.0
            };
            mine - best_other.max(-1e9) + won
        }
        None => evaluate(&game, seat),
    })
}

fn strong_turn(
    view: &GodsView,
    game: &Gods,
    seat: Seat,
    budget: Budget,
    rng: &mut Rng,
) -> GodsTurn {
    if game.phase == Phase::MayDeclare {
        return greedy_turn(game, seat);
    }
    let candidates: Vec<GodsTurn> = plan(game, seat, BEAM, CANDIDATES)
        .into_iter()
        .map(|p| GodsTurn {
            declare_end: false,
            steps: p.steps,
        })
        .collect();
    if candidates.len() <= 1 || budget.playouts == 0 {
        return candidates.into_iter().next().unwrap_or_default();
    }
    // Sequential halving with common random numbers: every candidate still in the race
    // is played on the same sampled piles and with the same playout draws, so that their
    // means differ by the candidates' merit more than by the luck of the draw; after each
    // round the worse half drops out. The budget is shared evenly between the rounds.
    let base = rng.next_u64();
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let mut sum = vec![0.0f64; candidates.len()];
    let mut samples = 0u64;
    let rounds = u64::from(usize::BITS - (candidates.len() - 1).leading_zeros()).max(1);
    let mut left = u64::from(budget.playouts);
    for round in 0..rounds {
        let share = left / (rounds - round);
        let more = (share / alive.len() as u64).max(1);
        for j in samples..samples + more {
            for &c in &alive {
                let Some(turn) = candidates.get(c) else {
                    continue;
                };
                let mut draw = Rng::from_seed(&Seed::from_u64(
                    base ^ j.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                ));
                let value = playout(view, seat, turn, &mut draw).unwrap_or(-1e6);
                if let Some(s) = sum.get_mut(c) {
                    *s += value;
                }
            }
        }
        samples += more;
        left = left.saturating_sub(more * alive.len() as u64);
        // Best first; on a tie the greedy's order (the candidates come best first).
        alive.sort_by(|&a, &b| {
            let (x, y) = (sum.get(a).unwrap_or(&0.0), sum.get(b).unwrap_or(&0.0));
            y.total_cmp(x).then(a.cmp(&b))
        });
        alive.truncate(alive.len().div_ceil(2));
        if alive.len() <= 1 || left == 0 {
            break;
        }
    }
    let best = alive.first().copied().unwrap_or(0);
    candidates.into_iter().nth(best).unwrap_or_default()
}
