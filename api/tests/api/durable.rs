//! Durable at full speed: turns that arrive together share one commit (group commit, on
//! SQLite and PostgreSQL), one failing turn in a batch leaves the others applied, and a client may ask
//! for the minimal answer.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{read, Player, TestApp};
use crate::play::random_turn;
use rand::SeedableRng;
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn legal_turn(app: &TestApp, id: &str, player: &Player) -> Value {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    random_turn(app, id, player, &mut rng, &mut Vec::new()).await
}

/// The value of a metric line `name VALUE` of `GET /metrics`.
async fn metric(app: &TestApp, name: &str) -> f64 {
    let text = app
        .client
        .get(format!("{}/metrics", app.url))
        .send()
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text");
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in\n{text}"))
}

/// Holds the server's group-commit writer ([`GroupCommit::hold`]) on a thread of its own
/// until the returned sender is dropped or sent to: the turns sent meanwhile wait for it.
///
/// [`GroupCommit::hold`]: hermes_api::store::group::GroupCommit::hold
fn hold_the_writer(app: &TestApp) -> std::sync::mpsc::Sender<()> {
    let state = app.state.clone();
    let (release, released) = std::sync::mpsc::channel::<()>();
    let (held, is_held) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let group = state
            .db
            .group_commit
            .as_ref()
            .expect("a group-commit writer");
        let _guard = group.hold();
        held.send(()).expect("tell");
        let _ = released.recv();
    });
    is_held.recv().expect("the writer is held");
    release
}

