//! Who is using the pages: the browser session (cookie `hermes_session`) and the CSRF
//! check every page form goes through.
//!
//! Owns: minting and ending sessions, reading the cookie into a [`WebUser`] (extract
//! `Option<WebUser>` for a page that works signed in or not), the session's CSRF token and
//! the signed-out forms' double-submit cookie. Must not: authenticate the JSON API (the
//! bearer extractor [`crate::auth::Caller`] never reads a cookie, so a cookie alone is a 401
//! there, and a bearer token is never a session: a form post is judged by its cookie and
//! its CSRF field only).
//!
//! Why a table and not a JWT: a session must end when its owner logs out or resets the
//! password, on every server sharing the database, at once. A row with `revoked_at` does
//! that with one lookup per page request, which a page makes anyway; a JWT would need a
//! revocation list, i.e. the same lookup plus a signature. The cookie holds 32 random bytes;
//! the table holds only their SHA-256 (`crate::auth::personal::hash`), so a copy of the
//! database logs nobody in.
//!
//! CSRF: a signed-in form carries the session's synchronizer token (`csrf`, random, kept
//! with the session); a signed-out form (log in, sign up, a forgotten password) carries the
//! value of a `hermes_csrf` cookie set with the form (double submit: another site can make a
//! browser send the cookie but cannot read it to put it in the field). Every page `POST`
//! that acts for someone checks one or the other before anything else and answers 403 when
//! it is missing or wrong. `SameSite=Lax` on both cookies is a second wall: a cross-site
//! `POST` does not carry them at all.

use crate::auth::personal;
use crate::error::ApiError;
use crate::http::pages::PageError;
use crate::state::AppState;
use crate::store::sessions;
use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "hermes_session";
/// The signed-out forms' double-submit cookie.
pub const CSRF_COOKIE: &str = "hermes_csrf";
/// The form field every page form carries its CSRF token in.
pub const CSRF_FIELD: &str = "csrf";
/// How long a session lasts from logging in.
pub const SESSION_TTL: chrono::Duration = chrono::Duration::days(30);

/// The signed-in person using a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebUser {
    pub user_id: String,
    pub display_name: String,
    /// IANA name, from the preferences: deadlines on pages are shown in it.
    pub time_zone: String,
    /// The session's synchronizer token: every form a signed-in page shows carries it.
    pub csrf_token: String,
    /// A bot account: the pages show it its games but play nothing for it (a bot plays
    /// through the API, docs/clients/bots.md).
    pub bot: bool,
}

fn signed_out() -> PageError {
    PageError::say(StatusCode::UNAUTHORIZED, "page-error-signed-out", &[])
}

impl FromRequest for WebUser {
    type Error = PageError;
    type Future = LocalBoxFuture<'static, Result<WebUser, PageError>>;

    /// The session named by the cookie, if it is live. Fails (401 page) without one; as
    /// `Option<WebUser>` that is `None`.
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let cookie = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string());
        Box::pin(async move {
            let state = state.ok_or_else(|| PageError::internal("app state missing"))?;
            let value = cookie
                .filter(|v| looks_like_session(v))
                .ok_or_else(signed_out)?;
            let hash = personal::hash(&value);
            let now = state.clock.now_naive();
            let found = state
                .db
                .conn(move |conn| Ok(sessions::live(conn, &hash, now)?))
                .await
                .map_err(PageError::from)?;
            let s = found.ok_or_else(signed_out)?;
            if let Some(lang) = crate::i18n::Lang::from_code(&s.lang) {
                crate::http::page_lang::set_account(lang);
            }
            Ok(WebUser {
                user_id: s.user_id,
                display_name: s.display_name,
                time_zone: s.time_zone,
                csrf_token: s.csrf_token,
                bot: s.bot_at.is_some(),
            })
        })
    }
}

impl WebUser {
    /// A 403 page for a bot account's session that would play (a turn, a new game, a
    /// seat): a bot plays through the API with its `bot:play` token, and the pages are
    /// for people, who get what they ask for there; its login still reads its games.
    pub fn may_play(&self) -> Result<(), PageError> {
        if self.bot {
            return Err(PageError::say(StatusCode::FORBIDDEN, "page-error-bot", &[]));
        }
        Ok(())
    }
}

/// A cookie value we could have minted: 64 hex digits.
fn looks_like_session(v: &str) -> bool {
    v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit())
}

