//! The outbox: every mail the service sends, written in the transaction that causes it.
//!
//! Owns: adding a mail ([`enqueue`], at most once per `dedupe_key`), and the queries of
//! the delivery worker (`crate::outbox`): claiming due rows with a lease ([`claim`],
//! `super::lease`), marking stale your-turn rows superseded ([`supersede_due`]), writing
//! down each attempt ([`mark`]); and of the operator's view (`hermes outbox`: [`counts`],
//! [`failed`], [`retry`]). The worker decides what to send and what an attempt came to;
//! the scheduler and the handlers only enqueue.

use super::lease;
use super::models::{new_id, OutboxRow};
use super::schema::outbox;
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamp};

/// A mail to send.
#[derive(Debug, Clone)]
pub struct NewMail {
    /// Unique among all mails ever enqueued, e.g. `your_turn:GAME:SEQ:USER`: a second
    /// mail with the same key is not added. `None`: no such guard.
    pub dedupe_key: Option<String>,
    /// The template's name (`crate::mail::Template::name`).
    pub template: &'static str,
    pub user_id: Option<String>,
    pub to_addr: String,
    pub to_name: Option<String>,
    pub game_id: Option<String>,
    /// The game sequence the mail is about.
    pub seq: Option<i64>,
    /// The template's data as JSON (a `crate::mail` data struct).
    pub data: serde_json::Value,
    /// When it was decided; it is due at once.
    pub at: NaiveDateTime,
}

/// The row [`enqueue`] writes for `mail`: due at once, never tried, under a new id.
pub fn pending(mail: &NewMail) -> OutboxRow {
    OutboxRow {
        id: new_id(),
        dedupe_key: mail.dedupe_key.clone(),
        template: mail.template.to_string(),
        user_id: mail.user_id.clone(),
        to_addr: mail.to_addr.clone(),
        to_name: mail.to_name.clone(),
        game_id: mail.game_id.clone(),
        seq: mail.seq,
        data: mail.data.to_string(),
        created_at: mail.at,
        attempts: 0,
        next_attempt_at: mail.at,
        lease_owner: None,
        lease_until: None,
        sent_at: None,
        failed_at: None,
        last_error: None,
        superseded_at: None,
    }
}

/// Add `mail` to the outbox; `false` if a mail with its `dedupe_key` is there already.
/// Runs in the caller's transaction (call it inside one to make the mail part of it).
pub fn enqueue(conn: &mut DbConn, mail: &NewMail) -> Result<bool, StoreError> {
    let row = pending(mail);
    // ON CONFLICT DO NOTHING, not a caught unique violation: a failed insert would
    // abort the caller's Postgres transaction. diesel's MultiConnection has no upsert, so
    // the one statement is written per backend.
    let insert = diesel::insert_into(outbox::table)
        .values(&row)
        .on_conflict_do_nothing();
    let added = match conn {
        DbConn::Sqlite(c) => insert.execute(c)?,
        DbConn::Pg(c) => insert.execute(c)?,
    };
    Ok(added == 1)
}

/// Delete the mails sent (or superseded) before `before`; returns how many. Pending and
/// failed mail stays.
pub fn prune_sent(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, StoreError> {
    let sent = diesel::delete(
        outbox::table
            .filter(outbox::sent_at.is_not_null())
            .filter(outbox::sent_at.lt(before)),
    )
    .execute(conn)?;
    let superseded = diesel::delete(
        outbox::table
            .filter(outbox::superseded_at.is_not_null())
            .filter(outbox::superseded_at.lt(before)),
    )
    .execute(conn)?;
    Ok(sent + superseded)
}

/// How many mails of `template` were enqueued to `to_addr` after `since`, whatever
/// became of them.
pub fn enqueued_to(
    conn: &mut DbConn,
    to_addr: &str,
    template: &str,
    since: NaiveDateTime,
) -> Result<i64, StoreError> {
    Ok(outbox::table
        .filter(outbox::to_addr.eq(to_addr))
        .filter(outbox::template.eq(template))
        .filter(outbox::created_at.gt(since))
        .count()
        .get_result(conn)?)
}

/// Whether [`claim`] would find a row at `now`: the same condition, read only.
pub fn any_due(conn: &mut DbConn, now: NaiveDateTime) -> Result<bool, StoreError> {
    Ok(diesel::select(diesel::dsl::exists(
        outbox::table
            .filter(outbox::sent_at.is_null())
            .filter(outbox::failed_at.is_null())
            .filter(outbox::superseded_at.is_null())
            .filter(outbox::next_attempt_at.le(now))
            .filter(
                outbox::lease_until
                    .is_null()
                    .or(outbox::lease_until.lt(now)),
            ),
    ))
    .get_result(conn)?)
}

/// Claim up to `limit` due rows for `owner` until `until` ([`lease::OUTBOX`]), and read
/// them back in the order they are due.
pub fn claim(
    conn: &mut DbConn,
    owner: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
    limit: i64,
) -> Result<Vec<OutboxRow>, StoreError> {
    let ids = lease::claim(conn, &lease::OUTBOX, None, owner, now, until, limit)?;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(outbox::table
        .filter(outbox::id.eq_any(&ids))
        .filter(outbox::lease_owner.eq(owner))
        .order((
            outbox::next_attempt_at.asc(),
            outbox::created_at.asc(),
            outbox::id.asc(),
        ))
        .select(OutboxRow::as_select())
        .load(conn)?)
}

/// What to write down of one attempt at a claimed mail.
#[derive(Debug, Clone)]
pub enum Mark<'a> {
    /// Not sent: its reader had already acted. Not an attempt: `attempts` stays.
    Superseded,
    /// Sent, at attempt number `attempts`. `lease_owner` stays: it tells the operator
    /// which worker sent it.
    Sent { attempts: i64 },
    /// Not sent, at attempt number `attempts`, for `error`: due again at
    /// `next_attempt_at`, or given up on (`given_up`, `failed_at` is set). The lease is
    /// let go.
    Failed {
        attempts: i64,
        error: &'a str,
        given_up: bool,
        next_attempt_at: NaiveDateTime,
    },
}

