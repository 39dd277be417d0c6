//! Why a turn's submission ended short, as the play layer decides on it.
//!
//! Owns: the refusals the drivers of a turn act on — decide the turn again (a race of
//! seats acting at once, a write PostgreSQL failed to break a deadlock), answer with the
//! first answer of an idempotent request (any conflict), explain a refusal by the rule
//! that makes it (not a player, not your turn, the game over) — as variants, and every
//! other problem as the [`ApiError`] it is. Every edge sees a refusal as an [`ApiError`]
//! (`From`): the HTTP edge turns it into problem+json (`crate::http::problem`), the mail
//! edge into words (`crate::inbound`).
//! Must not: decide anything itself; the drivers in `crate::play::turn` do.

use crate::error::ApiError;
use crate::store::StoreError;
use http::StatusCode;
use serde_json::json;

#[derive(Debug)]
pub enum Refusal {
    /// The caller has no seat in the game (`not_a_player`).
    NotAPlayer,
    /// Seats are still open (`game_not_started`).
    NotStarted,
    /// The game is over (`game_over`).
    GameOver,
    /// The seat's player resigned: the service plays for it (`resigned`).
    Resigned,
    /// The submission was based on a sequence the game has left (`stale_seq`).
    Stale { current: i64 },
    /// Another seat is to act (`not_your_turn`).
    NotYourTurn {
        seat: usize,
        to_act: Vec<usize>,
        current: i64,
    },
    /// Another request with the same `Idempotency-Key` was written first
    /// (`idempotency_key_taken`).
    KeyTaken,
    /// PostgreSQL failed the turn's write to break a deadlock: nothing of it was written,
    /// and the turn may be decided again on the game as it is now.
    LockConflict(String),
    /// Any other problem, as the client is told it.
    Other(ApiError),
}

impl Refusal {
    /// A conflict with the game's state or another request (a 409): an idempotent
    /// request may have been answered meanwhile.
    pub fn is_conflict(&self) -> bool {
        match self {
            Refusal::NotStarted
            | Refusal::GameOver
            | Refusal::Resigned
            | Refusal::Stale { .. }
            | Refusal::NotYourTurn { .. }
            | Refusal::KeyTaken => true,
            Refusal::NotAPlayer | Refusal::LockConflict(_) => false,
            Refusal::Other(e) => e.status() == StatusCode::CONFLICT,
        }
    }
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal::Other(e)
    }
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        if e.is_lock_conflict() {
            Refusal::LockConflict(e.to_string())
        } else {
            Refusal::Other(e.into())
        }
    }
}

impl From<diesel::result::Error> for Refusal {
    fn from(e: diesel::result::Error) -> Refusal {
        StoreError::from(e).into()
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        match r {
            Refusal::NotAPlayer => {
                ApiError::forbidden("not_a_player", "you have no seat in this game")
            }
            Refusal::NotStarted => ApiError::conflict(
                "game_not_started",
                "the game starts when every seat is taken",
            ),
            Refusal::GameOver => ApiError::conflict("game_over", "the game is over"),
            Refusal::Resigned => ApiError::conflict(
                "resigned",
                "you resigned this game: the service plays for your seat",
            ),
            Refusal::Stale { current } => ApiError::conflict(
                "stale_seq",
                format!("the game has moved on: it is at turn {current} (sequence {current})"),
            )
            .said("problem-stale-seq", vec![("current", current.into())])
            .with("current_seq", current),
            Refusal::NotYourTurn {
                seat,
                to_act,
                current,
            } => ApiError::conflict("not_your_turn", format!("it is not seat {seat}'s turn"))
                .said("problem-not-your-turn", vec![("seat", seat.into())])
                .with("to_act", json!(to_act))
                .with("current_seq", current),
            Refusal::KeyTaken => ApiError::conflict(
                "idempotency_key_taken",
                "a request with this Idempotency-Key was written first",
            ),
            Refusal::LockConflict(cause) => ApiError::database_unavailable(format!(
                "the database failed this turn's write to break a deadlock, every time it \
                 was tried: {cause}"
            )),
            Refusal::Other(e) => e,
        }
    }
}
