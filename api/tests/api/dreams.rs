//! Dreams over HTTP (`docs/rules/dreams.md`): whole games for 3 to 6 seats played by
//! random legal submissions, every round's guesses sent at once (D-R4–D-R8); sealed
//! guesses checked against their commitments (D-R5, D-R6); the differential secrecy test
//! (D-S1: the same game with the mortal dealt to another seat looks the same, byte for
//! byte, to a third seat and to a spectator until the reveal); a leak scan of every
//! response of the whole games (as `play.rs` does for Gods: the seed, the draw pile, and
//! here also the salts and the reveal of a round before its time); and timeouts in both
//! phases with a `ManualClock`.

use crate::api_test;
use crate::helpers::{read, Player, TestApp};
use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use futures_util::future::join_all;
use games::dreams::{Dreams, DreamsOptions};
use games::{Game, Seed};
use hermes_api::clock::{Clock, ManualClock};
use hermes_api::scheduler::tick;
use hermes_api::store::models::OutboxRow;
use hermes_api::store::schema::{games as games_table, outbox};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

// ---------------------------------------------------------------------------------------
// Helpers

/// A started game of Dreams with `players` in seat order (join order) and the clock
/// settings in `extra` (`turn_hours`, `timeout_policy`). With a `ManualClock` the clock
/// moves a second before each join, so that join order is seat order.
pub(crate) async fn dreams_game(
    app: &TestApp,
    players: &[Player],
    extra: Value,
    clock: Option<&ManualClock>,
) -> String {
    let mut body = json!({
        "kind": "dreams",
        "seats": players.len(),
        "random_seats": false,
        "options": {"deck": "standard"},
        // The policy these tests are about (the default, `stand_in`, is `bots.rs`'s).
        "timeout_policy": "auto_pass",
        // Players' seeds are public (issue 15): fixed ones keep two runs' bytes comparable.
        "player_seed": "seat 0",
    });
    if let (Some(o), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    let (status, game) = app.post("/games", &players[0].token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let code = game["join_code"].as_str().unwrap().to_string();
    for (i, p) in players.iter().enumerate().skip(1) {
        if let Some(c) = clock {
            c.advance(Duration::seconds(1));
        }
        let (status, body) = app
            .post(
                &format!("/games/{id}/join"),
                &p.token,
                json!({"code": code, "player_seed": format!("seat {i}")}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, g) = app.get(&format!("/games/{id}"), &players[0].token).await;
    assert_eq!(g["status"], "running", "{g}");
    assert_eq!(
        g["to_act"],
        json!([0]),
        "D-R3: seat 0 deals the first round"
    );
    for (seat, p) in players.iter().enumerate() {
        let listed = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["user_id"] == p.id.as_str())
            .unwrap();
        assert_eq!(listed["seat"], seat, "{g}");
    }
    id
}

pub(crate) async fn players(app: &TestApp, n: usize) -> Vec<Player> {
    let mut out = Vec::new();
    for i in 0..n {
        out.push(app.player(&format!("dreamer{i}")).await);
    }
    out
}

fn notation(turn: &Value) -> String {
    games::registry::kind("dreams")
        .unwrap()
        .format_turn(turn)
        .unwrap()
}

/// One submission as a seat sends it (`as_text`: as notation in the JSON body):
/// `(status, ETag, body)`.
async fn submit(
    app: &TestApp,
    id: &str,
    p: &Player,
    seq: i64,
    turn: &Value,
    as_text: bool,
    key: Option<&str>,
) -> (StatusCode, Option<String>, Value) {
    let mut req = app
        .client
        .post(format!("{}/games/{id}/turns", app.url))
        .bearer_auth(&p.token);
    if let Some(k) = key {
        req = req.header("idempotency-key", k);
    }
    req = if as_text {
        req.json(&json!({"expected_seq": seq, "notation": notation(turn)}))
    } else {
        req.json(&json!({"expected_seq": seq, "turn": turn}))
    };
    let res = req.send().await.expect("request sent");
    let etag = res
        .headers()
        .get("etag")
        .map(|v| v.to_str().unwrap().to_string());
    let (status, body) = read(res).await;
    (status, etag, body)
}

/// Submit and insist that it is accepted as the next entry.
async fn play(app: &TestApp, id: &str, p: &Player, seq: i64, turn: &Value) -> Value {
    let (status, etag, body) = submit(app, id, p, seq, turn, seq % 2 == 1, None).await;
    assert_eq!(status, StatusCode::CREATED, "{turn} refused: {body}");
    assert_eq!(body["seq"], seq + 1, "{body}");
    assert_eq!(etag, Some(format!("\"{}\"", seq + 1)));
    body
}

async fn legal(app: &TestApp, id: &str, p: &Player) -> Value {
    let (status, body) = app.get(&format!("/games/{id}/legal"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn summary(app: &TestApp, id: &str, p: &Player) -> Value {
    let (status, g) = app.get(&format!("/games/{id}"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g
}

/// A random legal turn chosen from a seat's `/legal` answer (`pass_one_in`: how rarely a
/// pass; 0 never).
pub(crate) fn choose(legal: &Value, rng: &mut impl Rng, pass_one_in: u32) -> Value {
    if legal["may_pass"] == true && pass_one_in > 0 && rng.gen_ratio(1, pass_one_in) {
        return json!({"pass": true});
    }
    let pick = |list: &Value, rng: &mut dyn rand::RngCore| {
        let list = list.as_array().unwrap();
        assert!(!list.is_empty(), "nothing to choose from: {legal}");
        list[rng.gen_range(0..list.len())].clone()
    };
    match legal["phase"].as_str().unwrap() {
        "stars" => {
            let kind = pick(&legal["kinds"], rng);
            let max = legal["max"].as_u64().unwrap();
            let taken: Vec<(u64, u64)> = legal["taken"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p["x"].as_u64().unwrap(), p["y"].as_u64().unwrap()))
                .collect();
            loop {
                let (x, y) = (rng.gen_range(0..=max), rng.gen_range(0..=max));
                if !taken.contains(&(x, y)) {
                    return json!({"star": {"kind": kind, "x": x, "y": y}});
                }
            }
        }
        "guess" => {
            if legal["seats"].as_array().unwrap().is_empty() {
                json!({"guess": {"image": pick(&legal["images"], rng)}})
            } else {
                json!({"guess": {"seat": pick(&legal["seats"], rng)}})
            }
        }
        other => panic!("no turn in phase {other}: {legal}"),
    }
}

/// How many guesses were answered `stale_seq` (another guess landed first) and sent again.
static STALE_GUESSES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Every listed seat's guess sent at once; each is retried on `stale_seq` (another guess
/// landed first: the seat re-reads the sequence) until it lands. Returns the accepted
/// answers, by sequence.
async fn guesses_at_once(
    app: &TestApp,
    id: &str,
    players: &[Player],
    seq: i64,
    turns: &[(usize, Value)],
) -> Vec<Value> {
    let stale = &std::sync::atomic::AtomicUsize::new(0);
    let sends = turns.iter().map(|(seat, turn)| async move {
        let p = &players[*seat];
        let key = format!("guess-{id}-{seq}-{seat}");
        let mut based_on = seq;
        for _ in 0..100 {
            let (status, etag, body) =
                submit(app, id, p, based_on, turn, seat % 2 == 1, Some(&key)).await;
            match status {
                StatusCode::CREATED => {
                    assert_eq!(etag, Some(format!("\"{}\"", body["seq"])));
                    assert_eq!(body["seat"], *seat);
                    assert_eq!(&body["turn"], turn, "{body}");
                    return body;
                }
                StatusCode::CONFLICT if body["code"] == "stale_seq" => {
                    stale.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    based_on = summary(app, id, p).await["seq"].as_i64().unwrap();
                }
                _ => panic!("seat {seat}'s guess {turn} refused: {status} {body}"),
            }
        }
        panic!("seat {seat}'s guess did not land in 100 tries");
    });
    let mut landed = join_all(sends).await;
    landed.sort_by_key(|b| b["seq"].as_i64());
    STALE_GUESSES.fetch_add(
        stale.load(std::sync::atomic::Ordering::Relaxed),
        std::sync::atomic::Ordering::Relaxed,
    );
    landed
}

fn types(events: &Value) -> Vec<&str> {
    events
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect()
}

fn event<'a>(events: &'a Value, kind: &str) -> Option<&'a Value> {
    events
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["type"] == kind)
}

/// One guess phase, as its seats were answered: every seat landed exactly once, the
/// sequence advanced by one per guess, and only the last guess's transaction revealed
/// the round (D-R6) and dealt the next (or ended the game).
fn check_guess_phase(landed: &[Value], seq: i64, n: usize, round: u64) {
    assert_eq!(landed.len(), n);
    let mut seats: Vec<u64> = landed.iter().map(|b| b["seat"].as_u64().unwrap()).collect();
    seats.sort_unstable();
    assert_eq!(
        seats,
        (0..n as u64).collect::<Vec<_>>(),
        "a guess twice or not at all"
    );
    for (i, b) in landed.iter().enumerate() {
        assert_eq!(b["seq"], seq + 1 + i as i64, "the sequences of the guesses");
        let sealed = event(&b["events"], "guess_sealed").unwrap();
        assert_eq!(sealed["round"], round);
        assert_eq!(sealed["seat"], b["seat"]);
        let mine = event(&b["events"], "my_guess").unwrap();
        assert_eq!(
            mine["guess"],
            b["turn"].get("guess").cloned().unwrap_or(Value::Null)
        );
        if i + 1 < n {
            assert_eq!(types(&b["events"]), ["guess_sealed", "my_guess"], "{b}");
            assert_eq!(b["view"]["phase"], "guess");
        } else {
            let revealed = event(&b["events"], "revealed").expect("the last guess reveals");
            assert_eq!(revealed["round"], round);
            let next = event(&b["events"], "round_dealt").or(event(&b["events"], "game_over"));
            assert!(next.is_some(), "{b}");
        }
    }
}

/// `guess seat 2`, `guess image 3` or `pass`: the text a commitment hashes (`docs/players/replay.md`).
fn sealed_text(guess: &Value) -> String {
    if guess.is_null() {
        "pass".into()
    } else if let Some(s) = guess.get("seat") {
        format!("guess seat {s}")
    } else {
        format!("guess image {}", guess["image"])
    }
}

/// SHA-256 of `hermes-dreams-guess-v1:{round}:{seat}:{notation}:{salt}`, in hex.
fn commitment(round: u64, seat: usize, guess: &Value, salt: &str) -> String {
    let text = format!(
        "hermes-dreams-guess-v1:{round}:{seat}:{}:{salt}",
        sealed_text(guess)
    );
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The first 16 bytes of SHA-256(`hermes/dreams/salt/v1` ‖ seed ‖ round LE ‖ seat LE).
fn salt(seed: &Seed, round: u64, seat: usize) -> String {
    let digest = Sha256::new()
        .chain_update(b"hermes/dreams/salt/v1")
        .chain_update(seed.0)
        .chain_update((round as u32).to_le_bytes())
        .chain_update((seat as u32).to_le_bytes())
        .finalize();
    hex::encode(&digest[..16])
}

/// D-R7, from a public `revealed` event.
fn points(mortal: usize, vision: u64, guesses: &[Value]) -> Vec<u64> {
    let named = |s: usize| guesses.iter().any(|g| g["seat"].as_u64() == Some(s as u64));
    (0..guesses.len())
        .map(|s| {
            let unnamed = u64::from(!named(s));
            if s == mortal {
                3 * unnamed + 2 * u64::from(guesses[s]["image"].as_u64() == Some(vision))
            } else {
                2 * u64::from(guesses[s]["seat"].as_u64() == Some(mortal as u64)) + unnamed
            }
        })
        .collect()
}

/// The whole log as `p` reads it (`as_spectator`: with `?as=spectator`), paged.
async fn whole_log(app: &TestApp, id: &str, p: &Player, as_spectator: bool) -> Vec<Value> {
    let mut entries = Vec::new();
    let mut since = 0;
    let extra = if as_spectator { "&as=spectator" } else { "" };
    loop {
        let (status, page) = app
            .get(
                &format!("/games/{id}/log?since={since}&limit=100{extra}"),
                &p.token,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let got = page["entries"].as_array().unwrap().clone();
        if got.is_empty() {
            return entries;
        }
        since = page["next_since"].as_i64().unwrap();
        entries.extend(got);
    }
}

/// Does `v` hold an object with a `mortal` key of round `round` or later (a reveal)?
fn reveals_round(v: &Value, round: u64) -> bool {
    match v {
        Value::Object(o) => {
            (o.contains_key("mortal") && o.get("round").and_then(Value::as_u64) >= Some(round))
                || o.values().any(|x| reveals_round(x, round))
        }
        Value::Array(a) => a.iter().any(|x| reveals_round(x, round)),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------
// 1. Whole games, with the guesses of each round sent at once

/// A response body as one viewer saw it (`None`: a spectator), at a sequence.
struct Seen {
    seq: i64,
    viewer: Option<usize>,
    body: Value,
}

async fn a_whole_game(app: TestApp, n: usize, rng_seed: u64) {
    let started = Instant::now();
    let players = players(&app, n).await;
    let watcher = app.player("watcher").await;
    let id = dreams_game(&app, &players, json!({}), None).await;
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    let mut seen: Vec<Seen> = Vec::new();
    let mut submissions = 0usize;
    loop {
        let looker = submissions % n;
        let g = summary(&app, &id, &players[looker]).await;
        let seq = g["seq"].as_i64().unwrap();
        let over = g["status"] == "over";
        seen.push(Seen {
            seq,
            viewer: Some(looker),
            body: g.clone(),
        });
        if submissions.is_multiple_of(3) || over {
            for path in [
                format!("/games/{id}"),
                format!("/games/{id}/log?since={}", (seq - 6).max(0)),
            ] {
                let (status, body) = app.get(&path, &watcher.token).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                seen.push(Seen {
                    seq,
                    viewer: None,
                    body,
                });
            }
        }
        if over {
            break;
        }
        match g["view"]["phase"].as_str().unwrap() {
            "stars" => {
                let seat = g["to_act"][0].as_u64().unwrap() as usize;
                assert_eq!(g["to_act"], json!([seat]), "D-R4: one seat at a time");
                let legal = legal(&app, &id, &players[seat]).await;
                assert_eq!(legal["seq"], seq);
                let turn = choose(&legal["legal"], &mut rng, 10);
                seen.push(Seen {
                    seq,
                    viewer: Some(seat),
                    body: legal,
                });
                let body = play(&app, &id, &players[seat], seq, &turn).await;
                assert_eq!(body["turn"], turn);
                seen.push(Seen {
                    seq: seq + 1,
                    viewer: Some(seat),
                    body,
                });
                submissions += 1;
            }
            "guess" => {
                let round = g["view"]["round"].as_u64().unwrap();
                assert_eq!(
                    g["to_act"],
                    json!((0..n).collect::<Vec<_>>()),
                    "D-R5: all at once"
                );
                let mut turns = Vec::new();
                for (seat, p) in players.iter().enumerate() {
                    let legal = legal(&app, &id, p).await;
                    turns.push((seat, choose(&legal["legal"], &mut rng, 10)));
                    seen.push(Seen {
                        seq,
                        viewer: Some(seat),
                        body: legal,
                    });
                }
                let landed = guesses_at_once(&app, &id, &players, seq, &turns).await;
                check_guess_phase(&landed, seq, n, round);
                for b in landed {
                    seen.push(Seen {
                        seq: b["seq"].as_i64().unwrap(),
                        viewer: Some(b["seat"].as_u64().unwrap() as usize),
                        body: b,
                    });
                }
                submissions += n;
            }
            other => panic!("phase {other}"),
        }
        assert!(submissions < 5000, "the game did not end");
    }
    // A submission after the end names D-R8.
    let g = summary(&app, &id, &players[0]).await;
    let (status, _, refused) = submit(
        &app,
        &id,
        &players[0],
        g["seq"].as_i64().unwrap(),
        &json!({"pass": true}),
        false,
        None,
    )
    .await;
    assert_eq!(
        (status, refused["code"].as_str(), refused["rule"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"), Some("D-R8")),
        "{refused}"
    );
    let (rounds, seq) = audit_finished_game(&app, &id, &players, &watcher, n, &seen).await;
    println!(
        "dreams, {n} players: {rounds} rounds, {seq} turns, {} responses scanned, {} guesses \
         sent again after stale_seq (all tests so far), {:.1} s",
        seen.len(),
        STALE_GUESSES.load(std::sync::atomic::Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}

/// After the end: the log is whole and public, every commitment verifies against the
/// published salts (which derive from the revealed seed), the scores follow D-R7 and
/// the end D-R8, a replay equals the live game, and no response before its time showed
/// the seed, the draw pile, another seat's salt or a round's reveal. Returns
/// `(rounds, turns)`.
async fn audit_finished_game(
    app: &TestApp,
    id: &str,
    players: &[Player],
    watcher: &Player,
    n: usize,
    seen: &[Seen],
) -> (u64, i64) {
    let game = summary(app, id, &players[0]).await;
    assert_eq!(game["status"], "over");
    assert!(game["to_act"].as_array().unwrap().is_empty());
    let last_seq = game["seq"].as_i64().unwrap();
    let seed_hex = game["seed"].as_str().unwrap().to_string();
    let seed: Seed = seed_hex.parse().unwrap();
    assert_eq!(game["seed_commitment"], hex::encode(Sha256::digest(seed.0)));
    // The engine's seed, from the server's seed and the players' (issue 15): the salts
    // derive from it.
    let (game_seed, generator) = crate::helpers::engine_seed(&game);

    // The log, paged, is whole and the same for a seat and a spectator once it is over.
    let entries = whole_log(app, id, &players[0], false).await;
    assert_eq!(entries.len() as i64, last_seq);
    assert_eq!(entries, whole_log(app, id, watcher, true).await);
    assert_eq!(entries, whole_log(app, id, &players[n - 1], false).await);
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(e["seq"], i as i64 + 1);
        assert_eq!(e["sealed"], false, "sealed after the end: {e}");
        assert!(e["turn"].is_object() && e["notation"].is_string(), "{e}");
        assert_eq!(e["source"], "player");
    }

    // Per round: the guesses' commitments, and the reveal.
    let mut sealed: BTreeMap<(u64, usize), (i64, String, Value)> = BTreeMap::new();
    let mut reveals: BTreeMap<u64, (i64, Value)> = BTreeMap::new();
    let mut dealt: BTreeMap<u64, (i64, Value)> = BTreeMap::new();
    let mut game_over = None;
    for e in &entries {
        let seq = e["seq"].as_i64().unwrap();
        for ev in e["events"].as_array().unwrap() {
            match ev["type"].as_str().unwrap() {
                "guess_sealed" => {
                    let key = (
                        ev["round"].as_u64().unwrap(),
                        ev["seat"].as_u64().unwrap() as usize,
                    );
                    assert_eq!(key.1 as u64, e["seat"].as_u64().unwrap());
                    let turn_guess = e["turn"].get("guess").cloned().unwrap_or(Value::Null);
                    let old = sealed.insert(
                        key,
                        (
                            seq,
                            ev["commitment"].as_str().unwrap().to_string(),
                            turn_guess,
                        ),
                    );
                    assert!(old.is_none(), "two guesses of {key:?}");
                }
                "revealed" => {
                    let r = ev["round"].as_u64().unwrap();
                    assert!(
                        reveals.insert(r, (seq, ev.clone())).is_none(),
                        "round {r} revealed twice"
                    );
                }
                "round_dealt" => {
                    dealt.insert(ev["round"].as_u64().unwrap(), (seq, ev["cards"].clone()));
                }
                "game_over" => game_over = Some((seq, ev.clone())),
                _ => {}
            }
        }
    }
    let rounds = reveals.len() as u64;
    assert!(rounds >= 1);
    let mut scores = vec![0u64; n];
    for (&r, (reveal_seq, rev)) in &reveals {
        // The reveal is in the entry of the round's last guess, and every seat guessed once.
        let of_round: Vec<_> = (0..n)
            .map(|s| sealed.get(&(r, s)).expect("every seat guessed"))
            .collect();
        assert_eq!(
            of_round.iter().map(|x| x.0).max(),
            Some(*reveal_seq),
            "round {r}"
        );
        let mortal = rev["mortal"].as_u64().unwrap() as usize;
        let vision = rev["vision"].as_u64().unwrap();
        let guesses = rev["guesses"].as_array().unwrap();
        for s in 0..n {
            let (_, published, turn_guess) = of_round[s];
            let salt_hex = rev["salts"][s].as_str().unwrap();
            assert_eq!(
                salt_hex,
                salt(&game_seed, r, s),
                "the salt of seat {s} in round {r}"
            );
            assert_eq!(rev["commitments"][s], published.as_str());
            assert_eq!(
                &commitment(r, s, &guesses[s], salt_hex),
                published,
                "round {r} seat {s}: the commitment does not verify"
            );
            assert_eq!(
                &guesses[s], turn_guess,
                "the revealed guess is the one sent"
            );
            if s == mortal && !guesses[s].is_null() {
                assert!(guesses[s]["image"].is_u64(), "the mortal names an image");
            }
        }
        let won = points(mortal, vision, guesses);
        assert_eq!(rev["points"], json!(won), "D-R7 in round {r}");
        for (total, p) in scores.iter_mut().zip(&won) {
            *total += p;
        }
        assert_eq!(rev["scores"], json!(scores), "the scores after round {r}");
        // D-R8: the game goes on exactly while nobody has 16.
        let ended = scores.iter().any(|&s| s >= 16);
        assert_eq!(ended, r == rounds, "D-R8 after round {r}: {scores:?}");
        if !ended {
            let (seq, _) = dealt.get(&(r + 1)).expect("the next round is dealt");
            assert_eq!(
                seq, reveal_seq,
                "the next round is dealt in the reveal's entry"
            );
        }
    }
    let best = *scores.iter().max().unwrap();
    let winners: Vec<usize> = (0..n).filter(|&s| scores[s] == best).collect();
    let (over_seq, over) = game_over.expect("a game_over event");
    assert_eq!(over_seq, last_seq);
    assert_eq!(over["winners"], json!(winners));
    assert_eq!(over["scores"], json!(scores));
    assert_eq!(game["outcome"]["winners"], json!(winners), "{game}");
    assert_eq!(game["outcome"]["scores"], json!(scores), "{game}");

    // Anyone can recompute the game from the seed and the log; it equals the live game.
    let kind = games::registry::kind("dreams").unwrap();
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

    // The leak scan: nothing before its time, to anyone.
    let round_at = |seq: i64| -> u64 {
        // The round in progress after `seq` entries: 1 + the rounds revealed by then.
        1 + reveals.values().filter(|(s, _)| *s <= seq).count() as u64
    };
    for s in seen.iter().filter(|s| s.seq < last_seq) {
        let text = s.body.to_string();
        assert!(
            !text.contains(&seed_hex),
            "the seed leaked at {}: {text}",
            s.seq
        );
        let round = round_at(s.seq);
        assert!(
            !reveals_round(&s.body, round),
            "round {round} revealed early at {} to {:?}: {text}",
            s.seq,
            s.viewer
        );
        if let Some((_, rev)) = reveals.get(&round) {
            for seat in (0..n).filter(|&x| Some(x) != s.viewer) {
                let salt = rev["salts"][seat].as_str().unwrap();
                assert!(
                    !text.contains(salt),
                    "seat {seat}'s salt of round {round} shown to {:?} at {}: {text}",
                    s.viewer,
                    s.seq
                );
            }
        }
        if let Some((_, cards)) = dealt.get(&(round + 1)) {
            assert!(
                !text.contains(&format!("\"cards\":{cards}")),
                "round {}'s cards shown at {}: {text}",
                round + 1,
                s.seq
            );
        }
    }
    // The order of the draw pile, as play.rs checks for Gods.
    let mut at: Vec<i64> = seen
        .iter()
        .map(|s| s.seq)
        .filter(|&s| s < last_seq)
        .collect();
    at.sort_unstable();
    at.dedup();
    for t in at {
        let state = kind
            .replay_with(game_seed, generator, n, &options, &log[..t as usize])
            .unwrap()
            .state();
        let left = state["left"].as_u64().unwrap() as usize;
        let pile = &state["deck"].as_array().unwrap()[..left];
        if pile.len() >= 8 {
            let order = Value::Array(pile.to_vec()).to_string();
            let inner = &order[1..order.len() - 1];
            for s in seen.iter().filter(|s| s.seq == t) {
                assert!(
                    !s.body.to_string().contains(inner),
                    "the pile order leaked at {t}"
                );
            }
        }
    }
    (rounds, last_seq)
}

api_test!(
    async fn a_three_player_game_of_dreams_is_played_to_the_end_with_every_round_guessed_at_once(app) {
        a_whole_game(app, 3, 3).await;
    }
);

api_test!(
    async fn a_four_player_game_of_dreams_is_played_to_the_end_with_every_round_guessed_at_once(app) {
        a_whole_game(app, 4, 4).await;
    }
);

api_test!(
    async fn a_five_player_game_of_dreams_is_played_to_the_end_with_every_round_guessed_at_once(app) {
        a_whole_game(app, 5, 5).await;
    }
);

api_test!(
    async fn a_six_player_game_of_dreams_is_played_to_the_end_with_every_round_guessed_at_once(app) {
        a_whole_game(app, 6, 6).await;
    }
);

// ---------------------------------------------------------------------------------------
// 2. Sealed guesses: hidden until the reveal, then checkable by anyone

/// The stars of round 1 for `n` seats in seat order from the dealer (seat 0): each seat's
/// clear, grey and black star on distinct points, so the script is legal in any deal.
fn script_stars(n: usize) -> Vec<(usize, Value)> {
    (0..3 * n)
        .map(|i| {
            let kind = ["clear", "grey", "black"][i / n];
            let turn = json!({"star": {"kind": kind, "x": 5 + 5 * i, "y": 10 + 3 * i}});
            (i % n, turn)
        })
        .collect()
}

api_test!(
    async fn a_sealed_guess_is_hidden_from_other_seats_and_spectators_until_the_reveal_and_then_verifies(app) {
        let n = 4;
        let players = players(&app, n).await;
        let watcher = app.player("watcher").await;
        let id = dreams_game(&app, &players, json!({}), None).await;
        let mut seq = 0;
        for (seat, turn) in script_stars(n) {
            play(&app, &id, &players[seat], seq, &turn).await;
            seq += 1;
        }
        // Seats 0, 1 and 2 guess at once; seat 3 has not guessed yet.
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut turns = Vec::new();
        for (seat, p) in players.iter().enumerate().take(3) {
            turns.push((seat, choose(&legal(&app, &id, p).await["legal"], &mut rng, 0)));
        }
        let landed = guesses_at_once(&app, &id, &players, seq, &turns).await;
        assert_eq!(landed.len(), 3);
        seq += 3;
        let guess_seqs: Vec<i64> = landed.iter().map(|b| b["seq"].as_i64().unwrap()).collect();
        let guess_seat = |s: i64| landed.iter().find(|b| b["seq"] == s).unwrap()["seat"].as_u64().unwrap();
        let salts: Vec<String> = landed
            .iter()
            .map(|b| event(&b["events"], "my_guess").unwrap()["salt"].as_str().unwrap().to_string())
            .collect();

        // Before the reveal: another seat, a spectator, a seat as spectator.
        let readers: Vec<(&str, &Player, &str, Option<u64>)> = vec![
            ("seat 3", &players[3], "", Some(3)),
            ("seat 1", &players[1], "", Some(1)),
            ("a spectator", &watcher, "", None),
            ("seat 0 as spectator", &players[0], "&as=spectator", None),
        ];
        for (who, p, extra, me) in &readers {
            let (status, log) = app.get(&format!("/games/{id}/log?since=0{extra}"), &p.token).await;
            assert_eq!(status, StatusCode::OK);
            let text = log.to_string();
            for e in log["entries"].as_array().unwrap() {
                let s = e["seq"].as_i64().unwrap();
                assert!(!types(&e["events"]).contains(&"revealed"), "{who}: {e}");
                if !guess_seqs.contains(&s) {
                    assert_eq!(e["sealed"], false, "{who}: a star is public: {e}");
                    assert!(e["turn"]["star"].is_object(), "{who}: {e}");
                    continue;
                }
                let own = *me == Some(guess_seat(s));
                if own {
                    assert_eq!(e["sealed"], false, "{who}: its own guess: {e}");
                    assert!(e["turn"].is_object() && e["notation"].is_string(), "{who}: {e}");
                    assert_eq!(types(&e["events"]), ["guess_sealed", "my_guess"], "{who}: {e}");
                } else {
                    assert_eq!(e["sealed"], true, "{who}: {e}");
                    assert!(e["turn"].is_null() && e["notation"].is_null(), "{who}: {e}");
                    assert_eq!(types(&e["events"]), ["guess_sealed"], "{who}: {e}");
                }
            }
            for (b, salt) in landed.iter().zip(&salts) {
                if *me != b["seat"].as_u64() {
                    assert!(!text.contains(salt.as_str()), "{who} sees another seat's salt: {text}");
                }
            }
            // Their view: who guessed and the commitments, never what.
            let (_, g) = app.get(&format!("/games/{id}?{}", extra.trim_start_matches('&')), &p.token).await;
            assert_eq!(g["view"]["guessed"], json!([true, true, true, false]), "{who}: {g}");
            for b in &landed {
                let seat = b["seat"].as_u64().unwrap() as usize;
                let c = &event(&b["events"], "guess_sealed").unwrap()["commitment"];
                assert_eq!(&g["view"]["commitments"][seat], c, "{who}");
            }
            assert!(g["view"]["last_reveal"].is_null(), "{who}: {g}");
            for (b, salt) in landed.iter().zip(&salts) {
                if *me != b["seat"].as_u64() {
                    assert!(!g.to_string().contains(salt.as_str()), "{who}: {g}");
                }
            }
            for &at in &guess_seqs {
                let (status, st) = app.get(&format!("/games/{id}/state?at={at}{extra}"), &p.token).await;
                assert_eq!(status, StatusCode::OK, "{st}");
                for (b, salt) in landed.iter().zip(&salts) {
                    if *me != b["seat"].as_u64() {
                        assert!(!st.to_string().contains(salt.as_str()), "{who} at {at}: {st}");
                    }
                }
                assert!(!reveals_round(&st, 1), "{who} at {at}: {st}");
            }
        }

        // The last guess reveals the round in its own entry.
        let last = choose(&legal(&app, &id, &players[3]).await["legal"], &mut rng, 0);
        let body = play(&app, &id, &players[3], seq, &last).await;
        seq += 1;
        let rev = event(&body["events"], "revealed").expect("the last guess reveals").clone();
        assert_eq!(rev["round"], 1);
        // After the reveal the round is public (D-S2), though the guesses' entries stay
        // sealed in the log until the game is over: the reveal says what they were, and
        // every commitment verifies against its published salt.
        let log = whole_log(&app, &id, &watcher, false).await;
        assert_eq!(log.len() as i64, seq);
        let last_entry = &log[seq as usize - 1];
        assert_eq!(types(&last_entry["events"])[..2], ["guess_sealed", "revealed"], "{last_entry}");
        for e in &log[12..] {
            assert_eq!(e["sealed"], true, "{e}");
            let sealed = event(&e["events"], "guess_sealed").unwrap();
            let seat = sealed["seat"].as_u64().unwrap() as usize;
            let salt_hex = rev["salts"][seat].as_str().unwrap();
            assert_eq!(commitment(1, seat, &rev["guesses"][seat], salt_hex), sealed["commitment"].as_str().unwrap());
            assert_eq!(rev["commitments"][seat], sealed["commitment"]);
        }
        for (b, salt) in landed.iter().zip(&salts) {
            let seat = b["seat"].as_u64().unwrap() as usize;
            assert_eq!(rev["salts"][seat], salt.as_str(), "the salt told to its seat is the one revealed");
            assert_eq!(rev["guesses"][seat], b["turn"].get("guess").cloned().unwrap_or(Value::Null));
        }
        let mortal = rev["mortal"].as_u64().unwrap() as usize;
        let won = points(mortal, rev["vision"].as_u64().unwrap(), rev["guesses"].as_array().unwrap());
        assert_eq!(rev["points"], json!(won), "D-R7");
    }
);

// ---------------------------------------------------------------------------------------
// 3. The differential secrecy test (D-S1)

/// Give game `id` the seed `Seed::from_u64(k)` and its deal, with the mortal of round 1
/// moved to `mortal` (the role markers of the seed's mortal and `mortal` swapped), and
/// make the server read the state again.
fn deal_from(app: &TestApp, id: &str, k: u64, n: usize, mortal: usize) {
    let game = Dreams::new(Seed::from_u64(k), n, DreamsOptions::default()).unwrap();
    let mut state = serde_json::to_value(&game).unwrap();
    state["round"]["mortal"] = json!(mortal);
    let check = Dreams::from_json(state.clone()).unwrap();
    assert_eq!(check.secret_mortal(), mortal);
    let seed = game.secret_seed();
    let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
    let mut conn = pool.get().expect("a connection");
    let updated = diesel::update(games_table::table.filter(games_table::id.eq(id)))
        .set((
            games_table::seed.eq(seed.to_hex()),
            games_table::seed_commitment.eq(hex::encode(Sha256::digest(seed.0))),
            games_table::state.eq(Some(state.to_string())),
            // The deal above is xoshiro's from the server's seed alone.
            games_table::seed_scheme.eq(1),
        ))
        .execute(&mut conn)
        .expect("set the deal");
    assert_eq!(updated, 1);
    app.state.hot.forget(id);
}

/// What a reader received, with what differs per run made equal: the game id, ids of
/// rows, times, and tokens.
#[derive(Debug, PartialEq)]
struct Got {
    what: String,
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

/// Replace every JWT (`eyJ…​.…​.…`) in `s` with `<jwt>`.
fn strip_jwts(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("eyJ") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'))
            .unwrap_or(tail.len());
        out.push_str("<jwt>");
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn normalise_text(s: &str, game_id: &str) -> String {
    // Mail names a game by the first six digits of its id: `Dreams #9d6819`.
    let short = format!("#{}", &game_id[..6]);
    strip_talk(&strip_deadlines(&strip_jwts(
        &s.replace(game_id, "<game>").replace(&short, "#<game>"),
    )))
}

/// Leave out the table talk a your-turn mail carries. It tells what was said since the
/// reader's last mail that told talk, decided when the mail is sent (docs/players/talk.md):
/// whether an earlier mail went out before a later one was composed is a race of the
/// outbox against the test's turns, and nothing of the mortal. Talk is public either way
/// (`GET /messages` is compared as it is).
fn strip_talk(s: &str) -> String {
    let mut out = s.to_string();
    // The text part's block, and the HTML part's (from its heading), each with the line
    // break after it.
    for (start, end) in [
        ("At the table:", "with a line \"say: ...\".\r\n\r\n"),
        ("<h3", "say: …</code>.</p>\r\n"),
    ] {
        let mut from = 0;
        while let Some(found) = out[from..].find(start) {
            let at = from + found;
            let heading_is_talk = start != "<h3"
                || out[at..]
                    .find("</h3>")
                    .is_some_and(|h| out[at..at + h].ends_with(">At the table"));
            let talk = out[at..].find(end).filter(|_| heading_is_talk);
            match talk {
                Some(len) => out.replace_range(at..at + len + end.len(), ""),
                None => from = at + start.len(),
            }
        }
    }
    out
}

#[test]
fn a_mail_with_talk_reads_as_the_same_mail_without_it() {
    let text = "around.\r\n\r\nAt the table:\r\n\r\n  Cy: hi\r\n\r\nTo answer, reply to this mail with a line \"say: ...\".\r\n\r\nYour deadline: x";
    assert_eq!(strip_talk(text), "around.\r\n\r\nYour deadline: x");
    let html = "<h3 style=\"a\">Images</h3>\r\n<p>x</p>\r\n<h3 style=\"b\">At the table</h3>\r\n<p><strong>Cy:</strong> hi</p>\r\n<p style=\"c\">To answer, reply to this mail with a line <code style=\"d\">say: …</code>.</p>\r\n<p><a href=\"y\">";
    assert_eq!(
        strip_talk(html),
        "<h3 style=\"a\">Images</h3>\r\n<p>x</p>\r\n<p><a href=\"y\">"
    );
}

/// Replace the value after every `Your deadline: ` (text, or HTML's `<strong>…</strong>`)
/// with `<deadline>`. A mail is composed when it is sent, and says "no deadline" once its
/// reader has acted since (docs/operators/mail.md): when the outbox sends it against the turns of
/// the test is a race that has nothing to do with the mortal.
fn strip_deadlines(s: &str) -> String {
    const LABEL: &str = "Your deadline: ";
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(LABEL) {
        out.push_str(&rest[..at + LABEL.len()]);
        let mut tail = &rest[at + LABEL.len()..];
        if let Some(t) = tail.strip_prefix("<strong>") {
            tail = t;
        }
        // To the end of its sentence: the time left after it goes too ("…, 2 days left").
        let end = [tail.find("</p>"), tail.find(".\r\n"), tail.find(".\n")]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(tail.len());
        out.push_str("<deadline>");
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn normalise(v: &Value, game_id: &str) -> Value {
    match v {
        Value::String(s) if DateTime::parse_from_rfc3339(s).is_ok() => json!("<time>"),
        Value::String(s) => json!(normalise_text(s, game_id)),
        Value::Array(a) => Value::Array(a.iter().map(|x| normalise(x, game_id)).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| {
                    let x = if k == "id" && x.is_string() {
                        json!("<id>")
                    } else {
                        normalise(x, game_id)
                    };
                    (k.clone(), x)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

async fn got(what: String, res: reqwest::Response, game_id: &str) -> Got {
    let status = res.status().as_u16();
    let mut headers: Vec<(String, String)> = res
        .headers()
        .iter()
        // The date, the length and the request id (random per request) say nothing of the game.
        .filter(|(k, _)| !matches!(k.as_str(), "date" | "content-length" | "x-request-id"))
        .map(|(k, v)| {
            let v = v.to_str().unwrap_or("?");
            // A read's ETag is `"SEQ-HASH"`, HASH of the reader and the body (which is
            // compared below, with the game's id and times normalised): its sequence is
            // kept, the hash of those ids and times is not.
            let v = match (k.as_str(), v.split_once('-')) {
                ("etag", Some((seq, _))) => format!("{seq}-<hash>\""),
                _ => normalise_text(v, game_id),
            };
            (k.to_string(), v)
        })
        .collect();
    headers.sort();
    let text = res.text().await.unwrap();
    let body = match serde_json::from_str::<Value>(&text) {
        Ok(v) => normalise(&v, game_id).to_string(),
        Err(_) => normalise_text(&text, game_id),
    };
    Got {
        what: normalise_text(&what, game_id),
        status,
        headers,
        body,
    }
}

async fn get_as(app: &TestApp, game_id: &str, who: &str, p: &Player, path: &str) -> Got {
    let res = app
        .client
        .get(format!("{}{path}", app.url))
        .bearer_auth(&p.token)
        .send()
        .await
        .unwrap();
    got(format!("{who} GET {path}"), res, game_id).await
}

async fn post_as(
    app: &TestApp,
    game_id: &str,
    who: &str,
    p: &Player,
    path: &str,
    body: Value,
) -> Got {
    let res = app
        .client
        .post(format!("{}{path}", app.url))
        .bearer_auth(&p.token)
        .json(&body)
        .send()
        .await
        .unwrap();
    got(format!("{who} POST {path} {body}"), res, game_id).await
}

/// Everything the third seats (2 and 3) and the spectators read of game `id` at `seq`
/// (`every_state`: also `/state?at=N` for every N so far).
async fn observe(
    app: &TestApp,
    id: &str,
    players: &[Player],
    watcher: &Player,
    seq: i64,
    every_state: bool,
    rec: &mut Vec<Got>,
) {
    let readers = [
        ("seat 2", &players[2], ""),
        ("seat 3", &players[3], ""),
        ("seat 2 as spectator", &players[2], "as=spectator"),
        ("a spectator", watcher, ""),
    ];
    for (who, p, q) in readers {
        let amp = if q.is_empty() {
            String::new()
        } else {
            format!("&{q}")
        };
        let mut paths = vec![
            format!("/games/{id}?{q}"),
            format!("/games/{id}/log?since=0{amp}"),
            format!("/games/{id}/state?at={seq}{amp}"),
            format!("/games/{id}/board.svg?{q}"),
            format!("/games/{id}/messages"),
        ];
        if q.is_empty() && who != "a spectator" {
            paths.push(format!("/games/{id}/legal"));
        }
        if every_state {
            paths.extend((0..seq).map(|n| format!("/games/{id}/state?at={n}{amp}")));
        }
        for path in paths {
            rec.push(get_as(app, id, who, p, &path).await);
        }
    }
}

/// What one run recorded: the readers' answers, their mail, and the round's reveal.
struct Run {
    rec: Vec<Got>,
    mail: Vec<Value>,
    reveal: Value,
}

/// Round 1 of a 4-seat game dealt from seed `k` with the mortal at `mortal` (seat 0 or 1),
/// played by the same submissions whoever is the mortal: the stars of [`script_stars`],
/// seats 2 and 3 (gods either way) name seats 0 and 1, and seats 0 and 1 seal "no guess"
/// (a pass, which either role may send, so that their commitments are the same).
async fn secret_run(
    app: &TestApp,
    players: &[Player],
    watcher: &Player,
    k: u64,
    mortal: usize,
) -> Run {
    let n = 4;
    let id = dreams_game(app, players, json!({}), None).await;
    deal_from(app, &id, k, n, mortal);
    let id = id.as_str();
    let mut rec = Vec::new();
    let turns = format!("/games/{id}/turns");
    rec.push(
        post_as(
            app,
            id,
            "seat 2",
            &players[2],
            &format!("/games/{id}/messages"),
            json!({"body": "seat 0 dreams like a mortal"}),
        )
        .await,
    );
    let mut seq = 0i64;
    observe(app, id, players, watcher, seq, false, &mut rec).await;
    // Refused: out of turn, stale, not a player, an unreadable turn.
    for (who, p, body) in [
        (
            "seat 2",
            &players[2],
            json!({"expected_seq": 0, "turn": {"star": {"kind": "clear", "x": 50, "y": 50}}}),
        ),
        (
            "seat 3",
            &players[3],
            json!({"expected_seq": 0, "notation": "guess image 3"}),
        ),
        (
            "seat 2",
            &players[2],
            json!({"expected_seq": 7, "notation": "pass"}),
        ),
        (
            "a spectator",
            watcher,
            json!({"expected_seq": 0, "notation": "pass"}),
        ),
        (
            "seat 3",
            &players[3],
            json!({"expected_seq": 0, "notation": "dream on"}),
        ),
    ] {
        rec.push(post_as(app, id, who, p, &turns, body).await);
    }
    for (i, (seat, turn)) in script_stars(n).into_iter().enumerate() {
        if seat >= 2 {
            let who = format!("seat {seat}");
            // On turn: a taken point, a star already placed, a guess too early.
            let taken = json!({"star": {"kind": turn["star"]["kind"], "x": 5, "y": 10}});
            for bad in [
                json!({"expected_seq": seq, "turn": taken}),
                json!({"expected_seq": seq, "notation": "guess seat 0"}),
            ] {
                rec.push(post_as(app, id, &who, &players[seat], &turns, bad).await);
            }
            if i >= n {
                let again = json!({"expected_seq": seq, "turn": {"star": {"kind": "clear", "x": 99, "y": 99}}});
                rec.push(post_as(app, id, &who, &players[seat], &turns, again).await);
            }
            let body = json!({"expected_seq": seq, "notation": notation(&turn)});
            let mine = post_as(app, id, &who, &players[seat], &turns, body).await;
            assert_eq!(mine.status, 201, "{mine:?}");
            rec.push(mine);
        } else {
            play(app, id, &players[seat], seq, &turn).await;
        }
        seq += 1;
        observe(app, id, players, watcher, seq, false, &mut rec).await;
    }
    // The guesses: seats 2 and 3 (refused first: an image, themselves, a star, no such
    // seat, and asking /legal about an image), then seat 0; seat 1's reveals the round.
    for (seat, named) in [(2usize, 0usize), (3, 1)] {
        let who = format!("seat {seat}");
        let p = &players[seat];
        for bad in [
            json!({"expected_seq": seq, "turn": {"guess": {"image": 3}}}),
            json!({"expected_seq": seq, "turn": {"guess": {"seat": seat}}}),
            json!({"expected_seq": seq, "notation": "clear at 1,1"}),
            json!({"expected_seq": seq, "notation": "guess seat 9"}),
            json!({"expected_seq": seq, "notation": "pass; guess seat 1"}),
        ] {
            rec.push(post_as(app, id, &who, p, &turns, bad).await);
        }
        let partial =
            url::form_urlencoded::byte_serialize(br#"{"guess":{"image":2}}"#).collect::<String>();
        rec.push(
            get_as(
                app,
                id,
                &who,
                p,
                &format!("/games/{id}/legal?partial={partial}"),
            )
            .await,
        );
        let mine = post_as(
            app,
            id,
            &who,
            p,
            &turns,
            json!({"expected_seq": seq, "turn": {"guess": {"seat": named}}}),
        )
        .await;
        assert_eq!(mine.status, 201, "{mine:?}");
        rec.push(mine);
        seq += 1;
        // Sealed is final: a second guess is refused.
        rec.push(
            post_as(
                app,
                id,
                &who,
                p,
                &turns,
                json!({"expected_seq": seq, "notation": "guess seat 1"}),
            )
            .await,
        );
        observe(app, id, players, watcher, seq, false, &mut rec).await;
    }
    play(app, id, &players[0], seq, &json!({"pass": true})).await;
    seq += 1;
    observe(app, id, players, watcher, seq, true, &mut rec).await;
    // The mail of the third seats and the spectator written since the deal was set
    // (what was written at the start came from the server's own seed).
    let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
    let mut conn = pool.get().expect("a connection");
    let rows: Vec<OutboxRow> = outbox::table
        .filter(outbox::game_id.eq(id))
        .order((outbox::created_at.asc(), outbox::id.asc()))
        .select(OutboxRow::as_select())
        .load(&mut conn)
        .expect("read the outbox");
    let readers = [&players[2].id, &players[3].id, &watcher.id];
    let mut mail: Vec<Value> = rows
        .iter()
        .filter(|m| m.seq.unwrap_or(0) >= 1)
        .filter(|m| m.user_id.as_ref().is_some_and(|u| readers.contains(&u)))
        .map(|m| {
            let data: Value = serde_json::from_str(&m.data).unwrap_or(json!(m.data));
            normalise(
                &json!({
                    "template": m.template,
                    "user_id": m.user_id,
                    "to": m.to_addr,
                    "seq": m.seq,
                    "dedupe_key": m.dedupe_key,
                    "data": data,
                }),
                id,
            )
        })
        .collect();
    // Mail written in one transaction has one time: order it by what it is.
    mail.sort_by_key(|m| m.to_string());
    // The mail as sent: every row of this game delivered, then the messages to the third
    // seats, as they read them.
    let pending = |conn: &mut hermes_api::store::DbConn| -> i64 {
        outbox::table
            .filter(outbox::game_id.eq(id))
            .filter(outbox::sent_at.is_null())
            .filter(outbox::failed_at.is_null())
            .count()
            .get_result(conn)
            .expect("count the outbox")
    };
    let waited = Instant::now();
    for _ in 0..3000 {
        if pending(&mut conn) == 0 {
            println!(
                "mail delivered after {:.1} s",
                waited.elapsed().as_secs_f64()
            );
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    if pending(&mut conn) > 0 {
        let stuck: Vec<OutboxRow> = outbox::table
            .filter(outbox::game_id.eq(id))
            .filter(outbox::sent_at.is_null())
            .select(OutboxRow::as_select())
            .load(&mut conn)
            .expect("read the outbox");
        panic!("the mail was not delivered: {stuck:#?}");
    }
    let addresses: Vec<&str> = rows
        .iter()
        .filter(|m| m.user_id.as_ref().is_some_and(|u| readers.contains(&u)))
        .map(|m| m.to_addr.as_str())
        .collect();
    let mut sent: Vec<Value> = Vec::new();
    for entry in std::fs::read_dir(app.mail_dir()).into_iter().flatten() {
        let path = entry.unwrap().path();
        let raw = std::fs::read(&path).unwrap();
        let parsed = mailparse::parse_mail(&raw).expect("a parsable message");
        let header = |k: &str| {
            parsed
                .headers
                .iter()
                .find(|h| h.get_key().eq_ignore_ascii_case(k))
                .map(|h| h.get_value())
                .unwrap_or_default()
        };
        let to = header("to");
        if !addresses.iter().any(|a| to.contains(a)) {
            continue;
        }
        let mut parts = Vec::new();
        fn walk(p: &mailparse::ParsedMail, out: &mut Vec<(String, String)>) {
            if p.subparts.is_empty() {
                // A picture's pixels carry the game's name (`Dreams #9d6819`), which differs
                // per run: it is compared as the SVG the board endpoint draws instead.
                let body = if p.ctype.mimetype.starts_with("text/") {
                    p.get_body().unwrap()
                } else {
                    "<picture>".to_string()
                };
                out.push((p.ctype.mimetype.clone(), body));
            }
            for s in &p.subparts {
                walk(s, out);
            }
        }
        walk(&parsed, &mut parts);
        if !parts.iter().any(|(_, body)| body.contains(id)) {
            continue; // the other run's game
        }
        sent.push(normalise(
            &json!({"to": to, "subject": header("subject"), "parts": parts}),
            id,
        ));
    }
    sent.sort_by_key(|m| m.to_string());
    mail.extend(sent);
    let last = play(app, id, &players[1], seq, &json!({"pass": true})).await;
    let reveal = event(&last["events"], "revealed")
        .expect("the round is revealed")
        .clone();
    Run { rec, mail, reveal }
}

api_test!(
    async fn the_same_game_with_another_mortal_looks_byte_for_byte_the_same_to_a_third_seat_and_a_spectator(app) {
        let players = players(&app, 4).await;
        let watcher = app.player("watcher").await;
        // A seed whose round-1 mortal is seat 0 or 1; run B moves the mortal to the other.
        let k = (1u64..)
            .find(|&k| Dreams::new(Seed::from_u64(k), 4, DreamsOptions::default()).unwrap().secret_mortal() < 2)
            .unwrap();
        let mortal = Dreams::new(Seed::from_u64(k), 4, DreamsOptions::default()).unwrap().secret_mortal();
        let a = secret_run(&app, &players, &watcher, k, mortal).await;
        let b = secret_run(&app, &players, &watcher, k, 1 - mortal).await;
        // The runs really differ where they may: the reveal names another mortal.
        assert_eq!(a.reveal["mortal"], mortal);
        assert_eq!(b.reveal["mortal"], 1 - mortal);
        assert_ne!(a.reveal["points"], b.reveal["points"]);
        assert_eq!(a.rec.len(), b.rec.len());
        for (x, y) in a.rec.iter().zip(&b.rec) {
            assert_eq!(x, y, "D-S1: what a third seat or a spectator received differs with the mortal");
        }
        let board = a.rec.iter().filter(|g| g.what.contains("board.svg")).map(|g| g.status).collect::<Vec<_>>();
        println!(
            "D-S1: {} answers compared; board.svg answered {:?}; {} mails compared",
            a.rec.len(),
            board.first(),
            a.mail.len()
        );
        assert_eq!(a.mail.len(), b.mail.len(), "D-S1: the third seats' mail count differs with the mortal");
        for (x, y) in a.mail.iter().zip(&b.mail) {
            assert_eq!(x, y, "D-S1: the mail of a third seat differs with the mortal");
        }
    }
);

// ---------------------------------------------------------------------------------------
// 4. Timeouts in both phases

/// Monday 2 March 2026, 05:00 UTC.
fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-02T05:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn slow_scheduler(s: &mut hermes_api::config::Settings) {
    s.scheduler_tick_ms = 3_600_000;
}

/// A test on SQLite and on Postgres with a `ManualClock` at [`start`]; only the test's own
/// ticks act.
macro_rules! dreams_clock_test {
    (async fn $name:ident($app:ident, $clock:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: TestApp, $clock: Arc<ManualClock>) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let clock = ManualClock::new(start());
                let app = TestApp::sqlite_clocked(clock.clone(), slow_scheduler).await;
                run(app, clock).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let clock = ManualClock::new(start());
                if let Some(app) = TestApp::postgres_clocked(clock.clone(), slow_scheduler).await {
                    run(app, clock).await
                }
            }
        }
    };
}

async fn tick_once(app: &TestApp) -> hermes_api::scheduler::TickReport {
    tick(&app.state).await.expect("the tick runs")
}

fn at(v: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(v.as_str().unwrap_or_else(|| panic!("not a time: {v}")))
        .unwrap()
        .with_timezone(&Utc)
}

/// The due time of `seat`'s clock, as the game's summary lists it.
fn due(g: &Value, seat: usize) -> Option<(DateTime<Utc>, bool)> {
    g["deadlines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["seat"] == seat)
        .map(|d| (at(&d["due_at"]), d["expired"] == true))
}

/// The stars phase played out by the players from sequence `seq`, dealer first; returns
/// the sequence after it.
async fn place_all_stars(app: &TestApp, id: &str, players: &[Player], mut seq: i64) -> i64 {
    loop {
        let g = summary(app, id, &players[0]).await;
        assert_eq!(g["seq"], seq);
        if g["view"]["phase"] != "stars" {
            return seq;
        }
        let seat = g["to_act"][0].as_u64().unwrap() as usize;
        let legal = legal(app, id, &players[seat]).await;
        let mut rng = ChaCha8Rng::seed_from_u64(seq as u64);
        play(
            app,
            id,
            &players[seat],
            seq,
            &choose(&legal["legal"], &mut rng, 0),
        )
        .await;
        seq += 1;
    }
}

async fn guess(app: &TestApp, id: &str, p: &Player, seq: i64) -> Value {
    let legal = legal(app, id, p).await;
    let mut rng = ChaCha8Rng::seed_from_u64(seq as u64);
    play(app, id, p, seq, &choose(&legal["legal"], &mut rng, 0)).await
}

dreams_clock_test! {
    async fn auto_pass_passes_a_late_star_seals_no_guess_for_a_late_guess_and_the_next_dealer_gets_a_fresh_clock(app, clock) {
        let players = players(&app, 3).await;
        let id = dreams_game(&app, &players, json!({"turn_hours": 1}), Some(&clock)).await;
        let g = summary(&app, &id, &players[0]).await;
        assert_eq!(g["timeout_policy"], "auto_pass");
        assert_eq!(due(&g, 0), Some((clock.now() + Duration::hours(1), false)));

        // The stars phase: seat 0's time runs out; its star is a pass (D-R4).
        clock.advance(Duration::hours(1) - Duration::seconds(1));
        assert_eq!(tick_once(&app).await.passed, 0);
        clock.advance(Duration::seconds(1));
        let report = tick_once(&app).await;
        assert_eq!(report.passed, 1, "{report:?}");
        let (_, log) = app.get(&format!("/games/{id}/log"), &players[1].token).await;
        let e = &log["entries"][0];
        assert_eq!((e["seq"].as_i64(), e["seat"].as_i64()), (Some(1), Some(0)), "{e}");
        assert_eq!(e["source"], "timeout");
        assert_eq!(e["turn"], json!({"pass": true}));
        assert_eq!(e["notation"], "pass");
        assert_eq!(e["sealed"], false, "a pass among the stars is public");
        assert_eq!(types(&e["events"]), ["star_passed"], "{e}");
        assert_eq!(event(&e["events"], "star_passed").unwrap()["kind"], "clear");
        let g = summary(&app, &id, &players[1]).await;
        assert_eq!(g["to_act"], json!([1]));
        assert_eq!(due(&g, 1), Some((clock.now() + Duration::hours(1), false)));
        assert_eq!(tick_once(&app).await.passed, 0, "the next seat's time is its own");

        // The guess phase: every seat's clock starts when the last star is placed.
        let seq = place_all_stars(&app, &id, &players, 1).await;
        let guess_start = clock.now();
        let g = summary(&app, &id, &players[0]).await;
        assert_eq!(g["to_act"], json!([0, 1, 2]));
        for seat in 0..3 {
            assert_eq!(due(&g, seat), Some((guess_start + Duration::hours(1), false)), "{g}");
        }
        clock.advance(Duration::minutes(10));
        guess(&app, &id, &players[0], seq).await;
        guess(&app, &id, &players[2], seq + 1).await;
        // Seat 1, who deals round 2 (D-R3), is the last to guess and runs out of time: its
        // guess is "no guess", and the timeout's entry reveals the round.
        clock.advance(Duration::minutes(50));
        let report = tick_once(&app).await;
        assert_eq!(report.passed, 1, "{report:?}");
        let entries = whole_log(&app, &id, &players[0], false).await;
        let e = entries.last().unwrap();
        assert_eq!((e["seq"].as_i64(), e["seat"].as_i64()), (Some(seq + 3), Some(1)), "{e}");
        assert_eq!(e["source"], "timeout");
        assert_eq!(e["sealed"], true, "another seat's guess phase entry stays sealed: {e}");
        assert!(e["turn"].is_null() && e["notation"].is_null(), "{e}");
        let rev = event(&e["events"], "revealed").expect("the timeout reveals the round");
        assert_eq!(rev["round"], 1);
        assert_eq!(rev["guesses"][1], Value::Null, "a timed-out guess is no guess");
        let sealed = event(&e["events"], "guess_sealed").unwrap();
        assert_eq!(sealed["seat"], 1);
        assert_eq!(commitment(1, 1, &Value::Null, rev["salts"][1].as_str().unwrap()), sealed["commitment"].as_str().unwrap());
        let dealt = event(&e["events"], "round_dealt").expect("round 2 is dealt");
        assert_eq!(dealt["dealer"], 1);
        let own = whole_log(&app, &id, &players[1], false).await;
        let mine = own.last().unwrap();
        assert_eq!(mine["turn"], json!({"pass": true}), "{mine}");
        assert_eq!(mine["notation"], "pass");
        let won = points(rev["mortal"].as_u64().unwrap() as usize, rev["vision"].as_u64().unwrap(), rev["guesses"].as_array().unwrap());
        assert_eq!(rev["points"], json!(won));
        // The dealer's wait begins anew: a fresh clock, not the one that just ran out.
        let g = summary(&app, &id, &players[1]).await;
        assert_eq!(g["to_act"], json!([1]));
        assert_eq!(g["deadlines"].as_array().unwrap().len(), 1, "{g}");
        assert_eq!(due(&g, 1), Some((clock.now() + Duration::hours(1), false)), "{g}");
        assert_eq!(at(&g["deadline"]), clock.now() + Duration::hours(1));
        let report = tick_once(&app).await;
        assert_eq!(report.passed, 0, "the new dealer was passed at once: {report:?}");

        // Round 2: seat 2 deals round 3 and guesses last, by itself, 40 minutes into the
        // phase: its clock for the first star of round 3 starts then.
        let seq = place_all_stars(&app, &id, &players, seq + 3).await;
        let g = summary(&app, &id, &players[0]).await;
        if g["status"] == "running" {
            clock.advance(Duration::minutes(5));
            guess(&app, &id, &players[0], seq).await;
            guess(&app, &id, &players[1], seq + 1).await;
            clock.advance(Duration::minutes(35));
            let last = guess(&app, &id, &players[2], seq + 2).await;
            assert!(event(&last["events"], "revealed").is_some(), "{last}");
            let g = summary(&app, &id, &players[2]).await;
            assert_eq!(g["to_act"], json!([2]));
            assert_eq!(due(&g, 2), Some((clock.now() + Duration::hours(1), false)), "{g}");
            clock.advance(Duration::minutes(30));
            assert_eq!(tick_once(&app).await.passed, 0, "the dealer's old guess clock ran on");
        }
    }
}

dreams_clock_test! {
    async fn policy_wait_marks_late_guesses_expired_and_still_takes_them(app, clock) {
        let players = players(&app, 3).await;
        let id = dreams_game(&app, &players, json!({"turn_hours": 2, "timeout_policy": "wait"}), Some(&clock)).await;
        let seq = place_all_stars(&app, &id, &players, 0).await;
        assert_eq!(seq, 9);
        let guess_start = clock.now();
        guess(&app, &id, &players[0], seq).await;
        let g = summary(&app, &id, &players[1]).await;
        assert_eq!(g["to_act"], json!([1, 2]));
        assert_eq!(due(&g, 0), None, "a sealed guess stops its clock");
        clock.advance(Duration::hours(2));
        let report = tick_once(&app).await;
        assert_eq!((report.expired, report.passed), (2, 0), "{report:?}");
        assert_eq!(tick_once(&app).await.expired, 0, "each deadline expires once");
        let entries = whole_log(&app, &id, &players[0], false).await;
        assert_eq!(entries.len(), 10, "wait played nothing");
        let g = summary(&app, &id, &players[1]).await;
        assert_eq!(g["to_act"], json!([1, 2]));
        for seat in [1, 2] {
            assert_eq!(due(&g, seat), Some((guess_start + Duration::hours(2), true)), "{g}");
        }
        // Told once each, by the timeout mail of policy wait.
        let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
        let mut conn = pool.get().expect("a connection");
        let rows: Vec<OutboxRow> = outbox::table
            .filter(outbox::template.eq("timeout"))
            .select(OutboxRow::as_select())
            .load(&mut conn)
            .expect("read the outbox");
        for p in &players[1..] {
            let mine: Vec<_> = rows.iter().filter(|m| m.user_id.as_deref() == Some(&p.id)).collect();
            assert_eq!(mine.len(), 1, "{rows:?}");
            let data: Value = serde_json::from_str(&mine[0].data).unwrap();
            assert_eq!(data["policy"], "wait");
        }
        // The late guesses are taken; the last reveals the round.
        clock.advance(Duration::hours(5));
        guess(&app, &id, &players[1], seq + 1).await;
        let g = summary(&app, &id, &players[2]).await;
        assert_eq!(g["to_act"], json!([2]));
        assert_eq!(due(&g, 1), None, "the late guess cleared its clock: {g}");
        assert_eq!(due(&g, 2), Some((guess_start + Duration::hours(2), true)), "{g}");
        let last = guess(&app, &id, &players[2], seq + 2).await;
        let rev = event(&last["events"], "revealed").expect("the last guess reveals");
        assert_eq!(rev["round"], 1);
        let entries = whole_log(&app, &id, &players[0], false).await;
        assert!(entries.iter().all(|e| e["source"] == "player"));
        let g = summary(&app, &id, &players[1]).await;
        assert_eq!(g["to_act"], json!([1]));
        assert_eq!(due(&g, 1), Some((clock.now() + Duration::hours(2), false)), "{g}");
    }
}

api_test!(
    async fn a_guess_based_on_a_sequence_another_server_moved_past_still_lands_here(app) {
        let n = 4;
        let players = players(&app, n).await;
        let id = dreams_game(&app, &players, json!({}), None).await;
        let mut seq = 0;
        for (seat, turn) in script_stars(n) {
            play(&app, &id, &players[seat], seq, &turn).await;
            seq += 1;
        }
        // This server wrote the last star: it keeps the game's row at `seq` in memory.
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let first = choose(&legal(&app, &id, &players[0]).await["legal"], &mut rng, 0);
        let second = choose(&legal(&app, &id, &players[1]).await["legal"], &mut rng, 0);
        // Seat 0 guesses through another server on the same database.
        let other = app.twin().await;
        let (status, _, body) = submit(&other, &id, &players[0], seq, &first, false, None).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["seq"], seq + 1);
        // Seat 1's guess, based on the same sequence, still holds (it has waited since
        // then and not acted): this server, whose row in memory is out of date, takes it.
        let (status, _, body) = submit(&app, &id, &players[1], seq, &second, false, None).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["seq"], seq + 2, "{body}");
    }
);

api_test!(
    async fn refusals_the_rules_name_carry_the_rule_out_of_turn_a_malformed_star_and_a_second_sealed_guess(app) {
        let n = 3;
        let players = players(&app, n).await;
        let id = dreams_game(&app, &players, json!({}), None).await;
        let star = |kind: &str, x: i64| json!({"star": {"kind": kind, "x": x, "y": 5}});
        // Out of turn in the stars phase: still 409 `not_your_turn`, with D-R4.
        let (status, _, refused) = submit(&app, &id, &players[1], 0, &star("clear", 5), false, None).await;
        assert_eq!((status, refused["code"].as_str()), (StatusCode::CONFLICT, Some("not_your_turn")), "{refused}");
        assert_eq!(refused["rule"], "D-R4", "{refused}");
        assert_eq!(refused["to_act"], json!([0]), "{refused}");
        assert!(refused["detail"].as_str().unwrap().starts_with("D-R4: it is seat 0's turn"), "{refused}");
        let (status, legal) = app.get(&format!("/games/{id}/legal"), &players[1].token).await;
        assert_eq!((status, legal["rule"].as_str()), (StatusCode::CONFLICT, Some("D-R4")), "{legal}");
        // A star that is not one: still 422 `invalid_turn`, with D-R4, as a star beyond
        // the sky's side is a D-R4 `rule_violation`.
        for bad in [star("clear", -1), star("purple", 5), json!({"star": {"kind": "clear", "x": 5}})] {
            let (status, _, refused) = submit(&app, &id, &players[0], 0, &bad, false, None).await;
            assert_eq!((status, refused["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_turn")), "{bad}: {refused}");
            assert_eq!(refused["rule"], "D-R4", "{bad}: {refused}");
        }
        let (status, _, refused) = submit(&app, &id, &players[0], 0, &json!({"guess": {"image": 9000}}), false, None).await;
        assert_eq!((status, refused["rule"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("D-R5")), "{refused}");
        let (status, _, refused) = submit(&app, &id, &players[0], 0, &star("clear", 101), false, None).await;
        assert_eq!((status, refused["code"].as_str(), refused["rule"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("rule_violation"), Some("D-R4")), "{refused}");
        // Another fault is no rule's.
        let (status, _, refused) = submit(&app, &id, &players[0], 0, &json!({"sing": true}), false, None).await;
        assert_eq!((status, refused["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_turn")), "{refused}");
        assert_eq!(refused.get("rule"), None, "{refused}");
        // Every star out; then seat 0 seals its guess ("no guess": any role may) and
        // sends another: D-R5, as docs/players/dreams-decisions.md words it.
        let mut seq = 0;
        for (seat, turn) in script_stars(n) {
            play(&app, &id, &players[seat], seq, &turn).await;
            seq += 1;
        }
        play(&app, &id, &players[0], seq, &json!({"pass": true})).await;
        seq += 1;
        let (status, _, refused) = submit(&app, &id, &players[0], seq, &json!({"pass": true}), false, None).await;
        assert_eq!((status, refused["code"].as_str()), (StatusCode::CONFLICT, Some("not_your_turn")), "{refused}");
        assert_eq!(refused["rule"], "D-R5", "{refused}");
        assert!(refused["detail"].as_str().unwrap().starts_with("D-R5: you have already sealed your guess this round"), "{refused}");
        assert_eq!(refused["to_act"], json!([1, 2]), "{refused}");
    }
);
