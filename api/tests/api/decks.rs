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
        let mut conn = app.state.pool.get().unwrap();
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
        let mut conn = app.state.pool.get().unwrap();
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
