//! The computer players.

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
/// more on average (R-MG-4).
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
                .fold(p(value_of(&g, w)), f64::max);
            total += pg * pw * best;
        }
    }
    total
}

/// The exact value of a lane at distance x with k fields left, playing
/// that lane alone optimally (choice of dice and re-roll by expectation):
/// `value[k][x]`, by dynamic programming over k.
pub struct LaneTable {
    value: Vec<Vec<f64>>,
}

impl LaneTable {
    fn build(green_dice: usize) -> LaneTable {
        let mut value = vec![vec![0.0; MAX_DIST + 1]; FIELDS + 1];
        for k in 1..=FIELDS {
            let prev = value[k - 1].clone();
            // What ending at distance y with k-1 fields left is worth.
            let after = |y: i64| -> f64 {
                if y == 0 {
                    2.0 * (k - 1) as f64
                } else if k == 1 {
                    -2.0
                } else {
                    prev[(y as usize).min(MAX_DIST)]
                }
            };
            for (x, slot) in value[k].iter_mut().enumerate().skip(1) {
                let pay = |v: i64| after((x as i64 - v).abs());
                let mut best = f64::MIN;
                for g in 0..=green_dice {
                    for white in [false, true] {
                        if g > 0 || white {
                            best = best.max(throw_value(g, white, &pay));
                        }
                    }
                }
                *slot = best;
            }
        }
        LaneTable { value }
    }

    /// The table for a set with this many green dice, built once.
    pub fn get(green_dice: usize) -> &'static LaneTable {
        static TABLES: OnceLock<Mutex<HashMap<usize, &'static LaneTable>>> = OnceLock::new();
        let tables = TABLES.get_or_init(Default::default);
        let mut t = tables.lock().unwrap_or_else(|e| e.into_inner());
        t.entry(green_dice)
            .or_insert_with(|| Box::leak(Box::new(LaneTable::build(green_dice))))
    }

    /// The expected final score of a lane in this state.
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
                .fold(f64::MIN, f64::max);
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
                .fold(best, f64::max);
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
                    .fold(f64::MIN, f64::max);
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
                        .fold(f64::MIN, f64::max)
                };
                out.push((gp[i] + then, Action::ApplyParked(i)));
            }
        }
    }
    out
}

fn best_of(options: &[(f64, Action)]) -> f64 {
    options.iter().map(|o| o.0).fold(f64::MIN, f64::max)
}

/// Every choice of the decision at hand with its value: the expected
/// change of the sheet's final points against the lanes as they stand.
fn options(view: &View, seat: Seat) -> Vec<(f64, Action)> {
    let sheet = &view.sheets[seat];
    let t = LaneTable::get(usize::from(view.green_dice));
    let worth = |v: i64| best_of(&placement(t, sheet, v));
    let mut options: Vec<(f64, Action)> = Vec::new();
    match &view.stage {
        Stage::Start => {
            // The parked value can still be applied after the throw, so
            // throw first; choose the dice by the exact expectation.
            let pays: Vec<f64> = (0..=MAX_VALUE).map(worth).collect();
            for g in 0..=view.green_dice {
                for white in [false, true] {
                    if g > 0 || white {
                        let ev = throw_value(usize::from(g), white, &|v| pays[v as usize]);
                        options.push((ev, Action::Throw { green: g, white }));
                    }
                }
            }
        }
        Stage::Entered => {
            // Keep the parked value for a better moment unless a lane
            // wants it now more than it is worth later.
            if let Some(p) = sheet.parked {
                for (i, l) in sheet.lanes.iter().enumerate() {
                    if !l.finished() {
                        options.push((entered(t, l, p) - t.lane_value(l), Action::ApplyParked(i)));
                    }
                }
                let later = best_of(&options);
                options.push((later + KEEP_OPEN, Action::EndTurn));
            } else {
                options.push((0.0, Action::EndTurn));
            }
        }
        Stage::Thrown(th) => {
            options = placement(t, sheet, th.value());
            if !th.rerolled {
                for (die, avg) in rerolls(&th.green, th.white, &worth) {
                    options.push((avg, Action::Reroll(die)));
                }
            }
        }
        Stage::Over => {}
    }
    options
}

/// The expected final points of `seat`'s sheet, playing each lane alone
/// as well as it can be played: what a choice's value is added to.
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
/// parking) adds to the lanes' values taken alone: measured, see
/// `examples/coach_fit.rs`.
fn calibration(view: &View, seat: Seat) -> f64 {
    calibration_features(view, seat)
        .iter()
        .zip(CALIBRATION)
        .map(|(f, c)| f * c)
        .sum()
}

/// The fitted coefficients of `calibration_features` (12,000 solo positions
/// of seed 102: the raw gap of +11.2 points fitted to -0.02, sd 4.5).
const CALIBRATION: [f64; 5] = [0.1656, 0.2482, -2.556, -1.341, 0.6071];

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
        Level::Strong => {
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
