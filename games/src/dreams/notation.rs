//! The text notation of a Dreams turn: what a player types in an email reply and reads in
//! the log, e.g. `clear at 25,70`, `guess seat 2`, `guess image 3`, `pass`.
//! `docs/players/notation.md` ("Writing a turn of Dreams") is the players' guide.
//!
//! Owns: reading a turn from text ([`parse`]) with errors that point at the offending
//! word, and writing a turn in the canonical form ([`format`]), which [`parse`] reads back
//! to the same turn; the canonical text of a sealed guess ([`SealedText`]), which the
//! commitments hash.
//! Must not: judge whether a turn is legal (whether the point is free, the image exists,
//! it is the seat's turn): the rules do that, and say which rule was broken.

use super::turn::{DreamsTurn, Guess, StarTurn};
use super::StarKind;
use crate::game::NotationError;
use std::fmt;

/// Every word a turn may start with, for the message about an unknown one.
const WORDS: &str = "clear, grey, black, star, guess, pass, no guess";

/// The canonical notation of a sealed guess: `guess seat 2`, `guess image 3`, or `pass`
/// for no guess. This exact text is part of a guess's commitment (`docs/players/replay.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SealedText(pub Option<Guess>);

impl fmt::Display for SealedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(Guess::Seat(seat)) => write!(f, "guess seat {seat}"),
            Some(Guess::Image(image)) => write!(f, "guess image {image}"),
            None => f.write_str("pass"),
        }
    }
}

/// Write a turn in the canonical form: `clear at 25,70`, `guess seat 2`, `guess image 3`,
/// `pass`; the empty turn is the empty text. A turn with several parts (which the rules
/// refuse) is written part by part, joined by `; `, star first, and reads back the same.
pub fn format(turn: &DreamsTurn) -> String {
    let mut parts = Vec::with_capacity(1);
    if let Some(star) = turn.star {
        parts.push(format!("{} at {},{}", star.kind.name(), star.x, star.y));
    }
    if let Some(guess) = turn.guess {
        parts.push(SealedText(Some(guess)).to_string());
    }
    if turn.pass {
        parts.push("pass".to_string());
    }
    parts.join("; ")
}

/// Read one turn.
///
/// Parts are separated by `;` or a line break; a `.` ending a part is ignored; `#` starts
/// a comment that runs to the end of its line; words are case-insensitive; blank lines and
/// extra whitespace are ignored. An empty text is the empty turn (which the rules answer
/// with what to send). An error names the first offending word and its byte offset.
pub fn parse(text: &str) -> Result<DreamsTurn, NotationError> {
    let mut turn = DreamsTurn::default();
    for segment in split(text) {
        let (part, first) = parse_part(&segment)?;
        let twice = match part {
            Part::Star(star) => turn.star.replace(star).is_some(),
            Part::Guess(guess) => turn.guess.replace(guess).is_some(),
            Part::Pass => std::mem::replace(&mut turn.pass, true),
        };
        if twice {
            let what = match part {
                Part::Star(_) => "a second star",
                Part::Guess(_) => "a second guess",
                Part::Pass => "a second pass",
            };
            return Err(error_at(
                first,
                format!("{what}: a turn is one star, one guess or `pass`"),
            ));
        }
    }
    Ok(turn)
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

/// The tokens of one non-empty part, and the byte offset just after its last one, where a
/// missing word is reported.
struct Segment<'a> {
    tokens: Vec<Token<'a>>,
    end: usize,
}

fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, ';' | '#' | '(' | ')' | ',')
}

