//! Mail end to end: turns, starts and registrations write mail into the outbox, and the
//! server's worker delivers it over real SMTP to a listener this file starts on a local
//! port (see [`smtp`]). Whole games, an SMTP outage, a 550, two servers on one database,
//! a display name full of HTML, and a server killed with SIGKILL while mail is pending.

use crate::games::started_game;
use crate::helpers::{Player, ServeProcess, TestApp, BIN, JWT_SECRET, PUBLIC_URL};
use crate::play::play_to_the_end;
use hermes_api::cli::outbox as admin;
use hermes_api::clock::ManualClock;
use hermes_api::config::Settings;
use hermes_api::mail::{SmtpSecurity, TransportKind};
use reqwest::StatusCode;
use serde_json::{json, Value};
use smtp::SmtpServer;
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A small SMTP server on real TCP: enough of RFC 5321 for lettre, with switches for the
/// faults the tests need (while "down", greet with 421 and answer 421 to a command on a
/// connection opened before, closing it, as a server going down does; 550 for chosen
/// recipients).
pub mod smtp {
    use std::io::{BufRead, BufReader, Write};
    use std::net::{SocketAddr, TcpListener, TcpStream};
    use std::sync::{Arc, Mutex};
    use std::thread;

    /// One message as it arrived.
    #[derive(Debug, Clone, Default)]
    pub struct Received {
        pub rcpt_to: Vec<String>,
        pub data: Vec<u8>,
    }

    #[derive(Default)]
    struct Control {
        /// Answer every new connection, and the next command on an open one, with `421`
        /// and hang up.
        down: bool,
        /// Recipients refused with `550`.
        reject: Vec<String>,
        /// Connections answered with 421 so far.
        refused: usize,
        /// Keep each message's final `250` (the server has the message, the sender waits
        /// for its answer) until this is cleared.
        hold: bool,
        /// Messages held so far.
        held: usize,
    }

    #[derive(Clone)]
    pub struct SmtpServer {
        pub addr: SocketAddr,
        received: Arc<Mutex<Vec<Received>>>,
        control: Arc<Mutex<Control>>,
    }

    impl SmtpServer {
        pub fn start() -> SmtpServer {
            SmtpServer::start_on("127.0.0.1:0".parse().expect("address"))
        }

        /// Listen on `addr` (a port reserved earlier), until the test process ends.
        pub fn start_on(addr: SocketAddr) -> SmtpServer {
            let listener = TcpListener::bind(addr).expect("bind the SMTP port");
            let addr = listener.local_addr().expect("the bound address");
            let server = SmtpServer {
                addr,
                received: Arc::default(),
                control: Arc::default(),
            };
            let s = server.clone();
            thread::spawn(move || {
                for stream in listener.incoming().flatten() {
                    let s = s.clone();
                    thread::spawn(move || {
                        let _ = s.serve(stream);
                    });
                }
            });
            server
        }

        pub fn set_down(&self, down: bool) {
            self.control.lock().unwrap().down = down;
        }

        pub fn reject(&self, address: &str) {
            self.control
                .lock()
                .unwrap()
                .reject
                .push(address.to_string());
        }

        /// Hold each message's final answer (`true`), or answer the held ones (`false`).
        pub fn hold(&self, hold: bool) {
            self.control.lock().unwrap().hold = hold;
        }

        /// Messages whose answer was held, so far.
        pub fn held(&self) -> usize {
            self.control.lock().unwrap().held
        }

        /// Connections turned away with 421.
        pub fn refused(&self) -> usize {
            self.control.lock().unwrap().refused
        }

        pub fn received(&self) -> Vec<Received> {
            self.received.lock().unwrap().clone()
        }

        fn serve(&self, stream: TcpStream) -> std::io::Result<()> {
            let mut reader = BufReader::new(stream.try_clone()?);
            let mut out = stream;
            {
                let mut c = self.control.lock().unwrap();
                if c.down {
                    c.refused += 1;
                    out.write_all(b"421 4.3.2 smtp.test is down for a moment\r\n")?;
                    return Ok(());
                }
            }
            out.write_all(b"220 smtp.test ESMTP test listener\r\n")?;
            let mut current = Received::default();
            loop {
                let mut line = Vec::new();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    return Ok(());
                }
                let command = String::from_utf8_lossy(&line);
                let command = command.trim_end_matches(['\r', '\n']);
                let upper = command.to_ascii_uppercase();
                if self.control.lock().unwrap().down {
                    out.write_all(b"421 4.3.2 smtp.test is going down, closing\r\n")?;
                    return Ok(());
                }
                let reply: &[u8] = if upper.starts_with("EHLO") {
                    b"250-smtp.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n"
                } else if upper.starts_with("HELO") {
                    b"250 smtp.test\r\n"
                } else if upper.starts_with("MAIL FROM:") {
                    current = Received::default();
                    b"250 2.1.0 OK\r\n"
                } else if upper.starts_with("RCPT TO:") {
                    let to = angle(command);
                    if self.control.lock().unwrap().reject.contains(&to) {
                        b"550 5.1.1 no such mailbox\r\n"
                    } else {
                        current.rcpt_to.push(to);
                        b"250 2.1.5 OK\r\n"
                    }
                } else if upper == "DATA" {
                    out.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
                    let mut data = Vec::new();
                    loop {
                        let mut line = Vec::new();
                        if reader.read_until(b'\n', &mut line)? == 0 {
                            return Ok(());
                        }
                        if line == b".\r\n" || line == b".\n" {
                            break;
                        }
                        let line = if line.starts_with(b"..") {
                            &line[1..]
                        } else {
                            &line[..]
                        };
                        data.extend_from_slice(line);
                    }
                    if self.control.lock().unwrap().hold {
                        self.control.lock().unwrap().held += 1;
                        while self.control.lock().unwrap().hold {
                            thread::sleep(std::time::Duration::from_millis(10));
                        }
                    }
                    current.data = data;
                    self.received
                        .lock()
                        .unwrap()
                        .push(std::mem::take(&mut current));
                    b"250 2.0.0 OK queued\r\n"
                } else if upper == "RSET" || upper == "NOOP" {
                    b"250 2.0.0 OK\r\n"
                } else if upper == "QUIT" {
                    out.write_all(b"221 2.0.0 Bye\r\n")?;
                    return Ok(());
                } else {
                    b"502 5.5.2 Command not recognised\r\n"
                };
                out.write_all(reply)?;
            }
        }
    }

    fn angle(command: &str) -> String {
        let start = command.find('<').map_or(0, |i| i + 1);
        let end = command[start..]
            .find('>')
            .map_or(command.len(), |i| start + i);
        command[start..end].to_string()
    }
}

/// Send mail over SMTP to `addr`, polling often.
fn over_smtp(addr: SocketAddr) -> impl FnOnce(&mut Settings) {
    move |s: &mut Settings| {
        s.mail.transport = TransportKind::Smtp;
        s.mail.smtp.host = addr.ip().to_string();
        s.mail.smtp.port = Some(addr.port());
        s.mail.smtp.security = SmtpSecurity::None;
        s.mail.smtp.timeout_seconds = 5;
        s.mail.from = "Hermes <hermes@hermes.test>".into();
        s.mail_poll_ms = 50;
    }
}

