//! The computer players.
//!
//! The strong level looks one throw ahead: for each legal assignment it
//! takes the expectation, over the 252 distinct throws of five dice, of the
//! best value it could then reach, and plays the assignment with the highest
//! expectation; when the best two are within 10 points it looks two throws
//! ahead between them (`lookahead2_by`: for each next throw the split the
//! table likes best, then one throw ahead from there), about +4 points of
//! mean result. A sheet's value estimates its final result:
//!
//! - the remaining throws R: the exact expected number of throws until a
//!   fifth-die number gets its eighth cross, by dynamic programming over the
//!   three counts when the least-crossed number shown is crossed (free throws
//!   included);
//! - a learned table, interpolated at R: what each row is worth by its sum
//!   and crosses, a correction for the number of rows still short of ten
//!   crosses, one for the set of fifth-die numbers chosen, and one per
//!   (fifth-die set, sum) for every open row;
//! - a term per sorted triple of fifth-die counts: what the strong player
//!   finishes above the table's value there. The table alone undervalues a
//!   game that still lasts (the strong player makes more of each throw than
//!   the table's own play), and R, a mean, misses how the counts end it.
//!
//! The table is trained by Monte Carlo policy iteration in
//! `examples/choice_train.rs` (self-play from a hand-made Poisson model,
//! moving the table towards the final results), the counts term is fitted
//! by `examples/choice_counts.rs` to the strong player's own games; see the
//! README for the figures. One throw ahead is quick: a sheet one throw on
//! differs only in two rows and one fifth-die outcome, so each outcome's
//! terms are prepared once and every split adds two rows' changes
//! (`lookahead_by`; about 30 us a decision natively, and a few
//! milliseconds at most where the player looks two throws ahead). The
//! casual level draws among the assignments with weights falling off with
//! their distance from the best value, without looking ahead; the greedy
//! baseline takes the best immediate change of the result.

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
    splits();
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
    /// `[lowest][middle][highest fifth-die count]` (0 for a number not
    /// chosen yet): what the remaining throws miss of how the game ends,
    /// fitted to the lookahead player's own results
    /// (`examples/choice_counts.rs`).
    pub counts: [[[T; 8]; 8]; 8],
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

/// The fifth-die counts, lowest first (0 for a number not chosen yet);
/// each below 8 while the sheet is not done.
pub fn counts(sheet: &Sheet) -> [usize; 3] {
    let mut c = [0usize; 3];
    for (i, f) in sheet.fifth.iter().enumerate() {
        c[i] = usize::from(f.crosses.min(FIFTH_BOXES - 1));
    }
    c.sort_unstable();
    c
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

/// The trained table.
pub fn trained() -> &'static Table<i16> {
    &TRAINED
}

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
    let [a, b, c] = counts(sheet);
    let mut v =
        at(&table.open[open_rows(sheet)]) + at(&table.fifth[mask]) + table.counts[a][b][c].into();
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
    lookahead_by(&TRAINED, sheet)
}

/// The expected value of `sheet` after the next throw by `table` (the
/// plain way, one `value` per assignment: `lookahead_by` must agree).
pub fn lookahead_slow<T: Copy + Into<f32>>(table: &Table<T>, sheet: &Sheet) -> f64 {
    if sheet.done() {
        return sheet.total() as f64;
    }
    throws()
        .iter()
        .map(|(d, p)| p * best_by(table, sheet, d).map_or(0.0, |(v, _)| v))
        .sum()
}

/// One distinct throw of five dice: its chance, the faces it shows (a bit
/// per face) and its distinct splits (fifth-die face, low row, high row;
/// rows 0-based). The strong player's lookahead and the expert's read it.
pub struct Throw {
    /// Its chance.
    pub p: f64,
    /// The faces it shows, a bit per face (bit d - 1).
    pub shown: u8,
    /// Its distinct splits: (fifth-die face, low row, high row).
    pub splits: Vec<(u8, u8, u8)>,
}

