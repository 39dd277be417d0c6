//! Dreams (Olivier Grégoire, Zoch 2016): the rules of `docs/rules/dreams.md`, for 3 to 6
//! players, one of whom — the mortal — does not know which of four dream images is the
//! true vision.
//!
//! Owns: the state of one game and every rule that changes it. Module names follow the
//! rule sheet: `deal` (D-C1, D-R1–D-R3), `stars` (D-R4), `guess` (D-R5, sealing), `seal`
//! (salts and commitments, hashed by `sha256`), `score` (D-R6–D-R8), `view` (what a
//! viewer may see, D-S1), `legal` (what a seat may send now), `pass` (the timeout turn),
//! `notation` (turns as text), `random` (random legal turns, for tests, benchmarks and
//! load generators), and `inline` (the allocation-free lists the state is made of).
//! Must not: do I/O, read a clock, or use randomness other than the game's own [`Rng`];
//! show the mortal, the vision or another seat's guess to anyone before the reveal (D-S1).

pub mod deal;
pub mod features;
pub mod guess;
pub mod inline;
pub mod legal;
pub mod notation;
pub mod options;
pub mod pass;
pub mod random;
pub mod score;
pub mod seal;
pub mod sha256;
pub mod stars;
pub mod turn;
pub mod view;

use crate::game::{
    Applied, Game, Logged, NotationError, Outcome, RuleError, Seat, SetupError, Viewer, Visibility,
};
use crate::rng::{Generator, Rng, Seed};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::RangeInclusive;

pub use inline::{InlineVec, Shared};
pub use legal::DreamsLegal;
pub use options::{DreamsOptions, STANDARD_DECK};
pub use seal::{Commitment, Salt};
pub use turn::{DreamsTurn, Guess, StarTurn};
pub use view::{DreamsView, Me, MyGuess};

/// The version of the stored state format. Bump it, and teach [`Dreams::from_json`] to
/// read the old one, whenever the serialized shape changes.
pub const STATE_FORMAT: u32 = 1;

/// D-C1: every deck holds this many cards, numbered `0..DECK_SIZE`.
pub const DECK_SIZE: usize = 72;
/// D-R1: cards laid out each round, images 1..=4.
pub const CARDS_PER_ROUND: usize = 4;
/// D-R1: image numbers run from 1 to this.
pub const IMAGES: u8 = 4;
/// D-C0.
pub const MIN_SEATS: usize = 3;
pub const MAX_SEATS: usize = 6;
/// D-C2: clear, grey, black.
pub const STARS_PER_SEAT: usize = 3;
pub const MAX_STARS: usize = MAX_SEATS * STARS_PER_SEAT;
/// D-R4: the firmament's side in hundredths: a point is `(x, y)` with both in `0..=SIDE`.
pub const SIDE: u32 = 100;
/// D-R8: the game ends after the round in which someone reaches this.
pub const WINNING_SCORE: u32 = 16;

/// D-C2: the three stars of every player.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum StarKind {
    #[default]
    Clear,
    Grey,
    Black,
}

impl StarKind {
    /// In the order a pass sets them aside.
    pub const ALL: [StarKind; 3] = [StarKind::Clear, StarKind::Grey, StarKind::Black];

    pub fn name(self) -> &'static str {
        match self {
            StarKind::Clear => "clear",
            StarKind::Grey => "grey",
            StarKind::Black => "black",
        }
    }

    fn bit(self) -> u8 {
        match self {
            StarKind::Clear => 1,
            StarKind::Grey => 2,
            StarKind::Black => 4,
        }
    }
}

/// A set of star kinds: the stars a seat has not yet placed (nor set aside) this round.
/// Serialized as a list in the order clear, grey, black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Kinds(u8);

impl Kinds {
    pub const ALL: Kinds = Kinds(7);
    pub const NONE: Kinds = Kinds(0);

    pub fn contains(self, kind: StarKind) -> bool {
        self.0 & kind.bit() != 0
    }

