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
//! seeded from the game, the submission's number and the seat. The games are shared out
//! between `--jobs` threads; every game is deterministic, so the figures do not depend on
//! the threads, only the timings do. A decision's time is the CPU time of its thread (one
//! core), so other work on the machine does not inflate it.
//!
//! The strong bots' budget is the service's (`Budget::for_seats`: 200 playouts for 2 gods,
//! 50 for 4) unless `--playouts` sets one.

use clap::Parser;
use games::bots::{dreams as dreams_bots, gods as gods_bots, Budget, Level};
use games::dreams::features::DeckFeatures;
use games::dreams::{Dreams, DreamsEvent};
use games::gods::{Gods, GodsOptions};
use games::{Game, Seat, Seed, Viewer};
use hermes_api::play::bots::standard_deck_features;
use std::sync::Mutex;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(about = "Win rates of the engine's bots against each other")]
struct Args {
    /// Games per pairing.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The strong bots' playouts per decision (default: the service's budget for the
    /// table's size).
    #[arg(long)]
    playouts: Option<u32>,
    /// Threads playing games side by side (default: the machine's cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// The first game's seed number.
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Only these parts: gods2, gods4, dreams (comma-separated).
    #[arg(long, default_value = "gods2,gods4,dreams")]
    only: String,
    /// Only these Gods pairings: strong-greedy, greedy-random (comma-separated).
    #[arg(long, default_value = "strong-greedy,greedy-random")]
    pairings: String,
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

/// This thread's CPU time so far, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "this system cannot tell a thread's CPU time");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// CPU time spent per level, decisions made, and the longest decision.
#[derive(Default, Clone)]
struct Clock {
    spent_ns: [u64; 3],
    decisions: [u64; 3],
    longest_ns: [u64; 3],
}

impl Clock {
    fn add(&mut self, level: Level, ns: u64) {
        let i = Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
        if let (Some(s), Some(n), Some(m)) = (
            self.spent_ns.get_mut(i),
            self.decisions.get_mut(i),
            self.longest_ns.get_mut(i),
        ) {
            *s += ns;
            *n += 1;
            *m = (*m).max(ns);
        }
    }

    fn merge(&mut self, other: &Clock) {
        for i in 0..3 {
            if let (Some(s), Some(n), Some(m)) = (
                self.spent_ns.get_mut(i),
                self.decisions.get_mut(i),
                self.longest_ns.get_mut(i),
            ) {
                *s += other.spent_ns.get(i).copied().unwrap_or(0);
                *n += other.decisions.get(i).copied().unwrap_or(0);
                *m = (*m).max(other.longest_ns.get(i).copied().unwrap_or(0));
            }
        }
    }

