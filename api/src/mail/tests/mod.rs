//! Mail: snapshots of every template (what players read), escaping of what players wrote,
//! strictness, the MIME layout, and delivery over real SMTP, to files and to memory.

mod dreams;
mod smtp_server;

use super::templates::{embedded_files, environment};
use super::*;
use crate::board::BoardStyle;
use crate::secret::Secret;
use chrono::{TimeZone, Utc};
use games::gods::random::random_turn;
use games::gods::{EndReason, Gods, GodsEvent, GodsOptions};
use games::{Game, Outcome, Rng, Seed, Viewer};
use smtp_server::SmtpServer;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const UNSUBSCRIBE: &str = "https://hermes.test/unsubscribe?token=unsub.TOKEN";
const TURN_URL: &str = "https://hermes.test/games/7/turn?token=turn.TOKEN";
const GAME_URL: &str = "https://hermes.test/games/7";
/// A display name full of HTML, a header injection and a right-to-left override.
const EVIL: &str = "<script>alert(1)</script>&\"'\r\nBcc: victim@example.org\u{202E}";
const EVIL_ESCAPED: &str = "&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;";

fn names() -> Vec<String> {
    ["Ada", "Brann", "Cleo", "Dmitri"]
        .map(String::from)
        .to_vec()
}

fn context(data: serde_json::Value, attachments: Vec<Attachment>, name: &str) -> Context {
    context_in(Lang::En, data, attachments, name)
}

fn context_in(
    lang: Lang,
    data: serde_json::Value,
    attachments: Vec<Attachment>,
    name: &str,
) -> Context {
    Context {
        lang,
        from: "Hermes <hermes@hermes.test>".to_string(),
        to: Recipient::new("cleo@example.org", name),
        message_id: outbox_message_id(42, "hermes.test"),
        thread: Some("<game-7@hermes.test>".to_string()),
        unsubscribe_url: UNSUBSCRIBE.to_string(),
        date: Utc.with_ymd_and_hms(2025, 1, 14, 9, 0, 0).single(),
        data,
        attachments,
        reply: None,
    }
}

/// Bytes that stand for the board where the picture itself does not matter.
fn fake_board() -> Attachment {
    Attachment::inline(
        BOARD_CID,
        "board.png",
        "image/png",
        b"\x89PNG\r\n\x1a\nnot really a picture".to_vec(),
    )
}

/// The attachments a template needs, with a stand-in board.
fn attachments_for(template: Template) -> Vec<Attachment> {
    if template.inline_attachments().is_empty() {
        Vec::new()
    } else {
        vec![fake_board()]
    }
}

/// A 4-god game after `turns` random legal turns, with its log.
fn play(seed: u64, turns: usize) -> (Gods, Vec<PlayedTurn>) {
    let mut game = Gods::new(Seed::from_u64(seed), 4, GodsOptions::default()).expect("setup");
    let mut rng = Rng::from_seed(&Seed::from_u64(seed + 1000));
    let mut log = Vec::new();
    for _ in 0..turns {
        if game.outcome().is_some() {
            break;
        }
        let Some(turn) = random_turn(&game, &mut rng) else {
            break;
        };
        let seat = game.to_move();
        let applied = game.apply(seat, &turn).expect("a random turn is legal");
        log.push(PlayedTurn {
            seq: i64::try_from(log.len()).expect("a short log") + 1,
            seat,
            // The third turn of the sample was played by the service for a seat whose
            // player resigned: the mail says so rather than "played".
            source: if log.len() == 12 {
                crate::store::models::SOURCE_RESIGN.to_string()
            } else {
                crate::store::models::SOURCE_PLAYER.to_string()
            },
            turn,
            events: applied.events.into_iter().map(|l| l.event).collect(),
        });
        game = applied.game;
    }
    (game, log)
}

fn deadline() -> Deadline {
    Deadline::from_now(
        Utc.with_ymd_and_hms(2025, 1, 17, 13, 30, 0)
            .single()
            .expect("a time"),
        "Europe/Berlin",
        Utc.with_ymd_and_hms(2025, 1, 15, 10, 0, 0)
            .single()
            .expect("a time"),
    )
}

/// The your-turn data of the god to move after 14 turns of a real game.
fn your_turn(names: &[String], game_name: &str) -> (YourTurn, games::gods::view::GodsView) {
    your_turn_in(Lang::En, names, game_name)
}

fn your_turn_in(
    lang: Lang,
    names: &[String],
    game_name: &str,
) -> (YourTurn, games::gods::view::GodsView) {
    let (game, log) = play(3, 14);
    let seat = game.to_move();
    let since = match log.iter().rposition(|t| t.seat == seat) {
        Some(last) => &log[last + 1..],
        None => &log[..],
    };
    let view = game.view(Viewer::Seat(seat));
    let data = GodsYourTurn {
        lang,
        game_name,
        turn_number: i64::try_from(log.len()).expect("a short log") + 1,
        view: &view,
        seat,
        names,
        since,
        deadline: &deadline(),
        turn_url: TURN_URL,
        game_url: GAME_URL,
    }
    .build();
    (data, view)
}

fn data<T: MailData>(value: &T) -> serde_json::Value {
    value.to_data().expect("serialises")
}

/// One sample of each template, and variants of the ones that branch:
/// `(snapshot name, template, data)`. User text comes from `names` and `game_name`.
fn samples(names: &[String], game_name: &str) -> Vec<(&'static str, Template, serde_json::Value)> {
    samples_in(Lang::En, names, game_name)
}

