//! The database runner: how the service gets a connection and where its writes wait.
//!
//! Owns: the pool, this process's one-writer lock on SQLite, the group-commit writer, the
//! connection each async worker keeps for the reads of a hot game, and the deadline within
//! which the database must answer a request (PostgreSQL). Every layer above reaches the
//! database through a [`Db`]: [`Db::conn`] for reads and single statements,
//! [`Db::lease`] for a turn (its connection given back while it waits for the writer),
//! [`Db::write`] for a read-then-write transaction, [`Db::group_write`] for a short write
//! that may share the group commit.
//! Must not: decide anything about what it runs (the acts do), or know a way a request
//! arrives.

use super::group::GroupCommit;
use super::{DbConn, Lease, Manager, Pool, Pooled, StoreError};
use crate::error::{blocking, ApiError, ApiResult};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

pub struct Db {
    pub pool: Pool,
    /// SQLite only: one writer at a time in this process. SQLite admits one writer
    /// anyway; waiting here wakes the next writer as soon as the lock is free, where
    /// SQLite's own busy handler sleeps and retries (up to 100 ms a try), which wrecks
    /// tail latency under load. Other processes on the same file still meet
    /// `busy_timeout`.
    pub sqlite_writer: Option<Arc<Mutex<()>>>,
    /// The writer that commits concurrent turns together (`crate::store::group`), on
    /// both backends; on SQLite it holds `sqlite_writer` for each batch.
    pub group_commit: Option<GroupCommit>,
    /// PostgreSQL only: the longest the database part of one request may take before it
    /// is answered 503 ([`Db::conn`]). SQLite has no network to go silent; its waits are
    /// bounded by `busy_timeout`.
    pub deadline: Option<Duration>,
    /// SQLite only: opens the connection each async worker keeps for the reads of a turn
    /// on a hot game, run on the worker itself (`crate::store::thread_conn`).
    pub thread_reads: Option<Manager>,
}

impl Db {
    /// A runner on `pool` with no writer lock, group commit, deadline or worker
    /// connections (tests, command-line tools).
    pub fn plain(pool: Pool) -> Db {
        Db {
            pool,
            sqlite_writer: None,
            group_commit: None,
            deadline: None,
            thread_reads: None,
        }
    }

    /// On SQLite, this process's one-writer lock (see [`Db::sqlite_writer`]); held for the
    /// length of a write transaction.
    pub fn one_writer(&self) -> Option<MutexGuard<'_, ()>> {
        // A poisoned lock only means another writer panicked; the database is intact.
        self.sqlite_writer
            .as_deref()
            .map(|m| m.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// `work`, bounded on PostgreSQL by the request timeout ([`Db::deadline`]): past it,
    /// 503 `database_unavailable`.
    pub async fn within_deadline<T>(
        &self,
        work: impl std::future::Future<Output = ApiResult<T>>,
    ) -> ApiResult<T> {
        match self.deadline {
            None => work.await,
            Some(limit) => match tokio::time::timeout(limit, work).await {
                Ok(result) => result,
                Err(_) => Err(ApiError::database_unavailable(format!(
                    "no answer from the database within {} ms",
                    limit.as_millis()
                ))),
            },
        }
    }

    /// Run `f` with a pooled connection, off the async workers. On PostgreSQL the whole of
    /// it (checkout and queries) is bounded by the request timeout ([`Db::deadline`]): a
    /// silent server is answered 503 `database_unavailable` instead of hanging the
    /// request; the blocked thread is left to libpq's own timeouts (keepalives,
    /// `tcp_user_timeout`).
    pub async fn conn<T, F>(&self, f: F) -> ApiResult<T>
    where
        F: FnOnce(&mut DbConn) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        let work = blocking(move || {
            let mut conn = pool.get().map_err(StoreError::from)?;
            f(&mut conn)
        });
        self.within_deadline(work).await
    }

    /// [`Db::conn`] for an act that may wait for the group-commit writer (a turn): the
    /// pooled connection is checked out when first used and given back while the act
    /// waits for the writer ([`Lease`]).
    pub async fn lease<T, F>(&self, f: F) -> ApiResult<T>
    where
        F: FnOnce(&mut Pooled) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        let work = blocking(move || f(&mut Pooled::new(pool)));
        self.within_deadline(work).await
    }

    /// [`Db::lease`], or, when `here` and the database is SQLite, right here on the async
    /// worker with the worker's own connection (`crate::store::thread_conn`). For the
    /// reads of a turn on a hot game: they take microseconds, less than the hop to a
    /// blocking thread and back. A panic is a 500 here too, as on a blocking thread.
    pub async fn lease_here<T, F>(&self, here: bool, f: F) -> ApiResult<T>
    where
        F: FnOnce(&mut dyn Lease) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let own = match &self.thread_reads {
            Some(manager) if here => super::thread_conn(manager),
            _ => None,
        };
        match own {
            Some(mut own) => {
                let run = std::panic::AssertUnwindSafe(|| f(own.conn()));
                std::panic::catch_unwind(run).unwrap_or_else(|_| {
                    // It may be mid-statement: not kept.
                    own.discard();
                    Err(ApiError::internal("a turn's reads panicked"))
                })
            }
            None => self.lease(move |lease| f(lease)).await,
        }
    }

    /// [`Db::conn`] for a write after reading, in a transaction: on SQLite it first takes
    /// the process's one-writer lock ([`Db::sqlite_writer`]), which queues this process's
    /// writers; a writer of another process is waited for by the transaction, begun with
    /// [`super::write_transaction`] (`BEGIN IMMEDIATE`).
    pub async fn write<T, F>(&self, f: F) -> ApiResult<T>
    where
        F: FnOnce(&mut DbConn) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let writer = self.sqlite_writer.clone();
        self.conn(move |conn| {
            // A poisoned lock only means another writer panicked; the database is intact.
            let _one_writer = writer
                .as_deref()
                .map(|m| m.lock().unwrap_or_else(|e| e.into_inner()));
            f(conn)
        })
        .await
    }

    /// [`Db::write`], on SQLite through the group-commit writer (`crate::store::group`):
    /// `f` runs on the writer's connection in a savepoint of its next batch (all of it,
    /// reads included, so what it reads is what it writes against), and its answer comes
    /// once that batch's commit is on disk. No pooled connection is held meanwhile, and
    /// the write shares the batch's sync instead of taking the one-writer lock for a
    /// commit of its own. For the writes that come often and are short (a game created, a
    /// seat taken); `f` must not wait for anything but the database. On PostgreSQL each
    /// statement on the writer would be a round trip that every turn of the batch waits
    /// for, while concurrent transactions on their own connections share the server's WAL
    /// flushes anyway: there `f` runs as [`Db::write`] runs it.
    pub async fn group_write<T, F>(&self, f: F) -> ApiResult<T>
    where
        F: FnOnce(&mut DbConn) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        match (&self.group_commit, &self.sqlite_writer) {
            // A writer stuck on the database is a 503, as for a turn.
            (Some(group), Some(_)) => self.within_deadline(group.send(f).answer()).await,
            _ => self.write(f).await,
        }
    }
}
