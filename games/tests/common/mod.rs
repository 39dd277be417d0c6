//! Helpers shared by the Gods test files: build a position from a compact description,
//! write turns briefly, and check the invariants every position must keep.
//!
//! A position is a fresh game (`Gods::new`) serialized to JSON, edited, and loaded back
//! with `Gods::from_json`, because the state's fields are private to the crate.
//!
//! Codes used by [`Position`]:
//! * board cells: `T0`…`T3` a temple of god 0…3; `r`, `y`, `g`, `b` a red, yellow,
//!   green, blue tribe without marker; `r1`, `g0`, … a tribe carrying god 1's, god 0's
//!   marker; `D` a desert; `X` a decay tile.
//! * tiles (display, pile, removed): `r`, `y`, `g`, `b` tribes, `D` desert, `W`
//!   whirlwind, `E` extra-action tile, `END` game-end tile, `X` decay tile.

#![allow(
    dead_code,
    reason = "each test file compiles this module and uses its own part of it"
)]

use games::gods::setup::all_tiles;
use games::gods::{
    Cell, Colour, Gods, GodsEvent, GodsOptions, GodsTurn, Hex, PerColour, Step, Tile,
};
use games::{Game, RuleError, Seat, Seed};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Every rule id of `docs/rules/gods.md`, in the order the rules state them.
pub const RULE_IDS: [&str; 39] = [
    "G-C1", "G-C2", "G-C3", "G-C4", "G-B1", "G-B2", "G-B3", "G-B4", "G-B5", "G-T1", "G-T2", "G-T3",
    "G-T4", "G-T5", "G-T6", "G-T7", "G-A1", "G-A2", "G-A3", "G-A4", "G-A5", "G-A6", "G-A7", "G-V1",
    "G-V2", "G-V3", "G-E1", "G-E2", "G-E3", "G-E4", "G-X1", "G-X2", "G-X3", "G-X4", "G-BAG1",
    "G-BAG2", "G-BAG3", "G-BAG4", "G-BAG5",
];

pub fn colour(code: char) -> Colour {
    match code {
        'r' => Colour::Red,
        'y' => Colour::Yellow,
        'g' => Colour::Green,
        'b' => Colour::Blue,
        other => panic!("no tribe colour {other:?}"),
    }
}

/// A tile from its code (see the module docs).
pub fn tile(code: &str) -> Tile {
    match code {
        "D" => Tile::Desert,
        "W" => Tile::Whirlwind,
        "E" => Tile::ExtraAction,
        "END" => Tile::GameEnd,
        "X" => Tile::Decay,
        c if c.len() == 1 => Tile::Tribe(colour(c.chars().next().unwrap())),
        other => panic!("no tile {other:?}"),
    }
}

pub fn tiles(codes: &[&str]) -> Vec<Tile> {
    codes.iter().map(|c| tile(c)).collect()
}

/// A board cell from its code (see the module docs).
pub fn cell(code: &str) -> Cell {
    let mut chars = code.chars();
    let first = chars.next().expect("empty cell code");
    let rest: String = chars.collect();
    let seat = || -> Option<Seat> {
        (!rest.is_empty()).then(|| rest.parse().unwrap_or_else(|_| panic!("bad cell {code:?}")))
    };
    match first {
        'T' => Cell::Temple {
            god: seat().expect("a temple names its god"),
        },
        'D' => Cell::Desert,
        'X' => Cell::Decay,
        c => Cell::Tribe {
            colour: colour(c),
            marker: seat(),
        },
    }
}

