//! Who is calling.
//!
//! Owns: password hashing (argon2id) and the bound on how many hashes run at once, purpose-scoped JWTs, personal API tokens, the
//! login rate limits, the credentials epochs that end access tokens, and the [`Caller`]
//! extractor that turns a `Bearer` header into a user (and says by what credential, for
//! what must end with it: an event stream). Must not: decide what a user may do in a game
//! (the handlers do, from seats).

pub mod epochs;
pub mod hashing;
pub mod jwt;
pub mod password;
pub mod personal;
pub mod ratelimit;

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use futures_util::future::LocalBoxFuture;
use jwt::Purpose;

/// The authenticated user of a request: from a login (access) JWT or a personal token.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: String,
}

/// The credential a [`Caller`] was recognised by: what must end when it stops working
/// (an event stream, `crate::stream`). The extractor leaves it in the request's
/// extensions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// An access token (JWT): good until `expires` (Unix seconds) while its account is in
    /// credentials `epoch` ([`epochs`]).
    Access { epoch: i64, expires: i64 },
    /// A personal token, by its id: good until revoked or expired.
    Personal { token_id: String },
}

impl Credential {
    /// The credential [`Caller`] found on this request, if any.
    pub fn of(req: &HttpRequest) -> Option<Credential> {
        req.extensions().get::<Credential>().cloned()
    }
}

/// Of `held` (a user and the credential they called with), which still work at `now`, as
/// the database has it now: an access token not expired whose account is still in its
/// epoch; a personal token not revoked or expired whose account still exists. The
/// epochs read are remembered in `epochs`, if given (a deleted account's tokens are then
/// refused here at once).
pub fn still_live(
    conn: &mut crate::store::DbConn,
    held: &[(&str, &Credential)],
    now: chrono::NaiveDateTime,
    epochs_seen: Option<&epochs::Epochs>,
) -> Result<Vec<bool>, crate::store::StoreError> {
    // Chunks: SQLite binds at most 32,766 parameters to a statement.
    const CHUNK: usize = 500;
    let mut users = Vec::new();
    let mut tokens = Vec::new();
    for (user, credential) in held {
        match credential {
            Credential::Access { .. } => users.push(user.to_string()),
            Credential::Personal { token_id } => tokens.push(token_id.clone()),
        }
    }
    users.sort();
    users.dedup();
    let mut epochs = std::collections::HashMap::new();
    for chunk in users.chunks(CHUNK) {
        epochs.extend(crate::store::accounts::credentials_epochs(conn, chunk)?);
    }
    if let Some(seen) = epochs_seen {
        for user in &users {
            seen.remember(user, epochs.get(user).copied());
        }
    }
    let mut live_tokens = std::collections::HashSet::new();
    for chunk in tokens.chunks(CHUNK) {
        live_tokens.extend(crate::store::accounts::live_tokens(conn, chunk, now)?);
    }
    let at = now.and_utc().timestamp();
    Ok(held
        .iter()
        .map(|(user, credential)| match credential {
            Credential::Access { epoch, expires } => {
                *expires > at && epochs.get(*user) == Some(epoch)
            }
            Credential::Personal { token_id } => live_tokens.contains(token_id),
        })
        .collect())
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
                if !row.scopes.split_whitespace().any(|s| s == required) {
                    return Err(ApiError::forbidden(
                        "insufficient_scope",
                        format!("this API token lacks the `{required}` scope this request needs"),
                    )
                    .with("required_scope", required));
                }
                req.extensions_mut()
                    .insert(Credential::Personal { token_id: row.id });
                return Ok(Caller { user_id: user.id });
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
            Ok(Caller {
                user_id: claims.sub,
            })
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
    crate::http::with_conn(state, f).await
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
