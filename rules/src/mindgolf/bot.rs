//! The computer players.
//!
//! The strong level values a sheet by its lanes' values (`LaneTable`: each
//! lane played for itself, a throw that fits it badly going elsewhere at
//! a cost, `DECLINE`), the parked value at its best lane, and, weighted,
//! what the next turn's best throw adds over them (`turn_end`). It places
//! a throw by the sheet's value at the end of the turn, and chooses dice
//! and re-rolls by the expectation of each value placed that way among its
//! best few placements (`CANDIDATES`).

use super::*;
use crate::contract::{best_first, Evaluation, Weighed};

/// Distances a lane can be at: 0..=MAX_DIST.
const MAX_DIST: usize = 240;

/// Every re-roll open for these dice (R-MG-4; equal green faces are one
/// choice) with the expected payoff of its new value.
pub fn rerolls(green: &[u8], white: Option<u8>, pay: &dyn Fn(i64) -> f64) -> Vec<(Die, f64)> {
    let sum: i64 = green.iter().map(|&x| i64::from(x)).sum();
    let mult = white.map_or(1, i64::from);
    let mut out = Vec::new();
    let mut seen = [false; 7];
    for (i, &f) in green.iter().enumerate() {
        if std::mem::replace(&mut seen[f as usize], true) {
            continue;
        }
        let base = sum - i64::from(f);
        let avg = (1..=6).map(|nf| pay((base + nf) * mult)).sum::<f64>() / 6.0;
        out.push((Die::Green(i), avg));
    }
    if white.is_some() {
        let s = if green.is_empty() { 1 } else { sum };
        out.push((Die::White, (1..=6).map(|nw| pay(s * nw)).sum::<f64>() / 6.0));
    }
    out
}

/// The exact expected payoff of throwing (`green`, `white`) when each
/// possible value v pays `pay[v]`, re-rolling one die where that pays
/// more on average (R-MG-4): the tests' brute-force reference (play and
/// the lane table use `best_throw`, from precomputed outcomes).
#[cfg(test)]
pub fn throw_value(green: usize, white: bool, pay: &dyn Fn(i64) -> f64) -> f64 {
    let pays: Vec<f64> = (0..=MAX_VALUE).map(pay).collect();
    let p = |v: i64| pays[v as usize];
    let whites: &[Option<u8>] = if white {
        &[Some(1), Some(2), Some(3), Some(4), Some(5), Some(6)]
    } else {
        &[None]
    };
    let mut total = 0.0;
    let pw = if white { 1.0 / 6.0 } else { 1.0 };
    for (g, pg) in dice_multisets(green) {
        for &w in whites {
            let best = rerolls(&g, w, &p)
                .into_iter()
                .map(|(_, avg)| avg)
                .fold(p(value_of(&g, w)), max);
            total += pg * pw * best;
        }
    }
    total
}

/// The value of a lane at distance x with k fields left, played for itself
/// (choice of dice and re-roll by expectation) while a throw that fits it
/// badly may go elsewhere at a cost of `DECLINE`: `value[k][x]`, by dynamic
/// programming over k.
pub struct LaneTable {
    value: Vec<Vec<f64>>,
    /// Every choice of dice with its outcomes, for `turn_value`.
    throws: Vec<Shape>,
    /// The largest value a throw can have.
    max_value: usize,
    green_dice: usize,
    /// The values a throw or a re-roll can make.
    reachable: Vec<bool>,
}

/// One choice of dice: every outcome with its probability, its value, the
/// white die's face (0 if not thrown), the green sum, and the green sums
/// without each distinct face (what a green re-roll adds a new face to).
struct Shape {
    outcomes: Vec<Outcome>,
}

struct Outcome {
    p: f64,
    value: u16,
    white: u8,
    sum: u8,
    /// How many of `bases` count.
    n: u8,
    bases: [u8; 6],
}

