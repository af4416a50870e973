//! [`GroupCommit`]: the updates of many games written in one transaction.
//!
//! Every move is acknowledged only after it is committed, and a commit waits for the disk
//! (`synchronous = FULL`). One transaction a move makes the disk's flush time the limit of
//! the whole server: the load test measured about 800 moves a second, the players of 500
//! games waiting in one queue. Here one writer thread takes every update waiting when it is
//! free and hands them to [`GameStore::update_all`] together, so a flush carries as many
//! moves as arrived during the last one. With one game at a time nothing waits longer than
//! before; nothing is acknowledged before its commit, as before.

use std::sync::Arc;
use std::sync::mpsc;
use std::thread;

use super::{Expired, GameStore, NewGame, StoreError, StoredGame, Update};

/// One update waiting for the writer, and where its result goes.
struct Job {
    update: Update,
    done: mpsc::SyncSender<Result<(), StoreError>>,
}

/// A [`GameStore`] that gathers concurrent updates into one [`GameStore::update_all`] of
/// the store inside; everything else goes straight through.
///
/// ```
/// use std::sync::Arc;
/// use game_server::store::{GameStore, GroupCommit, SqliteStore};
///
/// let inner: Arc<dyn GameStore> = Arc::new(SqliteStore::in_memory().unwrap());
/// let store = GroupCommit::new(inner, 256);
/// assert!(store.load("no-such-game").unwrap().is_none());
/// ```
pub struct GroupCommit {
    inner: Arc<dyn GameStore>,
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for GroupCommit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupCommit").finish_non_exhaustive()
    }
}

impl GroupCommit {
    /// Starts the writer thread over `inner`; a batch holds at most `max_batch` updates
    /// (at least 1). The thread ends when the `GroupCommit` is dropped.
    #[must_use]
    pub fn new(inner: Arc<dyn GameStore>, max_batch: usize) -> GroupCommit {
        let (jobs, waiting) = mpsc::channel::<Job>();
        let store = Arc::clone(&inner);
        let max_batch = max_batch.max(1);
        // Should the thread not start, the receiver is dropped with it, and every update
        // finds the channel closed and fails with a typed error instead of a panic.
        let _writer = thread::Builder::new()
            .name("game-store-writer".into())
            .spawn(move || write_batches(&*store, &waiting, max_batch));
        GroupCommit { inner, jobs }
    }
}

