//! The test harness: the real server on port 0, on a fresh SQLite file or a fresh
//! Postgres database, and a small HTTP client around it.

use diesel::{Connection, PgConnection, RunQueryDsl};
use hermes_api::auth::jwt::{Keys, Purpose};
use hermes_api::config::{Secret, Settings};
use hermes_api::startup::Application;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU32, Ordering};

pub const JWT_SECRET: &str = "test secret: thirty-two bytes or more, really";
pub const PUBLIC_URL: &str = "http://hermes.test";
pub const PG_ENV: &str = "HERMES_TEST_POSTGRES_URL";

/// Say once, in the test command's own output (not libtest's captured output), how many
/// PostgreSQL tests of this binary pass without running because no database is set.
///
/// libtest captures `println!`/`eprintln!` of a passing test; a write to the process's
/// standard error handle is not captured, so this line is seen in every run. The count
/// is this binary's own list of tests (`--list`) whose names say `postgres`.
pub fn say_once_that_postgres_tests_are_skipped() {
    use std::io::Write;
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let count = std::env::current_exe()
            .ok()
            .and_then(|exe| std::process::Command::new(exe).arg("--list").output().ok())
            .map(|out| {
                String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .filter(|l| l.ends_with(": test") && l.contains("postgres"))
                    .count()
            });
        let count = count.map_or_else(|| "the".to_string(), |n| n.to_string());
        let _ = writeln!(
            std::io::stderr(),
            "\nskipped: {count} PostgreSQL tests pass without running: {PG_ENV} is not set \
             (set it to a server's URL, e.g. postgres://postgres@127.0.0.1:5432/postgres, to run them)\n"
        );
    });
}

/// Define one test twice: `sqlite` on a fresh SQLite file, and `postgres` on a fresh
/// Postgres database (skipped, saying so, when `HERMES_TEST_POSTGRES_URL` is not set).
/// `with |settings| …;` tweaks the settings before the server starts.
#[macro_export]
macro_rules! api_test {
    (async fn $name:ident($app:ident) $body:block) => {
        $crate::api_test!(async fn $name($app) with |_s| {}; $body);
    };
    (async fn $name:ident($app:ident) with $tweak:expr; $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: $crate::helpers::TestApp) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let app = $crate::helpers::TestApp::sqlite($tweak).await;
                run(app).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(app) = $crate::helpers::TestApp::postgres($tweak).await {
                    run(app).await
                }
            }
        }
    };
}

/// A fresh Postgres database, dropped when this is dropped.
struct PgDatabase {
    admin_url: String,
    name: String,
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        if let Ok(mut conn) = PgConnection::establish(&self.admin_url) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
                self.name
            ))
            .execute(&mut conn);
        }
    }
}

/// A running server and what it needs to be cleaned up.
pub struct TestApp {
    pub url: String,
    pub database_url: String,
    pub client: reqwest::Client,
    /// The server's shared state: `hermes_api::scheduler::tick(&app.state)` runs the
    /// scheduler once, at the server's clock.
    pub state: std::sync::Arc<hermes_api::state::AppState>,
    /// The port of the built-in SMTP listener for replies, when the test turned it on.
    pub smtp_port: Option<u16>,
    handle: actix_web::dev::ServerHandle,
    // Dropped in this order: the server stops, then its files and database go.
    _dir: tempfile::TempDir,
    _pg: Option<PgDatabase>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Sends the stop command at once; the returned future only waits for it.
        drop(self.handle.stop(false));
    }
}

/// A user with a login token.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: String,
    pub token: String,
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

fn unique() -> String {
    format!(
        "{}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        hex::encode(rand::random::<[u8; 4]>())
    )
}

/// The `hermes` binary of this build, for tests that run it as a process.
pub const BIN: &str = env!("CARGO_BIN_EXE_hermes");

/// A `hermes serve` process, killed when dropped. It gets only the environment given
/// (and `HERMES_BIND=127.0.0.1:0`); `url` is the address it printed on its first line.
pub struct ServeProcess {
    pub child: std::process::Child,
    pub url: String,
}

