//! `GET /me/preferences`, `PUT /me/preferences` (all three fields) and
//! `PATCH /me/preferences` (any of them):
//! `{ "mail": "every_turn"|"digest"|"none", "time_zone": "Europe/Berlin", "lang": "en" }`.
//!
//! Each value is checked on its own and a bad one is a 422 naming the field
//! (`invalid_preference`, with `field`); an unknown field is a 422 too (`unknown_field`).
//! Time zones are IANA names (chrono-tz), stored in their canonical spelling; languages
//! are those mail is written in (`crate::mail::Lang`). When `mail` or `time_zone` changes,
//! the next digest is unscheduled and the scheduler computes it again.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::mail::Lang;
use crate::state::AppState;
use crate::store::prefs::{self, Prefs};
use actix_web::{web, HttpResponse};
use serde_json::{json, Map, Value};

/// The mail preferences a user may choose.
pub const MAIL_PREFS: [&str; 3] = ["every_turn", "digest", "none"];

/// The preferences as the API shows them.
pub fn to_json(p: &Prefs) -> Value {
    json!({ "mail": p.mail_pref, "time_zone": p.time_zone, "lang": p.lang })
}

fn invalid(field: &'static str, detail: String) -> ApiError {
    ApiError::unprocessable("invalid_preference", detail).with("field", field)
}

fn string<'a>(field: &'static str, value: &'a Value) -> ApiResult<&'a str> {
    value
        .as_str()
        .ok_or_else(|| invalid(field, format!("`{field}` must be a string")))
}

/// Check one field; the value as stored.
fn check(field: &str, value: &Value) -> ApiResult<String> {
    match field {
        "mail" => {
            let v = string("mail", value)?;
            MAIL_PREFS
                .iter()
                .find(|m| **m == v)
                .map(|m| m.to_string())
                .ok_or_else(|| {
                    invalid(
                        "mail",
                        format!("`mail` must be one of {}", MAIL_PREFS.join(", ")),
                    )
                })
        }
        "time_zone" => {
            let v = string("time_zone", value)?;
            v.parse::<chrono_tz::Tz>()
                .or_else(|_| {
                    // `europe/berlin` is Europe/Berlin.
                    chrono_tz::TZ_VARIANTS
                        .iter()
                        .find(|tz| tz.name().eq_ignore_ascii_case(v))
                        .copied()
                        .ok_or(())
                })
                .map(|tz| tz.name().to_string())
                .map_err(|_| {
                    invalid(
                        "time_zone",
                        "`time_zone` must be an IANA time zone name, e.g. Europe/Berlin or UTC"
                            .to_string(),
                    )
                })
        }
        "lang" => {
            let v = string("lang", value)?;
            Lang::from_code(v)
                .map(|l| l.code().to_string())
                .ok_or_else(|| {
                    let known: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                    invalid(
                        "lang",
                        format!("`lang` must be one of: {}", known.join(", ")),
                    )
                })
        }
        other => Err(
            ApiError::unprocessable("unknown_field", format!("no preference `{other}`"))
                .with("field", other.to_string()),
        ),
    }
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
    let p = save(&state, caller.user_id, body, whole).await?;
    Ok(HttpResponse::Ok().json(to_json(&p)))
}

/// Check every field of `body` (all three when `whole`), then write them: the API's
/// `PUT`/`PATCH` and the preferences page both save through here.
pub async fn save(
    state: &web::Data<AppState>,
    user_id: String,
    body: Map<String, Value>,
    whole: bool,
) -> ApiResult<Prefs> {
    // Every field is checked before anything is written: all or nothing.
    let mut checked = Map::new();
    for (field, value) in &body {
        checked.insert(field.clone(), Value::String(check(field, value)?));
    }
    if whole {
        if let Some(missing) = ["mail", "time_zone", "lang"]
            .into_iter()
            .find(|f| !checked.contains_key(*f))
        {
            return Err(invalid(
                missing,
                format!("`{missing}` is missing: PUT sets every preference (PATCH sets some)"),
            ));
        }
    }
    state
        .db
        .write(move |conn| {
            let old = prefs::prefs(conn, &user_id)?.ok_or_else(|| {
                ApiError::unauthorized("invalid_token", "the token's user no longer exists")
            })?;
            let pick = |field: &str, old: &str| -> String {
                checked
                    .get(field)
                    .and_then(Value::as_str)
                    .unwrap_or(old)
                    .to_string()
            };
            let (mail, tz, lang) = (
                pick("mail", &old.mail_pref),
                pick("time_zone", &old.time_zone),
                pick("lang", &old.lang),
            );
            prefs::set_prefs(conn, &user_id, &mail, &tz, &lang)?;
            prefs::prefs(conn, &user_id)?
                .ok_or_else(|| ApiError::internal("the user vanished while saving preferences"))
        })
        .await
}
