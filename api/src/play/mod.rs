//! The play layer: what the service does when a game moves, whatever way the act arrives.
//!
//! One entry point per act, each owning load → authorize → apply → write (log entry,
//! state, clocks, mail, idempotency, in one transaction) → hot cache:
//! - a seat submits a turn: [`submit_turn_async`] (JSON or notation, from the API's async
//!   handler), [`submit_notation`] for a turn typed as text (the turn page, replies by mail) (with
//!   [`submit_notation_with`], the caller's mail joins the turn's transaction: a reply by
//!   mail and its answer), and [`legal`] for the steps a seat may take next;
//! - the service plays a timeout turn: [`play_timeout`];
//! - a seat queues turns before its turn, lists and withdraws them; the first is played
//!   when its turn comes, in the transaction that made it so ([`queue`]);
//! - a seat posts table talk: [`post_message`];
//! - every act writes the events its streams send ([`events`], `docs/clients/stream.md`);
//! - a player leaves: resigns, aborts a game nobody moved in, deletes one not started
//!   ([`leave`]);
//! - a player of a finished game proposes or accepts its rematch ([`rematch`]);
//! - a user creates a game, takes a seat, invites an address to play or to watch
//!   ([`games`]);
//! - a user registers, logs in, saves preferences, goes on vacation ([`accounts`]).
//!
//! HTTP handlers, pages, the scheduler and the mail inbox only translate to and from these:
//! every way a turn arrives takes one path.
//! Acts take plain values (a user's id, a client's address, what was asked, as plain
//! structs) and answer plain data or an `ApiError`.
//! Must not: know about HTTP requests, forms or mail messages (nor import the HTTP edge);
//! read the clock other than through [`crate::state::AppState::clock`].

pub mod accounts;
pub mod bots;
pub mod events;
pub mod games;
pub mod leave;
pub mod queue;
pub mod refusal;
pub mod rematch;
pub mod reply;
pub mod talk;
pub mod timeout;
pub mod turn;

pub use talk::{post_message, post_message_counted, MAX_CHARS};
pub use timeout::{play_timeout, TimeoutDone};
pub use turn::{
    check_turn, legal, legal_after, notation_error, rule_error, submit_notation,
    submit_notation_with, submit_turn_async, turn_error, without_forfeited, AlsoWrite, PartialTurn,
    Submission, Submitted, TurnInput,
};

/// `text` without the blanks around it: what Unicode calls white space, and the
/// zero-width no-break space. The same set as the contract's `pattern: "[^\s\u0085]"`
/// (JSON Schema reads `\s` as ECMAScript does, which leaves out U+0085 and takes in
/// U+FEFF): a text the contract calls not blank is not blank here.
pub fn trimmed(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

#[cfg(test)]
mod tests {
    #[test]
    fn blanks_are_what_the_contract_calls_blank() {
        assert_eq!(super::trimmed("\u{85}\u{feff} a b \u{3000}\n"), "a b");
        assert_eq!(super::trimmed("\u{85}"), "");
        assert_eq!(super::trimmed("\u{200b}"), "\u{200b}");
    }
}
