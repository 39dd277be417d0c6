//! Hermes, the play-by-email turn server: the library behind the `hermes` binary.
//!
//! `config` reads the settings, `startup` builds the server from them, `store` keeps the
//! data (SQLite or Postgres, one code path), `auth` says who is calling, `play` is what the service
//! does when a game moves (every way a turn arrives), `http` holds one module per resource, and `error` is the one error policy. The rules live in the pure
//! `games` crate; this crate only wires them to HTTP and storage.

pub mod auth;
pub mod backup;
pub mod board;
pub mod calendar;
pub mod check;
pub mod clock;
pub mod config;
pub mod error;
pub mod hot;
pub mod http;
pub mod inbound;
pub mod links;
pub mod mail;
pub mod metrics;
pub mod outbox;
pub mod play;
pub mod scheduler;
pub mod startup;
pub mod state;
pub mod store;
pub mod stream;
pub mod verify;
pub mod webhooks;

/// This build's version (`Cargo.toml`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The git commit it was built from, when `build.rs` could tell (a checkout with `git` on
/// the path, or `HERMES_GIT_COMMIT` set at build time); `None` otherwise.
pub const COMMIT: Option<&str> = option_env!("HERMES_GIT_COMMIT");
