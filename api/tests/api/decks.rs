//! Dreams decks (D-C1): a user makes a deck of 72 cards from SVGs, the service keeps only
//! PNGs it drew itself; the standard deck's cards are served as SVG and PNG.

use crate::api_test;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// A small valid card: a coloured square with a number, different for each card.
fn card_svg(n: usize) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\" viewBox=\"0 0 100 100\">\
         <rect width=\"100\" height=\"100\" fill=\"hsl({} 60% 60%)\"/>\
         <circle cx=\"{}\" cy=\"{}\" r=\"12\" fill=\"#222\"/>\
         <text x=\"50\" y=\"60\" font-size=\"30\" text-anchor=\"middle\">{n}</text></svg>",
        n * 5,
        10 + n,
        90 - n
    )
}

fn deck(name: &str, cards: usize) -> Value {
    json!({
        "name": name,
        "cards": (0..cards)
            .map(|n| json!({"title": format!("Dream {n}"), "svg": card_svg(n)}))
            .collect::<Vec<_>>(),
    })
}

/// A GET without a token; returns the status, the content type and the bytes.
async fn fetch(
    app: &crate::helpers::TestApp,
    path: &str,
) -> (StatusCode, String, Vec<u8>, reqwest::header::HeaderMap) {
    let res = app
        .client
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .expect("request sent");
    let status = res.status();
    let headers = res.headers().clone();
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (
        status,
        content_type,
        res.bytes().await.expect("body").to_vec(),
        headers,
    )
}

fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
}

