//! Property tests: 10,000 random legal games of Dreams, 2,500 for each number of seats
//! from 3 to 6, checked after every submission. Plain loops over seeds rather than
//! shrinking: a failure names its seed and submission, and replays exactly.
//!
//! After every submission:
//! * the submitting seat was to act, and its pass turn was `pass`; the turn's visibility
//!   in the log is its author's alone in the guess phase, public in the stars phase;
//! * every event has the visibility of its kind, and the events a seat may read before a
//!   reveal never show another seat's marker or guess, nor the vision to the mortal;
//! * a sealed guess's commitment is SHA-256 of the documented text with the salt derived
//!   from the seed, both recomputed here independently of the engine;
//! * at a reveal: the points follow D-R7 (recomputed here from the revealed guesses,
//!   mortal and vision, by counting), the scores are the old ones plus the points, every
//!   published commitment verifies with the revealed guess and salt and is the one
//!   published when the guess was sealed, and the revealed guesses are the ones sent;
//! * D-R8: the game is over exactly when a score reached 16 at a reveal, the winners are
//!   the highest scores, and otherwise the next round is dealt by the next seat;
//! * replay from the log equals the live state: a twin game is fed the log's turns after a
//!   JSON round trip and compared with `==` (field by field, which is what the JSON holds);
//!   in every 10th game also as serde JSON, through a reload of the stored state (at every
//!   reveal and every 16th submission), and by a replay from the start of the log (at
//!   every reveal);
//! * secrecy (D-S1): the submitting seat's view shows its own marker and guess only, and
//!   is the same in a game where the round's hidden facts differ but the seat's own role
//!   and guess do not (another mortal among the other seats, another vision for the
//!   mortal, other sealed guesses behind the same commitments); in every 5th game, the
//!   same for every seat and a spectator, after every submission.
//!
//! Hashes are recomputed with the engine's portable SHA-256 (held equal to `sha2` by its
//! own tests), and with `sha2` itself in every 10th game: `sha2` is unoptimised in test
//! builds, far too slow for every guess of 10,000 games.
//!
//! At the end of every game: over, with the outcome of D-R8, and the replay of the whole
//! log (through JSON) gives the same state as serde JSON.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

use games::dreams::random::random_submission;
use games::dreams::{Dreams, DreamsEvent, DreamsOptions, DreamsTurn, Guess, Phase, Role, StarKind};
use games::{Game, Logged, Rng, Seat, Seed, Viewer, Visibility};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

const GAMES_PER_TEST: u64 = 2_500;
/// Every this many games: JSON comparisons, reloads and replays after every submission.
const DEEP_EVERY: u64 = 10;
/// Every this many games: the secrecy comparisons for every viewer after every submission.
const VIEWS_EVERY: u64 = 5;
/// No game lasts longer: each round hands out at least 2 points.
const MAX_ROUNDS: u32 = 60;

#[derive(Default, Debug)]
struct Tally {
    games: u64,
    submissions: usize,
    rounds: u64,
    events: BTreeMap<&'static str, u64>,
    shared_wins: u64,
    no_guess: u64,
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// SHA-256: the `sha2` crate, or the engine's portable one (which its own tests hold
/// equal to `sha2` and to the standard vectors): `sha2` is unoptimised in test builds,
/// too slow for every guess of 10,000 games.
fn sha256(data: &[u8], with_sha2: bool) -> [u8; 32] {
    if with_sha2 {
        Sha256::digest(data).into()
    } else {
        games::dreams::sha256::portable(data)
    }
}

/// The salt, as `docs/players/replay.md` says, without the engine.
fn salt_of(seed: &Seed, round: u32, seat: Seat, with_sha2: bool) -> String {
    let mut input = b"hermes/dreams/salt/v1".to_vec();
    input.extend_from_slice(&seed.0);
    input.extend_from_slice(&round.to_le_bytes());
    input.extend_from_slice(&(seat as u32).to_le_bytes());
    hex(&sha256(&input, with_sha2)[..16])
}

/// The commitment, as `docs/players/replay.md` says, without the engine.
fn commitment_of(
    round: u32,
    seat: Seat,
    guess: Option<Guess>,
    salt: &str,
    with_sha2: bool,
) -> String {
    let notation = match guess {
        Some(Guess::Seat(n)) => format!("guess seat {n}"),
        Some(Guess::Image(n)) => format!("guess image {n}"),
        None => "pass".to_string(),
    };
    let text = format!("hermes-dreams-guess-v1:{round}:{seat}:{notation}:{salt}");
    hex(&sha256(text.as_bytes(), with_sha2))
}

/// Where a check stands, written out only when it fails.
struct Context<'a> {
    n: u64,
    seats: usize,
    submission: usize,
    seat: Seat,
    round: u32,
    turn: &'a DreamsTurn,
}

