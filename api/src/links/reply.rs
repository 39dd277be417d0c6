//! The signed reply address of a your-turn mail: `play+<token>@<mail domain>`.
//!
//! The token names the game, the seat and the sequence the mail was about, and carries a
//! truncated HMAC of them under the server's secret ([`Keys::mac`], purpose `reply`), so a
//! reply address cannot be forged, nor changed to name another game, seat or sequence.
//! It is base32 (lower case, no padding: mail systems may change the case of a local
//! part) of 16 bytes of game id, 1 byte of seat, 4 bytes of sequence and 10 bytes of MAC:
//! 50 characters, 55 with `play+`, within the 64 a local part may have.
//! Must not: decide whether the seat may act (the play layer does), or expire: an old
//! sequence is refused by the play layer with "the game has moved on".

use crate::auth::jwt::Keys;
use data_encoding::BASE32_NOPAD;

/// The purpose word of the MAC.
const PURPOSE: &str = "reply";
/// Bytes of MAC kept (80 bits).
const MAC_LEN: usize = 10;
/// Bytes before the MAC: game id (16), seat (1), sequence (4).
const BODY_LEN: usize = 21;
/// The local part before `+`.
pub const PREFIX: &str = "play";

/// What a reply address names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyToken {
    /// The game's id (32 hex digits).
    pub game_id: String,
    pub seat: usize,
    /// The sequence the mail was about.
    pub seq: i64,
}

impl ReplyToken {
    /// The token (the part after `play+`), or `None` when the game id is not one the
    /// service makes or the seat or sequence do not fit.
    pub fn encode(&self, keys: &Keys) -> Option<String> {
        let id = hex::decode(&self.game_id).ok()?;
        if id.len() != 16 {
            return None;
        }
        let mut bytes = Vec::with_capacity(BODY_LEN + MAC_LEN);
        bytes.extend_from_slice(&id);
        bytes.push(u8::try_from(self.seat).ok()?);
        bytes.extend_from_slice(&u32::try_from(self.seq).ok()?.to_be_bytes());
        let mac = keys.mac(PURPOSE, &bytes);
        bytes.extend_from_slice(mac.get(..MAC_LEN)?);
        Some(BASE32_NOPAD.encode(&bytes).to_ascii_lowercase())
    }

    /// Read and check a token: `None` if it is not one, or its MAC does not match.
    pub fn decode(keys: &Keys, token: &str) -> Option<ReplyToken> {
        let bytes = BASE32_NOPAD
            .decode(token.trim().to_ascii_uppercase().as_bytes())
            .ok()?;
        if bytes.len() != BODY_LEN + MAC_LEN {
            return None;
        }
        let (body, mac) = bytes.split_at(BODY_LEN);
        let expected = keys.mac(PURPOSE, body);
        // Compared in constant time.
        let diff = expected
            .iter()
            .zip(mac)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        if diff != 0 {
            return None;
        }
        let seq = u32::from_be_bytes(body.get(17..21)?.try_into().ok()?);
        Some(ReplyToken {
            game_id: hex::encode(body.get(..16)?),
            seat: usize::from(*body.get(16)?),
            seq: i64::from(seq),
        })
    }

    /// The reply address at `domain`.
    pub fn address(&self, keys: &Keys, domain: &str) -> Option<String> {
        Some(format!("{PREFIX}+{}@{domain}", self.encode(keys)?))
    }

    /// The token of an address (`play+TOKEN@anything`, with or without angle brackets and
    /// a display name), checked; `None` for any other address.
    pub fn from_address(keys: &Keys, address: &str) -> Option<ReplyToken> {
        let address = address.trim();
        let address = match (address.rfind('<'), address.rfind('>')) {
            (Some(a), Some(b)) if a < b => address.get(a + 1..b)?,
            _ => address,
        };
        let (local, _domain) = address.rsplit_once('@')?;
        let (prefix, token) = local.split_once('+')?;
        if !prefix.eq_ignore_ascii_case(PREFIX) {
            return None;
        }
        ReplyToken::decode(keys, token)
    }
}

/// The domain of the address in `from` (`Name <user@domain>` or `user@domain`).
pub fn domain_of(from: &str) -> Option<String> {
    let from = from.trim().trim_end_matches('>');
    let domain = from.rsplit_once('@')?.1.trim();
    (!domain.is_empty()).then(|| domain.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Keys {
        Keys::new(b"0123456789abcdef0123456789abcdef", "http://h.test")
    }

    fn token() -> ReplyToken {
        ReplyToken {
            game_id: "3f2a9c0011223344556677889900aabb".into(),
            seat: 2,
            seq: 41,
        }
    }

    #[test]
    fn a_token_names_its_game_seat_and_sequence_and_fits_a_local_part() {
        let k = keys();
        let address = token().address(&k, "hermes.example.org").unwrap();
        let local = address.split('@').next().unwrap();
        assert!(local.len() <= 64, "{local}");
        assert!(local.starts_with("play+"));
        assert_eq!(ReplyToken::from_address(&k, &address), Some(token()));
        // Mail systems may change the case; a display name and brackets are fine.
        let upper = format!("Hermes <{}>", address.to_uppercase());
        assert_eq!(ReplyToken::from_address(&k, &upper), Some(token()));
    }

    #[test]
    fn a_changed_token_or_another_secret_is_refused() {
        let k = keys();
        let t = token().encode(&k).unwrap();
        // Every single-character change (another game, seat or sequence, or MAC) fails.
        for i in 0..t.len() {
            let mut chars: Vec<char> = t.chars().collect();
            chars[i] = if chars[i] == 'a' { 'b' } else { 'a' };
            let changed: String = chars.into_iter().collect();
            assert_eq!(ReplyToken::decode(&k, &changed), None, "{i}");
        }
        let other = Keys::new(b"another secret, also 32 bytes long", "http://h.test");
        assert_eq!(ReplyToken::decode(&other, &t), None);
        // A token for another game re-signed with the right secret is, of course, fine;
        // one spliced from two tokens is not.
        let mut other_game = token();
        other_game.game_id = "ff2a9c0011223344556677889900aabb".into();
        let t2 = other_game.encode(&k).unwrap();
        let spliced = format!("{}{}", &t2[..34], &t[34..]);
        assert_eq!(ReplyToken::decode(&k, &spliced), None);
        assert_eq!(ReplyToken::from_address(&k, "hermes@example.org"), None);
        assert_eq!(ReplyToken::from_address(&k, "other+x@example.org"), None);
    }

    #[test]
    fn the_domain_of_the_sender() {
        assert_eq!(
            domain_of("Hermes <hermes@example.org>").as_deref(),
            Some("example.org")
        );
        assert_eq!(domain_of("h@x.test").as_deref(), Some("x.test"));
        assert_eq!(domain_of("nobody"), None);
    }
}
