//! What happened in a game, in words: the sentences under each turn of a your-turn mail,
//! in the answer to a reply, and in the game log, in the reader's language (the messages
//! `words-*` of `templates/i18n/<code>/words.ftl`).
//!
//! Built from the turn's events (which say what the rules did: costs, conversions,
//! villages), not from the notation (which only says what was asked). Gods are called by
//! their display names; the text is plain and is escaped wherever it goes.

use super::Lang;
use crate::i18n::{text, Arg};
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
    match guess {
        Some(Guess::Seat(s)) => say(
            lang,
            "words-guess-seat",
            &[
                ("player", seat_name(names, s).into()),
                ("seat", seat_arg(s)),
            ],
        ),
        Some(Guess::Image(i)) => say(lang, "words-guess-image", &[("image", u32::from(i).into())]),
        None => say(lang, "words-guess-none", &[]),
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
    let star = |kind: games::dreams::StarKind| -> Vec<(&'static str, Arg)> {
        vec![
            (
                "star",
                text(lang, "star-kind", &[("kind", kind.name().into())]).into(),
            ),
            ("kind", kind.name().into()),
        ]
    };
    Some(match event {
        DreamsEvent::RoundDealt { round, dealer, .. } => say(
            lang,
            "words-dreams-round-dealt",
            &[
                ("round", (*round).into()),
                ("dealer", seat_name(names, *dealer).into()),
            ],
        ),
        DreamsEvent::StarPlaced {
            seat, kind, x, y, ..
        } => {
            let mut args = star(*kind);
            args.push(("at", format!("{x},{y}").into()));
            if *seat == reader {
                say(lang, "words-dreams-star-placed-you", &args)
            } else {
                args.push(("player", seat_name(names, *seat).into()));
                say(lang, "words-dreams-star-placed", &args)
            }
        }
        DreamsEvent::StarPassed { seat, kind, .. } if *seat == reader => {
            say(lang, "words-dreams-star-passed-you", &star(*kind))
        }
        DreamsEvent::StarPassed { seat, kind, .. } => {
            let mut args = star(*kind);
            args.push(("player", seat_name(names, *seat).into()));
            say(lang, "words-dreams-star-passed", &args)
        }
        // Only the author reads its own guess before the reveal; a guess of another
        // seat is told only by its commitment, which says nothing in words.
        DreamsEvent::MyGuess { seat, guess, .. } if *seat == reader => match guess {
            None => say(lang, "words-dreams-no-guess-you", &[]),
            Some(Guess::Seat(s)) => say(
                lang,
                "words-dreams-you-named-seat",
                &[
                    ("player", seat_name(names, *s).into()),
                    ("seat", seat_arg(*s)),
                ],
            ),
            Some(Guess::Image(i)) => say(
                lang,
                "words-dreams-you-named-image",
                &[("image", u32::from(*i).into())],
            ),
        },
        DreamsEvent::GuessSealed { seat, .. } if *seat != reader => say(
            lang,
            "words-dreams-guess-sealed",
            &[("player", seat_name(names, *seat).into())],
        ),
        DreamsEvent::Revealed(r) => {
            let mut args = vec![
                ("round", r.round.into()),
                ("vision", u32::from(r.vision).into()),
            ];
            if r.mortal == reader {
                say(lang, "words-dreams-revealed-you", &args)
            } else {
                args.push(("mortal", seat_name(names, r.mortal).into()));
                say(lang, "words-dreams-revealed", &args)
            }
        }
        DreamsEvent::Role {
            seat,
            role: Role::God,
            vision: Some(v),
            ..
        } if *seat == reader => say(
            lang,
            "words-dreams-you-god",
            &[("vision", u32::from(*v).into())],
        ),
        DreamsEvent::Role {
            seat,
            role: Role::Mortal,
            ..
        } if *seat == reader => say(lang, "words-dreams-you-mortal", &[]),
        DreamsEvent::GameOver { .. } => say(lang, "words-dreams-game-over", &[]),
        DreamsEvent::Role { .. }
        | DreamsEvent::MyGuess { .. }
        | DreamsEvent::GuessSealed { .. } => return None,
    })
}

