//! Webhooks (`docs/webhooks.md`): the worker that fans events out into the webhook
//! outbox and delivers it, signed, with retries.
//!
//! Owns: reading the events table after `webhook_cursor` into `webhook_deliveries`
//! ([`crate::store::webhooks::fan_out`], one transaction per batch, so nothing is lost or
//! doubled on a crash), claiming due deliveries with a lease, sending each one (its body
//! in the hook's format, [`format`]; signed, [`sign`]; only to an address the rules allow,
//! [`address`]), and writing down what happened (retry after a backoff, give up, disable
//! the hook after repeated failures).
//! Must not: decide what an event says or whom it is for (`crate::play::events` did; a
//! hook is told exactly what its owner's `GET /stream` is), or read the wall clock.

pub mod address;
pub mod format;

use crate::state::AppState;
use crate::store::models::new_id;
use crate::store::webhooks::{self as store, Attempt, Delivery, Limits, Webhook};
use crate::store::{DbConn, StoreError};
use actix_web::web;
use chrono::Duration;
use std::sync::Arc;

/// How long a claimed delivery is ours: one request (at most [`TOTAL_TIMEOUT`]) and
/// some. A worker that died with it leaves it to be taken again after this.
pub const LEASE: Duration = Duration::seconds(60);
/// Connecting to a receiver may take this long.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);
/// A whole request (connect, send, the answer's head and body) may take this long.
pub const TOTAL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// Deliveries claimed, and events fanned out, at once.
const BATCH: i64 = 32;
const FAN_OUT_BATCH: i64 = 500;
/// After a wake-up, how long the worker waits for more events before its round.
const COALESCE: std::time::Duration = std::time::Duration::from_millis(20);
/// Requests under way at once.
const SENDING: usize = 8;
/// The longest wait between two attempts at one delivery.
pub const MAX_BACKOFF: Duration = Duration::seconds(3600);

/// The settings of webhooks (`webhook_*` in the settings table).
#[derive(Debug, Clone)]
pub struct WebhookSettings {
    /// Allow hooks to loopback, private, link-local and other non-public addresses
    /// (`webhook_allow_private`): for a receiver on the operator's own network, and tests.
    pub allow_private: bool,
    /// Attempts at one delivery before it is given up (`webhook_max_attempts`).
    pub max_attempts: u32,
    /// Failed attempts in a row after which a hook is disabled (`webhook_disable_after`).
    pub disable_after: u32,
    /// The first retry's wait, in milliseconds; each next one doubles, up to an hour
    /// (`webhook_retry_base_ms`).
    pub retry_base_ms: u64,
    /// How often the worker looks for events and due deliveries (`webhook_poll_ms`); an
    /// event wakes it at once.
    pub poll_ms: u64,
    /// Send deliveries (`webhook_deliver`); `false` keeps them pending, unsent: a server
    /// that must call nothing outside (a contract test's) still takes and lists hooks.
    pub deliver: bool,
}

impl Default for WebhookSettings {
    fn default() -> WebhookSettings {
        WebhookSettings {
            allow_private: false,
            max_attempts: 8,
            disable_after: 20,
            retry_base_ms: 30_000,
            poll_ms: 1000,
            deliver: true,
        }
    }
}

impl WebhookSettings {
    fn limits(&self) -> Limits {
        Limits {
            max_attempts: i64::from(self.max_attempts),
            disable_after: i64::from(self.disable_after),
        }
    }

    /// The wait after the `attempts`-th failed attempt: `retry_base_ms × 2^(attempts-1)`,
    /// at most an hour, plus up to a quarter more at random (deliveries that failed
    /// together do not come back together).
    pub fn backoff(&self, attempts: i64) -> Duration {
        let shift = u32::try_from((attempts - 1).clamp(0, 20)).unwrap_or(20);
        let base = i64::try_from(self.retry_base_ms)
            .unwrap_or(i64::MAX)
            .checked_mul(1i64 << shift)
            .unwrap_or(i64::MAX)
            .min(MAX_BACKOFF.num_milliseconds());
        let jitter = rand::random::<u64>() % (u64::try_from(base / 4).unwrap_or(0) + 1);
        Duration::milliseconds(base + i64::try_from(jitter).unwrap_or(0))
    }
}

