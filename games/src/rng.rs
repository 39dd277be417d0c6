//! The one random number generator of the rules crates.
//!
//! Owns: turning a game's 32-byte [`Seed`] into a reproducible stream of numbers.
//! Must not: read the clock, the OS or any global state.
//!
//! The algorithm is fixed forever, because stored games are replayed from their seed:
//! **xoshiro256\*\*** (Blackman and Vigna, 2018), its 256-bit state taken from the seed as
//! four little-endian `u64` words (an all-zero seed, the one forbidden state, is replaced
//! by the SplitMix64 expansion of 0). Bounded integers use rejection sampling on the
//! top bits (no modulo bias); shuffles are Fisher–Yates from the last index down.
//! `docs/players/replay.md` restates this so that anyone can recompute a game in any language.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// A game's seed: 32 bytes, written as 64 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// A seed made from a small number: handy for tests and examples, never for real games.
    pub fn from_u64(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        let mut sm = SplitMix64(n);
        for chunk in bytes.chunks_exact_mut(8) {
            chunk.copy_from_slice(&sm.next().to_le_bytes());
        }
        Seed(bytes)
    }

    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({})", self.to_hex())
    }
}

/// Why a text is not a seed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a seed is 64 hexadecimal digits")]
pub struct SeedError;

impl FromStr for Seed {
    type Err = SeedError;
    fn from_str(s: &str) -> Result<Seed, SeedError> {
        let s = s.trim();
        if s.len() != 64 || !s.is_ascii() {
            return Err(SeedError);
        }
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            let pair = s.get(2 * i..2 * i + 2).ok_or(SeedError)?;
            *b = u8::from_str_radix(pair, 16).map_err(|_| SeedError)?;
        }
        Ok(Seed(bytes))
    }
}

impl Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seed, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

fn xoshiro_next(s: &mut [u64; 4]) -> u64 {
    let [s0, s1, s2, s3] = s;
    let result = s1.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
    let t = *s1 << 17;
    *s2 ^= *s0;
    *s3 ^= *s1;
    *s1 ^= *s2;
    *s0 ^= *s3;
    *s2 ^= t;
    *s3 = s3.rotate_left(45);
    result
}

/// How a game's seed is made and which generator draws from it. The number is stored with
/// the game and published (`seed_scheme`), so anyone knows how to recompute it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeedScheme {
    /// 1: the server's seed alone, with xoshiro256\*\* (games created before issue 15).
    ServerOnly,
    /// 2: [`derive_game_seed`] of the server's seed and every player's seed in seat order,
    /// with ChaCha20.
    PlayersV2,
}

impl SeedScheme {
    /// The scheme of new games.
    pub const CURRENT: SeedScheme = SeedScheme::PlayersV2;

    pub fn number(self) -> i64 {
        match self {
            SeedScheme::ServerOnly => 1,
            SeedScheme::PlayersV2 => 2,
        }
    }

    pub fn from_number(n: i64) -> Option<SeedScheme> {
        match n {
            1 => Some(SeedScheme::ServerOnly),
            2 => Some(SeedScheme::PlayersV2),
            _ => None,
        }
    }

    pub fn generator(self) -> Generator {
        match self {
            SeedScheme::ServerOnly => Generator::Xoshiro256StarStar,
            SeedScheme::PlayersV2 => Generator::ChaCha20,
        }
    }

    /// The seed the game is set up from: the server's seed itself (scheme 1, which ignores
    /// players' seeds) or the derivation of scheme 2.
    pub fn game_seed<S: AsRef<[u8]>>(self, server: &Seed, player_seeds: &[S]) -> Seed {
        match self {
            SeedScheme::ServerOnly => *server,
            SeedScheme::PlayersV2 => derive_game_seed(server, player_seeds),
        }
    }
}

/// The domain separation string of seed scheme 2.
pub const GAME_SEED_DOMAIN_V2: &[u8] = b"hermes/game-seed/v2";

/// Seed scheme 2: `HMAC-SHA256(key = server seed (32 bytes), message)` where `message` is
/// `"hermes/game-seed/v2"` (19 ASCII bytes) ‖ the number of players (u32, little-endian) ‖
/// for each player in seat order: the length of its seed in bytes (u32, little-endian) ‖
/// the seed's bytes (the UTF-8 of the text the player gave). Nobody can choose the result
/// alone: the server committed to its seed before any player chose theirs, and the last
/// player to choose does not know the server's seed.
pub fn derive_game_seed<S: AsRef<[u8]>>(server: &Seed, player_seeds: &[S]) -> Seed {
    let mut message = GAME_SEED_DOMAIN_V2.to_vec();
    message.extend_from_slice(&len_u32(player_seeds.len()).to_le_bytes());
    for seed in player_seeds {
        let bytes = seed.as_ref();
        message.extend_from_slice(&len_u32(bytes.len()).to_le_bytes());
        message.extend_from_slice(bytes);
    }
    Seed(hmac_sha256(&server.0, &message))
}

