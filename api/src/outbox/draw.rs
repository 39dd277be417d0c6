//! Where mail pictures are drawn: a bounded pool of low-priority threads, and a bounded
//! cache of the pictures drawn.
//!
//! Owns: the drawing threads (`mail_draw_threads`, by default the cores less one; on Linux
//! each runs at nice `mail_draw_nice`, 10 by default, so a turn, at the normal priority,
//! has the CPU first) and
//! the cache: one picture per (game, sequence, viewer, picture), kept for the mails that
//! ask for it again (a reply asking for the board, a retried send, a seat's game-over
//! mail). A game at a sequence is the same picture for the same viewer forever, so an
//! entry never goes stale; the oldest entries make room for new ones.
//! Must not: decide what is drawn (`super::prepare` does) or hold anything secret beyond
//! what the viewer's own mail shows (the key names the viewer).

use crate::mail::Attachment;
use std::collections::{HashMap, VecDeque};
use std::sync::{mpsc, Arc, Mutex};

type Task = Box<dyn FnOnce() + Send>;

/// The threads that draw mail pictures (and render the mails that carry them).
pub struct DrawPool {
    queue: Mutex<mpsc::Sender<Task>>,
    threads: usize,
}

impl DrawPool {
    /// `threads` threads (at least one), each at nice `nice` (Linux): a lower priority
    /// than the server's.
    pub fn new(threads: usize, nice: u32) -> DrawPool {
        let threads = threads.max(1);
        let (tx, rx) = mpsc::channel::<Task>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("hermes-draw-{i}"))
                .spawn(move || {
                    lower_priority(nice);
                    loop {
                        // The lock is held only to take the next task.
                        let task = {
                            let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
                            rx.recv()
                        };
                        match task {
                            Ok(task) => task(),
                            // The pool was dropped.
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "mail: cannot start a drawing thread");
            }
        }
        DrawPool {
            queue: Mutex::new(tx),
            threads,
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Run `f` on the pool and wait for it (`None` if it panicked or the pool is gone).
    pub async fn run<T, F>(&self, f: F) -> Option<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let task: Task = Box::new(move || {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            if let Ok(out) = out {
                let _ = tx.send(out);
            }
        });
        self.queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(task)
            .ok()?;
        rx.await.ok()
    }
}

/// Nice `nice` for the calling thread (Linux: a thread is a task with its own nice value).
#[cfg(target_os = "linux")]
fn lower_priority(nice: u32) {
    if nice == 0 {
        return;
    }
    let nice = libc::c_int::try_from(nice.min(19)).unwrap_or(19);
    // SAFETY: gettid and setpriority on the calling thread's own id change nothing but
    // that thread's priority; a failure leaves it as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, nice);
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority(_nice: u32) {}

/// What a picture is of: the game, the sequence, the viewer's seat (`None`: as everyone
/// sees it) and which picture (`board`, `reveal`).
pub type PictureKey = (String, i64, Option<usize>, &'static str);

/// The pictures drawn lately, at most `capacity` of them.
pub struct PictureCache {
    inner: Mutex<Pictures>,
    capacity: usize,
}

#[derive(Default)]
struct Pictures {
    map: HashMap<PictureKey, Attachment>,
    order: VecDeque<PictureKey>,
    hits: u64,
    misses: u64,
}

impl PictureCache {
    pub fn new(capacity: usize) -> PictureCache {
        PictureCache {
            inner: Mutex::new(Pictures::default()),
            capacity: capacity.max(1),
        }
    }

    /// The picture of `key`, drawn by `draw` unless it is here.
    pub fn get_or_draw<E>(
        &self,
        key: PictureKey,
        draw: impl FnOnce() -> Result<Attachment, E>,
    ) -> Result<Attachment, E> {
        {
            let mut p = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(found) = p.map.get(&key).cloned() {
                p.hits += 1;
                return Ok(found);
            }
            p.misses += 1;
        }
        // Drawn outside the lock: two threads may draw the same picture once each.
        let picture = draw()?;
        let mut p = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if !p.map.contains_key(&key) {
            p.order.push_back(key.clone());
            p.map.insert(key, picture.clone());
            while p.map.len() > self.capacity {
                match p.order.pop_front() {
                    Some(old) => {
                        p.map.remove(&old);
                    }
                    None => break,
                }
            }
        }
        Ok(picture)
    }

    /// `(hits, misses)` so far.
    pub fn stats(&self) -> (u64, u64) {
        let p = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        (p.hits, p.misses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(n: u8) -> Attachment {
        Attachment::inline("board", "board.png", "image/png", vec![n])
    }

    #[test]
    fn a_picture_is_drawn_once_per_game_sequence_and_viewer_and_the_oldest_make_room() {
        let cache = PictureCache::new(2);
        let mut drawn = 0;
        let mut get = |key: PictureKey| {
            cache
                .get_or_draw(key, || {
                    drawn += 1;
                    Ok::<_, ()>(picture(drawn))
                })
                .unwrap()
        };
        let a = get(("g".into(), 3, Some(0), "board"));
        let again = get(("g".into(), 3, Some(0), "board"));
        assert_eq!(a.bytes, again.bytes);
        let other_seat = get(("g".into(), 3, Some(1), "board"));
        assert_ne!(
            a.bytes, other_seat.bytes,
            "another viewer got the first seat's picture"
        );
        get(("g".into(), 4, Some(0), "board"));
        // Three pictures in a cache of two: the first one was let go and is drawn again.
        get(("g".into(), 3, Some(0), "board"));
        assert_eq!(drawn, 4);
        assert_eq!(cache.stats(), (1, 4));
    }

    #[tokio::test]
    async fn the_pool_runs_tasks_and_survives_a_panicking_one() {
        let pool = DrawPool::new(1, 10);
        assert_eq!(pool.run(|| 2 + 2).await, Some(4));
        let panicked: Option<()> = pool.run(|| panic!("a bad picture")).await;
        assert_eq!(panicked, None);
        assert_eq!(pool.run(|| "still here").await, Some("still here"));
    }
}
