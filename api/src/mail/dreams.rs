//! The mail of Dreams: your turn to place a star (`dreams_stars`), time to guess
//! (`dreams_guess`), and a round revealed (`dreams_reveal`; the last round also goes into
//! `game_over`).
//!
//! Owns: the data of those templates and their builders, from what the reader may know: a
//! seat's own view ([`DreamsView`] for `Viewer::Seat(reader)`) before the reveal, the
//! public `revealed` event after it.
//! Must not (D-S1): put into a mail before the reveal anything the reader's view does not
//! hold — the mortal, the true vision (a god's view has it: their own knowledge), another
//! seat's guess. Everything here is built from the view alone, so a seat's mail is the same
//! whichever other seat is the mortal; the tests render every mail twice to check it.

use super::data::TalkLines;
use super::templates::Template;
use super::{words, Deadline, Lang, MailData, MailError};
use games::dreams::{DreamsView, Guess, Phase, Reveal, Role, SIDE};
use games::Seat;
use serde::{Deserialize, Serialize};

/// A star on the firmament, as a mail lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StarLine {
    /// Display name of whose star it is.
    pub player: String,
    pub seat: Seat,
    /// `clear`, `grey` or `black`.
    pub kind: String,
    /// Where, as the notation writes it: `25,70`.
    pub at: String,
}

/// One player and their score, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatScore {
    pub player: String,
    pub seat: Seat,
    pub score: u32,
    /// Is this the reader?
    pub you: bool,
}

/// `dreams_stars`: the reader places a star (D-R4). The firmament goes with it as an
/// inline PNG, drawn from the reader's own view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DreamsStars {
    pub game_name: String,
    pub round: u32,
    /// The reader's seat.
    pub seat: Seat,
    /// The reader's own marker this round: `god` or `mortal`.
    pub role: String,
    /// The true vision, 1–4, for a god (what their marker tells them); `null` for the
    /// mortal.
    pub vision: Option<u8>,
    /// The titles of images 1–4.
    pub images: Vec<String>,
    /// Who placed the first star this round.
    pub dealer: String,
    /// The stars on the firmament, in the order they were placed.
    pub stars: Vec<StarLine>,
    /// The reader's stars still to place: `grey`, `black`.
    pub unplaced: Vec<String>,
    /// A turn the reader could send, in the notation: `grey at 25,70`.
    pub example: String,
    pub scores: Vec<SeatScore>,
    pub deadline: Deadline,
    /// Opens the reader's turn (the link holds a turn token).
    pub turn_url: String,
    pub game_url: String,
    /// Why the turns the reader queued were dropped, when they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue_dropped: Option<super::data::QueueDropped>,
    /// Table talk since the reader's last mail ([`TalkLines`]); filled in when it is sent.
    #[serde(default)]
    pub talk: TalkLines,
}

impl MailData for DreamsStars {
    const TEMPLATE: Template = Template::DreamsStars;
}

/// `dreams_guess`: every star is placed; the reader names the mortal (a god) or the true
/// vision (the mortal), D-R5. With the firmament as in [`DreamsStars`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DreamsGuess {
    pub game_name: String,
    pub round: u32,
    pub seat: Seat,
    /// `god` or `mortal`, the reader's own.
    pub role: String,
    /// For a god, the true vision; `null` for the mortal.
    pub vision: Option<u8>,
    pub images: Vec<String>,
    pub stars: Vec<StarLine>,
    /// A guess the reader could send: `guess seat 1` (a god: the next seat, never their
    /// own — the same whoever is the mortal) or `guess image 1` (the mortal).
    pub example: String,
    pub scores: Vec<SeatScore>,
    pub deadline: Deadline,
    pub turn_url: String,
    pub game_url: String,
    /// Why the turns the reader queued were dropped, when they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue_dropped: Option<super::data::QueueDropped>,
    /// Table talk since the reader's last mail ([`TalkLines`]); filled in when it is sent.
    #[serde(default)]
    pub talk: TalkLines,
}

