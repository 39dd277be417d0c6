//! `POST /games/{id}/turns` (one turn of the caller's seat) and `GET /games/{id}/legal`.
//!
//! Exactly once under retries and races: the request names the sequence it was based on
//! (`expected_seq` or `If-Match: "N"`), and the store writes the turn only if the game is
//! still there; an `Idempotency-Key` makes a retry return the first response.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, JSON_LIMIT};
use crate::http::games::{etag, Table};
use crate::http::with_conn;
use crate::outbox::compose::{self, TurnFacts};
use crate::state::AppState;
use crate::store::deadlines::Timing;
use crate::store::games::{self as store, Advance, SubmitError};
use crate::store::models::{Idempotent, Turn, RUNNING, SOURCE_PLAYER};
use crate::store::DbConn;
use ::games::registry::{visible_events, AnyGame, TurnError};
use ::games::{Logged, Outcome, RuleError, Viewer};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// A turn sent as JSON.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnBody {
    #[serde(default, deserialize_with = "crate::http::optional_integer")]
    expected_seq: Option<i64>,
    /// The engine's turn as JSON…
    turn: Option<Value>,
    /// …or the turn in the game's text notation.
    notation: Option<String>,
}

/// What the client asked for, read from the body and headers.
struct Submission {
    expected_seq: i64,
    idempotency_key: Option<String>,
    request_hash: String,
}

enum TurnInput {
    Json(Value),
    Notation(String),
}

fn read_submission(
    req: &HttpRequest,
    game_id: &str,
    body: &[u8],
) -> ApiResult<(Submission, TurnInput)> {
    if body.len() > JSON_LIMIT {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("the body is larger than {JSON_LIMIT} bytes"),
        ));
    }
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let if_match = if_match(req)?;
    let (input, body_seq) = match content_type.as_str() {
        "application/json" => {
            let b: TurnBody = serde_json::from_slice(body).map_err(|e| {
                if e.is_data() {
                    ApiError::unprocessable("invalid_body", format!("the body does not fit: {e}"))
                } else {
                    ApiError::bad_request("malformed_json", format!("the body is not JSON: {e}"))
                }
            })?;
            let input = match (b.turn, b.notation) {
                (Some(t), None) => TurnInput::Json(t),
                (None, Some(n)) => TurnInput::Notation(n),
                _ => {
                    return Err(ApiError::unprocessable(
                        "invalid_body",
                        "send exactly one of `turn` (JSON) and `notation` (text)",
                    ))
                }
            };
            (input, b.expected_seq)
        }
        "text/plain" => {
            let text = std::str::from_utf8(body).map_err(|_| {
                ApiError::bad_request("invalid_text", "a text/plain turn must be UTF-8")
            })?;
            (TurnInput::Notation(text.to_string()), None)
        }
        _ => {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "send the turn as application/json or text/plain (notation)",
            ))
        }
    };
    let expected_seq = match (body_seq, if_match) {
        (Some(a), Some(b)) if a != b => {
            return Err(ApiError::bad_request(
                "conflicting_preconditions",
                "`expected_seq` and If-Match name different sequences",
            ))
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => {
            return Err(ApiError::new(
                StatusCode::PRECONDITION_REQUIRED,
                "precondition_required",
                "name the sequence your turn is based on: `expected_seq` in the body or If-Match: \"SEQ\"",
            ))
        }
    };
    let idempotency_key = match req.headers().get("idempotency-key") {
        None => None,
        Some(v) => {
            let key = v.to_str().ok().map(str::trim).filter(|k| {
                !k.is_empty() && k.len() <= 255 && k.bytes().all(|b| b.is_ascii_graphic())
            });
            Some(
                key.ok_or_else(|| {
                    ApiError::bad_request(
                        "invalid_idempotency_key",
                        "Idempotency-Key must be 1 to 255 visible ASCII characters",
                    )
                })?
                .to_string(),
            )
        }
    };
    let mut h = Sha256::new();
    h.update(game_id.as_bytes());
    h.update([0]);
    h.update(expected_seq.to_le_bytes());
    h.update(content_type.as_bytes());
    h.update([0]);
    h.update(body);
    Ok((
        Submission {
            expected_seq,
            idempotency_key,
            request_hash: hex::encode(h.finalize()),
        },
        input,
    ))
}

