//! A game's state is a snapshot rewritten every `snapshot_every` turns (issue 13): loading
//! a game that is not in memory replays the log after the snapshot. Whatever the interval,
//! every reader sees exactly the game the turns were played on: the same views, the same
//! full state, before and after a server restart at a sequence between two snapshots.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{Player, TestApp};
use crate::play::random_turn;
use hermes_api::game::Table;
use hermes_api::store::models::Game;
use rand::SeedableRng;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The stored game row (to see where its snapshot is).
async fn row(app: &TestApp, id: &str) -> Game {
    let (pool, id) = (app.state.db.pool.clone(), id.to_string());
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().expect("conn");
        hermes_api::store::games::game(&mut conn, &id)
            .expect("query")
            .expect("the game")
    })
    .await
    .expect("joined")
}

/// The game's full state (secrets included) rebuilt from the database alone: its snapshot
/// and the log after it, never the hot games.
async fn restored_state(app: &TestApp, id: &str) -> Value {
    let (pool, id) = (app.state.db.pool.clone(), id.to_string());
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().expect("conn");
        let table = Table::load(&mut conn, &id).expect("load");
        table.restore().expect("restore").state()
    })
    .await
    .expect("joined")
}

/// What every player and a spectator read of the game now: its page (view included), and
/// its state replayed from the seed (`/state`, the replay path).
async fn reads(app: &TestApp, id: &str, players: &[Player]) -> Vec<Value> {
    let mut out = Vec::new();
    for p in players {
        for path in [
            format!("/games/{id}"),
            format!("/games/{id}?as=spectator"),
            format!("/games/{id}/legal"),
        ] {
            let (status, mut body) = app.get(&path, &p.token).await;
            assert!(
                status == StatusCode::OK || status == StatusCode::CONFLICT,
                "{path}: {status} {body}"
            );
            // The clocks run on the wall clock: not what is compared here.
            if let Some(o) = body.as_object_mut() {
                o.remove("deadline");
                o.remove("deadlines");
            }
            out.push(body);
        }
    }
    out
}

