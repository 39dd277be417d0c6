//! The game record as the service keeps it: a game's row, seats and clocks with its engine
//! ([`Table`]), rebuilt from the latest snapshot and the log after it ([`table::restore`]),
//! how a game is named and its turns counted ([`naming`]), and the engines of recently played games kept in memory ([`hot`]).
//!
//! Owns: reading a game into a [`Table`] and replaying it. Must not: write anything (the
//! acts in `crate::play` do), or know a way a turn arrives.

pub mod hot;
pub mod naming;
pub mod table;

pub use naming::{board_turns, game_name, next_turn, turn_of_seq, turn_words};
pub use table::{kind_of, Table};

use crate::store::games::SeatedPlayer;

/// A player's name as pages, pictures and mail show it: a bot account's with "(bot)"
/// after it, so that nobody takes a program for a person. The API keeps the name as it is
/// and says `bot` beside it.
pub fn shown_name(display_name: &str, bot: bool) -> String {
    if bot {
        format!("{display_name} (bot)")
    } else {
        display_name.to_string()
    }
}

/// [`shown_name`] of a seat's player.
pub fn seat_name(p: &SeatedPlayer) -> String {
    shown_name(&p.display_name, p.bot)
}
