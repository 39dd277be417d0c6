//! Helpers shared by the Dreams test files: set up a game, play whole phases briefly, set
//! a round's secrets or the scores for a test, and read events.
//!
//! A position with chosen roles is made with `Dreams::with_hidden` (the secrecy tests'
//! hook); one with chosen scores by editing the stored JSON and loading it back with
//! `Dreams::from_json`, as the service would load it.

#![allow(
    dead_code,
    reason = "each test file compiles this module and uses its own part of it"
)]

use games::dreams::{Dreams, DreamsEvent, DreamsOptions, DreamsTurn, Guess, StarKind};
use games::{Game, Logged, RuleError, Seat, Seed, Visibility};

/// Every rule id of `docs/rules/dreams.md`, in the sheet's order.
pub const RULE_IDS: [&str; 15] = [
    "D-C0", "D-C1", "D-C2", "D-C3", "D-R1", "D-R2", "D-R3", "D-R4", "D-R5", "D-R6", "D-R7", "D-R8",
    "D-T1", "D-S1", "D-S2",
];

pub fn new_game(seats: usize, seed: u64) -> Dreams {
    Dreams::new(Seed::from_u64(seed), seats, DreamsOptions::default()).unwrap()
}

pub fn star(kind: StarKind, x: u32, y: u32) -> DreamsTurn {
    DreamsTurn::star(kind, x, y)
}

pub fn clear(x: u32, y: u32) -> DreamsTurn {
    star(StarKind::Clear, x, y)
}

pub fn name_seat(seat: Seat) -> DreamsTurn {
    DreamsTurn::guess(Guess::Seat(seat))
}

pub fn name_image(image: u8) -> DreamsTurn {
    DreamsTurn::guess(Guess::Image(image))
}

pub fn pass() -> DreamsTurn {
    DreamsTurn::pass()
}

/// Apply a turn the test expects to be legal.
pub fn play(game: &Dreams, seat: Seat, turn: &DreamsTurn) -> (Dreams, Vec<Logged<DreamsEvent>>) {
    match game.apply(seat, turn) {
        Ok(applied) => (applied.game, applied.events),
        Err(e) => panic!("seat {seat} {turn:?} was refused: {e}"),
    }
}

/// Apply a turn the test expects to be refused; checks that `legal` refuses it the same way
/// (but for the empty turn, which `legal` answers with what may be sent).
pub fn reject(game: &Dreams, seat: Seat, turn: &DreamsTurn) -> RuleError {
    let e = match game.apply(seat, turn) {
        Ok(_) => panic!("seat {seat} {turn:?} was accepted"),
        Err(e) => e,
    };
    if !turn.is_empty() {
        assert_eq!(
            game.legal(seat, turn).err().as_ref(),
            Some(&e),
            "legal disagrees"
        );
    }
    e
}

/// The first free point in reading order of a grid of step 7.
pub fn free_point(game: &Dreams) -> (u32, u32) {
    (0..=14)
        .flat_map(|y| (0..=14).map(move |x| (7 * x, 7 * y)))
        .find(|&(x, y)| !game.is_taken(x, y))
        .unwrap()
}

/// Every star of the round, each on a free point, in its first unplaced kind.
pub fn place_all_stars(game: &Dreams) -> Dreams {
    let mut game = game.clone();
    while let Some(seat) = game.placer() {
        let kind = game.unplaced(seat).first().unwrap();
        let (x, y) = free_point(&game);
        game = play(&game, seat, &star(kind, x, y)).0;
    }
    game
}

/// The guess phase, seat by seat in seat order, each sending `choose(seat, mortal)`.
pub fn guess_all(
    game: &Dreams,
    choose: impl Fn(Seat, Seat) -> DreamsTurn,
) -> (Dreams, Vec<Logged<DreamsEvent>>) {
    let mortal = game.secret_mortal();
    let mut game = game.clone();
    let mut events = Vec::new();
    for seat in 0..game.seats() {
        let (next, mut e) = play(&game, seat, &choose(seat, mortal));
        game = next;
        events.append(&mut e);
    }
    (game, events)
}

/// A game whose current round has this mortal and vision.
pub fn with_roles(game: &Dreams, mortal: Seat, vision: u8) -> Dreams {
    game.with_hidden(mortal, vision, |_, g| g)
}

/// A game with these scores, through the stored JSON.
pub fn with_scores(game: &Dreams, scores: &[u32]) -> Dreams {
    let mut state = serde_json::to_value(game).unwrap();
    state["scores"] = serde_json::json!(scores);
    Dreams::from_json(state).unwrap()
}

pub fn events_only(events: &[Logged<DreamsEvent>]) -> Vec<DreamsEvent> {
    events.iter().map(|l| l.event.clone()).collect()
}

pub fn public(events: &[Logged<DreamsEvent>]) -> Vec<DreamsEvent> {
    events
        .iter()
        .filter(|l| l.visibility == Visibility::Everyone)
        .map(|l| l.event.clone())
        .collect()
}

pub fn revealed(events: &[Logged<DreamsEvent>]) -> games::dreams::Reveal {
    events
        .iter()
        .find_map(|l| match &l.event {
            DreamsEvent::Revealed(r) => Some((**r).clone()),
            _ => None,
        })
        .expect("no revealed event")
}
