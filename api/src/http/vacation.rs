//! `/me/vacation`: a player pauses the clocks of all their seats for a while.
//!
//! `PUT {"until": T}` starts a vacation now that ends at `T`, or moves the end of the
//! running one; `DELETE` ends it now (the unused part goes back to the budget); `GET`
//! says where it stands. The acts are `crate::play::accounts::{vacation, start_vacation,
//! end_vacation}`: while a player is on vacation their clocks stand still (see
//! `docs/players/deadlines.md`); the budget is `vacation_days_per_year` per calendar year
//! in UTC, counted in seconds; going over is a 422 that says how much is left.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::http::object::Object;
use crate::play::accounts::{self, VacationStatus};
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewVacation {
    /// When the vacation ends (RFC 3339); it starts now, or moves the running one's end.
    pub until: String,
}

/// Where a vacation stands, as the API shows it.
fn out(v: &VacationStatus) -> Value {
    json!({
        "on_vacation": v.on_vacation,
        "start": v.start,
        "until": v.until,
        "last_start": v.last_start,
        "last_end": v.last_end,
        "year": v.year,
        "days_per_year": v.days_per_year,
        "used_seconds": v.used_seconds,
        "left_seconds": v.left_seconds,
        "days_used": v.days_used,
        "days_left": v.days_left,
    })
}

pub async fn get(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let v = accounts::vacation(&state, caller.user_id).await?;
    Ok(HttpResponse::Ok().json(out(&v)))
}

/// `until` as sent (RFC 3339), or a 422 naming the field.
fn parse_until(until: &str) -> ApiResult<DateTime<Utc>> {
    Ok(DateTime::parse_from_rfc3339(until.trim())
        .map_err(|e| {
            ApiError::unprocessable(
                "invalid_until",
                format!("`until` must be an RFC 3339 time, e.g. 2026-08-01T00:00:00Z: {e}"),
            )
            .said("problem-until", vec![("error", e.to_string().into())])
            .with("field", "until")
        })?
        .with_timezone(&Utc))
}

pub async fn put(
    state: web::Data<AppState>,
    caller: Caller,
    body: Object<NewVacation>,
) -> ApiResult<HttpResponse> {
    let until = parse_until(&body.until)?;
    let v = accounts::start_vacation(&state, &caller.user_id, until).await?;
    Ok(HttpResponse::Ok().json(out(&v)))
}

pub async fn delete(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let v = accounts::end_vacation(&state, &caller.user_id).await?;
    Ok(HttpResponse::Ok().json(out(&v)))
}