    pub fn without(self, kind: StarKind) -> Kinds {
        Kinds(self.0 & !kind.bit())
    }

    pub fn with(self, kind: StarKind) -> Kinds {
        Kinds(self.0 | kind.bit())
    }

    /// The first kind in the order clear, grey, black: what a pass sets aside.
    pub fn first(self) -> Option<StarKind> {
        self.iter().next()
    }

    pub fn iter(self) -> impl Iterator<Item = StarKind> {
        StarKind::ALL.into_iter().filter(move |k| self.contains(*k))
    }

    pub fn len(self) -> usize {
        self.iter().count()
    }

    pub fn is_empty(self) -> bool {
        self.0 & 7 == 0
    }

    pub fn to_vec(self) -> Vec<StarKind> {
        self.iter().collect()
    }
}

impl Serialize for Kinds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Kinds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Kinds, D::Error> {
        let mut kinds = Kinds::NONE;
        for kind in Vec::<StarKind>::deserialize(d)? {
            if kinds.contains(kind) {
                return Err(D::Error::custom(format!("{} listed twice", kind.name())));
            }
            kinds = kinds.with(kind);
        }
        Ok(kinds)
    }
}

/// A star on the firmament (D-R4): whose, which, and where, in hundredths; `0,0` is the
/// top-left corner, `100,100` the bottom-right (y grows downwards, as the images are
/// numbered in reading order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Star {
    pub seat: Seat,
    pub kind: StarKind,
    pub x: u8,
    pub y: u8,
}

/// A star as the state keeps it: 4 bytes, because the state is copied at every
/// submission. Serialized like [`Star`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Placed {
    pub(crate) seat: u8,
    pub(crate) kind: StarKind,
    pub(crate) x: u8,
    pub(crate) y: u8,
}

impl Placed {
    pub(crate) fn star(self) -> Star {
        Star {
            seat: usize::from(self.seat),
            kind: self.kind,
            x: self.x,
            y: self.y,
        }
    }
}

/// What a seat's marker says this round (D-R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    God,
    Mortal,
}

/// Where a round stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// D-R4: one seat at a time places a star (or passes).
    #[default]
    Stars,
    /// D-R5: every seat that has not sealed a guess acts, all at once.
    Guess,
    /// D-R8: the game is over.
    Over,
}

/// A guess once accepted: final (D-R5), published only as its commitment until the
/// reveal (D-R6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sealed {
    /// `None`: the seat passed, or timed out ("no guess").
    pub guess: Option<Guess>,
    pub salt: Salt,
    pub commitment: Commitment,
}

/// Everything a round's reveal makes public (D-R6, D-R7): the `revealed` event, and the
/// view's `last_reveal`. Per-seat lists are indexed by seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub round: u32,
    /// The true vision, 1..=4.
    pub vision: u8,
    pub mortal: Seat,
    /// The card numbers of images 1..=4.
    pub cards: [u8; CARDS_PER_ROUND],
    /// The round's stars, in the order they were placed.
    pub stars: Vec<Star>,
    pub guesses: Vec<Option<Guess>>,
    pub salts: Vec<Salt>,
    pub commitments: Vec<Commitment>,
    /// What each seat scored this round (D-R7).
    pub points: Vec<u32>,
    /// Each seat's score after this round.
    pub scores: Vec<u32>,
}