impl ServeProcess {
    pub fn start(env: &[(&str, String)]) -> ServeProcess {
        use std::io::{BufRead, BufReader};
        let mut child = std::process::Command::new(BIN)
            .arg("serve")
            .env_clear()
            .envs(env.iter().map(|(k, v)| (k, v)))
            .env("HERMES_BIND", "127.0.0.1:0")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn hermes");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the server prints its URL");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        ServeProcess { child, url }
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The settings of a test server with its files in `dir` and its database at
/// `database_url` (port 0, `.eml` mail files, generous limits).
// Every setting of today is named on purpose; `..Settings::defaults()` is for tomorrow's.
#[allow(clippy::needless_update)]
pub fn test_settings(dir: &std::path::Path, database_url: &str) -> Settings {
    Settings {
        bind: "127.0.0.1:0".parse().expect("address"),
        data_dir: dir.to_owned(),
        database_url: Secret(database_url.to_string()),
        pool_size: 4,
        sqlite_synchronous: Default::default(),
        hot_games: 10_000,
        snapshot_every: 32,
        mail_draw_threads: 2,
        // Other test binaries and builds share the machine: a low priority would starve
        // the mail tests' pictures.
        mail_draw_nice: 0,
        mail_draw_share: 100,
        mail_draw_spare_threads: 1,
        // The whole games played by mail check every turn's mail, and play faster than
        // the worker sends: a test of the superseded rule turns it on.
        mail_drop_superseded: false,
        database: Default::default(),
        outbox_retention_days: 30,
        idempotency_retention_days: 7,
        jwt_secret: Some(Secret(JWT_SECRET.into())),
        public_url: Some(PUBLIC_URL.into()),
        access_token_minutes: 15,
        login_per_ip_per_minute: 1000,
        login_per_email_per_minute: 1000,
        register_per_ip_per_hour: 1000,
        password_hash_concurrency: 2,
        password_hash_wait_ms: 30_000,
        mail_unconfirmed_per_day: 3,
        talk_per_seat_per_minute: 1000,
        invite_unconfirmed_per_user_per_day: 20,
        // `.eml` files in the test's directory, unless a test points it at SMTP.
        mail: hermes_api::mail::MailSettings::local(dir),
        mail_max_attempts: 10,
        mail_poll_ms: 50,
        stream_keepalive_ms: 25_000,
        stream_max_per_user: 20,
        stream_max_per_server: 2000,
        credentials_recheck_ms: 1000,
        // Tests with a ManualClock call `scheduler::tick` themselves; the background
        // scheduler still runs, which only matters once the clock moves.
        scheduler_tick_ms: 1000,
        reminder_before_hours: 24,
        vacation_days_per_year: 30,
        log_format: hermes_api::config::LogFormat::Text,
        metrics_token: None,
        trusted_proxies: Vec::new(),
        cors_origins: Vec::new(),
        inbound: Default::default(),
        // Loopback refused, as in production; the webhook tests allow it for their
        // receivers. Retries come fast.
        webhooks: hermes_api::webhooks::WebhookSettings {
            allow_private: false,
            max_attempts: 8,
            disable_after: 20,
            disable_after_failing: std::time::Duration::from_secs(72 * 3600),
            backlog: 1000,
            retry_base_ms: 50,
            poll_ms: 50,
            deliver: true,
        },
        // Tests run side by side on a few cores: the server's bound is the deck tests' to
        // set; the per-user bound and the card bounds are the defaults.
        decks: hermes_api::http::decks::DeckSettings {
            uploads_at_once: 4,
            ..Default::default()
        },
        // A setting not named above runs with its default.
        ..Settings::defaults()
    }
}

impl TestApp {
    pub async fn sqlite(tweak: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("hermes.sqlite3").display());
        TestApp::start(dir, url, None, None, tweak).await
    }

