//! The service plays a timeout turn: a seat's time ran out (`crate::scheduler` finds and
//! claims the clock; this decides and writes what happens).
//!
//! Owns: the timeout policies (`auto_pass`, `forfeit`, `wait`, `stand_in`: the seat handed
//! to a stand-in bot, which the bot worker then plays), the pass turns played
//! through the same prepare/write path as a seat's own turn, and the timeout mail, all in
//! one transaction; the engine kept hot once committed.
//! Must not: claim clocks or decide when to run (the scheduler does).

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::mail::{Lang, MailData, Timeout, TimeoutPolicy};
use crate::outbox::compose::game_name;
use crate::play::events::{after_dropping_out, DroppedOut};
use crate::play::turn::{prepare_on, write};
use crate::state::AppState;
use crate::store::deadlines::{self, Deadline};
use crate::store::events::Wake;
use crate::store::games::SubmitError;
use crate::store::models::{RUNNING, SOURCE_FORFEIT, SOURCE_RESIGN, SOURCE_TIMEOUT};
use crate::store::outbox::{enqueue, NewMail};
use crate::store::{DbConn, StoreError};
use ::games::registry::{visible_events, AnyGame};
use ::games::Viewer;
use chrono::NaiveDateTime;
use serde_json::Value;
use std::sync::Arc;

/// Mail preference of a user who wants no game mail.
pub const PREF_NONE: &str = "none";

/// The reader of a mail about a seat.
pub struct Reader {
    pub email: String,
    pub name: String,
    pub mail_pref: String,
    pub time_zone: String,
    pub lang: Lang,
}

pub fn reader(conn: &mut DbConn, user_id: &str) -> Result<Option<Reader>, StoreError> {
    let row = crate::store::accounts::mail_reader(conn, user_id)?;
    Ok(row.map(|r| Reader {
        lang: Lang::from_code(&r.lang).unwrap_or_default(),
        email: r.email,
        name: r.display_name,
        mail_pref: r.mail_pref,
        time_zone: r.time_zone,
    }))
}

pub fn policy(name: &str) -> TimeoutPolicy {
    match name {
        "forfeit" => TimeoutPolicy::Forfeit,
        "wait" => TimeoutPolicy::Wait,
        "stand_in" => TimeoutPolicy::StandIn,
        _ => TimeoutPolicy::AutoPass,
    }
}

fn game_url(public_url: &str, game_id: &str) -> String {
    crate::links::replay_page(public_url, game_id)
}

/// What the service did on a timeout, for the mail.
struct Passed {
    notation: Vec<String>,
    /// The events of the passes that the seat may read (the mail goes to it alone).
    events: Vec<Value>,
    /// The game after the last pass, kept hot once committed.
    engine: Option<(i64, Box<dyn AnyGame>)>,
}

/// What [`play_timeout`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutDone {
    /// Nothing: the clock was stale, or a turn landed first.
    Nothing,
    /// Policy `wait`: the deadline is marked expired and the seat told.
    Expired,
    /// Policy `auto_pass`: the service played the pass turn.
    Passed,
    /// Policy `forfeit` (or a seat that had dropped out): the seat is out, and passed.
    Forfeited,
    /// Policy `stand_in`: a stand-in bot took the seat (the bot worker plays its turn).
    StoodIn,
}