// A turn waiting for the writer gives its pooled connection back: seven turns wait for
// one commit with a pool of two.
api_test!(
    async fn turns_waiting_together_share_one_commit_and_a_stale_one_leaves_the_others_applied(
        app
    ) with |s| s.pool_size = 2; {
    let mut games = Vec::new();
    for _ in 0..6 {
        let (id, players) = started_game(&app, 2).await;
        let turn = legal_turn(&app, &id, &players[0]).await;
        games.push((id, players, turn));
    }
    // No mail from these turns, and none left from the starts: the writer commits
    // nothing but the turns meanwhile.
    for (_, players, _) in &games {
        for p in players {
            let (status, body) = app
                .call(
                    reqwest::Method::PATCH,
                    "/me/preferences",
                    Some(&p.token),
                    Some(json!({"mail": "none"})),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    for _ in 0..200 {
        if metric(&app, "hermes_mail{state=\"pending\"}").await == 0.0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let counts = || {
        let g = app
            .state
            .db
            .group_commit
            .as_ref()
            .expect("group commit");
        (g.counts().commits(), g.counts().writes())
    };
    let (commits_before, writes_before) = counts();
    let release = hold_the_writer(&app);
    // Every game's first turn, and game 0's twice: the second copy is stale once the first
    // is written, in the same batch.
    let mut sends = Vec::new();
    let submissions = games
        .iter()
        .map(|(id, players, turn)| (id.clone(), players[0].token.clone(), turn.clone()))
        .chain(std::iter::once((
            games[0].0.clone(),
            games[0].1[0].token.clone(),
            games[0].2.clone(),
        )));
    for (id, token, turn) in submissions {
        let (client, url) = (app.client.clone(), app.url.clone());
        sends.push(tokio::spawn(async move {
            let res = client
                .post(format!("{url}/games/{id}/turns"))
                .bearer_auth(&token)
                .json(&json!({"expected_seq": 0, "turn": turn}))
                .send()
                .await
                .expect("sent");
            (id, read(res).await)
        }));
    }
    // Let every request reach the writer's queue, then let the writer go.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(
        counts(),
        (commits_before, writes_before),
        "a turn committed while the writer was held"
    );
    release.send(()).expect("release");
    let mut answers = Vec::new();
    for s in sends {
        answers.push(s.await.expect("joined"));
    }
    let created = answers
        .iter()
        .filter(|(_, (s, _))| *s == StatusCode::CREATED)
        .count();
    assert_eq!(created, 6, "{answers:?}");
    let stale: Vec<&Value> = answers
        .iter()
        .filter(|(_, (s, _))| *s != StatusCode::CREATED)
        .map(|(_, (_, body))| body)
        .collect();
    assert_eq!(stale.len(), 1, "{answers:?}");
    assert_eq!(stale[0]["code"], "stale_seq", "{}", stale[0]);
    assert_eq!(stale[0]["current_seq"], 1, "{}", stale[0]);
    let (commits, writes) = counts();
    // Seven writes, the seven turns, in one commit.
    assert_eq!(
        writes - writes_before,
        7,
        "every turn went through the writer"
    );
    assert_eq!(
        commits - commits_before,
        1,
        "one commit for the seven turns"
    );
    // Everything answered 201 is in its game's log, once.
    for (id, players, _) in &games {
        let (_, log) = app
            .get(&format!("/games/{id}/log"), &players[0].token)
            .await;
        assert_eq!(log["entries"].as_array().map(Vec::len), Some(1), "{log}");
    }
    // And an operator sees the same on /metrics.
    let commits_seen = metric(&app, "hermes_db_group_commits_total").await;
    let writes_seen = metric(&app, "hermes_db_group_commit_writes_total").await;
    assert!(writes_seen >= 7.0, "{writes_seen}");
    assert!(commits_seen < writes_seen, "{commits_seen} ≥ {writes_seen}");
    // The batch of seven is in the histogram of writes per commit (bucket ≤ 8, not ≤ 4).
    let le = |b: &str| format!("hermes_db_group_commit_batch_size_bucket{{le=\"{b}\"}}");
    let (upto4, upto8) = (
        metric(&app, &le("4.0")).await,
        metric(&app, &le("8.0")).await,
    );
    assert!(upto8 - upto4 >= 1.0, "no batch of 5 to 8: {upto4} {upto8}");
    assert!(app.state.db.group_commit.as_ref().unwrap().counts().largest() >= 7);
}
);

api_test!(
    async fn under_load_turns_share_commits(app) {
    let mut games = Vec::new();
    for _ in 0..12 {
        games.push(started_game(&app, 2).await);
    }
    let g = app.state.db.group_commit.as_ref().expect("group commit");
    let (c0, w0) = (g.counts().commits(), g.counts().writes());
    let plays = games.into_iter().enumerate().map(|(n, (id, players))| {
        let app = &app;
        async move {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
            for seq in 0..4 {
                let player = &players[seq % 2];
                let turn = random_turn(app, &id, player, &mut rng, &mut Vec::new()).await;
                let (status, body) = app
                    .post(
                        &format!("/games/{id}/turns"),
                        &player.token,
                        json!({"expected_seq": seq, "turn": turn}),
                    )
                    .await;
                assert_eq!(status, StatusCode::CREATED, "{body}");
            }
        }
    });
    futures_util::future::join_all(plays).await;
    let (commits, writes) = (g.counts().commits() - c0, g.counts().writes() - w0);
    assert!(writes >= 48, "{writes} writes for 48 turns");
    assert!(
        commits < writes,
        "{commits} commits for {writes} writes: none shared"
    );
}
);

api_test!(
    async fn a_client_that_prefers_the_minimal_answer_gets_it_without_the_view(app) {
        let (id, players) = started_game(&app, 2).await;
        let turn = legal_turn(&app, &id, &players[0]).await;
        let res = app
            .client
            .post(format!("{}/games/{id}/turns", app.url))
            .bearer_auth(&players[0].token)
            .header("prefer", "handling=lenient, return=minimal")
            .json(&json!({"expected_seq": 0, "turn": turn}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.headers()["preference-applied"], "return=minimal");
        assert_eq!(res.headers()["etag"], "\"1\"");
        let (status, body) = read(res).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let mut keys: Vec<&str> = body.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["at", "game_id", "seat", "seq", "status", "to_act"]);
        assert_eq!(body["seq"], 1);
        assert_eq!(body["to_act"], json!([1]));
        // The turn is written as any other.
        let (_, game) = app.get(&format!("/games/{id}"), &players[1].token).await;
        assert_eq!(game["seq"], 1);
        assert_eq!(game["my_turn"], true);

        // Without the preference, the full answer, and no Preference-Applied.
        let turn = legal_turn(&app, &id, &players[1]).await;
        let res = app
            .client
            .post(format!("{}/games/{id}/turns", app.url))
            .bearer_auth(&players[1].token)
            .json(&json!({"expected_seq": 1, "turn": turn}))
            .send()
            .await
            .unwrap();
        assert!(res.headers().get("preference-applied").is_none());
        let (status, body) = read(res).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert!(body["view"].is_object(), "{body}");
    }
);

// The row and seats a turn read are kept with the engine for the game's next turn only if
// no seat changed while the turn waited for the writer.
api_test!(
    async fn a_turn_that_waited_while_another_seat_resigned_keeps_no_row_in_memory(app) {
    let (id, players) = started_game(&app, 3).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let play = |seat: usize, seq: i64, turn: Value| {
        let (client, url, id) = (app.client.clone(), app.url.clone(), id.clone());
        let token = players[seat].token.clone();
        tokio::spawn(async move {
            let res = client
                .post(format!("{url}/games/{id}/turns"))
                .bearer_auth(&token)
                .json(&json!({"expected_seq": seq, "turn": turn}))
                .send()
                .await
                .expect("sent");
            read(res).await
        })
    };
    // Alone, a turn leaves its row and seats with the engine.
    let turn = random_turn(&app, &id, &players[0], &mut rng, &mut Vec::new()).await;
    let (status, body) = play(0, 0, turn).await.expect("joined");
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(app.state.hot.get_with_head(&id, 1).is_some(), "the row is kept");
    let next = usize::try_from(body["to_act"][0].as_u64().expect("a seat to act")).unwrap();
    let other = (0..3).find(|&s| s != next && s != 0).expect("a third seat");
    // The next seat's turn waits for the writer while the third seat resigns.
    let turn = random_turn(&app, &id, &players[next], &mut rng, &mut Vec::new()).await;
    let release = hold_the_writer(&app);
    let waiting = play(next, 1, turn);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let (status, g) = app.post(&format!("/games/{id}/resign"), &players[other].token, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    release.send(()).expect("release");
    let (status, body) = waiting.await.expect("joined");
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(app.state.hot.get(&id, 2).is_some(), "the engine is kept");
    assert!(
        app.state.hot.get_with_head(&id, 2).is_none(),
        "seats read before a resignation were kept"
    );
    }
);

api_test!(
    async fn a_write_whose_statement_fails_is_undone_alone_even_if_it_goes_on(app) {
    use diesel::connection::SimpleConnection;
    use diesel::result::Error as DieselError;
    use diesel::RunQueryDsl;
    use hermes_api::store::DbConn;
    let pg = app.database_url.starts_with("postgres");
    {
        let mut c = app.state.db.pool.get().expect("connection");
        c.batch_execute("CREATE TABLE scratch (k BIGINT PRIMARY KEY)")
            .expect("scratch table");
        c.batch_execute("INSERT INTO scratch (k) VALUES (0)").expect("row 0");
    }
    // Inserts `first`, then (if given) 0, which is taken, and returns that error, or
    // (`go_on`) swallows it and returns Ok.
    fn write(first: i64, taken: bool, go_on: bool) -> impl FnOnce(&mut DbConn) -> Result<i64, DieselError> {
        move |c| {
            diesel::sql_query(format!("INSERT INTO scratch (k) VALUES ({first})")).execute(c)?;
            if taken {
                let r = diesel::sql_query("INSERT INTO scratch (k) VALUES (0)").execute(c);
                assert!(r.is_err(), "0 is taken");
                if !go_on {
                    r?;
                }
            }
            Ok(first)
        }
    }
    let g = app.state.db.group_commit.as_ref().expect("group commit");
    let commits_before = g.counts().commits();
    let release = hold_the_writer(&app);
    let mut sends = Vec::new();
    for (first, taken, go_on) in [(1, false, false), (2, true, false), (3, true, true), (4, false, false)] {
        let state = app.state.clone();
        sends.push(tokio::task::spawn_blocking(move || {
            let g = state.db.group_commit.as_ref().expect("group commit");
            g.write(write(first, taken, go_on))
        }));
        // In this order in the queue.
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    release.send(()).expect("release");
    let mut answers = Vec::new();
    for s in sends {
        answers.push(s.await.expect("joined").is_ok());
    }
    assert_eq!(g.counts().commits() - commits_before, 1, "one batch");
    // The write that returned its error is undone and told so; the writes beside it are
    // committed. The write that went on after its failed statement: on PostgreSQL that
    // statement aborted its savepoint, which is then undone as a whole and the write
    // told so; SQLite keeps what the write did, as a savepoint's release does there.
    assert_eq!(answers, [true, false, !pg, true], "{pg}");
    #[derive(diesel::QueryableByName)]
    struct K {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        k: i64,
    }
    let mut c = app.state.db.pool.get().expect("connection");
    let rows: Vec<K> = diesel::sql_query("SELECT k FROM scratch ORDER BY k")
        .load(&mut *c)
        .expect("rows");
    let rows: Vec<i64> = rows.into_iter().map(|r| r.k).collect();
    let expected: Vec<i64> = if pg { vec![0, 1, 4] } else { vec![0, 1, 3, 4] };
    assert_eq!(rows, expected);
}
);
