//! Replies by mail: a player answers the your-turn mail, and the turn is played.
//!
//! Two ways in feed [`receive`]: the built-in SMTP listener (`crate::inbound::smtp`, off by
//! default) and `POST /inbound/mail` (`crate::http::inbound`), each with the raw RFC 5322
//! message. Owns, in this order: refuse an oversized message before parsing → parse
//! (`crate::mail::reader`)
//! → record it once by Message-ID (a second delivery is not played again) → ignore
//! automatic mail (auto-replies, bounces, reports) → check the signed reply address
//! (`crate::links::reply`) → check that `From` names one sender, the seat's confirmed address (and,
//! when an upstream MTA is trusted, that its `Authentication-Results` vouch for the From
//! domain: `crate::mail::authres`) → limit answers per address → read the reply → talk (at most
//! `max_say_lines`), turn, turns queued in advance (`queue:` lines) and questions through
//! the play layer (`crate::play`, source
//! `email`) → one answer in the reply's thread, through the outbox. Mail that fails the
//! address or the sender check gets no answer at all (no backscatter); what became of
//! every message is in `inbound_mail`.
//! Must not: apply anything from a refused reply, or play a turn any other way than
//! `crate::play::submit_notation_with` (the turn and its answer in one transaction).

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::i18n::{self, Arg};
use crate::kinds::Kind;
use crate::links::reply::ReplyToken;
use crate::mail::{authres, reader};
use crate::mail::{words, Lang, MailData, ReplyAnswer};
use crate::outbox::compose;
use crate::play;
use crate::state::AppState;
use crate::store::inbound as inbound_store;
use crate::store::outbox::{enqueue, NewMail};
use crate::store::{DbConn, StoreError};
use diesel::Connection;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// What the delivering side says about a message beyond its bytes.
#[derive(Debug, Clone, Default)]
pub struct Envelope {
    /// `MAIL FROM`; `Some("")` is the null sender of a bounce.
    pub mail_from: Option<String>,
    /// `RCPT TO`.
    pub rcpt_to: Vec<String>,
}

/// What became of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    /// As recorded in `inbound_mail.outcome` (`duplicate` when it was there already).
    pub outcome: &'static str,
    /// Whether an answer was enqueued.
    pub answered: bool,
}

/// The error of a message above [`crate::state::settings::InboundSettings::max_bytes`].
pub fn too_large(max: usize) -> ApiError {
    ApiError::new(
        http::StatusCode::PAYLOAD_TOO_LARGE,
        "message_too_large",
        format!("the message is larger than {max} bytes"),
    )
}

/// Take one message: see the module docs for the order of the checks.
pub fn receive(
    conn: &mut DbConn,
    app: &AppState,
    raw: &[u8],
    envelope: &Envelope,
) -> ApiResult<Received> {
    let settings = &app.inbound;
    if raw.len() > settings.max_bytes {
        return Err(too_large(settings.max_bytes));
    }
    let incoming = reader::parse(raw).ok_or_else(|| {
        ApiError::unprocessable("not_a_message", "the body is not an RFC 5322 message")
    })?;
    let message_id = match &incoming.message_id {
        Some(id) if !id.trim().is_empty() => id.trim().to_string(),
        // No Message-ID: the same bytes are the same message.
        _ => format!("sha256:{}", hex::encode(Sha256::digest(raw))),
    };
    let now = app.clock.now_naive();
    let mut row = inbound_store::InboundRow {
        message_id: message_id.chars().take(500).collect(),
        received_at: now,
        from_addr: incoming.from.clone(),
        game_id: None,
        seat: None,
        seq: None,
        outcome: "received".to_string(),
        detail: None,
        answered: false,
    };
    let address = envelope
        .rcpt_to
        .iter()
        .chain(&incoming.recipients)
        .find_map(|a| ReplyToken::from_address(&app.keys, a));
    if let Some(t) = &address {
        row.game_id = Some(t.game_id.clone());
        row.seat = i64::try_from(t.seat).ok();
        row.seq = Some(t.seq);
    }
    // Recorded first: a second delivery of the same message stops here.
    {
        let _one_writer = app.db.one_writer();
        if !inbound_store::record(conn, &row)? {
            tracing::info!(message_id = %row.message_id, "inbound mail: a second delivery, ignored");
            return Ok(Received {
                outcome: "duplicate",
                answered: false,
            });
        }
    }
    let taken = take(conn, app, &incoming, envelope, &row.message_id, address);
    if let Err(e) = &taken {
        if e.status().is_server_error() {
            // Nothing of it was written but the record (a turn commits with its answer):
            // forget the message, so that the sender's retry (SMTP 451, an HTTP 5xx) is
            // taken anew rather than ignored as a second delivery.
            let _one_writer = app.db.one_writer();
            if let Err(e) = inbound_store::forget(conn, &row.message_id) {
                tracing::warn!(error = %e, message_id = %row.message_id, "inbound mail: cannot forget a message not taken");
            }
        }
    }
    taken
}

