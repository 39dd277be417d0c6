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
    match lang {
        Lang::En => match guess {
            Some(Guess::Seat(s)) => format!("named {} (seat {s})", seat_name(names, s)),
            Some(Guess::Image(i)) => format!("named image {i}"),
            None => "made no guess".to_string(),
        },
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
    match lang {
        Lang::En => dreams_english(names, reader, event),
    }
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
    match lang {
        Lang::En => english(names, event),
    }
}

/// A span of hours as a reader says it: `36 hours`, `3 days`.
pub fn hours(lang: Lang, hours: u32) -> String {
    match lang {
        Lang::En if hours >= 24 && hours.is_multiple_of(24) => count(hours / 24, "day", "days"),
        Lang::En => count(hours, "hour", "hours"),
    }
}

/// Why the service played a turn for `seat` (its `source`, `store::models::SOURCE_*`),
/// in words; `None` for a turn its player sent.
pub fn by_service(lang: Lang, names: &[String], seat: usize, source: &str) -> Option<String> {
    use crate::store::models::{SOURCE_FORFEIT, SOURCE_RESIGN, SOURCE_TIMEOUT};
    let who = god_name(names, seat);
    match lang {
        Lang::En => match source {
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
        },
    }
}

/// How long is left until a deadline, as people say it: the two largest units,
/// `2 days 3 hours left`, `5 hours 10 minutes left`, `12 minutes left`,
/// `less than a minute left`; `time is up` once it has passed.
pub fn time_left(left: chrono::Duration) -> String {
    if left <= chrono::Duration::zero() {
        return "time is up".to_string();
    }
    if left < chrono::Duration::minutes(1) {
        return "less than a minute left".to_string();
    }
    // Whole minutes, counted up: a deadline set three days ahead reads "3 days left" in
    // the mail composed a moment later, not "2 days 23 hours left".
    let minutes = (left.num_seconds() + 59) / 60;
    let n = |v: i64| u32::try_from(v).unwrap_or(u32::MAX);
    let (days, hours, mins) = (minutes / 1440, (minutes % 1440) / 60, minutes % 60);
    let text = if days > 0 {
        if hours > 0 {
            format!(
                "{} {}",
                count(n(days), "day", "days"),
                count(n(hours), "hour", "hours")
            )
        } else {
            count(n(days), "day", "days")
        }
    } else if hours > 0 {
        if mins > 0 {
            format!(
                "{} {}",
                count(n(hours), "hour", "hours"),
                count(n(mins), "minute", "minutes")
            )
        } else {
            count(n(hours), "hour", "hours")
        }
    } else {
        count(n(mins), "minute", "minutes")
    };
    format!("{text} left")
}

/// Why a game ended.
pub fn end_reason(lang: Lang, names: &[String], reason: EndReason) -> String {
    match lang {
        Lang::En => match reason {
            EndReason::GameEndTile => "the game-end tile was drawn".to_string(),
            EndReason::Declared { seat } => format!("{} declared the end", god_name(names, seat)),
            EndReason::BagEmpty => "the bag could not refill the display".to_string(),
            EndReason::PileEmpty => "the pile ran out".to_string(),
        },
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

#[cfg(test)]
mod time_left_tests {
    use super::time_left;

    #[test]
    fn time_left_is_said_in_its_two_largest_units() {
        let t = |m: i64| time_left(chrono::Duration::minutes(m));
        assert_eq!(t(3 * 1440 + 3 * 60 + 5), "3 days 3 hours left");
        assert_eq!(t(2 * 1440), "2 days left");
        assert_eq!(t(1440 + 59), "1 day left");
        assert_eq!(t(5 * 60 + 10), "5 hours 10 minutes left");
        assert_eq!(t(60), "1 hour left");
        assert_eq!(t(12), "12 minutes left");
        assert_eq!(
            time_left(chrono::Duration::seconds(20)),
            "less than a minute left"
        );
        assert_eq!(t(-5), "time is up");
        let s = |secs: i64| time_left(chrono::Duration::seconds(secs));
        assert_eq!(s(3 * 86_400 - 1), "3 days left");
        assert_eq!(s(3 * 86_400 - 61), "2 days 23 hours left");
    }
}