/// Split the input into its non-empty parts, dropping comments, whitespace and the `.`
/// that may end a part.
fn split(text: &str) -> Vec<Segment<'_>> {
    fn flush<'a>(segments: &mut Vec<Segment<'a>>, current: &mut Vec<Token<'a>>) {
        let Some(last) = current.last().copied() else {
            return;
        };
        let end = last.offset + last.text.len();
        if last.kind == Kind::Word {
            if let Some(stripped) = last.text.strip_suffix('.') {
                current.pop();
                if !stripped.is_empty() {
                    current.push(Token {
                        text: stripped,
                        ..last
                    });
                }
            }
        }
        if !current.is_empty() {
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
        if c == '\n' || c == '\r' {
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

#[derive(Debug, Clone, Copy)]
enum Part {
    Star(StarTurn),
    Guess(Guess),
    Pass,
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

fn star_kind(token: Token<'_>) -> Option<StarKind> {
    if token.kind != Kind::Word {
        return None;
    }
    match token.text.to_ascii_lowercase().as_str() {
        "clear" => Some(StarKind::Clear),
        "grey" | "gray" => Some(StarKind::Grey),
        "black" => Some(StarKind::Black),
        _ => None,
    }
}

/// Reads the tokens of one part in order.
struct Cursor<'s, 'a> {
    tokens: std::slice::Iter<'s, Token<'a>>,
    end: usize,
}

impl<'a> Cursor<'_, 'a> {
    fn next(&mut self) -> Option<Token<'a>> {
        self.tokens.next().copied()
    }

    /// An error at `found`, or at the end of the part when the word is missing.
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

    /// `x,y` or `(x,y)`, with any spaces around the punctuation.
    fn point(&mut self) -> Result<(u32, u32), NotationError> {
        let mut found = self.next();
        let open = matches!(found, Some(token) if token.kind == Kind::Open);
        if open {
            found = self.next();
        }
        let x = self.coordinate(found, "\"at\"")?;
        match self.next() {
            Some(token) if token.kind == Kind::Comma => {}
            found => {
                return Err(self.fail(
                    found,
                    "expected \",\" between the two numbers of the point (x,y)",
                ))
            }
        }
        let found = self.next();
        let y = self.coordinate(found, "\",\"")?;
        if open {
            match self.next() {
                Some(token) if token.kind == Kind::Close => {}
                found => return Err(self.fail(found, "expected \")\" to close the point")),
            }
        }
        Ok((x, y))
    }

    /// Hundredths (`25`), or a decimal fraction of the side (`0.25`) that is a whole
    /// number of hundredths.
    fn coordinate(&self, found: Option<Token<'_>>, after: &str) -> Result<u32, NotationError> {
        let expected = || {
            format!(
                "expected a coordinate after {after}: hundredths from 0 to 100 (25), or a decimal from 0 to 1 (0.25)"
            )
        };
        let Some(token) = found.filter(|t| t.kind == Kind::Word) else {
            return Err(self.fail(found, expected()));
        };
        let text = token.text;
        let too_large = || {
            self.fail(
                found,
                "number too large for a coordinate: the firmament runs from 0 to 100",
            )
        };
        if is_digits(text) {
            return text.parse::<u32>().map_err(|_| too_large());
        }
        if let Some((whole, fraction)) = text.split_once('.') {
            let whole_ok = whole.is_empty() || is_digits(whole);
            if whole_ok && is_digits(fraction) {
                let (hundredths, rest) = fraction.split_at(fraction.len().min(2));
                if rest.bytes().any(|b| b != b'0') {
                    return Err(self.fail(
                        found,
                        format!("{text} is not a whole number of hundredths: write at most two decimals, like 0.25"),
                    ));
                }
                let whole = if whole.is_empty() {
                    Some(0)
                } else {
                    whole.parse::<u32>().ok()
                };
                let hundredths = hundredths.parse::<u32>().ok().map(|h| {
                    if fraction.len() == 1 {
                        h * 10
                    } else {
                        h
                    }
                });
                return whole
                    .and_then(|w| w.checked_mul(100))
                    .zip(hundredths)
                    .and_then(|(w, h)| w.checked_add(h))
                    .ok_or_else(too_large);
            }
        }
        if text.starts_with('-') {
            return Err(self.fail(
                found,
                "a coordinate cannot be negative: the firmament runs from 0,0 (top left) to 100,100 (bottom right)",
            ));
        }
        Err(self.fail(found, expected()))
    }

    /// Nothing may follow a complete part but the separator.
    fn finish(&mut self, after: &str) -> Result<(), NotationError> {
        match self.next() {
            None => Ok(()),
            found => Err(self.fail(
                found,
                format!("expected the end of the turn after {after}: a turn is one star, one guess or `pass`"),
            )),
        }
    }
}

fn parse_part<'a>(segment: &Segment<'a>) -> Result<(Part, Token<'a>), NotationError> {
    let mut cursor = Cursor {
        tokens: segment.tokens.iter(),
        end: segment.end,
    };
    let first = cursor.next();
    let unknown = || format!("unknown word; expected one of: {WORDS}");
    let Some(word) = first.filter(|t| t.kind == Kind::Word) else {
        return Err(cursor.fail(first, unknown()));
    };
    let lower = word.text.to_ascii_lowercase();
    let (part, last) = match lower.as_str() {
        "pass" => (Part::Pass, "\"pass\""),
        "no" => {
            cursor.keyword("guess", "\"no\"")?;
            (Part::Pass, "\"no guess\"")
        }
        "guess" => {
            let found = cursor.next();
            match found {
                Some(t) if t.is_word("seat") => {
                    let found = cursor.next();
                    let seat = match found {
                        Some(t) if t.kind == Kind::Word && is_digits(t.text) => t
                            .text
                            .parse::<usize>()
                            .map_err(|_| cursor.fail(found, "seat number is too large"))?,
                        _ => {
                            return Err(cursor.fail(
                                found,
                                "expected a seat number (0 for the first seat) after \"seat\"",
                            ))
                        }
                    };
                    (Part::Guess(Guess::Seat(seat)), "the seat number")
                }
                Some(t) if t.is_word("image") => {
                    let found = cursor.next();
                    let image = match found {
                        Some(t) if t.kind == Kind::Word && is_digits(t.text) => {
                            t.text.parse::<u8>().map_err(|_| {
                                cursor.fail(found, "image number is too large: the images are numbered 1 to 4")
                            })?
                        }
                        _ => {
                            return Err(cursor.fail(
                                found,
                                "expected an image number (1 to 4) after \"image\"",
                            ))
                        }
                    };
                    (Part::Guess(Guess::Image(image)), "the image number")
                }
                _ => {
                    return Err(cursor.fail(
                        found,
                        "expected \"seat\" (a god names a seat) or \"image\" (the mortal names an image) after \"guess\"",
                    ))
                }
            }
        }
        _ => {
            let kind = if lower == "star" {
                let found = cursor.next();
                match found.and_then(star_kind) {
                    Some(kind) => kind,
                    None => {
                        return Err(cursor.fail(
                            found,
                            "expected the kind of star, clear, grey or black, after \"star\"",
                        ))
                    }
                }
            } else {
                star_kind(word).ok_or_else(|| error_at(word, unknown()))?
            };
            cursor.keyword("at", &format!("\"{}\"", kind.name()))?;
            let (x, y) = cursor.point()?;
            (Part::Star(StarTurn { kind, x, y }), "the point")
        }
    };
    cursor.finish(last)?;
    Ok((part, word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canonical_forms_are_the_spec_s() {
        assert_eq!(
            format(&DreamsTurn::star(StarKind::Clear, 25, 70)),
            "clear at 25,70"
        );
        assert_eq!(
            format(&DreamsTurn::star(StarKind::Grey, 0, 100)),
            "grey at 0,100"
        );
        assert_eq!(format(&DreamsTurn::guess(Guess::Seat(2))), "guess seat 2");
        assert_eq!(format(&DreamsTurn::guess(Guess::Image(3))), "guess image 3");
        assert_eq!(format(&DreamsTurn::pass()), "pass");
        assert_eq!(format(&DreamsTurn::default()), "");
        assert_eq!(SealedText(None).to_string(), "pass");
    }
}
