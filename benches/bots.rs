//! botbench: how strong the engine's bots are, in whole games between them.
//!
//! Gods, 2 and 4 gods: strong against greedy and greedy against random. In 2-god games the
//! two levels swap seats every other game; in 4-god games each level holds two seats,
//! alternately (A B A B, then B A B A). A level's score is 1 for a game it wins alone, ½
//! for one whose win it shares with the other level, 0 otherwise; the figure is its mean
//! with a 95 % Wilson interval (no edge at all would be 50 %).
//!
//! Dreams, 4 players, one level at every seat: how often a god names the mortal (chance:
//! 1 in 3) and how often the mortal names the true vision (chance: 1 in 4), with 95 %
//! Wilson intervals over all guesses of all rounds. The model of the images is the
//! standard deck's, from the service's card generator.
//!
//! Game `i` (0-based) uses seed `Seed::from_u64(first + i)`; the bot for a submission is
//! seeded from the game, the submission's number and the seat. Everything is single
//! threaded and deterministic but the timings.

use clap::Parser;
use games::bots::{dreams as dreams_bots, gods as gods_bots, Budget, Level};
use games::dreams::features::DeckFeatures;
use games::dreams::{Dreams, DreamsEvent};
use games::gods::{Gods, GodsOptions};
use games::{Game, Seat, Seed, Viewer};
use hermes_api::play::bots::standard_deck_features;
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(about = "Win rates of the engine's bots against each other")]
struct Args {
    /// Games per pairing.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The strong bots' playouts per decision.
    #[arg(long, default_value_t = 200)]
    playouts: u32,
    /// The first game's seed number.
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Only these parts: gods2, gods4, dreams (comma-separated).
    #[arg(long, default_value = "gods2,gods4,dreams")]
    only: String,
}

/// A 95 % Wilson score interval for `k` successes in `n` trials.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn rate(k: f64, n: f64) -> String {
    let (lo, hi) = wilson(k, n);
    format!(
        "{:5.1} % [{:4.1}, {:4.1}] ({k}/{n})",
        100.0 * k / n.max(1.0),
        100.0 * lo,
        100.0 * hi
    )
}

fn bot_seed(game: u64, n: u64, seat: Seat) -> Seed {
    Seed::from_u64(
        game.wrapping_mul(0x9E37_79B9)
            .wrapping_add(n * 8 + seat as u64)
            ^ 0xb075,
    )
}

/// Time spent per level, and decisions made.
#[derive(Default)]
struct Clock {
    spent: [Duration; 3],
    decisions: [u64; 3],
}

impl Clock {
    fn add(&mut self, level: Level, d: Duration) {
        let i = Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
        if let (Some(s), Some(n)) = (self.spent.get_mut(i), self.decisions.get_mut(i)) {
            *s += d;
            *n += 1;
        }
    }

