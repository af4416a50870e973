//! The native module of the `boardrules` Python package (python/): the four games of the
//! workspace through the `game-catalog` crate, for PettingZoo, OpenSpiel, Gymnasium and
//! training loops. Its tests are the Python suite in python/tests; its documentation is
//! docs/python.md.

#![forbid(unsafe_code)]

mod args;
mod batch;
mod bot;
mod descriptor;
mod errors;
mod game;

use pyo3::prelude::*;

/// The native part of `boardrules`: `Game`, `Batch` and the exceptions.
#[pymodule]
fn _boardrules(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<game::Game>()?;
    module.add_class::<batch::Batch>()?;
    module.add_class::<bot::Bot>()?;
    module.add_function(wrap_pyfunction!(descriptor::descriptors, module)?)?;
    module.add("GameError", py.get_type::<errors::GameError>())?;
    module.add("SpecError", py.get_type::<errors::SpecError>())?;
    module.add("NotationError", py.get_type::<errors::NotationError>())?;
    module.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    module.add("ActionError", py.get_type::<errors::ActionError>())?;
    module.add("RecordError", py.get_type::<errors::RecordError>())?;
    module.add("CallError", py.get_type::<errors::CallError>())?;
    module.add("BotError", py.get_type::<errors::BotError>())?;
    module.add("ArgumentError", py.get_type::<errors::ArgumentError>())?;
    module.add(
        "ConcurrentUseError",
        py.get_type::<errors::ConcurrentUseError>(),
    )?;
    module.add("IndexOutOfRange", batch::index_error(py)?)?;
    module.add("MAX_THREADS", game_catalog::MAX_THREADS)?;
    module.add("MAX_BATCH_GAMES", batch::MAX_BATCH_GAMES)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
