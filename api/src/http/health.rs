//! `GET /health`: the process answers, and says which build it is (it does not touch the
//! database, so it is also the ceiling a benchmark compares turns against).

use actix_web::HttpResponse;

pub async fn get() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({
        "status": "ok",
        "version": crate::VERSION,
        "commit": crate::COMMIT,
    }))
}
