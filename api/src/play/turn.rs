//! A seat submits a turn: the one path for a turn sent to the API, played from the turn
//! page, replied by mail, or played by the service when a seat's time ran out
//! ([`crate::play::timeout`]).
//!
//! Owns, in this order: load the game (the hot engine when it is there) → authorize the
//! seat → read and apply the turn → write the log entry, the state, the clocks, the mail
//! it causes and the idempotency record in one transaction → keep the engine hot once
//! committed. Exactly once under retries and races: the submission names the sequence it
//! was based on, and the store writes the turn only if the game is still there; an
//! idempotency key makes a retry return the first answer.
//! Must not: know how the submission arrived (HTTP, a form, a mail) beyond its `source`.

use super::refusal::Refusal;
use crate::error::{ApiError, ApiResult};
use crate::game::hot::Head;
use crate::game::Table;
use crate::outbox::compose::{self, TurnFacts};
use crate::state::AppState;
use crate::store::deadlines::Timing;
use crate::store::games::SeatedPlayer;
use crate::store::games::{self as store, Advance, SubmitError};
use crate::store::models::{Game, Idempotent, Turn, OVER, RUNNING};
use crate::store::outbox::NewMail;
use crate::store::{DbConn, Lease, StoreError};
use ::games::registry::{visible, AnyGame, TurnError};
use ::games::{Logged, Outcome, RuleError, Viewer, Visibility};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// What a seat sent: the turn as the engine's JSON, or in the game's text notation.
pub enum TurnInput {
    Json(Value),
    Notation(String),
}

/// One submission of a turn, however it arrived.
pub struct Submission {
    pub game_id: String,
    /// Who plays: the seat is theirs.
    pub user_id: String,
    /// The sequence the turn is based on (a stale one is a 409).
    pub expected_seq: i64,
    /// The client's `Idempotency-Key`, with a hash of the whole request: the same key
    /// with the same request returns the first answer, with another request a 422.
    pub idempotency: Option<(String, String)>,
    pub input: TurnInput,
    /// `player` (the API, the turn page) or `email` (a reply).
    pub source: &'static str,
    /// The client asked for the minimal answer (`Prefer: return=minimal`): the new
    /// sequence and who acts, without the view (which is then not computed, unless an
    /// idempotency key needs the full answer stored for a replay).
    pub minimal: bool,
}

/// What a submission came to: a new log entry (the answer the API gives, and the new
/// sequence), or the stored answer of the first submission with the same idempotency key.
pub enum Submitted {
    /// `body`: the answer as JSON text, serialized once.
    Created {
        body: String,
        seq: i64,
    },
    Replayed(Idempotent),
}

/// How often a submission is tried again when seats acting at once raced.
const MAX_RACES: u32 = 16;

/// Rows a caller adds to a turn's own transaction: called once the turn is written, with
/// the answer the API gives for it and the game after it, and returning the mail the
/// caller's side of the act causes (the answer to a reply by mail, `crate::inbound`).
/// What it writes and returns commits with the turn, or not at all: an error rolls the
/// turn back. It may run more than once when seats acting at once race (each earlier
/// run rolled back with its transaction).
pub type AlsoWrite<'a> =
    dyn FnMut(&mut DbConn, &Value, &dyn AnyGame) -> Result<Vec<NewMail>, StoreError> + 'a;

/// A seat submits a turn, on a blocking thread: check, apply and store it, or return the
/// first answer of an earlier submission with the same idempotency key; `also` writes in
/// the turn's transaction. `lease` is given back while the turn waits for the
/// group-commit writer, so the turns waiting for one commit do not each hold a pooled
/// connection.
fn submit_turn_with(
    lease: &mut dyn Lease,
    app: &AppState,
    sub: Submission,
    also: Option<&mut AlsoWrite<'_>>,
) -> ApiResult<Submitted> {
    let source = sub.source;
    let result = match submit(lease, app, &sub, also, Wait::Block) {
        Ok(Step::Done(done)) => Ok(done),
        // Not with `Wait::Block`.
        Ok(Step::Writing(_)) => Err(ApiError::internal("a blocking turn handed its write on")),
        Err(e) => Err(e.into()),
    };
    count(app, source, &result);
    result
}

/// The metrics of a submission's end.
fn count(app: &AppState, source: &str, result: &ApiResult<Submitted>) {
    match result {
        Ok(Submitted::Created { .. }) => app.metrics.turn_accepted(source),
        // The first answer again: not a new turn, nor a refusal.
        Ok(Submitted::Replayed(_)) => {}
        Err(e) => app.metrics.turn_refused(source, e.code()),
    }
}

