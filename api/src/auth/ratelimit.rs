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
//! Table talk: a limit per seat (game and player) per minute, whichever way the message
//! comes (`crate::play::talk` counts it: the API, the game page and mail replies alike).
//!
//! Per process on purpose: a limit is a brake on guessing, not something that must
//! happen exactly once, so several servers each braking is acceptable.

use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::{Quota, RateLimiter};
use std::num::NonZeroU32;
use std::time::Duration;

type Limiter = RateLimiter<
    String,
    governor::state::keyed::DefaultKeyedStateStore<String>,
    DefaultClock,
    StateInformationMiddleware,
>;

fn at_least_one(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

fn keyed(quota: Quota) -> Limiter {
    RateLimiter::keyed(quota).with_middleware::<StateInformationMiddleware>()
}

/// Where a client stands against one quota after a request was counted: what the
/// `RateLimit-*` response headers say (`crate::http::ratelimit`).
///
/// The limiter is a GCRA (`governor`): `limit` requests may come at once, and one comes
/// back every `window / limit`. `reset` is when the whole quota is back, rounded up to the
/// second; it can be up to one `window / limit` late (the limiter tells how many requests
/// remain, not the exact moment the next one returns), never early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Requests allowed in a window.
    pub limit: u32,
    /// The window, in seconds.
    pub window: u64,
    /// Requests left now.
    pub remaining: u32,
    /// Seconds until `remaining` is `limit` again.
    pub reset: u64,
    /// When refused: seconds until the next request is allowed (`Retry-After`).
    pub retry_after: Option<u64>,
}

impl Standing {
    fn refused(&self) -> bool {
        self.retry_after.is_some()
    }

    /// Of two quotas a request counted against, the one that says more: a refusal, else
    /// the one with fewer requests left.
    fn tighter(self, other: Standing) -> Standing {
        match (self.refused(), other.refused()) {
            (true, _) => self,
            (false, true) => other,
            _ if other.remaining < self.remaining => other,
            _ => self,
        }
    }
}

/// The answer of a limit: `Ok` when the request may go on, `Err` when it is refused
/// (`retry_after` is then set); either way, the standing of every quota it was counted
/// against, tightest first.
pub type Checked = Result<Standings, Standings>;

/// The quotas a request was counted against; the first is the tightest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings(pub Vec<Standing>);

impl Standings {
    /// The quota the `RateLimit-Limit/Remaining/Reset` headers describe.
    pub fn tightest(&self) -> Option<&Standing> {
        self.0.first()
    }

    /// Seconds to wait before trying again (only for a refusal).
    pub fn retry_after(&self) -> u64 {
        self.tightest().and_then(|s| s.retry_after).unwrap_or(1)
    }
}

/// Go on when `checked` allows it, else a 429 `rate_limited` saying `refusal` (with
/// `Retry-After`); either way, `keep` is told where the client stands first (the edge
/// tells the client, `crate::http::ratelimit`), whatever is answered next.
pub fn admit(
    checked: Checked,
    keep: impl FnOnce(Standings),
    refusal: &str,
) -> Result<(), crate::error::ApiError> {
    match checked {
        Ok(standings) => {
            keep(standings);
            Ok(())
        }
        Err(standings) => {
            let wait = standings.retry_after();
            keep(standings);
            Err(crate::error::ApiError::too_many_requests(
                refusal.to_string(),
                wait,
            ))
        }
    }
}

