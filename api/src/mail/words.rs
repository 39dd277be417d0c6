//! What happened in a game, in words: the sentences under each turn of a your-turn mail.
//!
//! Built from the turn's events (which say what the rules did: costs, conversions,
//! villages), not from the notation (which only says what was asked). Gods are called by
//! their display names; the text is plain and is escaped wherever it goes.

use super::Lang;
use games::dreams::{DreamsEvent, Guess, Role};
use games::gods::{Colour, EndReason, GodsEvent, Tile};
use games::Seat;

/// The name of the god in `seat`: their display name, or `god N` as on the board.
pub fn god_name(names: &[String], seat: Seat) -> String {
    match names.get(seat) {
        Some(name) if !name.trim().is_empty() => name.clone(),
        _ => format!("god {seat}"),
    }
}

/// The name of the player in `seat` of a Dreams game: their display name, or `seat N` as
/// on the table (in Dreams "god" is a role, not a player).
pub fn seat_name(names: &[String], seat: Seat) -> String {
    match names.get(seat) {
        Some(name) if !name.trim().is_empty() => name.clone(),
        _ => format!("seat {seat}"),
    }
}

/// A sealed Dreams guess in words: `named Cleo (seat 2)`, `named image 3`, `made no guess`.
pub fn dreams_guess(lang: Lang, names: &[String], guess: Option<Guess>) -> String {
    english_only(lang);
    match guess {
        Some(Guess::Seat(s)) => format!("named {} (seat {s})", seat_name(names, s)),
        Some(Guess::Image(i)) => format!("named image {i}"),
        None => "made no guess".to_string(),
    }
}

/// One Dreams event as a sentence for `reader`, or `None` for an event not worth one.
/// The caller hands in only events `reader` may read (`visible_events`); a seat's own
/// marker and guess are told as "you".
pub fn dreams_event(
    lang: Lang,
    names: &[String],
    reader: Seat,
    event: &DreamsEvent,
) -> Option<String> {
    english_only(lang);
    dreams_english(names, reader, event)
}

/// The sentences for the Dreams events `reader` may read, in order.
pub fn dreams_turn(
    lang: Lang,
    names: &[String],
    reader: Seat,
    events: &[DreamsEvent],
) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| dreams_event(lang, names, reader, e))
        .collect()
}

fn dreams_english(names: &[String], reader: Seat, event: &DreamsEvent) -> Option<String> {
    let who = |seat: Seat| {
        if seat == reader {
            "you".to_string()
        } else {
            seat_name(names, seat)
        }
    };
    Some(match event {
        DreamsEvent::RoundDealt { round, dealer, .. } => format!(
            "Round {round} begins with four new images; {} places the first star.",
            seat_name(names, *dealer)
        ),
        DreamsEvent::StarPlaced {
            seat, kind, x, y, ..
        } => format!("{} placed a {} star at {x},{y}.", capital(&who(*seat)), kind.name()),
        DreamsEvent::StarPassed { seat, kind, .. } if *seat == reader => format!(
            "Hermes passed for you: no star this time around (your {} star is set aside for this round).",
            kind.name()
        ),
        DreamsEvent::StarPassed { seat, kind, .. } => format!(
            "{} placed no star this time around (their {} star is set aside for this round).",
            seat_name(names, *seat),
            kind.name()
        ),
        // Only the author reads its own guess before the reveal; a guess of another
        // seat is told only by its commitment, which says nothing in words.
        DreamsEvent::MyGuess {
            seat, guess: None, ..
        } if *seat == reader => "Hermes passed for you: no guess this round.".to_string(),
        DreamsEvent::MyGuess { seat, guess, .. } if *seat == reader => {
            format!("You {}.", dreams_guess(Lang::En, names, *guess))
        }
        DreamsEvent::GuessSealed { seat, .. } if *seat != reader => {
            format!("{} sealed a guess.", seat_name(names, *seat))
        }
        DreamsEvent::Revealed(r) => format!(
            "Every guess is in: round {} is revealed (the true vision was image {}, and {} the mortal).",
            r.round,
            r.vision,
            if r.mortal == reader {
                "you were".to_string()
            } else {
                format!("{} was", seat_name(names, r.mortal))
            }
        ),
        DreamsEvent::Role {
            seat,
            role: Role::God,
            vision: Some(v),
            ..
        } if *seat == reader => format!("You are a god this round: the true vision is image {v}."),
        DreamsEvent::Role {
            seat,
            role: Role::Mortal,
            ..
        } if *seat == reader => "You are the mortal this round.".to_string(),
        DreamsEvent::GameOver { .. } => "The game is over.".to_string(),
        DreamsEvent::Role { .. } | DreamsEvent::MyGuess { .. } | DreamsEvent::GuessSealed { .. } => {
            return None
        }
    })
}