/// `If-Match: "N"` (or `W/"N"`, or a bare `N`); `*` means any.
fn if_match(req: &HttpRequest) -> ApiResult<Option<i64>> {
    let Some(v) = req.headers().get(header::IF_MATCH) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::bad_request(
            "invalid_if_match",
            "If-Match must be the game's ETag, e.g. \"12\"",
        )
    };
    let v = v.to_str().map_err(|_| bad())?.trim();
    if v == "*" {
        return Ok(None);
    }
    let v = v.strip_prefix("W/").unwrap_or(v);
    let v = v
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(v);
    v.parse().ok().map(Some).ok_or_else(bad)
}

/// A stored response, replayed (with the ETag of the sequence it created).
fn replay(stored: &Idempotent) -> HttpResponse {
    let status = u16::try_from(stored.status)
        .ok()
        .and_then(|s| StatusCode::from_u16(s).ok())
        .unwrap_or(StatusCode::OK);
    let mut res = HttpResponse::build(status);
    res.content_type("application/json")
        .insert_header(("Idempotent-Replayed", "true"));
    let seq = serde_json::from_str::<Value>(&stored.response)
        .ok()
        .and_then(|v| v["seq"].as_i64());
    if let Some(seq) = seq {
        res.insert_header(etag(seq));
    }
    res.body(stored.response.clone())
}

pub fn rule_error(e: RuleError) -> ApiError {
    let mut err =
        ApiError::unprocessable("rule_violation", e.to_string()).with("rule", e.rule.clone());
    if let Some(step) = e.step {
        err = err.with("step", step);
    }
    err.with("message", e.message)
}

pub fn turn_error(e: TurnError) -> ApiError {
    match e {
        TurnError::Malformed(m) => {
            ApiError::unprocessable("invalid_turn", format!("not a turn of this game: {m}"))
        }
        TurnError::Rule(r) => rule_error(r),
    }
}

/// Outcome of the blocking part of a submission.
enum Submitted {
    Created { body: Value, seq: i64 },
    Replayed(Idempotent),
}

pub async fn submit(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let game_id = path.into_inner();
    let (sub, input) = read_submission(&req, &game_id, &body)?;
    let user_id = caller.user_id;
    let app = state.clone();
    let outcome = with_conn(&state, move |conn| {
        if let Some(key) = &sub.idempotency_key {
            if let Some(stored) = store::idempotent(conn, &user_id, key)? {
                return reuse(stored, &sub.request_hash);
            }
        }
        let table = Table::load(conn, &game_id)?;
        let kind = table.kind()?;
        let turn = match input {
            TurnInput::Json(v) => kind.read_turn(&v).map_err(turn_error),
            TurnInput::Notation(text) => kind.parse_turn(&text).map_err(notation_error),
        };
        let key = sub.idempotency_key.clone();
        let hash = sub.request_hash.clone();
        match apply(conn, &app, &table, &user_id, sub, turn) {
            // A retry with the same key may have landed after this one first looked: a
            // conflict then means "already done", and the first answer is the answer.
            Err(e) if e.status() == StatusCode::CONFLICT => match key {
                Some(key) => match store::idempotent(conn, &user_id, &key)? {
                    Some(stored) => reuse(stored, &hash),
                    None => Err(e),
                },
                None => Err(e),
            },
            other => other,
        }
    })
    .await?;
    match outcome {
        Submitted::Created { body, seq } => {
            Ok(HttpResponse::Created().insert_header(etag(seq)).json(body))
        }
        Submitted::Replayed(stored) => Ok(replay(&stored)),
    }
}

