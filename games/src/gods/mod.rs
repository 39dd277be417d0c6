//! Gods (Michael Schacht, 2001): the rules of `docs/rules/gods.md`.
//!
//! Owns: the state of one game and every rule that changes it. Module names follow the
//! rule sheet: `setup` (G-C, G-B), `draw` (G-T2, G-T3, G-BAG), `actions` (G-A),
//! `villages` (G-V), `end` (G-E), `legal` (what a god may do next), `view` (what a viewer
//! may see, G-X4), `notation` (turns as text), `random` (random legal turns, for tests,
//! benchmarks and load generators).
//! Must not: do I/O, read a clock, or use randomness other than the game's own [`Rng`].

pub mod actions;
pub mod draw;
pub mod end;
pub mod hex;
pub mod legal;
pub mod notation;
pub mod options;
pub mod pass;
pub mod random;
pub mod setup;
pub mod tiles;
pub mod turn;
pub mod view;
pub mod villages;

use crate::game::{
    Applied, Game, Logged, NotationError, Outcome, RuleError, Seat, SetupError, Viewer, Visibility,
};
use crate::rng::{Generator, Rng, Seed};
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

pub use hex::Hex;
pub use options::{DisplayRule, Draw, GodsOptions, TempleMajority};
pub use tiles::{Cell, Colour, PerColour, Tile};
pub use turn::{GodsTurn, Step};

/// The version of the stored state format. Bump it, and teach [`Gods::from_json`] to read
/// the old one, whenever the serialized shape changes.
pub const STATE_FORMAT: u32 = 1;

/// G-C2: per god.
pub const TEMPLES_PER_GOD: u8 = 6;
pub const MARKERS_PER_GOD: u8 = 15;
pub const START_CRYSTALS: u8 = 2;
/// G-T2: nobody ever holds more.
pub const MAX_CRYSTALS: u8 = 12;
/// G-C4.
pub const VILLAGES_PER_COLOUR: u8 = 2;
pub const VP_PER_COLOUR: u8 = 3;

/// One god's belongings. All of it is public (G-X4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct God {
    pub crystals: u8,
    /// Temples still in the god's supply (G-C2, G-X1).
    pub temples: u8,
    /// God markers still in the god's supply (G-C2, G-X2).
    pub markers: u8,
    /// Village tiles held (G-V).
    pub villages: PerColour,
    /// Victory-point tiles held (G-V3).
    pub vp: PerColour,
    /// Extra-action tiles kept face up (G-A4, G-A7).
    pub extra_actions: u8,
}

/// Where the game stands between submissions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// G-T1/G-T6: the god to move may end the game and has not decided yet; power is not
    /// gathered and the display not refilled.
    MayDeclare,
    /// The god to move has gathered power and sees the display they will use.
    Actions,
    Over,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by")]
pub enum EndReason {
    /// G-E1.
    GameEndTile,
    /// G-E2.
    Declared { seat: Seat },
    /// G-BAG4.
    BagEmpty,
    /// The pile ran out before the game-end tile came (impossible with the standard
    /// setup; kept so that no game can ever be stuck).
    PileEmpty,
}

impl EndReason {
    pub fn words(self) -> String {
        match self {
            EndReason::GameEndTile => "the game-end tile was drawn (G-E1)".into(),
            EndReason::Declared { seat } => format!("god {seat} declared the end (G-E2)"),
            EndReason::BagEmpty => "the bag could not refill the display (G-BAG4)".into(),
            EndReason::PileEmpty => "the pile ran out".into(),
        }
    }
}

/// The board: what lies on each hex. Serialized as a list of `{at, ...cell}` in hex order.
///
/// Held as a vector sorted by hex: a board has at most a few dozen tiles, so a binary
/// search finds one as fast as a tree would, and the bots' searches, which copy the board
/// for every candidate step, copy one allocation instead of a tree of them. Beside it, a
/// bitmap of the occupied hexes near the centre answers "is this hex taken?" (the legal
/// moves ask it for every neighbour of every frontier hex) without a search.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Board {
    cells: Vec<(Hex, Cell)>,
    occupied: Occupancy,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board").field("cells", &self.cells).finish()
    }
}

