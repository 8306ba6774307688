//! `spielblock-cli minesweeper analyze`'s surface: a position read from a
//! JSON line, and the analysis written as one.

use super::{analyze, auto_reveal, Cell, Position, MAX_SIDE};
use serde::Deserialize;

/// One line of `spielblock-cli minesweeper analyze`: a position as JSON
/// (x is the column from 0, y the row from 0).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Input {
    width: usize,
    height: usize,
    mines: usize,
    #[serde(default)]
    revealed: Vec<(i64, i64, i64)>,
    #[serde(default)]
    mines_visible: Vec<(i64, i64)>,
}

/// Reads a position from its JSON line, or says what is wrong with it.
pub fn position_from_json(line: &str) -> Result<Position, String> {
    let input: Input = serde_json::from_str(line).map_err(|e| format!("not a position: {e}"))?;
    let (w, h) = (input.width, input.height);
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
        return Err(format!(
            "width and height must be 1 to {MAX_SIDE} (got {w}x{h})"
        ));
    }
    if input.mines > w * h {
        return Err(format!(
            "{} mines do not fit on {} cells",
            input.mines,
            w * h
        ));
    }
    let mut cells = vec![Cell::Covered; w * h];
    let mut place = |x: i64, y: i64, c: Cell| -> Result<(), String> {
        if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
            return Err(format!("cell ({x}, {y}) is outside the {w}x{h} board"));
        }
        let i = y as usize * w + x as usize;
        if cells[i] != Cell::Covered {
            return Err(format!("cell ({x}, {y}) is given twice"));
        }
        cells[i] = c;
        Ok(())
    };
    for (x, y, n) in input.revealed {
        if !(0..=8).contains(&n) {
            return Err(format!("cell ({x}, {y}): a number must be 0 to 8, not {n}"));
        }
        place(x, y, Cell::Number(n as u8))?;
    }
    for (x, y) in input.mines_visible {
        place(x, y, Cell::Mine)?;
    }
    Ok(Position {
        width: w,
        height: h,
        mines: input.mines,
        cells,
    })
}

/// The answer for one position: consistency, every covered cell's mine
/// probability, and what the automatic reveal uncovers (repeated until
/// nothing changes) with the number each cell must show.
pub fn analysis_json(pos: &Position) -> serde_json::Value {
    let Some(a) = analyze(pos) else {
        return serde_json::json!({ "consistent": false });
    };
    let w = pos.width;
    let probabilities: Vec<serde_json::Value> = (0..pos.cells.len())
        .filter_map(|i| a.probability[i].map(|p| serde_json::json!([i % w, i / w, p])))
        .collect();
    let mut after = pos.clone();
    let reveal: Vec<serde_json::Value> = auto_reveal(&mut after)
        .unwrap_or_default()
        .into_iter()
        .map(|(i, n)| serde_json::json!([i % w, i / w, n]))
        .collect();
    // exact: false when the work budget left some of it estimated (the
    // reveal is then certain but may stop short).
    serde_json::json!({
        "consistent": true,
        "exact": a.exact,
        "probabilities": probabilities,
        "reveal": reveal
    })
}