/// What a submission caused. Visibility: `role` and `my_guess` go to their seat only;
/// everything else to everyone, and none of it names the mortal, the vision or a guess
/// before `revealed` (D-S1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DreamsEvent {
    /// D-R1, D-R3: a new round's four images (the first round's is in the view only:
    /// setting up a game produces no events).
    RoundDealt {
        round: u32,
        dealer: Seat,
        cards: [u8; CARDS_PER_ROUND],
        /// The set-aside cards were shuffled back in before this deal.
        reshuffled: bool,
    },
    /// D-R2: one seat's marker, for that seat only.
    Role {
        round: u32,
        seat: Seat,
        role: Role,
        /// The true vision, for a god; `None` for the mortal.
        vision: Option<u8>,
    },
    /// D-R4.
    StarPlaced {
        round: u32,
        seat: Seat,
        kind: StarKind,
        x: u8,
        y: u8,
    },
    /// D-R4: the seat placed no star this time around; `kind` is set aside for the round.
    StarPassed {
        round: u32,
        seat: Seat,
        kind: StarKind,
    },
    /// D-R5: a seat's guess is in and final; only its commitment is public.
    GuessSealed {
        round: u32,
        seat: Seat,
        commitment: Commitment,
    },
    /// D-R5: what the seat itself sealed, for that seat only.
    MyGuess {
        round: u32,
        seat: Seat,
        guess: Option<Guess>,
        salt: Salt,
    },
    /// D-R6, D-R7. (Boxed: it is much larger than the others, and events are moved.)
    Revealed(Box<Reveal>),
    /// D-R8.
    GameOver {
        scores: Vec<u32>,
        winners: Vec<Seat>,
    },
}

/// One round: its cards, its secrets (vision and mortal), its stars and its guesses.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RoundState {
    /// 1-based.
    pub(crate) number: u32,
    pub(crate) dealer: Seat,
    /// Card numbers of images 1..=4.
    pub(crate) cards: [u8; CARDS_PER_ROUND],
    /// Secret until the reveal: the true vision, 1..=4.
    pub(crate) vision: u8,
    /// Secret until the reveal.
    pub(crate) mortal: Seat,
    pub(crate) stars: InlineVec<Placed, MAX_STARS>,
    /// Submissions of the stars phase so far, stars and passes.
    pub(crate) placements: usize,
    /// Per seat: the kinds neither placed nor set aside.
    pub(crate) unplaced: InlineVec<Kinds, MAX_SEATS>,
    /// Per seat: the sealed guess, once in. Shared: only the guess phase changes it.
    pub(crate) sealed: Shared<InlineVec<Option<Sealed>, MAX_SEATS>>,
}

/// The previous round, as revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LastRound {
    pub(crate) round: RoundState,
    pub(crate) points: InlineVec<u32, MAX_SEATS>,
    pub(crate) scores: InlineVec<u32, MAX_SEATS>,
}

/// A game of Dreams. The deck order, the generator, the seed, the roles and the sealed
/// guesses are inside: never show this value to a player; show [`Dreams::view`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dreams {
    /// [`STATE_FORMAT`].
    pub(crate) format: u32,
    pub(crate) options: Shared<DreamsOptions>,
    /// Kept for the salts of the sealed guesses (see [`seal`]).
    pub(crate) seed: Seed,
    pub(crate) rng: Rng,
    pub(crate) phase: Phase,
    /// All 72 card numbers. The draw pile is `deck[..left]`, its top `deck[left - 1]`;
    /// the rest are on the table or set aside.
    pub(crate) deck: InlineVec<u8, DECK_SIZE>,
    pub(crate) left: usize,
    pub(crate) scores: InlineVec<u32, MAX_SEATS>,
    pub(crate) round: RoundState,
    pub(crate) last: Option<Shared<LastRound>>,
}

/// A stored state that cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("unknown state format {0}; this build reads formats up to {STATE_FORMAT}")]
    UnknownFormat(u64),
    #[error("state is not valid: {0}")]
    Invalid(#[from] serde_json::Error),
    #[error("state is not consistent: {0}")]
    Inconsistent(String),
}

impl Dreams {
    /// Load a stored state, whatever format version it was written in.
    pub fn from_json(value: serde_json::Value) -> Result<Dreams, LoadError> {
        let format = value.get("format").and_then(|f| f.as_u64()).unwrap_or(0);
        match format {
            1 => {
                let game: Dreams = serde_json::from_value(value)?;
                game.check().map_err(LoadError::Inconsistent)?;
                Ok(game)
            }
            other => Err(LoadError::UnknownFormat(other)),
        }
    }

