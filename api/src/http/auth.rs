//! `POST /auth/login`: email and password → a short-lived access token.

use crate::auth::password;
use crate::error::{ApiError, ApiResult};
use crate::http::object::Object;
use crate::http::users::{normalize_email, UserOut};
use crate::state::AppState;
use crate::store::accounts;
use crate::store::models::User;
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
    let user = check_password(&state, &req, &email, password).await?;
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

fn bad_credentials() -> ApiError {
    ApiError::unauthorized("invalid_credentials", "wrong email or password")
}

/// The account `email` and `password` name, or 401 `invalid_credentials` (the same answer,
/// after the same time, for an unknown address and a wrong password), or 429 past the
/// login limits. The API's login and the log-in page both go through here.
pub async fn check_password(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    email: &str,
    password: String,
) -> ApiResult<User> {
    let email = normalize_email(email);
    let ip = crate::http::client::client_ip(req);
    crate::http::ratelimit::record(
        req,
        state.login_limits.check(&ip, &email),
        "too many login attempts; wait before trying again",
    )
    .inspect_err(|_| tracing::warn!(%ip, "login rate limit reached"))?;
    let user = state
        .db
        .conn(move |conn| Ok(accounts::user_by_email(conn, &email)?))
        .await?;
    // Verify without holding a connection (argon2 is slow on purpose), on one of the few
    // hashers (`crate::auth::hashing`); an unknown email costs the same time as a wrong
    // password.
    state
        .hashers
        .run(move || match user {
            Some(u) if password::verify(&password, &u.password_hash) => Ok(u),
            Some(_) => Err(bad_credentials()),
            None => {
                password::verify_dummy(&password);
                Err(bad_credentials())
            }
        })
        .await
}
