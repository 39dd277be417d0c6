//! Games, seats, invites, the action log, table talk and idempotent responses.
//!
//! Races are settled here by the database: joining takes a seat with a conditional
//! update of the game's seat counter (the row lock orders concurrent joins), and a turn
//! is written with `UPDATE games … WHERE seq = expected` plus the log's primary key
//! `(game_id, seq)`, so two submissions based on the same sequence cannot both land —
//! on one server or many. Every write transaction starts with its write, so SQLite takes
//! its write lock first and never has to upgrade a read lock (which fails under load).

use super::deadlines::{self, Timing};
use super::models::{
    by_the_service, Game, Idempotent, Invite, Message, Seat, Turn, OPEN, OVER, RUNNING,
    SOURCE_STAND_IN,
};
use super::outbox::{self, NewMail};
use super::schema::{games, idempotency, invites, messages, seats, turns, users};
use super::{DbConn, StoreError};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use std::collections::HashMap;

/// Insert a new game (no players yet: the creator joins like everyone else).
pub fn insert_game(conn: &mut DbConn, game: &Game) -> Result<(), StoreError> {
    diesel::insert_into(games::table)
        .values(game)
        .execute(conn)?;
    Ok(())
}

pub fn game(conn: &mut DbConn, id: &str) -> Result<Option<Game>, StoreError> {
    Ok(games::table
        .find(id)
        .select(Game::as_select())
        .first(conn)
        .optional()?)
}

/// A game's kind and timeout policy; `NotFound` when there is no such game.
pub fn kind_and_policy(conn: &mut DbConn, id: &str) -> Result<(String, String), StoreError> {
    Ok(games::table
        .find(id)
        .select((games::kind, games::timeout_policy))
        .first(conn)?)
}

/// The seat of `user_id` in `game_id`: `None` when they have none (not a player, or a
/// game still filling whose seats have no numbers yet).
pub fn seat_of(conn: &mut DbConn, game_id: &str, user_id: &str) -> Result<Option<i64>, StoreError> {
    let seat: Option<Option<i64>> = seats::table
        .filter(seats::game_id.eq(game_id))
        .filter(seats::user_id.eq(user_id))
        .select(seats::seat)
        .first(conn)
        .optional()?;
    Ok(seat.flatten())
}

/// Whether `seat` has a log entry in `game_id` after sequence `seq` (the first found
/// answers: a your-turn mail's check, on the mail worker's path).
pub fn has_turn_after(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    seq: i64,
) -> Result<bool, StoreError> {
    let acted: Option<i64> = turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seq.gt(seq))
        .filter(turns::seat.eq(seat))
        .select(turns::seq)
        .first(conn)
        .optional()?;
    Ok(acted.is_some())
}

/// The player in a numbered seat, with their address and whether they confirmed it.
#[derive(Debug, Clone, Queryable)]
pub struct SeatHolder {
    pub user_id: String,
    pub email: String,
    pub display_name: String,
    pub email_verified_at: Option<chrono::NaiveDateTime>,
}

/// The player in seat `seat` of `game_id` (`None`: no such seat).
pub fn seat_holder(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
) -> Result<Option<SeatHolder>, StoreError> {
    Ok(seats::table
        .inner_join(users::table)
        .filter(seats::game_id.eq(game_id))
        .filter(seats::seat.eq(seat))
        .select((
            users::id,
            users::email,
            users::display_name,
            users::email_verified_at,
        ))
        .first(conn)
        .optional()?)
}

/// A numbered seat's player, as the mail about a turn needs them.
#[derive(Debug, Clone, Queryable)]
pub struct SeatReader {
    pub user_id: String,
    pub seat: Option<i64>,
    pub forfeited_at: Option<chrono::NaiveDateTime>,
    pub display_name: String,
    pub email: String,
    pub mail_pref: String,
    /// When the player's account became a bot (`users.bot_at`).
    pub bot_at: Option<chrono::NaiveDateTime>,
}

/// The numbered seats of `game_id` with their players, by seat.
pub fn seat_readers(conn: &mut DbConn, game_id: &str) -> Result<Vec<SeatReader>, StoreError> {
    Ok(super::native!(conn, c => seats::table
        .inner_join(users::table)
        .filter(seats::game_id.eq(game_id))
        .filter(seats::seat.is_not_null())
        .order(seats::seat.asc())
        .select((
            seats::user_id,
            seats::seat,
            seats::forfeited_at,
            users::display_name,
            users::email,
            users::mail_pref,
            users::bot_at,
        ))
        .load(c))?)
}

/// The display names of the players of `game_id`, in the order they joined.
pub fn names_in_join_order(conn: &mut DbConn, game_id: &str) -> Result<Vec<String>, StoreError> {
    Ok(seats::table
        .inner_join(users::table)
        .filter(seats::game_id.eq(game_id))
        .order((seats::joined_at.asc(), seats::user_id.asc()))
        .select(users::display_name)
        .load(conn)?)
}

/// The players of `game_id` but `except_user`, whose mail preference is not
/// `except_pref`, in the order they joined: (user id, display name, email).
pub fn other_players_to_mail(
    conn: &mut DbConn,
    game_id: &str,
    except_user: &str,
    except_pref: &str,
) -> Result<Vec<(String, String, String)>, StoreError> {
    Ok(seats::table
        .inner_join(users::table)
        .filter(seats::game_id.eq(game_id))
        .filter(seats::user_id.ne(except_user))
        .filter(users::mail_pref.ne(except_pref))
        .order((seats::joined_at.asc(), seats::user_id.asc()))
        .select((seats::user_id, users::display_name, users::email))
        .load(conn)?)
}

/// The sequence of `seat`'s last log entry in `game_id` up to `upto` (`None`: none).
pub fn last_turn_of(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    upto: i64,
) -> Result<Option<i64>, StoreError> {
    Ok(turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seat.eq(seat))
        .filter(turns::seq.le(upto))
        .select(diesel::dsl::max(turns::seq))
        .first(conn)?)
}

/// One log entry's sequence, seat, source, turn (JSON) and events (JSON).
pub type EntryParts = (i64, i64, String, String, String);

