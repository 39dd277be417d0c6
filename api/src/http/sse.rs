//! The machinery of an event stream, shared by the API's streams (`stream.rs`: `/stream`,
//! `/games/{id}/stream`, held by a bearer credential) and the pages' (`live.rs`, held by
//! a page's session or turn link); `docs/clients/stream.md`.
//!
//! A stream reads its events from the `events` table after the last id it sent, sends
//! them, then waits for a wake-up (`crate::stream::Hub`) or for the keep-alive interval,
//! and reads again. NDJSON (one JSON object a line) unless the client asks for
//! `text/event-stream` (Server-Sent Events). Resumes after `Last-Event-ID` or `?since=`;
//! without either it starts with the events that happen from now on.
//!
//! A stream lives as long as the credential it was opened with: it ends when the hub's
//! sweep finds it revoked (`crate::scheduler::streams`), when an access token's expiry comes,
//! and before sending any event read after the credential stopped working (each read
//! checks it on the same connection, after the events: an event committed after a
//! revocation is never sent). It holds at most [`BATCH`] events and about
//! [`PENDING_BYTES`] of them at once: a client that reads slowly is sent the rest later,
//! from the table, rather than buffered here.

use crate::auth::Credential;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::events::{self as store, Event, Wake};
use crate::stream::Ticket;
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::broadcast;
use tokio::time::Instant;

/// Events read at once.
const BATCH: i64 = 16;
/// A read's events are framed until they take this many bytes (at least one is); the
/// others are read again when these are sent. A message event may take 12 KB (2,000
/// characters, escaped): two hundred of them, buffered for each of a thousand slow
/// clients, were half a gigabyte.
const PENDING_BYTES: usize = 16 * 1024;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamQuery {
    /// Resume after this event id (as `Last-Event-ID`).
    pub since: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Ndjson,
    Sse,
}

/// Whose events a stream tells.
#[derive(Clone)]
pub enum Target {
    User(String),
    Game(String),
}

impl Target {
    fn woken_by(&self, wake: &Wake) -> bool {
        match self {
            Target::User(u) => wake.wakes_user(u),
            Target::Game(g) => wake.wakes_game(g),
        }
    }
}

fn format_of(req: &HttpRequest) -> Format {
    let wants_sse = req
        .headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("text/event-stream"));
    if wants_sse {
        Format::Sse
    } else {
        Format::Ndjson
    }
}

/// Where to resume: `?since=` or else `Last-Event-ID`; `None` when neither is given.
fn resume_from(req: &HttpRequest, query: &StreamQuery) -> ApiResult<Option<i64>> {
    let given = match &query.since {
        Some(s) => Some(("since", s.clone())),
        None => req
            .headers()
            .get("last-event-id")
            .map(|v| ("Last-Event-ID", v.to_str().unwrap_or("").to_string())),
    };
    let Some((name, raw)) = given else {
        return Ok(None);
    };
    match raw.trim().parse::<i64>() {
        Ok(n) if n >= 0 => Ok(Some(n)),
        _ => Err(ApiError::bad_request(
            "invalid_event_id",
            format!("`{name}` must be an event id (a whole number, 0 or more) from this stream"),
        )
        .said("problem-event-id", vec![("name", name.into())])),
    }
}