/// The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
/// "<t>.<body>")>`.
pub fn sign(secret: &str, t: i64, body: &[u8]) -> String {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes());
    let mut ctx = ring::hmac::Context::with_key(&key);
    ctx.update(t.to_string().as_bytes());
    ctx.update(b".");
    ctx.update(body);
    format!("t={t},v1={}", hex::encode(ctx.sign().as_ref()))
}

/// A new hook secret: `whsec_` and 32 random bytes in hex.
pub fn new_secret() -> String {
    format!("whsec_{}", hex::encode(rand::random::<[u8; 32]>()))
}

/// The delivery worker of one server process.
pub struct Worker {
    state: web::Data<AppState>,
    settings: WebhookSettings,
    client: reqwest::Client,
    owner: String,
}

impl Worker {
    pub fn new(state: web::Data<AppState>, settings: WebhookSettings) -> Result<Worker, String> {
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
            // No hook enabled: nothing to fan out or deliver, and nothing written (a round
            // takes the SQLite writer lock and commits the cursor, which after every turn
            // took a disk sync from the turns). The cursor catches up when a hook is
            // enabled (`store::catch_up_if_idle`).
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

    /// Is no hook enabled? (An error counts as "not idle": the round then reports it.)
    async fn idle(&self) -> bool {
        let state = self.state.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = state.pool.get()?;
            store::any_enabled(&mut conn).map(|any| !any)
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
                Ok(n) => busy |= n >= BATCH as usize,
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
            let mut conn = state.pool.get()?;
            let _one_writer = state.one_writer();
            work(&mut conn)
        })
        .await
        .map_err(|e| StoreError::Db(diesel::result::Error::QueryBuilderError(Box::new(e))))?
    }

    /// Fan the events written since the last round out into deliveries.
    pub async fn fan_out(&self) -> Result<usize, StoreError> {
        let now = self.state.clock.now_naive();
        self.write(move |conn| store::fan_out(conn, FAN_OUT_BATCH, now))
            .await
    }

    /// Claim one batch of due deliveries and try each; returns how many were claimed.
    pub async fn tick(&self) -> Result<usize, StoreError> {
        let now = self.state.clock.now_naive();
        let owner = self.owner.clone();
        let claimed = self
            .write(move |conn| store::claim(conn, &owner, now, now + LEASE, BATCH))
            .await?;
        let n = claimed.len();
        use futures_util::stream::StreamExt;
        let mut sent = std::pin::pin!(futures_util::stream::iter(claimed)
            .map(|(delivery, hook)| async move {
                let attempt = self.send(&delivery, &hook).await;
                (delivery, hook, attempt)
            })
            .buffer_unordered(SENDING));
        while let Some((delivery, hook, attempt)) = sent.next().await {
            self.mark(delivery, hook, attempt).await;
        }
        Ok(n)
    }

    /// One attempt at `delivery`.
    async fn send(&self, delivery: &Delivery, hook: &Webhook) -> Attempt {
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
            .header("Hermes-Signature", signature)
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

    /// Write down one attempt.
    async fn mark(&self, delivery: Delivery, hook: Webhook, attempt: Attempt) {
        let now = self.state.clock.now_naive();
        let owner = self.owner.clone();
        let limits = self.settings.limits();
        let backoff = self.settings.backoff(delivery.attempts + 1);
        let logged = attempt.clone();
        let id = delivery.id.clone();
        let result = self
            .write(move |conn| {
                crate::store::write_transaction(conn, |conn| {
                    store::mark(conn, &delivery, &owner, now, limits, &attempt, backoff)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_stripe_style_hmac_sha256() {
        // Computed independently, with Python's hmac module.
        let s = sign("whsec_x", 1_700_000_000, br#"{"a":1}"#);
        assert_eq!(
            s,
            "t=1700000000,v1=b3438763ab46d9634b9844c8722818eaf523f803db1327484c6067462a5fd6d1"
        );
        assert_ne!(s, sign("whsec_y", 1_700_000_000, br#"{"a":1}"#));
        assert_ne!(s, sign("whsec_x", 1_700_000_001, br#"{"a":1}"#));
    }

    #[test]
    fn the_backoff_doubles_from_the_base_up_to_an_hour() {
        let s = WebhookSettings {
            retry_base_ms: 1000,
            ..Default::default()
        };
        for attempts in 1..=30 {
            let base = (1000i64 << (attempts - 1).min(20)).min(3_600_000);
            let wait = s.backoff(attempts).num_milliseconds();
            assert!(
                wait >= base && wait <= base + base / 4,
                "{attempts}: {wait}"
            );
        }
    }
}