/// The sequence, seat, source, turn (JSON) and events (JSON) of each log entry of
/// `game_id` after `after` up to `upto`, in order.
pub fn turns_with_events(
    conn: &mut DbConn,
    game_id: &str,
    after: i64,
    upto: i64,
) -> Result<Vec<EntryParts>, StoreError> {
    Ok(turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seq.gt(after))
        .filter(turns::seq.le(upto))
        .order(turns::seq.asc())
        .select((
            turns::seq,
            turns::seat,
            turns::source,
            turns::turn,
            turns::events,
        ))
        .load(conn)?)
}

/// Each seat of `game_id` with its player's display name and whether the player is a bot
/// account, in no particular order (the seat is `None` while the game fills).
pub fn seat_names(
    conn: &mut DbConn,
    game_id: &str,
) -> Result<Vec<(Option<i64>, String, bool)>, StoreError> {
    let rows: Vec<(Option<i64>, String, Option<chrono::NaiveDateTime>)> = seats::table
        .inner_join(users::table)
        .filter(seats::game_id.eq(game_id))
        .select((seats::seat, users::display_name, users::bot_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(seat, name, bot_at)| (seat, name, bot_at.is_some()))
        .collect())
}

/// A game's row without its state (`state` is `None`): for a turn whose engine is hot,
/// which needs neither to read nor to parse it.
pub fn game_head(conn: &mut DbConn, id: &str) -> Result<Option<Game>, StoreError> {
    #[derive(Queryable, Selectable)]
    #[diesel(table_name = games)]
    struct Head {
        id: String,
        kind: String,
        options: String,
        seat_count: i64,
        random_seats: bool,
        status: String,
        created_by: String,
        join_code: String,
        seed: String,
        seed_commitment: String,
        players: i64,
        seq: i64,
        state_seq: i64,
        to_act: String,
        outcome: Option<String>,
        created_at: chrono::NaiveDateTime,
        started_at: Option<chrono::NaiveDateTime>,
        ended_at: Option<chrono::NaiveDateTime>,
        updated_at: chrono::NaiveDateTime,
        turn_seconds: i64,
        timeout_policy: String,
        seed_scheme: i64,
        watchers: String,
        engine_version: Option<i64>,
        stand_in_level: String,
    }
    let head = super::native!(conn, c => games::table
        .find(id)
        .select(Head::as_select())
        .first(c)
        .optional())?;
    Ok(head.map(|h| Game {
        id: h.id,
        kind: h.kind,
        options: h.options,
        seat_count: h.seat_count,
        random_seats: h.random_seats,
        status: h.status,
        created_by: h.created_by,
        join_code: h.join_code,
        seed: h.seed,
        seed_commitment: h.seed_commitment,
        players: h.players,
        seq: h.seq,
        state: None,
        state_seq: h.state_seq,
        to_act: h.to_act,
        outcome: h.outcome,
        created_at: h.created_at,
        started_at: h.started_at,
        ended_at: h.ended_at,
        updated_at: h.updated_at,
        turn_seconds: h.turn_seconds,
        timeout_policy: h.timeout_policy,
        seed_scheme: h.seed_scheme,
        watchers: h.watchers,
        engine_version: h.engine_version,
        stand_in_level: h.stand_in_level,
    }))
}

/// A seat with its player's display name.
#[derive(Debug, Clone)]
pub struct SeatedPlayer {
    pub seat: Seat,
    pub display_name: String,
    /// Its player is a bot account (`users.bot_at`).
    pub bot: bool,
}

/// The players of a game, in seat order once started (join order before).
pub fn players(conn: &mut DbConn, game_id: &str) -> Result<Vec<SeatedPlayer>, StoreError> {
    let rows: Vec<(Seat, String, Option<chrono::NaiveDateTime>)> = super::native!(conn, c => seats::table
        .inner_join(users::table)
        .filter(seats::game_id.eq(game_id))
        .order((
            seats::seat.asc(),
            seats::joined_at.asc(),
            seats::user_id.asc(),
        ))
        .select((Seat::as_select(), users::display_name, users::bot_at))
        .load(c))?;
    Ok(rows
        .into_iter()
        .map(|(seat, display_name, bot_at)| SeatedPlayer {
            seat,
            display_name,
            bot: bot_at.is_some(),
        })
        .collect())
}

/// Ids per query in [`players_of`] (well under SQLite's limit of bound values).
const IDS_PER_QUERY: usize = 500;

/// The players of each game of `game_ids`, as [`players`] gives them, in one query per
/// 500 games (a list of games, not a query per game). A game without players has none.
pub fn players_of(
    conn: &mut DbConn,
    game_ids: &[String],
) -> Result<HashMap<String, Vec<SeatedPlayer>>, StoreError> {
    let mut out: HashMap<String, Vec<SeatedPlayer>> = HashMap::new();
    for ids in game_ids.chunks(IDS_PER_QUERY) {
        let rows: Vec<(Seat, String, Option<chrono::NaiveDateTime>)> = seats::table
            .inner_join(users::table)
            .filter(seats::game_id.eq_any(ids))
            .order((
                seats::game_id.asc(),
                seats::seat.asc(),
                seats::joined_at.asc(),
                seats::user_id.asc(),
            ))
            .select((Seat::as_select(), users::display_name, users::bot_at))
            .load(conn)?;
        for (seat, display_name, bot_at) in rows {
            out.entry(seat.game_id.clone())
                .or_default()
                .push(SeatedPlayer {
                    seat,
                    display_name,
                    bot: bot_at.is_some(),
                });
        }
    }
    Ok(out)
}

/// The games `user_id` plays that are not over, the `over_shown` that ended last (a
/// player's finished games only grow: the lobby shows the last few, `GET /games` pages
/// through them all), and the open games `invited_as` (the user's address, when they
/// have confirmed it) is invited to.
pub fn games_of(
    conn: &mut DbConn,
    user_id: &str,
    invited_as: Option<&str>,
    over_shown: i64,
) -> Result<Vec<Game>, StoreError> {
    let mut playing: Vec<Game> = games::table
        .inner_join(seats::table)
        .filter(seats::user_id.eq(user_id))
        .filter(games::status.ne(OVER))
        .select(Game::as_select())
        .load(conn)?;
    let over: Vec<Game> = games::table
        .inner_join(seats::table)
        .filter(seats::user_id.eq(user_id))
        .filter(games::status.eq(OVER))
        .order((games::updated_at.desc(), games::id.desc()))
        .limit(over_shown)
        .select(Game::as_select())
        .load(conn)?;
    playing.extend(over);
    let Some(email) = invited_as else {
        return Ok(playing);
    };
    let invited: Vec<Game> = games::table
        .inner_join(invites::table)
        .filter(invites::email.eq(email))
        .filter(games::status.eq(OPEN))
        .select(Game::as_select())
        .load(conn)?;
    for g in invited {
        if !playing.iter().any(|p| p.id == g.id) {
            playing.push(g);
        }
    }
    Ok(playing)
}

