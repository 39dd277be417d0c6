//! Webhooks (`docs/clients/webhooks.md`): the worker that fans events out into the webhook
//! outbox and delivers it, signed, with retries.
//!
//! Owns: reading the events table after `webhook_cursor` into `webhook_deliveries`
//! ([`crate::store::webhooks::fan_out`], one transaction per batch, so nothing is lost or
//! doubled on a crash), claiming a hook's due deliveries with a lease, sending them one at
//! a time in order (its body in the hook's format, [`format`]; signed, [`sign`]; only to
//! an address the rules allow, [`address`]), and writing down what happened (a retry
//! window on the hook after a failure, giving up a delivery its receiver keeps refusing,
//! disabling the hook after a long outage, keeping what it is owed).
//! Must not: decide what an event says or whom it is for (`crate::play::events` did; a
//! hook is told exactly what its owner's `GET /stream` is), or read the wall clock.

pub mod format;

pub use crate::hooks::{address, sign, WebhookSettings, CONNECT_TIMEOUT, TOTAL_TIMEOUT};

use crate::state::AppState;
use crate::store::models::new_id;
use crate::store::webhooks::{self as store, Attempt, Delivery, Webhook};
use crate::store::{DbConn, StoreError};
use chrono::Duration;
use std::sync::Arc;

/// How long claimed deliveries are ours: a hook's few requests, one after the other
/// (no request starts unless it can end, at most [`TOTAL_TIMEOUT`], within it). A worker
/// that died with them leaves them to be taken again after this.
pub const LEASE: Duration = Duration::seconds(60);
/// Hooks claimed at once, deliveries of one hook claimed at once (sent one after the
/// other, in order), and events fanned out at once.
const HOOKS: i64 = 32;
const PER_HOOK: i64 = 8;
const FAN_OUT_BATCH: i64 = 500;
/// After a wake-up, how long the worker waits for more events before its round.
const COALESCE: std::time::Duration = std::time::Duration::from_millis(20);
/// Hooks sending at once (one request under way each).
const SENDING: usize = 8;
/// The longest wait between two attempts.
pub const MAX_BACKOFF: Duration = store::MAX_BACKOFF;

/// The delivery worker of one server process.
pub struct Worker {
    state: Arc<AppState>,
    settings: WebhookSettings,
    client: reqwest::Client,
    owner: String,
}

impl Worker {
    pub fn new(state: Arc<AppState>, settings: WebhookSettings) -> Result<Worker, String> {
        let client = address::client(settings.allow_private)?;
        Ok(Worker {
            state,
            settings,
            client,
            owner: format!("{}-{}", std::process::id(), &new_id()[..12]),
        })
    }

    /// Fan out and deliver until the task is dropped; sleeps between rounds until the poll
    /// interval passes or an event is written (the streams' wake-up).
    pub async fn run(self) {
        let mut wake = self.state.streams.subscribe();
        let poll = std::time::Duration::from_millis(self.settings.poll_ms);
        loop {
            // No hook: nothing to fan out or deliver, and nothing written (a round takes
            // the SQLite writer lock and commits the cursor, which after every turn took
            // a disk sync from the turns). The cursor catches up when a hook is made
            // (`store::catch_up_if_idle`).
            let busy = !self.idle().await && self.round().await;
            if busy {
                continue;
            }
            let woken = async {
                // Any wake-up: an event was written (or the channel lagged or closed).
                let _ = wake.recv().await;
                // Let the events of the turns committing now join this round: one round,
                // and one commit, for many turns rather than one each.
                tokio::time::sleep(COALESCE.min(poll)).await;
            };
            let _ = tokio::time::timeout(poll, woken).await;
        }
    }

