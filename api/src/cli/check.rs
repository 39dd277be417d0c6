//! `hermes check games`: would the games in the database still play the same on this
//! binary's rules engines? The guard against a rules fix breaking games in progress
//! (`docs/operators/operations.md`).
//!
//! Owns: replaying each started game's log from its seed on the current engine, one entry
//! at a time, and comparing what it computes with what was stored when the game was
//! played: each entry applies and yields the stored events (and the same sealing), the
//! snapshot (`games.state`) equals the state at its sequence, and the game's seats to act
//! and outcome are the engine's at the end.
//! Must not: write anything (its connection is read-only: [`crate::store::open_read_only`]),
//! nor hold more than one game and one page of its log in memory.

use crate::config::Settings;
use crate::play::turn::without_forfeited;
use crate::store::games as store;
use crate::store::models::{Game, Seat, OVER, RUNNING};
use crate::store::{DbConn, StartupError, StoreError};
use ::games::registry::{self, AnyGame, GameKind};
use ::games::Visibility;
use serde_json::Value;
use std::fmt;
use std::io::Write;

/// Games read per page of ids, and log entries per page of a game's log.
const GAMES_PER_PAGE: i64 = 500;
const TURNS_PER_PAGE: i64 = 1000;

/// Why the check could not be run (not: a game that differs, which is its finding).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Startup(#[from] StartupError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot write the report: {0}")]
    Io(#[from] std::io::Error),
}

impl From<diesel::result::Error> for CheckError {
    fn from(e: diesel::result::Error) -> CheckError {
        CheckError::Store(e.into())
    }
}

/// A game that would now play differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    pub id: String,
    pub kind: String,
    pub status: String,
    /// The engine version it was created with (`None`: before versions were recorded).
    pub recorded: Option<i64>,
    /// This binary's version of the kind's engine (`None`: the kind is unknown to it).
    pub current: Option<u32>,
    /// The first log entry that differs (`None`: the set-up or the game's row at the end).
    pub seq: Option<i64>,
    /// How it differs.
    pub what: String,
}

impl fmt::Display for Changed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let recorded = self
            .recorded
            .map_or_else(|| "unknown".to_string(), |v| v.to_string());
        let current = self
            .current
            .map_or_else(|| "none".to_string(), |v| v.to_string());
        write!(
            f,
            "changed {} {} ({}, engine {recorded}, now {current}): ",
            self.id, self.kind, self.status
        )?;
        if let Some(seq) = self.seq {
            write!(f, "turn {seq}: ")?;
        }
        write!(f, "{}", self.what)
    }
}

/// What the check found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub running: u64,
    pub over: u64,
    pub changed: Vec<Changed>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "checked {} game(s) ({} running, {} over): ",
            self.running + self.over,
            self.running,
            self.over
        )?;
        match self.changed.len() {
            0 => write!(f, "none changed"),
            n => write!(f, "{n} changed"),
        }
    }
}

/// `hermes check games [--all]`: check every running game (and, with `all`, every finished
/// one) of the database the settings name; one line on `out` per game that differs, then
/// the summary.
pub fn games(settings: &Settings, all: bool, out: &mut impl Write) -> Result<Summary, CheckError> {
    let mut conn = crate::store::open_read_only(&settings.database_url.0, &settings.database)?;
    check_all(&mut conn, all, out)
}

/// [`games`] on an open connection.
pub fn check_all(
    conn: &mut DbConn,
    all: bool,
    out: &mut impl Write,
) -> Result<Summary, CheckError> {
    let mut summary = Summary::default();
    let mut after = String::new();
    loop {
        let ids = store::started_after(conn, &after, all, GAMES_PER_PAGE)?;
        let Some(last) = ids.last() else { break };
        after = last.clone();
        for id in ids {
            let Some((status, changed)) =
                crate::store::read_transaction(conn, |conn| check_game(conn, &id))?
            else {
                // Gone (or not started after all) since its id was read.
                continue;
            };
            match status.as_str() {
                OVER => summary.over += 1,
                _ => summary.running += 1,
            }
            if let Some(changed) = changed {
                writeln!(out, "{changed}")?;
                summary.changed.push(changed);
            }
        }
    }
    writeln!(out, "{summary}")?;
    Ok(summary)
}

/// Check one game: its status and what differs, if anything; `None` if it is not there
/// or not started.
fn check_game(
    conn: &mut DbConn,
    id: &str,
) -> Result<Option<(String, Option<Changed>)>, CheckError> {
    let Some(game) = store::game(conn, id)? else {
        return Ok(None);
    };
    if game.status != RUNNING && game.status != OVER {
        return Ok(None);
    }
    let seats = store::seats_in_order(conn, id)?;
    let kind = registry::kind(&game.kind);
    let changed = replay(conn, &game, &seats, kind)?
        .err()
        .map(|(seq, what)| Changed {
            id: game.id.clone(),
            kind: game.kind.clone(),
            status: game.status.clone(),
            recorded: game.engine_version,
            current: kind.map(|k| k.engine_version()),
            seq,
            what,
        });
    Ok(Some((game.status, changed)))
}