impl std::fmt::Display for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game {} ({} seats), submission {} by seat {} in round {}: {:?}",
            self.n, self.seats, self.submission, self.seat, self.round, self.turn
        )
    }
}

/// D-R7, by counting: the mortal 3 if unnamed and 2 for the vision; a god 2 for naming the
/// mortal and 1 if unnamed.
fn expected_points(mortal: Seat, vision: u8, guesses: &[Option<Guess>]) -> Vec<u32> {
    let mut named = vec![0u32; guesses.len()];
    for guess in guesses {
        if let Some(Guess::Seat(s)) = guess {
            named[*s] += 1;
        }
    }
    (0..guesses.len())
        .map(|s| {
            let unnamed = named[s] == 0;
            if s == mortal {
                (if unnamed { 3 } else { 0 })
                    + if guesses[s] == Some(Guess::Image(vision)) {
                        2
                    } else {
                        0
                    }
            } else {
                (if guesses[s] == Some(Guess::Seat(mortal)) {
                    2
                } else {
                    0
                }) + if unnamed { 1 } else { 0 }
            }
        })
        .collect()
}

fn event_name(e: &DreamsEvent) -> &'static str {
    match e {
        DreamsEvent::RoundDealt {
            reshuffled: true, ..
        } => "round dealt, reshuffled",
        DreamsEvent::RoundDealt { .. } => "round dealt",
        DreamsEvent::Role { .. } => "role",
        DreamsEvent::StarPlaced { .. } => "star placed",
        DreamsEvent::StarPassed { .. } => "star passed",
        DreamsEvent::GuessSealed { .. } => "guess sealed",
        DreamsEvent::MyGuess { guess: None, .. } => "no guess",
        DreamsEvent::MyGuess { .. } => "my guess",
        DreamsEvent::Revealed(_) => "revealed",
        DreamsEvent::GameOver { .. } => "game over",
    }
}

/// Secrecy of the views (D-S1) for `viewers`, and for a spectator when `spectator`.
fn check_views(
    game: &Dreams,
    viewers: impl Iterator<Item = Seat>,
    spectator: bool,
    context: &dyn std::fmt::Display,
) {
    if game.is_over() {
        return;
    }
    let seats = game.seats();
    let mortal = game.secret_mortal();
    let vision = game.secret_vision();
    let other_vision = vision % 4 + 1;
    // Other guesses behind the same commitments.
    let scramble = |keep: Option<Seat>| {
        move |s: Seat, g: Option<Guess>| {
            if Some(s) == keep {
                g
            } else {
                match g {
                    None => Some(Guess::Image(1)),
                    Some(_) => None,
                }
            }
        }
    };
    for viewer in viewers {
        let view = game.view(Viewer::Seat(viewer));
        let me = view.me.unwrap();
        assert_eq!(me.seat, viewer, "{context}");
        assert_eq!(me.role == Role::Mortal, viewer == mortal, "{context}");
        assert_eq!(me.vision, (viewer != mortal).then_some(vision), "{context}");
        assert_eq!(
            view.my_guess.map(|m| m.guess),
            game.secret_sealed(viewer).map(|s| s.guess),
            "{context}"
        );
        let alt = if viewer == mortal {
            game.with_hidden(mortal, other_vision, scramble(Some(viewer)))
        } else {
            // Another mortal among the other seats (not the real one, when there is a
            // choice: seats ≥ 3).
            let other = (0..seats).find(|&s| s != viewer && s != mortal).unwrap();
            game.with_hidden(other, vision, scramble(Some(viewer)))
        };
        assert!(
            alt.view(Viewer::Seat(viewer)) == view,
            "{context}: seat {viewer}'s view depends on another seat's secrets"
        );
    }
    if !spectator {
        return;
    }
    let spectator = game.view(Viewer::Spectator);
    assert!(
        spectator.me.is_none() && spectator.my_guess.is_none(),
        "{context}"
    );
    let alt = game.with_hidden((mortal + 1) % seats, other_vision, scramble(None));
    assert!(
        alt.view(Viewer::Spectator) == spectator,
        "{context}: a spectator's view depends on the round's secrets"
    );
}