/// One test on SQLite and on Postgres, each with its own SMTP listener; `manual` gives
/// the server a `ManualClock` (for jumping over backoffs), `system` the wall clock.
macro_rules! mail_test {
    ($clock:ident, async fn $name:ident($app:ident, $smtp:ident, $manual:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[allow(unused_variables)]
            async fn run($app: TestApp, $smtp: SmtpServer, $manual: Arc<ManualClock>) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let smtp = SmtpServer::start();
                let clock = ManualClock::starting_now();
                let app = mail_test!(@app $clock, sqlite, clock, smtp);
                run(app, smtp, clock).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let smtp = SmtpServer::start();
                let clock = ManualClock::starting_now();
                if let Some(app) = mail_test!(@app $clock, postgres, clock, smtp) {
                    run(app, smtp, clock).await
                }
            }
        }
    };
    (@app manual, sqlite, $c:ident, $s:ident) => {
        TestApp::sqlite_clocked($c.clone(), over_smtp($s.addr)).await
    };
    (@app manual, postgres, $c:ident, $s:ident) => {
        TestApp::postgres_clocked($c.clone(), over_smtp($s.addr)).await
    };
    (@app system, sqlite, $c:ident, $s:ident) => {
        TestApp::sqlite(over_smtp($s.addr)).await
    };
    (@app system, postgres, $c:ident, $s:ident) => {
        TestApp::postgres(over_smtp($s.addr)).await
    };
}

/// A received message, parsed.
#[derive(Debug)]
struct Mail {
    to: String,
    subject: String,
    headers: HashMap<String, String>,
    text: String,
    html: String,
    /// Content types of the non-text parts.
    attachments: Vec<String>,
    raw: String,
}

impl Mail {
    fn parse(r: &smtp::Received) -> Mail {
        let parsed = mailparse::parse_mail(&r.data).expect("a parsable message");
        let mut headers = HashMap::new();
        for h in &parsed.headers {
            headers.insert(h.get_key().to_ascii_lowercase(), h.get_value());
        }
        let mut text = String::new();
        let mut html = String::new();
        let mut attachments = Vec::new();
        fn walk(
            p: &mailparse::ParsedMail,
            text: &mut String,
            html: &mut String,
            att: &mut Vec<String>,
        ) {
            if p.subparts.is_empty() {
                match p.ctype.mimetype.as_str() {
                    "text/plain" => text.push_str(&p.get_body().unwrap()),
                    "text/html" => html.push_str(&p.get_body().unwrap()),
                    other => att.push(other.to_string()),
                }
            }
            for s in &p.subparts {
                walk(s, text, html, att);
            }
        }
        walk(&parsed, &mut text, &mut html, &mut attachments);
        Mail {
            to: r.rcpt_to.join(","),
            subject: headers.get("subject").cloned().unwrap_or_default(),
            headers,
            text,
            html,
            attachments,
            raw: String::from_utf8_lossy(&r.data).into_owned(),
        }
    }

    fn kind(&self) -> &'static str {
        let s = &self.subject;
        if s.starts_with("Your turn in") {
            "your_turn"
        } else if s.starts_with("Game over") {
            "game_over"
        } else if s.starts_with("Welcome") {
            "welcome"
        } else if s.contains("invites you") || s.starts_with("An invitation to play") {
            "invitation"
        } else {
            "other"
        }
    }

    fn message_id(&self) -> &str {
        self.headers.get("message-id").map_or("", String::as_str)
    }
}

/// Wait (up to 60 s) until `smtp` holds at least `n` messages.
async fn wait_for(smtp: &SmtpServer, n: usize) -> Vec<Mail> {
    wait_long(smtp, n, Duration::from_secs(60)).await
}

