//! A game as one act of the play layer loads it: the game row, its players and the clocks
//! of the seats that must act, with the engine for its stored state.
//!
//! Owns: loading, who sits where, what a user sees, the game as the API shows it.
//! Must not: write anything (the acts in `crate::play` do).

use crate::error::{ApiError, ApiResult};
use crate::game::hot::HotGames;
use crate::store::deadlines::{self, Deadline};
use crate::store::games::{self as store, SeatedPlayer};
use crate::store::models::{Game, Seat, OPEN, OVER, RUNNING, WATCH_INVITED, WATCH_SIGNED_IN};
use crate::store::DbConn;
use ::games::registry::{self, AnyGame, GameKind};
use ::games::Viewer;
use serde_json::{json, Value};
use std::sync::Arc;

/// A game with its players, as loaded for one request.
pub struct Table {
    pub game: Game,
    pub players: Vec<SeatedPlayer>,
    /// The clocks of the seats that must act (`crate::store::deadlines`); not read for a
    /// turn on a hot game based on its current sequence ([`Table::load_for_turn`]).
    pub deadlines: Vec<Deadline>,
    /// The engine at `game.seq`, when it was hot as the game was loaded for a turn
    /// ([`Table::load_for_turn`]: `game.state` was not read then).
    pub hot: Option<Arc<dyn AnyGame>>,
    /// The log's turns after the snapshot (`game.state`, taken at `game.state_seq`) up to
    /// `game.seq`, as `(seq, seat, turn)`: replayed onto it when the engine is not hot
    /// ([`restore`]). `None` when not loaded (a hot turn, a list's summaries).
    pub tail: Option<Vec<(i64, i64, String)>>,
}

impl Table {
    /// The names of a game's players as pages and mail show them ([`super::shown_name`]),
    /// by seat.
    pub fn names_by_seat(&self) -> Vec<String> {
        let n = usize::try_from(self.game.seat_count).unwrap_or(0);
        let mut names = vec![String::new(); n];
        for p in &self.players {
            if let Some(slot) = p
                .seat
                .seat
                .and_then(|s| usize::try_from(s).ok())
                .and_then(|s| names.get_mut(s))
            {
                // A seat a stand-in plays is marked so wherever the game names its seats
                // (pages, pictures, mail); an engine bot's name says it already, a bot
                // account's gets "(bot)".
                *slot = match p.seat.stand_in_at {
                    Some(_) => format!("{} (stand-in)", p.display_name),
                    None => super::seat_name(p),
                };
            }
        }
        names
    }

    /// The game after `turns` (the first entries of its log), recomputed from the seed.
    pub fn replay(&self, turns: &[crate::store::models::Turn]) -> ApiResult<Box<dyn AnyGame>> {
        let game = &self.game;
        let (seed, generator) = game
            .engine_seed(&self.player_seeds())
            .map_err(ApiError::internal)?;
        let options: Value = serde_json::from_str(&game.options).map_err(ApiError::internal)?;
        let log = turns
            .iter()
            .map(|t| {
                let seat = usize::try_from(t.seat).map_err(ApiError::internal)?;
                let turn: Value = serde_json::from_str(&t.turn).map_err(ApiError::internal)?;
                Ok((seat, turn))
            })
            .collect::<ApiResult<Vec<_>>>()?;
        let seats = usize::try_from(game.seat_count).map_err(ApiError::internal)?;
        self.kind()?
            .replay_with(seed, generator, seats, &options, &log)
            .map_err(ApiError::internal)
    }

    /// Load a game and its players; 404 if there is no such game.
    pub fn load(conn: &mut DbConn, id: &str) -> ApiResult<Table> {
        let game = store::game(conn, id)?.ok_or_else(|| {
            ApiError::not_found("game_not_found", "there is no game with this id")
        })?;
        let players = store::players(conn, id)?;
        let deadlines = deadlines::of_game(conn, id)?;
        let tail = if game.state.is_some() && game.state_seq < game.seq {
            store::turns_between(conn, id, game.state_seq, game.seq)?
        } else {
            Vec::new()
        };
        Ok(Table {
            game,
            players,
            deadlines,
            hot: None,
            tail: Some(tail),
        })
    }