/// Everything after the message is recorded (`message_id`): the checks, the play, the
/// answer.
fn take(
    conn: &mut DbConn,
    app: &AppState,
    incoming: &reader::Incoming,
    envelope: &Envelope,
    message_id: &str,
    address: Option<ReplyToken>,
) -> ApiResult<Received> {
    let settings = &app.inbound;
    let now = app.clock.now_naive();
    let automatic = if envelope
        .mail_from
        .as_deref()
        .is_some_and(|f| f.trim().trim_matches(['<', '>']).is_empty())
    {
        Some("null sender (a bounce)")
    } else {
        incoming.automatic
    };
    if let Some(why) = automatic {
        return finish(conn, app, message_id, "automatic", Some(why), None);
    }
    let Some(address) = address else {
        return finish(conn, app, message_id, "unknown_address", None, None);
    };
    let Some(from) = incoming.from.clone() else {
        return finish(conn, app, message_id, "wrong_sender", Some("no From"), None);
    };
    if let Some(why) = incoming.from_ambiguous {
        return finish(conn, app, message_id, "wrong_sender", Some(why), None);
    }
    // The seat's player, and whether `From` is their confirmed address.
    let seat_i = i64::try_from(address.seat).unwrap_or(-1);
    let player = crate::store::games::seat_holder(conn, &address.game_id, seat_i)?;
    let Some(crate::store::games::SeatHolder {
        user_id,
        email,
        display_name: name,
        email_verified_at: verified,
    }) = player
    else {
        return finish(
            conn,
            app,
            message_id,
            "unknown_address",
            Some("no such seat"),
            None,
        );
    };
    if !email.eq_ignore_ascii_case(&from) || verified.is_none() {
        let why = if verified.is_none() {
            "the seat's address is not confirmed"
        } else {
            "From is not the seat's address"
        };
        return finish(conn, app, message_id, "wrong_sender", Some(why), None);
    }
    if let Some(authserv) = &settings.trusted_authserv {
        let domain = from.rsplit_once('@').map_or("", |(_, d)| d);
        if authres::vouches(&incoming.authentication_results, authserv, domain).is_none() {
            return finish(
                conn,
                app,
                message_id,
                "unauthenticated",
                Some("no dmarc or dkim pass for the From domain from the trusted authserv-id"),
                None,
            );
        }
    }
    let since = now - chrono::Duration::hours(1);
    let answered = inbound_store::answered_since(conn, &from, since)?;
    if answered >= settings.answers_per_hour {
        return finish(conn, app, message_id, "rate_limited", None, None);
    }

    let table = Table::load(conn, &address.game_id)?;
    let kind = table.kind()?;
    let shown = crate::kinds::of(&table.game.kind)
        .ok_or_else(|| ApiError::internal(format!("no kind {}", table.game.kind)))?;
    // The player's language: their reply's words are read in it (and in English), and
    // the answer is written in it.
    let lang = crate::store::accounts::lang_and_zone(conn, &user_id)?
        .and_then(|(code, _)| Lang::from_code(&code))
        .unwrap_or_default();
    let say = |key: &str, args: &[(&str, Arg)]| i18n::text(lang, key, args);
    let mut reply = reader::read(&incoming.text, lang, |t| kind.parse_turn(t).is_ok());
    let names = names_of(&table);
    let game_name = compose::game_name(&table.game.kind, &table.game.id);
    let mut answer = ReplyAnswer {
        game_name: game_name.clone(),
        outcome: "noted".into(),
        subject: re(&incoming.subject, &game_name),
        turn: None,
        notation: None,
        happened: Vec::new(),
        problem: None,
        said: Vec::new(),
        talk_notes: Vec::new(),
        rematch: None,
        legal: Vec::new(),
        position: Vec::new(),
        board: reply.board,
        queue_notes: Vec::new(),
        game_url: compose::game_url(&app.public_url, &address.game_id),
        in_reply_to: format!("<{}>", message_id.trim_matches(['<', '>'])),
    };
    // Talk is bounded twice: lines past `max_say_lines` are not read, and each line
    // counts against the seat's talk limit (`crate::play::talk`) as the API's messages do.
    // Neither refuses the turn: the answer says what was not posted.
    let mut limited: Option<ApiError> = None;
    for said in reply.say.iter().take(settings.max_say_lines) {
        if let Some(e) = &limited {
            answer.talk_notes.push(say(
                "answer-talk-refused",
                &[
                    ("say", format!("`say: {said}`").into()),
                    ("problem", problem_words(lang, e).into()),
                ],
            ));
            continue;
        }
        match play::post_message(conn, app, &address.game_id, &user_id, said) {
            Ok((m, _)) => answer.said.push(m.body),
            Err(e) if e.code() == "rate_limited" => {
                answer.talk_notes.push(say(
                    "answer-talk-refused",
                    &[
                        ("say", format!("`say: {said}`").into()),
                        ("problem", problem_words(lang, &e).into()),
                    ],
                ));
                limited = Some(e);
            }
            Err(e) => {
                answer.outcome = "refused".into();
                answer.problem = Some(problem(lang, &e));
            }
        }
    }
    // A finished game: `rematch` or `yes` proposes or accepts its rematch.
    let over = table.game.status == crate::store::models::OVER;
    if over && (reply.rematch || reply.yes) {
        answer.rematch = Some(
            match play::rematch::want_on(conn, app, &user_id, &address.game_id) {
                Ok((v, play::rematch::Wanted::Proposed)) => {
                    say("answer-rematch-proposed", &[("n", count(v.waiting.len()))])
                }
                Ok((v, _)) if v.status == crate::store::models::OPEN => {
                    let waiting: Vec<String> =
                        v.waiting.into_iter().map(|p| p.display_name).collect();
                    say(
                        "answer-rematch-waiting",
                        &[("names", waiting.join(", ").into())],
                    )
                }
                Ok(_) => say("answer-rematch-started", &[]),
                Err(e) if e.status().is_server_error() => return Err(e),
                Err(e) => say(
                    "answer-rematch-not-taken",
                    &[("problem", problem(lang, &e).into())],
                ),
            },
        );
        reply.text.retain(|l| !reader::is_yes(l, lang));
        reply.turn = None;
    } else if reply.rematch {
        answer.rematch = Some(say("answer-rematch-not-over", &[]));
    }
    // Plain words that are no turn, from a seat that is not to act (or of a finished
    // game), are talk: a reply to a talk mail needs no `say:`. When it is the seat's turn
    // they are read as a turn, and a mistyped turn is refused rather than posted.
    let no_turn = reply
        .turn
        .as_deref()
        .is_none_or(|t| kind.parse_turn(t).is_err());
    if !reply.text.is_empty() && no_turn && (over || !table.to_act().contains(&address.seat)) {
        let words = reply.text.join("\n");
        reply.turn = None;
        match play::post_message(conn, app, &address.game_id, &user_id, &words) {
            Ok((m, _)) => answer.said.push(m.body),
            Err(e) if e.status().is_server_error() => return Err(e),
            Err(e) => answer.talk_notes.push(say(
                "answer-your-words",
                &[("problem", problem_words(lang, &e).into())],
            )),
        }
    }
    let past = reply.say.len().saturating_sub(settings.max_say_lines);
    if past > 0 {
        answer.talk_notes.push(say(
            "answer-say-past",
            &[
                ("n", count(past)),
                ("say", "`say:`".into()),
                ("max", count(settings.max_say_lines)),
            ],
        ));
    }
    let to = Recipient {
        user_id,
        email,
        name,
        game_id: address.game_id.clone(),
        message_id: message_id.to_string(),
    };
    if answer.outcome != "refused" {
        if let Some(turn) = &reply.turn {
            // The turn, the reply's outcome and its answer are written in one
            // transaction, by the play layer: both are there, or neither.
            let mut also = |conn: &mut DbConn,
                            body: &Value,
                            next: &dyn ::games::registry::AnyGame|
             -> Result<Vec<NewMail>, StoreError> {
                let seq = body["seq"].as_i64().unwrap_or(table.game.seq + 1);
                let mut answer = answer.clone();
                // The turns queued after this one, in its transaction: judged on the game
                // this turn leaves (a refusal is told, and does not undo the turn).
                if let Some(lines) = &reply.queue {
                    answer.queue_notes = queue_from_reply(
                        conn,
                        app,
                        lang,
                        &address.game_id,
                        &to.user_id,
                        lines,
                        true,
                    );
                }
                answer.outcome = "played".into();
                answer.turn = Some(crate::game::turn_of_seq(seq));
                answer.notation = body["notation"].as_str().map(str::to_string);
                answer.happened = in_words(shown, lang, &names, address.seat, body);
                let to_act = next.to_act();
                if reply.board {
                    let status = body["status"].as_str().unwrap_or_default();
                    answer.position = position(lang, seq, status, &to_act, &names, address.seat);
                }
                if reply.legal && !next.is_over() && to_act.contains(&address.seat) {
                    if let Ok(legal) = next.legal(address.seat, &json!({})) {
                        answer.legal = shown.legal_words(&legal);
                    }
                }
                let mail = answer_mail(app, &answer, &to, seq).map_err(|e| {
                    StoreError::Db(diesel::result::Error::SerializationError(Box::new(e)))
                })?;
                inbound_store::set_outcome(
                    conn,
                    &to.message_id,
                    "played",
                    Some(&format!("seq {seq}")),
                    true,
                )?;
                Ok(vec![mail])
            };
            let played = {
                play::submit_notation_with(
                    conn,
                    app,
                    &address.game_id,
                    &to.user_id,
                    address.seq,
                    turn,
                    "email",
                    Some(&mut also),
                )
            };
            match played {
                Ok(seq) => {
                    tracing::info!(message_id = %to.message_id, outcome = "played", seq, answered = true, "inbound mail");
                    return Ok(Received {
                        outcome: "played",
                        answered: true,
                    });
                }
                // Our trouble, not the reply's: nothing was written; the sender's MTA
                // (or provider) delivers it again.
                Err(e) if e.status().is_server_error() => return Err(e),
                Err(e) if e.code() == "stale_seq" => {
                    answer.outcome = "moved_on".into();
                    answer.problem = Some(problem(lang, &e));
                }
                Err(e) => {
                    answer.outcome = "refused".into();
                    answer.problem = Some(problem(lang, &e));
                }
            }
        } else if let Some(lines) = &reply.queue {
            answer.queue_notes =
                queue_from_reply(conn, app, lang, &address.game_id, &to.user_id, lines, false);
        } else if reply.is_empty() && reply.text.is_empty() {
            answer.outcome = "refused".into();
            answer.problem = Some(format!(
                "no_turn: {}",
                say(
                    "answer-no-turn",
                    &[
                        ("say", "`say:`".into()),
                        ("legal", "`legal`".into()),
                        ("board", "`board`".into()),
                    ],
                )
            ));
        }
    }
    // Nothing was played: the game as it is now, where it stands, and the first steps if
    // the seat may act.
    let now_table = Table::load(conn, &address.game_id)?;
    let to_act = now_table.to_act();
    let refused = matches!(answer.outcome.as_str(), "refused" | "moved_on");
    if refused || reply.board {
        let g = &now_table.game;
        answer.position = position(lang, g.seq, &g.status, &to_act, &names, address.seat);
    }
    if (refused || reply.legal) && to_act.contains(&address.seat) {
        if let Ok((_, _, legal)) = play::legal(conn, app, &address.game_id, &to.user_id, &json!({}))
        {
            answer.legal = shown.legal_words(&legal);
        }
    }
    let outcome: &'static str = match answer.outcome.as_str() {
        "noted" => "noted",
        "moved_on" => "moved_on",
        _ => "refused",
    };
    let mail = answer_mail(app, &answer, &to, now_table.game.seq).map_err(ApiError::internal)?;
    finish(
        conn,
        app,
        message_id,
        outcome,
        answer.problem.as_deref(),
        Some(mail),
    )
}

