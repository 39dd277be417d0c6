//! SHA-256 (FIPS 180-4) of a short message, for the salts and commitments of [`super::seal`].
//!
//! Release builds use the `sha2` crate (with the CPU's SHA instructions when it has them).
//! Debug and test builds use the portable implementation below instead: the workspace
//! optimises only this crate in those builds, and `sha2` unoptimised is about 150 times
//! slower (its intrinsics become function calls), which alone would make the property
//! tests' 10,000 games take minutes. The tests hold the two equal on the engine's own
//! messages and on the standard test vectors.

/// SHA-256 of `data`.
pub fn digest(data: &[u8]) -> [u8; 32] {
    #[cfg(not(debug_assertions))]
    {
        use sha2::Digest as _;
        sha2::Sha256::digest(data).into()
    }
    #[cfg(debug_assertions)]
    {
        portable(data)
    }
}

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const H0: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// The portable implementation (debug builds, and the tests that compare it with `sha2`).
pub fn portable(data: &[u8]) -> [u8; 32] {
    let mut state = H0;
    let mut blocks = data.chunks_exact(64);
    for block in &mut blocks {
        compress(&mut state, block);
    }
    // Padding: 0x80, zeros, then the length in bits, big-endian, to a whole block.
    let rest = blocks.remainder();
    let mut tail = [0u8; 128];
    let len = if rest.len() + 9 <= 64 { 64 } else { 128 };
    for (t, b) in tail.iter_mut().zip(rest) {
        *t = *b;
    }
    if let Some(t) = tail.get_mut(rest.len()) {
        *t = 0x80;
    }
    let bits = u64::try_from(data.len())
        .unwrap_or(u64::MAX)
        .wrapping_mul(8);
    if let Some(t) = tail.get_mut(len - 8..len) {
        t.copy_from_slice(&bits.to_be_bytes());
    }
    for block in tail.get(..len).unwrap_or_default().chunks_exact(64) {
        compress(&mut state, block);
    }
    let mut out = [0u8; 32];
    for (o, word) in out.chunks_exact_mut(4).zip(state) {
        o.copy_from_slice(&word.to_be_bytes());
    }
    out
}

fn compress(state: &mut [u32; 8], block: &[u8]) {
    let mut w = [0u32; 64];
    for (word, bytes) in w.iter_mut().zip(block.chunks_exact(4)) {
        let mut b = [0u8; 4];
        b.copy_from_slice(bytes);
        *word = u32::from_be_bytes(b);
    }
    for i in 16..64 {
        let at = |j: usize| w.get(j).copied().unwrap_or_default();
        let (w15, w2) = (at(i - 15), at(i - 2));
        let s0 = w15.rotate_right(7) ^ w15.rotate_right(18) ^ (w15 >> 3);
        let s1 = w2.rotate_right(17) ^ w2.rotate_right(19) ^ (w2 >> 10);
        let next = at(i - 16)
            .wrapping_add(s0)
            .wrapping_add(at(i - 7))
            .wrapping_add(s1);
        if let Some(slot) = w.get_mut(i) {
            *slot = next;
        }
    }
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    for (k, wi) in K.iter().zip(w) {
        let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
        let ch = (e & f) ^ (!e & g);
        let t1 = h
            .wrapping_add(s1)
            .wrapping_add(ch)
            .wrapping_add(*k)
            .wrapping_add(wi);
        let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
        let maj = (a & b) ^ (a & c) ^ (b & c);
        let t2 = s0.wrapping_add(maj);
        h = g;
        g = f;
        f = e;
        e = d.wrapping_add(t1);
        d = c;
        c = b;
        b = a;
        a = t1.wrapping_add(t2);
    }
    for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *s = s.wrapping_add(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::Digest as _;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn the_portable_sha256_gives_the_standard_test_vectors() {
        assert_eq!(
            hex(&portable(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(&portable(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(&portable(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(
            hex(&portable(&[b'a'; 1_000_000])),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
    }

    #[test]
    fn the_portable_sha256_equals_sha2_for_every_length_around_the_block_edges() {
        let data: Vec<u8> = (0..300u32).map(|i| (i * 7 + 3) as u8).collect();
        for len in 0..data.len() {
            let message = &data[..len];
            let expected: [u8; 32] = sha2::Sha256::digest(message).into();
            assert_eq!(portable(message), expected, "length {len}");
            assert_eq!(digest(message), expected, "length {len}");
        }
    }
}