/// `s` with its first letter upper-case.
fn capital(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The sentences for one turn's events, in order. Events that only mark the flow of play
/// (the next turn beginning) have none.
pub fn turn(lang: Lang, names: &[String], events: &[GodsEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| event(lang, names, e))
        .collect()
}

/// One event as a sentence, or `None` for an event not worth a sentence.
pub fn event(lang: Lang, names: &[String], event: &GodsEvent) -> Option<String> {
    english_only(lang);
    english(names, event)
}

/// The events in words are English in every language for now: their sentences are not in
/// the catalogues yet (`crate::i18n`). Every caller already says whose language it wants.
fn english_only(_lang: Lang) {}

/// A tile's name in `lang`, as the display lists it: `red tribe`, `tribù rossa`, `desert`
/// (the glossary's words, `docs/rules/glossary.md`).
pub fn tile(lang: Lang, tile: Tile) -> String {
    let (key, colour) = match tile {
        Tile::Tribe(c) => ("tile-tribe", Some(c.name())),
        Tile::Desert => ("tile-desert", None),
        Tile::Whirlwind => ("tile-whirlwind", None),
        Tile::ExtraAction => ("tile-extra-action", None),
        Tile::GameEnd => ("tile-game-end", None),
        Tile::Decay => ("tile-decay", None),
    };
    match colour {
        Some(c) => crate::i18n::text(lang, key, &[("colour", c.into())]),
        None => crate::i18n::text(lang, key, &[]),
    }
}

/// A span of hours as a reader says it: `36 hours`, `3 days` ([`crate::i18n::hours`]).
pub fn hours(lang: Lang, hours: u32) -> String {
    crate::i18n::hours(lang, hours)
}

/// Why the service played a turn for `seat` (its `source`, `store::models::SOURCE_*`),
/// in words; `None` for a turn its player sent.
pub fn by_service(lang: Lang, names: &[String], seat: usize, source: &str) -> Option<String> {
    use crate::store::models::{SOURCE_FORFEIT, SOURCE_RESIGN, SOURCE_TIMEOUT};
    let who = god_name(names, seat);
    english_only(lang);
    match source {
        SOURCE_RESIGN => Some(format!(
            "{who} resigned: Hermes passes for that seat whenever it must act"
        )),
        SOURCE_FORFEIT => Some(format!(
            "{who} dropped out when their time ran out: Hermes passes for that seat"
        )),
        SOURCE_TIMEOUT => Some(format!(
            "{who}'s time ran out: Hermes played a pass for them"
        )),
        _ => None,
    }
}

/// How long is left until a deadline, as people say it in `lang`: `2 days 3 hours left`,
/// `time is up` once it has passed ([`crate::i18n::time_left`]).
pub fn time_left(lang: Lang, left: chrono::Duration) -> String {
    crate::i18n::time_left(lang, left.num_seconds())
}

/// Why a game ended.
pub fn end_reason(lang: Lang, names: &[String], reason: EndReason) -> String {
    english_only(lang);
    match reason {
        EndReason::GameEndTile => "the game-end tile was drawn".to_string(),
        EndReason::Declared { seat } => format!("{} declared the end", god_name(names, seat)),
        EndReason::BagEmpty => "the bag could not refill the display".to_string(),
        EndReason::PileEmpty => "the pile ran out".to_string(),
    }
}

fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn crystals(n: u8) -> String {
    count(n.into(), "crystal", "crystals")
}

/// `a red tribe`, `an extra-action tile`.
fn a(tile: Tile) -> String {
    let name = tile.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

fn colour(c: Colour) -> &'static str {
    c.name()
}

fn english(names: &[String], event: &GodsEvent) -> Option<String> {
    let god = |seat: Seat| god_name(names, seat);
    Some(match event {
        GodsEvent::EndDeclared { seat } => format!("{} declared the end of the game.", god(*seat)),
        GodsEvent::PlayedOn { seat } => format!("{} played on.", god(*seat)),
        GodsEvent::PowerGathered {
            seat,
            gained,
            crystals: total,
        } => format!(
            "{} gathered {} of power and has {total}.",
            god(*seat),
            crystals(*gained)
        ),
        GodsEvent::TileDrawn { tile } => {
            let mut s = a(*tile);
            if let Some(first) = s.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            format!("{s} was turned face up.")
        }
        GodsEvent::TilesReturned { tile } => {
            format!("Two {}s went back into the bag.", tile.name())
        }
        GodsEvent::TribePlaced {
            seat,
            colour: c,
            at,
            cost,
            marker,
        } => {
            let mut s = format!("{} placed a {} tribe at {at}", god(*seat), colour(*c));
            if *cost > 0 {
                s.push_str(&format!(" for {}", crystals(*cost)));
            }
            if let Some(m) = marker {
                s.push_str(&format!("; it worships {}", god(*m)));
            }
            s.push('.');
            s
        }
        GodsEvent::TemplePlaced {
            seat,
            at,
            cost,
            converted,
        } => {
            let mut s = format!("{} built a temple at {at}", god(*seat));
            if *cost > 0 {
                s.push_str(&format!(" for {}", crystals(*cost)));
            }
            if !converted.is_empty() {
                let n = u32::try_from(converted.len()).unwrap_or(u32::MAX);
                s.push_str(&format!(", converting {}", count(n, "tribe", "tribes")));
            }
            s.push('.');
            s
        }
        GodsEvent::DesertPlaced { seat, at, gained } => {
            let mut s = format!("{} placed a desert at {at}", god(*seat));
            if *gained > 0 {
                s.push_str(&format!(", gaining {}", crystals(*gained)));
            }
            s.push('.');
            s
        }
        GodsEvent::DesertMoved {
            seat,
            from,
            to,
            cost,
            whirlwind,
        } => {
            if *whirlwind {
                format!(
                    "{} blew the desert at {from} to {to} with a whirlwind.",
                    god(*seat)
                )
            } else {
                format!(
                    "{} moved the desert at {from} to {to} for {}.",
                    god(*seat),
                    crystals(*cost)
                )
            }
        }
        GodsEvent::ExtraActionTaken { seat } => {
            format!("{} took an extra-action tile.", god(*seat))
        }
        GodsEvent::ExtraActionPlayed { seat } => {
            format!("{} played an extra-action tile.", god(*seat))
        }
        GodsEvent::Discarded { seat, tile } => format!("{} discarded {}.", god(*seat), a(*tile)),
        GodsEvent::DecayPlaced {
            seat,
            at,
            victim,
            taken,
            gained,
        } => format!(
            "{} placed a decay tile at {at} next to a temple of {}, who lost {}; {} gained {}.",
            god(*seat),
            god(*victim),
            crystals(*taken),
            god(*seat),
            crystals(*gained)
        ),
        GodsEvent::VillageFounded {
            seat,
            colour: c,
            vp,
        } => {
            if *vp {
                format!(
                    "{} founded a {} village and took a victory-point tile.",
                    god(*seat),
                    colour(*c)
                )
            } else {
                format!("{} founded a {} village.", god(*seat), colour(*c))
            }
        }
        GodsEvent::VillageLost { seat, colour: c } => {
            format!("{} lost the {} village.", god(*seat), colour(*c))
        }
        GodsEvent::ActionsForfeited { seat, owed } => format!(
            "{} had no legal action left and forfeited {}.",
            god(*seat),
            count(*owed, "action", "actions")
        ),
        GodsEvent::TurnBegan { .. } => return None,
        GodsEvent::GameEnded { reason, .. } => {
            format!("The game ended: {}.", end_reason(Lang::En, names, *reason))
        }
    })
}