/// [`samples`] as they are written for a reader of `lang`.
fn samples_in(
    lang: Lang,
    names: &[String],
    game_name: &str,
) -> Vec<(&'static str, Template, serde_json::Value)> {
    let name = |seat: usize| words::god_name(names, seat);
    let (turn, _) = your_turn_in(lang, names, game_name);
    assert!(!turn.since.is_empty(), "the fixture has turns to tell");
    let talk = TalkLines {
        lines: vec![
            TalkLine {
                name: name(1),
                body: "Nice temple. Mind if I take the desert next to it?".to_string(),
            },
            TalkLine {
                name: name(3),
                body: "<b>Not</b> a chance; also https://example.org/a/very/long/link/that/never/ends/and/goes/on/and/on/for/ever/and/ever".to_string(),
            },
        ],
        earlier: 2,
    };
    let turn = YourTurn {
        talk: talk.clone(),
        ..turn
    };
    let first_turn = YourTurn {
        talk: TalkLines::default(),
        since: Vec::new(),
        may_declare_end: true,
        extra_actions: 1,
        display: Vec::new(),
        ..turn.clone()
    };
    let timeout = Timeout {
        game_name: game_name.to_string(),
        god: name(2),
        you: true,
        policy: TimeoutPolicy::AutoPass,
        notation: Some("discard 1".to_string()),
        words: vec![format!("{} discarded a desert.", name(2))],
        game_url: GAME_URL.to_string(),
    };
    let outcome = |scores: Vec<i64>, winners: Vec<usize>| Outcome {
        scores,
        winners,
        reason: "unused".to_string(),
    };
    let seed = "9f86d081884c7d659a2feaa0c55ad0159f86d081884c7d659a2feaa0c55ad015";
    let replay = "https://hermes.test/games/7/replay";
    let mut all = vec![
        (
            "welcome",
            Template::Welcome,
            data(&Welcome {
                verify_url: "https://hermes.test/verify?token=verify.TOKEN".to_string(),
                verify_valid_for: words::hours(lang, 48),
            }),
        ),
        (
            "register_attempt",
            Template::RegisterAttempt,
            data(&RegisterAttempt {}),
        ),
        (
            "password_reset",
            Template::PasswordReset,
            data(&PasswordReset {
                reset_url: "https://hermes.test/password/reset?token=reset.TOKEN".to_string(),
                reset_valid_for: words::hours(lang, 1),
            }),
        ),
        (
            "invitation",
            Template::Invitation,
            data(&Invitation {
                inviter: name(1),
                inviter_in_subject: Some(name(1)),
                game_name: game_name.to_string(),
                game_kind: "Gods".to_string(),
                players: vec![name(1), name(2)],
                seats: 4,
                turn_time: words::hours(lang, 72),
                join_url: "https://hermes.test/invites/abc?token=invite.TOKEN".to_string(),
            }),
        ),
        (
            "invitation_stranger",
            Template::Invitation,
            data(&Invitation {
                inviter: name(1),
                inviter_in_subject: None,
                game_name: game_name.to_string(),
                game_kind: "Gods".to_string(),
                players: vec![name(1), name(2)],
                seats: 4,
                turn_time: words::hours(lang, 72),
                join_url: "https://hermes.test/invites/abc?token=invite.TOKEN".to_string(),
            }),
        ),
        (
            "game_deleted",
            Template::GameDeleted,
            data(&GameDeleted {
                deleted_by: name(1),
                game_name: game_name.to_string(),
                game_kind: "Gods".to_string(),
                lobby_url: "https://hermes.test/".to_string(),
            }),
        ),
        ("your_turn", Template::YourTurn, data(&turn)),
        ("your_turn_may_end", Template::YourTurn, data(&first_turn)),
        (
            "reminder",
            Template::Reminder,
            data(&Reminder {
                game_name: game_name.to_string(),
                deadline: deadline(),
                time_left: words::hours(lang, 24),
                policy: TimeoutPolicy::AutoPass,
                turn_url: TURN_URL.to_string(),
            }),
        ),
        (
            "reminder_forfeit",
            Template::Reminder,
            data(&Reminder {
                game_name: game_name.to_string(),
                deadline: deadline(),
                time_left: words::hours(lang, 6),
                policy: TimeoutPolicy::Forfeit,
                turn_url: TURN_URL.to_string(),
            }),
        ),
        ("timeout", Template::Timeout, data(&timeout)),
        (
            "digest",
            Template::Digest,
            data(&Digest {
                date: "Tuesday 3 March 2026".to_string(),
                day: Some("2026-03-03".to_string()),
                games: vec![
                    DigestGame {
                        game_name: game_name.to_string(),
                        deadline: deadline(),
                        policy: TimeoutPolicy::AutoPass,
                        game_url: GAME_URL.to_string(),
                    },
                    DigestGame {
                        game_name: format!("{game_name} <b>"),
                        deadline: deadline(),
                        policy: TimeoutPolicy::Wait,
                        game_url: GAME_URL.to_string(),
                    },
                ],
            }),
        ),
        (
            "timeout_forfeit_other",
            Template::Timeout,
            data(&Timeout {
                god: name(0),
                you: false,
                policy: TimeoutPolicy::Forfeit,
                notation: None,
                words: Vec::new(),
                ..timeout.clone()
            }),
        ),
        (
            "timeout_stand_in",
            Template::Timeout,
            data(&Timeout {
                policy: TimeoutPolicy::StandIn,
                notation: None,
                words: Vec::new(),
                ..timeout.clone()
            }),
        ),
        (
            "stand_in_started",
            Template::StandIn,
            data(&StandIn {
                game_name: game_name.to_string(),
                god: name(0),
                started: true,
                level: "greedy".to_string(),
                game_url: GAME_URL.to_string(),
            }),
        ),
        (
            "stand_in_ended",
            Template::StandIn,
            data(&StandIn {
                game_name: game_name.to_string(),
                god: name(0),
                started: false,
                level: "greedy".to_string(),
                game_url: GAME_URL.to_string(),
            }),
        ),
        (
            "timeout_wait",
            Template::Timeout,
            data(&Timeout {
                policy: TimeoutPolicy::Wait,
                notation: None,
                words: Vec::new(),
                ..timeout.clone()
            }),
        ),
        (
            "game_over",
            Template::GameOver,
            data(&GameOver {
                board: true,
                rematch_url: Some(TURN_URL.to_string()),
                ..GameOver::from_outcome(
                    game_name,
                    &outcome(vec![31, 27, 30, 12], vec![0]),
                    words::end_reason(lang, names, EndReason::GameEndTile),
                    names,
                    seed,
                    replay,
                )
            }),
        ),
        (
            "talk",
            Template::Talk,
            data(&Talk {
                game_name: game_name.to_string(),
                talk: talk.clone(),
                talk_url: TURN_URL.to_string(),
            }),
        ),
        (
            "rematch",
            Template::Rematch,
            data(&Rematch {
                game_name: game_name.to_string(),
                proposer: name(1),
                game_kind: "Gods".to_string(),
                accepted: vec![name(1)],
                waiting: vec![name(0), name(2), name(3)],
                rematch_url: TURN_URL.to_string(),
            }),
        ),
        (
            "game_over_shared",
            Template::GameOver,
            data(&GameOver::from_outcome(
                game_name,
                &outcome(vec![31, 27, 31, 12], vec![0, 2]),
                words::end_reason(lang, names, EndReason::Declared { seat: 1 }),
                names,
                seed,
                replay,
            )),
        ),
    ];
    all.extend(dreams::samples(lang, names, game_name));
    let answer = ReplyAnswer {
        game_name: game_name.to_string(),
        outcome: "played".to_string(),
        // The subject of the reader's own your-turn mail, in their language.
        subject: format!(
            "Re: {}",
            crate::i18n::text(
                lang,
                "mail-your-turn-subject",
                &[("game", game_name.into()), ("turn", 7_i64.into())]
            )
        ),
        turn: Some(7),
        notation: Some("tribe 1 at 2,-1; temple at 1,0".to_string()),
        happened: vec![format!("{} placed a red tribe on 2,-1.", name(0))],
        problem: None,
        said: vec!["Good luck, <everyone>!".to_string()],
        talk_notes: Vec::new(),
        rematch: None,
        legal: Vec::new(),
        position: Vec::new(),
        board: false,
        queue_notes: Vec::new(),
        game_url: GAME_URL.to_string(),
        in_reply_to: "<reply-1@client.test>".to_string(),
    };
    all.push(("reply_answer_played", Template::ReplyAnswer, data(&answer)));
    all.push((
        "reply_answer_refused",
        Template::ReplyAnswer,
        data(&ReplyAnswer {
            outcome: "refused".to_string(),
            turn: None,
            notation: None,
            happened: Vec::new(),
            said: Vec::new(),
            problem: Some(
                "invalid_notation: at \"one\" (character 7): expected a slot number (at the word `one`)"
                    .to_string(),
            ),
            legal: vec!["tribe 1 at 0,1".to_string(), "discard 1".to_string()],
            position: vec!["Turns played: 6; the next is turn 7.".to_string()],
            board: true,
            ..answer.clone()
        }),
    ));
    all.push((
        "reply_answer_moved_on",
        Template::ReplyAnswer,
        data(&ReplyAnswer {
            outcome: "moved_on".to_string(),
            turn: None,
            notation: None,
            happened: Vec::new(),
            said: Vec::new(),
            // As the reply's answer tells the refusal: in the reader's language.
            problem: Some(format!(
                "stale_seq: {}",
                crate::i18n::problems::words_in(
                    &crate::error::ApiError::conflict(
                        "stale_seq",
                        "the game has moved on: it is at turn 8 (sequence 8)",
                    )
                    .said("problem-stale-seq", vec![("current", 8.into())]),
                    lang,
                )
                .detail
            )),
            position: vec![
                "Turns played: 8; the next is turn 9.".to_string(),
                format!("Waiting for: {} (seat 1).", name(1)),
            ],
            ..answer
        }),
    ));
    all
}