/// The reply's `queue:` lines set as the seat's queue (`crate::play::queue`), on the game
/// as it is now (`in_turn`: inside the transaction of the reply's own turn, whose writer
/// is held): the answer's lines about it.
fn queue_from_reply(
    conn: &mut DbConn,
    app: &AppState,
    lang: Lang,
    game_id: &str,
    user_id: &str,
    lines: &[String],
    in_turn: bool,
) -> Vec<String> {
    let inputs: Vec<play::TurnInput> = lines
        .iter()
        .map(|l| play::TurnInput::Notation(l.clone()))
        .collect();
    let set = if in_turn {
        play::queue::set_in(conn, app, game_id, user_id, None, &inputs)
    } else {
        play::queue::set(conn, app, game_id, user_id, None, &inputs)
    };
    match set {
        Ok(view) if view.turns.is_empty() => vec![i18n::text(lang, "answer-queue-empty", &[])],
        Ok(view) => play::queue::in_words(&view),
        Err(e) => vec![i18n::text(
            lang,
            "answer-not-queued",
            &[("problem", problem(lang, &e).into())],
        )],
    }
}

/// A count as a message's value.
fn count(n: usize) -> Arg {
    Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
}

/// Who an answer goes to, and for which message.
struct Recipient {
    user_id: String,
    email: String,
    name: String,
    game_id: String,
    message_id: String,
}

