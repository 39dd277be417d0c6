//! The players' rule pages in every language, over HTTP: `/rules/gods` and `/rules/dreams`
//! answer in the reader's language (`?lang=` first, then the signed-in account's language,
//! then `Accept-Language`, then English), with `<html lang>`, an anchor per rule id, and
//! links to the same page in its other languages.

use crate::api_test;
use crate::helpers::TestApp;
use hermes_api::http::docs::{files_of, leading_rule_id};
use hermes_api::i18n::Lang;
use reqwest::header::{HeaderMap, ACCEPT_LANGUAGE, CONTENT_LANGUAGE, COOKIE, VARY};
use reqwest::{Method, StatusCode};
use serde_json::json;

/// A page as a browser with these headers gets it.
async fn page(
    app: &TestApp,
    path: &str,
    cookie: Option<&str>,
    accept_language: Option<&str>,
) -> (StatusCode, HeaderMap, String) {
    let mut req = app.client.get(format!("{}{path}", app.url));
    if let Some(c) = cookie {
        req = req.header(COOKIE, c);
    }
    if let Some(a) = accept_language {
        req = req.header(ACCEPT_LANGUAGE, a);
    }
    let res = req.send().await.expect("sent");
    let status = res.status();
    let headers = res.headers().clone();
    (status, headers, res.text().await.expect("body"))
}

/// The language a rules page was served in, by its `<html lang>`; checked against its
/// `Content-Language`.
fn lang_of(headers: &HeaderMap, body: &str) -> String {
    let at = body.find("<html lang=\"").expect("<html lang>") + 12;
    let lang = body[at..].split('"').next().unwrap_or_default().to_string();
    assert_eq!(
        headers.get(CONTENT_LANGUAGE).and_then(|v| v.to_str().ok()),
        Some(lang.as_str()),
        "Content-Language"
    );
    lang
}

/// The rule ids a Markdown file defines at the start of a list item, in order.
fn rule_ids(file: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(file);
    let source = std::fs::read_to_string(&path).expect("a rules file is read");
    source
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("- "))
        .map(|l| l.trim_start_matches("**"))
        .filter_map(leading_rule_id)
        .map(str::to_string)
        .collect()
}

api_test!(
    async fn every_language_of_the_rules_is_served_with_its_lang_and_an_anchor_per_rule(app) {
        for path in ["/rules/gods", "/rules/dreams"] {
            let versions = files_of(path);
            assert_eq!(versions.len(), Lang::ALL.len(), "{path}: {versions:?}");
            let english_ids = rule_ids(versions[0].1);
            for (lang, file) in &versions {
                let code = lang.code();
                let (status, headers, body) =
                    page(&app, &format!("{path}?lang={code}"), None, None).await;
                assert_eq!(status, StatusCode::OK, "{path} in {code}");
                assert_eq!(lang_of(&headers, &body), code, "{path}");
                let ids = rule_ids(file);
                assert_eq!(ids, english_ids, "{file}: the English ids, in order");
                for id in &ids {
                    assert!(
                        body.contains(&format!("id=\"{id}\" href=\"#{id}\"")),
                        "{path} in {code}: no anchor for {id}"
                    );
                }
                // The same page in each other language, and this one marked as current.
                for (other, _) in &versions {
                    let other = other.code();
                    if other == code {
                        assert!(
                            body.contains(&format!("<strong aria-current=\"page\" lang=\"{other}\">")),
                            "{path} in {code}"
                        );
                    } else {
                        assert!(
                            body.contains(&format!("href=\"{path}?lang={other}\" hreflang=\"{other}\"")),
                            "{path} in {code}: no link to {other}"
                        );
                    }
                }
                if *lang != Lang::En {
                    // Written in its language: none of the English page's opening words.
                    for english in [
                        "Each rule has an id",
                        "This page says how the game goes on Hermes",
                        "which the server quotes when it refuses a turn",
                    ] {
                        assert!(!body.contains(english), "{path} in {code}: {english}");
                    }
                }
            }
        }
        // The notation guide and the decisions too, each section under the English
        // heading's id in every language, so that a link to one opens it in the reader's.
        for (path, id) in [
            ("/notation", "slots-which-tile-of-the-display"),
            ("/notation", "writing-a-turn-of-dreams"),
            ("/rules/gods/decisions", "gods-decisions-where-the-rules-leave-room"),
            ("/rules/dreams/decisions", "dreams-decisions-where-the-rules-leave-room"),
        ] {
            let versions = files_of(path);
            assert_eq!(versions.len(), Lang::ALL.len(), "{path}: {versions:?}");
            for (lang, _) in &versions {
                let code = lang.code();
                let (status, headers, body) =
                    page(&app, &format!("{path}?lang={code}"), None, None).await;
                assert_eq!(status, StatusCode::OK, "{path} in {code}");
                assert_eq!(lang_of(&headers, &body), code, "{path}");
                assert!(body.contains(&format!(" id=\"{id}\">")), "{path} in {code}: #{id}");
                assert!(!body.contains("{#"), "{path} in {code}: an id left in the text");
            }
        }
        let (_, _, body) = page(&app, "/notation", None, Some("ja")).await;
        assert!(body.contains("Godsの手番の書き方"), "{body}");
        assert!(body.contains("<pre><code class=\"language-gods\">"), "{body}");
    }
);

