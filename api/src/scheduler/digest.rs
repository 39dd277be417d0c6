//! The daily digest: for users with `mail_pref = 'digest'`, one mail a day at 08:00 in
//! their time zone listing the games that wait for them, if any.
//!
//! `users.next_digest_at` says when the next one is due. A user without one (new to the
//! digest) is scheduled for the next 08:00, with no mail now. When it is due, a
//! conditional update moves it from the value read to the next 08:00 after now — the one
//! caller whose update changed the row sends that day's digest; a server that was down
//! for days sends one digest, not one per missed day.

use super::{TickReport, BATCH};
use crate::error::ApiResult;
use crate::mail::{Deadline as DeadlineWords, Digest, DigestGame, MailData};
use crate::outbox::compose::game_name;
use crate::play::timeout::policy;
use crate::state::AppState;
use crate::store::deadlines::{self};
use crate::store::outbox::{enqueue, NewMail};
use crate::store::{DbConn, StoreError};
use chrono::{DateTime, Duration, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// The local hour of the digest.
pub const DIGEST_HOUR: u32 = 8;

fn zone(name: &str) -> Tz {
    name.parse().unwrap_or(chrono_tz::UTC)
}

/// The first 08:00 in `time_zone` strictly after `now`, in UTC (naive, as stored). A day
/// whose 08:00 does not exist (a daylight-saving gap) takes the earliest valid reading of
/// it one hour later.
pub fn next_digest_at(now: DateTime<Utc>, time_zone: &str) -> NaiveDateTime {
    let tz = zone(time_zone);
    let mut date = now.with_timezone(&tz).date_naive();
    let at = NaiveTime::from_hms_opt(DIGEST_HOUR, 0, 0).unwrap_or_default();
    for _ in 0..4 {
        let local = date.and_time(at);
        let candidate = tz.from_local_datetime(&local).earliest().or_else(|| {
            tz.from_local_datetime(&(local + Duration::hours(1)))
                .earliest()
        });
        if let Some(c) = candidate {
            let c = c.with_timezone(&Utc);
            if c > now {
                return crate::clock::truncate_micros(c.naive_utc());
            }
        }
        date = date.succ_opt().unwrap_or(date);
    }
    crate::clock::truncate_micros((now + Duration::days(1)).naive_utc())
}

pub fn digests(state: &AppState, conn: &mut DbConn, report: &mut TickReport) -> ApiResult<()> {
    let now = state.clock.now();
    let now_naive = state.clock.now_naive();
    let due = deadlines::digests_due(conn, now_naive, BATCH)?;
    for (user_id, seen, time_zone) in due {
        let next = next_digest_at(now, &time_zone);
        let _w = state.db.one_writer();
        let sent = crate::store::write_transaction::<bool, StoreError, _>(conn, |conn| {
            if !deadlines::claim_digest(conn, &user_id, seen, next)? {
                return Ok(false);
            }
            // Newly scheduled: nothing to send yet.
            let Some(seen) = seen else {
                return Ok(false);
            };
            let waiting = deadlines::of_user(conn, &user_id)?;
            if waiting.is_empty() {
                return Ok(false);
            }
            let (email, name) = crate::store::accounts::email_and_name(conn, &user_id)?;
            let tz = zone(&time_zone);
            let mut games_waiting = Vec::with_capacity(waiting.len());
            for row in &waiting {
                let (kind, timeout_policy) =
                    crate::store::games::kind_and_policy(conn, &row.game_id)?;
                games_waiting.push(DigestGame {
                    game_name: game_name(&kind, &row.game_id),
                    deadline: DeadlineWords::from_now(row.due_at.and_utc(), &time_zone, now),
                    policy: policy(&timeout_policy),
                    game_url: format!(
                        "{}/games/{}",
                        state.public_url.trim_end_matches('/'),
                        row.game_id
                    ),
                });
            }
            // The day this digest is for: the local date of the 08:00 it was due at.
            let day = seen.and_utc().with_timezone(&tz).date_naive();
            let data = Digest {
                date: day.format("%A %-d %B %Y").to_string(),
                day: Some(day.format("%Y-%m-%d").to_string()),
                games: games_waiting,
            }
            .to_data()
            .map_err(|e| StoreError::Db(diesel::result::Error::SerializationError(Box::new(e))))?;
            enqueue(
                conn,
                &NewMail {
                    dedupe_key: Some(format!("digest:{user_id}:{day}")),
                    template: Digest::TEMPLATE.name(),
                    user_id: Some(user_id.clone()),
                    to_addr: email,
                    to_name: Some(name),
                    game_id: None,
                    seq: None,
                    data,
                    at: now_naive,
                },
            )
        })?;
        if sent {
            report.digests += 1;
            tracing::info!(user.id = %user_id, "digest enqueued");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_next_digest_is_the_next_local_eight_oclock() {
        // 07:59 in Berlin (winter, UTC+1) → 08:00 the same day.
        assert_eq!(
            next_digest_at(utc("2026-01-10T06:59:00Z"), "Europe/Berlin").and_utc(),
            utc("2026-01-10T07:00:00Z")
        );
        // Exactly 08:00 → the next day's.
        assert_eq!(
            next_digest_at(utc("2026-01-10T07:00:00Z"), "Europe/Berlin").and_utc(),
            utc("2026-01-11T07:00:00Z")
        );
        // Summer time: UTC+2.
        assert_eq!(
            next_digest_at(utc("2026-07-10T12:00:00Z"), "Europe/Berlin").and_utc(),
            utc("2026-07-11T06:00:00Z")
        );
        // West of UTC, where the local date is still yesterday.
        assert_eq!(
            next_digest_at(utc("2026-01-10T03:00:00Z"), "America/New_York").and_utc(),
            utc("2026-01-10T13:00:00Z")
        );
        // An unknown zone is UTC.
        assert_eq!(
            next_digest_at(utc("2026-01-10T09:00:00Z"), "Mars/Olympus").and_utc(),
            utc("2026-01-11T08:00:00Z")
        );
    }
}
