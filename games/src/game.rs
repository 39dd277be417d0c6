//! The contract every game of the service implements.
//!
//! Owns: the shape of a game as the service sees it: setup from `(seed, seats, options)`,
//! who must act now (one seat or several at once), what a seat may see, the legal next
//! steps, applying one whole turn atomically, the events it produced, the outcome.
//! Must not: know about HTTP, storage, mail or time. A game is a value; `apply` returns
//! a new value or a [`RuleError`] and never changes `self`.

use crate::rng::{Generator, Seed};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;

/// A seat at the table, 0-based. Gods are identified by seat, never by a colour.
pub type Seat = usize;

/// Who is looking at a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "as", content = "seat")]
pub enum Viewer {
    /// A player, who may see their own secrets.
    Seat(Seat),
    /// Anyone else: sees only what every player sees.
    Spectator,
}

/// Who may read an event in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "to", content = "seat")]
pub enum Visibility {
    /// Every player and every spectator.
    Everyone,
    /// Only this seat (until the game is over, when everything is public).
    Seat(Seat),
    /// Nobody until the game is over (or the game's own reveal).
    Nobody,
}

impl Visibility {
    /// May `viewer` read an event of this visibility while the game runs?
    pub fn shown_to(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Visibility::Everyone, _) => true,
            (Visibility::Seat(s), Viewer::Seat(v)) => s == v,
            _ => false,
        }
    }
}

/// An event with the audience it may be shown to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Logged<E> {
    pub visibility: Visibility,
    pub event: E,
}

/// A turn that broke a rule: which rule, and why, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    /// The rule id of `docs/rules/*.md`, e.g. `G-A3`.
    pub rule: String,
    /// The step of the turn (1-based) that broke it, when the turn has steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    pub message: String,
}

impl RuleError {
    pub fn new(rule: &str, message: impl Into<String>) -> RuleError {
        RuleError {
            rule: rule.to_string(),
            step: None,
            message: message.into(),
        }
    }

    pub fn at_step(mut self, step: usize) -> RuleError {
        self.step = Some(step);
        self
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(n) => write!(f, "{}: step {}: {}", self.rule, n, self.message),
            None => write!(f, "{}: {}", self.rule, self.message),
        }
    }
}

impl std::error::Error for RuleError {}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// A text turn that could not be read: the offending word and where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("at \"{word}\" (character {offset}): {message}")]
pub struct NotationError {
    /// Byte offset of the offending word in the input.
    pub offset: usize,
    pub word: String,
    pub message: String,
}

/// A finished game's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score per seat.
    pub scores: Vec<i64>,
    /// The winning seats (several when the win is shared).
    pub winners: Vec<Seat>,
    /// Why the game ended, in words.
    pub reason: String,
}

/// What applying a turn produced.
#[derive(Debug, Clone)]
pub struct Applied<G: Game> {
    pub game: G,
    pub events: Vec<Logged<G::Event>>,
}

/// A game of the service. Implementations are pure and deterministic: the state is always
/// `replay(seed, seats, options, turns)`.
pub trait Game: Sized + Clone + Serialize + DeserializeOwned {
    /// Options a creator may set; `Default` is the house default.
    type Options: Serialize + DeserializeOwned + Default + Clone + fmt::Debug;
    /// One whole submission of one seat.
    type Turn: Serialize + DeserializeOwned + Clone + fmt::Debug + PartialEq;
    /// What a viewer sees; never contains what the rules hide from that viewer.
    type View: Serialize;
    /// What a turn caused, for the log and for notifications.
    type Event: Serialize + DeserializeOwned + Clone + fmt::Debug;
    /// The legal next steps for a seat, given a partly written turn.
    type Legal: Serialize;

    /// The game's name in the service (`gods`, `dreams`).
    const KIND: &'static str;

    /// The version of this game's rules engine. Raise it with any change that can make a
    /// stored log replay differently (a rule fixed, a draw reordered, an event renamed):
    /// every game records the version it was created with (`games.engine_version`), and
    /// `hermes check games` replays the games in progress on the current engine to find
    /// the ones such a change would break (`docs/operators/operations.md`).
    const ENGINE_VERSION: u32;

    /// How many seats the game can be played with.
    fn seat_counts() -> RangeInclusive<usize>;

    /// Set up a new game drawing from xoshiro256\*\* (seed scheme 1: every game stored
    /// before scheme 2, and the tests and examples that pin its draws).
    fn new(seed: Seed, seats: usize, options: Self::Options) -> Result<Self, SetupError> {
        Self::new_with(seed, Generator::Xoshiro256StarStar, seats, options)
    }

    /// Set up a new game drawing from `generator` keyed with `seed`.
    fn new_with(
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: Self::Options,
    ) -> Result<Self, SetupError>;

