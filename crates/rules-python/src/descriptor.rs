//! `boardrules.descriptors()`: each game's descriptor from the catalog, as plain Python
//! data, for the front ends written in Python (OpenSpiel's registration, the keyword
//! options) to read instead of naming a game's options or calls by hand.

use game_catalog::{GameDescriptor, ParameterDefault, ParameterType};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Every game's descriptor, in the catalog's order: a list of dicts with `name`,
/// `long_name`, `players`, `parameters` (each a dict: `name`, `type` (`int` or `choice`),
/// `min` and `max` or `choices`, `default` (None when the parameter has none) and
/// `meaning`), `calls` (`resignation`, `undo`, `agreed draw`, `loss on time`),
/// `seats_change`, `sgf` and `rules_version`.
#[pyfunction]
pub fn descriptors(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for descriptor in game_catalog::descriptors() {
        list.append(descriptor_dict(py, descriptor)?)?;
    }
    Ok(list)
}

fn descriptor_dict<'py>(py: Python<'py>, d: &GameDescriptor) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("name", d.name)?;
    dict.set_item("long_name", d.long_name)?;
    dict.set_item("players", d.players.to_vec())?;
    let parameters = PyList::empty(py);
    for parameter in d.parameters {
        let p = PyDict::new(py);
        p.set_item("name", parameter.option.name())?;
        match parameter.values {
            ParameterType::WholeNumber { min, max } => {
                p.set_item("type", "int")?;
                p.set_item("min", min)?;
                p.set_item("max", max)?;
            }
            ParameterType::Choice(names) => {
                p.set_item("type", "choice")?;
                p.set_item("choices", names.to_vec())?;
            }
            _ => p.set_item("type", "other")?,
        }
        match parameter.default {
            ParameterDefault::Number(n) => p.set_item("default", n)?,
            ParameterDefault::Name(name) => p.set_item("default", name)?,
            _ => p.set_item("default", py.None())?,
        }
        p.set_item("meaning", parameter.meaning)?;
        parameters.append(p)?;
    }
    dict.set_item("parameters", parameters)?;
    let calls: Vec<&str> = d.calls.iter().map(|c| c.name()).collect();
    dict.set_item("calls", calls)?;
    dict.set_item("seats_change", d.seats_change)?;
    dict.set_item("sgf", d.sgf)?;
    dict.set_item("rules_version", d.rules_version)?;
    Ok(dict)
}
