//! Hot games: the engines of recently played games, kept in memory so that a turn does
//! not parse the stored state again.
//!
//! Owns: a bounded map from game id to `(seq, engine)`, and with it, when the turn that
//! reached `seq` was written by this process, the game's row (without its state) and
//! seated players as that turn left them ([`Head`]). An entry is only ever used for the
//! sequence it was stored at, and is stored only after that sequence was committed, so
//! the database still decides everything: another server's turn simply makes the entry
//! stale (the turn's write is guarded by the sequence and the seat, and a turn refused
//! on a remembered row is checked again on the stored one: `crate::play::turn`).
//! Must not: hold anything that is not exactly the stored state at that sequence; keep a
//! row past a write of this process that changes it other than by a turn (a resignation,
//! an abort: those [`HotGames::forget`] the game), nor keep one a turn read before such a
//! write ([`HotGames::epoch`]).

use crate::store::games::SeatedPlayer;
use crate::store::models::Game;
use games::registry::AnyGame;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

struct Entry {
    seq: i64,
    engine: Arc<dyn AnyGame>,
    /// The row and players at `seq`, when this process wrote the turn that reached it.
    head: Option<Arc<Head>>,
    used: u64,
}

/// A game's row (its `state` not read: `None`) and seated players at one sequence, as the
/// turn that reached it wrote them: what a hot game's next turn would read from the
/// database before it checks who may act.
pub struct Head {
    pub game: Game,
    pub players: Vec<SeatedPlayer>,
}

pub struct HotGames {
    map: Mutex<HashMap<String, Entry>>,
    /// Games forgotten so far ([`HotGames::epoch`]).
    epoch: AtomicU64,
    capacity: usize,
    clock: AtomicU64,
    hits: AtomicU64,
    misses: AtomicU64,
}

