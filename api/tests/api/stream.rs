//! Event streams (`GET /stream`, `GET /games/{id}/stream`; docs/clients/stream.md): what each
//! reader is told, NDJSON and SSE framing, keep-alives, resuming after `Last-Event-ID`,
//! and a stream on one server hearing a turn played on another (PostgreSQL NOTIFY).

use crate::api_test;
use crate::helpers::{delete_account, mint, personal_token, reset_password, Player, TestApp};
use crate::play::random_turn;
use hermes_api::auth::jwt::Purpose;
use rand::SeedableRng;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

/// An open stream and what was read of it so far.
struct Reader {
    res: reqwest::Response,
    buf: String,
}

impl Reader {
    async fn open(app: &TestApp, path: &str, token: &str, headers: &[(&str, &str)]) -> Reader {
        let mut req = app
            .client
            .get(format!("{}{path}", app.url))
            .bearer_auth(token);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let res = req.send().await.expect("stream opened");
        assert_eq!(res.status(), StatusCode::OK);
        Reader {
            res,
            buf: String::new(),
        }
    }

    /// A page's stream: no bearer token, the page's `cookie` if any, as `EventSource`
    /// asks (`Accept: text/event-stream`). Answers the refusal's status instead when it
    /// is not 200.
    async fn open_page(
        app: &TestApp,
        path: &str,
        cookie: Option<&str>,
    ) -> Result<Reader, (StatusCode, String)> {
        let mut req = app
            .client
            .get(format!("{}{path}", app.url))
            .header("accept", "text/event-stream");
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        let res = req.send().await.expect("stream opened");
        if res.status() != StatusCode::OK {
            return Err((res.status(), res.text().await.unwrap_or_default()));
        }
        Ok(Reader {
            res,
            buf: String::new(),
        })
    }

    /// The SSE events (type and data) read until `kind`, waiting at most `wait`.
    async fn sse_until(&mut self, kind: &str, wait: Duration) -> Vec<(String, Value)> {
        let mut got = Vec::new();
        while let Some(block) = self.frame("\n\n", wait).await {
            if block.starts_with(':') {
                continue;
            }
            let lines: Vec<&str> = block.lines().collect();
            let event = lines[1].strip_prefix("event: ").unwrap().to_string();
            let data: Value =
                serde_json::from_str(lines[2].strip_prefix("data: ").unwrap()).unwrap();
            let done = event == kind;
            got.push((event, data));
            if done {
                break;
            }
        }
        got
    }

    fn content_type(&self) -> String {
        self.res.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string()
    }

    /// The next frame (an NDJSON line or an SSE block), waiting at most `wait`.
    async fn frame(&mut self, sep: &str, wait: Duration) -> Option<String> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(i) = self.buf.find(sep) {
                let frame = self.buf[..i].to_string();
                self.buf.drain(..i + sep.len());
                return Some(frame);
            }
            let chunk = tokio::time::timeout_at(deadline, self.res.chunk())
                .await
                .ok()?;
            let chunk = chunk.expect("stream readable")?;
            self.buf
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8"));
        }
    }

    /// The NDJSON events (keep-alives left out) until `wait` of quiet.
    async fn events(&mut self, wait: Duration) -> Vec<Value> {
        let mut out = Vec::new();
        while let Some(line) = self.frame("\n", wait).await {
            let v: Value = serde_json::from_str(&line).expect("each line is JSON");
            if v["type"] != "keepalive" {
                out.push(v);
            }
        }
        out
    }

    /// The NDJSON events still sent before the stream ends; panics unless it ends within
    /// `wait`.
    async fn ends_within(&mut self, wait: Duration) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.res.chunk()).await {
                Err(_) => panic!(
                    "the stream is still open after {wait:?}; read {:?}",
                    self.buf
                ),
                // Ended (or cut: a stream ends by closing).
                Ok(Ok(None)) | Ok(Err(_)) => break,
                Ok(Ok(Some(chunk))) => self
                    .buf
                    .push_str(std::str::from_utf8(&chunk).expect("UTF-8")),
            }
        }
        self.buf
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("each line is JSON"))
            .filter(|v| v["type"] != "keepalive")
            .collect()
    }

    /// NDJSON events until one of type `kind` (included), waiting at most `wait` each.
    async fn until(&mut self, kind: &str, wait: Duration) -> Vec<Value> {
        let mut out = Vec::new();
        while let Some(line) = self.frame("\n", wait).await {
            let v: Value = serde_json::from_str(&line).expect("each line is JSON");
            if v["type"] == "keepalive" {
                continue;
            }
            let done = v["type"] == kind;
            out.push(v);
            if done {
                return out;
            }
        }
        panic!("no {kind} event within {wait:?}; got {out:?}");
    }
}