/// The writer: waits for an update, takes every other one already waiting (up to
/// `max_batch`), writes them together and answers each.
fn write_batches(store: &dyn GameStore, waiting: &mpsc::Receiver<Job>, max_batch: usize) {
    while let Ok(first) = waiting.recv() {
        let mut batch = vec![first];
        while batch.len() < max_batch {
            match waiting.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let (updates, answers): (Vec<Update>, Vec<_>) =
            batch.into_iter().map(|j| (j.update, j.done)).unzip();
        let results = store.update_all(&updates);
        for (answer, result) in answers.into_iter().zip(results) {
            // The caller may have gone (its task cancelled): nothing to tell then.
            let _ = answer.send(result);
        }
    }
}

impl GameStore for GroupCommit {
    fn create(&self, game: &NewGame) -> Result<(), StoreError> {
        self.inner.create(game)
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.inner.load(id)
    }

    /// Waits for the writer to commit `update` with whatever else was waiting.
    fn update(&self, update: &Update) -> Result<(), StoreError> {
        let (done, result) = mpsc::sync_channel(1);
        let job = Job {
            update: update.clone(),
            done,
        };
        if self.jobs.send(job).is_err() {
            return Err(StoreError::Database(
                "the store's writer has stopped".into(),
            ));
        }
        result.recv().unwrap_or_else(|_| {
            Err(StoreError::Database(
                "the store's writer stopped before answering".into(),
            ))
        })
    }

    fn update_all(&self, updates: &[Update]) -> Vec<Result<(), StoreError>> {
        self.inner.update_all(updates)
    }

    fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        self.inner.running_clocks()
    }

    fn accounts(&self) -> Option<&dyn crate::store::AccountStore> {
        self.inner.accounts()
    }

    fn ratings(&self) -> Option<&dyn crate::store::RatingStore> {
        self.inner.ratings()
    }

    fn live_games(
        &self,
        since_ms: u64,
        limit: usize,
    ) -> Result<Vec<crate::store::LiveGame>, StoreError> {
        self.inner.live_games(since_ms, limit)
    }

    fn check(&self) -> Result<(), StoreError> {
        self.inner.check()
    }

    fn expired(
        &self,
        finished_before_ms: Option<u64>,
        idle_before_ms: Option<u64>,
    ) -> Result<Vec<Expired>, StoreError> {
        self.inner.expired(finished_before_ms, idle_before_ms)
    }

    fn delete_games(&self, ids: &[String]) -> Result<usize, StoreError> {
        self.inner.delete_games(ids)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::store::{MoveChange, SqliteStore, StoredMove};

    fn new_game(id: &str) -> NewGame {
        NewGame {
            id: id.into(),
            spec: "go9".into(),
            token_digests: [[0; 32], [1; 32]],
            clock: None,
            created_ms: 0,
            computer: None,
            players: Default::default(),
            rated: false,
        }
    }

    fn move_update(id: &str, from: u64, text: &str) -> Update {
        Update {
            id: id.into(),
            from_version: from,
            version: from + 1,
            joined: [true, true],
            clock: None,
            change: Some(MoveChange::Append(StoredMove {
                ply: from + 1,
                seat: usize::try_from(from % 2).unwrap(),
                text: text.into(),
                played_ms: from,
            })),
            end: None,
        }
    }

    /// A store that records the size of each batch it is given, writing to SQLite.
    struct Counting {
        inner: SqliteStore,
        batches: Mutex<Vec<usize>>,
    }

    impl GameStore for Counting {
        fn create(&self, game: &NewGame) -> Result<(), StoreError> {
            self.inner.create(game)
        }
        fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
            self.inner.load(id)
        }
        fn update(&self, update: &Update) -> Result<(), StoreError> {
            self.inner.update(update)
        }
        fn update_all(&self, updates: &[Update]) -> Vec<Result<(), StoreError>> {
            self.batches.lock().unwrap().push(updates.len());
            self.inner.update_all(updates)
        }
        fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
            self.inner.running_clocks()
        }
    }

    #[test]
    fn the_writer_takes_every_waiting_update_up_to_the_batch_size() {
        let store = Counting {
            inner: SqliteStore::in_memory().unwrap(),
            batches: Mutex::new(Vec::new()),
        };
        for id in ["a", "b", "c", "d", "e"] {
            store.create(&new_game(id)).unwrap();
        }
        // Five updates already waiting (one of them stale) when the writer looks.
        let (jobs, waiting) = mpsc::channel();
        let mut answers = Vec::new();
        for (id, from) in [("a", 0), ("b", 0), ("c", 7), ("d", 0), ("e", 0)] {
            let (done, answer) = mpsc::sync_channel(1);
            jobs.send(Job {
                update: move_update(id, from, "E5"),
                done,
            })
            .unwrap();
            answers.push(answer);
        }
        drop(jobs);
        write_batches(&store, &waiting, 3);
        assert_eq!(*store.batches.lock().unwrap(), vec![3, 2]);
        let results: Vec<bool> = answers.iter().map(|a| a.recv().unwrap().is_ok()).collect();
        assert_eq!(
            results,
            [true, true, false, true, true],
            "the stale one alone fails"
        );
        for (id, version) in [("a", 1), ("b", 1), ("c", 0), ("d", 1), ("e", 1)] {
            assert_eq!(store.load(id).unwrap().unwrap().version, version, "{id}");
        }
    }

    /// A store with only the required methods: `update_all` is the trait's default.
    struct OneByOne(SqliteStore);

    impl GameStore for OneByOne {
        fn create(&self, game: &NewGame) -> Result<(), StoreError> {
            self.0.create(game)
        }
        fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
            self.0.load(id)
        }
        fn update(&self, update: &Update) -> Result<(), StoreError> {
            self.0.update(update)
        }
        fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
            self.0.running_clocks()
        }
    }

    #[test]
    fn the_default_update_all_writes_each_in_turn_with_its_own_result() {
        let store = OneByOne(SqliteStore::in_memory().unwrap());
        store.create(&new_game("a")).unwrap();
        let results = store.update_all(&[
            move_update("a", 0, "E5"),
            move_update("a", 0, "D4"),
            move_update("a", 1, "D4"),
        ]);
        let ok: Vec<bool> = results.iter().map(Result::is_ok).collect();
        assert_eq!(
            ok,
            [true, false, true],
            "the second is stale after the first"
        );
        let texts: Vec<String> = store
            .load("a")
            .unwrap()
            .unwrap()
            .moves
            .into_iter()
            .map(|m| m.text)
            .collect();
        assert_eq!(texts, ["E5", "D4"]);
    }

    #[test]
    fn many_threads_moving_at_once_all_commit_in_order() {
        let inner: Arc<dyn GameStore> = Arc::new(SqliteStore::in_memory().unwrap());
        let store = Arc::new(GroupCommit::new(inner, 256));
        let ids: Vec<String> = (0..8).map(|i| format!("g{i}")).collect();
        for id in &ids {
            store.create(&new_game(id)).unwrap();
        }
        let threads: Vec<_> = ids
            .iter()
            .map(|id| {
                let store = Arc::clone(&store);
                let id = id.clone();
                thread::spawn(move || {
                    for from in 0..20 {
                        store
                            .update(&move_update(&id, from, &format!("m{from}")))
                            .unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        for id in &ids {
            let game = store.load(id).unwrap().unwrap();
            assert_eq!(game.version, 20);
            let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
            let expected: Vec<String> = (0..20).map(|i| format!("m{i}")).collect();
            assert_eq!(texts, expected);
        }
        // A stale update through the group is refused like any other.
        assert!(matches!(
            store.update(&move_update("g0", 3, "X")),
            Err(StoreError::Conflict { found: 20, .. })
        ));
        // Several at once go straight to the store inside, each with its own result.
        let results = store.update_all(&[move_update("g0", 20, "Y"), move_update("g1", 0, "Z")]);
        assert!(results[0].is_ok());
        assert!(matches!(
            results[1],
            Err(StoreError::Conflict { found: 20, .. })
        ));
        assert_eq!(store.load("g0").unwrap().unwrap().version, 21);
        assert!(format!("{store:?}").starts_with("GroupCommit"));
    }
}
