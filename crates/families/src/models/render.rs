//! How a model of the modelling language is shown: its facts (`q(1,2).`), a grid when a shown
//! predicate is cell-shaped (`x(row, col)`), a picture of that grid (one colour per distinct
//! value, in order of first appearance), and the JSON envelope every family's documents share.

use wgrnd_lang::Solution;

use crate::edge::render::{Status, View, ViewError, JSON_VERSION};

/// What a model's documents call their kind.
pub const MODEL_KIND: &str = "model";

/// The views a model is drawn in (`art` is its usual drawing, as `auto`).
pub const VIEWS: &[View] = &[View::Auto, View::Art, View::Grid, View::Sol, View::Json, View::Svg];

/// Draws a checked solution of the model named `name` in the chosen view.
pub fn render_model(name: &str, solution: &Solution, view: View) -> Result<String, ViewError> {
    Ok(match view {
        View::Json => model_json(name, Status::Solved, Some(solution)),
        View::Grid => solution.grid().ok_or_else(|| {
            ViewError("--view grid: no shown predicate of this model is cell-shaped (`x(row, col)`)".into())
        })?,
        View::Auto | View::Art => match solution.grid() {
            Some(grid) => format!("{grid}\n{}", solution.to_facts()),
            None => solution.to_facts(),
        },
        View::Sol => solution.to_facts(),
        View::Svg => model_svg(solution)?,
        View::Witch | View::Bucas => return Err(ViewError(view.undrawn(&format!("`{name}` (a model)"), VIEWS))),
    })
}

/// The JSON document for a verdict on the model named `name` (the solution only when solved).
pub fn model_json(name: &str, status: Status, solution: Option<&Solution>) -> String {
    let mut doc = serde_json::json!({
        "version": JSON_VERSION, "kind": MODEL_KIND, "status": status.word(), "puzzle": name,
        "checked": status == Status::Solved,
    });
    if let Some(s) = solution {
        doc["solution"] = s.to_json();
    }
    let mut text = serde_json::to_string_pretty(&doc).expect("plain data serialises");
    text.push('\n');
    text
}

/// The cell-shaped shown predicate as a picture: one colour per distinct value, in order of first
/// appearance; `#` cells share one colour and show no text.
fn model_svg(solution: &Solution) -> Result<String, ViewError> {
    let cells = solution.grid_cells().ok_or_else(|| {
        ViewError("--view svg draws a cell-shaped shown predicate (`x(row, col)`); this model has none".into())
    })?;
    let mut values: Vec<&str> = Vec::new();
    for v in cells.iter().flatten().flatten() {
        if !values.contains(&v.as_str()) {
            values.push(v);
        }
    }
    let (rows, cols) = (cells.len(), cells.first().map_or(0, Vec::len));
    Ok(crate::svg::grid(rows, cols, |r, c| {
        let v = cells[r][c].as_deref()?;
        let colour = values.iter().position(|x| *x == v).unwrap_or(0);
        Some((if v == "#" { String::new() } else { v.to_string() }, colour))
    }))
}