    /// The games of a list (the lobby, `GET /games`) with their players and clocks, read
    /// for all of them at once (two queries, not two per game); without their log, so
    /// without an engine: what a list shows.
    pub fn list(conn: &mut DbConn, games: Vec<Game>) -> ApiResult<Vec<Table>> {
        let ids: Vec<String> = games.iter().map(|g| g.id.clone()).collect();
        let mut players = store::players_of(conn, &ids)?;
        let mut clocks = deadlines::of_games(conn, &ids)?;
        Ok(games
            .into_iter()
            .map(|game| Table {
                players: players.remove(&game.id).unwrap_or_default(),
                deadlines: clocks.remove(&game.id).unwrap_or_default(),
                game,
                hot: None,
                tail: None,
            })
            .collect())
    }

    /// [`Table::load`] for a turn based on sequence `based_on`: when the running game's
    /// engine is hot at its stored sequence, the row is read without its state (neither
    /// read nor parsed), and the clocks only if `based_on` is not that sequence.
    pub fn load_for_turn(
        conn: &mut DbConn,
        id: &str,
        hot: &HotGames,
        based_on: i64,
    ) -> ApiResult<Table> {
        let game = store::game_head(conn, id)?.ok_or_else(|| {
            ApiError::not_found("game_not_found", "there is no game with this id")
        })?;
        let engine = (game.status == RUNNING)
            .then(|| hot.get(id, game.seq))
            .flatten();
        let Some(engine) = engine else {
            return Table::load(conn, id);
        };
        let players = store::players(conn, id)?;
        // The clocks matter to a turn only when it is based on an earlier sequence (a
        // seat that waited since then may still act: `crate::play::turn`); a turn based
        // on the current one needs no read of them.
        let deadlines = if based_on == game.seq {
            Vec::new()
        } else {
            deadlines::of_game(conn, id)?
        };
        Ok(Table {
            game,
            players,
            deadlines,
            hot: Some(engine),
            tail: None,
        })
    }

    /// A hot game as a turn based on `based_on` would load it, from memory alone: the
    /// engine with the row and players that the last turn this process wrote left
    /// ([`crate::game::hot::Head`]). `None` unless they are here at `based_on` and the game is
    /// running (a turn based on another sequence needs the clocks: [`Table::load_for_turn`]).
    /// What the database holds may have moved on since (another server's turn): the turn's
    /// write is guarded by the sequence and the seat, and a turn refused on this table is
    /// checked again on the stored one (`crate::play::turn`).
    pub fn remembered(hot: &HotGames, id: &str, based_on: i64) -> Option<Table> {
        let (engine, head) = hot.get_with_head(id, based_on)?;
        (head.game.status == RUNNING).then(|| Table {
            game: head.game.clone(),
            players: head.players.clone(),
            deadlines: Vec::new(),
            hot: Some(engine),
            tail: None,
        })
    }

    /// Load a game for `user_id` to read: 404 `game_not_found` also when the game's
    /// watchers (`games.watchers`) do not include them, so that a game one may not see is
    /// one that does not exist (its id tells nothing). Every read of a game goes through
    /// here: the game, its log, its state at N, its table talk, its legal steps, its board.
    pub fn load_for(conn: &mut DbConn, id: &str, user_id: &str) -> ApiResult<Table> {
        let table = Table::load(conn, id)?;
        if !table.may_watch(conn, user_id)? {
            return Err(ApiError::not_found(
                "game_not_found",
                "there is no game with this id",
            ));
        }
        Ok(table)
    }

