//! The server's settings: one source of truth.
//!
//! Owns: the list of settings, their defaults, and the order in which they are read —
//! defaults that run → an optional TOML file (`--config FILE` / `HERMES_CONFIG`) →
//! environment variables → command-line flags. Unknown keys in the file are errors.
//! Must not: log a secret (the JWT secret and a database password are redacted in
//! `Debug` and in every message).

use clap::Args;
use serde::Deserialize;
use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// Addresses without a confirmed account one user may invite per day, by default: more
/// than a player invites to a week of games, far too few to mail strangers with.
pub const DEFAULT_INVITE_UNCONFIRMED_PER_USER_PER_DAY: u32 = 20;

/// The settings as given by a file, the environment or flags: every field optional.
///
/// The doc comment of each flag is what `hermes serve --help` prints, so it names the
/// default and the file key.
#[derive(Debug, Default, Clone, Args)]
pub struct Overrides {
    /// TOML file with settings (keys as below, e.g. `bind = "0.0.0.0:8080"`); unknown
    /// keys are errors.
    #[arg(long, env = "HERMES_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Address to listen on; port 0 picks a free port. File key `bind`.
    /// [default: 127.0.0.1:8080]
    #[arg(long, env = "HERMES_BIND", value_name = "ADDR")]
    pub bind: Option<SocketAddr>,
    /// Directory for the SQLite database and the generated JWT secret. File key
    /// `data_dir`. [default: ./data]
    #[arg(long, env = "HERMES_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// `sqlite://PATH` (relative to the working directory; `sqlite:///abs/path` for an
    /// absolute one) or `postgres://user:password@host:port/db`. File key `database_url`.
    /// [default: sqlite://DATA_DIR/hermes.sqlite3]
    #[arg(long, env = "DATABASE_URL", value_name = "URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Database connections per server process. File key `pool_size`. [default: 8]
    #[arg(long, env = "HERMES_POOL_SIZE", value_name = "N")]
    pub pool_size: Option<u32>,
    /// SQLite: `full` syncs the write-ahead log at every commit, so no acknowledged turn
    /// is lost on a power loss or OS crash; `normal` syncs only at checkpoints (faster,
    /// never corrupt, but the last acknowledged turns may vanish on a power loss). File
    /// key `sqlite_synchronous`. [default: full]
    #[arg(long, env = "HERMES_SQLITE_SYNCHRONOUS", value_name = "full|normal")]
    pub sqlite_synchronous: Option<String>,
    /// Games whose engine is kept in memory (least recently used evicted beyond it), so
    /// a turn parses no state. File key `hot_games`. [default: 10000]
    #[arg(long, env = "HERMES_HOT_GAMES", value_name = "N")]
    pub hot_games: Option<u32>,
    /// A game's full state (its snapshot) is rewritten every N turns and when it ends;
    /// in between, loading a game that is not in memory replays the log's turns after
    /// the snapshot. `1` rewrites it at every turn. File key `snapshot_every`.
    /// [default: 32]
    #[arg(long, env = "HERMES_SNAPSHOT_EVERY", value_name = "N")]
    pub snapshot_every: Option<u32>,
    /// Threads that draw the board pictures of mails (at most this many at once, so mail
    /// never takes every core from turns). File key `mail_draw_threads`. [default: the
    /// number of CPU cores less one, at least 1]
    #[arg(long, env = "HERMES_MAIL_DRAW_THREADS", value_name = "N")]
    pub mail_draw_threads: Option<u32>,
    /// The nice value of those threads on Linux (0 to 19). A high one starves mail while
    /// turns keep the cores busy; `mail_draw_share` bounds mail's share instead. File key
    /// `mail_draw_nice`. [default: 0]
    #[arg(long, env = "HERMES_MAIL_DRAW_NICE", value_name = "N")]
    pub mail_draw_nice: Option<u32>,
    /// The share of one CPU core each drawing thread may use, in percent (1 to 100): after
    /// each mail it rests long enough to stay under it, so mail always progresses and
    /// never takes more. File key `mail_draw_share`. [default: 50]
    #[arg(long, env = "HERMES_MAIL_DRAW_SHARE", value_name = "PERCENT")]
    pub mail_draw_share: Option<u32>,
    /// Threads that also draw mail pictures, under `SCHED_IDLE` and without a share (Linux
    /// only; 0 for none): they use the CPU time turns leave idle, and get a few thousandths
    /// of a core when turns keep every core busy. File key `mail_draw_spare_threads`.
    /// [default: 1]
    #[arg(long, env = "HERMES_MAIL_DRAW_SPARE_THREADS", value_name = "N")]
    pub mail_draw_spare_threads: Option<u32>,
    /// Drop a your-turn mail whose reader has already acted when the worker gets to it
    /// (the row is marked `superseded`, not sent). File key `mail_drop_superseded`.
    /// [default: true]
    #[arg(long, env = "HERMES_MAIL_DROP_SUPERSEDED", value_name = "BOOL")]
    pub mail_drop_superseded: Option<bool>,
    /// PostgreSQL: how long connecting may take, in seconds (libpq `connect_timeout`; at
    /// least 2). File key `database_connect_timeout_secs`. [default: 5]
    #[arg(long, env = "HERMES_DATABASE_CONNECT_TIMEOUT_SECS", value_name = "S")]
    pub database_connect_timeout_secs: Option<u64>,
    /// How long one statement may run, in milliseconds: PostgreSQL `statement_timeout` and
    /// `tcp_user_timeout`; SQLite's `busy_timeout` (a writer waiting for another
    /// process's write lock; past it: 503 `database_busy`). File key
    /// `database_statement_timeout_ms`. [default: 5000]
    #[arg(long, env = "HERMES_DATABASE_STATEMENT_TIMEOUT_MS", value_name = "MS")]
    pub database_statement_timeout_ms: Option<u64>,
    /// How long a request waits for a free database connection, in milliseconds (past it:
    /// 503 `database_unavailable`). File key `database_pool_timeout_ms`. [default: 5000]
    #[arg(long, env = "HERMES_DATABASE_POOL_TIMEOUT_MS", value_name = "MS")]
    pub database_pool_timeout_ms: Option<u64>,
    /// PostgreSQL: how long the database part of one request may take in all, in
    /// milliseconds, before it is answered 503 `database_unavailable` (a silent server).
    /// File key `database_request_timeout_ms`. [default: 10000]
    #[arg(long, env = "HERMES_DATABASE_REQUEST_TIMEOUT_MS", value_name = "MS")]
    pub database_request_timeout_ms: Option<u64>,
    /// PostgreSQL: TCP keepalives begin after this many idle seconds (probes every third
    /// of it, three of them), so a dead server breaks idle connections. File key
    /// `database_keepalive_secs`. [default: 10]
    #[arg(long, env = "HERMES_DATABASE_KEEPALIVE_SECS", value_name = "S")]
    pub database_keepalive_secs: Option<u64>,
    /// Sent mail is deleted from the outbox this many days after it was sent (0: kept
    /// forever). File key `outbox_retention_days`. [default: 30]
    #[arg(long, env = "HERMES_OUTBOX_RETENTION_DAYS", value_name = "DAYS")]
    pub outbox_retention_days: Option<u32>,
    /// Stored answers to `Idempotency-Key` requests are deleted this many days after the
    /// request (0: kept forever); a key reused later is a new request. File key
    /// `idempotency_retention_days`. [default: 7]
    #[arg(long, env = "HERMES_IDEMPOTENCY_RETENTION_DAYS", value_name = "DAYS")]
    pub idempotency_retention_days: Option<u32>,
    /// Secret that signs JWTs (at least 32 bytes). File key `jwt_secret`. [default: a
    /// random one, generated once and kept in DATA_DIR/jwt_secret]
    #[arg(
        long,
        env = "HERMES_JWT_SECRET",
        value_name = "SECRET",
        hide_env_values = true
    )]
    pub jwt_secret: Option<String>,
    /// The URL users reach the server at (used in links and as the JWT issuer). File key
    /// `public_url`. [default: http://BIND]
    #[arg(long, env = "HERMES_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<String>,
    /// Lifetime of a login (access) token, in minutes. File key `access_token_minutes`.
    /// [default: 15]
    #[arg(long, env = "HERMES_ACCESS_TOKEN_MINUTES", value_name = "MIN")]
    pub access_token_minutes: Option<u32>,
    /// Login attempts allowed per minute from one IP address. File key
    /// `login_per_ip_per_minute`. [default: 20]
    #[arg(long, env = "HERMES_LOGIN_PER_IP_PER_MINUTE", value_name = "N")]
    pub login_per_ip_per_minute: Option<u32>,
    /// Login attempts allowed per minute for one email address from one client address
    /// (keyed by both, so that a stranger cannot lock the owner out). File key
    /// `login_per_email_per_minute`. [default: 5]
    #[arg(long, env = "HERMES_LOGIN_PER_EMAIL_PER_MINUTE", value_name = "N")]
    pub login_per_email_per_minute: Option<u32>,
    /// Registrations (`POST /users`) allowed per hour from one client address. File key
    /// `register_per_ip_per_hour`. [default: 10]
    #[arg(long, env = "HERMES_REGISTER_PER_IP_PER_HOUR", value_name = "N")]
    pub register_per_ip_per_hour: Option<u32>,
    /// Password hashes (argon2id, about 19 MiB of memory each) computed at once; others
    /// wait. File key `password_hash_concurrency`. [default: the number of CPU cores]
    #[arg(long, env = "HERMES_PASSWORD_HASH_CONCURRENCY", value_name = "N")]
    pub password_hash_concurrency: Option<u32>,
    /// How long a registration or login waits for a free password hasher before it gets
    /// 503 with `Retry-After`, in milliseconds. File key `password_hash_wait_ms`.
    /// [default: 5000]
    #[arg(long, env = "HERMES_PASSWORD_HASH_WAIT_MS", value_name = "MS")]
    pub password_hash_wait_ms: Option<u64>,
    /// Invitations mailed per day (24 hours) to one address that no confirmed account
    /// has; more invitations are recorded but not mailed. File key
    /// `mail_unconfirmed_per_day`. [default: 3]
    #[arg(long, env = "HERMES_MAIL_UNCONFIRMED_PER_DAY", value_name = "N")]
    pub mail_unconfirmed_per_day: Option<u32>,
    /// Table-talk messages one seat may post per minute at a table, by the API, the game
    /// page and mail replies together (a burst of that many, then one every 60/N s);
    /// more are refused (429 with `Retry-After`). File key `talk_per_seat_per_minute`.
    /// [default: 20]
    #[arg(long, env = "HERMES_TALK_PER_SEAT_PER_MINUTE", value_name = "N")]
    pub talk_per_seat_per_minute: Option<u32>,
    /// Addresses that no confirmed account has which one user may invite to play per day
    /// (24 hours), counted across all their games (a deleted game gives none back); an
    /// invitation beyond it is refused with 429 and `Retry-After`. 0: none. File key
    /// `invite_unconfirmed_per_user_per_day`. [default: 20]
    #[arg(
        long,
        env = "HERMES_INVITE_UNCONFIRMED_PER_USER_PER_DAY",
        value_name = "N"
    )]
    pub invite_unconfirmed_per_user_per_day: Option<u32>,
    // --- Time (the scheduler; see docs/deadlines.md) ---
    /// How often the scheduler looks for due reminders, timeouts and digests, in
    /// milliseconds. File key `scheduler_tick_ms`. [default: 1000]
    #[arg(long, env = "HERMES_SCHEDULER_TICK_MS", value_name = "MS")]
    pub scheduler_tick_ms: Option<u64>,
    /// How long before a seat's deadline its reminder goes out, in hours (0: none). File
    /// key `reminder_before_hours`. [default: 24]
    #[arg(long, env = "HERMES_REMINDER_BEFORE_HOURS", value_name = "H")]
    pub reminder_before_hours: Option<u32>,
    /// Vacation days a player may take per calendar year (UTC). File key
    /// `vacation_days_per_year`. [default: 30]
    #[arg(long, env = "HERMES_VACATION_DAYS_PER_YEAR", value_name = "DAYS")]
    pub vacation_days_per_year: Option<u32>,
    // --- Mail (the outbox worker; see docs/mail.md) ---
    /// How mail leaves: `file` (an `.eml` file per message in MAIL_DIR) or `smtp`. File
    /// key `mail_transport`. [default: file]
    #[arg(long, env = "HERMES_MAIL_TRANSPORT", value_name = "file|smtp")]
    pub mail_transport: Option<String>,
    /// Where the file transport writes `.eml` files. File key `mail_dir`. [default:
    /// DATA_DIR/mail]
    #[arg(long, env = "HERMES_MAIL_DIR", value_name = "DIR")]
    pub mail_dir: Option<PathBuf>,
    /// The SMTP server's host name. File key `smtp_host`. [default: localhost]
    #[arg(long, env = "HERMES_SMTP_HOST", value_name = "HOST")]
    pub smtp_host: Option<String>,
    /// The SMTP server's port. File key `smtp_port`. [default: 587 for starttls, 465 for
    /// tls, 25 for none]
    #[arg(long, env = "HERMES_SMTP_PORT", value_name = "PORT")]
    pub smtp_port: Option<u16>,
    /// `starttls` (must succeed), `tls` (from the first byte) or `none` (a local relay or
    /// a test only). File key `smtp_security`. [default: starttls]
    #[arg(long, env = "HERMES_SMTP_SECURITY", value_name = "starttls|tls|none")]
    pub smtp_security: Option<String>,
    /// The SMTP login (with `smtp_password`). File key `smtp_username`. [default: none]
    #[arg(long, env = "HERMES_SMTP_USERNAME", value_name = "USER")]
    pub smtp_username: Option<String>,
    /// The SMTP password; never printed. File key `smtp_password`. [default: none]
    #[arg(
        long,
        env = "HERMES_SMTP_PASSWORD",
        value_name = "PASSWORD",
        hide_env_values = true
    )]
    pub smtp_password: Option<String>,
    /// The sender of every mail. File key `mail_from`. [default: Hermes
    /// <hermes@localhost>]
    #[arg(long, env = "HERMES_MAIL_FROM", value_name = "MAILBOX")]
    pub mail_from: Option<String>,
    /// Attempts at one mail before it is marked failed (kept, see `hermes outbox`). File
    /// key `mail_max_attempts`. [default: 10]
    #[arg(long, env = "HERMES_MAIL_MAX_ATTEMPTS", value_name = "N")]
    pub mail_max_attempts: Option<u32>,
    /// How often the outbox worker looks for due mail, in milliseconds (a turn also wakes
    /// it at once). File key `mail_poll_ms`. [default: 1000]
    #[arg(long, env = "HERMES_MAIL_POLL_MS", value_name = "MS")]
    pub mail_poll_ms: Option<u64>,
    /// An event stream (`GET /stream`, docs/stream.md) sends a keep-alive line after this
    /// many milliseconds without an event. File key `stream_keepalive_ms`. [default: 25000]
    #[arg(long, env = "HERMES_STREAM_KEEPALIVE_MS", value_name = "MS")]
    pub stream_keepalive_ms: Option<u64>,
    /// Event streams one user may have open at once (on this server); one more is
    /// refused 429 `too_many_streams`. File key `stream_max_per_user`. [default: 20]
    #[arg(long, env = "HERMES_STREAM_MAX_PER_USER", value_name = "N")]
    pub stream_max_per_user: Option<u32>,
    /// Event streams this server keeps open at once; one more is refused 503
    /// `streams_full`. File key `stream_max_per_server`. [default: 2000]
    #[arg(long, env = "HERMES_STREAM_MAX_PER_SERVER", value_name = "N")]
    pub stream_max_per_server: Option<u32>,
    /// How stale this server's view of an account's credentials may be, in milliseconds:
    /// a password reset or a revoked token (through any server on the database) ends the
    /// access tokens and event streams it held here within this time. File key
    /// `credentials_recheck_ms`. [default: 1000]
    #[arg(long, env = "HERMES_CREDENTIALS_RECHECK_MS", value_name = "MS")]
    pub credentials_recheck_ms: Option<u64>,
    // --- Operations (docs/operations.md) ---
    /// Log lines as `text` (human) or `json` (one object a line, for a log collector).
    /// File key `log_format`. [default: text]
    #[arg(long, env = "HERMES_LOG_FORMAT", value_name = "text|json")]
    pub log_format: Option<String>,
    /// A bearer token `GET /metrics` requires; unset, anyone who reaches the server may
    /// read the metrics. File key `metrics_token`. [default: none]
    #[arg(
        long,
        env = "HERMES_METRICS_TOKEN",
        value_name = "TOKEN",
        hide_env_values = true
    )]
    pub metrics_token: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (rate limits, logs):
    /// IP addresses or CIDR networks, comma-separated (a list in the file). File key
    /// `trusted_proxies`. [default: none]
    #[arg(
        long,
        env = "HERMES_TRUSTED_PROXIES",
        value_name = "IP|CIDR,...",
        value_delimiter = ','
    )]
    pub trusted_proxies: Option<Vec<String>>,
    /// Origins a browser client may call the API from (CORS), e.g.
    /// `https://client.example`, comma-separated (a list in the file). File key
    /// `cors_origins`. [default: none: no CORS]
    #[arg(
        long,
        env = "HERMES_CORS_ORIGINS",
        value_name = "ORIGIN,...",
        value_delimiter = ','
    )]
    pub cors_origins: Option<Vec<String>>,
    // --- Replies by mail (see docs/replies.md) ---
    /// Shared secret of `POST /inbound/mail` (at least 16 bytes); setting it turns the
    /// endpoint on. File key `inbound_secret`. [default: none: off]
    #[arg(
        long,
        env = "HERMES_INBOUND_SECRET",
        value_name = "SECRET",
        hide_env_values = true
    )]
    pub inbound_secret: Option<String>,
    /// Address of the built-in SMTP listener for replies, e.g. `0.0.0.0:25`. File key
    /// `smtp_listen`. [default: none: off]
    #[arg(long, env = "HERMES_SMTP_LISTEN", value_name = "ADDR")]
    pub smtp_listen: Option<SocketAddr>,
    /// PEM certificate chain (leaf first) of the SMTP listener: with its key, STARTTLS is
    /// offered. File key `smtp_listen_cert`. [default: none: no STARTTLS]
    #[arg(long, env = "HERMES_SMTP_LISTEN_CERT", value_name = "FILE")]
    pub smtp_listen_cert: Option<PathBuf>,
    /// PEM private key of `smtp_listen_cert`. File key `smtp_listen_key`. [default: none]
    #[arg(long, env = "HERMES_SMTP_LISTEN_KEY", value_name = "FILE")]
    pub smtp_listen_key: Option<PathBuf>,
    /// Refuse `MAIL` before STARTTLS (not for a public MX: RFC 3207 forbids it there).
    /// File key `smtp_listen_require_tls`. [default: false]
    #[arg(long, env = "HERMES_SMTP_LISTEN_REQUIRE_TLS", value_name = "BOOL")]
    pub smtp_listen_require_tls: Option<bool>,
    /// Connections the SMTP listener serves at once; more are answered `421`. File key
    /// `smtp_listen_max_connections`. [default: 32]
    #[arg(long, env = "HERMES_SMTP_LISTEN_MAX_CONNECTIONS", value_name = "N")]
    pub smtp_listen_max_connections: Option<u32>,
    /// Connections at once from one client (an IPv4 address, an IPv6 /64); more are
    /// answered `421`. File key `smtp_listen_per_client`. [default: 4]
    #[arg(long, env = "HERMES_SMTP_LISTEN_PER_CLIENT", value_name = "N")]
    pub smtp_listen_per_client: Option<u32>,
    /// Seconds a client may take over a command or a line of a message before the
    /// listener hangs up (`421`). File key `smtp_listen_idle_secs`. [default: 30]
    #[arg(long, env = "HERMES_SMTP_LISTEN_IDLE_SECS", value_name = "SECS")]
    pub smtp_listen_idle_secs: Option<u64>,
    /// Seconds one SMTP session may last in all. File key `smtp_listen_session_secs`.
    /// [default: 300]
    #[arg(long, env = "HERMES_SMTP_LISTEN_SESSION_SECS", value_name = "SECS")]
    pub smtp_listen_session_secs: Option<u64>,
    /// Commands that bring no message further (`NOOP`, `RSET`, `EHLO`, refused ones…)
    /// a session may send between two messages. File key `smtp_listen_max_idle_commands`.
    /// [default: 10]
    #[arg(long, env = "HERMES_SMTP_LISTEN_MAX_IDLE_COMMANDS", value_name = "N")]
    pub smtp_listen_max_idle_commands: Option<u32>,
    /// `say:` lines posted from one reply by mail; the rest are not, and the answer says
    /// so (`0`: no talk by mail). File key `reply_max_say_lines`. [default: 10]
    #[arg(long, env = "HERMES_REPLY_MAX_SAY_LINES", value_name = "N")]
    pub reply_max_say_lines: Option<u32>,
    /// The domain of reply addresses (`play+TOKEN@DOMAIN`). File key `reply_domain`.
    /// [default: the domain of `mail_from`]
    #[arg(long, env = "HERMES_REPLY_DOMAIN", value_name = "DOMAIN")]
    pub reply_domain: Option<String>,
    /// The authserv-id of a trusted upstream MTA: replies must then carry its
    /// `Authentication-Results` with a pass. File key `inbound_trusted_authserv`.
    /// [default: none]
    #[arg(long, env = "HERMES_INBOUND_TRUSTED_AUTHSERV", value_name = "ID")]
    pub inbound_trusted_authserv: Option<String>,
    // --- Webhooks (docs/webhooks.md) ---
    /// Let webhooks call loopback, private, link-local and other non-public addresses
    /// (a receiver on the operator's own network; tests). File key
    /// `webhook_allow_private`. [default: false]
    #[arg(long, env = "HERMES_WEBHOOK_ALLOW_PRIVATE", value_name = "BOOL")]
    pub webhook_allow_private: Option<bool>,
    /// Attempts at one webhook delivery before it is given up. File key
    /// `webhook_max_attempts`. [default: 8]
    #[arg(long, env = "HERMES_WEBHOOK_MAX_ATTEMPTS", value_name = "N")]
    pub webhook_max_attempts: Option<u32>,
    /// Failed attempts in a row after which a webhook may be disabled; the failures of
    /// one outage count once a retry window. File key `webhook_disable_after`.
    /// [default: 20]
    #[arg(long, env = "HERMES_WEBHOOK_DISABLE_AFTER", value_name = "N")]
    pub webhook_disable_after: Option<u32>,
    /// Hours a webhook must have been failing, with no success, before it is disabled
    /// (with `webhook_disable_after` failed attempts in a row). File key
    /// `webhook_disable_after_hours`. [default: 72]
    #[arg(long, env = "HERMES_WEBHOOK_DISABLE_AFTER_HOURS", value_name = "HOURS")]
    pub webhook_disable_after_hours: Option<u32>,
    /// Undelivered deliveries kept for one webhook (failing, or disabled); the oldest
    /// over it are dropped and counted. File key `webhook_backlog`. [default: 1000]
    #[arg(long, env = "HERMES_WEBHOOK_BACKLOG", value_name = "N")]
    pub webhook_backlog: Option<u32>,
    /// The wait before a delivery's first retry, in milliseconds (then doubling, at most
    /// an hour). File key `webhook_retry_base_ms`. [default: 30000]
    #[arg(long, env = "HERMES_WEBHOOK_RETRY_BASE_MS", value_name = "MS")]
    pub webhook_retry_base_ms: Option<u64>,
    /// How often the webhook worker looks for events and due deliveries, in milliseconds
    /// (an event also wakes it at once). File key `webhook_poll_ms`. [default: 1000]
    #[arg(long, env = "HERMES_WEBHOOK_POLL_MS", value_name = "MS")]
    pub webhook_poll_ms: Option<u64>,
    /// Send webhook deliveries; `false` keeps them pending and sends nothing (a server
    /// that must not call out, as a contract test's). File key `webhook_deliver`.
    /// [default: true]
    #[arg(long, env = "HERMES_WEBHOOK_DELIVER", value_name = "BOOL")]
    pub webhook_deliver: Option<bool>,
    // --- Deck uploads (docs/decks.md) ---
    /// Deck uploads (`POST /decks`) drawn at once on this server, each on a core; more
    /// get 503 `decks_busy` with `Retry-After`. File key `deck_uploads_at_once`.
    /// [default: the CPU cores less one, at least 1]
    #[arg(long, env = "HERMES_DECK_UPLOADS_AT_ONCE", value_name = "N")]
    pub deck_uploads_at_once: Option<u32>,
    /// Deck uploads one user may have drawn at once; more get 429
    /// `deck_upload_in_progress` with `Retry-After`. File key `deck_uploads_per_user`.
    /// [default: 1]
    #[arg(long, env = "HERMES_DECK_UPLOADS_PER_USER", value_name = "N")]
    pub deck_uploads_per_user: Option<u32>,
    /// Seconds one deck's drawing may take: the cards not drawn by then are not, and the
    /// upload gets 422 `deck_too_slow` naming the first of them. File key
    /// `deck_draw_secs`. [default: 60]
    #[arg(long, env = "HERMES_DECK_DRAW_SECS", value_name = "SECS")]
    pub deck_draw_secs: Option<u64>,
    /// The work one card's drawing may take, in millions of pixel operations (about a
    /// millisecond of a core each), estimated before drawing; more is 422
    /// `card_too_complex`. File key `deck_card_work`. [default: 250]
    #[arg(long, env = "HERMES_DECK_CARD_WORK", value_name = "MILLIONS")]
    pub deck_card_work: Option<u64>,
    /// The memory one card's drawing may take for its pictures, in MiB, estimated before
    /// drawing; more is 422 `card_too_complex`. File key `deck_card_memory_mib`.
    /// [default: 64]
    #[arg(long, env = "HERMES_DECK_CARD_MEMORY_MIB", value_name = "MIB")]
    pub deck_card_memory_mib: Option<u64>,
}

