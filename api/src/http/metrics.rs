//! `GET /metrics` (`crate::metrics` owns the families and renders them).

use crate::error::{ApiError, ApiResult};
use crate::metrics::OutboxNow;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

/// `GET /metrics`.
pub async fn get(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<HttpResponse> {
    let given = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if !state.metrics.allows(given) {
        return Err(ApiError::unauthorized(
            "metrics_token_required",
            "this server's metrics need `Authorization: Bearer` with its metrics_token",
        ));
    }
    let now = state.clock.now_naive();
    let outbox = state
        .db
        .conn(move |conn| {
            let counts = crate::store::outbox::counts(conn)?;
            let oldest = crate::store::outbox::oldest_pending(conn)?;
            Ok(OutboxNow {
                pending: counts.pending,
                sent: counts.sent,
                failed: counts.failed,
                superseded: counts.superseded,
                oldest_pending_secs: oldest.map_or(0.0, |at| {
                    (now - at).num_milliseconds().max(0) as f64 / 1000.0
                }),
                webhooks: crate::store::webhooks::counts(conn)?,
            })
        })
        .await?;
    let body = state.metrics.render(
        &outbox,
        state.db.pool.state(),
        state.db.pool.max_size(),
        state.db.group_commit.as_ref().map(|g| g.counts()),
        &state.hot,
    )?;
    Ok(HttpResponse::Ok()
        // The OpenMetrics text format (what `prometheus-client` writes: the successor of
        // Prometheus' own text format, which Prometheus asks for and reads natively).
        .content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
        .body(body))
}
