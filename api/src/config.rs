//! The server's settings: one source of truth.
//!
//! Owns: the list of settings, their defaults, and the order in which they are read —
//! defaults that run → an optional TOML file (`--config FILE` / `HERMES_CONFIG`) →
//! environment variables → command-line flags. Unknown keys in the file are errors.
//! Must not: log a secret (the JWT secret and a database password are redacted in
//! `Debug` and in every message).
//!
//! Each setting is declared once, in the `settings!` invocation below: its doc, its name
//! (the file key; the flag is the name with dashes), its type as read, its default, its
//! environment variable and the value name `--help` shows. From that one declaration come
//! the flag of [`Overrides`] (clap: flag, variable and `--help` text naming the file key and
//! the default), the file's key (`deny_unknown_fields`), the value resolved with its
//! default, the field of [`Settings`] (unless marked `@hand`: then a field written below
//! makes it, as a group such as `mail` or `webhooks`, or a parsed or checked type) and the
//! operators' settings table ([`settings_table`], kept in `docs/operators/settings.md` by the
//! test `settings_table`).

use crate::board::uploads::default_draw_threads;
pub use crate::secret::{redact_url, Secret};
use clap::Args;
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// Addresses without a confirmed account one user may invite per day, by default: more
/// than a player invites to a week of games, far too few to mail strangers with.
pub const DEFAULT_INVITE_UNCONFIRMED_PER_USER_PER_DAY: u32 = 20;

