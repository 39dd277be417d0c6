//! Who is calling.
//!
//! Owns: password hashing (argon2id) and the bound on how many hashes run at once, purpose-scoped JWTs, personal API tokens, the
//! login rate limits, and the [`Caller`] extractor that turns a `Bearer` header into a
//! user. Must not: decide what a user may do in a game (the handlers do, from seats).

pub mod hashing;
pub mod jwt;
pub mod password;
pub mod personal;
pub mod ratelimit;

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use jwt::Purpose;

/// The authenticated user of a request: from a login (access) JWT or a personal token.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: String,
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let bearer = bearer(req);
        let required = required_scope(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("app state missing"))?;
            let token = bearer?;
            if personal::looks_like(&token) {
                let hash = personal::hash(&token);
                let user = crate::http::with_conn(&state, move |conn| {
                    Ok(crate::store::accounts::user_by_token_hash(conn, &hash)?)
                })
                .await?;
                let Some((user, row)) = user else {
                    return Err(ApiError::unauthorized(
                        "invalid_token",
                        "this API token is unknown or revoked",
                    ));
                };
                if row.expires_at.is_some_and(|t| t <= state.clock.now_naive()) {
                    return Err(ApiError::unauthorized(
                        "token_expired",
                        "this API token has expired; make a new one (POST /tokens)",
                    ));
                }
                if !row.scopes.split_whitespace().any(|s| s == required) {
                    return Err(ApiError::forbidden(
                        "insufficient_scope",
                        format!("this API token lacks the `{required}` scope this request needs"),
                    )
                    .with("required_scope", required));
                }
                return Ok(Caller { user_id: user.id });
            }
            let claims = state.keys.verify(Purpose::Access, &token)?;
            Ok(Caller {
                user_id: claims.sub,
            })
        })
    }
}

/// What a personal token may do (`POST /tokens` `scopes`); a login token may do all.
pub const SCOPES: [&str; 4] = ["read", "play", "talk", "account"];

/// The scope a request needs: `account` for `/tokens`, `/webhooks` and `/me/…` (the
/// account's own settings, tokens, webhooks, calendar, vacation), `talk` to post table talk, `read` for any other
/// `GET`/`HEAD` (`GET /me` included), `play` for any other write (create, join, invite, a
/// turn).
pub fn required_scope(req: &HttpRequest) -> &'static str {
    let pattern = req
        .match_pattern()
        .unwrap_or_else(|| req.path().to_string());
    let reading = matches!(req.method().as_str(), "GET" | "HEAD");
    if pattern.starts_with("/tokens")
        || pattern.starts_with("/me/")
        || pattern.starts_with("/webhooks")
    {
        "account"
    } else if reading {
        "read"
    } else if pattern == "/games/{id}/messages" {
        "talk"
    } else {
        "play"
    }
}

/// 401 for a well-signed token whose user no longer exists (a handler that writes in the
/// user's name checks, so that the write is not refused by the database as a 500).
pub fn account_gone() -> ApiError {
    ApiError::unauthorized(
        "invalid_token",
        "the account this token was issued for no longer exists",
    )
}

/// The caller's account, or 401 [`account_gone`].
pub fn existing_user(
    conn: &mut crate::store::DbConn,
    user_id: &str,
) -> Result<crate::store::models::User, ApiError> {
    crate::store::accounts::user_by_id(conn, user_id)?.ok_or_else(account_gone)
}

fn bearer(req: &HttpRequest) -> Result<String, ApiError> {
    let value = req.headers().get(header::AUTHORIZATION).ok_or_else(|| {
        ApiError::unauthorized(
            "missing_token",
            "send `Authorization: Bearer TOKEN` (log in at POST /auth/login)",
        )
    })?;
    let value = value
        .to_str()
        .ok()
        .and_then(|v| {
            let (scheme, token) = v.split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
        })
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            ApiError::unauthorized(
                "invalid_token",
                "the Authorization header must be `Bearer TOKEN`",
            )
        })?;
    Ok(value.to_string())
}
