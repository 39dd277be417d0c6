//! Stored games of Dreams must keep loading and replaying after the crate changes (issue
//! 15: the generator became versioned). `fixtures/dreams_format_1.json` holds three whole
//! games (seed, seats, options, turns, final state) written by the crate as it was before
//! ChaCha20 existed (commit 2a4bf92, `Dreams::new` with xoshiro256**). Never regenerate it
//! to make this test pass: a failure means old games would no longer load or replay.

#![allow(
    clippy::unwrap_used,
    reason = "a test: a failed unwrap is a failed test"
)]

use games::dreams::{Dreams, DreamsOptions, DreamsTurn};
use games::{Game, Generator, Seed};
use serde_json::Value;

fn fixtures() -> Vec<Value> {
    serde_json::from_str(include_str!("fixtures/dreams_format_1.json")).unwrap()
}

fn turns(game: &Value) -> Vec<(usize, DreamsTurn)> {
    game["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["seat"].as_u64().unwrap() as usize,
                serde_json::from_value(t["turn"].clone()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_stored_dreams_state_from_before_chacha20_loads_and_serializes_back_unchanged() {
    for game in fixtures() {
        let stored = game["final_state"].clone();
        let loaded = Dreams::from_json(stored.clone()).unwrap();
        assert_eq!(serde_json::to_value(&loaded).unwrap(), stored);
        assert!(
            loaded.outcome().is_some(),
            "the fixture games were played to the end"
        );
    }
}

#[test]
fn a_stored_dreams_log_from_before_chacha20_replays_to_the_stored_state() {
    for game in fixtures() {
        let seed: Seed = serde_json::from_value(game["seed"].clone()).unwrap();
        let seats = game["seats"].as_u64().unwrap() as usize;
        let options: DreamsOptions = serde_json::from_value(game["options"].clone()).unwrap();
        let log = turns(&game);
        let replayed = Dreams::replay(seed, seats, options.clone(), &log).unwrap();
        assert_eq!(
            serde_json::to_value(&replayed).unwrap(),
            game["final_state"]
        );
        // Through the registry too, as the service replays (seed scheme 1).
        let json_log: Vec<(usize, Value)> = log
            .iter()
            .map(|(s, t)| (*s, serde_json::to_value(t).unwrap()))
            .collect();
        let kind = games::registry::kind("dreams").unwrap();
        let options = serde_json::to_value(&options).unwrap();
        let via = kind
            .replay_with(
                seed,
                Generator::Xoshiro256StarStar,
                seats,
                &options,
                &json_log,
            )
            .unwrap();
        assert_eq!(via.state(), game["final_state"]);
    }
}
