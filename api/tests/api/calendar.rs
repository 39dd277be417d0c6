//! The calendar feed (`POST`/`DELETE /me/calendar`, `GET /calendar/{token}.ics`): a
//! well-formed RFC 5545 calendar of the deadlines waiting for its user, at a secret URL
//! that can be replaced and revoked.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::TestApp;
use rand::SeedableRng;
use reqwest::{Method, StatusCode};
use serde_json::json;

/// The feed's text, checked line by line: CRLF endings, at most 75 octets a line, folded
/// lines starting with a space. Returns the unfolded content lines.
async fn fetch(app: &TestApp, url: &str) -> Vec<String> {
    let path = url
        .strip_prefix(crate::helpers::PUBLIC_URL)
        .expect("on the public URL");
    let res = app
        .client
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["content-type"],
        "text/calendar; charset=utf-8"
    );
    let text = res.text().await.unwrap();
    assert!(text.ends_with("\r\n"));
    for physical in text.split_terminator("\r\n") {
        assert!(!physical.contains('\n'), "a bare LF: {physical:?}");
        assert!(
            physical.len() <= 75,
            "{} octets: {physical:?}",
            physical.len()
        );
    }
    let lines: Vec<String> = text
        .replace("\r\n ", "")
        .split_terminator("\r\n")
        .map(str::to_string)
        .collect();
    // Components nest properly and every line is NAME[;params]:value.
    let mut open: Vec<String> = Vec::new();
    for l in &lines {
        let (name, value) = l
            .split_once(':')
            .unwrap_or_else(|| panic!("not a content line: {l}"));
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c == '-' || c == ';' || c == '='),
            "{l}"
        );
        match name {
            "BEGIN" => open.push(value.to_string()),
            "END" => assert_eq!(open.pop().as_deref(), Some(value), "{l}"),
            _ => assert!(!open.is_empty(), "a property outside a component: {l}"),
        }
    }
    assert!(open.is_empty());
    assert_eq!(lines.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
    assert!(lines.contains(&"VERSION:2.0".to_string()));
    assert!(lines.iter().any(|l| l.starts_with("PRODID:")));
    lines
}

/// Each VEVENT's properties.
fn events(lines: &[String]) -> Vec<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut cur: Option<Vec<(String, String)>> = None;
    let mut depth = 0;
    for l in lines {
        let (k, v) = l.split_once(':').unwrap();
        match (k, v) {
            ("BEGIN", "VEVENT") => cur = Some(Vec::new()),
            ("END", "VEVENT") => out.extend(cur.take()),
            ("BEGIN", _) if cur.is_some() => depth += 1,
            ("END", _) if cur.is_some() => depth -= 1,
            _ if depth == 0 => {
                if let Some(c) = cur.as_mut() {
                    c.push((k.to_string(), v.to_string()));
                }
            }
            _ => {}
        }
    }
    out
}

fn prop<'a>(event: &'a [(String, String)], name: &str) -> &'a str {
    event
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name} in {event:?}"))
}

