//! Waking event streams (`GET /stream`, `GET /games/{id}/stream`; `docs/stream.md`).
//!
//! Owns: the in-process hub a stream waits on, and on PostgreSQL the one listener
//! connection per server that turns other servers' `NOTIFY`s into wake-ups of this one's
//! streams. A wake-up carries no event: it names whose streams may have news, and each
//! stream then reads its events from the `events` table (`crate::store::events`), so a
//! lost or late wake-up delays an event (at most one keep-alive interval: a stream reads
//! again after every keep-alive) but never loses it.
//! Must not: build or filter events (`crate::play::events` does, when they are written).

use crate::store::events::{Wake, CHANNEL};
use diesel::{Connection, RunQueryDsl};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often the PostgreSQL listener looks for notifications. diesel exposes libpq's
/// `PQnotifies` but not the connection's socket to wait on, so the listener reads what
/// arrived every this often: a non-blocking read on an idle socket, no query.
pub const LISTEN_POLL: Duration = Duration::from_millis(50);
/// How often the listener checks that its connection is alive (a `SELECT 1`).
const LISTEN_PING: Duration = Duration::from_secs(15);

/// The streams of this server wait here.
pub struct Hub {
    tx: broadcast::Sender<Arc<Wake>>,
    /// Quiet time after which a stream sends a keep-alive line (`stream_keepalive_secs`).
    pub keepalive: Duration,
}

impl Hub {
    pub fn new(keepalive: Duration) -> Arc<Hub> {
        let (tx, _) = broadcast::channel(1024);
        Arc::new(Hub { tx, keepalive })
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

/// PostgreSQL: listen on [`CHANNEL`] on a connection of its own, in a thread of its own,
/// waking this server's streams for every notification (from any server, this one
/// included). Reconnects after a failure, then wakes every stream (a notification may
/// have been missed meanwhile). Ends when the hub is dropped (the server stopped).
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
    let mut conn = diesel::pg::PgConnection::establish(url).map_err(|e| e.to_string())?;
    diesel::sql_query(format!("LISTEN {CHANNEL}"))
        .execute(&mut conn)
        .map_err(|e| e.to_string())?;
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
        for note in conn.notifications_iter() {
            let note = note.map_err(|e| e.to_string())?;
            let wake =
                serde_json::from_str::<Wake>(&note.payload).unwrap_or_else(|_| Wake::everyone());
            h.wake(wake);
        }
        drop(h);
        std::thread::sleep(LISTEN_POLL);
        since_ping += LISTEN_POLL;
        if since_ping >= LISTEN_PING {
            since_ping = Duration::ZERO;
            diesel::sql_query("SELECT 1")
                .execute(&mut conn)
                .map_err(|e| e.to_string())?;
        }
    }
}