    fn report(&self) -> String {
        Level::ALL
            .iter()
            .enumerate()
            .filter_map(|(i, l)| {
                let n = *self.decisions.get(i)?;
                let spent = *self.spent_ns.get(i)? as f64 / 1e6;
                let longest = *self.longest_ns.get(i)? as f64 / 1e6;
                (n > 0).then(|| {
                    format!(
                        "{} {:.2} ms/decision (longest {longest:.0} ms, {n} decisions)",
                        l.name(),
                        spent / n as f64,
                    )
                })
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `f(i)` for every game `0..games`, shared out between `jobs` threads, with each thread's
/// clock merged; the results in game order.
fn run_games<T: Send>(
    games: u64,
    jobs: usize,
    f: impl Fn(u64, &mut Clock) -> T + Sync,
) -> (Vec<T>, Clock) {
    let results: Mutex<Vec<(u64, T)>> = Mutex::new(Vec::new());
    let total = Mutex::new(Clock::default());
    std::thread::scope(|scope| {
        for job in 0..jobs.max(1) as u64 {
            let (f, results, total) = (&f, &results, &total);
            scope.spawn(move || {
                let mut clock = Clock::default();
                let mut mine = Vec::new();
                let mut i = job;
                while i < games {
                    mine.push((i, f(i, &mut clock)));
                    i += jobs.max(1) as u64;
                }
                results.lock().expect("results").extend(mine);
                total.lock().expect("clock").merge(&clock);
            });
        }
    });
    let mut results = results.into_inner().expect("results");
    results.sort_by_key(|(i, _)| *i);
    let clock = total.into_inner().expect("clock");
    (results.into_iter().map(|(_, t)| t).collect(), clock)
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
        let start = thread_cpu_ns();
        let turn = gods_bots::choose(&view, level, budget, bot_seed(seed, n, seat));
        clock.add(level, thread_cpu_ns() - start);
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
    let budget = args
        .playouts
        .map_or(Budget::for_seats(seats), Budget::playouts);
    let (outcomes, clock) = run_games(args.games, jobs(args), |i, clock| {
        let seed = args.first + i;
        let a_first = i % 2 == 0;
        let levels: Vec<Level> = (0..seats)
            .map(|s| if (s % 2 == 0) == a_first { a } else { b })
            .collect();
        let winners = gods_game(seed, &levels, budget, clock);
        let a_won = winners.iter().any(|&w| levels.get(w) == Some(&a));
        let b_won = winners.iter().any(|&w| levels.get(w) == Some(&b));
        (a_won, b_won)
    });
    let mut score = 0.0;
    let (mut wins, mut shared) = (0, 0);
    for (a_won, b_won) in outcomes {
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
    let strong = if a == Level::Strong || b == Level::Strong {
        format!(" (strong: {} playouts)", budget.playouts)
    } else {
        String::new()
    };
    println!(
        "gods {seats}p  {:>6} vs {:<6}{strong}  {}'s score {}  (won {wins}, shared {shared})  seeds {}..={}  {}",
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
    let budget = args
        .playouts
        .map_or(Budget::for_seats(seats), Budget::playouts);
    // Per game: rounds revealed, gods' hits and guesses, the mortal's hits and guesses.
    let (tallies, clock) = run_games(args.games, jobs(args), |i, clock| {
        let seed = args.first + i;
        let mut tally = [0u32; 5];
        let Ok(mut game) = Dreams::new(Seed::from_u64(seed), seats, Default::default()) else {
            return tally;
        };
        let mut n = 0u64;
        while !game.is_over() {
            let to_act = game.to_act();
            let Some(&seat) = to_act.get((n as usize) % to_act.len().max(1)) else {
                break;
            };
            let view = game.view(Viewer::Seat(seat));
            let start = thread_cpu_ns();
            let turn =
                dreams_bots::choose(&view, Some(model), level, budget, bot_seed(seed, n, seat));
            clock.add(level, thread_cpu_ns() - start);
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
                    tally[0] += 1;
                    for (s, g) in r.guesses.iter().enumerate() {
                        match g {
                            Some(games::dreams::Guess::Seat(x)) if s != r.mortal => {
                                tally[2] += 1;
                                tally[1] += u32::from(*x == r.mortal);
                            }
                            Some(games::dreams::Guess::Image(v)) if s == r.mortal => {
                                tally[4] += 1;
                                tally[3] += u32::from(*v == r.vision);
                            }
                            _ => {}
                        }
                    }
                }
            }
            game = applied.game;
            n += 1;
        }
        tally
    });
    let sum = |k: usize| -> u32 { tallies.iter().map(|t| t[k]).sum() };
    println!(
        "dreams {seats}p all {:<6}  {} rounds in {} games, seeds {}..={}  {}",
        level.name(),
        sum(0),
        args.games,
        args.first,
        args.first + args.games - 1,
        clock.report()
    );
    println!(
        "    gods name the mortal      {}   chance {:.1} %",
        rate(f64::from(sum(1)), f64::from(sum(2))),
        100.0 / (seats - 1) as f64
    );
    println!(
        "    mortal names the vision   {}   chance 25.0 %",
        rate(f64::from(sum(3)), f64::from(sum(4)))
    );
}

fn jobs(args: &Args) -> usize {
    args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

fn main() {
    let args = Args::parse();
    let parts: Vec<&str> = args.only.split(',').map(str::trim).collect();
    println!(
        "botbench: {} games per pairing, {} threads, strong = {} playouts per decision",
        args.games,
        jobs(&args),
        args.playouts
            .map_or("the service's budget".to_string(), |p| p.to_string())
    );
    for (part, seats) in [("gods2", 2), ("gods4", 4)] {
        if parts.contains(&part) {
            if args.pairings.contains("strong-greedy") {
                gods_pairing(&args, seats, Level::Strong, Level::Greedy);
            }
            if args.pairings.contains("greedy-random") {
                gods_pairing(&args, seats, Level::Greedy, Level::Random);
            }
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
