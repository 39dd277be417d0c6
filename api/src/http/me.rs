//! `GET /me`: the calling user.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::http::users::UserOut;
use crate::http::with_conn;
use crate::state::AppState;
use crate::store::accounts;
use actix_web::{web, HttpResponse};

pub async fn get(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let user = with_conn(&state, move |conn| {
        accounts::user_by_id(conn, &caller.user_id)?.ok_or_else(|| {
            ApiError::unauthorized("invalid_token", "the token's user no longer exists")
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(UserOut::from(user)))
}