/// Where a game stands in `GET /games`' order (descending): waiting for the reader
/// first, then the most recently changed, then by id (a total order, for cursors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListKey {
    pub my_turn: bool,
    pub updated_at: chrono::NaiveDateTime,
    pub id: String,
}

/// 1 when `user_id`'s seat is among the game's `to_act` (a JSON array of seat numbers,
/// written compactly: `[0,2]`), else 0; the same test as `Table::summary`'s `my_turn`.
/// Commas around the array's items make `,N,` match seat N only, on SQLite and PostgreSQL.
const MY_TURN_HEAD: &str =
    "(CASE WHEN EXISTS (SELECT 1 FROM seats my WHERE my.game_id = games.id AND my.user_id = ";
const MY_TURN_REST: &str =
    " AND my.seat IS NOT NULL AND REPLACE(REPLACE(games.to_act, '[', ','), ']', ',') \
     LIKE '%,' || CAST(my.seat AS TEXT) || ',%') THEN 1 ELSE 0 END)";

/// One page of the games `user_id` plays, or (as the confirmed owner of `invited_as`)
/// is invited to while they are open: in [`ListKey`] order, after `after`, at most
/// `limit`, only those waiting for the reader when `must_act`. Each with whether it waits
/// for the reader. Ordered, filtered and cut in the query (keyset pagination).
pub fn page_of_games(
    conn: &mut DbConn,
    user_id: &str,
    invited_as: Option<&str>,
    must_act: bool,
    after: Option<&ListKey>,
    limit: i64,
) -> Result<Vec<(Game, bool)>, StoreError> {
    use diesel::sql_types::{Integer, Text};
    let my_turn = || {
        diesel::dsl::sql::<Integer>(MY_TURN_HEAD)
            .bind::<Text, _>(user_id.to_string())
            .sql(MY_TURN_REST)
    };
    let seated = seats::table
        .filter(seats::user_id.eq(user_id.to_string()))
        .select(seats::game_id);
    let mut query = games::table.into_boxed();
    query = match invited_as {
        Some(email) => query.filter(
            games::id.eq_any(seated).or(games::status.eq(OPEN).and(
                games::id.eq_any(
                    invites::table
                        .filter(invites::email.eq(email.to_string()))
                        .select(invites::game_id),
                ),
            )),
        ),
        None => query.filter(games::id.eq_any(seated)),
    };
    if must_act {
        query = query.filter(my_turn().eq(1));
    }
    if let Some(k) = after {
        let t = i32::from(k.my_turn);
        query = query.filter(
            my_turn().lt(t).or(my_turn().eq(t).and(
                games::updated_at.lt(k.updated_at).or(games::updated_at
                    .eq(k.updated_at)
                    .and(games::id.lt(k.id.clone()))),
            )),
        );
    }
    let rows: Vec<(Game, i32)> = query
        .order((my_turn().desc(), games::updated_at.desc(), games::id.desc()))
        .limit(limit)
        .select((Game::as_select(), my_turn()))
        .load(conn)?;
    Ok(rows.into_iter().map(|(g, t)| (g, t == 1)).collect())
}

/// Running games `user_id` does not play and may watch (watchers `signed_in`, or
/// `invited` with `email` among the spectators), the most recently started first: those
/// invited to watch, then the others, `limit` in all. The index `games_watchable` gives
/// the open games in this order, so only the games shown are read, however many run.
pub fn watchable(
    conn: &mut DbConn,
    user_id: &str,
    email: Option<&str>,
    limit: i64,
) -> Result<Vec<Game>, StoreError> {
    use super::models::{WATCH_INVITED, WATCH_SIGNED_IN};
    use super::schema::game_spectators as gs;
    let not_mine = || {
        diesel::dsl::not(diesel::dsl::exists(
            seats::table
                .filter(seats::game_id.eq(games::id))
                .filter(seats::user_id.eq(user_id)),
        ))
    };
    let open_to_all = games::table
        .filter(games::status.eq(RUNNING))
        .filter(games::watchers.eq(WATCH_SIGNED_IN))
        .filter(not_mine())
        .order(games::started_at.desc())
        .limit(limit)
        .select(Game::as_select())
        .load(conn)?;
    let Some(email) = email else {
        return Ok(open_to_all);
    };
    let mut invited: Vec<Game> = games::table
        .inner_join(gs::table)
        .filter(gs::email.eq(email))
        .filter(games::status.eq(RUNNING))
        .filter(games::watchers.eq(WATCH_INVITED))
        .filter(not_mine())
        .order(games::started_at.desc())
        .limit(limit)
        .select(Game::as_select())
        .load(conn)?;
    invited.extend(open_to_all);
    invited.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(invited)
}