/// A seat submits a turn, from an async worker (the API's handler): as
/// [`submit_notation`] and the others, but the parts that read the database run through
/// `blocking` (which gives them a leased connection on a blocking thread), and the wait
/// for the group-commit writer is an `await`, not a blocking thread asleep until the
/// commit: the writer wakes the worker directly. The same steps, checks and answers, and
/// the same retries ([`again`]).
pub async fn submit_turn_async<B, Fut>(
    app: Arc<AppState>,
    sub: Submission,
    blocking: B,
) -> ApiResult<Submitted>
where
    B: Fn(Box<dyn FnOnce(&mut dyn Lease) -> ApiResult<Attempt> + Send>) -> Fut,
    Fut: std::future::Future<Output = ApiResult<Attempt>>,
{
    let source = sub.source;
    let sub = Arc::new(sub);
    let mut attempts = 0;
    let result: Result<Submitted, Refusal> = loop {
        let (a, s) = (app.clone(), sub.clone());
        let step = blocking(Box::new(move |lease: &mut dyn Lease| {
            Ok(submit(lease, &a, &s, None, Wait::Hand))
        }))
        .await;
        let writing = match step {
            Ok(Ok(Step::Done(done))) => break Ok(done),
            Ok(Ok(Step::Writing(writing))) => writing,
            Ok(Err(refused)) => break Err(refused),
            Err(e) => break Err(e.into()),
        };
        let simultaneous = writing.after.simultaneous;
        // The database deadline holds for the wait too (as it did for the blocking thread
        // that waited before): a writer stuck on a silent database is a 503, not a hang.
        let written = match app.db.deadline {
            None => writing.answer.answer().await,
            Some(limit) => match tokio::time::timeout(limit, writing.answer.answer()).await {
                Ok(written) => written,
                Err(_) => {
                    break Err(Refusal::Other(ApiError::database_unavailable(format!(
                        "no answer from the database within {} ms",
                        limit.as_millis()
                    ))))
                }
            },
        };
        match writing.after.settle(&app, written) {
            Err(refused) if again(&refused, simultaneous, attempts) => attempts += 1,
            // Another request with the same key (or a conflict that may be one): the
            // first answer, read with a connection.
            Err(refused) if refused.is_conflict() && sub.idempotency.is_some() => {
                let s = sub.clone();
                break match blocking(Box::new(move |lease: &mut dyn Lease| {
                    Ok(first_answer(lease, &s, refused).map(Step::Done))
                }))
                .await
                {
                    Ok(Ok(Step::Done(done))) => Ok(done),
                    Ok(Ok(Step::Writing(_))) => {
                        Err(Refusal::Other(ApiError::internal("a stored answer wrote")))
                    }
                    Ok(Err(refused)) => Err(refused),
                    Err(e) => Err(e.into()),
                };
            }
            other => break other,
        }
    };
    let result = result.map_err(ApiError::from);
    count(&app, source, &result);
    result
}

/// One attempt at a submission on a blocking thread, as [`submit_turn_async`] runs it:
/// the database runner's own failure outside, the submission's inside.
pub type Attempt = Result<Step, Refusal>;

/// The one place a submission's retries are decided: whether the turn that ended short
/// with `refused` is decided again, on the game as it is stored now. Only a race: seats
/// acting at once, where another one's turn landed first (the submission still holds if
/// this seat has not acted: `still_waiting_since`), or a write PostgreSQL failed to break
/// a deadlock between two servers' writers (nothing of it was written; it is stale if the
/// other server applied it). At most [`MAX_RACES`] times.
fn again(refused: &Refusal, simultaneous: bool, attempts: u32) -> bool {
    let race = match refused {
        Refusal::Stale { .. } => simultaneous,
        Refusal::LockConflict(_) => true,
        _ => false,
    };
    let again = race && attempts < MAX_RACES;
    if let (true, Refusal::LockConflict(cause)) = (again, refused) {
        tracing::info!(error = %cause, "turn decided again after a lock conflict");
    }
    again
}

/// How a submission waits for the group-commit writer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// On this (blocking) thread: the turn page, a reply by mail.
    Block,
    /// Not here: the write is handed back ([`Step::Writing`]) for an async caller to
    /// await ([`submit_turn_async`]).
    Hand,
}

/// Where a submission got to on its blocking thread.
pub enum Step {
    Done(Submitted),
    /// With the group-commit writer: await its answer, then settle.
    Writing(Writing),
}

/// A turn the writer has (or is about to have), and what follows its answer.
pub struct Writing {
    answer: crate::store::group::Pending<Written, SubmitError>,
    after: After,
}

/// The game after a written turn, whether mail was written, the streams to wake and the
/// row and players the turn left.
type Written = (Box<dyn AnyGame>, bool, crate::store::events::Wake, Head);

/// What follows a turn's write once it is committed (or not).
struct After {
    game_id: String,
    seq: i64,
    seat: usize,
    source: &'static str,
    /// The hot games' epoch before the game was read for this turn.
    epoch: u64,
    body: String,
    /// The game had several seats to act (a stale answer may be retried).
    simultaneous: bool,
    /// A bot plays a seat that now waits: the bot worker is woken once committed.
    wake_bots: bool,
}

