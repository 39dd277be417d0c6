//! `POST /inbound/mail`: a raw RFC 5322 message, as a mail provider's inbound webhook or
//! an MTA pipe (`docs/operators/replies.md`) delivers it, for `crate::play::reply::receive`.
//!
//! Authenticated by the shared `inbound_secret`: `Authorization: Bearer SECRET`, or
//! `X-Hermes-Signature: sha256=HEX`, the HMAC-SHA256 of the body under the secret. Off
//! (404 `inbound_off`) while no secret is set. The body is read up to the size limit and
//! refused beyond it (413) before anything parses it. Optional query: `to` (the envelope
//! recipient) and `from` (the envelope sender; empty for a bounce's null sender).

use crate::error::{ApiError, ApiResult};
use crate::play::reply::{self, Envelope};
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvelopeQuery {
    to: Option<String>,
    from: Option<String>,
}

pub async fn mail(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<EnvelopeQuery>,
    mut payload: web::Payload,
) -> ApiResult<HttpResponse> {
    let Some(secret) = state.inbound.secret.clone() else {
        return Err(ApiError::not_found(
            "inbound_off",
            "replies by mail are not taken here (no inbound_secret is set)",
        ));
    };
    let max = state.inbound.max_bytes;
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| ApiError::bad_request("invalid_body", e.to_string()))?;
        if body.len() + chunk.len() > max {
            return Err(reply::too_large(max));
        }
        body.extend_from_slice(&chunk);
    }
    if !authorized(&req, secret.0.as_bytes(), &body) {
        return Err(ApiError::unauthorized(
            "invalid_inbound_secret",
            "send `Authorization: Bearer SECRET` or `X-Hermes-Signature: sha256=HMAC` with the inbound secret",
        ));
    }
    let query = query.into_inner();
    let envelope = Envelope {
        mail_from: query.from,
        rcpt_to: query.to.into_iter().collect(),
    };
    let app = state.clone();
    let received = state
        .db
        .conn(move |conn| reply::receive(conn, &app, &body, &envelope))
        .await?;
    Ok(HttpResponse::Accepted().json(json!({
        "outcome": received.outcome,
        "answered": received.answered,
    })))
}

/// The bearer secret, or an HMAC of the body under it; compared in constant time.
fn authorized(req: &HttpRequest, secret: &[u8], body: &[u8]) -> bool {
    let headers = req.headers();
    if let Some(token) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, t)| t.trim())
    {
        return same(token.as_bytes(), secret);
    }
    if let Some(sig) = headers
        .get("x-hermes-signature")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().strip_prefix("sha256="))
    {
        let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret);
        let Ok(sig) = hex::decode(sig) else {
            return false;
        };
        return ring::hmac::verify(&key, body, &sig).is_ok();
    }
    false
}

fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
