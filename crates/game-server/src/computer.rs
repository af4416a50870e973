//! The server's computer in a seat (issue 37): when it is its turn in a game this server
//! holds, it thinks on a blocking thread (at most one search per core at once) and plays
//! through the same path as a person's move, committed before anyone hears of it.
//!
//! It thinks on a copy of the game and plays only if the game has not changed meanwhile
//! (the version), so a move or an end that came first wins. After a restart, a takeover or
//! a game let go from memory, it moves as soon as the game is loaded again (someone
//! connects, or its flag timer looks). A search that finds no move resigns.

use std::collections::HashSet;
use std::sync::{Arc, Mutex as StdMutex, PoisonError};

use game_catalog::{AnyGame, Computer, Level};
use tokio::sync::Semaphore;

use crate::app::App;
use crate::now_ms;
use crate::room::Room;

/// The computers' share of the server: the games whose computer is thinking now, and the
/// searches that may run at once.
#[derive(Debug)]
pub(crate) struct Computers {
    thinking: StdMutex<HashSet<String>>,
    slots: Arc<Semaphore>,
}

impl Computers {
    /// As many searches at once as the machine has cores.
    pub(crate) fn new() -> Computers {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        Computers {
            thinking: StdMutex::new(HashSet::new()),
            slots: Arc::new(Semaphore::new(cores)),
        }
    }

    fn thinking(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.thinking.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The search's seed: the game and the move, so that a game replays the same way when the
/// level's budget is a count of playouts.
fn seed_of(id: &str, version: u64) -> u64 {
    id.bytes()
        .fold(version.wrapping_mul(0x9e37_79b9_7f4a_7c15), |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

impl App {
    /// Starts the computer's search if it is the computer's turn in `room` and it is not
    /// thinking already.
    pub(crate) fn wake_computer(self: &Arc<Self>, room: &Room) {
        let Some((seat, level)) = room.computer_to_move() else {
            return;
        };
        if room.is_gone() || !self.computers.thinking().insert(room.id().to_string()) {
            return;
        }
        let app = Arc::clone(self);
        let (id, game, version) = (room.id().to_string(), room.game().clone(), room.version());
        tokio::spawn(async move { app.computer_moves(id, seat, level, game, version).await });
    }

    async fn computer_moves(
        self: Arc<Self>,
        id: String,
        seat: usize,
        level: Level,
        game: AnyGame,
        version: u64,
    ) {
        let permit = Arc::clone(&self.computers.slots).acquire_owned().await;
        let seed = seed_of(&id, version);
        let chosen = tokio::task::spawn_blocking(move || {
            game.computer_move(&Computer::new(level).with_seed(seed))
        })
        .await;
        drop(permit);
        let Ok(chosen) = chosen else {
            self.computers.thinking().remove(&id);
            tracing::error!(game = %id, "the computer's search failed");
            return;
        };
        // Not this server's any more, or gone: whoever holds it moves. (Still marked as
        // thinking, so that loading the game again does not start a second search.)
        let Ok(handle) = self.room(&id).await else {
            self.computers.thinking().remove(&id);
            return;
        };
        let mut room = handle.lock().await;
        if room.version() == version && room.computer_to_move().is_some() {
            let now = now_ms();
            let played = match &chosen {
                Some(mv) => room.play(&self.store, seat, version, mv, now).await,
                None => room.resign(&self.store, seat, version, now).await,
            };
            if let Err(e) = played {
                tracing::warn!(game = %id, error = %e.message, "the computer's move was refused");
            }
            self.reschedule(&room);
        }
        self.computers.thinking().remove(&id);
        let gone = room.is_gone();
        if !gone {
            // A game whose seat moves twice in a row, or a move refused: think again.
            self.wake_computer(&room);
        }
        drop(room);
        if gone {
            self.forget_lost(&id, &handle);
        } else {
            drop(handle);
            self.release(&id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::seed_of;

    #[test]
    fn seeds_differ_by_game_and_move() {
        assert_ne!(seed_of("a", 1), seed_of("a", 2));
        assert_ne!(seed_of("a", 1), seed_of("b", 1));
        assert_eq!(seed_of("a", 1), seed_of("a", 1));
    }
}
