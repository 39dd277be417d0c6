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
