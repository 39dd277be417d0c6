//! Sealed guesses (D-R5, D-S1): every accepted guess is published at once as a
//! commitment, and its salt and content at the reveal (D-R6), so that anyone can check
//! afterwards that no guess was changed or made up. `docs/players/replay.md` ("Dreams: checking
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

use super::sha256;
use super::turn::Guess;
use crate::game::Seat;
use crate::rng::Seed;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
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
        let mut input = Text::default();
        input.push(SALT_DOMAIN.as_bytes());
        input.push(&seed.0);
        input.push(&round.to_le_bytes());
        input.push(&seat.to_le_bytes());
        let digest = sha256::digest(input.as_bytes());
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
        // The text is written into a buffer on the stack and hashed in one go: this runs
        // for every guess of every game (the benchmark's hottest path after copying).
        let mut text = Text::default();
        text.push(COMMITMENT_VERSION.as_bytes());
        text.push(b":");
        text.decimal(u64::from(round));
        text.push(b":");
        text.decimal(u64::try_from(seat).unwrap_or(u64::MAX));
        text.push(b":");
        // The canonical notation, as `SealedText` writes it (a test holds them equal).
        match guess {
            Some(Guess::Seat(named)) => {
                text.push(b"guess seat ");
                text.decimal(u64::try_from(named).unwrap_or(u64::MAX));
            }
            Some(Guess::Image(image)) => {
                text.push(b"guess image ");
                text.decimal(u64::from(image));
            }
            None => text.push(b"pass"),
        }
        text.push(b":");
        let mut hex = [0u8; 32];
        hex_into(&salt.0, &mut hex);
        text.push(&hex);
        Commitment(sha256::digest(text.as_bytes()))
    }

    pub fn to_hex(&self) -> String {
        self.to_string()
    }

    /// Does this commitment seal `guess` of `seat` in `round` with `salt`?
    pub fn verifies(&self, round: u32, seat: Seat, guess: Option<Guess>, salt: &Salt) -> bool {
        Commitment::compute(round, seat, guess, salt) == *self
    }
}

/// A commitment's text, built on the stack. The longest possible text (a seat number of
/// 20 digits) is 118 bytes.
struct Text {
    buf: [u8; 160],
    len: usize,
}

impl Default for Text {
    fn default() -> Text {
        Text {
            buf: [0; 160],
            len: 0,
        }
    }
}

impl Text {
    fn push(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        if let Some(dest) = self.buf.get_mut(self.len..end) {
            dest.copy_from_slice(bytes);
            self.len = end;
        }
    }

    fn decimal(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        loop {
            start -= 1;
            if let Some(d) = digits.get_mut(start) {
                // `n % 10` is a digit: the cast cannot truncate.
                *d = b'0' + (n % 10) as u8;
            }
            n /= 10;
            if n == 0 || start == 0 {
                break;
            }
        }
        self.push(digits.get(start..).unwrap_or_default());
    }

    fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Lowercase hex of `bytes` into `out` (twice as long).
fn hex_into(bytes: &[u8], out: &mut [u8]) {
    for (pair, byte) in out.chunks_exact_mut(2).zip(bytes) {
        if let [hi, lo] = pair {
            *hi = HEX.get(usize::from(byte >> 4)).copied().unwrap_or(b'0');
            *lo = HEX.get(usize::from(byte & 15)).copied().unwrap_or(b'0');
        }
    }
}

fn write_hex(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    let mut buf = [0u8; 64];
    let n = (2 * bytes.len()).min(buf.len());
    hex_into(bytes, &mut buf);
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
    use sha2::{Digest, Sha256};

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
    fn the_commitment_text_uses_the_canonical_notation_of_every_guess() {
        use super::super::notation::SealedText;
        let salt = Salt([0x5a; 16]);
        for guess in [
            None,
            Some(Guess::Seat(0)),
            Some(Guess::Seat(5)),
            Some(Guess::Seat(usize::MAX)),
            Some(Guess::Image(1)),
            Some(Guess::Image(255)),
        ] {
            for (round, seat) in [(1, 0), (12, 5), (u32::MAX, usize::MAX)] {
                let text = format!(
                    "hermes-dreams-guess-v1:{round}:{seat}:{}:{salt}",
                    SealedText(guess)
                );
                let expected: [u8; 32] = Sha256::digest(text.as_bytes()).into();
                assert_eq!(
                    Commitment::compute(round, seat, guess, &salt),
                    Commitment(expected),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn the_salt_is_the_head_of_the_documented_hash() {
        let seed = Seed::from_u64(3);
        let mut input = b"hermes/dreams/salt/v1".to_vec();
        input.extend_from_slice(&seed.0);
        input.extend_from_slice(&7u32.to_le_bytes());
        input.extend_from_slice(&2u32.to_le_bytes());
        let digest: [u8; 32] = Sha256::digest(&input).into();
        assert_eq!(Salt::derive(&seed, 7, 2).0[..], digest[..16]);
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
