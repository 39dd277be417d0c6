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

/// The IPv4 networks no hook reaches unless private addresses are allowed (the IANA
/// IPv4 special-purpose registry's entries that are not globally reachable, or are for
/// documentation, benchmarking or a deprecated relay; and multicast).
const BLOCKED_V4: &[&str] = &[
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
];

/// The IPv6 networks inside global unicast (2000::/3, the only IPv6 space allocated for
/// public addresses; everything outside it is refused) that no hook reaches: the IANA
/// IPv6 special-purpose registry's entries there that are not globally reachable or
/// are documentation, and the deprecated transition prefixes whose relays the server
/// should not depend on (6to4, Teredo, inside 2001::/23).
const BLOCKED_V6: &[&str] = &[
    // IETF protocol assignments, Teredo (2001::/32) and benchmarking (2001:2::/48) among
    // them.
    "2001::/23",
    // Documentation.
    "2001:db8::/32",
    "3fff::/20",
    // 6to4.
    "2002::/16",
];

fn nets(list: &[&str]) -> Vec<IpNet> {
    list.iter()
        .filter_map(|n| n.parse::<IpNet>().ok())
        .collect()
}

/// The IPv4 address an IPv6 address carries in its last 32 bits.
fn low_v4(s: &[u16; 8]) -> Ipv4Addr {
    Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8)
}

/// The IPv4 addresses an IPv6 address is a way of writing or reaching, where the form
/// says so: IPv4-mapped (`::ffff:0:0/96`), IPv4-compatible (`::/96`, deprecated; `::`
/// and `::1` among them), IPv4-translated (`::ffff:0:0:0/96`), NAT64 (the well-known
/// `64:ff9b::/96` and the local-use `64:ff9b:1::/48`), 6to4 (`2002::/16`: the address
/// in bits 16–47) and Teredo (`2001::/32`: the server in bits 32–63, the client
/// inverted in the last 32).
pub fn embedded_v4(v6: std::net::Ipv6Addr) -> Vec<Ipv4Addr> {
    let s = v6.segments();
    let o = v6.octets();
    match s {
        [0, 0, 0, 0, 0, 0xffff, ..] | [0, 0, 0, 0, 0, 0, ..] | [0, 0, 0, 0, 0xffff, 0, ..] => {
            vec![low_v4(&s)]
        }
        [0x64, 0xff9b, 0, 0, 0, 0, ..] => vec![low_v4(&s)],
        // RFC 6052 with a /48 prefix: the IPv4 address in bits 48–63 and 72–87 (bits
        // 64–71 are the zero "u" octet).
        [0x64, 0xff9b, 1, ..] => vec![Ipv4Addr::new(o[6], o[7], o[9], o[10])],
        [0x2002, ..] => vec![Ipv4Addr::new(o[2], o[3], o[4], o[5])],
        [0x2001, 0, ..] => vec![
            Ipv4Addr::new(o[4], o[5], o[6], o[7]),
            Ipv4Addr::new(!o[12], !o[13], !o[14], !o[15]),
        ],
        _ => Vec::new(),
    }
}

/// Whether a hook may not connect to `ip` (private addresses not allowed).
pub fn blocked(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => blocked_v4(v4),
        IpAddr::V6(v6) => blocked_v6(v6),
    }
}

fn blocked_v4(v4: Ipv4Addr) -> bool {
    nets(BLOCKED_V4)
        .iter()
        .any(|net| net.contains(&IpAddr::V4(v4)))
}