impl After {
    /// The answer for the writer's result. Only once committed: log it, keep the engine hot and
    /// wake the streams and, when the turn wrote mail, the outbox worker (a woken worker
    /// claims under the SQLite writer lock: waking it for nothing after every turn took
    /// that lock from the turns). A key taken meanwhile is a 409 here, which the caller
    /// turns into the first answer ([`first_answer`]).
    fn settle(
        self,
        app: &AppState,
        written: Result<Written, SubmitError>,
    ) -> Result<Submitted, Refusal> {
        match written {
            Ok((next, mailed, wake, head)) => {
                // Here, once committed, and not on the writer's thread, which the batch's
                // other turns wait for.
                tracing::info!(game.id = %self.game_id, seq = self.seq, seat = self.seat, source = %self.source, "turn accepted");
                // The row and seats are kept only if no resignation or forfeit was noted
                // since they were read (the turn's own seat is guarded by its write; the
                // others' may have changed meanwhile).
                // The game as the transaction left it: after the queued turns this turn let
                // play, if any (`crate::play::queue`).
                let last_seq = head.game.seq;
                // A queued turn played after this one may have made it a bot's turn.
                let wake_bots = self.wake_bots
                    || (last_seq != self.seq
                        && crate::play::bots::plays_any(&head.players, &next.to_act()));
                let head = (app.hot.epoch() == self.epoch).then(|| Arc::new(head));
                app.hot
                    .put_with_head(&self.game_id, last_seq, Arc::from(next), head);
                app.streams.wake(wake);
                if mailed {
                    crate::outbox::wake(app);
                }
                if wake_bots {
                    crate::play::bots::wake(app);
                }
                Ok(Submitted::Created {
                    body: self.body,
                    seq: self.seq,
                })
            }
            Err(SubmitError::Stale(current)) => {
                // Another server moved the game on: what is kept here is out of date (a
                // retry of seats acting at once must not check on it again).
                app.hot.forget_before(&self.game_id, current);
                Err(Refusal::Stale { current })
            }
            Err(SubmitError::KeyTaken) => Err(Refusal::KeyTaken),
            Err(SubmitError::Resigned) => {
                // Resigned on another server: the seats kept here are out of date.
                app.hot.forget(&self.game_id);
                Err(Refusal::Resigned)
            }
            // A lock conflict is decided again by the drivers ([`again`]); once their
            // retries are used up it is a 503 to try again, not a 500.
            Err(SubmitError::Store(e)) => Err(e.into()),
        }
    }
}

/// A submission ended in a conflict (409): if it carries an idempotency key, a retry with
/// the same key may have landed after this one first looked, and "already done" is the
/// answer: the first one. Else the conflict.
fn first_answer(
    lease: &mut dyn Lease,
    sub: &Submission,
    refused: Refusal,
) -> Result<Submitted, Refusal> {
    match &sub.idempotency {
        Some((key, hash)) if refused.is_conflict() => {
            match store::idempotent(lease.conn()?, &sub.user_id, key)? {
                Some(stored) => Ok(reuse(stored, hash)?),
                None => Err(refused),
            }
        }
        _ => Err(refused),
    }
}

fn submit(
    lease: &mut dyn Lease,
    app: &AppState,
    sub: &Submission,
    mut also: Option<&mut AlsoWrite<'_>>,
    wait: Wait,
) -> Result<Step, Refusal> {
    if let Some((key, hash)) = &sub.idempotency {
        if let Some(stored) = store::idempotent(lease.conn()?, &sub.user_id, key)? {
            return Ok(reuse(stored, hash).map(Step::Done)?);
        }
    }
    let mut attempts = 0;
    // First from memory when the game is hot with its row (no read at all); a turn
    // refused there, for whatever reason, is checked again on the stored row.
    let mut remembered = true;
    let applied = loop {
        // Taken before the game is read: a resignation or a forfeit noted after it means
        // the seats read may be out of date by the time this turn is written.
        let epoch = app.hot.epoch();
        let from_memory = remembered
            .then(|| Table::remembered(&app.hot, &sub.game_id, sub.expected_seq))
            .flatten();
        let table = match from_memory {
            Some(table) => table,
            None => {
                remembered = false;
                Table::load_for_turn(lease.conn()?, &sub.game_id, &app.hot, sub.expected_seq)?
            }
        };
        let kind = table.kind()?;
        let turn = match &sub.input {
            TurnInput::Json(v) => kind.read_turn(v).map_err(turn_error),
            TurnInput::Notation(text) => kind.parse_turn(text).map_err(notation_error),
        };
        let simultaneous = table.to_act().len() > 1;
        match apply(
            lease,
            app,
            (&table, epoch),
            sub,
            turn,
            also.as_deref_mut(),
            wait,
        ) {
            Ok(step) => break Ok(step),
            // Decided from memory: decided again on the stored row, whatever the refusal.
            Err(_) if remembered => remembered = false,
            Err(refused) if again(&refused, simultaneous, attempts) => attempts += 1,
            Err(refused) => break Err(explain(lease.conn()?, app, &table, &sub.user_id, refused)),
        }
    };
    match applied {
        Err(refused) => first_answer(lease, sub, refused).map(Step::Done),
        other => other,
    }
}

/// A turn in notation for `user_id` (the turn page, a reply by mail) without an
/// idempotency key (the form's or the reply's sequence turns a second copy into a 409).
/// Returns the new sequence.
pub fn submit_notation(
    lease: &mut dyn Lease,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    expected_seq: i64,
    notation: &str,
    source: &'static str,
) -> ApiResult<i64> {
    submit_notation_with(
        lease,
        app,
        game_id,
        user_id,
        expected_seq,
        notation,
        source,
        None,
    )
}