    /// The invariants every state keeps, so that a hand-edited or corrupt state is refused
    /// at load rather than misbehaving later.
    fn check(&self) -> Result<(), String> {
        let seats = self.scores.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(format!("{seats} seats"));
        }
        let mut seen = [false; DECK_SIZE];
        for &card in &self.deck {
            match seen.get_mut(usize::from(card)) {
                Some(s) if !*s => *s = true,
                _ => return Err(format!("card {card} is not once in the deck")),
            }
        }
        if self.deck.len() != DECK_SIZE || self.left > DECK_SIZE.saturating_sub(CARDS_PER_ROUND) {
            return Err("the deck".into());
        }
        let r = &self.round;
        let rounds = [Some(r), self.last.as_ref().map(|l| &l.round)];
        for round in rounds.into_iter().flatten() {
            let ok = round.number >= 1
                && round.dealer < seats
                && round.mortal < seats
                && (1..=IMAGES).contains(&round.vision)
                && round.unplaced.len() == seats
                && round.sealed.len() == seats
                && round.placements <= STARS_PER_SEAT * seats
                && round.stars.len() <= round.placements
                && round.cards.iter().all(|&c| usize::from(c) < DECK_SIZE)
                && round.stars.iter().all(|s| {
                    usize::from(s.seat) < seats && u32::from(s.x) <= SIDE && u32::from(s.y) <= SIDE
                });
            if !ok {
                return Err(format!("round {}", round.number));
            }
        }
        if let Some(last) = &self.last {
            if last.points.len() != seats || last.scores.len() != seats {
                return Err("the last reveal".into());
            }
        }
        let placing = r.placements < STARS_PER_SEAT * seats;
        let all_sealed = r.sealed.iter().all(Option::is_some);
        let phase_ok = match self.phase {
            Phase::Stars => placing && r.sealed.iter().all(Option::is_none),
            Phase::Guess => !placing && !all_sealed,
            Phase::Over => self.scores.iter().any(|&s| s >= WINNING_SCORE),
        };
        if !phase_ok {
            return Err(format!("phase {:?}", self.phase));
        }
        Ok(())
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The current round, 1-based (the last one once the game is over).
    pub fn round(&self) -> u32 {
        self.round.number
    }

    /// D-R3.
    pub fn dealer(&self) -> Seat {
        self.round.dealer
    }

    /// The card numbers of images 1..=4 of this round.
    pub fn cards(&self) -> [u8; CARDS_PER_ROUND] {
        self.round.cards
    }

    /// This round's stars, in the order they were placed.
    pub fn stars(&self) -> Vec<Star> {
        self.round.stars.iter().map(|p| p.star()).collect()
    }

    /// Is a star at `x,y` already (D-R4)?
    pub fn is_taken(&self, x: u32, y: u32) -> bool {
        self.round
            .stars
            .iter()
            .any(|s| u32::from(s.x) == x && u32::from(s.y) == y)
    }

    /// The kinds `seat` has neither placed nor set aside this round.
    pub fn unplaced(&self, seat: Seat) -> Kinds {
        self.round
            .unplaced
            .get(seat)
            .copied()
            .unwrap_or(Kinds::NONE)
    }

    pub fn scores(&self) -> &[u32] {
        self.scores.as_slice()
    }

    /// Cards left in the draw pile.
    pub fn deck_left(&self) -> usize {
        self.left
    }

    /// Cards set aside (used in earlier rounds, not yet shuffled back).
    pub fn set_aside(&self) -> usize {
        DECK_SIZE
            .saturating_sub(self.left)
            .saturating_sub(CARDS_PER_ROUND)
    }

    /// D-R4: whose star is next, in the stars phase.
    pub fn placer(&self) -> Option<Seat> {
        let seats = self.seats();
        (self.phase == Phase::Stars && seats > 0)
            .then(|| (self.round.dealer + self.round.placements) % seats)
    }

    /// Has `seat` sealed its guess this round?
    pub fn has_guessed(&self, seat: Seat) -> bool {
        self.round.sealed.get(seat).is_some_and(Option::is_some)
    }

