//! Leases on the rows of a work queue: the outbox's mails (`super::outbox`) and the
//! webhook deliveries (`super::webhooks`).
//!
//! A queue row is due when it is still open (neither done nor given up on), its
//! `next_attempt_at` has come, and no lease on it runs (`lease_until` unset or past). A
//! worker claims due rows by writing its name and the lease's end into `lease_owner` and
//! `lease_until`; it then writes down each attempt only where `lease_owner` is still its
//! own, so a worker whose lease ran out cannot overwrite the next one's work.
//!
//! Owns: the one claim statement of both queues ([`claim`]), built from a [`Queue`].
//! Must not: decide what a row is for or what an attempt came to (the owning module).
//!
//! Why a statement built from the queue's names rather than a function generic over
//! diesel's tables: the claim is `UPDATE t SET lease_owner, lease_until WHERE id IN
//! (SELECT id … LIMIT n [FOR UPDATE SKIP LOCKED]) RETURNING id`, which diesel's query
//! builder cannot write (no `LIMIT` in an update's subquery, no `SKIP LOCKED` or
//! `RETURNING` through the two-backend connection), so it is SQL text whichever way it
//! is reached. The queues differ only in their table, in what "open" means there, in
//! the order rows are taken and in who else claims them at once: those are the fields of
//! a [`Queue`], constants of this module, never values from a caller.

use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};

/// Who may claim a queue's rows at the same time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claimers {
    /// The workers of every server, from the same rows. On PostgreSQL the rows are locked
    /// as they are picked, `SKIP LOCKED` (another server takes other rows), and checked
    /// again once locked, so two servers never both claim a row.
    Many,
    /// One at a time: the caller holds a lock that makes it the only claimer of the rows
    /// in scope (a webhook's deliveries: the hook's row). The rows are taken strictly in
    /// their order, waiting for a row another transaction holds rather than skipping it.
    OneAtATime,
}

/// A table of leased rows, as [`claim`] reads it.
#[derive(Debug, Clone, Copy)]
pub struct Queue {
    /// The table: it has `id` (text), `next_attempt_at`, `lease_owner` and `lease_until`.
    pub table: &'static str,
    /// The condition of a row still to be done, in SQL over the table's columns.
    pub open: &'static str,
    /// The order due rows are taken in (`ORDER BY`).
    pub order: &'static str,
    /// A column the claimed rows must match a value of, or none (the whole queue).
    pub scope: Option<&'static str>,
    pub claimers: Claimers,
}

/// The outbox: due mails of every address, oldest due first.
pub const OUTBOX: Queue = Queue {
    table: "outbox",
    open: "sent_at IS NULL AND failed_at IS NULL AND superseded_at IS NULL",
    order: "next_attempt_at, created_at, id",
    scope: None,
    claimers: Claimers::Many,
};

/// One webhook's deliveries, in the order they were queued, by the server holding the
/// hook's row.
pub const WEBHOOK_DELIVERIES: Queue = Queue {
    table: "webhook_deliveries",
    open: "delivered_at IS NULL AND failed_at IS NULL",
    order: "created_at, event_id, id",
    scope: Some("webhook_id"),
    claimers: Claimers::OneAtATime,
};

/// The claim statement of `queue` (with a scope value or not), for PostgreSQL (`$n`
/// placeholders) or SQLite (`?`). Binds, in order: owner, until, the scope's value if
/// any, now, now, limit.
fn statement(queue: &Queue, scoped: bool, pg: bool) -> String {
    let mut binds = 0;
    let mut next = || {
        binds += 1;
        if pg {
            format!("${binds}")
        } else {
            "?".to_string()
        }
    };
    let (owner, until) = (next(), next());
    let scope = match queue.scope.filter(|_| scoped) {
        Some(column) => format!("{column} = {} AND ", next()),
        None => String::new(),
    };
    let (due, free, limit) = (next(), next(), next());
    let Queue {
        table, open, order, ..
    } = queue;
    let mut sql = format!(
        "UPDATE {table} SET lease_owner = {owner}, lease_until = {until} \
         WHERE id IN (SELECT id FROM {table} \
         WHERE {scope}{open} AND next_attempt_at <= {due} \
         AND (lease_until IS NULL OR lease_until < {free}) \
         ORDER BY {order} LIMIT {limit}"
    );
    if pg && queue.claimers == Claimers::Many {
        sql.push_str(&format!(
            " FOR UPDATE SKIP LOCKED) \
             AND {open} AND (lease_until IS NULL OR lease_until < {free})"
        ));
    } else {
        sql.push(')');
    }
    sql.push_str(" RETURNING id");
    sql
}