/// [`submit_notation`], with `also` adding rows (mail) to the turn's own transaction
/// (see [`AlsoWrite`]): a reply by mail and its answer commit together.
#[expect(
    clippy::too_many_arguments,
    reason = "submit_notation's, and the extra writer"
)]
pub fn submit_notation_with(
    lease: &mut dyn Lease,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    expected_seq: i64,
    notation: &str,
    source: &'static str,
    also: Option<&mut AlsoWrite<'_>>,
) -> ApiResult<i64> {
    let sub = Submission {
        game_id: game_id.to_string(),
        user_id: user_id.to_string(),
        expected_seq,
        idempotency: None,
        input: TurnInput::Notation(notation.to_string()),
        source,
        minimal: false,
    };
    match submit_turn_with(lease, app, sub, also)? {
        Submitted::Created { seq, .. } => Ok(seq),
        Submitted::Replayed(_) => Err(ApiError::internal("a turn without a key was replayed")),
    }
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
                .said("problem-not-a-turn", vec![("error", m.into())])
        }
        TurnError::MalformedUnder { rule, message } => ApiError::unprocessable(
            "invalid_turn",
            format!("{rule}: not a turn of this game: {message}"),
        )
        .said(
            "problem-not-a-turn-under",
            vec![("rule", rule.into()), ("error", message.into())],
        )
        .with("rule", rule),
        TurnError::Rule(r) => rule_error(r),
    }
}

