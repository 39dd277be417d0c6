//! Storage: one diesel code path for SQLite and PostgreSQL.
//!
//! Owns: choosing the backend from the database URL's scheme, the connection pool (with
//! SQLite set up for a server on every connection), the embedded migrations, the tables
//! and the queries. Must not: know a game rule or an HTTP status. Everything that must
//! happen once is decided here by a unique key or a conditional update, never by memory
//! in one process, so several servers may share one Postgres database.

pub mod accounts;
pub mod backup;
pub mod bots;
pub mod calendar;
pub mod deadlines;
pub mod decks;
pub mod events;
pub mod games;
pub mod group;
pub mod health;
pub mod inbound;
pub mod invitations;
pub mod lease;
pub mod models;
pub mod outbox;
pub mod prefs;
pub mod queue;
pub mod rematches;
pub mod runner;
pub mod schema;
pub mod sessions;
pub mod talk;
pub mod visits;
pub mod webhooks;

pub use runner::Db;

use crate::error::ApiError;
use crate::secret::redact_url;
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

/// Run `$body` (one query, written once) on the backend's own connection `$c`, not
/// through the multi-backend wrapper: the wrapper's queries have no static id, so diesel
/// builds their SQL text again at every execution to find the prepared statement (a
/// twentieth of a turn's CPU, BENCHMARKS.md), where the backend's own connection finds it
/// by the query's type. For the statements every turn runs; the same query on both.
macro_rules! native {
    ($conn:expr, $c:ident => $body:expr) => {
        match $conn {
            $crate::store::DbConn::Sqlite($c) => $body,
            $crate::store::DbConn::Pg($c) => $body,
        }
    };
}
pub(crate) use native;

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
    /// PostgreSQL failed this write to break a deadlock (two servers' writers each
    /// holding a row the other waits for, as two batches of the same turns in another
    /// order do) or a serialization conflict. Done again once the other writer is through,
    /// the same write is decided on its own merits (a turn another server applied first is
    /// then stale).
    pub fn is_lock_conflict(&self) -> bool {
        match self {
            StoreError::Db(diesel::result::Error::DatabaseError(kind, info)) => {
                matches!(
                    kind,
                    diesel::result::DatabaseErrorKind::SerializationFailure
                ) || info.message().starts_with("deadlock detected")
            }
            _ => false,
        }
    }
}

/// What kind of trouble the database is in, when it is not the request's fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outage {
    /// No connection could be had, or it broke, or a statement ran out of time
    /// (PostgreSQL unreachable, silent, or overloaded).
    Unavailable,
    /// SQLite: another process held the write lock for longer than `busy_timeout`.
    Busy,
}

/// The trouble a diesel error says the database is in, if any.
pub fn outage_of(e: &diesel::result::Error) -> Option<Outage> {
    use diesel::result::{DatabaseErrorKind, Error};
    match e {
        Error::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => Some(Outage::Unavailable),
        Error::DatabaseError(_, info) => {
            let message = info.message();
            // SQLite's words for SQLITE_BUSY / SQLITE_LOCKED (diesel keeps no code).
            if message.contains("database is locked")
                || message.contains("database table is locked")
                || message.contains("database is busy")
            {
                Some(Outage::Busy)
            // PostgreSQL: statement_timeout (57014 query_canceled), a server going away.
            } else if message.contains("statement timeout")
                || message.contains("server closed the connection")
                || message.contains("terminating connection")
                || message.contains("could not receive data")
                || message.contains("could not send data")
                || message.contains("no connection to the server")
            {
                Some(Outage::Unavailable)
            } else {
                None
            }
        }
        _ => None,
    }
}

impl StoreError {
    /// The trouble the database is in, if this error is an outage rather than a bug.
    pub fn outage(&self) -> Option<Outage> {
        match self {
            StoreError::Pool(_) => Some(Outage::Unavailable),
            StoreError::Db(e) => outage_of(e),
        }
    }

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

/// How long the service waits for its database, at each step. A request that runs out
/// of any of these is answered 503 (`database_unavailable` / `database_busy`), never left
/// hanging: see `config.rs` for the settings that fill it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// PostgreSQL: libpq `connect_timeout` (whole seconds; libpq takes at least 2).
    pub connect: Duration,
    /// PostgreSQL: `statement_timeout` and `tcp_user_timeout`. SQLite: `busy_timeout`,
    /// how long a writer waits for another process's write lock.
    pub statement: Duration,
    /// Waiting for a connection from the pool (r2d2 `connection_timeout`).
    pub pool: Duration,
    /// PostgreSQL: the whole database part of one request (checkout and queries); past it
    /// the request is answered 503 even if libpq still waits on a silent connection.
    pub request: Duration,
    /// PostgreSQL: TCP keepalives start after this much quiet (`keepalives_idle`; probes
    /// every third of it, three of them), so a dead peer breaks an idle connection.
    pub keepalive: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            connect: Duration::from_secs(5),
            statement: Duration::from_secs(5),
            pool: Duration::from_secs(5),
            request: Duration::from_secs(10),
            keepalive: Duration::from_secs(10),
        }
    }
}

