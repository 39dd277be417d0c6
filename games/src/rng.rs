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
//! `docs/replay.md` restates this so that anyone can recompute a game in any language.

use serde::{Deserialize, Serialize};
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

/// xoshiro256** with a serializable state, so a game in progress carries its generator.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    s: [u64; 4],
}

impl fmt::Debug for Rng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The state predicts every future draw: never print it in logs.
        f.write_str("Rng(..)")
    }
}

impl Rng {
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
        Rng { s }
    }

    pub fn next_u64(&mut self) -> u64 {
        let [s0, s1, s2, s3] = &mut self.s;
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
        let mut r = Rng { s: [1, 2, 3, 4] };
        let got: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(got, vec![11520, 0, 1509978240, 1215971899390074240]);
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
