//! The threads a [`Batch`](super::Batch) steps its lanes on: the caller's, and a rayon
//! pool of the others shared by every batch of the same thread count in the process.

use std::num::NonZeroUsize;

/// Fewest lanes worth a block of their own: below this, handing a block to another
/// thread costs more than stepping it.
pub(super) const MIN_BLOCK_LANES: usize = 16;

/// Blocks per thread, so that a thread that finishes early takes over another's work.
const BLOCKS_PER_THREAD: usize = 8;

/// How long a pool thread stays awake after a step, waiting for the next, before it
/// sleeps. A step waits for every pool thread to have run, and a sleeping thread takes
/// tens of microseconds to wake on a virtual machine (more than a whole step of 256 go9
/// games), so between the steps of a training loop (a draw of actions apart) the pool's
/// threads wait awake; a batch left alone costs them this long.
#[cfg(not(target_arch = "wasm32"))]
const KEEP_AWAKE: std::time::Duration = std::time::Duration::from_micros(500);

/// How long the caller, its own blocks done, waits awake for the pool threads to finish
/// theirs before it sleeps until they do (a block of 128 go9 games takes tens of
/// microseconds, a wake-up about as long on a virtual machine).
#[cfg(not(target_arch = "wasm32"))]
const CALLER_SPIN: std::time::Duration = std::time::Duration::from_micros(200);

/// One thread, or a pool of several.
#[derive(Clone, Debug)]
pub(super) struct Threads {
    #[cfg(not(target_arch = "wasm32"))]
    pool: Option<std::sync::Arc<pools::Pool>>,
    count: NonZeroUsize,
}

impl Threads {
    /// The caller's thread alone.
    pub fn one() -> Threads {
        Threads {
            #[cfg(not(target_arch = "wasm32"))]
            pool: None,
            count: NonZeroUsize::MIN,
        }
    }

    /// `count` threads: the shared pool of that size (made on first use), or one thread
    /// where threads cannot be made (WebAssembly, or the system refuses them).
    pub fn new(count: NonZeroUsize) -> Threads {
        if count.get() == 1 {
            return Threads::one();
        }
        #[cfg(not(target_arch = "wasm32"))]
        // The caller is one of the threads: the pool has the others.
        if let Some(pool) = pools::shared(count.get() - 1) {
            return Threads {
                pool: Some(pool),
                count,
            };
        }
        Threads::one()
    }

    /// The number of threads.
    pub fn count(&self) -> NonZeroUsize {
        self.count
    }

    /// How many blocks a step of `lanes` lanes is cut into: 1 on one thread, else up to
    /// [`BLOCKS_PER_THREAD`] per thread of at least [`MIN_BLOCK_LANES`] lanes each.
    pub fn blocks(&self, lanes: usize) -> usize {
        let threads = self.count.get();
        if threads == 1 {
            return 1;
        }
        (lanes / MIN_BLOCK_LANES).clamp(1, threads * BLOCKS_PER_THREAD)
    }

