//! The outbox worker: delivers the mail that transactions wrote into the `outbox` table.
//!
//! Owns: claiming due rows with a lease, rendering them (`crate::mail::render`, with the
//! links and their tokens minted now and the board drawn now), handing them to the
//! transport, and writing down what happened: `sent_at`; or `attempts`, `last_error`
//! and the next try after an exponential backoff; or `failed_at` when the error is
//! permanent or the attempts are used up (the row is kept for the operator: `hermes
//! outbox`). Also what decides mail ([`compose`]); the operator's view is `crate::cli::outbox`.
//! Must not: decide who gets mail (that is [`compose`], in the causing transaction),
//! delete a row, or read the wall clock (every time comes from `AppState.clock`).
//!
//! # Claiming
//! One statement per batch, written per backend (`crate::store::lease`, shared with the
//! webhook deliveries):
//! `UPDATE outbox SET lease_owner = me, lease_until = now + LEASE WHERE id IN (SELECT id
//! … due and not leased … LIMIT n) RETURNING id`. On Postgres the subquery takes
//! `FOR UPDATE SKIP LOCKED` and the outer `WHERE` checks the lease again, so two
//! servers never both claim a row; SQLite has one writer at a time anyway. Marking a row
//! checks `lease_owner = me`. A worker that dies with a lease leaves the row to be taken
//! again once the lease runs out, and the mail goes out again with the same Message-ID
//! (at least once; the Message-ID makes a duplicate recognisable).

pub mod compose;
pub mod draw;

use crate::kinds::{Kind, KindError, YourTurnFacts};
use crate::links;
use crate::mail::reader;
use crate::mail::{
    outbox_message_id, render, Attachment, Context, Lang, MailError, MailSettings, Recipient,
    ReplyTo, TalkLine, TalkLines, Template, Transport, TransportKind,
};
use crate::state::AppState;
use crate::store::models::{new_id, OutboxRow};
use crate::store::outbox as outbox_store;
use crate::store::talk as talk_store;
use crate::store::{accounts, games as game_store, DbConn, StoreError};
use ::games::registry::AnyGame;
use ::games::Viewer;
use chrono::{Duration, NaiveDateTime};
use serde_json::Value;
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

/// How long a claimed row is ours: one SMTP exchange (each reply may take up to the
/// transport's 30 s timeout, usually milliseconds) plus drawing the board. A row held by a
/// worker that died is taken again once this runs out; one whose send outlives it may go
/// out twice, with the same Message-ID.
pub const LEASE: Duration = Duration::seconds(60);
/// Rows claimed at once; the next claim starts once fewer than this wait to be sent.
const BATCH: i64 = 64;
/// Mails rendered and sent at once, to as many addresses (the draw pool draws at most its
/// threads' worth at once; the transport keeps as many SMTP connections open).
const SENDING: usize = crate::mail::SMTP_CONNECTIONS;
/// The shortest time between the start of a claim that found less than a batch and the
/// next claim: each claim is a write of the turns' writer, in their commit.
const CLAIM_GAP: std::time::Duration = std::time::Duration::from_millis(50);
/// Pictures kept for reuse ([`draw::PictureCache`]); a late board is about 60 KB.
const PICTURES: usize = 256;
/// The longest wait between two attempts at one mail.
pub const MAX_BACKOFF_SECS: i64 = 3600;

/// The worker's settings.
#[derive(Debug, Clone)]
pub struct WorkerSettings {
    pub mail: MailSettings,
    /// Attempts at one mail before it is marked failed.
    pub max_attempts: u32,
    /// How long to sleep when there is nothing to do (a wake-up cuts it short).
    pub poll: std::time::Duration,
    /// Threads drawing pictures and rendering mails ([`draw::DrawPool`]).
    pub draw_threads: usize,
    /// Their nice value (Linux).
    pub draw_nice: u32,
    /// Each drawing thread's share of one core, in percent ([`draw::rest_after`]).
    pub draw_share: u32,
    /// Drawing threads under `SCHED_IDLE`, without a share ([`draw::DrawPool`]).
    pub draw_spare_threads: usize,
    /// Mark a your-turn mail whose reader already acted `superseded` instead of sending
    /// it ([`superseded`]).
    pub drop_superseded: bool,
}

/// The delivery worker of one server process.
pub struct Worker {
    state: Arc<AppState>,
    transport: Transport,
    settings: WorkerSettings,
    /// This worker's name in `lease_owner`.
    owner: String,
    draw: Arc<draw::DrawPool>,
    pictures: Arc<draw::PictureCache>,
}

/// What became of one row this time.
#[derive(Debug)]
enum Attempt {
    Sent,
    /// A your-turn mail whose reader had already acted: not sent ([`superseded`]).
    Superseded,
    Failed(Failure),
}

/// A row that could not be delivered this time.
#[derive(Debug)]
struct Failure {
    permanent: bool,
    /// Safe to store and log: no body, link or password.
    message: String,
}

impl From<MailError> for Failure {
    fn from(e: MailError) -> Failure {
        Failure {
            permanent: e.is_permanent(),
            message: e.to_string(),
        }
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure {
            permanent: false,
            message: e.to_string(),
        }
    }
}

impl From<KindError> for Failure {
    fn from(e: KindError) -> Failure {
        match e {
            KindError::Store(e) => e.into(),
            KindError::Mail(e) => e.into(),
            KindError::Unfit(message) => permanent(message),
            KindError::Nothing(message) => permanent(message),
        }
    }
}

