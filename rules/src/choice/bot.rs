//! The computer players.
//!
//! The strong level looks one throw ahead: for each legal assignment it
//! takes the expectation, over the 252 distinct throws of five dice, of the
//! best value it could then reach, and plays the assignment with the highest
//! expectation. A sheet's value estimates its final result:
//!
//! - the remaining throws R: the exact expected number of throws until a
//!   fifth-die number gets its eighth cross, by dynamic programming over the
//!   three counts when the least-crossed number shown is crossed (free throws
//!   included);
//! - a learned table, interpolated at R: what each row is worth by its sum
//!   and crosses, a correction for the number of rows still short of ten
//!   crosses, one for the set of fifth-die numbers chosen, and one per
//!   (fifth-die set, sum) for every open row.
//!
//! The table is trained by Monte Carlo policy iteration in
//! `examples/choice_train.rs` (self-play from a hand-made Poisson model,
//! moving the table towards the final results); see the README for the
//! figures. The casual level draws among the assignments with weights
//! falling off with their distance from the best value, without looking
//! ahead; the greedy baseline takes the best immediate change of the result.

use super::*;
use crate::contract::{best_first, Evaluation, Weighed};
use std::sync::OnceLock;

/// Expected throws left (the next one included) for fifth-die counts
/// `c` (0..=7 each), by `[c0][c1][c2]`.
fn throws_left() -> &'static [[[f64; 8]; 8]; 8] {
    static TABLE: OnceLock<Box<[[[f64; 8]; 8]; 8]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Which of three chosen numbers (faces 1, 2, 3 stand for them) a
        // throw shows: chance of each of the 8 presence patterns.
        let mut pattern = [0f64; 8];
        for k in 0..7776u32 {
            let mut mask = 0usize;
            let mut x = k;
            for _ in 0..5 {
                let face = x % 6;
                x /= 6;
                if face < 3 {
                    mask |= 1 << face;
                }
            }
            pattern[mask] += 1.0 / 7776.0;
        }
        let mut t = Box::new([[[0f64; 8]; 8]; 8]);
        // Higher counts first: a throw only raises counts.
        for total in (0..=21usize).rev() {
            for a in 0..8usize {
                for b in 0..8usize {
                    let Some(c) = total.checked_sub(a + b).filter(|&c| c < 8) else {
                        continue;
                    };
                    let counts = [a, b, c];
                    let mut sum = 1.0;
                    for (mask, &p) in pattern.iter().enumerate().skip(1) {
                        // Cross the least-crossed number shown.
                        let mut i = 0;
                        for j in 0..3 {
                            if mask & (1 << j) != 0
                                && (mask & (1 << i) == 0 || counts[j] < counts[i])
                            {
                                i = j;
                            }
                        }
                        if counts[i] + 1 < usize::from(FIFTH_BOXES) {
                            let mut n = counts;
                            n[i] += 1;
                            sum += p * t[n[0]][n[1]][n[2]];
                        }
                    }
                    // A free throw (nothing shown) leaves the counts.
                    t[a][b][c] = sum / (1.0 - pattern[0]);
                }
            }
        }
        t
    })
}

/// Builds the tables the strong player reads (a few milliseconds).
pub fn warm_up() {
    throws_left();
    throws();
}

/// Expected throws left for a sheet (0 once it is done).
pub fn remaining_throws(sheet: &Sheet) -> f64 {
    if sheet.done() {
        return 0.0;
    }
    let mut c = [0usize; 3];
    for (i, f) in sheet.fifth.iter().enumerate() {
        c[i] = usize::from(f.crosses);
    }
    throws_left()[c[0]][c[1]][c[2]]
}

/// Remaining-throw buckets of the value table (0..=24).
pub const THROW_BUCKETS: usize = 25;
/// Row kinds: sums s and 14 - s score alike and come alike.
pub const KINDS: usize = 6;

