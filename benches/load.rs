//! `loadbench`: many Gods (or Dreams) games at once over HTTP against a real Hermes server.
//!
//! Starts the server in this process on 127.0.0.1 (port 0) on a fresh SQLite file and,
//! when a PostgreSQL URL is given, on a fresh PostgreSQL database (dropped afterwards).
//! C clients each play their own two-player games: a client holds both players' tokens,
//! computes a random legal turn locally from the view the server returned
//! (`Gods::from_view`), and submits it with `expected_seq`; when a game ends it starts
//! another. With `--game dreams` each client plays three-player Dreams games instead: it
//! asks `GET /games/{id}/legal` for each seat that must act (the stars phase one seat,
//! the guess phase every seat in turn) and sends a random one of the legal turns; only
//! the turn requests are timed. Reported: accepted turns per second, p50/p99/max latency of the turn
//! requests, and, as the ceiling, the same clients' rate on the trivial `GET /health`.
//! A benchmark, not a test: it prints figures and asserts nothing but that no turn was
//! refused. Figures and the command that produced them are kept in BENCHMARKS.md.

#[path = "smtp_sink.rs"]
mod smtp_sink;

use clap::Parser;
use diesel::{Connection, PgConnection, RunQueryDsl};
use games::gods::random::random_turn;
use games::gods::view::GodsView;
use games::gods::Gods;
use games::{Rng, Seed};
use hermes_api::config::{Secret, Settings};
use hermes_api::startup::Application;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Parser, Debug, Clone)]
#[command(about = "Load benchmark: concurrent Gods or Dreams games over HTTP")]
struct Args {
    /// Concurrent clients (each plays its own games).
    #[arg(long, default_value_t = 64)]
    clients: usize,
    /// Seconds of measured load per backend and per phase.
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    /// Server database connections.
    #[arg(long, default_value_t = 8)]
    pool_size: u32,
    /// A PostgreSQL server URL (admin rights: a database is created and dropped). Falls
    /// back to HERMES_TEST_POSTGRES_URL; without either, only SQLite is measured.
    #[arg(long)]
    postgres: Option<String>,
    /// Measure only SQLite.
    #[arg(long)]
    sqlite_only: bool,
    /// The players' mail preference: `every_turn` (each turn enqueues a your-turn mail in
    /// its transaction, and the server's outbox worker draws it and sends it over SMTP to
    /// a local sink on TCP) or `none` (no mail: the turn path without it).
    #[arg(long, default_value = "every_turn")]
    mail_pref: String,
    /// The game the clients play: `gods` (two players) or `dreams` (three players).
    #[arg(long, default_value = "gods")]
    game: String,
    /// SQLite's `synchronous`: `full` (durable, the server's default) or `normal` (on
    /// PostgreSQL: the bench database gets `synchronous_commit = off`).
    #[arg(long, default_value = "full")]
    synchronous: String,
    /// Threads drawing mail pictures (the server's default: cores less one).
    #[arg(long)]
    mail_draw_threads: Option<u32>,
    /// The server's `snapshot_every`: a game's full state is rewritten every N turns.
    #[arg(long, default_value_t = 32)]
    snapshot_every: u32,
    /// The server's `hot_games`: engines kept in memory.
    #[arg(long, default_value_t = 10_000)]
    hot_games: u32,
    /// Memory at scale instead of the turn load: N running Gods games, each with a turn
    /// played, then `GET /games/{id}` of every one of them (every engine loaded once, the
    /// hot games evicting beyond `--hot-games`), then of the newest half of what the hot
    /// games hold (hits); reports the process's resident memory (VmRSS, VmHWM) and the
    /// hot games' size, bound and hits. The games are one game played over HTTP (created,
    /// joined, a turn) and copied N times through the store's models (its game row, seats,
    /// log entry and clocks under fresh ids): playing 100,000 over HTTP would take most of
    /// the run.
    #[arg(long)]
    rss_games: Option<usize>,
    /// Each drawing thread's share of a core, in percent (the server's default: 50).
    #[arg(long, default_value_t = 50)]
    mail_draw_share: u32,
    /// Drawing threads under `SCHED_IDLE`, without a share (the server's default: 1; 0 for
    /// none).
    #[arg(long, default_value_t = 1)]
    mail_draw_spare_threads: u32,
    /// Send every your-turn mail, also those whose reader has already moved (the bench's
    /// clients move at once, so with the server's default nearly every your-turn mail is
    /// superseded before the worker gets to it): measures drawing and sending at full
    /// demand.
    #[arg(long)]
    keep_superseded: bool,
    /// Every phase issue 13 asks for in one run, then a table of them (the options set
    /// per phase: clients, pool size, `synchronous`, mail).
    #[arg(long)]
    report: bool,
    /// Write `.eml` files instead of sending over SMTP to the local sink.
    #[arg(long)]
    mail_files: bool,
    /// Count the SQL statements the server runs during the turns (diesel's instrumentation
    /// on every connection), and print those per turn: what a turn asks of the database.
    /// Costs some CPU of its own: not for the throughput figures.
    #[arg(long)]
    sql_trace: bool,
    /// Log as `hermes-api serve` does by default (`info`, text, one line a request and one
    /// a turn) into this file: the server's logging is then part of the figures (without
    /// it no subscriber is installed, and a log line costs nothing).
    #[arg(long)]
    log: Option<std::path::PathBuf>,
}

/// `--sql-trace`: statements by their text (binds left out), counted while `RECORDING`.
static STATEMENTS: std::sync::Mutex<Option<std::collections::HashMap<String, u64>>> =
    std::sync::Mutex::new(None);
static RECORDING: AtomicBool = AtomicBool::new(false);
/// `--keep-superseded`, for [`live_backlog`].
static KEEP_STALE: AtomicBool = AtomicBool::new(false);

