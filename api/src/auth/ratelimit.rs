//! Rate limits on logins and registrations, keyed by client address, in this process's
//! memory.
//!
//! Logins: a limit per client address, and one per (email, client address). The second
//! is keyed by both on purpose: a limit per email alone lets anyone lock the owner out of
//! their own account by sending five wrong passwords a minute. Guessing one account's
//! password from many addresses is braked by each address's limit and by the cost of
//! argon2 (`crate::auth::hashing` bounds how many run at once), not by locking the
//! account.
//!
//! Registrations: a limit per client address per hour (each one costs a password hash and
//! a welcome mail).
//!
//! Per process on purpose: a limit is a brake on guessing, not something that must
//! happen exactly once, so several servers each braking is acceptable.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

fn at_least_one(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

pub struct LoginLimits {
    per_ip: DefaultKeyedRateLimiter<String>,
    per_email_and_ip: DefaultKeyedRateLimiter<String>,
    clock: DefaultClock,
}

/// How long to wait before the next attempt is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

/// Count one attempt for `key`; `Err` with the wait when its quota is spent.
fn count(
    limiter: &DefaultKeyedRateLimiter<String>,
    clock: &DefaultClock,
    key: String,
) -> Result<(), RetryAfter> {
    if limiter.len() > 100_000 {
        limiter.retain_recent();
    }
    limiter.check_key(&key).map_err(|not_until| {
        let wait = not_until.wait_time_from(clock.now());
        RetryAfter(wait.as_secs() + 1)
    })
}

impl LoginLimits {
    pub fn new(per_ip_per_minute: u32, per_email_per_minute: u32) -> LoginLimits {
        LoginLimits {
            per_ip: RateLimiter::keyed(Quota::per_minute(at_least_one(per_ip_per_minute))),
            per_email_and_ip: RateLimiter::keyed(Quota::per_minute(at_least_one(
                per_email_per_minute,
            ))),
            clock: DefaultClock::default(),
        }
    }

    /// Count one attempt; `Err` when either limit is exhausted.
    pub fn check(&self, ip: &str, email: &str) -> Result<(), RetryAfter> {
        count(&self.per_ip, &self.clock, ip.to_string())?;
        // An address cannot contain a space, so the key is unambiguous.
        count(&self.per_email_and_ip, &self.clock, format!("{email} {ip}"))
    }
}

/// Registrations per client address.
pub struct RegisterLimits {
    per_ip: DefaultKeyedRateLimiter<String>,
    clock: DefaultClock,
}

impl RegisterLimits {
    pub fn new(per_ip_per_hour: u32) -> RegisterLimits {
        RegisterLimits {
            per_ip: RateLimiter::keyed(Quota::per_hour(at_least_one(per_ip_per_hour))),
            clock: DefaultClock::default(),
        }
    }

    /// Count one registration from `ip`; `Err` when its quota is spent.
    pub fn check(&self, ip: &str) -> Result<(), RetryAfter> {
        count(&self.per_ip, &self.clock, ip.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_beyond_the_email_quota_from_one_address_are_refused_but_not_from_another() {
        let l = LoginLimits::new(100, 3);
        for _ in 0..3 {
            assert!(l.check("1.1.1.1", "a@x").is_ok());
        }
        assert!(l.check("1.1.1.1", "a@x").is_err());
        // The owner, elsewhere, is not locked out by a stranger's attempts.
        assert!(l.check("2.2.2.2", "a@x").is_ok());
        assert!(l.check("1.1.1.1", "b@x").is_ok());
    }

    #[test]
    fn attempts_beyond_the_ip_quota_are_refused() {
        let l = LoginLimits::new(2, 100);
        assert!(l.check("1.1.1.1", "a@x").is_ok());
        assert!(l.check("1.1.1.1", "b@x").is_ok());
        let RetryAfter(secs) = l.check("1.1.1.1", "c@x").unwrap_err();
        assert!(secs >= 1);
        assert!(l.check("2.2.2.2", "d@x").is_ok());
    }

    #[test]
    fn registrations_beyond_the_hourly_quota_of_an_address_wait_minutes() {
        let l = RegisterLimits::new(2);
        assert!(l.check("1.1.1.1").is_ok());
        assert!(l.check("1.1.1.1").is_ok());
        let RetryAfter(secs) = l.check("1.1.1.1").unwrap_err();
        assert!(secs > 60, "{secs}");
        assert!(l.check("2.2.2.2").is_ok());
    }
}