api_test!(
    async fn the_calendar_lists_the_deadlines_waiting_for_its_user_at_a_secret_url(app) {
        let (id, players) = started_game(&app, 2).await;
        let (ann, bob) = (&players[0], &players[1]);
        let (status, feed) = app.call(Method::POST, "/me/calendar", Some(&ann.token), None).await;
        assert_eq!(status, StatusCode::CREATED, "{feed}");
        let url = feed["url"].as_str().unwrap().to_string();
        assert!(url.ends_with(".ics"));
        let (_, game) = app.get(&format!("/games/{id}"), &ann.token).await;
        let seat = game["to_act"][0].as_i64().unwrap() as usize;
        let (waiting, other) = if seat == 0 { (ann, bob) } else { (bob, ann) };
        assert_eq!(seat, 0, "seats in join order");

        let lines = fetch(&app, &url).await;
        let evs = events(&lines);
        assert_eq!(evs.len(), 1, "{lines:?}");
        let ev = &evs[0];
        assert_eq!(prop(ev, "UID"), format!("{id}-0@hermes"));
        let due: chrono::DateTime<chrono::Utc> = game["deadline"].as_str().unwrap().parse().unwrap();
        assert_eq!(prop(ev, "DTSTART"), due.format("%Y%m%dT%H%M%SZ").to_string());
        assert!(prop(ev, "DTSTAMP").ends_with('Z'));
        assert!(prop(ev, "SUMMARY").starts_with("Your turn: Gods #"));
        assert!(prop(ev, "URL").contains(&format!("/games/{id}")), "the game page");

        // The other player's feed has nothing waiting.
        let (_, theirs) = app.call(Method::POST, "/me/calendar", Some(&other.token), None).await;
        let their_url = theirs["url"].as_str().unwrap().to_string();
        assert!(events(&fetch(&app, &their_url).await).is_empty());

        // After the turn, the deadline is the other player's, with a new UID.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let turn = crate::play::random_turn(&app, &id, waiting, &mut rng, &mut Vec::new()).await;
        let (status, body) = app
            .post(&format!("/games/{id}/turns"), &waiting.token, json!({"expected_seq": 0, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert!(events(&fetch(&app, &url).await).is_empty());
        let theirs = events(&fetch(&app, &their_url).await);
        assert_eq!(prop(&theirs[0], "UID"), format!("{id}-1@hermes"));

        // The token opens the feed and nothing else.
        let token = url.rsplit('/').next().unwrap().trim_end_matches(".ics");
        let (status, _) = app.get("/me", token).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        // Rotating replaces the URL; revoking ends it.
        let (status, again) = app.call(Method::POST, "/me/calendar", Some(&waiting.token), None).await;
        assert_eq!(status, StatusCode::CREATED);
        let new_url = again["url"].as_str().unwrap().to_string();
        assert_ne!(new_url, url);
        let old_path = url.strip_prefix(crate::helpers::PUBLIC_URL).unwrap();
        let (status, body) = app.call(Method::GET, old_path, None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "calendar_not_found");
        // The new URL opens the same (now empty: the turn was played) feed.
        assert!(events(&fetch(&app, &new_url).await).is_empty());
        let (status, _) = app.call(Method::DELETE, "/me/calendar", Some(&waiting.token), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let new_path = new_url.strip_prefix(crate::helpers::PUBLIC_URL).unwrap();
        let (status, _) = app.call(Method::GET, new_path, None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, body) = app.call(Method::DELETE, "/me/calendar", Some(&waiting.token), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "calendar_not_found");
        let (status, _) = app.call(Method::GET, "/calendar/nonsense.ics", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

/// A text value as written, unescaped (RFC 5545 §3.3.11).
fn unescaped(value: &str) -> String {
    value
        .replace("\\n", "\n")
        .replace("\\,", ",")
        .replace("\\;", ";")
        .replace("\\\\", "\\")
}

api_test!(
    async fn the_calendar_speaks_its_users_language_and_dates_the_deadline_in_their_time_zone(app) {
        let (id, players) = started_game(&app, 2).await;
        let ann = &players[0];
        let (_, game) = app.get(&format!("/games/{id}"), &ann.token).await;
        assert_eq!(game["to_act"][0], 0, "ann's turn");
        let due: chrono::DateTime<chrono::Utc> = game["deadline"].as_str().unwrap().parse().unwrap();
        let (status, feed) = app.call(Method::POST, "/me/calendar", Some(&ann.token), None).await;
        assert_eq!(status, StatusCode::CREATED, "{feed}");
        let url = feed["url"].as_str().unwrap().to_string();

        // English by default, the deadline in full in UTC.
        let lines = fetch(&app, &url).await;
        let ev = &events(&lines)[0];
        let english = hermes_api::i18n::long_datetime(hermes_api::i18n::Lang::En, due, "UTC");
        assert!(prop(ev, "SUMMARY").starts_with("Your turn: Gods #"), "{ev:?}");
        let description = unescaped(prop(ev, "DESCRIPTION"));
        assert!(description.starts_with("Hermes waits for your turn in Gods #"), "{description}");
        assert!(description.ends_with(&format!("Play it by {english}.")), "{description}");
        assert!(lines.contains(&"X-WR-CALNAME:Hermes: your turns".to_string()));

        for (lang, zone, summary, name) in [
            ("de", "Europe/Berlin", "Du bist am Zug: Gods #", "Hermes: deine Züge"),
            ("ja", "Asia/Tokyo", "あなたの手番：Gods #", "Hermes：あなたの手番"),
        ] {
            let (status, prefs) = app
                .call(Method::PATCH, "/me/preferences", Some(&ann.token), Some(json!({"lang": lang, "time_zone": zone})))
                .await;
            assert_eq!(status, StatusCode::OK, "{prefs}");
            let res = app
                .client
                .get(format!("{}{}", app.url, url.strip_prefix(crate::helpers::PUBLIC_URL).unwrap()))
                .send()
                .await
                .unwrap();
            assert_eq!(res.headers()["content-language"], lang);
            let lines = fetch(&app, &url).await;
            let ev = &events(&lines)[0];
            assert!(prop(ev, "SUMMARY").starts_with(summary), "{lang}: {ev:?}");
            assert!(lines.contains(&format!("X-WR-CALNAME:{name}")), "{lang}: {lines:?}");
            let reader = hermes_api::i18n::Lang::from_code(lang).unwrap();
            let when = hermes_api::i18n::long_datetime(reader, due, zone);
            let description = unescaped(prop(ev, "DESCRIPTION"));
            assert!(description.contains(&when), "{lang}: {description} lacks {when}");
            assert!(!description.contains("Hermes waits"), "{lang}: {description}");
            // The same moment, and the codes, in every language.
            assert_eq!(prop(ev, "DTSTART"), due.format("%Y%m%dT%H%M%SZ").to_string());
            assert_eq!(prop(ev, "UID"), format!("{id}-0@hermes"));
        }
        // The date is the reader's: Tokyo's day and hour, written in Japanese.
        let tokyo = due.with_timezone(&chrono_tz::Asia::Tokyo);
        let lines = fetch(&app, &url).await;
        let description = unescaped(prop(&events(&lines)[0], "DESCRIPTION"));
        use chrono::{Datelike, Timelike};
        assert!(description.contains(&format!("{}年{}月{}日", tokyo.year(), tokyo.month(), tokyo.day())), "{description}");
        assert!(description.contains(&format!("{:02}:{:02} JST", tokyo.hour(), tokyo.minute())), "{description}");
    }
);