pub fn is_invited(conn: &mut DbConn, game_id: &str, email: &str) -> Result<bool, StoreError> {
    let n: i64 = invites::table
        .filter(invites::game_id.eq(game_id))
        .filter(invites::email.eq(email))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// The addresses invited to `game_id` whose account has no seat in it yet, in the order
/// they were invited (what the lobby shows the game's players as "invited").
pub fn invited_not_joined(conn: &mut DbConn, game_id: &str) -> Result<Vec<String>, StoreError> {
    let invited: Vec<String> = invites::table
        .filter(invites::game_id.eq(game_id))
        .order(invites::created_at.asc())
        .select(invites::email)
        .load(conn)?;
    let joined: Vec<String> = seats::table
        .inner_join(users::table)
        .filter(seats::game_id.eq(game_id))
        .select(users::email)
        .load(conn)?;
    Ok(invited
        .into_iter()
        .filter(|e| !joined.iter().any(|j| j.eq_ignore_ascii_case(e)))
        .collect())
}

/// Record an invite; inviting the same address twice is fine.
pub fn invite(conn: &mut DbConn, invite: &Invite) -> Result<(), StoreError> {
    match diesel::insert_into(invites::table)
        .values(invite)
        .execute(conn)
    {
        Ok(_) => Ok(()),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Is `email` among the spectators the players of `game_id` invited?
pub fn is_spectator(conn: &mut DbConn, game_id: &str, email: &str) -> Result<bool, StoreError> {
    use super::schema::game_spectators as gs;
    let n: i64 = gs::table
        .filter(gs::game_id.eq(game_id))
        .filter(gs::email.eq(email))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Invite `email` to watch `game_id`; twice is once. `false` if it already was.
pub fn add_spectator(
    conn: &mut DbConn,
    game_id: &str,
    email: &str,
    invited_by: &str,
    at: chrono::NaiveDateTime,
) -> Result<bool, StoreError> {
    use super::schema::game_spectators as gs;
    // Looked up first: a caught unique violation would abort a Postgres transaction.
    if is_spectator(conn, game_id, email)? {
        return Ok(false);
    }
    diesel::insert_into(gs::table)
        .values((
            gs::game_id.eq(game_id),
            gs::email.eq(email),
            gs::invited_by.eq(invited_by),
            gs::created_at.eq(at),
        ))
        .execute(conn)?;
    Ok(true)
}

/// What starting a game writes: seat numbers per user, the first state.
pub struct StartPlan {
    /// `(user_id, seat)` for every player.
    pub seats: Vec<(String, i64)>,
    pub state: String,
    pub to_act: String,
}

#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    #[error("the game is not open for joining")]
    NotOpen,
    #[error("every seat is taken")]
    Full,
    #[error("already seated")]
    AlreadySeated,
    #[error("cannot start the game: {0}")]
    Start(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<DieselError> for JoinError {
    fn from(e: DieselError) -> JoinError {
        JoinError::Store(e.into())
    }
}

/// The players' seeds in seat order (a started game; `docs/players/replay.md`). Seats of a game of
/// seed scheme 1 have none: its seed ignores them.
pub fn player_seeds(conn: &mut DbConn, game_id: &str) -> Result<Vec<String>, StoreError> {
    let rows: Vec<Option<String>> = seats::table
        .filter(seats::game_id.eq(game_id))
        .order(seats::seat.asc())
        .select(seats::player_seed)
        .load(conn)?;
    Ok(rows.into_iter().map(Option::unwrap_or_default).collect())
}

/// Take a seat with the player's seed (`seed`, chosen `by` the player or the server);
/// `bot` is the level of the engine bot that plays it, `None` for a person.
/// When it is the last one, `start` plans the start from the game and its
/// players (in join order), and the game starts in the same transaction, with the clocks
/// of the seats that must act first running from `timing.now` (`crate::store::deadlines`).
pub fn join(
    conn: &mut DbConn,
    game_id: &str,
    (user_id, bot): (&str, Option<&str>),
    (seed, by): (&str, &str),
    timing: &Timing,
    start: impl FnOnce(&Game, &[Seat]) -> Result<StartPlan, String>,
    mails: impl FnOnce(&mut DbConn, &Game) -> Result<Vec<NewMail>, StoreError>,
) -> Result<Game, JoinError> {
    crate::store::write_transaction(conn, |conn| {
        let at = timing.now;
        let taken = diesel::update(
            games::table
                .filter(games::id.eq(game_id))
                .filter(games::status.eq(OPEN))
                .filter(games::players.lt(games::seat_count)),
        )
        .set((
            games::players.eq(games::players + 1),
            games::updated_at.eq(at),
        ))
        .execute(conn)?;
        let game: Game = games::table
            .find(game_id)
            .select(Game::as_select())
            .first(conn)?;
        if taken == 0 {
            return Err(if game.status != OPEN {
                JoinError::NotOpen
            } else {
                JoinError::Full
            });
        }
        let seat = Seat {
            game_id: game_id.to_string(),
            user_id: user_id.to_string(),
            seat: None,
            joined_at: at,
            forfeited_at: None,
            player_seed: Some(seed.to_string()),
            player_seed_by: Some(by.to_string()),
            resigned_at: None,
            bot: bot.map(str::to_string),
            stand_in_at: None,
        };
        match diesel::insert_into(seats::table)
            .values(&seat)
            .execute(conn)
        {
            Ok(_) => {}
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                return Err(JoinError::AlreadySeated)
            }
            Err(e) => return Err(e.into()),
        }
        if game.players < game.seat_count {
            return Ok(game);
        }
        let joined: Vec<Seat> = seats::table
            .filter(seats::game_id.eq(game_id))
            .order((seats::joined_at.asc(), seats::user_id.asc()))
            .select(Seat::as_select())
            .load(conn)?;
        let plan = start(&game, &joined).map_err(JoinError::Start)?;
        for (user, number) in &plan.seats {
            diesel::update(
                seats::table
                    .filter(seats::game_id.eq(game_id))
                    .filter(seats::user_id.eq(user)),
            )
            .set(seats::seat.eq(Some(*number)))
            .execute(conn)?;
        }
        diesel::update(games::table.filter(games::id.eq(game_id)))
            .set((
                games::status.eq(RUNNING),
                games::state.eq(Some(&plan.state)),
                games::state_seq.eq(0),
                games::to_act.eq(&plan.to_act),
                games::started_at.eq(Some(at)),
            ))
            .execute(conn)?;
        let to_act: Vec<i64> = serde_json::from_str(&plan.to_act).unwrap_or_default();
        deadlines::reset(conn, game_id, 0, &to_act, timing)?;
        let started: Game = games::table
            .find(game_id)
            .select(Game::as_select())
            .first(conn)?;
        // Last: the first your-turn mails read the seats and deadlines written above.
        for mail in mails(conn, &started)? {
            outbox::enqueue(conn, &mail)?;
        }
        Ok(started)
    })
}

/// The game after a turn, as the handler computed it.
pub struct Advance {
    /// The game's full state after the turn, when this turn rewrites the snapshot
    /// (`games.state`, every `snapshot_every` turns and at the end); `None` leaves the
    /// snapshot as it is, and the log holds the turn.
    pub state: Option<String>,
    pub to_act: String,
    /// `Some` when the turn ended the game.
    pub outcome: Option<String>,
    /// The seats in `to_act`, for their clocks (`crate::store::deadlines::reset`).
    pub waiting: Vec<i64>,
    /// The seat that just ended its turn and must act again at once (in Dreams, the last
    /// guess of a round when its seat deals the next): its wait begins anew, with a fresh
    /// clock, where a turn that goes on keeps its clock.
    pub restart: Option<i64>,
    /// When the turn happened and the reminder lead, for the waiting seats' clocks.
    pub timing: Timing,
}

#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    /// Another turn landed first; carries the current sequence.
    #[error("the game moved on to {0}")]
    Stale(i64),
    /// Another request with the same idempotency key landed first.
    #[error("a request with this idempotency key was already answered")]
    KeyTaken,
    /// The seat's player resigned before their own turn was written.
    #[error("the seat's player has resigned")]
    Resigned,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<DieselError> for SubmitError {
    fn from(e: DieselError) -> SubmitError {
        SubmitError::Store(e.into())
    }
}

/// Write one turn: the game's new state (only if it is still at `turn.seq - 1`), the log
/// entry, the clocks of the seats that now wait (`deadlines::reset`), and the idempotent
/// response — all or nothing, in a transaction of its own (a savepoint inside the
/// caller's).
pub fn submit_turn(
    conn: &mut DbConn,
    turn: &Turn,
    advance: &Advance,
    idempotent: Option<&Idempotent>,
    mails: impl FnOnce(&mut DbConn, &deadlines::Clocks) -> Result<Vec<NewMail>, StoreError>,
) -> Result<(), SubmitError> {
    crate::store::write_transaction(conn, |conn| {
        submit_turn_in(conn, turn, advance, idempotent, mails)
    })
}

/// A turn's `UPDATE` of its game's row, if the game is still running at the sequence
/// before the turn's and, for a player's own turn, their seat has not resigned: the same
/// statement as diesel's `update(…).set(…)`, but one diesel prepares once per connection
/// and keeps (it never keeps an `update`'s, whose changeset may leave columns out), so a
/// turn does not have it parsed again. The write checks these itself because the turn may
/// have been checked on a row remembered in memory (`crate::game::hot::Head`), and a
/// resignation may land between a turn's check and its write.
struct AdvanceGame<'a> {
    id: &'a str,
    /// The turn's sequence, and the one before it (where the game must be).
    seq: i64,
    seq_before: i64,
    /// The seat that moves, and 1 if its player moves (through the API, a page or a reply
    /// by mail; not the service for them).
    seat: i64,
    by_player: i64,
    /// 1 if a stand-in moves for the seat's absent player: written only while the seat is
    /// still stood in for (its player may have taken it back while the bot thought).
    by_stand_in: i64,
    to_act: &'a str,
    outcome: Option<&'a str>,
    status: &'a str,
    ended_at: Option<chrono::NaiveDateTime>,
    updated_at: chrono::NaiveDateTime,
}

impl<DB> diesel::query_builder::QueryFragment<DB> for AdvanceGame<'_>
where
    DB: diesel::backend::Backend,
    DB: diesel::sql_types::HasSqlType<diesel::sql_types::BigInt>
        + diesel::sql_types::HasSqlType<diesel::sql_types::Text>
        + diesel::sql_types::HasSqlType<diesel::sql_types::Timestamp>,
    i64: diesel::serialize::ToSql<diesel::sql_types::BigInt, DB>,
    str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
    chrono::NaiveDateTime: diesel::serialize::ToSql<diesel::sql_types::Timestamp, DB>,
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
    ) -> diesel::QueryResult<()> {
        use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
        out.push_sql("UPDATE games SET seq = ");
        out.push_bind_param::<BigInt, _>(&self.seq)?;
        out.push_sql(", to_act = ");
        out.push_bind_param::<Text, _>(self.to_act)?;
        out.push_sql(", outcome = ");
        out.push_bind_param::<Nullable<Text>, _>(&self.outcome)?;
        out.push_sql(", status = ");
        out.push_bind_param::<Text, _>(self.status)?;
        out.push_sql(", ended_at = ");
        out.push_bind_param::<Nullable<Timestamp>, _>(&self.ended_at)?;
        out.push_sql(", updated_at = ");
        out.push_bind_param::<Timestamp, _>(&self.updated_at)?;
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<Text, _>(self.id)?;
        out.push_sql(" AND seq = ");
        out.push_bind_param::<BigInt, _>(&self.seq_before)?;
        out.push_sql(" AND status = ");
        out.push_bind_param::<Text, _>(RUNNING)?;
        out.push_sql(" AND (");
        out.push_bind_param::<BigInt, _>(&self.by_player)?;
        out.push_sql(
            " = 0 OR NOT EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat = ",
        );
        out.push_bind_param::<BigInt, _>(&self.seat)?;
        out.push_sql(" AND seats.resigned_at IS NOT NULL))");
        out.push_sql(" AND (");
        out.push_bind_param::<BigInt, _>(&self.by_stand_in)?;
        out.push_sql(
            " = 0 OR EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat = ",
        );
        out.push_bind_param::<BigInt, _>(&self.seat)?;
        out.push_sql(" AND seats.stand_in_at IS NOT NULL))");
        Ok(())
    }
}

/// One SQL text whatever the values: diesel prepares the statement once per connection.
impl diesel::query_builder::QueryId for AdvanceGame<'_> {
    type QueryId = AdvanceGame<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<Conn> RunQueryDsl<Conn> for AdvanceGame<'_> {}

/// On PostgreSQL, [`AdvanceGame`], the turn's log entry and the game's seating
/// ([`deadlines::seating`], which the turn's clocks and mail need) in one statement: one
/// round trip of the group-commit writer where they were three. The entry is inserted
/// only if the game's row was advanced, and the seats are returned only if the entry was
/// inserted, so no row back means nothing was written (a running game always has
/// numbered seats). A turn already logged at that sequence still fails on the primary
/// key. The seating is read as it was when the statement began, which the statement's own
/// writes (the game's sequence, the log) do not touch. On SQLite a statement is a call
/// into the library, not a round trip: it keeps them apart. `S` is the seating's own
/// query ([`deadlines::seating_query`]) with one more condition, that the entry was
/// logged ([`advance_log_and_seat`]): its columns and their types are that query's.
struct AdvanceLogAndSeat<'a, S> {
    advance: &'a AdvanceGame<'a>,
    turn: &'a Turn,
    seating: S,
}