fn len_u32(n: usize) -> u32 {
    // Lengths are checked far below this by the service; saturate rather than wrap.
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// HMAC-SHA256 (RFC 2104) for a key of at most 64 bytes.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    if key.len() > 64 {
        let digest = Sha256::digest(key);
        for (b, k) in block.iter_mut().zip(digest.iter()) {
            *b = *k;
        }
    } else {
        for (b, k) in block.iter_mut().zip(key.iter()) {
            *b = *k;
        }
    }
    let mut inner = Sha256::new();
    inner.update(block.map(|b| b ^ 0x36));
    inner.update(message);
    let inner = inner.finalize();
    let mut outer = Sha256::new();
    outer.update(block.map(|b| b ^ 0x5c));
    outer.update(inner);
    outer.finalize().into()
}

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The generator behind a game's draws. Which one a game uses is fixed when it is set up
/// and stored with its state, so a stored game always replays with the generator it was
/// played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Generator {
    /// xoshiro256\*\* seeded with the seed's bytes: every game created before seed
    /// scheme 2, and `Game::new`.
    Xoshiro256StarStar,
    /// ChaCha20 (the djb variant of `rand_chacha`: 64-bit block counter from 0, stream 0)
    /// keyed with the seed; `next_u64` is two consecutive 32-bit output words, the first
    /// the low half. Games created with seed scheme 2.
    ChaCha20,
}

/// A serializable generator, so a game in progress carries its generator.
///
/// Stored as `{"s": [4 words]}` for xoshiro256\*\* (the format of every game stored before
/// ChaCha20 existed, unchanged) or `{"generator": "chacha20", "key": hex, "word_pos": n}`
/// for ChaCha20, `word_pos` being the number of 32-bit output words used so far.
#[derive(Clone)]
pub struct Rng(Inner);

#[derive(Clone)]
enum Inner {
    Xoshiro {
        s: [u64; 4],
    },
    /// Only the key and the position are kept (a value cheap to copy with every state);
    /// a draw rebuilds the block it reads.
    ChaCha20 {
        key: Seed,
        word_pos: u64,
    },
}

impl PartialEq for Rng {
    fn eq(&self, other: &Rng) -> bool {
        match (&self.0, &other.0) {
            (Inner::Xoshiro { s: a }, Inner::Xoshiro { s: b }) => a == b,
            (
                Inner::ChaCha20 {
                    key: a,
                    word_pos: x,
                },
                Inner::ChaCha20 {
                    key: b,
                    word_pos: y,
                },
            ) => a == b && x == y,
            _ => false,
        }
    }
}

impl Eq for Rng {}

/// The stored shape of an [`Rng`]; which fields are present says which generator it is.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    s: Option<[u64; 4]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    generator: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    key: Option<Seed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    word_pos: Option<u64>,
}

const CHACHA20_NAME: &str = "chacha20";

impl Serialize for Rng {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let stored = match &self.0 {
            Inner::Xoshiro { s } => Stored {
                s: Some(*s),
                generator: None,
                key: None,
                word_pos: None,
            },
            Inner::ChaCha20 { key, word_pos } => Stored {
                s: None,
                generator: Some(CHACHA20_NAME.to_string()),
                key: Some(*key),
                word_pos: Some(*word_pos),
            },
        };
        stored.serialize(ser)
    }
}

impl<'de> Deserialize<'de> for Rng {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rng, D::Error> {
        use serde::de::Error;
        let stored = Stored::deserialize(d)?;
        match stored {
            Stored {
                s: Some(s),
                generator: None,
                key: None,
                word_pos: None,
            } => Ok(Rng(Inner::Xoshiro { s })),
            Stored {
                s: None,
                generator: Some(g),
                key: Some(key),
                word_pos: Some(pos),
            } if g == CHACHA20_NAME => {
                Ok(Rng(Inner::ChaCha20 { key, word_pos: pos }))
            }
            Stored {
                generator: Some(g), ..
            } if g != CHACHA20_NAME => Err(D::Error::custom(format!("unknown generator {g:?}"))),
            _ => Err(D::Error::custom(
                "a generator is {\"s\": [4 words]} or {\"generator\": \"chacha20\", \"key\", \"word_pos\"}",
            )),
        }
    }
}