    /// As [`TestApp::sqlite`], telling time by `clock` (a `ManualClock` to jump ahead).
    pub async fn sqlite_clocked(
        clock: hermes_api::clock::SharedClock,
        tweak: impl FnOnce(&mut Settings),
    ) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("hermes.sqlite3").display());
        TestApp::start(dir, url, None, Some(clock), tweak).await
    }

    /// As [`TestApp::postgres`], telling time by `clock`.
    pub async fn postgres_clocked(
        clock: hermes_api::clock::SharedClock,
        tweak: impl FnOnce(&mut Settings),
    ) -> Option<TestApp> {
        let (dir, url, db) = TestApp::fresh_postgres()?;
        Some(TestApp::start(dir, url, Some(db), Some(clock), tweak).await)
    }

    /// `None` (after saying so) when no Postgres is configured; panics when one is
    /// configured but unreachable, so CI cannot pass by skipping.
    pub async fn postgres(tweak: impl FnOnce(&mut Settings)) -> Option<TestApp> {
        let (dir, url, db) = TestApp::fresh_postgres()?;
        Some(TestApp::start(dir, url, Some(db), None, tweak).await)
    }

    /// A fresh Postgres database and a data directory, or `None` (after saying so) when no
    /// Postgres is configured.
    fn fresh_postgres() -> Option<(tempfile::TempDir, String, PgDatabase)> {
        let Ok(admin_url) = std::env::var(PG_ENV) else {
            println!("skipped: {PG_ENV} not set");
            say_once_that_postgres_tests_are_skipped();
            return None;
        };
        let name = format!("hermes_test_{}", unique());
        let mut conn = PgConnection::establish(&admin_url)
            .unwrap_or_else(|e| panic!("{PG_ENV} is set but Postgres is unreachable: {e}"));
        diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
            .execute(&mut conn)
            .expect("create test database");
        let db = PgDatabase {
            admin_url: admin_url.clone(),
            name: name.clone(),
        };
        let mut url = url::Url::parse(&admin_url).expect("a URL in HERMES_TEST_POSTGRES_URL");
        url.set_path(&format!("/{name}"));
        let dir = tempfile::tempdir().expect("temp dir");
        Some((dir, url.to_string(), db))
    }

    async fn start(
        dir: tempfile::TempDir,
        database_url: String,
        pg: Option<PgDatabase>,
        clock: Option<hermes_api::clock::SharedClock>,
        tweak: impl FnOnce(&mut Settings),
    ) -> TestApp {
        let mut settings = test_settings(dir.path(), &database_url);
        tweak(&mut settings);
        let database_url = settings.database_url.0.clone();
        let app = match clock {
            Some(clock) => Application::build_with_clock(settings, clock),
            None => Application::build(settings),
        }
        .expect("server starts");
        let url = app.url().to_string();
        let handle = app.handle();
        let state = app.state();
        let smtp_port = app.smtp_port();
        tokio::spawn(app.run_until_stopped());
        TestApp {
            url,
            database_url,
            client: reqwest::Client::new(),
            state,
            smtp_port,
            handle,
            _dir: dir,
            _pg: pg,
        }
    }

    /// This server's data directory (where a generated JWT secret is kept).
    pub fn data_dir(&self) -> std::path::PathBuf {
        self._dir.path().to_owned()
    }

    /// Where this server's file transport writes its `.eml` files (the default mail
    /// settings of a test: `DATA_DIR/mail`).
    pub fn mail_dir(&self) -> std::path::PathBuf {
        self._dir.path().join("mail")
    }

    /// A second server process on the same database (as when several servers share one
    /// Postgres), with its own data directory; the database is dropped by the first.
    pub async fn twin(&self) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        TestApp::start(dir, self.database_url.clone(), None, None, |_| {}).await
    }

    /// As [`TestApp::twin`], with its own settings tweak (e.g. its mail settings).
    pub async fn twin_with(&self, tweak: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        TestApp::start(dir, self.database_url.clone(), None, None, tweak).await
    }

    /// As [`TestApp::twin_with`], telling time by `clock` (two servers, one database, one
    /// clock: the scheduler's claims across servers).
    pub async fn twin_clocked(
        &self,
        clock: hermes_api::clock::SharedClock,
        tweak: impl FnOnce(&mut Settings),
    ) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        TestApp::start(dir, self.database_url.clone(), None, Some(clock), tweak).await
    }

    /// Send a request; returns the status and the body as JSON (`Null` when empty, a
    /// string when not JSON).
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self.client.request(method, format!("{}{path}", self.url));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request sent");
        read(res).await
    }

    pub async fn get(&self, path: &str, token: &str) -> (StatusCode, Value) {
        self.call(Method::GET, path, Some(token), None).await
    }

    pub async fn delete(&self, path: &str, token: &str) -> (StatusCode, Value) {
        self.call(Method::DELETE, path, Some(token), None).await
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, Some(token), Some(body)).await
    }

    pub async fn register(&self, email: &str, password: &str) -> (StatusCode, Value) {
        let name = email.split('@').next().unwrap_or("someone");
        self.call(
            Method::POST,
            "/users",
            None,
            Some(json!({"email": email, "display_name": name, "password": password})),
        )
        .await
    }

    pub async fn login(&self, email: &str, password: &str) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            "/auth/login",
            None,
            Some(json!({"email": email, "password": password})),
        )
        .await
    }

    /// Confirm `player`'s address, as the link in their welcome mail does
    /// (`GET /verify?token=…`); returns the address.
    pub async fn confirm(&self, player: &Player) -> String {
        let (status, me) = self.get("/me", &player.token).await;
        assert_eq!(status, StatusCode::OK, "{me}");
        let email = me["email"].as_str().expect("email").to_string();
        let keys = Keys::new(JWT_SECRET.as_bytes(), PUBLIC_URL);
        let link = hermes_api::links::verify_link(&keys, PUBLIC_URL, &player.id, &email)
            .expect("verify link");
        let path = link
            .strip_prefix(PUBLIC_URL)
            .expect("a link on the public URL");
        let res = self
            .client
            .get(format!("{}{path}", self.url))
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), StatusCode::OK, "the verify page");
        email
    }

    /// A registered, logged-in user with a fresh email.
    pub async fn player(&self, name: &str) -> Player {
        let email = format!("{name}.{}@example.org", unique());
        let (status, answer) = self.register(&email, "a long password").await;
        assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
        let (status, login) = self.login(&email, "a long password").await;
        assert_eq!(status, StatusCode::OK, "{login}");
        Player {
            id: login["user"]["id"].as_str().expect("id").to_string(),
            token: login["access_token"].as_str().expect("token").to_string(),
        }
    }
}

