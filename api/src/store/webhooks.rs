//! Webhooks and their outbox (`docs/webhooks.md`).
//!
//! Owns: the `webhooks` rows (a user's URLs), the fan-out of events into
//! `webhook_deliveries` (one row per event and hook, written in the transaction that
//! moves `webhook_cursor` past the event), claiming due deliveries with a lease, and
//! writing down each attempt (with the hook's failure count and its disabling).
//! Must not: decide what an event says (`crate::play::events` built it for its reader),
//! send anything (`crate::webhooks`), or read the wall clock.

use super::events::Event;
use super::models::new_id;
use super::schema::{events, webhook_cursor, webhook_deliveries, webhooks};
use super::{DbConn, StoreError};
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};

/// Hooks one user may have.
pub const MAX_PER_USER: i64 = 10;

/// A stored webhook.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = webhooks)]
pub struct Webhook {
    pub id: String,
    pub user_id: String,
    /// Only this game's events (`None`: all of the user's).
    pub game_id: Option<String>,
    pub url: String,
    /// `generic`, `discord` or `slack`.
    pub format: String,
    /// A JSON array of the event types it wants (`None`: all).
    pub events: Option<String>,
    /// Signs every delivery; shown at creation and rotation only.
    pub secret: String,
    /// The newest event id when it was made: it is told of later events only.
    pub since_event: i64,
    pub created_at: NaiveDateTime,
    pub consecutive_failures: i64,
    pub last_error: Option<String>,
    pub last_attempt_at: Option<NaiveDateTime>,
    pub last_success_at: Option<NaiveDateTime>,
    pub disabled_at: Option<NaiveDateTime>,
    pub disabled_reason: Option<String>,
}

impl Webhook {
    /// The event types it wants (`None`: all).
    pub fn kinds(&self) -> Option<Vec<String>> {
        self.events
            .as_deref()
            .and_then(|e| serde_json::from_str(e).ok())
    }

    /// Whether `event` (of its owner's stream) is for it.
    pub fn wants(&self, event: &Event) -> bool {
        event.user_id.as_deref() == Some(self.user_id.as_str())
            && event.id > self.since_event
            && self.disabled_at.is_none()
            && (self.game_id.is_none() || self.game_id == event.game_id)
            && self.kinds().is_none_or(|k| k.contains(&event.kind))
    }
}

/// A delivery: one event for one hook.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = webhook_deliveries)]
pub struct Delivery {
    pub id: String,
    pub webhook_id: String,
    /// The event delivered (`None`: a test delivery).
    pub event_id: Option<i64>,
    pub kind: String,
    /// The event's JSON as the owner's stream sends it.
    pub data: String,
    pub created_at: NaiveDateTime,
    pub attempts: i64,
    pub next_attempt_at: NaiveDateTime,
    pub lease_owner: Option<String>,
    pub lease_until: Option<NaiveDateTime>,
    pub delivered_at: Option<NaiveDateTime>,
    pub failed_at: Option<NaiveDateTime>,
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
}

impl Delivery {
    /// A new delivery of `data`, due at once.
    pub fn new(
        webhook_id: &str,
        event_id: Option<i64>,
        kind: &str,
        data: String,
        at: NaiveDateTime,
    ) -> Delivery {
        Delivery {
            id: new_id(),
            webhook_id: webhook_id.to_string(),
            event_id,
            kind: kind.to_string(),
            data,
            created_at: at,
            attempts: 0,
            next_attempt_at: at,
            lease_owner: None,
            lease_until: None,
            delivered_at: None,
            failed_at: None,
            last_status: None,
            last_error: None,
        }
    }

    /// `pending`, `delivered` or `failed`.
    pub fn status(&self) -> &'static str {
        if self.delivered_at.is_some() {
            "delivered"
        } else if self.failed_at.is_some() {
            "failed"
        } else {
            "pending"
        }
    }
}

