//! Registering, logging in, access tokens and the login rate limits.

use crate::api_test;
use crate::helpers::{mint, Player};
use hermes_api::auth::jwt::Purpose;
use reqwest::{Method, StatusCode};
use serde_json::json;

api_test!(
    async fn a_registered_user_logs_in_and_reads_themselves(app) {
        let (status, user) = app.register("Ann@Example.org", "a long password").await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(user["email"], "ann@example.org");
        assert!(user.get("password_hash").is_none());
        let (status, login) = app.login("ann@example.org", "a long password").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(login["token_type"], "Bearer");
        assert_eq!(login["expires_in"], 15 * 60);
        let (status, me) = app.get("/me", login["access_token"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(me["id"], user["id"]);
        assert_eq!(me["display_name"], "Ann");
    }
);

api_test!(
    async fn an_email_registers_only_once_whatever_its_case(app) {
        let (status, _) = app.register("bob@example.org", "a long password").await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, body) = app.register(" BOB@example.org", "another password").await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(body["code"], "email_taken");
    }
);

api_test!(
    async fn a_bad_email_name_or_short_password_is_refused_with_422(app) {
        let (status, body) = app.register("not-an-email", "a long password").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_email")));
        let (status, body) = app.register("c@example.org", "short").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("weak_password")));
        let body = json!({"email": "c@example.org", "display_name": "  ", "password": "a long password"});
        let (status, body) = app.call(Method::POST, "/users", None, Some(body)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_display_name")));
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

api_test!(
    async fn login_attempts_beyond_the_per_email_limit_get_429_with_retry_after(app)
    with |s| s.login_per_email_per_minute = 3; {
        app.register("eve@example.org", "a long password").await;
        for _ in 0..3 {
            let (status, _) = app.login("eve@example.org", "a wrong password").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        let res = app
            .client
            .post(format!("{}/auth/login", app.url))
            .json(&json!({"email": "EVE@example.org", "password": "a long password"}))
            .send()
            .await
            .unwrap();
        assert!(res.headers().contains_key("retry-after"));
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(body["code"], "rate_limited");
        // Another address is not braked by this one's limit.
        let (status, _) = app.login("other@example.org", "a long password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
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
