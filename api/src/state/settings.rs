//! The settings the runtime carries for the edges that read them: the scheduler's and the
//! game clocks' ([`TimeSettings`]) and the replies by mail's ([`InboundSettings`]). Filled
//! from the declared settings by `crate::config`.

use crate::secret::Secret;
use crate::store::models::new_id;
use chrono::Duration;
use std::net::SocketAddr;

/// What the scheduler and the clocks of games are set up with.
#[derive(Debug, Clone)]
pub struct TimeSettings {
    /// How often the scheduler wakes.
    pub tick: std::time::Duration,
    /// How long before a deadline the reminder goes (zero: none).
    pub remind_before: Duration,
    /// Vacation budget per calendar year (UTC).
    pub vacation_days_per_year: u32,
    /// Names this server's leases (random per process start).
    pub owner: String,
    /// Sent mail older than this is deleted from the outbox (`None`: kept).
    pub outbox_retention: Option<Duration>,
    /// Stored idempotent answers older than this are deleted (`None`: kept).
    pub idempotency_retention: Option<Duration>,
    /// When this process last pruned (by the clock); pruning runs at most every
    /// `crate::scheduler::PRUNE_EVERY`. Only an economy: pruning twice deletes nothing more.
    pub last_prune: std::sync::Arc<std::sync::Mutex<Option<chrono::NaiveDateTime>>>,
}

/// What the bot worker (`crate::scheduler::bots`) is set up with.
#[derive(Debug, Clone)]
pub struct BotSettings {
    /// Bots thinking at once on this server (one blocking thread each); 0: this server
    /// plays no bot's turn (another server sharing the database does).
    pub threads: usize,
    /// How often the worker looks for bots' turns besides being woken (turns of other
    /// servers, lapsed leases).
    pub poll: std::time::Duration,
    /// The hard bound on one bot's thinking: past it the bot plays a random turn instead.
    pub think_cap: std::time::Duration,
}

impl Default for BotSettings {
    fn default() -> BotSettings {
        BotSettings {
            threads: 1,
            poll: std::time::Duration::from_secs(2),
            think_cap: std::time::Duration::from_secs(10),
        }
    }
}

/// `n` days, or `None` for 0 (kept for ever).
pub fn days(n: u32) -> Option<Duration> {
    (n > 0).then(|| Duration::days(i64::from(n)))
}

impl Default for TimeSettings {
    fn default() -> TimeSettings {
        TimeSettings {
            tick: std::time::Duration::from_secs(1),
            remind_before: Duration::hours(24),
            vacation_days_per_year: 30,
            owner: format!("scheduler-{}", new_id()),
            outbox_retention: days(30),
            idempotency_retention: days(7),
            last_prune: Default::default(),
        }
    }
}

/// How replies by mail are read (`docs/operators/replies.md`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboundSettings {
    /// `POST /inbound/mail` takes mail when this is set: as `Authorization: Bearer SECRET`
    /// or as `X-Hermes-Signature: sha256=HEX` (HMAC-SHA256 of the body under it).
    pub secret: Option<Secret>,
    /// The built-in SMTP listener listens here when set.
    pub smtp_listen: Option<SocketAddr>,
    /// The listener's PEM certificate chain and key: STARTTLS is offered when both are
    /// set (`smtp_listen_cert`, `smtp_listen_key`).
    pub tls_cert: Option<std::path::PathBuf>,
    pub tls_key: Option<std::path::PathBuf>,
    /// `MAIL` is refused before STARTTLS (`smtp_listen_require_tls`).
    pub require_tls: bool,
    /// The domain of the reply addresses; `None` while replies are not read (neither way
    /// in is on): then your-turn mail has no `Reply-To`.
    pub reply_domain: Option<String>,
    /// The `authserv-id` of an upstream MTA whose `Authentication-Results` header is
    /// trusted: when set, a reply must carry one from it that vouches for the From domain
    /// (`dmarc=pass header.from=DOMAIN` or `dkim=pass header.d=DOMAIN`: `crate::mail::authres`).
    pub trusted_authserv: Option<String>,
    /// Larger messages are refused before they are parsed.
    pub max_bytes: usize,
    /// Answers to one address per hour; beyond, replies are recorded and not played.
    pub answers_per_hour: i64,
    /// `say:` lines posted from one reply (`reply_max_say_lines`); the rest are not, and
    /// the answer says so.
    pub max_say_lines: usize,
    /// The built-in listener's bounds on its clients (`smtp_listen_*`).
    pub smtp_limits: SmtpLimits,
}

impl Default for InboundSettings {
    fn default() -> InboundSettings {
        InboundSettings {
            secret: None,
            smtp_listen: None,
            tls_cert: None,
            tls_key: None,
            require_tls: false,
            reply_domain: None,
            trusted_authserv: None,
            max_bytes: 1024 * 1024,
            answers_per_hour: 60,
            max_say_lines: 10,
            smtp_limits: SmtpLimits::default(),
        }
    }
}

impl InboundSettings {
    /// Is either way in on?
    pub fn enabled(&self) -> bool {
        self.secret.is_some() || self.smtp_listen.is_some()
    }
}

/// The listener's bounds on its clients (`smtp_listen_*` settings, `docs/operators/replies.md`).
///
/// One client must not be able to keep others out: it gets `per_client` of the
/// `max_connections`, and each of its connections ends when it falls silent for `idle`,
/// when it has lasted `session`, or after `max_idle_commands` commands that bring no
/// message further (`NOOP`, `RSET`, `HELO`/`EHLO`, `HELP`, `VRFY`, `EXPN`, and any command
/// refused) since its last message. Refusals are `421`: the sender tries again later.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpLimits {
    /// Connections at once (`smtp_listen_max_connections`).
    pub max_connections: usize,
    /// Connections at once from one client (`smtp_listen_per_client`): an IPv4 address,
    /// or an IPv6 /64 (one host's usual share).
    pub per_client: usize,
    /// The longest a client may take over a command, or a line of a message
    /// (`smtp_listen_idle_secs`).
    pub idle: std::time::Duration,
    /// The longest session (`smtp_listen_session_secs`).
    pub session: std::time::Duration,
    /// Commands without progress between two messages (`smtp_listen_max_idle_commands`).
    pub max_idle_commands: u32,
}

impl Default for SmtpLimits {
    fn default() -> SmtpLimits {
        SmtpLimits {
            max_connections: 32,
            per_client: 4,
            idle: std::time::Duration::from_secs(30),
            session: std::time::Duration::from_secs(300),
            max_idle_commands: 10,
        }
    }
}