/// Which hexes with `-16 <= q, r < 16` hold a tile: row `r + 16`, bit `q + 16`. Hexes
/// further out (rare) are looked up in the list. Small, as every copy of a game copies it.
#[derive(Clone, PartialEq, Eq, Default)]
struct Occupancy([u32; 32]);

impl Occupancy {
    /// The row and the bit of `at`, if it is inside the bitmap.
    fn slot(at: Hex) -> Option<(usize, u32)> {
        let row = usize::try_from(at.r.checked_add(16)?)
            .ok()
            .filter(|&r| r < 32)?;
        let col = u32::try_from(at.q.checked_add(16)?)
            .ok()
            .filter(|&q| q < 32)?;
        Some((row, 1u32 << col))
    }

    fn set(&mut self, at: Hex, taken: bool) {
        if let Some((row, bit)) = Occupancy::slot(at) {
            if let Some(word) = self.0.get_mut(row) {
                if taken {
                    *word |= bit;
                } else {
                    *word &= !bit;
                }
            }
        }
    }

    /// `Some(taken)` inside the bitmap, `None` outside it.
    fn get(&self, at: Hex) -> Option<bool> {
        let (row, bit) = Occupancy::slot(at)?;
        self.0.get(row).map(|word| word & bit != 0)
    }
}

#[derive(Serialize, Deserialize)]
struct BoardEntry {
    at: Hex,
    #[serde(flatten)]
    cell: Cell,
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cells.iter().map(|&(at, cell)| BoardEntry { at, cell }))
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let entries = Vec::<BoardEntry>::deserialize(d)?;
        let mut board = Board::default();
        for e in entries {
            if !board.is_empty_at(e.at) {
                return Err(serde::de::Error::custom(format!(
                    "two tiles on hex {}",
                    e.at
                )));
            }
            board.put(e.at, e.cell);
        }
        Ok(board)
    }
}

impl Board {
    fn find(&self, at: Hex) -> Result<usize, usize> {
        self.cells.binary_search_by(|(h, _)| h.cmp(&at))
    }

    fn contains(&self, at: Hex) -> bool {
        match self.occupied.get(at) {
            Some(taken) => taken,
            None => self.find(at).is_ok(),
        }
    }

    pub fn get(&self, at: Hex) -> Option<Cell> {
        self.find(at)
            .ok()
            .and_then(|i| self.cells.get(i))
            .map(|&(_, c)| c)
    }

    pub fn is_empty_at(&self, at: Hex) -> bool {
        !self.contains(at)
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every tile, in hex order (deterministic).
    pub fn iter(&self) -> impl Iterator<Item = (Hex, Cell)> + '_ {
        self.cells.iter().copied()
    }

    pub(crate) fn put(&mut self, at: Hex, cell: Cell) {
        match self.find(at) {
            Ok(i) => {
                if let Some(slot) = self.cells.get_mut(i) {
                    slot.1 = cell;
                }
            }
            Err(i) => {
                self.cells.insert(i, (at, cell));
                self.occupied.set(at, true);
            }
        }
    }

    pub(crate) fn lift(&mut self, at: Hex) -> Option<Cell> {
        let i = self.find(at).ok()?;
        self.occupied.set(at, false);
        Some(self.cells.remove(i).1)
    }

    pub(crate) fn cell_mut(&mut self, at: Hex) -> Option<&mut Cell> {
        let i = self.find(at).ok()?;
        self.cells.get_mut(i).map(|(_, c)| c)
    }

    /// How many of `at`'s neighbours hold a tile.
    pub fn occupied_neighbours(&self, at: Hex) -> usize {
        at.neighbours()
            .iter()
            .filter(|&&n| self.contains(n))
            .count()
    }

    /// How many of `at`'s neighbours hold a tile, not counting `ignoring`.
    pub fn occupied_neighbours_ignoring(&self, at: Hex, ignoring: Hex) -> usize {
        at.neighbours()
            .iter()
            .filter(|&&n| n != ignoring && self.contains(n))
            .count()
    }

