//! Credentials epochs: what ends the access tokens (JWTs) of an account.
//!
//! An access token is signed, so nothing about it can be taken back; it carries instead
//! the account's credentials epoch when it was issued (`ep`), and works only while the
//! account is still in that epoch. A password reset moves the account to the next one
//! (`crate::store::accounts::end_credentials`), which ends every access token issued
//! before; an account deleted has no epoch, which ends them too.
//!
//! Owns: this server's memory of each account's epoch, read again from the database once
//! it is older than `credentials_recheck_ms`, so that a reset made through another server
//! on the same database ends the tokens here within that time (one query per account
//! and interval, not one per request). A reset made here is remembered at once.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most accounts remembered; emptied when full (as `jwt::Keys` does).
const MAX: usize = 16_384;

/// An account's epoch as this server last read it.
#[derive(Clone, Copy)]
struct Seen {
    /// `None`: the account does not exist.
    epoch: Option<i64>,
    at: Instant,
}

pub struct Epochs {
    seen: Mutex<HashMap<String, Seen>>,
    /// How long a remembered epoch is believed.
    fresh: Duration,
}

/// Is `current` (the account's epoch; `None` when it is gone) later than `other`? Epochs
/// only grow, and an account deleted does not come back.
fn later(current: Option<i64>, other: Option<i64>) -> bool {
    match (current, other) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a > b,
    }
}

impl Epochs {
    pub fn new(fresh: Duration) -> Epochs {
        Epochs {
            seen: Mutex::new(HashMap::new()),
            fresh,
        }
    }

    /// How long a remembered epoch is believed (`credentials_recheck_ms`).
    pub fn fresh(&self) -> Duration {
        self.fresh
    }

    /// The epoch of `user_id` if it was read within the freshness interval: `Some(None)`
    /// when the account was gone.
    pub fn cached(&self, user_id: &str) -> Option<Option<i64>> {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.get(user_id)
            .filter(|s| s.at.elapsed() < self.fresh)
            .map(|s| s.epoch)
    }

    /// Remember the epoch of `user_id` as just read. A read that raced a reset made here
    /// cannot bring back the older epoch: the later of the two is kept.
    pub fn remember(&self, user_id: &str, epoch: Option<i64>) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() >= MAX && !seen.contains_key(user_id) {
            seen.clear();
        }
        let now = Instant::now();
        match seen.get_mut(user_id) {
            Some(s) => {
                if later(epoch, s.epoch) {
                    s.epoch = epoch;
                }
                s.at = now;
            }
            None => {
                seen.insert(user_id.to_string(), Seen { epoch, at: now });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_epoch_is_believed_only_while_fresh_and_never_goes_back() {
        let e = Epochs::new(Duration::from_secs(60));
        assert_eq!(e.cached("u"), None);
        e.remember("u", Some(0));
        assert_eq!(e.cached("u"), Some(Some(0)));
        e.remember("u", Some(2));
        // A read begun before the reset that made epoch 2, answered after it.
        e.remember("u", Some(1));
        assert_eq!(e.cached("u"), Some(Some(2)));
        e.remember("u", None);
        e.remember("u", Some(3));
        assert_eq!(e.cached("u"), Some(None), "a deleted account stays deleted");
        let stale = Epochs::new(Duration::ZERO);
        stale.remember("u", Some(0));
        assert_eq!(stale.cached("u"), None);
    }
}