/// Claim for `owner` until `until` up to `limit` rows of `queue` due at `now` (those of
/// `scope`, the value of the queue's scope column, when it has one), in the queue's
/// order. Returns the ids claimed, in no particular order (read the rows back by id).
pub fn claim(
    conn: &mut DbConn,
    queue: &Queue,
    scope: Option<&str>,
    owner: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
    limit: i64,
) -> Result<Vec<String>, StoreError> {
    debug_assert_eq!(queue.scope.is_some(), scope.is_some(), "{}", queue.table);
    #[derive(QueryableByName)]
    struct Claimed {
        #[diesel(sql_type = Text)]
        id: String,
    }
    let scoped = scope.is_some() && queue.scope.is_some();
    macro_rules! run {
        ($c:expr, $backend:ty, $pg:expr) => {{
            let mut query = diesel::sql_query(statement(queue, scoped, $pg))
                .into_boxed::<$backend>()
                .bind::<Text, _>(owner)
                .bind::<Timestamp, _>(until);
            if let Some(value) = scope.filter(|_| scoped) {
                query = query.bind::<Text, _>(value);
            }
            query
                .bind::<Timestamp, _>(now)
                .bind::<Timestamp, _>(now)
                .bind::<BigInt, _>(limit)
                .load::<Claimed>($c)?
        }};
    }
    let claimed = match conn {
        DbConn::Sqlite(c) => run!(c, diesel::sqlite::Sqlite, false),
        DbConn::Pg(c) => run!(c, diesel::pg::Pg, true),
    };
    Ok(claimed.into_iter().map(|c| c.id).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squeezed(s: &str) -> String {
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_outbox_claim_is_the_statement_it_always_was() {
        assert_eq!(
            squeezed(&statement(&OUTBOX, false, false)),
            squeezed(
                "UPDATE outbox SET lease_owner = ?, lease_until = ? \
                 WHERE id IN (SELECT id FROM outbox \
                 WHERE sent_at IS NULL AND failed_at IS NULL AND superseded_at IS NULL \
                 AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?) \
                 ORDER BY next_attempt_at, created_at, id LIMIT ?) RETURNING id"
            )
        );
        assert_eq!(
            squeezed(&statement(&OUTBOX, false, true)),
            squeezed(
                "UPDATE outbox SET lease_owner = $1, lease_until = $2 \
                 WHERE id IN (SELECT id FROM outbox \
                 WHERE sent_at IS NULL AND failed_at IS NULL AND superseded_at IS NULL \
                 AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until < $4) \
                 ORDER BY next_attempt_at, created_at, id LIMIT $5 FOR UPDATE SKIP LOCKED) \
                 AND sent_at IS NULL AND failed_at IS NULL AND superseded_at IS NULL \
                 AND (lease_until IS NULL OR lease_until < $4) RETURNING id"
            )
        );
    }

    #[test]
    fn a_webhooks_deliveries_are_claimed_in_order_without_skipping_a_locked_one() {
        assert_eq!(
            squeezed(&statement(&WEBHOOK_DELIVERIES, true, true)),
            squeezed(
                "UPDATE webhook_deliveries SET lease_owner = $1, lease_until = $2 \
                 WHERE id IN (SELECT id FROM webhook_deliveries \
                 WHERE webhook_id = $3 AND delivered_at IS NULL AND failed_at IS NULL \
                 AND next_attempt_at <= $4 AND (lease_until IS NULL OR lease_until < $5) \
                 ORDER BY created_at, event_id, id LIMIT $6) RETURNING id"
            )
        );
        assert!(statement(&WEBHOOK_DELIVERIES, true, false).contains("WHERE webhook_id = ? AND"));
    }
}
