//! The text notation of a Gods turn: what a god types in an email reply and reads in the
//! log, e.g. `tribe 1 at 2,-1; temple at 1,0`. `docs/players/notation.md` is the players' guide.
//!
//! Owns: reading one whole turn from text ([`parse`]) with errors that point at the
//! offending word, and writing a turn in the canonical form ([`format`], [`format_step`]),
//! which [`parse`] reads back to the same turn.
//! Must not: judge whether a turn is legal (the engine does that, e.g. whether `end` may be
//! declared now or a slot exists): the notation only reads what was written.

use super::hex::Hex;
use super::turn::{GodsTurn, Step};
use crate::game::NotationError;

/// Every word a step may start with, for the message about an unknown one.
const ACTIONS: &str =
    "end, continue, tribe, temple, desert, whirlwind, extra, discard, move, play extra, decay";

const EMPTY_TURN: &str = "empty turn: write `continue`, `end`, or your actions";

/// Read one whole turn.
///
/// Steps are separated by `;` or a line break; `#` starts a comment that runs to the end of
/// its line; words are case-insensitive; blank lines, empty steps and extra whitespace are
/// ignored. An error names the first offending word and its byte offset in `text`.
pub fn parse(text: &str) -> Result<GodsTurn, NotationError> {
    let segments = split_steps(text);
    let alone = segments.len() == 1;
    let mut turn = GodsTurn::default();
    for (index, segment) in segments.iter().enumerate() {
        match parse_step(segment)? {
            Parsed::Step(step) => turn.steps.push(step),
            Parsed::End(_) if index == 0 => turn.declare_end = true,
            Parsed::End(word) => {
                return Err(error_at(
                    word,
                    "\"end\" may only be the first step of a turn",
                ))
            }
            Parsed::Continue(_) if alone => {}
            Parsed::Continue(word) => {
                let message = format!(
                    "\"{}\" must be alone: it only says you play on; send your actions once you have seen the display",
                    word.text.to_ascii_lowercase()
                );
                return Err(error_at(word, message));
            }
        }
    }
    if segments.is_empty() {
        return Err(NotationError {
            offset: 0,
            word: String::new(),
            message: EMPTY_TURN.to_string(),
        });
    }
    Ok(turn)
}

/// Write a turn in the canonical form: lower case, steps joined by `; `, hexes as `q,r`;
/// `continue` for the empty turn, `end` for a pure declaration, `end; …` when a turn has
/// both a declaration and steps.
///
/// Slots are written as they are: a turn with slot 0 is written, but does not parse back.
pub fn format(turn: &GodsTurn) -> String {
    let steps = turn.steps.iter().map(format_step);
    let words: Vec<String> = if turn.declare_end {
        std::iter::once("end".to_string()).chain(steps).collect()
    } else {
        steps.collect()
    };
    if words.is_empty() {
        "continue".to_string()
    } else {
        words.join("; ")
    }
}

/// Write one step in the canonical form, e.g. `whirlwind 2 from 0,1 to 3,-2`.
pub fn format_step(step: &Step) -> String {
    match *step {
        Step::PlaceTribe { slot, at } => format!("tribe {slot} at {at}"),
        Step::PlaceTemple { at } => format!("temple at {at}"),
        Step::PlaceDesert { slot, at } => format!("desert {slot} at {at}"),
        Step::Whirlwind { slot, from, to } => format!("whirlwind {slot} from {from} to {to}"),
        Step::TakeExtraAction { slot } => format!("extra {slot}"),
        Step::Discard { slot } => format!("discard {slot}"),
        Step::MoveDesert { from, to } => format!("move {from} to {to}"),
        Step::PlayExtraAction => "play extra".to_string(),
        Step::PlaceDecay { slot, at, victim } => format!("decay {slot} at {at} from {victim}"),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Word,
    Open,
    Close,
    Comma,
}

/// A word or punctuation mark as typed, and where it starts in the whole input.
#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    kind: Kind,
    text: &'a str,
    offset: usize,
}

impl Token<'_> {
    fn is_word(&self, word: &str) -> bool {
        self.kind == Kind::Word && self.text.eq_ignore_ascii_case(word)
    }
}

/// The tokens of one non-empty step, and the byte offset just after its last one, where a
/// missing word is reported.
struct Segment<'a> {
    tokens: Vec<Token<'a>>,
    end: usize,
}

fn is_line_break(c: char) -> bool {
    c == '\n' || c == '\r'
}

/// Characters that end a word. Everything else (letters, digits, `-`, stray symbols) is
/// part of one, so `tribe1` or `2.5` reach the parser whole and are reported as typed.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, ';' | '#' | '(' | ')' | ',')
}

/// Split the input into its non-empty steps, dropping comments and whitespace.
fn split_steps(text: &str) -> Vec<Segment<'_>> {
    fn flush<'a>(segments: &mut Vec<Segment<'a>>, current: &mut Vec<Token<'a>>) {
        if let Some(last) = current.last() {
            let end = last.offset + last.text.len();
            segments.push(Segment {
                tokens: std::mem::take(current),
                end,
            });
        }
    }

    let mut segments = Vec::new();
    let mut current = Vec::new();
    let mut in_comment = false;
    let mut chars = text.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if is_line_break(c) {
            in_comment = false;
            flush(&mut segments, &mut current);
            continue;
        }
        if in_comment {
            continue;
        }
        let punctuation = match c {
            ';' => {
                flush(&mut segments, &mut current);
                continue;
            }
            '#' => {
                in_comment = true;
                continue;
            }
            c if c.is_whitespace() => continue,
            '(' => Some((Kind::Open, "(")),
            ')' => Some((Kind::Close, ")")),
            ',' => Some((Kind::Comma, ",")),
            _ => None,
        };
        let (kind, word) = match punctuation {
            Some(found) => found,
            None => {
                let mut end = offset + c.len_utf8();
                while let Some(&(next_offset, next)) = chars.peek() {
                    if ends_word(next) {
                        break;
                    }
                    end = next_offset + next.len_utf8();
                    chars.next();
                }
                (Kind::Word, text.get(offset..end).unwrap_or_default())
            }
        };
        current.push(Token {
            kind,
            text: word,
            offset,
        });
    }
    flush(&mut segments, &mut current);
    segments
}

