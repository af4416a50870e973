//! `boardrules.Game`: one game of any of the four, through the catalog.

use game_catalog::{AnyGame, Clock, Computer, GameSpec, Level, Player, SpecOptions};
use numpy::{PyArray1, PyReadwriteArrayDyn};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use crate::errors::{OrRaise, SpecError};

/// One game of Kazura, Bao, go9 or Bind, chosen by name and options.
#[pyclass(module = "boardrules._boardrules", name = "Game", eq)]
#[derive(Clone, PartialEq)]
pub struct Game {
    pub(crate) game: AnyGame,
}

/// The spec named by `spec` (`"kazura:size=9"`) and the keyword options (`size=9`).
pub(crate) fn read_spec(spec: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<GameSpec> {
    let Some(options) = options.filter(|o| !o.is_empty()) else {
        return spec.parse::<GameSpec>().or_raise();
    };
    if spec.contains(':') {
        return Err(SpecError::new_err(format!(
            "give the options in the spec `{spec}` or as keywords, not both"
        )));
    }
    let mut given = SpecOptions::default();
    for (key, value) in options.iter() {
        let key: String = key.extract()?;
        match key.as_str() {
            "size" => given.size = Some(whole_number(&key, &value)?),
            "pieces" => given.pieces = Some(whole_number(&key, &value)?),
            "variant" => given.variant = Some(text_option(&key, &value)?),
            "ruleset" => given.ruleset = Some(text_option(&key, &value)?),
            _ => {
                return Err(SpecError::new_err(format!(
                    "unknown option `{key}`: the options are size, pieces, variant and ruleset"
                )));
            }
        }
    }
    GameSpec::new(spec, &given).or_raise()
}

fn whole_number(key: &str, value: &Bound<'_, PyAny>) -> PyResult<usize> {
    value
        .extract::<usize>()
        .map_err(|_| SpecError::new_err(format!("{key} must be a whole number ≥ 0, not {value}")))
}

fn text_option(key: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    value
        .extract::<String>()
        .map_err(|_| SpecError::new_err(format!("{key} must be a string, not {value}")))
}

/// A player given as 0 or 1.
fn player(index: i64) -> PyResult<Player> {
    match index {
        0 => Ok(Player::First),
        1 => Ok(Player::Second),
        _ => Err(PyValueError::new_err(format!(
            "player {index} is not a player: use 0 (the first) or 1 (the second)"
        ))),
    }
}

fn player_index(player: Player) -> u8 {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// The computer from the keyword arguments of `computer_move` and `search`.
fn computer(
    level: &str,
    playouts: Option<&Bound<'_, PyAny>>,
    seed: u64,
    threads: usize,
    clock: bool,
) -> PyResult<Computer> {
    let level: Level = level.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown level `{level}`: the levels are easy, normal and hard"
        ))
    })?;
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let mut computer = Computer::new(level).with_seed(seed).with_threads(threads);
    if !clock {
        computer = computer.with_clock(Clock::None);
    }
    if let Some(playouts) = playouts.filter(|p| !p.is_none()) {
        let count = if playouts.is_instance_of::<pyo3::types::PyInt>() {
            playouts.extract::<i64>().ok()
        } else {
            None
        };
        match count {
            Some(count) if count >= 1 => {
                computer = computer.with_playouts(count.unsigned_abs());
            }
            _ => {
                return Err(PyValueError::new_err(format!(
                    "playouts must be a whole number of at least 1, not {playouts}"
                )));
            }
        }
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
        Ok(Game {
            game: AnyGame::new(&read_spec(spec, options)?),
        })
    }

    /// The game replayed from a record (JSON of any of the four games, or go9's SGF), found
    /// by the record's own marker.
    #[classmethod]
    fn from_record(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<Game> {
        Ok(Game {
            game: AnyGame::read_record(text).or_raise()?,
        })
    }

    /// The game's name: `kazura`, `bao`, `go9` or `bind`.
    #[getter]
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The game and its options, canonical: `kazura:size=9`.
    #[getter]
    fn spec(&self) -> String {
        self.game.spec().to_string()
    }

    /// The two players' names, first player first (`("black", "white")`).
    #[getter]
    fn player_names(&self) -> (&'static str, &'static str) {
        let [first, second] = self.game.player_names();
        (first, second)
    }

    /// The player (colour) to move: 0 for the first player's colour (Black, or Bao's
    /// South), 1 for the second's. In Kazura after the swap the colours change hands:
    /// `seat_of` says who holds which.
    #[getter]
    fn to_move(&self) -> u8 {
        player_index(self.game.to_move())
    }

    /// The seat (0 for whoever moved first, 1 for the other) holding `player`'s colour:
    /// `player` itself, except in Kazura after the swap (K-8), when the responder holds
    /// Black. Multi-agent environments give each seat its own agent.
    fn seat_of(&self, player_index: i64) -> PyResult<usize> {
        Ok(self.game.seat_of(player(player_index)?))
    }

    /// The player (colour) sitting in `seat` (0 or 1): the inverse of `seat_of`.
    fn player_in_seat(&self, seat: i64) -> PyResult<u8> {
        usize::try_from(seat)
            .ok()
            .and_then(|seat| self.game.player_in_seat(seat))
            .map(player_index)
            .ok_or_else(|| PyValueError::new_err(format!("seat {seat} is not a seat: use 0 or 1")))
    }

    /// Moves played so far.
    #[getter]
    fn ply(&self) -> usize {
        self.game.ply()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The winning player (colour: 0 or 1, as `to_move`), or `None` while the game goes on
    /// and after a draw.
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.game.outcome().winner().map(player_index)
    }

    /// The result as `rulebook` prints it after `result: ` (`black by 7.0 points`, `ongoing`).
    #[getter]
    fn result(&self) -> String {
        self.game.outcome_text()
    }

    /// The status line: whose turn, or how the game ended.
    #[getter]
    fn status(&self) -> String {
        self.game.status()
    }

    /// Each player's (colour's) return: `(1.0, -1.0)` when player 0 has won, `(-1.0, 1.0)`
    /// when player 1 has, `(0.0, 0.0)` for a draw or a game in progress.
    fn returns(&self) -> (f64, f64) {
        match self.game.outcome().winner() {
            Some(Player::First) => (1.0, -1.0),
            Some(Player::Second) => (-1.0, 1.0),
            None => (0.0, 0.0),
        }
    }

    /// The moves played, in notation.
    fn moves(&self) -> Vec<String> {
        self.game.moves()
    }

    /// The legal moves in notation, sorted (what `rulebook legal` prints).
    fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// Whether `move` is legal now (false for a text that is no move).
    fn is_legal(&self, r#move: &str) -> bool {
        self.game.is_legal(r#move)
    }

    /// Plays a move given in the game's notation.
    ///
    /// Raises `NotationError` for a text that is no move and `IllegalMoveError` for a move
    /// the rules refuse; the game is then unchanged.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        self.game.play(r#move).or_raise()
    }

    /// The number of integer actions: ids are `0..num_actions` (docs/actions.md).
    #[getter]
    fn num_actions(&self) -> usize {
        self.game.num_actions()
    }

    /// The action id of a move given in notation (legal now or not).
    fn action_of(&self, r#move: &str) -> PyResult<usize> {
        self.game.action_of(r#move).or_raise()
    }

    /// The move named by an action id, in notation (legal now or not).
    fn move_of(&self, action: i64) -> PyResult<String> {
        self.game
            .move_of(action_id(action, self.game.num_actions())?)
            .or_raise()
    }

    /// The ids of the legal moves, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        let mut actions = Vec::new();
        self.game.legal_actions(&mut actions);
        actions
    }

    /// The legal-action mask, a boolean array of `num_actions` values; written into `out`
    /// (and returned) when given.
    #[pyo3(signature = (out = None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let array = match out {
            Some(out) => out,
            None => PyArray1::<bool>::zeros(py, self.game.num_actions(), false).into_any(),
        };
        write_into(array, |slice| self.game.write_action_mask(slice))
    }

    /// Plays the move named by an action id and returns its notation.
    ///
    /// Raises `ActionError` for an id out of range or naming no move, `IllegalMoveError`
    /// for a move the rules refuse now; the game is then unchanged.
    fn play_action(&mut self, action: i64) -> PyResult<String> {
        let action = action_id(action, self.game.num_actions())?;
        self.game.play_action(action).or_raise()
    }

    /// The observation's shape, `(planes, rows, columns)` (docs/actions.md).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, columns] = self.game.observation_shape();
        (planes, rows, columns)
    }

    /// The observation planes from the point of view of the player to move, or of
    /// `player` (0 or 1) when given: a float32 array of `observation_shape`, written into
    /// `out` (and returned) when given. For the player not to move, the planes of the
    /// mover's options (go9's superko, Kazura's swap) are 0 (docs/actions.md).
    #[pyo3(signature = (player = None, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let viewer = match player {
            Some(index) => self::player(index)?,
            None => self.game.to_move(),
        };
        let array = match out {
            Some(out) => out,
            None => {
                let [planes, rows, columns] = self.game.observation_shape();
                numpy::PyArray3::<f32>::zeros(py, [planes, rows, columns], false).into_any()
            }
        };
        write_into(array, |slice| {
            self.game.write_observation_for(viewer, slice)
        })
    }

    /// Takes back the last move (go9 only, G-8) and returns it.
    fn undo(&mut self) -> PyResult<String> {
        self.game.undo().or_raise()
    }

    /// Whether the game's rules have undo (go9).
    #[getter]
    fn can_undo(&self) -> bool {
        self.game.can_undo()
    }

    /// Resigns for `player` (0 or 1); Bao's rules have no resignation.
    fn resign(&mut self, player_index: i64) -> PyResult<()> {
        self.game.resign(player(player_index)?).or_raise()
    }

    /// Whether the game's rules have resignation (all but Bao).
    #[getter]
    fn has_resignation(&self) -> bool {
        self.game.has_resignation()
    }

    /// The board diagram `rulebook show` prints.
    fn diagram(&self) -> String {
        self.game.diagram()
    }

    /// The game's record as JSON (2-space indentation, one final newline).
    fn to_json(&self) -> String {
        self.game.write_record()
    }

    /// go9's record as SGF; `RecordError` for the other games.
    #[pyo3(signature = (black = "black", white = "white"))]
    fn to_sgf(&self, black: &str, white: &str) -> PyResult<String> {
        self.game.to_sgf(black, white).or_raise()
    }

    /// The computer's move at `level` (`easy`, `normal`, `hard`) or with a budget of
    /// `playouts`, from `seed` on `threads` threads; `None` once the game is over. A level
    /// may also stop on a clock (`hard` thinks about a second); `clock=False` makes the
    /// budget playouts only (at most the catalog's no-clock caps). One thread and a budget
    /// of playouts only give the same move for the same seed. The interpreter's lock is
    /// released while it searches.
    #[pyo3(signature = (level = "normal", *, playouts = None, seed = 0, threads = 1, clock = true))]
    fn computer_move(
        &self,
        py: Python<'_>,
        level: &str,
        playouts: Option<&Bound<'_, PyAny>>,
        seed: u64,
        threads: usize,
        clock: bool,
    ) -> PyResult<Option<String>> {
        let computer = computer(level, playouts, seed, threads, clock)?;
        let game = self.game.clone();
        Ok(py.detach(move || game.computer_move(&computer)))
    }

    /// Searches as `computer_move` does and reports the search: a dict with `best` (the
    /// move, or None), `win_rate` (for the player to move), `pv` (the expected line),
    /// `playouts`, `seconds`, `nodes` and `threads`.
    #[pyo3(signature = (level = "normal", *, playouts = None, seed = 0, threads = 1, clock = true))]
    fn search<'py>(
        &self,
        py: Python<'py>,
        level: &str,
        playouts: Option<&Bound<'py, PyAny>>,
        seed: u64,
        threads: usize,
        clock: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let computer = computer(level, playouts, seed, threads, clock)?;
        let game = self.game.clone();
        let report = py.detach(move || game.search(&computer));
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
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Pickling goes through the record: the state is the record's JSON, and unpickling
    /// replays it through the rules.
    fn __getstate__(&self) -> String {
        self.game.write_record()
    }

    fn __setstate__(&mut self, state: &str) -> PyResult<()> {
        self.game = AnyGame::read_record(state).or_raise()?;
        Ok(())
    }

    fn __str__(&self) -> String {
        self.game.diagram()
    }

    fn __repr__(&self) -> String {
        format!("Game('{}'): {}", self.game.spec(), self.game.status())
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
        write(slice).map_err(|e| PyValueError::new_err(format!("out: {e}")))?;
    }
    Ok(array)
}

/// `action` as an id, or `ActionError` for a negative one.
pub(crate) fn action_id(action: i64, actions: usize) -> PyResult<usize> {
    usize::try_from(action).map_err(|_| {
        crate::errors::ActionError::new_err(format!(
            "action {action} is out of range: this game has actions 0 to {}",
            actions - 1
        ))
    })
}

/// The error for an array that is not one contiguous block.
pub(crate) fn contiguous(_: numpy::AsSliceError) -> PyErr {
    PyTypeError::new_err("out must be a C-contiguous array")
}