/// Names the one SQL text of [`AdvanceLogAndSeat`], whose type holds the seating query's
/// unnameable one.
struct AdvanceLogAndSeatId;

/// [`AdvanceLogAndSeat`] of `turn`: the seats only if its log entry was written.
fn advance_log_and_seat<'a>(
    advance: &'a AdvanceGame<'a>,
    turn: &'a Turn,
) -> AdvanceLogAndSeat<
    'a,
    impl diesel::query_builder::QueryFragment<diesel::pg::Pg>
        + diesel::query_builder::Query<SqlType = SeatedSql>
        + 'a,
> {
    AdvanceLogAndSeat {
        advance,
        turn,
        seating: deadlines::seating_query!(turn.game_id.as_str()).filter(Logged),
    }
}

/// `EXISTS (SELECT 1 FROM logged)`: the condition [`AdvanceLogAndSeat`] adds to the
/// seating query. Fixed text of our own, not `diesel::dsl::sql`: a literal marks its
/// statement unsafe to keep prepared, and PostgreSQL planning the whole statement again
/// on every turn halved the turns a second.
#[derive(Debug, Clone, Copy, diesel::expression::ValidGrouping, diesel::query_builder::QueryId)]
struct Logged;

impl diesel::expression::Expression for Logged {
    type SqlType = diesel::sql_types::Bool;
}