pub fn notation_error(e: ::games::NotationError) -> ApiError {
    ApiError::unprocessable("invalid_notation", e.to_string())
        .with("offset", e.offset)
        .with("word", e.word)
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

/// A refusal of [`check_turn`] as the caller is told it. To someone who may not watch the
/// game, `not_a_player` is the answer to a game that does not exist (`Table::load_for`): a
/// turn sent to a hidden game must not tell it is there. A turn out of turn or after the
/// end names the rule that says so, as the engine words it for the seat (its `legal` of
/// an empty turn: `G-T5`/`G-E1` in Gods; `D-R4` in the stars phase, `D-R5` for a seat that
/// has sealed its guess, `D-R8` in Dreams): `rule` and `message`, as a rule violation
/// carries them, the rule first in the detail. A game that ended without its rules ending
/// it (every other seat resigned, an abort) names none. Any other problem is as it was.
pub fn explain(
    conn: &mut DbConn,
    app: &AppState,
    table: &Table,
    user_id: &str,
    refused: Refusal,
) -> Refusal {
    match refused {
        Refusal::NotAPlayer => match table.may_watch(conn, user_id) {
            Ok(true) => refused,
            Ok(false) => Refusal::Other(ApiError::not_found(
                "game_not_found",
                "there is no game with this id",
            )),
            Err(failed) => failed.into(),
        },
        Refusal::NotYourTurn { .. } | Refusal::GameOver => {
            let Some(seat) = table.seat_of(user_id) else {
                return refused;
            };
            let e = ApiError::from(refused);
            let refusal = table
                .engine(&app.hot)
                .map(|engine| engine.legal(seat, &json!({})));
            Refusal::Other(match refusal {
                Ok(Err(TurnError::Rule(r))) => e
                    .with_detail(r.to_string())
                    .with("rule", r.rule)
                    .with("message", r.message),
                Ok(_) => e,
                Err(failed) => failed,
            })
        }
        other => other,
    }
}

/// Who may submit a turn now, checked in the order a client can act on.
pub fn check_turn(table: &Table, user_id: &str, expected_seq: Option<i64>) -> ApiResult<usize> {
    Ok(check_turn_since(table, user_id, expected_seq, true)?)
}

/// [`check_turn`], knowing whether the seat has submitted anything after the sequence it
/// names (`acted_since`; when unknown, `true`: only the current sequence holds).
fn check_turn_since(
    table: &Table,
    user_id: &str,
    expected_seq: Option<i64>,
    acted_since: bool,
) -> Result<usize, Refusal> {
    if !table.is_player(user_id) {
        return Err(Refusal::NotAPlayer);
    }
    let game = &table.game;
    if game.status != RUNNING {
        return Err(if game.state.is_none() {
            Refusal::NotStarted
        } else {
            Refusal::GameOver
        });
    }
    let seat = table
        .seat_of(user_id)
        .ok_or_else(|| ApiError::internal("a player of a running game has no seat"))?;
    // A seat whose player resigned is out: the service passes for it (`crate::play::leave`).
    if table
        .players
        .iter()
        .any(|p| p.seat.user_id == user_id && p.seat.resigned_at.is_some())
    {
        return Err(Refusal::Resigned);
    }
    let to_act = table.to_act();
    if let Some(expected) = expected_seq {
        if expected != game.seq
            && (acted_since || !still_waiting_since(table, &to_act, seat, expected))
        {
            return Err(Refusal::Stale { current: game.seq });
        }
    }
    if !to_act.contains(&seat) {
        return Err(Refusal::NotYourTurn {
            seat,
            to_act,
            current: game.seq,
        });
    }
    Ok(seat)
}

/// Does a submission of `seat` based on sequence `expected` still hold, though the game
/// has moved on? Only where seats act at once (Dreams' sealed guesses): if `seat` has been
/// waiting since `expected` or earlier (its clock began then) and has not acted since
/// (the caller checks the log), the turns in between were other seats' — sealed, so
/// nothing the seat decides on changed. Where one seat acts at a time, no other seat can
/// have moved while it waited, so only the current sequence holds there.
fn still_waiting_since(table: &Table, to_act: &[usize], seat: usize, expected: i64) -> bool {
    let Ok(seat_i) = i64::try_from(seat) else {
        return false;
    };
    to_act.contains(&seat)
        && expected < table.game.seq
        && table
            .deadlines
            .iter()
            .any(|d| d.seat == seat_i && d.seq <= expected)
}

/// Check, apply and store one turn; `turn` is the parsed turn or why it could not be read
/// (reported only after the caller is known to be allowed to act).
/// `loaded`: the game, and the hot games' epoch ([`crate::game::hot::HotGames::epoch`]) taken
/// before it was read.
fn apply(
    lease: &mut dyn Lease,
    app: &AppState,
    loaded: (&Table, u64),
    sub: &Submission,
    turn: ApiResult<Value>,
    also: Option<&mut AlsoWrite<'_>>,
    wait: Wait,
) -> Result<Step, Refusal> {
    let (table, epoch) = loaded;
    let user_id = sub.user_id.as_str();
    // Whether the seat moved since the sequence it names: only asked when that is not
    // the current one (see `still_waiting_since`).
    let acted_since = match table.seat_of(user_id).map(i64::try_from) {
        Some(Ok(seat)) if sub.expected_seq < table.game.seq => {
            store::acted_since(lease.conn()?, &table.game.id, seat, sub.expected_seq)?
        }
        _ => true,
    };
    let seat = check_turn_since(table, user_id, Some(sub.expected_seq), acted_since)?;
    let turn = turn?;
    let prepared = prepare(app, table, seat, user_id, &turn, sub.source)?;
    let (row, advance, next, over) = (
        &prepared.row,
        &prepared.advance,
        &prepared.next,
        prepared.over,
    );
    let (seq, at, notation) = (row.seq, row.created_at, row.notation.clone());
    let status = if over { "over" } else { RUNNING };
    let to_act = next.to_act();
    let game_id = table.game.id.as_str();
    let at = at.and_utc();
    // The answers are serialized here, once, straight from their parts (the view from the
    // engine's own type): no tree of JSON values is built, copied and serialized again.
    let minimal = answer_json(&MinimalAnswer {
        at,
        game_id,
        seat,
        seq,
        status,
        to_act: &to_act,
    })?;
    // The full answer: unless the client asked for the minimal one and no replay needs it.
    let full = if !sub.minimal || sub.idempotency.is_some() {
        let outcome = advance
            .outcome
            .as_deref()
            .and_then(|o| serde_json::from_str::<&serde_json::value::RawValue>(o).ok());
        let head = answer_json(&FullAnswer {
            at,
            events: visible(&prepared.events, Viewer::Seat(seat), over).collect(),
            game_id,
            notation: &notation,
            outcome,
            seat,
            seq,
            status,
            to_act: &to_act,
            turn: &turn,
        })?;
        Some(with_view(head, &next.view_json(Viewer::Seat(seat))))
    } else {
        None
    };
    let idem = sub.idempotency.as_ref().map(|(key, hash)| Idempotent {
        user_id: user_id.to_string(),
        idem_key: key.clone(),
        request_hash: hash.clone(),
        status: 201,
        // A replay answers in full, whatever the first request preferred.
        response: full.as_ref().unwrap_or(&minimal).clone(),
        created_at: at.naive_utc(),
    });
    let body = match full {
        Some(full) if !sub.minimal => full,
        _ => minimal,
    };
    let after = After {
        game_id: table.game.id.clone(),
        seq,
        seat,
        source: sub.source,
        epoch,
        body,
        simultaneous: table.to_act().len() > 1,
        wake_bots: prepared.wake_bots,
    };
    let written = match (&app.db.group_commit, also) {
        // The writer commits this turn with the others waiting now, and answers
        // once that commit is on disk (`crate::store::group`).
        // The request's connection goes back to the pool while it waits: a batch is not
        // bounded by the pool's size.
        (Some(group), None) => {
            lease.release();
            let ctx = TurnContext::of(app);
            // Each write of the batch runs in a savepoint of the writer's: the turn's
            // statements go straight in it.
            let answer = group.send(move |conn| {
                write_turn(conn, &ctx, prepared, idem.as_ref(), None, Savepoint::Given)
            });
            if wait == Wait::Hand {
                return Ok(Step::Writing(Writing { answer, after }));
            }
            answer.wait()
        }
        // Rows the caller adds to the turn's transaction (a reply by mail and its
        // answer), or no writer: the turn commits on the request's own connection.
        // (Who adds rows asks for the full answer: it is the body.)
        (_, also) => {
            let _one_writer = app.db.one_writer();
            let answer: Value = match also {
                Some(_) => serde_json::from_str(&after.body)
                    .map_err(|e| ApiError::internal(format!("a turn's answer: {e}")))?,
                None => Value::Null,
            };
            let answer = &answer;
            write_turn(
                lease.conn()?,
                &TurnContext::of(app),
                prepared,
                idem.as_ref(),
                also.map(|f| (answer, f)),
                Savepoint::Own,
            )
        }
    };
    // A write PostgreSQL failed to break a deadlock between two servers' writers comes
    // back as a lock conflict, which the caller decides again ([`again`]).
    after.settle(app, written).map(Step::Done)
}

/// A turn's minimal answer (`Prefer: return=minimal`): the new sequence and who acts.
/// (Fields in alphabetical order, as a JSON value's keys came before.)
#[derive(Serialize)]
struct MinimalAnswer<'a> {
    at: DateTime<Utc>,
    game_id: &'a str,
    seat: usize,
    seq: i64,
    status: &'a str,
    to_act: &'a [usize],
}