pub fn notation_error(e: ::games::NotationError) -> ApiError {
    ApiError::unprocessable("invalid_notation", e.to_string())
        .with("offset", e.offset)
        .with("word", e.word)
}

/// A turn in notation from the turn page (`crate::http::play`), for `user_id` (whom the
/// turn link names): the same checks, rules and write as `POST /games/{id}/turns`, without
/// an idempotency key (the form's `expected_seq` turns a resubmitted form into a 409).
/// Returns the new sequence.
pub fn submit_notation(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    expected_seq: i64,
    notation: &str,
) -> ApiResult<i64> {
    let table = Table::load(conn, game_id)?;
    let turn = table.kind()?.parse_turn(notation).map_err(notation_error);
    let sub = Submission {
        expected_seq,
        idempotency_key: None,
        request_hash: String::new(),
    };
    match apply(conn, app, &table, user_id, sub, turn)? {
        Submitted::Created { seq, .. } => Ok(seq),
        Submitted::Replayed(_) => Err(ApiError::internal("a turn without a key was replayed")),
    }
}

fn reuse(stored: Idempotent, request_hash: &str) -> ApiResult<Submitted> {
    if stored.request_hash == request_hash {
        Ok(Submitted::Replayed(stored))
    } else {
        Err(ApiError::unprocessable(
            "idempotency_key_reused",
            "this Idempotency-Key was used for a different request",
        ))
    }
}

/// Who may submit a turn now, checked in the order a client can act on.
fn check_turn(table: &Table, user_id: &str, expected_seq: Option<i64>) -> ApiResult<usize> {
    if !table.is_player(user_id) {
        return Err(ApiError::forbidden(
            "not_a_player",
            "you have no seat in this game",
        ));
    }
    let game = &table.game;
    if game.status != RUNNING {
        return Err(if game.state.is_none() {
            ApiError::conflict(
                "game_not_started",
                "the game starts when every seat is taken",
            )
        } else {
            ApiError::conflict("game_over", "the game is over")
        });
    }
    let seat = table
        .seat_of(user_id)
        .ok_or_else(|| ApiError::internal("a player of a running game has no seat"))?;
    if let Some(expected) = expected_seq {
        if expected != game.seq {
            return Err(stale(game.seq));
        }
    }
    let to_act = table.to_act();
    if !to_act.contains(&seat) {
        return Err(
            ApiError::conflict("not_your_turn", format!("it is not seat {seat}'s turn"))
                .with("to_act", json!(to_act))
                .with("current_seq", game.seq),
        );
    }
    Ok(seat)
}

fn stale(current: i64) -> ApiError {
    ApiError::conflict(
        "stale_seq",
        format!("the game has moved on: it is at sequence {current}"),
    )
    .with("current_seq", current)
}

