//! Hermes' rules crate: every game of the service, as pure functions of
//! `(seed, seats, options, turns)`.
//!
//! Owns: the rules (`gods`, `dreams`), the [`game::Game`] contract they share,
//! the one PRNG ([`rng`]), and a JSON-in/JSON-out [`registry`] for the service.
//! Must not: do I/O, read a clock, spawn threads or use any randomness but [`rng::Rng`].

pub mod bots;
pub mod dreams;
pub mod game;
pub mod gods;
pub mod registry;
pub mod rng;

pub use game::{
    Applied, Game, Logged, NotationError, Outcome, RuleError, Seat, SetupError, Viewer, Visibility,
};
pub use rng::{Generator, Rng, Seed, SeedScheme};
