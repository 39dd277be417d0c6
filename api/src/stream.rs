//! Waking event streams (`GET /stream`, `GET /games/{id}/stream`; `docs/clients/stream.md`).
//!
//! Owns: the in-process hub a stream waits on, and on PostgreSQL the one listener
//! connection per server that turns other servers' `NOTIFY`s into wake-ups of this one's
//! streams. A wake-up carries no event: it names whose streams may have news, and each
//! stream then reads its events from the `events` table (`crate::store::events`), so a
//! lost or late wake-up delays an event (at most one keep-alive interval: a stream reads
//! again after every keep-alive) but never loses it.
//! Also owns the register of this server's open streams: the bounds on how many are open
//! (per user, per server), and the sweep that ends a stream whose credential stopped
//! working (a personal token revoked, a password reset, an account deleted, an access
//! token expired), through whichever server on the database that happened
//! (`crate::scheduler::streams`).
//! Must not: build or filter events (`crate::play::events` does, when they are written).

use crate::auth::Credential;
use crate::error::ApiError;
use crate::store::events::{Listener, Wake};
use crate::store::Db;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::{broadcast, Notify};

/// How often the PostgreSQL listener looks for notifications. diesel exposes libpq's
/// `PQnotifies` but not the connection's socket to wait on, so the listener reads what
/// arrived every this often: a non-blocking read on an idle socket, no query.
pub const LISTEN_POLL: Duration = Duration::from_millis(50);
/// How often the listener checks that its connection is alive (a `SELECT 1`).
const LISTEN_PING: Duration = Duration::from_secs(15);

/// The hub's settings.
#[derive(Debug, Clone, Copy)]
pub struct HubSettings {
    /// Quiet time after which a stream sends a keep-alive line (`stream_keepalive_ms`).
    pub keepalive: Duration,
    /// Streams one user may have open at once (`stream_max_per_user`).
    pub max_per_user: usize,
    /// Streams this server keeps open at once (`stream_max_per_server`).
    pub max_per_server: usize,
    /// How often the open streams' credentials are checked (`credentials_recheck_ms`).
    pub recheck: Duration,
    /// Streams' database work at once ([`Hub::with_conn`]).
    pub db_at_once: usize,
}

/// The streams of this server wait here.
pub struct Hub {
    tx: broadcast::Sender<Arc<Wake>>,
    /// Quiet time after which a stream sends a keep-alive line (`stream_keepalive_ms`).
    pub keepalive: Duration,
    settings: HubSettings,
    open: Mutex<Open>,
    /// Wakes the sweep before its interval is up (a token revoked, a password reset here).
    sweep_now: Notify,
    /// Bounds the streams' database work at once ([`Hub::with_conn`]).
    db: tokio::sync::Semaphore,
}

/// The open streams of this server.
#[derive(Default)]
struct Open {
    next: u64,
    streams: HashMap<u64, Registered>,
    per_user: HashMap<String, usize>,
}

struct Registered {
    user_id: String,
    credential: Credential,
    end: Arc<End>,
}

/// Tells one stream that its credential stopped working.
#[derive(Default)]
pub struct End {
    ended: AtomicBool,
    notify: Notify,
}

impl End {
    pub fn end(&self) {
        self.ended.store(true, Ordering::SeqCst);
        self.notify.notify_one();
    }

    pub fn is_ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }

    /// Until the stream is ended.
    pub async fn wait(&self) {
        // `notify_one` keeps a permit when no one waits: an end between the check and the
        // wait is not missed.
        while !self.is_ended() {
            self.notify.notified().await;
        }
    }
}

/// A stream's place in the register: it leaves it when dropped (the stream closed).
pub struct Ticket {
    hub: Arc<Hub>,
    id: u64,
    pub end: Arc<End>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.hub.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = open.streams.remove(&self.id) {
            if let Some(n) = open.per_user.get_mut(&r.user_id) {
                *n -= 1;
                if *n == 0 {
                    open.per_user.remove(&r.user_id);
                }
            }
        }
    }
}

impl Hub {
    pub fn new(settings: HubSettings) -> Arc<Hub> {
        let (tx, _) = broadcast::channel(1024);
        Arc::new(Hub {
            tx,
            keepalive: settings.keepalive,
            settings,
            open: Mutex::new(Open::default()),
            sweep_now: Notify::new(),
            db: tokio::sync::Semaphore::new(settings.db_at_once.max(1)),
        })
    }

