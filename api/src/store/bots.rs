//! Seats the engine's bots play: the engine's bot users, the clocks of bot and stood-in
//! seats that must act, the bot worker's lease on them, and the stand-in mark of a seat.
//!
//! Owns: the queries. A bot's turn is claimed with a lease on its seat's clock (the
//! `deadlines` row, `lease_owner` and `lease_until`, as the scheduler's timeouts are):
//! a conditional `UPDATE` whose affected-row count says which server plays it, and a
//! server that dies while its bot thinks leaves a lease that lapses, so the turn is
//! taken up again. The turn itself is still guarded by the game's sequence.
//! Must not: know a game rule, a bot's level beyond its name, or read the wall clock.

use super::models::now;
use super::schema::{deadlines, games, seats, users};
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// The id of the `n`th engine bot user of `level` (from 1): a game with three greedy bots
/// seats `engine-bot-greedy-1` to `-3` (a user holds one seat per game).
pub fn engine_bot_id(level: &str, n: usize) -> String {
    format!("engine-bot-{level}-{n}")
}

/// The engine bot user `id` (see [`engine_bot_id`]), written the first time it is seated:
/// named `name`, with an address nobody can own (`.invalid`), no password that any
/// password matches, and no mail.
pub fn ensure_engine_bot(conn: &mut DbConn, id: &str, name: &str) -> Result<(), StoreError> {
    // ON CONFLICT DO NOTHING (a caught unique violation would abort a Postgres
    // transaction), written per backend: diesel's MultiConnection has no upsert.
    let insert = diesel::insert_into(users::table)
        .values((
            users::id.eq(id),
            users::email.eq(format!("{id}@bots.invalid")),
            users::display_name.eq(name),
            // Not a PHC string: no password verifies against it.
            users::password_hash.eq("!"),
            users::created_at.eq(now()),
            users::mail_pref.eq("none"),
        ))
        .on_conflict_do_nothing();
    match conn {
        DbConn::Sqlite(c) => insert.execute(c)?,
        DbConn::Pg(c) => insert.execute(c)?,
    };
    Ok(())
}

/// A seat a bot must play now: its clock, and who plays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotWait {
    pub game_id: String,
    pub seat: i64,
    /// The seat's user: the engine bot user, or the absent player a stand-in plays for.
    pub user_id: String,
    /// The game's sequence the seat must act at.
    pub seq: i64,
    /// The engine bot's level (`None`: a stand-in, at the game's `stand_in_level`).
    pub bot: Option<String>,
    pub stand_in_level: String,
}

/// Up to `limit` clocks of seats a bot plays (an engine bot's seat, or a seat a stand-in
/// took and its player did not take back) whose lease, if any, has lapsed at `now`;
/// the oldest wait first. A seat that dropped out is the scheduler's (it passes).
pub fn waiting(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<BotWait>, StoreError> {
    let rows: Vec<(String, i64, String, i64, Option<String>, String)> = deadlines::table
        .inner_join(
            seats::table.on(seats::game_id
                .eq(deadlines::game_id)
                .and(seats::seat.eq(deadlines::seat.nullable()))),
        )
        .inner_join(games::table.on(games::id.eq(deadlines::game_id)))
        .filter(
            seats::bot
                .is_not_null()
                .or(seats::stand_in_at.is_not_null()),
        )
        .filter(seats::forfeited_at.is_null())
        .filter(
            deadlines::lease_until
                .is_null()
                .or(deadlines::lease_until.lt(now)),
        )
        .order(deadlines::started_at.asc())
        .limit(limit)
        .select((
            deadlines::game_id,
            deadlines::seat,
            deadlines::user_id,
            deadlines::seq,
            seats::bot,
            games::stand_in_level,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(game_id, seat, user_id, seq, bot, stand_in_level)| BotWait {
                game_id,
                seat,
                user_id,
                seq,
                bot,
                stand_in_level,
            },
        )
        .collect())
}

/// Lease the bot's turn of `wait` to `owner` until `until`: `true` for exactly one caller
/// across servers while the lease holds (the same wait, its lease free or lapsed).
pub fn claim(
    conn: &mut DbConn,
    wait: &BotWait,
    owner: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(&wait.game_id))
            .filter(deadlines::seat.eq(wait.seat))
            .filter(deadlines::seq.eq(wait.seq))
            .filter(
                deadlines::lease_until
                    .is_null()
                    .or(deadlines::lease_until.lt(now)),
            ),
    )
    .set((
        deadlines::lease_owner.eq(Some(owner)),
        deadlines::lease_until.eq(Some(until)),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Mark seat `seat` of `game_id` as played by a stand-in from `at`: `true` if it was not
/// (a person's seat not stood in for, which has not dropped out).
pub fn start_stand_in(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    at: NaiveDateTime,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        seats::table
            .filter(seats::game_id.eq(game_id))
            .filter(seats::seat.eq(seat))
            .filter(seats::bot.is_null())
            .filter(seats::stand_in_at.is_null())
            .filter(seats::forfeited_at.is_null()),
    )
    .set(seats::stand_in_at.eq(Some(at)))
    .execute(conn)?;
    Ok(n == 1)
}

/// The player of seat `seat` of `game_id` takes it back from its stand-in: `true` if a
/// stand-in had it.
pub fn end_stand_in(conn: &mut DbConn, game_id: &str, seat: i64) -> Result<bool, StoreError> {
    let n = diesel::update(
        seats::table
            .filter(seats::game_id.eq(game_id))
            .filter(seats::seat.eq(seat))
            .filter(seats::stand_in_at.is_not_null()),
    )
    .set(seats::stand_in_at.eq(None::<NaiveDateTime>))
    .execute(conn)?;
    Ok(n == 1)
}
