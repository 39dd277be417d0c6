//! `openapi.yaml` is the contract: it parses, it is OpenAPI 3.1, and every path and
//! method in it is served (none answers "no such path" or "method not allowed").

use crate::api_test;
use reqwest::{Method, StatusCode};
use yaml_rust2::{Yaml, YamlLoader};

const PATHS: &[&str] = &[
    "/health",
    "/openapi.yaml",
    "/users",
    "/auth/login",
    "/me",
    "/me/vacation",
    "/tokens",
    "/tokens/{id}",
    "/games",
    "/games/{id}",
    "/games/{id}/join",
    "/games/{id}/invites",
    "/games/{id}/turns",
    "/games/{id}/legal",
    "/games/{id}/log",
    "/games/{id}/state",
    "/games/{id}/messages",
    "/games/{id}/board.svg",
    "/games/{id}/board.png",
    "/decks",
    "/decks/{id}",
    "/decks/{id}/cards/{n}.svg",
    "/decks/{id}/cards/{n}.png",
    "/games/{id}/play",
    "/me/preferences",
    "/unsubscribe",
    "/verify",
    "/join/{code}",
];

fn spec() -> Yaml {
    let docs = YamlLoader::load_from_str(hermes_api::http::openapi::SPEC).expect("valid YAML");
    docs.into_iter().next().expect("one document")
}

#[test]
fn the_spec_is_openapi_3_1_and_lists_every_path_the_server_has() {
    let spec = spec();
    assert_eq!(spec["openapi"].as_str(), Some("3.1.0"));
    let paths: Vec<&str> = spec["paths"]
        .as_hash()
        .expect("paths")
        .keys()
        .map(|k| k.as_str().unwrap())
        .collect();
    assert_eq!(paths, PATHS);
}

api_test!(
    async fn every_path_and_method_in_the_spec_is_served(app) {
        let spec = spec();
        for (path, item) in spec["paths"].as_hash().unwrap() {
            let path = path.as_str().unwrap();
            for (method, _) in item.as_hash().unwrap() {
                let method: Method = method.as_str().unwrap().to_uppercase().parse().unwrap();
                let url = format!("{}{}", app.url, path.replace("{id}", "x"));
                let res = app.client.request(method.clone(), &url).send().await.unwrap();
                let status = res.status();
                let body = res.text().await.unwrap();
                assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
                assert!(
                    !(status == StatusCode::NOT_FOUND && body.contains("no such path")),
                    "{method} {path} is not served"
                );
            }
        }
    }
);