pub fn hex(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// A position under construction. Supplies (temples, markers, village and VP tiles) are
/// derived from the board and the holdings unless set explicitly, so that a position is
/// consistent (markers on board + supply = 15, and so on).
#[derive(Clone)]
pub struct Position {
    seats: usize,
    options: GodsOptions,
    seed: u64,
    board: Vec<(Hex, Cell)>,
    display: Vec<Tile>,
    pile: Vec<Tile>,
    removed: Vec<Tile>,
    crystals: Vec<u8>,
    temples: Vec<Option<u8>>,
    markers: Vec<Option<u8>>,
    villages: Vec<PerColour>,
    vp: Vec<PerColour>,
    village_supply: Option<PerColour>,
    vp_supply: Option<PerColour>,
    extra_actions: Vec<u8>,
    to_move: Seat,
    far: i32,
}

impl Position {
    /// `seats` gods; an empty board, an empty display, a pile of 10 deserts; every god
    /// holds 12 crystals; god 0 is to move, in the action phase (power already gathered).
    pub fn new(seats: usize) -> Position {
        Position {
            seats,
            options: GodsOptions::default(),
            seed: 1,
            board: Vec::new(),
            display: Vec::new(),
            pile: vec![Tile::Desert; 10],
            removed: Vec::new(),
            crystals: vec![12; seats],
            temples: vec![None; seats],
            markers: vec![None; seats],
            villages: vec![PerColour::default(); seats],
            vp: vec![PerColour::default(); seats],
            village_supply: None,
            vp_supply: None,
            extra_actions: vec![0; seats],
            to_move: 0,
            far: 0,
        }
    }

    pub fn options(mut self, options: GodsOptions) -> Position {
        self.options = options;
        self
    }

    pub fn seed(mut self, seed: u64) -> Position {
        self.seed = seed;
        self
    }

    /// `(q, r, cell code)` for every tile on the board.
    pub fn board(mut self, cells: &[(i32, i32, &str)]) -> Position {
        self.board = cells
            .iter()
            .map(|&(q, r, c)| (hex(q, r), cell(c)))
            .collect();
        self
    }

    /// One more tile on the board.
    pub fn add(mut self, q: i32, r: i32, code: &str) -> Position {
        self.board.push((hex(q, r), cell(code)));
        self
    }

    /// `n` tiles `code` far from everything else and from each other: they count (for
    /// villages, G-V1) but touch nothing.
    pub fn far(mut self, code: &str, n: usize) -> Position {
        for _ in 0..n {
            self.board
                .push((hex(1000 + 3 * self.far, 1000), cell(code)));
            self.far += 1;
        }
        self
    }

    /// Village tiles held by `seat`, each backed by 3 far tribes of its colour carrying
    /// the god's marker, so that the position is one the rules allow (G-V2).
    pub fn backed_villages(mut self, seat: Seat, held: &[(char, u8)]) -> Position {
        for &(c, n) in held {
            let code = format!("{c}{seat}");
            self = self.far(&code, 3 * usize::from(n));
        }
        self.villages(seat, held)
    }

    /// The display, slot 1 first.
    pub fn display(mut self, codes: &[&str]) -> Position {
        self.display = tiles(codes);
        self
    }

    /// The pile (or bag); the top of the pile is the LAST code.
    pub fn pile(mut self, codes: &[&str]) -> Position {
        self.pile = tiles(codes);
        self
    }

    pub fn removed(mut self, codes: &[&str]) -> Position {
        self.removed = tiles(codes);
        self
    }

    pub fn crystals(mut self, seat: Seat, n: u8) -> Position {
        self.crystals[seat] = n;
        self
    }

    /// Temples left in `seat`'s supply (default: 6 minus those on the board).
    pub fn temples(mut self, seat: Seat, n: u8) -> Position {
        self.temples[seat] = Some(n);
        self
    }

    /// Markers left in `seat`'s supply (default: 15 minus those on the board).
    pub fn markers(mut self, seat: Seat, n: u8) -> Position {
        self.markers[seat] = Some(n);
        self
    }

    /// Village tiles held, as `[(colour code, n)]`.
    pub fn villages(mut self, seat: Seat, held: &[(char, u8)]) -> Position {
        for &(c, n) in held {
            *self.villages[seat].get_mut(colour(c)) = n;
        }
        self
    }

    /// VP tiles held, as `[(colour code, n)]`.
    pub fn vp(mut self, seat: Seat, held: &[(char, u8)]) -> Position {
        for &(c, n) in held {
            *self.vp[seat].get_mut(colour(c)) = n;
        }
        self
    }

    pub fn village_supply(mut self, supply: PerColour) -> Position {
        self.village_supply = Some(supply);
        self
    }

    pub fn vp_supply(mut self, supply: PerColour) -> Position {
        self.vp_supply = Some(supply);
        self
    }

    pub fn extra_actions(mut self, seat: Seat, n: u8) -> Position {
        self.extra_actions[seat] = n;
        self
    }

    pub fn mover(mut self, seat: Seat) -> Position {
        self.to_move = seat;
        self
    }

    pub fn build(&self) -> Gods {
        let fresh = Gods::new(Seed::from_u64(self.seed), self.seats, self.options.clone())
            .expect("valid setup");
        let mut state = serde_json::to_value(&fresh).unwrap();
        let cells = &self.board;
        let board: Vec<Value> = cells
            .iter()
            .map(|(at, c)| {
                let mut v = serde_json::to_value(c).unwrap();
                v["at"] = serde_json::to_value(at).unwrap();
                v
            })
            .collect();
        state["board"] = Value::Array(board);
        state["display"] = serde_json::to_value(&self.display).unwrap();
        state["pile"] = serde_json::to_value(&self.pile).unwrap();
        state["removed"] = serde_json::to_value(&self.removed).unwrap();
        let mut gods = Vec::new();
        let mut village_supply = PerColour::all(2);
        let mut vp_supply = PerColour::all(3);
        for seat in 0..self.seats {
            let on_board = |f: &dyn Fn(&Cell) -> bool| cells.iter().filter(|(_, c)| f(c)).count();
            let temples_on_board =
                on_board(&|c| matches!(c, Cell::Temple { god } if *god == seat)) as u8;
            let markers_on_board =
                on_board(&|c| matches!(c, Cell::Tribe { marker: Some(g), .. } if *g == seat)) as u8;
            for c in Colour::ALL {
                *village_supply.get_mut(c) -= self.villages[seat].get(c);
                *vp_supply.get_mut(c) -= self.vp[seat].get(c);
            }
            gods.push(json!({
                "crystals": self.crystals[seat],
                "temples": self.temples[seat].unwrap_or(6 - temples_on_board),
                "markers": self.markers[seat].unwrap_or(15 - markers_on_board),
                "villages": self.villages[seat],
                "vp": self.vp[seat],
                "extra_actions": self.extra_actions[seat],
            }));
        }
        state["gods"] = Value::Array(gods);
        state["village_supply"] =
            serde_json::to_value(self.village_supply.unwrap_or(village_supply)).unwrap();
        state["vp_supply"] = serde_json::to_value(self.vp_supply.unwrap_or(vp_supply)).unwrap();
        state["to_move"] = json!(self.to_move);
        state["phase"] = json!("actions");
        Gods::from_json(state).expect("the crafted state loads")
    }
}

/// Overwrite top-level fields of a game's state (e.g. `"phase"`), and load it back.
pub fn with_state(game: &Gods, edits: &[(&str, Value)]) -> Gods {
    let mut state = serde_json::to_value(game).unwrap();
    for (key, value) in edits {
        state[*key] = value.clone();
    }
    Gods::from_json(state).expect("the edited state loads")
}

// ---- turns, briefly -------------------------------------------------------------------

pub fn turn(steps: &[Step]) -> GodsTurn {
    GodsTurn {
        declare_end: false,
        steps: steps.to_vec(),
    }
}

/// `end` (G-T1).
pub fn declare() -> GodsTurn {
    GodsTurn {
        declare_end: true,
        steps: Vec::new(),
    }
}

/// `continue`: play on when one may declare (G-T6).
pub fn play_on() -> GodsTurn {
    GodsTurn::default()
}

pub fn tribe(slot: usize, q: i32, r: i32) -> Step {
    Step::PlaceTribe {
        slot,
        at: hex(q, r),
    }
}

pub fn temple(q: i32, r: i32) -> Step {
    Step::PlaceTemple { at: hex(q, r) }
}

pub fn desert(slot: usize, q: i32, r: i32) -> Step {
    Step::PlaceDesert {
        slot,
        at: hex(q, r),
    }
}

pub fn whirlwind(slot: usize, from: (i32, i32), to: (i32, i32)) -> Step {
    Step::Whirlwind {
        slot,
        from: hex(from.0, from.1),
        to: hex(to.0, to.1),
    }
}

pub fn take_extra(slot: usize) -> Step {
    Step::TakeExtraAction { slot }
}

pub fn discard(slot: usize) -> Step {
    Step::Discard { slot }
}

pub fn move_desert(from: (i32, i32), to: (i32, i32)) -> Step {
    Step::MoveDesert {
        from: hex(from.0, from.1),
        to: hex(to.0, to.1),
    }
}

pub fn play_extra() -> Step {
    Step::PlayExtraAction
}

pub fn decay(slot: usize, q: i32, r: i32, victim: Seat) -> Step {
    Step::PlaceDecay {
        slot,
        at: hex(q, r),
        victim,
    }
}

/// Apply a turn of the god to move, which must be legal.
pub fn play(game: &Gods, t: &GodsTurn) -> Gods {
    let seat = game.to_move();
    match game.apply(seat, t) {
        Ok(applied) => applied.game,
        Err(e) => panic!("turn {t:?} of god {seat} was rejected: {e}"),
    }
}

/// Apply a turn of the god to move, which must be legal; also return its events.
pub fn play_events(game: &Gods, t: &GodsTurn) -> (Gods, Vec<GodsEvent>) {
    let seat = game.to_move();
    match game.apply(seat, t) {
        Ok(applied) => (
            applied.game,
            applied.events.into_iter().map(|l| l.event).collect(),
        ),
        Err(e) => panic!("turn {t:?} of god {seat} was rejected: {e}"),
    }
}

/// Apply a turn of the god to move, which must be rejected; the error is returned, and
/// the game is checked to be untouched.
pub fn reject(game: &Gods, t: &GodsTurn) -> RuleError {
    let before = serde_json::to_value(game).unwrap();
    let seat = game.to_move();
    let e = match game.apply(seat, t) {
        Ok(_) => panic!("turn {t:?} of god {seat} was accepted"),
        Err(e) => e,
    };
    assert_eq!(
        serde_json::to_value(game).unwrap(),
        before,
        "a rejection changed the game"
    );
    e
}

/// The cell at `(q, r)`.
pub fn at(game: &Gods, q: i32, r: i32) -> Option<Cell> {
    game.board().get(hex(q, r))
}

pub fn marker(game: &Gods, q: i32, r: i32) -> Option<Seat> {
    match at(game, q, r) {
        Some(Cell::Tribe { marker, .. }) => marker,
        other => panic!("no tribe at {q},{r}: {other:?}"),
    }
}

pub fn crystals(game: &Gods, seat: Seat) -> u8 {
    game.god(seat).unwrap().crystals
}

// ---- invariants -----------------------------------------------------------------------

/// Count tiles per kind.
pub fn census<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> BTreeMap<Tile, usize> {
    let mut m = BTreeMap::new();
    for &t in tiles {
        *m.entry(t).or_insert(0) += 1;
    }
    m
}

/// Every non-temple tile of the game, wherever it is now.
pub fn tiles_in_game(game: &Gods) -> BTreeMap<Tile, usize> {
    let mut all: Vec<Tile> = Vec::new();
    all.extend_from_slice(game.secret_pile());
    all.extend_from_slice(game.display());
    all.extend_from_slice(game.removed());
    for (_, c) in game.board().iter() {
        match c {
            Cell::Tribe { colour, .. } => all.push(Tile::Tribe(colour)),
            Cell::Desert => all.push(Tile::Desert),
            Cell::Decay => all.push(Tile::Decay),
            Cell::Temple { .. } => {}
        }
    }
    for g in game.gods() {
        all.extend(std::iter::repeat_n(
            Tile::ExtraAction,
            usize::from(g.extra_actions),
        ));
    }
    census(&all)
}

/// The counting invariants of the issue; panics with `context` on the first violation.
pub fn check_counts(game: &Gods, context: &str) {
    // G-C3 / G-BAG1 / G-BAG5: every tile accounted for exactly once.
    let expected = census(&all_tiles(game.options()));
    assert_eq!(tiles_in_game(game), expected, "{context}: tiles");
    let board = game.board();
    for (seat, god) in game.gods().iter().enumerate() {
        // G-C2: temples and markers are conserved.
        assert_eq!(
            board.temples_of(seat) + usize::from(god.temples),
            6,
            "{context}: temples of god {seat}"
        );
        assert_eq!(
            board.markers_of(seat) + usize::from(god.markers),
            15,
            "{context}: markers of god {seat}"
        );
        // G-T2: crystals within 0..=12 (u8 makes the lower bound structural).
        assert!(
            god.crystals <= 12,
            "{context}: god {seat} holds {} crystals",
            god.crystals
        );
        for c in Colour::ALL {
            // G-V2/G-V3: nobody holds more villages than entitled; fewer only when the
            // supply is empty.
            let entitled = (board.tribes_worshipping(seat, c) / 3) as u8;
            let held = god.villages.get(c);
            assert!(
                held <= entitled,
                "{context}: god {seat} holds {held} {c} villages, entitled {entitled}"
            );
            if held < entitled {
                assert_eq!(
                    game.village_supply().get(c),
                    0,
                    "{context}: god {seat} waits for a {c} village the supply has"
                );
            }
        }
    }
    for c in Colour::ALL {
        // G-C4: at most 2 village tiles and 3 VP tiles per colour in play.
        let villages: u32 = game
            .gods()
            .iter()
            .map(|g| u32::from(g.villages.get(c)))
            .sum();
        let vp: u32 = game.gods().iter().map(|g| u32::from(g.vp.get(c))).sum();
        assert_eq!(
            villages + u32::from(game.village_supply().get(c)),
            2,
            "{context}: {c} villages"
        );
        assert_eq!(
            vp + u32::from(game.vp_supply().get(c)),
            3,
            "{context}: {c} VP tiles"
        );
    }
    // G-B2: tiles never stack (the board is a map) and every hex is a real cell; the
    // display holds no game-end tile (drawing it ends the game).
    assert!(
        !game.display().contains(&Tile::GameEnd),
        "{context}: game-end tile on display"
    );
}
