//! The threads a [`Batch`](super::Batch) steps its lanes on: the caller's, and a rayon
//! pool of the others shared by every batch of the same thread count in the process.

use std::num::NonZeroUsize;

/// Fewest lanes worth a block of their own: below this, handing a block to another
/// thread costs more than stepping it.
pub(super) const MIN_BLOCK_LANES: usize = 16;

/// Blocks per thread, so that a thread that finishes early takes over another's work.
const BLOCKS_PER_THREAD: usize = 8;

/// One thread, or a pool of several.
#[derive(Clone, Debug)]
pub(super) struct Threads {
    #[cfg(not(target_arch = "wasm32"))]
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
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

    /// Runs `work` on every block, on the calling thread and the pool's: each takes the
    /// next block not yet taken until none is left, so the caller starts at once while the
    /// pool's threads wake (which takes tens of microseconds on a busy or virtual machine),
    /// and returns once every block is done.
    pub fn run<B: Send, F: Fn(B) + Sync>(&self, blocks: Vec<B>, work: F) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(pool) = &self.pool {
            use std::sync::atomic::{AtomicUsize, Ordering};
            use std::sync::{Mutex, PoisonError};

            let slots: Vec<Mutex<Option<B>>> =
                blocks.into_iter().map(|b| Mutex::new(Some(b))).collect();
            let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
            let drain = || {
                while let Some(slot) = slots.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let taken = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
                    if let Some(block) = taken {
                        work(block);
                    }
                    done.fetch_add(1, Ordering::Release);
                }
            };
            pool.in_place_scope(|scope| {
                for _ in 1..self.count.get() {
                    scope.spawn(|_| drain());
                }
                drain();
                // The blocks still running are the pool's last, a few microseconds each:
                // waiting for them here, rather than asleep in the scope's end, spares the
                // caller a wake-up.
                while done.load(Ordering::Acquire) < slots.len() {
                    std::hint::spin_loop();
                }
            });
            return;
        }
        blocks.into_iter().for_each(work);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod pools {
    use std::sync::{Arc, Mutex, Weak};

    /// The pools in use, by thread count (kept while a batch holds one).
    static POOLS: Mutex<Vec<(usize, Weak<rayon::ThreadPool>)>> = Mutex::new(Vec::new());

    /// The pool of `count` threads that batches share, made if none is alive; `None` if
    /// the system will not start its threads.
    pub fn shared(count: usize) -> Option<Arc<rayon::ThreadPool>> {
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
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .thread_name(|i| format!("batch-{i}"))
            .build()
            .ok()?;
        let pool = Arc::new(pool);
        pools.push((count, Arc::downgrade(&pool)));
        Some(pool)
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
    fn batches_of_one_thread_count_share_a_pool_while_one_holds_it() {
        let first = pools::shared(3).unwrap();
        let again = pools::shared(3).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.current_num_threads(), 3);
        drop((first, again));
        // The dead pool's entry is dropped and a new pool made; it is then the shared one.
        let second = pools::shared(3).unwrap();
        let third = pools::shared(3).unwrap();
        assert!(Arc::ptr_eq(&second, &third));
    }
}