impl<QS> diesel::expression::AppearsOnTable<QS> for Logged {}

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for Logged {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> diesel::QueryResult<()> {
        out.push_sql("EXISTS (SELECT 1 FROM logged)");
        Ok(())
    }
}

/// The SQL types of [`deadlines::Seated`]'s columns, as [`deadlines::seating_query`]
/// selects them (the compiler checks that they are).
type SeatedSql = (
    diesel::sql_types::BigInt,
    diesel::sql_types::Text,
    diesel::sql_types::Nullable<diesel::sql_types::Timestamp>,
    diesel::sql_types::Text,
    diesel::sql_types::Text,
    diesel::sql_types::Text,
    diesel::sql_types::Nullable<diesel::sql_types::Timestamp>,
    diesel::sql_types::Nullable<diesel::sql_types::Timestamp>,
    diesel::sql_types::BigInt,
    diesel::sql_types::Nullable<diesel::sql_types::Timestamp>,
    diesel::sql_types::Nullable<diesel::sql_types::Timestamp>,
);

impl<S> diesel::query_builder::QueryFragment<diesel::pg::Pg> for AdvanceLogAndSeat<'_, S>
where
    S: diesel::query_builder::QueryFragment<diesel::pg::Pg>,
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> diesel::QueryResult<()> {
        use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
        let t = self.turn;
        out.push_sql("WITH advanced AS (");
        self.advance.walk_ast(out.reborrow())?;
        out.push_sql(
            " RETURNING 1), logged AS (INSERT INTO turns (game_id, seq, seat, user_id, turn, \
             notation, events, created_at, source, sealed_for) SELECT ",
        );
        out.push_bind_param::<Text, _>(&t.game_id)?;
        out.push_sql(", ");
        out.push_bind_param::<BigInt, _>(&t.seq)?;
        out.push_sql(", ");
        out.push_bind_param::<BigInt, _>(&t.seat)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&t.user_id)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&t.turn)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&t.notation)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&t.events)?;
        out.push_sql(", ");
        out.push_bind_param::<Timestamp, _>(&t.created_at)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&t.source)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<BigInt>, _>(&t.sealed_for)?;
        out.push_sql(" FROM advanced RETURNING 1) ");
        self.seating.walk_ast(out.reborrow())
    }
}

impl<S: diesel::query_builder::Query> diesel::query_builder::Query for AdvanceLogAndSeat<'_, S> {
    type SqlType = S::SqlType;
}

/// One SQL text whatever the values: prepared once per connection.
impl<S> diesel::query_builder::QueryId for AdvanceLogAndSeat<'_, S> {
    type QueryId = AdvanceLogAndSeatId;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<S, Conn> RunQueryDsl<Conn> for AdvanceLogAndSeat<'_, S> {}