    /// The public commitment of `seat`'s sealed guess this round.
    pub fn commitment(&self, seat: Seat) -> Option<Commitment> {
        self.round
            .sealed
            .get(seat)
            .copied()
            .flatten()
            .map(|s| s.commitment)
    }

    /// The previous round's reveal (the last round's, once the game is over).
    pub fn last_reveal(&self) -> Option<Reveal> {
        self.last.as_deref().map(score::reveal_of)
    }

    /// `seat`'s own marker this round: what that seat (and only it) may be told.
    pub fn role_of(&self, seat: Seat) -> Option<Role> {
        let role = if seat == self.round.mortal {
            Role::Mortal
        } else {
            Role::God
        };
        (seat < self.seats()).then_some(role)
    }

    /// The seed (it derives the salts). Secret until the game is over (D-S2).
    #[doc(hidden)]
    pub fn secret_seed(&self) -> Seed {
        self.seed
    }

    /// This round's mortal. For tests of the secrecy rules only.
    #[doc(hidden)]
    pub fn secret_mortal(&self) -> Seat {
        self.round.mortal
    }

    /// This round's true vision. For tests of the secrecy rules only.
    #[doc(hidden)]
    pub fn secret_vision(&self) -> u8 {
        self.round.vision
    }

    /// `seat`'s sealed guess this round. For tests of the secrecy rules only.
    #[doc(hidden)]
    pub fn secret_sealed(&self, seat: Seat) -> Option<Sealed> {
        self.round.sealed.get(seat).copied().flatten()
    }

    /// For tests of the secrecy rules only: the same game with this round's hidden facts
    /// replaced — the mortal, the vision, and what each sealed guess names (`rename`
    /// receives the seat and its guess; salts and commitments stay as they are). A seat's
    /// view must not change as long as its own role and guess do not.
    #[doc(hidden)]
    pub fn with_hidden(
        &self,
        mortal: Seat,
        vision: u8,
        rename: impl Fn(Seat, Option<Guess>) -> Option<Guess>,
    ) -> Dreams {
        let mut game = self.clone();
        game.round.mortal = mortal;
        game.round.vision = vision;
        for (seat, sealed) in game
            .round
            .sealed
            .make_mut()
            .as_mut_slice()
            .iter_mut()
            .enumerate()
        {
            if let Some(s) = sealed {
                s.guess = rename(seat, s.guess);
            }
        }
        game
    }

    fn apply_turn(&self, seat: Seat, turn: &DreamsTurn) -> Result<Applied<Dreams>, RuleError> {
        // Judge first, then build the result in place: the state is copied once.
        enum Judged {
            Star(stars::StarPlay),
            Guess(Option<Guess>),
        }
        let judged = match self.phase {
            Phase::Over => return Err(RuleError::new("D-R8", "the game is over")),
            Phase::Stars => Judged::Star(stars::check(self, seat, turn)?),
            Phase::Guess => Judged::Guess(guess::check(self, seat, turn)?),
        };
        let mut applied = Applied {
            game: self.clone(),
            events: Vec::with_capacity(2),
        };
        match judged {
            Judged::Star(play) => stars::play(&mut applied.game, play, &mut applied.events),
            Judged::Guess(guess) => {
                guess::seal(&mut applied.game, seat, guess, &mut applied.events)
            }
        }
        Ok(applied)
    }
}

pub(crate) fn public(events: &mut Vec<Logged<DreamsEvent>>, event: DreamsEvent) {
    events.push(Logged {
        visibility: Visibility::Everyone,
        event,
    });
}

pub(crate) fn private(events: &mut Vec<Logged<DreamsEvent>>, seat: Seat, event: DreamsEvent) {
    events.push(Logged {
        visibility: Visibility::Seat(seat),
        event,
    });
}