/// One step as read, before the checks that involve the whole turn.
enum Parsed<'a> {
    End(Token<'a>),
    Continue(Token<'a>),
    Step(Step),
}

fn error_at(token: Token<'_>, message: impl Into<String>) -> NotationError {
    NotationError {
        offset: token.offset,
        word: token.text.to_string(),
        message: message.into(),
    }
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn is_integer(text: &str) -> bool {
    is_digits(text.strip_prefix('-').unwrap_or(text))
}

const AFTER_THE_SLOT: &str = "the slot";
const AFTER_THE_HEX: &str = "the hex";

/// Reads the tokens of one step in order.
struct Cursor<'s, 'a> {
    tokens: std::slice::Iter<'s, Token<'a>>,
    end: usize,
}

impl<'a> Cursor<'_, 'a> {
    fn next(&mut self) -> Option<Token<'a>> {
        self.tokens.next().copied()
    }

    /// An error at `found`, or at the end of the step when the word is missing.
    fn fail(&self, found: Option<Token<'_>>, message: impl Into<String>) -> NotationError {
        match found {
            Some(token) => error_at(token, message),
            None => NotationError {
                offset: self.end,
                word: String::new(),
                message: message.into(),
            },
        }
    }

    fn keyword(&mut self, keyword: &str, after: &str) -> Result<(), NotationError> {
        match self.next() {
            Some(token) if token.is_word(keyword) => Ok(()),
            found => Err(self.fail(found, format!("expected \"{keyword}\" after {after}"))),
        }
    }

    /// A display position: 1 is the first face-up tile.
    fn slot(&mut self, after: &str) -> Result<usize, NotationError> {
        let found = self.next();
        let text = match found {
            Some(token) if token.kind == Kind::Word => token.text,
            _ => return Err(self.fail(found, format!("expected a slot number after {after}"))),
        };
        if is_digits(text) {
            match text.parse::<usize>() {
                Ok(0) => Err(self.fail(
                    found,
                    "0 is not a slot: slots count from 1, the first face-up tile",
                )),
                Ok(slot) => Ok(slot),
                Err(_) => Err(self.fail(found, "slot number is too large")),
            }
        } else if is_integer(text) {
            Err(self.fail(
                found,
                "a slot cannot be negative: slots count from 1, the first face-up tile",
            ))
        } else {
            Err(self.fail(found, format!("expected a slot number after {after}")))
        }
    }

    /// A god's seat number, 0-based.
    fn seat(&mut self, after: &str) -> Result<usize, NotationError> {
        let found = self.next();
        match found {
            Some(token) if token.kind == Kind::Word && is_digits(token.text) => token
                .text
                .parse::<usize>()
                .map_err(|_| self.fail(found, "seat number is too large")),
            _ => Err(self.fail(
                found,
                format!("expected a seat number (0 for the first god) after {after}"),
            )),
        }
    }

    /// `q,r` or `(q,r)`, with any spaces around the punctuation.
    fn hex(&mut self, after: &str) -> Result<Hex, NotationError> {
        let mut found = self.next();
        let open = matches!(found, Some(token) if token.kind == Kind::Open);
        if open {
            found = self.next();
        }
        let q = self.coordinate(found, || format!("expected a hex like 2,-1 after {after}"))?;
        match self.next() {
            Some(token) if token.kind == Kind::Comma => {}
            found => {
                return Err(self.fail(found, "expected \",\" between the two numbers of the hex"))
            }
        }
        let found = self.next();
        let r = self.coordinate(found, || {
            "expected the second number of the hex after \",\"".to_string()
        })?;
        if open {
            match self.next() {
                Some(token) if token.kind == Kind::Close => {}
                found => return Err(self.fail(found, "expected \")\" to close the hex")),
            }
        }
        Ok(Hex::new(q, r))
    }

    fn coordinate(
        &self,
        found: Option<Token<'_>>,
        expected: impl FnOnce() -> String,
    ) -> Result<i32, NotationError> {
        match found {
            Some(token) if token.kind == Kind::Word && is_integer(token.text) => {
                token.text.parse::<i32>().map_err(|_| {
                    self.fail(
                        found,
                        "number out of range: a hex coordinate lies between -2147483648 and 2147483647",
                    )
                })
            }
            _ => Err(self.fail(found, expected())),
        }
    }

    /// Nothing may follow a complete step but the separator.
    fn finish(&mut self, after: &str) -> Result<(), NotationError> {
        match self.next() {
            None => Ok(()),
            found => Err(self.fail(
                found,
                format!(
                    "expected the end of the step after {after}; separate steps with \";\" or a new line"
                ),
            )),
        }
    }
}

