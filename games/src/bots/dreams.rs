//! Dreams bots: [`choose`] one submission (a star or a guess) for a seat, from that seat's
//! view and a model of the images ([`DeckFeatures`]).
//!
//! The model: a star at point `p` fits an image as well as the image's nearest feature
//! is near `p` (1 on the feature's centre, falling to 0 at [`REACH`] hundredths away).
//!
//! * `random`: a random unplaced star on a uniformly random free point; a god names a
//!   random other seat, the mortal a random image. Also every level's play without a
//!   model ([`Level::effective`]).
//! * `greedy`: a god places stars on the true vision's features (those the other images
//!   share least); the mortal on points that fit the images it believes likely, which
//!   before any evidence are the points several images share. The belief: image `i` is
//!   the vision with a weight growing with how well the others' stars fit it. A god names
//!   the seat whose stars fit the true vision worst; the mortal names the image the
//!   others' stars (all of them gods') fit best.
//! * `strong`: determinized flat Monte Carlo over the greedy's best points, with UCB1:
//!   each playout samples what the seat does not know from its own view (a god: who the
//!   mortal is, weighted by how badly each other seat's stars fit the vision; the mortal:
//!   the vision, from its belief), plays the rest of the round with every seat playing
//!   greedily with a little noise under what it would know, then the guesses, and scores
//!   the round (D-R7) for the seat. Guesses are the greedy ones.

use super::{bot_rng, weighted, Budget, Level};
use crate::dreams::features::{DeckFeatures, Feature};
use crate::dreams::view::DreamsView;
use crate::dreams::{score, DreamsTurn, Guess, Phase, Role, IMAGES, SIDE, STARS_PER_SEAT};
use crate::game::Seat;
use crate::rng::{Rng, Seed};

/// How far from a feature's centre a star still points at it, in hundredths.
pub const REACH: f64 = 22.0;
/// How sharply the evidence of the stars moves a belief (per unit of fit).
const BELIEF_SHARPNESS: f64 = 2.0;
/// Points a strong bot searches between.
const CANDIDATES: usize = 6;
/// UCB1's exploration constant, in round points.
const EXPLORE: f64 = 1.5;
/// The playout policy's noise, in units of a star's score.
const NOISE: f64 = 0.2;

/// The submission of the view's own seat at `level`, or `None` when it need not act (or
/// the view is a spectator's). Without a complete model of the deck's images the bot
/// plays at random, whatever `level` says ([`Level::effective`]). Deterministic in `seed`.
pub fn choose(
    view: &DreamsView,
    features: Option<&DeckFeatures>,
    level: Level,
    budget: Budget,
    seed: Seed,
) -> Option<DreamsTurn> {
    let me = view.me?;
    if !view.to_act.contains(&me.seat) {
        return None;
    }
    let mut rng = bot_rng(&seed);
    let model = features.filter(|f| f.is_complete());
    let (level, model) = match (level.effective(model.is_some()), model) {
        (Level::Random, _) | (_, None) => return random(view, me.seat, &mut rng),
        (level, Some(model)) => (level, model),
    };
    let table = Table::new(view, model)?;
    let knows = match (me.role, me.vision) {
        (Role::God, Some(v)) => Knows::Vision(usize::from(v).checked_sub(1)?),
        _ => Knows::Nothing,
    };
    match view.phase {
        Phase::Over => None,
        Phase::Guess => Some(DreamsTurn::guess(table.guess(me.seat, knows))),
        Phase::Stars => {
            let kind = view.unplaced.get(me.seat)?.first().copied()?;
            let point = match level {
                Level::Strong => table.strong_point(me.seat, knows, budget, &mut rng),
                _ => table.best_points(me.seat, knows, 1).into_iter().next(),
            }?;
            let (x, y) = table.points.get(point).map(|p| p.at)?;
            Some(DreamsTurn::star(kind, u32::from(x), u32::from(y)))
        }
    }
}

/// What a seat knows of the round's secret: a god the vision (0-based), the mortal nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Knows {
    Vision(usize),
    Nothing,
}

