//! `/stream` and `/games/{id}/stream`: event streams (`docs/stream.md`).
//!
//! A stream reads its events from the `events` table after the last id it sent, sends
//! them, then waits for a wake-up (`crate::stream::Hub`) or for the keep-alive interval,
//! and reads again. NDJSON (one JSON object a line) unless the client asks for
//! `text/event-stream` (Server-Sent Events). Resumes after `Last-Event-ID` or `?since=`;
//! without either it starts with the events that happen from now on.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::http::with_conn;
use crate::play::Table;
use crate::state::AppState;
use crate::store::events::{self as store, Event, Wake};
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::broadcast;
use tokio::time::Instant;

/// Events read at once.
const BATCH: i64 = 200;

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

#[derive(Clone)]
enum Target {
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

/// `GET /stream`: the caller's events.
pub async fn user(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    query: web::Query<StreamQuery>,
) -> ApiResult<HttpResponse> {
    open(
        state,
        &req,
        query.into_inner(),
        Target::User(caller.user_id),
    )
    .await
}

/// `GET /games/{id}/stream`: the game's public events, for anyone who may read the game.
pub async fn game(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    path: web::Path<String>,
    query: web::Query<StreamQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let game_id = id.clone();
    // Who may watch the game (its `watchers`), as every read path: 404 to the others.
    with_conn(&state, move |conn| {
        Table::load_for(conn, &game_id, &caller.user_id).map(|_| ())
    })
    .await?;
    open(state, &req, query.into_inner(), Target::Game(id)).await
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
        )),
    }
}

async fn open(
    state: web::Data<AppState>,
    req: &HttpRequest,
    query: StreamQuery,
    target: Target,
) -> ApiResult<HttpResponse> {
    let format = format_of(req);
    let since = resume_from(req, &query)?;
    // Listen before reading where to start: a wake-up in between is not missed.
    let wakes = state.streams.subscribe();
    let cursor = match since {
        Some(n) => n,
        None => with_conn(&state, |conn| Ok(store::last_id(conn)?)).await?,
    };
    let keepalive = state.streams.keepalive;
    let mut pending = VecDeque::new();
    // A first line at once: the client knows the stream is open (and a proxy sends the
    // headers on).
    pending.push_back(keepalive_line(format));
    let stream = Stream {
        state,
        target,
        format,
        wakes,
        cursor,
        pending,
        next_keepalive: Instant::now() + keepalive,
        read_now: true,
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
    /// The next chunk to send; `None` ends the stream (the database failed: the client
    /// reconnects with the last id it saw).
    async fn next(&mut self) -> Option<Result<Bytes, actix_web::Error>> {
        loop {
            if let Some(line) = self.pending.pop_front() {
                return Some(Ok(line));
            }
            if self.read_now {
                self.read_now = false;
                let (target, after) = (self.target.clone(), self.cursor);
                let read = with_conn(&self.state, move |conn| {
                    Ok(match &target {
                        Target::User(u) => store::for_user(conn, u, after, BATCH)?,
                        Target::Game(g) => store::for_game(conn, g, after, BATCH)?,
                    })
                })
                .await;
                let events = match read {
                    Ok(events) => events,
                    Err(e) => {
                        tracing::warn!(error = %e, "event stream ends: cannot read its events");
                        return None;
                    }
                };
                // A full batch: there may be more; read again before waiting.
                self.read_now = events.len() as i64 == BATCH;
                for event in events {
                    self.cursor = event.id;
                    self.pending.push_back(event_line(self.format, &event));
                }
                if !self.pending.is_empty() {
                    self.next_keepalive = Instant::now() + self.state.streams.keepalive;
                }
                continue;
            }
            tokio::select! {
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