/// The URL with the connection parameters that bound every wait on a silent or
/// unreachable server: connect timeout, TCP keepalives, TCP user timeout and the
/// server-side statement timeout. A parameter the URL already sets is left as given.
pub fn postgres_url_with_timeouts(raw: &str, t: &Timeouts) -> String {
    let Ok(parsed) = url::Url::parse(raw) else {
        return raw.to_string();
    };
    let given: Vec<String> = parsed.query_pairs().map(|(k, _)| k.into_owned()).collect();
    let ms = |d: Duration| d.as_millis().max(1);
    let idle = t.keepalive.as_secs().max(1);
    let wanted = [
        ("connect_timeout", t.connect.as_secs().max(2).to_string()),
        ("keepalives", "1".to_string()),
        ("keepalives_idle", idle.to_string()),
        ("keepalives_interval", (idle / 3).max(1).to_string()),
        ("keepalives_count", "3".to_string()),
        ("tcp_user_timeout", ms(t.statement).to_string()),
        // `-c statement_timeout=N`, percent-encoded by hand: libpq does not read `+` as
        // a space.
        (
            "options",
            format!("-c%20statement_timeout%3D{}", ms(t.statement)),
        ),
    ];
    let mut query = parsed.query().unwrap_or("").to_string();
    for (key, value) in wanted {
        if given.iter().any(|g| g == key) {
            continue;
        }
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(key);
        query.push('=');
        query.push_str(&value);
    }
    let mut url = parsed;
    url.set_query(Some(&query));
    url.to_string()
}

/// WAL pages past which a SQLite commit checkpoints the log itself (SQLite's default is
/// 1,000). The group-commit writer's checkpointer thread keeps the log shorter than that
/// in the background, so turns do not wait for checkpoints; this is the backstop.
pub const WAL_AUTOCHECKPOINT: u32 = 8_000;

/// SQLite's `PRAGMA synchronous`: when a commit counts as done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Synchronous {
    /// The write-ahead log is synced to disk at every commit: a commit that returned
    /// survives a power loss or an OS crash. The default.
    #[default]
    Full,
    /// The log is synced only at checkpoints: faster, never corrupt, but the last
    /// transactions before a power loss or an OS crash (not a crash of the process alone)
    /// may be rolled back, after they were acknowledged.
    Normal,
}

impl Synchronous {
    pub fn pragma(self) -> &'static str {
        match self {
            Synchronous::Full => "FULL",
            Synchronous::Normal => "NORMAL",
        }
    }
}

impl std::str::FromStr for Synchronous {
    type Err = String;
    fn from_str(s: &str) -> Result<Synchronous, String> {
        match s.to_ascii_lowercase().as_str() {
            "full" => Ok(Synchronous::Full),
            "normal" => Ok(Synchronous::Normal),
            other => Err(format!("`{other}`: expected `full` or `normal`")),
        }
    }
}

