//! The reader's language over HTTP: chosen at sign-up (offered from `Accept-Language`),
//! given to `POST /users` or taken from its `Accept-Language`, changed in the preferences
//! (API and page), and the mail written in it.

use crate::api_test;
use crate::helpers::{read, TestApp};
use crate::web::{address, mail_to, Browser};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Log in as `email` and read the account's preferences.
async fn prefs_of(app: &TestApp, email: &str) -> Value {
    let (status, login) = app.login(email, "a long password").await;
    assert_eq!(status, StatusCode::OK, "{login}");
    let token = login["access_token"].as_str().expect("a token");
    let (status, prefs) = app.get("/me/preferences", token).await;
    assert_eq!(status, StatusCode::OK, "{prefs}");
    prefs
}

/// `POST /users` with `body` and, if given, an `Accept-Language` header.
async fn register(
    app: &TestApp,
    body: Value,
    accept_language: Option<&str>,
) -> (StatusCode, Value) {
    let mut req = reqwest::Client::new()
        .post(format!("{}/users", app.url))
        .json(&body);
    if let Some(langs) = accept_language {
        req = req.header(reqwest::header::ACCEPT_LANGUAGE, langs);
    }
    read(req.send().await.expect("sent")).await
}

api_test! {
    async fn the_signup_page_offers_the_browsers_language_and_the_welcome_mail_is_in_the_one_chosen(app) {
        let mut ada = Browser::new(&app).speaking("de-CH, fr;q=0.8, en;q=0.5");
        let form = ada.get("/signup").await;
        assert_eq!(form.status, StatusCode::OK);
        assert!(form.body.contains(r#"<option value="de" lang="de" selected>Deutsch</option>"#), "{}", form.body);
        for (code, name) in [("en", "English"), ("it", "Italiano"), ("fr", "Français"), ("nl", "Nederlands"), ("ja", "日本語")] {
            assert!(form.body.contains(&format!(r#"<option value="{code}" lang="{code}">{name}</option>"#)), "{code}");
        }
        // A browser that asks for none of ours is offered English.
        let mut other = Browser::new(&app).speaking("pt-BR, es;q=0.5");
        let page = other.get("/signup").await;
        assert!(page.body.contains(r#"<option value="en" lang="en" selected>English</option>"#));

        // Ada chooses Japanese over what her browser asks for.
        let email = address("ada");
        let csrf = form.csrf();
        let done = ada
            .post(
                "/signup",
                &[
                    ("csrf", &csrf),
                    ("display_name", "Ada"),
                    ("email", &email),
                    ("password", "a long password"),
                    ("time_zone", "Asia/Tokyo"),
                    ("lang", "ja"),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
        assert_eq!(prefs_of(&app, &email).await["lang"], "ja");
        let mail = mail_to(&app, &email, "Hermes へようこそ").await;
        assert!(mail.contains("Ada さん"), "{mail}");
        assert!(mail.contains("このアドレスがあなたのものであることを"), "{mail}");
        assert!(mail.contains("リンクの有効期間は2日です"), "the span in Japanese: {mail}");
        assert!(!mail.contains("Please confirm"), "{mail}");

        // A language we do not have is refused on the form, naming the field.
        let form = ada.get("/signup").await;
        let csrf = form.csrf();
        let refused = ada
            .post(
                "/signup",
                &[
                    ("csrf", &csrf),
                    ("display_name", "Bo"),
                    ("email", &address("bo")),
                    ("password", "a long password"),
                    ("lang", "pt"),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
        // Ada's browser asks for German: the page, and why it refuses, are in German.
        assert!(refused.body.contains("muss einer dieser Codes sein: en, it, fr, nl, de, ja"), "{}", refused.body);
    }
}

api_test! {
    async fn post_users_takes_the_language_given_else_the_one_accept_language_asks_for(app) {
        let it = address("it");
        let (status, answer) = register(
            &app,
            json!({"email": it, "display_name": "Lia", "password": "a long password"}),
            Some("it-IT, en;q=0.7"),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
        assert_eq!(prefs_of(&app, &it).await["lang"], "it");
        let mail = mail_to(&app, &it, "Benvenuto su Hermes").await;
        assert!(mail.contains("Ciao Lia,"), "{mail}");
        assert!(mail.contains("vale per 2 giorni"), "{mail}");

        let nl = address("nl");
        let (status, _) = register(
            &app,
            json!({"email": nl, "display_name": "Noor", "password": "a long password", "lang": "nl"}),
            Some("fr"),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        assert_eq!(prefs_of(&app, &nl).await["lang"], "nl", "the body wins over the header");
        assert!(mail_to(&app, &nl, "Welkom bij Hermes").await.contains("Hallo Noor,"));

        let plain = address("plain");
        let (status, _) = register(
            &app,
            json!({"email": plain, "display_name": "Pat", "password": "a long password"}),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        assert_eq!(prefs_of(&app, &plain).await["lang"], "en");

        let (status, problem) = register(
            &app,
            json!({"email": address("x"), "display_name": "X", "password": "a long password", "lang": "xx"}),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["field"], "lang", "{problem}");

        // `lang` may be left out, but the contract gives it no `null`: refused, and no
        // account is made.
        let nobody = address("nobody");
        let (status, problem) = register(
            &app,
            json!({"email": nobody, "display_name": "N", "password": "a long password", "lang": null}),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["code"], "invalid_body", "{problem}");
        assert!(problem["detail"].as_str().unwrap_or("").contains("leave the field out"), "{problem}");
        let (status, _) = app.login(&nobody, "a long password").await;
        assert_ne!(status, StatusCode::OK, "no account was made");
    }
}

api_test! {
    async fn every_language_is_accepted_in_the_preferences_and_the_page_saves_it(app) {
        let ann = app.player("ann").await;
        let patch = |body: Value| app.call(Method::PATCH, "/me/preferences", Some(&ann.token), Some(body));
        for code in ["it", "fr", "nl", "de", "ja", "EN"] {
            let (status, prefs) = patch(json!({"lang": code})).await;
            assert_eq!(status, StatusCode::OK, "{code}: {prefs}");
            assert_eq!(prefs["lang"], code.to_lowercase());
        }
        let (status, problem) = patch(json!({"lang": "pt"})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(problem["field"], "lang");

        // The page: the account's language is selected, and a choice is saved.
        let email = address("cleo");
        let mut cleo = Browser::new(&app);
        cleo.sign_up("Cleo", &email, "a long password").await;
        cleo.log_in(&email, "a long password").await;
        let page = cleo.get("/preferences").await;
        assert!(page.body.contains(r#"<option value="en" lang="en" selected>English</option>"#), "{}", page.body);
        let csrf = page.csrf();
        let saved = cleo
            .post(
                "/preferences",
                &[("csrf", &csrf), ("mail", "every_turn"), ("time_zone", "Europe/Paris"), ("talk", "with_turn"), ("lang", "fr")],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let page = cleo.get("/preferences").await;
        assert!(page.body.contains(r#"<option value="fr" lang="fr" selected>Français</option>"#));
        assert_eq!(prefs_of(&app, &email).await["lang"], "fr");
    }
}

/// `GET path` (or `method` with `body`) as `token`, asking for `accept_language`; the
/// status, the problem, and its `Content-Language`.
async fn asked(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
    accept_language: Option<&str>,
) -> (StatusCode, Value, Option<String>) {
    let mut req = app.client.request(method, format!("{}{path}", app.url));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    if let Some(langs) = accept_language {
        req = req.header(reqwest::header::ACCEPT_LANGUAGE, langs);
    }
    let res = req.send().await.expect("sent");
    let lang = res
        .headers()
        .get(reqwest::header::CONTENT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let (status, problem) = read(res).await;
    (status, problem, lang)
}

api_test! {
    async fn a_refusal_is_written_in_the_readers_language_with_the_same_code(app) {
        let ann = app.player("ann").await;
        let path = "/games?limit=0";
        let mut details = Vec::new();
        for (asks, lang, detail, title) in [
            (None, "en", "`limit` must be 1 to 500", "Bad Request"),
            (Some("en-GB"), "en", "`limit` must be 1 to 500", "Bad Request"),
            (Some("de-CH, fr;q=0.8"), "de", "`limit` muss 1 bis 500 sein", "Ungültige Anfrage"),
            (Some("ja"), "ja", "`limit` は 1 から 500 にしてください", "不正なリクエスト"),
        ] {
            let (status, problem, told_in) =
                asked(&app, Method::GET, path, Some(&ann.token), None, asks).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{problem}");
            assert_eq!(problem["code"], "invalid_query", "{asks:?}");
            assert_eq!(problem["type"], "/problems/invalid_query");
            assert_eq!(problem["status"], 400);
            assert_eq!(problem["detail"], detail, "{asks:?}");
            assert_eq!(problem["title"], title, "{asks:?}");
            assert_eq!(told_in.as_deref(), Some(lang), "{asks:?}");
            details.push(problem["detail"].clone());
        }

        // A refusal with no sentence of its own says its code's, and a path the server
        // does not know, or a method it does not allow, is told in the language too.
        let (status, problem, told_in) =
            asked(&app, Method::GET, "/games/nope", Some(&ann.token), None, Some("ja")).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::NOT_FOUND, Some("game_not_found")), "{problem}");
        assert_eq!(problem["detail"], "この ID のゲームはありません");
        assert_eq!(told_in.as_deref(), Some("ja"));
        let (status, problem, _) =
            asked(&app, Method::GET, "/nowhere", None, None, Some("de")).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")));
        assert_eq!(problem["detail"], "diesen Pfad gibt es nicht: /nowhere");
        let (status, problem, _) =
            asked(&app, Method::DELETE, "/health", None, None, Some("fr")).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::METHOD_NOT_ALLOWED, Some("method_not_allowed")), "{problem}");
        assert_eq!(problem["detail"], "DELETE n'est pas autorisé sur /health");
        assert_eq!(problem["title"], "Méthode non autorisée");

        // Without `Accept-Language`, the signed-in account's language; a header still wins.
        let (status, _) = app
            .call(Method::PATCH, "/me/preferences", Some(&ann.token), Some(json!({"lang": "ja"})))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, problem, told_in) = asked(&app, Method::GET, path, Some(&ann.token), None, None).await;
        assert_eq!((problem["detail"].as_str(), told_in.as_deref()), (Some("`limit` は 1 から 500 にしてください"), Some("ja")), "{problem}");
        let (_, problem, told_in) = asked(&app, Method::GET, path, Some(&ann.token), None, Some("it")).await;
        assert_eq!((problem["detail"].as_str(), told_in.as_deref()), (Some("`limit` deve essere da 1 a 500"), Some("it")), "{problem}");
        // No account, no header: English.
        let (_, problem, told_in) = asked(&app, Method::GET, "/games", None, None, None).await;
        assert_eq!((problem["code"].as_str(), told_in.as_deref()), (Some("missing_token"), Some("en")), "{problem}");
    }
}

api_test! {
    async fn a_rule_refusal_names_its_rule_and_says_it_in_italian(app) {
        let (id, players) = crate::games::started_game(&app, 2).await;
        let turn = json!({"expected_seq": 0, "turn": {"steps": [{"do": "discard", "slot": 9}]}});
        let path = format!("/games/{id}/turns");
        let (status, english, _) =
            asked(&app, Method::POST, &path, Some(&players[0].token), Some(turn.clone()), None).await;
        assert_eq!((status, english["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("rule_violation")), "{english}");
        let rule = english["rule"].as_str().expect("a rule").to_string();
        let (status, italian, told_in) =
            asked(&app, Method::POST, &path, Some(&players[0].token), Some(turn), Some("it-IT, en;q=0.5")).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{italian}");
        assert_eq!(told_in.as_deref(), Some("it"));
        assert_eq!(italian["code"], "rule_violation");
        assert_eq!(italian["rule"], rule.as_str());
        assert_eq!(italian["step"], english["step"]);
        assert_eq!(italian["title"], "Contenuto non elaborabile");
        let detail = italian["detail"].as_str().expect("a detail");
        assert!(detail.starts_with(&format!("{rule}: passo 1: ")), "{detail}");
        let message = italian["message"].as_str().expect("a message");
        assert!(detail.ends_with(message), "{italian}");
        assert_ne!(italian["message"], english["message"]);
        assert!(message.contains("tessere scoperte"), "{message}");
    }
}

api_test! {
    async fn the_board_picture_says_its_words_in_the_readers_language(app) {
        let (id, players) = crate::games::started_game(&app, 2).await;
        let svg = |asks: Option<&'static str>| {
            let mut req = app
                .client
                .get(format!("{}/games/{id}/board.svg", app.url))
                .bearer_auth(&players[0].token);
            if let Some(langs) = asks {
                req = req.header(reqwest::header::ACCEPT_LANGUAGE, langs);
            }
            async move {
                let res = req.send().await.expect("sent");
                assert_eq!(res.status(), StatusCode::OK);
                let lang = res.headers()["content-language"].to_str().unwrap().to_string();
                (lang, res.text().await.unwrap())
            }
        };
        let (lang, english) = svg(None).await;
        assert_eq!(lang, "en");
        assert!(english.contains(">Key</text>"), "{english}");
        let (lang, japanese) = svg(Some("ja")).await;
        assert_eq!(lang, "ja");
        assert!(japanese.contains(">凡例</text>") && !japanese.contains(">Key</text>"));
        // Without the header, the reader's own language.
        let (status, _) = app
            .call(Method::PATCH, "/me/preferences", Some(&players[0].token), Some(json!({"lang": "de"})))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (lang, german) = svg(None).await;
        assert_eq!(lang, "de");
        assert!(german.contains(">Legende</text>"), "{german}");
    }
}

/// Whether `page` is in the language `code` (its `<html lang>`).
fn in_lang(page: &crate::web::Page, code: &str) -> bool {
    page.body.contains(&format!("<html lang=\"{code}\">"))
}

api_test! {
    async fn every_page_is_in_the_address_s_language_else_the_account_s_else_the_browser_s(app) {
        // Signed out: the browser's language, English for one that asks for none of ours.
        let mut de = Browser::new(&app).speaking("de-CH, en;q=0.5");
        let login = de.get("/login").await;
        assert_eq!(login.status, StatusCode::OK);
        assert!(in_lang(&login, "de"), "{}", login.body);
        assert!(login.body.contains("<h1>Anmelden</h1>"), "{}", login.body);
        assert_eq!(login.headers.get("content-language").and_then(|v| v.to_str().ok()), Some("de"));
        assert!(!login.body.contains("Forgot your password?"), "{}", login.body);
        // The switcher: this page in every language, the current one marked.
        assert!(login.body.contains(r#"<a href="/login?lang=ja" hreflang="ja" lang="ja">日本語</a>"#), "{}", login.body);
        assert!(login.body.contains(r#"<strong aria-current="true" lang="de">Deutsch</strong>"#));
        let mut ja = Browser::new(&app).speaking("ja-JP, en;q=0.1");
        let welcome = ja.get("/").await;
        assert!(in_lang(&welcome, "ja") && welcome.body.contains("メールで遊ぶボードゲーム"), "{}", welcome.body);
        let mut plain = Browser::new(&app).speaking("pt-BR");
        let en = plain.get("/login").await;
        assert!(in_lang(&en, "en") && en.body.contains("<h1>Log in</h1>"), "{}", en.body);
        assert!(en.body.contains("Forgot your password?"));

        // `?lang=` switches, is remembered for the next pages, and keeps the rest of the
        // address; an unknown code changes nothing.
        let fr = de.get("/login?lang=fr&next=%2Fpreferences").await;
        assert!(in_lang(&fr, "fr") && fr.body.contains("<h1>Se connecter</h1>"), "{}", fr.body);
        assert!(fr.set_cookies().iter().any(|c| c.starts_with("hermes_lang=fr") && c.contains("HttpOnly")), "{:?}", fr.set_cookies());
        assert!(fr.body.contains(r#"href="/login?next=%2Fpreferences&amp;lang=nl""#), "{}", fr.body);
        let next = de.get("/signup").await;
        assert!(in_lang(&next, "fr") && next.body.contains("Déjà un compte ?"), "{}", next.body);
        let odd = de.get("/signup?lang=xx").await;
        assert!(in_lang(&odd, "fr"), "{}", odd.body);
        let back = de.get("/signup?lang=de").await;
        assert!(in_lang(&back, "de"), "{}", back.body);
        // An error page too.
        let missing = de.get("/join/NOSUCHCODE").await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert!(in_lang(&missing, "de") && missing.body.contains("Kein solches Spiel"), "{}", missing.body);

        // A signed-in reader whose account is in German, with an English browser: German
        // pages (the lobby, the preferences, the game page) without asking.
        let email = address("greta");
        let mut greta = Browser::new(&app).speaking("en-GB");
        greta.sign_up("Greta", &email, "a long password").await;
        greta.log_in(&email, "a long password").await;
        let page = greta.get("/preferences").await;
        assert!(in_lang(&page, "en"), "English until the account says otherwise");
        let csrf = page.csrf();
        let saved = greta
            .post(
                "/preferences",
                &[("csrf", &csrf), ("mail", "every_turn"), ("time_zone", "Europe/Berlin"), ("talk", "with_turn"), ("lang", "de")],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let prefs = greta.get("/preferences?saved=1").await;
        assert!(in_lang(&prefs, "de") && prefs.body.contains("Gespeichert."), "{}", prefs.body);
        let lobby = greta.get("/").await;
        assert!(in_lang(&lobby, "de") && lobby.body.contains("<h1>Deine Spiele</h1>"), "{}", lobby.body);
        assert!(!lobby.body.contains("Your games"), "{}", lobby.body);

        // Her game, from her session and from her turn link in a browser without one.
        let (status, login) = app.login(&email, "a long password").await;
        assert_eq!(status, StatusCode::OK, "{login}");
        let token = login["access_token"].as_str().expect("a token").to_string();
        let (status, me) = app.get("/me", &token).await;
        assert_eq!(status, StatusCode::OK, "{me}");
        let greta_id = me["id"].as_str().expect("an id").to_string();
        let bob = app.player("bob").await;
        let (status, game) = app
            .post("/games", &token, json!({"kind": "gods", "seats": 2, "random_seats": false}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().expect("an id").to_string();
        let code = game["join_code"].as_str().expect("a code").to_string();
        let (status, body) = app.post(&format!("/games/{id}/join"), &bob.token, json!({"code": code})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let play = greta.get(&format!("/games/{id}/play")).await;
        assert_eq!(play.status, StatusCode::OK, "{}", play.body);
        assert!(in_lang(&play, "de") && play.body.contains("Die Spielfläche"), "{}", play.body);
        assert!(play.body.contains("Du bist dran."), "{}", play.body);
        // A turn the rules refuse: the page says why in German, the rule id unchanged.
        let (_, g) = app.get(&format!("/games/{id}"), &token).await;
        let refused = greta
            .post(
                &format!("/games/{id}/play"),
                &[("notation", "temple at 9,9"), ("expected_seq", &g["seq"].to_string()), ("csrf", &play.csrf())],
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
        assert!(in_lang(&refused, "de"), "{}", refused.body);
        assert!(refused.body.contains(": Schritt 1: "), "{}", refused.body);
        assert!(refused.body.contains("href=\"/rules/gods#G-"), "{}", refused.body);
        assert!(!refused.body.contains(": step 1: "), "{}", refused.body);
        let keys = hermes_api::auth::jwt::Keys::new(
            crate::helpers::JWT_SECRET.as_bytes(),
            crate::helpers::PUBLIC_URL,
        );
        let link = hermes_api::links::turn_link(&keys, crate::helpers::PUBLIC_URL, &greta_id, &id)
            .expect("a link");
        let path = link.strip_prefix(crate::helpers::PUBLIC_URL).expect("on the public URL");
        let mut elsewhere = Browser::new(&app).speaking("en-US");
        let from_mail = elsewhere.get(path).await;
        assert_eq!(from_mail.status, StatusCode::OK, "{}", from_mail.body);
        assert!(in_lang(&from_mail, "de") && from_mail.body.contains("Du bist dran."), "{}", from_mail.body);
        // The switcher keeps the link's token, so the page opens in the language chosen.
        let switched = elsewhere.get(&format!("{path}&lang=it")).await;
        assert!(in_lang(&switched, "it") && switched.body.contains("Tocca a te."), "{}", switched.body);
        assert!(switched.body.contains("?token="), "{}", switched.body);
        // The address beats the account for her too, and is remembered.
        let chosen = greta.get("/?lang=ja").await;
        assert!(in_lang(&chosen, "ja") && chosen.body.contains("あなたのゲーム"), "{}", chosen.body);
        let still = greta.get("/preferences").await;
        assert!(in_lang(&still, "ja"), "{}", still.body);
    }
}