fn count_statements() -> Option<Box<dyn diesel::connection::Instrumentation>> {
    Some(Box::new(
        |event: diesel::connection::InstrumentationEvent<'_>| {
            use diesel::connection::InstrumentationEvent as E;
            if !RECORDING.load(Ordering::Relaxed) {
                return;
            }
            let text = match event {
                E::StartQuery { query, .. } => query.to_string(),
                E::BeginTransaction { depth, .. } => format!("(begin, depth {depth})"),
                E::CommitTransaction { depth, .. } => format!("(commit, depth {depth})"),
                _ => return,
            };
            let text = text
                .split(" -- binds")
                .next()
                .unwrap_or_default()
                .to_string();
            let mut map = STATEMENTS.lock().unwrap_or_else(|e| e.into_inner());
            *map.get_or_insert_with(Default::default)
                .entry(text)
                .or_insert(0) += 1;
        },
    ))
}

/// The server's drawing threads (`--mail-draw-threads`, else cores less one), for [`start`].
static DRAW_THREADS: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
/// The SMTP sink every phase's server sends to (`None`: `--mail-files`).
static SINK: std::sync::OnceLock<Option<smtp_sink::SmtpSink>> = std::sync::OnceLock::new();

type BoxError = Box<dyn std::error::Error + Send + Sync>;

struct Server {
    url: String,
    /// The server's database, for the outbox figures.
    database_url: String,
    handle: actix_web::dev::ServerHandle,
    state: std::sync::Arc<hermes_api::state::AppState>,
    _dir: tempfile::TempDir,
    _pg: Option<PgDatabase>,
}

/// A fresh Postgres database, dropped with this value.
struct PgDatabase {
    admin_url: String,
    name: String,
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        if let Ok(mut conn) = PgConnection::establish(&self.admin_url) {
            let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
            let _ = diesel::sql_query(sql).execute(&mut conn);
        }
    }
}