/// The larger of two numbers (f64::max is a library call in places).
#[inline(always)]
fn max(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

impl Shape {
    fn all(green_dice: usize) -> Vec<Shape> {
        let mut out = Vec::new();
        for g in 0..=green_dice {
            for white in [false, true] {
                if g == 0 && !white {
                    continue;
                }
                let whites: Vec<usize> = if white { (1..=6).collect() } else { vec![0] };
                let pw = 1.0 / whites.len() as f64;
                let mut outcomes = Vec::new();
                for (dice, pg) in dice_multisets(g) {
                    let sum: usize = dice.iter().map(|&d| usize::from(d)).sum();
                    let mut bases = [0u8; 6];
                    let mut n = 0;
                    let mut seen = [false; 7];
                    for &f in &dice {
                        if !std::mem::replace(&mut seen[f as usize], true) {
                            bases[n] = (sum - usize::from(f)) as u8;
                            n += 1;
                        }
                    }
                    for &w in &whites {
                        outcomes.push(Outcome {
                            p: pg * pw,
                            value: (sum.max(1) * w.max(1)) as u16,
                            white: w as u8,
                            sum: sum.max(1) as u8,
                            n: n as u8,
                            bases,
                        });
                    }
                }
                out.push(Shape { outcomes });
            }
        }
        out
    }
}

/// The best expected payoff over every choice of dice when a value v pays
/// `pays[v]`, re-rolling one die where that pays more on average (R-MG-4):
/// the same as the best `throw_value`, from precomputed re-roll averages.
fn best_throw(shapes: &[Shape], green_dice: usize, pays: &[f64]) -> f64 {
    throw_values(shapes, green_dice, pays)
        .into_iter()
        .fold(f64::MIN, max)
}

/// Each choice of dice's expected payoff (in `Shape::all`'s order).
fn throw_values(shapes: &[Shape], green_dice: usize, pays: &[f64]) -> Vec<f64> {
    // green[w][b]: a green re-roll's average onto green sum b without it,
    // times white face w (0: no white die).
    let nb = green_dice.saturating_sub(1) * 6 + 1;
    let mut green = vec![0.0; 7 * nb];
    for w in 0..=6 {
        for b in 0..nb {
            green[w * nb + b] = (1..=6).map(|f| pays[(b + f) * w.max(1)]).sum::<f64>() / 6.0;
        }
    }
    let white: Vec<f64> = (0..=green_dice * 6)
        .map(|s| (1..=6).map(|w| pays[s * w]).sum::<f64>() / 6.0)
        .collect();
    shapes
        .iter()
        .map(|sh| {
            sh.outcomes
                .iter()
                .map(|o| {
                    let mut best = pays[usize::from(o.value)];
                    let row = &green[usize::from(o.white) * nb..];
                    for &b in &o.bases[..usize::from(o.n)] {
                        best = max(best, row[usize::from(b)]);
                    }
                    if o.white > 0 {
                        best = max(best, white[usize::from(o.sum)]);
                    }
                    o.p * best
                })
                .sum::<f64>()
        })
        .collect()
}

/// What a throw that goes elsewhere costs the sheet, in points: a lane
/// played among others need not take a value that fits it badly (another
/// lane or the parking slot takes it), which a lane played alone must. So a
/// lane with fields to spare is worth more among others than alone, and
/// the more so the fewer values would hit it. Measured over 2,000 solo
/// games (seeds 1-2,000) against 65.33 without declining: 0.6 65.46, 0.85
/// 65.81, 1.0 65.91, 1.25 65.64; at 1.0 with AHEAD_WEIGHT 1.25 65.73 and
/// 1.75 65.50.
pub const DECLINE: f64 = 1.0;

/// The parts a row of the lane table is built in by `warm_step`.
const WARM_PARTS: usize = 12;

/// Steps per table entry at most (a few are needed).
const NEWTON_STEPS: usize = 30;

/// A lane table built row by row (`LaneTable::warm_step`): the rows for
/// 1..=`k` fields left are done.
struct Partial {
    k: usize,
    /// Distances done of the next row (1..=`x`).
    x: usize,
    value: Vec<Vec<f64>>,
    throws: Vec<Shape>,
}

impl Partial {
    fn start(green_dice: usize) -> Partial {
        Partial {
            k: 0,
            x: 0,
            value: vec![vec![0.0; MAX_DIST + 1]; FIELDS + 1],
            throws: Shape::all(green_dice),
        }
    }

    /// The values with one more field left (the next row of the dynamic
    /// programme).
    fn row(&mut self, green_dice: usize) {
        self.part(green_dice, MAX_DIST);
    }

    /// Up to `n` more distances of the next row (the row is done when its
    /// last distance is).
    fn part(&mut self, green_dice: usize, n: usize) {
        let k = self.k + 1;
        let max_value = green_dice * 36;
        let (throws, value) = (&self.throws, &mut self.value);
        let mut pays = vec![0.0; max_value + 1];
        let mut capped = vec![0.0; max_value + 1];
        let last = (self.x + n).min(MAX_DIST);
        for x in self.x + 1..=last {
            // What ending at distance y with k-1 fields left is worth.
            for (v, slot) in pays.iter_mut().enumerate() {
                let y = x.abs_diff(v);
                *slot = if y == 0 {
                    2.0 * (k - 1) as f64
                } else if k == 1 {
                    -2.0
                } else {
                    value[k - 1][y.min(MAX_DIST)]
                };
            }
            // V = g(V): the best throw when any value may go elsewhere
            // at V - DECLINE. g is convex with slopes below 1 (the
            // chance of declining), so Newton steps from g's value
            // without declining (below V) climb to V; g is piecewise
            // linear, so they end there in a few steps.
            let mut g = |v: f64| {
                for (o, p) in capped.iter_mut().zip(&pays) {
                    *o = max(*p, v - DECLINE);
                }
                best_throw(throws, green_dice, &capped)
            };
            let mut v = best_throw(throws, green_dice, &pays);
            for _ in 0..NEWTON_STEPS {
                let gv = g(v);
                if (gv - v).abs() < 1e-12 {
                    break;
                }
                if gv < v {
                    // A step past a kink: g pulls back (a contraction).
                    v = gv;
                    continue;
                }
                let slope = ((g(v + 1e-6) - gv) / 1e-6).min(0.999);
                v += (gv - v) / (1.0 - slope);
            }
            value[k][x] = v;
        }
        self.x = last;
        if last == MAX_DIST {
            self.k = k;
            self.x = 0;
        }
    }

    fn finish(mut self, green_dice: usize) -> LaneTable {
        while self.k < FIELDS {
            self.row(green_dice);
        }
        let max_value = green_dice * 36;
        let mut reachable = vec![false; max_value + 1];
        for g in 0..=green_dice {
            for (dice, _) in dice_multisets(g) {
                for w in [None, Some(1), Some(2), Some(3), Some(4), Some(5), Some(6)] {
                    reachable[value_of(&dice, w) as usize] = true;
                }
            }
        }
        LaneTable {
            value: self.value,
            throws: self.throws,
            max_value,
            green_dice,
            reachable,
        }
    }
}

/// The finished tables, by number of green dice.
fn tables() -> std::sync::MutexGuard<'static, HashMap<usize, &'static LaneTable>> {
    static TABLES: OnceLock<Mutex<HashMap<usize, &'static LaneTable>>> = OnceLock::new();
    let tables = TABLES.get_or_init(Default::default);
    tables.lock().unwrap_or_else(|e| e.into_inner())
}

/// The tables being built a row at a time.
fn partials() -> std::sync::MutexGuard<'static, HashMap<usize, Partial>> {
    static PARTIALS: OnceLock<Mutex<HashMap<usize, Partial>>> = OnceLock::new();
    let partials = PARTIALS.get_or_init(Default::default);
    partials.lock().unwrap_or_else(|e| e.into_inner())
}

