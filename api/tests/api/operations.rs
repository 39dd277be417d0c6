//! What operators expect: `GET /metrics`, request ids, `HEAD`, the version, trusted
//! proxies, a `public_url` with a path, JSON logs; each against the real server.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{Player, TestApp, JWT_SECRET};
use crate::play::random_turn;
use rand::SeedableRng;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// One sample of the text exposition: `name{labels} value` → the value, `None` when the
/// series is missing.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let (name, value) = l.rsplit_once(' ')?;
        (name == series).then(|| value.parse().ok()).flatten()
    })
}

async fn metrics(app: &TestApp) -> String {
    let res = app
        .client
        .get(format!("{}/metrics", app.url))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/openmetrics-text"));
    res.text().await.expect("body")
}

/// Play one random legal turn for whoever is to act; returns the seq before it.
async fn play_one(app: &TestApp, id: &str, players: &[Player], seed: u64) -> (i64, Value) {
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    let seq = game["seq"].as_i64().unwrap();
    let who = &players[game["to_act"][0].as_u64().unwrap() as usize];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let turn = random_turn(app, id, who, &mut rng, &mut Vec::new()).await;
    let (status, body) = app
        .post(
            &format!("/games/{id}/turns"),
            &who.token,
            json!({"expected_seq": seq, "turn": turn.clone()}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (seq, turn)
}

api_test!(
    async fn metrics_count_turns_requests_and_mail_as_a_game_is_played(app) {
        let before = metrics(&app).await;
        assert_eq!(sample(&before, "hermes_turns_accepted_total{source=\"player\"}"), Some(0.0));
        assert_eq!(sample(&before, "hermes_db_pool_max_connections"), Some(4.0));
        assert!(sample(&before, "hermes_db_pool_connections{state=\"idle\"}").is_some());
        assert!(sample(&before, "hermes_scheduler_lag_seconds").is_some());
        let version = format!("hermes_build_info{{version=\"{}\"", env!("CARGO_PKG_VERSION"));
        assert!(before.contains(&version), "{before}");

        let (id, players) = started_game(&app, 2).await;
        let (seq, turn) = play_one(&app, &id, &players, 7).await;
        // The same turn on the same sequence again: refused as stale.
        let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
        let next = &players[game["to_act"][0].as_u64().unwrap() as usize];
        let (status, body) = app
            .post(
                &format!("/games/{id}/turns"),
                &next.token,
                json!({"expected_seq": seq, "turn": turn}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        let code = body["code"].as_str().unwrap().to_string();

        // The start and the turn mailed the seats; wait until the worker sent them.
        let deadline = Instant::now() + Duration::from_secs(60);
        let after = loop {
            let text = metrics(&app).await;
            let sent = sample(&text, "hermes_mail{state=\"sent\"}").unwrap_or(0.0);
            let pending = sample(&text, "hermes_mail{state=\"pending\"}").unwrap_or(-1.0);
            if sent >= 2.0 && pending == 0.0 {
                break text;
            }
            assert!(Instant::now() < deadline, "mail not sent: {text}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(
            sample(&after, "hermes_turns_accepted_total{source=\"player\"}"),
            Some(1.0),
            "{after}"
        );
        let refused = format!("hermes_turns_refused_total{{source=\"player\",code=\"{code}\"}}");
        assert_eq!(sample(&after, &refused), Some(1.0), "{after}");
        assert_eq!(sample(&after, "hermes_mail{state=\"failed\"}"), Some(0.0));
        assert_eq!(sample(&after, "hermes_mail{state=\"superseded\"}"), Some(0.0));
        assert_eq!(sample(&after, "hermes_mail_oldest_pending_age_seconds"), Some(0.0));
        // Latency by route pattern, never the raw path (ids, tokens).
        let turns = "hermes_http_request_duration_seconds_count{method=\"POST\",route=\"/games/{id}/turns\",status=\"201\"}";
        assert_eq!(sample(&after, turns), Some(1.0), "{after}");
        assert!(sample(
            &after,
            "hermes_http_request_duration_seconds_count{method=\"POST\",route=\"/games/{id}/turns\",status=\"409\"}"
        ) == Some(1.0));
        assert!(!after.contains(&id), "a raw id in the labels: {after}");
    }
);

api_test!(
    async fn mail_waiting_shows_as_pending_with_its_age(app) with |s| {
        // An SMTP server that is not there: mail stays pending.
        s.mail.transport = hermes_api::mail::TransportKind::Smtp;
        s.mail.smtp.host = "127.0.0.1".into();
        s.mail.smtp.port = Some(1);
        s.mail.smtp.security = "none".parse().unwrap();
    }; {
        let _ = started_game(&app, 2).await;
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let text = metrics(&app).await;
            let pending = sample(&text, "hermes_mail{state=\"pending\"}").unwrap_or(0.0);
            let age = sample(&text, "hermes_mail_oldest_pending_age_seconds").unwrap_or(0.0);
            if pending >= 1.0 && age > 0.0 {
                assert_eq!(sample(&text, "hermes_mail{state=\"sent\"}"), Some(0.0));
                break;
            }
            assert!(Instant::now() < deadline, "no pending mail: {text}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_need_the_metrics_token_when_one_is_set() {
    let token = "a metrics token of some length";
    let app = TestApp::sqlite(|s| {
        s.metrics_token = Some(hermes_api::config::Secret(token.into()));
    })
    .await;
    let url = format!("{}/metrics", app.url);
    let (status, body) = crate::helpers::read(app.client.get(&url).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["code"], "metrics_token_required");
    let wrong = app
        .client
        .get(&url)
        .bearer_auth("nope")
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let right = app
        .client
        .get(&url)
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(right.status(), StatusCode::OK);
    assert!(right
        .text()
        .await
        .unwrap()
        .contains("hermes_turns_accepted"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_a_request_id_and_health_the_version() {
    let app = TestApp::sqlite(|_| {}).await;
    let url = format!("{}/health", app.url);
    let res = app.client.get(&url).send().await.unwrap();
    let id = res.headers()["x-request-id"].to_str().unwrap().to_string();
    assert_eq!(id.len(), 32, "{id}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    // Built from this checkout: the commit is known (12 hex digits).
    let commit = body["commit"].as_str().expect("a commit");
    assert!(
        commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
        "{commit}"
    );
    let again = app.client.get(&url).send().await.unwrap();
    assert_ne!(
        again.headers()["x-request-id"],
        id.as_str(),
        "ids are per request"
    );
    // A well-formed incoming id is kept, on errors too; a malformed one is replaced.
    let res = app
        .client
        .get(format!("{}/no/such/path", app.url))
        .header("x-request-id", "edge-7f3a.42:1")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(res.headers()["x-request-id"], "edge-7f3a.42:1");
    let res = app
        .client
        .get(&url)
        .header("x-request-id", "bad id<script>")
        .send()
        .await
        .unwrap();
    let got = res.headers()["x-request-id"].to_str().unwrap();
    assert!(got.len() == 32 && got != "bad id<script>", "{got}");
}

/// HEAD answers as GET does: the same status and headers, no body.
async fn same_as_get(app: &TestApp, path: &str, token: Option<&str>) -> reqwest::header::HeaderMap {
    let url = format!("{}{path}", app.url);
    let send = |method: Method| {
        let mut req = app.client.request(method, &url);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send()
    };
    let get = send(Method::GET).await.unwrap();
    let head = send(Method::HEAD).await.unwrap();
    assert_eq!(head.status(), get.status(), "HEAD {path}");
    for name in [
        "content-type",
        "content-length",
        "cache-control",
        "content-security-policy",
    ] {
        assert_eq!(
            head.headers().get(name),
            get.headers().get(name),
            "HEAD {path}: {name}"
        );
    }
    let get_len = get.bytes().await.unwrap().len();
    let headers = head.headers().clone();
    assert!(get_len > 0, "GET {path} has a body");
    assert_eq!(
        headers["content-length"].to_str().unwrap(),
        get_len.to_string(),
        "HEAD {path}"
    );
    assert!(
        head.bytes().await.unwrap().is_empty(),
        "HEAD {path} sent a body"
    );
    headers
}

api_test!(
    async fn head_is_answered_wherever_get_is(app) {
        let (id, players) = started_game(&app, 2).await;
        let t = &players[0].token;
        same_as_get(&app, "/health", None).await;
        same_as_get(&app, "/openapi.yaml", None).await;
        same_as_get(&app, &format!("/games/{id}"), Some(t)).await;
        let png = same_as_get(&app, &format!("/games/{id}/board.png"), Some(t)).await;
        assert_eq!(png["content-type"], "image/png");
        // A page: the join page of the game.
        let (_, game) = app.get(&format!("/games/{id}"), t).await;
        if let Some(code) = game["join_code"].as_str() {
            let page = same_as_get(&app, &format!("/join/{code}"), None).await;
            assert!(page["content-type"].to_str().unwrap().starts_with("text/html"));
        }
        // The turn page from a mail link.
        let keys = hermes_api::auth::jwt::Keys::new(JWT_SECRET.as_bytes(), crate::helpers::PUBLIC_URL);
        let link = hermes_api::links::turn_link(&keys, "", &players[0].id, &id).unwrap();
        let page = same_as_get(&app, &link, None).await;
        assert!(page["content-type"].to_str().unwrap().starts_with("text/html"));
        // Errors alike; and HEAD where only POST is served is refused as GET is.
        same_as_get(&app, "/games/nope", Some(t)).await;
        let res = app.client.head(format!("{}/users", app.url)).send().await.unwrap();
        let get = app.client.get(format!("{}/users", app.url)).send().await.unwrap();
        assert_eq!(res.status(), get.status());
        assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
);

/// Login attempts (unknown addresses, so only the per-address limit of the client
/// counts) with `X-Forwarded-For: xff`; the statuses.
async fn logins(app: &TestApp, xff: &str, n: usize) -> Vec<u16> {
    let mut out = Vec::new();
    for _ in 0..n {
        let email = format!("{}@example.org", hex::encode(rand::random::<[u8; 6]>()));
        let res = app
            .client
            .post(format!("{}/auth/login", app.url))
            .header("x-forwarded-for", xff)
            .json(&json!({"email": email, "password": "a long password"}))
            .send()
            .await
            .unwrap();
        out.push(res.status().as_u16());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_forwarded_client_is_rate_limited() {
    let app = TestApp::sqlite(|s| {
        s.login_per_ip_per_minute = 2;
        s.trusted_proxies = vec![hermes_api::config::parse_network("127.0.0.1").unwrap()];
    })
    .await;
    assert_eq!(logins(&app, "203.0.113.1", 3).await, [401, 401, 429]);
    // Another client through the same proxy has its own budget.
    assert_eq!(logins(&app, "203.0.113.2", 1).await, [401]);
    // The right-most untrusted hop is the client: what the client wrote to the left of it
    // (a forged address) does not buy a new budget.
    assert_eq!(logins(&app, "198.51.100.9, 203.0.113.1", 1).await, [429]);
    // A proxy chain: trusted hops on the right are skipped.
    assert_eq!(logins(&app, "203.0.113.1, 127.0.0.1", 1).await, [429]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_a_peer_that_is_not_trusted_forwarded_for_is_ignored() {
    let app = TestApp::sqlite(|s| {
        s.login_per_ip_per_minute = 2;
        s.trusted_proxies = vec![hermes_api::config::parse_network("10.0.0.0/8").unwrap()];
    })
    .await;
    let mut statuses = logins(&app, "203.0.113.1", 1).await;
    statuses.extend(logins(&app, "203.0.113.2", 1).await);
    statuses.extend(logins(&app, "203.0.113.3", 1).await);
    assert_eq!(statuses, [401, 401, 429]);
}

/// Every `http…` URL in `text` (up to a quote, `<`, `>` or white space).
fn urls(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("http") {
        let tail = &rest[i..];
        if tail.starts_with("http://") || tail.starts_with("https://") {
            let end = tail
                .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>'))
                .unwrap_or(tail.len());
            let link = tail[..end].replace("&amp;", "&");
            // A link within the page (`#talk`) asks the server for nothing.
            if !link.starts_with('#') {
                out.push(link);
            }
            rest = &tail[end..];
        } else {
            rest = &tail[4..];
        }
    }
    out
}

/// `href`, `src` and `action` values in an HTML page.
fn page_links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\"", "action=\""] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            let tail = &rest[i + attr.len()..];
            let end = tail.find('"').unwrap_or(tail.len());
            let link = tail[..end].replace("&amp;", "&");
            // A link within the page (`#talk`) asks the server for nothing.
            if !link.starts_with('#') {
                out.push(link);
            }
            rest = &tail[end..];
        }
    }
    out
}

/// The text parts and the headers of every `.eml` in the server's mail directory.
fn mails(app: &TestApp) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(app.mail_dir()).into_iter().flatten() {
        let raw = std::fs::read(entry.unwrap().path()).unwrap();
        let parsed = mailparse::parse_mail(&raw).expect("a message");
        let subject = parsed
            .headers
            .iter()
            .find(|h| h.get_key().eq_ignore_ascii_case("subject"))
            .map(|h| h.get_value())
            .unwrap_or_default();
        let mut text: String = parsed
            .headers
            .iter()
            .map(|h| format!("{}: {}\n", h.get_key(), h.get_value()))
            .collect();
        fn walk(p: &mailparse::ParsedMail, out: &mut String) {
            if p.ctype.mimetype.starts_with("text/") {
                out.push_str(&p.get_body().unwrap());
                out.push('\n');
            }
            for s in &p.subparts {
                walk(s, out);
            }
        }
        walk(&parsed, &mut text);
        out.push((subject, text));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_url_with_a_path_prefixes_every_link_and_the_links_work() {
    const PUBLIC: &str = "http://hermes.test/hermes";
    let app = TestApp::sqlite(|s| s.public_url = Some(PUBLIC.into())).await;
    // Through a proxy that keeps the prefix: the server's own URL plus `/hermes`.
    let via = |url: &str| url.replacen("http://hermes.test", &app.url, 1);
    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();

    let (id, players) = started_game(&app, 2).await;
    // The API's own Location, and the contract's `servers`.
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    assert_eq!(game["id"], id.as_str());
    let res = app
        .client
        .post(format!("{}/hermes/games", app.url))
        .bearer_auth(&players[0].token)
        .json(&json!({"kind": "gods", "seats": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    assert!(location.starts_with("/hermes/games/"), "{location}");
    let res = app
        .client
        .get(format!("{}{location}", app.url))
        .bearer_auth(&players[0].token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{location}");
    let spec = app
        .client
        .get(format!("{}/hermes/openapi.yaml", app.url))
        .send()
        .await
        .unwrap();
    assert!(spec
        .text()
        .await
        .unwrap()
        .contains("servers:\n  - url: http://hermes.test/hermes\n"));

    // The your-turn mail of the first seat (and the welcome mails before it).
    let deadline = Instant::now() + Duration::from_secs(60);
    let sent = loop {
        let sent = mails(&app);
        if sent
            .iter()
            .any(|(s, text)| text.contains("/play?token=") && !s.is_empty())
        {
            break sent;
        }
        assert!(Instant::now() < deadline, "no your-turn mail");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let mut turn_link = None;
    for (subject, text) in &sent {
        let found = urls(text);
        assert!(!found.is_empty(), "a mail without links: {subject}");
        for url in found {
            assert!(url.starts_with(&format!("{PUBLIC}/")), "{subject}: {url}");
            if url.contains("/play?token=") {
                turn_link = Some(url);
            }
        }
    }
    // Follow every link of the mails through the prefix (a link without a token in it is
    // to the API, which wants a login: the players are both in the game).
    for (_, text) in &sent {
        for url in urls(text) {
            let mut req = plain.get(via(&url));
            if !url.contains("token=") {
                req = req.bearer_auth(&players[0].token);
            }
            let res = req.send().await.unwrap();
            assert!(
                res.status().is_success(),
                "{url}: {} {}",
                res.status(),
                res.text().await.unwrap_or_default()
            );
        }
    }
    // The turn page: every link and form starts with the prefix, and works.
    let turn_link = turn_link.expect("a turn link");
    let html = plain
        .get(via(&turn_link))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let links = page_links(&html);
    assert!(links.len() >= 3, "{links:?}");
    for link in &links {
        assert!(link.starts_with("/hermes/"), "{link} in {html}");
        // The forms (the turn, and under `/play/` table talk, leaving, a queue, a
        // rematch) are posted, not opened; the turn's is below. The header's home link,
        // `/hermes/`, is the lobby's welcome page.
        if !link.contains("/play?") && !link.contains("/play/") {
            let res = plain
                .get(format!("{}{link}", app.url))
                .send()
                .await
                .unwrap();
            assert!(res.status().is_success(), "{link}: {}", res.status());
        }
    }
    // Play the turn with the page's form: the redirect stays under the prefix.
    let action = links
        .iter()
        .find(|l| l.contains("/play?token="))
        .expect("the form");
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    let seat = game["to_act"][0].as_u64().unwrap() as usize;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let turn = random_turn(&app, &id, &players[seat], &mut rng, &mut Vec::new()).await;
    let notation = games::registry::kind("gods")
        .unwrap()
        .format_turn(&turn)
        .unwrap();
    let seq = game["seq"].as_i64().unwrap().to_string();
    let res = plain
        .post(format!("{}{action}", app.url))
        .form(&[
            ("notation", notation.as_str()),
            ("expected_seq", seq.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    assert!(location.starts_with("/hermes/games/"), "{location}");
    let res = plain
        .get(format!("{}{location}", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // A proxy that strips the prefix works too: the same link without it.
    let stripped = turn_link.replacen(PUBLIC, &app.url, 1);
    assert_eq!(
        plain.get(stripped).send().await.unwrap().status(),
        StatusCode::OK
    );
}

#[test]
fn json_logs_carry_the_request_id_on_every_line_of_a_request() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hermes"))
        .arg("serve")
        .env_clear()
        .env("HERMES_BIND", "127.0.0.1:0")
        .env("HERMES_DATA_DIR", dir.path())
        .env("HERMES_JWT_SECRET", JWT_SECRET)
        .env("HERMES_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .env("HERMES_LOGIN_PER_IP_PER_MINUTE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn hermes");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap()
        .to_string();
    let stderr = child.stderr.take().unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let client = reqwest::Client::new();
    runtime.block_on(async {
        // A login refused by the rate limit logs a line of its own inside the request.
        let res = client
            .post(format!("{url}/auth/login"))
            .json(&json!({"email": "nobody@example.org", "password": "a long password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        let res = client
            .post(format!("{url}/auth/login?secret=in-the-query"))
            .header("x-request-id", "login-attempt-1")
            .json(&json!({"email": "nobody@example.org", "password": "a long password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(res.headers()["x-request-id"], "login-attempt-1");
    });
    let _ = child.kill();
    let _ = child.wait();
    let lines: Vec<Value> = BufReader::new(stderr)
        .lines()
        .map(|l| l.unwrap())
        .map(|l| serde_json::from_str(&l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect();
    let startup = lines
        .iter()
        .find(|l| l["fields"]["version"] == env!("CARGO_PKG_VERSION"))
        .expect("the version in the startup log");
    assert!(startup["fields"]["commit"].is_string(), "{startup}");
    let of_request: Vec<&Value> = lines
        .iter()
        .filter(|l| l["span"]["request_id"] == "login-attempt-1")
        .collect();
    let access = of_request
        .iter()
        .find(|l| l["target"] == "hermes::access")
        .expect("an access line with the request id");
    assert_eq!(access["fields"]["path"], "/auth/login");
    assert_eq!(access["fields"]["status"], 429);
    assert_eq!(access["fields"]["client"], "127.0.0.1");
    assert!(
        of_request.len() >= 2,
        "the handler's own lines carry the id too: {of_request:#?}"
    );
    let all = serde_json::to_string(&lines).unwrap();
    assert!(!all.contains("in-the-query"), "the query was logged");
}
