//! `/tokens`: personal API tokens for third-party clients.

use crate::auth::{personal, Caller, BOT_PLAY, SCOPES};
use crate::error::{ApiError, ApiResult};
use crate::http::object::Object;
use crate::state::AppState;
use crate::store::accounts;
use crate::store::models::{new_id, now, ApiToken};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    pub name: String,
    /// What the token may do (`crate::auth::SCOPES`); default: all of it.
    #[serde(default)]
    pub scopes: Option<Vec<String>>,
    /// When the token stops working; default: never.
    #[serde(default)]
    pub expires_at: Option<DateTime<Utc>>,
}

/// A token as listed: never the token itself.
#[derive(Serialize)]
pub struct TokenOut {
    pub id: String,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub scopes: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
}

impl From<ApiToken> for TokenOut {
    fn from(t: ApiToken) -> TokenOut {
        TokenOut {
            id: t.id,
            name: t.name,
            created_at: t.created_at.and_utc(),
            revoked_at: t.revoked_at.map(|t| t.and_utc()),
            scopes: t.scopes.split_whitespace().map(str::to_string).collect(),
            expires_at: t.expires_at.map(|t| t.and_utc()),
        }
    }
}

pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: Object<NewToken>,
) -> ApiResult<HttpResponse> {
    let body = body.into_inner();
    let name = crate::play::trimmed(&body.name).to_string();
    // Omitted: all a person's token may hold (`bot:play` is a bot's), or `bot:play` for a
    // bot account, decided once the account is read.
    let asked = body.scopes.is_some();
    let mut scopes = body.scopes.unwrap_or_else(|| {
        SCOPES
            .iter()
            .filter(|s| **s != BOT_PLAY)
            .map(|s| s.to_string())
            .collect()
    });
    scopes.sort_by_key(|s| SCOPES.iter().position(|k| k == s));
    scopes.dedup();
    if scopes.is_empty() || scopes.iter().any(|s| !SCOPES.contains(&s.as_str())) {
        return Err(ApiError::unprocessable(
            "invalid_scopes",
            format!("`scopes` must be one or more of {}", SCOPES.join(", ")),
        )
        .said("problem-scopes", vec![("scopes", SCOPES.join(", ").into())])
        .with("field", "scopes"));
    }
    let now_at = state.clock.now_naive();
    let expires_at = body.expires_at.map(|t| t.naive_utc());
    if expires_at.is_some_and(|t| t <= now_at) {
        return Err(ApiError::unprocessable(
            "invalid_expires_at",
            "`expires_at` must be in the future",
        )
        .with("field", "expires_at"));
    }
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ApiError::unprocessable(
            "invalid_name",
            "`name` must be 1 to 100 characters",
        ));
    }
    let secret = personal::generate();
    let mut row = ApiToken {
        id: new_id(),
        user_id: caller.user_id.clone(),
        name,
        token_hash: personal::hash(&secret),
        created_at: now(),
        revoked_at: None,
        scopes: scopes.join(" "),
        expires_at,
    };
    let row = state
        .db
        .conn(move |conn| {
            let user = crate::auth::existing_user(conn, &row.user_id)?;
            row.scopes = bot_scopes(&row.scopes, asked, user.is_bot())?;
            accounts::insert_token(conn, &row)?;
            Ok(row)
        })
        .await?;
    tracing::info!(user.id = %caller.user_id, token.id = %row.id, "API token created");
    let out = TokenOut::from(row);
    Ok(HttpResponse::Created().json(serde_json::json!({
        "id": out.id,
        "name": out.name,
        "created_at": out.created_at,
        "revoked_at": out.revoked_at,
        "scopes": out.scopes,
        "expires_at": out.expires_at,
        "token": secret,
    })))
}

/// The scopes of a new token as `scopes` (space-separated; `asked`: named in the request,
/// not the default) become for an account that is a bot or not: a bot's token holds
/// `bot:play` alone (the default for it), a person's never holds it; anything else is a
/// 422 `bot_token_scope`.
fn bot_scopes(scopes: &str, asked: bool, bot: bool) -> Result<String, ApiError> {
    let holds_bot_play = scopes.split_whitespace().any(|s| s == BOT_PLAY);
    match (bot, asked) {
        (true, false) => Ok(BOT_PLAY.to_string()),
        (true, true) if scopes == BOT_PLAY => Ok(scopes.to_string()),
        (true, true) => Err(ApiError::unprocessable(
            "bot_token_scope",
            "a bot account's token holds `bot:play` alone (it plays and reads; the account is \
             managed with its login)",
        )
        .with("field", "scopes")),
        (false, _) if holds_bot_play => Err(ApiError::unprocessable(
            "bot_token_scope",
            "`bot:play` is for a bot account's tokens (POST /me/bot makes an account a bot)",
        )
        .with("field", "scopes")),
        (false, _) => Ok(scopes.to_string()),
    }
}

pub async fn list(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let tokens = state
        .db
        .conn(move |conn| Ok(accounts::tokens_of(conn, &caller.user_id)?))
        .await?;
    let out: Vec<TokenOut> = tokens.into_iter().map(TokenOut::from).collect();
    Ok(HttpResponse::Ok().json(out))
}

pub async fn revoke(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let found = state
        .db
        .conn(move |conn| Ok(accounts::revoke_token(conn, &caller.user_id, &id)?))
        .await?;
    if found {
        // Its streams end now, not at the next sweep.
        state.streams.recheck_now();
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(ApiError::not_found(
            "token_not_found",
            "you have no token with this id",
        ))
    }
}