/// What a round's guesses were, as sent, and the salts and commitments published as they
/// came, per seat.
struct RoundLog {
    sent: Vec<Option<Option<Guess>>>,
    salts: Vec<Option<String>>,
    published: Vec<Option<String>>,
}

impl RoundLog {
    fn new(seats: usize) -> RoundLog {
        RoundLog {
            sent: vec![None; seats],
            salts: vec![None; seats],
            published: vec![None; seats],
        }
    }
}

fn play_checked(seats: usize, n: u64, tally: &mut Tally) {
    let seed = Seed::from_u64(n);
    let options = DreamsOptions::default();
    let mut rng = Rng::from_seed(&Seed::from_u64(n ^ 0x9e37_79b9_7f4a_7c15));
    let deep = n.is_multiple_of(DEEP_EVERY);
    let all_views = n.is_multiple_of(VIEWS_EVERY);
    let mut game = Dreams::new(seed, seats, options.clone()).unwrap();
    let mut twin = game.clone();
    let mut log: Vec<(Seat, DreamsTurn)> = Vec::new();
    let mut round = RoundLog::new(seats);
    check_views(
        &game,
        0..seats,
        true,
        &format!("game {n} ({seats} seats) at setup"),
    );

    while let Some((seat, turn)) = random_submission(&game, &mut rng) {
        let context = Context {
            n,
            seats,
            submission: log.len() + 1,
            seat,
            round: game.round(),
            turn: &turn,
        };
        let phase = game.phase();
        assert!(game.to_act().contains(&seat), "{context}");
        assert_eq!(game.pass_turn(seat), Some(DreamsTurn::pass()), "{context}");
        let expected_visibility = match phase {
            Phase::Guess => Visibility::Seat(seat),
            _ => Visibility::Everyone,
        };
        assert_eq!(
            game.turn_visibility(seat, &turn),
            expected_visibility,
            "{context}"
        );
        if deep {
            assert!(
                game.legal(seat, &DreamsTurn::default()).is_ok(),
                "{context}"
            );
            assert!(game.legal(seat, &turn).unwrap().complete, "{context}");
            // A seat not to act, and a star on a taken point, are refused.
            if let Some(idle) = (0..seats).find(|s| !game.to_act().contains(s)) {
                assert!(game.apply(idle, &DreamsTurn::pass()).is_err(), "{context}");
            }
            if let (Phase::Stars, Some(taken)) = (phase, game.stars().first()) {
                let kind = game.unplaced(seat).first().unwrap_or(StarKind::Clear);
                let on_it = DreamsTurn::star(kind, taken.x.into(), taken.y.into());
                assert_eq!(
                    game.apply(seat, &on_it).unwrap_err().rule,
                    "D-R4",
                    "{context}"
                );
            }
        }
        let scores_before = game.scores().to_vec();
        let round_before = game.round();
        let dealer_before = game.dealer();
        let applied = match game.apply(seat, &turn) {
            Ok(applied) => applied,
            Err(e) => panic!("{context}: a random legal turn was refused: {e}"),
        };
        let mut revealed = false;
        for Logged { visibility, event } in &applied.events {
            *tally.events.entry(event_name(event)).or_insert(0) += 1;
            match event {
                DreamsEvent::Role {
                    seat: s,
                    role,
                    vision,
                    round: r,
                } => {
                    assert_eq!(*visibility, Visibility::Seat(*s), "{context}");
                    assert_eq!(*r, applied.game.round(), "{context}");
                    // The mortal is never told the vision.
                    assert_eq!(vision.is_none(), *role == Role::Mortal, "{context}");
                }
                DreamsEvent::MyGuess {
                    seat: s,
                    guess,
                    salt,
                    round: r,
                } => {
                    assert_eq!(*visibility, Visibility::Seat(*s), "{context}");
                    assert_eq!(*s, seat, "{context}: told another seat's guess");
                    assert_eq!(*r, round_before, "{context}");
                    assert_eq!(*guess, turn.guess, "{context}");
                    round.sent[*s] = Some(*guess);
                    round.salts[*s] = Some(salt.to_hex());
                    if guess.is_none() {
                        tally.no_guess += 1;
                    }
                }
                DreamsEvent::GuessSealed {
                    seat: s,
                    commitment,
                    round: r,
                } => {
                    assert_eq!(*visibility, Visibility::Everyone, "{context}");
                    assert_eq!(*s, seat, "{context}");
                    let salt = salt_of(&seed, *r, *s, deep);
                    assert_eq!(
                        commitment.to_hex(),
                        commitment_of(*r, *s, turn.guess, &salt, deep),
                        "{context}"
                    );
                    round.published[*s] = Some(commitment.to_hex());
                }
                DreamsEvent::Revealed(r) => {
                    assert_eq!(*visibility, Visibility::Everyone, "{context}");
                    revealed = true;
                    tally.rounds += 1;
                    assert_eq!(r.round, round_before, "{context}");
                    let guesses: Vec<Option<Guess>> =
                        (0..seats).map(|s| round.sent[s].unwrap()).collect();
                    assert_eq!(r.guesses, guesses, "{context}: the revealed guesses");
                    let points = expected_points(r.mortal, r.vision, &r.guesses);
                    assert_eq!(r.points, points, "{context}: D-R7");
                    let scores: Vec<u32> = scores_before
                        .iter()
                        .zip(&points)
                        .map(|(a, b)| a + b)
                        .collect();
                    assert_eq!(r.scores, scores, "{context}: D-R7 scores");
                    assert_eq!(applied.game.scores(), scores.as_slice(), "{context}");
                    // Each commitment was recomputed independently when it was published
                    // (above): the reveal publishes the same, with the salt told to its seat
                    // and derived independently from the seed here.
                    for s in 0..seats {
                        let salt = r.salts[s].to_hex();
                        assert_eq!(Some(&salt), round.salts[s].as_ref(), "{context}");
                        assert_eq!(salt, salt_of(&seed, r.round, s, deep), "{context}");
                        assert_eq!(
                            Some(r.commitments[s].to_hex()),
                            round.published[s],
                            "{context}: changed after sealing"
                        );
                        if deep {
                            let c = commitment_of(r.round, s, r.guesses[s], &salt, true);
                            assert_eq!(r.commitments[s].to_hex(), c, "{context}");
                        }
                    }
                    assert!((1..=4).contains(&r.vision) && r.mortal < seats, "{context}");
                    round = RoundLog::new(seats);
                }
                DreamsEvent::GameOver { scores, winners } => {
                    assert_eq!(*visibility, Visibility::Everyone, "{context}");
                    let best = *scores.iter().max().unwrap();
                    assert!(best >= 16, "{context}: D-R8");
                    let expected: Vec<Seat> = (0..seats).filter(|&s| scores[s] == best).collect();
                    assert_eq!(winners, &expected, "{context}: D-R8 winners");
                    if winners.len() > 1 {
                        tally.shared_wins += 1;
                    }
                }
                DreamsEvent::RoundDealt {
                    round: r, dealer, ..
                } => {
                    assert_eq!(*visibility, Visibility::Everyone, "{context}");
                    assert_eq!(*r, round_before + 1, "{context}");
                    assert_eq!(*dealer, (dealer_before + 1) % seats, "{context}: D-R3");
                }
                DreamsEvent::StarPlaced { seat: s, .. }
                | DreamsEvent::StarPassed { seat: s, .. } => {
                    assert_eq!(*visibility, Visibility::Everyone, "{context}");
                    assert_eq!(*s, seat, "{context}");
                }
            }
        }
        game = applied.game;
        log.push((seat, turn));

        // D-R8: over exactly when someone reached 16 at a reveal; else a round is going on.
        let reached = game.scores().iter().any(|&s| s >= 16);
        assert_eq!(game.is_over(), reached, "{context}");
        assert_eq!(game.is_over(), game.outcome().is_some(), "{context}");
        if revealed && !reached {
            assert_eq!(
                (game.round(), game.phase(), game.stars().len()),
                (round_before + 1, Phase::Stars, 0),
                "{context}"
            );
        }
        if !revealed {
            assert_eq!(game.scores(), scores_before.as_slice(), "{context}");
        }
        assert!(
            game.round() <= MAX_ROUNDS,
            "{context}: the game does not end"
        );

        // The log replays: a twin fed the turn as the log stores it (JSON).
        let stored: DreamsTurn =
            serde_json::from_str(&serde_json::to_string(&turn).unwrap()).unwrap();
        let twin_applied = twin.apply(seat, &stored).unwrap();
        assert_eq!(twin_applied.events, applied.events, "{context}");
        twin = twin_applied.game;
        assert!(
            twin == game,
            "{context}: the replay differs from the live game"
        );
        // In the deep games, as JSON too (serde_json is unoptimised in test builds: at
        // every reveal and every 16th submission), through the service's loader, and
        // by a replay from the start of the log at every reveal.
        if deep && (revealed || log.len().is_multiple_of(16)) {
            let state = serde_json::to_value(&game).unwrap();
            assert_eq!(serde_json::to_value(&twin).unwrap(), state, "{context}");
            let loaded = Dreams::from_json(state.clone()).unwrap();
            assert!(loaded == game, "{context}: the state does not reload");
            if revealed {
                let replayed = Dreams::replay(seed, seats, options.clone(), &log).unwrap();
                assert_eq!(serde_json::to_value(&replayed).unwrap(), state, "{context}");
            }
        }
        if deep {
            for l in &applied.events {
                let json = serde_json::to_value(&l.event).unwrap();
                assert_eq!(
                    serde_json::from_value::<DreamsEvent>(json).unwrap(),
                    l.event
                );
            }
        }
        if all_views {
            check_views(&game, 0..seats, true, &context);
        } else {
            check_views(&game, std::iter::once(seat), false, &context);
        }
    }

    let context = format!("game {n} ({seats} seats), the end");
    assert!(game.is_over() && game.to_act().is_empty(), "{context}");
    let outcome = game.outcome().unwrap();
    let scores: Vec<i64> = game.scores().iter().map(|&s| i64::from(s)).collect();
    assert_eq!(outcome.scores, scores, "{context}");
    let best = *scores.iter().max().unwrap();
    let winners: Vec<Seat> = (0..seats).filter(|&s| scores[s] == best).collect();
    assert_eq!(outcome.winners, winners, "{context}");
    let stored = serde_json::to_string(&log).unwrap();
    let log: Vec<(Seat, DreamsTurn)> = serde_json::from_str(&stored).unwrap();
    let replayed = Dreams::replay(seed, seats, options, &log).unwrap();
    assert_eq!(
        serde_json::to_value(&replayed).unwrap(),
        serde_json::to_value(&game).unwrap(),
        "{context}: the replay differs"
    );
    tally.games += 1;
    tally.submissions += log.len();
}

