//! The clocks of seats that must act: the `deadlines` table (one row per waiting seat),
//! the scheduler's claims on it, and the vacations that move it.
//!
//! Owns: writing the rows in the transaction that makes seats wait ([`reset`]), reading
//! them for the game summaries, claiming due reminders and timeouts exactly once across
//! servers (a conditional `UPDATE` whose affected-row count says who won: [`claim_reminder`],
//! [`claim_timeout`], [`mark_expired`]), the daily digest's claim ([`claim_digest`]), and
//! moving a user's clocks when their vacation changes ([`set_vacation_end`]).
//! Must not: read the wall clock (every time comes from the caller, who asks
//! `AppState.clock`), know a game rule or a mail template.
//!
//! See `docs/players/deadlines.md` for what the times mean.

use super::schema::{deadlines, seats, users};
use super::{DbConn, StoreError};
use chrono::{Datelike, Duration, NaiveDateTime};
use diesel::prelude::*;

/// A seat's running clock, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = deadlines)]
// `None` is written as NULL (no column has another default): one SQL text for every
// row, so the statement is prepared once and cached, not again for each insert.
#[diesel(treat_none_as_default_value = false)]
pub struct Deadline {
    pub game_id: String,
    pub seat: i64,
    pub user_id: String,
    /// The game's sequence when the seat began to wait.
    pub seq: i64,
    pub started_at: NaiveDateTime,
    pub due_at: NaiveDateTime,
    /// `None` once the reminder was enqueued (or when there is none to send).
    pub remind_at: Option<NaiveDateTime>,
    /// Set once the timeout was handled (policy `wait` keeps the row, expired).
    pub expired_at: Option<NaiveDateTime>,
    pub lease_owner: Option<String>,
    pub lease_until: Option<NaiveDateTime>,
}

/// When the clock `seat` of `game_id` started at sequence `seq` runs out (`None`: it has
/// none, or it was reset since).
pub fn due_at(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    seq: i64,
) -> Result<Option<NaiveDateTime>, StoreError> {
    Ok(deadlines::table
        .filter(deadlines::game_id.eq(game_id))
        .filter(deadlines::seat.eq(seat))
        .filter(deadlines::seq.eq(seq))
        .select(deadlines::due_at)
        .first(conn)
        .optional()?)
}

/// What a transaction that makes seats wait needs to set their clocks: the time it
/// happens (from the injected clock) and how long before the deadline the reminder goes.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    pub now: NaiveDateTime,
    pub remind_before: Duration,
}

/// The end of `user`'s vacation if they are on one at `now`.
fn on_vacation_until(
    start: Option<NaiveDateTime>,
    end: Option<NaiveDateTime>,
    now: NaiveDateTime,
) -> Option<NaiveDateTime> {
    match (start, end) {
        (Some(s), Some(e)) if s <= now && now < e => Some(e),
        _ => None,
    }
}

/// Remove the clock of `seat` in game `game_id` (its wait ended), in the caller's
/// transaction; [`reset`] then starts a fresh one if the seat waits again.
pub fn drop_clock(conn: &mut DbConn, game_id: &str, seat: i64) -> Result<(), StoreError> {
    diesel::delete(
        deadlines::table
            .filter(deadlines::game_id.eq(game_id))
            .filter(deadlines::seat.eq(seat)),
    )
    .execute(conn)?;
    Ok(())
}

/// A seat of a running game with what its clock and its turn's mail need: the player,
/// their mail address and preference, their vacation, the game's time per turn and the
/// seat's running clock, if any. A turn reads them in one statement ([`seating`]).
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Seated {
    pub seat: i64,
    pub user_id: String,
    pub forfeited_at: Option<NaiveDateTime>,
    pub display_name: String,
    pub email: String,
    pub mail_pref: String,
    pub vacation_start: Option<NaiveDateTime>,
    pub vacation_end: Option<NaiveDateTime>,
    pub turn_seconds: i64,
    /// When the seat's running clock is due; `None` if it has none.
    pub due_at: Option<NaiveDateTime>,
    /// When the player's account became a bot (`users.bot_at`): mail names it so.
    pub bot_at: Option<NaiveDateTime>,
}