async fn wait_long(smtp: &SmtpServer, n: usize, limit: Duration) -> Vec<Mail> {
    let start = Instant::now();
    loop {
        let got = smtp.received();
        if got.len() >= n {
            // A little longer, so an extra (duplicate) message would show.
            tokio::time::sleep(Duration::from_millis(300)).await;
            return smtp.received().iter().map(Mail::parse).collect();
        }
        assert!(
            start.elapsed() < limit,
            "only {} of {n} mails arrived",
            got.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn email_of(app: &TestApp, p: &Player) -> String {
    let (status, me) = app.get("/me", &p.token).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    me["email"].as_str().unwrap().to_string()
}

/// A pool on the test server's database, for looking at the outbox.
fn pool(app: &TestApp) -> hermes_api::store::Pool {
    hermes_api::store::open(&app.database_url, 2).expect("open the test database")
}

fn counts(pool: &hermes_api::store::Pool) -> admin::Counts {
    admin::counts(&mut pool.get().unwrap()).unwrap()
}

/// The counts once `sent` rows are recorded sent and none is pending (or after 10 s): the
/// worker records a mail after the SMTP server has taken it, so a test that has just
/// received it may look before the record.
async fn recorded(pool: &hermes_api::store::Pool, sent: usize) -> admin::Counts {
    let start = std::time::Instant::now();
    loop {
        let c = counts(pool);
        if (c.sent >= sent as i64 && c.pending == 0) || start.elapsed() > Duration::from_secs(10) {
            return c;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The log's seats in order (entry 1 first).
async fn log_seats(app: &TestApp, id: &str, token: &str) -> Vec<usize> {
    log_turns(app, id, token)
        .await
        .into_iter()
        .map(|(seat, _)| seat)
        .collect()
}

/// The log's `(seat, turn)` in order (entry 1 first).
async fn log_turns(app: &TestApp, id: &str, token: &str) -> Vec<(usize, Value)> {
    let mut seats = Vec::new();
    let mut since = 0;
    loop {
        let (status, log) = app
            .get(&format!("/games/{id}/log?since={since}&limit=100"), token)
            .await;
        assert_eq!(status, StatusCode::OK, "{log}");
        let entries = log["entries"].as_array().unwrap();
        if entries.is_empty() {
            return seats;
        }
        for e in entries {
            seats.push((e["seat"].as_u64().unwrap() as usize, e["turn"].clone()));
        }
        since = log["next_since"].as_i64().unwrap();
    }
}

async fn a_whole_game_by_mail(app: TestApp, smtp: SmtpServer, n: usize, rng_seed: u64) {
    let (id, players) = started_game(&app, n).await;
    play_to_the_end(&app, &id, &players, rng_seed).await;
    let mut emails = Vec::new();
    for p in &players {
        emails.push(email_of(&app, p).await);
    }
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    assert_eq!(game["status"], "over");
    let seed = game["seed"].as_str().unwrap().to_string();
    let (game_seed, generator) = crate::helpers::engine_seed(&game);

    // Seat 0 starts; each later turn was played by the seat its your-turn mail went to.
    let seats = log_seats(&app, &id, &players[0].token).await;
    let expected: Vec<&str> = seats.iter().map(|&s| emails[s].as_str()).collect();
    let total = n + expected.len() + n; // welcome, your turn, game over
    let mails = wait_for(&smtp, total).await;
    assert_eq!(mails.len(), total, "exactly the expected mails, no more");

    // Mail to different gods goes out several at once, in no order among them; each god's
    // own mail comes in the order it was decided. A mail's sequence is its outbox row's
    // (the Message-ID names the row).
    let seqs: HashMap<String, i64> = {
        use diesel::prelude::*;
        use hermes_api::store::schema::outbox;
        outbox::table
            .filter(outbox::seq.is_not_null())
            .select((outbox::id, outbox::seq.assume_not_null()))
            .load::<(String, i64)>(&mut pool(&app).get().unwrap())
            .unwrap()
            .into_iter()
            .collect()
    };
    let seq_of = |m: &Mail| -> i64 {
        let id = m
            .message_id()
            .trim_start_matches("<outbox-")
            .split('@')
            .next()
            .unwrap_or("");
        *seqs
            .get(id)
            .unwrap_or_else(|| panic!("no outbox row for {}", m.message_id()))
    };
    let your_turn: Vec<&Mail> = mails.iter().filter(|m| m.kind() == "your_turn").collect();
    let mut by_seq = your_turn.clone();
    by_seq.sort_by_key(|m| seq_of(m));
    let got: Vec<&str> = by_seq.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(
        got, expected,
        "a your-turn mail for each turn, to the right god"
    );
    for e in &emails {
        let seqs: Vec<i64> = your_turn
            .iter()
            .filter(|m| m.to == *e)
            .map(|m| seq_of(m))
            .collect();
        assert!(
            seqs.windows(2).all(|w| w[0] < w[1]),
            "{e}'s your-turn mails out of order: {seqs:?}"
        );
    }
    let over: HashSet<&str> = mails
        .iter()
        .filter(|m| m.kind() == "game_over")
        .map(|m| m.to.as_str())
        .collect();
    assert_eq!(over, emails.iter().map(String::as_str).collect());
    assert_eq!(mails.iter().filter(|m| m.kind() == "welcome").count(), n);

    let ids: HashSet<&str> = mails.iter().map(Mail::message_id).collect();
    assert_eq!(ids.len(), mails.len(), "one Message-ID per mail");
    for m in &mails {
        assert!(m.message_id().starts_with("<outbox-"), "{:?}", m.headers);
        assert!(m.message_id().ends_with("@hermes.test>"), "{:?}", m.headers);
        let unsubscribe = &m.headers["list-unsubscribe"];
        assert!(
            unsubscribe.starts_with(&format!("<{PUBLIC_URL}/unsubscribe?token=")),
            "{unsubscribe}"
        );
        assert_eq!(
            m.headers["list-unsubscribe-post"],
            "List-Unsubscribe=One-Click"
        );
    }
    for m in your_turn.iter().chain(
        mails
            .iter()
            .filter(|m| m.kind() == "game_over")
            .collect::<Vec<_>>()
            .iter(),
    ) {
        assert!(
            m.attachments.iter().any(|a| a == "image/png"),
            "{}: no board: {:?}",
            m.subject,
            m.attachments
        );
    }
    // Your-turn mail k was decided at sequence k (one seat acts at a time): the order of
    // the pile then is in none of it (as play.rs checks every response).
    let kind = games::registry::kind("gods").unwrap();
    let log = log_turns(&app, &id, &players[0].token).await;
    for (k, m) in your_turn.iter().enumerate() {
        let state = kind
            .replay_with(game_seed, generator, n, &game["options"], &log[..k])
            .unwrap()
            .state();
        let pile = state["pile"].as_array().unwrap();
        if pile.len() >= 3 {
            let order = Value::Array(pile.clone()).to_string();
            assert!(
                !m.raw.contains(&order[1..order.len() - 1]),
                "the pile order in mail {k}"
            );
        }
    }
    for m in &your_turn {
        assert!(!m.raw.contains(&seed), "the seed in a your-turn mail");
        assert!(
            m.text
                .contains(&format!("{PUBLIC_URL}/games/{id}/play?token=")),
            "no turn link: {}",
            m.text
        );
    }
    // "The whole game" (your turn) and "Replay" (game over) open the replay page, signed
    // in for this game by the reader's own link: a page, not the API's 401.
    let over_mails: Vec<&Mail> = mails.iter().filter(|m| m.kind() == "game_over").collect();
    for m in your_turn.iter().take(2).chain(over_mails.iter()) {
        let prefix = format!("{PUBLIC_URL}/games/{id}/replay?token=");
        let start = m
            .text
            .find(&prefix)
            .unwrap_or_else(|| panic!("no replay link: {}", m.text));
        let link: String = m.text[start..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .collect();
        let res = app
            .client
            .get(format!("{}{}", app.url, &link[PUBLIC_URL.len()..]))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{link}");
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with("text/html"), "{ct}");
        assert!(res.text().await.unwrap().contains("Replay of Gods #"));
    }
    // The first mail of seat 0 had nothing to tell; later ones tell the other gods' turns.
    // (By the sequence: mail to different gods arrives in no order among them.)
    assert!(
        by_seq[0].text.contains("Nobody has played"),
        "{}",
        by_seq[0].text
    );
    assert!(
        by_seq[1].text.contains("Since your last turn"),
        "{}",
        by_seq[1].text
    );
    for m in mails.iter().filter(|m| m.kind() == "game_over") {
        assert!(m.text.contains(&seed), "the seed is revealed at the end");
    }
    let c = recorded(&pool(&app), total).await;
    assert_eq!((c.pending, c.sent, c.failed), (0, total as i64, 0));
}

mail_test!(
    system,
    async fn a_two_god_game_mails_each_god_in_turn_and_everyone_at_the_end(app, smtp, _clock) {
        a_whole_game_by_mail(app, smtp, 2, 7).await
    }
);

mail_test!(
    system,
    async fn a_three_god_game_mails_each_god_in_turn_and_everyone_at_the_end(app, smtp, _clock) {
        a_whole_game_by_mail(app, smtp, 3, 11).await
    }
);

mail_test!(
    system,
    async fn an_aborted_game_mails_every_player_that_it_is_over_and_why(app, smtp, _clock) {
        let (id, players) = started_game(&app, 2).await;
        let (status, g) = app
            .post(&format!("/games/{id}/abort"), &players[1].token, json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{g}");
        let seed = g["seed"].as_str().expect("the seed of a game over").to_string();
        // Two welcomes, seat 0's your-turn mail at the start, and a game-over mail each.
        let mails = wait_for(&smtp, 5).await;
        assert_eq!(mails.len(), 5, "{:?}", mails.iter().map(|m| &m.subject).collect::<Vec<_>>());
        let over: Vec<&Mail> = mails.iter().filter(|m| m.kind() == "game_over").collect();
        let mut to: Vec<&str> = over.iter().map(|m| m.to.as_str()).collect();
        to.sort_unstable();
        let mut emails = vec![email_of(&app, &players[0]).await, email_of(&app, &players[1]).await];
        emails.sort_unstable();
        assert_eq!(to, emails, "one game-over mail to each player");
        for m in over {
            assert!(m.text.contains("before anyone moved"), "{}", m.text);
            assert!(m.text.contains("(seat 1)"), "who aborted it: {}", m.text);
            assert!(m.text.contains("Nobody won."), "{}", m.text);
            assert!(m.text.contains(&seed), "the seed, as at any game's end: {}", m.text);
        }
    }
);

mail_test!(
    system,
    async fn a_deleted_game_mails_who_joined_it_and_not_its_creator(app, smtp, _clock) {
        let ann = app.player("ann").await;
        let bo = app.player("bo").await;
        let (status, g) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 3}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{g}");
        let id = g["id"].as_str().unwrap().to_string();
        let (status, body) = app
            .post(&format!("/games/{id}/join"), &bo.token, json!({"code": g["join_code"]}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = app.delete(&format!("/games/{id}"), &ann.token).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        // Two welcomes and Bo's.
        let mails = wait_for(&smtp, 3).await;
        let c = recorded(&pool(&app), 3).await;
        assert_eq!((c.pending, c.sent, c.failed), (0, 3, 0), "no mail to the creator");
        let deleted: Vec<&Mail> = mails
            .iter()
            .filter(|m| m.subject.contains("was deleted before it started"))
            .collect();
        assert_eq!(deleted.len(), 1, "{:?}", mails.iter().map(|m| &m.subject).collect::<Vec<_>>());
        assert_eq!(deleted[0].to, email_of(&app, &bo).await);
        let (_, me) = app.get("/me", &ann.token).await;
        let ann_name = me["display_name"].as_str().unwrap();
        assert!(
            deleted[0].text.contains(&format!("{ann_name}, who created")),
            "who deleted it: {}",
            deleted[0].text
        );
        assert!(deleted[0].text.contains(PUBLIC_URL), "the lobby: {}", deleted[0].text);
    }
);

mail_test!(
    manual,
    async fn a_mail_whose_lease_runs_out_while_it_is_sent_is_not_claimed_and_sent_again(app, smtp, clock) {
        // The worker claims more rows while it sends. A row whose lease runs out during a
        // slow send is due again, and the next claim takes it again: it must not be sent
        // a second time.
        let pool = pool(&app);
        smtp.hold(true);
        let _ = started_game(&app, 2).await;
        let start = Instant::now();
        while smtp.held() == 0 {
            assert!(start.elapsed() < Duration::from_secs(10), "no mail reached the server");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        // Past the lease of every row claimed so far; the worker claims every 50 ms.
        clock.advance(hermes_api::outbox::LEASE + chrono::Duration::seconds(1));
        hermes_api::outbox::wake(&app.state);
        tokio::time::sleep(Duration::from_millis(600)).await;
        smtp.hold(false);
        // Two welcomes and the first your-turn mail.
        let mails = wait_for(&smtp, 3).await;
        let c = recorded(&pool, 3).await;
        assert_eq!((c.pending, c.sent, c.failed), (0, 3, 0));
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mails: Vec<Mail> = if smtp.received().len() > mails.len() {
            smtp.received().iter().map(Mail::parse).collect()
        } else {
            mails
        };
        let ids: HashSet<&str> = mails.iter().map(Mail::message_id).collect();
        assert_eq!((mails.len(), ids.len()), (3, 3), "each mail once: {ids:?}");
    }
);

/// Wait until every pending row has been tried at least `attempts` times.
async fn wait_for_attempts(pool: &hermes_api::store::Pool, rows: usize, attempts: i64) {
    use diesel::prelude::*;
    use hermes_api::store::schema::outbox;
    let start = Instant::now();
    loop {
        let tried: Vec<i64> = outbox::table
            .filter(outbox::sent_at.is_null())
            .select(outbox::attempts)
            .load(&mut pool.get().unwrap())
            .unwrap();
        if tried.len() == rows && tried.iter().all(|&a| a >= attempts) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "attempts {tried:?}, waiting for {attempts}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

mail_test!(
    manual,
    async fn mail_waits_out_an_smtp_outage_and_a_550_is_kept_as_failed(app, smtp, clock) {
        let pool = pool(&app);
        smtp.set_down(true);
        // Two welcomes and the first your-turn mail, while the server answers 421.
        let (id, players) = started_game(&app, 2).await;
        // The clock stands still, so both joined at the same instant: ask who is seat 0.
        let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
        let seat0 = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["seat"] == 0)
            .unwrap()["user_id"]
            .clone();
        let first_player = players.iter().find(|p| p.id == seat0).unwrap();
        let first = email_of(&app, first_player).await;
        for round in 1..=3 {
            wait_for_attempts(&pool, 3, round).await;
            assert!(smtp.received().is_empty());
            // Past any backoff so far (2^3 s plus jitter at most).
            clock.advance(chrono::Duration::minutes(1));
        }
        let c = counts(&pool);
        assert_eq!((c.pending, c.sent, c.failed), (3, 0, 0));
        assert!(smtp.refused() >= 9, "{} connections refused", smtp.refused());

        smtp.set_down(false);
        let mails = wait_for(&smtp, 3).await;
        assert_eq!(mails.len(), 3, "each mail exactly once");
        let ids: HashSet<&str> = mails.iter().map(Mail::message_id).collect();
        assert_eq!(ids.len(), 3);
        assert_eq!(
            mails.iter().filter(|m| m.kind() == "your_turn").map(|m| m.to.as_str()).collect::<Vec<_>>(),
            vec![first.as_str()]
        );
        {
            use diesel::prelude::*;
            use hermes_api::store::schema::outbox;
            let attempts: Vec<i64> = outbox::table
                .select(outbox::attempts)
                .load(&mut pool.get().unwrap())
                .unwrap();
            assert_eq!(attempts, vec![4, 4, 4], "three failures and the success, counted");
        }

        // A mailbox the server refuses with 550: failed at once, kept, visible.
        let email = format!("refused.{}@example.org", rand::random::<u32>());
        smtp.reject(&email);
        let (status, body) = app.register(&email, "a long password").await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        let start = Instant::now();
        while counts(&pool).failed == 0 {
            assert!(start.elapsed() < Duration::from_secs(30), "not marked failed");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let failed = admin::failed(&mut pool.get().unwrap()).unwrap();
        assert_eq!(failed.len(), 1);
        assert_eq!(failed[0].to_addr, email);
        assert_eq!(failed[0].attempts, 1, "a permanent error is not retried");
        let error = failed[0].last_error.clone().unwrap_or_default();
        assert!(error.contains("550"), "{error}");
        assert_eq!(smtp.received().len(), 3);

        // The operator sees it and can requeue it.
        let out = std::process::Command::new(BIN)
            .args(["outbox", "--database-url", &app.database_url])
            .env_clear()
            .output()
            .expect("run hermes outbox");
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{report} {}", String::from_utf8_lossy(&out.stderr));
        assert!(report.contains("pending 0  sent 3  failed 1"), "{report}");
        assert!(report.contains(&failed[0].id) && report.contains(&email), "{report}");
        let out = std::process::Command::new(BIN)
            .args(["outbox", "--database-url", &app.database_url, "retry", &failed[0].id])
            .env_clear()
            .output()
            .expect("run hermes outbox retry");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let c = counts(&pool);
        assert!(c.pending + c.failed == 1 && c.sent == 3, "{c:?}");
    }
);

mail_test!(
    system,
    async fn two_servers_on_one_database_deliver_each_mail_once(app, smtp, _clock) {
        let twin = app.twin_with(over_smtp(smtp.addr)).await;
        let mut players = Vec::new();
        for i in 0..6 {
            players.push(app.player(&format!("w{i}")).await);
        }
        // Games started on both servers: each start mails seat 0.
        for pair in players.chunks(2) {
            let (status, game) = app
                .post("/games", &pair[0].token, json!({"kind": "gods", "seats": 2}))
                .await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            let id = game["id"].as_str().unwrap();
            let (status, body) = twin
                .post(
                    &format!("/games/{id}/join"),
                    &pair[1].token,
                    json!({"code": game["join_code"]}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // And a burst written straight into the outbox, which both workers race for.
        let burst = 60;
        {
            use hermes_api::store::outbox::{enqueue, NewMail};
            let pool = pool(&app);
            let mut conn = pool.get().unwrap();
            let now = chrono::Utc::now().naive_utc();
            for i in 0..burst {
                let added = enqueue(
                    &mut conn,
                    &NewMail {
                        dedupe_key: Some(format!("burst:{i}")),
                        template: "welcome",
                        user_id: Some(players[0].id.clone()),
                        to_addr: format!("burst{i}@example.org"),
                        to_name: None,
                        game_id: None,
                        seq: None,
                        data: json!({"verify_url": "", "verify_valid_for": "2 days"}),
                        at: now,
                    },
                )
                .unwrap();
                assert!(added);
            }
        }
        let expected = 6 + 3 + burst;
        let mails = wait_for(&smtp, expected).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mails = if smtp.received().len() > mails.len() {
            smtp.received().iter().map(Mail::parse).collect()
        } else {
            mails
        };
        let ids: HashSet<&str> = mails.iter().map(Mail::message_id).collect();
        assert_eq!(mails.len(), expected, "each mail once");
        assert_eq!(ids.len(), expected);
        let c = recorded(&pool(&app), expected).await;
        assert_eq!((c.pending, c.sent, c.failed), (0, expected as i64, 0));
        // Which worker sent what (a sent row keeps its last lease owner): both took part.
        use diesel::prelude::*;
        use hermes_api::store::schema::outbox;
        let owners: Vec<Option<String>> = outbox::table
            .select(outbox::lease_owner)
            .load(&mut pool(&app).get().unwrap())
            .unwrap();
        let mut by_owner: HashMap<String, usize> = HashMap::new();
        for o in owners {
            *by_owner.entry(o.unwrap_or_default()).or_default() += 1;
        }
        println!("mails sent per worker: {by_owner:?}");
        assert!(!by_owner.contains_key(""), "a sent row without its sender");
    }
);

mail_test!(
    system,
    async fn a_display_name_full_of_html_comes_out_escaped_in_every_mail(app, smtp, _clock) {
        let nasty = r#"<img src=x onerror=alert(1)>&<b>"Zeus'</b>"#;
        let email = format!("nasty.{}@example.org", rand::random::<u32>());
        let (status, user) = app
            .call(
                reqwest::Method::POST,
                "/users",
                None,
                Some(json!({"email": email, "display_name": nasty, "password": "a long password"})),
            )
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{user}");
        let (_, login) = app.login(&email, "a long password").await;
        let nasty_player = Player {
            id: login["user"]["id"].as_str().unwrap().to_string(),
            token: login["access_token"].as_str().unwrap().to_string(),
        };
        let other = app.player("plain").await;
        let players = [nasty_player, other];
        let (status, game) = app
            .post(
                "/games",
                &players[0].token,
                json!({"kind": "gods", "seats": 2, "random_seats": false,
                       "invite": ["someone.new@example.org"]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        let (status, _) = app
            .post(&format!("/games/{id}/join"), &players[1].token, json!({"code": game["join_code"]}))
            .await;
        assert_eq!(status, StatusCode::OK);
        play_to_the_end(&app, &id, &players, 3).await;
        let seats = log_seats(&app, &id, &players[0].token).await;
        // 2 welcomes, 1 invitation, the your-turn mails, 2 game-over mails.
        let mails = wait_for(&smtp, 2 + 1 + seats.len() + 2).await;
        let kinds: HashSet<&str> = mails.iter().map(Mail::kind).collect();
        for k in ["welcome", "invitation", "your_turn", "game_over"] {
            assert!(kinds.contains(k), "no {k} mail");
        }
        for m in &mails {
            let names_him = m.text.contains("Zeus") || m.to == email;
            assert!(!m.html.contains("<img src=x"), "{}: raw HTML: {}", m.subject, m.html);
            assert!(!m.html.contains("<b>\""), "{}", m.subject);
            if names_him && m.kind() != "welcome" {
                assert!(
                    m.html.contains("&lt;img src=x onerror=alert(1)&gt;"),
                    "{}: not escaped: {}",
                    m.subject,
                    m.html
                );
            }
        }
    }
);

/// A `hermes serve` process on a SQLite file in `dir`, mailing over SMTP to `smtp`.
struct Process;

impl Process {
    fn start(dir: &std::path::Path, smtp: SocketAddr) -> ServeProcess {
        ServeProcess::start(&[
            ("HERMES_DATA_DIR", dir.display().to_string()),
            ("HERMES_JWT_SECRET", JWT_SECRET.to_string()),
            ("HERMES_PUBLIC_URL", PUBLIC_URL.to_string()),
            ("HERMES_LOGIN_PER_IP_PER_MINUTE", "1000".to_string()),
            ("HERMES_MAIL_TRANSPORT", "smtp".to_string()),
            ("HERMES_SMTP_HOST", smtp.ip().to_string()),
            ("HERMES_SMTP_PORT", smtp.port().to_string()),
            ("HERMES_SMTP_SECURITY", "none".to_string()),
            ("HERMES_MAIL_POLL_MS", "50".to_string()),
            // Every mail pending at the kill must go out after the restart, the your-turn
            // mails of seats that have moved since included (see `stale_your_turn_mail`).
            ("HERMES_MAIL_DROP_SUPERSEDED", "false".to_string()),
        ])
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_with_mail_pending_delivers_it_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    // A port for the SMTP server, which is not up yet: connections are refused.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let mut first = Process::start(dir.path(), port);
    let client = reqwest::Client::new();
    let mut players = Vec::new();
    for i in 0..2 {
        let email = format!("k{i}.{}@example.org", rand::random::<u32>());
        let res = client
            .post(format!("{}/users", first.url))
            .json(&json!({"email": email, "display_name": format!("k{i}"), "password": "a long password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        let res = client
            .post(format!("{}/auth/login", first.url))
            .json(&json!({"email": email, "password": "a long password"}))
            .send()
            .await
            .unwrap();
        let login: Value = res.json().await.unwrap();
        players.push(Player {
            id: login["user"]["id"].as_str().unwrap().to_string(),
            token: login["access_token"].as_str().unwrap().to_string(),
        });
    }
    let res = client
        .post(format!("{}/games", first.url))
        .bearer_auth(&players[0].token)
        .json(&json!({"kind": "gods", "seats": 2, "random_seats": false}))
        .send()
        .await
        .unwrap();
    let game: Value = res.json().await.unwrap();
    let id = game["id"].as_str().unwrap().to_string();
    let res = client
        .post(format!("{}/games/{id}/join", first.url))
        .bearer_auth(&players[1].token)
        .json(&json!({"code": game["join_code"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // Play turns; each 201 is an acknowledged turn.
    let mut rng = games::Rng::from_seed(&games::Seed::from_u64(5));
    let mut acknowledged = 0;
    for _ in 0..6 {
        let res = client
            .get(format!("{}/games/{id}", first.url))
            .bearer_auth(&players[0].token)
            .send()
            .await
            .unwrap();
        let game: Value = res.json().await.unwrap();
        let seq = game["seq"].as_i64().unwrap();
        let view: games::gods::view::GodsView =
            serde_json::from_value(game["view"].clone()).unwrap();
        let local = games::gods::Gods::from_view(&view);
        let turn = games::gods::random::random_turn(&local, &mut rng).unwrap();
        let seat = game["to_act"][0].as_u64().unwrap() as usize;
        let res = client
            .post(format!("{}/games/{id}/turns", first.url))
            .bearer_auth(&players[seat].token)
            .json(&json!({"expected_seq": seq, "turn": turn}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CREATED);
        acknowledged += 1;
    }
    // SIGKILL: no shutdown, mail pending (the SMTP server was never reachable).
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    drop(first);

    let smtp = SmtpServer::start_on(port);
    let second = Process::start(dir.path(), port);
    let expected = 2 + 1 + acknowledged; // welcomes, the start, one per turn
                                         // A row the killed worker held stays leased until its lease (60 s) runs out.
    let mails = wait_long(&smtp, expected, Duration::from_secs(150)).await;
    assert_eq!(mails.len(), expected, "every pending mail, once");
    let ids: HashSet<&str> = mails.iter().map(Mail::message_id).collect();
    assert_eq!(ids.len(), expected);
    let res = client
        .get(format!("{}/games/{id}", second.url))
        .bearer_auth(&players[0].token)
        .send()
        .await
        .unwrap();
    let game: Value = res.json().await.unwrap();
    assert_eq!(
        game["seq"], acknowledged as i64,
        "no acknowledged turn lost"
    );
}

mail_test!(
    system,
    async fn an_address_invited_twice_gets_one_invitation_with_the_join_link(app, smtp, _clock) {
        let ann = app.player("ann").await;
        let (status, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 3}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap();
        let code = game["join_code"].as_str().unwrap();
        for _ in 0..2 {
            let (status, body) = app
                .post(
                    &format!("/games/{id}/invites"),
                    &ann.token,
                    json!({"email": "Cleo@Example.org"}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        // Ann's welcome, one invitation.
        let mails = wait_for(&smtp, 2).await;
        assert_eq!(mails.len(), 2, "{:?}", mails.iter().map(|m| &m.subject).collect::<Vec<_>>());
        let welcome = mails.iter().find(|m| m.kind() == "welcome").unwrap();
        assert!(
            welcome.text.contains(&format!("{PUBLIC_URL}/verify?token=")),
            "{}",
            welcome.text
        );
        let invitation = mails.iter().find(|m| m.kind() == "invitation").unwrap();
        assert_eq!(invitation.to, "cleo@example.org");
        assert!(
            invitation.text.contains(&format!("{PUBLIC_URL}/join/{code}")),
            "{}",
            invitation.text
        );
        assert!(invitation.text.contains("ann"), "{}", invitation.text);
    }
);

/// `(round, vision, mortal seat)` from a Dreams reveal as mail tells it: `Round 2
/// revealed: the true vision was image 3 (…), and Ada (seat 0) was the mortal.`
fn revealed_in(text: &str) -> Option<(u64, u64, u64)> {
    let text = text.replace('\n', " ");
    let start = text.find("Round ")?;
    let rest = &text[start + "Round ".len()..];
    let (round, rest) = rest.split_once(" revealed: the true vision was image ")?;
    let vision = rest.get(..1)?;
    let before = &rest[..rest.find(") was the mortal")?];
    let seat = &before[before.rfind("(seat ")? + "(seat ".len()..];
    Some((
        round.parse().ok()?,
        vision.parse().ok()?,
        seat.parse().ok()?,
    ))
}

/// The round a Dreams your-turn mail is about, from its subject: `… (round 3)`.
fn round_of(subject: &str) -> Option<u64> {
    subject
        .rsplit_once("(round ")
        .and_then(|(_, r)| r.trim_end_matches(')').parse().ok())
}

mail_test!(
    system,
    async fn a_dreams_game_mails_stars_guesses_and_reveals_and_never_a_secret_before_its_time(
        app,
        smtp,
        _clock
    ) {
        use rand::{Rng, SeedableRng};
        let n = 3;
        let mut players = Vec::new();
        for i in 0..n {
            players.push(app.player(&format!("dreamer{i}")).await);
        }
        let (status, game) = app
            .post(
                "/games",
                &players[0].token,
                json!({"kind": "dreams", "seats": n, "random_seats": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        for p in &players[1..] {
            let (status, body) = app
                .post(&format!("/games/{id}/join"), &p.token, json!({"code": game["join_code"]}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // Seats by the server's word, and each seat's address.
        let (_, g) = app.get(&format!("/games/{id}"), &players[0].token).await;
        let mut by_seat: Vec<(Player, String)> = Vec::new();
        for seat in 0..n {
            let user = g["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["seat"] == seat)
                .unwrap()["user_id"]
                .clone();
            let p = players.iter().find(|p| p.id == user).unwrap().clone();
            let email = email_of(&app, &p).await;
            by_seat.push((p, email));
        }
        let seat_of = |email: &str| by_seat.iter().position(|(_, e)| e == email);

        // Random legal turns, no passes, until the game is over.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        let mut rounds = 0;
        loop {
            let (_, g) = app.get(&format!("/games/{id}"), &players[0].token).await;
            if g["status"] == "over" {
                break;
            }
            rounds = g["view"]["round"].as_u64().unwrap();
            let seat = g["to_act"][0].as_u64().unwrap() as usize;
            let p = &by_seat[seat].0;
            let (status, legal) = app.get(&format!("/games/{id}/legal"), &p.token).await;
            assert_eq!(status, StatusCode::OK, "{legal}");
            let l = &legal["legal"];
            let pick = |list: &Value, rng: &mut rand_chacha::ChaCha8Rng| {
                let list = list.as_array().unwrap();
                list[rng.gen_range(0..list.len())].clone()
            };
            let turn = match l["phase"].as_str().unwrap() {
                "stars" => {
                    let taken: Vec<(u64, u64)> = l["taken"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|p| (p["x"].as_u64().unwrap(), p["y"].as_u64().unwrap()))
                        .collect();
                    let (x, y) = loop {
                        let (x, y) = (rng.gen_range(0..=100u64), rng.gen_range(0..=100u64));
                        if !taken.contains(&(x, y)) {
                            break (x, y);
                        }
                    };
                    json!({"star": {"kind": pick(&l["kinds"], &mut rng), "x": x, "y": y}})
                }
                _ if l["seats"].as_array().unwrap().is_empty() => {
                    json!({"guess": {"image": pick(&l["images"], &mut rng)}})
                }
                _ => json!({"guess": {"seat": pick(&l["seats"], &mut rng)}}),
            };
            let (status, body) = app
                .post(
                    &format!("/games/{id}/turns"),
                    &p.token,
                    json!({"expected_seq": legal["seq"], "turn": turn}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{turn}: {body}");
        }

        // welcome n; per round n·3 star mails and n guess mails; n reveal mails for each
        // round but the last, which the n game-over mails tell.
        let rounds = rounds as usize;
        let total = n + rounds * (3 * n + n) + (rounds - 1) * n + n;
        // Every mail draws a picture (a debug build on a busy machine: slow), so wait for
        // the outbox to drain, and say why if a mail failed.
        let pool = pool(&app);
        let start = Instant::now();
        while counts(&pool).pending > 0 && start.elapsed() < Duration::from_secs(600) {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let failed = admin::failed(&mut pool.get().unwrap()).unwrap();
        assert!(failed.is_empty(), "{:?}", failed.iter().map(|f| &f.last_error).collect::<Vec<_>>());
        let mails = wait_long(&smtp, total, Duration::from_secs(60)).await;
        assert_eq!(mails.len(), total, "exactly the expected mails, no more");
        let c = counts(&pool);
        assert_eq!((c.pending, c.sent, c.failed), (0, total as i64, 0));

        // What each round hid, as its reveal (or the game-over mail) tells it.
        let mut secrets: HashMap<u64, (u64, u64)> = HashMap::new();
        for m in &mails {
            if m.subject.contains("revealed in") || m.kind() == "game_over" {
                let (round, vision, mortal) =
                    revealed_in(&m.text).unwrap_or_else(|| panic!("no reveal in {}", m.text));
                if let Some(before) = secrets.insert(round, (vision, mortal)) {
                    assert_eq!(before, (vision, mortal), "one reveal per round");
                }
                assert!(m.attachments.iter().any(|a| a == "image/png"), "{}", m.subject);
                assert!(m.raw.contains("reveal.png"), "{}", m.subject);
            }
        }
        assert_eq!(secrets.len(), rounds, "every round revealed once");
        let mut stars: HashMap<(u64, usize), usize> = HashMap::new();
        let mut guesses: HashMap<(u64, usize), usize> = HashMap::new();
        for m in mails.iter().filter(|m| m.kind() == "your_turn") {
            let seat = seat_of(&m.to).expect("a player");
            let round = round_of(&m.subject).expect("a round in the subject");
            let (vision, mortal) = secrets[&round];
            assert!(m.attachments.iter().any(|a| a == "image/png"), "{}", m.subject);
            assert!(m.raw.contains("board.png"));
            assert!(m.text.contains(&format!("{PUBLIC_URL}/games/{id}/play?token=")), "{}", m.text);
            // D-S1: before the reveal the mortal is in no mail, the vision only in gods'.
            for body in [&m.text, &m.html, &m.subject] {
                assert!(!body.contains("was the mortal"), "{body}");
            }
            if seat as u64 == mortal {
                assert!(m.text.contains("You are the mortal this round"), "{}", m.text);
                assert!(!m.text.contains("true vision is"), "{}", m.text);
            } else {
                assert!(
                    m.text.contains(&format!("the true vision is image {vision}.")),
                    "{}",
                    m.text
                );
            }
            if m.subject.contains("place a star") {
                *stars.entry((round, seat)).or_default() += 1;
            } else {
                assert!(m.subject.contains("time to guess"), "{}", m.subject);
                *guesses.entry((round, seat)).or_default() += 1;
            }
        }
        for round in 1..=rounds as u64 {
            for seat in 0..n {
                assert_eq!(stars.get(&(round, seat)), Some(&3), "round {round} seat {seat}");
                assert_eq!(guesses.get(&(round, seat)), Some(&1), "one guess mail, round {round}");
            }
        }
        assert_eq!(mails.iter().filter(|m| m.kind() == "game_over").count(), n);
    }
);

mail_test!(
    system,
    async fn a_dreams_mail_of_a_custom_deck_shows_its_titles_and_draws_its_pictures(
        app,
        smtp,
        _clock
    ) {
        let players = [
            app.player("maker").await,
            app.player("b").await,
            app.player("c").await,
        ];
        let card = |n: usize| {
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\" viewBox=\"0 0 100 100\">\
                 <rect width=\"100\" height=\"100\" fill=\"hsl({} 60% 60%)\"/></svg>",
                n * 5
            )
        };
        let cards: Vec<Value> = (0..72)
            .map(|n| json!({"title": format!("Night dream {n}"), "svg": card(n)}))
            .collect();
        let (status, deck) = app
            .post("/decks", &players[0].token, json!({"name": "Nights", "cards": cards}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{deck}");
        let (status, game) = app
            .post(
                "/games",
                &players[0].token,
                json!({"kind": "dreams", "seats": 3, "options": {"deck": deck["id"]}}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        for p in &players[1..] {
            let (status, body) = app
                .post(&format!("/games/{id}/join"), &p.token, json!({"code": game["join_code"]}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // Three welcomes and the first star mail.
        let mails = wait_for(&smtp, 4).await;
        let turn = mails
            .iter()
            .find(|m| m.kind() == "your_turn")
            .expect("a your-turn mail");
        assert!(turn.subject.contains("place a star (round 1)"), "{}", turn.subject);
        let (_, g) = app.get(&format!("/games/{id}"), &players[0].token).await;
        for card in g["view"]["cards"].as_array().unwrap() {
            let title = format!("Night dream {card}");
            assert!(turn.text.contains(&title), "{title} not in {}", turn.text);
        }
        // The deck's own pictures are laid over the drawing: a truecolour PNG (the
        // standard deck's is a palette PNG).
        let parsed = mailparse::parse_mail(turn.raw.as_bytes()).unwrap();
        fn png(p: &mailparse::ParsedMail) -> Option<Vec<u8>> {
            if p.ctype.mimetype == "image/png" {
                return p.get_body_raw().ok();
            }
            p.subparts.iter().find_map(png)
        }
        let bytes = png(&parsed).expect("the firmament");
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_eq!(bytes[25], 2, "colour type RGB: the deck's pictures are in it");
        // For a look: HERMES_MAIL_PNG=/tmp/x.png cargo test … a_dreams_mail_of_a_custom_deck
        if let Ok(path) = std::env::var("HERMES_MAIL_PNG") {
            std::fs::write(path, &bytes).unwrap();
        }
    }
);

/// With `mail_drop_superseded`: the worker skips a your-turn mail whose reader has acted
/// since it was decided (marked `superseded`, counted apart), sends the one whose reader
/// has not, and always sends the game-over mails, though their readers acted last.
async fn stale_your_turn_mail_is_superseded_and_game_over_mail_is_not(
    app: TestApp,
    smtp: SmtpServer,
    clock: Arc<ManualClock>,
) {
    let pool = pool(&app);
    smtp.set_down(true);
    let (id, players) = started_game(&app, 2).await;
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    // The clock stands still, so both joined at the same instant: ask who sits where.
    let mut by_seat: Vec<Player> = Vec::new();
    for seat in 0..2 {
        let user = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["seat"] == seat)
            .unwrap()["user_id"]
            .clone();
        by_seat.push(players.iter().find(|p| p.id == user).unwrap().clone());
    }
    let second = email_of(&app, &by_seat[1]).await;
    // Seat 0 moves before its your-turn mail (sequence 0) could go out: once the worker
    // has tried it (the server is down).
    wait_until_tried(&pool).await;
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    let turn = crate::play::random_turn(&app, &id, &by_seat[0], &mut rng, &mut Vec::new()).await;
    let (status, body) = app
        .post(
            &format!("/games/{id}/turns"),
            &by_seat[0].token,
            json!({"expected_seq": 0, "turn": turn}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Nothing in flight (a mail checked before the turn and sent after the server is up
    // would be a race, not the rule), then the server comes back.
    wait_until_tried(&pool).await;
    smtp.set_down(false);
    clock.advance(chrono::Duration::hours(2));
    let mails = wait_for(&smtp, 3).await;
    let your_turn: Vec<&str> = mails
        .iter()
        .filter(|m| m.kind() == "your_turn")
        .map(|m| m.to.as_str())
        .collect();
    assert_eq!(
        your_turn,
        vec![second.as_str()],
        "only the mail of the seat that has not moved yet"
    );
    let start = Instant::now();
    while counts(&pool).superseded < 1 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            counts(&pool)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let c = counts(&pool);
    assert_eq!(
        (c.pending, c.sent, c.failed, c.superseded),
        (0, 3, 0, 1),
        "two welcomes and seat 1's your-turn mail sent, seat 0's superseded"
    );

    // The rest of the game while the SMTP server is down: every your-turn mail is stale by
    // the time it can go, the game-over mails are not.
    smtp.set_down(true);
    play_to_the_end(&app, &id, &by_seat, 9).await;
    let turns = log_seats(&app, &id, &by_seat[0].token).await.len() as i64;
    wait_until_tried(&pool).await;
    smtp.set_down(false);
    clock.advance(chrono::Duration::hours(2));
    let mails = wait_for(&smtp, 5).await;
    assert_eq!(
        mails.len(),
        5,
        "{:?}",
        mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    let over: HashSet<&str> = mails
        .iter()
        .filter(|m| m.kind() == "game_over")
        .map(|m| m.to.as_str())
        .collect();
    assert_eq!(over.len(), 2, "a game-over mail to each player");
    let start = Instant::now();
    loop {
        let c = counts(&pool);
        // A your-turn row at the start and after every turn but the last.
        if c.pending == 0 {
            assert_eq!((c.sent, c.failed, c.superseded), (5, 0, turns - 1), "{c:?}");
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{c:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let out = std::process::Command::new(BIN)
        .args(["outbox", "--database-url", &app.database_url])
        .env_clear()
        .output()
        .expect("run hermes outbox");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains(&format!(
            "pending 0  sent 5  failed 0  superseded {}",
            turns - 1
        )),
        "{report}"
    );
}

/// Wait until every mail not yet sent nor superseded has been tried and is not held by
/// the worker (nothing in flight).
async fn wait_until_tried(pool: &hermes_api::store::Pool) {
    use diesel::prelude::*;
    use hermes_api::store::schema::outbox;
    let start = Instant::now();
    loop {
        let open: Vec<(i64, Option<String>)> = outbox::table
            .filter(outbox::sent_at.is_null())
            .filter(outbox::superseded_at.is_null())
            .select((outbox::attempts, outbox::lease_owner))
            .load(&mut pool.get().unwrap())
            .unwrap();
        if open.iter().all(|(a, owner)| *a >= 1 && owner.is_none()) {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{open:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn dropping_superseded(addr: SocketAddr) -> impl FnOnce(&mut Settings) {
    move |s| {
        over_smtp(addr)(s);
        s.mail_drop_superseded = true;
    }
}

mod stale_your_turn_mail {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        let smtp = SmtpServer::start();
        let clock = ManualClock::starting_now();
        let app = TestApp::sqlite_clocked(clock.clone(), dropping_superseded(smtp.addr)).await;
        stale_your_turn_mail_is_superseded_and_game_over_mail_is_not(app, smtp, clock).await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let smtp = SmtpServer::start();
        let clock = ManualClock::starting_now();
        if let Some(app) =
            TestApp::postgres_clocked(clock.clone(), dropping_superseded(smtp.addr)).await
        {
            stale_your_turn_mail_is_superseded_and_game_over_mail_is_not(app, smtp, clock).await
        }
    }
}

/// `n` addresses nobody has an account with, from `from` on.
fn strangers(from: usize, n: usize) -> Vec<String> {
    (from..from + n)
        .map(|i| format!("stranger{i}@example.net"))
        .collect()
}

mail_test!(
    manual,
    async fn one_user_invites_at_most_twenty_new_addresses_a_day_and_a_deleted_game_gives_none_back(app, smtp, clock) {
        let ann = app.player("ann").await;
        let games_of = |p: &Player| {
            let (app, token) = (&app, p.token.clone());
            async move { app.get("/games", &token).await.1["games"].as_array().unwrap().len() }
        };
        // Twenty strangers in one game: the day's allowance.
        let (status, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 4, "invite": strangers(0, 20)}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        // The twenty-first: 429, naming the bound, with Retry-After (a day from the first).
        let res = app
            .client
            .post(format!("{}/games/{id}/invites", app.url))
            .bearer_auth(&ann.token)
            .json(&json!({"email": "stranger20@example.net"}))
            .send()
            .await
            .unwrap();
        let retry: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        let (status, refused) = crate::helpers::read(res).await;
        assert_eq!((status, refused["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("invitation_limit")), "{refused}");
        assert!((86_000..=86_400).contains(&retry), "{retry}");
        assert_eq!((refused["limit"].as_u64(), refused["remaining"].as_u64(), refused["retry_after"].as_u64()), (Some(20), Some(0), Some(retry)), "{refused}");
        assert!(refused["detail"].as_str().unwrap().contains("invite_unconfirmed_per_user_per_day"), "{refused}");
        // A new game with new addresses is refused whole: no game, no invitation.
        let (status, refused) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 2, "invite": strangers(20, 2)}))
            .await;
        assert_eq!((status, refused["code"].as_str(), refused["requested"].as_u64()), (StatusCode::TOO_MANY_REQUESTS, Some("invitation_limit"), Some(2)), "{refused}");
        assert_eq!(games_of(&ann).await, 1, "no game was made");
        // More than a day allows in one request is a 422: waiting would not help.
        let (status, refused) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 2, "invite": strangers(100, 21)}))
            .await;
        assert_eq!((status, refused["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("too_many_invitations")), "{refused}");
        // An address counted today, or one a confirmed account has, costs nothing.
        let cleo = app.player("cleo").await;
        let cleo_mail = app.confirm(&cleo).await;
        let (status, second) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 2, "invite": ["stranger0@example.net", cleo_mail]}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{second}");
        // Two welcomes, 20 invitations and two more; all out before the game goes.
        wait_for(&smtp, 24).await;
        // Deleting the game gives nothing back.
        let (status, _) = app.delete(&format!("/games/{id}"), &ann.token).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let second_id = second["id"].as_str().unwrap();
        let (status, refused) = app
            .post(&format!("/games/{second_id}/invites"), &ann.token, json!({"email": "stranger20@example.net"}))
            .await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
        // Another user has an allowance of their own.
        let bob = app.player("bob").await;
        let (status, body) = app
            .post("/games", &bob.token, json!({"kind": "gods", "seats": 2, "invite": strangers(20, 1)}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // A day later Ann may invite again (logged in again: her token is as old).
        let ann_mail = email_of(&app, &ann).await;
        clock.advance(chrono::Duration::hours(24));
        let (_, login) = app.login(&ann_mail, "a long password").await;
        let token = login["access_token"].as_str().unwrap();
        let (status, body) = app
            .post(&format!("/games/{second_id}/invites"), token, json!({"email": "stranger21@example.net"}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // 20, then stranger0 again, Cleo's, Bob's and the last; the refused ones mailed
        // nothing. And three welcomes.
        let mails = wait_for(&smtp, 3 + 24).await;
        let invitations = mails.iter().filter(|m| m.kind() == "invitation").count();
        assert_eq!(invitations, 24, "{:?}", mails.iter().map(|m| &m.subject).collect::<Vec<_>>());
    }
);

mail_test!(
    system,
    async fn an_invitation_names_its_sender_in_the_subject_only_to_a_confirmed_address_and_in_quotes(app, smtp, _clock) {
        let name = "Claim your prize at evil.example today";
        let (status, body) = app
            .call(
                reqwest::Method::POST,
                "/users",
                None,
                Some(json!({"email": "spam@example.org", "display_name": name, "password": "a long password"})),
            )
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        let (_, login) = app.login("spam@example.org", "a long password").await;
        let token = login["access_token"].as_str().unwrap();
        let cleo = app.player("cleo").await;
        let cleo_mail = app.confirm(&cleo).await;
        let (status, game) = app
            .post("/games", token, json!({"kind": "gods", "seats": 3, "invite": ["someone@example.net", cleo_mail]}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        // Two welcomes, two invitations.
        let mails = wait_for(&smtp, 4).await;
        let to = |who: &str| mails.iter().find(|m| m.to == who && m.kind() == "invitation").unwrap();
        let stranger = to("someone@example.net");
        assert!(stranger.subject.starts_with("An invitation to play Gods on Hermes: "), "{}", stranger.subject);
        assert!(!stranger.subject.contains("prize"), "{}", stranger.subject);
        assert!(stranger.text.contains(&format!("A player on Hermes who goes by the name \"{name}\" invites you")), "{}", stranger.text);
        let known = to(&cleo_mail);
        assert!(known.subject.starts_with("\"Claim your prize at evil.exampl…\" invites you to play Gods: "), "{}", known.subject);
        assert!(known.text.contains(&format!("{name} invites you to a game of Gods")), "{}", known.text);
    }
);
