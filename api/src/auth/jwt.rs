//! Purpose-scoped JWTs (HS256).
//!
//! Each purpose has its own issuer (`{public_url}|{purpose}`) and audience
//! (`hermes:{purpose}`), both checked, so a token minted for one purpose (a turn link in
//! an email, an unsubscribe link) is refused for another (calling the API). Expiry is
//! checked with a small leeway for clock skew between servers.

use crate::error::ApiError;
use chrono::Utc;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// Seconds of clock skew tolerated on `exp`.
pub const LEEWAY_SECS: u64 = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Calls the API as the user (from a login).
    Access,
    /// Opens one game's turn page from an email.
    TurnLink,
    /// Stops mail from an email's link.
    Unsubscribe,
    /// Confirms that an address reaches its owner (the welcome mail's link).
    Verify,
    /// Sets a new password from the mail a forgotten password sends; `obj` is a
    /// fingerprint of the password hash it replaces, so the link works once.
    PasswordReset,
}

impl Purpose {
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Access => "access",
            Purpose::TurnLink => "turn_link",
            Purpose::Unsubscribe => "unsubscribe",
            Purpose::Verify => "verify",
            Purpose::PasswordReset => "password_reset",
        }
    }

    fn audience(self) -> String {
        format!("hermes:{}", self.name())
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub iss: String,
    pub aud: String,
    /// The user id.
    pub sub: String,
    pub iat: i64,
    pub exp: i64,
    /// What the token is about beyond the user (a game id for a turn link).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obj: Option<String>,
    /// An access token's credentials epoch: the account's when it was issued; it works
    /// only while the account is still in it (`crate::auth::epochs`). None: 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ep: Option<i64>,
}

/// Signing and checking keys, with the issuer base.
#[derive(Clone)]
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    issuer: String,
    /// Signs the reply addresses of mail (`crate::inbound::token`): the same secret, its
    /// own purpose in the signed message.
    mac: ring::hmac::Key,
    /// Access tokens whose signature, issuer and audience were checked, with their
    /// claims: each API call of a client presents the same token, and checking it again
    /// (two base64 decodes, a MAC, two JSON parses) was a few percent of a turn's CPU.
    /// Only the expiry changes with time, and it is checked at every use. Bounded: emptied
    /// when full.
    access_seen: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<String, Claims>>>,
}

/// The most access tokens [`Keys`] remembers as checked.
const ACCESS_SEEN_MAX: usize = 4096;

impl Keys {
    pub fn new(secret: &[u8], issuer: &str) -> Keys {
        Keys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            issuer: issuer.trim_end_matches('/').to_string(),
            mac: ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret),
            access_seen: Default::default(),
        }
    }

    /// HMAC-SHA256 of `message` under the server's secret, for `purpose` (a word that no
    /// other use of this MAC shares), e.g. the signature of a reply address.
    pub fn mac(&self, purpose: &str, message: &[u8]) -> [u8; 32] {
        let mut ctx = ring::hmac::Context::with_key(&self.mac);
        ctx.update(purpose.as_bytes());
        ctx.update(b"|");
        ctx.update(message);
        let tag = ctx.sign();
        let mut out = [0u8; 32];
        out.copy_from_slice(tag.as_ref());
        out
    }

    fn issuer(&self, purpose: Purpose) -> String {
        format!("{}|{}", self.issuer, purpose.name())
    }

    /// Mint a token for `sub` valid for `ttl`.
    pub fn mint(
        &self,
        purpose: Purpose,
        sub: &str,
        ttl: chrono::Duration,
        obj: Option<&str>,
    ) -> Result<String, ApiError> {
        self.mint_claims(purpose, sub, ttl, obj, None)
    }

    /// Mint an access token for `sub` valid for `ttl`, in the account's credentials
    /// `epoch` (a password reset ends it).
    pub fn mint_access(
        &self,
        sub: &str,
        ttl: chrono::Duration,
        epoch: i64,
    ) -> Result<String, ApiError> {
        // Epoch 0 is what a token without the claim is in: left out, as before.
        self.mint_claims(
            Purpose::Access,
            sub,
            ttl,
            None,
            (epoch != 0).then_some(epoch),
        )
    }

    fn mint_claims(
        &self,
        purpose: Purpose,
        sub: &str,
        ttl: chrono::Duration,
        obj: Option<&str>,
        ep: Option<i64>,
    ) -> Result<String, ApiError> {
        let now = Utc::now().timestamp();
        let claims = Claims {
            iss: self.issuer(purpose),
            aud: purpose.audience(),
            sub: sub.to_string(),
            iat: now,
            exp: now + ttl.num_seconds(),
            obj: obj.map(str::to_string),
            ep,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(ApiError::internal)
    }

    /// Check a token for `purpose`: signature, algorithm, issuer, audience, expiry.
    pub fn verify(&self, purpose: Purpose, token: &str) -> Result<Claims, ApiError> {
        if purpose != Purpose::Access {
            return self.check(purpose, token);
        }
        let now = Utc::now().timestamp();
        // As `jsonwebtoken` has it: expired once `exp` is more than the leeway ago.
        let live = |c: &Claims| c.exp >= now.saturating_sub_unsigned(LEEWAY_SECS);
        let mut seen = self.access_seen.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(claims) = seen.get(token).filter(|c| live(c)) {
            return Ok(claims.clone());
        }
        seen.remove(token);
        drop(seen);
        let claims = self.check(purpose, token)?;
        let mut seen = self.access_seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() >= ACCESS_SEEN_MAX {
            seen.clear();
        }
        seen.insert(token.to_string(), claims.clone());
        Ok(claims)
    }

    /// [`Keys::verify`], every check made.
    fn check(&self, purpose: Purpose, token: &str) -> Result<Claims, ApiError> {
        let mut v = Validation::new(Algorithm::HS256);
        v.leeway = LEEWAY_SECS;
        v.set_audience(&[purpose.audience()]);
        v.set_issuer(&[self.issuer(purpose)]);
        v.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &v)
            .map(|d| d.claims)
            .map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => {
                    ApiError::unauthorized("token_expired", "the token has expired; log in again")
                }
                ErrorKind::InvalidAudience => wrong_purpose(purpose),
                // The signature is good (it is checked first); the issuer says which
                // server and purpose. Tell a token of another purpose from one of this
                // purpose issued by a server with another `public_url`.
                ErrorKind::InvalidIssuer => {
                    let mut loose = v.clone();
                    loose.iss = None;
                    loose.validate_aud = false;
                    match jsonwebtoken::decode::<Claims>(token, &self.decoding, &loose) {
                        Ok(d) if d.claims.aud == purpose.audience() => ApiError::unauthorized(
                            "invalid_token",
                            "this token was issued for another server (another public URL); \
                             log in on this one",
                        ),
                        _ => wrong_purpose(purpose),
                    }
                }
                _ => ApiError::unauthorized("invalid_token", "the token is not valid"),
            })
    }
}

