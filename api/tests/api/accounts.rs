//! Registering, logging in, access tokens and the login rate limits.

use crate::api_test;
use crate::helpers::{
    mint, personal_token, reset_password, Player, TestApp, JWT_SECRET, PUBLIC_URL,
};
use diesel::prelude::*;
use hermes_api::auth::jwt::{Keys, Purpose};
use hermes_api::store::{self, schema};
use reqwest::{Method, StatusCode};
use serde_json::json;

api_test!(
    async fn a_registered_user_logs_in_and_reads_themselves(app) {
        let (status, answer) = app.register("Ann@Example.org", "a long password").await;
        assert_eq!(status, StatusCode::ACCEPTED);
        assert_eq!(answer["email"], "ann@example.org");
        assert!(answer.get("password_hash").is_none());
        let (status, login) = app.login("ann@example.org", "a long password").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(login["token_type"], "Bearer");
        assert_eq!(login["expires_in"], 15 * 60);
        assert_eq!(login["user"]["email"], "ann@example.org");
        let (status, me) = app.get("/me", login["access_token"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(me["id"], login["user"]["id"]);
        assert_eq!(me["display_name"], "Ann");
    }
);

/// The templates of the mails in the outbox to `addr`, oldest first.
fn mails_to(app: &TestApp, addr: &str) -> Vec<String> {
    let pool = store::open(&app.database_url, 1).expect("database");
    let mut conn = pool.get().expect("connection");
    schema::outbox::table
        .filter(schema::outbox::to_addr.eq(addr))
        .order(schema::outbox::created_at.asc())
        .select(schema::outbox::template)
        .load(&mut *conn)
        .expect("outbox")
}

api_test!(
    async fn registration_answers_alike_whether_or_not_the_address_has_an_account(app) {
        let (status, first) = app.register("bob@example.org", "a long password").await;
        assert_eq!(status, StatusCode::ACCEPTED, "{first}");
        // Again, in another spelling and with another password: the same answer, and
        // nothing about the account changes.
        let (status, again) = app.register(" BOB@example.org", "another password").await;
        assert_eq!(status, StatusCode::ACCEPTED, "{again}");
        assert_eq!(again, first, "the answer does not tell that the address has an account");
        let (status, _) = app.login("bob@example.org", "another password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = app.login("bob@example.org", "a long password").await;
        assert_eq!(status, StatusCode::OK);
        // Only the owner learns of it, by mail, once a day however often it is tried.
        let (status, _) = app.register("bob@example.org", "a third password").await;
        assert_eq!(status, StatusCode::ACCEPTED);
        assert_eq!(mails_to(&app, "bob@example.org"), ["welcome", "register_attempt"]);
    }
);

api_test!(
    async fn a_bad_email_name_or_short_password_is_refused_with_422(app) {
        for bad in ["not-an-email", "<a@b.org>", "a@b@c.org", "Ann <a@b.org>", "a@b", "a@[127.0.0.1]", "a b@c.org"] {
            let (status, body) = app.register(bad, "a long password").await;
            assert_eq!(
                (status, body["code"].as_str(), body["field"].as_str()),
                (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_email"), Some("email")),
                "{bad}: {body}"
            );
        }
        let (status, body) = app.register("c@example.org", "short").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("weak_password")));
        let body = json!({"email": "c@example.org", "display_name": "  ", "password": "a long password"});
        let (status, body) = app.call(Method::POST, "/users", None, Some(body)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_display_name")));
    }
);

api_test!(
    async fn an_invitation_to_a_malformed_address_is_refused_with_422_naming_the_field(app) {
        let ann = app.player("ann").await;
        let (status, body) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 2, "invite": ["ok@example.org", "a@b@c.org"]}))
            .await;
        assert_eq!(
            (status, body["code"].as_str(), body["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_email"), Some("invite")),
            "{body}"
        );
        let (_, game) = app.post("/games", &ann.token, json!({"kind": "gods", "seats": 2})).await;
        let id = game["id"].as_str().unwrap();
        let (status, body) = app
            .post(&format!("/games/{id}/invites"), &ann.token, json!({"email": "<v@example.org>"}))
            .await;
        assert_eq!(
            (status, body["code"].as_str(), body["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_email"), Some("email")),
            "{body}"
        );
    }
);

