//! The events streams send (`crate::stream`, `docs/clients/stream.md`), written in the transaction
//! that causes them: a stream reads them from here, so a client that reconnects with the
//! last id it saw misses nothing.
//!
//! Owns: appending events (with the wake-up other servers hear: PostgreSQL `NOTIFY` in the
//! same transaction), reading them after an id, pruning old ones, and the connection that
//! hears the wake-ups ([`Listener`]).
//! Must not: decide who may see what (`crate::play::events` builds each event for its
//! reader).

use super::schema::events;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

/// The PostgreSQL channel a server listens on for new events.
pub const CHANNEL: &str = "hermes_events";

/// An event to write: for one user's stream (`user_id`) or for a game's (`user_id`
/// `None`).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = events)]
// `None` is written as NULL (no column has another default): one SQL text for every
// row, so the statement is prepared once and cached, not again for each insert.
#[diesel(treat_none_as_default_value = false)]
pub struct NewEvent {
    pub user_id: Option<String>,
    pub game_id: Option<String>,
    pub kind: String,
    /// The event's JSON, as its reader may see it.
    pub data: String,
    pub created_at: NaiveDateTime,
}

/// A stored event.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = events)]
pub struct Event {
    pub id: i64,
    pub user_id: Option<String>,
    pub game_id: Option<String>,
    pub kind: String,
    pub data: String,
    pub created_at: NaiveDateTime,
}

/// Whose streams a batch of events is for: what a wake-up names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wake {
    #[serde(default, rename = "u")]
    pub users: Vec<String>,
    #[serde(default, rename = "g")]
    pub games: Vec<String>,
}

impl Wake {
    pub fn of(events: &[NewEvent]) -> Wake {
        let mut wake = Wake::default();
        for e in events {
            match (&e.user_id, &e.game_id) {
                (Some(u), _) => wake.users.push(u.clone()),
                (None, Some(g)) => wake.games.push(g.clone()),
                (None, None) => {}
            }
        }
        wake.users.sort();
        wake.users.dedup();
        wake.games.sort();
        wake.games.dedup();
        wake
    }

    pub fn is_empty(&self) -> bool {
        self.users.is_empty() && self.games.is_empty()
    }

    /// Everyone (after a listener reconnected and may have missed a notification).
    pub fn everyone() -> Wake {
        Wake {
            users: vec!["*".into()],
            games: vec!["*".into()],
        }
    }

    pub fn wakes_user(&self, user_id: &str) -> bool {
        self.users.iter().any(|u| u == user_id || u == "*")
    }

    pub fn wakes_game(&self, game_id: &str) -> bool {
        self.games.iter().any(|g| g == game_id || g == "*")
    }
}

/// Write `batch` in the caller's transaction. On PostgreSQL the ids must grow in commit
/// order, or a reader that saw id 11 committed before id 10 would skip 10 for good: a
/// transaction-scoped advisory lock makes event writers commit one after another (it is
/// taken last in the transaction, so it is held only until the commit), and a `NOTIFY`,
/// delivered at commit, wakes the streams of every server. SQLite has one writer anyway.
/// In a batch of the group-commit writer ([`Deferring`]), the events are kept and written
/// with the others of the batch at its end ([`write_deferred`]).
pub fn append(conn: &mut DbConn, batch: &[NewEvent]) -> Result<(), StoreError> {
    if batch.is_empty() {
        return Ok(());
    }
    let kept = DEFERRED.with_borrow_mut(|deferred| match deferred {
        Some(kept) => {
            kept.extend_from_slice(batch);
            true
        }
        None => false,
    });
    if kept {
        return Ok(());
    }
    Ok(insert_all(conn, batch)?)
}

/// Insert `batch` with the ordering lock and the wake-up (see [`append`]).
fn insert_all(conn: &mut DbConn, batch: &[NewEvent]) -> Result<(), diesel::result::Error> {
    order_lock(conn)?;
    // Several rows a statement (the statement's binds stay well under SQLite's limit).
    for rows in batch.chunks(200) {
        super::native!(conn, c => diesel::insert_into(events::table)
            .values(rows)
            .execute(c))?;
    }
    if let DbConn::Pg(pg) = conn {
        let mut payload = serde_json::to_string(&Wake::of(batch)).unwrap_or_default();
        // NOTIFY payloads stop at 8000 bytes: past that, wake every stream.
        if payload.len() > 7000 {
            payload = serde_json::to_string(&Wake::everyone()).unwrap_or_default();
        }
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<diesel::sql_types::Text, _>(CHANNEL)
            .bind::<diesel::sql_types::Text, _>(payload)
            .execute(pg)?;
    }
    Ok(())
}

std::thread_local! {
    /// The events appended on this thread while a [`Deferring`] lives (the group-commit
    /// writer's batch), still to be written.
    static DEFERRED: std::cell::RefCell<Option<Vec<NewEvent>>> =
        const { std::cell::RefCell::new(None) };
}

/// While it lives, [`append`] on this thread keeps the events instead of writing them: the
/// group-commit writer writes a batch's events together at its end ([`write_deferred`]),
/// in a few statements instead of several a turn, and on PostgreSQL takes the events'
/// ordering lock only then, after every write of the batch has taken the rows it needs
/// (holding it while waiting for a row another writer holds could deadlock with that
/// writer, waiting for the lock). Dropping it forgets what was kept.
pub struct Deferring(());