fn render_sample(template: Template, data: serde_json::Value, name: &str) -> Message {
    render(template, &context(data, attachments_for(template), name))
        .unwrap_or_else(|e| panic!("{}: {e}", template.name()))
}

/// Compare with `tests/snapshots/<name>`. `UPDATE_SNAPSHOTS=1` writes it; otherwise a
/// missing or different snapshot is a failure, and the new text is left in the temp
/// directory for a look.
fn check_snapshot(name: &str, actual: &str, failures: &mut Vec<String>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    let expected = std::fs::read_to_string(&path).ok();
    if expected.as_deref() == Some(actual) {
        return;
    }
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("snapshot folder");
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let new = std::env::temp_dir().join(format!("hermes-snapshot-{}", name.replace('/', "-")));
    std::fs::write(&new, actual).expect("write the new text");
    failures.push(match expected {
        None => format!(
            "no snapshot {}: run with UPDATE_SNAPSHOTS=1 to write it (new text in {})",
            path.display(),
            new.display()
        ),
        Some(expected) => {
            let line = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
            format!(
                "{} differs from line {} on; new text in {}; if the change is meant, run with UPDATE_SNAPSHOTS=1",
                path.display(),
                line + 1,
                new.display()
            )
        }
    });
}

/// A rendered message as its snapshot keeps it: the headers and the text, then the HTML.
fn snapshot_text(message: &Message) -> String {
    let headers: String = message
        .headers
        .iter()
        .map(|(n, v)| format!("{n}: {v}\n"))
        .collect();
    format!(
        "To: {} <{}>\nSubject: {}\n{headers}\n{}",
        message.to.name, message.to.address, message.subject, message.text
    )
}