impl MailData for DreamsGuess {
    const TEMPLATE: Template = Template::DreamsGuess;
}

/// One seat of a revealed round (D-R6, D-R7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevealedSeat {
    pub player: String,
    pub seat: Seat,
    /// `god` or `mortal`.
    pub role: String,
    /// The sealed guess in the notation: `guess seat 2`, `guess image 3`, `pass`.
    pub guess: String,
    /// The same in words: `named Cleo (seat 2)`, `named image 3`, `made no guess`.
    pub guess_words: String,
    /// Did the guess hit (the mortal named by a god, the vision by the mortal)?
    pub right: bool,
    /// Points this round.
    pub points: u32,
    /// Score after this round.
    pub score: u32,
    /// The salt and the commitment published when the guess was sealed, to check it.
    pub salt: String,
    pub commitment: String,
}

/// A revealed round, as `dreams_reveal` and the `game_over` of Dreams tell it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundReveal {
    pub round: u32,
    /// The true vision, 1–4.
    pub vision: u8,
    /// Its title.
    pub vision_title: String,
    /// The mortal's display name.
    pub mortal: String,
    pub mortal_seat: Seat,
    /// Every seat, in seat order.
    pub seats: Vec<RevealedSeat>,
}

impl RoundReveal {
    /// From the public `revealed` event (or a view's `last_reveal`: the same value).
    /// `images` are the titles of the round's images 1–4.
    pub fn new(lang: Lang, reveal: &Reveal, names: &[String], images: &[String]) -> RoundReveal {
        let seats = reveal
            .guesses
            .iter()
            .enumerate()
            .map(|(seat, guess)| {
                let mortal = seat == reveal.mortal;
                RevealedSeat {
                    player: words::seat_name(names, seat),
                    seat,
                    role: if mortal { "mortal" } else { "god" }.to_string(),
                    guess: games::dreams::notation::SealedText(*guess).to_string(),
                    guess_words: words::dreams_guess(lang, names, *guess),
                    right: match guess {
                        Some(Guess::Seat(s)) => !mortal && *s == reveal.mortal,
                        Some(Guess::Image(i)) => mortal && *i == reveal.vision,
                        None => false,
                    },
                    points: reveal.points.get(seat).copied().unwrap_or_default(),
                    score: reveal.scores.get(seat).copied().unwrap_or_default(),
                    salt: reveal
                        .salts
                        .get(seat)
                        .map(|s| s.to_hex())
                        .unwrap_or_default(),
                    commitment: reveal
                        .commitments
                        .get(seat)
                        .map(|c| c.to_hex())
                        .unwrap_or_default(),
                }
            })
            .collect();
        RoundReveal {
            round: reveal.round,
            vision: reveal.vision,
            vision_title: images
                .get(usize::from(reveal.vision).wrapping_sub(1))
                .cloned()
                .unwrap_or_default(),
            mortal: words::seat_name(names, reveal.mortal),
            mortal_seat: reveal.mortal,
            seats,
        }
    }
}

/// `dreams_reveal`: the last guess is in and the round is revealed (D-R6): the true
/// vision, the mortal, every guess, the points and scores, the seals. The picture of the
/// revealed round goes with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DreamsRevealed {
    pub game_name: String,
    pub reveal: RoundReveal,
    /// Who places the first star of the next round.
    pub next_dealer: String,
    pub game_url: String,
}

impl MailData for DreamsRevealed {
    const TEMPLATE: Template = Template::DreamsReveal;
}

/// The facts a your-turn mail of a Dreams game is made from: the reader's own view, and
/// nothing else about the game.
#[derive(Debug, Clone, Copy)]
pub struct DreamsYourTurn<'a> {
    pub lang: Lang,
    pub game_name: &'a str,
    /// The game as the reader sees it (`Viewer::Seat(seat)`).
    pub view: &'a DreamsView,
    pub seat: Seat,
    pub names: &'a [String],
    /// Titles of images 1–4 (the deck's, for the view's `cards`).
    pub images: &'a [String],
    pub deadline: &'a Deadline,
    pub turn_url: &'a str,
    pub game_url: &'a str,
}

