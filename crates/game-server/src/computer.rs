//! The server's computer in a seat (issue 37): when it is its turn in a game this server
//! holds, it thinks on a blocking thread (at most one search per core at once) and plays
//! through the same path as a person's move, committed before anyone hears of it.
//!
//! It thinks on a copy of the game and plays only if the game has not changed meanwhile
//! (the version), so a move or an end that came first wins. After a restart, a takeover or
//! a game let go from memory, it moves as soon as the game is loaded again (someone
//! connects, or its flag timer looks). A search that finds no move resigns, and so does
//! the computer of a lost 9×9 Go game: game-core's `ResignRule` at `normal` and `hard`, as
//! `rulebook gtp` and the web page (its count of low searches lives in this server's
//! memory: a restart or a takeover starts it again).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex as StdMutex, PoisonError};

use game_catalog::{AnyGame, Computer, Level, ResignRule, SearchReport};
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
    /// Per go9 game with a computer at `normal` or `hard`: its low searches so far.
    resign: StdMutex<HashMap<String, ResignRule>>,
}

impl Computers {
    /// As many searches at once as the machine has cores.
    pub(crate) fn new() -> Computers {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        Computers {
            thinking: StdMutex::new(HashSet::new()),
            slots: Arc::new(Semaphore::new(cores)),
            resign: StdMutex::new(HashMap::new()),
        }
    }

    fn thinking(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.thinking.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The move to play after the search `report` of game `id` (`game`, at `level`), or
    /// `None` to resign: when the search found none, or when the game's resignation rule
    /// says so.
    fn answer(&self, id: &str, game: &AnyGame, level: Level, report: Found) -> Option<String> {
        let mut rules = self.resign.lock().unwrap_or_else(PoisonError::into_inner);
        let resigns = match (game, ResignRule::for_level(level)) {
            (AnyGame::Go9(_), Some(rule)) => rules.entry(id.to_string()).or_insert(rule).resigns(
                game.ply(),
                report.win_rate,
                report.playouts,
            ),
            _ => false,
        };
        if resigns || report.best.is_none() {
            rules.remove(id);
            return None;
        }
        report.best
    }

    /// Forgets game `id`'s count of low searches (the game ended).
    fn forget(&self, id: &str) {
        self.resign
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
    }
}

/// What a search found, as the resignation rule reads it.
#[derive(Clone, Debug, PartialEq)]
struct Found {
    best: Option<String>,
    win_rate: f64,
    playouts: u64,
}

impl From<SearchReport> for Found {
    fn from(report: SearchReport) -> Found {
        Found {
            best: report.best,
            win_rate: report.win_rate,
            playouts: report.playouts,
        }
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
        let searched = tokio::task::spawn_blocking(move || {
            let report = game.search(&Computer::new(level).with_seed(seed));
            (game, report)
        })
        .await;
        let chosen =
            searched.map(|(game, report)| self.computers.answer(&id, &game, level, report.into()));
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
            if room.game().is_over() {
                self.computers.forget(&id);
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
    use game_catalog::{AnyGame, Level};

    use super::{Computers, Found, seed_of};

    fn report(best: &str, win_rate: f64) -> Found {
        Found {
            best: Some(best.to_string()),
            win_rate,
            playouts: 4_000,
        }
    }

    /// A go9 game `plies` plies in: Black filling the first rows, White passing.
    fn go9_after(plies: usize) -> AnyGame {
        let mut game = AnyGame::parse_spec("go9").unwrap();
        for k in 0..plies {
            let mv = if k % 2 == 0 {
                let stone = k / 2;
                format!(
                    "{}{}",
                    "ABCDEFGHJ".chars().nth(stone % 9).unwrap(),
                    stone / 9 + 1
                )
            } else {
                "pass".into()
            };
            game.play(&mv).unwrap();
        }
        game
    }

    #[test]
    fn the_go9_computer_resigns_after_three_low_searches_from_ply_20() {
        let computers = Computers::new();
        let game = go9_after(14);
        // Low searches before ply 20 count, but it resigns only from ply 20.
        for _ in 0..3 {
            assert_eq!(
                computers.answer("g", &game, Level::Normal, report("E5", 0.05)),
                Some("E5".into())
            );
        }
        let late = go9_after(20);
        assert_eq!(
            computers.answer("g", &late, Level::Normal, report("E5", 0.05)),
            None
        );
        // A win rate back at 10 % ends a run: three more low searches are needed.
        let other = go9_after(22);
        assert_eq!(
            computers.answer("h", &other, Level::Hard, report("E5", 0.05)),
            Some("E5".into())
        );
        assert_eq!(
            computers.answer("h", &other, Level::Hard, report("E5", 0.1)),
            Some("E5".into())
        );
        assert_eq!(
            computers.answer("h", &other, Level::Hard, report("E5", 0.05)),
            Some("E5".into())
        );
        assert_eq!(
            computers.answer("h", &other, Level::Hard, report("E5", 0.05)),
            Some("E5".into())
        );
        assert_eq!(
            computers.answer("h", &other, Level::Hard, report("E5", 0.05)),
            None
        );
    }

    #[test]
    fn easy_and_the_other_games_never_resign_by_the_rule() {
        let computers = Computers::new();
        let game = go9_after(30);
        for _ in 0..5 {
            assert_eq!(
                computers.answer("e", &game, Level::Easy, report("E5", 0.0)),
                Some("E5".into())
            );
        }
        let bind = AnyGame::parse_spec("bind").unwrap();
        for _ in 0..5 {
            assert_eq!(
                computers.answer("b", &bind, Level::Hard, report("C3-E3", 0.0)),
                Some("C3-E3".into())
            );
        }
        // A search with no move resigns, whatever the game.
        let mut nothing = report("C3-E3", 0.5);
        nothing.best = None;
        assert_eq!(computers.answer("b", &bind, Level::Hard, nothing), None);
    }

    #[test]
    fn seeds_differ_by_game_and_move() {
        assert_ne!(seed_of("a", 1), seed_of("a", 2));
        assert_ne!(seed_of("a", 1), seed_of("b", 1));
        assert_eq!(seed_of("a", 1), seed_of("a", 1));
    }
}