// Every setting of today is named on purpose; `..Settings::defaults()` is for tomorrow's.
#[allow(clippy::needless_update)]
async fn start(database_url: Option<String>, args: &Args) -> Result<Server, BoxError> {
    let synchronous: hermes_api::store::Synchronous = args.synchronous.parse()?;
    let dir = tempfile::tempdir()?;
    let (url, pg) = match database_url {
        None => (
            format!("sqlite://{}", dir.path().join("bench.sqlite3").display()),
            None,
        ),
        Some(admin_url) => {
            let name = format!("hermes_bench_{}", std::process::id());
            let mut conn = PgConnection::establish(&admin_url)?;
            diesel::sql_query(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                .execute(&mut conn)?;
            diesel::sql_query(format!("CREATE DATABASE \"{name}\"")).execute(&mut conn)?;
            // `--synchronous normal`: PostgreSQL's counterpart, commits not waiting for
            // their WAL flush (to see what the flush costs there).
            if synchronous == hermes_api::store::Synchronous::Normal {
                diesel::sql_query(format!(
                    "ALTER DATABASE \"{name}\" SET synchronous_commit = off"
                ))
                .execute(&mut conn)?;
            }
            let mut url = url::Url::parse(&admin_url)?;
            url.set_path(&format!("/{name}"));
            (url.to_string(), Some(PgDatabase { admin_url, name }))
        }
    };
    let settings = Settings {
        bind: "127.0.0.1:0".parse()?,
        data_dir: dir.path().to_owned(),
        database_url: Secret(url),
        pool_size: args.pool_size,
        sqlite_synchronous: synchronous,
        hot_games: args.hot_games,
        snapshot_every: args.snapshot_every,
        mail_draw_threads: DRAW_THREADS.get().copied().unwrap_or(1),
        mail_draw_nice: 0,
        mail_draw_share: args.mail_draw_share,
        mail_draw_spare_threads: args.mail_draw_spare_threads,
        mail_drop_superseded: !args.keep_superseded,
        database: Default::default(),
        inbound: Default::default(),
        webhooks: Default::default(),
        decks: Default::default(),
        outbox_retention_days: 30,
        idempotency_retention_days: 7,
        jwt_secret: Some(Secret("loadbench secret, thirty-two bytes or more".into())),
        public_url: None,
        access_token_minutes: 600,
        login_per_ip_per_minute: 1_000_000,
        login_per_email_per_minute: 1_000_000,
        register_per_ip_per_hour: 1_000_000,
        password_hash_concurrency: std::thread::available_parallelism()
            .map_or(1, |n| n.get() as u32),
        password_hash_wait_ms: 600_000,
        mail_unconfirmed_per_day: 1_000_000,
        talk_per_seat_per_minute: 1_000_000,
        invite_unconfirmed_per_user_per_day: 1_000_000,
        mail: {
            let mut mail = hermes_api::mail::MailSettings::local(dir.path());
            if let Some(Some(sink)) = SINK.get() {
                mail.transport = hermes_api::mail::TransportKind::Smtp;
                mail.smtp.host = sink.addr.ip().to_string();
                mail.smtp.port = Some(sink.addr.port());
                mail.smtp.security = hermes_api::mail::SmtpSecurity::None;
            }
            mail
        },
        mail_max_attempts: 10,
        mail_poll_ms: 1000,
        stream_keepalive_ms: 25_000,
        stream_max_per_user: 20,
        stream_max_per_server: 2000,
        credentials_recheck_ms: 1000,
        scheduler_tick_ms: 1000,
        reminder_before_hours: 24,
        vacation_days_per_year: 30,
        log_format: hermes_api::config::LogFormat::Text,
        metrics_token: None,
        trusted_proxies: Vec::new(),
        cors_origins: Vec::new(),
        // A setting not named above runs with its default.
        ..Settings::defaults()
    };
    let db_url = settings.database_url.0.clone();
    let app = Application::build(settings)?;
    let url = app.url().to_string();
    let handle = app.handle();
    let state = app.state();
    tokio::spawn(app.run_until_stopped());
    Ok(Server {
        url,
        database_url: db_url,
        handle,
        state,
        _dir: dir,
        _pg: pg,
    })
}

async fn call(
    client: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    token: &str,
    body: Value,
) -> Result<(u16, Value), BoxError> {
    let mut req = client.request(method, url).bearer_auth(token);
    if !body.is_null() {
        req = req.json(&body);
    }
    let res = req.send().await?;
    let status = res.status().as_u16();
    let text = res.text().await?;
    Ok((
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    ))
}

/// A registered, logged-in player whose mail preference is `pref`; returns its token.
async fn player(
    client: &reqwest::Client,
    url: &str,
    name: &str,
    pref: &str,
) -> Result<String, BoxError> {
    let email = format!("{name}@bench.example.org");
    let password = "a long bench password";
    let res = client
        .post(format!("{url}/users"))
        .json(&json!({"email": email, "display_name": name, "password": password}))
        .send()
        .await?;
    if res.status().as_u16() != 202 {
        return Err(format!("register {name}: {}", res.text().await?).into());
    }
    let login: Value = client
        .post(format!("{url}/auth/login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await?
        .json()
        .await?;
    let token: String = login["access_token"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("login {name}: {login}"))?;
    if pref != "every_turn" {
        let res = client
            .patch(format!("{url}/me/preferences"))
            .bearer_auth(&token)
            .json(&json!({ "mail": pref }))
            .send()
            .await?;
        if !res.status().is_success() {
            return Err(format!("preferences of {name}: {}", res.text().await?).into());
        }
    }
    Ok(token)
}

/// A new game of `kind` between `tokens` (one seat each, in order); returns its id,
/// sequence and the first seat's view.
async fn new_game(
    client: &reqwest::Client,
    url: &str,
    kind: &str,
    tokens: &[String],
) -> Result<(String, i64, Value), BoxError> {
    let creator = tokens.first().ok_or("no player")?;
    let body = json!({"kind": kind, "seats": tokens.len(), "random_seats": false});
    let (status, game) = call(
        client,
        reqwest::Method::POST,
        format!("{url}/games"),
        creator,
        body,
    )
    .await?;
    if status != 201 {
        return Err(format!("create game: {status} {game}").into());
    }
    let id = game["id"].as_str().ok_or("game id")?.to_string();
    let code = game["join_code"].clone();
    for token in tokens.iter().skip(1) {
        let (status, joined) = call(
            client,
            reqwest::Method::POST,
            format!("{url}/games/{id}/join"),
            token,
            json!({"code": code}),
        )
        .await?;
        if status != 200 {
            return Err(format!("join: {status} {joined}").into());
        }
    }
    let (status, game) = call(
        client,
        reqwest::Method::GET,
        format!("{url}/games/{id}"),
        creator,
        Value::Null,
    )
    .await?;
    if status != 200 {
        return Err(format!("get game: {status} {game}").into());
    }
    Ok((id, game["seq"].as_i64().ok_or("seq")?, game["view"].clone()))
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    refused: u64,
    games_finished: u64,
}

/// One client: plays games back to back until `stop`.
async fn play(
    client: reqwest::Client,
    url: String,
    tokens: [String; 2],
    seed: u64,
    stop: Arc<AtomicBool>,
) -> Result<Tally, BoxError> {
    let mut rng = Rng::from_seed(&Seed::from_u64(seed));
    let mut tally = Tally::default();
    let (id, mut seq, view) = new_game(&client, &url, "gods", &tokens).await?;
    let mut v: GodsView = serde_json::from_value(view)?;
    // Parsed once a game, not once a turn.
    let mut turns_url: reqwest::Url = format!("{url}/games/{id}/turns").parse()?;
    // The clients' own cost counts against the two cores: the request body is written
    // straight from the turn, without a tree of values.
    #[derive(serde::Serialize)]
    struct Body<'a, T> {
        expected_seq: i64,
        turn: &'a T,
    }
    while !stop.load(Ordering::Relaxed) {
        let local = Gods::from_view(&v);
        let Some(turn) = random_turn(&local, &mut rng) else {
            tally.games_finished += 1;
            let (id, next_seq, view) = new_game(&client, &url, "gods", &tokens).await?;
            seq = next_seq;
            v = serde_json::from_value(view)?;
            turns_url = format!("{url}/games/{id}/turns").parse()?;
            continue;
        };
        let seat = v.to_move.ok_or("no seat to move in a running game")?;
        let token = tokens.get(seat).ok_or("seat")?;
        let body = serde_json::to_vec(&Body {
            expected_seq: seq,
            turn: &turn,
        })?;
        let t0 = Instant::now();
        let res = client
            .post(turns_url.clone())
            .bearer_auth(token)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body)
            .send()
            .await?;
        let status = res.status().as_u16();
        let text = res.bytes().await?;
        let took = t0.elapsed();
        if status != 201 {
            tally.refused += 1;
            let text = String::from_utf8_lossy(&text);
            return Err(format!("turn refused: {status} {text}").into());
        }
        tally.latencies.push(took);
        // Straight into the two fields the client uses (no tree of values in between).
        #[derive(serde::Deserialize)]
        struct Answer {
            seq: i64,
            view: GodsView,
        }
        let answer: Answer = serde_json::from_slice(&text)?;
        seq = answer.seq;
        v = answer.view;
    }
    Ok(tally)
}

/// A random turn among `legal` (a seat's `GET /legal` answer in Dreams).
fn random_dreams_turn(legal: &Value, rng: &mut Rng) -> Result<Value, BoxError> {
    let pick = |rng: &mut Rng, items: &[Value]| -> Option<Value> {
        if items.is_empty() {
            return None;
        }
        items.get(rng.below(items.len())).cloned()
    };
    let empty = Vec::new();
    let kinds = legal["kinds"].as_array().unwrap_or(&empty);
    if let Some(kind) = pick(rng, kinds) {
        let max = legal["max"].as_u64().unwrap_or(100) as usize;
        let taken = legal["taken"].as_array().unwrap_or(&empty);
        loop {
            let (x, y) = (rng.below(max + 1) as u64, rng.below(max + 1) as u64);
            let free = !taken
                .iter()
                .any(|p| p["x"].as_u64() == Some(x) && p["y"].as_u64() == Some(y));
            if free {
                return Ok(json!({"star": {"kind": kind, "x": x, "y": y}}));
            }
        }
    }
    if let Some(seat) = pick(rng, legal["seats"].as_array().unwrap_or(&empty)) {
        return Ok(json!({"guess": {"seat": seat}}));
    }
    if let Some(image) = pick(rng, legal["images"].as_array().unwrap_or(&empty)) {
        return Ok(json!({"guess": {"image": image}}));
    }
    Ok(json!({"pass": true}))
}

/// One Dreams client: plays three-player games back to back until `stop`.
async fn play_dreams(
    client: reqwest::Client,
    url: String,
    tokens: [String; 3],
    seed: u64,
    stop: Arc<AtomicBool>,
) -> Result<Tally, BoxError> {
    let mut rng = Rng::from_seed(&Seed::from_u64(seed));
    let mut tally = Tally::default();
    let (mut id, mut seq, mut view) = new_game(&client, &url, "dreams", &tokens).await?;
    while !stop.load(Ordering::Relaxed) {
        let to_act: Vec<usize> = view["to_act"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_u64()?.try_into().ok())
                    .collect()
            })
            .unwrap_or_default();
        let Some(&seat) = to_act.first() else {
            tally.games_finished += 1;
            (id, seq, view) = new_game(&client, &url, "dreams", &tokens).await?;
            continue;
        };
        let token = tokens.get(seat).ok_or("seat")?;
        let (status, legal) = call(
            &client,
            reqwest::Method::GET,
            format!("{url}/games/{id}/legal"),
            token,
            Value::Null,
        )
        .await?;
        if status != 200 {
            return Err(format!("legal: {status} {legal}").into());
        }
        let turn = random_dreams_turn(&legal["legal"], &mut rng)?;
        let body = json!({"expected_seq": seq, "turn": turn});
        let t0 = Instant::now();
        let (status, res) = call(
            &client,
            reqwest::Method::POST,
            format!("{url}/games/{id}/turns"),
            token,
            body,
        )
        .await?;
        let took = t0.elapsed();
        if status != 201 {
            tally.refused += 1;
            return Err(format!("turn refused: {status} {res}").into());
        }
        tally.latencies.push(took);
        seq = res["seq"].as_i64().ok_or("seq")?;
        view = res["view"].clone();
    }
    Ok(tally)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn ceiling(client: &reqwest::Client, url: &str, clients: usize, seconds: u64) -> f64 {
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (client, url, stop, count) =
            (client.clone(), url.to_string(), stop.clone(), count.clone());
        tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                if let Ok(r) = client.get(format!("{url}/health")).send().await {
                    if r.status().is_success() && r.bytes().await.is_ok() {
                        count.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    count.load(Ordering::Relaxed) as f64 / t0.elapsed().as_secs_f64()
}

/// What one phase measured, for `--report`'s table.
struct Summary {
    backend: &'static str,
    synchronous: String,
    clients: usize,
    mail_pref: String,
    health: f64,
    turns_per_s: f64,
    p50_ms: f64,
    p99_ms: f64,
    cpu_us: f64,
    writer_us: f64,
    /// PostgreSQL's own processes on this machine, per turn ([`postgres_cpu_seconds`]).
    db_server_us: Option<f64>,
    per_commit: Option<f64>,
    mails_per_s: f64,
    /// The mail still to send, sampled while the turns ran ([`live_backlog`]).
    backlog: Vec<i64>,
    backlog_slope: f64,
}

async fn run(
    backend: &'static str,
    database_url: Option<String>,
    args: &Args,
) -> Result<Summary, BoxError> {
    let server = start(database_url, args).await?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients)
        .build()?;
    println!(
        "\n{backend}: server at {}, {} clients playing {}, {} s per phase",
        server.url, args.clients, args.game, args.seconds
    );
    let seats = if args.game == "dreams" { 3 } else { 2 };
    let mut players = Vec::new();
    for c in 0..args.clients {
        let mut tokens = Vec::new();
        for s in 0..seats {
            tokens.push(player(&client, &server.url, &format!("c{c}p{s}"), &args.mail_pref).await?);
        }
        players.push(tokens);
    }
    let health = ceiling(&client, &server.url, args.clients, args.seconds).await;
    println!("{backend}: ceiling GET /health: {health:.0} requests/s");

    let group = |s: &Server| {
        s.state
            .db
            .group_commit
            .as_ref()
            .map_or((0, 0), |g| (g.counts().commits(), g.counts().writes()))
    };
    let pool = hermes_api::store::open(&server.database_url, 1)?;
    let before = {
        let mut conn = pool.get()?;
        hermes_api::cli::outbox::counts(&mut conn)?
    };
    let sink_before = SINK.get().and_then(Option::as_ref).map(|s| s.messages());
    let (commits_before, writes_before) = group(&server);
    let wal_before = wal_syncs(&server.database_url);
    let cpu_before = cpu_seconds();
    let pg_before = postgres_cpu_seconds();
    RECORDING.store(args.sql_trace, Ordering::Relaxed);
    let stop = Arc::new(AtomicBool::new(false));
    let t0 = Instant::now();
    // The mail still to send, every `BACKLOG_EVERY` while the turns run, on a connection
    // of its own (a blocking thread: the query waits for the database).
    let sampler = (args.mail_pref != "none").then(|| {
        let (url, stop) = (server.database_url.clone(), stop.clone());
        tokio::task::spawn_blocking(move || -> Result<Vec<(f64, i64)>, BoxError> {
            let pool = hermes_api::store::open(&url, 1)?;
            let mut conn = pool.get()?;
            let mut samples = Vec::new();
            let start = Instant::now();
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(BACKLOG_EVERY);
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                samples.push((start.elapsed().as_secs_f64(), live_backlog(&mut conn)?));
            }
            Ok(samples)
        })
    });
    let tasks: Vec<_> = players
        .into_iter()
        .enumerate()
        .map(|(c, tokens)| {
            let (client, url, stop) = (client.clone(), server.url.clone(), stop.clone());
            let dreams = args.game == "dreams";
            tokio::spawn(async move {
                if dreams {
                    let tokens: [String; 3] = tokens.try_into().map_err(|_| "three tokens")?;
                    play_dreams(client, url, tokens, c as u64, stop).await
                } else {
                    let tokens: [String; 2] = tokens.try_into().map_err(|_| "two tokens")?;
                    play(client, url, tokens, c as u64, stop).await
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    let (mut refused, mut finished) = (0, 0);
    for t in tasks {
        let tally = t.await??;
        all.extend(tally.latencies);
        refused += tally.refused;
        finished += tally.games_finished;
    }
    let elapsed = t0.elapsed().as_secs_f64();
    RECORDING.store(false, Ordering::Relaxed);
    let samples = match sampler {
        Some(s) => s.await??,
        None => Vec::new(),
    };
    let cpu_after = cpu_seconds();
    let pg_after = postgres_cpu_seconds();
    let wal_after = wal_syncs(&server.database_url);
    all.sort_unstable();
    println!(
        "{backend}: turns accepted {} in {elapsed:.1} s = {:.0} turns/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; games finished {finished}; refused {refused}",
        all.len(),
        all.len() as f64 / elapsed,
        percentile(&all, 0.50).as_secs_f64() * 1e3,
        percentile(&all, 0.99).as_secs_f64() * 1e3,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    // CPU time per turn does not depend on what else the machine runs (unlike turns per
    // second): the figure to compare changes by.
    let per_turn = |threads: &str| {
        let before = cpu_before.get(threads).copied().unwrap_or(0.0);
        let after = cpu_after.get(threads).copied().unwrap_or(0.0);
        (after - before) / all.len().max(1) as f64 * 1e6
    };
    if !all.is_empty() {
        println!(
            "{backend}: CPU per turn {:.0} µs in all (this process: clients and server), of which the group-commit writer {:.0} µs, HTTP workers {:.0} µs, the other threads (the clients, the blocking pool) {:.0} µs",
            per_turn("all"),
            per_turn("hermes-writer"),
            per_turn("actix-server wo"),
            per_turn("all") - per_turn("hermes-writer") - per_turn("actix-server wo"),
        );
        // Every thread name, most CPU first: where "the other threads" went.
        let mut names: Vec<(&String, f64)> = cpu_after
            .keys()
            .filter(|k| k.as_str() != "all")
            .map(|k| (k, per_turn(k)))
            .filter(|(_, us)| *us >= 1.0)
            .collect();
        names.sort_by(|a, b| b.1.total_cmp(&a.1));
        let names: Vec<String> = names.iter().map(|(k, us)| format!("{k} {us:.0}")).collect();
        println!(
            "{backend}: CPU per turn by thread (µs): {}",
            names.join(", ")
        );
    }
    // PostgreSQL on this machine: its processes' CPU (the server's work for the turns,
    // on the same cores), apart from this process's.
    let db_server_us = (backend == "postgres" && pg_after > pg_before)
        .then(|| (pg_after - pg_before) / all.len().max(1) as f64 * 1e6);
    if let Some(us) = db_server_us {
        println!("{backend}: CPU per turn of the local PostgreSQL server's processes {us:.0} µs");
    }
    if let Some(map) = STATEMENTS.lock().unwrap_or_else(|e| e.into_inner()).take() {
        let turns = all.len().max(1) as f64;
        let mut rows: Vec<(String, u64)> = map.into_iter().collect();
        rows.sort_by_key(|r| std::cmp::Reverse(r.1));
        let total: u64 = rows.iter().map(|r| r.1).sum();
        println!(
            "{backend}: SQL per turn: {:.2} statements and transaction events",
            total as f64 / turns
        );
        for (text, n) in rows.iter().take(40) {
            let short: String = text.chars().take(160).collect();
            println!("  {:6.3}  {short}", *n as f64 / turns);
        }
    }
    let (commits, writes) = group(&server);
    let per_commit = (commits > commits_before)
        .then(|| (writes - writes_before) as f64 / (commits - commits_before) as f64);
    if commits > commits_before {
        println!(
            "{backend}: group commit: {} commits for {} writes ({:.1} writes per commit)",
            commits - commits_before,
            writes - writes_before,
            (writes - writes_before) as f64 / (commits - commits_before) as f64
        );
    }
    if let (Some((s0, c0)), Some((s1, c1))) = (wal_before, wal_after) {
        println!(
            "{backend}: WAL fsyncs (pg_stat_wal.wal_sync, the whole cluster) {} for {} commits of the bench database ({:.2} fsyncs per commit); load average {}",
            s1 - s0,
            c1 - c0,
            (s1 - s0) as f64 / (c1 - c0).max(1) as f64,
            load_average()
        );
    }
    // What the outbox worker delivered meanwhile (it runs in the same process and draws
    // a board PNG per your-turn mail) and what still waits.
    let mut conn = pool.get()?;
    let counts = hermes_api::cli::outbox::counts(&mut conn)?;
    let sent = counts.sent - before.sent;
    let superseded = counts.superseded - before.superseded;
    println!(
        "{backend}: outbox (mail {}, {}): drawn and sent {sent} during the turns ({:.1} mails/s), superseded {superseded} ({:.1}/s), failed {}",
        args.mail_pref,
        match SINK.get() {
            Some(Some(_)) => "SMTP to a local sink",
            _ => ".eml files",
        },
        sent as f64 / elapsed,
        superseded as f64 / elapsed,
        counts.failed
    );
    println!(
        "{backend}: backlog: pending {} at the start of the turns, {} at the end: growing {:.1} rows/s",
        before.pending,
        counts.pending,
        (counts.pending - before.pending) as f64 / elapsed
    );
    // What the backlog is: each template's pending rows, and of the your-turn ones those
    // whose reader has already moved (the worker marks them superseded at its next
    // claim, unless `--keep-superseded`: they are not mail still to send).
    for (template, n, acted) in pending_by_template(&mut conn)? {
        println!("{backend}: pending at the end: {template} {n}, of which the reader has already acted {acted}");
    }
    // Whether the mail keeps up: the mail still to send over the run, not the pending
    // rows (which count your-turn mail a later turn has made stale, dropped unsent at
    // the worker's next claim). Its slope is the growth.
    let backlog_slope = slope(&samples);
    if !samples.is_empty() {
        let shown: Vec<String> = samples
            .iter()
            .map(|(t, n)| format!("{n} at {t:.0} s"))
            .collect();
        println!(
            "{backend}: mail still to send while the turns ran: {}; trend {backlog_slope:+.1} rows/s (least squares)",
            shown.join(", ")
        );
    }
    if let (Some(Some(sink)), Some(b)) = (SINK.get(), sink_before) {
        println!(
            "{backend}: the SMTP sink accepted {} messages during the turns",
            sink.messages() - b
        );
    }
    server.handle.stop(true).await;
    Ok(Summary {
        backend,
        synchronous: args.synchronous.clone(),
        clients: args.clients,
        mail_pref: args.mail_pref.clone(),
        health,
        turns_per_s: all.len() as f64 / elapsed,
        p50_ms: percentile(&all, 0.50).as_secs_f64() * 1e3,
        p99_ms: percentile(&all, 0.99).as_secs_f64() * 1e3,
        cpu_us: per_turn("all"),
        writer_us: per_turn("hermes-writer"),
        db_server_us,
        per_commit,
        mails_per_s: sent as f64 / elapsed,
        backlog: samples.iter().map(|s| s.1).collect(),
        backlog_slope,
    })
}

/// How often the mail still to send is counted while the turns run.
const BACKLOG_EVERY: Duration = Duration::from_secs(2);

/// The least-squares slope of `samples` (seconds, rows): rows a second; 0 for fewer than
/// two samples.
fn slope(samples: &[(f64, i64)]) -> f64 {
    if samples.len() < 2 {
        return 0.0;
    }
    let n = samples.len() as f64;
    let mean_t = samples.iter().map(|s| s.0).sum::<f64>() / n;
    let mean_y = samples.iter().map(|s| s.1 as f64).sum::<f64>() / n;
    let (mut num, mut den) = (0.0, 0.0);
    for (t, y) in samples {
        num += (t - mean_t) * (*y as f64 - mean_y);
        den += (t - mean_t) * (t - mean_t);
    }
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

/// The mail still to send: pending rows, less the your-turn ones a later turn of their
/// reader has made stale (the worker drops those unsent at its next claim; with
/// `--keep-superseded` it sends them, so this counts them too: `keep`).
fn live_backlog(conn: &mut hermes_api::store::DbConn) -> Result<i64, BoxError> {
    let keep = KEEP_STALE.load(Ordering::Relaxed);
    Ok(pending_by_template(conn)?
        .into_iter()
        .map(|(_, n, acted)| if keep { n } else { n - acted })
        .sum())
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), BoxError> {
    // The clients' threads under their own name, apart from the server's blocking pool
    // (in the CPU per thread below).
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("bench-client")
        .build()?
        .block_on(bench())
}

async fn bench() -> Result<(), BoxError> {
    let args = Args::parse();
    if args.sql_trace {
        diesel::connection::set_default_instrumentation(count_statements)?;
    }
    if let Some(path) = &args.log {
        let file = std::fs::File::create(path)?;
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("info"))
            .with_writer(std::sync::Mutex::new(file))
            .with_ansi(false)
            .init();
    }
    if !["gods", "dreams"].contains(&args.game.as_str()) {
        return Err(format!("--game must be gods or dreams, not {:?}", args.game).into());
    }
    KEEP_STALE.store(args.keep_superseded, Ordering::Relaxed);
    let _ = SINK.set(if args.mail_files {
        None
    } else {
        Some(smtp_sink::SmtpSink::start()?)
    });
    args.synchronous.parse::<hermes_api::store::Synchronous>()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let _ = DRAW_THREADS.set(
        args.mail_draw_threads
            .unwrap_or_else(|| cores.saturating_sub(1).max(1)),
    );
    println!(
        "loadbench: {} cores",
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    );
    println!("loadbench: load average {}", load_average());
    let postgres = args
        .postgres
        .clone()
        .or_else(|| std::env::var("HERMES_TEST_POSTGRES_URL").ok());
    if let Some(n) = args.rss_games {
        let url = if args.sqlite_only { None } else { postgres };
        let backend = if url.is_some() { "postgres" } else { "sqlite" };
        return rss(backend, url, n, &args).await;
    }
    if args.report {
        return report(&args, if args.sqlite_only { None } else { postgres }).await;
    }
    run("sqlite", None, &args).await?;
    if !args.sqlite_only {
        match postgres {
            Some(pg) => {
                run("postgres", Some(pg), &args).await?;
            }
            None => println!(
                "\npostgres: skipped (no --postgres URL and HERMES_TEST_POSTGRES_URL not set)"
            ),
        }
    }
    Ok(())
}

/// `--report`: every phase issue 13 asks for, one after the other in this process, each
/// on a fresh server and database with `--pool-size` equal to its clients, then one table
/// of them all. SQLite durable (`full`) at 16 and `--clients` clients without and with
/// mail, the same at `--clients` with `normal`; PostgreSQL at `--clients` without and with
/// mail when a URL is given.
async fn report(args: &Args, postgres: Option<String>) -> Result<(), BoxError> {
    let many = args.clients;
    let mut phases: Vec<(&'static str, &str, usize, &str)> = Vec::new();
    for clients in [16, many] {
        for mail in ["none", "every_turn"] {
            phases.push(("sqlite", "full", clients, mail));
        }
    }
    for mail in ["none", "every_turn"] {
        phases.push(("sqlite", "normal", many, mail));
    }
    if postgres.is_some() {
        for mail in ["none", "every_turn"] {
            phases.push(("postgres", "full", many, mail));
        }
    }
    let mut rows = Vec::new();
    for (backend, synchronous, clients, mail) in phases {
        let phase = Args {
            clients,
            pool_size: u32::try_from(clients)?,
            synchronous: synchronous.into(),
            mail_pref: mail.into(),
            ..args.clone()
        };
        let url = (backend == "postgres").then(|| postgres.clone()).flatten();
        rows.push(run(backend, url, &phase).await?);
    }
    println!(
        "\nreport: {} s of turns a phase, {} cores, load average now {}\n",
        args.seconds,
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        load_average()
    );
    println!("| backend, commit | clients | mail | `GET /health` ceiling | turns/s | share of the ceiling | p50 / p99 | CPU a turn (this process / its writer / PostgreSQL's processes) | turns a commit | mails sent/s | mail still to send, every 2 s (trend) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for r in &rows {
        let commit = match (r.backend, r.synchronous.as_str()) {
            ("postgres", _) => "PostgreSQL, `synchronous_commit = on`".to_string(),
            (_, s) => format!("SQLite, `synchronous = {}`", s.to_uppercase()),
        };
        let mail = if r.mail_pref == "none" {
            "none"
        } else {
            "every turn"
        };
        let backlog = if r.backlog.is_empty() {
            "—".to_string()
        } else {
            let shown: Vec<String> = r.backlog.iter().map(i64::to_string).collect();
            format!("{} ({:+.1} rows/s)", shown.join(", "), r.backlog_slope)
        };
        let mails = if r.mail_pref == "none" {
            "—".to_string()
        } else {
            format!("{:.1}", r.mails_per_s)
        };
        println!(
            "| {commit} | {} | {mail} | {:.0}/s | **{:.0}** | {:.3} | {:.1} / {:.1} ms | {:.0} / {:.0} / {} µs | {} | {mails} | {backlog} |",
            r.clients,
            r.health,
            r.turns_per_s,
            r.turns_per_s / r.health.max(1.0),
            r.p50_ms,
            r.p99_ms,
            r.cpu_us,
            r.writer_us,
            r.db_server_us.map_or("—".to_string(), |us| format!("{us:.0}")),
            r.per_commit.map_or("—".to_string(), |c| format!("{c:.1}")),
        );
    }
    Ok(())
}

/// The 1, 5 and 15 minute load averages (`/proc/loadavg`): the figures are only as quiet
/// as the machine was.
/// Pending outbox rows by template: how many, and how many a later turn of their reader
/// has made stale (`outbox::superseded`'s rule).
fn pending_by_template(
    conn: &mut hermes_api::store::DbConn,
) -> Result<Vec<(String, i64, i64)>, BoxError> {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        template: String,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        acted: i64,
    }
    use diesel::RunQueryDsl;
    const SQL: &str = "SELECT o.template AS template, count(*) AS n, \
        sum(CASE WHEN EXISTS (SELECT 1 FROM seats s JOIN turns t \
            ON t.game_id = s.game_id AND t.seat = s.seat \
            WHERE s.game_id = o.game_id AND s.user_id = o.user_id AND t.seq > o.seq) \
        THEN 1 ELSE 0 END) AS acted \
        FROM outbox o WHERE o.sent_at IS NULL AND o.failed_at IS NULL \
        AND o.superseded_at IS NULL GROUP BY o.template ORDER BY o.template";
    let rows = match conn {
        hermes_api::store::DbConn::Sqlite(c) => diesel::sql_query(SQL).load::<Row>(c)?,
        hermes_api::store::DbConn::Pg(c) => diesel::sql_query(SQL).load::<Row>(c)?,
    };
    Ok(rows
        .into_iter()
        .map(|r| (r.template, r.n, r.acted))
        .collect())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// PostgreSQL: the cluster's WAL fsyncs so far (`pg_stat_wal.wal_sync`, PostgreSQL 14+)
/// and the bench database's commits (`pg_stat_database.xact_commit`). `None` on SQLite.
fn wal_syncs(database_url: &str) -> Option<(i64, i64)> {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        syncs: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        commits: i64,
    }
    if !database_url.starts_with("postgres") {
        return None;
    }
    let mut conn = PgConnection::establish(database_url).ok()?;
    // The statistics are cached for the transaction; a fresh snapshot each time.
    diesel::sql_query("SELECT pg_stat_clear_snapshot()")
        .execute(&mut conn)
        .ok()?;
    diesel::sql_query(
        "SELECT (SELECT wal_sync FROM pg_stat_wal)::bigint AS syncs, \
         (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::bigint AS commits",
    )
    .get_result::<Row>(&mut conn)
    .ok()
    .map(|r| (r.syncs, r.commits))
}

/// This process's resident memory now and at its peak (`VmRSS`, `VmHWM`), in MB: the
/// server runs in this process.
fn rss_mb() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// CPU seconds (user and system) this process spent: `all`, and by thread name (each
/// name's threads summed), from `/proc/self/task/*/stat`.
fn cpu_seconds() -> std::collections::HashMap<String, f64> {
    let mut out = std::collections::HashMap::new();
    if let Some((_, all)) = stat_cpu(std::path::Path::new("/proc/self/stat")) {
        out.insert("all".to_string(), all);
    }
    if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
        for task in tasks.flatten() {
            if let Some((name, secs)) = stat_cpu(&task.path().join("stat")) {
                *out.entry(name).or_insert(0.0) += secs;
            }
        }
    }
    out
}

/// A process's or thread's name and CPU seconds (user and system) from its `stat` file.
fn stat_cpu(path: &std::path::Path) -> Option<(String, f64)> {
    // Clock ticks: 100 per second on Linux (`getconf CLK_TCK`).
    const TICKS: f64 = 100.0;
    let stat = std::fs::read_to_string(path).ok()?;
    // `pid (comm) state ...`: the name may hold spaces, so split after the last ')'.
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat.get(open + 1..close)?.to_string();
    let fields: Vec<&str> = stat.get(close + 2..)?.split_whitespace().collect();
    // After the name: state is field 0, utime field 11, stime field 12.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((name, (utime + stime) / TICKS))
}

/// CPU seconds (user and system) of every process named `postgres` on this machine: a
/// local PostgreSQL server's, which shares the cores with the bench (0 when there is none).
fn postgres_cpu_seconds() -> f64 {
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    procs
        .flatten()
        .filter_map(|entry| stat_cpu(&entry.path().join("stat")))
        .filter(|(name, _)| name == "postgres")
        .map(|(_, secs)| secs)
        .sum()
}

/// Copy game `template` (running, a turn played) `n` times under fresh ids, with its seats,
/// log and clocks, through the store's models; returns the new ids.
fn copy_game(
    pool: &hermes_api::store::Pool,
    template: &str,
    n: usize,
) -> Result<Vec<String>, BoxError> {
    use diesel::prelude::*;
    use hermes_api::store::models::{Seat, Turn};
    use hermes_api::store::schema::{deadlines, games, seats, turns};
    let mut conn = pool.get()?;
    let conn = &mut *conn;
    let game = hermes_api::store::games::game(conn, template)?.ok_or("no template game")?;
    let seat_rows: Vec<Seat> = seats::table
        .filter(seats::game_id.eq(template))
        .select(Seat::as_select())
        .load(conn)?;
    let log: Vec<Turn> = turns::table
        .filter(turns::game_id.eq(template))
        .select(Turn::as_select())
        .load(conn)?;
    let clocks = hermes_api::store::deadlines::of_game(conn, template)?;
    let mut ids = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(1000) {
        hermes_api::store::write_transaction(conn, |conn| -> Result<(), BoxError> {
            for &i in chunk {
                let id = format!("{:032x}", 0xbe_0000_0000_u64 + i as u64);
                let mut g = game.clone();
                g.id.clone_from(&id);
                g.join_code = format!("RSS{i:07}");
                diesel::insert_into(games::table).values(&g).execute(conn)?;
                for s in &seat_rows {
                    let mut s = s.clone();
                    s.game_id.clone_from(&id);
                    diesel::insert_into(seats::table).values(&s).execute(conn)?;
                }
                for t in &log {
                    let mut t = t.clone();
                    t.game_id.clone_from(&id);
                    diesel::insert_into(turns::table).values(&t).execute(conn)?;
                }
                for d in &clocks {
                    let mut d = d.clone();
                    d.game_id.clone_from(&id);
                    diesel::insert_into(deadlines::table)
                        .values(&d)
                        .execute(conn)?;
                }
                ids.push(id);
            }
            Ok(())
        })?;
    }
    Ok(ids)
}

/// `GET /games/{id}` of each of `ids`, `clients` at a time; returns reads per second.
async fn read_all(
    client: &reqwest::Client,
    url: &str,
    token: &str,
    ids: &[String],
    clients: usize,
) -> Result<f64, BoxError> {
    let next = Arc::new(AtomicU64::new(0));
    let ids = Arc::new(ids.to_vec());
    let t0 = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (client, url, token, next, ids) = (
            client.clone(),
            url.to_string(),
            token.to_string(),
            next.clone(),
            ids.clone(),
        );
        tasks.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                let Some(id) = ids.get(i) else {
                    return Ok::<(), BoxError>(());
                };
                let (status, body) = call(
                    &client,
                    reqwest::Method::GET,
                    format!("{url}/games/{id}"),
                    &token,
                    Value::Null,
                )
                .await?;
                if status != 200 || body["view"].is_null() {
                    return Err(format!("GET /games/{id}: {status} {body}").into());
                }
            }
        }));
    }
    for t in tasks {
        t.await??;
    }
    Ok(ids.len() as f64 / t0.elapsed().as_secs_f64())
}