/// The keys a settings file may hold (`deny_unknown_fields`: a typo is an error).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSettings {
    bind: Option<SocketAddr>,
    data_dir: Option<PathBuf>,
    database_url: Option<String>,
    pool_size: Option<u32>,
    sqlite_synchronous: Option<String>,
    hot_games: Option<u32>,
    snapshot_every: Option<u32>,
    mail_draw_threads: Option<u32>,
    mail_draw_nice: Option<u32>,
    mail_draw_share: Option<u32>,
    mail_draw_spare_threads: Option<u32>,
    mail_drop_superseded: Option<bool>,
    database_connect_timeout_secs: Option<u64>,
    database_statement_timeout_ms: Option<u64>,
    database_pool_timeout_ms: Option<u64>,
    database_request_timeout_ms: Option<u64>,
    database_keepalive_secs: Option<u64>,
    outbox_retention_days: Option<u32>,
    idempotency_retention_days: Option<u32>,
    jwt_secret: Option<String>,
    public_url: Option<String>,
    access_token_minutes: Option<u32>,
    login_per_ip_per_minute: Option<u32>,
    login_per_email_per_minute: Option<u32>,
    register_per_ip_per_hour: Option<u32>,
    password_hash_concurrency: Option<u32>,
    password_hash_wait_ms: Option<u64>,
    mail_unconfirmed_per_day: Option<u32>,
    talk_per_seat_per_minute: Option<u32>,
    invite_unconfirmed_per_user_per_day: Option<u32>,
    // Time
    scheduler_tick_ms: Option<u64>,
    reminder_before_hours: Option<u32>,
    vacation_days_per_year: Option<u32>,
    // Mail
    mail_transport: Option<String>,
    mail_dir: Option<PathBuf>,
    smtp_host: Option<String>,
    smtp_port: Option<u16>,
    smtp_security: Option<String>,
    smtp_username: Option<String>,
    smtp_password: Option<String>,
    mail_from: Option<String>,
    mail_max_attempts: Option<u32>,
    mail_poll_ms: Option<u64>,
    stream_keepalive_ms: Option<u64>,
    stream_max_per_user: Option<u32>,
    stream_max_per_server: Option<u32>,
    credentials_recheck_ms: Option<u64>,
    // Operations
    log_format: Option<String>,
    metrics_token: Option<String>,
    trusted_proxies: Option<Vec<String>>,
    cors_origins: Option<Vec<String>>,
    // Replies by mail
    inbound_secret: Option<String>,
    smtp_listen: Option<SocketAddr>,
    smtp_listen_cert: Option<PathBuf>,
    smtp_listen_key: Option<PathBuf>,
    smtp_listen_require_tls: Option<bool>,
    smtp_listen_max_connections: Option<u32>,
    smtp_listen_per_client: Option<u32>,
    smtp_listen_idle_secs: Option<u64>,
    smtp_listen_session_secs: Option<u64>,
    smtp_listen_max_idle_commands: Option<u32>,
    reply_max_say_lines: Option<u32>,
    webhook_allow_private: Option<bool>,
    webhook_max_attempts: Option<u32>,
    webhook_disable_after: Option<u32>,
    webhook_disable_after_hours: Option<u32>,
    webhook_backlog: Option<u32>,
    webhook_retry_base_ms: Option<u64>,
    webhook_poll_ms: Option<u64>,
    webhook_deliver: Option<bool>,
    deck_uploads_at_once: Option<u32>,
    deck_uploads_per_user: Option<u32>,
    deck_draw_secs: Option<u64>,
    deck_card_work: Option<u64>,
    deck_card_memory_mib: Option<u64>,
    reply_domain: Option<String>,
    inbound_trusted_authserv: Option<String>,
}