    /// G-B2: the empty hexes adjacent to at least one tile, in hex order.
    pub fn frontier(&self) -> Vec<Hex> {
        let mut out: Vec<Hex> = self
            .cells
            .iter()
            .flat_map(|(h, _)| h.neighbours())
            .filter(|&n| !self.contains(n))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    pub fn deserts(&self) -> impl Iterator<Item = Hex> + '_ {
        self.iter().filter(|(_, c)| c.is_desert()).map(|(h, _)| h)
    }

    /// Temples of `god` on the board (G-E3).
    pub fn temples_of(&self, god: Seat) -> usize {
        self.cells
            .iter()
            .map(|(_, c)| c)
            .filter(|c| matches!(c, Cell::Temple { god: g } if *g == god))
            .count()
    }

    /// Tribes of `colour` carrying `god`'s marker (G-V1).
    pub fn tribes_worshipping(&self, god: Seat, colour: Colour) -> usize {
        self.cells
            .iter()
            .map(|(_, c)| c)
            .filter(|c| matches!(c, Cell::Tribe { colour: k, marker: Some(g) } if *k == colour && *g == god))
            .count()
    }

    /// Markers of `god` on the board.
    pub fn markers_of(&self, god: Seat) -> usize {
        self.cells
            .iter()
            .map(|(_, c)| c)
            .filter(|c| matches!(c, Cell::Tribe { marker: Some(g), .. } if *g == god))
            .count()
    }
}

/// What a turn caused. Every Gods event is public: the pile order never appears in one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum GodsEvent {
    /// G-T1: a god ended the game.
    EndDeclared { seat: Seat },
    /// G-T6: a god who may end the game chose to play on.
    PlayedOn { seat: Seat },
    /// G-T2.
    PowerGathered {
        seat: Seat,
        gained: u8,
        crystals: u8,
    },
    /// G-T3 / G-BAG1: a tile turned face up.
    TileDrawn { tile: Tile },
    /// G-BAG2: two identical tiles went back into the bag.
    TilesReturned { tile: Tile },
    /// G-A1.
    TribePlaced {
        seat: Seat,
        colour: Colour,
        at: Hex,
        cost: u8,
        marker: Option<Seat>,
    },
    /// G-A3.
    TemplePlaced {
        seat: Seat,
        at: Hex,
        cost: u8,
        converted: Vec<Conversion>,
    },
    /// G-A4.
    DesertPlaced { seat: Seat, at: Hex, gained: u8 },
    /// G-A4 (whirlwind, free) or G-A6 (2 crystals).
    DesertMoved {
        seat: Seat,
        from: Hex,
        to: Hex,
        cost: u8,
        whirlwind: bool,
    },
    /// G-A4.
    ExtraActionTaken { seat: Seat },
    /// G-A7.
    ExtraActionPlayed { seat: Seat },
    /// G-A5.
    Discarded { seat: Seat, tile: Tile },
    /// G-BAG5.
    DecayPlaced {
        seat: Seat,
        at: Hex,
        victim: Seat,
        taken: u8,
        gained: u8,
    },
    /// G-V3.
    VillageFounded {
        seat: Seat,
        colour: Colour,
        vp: bool,
    },
    /// G-V2.
    VillageLost { seat: Seat, colour: Colour },
    /// G-T4: no legal action was left for the actions still owed.
    ActionsForfeited { seat: Seat, owed: u32 },
    /// G-T5: the next god's turn began.
    TurnBegan { seat: Seat, may_declare: bool },
    /// G-E.
    GameEnded { reason: EndReason, outcome: Outcome },
}

/// A tribe whose marker a temple changed (G-A3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conversion {
    pub at: Hex,
    pub from: Option<Seat>,
}

