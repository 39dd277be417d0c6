//! `hermes backup` and `hermes restore` with the real binary, on SQLite and on PostgreSQL
//! (`pg_dump` / `pg_restore`): a backup taken while a game is being played restores into a
//! server that serves the same game and goes on with it, and the tokens minted before the
//! backup still verify there (the data directory's JWT secret came along).

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{read, Player, ServeProcess, BIN, PG_ENV, PUBLIC_URL};
use diesel::{Connection, PgConnection, RunQueryDsl};
use games::gods::random::random_turn;
use games::gods::view::GodsView;
use games::gods::Gods;
use games::{Rng, Seed};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// `hermes ARGS` with only the settings given, to its end; panics on failure.
fn hermes(args: &[&str], database_url: &str, data_dir: &Path) -> String {
    let out = Command::new(BIN)
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", database_url)
        .env("HERMES_DATA_DIR", data_dir)
        .output()
        .expect("run hermes");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "hermes {args:?}: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// A `hermes serve` process with no configured JWT secret (it uses the data directory's).
fn serve(database_url: &str, data_dir: &Path) -> ServeProcess {
    ServeProcess::start(&[
        ("HERMES_DATA_DIR", data_dir.display().to_string()),
        ("DATABASE_URL", database_url.to_string()),
        ("HERMES_PUBLIC_URL", PUBLIC_URL.to_string()),
    ])
}

/// A fresh, empty PostgreSQL database to restore into, dropped at the end.
struct EmptyPg {
    admin: String,
    name: String,
    url: String,
}

impl EmptyPg {
    fn create(admin: &str) -> EmptyPg {
        let name = format!("hermes_restore_{}", hex::encode(rand::random::<[u8; 6]>()));
        let mut conn = PgConnection::establish(admin).expect("postgres");
        diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
            .execute(&mut conn)
            .expect("create");
        let mut url = url::Url::parse(admin).expect("a URL");
        url.set_path(&format!("/{name}"));
        EmptyPg {
            admin: admin.to_string(),
            name,
            url: url.to_string(),
        }
    }
}

impl Drop for EmptyPg {
    fn drop(&mut self) {
        if let Ok(mut conn) = PgConnection::establish(&self.admin) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
                self.name
            ))
            .execute(&mut conn);
        }
    }
}

