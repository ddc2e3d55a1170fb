//! Data given as Python values, written as the text of a `.qpd` data file, which the language
//! then reads with its own reader: the same data, checks and diagnostics as `--data FILE`.
//!
//! | Python value | data file |
//! |---|---|
//! | `int` | `param NAME = 5` |
//! | `range(a, b)` (step 1) | `domain NAME = a..b-1` |
//! | `set`/`frozenset` of values | `domain NAME = {v, ...}` (a tuple domain for tuples) |
//! | `list`/`tuple` of values or tuples | facts of the input predicate `NAME(v, ...)`, one a line |
//! | `dict` `key -> value` | facts `NAME(key..., value)` (a table) |
//!
//! A value is an `int` or a `str` that is a name of the language (a symbol). Sets are written
//! sorted (integers first), so that the same data gives the same text.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFrozenSet, PyInt, PyList, PyRange, PySet, PyString, PyTuple};

/// Whether `s` is a name of the language (a symbol or a predicate's name).
fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A value as it sorts: integers first, then symbols.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Value {
    Int(i64),
    Sym(String),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Sym(s) => f.write_str(s),
        }
    }
}

/// One value of `name`'s data.
fn value(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    if v.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("data `{name}`: {v} is a bool: write 1 or 0, or a fact")));
    }
    if v.is_instance_of::<PyInt>() {
        return v
            .extract::<i64>()
            .map(Value::Int)
            .map_err(|_| PyValueError::new_err(format!("data `{name}`: {v} does not fit in 64 bits")));
    }
    if let Ok(s) = v.cast::<PyString>() {
        let s: String = s.extract()?;
        if !is_name(&s) {
            return Err(PyValueError::new_err(format!(
                "data `{name}`: {s:?} is not a symbol (a letter or `_`, then letters, digits, `_`)"
            )));
        }
        return Ok(Value::Sym(s));
    }
    Err(PyTypeError::new_err(format!("data `{name}`: {} is not a value (an int or a str)", v.get_type().name()?)))
}

/// A value or a tuple of values (a fact's arguments, a tuple domain's member).
fn row(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Vec<Value>> {
    if let Ok(t) = v.cast::<PyTuple>() {
        return t.iter().map(|x| value(name, &x)).collect();
    }
    Ok(vec![value(name, v)?])
}

fn join(row: &[Value]) -> String {
    row.iter().map(Value::to_string).collect::<Vec<_>>().join(", ")
}

/// The data text of `data` (a dict, see the module; a `str` is taken as a data file's text).
pub(crate) fn data_text(data: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = data.cast::<PyString>() {
        return s.extract();
    }
    let dict = data
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("data: a dict of names to values (or the text of a data file)"))?;
    let mut out = String::from("% data given as Python values\n");
    for (k, v) in dict.iter() {
        let name: String = k.extract().map_err(|_| PyTypeError::new_err(format!("data: the key {k} is not a str")))?;
        if !is_name(&name) {
            return Err(PyValueError::new_err(format!("data: {name:?} is not a name of the language")));
        }
        if v.is_instance_of::<PyInt>() && !v.is_instance_of::<PyBool>() {
            out += &format!("param {name} = {}\n", value(&name, &v)?);
        } else if let Ok(r) = v.cast::<PyRange>() {
            let (start, stop, step): (i64, i64, i64) =
                (r.getattr("start")?.extract()?, r.getattr("stop")?.extract()?, r.getattr("step")?.extract()?);
            if step != 1 || stop <= start {
                return Err(PyValueError::new_err(format!(
                    "data `{name}`: range({start}, {stop}, {step}): a domain is a range with step 1 and at least one value"
                )));
            }
            out += &format!("domain {name} = {start}..{}\n", stop - 1);
        } else if v.is_instance_of::<PySet>() || v.is_instance_of::<PyFrozenSet>() {
            let mut rows = v.try_iter()?.map(|x| row(&name, &x?)).collect::<PyResult<Vec<_>>>()?;
            rows.sort();
            let members: Vec<String> =
                rows.iter().map(|r| if r.len() == 1 { join(r) } else { format!("({})", join(r)) }).collect();
            out += &format!("domain {name} = {{{}}}\n", members.join(", "));
        } else if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
            for x in v.try_iter()? {
                out += &format!("{name}({})\n", join(&row(&name, &x?)?));
            }
        } else if let Ok(d) = v.cast::<PyDict>() {
            for (key, val) in d.iter() {
                let mut r = row(&name, &key)?;
                r.push(value(&name, &val)?);
                out += &format!("{name}({})\n", join(&r));
            }
        } else {
            return Err(PyTypeError::new_err(format!(
                "data `{name}`: a {} is none of int, range, set, list, tuple, dict",
                v.get_type().name()?
            )));
        }
    }
    Ok(out)
}

/// `params={NAME: int}` as the command line's `-D NAME=VALUE` overrides.
pub(crate) fn params(params: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let Some(params) = params else { return Ok(Vec::new()) };
    params
        .iter()
        .map(|(k, v)| {
            let name: String =
                k.extract().map_err(|_| PyTypeError::new_err(format!("params: the key {k} is not a str")))?;
            match value(&name, &v)? {
                Value::Int(i) => Ok((name, i.to_string())),
                Value::Sym(_) => Err(PyTypeError::new_err(format!("params `{name}`: a parameter is an int"))),
            }
        })
        .collect()
}