/// A game of Gods. The pile order and the generator are inside: never show this value
/// to a player; show [`Gods::view`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gods {
    /// [`STATE_FORMAT`].
    pub(crate) format: u32,
    pub(crate) options: GodsOptions,
    pub(crate) rng: Rng,
    /// The pile (its top is the last element) or the bag (unordered: draws pick at random).
    pub(crate) pile: Vec<Tile>,
    pub(crate) display: Vec<Tile>,
    pub(crate) board: Board,
    pub(crate) gods: Vec<God>,
    /// Village tiles not held by any god (G-C4).
    pub(crate) village_supply: PerColour,
    /// VP tiles not held by any god (G-C4).
    pub(crate) vp_supply: PerColour,
    /// Tiles out of the game: discarded, played whirlwinds and extra-action tiles, the
    /// drawn game-end tile. Public.
    pub(crate) removed: Vec<Tile>,
    pub(crate) to_move: Seat,
    pub(crate) phase: Phase,
    /// Turns begun so far (1 during the first turn).
    pub(crate) turn_number: u32,
    pub(crate) end: Option<EndReason>,
}

/// A stored state that cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("unknown state format {0}; this build reads formats up to {STATE_FORMAT}")]
    UnknownFormat(u64),
    #[error("state is not valid: {0}")]
    Invalid(#[from] serde_json::Error),
}

