//! The package's exceptions, and the catalog's errors turned into them. Every exception is
//! a `ValueError`, so that code written for bad values in general catches them.

use game_catalog as catalog;
use game_catalog::{BatchError, MoveError};
use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    boardrules,
    GameError,
    PyValueError,
    "The base of every error of the rules: a `ValueError` carrying the engine's reason."
);
create_exception!(
    boardrules,
    SpecError,
    GameError,
    "An unknown game, or an option the game does not take or with a bad value."
);
create_exception!(
    boardrules,
    NotationError,
    GameError,
    "A text that is not a move in the game's notation."
);
create_exception!(
    boardrules,
    IllegalMoveError,
    GameError,
    "A move (as text or as an action id) that the rules do not allow now; the game is unchanged."
);
create_exception!(
    boardrules,
    ActionError,
    GameError,
    "An action id out of range, or one that names no move on this board."
);
create_exception!(
    boardrules,
    RecordError,
    GameError,
    "A text that is not a record of any of the games, or one that does not replay."
);
create_exception!(
    boardrules,
    CallError,
    GameError,
    "A call (resignation, undo) that the rules do not have or refuse now."
);

create_exception!(
    boardrules,
    ArgumentError,
    GameError,
    "An argument that is not what the call takes: an integer out of its range (threads, seed, player, games, index …) or a value of another type where a whole number is wanted (`True`, `2.0`, `\"3\"`, `None`)."
);
create_exception!(
    boardrules,
    ConcurrentUseError,
    GameError,
    "A `Game` or `Batch` used by a second thread while a call of another thread changes it, or a call that would change it while another thread's call reads it; nothing was done."
);

create_exception!(
    boardrules,
    BotError,
    GameError,
    "A computer player that failed: an outside (GTP) engine that would not start, refused a command or answered no legal move, or a bot asked about another game than its own."
);

/// A catalog error as the Python exception of its kind.
pub(crate) trait IntoPyErr {
    /// The exception.
    fn into_py_err(self) -> PyErr;
}

impl IntoPyErr for catalog::SpecError {
    fn into_py_err(self) -> PyErr {
        SpecError::new_err(self.to_string())
    }
}

impl IntoPyErr for MoveError {
    fn into_py_err(self) -> PyErr {
        match &self {
            MoveError::Illegal { text, reason } => {
                IllegalMoveError::new_err(format!("`{text}` is not legal now: {reason}"))
            }
            _ => NotationError::new_err(self.to_string()),
        }
    }
}

impl IntoPyErr for catalog::ActionError {
    fn into_py_err(self) -> PyErr {
        match self {
            catalog::ActionError::Illegal { .. } => IllegalMoveError::new_err(self.to_string()),
            _ => ActionError::new_err(self.to_string()),
        }
    }
}

impl IntoPyErr for catalog::RecordError {
    fn into_py_err(self) -> PyErr {
        RecordError::new_err(self.to_string())
    }
}

impl IntoPyErr for catalog::CallError {
    fn into_py_err(self) -> PyErr {
        CallError::new_err(self.to_string())
    }
}

impl IntoPyErr for BatchError {
    fn into_py_err(self) -> PyErr {
        let message = self.to_string();
        match self {
            BatchError::Action {
                error: catalog::ActionError::Illegal { .. },
                ..
            } => IllegalMoveError::new_err(message),
            BatchError::Action { .. } => ActionError::new_err(message),
            _ => ArgumentError::new_err(message),
        }
    }
}

/// `Result<T, E>` into `PyResult<T>` with the exception of `E`'s kind.
pub(crate) trait OrRaise<T> {
    /// The value, or the error as its exception.
    fn or_raise(self) -> pyo3::PyResult<T>;
}

impl<T, E: IntoPyErr> OrRaise<T> for Result<T, E> {
    fn or_raise(self) -> pyo3::PyResult<T> {
        self.map_err(IntoPyErr::into_py_err)
    }
}

impl IntoPyErr for catalog::BotError {
    fn into_py_err(self) -> PyErr {
        match self {
            catalog::BotError::NotForGame { .. } => ArgumentError::new_err(self.to_string()),
            other => BotError::new_err(other.to_string()),
        }
    }
}
