//! Play by email, for real (issue 11): players answer the your-turn mail, and the turn is
//! played. Real SMTP both ways: the server sends over SMTP to the sink of
//! [`crate::mail::smtp`], and the tests reply over SMTP (lettre, a real client) to the
//! server's built-in listener, or deliver the raw message to `POST /inbound/mail` as a
//! provider's webhook or an MTA pipe would. Whole games are played only by replying; the
//! refusals (forged and foreign addresses, a stranger's From, a replayed Message-ID, an
//! old sequence, garbled notation, auto-replies and bounces) apply nothing and get the
//! documented answer, or none.

use crate::helpers::{Player, TestApp, JWT_SECRET, PUBLIC_URL};
use crate::mail::smtp::SmtpServer;
use hermes_api::auth::jwt::Keys;
use hermes_api::config::{Secret, Settings};
use hermes_api::links::reply::ReplyToken;
use hermes_api::mail::{SmtpSecurity, TransportKind};
use lettre::address::Envelope;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const INBOUND_SECRET: &str = "inbound secret of the tests, long enough";

pub(crate) fn keys() -> Keys {
    Keys::new(JWT_SECRET.as_bytes(), PUBLIC_URL)
}

/// Mail out over SMTP to `sink`; replies in by the built-in listener and the endpoint.
pub(crate) fn by_mail(sink: &SmtpServer) -> impl FnOnce(&mut Settings) {
    let addr = sink.addr;
    move |s: &mut Settings| {
        s.mail.transport = TransportKind::Smtp;
        s.mail.smtp.host = addr.ip().to_string();
        s.mail.smtp.port = Some(addr.port());
        s.mail.smtp.security = SmtpSecurity::None;
        s.mail.smtp.timeout_seconds = 5;
        s.mail.from = "Hermes <hermes@hermes.test>".into();
        s.mail_poll_ms = 50;
        s.inbound.secret = Some(Secret(INBOUND_SECRET.into()));
        s.inbound.smtp_listen = Some("127.0.0.1:0".parse().unwrap());
        s.inbound.reply_domain = Some("hermes.test".into());
    }
}

/// One message the sink received, as the tests need it.
#[derive(Debug, Clone)]
pub(crate) struct Got {
    pub(crate) to: String,
    pub(crate) subject: String,
    pub(crate) message_id: String,
    pub(crate) in_reply_to: Option<String>,
    pub(crate) reply_to: Option<String>,
    pub(crate) auto_submitted: Option<String>,
    pub(crate) text: String,
    pub(crate) attachments: Vec<String>,
}

pub(crate) fn read_all(sink: &SmtpServer) -> Vec<Got> {
    sink.received()
        .iter()
        .map(|r| {
            let parsed = mailparse::parse_mail(&r.data).unwrap();
            let header = |n: &str| {
                parsed
                    .headers
                    .iter()
                    .find(|h| h.get_key().eq_ignore_ascii_case(n))
                    .map(|h| h.get_value())
            };
            let mut text = String::new();
            let mut attachments = Vec::new();
            fn walk(p: &mailparse::ParsedMail, text: &mut String, att: &mut Vec<String>) {
                if p.subparts.is_empty() {
                    match p.ctype.mimetype.as_str() {
                        "text/plain" => text.push_str(&p.get_body().unwrap()),
                        "text/html" => {}
                        other => att.push(other.to_string()),
                    }
                }
                for s in &p.subparts {
                    walk(s, text, att);
                }
            }
            walk(&parsed, &mut text, &mut attachments);
            Got {
                to: r.rcpt_to.join(","),
                subject: header("subject").unwrap_or_default(),
                message_id: header("message-id").unwrap_or_default(),
                in_reply_to: header("in-reply-to"),
                reply_to: header("reply-to"),
                auto_submitted: header("auto-submitted"),
                text,
                attachments,
            }
        })
        .collect()
}