/// The query [`seating`] runs for game `$game_id` (a `&str`): the seats that have a
/// number, by seat, with [`Seated`]'s columns. A macro, so that the PostgreSQL turn's
/// combined statement (`games::AdvanceLogAndSeat`) walks this query, not a copy of its
/// columns.
macro_rules! seating_query {
    ($game_id:expr) => {{
        use diesel::prelude::*;
        use $crate::store::schema::{deadlines, games, seats, users};
        seats::table
            .inner_join(users::table)
            .inner_join(games::table)
            .left_join(
                deadlines::table.on(deadlines::game_id
                    .eq(seats::game_id)
                    .and(seats::seat.eq(deadlines::seat.nullable()))),
            )
            .filter(seats::game_id.eq($game_id))
            .filter(seats::seat.is_not_null())
            .order(seats::seat.asc())
            .select((
                seats::seat.assume_not_null(),
                seats::user_id,
                seats::forfeited_at,
                users::display_name,
                users::email,
                users::mail_pref,
                users::vacation_start,
                users::vacation_end,
                games::turn_seconds,
                deadlines::due_at.nullable(),
                users::bot_at,
            ))
    }};
}
pub(crate) use seating_query;

/// The seats of game `game_id` that have a number, by seat, each with its clock if it has
/// one ([`Seated`]). A clock always belongs to a numbered seat: [`reset`] writes one only
/// for a seat it found here.
pub fn seating(conn: &mut DbConn, game_id: &str) -> Result<Vec<Seated>, StoreError> {
    Ok(super::native!(conn, c => seating_query!(game_id).load(c))?)
}

/// What [`reset`] leaves: when each seat that must act is due, and the seats as read
/// before the reset (for the turn's mail: names, addresses, preferences).
#[derive(Debug, Clone, Default)]
pub struct Clocks {
    /// (seat, due) for each seat of `to_act` that has a player.
    pub due: Vec<(i64, NaiveDateTime)>,
    pub seats: Vec<Seated>,
}

/// A clock handed from a seat whose wait ended to one whose wait begins, in place: the
/// same row keyed anew (`UPDATE`), one statement where a `DELETE` and an `INSERT` were
/// two. Fixed SQL text, so the connection keeps it prepared (diesel never keeps an
/// `update(…).set(…)`'s). The reminder, timeout and lease claims of the old wait all
/// name its seat and sequence, so none of them can take the new one.
struct MoveClock<'a> {
    game_id: &'a str,
    from_seat: i64,
    row: &'a Deadline,
}

impl<DB> diesel::query_builder::QueryFragment<DB> for MoveClock<'_>
where
    DB: diesel::backend::Backend,
    DB: diesel::sql_types::HasSqlType<diesel::sql_types::BigInt>
        + diesel::sql_types::HasSqlType<diesel::sql_types::Text>
        + diesel::sql_types::HasSqlType<diesel::sql_types::Timestamp>,
    i64: diesel::serialize::ToSql<diesel::sql_types::BigInt, DB>,
    str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
    String: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
    NaiveDateTime: diesel::serialize::ToSql<diesel::sql_types::Timestamp, DB>,
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
    ) -> diesel::QueryResult<()> {
        use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
        let row = self.row;
        out.push_sql("UPDATE deadlines SET seat = ");
        out.push_bind_param::<BigInt, _>(&row.seat)?;
        out.push_sql(", user_id = ");
        out.push_bind_param::<Text, _>(&row.user_id)?;
        out.push_sql(", seq = ");
        out.push_bind_param::<BigInt, _>(&row.seq)?;
        out.push_sql(", started_at = ");
        out.push_bind_param::<Timestamp, _>(&row.started_at)?;
        out.push_sql(", due_at = ");
        out.push_bind_param::<Timestamp, _>(&row.due_at)?;
        out.push_sql(", remind_at = ");
        out.push_bind_param::<Nullable<Timestamp>, _>(&row.remind_at)?;
        out.push_sql(
            ", expired_at = NULL, lease_owner = NULL, lease_until = NULL WHERE game_id = ",
        );
        out.push_bind_param::<Text, _>(self.game_id)?;
        out.push_sql(" AND seat = ");
        out.push_bind_param::<BigInt, _>(&self.from_seat)?;
        Ok(())
    }
}

impl diesel::query_builder::QueryId for MoveClock<'_> {
    type QueryId = MoveClock<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<Conn> RunQueryDsl<Conn> for MoveClock<'_> {}