/// A uniformly random legal submission (no pass).
fn random(view: &DreamsView, seat: Seat, rng: &mut Rng) -> Option<DreamsTurn> {
    let me = view.me?;
    match view.phase {
        Phase::Over => None,
        Phase::Stars => {
            let kinds = view.unplaced.get(seat)?;
            let kind = *kinds.get(rng.below(kinds.len()))?;
            let side = usize::try_from(SIDE).unwrap_or(100) + 1;
            let taken = |x: usize, y: usize| {
                view.stars
                    .iter()
                    .any(|s| usize::from(s.x) == x && usize::from(s.y) == y)
            };
            // At most 17 points are taken of 10,201: a few tries find a free one.
            for _ in 0..64 {
                let (x, y) = (rng.below(side), rng.below(side));
                if !taken(x, y) {
                    return Some(DreamsTurn::star(kind, x as u32, y as u32));
                }
            }
            (0..side)
                .flat_map(|y| (0..side).map(move |x| (x, y)))
                .find(|&(x, y)| !taken(x, y))
                .map(|(x, y)| DreamsTurn::star(kind, x as u32, y as u32))
        }
        Phase::Guess => Some(DreamsTurn::guess(match me.role {
            Role::Mortal => Guess::Image(u8::try_from(rng.below(usize::from(IMAGES)) + 1).ok()?),
            Role::God => {
                let seats = view.scores.len();
                let others = seats.checked_sub(1).filter(|&n| n > 0)?;
                Guess::Seat((seat + 1 + rng.below(others)) % seats)
            }
        })),
    }
}

/// How well a star at `(x, y)` fits each of the round's four images.
type Fits = [f64; 4];

fn fit(features: &[Feature], x: u8, y: u8) -> f64 {
    features
        .iter()
        .map(|f| {
            let dx = f64::from(f.x) - f64::from(x);
            let dy = f64::from(f.y) - f64::from(y);
            (1.0 - (dx * dx + dy * dy).sqrt() / REACH).max(0.0)
        })
        .fold(0.0, f64::max)
}

/// A point a star may go to, with its fits.
#[derive(Debug, Clone, Copy)]
struct Point {
    at: (u8, u8),
    fits: Fits,
}

/// A star on the firmament as the bots see it.
#[derive(Debug, Clone, Copy)]
struct Mark {
    seat: Seat,
    at: (u8, u8),
    fits: Fits,
}

/// The round as a seat sees it, with the fits of every point worth considering.
#[derive(Debug, Clone)]
struct Table {
    seats: usize,
    /// Candidate points: every feature's centre and a few points around it, and a
    /// coarse grid over the whole firmament.
    points: Vec<Point>,
    marks: Vec<Mark>,
    /// The submissions still to come this round, in order (the first is the placer's).
    order: Vec<Seat>,
}

impl Table {
    fn new(view: &DreamsView, model: &DeckFeatures) -> Option<Table> {
        let images: Vec<&[Feature]> = view.cards.iter().map(|&c| model.card(c)).collect();
        let fits_at = |x: u8, y: u8| -> Fits {
            let mut f = [0.0; 4];
            for (slot, image) in f.iter_mut().zip(&images) {
                *slot = fit(image, x, y);
            }
            f
        };
        let side = u8::try_from(SIDE).unwrap_or(100);
        let mut at: Vec<(u8, u8)> = Vec::new();
        for image in &images {
            for f in image.iter() {
                for (dx, dy) in [(0i16, 0i16), (3, 0), (-3, 0), (0, 3), (0, -3)] {
                    let x = (i16::from(f.x) + dx).clamp(0, i16::from(side));
                    let y = (i16::from(f.y) + dy).clamp(0, i16::from(side));
                    at.push((u8::try_from(x).unwrap_or(0), u8::try_from(y).unwrap_or(0)));
                }
            }
        }
        for y in (5..=95).step_by(10) {
            for x in (5..=95).step_by(10) {
                at.push((x, y));
            }
        }
        at.sort_unstable();
        at.dedup();
        let points = at
            .into_iter()
            .map(|(x, y)| Point {
                at: (x, y),
                fits: fits_at(x, y),
            })
            .collect();
        let marks = view
            .stars
            .iter()
            .map(|s| Mark {
                seat: s.seat,
                at: (s.x, s.y),
                fits: fits_at(s.x, s.y),
            })
            .collect();
        let seats = view.scores.len();
        let done: usize = view
            .unplaced
            .iter()
            .map(|u| STARS_PER_SEAT.saturating_sub(u.len()))
            .sum();
        let order = (done..STARS_PER_SEAT * seats)
            .map(|k| (view.dealer + k) % seats.max(1))
            .collect();
        Some(Table {
            seats,
            points,
            marks,
            order,
        })
    }

