//! What `hermes backup` and `hermes restore` ask of the database itself
//! (`crate::cli::backup` owns the rest: the directory, the secret, `pg_dump` and `pg_restore`).
//!
//! Owns: the SQLite copy (`VACUUM INTO`) and the check that a PostgreSQL database holds
//! no Hermes tables yet. Each opens a connection of its own, outside the pool (the server
//! may not be running). Errors are the reason as the operator reads it.
//! Must not: touch a file other than the database and the copy it is asked to write.

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, RunQueryDsl, SqliteConnection};
use std::path::Path;

/// Copy the live SQLite database at `db` into the new file `target` with `VACUUM INTO`:
/// one read transaction, so the copy is consistent while a server goes on writing (WAL
/// lets the writer continue beside it). `Err` is why not: the connection's error, or
/// `VACUUM INTO TARGET: …`.
pub fn sqlite_copy(db: &Path, target: &Path) -> Result<(), String> {
    let mut conn = SqliteConnection::establish(&db.to_string_lossy()).map_err(|e| e.to_string())?;
    let target_sql = target.to_string_lossy().replace('\'', "''");
    conn.batch_execute(&format!(
        "PRAGMA busy_timeout = 30000; VACUUM INTO '{target_sql}';"
    ))
    .map_err(|e| format!("VACUUM INTO {}: {e}", target.display()))
}

/// Whether the PostgreSQL database at `url` already holds Hermes tables (its `games`
/// table): a restore goes into a new, empty database only. `Err` is why it could not
/// be asked.
pub fn pg_holds_tables(url: &str) -> Result<bool, String> {
    let mut conn = PgConnection::establish(url).map_err(|e| e.to_string())?;
    #[derive(diesel::QueryableByName)]
    struct Exists {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        present: bool,
    }
    let found: Exists =
        diesel::sql_query("SELECT to_regclass('public.games') IS NOT NULL AS present")
            .get_result(&mut conn)
            .map_err(|e| e.to_string())?;
    Ok(found.present)
}