/// [`submit_turn`] in the caller's transaction or savepoint, which must roll back what
/// this wrote when it fails (the group-commit writer's savepoint of each write: a second
/// one here cost every turn two statements). `Stale` carries the sequence the game is at.
pub fn submit_turn_in(
    conn: &mut DbConn,
    turn: &Turn,
    advance: &Advance,
    idempotent: Option<&Idempotent>,
    mails: impl FnOnce(&mut DbConn, &deadlines::Clocks) -> Result<Vec<NewMail>, StoreError>,
) -> Result<(), SubmitError> {
    let at = turn.created_at;
    let over = advance.outcome.is_some();
    let advanced = AdvanceGame {
        id: &turn.game_id,
        seq: turn.seq,
        seq_before: turn.seq - 1,
        seat: turn.seat,
        by_player: i64::from(!by_the_service(&turn.source)),
        by_stand_in: i64::from(turn.source == SOURCE_STAND_IN),
        to_act: &advance.to_act,
        outcome: advance.outcome.as_deref(),
        status: if over { OVER } else { RUNNING },
        ended_at: over.then_some(at),
        updated_at: at,
    };
    // The primary key (game_id, seq) is the last guard against a double apply (the game
    // is then at `turn.seq` at least; on PostgreSQL nothing more can be read in an
    // aborted transaction).
    let taken = |e: DieselError| match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            SubmitError::Stale(turn.seq)
        }
        e => e.into(),
    };
    // PostgreSQL: written, logged and the seating read in one statement; SQLite: the row
    // alone for now (the log entry and the seating follow).
    let (written, mut seated) = match conn {
        DbConn::Pg(c) => {
            let all = advance_log_and_seat(&advanced, turn);
            let seats: Vec<deadlines::Seated> = all.load(c).map_err(taken)?;
            (!seats.is_empty(), Some(seats))
        }
        DbConn::Sqlite(c) => (advanced.execute(c)? > 0, None),
    };
    let logged = seated.is_some();
    if !written {
        // Nothing written yet: where the game is now, read in the same transaction. Still
        // running where the turn left it: then its seat resigned.
        let (seq, status) = games::table
            .find(&turn.game_id)
            .select((games::seq, games::status))
            .first::<(i64, String)>(conn)?;
        if seq == turn.seq - 1 && status == RUNNING {
            // (Or, for a stand-in's turn, its player took the seat back.)
            return Err(SubmitError::Resigned);
        }
        return Err(SubmitError::Stale(seq));
    }
    if let Some(state) = &advance.state {
        diesel::update(games::table.filter(games::id.eq(&turn.game_id)))
            .set((games::state.eq(Some(state)), games::state_seq.eq(turn.seq)))
            .execute(conn)?;
    }
    if !logged {
        super::native!(conn, c => diesel::insert_into(turns::table).values(turn).execute(c))
            .map_err(taken)?;
    }
    if let Some(seat) = advance.restart {
        deadlines::drop_clock(conn, &turn.game_id, seat)?;
        // A seating read before the clock went: as if read after.
        for s in seated.iter_mut().flatten().filter(|s| s.seat == seat) {
            s.due_at = None;
        }
    }
    let seats = match seated {
        Some(seats) => seats,
        None => deadlines::seating(conn, &turn.game_id)?,
    };
    let clocks = deadlines::reset_seated(
        conn,
        &turn.game_id,
        turn.seq,
        &advance.waiting,
        &advance.timing,
        seats,
    )?;
    if let Some(idem) = idempotent {
        match diesel::insert_into(idempotency::table)
            .values(idem)
            .execute(conn)
        {
            Ok(_) => {}
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                return Err(SubmitError::KeyTaken)
            }
            Err(e) => return Err(e.into()),
        }
    }
    // Last: the mail reads what the turn wrote (the log; when the seats that wait are
    // due, and the seats' players, are handed in).
    for mail in mails(conn, &clocks)? {
        outbox::enqueue(conn, &mail)?;
    }
    Ok(())
}

pub fn idempotent(
    conn: &mut DbConn,
    user_id: &str,
    key: &str,
) -> Result<Option<Idempotent>, StoreError> {
    Ok(idempotency::table
        .find((user_id, key))
        .select(Idempotent::as_select())
        .first(conn)
        .optional()?)
}

/// Log entries after `since`, at most `limit`, in order.
pub fn turns_since(
    conn: &mut DbConn,
    game_id: &str,
    since: i64,
    limit: i64,
) -> Result<Vec<Turn>, StoreError> {
    Ok(turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seq.gt(since))
        .order(turns::seq.asc())
        .limit(limit)
        .select(Turn::as_select())
        .load(conn)?)
}

/// The first `upto` log entries, in order (for replay).
/// Has `seat` a log entry after sequence `since` in game `game_id`?
pub fn acted_since(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    since: i64,
) -> Result<bool, StoreError> {
    let n: i64 = turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seat.eq(seat))
        .filter(turns::seq.gt(since))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// The seat and turn (JSON) of each log entry of `game_id` after `after` up to `upto`, in
/// order: what is replayed onto a snapshot (`crate::game::table::restore`).
pub fn turns_between(
    conn: &mut DbConn,
    game_id: &str,
    after: i64,
    upto: i64,
) -> Result<Vec<(i64, i64, String)>, StoreError> {
    Ok(turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seq.gt(after))
        .filter(turns::seq.le(upto))
        .order(turns::seq.asc())
        .select((turns::seq, turns::seat, turns::turn))
        .load(conn)?)
}

/// The ids of the started games after `after` in id order, at most `limit`: the running
/// ones, and the finished ones too when `finished`. `hermes check games` reads them a page
/// at a time.
pub fn started_after(
    conn: &mut DbConn,
    after: &str,
    finished: bool,
    limit: i64,
) -> Result<Vec<String>, StoreError> {
    let statuses: &[&str] = if finished {
        &[RUNNING, OVER]
    } else {
        &[RUNNING]
    };
    Ok(games::table
        .filter(games::status.eq_any(statuses))
        .filter(games::id.gt(after))
        .order(games::id.asc())
        .limit(limit)
        .select(games::id)
        .load(conn)?)
}

/// A game's seats in seat order (those of a started game are all numbered).
pub fn seats_in_order(conn: &mut DbConn, game_id: &str) -> Result<Vec<Seat>, StoreError> {
    Ok(seats::table
        .filter(seats::game_id.eq(game_id))
        .order((seats::seat.asc(), seats::user_id.asc()))
        .select(Seat::as_select())
        .load(conn)?)
}

/// Log entries after `after` up to `upto`, at most `limit`, in order.
pub fn turns_page(
    conn: &mut DbConn,
    game_id: &str,
    after: i64,
    upto: i64,
    limit: i64,
) -> Result<Vec<Turn>, StoreError> {
    Ok(turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seq.gt(after))
        .filter(turns::seq.le(upto))
        .order(turns::seq.asc())
        .limit(limit)
        .select(Turn::as_select())
        .load(conn)?)
}

pub fn turns_upto(conn: &mut DbConn, game_id: &str, upto: i64) -> Result<Vec<Turn>, StoreError> {
    Ok(turns::table
        .filter(turns::game_id.eq(game_id))
        .filter(turns::seq.le(upto))
        .order(turns::seq.asc())
        .select(Turn::as_select())
        .load(conn)?)
}

pub fn insert_message(conn: &mut DbConn, message: &Message) -> Result<(), StoreError> {
    diesel::insert_into(messages::table)
        .values(message)
        .execute(conn)?;
    Ok(())
}

/// Messages placed at log positions `from..=to` (posted after entry `at_seq` and before
/// the next), oldest first, with senders' display names: the table talk of a log page.
pub fn messages_between(
    conn: &mut DbConn,
    game_id: &str,
    from: i64,
    to: i64,
) -> Result<Vec<(Message, String)>, StoreError> {
    Ok(messages::table
        .inner_join(users::table)
        .filter(messages::game_id.eq(game_id))
        .filter(messages::at_seq.ge(from))
        .filter(messages::at_seq.le(to))
        .order((messages::created_at.asc(), messages::id.asc()))
        .select((Message::as_select(), users::display_name))
        .load(conn)?)
}