/// Set the clocks of game `game_id`, which is now at `seq` with `to_act` waiting, in the
/// caller's transaction: rows of seats that no longer must act go; a seat that still must
/// act keeps its clock (a turn in two submissions, or another seat acting meanwhile); a
/// seat that begins to wait gets `due = now + turn_seconds` — counted from the end of its
/// player's vacation if they are on one — and `remind_at = due - remind_before` (none if
/// that is not after now). A forfeited seat is due at once: the scheduler plays for it.
/// A game that is over (`to_act` empty) keeps no row. Returns when each seat of `to_act`
/// is due (the turn's `your_turn` events tell it: no need to read the rows again), with
/// the seats as read.
///
/// One read ([`seating`]) and, for a turn that passes the move from one seat to another,
/// one write: the ended wait's row becomes the new one ([`MoveClock`]). Every statement
/// has a fixed shape (no `IN` list), so the connection's statement cache keeps it
/// prepared: this runs in every turn's transaction, under SQLite's one writer and on
/// PostgreSQL's one writer connection, where each statement is a round trip.
pub fn reset(
    conn: &mut DbConn,
    game_id: &str,
    seq: i64,
    to_act: &[i64],
    timing: &Timing,
) -> Result<Clocks, StoreError> {
    let seats = seating(conn, game_id)?;
    reset_seated(conn, game_id, seq, to_act, timing, seats)
}

/// [`reset`] on `seats`, the game's [`seating`] as read in the caller's transaction
/// (a PostgreSQL turn reads it in the statement that writes the turn: one round trip of
/// the writer fewer).
pub fn reset_seated(
    conn: &mut DbConn,
    game_id: &str,
    seq: i64,
    to_act: &[i64],
    timing: &Timing,
    seats: Vec<Seated>,
) -> Result<Clocks, StoreError> {
    let now = timing.now;
    let mut due: Vec<(i64, NaiveDateTime)> = seats
        .iter()
        .filter(|s| to_act.contains(&s.seat))
        .filter_map(|s| Some((s.seat, s.due_at?)))
        .collect();
    let mut ended = seats
        .iter()
        .filter(|s| s.due_at.is_some() && !to_act.contains(&s.seat))
        .map(|s| s.seat);
    for &seat in to_act {
        let Some(s) = seats.iter().find(|s| s.seat == seat) else {
            continue;
        };
        if s.due_at.is_some() {
            continue;
        }
        let (due_at, remind) = if s.forfeited_at.is_some() {
            (now, None)
        } else {
            let from = on_vacation_until(s.vacation_start, s.vacation_end, now).unwrap_or(now);
            let due = from + Duration::seconds(s.turn_seconds);
            let remind = Some(due - timing.remind_before).filter(|r| *r > now);
            (due, remind)
        };
        let row = Deadline {
            game_id: game_id.to_string(),
            seat,
            user_id: s.user_id.clone(),
            seq,
            started_at: now,
            due_at,
            remind_at: remind,
            expired_at: None,
            lease_owner: None,
            lease_until: None,
        };
        match ended.next() {
            Some(from_seat) => {
                let moved = MoveClock {
                    game_id,
                    from_seat,
                    row: &row,
                };
                super::native!(conn, c => moved.execute(c))?;
            }
            None => {
                super::native!(conn, c => diesel::insert_into(deadlines::table)
                    .values(&row)
                    .execute(c))?;
            }
        }
        due.push((seat, due_at));
    }
    for seat in ended {
        super::native!(conn, c => diesel::delete(
            deadlines::table
                .filter(deadlines::game_id.eq(game_id))
                .filter(deadlines::seat.eq(seat)),
        )
        .execute(c))?;
    }
    Ok(Clocks { due, seats })
}

/// The clocks of one game, by seat.
pub fn of_game(conn: &mut DbConn, game_id: &str) -> Result<Vec<Deadline>, StoreError> {
    Ok(deadlines::table
        .filter(deadlines::game_id.eq(game_id))
        .order(deadlines::seat.asc())
        .select(Deadline::as_select())
        .load(conn)?)
}

/// The clocks of each game of `game_ids`, as [`of_game`] gives them, in one query per 500
/// games.
pub fn of_games(
    conn: &mut DbConn,
    game_ids: &[String],
) -> Result<std::collections::HashMap<String, Vec<Deadline>>, StoreError> {
    let mut out: std::collections::HashMap<String, Vec<Deadline>> = Default::default();
    for ids in game_ids.chunks(500) {
        let rows: Vec<Deadline> = deadlines::table
            .filter(deadlines::game_id.eq_any(ids))
            .order((deadlines::game_id.asc(), deadlines::seat.asc()))
            .select(Deadline::as_select())
            .load(conn)?;
        for d in rows {
            out.entry(d.game_id.clone()).or_default().push(d);
        }
    }
    Ok(out)
}

