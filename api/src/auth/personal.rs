//! Personal API tokens: long-lived, random, shown once, stored only as SHA-256.

use sha2::{Digest, Sha256};

const PREFIX: &str = "hms_";

/// A new token: the prefix (so a leaked one is recognisable) and 32 random bytes in hex.
pub fn generate() -> String {
    format!("{PREFIX}{}", hex::encode(rand::random::<[u8; 32]>()))
}

/// Is this bearer value a personal token (rather than a JWT)?
pub fn looks_like(token: &str) -> bool {
    token.starts_with(PREFIX)
}

/// What is stored: the SHA-256 of the whole token, in hex. A fast hash is enough because
/// the token has 256 random bits (nothing to guess, unlike a password).
pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_prefixed_and_hashed() {
        let a = generate();
        let b = generate();
        assert_ne!(a, b);
        assert!(looks_like(&a));
        assert_eq!(a.len(), 4 + 64);
        assert_eq!(hash(&a).len(), 64);
        assert_ne!(hash(&a), hash(&b));
        assert!(!hash(&a).contains(&a[4..]));
    }
}