/// Messages placed at or after log position `since_seq`, oldest first, with senders'
/// display names.
pub fn messages(
    conn: &mut DbConn,
    game_id: &str,
    since_seq: i64,
    limit: i64,
) -> Result<Vec<(Message, String)>, StoreError> {
    Ok(messages::table
        .inner_join(users::table)
        .filter(messages::game_id.eq(game_id))
        .filter(messages::at_seq.ge(since_seq))
        .order((messages::created_at.asc(), messages::id.asc()))
        .limit(limit)
        .select((Message::as_select(), users::display_name))
        .load(conn)?)
}

/// The last `limit` messages of a game, oldest first, with senders' display names: the
/// talk shown on the game page.
pub fn recent_messages(
    conn: &mut DbConn,
    game_id: &str,
    limit: i64,
) -> Result<Vec<(Message, String)>, StoreError> {
    let mut newest: Vec<(Message, String)> = messages::table
        .inner_join(users::table)
        .filter(messages::game_id.eq(game_id))
        .order((messages::created_at.desc(), messages::id.desc()))
        .limit(limit)
        .select((Message::as_select(), users::display_name))
        .load(conn)?;
    newest.reverse();
    Ok(newest)
}

/// Delete the stored idempotent answers of requests made before `before`; returns how
/// many. A key used again after that is a new request.
pub fn prune_idempotency(
    conn: &mut DbConn,
    before: chrono::NaiveDateTime,
) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(idempotency::table.filter(idempotency::created_at.lt(before)))
            .execute(conn)?,
    )
}

/// End a running game nobody has moved in (`seq` 0) as aborted, with `outcome`, and drop
/// its clocks; `false` when it is no longer such a game (a first turn landed). In the
/// caller's transaction.
pub fn abort_unmoved(
    conn: &mut DbConn,
    game_id: &str,
    outcome: &str,
    at: chrono::NaiveDateTime,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        games::table
            .filter(games::id.eq(game_id))
            .filter(games::seq.eq(0))
            .filter(games::status.eq(RUNNING)),
    )
    .set((
        games::status.eq(OVER),
        games::to_act.eq("[]"),
        games::outcome.eq(Some(outcome)),
        games::ended_at.eq(Some(at)),
        games::updated_at.eq(at),
    ))
    .execute(conn)?;
    if n == 1 {
        use super::schema::deadlines as clocks;
        diesel::delete(clocks::table.filter(clocks::game_id.eq(game_id))).execute(conn)?;
    }
    Ok(n == 1)
}

/// Hold the row of game `game_id` for the rest of the caller's transaction if it is still
/// open: `false` if it is not open (or gone). On PostgreSQL `FOR UPDATE`, the lock a
/// delete takes: a join that has inserted its seat (holding the row `FOR KEY SHARE`)
/// commits first, and one that has not waits, so the seats read next are the ones the
/// delete removes. SQLite's write transaction holds the one writer lock already.
pub fn lock_open(conn: &mut DbConn, game_id: &str) -> Result<bool, StoreError> {
    let open = games::table
        .filter(games::id.eq(game_id))
        .filter(games::status.eq(OPEN))
        .select(games::id);
    let found = match conn {
        DbConn::Pg(c) => open.for_update().first::<String>(c).optional()?,
        DbConn::Sqlite(c) => open.first::<String>(c).optional()?,
    };
    Ok(found.is_some())
}

/// Delete a game that has not started (its seats, invitations and pending mail go with
/// it, by the foreign keys); `false` when it is not there or has started.
pub fn delete_open(conn: &mut DbConn, game_id: &str) -> Result<bool, StoreError> {
    let n = diesel::delete(
        games::table
            .filter(games::id.eq(game_id))
            .filter(games::status.eq(OPEN)),
    )
    .execute(conn)?;
    Ok(n == 1)
}

#[cfg(test)]
mod tests {
    use super::{advance_log_and_seat, AdvanceGame, Turn};
    use diesel::query_builder::QueryFragment;

    /// The PostgreSQL turn's statement stays prepared on its connection: a part of it
    /// that diesel cannot keep prepared (`diesel::dsl::sql`) had PostgreSQL plan it again
    /// on every turn, at half the turns a second (BENCHMARKS.md, fourteenth pass). And its
    /// last part is the seating's own query, with the one condition added.
    #[test]
    fn the_postgres_turn_statement_is_kept_prepared_and_reads_the_seating_query() {
        let at = chrono::NaiveDateTime::default();
        let turn = Turn {
            game_id: "g".into(),
            seq: 2,
            seat: 0,
            user_id: "u".into(),
            turn: "{}".into(),
            notation: "n".into(),
            events: "[]".into(),
            created_at: at,
            source: "player".into(),
            sealed_for: None,
        };
        let advance = AdvanceGame {
            id: "g",
            seq: 2,
            seq_before: 1,
            seat: 0,
            by_player: 1,
            by_stand_in: 0,
            to_act: "[1]",
            outcome: None,
            status: "running",
            ended_at: None,
            updated_at: at,
        };
        let all = advance_log_and_seat(&advance, &turn);
        assert_eq!(all.is_safe_to_cache_prepared(&diesel::pg::Pg), Ok(true));
        let sql = diesel::debug_query::<diesel::pg::Pg, _>(&all).to_string();
        let seating =
            diesel::debug_query::<diesel::pg::Pg, _>(&crate::store::deadlines::seating_query!("g"))
                .to_string();
        let (seating, _) = seating.split_once(" -- binds").unwrap_or_default();
        let (select, rest) = seating.split_once(" WHERE ").unwrap_or_default();
        let (filter, order) = rest.split_once(" ORDER BY ").unwrap_or_default();
        // The seating's one bind comes after the 23 of the game's row and log entry.
        let filter = filter.replace("$1", "$24");
        let expected = format!(
            "FROM advanced RETURNING 1) {select} WHERE ({filter} AND EXISTS (SELECT 1 FROM logged)) ORDER BY {order} -- binds"
        );
        assert!(
            !select.is_empty() && sql.contains(&expected),
            "{sql}\nshould contain\n{expected}"
        );
    }
}