impl Deferring {
    pub fn begin() -> Deferring {
        DEFERRED.with_borrow_mut(|d| *d = Some(Vec::new()));
        Deferring(())
    }

    /// How many events are kept so far (a mark for [`Deferring::forget_from`]).
    pub fn kept(&self) -> usize {
        DEFERRED.with_borrow(|d| d.as_ref().map_or(0, Vec::len))
    }

    /// Forget the events kept after `mark`: the write that appended them was rolled back.
    pub fn forget_from(&self, mark: usize) {
        DEFERRED.with_borrow_mut(|d| {
            if let Some(kept) = d {
                kept.truncate(mark);
            }
        });
    }
}

impl Drop for Deferring {
    fn drop(&mut self) {
        DEFERRED.with_borrow_mut(|d| *d = None);
    }
}

/// Write the events kept by `deferring` (see [`append`]) in the caller's transaction.
pub fn write_deferred(
    conn: &mut DbConn,
    deferring: &Deferring,
) -> Result<(), diesel::result::Error> {
    let _ = deferring;
    let kept = DEFERRED.with_borrow_mut(|d| d.as_mut().map(std::mem::take).unwrap_or_default());
    if kept.is_empty() {
        return Ok(());
    }
    insert_all(conn, &kept)
}

/// PostgreSQL: take the lock that makes event writers commit one after another (see
/// [`append`]) until the end of the caller's transaction; nothing on SQLite. Every writer
/// takes it last, once it holds every row it writes ([`Deferring`]): the one holding it
/// then waits for nobody's rows but commits.
pub fn order_lock(conn: &mut DbConn) -> Result<(), diesel::result::Error> {
    if let DbConn::Pg(_) = conn {
        const LOCK: i64 = 0x4845_524d_4556; // "HERMEV"
        diesel::sql_query(format!("SELECT pg_advisory_xact_lock({LOCK})")).execute(conn)?;
    }
    Ok(())
}

/// PostgreSQL: a connection of its own that listens on [`CHANNEL`] (`crate::stream` keeps
/// one per server, in a thread of its own). Errors are the connection's, as text.
pub struct Listener {
    conn: diesel::pg::PgConnection,
}

impl Listener {
    /// Connect to `url` and `LISTEN` on [`CHANNEL`].
    pub fn open(url: &str) -> Result<Listener, String> {
        use diesel::Connection;
        let mut conn = diesel::pg::PgConnection::establish(url).map_err(|e| e.to_string())?;
        diesel::sql_query(format!("LISTEN {CHANNEL}"))
            .execute(&mut conn)
            .map_err(|e| e.to_string())?;
        Ok(Listener { conn })
    }

    /// Hand `f` the payload of each notification that arrived since the last call, in
    /// order (a non-blocking read: no query). Stops at the first error.
    pub fn each_payload(&mut self, mut f: impl FnMut(&str)) -> Result<(), String> {
        for note in self.conn.notifications_iter() {
            let note = note.map_err(|e| e.to_string())?;
            f(&note.payload);
        }
        Ok(())
    }

    /// Check that the connection is alive (a `SELECT 1`).
    pub fn ping(&mut self) -> Result<(), String> {
        diesel::sql_query("SELECT 1")
            .execute(&mut self.conn)
            .map_err(|e| e.to_string())?;
        Ok(())
    }
}

/// Up to `limit` events of `user_id`'s stream after `after`, oldest first.
pub fn for_user(
    conn: &mut DbConn,
    user_id: &str,
    after: i64,
    limit: i64,
) -> Result<Vec<Event>, StoreError> {
    Ok(events::table
        .filter(events::user_id.eq(user_id))
        .filter(events::id.gt(after))
        .order(events::id.asc())
        .limit(limit)
        .select(Event::as_select())
        .load(conn)?)
}

/// Up to `limit` events of the stream of `game_id` after `after`, oldest first.
pub fn for_game(
    conn: &mut DbConn,
    game_id: &str,
    after: i64,
    limit: i64,
) -> Result<Vec<Event>, StoreError> {
    Ok(events::table
        .filter(events::game_id.eq(game_id))
        .filter(events::user_id.is_null())
        .filter(events::id.gt(after))
        .order(events::id.asc())
        .limit(limit)
        .select(Event::as_select())
        .load(conn)?)
}

/// The newest event id (0 when there is none): where a stream that does not resume
/// starts.
pub fn last_id(conn: &mut DbConn) -> Result<i64, StoreError> {
    Ok(events::table
        .select(diesel::dsl::max(events::id))
        .first::<Option<i64>>(conn)?
        .unwrap_or(0))
}

/// Delete events written before `before`; returns how many.
///
/// Events keep no index on their time (every turn would write into it): ids grow with the
/// time an event was written, so the first event written at or after `before` is found by
/// walking the ids from the oldest (the rows it passes are the ones deleted), and every
/// id below it goes. An event committed a moment out of order on PostgreSQL waits for the
/// next prune.
pub fn prune(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, StoreError> {
    let first_kept: Option<i64> = events::table
        .filter(events::created_at.ge(before))
        .order(events::id.asc())
        .select(events::id)
        .first(conn)
        .optional()?;
    Ok(match first_kept {
        Some(id) => diesel::delete(events::table.filter(events::id.lt(id))).execute(conn)?,
        None => {
            diesel::delete(events::table.filter(events::created_at.lt(before))).execute(conn)?
        }
    })
}