api_test!(
    async fn the_rules_follow_the_address_then_the_account_then_the_browser(app) {
        // Signed out: the browser's language, else English.
        let (_, headers, body) = page(&app, "/rules/gods", None, None).await;
        assert_eq!(lang_of(&headers, &body), "en");
        assert!(body.contains("id=\"G-A3\""));
        let vary = headers.get(VARY).and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(vary.contains("Accept-Language") && vary.contains("Cookie"), "Vary: {vary}");
        let (_, headers, body) = page(&app, "/rules/gods", None, Some("de-CH, fr;q=0.8")).await;
        assert_eq!(lang_of(&headers, &body), "de");
        assert!(body.contains("Götterstein"), "the German page");
        let (_, headers, body) = page(&app, "/rules/dreams", None, Some("es, pt;q=0.9")).await;
        assert_eq!(lang_of(&headers, &body), "en");
        let (_, headers, body) = page(&app, "/rules/dreams", None, Some("es, ja;q=0.2")).await;
        assert_eq!(lang_of(&headers, &body), "ja");
        assert!(body.contains("真のビジョン"), "the Japanese page");

        // Signed in as an account whose language is Japanese, in a German browser: Japanese.
        let p = app.player("kaori").await;
        let (status, prefs) = app
            .call(Method::PATCH, "/me/preferences", Some(&p.token), Some(json!({"lang": "ja"})))
            .await;
        assert_eq!(status, StatusCode::OK, "{prefs}");
        let (_, me) = app.get("/me", &p.token).await;
        let mut b = crate::web::Browser::new(&app);
        b.log_in(me["email"].as_str().unwrap(), "a long password").await;
        let cookie = format!("hermes_session={}", b.cookies["hermes_session"]);
        let (_, headers, body) = page(&app, "/rules/gods", Some(&cookie), Some("de")).await;
        assert_eq!(lang_of(&headers, &body), "ja");
        assert!(body.contains("id=\"G-A3\""));
        // The address wins over the account, and its choice follows the links to the
        // other documents; a code that is not ours counts for nothing.
        let (_, headers, body) = page(&app, "/rules/gods?lang=fr", Some(&cookie), Some("de")).await;
        assert_eq!(lang_of(&headers, &body), "fr");
        assert!(body.contains("href=\"/rules/gods/decisions?lang=fr\""), "{body}");
        let (_, headers, body) = page(&app, "/rules/gods?lang=xx", Some(&cookie), Some("de")).await;
        assert_eq!(lang_of(&headers, &body), "ja");
        assert!(body.contains("href=\"/rules/gods/decisions\""), "no choice to carry on");
        // Logged out again (a stale cookie): the browser's language.
        let (_, headers, body) = page(&app, "/rules/gods", Some("hermes_session=00"), Some("nl")).await;
        assert_eq!(lang_of(&headers, &body), "nl");
        assert!(body.contains("markeerkaartje"), "the Dutch page");
    }
);