impl fmt::Debug for Rng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The state predicts every future draw: never print it in logs.
        f.write_str("Rng(..)")
    }
}

impl Rng {
    /// The xoshiro256\*\* generator of `seed` (every game stored before seed scheme 2).
    pub fn from_seed(seed: &Seed) -> Rng {
        let mut s = [0u64; 4];
        for (word, chunk) in s.iter_mut().zip(seed.0.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            *word = u64::from_le_bytes(b);
        }
        if s == [0; 4] {
            let mut sm = SplitMix64(0);
            for w in s.iter_mut() {
                *w = sm.next();
            }
        }
        Rng(Inner::Xoshiro { s })
    }

    /// The ChaCha20 generator keyed with `seed`, at its first output word.
    pub fn chacha20(seed: &Seed) -> Rng {
        Rng(Inner::ChaCha20 {
            key: *seed,
            word_pos: 0,
        })
    }

    /// The generator `generator` of `seed`.
    pub fn new(generator: Generator, seed: &Seed) -> Rng {
        match generator {
            Generator::Xoshiro256StarStar => Rng::from_seed(seed),
            Generator::ChaCha20 => Rng::chacha20(seed),
        }
    }

    pub fn generator(&self) -> Generator {
        match self.0 {
            Inner::Xoshiro { .. } => Generator::Xoshiro256StarStar,
            Inner::ChaCha20 { .. } => Generator::ChaCha20,
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        match &mut self.0 {
            Inner::Xoshiro { s } => xoshiro_next(s),
            Inner::ChaCha20 { key, word_pos } => {
                let mut rng = ChaCha20Rng::from_seed(key.0);
                rng.set_word_pos(u128::from(*word_pos));
                let x = rng.next_u64();
                *word_pos = word_pos.wrapping_add(2);
                x
            }
        }
    }

    /// A uniform integer in `0..n`; `n` must be at least 1 (0 yields 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = n as u64;
        // Reject the top sliver that would bias the modulo.
        let zone = u64::MAX - (u64::MAX % n) - 1;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher–Yates, from the last index down to 1.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_vector() {
        // Reference: Vigna's splitmix64.c with seed 0.
        let mut sm = SplitMix64(0);
        assert_eq!(sm.next(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(sm.next(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn xoshiro_stream_is_frozen() {
        // If this fails, every stored game would replay differently: do not "fix" the
        // expected values, fix the generator.
        let mut r = Rng(Inner::Xoshiro { s: [1, 2, 3, 4] });
        let got: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(got, vec![11520, 0, 1509978240, 1215971899390074240]);
    }

    #[test]
    fn hmac_sha256_matches_rfc_4231_test_case_2() {
        let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(
            Seed(mac).to_hex(),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn chacha20_matches_the_rfc_7539_zero_key_block() {
        // RFC 7539 appendix A.1, test vector 1: key 0, nonce 0, block counter 0.
        let mut r = Rng::chacha20(&Seed([0; 32]));
        let first = r.next_u64();
        assert_eq!(
            first.to_le_bytes(),
            [0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90]
        );
    }

    #[test]
    fn a_generator_survives_a_round_trip_through_json_mid_stream() {
        for generator in [Generator::Xoshiro256StarStar, Generator::ChaCha20] {
            let mut a = Rng::new(generator, &Seed::from_u64(3));
            for _ in 0..37 {
                a.next_u64();
            }
            let json = serde_json::to_value(&a).unwrap();
            let mut b: Rng = serde_json::from_value(json).unwrap();
            assert_eq!(a, b);
            assert_eq!(b.generator(), generator);
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let old: Rng = serde_json::from_str(r#"{"s":[1,2,3,4]}"#).unwrap();
        assert_eq!(old.generator(), Generator::Xoshiro256StarStar);
        assert!(
            serde_json::from_str::<Rng>(r#"{"generator":"mt19937","key":"00","word_pos":0}"#)
                .is_err()
        );
    }

    #[test]
    fn seeds_round_trip_through_hex() {
        let s = Seed::from_u64(42);
        let back: Seed = s.to_hex().parse().unwrap();
        assert_eq!(s, back);
        assert!("xyz".parse::<Seed>().is_err());
        assert!("0".repeat(63).parse::<Seed>().is_err());
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut r = Rng::from_seed(&Seed::from_u64(7));
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            let x = r.below(5);
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }
}
