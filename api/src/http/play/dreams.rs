//! The turn page of a game of Dreams (`GET|POST /games/{id}/play?token=T`, served by
//! `crate::http::play`, which loads the game, checks the link and posts the turn): the
//! firmament, the players and their scores, the round, phase and dealer, the seat's own
//! role, whose turn it is, the forms to place a star or seal a guess, the last round's
//! reveal and the last turns.
//!
//! Owns: turning a seat's Dreams view, the seat's `/legal` answer (`crate::play::legal`)
//! and the log into the page, and the page's form fields into the notation
//! ([`form_notation`]: `kind`, `x`, `y` → `grey at 40,60`; `guess_seat` → `guess seat 2`;
//! `guess_image` → `guess image 3`; `pass`). Must not: read anything but the seat's view,
//! its legal answer and the log entries it may read — before the reveal (D-R6) a page never
//! shows another seat's marker or guess, nor the vision to the mortal (D-S1), so a seat's
//! page is the same whichever other seat is the mortal.

use super::{Extra, PageParts, Problem};
use crate::http::pages::PageError;
use crate::store::models::{Turn, SOURCE_FORFEIT, SOURCE_QUEUED, SOURCE_RESIGN, SOURCE_TIMEOUT};
use ::games::dreams::{
    DreamsEvent, DreamsLegal, DreamsView, Guess, Phase, Reveal, Role, StarKind, STANDARD_DECK,
};
use ::games::registry::{visible_events, AnyGame};
use ::games::{Logged, Viewer};
use actix_web::http::StatusCode;
use serde::Serialize;
use serde_json::Value;

/// The template of the page.
pub const TEMPLATE: &str = "play_dreams.html";

/// Where each image lies in the 2×2 square, in reading order (D-R1).
const PLACES: [&str; 4] = [
    "page-dreams-top-left",
    "page-dreams-top-right",
    "page-dreams-bottom-left",
    "page-dreams-bottom-right",
];

/// A message of the pages' catalogue in the reader's language.
fn say(key: &str, args: &[(&str, crate::i18n::Arg)]) -> String {
    crate::http::pages::words(key, args)
}

/// What the page is built from: loaded by `crate::http::play` (and made up by the
/// snapshot tests). `legal` is the seat's `/legal` answer when it must act.
pub struct DreamsFacts<'a> {
    pub game_id: &'a str,
    pub engine: &'a dyn AnyGame,
    pub legal: Option<Value>,
    pub seq: i64,
    pub seat: usize,
    pub names: &'a [String],
    pub over: bool,
    pub deadline: Option<String>,
    pub log: Vec<LogRow>,
    /// The page's own links and the board drawn inline (`super::PageParts`).
    pub parts: PageParts,
    /// The public URL's path (`AppState::base_path`): links start with it.
    pub base: &'a str,
}

#[derive(Serialize, Clone)]
struct PlayerRow {
    seat: usize,
    name: String,
    score: u32,
    /// The kinds not yet placed (nor set aside) this round, or `none`.
    unplaced: String,
    /// Guess phase: `sealed` or `not yet`; else empty.
    guessed: String,
    dealer: bool,
    you: bool,
}

#[derive(Serialize)]
struct ImageRow {
    number: usize,
    place: String,
    card: u8,
    /// The card's title, for the standard deck.
    title: Option<String>,
}

#[derive(Serialize)]
struct StarRow {
    name: String,
    kind: String,
    x: u8,
    y: u8,
}

#[derive(Serialize)]
struct StarForm {
    /// The seat's unplaced kinds (from the view), the first selected.
    kinds: Vec<&'static str>,
    /// The points already holding a star (from `/legal`), `x,y`.
    taken: Vec<String>,
    max: u32,
    /// What a pass sets aside now: the first unplaced kind.
    pass_sets_aside: Option<&'static str>,
}

#[derive(Serialize)]
struct Choice {
    value: String,
    label: String,
}

#[derive(Serialize)]
struct GuessForm {
    /// `guess_seat` (a god) or `guess_image` (the mortal).
    field: &'static str,
    legend: String,
    choices: Vec<Choice>,
    may_pass: bool,
}

#[derive(Serialize)]
struct RevealRow {
    name: String,
    role: String,
    guess: String,
    points: u32,
    score: u32,
}

#[derive(Serialize)]
struct RevealPart {
    round: u32,
    vision: String,
    mortal: String,
    rows: Vec<RevealRow>,
}

/// One log entry as the seat may read it.
#[derive(Serialize)]
pub struct LogRow {
    seq: i64,
    name: String,
    /// The notation; `None` for another seat's sealed guess before the game is over.
    notation: Option<String>,
    /// For such a guess once its round is revealed (D-R6): what the reveal says it was.
    revealed: Option<String>,
    /// The round of the guess this entry sealed, if it sealed one.
    #[serde(skip)]
    sealed_round: Option<u32>,
    #[serde(skip)]
    by: usize,
    words: String,
    /// Set when the service played the turn for the seat (its time ran out).
    by_service: Option<String>,
}

