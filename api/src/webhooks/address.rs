//! Where a webhook may point: `http` or `https` only, and (unless the operator allows it
//! with `webhook_allow_private`) only public addresses: a hook must not make the server
//! reach its own loopback, the operator's private network or a cloud's metadata address.
//!
//! The host is checked when the hook is made or changed ([`check`]: its name resolved,
//! every address checked) and again at each delivery: an address literal by
//! [`check_literal`], a name by the client's resolver ([`client`]), which resolves it,
//! drops what is refused and gives the client only the checked addresses to connect to
//! (a name whose addresses changed since the hook was made cannot slip through).
//! Redirects are not followed, and no proxy from the environment is used.

use ipnet::IpNet;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// Why a URL was refused: a stable code and words for the person.
#[derive(Debug, Clone)]
pub struct Refused {
    /// `invalid_webhook_url` (not an http(s) URL) or `webhook_url_refused` (an address
    /// that is not allowed, or a name that does not resolve).
    pub code: &'static str,
    pub detail: String,
}

fn invalid(detail: impl Into<String>) -> Refused {
    Refused {
        code: "invalid_webhook_url",
        detail: detail.into(),
    }
}

fn refused(detail: impl Into<String>) -> Refused {
    Refused {
        code: "webhook_url_refused",
        detail: detail.into(),
    }
}

/// The networks no hook reaches unless private addresses are allowed (IANA special
/// purpose registries: what is not globally reachable, or is documentation or testing).
const BLOCKED: &[&str] = &[
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.88.99.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    "::/128",
    "::1/128",
    "64:ff9b:1::/48",
    "100::/64",
    "2001::/23",
    "2001:db8::/32",
    "2002::/16",
    "fc00::/7",
    "fe80::/10",
    "fec0::/10",
    "ff00::/8",
];

/// Whether a hook may not connect to `ip` (private addresses not allowed).
pub fn blocked(ip: IpAddr) -> bool {
    // An IPv4 address written as IPv6 (mapped `::ffff:a.b.c.d`, or NAT64's
    // `64:ff9b::a.b.c.d`) is judged as the IPv4 address it names.
    let ip = match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
                    IpAddr::V4(Ipv4Addr::new(
                        (s[6] >> 8) as u8,
                        s[6] as u8,
                        (s[7] >> 8) as u8,
                        s[7] as u8,
                    ))
                } else {
                    IpAddr::V6(v6)
                }
            }
        },
        v4 => v4,
    };
    BLOCKED
        .iter()
        .filter_map(|n| n.parse::<IpNet>().ok())
        .any(|net| net.contains(&ip))
}

/// The URL, if it is an absolute `http`/`https` URL with a host.
pub fn parse(url: &str) -> Result<url::Url, Refused> {
    if url.len() > 2000 {
        return Err(invalid("a webhook URL has at most 2000 characters"));
    }
    let parsed = url::Url::parse(url).map_err(|e| invalid(format!("not an absolute URL ({e})")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(invalid(format!(
            "a webhook URL is http or https, not {}",
            parsed.scheme()
        )));
    }
    if parsed.host().is_none() {
        return Err(invalid("a webhook URL names a host"));
    }
    Ok(parsed)
}

fn literal(url: &url::Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(v4) => Some(IpAddr::V4(v4)),
        url::Host::Ipv6(v6) => Some(IpAddr::V6(v6)),
        url::Host::Domain(_) => None,
    }
}

fn refuse_ip(ip: IpAddr) -> Refused {
    refused(format!(
        "{ip} is a loopback, private or otherwise non-public address, which this server \
         does not call (webhook_allow_private)"
    ))
}

/// At delivery: the URL, with an address literal checked (a name is checked by the
/// client's resolver).
pub fn check_literal(url: &str, allow_private: bool) -> Result<url::Url, Refused> {
    let parsed = parse(url)?;
    if let Some(ip) = literal(&parsed) {
        if !allow_private && blocked(ip) {
            return Err(refuse_ip(ip));
        }
    }
    Ok(parsed)
}