/// Where a game first differs: the log entry's sequence (`None`: not at an entry) and how.
type Difference = (Option<i64>, String);

/// Replay `game` from its seed, entry by entry, comparing as it goes. The outer error is
/// the database's; the inner one the first difference.
fn replay(
    conn: &mut DbConn,
    game: &Game,
    seats: &[Seat],
    kind: Option<&'static dyn GameKind>,
) -> Result<Result<(), Difference>, CheckError> {
    let differs = |what: String| Ok(Err((None, what)));
    let Some(kind) = kind else {
        return differs("no engine of this kind any more".into());
    };
    let player_seeds: Vec<String> = seats
        .iter()
        .map(|s| s.player_seed.clone().unwrap_or_default())
        .collect();
    let (seed, generator) = match game.engine_seed(&player_seeds) {
        Ok(s) => s,
        Err(e) => return differs(format!("its seed cannot be read: {e}")),
    };
    let options: Value = match serde_json::from_str(&game.options) {
        Ok(o) => o,
        Err(e) => return differs(format!("its options cannot be read: {e}")),
    };
    let Ok(seat_count) = usize::try_from(game.seat_count) else {
        return differs(format!("{} seats", game.seat_count));
    };
    let mut engine = match kind.new_game_with(seed, generator, seat_count, &options) {
        Ok(e) => e,
        Err(e) => return differs(format!("the set-up now fails: {e}")),
    };
    if game.state_seq == 0 {
        if let Some(what) = snapshot_differs(game, &*engine) {
            return Ok(Err((None, format!("the set-up {what}"))));
        }
    }
    let mut at = 0i64;
    while at < game.seq {
        let page = store::turns_page(conn, &game.id, at, game.seq, TURNS_PER_PAGE)?;
        if page.is_empty() {
            break;
        }
        for entry in page {
            let seq = entry.seq;
            let here = |what: String| Ok(Err((Some(seq), what)));
            if seq != at + 1 {
                return Ok(Err((Some(at + 1), "missing from the log".into())));
            }
            let (Ok(seat), Ok(turn)) = (
                usize::try_from(entry.seat),
                serde_json::from_str::<Value>(&entry.turn),
            ) else {
                return here(format!("seat {}: the turn cannot be read", entry.seat));
            };
            let who = format!("seat {seat}, {}, `{}`", entry.source, entry.notation);
            let sealed_for = match engine.turn_visibility(seat, &turn) {
                Visibility::Everyone => None,
                Visibility::Seat(s) => i64::try_from(s).ok(),
                Visibility::Nobody => Some(-1),
            };
            let applied = match engine.apply(seat, &turn) {
                Ok(a) => a,
                Err(e) => return here(format!("({who}) is now refused: {e}")),
            };
            let events = serde_json::to_value(&applied.events).unwrap_or(Value::Null);
            let stored: Value = serde_json::from_str(&entry.events).unwrap_or(Value::Null);
            if let Some((path, was, now)) = first_difference(&stored, &events) {
                return here(format!(
                    "({who}) its events differ at {path}: stored {was}, now {now}"
                ));
            }
            if sealed_for != entry.sealed_for {
                return here(format!(
                    "({who}) it was readable by {}, now by {}",
                    readers(entry.sealed_for),
                    readers(sealed_for)
                ));
            }
            engine = applied.game;
            at = seq;
            if seq == game.state_seq {
                if let Some(what) = snapshot_differs(game, &*engine) {
                    return here(format!("the snapshot {what}"));
                }
            }
            if engine.is_over() && seq < game.seq {
                return here(format!("the game would now end here, not at {}", game.seq));
            }
        }
    }
    if at != game.seq {
        return Ok(Err((
            Some(at + 1),
            format!("missing from the log (the game is at {})", game.seq),
        )));
    }
    Ok(end_differs(game, seats, &*engine).map_err(|what| (None, what)))
}

/// Who may read a turn sealed for `sealed_for` (`turns.sealed_for`) before the game ends.
fn readers(sealed_for: Option<i64>) -> String {
    match sealed_for {
        None => "everyone".into(),
        Some(-1) => "nobody".into(),
        Some(seat) => format!("seat {seat} alone"),
    }
}