/// The 252 distinct throws of five dice with their splits.
pub fn splits() -> &'static [Throw] {
    static SPLITS: OnceLock<Vec<Throw>> = OnceLock::new();
    SPLITS.get_or_init(|| {
        throws()
            .iter()
            .map(|&(d, p)| {
                let mut splits: Vec<(u8, u8, u8)> = Vec::new();
                let mut shown = 0u8;
                for f in 0..5 {
                    shown |= 1 << (d[f] - 1);
                    let r: Vec<u8> = (0..5).filter(|&i| i != f).map(|i| d[i]).collect();
                    for (a, b, c, e) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
                        let (x, y) = (r[a] + r[b] - 2, r[c] + r[e] - 2);
                        let s = (d[f], x.min(y), x.max(y));
                        if !splits.contains(&s) {
                            splits.push(s);
                        }
                    }
                }
                Throw { p, shown, splits }
            })
            .collect()
    })
}

/// The sheets one throw after a sheet with one fifth-die outcome (a
/// number crossed, or none on a free throw), ready to value by the rows
/// crossed.
struct Outcome {
    /// The game ends with this cross: the values are exact results.
    done: bool,
    /// Without the open-rows term: the fifth-die term and every row's.
    base: f32,
    /// Each row's term with 0, 1 and 2 more crosses (or its result, done).
    row: [[f32; 3]; 11],
    /// The open-rows term by the number of open rows.
    open: [f32; 12],
}

impl Outcome {
    fn new<T: Copy + Into<f32>>(table: &Table<T>, sheet: &Sheet, fifth: Option<u8>) -> Outcome {
        let next = sheet.with(2, 2, fifth);
        let mut o = Outcome {
            done: next.done(),
            base: 0.0,
            row: [[0.0; 3]; 11],
            open: [0.0; 12],
        };
        if o.done {
            for (i, r) in o.row.iter_mut().enumerate() {
                let c = sheet.crosses[i];
                for (k, v) in r.iter_mut().enumerate() {
                    *v = row_score(i as u8 + 2, c + k as u8) as f32;
                }
                o.base += r[0];
            }
            return o;
        }
        let r = remaining_throws(&next).min((THROW_BUCKETS - 1) as f64);
        let lo = r as usize;
        let hi = (lo + 1).min(THROW_BUCKETS - 1);
        let w = (r - lo as f64) as f32;
        let at = |row: &[T; THROW_BUCKETS]| row[lo].into() * (1.0 - w) + row[hi].into() * w;
        let mask = fifth_mask(&next);
        let [a, b, c] = counts(&next);
        o.base = at(&table.fifth[mask]) + table.counts[a][b][c].into();
        for (i, r) in o.row.iter_mut().enumerate() {
            for (k, v) in r.iter_mut().enumerate() {
                let c = sheet.crosses[i] + k as u8;
                *v = at(&table.rows[kind(i as u8 + 2)][usize::from(c.min(BOXES))]);
                if c > 0 {
                    *v += table.pairs[mask][i][progress(c)].into();
                }
            }
            o.base += r[0];
        }
        for (n, v) in o.open.iter_mut().enumerate() {
            *v = at(&table.open[n]);
        }
        o
    }

    /// The value after crossing rows `x` and `y` (`open` rows open now).
    fn value(&self, sheet: &Sheet, open: usize, x: u8, y: u8) -> f32 {
        let (x, y) = (usize::from(x), usize::from(y));
        let is_open = |c: u8| usize::from((1..BOXES).contains(&c));
        let (cx, cy) = (sheet.crosses[x], sheet.crosses[y]);
        let (v, n) = if x == y {
            (
                self.base - self.row[x][0] + self.row[x][2],
                open + is_open(cx + 2) - is_open(cx),
            )
        } else {
            (
                self.base - self.row[x][0] + self.row[x][1] - self.row[y][0] + self.row[y][1],
                open + is_open(cx + 1) + is_open(cy + 1) - is_open(cx) - is_open(cy),
            )
        };
        if self.done {
            v
        } else {
            v + self.open[n]
        }
    }
}