    /// [`Db::conn`] for the streams, a few at a time. One event wakes
    /// every stream that tells it, and each then reads: a thousand reads at once, of which
    /// the pool serves a few while the others each held a blocking thread to wait for a
    /// connection. Hundreds of threads came and went, and the allocator's memory for each
    /// (about a megabyte) stayed. Waiting here costs a task, not a thread.
    pub async fn with_conn<T, F>(&self, db: &Db, f: F) -> crate::error::ApiResult<T>
    where
        F: FnOnce(&mut crate::store::DbConn) -> crate::error::ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        // The semaphore is never closed.
        let _permit = self.db.acquire().await.map_err(ApiError::internal)?;
        db.conn(f).await
    }

    /// A place for a new stream of `user_id`, opened with `credential`; refused past the
    /// bounds: 429 `too_many_streams` (this user's), 503 `streams_full` (this server's).
    /// Either says to try again after a keep-alive interval: a stream whose client is gone
    /// is found out when its next keep-alive cannot be sent.
    pub fn register(
        self: &Arc<Hub>,
        user_id: &str,
        credential: Credential,
    ) -> Result<Ticket, ApiError> {
        let retry = self.keepalive.as_secs().max(1);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mine = open.per_user.get(user_id).copied().unwrap_or(0);
        if mine >= self.settings.max_per_user {
            return Err(ApiError::new(
                http::StatusCode::TOO_MANY_REQUESTS,
                "too_many_streams",
                format!(
                    "you have {mine} event streams open on this server, the most one user may \
                     (`stream_max_per_user`); close one, or retry after {retry} s"
                ),
            )
            .with("limit", self.settings.max_per_user)
            .with_retry_after(retry));
        }
        if open.streams.len() >= self.settings.max_per_server {
            return Err(ApiError::new(
                http::StatusCode::SERVICE_UNAVAILABLE,
                "streams_full",
                format!(
                    "this server has as many event streams open as it keeps \
                     (`stream_max_per_server`); retry after {retry} s"
                ),
            )
            .with_retry_after(retry));
        }
        open.next += 1;
        let id = open.next;
        let end = Arc::new(End::default());
        open.streams.insert(
            id,
            Registered {
                user_id: user_id.to_string(),
                credential,
                end: end.clone(),
            },
        );
        *open.per_user.entry(user_id.to_string()).or_default() += 1;
        Ok(Ticket {
            hub: self.clone(),
            id,
            end,
        })
    }

    /// How many streams are open on this server.
    pub fn open_count(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .streams
            .len()
    }

    /// Check the open streams' credentials now rather than at the next interval (one was
    /// revoked here).
    pub fn recheck_now(&self) {
        self.sweep_now.notify_one();
    }

    /// Wake the streams `wake` names (after the transaction that wrote their events has
    /// committed: a stream woken earlier would read nothing new).
    pub fn wake(&self, wake: Wake) {
        if !wake.is_empty() {
            // No receiver: no stream is open; nothing to do.
            let _ = self.tx.send(Arc::new(wake));
        }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Wake>> {
        self.tx.subscribe()
    }
}

/// Waits until the open streams' credentials are due to be checked again: every
/// `credentials_recheck_ms`, and at once when this server revoked one
/// ([`Hub::recheck_now`]). The sweep that checks them is the scheduler's
/// (`crate::scheduler::streams`).
impl Hub {
    pub async fn until_recheck(&self) {
        tokio::select! {
            () = tokio::time::sleep(self.settings.recheck) => {}
            () = self.sweep_now.notified() => {}
        }
    }

    /// This server's open streams that have not ended: whose, opened with what, and how
    /// to end each.
    pub fn held(&self) -> Vec<(String, Credential, Arc<End>)> {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.streams
            .values()
            .filter(|r| !r.end.is_ended())
            .map(|r| (r.user_id.clone(), r.credential.clone(), r.end.clone()))
            .collect()
    }
}

/// PostgreSQL: listen on [`CHANNEL`](crate::store::events::CHANNEL) on a connection of
/// its own ([`Listener`]), in a thread of its own, waking this server's streams for every
/// notification (from any server, this one included). Reconnects after a failure, then
/// wakes every stream (a notification may have been missed meanwhile). Ends when the hub
/// is dropped (the server stopped).
pub fn listen(url: String, hub: &Arc<Hub>) {
    let hub = Arc::downgrade(hub);
    let spawned = std::thread::Builder::new()
        .name("hermes-listen".into())
        .spawn(move || listen_loop(&url, &hub));
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start the event listener; streams fall back to their keep-alive reads");
    }
}

fn listen_loop(url: &str, hub: &Weak<Hub>) {
    let mut first = true;
    while hub.strong_count() > 0 {
        match listen_once(url, hub, first) {
            Ok(()) => return,
            Err(e) => {
                tracing::warn!(error = %e, "event listener lost its connection; reconnecting");
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        first = false;
    }
}

/// Listen until the hub is gone (`Ok`) or the connection fails (`Err`).
fn listen_once(url: &str, hub: &Weak<Hub>, first: bool) -> Result<(), String> {
    let mut listener = Listener::open(url)?;
    if !first {
        match hub.upgrade() {
            Some(h) => h.wake(Wake::everyone()),
            None => return Ok(()),
        }
    }
    let mut since_ping = Duration::ZERO;
    loop {
        let Some(h) = hub.upgrade() else {
            return Ok(());
        };
        listener.each_payload(|payload| {
            let wake = serde_json::from_str::<Wake>(payload).unwrap_or_else(|_| Wake::everyone());
            h.wake(wake);
        })?;
        drop(h);
        std::thread::sleep(LISTEN_POLL);
        since_ping += LISTEN_POLL;
        if since_ping >= LISTEN_PING {
            since_ping = Duration::ZERO;
            listener.ping()?;
        }
    }
}
