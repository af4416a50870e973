//! The threads a [`Batch`](super::Batch) steps its lanes on: the caller's, and a rayon
//! pool of the others shared by every batch of the same thread count in the process.

use std::num::NonZeroUsize;

/// Fewest lanes worth handing to another thread: a step of fewer than twice this many
/// lanes stays on the calling thread.
#[cfg(not(target_arch = "wasm32"))]
const MIN_BLOCK_LANES: usize = 16;

/// The smallest block a thread's run of lanes is cut into, and what a thread that has
/// finished its own run takes from another's end (4 go9 games are about a microsecond).
#[cfg(not(target_arch = "wasm32"))]
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

    /// Runs `work` on every lane of `whole`, in blocks, on the calling thread and the
    /// pool's, and returns once every lane is done. `work` gets a block, its thread's own
    /// `scratch` (one a thread: `scratch` has at least [`count`] of them) and whether the
    /// step is shared among threads.
    ///
    /// On one thread, or below `2 * MIN_BLOCK_LANES` lanes, `whole` is one block. Else it is
    /// cut into a run of neighbouring lanes a thread, and thread `k` (the caller is 0) takes
    /// blocks off the front of run `k`: half of what is left each time, down to
    /// [`LAST_BLOCK_LANES`]. Its own run done, it takes blocks of [`LAST_BLOCK_LANES`] off
    /// the back of the others', the last run first. So the caller starts at once while a
    /// pool thread wakes, a lane is stepped by the same thread step after step while none
    /// is late (its memory in that thread's core's caches), the two threads finish a few
    /// lanes apart, and they rarely write neighbouring lanes, whose one-byte flags and
    /// masks share cache lines. (Taking every other block instead had both cores writing
    /// the same lines of every output at once: a step of 256 go9 games on two threads took
    /// 35 µs against 40 µs on one, and 26 µs with runs.) A block is cut off its run when
    /// it is taken, under the run's lock, which only the run's own thread takes until
    /// another comes to help: each lock the other thread took last moves a cache line
    /// from core to core, and on this project's virtual machine a line's round trip
    /// between the two cores took 50 to 80 ns at some moments and 310 to 370 ns at others
    /// as the host moved them (docs/python.md, "On every core").
    ///
    /// [`count`]: Threads::count
    pub fn run<B, S, F>(&self, whole: B, scratch: &mut [S], work: F)
    where
        B: Lanes + Send,
        S: Send,
        F: Fn(B, &mut S, bool) + Sync,
    {
        let (own_scratch, others) = scratch
            .split_first_mut()
            .expect("a scratch for every thread");
        #[cfg(target_arch = "wasm32")]
        let _ = others;
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(shared) = &self.pool
            && whole.lanes() >= 2 * MIN_BLOCK_LANES
        {
            use std::sync::Mutex;
            use std::sync::atomic::{AtomicUsize, Ordering};

            let threads = self.count.get();
            assert!(others.len() + 1 >= threads, "a scratch for every thread");
            let per_run = whole.lanes().div_ceil(threads);
            let mut runs = Vec::with_capacity(threads);
            let mut rest = whole;
            for _ in 1..threads {
                let size = per_run.min(rest.lanes());
                let (run, tail) = rest.split_at(size);
                runs.push(Mutex::new(Some(run)));
                rest = tail;
            }
            runs.push(Mutex::new(Some(rest)));
            let runs = &runs[..];
            let work = &work;
            let drain = move |thread: usize, scratch: &mut S| {
                while let Some(block) = take(&runs[thread], Take::Front) {
                    work(block, scratch, true);
                }
                for run in runs.iter().rev() {
                    while let Some(block) = take(run, Take::Back) {
                        work(block, scratch, true);
                    }
                }
            };
            // Pool threads whose share of the step is over (their job about to return).
            let finished = AtomicUsize::new(0);
            let helpers = threads - 1;
            shared.threads.in_place_scope(|scope| {
                for (helper, scratch) in (1..threads).zip(others.iter_mut()) {
                    let finished = &finished;
                    scope.spawn(move |_| {
                        drain(helper, scratch);
                        finished.fetch_add(1, Ordering::Release);
                    });
                }
                drain(0, own_scratch);
                // The blocks still running are the pool's last, and the pool threads' jobs
                // are about to return: waiting for them here, rather than asleep in the
                // scope's end, spares the caller a wake-up. Only briefly, though: a pool
                // thread the system is not running (more busy threads than cores) would
                // hold the caller spinning for whole time slices.
                let waited = std::time::Instant::now();
                while still_waiting(finished.load(Ordering::Acquire), helpers, waited.elapsed()) {
                    for _ in 0..8 {
                        std::hint::spin_loop();
                    }
                }
            });
            shared.keep_awake();
            return;
        }
        work(whole, own_scratch, false);
    }
}

