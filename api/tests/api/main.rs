//! The API's integration tests: the real server over HTTP, on SQLite and on Postgres.
//!
//! Every test runs twice, as `…::sqlite` and `…::postgres` (see [`helpers::api_test`]);
//! `.ci/run` runs the Postgres half with `HERMES_TEST_POSTGRES_URL` set.

mod helpers;

mod accounts;
mod backup;
mod bot_accounts;
mod bots;
mod calendar;
mod check;
mod contract;
mod contract_games;
mod database;
mod deadlines;
mod decks;
mod dreams;
mod durable;
mod errors;
mod fair_dice;
mod games;
mod languages;
mod leaving;
mod mail;
mod openapi_bundle;
mod operations;
mod pages;
mod play;
mod processes;
mod proxy;
mod queued;
mod reads;
mod replies;
mod rules;
mod snapshots;
mod startup;
mod stream;
mod table;
mod tokens;
mod turns;
mod watchers;
mod web;
mod webgame;
mod webhooks;
