//! Several server processes on one database: the real `hermes` binary, twice, playing the
//! same games at once. Every turn is sent to both processes concurrently; the database
//! (the conditional update on the game's sequence and the log's primary key) must let
//! exactly one of them through, whatever process memory (the hot-game cache, the SQLite
//! writer lock) each holds.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{read, Player, ServeProcess, JWT_SECRET, PUBLIC_URL};
use games::gods::random::random_turn;
use games::gods::view::GodsView;
use games::gods::Gods;
use games::{Rng, Seed};
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// A `hermes serve` process on `database_url`, killed when dropped.
struct Process {
    serve: ServeProcess,
    url: String,
    _dir: tempfile::TempDir,
}

impl Process {
    fn start(database_url: &str) -> Process {
        Process::start_with(database_url, &[])
    }

    /// As [`Process::start`], with more settings in the environment.
    fn start_with(database_url: &str, env: &[(&str, &str)]) -> Process {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut all: Vec<(&str, String)> = env.iter().map(|(k, v)| (*k, v.to_string())).collect();
        all.extend([
            ("HERMES_DATA_DIR", dir.path().display().to_string()),
            ("DATABASE_URL", database_url.to_string()),
            // The same secret and issuer as the in-process server: its tokens work here.
            ("HERMES_JWT_SECRET", JWT_SECRET.to_string()),
            ("HERMES_PUBLIC_URL", PUBLIC_URL.to_string()),
            ("HERMES_LOGIN_PER_IP_PER_MINUTE", "1000".to_string()),
        ]);
        let serve = ServeProcess::start(&all);
        Process {
            url: serve.url.clone(),
            serve,
            _dir: dir,
        }
    }
}

