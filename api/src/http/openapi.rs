//! `GET /openapi.yaml`: the contract, compiled into the binary, with `servers` naming this
//! server's `public_url`.

use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub const SPEC: &str = include_str!("../../../openapi.yaml");

/// The `servers` entry of the document as written.
const SERVERS: &str = "servers:\n  - url: http://127.0.0.1:8080\n";

/// The document with `servers` pointing at `public_url`.
pub fn spec_for(public_url: &str) -> String {
    let url = public_url.trim_end_matches('/');
    SPEC.replacen(SERVERS, &format!("servers:\n  - url: {url}\n"), 1)
}

pub async fn get(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/yaml")
        .body(spec_for(&state.public_url))
}

#[cfg(test)]
mod tests {
    #[test]
    fn servers_name_the_public_url() {
        assert!(super::SPEC.contains(super::SERVERS));
        let spec = super::spec_for("https://example.org/hermes/");
        assert!(spec.contains("servers:\n  - url: https://example.org/hermes\n"));
    }
}