/// The clocks of `user_id`'s seats, found through the seats (`seats_user`, then each
/// clock by its key): the clocks keep no index on `user_id`, which every turn that hands a
/// clock to the next seat would rewrite.
macro_rules! clocks_of_user {
    ($user_id:expr) => {
        deadlines::table
            .inner_join(
                seats::table.on(seats::game_id
                    .eq(deadlines::game_id)
                    .and(seats::seat.eq(deadlines::seat.nullable()))),
            )
            .filter(seats::user_id.eq($user_id))
    };
}

/// The clocks of one user, earliest first.
pub fn of_user(conn: &mut DbConn, user_id: &str) -> Result<Vec<Deadline>, StoreError> {
    Ok(clocks_of_user!(user_id)
        .order(deadlines::due_at.asc())
        .select(Deadline::as_select())
        .load(conn)?)
}

/// Up to `limit` rows whose reminder is due at `now`.
pub fn reminders_due(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<Deadline>, StoreError> {
    Ok(deadlines::table
        .filter(deadlines::remind_at.le(now))
        .order(deadlines::remind_at.asc())
        .limit(limit)
        .select(Deadline::as_select())
        .load(conn)?)
}

/// Take the reminder of `row` (set `remind_at` to null if it is still due and the row is
/// still the same wait): `true` for exactly one caller across servers.
pub fn claim_reminder(
    conn: &mut DbConn,
    row: &Deadline,
    now: NaiveDateTime,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(&row.game_id))
            .filter(deadlines::seat.eq(row.seat))
            .filter(deadlines::seq.eq(row.seq))
            .filter(deadlines::remind_at.le(now)),
    )
    .set(deadlines::remind_at.eq(None::<NaiveDateTime>))
    .execute(conn)?;
    Ok(n == 1)
}

/// Up to `limit` rows whose time ran out at `now` and was not handled yet (and whose
/// lease, if any, has lapsed).
pub fn timeouts_due(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<Deadline>, StoreError> {
    Ok(deadlines::table
        .filter(deadlines::due_at.le(now))
        .filter(deadlines::expired_at.is_null())
        .filter(
            deadlines::lease_until
                .is_null()
                .or(deadlines::lease_until.lt(now)),
        )
        .order(deadlines::due_at.asc())
        .limit(limit)
        .select(Deadline::as_select())
        .load(conn)?)
}

/// Lease the timeout of `row` to `owner` until `until`: `true` for exactly one caller
/// across servers while the lease holds. The lease only saves the others the work; the
/// turn the handler plays is still guarded by the game's sequence.
pub fn claim_timeout(
    conn: &mut DbConn,
    row: &Deadline,
    owner: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(&row.game_id))
            .filter(deadlines::seat.eq(row.seat))
            .filter(deadlines::seq.eq(row.seq))
            .filter(deadlines::due_at.le(now))
            .filter(deadlines::expired_at.is_null())
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

/// Mark the timeout of `row` handled without a turn (policy `wait`): `true` for exactly
/// one caller.
pub fn mark_expired(
    conn: &mut DbConn,
    row: &Deadline,
    now: NaiveDateTime,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(&row.game_id))
            .filter(deadlines::seat.eq(row.seat))
            .filter(deadlines::seq.eq(row.seq))
            .filter(deadlines::expired_at.is_null()),
    )
    .set((
        deadlines::expired_at.eq(Some(now)),
        deadlines::lease_owner.eq(None::<String>),
        deadlines::lease_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Begin a transaction with a write on `row` (a no-op update), so that SQLite takes its
/// write lock first and never has to upgrade a read (which fails when another server
/// wrote meanwhile).
pub fn lock(conn: &mut DbConn, row: &Deadline) -> Result<(), StoreError> {
    diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(&row.game_id))
            .filter(deadlines::seat.eq(row.seat)),
    )
    .set(deadlines::lease_owner.eq(deadlines::lease_owner))
    .execute(conn)?;
    Ok(())
}

/// Remove `row` if it is still the same wait (a clock whose seat no longer must act: the
/// turn that should have removed it did not, e.g. written by an older server).
pub fn delete_stale(conn: &mut DbConn, row: &Deadline) -> Result<(), StoreError> {
    diesel::delete(
        deadlines::table
            .filter(deadlines::game_id.eq(&row.game_id))
            .filter(deadlines::seat.eq(row.seat))
            .filter(deadlines::seq.eq(row.seq)),
    )
    .execute(conn)?;
    Ok(())
}

