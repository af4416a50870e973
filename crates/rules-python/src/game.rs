//! `boardrules.Game`: one game of any of the four, through the catalog.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

use game_catalog::{
    self as catalog, AnyGame, Computer, GameSpec, Level, MAX_THREADS, OptionName, OptionValue,
    Player, SearchClock,
};
use numpy::{PyArray1, PyReadwriteArrayDyn};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple, PyType};

use crate::args::{int_in, int_in_or, shown, zero_or_one};
use crate::errors::{ArgumentError, ConcurrentUseError, IntoPyErr, OrRaise, SpecError};

/// One game of Kazura, Bao, go9 or Bind, chosen by name and options.
///
/// The game sits behind a lock that is only ever tried, never waited on: a call that
/// changes the game while another thread's call reads it (a search runs with the
/// interpreter's lock released), or any call while another thread's call changes it, is a
/// `ConcurrentUseError` and does nothing.
#[pyclass(module = "boardrules._boardrules", name = "Game", frozen)]
pub struct Game {
    game: RwLock<AnyGame>,
}

impl Game {
    /// `game` as a Python `Game`.
    pub(crate) fn wrap(game: AnyGame) -> Game {
        Game {
            game: RwLock::new(game),
        }
    }

    /// The game to read, or `ConcurrentUseError` while another thread's call changes it.
    pub(crate) fn read(&self) -> PyResult<RwLockReadGuard<'_, AnyGame>> {
        match self.game.try_read() {
            Ok(game) => Ok(game),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(ConcurrentUseError::new_err(
                "this Game is being changed by a call in another thread: \
                 use one Game per thread, or a lock around it",
            )),
        }
    }

    /// The game to change, or `ConcurrentUseError` while another thread's call uses it.
    fn write(&self) -> PyResult<RwLockWriteGuard<'_, AnyGame>> {
        match self.game.try_write() {
            Ok(game) => Ok(game),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(ConcurrentUseError::new_err(
                "this Game is in use by a call in another thread (a search, a step): \
                 use one Game per thread, or a lock around it",
            )),
        }
    }

    /// A copy of the game (as a new `Game`).
    fn duplicate(&self) -> PyResult<Game> {
        Ok(Game::wrap(self.read()?.clone()))
    }
}