/// A turn's full answer: the turn, its events the seat may read, and the seat's view after
/// it.
#[derive(Serialize)]
struct FullAnswer<'a> {
    at: DateTime<Utc>,
    events: Vec<&'a Value>,
    game_id: &'a str,
    notation: &'a str,
    /// `null` until the game ends.
    outcome: Option<&'a serde_json::value::RawValue>,
    seat: usize,
    seq: i64,
    status: &'a str,
    to_act: &'a [usize],
    turn: &'a Value,
    // And last, `view`: the engine's own JSON text, appended by [`with_view`].
}

/// `answer` (a serialized [`FullAnswer`]) with its last key, `view`, the seat's view as
/// the engine wrote it: appended as text, neither parsed into a tree nor checked again
/// (`AnyGame::view_json` writes it with serde_json; a test holds it to the view).
fn with_view(mut answer: String, view: &str) -> String {
    answer.pop(); // the closing `}`
    answer.reserve(view.len() + 9);
    answer.push_str(",\"view\":");
    answer.push_str(view);
    answer.push('}');
    answer
}

fn answer_json(answer: &impl Serialize) -> ApiResult<String> {
    serde_json::to_string(answer)
        .map_err(|e| ApiError::internal(format!("a turn's answer did not serialize: {e}")))
}

/// A turn checked against the rules and ready to write: the log row, the game after it,
/// the clocks of the seats that then wait.
pub struct Prepared {
    pub row: Turn,
    pub advance: Advance,
    pub next: Box<dyn AnyGame>,
    pub events: Vec<Logged<Value>>,
    pub over: bool,
    /// The seats that already waited before this turn and still wait (seats acting at
    /// once, as Dreams' guesses): they were told when their wait began, not again now.
    pub told: Vec<usize>,
    /// Write the mail the turn causes (always, but for the first half of a pass turn in
    /// two submissions, which the scheduler completes in the same transaction: its
    /// your-turn mail would be stale before it is sent).
    pub mail: bool,
    /// The game's row as the turn leaves it (without its state) and its seated players,
    /// for the turn's events: the row is written only if the game is still at the
    /// sequence the turn was based on, so these are what the database then holds.
    pub game: Game,
    pub players: Vec<SeatedPlayer>,
    /// The seat's player plays it while a stand-in held it: the turn takes it back
    /// (`crate::play::bots::end_stand_in`, in the turn's transaction).
    pub back: bool,
    /// A bot plays a seat that waits after the turn (wake the bot worker once committed).
    pub wake_bots: bool,
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
    prepare_with(
        &TurnContext::of(app),
        table,
        engine,
        seat,
        user_id,
        turn,
        source,
    )
}

/// What writing a turn needs of the server besides the database: the writer's closure
/// carries it (the group-commit writer runs on a thread of its own).
#[derive(Clone)]
pub struct TurnContext {
    pub public_url: String,
    pub clock: crate::clock::SharedClock,
    pub snapshot_every: i64,
    pub remind_before: chrono::Duration,
}

impl TurnContext {
    pub fn of(app: &AppState) -> TurnContext {
        TurnContext {
            public_url: app.public_url.clone(),
            clock: app.clock.clone(),
            snapshot_every: app.snapshot_every,
            remind_before: app.time.remind_before,
        }
    }
}

/// [`prepare_on`] with the server's part as a [`TurnContext`].
pub fn prepare_with(
    app: &TurnContext,
    table: &Table,
    engine: &dyn AnyGame,
    seat: usize,
    user_id: &str,
    turn: &Value,
    source: &str,
) -> ApiResult<Prepared> {
    let kind = table.kind()?;
    let sealed_for = match engine.turn_visibility(seat, turn) {
        Visibility::Everyone => None,
        Visibility::Seat(s) => Some(i64::try_from(s).map_err(ApiError::internal)?),
        Visibility::Nobody => Some(-1),
    };
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
        sealed_for,
    };
    // A turn of the seat's own player (not the service's, nor its bot's) while a stand-in
    // holds the seat takes it back.
    let mut players = table.players.clone();
    let mut back = false;
    // (Nor a turn it queued: played for it, that is no return.)
    if !crate::store::models::by_the_service(source)
        && source != crate::store::models::SOURCE_BOT
        && source != crate::store::models::SOURCE_QUEUED
    {
        for p in players.iter_mut().filter(|p| p.seat.seat == Some(row.seat)) {
            back = p.seat.stand_in_at.take().is_some();
        }
    }
    let forfeited: Vec<usize> = table
        .players
        .iter()
        .filter(|p| p.seat.forfeited_at.is_some())
        .filter_map(|p| p.seat.seat.and_then(|s| usize::try_from(s).ok()))
        .collect();
    let to_act = next.to_act();
    // The snapshot is rewritten every `snapshot_every` turns and at the end; between,
    // the log's turns after it are the rest of the state (`crate::game::table::restore`).
    let snapshot = over || seq % app.snapshot_every == 0;
    let advance = Advance {
        state: snapshot.then(|| next.state().to_string()),
        to_act: json!(to_act).to_string(),
        outcome: next
            .outcome()
            .map(|o| without_forfeited(&o, &forfeited).to_string()),
        waiting: to_act
            .iter()
            .filter_map(|&s| i64::try_from(s).ok())
            .collect(),
        restart: (to_act.contains(&seat) && !next.continues_turn(seat))
            .then(|| i64::try_from(seat).ok())
            .flatten(),
        timing: Timing {
            now: at,
            remind_before: app.remind_before,
        },
    };
    let told: Vec<usize> = table
        .to_act()
        .into_iter()
        .filter(|&s| s != seat && to_act.contains(&s))
        .collect();
    // As `store::submit_turn` writes it.
    let ended = advance.outcome.is_some();
    let game = Game {
        seq,
        to_act: advance.to_act.clone(),
        outcome: advance.outcome.clone(),
        status: if ended { OVER } else { RUNNING }.to_string(),
        ended_at: ended.then_some(at),
        updated_at: at,
        state: None,
        state_seq: if snapshot { seq } else { table.game.state_seq },
        ..table.game.clone()
    };
    let wake_bots = !over && crate::play::bots::plays_any(&players, &to_act);
    Ok(Prepared {
        row,
        advance,
        next,
        events: applied.events,
        over,
        told,
        mail: true,
        game,
        players,
        back,
        wake_bots,
    })
}