impl LogRow {
    /// Who, the notation (`None`: a sealed guess), the words, and whether the service
    /// played it.
    pub(crate) fn parts(self) -> (String, Option<String>, String, Option<String>) {
        (self.name, self.notation, self.words, self.by_service)
    }
}

#[derive(Serialize)]
pub struct DreamsPage {
    seq: i64,
    me: PlayerRow,
    players: Vec<PlayerRow>,
    round: u32,
    phase: String,
    dealer: String,
    /// The seat's own marker, in words; `None` once the game is over.
    role: Option<String>,
    /// The seat's own sealed guess this round, in words.
    my_guess: Option<String>,
    images: Vec<ImageRow>,
    deck: String,
    deck_left: usize,
    stars: Vec<StarRow>,
    status_line: String,
    my_turn: bool,
    deadline: Option<String>,
    star_form: Option<StarForm>,
    guess_form: Option<GuessForm>,
    /// Turns to show as examples by the free-text field.
    examples: Vec<&'static str>,
    reveal: Option<RevealPart>,
    /// The round was just revealed (the next one has no star yet, or the game is over):
    /// the reveal comes first on the page, the next round below it.
    reveal_first: bool,
    log: Vec<LogRow>,
    #[serde(flatten)]
    parts: PageParts,
    notation: String,
    flash: Option<String>,
    problem: Option<Problem>,
}

/// A seat's name, or `seat N` when it has none.
fn name(names: &[String], seat: usize) -> String {
    match names.get(seat) {
        Some(n) if !n.trim().is_empty() => n.clone(),
        _ => say(
            "page-dreams-seat",
            &[("seat", i64::try_from(seat).unwrap_or_default().into())],
        ),
    }
}

fn joined_names(names: &[String], seats: &[usize]) -> String {
    let named: Vec<String> = seats.iter().map(|&s| name(names, s)).collect();
    match named.split_last() {
        Some((last, rest)) if !rest.is_empty() => say(
            "page-play-and",
            &[
                ("first", rest.join(", ").into()),
                ("last", last.clone().into()),
            ],
        ),
        _ => named.join(""),
    }
}

/// A seat named with its number: `Bob (seat 2)`, or `seat 2` when it has no name.
fn seat_words(names: &[String], seat: usize) -> String {
    match names.get(seat) {
        Some(n) if !n.trim().is_empty() => say(
            "page-dreams-name-seat",
            &[
                ("name", n.clone().into()),
                ("seat", i64::try_from(seat).unwrap_or_default().into()),
            ],
        ),
        _ => say(
            "page-dreams-seat",
            &[("seat", i64::try_from(seat).unwrap_or_default().into())],
        ),
    }
}

/// A guess in words: `Bob (seat 2)`, `image 3`, or `no guess`.
fn guess_words(names: &[String], guess: Option<Guess>) -> String {
    match guess {
        Some(Guess::Seat(s)) => seat_words(names, s),
        Some(Guess::Image(i)) => say("page-dreams-image", &[("n", u32::from(i).into())]),
        None => say("page-dreams-no-guess-words", &[]),
    }
}

fn phase_words(phase: Phase) -> String {
    say(
        match phase {
            Phase::Stars => "page-dreams-phase-stars",
            Phase::Guess => "page-dreams-phase-guess",
            Phase::Over => "page-dreams-phase-over",
        },
        &[],
    )
}

/// A star's kind in words (`clear star`).
fn star_words(kind: &str) -> String {
    say("star-kind", &[("kind", kind.into())])
}

/// A star's kind in a table or a list of kinds (`clear`).
fn kind_words(kind: &str) -> String {
    say("page-dreams-kind", &[("kind", kind.into())])
}

