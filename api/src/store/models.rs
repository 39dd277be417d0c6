//! Rows as stored. JSON columns are text here and parsed at the edge of the store.

use super::schema::{
    api_tokens, games, idempotency, invites, messages, outbox, seats, turns, users,
};
use chrono::NaiveDateTime;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: String,
    /// Lower-cased: one account per address, whatever its spelling.
    pub email: String,
    pub display_name: String,
    /// An argon2id PHC string; never leaves the server.
    pub password_hash: String,
    pub created_at: NaiveDateTime,
    /// Grows by one at each password reset; an access token is good only in the epoch it
    /// was issued in (`crate::auth::epochs`).
    pub credentials_epoch: i64,
    /// When the account became a bot (`crate::play::accounts::become_bot`); `None` for a
    /// person. Never cleared.
    pub bot_at: Option<NaiveDateTime>,
}

impl User {
    /// A bot account: it plays through the API with a `bot:play` token only.
    pub fn is_bot(&self) -> bool {
        self.bot_at.is_some()
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = api_tokens)]
pub struct ApiToken {
    pub id: String,
    pub user_id: String,
    pub name: String,
    /// SHA-256 of the token, hex: the token itself is shown once and never stored.
    pub token_hash: String,
    pub created_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
    /// What the token may do, space-separated (`crate::auth::Scope`).
    pub scopes: String,
    /// After this the token is refused (`None`: never).
    pub expires_at: Option<NaiveDateTime>,
}

/// The current time as stored: UTC, whole microseconds (what Postgres keeps), so a value
/// read back equals the value written on both backends.
pub fn now() -> NaiveDateTime {
    let t = chrono::Utc::now().naive_utc();
    t - chrono::Duration::nanoseconds(i64::from(t.and_utc().timestamp_subsec_nanos() % 1000))
}

/// A new random id: 16 random bytes as 32 hex digits (text ids work on every backend).
pub fn new_id() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = games)]
pub struct Game {
    pub id: String,
    pub kind: String,
    /// JSON, in full (defaults filled in by the game kind).
    pub options: String,
    pub seat_count: i64,
    pub random_seats: bool,
    /// `open` (seats filling), `running`, `over`.
    pub status: String,
    pub created_by: String,
    pub join_code: String,
    /// 64 hex digits; secret until the game is over.
    pub seed: String,
    /// SHA-256 of the seed's 32 bytes, hex: published from the start.
    pub seed_commitment: String,
    /// Seats taken so far.
    pub players: i64,
    /// Turns applied; the game's version.
    pub seq: i64,
    /// The engine's full state as JSON (secrets included): never sent as it is.
    pub state: Option<String>,
    /// The sequence `state` was taken at: a snapshot, rewritten every `snapshot_every`
    /// turns and when the game ends; the game at `seq` is it with the log's turns after
    /// it applied (`crate::play::table`).
    pub state_seq: i64,
    /// JSON array of the seats that must act now.
    pub to_act: String,
    /// JSON of the engine's outcome once over.
    pub outcome: Option<String>,
    pub created_at: NaiveDateTime,
    pub started_at: Option<NaiveDateTime>,
    pub ended_at: Option<NaiveDateTime>,
    pub updated_at: NaiveDateTime,
    /// Time per turn, in seconds (see `docs/players/deadlines.md`).
    pub turn_seconds: i64,
    /// `auto_pass`, `forfeit` or `wait`: what happens when a seat's time runs out.
    pub timeout_policy: String,
    /// How the engine's seed is made from `seed` and the players' seeds (`docs/players/replay.md`):
    /// 1 the server's seed alone (xoshiro256**), 2 derived with every player's seed
    /// (ChaCha20); see [`::games::SeedScheme`].
    pub seed_scheme: i64,
    /// Who may watch: [`WATCH_SIGNED_IN`], [`WATCH_PLAYERS`] or [`WATCH_INVITED`].
    pub watchers: String,
    /// The version of its kind's rules engine the game was created with
    /// ([`::games::registry::GameKind::engine_version`]); `None` for a game created before
    /// versions were recorded (migration `2025-01-08-000137_engine_version`).
    pub engine_version: Option<i64>,
    /// The level a stand-in plays at for a seat whose time ran out under timeout policy
    /// `stand_in` (`crate::play::bots`).
    pub stand_in_level: String,
}