fn permanent(message: impl Into<String>) -> Failure {
    Failure {
        permanent: true,
        message: message.into(),
    }
}

/// `2^attempts` seconds, at most [`MAX_BACKOFF_SECS`], plus up to a quarter more at
/// random so that mails that failed together do not come back together.
pub fn backoff(attempts: i64) -> Duration {
    let base = 1i64
        .checked_shl(u32::try_from(attempts.clamp(0, 20)).unwrap_or(20))
        .unwrap_or(MAX_BACKOFF_SECS)
        .min(MAX_BACKOFF_SECS);
    let jitter_ms = rand::random::<u64>() % (u64::try_from(base).unwrap_or(1) * 250 + 1);
    Duration::seconds(base) + Duration::milliseconds(i64::try_from(jitter_ms).unwrap_or(0))
}

impl Worker {
    /// The worker for `state`'s database, delivering with the transport `settings` name.
    pub fn new(state: Arc<AppState>, settings: WorkerSettings) -> Result<Worker, MailError> {
        let transport = Transport::from_settings(&settings.mail)?;
        Ok(Worker::with_transport(state, settings, transport))
    }

    /// As [`Worker::new`] with a given transport (tests: memory).
    pub fn with_transport(
        state: Arc<AppState>,
        settings: WorkerSettings,
        transport: Transport,
    ) -> Worker {
        Worker {
            state,
            transport,
            draw: Arc::new(draw::DrawPool::new(
                settings.draw_threads,
                settings.draw_nice,
                settings.draw_share,
                settings.draw_spare_threads,
            )),
            pictures: Arc::new(draw::PictureCache::new(PICTURES)),
            settings,
            owner: format!("{}-{}", std::process::id(), &new_id()[..12]),
        }
    }

    /// Where mail goes, for the startup log.
    pub fn describe(&self) -> String {
        let m = &self.settings.mail;
        match m.transport {
            TransportKind::File => format!("writing .eml files to {}", m.file_dir.display()),
            TransportKind::Smtp => format!(
                "sending through SMTP at {}:{} ({:?}) as {}",
                m.smtp.host,
                m.smtp.port(),
                m.smtp.security,
                m.from
            ),
        }
    }