    fn report(&self) -> String {
        Level::ALL
            .iter()
            .zip(self.spent.iter().zip(&self.decisions))
            .filter(|(_, (_, &n))| n > 0)
            .map(|(l, (s, &n))| {
                format!(
                    "{} {:.2} ms/decision",
                    l.name(),
                    s.as_secs_f64() * 1000.0 / n as f64
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One Gods game with `levels[seat]`; the winners.
fn gods_game(seed: u64, levels: &[Level], budget: Budget, clock: &mut Clock) -> Vec<Seat> {
    let Ok(mut game) = Gods::new(Seed::from_u64(seed), levels.len(), GodsOptions::default()) else {
        return Vec::new();
    };
    let mut n = 0;
    while let Some(&seat) = game.to_act().first() {
        let level = levels.get(seat).copied().unwrap_or(Level::Random);
        let view = game.view(Viewer::Seat(seat));
        let start = Instant::now();
        let turn = gods_bots::choose(&view, level, budget, bot_seed(seed, n, seat));
        clock.add(level, start.elapsed());
        let Some(turn) = turn else { break };
        match game.apply(seat, &turn) {
            Ok(applied) => game = applied.game,
            Err(e) => {
                eprintln!("game {seed}: {level:?} played an illegal turn: {e}");
                return Vec::new();
            }
        }
        n += 1;
    }
    game.outcome().map(|o| o.winners).unwrap_or_default()
}

fn gods_pairing(args: &Args, seats: usize, a: Level, b: Level) {
    let budget = Budget::playouts(args.playouts);
    let mut clock = Clock::default();
    let mut score = 0.0;
    let (mut wins, mut shared) = (0, 0);
    for i in 0..args.games {
        let seed = args.first + i;
        let a_first = i % 2 == 0;
        let levels: Vec<Level> = (0..seats)
            .map(|s| if (s % 2 == 0) == a_first { a } else { b })
            .collect();
        let winners = gods_game(seed, &levels, budget, &mut clock);
        let a_won = winners.iter().any(|&w| levels.get(w) == Some(&a));
        let b_won = winners.iter().any(|&w| levels.get(w) == Some(&b));
        match (a_won, b_won) {
            (true, false) => {
                score += 1.0;
                wins += 1;
            }
            (true, true) => {
                score += 0.5;
                shared += 1;
            }
            _ => {}
        }
    }
    println!(
        "gods {seats}p  {:>6} vs {:<6}  {}'s score {}  (won {wins}, shared {shared})  seeds {}..={}  {}",
        a.name(),
        b.name(),
        a.name(),
        rate(score, args.games as f64),
        args.first,
        args.first + args.games - 1,
        clock.report()
    );
}

fn dreams_table(args: &Args, seats: usize, level: Level, model: &DeckFeatures) {
    let budget = Budget::playouts(args.playouts);
    let mut clock = Clock::default();
    let (mut god_hits, mut god_guesses, mut mortal_hits, mut mortal_guesses) = (0, 0, 0, 0);
    let mut rounds = 0;
    for i in 0..args.games {
        let seed = args.first + i;
        let Ok(mut game) = Dreams::new(Seed::from_u64(seed), seats, Default::default()) else {
            continue;
        };
        let mut n = 0u64;
        while !game.is_over() {
            let to_act = game.to_act();
            let Some(&seat) = to_act.get((n as usize) % to_act.len().max(1)) else {
                break;
            };
            let view = game.view(Viewer::Seat(seat));
            let start = Instant::now();
            let turn =
                dreams_bots::choose(&view, Some(model), level, budget, bot_seed(seed, n, seat));
            clock.add(level, start.elapsed());
            let Some(turn) = turn else { break };
            let applied = match game.apply(seat, &turn) {
                Ok(a) => a,
                Err(e) => {
                    eprintln!("game {seed}: {level:?} played an illegal turn: {e}");
                    break;
                }
            };
            for logged in &applied.events {
                if let DreamsEvent::Revealed(r) = &logged.event {
                    rounds += 1;
                    for (s, g) in r.guesses.iter().enumerate() {
                        match g {
                            Some(games::dreams::Guess::Seat(x)) if s != r.mortal => {
                                god_guesses += 1;
                                god_hits += u32::from(*x == r.mortal);
                            }
                            Some(games::dreams::Guess::Image(v)) if s == r.mortal => {
                                mortal_guesses += 1;
                                mortal_hits += u32::from(*v == r.vision);
                            }
                            _ => {}
                        }
                    }
                }
            }
            game = applied.game;
            n += 1;
        }
    }
    println!(
        "dreams {seats}p all {:<6}  {rounds} rounds in {} games, seeds {}..={}  {}",
        level.name(),
        args.games,
        args.first,
        args.first + args.games - 1,
        clock.report()
    );
    println!(
        "    gods name the mortal      {}   chance {:.1} %",
        rate(f64::from(god_hits), f64::from(god_guesses)),
        100.0 / (seats - 1) as f64
    );
    println!(
        "    mortal names the vision   {}   chance 25.0 %",
        rate(f64::from(mortal_hits), f64::from(mortal_guesses))
    );
}

fn main() {
    let args = Args::parse();
    let parts: Vec<&str> = args.only.split(',').map(str::trim).collect();
    println!(
        "botbench: {} games per pairing, strong = {} playouts per decision",
        args.games, args.playouts
    );
    for (part, seats) in [("gods2", 2), ("gods4", 4)] {
        if parts.contains(&part) {
            gods_pairing(&args, seats, Level::Strong, Level::Greedy);
            gods_pairing(&args, seats, Level::Greedy, Level::Random);
        }
    }
    if parts.contains(&"dreams") {
        let model = standard_deck_features();
        assert!(
            model.is_complete(),
            "the standard deck's model is incomplete"
        );
        for level in [Level::Random, Level::Greedy, Level::Strong] {
            dreams_table(&args, 4, level, &model);
        }
    }
}