/// The page's data: the seat's view, its legal answer and the log it may read; never the
/// stored state.
pub fn build(f: DreamsFacts<'_>, extra: Extra) -> Result<DreamsPage, PageError> {
    let DreamsFacts {
        game_id,
        engine,
        legal,
        seq,
        seat,
        names,
        over,
        deadline,
        log,
        parts,
        base,
    } = f;
    let view: DreamsView =
        serde_json::from_value(engine.view(Viewer::Seat(seat))).map_err(PageError::internal)?;
    let legal: Option<DreamsLegal> = legal
        .map(serde_json::from_value)
        .transpose()
        .map_err(PageError::internal)?;
    let over = over || view.phase == Phase::Over;
    let my_turn = !over && view.to_act.contains(&seat);
    let guessing = view.phase == Phase::Guess;

    let players: Vec<PlayerRow> = view
        .scores
        .iter()
        .enumerate()
        .map(|(s, &score)| {
            let kinds: Vec<&str> = view
                .unplaced
                .get(s)
                .into_iter()
                .flatten()
                .map(|k| k.name())
                .collect();
            let sealed = view.guessed.get(s).copied().unwrap_or(false);
            PlayerRow {
                seat: s,
                name: name(names, s),
                score,
                unplaced: if kinds.is_empty() {
                    say("page-play-none", &[])
                } else {
                    kinds
                        .iter()
                        .map(|k| kind_words(k))
                        .collect::<Vec<_>>()
                        .join(", ")
                },
                guessed: match (guessing, sealed) {
                    (false, _) => String::new(),
                    (true, true) => say("page-dreams-sealed", &[]),
                    (true, false) => say("page-dreams-not-yet", &[]),
                },
                dealer: s == view.dealer,
                you: s == seat,
            }
        })
        .collect();
    let me = players
        .get(seat)
        .cloned()
        .ok_or_else(|| PageError::internal("the seat is missing from the view"))?;

    let standard = view.deck == STANDARD_DECK;
    let title = |card: u8| {
        standard.then(|| {
            crate::board::dreams::card_title_in(usize::from(card), crate::http::page_lang::lang())
        })
    };
    let image_title = |image: u8| {
        view.cards
            .get(usize::from(image).wrapping_sub(1))
            .copied()
            .and_then(title)
    };
    let role = match view.me {
        Some(m) if !over => Some(match (m.role, m.vision) {
            (Role::God, Some(v)) => match image_title(v) {
                Some(t) => say(
                    "page-dreams-role-god-titled",
                    &[("n", u32::from(v).into()), ("title", t.into())],
                ),
                None => say("page-dreams-role-god-vision", &[("n", u32::from(v).into())]),
            },
            (Role::God, None) => say("page-dreams-role-god", &[]),
            (Role::Mortal, _) => say("page-dreams-role-mortal", &[]),
        }),
        _ => None,
    };
    let my_guess = view.my_guess.filter(|_| !over).map(|g| match g.guess {
        Some(guess) => say(
            "page-dreams-my-guess",
            &[("guess", guess_words(names, Some(guess)).into())],
        ),
        None => say("page-dreams-my-pass", &[]),
    });

    let images = view
        .cards
        .iter()
        .zip(PLACES)
        .enumerate()
        .map(|(i, (&card, place))| ImageRow {
            number: i + 1,
            place: say(place, &[]),
            card,
            title: title(card),
        })
        .collect();
    let stars: Vec<StarRow> = view
        .stars
        .iter()
        .map(|s| StarRow {
            name: name(names, s.seat),
            kind: kind_words(s.kind.name()),
            x: s.x,
            y: s.y,
        })
        .collect();

    let status_line = if over {
        // How it ended (the reason, who resigned or aborted) is the page's note below.
        match &view.outcome {
            Some(o) if !o.winners.is_empty() => say(
                "page-play-over-won",
                &[
                    ("names", joined_names(names, &o.winners).into()),
                    (
                        "n",
                        i64::try_from(o.winners.len()).unwrap_or_default().into(),
                    ),
                ],
            ),
            _ => say("page-play-over", &[]),
        }
    } else if guessing {
        let waiting: Vec<usize> = view.to_act.iter().copied().filter(|&s| s != seat).collect();
        let others = if waiting.is_empty() {
            String::new()
        } else {
            format!(
                " {}",
                say(
                    "page-dreams-waiting-guesses",
                    &[("names", joined_names(names, &waiting).into())],
                )
            )
        };
        if my_turn {
            format!("{}{others}", say("page-dreams-your-turn-guess", &[]))
        } else {
            format!("{}{others}", say("page-dreams-guess-in", &[]))
        }
    } else if my_turn {
        say("page-dreams-your-turn-star", &[])
    } else {
        say(
            "page-dreams-turn-star-of",
            &[("names", joined_names(names, &view.to_act).into())],
        )
    };

    let legal = legal.filter(|_| my_turn);
    let star_form = match &legal {
        Some(l) if l.phase == Phase::Stars => {
            let kinds: Vec<&'static str> = view
                .unplaced
                .get(seat)
                .into_iter()
                .flatten()
                .map(|k| k.name())
                .collect();
            Some(StarForm {
                pass_sets_aside: kinds.first().copied().filter(|_| l.may_pass),
                kinds,
                taken: l.taken.iter().map(|p| format!("{},{}", p.x, p.y)).collect(),
                max: l.max,
            })
        }
        _ => None,
    };
    let guess_form = match &legal {
        Some(l) if l.phase == Phase::Guess => Some(if l.images.is_empty() {
            GuessForm {
                field: "guess_seat",
                legend: say("page-dreams-legend-seat", &[]),
                choices: l
                    .seats
                    .iter()
                    .map(|&s| Choice {
                        value: s.to_string(),
                        label: seat_words(names, s),
                    })
                    .collect(),
                may_pass: l.may_pass,
            }
        } else {
            GuessForm {
                field: "guess_image",
                legend: say("page-dreams-legend-image", &[]),
                choices: l
                    .images
                    .iter()
                    .map(|&i| {
                        let detail = image_title(i).map(|t| format!(": {t}")).unwrap_or_default();
                        Choice {
                            value: i.to_string(),
                            label: format!(
                                "{}{detail}",
                                say("page-dreams-image", &[("n", u32::from(i).into())])
                            ),
                        }
                    })
                    .collect(),
                may_pass: l.may_pass,
            }
        }),
        _ => None,
    };

    let examples = match (&star_form, &guess_form) {
        (Some(_), _) => vec!["clear at 25,70", "pass"],
        (_, Some(g)) if g.field == "guess_seat" => vec!["guess seat 2", "pass"],
        (_, Some(_)) => vec!["guess image 3", "pass"],
        _ => vec!["pass"],
    };
    let reveal = view
        .last_reveal
        .as_ref()
        .map(|r| reveal_part(r, names, standard));
    // A sealed guess of the revealed round is public now: say what it was, from the reveal.
    let mut log = log;
    if let Some(r) = &view.last_reveal {
        for row in log.iter_mut() {
            if row.notation.is_none() && row.sealed_round == Some(r.round) {
                let guess = r.guesses.get(row.by).copied().flatten();
                row.revealed = Some(guess_words(names, guess));
            }
        }
    }
    let _ = (game_id, base);
    let reveal_first = reveal.is_some() && (over || stars.is_empty());
    Ok(DreamsPage {
        reveal_first,
        seq,
        me,
        players,
        round: view.round,
        phase: phase_words(view.phase),
        dealer: name(names, view.dealer),
        role,
        my_guess,
        images,
        deck: view.deck.clone(),
        deck_left: view.deck_left,
        stars,
        status_line,
        my_turn,
        deadline,
        star_form,
        guess_form,
        examples,
        reveal,
        log,
        parts,
        notation: extra.notation,
        flash: extra.flash,
        problem: extra.problem,
    })
}