/// Why a game of Dreams ended (D-R8), as a clause: `Ada reached 16 points in round 5
/// (D-R8)`; `scores` after the last round, `round` its number.
pub fn dreams_end(lang: Lang, names: &[String], scores: &[u32], round: u32) -> String {
    let reached: Vec<String> = scores
        .iter()
        .enumerate()
        .filter(|(_, &s)| s >= games::dreams::WINNING_SCORE)
        .map(|(seat, _)| seat_name(names, seat))
        .collect();
    say(
        lang,
        "words-dreams-end",
        &[
            ("who", reached.join(", ").into()),
            ("n", u32::try_from(reached.len()).unwrap_or(u32::MAX).into()),
            ("points", games::dreams::WINNING_SCORE.into()),
            ("round", round.into()),
        ],
    )
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

/// Message `key` of the catalogue in `lang` (`templates/i18n/<code>/words.ftl`).
fn say(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    text(lang, key, args)
}

/// A seat number as a message's value.
fn seat_arg(seat: Seat) -> Arg {
    Arg::Number(i64::try_from(seat).unwrap_or(i64::MAX))
}

/// A main clause and the clauses after it, closed as a sentence in `lang` (`.`, `。`).
fn sentence(lang: Lang, clauses: &[String]) -> String {
    say(lang, "words-sentence", &[("text", clauses.concat().into())])
}

/// The sentences for one turn's events, in order. Events that only mark the flow of play
/// (the next turn beginning) have none.
pub fn turn(lang: Lang, names: &[String], events: &[GodsEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| event(lang, names, e))
        .collect()
}

/// One event as a sentence in `lang`, or `None` for an event not worth a sentence.
pub fn event(lang: Lang, names: &[String], event: &GodsEvent) -> Option<String> {
    let god = |seat: Seat| -> Arg { god_name(names, seat).into() };
    let crystals =
        |n: u8| -> Arg { say(lang, "words-crystals", &[("n", u32::from(n).into())]).into() };
    let at = |hex: &dyn std::fmt::Display| -> Arg { hex.to_string().into() };
    let clause = |key: &str, args: &[(&str, Arg)]| say(lang, key, args);
    let one = |key: &str, args: &[(&str, Arg)]| sentence(lang, &[clause(key, args)]);
    Some(match event {
        GodsEvent::EndDeclared { seat } => one("words-end-declared", &[("god", god(*seat))]),
        GodsEvent::PlayedOn { seat } => one("words-played-on", &[("god", god(*seat))]),
        GodsEvent::PowerGathered {
            seat,
            gained,
            crystals: total,
        } => one(
            "words-power-gathered",
            &[
                ("god", god(*seat)),
                ("amount", crystals(*gained)),
                ("total", u32::from(*total).into()),
            ],
        ),
        GodsEvent::TileDrawn { tile: t } => one(
            "words-tile-drawn",
            &[
                ("tile", tile(lang, *t).into()),
                ("kind", tile_kind(*t).into()),
            ],
        ),
        GodsEvent::TilesReturned { tile: t } => one(
            "words-tiles-returned",
            &[
                ("tile", tile(lang, *t).into()),
                ("kind", tile_kind(*t).into()),
            ],
        ),
        GodsEvent::TribePlaced {
            seat,
            colour: c,
            at: hex,
            cost,
            marker,
        } => {
            let mut clauses = vec![clause(
                "words-tribe-placed",
                &[
                    ("god", god(*seat)),
                    ("tile", tile(lang, Tile::Tribe(*c)).into()),
                    ("colour", colour(*c).into()),
                    ("at", at(hex)),
                ],
            )];
            if *cost > 0 {
                clauses.push(clause("words-for", &[("amount", crystals(*cost))]));
            }
            if let Some(m) = marker {
                clauses.push(clause("words-worships", &[("god", god(*m))]));
            }
            sentence(lang, &clauses)
        }
        GodsEvent::TemplePlaced {
            seat,
            at: hex,
            cost,
            converted,
        } => {
            let mut clauses = vec![clause(
                "words-temple-placed",
                &[("god", god(*seat)), ("at", at(hex))],
            )];
            if *cost > 0 {
                clauses.push(clause("words-for", &[("amount", crystals(*cost))]));
            }
            if !converted.is_empty() {
                let n = u32::try_from(converted.len()).unwrap_or(u32::MAX);
                clauses.push(clause("words-converting", &[("n", n.into())]));
            }
            sentence(lang, &clauses)
        }
        GodsEvent::DesertPlaced {
            seat,
            at: hex,
            gained,
        } => {
            let mut clauses = vec![clause(
                "words-desert-placed",
                &[("god", god(*seat)), ("at", at(hex))],
            )];
            if *gained > 0 {
                clauses.push(clause("words-gaining", &[("amount", crystals(*gained))]));
            }
            sentence(lang, &clauses)
        }
        GodsEvent::DesertMoved {
            seat,
            from,
            to,
            cost,
            whirlwind,
        } => {
            if *whirlwind {
                one(
                    "words-desert-blown",
                    &[("god", god(*seat)), ("from", at(from)), ("to", at(to))],
                )
            } else {
                one(
                    "words-desert-moved",
                    &[
                        ("god", god(*seat)),
                        ("from", at(from)),
                        ("to", at(to)),
                        ("amount", crystals(*cost)),
                    ],
                )
            }
        }
        GodsEvent::ExtraActionTaken { seat } => one("words-extra-taken", &[("god", god(*seat))]),
        GodsEvent::ExtraActionPlayed { seat } => one("words-extra-played", &[("god", god(*seat))]),
        GodsEvent::Discarded { seat, tile: t } => one(
            "words-discarded",
            &[
                ("god", god(*seat)),
                ("tile", tile(lang, *t).into()),
                ("kind", tile_kind(*t).into()),
            ],
        ),
        GodsEvent::DecayPlaced {
            seat,
            at: hex,
            victim,
            taken,
            gained,
        } => one(
            "words-decay-placed",
            &[
                ("god", god(*seat)),
                ("at", at(hex)),
                ("victim", god(*victim)),
                ("lost", crystals(*taken)),
                ("amount", crystals(*gained)),
            ],
        ),
        GodsEvent::VillageFounded {
            seat,
            colour: c,
            vp,
        } => one(
            if *vp {
                "words-village-founded-vp"
            } else {
                "words-village-founded"
            },
            &[("god", god(*seat)), ("colour", colour(*c).into())],
        ),
        GodsEvent::VillageLost { seat, colour: c } => one(
            "words-village-lost",
            &[("god", god(*seat)), ("colour", colour(*c).into())],
        ),
        GodsEvent::ActionsForfeited { seat, owed } => one(
            "words-actions-forfeited",
            &[("god", god(*seat)), ("n", (*owed).into())],
        ),
        GodsEvent::TurnBegan { .. } => return None,
        GodsEvent::GameEnded { reason, .. } => one(
            "words-game-ended",
            &[("reason", end_reason(lang, names, *reason).into())],
        ),
    })
}

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
        Some(c) => text(lang, key, &[("colour", c.into())]),
        None => text(lang, key, &[]),
    }
}

