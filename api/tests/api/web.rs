//! Accounts in the browser, over HTTP: the session cookie, CSRF on every form, log in and
//! out, sign up, a forgotten password. Pages are read as text; cookies are carried by hand
//! (as a browser would), so each test says exactly which cookie a request has.

use crate::api_test;
use crate::helpers::TestApp;
use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};
use reqwest::{Method, StatusCode};
use std::collections::BTreeMap;
use std::time::Duration;

/// A browser of one person: its own cookie jar, no redirects followed.
pub struct Browser<'a> {
    app: &'a TestApp,
    client: reqwest::Client,
    pub cookies: BTreeMap<String, String>,
    accept_language: Option<String>,
}

/// An answer read as text.
pub struct Page {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
}

impl Page {
    pub fn location(&self) -> &str {
        self.headers
            .get(LOCATION)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The value of the hidden `csrf` field of the page's (first) form.
    pub fn csrf(&self) -> String {
        field_value(&self.body, "csrf").expect("a csrf field")
    }

    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all(SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok().map(str::to_string))
            .collect()
    }
}

/// The `value` of the input named `name` (as the page templates write inputs).
pub fn field_value(html: &str, name: &str) -> Option<String> {
    let at = html.find(&format!("name=\"{name}\" value=\""))?;
    let rest = &html[at + name.len() + 15..];
    rest.split('"').next().map(|v| v.replace("&amp;", "&"))
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Browser<'a> {
        Browser {
            app,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("client"),
            cookies: BTreeMap::new(),
            accept_language: None,
        }
    }

    /// The browser asks for these languages (`Accept-Language`) on every request.
    pub fn speaking(mut self, accept_language: &str) -> Browser<'a> {
        self.accept_language = Some(accept_language.to_string());
        self
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    pub async fn send(
        &mut self,
        method: Method,
        path: &str,
        form: Option<&[(&str, &str)]>,
        bearer: Option<&str>,
    ) -> Page {
        let mut req = self
            .client
            .request(method, format!("{}{path}", self.app.url));
        if !self.cookies.is_empty() {
            req = req.header(COOKIE, self.cookie_header());
        }
        if let Some(langs) = &self.accept_language {
            req = req.header(reqwest::header::ACCEPT_LANGUAGE, langs.as_str());
        }
        if let Some(t) = bearer {
            req = req.bearer_auth(t);
        }
        if let Some(f) = form {
            let body: String = url::form_urlencoded::Serializer::new(String::new())
                .extend_pairs(f.iter())
                .finish();
            req = req
                .header("content-type", "application/x-www-form-urlencoded")
                .body(body);
        }
        let res = req.send().await.expect("sent");
        let page = Page {
            status: res.status(),
            headers: res.headers().clone(),
            body: res.text().await.expect("body"),
        };
        for c in page.set_cookies() {
            let pair = c.split(';').next().unwrap_or("");
            if let Some((k, v)) = pair.split_once('=') {
                let removal = c.contains("Max-Age=0") || v.is_empty();
                if removal {
                    self.cookies.remove(k);
                } else {
                    self.cookies.insert(k.to_string(), v.to_string());
                }
            }
        }
        page
    }

    pub async fn get(&mut self, path: &str) -> Page {
        self.send(Method::GET, path, None, None).await
    }

    pub async fn post(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        self.send(Method::POST, path, Some(form), None).await
    }

    /// Sign up through the page: the address confirmed or not, logged in or not.
    pub async fn sign_up(&mut self, name: &str, email: &str, password: &str) -> Page {
        let form = self.get("/signup").await;
        assert_eq!(form.status, StatusCode::OK, "{}", form.body);
        let csrf = form.csrf();
        self.post(
            "/signup",
            &[
                ("csrf", &csrf),
                ("display_name", name),
                ("email", email),
                ("password", password),
                ("next", "/"),
            ],
        )
        .await
    }

    /// Log in through the page; asserts it worked (303 and a session cookie).
    pub async fn log_in(&mut self, email: &str, password: &str) {
        let form = self.get("/login").await;
        let csrf = form.csrf();
        let done = self
            .post(
                "/login",
                &[("csrf", &csrf), ("email", email), ("password", password)],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
        assert!(self.cookies.contains_key("hermes_session"));
    }
}

