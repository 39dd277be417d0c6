//! `hermes verify GAME_ID`: check a finished game from what a server publishes, as any
//! player could (`docs/players/replay.md`).
//!
//! Owns: fetching a game's public data over the API ([`fetch`]) and checking it
//! ([`check`]): the revealed seed against its commitment, the engine's seed derived again
//! from the server's seed and every player's seed, the whole log replayed with the rules
//! engine, the outcome and the final public view compared with the server's.
//! Must not: read the database or trust anything but the public data and the engine.

use ::games::registry::{self, AnyGame};
use ::games::{Seed, SeedScheme, Viewer};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// What went wrong: the server could not be asked, or the game does not check out.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("fetching {url}: {message}")]
    Fetch { url: String, message: String },
    #[error("the game is not over yet: its seed is still secret")]
    NotOver,
    #[error("FAILED: {0}")]
    Mismatch(String),
}

/// A game's public data: `GET /games/{id}?as=spectator` and its whole log.
#[derive(Debug, Clone)]
pub struct Published {
    pub game: Value,
    /// The log's entries in order (`GET /games/{id}/log`, every page).
    pub log: Vec<Value>,
}

/// Fetch game `id` from the server at `base_url` with a bearer `token`.
pub async fn fetch(base_url: &str, token: &str, id: &str) -> Result<Published, VerifyError> {
    let base = base_url.trim_end_matches('/');
    let client = reqwest::Client::new();
    let get = |url: String| {
        let client = client.clone();
        async move {
            let failed = |message: String| VerifyError::Fetch {
                url: url.clone(),
                message,
            };
            let res = client
                .get(&url)
                .bearer_auth(token)
                .send()
                .await
                .map_err(|e| failed(e.to_string()))?;
            let status = res.status();
            let body: Value = res.json().await.map_err(|e| failed(e.to_string()))?;
            if !status.is_success() {
                return Err(failed(format!("{status}: {body}")));
            }
            Ok(body)
        }
    };
    let game = get(format!("{base}/games/{id}?as=spectator")).await?;
    let mut log = Vec::new();
    let mut since = 0i64;
    loop {
        let page = get(format!("{base}/games/{id}/log?since={since}&limit=500")).await?;
        let entries = page["entries"].as_array().cloned().unwrap_or_default();
        if entries.is_empty() {
            break;
        }
        since = page["next_since"].as_i64().unwrap_or(i64::MAX);
        log.extend(entries);
    }
    Ok(Published { game, log })
}

/// Check a finished game; returns a report of what was checked, line by line.
pub fn check(published: &Published) -> Result<String, VerifyError> {
    let game = &published.game;
    let bad = |m: String| VerifyError::Mismatch(m);
    let mut report = String::new();
    if game["status"] != "over" {
        return Err(VerifyError::NotOver);
    }
    let seed_hex = game["seed"].as_str().ok_or(VerifyError::NotOver)?;
    let server: Seed = seed_hex
        .parse()
        .map_err(|e| bad(format!("the revealed seed: {e}")))?;
    let commitment = hex::encode(Sha256::digest(server.0));
    if game["seed_commitment"].as_str() != Some(commitment.as_str()) {
        return Err(bad(format!(
            "sha256(seed) is {commitment}, the commitment published at creation is {}",
            game["seed_commitment"]
        )));
    }
    let _ = writeln!(report, "ok  sha256(seed) equals the seed commitment");

    let number = game["seed_scheme"].as_i64().unwrap_or(1);
    let scheme = SeedScheme::from_number(number)
        .ok_or_else(|| bad(format!("unknown seed scheme {number}")))?;
    let mut players: Vec<&Value> = game["players"]
        .as_array()
        .map(|p| p.iter().collect())
        .unwrap_or_default();
    players.sort_by_key(|p| p["seat"].as_i64());
    let mut player_seeds = Vec::with_capacity(players.len());
    for p in &players {
        match (scheme, p["player_seed"].as_str()) {
            (_, Some(s)) => player_seeds.push(s.to_string()),
            (SeedScheme::ServerOnly, None) => player_seeds.push(String::new()),
            (SeedScheme::PlayersV2, None) => {
                return Err(bad(format!("seat {} has no published seed", p["seat"])))
            }
        }
    }
    let game_seed = scheme.game_seed(&server, &player_seeds);
    if let Some(published_seed) = game["game_seed"].as_str() {
        if published_seed != game_seed.to_hex() {
            return Err(bad(format!(
                "the game seed derived from the seeds is {game_seed}, the server says {published_seed}"
            )));
        }
    }
    let _ = writeln!(
        report,
        "ok  seed scheme {number}: game seed {game_seed} from the server's seed and {} player seed(s)",
        player_seeds.len()
    );

    let kind_name = game["kind"].as_str().unwrap_or_default();
    let kind =
        registry::kind(kind_name).ok_or_else(|| bad(format!("unknown kind {kind_name:?}")))?;
    let turns = published
        .log
        .iter()
        .map(|e| {
            let seat = e["seat"]
                .as_u64()
                .and_then(|s| usize::try_from(s).ok())
                .ok_or_else(|| bad(format!("log entry {} has no seat", e["seq"])))?;
            Ok((seat, e["turn"].clone()))
        })
        .collect::<Result<Vec<_>, VerifyError>>()?;
    let replayed: Box<dyn AnyGame> = kind
        .replay_with(
            game_seed,
            scheme.generator(),
            players.len(),
            &game["options"],
            &turns,
        )
        .map_err(|e| bad(format!("the log does not replay: {e}")))?;
    let _ = writeln!(report, "ok  the {} turns of the log replay", turns.len());

    let outcome = serde_json::to_value(replayed.outcome()).unwrap_or(Value::Null);
    if outcome != game["outcome"] {
        return Err(bad(format!(
            "the replayed outcome is {outcome}, the server says {}",
            game["outcome"]
        )));
    }
    let view = replayed.view(Viewer::Spectator);
    if view != game["view"] {
        return Err(bad(
            "the replayed final state does not look like the server's (spectator view)".into(),
        ));
    }
    let _ = writeln!(
        report,
        "ok  the replayed outcome and final view equal the server's: scores {}",
        outcome["scores"]
    );
    Ok(report)
}
