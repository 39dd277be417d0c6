//! Time, injectable: the server asks a [`Clock`] what time it is, so a test can jump days
//! ahead without sleeping.
//!
//! Owns: the one source of "now" for anything that decides by time (deadlines, reminders,
//! digests, vacations, mail retries, the times written into the log). Must not: sleep —
//! a loop that waits does so with tokio, then asks the clock again.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use std::sync::{Arc, Mutex};

/// What time it is.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> DateTime<Utc>;

    /// Now as stored in the database: naive UTC, whole microseconds (what Postgres
    /// keeps), so a value read back equals the value written on both backends.
    fn now_naive(&self) -> NaiveDateTime {
        truncate_micros(self.now().naive_utc())
    }
}

/// Shared by every part of one server.
pub type SharedClock = Arc<dyn Clock>;

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that stands still until told to move: for tests.
#[derive(Debug)]
pub struct ManualClock {
    now: Mutex<DateTime<Utc>>,
}

impl ManualClock {
    pub fn new(start: DateTime<Utc>) -> Arc<ManualClock> {
        Arc::new(ManualClock {
            now: Mutex::new(start),
        })
    }

    /// Starting at the wall clock's now.
    pub fn starting_now() -> Arc<ManualClock> {
        ManualClock::new(Utc::now())
    }

    pub fn advance(&self, by: Duration) {
        let mut now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        *now += by;
    }

    pub fn set(&self, to: DateTime<Utc>) {
        *self.now.lock().unwrap_or_else(|e| e.into_inner()) = to;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.now.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Drop the nanoseconds below a microsecond.
pub fn truncate_micros(t: NaiveDateTime) -> NaiveDateTime {
    t - Duration::nanoseconds(i64::from(t.and_utc().timestamp_subsec_nanos() % 1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let start = DateTime::parse_from_rfc3339("2026-01-01T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let clock = ManualClock::new(start);
        assert_eq!(clock.now(), start);
        clock.advance(Duration::days(3));
        assert_eq!(clock.now(), start + Duration::days(3));
        let shared: SharedClock = clock.clone();
        assert_eq!(shared.now_naive(), (start + Duration::days(3)).naive_utc());
    }

    #[test]
    fn stored_times_keep_whole_microseconds() {
        let t = DateTime::parse_from_rfc3339("2026-01-01T12:00:00.123456789Z")
            .unwrap()
            .naive_utc();
        assert_eq!(
            truncate_micros(t).and_utc().timestamp_subsec_nanos(),
            123_456_000
        );
    }
}
