//! `GET /health`: liveness. The process answers, and says which build it is (it does not
//! touch the database, so it is also the ceiling a benchmark compares turns against),
//! always 200 while it serves.
//!
//! `GET /ready`: readiness. 200 when a query reaches the database within the request
//! timeout, else 503 `database_unavailable` / `database_busy` with `Retry-After`: a load
//! balancer sends no traffic to a server whose database is gone, and does not restart it.

use crate::error::ApiResult;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub async fn get() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({
        "status": "ok",
        "version": crate::VERSION,
        "commit": crate::COMMIT,
    }))
}

pub async fn ready(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    state
        .db
        .conn(|conn| Ok(crate::store::health::ping(conn)?))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "status": "ready" })))
}