/// How many hooks `user_id` has.
pub fn count(conn: &mut DbConn, user_id: &str) -> Result<i64, StoreError> {
    Ok(webhooks::table
        .filter(webhooks::user_id.eq(user_id))
        .count()
        .get_result(conn)?)
}

pub fn insert(conn: &mut DbConn, hook: &Webhook) -> Result<(), StoreError> {
    catch_up_if_idle(conn)?;
    diesel::insert_into(webhooks::table)
        .values(hook)
        .execute(conn)?;
    Ok(())
}

/// Is any hook enabled? While none is, the worker neither fans out nor claims: it writes
/// nothing, so an idle feature costs the turns no lock and no commit (`crate::webhooks`).
pub fn any_enabled(conn: &mut DbConn) -> Result<bool, StoreError> {
    Ok(diesel::select(diesel::dsl::exists(
        webhooks::table.filter(webhooks::disabled_at.is_null()),
    ))
    .get_result(conn)?)
}

/// Before a hook is enabled (created, or switched on again), in that write's transaction:
/// if no hook was enabled, the fan-out cursor stood still while events were written (see
/// [`any_enabled`]); move it to the newest event, as the fan-out would have, so the
/// first round does not walk the events of the idle time (none of which any hook wants).
pub fn catch_up_if_idle(conn: &mut DbConn) -> Result<(), StoreError> {
    if any_enabled(conn)? {
        return Ok(());
    }
    let last = super::events::last_id(conn)?;
    diesel::update(
        webhook_cursor::table
            .find(1)
            .filter(webhook_cursor::last_event_id.lt(last)),
    )
    .set(webhook_cursor::last_event_id.eq(last))
    .execute(conn)?;
    Ok(())
}

/// `user_id`'s hooks, oldest first.
pub fn of_user(conn: &mut DbConn, user_id: &str) -> Result<Vec<Webhook>, StoreError> {
    Ok(webhooks::table
        .filter(webhooks::user_id.eq(user_id))
        .order((webhooks::created_at.asc(), webhooks::id.asc()))
        .select(Webhook::as_select())
        .load(conn)?)
}

/// `user_id`'s hook `id` (another user's is `None`, as a missing one).
pub fn get(conn: &mut DbConn, user_id: &str, id: &str) -> Result<Option<Webhook>, StoreError> {
    Ok(webhooks::table
        .find(id)
        .filter(webhooks::user_id.eq(user_id))
        .select(Webhook::as_select())
        .first(conn)
        .optional()?)
}

/// Write back a changed hook (its url, format, events, secret or state).
pub fn update(conn: &mut DbConn, hook: &Webhook) -> Result<(), StoreError> {
    diesel::update(webhooks::table.find(&hook.id))
        .set((
            webhooks::url.eq(&hook.url),
            webhooks::format.eq(&hook.format),
            webhooks::events.eq(&hook.events),
            webhooks::secret.eq(&hook.secret),
            webhooks::consecutive_failures.eq(hook.consecutive_failures),
            webhooks::disabled_at.eq(hook.disabled_at),
            webhooks::disabled_reason.eq(&hook.disabled_reason),
        ))
        .execute(conn)?;
    Ok(())
}

/// Delete `user_id`'s hook `id` and its deliveries; `false` if there was none.
pub fn delete(conn: &mut DbConn, user_id: &str, id: &str) -> Result<bool, StoreError> {
    crate::store::write_transaction(conn, |conn| {
        let mine = webhooks::table
            .find(id)
            .filter(webhooks::user_id.eq(user_id))
            .select(webhooks::id)
            .first::<String>(conn)
            .optional()?;
        if mine.is_none() {
            return Ok(false);
        }
        diesel::delete(webhook_deliveries::table.filter(webhook_deliveries::webhook_id.eq(id)))
            .execute(conn)?;
        diesel::delete(webhooks::table.find(id)).execute(conn)?;
        Ok(true)
    })
}

