//! Fair dice that nobody controls (issue 15, `docs/players/replay.md`): every player's seed is
//! public from the start, the game's randomness is derived from them and the server's
//! seed, and once the game is over anyone recomputes it — with the standalone script
//! `docs/examples/replay_draws.py` and with `hermes verify` (`hermes_api::cli::verify`).

use crate::api_test;
use crate::helpers::{engine_seed, Player, TestApp};
use crate::play::play_to_the_end;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../docs/examples/replay_draws.py"
);

/// Run the standalone script on `input`; `None` (after saying so) without python3.
fn script(input: &Value) -> Option<Value> {
    let child = Command::new("python3")
        .arg(SCRIPT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        println!("skipped: python3 is not installed, the standalone script was not run");
        return None;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the script failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

/// A 3-seat Gods game: ann creates it with her own seed, bob joins with his, cat sends
/// none (the server draws hers).
async fn seeded_game(app: &TestApp) -> (String, Vec<Player>) {
    let players = vec![
        app.player("ann").await,
        app.player("bob").await,
        app.player("cat").await,
    ];
    let (status, game) = app
        .post(
            "/games",
            &players[0].token,
            json!({"kind": "gods", "seats": 3, "random_seats": false, "player_seed": "ann's lucky 🎲"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let code = game["join_code"].as_str().unwrap().to_string();
    assert_eq!(game["seed_scheme"], 2);
    assert_eq!(game["players"][0]["player_seed"], "ann's lucky 🎲");
    assert_eq!(game["players"][0]["player_seed_by"], "player");
    let (status, body) = app
        .post(
            &format!("/games/{id}/join"),
            &players[1].token,
            json!({"code": code, "player_seed": "bob"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .post(
            &format!("/games/{id}/join"),
            &players[2].token,
            json!({"code": code}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (id, players)
}

api_test!(
    async fn players_seeds_are_public_from_the_start_and_the_server_says_which_it_drew(app) {
        let (id, players) = seeded_game(&app).await;
        let (status, game) = app
            .get(&format!("/games/{id}?as=spectator"), &players[1].token)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game["status"], "running");
        assert!(game["seed"].is_null() && game["game_seed"].is_null(), "{game}");
        let mut by_user: Vec<(String, Value, Value)> = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["display_name"].as_str().unwrap().to_string(),
                    p["player_seed"].clone(),
                    p["player_seed_by"].clone(),
                )
            })
            .collect();
        by_user.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(by_user[0].1, "ann's lucky 🎲");
        assert_eq!(by_user[1].1, "bob");
        assert_eq!(by_user[1].2, "player");
        let drawn = by_user[2].1.as_str().unwrap();
        assert_eq!(drawn.len(), 64, "the server draws 32 bytes as hex: {drawn}");
        assert_eq!(by_user[2].2, "server");
    }
);

api_test!(
    async fn a_player_seed_that_is_empty_too_long_or_has_control_characters_is_refused(app) {
        let ann = app.player("ann").await;
        for bad in [json!(""), json!("x".repeat(129)), json!("a\nb")] {
            let (status, body) = app
                .post(
                    "/games",
                    &ann.token,
                    json!({"kind": "gods", "seats": 2, "player_seed": bad}),
                )
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["code"], "invalid_player_seed");
        }
        let (status, game) = app
            .post(
                "/games",
                &ann.token,
                json!({"kind": "gods", "seats": 2, "player_seed": "é".repeat(128)}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let bob = app.player("bob").await;
        let (status, body) = app
            .post(
                &format!("/games/{}/join", game["id"].as_str().unwrap()),
                &bob.token,
                json!({"code": game["join_code"], "player_seed": "tab\there"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "invalid_player_seed");
    }
);

api_test!(
    async fn a_finished_game_is_recomputed_by_the_standalone_script_and_by_hermes_verify(app) {
        let (id, players) = seeded_game(&app).await;
        play_to_the_end(&app, &id, &players, 15).await;
        let published = hermes_api::cli::verify::fetch(&app.url, &players[0].token, &id)
            .await
            .unwrap();
        let game = published.game.clone();
        assert_eq!(game["status"], "over");
        let (game_seed, _) = engine_seed(&game);
        assert_eq!(game["game_seed"], game_seed.to_hex());

        // `hermes verify`: commitment, derivation, replay, outcome and final view.
        let report = hermes_api::cli::verify::check(&published).unwrap();
        assert!(report.contains("replay"), "{report}");
        // Changing any published seed breaks it.
        let mut forged = published.clone();
        forged.game["players"][1]["player_seed"] = json!("someone else's seed");
        assert!(hermes_api::cli::verify::check(&forged).is_err());
        let mut forged = published.clone();
        forged.game["seed"] = json!("00".repeat(32));
        assert!(hermes_api::cli::verify::check(&forged).is_err());

        // The standalone script, from the public data alone, draws the tiles the server drew:
        // the display at the start, then every `tile_drawn` of the log, from the pile's top.
        let Some(out) = script(&game) else { return };
        assert_eq!(out["commitment_ok"], true);
        assert_eq!(out["game_seed"], game_seed.to_hex());
        let mut pile = out["gods"]["pile"].as_array().unwrap().clone();
        pile.reverse();
        let (_, start) = app
            .get(&format!("/games/{id}/state?at=0"), &players[0].token)
            .await;
        let mut drawn: Vec<Value> = start["view"]["display"].as_array().unwrap().clone();
        for entry in &published.log {
            for ev in entry["events"].as_array().unwrap() {
                if ev["event"] == "tile_drawn" {
                    drawn.push(ev["tile"].clone());
                }
            }
        }
        assert!(drawn.len() > 2, "the game drew tiles");
        assert_eq!(drawn[..], pile[..drawn.len()], "the script's pile is the server's");
    }
);

#[test]
fn the_standalone_script_computes_the_golden_dreams_deal_and_gods_pile() {
    // The fixture the games crate pins (games/tests/seed_scheme.rs), as public data.
    let fixture: Value = serde_json::from_str(include_str!(
        "../../../games/tests/fixtures/seed_scheme_2.json"
    ))
    .unwrap();
    let server: games::Seed = fixture["server_seed"].as_str().unwrap().parse().unwrap();
    let players: Vec<Value> = fixture["player_seeds"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(seat, s)| json!({"seat": seat, "player_seed": s}))
        .collect();
    for kind in ["gods", "dreams"] {
        let game = json!({
            "kind": kind,
            "seed_scheme": 2,
            "seed": server,
            "seed_commitment": hex::encode(<sha2::Sha256 as sha2::Digest>::digest(server.0)),
            "options": {},
            "players": players,
        });
        let Some(out) = script(&game) else { return };
        assert_eq!(out["game_seed"], fixture["game_seed"]);
        if kind == "dreams" {
            assert_eq!(out["dreams"]["deck"], fixture["dreams"]["deck"]);
            assert_eq!(out["dreams"]["round_1"], fixture["dreams"]["round_1"]);
        } else {
            let mut whole = fixture["gods"]["pile"].as_array().unwrap().clone();
            let mut display = fixture["gods"]["display"].as_array().unwrap().clone();
            display.reverse();
            whole.extend(display);
            assert_eq!(out["gods"]["pile"], Value::Array(whole));
        }
    }
}
