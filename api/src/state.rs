//! What every handler shares: the pool, the keys, the limits, the settings they need.

use crate::auth::hashing::Hashers;
use crate::auth::jwt::Keys;
use crate::auth::ratelimit::{LoginLimits, RegisterLimits, TalkLimits};
use crate::clock::SharedClock;
use crate::hot::HotGames;
use crate::store::Pool;
use std::sync::{Arc, Mutex};

pub struct AppState {
    pub pool: Pool,
    /// SQLite only: one writer at a time in this process. SQLite admits one writer
    /// anyway; waiting here wakes the next writer as soon as the lock is free, where
    /// SQLite's own busy handler sleeps and retries (up to 100 ms a try), which wrecks
    /// tail latency under load. Other processes on the same file still meet
    /// `busy_timeout`.
    pub sqlite_writer: Option<Arc<Mutex<()>>>,
    /// The writer that commits concurrent turns together (`crate::store::group`), on
    /// both backends; on SQLite it holds `sqlite_writer` for each batch.
    pub group_commit: Option<crate::store::group::GroupCommit>,
    /// PostgreSQL only: the longest the database part of one request may take before it
    /// is answered 503 (`crate::http::with_conn`). SQLite has no network to go silent;
    /// its waits are bounded by `busy_timeout`.
    pub database_deadline: Option<std::time::Duration>,
    /// SQLite only: opens the connection each async worker keeps for the reads of a turn
    /// on a hot game, run on the worker itself (`crate::store::thread_conn`).
    pub thread_reads: Option<crate::store::Manager>,
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
    pub time: crate::scheduler::TimeSettings,
    /// Wakes the outbox worker (`crate::outbox`) after a transaction that enqueued mail,
    /// so it need not wait for its next poll.
    pub mail_wake: Arc<tokio::sync::Notify>,
    /// What `GET /metrics` reports (`crate::metrics`).
    pub metrics: crate::metrics::Metrics,
    /// Peers whose `X-Forwarded-For` is believed (`crate::http::client`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The path of `public_url` (`/hermes`, or `""`): every link and form the pages make
    /// starts with it (`crate::http::edge` takes it off incoming requests).
    pub base_path: String,
    /// How replies by mail are read (`crate::inbound`); `reply_domain` is `None` while
    /// they are not.
    pub inbound: crate::inbound::InboundSettings,
    /// Where this server's event streams wait for news (`crate::stream`).
    pub streams: std::sync::Arc<crate::stream::Hub>,
    /// Webhooks' settings (`crate::webhooks`): the handlers check URLs by them.
    pub webhooks: crate::webhooks::WebhookSettings,
    /// Deck uploads drawing now, per server and per user, and the bounds on a card.
    pub decks: crate::http::decks::DeckUploads,
}

impl AppState {
    /// On SQLite, this process's one-writer lock (see [`AppState::sqlite_writer`]); held
    /// for the length of a write transaction.
    pub fn one_writer(&self) -> Option<std::sync::MutexGuard<'_, ()>> {
        // A poisoned lock only means another writer panicked; the database is intact.
        self.sqlite_writer
            .as_deref()
            .map(|m| m.lock().unwrap_or_else(|e| e.into_inner()))
    }
}