/// `--rss-games N`: the server's memory with N running games (see [`Args::rss_games`]).
async fn rss(
    backend: &str,
    database_url: Option<String>,
    n: usize,
    args: &Args,
) -> Result<(), BoxError> {
    let server = start(database_url, args).await?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients)
        .build()?;
    let (rss0, _) = rss_mb();
    println!(
        "\n{backend}: memory at scale: {n} running games, hot_games {}, snapshot_every {}; RSS at start {rss0:.0} MB",
        args.hot_games, args.snapshot_every
    );
    let tokens = [
        player(&client, &server.url, "rss0", &args.mail_pref).await?,
        player(&client, &server.url, "rss1", &args.mail_pref).await?,
    ];
    let (template, seq, view) = new_game(&client, &server.url, "gods", &tokens).await?;
    let v: GodsView = serde_json::from_value(view)?;
    let mut rng = Rng::from_seed(&Seed::from_u64(1));
    let turn = random_turn(&Gods::from_view(&v), &mut rng).ok_or("no first turn")?;
    let seat = v.to_move.ok_or("no seat to move")?;
    let (status, res) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/games/{template}/turns", server.url),
        tokens.get(seat).ok_or("seat")?,
        json!({"expected_seq": seq, "turn": turn}),
    )
    .await?;
    if status != 201 {
        return Err(format!("the template's turn: {status} {res}").into());
    }
    let t0 = Instant::now();
    let pool = hermes_api::store::open(&server.database_url, 1)?;
    let ids = tokio::task::spawn_blocking(move || copy_game(&pool, &template, n)).await??;
    let (rss1, _) = rss_mb();
    println!(
        "{backend}: {n} games written in {:.1} s; RSS {rss1:.0} MB",
        t0.elapsed().as_secs_f64()
    );
    let hot = &server.state.hot;
    let rate = read_all(&client, &server.url, &tokens[0], &ids, args.clients).await?;
    let (rss2, hwm2) = rss_mb();
    println!(
        "{backend}: GET /games/{{id}} of all {n}: {rate:.0} reads/s; hot games {} of at most {} (hits {}, misses {}); RSS {rss2:.0} MB, peak {hwm2:.0} MB",
        hot.len(),
        hot.capacity(),
        hot.hits(),
        hot.misses()
    );
    let (h0, m0) = (hot.hits(), hot.misses());
    let recent: Vec<String> = ids
        .iter()
        .rev()
        .take((hot.len() / 2).max(1))
        .cloned()
        .collect();
    let rate = read_all(&client, &server.url, &tokens[0], &recent, args.clients).await?;
    let (hits, misses) = (hot.hits() - h0, hot.misses() - m0);
    let (rss3, hwm3) = rss_mb();
    println!(
        "{backend}: again the {} most recent: {rate:.0} reads/s; hit rate {:.1} % ({hits} hits, {misses} misses); RSS {rss3:.0} MB, peak {hwm3:.0} MB; load average {}",
        recent.len(),
        100.0 * hits as f64 / (hits + misses).max(1) as f64,
        load_average()
    );
    server.handle.stop(true).await;
    Ok(())
}
