//! Whole games over HTTP by random legal turns (built step by step from `/legal`), for
//! 2, 3 and 4 players, checking the log, replay, the seed reveal and that no response
//! showed the pile before the end.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{Player, TestApp};
use games::registry;
use games::Seed;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// Choose one random legal turn for the seat to act, asking `/legal` after each step.
pub async fn random_turn(
    app: &TestApp,
    id: &str,
    player: &Player,
    rng: &mut impl Rng,
    seen: &mut Vec<(i64, String)>,
) -> Value {
    let mut steps: Vec<Value> = Vec::new();
    loop {
        let partial = json!({ "steps": steps }).to_string();
        let path = format!(
            "/games/{id}/legal?partial={}",
            url::form_urlencoded::byte_serialize(partial.as_bytes()).collect::<String>()
        );
        let (status, body) = app.get(&path, &player.token).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        seen.push((body["seq"].as_i64().unwrap(), body.to_string()));
        let legal = &body["legal"];
        if legal["may_declare_end"] == true {
            let declare = rng.gen_bool(0.3);
            return if declare {
                json!({"declare_end": true})
            } else {
                json!({})
            };
        }
        let options = legal["steps"].as_array().unwrap();
        let finish = legal["can_finish"] == true
            && (options.is_empty() || legal["owed"] == 0 || rng.gen_bool(0.1));
        if finish {
            return json!({ "steps": steps });
        }
        assert!(!options.is_empty(), "stuck: {legal}");
        steps.push(options[rng.gen_range(0..options.len())].clone());
    }
}

/// Play a started game to its end. Every other turn goes as text/plain notation with
/// If-Match. Returns every response body seen, with the sequence it was seen at.
pub async fn play_to_the_end(
    app: &TestApp,
    id: &str,
    players: &[Player],
    rng_seed: u64,
) -> Vec<(i64, String)> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rng_seed);
    let kind = registry::kind("gods").unwrap();
    let mut seen = Vec::new();
    for round in 0..2000 {
        let (status, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
        assert_eq!(status, StatusCode::OK);
        let seq = game["seq"].as_i64().unwrap();
        seen.push((seq, game.to_string()));
        if game["status"] == "over" {
            return seen;
        }
        let carol = &players[players.len() - 1];
        for path in [
            format!("/games/{id}?as=spectator"),
            format!("/games/{id}/log?as=spectator"),
        ] {
            let (status, body) = app.get(&path, &carol.token).await;
            assert_eq!(status, StatusCode::OK);
            seen.push((seq, body.to_string()));
        }
        let seat = game["to_act"][0].as_u64().unwrap() as usize;
        let player = &players[seat];
        let turn = random_turn(app, id, player, &mut rng, &mut seen).await;
        let res = if round % 2 == 0 {
            app.client
                .post(format!("{}/games/{id}/turns", app.url))
                .bearer_auth(&player.token)
                .json(&json!({"expected_seq": seq, "turn": turn}))
                .send()
                .await
                .unwrap()
        } else {
            app.client
                .post(format!("{}/games/{id}/turns", app.url))
                .bearer_auth(&player.token)
                .header("content-type", "text/plain")
                .header("if-match", format!("\"{seq}\""))
                .body(kind.format_turn(&turn).unwrap())
                .send()
                .await
                .unwrap()
        };
        let etag = res
            .headers()
            .get("etag")
            .map(|v| v.to_str().unwrap().to_string());
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::CREATED, "turn {turn} refused: {body}");
        assert_eq!(body["seq"], seq + 1);
        assert_eq!(etag, Some(format!("\"{}\"", seq + 1)));
        assert_eq!(body["turn"], kind.read_turn(&turn).unwrap());
        seen.push((seq + 1, body.to_string()));
    }
    panic!("the game did not end in 2000 turns");
}