/// Opens connections of the backend the URL names (never by trying each in turn: a
/// Postgres URL must not become a SQLite file).
#[derive(Debug, Clone)]
pub struct Manager {
    pub(crate) url: DatabaseUrl,
    timeouts: Timeouts,
    synchronous: Synchronous,
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
                // wait for the lock instead of failing; FULL syncs the log at every
                // commit, so nothing acknowledged is lost on a power loss (NORMAL, if
                // the operator chose it, may lose the last commits then; never corrupts).
                // temp_store = MEMORY keeps the statement journal of each savepoint (one
                // per turn in a group commit) in memory: on a file it cost two writes
                // per page a turn touched. It holds nothing a crash must keep: what is
                // not committed is rolled back anyway. The WAL is checkpointed in the
                // background (`group::checkpointer`); a commit checkpoints itself only
                // past `WAL_AUTOCHECKPOINT` pages, if that falls behind.
                conn.batch_execute(&format!(
                    "PRAGMA journal_mode = WAL;
                     PRAGMA busy_timeout = {};
                     PRAGMA foreign_keys = ON;
                     PRAGMA temp_store = MEMORY;
                     PRAGMA wal_autocheckpoint = {WAL_AUTOCHECKPOINT};
                     PRAGMA synchronous = {};",
                    self.timeouts.statement.as_millis().max(1),
                    self.synchronous.pragma()
                ))
                .map_err(r2d2::Error::QueryError)?;
                Ok(DbConn::Sqlite(conn))
            }
            DatabaseUrl::Postgres(url) => {
                PgConnection::establish(&postgres_url_with_timeouts(url, &self.timeouts))
                    .map(DbConn::Pg)
                    .map_err(r2d2::Error::ConnectionError)
            }
        }
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        // A SQLite connection is a file handle in this process: it cannot go away as a
        // server's can, and a broken one is already caught by `has_broken`. Asking it
        // `SELECT 1` at every checkout cost every request a statement.
        if let DbConn::Sqlite(_) = conn {
            return Ok(());
        }
        diesel::sql_query("SELECT 1")
            .execute(conn)
            .map(|_| ())
            .map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConn) -> bool {
        // A connection whose server went away, or whose transaction manager is stuck
        // after a failed rollback, is dropped instead of going back to the pool.
        std::thread::panicking() || diesel::r2d2::R2D2Connection::is_broken(conn)
    }
}

pub type Pool = r2d2::Pool<Manager>;

/// Where an act gets its database connection when it may wait for the group-commit
/// writer ([`group::GroupCommit`]): a pooled connection it gives back while it waits, so
/// that the turns waiting for one commit are not bounded by the pool (`pool_size`), or a
/// connection of the caller's, kept throughout.
pub trait Lease: Send {
    /// The connection, checked out of the pool again if it was given back.
    fn conn(&mut self) -> Result<&mut DbConn, StoreError>;
    /// Give the connection back while waiting (no-op for one that is not pooled).
    fn release(&mut self) {}
}

impl Lease for DbConn {
    fn conn(&mut self) -> Result<&mut DbConn, StoreError> {
        Ok(self)
    }
}

/// A pooled connection checked out on demand and given back on [`Lease::release`].
pub struct Pooled {
    pool: Pool,
    conn: Option<r2d2::PooledConnection<Manager>>,
}

impl Pooled {
    pub fn new(pool: Pool) -> Pooled {
        Pooled { pool, conn: None }
    }
}

impl Lease for Pooled {
    fn conn(&mut self) -> Result<&mut DbConn, StoreError> {
        let conn = match self.conn.take() {
            Some(conn) => conn,
            None => self.pool.get()?,
        };
        Ok(&mut **self.conn.insert(conn))
    }

    fn release(&mut self) {
        self.conn = None;
    }
}

/// A SQLite connection of the calling thread's own, for the short reads an async worker
/// may run itself instead of handing them to a blocking thread (a turn on a hot game:
/// `crate::http::with_lease_here`). Opened by `manager` on first use and kept for the
/// thread's life: taken out while in use and put back when the guard drops, unless it
/// broke or the thread is panicking (it may be mid-statement then). In WAL mode a read
/// never waits for the writer, so the worker is not held up by a commit; only SQLite: a
/// server's round trips belong on a blocking thread. `None` when it cannot be opened:
/// the caller then goes the usual way, which reports the trouble.
pub fn thread_conn(manager: &Manager) -> Option<ThreadConn<'_>> {
    // Kept with the database it opens: a thread is not expected to serve two servers,
    // but if it did, it would not read one's database for the other.
    let kept = THREAD_CONN.with(|own| own.borrow_mut().take());
    let conn = match kept {
        Some((url, conn)) if url == manager.url => conn,
        _ => manager.connect().ok()?,
    };
    Some(ThreadConn {
        manager,
        conn: Some(conn),
    })
}

thread_local! {
    static THREAD_CONN: std::cell::RefCell<Option<(DatabaseUrl, DbConn)>> =
        const { std::cell::RefCell::new(None) };
}

/// The thread's own connection, in use ([`thread_conn`]).
pub struct ThreadConn<'a> {
    manager: &'a Manager,
    conn: Option<DbConn>,
}

impl ThreadConn<'_> {
    pub fn conn(&mut self) -> &mut DbConn {
        match &mut self.conn {
            Some(conn) => conn,
            // Taken only by `discard` and `drop`, which consume it.
            None => unreachable!("a thread's connection used after it was let go"),
        }
    }

    /// Close it instead of keeping it (a panic left it in an unknown state).
    pub fn discard(mut self) {
        self.conn = None;
    }
}

