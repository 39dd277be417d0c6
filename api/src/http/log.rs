//! `GET /games/{id}/log` (the action log, paged) and `GET /games/{id}/state?at=N` (the
//! view after entry N, recomputed from the seed and the log).

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::http::conditional;
use crate::http::games::ViewAs;
use crate::state::AppState;
use crate::store::games as store;
use crate::store::models::OVER;
use ::games::registry::visible_events;
use ::games::Logged;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

pub const MAX_PAGE: i64 = 500;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    /// Entries after this sequence number (default 0: from the start).
    #[serde(default)]
    pub since: i64,
    /// At most this many entries (default and maximum 500).
    pub limit: Option<i64>,
    /// The `next_cursor` of the page before (instead of `since`).
    pub cursor: Option<String>,
    #[serde(default, rename = "as")]
    pub as_: Option<ViewAs>,
}

pub async fn log(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<LogQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let LogQuery {
        since,
        limit,
        cursor,
        as_,
    } = query.into_inner();
    let since = match cursor.as_deref() {
        Some(c) => conditional::read_cursor(c)?["since"]
            .as_i64()
            .ok_or_else(|| {
                ApiError::bad_request(
                    "invalid_cursor",
                    "`cursor` must be a `next_cursor` this server gave",
                )
            })?,
        None => since,
    };
    let limit = limit.unwrap_or(MAX_PAGE);
    if since < 0 || !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request(
            "invalid_query",
            format!("`since` must be 0 or more and `limit` 1 to {MAX_PAGE}"),
        )
        .said("problem-since-and-limit", vec![("max", MAX_PAGE.into())]));
    }
    let reader = caller.user_id.clone();
    let (table, turns, talk) = state
        .db
        .conn(move |conn| {
            let table = Table::load_for(conn, &id, &reader)?;
            let turns = store::turns_since(conn, &id, since, limit)?;
            // The table talk of this page: what was said after each of its entries, and on the
            // first page what was said before the first turn (position 0).
            let from = if since == 0 {
                0
            } else {
                since.saturating_add(1)
            };
            let to = turns.last().map_or(since, |t| t.seq);
            let talk = if since > 0 && turns.is_empty() {
                Vec::new()
            } else {
                store::messages_between(conn, &id, from, to)?
            };
            Ok((table, turns, talk))
        })
        .await?;
    let said = |seq: i64| -> Vec<Value> {
        talk.iter()
            .filter(|(m, _)| m.at_seq == seq)
            .map(|(m, name)| crate::http::messages::out(m, name))
            .collect()
    };
    let viewer = table.viewer(&caller.user_id, as_ == Some(ViewAs::Spectator));
    let over = table.game.status == OVER;
    let mut entries = Vec::with_capacity(turns.len());
    for t in &turns {
        let events: Vec<Logged<Value>> =
            serde_json::from_str(&t.events).map_err(ApiError::internal)?;
        // A sealed turn (a Dreams guess) shows only that there was one, until the game is
        // over; its round's reveal event tells what it was.
        let readable = t.readable_by(viewer, over);
        let turn: Value = if readable {
            serde_json::from_str(&t.turn).map_err(ApiError::internal)?
        } else {
            Value::Null
        };
        entries.push(json!({
            "seq": t.seq,
            "seat": t.seat,
            "user_id": t.user_id,
            "at": t.created_at.and_utc(),
            "turn": turn,
            "notation": if readable { Some(&t.notation) } else { None },
            "sealed": !readable,
            // `player`, or `timeout`/`forfeit` when the service played for the seat.
            "source": t.source,
            "events": visible_events(&events, viewer, over),
            // Table talk posted after this turn and before the next, oldest first.
            "messages": said(t.seq),
        }));
    }
    let next_since = turns.last().map_or(since, |t| t.seq);
    let body = json!({
        "game_id": table.game.id,
        "seq": table.game.seq,
        "entries": entries,
        "next_since": next_since,
        // The log only grows: the cursor after this page also fetches what comes later.
        "next_cursor": conditional::cursor(&json!({ "since": next_since })),
        "has_more": next_since < table.game.seq,
        "messages_before_first_turn": if since == 0 { said(0) } else { Vec::new() },
    });
    Ok(conditional::json(
        &req,
        &caller.user_id,
        Some(table.game.seq),
        &body,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateQuery {
    /// After this many log entries (default: now).
    pub at: Option<i64>,
    #[serde(default, rename = "as")]
    pub as_: Option<ViewAs>,
}

pub async fn state_at(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<StateQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let StateQuery { at, as_ } = query.into_inner();
    let reader = caller.user_id.clone();
    let (table, turns) = state
        .db
        .conn(move |conn| {
            let table = Table::load_for(conn, &id, &reader)?;
            let at = at.unwrap_or(table.game.seq);
            if at < 0 || at > table.game.seq {
                return Err(ApiError::not_found(
                    "entry_not_found",
                    format!("`at` must be 0 to {}", table.game.seq),
                )
                .said(
                    "problem-entry-not-found",
                    vec![("last", table.game.seq.into())],
                ));
            }
            let turns = store::turns_upto(conn, &id, at)?;
            Ok((table, turns))
        })
        .await?;
    // Also 409 for a game that has not started: nothing to replay yet.
    table.engine(&state.hot)?;
    let game = &table.game;
    let replayed = table.replay(&turns)?;
    let viewer = table.viewer(&caller.user_id, as_ == Some(ViewAs::Spectator));
    Ok(HttpResponse::Ok().json(json!({
        "game_id": game.id,
        "at": turns.len(),
        "to_act": replayed.to_act(),
        "view": replayed.view(viewer),
    })))
}
