//! `POST /games/{id}/turns` (one turn of the caller's seat) and `GET /games/{id}/legal`:
//! the HTTP side of [`crate::play::submit_turn_async`] and [`crate::play::legal`].
//!
//! Exactly once under retries and races: the request names the sequence it was based on
//! (`expected_seq` or `If-Match: "N"`), and the store writes the turn only if the game is
//! still there; an `Idempotency-Key` makes a retry return the first response.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, JSON_LIMIT};
use crate::http::games::etag;
use crate::http::object::Object;
use crate::play::{self, PartialTurn, Submitted, TurnInput};
use crate::state::AppState;
use crate::store::models::{Idempotent, SOURCE_PLAYER};
use actix_web::http::header::{self, ContentType};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// A turn sent as JSON.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnBody {
    #[serde(default, deserialize_with = "crate::http::optional_integer")]
    expected_seq: Option<i64>,
    /// The engine's turn as JSON…
    turn: Option<Value>,
    /// …or the turn in the game's text notation.
    notation: Option<String>,
}

/// What the client asked for, read from the body and headers.
struct Submission {
    expected_seq: i64,
    idempotency_key: Option<String>,
    request_hash: String,
}

fn read_submission(
    req: &HttpRequest,
    game_id: &str,
    body: &[u8],
) -> ApiResult<(Submission, TurnInput)> {
    if body.len() > JSON_LIMIT {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("the body is larger than {JSON_LIMIT} bytes"),
        )
        .said("problem-body-too-large", vec![("limit", JSON_LIMIT.into())]));
    }
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let if_match = if_match(req)?;
    let (input, body_seq) = match content_type.as_str() {
        "application/json" => {
            let b = serde_json::from_slice::<Object<TurnBody>>(body).map_err(|e| {
                if e.is_data() {
                    ApiError::unprocessable("invalid_body", format!("the body does not fit: {e}"))
                        .said(
                            "problem-body-does-not-fit",
                            vec![("error", e.to_string().into())],
                        )
                } else {
                    ApiError::bad_request("malformed_json", format!("the body is not JSON: {e}"))
                        .said(
                            "problem-body-not-json",
                            vec![("error", e.to_string().into())],
                        )
                }
            })?;
            let b = b.into_inner();
            let input = match (b.turn, b.notation) {
                (Some(t), None) => TurnInput::Json(t),
                (None, Some(n)) => TurnInput::Notation(n),
                _ => {
                    return Err(ApiError::unprocessable(
                        "invalid_body",
                        "send exactly one of `turn` (JSON) and `notation` (text)",
                    ))
                }
            };
            (input, b.expected_seq)
        }
        "text/plain" => {
            let text = std::str::from_utf8(body).map_err(|_| {
                ApiError::bad_request("invalid_text", "a text/plain turn must be UTF-8")
            })?;
            (TurnInput::Notation(text.to_string()), None)
        }
        _ => {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "send the turn as application/json or text/plain (notation)",
            ))
        }
    };
    let expected_seq = match (body_seq, if_match) {
        (Some(a), Some(b)) if a != b => {
            return Err(ApiError::bad_request(
                "conflicting_preconditions",
                "`expected_seq` and If-Match name different sequences",
            ))
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => {
            return Err(ApiError::new(
                StatusCode::PRECONDITION_REQUIRED,
                "precondition_required",
                "name the sequence your turn is based on: `expected_seq` in the body or If-Match: \"SEQ\"",
            ))
        }
    };
    let idempotency_key = match req.headers().get("idempotency-key") {
        None => None,
        Some(v) => {
            let key = v.to_str().ok().map(str::trim).filter(|k| {
                !k.is_empty() && k.len() <= 255 && k.bytes().all(|b| b.is_ascii_graphic())
            });
            Some(
                key.ok_or_else(|| {
                    ApiError::bad_request(
                        "invalid_idempotency_key",
                        "Idempotency-Key must be 1 to 255 visible ASCII characters",
                    )
                })?
                .to_string(),
            )
        }
    };
    let mut h = Sha256::new();
    h.update(game_id.as_bytes());
    h.update([0]);
    h.update(expected_seq.to_le_bytes());
    h.update(content_type.as_bytes());
    h.update([0]);
    h.update(body);
    Ok((
        Submission {
            expected_seq,
            idempotency_key,
            request_hash: hex::encode(h.finalize()),
        },
        input,
    ))
}