fn reveal_part(r: &Reveal, names: &[String], standard: bool) -> RevealPart {
    let card = r.cards.get(usize::from(r.vision).wrapping_sub(1));
    let vision = match card.filter(|_| standard) {
        Some(&c) => format!(
            "{}, {}",
            say("page-dreams-image", &[("n", u32::from(r.vision).into())]),
            crate::board::dreams::card_title_in(usize::from(c), crate::http::page_lang::lang())
        ),
        None => say("page-dreams-image", &[("n", u32::from(r.vision).into())]),
    };
    let rows = (0..r.points.len())
        .map(|s| RevealRow {
            name: name(names, s),
            role: say(
                if s == r.mortal {
                    "page-dreams-the-mortal"
                } else {
                    "page-dreams-a-god"
                },
                &[],
            ),
            guess: guess_words(names, r.guesses.get(s).copied().flatten()),
            points: r.points.get(s).copied().unwrap_or(0),
            score: r.scores.get(s).copied().unwrap_or(0),
        })
        .collect();
    RevealPart {
        round: r.round,
        vision,
        mortal: name(names, r.mortal),
        rows,
    }
}

/// One log entry as `seat` may read it: another seat's sealed guess shows only as "a
/// sealed guess" until the game is over (`Turn::readable_by`), and only the events `seat` may
/// read are told.
impl LogRow {
    /// The entry for "since your last visit".
    pub(crate) fn since(&self) -> crate::http::play::SinceRow {
        let what = match (&self.notation, &self.revealed) {
            (Some(n), _) => n.clone(),
            (None, Some(r)) => format!(
                "{} ({})",
                say("page-sealed-guess", &[]),
                say("page-dreams-revealed", &[("guess", r.clone().into())])
            ),
            (None, None) => say("page-sealed-guess", &[]),
        };
        crate::http::play::SinceRow {
            seq: self.seq,
            name: self.name.clone(),
            text: if self.words.is_empty() {
                what
            } else {
                format!("{what}: {}", self.words)
            },
        }
    }
}