api_test!(
    async fn registrations_beyond_the_per_address_limit_get_429_with_retry_after(app)
    with |s| s.register_per_ip_per_hour = 2; {
        for i in 0..2 {
            let (status, _) = app.register(&format!("r{i}@example.org"), "a long password").await;
            assert_eq!(status, StatusCode::ACCEPTED);
        }
        let res = app
            .client
            .post(format!("{}/users", app.url))
            .json(&json!({"email": "r9@example.org", "display_name": "r9", "password": "a long password"}))
            .send()
            .await
            .unwrap();
        let wait: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!(wait > 60, "one registration more every 30 minutes: {wait}");
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")));
        let (status, _) = app.login("r9@example.org", "a long password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "no account was made");
    }
);

api_test!(
    async fn a_login_with_a_wrong_password_or_unknown_email_is_rejected_with_401(app) {
        app.register("dan@example.org", "a long password").await;
        let (status, body) = app.login("dan@example.org", "a wrong password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "invalid_credentials");
        let (status, body) = app.login("nobody@example.org", "a long password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "invalid_credentials");
    }
);

/// A client that connects from `ip` (any 127.0.0.0/8 address reaches the test server).
fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from(ip))
        .build()
        .unwrap()
}

async fn login_from(
    app: &TestApp,
    client: &reqwest::Client,
    email: &str,
    password: &str,
) -> reqwest::Response {
    client
        .post(format!("{}/auth/login", app.url))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
}

api_test!(
    async fn a_stranger_guessing_a_password_is_braked_without_locking_the_owner_out(app)
    // One a minute: the quota refills one attempt a minute, far slower than a (slow,
    // debug-built) password check, so the second attempt is surely past it.
    with |s| s.login_per_email_per_minute = 1; {
        app.register("eve@example.org", "a long password").await;
        let stranger = client_from([127, 0, 0, 2]);
        let res = login_from(&app, &stranger, "eve@example.org", "a wrong password").await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        let res = login_from(&app, &stranger, "EVE@example.org", "a long password").await;
        assert!(res.headers().contains_key("retry-after"));
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(body["code"], "rate_limited");
        // The owner, from their own address, logs in as usual.
        let owner = client_from([127, 0, 0, 3]);
        let res = login_from(&app, &owner, "eve@example.org", "a long password").await;
        assert_eq!(res.status(), StatusCode::OK);
        // And the stranger may still try other addresses (the per-address limit is higher).
        let res = login_from(&app, &stranger, "other@example.org", "a long password").await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
);

api_test!(
    async fn login_attempts_beyond_the_per_ip_limit_get_429(app)
    with |s| s.login_per_ip_per_minute = 2; {
        for i in 0..2 {
            let (status, _) = app.login(&format!("u{i}@example.org"), "a long password").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        let (status, body) = app.login("u9@example.org", "a long password").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(body["code"], "rate_limited");
    }
);

async fn me_status(app: &crate::helpers::TestApp, auth: Option<&str>) -> (StatusCode, String) {
    let mut req = app.client.get(format!("{}/me", app.url));
    if let Some(a) = auth {
        req = req.header("authorization", a);
    }
    let (status, body) = crate::helpers::read(req.send().await.unwrap()).await;
    (
        status,
        body["code"].as_str().unwrap_or_default().to_string(),
    )
}

api_test!(
    async fn a_request_without_a_valid_access_token_is_rejected_with_401(app) {
        let ann: Player = app.player("ann").await;
        let unauthorized = StatusCode::UNAUTHORIZED;
        assert_eq!(me_status(&app, None).await, (unauthorized, "missing_token".into()));
        assert_eq!(me_status(&app, Some("Basic abc")).await, (unauthorized, "invalid_token".into()));
        assert_eq!(me_status(&app, Some("Bearer garbage")).await, (unauthorized, "invalid_token".into()));
        let expired = mint(Purpose::Access, &ann.id, chrono::Duration::minutes(-5));
        assert_eq!(me_status(&app, Some(&format!("Bearer {expired}"))).await, (unauthorized, "token_expired".into()));
        for purpose in [Purpose::TurnLink, Purpose::Unsubscribe] {
            let other = mint(purpose, &ann.id, chrono::Duration::minutes(5));
            assert_eq!(
                me_status(&app, Some(&format!("Bearer {other}"))).await,
                (unauthorized, "wrong_token_purpose".into())
            );
        }
        // Change one character in the middle of the signature.
        let mut forged: Vec<char> = ann.token.chars().collect();
        let at = forged.len() - 10;
        forged[at] = if forged[at] == 'x' { 'y' } else { 'x' };
        let forged: String = forged.into_iter().collect();
        assert_eq!(me_status(&app, Some(&format!("Bearer {forged}"))).await, (unauthorized, "invalid_token".into()));
        let good = me_status(&app, Some(&format!("Bearer {}", ann.token))).await;
        assert_eq!(good.0, StatusCode::OK);
    }
);

api_test!(
    async fn a_token_of_an_account_that_no_longer_exists_gets_401_not_500(app) {
        let gone = mint(Purpose::Access, "no-such-user-0000", chrono::Duration::minutes(5));
        let (status, body) = app.post("/games", &gone, json!({"kind": "gods", "seats": 2})).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_token")), "{body}");
        let (status, body) = app.post("/tokens", &gone, json!({"name": "cli"})).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_token")), "{body}");
        let ann = app.player("ann").await;
        let (_, game) = app.post("/games", &ann.token, json!({"kind": "gods", "seats": 3})).await;
        let (status, body) = app
            .post(&format!("/games/{}/join", game["id"].as_str().unwrap()), &gone, json!({"code": game["join_code"]}))
            .await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_token")), "{body}");
    }
);

api_test!(
    async fn a_login_token_of_a_server_with_another_public_url_is_an_invalid_token(app)
    with |s| s.public_url = Some("http://elsewhere.test".into()); {
        // Same secret, another issuer: the token is well signed and for the API, but was
        // issued by (for) another server.
        let theirs = Keys::new(JWT_SECRET.as_bytes(), PUBLIC_URL)
            .mint(Purpose::Access, "someone", chrono::Duration::minutes(5), None)
            .unwrap();
        let (status, body) = app.get("/me", &theirs).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_token")), "{body}");
        assert!(body["detail"].as_str().unwrap().contains("another server"), "{body}");
        // A token of another purpose is still called so.
        let link = Keys::new(JWT_SECRET.as_bytes(), "http://elsewhere.test")
            .mint(Purpose::TurnLink, "someone", chrono::Duration::minutes(5), None)
            .unwrap();
        let (status, body) = app.get("/me", &link).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("wrong_token_purpose")), "{body}");
    }
);

api_test!(
    async fn an_invitation_is_seen_and_taken_only_by_the_confirmed_owner_of_the_address(app) {
        let ann = app.player("ann").await;
        let (_, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 3, "invite": ["v@example.org"]}))
            .await;
        let id = game["id"].as_str().unwrap().to_string();
        // Someone registers the invited address first: they may log in, but do not see
        // the invitation and cannot take the seat by it.
        let (status, _) = app.register("v@example.org", "a long password").await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let (_, login) = app.login("v@example.org", "a long password").await;
        let v = Player {
            id: login["user"]["id"].as_str().unwrap().to_string(),
            token: login["access_token"].as_str().unwrap().to_string(),
        };
        let (_, list) = app.get("/games", &v.token).await;
        assert_eq!(list["games"], json!([]), "{list}");
        let (status, body) = app.post(&format!("/games/{id}/join"), &v.token, json!({})).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("email_unconfirmed")), "{body}");
        // Once the address is confirmed (the link only its owner receives), it is theirs.
        app.confirm(&v).await;
        let (_, list) = app.get("/games", &v.token).await;
        assert_eq!(list["games"][0]["id"], id.as_str());
        assert_eq!(list["games"][0]["invited"], true);
        let (status, body) = app.post(&format!("/games/{id}/join"), &v.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // Open joining by code is as before: no confirmation needed.
        let cyd = app.player("cyd").await;
        let (status, body) = app.post(&format!("/games/{id}/join"), &cyd.token, json!({"code": game["join_code"]})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
);

api_test!(
    async fn an_address_without_a_confirmed_account_gets_a_few_invitations_a_day(app)
    with |s| s.mail_unconfirmed_per_day = 2; {
        let ann = app.player("ann").await;
        for i in 0..4 {
            let body = if i % 2 == 0 {
                json!({"kind": "gods", "seats": 2, "invite": ["w@example.org"]})
            } else {
                json!({"kind": "gods", "seats": 2})
            };
            let (status, game) = app.post("/games", &ann.token, body).await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            if i % 2 == 1 {
                let (status, _) = app
                    .post(&format!("/games/{}/invites", game["id"].as_str().unwrap()), &ann.token, json!({"email": "w@example.org"}))
                    .await;
                assert_eq!(status, StatusCode::CREATED);
            }
        }
        assert_eq!(mails_to(&app, "w@example.org"), ["invitation", "invitation"], "two a day");
        // A confirmed owner of the address gets every invitation.
        let (status, _) = app.register("w@example.org", "a long password").await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let (_, login) = app.login("w@example.org", "a long password").await;
        let w = Player {
            id: login["user"]["id"].as_str().unwrap().to_string(),
            token: login["access_token"].as_str().unwrap().to_string(),
        };
        app.confirm(&w).await;
        let (_, list) = app.get("/games", &w.token).await;
        assert_eq!(list["games"].as_array().unwrap().len(), 4, "every invitation is recorded");
        let (status, _) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 2, "invite": ["w@example.org"]}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(mails_to(&app, "w@example.org").iter().filter(|t| *t == "invitation").count(), 3);
    }
);

