//! `GET /me`: the calling user; `POST /me/bot`: the account becomes a bot
//! (`crate::play::accounts::become_bot`).

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::http::users::UserOut;
use crate::state::AppState;
use crate::store::accounts;
use actix_web::{web, HttpResponse};

pub async fn get(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    me(&state, caller.user_id).await
}

/// `POST /me/bot`: the account becomes a bot for good; answers as `GET /me` does.
pub async fn become_bot(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    crate::play::accounts::become_bot(&state, caller.user_id.clone()).await?;
    me(&state, caller.user_id).await
}

async fn me(state: &AppState, user_id: String) -> ApiResult<HttpResponse> {
    let caller = Caller { user_id };
    let (user, prefs) = state
        .db
        .conn(move |conn| {
            let gone =
                || ApiError::unauthorized("invalid_token", "the token's user no longer exists");
            let user = accounts::user_by_id(conn, &caller.user_id)?.ok_or_else(gone)?;
            let prefs = crate::store::prefs::prefs(conn, &caller.user_id)?.ok_or_else(gone)?;
            Ok((user, prefs))
        })
        .await?;
    // The account, whether its address is confirmed, and the preferences
    // (`crate::http::preferences`).
    let mut out = serde_json::to_value(UserOut::from(user)).map_err(ApiError::internal)?;
    out["email_verified"] = prefs.email_verified_at.is_some().into();
    out["preferences"] = crate::http::preferences::to_json(&prefs);
    Ok(HttpResponse::Ok().json(out))
}