/// Give up a lease (the handler failed): another tick may try again at once.
pub fn release(conn: &mut DbConn, row: &Deadline) -> Result<(), StoreError> {
    diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(&row.game_id))
            .filter(deadlines::seat.eq(row.seat)),
    )
    .set((
        deadlines::lease_owner.eq(None::<String>),
        deadlines::lease_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?;
    Ok(())
}

/// Mark seat `seat` of `game_id` forfeited (once).
pub fn forfeit_seat(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    now: NaiveDateTime,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        seats::table
            .filter(seats::game_id.eq(game_id))
            .filter(seats::seat.eq(Some(seat)))
            .filter(seats::forfeited_at.is_null()),
    )
    .set(seats::forfeited_at.eq(Some(now)))
    .execute(conn)?;
    Ok(n == 1)
}

/// Seat `seat` of `game_id` resigned: out as on a forfeit (`forfeited_at`, kept if it
/// was out already) and `resigned_at`; its clock, if it waits, is due now (the scheduler
/// passes for it at its next tick). `false` if it had resigned already. In the caller's
/// transaction.
pub fn resign_seat(
    conn: &mut DbConn,
    game_id: &str,
    seat: i64,
    now: NaiveDateTime,
) -> Result<bool, StoreError> {
    forfeit_seat(conn, game_id, seat, now)?;
    let n = diesel::update(
        seats::table
            .filter(seats::game_id.eq(game_id))
            .filter(seats::seat.eq(Some(seat)))
            .filter(seats::resigned_at.is_null()),
    )
    .set(seats::resigned_at.eq(Some(now)))
    .execute(conn)?;
    diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(game_id))
            .filter(deadlines::seat.eq(seat)),
    )
    .set((
        deadlines::due_at.eq(now),
        deadlines::remind_at.eq(None::<NaiveDateTime>),
        deadlines::expired_at.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// The forfeited seats of a game.
pub fn forfeited_seats(conn: &mut DbConn, game_id: &str) -> Result<Vec<i64>, StoreError> {
    let seats: Vec<Option<i64>> = seats::table
        .filter(seats::game_id.eq(game_id))
        .filter(seats::forfeited_at.is_not_null())
        .select(seats::seat)
        .load(conn)?;
    Ok(seats.into_iter().flatten().collect())
}

/// Users whose digest is due at `now` (`mail_pref = 'digest'` and `next_digest_at` is
/// null — never scheduled — or not after now), up to `limit`.
pub fn digests_due(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<(String, Option<NaiveDateTime>, String)>, StoreError> {
    Ok(users::table
        .filter(users::mail_pref.eq("digest"))
        .filter(
            users::next_digest_at
                .is_null()
                .or(users::next_digest_at.le(now)),
        )
        .order(users::id.asc())
        .limit(limit)
        .select((users::id, users::next_digest_at, users::time_zone))
        .load(conn)?)
}

/// Move `user`'s next digest from `seen` (what the caller read) to `next`: `true` for
/// exactly one caller across servers.
pub fn claim_digest(
    conn: &mut DbConn,
    user_id: &str,
    seen: Option<NaiveDateTime>,
    next: NaiveDateTime,
) -> Result<bool, StoreError> {
    let target = users::table
        .filter(users::id.eq(user_id))
        .filter(users::mail_pref.eq("digest"));
    let n = match seen {
        Some(seen) => diesel::update(target.filter(users::next_digest_at.eq(seen)))
            .set(users::next_digest_at.eq(Some(next)))
            .execute(conn)?,
        None => diesel::update(target.filter(users::next_digest_at.is_null()))
            .set(users::next_digest_at.eq(Some(next)))
            .execute(conn)?,
    };
    Ok(n == 1)
}

/// A user's vacation, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vacation {
    pub start: Option<NaiveDateTime>,
    pub end: Option<NaiveDateTime>,
    /// The calendar year (UTC) `used_secs` counts.
    pub year: i64,
    pub used_secs: i64,
}

impl Vacation {
    /// Seconds used in the year of `now` (a new year starts from nothing).
    pub fn used_in(&self, now: NaiveDateTime) -> i64 {
        if self.year == i64::from(now.year()) {
            self.used_secs
        } else {
            0
        }
    }

    /// The end of the vacation running at `now`, if one is.
    pub fn running_until(&self, now: NaiveDateTime) -> Option<NaiveDateTime> {
        on_vacation_until(self.start, self.end, now)
    }
}

pub fn vacation(conn: &mut DbConn, user_id: &str) -> Result<Option<Vacation>, StoreError> {
    let row: Option<(Option<NaiveDateTime>, Option<NaiveDateTime>, i64, i64)> = users::table
        .find(user_id)
        .select((
            users::vacation_start,
            users::vacation_end,
            users::vacation_year,
            users::vacation_used_secs,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(start, end, year, used_secs)| Vacation {
        start,
        end,
        year,
        used_secs,
    }))
}

/// Why a vacation change was refused.
#[derive(Debug, thiserror::Error)]
pub enum VacationError {
    #[error("over budget: {wanted} s wanted, {left} s left this year")]
    OverBudget { wanted: i64, left: i64 },
    #[error("no such user")]
    NoUser,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<diesel::result::Error> for VacationError {
    fn from(e: diesel::result::Error) -> VacationError {
        VacationError::Store(e.into())
    }
}

/// Make `user`'s vacation end at `new_end` (at or after `now`): starts one now if none is
/// running, lengthens or shortens the running one (`new_end == now` ends it). The change
/// in its end is charged to (or refunded from) this year's budget of `budget_secs`, and
/// every running clock of the user that has not expired moves by the same amount — so a
/// clock that started before the vacation stands still during it, and one that started
/// during it (counted from its end) keeps counting from the new end. All in one
/// transaction that begins with its write.
pub fn set_vacation_end(
    conn: &mut DbConn,
    user_id: &str,
    now: NaiveDateTime,
    new_end: NaiveDateTime,
    budget_secs: i64,
) -> Result<Vacation, VacationError> {
    crate::store::write_transaction(conn, |conn| {
        // Take the row's write lock first (SQLite: no read-to-write upgrade).
        let n = diesel::update(users::table.filter(users::id.eq(user_id)))
            .set(users::vacation_year.eq(users::vacation_year))
            .execute(conn)?;
        if n == 0 {
            return Err(VacationError::NoUser);
        }
        let current = vacation(conn, user_id)?.ok_or(VacationError::NoUser)?;
        let year = i64::from(now.year());
        let used = current.used_in(now);
        let (start, old_end) = match current.running_until(now) {
            Some(end) => (current.start.unwrap_or(now), end),
            None => (now, now),
        };
        let delta = (new_end - old_end).num_seconds();
        let left = budget_secs - used;
        if delta > left {
            return Err(VacationError::OverBudget {
                wanted: delta,
                left: left.max(0),
            });
        }
        // A refund never takes the count below zero (a vacation begun last year).
        let used = (used + delta).max(0);
        let (start, end) = if new_end > now {
            (Some(start), Some(new_end))
        } else if current.running_until(now).is_some() {
            // Ended early: keep when it ran, for the record.
            (Some(start), Some(now))
        } else {
            (current.start, current.end)
        };
        diesel::update(users::table.filter(users::id.eq(user_id)))
            .set((
                users::vacation_start.eq(start),
                users::vacation_end.eq(end),
                users::vacation_year.eq(year),
                users::vacation_used_secs.eq(used),
            ))
            .execute(conn)?;
        if delta != 0 {
            let shift = Duration::seconds(delta);
            let rows: Vec<Deadline> = clocks_of_user!(user_id)
                .filter(deadlines::expired_at.is_null())
                .select(Deadline::as_select())
                .load(conn)?;
            // A seat that dropped out has no clock to stop: the service plays for it.
            let dropped: Vec<(String, Option<i64>)> = seats::table
                .filter(seats::user_id.eq(user_id))
                .filter(seats::forfeited_at.is_not_null())
                .select((seats::game_id, seats::seat))
                .load(conn)?;
            for row in rows {
                if dropped
                    .iter()
                    .any(|(g, s)| *g == row.game_id && *s == Some(row.seat))
                {
                    continue;
                }
                diesel::update(
                    deadlines::table
                        .filter(deadlines::game_id.eq(&row.game_id))
                        .filter(deadlines::seat.eq(row.seat)),
                )
                .set((
                    deadlines::due_at.eq(row.due_at + shift),
                    deadlines::remind_at.eq(row.remind_at.map(|r| r + shift)),
                ))
                .execute(conn)?;
            }
        }
        Ok(Vacation {
            start,
            end,
            year,
            used_secs: used,
        })
    })
}