/// The answer to a reply, for the outbox (at most one per message: its dedupe key).
fn answer_mail(
    app: &AppState,
    answer: &ReplyAnswer,
    to: &Recipient,
    seq: i64,
) -> Result<NewMail, crate::mail::MailError> {
    Ok(NewMail {
        dedupe_key: Some(format!("reply_answer:{}", to.message_id)),
        template: ReplyAnswer::TEMPLATE.name(),
        user_id: Some(to.user_id.clone()),
        to_addr: to.email.clone(),
        to_name: Some(to.name.clone()),
        game_id: Some(to.game_id.clone()),
        seq: Some(seq),
        data: answer.to_data()?,
        at: app.clock.now_naive(),
    })
}

/// Write what became of the message, and its answer if any, in one transaction.
fn finish(
    conn: &mut DbConn,
    app: &AppState,
    message_id: &str,
    outcome: &'static str,
    detail: Option<&str>,
    answer: Option<NewMail>,
) -> ApiResult<Received> {
    let answered = answer.is_some();
    {
        let _one_writer = app.db.one_writer();
        conn.transaction::<_, StoreError, _>(|conn| {
            inbound_store::set_outcome(conn, message_id, outcome, detail, answered)?;
            if let Some(mail) = &answer {
                enqueue(conn, mail)?;
            }
            Ok(())
        })?;
    }
    if answered {
        crate::outbox::wake(app);
    }
    tracing::info!(message_id, outcome, answered, "inbound mail");
    Ok(Received { outcome, answered })
}

