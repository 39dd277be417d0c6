//! `GET /me/preferences`, `PUT /me/preferences` (all three fields) and
//! `PATCH /me/preferences` (any of them):
//! `{ "mail": "every_turn"|"digest"|"none", "time_zone": "Europe/Berlin", "lang": "en",
//! "talk": "with_turn"|"at_once" }` (`talk` may be left out of a `PUT`).
//!
//! Saving is an act (`crate::play::accounts::save_preferences`): each value is checked on
//! its own and a bad one is a 422 naming the field (`invalid_preference`, with `field`); an
//! unknown field is a 422 too (`unknown_field`). Time zones are IANA names (chrono-tz),
//! stored in their canonical spelling; languages are those mail is written in
//! (`crate::mail::Lang`). When `mail` or `time_zone` changes, the next digest is
//! unscheduled and the scheduler computes it again.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::play::accounts;
use crate::state::AppState;
use crate::store::prefs::{self, Prefs};
use actix_web::{web, HttpResponse};
use serde_json::{json, Map, Value};

/// The preferences as the API shows them.
pub fn to_json(p: &Prefs) -> Value {
    json!({ "mail": p.mail_pref, "time_zone": p.time_zone, "lang": p.lang, "talk": p.talk_mail })
}

pub async fn get(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let p = load(&state, caller.user_id).await?;
    Ok(HttpResponse::Ok().json(to_json(&p)))
}

async fn load(state: &web::Data<AppState>, user_id: String) -> ApiResult<Prefs> {
    state
        .db
        .conn(move |conn| {
            prefs::prefs(conn, &user_id)?.ok_or_else(|| {
                ApiError::unauthorized("invalid_token", "the token's user no longer exists")
            })
        })
        .await
}

pub async fn put(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<Map<String, Value>>,
) -> ApiResult<HttpResponse> {
    update(state, caller, body.into_inner(), true).await
}

pub async fn patch(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<Map<String, Value>>,
) -> ApiResult<HttpResponse> {
    update(state, caller, body.into_inner(), false).await
}

async fn update(
    state: web::Data<AppState>,
    caller: Caller,
    body: Map<String, Value>,
    whole: bool,
) -> ApiResult<HttpResponse> {
    let p = accounts::save_preferences(&state, caller.user_id, body, whole).await?;
    Ok(HttpResponse::Ok().json(to_json(&p)))
}