impl Gods {
    /// Load a stored state, whatever format version it was written in.
    pub fn from_json(value: serde_json::Value) -> Result<Gods, LoadError> {
        let format = value.get("format").and_then(|f| f.as_u64()).unwrap_or(0);
        match format {
            1 => Ok(serde_json::from_value(value)?),
            other => Err(LoadError::UnknownFormat(other)),
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn display(&self) -> &[Tile] {
        &self.display
    }

    pub fn gods(&self) -> &[God] {
        &self.gods
    }

    pub fn god(&self, seat: Seat) -> Option<&God> {
        self.gods.get(seat)
    }

    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn turn_number(&self) -> u32 {
        self.turn_number
    }

    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    pub fn village_supply(&self) -> PerColour {
        self.village_supply
    }

    pub fn vp_supply(&self) -> PerColour {
        self.vp_supply
    }

    pub fn removed(&self) -> &[Tile] {
        &self.removed
    }

    /// Tiles still in the pile or bag. Their order is secret; their number is not.
    pub fn tiles_remaining(&self) -> usize {
        self.pile.len()
    }

    /// For tests of the secrecy rules and for the end-of-game reveal only.
    #[doc(hidden)]
    pub fn secret_pile(&self) -> &[Tile] {
        &self.pile
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    pub(crate) fn god_mut(&mut self, seat: Seat) -> Result<&mut God, RuleError> {
        self.gods
            .get_mut(seat)
            .ok_or_else(|| RuleError::new("G-B5", format!("there is no god {seat} in this game")))
    }

    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.gods.len().max(1)
    }

    /// G-T1 / G-E2: may `seat` end the game now?
    pub fn may_declare(&self, seat: Seat) -> bool {
        if self.options.draw == Draw::Bag && !self.options.sudden_death {
            return false;
        }
        self.gods
            .get(seat)
            .is_some_and(|g| g.villages.colours_held() >= 3 || g.villages.total() >= 4)
    }

    /// G-T5/G-T6: hand the move to `seat`, gathering and refilling for them unless they may
    /// first declare the end. A god with no legal action at all forfeits (G-T4) and the
    /// next god moves; at most one round of that, so no game can loop.
    pub(crate) fn begin_turn(&mut self, seat: Seat, events: &mut Vec<Logged<GodsEvent>>) {
        let mut seat = seat;
        for _ in 0..=self.gods.len() {
            self.to_move = seat;
            self.turn_number += 1;
            if self.may_declare(seat) {
                self.phase = Phase::MayDeclare;
                push(
                    events,
                    GodsEvent::TurnBegan {
                        seat,
                        may_declare: true,
                    },
                );
                return;
            }
            push(
                events,
                GodsEvent::TurnBegan {
                    seat,
                    may_declare: false,
                },
            );
            self.start_actions(events);
            if self.phase == Phase::Over {
                return;
            }
            if legal::any_action(self, seat, &actions::TurnProgress::start()) {
                return;
            }
            push(events, GodsEvent::ActionsForfeited { seat, owed: 2 });
            seat = self.next_seat(seat);
        }
        // Nobody could act for a whole round: end rather than stall.
        self.finish(EndReason::PileEmpty, events);
    }

    /// G-T2 then G-T3, for the god to move; G-E1/G-BAG4 may end the game here.
    pub(crate) fn start_actions(&mut self, events: &mut Vec<Logged<GodsEvent>>) {
        let seat = self.to_move;
        self.phase = Phase::Actions;
        if let Some(god) = self.gods.get_mut(seat) {
            let before = god.crystals;
            god.crystals = (god.crystals + 3).min(MAX_CRYSTALS);
            let gained = god.crystals - before;
            push(
                events,
                GodsEvent::PowerGathered {
                    seat,
                    gained,
                    crystals: god.crystals,
                },
            );
        }
        if let Some(reason) = self.refill(events) {
            self.finish(reason, events);
        }
    }

    pub(crate) fn finish(&mut self, reason: EndReason, events: &mut Vec<Logged<GodsEvent>>) {
        self.phase = Phase::Over;
        self.end = Some(reason);
        let outcome = end::outcome(self, reason);
        push(events, GodsEvent::GameEnded { reason, outcome });
    }

    fn apply_turn(&self, seat: Seat, turn: &GodsTurn) -> Result<Applied<Gods>, RuleError> {
        if self.phase == Phase::Over {
            return Err(RuleError::new("G-E1", "the game is over"));
        }
        if seat != self.to_move {
            return Err(RuleError::new(
                "G-T5",
                format!("it is god {}'s turn, not god {seat}'s", self.to_move),
            ));
        }
        let mut game = self.clone();
        let mut events = Vec::new();
        if turn.declare_end {
            if !turn.steps.is_empty() {
                return Err(RuleError::new(
                    "G-T1",
                    "ending the game replaces the whole turn: send `end` with no actions",
                ));
            }
            if self.options.draw == Draw::Bag && !self.options.sudden_death {
                return Err(RuleError::new(
                    "G-E2",
                    "in the bag variant nobody may declare the end unless the option sudden_death is on",
                ));
            }
            if self.phase != Phase::MayDeclare {
                let why = if self.may_declare(seat) {
                    "you already played on this turn; you may end the game at the start of your next turn".to_string()
                } else {
                    let g = self.gods.get(seat);
                    let colours = g.map_or(0, |g| g.villages.colours_held());
                    let total = g.map_or(0, |g| g.villages.total());
                    format!(
                        "you may end the game only holding village tiles of 3 colours or 4 village tiles; you hold {total} village tile{} of {colours} colour{}",
                        if total == 1 { "" } else { "s" },
                        if colours == 1 { "" } else { "s" }
                    )
                };
                return Err(RuleError::new("G-T1", why));
            }
            push(&mut events, GodsEvent::EndDeclared { seat });
            game.finish(EndReason::Declared { seat }, &mut events);
            return Ok(Applied { game, events });
        }
        if self.phase == Phase::MayDeclare {
            if !turn.steps.is_empty() {
                return Err(RuleError::new(
                    "G-T6",
                    "you may end the game now: first send `end` or `continue`; you will see the display and send your actions after",
                ));
            }
            push(&mut events, GodsEvent::PlayedOn { seat });
            game.start_actions(&mut events);
            if game.phase == Phase::Actions
                && !legal::any_action(&game, seat, &actions::TurnProgress::start())
            {
                push(&mut events, GodsEvent::ActionsForfeited { seat, owed: 2 });
                let next = game.next_seat(seat);
                game.begin_turn(next, &mut events);
            }
            return Ok(Applied { game, events });
        }
        let mut progress = actions::TurnProgress::start();
        for (i, step) in turn.steps.iter().enumerate() {
            actions::apply_step(&mut game, seat, &mut progress, step, &mut events)
                .map_err(|e| e.at_step(i + 1))?;
            if progress.owed > 0 && !legal::any_action(&game, seat, &progress) {
                progress.stuck = true;
                push(
                    &mut events,
                    GodsEvent::ActionsForfeited {
                        seat,
                        owed: progress.owed,
                    },
                );
            }
        }
        if progress.owed > 0 && !progress.stuck {
            return Err(RuleError::new(
                "G-T4",
                format!(
                    "you owe {} more action{} this turn",
                    progress.owed,
                    if progress.owed == 1 { "" } else { "s" }
                ),
            ));
        }
        let next = game.next_seat(seat);
        game.begin_turn(next, &mut events);
        Ok(Applied { game, events })
    }
}

pub(crate) fn push(events: &mut Vec<Logged<GodsEvent>>, event: GodsEvent) {
    events.push(Logged {
        visibility: Visibility::Everyone,
        event,
    });
}

impl Game for Gods {
    type Options = GodsOptions;
    type Turn = GodsTurn;
    type View = view::GodsView;
    type Event = GodsEvent;
    type Legal = legal::GodsLegal;

    const KIND: &'static str = "gods";
    // 1: the first recorded version.
    const ENGINE_VERSION: u32 = 1;

    fn seat_counts() -> RangeInclusive<usize> {
        2..=4
    }

    fn new_with(
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: GodsOptions,
    ) -> Result<Gods, SetupError> {
        setup::new_game(Rng::new(generator, &seed), seats, options)
    }

    fn seats(&self) -> usize {
        self.gods.len()
    }

    fn options(&self) -> &GodsOptions {
        &self.options
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.phase == Phase::Over {
            Vec::new()
        } else {
            vec![self.to_move]
        }
    }

    fn apply(&self, seat: Seat, turn: &GodsTurn) -> Result<Applied<Gods>, RuleError> {
        self.apply_turn(seat, turn)
    }

    fn legal(&self, seat: Seat, partial: &GodsTurn) -> Result<legal::GodsLegal, RuleError> {
        legal::legal(self, seat, partial)
    }

    fn view(&self, viewer: Viewer) -> view::GodsView {
        view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|reason| end::outcome(self, reason))
    }

    fn load(state: serde_json::Value) -> Result<Gods, String> {
        Gods::from_json(state).map_err(|e| e.to_string())
    }

    fn parse_turn(text: &str) -> Result<GodsTurn, NotationError> {
        notation::parse(text)
    }

    fn format_turn(turn: &GodsTurn) -> String {
        notation::format(turn)
    }

    fn pass_turn(&self, seat: Seat) -> Option<GodsTurn> {
        pass::pass_turn(self, seat)
    }
}

#[cfg(test)]
mod board_tests {
    use super::{Board, Cell, Colour, Hex};

