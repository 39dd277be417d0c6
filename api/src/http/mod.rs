//! The HTTP edge: one module per resource, named after its path.
//!
//! Handlers parse and check input, call the store (in `web::block`) and the rules, and
//! shape the response. They hold no rule and no SQL.

pub mod account;
pub mod auth;
pub mod board;
pub mod calendar;
pub mod caller;
pub mod client;
pub mod conditional;
pub mod decks;
pub mod docs;
pub mod edge;
pub mod games;
pub mod health;
pub mod inbound;
pub mod live;
pub mod lobby;
pub mod log;
pub mod me;
pub mod messages;
pub mod metrics;
pub mod object;
pub mod openapi;
pub mod page_lang;
pub mod pages;
pub mod pictures;
pub mod play;
pub mod preferences;
pub mod problem;
pub mod queue;
pub mod ratelimit;
pub mod rematch;
pub mod replay;
pub mod session;
pub mod sse;
pub mod stream;
pub mod tokens;
pub mod turns;
pub mod users;
pub mod vacation;
pub mod webhooks;

use actix_web::web;
use serde::Deserialize;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/health").route(web::get().to(health::get)))
        .service(web::resource("/metrics").route(web::get().to(metrics::get)))
        .service(web::resource("/ready").route(web::get().to(health::ready)))
        .service(web::resource("/openapi.yaml").route(web::get().to(openapi::get)))
        .service(web::resource("/users").route(web::post().to(users::register)))
        .service(web::resource("/auth/login").route(web::post().to(auth::login)))
        // Replies by mail from a provider's webhook or an MTA pipe (`crate::inbound`).
        .service(web::resource("/inbound/mail").route(web::post().to(inbound::mail)))
        .service(web::resource("/me").route(web::get().to(me::get)))
        .service(web::resource("/me/bot").route(web::post().to(me::become_bot)))
        // The busiest route first among those with a parameter: the router tries each such
        // route in turn, with a regex (a turn went through a dozen before it matched).
        // No two routes here match the same path, so their order changes nothing else.
        .service(web::resource("/games/{id}/turns").route(web::post().to(turns::submit)))
        .service(
            web::resource("/me/calendar")
                .route(web::post().to(calendar::create))
                .route(web::delete().to(calendar::revoke)),
        )
        .service(web::resource("/calendar/{token}.ics").route(web::get().to(calendar::feed)))
        // Event streams (`docs/clients/stream.md`).
        .service(web::resource("/stream").route(web::get().to(stream::user)))
        .service(web::resource("/games/{id}/stream").route(web::get().to(stream::game)))
        .service(
            web::resource("/me/vacation")
                .route(web::get().to(vacation::get))
                .route(web::put().to(vacation::put))
                .route(web::delete().to(vacation::delete)),
        )
        // Webhooks (`docs/clients/webhooks.md`).
        .service(
            web::resource("/webhooks")
                .route(web::get().to(webhooks::list))
                .route(web::post().to(webhooks::create)),
        )
        .service(
            web::resource("/webhooks/{id}")
                .route(web::get().to(webhooks::get))
                .route(web::patch().to(webhooks::patch))
                .route(web::delete().to(webhooks::delete)),
        )
        .service(web::resource("/webhooks/{id}/test").route(web::post().to(webhooks::test)))
        .service(web::resource("/webhooks/{id}/secret").route(web::post().to(webhooks::rotate)))
        .service(
            web::resource("/webhooks/{id}/deliveries").route(web::get().to(webhooks::deliveries)),
        )
        .service(
            web::resource("/tokens")
                .route(web::get().to(tokens::list))
                .route(web::post().to(tokens::create)),
        )
        .service(web::resource("/tokens/{id}").route(web::delete().to(tokens::revoke)))
        .service(
            web::resource("/games")
                .route(web::get().to(games::list))
                .route(web::post().to(games::create)),
        )
        .service(
            web::resource("/games/{id}")
                .route(web::get().to(games::get))
                .route(web::delete().to(games::delete)),
        )
        .service(web::resource("/games/{id}/resign").route(web::post().to(games::resign)))
        .service(web::resource("/games/{id}/abort").route(web::post().to(games::abort)))
        .service(web::resource("/games/{id}/stand-in").route(web::delete().to(games::take_back)))
        .service(
            web::resource("/games/{id}/rematch")
                .route(web::get().to(rematch::get))
                .route(web::post().to(rematch::post)),
        )
        .service(web::resource("/games/{id}/join").route(web::post().to(games::join)))
        .service(web::resource("/games/{id}/invites").route(web::post().to(games::invite)))
        .service(
            web::resource("/games/{id}/spectators").route(web::post().to(games::add_spectator)),
        )
        .service(web::resource("/games/{id}/legal").route(web::get().to(turns::legal)))
        .service(
            web::resource("/games/{id}/queue")
                .route(web::get().to(queue::get))
                .route(web::put().to(queue::put))
                .route(web::delete().to(queue::delete)),
        )
        .service(web::resource("/games/{id}/log").route(web::get().to(log::log)))
        .service(web::resource("/games/{id}/state").route(web::get().to(log::state_at)))
        .service(
            web::resource("/games/{id}/messages")
                .route(web::get().to(messages::list))
                .route(web::post().to(messages::post)),
        )
        // The board as a picture, and the pages the links in mail open (`pages`, `play`).
        .service(web::resource("/games/{id}/board.svg").route(web::get().to(board::svg)))
        .service(web::resource("/games/{id}/board.png").route(web::get().to(board::png)))
        // Dreams decks (D-C1): made from SVGs, kept and served as PNGs; the standard deck's
        // cards also as our own SVG.
        .service(
            web::resource("/decks")
                .app_data(decks::json_config())
                .route(web::post().to(decks::create)),
        )
        .service(web::resource("/decks/{id}").route(web::get().to(decks::get)))
        .service(
            web::resource("/decks/{id}/cards/{n}.svg").route(web::get().to(decks::card_svg_get)),
        )
        .service(
            web::resource("/decks/{id}/cards/{n}.png").route(web::get().to(decks::card_png_get)),
        )
        .service(
            web::resource("/games/{id}/play")
                .route(web::get().to(play::get))
                .route(web::post().to(play::post)),
        )
        // The game page's own JSON and forms (its credentials: a turn link or a session).
        .service(web::resource("/games/{id}/play/legal").route(web::get().to(play::legal_json)))
        .service(web::resource("/games/{id}/play/talk").route(web::post().to(play::talk)))
        .service(web::resource("/games/{id}/play/rematch").route(web::post().to(play::rematch)))
        .service(web::resource("/games/{id}/play/leave").route(web::post().to(play::leave::post)))
        // The game's events for its pages (the same credentials), and the lobby's.
        .service(web::resource("/games/{id}/play/events").route(web::get().to(live::page_game)))
        .service(web::resource("/lobby/events").route(web::get().to(live::lobby)))
        .service(web::resource("/games/{id}/replay").route(web::get().to(replay::get)))
        .service(web::resource("/static/play.js").route(web::get().to(pages::script)))
        .service(web::resource("/static/forms.js").route(web::get().to(pages::forms_script)))
        .service(web::resource("/static/icon.svg").route(web::get().to(pages::icon)))
        .service(web::resource("/manifest.webmanifest").route(web::get().to(pages::manifest)))
        .service(
            web::resource("/me/preferences")
                .route(web::get().to(preferences::get))
                .route(web::put().to(preferences::put))
                .route(web::patch().to(preferences::patch)),
        )
        .service(
            web::resource("/unsubscribe")
                .route(web::get().to(pages::unsubscribe_form))
                .route(web::post().to(pages::unsubscribe)),
        )
        .service(web::resource("/verify").route(web::get().to(pages::verify)))
        // Accounts in the browser (`account`, sessions in `session`).
        .service(
            web::resource("/login")
                .route(web::get().to(account::login_form))
                .route(web::post().to(account::login)),
        )
        .service(web::resource("/logout").route(web::post().to(account::logout)))
        .service(
            web::resource("/preferences")
                .route(web::get().to(account::preferences_form))
                .route(web::post().to(account::preferences)),
        )
        .service(
            web::resource("/vacation")
                .route(web::get().to(account::vacation_form))
                .route(web::post().to(account::vacation)),
        )
        .service(
            web::resource("/signup")
                .route(web::get().to(account::signup_form))
                .route(web::post().to(account::signup)),
        )
        .service(
            web::resource("/password/forgot")
                .route(web::get().to(account::forgot_form))
                .route(web::post().to(account::forgot)),
        )
        .service(
            web::resource("/password/reset")
                .route(web::get().to(account::reset_form))
                .route(web::post().to(account::reset)),
        )
        .service(
            web::resource("/join/{code}")
                .route(web::get().to(pages::join))
                .route(web::post().to(lobby::join)),
        )
        // The lobby (`lobby`): `/` and its forms.
        .service(web::resource("/").route(web::get().to(lobby::home)))
        .service(web::resource("/lobby/games").route(web::post().to(lobby::create)))
        .service(web::resource("/lobby/invite").route(web::post().to(lobby::invite)))
        .service(web::resource("/lobby/spectators").route(web::post().to(lobby::spectator)));
    // The rules and the notation guide (`docs`).
    for path in docs::paths() {
        cfg.service(web::resource(path).route(web::get().to(docs::get)));
    }
}

/// An integer from JSON, written as `3` or `3.0` (JSON does not tell them apart).
pub fn integer<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    n.as_i64()
        .or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                .map(|f| f as i64)
        })
        .ok_or_else(|| serde::de::Error::custom(format!("expected an integer, not {n}")))
}

/// An optional field that, when present, must hold a value: `null` is refused rather
/// than read as "absent", as the contract does not allow it.
pub fn not_null<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)?
        .map(Some)
        .ok_or_else(|| serde::de::Error::custom("null is not a value here: leave the field out"))
}

/// [`integer`], or `null`.
pub fn optional_integer<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    #[derive(serde::Deserialize)]
    struct Wrap(#[serde(deserialize_with = "integer")] i64);
    Ok(Option::<Wrap>::deserialize(d)?.map(|Wrap(n)| n))
}