    fn is_free(&self, at: (u8, u8)) -> bool {
        !self.marks.iter().any(|m| m.at == at)
    }

    /// The mortal's belief about the vision from the stars of everyone but `seat`.
    fn belief(&self, seat: Seat) -> [f64; 4] {
        let mut evidence = [0.0; 4];
        for m in self.marks.iter().filter(|m| m.seat != seat) {
            for (e, f) in evidence.iter_mut().zip(m.fits) {
                *e += f;
            }
        }
        let top = evidence.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut p = evidence.map(|e| (BELIEF_SHARPNESS * (e - top)).exp());
        let total: f64 = p.iter().sum();
        for x in &mut p {
            *x /= total;
        }
        p
    }

    /// How well a star with these fits serves a seat that knows `knows` (and, for the
    /// mortal, believes `belief`).
    fn star_score(fits: &Fits, knows: Knows, belief: &[f64; 4]) -> f64 {
        match knows {
            Knows::Vision(v) => {
                let (own, others) = Self::own_and_others(fits, v);
                own - 0.25 * others
            }
            Knows::Nothing => fits.iter().zip(belief).map(|(f, p)| f * p).sum(),
        }
    }

    /// How godlike a star looks to a god who knows the vision `v`.
    fn godlike(fits: &Fits, v: usize) -> f64 {
        let (own, others) = Self::own_and_others(fits, v);
        own - 0.5 * others
    }

