//! `hermes backup DIR` and `hermes restore DIR`: the database and the JWT secret, together.
//!
//! A backup is a directory:
//! * SQLite: `hermes.sqlite3`, written by `VACUUM INTO` on a connection to the live file: one
//!   read transaction, so the copy is consistent while the server goes on writing (WAL lets
//!   the writer continue beside it);
//! * PostgreSQL: `hermes.pgdump`, written by `pg_dump --format=custom` (one snapshot of the
//!   database, consistent while servers write); restored with `pg_restore`. Both programs
//!   must be on the `PATH` (PostgreSQL's client package), at least as new as the server;
//! * `jwt_secret`, the secret kept in the data directory, when no `jwt_secret` is configured:
//!   tokens and mail links minted before the backup verify after a restore. A configured
//!   secret is not written (it lives in the operator's configuration, not in the data);
//! * `README.txt`, what is there and how to restore it.
//!
//! Restoring never overwrites: the SQLite file, the PostgreSQL database's tables and the
//! data directory's secret must not exist yet (stop the server, move the old ones away).

use crate::config::Settings;
use crate::secret::{redact_url, write_private};
use crate::store::DatabaseUrl;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The SQLite copy's file name in a backup.
pub const SQLITE_FILE: &str = "hermes.sqlite3";
/// The PostgreSQL dump's file name in a backup.
pub const PG_DUMP_FILE: &str = "hermes.pgdump";
/// The JWT secret's file name, in a backup and in the data directory.
pub const SECRET_FILE: &str = "jwt_secret";

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(transparent)]
    Url(#[from] crate::store::StartupError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Refused(String),
    #[error("the database at {url}: {reason}")]
    Database { url: String, reason: String },
    #[error("{program} failed: {reason}")]
    Tool {
        program: &'static str,
        reason: String,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |source| BackupError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Write a backup of the database `settings` name, and its JWT secret, into the new
/// directory `dest` (it must not exist, or be empty).
pub fn backup(settings: &Settings, dest: &Path, out: &mut impl Write) -> Result<(), BackupError> {
    let url = DatabaseUrl::parse(&settings.database_url.0)?;
    let shown = redact_url(&settings.database_url.0);
    if dest.exists() && std::fs::read_dir(dest).map_err(io(dest))?.next().is_some() {
        return Err(BackupError::Refused(format!(
            "{} exists and is not empty; name a new directory",
            dest.display()
        )));
    }
    std::fs::create_dir_all(dest).map_err(io(dest))?;
    let mut readme = String::from("A Hermes backup (`hermes backup`).\n\n");
    match &url {
        DatabaseUrl::Sqlite(path) => {
            if !path.exists() {
                return Err(BackupError::Refused(format!(
                    "no SQLite database at {}",
                    path.display()
                )));
            }
            let target = dest.join(SQLITE_FILE);
            crate::store::backup::sqlite_copy(path, &target).map_err(|reason| {
                BackupError::Database {
                    url: shown.clone(),
                    reason,
                }
            })?;
            writeln!(out, "database: {} → {}", path.display(), target.display())
                .map_err(io(dest))?;
            readme.push_str(&format!(
                "{SQLITE_FILE}: the SQLite database, consistent as of the backup.\n"
            ));
        }
        DatabaseUrl::Postgres(raw) => {
            let target = dest.join(PG_DUMP_FILE);
            let (conninfo, password) = split_password(raw);
            let mut cmd = Command::new("pg_dump");
            cmd.arg("--format=custom")
                .arg("--no-owner")
                .arg("--file")
                .arg(&target)
                .arg("--dbname")
                .arg(&conninfo);
            if let Some(p) = password {
                cmd.env("PGPASSWORD", p);
            }
            run(cmd, "pg_dump")?;
            writeln!(out, "database: {shown} → {}", target.display()).map_err(io(dest))?;
            readme.push_str(&format!(
                "{PG_DUMP_FILE}: the PostgreSQL database (pg_dump --format=custom), one \
                 snapshot.\n"
            ));
        }
    }
    if settings.jwt_secret.is_some() {
        writeln!(
            out,
            "jwt secret: configured (jwt_secret / HERMES_JWT_SECRET), not copied; keep it with \
             your configuration"
        )
        .map_err(io(dest))?;
        readme.push_str(
            "The JWT secret was configured (jwt_secret / HERMES_JWT_SECRET) and is not here: \
             restore with the same setting.\n",
        );
    } else {
        let kept = settings.data_dir.join(SECRET_FILE);
        match std::fs::read(&kept) {
            Ok(bytes) => {
                let target = dest.join(SECRET_FILE);
                write_private(&target, &bytes).map_err(io(&target))?;
                writeln!(out, "jwt secret: {} → {}", kept.display(), target.display())
                    .map_err(io(dest))?;
                readme.push_str(&format!(
                    "{SECRET_FILE}: the JWT secret of the data directory; tokens and mail \
                     links minted before still verify. Keep it secret.\n"
                ));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                writeln!(
                    out,
                    "jwt secret: none yet in {} (the server makes one on its first start)",
                    settings.data_dir.display()
                )
                .map_err(io(dest))?;
            }
            Err(e) => return Err(io(&kept)(e)),
        }
    }
    readme.push_str(
        "\nRestore: stop the server, point the settings at an empty database (a new SQLite \
         path, or a new PostgreSQL database) and a data directory without a jwt_secret, \
         then run `hermes restore THIS_DIRECTORY` with the same settings.\n",
    );
    let readme_path = dest.join("README.txt");
    std::fs::write(&readme_path, readme).map_err(io(&readme_path))?;
    writeln!(out, "backup written to {}", dest.display()).map_err(io(dest))?;
    Ok(())
}

/// Restore the backup in `src` into the database and data directory `settings` name.
/// Refuses to overwrite anything.
pub fn restore(settings: &Settings, src: &Path, out: &mut impl Write) -> Result<(), BackupError> {
    let url = DatabaseUrl::parse(&settings.database_url.0)?;
    let shown = redact_url(&settings.database_url.0);
    let secret = src.join(SECRET_FILE);
    let kept = settings.data_dir.join(SECRET_FILE);
    let restore_secret = secret.exists() && settings.jwt_secret.is_none();
    if restore_secret && kept.exists() {
        return Err(BackupError::Refused(format!(
            "{} exists; move it away to restore the backup's secret",
            kept.display()
        )));
    }
    match &url {
        DatabaseUrl::Sqlite(path) => {
            let copy = src.join(SQLITE_FILE);
            if !copy.exists() {
                return Err(BackupError::Refused(format!(
                    "{} holds no {SQLITE_FILE}: is it a backup of a SQLite server?",
                    src.display()
                )));
            }
            if path.exists() {
                return Err(BackupError::Refused(format!(
                    "{} exists; stop the server and move it away (with its -wal and -shm \
                     files) to restore",
                    path.display()
                )));
            }
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(io(dir))?;
            }
            // Copy to a temporary name and rename: a crash never leaves half a database
            // under the real name.
            let partial = path.with_extension("restoring");
            std::fs::copy(&copy, &partial).map_err(io(&partial))?;
            std::fs::rename(&partial, path).map_err(io(path))?;
            writeln!(out, "database: {} → {}", copy.display(), path.display()).map_err(io(path))?;
        }
        DatabaseUrl::Postgres(raw) => {
            let dump = src.join(PG_DUMP_FILE);
            if !dump.exists() {
                return Err(BackupError::Refused(format!(
                    "{} holds no {PG_DUMP_FILE}: is it a backup of a PostgreSQL server?",
                    src.display()
                )));
            }
            let present = crate::store::backup::pg_holds_tables(raw).map_err(|reason| {
                BackupError::Database {
                    url: shown.clone(),
                    reason,
                }
            })?;
            if present {
                return Err(BackupError::Refused(format!(
                    "the database at {shown} already holds Hermes tables; restore into a new, \
                     empty database"
                )));
            }
            let (conninfo, password) = split_password(raw);
            let mut cmd = Command::new("pg_restore");
            cmd.arg("--no-owner")
                .arg("--exit-on-error")
                .arg("--single-transaction")
                .arg("--dbname")
                .arg(&conninfo)
                .arg(&dump);
            if let Some(p) = password {
                cmd.env("PGPASSWORD", p);
            }
            run(cmd, "pg_restore")?;
            writeln!(out, "database: {} → {shown}", dump.display()).map_err(io(src))?;
        }
    }
    if restore_secret {
        let bytes = std::fs::read(&secret).map_err(io(&secret))?;
        std::fs::create_dir_all(&settings.data_dir).map_err(io(&settings.data_dir))?;
        write_private(&kept, &bytes).map_err(io(&kept))?;
        writeln!(out, "jwt secret: {} → {}", secret.display(), kept.display())
            .map_err(io(&kept))?;
    }
    writeln!(out, "restored from {}", src.display()).map_err(io(src))?;
    Ok(())
}

/// The URL without its password (which would show in the process list), and the
/// password, for `PGPASSWORD`.
fn split_password(raw: &str) -> (String, Option<String>) {
    match url::Url::parse(raw) {
        Ok(mut u) => {
            let password = u.password().map(percent_decode);
            if password.is_some() {
                // Cannot fail: a URL with a password has a host.
                let _ = u.set_password(None);
            }
            (u.to_string(), password)
        }
        Err(_) => (raw.to_string(), None),
    }
}

/// `%XX` escapes decoded (a password in a URL is percent-encoded).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        if let (b'%', Some(b)) = (bytes[i], hex) {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn run(mut cmd: Command, program: &'static str) -> Result<(), BackupError> {
    let output = cmd.output().map_err(|e| BackupError::Tool {
        program,
        reason: if e.kind() == std::io::ErrorKind::NotFound {
            format!(
                "{program} is not installed (install PostgreSQL's client programs, as new as \
                 the server)"
            )
        } else {
            e.to_string()
        },
    })?;
    if output.status.success() {
        Ok(())
    } else {
        Err(BackupError::Tool {
            program,
            reason: format!(
                "{}: {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_leaves_the_url_for_the_environment() {
        let (url, pw) = split_password("postgres://bob:p%40ss@db:5432/hermes");
        assert_eq!(url, "postgres://bob@db:5432/hermes");
        assert_eq!(pw.as_deref(), Some("p@ss"));
        let (url, pw) = split_password("postgres://bob@db/hermes");
        assert_eq!(url, "postgres://bob@db/hermes");
        assert_eq!(pw, None);
    }
}