impl LaneTable {
    /// The table for a set with this many green dice, built once (what
    /// `warm_step` built of it already is kept).
    pub fn get(green_dice: usize) -> &'static LaneTable {
        let mut t = tables();
        if let Some(table) = t.get(&green_dice) {
            return table;
        }
        let partial = partials()
            .remove(&green_dice)
            .unwrap_or_else(|| Partial::start(green_dice));
        let table: &'static LaneTable = Box::leak(Box::new(partial.finish(green_dice)));
        t.insert(green_dice, table);
        table
    }

    /// Builds a twelfth of a row of the table (a row per field left: a
    /// millisecond or two natively; a twelfth at most about 5 ms in
    /// Chromium at 4x CPU throttling), so a browser can build it between
    /// frames and taps, as many steps per task as its time allows; true
    /// once the table is built.
    pub fn warm_step(green_dice: usize) -> bool {
        if tables().contains_key(&green_dice) {
            return true;
        }
        let done = {
            let mut p = partials();
            let partial = p
                .entry(green_dice)
                .or_insert_with(|| Partial::start(green_dice));
            partial.part(green_dice, MAX_DIST.div_ceil(WARM_PARTS));
            partial.k == FIELDS
        };
        if done {
            LaneTable::get(green_dice);
        }
        done
    }

    /// The expected final score of a lane in this state.
    #[inline(always)]
    pub fn lane_value(&self, lane: &Lane) -> f64 {
        if let Some(s) = lane.score {
            return s as f64;
        }
        let k = FIELDS - lane.fields.len();
        match lane.fields.last() {
            Some(_) => self.value[k][(lane.distance() as usize).min(MAX_DIST)],
            // Not started: the first value becomes the first field.
            None => self.fresh(lane.target),
        }
    }

    /// A lane not yet started: its best first throw's expectation.
    fn fresh(&self, target: i64) -> f64 {
        // The same recursion with the first field being the value itself:
        // distance afterwards |target - v|, exactly as from distance target.
        self.value[FIELDS][(target as usize).min(MAX_DIST)]
    }
}

/// The value of entering `v` on lane `l` (its expected final score
/// afterwards), without building the lane.
#[inline(always)]
fn entered(t: &LaneTable, l: &Lane, v: i64) -> f64 {
    let f = l.next_field(v);
    let left = FIELDS - l.fields.len() - 1;
    if f == l.target {
        2.0 * left as f64
    } else if left == 0 {
        -2.0
    } else {
        t.value[left][((l.target - f).unsigned_abs() as usize).min(MAX_DIST)]
    }
}