/// A secret string that never prints.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// The resolved settings the server runs with.
#[derive(Debug, Clone)]
pub struct Settings {
    pub bind: SocketAddr,
    pub data_dir: PathBuf,
    /// Kept secret because a Postgres URL may hold a password; see [`redact_url`].
    pub database_url: Secret,
    pub pool_size: u32,
    /// SQLite's `PRAGMA synchronous` (FULL unless the operator lowers it).
    pub sqlite_synchronous: crate::store::Synchronous,
    /// Games whose engine is kept in memory (`crate::hot`).
    pub hot_games: u32,
    /// Turns between two snapshots of a game's state (`crate::play::table`).
    pub snapshot_every: u32,
    /// Threads drawing mail pictures (`crate::outbox`).
    pub mail_draw_threads: u32,
    /// Their nice value (Linux), at most 19.
    pub mail_draw_nice: u32,
    /// Each drawing thread's share of one core, in percent (1 to 100).
    pub mail_draw_share: u32,
    /// Drawing threads under `SCHED_IDLE`, without a share (`crate::outbox::draw`).
    pub mail_draw_spare_threads: u32,
    /// Mark a your-turn mail whose reader already acted `superseded` instead of sending it.
    pub mail_drop_superseded: bool,
    /// How long the service waits for its database at each step.
    pub database: crate::store::Timeouts,
    /// Days a sent mail stays in the outbox (0: forever).
    pub outbox_retention_days: u32,
    /// Days a stored idempotent answer is kept (0: forever).
    pub idempotency_retention_days: u32,
    /// `None`: generate one and keep it in the data directory.
    pub jwt_secret: Option<Secret>,
    /// `None`: derived from the bound address once it is known.
    pub public_url: Option<String>,
    pub access_token_minutes: u32,
    pub login_per_ip_per_minute: u32,
    /// Keyed by (email, client address): see `crate::auth::ratelimit`.
    pub login_per_email_per_minute: u32,
    pub register_per_ip_per_hour: u32,
    /// Password hashes computed at once (`crate::auth::hashing`).
    pub password_hash_concurrency: u32,
    /// How long a request waits for a password hasher before 503, in milliseconds.
    pub password_hash_wait_ms: u64,
    /// Invitations mailed per day to an address no confirmed account has.
    pub mail_unconfirmed_per_day: u32,
    /// Table talk per seat per minute (`crate::play::talk`).
    pub talk_per_seat_per_minute: u32,
    /// Addresses no confirmed account has that one user may invite per day.
    pub invite_unconfirmed_per_user_per_day: u32,
    /// The scheduler's tick, in milliseconds.
    pub scheduler_tick_ms: u64,
    /// The reminder's lead before a deadline, in hours (0: no reminder).
    pub reminder_before_hours: u32,
    /// The vacation budget per calendar year (UTC), in days.
    pub vacation_days_per_year: u32,
    /// Where mail goes and who it is from (`Debug` hides the SMTP password).
    pub mail: crate::mail::MailSettings,
    /// Attempts at one mail before it is marked failed.
    pub mail_max_attempts: u32,
    /// The outbox worker's poll interval, in milliseconds.
    pub mail_poll_ms: u64,
    /// Quiet milliseconds after which an event stream sends a keep-alive line.
    pub stream_keepalive_ms: u64,
    /// Event streams one user may have open at once on this server.
    pub stream_max_per_user: u32,
    /// Event streams this server keeps open at once.
    pub stream_max_per_server: u32,
    /// How stale this server's view of an account's credentials (its epoch, its tokens)
    /// may be, in milliseconds (`crate::auth::epochs`, `crate::stream`).
    pub credentials_recheck_ms: u64,
    /// How log lines look.
    pub log_format: LogFormat,
    /// The bearer token `GET /metrics` requires (`None`: open).
    pub metrics_token: Option<Secret>,
    /// Peers whose `X-Forwarded-For` is believed (`crate::http::client`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Origins allowed to call the API from a browser (`scheme://host[:port]`); empty:
    /// no CORS headers at all.
    pub cors_origins: Vec<String>,
    /// Replies by mail (`crate::inbound`): the ways in, the reply domain, the limits.
    pub inbound: crate::inbound::InboundSettings,
    /// Webhooks: which addresses, how many attempts, when a hook is disabled.
    pub webhooks: crate::webhooks::WebhookSettings,
    /// Deck uploads: how many at once, and the bounds on drawing their cards.
    pub decks: crate::http::decks::DeckSettings,
}

