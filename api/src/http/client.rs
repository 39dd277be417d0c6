//! Who is asking: the client's address, as rate limits and logs see it.
//!
//! Behind a reverse proxy every connection comes from the proxy; the proxy names the
//! client in `X-Forwarded-For`. That header is believed only when the peer is one of the
//! `trusted_proxies`, and then read from the right: each trusted proxy appends the address
//! it saw, so the right-most address that is not a trusted proxy is the client (anything
//! left of it was written by the client and may be forged).

use crate::state::AppState;
use actix_web::{web, HttpRequest};
use ipnet::IpNet;
use std::net::IpAddr;

/// The client's IP address as text, or `""` when the connection has no peer address.
///
/// Every rate limit and log line keyed by client goes through here, so that a reverse
/// proxy's `X-Forwarded-For` is honoured in one place only.
pub fn client_ip(req: &HttpRequest) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else {
        return String::new();
    };
    let trusted = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.trusted_proxies.as_slice())
        .unwrap_or_default();
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok());
    client_from(peer, forwarded, trusted).to_string()
}

/// The client seen through `trusted` proxies: `peer` when it is not one of them, else the
/// right-most address in the `X-Forwarded-For` values (in the order they came) that is
/// not a trusted proxy. A malformed entry stops the walk at the last proxy trusted.
pub fn client_from<'a>(
    peer: IpAddr,
    forwarded_for: impl Iterator<Item = &'a str>,
    trusted: &[IpNet],
) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(&normal(*ip)));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops: Vec<&str> = forwarded_for.flat_map(|v| v.split(',')).collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        match parse_hop(hop) {
            Some(ip) => {
                client = ip;
                if !is_trusted(&ip) {
                    break;
                }
            }
            None => break,
        }
    }
    client
}

/// An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`) as the IPv4 address.
fn normal(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// One `X-Forwarded-For` entry: an address, maybe with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(normal(ip));
    }
    hop.parse::<std::net::SocketAddr>()
        .ok()
        .map(|s| normal(s.ip()))
}

/// The first of our languages the request's `Accept-Language` asks for
/// ([`crate::i18n::Lang::negotiate`]).
pub fn accept_language(req: &HttpRequest) -> Option<crate::i18n::Lang> {
    req.headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(crate::i18n::Lang::negotiate)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter()
            .map(|s| crate::config::parse_network(s).unwrap())
            .collect()
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_is_read_only_from_a_trusted_peer_and_from_the_right() {
        let trusted = nets(&["10.0.0.0/8", "192.0.2.1"]);
        let xff = ["203.0.113.9, 198.51.100.4, 10.1.1.1"];
        // An untrusted peer: its header is ignored.
        assert_eq!(
            client_from(ip("198.51.100.77"), xff.into_iter(), &trusted),
            ip("198.51.100.77")
        );
        // A trusted peer: the right-most untrusted hop (198.51.100.4), not the forgeable
        // left-most one.
        assert_eq!(
            client_from(ip("192.0.2.1"), xff.into_iter(), &trusted),
            ip("198.51.100.4")
        );
        // Several header lines are one list; ports and IPv4-mapped addresses are read.
        assert_eq!(
            client_from(
                ip("::ffff:10.0.0.5"),
                ["203.0.113.9", "[2001:db8::7]:443, 10.2.2.2:8080"].into_iter(),
                &trusted
            ),
            ip("2001:db8::7")
        );
        // Nothing forwarded, or a malformed hop: the last trusted address.
        assert_eq!(
            client_from(ip("10.0.0.5"), std::iter::empty(), &trusted),
            ip("10.0.0.5")
        );
        assert_eq!(
            client_from(
                ip("10.0.0.5"),
                ["1.2.3.4, junk, 10.3.3.3"].into_iter(),
                &trusted
            ),
            ip("10.3.3.3")
        );
        // No trusted proxies (the default): always the peer.
        assert_eq!(
            client_from(ip("10.0.0.5"), xff.into_iter(), &[]),
            ip("10.0.0.5")
        );
    }
}