async fn get(client: &reqwest::Client, url: String, token: &str) -> Value {
    let (status, body) = read(
        client
            .get(url)
            .bearer_auth(token)
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Play game `id` to its end, sending each turn to both processes at once.
async fn race_to_the_end(servers: &[Process; 2], id: &str, players: &[Player], seed: u64) -> i64 {
    let client = reqwest::Client::new();
    let mut rng = Rng::from_seed(&Seed::from_u64(seed));
    for turn_no in 0..2000usize {
        let reader = &servers[turn_no % 2];
        let game = get(
            &client,
            format!("{}/games/{id}", reader.url),
            &players[0].token,
        )
        .await;
        let seq = game["seq"].as_i64().expect("seq");
        if game["status"] == "over" {
            return seq;
        }
        let view: GodsView = serde_json::from_value(game["view"].clone()).expect("a Gods view");
        let local = Gods::from_view(&view);
        let turn = random_turn(&local, &mut rng).expect("a running game has a turn");
        let seat = game["to_act"][0].as_u64().expect("a seat to act") as usize;
        let body = json!({"expected_seq": seq, "turn": turn});
        let send = |server: &Process| {
            client
                .post(format!("{}/games/{id}/turns", server.url))
                .bearer_auth(&players[seat].token)
                .json(&body)
                .send()
        };
        let (a, b) = tokio::join!(send(&servers[0]), send(&servers[1]));
        let (a, b) = (read(a.expect("sent")).await, read(b.expect("sent")).await);
        let created = [&a, &b]
            .iter()
            .filter(|(s, _)| *s == StatusCode::CREATED)
            .count();
        assert_eq!(
            created,
            1,
            "exactly one process applies turn {}: {a:?} {b:?}",
            seq + 1
        );
        let (_, refused) = if a.0 == StatusCode::CREATED { &b } else { &a };
        let (_, accepted) = if a.0 == StatusCode::CREATED { &a } else { &b };
        // The loser sees the game moved on; if the winner's turn ended it, it may see it
        // over instead, depending on when it looked.
        let over = accepted["status"] == "over";
        assert!(
            refused["code"] == "stale_seq" || (over && refused["code"] == "game_over"),
            "{refused}"
        );
        if refused["code"] == "stale_seq" {
            assert_eq!(refused["current_seq"], seq + 1);
        }
    }
    panic!("game {id} did not end in 2000 turns");
}

api_test!(
    async fn two_server_processes_play_the_same_games_with_no_turn_applied_twice(app) {
        let servers = [Process::start(&app.database_url), Process::start(&app.database_url)];
        let mut games = Vec::new();
        for n in [2, 3, 4] {
            games.push((started_game(&app, n).await, n as u64));
        }
        let ends = futures_util::future::join_all(
            games.iter().map(|((id, players), n)| race_to_the_end(&servers, id, players, 40 + n)),
        )
        .await;
        let client = reqwest::Client::new();
        for (((id, players), _), last) in games.iter().zip(ends) {
            // Both processes tell the same story: one entry per sequence, in order.
            for server in &servers {
                let log = get(&client, format!("{}/games/{id}/log?limit=500", server.url), &players[0].token).await;
                let seqs: Vec<i64> = log["entries"]
                    .as_array()
                    .expect("entries")
                    .iter()
                    .map(|e| e["seq"].as_i64().expect("seq"))
                    .collect();
                assert_eq!(seqs, (1..=last).collect::<Vec<_>>(), "game {id} on {}", server.url);
                let game = get(&client, format!("{}/games/{id}", server.url), &players[0].token).await;
                assert_eq!(game["status"], "over");
                // The seed revealed at the end is the one committed to at the start.
                let seed = hex::decode(game["seed"].as_str().expect("seed revealed")).expect("hex");
                assert_eq!(
                    hex::encode(Sha256::digest(&seed)),
                    game["seed_commitment"].as_str().expect("commitment")
                );
                let state = get(&client, format!("{}/games/{id}/state?at={last}", server.url), &players[0].token).await;
                assert_eq!(state["view"], game["view"], "replay of the log equals the stored game");
            }
        }
    }
);

/// Peak and current resident memory of process `pid`, in MiB (`VmHWM`, `VmRSS`).
fn memory_mib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    let field = |name: &str| -> u64 {
        let line = status
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status"));
        let kib: u64 = line
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        kib / 1024
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// 200 registrations at once, from an address allowed that many (the registration
/// limit raised), against a real server process: each password hash takes about 19 MiB,
/// and without a bound on how many run at once the process grew to gigabytes. With one
/// hasher per core, the others wait (or get 503 `busy` with `Retry-After`), and the
/// process's peak stays small.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_registrations_keeps_the_server_memory_bounded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("hermes.sqlite3").display());
    let server = Process::start_with(
        &db,
        &[
            ("HERMES_REGISTER_PER_IP_PER_HOUR", "100000"),
            ("HERMES_PASSWORD_HASH_WAIT_MS", "20000"),
        ],
    );
    let pid = server.serve.child.id();
    let client = reqwest::Client::new();
    let register = |i: usize| {
        let client = client.clone();
        let url = format!("{}/users", server.url);
        async move {
            let res = client
                .post(url)
                .json(&json!({"email": format!("burst{i}@example.org"), "display_name": "b", "password": "a long password"}))
                .send()
                .await
                .expect("sent");
            let retry_after = res.headers().contains_key("retry-after");
            let (status, body) = read(res).await;
            (status, body, retry_after)
        }
    };
    let answers = futures_util::future::join_all((0..200).map(register)).await;
    let mut accepted = 0;
    for (status, body, retry_after) in &answers {
        match *status {
            StatusCode::ACCEPTED => accepted += 1,
            StatusCode::SERVICE_UNAVAILABLE => {
                assert_eq!(body["code"], "busy", "{body}");
                assert!(retry_after, "a 503 says when to retry");
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert!(accepted >= 2, "some registrations go through: {accepted}");
    let (peak, now) = memory_mib(pid);
    println!(
        "200 concurrent registrations: {accepted} accepted; peak RSS {peak} MiB, now {now} MiB"
    );
    assert!(peak < 200, "peak RSS {peak} MiB (now {now} MiB)");
}

/// The turns a client plays on `server` until it stops answering: the `(game, seq)` of
/// every turn it acknowledged with a 201.
async fn play_until_killed(
    server_url: String,
    id: String,
    players: Vec<Player>,
    seed: u64,
) -> Vec<(String, i64)> {
    let client = reqwest::Client::new();
    let mut rng = Rng::from_seed(&Seed::from_u64(seed));
    let mut acknowledged = Vec::new();
    loop {
        let Ok(res) = client
            .get(format!("{server_url}/games/{id}"))
            .bearer_auth(&players[0].token)
            .send()
            .await
        else {
            return acknowledged;
        };
        let (status, game) = read(res).await;
        if status != StatusCode::OK || game["status"] != "running" {
            return acknowledged;
        }
        let seq = game["seq"].as_i64().expect("seq");
        let view: GodsView = serde_json::from_value(game["view"].clone()).expect("a Gods view");
        let Some(turn) = random_turn(&Gods::from_view(&view), &mut rng) else {
            return acknowledged;
        };
        let seat = game["to_act"][0].as_u64().expect("a seat to act") as usize;
        let Ok(res) = client
            .post(format!("{server_url}/games/{id}/turns"))
            .bearer_auth(&players[seat].token)
            .json(&json!({"expected_seq": seq, "turn": turn}))
            .send()
            .await
        else {
            return acknowledged;
        };
        if res.status() == StatusCode::CREATED {
            acknowledged.push((id.clone(), seq + 1));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_under_load_keeps_every_turn_it_acknowledged() {
    let app = crate::helpers::TestApp::sqlite(|_| {}).await;
    let mut games = Vec::new();
    for _ in 0..8 {
        games.push(started_game(&app, 2).await);
    }
    let mut server = Process::start(&app.database_url);
    let clients: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(n, (id, players))| {
            tokio::spawn(play_until_killed(
                server.url.clone(),
                id.clone(),
                players.clone(),
                n as u64,
            ))
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    // SIGKILL, mid-flight: no shutdown, requests cut off.
    server.serve.child.kill().expect("killed");
    let _ = server.serve.child.wait();
    let mut acknowledged = Vec::new();
    for c in clients {
        acknowledged.extend(c.await.expect("joined"));
    }
    assert!(
        acknowledged.len() >= 8,
        "only {} turns played",
        acknowledged.len()
    );
    // Every acknowledged turn is in its game's log, read through another server.
    for (id, players) in &games {
        let log = get(
            &app.client,
            format!("{}/games/{id}/log?limit=500", app.url),
            &players[0].token,
        )
        .await;
        let seqs: Vec<i64> = log["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| e["seq"].as_i64().expect("seq"))
            .collect();
        for (_, seq) in acknowledged.iter().filter(|(g, _)| g == id) {
            assert!(
                seqs.contains(seq),
                "turn {seq} of game {id} was acknowledged and is gone: {seqs:?}"
            );
        }
    }
}