/// Write down at `now` one attempt at the row `id` claimed by `owner`; `false` when the
/// row is no longer `owner`'s (another worker took it meanwhile): nothing was written.
pub fn mark(
    conn: &mut DbConn,
    id: &str,
    owner: &str,
    now: NaiveDateTime,
    what: Mark<'_>,
) -> Result<bool, StoreError> {
    let mine = outbox::table
        .filter(outbox::id.eq(id))
        .filter(outbox::lease_owner.eq(owner));
    let n = match what {
        Mark::Superseded => diesel::update(mine)
            .set((
                outbox::superseded_at.eq(Some(now)),
                outbox::lease_until.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?,
        Mark::Sent { attempts } => diesel::update(mine)
            .set((
                outbox::sent_at.eq(Some(now)),
                outbox::attempts.eq(attempts),
                outbox::lease_until.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?,
        Mark::Failed {
            attempts,
            error,
            given_up,
            next_attempt_at,
        } => diesel::update(mine)
            .set((
                outbox::attempts.eq(attempts),
                outbox::last_error.eq(Some(error)),
                outbox::failed_at.eq(given_up.then_some(now)),
                outbox::next_attempt_at.eq(next_attempt_at),
                outbox::lease_owner.eq(None::<String>),
                outbox::lease_until.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?,
    };
    Ok(n == 1)
}

/// Mark superseded, in one statement, up to `limit` due your-turn rows (not held by a
/// worker) whose reader has acted since (`crate::outbox::superseded`, the same rule in
/// SQL): when players move faster than pictures are drawn, most of the backlog is such
/// mail, and checking it one row at a time on the draw pool left it growing.
pub fn supersede_due(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<usize, StoreError> {
    let query = SupersedeDue { now, limit };
    Ok(match conn {
        DbConn::Sqlite(c) => query.execute(c)?,
        DbConn::Pg(c) => query.execute(c)?,
    })
}

/// The statement of [`supersede_due`], built as diesel's own queries are so that it has a
/// static query id: each connection prepares it once and keeps it (`sql_query` text is
/// prepared again on every run, here before every claim).
struct SupersedeDue {
    now: NaiveDateTime,
    limit: i64,
}

/// The text of [`SupersedeDue`] between its binds.
const SUPERSEDE_ROWS: &str = "WHERE id IN (SELECT o.id FROM outbox o \
    WHERE o.sent_at IS NULL AND o.failed_at IS NULL AND o.superseded_at IS NULL \
    AND o.next_attempt_at <= ";
const SUPERSEDE_LEASE: &str = " AND (o.lease_until IS NULL OR o.lease_until < ";
const SUPERSEDE_ACTED: &str = ") AND o.template = 'your_turn' \
    AND EXISTS (SELECT 1 FROM seats s JOIN turns t \
        ON t.game_id = s.game_id AND t.seat = s.seat \
        WHERE s.game_id = o.game_id AND s.user_id = o.user_id AND t.seq > o.seq) \
    ORDER BY o.next_attempt_at, o.created_at, o.id LIMIT ";

impl SupersedeDue {
    /// The statement up to its limit; `pg` adds PostgreSQL's row locks and checks the
    /// rows again once locked.
    fn walk<'b, DB>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
        pg: bool,
    ) -> diesel::QueryResult<()>
    where
        DB: diesel::backend::Backend,
        NaiveDateTime: diesel::serialize::ToSql<Timestamp, DB>,
        i64: diesel::serialize::ToSql<BigInt, DB>,
        DB: diesel::sql_types::HasSqlType<Timestamp> + diesel::sql_types::HasSqlType<BigInt>,
    {
        out.push_sql("UPDATE outbox SET superseded_at = ");
        out.push_bind_param::<Timestamp, _>(&self.now)?;
        out.push_sql(" ");
        out.push_sql(SUPERSEDE_ROWS);
        out.push_bind_param::<Timestamp, _>(&self.now)?;
        out.push_sql(SUPERSEDE_LEASE);
        out.push_bind_param::<Timestamp, _>(&self.now)?;
        out.push_sql(SUPERSEDE_ACTED);
        out.push_bind_param::<BigInt, _>(&self.limit)?;
        if pg {
            out.push_sql(
                " FOR UPDATE OF o SKIP LOCKED) \
                AND sent_at IS NULL AND failed_at IS NULL AND superseded_at IS NULL \
                AND (lease_until IS NULL OR lease_until < ",
            );
            out.push_bind_param::<Timestamp, _>(&self.now)?;
            out.push_sql(")");
        } else {
            out.push_sql(")");
        }
        Ok(())
    }
}

impl diesel::query_builder::QueryFragment<diesel::sqlite::Sqlite> for SupersedeDue {
    fn walk_ast<'b>(
        &'b self,
        out: diesel::query_builder::AstPass<'_, 'b, diesel::sqlite::Sqlite>,
    ) -> diesel::QueryResult<()> {
        self.walk(out, false)
    }
}

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for SupersedeDue {
    fn walk_ast<'b>(
        &'b self,
        out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> diesel::QueryResult<()> {
        self.walk(out, true)
    }
}

/// One SQL text (per backend) whatever the values: prepared once per connection.
impl diesel::query_builder::QueryId for SupersedeDue {
    type QueryId = SupersedeDue;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<Conn> RunQueryDsl<Conn> for SupersedeDue {}

/// How many mails are in each state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Not sent and not given up on (due now or waiting for a retry).
    pub pending: i64,
    pub sent: i64,
    pub failed: i64,
    /// Your-turn mails not sent because their reader had already acted.
    pub superseded: i64,
}

pub fn counts(conn: &mut DbConn) -> Result<Counts, StoreError> {
    let sent = outbox::table
        .filter(outbox::sent_at.is_not_null())
        .count()
        .get_result(conn)?;
    let failed = outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_not_null())
        .count()
        .get_result(conn)?;
    let pending = outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_null())
        .filter(outbox::superseded_at.is_null())
        .count()
        .get_result(conn)?;
    let superseded = outbox::table
        .filter(outbox::superseded_at.is_not_null())
        .count()
        .get_result(conn)?;
    Ok(Counts {
        pending,
        sent,
        failed,
        superseded,
    })
}

/// When the oldest mail not yet sent nor given up on was enqueued (`None`: none is).
pub fn oldest_pending(conn: &mut DbConn) -> Result<Option<NaiveDateTime>, StoreError> {
    Ok(outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_null())
        .filter(outbox::superseded_at.is_null())
        .select(diesel::dsl::min(outbox::created_at))
        .first(conn)?)
}

/// The rows given up on, oldest first.
pub fn failed(conn: &mut DbConn) -> Result<Vec<OutboxRow>, StoreError> {
    Ok(outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_not_null())
        .order((outbox::failed_at.asc(), outbox::id.asc()))
        .select(OutboxRow::as_select())
        .load(conn)?)
}

/// Give failed mail another round of attempts, due at `now`: one row by id, or every
/// failed row. Returns how many were requeued (a sent row is never requeued).
pub fn retry(conn: &mut DbConn, id: Option<&str>, now: NaiveDateTime) -> Result<usize, StoreError> {
    let failed = outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::failed_at.is_not_null());
    let set = (
        outbox::failed_at.eq(None::<NaiveDateTime>),
        outbox::attempts.eq(0),
        outbox::next_attempt_at.eq(now),
        outbox::lease_owner.eq(None::<String>),
        outbox::lease_until.eq(None::<NaiveDateTime>),
    );
    Ok(match id {
        Some(id) => diesel::update(failed.filter(outbox::id.eq(id)))
            .set(set)
            .execute(conn)?,
        None => diesel::update(failed).set(set).execute(conn)?,
    })
}
