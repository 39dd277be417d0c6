//! Webhooks (`/webhooks`, docs/clients/webhooks.md): a receiver started by the test on loopback
//! (with `webhook_allow_private` on for it) gets signed deliveries, retried after
//! failures; a hook that keeps failing is disabled and shown so; a hook is told only
//! what its owner's stream is; URLs to loopback and private addresses are refused.

use crate::api_test;
use crate::helpers::{Player, TestApp};
use crate::play::random_turn;
use rand::SeedableRng;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One request the receiver got.
#[derive(Debug, Clone)]
struct Received {
    headers: BTreeMap<String, String>,
    body: Vec<u8>,
}

impl Received {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }
}

/// A tiny HTTP/1.1 receiver on 127.0.0.1: answers each request with the next status of
/// its script (the last one again once the script is used up), one request per
/// connection.
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Received>>>,
    /// While set, the receiver is "down": it closes each connection at once, unread,
    /// and counts it in `refused` (the sender sees a failed request, as from a server
    /// that is not there).
    down: Arc<std::sync::atomic::AtomicBool>,
    refused: Arc<std::sync::atomic::AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Receiver {
    async fn start(script: &[u16]) -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let got: Arc<Mutex<Vec<Received>>> = Arc::default();
        let script = script.to_vec();
        let log = got.clone();
        let down: Arc<std::sync::atomic::AtomicBool> = Arc::default();
        let refused: Arc<std::sync::atomic::AtomicUsize> = Arc::default();
        let (is_down, refusals) = (down.clone(), refused.clone());
        let task = tokio::spawn(async move {
            loop {
                let Ok((mut socket, _)) = listener.accept().await else {
                    return;
                };
                if is_down.load(std::sync::atomic::Ordering::SeqCst) {
                    refusals.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    drop(socket);
                    continue;
                }
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                let (head_end, length) = loop {
                    let Ok(n) = socket.read(&mut chunk).await else {
                        break (0, 0);
                    };
                    if n == 0 {
                        break (0, 0);
                    }
                    buf.extend_from_slice(&chunk[..n]);
                    if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                        let head = String::from_utf8_lossy(&buf[..i]).to_lowercase();
                        let length = head
                            .lines()
                            .find_map(|l| l.strip_prefix("content-length:"))
                            .and_then(|v| v.trim().parse::<usize>().ok())
                            .unwrap_or(0);
                        break (i + 4, length);
                    }
                };
                if head_end == 0 {
                    continue;
                }
                while buf.len() < head_end + length {
                    match socket.read(&mut chunk).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
                let headers = head
                    .lines()
                    .skip(1)
                    .filter_map(|l| l.split_once(':'))
                    .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
                    .collect();
                let body = buf[head_end..].to_vec();
                let status = {
                    let mut got = log.lock().unwrap();
                    got.push(Received { headers, body });
                    script
                        .get(got.len() - 1)
                        .or(script.last())
                        .copied()
                        .unwrap_or(200)
                };
                let answer = format!(
                    "HTTP/1.1 {status} X\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok"
                );
                let _ = socket.write_all(answer.as_bytes()).await;
                let _ = socket.shutdown().await;
            }
        });
        Receiver {
            url,
            got,
            down,
            refused,
            task,
        }
    }

    fn set_down(&self, down: bool) {
        self.down.store(down, std::sync::atomic::Ordering::SeqCst);
    }

    /// Requests refused while down.
    fn refused(&self) -> usize {
        self.refused.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn got(&self) -> Vec<Received> {
        self.got.lock().unwrap().clone()
    }

    /// Waits until `pred` holds of what was received (at most 15 s).
    async fn until(&self, what: &str, pred: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        for _ in 0..300 {
            let got = self.got();
            if pred(&got) {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the receiver never got {what}: {:?}", self.got());
    }
}

fn allow_private(s: &mut hermes_api::config::Settings) {
    s.webhooks.allow_private = true;
}

async fn create(app: &TestApp, p: &Player, body: Value) -> Value {
    let (status, hook) = app.post("/webhooks", &p.token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{hook}");
    assert!(
        hook["secret"].as_str().unwrap().starts_with("whsec_"),
        "{hook}"
    );
    assert_eq!(hook["status"], "active");
    hook
}

/// Checks `Hermes-Signature: t=…,v1=…` against the body with `secret`, computed here
/// with ring's HMAC (not the server's code).
fn verify(r: &Received, secret: &str) {
    let header = r
        .headers
        .get("hermes-signature")
        .expect("a signature header");
    let (t, v1) = header
        .split_once(',')
        .and_then(|(t, v)| Some((t.strip_prefix("t=")?, v.strip_prefix("v1=")?)))
        .unwrap_or_else(|| panic!("not t=…,v1=…: {header}"));
    let mut signed = format!("{t}.").into_bytes();
    signed.extend_from_slice(&r.body);
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes());
    let tag = hex::decode(v1).expect("hex");
    ring::hmac::verify(&key, &signed, &tag).expect("the signature matches the body");
    let wrong = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, b"whsec_not_it");
    assert!(ring::hmac::verify(&wrong, &signed, &tag).is_err());
}

fn kinds(got: &[Received]) -> Vec<String> {
    got.iter()
        .map(|r| r.headers.get("hermes-event").cloned().unwrap_or_default())
        .collect()
}

/// A started Gods game of ann (seat 0, to act) and bob.
async fn game(app: &TestApp, ann: &Player, bob: &Player) -> String {
    let (status, game) = app
        .post(
            "/games",
            &ann.token,
            json!({"kind": "gods", "seats": 2, "random_seats": false}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let (status, body) = app
        .post(
            &format!("/games/{id}/join"),
            &bob.token,
            json!({"code": game["join_code"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    id
}

api_test!(
    async fn deliveries_are_signed_and_each_hook_hears_only_its_owners_events(app) with allow_private; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let ann_rx = Receiver::start(&[200]).await;
        let bob_rx = Receiver::start(&[200]).await;
        let ann_hook = create(&app, &ann, json!({"url": ann_rx.url})).await;
        let bob_hook = create(
            &app,
            &bob,
            json!({"url": bob_rx.url, "format": "discord", "events": ["your_turn", "game_started"]}),
        )
        .await;
        assert_eq!(bob_hook["events"], json!(["game_started", "your_turn"]));
        let id = game(&app, &ann, &bob).await;

        let mut got = ann_rx
            .until("ann's your_turn", |g| g.len() >= 2)
            .await;
        // Deliveries go out several at once: in the order of their events' ids only
        // by chance (docs/clients/webhooks.md).
        got.sort_by_key(|r| r.json()["id"].as_i64());
        assert_eq!(kinds(&got), ["game_started", "your_turn"]);
        let secret = ann_hook["secret"].as_str().unwrap();
        for r in &got {
            verify(r, secret);
            assert_eq!(r.headers["content-type"], "application/json");
            assert_eq!(r.headers["hermes-webhook"], ann_hook["id"].as_str().unwrap());
            assert_eq!(r.headers["hermes-delivery"].len(), 32);
        }
        // The generic body is the event as ann's stream sends it.
        let turn = got[1].json();
        assert_eq!(turn["type"], "your_turn");
        assert_eq!(turn["game_id"], id.as_str());
        assert_eq!(turn["seat"], 0);
        assert!(turn["id"].as_i64().unwrap() > got[0].json()["id"].as_i64().unwrap());
        let schema = crate::contract::schema_at("/components/schemas/StreamEvent");
        assert!(schema.is_valid(&turn), "{turn}");

        // Bob is told the game started, and not that it is ann's turn.
        let b = bob_rx.until("bob's game_started", |g| !g.is_empty()).await;
        assert_eq!(kinds(&b), ["game_started"]);
        verify(&b[0], bob_hook["secret"].as_str().unwrap());
        let content = b[0].json()["content"].as_str().unwrap().to_string();
        assert!(content.contains("has started") && content.contains(&id), "{content}");

        // Ann plays: now bob is told it is his turn (seat 1), in words.
        let (_, g) = app.get(&format!("/games/{id}"), &ann.token).await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let t = random_turn(&app, &id, &ann, &mut rng, &mut Vec::new()).await;
        let (status, body) = app
            .post(
                &format!("/games/{id}/turns"),
                &ann.token,
                json!({"expected_seq": g["seq"], "turn": t}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let b = bob_rx.until("bob's your_turn", |g| g.len() >= 2).await;
        assert_eq!(kinds(&b), ["game_started", "your_turn"]);
        let content = b[1].json()["content"].as_str().unwrap().to_string();
        assert!(content.starts_with("Your turn in Gods #"), "{content}");
        assert!(content.contains(&format!("/games/{id}/play")), "{content}");

        // Table talk: bob's filter leaves it out; ann hears bob's message.
        let (status, _) = app
            .post(&format!("/games/{id}/messages"), &bob.token, json!({"body": "hello ann"}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let a = ann_rx.until("bob's message", |g| kinds(g).contains(&"message".to_string())).await;
        assert_eq!(a.last().unwrap().json()["body"], "hello ann");
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(kinds(&bob_rx.got()), ["game_started", "your_turn"]);
        // Ann never heard of bob's turn.
        assert!(ann_rx.got().iter().all(|r| r.json()["seat"] != 1 || r.json()["type"] != "your_turn"));

        // The list shows the hooks, never a secret; another user sees none of them.
        let (status, list) = app.get("/webhooks", &ann.token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list.as_array().unwrap().len(), 1);
        assert!(list[0].get("secret").is_none(), "{list}");
        assert!(list[0]["last_success_at"].is_string(), "{list}");
        let hook_path = format!("/webhooks/{}", ann_hook["id"].as_str().unwrap());
        let (status, _) = app.get(&hook_path, &bob.token).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // A rotated secret signs from then on.
        let (status, rotated) = app.post(&format!("{hook_path}/secret"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{rotated}");
        assert_ne!(rotated["secret"], ann_hook["secret"]);
        let n = ann_rx.got().len();
        let (status, _) = app.post(&format!("{hook_path}/test"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let got = ann_rx.until("the test delivery", |g| g.len() > n).await;
        verify(&got[n], rotated["secret"].as_str().unwrap());
        assert_eq!(got[n].json()["type"], "ping");
        // Deleted: it hears nothing more.
        let (status, _) = app.call(Method::DELETE, &hook_path, Some(&ann.token), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, _) = app.get(&hook_path, &ann.token).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

api_test!(
    async fn a_game_hook_hears_only_that_game(app) with allow_private; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let first = game(&app, &ann, &bob).await;
        let rx = Receiver::start(&[200]).await;
        let hook = create(&app, &ann, json!({"url": rx.url, "game_id": first})).await;
        assert_eq!(hook["game_id"], first.as_str());
        let second = game(&app, &ann, &bob).await;
        // Table talk in both games; only the first one's reaches the hook.
        for id in [&second, &first] {
            let (status, _) = app
                .post(&format!("/games/{id}/messages"), &bob.token, json!({"body": format!("in {id}")}))
                .await;
            assert_eq!(status, StatusCode::CREATED);
        }
        let got = rx.until("the first game's message", |g| !g.is_empty()).await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        let got = if rx.got().len() > got.len() { rx.got() } else { got };
        assert_eq!(kinds(&got), ["message"], "{got:?}");
        assert_eq!(got[0].json()["game_id"], first.as_str());
    }
);

api_test!(
    async fn a_failing_receiver_is_retried_until_it_takes_the_delivery(app) with allow_private; {
        let ann = app.player("ann").await;
        let rx = Receiver::start(&[500, 500, 200]).await;
        let hook = create(&app, &ann, json!({"url": rx.url, "format": "slack"})).await;
        let path = format!("/webhooks/{}", hook["id"].as_str().unwrap());
        let (status, delivery) = app.post(&format!("{path}/test"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{delivery}");
        assert_eq!(delivery["status"], "pending");
        let got = rx.until("three attempts", |g| g.len() >= 3).await;
        // The same delivery each time, signed each time.
        for r in &got {
            assert_eq!(r.headers["hermes-delivery"], delivery["id"].as_str().unwrap());
            assert_eq!(r.headers["hermes-event"], "ping");
            verify(r, hook["secret"].as_str().unwrap());
            assert!(r.json()["text"].as_str().unwrap().contains("test delivery"));
        }
        let mut shown = Value::Null;
        for _ in 0..100 {
            let (_, list) = app.get(&format!("{path}/deliveries"), &ann.token).await;
            if list[0]["status"] == "delivered" {
                shown = list;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(shown[0]["id"], delivery["id"], "{shown}");
        assert_eq!(shown[0]["attempts"], 3);
        assert_eq!(shown[0]["last_status"], 200);
        let (_, h) = app.get(&path, &ann.token).await;
        assert_eq!(h["status"], "active");
        assert_eq!(h["consecutive_failures"], 0);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(rx.got().len(), 3, "delivered once taken");
    }
);

api_test!(
    async fn a_hook_that_keeps_failing_is_disabled_and_shown_so(app) with |s| {
        s.webhooks.allow_private = true;
        s.webhooks.disable_after = 3;
        s.webhooks.disable_after_failing = Duration::ZERO;
    }; {
        let ann = app.player("ann").await;
        let rx = Receiver::start(&[500]).await;
        let hook = create(&app, &ann, json!({"url": rx.url})).await;
        let path = format!("/webhooks/{}", hook["id"].as_str().unwrap());
        let (status, _) = app.post(&format!("{path}/test"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        rx.until("three attempts", |g| g.len() >= 3).await;
        let mut h = Value::Null;
        for _ in 0..100 {
            (_, h) = app.get(&path, &ann.token).await;
            if h["status"] == "disabled" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(h["status"], "disabled", "{h}");
        assert_eq!(h["consecutive_failures"], 3);
        assert!(h["last_error"].as_str().unwrap().contains("500"), "{h}");
        assert!(h["disabled_reason"].as_str().unwrap().contains("3 failed"), "{h}");
        let (_, list) = app.get("/webhooks", &ann.token).await;
        assert_eq!(list[0]["status"], "disabled");
        assert_eq!(h["pending_deliveries"], 1, "{h}");
        // The delivery is kept for when the hook is enabled again.
        let (_, deliveries) = app.get(&format!("{path}/deliveries"), &ann.token).await;
        assert_eq!(deliveries[0]["status"], "pending", "{deliveries}");
        // Nothing more is sent to it, not even a test.
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(rx.got().len(), 3);
        let (status, body) = app.post(&format!("{path}/test"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(body["code"], "webhook_disabled");
        // Re-enabled, it starts again from no failure.
        let (status, h) = app
            .call(Method::PATCH, &path, Some(&ann.token), Some(json!({"active": true})))
            .await;
        assert_eq!(status, StatusCode::OK, "{h}");
        assert_eq!(h["status"], "active");
        assert_eq!(h["consecutive_failures"], 0);
        assert!(h["disabled_reason"].is_null());
        let (status, _) = app.post(&format!("{path}/test"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        rx.until("a fourth attempt", |g| g.len() >= 4).await;
    }
);

api_test!(
    async fn a_receiver_answering_410_disables_the_hook_at_once(app) with allow_private; {
        let ann = app.player("ann").await;
        let rx = Receiver::start(&[410]).await;
        let hook = create(&app, &ann, json!({"url": rx.url})).await;
        let path = format!("/webhooks/{}", hook["id"].as_str().unwrap());
        app.post(&format!("{path}/test"), &ann.token, json!({})).await;
        rx.until("one attempt", |g| !g.is_empty()).await;
        let mut h = Value::Null;
        for _ in 0..100 {
            (_, h) = app.get(&path, &ann.token).await;
            if h["status"] == "disabled" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(h["status"], "disabled", "{h}");
        assert!(h["disabled_reason"].as_str().unwrap().contains("410"), "{h}");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(rx.got().len(), 1);
    }
);

api_test!(
    async fn urls_to_other_schemes_loopback_and_private_addresses_are_refused(app) {
        let ann = app.player("ann").await;
        for (url, code) in [
            ("ftp://example.org/hook", "invalid_webhook_url"),
            ("file:///etc/passwd", "invalid_webhook_url"),
            ("not a url", "invalid_webhook_url"),
            ("http://127.0.0.1:9/hook", "webhook_url_refused"),
            ("http://10.0.0.1/hook", "webhook_url_refused"),
            ("http://192.168.1.10/hook", "webhook_url_refused"),
            ("http://169.254.169.254/latest/meta-data", "webhook_url_refused"),
            ("http://[::1]:9/hook", "webhook_url_refused"),
            ("http://[::ffff:127.0.0.1]/hook", "webhook_url_refused"),
            // IPv6 forms that carry a loopback or private IPv4 address.
            ("http://[::127.0.0.1]/", "webhook_url_refused"),
            ("http://[::ffff:0:127.0.0.1]/hook", "webhook_url_refused"),
            ("http://[64:ff9b::10.0.0.1]/hook", "webhook_url_refused"),
            ("http://[2002:7f00:1::1]/hook", "webhook_url_refused"),
            ("http://[fd00::1]/hook", "webhook_url_refused"),
            ("https://localhost:9/hook", "webhook_url_refused"),
        ] {
            let (status, body) = app.post("/webhooks", &ann.token, json!({"url": url})).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {body}");
            assert_eq!(body["code"], code, "{url}: {body}");
            assert_eq!(body["field"], "url", "{url}: {body}");
        }
        for (body, code) in [
            (json!({"url": "https://example.org/h", "format": "teams"}), "invalid_webhook_format"),
            (json!({"url": "https://example.org/h", "events": []}), "invalid_webhook_events"),
            (json!({"url": "https://example.org/h", "events": ["Your Turn"]}), "invalid_webhook_events"),
        ] {
            let (status, answer) = app.post("/webhooks", &ann.token, body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
            assert_eq!(answer["code"], code, "{body}: {answer}");
        }
        // Nothing was made.
        let (status, list) = app.get("/webhooks", &ann.token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list, json!([]));
        // A token without the `account` scope manages no hooks.
        let (status, token) = app
            .post("/tokens", &ann.token, json!({"name": "bot", "scopes": ["read", "play"]}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{token}");
        let (status, body) = app.get("/webhooks", token["token"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "insufficient_scope");
    }
);

/// The fan-out cursor (`webhook_cursor`): the last event fanned out.
fn cursor(app: &TestApp) -> i64 {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Cursor {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        last_event_id: i64,
    }
    let mut conn = app.state.db.pool.get().unwrap();
    let sql = "SELECT last_event_id FROM webhook_cursor WHERE id = 1";
    let c: Cursor = match &mut *conn {
        hermes_api::store::DbConn::Sqlite(c) => diesel::sql_query(sql).get_result(c),
        hermes_api::store::DbConn::Pg(c) => diesel::sql_query(sql).get_result(c),
    }
    .unwrap();
    c.last_event_id
}

api_test!(
    async fn with_no_hook_enabled_the_worker_writes_nothing_and_a_new_hook_hears_only_what_follows(app) with allow_private; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let id = game(&app, &ann, &bob).await;
        for n in 0..3 {
            let (status, _) = app
                .post(&format!("/games/{id}/messages"), &bob.token, json!({"body": format!("before {n}")}))
                .await;
            assert_eq!(status, StatusCode::CREATED);
        }
        // Many worker rounds (it polls every 50 ms here, and is woken by each event):
        // with no hook there is nothing to fan out, and it writes nothing, not even its
        // cursor (a commit, with a disk sync, that every turn paid for).
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(cursor(&app), 0, "the idle worker moved its cursor");
        let rx = Receiver::start(&[200]).await;
        create(&app, &ann, json!({"url": rx.url, "game_id": id})).await;
        // The hook's creation moved the cursor past the events of the idle time.
        let caught_up = cursor(&app);
        assert!(caught_up >= 4, "cursor {caught_up} after the start and three messages");
        let (status, _) = app
            .post(&format!("/games/{id}/messages"), &bob.token, json!({"body": "after"}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let got = rx.until("the message after the hook", |g| !g.is_empty()).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let got = if rx.got().len() > got.len() { rx.got() } else { got };
        assert_eq!(kinds(&got), ["message"], "{got:?}");
        assert_eq!(got[0].json()["body"], "after", "{:?}", got[0].json());
        assert!(cursor(&app) > caught_up);
    }
);

/// Bob says `body` in game `id`: an event for ann's hook.
async fn say(app: &TestApp, bob: &Player, id: &str, body: &str) {
    let (status, answer) = app
        .post(
            &format!("/games/{id}/messages"),
            &bob.token,
            json!({"body": body}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}

/// The message bodies received, each once (a delivery may come twice: at least once),
/// in the order they first came.
fn bodies(got: &[Received]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    got.iter()
        .filter(|r| seen.insert(r.headers.get("hermes-delivery").cloned()))
        .filter_map(|r| r.json()["body"].as_str().map(str::to_string))
        .collect()
}

/// Waits until hook `path` shows `status`.
async fn until_status(app: &TestApp, p: &Player, path: &str, status: &str) -> Value {
    let mut h = Value::Null;
    for _ in 0..200 {
        (_, h) = app.get(path, &p.token).await;
        if h["status"] == status {
            return h;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the hook never became {status}: {h}");
}

api_test!(
    async fn a_receiver_down_for_a_while_is_retried_and_catches_up_without_being_disabled(app) with allow_private; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let id = game(&app, &ann, &bob).await;
        let rx = Receiver::start(&[200]).await;
        let hook = create(&app, &ann, json!({"url": rx.url, "game_id": id, "events": ["message"]})).await;
        let path = format!("/webhooks/{}", hook["id"].as_str().unwrap());
        say(&app, &bob, &id, "before").await;
        rx.until("the message before the outage", |g| !g.is_empty()).await;

        // The receiver goes down for about three seconds (an outage of a minute or two,
        // with the test's 50 ms retry base for 30 s), and events keep coming.
        rx.set_down(true);
        let during: Vec<String> = (0..30).map(|n| format!("during {n}")).collect();
        for body in &during {
            say(&app, &bob, &id, body).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let (_, h) = app.get(&path, &ann.token).await;
        assert_eq!(h["status"], "active", "one outage disabled the hook: {h}");
        // One attempt a retry window, not one a delivery: the test's retry windows
        // (50 ms, doubling) fit about six in three seconds.
        let tries = rx.refused();
        assert!((1..=12).contains(&tries), "{tries} attempts while the receiver was down");
        assert!(h["consecutive_failures"].as_i64().unwrap() <= 12, "{h}");

        // Back up: every event is delivered, in order, without anyone's help.
        rx.set_down(false);
        let want: Vec<String> = std::iter::once("before".to_string()).chain(during).collect();
        let got = rx
            .until("every message of the outage", |g| bodies(g).len() >= want.len())
            .await;
        assert_eq!(bodies(&got), want);
        let h = until_status(&app, &ann, &path, "active").await;
        for _ in 0..100 {
            let (_, h) = app.get(&path, &ann.token).await;
            if h["consecutive_failures"] == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (_, h2) = app.get(&path, &ann.token).await;
        assert_eq!(h2["consecutive_failures"], 0, "{h} {h2}");
        let (_, deliveries) = app.get(&format!("{path}/deliveries"), &ann.token).await;
        assert!(
            deliveries.as_array().unwrap().iter().all(|d| d["status"] == "delivered"),
            "{deliveries}"
        );
    }
);

api_test!(
    async fn a_disabled_hook_keeps_what_it_owes_and_delivers_it_in_order_once_enabled_again(app) with |s| {
        s.webhooks.allow_private = true;
        s.webhooks.backlog = 4;
    }; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let id = game(&app, &ann, &bob).await;
        let rx = Receiver::start(&[200]).await;
        let hook = create(&app, &ann, json!({"url": rx.url, "game_id": id, "events": ["message"]})).await;
        let path = format!("/webhooks/{}", hook["id"].as_str().unwrap());
        // Down, with three events owed; then its owner disables it.
        rx.set_down(true);
        for n in 0..3 {
            say(&app, &bob, &id, &format!("owed {n}")).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (status, h) = app
            .call(Method::PATCH, &path, Some(&ann.token), Some(json!({"active": false})))
            .await;
        assert_eq!(status, StatusCode::OK, "{h}");
        assert_eq!(h["status"], "disabled");
        // Events that come while it is disabled are kept for it too.
        tokio::time::sleep(Duration::from_millis(200)).await;
        for n in 3..6 {
            say(&app, &bob, &id, &format!("owed {n}")).await;
        }
        rx.set_down(false);
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(rx.got().is_empty(), "a disabled hook was called: {:?}", rx.got());
        // It keeps the newest four (`webhook_backlog` here), and counts the two dropped.
        let (_, deliveries) = app.get(&format!("{path}/deliveries"), &ann.token).await;
        assert_eq!(deliveries.as_array().unwrap().len(), 4, "{deliveries}");
        assert!(
            deliveries.as_array().unwrap().iter().all(|d| d["status"] == "pending"),
            "{deliveries}"
        );
        let (_, h) = app.get(&path, &ann.token).await;
        assert_eq!(h["pending_deliveries"], 4, "{h}");
        assert_eq!(h["dropped_deliveries"], 2, "{h}");

        // Enabled again: what it kept goes out, in order; the first says how many were
        // dropped before it.
        let (status, h) = app
            .call(Method::PATCH, &path, Some(&ann.token), Some(json!({"active": true})))
            .await;
        assert_eq!(status, StatusCode::OK, "{h}");
        assert_eq!(h["status"], "active");
        let got = rx.until("what the hook kept", |g| bodies(g).len() >= 4).await;
        let want: Vec<String> = (2..6).map(|n| format!("owed {n}")).collect();
        assert_eq!(bodies(&got), want);
        assert_eq!(got[0].headers.get("hermes-dropped").map(String::as_str), Some("2"), "{got:?}");
        assert!(got[1..].iter().all(|r| !r.headers.contains_key("hermes-dropped")), "{got:?}");
        // Told once: what comes next says nothing of it.
        say(&app, &bob, &id, "after").await;
        let got = rx.until("the message after", |g| bodies(g).len() >= 5).await;
        assert!(!got.last().unwrap().headers.contains_key("hermes-dropped"), "{got:?}");
        let (_, h) = app.get(&path, &ann.token).await;
        assert_eq!(h["dropped_deliveries"], 2, "{h}");
    }
);

api_test!(
    async fn a_hook_failing_for_long_is_disabled_keeping_what_it_owes_and_catches_up_when_enabled(app) with |s| {
        s.webhooks.allow_private = true;
        // Test-sized: three failed retry windows in a row and 300 ms of failing.
        s.webhooks.disable_after = 3;
        s.webhooks.disable_after_failing = Duration::from_millis(300);
    }; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let id = game(&app, &ann, &bob).await;
        let rx = Receiver::start(&[200]).await;
        let hook = create(&app, &ann, json!({"url": rx.url, "game_id": id, "events": ["message"]})).await;
        let path = format!("/webhooks/{}", hook["id"].as_str().unwrap());
        rx.set_down(true);
        let mut want = Vec::new();
        for n in 0..10 {
            want.push(format!("owed {n}"));
            say(&app, &bob, &id, want.last().unwrap()).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let h = until_status(&app, &ann, &path, "disabled").await;
        let reason = h["disabled_reason"].as_str().unwrap();
        assert!(reason.contains("failing for"), "{h}");
        assert!(h["failing_since"].is_string(), "{h}");
        // Still queued while disabled.
        for n in 10..13 {
            want.push(format!("owed {n}"));
            say(&app, &bob, &id, want.last().unwrap()).await;
        }
        rx.set_down(false);
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert!(rx.got().is_empty(), "a disabled hook was called: {:?}", rx.got());
        let (_, h) = app.get(&path, &ann.token).await;
        assert_eq!(h["pending_deliveries"], 13, "{h}");
        assert_eq!(h["dropped_deliveries"], 0, "{h}");
        let (status, h) = app
            .call(Method::PATCH, &path, Some(&ann.token), Some(json!({"active": true})))
            .await;
        assert_eq!(status, StatusCode::OK, "{h}");
        assert!(h["failing_since"].is_null(), "{h}");
        let got = rx.until("all it was owed", |g| bodies(g).len() >= 13).await;
        assert_eq!(bodies(&got), want);
        assert!(got.iter().all(|r| !r.headers.contains_key("hermes-dropped")), "{got:?}");
        let mut h = Value::Null;
        for _ in 0..100 {
            (_, h) = app.get(&path, &ann.token).await;
            if h["pending_deliveries"] == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(h["pending_deliveries"], 0, "{h}");
        assert_eq!(h["consecutive_failures"], 0, "{h}");
        assert_eq!(h["status"], "active", "{h}");
    }
);

api_test!(
    async fn workers_sharing_the_database_send_each_delivery_of_a_hook_once_and_in_order(app) with allow_private; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let id = game(&app, &ann, &bob).await;
        let rx = Receiver::start(&[200]).await;
        let hook = create(&app, &ann, json!({"url": rx.url, "game_id": id, "events": ["message"]})).await;
        let path = format!("/webhooks/{}", hook["id"].as_str().unwrap());
        let (status, _) = app
            .call(Method::PATCH, &path, Some(&ann.token), Some(json!({"active": false})))
            .await;
        assert_eq!(status, StatusCode::OK);
        let want: Vec<String> = (0..40).map(|n| format!("owed {n}")).collect();
        for body in &want {
            say(&app, &bob, &id, body).await;
        }
        // Three more workers (as of other servers: each its own lease owner) race the
        // server's own for the hook's backlog.
        let workers: Vec<hermes_api::webhooks::Worker> = (0..3)
            .map(|_| hermes_api::webhooks::Worker::new(app.state.clone(), app.state.webhooks.clone()).unwrap())
            .collect();
        let (status, _) = app
            .call(Method::PATCH, &path, Some(&ann.token), Some(json!({"active": true})))
            .await;
        assert_eq!(status, StatusCode::OK);
        let racing = workers.iter().map(|w| async {
            for _ in 0..200 {
                w.tick().await.unwrap();
                if bodies(&rx.got()).len() >= want.len() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        });
        futures_util::future::join_all(racing).await;
        let got = rx.until("the whole backlog", |g| bodies(g).len() >= want.len()).await;
        assert_eq!(bodies(&got), want);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(rx.got().len(), want.len(), "a delivery was sent twice");
    }
);
