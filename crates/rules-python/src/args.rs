//! Whole-number arguments read from any Python value: an `int` of any size (or an object
//! with `__index__`, such as a numpy integer) is range-checked here, so that no
//! `OverflowError` escapes and `True` is never taken for 1. Everything else is the
//! package's `ArgumentError` (or the error the caller names), never a foreign exception.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt};

use crate::errors::ArgumentError;

/// How a value is shown in a message: its `repr`, cut to 40 characters (an `int` of a
/// million digits would otherwise make a message of a million characters, or fail).
pub(crate) fn shown(value: &Bound<'_, PyAny>) -> String {
    if let (false, Ok(int)) = (value.is_instance_of::<PyBool>(), value.cast::<PyInt>()) {
        if let Ok(small) = int.extract::<i128>() {
            return small.to_string();
        }
        let bits = int
            .call_method0("bit_length")
            .and_then(|b| b.extract::<u64>())
            .unwrap_or(0);
        let sign = if int.lt(0).unwrap_or(false) { "-" } else { "" };
        return format!("{sign}(an integer of {bits} bits)");
    }
    let text = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| format!("a {}", type_name(value)));
    if text.chars().count() > 40 {
        let cut: String = text.chars().take(37).collect();
        format!("{cut}...")
    } else {
        text
    }
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "value".into())
}

/// Whether `value` is a boolean: Python's `bool` or numpy's `bool_`.
fn is_bool(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyBool>()
        || value
            .getattr("dtype")
            .and_then(|d| d.getattr("kind"))
            .and_then(|k| k.extract::<String>())
            .is_ok_and(|kind| kind == "b")
}

/// The whole number `value` stands for, `None` for one beyond ±2¹²⁷, or an
/// `ArgumentError` naming `name` for a value that is no whole number (a bool, a float, a
/// string, `None` …).
fn whole(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Option<i128>> {
    let not_whole = || {
        ArgumentError::new_err(format!(
            "{name} must be a whole number (an int), not {} ({})",
            shown(value),
            type_name(value)
        ))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(not_whole());
    }
    // The common case first: a Python int, with no further look.
    if let Ok(int) = value.cast::<PyInt>() {
        return Ok(int.extract::<i128>().ok());
    }
    if is_bool(value) {
        return Err(not_whole());
    }
    // numpy's integers and other objects with `__index__`, as `operator.index` takes them.
    static INDEX: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = value.py();
    let index = INDEX
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("operator")?.getattr("index")?.unbind())
        })
        .and_then(|index| index.bind(py).call1((value,)));
    let int = match index {
        Ok(found) => found.cast_into::<PyInt>().map_err(|_| not_whole())?,
        Err(_) => return Err(not_whole()),
    };
    Ok(int.extract::<i128>().ok())
}

/// `value` as a whole number in `low..=high`, else `error(message)`: `ArgumentError`
/// unless the caller names another (`ActionError` for an action id).
pub(crate) fn int_in<T: TryFrom<i128>>(
    name: &str,
    value: &Bound<'_, PyAny>,
    low: i128,
    high: i128,
) -> PyResult<T> {
    int_in_or(name, value, low, high, ArgumentError::new_err)
}

/// [`int_in`] with the error of an integer out of range made by `error`.
pub(crate) fn int_in_or<T: TryFrom<i128>>(
    name: &str,
    value: &Bound<'_, PyAny>,
    low: i128,
    high: i128,
    error: impl FnOnce(String) -> PyErr,
) -> PyResult<T> {
    let out_of_range = || {
        error(format!(
            "{name} {} is out of range: it must lie between {low} and {high}",
            shown(value)
        ))
    };
    match whole(name, value)? {
        Some(n) if (low..=high).contains(&n) => T::try_from(n).map_err(|_| out_of_range()),
        _ => Err(out_of_range()),
    }
}

/// `value` as a player or seat: 0 or 1.
pub(crate) fn zero_or_one(name: &str, value: &Bound<'_, PyAny>) -> PyResult<usize> {
    int_in_or(name, value, 0, 1, |_| {
        ArgumentError::new_err(format!(
            "{name} {} is not a {name}: use 0 (the first) or 1 (the second)",
            shown(value)
        ))
    })
}
