//! Stored games must keep loading and replaying after the crate changes (issue 2, item 5).
//! `fixtures/gods_format_1.json` was written by this crate at state format 1: three whole
//! games (seed, seats, options, turns, final state). Never regenerate it to make this test
//! pass: a failure here means old games in the database would no longer load or replay.

#![allow(
    clippy::unwrap_used,
    reason = "a test: a failed unwrap is a failed test"
)]

use games::gods::{Gods, GodsOptions, GodsTurn};
use games::{Game, Seed};
use serde_json::Value;

fn fixtures() -> Vec<Value> {
    serde_json::from_str(include_str!("fixtures/gods_format_1.json")).unwrap()
}

#[test]
fn a_stored_format_1_state_still_loads_and_serializes_back_unchanged() {
    for game in fixtures() {
        let stored = game["final_state"].clone();
        let loaded = Gods::from_json(stored.clone()).unwrap();
        assert_eq!(serde_json::to_value(&loaded).unwrap(), stored);
        assert!(loaded.is_over(), "the fixture games were played to the end");
    }
}

#[test]
fn a_stored_format_1_log_still_replays_to_the_stored_state() {
    for game in fixtures() {
        let seed: Seed = serde_json::from_value(game["seed"].clone()).unwrap();
        let seats = game["seats"].as_u64().unwrap() as usize;
        let options: GodsOptions = serde_json::from_value(game["options"].clone()).unwrap();
        let turns: Vec<(usize, GodsTurn)> = game["turns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["seat"].as_u64().unwrap() as usize,
                    serde_json::from_value(t["turn"].clone()).unwrap(),
                )
            })
            .collect();
        let replayed = Gods::replay(seed, seats, options, &turns).unwrap();
        assert_eq!(
            serde_json::to_value(&replayed).unwrap(),
            game["final_state"]
        );
    }
}

#[test]
fn a_state_of_an_unknown_future_format_is_refused_with_a_clear_error() {
    let mut state = fixtures()[0]["final_state"].clone();
    state["format"] = 99.into();
    let err = Gods::from_json(state).unwrap_err().to_string();
    assert!(err.contains("unknown state format 99"), "{err}");
}