fn ceil_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// Count one request for `key` against `limiter` (whose quota spans `window`).
fn count(limiter: &Limiter, clock: &DefaultClock, window: Duration, key: String) -> Standing {
    if limiter.len() > 100_000 {
        limiter.retain_recent();
    }
    match limiter.check_key(&key) {
        Ok(snapshot) => {
            let quota = snapshot.quota();
            let limit = quota.burst_size().get();
            let remaining = snapshot.remaining_burst_capacity().min(limit);
            let reset = ceil_secs(quota.replenish_interval() * (limit - remaining));
            Standing {
                limit,
                window: window.as_secs(),
                remaining,
                reset,
                retry_after: None,
            }
        }
        Err(not_until) => {
            let quota = not_until.quota();
            let limit = quota.burst_size().get();
            let wait = not_until.wait_time_from(clock.now());
            // The next request is allowed after `wait`; the rest of the quota comes back
            // one at a time after it.
            let whole = wait + quota.replenish_interval() * (limit - 1);
            Standing {
                limit,
                window: window.as_secs(),
                remaining: 0,
                reset: ceil_secs(whole).max(1),
                retry_after: Some(wait.as_secs() + 1),
            }
        }
    }
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

pub struct LoginLimits {
    per_ip: Limiter,
    per_email_and_ip: Limiter,
    clock: DefaultClock,
}

impl LoginLimits {
    pub fn new(per_ip_per_minute: u32, per_email_per_minute: u32) -> LoginLimits {
        LoginLimits {
            per_ip: keyed(Quota::per_minute(at_least_one(per_ip_per_minute))),
            per_email_and_ip: keyed(Quota::per_minute(at_least_one(per_email_per_minute))),
            clock: DefaultClock::default(),
        }
    }

    /// Count one attempt; `Err` when either limit is exhausted.
    pub fn check(&self, ip: &str, email: &str) -> Checked {
        let by_ip = count(&self.per_ip, &self.clock, MINUTE, ip.to_string());
        if by_ip.refused() {
            return Err(Standings(vec![by_ip]));
        }
        // An address cannot contain a space, so the key is unambiguous.
        let by_email = count(
            &self.per_email_and_ip,
            &self.clock,
            MINUTE,
            format!("{email} {ip}"),
        );
        let first = by_ip.tighter(by_email);
        let second = if first == by_ip { by_email } else { by_ip };
        let standings = Standings(vec![first, second]);
        if first.refused() {
            Err(standings)
        } else {
            Ok(standings)
        }
    }
}

/// Registrations per client address.
pub struct RegisterLimits {
    per_ip: Limiter,
    clock: DefaultClock,
}

impl RegisterLimits {
    pub fn new(per_ip_per_hour: u32) -> RegisterLimits {
        RegisterLimits {
            per_ip: keyed(Quota::per_hour(at_least_one(per_ip_per_hour))),
            clock: DefaultClock::default(),
        }
    }

    /// Count one registration from `ip`; `Err` when its quota is spent.
    pub fn check(&self, ip: &str) -> Checked {
        let s = count(&self.per_ip, &self.clock, HOUR, ip.to_string());
        if s.refused() {
            Err(Standings(vec![s]))
        } else {
            Ok(Standings(vec![s]))
        }
    }
}

/// Table talk per seat (a player at one game's table).
pub struct TalkLimits {
    per_seat: Limiter,
    clock: DefaultClock,
}

impl TalkLimits {
    pub fn new(per_seat_per_minute: u32) -> TalkLimits {
        TalkLimits {
            per_seat: keyed(Quota::per_minute(at_least_one(per_seat_per_minute))),
            clock: DefaultClock::default(),
        }
    }

    /// Count one message of `user_id` at the table of `game_id`; `Err` when the seat's
    /// quota is spent.
    pub fn check(&self, game_id: &str, user_id: &str) -> Checked {
        // Ids are hex: the space keeps the key unambiguous.
        let s = count(
            &self.per_seat,
            &self.clock,
            MINUTE,
            format!("{game_id} {user_id}"),
        );
        if s.refused() {
            Err(Standings(vec![s]))
        } else {
            Ok(Standings(vec![s]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standing_counts_down_and_the_reset_grows_with_what_was_used() {
        let l = RegisterLimits::new(4);
        let mut last = None;
        for left in (0..4).rev() {
            let s = *l.check("1.1.1.1").unwrap().tightest().unwrap();
            assert_eq!((s.limit, s.window, s.remaining), (4, 3600, left));
            // 15 minutes come back per registration used; at most one late.
            let used = u64::from(4 - left);
            assert!(s.reset > (used - 1) * 900 && s.reset <= used * 900, "{s:?}");
            if let Some(prev) = last {
                assert!(s.reset > prev);
            }
            last = Some(s.reset);
        }
        let refused = *l.check("1.1.1.1").unwrap_err().tightest().unwrap();
        assert_eq!(refused.remaining, 0);
        assert!(
            refused.reset >= 3 * 900 && refused.reset <= 3600,
            "{refused:?}"
        );
    }

    #[test]
    fn a_login_reports_the_quota_with_fewer_left_first() {
        let l = LoginLimits::new(20, 3);
        let s = l.check("1.1.1.1", "a@x").unwrap();
        assert_eq!(s.0.len(), 2);
        assert_eq!((s.0[0].limit, s.0[0].remaining), (3, 2));
        assert_eq!((s.0[1].limit, s.0[1].remaining), (20, 19));
    }

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
        let refused = l.check("1.1.1.1", "c@x").unwrap_err();
        assert!(refused.retry_after() >= 1);
        assert_eq!(refused.tightest().map(|s| s.remaining), Some(0));
        assert!(l.check("2.2.2.2", "d@x").is_ok());
    }

    #[test]
    fn talk_beyond_a_seats_quota_is_refused_at_that_table_only() {
        let l = TalkLimits::new(3);
        for _ in 0..3 {
            assert!(l.check("g1", "u1").is_ok());
        }
        let refused = l.check("g1", "u1").unwrap_err();
        assert!((1..=21).contains(&refused.retry_after()), "{refused:?}");
        assert!(l.check("g1", "u2").is_ok());
        assert!(l.check("g2", "u1").is_ok());
    }

    #[test]
    fn registrations_beyond_the_hourly_quota_of_an_address_wait_minutes() {
        let l = RegisterLimits::new(2);
        assert!(l.check("1.1.1.1").is_ok());
        assert!(l.check("1.1.1.1").is_ok());
        let secs = l.check("1.1.1.1").unwrap_err().retry_after();
        assert!(secs > 60, "{secs}");
        assert!(l.check("2.2.2.2").is_ok());
    }
}