    /// Deliver until the task is dropped, as a pipeline: rows are claimed while others
    /// are drawn and sent, and the attempts are written down while the next are sent, so
    /// the drawing threads are not left waiting for a claim or a commit, nor for the
    /// slowest address of a batch (BENCHMARKS.md, "Tenth pass"). Up to [`SENDING`] mails
    /// are rendered and sent at once, each to an address of its own: one address's mails
    /// go one after the other, in the order they were claimed (the order they were
    /// decided). A claim that finds less than a batch waits for a wake-up (a transaction
    /// that enqueued mail) or the poll interval, and at least [`CLAIM_GAP`] after the
    /// claim before it, so that mail that keeps up costs a few claims a second, not one
    /// per mail.
    pub async fn run(self) {
        use futures_util::future::{BoxFuture, FutureExt};
        use futures_util::stream::{FuturesUnordered, StreamExt};
        let wake = self.state.mail_wake.clone();
        let poll = self.settings.poll;
        // Claimed, not yet started (an address already being sent to waits its turn).
        let mut pending: VecDeque<OutboxRow> = VecDeque::new();
        // The addresses being sent to, lower case.
        let mut busy: HashSet<String> = HashSet::new();
        let mut sending: FuturesUnordered<BoxFuture<'_, (OutboxRow, Attempt)>> =
            FuturesUnordered::new();
        // Attempts made, not yet written down.
        let mut done: Vec<(OutboxRow, Attempt)> = Vec::new();
        // The rows this loop holds, from their claim until their attempt is written down:
        // a row whose lease ran out while it waited (behind a slow SMTP server) is
        // claimed again by the next claim, which renews its lease, and must not be sent
        // twice.
        let mut held: HashSet<String> = HashSet::new();
        // The rows of the record under way.
        let mut recording: Vec<String> = Vec::new();
        // A claim under way, and when it started.
        type Claimed = (Result<Vec<OutboxRow>, StoreError>, tokio::time::Instant);
        let mut claiming: Option<BoxFuture<'_, Claimed>> = None;
        let mut marking: Option<BoxFuture<'_, ()>> = None;
        // Set after a claim that found less than a batch: what to wait for before the next.
        let mut resting: Option<BoxFuture<'static, ()>> = None;
        loop {
            for row in startable(&mut pending, &mut busy, SENDING - sending.len()) {
                sending.push(self.attempt(row).boxed());
            }
            if claiming.is_none() && resting.is_none() && pending.len() < BATCH as usize {
                let started = tokio::time::Instant::now();
                claiming = Some(self.claim().map(move |rows| (rows, started)).boxed());
            }
            if marking.is_none() && !done.is_empty() {
                recording = done.iter().map(|(row, _)| row.id.clone()).collect();
                marking = Some(self.mark_all(std::mem::take(&mut done)).boxed());
            }
            tokio::select! {
                Some((row, attempt)) = sending.next(), if !sending.is_empty() => {
                    busy.remove(&row.to_addr.to_ascii_lowercase());
                    done.push((row, attempt));
                }
                (rows, started) = async { claiming.as_mut().expect("guarded").await },
                    if claiming.is_some() => {
                    claiming = None;
                    let full = match rows {
                        Ok(rows) => {
                            let full = rows.len() >= BATCH as usize;
                            pending.extend(rows.into_iter().filter(|r| held.insert(r.id.clone())));
                            full
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "outbox: cannot claim mail");
                            false
                        }
                    };
                    if !full {
                        let wake = wake.clone();
                        resting = Some(async move {
                            let _ = tokio::time::timeout(poll, wake.notified()).await;
                            tokio::time::sleep_until(started + CLAIM_GAP).await;
                        }.boxed());
                    }
                }
                () = async { marking.as_mut().expect("guarded").await }, if marking.is_some() => {
                    marking = None;
                    for id in recording.drain(..) {
                        held.remove(&id);
                    }
                }
                () = async { resting.as_mut().expect("guarded").await }, if resting.is_some() => {
                    resting = None;
                }
            }
        }
    }

    /// Claim a batch of due rows (after marking the stale your-turn ones superseded, in
    /// the same commit), with the turns the group-commit writer is committing. Whether
    /// any row is due is read first, on a connection of the pool: an idle worker writes
    /// nothing and leaves the writer to the turns.
    async fn claim(&self) -> Result<Vec<OutboxRow>, StoreError> {
        let state = self.state.clone();
        let owner = self.owner.clone();
        let drop_superseded = self.settings.drop_superseded;
        tokio::task::spawn_blocking(move || -> Result<Vec<OutboxRow>, StoreError> {
            let now = state.clock.now_naive();
            let due = {
                let mut conn = state.db.pool.get().map_err(StoreError::from)?;
                outbox_store::any_due(&mut conn, now)?
            };
            if !due {
                return Ok(Vec::new());
            }
            let work = move |conn: &mut DbConn| -> Result<Vec<OutboxRow>, StoreError> {
                if drop_superseded {
                    let n = outbox_store::supersede_due(conn, now, SUPERSEDE_BATCH)?;
                    if n > 0 {
                        tracing::debug!(mails = n, "outbox: your-turn mail superseded");
                    }
                }
                outbox_store::claim(conn, &owner, now, now + LEASE, BATCH)
            };
            with_the_writer(&state, work)
        })
        .await
        .map_err(|e| StoreError::Db(diesel::result::Error::QueryBuilderError(Box::new(e))))?
    }

    /// Render `row` (on the draw pool) and send it: what became of it this time.
    async fn attempt(&self, row: OutboxRow) -> (OutboxRow, Attempt) {
        let result = match self.render(&row).await {
            Ok(Some(message)) => match self.transport.send(&message).await {
                Ok(()) => Attempt::Sent,
                Err(e) => Attempt::Failed(e.into()),
            },
            Ok(None) => Attempt::Superseded,
            Err(f) => Attempt::Failed(f),
        };
        (row, result)
    }

    /// Render `row` on the draw pool (links minted now, the picture drawn or reused);
    /// `None` when it is a your-turn mail whose reader has already acted and such mail is
    /// dropped ([`superseded`]).
    async fn render(&self, row: &OutboxRow) -> Result<Option<crate::mail::Message>, Failure> {
        let state = self.state.clone();
        let from = self.settings.mail.from.clone();
        let pictures = self.pictures.clone();
        let prepared_row = row.clone();
        let drop_superseded = self.settings.drop_superseded;
        self.draw
            .run(move || {
                // Checked on its own connection, given back before `prepare` takes one.
                if drop_superseded {
                    let stale = {
                        let mut conn = state.db.pool.get().map_err(StoreError::from)?;
                        superseded(&mut conn, &prepared_row)?
                    };
                    if stale {
                        return Ok(None);
                    }
                }
                prepare(&state, &from, &prepared_row, &pictures)
            })
            .await
            .unwrap_or_else(|| Err(permanent("rendering panicked")))
    }

    /// Write down the attempts made since the last record, in one transaction (with the
    /// turns the group-commit writer is committing).
    async fn mark_all(&self, attempts: Vec<(OutboxRow, Attempt)>) {
        if attempts.is_empty() {
            return;
        }
        let state = self.state.clone();
        let owner = self.owner.clone();
        let max_attempts = i64::from(self.settings.max_attempts);
        let logged: Vec<(String, Option<String>)> = attempts
            .iter()
            .map(|(row, r)| {
                let error = match r {
                    Attempt::Failed(f) => Some(f.message.clone()),
                    _ => None,
                };
                (row.id.clone(), error)
            })
            .collect();
        let marked =
            tokio::task::spawn_blocking(move || -> Result<Vec<&'static str>, StoreError> {
                let now = state.clock.now_naive();
                let work = move |conn: &mut DbConn| -> Result<Vec<&'static str>, StoreError> {
                    attempts
                        .into_iter()
                        .map(|(row, outcome)| mark(conn, &row, &owner, now, max_attempts, outcome))
                        .collect()
                };
                with_the_writer(&state, work)
            })
            .await
            .unwrap_or_else(|e| {
                Err(StoreError::Db(diesel::result::Error::QueryBuilderError(
                    Box::new(e),
                )))
            });
        match marked {
            Ok(whats) => {
                for ((id, error), what) in logged.iter().zip(whats) {
                    match error {
                        None if what == "superseded" => tracing::info!(
                            outbox.id = %id,
                            what,
                            "mail not sent: its reader has already acted"
                        ),
                        None => tracing::info!(outbox.id = %id, what, "mail delivered"),
                        Some(e) => {
                            tracing::warn!(outbox.id = %id, what, error = %e, "mail not delivered")
                        }
                    }
                }
            }
            Err(e) => {
                for (id, _) in &logged {
                    tracing::error!(outbox.id = %id, error = %e, "mail: cannot record the attempt");
                }
            }
        }
    }
}