fn run(seats: usize) -> Tally {
    let mut tally = Tally::default();
    let first = 1_000_000 * seats as u64;
    for n in first..first + GAMES_PER_TEST {
        play_checked(seats, n, &mut tally);
    }
    // The random games explored the rules.
    for event in [
        "round dealt",
        "role",
        "star placed",
        "star passed",
        "guess sealed",
        "no guess",
        "my guess",
        "revealed",
        "game over",
    ] {
        assert!(
            tally.events.get(event).copied().unwrap_or(0) > 0,
            "{seats} seats: no {event} in {tally:?}"
        );
    }
    assert_eq!(tally.games, GAMES_PER_TEST);
    assert!(
        tally.shared_wins > 0,
        "{seats} seats: no shared win in {tally:?}"
    );
    assert!(tally.no_guess > 0);
    tally
}

#[test]
fn d_r7_d_r8_d_s1_random_games_with_3_seats() {
    run(3);
}

#[test]
fn d_r7_d_r8_d_s1_random_games_with_4_seats() {
    run(4);
}

#[test]
fn d_r7_d_r8_d_s1_random_games_with_5_seats() {
    run(5);
}

#[test]
fn d_r7_d_r8_d_s1_random_games_with_6_seats() {
    // About 12 rounds a game: the reshuffle after round 18 is D-R1's rules test's.
    run(6);
}
