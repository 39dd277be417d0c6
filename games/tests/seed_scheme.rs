//! Seed scheme 2 (issue 15): the game's seed is derived from the server's seed and every
//! player's seed, and the game draws from ChaCha20. `fixtures/seed_scheme_2.json` pins the
//! derivation, the generator's first outputs, a Gods pile and a Dreams first deal for fixed
//! seeds, so every platform and every later build computes the same game
//! (`docs/players/replay.md`, `docs/examples/replay_draws.py`). Never regenerate it to make this
//! test pass: a failure means games already played would replay differently.
//! (It was written once with `HERMES_BLESS_SEED_SCHEME=1`.)

#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "a test: a failed unwrap is a failed test"
)]

use games::dreams::Dreams;
use games::gods::Gods;
use games::rng::derive_game_seed;
use games::{Game, Generator, Rng, Seed, SeedScheme};
use serde_json::{json, Value};

const SERVER_SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const PLAYER_SEEDS: [&str; 3] = [
    "alice rolls the dice",
    "bob: ψ 🎲",
    "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
];

fn server() -> Seed {
    SERVER_SEED.parse().unwrap()
}

/// Everything the fixture pins, computed by this build.
fn computed(server: &Seed, players: &[&str]) -> Value {
    let game_seed = SeedScheme::PlayersV2.game_seed(server, players);
    let mut rng = Rng::chacha20(&game_seed);
    let outputs: Vec<String> = (0..8).map(|_| format!("{:016x}", rng.next_u64())).collect();
    let gods = Gods::new_with(
        game_seed,
        Generator::ChaCha20,
        players.len(),
        Default::default(),
    )
    .unwrap();
    let gods = serde_json::to_value(&gods).unwrap();
    let dreams = Dreams::new_with(
        game_seed,
        Generator::ChaCha20,
        players.len(),
        Default::default(),
    )
    .unwrap();
    let dreams = serde_json::to_value(&dreams).unwrap();
    json!({
        "server_seed": server,
        "player_seeds": players,
        "game_seed": game_seed,
        "chacha20_first_u64": outputs,
        "gods": { "seats": players.len(), "pile": gods["pile"], "display": gods["display"] },
        "dreams": {
            "seats": players.len(),
            "deck": dreams["deck"],
            "round_1": {
                "cards": dreams["round"]["cards"],
                "vision": dreams["round"]["vision"],
                "mortal": dreams["round"]["mortal"],
            },
        },
    })
}

#[test]
fn the_same_seeds_give_the_same_game_on_every_platform() {
    let now = computed(&server(), &PLAYER_SEEDS);
    if std::env::var_os("HERMES_BLESS_SEED_SCHEME").is_some() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/seed_scheme_2.json"
        );
        std::fs::write(path, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
    }
    let pinned: Value = serde_json::from_str(include_str!("fixtures/seed_scheme_2.json")).unwrap();
    assert_eq!(now, pinned);
}

#[test]
fn the_derivation_is_the_documented_hmac() {
    // docs/players/replay.md: HMAC-SHA256(server seed, "hermes/game-seed/v2" ‖ u32le(n) ‖ for each
    // seat u32le(len) ‖ bytes).
    let mut message = b"hermes/game-seed/v2".to_vec();
    message.extend_from_slice(&3u32.to_le_bytes());
    for p in PLAYER_SEEDS {
        message.extend_from_slice(&(p.len() as u32).to_le_bytes());
        message.extend_from_slice(p.as_bytes());
    }
    let mac = games::rng::hmac_sha256(&server().0, &message);
    assert_eq!(derive_game_seed(&server(), &PLAYER_SEEDS), Seed(mac));
}

#[test]
fn changing_any_one_players_seed_changes_the_game() {
    let base = computed(&server(), &PLAYER_SEEDS);
    for i in 0..PLAYER_SEEDS.len() {
        let changed: Vec<String> = PLAYER_SEEDS
            .iter()
            .enumerate()
            .map(|(j, s)| {
                if i == j {
                    format!("{s}.")
                } else {
                    s.to_string()
                }
            })
            .collect();
        let changed: Vec<&str> = changed.iter().map(String::as_str).collect();
        let other = computed(&server(), &changed);
        assert_ne!(other["game_seed"], base["game_seed"], "seat {i}");
        assert_ne!(other["gods"]["pile"], base["gods"]["pile"], "seat {i}");
        assert_ne!(other["dreams"]["deck"], base["dreams"]["deck"], "seat {i}");
    }
    // Seat order counts, and so do the boundaries between seeds.
    let swapped = [PLAYER_SEEDS[1], PLAYER_SEEDS[0], PLAYER_SEEDS[2]];
    assert_ne!(
        computed(&server(), &swapped)["game_seed"],
        base["game_seed"]
    );
    assert_ne!(
        derive_game_seed(&server(), &["ab", "c"]),
        derive_game_seed(&server(), &["a", "bc"])
    );
    // And the server's seed.
    let other_server = Seed::from_u64(5);
    assert_ne!(
        computed(&other_server, &PLAYER_SEEDS)["game_seed"],
        base["game_seed"]
    );
}

#[test]
fn a_chacha20_game_replays_and_reloads_with_its_generator() {
    let seed = derive_game_seed(&server(), &PLAYER_SEEDS);
    let mut rng = Rng::from_seed(&Seed::from_u64(77));
    let (game, log) = games::gods::random::random_game_with(
        seed,
        Generator::ChaCha20,
        3,
        Default::default(),
        &mut rng,
    )
    .unwrap();
    let replayed =
        Gods::replay_with(seed, Generator::ChaCha20, 3, Default::default(), &log).unwrap();
    assert_eq!(replayed, game);
    let stored = serde_json::to_value(&game).unwrap();
    assert_eq!(stored["rng"]["generator"], "chacha20");
    assert_eq!(Gods::from_json(stored).unwrap(), game);
    // The same seed with the old generator is another game.
    let old = Gods::new(seed, 3, Default::default()).unwrap();
    let new = Gods::new_with(seed, Generator::ChaCha20, 3, Default::default()).unwrap();
    assert_ne!(
        serde_json::to_value(&old).unwrap()["pile"],
        serde_json::to_value(&new).unwrap()["pile"]
    );
}
