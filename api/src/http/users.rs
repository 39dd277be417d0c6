//! `POST /users`: register an account (`crate::play::accounts::register`).
//!
//! The answer is the same (202 and a "check your mail" body) whether or not the address
//! already has an account, so registration does not tell who has one: a new address gets
//! its account and a welcome mail with the confirmation link; an address that has an
//! account gets a note that someone tried (at most one a day) and nothing changes. Both
//! cost one password hash, so the time does not tell either.

use crate::error::ApiResult;
use crate::http::client::{accept_language, client_ip};
use crate::http::object::Object;
use crate::http::ratelimit::keep;
use crate::play::accounts::{self, Registration};
use crate::state::AppState;
use crate::store::models::User;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    pub email: String,
    pub display_name: String,
    pub password: String,
    /// The language of the account's mail; without it, the first of ours that the
    /// request's `Accept-Language` asks for, else English.
    #[serde(default, deserialize_with = "crate::http::not_null")]
    pub lang: Option<String>,
}

/// A user as the API shows them to themselves.
#[derive(Serialize)]
pub struct UserOut {
    pub id: String,
    pub email: String,
    pub display_name: String,
    pub created_at: DateTime<Utc>,
    /// A bot account (`POST /me/bot`).
    pub bot: bool,
}

impl From<User> for UserOut {
    fn from(u: User) -> UserOut {
        let bot = u.is_bot();
        UserOut {
            id: u.id,
            email: u.email,
            display_name: u.display_name,
            created_at: u.created_at.and_utc(),
            bot,
        }
    }
}

pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Object<Register>,
) -> ApiResult<HttpResponse> {
    let Register {
        email,
        display_name,
        password,
        lang,
    } = body.into_inner();
    let lang = lang.or_else(|| accept_language(&req).map(|l| l.code().to_string()));
    let ip = client_ip(&req);
    let answer_email = accounts::register(
        &state,
        &ip,
        Registration {
            email,
            display_name,
            password,
            time_zone: None,
            lang,
        },
        keep(&req),
    )
    .await?;
    Ok(HttpResponse::Accepted().json(json!({
        "email": answer_email,
        "detail": "check your mail: a new account gets a link to confirm its address \
                   (log in at POST /auth/login meanwhile); an address that already has \
                   an account gets a note instead, and nothing changes",
    })))
}