impl Drop for ThreadConn<'_> {
    fn drop(&mut self) {
        if let Some(mut conn) = self.conn.take() {
            if !self.manager.has_broken(&mut conn) {
                let url = self.manager.url.clone();
                THREAD_CONN.with(|own| *own.borrow_mut() = Some((url, conn)));
            }
        }
    }
}

/// [`open_with`] with the default [`Timeouts`].
pub fn open(raw_url: &str, pool_size: u32) -> Result<Pool, StartupError> {
    open_with(raw_url, pool_size, &Timeouts::default())
}

/// [`open_durable`] with `synchronous = FULL`.
pub fn open_with(raw_url: &str, pool_size: u32, timeouts: &Timeouts) -> Result<Pool, StartupError> {
    open_durable(raw_url, pool_size, timeouts, Synchronous::Full).map(|(pool, _)| pool)
}

/// Open the database the URL names, create it (SQLite) and run pending migrations.
/// Returns the pool and its connection manager (the group-commit writer opens its own
/// connection with it: [`group::GroupCommit`]).
pub fn open_durable(
    raw_url: &str,
    pool_size: u32,
    timeouts: &Timeouts,
    synchronous: Synchronous,
) -> Result<(Pool, Manager), StartupError> {
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
    let manager = Manager {
        url: url.clone(),
        timeouts: *timeouts,
        synchronous,
    };
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
    let pool = r2d2::Pool::builder()
        .max_size(pool_size)
        .min_idle(Some(1))
        .connection_timeout(timeouts.pool)
        .build(manager.clone())
        .map_err(|e| StartupError::Unreachable {
            url: shown,
            reason: e.to_string(),
        })?;
    Ok((pool, manager))
}

/// One connection for an operator's command that only reads (`hermes check games`), made
/// unable to write: SQLite with `query_only` (an existing file only: nothing is created),
/// PostgreSQL with `default_transaction_read_only`. Unlike [`open`] it runs no migration:
/// a database behind this binary's migrations is refused (start a server of this version
/// first, which migrates), as is one ahead of them (a newer server's).
pub fn open_read_only(raw_url: &str, timeouts: &Timeouts) -> Result<DbConn, StartupError> {
    let url = DatabaseUrl::parse(raw_url)?;
    let shown = redact_url(raw_url);
    let unreachable = |reason: String| StartupError::Unreachable {
        url: shown.clone(),
        reason,
    };
    let mut conn = match &url {
        DatabaseUrl::Sqlite(path) => {
            if !path.is_file() {
                return Err(unreachable(format!(
                    "there is no database file at {}",
                    path.display()
                )));
            }
            let mut conn = SqliteConnection::establish(&path.to_string_lossy())
                .map_err(|e| unreachable(e.to_string()))?;
            conn.batch_execute(&format!(
                "PRAGMA busy_timeout = {}; PRAGMA query_only = ON;",
                timeouts.statement.as_millis().max(1)
            ))
            .map_err(|e| unreachable(e.to_string()))?;
            DbConn::Sqlite(conn)
        }
        DatabaseUrl::Postgres(raw) => {
            let mut conn = PgConnection::establish(&postgres_url_with_timeouts(raw, timeouts))
                .map_err(|e| unreachable(e.to_string()))?;
            conn.batch_execute("SET default_transaction_read_only = on")
                .map_err(|e| unreachable(e.to_string()))?;
            DbConn::Pg(conn)
        }
    };
    let behind = migrations_behind(&mut conn).map_err(|reason| StartupError::Migrate {
        url: shown.clone(),
        reason,
    })?;
    if let Some(reason) = behind {
        return Err(StartupError::Migrate { url: shown, reason });
    }
    Ok(conn)
}