/// At creation or change: the URL parsed, its host resolved and every address checked.
pub async fn check(url: &str, allow_private: bool) -> Result<url::Url, Refused> {
    let parsed = check_literal(url, allow_private)?;
    if allow_private || literal(&parsed).is_some() {
        return Ok(parsed);
    }
    let host = parsed.host_str().unwrap_or_default().to_string();
    let port = parsed.port_or_known_default().unwrap_or(80);
    let lookup = tokio::net::lookup_host((host.clone(), port));
    let addrs: Vec<SocketAddr> = match tokio::time::timeout(super::CONNECT_TIMEOUT, lookup).await {
        Ok(Ok(addrs)) => addrs.collect(),
        Ok(Err(e)) => return Err(refused(format!("{host} does not resolve ({e})"))),
        Err(_) => return Err(refused(format!("{host} does not resolve in time"))),
    };
    if addrs.is_empty() {
        return Err(refused(format!("{host} has no address")));
    }
    if let Some(bad) = addrs.iter().find(|a| blocked(a.ip())) {
        return Err(refuse_ip(bad.ip()));
    }
    Ok(parsed)
}

/// Resolves a name and keeps only the addresses a hook may reach.
struct CheckedResolver;

impl reqwest::dns::Resolve for CheckedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.clone(), 0))
                .await?
                .filter(|a| !blocked(a.ip()))
                .collect();
            if addrs.is_empty() {
                return Err(format!(
                    "{host} resolves to no address this server calls (only loopback, \
                     private or otherwise non-public ones)"
                )
                .into());
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// The HTTP client of deliveries: rustls (ring), timeouts, no redirects, no proxy, and,
/// unless private addresses are allowed, the checking resolver.
pub fn client(allow_private: bool) -> Result<reqwest::Client, String> {
    let mut builder = reqwest::Client::builder()
        .use_rustls_tls()
        .connect_timeout(super::CONNECT_TIMEOUT)
        .timeout(super::TOTAL_TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .user_agent(format!("Hermes-Webhooks/{}", crate::VERSION));
    if !allow_private {
        builder = builder.dns_resolver(Arc::new(CheckedResolver));
    }
    builder.build().map_err(|e| e.to_string())
}

/// An error of a request, in words safe to show the hook's owner.
pub fn describe(e: &reqwest::Error) -> String {
    use std::error::Error;
    let mut words = if e.is_timeout() {
        "no answer in time".to_string()
    } else if e.is_connect() {
        "cannot connect".to_string()
    } else {
        "the request failed".to_string()
    };
    let mut source = e.source();
    while let Some(s) = source {
        words.push_str(": ");
        words.push_str(&s.to_string());
        source = s.source();
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_public_addresses_are_blocked() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::7f00:1",
        ] {
            assert!(blocked(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "93.184.216.34",
            "1.1.1.1",
            "172.32.0.1",
            "2606:4700::1111",
            "::ffff:1.1.1.1",
        ] {
            assert!(!blocked(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn only_http_and_https_urls_with_a_host() {
        assert_eq!(
            parse("ftp://example.org/x").unwrap_err().code,
            "invalid_webhook_url"
        );
        assert_eq!(parse("not a url").unwrap_err().code, "invalid_webhook_url");
        assert_eq!(
            parse("file:///etc/passwd").unwrap_err().code,
            "invalid_webhook_url"
        );
        assert!(parse("https://example.org/hook").is_ok());
        assert_eq!(
            check_literal("http://127.0.0.1:9/x", false)
                .unwrap_err()
                .code,
            "webhook_url_refused"
        );
        assert!(check_literal("http://127.0.0.1:9/x", true).is_ok());
        assert_eq!(
            check_literal("http://[::1]/x", false).unwrap_err().code,
            "webhook_url_refused"
        );
    }
}
