//! The `hermes` binary itself: no setup needed, clear startup errors, settings help.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_hermes");

/// Start `hermes serve` in `dir` with no settings but a free port; returns the child
/// and the URL it printed.
fn serve_in(dir: &Path, envs: &[(&str, &str)]) -> (Child, String) {
    let mut child = Command::new(BIN)
        .arg("serve")
        .current_dir(dir)
        .env_clear()
        .env("HERMES_BIND", "127.0.0.1:0")
        .envs(envs.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn hermes");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    (child, url)
}

fn stop(mut child: Child) {
    let _ = child.kill();
    let _ = child.wait();
}

async fn json(res: reqwest::Response) -> Value {
    res.json().await.expect("JSON")
}

#[tokio::test]
async fn the_server_runs_with_no_setup_on_sqlite_in_the_data_directory_and_prints_its_url() {
    let dir = tempfile::tempdir().unwrap();
    let (child, url) = serve_in(dir.path(), &[]);
    let res = reqwest::get(format!("{url}/health")).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(json(res).await["status"], "ok");
    stop(child);
    assert!(dir.path().join("data/hermes.sqlite3").is_file());
    assert!(dir.path().join("data/jwt_secret").is_file());
}

#[tokio::test]
async fn a_restart_keeps_login_tokens_valid_with_the_generated_secret() {
    let dir = tempfile::tempdir().unwrap();
    let client = reqwest::Client::new();
    // The port changes between runs (port 0), so fix the public URL (the JWT issuer).
    let public = [("HERMES_PUBLIC_URL", "http://localhost:8080")];
    let (child, url) = serve_in(dir.path(), &public);
    let body = serde_json::json!({
        "email": "ann@example.org", "display_name": "Ann", "password": "a long password"
    });
    let res = client
        .post(format!("{url}/users"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        202,
        "registration answers 202 (check your mail)"
    );
    let login = serde_json::json!({"email": "ann@example.org", "password": "a long password"});
    let res = client
        .post(format!("{url}/auth/login"))
        .json(&login)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let token = json(res).await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    stop(child);

    let (child, url) = serve_in(dir.path(), &public);
    let res = client
        .get(format!("{url}/me"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    stop(child);
    assert_eq!(res.status(), 200);
    assert_eq!(json(res).await["email"], "ann@example.org");
}

fn startup_error(envs: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .arg("serve")
        .current_dir(dir.path())
        .env_clear()
        .env("HERMES_BIND", "127.0.0.1:0")
        .envs(envs.iter().copied())
        .output()
        .expect("run hermes");
    assert!(!out.status.success(), "hermes started");
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn an_unknown_database_scheme_is_a_startup_error_naming_the_url_without_its_password() {
    let err = startup_error(&[("DATABASE_URL", "mysql://root:hunter2@db/hermes")]);
    assert!(err.contains("mysql://root:***@db/hermes"), "{err}");
    assert!(err.contains("unknown scheme"), "{err}");
    assert!(!err.contains("hunter2"), "{err}");
}

#[test]
fn an_unreachable_postgres_is_a_startup_error_naming_the_url_without_its_password() {
    let err = startup_error(&[("DATABASE_URL", "postgres://bob:hunter2@127.0.0.1:1/hermes")]);
    assert!(err.contains("cannot connect"), "{err}");
    assert!(
        err.contains("postgres://bob:***@127.0.0.1:1/hermes"),
        "{err}"
    );
    assert!(!err.contains("hunter2"), "{err}");
}

#[test]
fn an_unknown_key_in_the_settings_file_is_a_startup_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hermes.toml");
    std::fs::write(
        &file,
        "bind = \"127.0.0.1:0\"\ndatabse_url = \"sqlite://x\"\n",
    )
    .unwrap();
    let err = startup_error(&[("HERMES_CONFIG", file.to_str().unwrap())]);
    assert!(err.contains("databse_url"), "{err}");
}

#[test]
fn serve_help_lists_every_setting_with_its_environment_variable() {
    let out = Command::new(BIN)
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for var in [
        "HERMES_CONFIG",
        "HERMES_BIND",
        "HERMES_DATA_DIR",
        "DATABASE_URL",
        "HERMES_POOL_SIZE",
        "HERMES_JWT_SECRET",
        "HERMES_PUBLIC_URL",
        "HERMES_ACCESS_TOKEN_MINUTES",
        "HERMES_LOGIN_PER_IP_PER_MINUTE",
        "HERMES_LOGIN_PER_EMAIL_PER_MINUTE",
    ] {
        assert!(help.contains(var), "{var} missing from:\n{help}");
    }
}