/// The spec named by `spec` (`"kazura:size=9"`) and the keyword options (`size=9`), read
/// by the catalog (`GameSpec::from_values`): its names, ranges and refusals, in the
/// package's words for a value of the wrong type.
pub(crate) fn read_spec(spec: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<GameSpec> {
    let Some(options) = options.filter(|o| !o.is_empty()) else {
        return spec.parse::<GameSpec>().or_raise();
    };
    if spec.contains(':') {
        return Err(SpecError::new_err(format!(
            "give the options in the spec `{spec}` or as keywords, not both"
        )));
    }
    let mut given = Vec::with_capacity(options.len());
    for (key, value) in options.iter() {
        given.push((
            key.extract::<String>()?,
            option_value(&value),
            shown(&value),
        ));
    }
    let values = given
        .iter()
        .map(|(key, value, shown)| (key.as_str(), value.clone(), shown.as_str()));
    GameSpec::from_values(spec, values).map_err(|error| match error {
        catalog::SpecError::BadValue { option, value, .. } => {
            let wanted = match option {
                OptionName::Size | OptionName::Pieces => "a whole number ≥ 0",
                _ => "a string",
            };
            SpecError::new_err(format!("{option} must be {wanted}, not {value}"))
        }
        other => other.into_py_err(),
    })
}

/// A keyword option's value as the catalog takes it: a bool is no number.
fn option_value(value: &Bound<'_, PyAny>) -> OptionValue {
    if value.is_instance_of::<PyBool>() {
        return OptionValue::Other;
    }
    if let Ok(int) = value.cast::<PyInt>() {
        return int
            .extract::<u64>()
            .map_or(OptionValue::Other, OptionValue::Number);
    }
    match value.extract::<String>() {
        Ok(text) if value.is_instance_of::<PyString>() => OptionValue::Text(text),
        _ => OptionValue::Other,
    }
}

/// A player given as 0 or 1.
fn player(index: &Bound<'_, PyAny>) -> PyResult<Player> {
    Ok(match zero_or_one("player", index)? {
        0 => Player::First,
        _ => Player::Second,
    })
}

fn player_index(player: Player) -> u8 {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// The computer from the keyword arguments of `computer_move` and `search`.
///
/// `seed` is any whole number from 0 to 2⁶⁴ − 1, `threads` one from 1 to the catalog's
/// `MAX_THREADS`, `playouts` None or one from 1 to 2⁶⁴ − 1; anything else (a bool
/// included) is an `ArgumentError`.
fn computer(
    level: &str,
    playouts: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    clock: Option<&Bound<'_, PyAny>>,
) -> PyResult<Computer> {
    fn given<'py>(value: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
        value.filter(|v| !v.is_none()).cloned()
    }
    let level: Level = level.parse().map_err(|_| {
        ArgumentError::new_err(format!(
            "unknown level `{level}`: the levels are easy, normal and hard"
        ))
    })?;
    let seed: u64 = match given(seed) {
        Some(seed) => int_in("seed", &seed, 0, u64::MAX.into())?,
        None => 0,
    };
    let threads: usize = match given(threads) {
        Some(threads) => int_in_or("threads", &threads, 1, MAX_THREADS as i128, |_| {
            ArgumentError::new_err(format!(
                "threads must be a whole number from 1 to {MAX_THREADS}, not {}",
                shown(&threads)
            ))
        })?,
        None => 1,
    };
    let clock: bool = match given(clock) {
        Some(clock) => clock.extract().map_err(|_| {
            ArgumentError::new_err(format!(
                "clock must be True or False, not {}",
                shown(&clock)
            ))
        })?,
        None => true,
    };
    let mut computer = Computer::new(level).with_seed(seed).with_threads(threads);
    if !clock {
        computer = computer.with_clock(SearchClock::None);
    }
    if let Some(playouts) = playouts.filter(|p| !p.is_none()) {
        let count: u64 = int_in_or("playouts", playouts, 1, u64::MAX.into(), |_| {
            ArgumentError::new_err(format!(
                "playouts must be a whole number of at least 1 (and below 2**64), not {}",
                shown(playouts)
            ))
        })?;
        computer = computer.with_playouts(count);
    }
    Ok(computer)
}

#[pymethods]
impl Game {
    /// A game at its start: `Game("go9")`, `Game("kazura:size=9")`, `Game("kazura", size=9)`,
    /// `Game("bind", variant="full")`, `Game("bao", ruleset="reference")`.
    #[new]
    #[pyo3(signature = (spec = "go9", **options))]
    fn new(spec: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        Ok(Game::wrap(AnyGame::new(&read_spec(spec, options)?)))
    }

    /// The game replayed from a record (JSON of any of the four games, or go9's SGF), found
    /// by the record's own marker.
    #[classmethod]
    fn from_record(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<Game> {
        Ok(Game::wrap(AnyGame::read_record(text).or_raise()?))
    }

    /// The game's name: `kazura`, `bao`, `go9` or `bind`.
    #[getter]
    fn name(&self) -> PyResult<&'static str> {
        Ok(self.read()?.name())
    }

    /// The game and its options, canonical: `kazura:size=9`.
    #[getter]
    fn spec(&self) -> PyResult<String> {
        Ok(self.read()?.spec().to_string())
    }

    /// The most moves a game of this spec can last, a bound the rules give, or None where
    /// they give none (Bao).
    #[getter]
    fn max_game_length(&self) -> PyResult<Option<usize>> {
        Ok(self.read()?.spec().max_game_length())
    }

    /// The two players' names, first player first (`("black", "white")`).
    #[getter]
    fn player_names(&self) -> PyResult<(&'static str, &'static str)> {
        let [first, second] = self.read()?.player_names();
        Ok((first, second))
    }

    /// The player (colour) to move: 0 for the first player's colour (Black, or Bao's
    /// South), 1 for the second's. In Kazura after the swap the colours change hands:
    /// `seat_of` says who holds which.
    #[getter]
    fn to_move(&self) -> PyResult<u8> {
        Ok(player_index(self.read()?.to_move()))
    }

    /// The seat (0 for whoever moved first, 1 for the other) holding `player`'s colour:
    /// `player` itself, except in Kazura after the swap (K-8), when the responder holds
    /// Black. Multi-agent environments give each seat its own agent.
    fn seat_of(&self, player_index: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(self.read()?.seat_of(player(player_index)?))
    }

    /// The player (colour) sitting in `seat` (0 or 1): the inverse of `seat_of`.
    fn player_in_seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        let index = zero_or_one("seat", seat)?;
        let game = self.read()?;
        game.player_in_seat(index).map(player_index).ok_or_else(|| {
            ArgumentError::new_err(format!("seat {index} is not a seat: use 0 or 1"))
        })
    }

    /// Moves played so far.
    #[getter]
    fn ply(&self) -> PyResult<usize> {
        Ok(self.read()?.ply())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        Ok(self.read()?.is_over())
    }

    /// The winning player (colour: 0 or 1, as `to_move`), or `None` while the game goes on
    /// and after a draw.
    #[getter]
    fn winner(&self) -> PyResult<Option<u8>> {
        Ok(self.read()?.outcome().winner().map(player_index))
    }

    /// The result as `rulebook` prints it after `result: ` (`black by 7.0 points`, `ongoing`).
    #[getter]
    fn result(&self) -> PyResult<String> {
        Ok(self.read()?.outcome_text())
    }

    /// The status line: whose turn, or how the game ended.
    #[getter]
    fn status(&self) -> PyResult<String> {
        Ok(self.read()?.status())
    }

    /// Each player's (colour's) return: `(1.0, -1.0)` when player 0 has won, `(-1.0, 1.0)`
    /// when player 1 has, `(0.0, 0.0)` for a draw or a game in progress.
    fn returns(&self) -> PyResult<(f64, f64)> {
        Ok(match self.read()?.outcome().winner() {
            Some(Player::First) => (1.0, -1.0),
            Some(Player::Second) => (-1.0, 1.0),
            None => (0.0, 0.0),
        })
    }

    /// The moves played, in notation.
    fn moves(&self) -> PyResult<Vec<String>> {
        Ok(self.read()?.moves())
    }

    /// The legal moves in notation, sorted (what `rulebook legal` prints).
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        Ok(self.read()?.legal_moves())
    }

    /// Whether `move` is legal now (false for a text that is no move).
    fn is_legal(&self, r#move: &str) -> PyResult<bool> {
        Ok(self.read()?.is_legal(r#move))
    }

    /// Plays a move given in the game's notation.
    ///
    /// Raises `NotationError` for a text that is no move and `IllegalMoveError` for a move
    /// the rules refuse; the game is then unchanged.
    fn play(&self, r#move: &str) -> PyResult<()> {
        self.write()?.play(r#move).or_raise()
    }

    /// The number of integer actions: ids are `0..num_actions` (docs/actions.md).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.read()?.num_actions())
    }

    /// The action id of a move given in notation (legal now or not).
    fn action_of(&self, r#move: &str) -> PyResult<usize> {
        self.read()?.action_of(r#move).or_raise()
    }

    /// The move named by an action id, in notation (legal now or not).
    fn move_of(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let game = self.read()?;
        game.move_of(action_id(action, game.num_actions())?)
            .or_raise()
    }

    /// The ids of the legal moves, ascending.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        let mut actions = Vec::new();
        self.read()?.legal_actions(&mut actions);
        Ok(actions)
    }

    /// The legal-action mask, a boolean array of `num_actions` values; written into `out`
    /// (and returned) when given.
    #[pyo3(signature = (out = None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = self.read()?;
        let array = match out {
            Some(out) => out,
            None => PyArray1::<bool>::zeros(py, game.num_actions(), false).into_any(),
        };
        write_into(array, |slice| game.write_action_mask(slice))
    }

    /// Plays the move named by an action id and returns its notation.
    ///
    /// Raises `ActionError` for an id out of range or naming no move, `IllegalMoveError`
    /// for a move the rules refuse now; the game is then unchanged.
    fn play_action(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut game = self.write()?;
        let action = action_id(action, game.num_actions())?;
        game.play_action(action).or_raise()
    }

    /// The observation's shape, `(planes, rows, columns)` (docs/actions.md).
    #[getter]
    fn observation_shape(&self) -> PyResult<(usize, usize, usize)> {
        let [planes, rows, columns] = self.read()?.observation_shape();
        Ok((planes, rows, columns))
    }

    /// The observation planes from the point of view of the player to move, or of
    /// `player` (0 or 1) when given: a float32 array of `observation_shape`, written into
    /// `out` (and returned) when given. For the player not to move, the planes of the
    /// mover's options (go9's superko, Kazura's swap) are 0 (docs/actions.md).
    #[pyo3(signature = (player = None, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = self.read()?;
        let viewer = match player.filter(|p| !p.is_none()) {
            Some(index) => self::player(index)?,
            None => game.to_move(),
        };
        let array = match out {
            Some(out) => out,
            None => {
                let [planes, rows, columns] = game.observation_shape();
                numpy::PyArray3::<f32>::zeros(py, [planes, rows, columns], false).into_any()
            }
        };
        write_into(array, |slice| game.write_observation_for(viewer, slice))
    }

    /// Takes back the last move (go9 only, G-8) and returns it.
    fn undo(&self) -> PyResult<String> {
        self.write()?.undo().or_raise()
    }

    /// Whether the game's rules have undo (go9).
    #[getter]
    fn can_undo(&self) -> PyResult<bool> {
        Ok(self.read()?.can_undo())
    }

    /// Resigns for `player` (0 or 1); Bao's rules have no resignation.
    fn resign(&self, player_index: &Bound<'_, PyAny>) -> PyResult<()> {
        let who = player(player_index)?;
        self.write()?.resign(who).or_raise()
    }

    /// Whether the game's rules have resignation (all but Bao).
    #[getter]
    fn has_resignation(&self) -> PyResult<bool> {
        Ok(self.read()?.has_resignation())
    }

    /// The board diagram `rulebook show` prints.
    fn diagram(&self) -> PyResult<String> {
        Ok(self.read()?.diagram())
    }

    /// The game's record as JSON (2-space indentation, one final newline).
    fn to_json(&self) -> PyResult<String> {
        Ok(self.read()?.write_record())
    }

    /// go9's record as SGF; `RecordError` for the other games.
    #[pyo3(signature = (black = "black", white = "white"))]
    fn to_sgf(&self, black: &str, white: &str) -> PyResult<String> {
        self.read()?.to_sgf(black, white).or_raise()
    }

    /// The computer's move at `level` (`easy`, `normal`, `hard`) or with a budget of
    /// `playouts`, from `seed` on `threads` threads; `None` once the game is over. A level
    /// may also stop on a clock (`hard` thinks about a second); `clock=False` makes the
    /// budget playouts only (at most the catalog's no-clock caps). One thread and a budget
    /// of playouts only give the same move for the same seed. The interpreter's lock is
    /// released while it searches.
    #[pyo3(signature = (level = "normal", *, playouts = None, seed = None, threads = None, clock = None))]
    fn computer_move(
        &self,
        py: Python<'_>,
        level: &str,
        playouts: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        clock: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<String>> {
        let computer = computer(level, playouts, seed, threads, clock)?;
        // The game stays read-locked through the search: a call that would change it
        // meanwhile is a ConcurrentUseError, not a move the search never saw.
        let guard = self.read()?;
        let game: &AnyGame = &guard;
        Ok(py.detach(move || game.computer_move(&computer)))
    }

    /// Searches as `computer_move` does and reports the search: a dict with `best` (the
    /// move, or None), `win_rate` (for the player to move), `pv` (the expected line),
    /// `playouts`, `seconds`, `nodes` and `threads`.
    #[pyo3(signature = (level = "normal", *, playouts = None, seed = None, threads = None, clock = None))]
    fn search<'py>(
        &self,
        py: Python<'py>,
        level: &str,
        playouts: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
        threads: Option<&Bound<'py, PyAny>>,
        clock: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let computer = computer(level, playouts, seed, threads, clock)?;
        let guard = self.read()?;
        let game: &AnyGame = &guard;
        let report = py.detach(move || game.search(&computer));
        drop(guard);
        let info = PyDict::new(py);
        info.set_item("best", report.best)?;
        info.set_item("win_rate", report.win_rate)?;
        info.set_item("pv", report.pv)?;
        info.set_item("playouts", report.playouts)?;
        info.set_item("seconds", report.elapsed.as_secs_f64())?;
        info.set_item("nodes", report.nodes)?;
        info.set_item("threads", report.threads)?;
        Ok(info)
    }

    /// A copy of the game.
    fn copy(&self) -> PyResult<Game> {
        self.duplicate()
    }

    fn __copy__(&self) -> PyResult<Game> {
        self.duplicate()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.duplicate()
    }

    /// Whether `other` is a `Game` in the same state (the same spec, moves and position).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Game>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        let same = std::ptr::eq(self, other) || *self.read()? == *other.read()?;
        Ok(same.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// Pickling goes through the record, with every protocol (0 to 5): `Game(spec)`, then
    /// `__setstate__(record)` replays the record's JSON through the rules.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>, String)> {
        let py = slf.py();
        let game = slf.get().read()?;
        let args = PyTuple::new(py, [game.spec().to_string()])?;
        Ok((py.get_type::<Game>(), args, game.write_record()))
    }

    /// The record's JSON.
    fn __getstate__(&self) -> PyResult<String> {
        Ok(self.read()?.write_record())
    }

    /// Replays a record's JSON in place of the game.
    fn __setstate__(&self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let text: String = state.extract().map_err(|_| {
            crate::errors::RecordError::new_err(format!(
                "a Game's state is its record's JSON text, not {}",
                shown(state)
            ))
        })?;
        let replayed = AnyGame::read_record(&text).or_raise()?;
        *self.write()? = replayed;
        Ok(())
    }

    fn __str__(&self) -> PyResult<String> {
        Ok(self.read()?.diagram())
    }

    fn __repr__(&self) -> PyResult<String> {
        let game = self.read()?;
        Ok(format!("Game('{}'): {}", game.spec(), game.status()))
    }
}

