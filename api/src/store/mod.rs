//! Storage: one diesel code path for SQLite and PostgreSQL.
//!
//! Owns: choosing the backend from the database URL's scheme, the connection pool (with
//! SQLite set up for a server on every connection), the embedded migrations, the tables
//! and the queries. Must not: know a game rule or an HTTP status. Everything that must
//! happen once is decided here by a unique key or a conditional update, never by memory
//! in one process, so several servers may share one Postgres database.

pub mod accounts;
pub mod deadlines;
pub mod decks;
pub mod games;
pub mod models;
pub mod outbox;
pub mod prefs;
pub mod schema;

use crate::config::redact_url;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{self, ManageConnection};
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, RunQueryDsl};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::path::PathBuf;
use std::time::Duration;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// A connection to either backend; queries are written once against it.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    Sqlite(SqliteConnection),
    Pg(PgConnection),
}

/// Which database a URL names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// A file path, created if missing.
    Sqlite(PathBuf),
    /// A libpq URL, passed through as given.
    Postgres(String),
}

impl DatabaseUrl {
    /// Read a URL: `sqlite://PATH` or `postgres://…` / `postgresql://…`. Anything else is
    /// refused: a bare path is not silently taken for SQLite.
    pub fn parse(raw: &str) -> Result<DatabaseUrl, StartupError> {
        if let Some(path) = raw.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err(StartupError::BadUrl {
                    url: redact_url(raw),
                    reason: "a sqlite:// URL needs a file path, e.g. sqlite://data/hermes.sqlite3"
                        .into(),
                });
            }
            return Ok(DatabaseUrl::Sqlite(PathBuf::from(path)));
        }
        if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            return Ok(DatabaseUrl::Postgres(raw.to_string()));
        }
        Err(StartupError::BadUrl {
            url: redact_url(raw),
            reason: "unknown scheme: use sqlite://PATH or postgres://…".into(),
        })
    }

    pub fn backend(&self) -> &'static str {
        match self {
            DatabaseUrl::Sqlite(_) => "sqlite",
            DatabaseUrl::Postgres(_) => "postgres",
        }
    }
}

/// Why the database could not be made ready at startup. Every variant names the URL
/// without its password.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("database URL {url}: {reason}")]
    BadUrl { url: String, reason: String },
    #[error("cannot connect to the database at {url}: {reason}")]
    Unreachable { url: String, reason: String },
    #[error("cannot migrate the database at {url}: {reason}")]
    Migrate { url: String, reason: String },
}

/// Why a query failed, for the HTTP layer to map.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no database connection available: {0}")]
    Pool(#[from] r2d2::PoolError),
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}

impl StoreError {
    pub fn is_unique_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Db(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _
            ))
        )
    }
}

/// Opens connections of the backend the URL names (never by trying each in turn: a
/// Postgres URL must not become a SQLite file).
#[derive(Debug, Clone)]
pub struct Manager {
    url: DatabaseUrl,
}

impl ManageConnection for Manager {
    type Connection = DbConn;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConn, r2d2::Error> {
        match &self.url {
            DatabaseUrl::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(&path.to_string_lossy())
                    .map_err(r2d2::Error::ConnectionError)?;
                // WAL lets readers run beside the one writer; busy_timeout makes a writer
                // wait for the lock instead of failing; NORMAL is durable in WAL except
                // for the last transactions on power loss, never corrupting.
                conn.batch_execute(
                    "PRAGMA journal_mode = WAL;
                     PRAGMA busy_timeout = 10000;
                     PRAGMA foreign_keys = ON;
                     PRAGMA synchronous = NORMAL;",
                )
                .map_err(r2d2::Error::QueryError)?;
                Ok(DbConn::Sqlite(conn))
            }
            DatabaseUrl::Postgres(url) => PgConnection::establish(url)
                .map(DbConn::Pg)
                .map_err(r2d2::Error::ConnectionError),
        }
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        diesel::sql_query("SELECT 1")
            .execute(conn)
            .map(|_| ())
            .map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, _conn: &mut DbConn) -> bool {
        false
    }
}

pub type Pool = r2d2::Pool<Manager>;

/// Open the database the URL names, create it (SQLite) and run pending migrations.
pub fn open(raw_url: &str, pool_size: u32) -> Result<Pool, StartupError> {
    let url = DatabaseUrl::parse(raw_url)?;
    let shown = redact_url(raw_url);
    if let DatabaseUrl::Sqlite(path) = &url {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StartupError::Unreachable {
                url: shown.clone(),
                reason: format!("cannot create {}: {e}", dir.display()),
            })?;
        }
    }
    let manager = Manager { url: url.clone() };
    // Connect once by hand first: r2d2 would retry quietly until its timeout, and the
    // person starting the server should learn at once why it cannot connect.
    let mut conn = manager.connect().map_err(|e| StartupError::Unreachable {
        url: shown.clone(),
        reason: e.to_string(),
    })?;
    migrate(&mut conn).map_err(|reason| StartupError::Migrate {
        url: shown.clone(),
        reason,
    })?;
    drop(conn);
    r2d2::Pool::builder()
        .max_size(pool_size)
        .min_idle(Some(1))
        .connection_timeout(Duration::from_secs(10))
        .build(manager)
        .map_err(|e| StartupError::Unreachable {
            url: shown,
            reason: e.to_string(),
        })
}

