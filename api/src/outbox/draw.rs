//! Where mail pictures are drawn: a bounded pool of threads that each use at most a set
//! share of a core, spare threads that use only what turns leave idle, and a bounded
//! cache of the pictures drawn.
//!
//! Owns: the drawing threads (`mail_draw_threads`, by default the cores less one; each at
//! nice `mail_draw_nice` on Linux, 0 by default) and their share: after each task a
//! thread rests for as long as it takes to keep its CPU time under `mail_draw_share`
//! percent of the time passed, the task's own and its rest (50 by default). A nice value
//! alone starved mail when turns (and anything else on the machine) kept every core busy:
//! a niced thread gets a few per cent of a core, and one picture took seconds. At the
//! normal priority the scheduler gives the thread its fair turn, so mail always
//! progresses; the rest bounds what it takes from turns (`mail_draw_threads` ×
//! `mail_draw_share` of a core at most). The spare threads (`mail_draw_spare_threads`, 1
//! by default, Linux only) take from the same queue under `SCHED_IDLE` and never rest:
//! they draw with the CPU time that turns leave idle (a core waiting on a commit's sync),
//! any other thread that wants their core takes it at once, and when every core is busy
//! the scheduler gives each a few thousandths of a core, so they take next to nothing
//! from turns; a mail one of them holds then waits (a picture of a few milliseconds, a
//! second or so), but the bounded threads go on with the others. (Nice 19 instead took
//! about a tenth of the bench's turns: a niced thread still gets a share of a busy core,
//! BENCHMARKS.md, "Ninth pass".) And the cache: one picture per (game, sequence,
//! viewer, picture), kept for the mails that ask for it again (a reply asking for the
//! board, a retried send, the other seats' game-over mails: a Gods board looks the same
//! to every seat and is kept for no viewer in particular, `super::board_seat`). A game at
//! a sequence is the same picture for the same viewer forever, so an entry never goes
//! stale; the oldest entries make room for new ones.
//! Must not: decide what is drawn (`super::prepare` does) or hold anything secret beyond
//! what the viewer's own mail shows (the key names the viewer).

use crate::i18n::Lang;
use crate::mail::Attachment;
use std::collections::{HashMap, VecDeque};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

type Task = Box<dyn FnOnce() + Send>;

/// The threads that draw mail pictures (and render the mails that carry them).
pub struct DrawPool {
    queue: Mutex<mpsc::Sender<Task>>,
    threads: usize,
    spare: usize,
}

/// How a drawing thread is scheduled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Priority {
    /// The normal policy at this nice value.
    Nice(u32),
    /// `SCHED_IDLE`: only what no other thread wants.
    Idle,
}

/// How long to rest after a task that took `busy` of CPU time over `took` of wall time,
/// to use at most `share` per cent of a core: the task and its rest together last
/// `busy × 100 / share`. The time the task waited for a core (when turns keep every core
/// busy, `took` is well over `busy`) already counts as rest: resting the whole `busy ×
/// (100 − share) / share` after it as well left the thread with about half its share
/// under load (BENCHMARKS.md, "Sixth pass").
pub fn rest_after(busy: Duration, took: Duration, share: u32) -> Duration {
    let share = share.clamp(1, 100);
    (busy * 100 / share).saturating_sub(took)
}

