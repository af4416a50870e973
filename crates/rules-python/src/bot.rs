//! `boardrules.Bot`: one of the catalog's computer players (`game_catalog::AnyBot`) for a
//! game, kept from move to move.

use std::sync::{Mutex, MutexGuard, TryLockError};

use game_catalog::{AnyBot, AnyGame, BotSpec};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::args::{int_in, int_in_or, shown};
use crate::errors::{ArgumentError, ConcurrentUseError, IntoPyErr};
use crate::game::Game;

/// A computer player for one game, kept from move to move: `Bot("hard", game)`,
/// `Bot("mcts:800", game, seed=1)`, `Bot("uniform", game)`, `Bot("gtp:gnugo --mode gtp",
/// Game("go9"))`. Ask it for a move with `choose(game)`, tell it every move played with
/// `observe(game, move)` (the game as it was before the move) and of moves taken back with
/// `undo(plies)`; `close()` ends an outside engine.
#[pyclass(module = "boardrules._boardrules", name = "Bot", frozen)]
pub struct Bot {
    bot: Mutex<Option<AnyBot>>,
}

impl Bot {
    /// The bot, or `ConcurrentUseError` while another thread's call uses it.
    fn lock(&self) -> PyResult<MutexGuard<'_, Option<AnyBot>>> {
        match self.bot.try_lock() {
            Ok(bot) => Ok(bot),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(ConcurrentUseError::new_err(
                "this Bot is in use by a call in another thread: use one Bot per thread",
            )),
        }
    }
}

/// The bot in `slot`, or an error once it is closed.
fn open(slot: &mut Option<AnyBot>) -> PyResult<&mut AnyBot> {
    slot.as_mut()
        .ok_or_else(|| ArgumentError::new_err("this Bot is closed"))
}

#[pymethods]
impl Bot {
    /// The bot `spec` (`random`, `uniform`, `easy`, `normal`, `hard`, `mcts:PLAYOUTS`,
    /// `gtp:COMMAND`) for a game at `game`'s position, seeded with `seed` (0 to 2⁶⁴ − 1),
    /// searching on `threads` threads (1 to `MAX_THREADS`).
    #[new]
    #[pyo3(signature = (spec, game, *, seed = None, threads = None))]
    fn new(
        spec: &str,
        game: &Game,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bot> {
        let spec: BotSpec = spec
            .parse()
            .map_err(|e: game_catalog::ParseBotError| ArgumentError::new_err(e.to_string()))?;
        let seed: u64 = match seed.filter(|s| !s.is_none()) {
            Some(seed) => int_in("seed", seed, 0, u64::MAX.into())?,
            None => 0,
        };
        let max = game_catalog::MAX_THREADS;
        let threads: usize = match threads.filter(|t| !t.is_none()) {
            Some(threads) => int_in_or("threads", threads, 1, max as i128, |_| {
                ArgumentError::new_err(format!(
                    "threads must be a whole number from 1 to {max}, not {}",
                    shown(threads)
                ))
            })?,
            None => 1,
        };
        let start: AnyGame = game.read()?.clone();
        let bot = AnyBot::new(&spec, &start, seed, threads).map_err(IntoPyErr::into_py_err)?;
        Ok(Bot {
            bot: Mutex::new(Some(bot)),
        })
    }

    /// The bot as its spec writes it (`hard`, `mcts:800`).
    #[getter]
    fn name(&self) -> PyResult<String> {
        let mut slot = self.lock()?;
        Ok(open(&mut slot)?.name())
    }

    /// The move the bot plays in `game` (not played), or None when it resigns or has no
    /// move. The interpreter's lock is released while it thinks.
    fn choose(&self, py: Python<'_>, game: &Game) -> PyResult<Option<String>> {
        let mut slot = self.lock()?;
        let bot = open(&mut slot)?;
        let guard = game.read()?;
        let position: &AnyGame = &guard;
        py.detach(move || bot.choose(position))
            .map_err(IntoPyErr::into_py_err)
    }

    /// Tells the bot that `move` was played in `game` (the game before the move); `own`
    /// when it is the move this bot chose.
    #[pyo3(signature = (game, r#move, own = false))]
    fn observe(&self, game: &Game, r#move: &str, own: bool) -> PyResult<()> {
        let mut slot = self.lock()?;
        let before = game.read()?;
        open(&mut slot)?
            .observe(&before, r#move, own)
            .map_err(IntoPyErr::into_py_err)
    }

    /// Tells the bot that the last `plies` moves were taken back.
    #[pyo3(signature = (plies = None))]
    fn undo(&self, plies: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let plies: usize = match plies.filter(|p| !p.is_none()) {
            Some(plies) => int_in("plies", plies, 0, i128::from(u32::MAX))?,
            None => 1,
        };
        let mut slot = self.lock()?;
        open(&mut slot)?.undo(plies).map_err(IntoPyErr::into_py_err)
    }

    /// Ends the bot (`quit` to an outside engine); later calls raise `ArgumentError`.
    fn close(&self) -> PyResult<()> {
        if let Some(bot) = self.lock()?.take() {
            bot.finish();
        }
        Ok(())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = self.lock()?.as_ref().map(AnyBot::name);
        Ok(match name {
            Some(name) => format!("Bot({})", PyString::new(py, &name).repr()?),
            None => "Bot(closed)".into(),
        })
    }
}
