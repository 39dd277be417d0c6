//! `/stream` and `/games/{id}/stream`: the API's event streams, held by the caller's
//! bearer credential (`docs/clients/stream.md`). What a stream is and does: `sse.rs`.

use crate::auth::{Caller, Credential};
use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::http::sse::{open, StreamQuery, Target};
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};

/// `GET /stream`: the caller's events.
pub async fn user(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    query: web::Query<StreamQuery>,
) -> ApiResult<HttpResponse> {
    let credential = bearer_credential(&req)?;
    open(
        state,
        &req,
        query.into_inner(),
        &caller.user_id,
        Target::User(caller.user_id.clone()),
        credential,
    )
    .await
}

/// `GET /games/{id}/stream`: the game's public events, for anyone who may read the game.
pub async fn game(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    path: web::Path<String>,
    query: web::Query<StreamQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let game_id = id.clone();
    let user_id = caller.user_id.clone();
    // Who may watch the game (its `watchers`), as every read path: 404 to the others.
    state
        .streams
        .with_conn(&state.db, move |conn| {
            Table::load_for(conn, &game_id, &user_id).map(|_| ())
        })
        .await?;
    let credential = bearer_credential(&req)?;
    open(
        state,
        &req,
        query.into_inner(),
        &caller.user_id,
        Target::Game(id),
        credential,
    )
    .await
}

/// The credential [`Caller`] found on the request.
fn bearer_credential(req: &HttpRequest) -> ApiResult<Credential> {
    crate::http::caller::credential(req)
        .ok_or_else(|| ApiError::internal("a stream's caller without a credential"))
}