/// How log lines look: `text` for a person, `json` for a collector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<LogFormat, String> {
        match s {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!("`{other}`: expected `text` or `json`")),
        }
    }
}

/// `10.0.0.1`, `10.0.0.0/8`, `::1` or `fd00::/8`: one address is a network of one.
pub fn parse_network(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("`{text}` is not an IP address or a CIDR network"))
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the settings file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the settings file {path} is not valid: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("setting `{key}`: {message}")]
    Invalid { key: &'static str, message: String },
}

impl Settings {
    /// Resolve: defaults → file named by `overrides.config` → `overrides` (which clap has
    /// already filled from the environment and the flags).
    pub fn load(overrides: &Overrides) -> Result<Settings, ConfigError> {
        let file = match &overrides.config {
            Some(path) => read_file(path)?,
            None => FileSettings::default(),
        };
        let data_dir = overrides
            .data_dir
            .clone()
            .or(file.data_dir.clone())
            .unwrap_or_else(|| PathBuf::from("./data"));
        let mail = mail_settings(overrides, &file, &data_dir)?;
        let database = database_timeouts(overrides, &file);
        let inbound = inbound_settings(overrides, &file, &mail)?;
        let database_url = overrides
            .database_url
            .clone()
            .or(file.database_url)
            .unwrap_or_else(|| default_database_url(&data_dir));
        let settings = Settings {
            bind: overrides
                .bind
                .or(file.bind)
                .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 8080))),
            data_dir,
            database_url: Secret(database_url),
            pool_size: overrides.pool_size.or(file.pool_size).unwrap_or(8),
            sqlite_synchronous: match overrides
                .sqlite_synchronous
                .as_ref()
                .or(file.sqlite_synchronous.as_ref())
            {
                Some(s) => s.parse().map_err(|message| ConfigError::Invalid {
                    key: "sqlite_synchronous",
                    message,
                })?,
                None => crate::store::Synchronous::Full,
            },
            hot_games: overrides.hot_games.or(file.hot_games).unwrap_or(10_000),
            snapshot_every: overrides
                .snapshot_every
                .or(file.snapshot_every)
                .unwrap_or(32),
            mail_draw_threads: overrides
                .mail_draw_threads
                .or(file.mail_draw_threads)
                .unwrap_or_else(default_draw_threads),
            mail_draw_nice: overrides
                .mail_draw_nice
                .or(file.mail_draw_nice)
                .unwrap_or(0)
                .min(19),
            mail_draw_share: overrides
                .mail_draw_share
                .or(file.mail_draw_share)
                .unwrap_or(50)
                .clamp(1, 100),
            mail_draw_spare_threads: overrides
                .mail_draw_spare_threads
                .or(file.mail_draw_spare_threads)
                .unwrap_or(1),
            mail_drop_superseded: overrides
                .mail_drop_superseded
                .or(file.mail_drop_superseded)
                .unwrap_or(true),
            database,
            outbox_retention_days: overrides
                .outbox_retention_days
                .or(file.outbox_retention_days)
                .unwrap_or(30),
            idempotency_retention_days: overrides
                .idempotency_retention_days
                .or(file.idempotency_retention_days)
                .unwrap_or(7),
            jwt_secret: overrides.jwt_secret.clone().or(file.jwt_secret).map(Secret),
            public_url: overrides.public_url.clone().or(file.public_url),
            access_token_minutes: overrides
                .access_token_minutes
                .or(file.access_token_minutes)
                .unwrap_or(15),
            login_per_ip_per_minute: overrides
                .login_per_ip_per_minute
                .or(file.login_per_ip_per_minute)
                .unwrap_or(20),
            login_per_email_per_minute: overrides
                .login_per_email_per_minute
                .or(file.login_per_email_per_minute)
                .unwrap_or(5),
            register_per_ip_per_hour: overrides
                .register_per_ip_per_hour
                .or(file.register_per_ip_per_hour)
                .unwrap_or(10),
            password_hash_concurrency: overrides
                .password_hash_concurrency
                .or(file.password_hash_concurrency)
                .unwrap_or_else(default_hash_concurrency),
            password_hash_wait_ms: overrides
                .password_hash_wait_ms
                .or(file.password_hash_wait_ms)
                .unwrap_or(5000),
            mail_unconfirmed_per_day: overrides
                .mail_unconfirmed_per_day
                .or(file.mail_unconfirmed_per_day)
                .unwrap_or(3),
            talk_per_seat_per_minute: overrides
                .talk_per_seat_per_minute
                .or(file.talk_per_seat_per_minute)
                .unwrap_or(20),
            invite_unconfirmed_per_user_per_day: overrides
                .invite_unconfirmed_per_user_per_day
                .or(file.invite_unconfirmed_per_user_per_day)
                .unwrap_or(DEFAULT_INVITE_UNCONFIRMED_PER_USER_PER_DAY),
            scheduler_tick_ms: overrides
                .scheduler_tick_ms
                .or(file.scheduler_tick_ms)
                .unwrap_or(1000),
            reminder_before_hours: overrides
                .reminder_before_hours
                .or(file.reminder_before_hours)
                .unwrap_or(24),
            vacation_days_per_year: overrides
                .vacation_days_per_year
                .or(file.vacation_days_per_year)
                .unwrap_or(30),
            mail,
            mail_max_attempts: overrides
                .mail_max_attempts
                .or(file.mail_max_attempts)
                .unwrap_or(10),
            mail_poll_ms: overrides.mail_poll_ms.or(file.mail_poll_ms).unwrap_or(1000),
            stream_keepalive_ms: overrides
                .stream_keepalive_ms
                .or(file.stream_keepalive_ms)
                .unwrap_or(25_000),
            stream_max_per_user: overrides
                .stream_max_per_user
                .or(file.stream_max_per_user)
                .unwrap_or(20),
            stream_max_per_server: overrides
                .stream_max_per_server
                .or(file.stream_max_per_server)
                .unwrap_or(2000),
            credentials_recheck_ms: overrides
                .credentials_recheck_ms
                .or(file.credentials_recheck_ms)
                .unwrap_or(1000),
            log_format: match overrides.log_format.as_ref().or(file.log_format.as_ref()) {
                Some(f) => f.parse().map_err(|message| ConfigError::Invalid {
                    key: "log_format",
                    message,
                })?,
                None => LogFormat::Text,
            },
            metrics_token: overrides
                .metrics_token
                .clone()
                .or(file.metrics_token)
                .map(Secret),
            trusted_proxies: overrides
                .trusted_proxies
                .as_ref()
                .or(file.trusted_proxies.as_ref())
                .map(|list| {
                    list.iter()
                        .filter(|s| !s.trim().is_empty())
                        .map(|s| parse_network(s))
                        .collect::<Result<Vec<_>, _>>()
                })
                .transpose()
                .map_err(|message| ConfigError::Invalid {
                    key: "trusted_proxies",
                    message,
                })?
                .unwrap_or_default(),
            cors_origins: overrides
                .cors_origins
                .as_ref()
                .or(file.cors_origins.as_ref())
                .map(|list| {
                    list.iter()
                        .map(|s| s.trim())
                        .filter(|s| !s.is_empty())
                        .map(parse_origin)
                        .collect::<Result<Vec<_>, _>>()
                })
                .transpose()
                .map_err(|message| ConfigError::Invalid {
                    key: "cors_origins",
                    message,
                })?
                .unwrap_or_default(),
            inbound,
            webhooks: {
                let d = crate::webhooks::WebhookSettings::default();
                crate::webhooks::WebhookSettings {
                    allow_private: overrides
                        .webhook_allow_private
                        .or(file.webhook_allow_private)
                        .unwrap_or(d.allow_private),
                    max_attempts: overrides
                        .webhook_max_attempts
                        .or(file.webhook_max_attempts)
                        .unwrap_or(d.max_attempts),
                    disable_after: overrides
                        .webhook_disable_after
                        .or(file.webhook_disable_after)
                        .unwrap_or(d.disable_after),
                    disable_after_failing: overrides
                        .webhook_disable_after_hours
                        .or(file.webhook_disable_after_hours)
                        .map_or(d.disable_after_failing, |h| {
                            std::time::Duration::from_secs(u64::from(h) * 3600)
                        }),
                    backlog: overrides
                        .webhook_backlog
                        .or(file.webhook_backlog)
                        .unwrap_or(d.backlog),
                    retry_base_ms: overrides
                        .webhook_retry_base_ms
                        .or(file.webhook_retry_base_ms)
                        .unwrap_or(d.retry_base_ms),
                    poll_ms: overrides
                        .webhook_poll_ms
                        .or(file.webhook_poll_ms)
                        .unwrap_or(d.poll_ms),
                    deliver: overrides
                        .webhook_deliver
                        .or(file.webhook_deliver)
                        .unwrap_or(d.deliver),
                }
            },
            decks: {
                let d = crate::http::decks::DeckSettings::default();
                crate::http::decks::DeckSettings {
                    uploads_at_once: overrides
                        .deck_uploads_at_once
                        .or(file.deck_uploads_at_once)
                        .unwrap_or(d.uploads_at_once),
                    uploads_per_user: overrides
                        .deck_uploads_per_user
                        .or(file.deck_uploads_per_user)
                        .unwrap_or(d.uploads_per_user),
                    draw_secs: overrides
                        .deck_draw_secs
                        .or(file.deck_draw_secs)
                        .unwrap_or(d.draw_secs),
                    card_work_millions: overrides
                        .deck_card_work
                        .or(file.deck_card_work)
                        .unwrap_or(d.card_work_millions),
                    card_memory_mib: overrides
                        .deck_card_memory_mib
                        .or(file.deck_card_memory_mib)
                        .unwrap_or(d.card_memory_mib),
                }
            },
        };
        settings.check()?;
        Ok(settings)
    }

    fn check(&self) -> Result<(), ConfigError> {
        let positive = [
            ("pool_size", self.pool_size),
            ("hot_games", self.hot_games),
            ("snapshot_every", self.snapshot_every),
            ("mail_draw_threads", self.mail_draw_threads),
            ("access_token_minutes", self.access_token_minutes),
            ("login_per_ip_per_minute", self.login_per_ip_per_minute),
            (
                "login_per_email_per_minute",
                self.login_per_email_per_minute,
            ),
            ("register_per_ip_per_hour", self.register_per_ip_per_hour),
            ("password_hash_concurrency", self.password_hash_concurrency),
            ("talk_per_seat_per_minute", self.talk_per_seat_per_minute),
            ("deck_uploads_at_once", self.decks.uploads_at_once),
            ("deck_uploads_per_user", self.decks.uploads_per_user),
            ("stream_max_per_user", self.stream_max_per_user),
            ("stream_max_per_server", self.stream_max_per_server),
        ];
        let positive = positive.into_iter().chain([
            (
                "scheduler_tick_ms",
                u32::try_from(self.scheduler_tick_ms).unwrap_or(u32::MAX),
            ),
            ("mail_max_attempts", self.mail_max_attempts),
            ("webhook_max_attempts", self.webhooks.max_attempts),
            ("webhook_disable_after", self.webhooks.disable_after),
            ("webhook_backlog", self.webhooks.backlog),
            (
                "webhook_retry_base_ms",
                u32::try_from(self.webhooks.retry_base_ms).unwrap_or(u32::MAX),
            ),
            (
                "webhook_poll_ms",
                u32::try_from(self.webhooks.poll_ms).unwrap_or(u32::MAX),
            ),
            (
                "mail_poll_ms",
                u32::try_from(self.mail_poll_ms).unwrap_or(u32::MAX),
            ),
            (
                "stream_keepalive_ms",
                u32::try_from(self.stream_keepalive_ms).unwrap_or(u32::MAX),
            ),
            (
                "deck_draw_secs",
                u32::try_from(self.decks.draw_secs).unwrap_or(u32::MAX),
            ),
            (
                "deck_card_work",
                u32::try_from(self.decks.card_work_millions).unwrap_or(u32::MAX),
            ),
            (
                "deck_card_memory_mib",
                u32::try_from(self.decks.card_memory_mib).unwrap_or(u32::MAX),
            ),
            (
                "credentials_recheck_ms",
                u32::try_from(self.credentials_recheck_ms).unwrap_or(u32::MAX),
            ),
        ]);
        let t = &self.database;
        let positive = positive.chain(
            [
                ("database_connect_timeout_secs", t.connect.as_secs()),
                ("database_statement_timeout_ms", millis(t.statement)),
                ("database_pool_timeout_ms", millis(t.pool)),
                ("database_request_timeout_ms", millis(t.request)),
                ("database_keepalive_secs", t.keepalive.as_secs()),
            ]
            .map(|(k, v)| (k, u32::try_from(v).unwrap_or(u32::MAX))),
        );
        for (key, value) in positive {
            if value == 0 {
                return Err(ConfigError::Invalid {
                    key,
                    message: "must be at least 1".into(),
                });
            }
        }
        if self.reminder_before_hours > 14 * 24 || self.vacation_days_per_year > 366 {
            return Err(ConfigError::Invalid {
                key: if self.reminder_before_hours > 14 * 24 {
                    "reminder_before_hours"
                } else {
                    "vacation_days_per_year"
                },
                message: "at most 336 hours / 366 days".into(),
            });
        }
        if let Some(secret) = &self.jwt_secret {
            if secret.0.len() < 32 {
                return Err(ConfigError::Invalid {
                    key: "jwt_secret",
                    message: "must be at least 32 bytes long".into(),
                });
            }
        }
        if let Some(url) = &self.public_url {
            let parsed = url::Url::parse(url).map_err(|e| ConfigError::Invalid {
                key: "public_url",
                message: format!("{url}: {e}"),
            })?;
            if parsed.query().is_some() || parsed.fragment().is_some() || !parsed.has_host() {
                return Err(ConfigError::Invalid {
                    key: "public_url",
                    message: format!("{url}: a scheme, a host and maybe a path; no query"),
                });
            }
        }
        if let Some(token) = &self.metrics_token {
            if token.0.len() < 16 {
                return Err(ConfigError::Invalid {
                    key: "metrics_token",
                    message: "must be at least 16 bytes long".into(),
                });
            }
        }
        Ok(())
    }
}

fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The database timeouts: flags/environment over the file over the defaults.
fn database_timeouts(o: &Overrides, file: &FileSettings) -> crate::store::Timeouts {
    use std::time::Duration;
    let d = crate::store::Timeouts::default();
    let secs = |a: Option<u64>, b: Option<u64>, default: Duration| {
        a.or(b).map(Duration::from_secs).unwrap_or(default)
    };
    let ms = |a: Option<u64>, b: Option<u64>, default: Duration| {
        a.or(b).map(Duration::from_millis).unwrap_or(default)
    };
    crate::store::Timeouts {
        connect: secs(
            o.database_connect_timeout_secs,
            file.database_connect_timeout_secs,
            d.connect,
        ),
        statement: ms(
            o.database_statement_timeout_ms,
            file.database_statement_timeout_ms,
            d.statement,
        ),
        pool: ms(
            o.database_pool_timeout_ms,
            file.database_pool_timeout_ms,
            d.pool,
        ),
        request: ms(
            o.database_request_timeout_ms,
            file.database_request_timeout_ms,
            d.request,
        ),
        keepalive: secs(
            o.database_keepalive_secs,
            file.database_keepalive_secs,
            d.keepalive,
        ),
    }
}

/// The mail settings: flags/environment over the file over the defaults of a local run
/// (`.eml` files in `DATA_DIR/mail`).
fn mail_settings(
    o: &Overrides,
    file: &FileSettings,
    data_dir: &Path,
) -> Result<crate::mail::MailSettings, ConfigError> {
    let mut mail = crate::mail::MailSettings::local(data_dir);
    let invalid = |key: &'static str| {
        move |e: crate::mail::MailError| ConfigError::Invalid {
            key,
            message: e.to_string(),
        }
    };
    if let Some(t) = o.mail_transport.as_ref().or(file.mail_transport.as_ref()) {
        mail.transport = t.parse().map_err(invalid("mail_transport"))?;
    }
    if let Some(dir) = o.mail_dir.as_ref().or(file.mail_dir.as_ref()) {
        mail.file_dir = dir.clone();
    }
    if let Some(from) = o.mail_from.as_ref().or(file.mail_from.as_ref()) {
        mail.from = from.clone();
    }
    if let Some(host) = o.smtp_host.as_ref().or(file.smtp_host.as_ref()) {
        mail.smtp.host = host.clone();
    }
    mail.smtp.port = o.smtp_port.or(file.smtp_port);
    if let Some(s) = o.smtp_security.as_ref().or(file.smtp_security.as_ref()) {
        mail.smtp.security = s.parse().map_err(invalid("smtp_security"))?;
    }
    mail.smtp.user = o.smtp_username.clone().or(file.smtp_username.clone());
    mail.smtp.password = o
        .smtp_password
        .clone()
        .or(file.smtp_password.clone())
        .map(Secret);
    mail.validate().map_err(invalid("mail"))?;
    Ok(mail)
}

