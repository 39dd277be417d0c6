//! calendar: how many days a 4-player game of Dreams takes when every player answers once
//! a day, each at their own fixed hour, with and without turns queued in advance.
//!
//! Simulated clocks, no server: the game is the engine's (`games` crate), played hour by
//! hour. At their hour a player plays if it is their turn (a star on a free point, or
//! their guess); with queues, they then also queue all of their remaining stars of the
//! round if their queue is empty and it is not their turn, each judged as the service
//! judges it (`Game::check_queued`). When a turn makes it a seat's turn, that seat's first
//! queued star is played at once if the engine accepts it then, else its queue is dropped
//! (the rule of `api/src/play/queue.rs`). Stars go to random free points: only the
//! timing matters here. Game `i` uses seed `Seed::from_u64(first + i)`; the players' hours
//! are fixed (`--hours`) or drawn per game from the seed (`--random-hours`).

use clap::Parser;
use games::dreams::{Dreams, DreamsTurn, Phase, StarKind};
use games::{Game, Seat, Seed};
use serde_json::Value;

#[derive(Parser, Debug)]
#[command(
    about = "Days a 4-player Dreams game takes, answering once a day, with and without queued stars"
)]
struct Args {
    /// Games per setting.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The first game's seed number.
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Each seat's hour of the day (UTC), seat 0 first.
    #[arg(long, default_value = "8,12,18,21", value_delimiter = ',')]
    hours: Vec<u32>,
}

const SEATS: usize = 4;

/// A small deterministic generator (xorshift64*), seeded per game.
struct Rand(u64);

impl Rand {
    fn new(seed: u64) -> Rand {
        Rand(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

/// A star of `kind` on a point free now (and not in `also_taken`).
fn star(game: &Dreams, kind: StarKind, also_taken: &[(u32, u32)], rng: &mut Rand) -> DreamsTurn {
    loop {
        let (x, y) = (rng.below(101) as u32, rng.below(101) as u32);
        if !game.is_taken(x, y) && !also_taken.contains(&(x, y)) {
            return DreamsTurn::star(kind, x, y);
        }
    }
}

/// What `seat` plays when it answers on its turn.
fn own_turn(game: &Dreams, seat: Seat, rng: &mut Rand) -> DreamsTurn {
    match game.phase() {
        Phase::Stars => match game.unplaced(seat).first() {
            Some(kind) => star(game, kind, &[], rng),
            None => DreamsTurn::pass(),
        },
        _ => {
            // A guess: the first the rules offer (who is named does not change the clock).
            let legal: Value = serde_json::to_value(
                game.legal(seat, &DreamsTurn::default())
                    .expect("a seat to act has legal steps"),
            )
            .expect("legal steps serialize");
            let seat_guess = legal["seats"]
                .as_array()
                .and_then(|s| s.first())
                .and_then(Value::as_u64);
            let image = legal["images"]
                .as_array()
                .and_then(|s| s.first())
                .and_then(Value::as_u64);
            match (seat_guess, image) {
                (Some(s), _) => DreamsTurn::guess(games::dreams::Guess::Seat(s as usize)),
                (_, Some(i)) => DreamsTurn::guess(games::dreams::Guess::Image(i as u8)),
                _ => DreamsTurn::pass(),
            }
        }
    }
}

/// The seat's queue: all of its remaining stars of the round, on points free now, as the
/// service accepts them.
fn queue_for(game: &Dreams, seat: Seat, rng: &mut Rand) -> Vec<DreamsTurn> {
    let limit = game.queue_limit(seat);
    loop {
        let mut turns = Vec::new();
        let mut taken = Vec::new();
        for kind in game.unplaced(seat).iter().take(limit) {
            let t = star(game, kind, &taken, rng);
            if let Some(s) = t.star {
                taken.push((s.x, s.y));
            }
            turns.push(t);
        }
        if game.check_queued(seat, &turns).is_ok() {
            return turns;
        }
    }
}

/// Counts of one game.
#[derive(Default, Clone, Copy)]
struct Played {
    hours: u64,
    rounds: u64,
    queued_played: u64,
    queues_dropped: u64,
}

/// Apply `turn` for `seat`, then the queued turns it lets play, one after the other.
fn apply_and_chain(
    game: &mut Dreams,
    seat: Seat,
    turn: &DreamsTurn,
    queues: &mut [Vec<DreamsTurn>],
    played: &mut Played,
) {
    *game = game.apply(seat, turn).expect("a legal turn").game;
    loop {
        if game.is_over() {
            return;
        }
        let [next] = game.to_act()[..] else { return };
        let Some(first) = queues[next].first().cloned() else {
            return;
        };
        match game.apply(next, &first) {
            Ok(applied) => {
                *game = applied.game;
                queues[next].remove(0);
                played.queued_played += 1;
            }
            Err(_) => {
                queues[next].clear();
                played.queues_dropped += 1;
                return;
            }
        }
    }
}

fn one_game(seed: u64, hours: &[u32], queue: bool) -> Played {
    let mut game = Dreams::new(Seed::from_u64(seed), SEATS, Default::default()).expect("a game");
    let mut rng = Rand::new(seed ^ 0x5eed);
    let mut queues: Vec<Vec<DreamsTurn>> = vec![Vec::new(); SEATS];
    let mut played = Played::default();
    let start_round = game.round();
    // The game starts at midnight; hour `t` is `t % 24` o'clock.
    for t in 0..(24 * 3650u64) {
        let hour = (t % 24) as u32;
        for seat in (0..SEATS).filter(|&s| hours[s] == hour) {
            if game.is_over() {
                break;
            }
            if game.to_act().contains(&seat) {
                let turn = own_turn(&game, seat, &mut rng);
                apply_and_chain(&mut game, seat, &turn, &mut queues, &mut played);
            }
            if queue
                && !game.is_over()
                && game.phase() == Phase::Stars
                && queues[seat].is_empty()
                && !game.to_act().contains(&seat)
            {
                queues[seat] = queue_for(&game, seat, &mut rng);
            }
        }
        if game.is_over() {
            played.hours = t + 1;
            played.rounds = u64::from(game.round() - start_round + 1);
            return played;
        }
    }
    panic!("game {seed} did not end in ten years");
}

struct Figures {
    days: Vec<f64>,
    per_round: Vec<f64>,
    queued: u64,
    dropped: u64,
}

fn run(args: &Args, queue: bool) -> Figures {
    let mut f = Figures {
        days: Vec::new(),
        per_round: Vec::new(),
        queued: 0,
        dropped: 0,
    };
    for i in 0..args.games {
        let p = one_game(args.first + i, &args.hours, queue);
        let days = p.hours as f64 / 24.0;
        f.days.push(days);
        f.per_round.push(days / p.rounds as f64);
        f.queued += p.queued_played;
        f.dropped += p.queues_dropped;
    }
    f
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s.get(s.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let args = Args::parse();
    assert_eq!(args.hours.len(), SEATS, "--hours names one hour per seat");
    println!(
        "4-player Dreams, each player answers once a day at {:?} h UTC; {} games (seeds {}..{})",
        args.hours,
        args.games,
        args.first,
        args.first + args.games
    );
    println!("| queued stars | days per game (mean) | median | days per round (mean) | queued turns played | queues dropped |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for queue in [false, true] {
        let f = run(&args, queue);
        println!(
            "| {} | {:.1} | {:.1} | {:.2} | {} | {} |",
            if queue { "yes" } else { "no" },
            mean(&f.days),
            median(&f.days),
            mean(&f.per_round),
            f.queued,
            f.dropped
        );
    }
}
