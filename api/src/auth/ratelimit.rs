//! Login rate limits: per client IP and per email address, in this process's memory.
//!
//! Per process on purpose: a limit is a brake on guessing, not something that must
//! happen exactly once, so several servers each braking is acceptable.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

pub struct LoginLimits {
    per_ip: DefaultKeyedRateLimiter<String>,
    per_email: DefaultKeyedRateLimiter<String>,
    clock: DefaultClock,
}

/// How long to wait before the next attempt is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

impl LoginLimits {
    pub fn new(per_ip_per_minute: u32, per_email_per_minute: u32) -> LoginLimits {
        let quota = |n: u32| Quota::per_minute(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN));
        LoginLimits {
            per_ip: RateLimiter::keyed(quota(per_ip_per_minute)),
            per_email: RateLimiter::keyed(quota(per_email_per_minute)),
            clock: DefaultClock::default(),
        }
    }

    /// Count one attempt; `Err` when either limit is exhausted.
    pub fn check(&self, ip: &str, email: &str) -> Result<(), RetryAfter> {
        for (limiter, key) in [(&self.per_ip, ip), (&self.per_email, email)] {
            if limiter.len() > 100_000 {
                limiter.retain_recent();
            }
            if let Err(not_until) = limiter.check_key(&key.to_string()) {
                let wait = not_until.wait_time_from(self.clock.now());
                return Err(RetryAfter(wait.as_secs() + 1));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_beyond_the_email_quota_are_refused_but_other_emails_pass() {
        let l = LoginLimits::new(100, 3);
        for _ in 0..3 {
            assert!(l.check("1.1.1.1", "a@x").is_ok());
        }
        assert!(l.check("2.2.2.2", "a@x").is_err());
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
}
