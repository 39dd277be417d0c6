//! What every request goes through before its handler (the outermost middleware):
//!
//! - the `public_url`'s path prefix is taken off when the request carries it (a proxy
//!   that keeps the prefix and one that strips it both work);
//! - `HEAD` is served as `GET` (the HTTP layer sends the headers, `Content-Length`
//!   included, and no body);
//! - a request id: a well-formed incoming `X-Request-Id`, else a new one; it is on every
//!   log line of the request (a `request` span, carried into `web::block`) and on the
//!   response;
//! - one access-log line (target `hermes::access`): the client (through trusted proxies),
//!   method, path without its query (a mail link's token is in the query), route, status,
//!   size and time;
//! - the request latency histogram of `/metrics`, by route pattern;
//! - the `RateLimit-*` headers of a rate-limited request (`crate::http::ratelimit`).

use crate::http::client::client_ip;
use crate::state::AppState;
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::{Method, Uri};
use actix_web::middleware::Next;
use actix_web::web;
use std::time::Instant;
use tracing::Instrument;

/// The request id's header.
pub const REQUEST_ID: &str = "x-request-id";

/// An incoming request id is kept when it is 1 to 128 characters of letters, digits and
/// `-_.:`; anything else (empty, too long, odd characters that could forge a log line) is
/// replaced.
pub fn well_formed_request_id(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

fn new_request_id() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

/// The middleware (`actix_web::middleware::from_fn(edge::edge)`).
pub async fn edge(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    // The path as it came, without the query.
    let path = req.path().to_string();
    let id = req
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| well_formed_request_id(v))
        .map_or_else(new_request_id, str::to_string);
    let client = client_ip(req.request());
    let base_path = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.base_path.clone())
        .unwrap_or_default();
    strip_prefix(&mut req, &base_path);
    if method == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    let span = tracing::info_span!("request", request_id = %id);
    let access = |status: u16, route: &str, bytes: &str, took: std::time::Duration| {
        span.in_scope(|| {
            tracing::info!(
                target: "hermes::access",
                client = %client,
                method = %method,
                path = %path,
                route = %route,
                status,
                bytes = %bytes,
                ms = took.as_secs_f64() * 1000.0,
                "request"
            );
        });
    };
    // An error the inner services did not turn into a response (handlers do): logged,
    // and left to actix to answer.
    let mut res = match next.call(req).instrument(span.clone()).await {
        Ok(res) => res.map_into_boxed_body(),
        Err(e) => {
            let status = e.as_response_error().status_code().as_u16();
            access(status, "unmatched", "-", started.elapsed());
            return Err(e);
        }
    };
    let request = res.request().clone();
    crate::http::ratelimit::write_headers(&request, res.headers_mut());
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut()
            .insert(HeaderName::from_static(REQUEST_ID), value);
    }
    let took = started.elapsed();
    let status = res.status().as_u16();
    let route = res
        .request()
        .match_pattern()
        .unwrap_or_else(|| "unmatched".into());
    let bytes = match res.response().body().size() {
        BodySize::Sized(n) => n.to_string(),
        _ => "-".into(),
    };
    if let Some(state) = res.request().app_data::<web::Data<AppState>>() {
        state.metrics.request(method.as_str(), &route, status, took);
    }
    access(status, &route, &bytes, took);
    Ok(res)
}

/// `/hermes/games/x` → `/games/x` when the public URL's path is `/hermes`; a path without
/// the prefix is left as it is (the proxy stripped it).
fn strip_prefix(req: &mut ServiceRequest, base_path: &str) {
    if base_path.is_empty() {
        return;
    }
    let rest = match req.path().strip_prefix(base_path) {
        Some("") => "/",
        Some(rest) if rest.starts_with('/') => rest,
        _ => return,
    };
    let rewritten = match req.uri().query() {
        Some(q) => format!("{rest}?{q}"),
        None => rest.to_string(),
    };
    if let Ok(uri) = rewritten.parse::<Uri>() {
        req.match_info_mut().get_mut().update(&uri);
        req.head_mut().uri = uri;
    }
}

/// The path part of a public URL, without a trailing slash: `/hermes` for
/// `https://example.org/hermes/`, `""` for `https://example.org`.
pub fn base_path(public_url: &str) -> String {
    url::Url::parse(public_url)
        .map(|u| u.path().trim_end_matches('/').to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_and_base_paths() {
        assert!(well_formed_request_id("4bf92f3577b34da6a3ce929d0e0e4736"));
        assert!(well_formed_request_id("req-1.2:3_x"));
        assert!(!well_formed_request_id(""));
        assert!(!well_formed_request_id("a b"));
        assert!(!well_formed_request_id("x\ny"));
        assert!(!well_formed_request_id(&"a".repeat(129)));
        assert_eq!(base_path("https://example.org/hermes/"), "/hermes");
        assert_eq!(base_path("https://example.org/a/b"), "/a/b");
        assert_eq!(base_path("https://example.org"), "");
        assert_eq!(base_path("http://127.0.0.1:8080/"), "");
    }
}
