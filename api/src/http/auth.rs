//! `POST /auth/login`: email and password → a short-lived access token. The password is
//! checked by the act (`crate::play::accounts::check_password`); the token is this
//! edge's credential for it.

use crate::error::ApiResult;
use crate::http::client::client_ip;
use crate::http::object::Object;
use crate::http::ratelimit::keep;
use crate::http::users::UserOut;
use crate::play::accounts;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Login {
    pub email: String,
    pub password: String,
}

pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Object<Login>,
) -> ApiResult<HttpResponse> {
    let Login { email, password } = body.into_inner();
    let ip = client_ip(&req);
    let user = accounts::check_password(&state, &ip, &email, password, keep(&req)).await?;
    let ttl = chrono::Duration::minutes(i64::from(state.access_token_minutes));
    let token = state
        .keys
        .mint_access(&user.id, ttl, user.credentials_epoch)?;
    Ok(HttpResponse::Ok().json(json!({
        "access_token": token,
        "token_type": "Bearer",
        "expires_in": ttl.num_seconds(),
        "user": UserOut::from(user),
    })))
}
