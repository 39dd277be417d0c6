//! `POST /users`: register an account.

use crate::auth::password;
use crate::error::{blocking, ApiError, ApiResult};
use crate::http::with_write_conn;
use crate::outbox::compose;
use crate::state::AppState;
use crate::store::models::{new_id, now, User};
use crate::store::{accounts, outbox, StoreError};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    pub email: String,
    pub display_name: String,
    pub password: String,
}

/// A user as the API shows them to themselves.
#[derive(Serialize)]
pub struct UserOut {
    pub id: String,
    pub email: String,
    pub display_name: String,
    pub created_at: DateTime<Utc>,
}

impl From<User> for UserOut {
    fn from(u: User) -> UserOut {
        UserOut {
            id: u.id,
            email: u.email,
            display_name: u.display_name,
            created_at: u.created_at.and_utc(),
        }
    }
}

/// Emails are compared without case or surrounding space.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

fn check(r: &Register) -> ApiResult<(String, String)> {
    let email = normalize_email(&r.email);
    let valid_email = email.len() <= 254
        && !email.chars().any(char::is_whitespace)
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        });
    if !valid_email {
        return Err(ApiError::unprocessable(
            "invalid_email",
            "`email` must be an address like name@example.org",
        ));
    }
    let name = r.display_name.trim().to_string();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(
            "invalid_display_name",
            "`display_name` must be 1 to 64 printable characters",
        ));
    }
    let len = r.password.chars().count();
    if !(password::MIN_LEN..=password::MAX_LEN).contains(&len) {
        return Err(ApiError::unprocessable(
            "weak_password",
            format!(
                "`password` must be {} to {} characters long",
                password::MIN_LEN,
                password::MAX_LEN
            ),
        ));
    }
    Ok((email, name))
}

pub async fn register(
    state: web::Data<AppState>,
    body: web::Json<Register>,
) -> ApiResult<HttpResponse> {
    let body = body.into_inner();
    let (email, display_name) = check(&body)?;
    // Hash before taking a connection: argon2 is slow on purpose, and a pooled
    // connection should not wait for it.
    let password = body.password;
    let password_hash =
        blocking(move || password::hash(&password).map_err(ApiError::internal)).await?;
    let at = state.clock.now_naive();
    let user = with_write_conn(&state, move |conn| {
        let user = User {
            id: new_id(),
            email,
            display_name,
            password_hash,
            created_at: now(),
        };
        // The account and its welcome mail (with the verify link) are one transaction.
        let written = crate::store::write_transaction(conn, |conn| {
            accounts::insert_user(conn, &user)?;
            let welcome = compose::welcome_mail(&user.id, &user.email, &user.display_name, at)?;
            outbox::enqueue(conn, &welcome)?;
            Ok::<_, StoreError>(())
        });
        match written {
            Ok(()) => Ok(user),
            Err(e) if e.is_unique_violation() => Err(ApiError::conflict(
                "email_taken",
                "an account with this email already exists",
            )),
            Err(e) => Err(e.into()),
        }
    })
    .await?;
    crate::outbox::wake(&state);
    tracing::info!(user.id = %user.id, "user registered");
    Ok(HttpResponse::Created().json(UserOut::from(user)))
}