    fn seats(&self) -> usize;
    fn options(&self) -> &Self::Options;

    /// The seats that must submit a turn now; several when they act at once, none when
    /// the game is over.
    fn to_act(&self) -> Vec<Seat>;

    /// Apply one whole turn of `seat`: all of it, or nothing (an error).
    fn apply(&self, seat: Seat, turn: &Self::Turn) -> Result<Applied<Self>, RuleError>;

    /// The legal next steps for `seat` after the steps already in `partial`.
    fn legal(&self, seat: Seat, partial: &Self::Turn) -> Result<Self::Legal, RuleError>;

    fn view(&self, viewer: Viewer) -> Self::View;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The smallest legal turn for `seat` now, which the service plays when the seat's
    /// time runs out: it never ends the game by choice and spends as little as the rules
    /// allow. `None` when `seat` need not act. Applying it may leave `seat` still to act
    /// (a turn in two submissions): the service then asks again.
    fn pass_turn(&self, seat: Seat) -> Option<Self::Turn>;

    fn parse_turn(text: &str) -> Result<Self::Turn, NotationError>;
    fn format_turn(turn: &Self::Turn) -> String;

    /// The rule that governs the part of `turn` (JSON that is not a `Self::Turn`) which
    /// could not be read, when a rule does: a Dreams star at `x` = -1 or of kind
    /// `"purple"` is not a turn at all, yet D-R4 says what a star is. `None` (the default)
    /// when no rule names the fault.
    fn malformed_rule(turn: &serde_json::Value) -> Option<&'static str> {
        let _ = turn;
        None
    }

    /// Who may read `turn` of `seat` (its JSON and its notation) in the log while the game
    /// runs, asked of the state the turn is applied to. Most turns are public; a game with
    /// secret submissions (a sealed guess in Dreams) keeps them to their author until the
    /// game's own reveal, which publishes what they said in an event.
    fn turn_visibility(&self, seat: Seat, turn: &Self::Turn) -> Visibility {
        let _ = (seat, turn);
        Visibility::Everyone
    }

    /// How many turns `seat` may queue now, to be played one by one when its turns come
    /// (0: none). Default: one whole turn while the game runs.
    fn queue_limit(&self, seat: Seat) -> usize {
        usize::from(self.outcome().is_none() && seat < self.seats())
    }

    /// Judge `turns`, queued by `seat` before its turn, as far as the seat can know them
    /// now (each is judged again when it is played): the index of the first refused one
    /// and why. Their number is bounded by [`Game::queue_limit`] before. Default: nothing
    /// more can be judged ahead (a Gods turn depends on the tiles drawn before it).
    fn check_queued(&self, seat: Seat, turns: &[Self::Turn]) -> Result<(), (usize, RuleError)> {
        let _ = (seat, turns);
        Ok(())
    }

    /// Right after `seat` submitted (asked of the new state): does its turn go on, as a
    /// turn in two submissions does? The service then keeps the seat's clock running and,
    /// on a timeout, passes again at once. A seat that must act again although its turn
    /// is over (a new round it begins) waits anew. Default: the seat is still to act.
    fn continues_turn(&self, seat: Seat) -> bool {
        self.to_act().contains(&seat)
    }

    /// Load a stored state (see each game's format versioning).
    fn load(state: serde_json::Value) -> Result<Self, String> {
        serde_json::from_value(state).map_err(|e| e.to_string())
    }

    /// Replay a whole log from the start, with xoshiro256\*\* (see [`Game::new`]).
    fn replay<'a>(
        seed: Seed,
        seats: usize,
        options: Self::Options,
        turns: impl IntoIterator<Item = &'a (Seat, Self::Turn)>,
    ) -> Result<Self, ReplayError>
    where
        Self::Turn: 'a,
    {
        Self::replay_with(seed, Generator::Xoshiro256StarStar, seats, options, turns)
    }

    /// Replay a whole log from the start, with `generator`.
    fn replay_with<'a>(
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: Self::Options,
        turns: impl IntoIterator<Item = &'a (Seat, Self::Turn)>,
    ) -> Result<Self, ReplayError>
    where
        Self::Turn: 'a,
    {
        let mut game =
            Self::new_with(seed, generator, seats, options).map_err(ReplayError::Setup)?;
        for (i, (seat, turn)) in turns.into_iter().enumerate() {
            game = game
                .apply(*seat, turn)
                .map_err(|error| ReplayError::Turn {
                    index: i + 1,
                    error,
                })?
                .game;
        }
        Ok(game)
    }
}

/// A log that does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("setup: {0}")]
    Setup(SetupError),
    #[error("turn {index}: {error}")]
    Turn { index: usize, error: RuleError },
}