    /// Tiles inside and outside the occupancy bitmap answer alike: put, look up, count
    /// neighbours, lift; the list stays in hex order.
    #[test]
    fn board_answers_the_same_inside_and_outside_its_bitmap() {
        let mut board = Board::default();
        let tribe = Cell::Tribe {
            colour: Colour::ALL[0],
            marker: None,
        };
        let hexes = [
            Hex { q: 0, r: 0 },
            Hex { q: 15, r: -16 },
            Hex { q: 16, r: 0 },
            Hex { q: -17, r: 3 },
            Hex { q: 2, r: -40 },
            Hex {
                q: i32::MAX,
                r: i32::MIN,
            },
            Hex { q: 1, r: 0 },
        ];
        for &h in &hexes {
            assert!(board.is_empty_at(h));
            board.put(h, tribe);
            assert!(!board.is_empty_at(h), "{h} taken");
            assert_eq!(board.get(h), Some(tribe));
        }
        assert_eq!(board.len(), hexes.len());
        let order: Vec<Hex> = board.iter().map(|(h, _)| h).collect();
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(order, sorted, "the tiles stay in hex order");
        // (15,-16) and (16,-16) neighbour each other across the bitmap's edge.
        assert_eq!(
            board.occupied_neighbours(Hex { q: 16, r: -16 }),
            1,
            "a neighbour inside the bitmap counts from outside it"
        );
        assert_eq!(board.occupied_neighbours(Hex { q: 16, r: 1 }), 1);
        for &h in &hexes {
            assert_eq!(board.lift(h), Some(tribe));
            assert!(board.is_empty_at(h), "{h} free again");
            assert_eq!(board.lift(h), None);
        }
        assert!(board.is_empty());
        assert_eq!(board, Board::default(), "an emptied board equals a new one");
    }
}
