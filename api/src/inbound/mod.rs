//! Mail in: the built-in SMTP listener ([`smtp`], off by default), one of the two ways a
//! reply by mail arrives (the other is `POST /inbound/mail`, `crate::http::inbound`). Both
//! hand the raw message to the act of a reply, `crate::play::reply::receive`.
//!
//! Owns: the SMTP conversation and its bounds on clients. Must not: read or apply a reply
//! itself.

pub mod smtp;

pub use crate::state::settings::InboundSettings;