/// The expected value of `sheet` after the next throw by `table`: for
/// every throw the best of its splits, each valued from the few fifth-die
/// outcomes prepared once.
pub fn lookahead_by<T: Copy + Into<f32>>(table: &Table<T>, sheet: &Sheet) -> f64 {
    if sheet.done() {
        return sheet.total() as f64;
    }
    let mut next = NextThrow::new(sheet);
    splits()
        .iter()
        .map(|t| {
            t.p * next
                .best(table, t.shown, &t.splits)
                .map_or(0.0, |(v, _, _)| f64::from(v))
        })
        .sum()
}

/// One throw after a sheet: the fifth-die outcomes prepared as they are
/// needed (by the fifth die's face, 0 for a free throw).
struct NextThrow<'a> {
    sheet: &'a Sheet,
    chosen: u8,
    full: bool,
    open: usize,
    outcomes: [Option<Outcome>; 7],
}

impl<'a> NextThrow<'a> {
    fn new(sheet: &'a Sheet) -> Self {
        NextThrow {
            sheet,
            chosen: fifth_mask(sheet) as u8,
            full: sheet.fifth.len() == FIFTH_NUMBERS,
            open: open_rows(sheet),
            outcomes: Default::default(),
        }
    }

    /// The split of a throw (showing the faces `shown`) the table likes
    /// best among the legal ones (R-CH-3): its value, the fifth-die
    /// outcome (0 for a free throw) and the split; the first of equals.
    fn best<'s, T: Copy + Into<f32>>(
        &mut self,
        table: &Table<T>,
        shown: u8,
        splits: &'s [(u8, u8, u8)],
    ) -> Option<(f32, u8, &'s (u8, u8, u8))> {
        let free = self.full && shown & self.chosen == 0;
        let mut best: Option<(f32, u8, &(u8, u8, u8))> = None;
        for s in splits {
            let &(fifth, x, y) = s;
            if self.full && !free && self.chosen & (1 << (fifth - 1)) == 0 {
                continue;
            }
            let face = if free { 0 } else { fifth };
            let sheet = self.sheet;
            let o = self.outcomes[usize::from(face)]
                .get_or_insert_with(|| Outcome::new(table, sheet, (!free).then_some(fifth)));
            let v = o.value(sheet, self.open, x, y);
            if best.is_none_or(|(b, _, _)| v > b) {
                best = Some((v, face, s));
            }
        }
        best
    }
}

/// The expected value of `sheet` two throws ahead by `table`: for every
/// next throw the split the table likes best (as in `lookahead_by`), valued
/// by `lookahead_by` of the sheet it makes. Throws that pick the same split
/// share its lookahead (a few dozen lookaheads, not one per throw).
pub fn lookahead2_by<T: Copy + Into<f32>>(table: &Table<T>, sheet: &Sheet) -> f64 {
    if sheet.done() {
        return sheet.total() as f64;
    }
    let mut next = NextThrow::new(sheet);
    // By [face, 0 for a free throw][low row][high row], NaN until valued.
    let mut memo = [[[f64::NAN; 11]; 11]; 7];
    let mut sum = 0.0;
    for t in splits() {
        let Some((_, face, &(fifth, x, y))) = next.best(table, t.shown, &t.splits) else {
            continue;
        };
        let m = &mut memo[usize::from(face)][usize::from(x)][usize::from(y)];
        if m.is_nan() {
            let next = sheet.with(x + 2, y + 2, (face != 0).then_some(fifth));
            *m = lookahead_by(table, &next);
        }
        sum += t.p * *m;
    }
    sum
}

/// The strong player weighs two throws ahead the best `DEEP_CANDIDATES`
/// assignments by one throw ahead when they are within `DEEP_MARGIN`
/// points of the best.
const DEEP_CANDIDATES: usize = 2;
const DEEP_MARGIN: f64 = 10.0;