/// Open a stream of `target`'s events for `user_id`, held by `credential`.
pub async fn open(
    state: web::Data<AppState>,
    req: &HttpRequest,
    query: StreamQuery,
    user_id: &str,
    target: Target,
    credential: Credential,
) -> ApiResult<HttpResponse> {
    let format = format_of(req);
    let since = resume_from(req, &query)?;
    // Within the bounds on open streams, or refused before anything else is done.
    let ticket = state.streams.register(user_id, credential.clone())?;
    // An access token ends the stream when it expires (as the JWT checks have it).
    let expires = match &credential {
        Credential::Access { expires, .. } => {
            let left = expires.saturating_sub(chrono::Utc::now().timestamp());
            let left = std::time::Duration::from_secs(u64::try_from(left).unwrap_or(0));
            Some(Instant::now() + left)
        }
        Credential::Personal { .. } => None,
    };
    // Listen before reading where to start: a wake-up in between is not missed.
    let wakes = state.streams.subscribe();
    let cursor = match since {
        Some(n) => n,
        None => {
            state
                .streams
                .with_conn(&state.db, |conn| Ok(store::last_id(conn)?))
                .await?
        }
    };
    let keepalive = state.streams.keepalive;
    let mut pending = VecDeque::new();
    // A first line at once: the client knows the stream is open (and a proxy sends the
    // headers on).
    pending.push_back(keepalive_line(format));
    let stream = Stream {
        state,
        user_id: user_id.to_string(),
        credential,
        ticket,
        expires,
        target,
        format,
        wakes,
        cursor,
        pending,
        next_keepalive: Instant::now() + keepalive,
        // Starting from now there is nothing to read yet: the first wake-up says when.
        read_now: since.is_some(),
    };
    let body = futures_util::stream::unfold(stream, |mut s| async move {
        let item = s.next().await;
        item.map(|i| (i, s))
    });
    let content_type = match format {
        Format::Sse => "text/event-stream",
        Format::Ndjson => "application/x-ndjson",
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // nginx: do not buffer the stream.
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}

struct Stream {
    state: web::Data<AppState>,
    /// Who opened the stream, and with what: checked at each read.
    user_id: String,
    credential: Credential,
    /// The stream's place among the open ones; the sweep ends the stream through it.
    ticket: Ticket,
    /// When an access token's stream ends.
    expires: Option<Instant>,
    target: Target,
    format: Format,
    wakes: broadcast::Receiver<Arc<Wake>>,
    /// The last event id sent (or where the stream started).
    cursor: i64,
    pending: VecDeque<Bytes>,
    next_keepalive: Instant,
    /// Read the table before waiting again.
    read_now: bool,
}

impl Stream {
    /// The next chunk to send; `None` ends the stream: the database failed (the client
    /// reconnects with the last id it saw), or the credential it was opened with stopped
    /// working (reconnecting is refused 401, which says why).
    async fn next(&mut self) -> Option<Result<Bytes, actix_web::Error>> {
        loop {
            if self.ticket.end.is_ended() {
                return None;
            }
            if let Some(line) = self.pending.pop_front() {
                return Some(Ok(line));
            }
            if self.read_now {
                self.read_now = false;
                let (target, after) = (self.target.clone(), self.cursor);
                let (user, credential) = (self.user_id.clone(), self.credential.clone());
                let now = self.state.clock.now_naive();
                let read = self
                    .state
                    .streams
                    .with_conn(&self.state.db, move |conn| {
                        let events = match &target {
                            Target::User(u) => store::for_user(conn, u, after, BATCH)?,
                            Target::Game(g) => store::for_game(conn, g, after, BATCH)?,
                        };
                        // After the read: what was committed before it, a revocation
                        // included, is seen here.
                        let live = events.is_empty()
                            || crate::auth::still_live(conn, &[(&user, &credential)], now, None)?
                                .first()
                                .copied()
                                .unwrap_or(false);
                        Ok((events, live))
                    })
                    .await;
                let events = match read {
                    Ok((_, false)) => {
                        tracing::info!(user.id = %self.user_id, "event stream ends: its credential no longer works");
                        return None;
                    }
                    Ok((events, true)) => events,
                    Err(e) => {
                        tracing::warn!(error = %e, "event stream ends: cannot read its events");
                        return None;
                    }
                };
                // A full batch: there may be more; read again before waiting.
                self.read_now = events.len() as i64 == BATCH;
                let mut bytes = 0;
                for event in events {
                    if bytes >= PENDING_BYTES {
                        // The rest is read again once these are sent.
                        self.read_now = true;
                        break;
                    }
                    self.cursor = event.id;
                    let line = event_line(self.format, &event);
                    bytes += line.len();
                    self.pending.push_back(line);
                }
                if !self.pending.is_empty() {
                    self.next_keepalive = Instant::now() + self.state.streams.keepalive;
                }
                continue;
            }
            tokio::select! {
                () = self.ticket.end.wait() => return None,
                () = until(self.expires) => return None,
                woke = self.wakes.recv() => match woke {
                    Ok(wake) => self.read_now = self.target.woken_by(&wake),
                    // Missed wake-ups: read, to be sure.
                    Err(broadcast::error::RecvError::Lagged(_)) => self.read_now = true,
                    // The server is stopping.
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                () = tokio::time::sleep_until(self.next_keepalive) => {
                    self.next_keepalive = Instant::now() + self.state.streams.keepalive;
                    // Read after each keep-alive too: a wake-up lost on the way (a
                    // listener reconnecting) delays an event, never loses it.
                    self.read_now = true;
                    return Some(Ok(keepalive_line(self.format)));
                }
            }
        }
    }
}

/// Until `at`, or for ever.
async fn until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn keepalive_line(format: Format) -> Bytes {
    match format {
        Format::Sse => Bytes::from_static(b": keepalive\n\n"),
        Format::Ndjson => Bytes::from_static(b"{\"type\":\"keepalive\"}\n"),
    }
}

/// One event as its format frames it: SSE `id:`/`event:`/`data:` lines and a blank line;
/// NDJSON one object with its `id`, and a newline.
fn event_line(format: Format, event: &Event) -> Bytes {
    let mut data: serde_json::Value =
        serde_json::from_str(&event.data).unwrap_or(serde_json::Value::Null);
    data["id"] = serde_json::json!(event.id);
    // serde_json writes no newline inside an object: one `data:` line is enough.
    let json = data.to_string();
    match format {
        Format::Sse => Bytes::from(format!(
            "id: {}\nevent: {}\ndata: {json}\n\n",
            event.id, event.kind
        )),
        Format::Ndjson => Bytes::from(format!("{json}\n")),
    }
}