fn blocked_v6(v6: std::net::Ipv6Addr) -> bool {
    let embedded = embedded_v4(v6);
    // An address that carries an IPv4 address is refused if that one is: `::127.0.0.1`,
    // `::ffff:10.0.0.1` or `2002:7f00:1::` reach no further than the IPv4 address would.
    if embedded.iter().any(|v4| blocked_v4(*v4)) {
        return true;
    }
    let s = v6.segments();
    // IPv4-mapped, -translated and -compatible addresses, and the well-known NAT64
    // prefix (globally reachable: a NAT64 gateway on the way translates it), are as
    // public as the IPv4 address they carry.
    if matches!(
        s,
        [0, 0, 0, 0, 0, 0xffff, ..]
            | [0, 0, 0, 0, 0, 0, ..]
            | [0, 0, 0, 0, 0xffff, 0, ..]
            | [0x64, 0xff9b, 0, 0, 0, 0, ..]
    ) {
        return false;
    }
    let ip = IpAddr::V6(v6);
    let global_unicast = "2000::/3".parse::<IpNet>().is_ok_and(|n| n.contains(&ip));
    !global_unicast || nets(BLOCKED_V6).iter().any(|net| net.contains(&ip))
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
    fn ipv6_forms_of_an_ipv4_address_are_judged_by_the_ipv4_address() {
        // Each form, carrying loopback, private (RFC 1918), link-local (a cloud's
        // metadata) and CGNAT addresses.
        for ip in [
            // IPv4-compatible (::/96, deprecated).
            "::127.0.0.1",
            "::10.0.0.1",
            "::169.254.169.254",
            "::100.64.0.1",
            "::7f00:1",
            // IPv4-mapped (::ffff:0:0/96).
            "::ffff:127.0.0.1",
            "::ffff:192.168.0.1",
            "::ffff:169.254.169.254",
            // IPv4-translated (::ffff:0:0:0/96).
            "::ffff:0:127.0.0.1",
            "::ffff:0:172.16.0.1",
            // NAT64, well-known prefix (64:ff9b::/96) and local-use (64:ff9b:1::/48).
            "64:ff9b::127.0.0.1",
            "64:ff9b::10.1.2.3",
            "64:ff9b:1:7f00:0:100::",
            "64:ff9b:1::1.1.1.1",
            // 6to4 (2002::/16): 2002:AABB:CCDD:: carries AA.BB.CC.DD.
            "2002:7f00:1::",
            "2002:c0a8:101::1",
            "2002:a9fe:a9fe::",
            // Teredo (2001::/32): the server's address, then the client's inverted.
            "2001:0:7f00:1::",
            "2001:0:4136:e378:8000:63bf:80ff:fffe",
            "2001:0:4136:e378:8000:63bf:f5ff:fffe",
        ] {
            let addr: std::net::Ipv6Addr = ip.parse().unwrap();
            assert!(blocked(IpAddr::V6(addr)), "{ip}");
        }
        assert_eq!(
            embedded_v4("2001:0:4136:e378:8000:63bf:80ff:fffe".parse().unwrap()),
            [Ipv4Addr::new(65, 54, 227, 120), Ipv4Addr::new(127, 0, 0, 1)]
        );
        assert_eq!(
            embedded_v4("2002:c0a8:101::1".parse().unwrap()),
            [Ipv4Addr::new(192, 168, 1, 1)]
        );
        assert_eq!(
            embedded_v4("64:ff9b:1:7f00:0:100::".parse().unwrap()),
            [Ipv4Addr::new(127, 0, 0, 1)]
        );
        // The forms that name a public IPv4 address are as public as it is; the
        // deprecated transition prefixes are refused whatever they carry.
        for ip in [
            "::ffff:1.1.1.1",
            "::ffff:0:1.1.1.1",
            "::1.1.1.1",
            "64:ff9b::1.1.1.1",
        ] {
            assert!(!blocked(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["2002:101:101::1", "2001:0:4136:e378:8000:63bf:fefe:fefe"] {
            assert!(blocked(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn ipv6_outside_global_unicast_and_the_registrys_special_blocks_are_blocked() {
        for ip in [
            // Reserved by the IETF (::/8), outside the embedding forms.
            "::1:0:0:1",
            "::2:7f00:1",
            // Discard-only, and the dummy prefix.
            "100::1",
            "100:0:0:1::1",
            // IETF protocol assignments, benchmarking, documentation.
            "2001:2::1",
            "2001:10::1",
            "2001:db8::1",
            "3fff::1",
            // SRv6 SIDs, unique-local, link-local, site-local, multicast.
            "5f00::1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "ff0e::1",
        ] {
            assert!(blocked(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "2606:4700:4700::1111",
            "2a00:1450:4001:80b::200e",
            "2001:4860:4860::8888",
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
