//! Who opens a game's pages (the turn page, its legal steps and talk, the replay): the
//! holder of a turn link for this game (`?token=…`, `Purpose::TurnLink`, obj = the game:
//! it signs its player in for that game only), or a signed-in browser session.
//!
//! A page's own links repeat its credential ([`PageCredentials::query`]): the token for a
//! turn link, nothing for a session (its cookie goes along by itself). The page's script
//! only ever sees what the page's URL already holds; no long-lived token is put in a page.

use crate::auth::jwt::Purpose;
use crate::error::ApiError;
use crate::http::pages::{encode, link_claims, query_param, PageError};
use crate::http::session::{self, WebUser};
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::HttpRequest;

/// The user a page acts for, and how its links carry that.
#[derive(Debug, Clone)]
pub struct PageCredentials {
    pub user_id: String,
    /// The turn link's token, when the page was opened with one.
    pub token: Option<String>,
    /// The session's CSRF token, when the page was opened signed in: its forms carry it
    /// (a turn link's forms need none: the token in the URL is the credential).
    pub csrf: Option<String>,
}

impl PageCredentials {
    /// `?token=…` for a turn link, else empty.
    pub fn query(&self) -> String {
        match &self.token {
            Some(t) => format!("?token={}", encode(t)),
            None => String::new(),
        }
    }

    /// [`Self::query`] followed by one more parameter (`name=value`, already encoded).
    pub fn query_with(&self, param: &str) -> String {
        match &self.token {
            Some(t) => format!("?token={}&{param}", encode(t)),
            None => format!("?{param}"),
        }
    }
}

/// The credentials of a request to one of `game_id`'s pages: a turn link's `token` if the
/// URL has one (a turn link for another game is a 403), else the browser's session; neither
/// is a 401 page that says how to get in.
pub fn page_credentials(
    state: &AppState,
    req: &HttpRequest,
    game_id: &str,
    user: Option<&WebUser>,
) -> Result<PageCredentials, PageError> {
    if query_param(req, "token").is_some() {
        let (token, claims) = link_claims(state, req, Purpose::TurnLink)?;
        if claims.obj.as_deref() != Some(game_id) {
            return Err(PageError::say(
                StatusCode::FORBIDDEN,
                "page-error-other-game",
                &[],
            ));
        }
        return Ok(PageCredentials {
            user_id: claims.sub,
            token: Some(token),
            csrf: None,
        });
    }
    if let Some(u) = user {
        return Ok(PageCredentials {
            user_id: u.user_id.clone(),
            token: None,
            csrf: Some(u.csrf_token.clone()),
        });
    }
    Err(PageError::say(
        StatusCode::UNAUTHORIZED,
        "page-error-log-in-to-open",
        &[],
    ))
}

/// A form posted to one of the game's pages: with a session, it must carry the session's
/// CSRF token (`csrf`); with a turn link, the token in the URL is the credential.
pub fn check_form(
    req: &HttpRequest,
    who: &PageCredentials,
    user: Option<&WebUser>,
    submitted: Option<&str>,
) -> Result<(), PageError> {
    if who.token.is_some() {
        return Ok(());
    }
    session::check(req, user, submitted)
}

/// [`page_credentials`] for the page's JSON endpoints: the same checks, answered as
/// problem+json.
pub fn json_credentials(
    state: &AppState,
    req: &HttpRequest,
    game_id: &str,
    user: Option<&WebUser>,
) -> Result<PageCredentials, ApiError> {
    page_credentials(state, req, game_id, user).map_err(|e| {
        let code = match e.status {
            StatusCode::FORBIDDEN => "wrong_game",
            StatusCode::UNAUTHORIZED => "missing_credentials",
            _ => "invalid_token",
        };
        ApiError::new(e.status, code, e.message)
    })
}
