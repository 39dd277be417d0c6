//! The links the service puts in mail, each with a purpose-scoped token where it acts for
//! someone. Minted here, checked by the handlers that serve them (`crate::http`), so the
//! two agree on one shape.
//!
//! | link | handler | token |
//! |---|---|---|
//! | `{public}/games/{id}/play?token=T` | the turn page | `turn_link`, sub = user, obj = game |
//! | `{public}/unsubscribe?token=T` | GET confirm page, POST one-click | `unsubscribe`, sub = user, or the address for mail to someone without an account (an invitation) |
//! | `{public}/verify?token=T` | marks the address verified | `verify`, sub = user, obj = address |
//! | `{public}/password/reset?token=T` | sets a new password | `password_reset`, sub = user, obj = fingerprint of the password it replaces |
//! | `{public}/join/{code}` | the game, and a seat in it for the signed-in (or signing-up) reader | none: the code is the invitation |
//! | `{public}/games/{id}/replay?token=T` | the replay page ("The whole game", "Replay") | `turn_link`, sub = user, obj = game |
//! | `{public}/games/{id}/replay` | the same page for a signed-in browser (mail data stored before sending) | none |

pub mod reply;

use crate::auth::jwt::{Keys, Purpose};
use crate::error::ApiError;
use chrono::Duration;

/// How long a turn link works: past the longest time per turn (14 days).
pub const TURN_LINK_TTL: Duration = Duration::days(21);
/// An unsubscribe link must keep working long after the mail arrived.
pub const UNSUBSCRIBE_TTL: Duration = Duration::days(365);
/// How long an address verification link works.
pub const VERIFY_TTL: Duration = Duration::days(2);

fn base(public_url: &str) -> &str {
    public_url.trim_end_matches('/')
}

/// Opens `user`'s turn in `game`.
pub fn turn_link(
    keys: &Keys,
    public_url: &str,
    user_id: &str,
    game_id: &str,
) -> Result<String, ApiError> {
    let token = keys.mint(Purpose::TurnLink, user_id, TURN_LINK_TTL, Some(game_id))?;
    Ok(format!(
        "{}/games/{game_id}/play?token={token}",
        base(public_url)
    ))
}

/// Stops game mail to `user` (one click, RFC 8058); `user` may be an address with no
/// account, which is then kept in `mail_suppressions`.
pub fn unsubscribe_link(keys: &Keys, public_url: &str, user_id: &str) -> Result<String, ApiError> {
    let token = keys.mint(Purpose::Unsubscribe, user_id, UNSUBSCRIBE_TTL, None)?;
    Ok(format!("{}/unsubscribe?token={token}", base(public_url)))
}

/// Confirms that `email` reaches `user`.
pub fn verify_link(
    keys: &Keys,
    public_url: &str,
    user_id: &str,
    email: &str,
) -> Result<String, ApiError> {
    let token = keys.mint(Purpose::Verify, user_id, VERIFY_TTL, Some(email))?;
    Ok(format!("{}/verify?token={token}", base(public_url)))
}

/// How long a password reset link works.
pub const PASSWORD_RESET_TTL: Duration = Duration::hours(1);

/// What a reset link names of the password it replaces: the first 16 hex digits of the
/// SHA-256 of the stored hash. Once the password is set anew the link matches nothing.
pub fn password_fingerprint(password_hash: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(password_hash.as_bytes()))[..16].to_string()
}

/// Sets a new password for `user` whose password hash is now `password_hash`.
pub fn password_reset_link(
    keys: &Keys,
    public_url: &str,
    user_id: &str,
    password_hash: &str,
) -> Result<String, ApiError> {
    let fingerprint = password_fingerprint(password_hash);
    let token = keys.mint(
        Purpose::PasswordReset,
        user_id,
        PASSWORD_RESET_TTL,
        Some(&fingerprint),
    )?;
    Ok(format!("{}/password/reset?token={token}", base(public_url)))
}

/// Where an invited player learns how to join with `code`.
pub fn join_link(public_url: &str, join_code: &str) -> String {
    format!("{}/join/{join_code}", base(public_url))
}

/// The replay page of `game`, opened as `user` (a turn link's token: it signs the reader
/// in for that game only). Minted when the mail is sent, never stored.
pub fn replay_link(
    keys: &Keys,
    public_url: &str,
    user_id: &str,
    game_id: &str,
) -> Result<String, ApiError> {
    let token = keys.mint(Purpose::TurnLink, user_id, TURN_LINK_TTL, Some(game_id))?;
    Ok(format!(
        "{}/games/{game_id}/replay?token={token}",
        base(public_url)
    ))
}

/// The replay page of `game` without a token: for a signed-in browser.
pub fn replay_page(public_url: &str, game_id: &str) -> String {
    format!("{}/games/{game_id}/replay", base(public_url))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_carry_tokens_for_their_own_purpose() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef", "http://h.test");
        let link = turn_link(&keys, "http://h.test/", "u1", "g1").unwrap();
        let token = link
            .strip_prefix("http://h.test/games/g1/play?token=")
            .unwrap();
        let claims = keys.verify(Purpose::TurnLink, token).unwrap();
        assert_eq!(
            (claims.sub.as_str(), claims.obj.as_deref()),
            ("u1", Some("g1"))
        );
        assert!(keys.verify(Purpose::Access, token).is_err());

        let link = unsubscribe_link(&keys, "http://h.test", "u1").unwrap();
        let token = link
            .strip_prefix("http://h.test/unsubscribe?token=")
            .unwrap();
        assert!(keys.verify(Purpose::Unsubscribe, token).is_ok());
        assert!(keys.verify(Purpose::TurnLink, token).is_err());

        let link = replay_link(&keys, "http://h.test", "u1", "g1").unwrap();
        let token = link
            .strip_prefix("http://h.test/games/g1/replay?token=")
            .unwrap();
        let claims = keys.verify(Purpose::TurnLink, token).unwrap();
        assert_eq!(claims.obj.as_deref(), Some("g1"));

        let link = verify_link(&keys, "http://h.test", "u1", "a@b.test").unwrap();
        let token = link.strip_prefix("http://h.test/verify?token=").unwrap();
        let claims = keys.verify(Purpose::Verify, token).unwrap();
        assert_eq!(claims.obj.as_deref(), Some("a@b.test"));
    }
}