    /// Runs `work` on every block, on the calling thread and the pool's, and returns once
    /// every block is done. The blocks are cut into `n` runs of neighbours; thread `k` of
    /// `n` (the caller is 0) first takes the blocks of run `k` in order, and then any block
    /// no thread has started, from the last: the caller starts at once while a pool thread
    /// wakes, a block's lanes are stepped by the same thread step after step while none is
    /// late (their memory in that thread's core's caches), and two threads rarely write
    /// neighbouring lanes, whose one-byte flags and masks share cache lines. (Taking
    /// blocks `k`, `k + n`, … instead had both cores writing the same lines of every
    /// output at once: a step of 256 go9 games on two threads took 35 µs against 40 µs on
    /// one, and 26 µs with runs of blocks.)
    pub fn run<B: Send, F: Fn(B) + Sync>(&self, blocks: Vec<B>, work: F) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(shared) = &self.pool {
            use std::sync::atomic::{AtomicUsize, Ordering};
            use std::sync::{Mutex, PoisonError};

            let pool = &shared.threads;

            let slots: Vec<Mutex<Option<B>>> =
                blocks.into_iter().map(|b| Mutex::new(Some(b))).collect();
            let done = AtomicUsize::new(0);
            // Pool threads whose share of the step is over (their job about to return).
            let finished = AtomicUsize::new(0);
            let threads = self.count.get();
            let helpers = threads - 1;
            let take = |slot: &Mutex<Option<B>>| {
                let taken = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
                if let Some(block) = taken {
                    work(block);
                    done.fetch_add(1, Ordering::Release);
                }
            };
            let own = slots.len().div_ceil(threads);
            let drain = |thread: usize| {
                slots.iter().skip(thread * own).take(own).for_each(take);
                slots.iter().rev().for_each(take);
            };
            let drain = &drain;
            pool.in_place_scope(|scope| {
                for helper in 1..threads {
                    let finished = &finished;
                    scope.spawn(move |_| {
                        drain(helper);
                        finished.fetch_add(1, Ordering::Release);
                    });
                }
                // Pool threads still awake from the last step stop waiting and find the
                // jobs just queued (raised before them, a thread would find none and go
                // through rayon's idle loop to sleep).
                shared.work_coming.store(true, Ordering::Release);
                drain(0);
                // The blocks still running are the pool's last, and the pool threads' jobs
                // are about to return: waiting for them here, rather than asleep in the
                // scope's end, spares the caller a wake-up. Only briefly, though: a pool
                // thread the system is not running (more busy threads than cores) would
                // hold the caller spinning for whole time slices.
                let waited = std::time::Instant::now();
                while (done.load(Ordering::Acquire) < slots.len()
                    || finished.load(Ordering::Acquire) < helpers)
                    && waited.elapsed() < CALLER_SPIN
                {
                    for _ in 0..64 {
                        std::hint::spin_loop();
                    }
                }
            });
            shared.work_coming.store(false, Ordering::Release);
            for _ in 0..helpers {
                let work_coming = std::sync::Arc::clone(&shared.work_coming);
                pool.spawn(move || pools::stay_awake(&work_coming, KEEP_AWAKE));
            }
            return;
        }
        blocks.into_iter().for_each(work);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod pools {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex, Weak};
    use std::time::{Duration, Instant};

    /// A pool of threads, and the flag a step raises when it starts.
    #[derive(Debug)]
    pub struct Pool {
        pub threads: rayon::ThreadPool,
        /// Raised while a step runs: a pool thread waiting awake stops waiting.
        pub work_coming: Arc<AtomicBool>,
    }

    /// The pools in use, by thread count (weak: a pool goes when its last batch does).
    static POOLS: Mutex<Vec<(usize, Weak<Pool>)>> = Mutex::new(Vec::new());

    /// The pool of `count` threads the batches share, made if none is in use; `None` if
    /// the system refuses the threads.
    pub fn shared(count: usize) -> Option<Arc<Pool>> {
        let mut pools = POOLS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        pools.retain(|(_, pool)| pool.strong_count() > 0);
        if let Some(pool) = pools
            .iter()
            .find(|(n, _)| *n == count)
            .and_then(|(_, pool)| pool.upgrade())
        {
            return Some(pool);
        }
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .thread_name(|i| format!("batch-{i}"))
            .build()
            .ok()?;
        let pool = Arc::new(Pool {
            threads,
            work_coming: Arc::new(AtomicBool::new(false)),
        });
        pools.push((count, Arc::downgrade(&pool)));
        Some(pool)
    }