pub fn add_delivery(conn: &mut DbConn, delivery: &Delivery) -> Result<(), StoreError> {
    diesel::insert_into(webhook_deliveries::table)
        .values(delivery)
        .execute(conn)?;
    Ok(())
}

/// The newest `limit` deliveries of hook `id`, newest first.
pub fn recent(conn: &mut DbConn, id: &str, limit: i64) -> Result<Vec<Delivery>, StoreError> {
    Ok(webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(id))
        .order((
            webhook_deliveries::created_at.desc(),
            webhook_deliveries::id.desc(),
        ))
        .limit(limit)
        .select(Delivery::as_select())
        .load(conn)?)
}

/// Fan out up to `limit` events after the cursor into deliveries, and move the cursor
/// past them, in one transaction; returns how many events were read. On PostgreSQL the
/// cursor row is locked first, so two servers never read the same events (and the unique
/// `(webhook_id, event_id)` would drop a second delivery anyway).
pub fn fan_out(conn: &mut DbConn, limit: i64, now: NaiveDateTime) -> Result<usize, StoreError> {
    crate::store::write_transaction(conn, |conn| {
        #[derive(QueryableByName)]
        struct Cursor {
            #[diesel(sql_type = BigInt)]
            last_event_id: i64,
        }
        let cursor = match conn {
            DbConn::Pg(c) => diesel::sql_query(
                "SELECT last_event_id FROM webhook_cursor WHERE id = 1 FOR UPDATE",
            )
            .load::<Cursor>(c)?,
            DbConn::Sqlite(c) => {
                diesel::sql_query("SELECT last_event_id FROM webhook_cursor WHERE id = 1")
                    .load::<Cursor>(c)?
            }
        };
        let after = cursor.first().map(|c| c.last_event_id).unwrap_or(0);
        let batch: Vec<Event> = events::table
            .filter(events::id.gt(after))
            .order(events::id.asc())
            .limit(limit)
            .select(Event::as_select())
            .load(conn)?;
        let Some(last) = batch.last().map(|e| e.id) else {
            return Ok(0);
        };
        let mut users: Vec<&str> = batch.iter().filter_map(|e| e.user_id.as_deref()).collect();
        users.sort_unstable();
        users.dedup();
        let hooks: Vec<Webhook> = if users.is_empty() {
            Vec::new()
        } else {
            webhooks::table
                .filter(webhooks::user_id.eq_any(&users))
                .filter(webhooks::disabled_at.is_null())
                .select(Webhook::as_select())
                .load(conn)?
        };
        for event in &batch {
            for hook in hooks.iter().filter(|h| h.wants(event)) {
                let mut data: serde_json::Value =
                    serde_json::from_str(&event.data).unwrap_or(serde_json::Value::Null);
                if data.is_object() {
                    data["id"] = serde_json::json!(event.id);
                }
                let row =
                    Delivery::new(&hook.id, Some(event.id), &event.kind, data.to_string(), now);
                let insert = diesel::insert_into(webhook_deliveries::table)
                    .values(&row)
                    .on_conflict_do_nothing();
                match conn {
                    DbConn::Sqlite(c) => insert.execute(c)?,
                    DbConn::Pg(c) => insert.execute(c)?,
                };
            }
        }
        diesel::update(webhook_cursor::table.find(1))
            .set(webhook_cursor::last_event_id.eq(last))
            .execute(conn)?;
        Ok(batch.len())
    })
}