/// Wait (up to 90 s) for a mail that `pred` accepts.
pub(crate) async fn wait_mail(sink: &SmtpServer, what: &str, pred: impl Fn(&Got) -> bool) -> Got {
    let start = Instant::now();
    loop {
        if let Some(m) = read_all(sink).into_iter().find(|m| pred(m)) {
            return m;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "no mail: {what}; got {:#?}",
            read_all(sink)
                .iter()
                .map(|m| (&m.to, &m.subject))
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A registered player who confirmed their address (as the welcome mail's link does).
pub(crate) async fn confirmed(app: &TestApp, name: &str) -> (Player, String) {
    let p = app.player(name).await;
    let (_, me) = app.get("/me", &p.token).await;
    let email = me["email"].as_str().unwrap().to_string();
    let link = hermes_api::links::verify_link(&keys(), PUBLIC_URL, &p.id, &email).unwrap();
    let path = link.strip_prefix(PUBLIC_URL).unwrap();
    let res = app
        .client
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let (_, me) = app.get("/me", &p.token).await;
    assert_eq!(me["email_verified"], true, "{me}");
    (p, email)
}

pub(crate) async fn new_game(app: &TestApp, kind: &str, players: &[Player]) -> String {
    let mut body = json!({"kind": kind, "seats": players.len(), "random_seats": false});
    if kind == "dreams" {
        body["options"] = json!({"deck": "standard"});
    }
    let (status, game) = app.post("/games", &players[0].token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let code = game["join_code"].as_str().unwrap().to_string();
    for p in &players[1..] {
        let (status, body) = app
            .post(
                &format!("/games/{id}/join"),
                &p.token,
                json!({"code": code}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

/// How a reply is written: the shapes of real mail clients.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Shape {
    /// Plain text above the quoted mail, Gmail's attribution line wrapped over two lines.
    TopPosted,
    /// Below the quote, with a signature.
    BottomPosted,
    /// HTML only, the original in a blockquote.
    HtmlOnly,
    /// Outlook: the original below a header block, unquoted (its hint names a turn).
    Outlook,
}

const SHAPES: [Shape; 4] = [
    Shape::TopPosted,
    Shape::BottomPosted,
    Shape::HtmlOnly,
    Shape::Outlook,
];

/// A reply to `to` (a your-turn mail or an answer), from `from`, saying `body`.
pub(crate) fn reply(
    from: &str,
    to: &Got,
    body: &str,
    shape: Shape,
    extra_headers: &str,
) -> (String, Vec<u8>) {
    let message_id = format!("<{}@client.test>", hex::encode(rand::random::<[u8; 12]>()));
    let reply_to = to.reply_to.clone().expect("the mail has a Reply-To");
    let quoted: String = to
        .text
        .lines()
        .take(12)
        .map(|l| format!("> {l}\n"))
        .collect();
    let (content_type, text) = match shape {
        Shape::TopPosted => (
            "text/plain; charset=utf-8",
            format!(
                "{body}\n\nOn Mon, Nov 23, 2026 at 9:00 PM Hermes <\n{reply_to}> wrote:\n\n{quoted}"
            ),
        ),
        Shape::BottomPosted => (
            "text/plain; charset=utf-8",
            format!("On 23/11/2026 21:00, Hermes wrote:\n{quoted}\n{body}\n\n-- \nA player\nhttps://player.example\n"),
        ),
        Shape::HtmlOnly => (
            "text/html; charset=utf-8",
            format!(
                "<div dir=\"ltr\">{}</div><br><div class=\"gmail_quote\"><div class=\"gmail_attr\">On Mon, Hermes wrote:<br></div><blockquote class=\"gmail_quote\">{}</blockquote></div>",
                body.lines().collect::<Vec<_>>().join("<br>"),
                to.text.lines().take(12).collect::<Vec<_>>().join("<br>")
            ),
        ),
        Shape::Outlook => (
            "text/plain; charset=utf-8",
            format!(
                "{body}\n\n________________________________\nFrom: Hermes <{reply_to}>\nSent: Monday, November 23, 2026 9:00 PM\nTo: {from}\nSubject: {}\n\n{}",
                to.subject, to.text
            ),
        ),
    };
    let raw = format!(
        "From: A Player <{from}>\r\nTo: Hermes <{reply_to}>\r\nSubject: Re: {}\r\nMessage-ID: {message_id}\r\nIn-Reply-To: {}\r\nReferences: {}\r\nDate: Mon, 23 Nov 2026 21:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: {content_type}\r\n{extra_headers}\r\n{}",
        to.subject,
        to.message_id,
        to.message_id,
        text.replace('\n', "\r\n")
    );
    (message_id, raw.into_bytes())
}

/// Deliver over SMTP to the server's listener (`mail_from` `None`: the null sender).
pub(crate) async fn send_smtp(
    app: &TestApp,
    mail_from: Option<&str>,
    rcpt: &str,
    raw: &[u8],
) -> Result<(), String> {
    let port = app.smtp_port.expect("the SMTP listener is on");
    let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
        .port(port)
        .timeout(Some(Duration::from_secs(30)))
        .build();
    let envelope = Envelope::new(
        mail_from.map(|f| f.parse().unwrap()),
        vec![rcpt.parse().map_err(|e| format!("{e}"))?],
    )
    .unwrap();
    transport
        .send_raw(&envelope, raw)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Deliver to `POST /inbound/mail` with the shared secret.
pub(crate) async fn send_http(app: &TestApp, raw: &[u8]) -> (StatusCode, Value) {
    let res = app
        .client
        .post(format!("{}/inbound/mail", app.url))
        .bearer_auth(INBOUND_SECRET)
        .header("content-type", "message/rfc822")
        .body(raw.to_vec())
        .send()
        .await
        .unwrap();
    crate::helpers::read(res).await
}

/// Deliver by one of the two ways in: even `n` by SMTP, odd by the endpoint.
async fn deliver(app: &TestApp, n: usize, from: &str, to: &Got, raw: &[u8]) {
    if n.is_multiple_of(2) {
        send_smtp(app, Some(from), to.reply_to.as_deref().unwrap(), raw)
            .await
            .expect("the listener takes the reply");
    } else {
        let (status, body) = send_http(app, raw).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    }
}

pub(crate) fn token_of(m: &Got) -> Option<ReplyToken> {
    m.reply_to
        .as_deref()
        .and_then(|a| ReplyToken::from_address(&keys(), a))
}

pub(crate) async fn game(app: &TestApp, id: &str, p: &Player) -> Value {
    let (status, g) = app.get(&format!("/games/{id}"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g
}

/// A random legal Gods turn for `p`, in notation (asked of the API: reading, not playing).
pub(crate) async fn gods_turn(
    app: &TestApp,
    id: &str,
    p: &Player,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> String {
    let mut seen = Vec::new();
    let turn = crate::play::random_turn(app, id, p, rng, &mut seen).await;
    games::registry::kind("gods")
        .unwrap()
        .format_turn(&turn)
        .unwrap()
}

/// A legal Dreams turn for `p`, in notation.
async fn dreams_turn(
    app: &TestApp,
    id: &str,
    p: &Player,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> String {
    let (status, body) = app.get(&format!("/games/{id}/legal"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let l = &body["legal"];
    if let Some(kind) = l["kinds"].as_array().and_then(|k| k.first()) {
        let max = l["max"].as_u64().unwrap();
        let taken: Vec<(u64, u64)> = l["taken"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["x"].as_u64().unwrap(), p["y"].as_u64().unwrap()))
            .collect();
        loop {
            let (x, y) = (rng.gen_range(0..=max), rng.gen_range(0..=max));
            if !taken.contains(&(x, y)) {
                return format!("{} at {x},{y}", kind.as_str().unwrap());
            }
        }
    }
    if let Some(s) = l["seats"].as_array().and_then(|s| s.first()) {
        return format!("guess seat {s}");
    }
    if let Some(i) = l["images"].as_array().and_then(|s| s.first()) {
        return format!("guess image {i}");
    }
    "pass".to_string()
}

/// Play `id` by replying to mail until `done` says stop; returns the replies sent.
async fn play_by_mail(
    app: &TestApp,
    sink: &SmtpServer,
    id: &str,
    players: &[(Player, String)],
    kind: &str,
    done: impl Fn(&Value) -> bool,
) -> usize {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut sent = 0;
    let mut last: std::collections::HashMap<usize, i64> = std::collections::HashMap::new();
    loop {
        let g = game(app, id, &players[0].0).await;
        if done(&g) {
            return sent;
        }
        let seq = g["seq"].as_i64().unwrap();
        let seat = g["to_act"][0].as_u64().unwrap() as usize;
        let (p, email) = &players[seat];
        // The your-turn mail of this seat since its last reply: at seq, or (seats acting
        // at once, as Dreams' guesses) when its wait began.
        let after = last.get(&seat).copied().unwrap_or(-1);
        let fits = |m: &Got| {
            m.to == *email
                && m.subject.starts_with("Your turn")
                && token_of(m).is_some_and(|t| t.seat == seat && t.seq <= seq && t.seq > after)
                && m.text.contains("Reply to this mail with your turn")
        };
        wait_mail(sink, &format!("your turn, seat {seat} at {seq}"), fits).await;
        let mail = read_all(sink)
            .into_iter()
            .filter(|m| fits(m))
            .max_by_key(|m| token_of(m).map(|t| t.seq))
            .unwrap();
        last.insert(seat, seq);
        let notation = if kind == "gods" {
            gods_turn(app, id, p, &mut rng).await
        } else {
            dreams_turn(app, id, p, &mut rng).await
        };
        let shape = SHAPES[sent % SHAPES.len()];
        let (mid, raw) = reply(email, &mail, &notation, shape, "");
        deliver(app, sent, email, &mail, &raw).await;
        let answer = wait_mail(sink, &format!("the answer to {mid}"), |m| {
            m.in_reply_to.as_deref() == Some(mid.as_str())
        })
        .await;
        assert_eq!(answer.to, *email);
        assert!(
            answer.text.contains("is played"),
            "{notation:?} as {shape:?} was not played: {}",
            answer.text
        );
        assert_eq!(answer.auto_submitted.as_deref(), Some("auto-generated"));
        let after = game(app, id, &players[0].0).await;
        assert_eq!(after["seq"], seq + 1, "one reply, one turn");
        sent += 1;
        assert!(sent < 600, "the game did not end");
    }
}

async fn log_sources(app: &TestApp, id: &str, p: &Player) -> Vec<String> {
    let pool = hermes_api::store::open(&app.database_url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    use diesel::prelude::*;
    use hermes_api::store::schema::turns;
    let _ = p;
    turns::table
        .filter(turns::game_id.eq(id))
        .order(turns::seq.asc())
        .select(turns::source)
        .load::<String>(&mut conn)
        .unwrap()
}

macro_rules! reply_test {
    (async fn $name:ident($app:ident, $sink:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: TestApp, $sink: SmtpServer) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let sink = SmtpServer::start();
                let app = TestApp::sqlite(by_mail(&sink)).await;
                run(app, sink).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let sink = SmtpServer::start();
                if let Some(app) = TestApp::postgres(by_mail(&sink)).await {
                    run(app, sink).await
                }
            }
        }
    };
}

reply_test! {
    async fn a_whole_two_player_game_of_gods_is_played_only_by_replying_to_mail(app, sink) {
        let players = vec![confirmed(&app, "ann").await, confirmed(&app, "bo").await];
        let ps: Vec<Player> = players.iter().map(|(p, _)| p.clone()).collect();
        let id = new_game(&app, "gods", &ps).await;
        let sent = play_by_mail(&app, &sink, &id, &players, "gods", |g| g["status"] == "over").await;
        let g = game(&app, &id, &ps[0]).await;
        assert_eq!(g["status"], "over");
        let sources = log_sources(&app, &id, &ps[0]).await;
        assert_eq!(sources.len(), sent, "every turn came from a reply");
        assert!(sources.iter().all(|s| s == "email"), "{sources:?}");
    }
}

reply_test! {
    async fn a_whole_round_of_three_player_dreams_is_played_only_by_replying_to_mail(app, sink) {
        let players = vec![
            confirmed(&app, "cleo").await,
            confirmed(&app, "dan").await,
            confirmed(&app, "eve").await,
        ];
        let ps: Vec<Player> = players.iter().map(|(p, _)| p.clone()).collect();
        let id = new_game(&app, "dreams", &ps).await;
        let sent = play_by_mail(&app, &sink, &id, &players, "dreams", |g| {
            g["status"] == "over" || g["view"]["round"].as_u64().unwrap_or(1) > 1
        })
        .await;
        // The round was revealed to everyone by mail.
        for (_, email) in &players {
            wait_mail(&sink, "the reveal", |m| m.to == *email && m.subject.to_lowercase().contains("reveal")).await;
        }
        let sources = log_sources(&app, &id, &ps[0]).await;
        assert_eq!(sources.len(), sent);
        assert!(sources.iter().all(|s| s == "email"), "{sources:?}");
    }
}

reply_test! {
    async fn refused_replies_apply_nothing_and_get_the_documented_answer_or_none(app, sink) {
        let (ann, ann_mail) = confirmed(&app, "ann").await;
        let (bo, bo_mail) = confirmed(&app, "bo").await;
        let (cy, cy_mail) = confirmed(&app, "cy").await;
        let ps = vec![ann.clone(), bo.clone()];
        let id = new_game(&app, "gods", &ps).await;
        let other = new_game(&app, "gods", &[cy.clone(), bo.clone()]).await;
        let first = wait_mail(&sink, "ann's first your-turn", |m| {
            m.to == ann_mail && m.subject.starts_with("Your turn") && token_of(m).is_some_and(|t| t.game_id == id)
        })
        .await;
        let cys = wait_mail(&sink, "cy's first your-turn", |m| {
            m.to == cy_mail && token_of(m).is_some_and(|t| t.game_id == other)
        })
        .await;
        assert!(first.text.contains("Reply to this mail with your turn, e.g."), "{}", first.text);
        let seq0 = game(&app, &id, &ann).await["seq"].clone();

        // Garbled notation: refused, with the notation error at the word and the legal steps.
        let (garbled, raw) = reply(&ann_mail, &first, "tribe one at 2,-1", Shape::TopPosted, "");
        send_smtp(&app, Some(&ann_mail), first.reply_to.as_deref().unwrap(), &raw).await.unwrap();
        let answer = wait_mail(&sink, "the refusal", |m| m.in_reply_to.as_deref() == Some(garbled.as_str())).await;
        assert!(answer.text.contains("Nothing was played"), "{}", answer.text);
        assert!(answer.text.contains("invalid_notation"), "{}", answer.text);
        assert!(answer.text.contains("`one`"), "{}", answer.text);
        assert!(answer.text.contains("The steps you may take first"), "{}", answer.text);
        assert_eq!(game(&app, &id, &ann).await["seq"], seq0);
        // The refusal carries a reply address for the same position: replying to it works.
        assert_eq!(token_of(&answer), token_of(&first));

        // A rule broken: the rule id, as the API says it.
        let (broken, raw) = reply(&ann_mail, &first, "discard 9", Shape::TopPosted, "");
        let (status, body) = send_http(&app, &raw).await;
        assert_eq!((status, body["outcome"].as_str()), (StatusCode::ACCEPTED, Some("refused")), "{body}");
        let answer = wait_mail(&sink, "the rule refusal", |m| m.in_reply_to.as_deref() == Some(broken.as_str())).await;
        assert!(answer.text.contains("rule_violation"), "{}", answer.text);
        assert_eq!(game(&app, &id, &ann).await["seq"], seq0);

        // Forged address: the listener refuses the recipient; the endpoint records it, no answer.
        let mut forged = first.clone();
        let token = forged.reply_to.clone().unwrap();
        let at = token.find('@').unwrap();
        let mut bytes = token.into_bytes();
        bytes[at - 3] = if bytes[at - 3] == b'a' { b'b' } else { b'a' };
        forged.reply_to = Some(String::from_utf8(bytes).unwrap());
        let (_, raw) = reply(&ann_mail, &forged, "discard 1", Shape::TopPosted, "");
        let err = send_smtp(&app, Some(&ann_mail), forged.reply_to.as_deref().unwrap(), &raw).await;
        assert!(err.is_err(), "a forged address is refused at RCPT");
        let (status, body) = send_http(&app, &raw).await;
        assert_eq!((status, body["outcome"].as_str(), body["answered"].as_bool()), (StatusCode::ACCEPTED, Some("unknown_address"), Some(false)), "{body}");

        // Another game's address, from a player who has no seat there at that seat.
        let (_, raw) = reply(&ann_mail, &cys, "discard 1", Shape::TopPosted, "");
        let (_, body) = send_http(&app, &raw).await;
        assert_eq!(body["outcome"], "wrong_sender", "{body}");
        // A From that is not the seat's (Bo answers Ann's mail).
        let (_, raw) = reply(&bo_mail, &first, "discard 1", Shape::TopPosted, "");
        let (_, body) = send_http(&app, &raw).await;
        assert_eq!(body["outcome"], "wrong_sender", "{body}");
        // An auto-reply and a bounce (null sender over SMTP; a report over the endpoint).
        let (_, raw) = reply(&ann_mail, &first, "I am out of the office.", Shape::TopPosted, "Auto-Submitted: auto-replied\r\n");
        let (_, body) = send_http(&app, &raw).await;
        assert_eq!(body["outcome"], "automatic", "{body}");
        let (_, raw) = reply(&ann_mail, &first, "discard 1", Shape::TopPosted, "");
        send_smtp(&app, None, first.reply_to.as_deref().unwrap(), &raw).await.unwrap();
        let (_, raw) = reply(&ann_mail, &first, "Undeliverable", Shape::TopPosted, "Return-Path: <>\r\n");
        let (_, body) = send_http(&app, &raw).await;
        assert_eq!(body["outcome"], "automatic", "{body}");
        assert_eq!(game(&app, &id, &ann).await["seq"], seq0, "nothing was applied");

        // The same message twice: played once, answered once.
        let (good, raw) = reply(&ann_mail, &first, "discard 1\ndiscard 1", Shape::BottomPosted, "");
        send_smtp(&app, Some(&ann_mail), first.reply_to.as_deref().unwrap(), &raw).await.unwrap();
        let (_, body) = send_http(&app, &raw).await;
        assert_eq!(body["outcome"], "duplicate", "{body}");
        let answer = wait_mail(&sink, "the confirmation", |m| m.in_reply_to.as_deref() == Some(good.as_str())).await;
        assert!(answer.text.contains("is played"), "{}", answer.text);
        let seq1 = game(&app, &id, &ann).await["seq"].as_i64().unwrap();
        assert_eq!(seq1, seq0.as_i64().unwrap() + 1);

        // A turn in reply to that answer, while it is Bo's turn: refused naming the turn
        // order rule, as the API names it.
        let (early, raw) = reply(&ann_mail, &answer, "discard 1", Shape::TopPosted, "");
        let (_, body) = send_http(&app, &raw).await;
        assert_eq!(body["outcome"], "refused", "{body}");
        let out_of_turn = wait_mail(&sink, "out of turn", |m| m.in_reply_to.as_deref() == Some(early.as_str())).await;
        assert!(out_of_turn.text.contains("not_your_turn: G-T5: it is god "), "{}", out_of_turn.text);
        assert_eq!(game(&app, &id, &ann).await["seq"], seq1);

        // A reply to the old mail: the game has moved on, nothing applied.
        let (old, raw) = reply(&ann_mail, &first, "discard 1", Shape::TopPosted, "");
        let (_, body) = send_http(&app, &raw).await;
        assert_eq!(body["outcome"], "moved_on", "{body}");
        let answer = wait_mail(&sink, "moved on", |m| m.in_reply_to.as_deref() == Some(old.as_str())).await;
        assert!(answer.text.contains("has moved on"), "{}", answer.text);
        assert!(
            answer.text.contains(&format!("Turns played: {seq1}; the next is turn {}.", seq1 + 1)),
            "{}",
            answer.text
        );
        assert_eq!(game(&app, &id, &ann).await["seq"], seq1);

        // Table talk and the board, by reply.
        let (talk, raw) = reply(&ann_mail, &answer, "say: Good game, Bo!\nboard", Shape::HtmlOnly, "");
        send_smtp(&app, Some(&ann_mail), answer.reply_to.as_deref().unwrap(), &raw).await.unwrap();
        let noted = wait_mail(&sink, "talk noted", |m| m.in_reply_to.as_deref() == Some(talk.as_str())).await;
        assert!(noted.text.contains("Good game, Bo!"), "{}", noted.text);
        assert_eq!(noted.attachments, vec!["image/png".to_string()], "the board");
        let (_, msgs) = app.get(&format!("/games/{id}/messages"), &bo.token).await;
        assert!(msgs.to_string().contains("Good game, Bo!"), "{msgs}");

        // Every answer so far is accounted for: the rejected and automatic mails got none.
        let answers: Vec<Got> = read_all(&sink).into_iter().filter(|m| m.in_reply_to.as_deref().is_some_and(|r| r.contains("@client.test"))).collect();
        assert_eq!(answers.len(), 6, "{:#?}", answers.iter().map(|a| &a.subject).collect::<Vec<_>>());
        assert!(answers.iter().all(|a| a.to == ann_mail));
    }
}

reply_test! {
    async fn the_endpoint_wants_the_secret_and_refuses_oversized_mail_before_reading_it(app, sink) {
        let _ = &sink;
        let raw = b"From: a@x.test\r\nTo: play+x@hermes.test\r\nSubject: x\r\n\r\nhi\r\n".to_vec();
        let res = app.client.post(format!("{}/inbound/mail", app.url)).body(raw.clone()).send().await.unwrap();
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_inbound_secret")));
        let res = app.client.post(format!("{}/inbound/mail", app.url)).bearer_auth("wrong secret, same length as it!!!!!!").body(raw.clone()).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        // An HMAC of the body under the secret is as good as the secret.
        let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, INBOUND_SECRET.as_bytes());
        let sig = hex::encode(ring::hmac::sign(&key, &raw).as_ref());
        let res = app.client.post(format!("{}/inbound/mail", app.url)).header("x-hermes-signature", format!("sha256={sig}")).body(raw.clone()).send().await.unwrap();
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!((status, body["outcome"].as_str()), (StatusCode::ACCEPTED, Some("unknown_address")), "{body}");
        let big = vec![b'a'; 1024 * 1024 + 1];
        let (status, body) = send_http(&app, &big).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("message_too_large")), "{body}");
        let (status, body) = send_http(&app, b"").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("not_a_message")), "{body}");
    }
}

/// A self-signed certificate for `localhost`, as PEM files in `dir`: the certificate's
/// path, the key's path, and the certificate's PEM (for the client to trust).
fn self_signed(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let pem = made.cert.pem();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, &pem).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    (cert, key, pem)
}

/// Deliver over SMTP with STARTTLS required, trusting only `cert_pem` (for `localhost`).
async fn send_smtp_tls(
    app: &TestApp,
    mail_from: &str,
    rcpt: &str,
    raw: &[u8],
    cert_pem: &str,
) -> Result<(), String> {
    use lettre::transport::smtp::client::{Certificate, CertificateStore, Tls, TlsParameters};
    let port = app.smtp_port.expect("the SMTP listener is on");
    let tls = TlsParameters::builder("localhost".into())
        .certificate_store(CertificateStore::None)
        .add_root_certificate(Certificate::from_pem(cert_pem.as_bytes()).unwrap())
        .build_rustls()
        .unwrap();
    let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
        .port(port)
        .tls(Tls::Required(tls))
        .timeout(Some(Duration::from_secs(30)))
        .build();
    let envelope = Envelope::new(
        Some(mail_from.parse().unwrap()),
        vec![rcpt.parse().unwrap()],
    )
    .unwrap();
    transport
        .send_raw(&envelope, raw)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// What the listener answers to `EHLO` in plain text.
async fn ehlo(port: u16) -> String {
    tokio::task::spawn_blocking(move || {
        use std::io::{BufRead, BufReader, Write};
        let stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("220"), "{line}");
        (&stream).write_all(b"EHLO client.test\r\n").unwrap();
        let mut answer = String::new();
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            answer.push_str(&line);
            if line.len() < 4 || line.as_bytes()[3] == b' ' {
                break;
            }
        }
        (&stream).write_all(b"QUIT\r\n").unwrap();
        answer
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_over_starttls_plays_the_turn_and_plain_text_is_refused_when_tls_is_required() {
    let sink = SmtpServer::start();
    let certs = tempfile::tempdir().unwrap();
    let (cert, key, pem) = self_signed(certs.path());
    let app = TestApp::sqlite(|s| {
        by_mail(&sink)(s);
        s.inbound.tls_cert = Some(cert);
        s.inbound.tls_key = Some(key);
        s.inbound.require_tls = true;
    })
    .await;
    let answer = ehlo(app.smtp_port.unwrap()).await;
    assert!(answer.contains("STARTTLS"), "{answer}");

    let (ann, ann_mail) = confirmed(&app, "ann").await;
    let (bo, _) = confirmed(&app, "bo").await;
    let id = new_game(&app, "gods", &[ann.clone(), bo]).await;
    let first = wait_mail(&sink, "ann's first your-turn", |m| {
        m.to == ann_mail && m.subject.starts_with("Your turn")
    })
    .await;
    let rcpt = first.reply_to.clone().unwrap();
    let seq0 = game(&app, &id, &ann).await["seq"].as_i64().unwrap();

    // In plain text the listener refuses the sender: nothing is played.
    let (_, raw) = reply(
        &ann_mail,
        &first,
        "discard 1\ndiscard 1",
        Shape::TopPosted,
        "",
    );
    let err = send_smtp(&app, Some(&ann_mail), &rcpt, &raw)
        .await
        .expect_err("MAIL before STARTTLS is refused");
    assert!(err.contains("530"), "{err}");
    // A client that trusts another certificate does not get through either: the
    // listener shows the configured one.
    let (_, other_pem) = {
        let other = tempfile::tempdir().unwrap();
        let (_, _, pem) = self_signed(other.path());
        ((), pem)
    };
    let err = send_smtp_tls(&app, &ann_mail, &rcpt, &raw, &other_pem)
        .await
        .expect_err("an untrusted certificate");
    assert!(err.to_lowercase().contains("certificate"), "{err}");
    assert_eq!(game(&app, &id, &ann).await["seq"], seq0);

    // Over TLS, trusting the listener's certificate: played, and answered.
    let (mid, raw) = reply(
        &ann_mail,
        &first,
        "discard 1\ndiscard 1",
        Shape::TopPosted,
        "",
    );
    send_smtp_tls(&app, &ann_mail, &rcpt, &raw, &pem)
        .await
        .expect("the listener takes the reply over TLS");
    let answer = wait_mail(&sink, "the answer", |m| {
        m.in_reply_to.as_deref() == Some(mid.as_str())
    })
    .await;
    assert!(answer.text.contains("is played"), "{}", answer.text);
    assert_eq!(game(&app, &id, &ann).await["seq"], seq0 + 1);
    assert_eq!(
        log_sources(&app, &id, &ann).await,
        vec!["email".to_string()]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_listener_certificate_that_cannot_be_used_stops_the_start_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("hermes.sqlite3").display());
    let with = |cert: &std::path::Path, key: &std::path::Path| {
        let mut s = crate::helpers::test_settings(dir.path(), &url);
        s.inbound.smtp_listen = Some("127.0.0.1:0".parse().unwrap());
        s.inbound.reply_domain = Some("hermes.test".into());
        s.inbound.tls_cert = Some(cert.to_owned());
        s.inbound.tls_key = Some(key.to_owned());
        s
    };
    let start = |s| match hermes_api::startup::Application::build(s) {
        Ok(_) => panic!("the server started with an unusable certificate"),
        Err(e) => e.to_string(),
    };
    let missing = dir.path().join("missing-cert.pem");
    let err = start(with(&missing, &dir.path().join("missing-key.pem")));
    assert!(
        err.contains("smtp_listen TLS") && err.contains("missing-cert.pem"),
        "{err}"
    );
    assert!(err.contains("cannot read it"), "{err}");

    let garbage = dir.path().join("garbage.pem");
    std::fs::write(&garbage, "not a certificate\n").unwrap();
    let err = start(with(&garbage, &garbage));
    assert!(
        err.contains("garbage.pem") && err.contains("no CERTIFICATE"),
        "{err}"
    );

    // A key that is not the certificate's.
    let (cert, _, _) = self_signed(dir.path());
    let other = tempfile::tempdir().unwrap();
    let (_, other_key, _) = self_signed(other.path());
    let err = start(with(&cert, &other_key));
    assert!(err.contains("does not go with the certificate"), "{err}");
}

/// The turns of game `id` in the log, and the answers to replies in the outbox with the
/// sequence each was written at, read from the test's SQLite file.
fn turns_and_answers(app: &TestApp, id: &str) -> (Vec<i64>, Vec<(String, Option<i64>)>) {
    use diesel::prelude::*;
    use hermes_api::store::schema::{outbox, turns};
    let pool = hermes_api::store::open(&app.database_url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    let seqs = turns::table
        .filter(turns::game_id.eq(id))
        .select(turns::seq)
        .load::<i64>(&mut conn)
        .unwrap();
    let answers = outbox::table
        .filter(outbox::template.eq("reply_answer"))
        .select((outbox::dedupe_key.assume_not_null(), outbox::seq))
        .load::<(String, Option<i64>)>(&mut conn)
        .unwrap();
    (seqs, answers)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_played_by_reply_and_its_answer_are_written_together_or_not_at_all() {
    use diesel::{Connection, RunQueryDsl};
    let sink = SmtpServer::start();
    let app = TestApp::sqlite(by_mail(&sink)).await;
    let (ann, ann_mail) = confirmed(&app, "ann").await;
    let (bo, _) = confirmed(&app, "bo").await;
    let id = new_game(&app, "gods", &[ann.clone(), bo]).await;
    let first = wait_mail(&sink, "ann's first your-turn", |m| {
        m.to == ann_mail && m.subject.starts_with("Your turn")
    })
    .await;
    let seq0 = game(&app, &id, &ann).await["seq"].as_i64().unwrap();

    // The answer cannot be written (a trigger stands for that one write failing, after
    // the turn's own rows are in): then the turn is not played either.
    let path = app.database_url.trim_start_matches("sqlite://").to_string();
    let mut db = diesel::SqliteConnection::establish(&path).unwrap();
    diesel::sql_query("PRAGMA busy_timeout = 10000")
        .execute(&mut db)
        .unwrap();
    diesel::sql_query(
        "CREATE TRIGGER no_answers BEFORE INSERT ON outbox WHEN NEW.template = 'reply_answer' \
         BEGIN SELECT RAISE(ABORT, 'the answer cannot be written'); END",
    )
    .execute(&mut db)
    .unwrap();
    let (mid, raw) = reply(
        &ann_mail,
        &first,
        "discard 1\ndiscard 1",
        Shape::TopPosted,
        "",
    );
    let (status, body) = send_http(&app, &raw).await;
    assert!(status.is_server_error(), "{status} {body}");
    assert_eq!(
        game(&app, &id, &ann).await["seq"],
        seq0,
        "the turn was not played"
    );
    let (turns, answers) = turns_and_answers(&app, &id);
    assert!(turns.is_empty(), "{turns:?}");
    assert!(answers.is_empty(), "{answers:?}");

    // The same message again (the sender's retry), once the outbox takes answers: it is
    // taken anew, not ignored as a second delivery; the turn and its answer are both in.
    diesel::sql_query("DROP TRIGGER no_answers")
        .execute(&mut db)
        .unwrap();
    let (status, body) = send_http(&app, &raw).await;
    assert_eq!(
        (status, body["outcome"].as_str(), body["answered"].as_bool()),
        (StatusCode::ACCEPTED, Some("played"), Some(true)),
        "{body}"
    );
    let (turns, answers) = turns_and_answers(&app, &id);
    assert_eq!(turns, vec![seq0 + 1]);
    assert_eq!(
        answers,
        vec![(
            format!("reply_answer:{}", mid.trim_matches(['<', '>'])),
            Some(seq0 + 1)
        )]
    );
    let answer = wait_mail(&sink, "the answer", |m| {
        m.in_reply_to.as_deref() == Some(mid.as_str())
    })
    .await;
    assert!(answer.text.contains("is played"), "{}", answer.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_is_played_only_when_the_trusted_mta_vouches_for_its_one_from_domain() {
    let sink = SmtpServer::start();
    let app = TestApp::sqlite(|s| {
        by_mail(&sink)(s);
        s.inbound.trusted_authserv = Some("mx.hermes.test".into());
    })
    .await;
    let (ann, ann_mail) = confirmed(&app, "ann").await;
    let (bo, _) = confirmed(&app, "bo").await;
    let id = new_game(&app, "gods", &[ann.clone(), bo]).await;
    let first = wait_mail(&sink, "ann's first your-turn", |m| {
        m.to == ann_mail && m.subject.starts_with("Your turn")
    })
    .await;
    let seq0 = game(&app, &id, &ann).await["seq"].as_i64().unwrap();
    let domain = ann_mail.rsplit_once('@').unwrap().1.to_string();
    let turn = "discard 1\ndiscard 1";

    // What a substring match took for a pass: a comment, a value, SPF's pass of the
    // envelope sender, a DKIM pass of another domain.
    for header in [
        format!("mx.hermes.test; dkim=fail (signature said dkim=pass) header.d={domain}"),
        "mx.hermes.test; dmarc=fail header.from=x.dmarc=pass.example".to_string(),
        format!("mx.hermes.test; spf=pass smtp.mailfrom=attacker@evil.example; dmarc=fail header.from={domain}"),
        format!("mx.hermes.test; dkim=pass header.d=evil.example; dmarc=fail header.from={domain}"),
        format!("other.mx.test; dmarc=pass header.from={domain}"),
    ] {
        let (_, raw) = reply(
            &ann_mail,
            &first,
            turn,
            Shape::TopPosted,
            &format!("Authentication-Results: {header}\r\n"),
        );
        let (status, body) = send_http(&app, &raw).await;
        assert_eq!(
            (status, body["outcome"].as_str(), body["answered"].as_bool()),
            (StatusCode::ACCEPTED, Some("unauthenticated"), Some(false)),
            "{header}: {body}"
        );
    }
    // A From that names more than one sender, with a pass for the seat's domain.
    let pass =
        format!("Authentication-Results: mx.hermes.test; dmarc=pass header.from={domain}\r\n");
    let (_, raw) = reply(
        &ann_mail,
        &first,
        turn,
        Shape::TopPosted,
        &format!("From: attacker@evil.example\r\n{pass}"),
    );
    let (_, body) = send_http(&app, &raw).await;
    assert_eq!(body["outcome"], "wrong_sender", "two From headers: {body}");
    for from in [
        format!("From: players: {ann_mail}, attacker@evil.example;"),
        format!("From: players: {ann_mail};"),
        format!("From: {ann_mail}, attacker@evil.example"),
    ] {
        let (_, raw) = reply(&ann_mail, &first, turn, Shape::TopPosted, &pass);
        let raw = String::from_utf8(raw).unwrap().replacen(
            &format!("From: A Player <{ann_mail}>"),
            &from,
            1,
        );
        let (_, body) = send_http(&app, raw.as_bytes()).await;
        assert_eq!(body["outcome"], "wrong_sender", "{from}: {body}");
    }
    assert_eq!(
        game(&app, &id, &ann).await["seq"],
        seq0,
        "nothing was played"
    );

    // The MTA's pass for the seat's domain: played.
    let (mid, raw) = reply(
        &ann_mail,
        &first,
        turn,
        Shape::TopPosted,
        &format!(
            "Authentication-Results: mx.hermes.test;\r\n dkim=pass (2048-bit key) header.d={domain} header.s=s1;\r\n spf=pass smtp.mailfrom={ann_mail}\r\n"
        ),
    );
    let (status, body) = send_http(&app, &raw).await;
    assert_eq!(
        (status, body["outcome"].as_str()),
        (StatusCode::ACCEPTED, Some("played")),
        "{body}"
    );
    wait_mail(&sink, "the answer", |m| {
        m.in_reply_to.as_deref() == Some(mid.as_str())
    })
    .await;
    assert_eq!(game(&app, &id, &ann).await["seq"], seq0 + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn talk_is_capped_per_reply_and_limited_per_seat_by_mail_the_api_and_the_page() {
    let sink = SmtpServer::start();
    let app = TestApp::sqlite(|s| {
        by_mail(&sink)(s);
        s.inbound.max_say_lines = 3;
        s.talk_per_seat_per_minute = 5;
    })
    .await;
    let (ann, ann_mail) = confirmed(&app, "ann").await;
    let (bo, _) = confirmed(&app, "bo").await;
    let id = new_game(&app, "gods", &[ann.clone(), bo.clone()]).await;
    let first = wait_mail(&sink, "ann's first your-turn", |m| {
        m.to == ann_mail && m.subject.starts_with("Your turn")
    })
    .await;
    let seq0 = game(&app, &id, &ann).await["seq"].as_i64().unwrap();
    let count = |app: &TestApp| {
        let (id, token) = (id.clone(), bo.token.clone());
        let app_url = app.url.clone();
        let client = app.client.clone();
        async move {
            let res = client
                .get(format!("{app_url}/games/{id}/messages"))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            let (_, body) = crate::helpers::read(res).await;
            body["messages"].as_array().unwrap().len()
        }
    };

    // One reply of a thousand `say:` lines and a turn: three are posted, the turn is
    // played, and the answer says what was not posted.
    let flood: String = (0..1000).map(|i| format!("say: hi {i}\n")).collect();
    let (mid, raw) = reply(
        &ann_mail,
        &first,
        &format!("{flood}discard 1\ndiscard 1"),
        Shape::TopPosted,
        "",
    );
    let (status, body) = send_http(&app, &raw).await;
    assert_eq!(
        (status, body["outcome"].as_str()),
        (StatusCode::ACCEPTED, Some("played")),
        "{body}"
    );
    assert_eq!(count(&app).await, 3);
    let answer = wait_mail(&sink, "the answer", |m| {
        m.in_reply_to.as_deref() == Some(mid.as_str())
    })
    .await;
    assert!(answer.text.contains("is played"), "{}", answer.text);
    assert!(
        answer.text.contains("997 more `say:` lines were not read"),
        "{}",
        answer.text
    );
    assert_eq!(game(&app, &id, &ann).await["seq"], seq0 + 1);

    // The API shares the seat's limit: two more, then 429 naming the bound.
    for _ in 0..2 {
        let (status, body) = app
            .post(
                &format!("/games/{id}/messages"),
                &ann.token,
                json!({"body": "hello"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let res = app
        .client
        .post(format!("{}/games/{id}/messages", app.url))
        .bearer_auth(&ann.token)
        .json(&json!({"body": "one too many"}))
        .send()
        .await
        .unwrap();
    let headers = res.headers().clone();
    let (status, body) = crate::helpers::read(res).await;
    assert_eq!(
        (status, body["code"].as_str(), body["limit"].as_u64()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"), Some(5)),
        "{body}"
    );
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("5 messages a minute"),
        "{body}"
    );
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=13).contains(&retry), "{retry}");
    assert_eq!(headers["ratelimit-limit"], "5");
    assert_eq!(headers["ratelimit-remaining"], "0");
    assert_eq!(count(&app).await, 5);
    // Another seat at the same table has its own quota.
    let (status, body) = app
        .post(
            &format!("/games/{id}/messages"),
            &bo.token,
            json!({"body": "hi Ann"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // The game page's talk form: the same refusal, as a page.
    let link = hermes_api::links::turn_link(&keys(), PUBLIC_URL, &ann.id, &id).unwrap();
    let token = link.split("token=").nth(1).unwrap().to_string();
    let res = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/games/{id}/play/talk?token={token}", app.url))
        .form(&[("body", "from the page")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    assert!(res.text().await.unwrap().contains("not posted"));

    // By mail: the talk is not posted and the answer says so.
    let (talk, raw) = reply(
        &ann_mail,
        &answer,
        "say: still there?\nboard",
        Shape::TopPosted,
        "",
    );
    let (_, body) = send_http(&app, &raw).await;
    assert_eq!(body["outcome"], "noted", "{body}");
    let noted = wait_mail(&sink, "talk not posted", |m| {
        m.in_reply_to.as_deref() == Some(talk.as_str())
    })
    .await;
    assert!(
        noted.text.contains("Not posted at the table"),
        "{}",
        noted.text
    );
    assert!(noted.text.contains("still there?"), "{}", noted.text);
    assert!(noted.text.contains("5 messages a minute"), "{}", noted.text);
    assert_eq!(count(&app).await, 6);
}

/// A raw SMTP connection to the listener from `local` (an address of the loopback: a
/// client of its own, as far as the listener can tell).
async fn raw_smtp(local: [u8; 4], port: u16) -> tokio::io::BufReader<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((local, 0).into()).unwrap();
    let stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
    tokio::io::BufReader::new(stream)
}

/// The listener's next answer (all lines of a multi-line one); `""` when it hung up.
async fn answer_of(c: &mut tokio::io::BufReader<tokio::net::TcpStream>) -> String {
    use tokio::io::AsyncBufReadExt;
    let mut all = String::new();
    loop {
        let mut line = String::new();
        let n = tokio::time::timeout(Duration::from_secs(20), c.read_line(&mut line))
            .await
            .expect("the listener answers or hangs up within 20 s")
            .unwrap_or(0);
        all.push_str(&line);
        if n == 0 || line.len() < 4 || line.as_bytes()[3] == b' ' {
            return all;
        }
    }
}

async fn say(c: &mut tokio::io::BufReader<tokio::net::TcpStream>, line: &str) -> String {
    use tokio::io::AsyncWriteExt;
    // A write to a connection the listener closed may fail: the answer is then "".
    let _ = c
        .get_mut()
        .write_all(format!("{line}\r\n").as_bytes())
        .await;
    answer_of(c).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_cannot_shut_out_the_listener_and_idle_connections_are_dropped() {
    let sink = SmtpServer::start();
    let app = TestApp::sqlite(|s| {
        by_mail(&sink)(s);
        s.inbound.smtp_limits.max_connections = 3;
        s.inbound.smtp_limits.per_client = 2;
        s.inbound.smtp_limits.idle = Duration::from_secs(3);
        s.inbound.smtp_limits.max_idle_commands = 5;
    })
    .await;
    let port = app.smtp_port.unwrap();
    let (ann, ann_mail) = confirmed(&app, "ann").await;
    let (bo, _) = confirmed(&app, "bo").await;
    let id = new_game(&app, "gods", &[ann.clone(), bo]).await;
    let first = wait_mail(&sink, "ann's first your-turn", |m| {
        m.to == ann_mail && m.subject.starts_with("Your turn")
    })
    .await;
    let seq0 = game(&app, &id, &ann).await["seq"].as_i64().unwrap();

    // The flooder (127.0.0.2) holds as many connections as it may; one more is refused.
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut c = raw_smtp([127, 0, 0, 2], port).await;
        assert!(answer_of(&mut c).await.starts_with("220"));
        assert!(say(&mut c, "EHLO flood.test").await.starts_with("250"));
        held.push(c);
    }
    let mut refused = raw_smtp([127, 0, 0, 2], port).await;
    let greeting = answer_of(&mut refused).await;
    assert!(greeting.starts_with("421"), "{greeting}");
    assert_eq!(answer_of(&mut refused).await, "", "and hung up");

    // A real reply from another client still gets through while the flooder holds them.
    let (mid, raw) = reply(
        &ann_mail,
        &first,
        "discard 1\ndiscard 1",
        Shape::TopPosted,
        "",
    );
    send_smtp(
        &app,
        Some(&ann_mail),
        first.reply_to.as_deref().unwrap(),
        &raw,
    )
    .await
    .expect("the listener takes the reply");
    wait_mail(&sink, "the answer", |m| {
        m.in_reply_to.as_deref() == Some(mid.as_str())
    })
    .await;
    assert_eq!(game(&app, &id, &ann).await["seq"], seq0 + 1);

    // The flooder's silent connections are dropped after the idle limit.
    let start = Instant::now();
    for c in &mut held {
        let last = answer_of(c).await;
        assert!(last.starts_with("421") || last.is_empty(), "{last}");
        assert_eq!(answer_of(c).await, "", "hung up");
    }
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );

    // NOOPs do not keep a connection alive: after the cap of commands without a
    // message, the listener hangs up.
    let mut c = raw_smtp([127, 0, 0, 2], port).await;
    assert!(answer_of(&mut c).await.starts_with("220"));
    let mut answers = Vec::new();
    for _ in 0..20 {
        let a = say(&mut c, "NOOP").await;
        answers.push(a.clone());
        if !a.starts_with("250") {
            break;
        }
    }
    assert_eq!(answers.len(), 6, "{answers:?}");
    assert!(answers[5].starts_with("421"), "{answers:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_smtp_session_ends_at_its_time_limit_however_busy_the_client_keeps_it() {
    let sink = SmtpServer::start();
    let app = TestApp::sqlite(|s| {
        by_mail(&sink)(s);
        s.inbound.smtp_limits.idle = Duration::from_secs(2);
        s.inbound.smtp_limits.session = Duration::from_secs(3);
        s.inbound.smtp_limits.max_idle_commands = 1000;
    })
    .await;
    let mut c = raw_smtp([127, 0, 0, 1], app.smtp_port.unwrap()).await;
    assert!(answer_of(&mut c).await.starts_with("220"));
    let start = Instant::now();
    let last = loop {
        let a = say(&mut c, "NOOP").await;
        if !a.starts_with("250") {
            break a;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "still open");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(last.starts_with("421") || last.is_empty(), "{last}");
    assert!(
        start.elapsed() >= Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}

reply_test! {
    async fn a_reply_plays_its_turn_and_queues_the_next_one_and_a_later_reply_replaces_the_queue(app, sink) {
        let players = [
            confirmed(&app, "fay").await,
            confirmed(&app, "gus").await,
            confirmed(&app, "hal").await,
        ];
        let ps: Vec<Player> = players.iter().map(|(p, _)| p.clone()).collect();
        let id = new_game(&app, "dreams", &ps).await;
        let g = game(&app, &id, &ps[0]).await;
        let seat0 = g["to_act"][0].as_u64().unwrap() as usize;
        let (p0, email0) = players
            .iter()
            .find(|(p, _)| {
                g["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|q| q["user_id"] == p.id.as_str() && q["seat"] == seat0)
            })
            .unwrap()
            .clone();
        let mail = wait_mail(&sink, "seat 0's turn", |m| {
            m.to == email0 && m.subject.starts_with("Your turn")
        })
        .await;
        // The turn and a queued star in one reply.
        let (mid, raw) = reply(
            &email0,
            &mail,
            "clear at 10,10\nqueue: grey at 20,20",
            Shape::TopPosted,
            "",
        );
        deliver(&app, 0, &email0, &mail, &raw).await;
        let answer = wait_mail(&sink, "the answer", |m| m.in_reply_to.as_deref() == Some(mid.as_str())).await;
        assert!(answer.text.contains("is played"), "{}", answer.text);
        assert!(answer.text.contains("1. grey at 20,20"), "{}", answer.text);
        // A reply to the answer replaces the queue.
        let (mid, raw) = reply(&email0, &answer, "queue: black at 30,30", Shape::BottomPosted, "");
        deliver(&app, 1, &email0, &answer, &raw).await;
        let second = wait_mail(&sink, "the second answer", |m| m.in_reply_to.as_deref() == Some(mid.as_str())).await;
        assert!(second.text.contains("1. black at 30,30"), "{}", second.text);
        let (_, q) = app.get(&format!("/games/{id}/queue"), &p0.token).await;
        let queued: Vec<&str> = q["turns"].as_array().unwrap().iter().map(|t| t["notation"].as_str().unwrap()).collect();
        assert_eq!(queued, ["black at 30,30"], "{q}");
        // The two others place; seat 0's queued star follows at once.
        for n in 1..3 {
            let g = game(&app, &id, &ps[0]).await;
            let seat = g["to_act"][0].as_u64().unwrap() as usize;
            assert_ne!(seat, seat0, "{g}");
            let user = g["players"].as_array().unwrap().iter().find(|q| q["seat"] == seat).unwrap()["user_id"].clone();
            let p = ps.iter().find(|p| p.id == user).unwrap();
            let (status, body) = app
                .post(&format!("/games/{id}/turns"), &p.token, json!({"expected_seq": n, "notation": format!("clear at 5{n},5{n}")}))
                .await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        let sources = log_sources(&app, &id, &ps[0]).await;
        assert_eq!(sources, ["email", "player", "player", "queued"]);
    }
}

/// A page of the test server as text (a turn link's path, with its token).
async fn page_text(app: &TestApp, path: &str) -> String {
    let res = app
        .client
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.text().await.unwrap()
}

fn turn_page(user: &str, game: &str) -> String {
    let link = hermes_api::links::turn_link(&keys(), PUBLIC_URL, user, game).unwrap();
    link.strip_prefix(PUBLIC_URL).unwrap().to_string()
}

reply_test! {
    async fn the_turn_number_and_the_game_name_agree_in_the_mail_the_answer_the_pages_and_the_api(app, sink) {
        let players = [confirmed(&app, "ann").await, confirmed(&app, "bo").await];
        let ps: Vec<Player> = players.iter().map(|(p, _)| p.clone()).collect();
        let id = new_game(&app, "gods", &ps).await;
        let g = game(&app, &id, &ps[0]).await;
        let name = g["name"].as_str().expect("the API names the game").to_string();
        assert_eq!(name, format!("Gods #{}", &id[..6]));
        // Ann's mail asks for turn 1: the log's first entry.
        let (ann, ann_email) = &players[0];
        let mail = wait_mail(&sink, "ann's first mail", |m| {
            m.to == *ann_email && m.subject.starts_with("Your turn")
        })
        .await;
        assert_eq!(mail.subject, format!("Your turn in {name} (turn 1)"), "{}", mail.subject);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let notation = gods_turn(&app, &id, ann, &mut rng).await;
        let (mid, raw) = reply(ann_email, &mail, &notation, Shape::TopPosted, "");
        deliver(&app, 0, ann_email, &mail, &raw).await;
        let answer = wait_mail(&sink, "the answer", |m| {
            m.in_reply_to.as_deref() == Some(mid.as_str())
        })
        .await;
        // The answer, the API and the pages call it turn 1 too.
        assert!(
            answer.text.contains(&format!("Your turn (turn 1) in {name} is played")),
            "{}",
            answer.text
        );
        let g = game(&app, &id, ann).await;
        assert_eq!(g["seq"], 1, "{g}");
        let (_, log) = app.get(&format!("/games/{id}/log"), &ann.token).await;
        assert_eq!(log["entries"][0]["seq"], 1, "{log}");
        // Bo's mail asks for turn 2 and tells Ann's as turn 1.
        let (bo, bo_email) = &players[1];
        let mail = wait_mail(&sink, "bo's first mail", |m| {
            m.to == *bo_email && m.subject.starts_with("Your turn")
        })
        .await;
        assert_eq!(mail.subject, format!("Your turn in {name} (turn 2)"), "{}", mail.subject);
        assert!(mail.text.contains("Turn 1: "), "{}", mail.text);
        let page = page_text(&app, &turn_page(&bo.id, &id)).await;
        assert!(page.contains(&format!("<h1>{name} ")), "the page names the game so");
        assert!(page.contains("<li value=\"1\">"), "the page's log counts it turn 1");
        let replay = page_text(&app, &turn_page(&bo.id, &id).replace("/play?", "/replay?")).await;
        assert!(replay.contains(&format!("Replay of {name}")), "the replay names the game so");
        assert!(replay.contains("Turn 1 of 1"), "the replay counts it turn 1");
        assert!(!page.contains("entry 1") && !replay.contains("Entry 1"), "no other count");
    }
}

reply_test! {
    async fn after_a_resignation_the_next_mail_says_who_resigned_and_what_hermes_played_for_the_seat(app, sink) {
        let players = [confirmed(&app, "ann").await, confirmed(&app, "bo").await];
        let ps: Vec<Player> = players.iter().map(|(p, _)| p.clone()).collect();
        let id = new_game(&app, "gods", &ps).await;
        let (ann, bo) = (&ps[0], &ps[1]);
        let name = game(&app, &id, ann).await["players"][0]["display_name"]
            .as_str()
            .unwrap()
            .to_string();
        // Ann (to act) resigns; the scheduler passes for her seat, as `resign`.
        let (status, g) = app.post(&format!("/games/{id}/resign"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        for _ in 0..200 {
            if game(&app, &id, bo).await["seq"].as_i64() >= Some(1) {
                break;
            }
            hermes_api::scheduler::tick(&app.state).await.expect("a tick");
        }
        assert_eq!(log_sources(&app, &id, bo).await, vec!["resign"]);
        let bo_email = &players[1].1;
        let mail = wait_mail(&sink, "bo's mail after the resignation", |m| {
            m.to == *bo_email && m.subject.starts_with("Your turn")
        })
        .await;
        assert!(
            mail.text.contains(&format!("{name} resigned: Hermes passes for that seat whenever it must act")),
            "{}",
            mail.text
        );
        assert!(mail.text.contains(&format!("for {name} (god 0) it played:")), "{}", mail.text);
        assert!(
            !mail.text.contains(&format!("{name} (god 0) played:")),
            "not as if she had played it: {}",
            mail.text
        );
    }
}

/// A reply as a Japanese mail client writes it: ISO-2022-JP (7 bit), the subject an
/// encoded word, the original quoted below Gmail's Japanese attribution line.
fn iso_2022_jp_reply(from: &str, to: &Got, body: &str) -> (String, Vec<u8>) {
    let message_id = format!("<{}@client.test>", hex::encode(rand::random::<[u8; 12]>()));
    let reply_to = to.reply_to.clone().expect("the mail has a Reply-To");
    let quoted: String = to
        .text
        .lines()
        .take(12)
        .map(|l| format!("> {l}\n"))
        .collect();
    let text = format!("{body}\n\n2026年11月23日(月) 21:00 Hermes <{reply_to}>:\n\n{quoted}")
        .replace('\n', "\r\n");
    let (text, _, _) = encoding_rs::ISO_2022_JP.encode(&text);
    let subject = format!("Re: {}", to.subject);
    let (subject, _, _) = encoding_rs::ISO_2022_JP.encode(&subject);
    let mut raw = format!(
        "From: =?ISO-2022-JP?B?{}?= <{from}>\r\nTo: Hermes <{reply_to}>\r\nSubject: =?ISO-2022-JP?B?{}?=\r\nMessage-ID: {message_id}\r\nIn-Reply-To: {}\r\nReferences: {}\r\nDate: Mon, 23 Nov 2026 21:00:00 +0900\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n\r\n",
        data_encoding::BASE64.encode(&encoding_rs::ISO_2022_JP.encode("大地").0),
        data_encoding::BASE64.encode(&subject),
        to.message_id,
        to.message_id,
    )
    .into_bytes();
    raw.extend_from_slice(&text);
    assert!(raw.is_ascii(), "ISO-2022-JP is 7 bit");
    (message_id, raw)
}

reply_test! {
    async fn four_players_read_their_turns_in_their_own_language_and_a_japanese_reply_is_answered_in_japanese(app, sink) {
        // (name, language, the subject of a your-turn mail, a god gathering power in
        // words, the answer to a reply that played a turn)
        let seats = [
            ("anna", "it", "Tocca a te in", "ha raccolto energia", "è stato giocato"),
            ("bernard", "fr", "À vous de jouer dans", "a récolté du pouvoir", "est joué"),
            ("clara", "de", "Du bist dran in", "sammelte Kraft", "ist gespielt"),
            ("daichi", "ja", "であなたの手番です", "パワーを補充し", "を打ちました"),
        ];
        let mut players = Vec::new();
        for (name, lang, ..) in seats {
            let (p, email) = confirmed(&app, name).await;
            let (status, body) = app
                .call(
                    reqwest::Method::PATCH,
                    "/me/preferences",
                    Some(&p.token),
                    Some(json!({"lang": lang})),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            players.push((p, email));
        }
        let ps: Vec<Player> = players.iter().map(|(p, _)| p.clone()).collect();
        let id = new_game(&app, "gods", &ps).await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let english = ["Your turn", "of power", "was turned face up", "is played", "Turns played"];
        let mut japanese = 0;
        // Two rounds: every seat reads the others' turns in words, in its language.
        for _ in 0..8 {
            let g = game(&app, &id, &ps[0]).await;
            let seq = g["seq"].as_i64().unwrap();
            let seat = g["to_act"][0].as_u64().unwrap() as usize;
            let (name, lang, subject, gathered, played) = seats[seat];
            let (p, email) = &players[seat];
            let fits = |m: &Got| {
                m.to == *email && token_of(m).is_some_and(|t| t.seat == seat && t.seq == seq)
            };
            let mail = wait_mail(&sink, &format!("your turn, {lang}, at {seq}"), fits).await;
            assert!(mail.subject.contains(subject), "{lang}: {}", mail.subject);
            if seq > 0 {
                assert!(mail.text.contains(gathered), "{lang}: the events in words: {}", mail.text);
            }
            for phrase in english {
                assert!(!mail.text.contains(phrase), "{lang}: {phrase:?} in {}", mail.text);
            }
            if lang == "ja" {
                // The line above the mail shows the reply words of its reader's language.
                assert!(mail.text.contains("`発言：…`") && mail.text.contains("`ボード`"), "{}", mail.text);
            }
            let notation = gods_turn(&app, &id, p, &mut rng).await;
            let (mid, raw) = if lang == "ja" {
                japanese += 1;
                iso_2022_jp_reply(
                    email,
                    &mail,
                    &format!("発言：よろしくお願いします\n{notation}\n盤面"),
                )
            } else {
                reply(email, &mail, &notation, Shape::TopPosted, "")
            };
            send_smtp(&app, Some(email), mail.reply_to.as_deref().unwrap(), &raw)
                .await
                .expect("the listener takes the reply");
            let answer = wait_mail(&sink, &format!("the answer to {name}"), |m| {
                m.in_reply_to.as_deref() == Some(mid.as_str())
            })
            .await;
            assert!(answer.text.contains(played), "{lang}: {notation:?}: {}", answer.text);
            assert_eq!(game(&app, &id, &ps[0]).await["seq"], seq + 1, "{lang}: played");
            for phrase in english {
                assert!(!answer.text.contains(phrase), "{lang}: {phrase:?} in {}", answer.text);
            }
            if lang != "ja" {
                continue;
            }
            // The Japanese reply: decoded, its words read (発言：, 盤面), its quote left
            // out, and answered in Japanese: what the turn did, the talk, where the game
            // stands and the board.
            assert!(answer.subject.contains("であなたの手番です"), "{}", answer.subject);
            assert!(answer.text.contains("起きたこと"), "{}", answer.text);
            assert!(answer.text.contains(&format!("{name}.")) && answer.text.contains(" さんが"), "{}", answer.text);
            assert!(answer.text.contains("卓での発言"), "{}", answer.text);
            assert!(answer.text.contains("よろしくお願いします"), "{}", answer.text);
            assert!(answer.text.contains("ゲームの状況"), "{}", answer.text);
            assert!(answer.text.contains(&format!("これまでの手数：{}。", seq + 1)), "{}", answer.text);
            assert!(answer.attachments.iter().any(|a| a == "image/png"), "{:?}", answer.attachments);
            let (p0, _) = &players[0];
            let (status, talk) = app.get(&format!("/games/{id}/messages"), &p0.token).await;
            assert_eq!(status, StatusCode::OK, "{talk}");
            assert!(talk.to_string().contains("よろしくお願いします"), "{talk}");
            assert!(!talk.to_string().contains("Hermes <"), "the quote is not talk: {talk}");
            // The same mail answered again: the game has moved on, said in Japanese.
            let (again, raw) = iso_2022_jp_reply(email, &mail, &notation);
            send_smtp(&app, Some(email), mail.reply_to.as_deref().unwrap(), &raw)
                .await
                .expect("the listener takes the reply");
            let moved = wait_mail(&sink, "the answer to an old mail", |m| {
                m.in_reply_to.as_deref() == Some(again.as_str())
            })
            .await;
            assert!(moved.text.contains("先に進んでいます"), "{}", moved.text);
            assert!(
                moved.text.contains(&format!("stale_seq: ゲームは先に進んでいます：すでに{}手が打たれています", seq + 1)),
                "{}",
                moved.text
            );
            assert_eq!(game(&app, &id, &ps[0]).await["seq"], seq + 1, "nothing played");
        }
        assert_eq!(japanese, 2, "the Japanese seat replied in both rounds");

        // The same four read the game's page and the API's refusals in their language too,
        // with nothing but their account to tell it (no `Accept-Language`).
        let keys = hermes_api::auth::jwt::Keys::new(
            crate::helpers::JWT_SECRET.as_bytes(),
            crate::helpers::PUBLIC_URL,
        );
        let mut english_detail = None;
        for (seat, (name, lang, ..)) in seats.iter().enumerate() {
            let (p, _) = &players[seat];
            let link = hermes_api::links::turn_link(&keys, crate::helpers::PUBLIC_URL, &p.id, &id)
                .expect("a link");
            let path = link.strip_prefix(crate::helpers::PUBLIC_URL).expect("on the public URL");
            let res = app.client.get(format!("{}{path}", app.url)).send().await.expect("sent");
            assert_eq!(res.status(), StatusCode::OK, "{name}");
            let page = res.text().await.expect("a page");
            assert!(page.contains(&format!("<html lang=\"{lang}\">")), "{name}: {page}");
            assert!(page.contains("id=\"board-h\"") && !page.contains(">The board</h2>") && !page.contains(">The gods</h2>"), "{name}: {page}");
            let res = app
                .client
                .get(format!("{}/games?limit=0", app.url))
                .bearer_auth(&p.token)
                .send()
                .await
                .expect("sent");
            assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{name}");
            let told_in = res.headers()[reqwest::header::CONTENT_LANGUAGE].to_str().unwrap().to_string();
            assert_eq!(told_in, *lang, "{name}");
            let problem: Value = res.json().await.expect("a problem");
            assert_eq!(problem["code"], "invalid_query", "{name}: {problem}");
            let detail = problem["detail"].as_str().expect("a detail").to_string();
            assert!(!detail.contains("must be"), "{name}: {detail}");
            english_detail.get_or_insert_with(Vec::new).push(detail);
        }
        let details = english_detail.unwrap_or_default();
        let mut distinct = details.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 4, "one refusal, four languages: {details:?}");
    }
}