fn wrong_purpose(purpose: Purpose) -> ApiError {
    ApiError::unauthorized(
        "wrong_token_purpose",
        format!("this token was not issued for {}", purpose.name()),
    )
    .said(
        "problem-wrong-token-purpose",
        vec![("purpose", purpose.name().into())],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    fn keys() -> Keys {
        Keys::new(b"0123456789abcdef0123456789abcdef", "http://h.test/")
    }

    #[test]
    fn a_token_verifies_for_its_own_purpose_only() {
        let k = keys();
        let t = k
            .mint(Purpose::TurnLink, "u1", Duration::minutes(5), Some("g1"))
            .unwrap();
        let c = k.verify(Purpose::TurnLink, &t).unwrap();
        assert_eq!((c.sub.as_str(), c.obj.as_deref()), ("u1", Some("g1")));
        assert_eq!(c.iss, "http://h.test|turn_link");
        for other in [Purpose::Access, Purpose::Unsubscribe] {
            let e = k.verify(other, &t).unwrap_err();
            assert_eq!(e.code(), "wrong_token_purpose");
        }
    }

    #[test]
    fn expiry_is_checked_with_a_small_leeway() {
        let k = keys();
        let within = k
            .mint(Purpose::Access, "u", Duration::seconds(-10), None)
            .unwrap();
        assert!(k.verify(Purpose::Access, &within).is_ok());
        let past = k
            .mint(Purpose::Access, "u", Duration::seconds(-120), None)
            .unwrap();
        assert_eq!(
            k.verify(Purpose::Access, &past).unwrap_err().code(),
            "token_expired"
        );
    }

    #[test]
    fn a_remembered_access_token_still_expires_and_another_string_is_checked_afresh() {
        let k = keys();
        let t = k
            .mint(Purpose::Access, "u", Duration::minutes(5), None)
            .unwrap();
        assert_eq!(k.verify(Purpose::Access, &t).unwrap().sub, "u");
        assert!(k.access_seen.lock().unwrap().contains_key(&t));
        // A token remembered while it was live, whose expiry has since passed: refused.
        let old = k
            .mint(Purpose::Access, "u", Duration::seconds(-120), None)
            .unwrap();
        let mut claims = k.verify(Purpose::Access, &t).unwrap();
        claims.exp = Utc::now().timestamp() - 120;
        k.access_seen.lock().unwrap().insert(old.clone(), claims);
        assert_eq!(
            k.verify(Purpose::Access, &old).unwrap_err().code(),
            "token_expired"
        );
        assert!(!k.access_seen.lock().unwrap().contains_key(&old));
        // One character changed in the signature: refused, whatever is remembered.
        let mut forged = t.clone();
        let last = forged.pop().unwrap();
        forged.push(if last == 'A' { 'B' } else { 'A' });
        assert_eq!(
            k.verify(Purpose::Access, &forged).unwrap_err().code(),
            "invalid_token"
        );
    }

    #[test]
    fn another_secret_or_issuer_is_refused() {
        let t = keys()
            .mint(Purpose::Access, "u", Duration::minutes(5), None)
            .unwrap();
        let other = Keys::new(b"another secret, also 32 bytes long", "http://h.test");
        assert_eq!(
            other.verify(Purpose::Access, &t).unwrap_err().code(),
            "invalid_token"
        );
        let elsewhere = Keys::new(b"0123456789abcdef0123456789abcdef", "http://x.test");
        let e = elsewhere.verify(Purpose::Access, &t).unwrap_err();
        assert_eq!(e.code(), "invalid_token");
        assert!(e.detail().contains("another server"), "{}", e.detail());
    }
}
