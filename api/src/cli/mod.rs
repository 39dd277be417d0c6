//! The command-line tools beside `hermes serve`: `backup` and `restore` ([`backup`]),
//! `verify` a finished game from its public data ([`verify`]), `check games` on this
//! binary's engines ([`check`]) and the operator's view of the outbox ([`outbox`]).
//!
//! Owns: opening the database as each tool needs it, and the tool's report. Must not:
//! hold a query (the store's) or a rule (the engines').

pub mod backup;
pub mod check;
pub mod outbox;
pub mod verify;