api_test!(
    async fn a_deck_of_72_cards_is_made_and_its_cards_are_served_as_pngs(app) {
        let ann = app.player("ann").await;
        let (status, made) = app.post("/decks", &ann.token, deck("Ann's dreams", 72)).await;
        assert_eq!(status, StatusCode::CREATED, "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        assert_eq!(made["name"], "Ann's dreams");
        assert_eq!(made["owner_id"], ann.id.as_str());
        assert_eq!(made["cards"].as_array().unwrap().len(), 72);
        assert_eq!(made["cards"][71], json!({"n": 71, "title": "Dream 71"}));

        // Anyone may read it, without a token (mail and the turn page load the pictures).
        let (status, read) = app.call(Method::GET, &format!("/decks/{id}"), None, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(read["cards"], made["cards"]);
        assert_eq!(read["name"], "Ann's dreams");

        for n in [0, 35, 71] {
            let (status, content_type, bytes, headers) =
                fetch(&app, &format!("/decks/{id}/cards/{n}.png")).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(content_type, "image/png");
            assert!(is_png(&bytes));
            assert_eq!(headers["x-content-type-options"], "nosniff");
        }
        // The cards differ (each SVG did).
        let (_, _, a, _) = fetch(&app, &format!("/decks/{id}/cards/1.png")).await;
        let (_, _, b, _) = fetch(&app, &format!("/decks/{id}/cards/2.png")).await;
        assert_ne!(a, b);
        // A stored deck's cards are never served as SVG.
        let (status, body) = app.call(Method::GET, &format!("/decks/{id}/cards/3.svg"), None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "no_svg");
        let (status, body) = app.call(Method::GET, &format!("/decks/{id}/cards/72.png"), None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "card_not_found");
        let (status, body) = app.call(Method::GET, "/decks/nope/cards/3.png", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "deck_not_found");
        let (status, body) = app.call(Method::GET, "/decks/nope", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "deck_not_found");

        // A game may name it (what the games handler asks).
        let mut conn = app.state.db.pool.get().unwrap();
        assert!(hermes_api::store::decks::deck_exists(&mut conn, &id).unwrap());
        assert!(hermes_api::store::decks::deck_exists(&mut conn, "standard").unwrap());
        assert!(!hermes_api::store::decks::deck_exists(&mut conn, "nope").unwrap());
        let art = hermes_api::http::decks::card_art(&mut conn, &id, &[4, 60]).unwrap();
        assert_eq!(art.len(), 2);
    }
);

api_test!(
    async fn making_a_deck_needs_a_token(app) {
        let (status, body) = app.call(Method::POST, "/decks", None, Some(deck("x", 72))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "missing_token");
    }
);

api_test!(
    async fn a_deck_of_71_cards_is_refused_with_422(app) {
        let ann = app.player("ann").await;
        let (status, body) = app.post("/decks", &ann.token, deck("short", 71)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["code"], "wrong_card_count");
        assert!(body["detail"].as_str().unwrap().contains("71"), "{body}");
        let (status, body) = app.post("/decks", &ann.token, deck("long", 73)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["code"], "wrong_card_count");
    }
);

api_test!(
    async fn a_bad_name_or_title_is_refused_naming_the_card(app) {
        let ann = app.player("ann").await;
        let (status, body) = app.post("/decks", &ann.token, deck("   ", 72)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["code"], "invalid_name");
        for title in ["", "  ", &"x".repeat(81), "a\u{7}b"] {
            let mut d = deck("titles", 72);
            d["cards"][9]["title"] = json!(title);
            let (status, body) = app.post("/decks", &ann.token, d).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{title:?}");
            assert_eq!(body["code"], "invalid_title");
            assert_eq!(body["card"], 9);
            assert!(body["detail"].as_str().unwrap().starts_with("card 9:"), "{body}");
        }
        let mut d = deck("eighty", 72);
        d["cards"][9]["title"] = json!("é".repeat(80));
        let (status, body) = app.post("/decks", &ann.token, d).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
);

api_test!(
    async fn a_card_with_a_script_is_kept_as_a_png_without_it(app) {
        let ann = app.player("ann").await;
        let mut d = deck("scripted", 72);
        d["cards"][5]["svg"] = json!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"80\" height=\"80\" onload=\"alert(1)\">\
             <script>alert(document.cookie)</script>\
             <rect width=\"80\" height=\"80\" fill=\"#c33\"/></svg>"
        );
        let (status, made) = app.post("/decks", &ann.token, d).await;
        assert_eq!(status, StatusCode::CREATED, "{made}");
        let id = made["id"].as_str().unwrap();
        let (status, content_type, bytes, headers) = fetch(&app, &format!("/decks/{id}/cards/5.png")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(content_type, "image/png");
        assert!(is_png(&bytes));
        assert!(!bytes.windows(6).any(|w| w == b"script" || w == b"alert("));
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert!(headers["content-security-policy"].to_str().unwrap().contains("default-src 'none'"));
    }
);

api_test!(
    async fn a_card_over_256_kib_is_refused_with_413_naming_it(app) {
        let ann = app.player("ann").await;
        let mut d = deck("big", 72);
        let padding = format!("<!-- {} -->", "x".repeat(300 * 1024));
        d["cards"][40]["svg"] = json!(card_svg(40).replace("</svg>", &format!("{padding}</svg>")));
        let (status, body) = app.post("/decks", &ann.token, d).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body["code"], "card_too_large");
        assert_eq!(body["card"], 40);
        assert!(body["detail"].as_str().unwrap().starts_with("card 40:"), "{body}");
    }
);

api_test!(
    async fn a_card_that_refers_outside_itself_or_does_not_parse_is_refused_with_422(app) {
        let ann = app.player("ann").await;
        for (n, svg, code) in [
            (
                12,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\"><image xlink:href=\"http://example.org/spy.png\" width=\"10\" height=\"10\"/></svg>",
                "card_external_resource",
            ),
            (
                13,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><image href=\"/etc/passwd\" width=\"10\" height=\"10\"/></svg>",
                "card_external_resource",
            ),
            (14, "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect", "invalid_card_svg"),
            (15, "a picture of the moon", "invalid_card_svg"),
        ] {
            let mut d = deck("outside", 72);
            d["cards"][n]["svg"] = json!(svg);
            let (status, body) = app.post("/decks", &ann.token, d).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["code"], code);
            assert_eq!(body["card"], n);
            assert!(body["detail"].as_str().unwrap().starts_with(&format!("card {n}:")), "{body}");
        }
        // Nothing was stored.
        let mut conn = app.state.db.pool.get().unwrap();
        use diesel::prelude::*;
        let count: i64 = hermes_api::store::schema::decks::table.count().get_result(&mut conn).unwrap();
        assert_eq!(count, 0);
    }
);

api_test!(
    async fn the_standard_deck_serves_its_cards_as_svg_and_png(app) {
        let (status, deck) = app.call(Method::GET, "/decks/standard", None, None).await;
        assert_eq!(status, StatusCode::OK);
        let cards = deck["cards"].as_array().unwrap();
        assert_eq!(cards.len(), 72);
        assert!(deck["owner_id"].is_null());
        assert_eq!(cards[0]["title"], hermes_api::board::dreams::card_title(0));

        let (status, content_type, svg, headers) = fetch(&app, "/decks/standard/cards/17.svg").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(content_type, "image/svg+xml");
        let svg = String::from_utf8(svg).unwrap();
        assert_eq!(svg, hermes_api::board::dreams::card_svg(17));
        assert!(!svg.contains("<script"));
        assert_eq!(headers["content-security-policy"], "default-src 'none'; style-src 'unsafe-inline'");
        assert_eq!(headers["x-content-type-options"], "nosniff");

        let (status, content_type, png, headers) = fetch(&app, "/decks/standard/cards/71.png").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(content_type, "image/png");
        assert!(is_png(&png));
        // A client that has it gets 304.
        let etag = headers["etag"].to_str().unwrap().to_string();
        let res = app
            .client
            .get(format!("{}/decks/standard/cards/71.png", app.url))
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_MODIFIED);

        for bad in ["72", "-1", "x", "1.5"] {
            let (status, body) = app
                .call(Method::GET, &format!("/decks/standard/cards/{bad}.svg"), None, None)
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
            assert_eq!(body["code"], "card_not_found");
        }
    }
);