const QUIET: Duration = Duration::from_millis(700);
const SOON: Duration = Duration::from_secs(5);

fn types(events: &[Value]) -> Vec<&str> {
    events.iter().map(|e| e["type"].as_str().unwrap()).collect()
}

/// A Gods game of `ann` and `bob` created by ann (not started: bob joins by its code).
async fn open_game(app: &TestApp, ann: &Player) -> (String, String) {
    let (status, game) = app
        .post(
            "/games",
            &ann.token,
            json!({"kind": "gods", "seats": 2, "random_seats": false}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    (
        game["id"].as_str().unwrap().to_string(),
        game["join_code"].as_str().unwrap().to_string(),
    )
}

async fn join(app: &TestApp, id: &str, code: &str, p: &Player) {
    let (status, body) = app
        .post(
            &format!("/games/{id}/join"),
            &p.token,
            json!({"code": code}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Play one random legal turn for the seat to act; returns the new sequence.
async fn play_one(app: &TestApp, id: &str, players: &[&Player], seed: u64) -> i64 {
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    let seq = game["seq"].as_i64().unwrap();
    let seat = game["to_act"][0].as_u64().unwrap() as usize;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let turn = random_turn(app, id, players[seat], &mut rng, &mut Vec::new()).await;
    let (status, body) = app
        .post(
            &format!("/games/{id}/turns"),
            &players[seat].token,
            json!({"expected_seq": seq, "turn": turn}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    seq + 1
}

api_test!(
    async fn each_player_is_told_what_happens_to_them_and_only_that(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (id, code) = open_game(&app, &ann).await;
        let mut a = Reader::open(&app, "/stream", &ann.token, &[]).await;
        let mut b = Reader::open(&app, "/stream", &bob.token, &[]).await;
        assert_eq!(a.content_type(), "application/x-ndjson");
        join(&app, &id, &code, &bob).await;

        let ann_start = a.until("your_turn", SOON).await;
        assert_eq!(types(&ann_start), ["game_started", "your_turn"]);
        assert_eq!(ann_start[0]["game_id"], id.as_str());
        assert_eq!(ann_start[0]["seat"], 0);
        assert_eq!(ann_start[1]["seat"], 0);
        assert!(ann_start[1]["deadline"].is_string(), "{}", ann_start[1]);
        assert!(ann_start[0]["id"].as_i64().unwrap() < ann_start[1]["id"].as_i64().unwrap());
        let bob_start = b.events(QUIET).await;
        assert_eq!(types(&bob_start), ["game_started"], "it is not bob's turn: {bob_start:?}");

        let seq = play_one(&app, &id, &[&ann, &bob], 1).await;
        let bob_turn = b.until("your_turn", SOON).await;
        assert_eq!(types(&bob_turn), ["your_turn"]);
        assert_eq!(bob_turn[0]["seq"], seq);
        assert_eq!(bob_turn[0]["seat"], 1);

        let (status, _) = app
            .post(&format!("/games/{id}/messages"), &bob.token, json!({"body": "your move, ann"}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let ann_talk = a.until("message", SOON).await;
        assert_eq!(types(&ann_talk), ["message"], "ann had no turn to be told of");
        assert_eq!(ann_talk[0]["body"], "your move, ann");
        assert_eq!(ann_talk[0]["seat"], 1);
        let schema = crate::contract::schema_at("/components/schemas/StreamEvent");
        for e in ann_start.iter().chain(&bob_start).chain(&bob_turn).chain(&ann_talk) {
            assert!(schema.is_valid(e), "not a StreamEvent as the spec says: {e}");
        }
        // Bob is not told of his own message, nor of ann's turn.
        assert!(b.events(QUIET).await.is_empty());
    }
);

api_test!(
    async fn an_aborted_game_is_over_on_every_players_stream_and_its_own(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (id, code) = open_game(&app, &ann).await;
        join(&app, &id, &code, &bob).await;
        let mut a = Reader::open(&app, "/stream", &ann.token, &[]).await;
        let mut g = Reader::open(&app, &format!("/games/{id}/stream"), &ann.token, &[]).await;
        let (status, body) = app.post(&format!("/games/{id}/abort"), &bob.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let schema = crate::contract::schema_at("/components/schemas/StreamEvent");
        for events in [a.until("game_over", SOON).await, g.until("game_over", SOON).await] {
            assert_eq!(types(&events), ["game_over"], "{events:?}");
            let e = &events[0];
            assert_eq!(e["game_id"], id.as_str());
            assert_eq!(e["seq"], 0);
            assert_eq!(e["outcome"]["aborted"], true, "{e}");
            assert_eq!(e["outcome"]["aborted_by"], 1, "{e}");
            assert!(schema.is_valid(e), "not a StreamEvent as the spec says: {e}");
        }
    }
);

api_test!(
    async fn a_resignation_is_told_to_the_other_players_and_on_the_games_stream(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (id, code) = open_game(&app, &ann).await;
        join(&app, &id, &code, &bob).await;
        let s1 = play_one(&app, &id, &[&ann, &bob], 2).await;
        let mut a = Reader::open(&app, "/stream", &ann.token, &[]).await;
        let mut b = Reader::open(&app, "/stream", &bob.token, &[]).await;
        let mut g = Reader::open(&app, &format!("/games/{id}/stream"), &ann.token, &[]).await;
        let (status, body) = app.post(&format!("/games/{id}/resign"), &bob.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let bob_name = body["players"][1]["display_name"].clone();
        assert!(bob_name.is_string(), "{body}");
        let schema = crate::contract::schema_at("/components/schemas/StreamEvent");
        for events in [a.until("resigned", SOON).await, g.until("resigned", SOON).await] {
            assert_eq!(types(&events), ["resigned"], "{events:?}");
            let e = &events[0];
            assert_eq!(e["game_id"], id.as_str());
            assert_eq!(e["seq"], s1, "the sequence it happened at: {e}");
            assert_eq!(e["seat"], 1, "{e}");
            assert_eq!(e["display_name"], bob_name, "{e}");
            assert!(schema.is_valid(e), "not a StreamEvent as the spec says: {e}");
        }
        // Who resigned is not told of it (it is their act); the service's pass for the
        // seat (it was its turn) is a turn as any other, so bob hears of nothing here.
        let own = b.events(QUIET).await;
        assert!(types(&own).iter().all(|t| *t != "resigned"), "{own:?}");
    }
);

api_test!(
    async fn a_rematch_proposed_accepted_and_started_is_told_on_the_finished_games_stream(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (id, code) = open_game(&app, &ann).await;
        join(&app, &id, &code, &bob).await;
        let (status, body) = app.post(&format!("/games/{id}/abort"), &bob.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let mut a = Reader::open(&app, "/stream", &ann.token, &[]).await;
        let mut b = Reader::open(&app, "/stream", &bob.token, &[]).await;
        let mut g = Reader::open(&app, &format!("/games/{id}/stream"), &ann.token, &[]).await;
        let (_, me) = app.get("/me", &ann.token).await;
        let (status, r) = app.post(&format!("/games/{id}/rematch"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{r}");
        let new_id = r["rematch_game_id"].as_str().unwrap().to_string();
        let schema = crate::contract::schema_at("/components/schemas/StreamEvent");
        for events in [b.until("rematch_proposed", SOON).await, g.until("rematch_proposed", SOON).await] {
            assert_eq!(types(&events), ["rematch_proposed"], "{events:?}");
            let e = &events[0];
            assert_eq!(e["game_id"], id.as_str(), "the finished game's: {e}");
            assert_eq!(e["rematch_game_id"], new_id.as_str(), "{e}");
            assert_eq!(e["user_id"], ann.id.as_str(), "{e}");
            assert_eq!(e["display_name"], me["display_name"], "{e}");
            assert!(schema.is_valid(e), "not a StreamEvent as the spec says: {e}");
        }
        // The proposer is not told of her own act.
        assert!(a.events(QUIET).await.is_empty());

        // Bob accepts, the last to: accepted, then started, on the game's stream and ann's.
        let (status, r) = app.post(&format!("/games/{id}/rematch"), &bob.token, json!({})).await;
        assert_eq!((status, r["status"].as_str()), (StatusCode::OK, Some("running")), "{r}");
        let on_game = g.until("rematch_started", SOON).await;
        assert_eq!(types(&on_game), ["rematch_accepted", "rematch_started"], "{on_game:?}");
        let to_ann = a.until("rematch_started", SOON).await;
        let rematch_events: Vec<&Value> = to_ann
            .iter()
            .filter(|e| e["game_id"] == id.as_str())
            .collect();
        assert_eq!(
            rematch_events.iter().map(|e| e["type"].as_str().unwrap()).collect::<Vec<_>>(),
            ["rematch_accepted", "rematch_started"],
            "{to_ann:?}"
        );
        for e in on_game.iter().chain(rematch_events.iter().copied()) {
            assert_eq!(e["rematch_game_id"], new_id.as_str(), "{e}");
            assert_eq!(e["user_id"], bob.id.as_str(), "{e}");
            assert!(schema.is_valid(e), "not a StreamEvent as the spec says: {e}");
        }
    }
);

api_test!(
    async fn a_deleted_game_is_told_to_who_joined_it(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (status, game) = app
            .post(
                "/games",
                &ann.token,
                json!({"kind": "gods", "seats": 3, "random_seats": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        join(&app, &id, game["join_code"].as_str().unwrap(), &bob).await;
        let (_, me) = app.get("/me", &ann.token).await;
        let mut a = Reader::open(&app, "/stream", &ann.token, &[]).await;
        let mut b = Reader::open(&app, "/stream", &bob.token, &[]).await;
        let (status, body) = app.delete(&format!("/games/{id}"), &ann.token).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        let events = b.until("game_deleted", SOON).await;
        assert_eq!(types(&events), ["game_deleted"], "{events:?}");
        let e = &events[0];
        assert_eq!(e["game_id"], id.as_str());
        assert_eq!(e["kind"], "gods");
        assert_eq!(e["deleted_by"], me["display_name"], "{e}");
        let schema = crate::contract::schema_at("/components/schemas/StreamEvent");
        assert!(schema.is_valid(e), "not a StreamEvent as the spec says: {e}");
        // The creator, who deleted it, is not told.
        let own = a.events(QUIET).await;
        assert!(own.is_empty(), "{own:?}");
    }
);

api_test!(
    async fn a_client_that_reconnects_with_last_event_id_misses_nothing(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (id, code) = open_game(&app, &ann).await;
        let mut a = Reader::open(&app, "/stream", &ann.token, &[]).await;
        join(&app, &id, &code, &bob).await;
        let first = a.until("game_started", SOON).await;
        let last_seen = first[0]["id"].as_i64().unwrap();
        // The connection drops; meanwhile the game goes on.
        drop(a);
        let s1 = play_one(&app, &id, &[&ann, &bob], 2).await;
        let s2 = play_one(&app, &id, &[&ann, &bob], 3).await;
        app.post(&format!("/games/{id}/messages"), &bob.token, json!({"body": "hi"}))
            .await;

        // SSE, resuming after the last id seen.
        let mut sse = Reader::open(
            &app,
            "/stream",
            &ann.token,
            &[("accept", "text/event-stream"), ("last-event-id", &last_seen.to_string())],
        )
        .await;
        assert_eq!(sse.content_type(), "text/event-stream");
        let mut got: Vec<(i64, String, Value)> = Vec::new();
        while let Some(block) = sse.frame("\n\n", QUIET).await {
            if block.starts_with(':') {
                assert_eq!(block, ": keepalive");
                continue;
            }
            let lines: Vec<&str> = block.lines().collect();
            assert_eq!(lines.len(), 3, "id, event, data: {block:?}");
            let id_n: i64 = lines[0].strip_prefix("id: ").unwrap().parse().unwrap();
            let kind = lines[1].strip_prefix("event: ").unwrap().to_string();
            let data: Value = serde_json::from_str(lines[2].strip_prefix("data: ").unwrap()).unwrap();
            assert_eq!(data["id"], id_n);
            assert_eq!(data["type"], kind.as_str());
            got.push((id_n, kind, data));
        }
        let kinds: Vec<&str> = got.iter().map(|(_, k, _)| k.as_str()).collect();
        // The start's your_turn, then (ann moved at 1, bob at 2) your_turn at 2, bob's message.
        assert_eq!(kinds, ["your_turn", "your_turn", "message"], "{got:?}");
        assert!(got.iter().all(|(n, _, _)| *n > last_seen));
        assert!(got.windows(2).all(|w| w[0].0 < w[1].0), "ids grow");
        assert_eq!(got[1].2["seq"], s2);
        assert_eq!(s1 + 1, s2);

        // `?since=` does the same in NDJSON.
        let mut again = Reader::open(&app, &format!("/stream?since={last_seen}"), &ann.token, &[]).await;
        let ndjson = again.events(QUIET).await;
        let ids: Vec<i64> = ndjson.iter().map(|e| e["id"].as_i64().unwrap()).collect();
        assert_eq!(ids, got.iter().map(|g| g.0).collect::<Vec<_>>());

        let (status, body) = app.call(reqwest::Method::GET, "/stream?since=soon", Some(&ann.token), None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["code"], "invalid_event_id");
        let (status, body) = app.call(reqwest::Method::GET, "/stream", None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_stream_sends_keep_alives_in_its_format() {
    let app = TestApp::sqlite(|s| s.stream_keepalive_ms = 150).await;
    let ann = app.player("ann").await;
    let mut sse = Reader::open(
        &app,
        "/stream",
        &ann.token,
        &[("accept", "text/event-stream")],
    )
    .await;
    for _ in 0..3 {
        assert_eq!(
            sse.frame("\n\n", SOON).await.as_deref(),
            Some(": keepalive")
        );
    }
    // Timed from before the stream opens: the server starts its interval when it opens
    // the stream, which a loaded machine may answer well after.
    let started = std::time::Instant::now();
    let mut nd = Reader::open(&app, "/stream", &ann.token, &[]).await;
    for _ in 0..3 {
        assert_eq!(
            nd.frame("\n", SOON).await.as_deref(),
            Some(r#"{"type":"keepalive"}"#)
        );
    }
    // The first at once, then one per interval.
    assert!(
        started.elapsed() >= Duration::from_millis(250),
        "{:?}",
        started.elapsed()
    );
}

api_test!(
    async fn a_games_stream_shows_anyone_the_moves_but_no_secret(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let carol = app.player("carol").await;
        let (id, code) = open_game(&app, &ann).await;
        let mut watch = Reader::open(&app, &format!("/games/{id}/stream"), &carol.token, &[]).await;
        let mut mine = Reader::open(&app, "/stream", &carol.token, &[]).await;
        join(&app, &id, &code, &bob).await;
        let seq = play_one(&app, &id, &[&ann, &bob], 4).await;
        app.post(&format!("/games/{id}/messages"), &ann.token, json!({"body": "gl"}))
            .await;
        let seen = watch.until("message", SOON).await;
        assert_eq!(types(&seen), ["game_started", "turn", "message"]);
        let turn = &seen[1];
        assert_eq!(turn["seq"], seq);
        assert_eq!(turn["seat"], 0);
        // Sequence numbers and seats, never the turn, its events or a view: the pile,
        // hands and Dreams roles are read with the reader's own rights (`GET /games/{id}`).
        let mut keys: Vec<&str> = turn.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(keys, ["at", "game_id", "id", "kind", "seat", "seq", "status", "to_act", "type"]);
        for e in &seen {
            let text = e.to_string();
            assert!(!text.contains("pile") && !text.contains("view") && !text.contains("hand"), "{text}");
        }
        // Carol plays no part: her own stream says nothing of it.
        assert!(mine.events(QUIET).await.is_empty());
        let (status, body) = app.call(reqwest::Method::GET, "/games/nope/stream", Some(&carol.token), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    }
);

/// Two servers on one PostgreSQL database: a stream open on the second hears the turn
/// played on the first at once (NOTIFY), not at its next keep-alive read (25 s here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_on_one_server_sees_the_turn_played_on_another_postgres() {
    let Some(one) = TestApp::postgres(|_| {}).await else {
        return;
    };
    let two = one.twin().await;
    let ann = one.player("ann").await;
    let bob = one.player("bob").await;
    let (id, code) = open_game(&one, &ann).await;
    let mut b = Reader::open(&two, "/stream", &bob.token, &[]).await;
    let mut watch = Reader::open(&two, &format!("/games/{id}/stream"), &bob.token, &[]).await;
    join(&one, &id, &code, &bob).await;
    assert_eq!(
        types(&b.until("game_started", SOON).await),
        ["game_started"]
    );
    let started = std::time::Instant::now();
    let seq = play_one(&one, &id, &[&ann, &bob], 5).await;
    let told = b.until("your_turn", SOON).await;
    assert_eq!(told.last().unwrap()["seq"], seq);
    assert!(started.elapsed() < Duration::from_secs(5));
    let seen = watch.until("turn", SOON).await;
    assert_eq!(seen.last().unwrap()["seq"], seq);
}

/// Ann says `body` at the table of `id`.
async fn say(app: &TestApp, id: &str, ann: &Player, body: &str) {
    let (status, answer) = app
        .post(
            &format!("/games/{id}/messages"),
            &ann.token,
            json!({"body": body}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}

/// A game of ann and bob, started.
async fn table_of_two(app: &TestApp) -> (Player, Player, String) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let (id, code) = open_game(app, &ann).await;
    join(app, &id, &code, &bob).await;
    (ann, bob, id)
}

/// Long enough for the sweep (`credentials_recheck_ms`, 1 s by default) and a read.
const ENDS: Duration = Duration::from_millis(2500);

api_test!(
    async fn a_stream_opened_with_a_personal_token_ends_when_the_token_is_revoked(app) {
        let (ann, bob, id) = table_of_two(&app).await;
        let (token_id, token) = personal_token(&app, &bob, &["read"]).await;
        let mut b = Reader::open(&app, "/stream", &token, &[]).await;
        let mut g = Reader::open(&app, &format!("/games/{id}/stream"), &token, &[]).await;
        say(&app, &id, &ann, "before").await;
        assert_eq!(b.until("message", SOON).await.last().unwrap()["body"], "before");
        assert_eq!(g.until("message", SOON).await.last().unwrap()["body"], "before");
        let (status, _) = app.delete(&format!("/tokens/{token_id}"), &bob.token).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        // At once, before the streams may have heard of the revocation.
        say(&app, &id, &ann, "after the revocation").await;
        for reader in [&mut b, &mut g] {
            let late = reader.ends_within(ENDS).await;
            assert!(late.is_empty(), "sent after the revocation: {late:?}");
        }
        let (status, body) = app.get("/stream", &token).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_token")));
    }
);

api_test!(
    async fn a_password_reset_ends_every_stream_of_the_account(app) {
        let (ann, bob, id) = table_of_two(&app).await;
        let (_, token) = personal_token(&app, &bob, &["read"]).await;
        let mut by_token = Reader::open(&app, "/stream", &token, &[]).await;
        let mut by_login = Reader::open(&app, "/stream", &bob.token, &[]).await;
        let mut watching = Reader::open(&app, &format!("/games/{id}/stream"), &bob.token, &[]).await;
        // Ann's are hers: they go on.
        let mut anns = Reader::open(&app, &format!("/games/{id}/stream"), &ann.token, &[]).await;
        reset_password(&app, &bob.id, "a new long password").await;
        say(&app, &id, &ann, "after the reset").await;
        for reader in [&mut by_token, &mut by_login, &mut watching] {
            let late = reader.ends_within(ENDS).await;
            assert!(late.is_empty(), "sent after the reset: {late:?}");
        }
        assert_eq!(anns.until("message", SOON).await.last().unwrap()["body"], "after the reset");
    }
);

api_test!(
    async fn a_deleted_accounts_streams_end_within_the_recheck_interval(app)
    with |s| s.credentials_recheck_ms = 200; {
        let carol = app.player("carol").await;
        let (_, token) = personal_token(&app, &carol, &["read"]).await;
        let mut by_login = Reader::open(&app, "/stream", &carol.token, &[]).await;
        let mut by_token = Reader::open(&app, "/stream", &token, &[]).await;
        let started = std::time::Instant::now();
        delete_account(&app, &carol.id);
        by_login.ends_within(ENDS).await;
        by_token.ends_within(ENDS).await;
        assert!(started.elapsed() < Duration::from_millis(1500), "{:?}", started.elapsed());
        let (status, _) = app.get("/stream", &carol.token).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
);

api_test!(
    async fn a_stream_opened_with_a_login_token_ends_when_the_token_expires(app) {
        let ann = app.player("ann").await;
        let short = mint(Purpose::Access, &ann.id, chrono::Duration::seconds(2));
        let mut s = Reader::open(&app, "/stream", &short, &[]).await;
        let started = std::time::Instant::now();
        s.ends_within(Duration::from_secs(4)).await;
        assert!(started.elapsed() >= Duration::from_millis(900), "{:?}", started.elapsed());
    }
);

api_test!(
    async fn one_user_may_keep_only_so_many_streams_open_and_is_told_when_to_retry(app)
    with |s| { s.stream_max_per_user = 2; s.stream_max_per_server = 3; s.stream_keepalive_ms = 200; }; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let first = Reader::open(&app, "/stream", &ann.token, &[]).await;
        let _second = Reader::open(&app, "/stream", &ann.token, &[]).await;
        let res = app.client.get(format!("{}/stream", app.url)).bearer_auth(&ann.token).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(res.headers()["retry-after"], "1");
        let (_, body) = crate::helpers::read(res).await;
        assert_eq!(body["code"], "too_many_streams");
        assert_eq!(body["limit"], 2);
        assert!(body["detail"].as_str().unwrap().contains("stream_max_per_user"), "{body}");
        // Bob has his own bound, but the server's is reached with his first.
        let _bobs = Reader::open(&app, "/stream", &bob.token, &[]).await;
        let res = app.client.get(format!("{}/stream", app.url)).bearer_auth(&bob.token).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(res.headers().contains_key("retry-after"));
        let (_, body) = crate::helpers::read(res).await;
        assert_eq!(body["code"], "streams_full");
        // A stream closed makes room (once the server finds the client gone: its next
        // keep-alive at the latest).
        drop(first);
        let deadline = std::time::Instant::now() + SOON;
        loop {
            let res = app.client.get(format!("{}/stream", app.url)).bearer_auth(&ann.token).send().await.unwrap();
            if res.status() == StatusCode::OK {
                break;
            }
            assert!(std::time::Instant::now() < deadline, "no room after a stream closed: {}", res.status());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
);

/// Two servers on one PostgreSQL database: a token revoked through one ends its stream on
/// the other, and the event that follows the revocation is not sent there. The other's
/// sweep is a minute away: the stream's own check, when the event wakes it, ends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_revoked_on_one_server_ends_its_stream_on_another_postgres() {
    let Some(one) = TestApp::postgres(|_| {}).await else {
        return;
    };
    let two = one.twin_with(|s| s.credentials_recheck_ms = 60_000).await;
    let (ann, bob, id) = table_of_two(&one).await;
    let (token_id, token) = personal_token(&one, &bob, &["read"]).await;
    let mut b = Reader::open(&two, "/stream", &token, &[]).await;
    say(&one, &id, &ann, "before").await;
    assert_eq!(
        b.until("message", SOON).await.last().unwrap()["body"],
        "before"
    );
    let (status, _) = one.delete(&format!("/tokens/{token_id}"), &bob.token).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    say(&one, &id, &ann, "after the revocation").await;
    let late = b.ends_within(ENDS).await;
    assert!(late.is_empty(), "sent after the revocation: {late:?}");
}

/// The same, with nothing written after the revocation: the other server's sweep ends the
/// stream within its interval.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_reset_through_one_server_ends_a_quiet_stream_on_another_postgres() {
    let Some(one) = TestApp::postgres(|_| {}).await else {
        return;
    };
    let two = one.twin_with(|s| s.credentials_recheck_ms = 300).await;
    let bob = one.player("bob").await;
    let mut b = Reader::open(&two, "/stream", &bob.token, &[]).await;
    reset_password(&one, &bob.id, "a new long password").await;
    let started = std::time::Instant::now();
    b.ends_within(ENDS).await;
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
    let (status, _) = two.get("/me", &bob.token).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the login token is over there too"
    );
}

/// A turn link for `user` in `game`, as a path and query on the test server.
fn turn_link_query(user: &str, game: &str) -> String {
    let keys = hermes_api::auth::jwt::Keys::new(
        crate::helpers::JWT_SECRET.as_bytes(),
        crate::helpers::PUBLIC_URL,
    );
    let link = hermes_api::links::turn_link(&keys, crate::helpers::PUBLIC_URL, user, game).unwrap();
    link.split_once('?').unwrap().1.to_string()
}

/// `player` signed in in a browser: its session cookie, as a `Cookie` header.
async fn session_cookie(app: &TestApp, player: &Player) -> String {
    let (_, me) = app.get("/me", &player.token).await;
    let mut b = crate::web::Browser::new(app);
    b.log_in(me["email"].as_str().unwrap(), "a long password")
        .await;
    format!("hermes_session={}", b.cookies["hermes_session"])
}

api_test!(
    async fn the_game_pages_follow_their_game_by_a_turn_link_or_a_session(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (id, code) = open_game(&app, &ann).await;
        join(&app, &id, &code, &bob).await;
        let events = format!("/games/{id}/play/events");
        // Ann's page by her turn link, Bob's page and lobby by his session.
        let link = turn_link_query(&ann.id, &id);
        let mut by_link = Reader::open_page(&app, &format!("{events}?{link}"), None)
            .await
            .expect("a turn link opens its game's stream");
        assert_eq!(by_link.content_type(), "text/event-stream");
        let cookie = session_cookie(&app, &bob).await;
        let mut by_session = Reader::open_page(&app, &events, Some(&cookie))
            .await
            .expect("a session opens a game's stream");
        let mut lobby = Reader::open_page(&app, "/lobby/events", Some(&cookie))
            .await
            .expect("a session opens the lobby's stream");

        let seq = play_one(&app, &id, &[&ann, &bob], 7).await;
        for page in [&mut by_link, &mut by_session] {
            let seen = page.sse_until("turn", SOON).await;
            let (kind, turn) = seen.last().expect("the turn");
            assert_eq!(kind, "turn");
            assert_eq!(turn["seq"], seq);
            assert_eq!(turn["game_id"], id.as_str());
        }
        // The lobby hears what `GET /stream` tells Bob: his turn.
        let seen = lobby.sse_until("your_turn", SOON).await;
        assert_eq!(seen.last().unwrap().1["game_id"], id.as_str());
        // Talk reaches both pages.
        say(&app, &id, &ann, "hello").await;
        assert_eq!(by_session.sse_until("message", SOON).await.last().unwrap().1["body"], "hello");
        assert_eq!(by_link.sse_until("message", SOON).await.last().unwrap().1["body"], "hello");
    }
);

api_test!(
    async fn a_page_stream_needs_the_pages_own_credential_for_its_own_game(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (id, code) = open_game(&app, &ann).await;
        join(&app, &id, &code, &bob).await;
        let (other, _) = open_game(&app, &bob).await;
        let status = |r: Result<Reader, (StatusCode, String)>| match r {
            Ok(_) => StatusCode::OK,
            Err((s, _)) => s,
        };
        // Neither a turn link nor a session; a bearer token is not a page's credential.
        let none = Reader::open_page(&app, &format!("/games/{id}/play/events"), None).await;
        assert_eq!(status(none), StatusCode::UNAUTHORIZED);
        let bearer = app
            .client
            .get(format!("{}/games/{id}/play/events", app.url))
            .bearer_auth(&ann.token)
            .send()
            .await
            .unwrap();
        assert_eq!(bearer.status(), StatusCode::UNAUTHORIZED);
        let lobby = Reader::open_page(&app, "/lobby/events", None).await;
        assert_eq!(status(lobby), StatusCode::UNAUTHORIZED);
        // A turn link opens its own game only.
        let link = turn_link_query(&ann.id, &id);
        let elsewhere = Reader::open_page(&app, &format!("/games/{other}/play/events?{link}"), None).await;
        assert_eq!(status(elsewhere), StatusCode::FORBIDDEN);
        let forged = Reader::open_page(&app, &format!("/games/{id}/play/events?token=nope"), None).await;
        assert_eq!(status(forged), StatusCode::FORBIDDEN);
        // A game one may not see does not exist.
        let cookie = session_cookie(&app, &ann).await;
        let missing = Reader::open_page(&app, "/games/nope/play/events", Some(&cookie)).await;
        assert_eq!(status(missing), StatusCode::NOT_FOUND);
        let odd = Reader::open_page(&app, &format!("/games/{id}/play/events?what=1"), Some(&cookie)).await;
        assert_eq!(status(odd), StatusCode::BAD_REQUEST);
    }
);

api_test!(
    async fn a_password_reset_ends_a_pages_stream(app) {
        let (ann, _bob, id) = table_of_two(&app).await;
        let link = turn_link_query(&ann.id, &id);
        let mut page = Reader::open_page(&app, &format!("/games/{id}/play/events?{link}"), None)
            .await
            .expect("opened");
        let cookie = session_cookie(&app, &ann).await;
        let mut lobby = Reader::open_page(&app, "/lobby/events", Some(&cookie))
            .await
            .expect("opened");
        // Past the opening keep-alive (SSE: not the NDJSON `ends_within` reads).
        for s in [&mut page, &mut lobby] {
            assert_eq!(s.frame("\n\n", SOON).await.as_deref(), Some(": keepalive"));
        }
        reset_password(&app, &ann.id, "a new long password").await;
        page.ends_within(ENDS).await;
        lobby.ends_within(ENDS).await;
    }
);