/// Fills `array` (a numpy array of `T`) through `write`, and returns it; a `TypeError` for
/// an array of another type or not C-contiguous, a `ValueError` for one of the wrong size.
fn write_into<'py, T: numpy::Element>(
    array: Bound<'py, PyAny>,
    write: impl FnOnce(&mut [T]) -> Result<(), game_catalog::BufferSizeError>,
) -> PyResult<Bound<'py, PyAny>> {
    {
        let mut view: PyReadwriteArrayDyn<'py, T> = array.extract()?;
        let slice = view.as_slice_mut().map_err(contiguous)?;
        write(slice).map_err(|e| ArgumentError::new_err(format!("out: {e}")))?;
    }
    Ok(array)
}

/// `action` as an id below `actions`: `ActionError` for a whole number out of range,
/// `ArgumentError` for a value that is no whole number (`True`, `2.0`).
pub(crate) fn action_id(action: &Bound<'_, PyAny>, actions: usize) -> PyResult<usize> {
    int_in_or("action", action, 0, actions as i128 - 1, |_| {
        crate::errors::ActionError::new_err(format!(
            "action {} is out of range: this game has actions 0 to {}",
            shown(action),
            actions - 1
        ))
    })
}

/// The error for an array that is not one contiguous block.
pub(crate) fn contiguous(_: numpy::AsSliceError) -> PyErr {
    PyTypeError::new_err("out must be a C-contiguous array")
}