/// The outcome as the service shows it when seats dropped out (`docs/players/deadlines.md`): a
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

/// Write a prepared turn in the caller's transaction (the scheduler's; it holds the SQLite
/// writer lock), and the queued turns it lets play (`crate::play::queue`). `Stale` when
/// another turn landed first. Returns the sequence and the game after them, which
/// the caller keeps hot ([`crate::game::hot::HotGames::put`]) only once its transaction has
/// committed.
pub fn write(
    conn: &mut DbConn,
    app: &AppState,
    prepared: Prepared,
    idem: Option<&Idempotent>,
) -> Result<(i64, Box<dyn AnyGame>), SubmitError> {
    let first_seq = prepared.row.seq;
    let wake_bots = prepared.wake_bots;
    let (next, mailed, wake, head) = write_turn(
        conn,
        &TurnContext::of(app),
        prepared,
        idem,
        None,
        Savepoint::Own,
    )?;
    // Inside a transaction of the caller's (the scheduler's passes), this wakes too early;
    // the caller wakes the game's streams again after its commit.
    app.streams.wake(wake);
    if mailed {
        crate::outbox::wake(app);
    }
    // (The scheduler's transaction may not have committed yet: the worker that finds
    // nothing now finds it at its next poll.)
    // A queued turn played after this one may have made it a bot's turn.
    if wake_bots
        || (head.game.seq != first_seq
            && crate::play::bots::plays_any(&head.players, &next.to_act()))
    {
        crate::play::bots::wake(app);
    }
    Ok((head.game.seq, next))
}

/// Write a prepared turn: the log entry, the state, the clocks, the mail it causes (and
/// `also`'s, with the answer the API gives for the turn) and the idempotency record.
/// Returns the game after it and whether mail was written (the outbox worker is woken
/// once the transaction has committed).
/// Whether [`write_turn`] opens a transaction (a savepoint inside the caller's) of its own.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Savepoint {
    Own,
    /// The caller's savepoint holds this turn alone and rolls it back if it fails (the
    /// group-commit writer's, `crate::store::group`).
    Given,
}