/// A fresh address.
pub fn address(name: &str) -> String {
    format!(
        "{name}.{}@example.org",
        hex::encode(rand::random::<[u8; 6]>())
    )
}

/// The text of the newest mail to `to` whose subject contains `subject`, waited for.
pub async fn mail_to(app: &TestApp, to: &str, subject: &str) -> String {
    for _ in 0..200 {
        if let Ok(dir) = std::fs::read_dir(app.mail_dir()) {
            let mut files: Vec<_> = dir.filter_map(Result::ok).map(|e| e.path()).collect();
            files.sort();
            for f in files.iter().rev() {
                if f.extension().is_none_or(|e| e != "eml") {
                    continue;
                }
                let raw = std::fs::read(f).expect("read mail");
                let parsed = mailparse::parse_mail(&raw).expect("parse mail");
                let header = |n: &str| {
                    parsed
                        .headers
                        .iter()
                        .find(|h| h.get_key().eq_ignore_ascii_case(n))
                        .map(|h| h.get_value())
                        .unwrap_or_default()
                };
                if header("To").contains(to) && header("Subject").contains(subject) {
                    let text = parsed
                        .subparts
                        .iter()
                        .flat_map(|p| std::iter::once(p).chain(p.subparts.iter()))
                        .find(|p| p.ctype.mimetype == "text/plain")
                        .map(|p| p.get_body().expect("body"))
                        .unwrap_or_else(|| parsed.get_body().expect("body"));
                    return text;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no mail to {to} about {subject:?}");
}

/// The first link in `text` to a path starting with `prefix`, as a path on the server.
pub fn link_in(text: &str, prefix: &str) -> String {
    let at = text
        .find(&format!("{}{prefix}", crate::helpers::PUBLIC_URL))
        .unwrap_or_else(|| panic!("no {prefix} link in:\n{text}"));
    text[at + crate::helpers::PUBLIC_URL.len()..]
        .split_whitespace()
        .next()
        .expect("a link")
        .to_string()
}

api_test! {
    async fn the_login_page_sets_a_strict_session_cookie_that_the_bearer_api_refuses(app) {
        let email = address("ada");
        let mut ada = Browser::new(&app);
        let signed = ada.sign_up("Ada", &email, "a long password").await;
        assert_eq!(signed.status, StatusCode::OK, "{}", signed.body);
        assert!(signed.body.contains("Check your mail"));
        let form = ada.get("/login?next=/join/ABC").await;
        let csrf = form.csrf();
        let done = ada
            .post(
                "/login",
                &[
                    ("csrf", &csrf),
                    ("email", &email),
                    ("password", "a long password"),
                    ("next", "/join/ABC"),
                ],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
        assert_eq!(done.location(), "/join/ABC");
        let set = done
            .set_cookies()
            .into_iter()
            .find(|c| c.starts_with("hermes_session="))
            .expect("a session cookie");
        for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
            assert!(set.contains(attribute), "{set}");
        }
        // The test server's public URL is http: no Secure (it would never be sent back).
        assert!(!set.contains("Secure"), "{set}");
        let value = ada.cookies["hermes_session"].clone();
        assert_eq!(value.len(), 64);
        // Only a hash of it is stored.
        let stored: Vec<String> = {
            use diesel::prelude::*;
            use hermes_api::store::schema::web_sessions;
            let mut conn = app.state.db.pool.get().expect("conn");
            web_sessions::table.select(web_sessions::id).load(&mut conn).expect("sessions")
        };
        assert_eq!(stored.len(), 1);
        assert_ne!(stored[0], value);
        // The JSON API does not take the cookie: 401 as with no credentials at all.
        for path in ["/me", "/games", "/me/preferences"] {
            let res = app
                .client
                .get(format!("{}{path}", app.url))
                .header(COOKIE, format!("hermes_session={value}"))
                .send()
                .await
                .expect("sent");
            assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{path}");
        }
        // The login page, signed in, sends the browser on.
        let again = ada.get("/login").await;
        assert_eq!(again.status, StatusCode::SEE_OTHER);
        assert_eq!(again.location(), "/");
    }
}

api_test! {
    async fn a_form_post_without_its_csrf_token_is_refused_and_changes_nothing(app) {
        let email = address("bo");
        let mut bo = Browser::new(&app);
        bo.sign_up("Bo", &email, "a long password").await;
        // Without a token, with another browser's token, with none of the cookie: 403.
        let form = bo.get("/login").await;
        let csrf = form.csrf();
        let no_token = bo
            .post("/login", &[("email", &email), ("password", "a long password")])
            .await;
        assert_eq!(no_token.status, StatusCode::FORBIDDEN, "{}", no_token.body);
        assert!(no_token.body.contains("This form has expired"));
        assert!(!bo.cookies.contains_key("hermes_session"));
        let mut stranger = Browser::new(&app);
        let theirs = stranger.get("/login").await.csrf();
        assert_ne!(theirs, csrf);
        let wrong = bo
            .post(
                "/login",
                &[("csrf", &theirs), ("email", &email), ("password", "a long password")],
            )
            .await;
        assert_eq!(wrong.status, StatusCode::FORBIDDEN);
        // A cross-site form: the field, but the browser did not send our cookie.
        let mut cross = Browser::new(&app);
        let forged = cross
            .post(
                "/login",
                &[("csrf", &csrf), ("email", &email), ("password", "a long password")],
            )
            .await;
        assert_eq!(forged.status, StatusCode::FORBIDDEN);

        // Signed in, a form needs the session's token, not the signed-out one.
        bo.log_in(&email, "a long password").await;
        let logout = bo.post("/logout", &[("csrf", &csrf)]).await;
        assert_eq!(logout.status, StatusCode::FORBIDDEN, "{}", logout.body);
        assert_eq!(bo.get("/login").await.status, StatusCode::SEE_OTHER, "still signed in");
        let bare = bo.post("/logout", &[]).await;
        assert_eq!(bare.status, StatusCode::FORBIDDEN);
        // A bearer token is no session: with it and no cookie, a form acts for nobody.
        let token = app.login(&email, "a long password").await.1["access_token"]
            .as_str()
            .expect("token")
            .to_string();
        let mut api_client = Browser::new(&app);
        let with_bearer = api_client
            .send(Method::POST, "/logout", Some(&[("csrf", &csrf)]), Some(&token))
            .await;
        assert_eq!(with_bearer.status, StatusCode::SEE_OTHER);
        assert_eq!(bo.get("/login").await.status, StatusCode::SEE_OTHER, "still signed in");
    }
}

api_test! {
    async fn logging_out_revokes_the_session_on_the_server(app) {
        let email = address("cy");
        let mut cy = Browser::new(&app);
        cy.sign_up("Cy", &email, "a long password").await;
        cy.log_in(&email, "a long password").await;
        let old = cy.cookies["hermes_session"].clone();
        let page = cy.get("/password/forgot").await;
        let csrf = page.csrf();
        let out = cy.post("/logout", &[("csrf", &csrf)]).await;
        assert_eq!(out.status, StatusCode::SEE_OTHER, "{}", out.body);
        assert!(!cy.cookies.contains_key("hermes_session"), "the cookie is cleared");
        // The old value, replayed (copied before the logout), no longer signs anyone in.
        cy.cookies.insert("hermes_session".into(), old);
        let form = cy.get("/login").await;
        assert_eq!(form.status, StatusCode::OK, "signed out: the form, not a redirect");
    }
}

api_test! {
    async fn a_wrong_password_on_the_login_page_is_a_401_page_that_keeps_the_address(app) {
        let email = address("di");
        let mut di = Browser::new(&app);
        di.sign_up("Di", &email, "a long password").await;
        let csrf = di.get("/login").await.csrf();
        let wrong = di
            .post(
                "/login",
                &[("csrf", &csrf), ("email", &email), ("password", "not the password")],
            )
            .await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
        assert!(wrong.body.contains("Wrong email or password."));
        assert!(wrong.body.contains(&email));
        let unknown = di
            .post(
                "/login",
                &[("csrf", &csrf), ("email", "nobody@example.org"), ("password", "a long password")],
            )
            .await;
        assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
        // `next` never leads to another host.
        di.log_in(&email, "a long password").await;
        let mut other = Browser::new(&app);
        let csrf = other.get("/login").await.csrf();
        let away = other
            .post(
                "/login",
                &[
                    ("csrf", &csrf),
                    ("email", &email),
                    ("password", "a long password"),
                    ("next", "//evil.example/"),
                ],
            )
            .await;
        assert_eq!(away.location(), "/");
    }
}

api_test! {
    async fn a_forgotten_password_is_reset_once_by_the_mailed_link(app) {
        let email = address("eve");
        let mut eve = Browser::new(&app);
        eve.sign_up("Eve", &email, "the old password").await;
        eve.log_in(&email, "the old password").await;
        let mut other = Browser::new(&app);
        // Same page for an address with no account, and no mail.
        let csrf = other.get("/password/forgot").await.csrf();
        let nobody = other
            .post("/password/forgot", &[("csrf", &csrf), ("email", "nobody.here@example.org")])
            .await;
        let asked = other
            .post("/password/forgot", &[("csrf", &csrf), ("email", &email)])
            .await;
        assert_eq!(asked.status, StatusCode::OK);
        assert_eq!(nobody.status, StatusCode::OK);
        assert_eq!(
            nobody.body.replace("nobody.here@example.org", "X"),
            asked.body.replace(&email, "X"),
        );
        let mail = mail_to(&app, &email, "Set a new Hermes password").await;
        let link = link_in(&mail, "/password/reset?token=");
        let form = other.get(&link).await;
        assert_eq!(form.status, StatusCode::OK, "{}", form.body);
        let csrf = form.csrf();
        let differ = other
            .post(
                &link,
                &[("csrf", &csrf), ("password", "the new password"), ("password_again", "another")],
            )
            .await;
        assert_eq!(differ.status, StatusCode::UNPROCESSABLE_ENTITY);
        let no_csrf = other
            .post(&link, &[("password", "the new password"), ("password_again", "the new password")])
            .await;
        assert_eq!(no_csrf.status, StatusCode::FORBIDDEN);
        let done = other
            .post(
                &link,
                &[("csrf", &csrf), ("password", "the new password"), ("password_again", "the new password")],
            )
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
        assert!(done.body.contains("Password set"));
        // Once: the link now matches nothing.
        let again = other.get(&link).await;
        assert_eq!(again.status, StatusCode::FORBIDDEN);
        assert!(again.body.contains("This link has been used"));
        assert_eq!(app.login(&email, "the old password").await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(app.login(&email, "the new password").await.0, StatusCode::OK);
        // Eve's browser was logged out by the reset.
        assert_eq!(eve.get("/login").await.status, StatusCode::OK);
        // And the mail reached the address: it is confirmed.
        let token = app.login(&email, "the new password").await.1["access_token"]
            .as_str()
            .expect("token")
            .to_string();
        assert_eq!(app.get("/me", &token).await.1["email_verified"], true);
    }
}

api_test! {
    async fn the_preferences_and_vacation_pages_save_through_the_api_and_need_a_session(app) {
        let email = address("fay");
        let mut fay = Browser::new(&app);
        fay.sign_up("Fay", &email, "a long password").await;
        // Signed out (a mail's link opened in a fresh browser): to the log-in page and back.
        let out = fay.get("/preferences").await;
        assert_eq!(out.status, StatusCode::SEE_OTHER);
        assert_eq!(out.location(), "/login?next=%2Fpreferences");
        fay.log_in(&email, "a long password").await;
        let page = fay.get("/preferences").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let csrf = page.csrf();
        let bad = fay
            .post("/preferences", &[("csrf", &csrf), ("mail", "none"), ("time_zone", "Mars/Olympus")])
            .await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
        let no_csrf = fay.post("/preferences", &[("mail", "none")]).await;
        assert_eq!(no_csrf.status, StatusCode::FORBIDDEN);
        let saved = fay
            .post("/preferences", &[("csrf", &csrf), ("mail", "none"), ("time_zone", "europe/berlin")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let token = app.login(&email, "a long password").await.1["access_token"]
            .as_str()
            .expect("token")
            .to_string();
        let (_, prefs) = app.get("/me/preferences", &token).await;
        assert_eq!(prefs["mail"], "none");
        assert_eq!(prefs["time_zone"], "Europe/Berlin");
        // Re-subscribing is choosing a mail again.
        fay.post("/preferences", &[("csrf", &csrf), ("mail", "digest")]).await;
        assert_eq!(app.get("/me/preferences", &token).await.1["mail"], "digest");

        let until = (chrono::Utc::now() + chrono::Duration::days(3)).format("%Y-%m-%d").to_string();
        let started = fay.post("/vacation", &[("csrf", &csrf), ("until", &until)]).await;
        assert_eq!(started.status, StatusCode::SEE_OTHER, "{}", started.body);
        let (_, v) = app.get("/me/vacation", &token).await;
        assert_eq!(v["on_vacation"], true);
        let page = fay.get("/vacation").await;
        assert!(page.body.contains("You are on vacation until"), "{}", page.body);
        // In Fay's zone: the start of that day in Berlin.
        assert!(page.body.contains("CET") || page.body.contains("CEST"), "{}", page.body);
        let past = fay.post("/vacation", &[("csrf", &csrf), ("until", "2001-01-01")]).await;
        assert_eq!(past.status, StatusCode::UNPROCESSABLE_ENTITY);
        let ended = fay.post("/vacation", &[("csrf", &csrf), ("end", "1")]).await;
        assert_eq!(ended.status, StatusCode::SEE_OTHER);
        assert_eq!(app.get("/me/vacation", &token).await.1["on_vacation"], false);
    }
}

api_test! {
    async fn the_lobby_creates_and_invites_through_the_api_and_a_bearer_token_posts_no_form(app) {
        let email = address("gus");
        let mut gus = Browser::new(&app);
        gus.sign_up("Gus", &email, "a long password").await;
        let token = app.login(&email, "a long password").await.1["access_token"]
            .as_str()
            .expect("token")
            .to_string();
        // A bearer token and no cookie: nobody is signed in, nothing is created.
        let mut api_client = Browser::new(&app);
        let forged = api_client
            .send(Method::POST, "/lobby/games", Some(&[("kind", "gods"), ("seats", "2")]), Some(&token))
            .await;
        assert_eq!(forged.status, StatusCode::UNAUTHORIZED);
        assert_eq!(app.get("/games", &token).await.1["games"].as_array().map(Vec::len), Some(0));

        gus.log_in(&email, "a long password").await;
        let lobby = gus.get("/").await;
        assert_eq!(lobby.status, StatusCode::OK);
        assert!(lobby.body.contains("Your games"));
        let csrf = lobby.csrf();
        let refused = gus
            .post("/lobby/games", &[("csrf", &csrf), ("kind", "gods"), ("seats", "9")])
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(refused.body.contains("Gods is for 2 to 4 players"), "{}", refused.body);
        let no_csrf = gus.post("/lobby/games", &[("kind", "gods"), ("seats", "2")]).await;
        assert_eq!(no_csrf.status, StatusCode::FORBIDDEN);
        let made = gus
            .post(
                "/lobby/games",
                &[("csrf", &csrf), ("kind", "dreams"), ("seats", "3"), ("watchers", "invited"), ("turn_hours", "24")],
            )
            .await;
        assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
        let (_, games) = app.get("/games", &token).await;
        let game = &games["games"][0];
        assert_eq!(game["kind"], "dreams");
        assert_eq!(game["watchers"], "invited");
        assert_eq!(game["turn_hours"], 24);
        let id = game["id"].as_str().expect("id").to_string();
        let invited = gus
            .post("/lobby/invite", &[("csrf", &csrf), ("game", &id), ("email", "Hal@Example.org")])
            .await;
        assert_eq!(invited.status, StatusCode::SEE_OTHER, "{}", invited.body);
        let lobby = gus.get(invited.location()).await;
        assert!(lobby.body.contains("hal@example.org is invited."), "{}", lobby.body);
        let watcher = gus
            .post("/lobby/spectators", &[("csrf", &csrf), ("game", &id), ("email", "ivy@example.org")])
            .await;
        assert_eq!(watcher.status, StatusCode::SEE_OTHER, "{}", watcher.body);
        // Another user's lobby form cannot invite to Gus's game.
        let other = address("jo");
        let mut jo = Browser::new(&app);
        jo.sign_up("Jo", &other, "a long password").await;
        jo.log_in(&other, "a long password").await;
        let jo_csrf = jo.get("/").await.csrf();
        let not_theirs = jo
            .post("/lobby/invite", &[("csrf", &jo_csrf), ("game", &id), ("email", "kim@example.org")])
            .await;
        assert_eq!(not_theirs.status, StatusCode::NOT_FOUND, "{}", not_theirs.body);
    }
}

/// The part of a lobby page from the heading `from` to the next heading.
fn section<'b>(body: &'b str, from: &str) -> &'b str {
    let heading = format!("<h2>{from}</h2>");
    let start = body
        .find(&heading)
        .unwrap_or_else(|| panic!("no {heading}: {body}"));
    let rest = &body[start + heading.len()..];
    &rest[..rest.find("<h2>").unwrap_or(rest.len())]
}

api_test! {
    async fn the_lobby_shows_the_last_finished_games_and_the_newest_games_to_watch(app) {
        let email = address("lea");
        let mut lea = Browser::new(&app);
        lea.sign_up("Lea", &email, "a long password").await;
        lea.log_in(&email, "a long password").await;
        let lea_token = app.login(&email, "a long password").await.1["access_token"]
            .as_str()
            .expect("token")
            .to_string();
        let max = app.player("max").await;
        let ned = app.player("ned").await;
        // A two-seat Gods game of `creator` that `other` joins: it runs.
        let started = |creator: String, other: String| {
            let app = &app;
            async move {
                let (status, g) = app.post("/games", &creator, serde_json::json!({"kind": "gods", "seats": 2})).await;
                assert_eq!(status, StatusCode::CREATED, "{g}");
                let id = g["id"].as_str().expect("id").to_string();
                let (status, j) = app
                    .post(&format!("/games/{id}/join"), &other, serde_json::json!({"code": g["join_code"]}))
                    .await;
                assert_eq!(status, StatusCode::OK, "{j}");
                id
            }
        };
        // Twelve games of Lea's end (aborted), one after the other; one more runs.
        let mut finished = Vec::new();
        for _ in 0..12 {
            let id = started(lea_token.clone(), max.token.clone()).await;
            let (status, g) = app.post(&format!("/games/{id}/abort"), &lea_token, serde_json::json!({})).await;
            assert_eq!(status, StatusCode::OK, "{g}");
            finished.push(id);
        }
        let playing = started(lea_token.clone(), max.token.clone()).await;
        // Three games Lea does not play, open to anyone signed in, started in this order.
        let mut others = Vec::new();
        for _ in 0..3 {
            others.push(started(max.token.clone(), ned.token.clone()).await);
        }

        let lobby = lea.get("/").await;
        assert_eq!(lobby.status, StatusCode::OK);
        // The ten that ended last, the last first; the two oldest are left out.
        let over = section(&lobby.body, "Finished");
        let shown: Vec<usize> = finished
            .iter()
            .map(|id| over.find(id.as_str()).map_or(usize::MAX, |at| at))
            .collect();
        assert!(shown[..2].iter().all(|&at| at == usize::MAX), "the two oldest are left out: {over}");
        assert!(shown[2..].iter().all(|&at| at != usize::MAX), "the ten newest are shown: {over}");
        assert!(shown[2..].windows(2).all(|w| w[0] > w[1]), "the last ended first: {shown:?}");
        // Games to watch: the others' games, the newest started first, never one of hers.
        let watch = section(&lobby.body, "Games to watch");
        let at: Vec<usize> = others
            .iter()
            .map(|id| watch.find(id.as_str()).unwrap_or_else(|| panic!("{id} to watch: {watch}")))
            .collect();
        assert!(at[2] < at[1] && at[1] < at[0], "the newest started first: {at:?}");
        assert!(!watch.contains(&playing), "her own game is not one to watch: {watch}");
        assert!(lobby.body.contains(&playing), "her running game is among hers");
    }
}
