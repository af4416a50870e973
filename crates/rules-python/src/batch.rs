//! `boardrules.Batch`: many games of one spec stepped together into numpy arrays.

use std::num::NonZeroUsize;
use std::sync::{Mutex, MutexGuard, TryLockError};

use game_catalog::{Batch as CatalogBatch, MAX_THREADS, StepOutputs};
use numpy::{PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArrayDyn};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};

use crate::args::{int_in, int_in_or, shown};
use crate::errors::{ArgumentError, ConcurrentUseError, OrRaise};
use crate::game::{Game, contiguous, read_spec};

/// The most games one `Batch` holds: 65,536. A game in a batch takes at most about 36 KB
/// at its peak, the step's arrays included (measured over whole random games: Kazura
/// 25×25 36 KB, go9 24 KB as its history grows, Bao and Bind under 2 KB), so the
/// largest batch of the largest game stays under 2.4 GB, while a vectorised learner rarely
/// steps more than a few thousand games together. A larger count is an `ArgumentError`,
/// before anything is allocated (docs/python.md, "The largest Batch").
pub const MAX_BATCH_GAMES: usize = 1 << 16;

/// `games` games of one spec, stepped together by integer actions: `step` reads one action
/// per game from a numpy array and writes observations, masks, rewards and end flags into
/// the caller's arrays. A game that ends starts again at once. The games step on
/// `threads` threads (the machine's by default) with the interpreter's lock released; what
/// a step writes does not depend on the number of threads.
///
/// The games sit behind a lock that is only ever tried: a call while another thread's
/// `step` or `reset` runs (with the interpreter's lock released) is a
/// `ConcurrentUseError` and does nothing.
#[pyclass(module = "boardrules._boardrules", name = "Batch", frozen)]
pub struct Batch {
    inner: Mutex<Inner>,
}

/// The games and the step's scratch list of actions.
struct Inner {
    batch: CatalogBatch,
    actions: Vec<usize>,
}

/// `IndexOutOfRange`: a game's index out of a batch, both the package's `ArgumentError`
/// and Python's `IndexError` (what a sequence raises), made once per interpreter.
pub(crate) fn index_error(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let made = TYPE.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let bases = (
            py.get_type::<ArgumentError>(),
            py.get_type::<pyo3::exceptions::PyIndexError>(),
        );
        let dict = PyDict::new(py);
        dict.set_item("__module__", "boardrules")?;
        dict.set_item(
            "__doc__",
            "A game's index out of a Batch: an ArgumentError and an IndexError.",
        )?;
        let made = py
            .get_type::<PyType>()
            .call1(("IndexOutOfRange", bases, dict))?
            .cast_into::<PyType>()?;
        Ok(made.unbind())
    })?;
    Ok(made.bind(py))
}

impl Batch {
    /// The games, or `ConcurrentUseError` while another thread's call uses them.
    fn lock(&self) -> PyResult<MutexGuard<'_, Inner>> {
        match self.inner.try_lock() {
            Ok(inner) => Ok(inner),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(ConcurrentUseError::new_err(
                "this Batch is in use by a call in another thread (a step, a reset): \
                 use one Batch per thread, or a lock around it",
            )),
        }
    }

    /// `index` as the index of one of `len` games, else `IndexOutOfRange`.
    fn index(py: Python<'_>, index: &Bound<'_, PyAny>, len: usize) -> PyResult<usize> {
        int_in_or("game", index, 0, len as i128 - 1, |_| {
            match index_error(py) {
                Ok(kind) => PyErr::from_type(
                    kind.clone(),
                    format!("game {} of a batch of {len}", shown(index)),
                ),
                Err(error) => error,
            }
        })
    }
}

/// Where the data of the arrays `Batch.buffers` makes starts: a multiple of 64 bytes, the
/// alignment XLA on the CPU needs to read memory it does not own (below it, JAX's
/// `from_dlpack` copies), and a cache line.
pub const BUFFER_ALIGNMENT: usize = 64;

/// A C-contiguous numpy array of zeros of `dtype` and `shape` whose data starts on a
/// [`BUFFER_ALIGNMENT`]-byte boundary: a view into a byte array a little longer (numpy
/// itself aligns to 16 bytes only).
fn aligned_zeros<'py>(
    py: Python<'py>,
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let item = match dtype {
        "float32" => 4,
        _ => 1,
    };
    let bytes = shape.iter().product::<usize>() * item;
    let raw = numpy::PyArray1::<u8>::zeros(py, bytes + BUFFER_ALIGNMENT, false);
    let address = raw.data() as usize;
    let start = (BUFFER_ALIGNMENT - address % BUFFER_ALIGNMENT) % BUFFER_ALIGNMENT;
    let slice = pyo3::types::PySlice::new(py, start as isize, (start + bytes) as isize, 1);
    raw.as_any()
        .get_item(slice)?
        .call_method1("view", (dtype,))?
        .call_method1("reshape", (pyo3::types::PyTuple::new(py, shape)?,))
}

/// The array's values as one slice, or a `ValueError` naming `name` for an array that is
/// not one C-contiguous block.
fn slice_of<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    name: &str,
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|_| ArgumentError::new_err(format!("{name} must be a C-contiguous array")))
}