/// The problem as the API would state it, in `lang`: the code (a code in every
/// language), the words, and the rule or the word.
fn problem(lang: Lang, e: &ApiError) -> String {
    let mut s = format!("{}: {}", e.code(), problem_words(lang, e));
    if lang == Lang::En {
        if let Some(word) = e.extra("word").and_then(Value::as_str) {
            s.push_str(&format!(" (at the word `{word}`)"));
        }
    }
    s
}

/// The words of a problem in `lang`: the service's own in English; in another language
/// the catalogue's for its code (`answer-problem-*`), with the rule, the word or the turn
/// it names.
fn problem_words(lang: Lang, e: &ApiError) -> String {
    let known = [
        "rule_violation",
        "invalid_notation",
        "invalid_turn",
        "stale_seq",
        "not_your_turn",
        "game_over",
        "resigned",
        "game_not_started",
        "rate_limited",
    ];
    let key = if known.contains(&e.code()) {
        format!("answer-problem-{}", e.code())
    } else {
        "answer-problem-other".to_string()
    };
    let text_of = |name: &str| -> Arg {
        e.extra(name)
            .map(|v| match v {
                Value::String(s) => Arg::Text(s.clone()),
                Value::Number(n) => Arg::Number(n.as_i64().unwrap_or_default()),
                other => Arg::Text(other.to_string()),
            })
            .unwrap_or_else(|| Arg::Text(String::new()))
    };
    let current = e
        .extra("current_seq")
        .and_then(Value::as_i64)
        .map_or(Arg::Number(0), |seq| {
            Arg::Number(crate::game::turn_of_seq(seq))
        });
    i18n::text(
        lang,
        &key,
        &[
            // The refusal as the API tells it in `lang` (its own words in English).
            ("detail", i18n::problems::words_in(e, lang).detail.into()),
            ("rule", text_of("rule")),
            ("word", text_of("word")),
            ("offset", text_of("offset")),
            ("current", current),
        ],
    )
}

