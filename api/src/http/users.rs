//! `POST /users`: register an account.
//!
//! The answer is the same (202 and a "check your mail" body) whether or not the address
//! already has an account, so registration does not tell who has one: a new address gets
//! its account and a welcome mail with the confirmation link; an address that has an
//! account gets a note that someone tried (at most one a day) and nothing changes. Both
//! cost one password hash, so the time does not tell either.

use crate::auth::password;
use crate::error::{ApiError, ApiResult};
use crate::http::object::Object;
use crate::outbox::compose;
use crate::state::AppState;
use crate::store::models::{new_id, now, User};
use crate::store::{accounts, outbox, prefs, StoreError};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use email_address::{EmailAddress, Options};
use serde::{Deserialize, Serialize};
use serde_json::json;

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

/// `raw` as a stored address (normalised), or 422 `invalid_email` naming `field`: one
/// plain address (`name@example.org`: no display name, no `<…>`, one `@` outside quotes,
/// a domain with a dot, no IP literal), checked by the `email_address` crate.
pub fn parse_email(field: &str, raw: &str) -> ApiResult<String> {
    let email = normalize_email(raw);
    let options = Options::default()
        .with_required_tld()
        .without_domain_literal()
        .without_display_text();
    let valid = email.len() <= 254
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && EmailAddress::parse_with_options(&email, options).is_ok();
    if valid {
        Ok(email)
    } else {
        Err(ApiError::unprocessable(
            "invalid_email",
            format!("`{field}` must be one address like name@example.org"),
        )
        .with("field", field))
    }
}

fn check(r: &Register) -> ApiResult<(String, String)> {
    let email = parse_email("email", &r.email)?;
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

/// What registration did (never told to the client).
enum Registered {
    New(String),
    Existing,
}

pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Object<Register>,
) -> ApiResult<HttpResponse> {
    let answer_email = register_account(&state, &req, body.into_inner()).await?;
    Ok(HttpResponse::Accepted().json(json!({
        "email": answer_email,
        "detail": "check your mail: a new account gets a link to confirm its address \
                   (log in at POST /auth/login meanwhile); an address that already has \
                   an account gets a note instead, and nothing changes",
    })))
}

/// Register `body` (the API's `POST /users` and the sign-up page): checks, the limit per
/// client address, one password hash, then a new account with its welcome mail or, for an
/// address that has one, the note to its owner. Answers the same either way: the
/// normalised address.
pub async fn register_account(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    body: Register,
) -> ApiResult<String> {
    let (email, display_name) = check(&body)?;
    let ip = crate::http::client::client_ip(req);
    crate::http::ratelimit::record(
        req,
        state.register_limits.check(&ip),
        "too many registrations from this address; wait before trying again",
    )
    .inspect_err(|_| tracing::warn!(%ip, "registration rate limit reached"))?;
    // Hash before taking a connection (argon2 is slow on purpose, and a pooled connection
    // should not wait for it), on one of the few hashers (`crate::auth::hashing`). An
    // address that has an account costs the same hash, so the time tells nothing.
    let password = body.password;
    let password_hash = state
        .hashers
        .run(move || password::hash(&password).map_err(ApiError::internal))
        .await?;
    let at = state.clock.now_naive();
    let answer_email = email.clone();
    let registered = state
        .db
        .write(move |conn| {
            let written = crate::store::write_transaction(conn, |conn| {
                if let Some(owner) = accounts::user_by_email(conn, &email)? {
                    if !prefs::refuses_mail(conn, &owner.email)? {
                        let note = compose::register_attempt_mail(
                            &owner.id,
                            &owner.email,
                            &owner.display_name,
                            at,
                        )?;
                        outbox::enqueue(conn, &note)?;
                    }
                    return Ok::<_, StoreError>(Registered::Existing);
                }
                let user = User {
                    id: new_id(),
                    email,
                    display_name,
                    password_hash,
                    created_at: now(),
                    credentials_epoch: 0,
                };
                // The account and its welcome mail (with the verify link) are one transaction.
                accounts::insert_user(conn, &user)?;
                let welcome = compose::welcome_mail(&user.id, &user.email, &user.display_name, at)?;
                outbox::enqueue(conn, &welcome)?;
                Ok(Registered::New(user.id))
            });
            match written {
                Ok(r) => Ok(r),
                // Registered a moment ago by a concurrent request: it got the welcome mail.
                Err(e) if e.is_unique_violation() => Ok(Registered::Existing),
                Err(e) => Err(e.into()),
            }
        })
        .await?;
    crate::outbox::wake(state);
    match registered {
        Registered::New(id) => tracing::info!(user.id = %id, "user registered"),
        Registered::Existing => {
            tracing::info!("registration of an address that has an account: owner notified")
        }
    }
    Ok(answer_email)
}