#[test]
fn every_template_renders_in_every_language_as_its_snapshots_say() {
    let mut failures = Vec::new();
    let mut covered = BTreeSet::new();
    for lang in Lang::ALL {
        for (name, template, data) in samples_in(lang, &names(), "Olympus") {
            covered.insert(template.name());
            let message = render(
                template,
                &context_in(lang, data, attachments_for(template), "Cleo"),
            )
            .unwrap_or_else(|e| panic!("{} {name}: {e}", lang.code()));
            let code = lang.code();
            check_snapshot(
                &format!("mail/{code}/{name}.txt"),
                &snapshot_text(&message),
                &mut failures,
            );
            check_snapshot(
                &format!("mail/{code}/{name}.html"),
                &message.html,
                &mut failures,
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let all: BTreeSet<_> = Template::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(covered, all, "every template has a sample");
}

/// The snapshots' folder holds no file a sample no longer writes.
#[test]
fn every_mail_snapshot_is_of_a_sample() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/mail");
    let mut expected = BTreeSet::new();
    for lang in Lang::ALL {
        for (name, _, _) in samples_in(lang, &names(), "Olympus") {
            for ext in ["txt", "html"] {
                expected.insert(format!("{}/{name}.{ext}", lang.code()));
            }
        }
    }
    let mut on_disk = BTreeSet::new();
    for dir in std::fs::read_dir(&root).expect("the mail snapshots") {
        let dir = dir.expect("an entry").path();
        let Some(code) = dir.file_name().map(|n| n.to_string_lossy().to_string()) else {
            continue;
        };
        if dir.is_dir() {
            for file in std::fs::read_dir(&dir).expect("a language's snapshots") {
                let file = file.expect("a file").file_name();
                on_disk.insert(format!("{code}/{}", file.to_string_lossy()));
            }
        } else {
            on_disk.insert(code);
        }
    }
    assert_eq!(on_disk, expected);
}

/// What a reader of `lang` reads in `message`: the subject, the text, and the HTML with
/// its tags and attribute names left out (an `alt` text is read; a style is not).
fn readable(message: &Message) -> String {
    let mut html = String::new();
    let mut in_tag = false;
    for c in message.html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                html.push(' ');
            }
            c if !in_tag => html.push(c),
            _ => {}
        }
    }
    let alts: Vec<&str> = message
        .html
        .split("alt=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .collect();
    format!(
        "{}\n{}\n{}\n{}",
        message.subject,
        message.text,
        html,
        alts.join("\n")
    )
}