/// An origin as a browser sends it: `scheme://host[:port]`, no path.
fn parse_origin(s: &str) -> Result<String, String> {
    let url = url::Url::parse(s).map_err(|e| format!("{s:?} is not an origin: {e}"))?;
    let origin = url.origin();
    if !origin.is_tuple() || !matches!(url.scheme(), "http" | "https") {
        return Err(format!("{s:?} is not an http(s) origin"));
    }
    let o = origin.ascii_serialization();
    if o != s.trim_end_matches('/') {
        return Err(format!(
            "{s:?} is not an origin (`scheme://host[:port]`, no path): {o}?"
        ));
    }
    Ok(o)
}

/// The settings of replies by mail: off unless `inbound_secret` or `smtp_listen` is set;
/// then reply addresses are at `reply_domain`, by default the domain of the sender.
fn inbound_settings(
    o: &Overrides,
    file: &FileSettings,
    mail: &crate::mail::MailSettings,
) -> Result<crate::inbound::InboundSettings, ConfigError> {
    let mut s = crate::inbound::InboundSettings {
        secret: o
            .inbound_secret
            .clone()
            .or(file.inbound_secret.clone())
            .map(Secret),
        smtp_listen: o.smtp_listen.or(file.smtp_listen),
        tls_cert: o.smtp_listen_cert.clone().or(file.smtp_listen_cert.clone()),
        tls_key: o.smtp_listen_key.clone().or(file.smtp_listen_key.clone()),
        require_tls: o
            .smtp_listen_require_tls
            .or(file.smtp_listen_require_tls)
            .unwrap_or(false),
        trusted_authserv: o
            .inbound_trusted_authserv
            .clone()
            .or(file.inbound_trusted_authserv.clone()),
        ..Default::default()
    };
    let d = s.smtp_limits.clone();
    let count = |v: Option<u32>, key: &'static str, default: usize| match v {
        Some(0) => Err(ConfigError::Invalid {
            key,
            message: "must be at least 1".into(),
        }),
        Some(n) => Ok(usize::try_from(n).unwrap_or(usize::MAX)),
        None => Ok(default),
    };
    let secs = |v: Option<u64>, key: &'static str, default: std::time::Duration| match v {
        Some(0) => Err(ConfigError::Invalid {
            key,
            message: "must be at least 1".into(),
        }),
        Some(n) => Ok(std::time::Duration::from_secs(n)),
        None => Ok(default),
    };
    s.smtp_limits = crate::inbound::smtp::Limits {
        max_connections: count(
            o.smtp_listen_max_connections
                .or(file.smtp_listen_max_connections),
            "smtp_listen_max_connections",
            d.max_connections,
        )?,
        per_client: count(
            o.smtp_listen_per_client.or(file.smtp_listen_per_client),
            "smtp_listen_per_client",
            d.per_client,
        )?,
        idle: secs(
            o.smtp_listen_idle_secs.or(file.smtp_listen_idle_secs),
            "smtp_listen_idle_secs",
            d.idle,
        )?,
        session: secs(
            o.smtp_listen_session_secs.or(file.smtp_listen_session_secs),
            "smtp_listen_session_secs",
            d.session,
        )?,
        max_idle_commands: u32::try_from(count(
            o.smtp_listen_max_idle_commands
                .or(file.smtp_listen_max_idle_commands),
            "smtp_listen_max_idle_commands",
            usize::try_from(d.max_idle_commands).unwrap_or(usize::MAX),
        )?)
        .unwrap_or(u32::MAX),
    };
    // 0 is allowed: no talk by mail at all.
    if let Some(n) = o.reply_max_say_lines.or(file.reply_max_say_lines) {
        s.max_say_lines = usize::try_from(n).unwrap_or(usize::MAX);
    }
    if s.secret.as_ref().is_some_and(|x| x.0.len() < 16) {
        return Err(ConfigError::Invalid {
            key: "inbound_secret",
            message: "must be at least 16 bytes long".into(),
        });
    }
    if s.tls_cert.is_some() != s.tls_key.is_some() {
        return Err(ConfigError::Invalid {
            key: "smtp_listen_cert",
            message: "`smtp_listen_cert` and `smtp_listen_key` go together: set both or neither"
                .into(),
        });
    }
    if s.require_tls && s.tls_cert.is_none() {
        return Err(ConfigError::Invalid {
            key: "smtp_listen_require_tls",
            message: "needs `smtp_listen_cert` and `smtp_listen_key`".into(),
        });
    }
    if s.enabled() {
        let domain = o
            .reply_domain
            .clone()
            .or(file.reply_domain.clone())
            .or_else(|| crate::inbound::token::domain_of(&mail.from));
        s.reply_domain = Some(domain.ok_or_else(|| ConfigError::Invalid {
            key: "reply_domain",
            message: "no domain in `mail_from`: set `reply_domain`".into(),
        })?);
    }
    Ok(s)
}