    /// A star's fit to image `v`, and its mean fit to the three other images.
    fn own_and_others(fits: &Fits, v: usize) -> (f64, f64) {
        let own = fits.get(v).copied().unwrap_or_default();
        let others: f64 = fits
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != v)
            .map(|(_, f)| f)
            .sum::<f64>()
            / 3.0;
        (own, others)
    }

    /// The free points best for `seat`, best first (indices into `points`).
    fn best_points(&self, seat: Seat, knows: Knows, n: usize) -> Vec<usize> {
        let belief = self.belief(seat);
        let mut scored: Vec<(f64, usize)> = self
            .points
            .iter()
            .enumerate()
            .filter(|(_, p)| self.is_free(p.at))
            .map(|(i, p)| (Self::star_score(&p.fits, knows, &belief), i))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().take(n).map(|(_, i)| i).collect()
    }

    /// The greedy guess of `seat`.
    fn guess(&self, seat: Seat, knows: Knows) -> Guess {
        match knows {
            Knows::Vision(v) => Guess::Seat(self.suspect(seat, v)),
            Knows::Nothing => {
                let belief = self.belief(seat);
                let best = (0..belief.len())
                    .max_by(|&a, &b| {
                        belief
                            .get(a)
                            .unwrap_or(&0.0)
                            .total_cmp(belief.get(b).unwrap_or(&0.0))
                            .then(b.cmp(&a))
                    })
                    .unwrap_or(0);
                Guess::Image(u8::try_from(best + 1).unwrap_or(1))
            }
        }
    }

    /// How godlike each seat's stars look to a god who knows vision `v`: the mean over
    /// its three submissions (a pass counts as a star that fits nothing).
    fn godliness(&self, v: usize) -> Vec<f64> {
        let mut sum = vec![0.0; self.seats];
        for m in &self.marks {
            if let Some(s) = sum.get_mut(m.seat) {
                *s += Self::godlike(&m.fits, v);
            }
        }
        sum.into_iter().map(|s| s / STARS_PER_SEAT as f64).collect()
    }

    /// The seat (not `seat`) whose stars fit vision `v` worst.
    fn suspect(&self, seat: Seat, v: usize) -> Seat {
        let godliness = self.godliness(v);
        (0..self.seats)
            .filter(|&s| s != seat)
            .min_by(|&a, &b| {
                godliness
                    .get(a)
                    .unwrap_or(&0.0)
                    .total_cmp(godliness.get(b).unwrap_or(&0.0))
                    .then(a.cmp(&b))
            })
            .unwrap_or((seat + 1) % self.seats.max(1))
    }

    fn place(&mut self, seat: Seat, point: usize) {
        if let Some(p) = self.points.get(point) {
            self.marks.push(Mark {
                seat,
                at: p.at,
                fits: p.fits,
            });
        }
    }

    /// The strong bot's point: UCB1 over the greedy's best points, each playout a round
    /// finished under hidden facts sampled from what `seat` knows.
    fn strong_point(
        &self,
        seat: Seat,
        knows: Knows,
        budget: Budget,
        rng: &mut Rng,
    ) -> Option<usize> {
        let mut candidates = self.best_points(seat, knows, CANDIDATES);
        if knows == Knows::Nothing {
            // The mortal may also pose as a god of any image: each image's most godlike
            // free point is a candidate too.
            for v in 0..4 {
                for p in self.best_points(seat, Knows::Vision(v), 1) {
                    if !candidates.contains(&p) {
                        candidates.push(p);
                    }
                }
            }
        }
        if candidates.len() <= 1 || budget.playouts == 0 {
            return candidates.first().copied();
        }
        // Who the mortal may be (a god), or what the vision may be (the mortal).
        let (mortals, visions): (Vec<f64>, [f64; 4]) = match knows {
            Knows::Vision(v) => {
                let g = self.godliness(v);
                let w = (0..self.seats)
                    .map(|s| {
                        if s == seat {
                            0.0
                        } else {
                            (-4.0 * g.get(s).copied().unwrap_or_default()).exp()
                        }
                    })
                    .collect();
                let mut one = [0.0; 4];
                if let Some(x) = one.get_mut(v) {
                    *x = 1.0;
                }
                (w, one)
            }
            Knows::Nothing => {
                let mut w = vec![0.0; self.seats];
                if let Some(x) = w.get_mut(seat) {
                    *x = 1.0;
                }
                (w, self.belief(seat))
            }
        };
        let mut n = vec![0u32; candidates.len()];
        let mut sum = vec![0.0f64; candidates.len()];
        for t in 0..budget.playouts {
            let pick = if (t as usize) < candidates.len() {
                t as usize
            } else {
                let ln = f64::from(t).ln();
                (0..candidates.len())
                    .max_by(|&a, &b| {
                        ucb(&n, &sum, a, ln)
                            .total_cmp(&ucb(&n, &sum, b, ln))
                            .then(b.cmp(&a))
                    })
                    .unwrap_or(0)
            };
            let (Some(&point), Some(mortal), Some(vision)) = (
                candidates.get(pick),
                weighted(&mortals, rng),
                weighted(&visions, rng),
            ) else {
                break;
            };
            let value = self.playout(seat, point, mortal, vision, rng);
            if let (Some(c), Some(s)) = (n.get_mut(pick), sum.get_mut(pick)) {
                *c += 1;
                *s += value;
            }
        }
        let best = (0..candidates.len())
            .max_by(|&a, &b| {
                mean(&n, &sum, a)
                    .total_cmp(&mean(&n, &sum, b))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        candidates.get(best).copied()
    }

    /// `seat` places at `point`; everyone else plays the round out greedily with noise,
    /// with `mortal` the mortal and `vision` the vision; `seat`'s points in the round.
    fn playout(&self, seat: Seat, point: usize, mortal: Seat, vision: usize, rng: &mut Rng) -> f64 {
        let mut table = self.clone();
        table.place(seat, point);
        let knows = |s: Seat| {
            if s == mortal {
                Knows::Nothing
            } else {
                Knows::Vision(vision)
            }
        };
        for &s in self.order.iter().skip(1) {
            let belief = table.belief(s);
            let k = knows(s);
            let best = table
                .points
                .iter()
                .enumerate()
                .filter(|(_, p)| table.is_free(p.at))
                .map(|(i, p)| {
                    let noise = NOISE * (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                    (Self::star_score(&p.fits, k, &belief) + noise, i)
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, i)| i);
            if let Some(i) = best {
                table.place(s, i);
            }
        }
        let guesses: Vec<Option<Guess>> = (0..table.seats)
            .map(|s| Some(table.guess(s, knows(s))))
            .collect();
        let vision = u8::try_from(vision + 1).unwrap_or(1);
        let points = score::points(mortal, vision, &guesses);
        f64::from(points.get(seat).copied().unwrap_or_default())
    }
}

fn mean(n: &[u32], sum: &[f64], i: usize) -> f64 {
    match (n.get(i), sum.get(i)) {
        (Some(&c), Some(&s)) if c > 0 => s / f64::from(c),
        _ => f64::NEG_INFINITY,
    }
}

fn ucb(n: &[u32], sum: &[f64], i: usize, ln_total: f64) -> f64 {
    let c = n.get(i).copied().unwrap_or(0);
    if c == 0 {
        return f64::INFINITY;
    }
    mean(n, sum, i) + EXPLORE * (ln_total / f64::from(c)).sqrt()
}
