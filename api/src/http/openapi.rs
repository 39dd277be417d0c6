//! `GET /openapi.yaml`: the contract, compiled into the binary.

use actix_web::HttpResponse;

pub const SPEC: &str = include_str!("../../../openapi.yaml");

pub async fn get() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/yaml")
        .body(SPEC)
}
