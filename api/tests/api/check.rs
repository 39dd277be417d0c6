//! `hermes check games` with the real binary: on a database of finished and
//! running games of both kinds it finds none changed; after one running game's stored log
//! is altered (a turn rewritten so that its replay differs), it reports exactly that game,
//! at that entry, and exits non-zero. It writes nothing.

use crate::api_test;
use crate::dreams::{dreams_game, players};
use crate::games::started_game;
use crate::helpers::{Player, TestApp, BIN};
use diesel::prelude::*;
use games::dreams::Dreams;
use games::gods::Gods;
use games::{Game, Rng, Seed};
use hermes_api::game::Table;
use hermes_api::store::schema::turns;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// `hermes check games ARGS` on the app's database: (success, stdout, stderr).
fn check(app: &TestApp, args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(BIN)
        .args(["check", "games"])
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", &app.database_url)
        .env("HERMES_DATA_DIR", app.data_dir())
        .output()
        .expect("run hermes");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The game's full state as stored (its snapshot and the log after it).
async fn state(app: &TestApp, id: &str) -> (i64, Value) {
    let (pool, id) = (app.state.db.pool.clone(), id.to_string());
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().expect("conn");
        let table = Table::load(&mut conn, &id).expect("load");
        (table.game.seq, table.restore().expect("restore").state())
    })
    .await
    .expect("joined")
}

/// Play `turns` random legal turns of game `id` of `kind` (or to its end: `usize::MAX`),
/// chosen on the full state by the games crate's random players; returns whether it is
/// over.
async fn play(
    app: &TestApp,
    kind: &str,
    id: &str,
    players: &[Player],
    turns: usize,
    rng: &mut Rng,
) -> bool {
    for _ in 0..turns {
        let (seq, full) = state(app, id).await;
        let submission = if kind == "gods" {
            let game: Gods = serde_json::from_value(full).expect("a Gods state");
            game.to_act().first().copied().and_then(|seat| {
                games::gods::random::random_turn(&game, rng)
                    .map(|t| (seat, serde_json::to_value(t).expect("json")))
            })
        } else {
            let game: Dreams = serde_json::from_value(full).expect("a Dreams state");
            games::dreams::random::random_submission(&game, rng)
                .map(|(s, t)| (s, serde_json::to_value(t).expect("json")))
        };
        let Some((seat, turn)) = submission else {
            break;
        };
        let (status, body) = app
            .post(
                &format!("/games/{id}/turns"),
                &players[seat].token,
                json!({"expected_seq": seq, "turn": turn}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{turn}: {body}");
    }
    let (_, g) = app.get(&format!("/games/{id}"), &players[0].token).await;
    g["status"] == "over"
}

api_test!(
    async fn check_games_finds_none_changed_then_the_one_game_whose_log_was_altered(app) with |s| s.snapshot_every = 5; {
        let mut rng = Rng::from_seed(&Seed::from_u64(35));
        // Gods: one finished, one running; Dreams: one finished, one running.
        let (gods_over, gods_players) = started_game(&app, 2).await;
        assert!(play(&app, "gods", &gods_over, &gods_players, usize::MAX, &mut rng).await);
        let (gods_running, gods_players) = started_game(&app, 2).await;
        assert!(!play(&app, "gods", &gods_running, &gods_players, 12, &mut rng).await);
        let dreamers = players(&app, 3).await;
        let dreams_over = dreams_game(&app, &dreamers, json!({}), None).await;
        assert!(play(&app, "dreams", &dreams_over, &dreamers, usize::MAX, &mut rng).await);
        let dreams_running = dreams_game(&app, &dreamers, json!({}), None).await;
        assert!(!play(&app, "dreams", &dreams_running, &dreamers, 9, &mut rng).await);
        // One aborted before anyone moved: over, but not by the rules.
        let (aborted, aborters) = started_game(&app, 2).await;
        let (status, body) = app
            .post(&format!("/games/{aborted}/abort"), &aborters[1].token, json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // One not started yet: nothing to replay.
        let ann = app.player("ann").await;
        let (status, _) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 3}))
            .await;
        assert_eq!(status, StatusCode::CREATED);

        let (ok, out, err) = check(&app, &[]);
        assert!(ok, "{out}\n{err}");
        assert_eq!(out, "checked 2 game(s) (2 running, 0 over): none changed\n", "{err}");
        let (ok, out, err) = check(&app, &["--all"]);
        assert!(ok, "{out}\n{err}");
        assert_eq!(out, "checked 5 game(s) (2 running, 3 over): none changed\n", "{err}");

        // Every game records the engine it was created with.
        let pool = app.state.db.pool.clone();
        let versions: Vec<Option<i64>> = tokio::task::spawn_blocking(move || {
            use hermes_api::store::schema::games;
            let mut conn = pool.get().expect("conn");
            games::table
                .select(games::engine_version)
                .load(&mut conn)
                .expect("versions")
        })
        .await
        .expect("joined");
        assert_eq!(versions, vec![Some(1); 6]);

        // The running Dreams game's last star, placed one step aside in the log (on a place
        // no star of the log took): the turn still applies, but its events now say
        // another place.
        let (pool, id) = (app.state.db.pool.clone(), dreams_running.clone());
        let altered = tokio::task::spawn_blocking(move || {
            let mut conn = pool.get().expect("conn");
            let log: Vec<(i64, String)> = turns::table
                .filter(turns::game_id.eq(&id))
                .order(turns::seq.asc())
                .select((turns::seq, turns::turn))
                .load(&mut conn)
                .expect("the log");
            let stars: Vec<(i64, Value)> = log
                .iter()
                .map(|(seq, t)| (*seq, serde_json::from_str::<Value>(t).expect("json")))
                .filter(|(_, t)| t.get("star").is_some())
                .collect();
            let taken: Vec<(u64, u64)> = stars
                .iter()
                .map(|(_, t)| (t["star"]["x"].as_u64().unwrap(), t["star"]["y"].as_u64().unwrap()))
                .collect();
            let (seq, mut moved) = stars.last().cloned().expect("a star in the log");
            let (x, y) = (moved["star"]["x"].as_u64().unwrap(), moved["star"]["y"].as_u64().unwrap());
            let x = [x.wrapping_sub(1), x + 1, x.wrapping_sub(2), x + 2]
                .into_iter()
                .find(|&x| x <= 99 && !taken.contains(&(x, y)))
                .expect("a free place beside it");
            moved["star"]["x"] = json!(x);
            diesel::update(turns::table.filter(turns::game_id.eq(&id)).filter(turns::seq.eq(seq)))
                .set(turns::turn.eq(moved.to_string()))
                .execute(&mut conn)
                .expect("altered");
            seq
        })
        .await
        .expect("joined");

        for args in [&[][..], &["--all"][..]] {
            let (ok, out, err) = check(&app, args);
            assert!(!ok, "{out}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 2, "{out}");
            assert!(
                lines[0].starts_with(&format!(
                    "changed {dreams_running} dreams (running, engine 1, now 1): turn {altered}: (seat "
                )),
                "{out}"
            );
            assert!(lines[0].contains("its events differ at /"), "{out}");
            assert!(lines[1].ends_with("1 changed"), "{out}");
            assert!(
                err.contains("1 game(s) would now play differently"),
                "{err}"
            );
        }
        // Nothing was written: the server plays on as before, from its own log.
        assert!(!play(&app, "gods", &gods_running, &gods_players, 1, &mut rng).await);
    }
);
