//! The Dreams benchmarks:
//!
//! * `dreams/random 6-player game to the end`: set up a 6-player game with the default
//!   options and play random legal submissions (`dreams::random::random_game`: a random
//!   seat among those to act, a random legal turn for it, validated and applied) until it
//!   ends. One iteration is one whole game, so criterion's throughput is games per second.
//! * `dreams/apply one submission`: validate and apply one submission (`Game::apply`,
//!   sealing and hashing included), over a fixed mix of (state, seat, turn) taken from
//!   random 6-player games; criterion's figure is the mean over the mix.
//!
//! After criterion, `main` prints the two figures measured directly: games per second on
//! one core, and the median over the mix of the time to apply one submission. Everything
//! runs on one thread.
//!
//! Run: `cargo bench -p hermes-games --bench dreams`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "a benchmark, not rules code: its setup only ever sees the engine's own \
              legal turns, and a panic is the right report if that breaks"
)]

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use games::dreams::random::random_game;
use games::dreams::{Dreams, DreamsOptions, DreamsTurn};
use games::{Game, Rng, Seat, Seed};
use std::hint::black_box;
use std::time::{Duration, Instant};

const SEATS: usize = 6;

/// The generator of the random turns of game `n`, distinct from the game's own seed.
fn turn_rng(n: u64) -> Rng {
    Rng::from_seed(&Seed::from_u64(n ^ 0x5851_f42d_4c95_7f2d))
}

fn play_one(n: u64) -> (Dreams, Vec<(Seat, DreamsTurn)>) {
    random_game(
        Seed::from_u64(n),
        SEATS,
        DreamsOptions::default(),
        &mut turn_rng(n),
    )
    .unwrap()
}

/// (state before, seat, turn) for every submission of `games` random 6-player games.
fn turn_mix(games: u64) -> Vec<(Dreams, Seat, DreamsTurn)> {
    let mut mix = Vec::new();
    for n in 0..games {
        let (_, log) = play_one(1_000_000 + n);
        let mut game = Dreams::new(
            Seed::from_u64(1_000_000 + n),
            SEATS,
            DreamsOptions::default(),
        )
        .unwrap();
        for (seat, turn) in log {
            let next = game.apply(seat, &turn).unwrap().game;
            mix.push((game, seat, turn));
            game = next;
        }
    }
    mix
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("dreams");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(8));

    group.throughput(Throughput::Elements(1));
    let mut n = 0u64;
    group.bench_function(
        BenchmarkId::from_parameter("random 6-player game to the end"),
        |b| {
            b.iter(|| {
                n += 1;
                black_box(play_one(n))
            })
        },
    );

    let mix = turn_mix(50);
    let mut i = 0usize;
    group.bench_function(BenchmarkId::from_parameter("apply one submission"), |b| {
        b.iter(|| {
            let (game, seat, turn) = &mix[i % mix.len()];
            i += 1;
            black_box(game.apply(*seat, black_box(turn)).unwrap())
        })
    });
    group.finish();
}

criterion_group!(dreams, benches);

/// The figures, measured without criterion's statistics.
fn figures() {
    // Whole games, on this one thread.
    let games = 20_000u64;
    let start = Instant::now();
    let mut turns = 0usize;
    for n in 0..games {
        turns += black_box(play_one(5_000_000 + n)).1.len();
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "figure: {:.0} random {SEATS}-player games to the end per second on one core \
         ({games} games, {:.1} submissions per game, {:.1} µs per game)",
        games as f64 / elapsed,
        turns as f64 / games as f64,
        1e6 * elapsed / games as f64,
    );

    // One submission: each (state, turn) of the mix timed over many applications, then
    // the median and the spread over the mix.
    let mix = turn_mix(50);
    let reps = 200u32;
    let mut per_turn: Vec<f64> = mix
        .iter()
        .map(|(game, seat, turn)| {
            let start = Instant::now();
            for _ in 0..reps {
                black_box(game.apply(*seat, black_box(turn)).unwrap());
            }
            start.elapsed().as_secs_f64() * 1e9 / f64::from(reps)
        })
        .collect();
    per_turn.sort_by(f64::total_cmp);
    let at = |q: f64| per_turn[((per_turn.len() - 1) as f64 * q).round() as usize];
    let mean = per_turn.iter().sum::<f64>() / per_turn.len() as f64;
    println!(
        "figure: validate and apply one submission: median {:.0} ns, mean {mean:.0} ns, \
         10th percentile {:.0} ns, 90th {:.0} ns, max {:.0} ns ({} submissions of 50 games)",
        at(0.5),
        at(0.1),
        at(0.9),
        at(1.0),
        per_turn.len(),
    );
}

fn main() {
    dreams();
    Criterion::default().configure_from_args().final_summary();
    // `cargo test --benches` and `--list` run the benchmarks as a smoke test: skip the
    // figures there.
    let smoke = std::env::args().any(|a| a == "--test" || a == "--list");
    if !smoke {
        figures();
    }
}