/// Why the database's migrations are not exactly this binary's (`None`: they are), read
/// without writing (diesel's own check creates its table when missing).
fn migrations_behind(conn: &mut DbConn) -> Result<Option<String>, String> {
    use diesel::migration::MigrationSource;
    #[derive(diesel::QueryableByName)]
    struct Applied {
        #[diesel(sql_type = diesel::sql_types::Text)]
        version: String,
    }
    let applied: Vec<Applied> = diesel::sql_query("SELECT version FROM __diesel_schema_migrations")
        .load(conn)
        .map_err(|e| format!("not a Hermes database (no migrations table: {e})"))?;
    let applied: std::collections::BTreeSet<String> =
        applied.into_iter().map(|a| a.version).collect();
    let known: std::collections::BTreeSet<String> = match conn {
        DbConn::Sqlite(_) => {
            MigrationSource::<diesel::sqlite::Sqlite>::migrations(&SQLITE_MIGRATIONS)
                .map_err(|e| e.to_string())?
                .iter()
                .map(|m| m.name().version().to_string())
                .collect()
        }
        DbConn::Pg(_) => MigrationSource::<diesel::pg::Pg>::migrations(&POSTGRES_MIGRATIONS)
            .map_err(|e| e.to_string())?
            .iter()
            .map(|m| m.name().version().to_string())
            .collect(),
    };
    let pending = known.difference(&applied).count();
    let unknown = applied.difference(&known).count();
    Ok(if pending > 0 {
        Some(format!(
            "{pending} migration(s) of this version are not applied: start `hermes serve` of \
             this version once (it migrates), then check"
        ))
    } else if unknown > 0 {
        Some(format!(
            "{unknown} applied migration(s) are unknown to this version: the database is \
             a newer server's; check with that version"
        ))
    } else {
        None
    })
}

/// Run `f` in a transaction that reads one snapshot of the database: SQLite's deferred
/// transaction (its snapshot is taken at the first read), PostgreSQL's repeatable read.
pub fn read_transaction<T, E, F>(conn: &mut DbConn, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    conn.transaction(|conn| {
        if let DbConn::Pg(c) = conn {
            c.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")?;
        }
        f(conn)
    })
}

/// Run `f` in a transaction that writes. On SQLite it begins `BEGIN IMMEDIATE`: the write
/// lock is taken first, waiting up to `busy_timeout` for another process's writer. A
/// deferred transaction that reads and then writes cannot wait (its snapshot would be
/// stale) and fails at once with "database is locked". On PostgreSQL it is an ordinary
/// transaction. Inside one already open, it is a savepoint, as `Connection::transaction`.
pub fn write_transaction<T, E, F>(conn: &mut DbConn, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let DbConn::Sqlite(sqlite) = conn else {
        return conn.transaction(f);
    };
    let depth = AnsiTransactionManager::transaction_manager_status_mut(sqlite)
        .transaction_depth()
        .map_err(E::from)?;
    if depth.is_some() {
        return conn.transaction(f);
    }
    AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?;
    match f(conn) {
        Ok(value) => {
            if let DbConn::Sqlite(sqlite) = conn {
                AnsiTransactionManager::commit_transaction(sqlite)?;
            }
            Ok(value)
        }
        Err(e) => {
            if let DbConn::Sqlite(sqlite) = conn {
                match AnsiTransactionManager::rollback_transaction(sqlite) {
                    Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => {}
                    Err(rollback) => return Err(rollback.into()),
                }
            }
            Err(e)
        }
    }
}

