//! actix's own errors come out as problem+json with a stable code (`helpers::read`
//! also checks the content type and `status` of every error response).

use crate::api_test;
use reqwest::{Method, StatusCode};

api_test!(
    async fn an_unknown_path_is_a_404_problem(app) {
        let (status, body) = app.call(Method::GET, "/no/such/thing", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["code"], "not_found");
        assert_eq!(body["type"], "/problems/not_found");
        assert!(body["detail"].as_str().unwrap().contains("/no/such/thing"));
    }
);

api_test!(
    async fn a_wrong_method_is_a_405_problem_that_names_the_allowed_ones(app) {
        let res = app
            .client
            .delete(format!("{}/users", app.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.headers()["allow"], "POST");
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(body["code"], "method_not_allowed");
    }
);

api_test!(
    async fn malformed_json_is_a_400_problem(app) {
        let res = app
            .client
            .post(format!("{}/users", app.url))
            .header("content-type", "application/json")
            .body("{\"email\": ")
            .send()
            .await
            .unwrap();
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["code"], "malformed_json");
    }
);

api_test!(
    async fn json_of_the_wrong_shape_is_a_422_problem(app) {
        let body = serde_json::json!({"email": "a@b.org", "password": "long enough"});
        let (status, body) = app.call(Method::POST, "/users", None, Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["code"], "invalid_body");
        assert!(body["detail"].as_str().unwrap().contains("display_name"));
    }
);

api_test!(
    async fn a_body_sent_as_an_array_of_its_fields_is_a_422_problem(app) {
        // serde's derived structs read `[a, b, c]` as their fields in order; the API's
        // bodies are objects (openapi.yaml), and nothing of such a body is written.
        let fields = serde_json::json!(["array@example.org", "Arr", "a long password"]);
        let (status, body) = app.call(Method::POST, "/users", None, Some(fields)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "invalid_body");
        assert!(body["detail"].as_str().unwrap().contains("sequence"), "{body}");
        let (status, _) = app.login("array@example.org", "a long password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "no account was made");

        let (id, players) = crate::games::started_game(&app, 2).await;
        let path = format!("/games/{id}/messages");
        let (status, body) = app
            .post(&path, &players[0].token, serde_json::json!(["hello"]))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "invalid_body");
        let (status, list) = app.get(&path, &players[0].token).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        assert_eq!(list["messages"], serde_json::json!([]), "{list}");
        // A nested struct too: a deck's card as an array.
        let card = serde_json::json!(["a title", "<svg xmlns='http://www.w3.org/2000/svg'/>"]);
        let deck = serde_json::json!({"name": "d", "cards": vec![card; 72]});
        let (status, body) = app.post("/decks", &players[0].token, deck).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "invalid_body");
    }
);

api_test!(
    async fn a_body_that_is_not_json_is_a_415_problem(app) {
        let res = app
            .client
            .post(format!("{}/users", app.url))
            .header("content-type", "text/plain")
            .body("hello")
            .send()
            .await
            .unwrap();
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(body["code"], "unsupported_media_type");
    }
);

api_test!(
    async fn a_body_that_is_too_large_is_a_413_problem(app) {
        let big = format!("{{\"email\": \"{}\"}}", "x".repeat(200_000));
        let res = app
            .client
            .post(format!("{}/users", app.url))
            .header("content-type", "application/json")
            .body(big)
            .send()
            .await
            .unwrap();
        let (status, body) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body["code"], "payload_too_large");
    }
);

api_test!(
    async fn the_contract_is_served_as_openapi_3_1(app) {
        let res = app
            .client
            .get(format!("{}/openapi.yaml", app.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let text = res.text().await.unwrap();
        assert!(text.starts_with("openapi: 3.1"), "{text}");
        // The document as written, with `servers` naming this server's public URL.
        assert_eq!(text, hermes_api::http::openapi::spec_for(crate::helpers::PUBLIC_URL));
        assert!(text.contains(&format!("servers:\n  - url: {}\n", crate::helpers::PUBLIC_URL)));
    }
);