/// Run `work` in a transaction with the turns: through the group-commit writer (sharing a
/// commit with the turns it is writing), or else holding the process's writer lock.
fn with_the_writer<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&mut DbConn) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    match &state.db.group_commit {
        Some(group) => group.write(work),
        None => {
            let mut conn = state.db.pool.get()?;
            let _one_writer = state.db.one_writer();
            crate::store::write_transaction(&mut conn, work)
        }
    }
}

/// Take from `pending` up to `room` rows to send now, in their order, each to an address
/// not in `busy` (compared without case) and not to one taken before it: one address's
/// mails go one after the other, in their order. The addresses taken join `busy`.
fn startable(
    pending: &mut VecDeque<OutboxRow>,
    busy: &mut HashSet<String>,
    room: usize,
) -> Vec<OutboxRow> {
    let mut started = Vec::new();
    let mut i = 0;
    while started.len() < room && i < pending.len() {
        if busy.insert(pending[i].to_addr.to_ascii_lowercase()) {
            started.extend(pending.remove(i));
        } else {
            i += 1;
        }
    }
    started
}

/// Due your-turn mails marked superseded at once, before each claim.
const SUPERSEDE_BATCH: i64 = 5_000;

/// Write down one attempt at `row` (claimed by `owner`); returns `sent`, `superseded`,
/// `retry` or `failed` (or `lease lost` when another worker took the row meanwhile).
fn mark(
    conn: &mut DbConn,
    row: &OutboxRow,
    owner: &str,
    now: NaiveDateTime,
    max_attempts: i64,
    outcome: Attempt,
) -> Result<&'static str, StoreError> {
    let attempts = row.attempts + 1;
    let message: String = match &outcome {
        Attempt::Failed(f) => f.message.chars().take(500).collect(),
        _ => String::new(),
    };
    let (mark, what) = match &outcome {
        Attempt::Superseded => (outbox_store::Mark::Superseded, "superseded"),
        Attempt::Sent => (outbox_store::Mark::Sent { attempts }, "sent"),
        Attempt::Failed(f) => {
            let give_up = f.permanent || attempts >= max_attempts;
            (
                outbox_store::Mark::Failed {
                    attempts,
                    error: &message,
                    given_up: give_up,
                    next_attempt_at: now + backoff(attempts),
                },
                if give_up { "failed" } else { "retry" },
            )
        }
    };
    let mine = outbox_store::mark(conn, &row.id, owner, now, mark)?;
    Ok(if mine { what } else { "lease lost" })
}

/// Whether `row` is a your-turn mail whose reader has already acted: the reader's seat
/// has a turn in the log after the mail's sequence (a turn of their own, or the pass
/// Hermes played for them at their deadline), so the wait the mail announces is over.
/// Only `your_turn` rows (Gods and Dreams) are ever superseded; a game-over mail, an
/// invitation, a reveal, a reminder or any other mail is not.
pub fn superseded(conn: &mut DbConn, row: &OutboxRow) -> Result<bool, StoreError> {
    if row.template != Template::YourTurn.name() {
        return Ok(false);
    }
    let (Some(game_id), Some(seq), Some(user_id)) = (&row.game_id, row.seq, &row.user_id) else {
        return Ok(false);
    };
    let Some(seat) = game_store::seat_of(conn, game_id, user_id)? else {
        return Ok(false);
    };
    game_store::has_turn_after(conn, game_id, seat, seq)
}

