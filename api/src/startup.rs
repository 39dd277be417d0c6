//! Building the server from settings: open the database, find the JWT secret, bind.
//!
//! The server binds its own `TcpListener`, so a test asks for port 0 and reads back the
//! port it got.

use crate::auth::hashing::Hashers;
use crate::auth::jwt::Keys;
use crate::auth::ratelimit::{LoginLimits, RegisterLimits, TalkLimits};
use crate::clock::{SharedClock, SystemClock};
use crate::config::{redact_url, Settings};
use crate::game::hot::HotGames;
use crate::http;
use crate::secret::write_private;
use crate::state::AppState;
use crate::store;
use actix_web::dev::Server;
use actix_web::middleware::{from_fn, Condition, ErrorHandlers, NormalizePath, TrailingSlash};
use actix_web::{web, App, HttpServer};
use std::net::TcpListener;
use std::path::Path;
use std::sync::{Arc, Mutex};

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Store(#[from] store::StartupError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("the JWT secret in {path}: {reason}")]
    Secret { path: String, reason: String },
    #[error("mail: {0}")]
    Mail(#[from] crate::mail::MailError),
    #[error(transparent)]
    SmtpTls(#[from] crate::inbound::smtp::TlsError),
    #[error("webhooks: cannot build the HTTP client: {0}")]
    Webhooks(String),
}

pub struct Application {
    port: u16,
    url: String,
    server: Server,
    /// The outbox worker, started by [`Application::run_until_stopped`].
    outbox: Option<crate::outbox::Worker>,
    /// The webhook worker, started with the outbox worker.
    webhooks: Option<crate::webhooks::Worker>,
    /// What every handler shares; the scheduler runs on it.
    state: web::Data<AppState>,
    /// The built-in SMTP listener for replies (`smtp_listen`), bound, not yet serving,
    /// and its TLS when a certificate is configured.
    smtp: Option<(TcpListener, Option<crate::inbound::smtp::Tls>)>,
    smtp_port: Option<u16>,
}

impl Application {
    /// Open the database (running migrations), bind, and build the server; nothing is
    /// served until [`Application::run_until_stopped`].
    pub fn build(settings: Settings) -> Result<Application, StartupError> {
        Application::build_with_clock(settings, Arc::new(SystemClock))
    }

    /// As [`Application::build`], telling time by `clock` (tests jump days ahead).
    pub fn build_with_clock(
        settings: Settings,
        clock: SharedClock,
    ) -> Result<Application, StartupError> {
        tracing::info!(
            version = crate::VERSION,
            commit = crate::COMMIT.unwrap_or("unknown"),
            "Hermes {} starting",
            crate::VERSION
        );
        let backend = store::DatabaseUrl::parse(&settings.database_url.0)?.backend();
        let (pool, manager) = store::open_durable(
            &settings.database_url.0,
            settings.pool_size,
            &settings.database,
            settings.sqlite_synchronous,
        )?;
        tracing::info!(
            backend,
            url = %redact_url(&settings.database_url.0),
            "database ready"
        );
        let secret = match &settings.jwt_secret {
            Some(s) => s.0.clone().into_bytes(),
            None => kept_secret(&settings.data_dir)?,
        };
        let listener = TcpListener::bind(settings.bind).map_err(|source| StartupError::Bind {
            addr: settings.bind,
            source,
        })?;
        let local = listener.local_addr().map_err(|source| StartupError::Bind {
            addr: settings.bind,
            source,
        })?;
        let url = format!("http://{local}");
        let public_url = settings.public_url.clone().unwrap_or_else(|| url.clone());
        let sqlite_writer = (backend == "sqlite").then(|| Arc::new(Mutex::new(())));
        // Both backends: concurrent turns share one commit (`store::group`).
        let thread_reads = (backend == "sqlite").then(|| manager.clone());
        let group_commit = Some(
            store::group::GroupCommit::start(manager, sqlite_writer.clone()).map_err(|e| {
                store::StartupError::Unreachable {
                    url: redact_url(&settings.database_url.0),
                    reason: format!("cannot start the writer thread: {e}"),
                }
            })?,
        );
        let mut metrics = crate::metrics::Metrics::new(
            settings.metrics_token.as_ref().map(|t| t.0.as_str()),
            std::time::Duration::from_millis(settings.scheduler_tick_ms),
        );
        if let Some(group) = &group_commit {
            metrics.register_batches(group.counts().batches());
        }
        let state = web::Data::new(AppState {
            db: store::Db {
                pool,
                sqlite_writer,
                group_commit,
                deadline: (backend == "postgres").then_some(settings.database.request),
                thread_reads,
            },
            hot: HotGames::new(settings.hot_games),
            snapshot_every: i64::from(settings.snapshot_every.max(1)),
            keys: Keys::new(&secret, &public_url),
            login_limits: LoginLimits::new(
                settings.login_per_ip_per_minute,
                settings.login_per_email_per_minute,
            ),
            register_limits: RegisterLimits::new(settings.register_per_ip_per_hour),
            talk_limits: TalkLimits::new(settings.talk_per_seat_per_minute),
            talk_mail_minutes: settings.talk_mail_minutes,
            hashers: Hashers::new(
                settings.password_hash_concurrency,
                std::time::Duration::from_millis(settings.password_hash_wait_ms),
            ),
            mail_unconfirmed_per_day: settings.mail_unconfirmed_per_day,
            invite_unconfirmed_per_user_per_day: settings.invite_unconfirmed_per_user_per_day,
            access_token_minutes: settings.access_token_minutes,
            public_url: public_url.clone(),
            clock,
            time: crate::config::time_settings(&settings),
            mail_wake: crate::outbox::new_wake(),
            bot_wake: Arc::new(tokio::sync::Notify::new()),
            bots: crate::config::bot_settings(&settings),
            metrics,
            trusted_proxies: settings.trusted_proxies.clone(),
            base_path: http::edge::base_path(&public_url),
            inbound: settings.inbound.clone(),
            streams: crate::stream::Hub::new(crate::stream::HubSettings {
                keepalive: std::time::Duration::from_millis(settings.stream_keepalive_ms),
                max_per_user: usize::try_from(settings.stream_max_per_user).unwrap_or(usize::MAX),
                max_per_server: usize::try_from(settings.stream_max_per_server)
                    .unwrap_or(usize::MAX),
                recheck: std::time::Duration::from_millis(settings.credentials_recheck_ms),
                // Half the pool: turns and the rest keep the other half.
                db_at_once: usize::try_from(settings.pool_size / 2).unwrap_or(1).max(1),
            }),
            epochs: crate::auth::epochs::Epochs::new(std::time::Duration::from_millis(
                settings.credentials_recheck_ms,
            )),
            credential_lookups: tokio::sync::Semaphore::new(
                usize::try_from(settings.pool_size / 2).unwrap_or(1).max(1),
            ),
            webhooks: settings.webhooks.clone(),
            decks: crate::http::decks::DeckUploads::new(settings.decks.clone()),
        });
        if let store::DatabaseUrl::Postgres(url) =
            store::DatabaseUrl::parse(&settings.database_url.0)?
        {
            crate::stream::listen(
                store::postgres_url_with_timeouts(&url, &settings.database),
                &state.streams,
            );
        }
        let outbox = crate::outbox::Worker::new(
            state.clone().into_inner(),
            crate::outbox::WorkerSettings {
                mail: settings.mail.clone(),
                max_attempts: settings.mail_max_attempts,
                poll: std::time::Duration::from_millis(settings.mail_poll_ms),
                draw_threads: usize::try_from(settings.mail_draw_threads).unwrap_or(1),
                draw_nice: settings.mail_draw_nice,
                draw_share: settings.mail_draw_share,
                draw_spare_threads: usize::try_from(settings.mail_draw_spare_threads).unwrap_or(0),
                drop_superseded: settings.mail_drop_superseded,
            },
        )?;
        tracing::info!("mail: {}", outbox.describe());
        let webhooks =
            crate::webhooks::Worker::new(state.clone().into_inner(), settings.webhooks.clone())
                .map_err(StartupError::Webhooks)?;
        let smtp = match settings.inbound.smtp_listen {
            Some(addr) => {
                // A certificate that cannot be used stops the start, before anything binds.
                let tls = match (&settings.inbound.tls_cert, &settings.inbound.tls_key) {
                    (Some(cert), Some(key)) => Some(crate::inbound::smtp::Tls {
                        config: crate::inbound::smtp::tls_config(cert, key)?,
                        required: settings.inbound.require_tls,
                    }),
                    _ => None,
                };
                let listener = TcpListener::bind(addr)
                    .map_err(|source| StartupError::Bind { addr, source })?;
                Some((listener, tls))
            }
            None => None,
        };
        let smtp_port = smtp
            .as_ref()
            .and_then(|(l, _)| l.local_addr().ok())
            .map(|a| a.port());
        let scheduler_state = state.clone();
        let cors_origins = settings.cors_origins.clone();
        let server = HttpServer::new(move || {
            App::new()
                // Innermost: a refused preflight still comes out as problem+json.
                .wrap(Condition::new(
                    !cors_origins.is_empty(),
                    cors(&cors_origins),
                ))
                .app_data(state.clone())
                .app_data(crate::http::problem::json_config())
                .app_data(crate::http::problem::query_config())
                .app_data(crate::http::problem::path_config())
                .configure(http::routes)
                .default_service(web::to(crate::http::problem::not_found))
                .wrap(
                    ErrorHandlers::new()
                        .default_handler(crate::http::problem::problem_for_bare_errors),
                )
                .wrap(NormalizePath::new(TrailingSlash::Trim))
                // The reader's language, for every page the request renders.
                .wrap(from_fn(http::page_lang::scope))
                // Request ids, HEAD as GET, the public URL's prefix, one access-log line
                // per request (no headers, no query: a mail link's token is in the
                // query; silence it with RUST_LOG=info,hermes::access=warn), latency.
                .wrap(from_fn(http::edge::edge))
        })
        // A client that closes its side of the connection has gone: its request's work is
        // dropped (a deck upload stops drawing between two cards) rather than finished for
        // nobody. (actix keeps serving a half-closed connection by default.)
        .h1_allow_half_closed(false)
        .listen(listener)
        .map_err(|source| StartupError::Bind {
            addr: settings.bind,
            source,
        })?
        .run();
        Ok(Application {
            port: local.port(),
            url,
            server,
            outbox: Some(outbox),
            webhooks: Some(webhooks),
            state: scheduler_state,
            smtp,
            smtp_port,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of the built-in SMTP listener, if it is on.
    pub fn smtp_port(&self) -> Option<u16> {
        self.smtp_port
    }

    /// Where the server listens, e.g. `http://127.0.0.1:8080`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The state the handlers share: tests run [`crate::scheduler::tick`] on it.
    pub fn state(&self) -> Arc<AppState> {
        self.state.clone().into_inner()
    }

    /// Stops the server from outside (tests, signals).
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Serve, with the outbox worker running beside the server until it stops.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let outbox = self.outbox.map(|w| tokio::spawn(w.run()));
        let webhooks = self.webhooks.map(|w| tokio::spawn(w.run()));
        let scheduler = tokio::spawn(crate::scheduler::run(self.state.clone().into_inner()));
        let bots = tokio::spawn(crate::scheduler::bots::run(self.state.clone().into_inner()));
        let sweep = tokio::spawn(crate::scheduler::streams::sweep(
            self.state.clone().into_inner(),
        ));
        if let Some((listener, tls)) = self.smtp {
            let name = self
                .state
                .inbound
                .reply_domain
                .clone()
                .unwrap_or_else(|| "localhost".to_string());
            tracing::info!(
                addr = ?listener.local_addr().ok(),
                starttls = tls.is_some(),
                "smtp: listening for replies"
            );
            crate::inbound::smtp::serve(listener, self.state.clone().into_inner(), name, tls);
        }
        let result = self.server.await;
        if let Some(task) = outbox {
            task.abort();
        }
        if let Some(task) = webhooks {
            task.abort();
        }
        scheduler.abort();
        bots.abort();
        sweep.abort();
        result
    }
}

/// CORS for `origins` (`cors_origins`): the methods and headers the API uses; the
/// response headers a client reads (ETag, Location, retries, request ids) exposed.
fn cors(origins: &[String]) -> actix_cors::Cors {
    use actix_web::http::{header, Method};
    let mut cors = actix_cors::Cors::default()
        .allowed_methods([
            Method::GET,
            Method::HEAD,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allowed_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::ACCEPT,
            header::IF_MATCH,
            header::IF_NONE_MATCH,
            header::HeaderName::from_static("idempotency-key"),
            header::HeaderName::from_static("x-request-id"),
        ])
        .expose_headers([
            header::ETAG,
            header::LOCATION,
            header::RETRY_AFTER,
            header::HeaderName::from_static("idempotent-replayed"),
            header::HeaderName::from_static("x-request-id"),
        ])
        .max_age(3600);
    for origin in origins {
        cors = cors.allowed_origin(origin);
    }
    cors
}

/// The JWT secret kept in the data directory, generated on first start so that a restart
/// keeps tokens valid.
fn kept_secret(data_dir: &Path) -> Result<Vec<u8>, StartupError> {
    let path = data_dir.join("jwt_secret");
    let fail = |reason: String| StartupError::Secret {
        path: path.display().to_string(),
        reason,
    };
    match std::fs::read_to_string(&path) {
        Ok(s) if s.trim().len() >= 32 => {
            tracing::info!(path = %path.display(), "no JWT secret configured: using the one kept in the data directory");
            return Ok(s.trim().as_bytes().to_vec());
        }
        Ok(_) => {
            return Err(fail(
                "shorter than 32 bytes; delete it to generate a new one".into(),
            ))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(fail(e.to_string())),
    }
    std::fs::create_dir_all(data_dir).map_err(|e| fail(e.to_string()))?;
    let secret = hex::encode(rand::random::<[u8; 32]>());
    write_private(&path, secret.as_bytes()).map_err(|e| fail(e.to_string()))?;
    tracing::warn!(
        path = %path.display(),
        "no JWT secret configured: generated one and kept it in the data directory \
         (set HERMES_JWT_SECRET when several servers share a database)"
    );
    Ok(secret.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_secret_is_kept_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = kept_secret(dir.path()).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(kept_secret(dir.path()).unwrap(), first);
    }
}
