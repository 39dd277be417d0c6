//! The [`Caller`] extractor: turns a `Bearer` header into a user, and leaves in the
//! request by what credential ([`Credential`]), for what must end with it (an event stream),
//! and who ([`Caller`]), for a problem written in the account's language
//! (`crate::http::problem`).

use crate::auth::jwt::Purpose;
use crate::auth::personal;
use crate::auth::{account_gone, Caller, Credential};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use futures_util::future::LocalBoxFuture;

/// The credential [`Caller`] found on this request, if any.
pub fn credential(req: &HttpRequest) -> Option<Credential> {
    req.extensions().get::<Credential>().cloned()
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let bearer = bearer(req);
        let required = required_scope(req);
        let req = req.clone();
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("app state missing"))?;
            let token = bearer?;
            if personal::looks_like(&token) {
                let hash = personal::hash(&token);
                let user = lookup(&state, move |conn| {
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
                let bot = user.is_bot();
                if !crate::auth::token_allows(&row.scopes, bot, required) {
                    let named = crate::auth::scope_to_name(bot, required);
                    let detail = if bot && named == required {
                        format!(
                            "a bot account's token plays and reads only (`bot:play`): \
                             this request needs `{required}`"
                        )
                    } else {
                        format!("this API token lacks the `{named}` scope this request needs")
                    };
                    return Err(ApiError::forbidden("insufficient_scope", detail)
                        .with("required_scope", named));
                }
                req.extensions_mut()
                    .insert(Credential::Personal { token_id: row.id });
                let caller = Caller { user_id: user.id };
                req.extensions_mut().insert(caller.clone());
                return Ok(caller);
            }
            let claims = state.keys.verify(Purpose::Access, &token)?;
            let epoch = claims.ep.unwrap_or(0);
            // A token of a later epoch than remembered: the account was reset (through
            // another server) since; read it again.
            let cached = state
                .epochs
                .cached(&claims.sub)
                .filter(|c| c.is_none_or(|c| c >= epoch));
            let current = match cached {
                Some(current) => current,
                None => {
                    let id = claims.sub.clone();
                    let read = lookup(&state, move |conn| {
                        Ok(crate::store::accounts::credentials_epochs(conn, &[id])?)
                    })
                    .await?;
                    let current = read.first().map(|(_, e)| *e);
                    state.epochs.remember(&claims.sub, current);
                    current
                }
            };
            match current {
                None => return Err(account_gone()),
                Some(current) if current != epoch => {
                    return Err(ApiError::unauthorized(
                        "invalid_token",
                        "this token was issued before the account's password was reset; \
                         log in again",
                    ))
                }
                Some(_) => {}
            }
            req.extensions_mut().insert(Credential::Access {
                epoch,
                expires: claims.exp,
            });
            let caller = Caller {
                user_id: claims.sub,
            };
            req.extensions_mut().insert(caller.clone());
            Ok(caller)
        })
    }
}

/// [`crate::http::with_conn`] for the extractor's lookups, a few at a time
/// ([`AppState::credential_lookups`]): a burst of a thousand requests (a thousand streams
/// opened at once) otherwise held a blocking thread each while waiting for a pooled
/// connection, and the allocator kept the memory of those hundreds of threads.
async fn lookup<T, F>(state: &web::Data<AppState>, f: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut crate::store::DbConn) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    // The semaphore is never closed.
    let _permit = state
        .credential_lookups
        .acquire()
        .await
        .map_err(ApiError::internal)?;
    state.db.conn(f).await
}

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
