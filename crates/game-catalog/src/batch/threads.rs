//! The threads a [`Batch`](super::Batch) steps its lanes on: the caller's, and a rayon
//! pool of the others shared by every batch of the same thread count in the process.

use std::num::NonZeroUsize;

/// Fewest lanes worth handing to another thread: a step of fewer than twice this many
/// lanes stays on the calling thread.
pub(super) const MIN_BLOCK_LANES: usize = 16;

/// The smallest block a thread's run of lanes is cut into: what a thread that has finished
/// its own run takes from another's end (4 go9 games are about a microsecond).
const LAST_BLOCK_LANES: usize = 4;

/// How long a pool thread stays awake after the last step's job it ran, waiting for the
/// next, before it sleeps. A step waits for every pool thread to have run, and a sleeping
/// thread takes tens of microseconds to wake on a virtual machine (more than a whole step
/// of 256 go9 games), so between the steps of a training loop (a draw of actions apart)
/// the pool's threads wait awake; a batch left alone costs them this long.
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

    /// The sizes of the blocks a step of `lanes` lanes is cut into, in order, for [`run`],
    /// written over `sizes` (so that a step allocates nothing for them):
    /// one block on one thread or below `2 * MIN_BLOCK_LANES` lanes. Else a run of
    /// neighbouring lanes a thread, the same number of blocks each: half the run, half of
    /// what is left, and so on down to [`LAST_BLOCK_LANES`] (the last run may end in
    /// smaller or empty blocks). A thread takes its own run's large blocks first, and the
    /// thread that finishes first takes another's small ones from its end, so the two
    /// finish at most a few lanes apart. (With 16 equal blocks of 16 lanes, one thread
    /// waited for the other to finish a block of 16 games at the end of most steps: two
    /// 2-thread batches of 256 go9 games stepped in turns, one with each cut, the halving
    /// one's steps were 0.3 to 4 % shorter.)
    ///
    /// [`run`]: Threads::run
    pub fn block_sizes(&self, lanes: usize, sizes: &mut Vec<usize>) {
        sizes.clear();
        let threads = self.count.get();
        if threads == 1 || lanes < 2 * MIN_BLOCK_LANES {
            sizes.push(lanes);
            return;
        }
        let mut left = lanes.div_ceil(threads);
        while left > 0 {
            let size = (left / 2).max(LAST_BLOCK_LANES).min(left);
            sizes.push(size);
            left -= size;
        }
        // The other runs are cut as the first; the last may have fewer lanes.
        let per_run = sizes.len();
        let mut left = lanes - lanes.div_ceil(threads);
        for block in per_run..per_run * threads {
            let size = sizes[block % per_run].min(left);
            sizes.push(size);
            left -= size;
        }
    }

    /// Runs `work` on every block, on the calling thread and the pool's, and returns once
    /// every block is done. The blocks come as `n` runs of neighbours with the same number
    /// of blocks each ([`Threads::block_sizes`]); thread `k` of `n` (the caller is 0) first
    /// takes the blocks of run `k` in order, and then any block no thread has started,
    /// from the last: the caller starts at once while a pool thread wakes, a block's lanes
    /// are stepped by the same thread step after step while none is late (their memory in
    /// that thread's core's caches), and two threads rarely write neighbouring lanes,
    /// whose one-byte flags and masks share cache lines. (Taking blocks `k`, `k + n`, …
    /// instead had both cores writing the same lines of every output at once: a step of
    /// 256 go9 games on two threads took 35 µs against 40 µs on one, and 26 µs with runs
    /// of blocks.)
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
                    for _ in 0..8 {
                        std::hint::spin_loop();
                    }
                }
            });
            shared.keep_awake();
            return;
        }
        blocks.into_iter().for_each(work);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod pools {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex, Weak};
    use std::time::{Duration, Instant};

    /// A pool of threads, and how many of them wait awake for the next step.
    #[derive(Debug)]
    pub struct Pool {
        pub threads: rayon::ThreadPool,
        /// The pool's threads still running their keeper ([`keep`]), or about to.
        keepers: Arc<AtomicUsize>,
        /// How long a keeper waits for a job before it leaves.
        idle: Duration,
    }

    impl Pool {
        /// A pool of `count` threads whose keepers wait `idle` for a job; `None` if the
        /// system refuses the threads.
        pub fn new(count: usize, idle: Duration) -> Option<Pool> {
            let threads = rayon::ThreadPoolBuilder::new()
                .num_threads(count)
                .thread_name(|i| format!("batch-{i}"))
                .build()
                .ok()?;
            Some(Pool {
                threads,
                keepers: Arc::new(AtomicUsize::new(0)),
                idle,
            })
        }

        /// Sets every thread of the pool waiting awake for the next step ([`keep`]), unless
        /// their keepers still run: one keeper a thread, sent to each thread's own queue.
        /// (A thread whose keeper has left while others still wait sleeps until a step's
        /// job wakes it, as after any pause.)
        pub fn keep_awake(&self) {
            let threads = self.threads.current_num_threads();
            let none_awake = self
                .keepers
                .compare_exchange(0, threads, Ordering::AcqRel, Ordering::Acquire)
                .is_ok();
            if none_awake {
                let (keepers, idle) = (Arc::clone(&self.keepers), self.idle);
                self.threads.spawn_broadcast(move |_| keep(&keepers, idle));
            }
        }

        /// How many of the pool's threads run their keeper, or are about to.
        #[cfg(test)]
        pub fn awake(&self) -> usize {
            self.keepers.load(Ordering::Acquire)
        }
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
        let pool = Arc::new(Pool::new(count, super::KEEP_AWAKE)?);
        pools.push((count, Arc::downgrade(&pool)));
        Some(pool)
    }

    /// A pool thread's wait for the next step: it looks for the pool's queued jobs without
    /// pause and runs each itself (a step's share among them), until none has come for
    /// `idle`; then it counts itself out of `keepers` and the thread goes back to rayon,
    /// which puts it to sleep. Looking for work itself, rather than returning to rayon when
    /// a flag says a step has started, takes the step's job as soon as it is queued.
    pub fn keep(keepers: &AtomicUsize, idle: Duration) {
        let mut since = Instant::now();
        let mut looks = 0_u32;
        loop {
            match rayon::yield_now() {
                Some(rayon::Yield::Executed) => since = Instant::now(),
                Some(rayon::Yield::Idle) => {
                    looks = looks.wrapping_add(1);
                    if looks.is_multiple_of(64) && since.elapsed() >= idle {
                        break;
                    }
                    std::hint::spin_loop();
                }
                None => break,
            }
        }
        keepers.fetch_sub(1, Ordering::AcqRel);
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
    fn each_thread_has_a_run_of_halving_blocks_down_to_four_lanes() {
        let sizes_of = |threads: &Threads, lanes: usize| {
            let mut sizes = vec![7; 3];
            threads.block_sizes(lanes, &mut sizes);
            sizes
        };
        assert_eq!(sizes_of(&Threads::one(), 4096), vec![4096]);
        let two = threads(2);
        assert_eq!(two.count().get(), 2);
        for (lanes, sizes) in [
            (0, vec![0]),
            (31, vec![31]),
            (32, vec![8, 4, 4, 8, 4, 4]),
            (33, vec![8, 4, 4, 1, 8, 4, 4, 0]),
            (256, vec![64, 32, 16, 8, 4, 4, 64, 32, 16, 8, 4, 4]),
            (
                1000,
                vec![250, 125, 62, 31, 16, 8, 4, 4, 250, 125, 62, 31, 16, 8, 4, 4],
            ),
        ] {
            assert_eq!(sizes_of(&two, lanes), sizes, "{lanes} lanes");
        }
        let sizes = sizes_of(&threads(3), 100);
        assert_eq!(sizes.len() % 3, 0, "as many blocks in every run");
        assert_eq!(&sizes[..5], &[17, 8, 4, 4, 1]);
        assert_eq!(sizes.iter().sum::<usize>(), 100);
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
    fn a_keeper_runs_the_jobs_queued_while_it_waits_and_leaves_when_none_come() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::mpsc;
        use std::time::Instant;
        // A pool of its own (not the shared one other tests use), of one thread.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let idle = Duration::from_secs(1);
        let keepers = Arc::new(AtomicUsize::new(1));
        let (left, leaving) = mpsc::channel();
        {
            let keepers = Arc::clone(&keepers);
            pool.spawn(move || {
                pools::keep(&keepers, idle);
                left.send(Instant::now()).unwrap();
            });
        }
        // Jobs queued while the keeper waits run inside its wait: it leaves a whole idle
        // time after the last of them ran, not before.
        let mut last_ran = None;
        for _ in 0..3 {
            let (ran, running) = mpsc::channel();
            pool.spawn(move || ran.send(Instant::now()).unwrap());
            last_ran = Some(running.recv_timeout(Duration::from_secs(60)).unwrap());
        }
        let left_at = leaving.recv_timeout(Duration::from_secs(60)).unwrap();
        let after_last = left_at.duration_since(last_ran.unwrap());
        assert!(
            after_last >= idle,
            "it left {after_last:?} after the last job"
        );
        assert_eq!(keepers.load(Ordering::Acquire), 0, "it counted itself out");
    }

    #[test]
    fn a_pool_sets_each_thread_waiting_once_until_its_keeper_leaves() {
        use std::time::Instant;
        // A pool of its own, of one thread, whose keeper waits a second for a job.
        let pool = pools::Pool::new(1, Duration::from_secs(1)).unwrap();
        assert_eq!(pool.awake(), 0);
        pool.keep_awake();
        assert_eq!(pool.awake(), 1, "its thread has a keeper");
        pool.keep_awake();
        assert_eq!(pool.awake(), 1, "and only one while it waits");
        let deadline = Instant::now() + Duration::from_secs(60);
        while pool.awake() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(pool.awake(), 0, "the keeper left after its idle second");
        pool.keep_awake();
        assert_eq!(pool.awake(), 1, "and a new one comes with the next step");
    }

    #[test]
    fn a_keeper_outside_a_pool_leaves_at_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let keepers = AtomicUsize::new(1);
        let started = std::time::Instant::now();
        pools::keep(&keepers, Duration::from_secs(60));
        assert!(started.elapsed() < Duration::from_secs(30));
        assert_eq!(keepers.load(Ordering::Acquire), 0);
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

/// What handing a step's blocks to a pool thread costs, measured rather than asserted:
/// `cargo test --release -p game-catalog --lib handover_cost -- --ignored --nocapture`
/// (docs/python.md, "On every core").
#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod handover {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    use super::*;

    /// Busy for `length` (a block's work, as long whatever the core's speed).
    fn busy(length: Duration) {
        let started = Instant::now();
        while started.elapsed() < length {
            std::hint::spin_loop();
        }
    }

    #[test]
    #[ignore = "a timing: run it alone, in a release build"]
    fn handover_cost() {
        const STEPS: usize = 20_000;
        let two = Threads::new(NonZeroUsize::new(2).unwrap());
        assert_eq!(two.count().get(), 2, "the system gave a second thread");
        let caller = std::thread::current().id();
        // 16 blocks of 1.25 µs: 10 µs a thread if the handover were free.
        let block = Duration::from_nanos(1_250);
        let (mut steps, mut pool_starts, mut tails) = (vec![], vec![], vec![]);
        for _ in 0..STEPS {
            let ran = AtomicUsize::new(0);
            let pool_start = AtomicU64::new(u64::MAX);
            let last_end = AtomicU64::new(0);
            let started = Instant::now();
            two.run((0..16).collect(), |_: usize| {
                let from = started.elapsed().as_nanos() as u64;
                if std::thread::current().id() != caller {
                    pool_start.fetch_min(from, Ordering::Relaxed);
                }
                busy(block);
                last_end.fetch_max(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
                ran.fetch_add(1, Ordering::Relaxed);
            });
            let step = started.elapsed().as_nanos() as u64;
            assert_eq!(ran.into_inner(), 16, "every block ran once");
            steps.push(step);
            let pool_start = pool_start.into_inner();
            if pool_start != u64::MAX {
                pool_starts.push(pool_start);
            }
            tails.push(step - last_end.into_inner());
            // The trainer's draw between two steps.
            busy(Duration::from_micros(20));
        }
        let median = |mut values: Vec<u64>| {
            values.sort_unstable();
            values.get(values.len() / 2).copied().unwrap_or_default()
        };
        let (share, step) = (pool_starts.len(), median(steps));
        println!(
            "a step of 16 blocks of 1.25 µs on 2 threads: median {step} ns (10,000 if the \
             handover were free); the pool thread's first block starts {} ns into the step \
             (in {share} of {STEPS} steps); the step ends {} ns after its last block",
            median(pool_starts),
            median(tails),
        );
    }
}