/// The service plays a timeout: the seat of `row` (a clock the caller claimed) did not act
/// in time. Per the game's policy the service passes for it, drops it out and passes, or
/// marks the deadline expired and waits; each pass is a turn written through
/// [`crate::play::turn`] (guarded by the sequence: a turn that landed first wins), with
/// the timeout mail in the same transaction.
pub fn play_timeout(
    state: &AppState,
    conn: &mut DbConn,
    row: &Deadline,
    now: NaiveDateTime,
) -> ApiResult<TimeoutDone> {
    let table = Table::load(conn, &row.game_id)?;
    let seat = usize::try_from(row.seat).map_err(ApiError::internal)?;
    if !table.to_act().contains(&seat) || table.game.status != RUNNING {
        // A clock whose seat need not act (its turn's transaction removes it, so only a
        // row left behind by a bug or an older server): drop it rather than retry it
        // every lease.
        let _w = state.db.one_writer();
        deadlines::delete_stale(conn, row)?;
        return Ok(TimeoutDone::Nothing);
    }
    let player = table
        .players
        .iter()
        .find(|p| p.seat.seat == Some(row.seat))
        .ok_or_else(|| ApiError::internal("a waiting seat has no player"))?;
    let already_forfeited = player.seat.forfeited_at.is_some();
    // A bot already plays the seat (an engine bot's, or a stand-in's) and did not play in
    // time (it failed, or no server runs bots): the service passes, whatever the policy,
    // so that the game never waits on a bot.
    let played_by_bot = player.seat.bot.is_some() || player.seat.stand_in_at.is_some();
    let policy = if already_forfeited {
        TimeoutPolicy::Forfeit
    } else if played_by_bot {
        TimeoutPolicy::AutoPass
    } else {
        policy(&table.game.timeout_policy)
    };
    let _w = state.db.one_writer();
    if policy == TimeoutPolicy::Wait {
        let won = crate::store::write_transaction::<bool, ApiError, _>(conn, |conn| {
            if !deadlines::mark_expired(conn, row, now)? {
                return Ok(false);
            }
            timeout_mail(state, conn, row, &table, policy, None, now)?;
            Ok(true)
        })?;
        if !won {
            return Ok(TimeoutDone::Nothing);
        }
        tracing::info!(game.id = %row.game_id, seat = row.seat, "deadline passed; the game waits");
        return Ok(TimeoutDone::Expired);
    }
    if policy == TimeoutPolicy::StandIn {
        return stand_in(state, conn, row, &table, now);
    }
    let source = if player.seat.resigned_at.is_some() {
        SOURCE_RESIGN
    } else if policy == TimeoutPolicy::Forfeit {
        SOURCE_FORFEIT
    } else {
        SOURCE_TIMEOUT
    };
    let outcome = crate::store::write_transaction::<Option<Passed>, ApiError, _>(conn, |conn| {
        deadlines::lock(conn, row)?;
        if policy == TimeoutPolicy::Forfeit
            && !already_forfeited
            && deadlines::forfeit_seat(conn, &row.game_id, row.seat, now)?
        {
            // The others hear that the seat is out (its passes alone would not say it).
            after_dropping_out(
                conn,
                &table.game,
                &table.players,
                row.seat,
                DroppedOut::Forfeited,
                now,
            )?;
        }
        let passed = match pass_while_waiting(state, conn, row, seat, source) {
            Ok(p) => p,
            // A turn landed first (the player, or another server): nothing to do.
            Err(PassError::Stale) => return Ok(None),
            Err(PassError::Api(e)) => return Err(e),
        };
        if !already_forfeited {
            timeout_mail(state, conn, row, &table, policy, Some(&passed), now)?;
        }
        Ok(Some(passed))
    })?;
    let Some(passed) = outcome else {
        // A seat may have been marked forfeited though no pass was written: the row
        // remembered with the game no longer holds.
        state.hot.forget(&row.game_id);
        return Ok(TimeoutDone::Nothing);
    };
    if let Some((seq, engine)) = passed.engine {
        state.hot.put(&row.game_id, seq, Arc::from(engine));
    }
    // The passes' events are committed now (`write` woke the streams inside the
    // transaction, too early to read them).
    state.streams.wake(crate::store::events::Wake {
        users: vec!["*".into()],
        games: vec![row.game_id.clone()],
    });
    tracing::info!(game.id = %row.game_id, seat = row.seat, source, "time ran out; the service played for the seat");
    Ok(if policy == TimeoutPolicy::Forfeit {
        TimeoutDone::Forfeited
    } else {
        TimeoutDone::Passed
    })
}

/// Policy `stand_in`: the seat's clock is marked expired (the row stays, for the bot
/// worker to claim) and the seat marked as a stand-in's, the table told (events, the
/// timeout mail to the seat's player, the `stand_in` mail to the others), in one
/// transaction; then the bot worker is woken. A resignation is not a timeout: a seat
/// whose player resigned has dropped out and is passed for (above).
fn stand_in(
    state: &AppState,
    conn: &mut DbConn,
    row: &Deadline,
    table: &Table,
    now: NaiveDateTime,
) -> ApiResult<TimeoutDone> {
    let public_url = state.public_url.clone();
    let won = crate::store::write_transaction::<Option<Wake>, ApiError, _>(conn, |conn| {
        if !deadlines::mark_expired(conn, row, now)? {
            return Ok(None);
        }
        if !crate::store::bots::start_stand_in(conn, &row.game_id, row.seat, now)? {
            return Ok(None);
        }
        let wake = crate::play::bots::stand_in_events(
            conn,
            &table.game,
            &table.players,
            row.seat,
            true,
            now,
        )?;
        timeout_mail(state, conn, row, table, TimeoutPolicy::StandIn, None, now)?;
        for mail in crate::outbox::compose::stand_in_mails(
            conn,
            &table.game,
            &table.players,
            row.seat,
            true,
            &public_url,
            now,
        )? {
            enqueue(conn, &mail)?;
        }
        Ok(Some(wake))
    })?;
    let Some(wake) = won else {
        return Ok(TimeoutDone::Nothing);
    };
    // The seats remembered with the game no longer say who plays this one.
    state.hot.forget(&row.game_id);
    state.streams.wake(wake);
    crate::play::bots::wake(state);
    tracing::info!(game.id = %row.game_id, seat = row.seat, "time ran out; a stand-in plays for the seat");
    Ok(TimeoutDone::StoodIn)
}

