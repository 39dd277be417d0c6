//! `/me/calendar` and `/calendar/{token}.ics`: a calendar feed of the user's deadlines at
//! a secret URL (`docs/clients/stream.md`, "Calendar").
//!
//! The URL's token is purpose-scoped: it opens this feed and nothing else (it is not a
//! bearer token), is stored only as its SHA-256, and is replaced by `POST /me/calendar`
//! (rotation) or revoked by `DELETE /me/calendar`.

use crate::auth::{personal, Caller};
use crate::calendar::{self, Deadline};
use crate::error::{ApiError, ApiResult};
use crate::i18n::{self, Lang};
use crate::outbox::compose::{game_name, game_url};
use crate::state::AppState;
use crate::store::{accounts, calendar as store, deadlines, games};
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde_json::json;

const PREFIX: &str = "hcal_";

fn not_found() -> ApiError {
    ApiError::not_found(
        "calendar_not_found",
        "no calendar feed has this address (it may have been replaced or revoked)",
    )
}

/// `POST /me/calendar`: a new secret feed URL, replacing the caller's old one.
pub async fn create(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let secret = format!("{PREFIX}{}", hex::encode(rand::random::<[u8; 32]>()));
    let hash = personal::hash(&secret);
    let at = state.clock.now_naive();
    let user_id = caller.user_id.clone();
    state
        .db
        .conn(move |conn| {
            crate::auth::existing_user(conn, &user_id)?;
            Ok(store::replace(conn, &user_id, &hash, at)?)
        })
        .await?;
    tracing::info!(user.id = %caller.user_id, "calendar feed created");
    let url = format!(
        "{}/calendar/{secret}.ics",
        state.public_url.trim_end_matches('/')
    );
    Ok(HttpResponse::Created().json(json!({ "url": url, "created_at": at.and_utc() })))
}

/// `DELETE /me/calendar`: the feed's URL stops working.
pub async fn revoke(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let gone = state
        .db
        .conn(move |conn| Ok(store::revoke(conn, &caller.user_id)?))
        .await?;
    if gone {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(not_found())
    }
}

/// `GET /calendar/{token}.ics`: the deadlines of every game waiting for the feed's user,
/// in the user's language and time zone (their preferences: a calendar app's own
/// `Accept-Language` is not the reader's choice).
pub async fn feed(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let token = path.into_inner();
    if !token.starts_with(PREFIX) {
        return Err(not_found());
    }
    let hash = personal::hash(&token);
    let public_url = state.public_url.clone();
    let (events, lang) = state
        .db
        .conn(move |conn| {
            let Some(user_id) = store::user_of(conn, &hash)? else {
                return Err(not_found());
            };
            let (lang, zone) = match accounts::lang_and_zone(conn, &user_id)? {
                Some((code, zone)) => (Lang::from_code(&code).unwrap_or_default(), zone),
                None => (Lang::En, "UTC".to_string()),
            };
            let mut out = Vec::new();
            for d in deadlines::of_user(conn, &user_id)? {
                let Some(game) = games::game(conn, &d.game_id)? else {
                    continue;
                };
                let name = game_name(&game.kind, &game.id);
                let deadline = i18n::long_datetime(lang, d.due_at.and_utc(), &zone);
                out.push(Deadline {
                    uid: format!("{}-{}@hermes", d.game_id, d.seq),
                    stamp: d.started_at,
                    due: d.due_at,
                    summary: i18n::text(lang, "calendar-summary", &[("game", name.clone().into())]),
                    description: i18n::text(
                        lang,
                        "calendar-description",
                        &[
                            ("game", name.into()),
                            ("seat", d.seat.into()),
                            ("move", d.seq.into()),
                            ("deadline", deadline.into()),
                        ],
                    ),
                    url: game_url(&public_url, &game.id),
                });
            }
            Ok((out, lang))
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/calendar; charset=utf-8"))
        .insert_header((header::CONTENT_LANGUAGE, lang.code()))
        .insert_header((header::CACHE_CONTROL, "private, max-age=300"))
        .body(calendar::feed(
            &i18n::text(lang, "calendar-name", &[]),
            &events,
        )))
}
