//! The Dreams notation (`games::dreams::notation`): the players' guide's examples
//! (`docs/players/notation.md`, "Writing a turn of Dreams") are the parser's truth, and properties
//! hold for every turn: `parse(format(t)) == t`, `format` is canonical, a turn written
//! loosely the way a person might reads the same, and no input panics or points at a word
//! that is not where it says.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

use games::dreams::notation::{format, parse};
use games::dreams::{Dreams, DreamsTurn, Guess, StarKind, StarTurn};
use games::{Game, NotationError};
use proptest::prelude::*;

fn parse_ok(text: &str) -> DreamsTurn {
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

fn star(kind: StarKind, x: u32, y: u32) -> DreamsTurn {
    DreamsTurn::star(kind, x, y)
}

#[test]
fn the_canonical_forms() {
    let table = [
        (star(StarKind::Clear, 25, 70), "clear at 25,70"),
        (star(StarKind::Grey, 0, 100), "grey at 0,100"),
        (star(StarKind::Black, 50, 50), "black at 50,50"),
        (DreamsTurn::guess(Guess::Seat(2)), "guess seat 2"),
        (DreamsTurn::guess(Guess::Image(3)), "guess image 3"),
        (DreamsTurn::pass(), "pass"),
        (DreamsTurn::default(), ""),
    ];
    for (turn, text) in table {
        assert_eq!(format(&turn), text);
        assert_eq!(Dreams::format_turn(&turn), text);
        assert_eq!(parse_ok(text), turn);
        assert_eq!(Dreams::parse_turn(text), Ok(turn));
    }
}

#[test]
fn aliases_case_decimals_and_punctuation_read_the_same_turn() {
    let clear = star(StarKind::Clear, 25, 70);
    for text in [
        "clear at 25,70",
        "CLEAR AT 25,70",
        "star clear at 25,70",
        "Star Clear at (25, 70)",
        "clear at 0.25,0.7",
        "clear at .25,.70",
        "clear at 0.250,0.7000",
        "clear at 25,70.",
        "clear at 25,70;",
        "  clear at 25 , 70  # the lighthouse\n",
        "# a comment first\n\nclear at 25,70\n\n",
    ] {
        assert_eq!(parse_ok(text), clear, "{text:?}");
    }
    assert_eq!(parse_ok("gray at 1,2"), star(StarKind::Grey, 1, 2));
    assert_eq!(parse_ok("black at 1.0,0.05"), star(StarKind::Black, 100, 5));
    for text in ["pass", "PASS.", "no guess", "No Guess;", "pass # away"] {
        assert_eq!(parse_ok(text), DreamsTurn::pass(), "{text:?}");
    }
    assert_eq!(parse_ok("Guess Seat 0"), DreamsTurn::guess(Guess::Seat(0)));
    assert_eq!(
        parse_ok("guess image 4."),
        DreamsTurn::guess(Guess::Image(4))
    );
}

#[test]
fn the_empty_text_and_comments_alone_are_the_empty_turn() {
    for text in ["", "   ", "\n\n", "# nothing to say\n", ";", "."] {
        assert_eq!(parse_ok(text), DreamsTurn::default(), "{text:?}");
    }
}

#[test]
fn numbers_the_rules_refuse_are_still_read() {
    // The rules say why (off the firmament, no such image): the notation reads them.
    assert_eq!(
        parse_ok("clear at 150,2.5"),
        star(StarKind::Clear, 150, 250)
    );
    assert_eq!(
        parse_ok("guess image 9"),
        DreamsTurn::guess(Guess::Image(9))
    );
    assert_eq!(
        parse_ok("guess seat 12"),
        DreamsTurn::guess(Guess::Seat(12))
    );
    assert_eq!(
        parse_ok("clear at 4294967295,0"),
        star(StarKind::Clear, u32::MAX, 0)
    );
    assert!(parse("clear at 4294967296,0").is_err());
    assert!(parse("clear at 42949672.96,0").is_err());
}

#[test]
fn several_parts_are_read_and_the_rules_refuse_them() {
    let turn = parse_ok("clear at 1,1; guess seat 2\npass");
    assert_eq!(
        turn,
        DreamsTurn {
            star: Some(StarTurn {
                kind: StarKind::Clear,
                x: 1,
                y: 1
            }),
            guess: Some(Guess::Seat(2)),
            pass: true,
        }
    );
    assert_eq!(format(&turn), "clear at 1,1; guess seat 2; pass");
    for text in [
        "pass; no guess",
        "guess seat 1\nguess image 2",
        "clear at 1,1; black at 2,2",
    ] {
        let e = parse_err(text);
        assert!(e.message.starts_with("a second "), "{text:?}: {e}");
    }
}

// ---- The players' guide ------------------------------------------------------------------

const GUIDE: &str = include_str!("../../docs/players/notation.md");

/// The fenced blocks of the guide whose info string is exactly `info`, each as its lines
/// with 1-based line numbers.
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

#[test]
fn the_guide_has_a_dreams_part_that_links_the_rules_in_docs() {
    assert!(GUIDE.contains("# Writing a turn of Dreams"));
    assert!(GUIDE.contains("(../rules/dreams.md)"));
}

#[test]
fn every_line_of_a_dreams_block_in_the_guide_parses_and_round_trips() {
    let mut examples = 0;
    for block in guide_blocks("dreams") {
        for (number, line) in block {
            if line.trim().is_empty() {
                continue;
            }
            let turn = match parse(line) {
                Ok(turn) => turn,
                Err(e) => panic!("docs/players/notation.md line {number}: {line:?}: {e}"),
            };
            assert!(!turn.is_empty(), "line {number}");
            let written = format(&turn);
            assert_eq!(parse(&written), Ok(turn), "line {number}: {line:?}");
            examples += 1;
        }
    }
    assert!(examples >= 12, "only {examples} examples found");
}

#[test]
fn every_dreams_email_in_the_guide_is_one_turn() {
    let blocks = guide_blocks("dreams-email");
    assert!(blocks.len() >= 2);
    let turns: Vec<DreamsTurn> = blocks
        .iter()
        .map(|block| {
            let text: String = block.iter().map(|(_, line)| format!("{line}\n")).collect();
            parse_ok(&text)
        })
        .collect();
    assert_eq!(
        turns,
        vec![
            star(StarKind::Grey, 62, 18),
            DreamsTurn::guess(Guess::Seat(2))
        ]
    );
}

/// A `dreams-errors` block holds pairs of lines: a turn, then `→ ` and its error.
#[test]
fn every_error_shown_in_the_guide_is_the_one_the_parser_gives() {
    let mut checked = 0;
    for block in guide_blocks("dreams-errors") {
        let lines: Vec<(usize, &str)> = block
            .into_iter()
            .filter(|(_, line)| !line.trim().is_empty())
            .collect();
        assert_eq!(lines.len() % 2, 0, "an error example is missing its error");
        for pair in lines.chunks(2) {
            let [(number, input), (_, shown)] = pair else {
                unreachable!()
            };
            let shown = shown.trim().strip_prefix("→ ").unwrap();
            let error = parse_err(input);
            assert_eq!(
                error.to_string(),
                shown,
                "docs/players/notation.md line {number}"
            );
            assert_eq!(
                input.get(error.offset..error.offset + error.word.len()),
                Some(error.word.as_str())
            );
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} error examples found");
}

#[test]
fn the_json_shown_in_the_guide_is_the_same_turns_as_their_notation() {
    let blocks = guide_blocks("dreams-json");
    assert_eq!(blocks.len(), 1);
    let json: String = blocks[0].iter().map(|(_, l)| format!("{l}\n")).collect();
    let shown: Vec<DreamsTurn> = serde_json::from_str(&json).unwrap();
    let said: Vec<DreamsTurn> = [
        "clear at 25,70",
        "guess seat 2",
        "guess image 3",
        "pass",
        "",
    ]
    .iter()
    .map(|t| parse_ok(t))
    .collect();
    assert_eq!(shown, said);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_value(&said).unwrap(), value);
}

#[test]
fn the_guide_names_the_errors_json_refuses() {
    // Two parts at once are a rule error, not a JSON error; unknown keys are JSON errors.
    assert!(serde_json::from_str::<DreamsTurn>(
        r#"{"star": {"kind": "clear", "x": 1, "y": 1}, "pass": true}"#
    )
    .is_ok());
    assert!(serde_json::from_str::<DreamsTurn>(r#"{"wish": 1}"#).is_err());
    assert!(serde_json::from_str::<DreamsTurn>(r#"{"guess": {"seat": 1, "image": 2}}"#).is_err());
    assert!(
        serde_json::from_str::<DreamsTurn>(r#"{"star": {"kind": "gold", "x": 1, "y": 1}}"#)
            .is_err()
    );
    assert_eq!(
        serde_json::from_str::<DreamsTurn>(r#"{"pass": false}"#).unwrap(),
        DreamsTurn::default()
    );
}

// ---- Properties -------------------------------------------------------------------------

fn any_kind() -> impl Strategy<Value = StarKind> {
    prop_oneof![
        Just(StarKind::Clear),
        Just(StarKind::Grey),
        Just(StarKind::Black)
    ]
}

fn coordinate() -> impl Strategy<Value = u32> {
    prop_oneof![8 => 0u32..=100, 1 => any::<u32>()]
}

fn any_guess() -> impl Strategy<Value = Guess> {
    prop_oneof![
        prop_oneof![4 => 0usize..=6, 1 => any::<usize>()].prop_map(Guess::Seat),
        any::<u8>().prop_map(Guess::Image),
    ]
}

fn any_star() -> impl Strategy<Value = StarTurn> {
    (any_kind(), coordinate(), coordinate()).prop_map(|(kind, x, y)| StarTurn { kind, x, y })
}

/// Any turn, with any combination of parts (most have one).
fn any_turn() -> impl Strategy<Value = DreamsTurn> {
    prop_oneof![
        4 => any_star().prop_map(|s| DreamsTurn { star: Some(s), ..DreamsTurn::default() }),
        4 => any_guess().prop_map(DreamsTurn::guess),
        2 => Just(DreamsTurn::pass()),
        1 => Just(DreamsTurn::default()),
        1 => (proptest::option::of(any_star()), proptest::option::of(any_guess()), any::<bool>())
            .prop_map(|(star, guess, pass)| DreamsTurn { star, guess, pass }),
    ]
}

/// Choices for writing a turn the way a person might, drawn from proptest's bytes.
struct Writer {
    choices: Vec<u8>,
    next: usize,
}

impl Writer {
    fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
        let c = self.choices.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        options[usize::from(c) % options.len()]
    }

    fn flip(&mut self) -> bool {
        self.pick(&["a", "b"]) == "a"
    }

    fn word(&mut self, word: &str) -> String {
        match self.pick(&["lower", "upper", "title"]) {
            "upper" => word.to_uppercase(),
            "title" => {
                let mut c = word.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
            _ => word.to_string(),
        }
    }

    fn space(&mut self) -> &'static str {
        self.pick(&[" ", "  ", "\t", " \u{a0}"])
    }

    fn coordinate(&mut self, n: u32) -> String {
        if n <= 100_000 && self.flip() {
            let (whole, hundredths) = (n / 100, n % 100);
            let whole = if whole == 0 && self.flip() {
                String::new()
            } else {
                whole.to_string()
            };
            let fraction = if hundredths % 10 == 0 && self.flip() {
                format!("{}", hundredths / 10)
            } else {
                format!("{hundredths:02}")
            };
            let zeros = self.pick(&["", "0", "00"]);
            format!("{whole}.{fraction}{zeros}")
        } else {
            n.to_string()
        }
    }

    fn part(&mut self, part: &str, turn: &DreamsTurn) -> String {
        let sp = self.space();
        match part {
            "star" => {
                let s = turn.star.unwrap();
                let name = match s.kind {
                    StarKind::Grey => self.pick(&["grey", "gray"]),
                    k => k.name(),
                };
                let prefix = if self.flip() {
                    format!("{}{sp}", self.word("star"))
                } else {
                    String::new()
                };
                let (x, y) = (self.coordinate(s.x), self.coordinate(s.y));
                let point = match self.pick(&["plain", "spaced", "paren"]) {
                    "spaced" => format!("{x} , {y}"),
                    "paren" => format!("( {x},{y} )"),
                    _ => format!("{x},{y}"),
                };
                format!(
                    "{prefix}{}{sp}{}{sp}{point}",
                    self.word(name),
                    self.word("at")
                )
            }
            "guess" => match turn.guess.unwrap() {
                Guess::Seat(n) => format!("{}{sp}{}{sp}{n}", self.word("guess"), self.word("seat")),
                Guess::Image(n) => {
                    format!("{}{sp}{}{sp}{n}", self.word("guess"), self.word("image"))
                }
            },
            _ => {
                if self.flip() {
                    self.word("pass")
                } else {
                    format!("{}{sp}{}", self.word("no"), self.word("guess"))
                }
            }
        }
    }

    fn turn(&mut self, turn: &DreamsTurn) -> String {
        let mut parts = Vec::new();
        if turn.star.is_some() {
            parts.push("star");
        }
        if turn.guess.is_some() {
            parts.push("guess");
        }
        if turn.pass {
            parts.push("pass");
        }
        let mut out = String::new();
        if self.flip() {
            out.push_str("# my turn\n\n");
        }
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                out.push_str(self.pick(&["; ", ";", "\n", "\r\n", ";\n"]));
            }
            let written = self.part(part, turn);
            out.push_str(&written);
        }
        out.push_str(self.pick(&["", ".", ";", " # that is all", "\n", " .", ".\n\n"]));
        out
    }
}

fn check_any_input(text: &str) -> Result<(), TestCaseError> {
    match parse(text) {
        Ok(turn) => {
            let written = format(&turn);
            prop_assert_eq!(parse(&written), Ok(turn));
        }
        Err(e) => {
            prop_assert_eq!(
                text.get(e.offset..e.offset + e.word.len()),
                Some(e.word.as_str())
            );
            prop_assert!(!e.message.is_empty());
        }
    }
    Ok(())
}

fn notation_soup() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("clear"),
        Just("grey"),
        Just("gray"),
        Just("black"),
        Just("star"),
        Just("at"),
        Just("guess"),
        Just("seat"),
        Just("image"),
        Just("pass"),
        Just("no"),
        Just(","),
        Just("("),
        Just(")"),
        Just(";"),
        Just("\n"),
        Just("#"),
        Just("."),
        Just("0.25"),
        Just("25"),
        Just("100"),
        Just("-3"),
        Just("1.005"),
        Just("99999999999"),
        Just("é"),
        Just(" "),
        Just("2."),
    ];
    proptest::collection::vec(word, 0..12).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_turn_written_by_format_parses_back_to_the_same_turn(turn in any_turn()) {
        let written = format(&turn);
        prop_assert_eq!(parse(&written), Ok(turn));
    }

    #[test]
    fn format_is_canonical_so_writing_a_parsed_turn_again_gives_the_same_text(turn in any_turn()) {
        let written = format(&turn);
        let again = format(&parse(&written).unwrap());
        prop_assert_eq!(again, written);
    }

    #[test]
    fn any_turn_written_loosely_by_a_person_parses_to_the_same_turn(
        turn in any_turn(),
        choices in proptest::collection::vec(any::<u8>(), 64),
    ) {
        let text = Writer { choices, next: 0 }.turn(&turn);
        match parse(&text) {
            Ok(read) => prop_assert_eq!(read, turn, "{:?}", text),
            Err(e) => prop_assert!(false, "{:?} does not parse: {}", text, e),
        }
    }

    #[test]
    fn parse_never_panics_and_any_error_names_a_word_at_its_offset(text in any::<String>()) {
        check_any_input(&text)?;
    }

    #[test]
    fn notation_like_text_either_round_trips_or_names_a_word_at_its_offset(text in notation_soup()) {
        check_any_input(&text)?;
    }

    #[test]
    fn a_turn_survives_json(turn in any_turn()) {
        let json = serde_json::to_string(&turn).unwrap();
        prop_assert_eq!(serde_json::from_str::<DreamsTurn>(&json).unwrap(), turn);
    }
}