pub fn log_row(t: &Turn, names: &[String], seat: usize, over: bool) -> Result<LogRow, PageError> {
    let readable = t.readable_by(Viewer::Seat(seat), over);
    let mut row = log_entry(
        t.seq,
        t.seat,
        readable.then_some(t.notation.as_str()),
        &t.events,
        names,
        seat,
        over,
    )?;
    // That the service played a sealed turn would tell what it sealed (no guess).
    if readable {
        row.by_service = match t.source.as_str() {
            SOURCE_TIMEOUT => Some("page-source-timeout"),
            crate::store::models::SOURCE_STAND_IN => Some("page-source-stand-in"),
            SOURCE_FORFEIT => Some("page-source-dropped-out"),
            SOURCE_QUEUED => Some("page-source-queued"),
            SOURCE_RESIGN => Some("page-source-resign"),
            _ => None,
        }
        .map(|key| say(key, &[]));
    }
    Ok(row)
}

/// A log entry from its stored parts (`events`: the stored JSON), as `seat` may read it;
/// `notation` is `None` when `seat` may not read it.
pub fn log_entry(
    seq: i64,
    by: i64,
    notation: Option<&str>,
    events: &str,
    names: &[String],
    seat: usize,
    over: bool,
) -> Result<LogRow, PageError> {
    let logged: Vec<Logged<Value>> = serde_json::from_str(events).map_err(PageError::internal)?;
    let events: Vec<DreamsEvent> = visible_events(&logged, Viewer::Seat(seat), over)
        .into_iter()
        .filter_map(|e| serde_json::from_value::<DreamsEvent>(e).ok())
        .collect();
    let sealed_round = events.iter().find_map(|e| match e {
        DreamsEvent::GuessSealed { round, .. } => Some(*round),
        _ => None,
    });
    let words: Vec<String> = events.iter().map(|e| event_words(names, seat, e)).collect();
    let who = usize::try_from(by).map_err(PageError::internal)?;
    Ok(LogRow {
        seq,
        name: name(names, who),
        notation: notation.map(str::to_string),
        revealed: None,
        sealed_round,
        by: who,
        words: words.join(" "),
        by_service: None,
    })
}

/// One event in words, for `viewer`. The events a seat alone may read (`role`, `my_guess`)
/// speak to it; once the game is over everyone reads them, and another seat's are told in
/// the third person.
fn event_words(names: &[String], viewer: usize, event: &DreamsEvent) -> String {
    match event {
        DreamsEvent::RoundDealt {
            round,
            dealer,
            reshuffled,
            ..
        } => say(
            if *reshuffled {
                "page-dreams-ev-dealt-shuffled"
            } else {
                "page-dreams-ev-dealt"
            },
            &[
                ("round", (*round).into()),
                ("name", name(names, *dealer).into()),
            ],
        ),
        DreamsEvent::Role {
            round, seat, role, ..
        } if *seat != viewer => match role {
            Role::God => say(
                "page-dreams-ev-god",
                &[
                    ("name", name(names, *seat).into()),
                    ("round", (*round).into()),
                ],
            ),
            Role::Mortal => say(
                "page-dreams-ev-mortal",
                &[
                    ("name", name(names, *seat).into()),
                    ("round", (*round).into()),
                ],
            ),
        },
        DreamsEvent::Role { role, vision, .. } => match (role, vision) {
            (Role::God, Some(v)) => say(
                "page-dreams-role-god-vision",
                &[("n", u32::from(*v).into())],
            ),
            (Role::God, None) => say("page-dreams-role-god", &[]),
            (Role::Mortal, _) => say("page-dreams-ev-you-mortal", &[]),
        },
        DreamsEvent::StarPlaced {
            seat, kind, x, y, ..
        } => say(
            "page-dreams-ev-star",
            &[
                ("name", name(names, *seat).into()),
                ("star", star_words(kind.name()).into()),
                ("point", format!("{x},{y}").into()),
            ],
        ),
        DreamsEvent::StarPassed { seat, kind, .. } => say(
            "page-dreams-ev-star-passed",
            &[
                ("name", name(names, *seat).into()),
                ("star", star_words(kind.name()).into()),
            ],
        ),
        DreamsEvent::GuessSealed { seat, .. } => say(
            "page-dreams-ev-sealed",
            &[("name", name(names, *seat).into())],
        ),
        DreamsEvent::MyGuess { seat, guess, .. } if *seat != viewer => say(
            "page-dreams-ev-their-guess",
            &[
                ("name", name(names, *seat).into()),
                ("guess", guess_words(names, *guess).into()),
            ],
        ),
        DreamsEvent::MyGuess { guess, .. } => say(
            "page-dreams-ev-your-guess",
            &[("guess", guess_words(names, *guess).into())],
        ),
        DreamsEvent::Revealed(r) => {
            let points: Vec<String> = r
                .points
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} {p}", name(names, s)))
                .collect();
            say(
                "page-dreams-ev-revealed",
                &[
                    ("round", r.round.into()),
                    ("n", u32::from(r.vision).into()),
                    ("mortal", name(names, r.mortal).into()),
                    ("points", points.join(", ").into()),
                ],
            )
        }
        DreamsEvent::GameOver { winners, .. } => say(
            "page-play-over-won",
            &[
                ("names", joined_names(names, winners).into()),
                ("n", i64::try_from(winners.len()).unwrap_or_default().into()),
            ],
        ),
    }
}

