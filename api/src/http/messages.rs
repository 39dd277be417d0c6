//! `/games/{id}/messages`: table talk. Players post; anyone who may see the game reads.
//! Each message is placed in the log by `at_seq`, the sequence when it was posted, and
//! `GET /games/{id}/log` shows it there (`crate::http::log`).

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::http::log::MAX_PAGE;
use crate::http::object::Object;
use crate::play;
use crate::state::AppState;
use crate::store::games as store;
use crate::store::models::Message;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewMessage {
    pub body: String,
}

pub fn out(m: &Message, display_name: &str) -> Value {
    json!({
        "id": m.id,
        "game_id": m.game_id,
        "user_id": m.user_id,
        "display_name": display_name,
        "seat": m.seat,
        "at_seq": m.at_seq,
        "body": m.body,
        "at": m.created_at.and_utc(),
    })
}

/// `POST /games/{id}/messages`. Counted against the seat's talk limit (in the play layer,
/// which the page and mail replies share); the answer carries the `RateLimit-*` headers
/// of where the seat stands.
pub async fn post(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<NewMessage>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let text = body.into_inner().body;
    let app = state.clone();
    let (posted, standing) = state
        .db
        .conn(move |conn| {
            let mut standing = None;
            let posted =
                play::post_message_counted(conn, &app, &id, &caller.user_id, &text, &mut standing);
            Ok((posted, standing))
        })
        .await?;
    if let Some(standing) = standing {
        req.extensions_mut().insert(standing);
    }
    let (m, name) = posted?;
    Ok(HttpResponse::Created().json(out(&m, &name)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessagesQuery {
    /// Messages posted at or after this sequence (default 0: all).
    #[serde(default)]
    pub since_seq: i64,
    pub limit: Option<i64>,
}

pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<MessagesQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let MessagesQuery { since_seq, limit } = query.into_inner();
    let limit = limit.unwrap_or(MAX_PAGE);
    if since_seq < 0 || !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request(
            "invalid_query",
            format!("`since_seq` must be 0 or more and `limit` 1 to {MAX_PAGE}"),
        )
        .said(
            "problem-since-seq-and-limit",
            vec![("max", MAX_PAGE.into())],
        ));
    }
    let messages = state
        .db
        .conn(move |conn| {
            Table::load_for(conn, &id, &caller.user_id)?;
            Ok(store::messages(conn, &id, since_seq, limit)?)
        })
        .await?;
    let out: Vec<Value> = messages.iter().map(|(m, name)| out(m, name)).collect();
    Ok(HttpResponse::Ok().json(json!({ "messages": out })))
}
