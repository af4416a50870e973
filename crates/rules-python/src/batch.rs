//! `boardrules.Batch`: many games of one spec stepped together into numpy arrays.

use game_catalog::{Batch as CatalogBatch, StepOutputs};
use numpy::{PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::OrRaise;
use crate::game::{Game, contiguous, read_spec};

/// `games` games of one spec, stepped together by integer actions: `step` reads one action
/// per game from a numpy array and writes observations, masks, rewards and end flags into
/// the caller's arrays. A game that ends starts again at once.
#[pyclass(module = "boardrules._boardrules", name = "Batch")]
pub struct Batch {
    batch: CatalogBatch,
    actions: Vec<usize>,
}

/// The array's values as one slice, or a `ValueError` naming `name` for an array that is
/// not one C-contiguous block.
fn slice_of<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    name: &str,
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|_| PyValueError::new_err(format!("{name} must be a C-contiguous array")))
}

#[pymethods]
impl Batch {
    /// `games` games at the start of `spec` (as `Game` takes it, options as keywords
    /// included: `Batch("kazura", 256, size=9)`), each cut (truncated) at `max_plies` moves
    /// if given.
    #[new]
    #[pyo3(signature = (spec, games, max_plies = None, **options))]
    fn new(
        spec: &str,
        games: usize,
        max_plies: Option<usize>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Batch> {
        let spec = read_spec(spec, options)?;
        Ok(Batch {
            batch: CatalogBatch::new(&spec, games, max_plies),
            actions: Vec::with_capacity(games),
        })
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// The games' spec, canonical.
    #[getter]
    fn spec(&self) -> String {
        self.batch.spec().to_string()
    }

    /// The ply cap, if any.
    #[getter]
    fn max_plies(&self) -> Option<usize> {
        self.batch.max_plies()
    }

    /// The number of integer actions of each game.
    #[getter]
    fn num_actions(&self) -> usize {
        self.batch.num_actions()
    }

    /// The shape of each game's observation, `(planes, rows, columns)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, columns] = self.batch.observation_shape();
        (planes, rows, columns)
    }

    /// New arrays of the shapes and types `reset` and `step` write: a dict with
    /// `observations` (float32, `(games, planes, rows, columns)`), `masks` (bool,
    /// `(games, num_actions)`), `rewards` (float32), `terminated` and `truncated` (bool) and
    /// `to_move` (uint8), so that `batch.step(actions, **buffers)` works.
    fn buffers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let size = self.batch.len();
        let [planes, rows, columns] = self.batch.observation_shape();
        let buffers = PyDict::new(py);
        buffers.set_item(
            "observations",
            numpy::PyArray4::<f32>::zeros(py, [size, planes, rows, columns], false),
        )?;
        buffers.set_item(
            "masks",
            numpy::PyArray2::<bool>::zeros(py, [size, self.batch.num_actions()], false),
        )?;
        buffers.set_item("rewards", numpy::PyArray1::<f32>::zeros(py, size, false))?;
        buffers.set_item(
            "terminated",
            numpy::PyArray1::<bool>::zeros(py, size, false),
        )?;
        buffers.set_item("truncated", numpy::PyArray1::<bool>::zeros(py, size, false))?;
        buffers.set_item("to_move", numpy::PyArray1::<u8>::zeros(py, size, false))?;
        Ok(buffers)
    }

    /// Game `index` as a `Game` (a copy).
    fn game(&self, index: usize) -> PyResult<Game> {
        if index >= self.batch.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "game {index} of a batch of {}",
                self.batch.len()
            )));
        }
        Ok(Game {
            game: self.batch.game(index),
        })
    }

    /// Moves played in game `index`'s current game.
    fn plies(&self, index: usize) -> PyResult<usize> {
        if index >= self.batch.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "game {index} of a batch of {}",
                self.batch.len()
            )));
        }
        Ok(self.batch.plies(index))
    }

    /// Starts every game again, and writes the observations, masks and players to move.
    fn reset(
        &mut self,
        py: Python<'_>,
        mut observations: PyReadwriteArrayDyn<'_, f32>,
        mut masks: PyReadwriteArrayDyn<'_, bool>,
        mut to_move: PyReadwriteArray1<'_, u8>,
    ) -> PyResult<()> {
        let observations = slice_of("observations", &mut observations)?;
        let masks = slice_of("masks", &mut masks)?;
        let to_move = slice_of("to_move", &mut to_move)?;
        let batch = &mut self.batch;
        py.detach(|| {
            batch.reset();
            batch.write_observations(observations)?;
            batch.write_masks(masks)?;
            batch.write_to_move(to_move)
        })
        .or_raise()
    }

    /// Plays `actions[i]` in game `i` for every game, all or nothing, then writes each
    /// game's observation, mask, reward (the mover's: 1 win, -1 loss, else 0), whether it
    /// ended by the rules (`terminated`) or at the ply cap (`truncated`), and the player to
    /// move next. An ended game starts again, so its observation and mask are of the new
    /// start. The interpreter's lock is released while the games step.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut observations: PyReadwriteArrayDyn<'_, f32>,
        mut masks: PyReadwriteArrayDyn<'_, bool>,
        mut rewards: PyReadwriteArray1<'_, f32>,
        mut terminated: PyReadwriteArray1<'_, bool>,
        mut truncated: PyReadwriteArray1<'_, bool>,
        mut to_move: PyReadwriteArray1<'_, u8>,
    ) -> PyResult<()> {
        let given = actions.as_slice().map_err(contiguous)?;
        let num_actions = self.batch.num_actions();
        self.actions.clear();
        for (game, &action) in given.iter().enumerate() {
            let id = usize::try_from(action).map_err(|_| {
                crate::errors::ActionError::new_err(format!(
                    "game {game}: action {action} is out of range: this game has actions 0 to {}",
                    num_actions - 1
                ))
            })?;
            self.actions.push(id);
        }
        let outputs = StepOutputs::new(
            slice_of("observations", &mut observations)?,
            slice_of("masks", &mut masks)?,
            slice_of("rewards", &mut rewards)?,
            slice_of("terminated", &mut terminated)?,
            slice_of("truncated", &mut truncated)?,
            slice_of("to_move", &mut to_move)?,
        );
        let (batch, chosen) = (&mut self.batch, &self.actions);
        py.detach(move || batch.step(chosen, outputs)).or_raise()
    }
}
