//! `/games/{id}/play/events` and `/lobby/events`: the pages' event streams, opened with a
//! page's own credential (its turn link or the browser's session), so that an open page
//! follows the game (`api/static/play.js`). What a stream is and does: `sse.rs`.

use crate::auth::jwt::Purpose;
use crate::auth::Credential;
use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::http::play::json_credentials;
use crate::http::session::WebUser;
use crate::http::sse::{open, StreamQuery, Target};
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

/// A game page's stream: [`StreamQuery`] and the page's turn link, if it has one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageStreamQuery {
    pub since: Option<String>,
    /// The turn link's token (read by the page's credentials, not here).
    #[allow(dead_code)]
    pub token: Option<String>,
}

/// How long a page's stream lives before the browser opens it again (`EventSource`
/// reconnects by itself, with `Last-Event-ID`: nothing is missed). A page has no token of
/// its own to end with, so its stream is checked again this often: a session logged out
/// or a turn link expired is then refused.
const PAGE_STREAM_TTL: i64 = 15 * 60;

/// `GET /games/{id}/play/events`: `GET /games/{id}/stream` for the game's pages (the turn page, the
/// replay), opened with the page's own credential: its turn link (`?token=`, this game
/// only) or the browser's session. The same events as `GET /games/{id}/stream`, for the
/// same readers (404 to whom the game's `watchers` do not let see it). The stream is held
/// as an access token of the account's current credentials epoch, living
/// [`PAGE_STREAM_TTL`] (or until the turn link expires): a password reset ends it at once.
pub async fn page_game(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: Option<WebUser>,
    path: web::Path<String>,
    query: web::Query<PageStreamQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let who = json_credentials(&state, &req, &id, user.as_ref())?;
    let mut expires = state.clock.now().timestamp() + PAGE_STREAM_TTL;
    if let Some(token) = &who.token {
        let claims = state.keys.verify(Purpose::TurnLink, token)?;
        expires = expires.min(claims.exp);
    }
    let (game_id, user_id) = (id.clone(), who.user_id.clone());
    let epoch = state
        .streams
        .with_conn(&state.db, move |conn| {
            Table::load_for(conn, &game_id, &user_id)?;
            current_epoch(conn, &user_id)
        })
        .await?;
    let query = StreamQuery {
        since: query.into_inner().since,
    };
    open(
        state,
        &req,
        query,
        &who.user_id,
        Target::Game(id),
        Credential::Access { epoch, expires },
    )
    .await
}

/// `GET /lobby/events`: `GET /stream` for the lobby, opened with the browser's session (401
/// without one); held as [`page_game`] holds its stream.
pub async fn lobby(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: Option<WebUser>,
    query: web::Query<StreamQuery>,
) -> ApiResult<HttpResponse> {
    let user = user.ok_or_else(|| {
        ApiError::unauthorized("missing_credentials", "log in to follow your games")
    })?;
    let expires = state.clock.now().timestamp() + PAGE_STREAM_TTL;
    let user_id = user.user_id.clone();
    let epoch = state
        .streams
        .with_conn(&state.db, move |conn| current_epoch(conn, &user_id))
        .await?;
    open(
        state,
        &req,
        query.into_inner(),
        &user.user_id,
        Target::User(user.user_id.clone()),
        Credential::Access { epoch, expires },
    )
    .await
}

/// The account's credentials epoch as the database has it now.
fn current_epoch(conn: &mut crate::store::DbConn, user_id: &str) -> ApiResult<i64> {
    crate::store::accounts::credentials_epochs(conn, &[user_id.to_string()])?
        .first()
        .map(|(_, e)| *e)
        .ok_or_else(crate::auth::account_gone)
}
