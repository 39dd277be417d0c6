//! The `RateLimit-*` response headers of the rate-limited endpoints (logins,
//! registrations, password-reset requests; API and page forms alike), after the IETF
//! draft "RateLimit header fields for HTTP" (draft-ietf-httpapi-ratelimit-headers-07):
//!
//! - `RateLimit-Limit`: requests allowed in the window of the tightest quota;
//! - `RateLimit-Remaining`: how many of them are left (0 on a 429);
//! - `RateLimit-Reset`: seconds until all of them are back;
//! - `RateLimit-Policy`: every quota the request was counted against, `limit;w=seconds`,
//!   tightest first (a login counts against two).
//!
//! A 429 also carries `Retry-After` (`crate::error`). The handler records where the client
//! stands ([`record`]) whatever it answers next (a wrong password, a bad form, a 429);
//! the outermost middleware (`crate::http::edge`) writes the headers on that response.

use crate::auth::ratelimit::{admit, Checked, Standings};
use crate::error::ApiError;
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use actix_web::{HttpMessage, HttpRequest};

/// Keep what a limit answered for the response's headers; `Err` 429 `rate_limited` (with
/// `Retry-After`) when the request is refused.
pub fn record(req: &HttpRequest, checked: Checked, refusal: &str) -> Result<(), ApiError> {
    admit(checked, keep(req), refusal)
}

/// Where the client stands, kept for the response's headers: what an act that counts a
/// request against a limit is given (`crate::auth::ratelimit::admit`).
pub fn keep(req: &HttpRequest) -> impl FnOnce(Standings) + '_ {
    move |standings| {
        req.extensions_mut().insert(standings);
    }
}

/// Write the headers for what [`record`] kept, if anything.
pub fn write_headers(req: &HttpRequest, headers: &mut HeaderMap) {
    let Some(standings) = req.extensions().get::<Standings>().cloned() else {
        return;
    };
    let Some(tightest) = standings.tightest() else {
        return;
    };
    let policy = standings
        .0
        .iter()
        .map(|s| format!("{};w={}", s.limit, s.window))
        .collect::<Vec<_>>()
        .join(", ");
    for (name, value) in [
        ("ratelimit-limit", tightest.limit.to_string()),
        ("ratelimit-remaining", tightest.remaining.to_string()),
        ("ratelimit-reset", tightest.reset.to_string()),
        ("ratelimit-policy", policy),
    ] {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(HeaderName::from_static(name), value);
        }
    }
}