/// Anyone signed in may watch the game (the default).
pub const WATCH_SIGNED_IN: &str = "signed_in";
/// Only its players (and the addresses invited to play) may.
pub const WATCH_PLAYERS: &str = "players";
/// Its players and the spectators they invite by address.
pub const WATCH_INVITED: &str = "invited";
/// Every choice, the default first.
pub const WATCHERS: [&str; 3] = [WATCH_SIGNED_IN, WATCH_PLAYERS, WATCH_INVITED];

impl Game {
    /// The seed and generator the engine is set up with: in scheme 1 the server's seed
    /// alone, in scheme 2 derived from it and `player_seeds`, the players' seeds in seat
    /// order. Secret until the game is over, like the server's seed.
    pub fn engine_seed(
        &self,
        player_seeds: &[String],
    ) -> Result<(::games::Seed, ::games::Generator), String> {
        let scheme = ::games::SeedScheme::from_number(self.seed_scheme)
            .ok_or_else(|| format!("unknown seed scheme {}", self.seed_scheme))?;
        let server: ::games::Seed = self.seed.parse().map_err(|e| format!("{e}"))?;
        Ok((scheme.game_seed(&server, player_seeds), scheme.generator()))
    }
}

pub const OPEN: &str = "open";
pub const RUNNING: &str = "running";
pub const OVER: &str = "over";

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = seats)]
pub struct Seat {
    pub game_id: String,
    pub user_id: String,
    pub seat: Option<i64>,
    pub joined_at: NaiveDateTime,
    /// Set when the seat dropped out (timeout policy `forfeit`).
    pub forfeited_at: Option<NaiveDateTime>,
    /// The player's own seed (`docs/players/replay.md`), public; `None` in games of seed scheme 1.
    pub player_seed: Option<String>,
    /// `player` (sent by the player) or `server` (the player sent none, the server drew it).
    pub player_seed_by: Option<String>,
    /// Set when the player resigned (`crate::play::leave`); `forfeited_at` is set too.
    pub resigned_at: Option<NaiveDateTime>,
    /// The level of the engine bot that plays the seat (`random`, `greedy`, `strong`);
    /// `None` for a person (`crate::play::bots`).
    pub bot: Option<String>,
    /// When a stand-in bot took the seat because its player's time ran out (timeout policy
    /// `stand_in`); `None` while the player plays it.
    pub stand_in_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = invites)]
pub struct Invite {
    pub game_id: String,
    pub email: String,
    pub invited_by: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = turns)]
// `None` is written as NULL (no column has another default): one SQL text for every
// row, so the statement is prepared once and cached, not again for each insert.
#[diesel(treat_none_as_default_value = false)]
pub struct Turn {
    pub game_id: String,
    pub seq: i64,
    pub seat: i64,
    pub user_id: String,
    /// The turn as JSON, in the game's canonical form.
    pub turn: String,
    pub notation: String,
    /// JSON array of the events with their visibility (`Logged<Value>`).
    pub events: String,
    pub created_at: NaiveDateTime,
    /// Who made it: [`SOURCE_PLAYER`] (or `email`), [`SOURCE_BOT`], [`SOURCE_STAND_IN`],
    /// [`SOURCE_TIMEOUT`], [`SOURCE_FORFEIT`] or [`SOURCE_RESIGN`].
    pub source: String,
    /// A sealed turn (a Dreams guess): only this seat reads its JSON and notation until the
    /// game is over ([`Turn::readable_by`]); `-1` nobody. `None`: public.
    pub sealed_for: Option<i64>,
}