/// Claim up to `limit` due deliveries of enabled hooks for `owner` until `until`.
pub fn claim(
    conn: &mut DbConn,
    owner: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
    limit: i64,
) -> Result<Vec<(Delivery, Webhook)>, StoreError> {
    #[derive(QueryableByName)]
    struct Claimed {
        #[diesel(sql_type = Text)]
        id: String,
    }
    const SQLITE: &str = "UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ? \
        WHERE id IN (SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id \
            WHERE d.delivered_at IS NULL AND d.failed_at IS NULL AND d.next_attempt_at <= ? \
            AND (d.lease_until IS NULL OR d.lease_until < ?) AND w.disabled_at IS NULL \
            ORDER BY d.next_attempt_at, d.created_at, d.id LIMIT ?) \
        RETURNING id";
    const POSTGRES: &str = "UPDATE webhook_deliveries SET lease_owner = $1, lease_until = $2 \
        WHERE id IN (SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id \
            WHERE d.delivered_at IS NULL AND d.failed_at IS NULL AND d.next_attempt_at <= $3 \
            AND (d.lease_until IS NULL OR d.lease_until < $4) AND w.disabled_at IS NULL \
            ORDER BY d.next_attempt_at, d.created_at, d.id LIMIT $5 \
            FOR UPDATE OF d SKIP LOCKED) \
        AND delivered_at IS NULL AND failed_at IS NULL \
        AND (lease_until IS NULL OR lease_until < $4) \
        RETURNING id";
    macro_rules! run {
        ($sql:expr, $c:expr) => {
            diesel::sql_query($sql)
                .bind::<Text, _>(owner)
                .bind::<Timestamp, _>(until)
                .bind::<Timestamp, _>(now)
                .bind::<Timestamp, _>(now)
                .bind::<BigInt, _>(limit)
                .load::<Claimed>($c)?
        };
    }
    let ids: Vec<String> = match conn {
        DbConn::Sqlite(c) => run!(SQLITE, c),
        DbConn::Pg(c) => run!(POSTGRES, c),
    }
    .into_iter()
    .map(|c| c.id)
    .collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(webhook_deliveries::table
        .inner_join(webhooks::table)
        .filter(webhook_deliveries::id.eq_any(&ids))
        .filter(webhook_deliveries::lease_owner.eq(owner))
        .order((
            webhook_deliveries::next_attempt_at.asc(),
            webhook_deliveries::created_at.asc(),
            webhook_deliveries::id.asc(),
        ))
        .select((Delivery::as_select(), Webhook::as_select()))
        .load(conn)?)
}

/// What one attempt came to.
#[derive(Debug, Clone)]
pub struct Attempt {
    /// The HTTP status, if the receiver answered.
    pub status: Option<u16>,
    /// `None`: delivered (a 2xx). Otherwise why not, safe to show the hook's owner.
    pub error: Option<String>,
    /// The receiver said the hook is gone for good (410): disable it now.
    pub gone: bool,
}

/// The limits that decide retries and disabling.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Attempts at one delivery before it is marked failed.
    pub max_attempts: i64,
    /// Failed attempts in a row (any delivery) after which the hook is disabled.
    pub disable_after: i64,
}

