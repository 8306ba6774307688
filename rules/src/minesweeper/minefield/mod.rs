//! Minesweeper for two: the exact deduction engine behind the automatic
//! reveal (R-MS-5), the hints and the computer players.
//!
//! It works from public information only: revealed numbers, visible mines
//! (marked or exploded), covered cells and the total mine count. Every
//! arrangement of the hidden mines that agrees with that information is
//! equally likely. The engine never enumerates the board:
//!
//! 1. covered cells next to a revealed number form the frontier; the others
//!    are the interior, which only the mine count constrains;
//! 2. frontier cells touched by exactly the same numbers form a box (they are
//!    interchangeable: t mines in a box of s cells come in C(s, t) ways);
//! 3. boxes linked by a shared number form independent components;
//! 4. each component is solved by a dynamic programme over its numbers, taken
//!    one after the other: a configuration is the mine count of every box a
//!    number still to come mentions, and carries a vector over the
//!    component's mines so far (weights, and which totals are possible at
//!    all). Boxes no later number mentions are summed out, so the
//!    configurations stay few where whole solutions would explode. The
//!    forward pass records its transitions; a backward pass over them, with
//!    the weight of the rest of the board folded in, gives every box's
//!    expected mines and which counts it can hold;
//! 5. components are combined by convolution over the mine count, and the
//!    interior takes the rest, weighted by C(interior cells, mines left).
//!
//! Whether a cell is safe, a certain mine, or has a determined number is
//! decided on exact feasibility (bit sets of possible mine totals), never on
//! floating-point weights; probabilities are floats.
//!
//! The cost is bounded by counted work (never time, so every machine and
//! every replay agrees): a component whose forward pass passes
//! `COMPONENT_BUDGET` is estimated from bounds propagation instead (sound
//! supersets of what its boxes can hold, so certainties stay certain), and
//! the number search stops at `NUMBER_BUDGET`; `Analysis::exact` says so.
//!
//! Where each part is: `frame` (steps 1 to 3), `solver` (step 4's forward
//! pass), `estimate` (a component over budget), `combine` (step 4's
//! backward pass and step 5, giving the `Analysis`), `reveal` (the numbers
//! and the automatic reveal), `bits` (the bit sets); `deal` (seeded games),
//! `io` (the JSON surface) and `bench` (the benchmark) use the engine.

mod bench;
mod bits;
mod combine;
mod deal;
mod estimate;
mod frame;
mod io;
mod reveal;
mod solver;

pub use bench::{bench, bench_with};
pub use deal::{deal, seeded_game};
pub use io::{analysis_json, position_from_json};
pub use reveal::auto_reveal;

use combine::analyze_full;
use serde::{Deserialize, Serialize};

/// What the public sees of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    Covered,
    /// Revealed and safe, with the number of mines among its neighbours.
    Number(u8),
    /// A visible mine (marked or exploded).
    Mine,
    /// Covered, but known to one player to be safe (their own failed mark):
    /// only the computer player's private analysis uses it, never the
    /// automatic reveal.
    Clear,
}

/// A public position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub width: usize,
    pub height: usize,
    pub mines: usize,
    /// Row by row, `y * width + x`.
    pub cells: Vec<Cell>,
}

impl Position {
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (w, h) = (self.width as isize, self.height as isize);
        let (x, y) = ((i % self.width) as isize, (i / self.width) as isize);
        (-1..=1isize)
            .flat_map(move |dy| (-1..=1isize).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| dx != 0 || dy != 0)
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(move |&(nx, ny)| nx >= 0 && ny >= 0 && nx < w && ny < h)
            .map(move |(nx, ny)| (ny * w + nx) as usize)
    }
}

/// The engine's findings on a consistent position.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// Per cell: the chance of a mine for a covered cell, None otherwise.
    pub probability: Vec<Option<f64>>,
    /// Covered cells that are safe in every consistent arrangement.
    pub safe: Vec<bool>,
    /// Covered cells that are a mine in every consistent arrangement.
    pub mine: Vec<bool>,
    /// For safe cells whose number is the same in every consistent
    /// arrangement: that number.
    pub number: Vec<Option<u8>>,
    /// Whether everything above is exact. False when a component (or the
    /// number pass) exceeded the work budget (`COMPONENT_BUDGET`,
    /// `NUMBER_BUDGET`): then `safe`, `mine` and `number` are still
    /// certain but may miss cells, and those components' probabilities are
    /// estimates.
    pub exact: bool,
    /// The work counted (deterministic units, see `COMPONENT_BUDGET`).
    pub work: u64,
}

/// The most work (transitions times the totals they carry, summed over the
/// forward pass) one component may take before it is estimated instead of
/// solved: counted, never timed, so the answer is the same on every machine
/// and in every replay. Far above every component of normal play (the
/// largest seen on 30x16/99 in 200 seeded games is a tenth of it).
pub const COMPONENT_BUDGET: u64 = 4_000_000;
/// The most work the components of one position may take together.
pub const FRAME_BUDGET: u64 = 3 * COMPONENT_BUDGET;
/// The most work the search for determined numbers may take per position.
pub const NUMBER_BUDGET: u64 = 16 * COMPONENT_BUDGET;

/// The largest board side (R-MS-7).
pub const MAX_SIDE: usize = 30;

/// Analyses a public position; None if no arrangement agrees with it.
pub fn analyze(pos: &Position) -> Option<Analysis> {
    analyze_full(pos).map(|f| f.analysis)
}

#[cfg(test)]
mod tests;