/// The notation of a turn sent by the page's own form fields — `pass` (the button),
/// `kind` with `x` and `y`, `guess_seat` or `guess_image` — or `None` when the form sent
/// none of them. The numbers are checked to be numbers only: whether the point is free,
/// the image exists or the seat may be named, the rules say (with their rule id).
pub fn form_notation(field: impl Fn(&str) -> Option<String>) -> Option<Result<String, Problem>> {
    let number = |name: &str| {
        field(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty() && v.len() <= 8 && v.bytes().all(|b| b.is_ascii_digit()))
    };
    let unreadable = |key: &str| {
        Some(Err(Problem::new(
            say("page-refused-unreadable", &[]),
            say(key, &[]),
        )))
    };
    if field("pass").is_some() {
        return Some(Ok("pass".to_string()));
    }
    if let Some(kind) = field("kind") {
        let kind = StarKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(kind.trim()));
        let Some(kind) = kind else {
            return unreadable("page-dreams-form-star");
        };
        return match (number("x"), number("y")) {
            (Some(x), Some(y)) => Some(Ok(format!("{} at {x},{y}", kind.name()))),
            _ => unreadable("page-dreams-form-point"),
        };
    }
    if field("guess_seat").is_some() {
        return match number("guess_seat") {
            Some(s) => Some(Ok(format!("guess seat {s}"))),
            None => unreadable("page-dreams-form-seat"),
        };
    }
    if field("guess_image").is_some() {
        return match number("guess_image") {
            Some(i) => Some(Ok(format!("guess image {i}"))),
            None => unreadable("page-dreams-form-image"),
        };
    }
    None
}