#[test]
fn no_mail_in_another_language_leaves_an_english_sentence_a_key_or_a_placeholder() {
    let english = crate::i18n::english_fragments(3);
    assert!(
        english.iter().any(|f| f == "Nobody has joined yet"),
        "the English fragments are read: {english:?}"
    );
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        for (name, template, data) in samples_in(lang, &names(), "Olympus") {
            let message = render(
                template,
                &context_in(lang, data, attachments_for(template), "Cleo"),
            )
            .unwrap_or_else(|e| panic!("{} {name}: {e}", lang.code()));
            let text = readable(&message);
            for mark in ["{ $", "{$", "{{", "}}", "{%", "%}", "mail-", "reply-hint-"] {
                if text.contains(mark) {
                    problems.push(format!("{} {name}: `{mark}` is left", lang.code()));
                }
            }
            if lang == Lang::En {
                continue;
            }
            // Escaped in HTML as it is in text.
            let flat = text
                .replace("&#39;", "'")
                .replace("&quot;", "\"")
                .replace("&amp;", "&")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            for fragment in &english {
                if flat.contains(fragment.as_str()) {
                    problems.push(format!(
                        "{} {name}: English left: {fragment:?}",
                        lang.code()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_message_links_to_unsubscribe_in_both_bodies_and_has_the_one_click_headers() {
    for (name, template, data) in samples(&names(), "Olympus") {
        let message = render_sample(template, data, "Cleo");
        assert!(message.text.contains(UNSUBSCRIBE), "{name}: text link");
        assert!(
            message.html.contains(&format!("href=\"{UNSUBSCRIBE}\"")),
            "{name}: HTML link"
        );
        assert_eq!(
            message.header("List-Unsubscribe"),
            Some(format!("<{UNSUBSCRIBE}>").as_str()),
            "{name}"
        );
        assert_eq!(
            message.header("List-Unsubscribe-Post"),
            Some("List-Unsubscribe=One-Click"),
            "{name}"
        );
        assert_eq!(message.message_id(), Some("<outbox-42@hermes.test>"));
        assert!(!message.subject.is_empty() && !message.subject.contains('\n'));
    }
}

#[test]
fn a_display_name_full_of_html_is_escaped_in_every_html_body_and_harmless_in_every_text_body() {
    let evil_names = vec![EVIL.to_string(); 4];
    for (name, template, data) in samples(&evil_names, EVIL) {
        let message = render_sample(template, data, EVIL);
        // HTML: the name is there, escaped; no tag, no raw quote in an attribute.
        assert!(message.html.contains(EVIL_ESCAPED), "{name}: escaped name");
        assert!(!message.html.contains("<script"), "{name}: no script tag");
        assert!(!message.html.contains("alert(1)</"), "{name}");
        // Text: plain text shows the name as written, but on one line, without the
        // override character, and it cannot start a header-like line of its own.
        assert!(
            message.text.contains("<script>alert(1)</script>&\"'"),
            "{name}: name in text"
        );
        for body in [&message.text, &message.html, &message.subject] {
            assert!(!body.contains('\r'), "{name}: no carriage return");
            assert!(!body.contains('\u{202E}'), "{name}: no bidi override");
            assert!(
                !body.lines().any(|l| l.trim_start().starts_with("Bcc:")),
                "{name}: no injected line"
            );
        }
        assert!(!message.subject.contains('\n'), "{name}: one-line subject");
        // The wire form: still exactly one recipient, and no Bcc header.
        let eml = message.to_eml().expect("builds");
        let parsed = mailparse::parse_mail(&eml).expect("parses");
        assert!(
            parsed.headers.iter().all(|h| h.get_key() != "Bcc"),
            "{name}: no Bcc header"
        );
        let to = parsed
            .headers
            .iter()
            .filter(|h| h.get_key() == "To")
            .collect::<Vec<_>>();
        assert_eq!(to.len(), 1, "{name}");
        let to = mailparse::addrparse_header(to[0]).expect("a To address");
        assert_eq!(to.len(), 1, "{name}: one recipient");
        assert_eq!(
            to.extract_single_info().map(|i| i.addr),
            Some("cleo@example.org".to_string()),
            "{name}"
        );
    }
}

#[test]
fn data_that_lacks_a_field_or_has_an_unexpected_one_is_an_error() {
    for (name, template, data) in samples(&names(), "Olympus") {
        let serde_json::Value::Object(map) = data else {
            panic!("{name}: data is an object")
        };
        for key in map.keys() {
            let mut missing = map.clone();
            missing.remove(key);
            let result = render(
                template,
                &context(missing.into(), attachments_for(template), "Cleo"),
            );
            // The data check finds most; an `Option` field serde fills with `None`
            // is found by the strict template instead.
            assert!(
                matches!(
                    result,
                    Err(MailError::Data { .. } | MailError::Render { .. })
                ),
                "{name} without {key}: {result:?}"
            );
        }
        let mut extra = map.clone();
        extra.insert("surprise".into(), "!".into());
        let result = render(
            template,
            &context(extra.into(), attachments_for(template), "Cleo"),
        );
        assert!(matches!(result, Err(MailError::Data { .. })), "{name}");
        let mut common = map.clone();
        common.insert("unsubscribe_url".into(), "https://evil.test".into());
        let result = render(
            template,
            &context(common.into(), attachments_for(template), "Cleo"),
        );
        assert!(matches!(result, Err(MailError::Data { .. })), "{name}");
    }
    assert!(matches!(
        Template::from_name("your_trun"),
        Err(MailError::UnknownTemplate(_))
    ));
}

#[test]
fn a_template_that_uses_an_undefined_variable_fails_to_render() {
    let env = environment();
    let vars = minijinja::Value::from(minijinja::value::Serde(serde_json::json!({
        "known": { "a": 1 }
    })));
    for source in [
        "Hello {{ nobody }}",
        "{% if nobody %}x{% endif %}",
        "{% for x in nobody %}{% endfor %}",
        "{{ known.b }}",
    ] {
        assert!(env.render_str(source, &vars).is_err(), "{source}");
    }
    assert_eq!(
        env.render_str("{{ known.a }}", &vars).expect("renders"),
        "1"
    );
}

#[test]
fn your_turn_without_the_board_is_an_error() {
    let (turn, _) = your_turn(&names(), "Olympus");
    let result = render(
        Template::YourTurn,
        &context(data(&turn), Vec::new(), "Cleo"),
    );
    assert!(matches!(
        result,
        Err(MailError::MissingAttachment {
            content_id: BOARD_CID,
            ..
        })
    ));
}

#[test]
fn bad_addresses_and_ids_are_permanent_errors() {
    let (turn, _) = your_turn(&names(), "Olympus");
    let good = context(data(&turn), vec![fake_board()], "Cleo");
    let cases: Vec<(&str, Context)> = vec![
        (
            "to",
            Context {
                to: Recipient::new("not an address", "Cleo"),
                ..good.clone()
            },
        ),
        (
            "from",
            Context {
                from: "Hermes".into(),
                ..good.clone()
            },
        ),
        (
            "message id",
            Context {
                message_id: "outbox-42".into(),
                ..good.clone()
            },
        ),
        (
            "unsubscribe",
            Context {
                unsubscribe_url: "javascript:alert(1)".into(),
                ..good.clone()
            },
        ),
    ];
    for (what, ctx) in cases {
        let error = render(Template::YourTurn, &ctx).expect_err(what);
        assert!(error.is_permanent(), "{what}: {error}");
    }
}

#[test]
fn every_template_file_is_embedded_and_every_message_has_its_three_files() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../templates/mail");
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a template folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.file_name().is_some_and(|n| n != "README.md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root, &mut files);
    let on_disk: BTreeSet<String> = files
        .iter()
        .map(|path| {
            path.strip_prefix(&root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    let embedded: BTreeSet<String> = embedded_files().into_iter().map(str::to_string).collect();
    assert_eq!(
        on_disk, embedded,
        "templates/mail and the embedded list agree"
    );
    for template in Template::ALL {
        for file in ["subject.txt", "body.txt", "body.html"] {
            let path = format!("{}/{file}", template.name());
            assert!(embedded.contains(&path), "{path}");
        }
    }
}

#[test]
fn the_board_is_inline_in_a_related_part_beside_the_html() {
    let (turn, view) = your_turn(&names(), "Olympus");
    let board = board_attachment(
        &view,
        &BoardStyle {
            names: names(),
            ..BoardStyle::default()
        },
    )
    .expect("the board draws");
    assert!(board.bytes.starts_with(b"\x89PNG"));
    let message = render(
        Template::YourTurn,
        &context(data(&turn), vec![board.clone()], "Cleo"),
    )
    .expect("renders");
    assert!(message.html.contains(&format!("src=\"cid:{BOARD_CID}\"")));
    let eml = message.to_eml().expect("builds");
    let mail = mailparse::parse_mail(&eml).expect("parses");
    assert_eq!(mail.ctype.mimetype, "multipart/alternative");
    assert_eq!(mail.subparts.len(), 2);
    assert_eq!(mail.subparts[0].ctype.mimetype, "text/plain");
    assert_eq!(
        mail.subparts[0]
            .get_body()
            .expect("text")
            .replace("\r\n", "\n")
            .trim_end(),
        message.text.trim_end()
    );
    let related = &mail.subparts[1];
    assert_eq!(related.ctype.mimetype, "multipart/related");
    assert_eq!(related.subparts[0].ctype.mimetype, "text/html");
    let png = &related.subparts[1];
    assert_eq!(png.ctype.mimetype, "image/png");
    assert_eq!(
        png.headers
            .iter()
            .find(|h| h.get_key() == "Content-ID")
            .map(|h| h.get_value()),
        Some(format!("<{BOARD_CID}>"))
    );
    let disposition = png.get_content_disposition();
    assert_eq!(disposition.disposition, mailparse::DispositionType::Inline);
    assert_eq!(
        disposition.params.get("filename").map(String::as_str),
        Some("board.png")
    );
    assert_eq!(png.get_body_raw().expect("decodes"), board.bytes);
    let header = |name: &str| {
        mail.headers
            .iter()
            .find(|h| h.get_key() == name)
            .map(|h| h.get_value())
    };
    assert_eq!(
        header("Date").as_deref(),
        Some("Tue, 14 Jan 2025 09:00:00 +0000")
    );
    assert_eq!(header("Auto-Submitted").as_deref(), Some("auto-generated"));
    assert_eq!(
        header("References").as_deref(),
        Some("<game-7@hermes.test>")
    );
    assert_eq!(
        header("In-Reply-To").as_deref(),
        Some("<game-7@hermes.test>")
    );
}

/// Settings for the test SMTP listener: plain TCP, with a login.
fn smtp_settings(port: u16) -> MailSettings {
    MailSettings {
        transport: TransportKind::Smtp,
        smtp: SmtpSettings {
            host: "127.0.0.1".to_string(),
            port: Some(port),
            security: SmtpSecurity::None,
            user: Some("hermes".to_string()),
            password: Some(Secret("s3cret".to_string())),
            timeout_seconds: 5,
        },
        from: "Hermes <hermes@hermes.test>".to_string(),
        ..MailSettings::local(Path::new("unused"))
    }
}

#[tokio::test]
async fn smtp_delivers_over_real_tcp_with_headers_recipients_and_the_board_png() {
    let server = SmtpServer::start();
    let transport = Transport::from_settings(&smtp_settings(server.addr.port())).expect("smtp");
    assert_eq!(transport.kind(), "smtp");
    let (turn, view) = your_turn(&names(), "Olympus");
    let board = board_attachment(&view, &BoardStyle::default()).expect("the board draws");
    let mut messages = Vec::new();
    for id in [1, 2] {
        let ctx = Context {
            message_id: outbox_message_id(id, "hermes.test"),
            ..context(data(&turn), vec![board.clone()], "Cleo Ionescu")
        };
        let message = render(Template::YourTurn, &ctx).expect("renders");
        transport.send(&message).await.expect("delivered");
        messages.push(message);
    }

    let received = server.received();
    assert_eq!(received.len(), 2, "both messages arrived");
    assert_eq!(
        server.connections(),
        1,
        "the second went on the first's connection"
    );
    for (got, sent) in received.iter().zip(&messages) {
        assert_eq!(got.mail_from, "hermes@hermes.test");
        assert_eq!(got.rcpt_to, vec!["cleo@example.org".to_string()]);
        assert_eq!(
            got.auth_plain.as_deref(),
            Some(smtp_server::base64(b"\0hermes\0s3cret").as_str()),
            "logged in with the configured credentials"
        );
        let mail = mailparse::parse_mail(&got.data).expect("parses");
        let header = |name: &str| {
            mail.headers
                .iter()
                .find(|h| h.get_key().eq_ignore_ascii_case(name))
                .map(|h| h.get_value())
        };
        assert_eq!(header("Message-ID").as_deref(), sent.message_id());
        assert_eq!(
            header("List-Unsubscribe").as_deref(),
            Some(format!("<{UNSUBSCRIBE}>").as_str())
        );
        assert_eq!(
            header("List-Unsubscribe-Post").as_deref(),
            Some("List-Unsubscribe=One-Click")
        );
        assert_eq!(header("Subject").as_deref(), Some(sent.subject.as_str()));
        assert_eq!(
            header("To").as_deref(),
            Some("\"Cleo Ionescu\" <cleo@example.org>")
        );
        assert_eq!(
            header("From").as_deref(),
            Some("Hermes <hermes@hermes.test>")
        );
        let related = &mail.subparts[1];
        let png = &related.subparts[1];
        assert_eq!(png.ctype.mimetype, "image/png");
        assert_eq!(png.get_body_raw().expect("decodes"), board.bytes);
        let html = related.subparts[0].get_body().expect("html");
        assert!(html.contains("cid:board"));
        assert!(html.contains(&format!("href=\"{UNSUBSCRIBE}\"")));
    }
}

/// A welcome mail to `to`, to send over SMTP.
fn welcome_to(to: &str) -> crate::mail::Message {
    let mut message = render_sample(
        Template::Welcome,
        samples(&names(), "Olympus")
            .into_iter()
            .find(|s| s.1 == Template::Welcome)
            .expect("a welcome sample")
            .2,
        "Cleo",
    );
    message.to = crate::mail::Recipient::new(to, "Cleo");
    message
}

#[tokio::test]
async fn a_connection_the_server_closed_is_noticed_before_the_next_message_and_replaced() {
    let server = SmtpServer::start();
    let transport = Transport::from_settings(&smtp_settings(server.addr.port())).expect("smtp");
    let Transport::Smtp(smtp) = &transport else {
        panic!("an SMTP transport");
    };
    transport
        .send(&welcome_to("a@example.org"))
        .await
        .expect("the first");
    // The server hangs up on the kept connection (say, it was idle too long): the next
    // message notices at NOOP, before sending any of itself, and goes on a new one.
    server.hang_up();
    transport
        .send(&welcome_to("b@example.org"))
        .await
        .expect("the second, on a new connection");
    let to: Vec<Vec<String>> = server.received().into_iter().map(|r| r.rcpt_to).collect();
    assert_eq!(to, vec![vec!["a@example.org"], vec!["b@example.org"]]);
    assert_eq!(server.connections(), 2);
    assert_eq!(smtp.connections_opened(), 2);
}

#[tokio::test]
async fn messages_sent_at_once_each_have_a_connection_and_later_ones_reuse_them() {
    let server = SmtpServer::start();
    let transport = Transport::from_settings(&smtp_settings(server.addr.port())).expect("smtp");
    let (a, b, c) = (
        welcome_to("a@example.org"),
        welcome_to("b@example.org"),
        welcome_to("c@example.org"),
    );
    let (ra, rb, rc) = tokio::join!(transport.send(&a), transport.send(&b), transport.send(&c));
    for r in [ra, rb, rc] {
        r.expect("delivered");
    }
    let at_once = server.connections();
    assert!((1..=3).contains(&at_once), "{at_once} connections");
    for to in ["d@example.org", "e@example.org", "f@example.org"] {
        transport.send(&welcome_to(to)).await.expect("delivered");
    }
    assert_eq!(
        server.connections(),
        at_once,
        "the later ones reused what was kept"
    );
    let mut to: Vec<String> = server
        .received()
        .into_iter()
        .flat_map(|r| r.rcpt_to)
        .collect();
    to.sort();
    assert_eq!(
        to,
        ["a", "b", "c", "d", "e", "f"].map(|x| format!("{x}@example.org"))
    );
}

#[test]
fn an_smtp_transport_can_be_built_outside_an_async_runtime() {
    let transport = Transport::from_settings(&smtp_settings(25)).expect("smtp");
    assert_eq!(transport.kind(), "smtp");
    let tls = MailSettings {
        smtp: SmtpSettings {
            security: SmtpSecurity::Tls,
            host: "smtp.example.org".into(),
            ..smtp_settings(465).smtp
        },
        ..smtp_settings(465)
    };
    Transport::from_settings(&tls).expect("smtps");
}

#[tokio::test]
async fn an_smtp_server_that_is_down_gives_an_error_worth_retrying() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("addr").port()
    };
    let transport = Transport::from_settings(&smtp_settings(port)).expect("smtp");
    let message = welcome_to("cleo@example.org");
    let error = transport.send(&message).await.expect_err("nobody listens");
    assert!(!error.is_permanent(), "{error}");
}

#[tokio::test]
async fn the_file_transport_writes_one_eml_per_message_named_in_sending_order() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let settings = MailSettings::local(dir.path());
    let transport = Transport::from_settings(&settings).expect("file");
    assert_eq!(transport.kind(), "file");
    let (name, template, sample) = samples(&names(), "Olympus").swap_remove(0);
    // Row 3 is sent twice (a retry after a crash): two files, the same Message-ID.
    let ids = [3, 1, 2, 3];
    for id in ids {
        let ctx = Context {
            message_id: outbox_message_id(id, "hermes.test"),
            ..context(sample.clone(), attachments_for(template), "Cleo")
        };
        let message = render(template, &ctx).expect(name);
        transport.send(&message).await.expect("written");
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&settings.file_dir)
        .expect("the mail folder exists")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), ids.len(), "one file per message, nothing else");
    for (path, id) in files.iter().zip(ids) {
        let file_name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        assert!(
            file_name.ends_with(&format!("-outbox-{id}.eml")),
            "{file_name}"
        );
        let eml = std::fs::read(path).expect("readable");
        let mail = mailparse::parse_mail(&eml).expect("parses");
        let header = |key: &str| {
            mail.headers
                .iter()
                .find(|h| h.get_key() == key)
                .map(|h| h.get_value())
        };
        assert_eq!(
            header("Message-ID"),
            Some(format!("<outbox-{id}@hermes.test>"))
        );
        assert_eq!(
            header("Subject").as_deref(),
            Some("Welcome to Hermes: please confirm your address")
        );
        assert_eq!(header("To").as_deref(), Some("Cleo <cleo@example.org>"));
        assert!(mail.subparts[0]
            .get_body()
            .expect("text")
            .contains(UNSUBSCRIBE));
    }
}

#[tokio::test]
async fn the_memory_transport_keeps_what_was_sent_in_order() {
    let memory = MemoryTransport::new();
    let transport = Transport::from(memory.clone());
    for (name, template, data) in samples(&names(), "Olympus") {
        let message = render_sample(template, data, "Cleo");
        transport.send(&message).await.expect(name);
    }
    let kept = memory.take();
    assert_eq!(kept.len(), samples(&names(), "Olympus").len());
    assert_eq!(
        kept[0].subject,
        "Welcome to Hermes: please confirm your address"
    );
    assert!(memory.messages().is_empty(), "take empties the list");
    // Debug output names the message but shows no link (they hold tokens).
    let debug = format!("{:?}", kept[2]);
    assert!(debug.contains("outbox-42"), "{debug}");
    assert!(!debug.contains("TOKEN"), "{debug}");
}

#[test]
fn words_tell_every_event_of_a_whole_game() {
    let (game, log) = play(11, 10_000);
    assert!(game.outcome().is_some(), "the random game ends");
    let names = names();
    for turn in &log {
        for event in &turn.events {
            let sentence = words::event(Lang::En, &names, event);
            match event {
                GodsEvent::TurnBegan { .. } => assert_eq!(sentence, None),
                _ => {
                    let sentence = sentence.expect("a sentence");
                    assert!(sentence.ends_with('.'), "{sentence}");
                    assert!(!sentence.contains("god "), "names, not seats: {sentence}");
                }
            }
        }
    }
    let hex = |q, r| games::gods::Hex { q, r };
    let event = |e: GodsEvent| words::event(Lang::En, &names, &e).expect("a sentence");
    assert_eq!(
        event(GodsEvent::TribePlaced {
            seat: 1,
            colour: games::gods::Colour::Red,
            at: hex(2, -1),
            cost: 1,
            marker: Some(0),
        }),
        "Brann placed a red tribe at 2,-1 for 1 crystal; it worships Ada."
    );
    assert_eq!(
        event(GodsEvent::Discarded {
            seat: 3,
            tile: games::gods::Tile::ExtraAction,
        }),
        "Dmitri discarded an extra-action tile."
    );
    assert_eq!(words::god_name(&names, 7), "god 7");
    assert_eq!(words::hours(Lang::En, 72), "3 days");
    assert_eq!(words::hours(Lang::En, 36), "36 hours");
    assert_eq!(words::hours(Lang::En, 1), "1 hour");
}

#[test]
fn a_deadline_is_shown_in_the_readers_time_zone() {
    let at = Utc
        .with_ymd_and_hms(2025, 7, 4, 16, 5, 0)
        .single()
        .expect("a time");
    let berlin = Deadline::new(at, "Europe/Berlin");
    assert_eq!(
        berlin.local,
        "Friday 4 July 2025, 18:05 CEST (Europe/Berlin)"
    );
    assert_eq!(berlin.zone, "Europe/Berlin");
    assert_eq!(berlin.utc, "2025-07-04T16:05:00Z");
    assert_eq!(
        Deadline::new(at, "America/New_York").local,
        "Friday 4 July 2025, 12:05 EDT (America/New_York)"
    );
    let unknown = Deadline::new(at, "Mars/Olympus_Mons");
    assert_eq!(unknown.local, "Friday 4 July 2025, 16:05 UTC");
    assert_eq!(unknown.zone, "UTC");
    // A zone whose abbreviation is its name is not named twice ("15:12 UTC (UTC)").
    assert!(!Deadline::new(at, "UTC").local.contains("(UTC)"));
    let soon = Deadline::from_now(at, "UTC", at - chrono::Duration::minutes(51 * 60 + 10));
    assert_eq!(soon.left, "2 days 3 hours left");
    assert_eq!(
        soon.text(),
        "Friday 4 July 2025, 16:05 UTC, 2 days 3 hours left"
    );
}

#[test]
fn settings_parse_and_are_checked() {
    assert_eq!(
        "SMTP".parse::<TransportKind>().ok(),
        Some(TransportKind::Smtp)
    );
    assert_eq!(
        "file".parse::<TransportKind>().ok(),
        Some(TransportKind::File)
    );
    assert!("memory".parse::<TransportKind>().is_err());
    assert_eq!("tls".parse::<SmtpSecurity>().ok(), Some(SmtpSecurity::Tls));
    assert!("ssl".parse::<SmtpSecurity>().is_err());
    let local = MailSettings::local(Path::new("data"));
    assert_eq!(local.transport, TransportKind::File);
    assert_eq!(local.file_dir, Path::new("data/mail"));
    local.validate().expect("the local default is valid");
    let smtp = smtp_settings(2525);
    smtp.validate().expect("valid");
    assert_eq!(
        SmtpSettings {
            port: None,
            ..smtp.smtp.clone()
        }
        .port(),
        25
    );
    let no_password = MailSettings {
        smtp: SmtpSettings {
            password: None,
            ..smtp.smtp.clone()
        },
        ..smtp.clone()
    };
    assert!(no_password.validate().is_err());
    let bad_from = MailSettings {
        from: "nobody".into(),
        ..smtp.clone()
    };
    assert!(bad_from.validate().is_err());
    assert!(
        !format!("{smtp:?}").contains("s3cret"),
        "no password in Debug"
    );
}

#[test]
fn a_reply_address_goes_into_reply_to_and_its_hint_above_the_body() {
    let (turn, _) = your_turn(&names(), "Olympus");
    let mut ctx = context(data(&turn), vec![fake_board()], "Cleo");
    let plain = render(Template::YourTurn, &ctx).expect("renders");
    assert_eq!(plain.header("Reply-To"), None);
    assert!(!plain.text.contains("Reply to this mail"));
    ctx.reply = Some(ReplyTo {
        address: "play+abc@hermes.test".into(),
        hint: "Reply to this mail with your turn, e.g. `tribe 1 at 2,-1; temple at 1,0`.".into(),
    });
    let m = render(Template::YourTurn, &ctx).expect("renders");
    assert_eq!(m.header("Reply-To"), Some("play+abc@hermes.test"));
    let hint = "Reply to this mail with your turn, e.g. `tribe 1 at 2,-1; temple at 1,0`.";
    assert!(
        m.text.contains(&format!("Hello Cleo,\n\n{hint}\n")),
        "{}",
        m.text
    );
    assert!(m.html.contains(hint), "{}", m.html);
    let eml = String::from_utf8(m.to_eml().expect("builds")).expect("utf-8");
    assert!(eml.contains("Reply-To: play+abc@hermes.test\r\n"), "{eml}");
    // A bad address is a permanent error, never a header.
    ctx.reply = Some(ReplyTo {
        address: "play+abc@hermes.test\r\nBcc: x@y.test".into(),
        hint: String::new(),
    });
    assert!(render(Template::YourTurn, &ctx).is_err());
}