/// A card that takes a while to draw and is within the bounds: ten octaves of noise over
/// the whole card.
fn slow_card(n: usize) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\
         <filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">\
         <feTurbulence baseFrequency=\"0.0{}\" numOctaves=\"10\" seed=\"{n}\"/></filter>\
         <rect width=\"100\" height=\"100\" filter=\"url(#f)\"/></svg>",
        n % 9 + 1
    )
}

fn slow_deck() -> Value {
    json!({
        "name": "slow",
        "cards": (0..72)
            .map(|n| json!({"title": format!("Noise {n}"), "svg": slow_card(n)}))
            .collect::<Vec<_>>(),
    })
}

/// `POST /decks`, giving up after `timeout`: the status, the headers and the body, or
/// `None` when the client gave up.
async fn post_deck(
    app: &crate::helpers::TestApp,
    token: &str,
    deck: &Value,
    timeout: std::time::Duration,
) -> Option<(StatusCode, reqwest::header::HeaderMap, Value)> {
    let res = app
        .client
        .post(format!("{}/decks", app.url))
        .bearer_auth(token)
        .json(deck)
        .timeout(timeout)
        .send()
        .await
        .ok()?;
    let status = res.status();
    let headers = res.headers().clone();
    let body = res.json().await.ok()?;
    Some((status, headers, body))
}

/// Wait (up to 30 s) until `n` uploads are being drawn.
async fn until_drawing(app: &crate::helpers::TestApp, n: usize) {
    for _ in 0..600 {
        if app.state.decks.drawing_now() == n {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{n} uploads were never drawing at once");
}

api_test!(
    async fn each_card_that_would_draw_for_too_long_or_too_big_is_refused_with_422_naming_it(app) {
        let ann = app.player("ann").await;
        let card = |inner: &str| {
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">{inner}</svg>"
            )
        };
        let filtered = |primitives: &str| {
            card(&format!(
                "<filter id=\"f\">{primitives}</filter><rect width=\"100\" height=\"100\" filter=\"url(#f)\"/>"
            ))
        };
        for (n, svg, says) in [
            (
                3,
                filtered("<feTurbulence baseFrequency=\"0.05\" numOctaves=\"1000000\"/>"),
                "numOctaves",
            ),
            (
                10,
                card(&format!("<text y=\"20\">{}</text>", "W".repeat(200_000))),
                "characters of text",
            ),
            (
                20,
                filtered("<feMorphology operator=\"dilate\" radius=\"100000000\"/>"),
                "feMorphology",
            ),
            (
                30,
                filtered(&"<feGaussianBlur stdDeviation=\"3\"/>".repeat(500)),
                "",
            ),
            (
                40,
                card(&format!(
                    "<filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter>{}<rect width=\"100\" height=\"100\"/>{}",
                    "<g filter=\"url(#b)\">".repeat(60),
                    "</g>".repeat(60)
                )),
                "",
            ),
        ] {
            let mut d = deck("attack", 72);
            d["cards"][n]["svg"] = json!(svg);
            let started = std::time::Instant::now();
            let (status, body) = app.post("/decks", &ann.token, d).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["code"], "card_too_complex", "{body}");
            assert_eq!(body["card"], n);
            let detail = body["detail"].as_str().unwrap();
            assert!(detail.starts_with(&format!("card {n}:")), "{body}");
            assert!(detail.contains(says), "{body}");
            // Refused before drawing: the cards before it are simple.
            assert!(started.elapsed() < std::time::Duration::from_secs(20), "{:?}", started.elapsed());
        }
    }
);