fn read_file(path: &Path) -> Result<FileSettings, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_owned(),
        source,
    })?;
    toml::from_str(&text).map_err(|e| ConfigError::Parse {
        path: path.to_owned(),
        message: e.message().to_string(),
    })
}

/// One password hasher per CPU core.
fn default_hash_concurrency() -> u32 {
    std::thread::available_parallelism()
        .map(|n| u32::try_from(n.get()).unwrap_or(u32::MAX))
        .unwrap_or(1)
}

/// The cores less one (at least 1): mail pictures never take every core from turns.
pub(crate) fn default_draw_threads() -> u32 {
    default_hash_concurrency().saturating_sub(1).max(1)
}

fn default_database_url(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("hermes.sqlite3").display())
}

/// A URL fit for a log line or an error message: the password replaced by `***`.
pub fn redact_url(raw: &str) -> String {
    match url::Url::parse(raw) {
        Ok(mut u) if u.password().is_some() => {
            // Cannot fail: the URL has a host, or it could not hold a password.
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        Ok(u) if u.has_host() || !raw.contains('@') => u.to_string(),
        // Not a URL with a host: it might still hold `user:password@`; keep only what
        // follows the last `@`.
        _ => match raw.rsplit_once('@') {
            Some((_, host)) => format!("***@{host}"),
            None => raw.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn the_defaults_run_on_sqlite_in_the_data_directory() {
        let s = Settings::load(&Overrides::default()).unwrap();
        assert_eq!(s.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(s.data_dir, PathBuf::from("./data"));
        assert_eq!(s.database_url.0, "sqlite://./data/hermes.sqlite3");
        assert!(s.jwt_secret.is_none());
    }

    #[test]
    fn the_listener_certificate_comes_with_its_key_and_required_tls_needs_both() {
        let base = Overrides {
            smtp_listen: Some("127.0.0.1:2525".parse().unwrap()),
            ..Overrides::default()
        };
        let only_cert = Overrides {
            smtp_listen_cert: Some("/etc/hermes/cert.pem".into()),
            ..base.clone()
        };
        let err = Settings::load(&only_cert).unwrap_err().to_string();
        assert!(err.contains("smtp_listen_key"), "{err}");
        let required = Overrides {
            smtp_listen_require_tls: Some(true),
            ..base.clone()
        };
        let err = Settings::load(&required).unwrap_err().to_string();
        assert!(err.contains("smtp_listen_require_tls"), "{err}");
        let both = Overrides {
            smtp_listen_cert: Some("/etc/hermes/cert.pem".into()),
            smtp_listen_key: Some("/etc/hermes/key.pem".into()),
            smtp_listen_require_tls: Some(true),
            ..base
        };
        let s = Settings::load(&both).unwrap();
        assert!(s.inbound.require_tls);
        assert_eq!(
            s.inbound.tls_key,
            Some(PathBuf::from("/etc/hermes/key.pem"))
        );
    }

    #[test]
    fn a_file_overrides_the_defaults_and_flags_override_the_file() {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            f,
            "bind = \"127.0.0.1:9000\"\npool_size = 3\ndata_dir = \"/tmp/x\""
        )
        .unwrap();
        let mut o = Overrides {
            config: Some(f.path().to_owned()),
            ..Overrides::default()
        };
        let s = Settings::load(&o).unwrap();
        assert_eq!(s.bind.port(), 9000);
        assert_eq!(s.pool_size, 3);
        assert_eq!(s.database_url.0, "sqlite:///tmp/x/hermes.sqlite3");
        o.pool_size = Some(5);
        assert_eq!(Settings::load(&o).unwrap().pool_size, 5);
    }

    #[test]
    fn database_timeouts_and_retention_have_defaults_and_can_be_set() {
        use std::time::Duration;
        let s = Settings::load(&Overrides::default()).unwrap();
        assert_eq!(s.database, crate::store::Timeouts::default());
        assert_eq!(s.database.request, Duration::from_secs(10));
        assert_eq!(
            (s.outbox_retention_days, s.idempotency_retention_days),
            (30, 7)
        );
        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            f,
            "database_statement_timeout_ms = 1500\ndatabase_request_timeout_ms = 2500\n\
             outbox_retention_days = 0"
        )
        .unwrap();
        let mut o = Overrides {
            config: Some(f.path().to_owned()),
            database_connect_timeout_secs: Some(3),
            ..Overrides::default()
        };
        let s = Settings::load(&o).unwrap();
        assert_eq!(s.database.statement, Duration::from_millis(1500));
        assert_eq!(s.database.request, Duration::from_millis(2500));
        assert_eq!(s.database.connect, Duration::from_secs(3));
        assert_eq!(s.outbox_retention_days, 0);
        o.database_pool_timeout_ms = Some(0);
        let err = Settings::load(&o).unwrap_err().to_string();
        assert!(err.contains("database_pool_timeout_ms"), "{err}");
    }

    #[test]
    fn an_unknown_key_in_the_file_is_an_error() {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(f, "bnid = \"127.0.0.1:9000\"").unwrap();
        let o = Overrides {
            config: Some(f.path().to_owned()),
            ..Overrides::default()
        };
        let err = Settings::load(&o).unwrap_err().to_string();
        assert!(err.contains("bnid"), "{err}");
    }

    #[test]
    fn a_short_jwt_secret_is_refused() {
        let o = Overrides {
            jwt_secret: Some("short".into()),
            ..Overrides::default()
        };
        assert!(Settings::load(&o).is_err());
    }

    #[test]
    fn mail_settings_come_from_the_file_and_flags_and_never_print_the_password() {
        let s = Settings::load(&Overrides::default()).unwrap();
        assert_eq!(s.mail.transport, crate::mail::TransportKind::File);
        assert_eq!(s.mail.file_dir, PathBuf::from("./data/mail"));
        assert_eq!(s.mail.from, "Hermes <hermes@localhost>");
        assert_eq!((s.mail_max_attempts, s.mail_poll_ms), (10, 1000));

        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            f,
            "mail_transport = \"smtp\"\nsmtp_host = \"mx.test\"\nsmtp_security = \"tls\"\n\
             smtp_username = \"bob\"\nsmtp_password = \"hunter2-secret\"\n\
             mail_from = \"Game <game@x.test>\"\nmail_max_attempts = 3"
        )
        .unwrap();
        let mut o = Overrides {
            config: Some(f.path().to_owned()),
            ..Overrides::default()
        };
        let s = Settings::load(&o).unwrap();
        assert_eq!(s.mail.transport, crate::mail::TransportKind::Smtp);
        assert_eq!(s.mail.smtp.host, "mx.test");
        assert_eq!(s.mail.smtp.port(), 465);
        assert_eq!(s.mail.smtp.user.as_deref(), Some("bob"));
        assert_eq!(s.mail_max_attempts, 3);
        assert!(!format!("{s:?}").contains("hunter2"), "{s:?}");
        o.smtp_port = Some(2525);
        o.smtp_security = Some("none".into());
        let s = Settings::load(&o).unwrap();
        assert_eq!(s.mail.smtp.port(), 2525);
        o.smtp_security = Some("ssl".into());
        let err = Settings::load(&o).unwrap_err().to_string();
        assert!(err.contains("smtp_security"), "{err}");
        o.smtp_security = None;
        o.mail_max_attempts = Some(0);
        assert!(Settings::load(&o).is_err());
    }

    #[test]
    fn operations_settings_parse_and_refuse_what_is_wrong() {
        let s = Settings::load(&Overrides::default()).unwrap();
        assert_eq!(s.log_format, LogFormat::Text);
        assert!(s.trusted_proxies.is_empty() && s.metrics_token.is_none());

        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            f,
            "log_format = \"json\"\ntrusted_proxies = [\"10.0.0.0/8\", \"::1\"]\n\
             metrics_token = \"sixteen bytes or more\""
        )
        .unwrap();
        let mut o = Overrides {
            config: Some(f.path().to_owned()),
            ..Overrides::default()
        };
        let s = Settings::load(&o).unwrap();
        assert_eq!(s.log_format, LogFormat::Json);
        let nets: Vec<String> = s.trusted_proxies.iter().map(|n| n.to_string()).collect();
        assert_eq!(nets, ["10.0.0.0/8", "::1/128"]);
        assert!(!format!("{s:?}").contains("sixteen"));
        o.trusted_proxies = Some(vec!["192.0.2.7".into(), "nonsense".into()]);
        let err = Settings::load(&o).unwrap_err().to_string();
        assert!(
            err.contains("trusted_proxies") && err.contains("nonsense"),
            "{err}"
        );
        o.trusted_proxies = None;
        o.log_format = Some("xml".into());
        assert!(Settings::load(&o).is_err());
        o.log_format = None;
        o.metrics_token = Some("short".into());
        assert!(Settings::load(&o).is_err());
        o.metrics_token = None;
        o.public_url = Some("https://example.org/hermes?x=1".into());
        assert!(Settings::load(&o).is_err());
    }

    #[test]
    fn urls_are_printed_without_their_password() {
        assert_eq!(
            redact_url("postgres://bob:hunter2@db:5432/hermes"),
            "postgres://bob:***@db:5432/hermes"
        );
        assert_eq!(redact_url("sqlite://data/x.db"), "sqlite://data/x.db");
        assert!(!redact_url("bob:hunter2@db").contains("hunter2"));
        assert!(!format!("{:?}", Secret("hunter2".into())).contains("hunter2"));
    }
}