/// Check, apply and store one turn; `turn` is the parsed turn or why it could not be read
/// (reported only after the caller is known to be allowed to act).
fn apply(
    conn: &mut DbConn,
    app: &AppState,
    table: &Table,
    user_id: &str,
    sub: Submission,
    turn: ApiResult<Value>,
) -> ApiResult<Submitted> {
    let seat = check_turn(table, user_id, Some(sub.expected_seq))?;
    let turn = turn?;
    let prepared = prepare(app, table, seat, user_id, &turn, SOURCE_PLAYER)?;
    let (row, advance, next, over) = (
        &prepared.row,
        &prepared.advance,
        &prepared.next,
        prepared.over,
    );
    let (seq, at, notation) = (row.seq, row.created_at, row.notation.clone());
    let outcome: Value = advance
        .outcome
        .as_deref()
        .and_then(|o| serde_json::from_str(o).ok())
        .unwrap_or(Value::Null);
    let body = json!({
        "game_id": table.game.id,
        "seq": seq,
        "seat": seat,
        "at": at.and_utc(),
        "turn": turn,
        "notation": notation,
        "events": visible_events(&prepared.events, Viewer::Seat(seat), over),
        "to_act": next.to_act(),
        "status": if over { "over" } else { RUNNING },
        "outcome": outcome,
        "view": next.view(Viewer::Seat(seat)),
    });
    let idem = sub.idempotency_key.as_ref().map(|key| Idempotent {
        user_id: user_id.to_string(),
        idem_key: key.clone(),
        request_hash: sub.request_hash.clone(),
        status: 201,
        response: body.to_string(),
        created_at: at,
    });
    let written = {
        // A poisoned lock only means another writer panicked; the database is intact.
        let _one_writer = app
            .sqlite_writer
            .as_deref()
            .map(|m| m.lock().unwrap_or_else(|e| e.into_inner()));
        write(conn, app, prepared, idem.as_ref())
    };
    match written {
        Ok(next) => {
            app.hot.put(&table.game.id, seq, Arc::from(next));
            Ok(Submitted::Created { body, seq })
        }
        Err(SubmitError::Stale(current)) => Err(stale(current)),
        Err(SubmitError::KeyTaken) => {
            let key = sub.idempotency_key.unwrap_or_default();
            let stored = store::idempotent(conn, user_id, &key)?
                .ok_or_else(|| ApiError::internal("idempotency row vanished"))?;
            reuse(stored, &sub.request_hash)
        }
        Err(SubmitError::Store(e)) => Err(e.into()),
    }
}

/// A turn checked against the rules and ready to write: the log row, the game after it,
/// the clocks of the seats that then wait.
pub struct Prepared {
    pub row: Turn,
    pub advance: Advance,
    pub next: Box<dyn AnyGame>,
    pub events: Vec<Logged<Value>>,
    pub over: bool,
    /// Write the mail the turn causes (always, but for the first half of a pass turn in
    /// two submissions, which the scheduler completes in the same transaction: its
    /// your-turn mail would be stale before it is sent).
    pub mail: bool,
}

/// Apply `turn` for `seat` (played by `user_id`, or by the service for them: `source` is
/// `player`, `timeout` or `forfeit`) to the game of `table`, at the injected clock's now.
/// The one path for a player's turn and a turn the scheduler plays (`crate::scheduler`),
/// so both are logged, guarded by the sequence and followed by the same mail.
pub fn prepare(
    app: &AppState,
    table: &Table,
    seat: usize,
    user_id: &str,
    turn: &Value,
    source: &str,
) -> ApiResult<Prepared> {
    let engine = table.engine(&app.hot)?;
    prepare_on(app, table, &*engine, seat, user_id, turn, source)
}

/// [`prepare`] on `engine`, the game of `table` at its sequence (the scheduler reads it
/// from the row inside its transaction: a hot engine is only ever a committed one).
pub fn prepare_on(
    app: &AppState,
    table: &Table,
    engine: &dyn AnyGame,
    seat: usize,
    user_id: &str,
    turn: &Value,
    source: &str,
) -> ApiResult<Prepared> {
    let kind = table.kind()?;
    let applied = engine.apply(seat, turn).map_err(turn_error)?;
    let notation = kind.format_turn(turn).map_err(turn_error)?;
    let next = applied.game;
    let over = next.is_over();
    let seq = table.game.seq + 1;
    let at = app.clock.now_naive();
    let row = Turn {
        game_id: table.game.id.clone(),
        seq,
        seat: i64::try_from(seat).map_err(ApiError::internal)?,
        user_id: user_id.to_string(),
        turn: turn.to_string(),
        notation,
        events: serde_json::to_string(&applied.events).map_err(ApiError::internal)?,
        created_at: at,
        source: source.to_string(),
    };
    let forfeited: Vec<usize> = table
        .players
        .iter()
        .filter(|p| p.seat.forfeited_at.is_some())
        .filter_map(|p| p.seat.seat.and_then(|s| usize::try_from(s).ok()))
        .collect();
    let to_act = next.to_act();
    let advance = Advance {
        state: next.state().to_string(),
        to_act: json!(to_act).to_string(),
        outcome: next
            .outcome()
            .map(|o| without_forfeited(&o, &forfeited).to_string()),
        waiting: to_act
            .iter()
            .filter_map(|&s| i64::try_from(s).ok())
            .collect(),
        timing: Timing {
            now: at,
            remind_before: app.time.remind_before,
        },
    };
    Ok(Prepared {
        row,
        advance,
        next,
        events: applied.events,
        over,
        mail: true,
    })
}