fn migrate(conn: &mut DbConn) -> Result<(), String> {
    match conn {
        DbConn::Sqlite(c) => c
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        DbConn::Pg(c) => {
            // Several servers may start at once against one database: one migrates,
            // the others wait for it. The lock is released with the session.
            const LOCK: i64 = 0x4845_524d_4553; // "HERMES"
            c.batch_execute(&format!("SELECT pg_advisory_lock({LOCK})"))
                .map_err(|e| e.to_string())?;
            let result = c
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|_| ())
                .map_err(|e| e.to_string());
            let unlock = c
                .batch_execute(&format!("SELECT pg_advisory_unlock({LOCK})"))
                .map_err(|e| e.to_string());
            result.and(unlock)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_chooses_the_backend_and_unknown_ones_are_refused() {
        assert_eq!(
            DatabaseUrl::parse("sqlite://data/h.db").unwrap(),
            DatabaseUrl::Sqlite(PathBuf::from("data/h.db"))
        );
        assert_eq!(
            DatabaseUrl::parse("sqlite:///abs/h.db").unwrap(),
            DatabaseUrl::Sqlite(PathBuf::from("/abs/h.db"))
        );
        assert_eq!(
            DatabaseUrl::parse("postgresql://u@h/db").unwrap().backend(),
            "postgres"
        );
        let err = DatabaseUrl::parse("mysql://root:pw@h/db")
            .unwrap_err()
            .to_string();
        assert!(err.contains("mysql://root:***@h/db"), "{err}");
        assert!(DatabaseUrl::parse("data/h.db").is_err());
        assert!(DatabaseUrl::parse("sqlite://").is_err());
    }

    #[test]
    fn a_fresh_sqlite_file_is_created_migrated_and_set_up_for_a_server() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/sub/h.sqlite3", dir.path().display());
        let pool = open(&url, 2).unwrap();
        let mut conn = pool.get().unwrap();
        #[derive(diesel::QueryableByName)]
        struct Mode {
            #[diesel(sql_type = diesel::sql_types::Text)]
            journal_mode: String,
        }
        let DbConn::Sqlite(c) = &mut *conn else {
            panic!("expected sqlite")
        };
        let mode: Mode = diesel::sql_query("PRAGMA journal_mode")
            .get_result(c)
            .unwrap();
        assert_eq!(mode.journal_mode, "wal");
        #[derive(diesel::QueryableByName)]
        struct Fk {
            #[diesel(sql_type = diesel::sql_types::Integer)]
            foreign_keys: i32,
        }
        let fk: Fk = diesel::sql_query("PRAGMA foreign_keys")
            .get_result(c)
            .unwrap();
        assert_eq!(fk.foreign_keys, 1);
        assert!(dir.path().join("sub/h.sqlite3").exists());
    }

    /// `.cargo/config.toml` builds the bundled SQLite with the query planner stability
    /// guarantee. Without it, every statement with `LIMIT ?` (diesel's `.first()`) is
    /// re-prepared at each run, and the turn path loses its statement cache.
    #[test]
    fn the_bundled_sqlite_keeps_limit_statements_prepared() {
        #[derive(diesel::QueryableByName)]
        struct Opt {
            #[diesel(sql_type = diesel::sql_types::Text)]
            compile_options: String,
        }
        let mut c = SqliteConnection::establish(":memory:").unwrap();
        let opts: Vec<Opt> = diesel::sql_query("PRAGMA compile_options")
            .load(&mut c)
            .unwrap();
        let opts: Vec<String> = opts.into_iter().map(|o| o.compile_options).collect();
        assert!(
            opts.iter().any(|o| o == "ENABLE_QPSG"),
            "SQLite was built without SQLITE_ENABLE_QPSG (LIBSQLITE3_FLAGS in .cargo/config.toml): {opts:?}"
        );
    }

    #[test]
    fn an_unreachable_postgres_is_a_startup_error_without_the_password() {
        let err = open("postgres://bob:hunter2@127.0.0.1:1/nope", 1)
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("cannot connect"), "{err}");
        assert!(err.contains("127.0.0.1:1"), "{err}");
        assert!(!err.contains("hunter2"), "{err}");
    }
}
