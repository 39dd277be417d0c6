//! Personal API tokens: shown once, usable as Bearer, listed without the secret, revocable.

use crate::api_test;
use reqwest::{Method, StatusCode};
use serde_json::json;

api_test!(
    async fn a_personal_token_works_as_bearer_until_it_is_revoked(app) {
        let ann = app.player("ann").await;
        let (status, created) = app.post("/tokens", &ann.token, json!({"name": "my bot"})).await;
        assert_eq!(status, StatusCode::CREATED);
        let secret = created["token"].as_str().unwrap().to_string();
        assert!(secret.starts_with("hms_"));
        let (status, me) = app.get("/me", &secret).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(me["id"], ann.id.as_str());

        let (status, list) = app.get("/tokens", &ann.token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list.as_array().unwrap().len(), 1);
        assert_eq!(list[0]["name"], "my bot");
        assert!(list[0]["revoked_at"].is_null());
        assert!(!list.to_string().contains(&secret[4..]), "the secret is listed");

        let id = created["id"].as_str().unwrap();
        let (status, _) = app.call(Method::DELETE, &format!("/tokens/{id}"), Some(&ann.token), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, body) = app.get("/me", &secret).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "invalid_token");
        let (_, list) = app.get("/tokens", &ann.token).await;
        assert!(list[0]["revoked_at"].is_string());
    }
);

api_test!(
    async fn a_user_cannot_revoke_another_users_token(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        let (_, created) = app.post("/tokens", &ann.token, json!({"name": "ann's"})).await;
        let id = created["id"].as_str().unwrap();
        let (status, body) = app.call(Method::DELETE, &format!("/tokens/{id}"), Some(&bob.token), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "token_not_found");
        let (status, _) = app.get("/me", created["token"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK);
    }
);

api_test!(
    async fn an_unknown_personal_token_is_rejected_with_401(app) {
        let fake = format!("hms_{}", "0".repeat(64));
        let (status, body) = app.get("/me", &fake).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "invalid_token");
    }
);

api_test!(
    async fn a_token_does_only_what_its_scopes_allow_and_stops_at_its_expiry(app) {
        let ann = app.player("ann").await;
        // No scopes: all of them, no expiry (what existing clients get).
        let (status, all) = app.post("/tokens", &ann.token, json!({"name": "all"})).await;
        assert_eq!(status, StatusCode::CREATED, "{all}");
        assert_eq!(all["scopes"], json!(["read", "play", "talk", "account"]));
        assert!(all["expires_at"].is_null());

        let (status, ro) = app
            .post("/tokens", &ann.token, json!({"name": "board", "scopes": ["read"]}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{ro}");
        let ro = ro["token"].as_str().unwrap().to_string();
        let (status, _) = app.get("/games", &ro).await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = app.post("/games", &ro, json!({"kind": "gods", "seats": 2})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(body["code"], "insufficient_scope");
        assert_eq!(body["required_scope"], "play");
        let (status, body) = app.get("/tokens", &ro).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(body["required_scope"], "account");

        let (_, bot) = app
            .post("/tokens", &ann.token, json!({"name": "bot", "scopes": ["play", "read"]}))
            .await;
        let bot = bot["token"].as_str().unwrap().to_string();
        let (status, game) = app.post("/games", &bot, json!({"kind": "gods", "seats": 2})).await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap();
        let (status, body) = app
            .post(&format!("/games/{id}/messages"), &bot, json!({"body": "hi"}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(body["required_scope"], "talk");

        let (status, body) = app
            .post("/tokens", &ann.token, json!({"name": "x", "scopes": ["admin"]}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["code"], "invalid_scopes");
        let (status, body) = app
            .post("/tokens", &ann.token, json!({"name": "x", "expires_at": "2001-01-01T00:00:00Z"}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["code"], "invalid_expires_at");

        let soon = chrono::Utc::now() + chrono::Duration::milliseconds(1500);
        let (status, short) = app
            .post("/tokens", &ann.token, json!({"name": "short", "expires_at": soon}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{short}");
        let short = short["token"].as_str().unwrap().to_string();
        let (status, _) = app.get("/me", &short).await;
        assert_eq!(status, StatusCode::OK);
        tokio::time::sleep(std::time::Duration::from_millis(1700)).await;
        let (status, body) = app.get("/me", &short).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "token_expired");
    }
);