/// A lane's value with `field` last written after `used` fields.
#[inline(always)]
fn field_value(t: &LaneTable, target: i64, field: i64, used: usize) -> f64 {
    if field == target {
        2.0 * (FIELDS - used) as f64
    } else if used == FIELDS {
        -2.0
    } else {
        t.value[FIELDS - used][((target - field).unsigned_abs() as usize).min(MAX_DIST)]
    }
}

/// The field after `f` for value `v` on a lane aiming at `target`.
#[inline(always)]
fn step(target: i64, f: i64, v: i64) -> i64 {
    if f < target {
        f + v
    } else {
        f - v
    }
}

/// The largest of `xs` leaving out index `skip`, from its top two.
#[inline(always)]
fn top2(xs: &[f64]) -> (usize, f64, f64) {
    let mut b = (usize::MAX, f64::MIN, f64::MIN);
    for (i, &x) in xs.iter().enumerate() {
        if x > b.1 {
            b = (i, x, b.1);
        } else if x > b.2 {
            b.2 = x;
        }
    }
    b
}

/// `best_of(&placement(t, sheet, v))` for every value v up to the largest
/// throw, without building sheets.
fn worths(t: &LaneTable, sheet: &Sheet) -> Vec<f64> {
    let n = sheet.lanes.len();
    let lv: Vec<f64> = sheet.lanes.iter().map(|l| t.lane_value(l)).collect();
    let open: Vec<usize> = (0..n).filter(|&i| !sheet.lanes[i].finished()).collect();
    let mut out = vec![0.0; t.max_value + 1];
    let gains = |v: i64, g: &mut Vec<f64>| {
        g.clear();
        g.extend(open.iter().map(|&i| entered(t, &sheet.lanes[i], v) - lv[i]));
    };
    let mut g = Vec::with_capacity(n);
    let Some(p) = sheet.parked else {
        for (v, slot) in out.iter_mut().enumerate() {
            if !t.reachable[v] {
                continue;
            }
            gains(v as i64, &mut g);
            *slot = g.iter().copied().fold(f64::MIN, max) + KEEP_OPEN;
        }
        return out;
    };
    // The parked value on each open lane: its gain and the field it makes.
    let gp: Vec<f64> = open
        .iter()
        .map(|&i| entered(t, &sheet.lanes[i], p) - lv[i])
        .collect();
    let (gp_at, gp1, gp2) = top2(&gp);
    let after_p: Vec<(i64, usize, bool)> = open
        .iter()
        .map(|&i| {
            let l = &sheet.lanes[i];
            let f = l.next_field(p);
            let used = l.fields.len() + 1;
            (f, used, f == l.target || used == FIELDS)
        })
        .collect();
    let last = open.len() == 1;
    for (v, slot) in out.iter_mut().enumerate() {
        if !t.reachable[v] {
            continue;
        }
        let v = v as i64;
        gains(v, &mut g);
        let (g_at, g1, g2) = top2(&g);
        let mut best = f64::MIN;
        for (k, &i) in open.iter().enumerate() {
            let l = &sheet.lanes[i];
            let target = l.target;
            // Enter v on i, keep p for its best lane.
            let f1 = l.next_field(v);
            let used = l.fields.len() + 1;
            let fin = f1 == target || used == FIELDS;
            if !(last && fin) {
                let mut keep = if gp_at == k { gp2 } else { gp1 };
                if !fin {
                    let here = field_value(t, target, step(target, f1, p), used + 1)
                        - field_value(t, target, f1, used);
                    keep = max(keep, here);
                }
                let keep = if keep == f64::MIN { 0.0 } else { keep };
                best = max(best, g[k] + keep);
            }
            // Apply p on i, then v at its best (or parked).
            let (fp, up, finp) = after_p[k];
            let mut then = if g_at == k { g2 } else { g1 };
            if !finp {
                then = max(
                    then,
                    field_value(t, target, step(target, fp, v), up + 1)
                        - field_value(t, target, fp, up),
                );
            }
            let then = if then == f64::MIN {
                0.0
            } else {
                then + KEEP_OPEN
            };
            best = max(best, gp[k] + then);
        }
        *slot = best;
    }
    out
}

/// The gain of entering `v` on lane `i` (None if the rules forbid it).
fn gain(t: &LaneTable, sheet: &Sheet, i: usize, v: i64) -> Option<f64> {
    let l = &sheet.lanes[i];
    sheet
        .may_enter(i, v)
        .then(|| entered(t, l, v) - t.lane_value(l))
}

