//! Reminders and timeouts: the rows of `deadlines` whose time came. A timeout is claimed
//! here and played by the play layer ([`crate::play::play_timeout`]).

use super::{TickReport, BATCH, LEASE};
use crate::error::ApiResult;
use crate::mail::{words, Deadline as DeadlineWords, Lang, MailData, Reminder};
use crate::outbox::compose::game_name;
use crate::play::timeout::{policy, reader, PREF_NONE};
use crate::play::{self, TimeoutDone};
use crate::state::AppState;
use crate::store::deadlines;
use crate::store::outbox::{enqueue, NewMail};
use crate::store::{DbConn, StoreError};
use chrono::NaiveDateTime;

/// "in 23 hours" as a reader says it, rounded down to whole hours (at least 1).
fn time_left(lang: Lang, from: NaiveDateTime, to: NaiveDateTime) -> String {
    let hours = (to - from).num_hours().clamp(1, i64::from(u32::MAX));
    words::hours(lang, u32::try_from(hours).unwrap_or(1))
}

/// Enqueue the reminders that are due; each row's reminder is claimed by one caller.
pub fn reminders(state: &AppState, conn: &mut DbConn, report: &mut TickReport) -> ApiResult<()> {
    let now = state.clock.now_naive();
    let due = deadlines::reminders_due(conn, now, BATCH)?;
    for row in due {
        let _w = state.db.one_writer();
        let won = crate::store::write_transaction::<bool, StoreError, _>(conn, |conn| {
            if !deadlines::claim_reminder(conn, &row, now)? {
                return Ok(false);
            }
            // Past the deadline already (the servers were down): the timeout mail says
            // it all; a reminder now would only confuse.
            if row.due_at <= now {
                return Ok(false);
            }
            let Some(r) = reader(conn, &row.user_id)? else {
                return Ok(true);
            };
            if r.mail_pref == PREF_NONE {
                return Ok(true);
            }
            let Some(game) = crate::store::games::game(conn, &row.game_id)? else {
                return Ok(true);
            };
            let data = Reminder {
                game_name: game_name(&game.kind, &game.id),
                deadline: DeadlineWords::new(row.due_at.and_utc(), &r.time_zone),
                time_left: time_left(r.lang, now, row.due_at),
                policy: policy(&game.timeout_policy),
                // The outbox worker mints the link with its token when it sends, so no
                // token is stored.
                turn_url: crate::outbox::compose::LINK_AT_SEND.to_string(),
            }
            .to_data()
            .map_err(data_error)?;
            enqueue(
                conn,
                &NewMail {
                    dedupe_key: Some(format!("reminder:{}:{}:{}", row.game_id, row.seq, row.seat)),
                    template: Reminder::TEMPLATE.name(),
                    user_id: Some(row.user_id.clone()),
                    to_addr: r.email,
                    to_name: Some(r.name),
                    game_id: Some(row.game_id.clone()),
                    seq: Some(row.seq),
                    data,
                    at: now,
                },
            )?;
            Ok(true)
        })?;
        if won {
            report.reminders += 1;
            tracing::info!(game.id = %row.game_id, seat = row.seat, "reminder enqueued");
        }
    }
    Ok(())
}

fn data_error(e: impl std::error::Error + Send + Sync + 'static) -> StoreError {
    StoreError::Db(diesel::result::Error::SerializationError(Box::new(e)))
}

/// Handle the timeouts that are due; `true` if any row was handled (another round may
/// find rows the handled ones made due).
pub fn timeouts(state: &AppState, conn: &mut DbConn, report: &mut TickReport) -> ApiResult<bool> {
    let now = state.clock.now_naive();
    let due = deadlines::timeouts_due(conn, now, BATCH)?;
    let mut any = false;
    for row in due {
        let claimed = {
            let _w = state.db.one_writer();
            deadlines::claim_timeout(conn, &row, &state.time.owner, now, now + LEASE)?
        };
        if !claimed {
            continue;
        }
        match play::play_timeout(state, conn, &row, now) {
            Ok(done) => {
                any = true;
                match done {
                    TimeoutDone::Expired => report.expired += 1,
                    TimeoutDone::Passed => report.passed += 1,
                    TimeoutDone::Forfeited => report.forfeits += 1,
                    TimeoutDone::StoodIn => report.stood_in += 1,
                    TimeoutDone::Nothing => {}
                }
            }
            Err(e) => {
                tracing::warn!(game.id = %row.game_id, seat = row.seat, error = %e, "timeout not handled; released for a retry");
                let _w = state.db.one_writer();
                deadlines::release(conn, &row)?;
            }
        }
    }
    Ok(any)
}