enum PassError {
    Stale,
    Api(ApiError),
}

impl From<ApiError> for PassError {
    fn from(e: ApiError) -> PassError {
        PassError::Api(e)
    }
}

/// Play the pass turn for `seat` while its turn goes on (a Gods god who may declare the
/// end passes twice: "continue", then the discards), each as its own log entry.
fn pass_while_waiting(
    state: &AppState,
    conn: &mut DbConn,
    row: &Deadline,
    seat: usize,
    source: &str,
) -> Result<Passed, PassError> {
    let mut passed = Passed {
        notation: Vec::new(),
        events: Vec::new(),
        engine: None,
    };
    for _ in 0..4 {
        let table = Table::load(conn, &row.game_id)?;
        if table.game.state.is_none() || !table.to_act().contains(&seat) {
            break;
        }
        // Read the state from the row, not the hot games: inside this transaction the
        // row may hold a pass not yet committed.
        let engine = load_engine(&table)?;
        let Some(turn) = engine.pass_turn(seat) else {
            break;
        };
        let mut prepared = prepare_on(state, &table, &*engine, seat, &row.user_id, &turn, source)?;
        // The seat still to act after this pass ("continue"): the next pass follows at
        // once, so no your-turn mail for this half.
        let goes_on = prepared.next.continues_turn(seat);
        prepared.mail = !goes_on;
        passed.notation.push(prepared.row.notation.clone());
        passed
            .events
            .extend(visible_events(&prepared.events, Viewer::Seat(seat), false));
        match write(conn, state, prepared, None) {
            // The sequence after the queued turns the pass let play, if any.
            Ok((seq, next)) => passed.engine = Some((seq, next)),
            Err(SubmitError::Stale(_)) => return Err(PassError::Stale),
            // (The service's passes are not refused for a resigned seat: never here.)
            Err(SubmitError::KeyTaken | SubmitError::Resigned) => return Err(PassError::Stale),
            Err(SubmitError::Store(e)) => return Err(PassError::Api(e.into())),
        }
        // The seat's turn is over, even if it must act again at once (in Dreams, the
        // last guess of a round by the next round's dealer): that is a new wait, with
        // its own clock and mail.
        if !goes_on {
            break;
        }
    }
    if passed.notation.is_empty() {
        return Err(PassError::Stale);
    }
    Ok(passed)
}

fn load_engine(table: &Table) -> ApiResult<Box<dyn AnyGame>> {
    table.restore()
}

/// The `timeout` mail to the seat's player (unless they want no mail).
fn timeout_mail(
    state: &AppState,
    conn: &mut DbConn,
    row: &Deadline,
    table: &Table,
    policy: TimeoutPolicy,
    passed: Option<&Passed>,
    now: NaiveDateTime,
) -> ApiResult<()> {
    let Some(r) = reader(conn, &row.user_id)? else {
        return Ok(());
    };
    if r.mail_pref == PREF_NONE {
        return Ok(());
    }
    let mut names: Vec<String> = Vec::new();
    for p in &table.players {
        if let Some(s) = p.seat.seat.and_then(|s| usize::try_from(s).ok()) {
            if names.len() <= s {
                names.resize(s + 1, String::new());
            }
            if let Some(slot) = names.get_mut(s) {
                *slot = crate::game::seat_name(p);
            }
        }
    }
    let seat = usize::try_from(row.seat).map_err(ApiError::internal)?;
    let kind = crate::kinds::of(&table.game.kind)
        .ok_or_else(|| ApiError::internal(format!("no kind {}", table.game.kind)))?;
    let data = Timeout {
        game_name: game_name(&table.game.kind, &table.game.id),
        god: kind.player_name(&names, seat),
        you: true,
        policy,
        notation: passed.map(|p| p.notation.join(" / ")),
        // What the passes did, in sentences for the seat's player: Gods' public events; in
        // Dreams "Hermes passed for you: no star this time around" or "no guess" (the
        // seat's own guess, which only it may read before the reveal: the mail goes to it
        // alone).
        words: passed.map_or_else(Vec::new, |p| {
            kind.turn_words(r.lang, &names, seat, &p.events)
        }),
        game_url: game_url(&state.public_url, &table.game.id),
    }
    .to_data()
    .map_err(ApiError::internal)?;
    enqueue(
        conn,
        &NewMail {
            dedupe_key: Some(format!("timeout:{}:{}:{}", row.game_id, row.seq, row.seat)),
            template: Timeout::TEMPLATE.name(),
            user_id: Some(row.user_id.clone()),
            to_addr: r.email,
            to_name: Some(r.name),
            game_id: Some(row.game_id.clone()),
            seq: Some(row.seq),
            data,
            at: now,
        },
    )?;
    Ok(())
}