/// Play a two-seat game to its end (or `turns` turns) with `snapshot_every = every`; after
/// every turn, the reads of a cold server (the engine dropped from memory) equal those of
/// the hot one, the cold view equals the view replayed from the seed, and the full state
/// rebuilt from the snapshot and the log equals the engine the turn was played on.
async fn cold_reads_equal_hot_reads(app: TestApp, every: i64, rng_seed: u64) {
    assert_eq!(app.state.snapshot_every, every);
    let (id, players) = started_game(&app, 2).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rng_seed);
    let mut snapshots_seen = 0;
    for _ in 0..400 {
        let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
        let seq = game["seq"].as_i64().unwrap();
        let stored = row(&app, &id).await;
        assert_eq!(stored.seq, seq);
        if game["status"] == "over" {
            // The end is always a snapshot.
            assert_eq!(stored.state_seq, seq, "no snapshot at the end");
            break;
        }
        // Where the snapshot is: every `every` turns, never ahead of the game.
        assert_eq!(stored.state_seq, seq - seq % every, "at {seq}");
        if stored.state_seq < seq {
            snapshots_seen += 1;
        }
        let hot = app
            .state
            .hot
            .get(&id, seq)
            .map(|engine| engine.state())
            .unwrap_or(Value::Null);
        let hot_reads = reads(&app, &id, &players).await;
        app.state.hot.forget(&id);
        let cold_reads = reads(&app, &id, &players).await;
        assert_eq!(hot_reads, cold_reads, "cold and hot reads differ at {seq}");
        let state = restored_state(&app, &id).await;
        if seq > 0 {
            assert_eq!(state, hot, "the restored state differs at {seq}");
        }
        // The replay from the seed (`/state`) shows what the game page shows.
        for p in &players {
            let (_, replayed) = app.get(&format!("/games/{id}/state"), &p.token).await;
            let (_, page) = app.get(&format!("/games/{id}"), &p.token).await;
            assert_eq!(replayed["view"], page["view"], "at {seq}");
        }
        app.state.hot.forget(&id);
        let seat = game["to_act"][0].as_u64().unwrap() as usize;
        let player = &players[seat];
        let turn = random_turn(&app, &id, player, &mut rng, &mut Vec::new()).await;
        // Played on a cold game as often as on a hot one.
        if rng_seed.is_multiple_of(2) {
            app.state.hot.forget(&id);
        }
        let (status, body) = app
            .post(
                &format!("/games/{id}/turns"),
                &player.token,
                json!({"expected_seq": seq, "turn": turn}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    assert_eq!(game["status"], "over", "the game did not end");
    // The final state: from the snapshot, as the replay from the seed shows it.
    let stored = row(&app, &id).await;
    assert_eq!(stored.state_seq, stored.seq);
    assert!(!restored_state(&app, &id).await.is_null());
    for p in &players {
        app.state.hot.forget(&id);
        let (_, page) = app.get(&format!("/games/{id}"), &p.token).await;
        let (_, replayed) = app.get(&format!("/games/{id}/state"), &p.token).await;
        assert_eq!(replayed["view"], page["view"]);
    }
    if every > 1 {
        assert!(snapshots_seen > 0, "never between two snapshots");
    }
}

api_test!(
    async fn with_a_snapshot_at_every_turn_cold_reads_equal_hot_reads(app) with |s| s.snapshot_every = 1; {
        cold_reads_equal_hot_reads(app, 1, 1).await;
    }
);

api_test!(
    async fn with_a_snapshot_every_third_turn_cold_reads_equal_hot_reads(app) with |s| s.snapshot_every = 3; {
        cold_reads_equal_hot_reads(app, 3, 2).await;
    }
);

api_test!(
    async fn with_a_snapshot_every_32_turns_cold_reads_equal_hot_reads(app) with |s| s.snapshot_every = 32; {
        cold_reads_equal_hot_reads(app, 32, 4).await;
    }
);

/// Play the turn at `seq` (a random legal one) on `app`.
async fn play(app: &TestApp, id: &str, players: &[Player], seq: i64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(100 + seq as u64);
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    assert_eq!(game["seq"], seq);
    let seat = game["to_act"][0].as_u64().unwrap() as usize;
    let turn = random_turn(app, id, &players[seat], &mut rng, &mut Vec::new()).await;
    let (status, body) = app
        .post(
            &format!("/games/{id}/turns"),
            &players[seat].token,
            json!({"expected_seq": seq, "turn": turn}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

api_test!(
    async fn a_restarted_server_loads_a_game_between_two_snapshots_and_plays_on(app) with |s| s.snapshot_every = 4; {
        let (id, players) = started_game(&app, 2).await;
        for seq in 0..6 {
            play(&app, &id, &players, seq).await;
        }
        let stored = row(&app, &id).await;
        assert_eq!((stored.seq, stored.state_seq), (6, 4));
        let before = reads(&app, &id, &players).await;
        let hot = app.state.hot.get(&id, 6).expect("hot after its turn").state();
        // A new server process on the same database: nothing in memory.
        let restarted = app.twin_with(|s| s.snapshot_every = 4).await;
        assert!(restarted.state.hot.is_empty());
        assert_eq!(reads(&restarted, &id, &players).await, before);
        assert_eq!(restored_state(&restarted, &id).await, hot);
        // It plays on from the log: turn 7 on the restarted server, turn 8 (a snapshot) on
        // the first, whose engine is now stale.
        app.state.hot.forget(&id);
        restarted.state.hot.forget(&id);
        play(&restarted, &id, &players, 6).await;
        play(&app, &id, &players, 7).await;
        let stored = row(&app, &id).await;
        assert_eq!((stored.seq, stored.state_seq), (8, 8));
        play(&restarted, &id, &players, 8).await;
        assert_eq!(
            reads(&app, &id, &players).await,
            reads(&restarted, &id, &players).await
        );
        let (_, replayed) = restarted
            .get(&format!("/games/{id}/state"), &players[1].token)
            .await;
        let (_, page) = app.get(&format!("/games/{id}"), &players[1].token).await;
        assert_eq!(replayed["view"], page["view"]);
        assert_eq!(page["seq"], 9);
    }
);