    /// Is there a game `id` that `user_id` may see? `false` for one that does not exist
    /// and for one its watchers hide from them alike ([`Table::load_for`]).
    pub fn exists_for(conn: &mut DbConn, id: &str, user_id: &str) -> ApiResult<bool> {
        match Table::load_for(conn, id, user_id) {
            Ok(_) => Ok(true),
            Err(e) if e.code() == "game_not_found" => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// May `user_id` see this game? Its players always; others as its `watchers` say:
    /// anyone signed in; with `players`, only the confirmed owners of the addresses invited
    /// to play; with `invited`, those and the spectators the players invited.
    pub fn may_watch(&self, conn: &mut DbConn, user_id: &str) -> ApiResult<bool> {
        if self.is_player(user_id) || self.game.watchers == WATCH_SIGNED_IN {
            return Ok(true);
        }
        let Some(email) = crate::store::accounts::confirmed_email(conn, user_id)? else {
            return Ok(false);
        };
        if store::is_invited(conn, &self.game.id, &email)? {
            return Ok(true);
        }
        Ok(
            self.game.watchers == WATCH_INVITED
                && store::is_spectator(conn, &self.game.id, &email)?,
        )
    }

    pub fn is_player(&self, user_id: &str) -> bool {
        self.players.iter().any(|p| p.seat.user_id == user_id)
    }

    /// The caller's seat number, once the game has started.
    pub fn seat_of(&self, user_id: &str) -> Option<usize> {
        self.players
            .iter()
            .find(|p| p.seat.user_id == user_id)
            .and_then(|p| p.seat.seat)
            .and_then(|s| usize::try_from(s).ok())
    }

    /// What `user_id` sees: their seat's view if they play, else a spectator's.
    pub fn viewer(&self, user_id: &str, as_spectator: bool) -> Viewer {
        match self.seat_of(user_id) {
            Some(seat) if !as_spectator => Viewer::Seat(seat),
            _ => Viewer::Spectator,
        }
    }

    pub fn kind(&self) -> ApiResult<&'static dyn GameKind> {
        kind_of(&self.game)
    }

    /// The engine at `game.seq` (from the hot games when there, else the snapshot and the
    /// log after it: [`Table::restore`]); 409 while the game has not started.
    pub fn engine(&self, hot: &HotGames) -> ApiResult<Arc<dyn AnyGame>> {
        if let Some(engine) = &self.hot {
            return Ok(engine.clone());
        }
        if self.game.state.is_none() {
            return Err(ApiError::conflict(
                "game_not_started",
                "the game starts when every seat is taken",
            ));
        }
        if let Some(engine) = hot.get(&self.game.id, self.game.seq) {
            return Ok(engine);
        }
        hot.missed();
        let engine: Arc<dyn AnyGame> = self.restore()?.into();
        hot.put(&self.game.id, self.game.seq, engine.clone());
        Ok(engine)
    }

    /// The engine at `game.seq` from the stored snapshot and the log after it, never from
    /// the hot games (the scheduler, inside a transaction that may hold turns not yet
    /// committed).
    pub fn restore(&self) -> ApiResult<Box<dyn AnyGame>> {
        let tail = self
            .tail
            .as_deref()
            .ok_or_else(|| ApiError::internal("the game was loaded without its log"))?;
        restore(&self.game, self.game.seq, tail).map_err(ApiError::internal)
    }

    /// The deadline `seat` must act by, if it must act; for anyone else (a spectator, a
    /// player not to act) the earliest deadline of the seats that must act.
    pub fn deadline_for(&self, seat: Option<usize>) -> Option<chrono::NaiveDateTime> {
        let seat = seat.and_then(|s| i64::try_from(s).ok());
        self.deadlines
            .iter()
            .find(|d| Some(d.seat) == seat)
            .or_else(|| self.deadlines.iter().min_by_key(|d| d.due_at))
            .map(|d| d.due_at)
    }

    pub fn to_act(&self) -> Vec<usize> {
        serde_json::from_str(&self.game.to_act).unwrap_or_default()
    }

    /// The game as the API shows it to `user_id`; `view` is added by the caller when
    /// wanted.
    /// The players' seeds in seat order (a started game; `docs/players/replay.md`).
    pub fn player_seeds(&self) -> Vec<String> {
        let mut seated: Vec<&SeatedPlayer> = self.players.iter().collect();
        seated.sort_by_key(|p| p.seat.seat);
        seated
            .into_iter()
            .map(|p| p.seat.player_seed.clone().unwrap_or_default())
            .collect()
    }

    pub fn summary(&self, user_id: &str) -> Value {
        let g = &self.game;
        let my_seat = self.seat_of(user_id);
        let to_act = self.to_act();
        let over = g.status == OVER;
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|p| {
                json!({
                    "seat": p.seat.seat,
                    "user_id": p.seat.user_id,
                    "display_name": p.display_name,
                    "forfeited": p.seat.forfeited_at.is_some(),
                    // Dropped out by the player's own choice (POST /games/{id}/resign).
                    "resigned": p.seat.resigned_at.is_some(),
                    // Public from the start: the randomness is derived from them.
                    "player_seed": p.seat.player_seed,
                    "player_seed_by": p.seat.player_seed_by,
                    // Who plays the seat if not a person (`SeatBot`), and whether a
                    // stand-in plays for its absent player.
                    "bot": if p.bot { json!({"kind": "account"}) } else { seat_bot(&p.seat) },
                    "stand_in": seat_stand_in(&p.seat, g),
                })
            })
            .collect();
        let options: Value = serde_json::from_str(&g.options).unwrap_or(Value::Null);
        let outcome: Value = g
            .outcome
            .as_deref()
            .and_then(|o| serde_json::from_str(o).ok())
            .unwrap_or(Value::Null);
        let mut out = json!({
            "id": g.id,
            "name": crate::game::game_name(&g.kind, &g.id),
            "kind": g.kind,
            "options": options,
            "status": g.status,
            "seat_count": g.seat_count,
            "random_seats": g.random_seats,
            "created_by": g.created_by,
            "created_at": g.created_at.and_utc(),
            "started_at": g.started_at.map(|t| t.and_utc()),
            "ended_at": g.ended_at.map(|t| t.and_utc()),
            "seq": g.seq,
            "players": players,
            "to_act": to_act,
            "my_seat": my_seat,
            "my_turn": my_seat.is_some_and(|s| to_act.contains(&s)),
            "deadline": self.deadline_for(my_seat).map(|t| t.and_utc()),
            "deadlines": self
                .deadlines
                .iter()
                .map(|d| json!({
                    "seat": d.seat,
                    "due_at": d.due_at.and_utc(),
                    "expired": d.expired_at.is_some(),
                }))
                .collect::<Vec<_>>(),
            "turn_hours": g.turn_seconds / 3600,
            "timeout_policy": g.timeout_policy,
            "stand_in_level": g.stand_in_level,
            "watchers": g.watchers,
            "seed_commitment": g.seed_commitment,
            // The seed is revealed only when the game is over (fairness you can check).
            "seed": if over { json!(g.seed) } else { Value::Null },
            "seed_scheme": g.seed_scheme,
            // What the engine was set up with (docs/players/replay.md), as secret as the seed.
            "game_seed": if over && g.state.is_some() {
                g.engine_seed(&self.player_seeds())
                    .map(|(seed, _)| json!(seed))
                    .unwrap_or(Value::Null)
            } else {
                Value::Null
            },
            "outcome": outcome,
        });
        if g.status == OPEN && self.is_player(user_id) {
            out["join_code"] = json!(g.join_code);
        }
        out
    }
}