fn parse_step<'a>(segment: &Segment<'a>) -> Result<Parsed<'a>, NotationError> {
    let mut cursor = Cursor {
        tokens: segment.tokens.iter(),
        end: segment.end,
    };
    let first = cursor.next();
    let action = match first {
        Some(token) if token.kind == Kind::Word => token,
        _ => return Err(cursor.fail(first, format!("unknown action; expected one of: {ACTIONS}"))),
    };
    let (parsed, last) = match action.text.to_ascii_lowercase().as_str() {
        "end" => (Parsed::End(action), "\"end\""),
        "continue" => (Parsed::Continue(action), "\"continue\""),
        "play" => match cursor.next() {
            None => (Parsed::Continue(action), "\"play\""),
            Some(token) if token.is_word("extra") => {
                (Parsed::Step(Step::PlayExtraAction), "\"play extra\"")
            }
            found => {
                return Err(cursor.fail(
                    found,
                    "expected \"extra\" after \"play\" (or \"play\" alone, meaning continue)",
                ))
            }
        },
        "tribe" => {
            let slot = cursor.slot("\"tribe\"")?;
            cursor.keyword("at", AFTER_THE_SLOT)?;
            let at = cursor.hex("\"at\"")?;
            (Parsed::Step(Step::PlaceTribe { slot, at }), AFTER_THE_HEX)
        }
        "temple" => {
            cursor.keyword("at", "\"temple\"")?;
            let at = cursor.hex("\"at\"")?;
            (Parsed::Step(Step::PlaceTemple { at }), AFTER_THE_HEX)
        }
        "desert" => {
            let slot = cursor.slot("\"desert\"")?;
            cursor.keyword("at", AFTER_THE_SLOT)?;
            let at = cursor.hex("\"at\"")?;
            (Parsed::Step(Step::PlaceDesert { slot, at }), AFTER_THE_HEX)
        }
        "whirlwind" => {
            let slot = cursor.slot("\"whirlwind\"")?;
            cursor.keyword("from", AFTER_THE_SLOT)?;
            let from = cursor.hex("\"from\"")?;
            cursor.keyword("to", AFTER_THE_HEX)?;
            let to = cursor.hex("\"to\"")?;
            (
                Parsed::Step(Step::Whirlwind { slot, from, to }),
                AFTER_THE_HEX,
            )
        }
        "extra" => {
            let slot = cursor.slot("\"extra\"")?;
            (Parsed::Step(Step::TakeExtraAction { slot }), AFTER_THE_SLOT)
        }
        "discard" => {
            let slot = cursor.slot("\"discard\"")?;
            (Parsed::Step(Step::Discard { slot }), AFTER_THE_SLOT)
        }
        "move" => {
            let from = cursor.hex("\"move\"")?;
            cursor.keyword("to", AFTER_THE_HEX)?;
            let to = cursor.hex("\"to\"")?;
            (Parsed::Step(Step::MoveDesert { from, to }), AFTER_THE_HEX)
        }
        "decay" => {
            let slot = cursor.slot("\"decay\"")?;
            cursor.keyword("at", AFTER_THE_SLOT)?;
            let at = cursor.hex("\"at\"")?;
            cursor.keyword("from", AFTER_THE_HEX)?;
            let victim = cursor.seat("\"from\"")?;
            (
                Parsed::Step(Step::PlaceDecay { slot, at, victim }),
                "the seat number",
            )
        }
        _ => {
            return Err(error_at(
                action,
                format!("unknown action; expected one of: {ACTIONS}"),
            ))
        }
    };
    cursor.finish(last)?;
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hex(q: i32, r: i32) -> Hex {
        Hex::new(q, r)
    }

    fn steps(steps: Vec<Step>) -> GodsTurn {
        GodsTurn {
            declare_end: false,
            steps,
        }
    }

    fn parse_ok(text: &str) -> GodsTurn {
        match parse(text) {
            Ok(turn) => turn,
            Err(e) => panic!("{text:?} should parse, but: {e}"),
        }
    }

    fn parse_err(text: &str) -> NotationError {
        match parse(text) {
            Ok(turn) => panic!("{text:?} should not parse, but gave {turn:?}"),
            Err(e) => e,
        }
    }

    /// The error's offset, word and message; also checks the word stands at the offset.
    fn assert_error(text: &str, offset: usize, word: &str, message: &str) {
        let e = parse_err(text);
        assert_eq!(
            (e.offset, e.word.as_str(), e.message.as_str()),
            (offset, word, message),
            "error for {text:?}"
        );
        assert_eq!(text.get(offset..offset + word.len()), Some(word));
    }

    /// One step of every kind, in the order of `Step`.
    fn every_step() -> Vec<Step> {
        vec![
            Step::PlaceTribe {
                slot: 1,
                at: hex(2, -1),
            },
            Step::PlaceTemple { at: hex(1, 0) },
            Step::PlaceDesert {
                slot: 2,
                at: hex(-3, 4),
            },
            Step::Whirlwind {
                slot: 3,
                from: hex(0, 1),
                to: hex(-1, 2),
            },
            Step::TakeExtraAction { slot: 1 },
            Step::Discard { slot: 2 },
            Step::MoveDesert {
                from: hex(-1, 2),
                to: hex(0, -2),
            },
            Step::PlayExtraAction,
            Step::PlaceDecay {
                slot: 1,
                at: hex(2, 0),
                victim: 3,
            },
        ]
    }

    #[test]
    fn every_step_kind_is_written_in_its_canonical_form() {
        let written: Vec<String> = every_step().iter().map(format_step).collect();
        assert_eq!(
            written,
            [
                "tribe 1 at 2,-1",
                "temple at 1,0",
                "desert 2 at -3,4",
                "whirlwind 3 from 0,1 to -1,2",
                "extra 1",
                "discard 2",
                "move -1,2 to 0,-2",
                "play extra",
                "decay 1 at 2,0 from 3",
            ]
        );
    }

    #[test]
    fn a_turn_is_written_with_steps_joined_by_semicolons() {
        let turn = steps(vec![
            Step::PlaceTribe {
                slot: 1,
                at: hex(2, -1),
            },
            Step::PlaceTemple { at: hex(1, 0) },
        ]);
        assert_eq!(format(&turn), "tribe 1 at 2,-1; temple at 1,0");
    }

    #[test]
    fn the_empty_turn_is_written_as_continue() {
        assert_eq!(format(&GodsTurn::default()), "continue");
    }

    #[test]
    fn a_pure_declaration_is_written_as_end_alone() {
        let turn = GodsTurn {
            declare_end: true,
            steps: vec![],
        };
        assert_eq!(format(&turn), "end");
    }

    #[test]
    fn a_declaration_with_steps_is_written_as_end_then_the_steps() {
        let turn = GodsTurn {
            declare_end: true,
            steps: vec![Step::Discard { slot: 1 }],
        };
        assert_eq!(format(&turn), "end; discard 1");
        assert_eq!(parse_ok("end; discard 1"), turn);
    }

    #[test]
    fn every_step_kind_parses_from_its_canonical_form() {
        for step in every_step() {
            let text = format_step(&step);
            assert_eq!(parse_ok(&text), steps(vec![step]), "{text}");
        }
    }

    #[test]
    fn all_step_kinds_in_one_turn_round_trip() {
        let turn = steps(every_step());
        assert_eq!(parse_ok(&format(&turn)), turn);
    }

    #[test]
    fn end_alone_declares_the_end_of_the_game() {
        let turn = parse_ok("end");
        assert!(turn.declare_end);
        assert!(turn.steps.is_empty());
    }

    #[test]
    fn continue_and_play_alone_are_the_empty_turn() {
        for text in [
            "continue",
            "play",
            "Continue",
            "PLAY",
            "  continue  \n",
            "play;",
        ] {
            assert_eq!(parse_ok(text), GodsTurn::default(), "{text:?}");
        }
    }

    #[test]
    fn play_extra_is_playing_a_kept_extra_action_tile_not_continue() {
        assert_eq!(parse_ok("play extra"), steps(vec![Step::PlayExtraAction]));
        assert_eq!(
            parse_ok("play extra; play extra; discard 1"),
            steps(vec![
                Step::PlayExtraAction,
                Step::PlayExtraAction,
                Step::Discard { slot: 1 }
            ])
        );
    }

    #[test]
    fn words_are_case_insensitive() {
        assert_eq!(
            parse_ok("END; TRIBE 1 AT 2,-1; Whirlwind 2 From 0,1 To 1,1; Play Extra"),
            parse_ok("end; tribe 1 at 2,-1; whirlwind 2 from 0,1 to 1,1; play extra")
        );
        assert_eq!(parse_ok("End"), parse_ok("end"));
    }

    #[test]
    fn a_hex_may_be_written_with_or_without_parentheses_and_spaces() {
        let want = steps(vec![Step::PlaceTemple { at: hex(2, -1) }]);
        for text in [
            "temple at 2,-1",
            "temple at (2,-1)",
            "temple at ( 2 , -1 )",
            "temple at 2, -1",
            "temple at 2 ,-1",
            "temple at(2,-1)",
            "temple\tat\t2,\t-1",
        ] {
            assert_eq!(parse_ok(text), want, "{text:?}");
        }
    }

    #[test]
    fn coordinates_may_be_negative_and_as_large_as_an_i32() {
        assert_eq!(
            parse_ok("move -2147483648,2147483647 to -0,-17"),
            steps(vec![Step::MoveDesert {
                from: hex(i32::MIN, i32::MAX),
                to: hex(0, -17),
            }])
        );
    }

    #[test]
    fn steps_may_be_separated_by_semicolons_or_line_breaks() {
        let want = steps(vec![
            Step::PlaceTribe {
                slot: 1,
                at: hex(0, 1),
            },
            Step::Discard { slot: 1 },
            Step::PlayExtraAction,
        ]);
        for text in [
            "tribe 1 at 0,1; discard 1; play extra",
            "tribe 1 at 0,1;discard 1;play extra",
            "tribe 1 at 0,1\ndiscard 1\nplay extra",
            "tribe 1 at 0,1\r\ndiscard 1\r\nplay extra\r\n",
            "tribe 1 at 0,1;\ndiscard 1\n;play extra;",
        ] {
            assert_eq!(parse_ok(text), want, "{text:?}");
        }
    }

    #[test]
    fn blank_lines_comments_and_empty_steps_are_ignored() {
        let text = "# my turn\n\n   tribe 2 at 1,1   \n  # the temple next\n\ntemple at 0,2 # by the river\n;;\n";
        assert_eq!(
            parse_ok(text),
            steps(vec![
                Step::PlaceTribe {
                    slot: 2,
                    at: hex(1, 1)
                },
                Step::PlaceTemple { at: hex(0, 2) },
            ])
        );
    }

    #[test]
    fn a_comment_ends_at_the_end_of_its_line_and_hides_semicolons() {
        assert_eq!(
            parse_ok("discard 1 # not this; discard 2\ndiscard 3"),
            steps(vec![Step::Discard { slot: 1 }, Step::Discard { slot: 3 }])
        );
    }

    #[test]
    fn end_may_be_followed_by_steps_on_later_lines() {
        assert_eq!(
            parse_ok("end\ntribe 1 at 0,1"),
            GodsTurn {
                declare_end: true,
                steps: vec![Step::PlaceTribe {
                    slot: 1,
                    at: hex(0, 1)
                }],
            }
        );
    }

    #[test]
    fn slots_and_seats_may_be_large_numbers() {
        let big = usize::MAX;
        let text = format!("decay {big} at 0,0 from {big}");
        assert_eq!(
            parse_ok(&text),
            steps(vec![Step::PlaceDecay {
                slot: big,
                at: hex(0, 0),
                victim: big
            }])
        );
        assert_eq!(
            parse_ok("decay 1 at 0,0 from 0"),
            steps(vec![Step::PlaceDecay {
                slot: 1,
                at: hex(0, 0),
                victim: 0
            }])
        );
    }

    #[test]
    fn an_unknown_action_is_reported_at_its_word_with_the_list_of_actions() {
        assert_error(
            "tribbe 1 at 2,-1",
            0,
            "tribbe",
            "unknown action; expected one of: end, continue, tribe, temple, desert, whirlwind, extra, discard, move, play extra, decay",
        );
        let e = parse_err("tribe1 at 2,-1");
        assert_eq!((e.offset, e.word.as_str()), (0, "tribe1"));
        let e = parse_err("discard 1; 2,-1");
        assert_eq!((e.offset, e.word.as_str()), (11, "2"));
        assert!(e.message.starts_with("unknown action"));
        let e = parse_err("(2,-1)");
        assert_eq!((e.offset, e.word.as_str()), (0, "("));
    }

    #[test]
    fn an_error_offset_counts_bytes_from_the_start_of_the_whole_input() {
        assert_error(
            "tribe 1 at 2,-1\ntempel at 0,1",
            16,
            "tempel",
            &format!("unknown action; expected one of: {ACTIONS}"),
        );
        // "Grüße" is 7 bytes but 5 characters.
        assert_error(
            "# Grüße\ndiscard x",
            18,
            "x",
            "expected a slot number after \"discard\"",
        );
        assert_error(
            "discard 1; discard 2;  extra 0",
            29,
            "0",
            "0 is not a slot: slots count from 1, the first face-up tile",
        );
    }

    #[test]
    fn a_missing_word_is_reported_at_the_end_of_its_step() {
        assert_error("tribe 1", 7, "", "expected \"at\" after the slot");
        assert_error(
            "tribe 1   ; discard 1",
            7,
            "",
            "expected \"at\" after the slot",
        );
        assert_error(
            "discard 1\ntribe 1 at",
            20,
            "",
            "expected a hex like 2,-1 after \"at\"",
        );
        assert_error("tribe", 5, "", "expected a slot number after \"tribe\"");
        assert_error("temple", 6, "", "expected \"at\" after \"temple\"");
        assert_error(
            "whirlwind 1 from 0,1",
            20,
            "",
            "expected \"to\" after the hex",
        );
        assert_error(
            "decay 1 at 0,1 from",
            19,
            "",
            "expected a seat number (0 for the first god) after \"from\"",
        );
        assert_error(
            "move 0,1 to 1",
            13,
            "",
            "expected \",\" between the two numbers of the hex",
        );
        assert_error(
            "move 0,1 to 1,",
            14,
            "",
            "expected the second number of the hex after \",\"",
        );
        assert_error("move (0,1", 9, "", "expected \")\" to close the hex");
    }

    #[test]
    fn a_wrong_word_is_reported_with_what_was_expected() {
        assert_error("tribe 1 on 2,-1", 8, "on", "expected \"at\" after the slot");
        assert_error(
            "tribe one at 2,-1",
            6,
            "one",
            "expected a slot number after \"tribe\"",
        );
        assert_error(
            "temple at two",
            10,
            "two",
            "expected a hex like 2,-1 after \"at\"",
        );
        assert_error(
            "temple at 2.5,1",
            10,
            "2.5",
            "expected a hex like 2,-1 after \"at\"",
        );
        assert_error(
            "temple at 2 -1",
            12,
            "-1",
            "expected \",\" between the two numbers of the hex",
        );
        assert_error(
            "temple at 2,x",
            12,
            "x",
            "expected the second number of the hex after \",\"",
        );
        assert_error(
            "temple at (2,-1]",
            13,
            "-1]",
            "expected the second number of the hex after \",\"",
        );
        assert_error(
            "move 0,1 from 1,1",
            9,
            "from",
            "expected \"to\" after the hex",
        );
        assert_error(
            "whirlwind 1 to 1,1",
            12,
            "to",
            "expected \"from\" after the slot",
        );
        assert_error(
            "decay 1 at 0,0 from red",
            20,
            "red",
            "expected a seat number (0 for the first god) after \"from\"",
        );
        assert_error(
            "play again",
            5,
            "again",
            "expected \"extra\" after \"play\" (or \"play\" alone, meaning continue)",
        );
    }

    #[test]
    fn words_after_a_complete_step_are_reported() {
        let tail = "; separate steps with \";\" or a new line";
        assert_error(
            "discard 1 2",
            10,
            "2",
            &format!("expected the end of the step after the slot{tail}"),
        );
        assert_error(
            "tribe 1 at 0,1 discard 2",
            15,
            "discard",
            &format!("expected the end of the step after the hex{tail}"),
        );
        assert_error(
            "temple at 2,-1)",
            14,
            ")",
            &format!("expected the end of the step after the hex{tail}"),
        );
        assert_error(
            "end now",
            4,
            "now",
            &format!("expected the end of the step after \"end\"{tail}"),
        );
        assert_error(
            "continue please",
            9,
            "please",
            &format!("expected the end of the step after \"continue\"{tail}"),
        );
        assert_error(
            "play extra 1",
            11,
            "1",
            &format!("expected the end of the step after \"play extra\"{tail}"),
        );
        assert_error(
            "decay 1 at 0,0 from 1 2",
            22,
            "2",
            &format!("expected the end of the step after the seat number{tail}"),
        );
    }

    #[test]
    fn slot_zero_and_negative_slots_are_errors() {
        assert_error(
            "tribe 0 at 1,1",
            6,
            "0",
            "0 is not a slot: slots count from 1, the first face-up tile",
        );
        assert_error(
            "discard -1",
            8,
            "-1",
            "a slot cannot be negative: slots count from 1, the first face-up tile",
        );
    }

    #[test]
    fn a_number_too_large_for_its_type_is_an_error_not_a_panic() {
        let huge = "340282366920938463463374607431768211456";
        assert_error(
            &format!("discard {huge}"),
            8,
            huge,
            "slot number is too large",
        );
        assert_error(
            &format!("decay 1 at 0,0 from {huge}"),
            20,
            huge,
            "seat number is too large",
        );
        assert_error(
            "temple at 2147483648,0",
            10,
            "2147483648",
            "number out of range: a hex coordinate lies between -2147483648 and 2147483647",
        );
        assert_error(
            "temple at 0,-2147483649",
            12,
            "-2147483649",
            "number out of range: a hex coordinate lies between -2147483648 and 2147483647",
        );
    }

    #[test]
    fn end_after_another_step_is_an_error() {
        assert_error(
            "discard 1; end",
            11,
            "end",
            "\"end\" may only be the first step of a turn",
        );
        assert_error(
            "end; End",
            5,
            "End",
            "\"end\" may only be the first step of a turn",
        );
    }

    #[test]
    fn continue_with_other_steps_is_an_error() {
        let message =
            "\"continue\" must be alone: it only says you play on; send your actions once you have seen the display";
        assert_error("continue; discard 1", 0, "continue", message);
        assert_error("discard 1\nCONTINUE", 10, "CONTINUE", message);
        assert_error("end; continue", 5, "continue", message);
        assert_error(
            "play\ntribe 1 at 0,0",
            0,
            "play",
            "\"play\" must be alone: it only says you play on; send your actions once you have seen the display",
        );
    }

    #[test]
    fn an_empty_turn_is_an_error() {
        for text in [
            "",
            "   ",
            "\n\n",
            "# just a comment\n  # another",
            ";",
            " ; ;\n",
        ] {
            assert_error(
                text,
                0,
                "",
                "empty turn: write `continue`, `end`, or your actions",
            );
        }
    }

    #[test]
    fn an_error_reads_as_a_sentence_naming_the_word() {
        assert_eq!(
            parse_err("tribe 1 on 2,-1").to_string(),
            "at \"on\" (character 8): expected \"at\" after the slot"
        );
    }

    // The players' guide: its examples are the parser's truth.

    const GUIDE: &str = include_str!("../../../docs/players/notation.md");

    /// The fenced blocks of the guide whose info string is exactly `info`, each as its
    /// lines with 1-based line numbers.
    fn guide_blocks(info: &str) -> Vec<Vec<(usize, &'static str)>> {
        let mut blocks = Vec::new();
        let mut current: Option<Vec<(usize, &'static str)>> = None;
        for (index, line) in GUIDE.lines().enumerate() {
            let fence = line.trim_start().strip_prefix("```");
            match (fence, current.take()) {
                (Some(_), Some(block)) => blocks.push(block),
                (Some(tag), None) if tag.trim() == info => current = Some(Vec::new()),
                (Some(_), None) => current = None,
                (None, Some(mut block)) => {
                    block.push((index + 1, line));
                    current = Some(block);
                }
                (None, None) => {}
            }
        }
        blocks
    }

    /// An unclosed fence would silently swallow the examples after it.
    #[test]
    fn the_guide_has_no_unclosed_code_block() {
        let fences = GUIDE
            .lines()
            .filter(|line| line.trim_start().starts_with("```"))
            .count();
        assert_eq!(fences % 2, 0);
    }

    #[test]
    fn every_line_of_a_gods_block_in_the_guide_parses_and_round_trips() {
        let mut examples = 0;
        for block in guide_blocks("gods") {
            for (number, line) in block {
                if line.trim().is_empty() {
                    continue;
                }
                let turn = match parse(line) {
                    Ok(turn) => turn,
                    Err(e) => panic!("docs/players/notation.md line {number}: {line:?}: {e}"),
                };
                let written = format(&turn);
                assert_eq!(
                    parse(&written),
                    Ok(turn),
                    "docs/players/notation.md line {number}: {line:?} written as {written:?}"
                );
                examples += 1;
            }
        }
        assert!(examples >= 30, "only {examples} examples found");
    }

    #[test]
    fn every_email_block_in_the_guide_parses_as_one_turn_and_round_trips() {
        let blocks = guide_blocks("email");
        assert!(
            blocks.len() >= 3,
            "only {} email blocks found",
            blocks.len()
        );
        for block in blocks {
            let number = block.first().map_or(0, |(n, _)| *n);
            let text: String = block.iter().map(|(_, line)| format!("{line}\n")).collect();
            let turn = match parse(&text) {
                Ok(turn) => turn,
                Err(e) => panic!("docs/players/notation.md block at line {number}: {e}"),
            };
            assert_eq!(parse(&format(&turn)), Ok(turn), "block at line {number}");
        }
    }

    #[test]
    fn the_first_email_in_the_guide_is_the_turn_its_text_says() {
        let first = guide_blocks("email").into_iter().next().unwrap();
        let text: String = first.iter().map(|(_, line)| format!("{line}\n")).collect();
        let said = "tribe 2 at 0,1; play extra; whirlwind 1 from 0,0 to 3,-1; discard 1";
        assert!(GUIDE.lines().any(|line| line == said));
        assert_eq!(parse_ok(&text), parse_ok(said));
        assert_eq!(format(&parse_ok(&text)), said);
    }

    /// A `notation-errors` block holds pairs of lines: a turn, then `→ ` and its error.
    #[test]
    fn every_error_shown_in_the_guide_is_the_one_the_parser_gives() {
        let mut checked = 0;
        for block in guide_blocks("notation-errors") {
            let lines: Vec<(usize, &str)> = block
                .into_iter()
                .filter(|(_, line)| !line.trim().is_empty())
                .collect();
            assert_eq!(lines.len() % 2, 0, "an error example is missing its error");
            for pair in lines.chunks(2) {
                let [(number, input), (_, shown)] = pair else {
                    unreachable!()
                };
                let shown = shown
                    .trim()
                    .strip_prefix("→ ")
                    .unwrap_or_else(|| panic!("line {} should start with →", number + 1));
                let error = parse_err(input);
                assert_eq!(
                    error.to_string(),
                    shown,
                    "docs/players/notation.md line {number}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 8, "only {checked} error examples found");
    }

    #[test]
    fn the_json_shown_in_the_guide_is_the_same_turn_as_its_notation() {
        let blocks = guide_blocks("json");
        assert_eq!(blocks.len(), 1);
        let json: String = blocks
            .iter()
            .flatten()
            .map(|(_, line)| format!("{line}\n"))
            .collect();
        let shown: serde_json::Value = serde_json::from_str(&json).unwrap();
        let turn = parse_ok(
            "tribe 1 at 2,-1; play extra; whirlwind 2 from 0,1 to -1,2; decay 1 at 3,0 from 2",
        );
        assert_eq!(serde_json::to_value(&turn).unwrap(), shown);
        assert_eq!(serde_json::from_value::<GodsTurn>(shown).unwrap(), turn);
        assert_eq!(
            serde_json::to_value(parse_ok("end")).unwrap(),
            serde_json::json!({ "declare_end": true, "steps": [] })
        );
        assert_eq!(
            serde_json::to_value(parse_ok("continue")).unwrap(),
            serde_json::json!({ "steps": [] })
        );
    }

    // Properties.

    fn slot() -> impl Strategy<Value = usize> {
        prop_oneof![4 => 1usize..=9, 1 => 1usize..=usize::MAX]
    }

    fn any_hex() -> impl Strategy<Value = Hex> {
        prop_oneof![
            4 => (-6i32..=6, -6i32..=6),
            1 => (any::<i32>(), any::<i32>()),
        ]
        .prop_map(|(q, r)| Hex::new(q, r))
    }

    fn any_step() -> impl Strategy<Value = Step> {
        prop_oneof![
            (slot(), any_hex()).prop_map(|(slot, at)| Step::PlaceTribe { slot, at }),
            any_hex().prop_map(|at| Step::PlaceTemple { at }),
            (slot(), any_hex()).prop_map(|(slot, at)| Step::PlaceDesert { slot, at }),
            (slot(), any_hex(), any_hex()).prop_map(|(slot, from, to)| Step::Whirlwind {
                slot,
                from,
                to
            }),
            slot().prop_map(|slot| Step::TakeExtraAction { slot }),
            slot().prop_map(|slot| Step::Discard { slot }),
            (any_hex(), any_hex()).prop_map(|(from, to)| Step::MoveDesert { from, to }),
            Just(Step::PlayExtraAction),
            (slot(), any_hex(), prop_oneof![0usize..=4, any::<usize>()])
                .prop_map(|(slot, at, victim)| Step::PlaceDecay { slot, at, victim }),
        ]
    }

    fn any_turn() -> impl Strategy<Value = GodsTurn> {
        (any::<bool>(), prop::collection::vec(any_step(), 0..7))
            .prop_map(|(declare_end, steps)| GodsTurn { declare_end, steps })
    }

    /// Choices for writing a turn the way a person might, drawn from proptest's bytes.
    struct Noise {
        bytes: Vec<u8>,
        next: usize,
    }

    impl Noise {
        fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
            let byte = self.bytes.get(self.next).copied().unwrap_or(0);
            self.next = (self.next + 1) % self.bytes.len().max(1);
            options
                .get(usize::from(byte) % options.len())
                .copied()
                .unwrap_or_default()
        }

        fn word(&mut self, word: &str) -> String {
            match self.pick(&["lower", "upper", "title"]) {
                "upper" => word.to_ascii_uppercase(),
                "title" => {
                    let mut chars = word.chars();
                    chars
                        .next()
                        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                        .unwrap_or_default()
                }
                _ => word.to_string(),
            }
        }

        fn space(&mut self) -> &'static str {
            self.pick(&[" ", "  ", "\t", " \u{a0}"])
        }

        fn hex(&mut self, at: Hex) -> String {
            let (q, r) = (at.q, at.r);
            match self.pick(&["plain", "parens", "spaced", "after", "before", "glued"]) {
                "parens" => format!("({q},{r})"),
                "spaced" => format!("( {q} , {r} )"),
                "after" => format!("{q}, {r}"),
                "before" => format!("{q} ,{r}"),
                "glued" => format!("({q},{r} )"),
                _ => format!("{q},{r}"),
            }
        }

        fn step(&mut self, step: &Step) -> String {
            let parts: Vec<String> = match *step {
                Step::PlaceTribe { slot, at } => {
                    vec![
                        self.word("tribe"),
                        slot.to_string(),
                        self.word("at"),
                        self.hex(at),
                    ]
                }
                Step::PlaceTemple { at } => {
                    vec![self.word("temple"), self.word("at"), self.hex(at)]
                }
                Step::PlaceDesert { slot, at } => {
                    vec![
                        self.word("desert"),
                        slot.to_string(),
                        self.word("at"),
                        self.hex(at),
                    ]
                }
                Step::Whirlwind { slot, from, to } => vec![
                    self.word("whirlwind"),
                    slot.to_string(),
                    self.word("from"),
                    self.hex(from),
                    self.word("to"),
                    self.hex(to),
                ],
                Step::TakeExtraAction { slot } => vec![self.word("extra"), slot.to_string()],
                Step::Discard { slot } => vec![self.word("discard"), slot.to_string()],
                Step::MoveDesert { from, to } => {
                    vec![
                        self.word("move"),
                        self.hex(from),
                        self.word("to"),
                        self.hex(to),
                    ]
                }
                Step::PlayExtraAction => vec![self.word("play"), self.word("extra")],
                Step::PlaceDecay { slot, at, victim } => vec![
                    self.word("decay"),
                    slot.to_string(),
                    self.word("at"),
                    self.hex(at),
                    self.word("from"),
                    victim.to_string(),
                ],
            };
            let mut text = String::new();
            for (index, part) in parts.iter().enumerate() {
                if index > 0 {
                    text.push_str(self.space());
                }
                text.push_str(part);
            }
            text
        }

        fn separator(&mut self) -> &'static str {
            self.pick(&[
                "; ",
                ";",
                "\n",
                "\r\n",
                " ;\n",
                ";;",
                "\n\n# next\n",
                "  # why\n",
            ])
        }

        fn turn(&mut self, turn: &GodsTurn) -> String {
            let mut written: Vec<String> = Vec::new();
            if turn.declare_end {
                written.push(self.word("end"));
            }
            for step in &turn.steps {
                written.push(self.step(step));
            }
            if written.is_empty() {
                let word = self.pick(&["continue", "play"]);
                written.push(self.word(word));
            }
            let mut text = self.pick(&["", "  ", "# my turn\n", "\n\n"]).to_string();
            for (index, step) in written.iter().enumerate() {
                if index > 0 {
                    text.push_str(self.separator());
                }
                text.push_str(step);
            }
            text.push_str(self.pick(&["", "\n", ";", " ", "\n# thanks\n"]));
            text
        }
    }

    /// Words and marks of the notation, to make random text that is sometimes a turn.
    fn notation_soup() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            prop::sample::select(vec![
                "end",
                "continue",
                "play",
                "extra",
                "tribe",
                "temple",
                "desert",
                "whirlwind",
                "discard",
                "move",
                "decay",
                "at",
                "from",
                "to",
                "(",
                ")",
                ",",
                ";",
                "\n",
                "#",
                "-",
                "0",
                "1",
                "2",
                "-1",
                "é",
                " ",
            ])
            .prop_map(str::to_string),
            any::<i64>().prop_map(|n| n.to_string()),
        ];
        prop::collection::vec((piece, prop::sample::select(vec!["", " ", ","])), 0..16).prop_map(
            |pieces| {
                pieces
                    .into_iter()
                    .map(|(piece, glue)| piece + glue)
                    .collect()
            },
        )
    }

    /// What every answer of `parse` must satisfy, whatever the input.
    fn check_any_input(text: &str) -> Result<(), TestCaseError> {
        match parse(text) {
            Ok(turn) => prop_assert_eq!(parse(&format(&turn)), Ok(turn)),
            Err(e) => {
                prop_assert!(!e.message.is_empty());
                prop_assert!(e.offset <= text.len());
                // The word is reported exactly as it stands in the input.
                prop_assert_eq!(
                    text.get(e.offset..e.offset + e.word.len()),
                    Some(e.word.as_str())
                );
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn any_turn_written_by_format_parses_back_to_the_same_turn(turn in any_turn()) {
            let written = format(&turn);
            prop_assert_eq!(parse(&written), Ok(turn));
        }

        #[test]
        fn format_is_canonical_so_writing_a_parsed_turn_again_gives_the_same_text(
            turn in any_turn()
        ) {
            let written = format(&turn);
            let again = parse(&written).map(|turn| format(&turn));
            prop_assert_eq!(again, Ok(written));
        }

        #[test]
        fn any_turn_written_loosely_by_a_person_parses_to_the_same_turn(
            turn in any_turn(),
            bytes in prop::collection::vec(any::<u8>(), 1..64),
        ) {
            let text = Noise { bytes, next: 0 }.turn(&turn);
            prop_assert_eq!(parse(&text), Ok(turn), "{:?}", text);
        }

        #[test]
        fn parse_never_panics_and_any_error_names_a_word_at_its_offset(text in any::<String>()) {
            check_any_input(&text)?;
        }

        #[test]
        fn notation_like_text_either_round_trips_or_names_a_word_at_its_offset(
            text in notation_soup()
        ) {
            check_any_input(&text)?;
        }
    }
}
