//! `/me/vacation`: a player pauses the clocks of all their seats for a while.
//!
//! `PUT {"until": T}` starts a vacation now that ends at `T`, or moves the end of the
//! running one; `DELETE` ends it now (the unused part goes back to the budget); `GET`
//! says where it stands. While a player is on vacation their clocks stand still: every
//! deadline of theirs moves later by exactly the vacation time (see
//! `crate::store::deadlines::set_vacation_end` and `docs/players/deadlines.md`). The budget is
//! `vacation_days_per_year` per calendar year in UTC, counted in seconds; going over is
//! a 422 that says how much is left.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::http::object::Object;
use crate::state::AppState;
use crate::store::deadlines::{self, Vacation, VacationError};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Datelike, NaiveDateTime, Utc};
use serde::Deserialize;
use serde_json::{json, Value};

const DAY: f64 = 86_400.0;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewVacation {
    /// When the vacation ends (RFC 3339); it starts now, or moves the running one's end.
    pub until: String,
}

/// Days with two decimals, as people read them.
fn days(secs: i64) -> f64 {
    (secs as f64 / DAY * 100.0).round() / 100.0
}

fn out(v: &Vacation, now: NaiveDateTime, budget_days: u32) -> Value {
    let budget = i64::from(budget_days) * 86_400;
    let used = v.used_in(now).min(budget);
    let running = v.running_until(now);
    json!({
        "on_vacation": running.is_some(),
        "start": running.and(v.start).map(|t| t.and_utc()),
        "until": running.map(|t| t.and_utc()),
        "last_start": v.start.map(|t| t.and_utc()),
        "last_end": v.end.map(|t| t.and_utc()),
        "year": now.year(),
        "days_per_year": budget_days,
        "used_seconds": used,
        "left_seconds": budget - used,
        "days_used": days(used),
        "days_left": days(budget - used),
    })
}

fn gone() -> ApiError {
    ApiError::unauthorized("invalid_token", "the token's user no longer exists")
}

pub async fn get(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(status(&state, caller.user_id).await?))
}

/// Where `user_id`'s vacation stands, as `GET /me/vacation` shows it (the vacation page too).
pub async fn status(state: &web::Data<AppState>, user_id: String) -> ApiResult<Value> {
    let now = state.clock.now_naive();
    let budget = state.time.vacation_days_per_year;
    let v = state
        .db
        .conn(move |conn| deadlines::vacation(conn, &user_id)?.ok_or_else(gone))
        .await?;
    Ok(out(&v, now, budget))
}

pub async fn put(
    state: web::Data<AppState>,
    caller: Caller,
    body: Object<NewVacation>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(start(&state, caller, &body.until).await?))
}

/// A vacation until `until` (RFC 3339, in the future): `PUT /me/vacation` and the page.
pub async fn start(state: &web::Data<AppState>, caller: Caller, until: &str) -> ApiResult<Value> {
    let until = DateTime::parse_from_rfc3339(until.trim())
        .map_err(|e| {
            ApiError::unprocessable(
                "invalid_until",
                format!("`until` must be an RFC 3339 time, e.g. 2026-08-01T00:00:00Z: {e}"),
            )
            .with("field", "until")
        })?
        .with_timezone(&Utc);
    let now = state.clock.now_naive();
    let until = crate::clock::truncate_micros(until.naive_utc());
    if until <= now {
        return Err(ApiError::unprocessable(
            "invalid_until",
            "`until` must be in the future (to end a vacation now, DELETE /me/vacation)",
        )
        .with("field", "until"));
    }
    change(state, caller, now, until).await
}

pub async fn delete(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(end(&state, caller).await?))
}

/// End the vacation now (`DELETE /me/vacation` and the page).
pub async fn end(state: &web::Data<AppState>, caller: Caller) -> ApiResult<Value> {
    let now = state.clock.now_naive();
    change(state, caller, now, now).await
}

async fn change(
    state: &web::Data<AppState>,
    caller: Caller,
    now: NaiveDateTime,
    until: NaiveDateTime,
) -> ApiResult<Value> {
    let budget_days = state.time.vacation_days_per_year;
    let budget = i64::from(budget_days) * 86_400;
    let writer = state.db.sqlite_writer.clone();
    let user_id = caller.user_id.clone();
    let v = state.db.conn(move |conn| {
        let _one_writer = writer
            .as_deref()
            .map(|m| m.lock().unwrap_or_else(|e| e.into_inner()));
        deadlines::set_vacation_end(conn, &user_id, now, until, budget).map_err(|e| match e {
            VacationError::OverBudget { wanted, left } => ApiError::unprocessable(
                "vacation_over_budget",
                format!(
                    "that is {:.2} more days of vacation; {:.2} of {budget_days} are left this year",
                    days(wanted),
                    days(left)
                ),
            )
            .with("days_left", days(left))
            .with("field", "until"),
            VacationError::NoUser => gone(),
            VacationError::Store(e) => e.into(),
        })
    })
    .await?;
    tracing::info!(user.id = %caller.user_id, until = %until, "vacation changed");
    Ok(out(&v, now, budget_days))
}