/// The strong player's value table, each entry by remaining throws
/// (interpolated); `T` is `f32` while training and `i16` (whole points)
/// in the app.
#[derive(Debug, Clone, Copy)]
pub struct Table<T> {
    /// `[kind][crosses 0..=10]`: what a row is worth.
    pub rows: [[[T; THROW_BUCKETS]; 11]; KINDS],
    /// `[n]`: a correction for n rows crossed but short of ten (they
    /// compete for the same throws).
    pub open: [[T; THROW_BUCKETS]; 12],
    /// `[fifth-die numbers chosen, a bit each]`: how good the set is.
    pub fifth: [[T; THROW_BUCKETS]; 64],
    /// `[fifth-die set][sum - 2][crosses 1-4, 5-9, 10 and more]`, for
    /// each crossed row: the set decides which sums come easily.
    pub pairs: [[[T; 3]; 11]; 64],
}

pub fn kind(sum: u8) -> usize {
    usize::from(sum.min(14 - sum) - 2)
}

/// The fifth-die numbers chosen, a bit per number.
pub fn fifth_mask(sheet: &Sheet) -> usize {
    sheet.fifth.iter().fold(0, |m, f| m | 1 << (f.number - 1))
}

/// A crossed row's stage: still negative, on its way up, full.
pub fn progress(crosses: u8) -> usize {
    match crosses {
        0..=4 => 0,
        5..=9 => 1,
        _ => 2,
    }
}

/// Rows crossed but not yet ten times.
pub fn open_rows(sheet: &Sheet) -> usize {
    sheet
        .crosses
        .iter()
        .filter(|&&c| (1..BOXES).contains(&c))
        .count()
}

/// The trained table (`cargo run --release -p spielblock-rules --example
/// choice_train` writes it).
static TRAINED: Table<i16> = include!("choice_table.in");

/// The estimate of the final result of `sheet` by `table`.
pub fn value<T: Copy + Into<f32>>(table: &Table<T>, sheet: &Sheet) -> f64 {
    if sheet.done() {
        return sheet.total() as f64;
    }
    let r = remaining_throws(sheet).min((THROW_BUCKETS - 1) as f64);
    let lo = r as usize;
    let hi = (lo + 1).min(THROW_BUCKETS - 1);
    let w = (r - lo as f64) as f32;
    let at = |row: &[T; THROW_BUCKETS]| row[lo].into() * (1.0 - w) + row[hi].into() * w;
    let mask = fifth_mask(sheet);
    let mut v = at(&table.open[open_rows(sheet)]) + at(&table.fifth[mask]);
    for (i, &c) in sheet.crosses.iter().enumerate() {
        v += at(&table.rows[kind(i as u8 + 2)][usize::from(c.min(BOXES))]);
        if c > 0 {
            v += table.pairs[mask][i][progress(c)].into();
        }
    }
    f64::from(v)
}

/// The strong player's estimate of the final result of `sheet`.
pub fn estimate(sheet: &Sheet) -> f64 {
    value(&TRAINED, sheet)
}

/// The sheet after `a` on `dice`.
pub fn after(sheet: &Sheet, dice: &[u8; 5], a: &Assignment) -> Sheet {
    let (x, y) = a.sums();
    let free = sheet.is_free(dice);
    sheet.with(x, y, (!free).then_some(a.fifth))
}

/// The best value `table` sees for `dice` on `sheet`, and its assignment.
pub fn best_by<T: Copy + Into<f32>>(
    table: &Table<T>,
    sheet: &Sheet,
    dice: &[u8; 5],
) -> Option<(f64, Assignment)> {
    let mut best: Option<(f64, Assignment)> = None;
    for a in sheet.assignments(dice) {
        let v = value(table, &after(sheet, dice, &a));
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    best
}

/// Every distinct throw of five dice with its chance.
fn throws() -> &'static [([u8; 5], f64)] {
    static THROWS: OnceLock<Vec<([u8; 5], f64)>> = OnceLock::new();
    THROWS.get_or_init(|| {
        crate::rng::dice_multisets(5)
            .into_iter()
            .map(|(d, p)| ([d[0], d[1], d[2], d[3], d[4]], p))
            .collect()
    })
}

/// The expected value of `sheet` after the next throw, answered as the
/// table likes best.
pub fn lookahead(sheet: &Sheet) -> f64 {
    if sheet.done() {
        return sheet.total() as f64;
    }
    throws()
        .iter()
        .map(|(d, p)| p * best_by(&TRAINED, sheet, d).map_or(0.0, |(v, _)| v))
        .sum()
}

