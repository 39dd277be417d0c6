//! What every handler shares: the pool, the keys, the limits, the settings they need.

pub mod settings;

use crate::auth::hashing::Hashers;
use crate::auth::jwt::Keys;
use crate::auth::ratelimit::{LoginLimits, RegisterLimits, TalkLimits};
use crate::clock::SharedClock;
use crate::game::hot::HotGames;
use crate::store::Db;
use std::sync::Arc;

pub struct AppState {
    /// The database and how it is reached (`crate::store::runner`).
    pub db: Db,
    /// Engines of recently played games (see [`HotGames`]).
    pub hot: HotGames,
    /// Turns between two snapshots of a game's state (`snapshot_every`).
    pub snapshot_every: i64,
    pub keys: Keys,
    /// Each account's credentials epoch as this server last read it: what ends access
    /// tokens issued before a password reset (`crate::auth::epochs`).
    pub epochs: crate::auth::epochs::Epochs,
    /// Bounds the database lookups of the bearer extractor at once (a personal token, an
    /// account's epoch): requests beyond wait as tasks, not as blocking threads.
    pub credential_lookups: tokio::sync::Semaphore,
    pub login_limits: LoginLimits,
    pub register_limits: RegisterLimits,
    /// Table talk per seat per minute (`crate::play::talk`).
    pub talk_limits: TalkLimits,
    /// At most one talk mail a game per this many minutes, to a player who asked for talk
    /// by mail as it is posted (`crate::play::talk`).
    pub talk_mail_minutes: u32,
    /// The bound on password hashes at once (registrations and logins).
    pub hashers: Hashers,
    /// Invitations mailed per day to an address no confirmed account has.
    pub mail_unconfirmed_per_day: u32,
    /// Addresses no confirmed account has that one user may invite per day
    /// (`crate::store::invitations`).
    pub invite_unconfirmed_per_user_per_day: u32,
    pub access_token_minutes: u32,
    pub public_url: String,
    /// The one source of "now" (a [`crate::clock::ManualClock`] in tests).
    pub clock: SharedClock,
    /// The scheduler's and the game clocks' settings (`crate::scheduler`).
    pub time: settings::TimeSettings,
    /// Wakes the outbox worker (`crate::outbox`) after a transaction that enqueued mail,
    /// so it need not wait for its next poll.
    pub mail_wake: Arc<tokio::sync::Notify>,
    /// Wakes the bot worker (`crate::scheduler::bots`) after a transaction that made a
    /// bot's seat wait, so it plays within moments, not at its next poll.
    pub bot_wake: Arc<tokio::sync::Notify>,
    /// The bot worker's settings.
    pub bots: settings::BotSettings,
    /// What `GET /metrics` reports (`crate::metrics`).
    pub metrics: crate::metrics::Metrics,
    /// Peers whose `X-Forwarded-For` is believed (`crate::http::client`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The path of `public_url` (`/hermes`, or `""`): every link and form the pages make
    /// starts with it (`crate::http::edge` takes it off incoming requests).
    pub base_path: String,
    /// How replies by mail are read (`crate::inbound`); `reply_domain` is `None` while
    /// they are not.
    pub inbound: settings::InboundSettings,
    /// Where this server's event streams wait for news (`crate::stream`).
    pub streams: std::sync::Arc<crate::stream::Hub>,
    /// Webhooks' settings (`crate::webhooks`): the handlers check URLs by them.
    pub webhooks: crate::hooks::WebhookSettings,
    /// Deck uploads drawing now, per server and per user, and the bounds on a card.
    pub decks: crate::board::uploads::DeckUploads,
}

impl AppState {
    /// The clock settings of a transaction that makes seats wait, at the clock's now.
    pub fn timing(&self) -> crate::store::deadlines::Timing {
        crate::store::deadlines::Timing {
            now: self.clock.now_naive(),
            remind_before: self.time.remind_before,
        }
    }
}
