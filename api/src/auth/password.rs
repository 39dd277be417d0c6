//! Passwords: argon2id with the crate's default (OWASP-recommended) parameters.
//!
//! Each thread keeps its argon2 working memory (about 19 MiB) between hashes instead of
//! allocating it anew each time: freed and allocated again on many threads, that memory
//! was not given back to the system, and the server grew by about 19 MiB per hash.
//! Hashes run on the few threads of `crate::auth::hashing`, so the memory is bounded by
//! their number.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::cell::RefCell;
use std::sync::OnceLock;

pub const MIN_LEN: usize = 8;
pub const MAX_LEN: usize = 1024;

thread_local! {
    /// This thread's argon2 working memory, kept from one hash to the next.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The raw argon2 output of `password` and `salt` into `out`, on this thread's memory.
fn compute(
    argon2: &Argon2,
    params: &Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), argon2::Error> {
    MEMORY.with(|memory| {
        let mut memory = memory.borrow_mut();
        let need = params.block_count();
        if memory.len() < need {
            memory.resize(need, Block::default());
        }
        argon2.hash_password_into_with_memory(password, salt, out, &mut memory[..need])
    })
}

/// Hash a password as a PHC string (`$argon2id$v=19$…`).
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    let params = Params::default();
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut salt_buf = [0u8; 64];
    let salt_bytes = salt.as_salt().decode_b64(&mut salt_buf)?;
    let len = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    let output = Output::init_with(len, |out| {
        Ok(compute(
            &argon2,
            &params,
            password.as_bytes(),
            salt_bytes,
            out,
        )?)
    })?;
    Ok(PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params)?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    }
    .to_string())
}

/// Does `password` match the stored hash? A malformed stored hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    fn check(password: &str, stored: &str) -> Result<bool, argon2::password_hash::Error> {
        let h = PasswordHash::new(stored)?;
        let (Some(salt), Some(expected)) = (h.salt, h.hash) else {
            return Ok(false);
        };
        let algorithm = Algorithm::try_from(h.algorithm)?;
        let version = match h.version {
            Some(v) => Version::try_from(v)?,
            None => Version::default(),
        };
        let params = Params::try_from(&h)?;
        let argon2 = Argon2::new(algorithm, version, params.clone());
        let mut salt_buf = [0u8; 64];
        let salt_bytes = salt.decode_b64(&mut salt_buf)?;
        let computed = Output::init_with(expected.len(), |out| {
            Ok(compute(
                &argon2,
                &params,
                password.as_bytes(),
                salt_bytes,
                out,
            )?)
        })?;
        // `Output` compares in constant time.
        Ok(computed == expected)
    }
    check(password, stored).unwrap_or(false)
}

/// Spend the time a real verification takes, so that an unknown email cannot be told
/// from a wrong password by the response time.
pub fn verify_dummy(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let stored = DUMMY.get_or_init(|| hash("not a real password").unwrap_or_default());
    let _ = verify(password, stored);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let h = hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify("correct horse", &h));
        assert!(!verify("correct hose", &h));
        assert!(!verify("correct horse", "not a hash"));
    }

    #[test]
    fn hashes_made_by_the_crate_verify_here_and_the_other_way_round() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let salt = SaltString::generate(&mut OsRng);
        let theirs = Argon2::default()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(verify("correct horse", &theirs));
        assert!(!verify("correct hose", &theirs));
        let ours = hash("correct horse").unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default()
            .verify_password(b"correct horse", &parsed)
            .is_ok());
        assert!(Argon2::default()
            .verify_password(b"correct hose", &parsed)
            .is_err());
    }
}