/// A your-turn mail of Dreams: which depends on the phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DreamsTurnMail {
    Stars(DreamsStars),
    Guess(DreamsGuess),
}

impl DreamsTurnMail {
    pub fn template(&self) -> Template {
        match self {
            DreamsTurnMail::Stars(_) => Template::DreamsStars,
            DreamsTurnMail::Guess(_) => Template::DreamsGuess,
        }
    }

    pub fn to_data(&self) -> Result<serde_json::Value, MailError> {
        match self {
            DreamsTurnMail::Stars(d) => d.to_data(),
            DreamsTurnMail::Guess(d) => d.to_data(),
        }
    }
}

/// Points an example star may name, tried in order: the first free one is used.
const EXAMPLE_POINTS: [(u8, u8); 5] = [(25, 70), (70, 25), (50, 50), (10, 90), (90, 10)];

impl DreamsYourTurn<'_> {
    /// The mail for the view's phase; `None` once the game is over, or when the view has no
    /// marker for the reader (a spectator's).
    pub fn build(&self) -> Option<DreamsTurnMail> {
        let me = self.view.me?;
        let role = match me.role {
            Role::God => "god",
            Role::Mortal => "mortal",
        }
        .to_string();
        let stars: Vec<StarLine> = self
            .view
            .stars
            .iter()
            .map(|s| StarLine {
                player: words::seat_name(self.names, s.seat),
                seat: s.seat,
                kind: s.kind.name().to_string(),
                at: format!("{},{}", s.x, s.y),
            })
            .collect();
        let scores = self
            .view
            .scores
            .iter()
            .enumerate()
            .map(|(seat, &score)| SeatScore {
                player: words::seat_name(self.names, seat),
                seat,
                score,
                you: seat == self.seat,
            })
            .collect();
        let images = self.images.to_vec();
        match self.view.phase {
            Phase::Stars => {
                let unplaced: Vec<String> = self
                    .view
                    .unplaced
                    .get(self.seat)
                    .map(|kinds| kinds.iter().map(|k| k.name().to_string()).collect())
                    .unwrap_or_default();
                let (x, y) = EXAMPLE_POINTS
                    .into_iter()
                    .find(|&(x, y)| !self.view.stars.iter().any(|s| s.x == x && s.y == y))
                    .unwrap_or((50, 50));
                debug_assert!(u32::from(x) <= SIDE && u32::from(y) <= SIDE);
                let kind = unplaced.first().map_or("clear", String::as_str);
                Some(DreamsTurnMail::Stars(DreamsStars {
                    game_name: self.game_name.to_string(),
                    round: self.view.round,
                    seat: self.seat,
                    role,
                    vision: me.vision,
                    images,
                    dealer: words::seat_name(self.names, self.view.dealer),
                    example: format!("{kind} at {x},{y}"),
                    stars,
                    unplaced,
                    scores,
                    deadline: self.deadline.clone(),
                    turn_url: self.turn_url.to_string(),
                    game_url: self.game_url.to_string(),
                    queue_dropped: None,
                    talk: TalkLines::default(),
                }))
            }
            Phase::Guess => {
                let seats = self.view.scores.len().max(1);
                let example = match me.role {
                    Role::God => format!("guess seat {}", (self.seat + 1) % seats),
                    Role::Mortal => "guess image 1".to_string(),
                };
                Some(DreamsTurnMail::Guess(DreamsGuess {
                    game_name: self.game_name.to_string(),
                    round: self.view.round,
                    seat: self.seat,
                    role,
                    vision: me.vision,
                    images,
                    stars,
                    example,
                    scores,
                    deadline: self.deadline.clone(),
                    turn_url: self.turn_url.to_string(),
                    game_url: self.game_url.to_string(),
                    queue_dropped: None,
                    talk: TalkLines::default(),
                }))
            }
            Phase::Over => None,
        }
    }
}