    /// Keeps a pool thread awake until a step starts (`work_coming`) or `longest` has
    /// passed, so that it takes the next step's blocks at once instead of being woken.
    pub fn stay_awake(work_coming: &AtomicBool, longest: Duration) {
        let started = Instant::now();
        while !work_coming.load(Ordering::Acquire) && started.elapsed() < longest {
            for _ in 0..64 {
                std::hint::spin_loop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::{Arc, Condvar, Mutex};
    use std::thread::ThreadId;
    use std::time::Duration;

    use super::*;

    fn threads(n: usize) -> Threads {
        Threads::new(NonZeroUsize::new(n).unwrap())
    }

    #[test]
    fn blocks_are_sixteen_lanes_or_more_and_eight_a_thread_at_most() {
        assert_eq!(Threads::one().blocks(4096), 1);
        let two = threads(2);
        assert_eq!(two.count().get(), 2);
        for (lanes, blocks) in [
            (0, 1),
            (15, 1),
            (31, 1),
            (32, 2),
            (100, 6),
            (256, 16),
            (4096, 16),
        ] {
            assert_eq!(two.blocks(lanes), blocks, "{lanes} lanes");
        }
        assert_eq!(threads(3).blocks(1000), 24);
    }

    #[test]
    fn the_caller_and_the_pool_both_take_blocks() {
        // The first block taken waits (at most a minute) until a second thread has taken
        // one: on one thread alone it would wait in vain.
        let seen: Mutex<HashSet<ThreadId>> = Mutex::new(HashSet::new());
        let both = Condvar::new();
        let done = Mutex::new(0);
        threads(2).run((0..8).collect(), |block: usize| {
            let mut ids = seen.lock().unwrap();
            ids.insert(std::thread::current().id());
            both.notify_all();
            if block == 0 {
                let (ids, _) = both
                    .wait_timeout_while(ids, Duration::from_secs(60), |ids| ids.len() < 2)
                    .unwrap();
                assert_eq!(ids.len(), 2, "a second thread took a block");
            } else {
                drop(ids);
            }
            *done.lock().unwrap() += 1;
        });
        assert_eq!(*done.lock().unwrap(), 8, "every block ran once");
    }

    #[test]
    fn each_thread_takes_its_own_run_of_blocks_first_and_then_steals_from_the_end() {
        // Of 8 blocks on 2 threads, the caller's own are 0 to 3 and the pool thread's 4 to
        // 7. The caller's first block waits (at most a minute) until the pool thread has
        // taken one, and the pool thread's first waits until the caller has taken 7: the
        // pool thread takes its first own block, 4, and the caller does its own in order
        // and then steals 7, 6, 5 from the end.
        let caller = std::thread::current().id();
        let taken = Mutex::new((Vec::new(), Vec::new()));
        let changed = Condvar::new();
        let minute = Duration::from_secs(60);
        threads(2).run((0..8).collect(), |block: usize| {
            let mut lists = taken.lock().unwrap();
            if std::thread::current().id() == caller {
                lists.0.push(block);
                changed.notify_all();
                if lists.0.len() == 1 {
                    let _ = changed
                        .wait_timeout_while(lists, minute, |(_, pool)| pool.is_empty())
                        .unwrap();
                }
            } else {
                lists.1.push(block);
                changed.notify_all();
                if lists.1.len() == 1 {
                    let _ = changed
                        .wait_timeout_while(lists, minute, |(own, _)| own.len() < 7)
                        .unwrap();
                }
            }
        });
        let (by_caller, by_pool) = taken.into_inner().unwrap();
        assert_eq!((by_caller, by_pool), (vec![0, 1, 2, 3, 7, 6, 5], vec![4]));
    }

    #[test]
    fn a_pool_thread_stays_awake_until_a_step_starts_or_the_time_is_up() {
        use std::sync::atomic::AtomicBool;
        use std::time::Instant;
        let started = Instant::now();
        pools::stay_awake(&AtomicBool::new(true), Duration::from_secs(60));
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "a step had started"
        );
        let started = Instant::now();
        pools::stay_awake(&AtomicBool::new(false), Duration::from_millis(5));
        assert!(started.elapsed() >= Duration::from_millis(5));
    }

    #[test]
    fn batches_of_one_thread_count_share_a_pool_while_one_holds_it() {
        let first = pools::shared(3).unwrap();
        let again = pools::shared(3).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.threads.current_num_threads(), 3);
        drop((first, again));
        // The dead pool's entry is dropped and a new pool made; it is then the shared one.
        let second = pools::shared(3).unwrap();
        let third = pools::shared(3).unwrap();
        assert!(Arc::ptr_eq(&second, &third));
    }
}