/// Write down one attempt at `delivery` (claimed by `owner`), and what it means for its
/// hook; returns `delivered`, `retry`, `failed`, `disabled` or `lease lost`.
pub fn mark(
    conn: &mut DbConn,
    delivery: &Delivery,
    owner: &str,
    now: NaiveDateTime,
    limits: Limits,
    attempt: &Attempt,
    backoff: Duration,
) -> Result<&'static str, StoreError> {
    let mine = webhook_deliveries::table
        .filter(webhook_deliveries::id.eq(&delivery.id))
        .filter(webhook_deliveries::lease_owner.eq(owner));
    let attempts = delivery.attempts + 1;
    let status = attempt.status.map(i64::from);
    let hook = webhooks::table.find(&delivery.webhook_id);
    match &attempt.error {
        None => {
            let n = diesel::update(mine)
                .set((
                    webhook_deliveries::delivered_at.eq(Some(now)),
                    webhook_deliveries::attempts.eq(attempts),
                    webhook_deliveries::last_status.eq(status),
                    webhook_deliveries::last_error.eq(None::<String>),
                    webhook_deliveries::lease_until.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
            if n == 0 {
                return Ok("lease lost");
            }
            diesel::update(hook)
                .set((
                    webhooks::consecutive_failures.eq(0),
                    webhooks::last_attempt_at.eq(Some(now)),
                    webhooks::last_success_at.eq(Some(now)),
                    webhooks::last_error.eq(None::<String>),
                ))
                .execute(conn)?;
            Ok("delivered")
        }
        Some(error) => {
            let message: String = error.chars().take(500).collect();
            let give_up = attempts >= limits.max_attempts;
            let n = diesel::update(mine)
                .set((
                    webhook_deliveries::attempts.eq(attempts),
                    webhook_deliveries::last_status.eq(status),
                    webhook_deliveries::last_error.eq(Some(&message)),
                    webhook_deliveries::failed_at.eq(give_up.then_some(now)),
                    webhook_deliveries::next_attempt_at.eq(now + backoff),
                    webhook_deliveries::lease_owner.eq(None::<String>),
                    webhook_deliveries::lease_until.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
            if n == 0 {
                return Ok("lease lost");
            }
            let failures: i64 = webhooks::table
                .find(&delivery.webhook_id)
                .select(webhooks::consecutive_failures)
                .first::<i64>(conn)
                .optional()?
                .unwrap_or(0)
                + 1;
            let disable = attempt.gone || failures >= limits.disable_after;
            let reason = if attempt.gone {
                "the receiver answered 410 Gone".to_string()
            } else {
                format!("{failures} failed attempts in a row")
            };
            diesel::update(hook)
                .set((
                    webhooks::consecutive_failures.eq(failures),
                    webhooks::last_attempt_at.eq(Some(now)),
                    webhooks::last_error.eq(Some(&message)),
                ))
                .execute(conn)?;
            if disable {
                diesel::update(
                    webhooks::table
                        .find(&delivery.webhook_id)
                        .filter(webhooks::disabled_at.is_null()),
                )
                .set((
                    webhooks::disabled_at.eq(Some(now)),
                    webhooks::disabled_reason.eq(Some(reason)),
                ))
                .execute(conn)?;
                // What was still waiting for it will not go out.
                diesel::update(
                    webhook_deliveries::table
                        .filter(webhook_deliveries::webhook_id.eq(&delivery.webhook_id))
                        .filter(webhook_deliveries::delivered_at.is_null())
                        .filter(webhook_deliveries::failed_at.is_null()),
                )
                .set((
                    webhook_deliveries::failed_at.eq(Some(now)),
                    webhook_deliveries::lease_owner.eq(None::<String>),
                    webhook_deliveries::lease_until.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
                return Ok("disabled");
            }
            Ok(if give_up { "failed" } else { "retry" })
        }
    }
}

/// Deliveries by state, for `/metrics`: (pending, delivered, failed).
pub fn counts(conn: &mut DbConn) -> Result<(i64, i64, i64), StoreError> {
    let pending = webhook_deliveries::table
        .filter(webhook_deliveries::delivered_at.is_null())
        .filter(webhook_deliveries::failed_at.is_null())
        .count()
        .get_result(conn)?;
    let delivered = webhook_deliveries::table
        .filter(webhook_deliveries::delivered_at.is_not_null())
        .count()
        .get_result(conn)?;
    let failed = webhook_deliveries::table
        .filter(webhook_deliveries::failed_at.is_not_null())
        .count()
        .get_result(conn)?;
    Ok((pending, delivered, failed))
}

/// Delete the deliveries made before `before` that are done (delivered or failed).
pub fn prune(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(diesel::delete(
        webhook_deliveries::table
            .filter(webhook_deliveries::created_at.lt(before))
            .filter(
                webhook_deliveries::delivered_at
                    .is_not_null()
                    .or(webhook_deliveries::failed_at.is_not_null()),
            ),
    )
    .execute(conn)?)
}
