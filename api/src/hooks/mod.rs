//! What a webhook is, whoever reads or sends it: the settings that bound hooks, the
//! addresses a hook may call ([`address`]), the formats it may take, its secret and the
//! signature of a delivery.
//!
//! Owns: checking a hook's URL (when it is made and each time it is called), signing.
//! Must not: send anything (`crate::webhooks`, the delivery worker, does) or touch the
//! database.

pub mod address;

use crate::store::webhooks::Policy;
use chrono::Duration;

/// The formats a hook may take.
pub const FORMATS: [&str; 3] = ["generic", "discord", "slack"];

/// Connecting to a receiver may take this long.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);
/// A whole request (connect, send, the answer's head and body) may take this long.
pub const TOTAL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// The settings of webhooks (`webhook_*` in the settings table).
#[derive(Debug, Clone)]
pub struct WebhookSettings {
    /// Allow hooks to loopback, private, link-local and other non-public addresses
    /// (`webhook_allow_private`): for a receiver on the operator's own network, and tests.
    pub allow_private: bool,
    /// Failed attempts at one delivery after which it is given up, when its receiver
    /// takes other deliveries meanwhile (`webhook_max_attempts`).
    pub max_attempts: u32,
    /// Failed attempts in a row, one a retry window, after which a hook may be disabled
    /// (`webhook_disable_after`)...
    pub disable_after: u32,
    /// ...once it has also been failing this long with no success
    /// (`webhook_disable_after_hours`).
    pub disable_after_failing: std::time::Duration,
    /// Undelivered deliveries kept for one hook, enabled or disabled; the oldest over it
    /// are dropped and counted (`webhook_backlog`).
    pub backlog: u32,
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
            // Three days, as Stripe retries for: a receiver down over a weekend's night
            // or a long deploy catches up by itself.
            disable_after_failing: std::time::Duration::from_secs(72 * 3600),
            backlog: 1000,
            retry_base_ms: 30_000,
            poll_ms: 1000,
            deliver: true,
        }
    }
}

impl WebhookSettings {
    pub fn policy(&self) -> Policy {
        Policy {
            max_attempts: i64::from(self.max_attempts),
            disable_after: i64::from(self.disable_after),
            disable_after_failing: Duration::from_std(self.disable_after_failing)
                .unwrap_or(Duration::MAX),
            retry_base: Duration::milliseconds(
                i64::try_from(self.retry_base_ms).unwrap_or(i64::MAX),
            ),
        }
    }

    /// The retry window after the `n`-th failure in a row: `retry_base_ms × 2^(n-1)`,
    /// at most an hour, plus up to a quarter more at random (hooks that failed together
    /// do not come back together).
    pub fn backoff(&self, n: i64) -> Duration {
        self.policy().backoff(n, true)
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
