//! The database in trouble (issue 10): a silent PostgreSQL, a SQLite file another process
//! is writing, and readiness. Requests are answered 503 (`database_unavailable`,
//! `database_busy`) with `Retry-After` within a bounded time, never hang, never 500;
//! `/health` (liveness) stays 200 while `/ready` says whether the database answers.

use crate::api_test;
use crate::helpers::{read, TestApp, PG_ENV};
use crate::proxy::Proxy;
use diesel::connection::SimpleConnection;
use diesel::{Connection, SqliteConnection};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A request with its status, body, `Retry-After` and how long it took; the client gives
/// up after 60 s so a hang fails the test instead of stalling it.
async fn timed(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value, Option<String>, Duration) {
    let started = Instant::now();
    let mut req = app
        .client
        .request(method, format!("{}{path}", app.url))
        .timeout(Duration::from_secs(60));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
    let retry_after = res
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let (status, body) = read(res).await;
    (status, body, retry_after, started.elapsed())
}

api_test!(
    async fn ready_says_the_database_answers_and_health_needs_no_database(app) {
        let (status, body, _, _) = timed(&app, Method::GET, "/ready", None, None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body, json!({"status": "ready"}));
        let (status, body, _, _) = timed(&app, Method::GET, "/health", None, None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["status"], "ok", "{body}");
    }
);

/// The database's timeouts of the outage test: short, so the test is short; the
/// defaults are the same mechanism with longer waits.
fn short_timeouts(s: &mut hermes_api::config::Settings) {
    s.database.connect = Duration::from_secs(2);
    s.database.statement = Duration::from_secs(2);
    s.database.pool = Duration::from_secs(2);
    s.database.request = Duration::from_secs(3);
    s.database.keepalive = Duration::from_secs(5);
}

