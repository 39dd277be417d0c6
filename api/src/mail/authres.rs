//! Reading `Authentication-Results` (RFC 8601) and deciding whether it vouches for the
//! `From` domain of a reply.
//!
//! Owns: the header's syntax — the authserv-id first (an optional version after it), then
//! `;`-separated results `method=result`, each with an optional `reason=` and properties
//! `ptype.property=value`; comments in parentheses are comments, quoted strings are
//! values — and the rule of what counts as a pass: from the trusted authserv-id only,
//! `dmarc=pass` with `header.from` equal to the From domain, or `dkim=pass` with
//! `header.d` equal to the From domain (strict alignment: a signature of a parent domain
//! does not count; DMARC's own pass covers relaxed alignment). `spf=pass` alone never
//! counts: it vouches for the envelope sender, not for `From`.
//! Must not: match text anywhere in the header (a comment, a value, another method's
//! result say nothing about a method's own result).

/// One result of a header: `method=result` and its properties, names in lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodResult {
    pub method: String,
    pub result: String,
    /// `(ptype.property, value)`, e.g. `("header.from", "example.com")`; `reason` too.
    pub props: Vec<(String, String)>,
}

impl MethodResult {
    fn prop(&self, name: &str) -> Option<&str> {
        self.props
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One `Authentication-Results` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthResults {
    pub authserv_id: String,
    pub results: Vec<MethodResult>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Space,
    Semi,
    Eq,
    Word(String),
    Quoted(String),
}

/// The header's tokens: comments (nested, with `\` escapes) become a space; a quoted
/// string is one token whatever it holds (`;`, `(`, `=`).
fn lex(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Token>| {
        if !word.is_empty() {
            out.push(Token::Word(std::mem::take(word)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '(' => {
                flush(&mut word, &mut out);
                let mut depth = 1usize;
                while depth > 0 {
                    match chars.next() {
                        Some('\\') => {
                            chars.next();
                        }
                        Some('(') => depth += 1,
                        Some(')') => depth -= 1,
                        Some(_) => {}
                        None => break,
                    }
                }
                out.push(Token::Space);
            }
            '"' => {
                flush(&mut word, &mut out);
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('\\') => {
                            if let Some(e) = chars.next() {
                                s.push(e);
                            }
                        }
                        Some('"') | None => break,
                        Some(ch) => s.push(ch),
                    }
                }
                out.push(Token::Quoted(s));
            }
            ';' => {
                flush(&mut word, &mut out);
                out.push(Token::Semi);
            }
            '=' => {
                flush(&mut word, &mut out);
                out.push(Token::Eq);
            }
            c if c.is_whitespace() => {
                flush(&mut word, &mut out);
                out.push(Token::Space);
            }
            c => word.push(c),
        }
    }
    flush(&mut word, &mut out);
    out
}

/// A method name or a property name: letters, digits, `-`, `_` and (properties) one `.`.
fn is_keyword(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
}

/// Parse one header's value; `None` when it has no authserv-id.
pub fn parse(value: &str) -> Option<AuthResults> {
    let tokens = lex(value);
    let mut groups = tokens.split(|t| *t == Token::Semi);
    let head = groups.next()?;
    let authserv_id = head.iter().find_map(|t| match t {
        Token::Word(w) | Token::Quoted(w) => Some(w.clone()),
        _ => None,
    })?;
    // `authserv-id = value`: a head that is `method=result` (no authserv-id at all, as
    // some servers write) has none.
    if head.contains(&Token::Eq) {
        return None;
    }
    let results = groups.filter_map(resinfo).collect();
    Some(AuthResults {
        authserv_id,
        results,
    })
}

/// One `method[/version]=result [reason=…] [ptype.prop=value …]`; `None` when it does not
/// start with `method=result` (then nothing of it counts).
fn resinfo(tokens: &[Token]) -> Option<MethodResult> {
    let mut pairs = pairs(tokens)?.into_iter();
    let (method, result) = pairs.next()?;
    let method = method
        .split('/')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if method.contains('.') || !is_keyword(&method) || !is_keyword(&result) {
        return None;
    }
    Some(MethodResult {
        method,
        result: result.to_ascii_lowercase(),
        props: pairs.map(|(k, v)| (k.to_ascii_lowercase(), v)).collect(),
    })
}

/// `key = value` pairs (spaces allowed around `=`); a value is a quoted string, or the
/// run of text up to the next space (`=` and `/` included: base64 and the like). `None`
/// when a key has no `=`, except a trailing word of no consequence (`none`).
fn pairs(tokens: &[Token]) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut i = 0;
    let skip = |i: &mut usize| {
        while tokens.get(*i) == Some(&Token::Space) {
            *i += 1;
        }
    };
    loop {
        skip(&mut i);
        let key = match tokens.get(i) {
            None => return Some(out),
            Some(Token::Word(w)) => w.clone(),
            Some(_) => return None,
        };
        i += 1;
        skip(&mut i);
        if tokens.get(i) != Some(&Token::Eq) {
            // A keyword without `=`: the rest is not something we can read. What was
            // read before it stands.
            return if out.is_empty() { None } else { Some(out) };
        }
        i += 1;
        skip(&mut i);
        let value = match tokens.get(i) {
            Some(Token::Quoted(q)) => {
                i += 1;
                q.clone()
            }
            Some(Token::Word(_)) | Some(Token::Eq) => {
                let mut v = String::new();
                while let Some(t) = tokens.get(i) {
                    match t {
                        Token::Word(w) => v.push_str(w),
                        Token::Eq => v.push('='),
                        _ => break,
                    }
                    i += 1;
                }
                v
            }
            _ => return if out.is_empty() { None } else { Some(out) },
        };
        out.push((key, value));
    }
}

/// The domain of a property value: `example.com`, `@example.com` or `a@example.com`, in
/// lower case without a trailing dot.
fn domain_of(value: &str) -> String {
    let v = value.rsplit('@').next().unwrap_or_default();
    v.trim().trim_end_matches('.').to_ascii_lowercase()
}

/// Why one header of `authserv` vouches for `from_domain`, if one does: `dmarc` or
/// `dkim`.
pub fn vouches(headers: &[String], authserv: &str, from_domain: &str) -> Option<&'static str> {
    let from_domain = domain_of(from_domain);
    if from_domain.is_empty() {
        return None;
    }
    headers
        .iter()
        .filter_map(|h| parse(h))
        .filter(|h| h.authserv_id.eq_ignore_ascii_case(authserv))
        .flat_map(|h| h.results)
        .find_map(|r| {
            if r.result != "pass" {
                return None;
            }
            let aligned = |prop: &str| r.prop(prop).is_some_and(|v| domain_of(v) == from_domain);
            match r.method.as_str() {
                "dmarc" if aligned("header.from") => Some("dmarc"),
                "dkim" if aligned("header.d") => Some("dkim"),
                _ => None,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MX: &str = "mx.hermes.test";

    fn ok(header: &str, from: &str) -> Option<&'static str> {
        vouches(&[header.to_string()], MX, from)
    }

    #[test]
    fn a_comment_that_says_pass_is_a_comment() {
        assert_eq!(
            ok(
                "mx.hermes.test; dkim=fail (signature said dkim=pass) header.d=victim.example",
                "victim.example"
            ),
            None
        );
    }

    #[test]
    fn a_value_that_contains_dmarc_pass_is_a_value() {
        assert_eq!(
            ok(
                "mx.hermes.test; dmarc=fail header.from=x.dmarc=pass.example",
                "x.dmarc=pass.example"
            ),
            None
        );
        assert_eq!(
            ok(
                "mx.hermes.test; dmarc=fail header.from=x.dmarc=pass.example",
                "victim.example"
            ),
            None
        );
    }

    #[test]
    fn spf_alone_does_not_vouch_for_from() {
        assert_eq!(
            ok(
                "mx.hermes.test; spf=pass smtp.mailfrom=attacker@evil.example; dmarc=fail header.from=victim.example",
                "victim.example"
            ),
            None
        );
        assert_eq!(
            ok(
                "mx.hermes.test; spf=pass smtp.mailfrom=a@victim.example",
                "victim.example"
            ),
            None
        );
    }

    #[test]
    fn a_dkim_pass_of_another_domain_does_not_vouch_for_from() {
        assert_eq!(
            ok(
                "mx.hermes.test; dkim=pass header.d=evil.example; dmarc=fail header.from=victim.example",
                "victim.example"
            ),
            None
        );
        // Strict alignment: neither a parent nor a child of the From domain.
        assert_eq!(
            ok(
                "mx.hermes.test; dkim=pass header.d=example.com",
                "mail.example.com"
            ),
            None
        );
        assert_eq!(
            ok(
                "mx.hermes.test; dkim=pass header.d=victim.example.evil.example",
                "victim.example"
            ),
            None
        );
    }

    #[test]
    fn only_the_trusted_authserv_id_counts() {
        let h = "other.example; dmarc=pass header.from=victim.example";
        assert_eq!(ok(h, "victim.example"), None);
        // A header without an authserv-id (its first word a result) is not the MTA's.
        assert_eq!(
            ok("dmarc=pass header.from=victim.example", "victim.example"),
            None
        );
        // The id is a whole word, not a prefix.
        assert_eq!(
            ok(
                "mx.hermes.test.evil.example; dmarc=pass header.from=victim.example",
                "victim.example"
            ),
            None
        );
    }

    #[test]
    fn quoted_strings_hide_separators() {
        // The `;` inside the quotes does not start a result of its own.
        assert_eq!(
            ok(
                "mx.hermes.test; dmarc=fail reason=\"x; dmarc=pass header.from=victim.example\"",
                "victim.example"
            ),
            None
        );
        // `(` inside quotes is not a comment: what follows the quotes is read.
        assert_eq!(
            ok(
                "mx.hermes.test; dkim=fail reason=\"(\" header.d=victim.example; dmarc=pass header.from=victim.example",
                "victim.example"
            ),
            Some("dmarc")
        );
    }

    #[test]
    fn gmail_outlook_fastmail_and_rspamd_headers_vouch() {
        let gmail = "mx.hermes.test;\r\n       dkim=pass header.i=@gmail.com header.s=20230601 header.b=AbCd/+9=;\r\n       spf=pass (google.com: domain of anna@gmail.com designates 209.85.220.41 as permitted sender) smtp.mailfrom=anna@gmail.com;\r\n       dmarc=pass (p=NONE sp=QUARANTINE dis=NONE) header.from=gmail.com";
        assert_eq!(ok(gmail, "gmail.com"), Some("dmarc"));
        assert_eq!(ok(gmail, "GMail.com."), Some("dmarc"));
        let outlook = "mx.hermes.test 1; spf=pass (sender IP is 40.107.1.1) smtp.mailfrom=outlook.com; dkim=pass (signature was verified) header.d=outlook.com;dmarc=pass action=none header.from=outlook.com;compauth=pass reason=100";
        assert_eq!(ok(outlook, "outlook.com"), Some("dkim"));
        let fastmail = "mx.hermes.test;\r\n    dkim=pass (2048-bit rsa key sha256) header.d=fastmail.com header.i=@fastmail.com header.b=Xy4l3oK0 header.a=rsa-sha256 header.s=fm1 x-bits=2048;\r\n    dmarc=pass policy.published-domain-policy=none (p=none,d=none,d.eval=none) policy.policy-from=p header.from=fastmail.com;\r\n    spf=pass smtp.mailfrom=bo@fastmail.com";
        assert_eq!(ok(fastmail, "fastmail.com"), Some("dkim"));
        let rspamd = "mx.hermes.test; dkim=pass header.d=example.org header.s=dkim header.b=\"q3/Fz+1=\"; spf=pass (mx.hermes.test: domain of cy@example.org designates 192.0.2.1 as permitted sender) smtp.mailfrom=cy@example.org; dmarc=pass (policy=reject) header.from=example.org";
        assert_eq!(ok(rspamd, "example.org"), Some("dkim"));
        // Only DMARC's pass, written by OpenDMARC in a header of its own.
        let opendmarc = "mx.hermes.test; dmarc=pass (p=reject dis=none) header.from=example.net";
        assert_eq!(
            vouches(
                &[
                    "mx.hermes.test; dkim=fail header.d=example.net".to_string(),
                    opendmarc.to_string()
                ],
                MX,
                "example.net"
            ),
            Some("dmarc")
        );
    }

    #[test]
    fn the_parts_of_a_header_are_read_as_the_rfc_says() {
        let h = parse(
            "mx.hermes.test 1; dkim/1 = pass (ok) reason=\"good sig\" header.d = example.com; none",
        )
        .unwrap();
        assert_eq!(h.authserv_id, "mx.hermes.test");
        assert_eq!(
            h.results,
            vec![MethodResult {
                method: "dkim".into(),
                result: "pass".into(),
                props: vec![
                    ("reason".into(), "good sig".into()),
                    ("header.d".into(), "example.com".into())
                ],
            }]
        );
        assert_eq!(parse("mx.hermes.test; none").unwrap().results, vec![]);
    }
}