/// Points of value that make a casual player's choice 1/e as likely.
const CASUAL_TEMPERATURE: f64 = 40.0;

pub fn decide(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
    let Stage::Assign { dice, .. } = &view.stage else {
        return Action::Roll;
    };
    let sheet = &view.sheets[seat];
    let scored: Vec<(f64, Assignment)> = sheet
        .assignments(dice)
        .into_iter()
        .map(|a| {
            let next = after(sheet, dice, &a);
            let v = match level {
                Level::Strong => lookahead(&next),
                Level::Casual => estimate(&next),
            };
            (v, a)
        })
        .collect();
    let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
    let pick = match level {
        Level::Strong => scored.iter().find(|(v, _)| *v == best),
        Level::Casual => {
            let weights: Vec<f64> = scored
                .iter()
                .map(|(v, _)| ((v - best) / CASUAL_TEMPERATURE).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = rng.below(1 << 30) as f64 / f64::from(1u32 << 30) * total;
            scored.iter().zip(&weights).find_map(|(s, w)| {
                x -= w;
                (x <= 0.0).then_some(s)
            })
        }
    };
    Action::Assign(
        pick.or(scored.first())
            .map(|(_, a)| *a)
            .unwrap_or(Assignment::new(
                [dice[0], dice[1]],
                [dice[2], dice[3]],
                dice[4],
            )),
    )
}

/// The greedy baseline: the assignment that raises the sheet's result
/// most now (the first such in the legal order).
pub fn greedy(view: &View, seat: Seat) -> Action {
    let Stage::Assign { dice, .. } = &view.stage else {
        return Action::Roll;
    };
    let sheet = &view.sheets[seat];
    let mut best: Option<(i64, Assignment)> = None;
    for a in sheet.assignments(dice) {
        let t = after(sheet, dice, &a).total();
        if best.is_none_or(|(b, _)| t > b) {
            best = Some((t, a));
        }
    }
    Action::Assign(best.map(|(_, a)| a).unwrap_or(Assignment::new(
        [dice[0], dice[1]],
        [dice[2], dice[3]],
        dice[4],
    )))
}

/// From the table's value one throw ahead to the expected final result
/// under the strong player, who looks ahead and so does better than the
/// table alone: a fit on the value and the throws left (`CALIBRATION`).
fn calibrated(sheet: &Sheet, value: f64) -> f64 {
    value
        + calibration_features(sheet, value)
            .iter()
            .zip(CALIBRATION)
            .map(|(f, c)| f * c)
            .sum::<f64>()
}

/// The fitted coefficients of `calibration_features` (3,972 solo positions
/// of seed 102: the raw gap of +27.4 points fitted to -0.1, sd 244).
const CALIBRATION: [f64; 3] = [2.502, -0.0874, 0.0336];

/// What the table's value misses depends on: the throws left, the value
/// itself scaled by them. All zero once the sheet is done.
pub fn calibration_features(sheet: &Sheet, value: f64) -> [f64; 3] {
    let r = remaining_throws(sheet);
    [r, value * r / 100.0, r * r / 10.0]
}

/// The coach: every assignment of `seat`'s pending throw with the strong
/// player's expected final result after it, best first (ties keep the
/// strong player's order). An estimate: the learned table one throw ahead,
/// calibrated.
pub fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
    let Stage::Assign { dice, pending } = &view.stage else {
        return None;
    };
    if pending.first() != Some(&seat) {
        return None;
    }
    let sheet = view.sheets.get(seat)?;
    let scored: Vec<(f64, Assignment)> = sheet
        .assignments(dice)
        .into_iter()
        .map(|a| (lookahead(&after(sheet, dice, &a)), a))
        .collect();
    if scored.len() < 2 {
        return None;
    }
    Some(Evaluation {
        ranked: best_first(scored, 0.0)
            .into_iter()
            .map(|(value, a)| Weighed {
                action: Action::Assign(a),
                value: calibrated(sheet, value),
                risk: None,
                handed: None,
            })
            .collect(),
        estimate: true,
    })
}