impl DrawPool {
    /// `threads` threads (at least one), each at nice `nice` (Linux), each using at most
    /// `share` per cent of a core ([`rest_after`]); and `spare` threads under `SCHED_IDLE` that
    /// never rest (Linux only: elsewhere a thread's priority cannot be lowered, and a
    /// spare thread would compete with turns as an equal, so none is started).
    pub fn new(threads: usize, nice: u32, share: u32, spare: usize) -> DrawPool {
        let threads = threads.max(1);
        let spare = if cfg!(target_os = "linux") { spare } else { 0 };
        let (tx, rx) = mpsc::channel::<Task>();
        let rx = Arc::new(Mutex::new(rx));
        let bounded =
            (0..threads).map(|i| (format!("hermes-draw-{i}"), Priority::Nice(nice), share));
        let spares = (0..spare).map(|i| (format!("hermes-draw-spare-{i}"), Priority::Idle, 100));
        for (name, priority, share) in bounded.chain(spares) {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new().name(name).spawn(move || {
                lower_priority(priority);
                loop {
                    // The lock is held only to take the next task.
                    let task = {
                        let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
                        rx.recv()
                    };
                    match task {
                        Ok(task) => {
                            let before = thread_cpu_time();
                            let started = std::time::Instant::now();
                            task();
                            let rest =
                                rest_after(thread_cpu_time() - before, started.elapsed(), share);
                            if !rest.is_zero() {
                                std::thread::sleep(rest);
                            }
                        }
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
            spare,
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The spare threads started (none where priorities cannot be lowered).
    pub fn spare_threads(&self) -> usize {
        self.spare
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

/// The CPU time the calling thread has used (Linux; elsewhere the wall clock since the
/// process started, which rests a little more under load).
#[cfg(target_os = "linux")]
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec it is given and reads nothing else.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_time() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// `priority` for the calling thread (Linux: a thread is a task with its own policy and
/// nice value). `SCHED_IDLE` can always be taken by a thread for itself; should it fail,
/// the thread goes to nice 19 instead.
#[cfg(target_os = "linux")]
fn lower_priority(priority: Priority) {
    let nice = match priority {
        Priority::Nice(0) => return,
        Priority::Nice(nice) => nice,
        Priority::Idle => {
            let param = libc::sched_param { sched_priority: 0 };
            // SAFETY: pid 0 is the calling thread; the call reads `param` and changes
            // nothing but that thread's policy; a failure leaves it as it was.
            if unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) } == 0 {
                return;
            }
            19
        }
    };
    let nice = libc::c_int::try_from(nice.min(19)).unwrap_or(19);
    // SAFETY: gettid and setpriority on the calling thread's own id change nothing but
    // that thread's priority; a failure leaves it as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, nice);
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority(_priority: Priority) {}

/// What a picture is of: the game, the sequence, the viewer's seat (`None`: as everyone
/// sees it), which picture (`board`, `reveal`) and the language of its words.
pub type PictureKey = (String, i64, Option<usize>, &'static str, Lang);

/// The pictures drawn lately, at most `capacity` of them.
pub struct PictureCache {
    inner: Mutex<Pictures>,
    capacity: usize,
}

/// One picture: `None` until it is drawn. Its lock is held while it is drawn, so a
/// thread asking for the same picture meanwhile waits for that drawing instead of
/// drawing it again (a game's game-over mails come one after the other, and with more
/// than one drawing thread they are rendered at once).
type Slot = Arc<Mutex<Option<Attachment>>>;

#[derive(Default)]
struct Pictures {
    map: HashMap<PictureKey, Slot>,
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

    /// The picture of `key`, drawn by `draw` unless it is here or being drawn (then the
    /// drawing is waited for). A drawing that fails keeps nothing: the next asking draws
    /// it again.
    pub fn get_or_draw<E>(
        &self,
        key: PictureKey,
        draw: impl FnOnce() -> Result<Attachment, E>,
    ) -> Result<Attachment, E> {
        let slot = {
            let mut p = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            match p.map.get(&key) {
                Some(slot) => slot.clone(),
                None => {
                    let slot = Slot::default();
                    p.order.push_back(key.clone());
                    p.map.insert(key, slot.clone());
                    while p.map.len() > self.capacity {
                        match p.order.pop_front() {
                            Some(old) => {
                                p.map.remove(&old);
                            }
                            None => break,
                        }
                    }
                    slot
                }
            }
        };
        // Held while drawing: whoever asks for this picture meanwhile waits here.
        let mut picture = slot.lock().unwrap_or_else(|e| e.into_inner());
        let drawn = picture.is_some();
        {
            let mut p = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            if drawn {
                p.hits += 1;
            } else {
                p.misses += 1;
            }
        }
        if let Some(found) = picture.as_ref() {
            return Ok(found.clone());
        }
        let new = draw()?;
        *picture = Some(new.clone());
        Ok(new)
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
        let a = get(("g".into(), 3, Some(0), "board", Lang::En));
        let again = get(("g".into(), 3, Some(0), "board", Lang::En));
        assert_eq!(a.bytes, again.bytes);
        let other_seat = get(("g".into(), 3, Some(1), "board", Lang::En));
        assert_ne!(
            a.bytes, other_seat.bytes,
            "another viewer got the first seat's picture"
        );
        get(("g".into(), 4, Some(0), "board", Lang::En));
        // Three pictures in a cache of two: the first one was let go and is drawn again.
        get(("g".into(), 3, Some(0), "board", Lang::En));
        assert_eq!(drawn, 4);
        assert_eq!(cache.stats(), (1, 4));
    }

    #[test]
    fn a_picture_asked_for_while_it_is_drawn_is_drawn_once_and_a_failed_one_again() {
        let cache = Arc::new(PictureCache::new(4));
        let drawn = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (started_tx, started_rx) = mpsc::channel();
        let first = {
            let (cache, drawn) = (cache.clone(), drawn.clone());
            std::thread::spawn(move || {
                cache
                    .get_or_draw(("g".into(), 7, None, "board", Lang::En), || {
                        started_tx.send(()).unwrap();
                        // Long enough for the second thread to ask meanwhile.
                        std::thread::sleep(Duration::from_millis(200));
                        drawn.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        Ok::<_, ()>(picture(1))
                    })
                    .unwrap()
            })
        };
        started_rx.recv().unwrap();
        let second = cache
            .get_or_draw(("g".into(), 7, None, "board", Lang::En), || {
                drawn.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                Ok::<_, ()>(picture(2))
            })
            .unwrap();
        assert_eq!(first.join().unwrap().bytes, vec![1]);
        assert_eq!(second.bytes, vec![1], "the second asking drew its own");
        assert_eq!(drawn.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert_eq!(cache.stats(), (1, 1));
        // A drawing that fails is not kept.
        let failed = cache.get_or_draw(("g".into(), 8, None, "board", Lang::En), || {
            Err::<Attachment, _>("no")
        });
        assert_eq!(failed.unwrap_err(), "no");
        let again = cache.get_or_draw(("g".into(), 8, None, "board", Lang::En), || {
            Ok::<_, &str>(picture(3))
        });
        assert_eq!(again.unwrap().bytes, vec![3]);
        assert_eq!(cache.stats(), (1, 3));
    }

    #[test]
    fn a_thread_rests_in_proportion_to_its_work_to_keep_its_share() {
        let ms = Duration::from_millis;
        // A task that had a core to itself (its wall time is its CPU time).
        assert_eq!(rest_after(ms(3), ms(3), 50), ms(3));
        assert_eq!(rest_after(ms(3), ms(3), 25), ms(9));
        assert_eq!(rest_after(ms(3), ms(3), 100), Duration::ZERO);
        // Out of range: 0 is 1 %, above 100 is 100 %.
        assert_eq!(rest_after(ms(1), ms(1), 0), ms(99));
        assert_eq!(rest_after(ms(1), ms(1), 500), Duration::ZERO);
        // A task that waited for a core: the wait counts as rest, the share is kept.
        assert_eq!(rest_after(ms(3), ms(5), 50), ms(1));
        assert_eq!(rest_after(ms(3), ms(6), 50), Duration::ZERO);
        assert_eq!(rest_after(ms(3), ms(9), 50), Duration::ZERO);
        assert_eq!(rest_after(ms(3), ms(5), 25), ms(7));
    }

    #[tokio::test]
    async fn a_pool_with_a_share_still_progresses_and_stays_under_it() {
        let pool = DrawPool::new(1, 0, 50, 0);
        let t0 = std::time::Instant::now();
        for _ in 0..5 {
            // About 20 ms of CPU each.
            let spun = pool
                .run(|| {
                    let start = thread_cpu_time();
                    let mut x = 0u64;
                    while thread_cpu_time() - start < Duration::from_millis(20) {
                        x = x.wrapping_add(1);
                    }
                    x
                })
                .await;
            assert!(spun.is_some());
        }
        // Five tasks of 20 ms at 50 %: the last rest follows the last answer, so at least
        // four rests of 20 ms passed between the first task and the last answer.
        assert!(
            t0.elapsed() >= Duration::from_millis(180),
            "{:?}",
            t0.elapsed()
        );
    }

    /// The calling thread's name, scheduling policy and nice value.
    #[cfg(target_os = "linux")]
    fn name_and_nice() -> (String, i32, i32) {
        let name = std::thread::current().name().unwrap_or("").to_string();
        // SAFETY: these read the calling thread's own policy and priority only.
        let (policy, nice) = unsafe {
            let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
            (
                libc::sched_getscheduler(0),
                libc::getpriority(libc::PRIO_PROCESS, tid),
            )
        };
        (name, policy, nice)
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn a_spare_thread_takes_tasks_from_the_same_queue_under_sched_idle() {
        // The bounded thread keeps the nice value it was started with (a test run under
        // `nice` has another than 0).
        let inherited = name_and_nice().2;
        let pool = DrawPool::new(1, 0, 100, 1);
        assert_eq!(pool.spare_threads(), 1);
        // Two tasks that wait for each other: each thread must take one.
        let both = Arc::new(std::sync::Barrier::new(2));
        let task = |both: Arc<std::sync::Barrier>| {
            move || {
                both.wait();
                name_and_nice()
            }
        };
        let (a, b) = tokio::join!(pool.run(task(both.clone())), pool.run(task(both.clone())));
        let mut ran = vec![a.expect("ran"), b.expect("ran")];
        ran.sort();
        assert_eq!(
            ran,
            vec![
                ("hermes-draw-0".to_string(), libc::SCHED_OTHER, inherited),
                (
                    "hermes-draw-spare-0".to_string(),
                    libc::SCHED_IDLE,
                    inherited
                )
            ]
        );
    }

    #[tokio::test]
    async fn the_pool_runs_tasks_and_survives_a_panicking_one() {
        let pool = DrawPool::new(1, 0, 100, 0);
        assert_eq!(pool.run(|| 2 + 2).await, Some(4));
        let panicked: Option<()> = pool.run(|| panic!("a bad picture")).await;
        assert_eq!(panicked, None);
        assert_eq!(pool.run(|| "still here").await, Some("still here"));
    }
}