/// A value is placed sooner or later (every turn places one value once
/// the slot is full; turns cost nothing), so a value's worth is its best
/// gain on the lanes as they are; parking keeps the choice open, a hair
/// better than placing now.
const KEEP_OPEN: f64 = 0.01;

/// The best decision for a throw of value `v` on this sheet, and what it
/// is worth: the gains of the value placed now plus the value kept in
/// the slot, each at its best lane.
fn placement(t: &LaneTable, sheet: &Sheet, v: i64) -> Vec<(f64, Action)> {
    let n = sheet.lanes.len();
    let mut out = Vec::new();
    match sheet.parked {
        None => {
            let best = (0..n)
                .filter_map(|i| gain(t, sheet, i, v))
                .fold(f64::MIN, max);
            for i in 0..n {
                if let Some(g) = gain(t, sheet, i, v) {
                    out.push((g, Action::Enter(i)));
                }
            }
            // Parking: the same value, placed later, with the choice kept.
            let later = sheet
                .lanes
                .iter()
                .filter(|l| !l.finished())
                .map(|l| entered(t, l, v) - t.lane_value(l))
                .fold(best, max);
            out.push((later + KEEP_OPEN, Action::Park));
        }
        Some(p) => {
            let open: Vec<usize> = (0..n).filter(|&i| !sheet.lanes[i].finished()).collect();
            let gp: Vec<f64> = (0..n)
                .map(|j| {
                    if sheet.lanes[j].finished() {
                        f64::MIN
                    } else {
                        entered(t, &sheet.lanes[j], p) - t.lane_value(&sheet.lanes[j])
                    }
                })
                .collect();
            // Enter the throw on i, keep p for its best lane (i changed).
            for &i in &open {
                let Some(gv) = gain(t, sheet, i, v) else {
                    continue;
                };
                let mut lane = sheet.lanes[i].clone();
                lane.enter(v);
                let keep = open
                    .iter()
                    .map(|&j| {
                        if j == i {
                            if lane.finished() {
                                f64::MIN
                            } else {
                                entered(t, &lane, p) - t.lane_value(&lane)
                            }
                        } else {
                            gp[j]
                        }
                    })
                    .fold(f64::MIN, max);
                let keep = if keep == f64::MIN { 0.0 } else { keep };
                out.push((gv + keep, Action::Enter(i)));
            }
            // Apply p on i, then the throw (entered or parked) at its best.
            for &i in &open {
                let mut s2 = sheet.clone();
                s2.lanes[i].enter(p);
                s2.parked = None;
                let then = if s2.done() {
                    0.0
                } else {
                    placement(t, &s2, v)
                        .into_iter()
                        .map(|o| o.0)
                        .fold(f64::MIN, max)
                };
                out.push((gp[i] + then, Action::ApplyParked(i)));
            }
        }
    }
    out
}

fn best_of(options: &[(f64, Action)]) -> f64 {
    options.iter().map(|o| o.0).fold(f64::MIN, max)
}

/// How much of the next turn's gain over the lanes' own values a sheet at
/// the end of a turn is credited with: the chances a spread of open lanes
/// gives last beyond one turn (1.0 is one turn; measured over 1,000 solo
/// games before DECLINE: 1.25 65.1, 1.5 65.3, 2.0 64.3; with it see
/// DECLINE).
const AHEAD_WEIGHT: f64 = 1.5;

/// How many of a throw's best choices one turn short are weighed one turn
/// ahead when valuing throws not yet made (dice and re-rolls): two are
/// enough (before DECLINE, over 1,000 solo games: one 64.9, two 65.3,
/// three 65.4 at 1.6 times the time).
const CANDIDATES: usize = 2;

/// The lanes' own values (`LaneTable`).
fn lanes_value(t: &LaneTable, sheet: &Sheet) -> f64 {
    sheet.lanes.iter().map(|l| t.lane_value(l)).sum()
}

/// A parked value's worth at its best lane as the lanes are.
fn parked_value(t: &LaneTable, sheet: &Sheet) -> f64 {
    let Some(p) = sheet.parked else {
        return 0.0;
    };
    let best = sheet
        .lanes
        .iter()
        .filter(|l| !l.finished())
        .map(|l| entered(t, l, p) - t.lane_value(l))
        .fold(f64::MIN, max);
    if best == f64::MIN {
        0.0
    } else {
        best
    }
}

/// The next turn's expected gain over the lanes' values, each throw
/// placed at its best one turn ahead and the dice chosen for it.
fn turn_value(t: &LaneTable, sheet: &Sheet) -> f64 {
    if sheet.done() {
        return 0.0;
    }
    let pays = worths(t, sheet);
    best_throw(&t.throws, t.green_dice, &pays)
}

