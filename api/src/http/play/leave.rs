//! Leaving a game from its pages: `POST /games/{id}/play/leave` (form-encoded `act`:
//! `resign`, `abort` or `delete`; the page's credential: a turn link's token or a session
//! and its CSRF field). Sent without `confirm=yes` it answers the confirmation page, whose
//! own form sends it again with `confirm=yes`; then the act is done through
//! `crate::play::leave` (as `POST /games/{id}/resign`, `/abort` and `DELETE /games/{id}`)
//! and the answer is a 303: to the game's page (`?left=ACT`, its flash) or, for a deleted
//! game, to the lobby. No script is needed: the confirmation is a page of its own.
//!
//! Owns: the confirmation page and the words of the refusals. Must not: decide who may
//! leave or when (the acts do; a refusal is shown as they word it).

use super::credentials::{check_form, page_credentials, PageCredentials};
use crate::error::{ApiError, JSON_LIMIT};
use crate::game::Table;
use crate::http::pages::{page, render_in, PageError, PageResult};
use crate::http::session::WebUser;
use crate::state::AppState;
use crate::store::models::{OPEN, RUNNING};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

/// The ways out of a game, as the form names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    Resign,
    Abort,
    Delete,
}

impl Act {
    fn parse(s: &str) -> Option<Act> {
        match s {
            "resign" => Some(Act::Resign),
            "abort" => Some(Act::Abort),
            "delete" => Some(Act::Delete),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Act::Resign => "resign",
            Act::Abort => "abort",
            Act::Delete => "delete",
        }
    }
}

/// Which ways out the reader of a game's page has now (the acts decide again when asked).
#[derive(Serialize, Debug, Default)]
pub struct LeaveParts {
    /// Where the forms post (with the page's credential).
    pub action: String,
    pub may_resign: bool,
    pub may_abort: bool,
    pub may_delete: bool,
}

impl LeaveParts {
    /// The ways out `user_id` has of `table`, posting to the page's `action`.
    pub fn of(table: &Table, user_id: &str, action: String) -> Option<LeaveParts> {
        let g = &table.game;
        let seat = table.players.iter().find(|p| p.seat.user_id == user_id)?;
        let parts = LeaveParts {
            action,
            may_resign: g.status == RUNNING && seat.seat.resigned_at.is_none(),
            may_abort: g.status == RUNNING && g.seq == 0,
            may_delete: g.status == OPEN && g.created_by == user_id,
        };
        (parts.may_resign || parts.may_abort || parts.may_delete).then_some(parts)
    }
}

/// Where a page's leave forms post, with its credential.
pub fn action(base: &str, game_id: &str, who: &PageCredentials) -> String {
    format!("{base}/games/{game_id}/play/leave{}", who.query())
}

#[derive(Serialize)]
struct ConfirmPage<'a> {
    game_name: String,
    act: &'static str,
    /// What happens, in a sentence or two.
    consequence: String,
    button: String,
    action: String,
    back_url: String,
    csrf: Option<&'a str>,
}

/// `POST /games/{id}/play/leave[?token=T]`.
pub async fn post(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Bytes,
    user: Option<WebUser>,
) -> PageResult {
    let game_id = path.into_inner();
    let who = page_credentials(&state, &req, &game_id, user.as_ref())?;
    if body.len() > JSON_LIMIT {
        return Err(PageError::say(
            StatusCode::PAYLOAD_TOO_LARGE,
            "page-error-leave-too-long",
            &[],
        ));
    }
    let field = |name: &str| {
        url::form_urlencoded::parse(&body)
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    };
    check_form(&req, &who, user.as_ref(), field("csrf").as_deref())?;
    let act = field("act")
        .as_deref()
        .and_then(Act::parse)
        .ok_or_else(|| PageError::say(StatusCode::BAD_REQUEST, "page-error-leave-how", &[]))?;
    let base = state.base_path.as_str();
    let game_page = format!("{base}/games/{game_id}/play{}", who.query());
    if field("confirm").as_deref() != Some("yes") {
        let (id, uid) = (game_id.clone(), who.user_id.clone());
        let table = state
            .db
            .conn(move |conn| Table::load_for(conn, &id, &uid))
            .await?;
        let name = table.name();
        let consequence = match act {
            Act::Resign => "page-leave-resign-means",
            Act::Abort => "page-leave-abort-means",
            Act::Delete => "page-leave-delete-means",
        };
        let consequence = crate::http::pages::words(consequence, &[]);
        let ctx = ConfirmPage {
            act: act.name(),
            consequence,
            button: crate::http::pages::words(
                match act {
                    Act::Resign => "page-leave-yes-resign",
                    Act::Abort => "page-leave-yes-abort",
                    Act::Delete => "page-leave-yes-delete",
                },
                &[],
            ),
            action: action(base, &game_id, &who),
            back_url: if act == Act::Delete {
                format!("{base}/")
            } else {
                game_page
            },
            csrf: who.csrf.as_deref(),
            game_name: name,
        };
        return Ok(no_referrer(page(
            StatusCode::OK,
            render_in(base, "leave.html", &ctx)?,
        )));
    }
    let app = state.clone();
    let (id, uid) = (game_id.clone(), who.user_id.clone());
    let done = state
        .db
        .conn(move |conn| match act {
            Act::Resign => crate::play::leave::resign(conn, &app, &id, &uid).map(|_| ()),
            Act::Abort => crate::play::leave::abort(conn, &app, &id, &uid).map(|_| ()),
            Act::Delete => crate::play::leave::delete(conn, &app, &id, &uid),
        })
        .await;
    match done {
        Ok(()) => {
            let to = match act {
                Act::Delete => format!("{base}/?deleted=1"),
                _ => format!(
                    "{base}/games/{game_id}/play{}",
                    who.query_with(&format!("left={}", act.name()))
                ),
            };
            Ok(HttpResponse::SeeOther()
                .insert_header((header::LOCATION, to))
                .insert_header((header::REFERRER_POLICY, "no-referrer"))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .finish())
        }
        Err(e) if e.status().is_client_error() => Err(refused(&e)),
        Err(e) => Err(e.into()),
    }
}

/// A refused act as a page: the act's own words.
fn refused(e: &ApiError) -> PageError {
    let key = match e.code() {
        "already_resigned" => "page-leave-refused-resigned",
        "game_moved" => "page-leave-refused-moved",
        "game_started" => "page-leave-refused-started",
        "game_over" => "page-leave-refused-over",
        "not_the_creator" => "page-leave-refused-not-creator",
        _ => "page-leave-refused",
    };
    let title = crate::http::pages::words(key, &[]);
    PageError::new(
        e.status(),
        &title,
        crate::http::pages::as_sentence(&crate::http::pages::refusal(e)),
    )
}

fn no_referrer(mut res: HttpResponse) -> HttpResponse {
    res.headers_mut().insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    res
}

/// The flash of a game's page after leaving it (`?left=ACT`).
pub fn flash(left: &str) -> Option<String> {
    match Act::parse(left)? {
        Act::Resign => Some(crate::http::pages::words("page-leave-resigned", &[])),
        Act::Abort => Some(crate::http::pages::words("page-leave-aborted", &[])),
        Act::Delete => None,
    }
}
