//! Cheap and paged reads (issue 14, part 3): `If-None-Match` gets 304 on the game, the log
//! and the list of games, with ETags per reader; `GET /games` and the log page with an
//! opaque cursor; CORS for the configured origins only.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{read, Player, TestApp};
use rand::SeedableRng;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// `GET path` with `If-None-Match: tag` (if any): `(status, ETag, body)`.
async fn fetch(
    app: &TestApp,
    path: &str,
    p: &Player,
    tag: Option<&str>,
) -> (StatusCode, String, Value) {
    let mut req = app
        .client
        .get(format!("{}{path}", app.url))
        .bearer_auth(&p.token);
    if let Some(t) = tag {
        req = req.header("if-none-match", t);
    }
    let res = req.send().await.unwrap();
    let etag = res
        .headers()
        .get("etag")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let status = res.status();
    if status == StatusCode::NOT_MODIFIED {
        let bytes = res.bytes().await.unwrap();
        assert!(bytes.is_empty(), "a 304 has no body");
        return (status, etag, Value::Null);
    }
    let (status, body) = read(res).await;
    (status, etag, body)
}

/// Play one random legal turn for the seat to act, as text with `If-Match: tag`.
async fn play_with_if_match(app: &TestApp, id: &str, players: &[Player], tag: &str) {
    let (_, g) = app.get(&format!("/games/{id}"), &players[0].token).await;
    let seat = g["to_act"][0].as_u64().unwrap() as usize;
    let p = &players[seat];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let turn = crate::play::random_turn(app, id, p, &mut rng, &mut Vec::new()).await;
    let notation = games::registry::kind("gods")
        .unwrap()
        .format_turn(&turn)
        .unwrap();
    let res = app
        .client
        .post(format!("{}/games/{id}/turns", app.url))
        .bearer_auth(&p.token)
        .header("content-type", "text/plain")
        .header("if-match", tag)
        .body(notation)
        .send()
        .await
        .unwrap();
    let (status, body) = read(res).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

api_test!(
    async fn a_reader_with_the_etag_gets_304_until_what_they_see_changes(app) {
        let (id, players) = started_game(&app, 2).await;
        let (ann, bo) = (&players[0], &players[1]);
        let game = format!("/games/{id}");
        let (status, tag, body) = fetch(&app, &game, ann, None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(tag.starts_with("\"0-") && tag.ends_with('"'), "{tag}");
        let (status, again, _) = fetch(&app, &game, ann, Some(&tag)).await;
        assert_eq!((status, again.as_str()), (StatusCode::NOT_MODIFIED, tag.as_str()));
        // Weak comparison and lists, as caches send them.
        let (status, _, _) = fetch(&app, &game, ann, Some(&format!("\"x\", W/{tag}"))).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED);
        // Another reader of the same game has an ETag of their own: Ann's is no 304 for Bo.
        let (status, bos, _) = fetch(&app, &game, bo, Some(&tag)).await;
        assert_eq!(status, StatusCode::OK);
        assert_ne!(bos, tag);

        // The log and the list, the same way.
        let log = format!("/games/{id}/log");
        let (status, log_tag, _) = fetch(&app, &log, ann, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(fetch(&app, &log, ann, Some(&log_tag)).await.0, StatusCode::NOT_MODIFIED);
        let (status, list_tag, _) = fetch(&app, "/games", ann, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(fetch(&app, "/games", ann, Some(&list_tag)).await.0, StatusCode::NOT_MODIFIED);

        // Table talk changes the log (it carries the talk), not the game.
        let (status, m) = app.post(&format!("/games/{id}/messages"), &bo.token, json!({"body": "hello"})).await;
        assert_eq!(status, StatusCode::CREATED, "{m}");
        assert_eq!(fetch(&app, &log, ann, Some(&log_tag)).await.0, StatusCode::OK);
        assert_eq!(fetch(&app, &game, ann, Some(&tag)).await.0, StatusCode::NOT_MODIFIED);

        // The game's ETag is a turn's If-Match; the turn changes the game, the log, the list.
        play_with_if_match(&app, &id, &players, &tag).await;
        let (status, after, body) = fetch(&app, &game, ann, Some(&tag)).await;
        assert_eq!(status, StatusCode::OK);
        assert!(after.starts_with("\"1-"), "{after}");
        assert_eq!(body["seq"], 1);
        assert_eq!(fetch(&app, "/games", ann, Some(&list_tag)).await.0, StatusCode::OK);
        // A stale ETag as If-Match is a 409, as a stale sequence is.
        let res = app
            .client
            .post(format!("{}/games/{id}/turns", app.url))
            .bearer_auth(&players[1].token)
            .header("content-type", "text/plain")
            .header("if-match", &tag)
            .body("discard 1; discard 1")
            .send()
            .await
            .unwrap();
        let (status, problem) = read(res).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::CONFLICT, Some("stale_seq")), "{problem}");
    }
);

api_test!(
    async fn the_list_of_games_and_the_log_page_with_opaque_cursors(app) {
        let ann = app.player("ann").await;
        for _ in 0..5 {
            let (status, g) = app.post("/games", &ann.token, json!({"kind": "gods", "seats": 2})).await;
            assert_eq!(status, StatusCode::CREATED, "{g}");
        }
        let (_, all) = app.get("/games", &ann.token).await;
        let all: Vec<Value> = all["games"].as_array().unwrap().iter().map(|g| g["id"].clone()).collect();
        assert_eq!(all.len(), 5);
        let mut paged = Vec::new();
        let mut path = "/games?limit=2".to_string();
        for _ in 0..10 {
            let (status, page) = app.get(&path, &ann.token).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let games = page["games"].as_array().unwrap();
            assert!(games.len() <= 2);
            paged.extend(games.iter().map(|g| g["id"].clone()));
            match page["next_cursor"].as_str() {
                Some(c) => path = format!("/games?limit=2&cursor={c}"),
                None => break,
            }
        }
        assert_eq!(paged, all, "the pages hold every game once, in the list's order");
        let (status, p) = app.get("/games?limit=0", &ann.token).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_query")), "{p}");
        let (status, p) = app.get("/games?cursor=bm90IGpzb24", &ann.token).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_cursor")), "{p}");

        // The log: three turns, one a page.
        let (id, players) = started_game(&app, 2).await;
        for _ in 0..3 {
            let (_, g) = app.get(&format!("/games/{id}"), &players[0].token).await;
            let tag = format!("\"{}\"", g["seq"]);
            play_with_if_match(&app, &id, &players, &tag).await;
        }
        let mut seqs = Vec::new();
        let mut path = format!("/games/{id}/log?limit=1");
        loop {
            let (status, page) = app.get(&path, &players[0].token).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            seqs.extend(page["entries"].as_array().unwrap().iter().map(|e| e["seq"].as_i64().unwrap()));
            let cursor = page["next_cursor"].as_str().unwrap().to_string();
            if page["has_more"] == false {
                // The cursor after the last page fetches what comes later: nothing yet.
                let (_, later) = app.get(&format!("/games/{id}/log?cursor={cursor}"), &players[0].token).await;
                assert_eq!(later["entries"], json!([]), "{later}");
                break;
            }
            path = format!("/games/{id}/log?limit=1&cursor={cursor}");
            assert!(seqs.len() <= 3, "{seqs:?}");
        }
        assert_eq!(seqs, vec![1, 2, 3]);
        let (status, p) = app.get(&format!("/games/{id}/log?cursor=%21"), &players[0].token).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_cursor")), "{p}");
    }
);

api_test!(
    async fn two_hundred_and_fifty_games_page_without_gaps_or_repeats_even_while_some_change(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let mut created = Vec::new();
        let mut codes = std::collections::HashMap::new();
        for _ in 0..250 {
            let (status, g) = app.post("/games", &ann.token, json!({"kind": "gods", "seats": 2})).await;
            assert_eq!(status, StatusCode::CREATED, "{g}");
            created.push(g["id"].as_str().unwrap().to_string());
            codes.insert(g["id"].as_str().unwrap().to_string(), g["join_code"].clone());
        }
        let ids = |page: &Value| -> Vec<String> {
            page["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
        };
        let (_, whole_page) = app.get("/games?limit=500", &ann.token).await;
        let whole = ids(&whole_page);
        // The most recently changed first, then by id, descending.
        let keys: Vec<(chrono::DateTime<chrono::Utc>, String)> = whole_page["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["updated_at"].as_str().unwrap().parse().unwrap(), g["id"].as_str().unwrap().to_string()))
            .collect();
        assert!(keys.windows(2).all(|w| w[0] > w[1]), "{keys:?}");
        assert_eq!(whole.len(), 250);
        let mut sorted = whole.clone();
        sorted.sort();
        let mut expected = created.clone();
        expected.sort();
        assert_eq!(sorted, expected);
        // Pages of 37 hold the whole list, in order, each game once.
        let walk = |changes: bool| {
            let app = &app;
            let ann = &ann;
            let bob = &bob;
            let whole = whole.clone();
            let codes = &codes;
            async move {
                let mut seen: Vec<String> = Vec::new();
                let mut path = "/games?limit=37".to_string();
                let mut changed = Vec::new();
                for page_no in 0..20 {
                    let (status, page) = app.get(&path, &ann.token).await;
                    assert_eq!(status, StatusCode::OK, "{page}");
                    seen.extend(ids(&page));
                    if changes && page_no == 1 {
                        // Bob joins a game not seen yet (it starts, and moves to the front)
                        // and one already seen (it moves to the front too).
                        for id in [&whole[200], &whole[10]] {
                            let (status, g) = app.post(&format!("/games/{id}/join"), &bob.token, json!({"code": codes[id]})).await;
                            assert!(status.is_success(), "{g}");
                            changed.push(id.clone());
                        }
                    }
                    match page["next_cursor"].as_str() {
                        Some(c) => path = format!("/games?limit=37&cursor={c}"),
                        None => break,
                    }
                }
                (seen, changed)
            }
        };
        let (seen, _) = walk(false).await;
        assert_eq!(seen, whole, "every game once, in the list's order");
        let (seen, changed) = walk(true).await;
        let mut unique = seen.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), seen.len(), "no game twice");
        let unchanged: Vec<&String> = whole.iter().filter(|id| !changed.contains(id)).collect();
        let seen_unchanged: Vec<&String> = seen.iter().filter(|id| !changed.contains(id)).collect();
        assert_eq!(seen_unchanged, unchanged, "every game that did not change, once, in order");
        // What a cursor does not promise: the game that changed after its place was passed
        // moved ahead of the cursor and is not on a later page (a fresh walk finds it first).
        assert!(seen.contains(&whole[10]));
        assert!(!seen.contains(&whole[200]), "{changed:?}");
        let (_, first) = app.get("/games?limit=2", &ann.token).await;
        let mut front = ids(&first);
        front.sort();
        let mut both = changed.clone();
        both.sort();
        assert_eq!(front, both);
        // must_act pages in the query too: no game waits for ann until she must act.
        let (status, acting) = app.get("/games?must_act=true&limit=1", &ann.token).await;
        assert_eq!(status, StatusCode::OK);
        for g in acting["games"].as_array().unwrap() {
            assert_eq!(g["my_turn"], true, "{g}");
        }
    }
);

const ORIGIN: &str = "https://client.example";

async fn preflight(app: &TestApp, origin: &str) -> reqwest::Response {
    app.client
        .request(reqwest::Method::OPTIONS, format!("{}/games", app.url))
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization, content-type, idempotency-key",
        )
        .send()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_origin_passes_the_preflight_and_reads_the_etag_and_others_get_no_cors() {
    let app = TestApp::sqlite(|s| s.cors_origins = vec![ORIGIN.to_string()]).await;
    let res = preflight(&app, ORIGIN).await;
    assert!(res.status().is_success(), "{}", res.status());
    let h = res.headers();
    assert_eq!(h["access-control-allow-origin"], ORIGIN);
    let methods = h["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        methods.contains("POST") && methods.contains("DELETE"),
        "{methods}"
    );
    let headers = h["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .to_lowercase();
    assert!(
        headers.contains("authorization") && headers.contains("idempotency-key"),
        "{headers}"
    );

    // The real request: allowed, and the ETag is readable by the page's script.
    let ann = app.player("ann").await;
    let res = app
        .client
        .get(format!("{}/games", app.url))
        .bearer_auth(&ann.token)
        .header("origin", ORIGIN)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["access-control-allow-origin"], ORIGIN);
    let exposed = res.headers()["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .to_lowercase();
    assert!(exposed.contains("etag"), "{exposed}");

    // Another origin is not allowed: no Access-Control-Allow-Origin, so the browser stops.
    let res = preflight(&app, "https://evil.example").await;
    assert!(res.headers().get("access-control-allow-origin").is_none());

    // By default nobody is allowed.
    let plain = TestApp::sqlite(|_| {}).await;
    let res = preflight(&plain, ORIGIN).await;
    assert!(res.headers().get("access-control-allow-origin").is_none());
}