/// The status of a page refused for its form fields.
pub const FORM_STATUS: StatusCode = StatusCode::UNPROCESSABLE_ENTITY;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::http::pages::render_in;
    use ::games::dreams::{Dreams, DreamsOptions, DreamsTurn};
    use ::games::{Game, Seed};

    fn names() -> Vec<String> {
        vec![
            "Ann <the> \"first\"".to_string(),
            "Bob & Co's".to_string(),
            String::new(),
        ]
    }

    /// A game and its log so far: per entry the seat, the turn's notation, its events
    /// (stored JSON) and who may read the notation.
    struct Played {
        game: Dreams,
        log: Vec<(usize, String, String, ::games::Visibility)>,
    }

    impl Played {
        fn new() -> Played {
            let game = Dreams::new(Seed::from_u64(21), 3, DreamsOptions::default()).expect("setup");
            Played {
                game,
                log: Vec::new(),
            }
        }

        fn play(&mut self, seat: usize, turn: DreamsTurn) {
            let visibility = self.game.turn_visibility(seat, &turn);
            let applied = self.game.apply(seat, &turn).expect("legal");
            let events: Vec<Logged<Value>> = applied
                .events
                .iter()
                .map(|e| Logged {
                    visibility: e.visibility,
                    event: serde_json::to_value(&e.event).expect("event"),
                })
                .collect();
            let events = serde_json::to_string(&events).expect("events");
            self.log
                .push((seat, Dreams::format_turn(&turn), events, visibility));
            self.game = applied.game;
        }

        /// Place the placer's first unplaced star at a point of its own.
        fn star(&mut self) {
            let seat = self.game.placer().expect("the stars phase");
            let kind = self.game.unplaced(seat).first().expect("a star left");
            let n = u32::try_from(self.log.len()).expect("small");
            self.play(
                seat,
                DreamsTurn::star(kind, 10 + 7 * n % 80, 5 + 11 * n % 90),
            );
        }

        /// Every star of the round.
        fn stars(&mut self) {
            while self.game.phase() == Phase::Stars {
                self.star();
            }
        }

        /// `seat` guesses as its role allows: a god the next seat, the mortal image 2.
        fn guess(&mut self, seat: usize) {
            let guess = match self.game.role_of(seat).expect("a seat") {
                Role::God => Guess::Seat((seat + 1) % 3),
                Role::Mortal => Guess::Image(2),
            };
            self.play(seat, DreamsTurn::guess(guess));
        }

        /// `seat`'s page, with the game as `game` (the same public facts, perhaps other
        /// hidden ones).
        fn page_of(&self, game: &Dreams, seat: usize, extra: Extra) -> String {
            let names = names();
            let over = game.is_over();
            let first = self.log.len().saturating_sub(6);
            let log = self
                .log
                .iter()
                .enumerate()
                .skip(first)
                .rev()
                .map(|(i, (by, notation, events, visibility))| {
                    let readable = over || visibility.shown_to(Viewer::Seat(seat));
                    log_entry(
                        i64::try_from(i + 1).expect("small"),
                        i64::try_from(*by).expect("small"),
                        readable.then_some(notation.as_str()),
                        events,
                        &names,
                        seat,
                        over,
                    )
                })
                .collect::<Result<Vec<_>, _>>()
                .expect("log");
            let kind = ::games::registry::kind("dreams").expect("dreams");
            let engine = kind
                .load(&serde_json::to_value(game).expect("state"))
                .expect("load");
            let legal = engine
                .to_act()
                .contains(&seat)
                .then(|| engine.legal(seat, &serde_json::json!({})).expect("legal"));
            let ctx = build(
                DreamsFacts {
                    game_id: "g1",
                    engine: engine.as_ref(),
                    legal,
                    seq: i64::try_from(self.log.len()).expect("small"),
                    seat,
                    names: &names,
                    over,
                    deadline: None,
                    log,
                    parts: PageParts::new(
                        "",
                        "g1",
                        "?token=T0K3N",
                        crate::board::dreams::dreams_svg(
                            &engine.view(Viewer::Seat(seat)),
                            &crate::board::dreams::DreamsStyle {
                                names: names.clone(),
                                lang: crate::http::page_lang::lang(),
                                ..Default::default()
                            },
                        ),
                    ),
                    base: "",
                },
                extra,
            )
            .expect("page data");
            let ctx = crate::http::play::WithTalk {
                page: ctx,
                talk: Vec::new(),
                game: crate::http::play::GameParts::sample(),
                since: Vec::new(),
                rematch: crate::http::play::RematchBox::default(),
                queue: None,
            };
            render_in("", TEMPLATE, &ctx).expect("rendered")
        }
    }

    fn plain() -> Extra {
        Extra {
            status: StatusCode::OK,
            flash: None,
            problem: None,
            notation: String::new(),
        }
    }

    /// Round 1 played out and revealed, round 2 with four stars placed.
    fn round_two() -> Played {
        let mut p = Played::new();
        p.stars();
        for seat in [1, 0, 2] {
            p.guess(seat);
        }
        for _ in 0..4 {
            p.star();
        }
        p
    }

    /// The Dreams page in the reader's language, for the test of every page in every
    /// language (`crate::http::pages`): placing a star, the mortal guessing, a god who has
    /// guessed.
    pub(crate) fn samples() -> Vec<(&'static str, &'static str, String)> {
        let p = round_two();
        let seat = p.game.placer().expect("stars");
        let stars = p.page_of(
            &p.game,
            seat,
            Extra {
                flash: Some(say("page-flash-played", &[("turn", 16i64.into())])),
                ..plain()
            },
        );
        let mut g = Played::new();
        g.stars();
        let mortal = g.game.secret_mortal();
        let god = (mortal + 1) % 3;
        g.guess(god);
        vec![
            ("play_dreams", TEMPLATE, stars),
            (
                "play_dreams_mortal",
                TEMPLATE,
                g.page_of(&g.game, mortal, plain()),
            ),
            (
                "play_dreams_guessed",
                TEMPLATE,
                g.page_of(&g.game, god, plain()),
            ),
        ]
    }

    #[test]
    fn the_dreams_turn_page_of_a_fixed_game_matches_its_snapshot() {
        let p = round_two();
        let seat = p.game.placer().expect("stars");
        let html = p.page_of(
            &p.game,
            seat,
            Extra {
                flash: Some("Your turn was played: it is turn 16 of the game.".into()),
                ..plain()
            },
        );
        assert!(html.contains("It is your turn: place a star."), "{html}");
        assert!(html.contains("Ann &lt;the&gt; &quot;first&quot;"), "{html}");
        assert!(html.contains("Bob &amp; Co&#39;s"), "{html}");
        assert!(html.contains("Round 1 revealed"), "{html}");
        assert!(html.contains("name=\"kind\""), "{html}");
        // Its snapshot is `pages/en/play_dreams.html`, kept by the every-language page test.
    }

    #[test]
    fn the_dreams_turn_page_in_the_guess_phase_matches_its_snapshot() {
        let mut p = Played::new();
        p.stars();
        let mortal = p.game.secret_mortal();
        let god = (mortal + 1) % 3;
        p.guess(god);
        // The mortal's page: images to name, no vision.
        let html = p.page_of(&p.game, mortal, plain());
        assert!(html.contains("You are the mortal"), "{html}");
        assert!(!html.contains("true vision is image"), "{html}");
        assert!(html.contains("name=\"guess_image\""), "{html}");
        assert!(html.contains("<em>a sealed guess</em>"), "{html}");
        // Its snapshot is `pages/en/play_dreams_mortal.html`, kept by the every-language page test.
        // The god who guessed: its own guess, the vision, no form.
        let html = p.page_of(&p.game, god, plain());
        let vision = p.game.secret_vision();
        assert!(
            html.contains(&format!(
                "You are a god: the true vision is image {vision}, "
            )),
            "{html}"
        );
        assert!(html.contains("Your sealed guess:"), "{html}");
        assert!(
            !html.contains("name=\"expected_seq\""),
            "no turn form: {html}"
        );
    }

    /// D-S1: a seat's page is built from public facts and its own only — the same whichever
    /// other seat is the mortal, whatever the others sealed, and (for the mortal) whatever
    /// the vision.
    #[test]
    fn d_s1_a_seats_page_does_not_depend_on_what_it_may_not_know() {
        // Round 2 half placed (after a reveal), and round 1 with one guess sealed.
        let mut p = Played::new();
        p.stars();
        let mortal = p.game.secret_mortal();
        let first = (mortal + 1) % 3;
        p.guess(first);
        for played in [round_two(), p] {
            let game = played.game.clone();
            let mortal = game.secret_mortal();
            let vision = game.secret_vision();
            for seat in 0..3 {
                let page = played.page_of(&game, seat, plain());
                let variants: Vec<Dreams> = if seat == mortal {
                    (1..=4)
                        .map(|v| game.with_hidden(mortal, v, |_, g| g))
                        .collect()
                } else {
                    // Another mortal among the other seats; another seat's sealed guess
                    // naming someone else.
                    (0..3)
                        .filter(|&m| m != seat)
                        .map(|m| {
                            game.with_hidden(m, vision, |s, g| {
                                if s == seat {
                                    g
                                } else {
                                    Some(Guess::Seat((s + 2) % 3))
                                }
                            })
                        })
                        .collect()
                };
                for other in variants {
                    assert_eq!(page, played.page_of(&other, seat, plain()), "seat {seat}");
                }
                assert_eq!(page.contains("You are the mortal"), seat == mortal);
            }
        }
    }

    #[test]
    fn the_page_of_a_finished_game_shows_the_winners_and_the_last_reveal() {
        let mut p = Played::new();
        let mut rng = ::games::Rng::from_seed(&Seed::from_u64(5));
        while let Some((seat, turn)) = ::games::dreams::random::random_submission(&p.game, &mut rng)
        {
            p.play(seat, turn);
        }
        assert!(p.game.is_over());
        let html = p.page_of(&p.game, 1, plain());
        assert!(html.contains("The game is over:"), "{html}");
        assert!(html.contains("revealed</h2>"), "{html}");
        // The last reveal comes first, above the table.
        let reveal = html.find("revealed</h2>").expect("the reveal");
        let table = html.find("The firmament</h2>").expect("the firmament");
        assert!(reveal < table, "the reveal is first: {html}");
        assert!(
            !html.contains("name=\"expected_seq\""),
            "no turn form: {html}"
        );
        assert!(
            !html.contains("a sealed guess"),
            "all is public at the end: {html}"
        );
        assert!(!html.contains("You are"), "{html}");
        // Every seat's guess is told, in the third person but the reader's own.
        assert!(html.contains("Your sealed guess:"), "{html}");
        assert!(html.contains("&#39;s sealed guess:"), "{html}");
    }

    #[test]
    fn the_form_fields_become_the_notation() {
        let form = |pairs: &'static [(&'static str, &'static str)]| {
            form_notation(|name| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| (*v).to_string())
            })
        };
        let ok = |r: Option<Result<String, Problem>>| r.expect("fields").ok().expect("read");
        assert_eq!(
            ok(form(&[("kind", "grey"), ("x", "40"), ("y", " 60 ")])),
            "grey at 40,60"
        );
        assert_eq!(ok(form(&[("guess_seat", "2")])), "guess seat 2");
        assert_eq!(ok(form(&[("guess_image", "3")])), "guess image 3");
        assert_eq!(ok(form(&[("guess_seat", "2"), ("pass", "pass")])), "pass");
        // Out of range is for the rules to refuse (with their id), not the form.
        assert_eq!(
            ok(form(&[("kind", "black"), ("x", "140"), ("y", "0")])),
            "black at 140,0"
        );
        for bad in [
            &[("kind", "blue"), ("x", "1"), ("y", "1")][..],
            &[("kind", "clear"), ("x", "1; guess seat 1"), ("y", "1")][..],
            &[("kind", "clear"), ("x", "-1"), ("y", "1")][..],
            &[("kind", "clear"), ("x", "1")][..],
            &[("guess_seat", "")][..],
        ] {
            assert!(matches!(form(bad), Some(Err(_))), "{bad:?}");
        }
        assert!(form(&[("expected_seq", "3")]).is_none());
    }
}