/// `If-Match: "N"` (or `W/"N"`, a bare `N`, or a game's `"N-HASH"`); `*` means any.
pub(crate) fn if_match(req: &HttpRequest) -> ApiResult<Option<i64>> {
    let Some(v) = req.headers().get(header::IF_MATCH) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::bad_request(
            "invalid_if_match",
            "If-Match must be the game's ETag, e.g. \"12\"",
        )
    };
    let v = v.to_str().map_err(|_| bad())?.trim();
    if v == "*" {
        return Ok(None);
    }
    let v = v.strip_prefix("W/").unwrap_or(v);
    let v = v
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(v);
    // `"SEQ-HASH"`, a game's ETag from `GET /games/{id}`: its sequence is what counts.
    let v = v.split_once('-').map_or(v, |(seq, _)| seq);
    v.parse().ok().map(Some).ok_or_else(bad)
}

/// Does the request carry `Prefer: return=minimal` (RFC 7240; among other preferences,
/// in any case, in one header or several)?
fn prefers_minimal(req: &HttpRequest) -> bool {
    req.headers()
        .get_all("prefer")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|p| p.split(';').next())
        .any(|p| {
            let mut kv = p.splitn(2, '=');
            let key = kv.next().unwrap_or("").trim();
            let value = kv.next().unwrap_or("").trim().trim_matches('"');
            key.eq_ignore_ascii_case("return") && value.eq_ignore_ascii_case("minimal")
        })
}

/// A stored response, replayed (with the ETag of the sequence it created).
fn replay(stored: &Idempotent) -> HttpResponse {
    let status = u16::try_from(stored.status)
        .ok()
        .and_then(|s| StatusCode::from_u16(s).ok())
        .unwrap_or(StatusCode::OK);
    let mut res = HttpResponse::build(status);
    res.content_type("application/json")
        .insert_header(("Idempotent-Replayed", "true"));
    let seq = serde_json::from_str::<Value>(&stored.response)
        .ok()
        .and_then(|v| v["seq"].as_i64());
    if let Some(seq) = seq {
        res.insert_header(etag(seq));
    }
    res.body(stored.response.clone())
}

pub async fn submit(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let game_id = path.into_inner();
    let (sub, input) = read_submission(&req, &game_id, &body)?;
    let minimal = prefers_minimal(&req);
    let submission = play::Submission {
        game_id,
        user_id: caller.user_id,
        expected_seq: sub.expected_seq,
        idempotency: sub.idempotency_key.map(|key| (key, sub.request_hash)),
        input,
        source: SOURCE_PLAYER,
        minimal,
    };
    // The reads on a blocking thread (on SQLite, for a hot game, here: they take
    // microseconds), the wait for the group-commit writer here.
    let here = state.hot.holds(&submission.game_id);
    let outcome = play::submit_turn_async(state.clone().into_inner(), submission, |step| {
        state.db.lease_here(here, step)
    })
    .await?;
    match outcome {
        // The answer comes serialized (`crate::play::turn`).
        Submitted::Created { body, seq } if minimal => Ok(HttpResponse::Created()
            .insert_header(etag(seq))
            .insert_header(("Preference-Applied", "return=minimal"))
            .content_type(ContentType::json())
            .body(body)),
        Submitted::Created { body, seq } => Ok(HttpResponse::Created()
            .insert_header(etag(seq))
            .content_type(ContentType::json())
            .body(body)),
        Submitted::Replayed(stored) => Ok(replay(&stored)),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalQuery {
    /// The turn written so far: the game's notation, or the engine's JSON (an object);
    /// left out or blank, nothing yet.
    pub partial: Option<String>,
}

/// `partial` as `/legal` reads it: blank is nothing yet (`{}`), text that starts with `{`
/// is the engine's JSON (400 `invalid_query` when it is not JSON), anything else the
/// game's notation (read once the game's kind is known).
fn partial_turn(partial: Option<&str>) -> ApiResult<PartialTurn> {
    let text = partial.unwrap_or("").trim();
    if text.is_empty() {
        return Ok(PartialTurn::Json(json!({})));
    }
    if text.starts_with('{') {
        return serde_json::from_str(text)
            .map(PartialTurn::Json)
            .map_err(|e| {
                ApiError::bad_request("invalid_query", format!("`partial` is not JSON: {e}")).said(
                    "problem-partial-not-json",
                    vec![("error", e.to_string().into())],
                )
            });
    }
    Ok(PartialTurn::Notation(text.to_string()))
}

pub async fn legal(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<LegalQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let partial = partial_turn(query.partial.as_deref())?;
    let user_id = caller.user_id;
    let app = state.clone();
    let (seq, seat, legal) = state
        .db
        .conn(move |conn| play::legal_after(conn, &app, &id, &user_id, &partial))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(etag(seq))
        .json(json!({ "seq": seq, "seat": seat, "legal": legal })))
}
