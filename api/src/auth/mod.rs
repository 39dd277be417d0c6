//! Who is calling.
//!
//! Owns: password hashing (argon2id) and the bound on how many hashes run at once, purpose-scoped JWTs, personal API tokens, the
//! login rate limits, the credentials epochs that end access tokens, and who a caller is
//! ([`Caller`], [`Credential`]; the HTTP extractor that finds them is
//! `crate::http::caller`). Must not: decide what a user may do in a game (the acts do,
//! from seats), or read a request.

pub mod epochs;
pub mod hashing;
pub mod jwt;
pub mod password;
pub mod personal;
pub mod ratelimit;

use crate::error::ApiError;

/// The authenticated user of a request: from a login (access) JWT or a personal token.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: String,
}

/// The credential a [`Caller`] was recognised by: what must end when it stops working
/// (an event stream, `crate::stream`). The extractor leaves it in the request's
/// extensions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// An access token (JWT): good until `expires` (Unix seconds) while its account is in
    /// credentials `epoch` ([`epochs`]).
    Access { epoch: i64, expires: i64 },
    /// A personal token, by its id: good until revoked or expired.
    Personal { token_id: String },
}

/// Of `held` (a user and the credential they called with), which still work at `now`, as
/// the database has it now: an access token not expired whose account is still in its
/// epoch; a personal token not revoked or expired whose account still exists. The
/// epochs read are remembered in `epochs`, if given (a deleted account's tokens are then
/// refused here at once).
pub fn still_live(
    conn: &mut crate::store::DbConn,
    held: &[(&str, &Credential)],
    now: chrono::NaiveDateTime,
    epochs_seen: Option<&epochs::Epochs>,
) -> Result<Vec<bool>, crate::store::StoreError> {
    // Chunks: SQLite binds at most 32,766 parameters to a statement.
    const CHUNK: usize = 500;
    let mut users = Vec::new();
    let mut tokens = Vec::new();
    for (user, credential) in held {
        match credential {
            Credential::Access { .. } => users.push(user.to_string()),
            Credential::Personal { token_id } => tokens.push(token_id.clone()),
        }
    }
    users.sort();
    users.dedup();
    let mut epochs = std::collections::HashMap::new();
    for chunk in users.chunks(CHUNK) {
        epochs.extend(crate::store::accounts::credentials_epochs(conn, chunk)?);
    }
    if let Some(seen) = epochs_seen {
        for user in &users {
            seen.remember(user, epochs.get(user).copied());
        }
    }
    let mut live_tokens = std::collections::HashSet::new();
    for chunk in tokens.chunks(CHUNK) {
        live_tokens.extend(crate::store::accounts::live_tokens(conn, chunk, now)?);
    }
    let at = now.and_utc().timestamp();
    Ok(held
        .iter()
        .map(|(user, credential)| match credential {
            Credential::Access { epoch, expires } => {
                *expires > at && epochs.get(*user) == Some(epoch)
            }
            Credential::Personal { token_id } => live_tokens.contains(token_id),
        })
        .collect())
}

/// What a personal token may do (`POST /tokens` `scopes`); a login token may do all.
/// `bot:play` is the one scope of a bot account's tokens, and only theirs ([`BOT_PLAY`]).
pub const SCOPES: [&str; 5] = ["read", "play", "talk", "account", BOT_PLAY];

/// The scope of a bot account's tokens: what `read` and `play` allow (follow its stream,
/// read its games, join, play, resign), and nothing else: no table talk, nothing of the
/// account (its tokens, mail, webhooks). A bot that leaks its token leaks its games, not
/// its account (docs/clients/bots.md).
pub const BOT_PLAY: &str = "bot:play";

/// Whether a personal token with `scopes` (space-separated, as stored), of an account
/// that is a bot or not, may make a request that needs `required` ([`SCOPES`] but
/// `bot:play`). A bot account's token works only through `bot:play`, whatever else it
/// lists (a token made before the account became a bot lists other scopes); a person's
/// token never holds `bot:play`.
pub fn token_allows(scopes: &str, bot: bool, required: &str) -> bool {
    let mut held = scopes.split_whitespace();
    if bot {
        held.any(|s| s == BOT_PLAY) && matches!(required, "read" | "play")
    } else {
        held.any(|s| s == required)
    }
}

/// The scope a bot account's personal token would need for a request that needs
/// `required`, for the refusal to name: `bot:play` where it allows the request, else the
/// scope itself (which a bot's token cannot hold).
pub fn scope_to_name(bot: bool, required: &'static str) -> &'static str {
    if bot && matches!(required, "read" | "play") {
        BOT_PLAY
    } else {
        required
    }
}

/// 401 for a well-signed token whose user no longer exists (a handler that writes in the
/// user's name checks, so that the write is not refused by the database as a 500).
pub fn account_gone() -> ApiError {
    ApiError::unauthorized(
        "invalid_token",
        "the account this token was issued for no longer exists",
    )
}

/// The caller's account, or 401 [`account_gone`].
pub fn existing_user(
    conn: &mut crate::store::DbConn,
    user_id: &str,
) -> Result<crate::store::models::User, ApiError> {
    crate::store::accounts::user_by_id(conn, user_id)?.ok_or_else(account_gone)
}