/// Whether the caller, its own blocks done, spins on while `finished` of the step's
/// `helpers` pool threads are done after it `waited`: until they all are, or for
/// [`CALLER_SPIN`] at most.
#[cfg(not(target_arch = "wasm32"))]
fn still_waiting(finished: usize, helpers: usize, waited: std::time::Duration) -> bool {
    finished < helpers && waited < CALLER_SPIN
}

/// A range of lanes that can be cut in two, as [`Threads::run`] hands them out (on
/// WebAssembly, one thread: never cut).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(super) trait Lanes: Sized {
    /// The number of lanes.
    fn lanes(&self) -> usize;

    /// The first `lanes` lanes, and the rest.
    fn split_at(self, lanes: usize) -> (Self, Self);
}

/// Which end of a run a thread takes its block from.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
enum Take {
    /// The run's own thread: half of what is left, at least [`LAST_BLOCK_LANES`].
    Front,
    /// Another thread, its own run done: [`LAST_BLOCK_LANES`].
    Back,
}

/// The next block of `run`, cut off it under its lock; `None` once it is empty.
#[cfg(not(target_arch = "wasm32"))]
fn take<B: Lanes>(run: &std::sync::Mutex<Option<B>>, end: Take) -> Option<B> {
    let mut run = run
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let rest = run.take()?;
    let left = rest.lanes();
    if left <= LAST_BLOCK_LANES {
        return (left > 0).then_some(rest);
    }
    let (block, kept) = match end {
        Take::Front => rest.split_at((left / 2).max(LAST_BLOCK_LANES)),
        Take::Back => {
            let (kept, block) = rest.split_at(left - LAST_BLOCK_LANES);
            (block, kept)
        }
    };
    *run = Some(kept);
    Some(block)
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

    /// Lanes `start..end`, as a test's block.
    impl Lanes for std::ops::Range<usize> {
        fn lanes(&self) -> usize {
            self.end - self.start
        }

        fn split_at(self, lanes: usize) -> (Self, Self) {
            let middle = self.start + lanes;
            (self.start..middle, middle..self.end)
        }
    }

    /// The blocks `threads` take of `lanes` lanes, each with whether it was shared.
    fn blocks_of(threads: &Threads, lanes: usize) -> Vec<(std::ops::Range<usize>, bool)> {
        let taken = Mutex::new(Vec::new());
        let mut scratch = vec![(); threads.count().get()];
        threads.run(0..lanes, &mut scratch, |block, (), shared| {
            taken.lock().unwrap().push((block, shared));
        });
        let mut taken = taken.into_inner().unwrap();
        taken.sort_by_key(|(block, _)| block.start);
        taken
    }

    #[test]
    fn every_lane_is_in_one_block_on_any_number_of_threads() {
        for count in 1..=4 {
            for lanes in [0, 1, 31, 32, 33, 100, 256, 1000] {
                let blocks = blocks_of(&threads(count), lanes);
                let mut next = 0;
                for (block, _) in &blocks {
                    assert_eq!(block.start, next, "{lanes} lanes on {count}: {blocks:?}");
                    assert!(!block.is_empty() || lanes == 0, "{lanes} lanes: {blocks:?}");
                    next = block.end;
                }
                assert_eq!(next, lanes, "{lanes} lanes on {count} threads");
                let shared = count > 1 && lanes >= 2 * MIN_BLOCK_LANES;
                assert_eq!(blocks.len() > 1, shared, "{lanes} lanes on {count}");
                assert!(blocks.iter().all(|&(_, s)| s == shared));
            }
        }
    }

    #[test]
    fn a_run_is_taken_in_halves_from_its_front_and_in_fours_from_its_back() {
        let run = Mutex::new(Some(0..40));
        let mut fronts = vec![];
        for _ in 0..2 {
            fronts.push(take(&run, Take::Front).unwrap());
        }
        let mut backs = vec![];
        while let Some(block) = take(&run, Take::Back) {
            backs.push(block);
        }
        assert_eq!(fronts, vec![0..20, 20..30]);
        assert_eq!(backs, vec![36..40, 32..36, 30..32]);
        assert!(run.lock().unwrap().is_none(), "an empty run is taken");
        let run = Mutex::new(Some(0..9));
        let mut fronts = vec![];
        while let Some(block) = take(&run, Take::Front) {
            fronts.push(block);
        }
        assert_eq!(
            fronts,
            vec![0..4, 4..8, 8..9],
            "never below four lanes but the last"
        );
        assert_eq!(
            take(&Mutex::new(Some(5..5)), Take::Front),
            None,
            "nothing in an empty run"
        );
    }

    #[test]
    fn the_caller_waits_for_the_pool_threads_until_they_are_done_or_a_while_has_passed() {
        let moment = Duration::from_micros(1);
        assert!(still_waiting(0, 1, moment));
        assert!(still_waiting(2, 3, moment));
        assert!(!still_waiting(1, 1, moment), "every pool thread is done");
        assert!(
            !still_waiting(0, 1, CALLER_SPIN),
            "it has waited long enough"
        );
    }

    #[test]
    fn the_caller_and_the_pool_both_take_blocks() {
        // The first block taken waits (at most a minute) until a second thread has taken
        // one: on one thread alone it would wait in vain.
        let seen: Mutex<HashSet<ThreadId>> = Mutex::new(HashSet::new());
        let both = Condvar::new();
        let done = Mutex::new(0);
        let mut scratch = [(), ()];
        threads(2).run(0..64, &mut scratch, |block, (), _| {
            let mut ids = seen.lock().unwrap();
            ids.insert(std::thread::current().id());
            both.notify_all();
            if block.start == 0 {
                let (ids, _) = both
                    .wait_timeout_while(ids, Duration::from_secs(60), |ids| ids.len() < 2)
                    .unwrap();
                assert_eq!(ids.len(), 2, "a second thread took a block");
            } else {
                drop(ids);
            }
            *done.lock().unwrap() += block.lanes();
        });
        assert_eq!(*done.lock().unwrap(), 64, "every lane ran once");
    }

    #[test]
    fn each_thread_takes_its_own_run_first_and_then_helps_from_the_end() {
        // Of 256 lanes on 2 threads, the caller's run is 0 to 127 and the pool thread's 128
        // to 255. The caller's first block waits (at most a minute) until the pool thread
        // has taken one, and the pool thread's first waits until the caller has taken 192
        // to 195: the pool thread takes the first half of its run, 128 to 191, and the
        // caller its own run in halves and then the pool thread's rest in fours from the
        // end.
        let caller = std::thread::current().id();
        let taken = Mutex::new((Vec::new(), Vec::new()));
        let changed = Condvar::new();
        let minute = Duration::from_secs(60);
        let mut scratch = [(), ()];
        threads(2).run(0..256, &mut scratch, |block, (), _| {
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
                        .wait_timeout_while(lists, minute, |(own, _)| !own.contains(&(192..196)))
                        .unwrap();
                }
            }
        });
        let (by_caller, by_pool) = taken.into_inner().unwrap();
        let mut expected = vec![0..64, 64..96, 96..112, 112..120, 120..124, 124..128];
        expected.extend((0..16).map(|i| 252 - 4 * i..256 - 4 * i));
        let pool_first_half = 128..192;
        assert_eq!((by_caller, by_pool), (expected, vec![pool_first_half]));
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
        // 256 lanes of 78 ns: 10 µs a thread if the handover were free.
        let lane = Duration::from_nanos(78);
        let mut scratch = [(), ()];
        let (mut steps, mut pool_starts, mut tails) = (vec![], vec![], vec![]);
        for _ in 0..STEPS {
            let ran = AtomicUsize::new(0);
            let pool_start = AtomicU64::new(u64::MAX);
            let last_end = AtomicU64::new(0);
            let started = Instant::now();
            two.run(0..256, &mut scratch, |block, (), _| {
                let from = started.elapsed().as_nanos() as u64;
                if std::thread::current().id() != caller {
                    pool_start.fetch_min(from, Ordering::Relaxed);
                }
                busy(lane * block.lanes() as u32);
                last_end.fetch_max(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
                ran.fetch_add(block.lanes(), Ordering::Relaxed);
            });
            let step = started.elapsed().as_nanos() as u64;
            assert_eq!(ran.into_inner(), 256, "every lane ran once");
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
            "a step of 256 lanes of 78 ns on 2 threads: median {step} ns (10,000 if the \
             handover were free); the pool thread's first block starts {} ns into the step \
             (in {share} of {STEPS} steps); the step ends {} ns after its last block",
            median(pool_starts),
            median(tails),
        );
    }
}