fn random_hex() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// A cookie of ours: HttpOnly, SameSite=Lax, on the server's path, Secure when the server
/// is reached over https.
fn cookie(state: &AppState, name: &'static str, value: String) -> Cookie<'static> {
    let mut c = Cookie::new(name, value);
    c.set_http_only(true);
    c.set_same_site(SameSite::Lax);
    c.set_path(format!("{}/", state.base_path));
    c.set_secure(state.public_url.starts_with("https://"));
    c
}

/// Start a session for `user_id` (after a login or a confirmed sign-up): the cookie to set.
pub async fn start(
    state: &web::Data<AppState>,
    user_id: &str,
) -> Result<Cookie<'static>, ApiError> {
    let value = random_hex();
    let hash = personal::hash(&value);
    let csrf = random_hex();
    let at = state.clock.now_naive();
    let expires = at + SESSION_TTL;
    let user = user_id.to_string();
    state
        .db
        .write(move |conn| Ok(sessions::insert(conn, &hash, &user, &csrf, at, expires)?))
        .await?;
    let mut c = cookie(state, SESSION_COOKIE, value);
    c.set_max_age(time::Duration::seconds(SESSION_TTL.num_seconds()));
    Ok(c)
}

/// End the request's session, if any (logging out): the row is revoked, and the answer
/// should carry the returned cookie, which clears it in the browser.
pub async fn end(
    state: &web::Data<AppState>,
    req: &HttpRequest,
) -> Result<Cookie<'static>, ApiError> {
    if let Some(value) = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string()) {
        let hash = personal::hash(&value);
        let at = state.clock.now_naive();
        state
            .db
            .write(move |conn| Ok(sessions::revoke(conn, &hash, at)?))
            .await?;
    }
    let mut c = cookie(state, SESSION_COOKIE, String::new());
    c.make_removal();
    Ok(c)
}

/// The CSRF token a form on this page must carry, and the cookie to set with the page when
/// the form is a signed-out one whose browser has no `hermes_csrf` cookie yet.
pub fn form_token(
    state: &AppState,
    req: &HttpRequest,
    user: Option<&WebUser>,
) -> (String, Option<Cookie<'static>>) {
    if let Some(u) = user {
        return (u.csrf_token.clone(), None);
    }
    match req.cookie(CSRF_COOKIE).map(|c| c.value().to_string()) {
        Some(v) if looks_like_session(&v) => (v, None),
        _ => {
            let v = random_hex();
            (v.clone(), Some(cookie(state, CSRF_COOKIE, v)))
        }
    }
}

/// 403 unless `submitted` is the CSRF token this request's forms carry: the session's for
/// a signed-in user, the `hermes_csrf` cookie's otherwise.
pub fn check(
    req: &HttpRequest,
    user: Option<&WebUser>,
    submitted: Option<&str>,
) -> Result<(), PageError> {
    let expected = match user {
        Some(u) => Some(u.csrf_token.clone()),
        None => req
            .cookie(CSRF_COOKIE)
            .map(|c| c.value().to_string())
            .filter(|v| looks_like_session(v)),
    };
    match (expected, submitted) {
        (Some(e), Some(s)) if same(&e, s) => Ok(()),
        _ => Err(PageError::say(
            StatusCode::FORBIDDEN,
            "page-error-form-expired",
            &[],
        )),
    }
}

/// A page form's fields (`application/x-www-form-urlencoded`), read leniently: a page
/// never answers a form with JSON.
pub struct Form(Vec<(String, String)>);

/// The largest page form taken (a turn, a message, a game's options).
pub const FORM_LIMIT: usize = 16 * 1024;

impl Form {
    pub fn parse(body: &[u8]) -> Result<Form, PageError> {
        if body.len() > FORM_LIMIT {
            return Err(PageError::say(
                StatusCode::PAYLOAD_TOO_LARGE,
                "page-error-form-too-long",
                &[("n", i64::try_from(FORM_LIMIT).unwrap_or(i64::MAX).into())],
            ));
        }
        Ok(Form(
            url::form_urlencoded::parse(body)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        ))
    }

    /// The first value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of `name`, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.0
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }
}

/// Equal, in a time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_whole() {
        let t = random_hex();
        assert!(same(&t, &t.clone()));
        assert!(!same(&t, &t[..63]));
        assert!(!same(&t, &random_hex()));
        assert!(looks_like_session(&t));
        assert!(!looks_like_session("hms_abc"));
    }
}