/// A started game at sequence `upto`: its snapshot (`game.state`, taken at
/// `game.state_seq`) with `tail`, the log's turns after it up to `upto` as `(seq, seat,
/// turn)` ([`store::turns_between`]), applied in order. The log is the truth; the
/// snapshot, rewritten every `snapshot_every` turns, saves replaying it from the start.
/// Engines are deterministic, so this is the game the turns were played on.
pub fn restore(
    game: &Game,
    upto: i64,
    tail: &[(i64, i64, String)],
) -> Result<Box<dyn AnyGame>, String> {
    let kind = registry::kind(&game.kind)
        .ok_or_else(|| format!("stored game of unknown kind {}", game.kind))?;
    let state = game.state.as_deref().ok_or("the game has not started")?;
    let value: Value = serde_json::from_str(state).map_err(|e| e.to_string())?;
    let mut engine = kind.load(&value)?;
    let mut at = game.state_seq;
    for (seq, seat, turn) in tail {
        if *seq != at + 1 {
            return Err(format!("game {}: the log has no turn {}", game.id, at + 1));
        }
        let seat = usize::try_from(*seat).map_err(|e| e.to_string())?;
        let turn: Value = serde_json::from_str(turn).map_err(|e| e.to_string())?;
        engine = engine
            .apply(seat, &turn)
            .map_err(|e| format!("game {}: turn {seq} does not replay: {e}", game.id))?
            .game;
        at = *seq;
    }
    if at != upto {
        return Err(format!(
            "game {}: the log ends at {at}, not at {upto}",
            game.id
        ));
    }
    Ok(engine)
}

/// A seat's bot as the API shows it (`SeatBot` in `openapi.yaml`; the
/// engine's bots are `crate::play::bots`): `{"kind": "engine",
/// "level": …}` for an engine bot's seat, `null` for a person's.
pub fn seat_bot(seat: &Seat) -> Value {
    match &seat.bot {
        Some(level) => json!({ "kind": "engine", "level": level }),
        None => Value::Null,
    }
}

/// A seat's stand-in as the API shows it: `{"level": …, "since": …}` while a stand-in
/// plays for its absent player, else `null`.
pub fn seat_stand_in(seat: &Seat, game: &Game) -> Value {
    match seat.stand_in_at {
        Some(since) => json!({ "level": game.stand_in_level, "since": since.and_utc() }),
        None => Value::Null,
    }
}

pub fn kind_of(game: &Game) -> ApiResult<&'static dyn GameKind> {
    registry::kind(&game.kind)
        .ok_or_else(|| ApiError::internal(format!("stored game of unknown kind {}", game.kind)))
}