pub async fn read(res: reqwest::Response) -> (StatusCode, Value) {
    let status = res.status();
    let problem = res
        .headers()
        .get("content-type")
        .is_some_and(|v| v.as_bytes().starts_with(b"application/problem+json"));
    let text = res.text().await.expect("body");
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    };
    if status.is_client_error() || status.is_server_error() {
        assert!(problem, "an error without problem+json: {status} {body}");
        assert_eq!(body["status"], status.as_u16(), "{body}");
        assert!(body["code"].is_string(), "{body}");
    }
    (status, body)
}

/// A token signed with the test server's secret, for any purpose and lifetime.
pub fn mint(purpose: Purpose, user_id: &str, ttl: chrono::Duration) -> String {
    Keys::new(JWT_SECRET.as_bytes(), PUBLIC_URL)
        .mint(purpose, user_id, ttl, None)
        .expect("mint")
}

/// The seed and generator a finished game's engine was set up with, recomputed from its
/// public data alone (`GET /games/{id}`: the revealed `seed`, `seed_scheme` and the
/// players' seeds in seat order; `docs/players/replay.md`).
pub fn engine_seed(game: &Value) -> (games::Seed, games::Generator) {
    let server: games::Seed = game["seed"]
        .as_str()
        .expect("the seed is revealed")
        .parse()
        .expect("a seed");
    let scheme = games::SeedScheme::from_number(game["seed_scheme"].as_i64().expect("scheme"))
        .expect("a known scheme");
    let mut players: Vec<&Value> = game["players"]
        .as_array()
        .expect("players")
        .iter()
        .collect();
    players.sort_by_key(|p| p["seat"].as_i64());
    let seeds: Vec<&str> = players
        .iter()
        .map(|p| p["player_seed"].as_str().unwrap_or(""))
        .collect();
    (scheme.game_seed(&server, &seeds), scheme.generator())
}

/// Set a new password for `user_id` as its owner would: the mailed reset link (made here
/// from the stored hash, as the mail makes it), its form, the new password twice.
pub async fn reset_password(app: &TestApp, user_id: &str, new: &str) {
    use diesel::prelude::*;
    use hermes_api::store::{self, schema::users};
    let hash: String = {
        let pool = store::open(&app.database_url, 1).expect("database");
        let mut conn = pool.get().expect("connection");
        users::table
            .find(user_id)
            .select(users::password_hash)
            .first(&mut *conn)
            .expect("the user")
    };
    let keys = Keys::new(JWT_SECRET.as_bytes(), PUBLIC_URL);
    let link = hermes_api::links::password_reset_link(&keys, PUBLIC_URL, user_id, &hash)
        .expect("reset link");
    let path = link
        .strip_prefix(PUBLIC_URL)
        .expect("a link on the public URL");
    let mut browser = crate::web::Browser::new(app);
    let form = browser.get(path).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    let done = browser
        .post(
            path,
            &[
                ("csrf", &form.csrf()),
                ("password", new),
                ("password_again", new),
            ],
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
}

/// Delete an account (one with no games) from the database, as an operator would.
pub fn delete_account(app: &TestApp, user_id: &str) {
    use diesel::prelude::*;
    use hermes_api::store::{self, schema::users};
    let pool = store::open(&app.database_url, 1).expect("database");
    let mut conn = pool.get().expect("connection");
    let gone = diesel::delete(users::table.find(user_id))
        .execute(&mut *conn)
        .expect("deleted");
    assert_eq!(gone, 1);
}

/// A personal token of `player` with `scopes`.
pub async fn personal_token(app: &TestApp, player: &Player, scopes: &[&str]) -> (String, String) {
    let (status, created) = app
        .post(
            "/tokens",
            &player.token,
            json!({"name": "a bot", "scopes": scopes}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    (
        created["id"].as_str().expect("id").to_string(),
        created["token"].as_str().expect("token").to_string(),
    )
}