impl HotGames {
    pub fn new(capacity: u32) -> HotGames {
        let capacity = usize::try_from(capacity).unwrap_or(usize::MAX);
        HotGames {
            map: Mutex::new(HashMap::new()),
            epoch: AtomicU64::new(0),
            capacity: capacity.max(1),
            clock: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    /// The engine of game `id` at `seq`, if it is here.
    pub fn get(&self, id: &str, seq: i64) -> Option<Arc<dyn AnyGame>> {
        let now = self.tick();
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let entry = map.get_mut(id).filter(|e| e.seq == seq)?;
        entry.used = now;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(entry.engine.clone())
    }

    /// The engine of game `id` at `seq`, if it is here, for a reader that is not a turn
    /// (the outbox drawing a mail's board): neither counted as a hit or a miss nor made
    /// more recent, so the figures and the order of eviction stay the turns' own.
    pub fn peek(&self, id: &str, seq: i64) -> Option<Arc<dyn AnyGame>> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.get(id)
            .filter(|e| e.seq == seq)
            .map(|e| e.engine.clone())
    }

    /// The engine of game `id` at `seq` with its row and players ([`Head`]), when both
    /// are here.
    pub fn get_with_head(&self, id: &str, seq: i64) -> Option<(Arc<dyn AnyGame>, Arc<Head>)> {
        let now = self.tick();
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let entry = map.get_mut(id).filter(|e| e.seq == seq)?;
        let head = entry.head.clone().filter(|h| h.game.seq == seq)?;
        entry.used = now;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some((entry.engine.clone(), head))
    }

    /// Is an engine of game `id` here, at any sequence?
    pub fn holds(&self, id: &str) -> bool {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.contains_key(id)
    }

    /// A game's engine had to be loaded from the database (counted for `GET /metrics`).
    pub fn missed(&self) {
        self.misses.fetch_add(1, Ordering::Relaxed);
    }

    /// Engines served from memory.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Engines loaded from the database.
    pub fn misses(&self) -> u64 {
        self.misses.load(Ordering::Relaxed)
    }

    /// The most games kept (`hot_games`).
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Keep the engine of game `id` at a committed `seq` (an older one never replaces a
    /// newer one), without its row: the next turn reads that from the database.
    pub fn put(&self, id: &str, seq: i64, engine: Arc<dyn AnyGame>) {
        self.put_with_head(id, seq, engine, None);
    }

    /// [`HotGames::put`], with the row and players the committed turn to `seq` left
    /// (`head.game.seq` is `seq`).
    pub fn put_with_head(
        &self,
        id: &str,
        seq: i64,
        engine: Arc<dyn AnyGame>,
        head: Option<Arc<Head>>,
    ) {
        let now = self.tick();
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(id).is_some_and(|e| e.seq > seq) {
            return;
        }
        map.insert(
            id.to_string(),
            Entry {
                seq,
                engine,
                head,
                used: now,
            },
        );
        if map.len() > self.capacity {
            // Evict the least recently used tenth at once, so eviction is rare.
            let mut ages: Vec<u64> = map.values().map(|e| e.used).collect();
            let cut = ages.len() / 10;
            ages.select_nth_unstable(cut);
            let threshold = ages.get(cut).copied().unwrap_or(0);
            map.retain(|_, e| e.used > threshold);
        }
    }

    /// Drop game `id`'s engine and row if they are at a sequence before `seq` (the
    /// database was found there: another server moved the game on).
    pub fn forget_before(&self, id: &str, seq: i64) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(id).is_some_and(|e| e.seq < seq) {
            map.remove(id);
            self.epoch.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Drop game `id`'s engine and row: its next turn reads the stored ones again.
    pub fn forget(&self, id: &str) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(id);
        self.epoch.fetch_add(1, Ordering::Relaxed);
    }

    /// How many times a game was forgotten (a resignation, a forfeit, an abort, a game
    /// found further on in the database). A turn takes it before it reads the game, and
    /// keeps the row and seats it read with the engine only if it has not changed by the
    /// time the turn is committed: what it read may then be out of date.
    pub fn epoch(&self) -> u64 {
        self.epoch.load(Ordering::Relaxed)
    }

    pub fn len(&self) -> usize {
        self.map.lock().map(|m| m.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::registry::kind;
    use games::Seed;
    use serde_json::json;

    fn engine() -> Arc<dyn AnyGame> {
        let g = kind("gods")
            .unwrap()
            .new_game(Seed::from_u64(1), 2, &json!({}))
            .unwrap();
        Arc::from(g)
    }

    #[test]
    fn an_entry_serves_only_its_own_sequence_and_never_goes_back() {
        let hot = HotGames::new(10);
        hot.put("g", 3, engine());
        assert!(hot.get("g", 3).is_some());
        assert!(hot.get("g", 4).is_none());
        assert!(hot.get("h", 3).is_none());
        hot.put("g", 2, engine());
        assert!(
            hot.get("g", 3).is_some(),
            "an older sequence replaced a newer one"
        );
        hot.put("g", 4, engine());
        assert!(hot.get("g", 3).is_none());
        assert!(hot.get("g", 4).is_some());
    }

    #[test]
    fn a_peek_serves_its_own_sequence_only_and_neither_counts_nor_keeps_a_game() {
        let hot = HotGames::new(10);
        hot.put("old", 1, engine());
        hot.put("g", 3, engine());
        assert!(hot.peek("g", 3).is_some());
        assert!(hot.peek("g", 2).is_none());
        assert!(hot.peek("h", 3).is_none());
        assert_eq!((hot.hits(), hot.misses()), (0, 0), "a peek was counted");
        // Peeking at the oldest game does not make it recent: it is still one of the two
        // let go when an eleventh game comes (a `get` here would keep it, letting `n0` go).
        for i in 0..5 {
            hot.put(&format!("n{i}"), 1, engine());
        }
        for _ in 0..5 {
            assert!(hot.peek("old", 1).is_some());
        }
        for i in 5..9 {
            hot.put(&format!("n{i}"), 1, engine());
        }
        assert!(!hot.holds("old"), "a peek kept the oldest game");
        assert!(hot.holds("n8"));
    }

    fn head(seq: i64) -> Arc<Head> {
        let at = chrono::NaiveDateTime::default();
        Arc::new(Head {
            game: Game {
                id: "g".into(),
                kind: "gods".into(),
                options: "{}".into(),
                seat_count: 2,
                random_seats: false,
                status: "running".into(),
                created_by: "u".into(),
                join_code: "c".into(),
                seed: String::new(),
                seed_commitment: String::new(),
                players: 2,
                seq,
                state: None,
                state_seq: 0,
                to_act: "[0]".into(),
                outcome: None,
                created_at: at,
                started_at: Some(at),
                ended_at: None,
                updated_at: at,
                turn_seconds: 60,
                timeout_policy: "wait".into(),
                seed_scheme: 2,
                watchers: "players".into(),
                engine_version: Some(1),
                stand_in_level: "greedy".into(),
            },
            players: Vec::new(),
        })
    }

    #[test]
    fn a_row_is_served_only_with_its_engine_at_its_sequence_and_any_other_put_drops_it() {
        let hot = HotGames::new(10);
        hot.put_with_head("g", 3, engine(), Some(head(3)));
        assert!(hot.get_with_head("g", 3).is_some());
        assert!(hot.get_with_head("g", 2).is_none());
        assert!(hot.get("g", 3).is_some(), "the engine alone");
        // The engine put again without its row (a cold load, the scheduler's pass): the
        // row remembered before is not served with it.
        hot.put("g", 3, engine());
        assert!(hot.get_with_head("g", 3).is_none());
        assert!(hot.get("g", 3).is_some());
        hot.put_with_head("g", 4, engine(), Some(head(4)));
        let epoch = hot.epoch();
        hot.forget("g");
        assert!(hot.get_with_head("g", 4).is_none());
        assert!(hot.epoch() > epoch, "a forgotten game moves the epoch on");
        hot.put_with_head("g", 4, engine(), Some(head(4)));
        hot.forget_before("g", 4);
        assert!(hot.get_with_head("g", 4).is_some(), "not before 4");
        hot.forget_before("g", 5);
        assert!(hot.get("g", 4).is_none(), "the database is at 5");
        // A row of another sequence than its entry's is never served.
        hot.put_with_head("g", 5, engine(), Some(head(4)));
        assert!(hot.get_with_head("g", 5).is_none());
    }

    #[test]
    fn the_least_recently_used_games_are_evicted_beyond_capacity() {
        let hot = HotGames::new(20);
        for i in 0..20 {
            hot.put(&format!("g{i}"), 0, engine());
        }
        assert!(hot.get("g0", 0).is_some());
        hot.put("g20", 0, engine());
        assert!(hot.len() <= 20);
        assert!(
            hot.get("g0", 0).is_some(),
            "a recently used game was evicted"
        );
        assert!(hot.get("g20", 0).is_some());
        assert!(hot.get("g1", 0).is_none(), "the oldest game was kept");
    }
}