/// What kind of tile, for a message whose words depend on it (an article, a gender).
fn tile_kind(tile: Tile) -> &'static str {
    match tile {
        Tile::Tribe(_) => "tribe",
        Tile::Desert => "desert",
        Tile::Whirlwind => "whirlwind",
        Tile::ExtraAction => "extra",
        Tile::GameEnd => "end",
        Tile::Decay => "decay",
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
    let key = match source {
        SOURCE_RESIGN => "words-by-resign",
        SOURCE_FORFEIT => "words-by-forfeit",
        SOURCE_TIMEOUT => "words-by-timeout",
        _ => return None,
    };
    Some(say(lang, key, &[("god", god_name(names, seat).into())]))
}

/// How long is left until a deadline, as people say it in `lang`: `2 days 3 hours left`,
/// `time is up` once it has passed ([`crate::i18n::time_left`]).
pub fn time_left(lang: Lang, left: chrono::Duration) -> String {
    crate::i18n::time_left(lang, left.num_seconds())
}

/// Why a game ended, as a clause: `the game-end tile was drawn`.
pub fn end_reason(lang: Lang, names: &[String], reason: EndReason) -> String {
    match reason {
        EndReason::GameEndTile => say(lang, "words-end-game-end-tile", &[]),
        EndReason::Declared { seat } => say(
            lang,
            "words-end-declared-by",
            &[("god", god_name(names, seat).into())],
        ),
        EndReason::BagEmpty => say(lang, "words-end-bag-empty", &[]),
        EndReason::PileEmpty => say(lang, "words-end-pile-empty", &[]),
    }
}

/// A tribe's or a village's colour, as the catalogue selects on it: `red`.
fn colour(c: Colour) -> &'static str {
    c.name()
}