async fn a_whole_game(app: TestApp, n: usize, rng_seed: u64) {
    let (id, players) = started_game(&app, n).await;
    let seen = play_to_the_end(&app, &id, &players, rng_seed).await;
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    assert_eq!(game["status"], "over");
    assert!(game["outcome"]["winners"].is_array(), "{game}");
    // A turn after the end is refused naming the rule that ended it (G-E1), as the engine
    // words it.
    let (status, refused) = app
        .post(
            &format!("/games/{id}/turns"),
            &players[0].token,
            json!({"expected_seq": game["seq"], "turn": {}}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_over")),
        "{refused}"
    );
    assert_eq!(refused["rule"], "G-E1", "{refused}");
    assert_eq!(refused["detail"], "G-E1: the game is over", "{refused}");
    assert!(game["to_act"].as_array().unwrap().is_empty());
    let seq = game["seq"].as_i64().unwrap();
    println!(
        "{n} players: {seq} turns, {} responses checked, outcome {}",
        seen.len(),
        game["outcome"]
    );
    // Every god moved at least twice: the game really was played.
    assert!(seq >= 2 * n as i64, "only {seq} turns");

    // The seed is revealed and matches the commitment published at creation.
    let seed_hex = game["seed"].as_str().unwrap();
    let seed: Seed = seed_hex.parse().unwrap();
    let commitment = hex::encode(Sha256::digest(seed.0));
    assert_eq!(game["seed_commitment"], commitment.as_str());
    // The engine's seed, from the server's seed and the players' (issue 15).
    let (game_seed, generator) = crate::helpers::engine_seed(&game);
    assert_eq!(game["game_seed"], game_seed.to_hex());

    // The log, paged, has every turn once, in order, with notation and time.
    let mut entries = Vec::new();
    let mut since = 0;
    loop {
        let (status, page) = app
            .get(
                &format!("/games/{id}/log?since={since}&limit=7"),
                &players[1].token,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let got = page["entries"].as_array().unwrap().clone();
        if got.is_empty() {
            break;
        }
        since = page["next_since"].as_i64().unwrap();
        entries.extend(got);
    }
    assert_eq!(entries.len() as i64, seq);
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(e["seq"], i as i64 + 1);
        assert!(e["at"].is_string());
        assert!(e["notation"].is_string());
    }

    // Anyone can recompute the game from the seed and the log; it equals the live game.
    let kind = registry::kind("gods").unwrap();
    let log: Vec<(usize, Value)> = entries
        .iter()
        .map(|e| (e["seat"].as_u64().unwrap() as usize, e["turn"].clone()))
        .collect();
    let options = game["options"].clone();
    let replayed = kind
        .replay_with(game_seed, generator, n, &options, &log)
        .unwrap();
    assert!(replayed.is_over());
    assert_eq!(game["view"], replayed.view(games::Viewer::Seat(0)));
    let (_, at_end) = app
        .get(&format!("/games/{id}/state?at={seq}"), &players[0].token)
        .await;
    assert_eq!(at_end["view"], game["view"]);
    let half = seq / 2;
    let (_, mid) = app
        .get(
            &format!("/games/{id}/state?at={half}&as=spectator"),
            &players[0].token,
        )
        .await;
    let replayed_half = kind
        .replay_with(game_seed, generator, n, &options, &log[..half as usize])
        .unwrap();
    assert_eq!(mid["view"], replayed_half.view(games::Viewer::Spectator));

    // Before the end, no response carried the seed or the order of the remaining pile.
    for (at, body) in seen.iter().filter(|(at, _)| *at < seq) {
        assert!(!body.contains(seed_hex), "the seed leaked at {at}");
        assert!(
            !body.contains(&game_seed.to_hex()),
            "the game seed leaked at {at}"
        );
        let state = kind
            .replay_with(game_seed, generator, n, &options, &log[..*at as usize])
            .unwrap()
            .state();
        let pile = state["pile"].as_array().unwrap();
        if pile.len() >= 3 {
            let order = Value::Array(pile.clone()).to_string();
            let inner = &order[1..order.len() - 1];
            assert!(
                !body.contains(inner),
                "the pile order leaked at {at}: {body}"
            );
        }
    }
}

api_test!(
    async fn a_two_player_game_is_played_to_the_end_by_random_legal_turns(app) {
        a_whole_game(app, 2, 2).await;
    }
);

api_test!(
    async fn a_three_player_game_is_played_to_the_end_by_random_legal_turns(app) {
        a_whole_game(app, 3, 3).await;
    }
);

api_test!(
    async fn a_four_player_game_is_played_to_the_end_by_random_legal_turns(app) {
        a_whole_game(app, 4, 4).await;
    }
);