/// How the stored snapshot differs from `engine`'s state, if it does (`None` also when
/// there is none to compare).
fn snapshot_differs(game: &Game, engine: &dyn AnyGame) -> Option<String> {
    let stored: Value = serde_json::from_str(game.state.as_deref()?).ok()?;
    first_difference(&stored, &engine.state())
        .map(|(path, was, now)| format!("differs at {path}: stored {was}, now {now}"))
}

/// The game's row at the end of its log against the engine: who must act, the outcome.
fn end_differs(game: &Game, seats: &[Seat], engine: &dyn AnyGame) -> Result<(), String> {
    let stored: Value = game
        .outcome
        .as_deref()
        .and_then(|o| serde_json::from_str(o).ok())
        .unwrap_or(Value::Null);
    if game.status == OVER && stored["aborted"] == true {
        // Aborted by a player before anyone moved (`crate::play::leave::abort`): ended by
        // the service, not by the rules, so neither its seats to act nor its outcome are
        // the engine's. The engine must only still be at its start, not over.
        return match engine.is_over() {
            true => Err("aborted before anyone moved, but the set-up is now over".into()),
            false => Ok(()),
        };
    }
    let to_act = serde_json::to_value(engine.to_act()).unwrap_or(Value::Null);
    let stored_to_act: Value = serde_json::from_str(&game.to_act).unwrap_or(Value::Null);
    if to_act != stored_to_act {
        return Err(format!(
            "at the end of the log the seats to act are {to_act}, stored {stored_to_act}"
        ));
    }
    let forfeited: Vec<usize> = seats
        .iter()
        .filter(|s| s.forfeited_at.is_some())
        .filter_map(|s| s.seat.and_then(|n| usize::try_from(n).ok()))
        .collect();
    let outcome = engine
        .outcome()
        .map(|o| without_forfeited(&o, &forfeited))
        .unwrap_or(Value::Null);
    match first_difference(&stored, &outcome) {
        Some((path, was, now)) => Err(format!(
            "the outcome differs at {path}: stored {was}, now {now}"
        )),
        None => Ok(()),
    }
}

/// The first place where two JSON values differ, depth first: its JSON pointer (`/` for
/// the whole), and the two values there, shortened.
fn first_difference(a: &Value, b: &Value) -> Option<(String, String, String)> {
    fn walk(a: &Value, b: &Value, path: &mut String) -> Option<(String, String, String)> {
        if a == b {
            return None;
        }
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
                for k in keys {
                    let (va, vb) = (
                        x.get(k).unwrap_or(&Value::Null),
                        y.get(k).unwrap_or(&Value::Null),
                    );
                    let len = path.len();
                    path.push('/');
                    path.push_str(&k.replace('~', "~0").replace('/', "~1"));
                    if let Some(d) = walk(va, vb, path) {
                        return Some(d);
                    }
                    path.truncate(len);
                }
                None
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                    let len = path.len();
                    path.push_str(&format!("/{i}"));
                    if let Some(d) = walk(va, vb, path) {
                        return Some(d);
                    }
                    path.truncate(len);
                }
                None
            }
            _ => Some((
                if path.is_empty() {
                    "/".to_string()
                } else {
                    path.clone()
                },
                short(a),
                short(b),
            )),
        }
    }
    walk(a, b, &mut String::new())
}

/// A value as compact JSON, cut to a line's worth.
fn short(v: &Value) -> String {
    const MAX: usize = 80;
    let text = v.to_string();
    match text.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_difference_is_named_by_its_path() {
        assert_eq!(
            first_difference(&json!({"a": [1, 2]}), &json!({"a": [1, 2]})),
            None
        );
        assert_eq!(
            first_difference(&json!({"a": [1, {"b": 2}]}), &json!({"a": [1, {"b": 3}]})),
            Some(("/a/1/b".into(), "2".into(), "3".into()))
        );
        assert_eq!(
            first_difference(&json!([1]), &json!([1, 2])),
            Some(("/".into(), "[1]".into(), "[1,2]".into()))
        );
        assert_eq!(
            first_difference(&json!({"x": 1}), &json!({})),
            Some(("/x".into(), "1".into(), "null".into()))
        );
        assert!(short(&json!("x".repeat(200))).ends_with('…'));
    }

    #[test]
    fn a_changed_game_names_its_versions_and_the_entry() {
        let c = Changed {
            id: "g1".into(),
            kind: "gods".into(),
            status: "running".into(),
            recorded: None,
            current: Some(1),
            seq: Some(7),
            what: "(seat 0) is now refused: nope".into(),
        };
        assert_eq!(
            c.to_string(),
            "changed g1 gods (running, engine unknown, now 1): turn 7: (seat 0) is now refused: nope"
        );
        let s = Summary {
            running: 2,
            over: 1,
            changed: Vec::new(),
        };
        assert_eq!(
            s.to_string(),
            "checked 3 game(s) (2 running, 1 over): none changed"
        );
    }
}
