//! Webhooks and their outbox (`docs/clients/webhooks.md`).
//!
//! Owns: the `webhooks` rows (a user's URLs), the fan-out of events into
//! `webhook_deliveries` (one row per event and hook, written in the transaction that
//! moves `webhook_cursor` past the event; an enabled or disabled hook's, kept up to a
//! bound, the oldest dropped and counted), claiming a hook's due deliveries in order
//! with a lease, and writing down each attempt (with the hook's retry window, its
//! failures, and its disabling after a long outage).
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
    /// The first failure since its last success (`None`: not failing).
    pub failing_since: Option<NaiveDateTime>,
    /// No delivery of it is tried before this: the retry window of its failing receiver.
    pub retry_at: Option<NaiveDateTime>,
    /// Deliveries dropped, oldest first, over the bound of what is kept for it.
    pub dropped: i64,
    /// Of those, how many its receiver has not been told of (`Hermes-Dropped`).
    pub dropped_untold: i64,
}

impl Webhook {
    /// The event types it wants (`None`: all).
    pub fn kinds(&self) -> Option<Vec<String>> {
        self.events
            .as_deref()
            .and_then(|e| serde_json::from_str(e).ok())
    }

    /// Whether `event` (of its owner's stream) is for it. A disabled hook wants it too:
    /// it is kept for when the hook is enabled again.
    pub fn wants(&self, event: &Event) -> bool {
        event.user_id.as_deref() == Some(self.user_id.as_str())
            && event.id > self.since_event
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

/// Is there any hook (enabled or not: a disabled one keeps what it is owed)? While
/// there is none, the worker neither fans out nor claims: it writes nothing, so an idle
/// feature costs the turns no lock and no commit (`crate::webhooks`).
pub fn any_hook(conn: &mut DbConn) -> Result<bool, StoreError> {
    Ok(
        diesel::select(diesel::dsl::exists(webhooks::table.select(webhooks::id)))
            .get_result(conn)?,
    )
}

/// Before a hook is created, in that write's transaction: if there was no hook, the
/// fan-out cursor stood still while events were written (see [`any_hook`]); move it to
/// the newest event, as the fan-out would have, so the first round does not walk the
/// events of the idle time (none of which any hook wants).
pub fn catch_up_if_idle(conn: &mut DbConn) -> Result<(), StoreError> {
    if any_hook(conn)? {
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
            webhooks::failing_since.eq(hook.failing_since),
            webhooks::retry_at.eq(hook.retry_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Make every undelivered delivery of hook `id` due at `now` (it is enabled again: what
/// it kept goes out at once, in order).
pub fn due_now(conn: &mut DbConn, id: &str, now: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(diesel::update(
        webhook_deliveries::table
            .filter(webhook_deliveries::webhook_id.eq(id))
            .filter(webhook_deliveries::delivered_at.is_null())
            .filter(webhook_deliveries::failed_at.is_null()),
    )
    .set(webhook_deliveries::next_attempt_at.eq(now))
    .execute(conn)?)
}

/// How many deliveries of hook `id` are still owed (pending).
pub fn pending(conn: &mut DbConn, id: &str) -> Result<i64, StoreError> {
    Ok(webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(id))
        .filter(webhook_deliveries::delivered_at.is_null())
        .filter(webhook_deliveries::failed_at.is_null())
        .count()
        .get_result(conn)?)
}

/// Keep at most `bound` undelivered deliveries of hook `id`: drop the oldest over it
/// (not one under way) and count them on the hook; returns how many were dropped.
pub fn trim(
    conn: &mut DbConn,
    id: &str,
    bound: i64,
    now: NaiveDateTime,
) -> Result<i64, StoreError> {
    let over = pending(conn, id)? - bound;
    if over <= 0 {
        return Ok(0);
    }
    let oldest: Vec<String> = webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(id))
        .filter(webhook_deliveries::delivered_at.is_null())
        .filter(webhook_deliveries::failed_at.is_null())
        .filter(
            webhook_deliveries::lease_until
                .is_null()
                .or(webhook_deliveries::lease_until.lt(now)),
        )
        .order((
            webhook_deliveries::created_at.asc(),
            webhook_deliveries::event_id.asc(),
            webhook_deliveries::id.asc(),
        ))
        .limit(over)
        .select(webhook_deliveries::id)
        .load(conn)?;
    let n =
        diesel::delete(webhook_deliveries::table.filter(webhook_deliveries::id.eq_any(&oldest)))
            .execute(conn)?;
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    diesel::update(webhooks::table.find(id))
        .set((
            webhooks::dropped.eq(webhooks::dropped + n),
            webhooks::dropped_untold.eq(webhooks::dropped_untold + n),
        ))
        .execute(conn)?;
    Ok(n)
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

/// Queue `delivery`, keeping at most `bound` undelivered ones of its hook ([`trim`]).
pub fn add_delivery(conn: &mut DbConn, delivery: &Delivery, bound: i64) -> Result<(), StoreError> {
    diesel::insert_into(webhook_deliveries::table)
        .values(delivery)
        .execute(conn)?;
    trim(conn, &delivery.webhook_id, bound, delivery.created_at)?;
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
/// past them, in one transaction; returns how many events were read. Disabled hooks get
/// theirs too (kept for when they are enabled again); a hook keeps at most `bound`
/// undelivered ([`trim`]). On PostgreSQL the cursor row is locked first, so two servers
/// never read the same events (and the unique `(webhook_id, event_id)` would drop a
/// second delivery anyway).
pub fn fan_out(
    conn: &mut DbConn,
    limit: i64,
    now: NaiveDateTime,
    bound: i64,
) -> Result<usize, StoreError> {
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
                .select(Webhook::as_select())
                .load(conn)?
        };
        let mut fed: Vec<&str> = Vec::new();
        for event in &batch {
            for hook in hooks.iter().filter(|h| h.wants(event)) {
                fed.push(&hook.id);
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
        fed.sort_unstable();
        fed.dedup();
        for id in fed {
            trim(conn, id, bound, now)?;
        }
        diesel::update(webhook_cursor::table.find(1))
            .set(webhook_cursor::last_event_id.eq(last))
            .execute(conn)?;
        Ok(batch.len())
    })
}

/// Claim, for `owner` until `until`, up to `hooks` enabled hooks that have a delivery
/// due, none under way and no retry window open, and for each its first `per_hook` due
/// deliveries in the order they were queued (one only, a probe, while its receiver is
/// failing). A hook's deliveries are sent one at a time, in order, by one server at a
/// time: on PostgreSQL the hook rows are locked (`SKIP LOCKED`: another server takes
/// other hooks), and each is checked again, in a statement that sees what committed
/// before the lock was taken, for deliveries under way (another server's claim).
pub fn claim(
    conn: &mut DbConn,
    owner: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
    hooks: i64,
    per_hook: i64,
) -> Result<Vec<(Webhook, Vec<Delivery>)>, StoreError> {
    #[derive(QueryableByName)]
    struct Due {
        #[diesel(sql_type = Text)]
        id: String,
    }
    const SQLITE: &str = "SELECT w.id FROM webhooks w \
        WHERE w.disabled_at IS NULL AND (w.retry_at IS NULL OR w.retry_at <= ?) \
        AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id \
            AND d.delivered_at IS NULL AND d.failed_at IS NULL AND d.next_attempt_at <= ?) \
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id \
            AND d.delivered_at IS NULL AND d.failed_at IS NULL AND d.lease_until >= ?) \
        ORDER BY COALESCE(w.last_attempt_at, w.created_at), w.id LIMIT ?";
    const POSTGRES: &str = "SELECT w.id FROM webhooks w \
        WHERE w.disabled_at IS NULL AND (w.retry_at IS NULL OR w.retry_at <= $1) \
        AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id \
            AND d.delivered_at IS NULL AND d.failed_at IS NULL AND d.next_attempt_at <= $2) \
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id \
            AND d.delivered_at IS NULL AND d.failed_at IS NULL AND d.lease_until >= $3) \
        ORDER BY COALESCE(w.last_attempt_at, w.created_at), w.id LIMIT $4 \
        FOR UPDATE SKIP LOCKED";
    macro_rules! run {
        ($sql:expr, $c:expr) => {
            diesel::sql_query($sql)
                .bind::<Timestamp, _>(now)
                .bind::<Timestamp, _>(now)
                .bind::<Timestamp, _>(now)
                .bind::<BigInt, _>(hooks)
                .load::<Due>($c)?
        };
    }
    crate::store::write_transaction(conn, |conn| {
        let due: Vec<String> = match conn {
            DbConn::Sqlite(c) => run!(SQLITE, c),
            DbConn::Pg(c) => run!(POSTGRES, c),
        }
        .into_iter()
        .map(|d| d.id)
        .collect();
        let pending = || {
            webhook_deliveries::table
                .filter(webhook_deliveries::delivered_at.is_null())
                .filter(webhook_deliveries::failed_at.is_null())
        };
        let mut out = Vec::new();
        for id in due {
            let under_way: bool = diesel::select(diesel::dsl::exists(
                pending()
                    .filter(webhook_deliveries::webhook_id.eq(&id))
                    .filter(webhook_deliveries::lease_until.ge(now)),
            ))
            .get_result(conn)?;
            let Some(hook) = webhooks::table
                .find(&id)
                .select(Webhook::as_select())
                .first(conn)
                .optional()?
            else {
                continue;
            };
            if under_way || hook.disabled_at.is_some() {
                continue;
            }
            let take = if hook.failing_since.is_some() {
                1
            } else {
                per_hook
            };
            // The hook's row is ours (PostgreSQL) or the writer is (SQLite): its
            // deliveries are claimed in their order, none skipped.
            let ids = super::lease::claim(
                conn,
                &super::lease::WEBHOOK_DELIVERIES,
                Some(&id),
                owner,
                now,
                until,
                take,
            )?;
            if ids.is_empty() {
                continue;
            }
            let deliveries: Vec<Delivery> = webhook_deliveries::table
                .filter(webhook_deliveries::id.eq_any(&ids))
                .order((
                    webhook_deliveries::created_at.asc(),
                    webhook_deliveries::event_id.asc(),
                    webhook_deliveries::id.asc(),
                ))
                .select(Delivery::as_select())
                .load(conn)?;
            if !deliveries.is_empty() {
                out.push((hook, deliveries));
            }
        }
        Ok(out)
    })
}

/// Give back deliveries claimed by `owner` and not tried (their hook's receiver failed
/// on an earlier one, or the lease would run out): due again at once, for whoever claims
/// the hook next.
pub fn release(conn: &mut DbConn, owner: &str, ids: &[String]) -> Result<usize, StoreError> {
    Ok(diesel::update(
        webhook_deliveries::table
            .filter(webhook_deliveries::id.eq_any(ids))
            .filter(webhook_deliveries::lease_owner.eq(owner)),
    )
    .set((
        webhook_deliveries::lease_owner.eq(None::<String>),
        webhook_deliveries::lease_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?)
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

/// What decides retries, giving up and disabling (`crate::hooks::WebhookSettings`).
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// Failed attempts at one delivery after which it is given up, if its receiver is
    /// taking other deliveries meanwhile (while it takes none, nothing is given up).
    pub max_attempts: i64,
    /// Failed retry windows in a row (one outage's failures count once a window)...
    pub disable_after: i64,
    /// ...and failing this long with no success, after which the hook is disabled.
    pub disable_after_failing: Duration,
    /// The first retry's wait; each next one doubles, up to [`MAX_BACKOFF`].
    pub retry_base: Duration,
}

/// The longest wait between two attempts.
pub const MAX_BACKOFF: Duration = Duration::hours(1);

impl Policy {
    /// The wait after the `n`-th failure in a row: `retry_base × 2^(n-1)`, at most
    /// [`MAX_BACKOFF`]; with `jitter`, plus up to a quarter more at random (hooks that
    /// failed together do not come back together).
    pub fn backoff(&self, n: i64, jitter: bool) -> Duration {
        let shift = u32::try_from((n - 1).clamp(0, 20)).unwrap_or(20);
        let base = self
            .retry_base
            .num_milliseconds()
            .checked_mul(1i64 << shift)
            .unwrap_or(i64::MAX)
            .min(MAX_BACKOFF.num_milliseconds());
        let extra = if jitter {
            let spread = u64::try_from(base / 4).unwrap_or(0) + 1;
            i64::try_from(rand::random::<u64>() % spread).unwrap_or(0)
        } else {
            0
        };
        Duration::milliseconds(base + extra)
    }
}

/// Write down one attempt at `delivery` (claimed by `owner`), and what it means for its
/// hook; returns `delivered`, `retry`, `failed`, `disabled` or `lease lost`. `told` is
/// the count of dropped deliveries the attempt told the receiver of (`Hermes-Dropped`).
///
/// A failure opens a retry window on the hook (its next attempt after a backoff that
/// doubles with each window that failed in a row) unless one is open: the failures of
/// one outage count once a window, not once a delivery. The hook is disabled when
/// `disable_after` windows in a row have failed and it has been failing for
/// `disable_after_failing` with no success; what it is owed stays queued.
pub fn mark(
    conn: &mut DbConn,
    delivery: &Delivery,
    owner: &str,
    now: NaiveDateTime,
    policy: Policy,
    attempt: &Attempt,
    told: i64,
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
                    webhooks::failing_since.eq(None::<NaiveDateTime>),
                    webhooks::retry_at.eq(None::<NaiveDateTime>),
                    webhooks::last_attempt_at.eq(Some(now)),
                    webhooks::last_success_at.eq(Some(now)),
                    webhooks::last_error.eq(None::<String>),
                    webhooks::dropped_untold.eq(webhooks::dropped_untold - told),
                ))
                .execute(conn)?;
            Ok("delivered")
        }
        Some(error) => {
            let Some(current) = hook.select(Webhook::as_select()).first(conn).optional()? else {
                return Ok("lease lost");
            };
            let message: String = error.chars().take(500).collect();
            let before = current.consecutive_failures;
            // A delivery that fails while its receiver takes others (the hook's last
            // attempt was a success) fails for its own sake: it is given up after
            // `max_attempts`. During an outage nothing is given up.
            let give_up = attempts >= policy.max_attempts && before == 0;
            let n = diesel::update(mine)
                .set((
                    webhook_deliveries::attempts.eq(attempts),
                    webhook_deliveries::last_status.eq(status),
                    webhook_deliveries::last_error.eq(Some(&message)),
                    webhook_deliveries::failed_at.eq(give_up.then_some(now)),
                    // No jitter: with as many failures as the hook's windows, it is due
                    // again when the hook's window closes, and is tried first again.
                    webhook_deliveries::next_attempt_at.eq(now + policy.backoff(attempts, false)),
                    webhook_deliveries::lease_owner.eq(None::<String>),
                    webhook_deliveries::lease_until.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
            if n == 0 {
                return Ok("lease lost");
            }
            let new_window = current.retry_at.is_none_or(|r| r <= now);
            let strikes = if new_window { before + 1 } else { before };
            let retry_at = if new_window {
                Some(now + policy.backoff(strikes, true))
            } else {
                current.retry_at
            };
            let failing_since = current.failing_since.unwrap_or(now);
            let failing_for = now - failing_since;
            let outage_over = new_window
                && strikes >= policy.disable_after
                && failing_for >= policy.disable_after_failing;
            let disable = attempt.gone || outage_over;
            diesel::update(hook)
                .set((
                    webhooks::consecutive_failures.eq(strikes),
                    webhooks::failing_since.eq(Some(failing_since)),
                    webhooks::retry_at.eq(retry_at),
                    webhooks::last_attempt_at.eq(Some(now)),
                    webhooks::last_error.eq(Some(&message)),
                ))
                .execute(conn)?;
            if disable && current.disabled_at.is_none() {
                let reason = if attempt.gone {
                    "the receiver answered 410 Gone".to_string()
                } else {
                    format!(
                        "{strikes} failed attempts in a row, failing for {} with no success",
                        span(failing_for)
                    )
                };
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
                // What it is owed stays queued, for when it is enabled again.
                return Ok("disabled");
            }
            Ok(if give_up { "failed" } else { "retry" })
        }
    }
}

/// A length of time in words: `3 d 4 h`, `2 h 5 min`, `4 min 10 s`, `1.5 s`.
fn span(d: Duration) -> String {
    let s = d.num_seconds();
    if s >= 86_400 {
        format!("{} d {} h", s / 86_400, s % 86_400 / 3600)
    } else if s >= 3600 {
        format!("{} h {} min", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{} min {} s", s / 60, s % 60)
    } else {
        format!("{:.1} s", d.num_milliseconds() as f64 / 1000.0)
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