/// Every assignment of `dice` to `sheet` with the strong player's value:
/// one throw ahead, except that the best `DEEP_CANDIDATES` within
/// `DEEP_MARGIN` of the best are weighed two throws ahead, the best of them
/// by that getting the best value one throw ahead and each other its value
/// less what it falls short two throws ahead. The strong player plays the
/// first with the highest value.
pub fn strong_scores(sheet: &Sheet, dice: &[u8; 5]) -> Vec<(f64, Assignment)> {
    let mut scored: Vec<(f64, Assignment)> = sheet
        .assignments(dice)
        .into_iter()
        .map(|a| (lookahead(&after(sheet, dice, &a)), a))
        .collect();
    let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
    let mut deep: Vec<usize> = (0..scored.len())
        .filter(|&i| best - scored[i].0 <= DEEP_MARGIN)
        .collect();
    // Best first, ties in the legal order.
    deep.sort_by(|&i, &j| scored[j].0.total_cmp(&scored[i].0));
    deep.truncate(DEEP_CANDIDATES);
    if deep.len() >= 2 {
        let two: Vec<f64> = deep
            .iter()
            .map(|&i| lookahead2_by(&TRAINED, &after(sheet, dice, &scored[i].1)))
            .collect();
        let top = two.iter().fold(f64::MIN, |m, v| m.max(*v));
        for (&i, v) in deep.iter().zip(&two) {
            scored[i].0 = best - (top - v);
        }
    }
    scored
}

/// Points of value that make a casual player's choice 1/e as likely.
const CASUAL_TEMPERATURE: f64 = 40.0;

pub fn decide(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
    let Stage::Assign { dice, .. } = &view.stage else {
        return Action::Roll;
    };
    let sheet = &view.sheets[seat];
    let scored: Vec<(f64, Assignment)> = match level {
        Level::Strong => strong_scores(sheet, dice),
        // Until its table is installed the expert plays as strong.
        Level::Expert => {
            super::expert::expert_scores(sheet, dice).unwrap_or_else(|| strong_scores(sheet, dice))
        }
        Level::Casual => sheet
            .assignments(dice)
            .into_iter()
            .map(|a| (estimate(&after(sheet, dice, &a)), a))
            .collect(),
    };
    let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
    let pick = match level {
        Level::Strong | Level::Expert => scored.iter().find(|(v, _)| *v == best),
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

/// The fitted coefficients of `calibration_features` (3,971 solo positions
/// of seed 102: the raw gap of -3.4 points fitted to +0.5, sd 238).
const CALIBRATION: [f64; 3] = [0.6955, -0.2477, -0.1821];

/// What the table's value misses depends on: the throws left, the value
/// itself scaled by them. All zero once the sheet is done.
pub fn calibration_features(sheet: &Sheet, value: f64) -> [f64; 3] {
    let r = remaining_throws(sheet);
    [r, value * r / 100.0, r * r / 10.0]
}

/// The coach: every assignment of `seat`'s pending throw with the strong
/// player's expected final result after it, best first (ties keep the
/// strong player's order). An estimate: the learned table one throw ahead,
/// calibrated (`strong_scores`: the strong player's choice carries the best
/// value one throw ahead).
pub fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
    let Stage::Assign { dice, pending } = &view.stage else {
        return None;
    };
    if pending.first() != Some(&seat) {
        return None;
    }
    let sheet = view.sheets.get(seat)?;
    // The coach is the strongest level (issue 43): the expert once its
    // table is in, whose value is the expected result itself; until then
    // the strong player, calibrated.
    let (scored, expert) = match super::expert::expert_scores(sheet, dice) {
        Some(s) => (s, true),
        None => (strong_scores(sheet, dice), false),
    };
    if scored.len() < 2 {
        return None;
    }
    Some(Evaluation {
        ranked: best_first(scored, 0.0)
            .into_iter()
            .map(|(value, a)| Weighed {
                action: Action::Assign(a),
                value: if expert {
                    value
                } else {
                    calibrated(sheet, value)
                },
                risk: None,
                handed: None,
            })
            .collect(),
        estimate: true,
    })
}