impl Turn {
    /// May `viewer` read this turn's JSON and notation? Everyone may once the game is
    /// over; before, a sealed turn only its own seat. (Its public events are another
    /// matter: each carries its own visibility.)
    pub fn readable_by(&self, viewer: ::games::Viewer, game_over: bool) -> bool {
        match (self.sealed_for, viewer) {
            (None, _) => true,
            _ if game_over => true,
            (Some(s), ::games::Viewer::Seat(v)) => i64::try_from(v).is_ok_and(|v| v == s),
            (Some(_), ::games::Viewer::Spectator) => false,
        }
    }
}

/// A turn sent by the seat's player.
pub const SOURCE_PLAYER: &str = "player";
/// A pass turn the service played when the seat's time ran out (policy `auto_pass`).
pub const SOURCE_TIMEOUT: &str = "timeout";
/// A pass turn the service played for a seat that dropped out (policy `forfeit`).
pub const SOURCE_FORFEIT: &str = "forfeit";
/// A pass turn the service played for a seat whose player resigned.
pub const SOURCE_RESIGN: &str = "resign";

/// A turn its seat queued before its turn, played by the service when the turn came, in
/// the transaction of the act that made it the seat's turn (`crate::play::queue`): the
/// player's own turn.
pub const SOURCE_QUEUED: &str = "queued";
/// A turn an engine bot played for its own seat (a seat created as a bot's).
pub const SOURCE_BOT: &str = "bot";
/// A turn a stand-in bot played for a seat whose player's time ran out (policy `stand_in`).
pub const SOURCE_STAND_IN: &str = "stand_in";

/// Was a turn of `source` played by the service for its seat (not by its player, through
/// the API, a page or a reply by mail, nor by the engine bot that is the seat's player)?
pub fn by_the_service(source: &str) -> bool {
    [
        SOURCE_TIMEOUT,
        SOURCE_FORFEIT,
        SOURCE_RESIGN,
        SOURCE_STAND_IN,
    ]
    .contains(&source)
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = messages)]
pub struct Message {
    pub id: String,
    pub game_id: String,
    pub user_id: String,
    pub seat: Option<i64>,
    pub at_seq: i64,
    pub body: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = idempotency)]
pub struct Idempotent {
    pub user_id: String,
    pub idem_key: String,
    pub request_hash: String,
    pub status: i64,
    pub response: String,
    pub created_at: NaiveDateTime,
}

/// A mail in the outbox (see `migrations/*/2025-01-03-000001_mail_and_time`).
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = outbox)]
// `None` is written as NULL (no column has another default): one SQL text for every
// row, so the statement is prepared once and cached, not again for each insert.
#[diesel(treat_none_as_default_value = false)]
pub struct OutboxRow {
    pub id: String,
    pub dedupe_key: Option<String>,
    pub template: String,
    pub user_id: Option<String>,
    pub to_addr: String,
    pub to_name: Option<String>,
    pub game_id: Option<String>,
    pub seq: Option<i64>,
    /// JSON: the template's data.
    pub data: String,
    pub created_at: NaiveDateTime,
    pub attempts: i64,
    pub next_attempt_at: NaiveDateTime,
    pub lease_owner: Option<String>,
    pub lease_until: Option<NaiveDateTime>,
    pub sent_at: Option<NaiveDateTime>,
    pub failed_at: Option<NaiveDateTime>,
    pub last_error: Option<String>,
    /// A your-turn mail not sent because its reader had already acted (`docs/operators/mail.md`).
    pub superseded_at: Option<NaiveDateTime>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_services_passes_are_by_the_service() {
        for source in [
            SOURCE_TIMEOUT,
            SOURCE_FORFEIT,
            SOURCE_RESIGN,
            SOURCE_STAND_IN,
        ] {
            assert!(by_the_service(source), "{source}");
        }
        // A player's own turns: the API and the pages, a reply by mail, an engine bot's
        // for its own seat.
        for source in [SOURCE_PLAYER, "email", SOURCE_BOT] {
            assert!(!by_the_service(source), "{source}");
        }
    }
}