/// The outcome as the service shows it when seats dropped out (`docs/deadlines.md`): a
/// forfeited god never wins. If the engine's winners are all forfeited, the best score
/// among the others wins (shared on a tie). `forfeited` lists them.
pub fn without_forfeited(outcome: &Outcome, forfeited: &[usize]) -> Value {
    let mut out = json!(outcome);
    if forfeited.is_empty() {
        return out;
    }
    let mut winners: Vec<usize> = outcome
        .winners
        .iter()
        .copied()
        .filter(|s| !forfeited.contains(s))
        .collect();
    if winners.is_empty() {
        let best = outcome
            .scores
            .iter()
            .enumerate()
            .filter(|(s, _)| !forfeited.contains(s))
            .map(|(_, &score)| score)
            .max();
        if let Some(best) = best {
            winners = (0..outcome.scores.len())
                .filter(|s| !forfeited.contains(s))
                .filter(|&s| outcome.scores.get(s) == Some(&best))
                .collect();
        }
    }
    out["winners"] = json!(winners);
    out["forfeited"] = json!(forfeited);
    out
}

/// Write a prepared turn (the caller holds the SQLite writer lock). `Stale` when another
/// turn landed first. Returns the game after it, which the caller keeps hot
/// ([`crate::hot::HotGames::put`]) only once its transaction has committed.
pub fn write(
    conn: &mut DbConn,
    app: &AppState,
    prepared: Prepared,
    idem: Option<&Idempotent>,
) -> Result<Box<dyn AnyGame>, SubmitError> {
    let Prepared {
        row,
        advance,
        next,
        mail,
        ..
    } = prepared;
    // The mail the turn causes is written in its transaction (`crate::outbox::compose`).
    let facts = TurnFacts {
        game_id: &row.game_id,
        seq: row.seq,
        engine: next.as_ref(),
        at: row.created_at,
        public_url: &app.public_url,
    };
    let mut mailed = false;
    store::submit_turn(conn, &row, &advance, idem, |conn| {
        let mails = if mail {
            compose::turn_mails(conn, &facts)?
        } else {
            Vec::new()
        };
        mailed = !mails.is_empty();
        Ok(mails)
    })?;
    // Only when there is mail: a woken worker claims under the SQLite writer lock, and
    // waking it for nothing after every turn took that lock from the next turn.
    if mailed {
        crate::outbox::wake(app);
    }
    tracing::info!(game.id = %row.game_id, seq = row.seq, seat = row.seat, source = %row.source, "turn accepted");
    Ok(next)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalQuery {
    /// The turn written so far, as JSON (default: nothing yet).
    pub partial: Option<String>,
}

pub async fn legal(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<LegalQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let partial: Value = match &query.partial {
        Some(p) => serde_json::from_str(p).map_err(|e| {
            ApiError::bad_request("invalid_query", format!("`partial` is not JSON: {e}"))
        })?,
        None => json!({}),
    };
    let user_id = caller.user_id;
    let table = with_conn(&state, move |conn| Table::load(conn, &id)).await?;
    let seat = check_turn(&table, &user_id, None)?;
    let legal = table
        .engine(&state.hot)?
        .legal(seat, &partial)
        .map_err(turn_error)?;
    Ok(HttpResponse::Ok()
        .insert_header(etag(table.game.seq))
        .json(json!({ "seq": table.game.seq, "seat": seat, "legal": legal })))
}