async fn game(client: &reqwest::Client, base: &str, id: &str, token: &str) -> Value {
    let (status, body) = read(
        client
            .get(format!("{base}/games/{id}"))
            .bearer_auth(token)
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Play one random legal turn of game `id` on the server at `base`; false once it is over.
async fn play_one(
    client: &reqwest::Client,
    base: &str,
    id: &str,
    players: &[Player],
    rng: &mut Rng,
) -> bool {
    let g = game(client, base, id, &players[0].token).await;
    if g["status"] == "over" {
        return false;
    }
    let seq = g["seq"].as_i64().expect("seq");
    let view: GodsView = serde_json::from_value(g["view"].clone()).expect("a Gods view");
    let turn = random_turn(&Gods::from_view(&view), rng).expect("a turn");
    let seat = g["to_act"][0].as_u64().expect("a seat") as usize;
    let (status, body) = read(
        client
            .post(format!("{base}/games/{id}/turns"))
            .bearer_auth(&players[seat].token)
            .json(&json!({"expected_seq": seq, "turn": turn}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    true
}

api_test!(
    async fn a_backup_taken_during_play_restores_the_game_and_the_tokens_still_verify(app) with |s| s.jwt_secret = None; {
        let restore_pg = match app.database_url.starts_with("postgres") {
            true => Some(EmptyPg::create(&std::env::var(PG_ENV).expect("postgres configured"))),
            false => None,
        };
        let (id, players) = started_game(&app, 2).await;
        let client = reqwest::Client::new();
        let mut rng = Rng::from_seed(&Seed::from_u64(7));
        for _ in 0..4 {
            assert!(play_one(&client, &app.url, &id, &players, &mut rng).await);
        }
        let before = game(&client, &app.url, &id, &players[0].token).await["seq"]
            .as_i64()
            .unwrap();

        // Turns keep coming while the backup is taken.
        let playing = Arc::new(AtomicBool::new(true));
        let player = {
            let (client, url, id, players) =
                (client.clone(), app.url.clone(), id.clone(), players.clone());
            let playing = playing.clone();
            tokio::spawn(async move {
                let mut rng = Rng::from_seed(&Seed::from_u64(8));
                let mut n = 0;
                while playing.load(Ordering::Relaxed)
                    && play_one(&client, &url, &id, &players, &mut rng).await
                {
                    n += 1;
                }
                n
            })
        };
        let backups = tempfile::tempdir().expect("temp dir");
        let dest = backups.path().join("backup-1");
        let (database_url, data_dir) = (app.database_url.clone(), app.data_dir());
        let dest_arg = dest.clone();
        let printed = tokio::task::spawn_blocking(move || {
            hermes(&["backup", dest_arg.to_str().unwrap()], &database_url, &data_dir)
        })
        .await
        .expect("backup");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        playing.store(false, Ordering::Relaxed);
        let played_meanwhile = player.await.expect("player");
        let after = game(&client, &app.url, &id, &players[0].token).await["seq"]
            .as_i64()
            .unwrap();
        assert!(printed.contains("jwt secret"), "{printed}");
        assert!(dest.join("jwt_secret").exists(), "{printed}");
        assert_eq!(
            std::fs::read(dest.join("jwt_secret")).unwrap(),
            std::fs::read(app.data_dir().join("jwt_secret")).unwrap()
        );
        assert!(played_meanwhile > 0, "no turn was played during the backup");

        // A backup does not overwrite one already there.
        let (database_url, data_dir, dest_arg) =
            (app.database_url.clone(), app.data_dir(), dest.clone());
        let again = tokio::task::spawn_blocking(move || {
            Command::new(BIN)
                .args(["backup", dest_arg.to_str().unwrap()])
                .env_clear()
                .env("PATH", std::env::var("PATH").unwrap_or_default())
                .env("DATABASE_URL", &database_url)
                .env("HERMES_DATA_DIR", &data_dir)
                .output()
                .expect("run hermes")
        })
        .await
        .unwrap();
        assert!(!again.status.success(), "a second backup into the same directory");

        // Restore into a new database and data directory, and serve it.
        let restored_dir = tempfile::tempdir().expect("temp dir");
        let restored_url = match &restore_pg {
            Some(pg) => pg.url.clone(),
            None => format!(
                "sqlite://{}",
                restored_dir.path().join("db/hermes.sqlite3").display()
            ),
        };
        let (url, dir, src) = (
            restored_url.clone(),
            restored_dir.path().join("data"),
            dest.clone(),
        );
        tokio::task::spawn_blocking(move || {
            hermes(&["restore", src.to_str().unwrap()], &url, &dir);
            // Restoring twice refuses: nothing is overwritten.
            let twice = Command::new(BIN)
                .args(["restore", src.to_str().unwrap()])
                .env_clear()
                .env("DATABASE_URL", &url)
                .env("HERMES_DATA_DIR", &dir)
                .output()
                .expect("run hermes");
            assert!(!twice.status.success(), "a second restore over the first");
        })
        .await
        .expect("restore");
        let restored = serve(&restored_url, &restored_dir.path().join("data"));

        // The same game, at a sequence between the one before the backup and the one
        // after, served to tokens minted by the first server.
        let g = game(&client, &restored.url, &id, &players[1].token).await;
        let seq = g["seq"].as_i64().unwrap();
        assert!((before..=after).contains(&seq), "{before} ≤ {seq} ≤ {after}");
        let (status, log) = read(
            client
                .get(format!("{}/games/{id}/log", restored.url))
                .bearer_auth(&players[0].token)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{log}");
        let original = game(&client, &app.url, &id, &players[0].token).await;
        assert_eq!(g["players"], original["players"]);
        assert_eq!(g["seed_commitment"], original["seed_commitment"]);
        let (status, me) = read(
            client
                .get(format!("{}/me", restored.url))
                .bearer_auth(&players[1].token)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert_eq!(me["id"], players[1].id.as_str());
        // And play goes on there from the restored state.
        if g["status"] == "running" {
            assert!(play_one(&client, &restored.url, &id, &players, &mut rng).await);
            let next = game(&client, &restored.url, &id, &players[0].token).await;
            assert_eq!(next["seq"].as_i64().unwrap(), seq + 1);
        }
    }
);