api_test!(
    async fn a_second_upload_of_one_user_while_the_first_is_drawn_gets_429_with_retry_after(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let slow = slow_deck();
        let probe = || deck("probe", 71);
        let first = post_deck(&app, &ann.token, &slow, std::time::Duration::from_secs(60));
        let second = async {
            until_drawing(&app, 1).await;
            let (status, headers, body) = post_deck(&app, &ann.token, &probe(), std::time::Duration::from_secs(30))
                .await
                .expect("answered");
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
            assert_eq!(body["code"], "deck_upload_in_progress");
            assert_eq!(body["bound"], "deck_uploads_per_user");
            assert_eq!(body["limit"], 1);
            assert!(body["detail"].as_str().unwrap().contains("deck_uploads_per_user"), "{body}");
            let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
            assert!(retry >= 1);
            // Another user is not held back by ann's upload.
            let (status, _, body) = post_deck(&app, &bob.token, &probe(), std::time::Duration::from_secs(30))
                .await
                .expect("answered");
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["code"], "wrong_card_count");
        };
        let (first, ()) = tokio::join!(first, second);
        let (status, _, body) = first.expect("answered");
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // Done: ann may upload again.
        let (status, body) = app.post("/decks", &ann.token, probe()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "wrong_card_count");
    }
);

api_test!(
    async fn a_server_drawing_its_bound_of_decks_answers_503_and_stops_a_deck_whose_client_left(app)
    with |s| s.decks.uploads_at_once = 1; {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let slow = slow_deck();
        // Ann's client gives up while her deck is drawn.
        let first = post_deck(&app, &ann.token, &slow, std::time::Duration::from_secs(2));
        let second = async {
            until_drawing(&app, 1).await;
            let (status, headers, body) =
                post_deck(&app, &bob.token, &deck("probe", 71), std::time::Duration::from_secs(30))
                    .await
                    .expect("answered");
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
            assert_eq!(body["code"], "decks_busy");
            assert_eq!(body["bound"], "deck_uploads_at_once");
            assert!(body["detail"].as_str().unwrap().contains("deck_uploads_at_once"), "{body}");
            assert!(headers.contains_key("retry-after"));
        };
        let (first, ()) = tokio::join!(first, second);
        assert!(first.is_none(), "the deck was drawn within the client's patience: {first:?}");
        // The drawing stops at the next card, and gives its place back.
        until_drawing(&app, 0).await;
        let drawn = app.state.decks.cards_drawn();
        assert!(drawn < 72, "all {drawn} cards were drawn for a client that had gone");
        let (status, body) = app.post("/decks", &bob.token, deck("Bob's", 72)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
);

api_test!(
    async fn a_deck_that_takes_longer_than_its_time_is_refused_naming_the_first_card_not_drawn(app)
    with |s| s.decks.draw_secs = 1; {
        let ann = app.player("ann").await;
        let (status, body) = app.post("/decks", &ann.token, slow_deck()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "deck_too_slow");
        assert_eq!(body["bound"], "deck_draw_secs");
        let n = body["card"].as_u64().unwrap();
        assert!(n > 0 && n < 72, "{body}");
        assert!(body["detail"].as_str().unwrap().starts_with(&format!("card {n}:")), "{body}");
        // The place is given back.
        assert_eq!(app.state.decks.drawing_now(), 0);
        let (status, body) = app.post("/decks", &ann.token, deck("probe", 71)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "wrong_card_count");
    }
);