/// D-C0: a seat of this game, or the error naming the seats there are.
pub(crate) fn check_seat(game: &Dreams, seat: Seat) -> Result<(), RuleError> {
    if seat < game.seats() {
        Ok(())
    } else {
        Err(RuleError::new(
            "D-C0",
            format!(
                "there is no seat {seat} in this game: the seats are 0 to {}",
                game.seats().saturating_sub(1)
            ),
        ))
    }
}

impl Game for Dreams {
    type Options = DreamsOptions;
    type Turn = DreamsTurn;
    type View = DreamsView;
    type Event = DreamsEvent;
    type Legal = DreamsLegal;

    const KIND: &'static str = "dreams";
    // 1: the first recorded version.
    const ENGINE_VERSION: u32 = 1;

    fn seat_counts() -> RangeInclusive<usize> {
        MIN_SEATS..=MAX_SEATS
    }

    fn new_with(
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: DreamsOptions,
    ) -> Result<Dreams, SetupError> {
        deal::new_game(seed, generator, seats, options)
    }

    fn seats(&self) -> usize {
        self.scores.len()
    }

    fn options(&self) -> &DreamsOptions {
        &self.options
    }

    fn to_act(&self) -> Vec<Seat> {
        match self.phase {
            Phase::Stars => self.placer().into_iter().collect(),
            Phase::Guess => (0..self.seats())
                .filter(|&s| !self.has_guessed(s))
                .collect(),
            Phase::Over => Vec::new(),
        }
    }

    fn apply(&self, seat: Seat, turn: &DreamsTurn) -> Result<Applied<Dreams>, RuleError> {
        self.apply_turn(seat, turn)
    }

    fn legal(&self, seat: Seat, partial: &DreamsTurn) -> Result<DreamsLegal, RuleError> {
        legal::legal(self, seat, partial)
    }

    fn view(&self, viewer: Viewer) -> DreamsView {
        view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        score::outcome(self)
    }

    fn pass_turn(&self, seat: Seat) -> Option<DreamsTurn> {
        pass::pass_turn(self, seat)
    }

    /// Every submission is a whole turn: a seat that must act again at once (the last
    /// guess of a round, by the next round's dealer) begins a new turn.
    fn queue_limit(&self, seat: Seat) -> usize {
        if self.phase == Phase::Stars && seat < self.seats() {
            self.unplaced(seat).len()
        } else {
            0
        }
    }

    fn check_queued(&self, seat: Seat, turns: &[DreamsTurn]) -> Result<(), (usize, RuleError)> {
        stars::check_queued(self, seat, turns)
    }

    fn continues_turn(&self, _seat: Seat) -> bool {
        false
    }

    /// A star that cannot be read falls under D-R4 (its kind, its point), a guess under
    /// D-R5.
    fn malformed_rule(turn: &serde_json::Value) -> Option<&'static str> {
        fn unreadable<T: serde::de::DeserializeOwned>(part: Option<&serde_json::Value>) -> bool {
            part.is_some_and(|p| !p.is_null() && serde_json::from_value::<T>(p.clone()).is_err())
        }
        if unreadable::<StarTurn>(turn.get("star")) {
            Some("D-R4")
        } else if unreadable::<Guess>(turn.get("guess")) {
            Some("D-R5")
        } else {
            None
        }
    }

    fn parse_turn(text: &str) -> Result<DreamsTurn, NotationError> {
        notation::parse(text)
    }

    fn format_turn(turn: &DreamsTurn) -> String {
        notation::format(turn)
    }

    fn load(state: serde_json::Value) -> Result<Dreams, String> {
        Dreams::from_json(state).map_err(|e| e.to_string())
    }

    /// A guess, and anything sent in the guess phase (a pass there is "no guess"), is for
    /// its author only until the game is over; the `revealed` event publishes it at the
    /// end of the round. Stars and passes in the stars phase are public.
    fn turn_visibility(&self, seat: Seat, turn: &DreamsTurn) -> Visibility {
        if turn.guess.is_some() || self.phase == Phase::Guess {
            Visibility::Seat(seat)
        } else {
            Visibility::Everyone
        }
    }
}
