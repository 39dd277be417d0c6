//! `/games/{id}/queue`: the caller's turns queued in advance — set (`PUT`, replacing the
//! queue), list (`GET`) and withdraw (`DELETE`). The HTTP side of [`crate::play::queue`].
//! A queue is its seat's alone: only its own player reads it here.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::http::object::Object;
use crate::play::queue;
use crate::play::TurnInput;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

/// The most turns one request may name (a seat's limit is lower: its remaining turns).
const MAX_TURNS: usize = 32;

/// The queue, as `PUT` takes it: each turn as the engine's JSON or in the notation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueBody {
    #[serde(default, deserialize_with = "crate::http::optional_integer")]
    expected_seq: Option<i64>,
    turns: Vec<QueueItem>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueItem {
    turn: Option<Value>,
    notation: Option<String>,
}

fn answer(view: &queue::QueueView) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::ETAG, format!("\"{}\"", view.seq)))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(view)
}

/// `GET /games/{id}/queue`: the caller's queue, with the sequence it stands on (`ETag`).
pub async fn get(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let app = state.clone();
    let view = state
        .db
        .conn(move |conn| queue::list(conn, &app, &id, &caller.user_id))
        .await?;
    Ok(answer(&view))
}

/// `PUT /games/{id}/queue`: the caller's queue becomes these turns (an empty list
/// withdraws it). `If-Match: "SEQ"` (or `expected_seq`) names the game they were judged
/// on, as for a turn; without it, the game as it is now.
pub async fn put(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<QueueBody>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let body = body.into_inner();
    let expected_seq = match (body.expected_seq, crate::http::turns::if_match(&req)?) {
        (Some(a), Some(b)) if a != b => {
            return Err(ApiError::bad_request(
                "conflicting_preconditions",
                "`expected_seq` and If-Match name different sequences",
            ))
        }
        (Some(a), _) | (None, Some(a)) => Some(a),
        (None, None) => None,
    };
    if body.turns.len() > MAX_TURNS {
        return Err(ApiError::unprocessable(
            "queue_too_long",
            format!("at most {MAX_TURNS} turns in one request"),
        )
        .said("problem-queue-too-long", vec![("limit", MAX_TURNS.into())])
        .with("limit", MAX_TURNS));
    }
    let mut turns = Vec::with_capacity(body.turns.len());
    for (i, item) in body.turns.into_iter().enumerate() {
        turns.push(match (item.turn, item.notation) {
            (Some(t), None) => TurnInput::Json(t),
            (None, Some(n)) => TurnInput::Notation(n),
            _ => {
                return Err(ApiError::unprocessable(
                    "invalid_body",
                    "each queued turn has exactly one of `turn` (JSON) and `notation` (text)",
                )
                .with("index", i))
            }
        });
    }
    let app = state.clone();
    let view = state
        .db
        .conn(move |conn| queue::set(conn, &app, &id, &caller.user_id, expected_seq, &turns))
        .await?;
    Ok(answer(&view))
}

/// `DELETE /games/{id}/queue`: withdraw the caller's whole queue.
pub async fn delete(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let app = state.clone();
    let withdrawn = state
        .db
        .conn(move |conn| queue::withdraw(conn, &app, &id, &caller.user_id))
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "withdrawn": withdrawn })))
}