/// `Re: ` and the subject (once).
fn re(subject: &str, game_name: &str) -> String {
    let s = subject.trim();
    if s.is_empty() {
        format!("Re: {game_name}")
    } else if s.to_ascii_lowercase().starts_with("re:") {
        s.to_string()
    } else {
        format!("Re: {s}")
    }
}

fn names_of(table: &Table) -> Vec<String> {
    let mut names = vec![String::new(); usize::try_from(table.game.seat_count).unwrap_or(0)];
    for p in &table.players {
        if let Some(slot) = p
            .seat
            .seat
            .and_then(|s| usize::try_from(s).ok())
            .and_then(|s| names.get_mut(s))
        {
            *slot = crate::game::seat_name(p);
        }
    }
    names
}

/// The events of a played turn (as the API returned them to the seat) in words, in `lang`.
fn in_words(
    kind: &dyn Kind,
    lang: Lang,
    names: &[String],
    seat: usize,
    body: &Value,
) -> Vec<String> {
    let events = body["events"].as_array().cloned().unwrap_or_default();
    kind.turn_words(lang, names, seat, &events)
}

/// Where the game stands (at `seq`, with `status` and the seats `to_act`), for the seat,
/// in `lang`.
fn position(
    lang: Lang,
    seq: i64,
    status: &str,
    to_act: &[usize],
    names: &[String],
    seat: usize,
) -> Vec<String> {
    let say = |key: &str, args: &[(&str, Arg)]| i18n::text(lang, key, args);
    // Counted as everywhere (`crate::game::naming`): turn N is the log's N-th entry.
    let mut lines = vec![say(
        "answer-position-turns",
        &[
            ("played", crate::game::turn_of_seq(seq).into()),
            ("next", crate::game::next_turn(seq).into()),
        ],
    )];
    if status != crate::store::models::RUNNING {
        lines.push(say("answer-position-not-running", &[]));
        return lines;
    }
    if to_act.contains(&seat) {
        lines.push(say("answer-position-your-turn", &[]));
    }
    let others: Vec<String> = to_act
        .iter()
        .filter(|&&s| s != seat)
        .map(|&s| {
            say(
                "answer-position-seat",
                &[
                    ("player", words::seat_name(names, s).into()),
                    ("seat", count(s)),
                ],
            )
        })
        .collect();
    if !others.is_empty() {
        lines.push(say(
            "answer-position-waiting",
            &[("seats", others.join(", ").into())],
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subject_of_an_answer() {
        assert_eq!(re("Your turn", "Gods #1"), "Re: Your turn");
        assert_eq!(re("RE: Your turn", "Gods #1"), "RE: Your turn");
        assert_eq!(re("", "Gods #1"), "Re: Gods #1");
    }
}
