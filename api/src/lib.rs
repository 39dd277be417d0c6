//! Hermes, the play-by-email turn server: the library behind the `hermes` binary. The
//! rules live in the pure `games` crate; this crate wires them to HTTP, mail and storage.
//!
//! # Layers
//!
//! The modules form layers, from the top. A file may import its own top-level module and
//! anything in a lower layer, never above; two edges never import each other (they meet in
//! `play`, which every way in calls); only the HTTP edge (and the wiring that starts it)
//! names actix. `layers.rs` checks this on the source, and that the modules import each
//! other without a cycle. `docs/dev/ARCHITECTURE.md` says what each module owns.
//!
//! | layer | modules | what it is |
//! |---|---|---|
//! | wiring | `main`, `startup`, `config`, `cli` | settings, building the server, the command-line tools |
//! | edges | `http`, `inbound`, `scheduler`, `webhooks` | the ways in and out: JSON and pages, mail in, the clock's ticks, events to URLs |
//! | acts | `play` | everything the service does, whatever way it arrives: plain values in, a typed error out |
//! | delivery | `outbox` | the mail an act causes, composed and sent |
//! | runtime | `state`, `metrics`, `stream` | what a running server shares: the state, the counters, the streams' wake-ups |
//! | domain | `game`, `kinds`, `links`, `auth`, `mail`, `board`, `calendar`, `hooks`, `i18n` | the game record, each kind's service side, links and tokens, rendering, the readers' languages |
//! | ground | `store`, `error`, `secret`, `clock` | all SQL and the database runner, the error, secrets, time |

pub mod auth;
pub mod board;
pub mod calendar;
pub mod cli;
pub mod clock;
pub mod config;
pub mod error;
pub mod game;
pub mod hooks;
pub mod http;
pub mod i18n;
pub mod inbound;
pub mod kinds;
#[cfg(test)]
mod layers;
pub mod links;
pub mod mail;
pub mod metrics;
pub mod outbox;
pub mod play;
pub mod scheduler;
pub mod secret;
pub mod startup;
pub mod state;
pub mod store;
pub mod stream;
pub mod webhooks;

/// This build's version (`Cargo.toml`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The git commit it was built from, when `build.rs` could tell (a checkout with `git` on
/// the path, or `HERMES_GIT_COMMIT` set at build time); `None` otherwise.
pub const COMMIT: Option<&str> = option_env!("HERMES_GIT_COMMIT");