/// The host of the public URL: the right-hand side of Message-IDs.
fn domain(public_url: &str) -> String {
    url::Url::parse(public_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .unwrap_or_else(|| "localhost".to_string())
}

/// Render `row`: links minted now, the board drawn now. `None`: nothing is left to send
/// (a talk mail whose talk a turn mail told already).
fn prepare(
    state: &AppState,
    from: &str,
    row: &OutboxRow,
    pictures: &draw::PictureCache,
) -> Result<Option<crate::mail::Message>, Failure> {
    let mut template = Template::from_name(&row.template)?;
    let mut data: Value = serde_json::from_str(&row.data)
        .map_err(|e| permanent(format!("the stored data is not JSON: {e}")))?;
    let mut conn = state.db.pool.get().map_err(StoreError::from)?;
    let (lang, time_zone) = match &row.user_id {
        Some(id) => accounts::lang_and_zone(&mut conn, id)?
            .map(|(l, tz)| (Lang::from_code(&l).unwrap_or_default(), tz))
            .unwrap_or_else(|| (Lang::default(), "UTC".to_string())),
        None => (Lang::default(), "UTC".to_string()),
    };
    // The game at the mail's sequence: drawn as the board (as the reader's seat sees it,
    // or as everyone does for a revealed round), and the your-turn data is built from it.
    let game = match (&row.user_id, &row.game_id, row.seq) {
        (Some(user), Some(game), Some(seq))
            if matches!(
                template,
                Template::YourTurn
                    | Template::GameOver
                    | Template::DreamsReveal
                    | Template::ReplyAnswer
            ) =>
        {
            rebuild(&mut conn, &state.hot, game, seq, user)?
        }
        _ => None,
    };
    // How long a link works, in the reader's words (rows carry it in English).
    let valid_for = |hours: chrono::Duration, default: u32| {
        crate::i18n::hours(lang, u32::try_from(hours.num_hours()).unwrap_or(default))
    };
    match template {
        Template::Welcome => data["verify_valid_for"] = valid_for(links::VERIFY_TTL, 48).into(),
        Template::PasswordReset => {
            data["reset_valid_for"] = valid_for(links::PASSWORD_RESET_TTL, 1).into();
        }
        // A digest written before it named its day as a date.
        Template::Digest => {
            if let Some(obj) = data.as_object_mut() {
                obj.entry("day").or_insert(Value::Null);
            }
        }
        _ => {}
    }
    if template == Template::GameOver {
        // A game-over row written before Dreams lacks these (a Gods game's values).
        if let Some(obj) = data.as_object_mut() {
            obj.entry("seat_label").or_insert_with(|| "god".into());
            obj.entry("last_round").or_insert(Value::Null);
            obj.entry("board").or_insert(Value::Bool(false));
            obj.entry("rematch_url").or_insert(Value::Null);
        }
    }
    // A your-turn mail's data is built now; what the act left in it is only why the
    // seat's queued turns were dropped (`crate::play::queue`), added to the words below.
    let queue_dropped = data.get("queue_dropped").cloned();
    let deferred = data
        .as_object()
        .is_some_and(|o| o.keys().all(|k| k == "queue_dropped"));
    let mut attachments: Vec<Attachment> = Vec::new();
    // Replies are read: a your-turn mail (and the answer to a reply) carries the seat's
    // signed reply address for its sequence (`crate::inbound::token`).
    let reply_address_of = |game: &Rebuilt| -> Option<String> {
        let domain = state.inbound.reply_domain.as_deref()?;
        let (Some(game_id), Some(seq), Some(seat)) = (&row.game_id, row.seq, game.seat) else {
            return None;
        };
        crate::links::reply::ReplyToken {
            game_id: game_id.clone(),
            seat,
            seq,
        }
        .address(&state.keys, domain)
    };
    let mut reply: Option<ReplyTo> = None;
    if template == Template::YourTurn && deferred {
        let (Some(game_id), Some(seq), Some(game)) = (&row.game_id, row.seq, &game) else {
            return Err(permanent("a your-turn mail whose game or seat is gone"));
        };
        let Some(seat) = game.seat else {
            return Err(permanent("a your-turn mail whose reader has no seat"));
        };
        let view = game.engine.view(Viewer::Seat(seat));
        let now = state.clock.now_naive();
        let deadline = compose::deadline_of(&mut conn, game_id, seat, seq, &time_zone, now)?;
        let mail = game.kind.your_turn(
            &mut conn,
            &YourTurnFacts {
                game_id,
                seq,
                turn_number: crate::game::next_turn(seq),
                seat,
                lang,
                view: &view,
                names: &game.names,
                game_name: &game.title,
                deadline: &deadline,
                turn_url: compose::LINK_AT_SEND,
                game_url: &compose::game_url(&state.public_url, game_id),
            },
        )?;
        template = mail.template;
        data = mail.data;
        if let (Some(dropped), Some(obj)) = (queue_dropped, data.as_object_mut()) {
            obj.insert("queue_dropped".into(), dropped);
        }
        if let Some(user) = &row.user_id {
            data["talk"] = talk_of(&mut conn, row, game_id, user)?;
        }
        attachments.push(seat_board(
            pictures, row, &mut conn, game, seat, &view, lang,
        )?);
        reply = reply_address_of(game).map(|address| ReplyTo {
            address,
            hint: game.kind.reply_hint(lang, &data),
        });
    } else if let Some(game) = &game {
        match template {
            // A revealed round (the last one, at the end of the game): public by now, so
            // drawn as everyone sees it.
            Template::DreamsReveal | Template::GameOver if game.kind.reveals_rounds() => {
                let view = game.engine.view(Viewer::Spectator);
                let shown = picture(pictures, row, None, "reveal", lang, || {
                    Ok(game.kind.mail_picture(
                        &mut conn,
                        &view,
                        &game.names,
                        &game.title,
                        true,
                        row.seq.map(crate::game::board_turns),
                        lang,
                    )?)
                })?;
                if template == Template::GameOver {
                    data["board"] = Value::Bool(true);
                    reply = reply_address_of(game).map(|address| ReplyTo {
                        address,
                        hint: rematch_hint(lang),
                    });
                }
                attachments.push(shown);
            }
            // The answer to a reply: in the reply's thread, with the seat's reply address
            // for where the game is now (it may simply reply again), and the board when
            // it was asked for.
            Template::ReplyAnswer => {
                reply = reply_address_of(game).map(|address| ReplyTo {
                    address,
                    hint: crate::i18n::text(
                        lang,
                        "reply-hint-answer",
                        &[
                            ("say", reader::hint_say(lang).into()),
                            ("legal", reader::hint_word(lang, |k| k.legal).into()),
                            ("board", reader::hint_word(lang, |k| k.board).into()),
                        ],
                    ),
                });
                if let (Some(seat), Some(true)) = (game.seat, data["board"].as_bool()) {
                    let view = game.engine.view(Viewer::Seat(seat));
                    let mut shown = seat_board(pictures, row, &mut conn, game, seat, &view, lang)?;
                    shown.content_id = None;
                    attachments.push(shown);
                }
            }
            // The final board, shown inline; a reply (`rematch`) proposes the same table
            // again.
            Template::GameOver => {
                if let Some(seat) = game.seat {
                    let view = game.engine.view(Viewer::Seat(seat));
                    attachments.push(seat_board(
                        pictures, row, &mut conn, game, seat, &view, lang,
                    )?);
                    data["board"] = Value::Bool(true);
                    reply = reply_address_of(game).map(|address| ReplyTo {
                        address,
                        hint: rematch_hint(lang),
                    });
                }
            }
            _ => {}
        }
    }
    // Table talk by mail: what was said since the reader's last mail that told talk; a
    // talk mail with nothing left to tell (a turn mail told it) is not sent.
    if template == Template::Talk {
        let (Some(user), Some(game_id)) = (&row.user_id, &row.game_id) else {
            return Err(permanent("a talk mail without its reader or game"));
        };
        let talk = talk_of(&mut conn, row, game_id, user)?;
        if talk["lines"].as_array().is_none_or(Vec::is_empty) {
            return Ok(None);
        }
        data["talk"] = talk;
        reply = talk_reply(state, &mut conn, row, game_id, user, lang)?;
    }
    if template == Template::Rematch {
        if let (Some(user), Some(game_id)) = (&row.user_id, &row.game_id) {
            reply = talk_reply(state, &mut conn, row, game_id, user, lang)?.map(|r| ReplyTo {
                address: r.address,
                hint: rematch_hint(lang),
            });
        }
    }
    let public = state.public_url.as_str();
    let keys = &state.keys;
    let link_error = |e: crate::error::ApiError| permanent(format!("cannot mint a link: {e:?}"));
    let unsubscribe_url = match &row.user_id {
        Some(user) => links::unsubscribe_link(keys, public, user).map_err(link_error)?,
        // An invited address without an account: the token names the address.
        None => links::unsubscribe_link(keys, public, &row.to_addr).map_err(link_error)?,
    };
    if let Some(obj) = data.as_object_mut() {
        match template {
            Template::YourTurn
            | Template::Reminder
            | Template::DreamsStars
            | Template::DreamsGuess => {
                if let (Some(user), Some(game)) = (&row.user_id, &row.game_id) {
                    let url = links::turn_link(keys, public, user, game).map_err(link_error)?;
                    obj.insert("turn_url".into(), Value::String(url));
                }
            }
            Template::Rematch | Template::Talk => {
                if let (Some(user), Some(game_id)) = (&row.user_id, &row.game_id) {
                    let url = links::turn_link(keys, public, user, game_id).map_err(link_error)?;
                    let key = if template == Template::Talk {
                        "talk_url"
                    } else {
                        "rematch_url"
                    };
                    obj.insert(key.into(), Value::String(url));
                }
            }
            Template::GameOver => {
                let seated = game.as_ref().is_some_and(|g| g.seat.is_some());
                if let (Some(user), Some(game_id), true) = (&row.user_id, &row.game_id, seated) {
                    let url = links::turn_link(keys, public, user, game_id).map_err(link_error)?;
                    obj.insert("rematch_url".into(), Value::String(url));
                }
            }
            Template::Welcome => {
                if let Some(user) = &row.user_id {
                    let url =
                        links::verify_link(keys, public, user, &row.to_addr).map_err(link_error)?;
                    obj.insert("verify_url".into(), Value::String(url));
                }
            }
            // The link names the password it replaces, as it is now: set anew (or reset
            // by an earlier link), it matches nothing.
            Template::PasswordReset => {
                if let Some(user) = &row.user_id {
                    let hash = accounts::password_hash(&mut conn, user)?
                        .ok_or_else(|| permanent("the account is gone".to_string()))?;
                    let url = links::password_reset_link(keys, public, user, &hash)
                        .map_err(link_error)?;
                    obj.insert("reset_url".into(), Value::String(url));
                }
            }
            _ => {}
        }
        // The whole game and the replay open the replay page, signed in for this game
        // by the reader's own turn link (a browser without a session gets the page, not a
        // 401 from the API).
        if let (Some(user), Some(game)) = (&row.user_id, &row.game_id) {
            for key in ["game_url", "replay_url"] {
                if obj.contains_key(key) {
                    let url = links::replay_link(keys, public, user, game).map_err(link_error)?;
                    obj.insert(key.into(), Value::String(url));
                }
            }
        }
    }
    let host = domain(public);
    let thread = match (template, data["in_reply_to"].as_str()) {
        (Template::ReplyAnswer, Some(id)) => Some(id.to_string()),
        _ => row.game_id.as_ref().map(|g| format!("<game-{g}@{host}>")),
    };
    let context = Context {
        lang,
        from: from.to_string(),
        to: Recipient::new(row.to_addr.clone(), row.to_name.clone().unwrap_or_default()),
        message_id: outbox_message_id(&row.id, &host),
        thread,
        unsubscribe_url,
        date: Some(row.created_at.and_utc()),
        data,
        attachments,
        reply,
    };
    Ok(Some(render(template, &context)?))
}

/// The talk a mail tells `user` about `game_id`: what the others said after the last mail
/// that told them talk there was decided, up to this one (`crate::store::talk`).
fn talk_of(
    conn: &mut DbConn,
    row: &OutboxRow,
    game_id: &str,
    user: &str,
) -> Result<Value, Failure> {
    let after = talk_store::last_told(conn, game_id, user, row.created_at)?;
    let (said, earlier) =
        talk_store::window(conn, game_id, user, after, row.created_at, TalkLines::MAX)?;
    let talk = TalkLines {
        lines: said
            .into_iter()
            .map(|(m, name)| TalkLine { name, body: m.body })
            .collect(),
        earlier,
    };
    serde_json::to_value(talk).map_err(|e| permanent(format!("talk as JSON: {e}")))
}

/// The reply address of `user`'s seat in `game_id` at the mail's sequence, when replies
/// are read: a reply to a talk or rematch mail posts talk or accepts.
fn talk_reply(
    state: &AppState,
    conn: &mut DbConn,
    row: &OutboxRow,
    game_id: &str,
    user: &str,
    lang: Lang,
) -> Result<Option<ReplyTo>, Failure> {
    let Some(domain) = state.inbound.reply_domain.as_deref() else {
        return Ok(None);
    };
    let Some(seat) =
        game_store::seat_of(conn, game_id, user)?.and_then(|s| usize::try_from(s).ok())
    else {
        return Ok(None);
    };
    let seq = match row.seq {
        Some(seq) => seq,
        None => return Ok(None),
    };
    Ok(crate::links::reply::ReplyToken {
        game_id: game_id.to_string(),
        seat,
        seq,
    }
    .address(&state.keys, domain)
    .map(|address| ReplyTo {
        address,
        hint: crate::i18n::text(
            lang,
            "reply-hint-talk",
            &[("say", reader::hint_say(lang).into())],
        ),
    }))
}

/// The line above a mail a reply to which may propose (or accept) a rematch.
fn rematch_hint(lang: Lang) -> String {
    crate::i18n::text(
        lang,
        "reply-hint-rematch",
        &[("rematch", reader::hint_word(lang, |k| k.rematch).into())],
    )
}

/// The picture `what` of `row`'s game at its sequence as `seat` sees it (`None`: as
/// everyone does; `crate::kinds::Kind::picture_seat`), from the cache or drawn now by `draw`.
fn picture(
    pictures: &draw::PictureCache,
    row: &OutboxRow,
    seat: Option<usize>,
    what: &'static str,
    lang: Lang,
    draw: impl FnOnce() -> Result<Attachment, Failure>,
) -> Result<Attachment, Failure> {
    match (&row.game_id, row.seq) {
        (Some(game), Some(seq)) => {
            pictures.get_or_draw((game.clone(), seq, seat, what, lang), draw)
        }
        _ => draw(),
    }
}

/// The board as `seat` sees it in `view`, drawn once for every mail that shows it.
fn seat_board(
    pictures: &draw::PictureCache,
    row: &OutboxRow,
    conn: &mut DbConn,
    game: &Rebuilt,
    seat: usize,
    view: &Value,
    lang: Lang,
) -> Result<Attachment, Failure> {
    picture(
        pictures,
        row,
        game.kind.picture_seat(seat),
        "board",
        lang,
        || {
            Ok(game.kind.mail_picture(
                conn,
                view,
                &game.names,
                &game.title,
                false,
                row.seq.map(crate::game::board_turns),
                lang,
            )?)
        },
    )
}

/// A game rebuilt at a mail's sequence.
struct Rebuilt {
    kind: &'static dyn Kind,
    engine: Arc<dyn AnyGame>,
    /// Display names by seat.
    names: Vec<String>,
    /// The game's name in mail.
    title: String,
    /// The reader's seat, if they have one.
    seat: Option<usize>,
}

/// The game at `seq`, the names by seat, the game's name and `user`'s seat. `None` when
/// the game is gone or of a kind mail does not draw. The engine at `seq` is the hot one
/// when this process holds the game at that sequence (a mail drawn before its game moved
/// on: the game-over mails, and your-turn mail that keeps up), and then the game's state
/// is neither read nor parsed; else the stored snapshot with the log's turns after it, if
/// the snapshot is not newer than `seq`; else a replay of the log from the start up to it.
fn rebuild(
    conn: &mut DbConn,
    hot: &crate::game::hot::HotGames,
    game_id: &str,
    seq: i64,
    user_id: &str,
) -> Result<Option<Rebuilt>, Failure> {
    let held = hot.peek(game_id, seq);
    let game = match held {
        Some(_) => game_store::game_head(conn, game_id)?,
        None => game_store::game(conn, game_id)?,
    };
    let Some(game) = game else {
        return Ok(None);
    };
    let Some(service_kind) = crate::kinds::of(&game.kind) else {
        return Ok(None);
    };
    let Some(kind) = ::games::registry::kind(&game.kind) else {
        return Ok(None);
    };
    let seat = game_store::seat_of(conn, game_id, user_id)?.and_then(|s| usize::try_from(s).ok());
    let bad = |e: String| permanent(format!("cannot rebuild the game for its board: {e}"));
    let engine: Arc<dyn AnyGame> = if let Some(engine) = held {
        engine
    } else if game.state.is_some() && game.state_seq <= seq && seq <= game.seq {
        let tail = game_store::turns_between(conn, game_id, game.state_seq, seq)?;
        crate::game::table::restore(&game, seq, &tail)
            .map_err(bad)?
            .into()
    } else {
        // The game moved on since the mail was decided: replay it up to `seq`.
        let player_seeds = game_store::player_seeds(conn, game_id)?;
        let (seed, generator) = game.engine_seed(&player_seeds).map_err(bad)?;
        let options: Value = serde_json::from_str(&game.options).map_err(|e| bad(e.to_string()))?;
        let log = game_store::turns_upto(conn, game_id, seq)?
            .into_iter()
            .map(|t| {
                let seat = usize::try_from(t.seat).map_err(|e| bad(e.to_string()))?;
                let turn: Value = serde_json::from_str(&t.turn).map_err(|e| bad(e.to_string()))?;
                Ok((seat, turn))
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        let seats = usize::try_from(game.seat_count).map_err(|e| bad(e.to_string()))?;
        kind.replay_with(seed, generator, seats, &options, &log)
            .map_err(bad)?
            .into()
    };
    let names = game_store::seat_names(conn, game_id)?;
    let mut by_seat = vec![String::new(); game.seat_count.max(0) as usize];
    for (s, name, bot) in names {
        if let Some(slot) = s
            .and_then(|s| usize::try_from(s).ok())
            .and_then(|s| by_seat.get_mut(s))
        {
            *slot = crate::game::shown_name(&name, bot);
        }
    }
    Ok(Some(Rebuilt {
        title: compose::game_name(&game.kind, game_id),
        kind: service_kind,
        engine,
        names: by_seat,
        seat,
    }))
}

/// Tell the worker of this process that mail is waiting (call after the commit).
pub fn wake(state: &AppState) {
    state.mail_wake.notify_one();
}

/// A shared wake-up for a new [`AppState`].
pub fn new_wake() -> Arc<tokio::sync::Notify> {
    Arc::new(tokio::sync::Notify::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mails_start_in_their_order_one_at_a_time_per_address() {
        let row = |id: &str, to: &str| {
            let mut row = crate::store::outbox::pending(&crate::store::outbox::NewMail {
                dedupe_key: None,
                template: "your_turn",
                user_id: None,
                to_addr: to.into(),
                to_name: None,
                game_id: None,
                seq: None,
                data: serde_json::json!({}),
                at: chrono::DateTime::UNIX_EPOCH.naive_utc(),
            });
            row.id = id.into();
            row
        };
        let mut pending: VecDeque<OutboxRow> = vec![
            row("1", "ada@example.test"),
            row("2", "bob@example.test"),
            row("3", "Ada@Example.test"),
            row("4", "cy@example.test"),
            row("5", "ada@example.test"),
            row("6", "bob@example.test"),
            row("7", "dee@example.test"),
        ]
        .into();
        let ids = |rows: Vec<OutboxRow>| rows.into_iter().map(|r| r.id).collect::<Vec<_>>();
        let mut busy: HashSet<String> = ["cy@example.test".to_string()].into();
        // cy is being sent to: its mail waits; the room is two.
        assert_eq!(ids(startable(&mut pending, &mut busy, 2)), ["1", "2"]);
        // ada's and bob's later mails wait for theirs; dee's goes.
        assert_eq!(ids(startable(&mut pending, &mut busy, 8)), ["7"]);
        assert_eq!(ids(pending.clone().into()), ["3", "4", "5", "6"]);
        // Ada's first is sent: her next, not the one after it.
        busy.remove("ada@example.test");
        assert_eq!(ids(startable(&mut pending, &mut busy, 8)), ["3"]);
        busy.clear();
        assert_eq!(
            ids(startable(&mut pending, &mut busy, 0)),
            Vec::<String>::new()
        );
        assert_eq!(ids(startable(&mut pending, &mut busy, 8)), ["4", "5", "6"]);
        assert!(pending.is_empty());
    }

    #[test]
    fn a_gods_board_is_kept_once_for_every_seat_and_a_dreams_table_for_its_seat() {
        let (gods, dreams) = (&crate::kinds::gods::GODS, &crate::kinds::dreams::DREAMS);
        assert_eq!(gods.picture_seat(0), None);
        assert_eq!(gods.picture_seat(3), None);
        assert_eq!(dreams.picture_seat(0), Some(0));
        assert_eq!(dreams.picture_seat(2), Some(2));
        // The two game-over mails of a Gods game: one drawing.
        let cache = draw::PictureCache::new(8);
        let row = |user: &str| {
            crate::store::outbox::pending(&crate::store::outbox::NewMail {
                dedupe_key: None,
                template: "game_over",
                user_id: Some(user.into()),
                to_addr: format!("{user}@example.test"),
                to_name: None,
                game_id: Some("g".into()),
                seq: Some(40),
                data: serde_json::json!({}),
                at: chrono::DateTime::UNIX_EPOCH.naive_utc(),
            })
        };
        let mut drawn = 0;
        for (user, seat) in [("ada", 0), ("bob", 1)] {
            picture(
                &cache,
                &row(user),
                gods.picture_seat(seat),
                "board",
                Lang::En,
                || {
                    drawn += 1;
                    Ok(Attachment::inline(
                        "b",
                        "board.png",
                        "image/png",
                        vec![1, 2, 3],
                    ))
                },
            )
            .unwrap();
        }
        assert_eq!(drawn, 1);
    }

    #[test]
    fn the_backoff_doubles_up_to_an_hour_with_a_little_jitter() {
        for attempts in 1..=30 {
            let base = (1i64 << attempts.min(20)).min(MAX_BACKOFF_SECS);
            let wait = backoff(attempts).num_milliseconds();
            assert!(wait >= base * 1000, "{attempts}: {wait}");
            assert!(wait <= base * 1250, "{attempts}: {wait}");
        }
        assert!(backoff(1).num_seconds() >= 2);
        assert!(backoff(12).num_seconds() >= 3600 && backoff(12).num_seconds() <= 4500);
    }

    #[test]
    fn message_ids_use_the_public_host() {
        assert_eq!(domain("https://hermes.example.org/x"), "hermes.example.org");
        assert_eq!(domain("not a url"), "localhost");
    }
}