/// What a sheet at the end of a turn is worth: the lanes' values, the
/// parked value at its best, and (weighted) what the next turn adds.
fn turn_end(t: &LaneTable, sheet: &Sheet) -> f64 {
    let sp = parked_value(t, sheet);
    lanes_value(t, sheet) + sp + AHEAD_WEIGHT * (turn_value(t, sheet) - sp)
}

/// After entering a throw with a value parked: apply it now or keep it.
fn after_entered(t: &LaneTable, sheet: &Sheet) -> f64 {
    let Some(p) = sheet.parked else {
        return turn_end(t, sheet);
    };
    let mut best = turn_end(t, sheet);
    for i in 0..sheet.lanes.len() {
        if !sheet.lanes[i].finished() {
            let mut s = sheet.clone();
            s.lanes[i].enter(p);
            s.parked = None;
            best = best.max(turn_end(t, &s));
        }
    }
    best
}

/// Where a throw of value `v` goes, one turn ahead: every choice with the
/// sheet's value at the end of the turn.
fn placements_ahead(t: &LaneTable, sheet: &Sheet, v: i64) -> Vec<(f64, Action)> {
    let mut out = Vec::new();
    for i in 0..sheet.lanes.len() {
        if sheet.may_enter(i, v) {
            let mut s = sheet.clone();
            s.lanes[i].enter(v);
            out.push((after_entered(t, &s), Action::Enter(i)));
        }
    }
    match sheet.parked {
        None => {
            let mut s = sheet.clone();
            s.parked = Some(v);
            out.push((turn_end(t, &s), Action::Park));
        }
        Some(p) => {
            for i in 0..sheet.lanes.len() {
                if sheet.lanes[i].finished() {
                    continue;
                }
                let mut s = sheet.clone();
                s.lanes[i].enter(p);
                s.parked = None;
                let q = if s.done() {
                    turn_end(t, &s)
                } else {
                    best_of(&placements_ahead(t, &s, v))
                };
                out.push((q, Action::ApplyParked(i)));
            }
        }
    }
    out
}

/// After entering a throw with a value parked, one turn ahead: keep it or
/// apply it, weighing the `k` best choices one turn short.
fn entered_ahead(t: &LaneTable, sheet: &Sheet, k: usize) -> f64 {
    let Some(p) = sheet.parked else {
        return turn_end(t, sheet);
    };
    let mut first: Vec<(f64, Option<usize>)> = vec![(parked_value(t, sheet) + KEEP_OPEN, None)];
    for (i, l) in sheet.lanes.iter().enumerate() {
        if !l.finished() {
            first.push((entered(t, l, p) - t.lane_value(l), Some(i)));
        }
    }
    first.sort_by(|a, b| b.0.total_cmp(&a.0));
    first
        .iter()
        .take(k)
        .map(|&(_, a)| match a {
            None => turn_end(t, sheet),
            Some(i) => {
                let mut s = sheet.clone();
                s.lanes[i].enter(p);
                s.parked = None;
                turn_end(t, &s)
            }
        })
        .fold(f64::MIN, max)
}

/// One choice for a throw of value `v`, one turn ahead.
fn action_ahead(t: &LaneTable, sheet: &Sheet, v: i64, action: &Action, k: usize) -> f64 {
    let mut s = sheet.clone();
    match *action {
        Action::Enter(i) => {
            s.lanes[i].enter(v);
            entered_ahead(t, &s, k)
        }
        Action::Park => {
            s.parked = Some(v);
            turn_end(t, &s)
        }
        Action::ApplyParked(i) => {
            if let Some(p) = s.parked.take() {
                s.lanes[i].enter(p);
            }
            if s.done() {
                turn_end(t, &s)
            } else {
                worth_ahead(t, &s, v, k)
            }
        }
        _ => f64::MIN,
    }
}

/// What a throw of value `v` is worth one turn ahead (the sheet's value at
/// the end of the turn), weighing only the `k` best choices one turn short.
fn worth_ahead(t: &LaneTable, sheet: &Sheet, v: i64, k: usize) -> f64 {
    let mut first = placement(t, sheet, v);
    first.sort_by(|a, b| b.0.total_cmp(&a.0));
    first
        .iter()
        .take(k)
        .map(|(_, a)| action_ahead(t, sheet, v, a, k))
        .fold(f64::MIN, max)
}