    /// Is there no hook? (An error counts as "not idle": the round then reports it.)
    async fn idle(&self) -> bool {
        let state = self.state.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = state.db.pool.get()?;
            store::any_hook(&mut conn).map(|any| !any)
        })
        .await
        .is_ok_and(|r| r.unwrap_or(false))
    }

    /// One round: fan out, then deliver what is due; whether there is more to do at once.
    async fn round(&self) -> bool {
        let mut busy = false;
        match self.fan_out().await {
            Ok(n) => busy |= n >= FAN_OUT_BATCH as usize,
            Err(e) => tracing::warn!(error = %e, "webhooks: cannot fan out events"),
        }
        if self.settings.deliver {
            match self.tick().await {
                Ok(more) => busy |= more,
                Err(e) => tracing::warn!(error = %e, "webhooks: cannot claim deliveries"),
            }
        }
        busy
    }

    /// Run `work` on a pooled connection in a write transaction's conditions (the
    /// process's one writer on SQLite).
    async fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut DbConn) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let state = self.state.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = state.db.pool.get()?;
            let _one_writer = state.db.one_writer();
            work(&mut conn)
        })
        .await
        .map_err(|e| StoreError::Db(diesel::result::Error::QueryBuilderError(Box::new(e))))?
    }

    /// Fan the events written since the last round out into deliveries.
    pub async fn fan_out(&self) -> Result<usize, StoreError> {
        let now = self.state.clock.now_naive();
        let bound = i64::from(self.settings.backlog);
        self.write(move |conn| store::fan_out(conn, FAN_OUT_BATCH, now, bound))
            .await
    }

    /// Claim a batch of hooks with due deliveries and send each hook's, in order; returns
    /// whether more may be due at once (a full batch).
    pub async fn tick(&self) -> Result<bool, StoreError> {
        let now = self.state.clock.now_naive();
        let owner = self.owner.clone();
        let claimed = self
            .write(move |conn| store::claim(conn, &owner, now, now + LEASE, HOOKS, PER_HOOK))
            .await?;
        let more = claimed.len() >= HOOKS as usize
            || claimed.iter().any(|(_, d)| d.len() >= PER_HOOK as usize);
        let started = std::time::Instant::now();
        use futures_util::stream::StreamExt;
        futures_util::stream::iter(claimed)
            .for_each_concurrent(SENDING, |(hook, deliveries)| {
                self.send_in_order(hook, deliveries, started)
            })
            .await;
        Ok(more)
    }

    /// Send one hook's claimed deliveries, one after the other; after a failure the rest
    /// are given back untried (the hook's retry window is open now).
    async fn send_in_order(
        &self,
        hook: Webhook,
        deliveries: Vec<Delivery>,
        started: std::time::Instant,
    ) {
        // The lease runs from the claim: a request starts only if it ends within it.
        let budget = LEASE
            .to_std()
            .unwrap_or_default()
            .saturating_sub(TOTAL_TIMEOUT + CONNECT_TIMEOUT);
        let mut untold = hook.dropped_untold;
        let mut rest = deliveries.into_iter();
        while let Some(delivery) = rest.next() {
            if started.elapsed() > budget {
                self.release(std::iter::once(delivery).chain(rest).collect())
                    .await;
                return;
            }
            let attempt = self.send(&delivery, &hook, untold).await;
            let ok = attempt.error.is_none();
            self.mark(delivery, &hook, attempt, if ok { untold } else { 0 })
                .await;
            if ok {
                untold = 0;
            } else {
                self.release(rest.collect()).await;
                return;
            }
        }
    }

    /// Give back claimed deliveries untried.
    async fn release(&self, deliveries: Vec<Delivery>) {
        if deliveries.is_empty() {
            return;
        }
        let owner = self.owner.clone();
        let ids: Vec<String> = deliveries.into_iter().map(|d| d.id).collect();
        if let Err(e) = self
            .write(move |conn| store::release(conn, &owner, &ids))
            .await
        {
            // Their lease runs out and they are claimed again then.
            tracing::warn!(error = %e, "webhooks: cannot give back deliveries");
        }
    }

    /// One attempt at `delivery`, telling the receiver of `dropped` deliveries dropped
    /// before it (`Hermes-Dropped`, when there are any).
    async fn send(&self, delivery: &Delivery, hook: &Webhook, dropped: i64) -> Attempt {
        let fail = |error: String| Attempt {
            status: None,
            error: Some(error),
            gone: false,
        };
        // The host is checked again now (a name's addresses change); an address literal
        // is not resolved, so it is checked here, a name by the client's resolver.
        let url = match address::check_literal(&hook.url, self.settings.allow_private) {
            Ok(url) => url,
            Err(refused) => return fail(refused.detail),
        };
        let body = match format::body(
            &hook.format,
            &delivery.kind,
            &delivery.data,
            &self.state.public_url,
        ) {
            Ok(body) => body,
            Err(e) => return fail(e),
        };
        let t = self.state.clock.now_naive().and_utc().timestamp();
        let signature = sign(&hook.secret, t, body.as_bytes());
        let request = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header("Hermes-Event", &delivery.kind)
            .header("Hermes-Delivery", &delivery.id)
            .header("Hermes-Webhook", &hook.id)
            .header("Hermes-Signature", signature);
        let request = if dropped > 0 {
            request.header("Hermes-Dropped", dropped.to_string())
        } else {
            request
        }
        .body(body);
        match request.send().await {
            Ok(response) => {
                let status = response.status();
                // The body is not kept (nor read past a little): only whether it answered.
                drop(response);
                if status.is_success() {
                    Attempt {
                        status: Some(status.as_u16()),
                        error: None,
                        gone: false,
                    }
                } else {
                    Attempt {
                        status: Some(status.as_u16()),
                        error: Some(format!("the receiver answered {status}")),
                        gone: status == reqwest::StatusCode::GONE,
                    }
                }
            }
            Err(e) => fail(address::describe(&e)),
        }
    }

    /// Write down one attempt (which told the receiver of `told` dropped deliveries).
    async fn mark(&self, delivery: Delivery, hook: &Webhook, attempt: Attempt, told: i64) {
        let now = self.state.clock.now_naive();
        let owner = self.owner.clone();
        let policy = self.settings.policy();
        let logged = attempt.clone();
        let id = delivery.id.clone();
        let result = self
            .write(move |conn| {
                crate::store::write_transaction(conn, |conn| {
                    store::mark(conn, &delivery, &owner, now, policy, &attempt, told)
                })
            })
            .await;
        match (result, logged.error) {
            (Ok(what), None) => {
                tracing::info!(webhook.id = %hook.id, delivery.id = %id, what, "webhook delivered")
            }
            (Ok(what), Some(e)) => {
                tracing::warn!(webhook.id = %hook.id, delivery.id = %id, what, error = %e, "webhook not delivered")
            }
            (Err(e), _) => {
                tracing::error!(webhook.id = %hook.id, delivery.id = %id, error = %e, "webhook: cannot record the attempt")
            }
        }
    }
}

/// Shared between the handlers and the worker: the settings the handlers need.
pub type Shared = Arc<WebhookSettings>;