#[pymethods]
impl Batch {
    /// `games` games at the start of `spec` (as `Game` takes it, options as keywords
    /// included: `Batch("kazura", 256, size=9)`), each cut (truncated) at `max_plies` moves
    /// if given, stepped on `threads` threads (1 to `MAX_THREADS`, 256; by default as many as the
    /// machine offers this process).
    #[new]
    #[pyo3(signature = (spec, games, max_plies = None, threads = None, **options))]
    fn new(
        spec: &str,
        games: &Bound<'_, PyAny>,
        max_plies: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Batch> {
        let games: usize = int_in_or("games", games, 0, MAX_BATCH_GAMES as i128, |_| {
            ArgumentError::new_err(format!(
                "games {} is out of range: a Batch holds 0 to {MAX_BATCH_GAMES} games",
                shown(games)
            ))
        })?;
        let max_plies: Option<usize> = match max_plies.filter(|m| !m.is_none()) {
            Some(cap) => Some(int_in("max_plies", cap, 0, usize::MAX as i128)?),
            None => None,
        };
        let threads = match threads.filter(|t| !t.is_none()) {
            Some(count) => {
                let count: usize = int_in_or("threads", count, 1, MAX_THREADS as i128, |_| {
                    ArgumentError::new_err(format!(
                        "threads must be a whole number from 1 to {MAX_THREADS}, not {}",
                        shown(count)
                    ))
                })?;
                NonZeroUsize::new(count).unwrap_or(NonZeroUsize::MIN)
            }
            None => CatalogBatch::machine_threads(),
        };
        let spec = read_spec(spec, options)?;
        Ok(Batch {
            inner: Mutex::new(Inner {
                batch: CatalogBatch::new(&spec, games, max_plies).with_threads(threads),
                actions: Vec::with_capacity(games),
            }),
        })
    }

    /// The number of games.
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.lock()?.batch.len())
    }

    /// The games' spec, canonical.
    #[getter]
    fn spec(&self) -> PyResult<String> {
        Ok(self.lock()?.batch.spec().to_string())
    }

    /// The ply cap, if any.
    #[getter]
    fn max_plies(&self) -> PyResult<Option<usize>> {
        Ok(self.lock()?.batch.max_plies())
    }

    /// The threads the games step on (fewer than asked only where the system refused
    /// to start them).
    #[getter]
    fn threads(&self) -> PyResult<usize> {
        Ok(self.lock()?.batch.threads().get())
    }

    /// The number of integer actions of each game.
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.lock()?.batch.num_actions())
    }

    /// The shape of each game's observation, `(planes, rows, columns)`.
    #[getter]
    fn observation_shape(&self) -> PyResult<(usize, usize, usize)> {
        let [planes, rows, columns] = self.lock()?.batch.observation_shape();
        Ok((planes, rows, columns))
    }

    /// New arrays of the shapes and types `reset` and `step` write: a dict with
    /// `observations` (float32, `(games, planes, rows, columns)`), `masks` (bool,
    /// `(games, num_actions)`), `rewards` (float32), `terminated` and `truncated` (bool) and
    /// `to_move` (uint8), so that `batch.step(actions, **buffers)` works. Each array's data
    /// starts on a 64-byte boundary ([`BUFFER_ALIGNMENT`]), so that JAX and other DLPack
    /// readers on the CPU can use it in place, without a copy.
    fn buffers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let inner = self.lock()?;
        let size = inner.batch.len();
        let [planes, rows, columns] = inner.batch.observation_shape();
        let actions = inner.batch.num_actions();
        drop(inner);
        let buffers = PyDict::new(py);
        let arrays: [(&str, &str, Vec<usize>); 6] = [
            ("observations", "float32", vec![size, planes, rows, columns]),
            ("masks", "bool", vec![size, actions]),
            ("rewards", "float32", vec![size]),
            ("terminated", "bool", vec![size]),
            ("truncated", "bool", vec![size]),
            ("to_move", "uint8", vec![size]),
        ];
        for (name, dtype, shape) in arrays {
            buffers.set_item(name, aligned_zeros(py, dtype, &shape)?)?;
        }
        Ok(buffers)
    }

    /// Game `index` as a `Game` (a copy).
    fn game(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Game> {
        let inner = self.lock()?;
        let index = Batch::index(py, index, inner.batch.len())?;
        Ok(Game::wrap(inner.batch.game(index)))
    }

    /// Moves played in game `index`'s current game.
    fn plies(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<usize> {
        let inner = self.lock()?;
        let index = Batch::index(py, index, inner.batch.len())?;
        Ok(inner.batch.plies(index))
    }

    /// Starts every game again, and writes the observations, masks and players to move.
    fn reset(
        &self,
        py: Python<'_>,
        mut observations: PyReadwriteArrayDyn<'_, f32>,
        mut masks: PyReadwriteArrayDyn<'_, bool>,
        mut to_move: PyReadwriteArray1<'_, u8>,
    ) -> PyResult<()> {
        let observations = slice_of("observations", &mut observations)?;
        let masks = slice_of("masks", &mut masks)?;
        let to_move = slice_of("to_move", &mut to_move)?;
        let mut inner = self.lock()?;
        let batch = &mut inner.batch;
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
        &self,
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
        let mut inner = self.lock()?;
        let Inner {
            batch,
            actions: chosen,
        } = &mut *inner;
        let num_actions = batch.num_actions();
        chosen.clear();
        for (game, &action) in given.iter().enumerate() {
            let id = usize::try_from(action).map_err(|_| {
                crate::errors::ActionError::new_err(format!(
                    "game {game}: action {action} is out of range: this game has actions 0 to {}",
                    num_actions - 1
                ))
            })?;
            chosen.push(id);
        }
        let outputs = StepOutputs::new(
            slice_of("observations", &mut observations)?,
            slice_of("masks", &mut masks)?,
            slice_of("rewards", &mut rewards)?,
            slice_of("terminated", &mut terminated)?,
            slice_of("truncated", &mut truncated)?,
            slice_of("to_move", &mut to_move)?,
        );
        let chosen = &*chosen;
        py.detach(move || batch.step(chosen, outputs)).or_raise()
    }
}