/// The `RateLimit-*` headers of a response, as numbers (Limit, Remaining, Reset), and the
/// policy as sent.
fn rate_headers(h: &reqwest::header::HeaderMap) -> (u64, u64, u64, String) {
    let num = |name: &str| -> u64 {
        h.get(name)
            .unwrap_or_else(|| panic!("no {name} in {h:?}"))
            .to_str()
            .unwrap()
            .parse()
            .unwrap()
    };
    let policy = h["ratelimit-policy"].to_str().unwrap().to_string();
    (
        num("ratelimit-limit"),
        num("ratelimit-remaining"),
        num("ratelimit-reset"),
        policy,
    )
}

api_test!(
    async fn logins_carry_ratelimit_headers_counting_down_to_a_429_with_retry_after(app)
    with |s| { s.login_per_ip_per_minute = 3; s.login_per_email_per_minute = 10; }; {
        app.register("rl@example.org", "a long password").await;
        let mut seen = Vec::new();
        for password in ["a long password", "a wrong password", "a long password"] {
            let res = login_from(&app, &app.client, "rl@example.org", password).await;
            assert!(res.status() == StatusCode::OK || res.status() == StatusCode::UNAUTHORIZED);
            assert!(!res.headers().contains_key("retry-after"));
            seen.push(rate_headers(res.headers()));
        }
        let remaining: Vec<u64> = seen.iter().map(|h| h.1).collect();
        assert_eq!(remaining, [2, 1, 0], "{seen:?}");
        for (limit, _, reset, policy) in &seen {
            assert_eq!(*limit, 3);
            assert!((1..=60).contains(reset), "{seen:?}");
            // The tightest quota first, then the other one the login counted against.
            assert_eq!(policy, "3;w=60, 10;w=60");
        }
        assert!(seen[0].2 <= seen[2].2, "the reset grows as the quota is used: {seen:?}");
        let res = login_from(&app, &app.client, "rl@example.org", "a long password").await;
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        let wait: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        let (limit, remaining, reset, _) = rate_headers(res.headers());
        assert_eq!((limit, remaining), (3, 0));
        assert!((1..=21).contains(&wait), "one attempt back every 20 s: {wait}");
        assert!(reset + 1 >= wait && reset <= 60, "reset {reset}, retry after {wait}");
        // Not a limited endpoint: no headers.
        let res = app.client.get(format!("{}/health", app.url)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert!(!res.headers().contains_key("ratelimit-limit"));
    }
);

api_test!(
    async fn registrations_and_the_signup_and_reset_forms_carry_ratelimit_headers(app)
    with |s| s.register_per_ip_per_hour = 3; {
        let post = |email: &str| {
            app.client
                .post(format!("{}/users", app.url))
                .json(&json!({"email": email, "display_name": "r", "password": "a long password"}))
                .send()
        };
        let res = post("q1@example.org").await.unwrap();
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        let (limit, remaining, reset, policy) = rate_headers(res.headers());
        assert_eq!((limit, remaining, policy.as_str()), (3, 2, "3;w=3600"));
        assert!((1..=1200).contains(&reset), "20 minutes back per registration: {reset}");
        // The page forms count against the same quota.
        let mut browser = crate::web::Browser::new(&app);
        let csrf = browser.get("/password/forgot").await.csrf();
        let page = browser
            .post("/password/forgot", &[("csrf", &csrf), ("email", "q1@example.org")])
            .await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(rate_headers(&page.headers).1, 1);
        let csrf = browser.get("/signup").await.csrf();
        let form = [
            ("csrf", csrf.as_str()),
            ("email", "q2@example.org"),
            ("display_name", "q2"),
            ("password", "a long password"),
        ];
        let page = browser.post("/signup", &form).await;
        let (_, remaining, reset, _) = rate_headers(&page.headers);
        assert_eq!(remaining, 0, "{}", page.body);
        assert!(reset > 2400 && reset <= 3600, "{reset}");
        let page = browser.post("/signup", &form).await;
        assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(page.headers.contains_key("retry-after"));
        assert_eq!(rate_headers(&page.headers).1, 0);
        let res = post("q3@example.org").await.unwrap();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(rate_headers(res.headers()).1, 0);
    }
);

api_test!(
    async fn a_password_reset_ends_the_accounts_login_and_personal_tokens_and_no_one_elses(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (token_id, token) = personal_token(&app, &ann, &["read", "account"]).await;
        // A login token of before epochs were written into them: epoch 0, as the account.
        let unmarked = mint(Purpose::Access, &ann.id, chrono::Duration::minutes(5));
        for t in [&ann.token, &token, &unmarked] {
            assert_eq!(app.get("/me", t).await.0, StatusCode::OK);
        }
        let email = app.get("/me", &ann.token).await.1["email"].as_str().unwrap().to_string();
        reset_password(&app, &ann.id, "a new long password").await;
        for t in [&ann.token, &unmarked] {
            let (status, body) = app.get("/me", t).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_token")), "{body}");
            assert!(body["detail"].as_str().unwrap().contains("reset"), "{body}");
        }
        let (status, body) = app.get("/me", &token).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_token")), "{body}");
        // A new login works, and says the personal token was revoked by the reset.
        let (_, me) = app.get("/me", &bob.token).await;
        assert_eq!(me["id"], bob.id.as_str(), "bob's token is his own business");
        let (_, me) = app.get("/me", &mint(Purpose::Access, &ann.id, chrono::Duration::minutes(5))).await;
        assert_eq!(me["code"], "invalid_token", "a token without the new epoch is refused");
        let (status, ann_me) = app.login(&email, "a new long password").await;
        assert_eq!(status, StatusCode::OK, "{ann_me}");
        let fresh = ann_me["access_token"].as_str().unwrap();
        assert_eq!(app.get("/me", fresh).await.0, StatusCode::OK);
        let (_, tokens) = app.get("/tokens", fresh).await;
        let revoked = tokens.as_array().unwrap().iter().find(|t| t["id"] == token_id.as_str()).unwrap();
        assert!(revoked["revoked_at"].is_string(), "{revoked}");
    }
);
