//! `/games/{id}/rematch`: a finished game's table again (`crate::play::rematch`).
//! `POST` by a player of the finished game proposes it (201) or accepts it (200); `GET`
//! says where it stands, from either game (404 `no_rematch` when none was proposed).

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::play::rematch::{self, Wanted};
use crate::state::AppState;
use actix_web::{web, HttpResponse};

/// `POST /games/{id}/rematch`: propose or accept the rematch of finished game `id`.
pub async fn post(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let (view, wanted) = rematch::want(&state, &caller.user_id, &id).await?;
    Ok(match wanted {
        Wanted::Proposed => HttpResponse::Created().json(view),
        Wanted::Accepted | Wanted::Already => HttpResponse::Ok().json(view),
    })
}

/// `GET /games/{id}/rematch`: the rematch game `id` is part of, either way.
pub async fn get(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let view = state
        .db
        .conn(move |conn| rematch::view(conn, &id, &caller.user_id))
        .await?;
    match view {
        Some(view) => Ok(HttpResponse::Ok().json(view)),
        None => Err(ApiError::not_found(
            "no_rematch",
            "no rematch of this game was proposed, and it is no rematch",
        )),
    }
}