fn write_turn(
    conn: &mut DbConn,
    ctx: &TurnContext,
    prepared: Prepared,
    idem: Option<&Idempotent>,
    also: Option<(&Value, &mut AlsoWrite<'_>)>,
    savepoint: Savepoint,
) -> Result<Written, SubmitError> {
    match savepoint {
        Savepoint::Own => crate::store::write_transaction(conn, |conn| {
            write_chain(conn, ctx, prepared, idem, also)
        }),
        Savepoint::Given => write_chain(conn, ctx, prepared, idem, also),
    }
}

/// Write a prepared turn, then each queued turn it lets play, one after the other, in the
/// one transaction of the caller (`crate::play::queue`): the turn that makes it a seat's
/// turn and that seat's first queued turn commit together. Returns the game after the
/// last one, whether any of them wrote mail, and the streams to wake.
fn write_chain(
    conn: &mut DbConn,
    ctx: &TurnContext,
    prepared: Prepared,
    idem: Option<&Idempotent>,
    also: Option<(&Value, &mut AlsoWrite<'_>)>,
) -> Result<Written, SubmitError> {
    let (mut written, mut due) = write_one(conn, ctx, prepared, idem, also)?;
    // Each queued turn passes the turn on (or ends the game): the chain is bounded by the
    // seats' queues, which it empties; the bound is a guard only.
    for _ in 0..super::queue::MAX_CHAIN {
        let Some(queued) = due.take() else { break };
        let (next_written, next_due) = write_one(conn, ctx, queued, None, None)?;
        let (_, mailed, wake, _) = &written;
        let (mailed, mut wake) = (*mailed, wake.clone());
        written = next_written;
        written.1 |= mailed;
        wake.users.append(&mut written.2.users);
        wake.games.append(&mut written.2.games);
        written.2 = wake;
        due = next_due;
    }
    Ok(written)
}

/// Write one prepared turn: the log entry, the state, the clocks, the mail it causes (and
/// `also`'s, with the answer the API gives for the turn) and the idempotency record; and
/// say which queued turn is due after it, ready to write (`crate::play::queue::due`).
fn write_one(
    conn: &mut DbConn,
    ctx: &TurnContext,
    prepared: Prepared,
    idem: Option<&Idempotent>,
    also: Option<(&Value, &mut AlsoWrite<'_>)>,
) -> Result<(Written, Option<Prepared>), SubmitError> {
    let Prepared {
        row,
        advance,
        next,
        events,
        mail,
        told,
        game,
        players,
        back,
        ..
    } = prepared;
    // The mail the turn causes is written in its transaction (`crate::outbox::compose`).
    let facts = TurnFacts {
        game_id: &row.game_id,
        game: &game,
        seq: row.seq,
        engine: next.as_ref(),
        told: &told,
        events: &events,
        at: row.created_at,
        public_url: &ctx.public_url,
    };
    let mut mailed = false;
    let mut wake = crate::store::events::Wake::default();
    let mut due = None;
    let seat = usize::try_from(row.seat).unwrap_or_default();
    let mails = |conn: &mut DbConn, clocks: &crate::store::deadlines::Clocks| {
        let mut mails = if mail {
            compose::turn_mails(conn, &facts, Some(&clocks.seats))?
        } else {
            Vec::new()
        };
        // A seat a stand-in plays is played within moments: its player's your-turn mail
        // would be stale before it is read (they were told the stand-in plays for them).
        if players.iter().any(|p| p.seat.stand_in_at.is_some()) {
            mails.retain(|m| {
                m.template != crate::mail::Template::YourTurn.name()
                    || !players.iter().any(|p| {
                        p.seat.stand_in_at.is_some()
                            && m.user_id.as_deref() == Some(&p.seat.user_id)
                    })
            });
        }
        if let Some((body, also)) = also {
            mails.extend(also(conn, body, next.as_ref())?);
        }
        // The queued turn of the seat whose turn this made, if any: played next, in
        // this transaction, or dropped with the reason in that seat's your-turn mail.
        if mail {
            due = super::queue::due(
                conn,
                ctx,
                super::queue::After {
                    game: &game,
                    players: &players,
                    engine: next.as_ref(),
                    told: &told,
                },
                &mut mails,
            )?;
        }
        mailed = !mails.is_empty();
        // The events for the streams, in the same transaction (`crate::play::events`).
        wake = crate::play::events::after_turn(
            conn,
            &game,
            &players,
            seat,
            &told,
            mail,
            row.created_at,
            &clocks.due,
        )?;
        if back {
            if let Some((more, back_mails)) = crate::play::bots::end_stand_in(
                conn,
                &ctx.public_url,
                &game,
                &players,
                row.seat,
                row.created_at,
            )? {
                wake.users.extend(more.users);
                wake.games.extend(more.games);
                mailed |= !back_mails.is_empty();
                mails.extend(back_mails);
            }
        }
        Ok(mails)
    };
    store::submit_turn_in(conn, &row, &advance, idem, mails)?;
    Ok(((next, mailed, wake, Head { game, players }), due))
}

/// The legal next steps for `user_id`'s seat after the turn written so far (`partial`, the
/// engine's JSON): `(seq, seat, legal)`.
pub fn legal(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    partial: &Value,
) -> ApiResult<(i64, usize, Value)> {
    legal_after(
        conn,
        app,
        game_id,
        user_id,
        &PartialTurn::Json(partial.clone()),
    )
}

/// A turn written so far, as `GET /games/{id}/legal` takes it.
pub enum PartialTurn {
    /// The engine's JSON.
    Json(Value),
    /// The game's text notation (read with the game's kind: 422 `invalid_notation`).
    Notation(String),
}

/// [`legal`] for a partial turn in JSON or in the notation.
pub fn legal_after(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    partial: &PartialTurn,
) -> ApiResult<(i64, usize, Value)> {
    let table = Table::load_for(conn, game_id, user_id)?;
    let seat = check_turn_since(&table, user_id, None, true)
        .map_err(|refused| ApiError::from(explain(conn, app, &table, user_id, refused)))?;
    let parsed;
    let partial = match partial {
        PartialTurn::Json(v) => v,
        PartialTurn::Notation(text) => {
            parsed = table.kind()?.parse_turn(text).map_err(notation_error)?;
            &parsed
        }
    };
    let legal = table
        .engine(&app.hot)?
        .legal(seat, partial)
        .map_err(turn_error)?;
    Ok((table.game.seq, seat, legal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_is_appended_as_the_answers_last_key() {
        let turn = json!({"pass": true});
        let head = answer_json(&FullAnswer {
            at: chrono::DateTime::UNIX_EPOCH,
            events: Vec::new(),
            game_id: "g",
            notation: "pass",
            outcome: None,
            seat: 1,
            seq: 7,
            status: RUNNING,
            to_act: &[0],
            turn: &turn,
        })
        .unwrap();
        let view = r#"{"board":[1,2],"to_move":0}"#;
        let text = with_view(head, view);
        assert!(text.ends_with(r#","view":{"board":[1,2],"to_move":0}}"#));
        let answer: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(answer["view"], json!({"board": [1, 2], "to_move": 0}));
        assert_eq!(answer["seq"], 7);
        assert_eq!(answer["turn"], turn);
        assert_eq!(answer["outcome"], Value::Null);
    }
}