/// A server whose PostgreSQL goes silent behind a proxy answers 503
/// `database_unavailable` with `Retry-After` within seconds (reads, writes, token checks and
/// `/ready`), `/health` stays 200, and the service comes back when the network does.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_silent_postgres_is_answered_503_within_seconds_and_the_service_recovers_postgres() {
    let Ok(admin) = std::env::var(PG_ENV) else {
        println!("skipped: {PG_ENV} not set");
        crate::helpers::say_once_that_postgres_tests_are_skipped();
        return;
    };
    let admin = url::Url::parse(&admin).expect("a URL");
    let upstream = format!(
        "{}:{}",
        admin.host_str().expect("a host"),
        admin.port().unwrap_or(5432)
    );
    let upstream = tokio::net::lookup_host(upstream)
        .await
        .expect("resolve postgres")
        .next()
        .expect("an address");
    let proxy = Proxy::start(upstream).await;
    let port = proxy.addr.port();
    let app = TestApp::postgres(move |s| {
        short_timeouts(s);
        let mut url = url::Url::parse(&s.database_url.0).expect("a URL");
        url.set_host(Some("127.0.0.1")).expect("host");
        url.set_port(Some(port)).expect("port");
        s.database_url.0 = url.to_string();
    })
    .await
    .expect("postgres is configured");
    let ann = app.player("ann").await;
    let (status, body, _, _) = timed(&app, Method::GET, "/me", Some(&ann.token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    proxy.silence();
    let game = json!({"kind": "gods", "seats": 2});
    let (get_me, create, ready, health) = tokio::join!(
        timed(&app, Method::GET, "/me", Some(&ann.token), None),
        timed(
            &app,
            Method::POST,
            "/games",
            Some(&ann.token),
            Some(game.clone())
        ),
        timed(&app, Method::GET, "/ready", None, None),
        timed(&app, Method::GET, "/health", None, None),
    );
    for (what, (status, body, retry_after, took)) in [
        ("GET /me", &get_me),
        ("POST /games", &create),
        ("GET /ready", &ready),
    ] {
        assert_eq!(*status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {body}");
        assert_eq!(body["code"], "database_unavailable", "{what}: {body}");
        assert!(retry_after.is_some(), "{what}: no Retry-After");
        assert!(
            *took < Duration::from_secs(15),
            "{what} took {took:?} (request timeout 3 s)"
        );
    }
    assert_eq!(
        health.0,
        StatusCode::OK,
        "/health is liveness: {}",
        health.1
    );
    // Later requests too (the pool's connections are stuck now, not just one).
    let (status, body, _, took) = timed(&app, Method::GET, "/me", Some(&ann.token), None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(took < Duration::from_secs(15), "took {took:?}");

    proxy.resume();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (status, _, _, _) = timed(&app, Method::GET, "/ready", None, None).await;
        if status == StatusCode::OK {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "/ready still {status} a minute after the network came back"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let (status, body, _, _) = timed(&app, Method::GET, "/me", Some(&ann.token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body, _, _) =
        timed(&app, Method::POST, "/games", Some(&ann.token), Some(game)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

/// The SQLite file of a test server, for a second connection of our own (as another
/// process, e.g. `hermes outbox retry`, would open it).
fn sqlite_path(app: &TestApp) -> String {
    app.database_url
        .strip_prefix("sqlite://")
        .expect("a SQLite test server")
        .to_string()
}

/// Another writer on the same file: holds SQLite's write lock (`BEGIN IMMEDIATE`) from
/// now until it is dropped.
struct ForeignWriter(SqliteConnection);

impl ForeignWriter {
    fn lock(path: &str) -> ForeignWriter {
        let mut conn = SqliteConnection::establish(path).expect("open the file");
        conn.batch_execute("PRAGMA busy_timeout = 10000; BEGIN IMMEDIATE;")
            .expect("take the write lock");
        ForeignWriter(conn)
    }

    fn release(mut self) {
        self.0.batch_execute("COMMIT").expect("commit");
    }
}

/// Read-then-write requests on SQLite while another connection holds the write lock: they
/// wait for it (busy timeout) and succeed; held past the busy timeout, they are answered
/// 503 `database_busy` with `Retry-After`; never 500 "database is locked".
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_requests_wait_for_another_processs_writer_and_are_503_past_the_busy_timeout() {
    let app = TestApp::sqlite(|s| {
        s.database.statement = Duration::from_millis(2500);
        // Only the requests write: no scheduler tick or mail poll takes the lock's wait.
        s.scheduler_tick_ms = 3_600_000;
        s.mail_poll_ms = 3_600_000;
    })
    .await;
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let (status, game) = app
        .post("/games", &ann.token, json!({"kind": "gods", "seats": 3}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().expect("id").to_string();
    let code = game["join_code"].as_str().expect("code").to_string();
    let path = sqlite_path(&app);
    let (invites, join_path) = (format!("/games/{id}/invites"), format!("/games/{id}/join"));

    // Held briefly, once for each request: it waits and succeeds. (One at a time: this
    // process's writers queue behind one another, and the first would take the whole
    // wait.)
    let requests = [
        (
            Method::PATCH,
            "/me/preferences".to_string(),
            &ann,
            json!({"time_zone": "Europe/Berlin"}),
            StatusCode::OK,
        ),
        (
            Method::POST,
            invites.clone(),
            &ann,
            json!({"email": "cat@example.org"}),
            StatusCode::CREATED,
        ),
        (
            Method::POST,
            join_path.clone(),
            &bob,
            json!({"code": code}),
            StatusCode::OK,
        ),
        (
            Method::POST,
            "/games".to_string(),
            &bob,
            json!({"kind": "gods", "seats": 2}),
            StatusCode::CREATED,
        ),
    ];
    for (method, path_, who, body, expected) in requests {
        let writer = ForeignWriter::lock(&path);
        let release = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(700)).await;
            writer.release();
        });
        let (status, answer, _, took) =
            timed(&app, method.clone(), &path_, Some(&who.token), Some(body)).await;
        release.await.expect("released");
        assert_eq!(status, expected, "{method} {path_}: {answer}");
        assert!(
            took >= Duration::from_millis(500),
            "{method} {path_} did not wait for the lock ({took:?})"
        );
    }

    // Held past the busy timeout: 503 database_busy, and nothing written.
    let writer = ForeignWriter::lock(&path);
    let (prefs, invite) = tokio::join!(
        timed(
            &app,
            Method::PATCH,
            "/me/preferences",
            Some(&ann.token),
            Some(json!({"mail": "none"}))
        ),
        timed(
            &app,
            Method::POST,
            &invites,
            Some(&ann.token),
            Some(json!({"email": "dan@example.org"}))
        ),
    );
    writer.release();
    for (what, (status, body, retry_after, _)) in
        [("PATCH /me/preferences", &prefs), ("POST invites", &invite)]
    {
        assert_eq!(*status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {body}");
        assert_eq!(body["code"], "database_busy", "{what}: {body}");
        assert!(retry_after.is_some(), "{what}: no Retry-After");
    }
    let (status, prefs) = app.get("/me/preferences", &ann.token).await;
    assert_eq!(status, StatusCode::OK, "{prefs}");
    assert_ne!(
        prefs["mail"], "none",
        "the refused PATCH wrote nothing: {prefs}"
    );
    // And the server goes on once the lock is gone.
    let (status, body) = app
        .call(
            Method::PATCH,
            "/me/preferences",
            Some(&ann.token),
            Some(json!({"mail": "none"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