/// Every choice of the decision at hand with its value: the expected
/// change of the sheet's final points against the lanes as they stand.
fn options(view: &View, seat: Seat) -> Vec<(f64, Action)> {
    let sheet = &view.sheets[seat];
    let t = LaneTable::get(usize::from(view.green_dice));
    let base = lanes_value(t, sheet);
    let mut options: Vec<(f64, Action)> = Vec::new();
    match &view.stage {
        Stage::Start => {
            // The parked value can still be applied after the throw, so
            // throw first; choose the dice by the expectation of each
            // value one turn ahead.
            let mut pays = vec![0.0; t.max_value + 1];
            for (v, slot) in pays.iter_mut().enumerate() {
                if t.reachable[v] {
                    *slot = worth_ahead(t, sheet, v as i64, CANDIDATES) - base;
                }
            }
            let evs = throw_values(&t.throws, t.green_dice, &pays);
            let mut i = 0;
            for g in 0..=view.green_dice {
                for white in [false, true] {
                    if g > 0 || white {
                        options.push((evs[i], Action::Throw { green: g, white }));
                        i += 1;
                    }
                }
            }
        }
        Stage::Entered => {
            if let Some(p) = sheet.parked {
                for (i, l) in sheet.lanes.iter().enumerate() {
                    if !l.finished() {
                        let mut s = sheet.clone();
                        s.lanes[i].enter(p);
                        s.parked = None;
                        options.push((turn_end(t, &s) - base, Action::ApplyParked(i)));
                    }
                }
                options.push((turn_end(t, sheet) - base, Action::EndTurn));
            } else {
                options.push((0.0, Action::EndTurn));
            }
        }
        Stage::Thrown(th) => {
            let v = th.value();
            options = placements_ahead(t, sheet, v)
                .into_iter()
                .map(|(q, a)| (q - base, a))
                .collect();
            if !th.rerolled {
                // Each new value as it would be placed one turn ahead.
                let mut memo = HashMap::new();
                let pay = std::cell::RefCell::new(|v: i64| {
                    *memo
                        .entry(v)
                        .or_insert_with(|| worth_ahead(t, sheet, v, CANDIDATES) - base)
                });
                for (die, avg) in rerolls(&th.green, th.white, &|v| (pay.borrow_mut())(v)) {
                    options.push((avg, Action::Reroll(die)));
                }
            }
        }
        Stage::Over => {}
    }
    options
}

/// The expected final points of `seat`'s sheet, each lane at its own value
/// (`LaneTable`): what a choice's value is added to.
fn sheet_value(view: &View, seat: Seat) -> f64 {
    let t = LaneTable::get(usize::from(view.green_dice));
    view.sheets[seat]
        .lanes
        .iter()
        .map(|l| t.lane_value(l))
        .sum()
}

/// The coach: every choice with the expected final points of the sheet,
/// best first (the strong player's order: ties keep the first).
pub fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
    if view.current != seat || view.sheets.get(seat).is_none() {
        return None;
    }
    let options = options(view, seat);
    if options.len() < 2 {
        return None;
    }
    let base = sheet_value(view, seat) + calibration(view, seat);
    Some(Evaluation {
        ranked: best_first(options, 1e-9)
            .into_iter()
            .map(|(v, action)| Weighed {
                action,
                value: base + v,
                risk: None,
                handed: None,
            })
            .collect(),
        estimate: true,
    })
}

/// What playing the lanes together (a value goes where it fits best,
/// parking) adds to the lanes' own values: measured, see
/// `examples/coach_fit.rs`.
fn calibration(view: &View, seat: Seat) -> f64 {
    calibration_features(view, seat)
        .iter()
        .zip(CALIBRATION)
        .map(|(f, c)| f * c)
        .sum()
}

/// The fitted coefficients of `calibration_features`: 4,000 solo positions
/// of seed 102 (`coach_fit mindgolf 4000`, which fits what is left over the
/// coefficients in place, added to them here): the gap of -4.27 points left
/// by the coefficients of the player before lanes could decline a throw
/// (its lanes valued alone, lower) fitted to -0.01, sd 3.9.
const CALIBRATION: [f64; 5] = [-0.1566, 0.125, -3.6436, -0.6286, 0.7726];

/// What the lanes' flexibility depends on: the open lanes, the fields
/// still to fill, the open lanes squared (each extra lane adds choice to
/// every throw), a parked value, and open lanes times fields. All zero
/// once the sheet is done.
pub fn calibration_features(view: &View, seat: Seat) -> [f64; 5] {
    let sheet = &view.sheets[seat];
    let open = sheet.lanes.iter().filter(|l| !l.finished()).count() as f64;
    let fields: usize = sheet
        .lanes
        .iter()
        .filter(|l| !l.finished())
        .map(|l| FIELDS - l.fields.len())
        .sum();
    [
        open,
        fields as f64,
        open * open / 8.0,
        f64::from(u8::from(sheet.parked.is_some())),
        open * fields as f64 / 8.0,
    ]
}

