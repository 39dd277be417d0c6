//! Sealed guesses (D-R5, D-S1): every accepted guess is published at once as a
//! commitment, and its salt and content at the reveal (D-R6), so that anyone can check
//! afterwards that no guess was changed or made up. `docs/replay.md` ("Dreams: checking
//! the sealed guesses") is the public description; these functions are its truth.
//!
//! * salt: the first 16 bytes of SHA-256(`hermes/dreams/salt/v1` ‖ the 32 seed bytes ‖
//!   round as u32 little-endian ‖ seat as u32 little-endian), written as 32 lowercase hex
//!   digits. Nobody can predict it without the seed, which stays secret until the game
//!   ends (D-S2).
//! * commitment: lowercase hex SHA-256 of the UTF-8 text
//!   `hermes-dreams-guess-v1:{round}:{seat}:{notation}:{salt}`, where `{notation}` is the
//!   canonical notation of the sealed guess (`guess seat 2`, `guess image 3`, `pass`).
//!
//! Owns: deriving salts and commitments, and their hex form. Must not: allocate on the hot
//! path (a commitment is computed for every guess of every game).

use super::notation::SealedText;
use super::turn::Guess;
use crate::game::Seat;
use crate::rng::Seed;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use std::fmt;

/// The domain-separation prefix of a salt's hash input.
pub const SALT_DOMAIN: &str = "hermes/dreams/salt/v1";
/// The first field of a commitment's text.
pub const COMMITMENT_VERSION: &str = "hermes-dreams-guess-v1";

/// 16 bytes that make a sealed guess unguessable from its commitment.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Salt(pub [u8; 16]);

/// SHA-256 of a sealed guess's text (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Commitment(pub [u8; 32]);

impl Salt {
    /// The salt of `seat`'s guess in `round` of the game with `seed`.
    pub fn derive(seed: &Seed, round: u32, seat: Seat) -> Salt {
        let seat = u32::try_from(seat).unwrap_or(u32::MAX);
        let digest = Sha256::new()
            .chain_update(SALT_DOMAIN.as_bytes())
            .chain_update(seed.0)
            .chain_update(round.to_le_bytes())
            .chain_update(seat.to_le_bytes())
            .finalize();
        let mut salt = [0u8; 16];
        for (out, byte) in salt.iter_mut().zip(digest.iter()) {
            *out = *byte;
        }
        Salt(salt)
    }

    pub fn to_hex(&self) -> String {
        self.to_string()
    }
}

impl Commitment {
    /// The commitment to `guess` (`None`: no guess) of `seat` in `round`, with `salt`.
    pub fn compute(round: u32, seat: Seat, guess: Option<Guess>, salt: &Salt) -> Commitment {
        let mut hasher = Sha256::new();
        let mut writer = HashWriter(&mut hasher);
        // Writing into a hasher cannot fail: `HashWriter::write_str` always succeeds.
        let _ = fmt::Write::write_fmt(
            &mut writer,
            format_args!(
                "{COMMITMENT_VERSION}:{round}:{seat}:{}:{salt}",
                SealedText(guess)
            ),
        );
        let mut out = [0u8; 32];
        for (o, b) in out.iter_mut().zip(hasher.finalize().iter()) {
            *o = *b;
        }
        Commitment(out)
    }

    pub fn to_hex(&self) -> String {
        self.to_string()
    }

    /// Does this commitment seal `guess` of `seat` in `round` with `salt`?
    pub fn verifies(&self, round: u32, seat: Seat, guess: Option<Guess>, salt: &Salt) -> bool {
        Commitment::compute(round, seat, guess, salt) == *self
    }
}

/// Feeds formatted text straight into a hasher, without building a `String`.
struct HashWriter<'a>(&'a mut Sha256);

impl fmt::Write for HashWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.update(s.as_bytes());
        Ok(())
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn write_hex(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    let mut buf = [0u8; 64];
    let mut n = 0;
    for (pair, byte) in buf.chunks_exact_mut(2).zip(bytes) {
        if let [hi, lo] = pair {
            *hi = HEX.get(usize::from(byte >> 4)).copied().unwrap_or(b'0');
            *lo = HEX.get(usize::from(byte & 15)).copied().unwrap_or(b'0');
            n += 2;
        }
    }
    f.write_str(std::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default())
}

fn read_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, byte) in out.iter_mut().enumerate() {
        let pair = text.get(2 * i..2 * i + 2)?;
        if pair.bytes().any(|b| b.is_ascii_uppercase()) {
            return None;
        }
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(out)
}

impl fmt::Display for Salt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, &self.0)
    }
}

impl fmt::Debug for Salt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Salt({self})")
    }
}

impl fmt::Display for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, &self.0)
    }
}

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({self})")
    }
}

impl std::str::FromStr for Salt {
    type Err = String;
    fn from_str(s: &str) -> Result<Salt, String> {
        read_hex(s)
            .map(Salt)
            .ok_or_else(|| "a salt is 32 lowercase hexadecimal digits".to_string())
    }
}

impl std::str::FromStr for Commitment {
    type Err = String;
    fn from_str(s: &str) -> Result<Commitment, String> {
        read_hex(s)
            .map(Commitment)
            .ok_or_else(|| "a commitment is 64 lowercase hexadecimal digits".to_string())
    }
}

impl Serialize for Salt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Salt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Salt, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Commitment {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Commitment {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Commitment, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_upper_case_and_wrong_lengths() {
        let salt = Salt([0xab; 16]);
        assert_eq!(salt.to_hex(), "ab".repeat(16));
        assert_eq!(salt.to_hex().parse::<Salt>(), Ok(salt));
        assert!("AB".repeat(16).parse::<Salt>().is_err());
        assert!("ab".repeat(15).parse::<Salt>().is_err());
        let c = Commitment([7; 32]);
        assert_eq!(serde_json::to_value(c).unwrap(), "07".repeat(32));
        assert_eq!(
            serde_json::from_value::<Commitment>(serde_json::json!("07".repeat(32))).unwrap(),
            c
        );
    }

    #[test]
    fn the_commitment_is_the_hash_of_the_documented_text() {
        let salt = Salt([1; 16]);
        let text = format!(
            "hermes-dreams-guess-v1:3:2:guess image 4:{}",
            "01".repeat(16)
        );
        let expected: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        assert_eq!(
            Commitment::compute(3, 2, Some(Guess::Image(4)), &salt),
            Commitment(expected)
        );
        assert!(Commitment(expected).verifies(3, 2, Some(Guess::Image(4)), &salt));
        assert!(!Commitment(expected).verifies(3, 2, Some(Guess::Image(3)), &salt));
        assert!(!Commitment(expected).verifies(3, 2, None, &salt));
    }
}
