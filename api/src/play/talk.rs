//! A seat posts table talk (D-T1: players may say anything; the service never checks it).
//!
//! Owns: who may talk at a table (its players), the length of a message, how many a seat
//! may post a minute (`talk_per_seat_per_minute`, counted here so that the API, the game
//! page and mail replies share it), and where a message stands in the log (`at_seq`, the
//! sequence when it was posted), and the talk mails a message causes to the players who
//! asked for talk by mail as it is posted (`talk_mail_minutes` batches them).
//! Must not: filter or judge what is said.

use crate::auth::ratelimit::Standings;
use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::outbox::compose;
use crate::state::AppState;
use crate::store::games as store;
use crate::store::models::{new_id, Message};
use crate::store::outbox;
use crate::store::talk as talk_store;
use crate::store::DbConn;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 2000;

/// `user_id` says `body` at the table of `game_id`: the stored message and the speaker's
/// display name.
pub fn post_message(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    body: &str,
) -> ApiResult<(Message, String)> {
    post_message_counted(conn, app, game_id, user_id, body, &mut None)
}

/// As [`post_message`], keeping in `standing` where the seat stands against the talk limit
/// once the message was counted (for the `RateLimit-*` headers of the API's answer).
/// Over the limit: 429 `rate_limited`, with `Retry-After`, the `limit` and the
/// `window_seconds`.
pub fn post_message_counted(
    conn: &mut DbConn,
    app: &AppState,
    game_id: &str,
    user_id: &str,
    body: &str,
    standing: &mut Option<Standings>,
) -> ApiResult<(Message, String)> {
    let text = super::trimmed(body).to_string();
    let n = text.chars().count();
    if n == 0 || n > MAX_CHARS {
        return Err(ApiError::unprocessable(
            "invalid_message",
            format!("`body` must be 1 to {MAX_CHARS} characters"),
        )
        .said("problem-message-body", vec![("max", MAX_CHARS.into())]));
    }
    let _one_writer = app.db.one_writer();
    let table = Table::load_for(conn, game_id, user_id)?;
    let Some(player) = table.players.iter().find(|p| p.seat.user_id == user_id) else {
        return Err(ApiError::forbidden(
            "not_a_player",
            "only the game's players may talk at its table",
        ));
    };
    match app.talk_limits.check(game_id, user_id) {
        Ok(s) => *standing = Some(s),
        Err(s) => {
            let wait = s.retry_after();
            let limit = s.tightest().map_or(0, |t| t.limit);
            *standing = Some(s);
            return Err(ApiError::too_many_requests(
                format!(
                    "a seat may post at most {limit} messages a minute at a table; try again in {wait} s"
                ),
                wait,
            )
            .with("limit", limit)
            .with("window_seconds", 60));
        }
    }
    let mut m = Message {
        id: new_id(),
        game_id: game_id.to_string(),
        user_id: user_id.to_string(),
        seat: player.seat.seat,
        at_seq: table.game.seq,
        body: text,
        created_at: app.clock.now_naive(),
    };
    let minutes = app.talk_mail_minutes;
    let (wake, mailed) = crate::store::write_transaction(conn, |conn| -> ApiResult<_> {
        // The app's clock (the one the outbox's times are on, so that a mail tells the
        // talk posted before it was decided), never behind the table's last message: the
        // talk keeps its order on a clock that stands still.
        if let Some(last) = talk_store::last_message_at(conn, game_id)? {
            m.created_at = m.created_at.max(last + chrono::Duration::microseconds(1));
        }
        store::insert_message(conn, &m)?;
        let mails =
            compose::talk_mails(conn, &table.game, user_id, m.at_seq, minutes, m.created_at)?;
        let mut mailed = false;
        for mail in &mails {
            mailed |= outbox::enqueue(conn, mail)?;
        }
        let wake =
            crate::play::events::after_message(conn, &m, &player.display_name, &table.players)?;
        Ok((wake, mailed))
    })?;
    app.streams.wake(wake);
    if mailed {
        crate::outbox::wake(app);
    }
    Ok((m, player.display_name.clone()))
}