/// The strong and casual players' choice.
pub fn decide(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
    let mut options = options(view, seat);
    if options.is_empty() {
        return Action::EndTurn;
    }
    match level {
        Level::Strong | Level::Expert => {
            let mut best = 0;
            for (i, o) in options.iter().enumerate() {
                if o.0 > options[best].0 + 1e-9 {
                    best = i;
                }
            }
            options.swap_remove(best).1
        }
        Level::Casual => {
            // Plausible: mostly good choices, sometimes a worse one.
            let top = best_of(&options);
            let weights: Vec<f64> = options
                .iter()
                .map(|o| ((o.0 - top) / CASUAL_TEMPERATURE).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = rng.below(1 << 30) as f64 / f64::from(1u32 << 30) * total;
            for (i, w) in weights.iter().enumerate() {
                if x < *w {
                    return options.swap_remove(i).1;
                }
                x -= w;
            }
            options.pop().map(|o| o.1).unwrap_or(Action::EndTurn)
        }
    }
}

/// Points of expectation that make a casual player's choice 1/e as likely.
const CASUAL_TEMPERATURE: f64 = 0.7;

/// The greedy baseline: throw the dice whose average value is nearest the
/// closest lane's distance, never re-roll or park, and enter where the
/// lane comes closest to its target.
pub fn greedy(view: &View, seat: Seat) -> Action {
    let sheet = &view.sheets[seat];
    match &view.stage {
        Stage::Start => {
            let want = sheet
                .lanes
                .iter()
                .filter(|l| !l.finished())
                .map(Lane::distance)
                .min()
                .unwrap_or(1) as f64;
            let mut best = (
                f64::MAX,
                Action::Throw {
                    green: 1,
                    white: false,
                },
            );
            for g in 0..=view.green_dice {
                for white in [false, true] {
                    if g == 0 && !white {
                        continue;
                    }
                    let mean = if g == 0 { 1.0 } else { 3.5 * f64::from(g) }
                        * if white { 3.5 } else { 1.0 };
                    let d = (mean - want).abs();
                    if d < best.0 {
                        best = (d, Action::Throw { green: g, white });
                    }
                }
            }
            best.1
        }
        Stage::Thrown(th) => {
            let v = th.value();
            let mut best: Option<(i64, usize)> = None;
            for (i, l) in sheet.lanes.iter().enumerate() {
                if sheet.may_enter(i, v) {
                    let d = (l.target - l.next_field(v)).abs();
                    if best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, i));
                    }
                }
            }
            match best {
                Some((_, i)) => Action::Enter(i),
                None => match sheet.parked {
                    // Only the parked value may finish the last lane.
                    Some(_) => Action::ApplyParked(
                        sheet.lanes.iter().position(|l| !l.finished()).unwrap_or(0),
                    ),
                    None => Action::Park,
                },
            }
        }
        Stage::Entered | Stage::Over => Action::EndTurn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 42: the table a browser builds a row per task is the one built
    /// in one piece, to the last bit, and `get` finishes one half built.
    #[test]
    fn the_lane_table_built_a_row_at_a_time_is_the_one_built_at_once() {
        for green in [1, 2] {
            let at_once = Partial::start(green).finish(green);
            let mut steps = 1;
            while !LaneTable::warm_step(green) {
                steps += 1;
            }
            assert!(steps <= WARM_PARTS * FIELDS);
            let stepped = LaneTable::get(green);
            assert_eq!(stepped.value, at_once.value);
            assert_eq!(stepped.reachable, at_once.reachable);
            assert!(LaneTable::warm_step(green), "built once");
        }
        let mut half = Partial::start(4);
        half.row(4);
        half.part(4, 100);
        partials().insert(4, half);
        assert_eq!(LaneTable::get(4).value, Partial::start(4).finish(4).value);
    }
    use crate::contract::Game;

    /// `worths` (fast, for every value at once) is `placement`'s best, on
    /// every sheet of a few strong games, parked values included.
    #[test]
    fn worths_are_placements_best() {
        let mut rng = Rng::new(3);
        for seed in 0..6 {
            let mut g = MindGolf::new(1, &Options::default(), seed).expect("game");
            while let Some(&s) = g.to_act().first() {
                let view = g.view(Some(s));
                let sheet = &view.sheets[s];
                let t = LaneTable::get(3);
                if !sheet.done() {
                    let fast = worths(t, sheet);
                    for v in (0..=t.max_value).filter(|&v| t.reachable[v]) {
                        let slow = best_of(&placement(t, sheet, v as i64));
                        assert!(
                            (slow - fast[v]).abs() < 1e-9,
                            "{v}: {slow} {} {sheet:?}",
                            fast[v]
                        );
                    }
                }
                let a = decide(&view, s, Level::Strong, &mut rng);
                g.apply(s, &a).expect("legal");
            }
        }
    }
}
