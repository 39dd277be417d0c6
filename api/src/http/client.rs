//! Who is asking: the client's address, as rate limits and logs see it.

use actix_web::HttpRequest;

/// The client's IP address as text, or `""` when the connection has no peer address.
///
/// Every rate limit and log line keyed by client goes through here, so that a reverse
/// proxy's `X-Forwarded-For` is honoured in one place only.
pub fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default()
}