fn migrate(conn: &mut DbConn) -> Result<(), String> {
    match conn {
        DbConn::Sqlite(c) => c
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        DbConn::Pg(c) => {
            // A migration, and waiting for another server's, may take longer than a
            // request's statement timeout.
            c.batch_execute("SET statement_timeout = 0")
                .map_err(|e| e.to_string())?;
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

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e.outage() {
            Some(Outage::Unavailable) => ApiError::database_unavailable(e),
            Some(Outage::Busy) => ApiError::database_busy(e),
            None => ApiError::internal(e),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> ApiError {
        StoreError::from(e).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_deadlock_or_serialization_failure_is_a_lock_conflict_and_nothing_else_is() {
        use diesel::result::{DatabaseErrorKind as K, Error as E};
        let db = |kind, message: &str| {
            StoreError::Db(E::DatabaseError(kind, Box::new(message.to_string())))
        };
        assert!(db(K::Unknown, "deadlock detected").is_lock_conflict());
        assert!(db(K::SerializationFailure, "could not serialize access").is_lock_conflict());
        assert!(!db(K::UniqueViolation, "duplicate key value").is_lock_conflict());
        assert!(!db(K::ClosedConnection, "server closed the connection").is_lock_conflict());
        assert!(!StoreError::Db(E::NotFound).is_lock_conflict());
    }

    #[test]
    fn a_read_only_connection_cannot_write_and_needs_a_migrated_database() {
        let dir = tempfile::tempdir().unwrap();
        let missing = format!("sqlite://{}", dir.path().join("none.sqlite3").display());
        let err = open_read_only(&missing, &Timeouts::default())
            .err()
            .unwrap();
        assert!(err.to_string().contains("no database file"), "{err}");
        assert!(!dir.path().join("none.sqlite3").exists());

        let other = dir.path().join("other.sqlite3");
        SqliteConnection::establish(&other.to_string_lossy())
            .unwrap()
            .batch_execute("CREATE TABLE t (x INTEGER)")
            .unwrap();
        let other = format!("sqlite://{}", other.display());
        let err = open_read_only(&other, &Timeouts::default()).err().unwrap();
        assert!(err.to_string().contains("not a Hermes database"), "{err}");

        let url = format!("sqlite://{}", dir.path().join("h.sqlite3").display());
        drop(open(&url, 1).unwrap());
        let mut conn = open_read_only(&url, &Timeouts::default()).unwrap();
        let write = diesel::sql_query("DELETE FROM games").execute(&mut conn);
        assert!(write.is_err(), "a read-only connection wrote");
        let read = diesel::sql_query("SELECT id FROM games").execute(&mut conn);
        assert!(read.is_ok(), "{read:?}");
    }

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
    fn a_threads_own_connection_is_kept_for_its_database_and_let_go_after_a_panic() {
        #[derive(diesel::QueryableByName)]
        struct File {
            #[diesel(sql_type = diesel::sql_types::Text)]
            file: String,
        }
        fn file_of(own: &mut ThreadConn<'_>) -> String {
            let DbConn::Sqlite(c) = own.conn() else {
                panic!("expected sqlite")
            };
            diesel::sql_query("SELECT file FROM pragma_database_list WHERE name = 'main'")
                .get_result::<File>(c)
                .unwrap()
                .file
        }
        fn mark_of(own: &mut ThreadConn<'_>) -> i32 {
            let DbConn::Sqlite(c) = own.conn() else {
                panic!("expected sqlite")
            };
            #[derive(diesel::QueryableByName)]
            struct Mark {
                #[diesel(sql_type = diesel::sql_types::Integer)]
                cache_size: i32,
            }
            diesel::sql_query("PRAGMA cache_size")
                .get_result::<Mark>(c)
                .unwrap()
                .cache_size
        }
        fn set_mark(own: &mut ThreadConn<'_>) {
            let DbConn::Sqlite(c) = own.conn() else {
                panic!("expected sqlite")
            };
            diesel::sql_query("PRAGMA cache_size = -1234")
                .execute(c)
                .unwrap();
        }
        let dir = tempfile::tempdir().unwrap();
        let opened = |name: &str| {
            let url = format!("sqlite://{}/{name}.sqlite3", dir.path().display());
            open_durable(&url, 1, &Timeouts::default(), Synchronous::Full)
                .unwrap()
                .1
        };
        let (a, b) = (opened("a"), opened("b"));
        std::thread::spawn(move || {
            let mut own = thread_conn(&a).unwrap();
            assert!(file_of(&mut own).ends_with("a.sqlite3"));
            // A setting of this connection only: it tells the same connection again.
            set_mark(&mut own);
            drop(own);
            assert_eq!(mark_of(&mut thread_conn(&a).unwrap()), -1234);
            // Another database: its own connection, not the one kept for `a`.
            assert!(file_of(&mut thread_conn(&b).unwrap()).ends_with("b.sqlite3"));
            // Let go after a panic: the next one is opened afresh.
            let mut own = thread_conn(&a).unwrap();
            set_mark(&mut own);
            own.discard();
            assert_ne!(mark_of(&mut thread_conn(&a).unwrap()), -1234);
        })
        .join()
        .unwrap();
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
        // Durable by default: the log is synced at every commit (2 = FULL).
        assert_eq!(synchronous_of(c), 2);
    }

    #[derive(diesel::QueryableByName)]
    struct Sync {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        synchronous: i32,
    }

    fn synchronous_of(c: &mut SqliteConnection) -> i32 {
        let s: Sync = diesel::sql_query("PRAGMA synchronous")
            .get_result(c)
            .unwrap();
        s.synchronous
    }

    #[test]
    fn synchronous_normal_is_only_what_the_operator_asks_for() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/h.sqlite3", dir.path().display());
        let (pool, _) =
            open_durable(&url, 1, &Timeouts::default(), "normal".parse().unwrap()).unwrap();
        let mut conn = pool.get().unwrap();
        let DbConn::Sqlite(c) = &mut *conn else {
            panic!("expected sqlite")
        };
        // 1 = NORMAL.
        assert_eq!(synchronous_of(c), 1);
        assert!("sometimes".parse::<Synchronous>().is_err());
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