/// One declaration per setting; the grammar of one:
///
/// ```text
/// /// What it does, for `--help` and the settings table (the file key and the default
/// /// are added to both).
/// [@hand] name: Type = [DEFAULT], env "VARIABLE", value_name "N" [, clap_arg = value]*;
/// ```
///
/// `DEFAULT` is an expression of `Type` (the table and `--help` print its value),
/// `expr; shown "words"` (a default that depends on the machine, described in words), or
/// `none "words"` (no default: the value is an `Option`). `@hand`: the value is not a field
/// of [`Settings`] as it is; [`by_hand`] makes one of the fields listed first from it.
macro_rules! settings {
    (@value_ty $ty:ty; none $shown:literal) => { Option<$ty> };
    (@value_ty $ty:ty; $($default:tt)*) => { $ty };
    (@resolve $value:expr; none $shown:literal) => { $value };
    (@resolve $value:expr; $default:expr; shown $shown:literal) => {
        $value.unwrap_or_else(|| $default)
    };
    (@resolve $value:expr; $default:expr) => { $value.unwrap_or_else(|| $default) };
    (@shown $ty:ty; none $shown:literal) => { String::from($shown) };
    (@shown $ty:ty; $default:expr; shown $shown:literal) => { String::from($shown) };
    (@shown $ty:ty; $default:expr) => {{
        let default: $ty = $default;
        Show::show(&default)
    }};
    (@literal none $shown:literal) => { false };
    (@literal $default:expr; shown $shown:literal) => { false };
    (@literal $default:expr) => { true };
    (
        $(#[$settings_meta:meta])*
        pub struct Settings {
            $( $(#[$field_meta:meta])* pub $field:ident: $field_ty:ty, )*
        }
        $(
            $(#[doc = $doc:literal])*
            $(@$hand:ident)? $name:ident: $ty:ty = [$($default:tt)*],
                env $env:literal, value_name $value_name:literal
                $(, $arg:ident = $arg_value:expr)*;
        )*
    ) => {
        /// The settings as given by the environment or flags: every field optional.
        ///
        /// `hermes serve --help` prints each flag's doc with its file key and its default.
        #[derive(Debug, Default, Clone, Args)]
        pub struct Overrides {
            /// TOML file with settings (keys as below, e.g. `bind = "0.0.0.0:8080"`); unknown
            /// keys are errors.
            #[arg(long, env = "HERMES_CONFIG", value_name = "FILE")]
            pub config: Option<PathBuf>,
            $(
                #[arg(
                    long,
                    env = $env,
                    value_name = $value_name,
                    help = help_text(stringify!($name))
                    $(, $arg = $arg_value)*
                )]
                pub $name: Option<$ty>,
            )*
        }

        /// The keys a settings file may hold (`deny_unknown_fields`: a typo is an error).
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct FileSettings {
            $( $name: Option<$ty>, )*
        }

        /// Every declared setting's value: flags and environment over the file over the
        /// default.
        struct Values {
            $( $name: settings!(@value_ty $ty; $($default)*), )*
        }

        impl Values {
            fn resolve(o: &Overrides, file: FileSettings) -> Values {
                Values {
                    $( $name: settings!(@resolve o.$name.clone().or(file.$name); $($default)*), )*
                }
            }
        }

        $(#[$settings_meta])*
        pub struct Settings {
            $(
                $(#[cfg(any())] #[doc = stringify!($hand)])?
                $(#[doc = $doc])*
                pub $name: settings!(@value_ty $ty; $($default)*),
            )*
            $( $(#[$field_meta])* pub $field: $field_ty, )*
        }

        /// The fields of [`Settings`] that [`by_hand`] makes of `@hand` settings.
        struct ByHand {
            $( $field: $field_ty, )*
        }

        impl Settings {
            fn assemble(v: Values, hand: ByHand) -> Settings {
                Settings {
                    $( $(#[cfg(any())] #[cfg_attr(any(), $hand)])? $name: v.$name, )*
                    $( $field: hand.$field, )*
                }
            }
        }

        /// Every setting, in the order of `hermes serve --help` and of the settings table.
        pub const SETTINGS: &[Setting] = &[
            $(
                Setting {
                    key: stringify!($name),
                    env: $env,
                    value_name: $value_name,
                    doc: &[$($doc),*],
                    default: || settings!(@shown $ty; $($default)*),
                    literal: settings!(@literal $($default)*),
                },
            )*
        ];
    };
}

settings! {
    /// The resolved settings the server runs with.
    #[derive(Debug, Clone)]
    pub struct Settings {
        /// Kept secret because a Postgres URL may hold a password; see [`redact_url`].
        pub database_url: Secret,
        /// SQLite's `PRAGMA synchronous` (FULL unless the operator lowers it).
        pub sqlite_synchronous: crate::store::Synchronous,
        /// The drawing threads' nice value (Linux), at most 19.
        pub mail_draw_nice: u32,
        /// Each drawing thread's share of one core, in percent (1 to 100).
        pub mail_draw_share: u32,
        /// How long the service waits for its database at each step.
        pub database: crate::store::Timeouts,
        /// `None`: generate one and keep it in the data directory.
        pub jwt_secret: Option<Secret>,
        /// Where mail goes and who it is from (`Debug` hides the SMTP password).
        pub mail: crate::mail::MailSettings,
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
        pub inbound: crate::state::settings::InboundSettings,
        /// Webhooks: which addresses, how many attempts, when a hook is disabled.
        pub webhooks: crate::hooks::WebhookSettings,
        /// Deck uploads: how many at once, and the bounds on drawing their cards.
        pub decks: crate::http::decks::DeckSettings,
    }

    /// Address to listen on; port 0 picks a free port.
    bind: SocketAddr = [SocketAddr::from(([127, 0, 0, 1], 8080))],
        env "HERMES_BIND", value_name "ADDR";
    /// Directory for the SQLite database and the generated JWT secret.
    data_dir: PathBuf = [PathBuf::from("./data")],
        env "HERMES_DATA_DIR", value_name "DIR";
    /// `sqlite://PATH` (relative to the working directory; `sqlite:///abs/path` for an absolute
    /// one) or `postgres://user:password@host:port/db`.
    @hand database_url: String = [none "sqlite://DATA_DIR/hermes.sqlite3"],
        env "DATABASE_URL", value_name "URL", hide_env_values = true;
    /// Database connections per server process.
    pool_size: u32 = [8],
        env "HERMES_POOL_SIZE", value_name "N";
    /// SQLite: `full` syncs the write-ahead log at every commit, so no acknowledged turn is
    /// lost on a power loss or OS crash; `normal` syncs only at checkpoints (faster, never
    /// corrupt, but the last acknowledged turns may vanish on a power loss).
    @hand sqlite_synchronous: String = ["full".into()],
        env "HERMES_SQLITE_SYNCHRONOUS", value_name "full|normal";
    /// Games whose engine is kept in memory (least recently used evicted beyond it), so a turn
    /// parses no state.
    hot_games: u32 = [10_000],
        env "HERMES_HOT_GAMES", value_name "N";
    /// A game's full state (its snapshot) is rewritten every N turns and when it ends; in
    /// between, loading a game that is not in memory replays the log's turns after the
    /// snapshot. `1` rewrites it at every turn.
    snapshot_every: u32 = [32],
        env "HERMES_SNAPSHOT_EVERY", value_name "N";
    /// Threads that draw the board pictures of mails (at most this many at once, so mail never
    /// takes every core from turns).
    mail_draw_threads: u32 = [default_draw_threads();
        shown "the number of CPU cores less one, at least 1"],
        env "HERMES_MAIL_DRAW_THREADS", value_name "N";
    /// The nice value of those threads on Linux (0 to 19). A high one starves mail while turns
    /// keep the cores busy; `mail_draw_share` bounds mail's share instead.
    @hand mail_draw_nice: u32 = [0],
        env "HERMES_MAIL_DRAW_NICE", value_name "N";
    /// The share of one CPU core each drawing thread may use, in percent (1 to 100): after each
    /// mail it rests long enough to stay under it, so mail always progresses and never takes
    /// more.
    @hand mail_draw_share: u32 = [50],
        env "HERMES_MAIL_DRAW_SHARE", value_name "PERCENT";
    /// Threads that also draw mail pictures, under `SCHED_IDLE` and without a share (Linux
    /// only; 0 for none): they use the CPU time turns leave idle, and get a few thousandths of
    /// a core when turns keep every core busy.
    mail_draw_spare_threads: u32 = [1],
        env "HERMES_MAIL_DRAW_SPARE_THREADS", value_name "N";
    /// Drop a your-turn mail whose reader has already acted when the worker gets to it (the row
    /// is marked `superseded`, not sent).
    mail_drop_superseded: bool = [true],
        env "HERMES_MAIL_DROP_SUPERSEDED", value_name "BOOL";
    /// PostgreSQL: how long connecting may take, in seconds (libpq `connect_timeout`; at least
    /// 2).
    @hand database_connect_timeout_secs: u64 = [5],
        env "HERMES_DATABASE_CONNECT_TIMEOUT_SECS", value_name "S";
    /// How long one statement may run, in milliseconds: PostgreSQL `statement_timeout` and
    /// `tcp_user_timeout`; SQLite's `busy_timeout` (a writer waiting for another process's
    /// write lock; past it: 503 `database_busy`).
    @hand database_statement_timeout_ms: u64 = [5000],
        env "HERMES_DATABASE_STATEMENT_TIMEOUT_MS", value_name "MS";
    /// How long a request waits for a free database connection, in milliseconds (past it: 503
    /// `database_unavailable`).
    @hand database_pool_timeout_ms: u64 = [5000],
        env "HERMES_DATABASE_POOL_TIMEOUT_MS", value_name "MS";
    /// PostgreSQL: how long the database part of one request may take in all, in milliseconds,
    /// before it is answered 503 `database_unavailable` (a silent server).
    @hand database_request_timeout_ms: u64 = [10_000],
        env "HERMES_DATABASE_REQUEST_TIMEOUT_MS", value_name "MS";
    /// PostgreSQL: TCP keepalives begin after this many idle seconds (probes every third of it,
    /// three of them), so a dead server breaks idle connections.
    @hand database_keepalive_secs: u64 = [10],
        env "HERMES_DATABASE_KEEPALIVE_SECS", value_name "S";
    /// Sent mail is deleted from the outbox this many days after it was sent (0: kept forever).
    outbox_retention_days: u32 = [30],
        env "HERMES_OUTBOX_RETENTION_DAYS", value_name "DAYS";
    /// Stored answers to `Idempotency-Key` requests are deleted this many days after the
    /// request (0: kept forever); a key reused later is a new request.
    idempotency_retention_days: u32 = [7],
        env "HERMES_IDEMPOTENCY_RETENTION_DAYS", value_name "DAYS";
    /// Secret that signs JWTs (at least 32 bytes).
    @hand jwt_secret: String = [none "a random one, generated once and kept in DATA_DIR/jwt_secret"],
        env "HERMES_JWT_SECRET", value_name "SECRET", hide_env_values = true;
    /// The URL users reach the server at (used in links and as the JWT issuer).
    public_url: String = [none "http://BIND"],
        env "HERMES_PUBLIC_URL", value_name "URL";
    /// Lifetime of a login (access) token, in minutes.
    access_token_minutes: u32 = [15],
        env "HERMES_ACCESS_TOKEN_MINUTES", value_name "MIN";
    /// Login attempts allowed per minute from one IP address.
    login_per_ip_per_minute: u32 = [20],
        env "HERMES_LOGIN_PER_IP_PER_MINUTE", value_name "N";
    /// Login attempts allowed per minute for one email address from one client address (keyed
    /// by both, so that a stranger cannot lock the owner out).
    login_per_email_per_minute: u32 = [5],
        env "HERMES_LOGIN_PER_EMAIL_PER_MINUTE", value_name "N";
    /// Registrations (`POST /users`) allowed per hour from one client address.
    register_per_ip_per_hour: u32 = [10],
        env "HERMES_REGISTER_PER_IP_PER_HOUR", value_name "N";
    /// Password hashes (argon2id, about 19 MiB of memory each) computed at once; others wait.
    password_hash_concurrency: u32 = [default_hash_concurrency();
        shown "the number of CPU cores"],
        env "HERMES_PASSWORD_HASH_CONCURRENCY", value_name "N";
    /// How long a registration or login waits for a free password hasher before it gets 503
    /// with `Retry-After`, in milliseconds.
    password_hash_wait_ms: u64 = [5000],
        env "HERMES_PASSWORD_HASH_WAIT_MS", value_name "MS";
    /// Invitations mailed per day (24 hours) to one address that no confirmed account has; more
    /// invitations are recorded but not mailed.
    mail_unconfirmed_per_day: u32 = [3],
        env "HERMES_MAIL_UNCONFIRMED_PER_DAY", value_name "N";
    /// Table-talk messages one seat may post per minute at a table, by the API, the game page
    /// and mail replies together (a burst of that many, then one every 60/N s); more are
    /// refused (429 with `Retry-After`).
    talk_per_seat_per_minute: u32 = [20],
        env "HERMES_TALK_PER_SEAT_PER_MINUTE", value_name "N";
    /// For a player who asked for table talk by mail as it is posted: at most one talk mail a
    /// game per this many minutes; what is said meanwhile waits for it (or for the player's
    /// next turn mail, which tells it too). 0: a mail for each message.
    talk_mail_minutes: u32 = [10],
        env "HERMES_TALK_MAIL_MINUTES", value_name "MINUTES";
    /// Addresses that no confirmed account has which one user may invite to play per day (24
    /// hours), counted across all their games (a deleted game gives none back); an invitation
    /// beyond it is refused with 429 and `Retry-After`. 0: none.
    invite_unconfirmed_per_user_per_day: u32 = [DEFAULT_INVITE_UNCONFIRMED_PER_USER_PER_DAY],
        env "HERMES_INVITE_UNCONFIRMED_PER_USER_PER_DAY", value_name "N";
    // --- Time (the scheduler; see docs/players/deadlines.md) ---
    /// How often the scheduler looks for due reminders, timeouts and digests, in milliseconds.
    scheduler_tick_ms: u64 = [1000],
        env "HERMES_SCHEDULER_TICK_MS", value_name "MS";
    /// Engine bots thinking at once on this server (docs/players/bots.md), one blocking thread
    /// each; 0: this server plays no bot's turn (another one on the same database does).
    bot_threads: u32 = [1],
        env "HERMES_BOT_THREADS", value_name "N";
    /// How often the bot worker looks for bots' turns, in milliseconds (a turn on this server
    /// also wakes it at once).
    bot_poll_ms: u64 = [2000],
        env "HERMES_BOT_POLL_MS", value_name "MS";
    /// The hard bound on one bot's thinking, in milliseconds: past it the bot plays a random
    /// legal turn instead (its search is sized for about a second).
    bot_think_ms: u64 = [10_000],
        env "HERMES_BOT_THINK_MS", value_name "MS";
    /// How long before a seat's deadline its reminder goes out, in hours (0: none).
    reminder_before_hours: u32 = [24],
        env "HERMES_REMINDER_BEFORE_HOURS", value_name "H";
    /// Vacation days a player may take per calendar year (UTC).
    vacation_days_per_year: u32 = [30],
        env "HERMES_VACATION_DAYS_PER_YEAR", value_name "DAYS";
    // --- Mail (the outbox worker; see docs/operators/mail.md) ---
    /// How mail leaves: `file` (an `.eml` file per message in MAIL_DIR) or `smtp`.
    @hand mail_transport: String = ["file".into()],
        env "HERMES_MAIL_TRANSPORT", value_name "file|smtp";
    /// Where the file transport writes `.eml` files.
    @hand mail_dir: PathBuf = [none "DATA_DIR/mail"],
        env "HERMES_MAIL_DIR", value_name "DIR";
    /// The SMTP server's host name.
    @hand smtp_host: String = ["localhost".into()],
        env "HERMES_SMTP_HOST", value_name "HOST";
    /// The SMTP server's port.
    @hand smtp_port: u16 = [none "587 for starttls, 465 for tls, 25 for none"],
        env "HERMES_SMTP_PORT", value_name "PORT";
    /// `starttls` (must succeed), `tls` (from the first byte) or `none` (a local relay or a
    /// test only).
    @hand smtp_security: String = ["starttls".into()],
        env "HERMES_SMTP_SECURITY", value_name "starttls|tls|none";
    /// The SMTP login (with `smtp_password`).
    @hand smtp_username: String = [none "none"],
        env "HERMES_SMTP_USERNAME", value_name "USER";
    /// The SMTP password; never printed.
    @hand smtp_password: String = [none "none"],
        env "HERMES_SMTP_PASSWORD", value_name "PASSWORD", hide_env_values = true;
    /// The sender of every mail.
    @hand mail_from: String = ["Hermes <hermes@localhost>".into()],
        env "HERMES_MAIL_FROM", value_name "MAILBOX";
    /// Attempts at one mail before it is marked failed (kept, see `hermes outbox`).
    mail_max_attempts: u32 = [10],
        env "HERMES_MAIL_MAX_ATTEMPTS", value_name "N";
    /// How often the outbox worker looks for due mail, in milliseconds (a turn also wakes it at
    /// once).
    mail_poll_ms: u64 = [1000],
        env "HERMES_MAIL_POLL_MS", value_name "MS";
    /// An event stream (`GET /stream`, docs/clients/stream.md) sends a keep-alive line after this many
    /// milliseconds without an event.
    stream_keepalive_ms: u64 = [25_000],
        env "HERMES_STREAM_KEEPALIVE_MS", value_name "MS";
    /// Event streams one user may have open at once (on this server); one more is refused 429
    /// `too_many_streams`.
    stream_max_per_user: u32 = [20],
        env "HERMES_STREAM_MAX_PER_USER", value_name "N";
    /// Event streams this server keeps open at once; one more is refused 503 `streams_full`.
    stream_max_per_server: u32 = [2000],
        env "HERMES_STREAM_MAX_PER_SERVER", value_name "N";
    /// How stale this server's view of an account's credentials may be, in milliseconds: a
    /// password reset or a revoked token (through any server on the database) ends the access
    /// tokens and event streams it held here within this time.
    credentials_recheck_ms: u64 = [1000],
        env "HERMES_CREDENTIALS_RECHECK_MS", value_name "MS";
    // --- Operations (docs/operators/operations.md) ---
    /// Log lines as `text` (human) or `json` (one object a line, for a log collector).
    @hand log_format: String = ["text".into()],
        env "HERMES_LOG_FORMAT", value_name "text|json";
    /// A bearer token `GET /metrics` requires; unset, anyone who reaches the server may read
    /// the metrics.
    @hand metrics_token: String = [none "none"],
        env "HERMES_METRICS_TOKEN", value_name "TOKEN", hide_env_values = true;
    /// Reverse proxies whose `X-Forwarded-For` names the client (rate limits, logs): IP
    /// addresses or CIDR networks, comma-separated (a list in the file).
    @hand trusted_proxies: Vec<String> = [none "none"],
        env "HERMES_TRUSTED_PROXIES", value_name "IP|CIDR,...", value_delimiter = ',';
    /// Origins a browser client may call the API from (CORS), e.g. `https://client.example`,
    /// comma-separated (a list in the file).
    @hand cors_origins: Vec<String> = [none "none: no CORS"],
        env "HERMES_CORS_ORIGINS", value_name "ORIGIN,...", value_delimiter = ',';
    // --- Replies by mail (see docs/operators/replies.md) ---
    /// Shared secret of `POST /inbound/mail` (at least 16 bytes); setting it turns the endpoint
    /// on.
    @hand inbound_secret: String = [none "none: off"],
        env "HERMES_INBOUND_SECRET", value_name "SECRET", hide_env_values = true;
    /// Address of the built-in SMTP listener for replies, e.g. `0.0.0.0:25`.
    @hand smtp_listen: SocketAddr = [none "none: off"],
        env "HERMES_SMTP_LISTEN", value_name "ADDR";
    /// PEM certificate chain (leaf first) of the SMTP listener: with its key, STARTTLS is
    /// offered.
    @hand smtp_listen_cert: PathBuf = [none "none: no STARTTLS"],
        env "HERMES_SMTP_LISTEN_CERT", value_name "FILE";
    /// PEM private key of `smtp_listen_cert`.
    @hand smtp_listen_key: PathBuf = [none "none"],
        env "HERMES_SMTP_LISTEN_KEY", value_name "FILE";
    /// Refuse `MAIL` before STARTTLS (not for a public MX: RFC 3207 forbids it there).
    @hand smtp_listen_require_tls: bool = [false],
        env "HERMES_SMTP_LISTEN_REQUIRE_TLS", value_name "BOOL";
    /// Connections the SMTP listener serves at once; more are answered `421`.
    @hand smtp_listen_max_connections: u32 = [32],
        env "HERMES_SMTP_LISTEN_MAX_CONNECTIONS", value_name "N";
    /// Connections at once from one client (an IPv4 address, an IPv6 /64); more are answered
    /// `421`.
    @hand smtp_listen_per_client: u32 = [4],
        env "HERMES_SMTP_LISTEN_PER_CLIENT", value_name "N";
    /// Seconds a client may take over a command or a line of a message before the listener
    /// hangs up (`421`).
    @hand smtp_listen_idle_secs: u64 = [30],
        env "HERMES_SMTP_LISTEN_IDLE_SECS", value_name "SECS";
    /// Seconds one SMTP session may last in all.
    @hand smtp_listen_session_secs: u64 = [300],
        env "HERMES_SMTP_LISTEN_SESSION_SECS", value_name "SECS";
    /// Commands that bring no message further (`NOOP`, `RSET`, `EHLO`, refused ones…) a session
    /// may send between two messages.
    @hand smtp_listen_max_idle_commands: u32 = [10],
        env "HERMES_SMTP_LISTEN_MAX_IDLE_COMMANDS", value_name "N";
    /// `say:` lines posted from one reply by mail; the rest are not, and the answer says so
    /// (`0`: no talk by mail).
    @hand reply_max_say_lines: u32 = [10],
        env "HERMES_REPLY_MAX_SAY_LINES", value_name "N";
    /// The domain of reply addresses (`play+TOKEN@DOMAIN`).
    @hand reply_domain: String = [none "the domain of `mail_from`"],
        env "HERMES_REPLY_DOMAIN", value_name "DOMAIN";
    /// The authserv-id of a trusted upstream MTA: replies must then carry its
    /// `Authentication-Results` with a pass.
    @hand inbound_trusted_authserv: String = [none "none"],
        env "HERMES_INBOUND_TRUSTED_AUTHSERV", value_name "ID";
    // --- Webhooks (docs/clients/webhooks.md) ---
    /// Let webhooks call loopback, private, link-local and other non-public addresses (a
    /// receiver on the operator's own network; tests).
    @hand webhook_allow_private: bool = [false],
        env "HERMES_WEBHOOK_ALLOW_PRIVATE", value_name "BOOL";
    /// Attempts at one webhook delivery before it is given up.
    @hand webhook_max_attempts: u32 = [8],
        env "HERMES_WEBHOOK_MAX_ATTEMPTS", value_name "N";
    /// Failed attempts in a row after which a webhook may be disabled; the failures of one
    /// outage count once a retry window.
    @hand webhook_disable_after: u32 = [20],
        env "HERMES_WEBHOOK_DISABLE_AFTER", value_name "N";
    /// Hours a webhook must have been failing, with no success, before it is disabled (with
    /// `webhook_disable_after` failed attempts in a row).
    @hand webhook_disable_after_hours: u32 = [72],
        env "HERMES_WEBHOOK_DISABLE_AFTER_HOURS", value_name "HOURS";
    /// Undelivered deliveries kept for one webhook (failing, or disabled); the oldest over it
    /// are dropped and counted.
    @hand webhook_backlog: u32 = [1000],
        env "HERMES_WEBHOOK_BACKLOG", value_name "N";
    /// The wait before a delivery's first retry, in milliseconds (then doubling, at most an
    /// hour).
    @hand webhook_retry_base_ms: u64 = [30_000],
        env "HERMES_WEBHOOK_RETRY_BASE_MS", value_name "MS";
    /// How often the webhook worker looks for events and due deliveries, in milliseconds (an
    /// event also wakes it at once).
    @hand webhook_poll_ms: u64 = [1000],
        env "HERMES_WEBHOOK_POLL_MS", value_name "MS";
    /// Send webhook deliveries; `false` keeps them pending and sends nothing (a server that
    /// must not call out, as a contract test's).
    @hand webhook_deliver: bool = [true],
        env "HERMES_WEBHOOK_DELIVER", value_name "BOOL";
    // --- Deck uploads (docs/clients/decks.md) ---
    /// Deck uploads (`POST /decks`) drawn at once on this server, each on a core; more get 503
    /// `decks_busy` with `Retry-After`.
    @hand deck_uploads_at_once: u32 = [default_draw_threads();
        shown "the CPU cores less one, at least 1"],
        env "HERMES_DECK_UPLOADS_AT_ONCE", value_name "N";
    /// Deck uploads one user may have drawn at once; more get 429 `deck_upload_in_progress`
    /// with `Retry-After`.
    @hand deck_uploads_per_user: u32 = [1],
        env "HERMES_DECK_UPLOADS_PER_USER", value_name "N";
    /// Seconds one deck's drawing may take: the cards not drawn by then are not, and the upload
    /// gets 422 `deck_too_slow` naming the first of them.
    @hand deck_draw_secs: u64 = [60],
        env "HERMES_DECK_DRAW_SECS", value_name "SECS";
    /// The work one card's drawing may take, in millions of pixel operations (about a
    /// millisecond of a core each), estimated before drawing; more is 422 `card_too_complex`.
    @hand deck_card_work: u64 = [crate::board::DEFAULT_CARD_WORK_MILLIONS],
        env "HERMES_DECK_CARD_WORK", value_name "MILLIONS";
    /// The memory one card's drawing may take for its pictures, in MiB, estimated before
    /// drawing; more is 422 `card_too_complex`.
    @hand deck_card_memory_mib: u64 = [crate::board::DEFAULT_CARD_MEMORY_MIB],
        env "HERMES_DECK_CARD_MEMORY_MIB", value_name "MIB";
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
        let values = Values::resolve(overrides, file);
        let hand = by_hand(&values)?;
        let settings = Settings::assemble(values, hand);
        settings.check()?;
        Ok(settings)
    }

    /// The settings when nothing is set (no file, no environment, no flag): what a test or
    /// a benchmark starts from (`..Settings::defaults()`), so that a new setting takes its
    /// default there without an edit.
    pub fn defaults() -> Settings {
        Settings::load(&Overrides::default()).expect("the defaults are valid")
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

/// The fields of [`Settings`] made of `@hand` settings: groups, parsed and checked types.
fn by_hand(v: &Values) -> Result<ByHand, ConfigError> {
    let mail = mail_settings(v)?;
    let database = database_timeouts(v);
    let inbound = inbound_settings(v, &mail)?;
    let invalid = |key: &'static str| move |message: String| ConfigError::Invalid { key, message };
    Ok(ByHand {
        database_url: Secret(
            v.database_url
                .clone()
                .unwrap_or_else(|| default_database_url(&v.data_dir)),
        ),
        sqlite_synchronous: v
            .sqlite_synchronous
            .parse()
            .map_err(invalid("sqlite_synchronous"))?,
        mail_draw_nice: v.mail_draw_nice.min(19),
        mail_draw_share: v.mail_draw_share.clamp(1, 100),
        database,
        jwt_secret: v.jwt_secret.clone().map(Secret),
        mail,
        log_format: v.log_format.parse().map_err(invalid("log_format"))?,
        metrics_token: v.metrics_token.clone().map(Secret),
        trusted_proxies: v
            .trusted_proxies
            .as_ref()
            .map(|list| {
                list.iter()
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| parse_network(s))
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()
            .map_err(invalid("trusted_proxies"))?
            .unwrap_or_default(),
        cors_origins: v
            .cors_origins
            .as_ref()
            .map(|list| {
                list.iter()
                    .map(|s| s.trim())
                    .filter(|s| !s.is_empty())
                    .map(parse_origin)
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()
            .map_err(invalid("cors_origins"))?
            .unwrap_or_default(),
        inbound,
        webhooks: crate::hooks::WebhookSettings {
            allow_private: v.webhook_allow_private,
            max_attempts: v.webhook_max_attempts,
            disable_after: v.webhook_disable_after,
            disable_after_failing: std::time::Duration::from_secs(
                u64::from(v.webhook_disable_after_hours) * 3600,
            ),
            backlog: v.webhook_backlog,
            retry_base_ms: v.webhook_retry_base_ms,
            poll_ms: v.webhook_poll_ms,
            deliver: v.webhook_deliver,
        },
        decks: crate::http::decks::DeckSettings {
            uploads_at_once: v.deck_uploads_at_once,
            uploads_per_user: v.deck_uploads_per_user,
            draw_secs: v.deck_draw_secs,
            card_work_millions: v.deck_card_work,
            card_memory_mib: v.deck_card_memory_mib,
        },
    })
}

/// The database timeouts.
fn database_timeouts(v: &Values) -> crate::store::Timeouts {
    use std::time::Duration;
    crate::store::Timeouts {
        connect: Duration::from_secs(v.database_connect_timeout_secs),
        statement: Duration::from_millis(v.database_statement_timeout_ms),
        pool: Duration::from_millis(v.database_pool_timeout_ms),
        request: Duration::from_millis(v.database_request_timeout_ms),
        keepalive: Duration::from_secs(v.database_keepalive_secs),
    }
}

/// The mail settings: by default those of a local run (`.eml` files in `DATA_DIR/mail`).
fn mail_settings(v: &Values) -> Result<crate::mail::MailSettings, ConfigError> {
    let mut mail = crate::mail::MailSettings::local(&v.data_dir);
    let invalid = |key: &'static str| {
        move |e: crate::mail::MailError| ConfigError::Invalid {
            key,
            message: e.to_string(),
        }
    };
    mail.transport = v
        .mail_transport
        .parse()
        .map_err(invalid("mail_transport"))?;
    if let Some(dir) = &v.mail_dir {
        mail.file_dir = dir.clone();
    }
    mail.from = v.mail_from.clone();
    mail.smtp.host = v.smtp_host.clone();
    mail.smtp.port = v.smtp_port;
    mail.smtp.security = v.smtp_security.parse().map_err(invalid("smtp_security"))?;
    mail.smtp.user = v.smtp_username.clone();
    mail.smtp.password = v.smtp_password.clone().map(Secret);
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
    v: &Values,
    mail: &crate::mail::MailSettings,
) -> Result<crate::state::settings::InboundSettings, ConfigError> {
    let mut s = crate::state::settings::InboundSettings {
        secret: v.inbound_secret.clone().map(Secret),
        smtp_listen: v.smtp_listen,
        tls_cert: v.smtp_listen_cert.clone(),
        tls_key: v.smtp_listen_key.clone(),
        require_tls: v.smtp_listen_require_tls,
        trusted_authserv: v.inbound_trusted_authserv.clone(),
        // 0 is allowed: no talk by mail at all.
        max_say_lines: usize::try_from(v.reply_max_say_lines).unwrap_or(usize::MAX),
        ..Default::default()
    };
    let count = |n: u32, key: &'static str| match n {
        0 => Err(ConfigError::Invalid {
            key,
            message: "must be at least 1".into(),
        }),
        n => Ok(n),
    };
    let secs = |n: u64, key: &'static str| match n {
        0 => Err(ConfigError::Invalid {
            key,
            message: "must be at least 1".into(),
        }),
        n => Ok(std::time::Duration::from_secs(n)),
    };
    let size = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    s.smtp_limits = crate::inbound::smtp::Limits {
        max_connections: size(count(
            v.smtp_listen_max_connections,
            "smtp_listen_max_connections",
        )?),
        per_client: size(count(v.smtp_listen_per_client, "smtp_listen_per_client")?),
        idle: secs(v.smtp_listen_idle_secs, "smtp_listen_idle_secs")?,
        session: secs(v.smtp_listen_session_secs, "smtp_listen_session_secs")?,
        max_idle_commands: count(
            v.smtp_listen_max_idle_commands,
            "smtp_listen_max_idle_commands",
        )?,
    };
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
        let domain = v
            .reply_domain
            .clone()
            .or_else(|| crate::links::reply::domain_of(&mail.from));
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

/// The bot worker's settings, from the declared ones.
pub fn bot_settings(settings: &Settings) -> crate::state::settings::BotSettings {
    crate::state::settings::BotSettings {
        threads: usize::try_from(settings.bot_threads).unwrap_or(1),
        poll: std::time::Duration::from_millis(settings.bot_poll_ms.max(1)),
        think_cap: std::time::Duration::from_millis(settings.bot_think_ms.max(1)),
    }
}

/// The scheduler's and the game clocks' settings, from the declared ones.
pub fn time_settings(settings: &Settings) -> crate::state::settings::TimeSettings {
    use crate::state::settings::{days, TimeSettings};
    TimeSettings {
        tick: std::time::Duration::from_millis(settings.scheduler_tick_ms),
        remind_before: chrono::Duration::hours(i64::from(settings.reminder_before_hours)),
        vacation_days_per_year: settings.vacation_days_per_year,
        owner: format!("scheduler-{}", crate::store::models::new_id()),
        outbox_retention: days(settings.outbox_retention_days),
        idempotency_retention: days(settings.idempotency_retention_days),
        last_prune: Default::default(),
    }
}

fn default_database_url(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("hermes.sqlite3").display())
}

/// What the settings table and `--help` say of one declared setting.
pub struct Setting {
    /// The file key; the flag is `--` and the key with dashes.
    pub key: &'static str,
    /// The environment variable.
    pub env: &'static str,
    /// The value's name in `--help` (`N`, `MS`, `ADDR`…).
    pub value_name: &'static str,
    /// The doc comment's lines.
    pub doc: &'static [&'static str],
    /// The default, as `--help` prints it.
    pub default: fn() -> String,
    /// Whether the default is a value (printed as code in the table) or words.
    pub literal: bool,
}

impl Setting {
    /// The flag, as typed.
    pub fn flag(&self) -> String {
        format!("--{}", self.key.replace('_', "-"))
    }

    /// The doc comment as one line.
    pub fn doc_text(&self) -> String {
        self.doc
            .iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A default as `--help` and the table print it.
trait Show {
    fn show(&self) -> String;
}

macro_rules! show_by_display {
    ($($ty:ty),*) => {
        $(impl Show for $ty {
            fn show(&self) -> String {
                self.to_string()
            }
        })*
    };
}
show_by_display!(u16, u32, u64, bool, String, SocketAddr);

impl Show for PathBuf {
    fn show(&self) -> String {
        self.display().to_string()
    }
}

/// `--help`'s text of one flag: its doc, its file key, its default.
fn help_text(key: &str) -> String {
    let s = SETTINGS
        .iter()
        .find(|s| s.key == key)
        .expect("a declared setting");
    format!(
        "{} File key `{}`. [default: {}]",
        s.doc_text(),
        s.key,
        (s.default)()
    )
}

/// The operators' settings table, in Markdown: one row per declared setting.
pub fn settings_table() -> String {
    let cell = |text: &str| text.replace('|', "\\|");
    let mut table = String::from(
        "| File key | Environment variable | Flag | Default | What it sets |\n\
         |---|---|---|---|---|\n",
    );
    for s in SETTINGS {
        let default = if s.literal {
            format!("`{}`", (s.default)())
        } else {
            (s.default)()
        };
        table.push_str(&format!(
            "| `{}` | `{}` | `{} {}` | {} | {} |\n",
            s.key,
            s.env,
            s.flag(),
            cell(s.value_name),
            cell(&default),
            cell(&s.doc_text()),
        ));
    }
    table
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

    #[test]
    fn grouped_settings_read_flags_over_the_file_and_refuse_zero_by_name() {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            f,
            "webhook_backlog = 5\nwebhook_poll_ms = 7\nsmtp_listen_idle_secs = 9"
        )
        .unwrap();
        let mut o = Overrides {
            config: Some(f.path().to_owned()),
            webhook_poll_ms: Some(3),
            ..Overrides::default()
        };
        let s = Settings::load(&o).unwrap();
        assert_eq!((s.webhooks.backlog, s.webhooks.poll_ms), (5, 3));
        assert_eq!(s.inbound.smtp_limits.idle.as_secs(), 9);
        for zero in [
            Overrides {
                smtp_listen_max_idle_commands: Some(0),
                ..o.clone()
            },
            Overrides {
                webhook_backlog: Some(0),
                ..o.clone()
            },
        ] {
            let err = Settings::load(&zero).unwrap_err().to_string();
            assert!(err.contains("must be at least 1"), "{err}");
        }
        o.smtp_listen_max_idle_commands = Some(0);
        let err = Settings::load(&o).unwrap_err().to_string();
        assert_eq!(
            err,
            "setting `smtp_listen_max_idle_commands`: must be at least 1"
        );
    }

    #[test]
    fn the_declared_defaults_are_those_of_the_groups() {
        let s = Settings::load(&Overrides::default()).unwrap();
        let same = |a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| {
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        };
        same(&s.database, &crate::store::Timeouts::default());
        same(&s.webhooks, &crate::hooks::WebhookSettings::default());
        same(&s.decks, &crate::http::decks::DeckSettings::default());
        same(
            &s.inbound,
            &crate::state::settings::InboundSettings::default(),
        );
        same(
            &s.mail,
            &crate::mail::MailSettings::local(Path::new("./data")),
        );
    }

    #[test]
    fn every_setting_has_a_flag_a_variable_and_a_file_key_of_its_name() {
        use clap::CommandFactory;
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            overrides: Overrides,
        }
        let cmd = Cli::command();
        for s in SETTINGS {
            let arg = cmd
                .get_arguments()
                .find(|a| a.get_id() == s.key)
                .unwrap_or_else(|| panic!("no flag for {}", s.key));
            assert_eq!(arg.get_long(), Some(&s.flag()[2..]));
            assert_eq!(arg.get_env().and_then(|e| e.to_str()), Some(s.env));
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            assert!(help.contains(&format!("File key `{}`", s.key)), "{help}");
            assert!(help.contains(&(s.default)()), "{help}");
        }
        assert_eq!(cmd.get_arguments().count(), SETTINGS.len() + 1);
    }

    /// `docs/operators/settings.md` holds the table [`settings_table`] makes, between its
    /// markers; `HERMES_BLESS=1` rewrites it.
    #[test]
    fn settings_table() {
        const BEGIN: &str = "<!-- settings:begin -->\n";
        const END: &str = "<!-- settings:end -->";
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/operators/settings.md");
        let text = std::fs::read_to_string(&path).unwrap();
        let (Some(begin), Some(end)) = (text.find(BEGIN), text.find(END)) else {
            panic!("{} lacks the markers {BEGIN:?} and {END:?}", path.display());
        };
        let expected = format!(
            "{}{BEGIN}{}{}",
            &text[..begin],
            super::settings_table(),
            &text[end..]
        );
        if text == expected {
            return;
        }
        if std::env::var_os("HERMES_BLESS").is_some() {
            std::fs::write(&path, expected).unwrap();
            return;
        }
        panic!(
            "docs/operators/settings.md disagrees with the settings declared in \
             api/src/config.rs; rewrite its table with\n  \
             HERMES_BLESS=1 cargo test -p hermes-api --lib config::tests::settings_table"
        );
    }
}
