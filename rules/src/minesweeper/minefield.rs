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

use crate::rng::Rng;
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

/// C(u, j) / C(u, j*) for j in `lo..=hi`, where j* is the most likely
/// count in that range (the one nearest u / 2): ratios of neighbouring
/// binomials, so no logarithms and no overflow.
fn binomial_ratios(u: usize, lo: usize, hi: usize) -> Vec<f64> {
    let peak = (u / 2).clamp(lo, hi);
    let mut w = vec![0.0; hi - lo + 1];
    w[peak - lo] = 1.0;
    for j in peak + 1..=hi {
        w[j - lo] = w[j - 1 - lo] * (u - j + 1) as f64 / j as f64;
    }
    for j in (lo..peak).rev() {
        w[j - lo] = w[j + 1 - lo] * (j + 1) as f64 / (u - j) as f64;
    }
    w
}

/// Byte strings of one length, numbered in the order first seen (open
/// addressing over a flat key list): the DP's configurations and the
/// boxes' constraint sets. Smaller in the download than a hash map.
struct Interner {
    slots: Vec<u32>,
    count: u32,
}

impl Interner {
    fn new() -> Interner {
        Interner {
            slots: vec![0; 16],
            count: 0,
        }
    }

    fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.count = 0;
    }

    fn hash(key: &[u8]) -> usize {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in key {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        (h ^ h >> 29) as usize
    }

    fn place(slots: &mut [u32], key: &[u8], value: u32) {
        let mask = slots.len() - 1;
        let mut i = Self::hash(key) & mask;
        while slots[i] != 0 {
            i = (i + 1) & mask;
        }
        slots[i] = value;
    }

    /// The number of `key` among `keys` (flat, `key.len()` each), appended
    /// if new.
    fn intern(&mut self, keys: &mut Vec<u8>, key: &[u8]) -> u32 {
        let w = key.len();
        if (self.count as usize + 1) * 2 > self.slots.len() {
            let mut slots = vec![0; self.slots.len() * 2];
            for k in 0..self.count as usize {
                Self::place(&mut slots, &keys[k * w..(k + 1) * w], k as u32 + 1);
            }
            self.slots = slots;
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(key) & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = self.count + 1;
                    keys.extend_from_slice(key);
                    self.count += 1;
                    return self.count - 1;
                }
                s => {
                    let k = (s - 1) as usize;
                    if &keys[k * w..(k + 1) * w] == key {
                        return k as u32;
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }
}

/// C(n, k) for a box (n at most 8).
fn choose_small(n: usize, k: usize) -> f64 {
    const T: [[f64; 9]; 9] = {
        let mut t = [[0.0; 9]; 9];
        let mut n = 0;
        while n < 9 {
            t[n][0] = 1.0;
            let mut k = 1;
            while k <= n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0.0 };
                k += 1;
            }
            n += 1;
        }
        t
    };
    T[n][k]
}

/// Bit sets over mine totals, `words` u64 per set, stored flat.
fn bits_words(len: usize) -> usize {
    len.div_ceil(64)
}

/// `out |= src << by`, keeping only bits below `len`.
fn bits_or_shl(out: &mut [u64], src: &[u64], by: usize, len: usize) {
    let (ws, bs) = (by / 64, by % 64);
    for (i, &w) in src.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let lo = i + ws;
        if lo < out.len() {
            out[lo] |= w << bs;
        }
        if bs != 0 && lo + 1 < out.len() {
            out[lo + 1] |= w >> (64 - bs);
        }
    }
    let extra = out.len() * 64 - len;
    if extra > 0 {
        if let Some(last) = out.last_mut() {
            *last &= u64::MAX >> extra;
        }
    }
}

/// `out |= src >> by`.
fn bits_or_shr(out: &mut [u64], src: &[u64], by: usize) {
    let (ws, bs) = (by / 64, by % 64);
    for (i, o) in out.iter_mut().enumerate() {
        let j = i + ws;
        if j >= src.len() {
            break;
        }
        let mut w = src[j] >> bs;
        if bs != 0 && j + 1 < src.len() {
            w |= src[j + 1] << (64 - bs);
        }
        *o |= w;
    }
}

fn bit(set: &[u64], i: usize) -> bool {
    set.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// Whether `a` and `b >> by` share a bit.
fn bits_meet_shr(a: &[u64], b: &[u64], by: usize) -> bool {
    let (ws, bs) = (by / 64, by % 64);
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let j = i + ws;
        if j >= b.len() {
            break;
        }
        let mut w = b[j] >> bs;
        if bs != 0 && j + 1 < b.len() {
            w |= b[j + 1] << (64 - bs);
        }
        if x & w != 0 {
            return true;
        }
    }
    false
}

/// Where a slot of the next configuration takes its value from.
#[derive(Clone, Copy)]
enum Slot {
    Prev(usize),
    New(usize),
}

/// One number of a component, in processing order.
struct Step {
    need: usize,
    /// Slots, in the previous configuration, of its boxes already live.
    old: Vec<usize>,
    /// Local boxes first assigned here.
    new: Vec<usize>,
    /// Per rest (mines still needed after the live boxes): every split of
    /// it over the new boxes (flat, `new.len()` values each) and its factor.
    splits: Vec<(Vec<u8>, Vec<f64>)>,
    /// The next configuration, slot by slot.
    next: Vec<Slot>,
}

/// The configurations after a step: keys (live boxes' mines, `width` each),
/// weights and possible totals over the component's mines so far.
struct Layer {
    width: usize,
    /// The weight vectors cover totals lo..lo + len.
    lo: usize,
    len: usize,
    count: usize,
    keys: Vec<u8>,
    weights: Vec<f64>,
    feasible: Vec<u64>,
}

impl Layer {
    fn words(&self) -> usize {
        bits_words(self.len)
    }
    fn count(&self) -> usize {
        self.count
    }
    fn w(&self, c: usize) -> &[f64] {
        &self.weights[c * self.len..(c + 1) * self.len]
    }
    fn f(&self, c: usize) -> &[u64] {
        let w = self.words();
        &self.feasible[c * w..(c + 1) * w]
    }
}

/// A recorded transition of a step.
#[derive(Clone, Copy)]
struct Transition {
    prev: u32,
    next: u32,
    rest: u16,
    split: u16,
}

/// A component, solved forward.
struct Solved {
    /// Global box ids; local index = position here.
    boxes: Vec<usize>,
    sizes: Vec<usize>,
    steps: Vec<Step>,
    /// `layers[0]` is the start; `layers[k + 1]` follows step k.
    layers: Vec<Layer>,
    transitions: Vec<Vec<Transition>>,
    /// The forward pass's counted work.
    work: u64,
    /// Set when the component was over budget: per box, estimated mines
    /// and the counts it can hold (a sound superset, from bounds
    /// propagation); `layers` then holds one layer over the possible totals
    /// (a superset too) with estimated weights.
    approx: Option<(Vec<f64>, Vec<u16>)>,
}

impl Solved {
    /// Weights of the component by its number of mines (scaled to a
    /// largest of 1), from 0 mines on.
    fn ways(&self) -> Vec<f64> {
        let last = self.layers.last().expect("a start layer");
        let mut out = vec![0.0; last.lo];
        out.extend_from_slice(last.w(0));
        normalize(&mut out);
        out
    }
    /// Which numbers of mines the component can hold, from 0 on.
    fn possible(&self) -> Vec<bool> {
        let last = self.layers.last().expect("a start layer");
        let mut out = vec![false; last.lo];
        out.extend((0..last.len).map(|i| bit(last.f(0), i)));
        out
    }
}

/// Divides by the largest entry, so weights neither overflow nor vanish;
/// every ratio the engine uses is taken within one scaled vector.
fn rescale(xs: &mut [f64]) {
    let top = xs.iter().fold(0.0f64, |a, &b| if b > a { b } else { a });
    if top.is_finite() && (top > 1e100 || top > 0.0 && top < 1e-100) {
        xs.iter_mut().for_each(|x| *x /= top);
    }
}

/// Divides by the largest entry.
fn normalize(xs: &mut [f64]) {
    let top = xs.iter().fold(0.0f64, |a, &b| if b > a { b } else { a });
    if top > 0.0 && top.is_finite() {
        xs.iter_mut().for_each(|x| *x /= top);
    }
}

/// The public structure of a position.
struct Frame {
    /// Mines not yet visible.
    hidden: usize,
    /// Interior cells (covered, next to no number).
    interior: Vec<usize>,
    /// Cells per box.
    boxes: Vec<Vec<usize>>,
    /// Per cell: its box, if it is on the frontier.
    box_of: Vec<u32>,
    components: Vec<Solved>,
    /// The components' counted work.
    work: u64,
}

const NO_BOX: u32 = u32::MAX;

/// Reads the constraints and solves each component forward; None if the
/// position is inconsistent on its own numbers.
fn frame(pos: &Position) -> Option<Frame> {
    let n = pos.width * pos.height;
    if pos.cells.len() != n {
        return None;
    }
    let visible = pos.cells.iter().filter(|c| **c == Cell::Mine).count();
    let hidden = pos.mines.checked_sub(visible)?;
    // Constraints: (number cell, covered neighbours, mines still needed).
    let mut cons_cell: Vec<usize> = Vec::new();
    let mut cons_need: Vec<usize> = Vec::new();
    let mut cons_cov: Vec<Vec<usize>> = Vec::new();
    // Per covered cell, the constraints touching it, packed 10 bits each.
    let mut touched: Vec<u128> = vec![0; n];
    let mut touched_n: Vec<u8> = vec![0; n];
    for i in 0..n {
        let Cell::Number(k) = pos.cells[i] else {
            continue;
        };
        let mut covered = Vec::with_capacity(8);
        let mut seen = 0usize;
        for j in pos.neighbours(i) {
            match pos.cells[j] {
                Cell::Covered => covered.push(j),
                Cell::Mine => seen += 1,
                Cell::Number(_) | Cell::Clear => {}
            }
        }
        let need = usize::from(k).checked_sub(seen)?;
        if need > covered.len() {
            return None;
        }
        if covered.is_empty() {
            continue;
        }
        let c = cons_need.len() as u128;
        for &j in &covered {
            touched[j] = touched[j] << 10 | (c + 1);
            touched_n[j] += 1;
        }
        cons_cell.push(i);
        cons_need.push(need);
        cons_cov.push(covered);
    }
    // Boxes by identical constraint sets.
    let mut boxes: Vec<Vec<usize>> = Vec::new();
    let mut box_key = Interner::new();
    let mut box_keys: Vec<u8> = Vec::new();
    let mut box_of = vec![NO_BOX; n];
    let mut interior = Vec::new();
    for i in 0..n {
        if pos.cells[i] != Cell::Covered {
            continue;
        }
        if touched_n[i] == 0 {
            interior.push(i);
            continue;
        }
        let b = box_key.intern(&mut box_keys, &touched[i].to_le_bytes());
        if b as usize == boxes.len() {
            boxes.push(Vec::new());
        }
        boxes[b as usize].push(i);
        box_of[i] = b;
    }
    // Constraints over boxes.
    let cons: Vec<Vec<usize>> = cons_cov
        .iter()
        .map(|cells| {
            let mut uniq: Vec<usize> = Vec::with_capacity(cells.len());
            for &j in cells {
                let b = box_of[j] as usize;
                if !uniq.contains(&b) {
                    uniq.push(b);
                }
            }
            uniq
        })
        .collect();
    // Components: boxes linked by constraints (union-find).
    let mut parent: Vec<usize> = (0..boxes.len()).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        let mut y = x;
        while p[y] != r {
            let next = p[y];
            p[y] = r;
            y = next;
        }
        r
    }
    for bs in &cons {
        for w in bs.windows(2) {
            let (a, b) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
            if a != b {
                parent[a] = b;
            }
        }
    }
    let mut group_of = vec![usize::MAX; boxes.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for b in 0..boxes.len() {
        let r = find(&mut parent, b);
        if group_of[r] == usize::MAX {
            group_of[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of[r]].push(b);
    }
    let mut group_cons: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    for (c, bs) in cons.iter().enumerate() {
        group_cons[group_of[find(&mut parent, bs[0])]].push(c);
    }
    let mut components = Vec::with_capacity(groups.len());
    let mut work = 0u64;
    for (g, group) in groups.iter().enumerate() {
        let order = sweep_order(pos, &group_cons[g], &cons_cell);
        let local: Vec<(Vec<usize>, usize)> = order
            .iter()
            .map(|&c| {
                let bs = cons[c]
                    .iter()
                    .map(|b| group.binary_search(b).expect("a box of its group"))
                    .collect();
                (bs, cons_need[c])
            })
            .collect();
        let sizes: Vec<usize> = group.iter().map(|&b| boxes[b].len()).collect();
        let budget = COMPONENT_BUDGET.min(FRAME_BUDGET - work);
        let solved = match solve(group.clone(), sizes.clone(), &local, hidden, budget) {
            Ok(solved) => solved,
            Err(Fail::Inconsistent) => return None,
            Err(Fail::OverBudget) => estimate(group.clone(), sizes, &local, hidden, budget).ok()?,
        };
        work += solved.work;
        components.push(solved);
    }
    Some(Frame {
        hidden,
        interior,
        boxes,
        box_of,
        components,
        work,
    })
}

/// The order in which a component's numbers are taken: a sweep along the
/// longer side of the component, so that few boxes are pending at a time.
fn sweep_order(pos: &Position, cons: &[usize], cell: &[usize]) -> Vec<usize> {
    let w = pos.width;
    let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
    for &c in cons {
        let (x, y) = (cell[c] % w, cell[c] / w);
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    // Constraints are numbered in row order already; a column sweep takes
    // them column by column (no sort: its code would cost download size).
    if x1 - x0 < y1 - y0 {
        return cons.to_vec();
    }
    let mut order = Vec::with_capacity(cons.len());
    for x in x0..=x1 {
        order.extend(cons.iter().copied().filter(|&c| cell[c] % w == x));
    }
    order
}

/// Every way to put `need` mines in boxes of `sizes`, flat.
fn splits(sizes: &[usize], need: usize) -> (Vec<u8>, Vec<f64>) {
    fn rec(sizes: &[usize], need: usize, cur: &mut Vec<u8>, f: f64, out: &mut (Vec<u8>, Vec<f64>)) {
        if cur.len() == sizes.len() {
            if need == 0 {
                out.0.extend_from_slice(cur);
                out.1.push(f);
            }
            return;
        }
        let rest: usize = sizes[cur.len() + 1..].iter().sum();
        let s = sizes[cur.len()];
        for k in need.saturating_sub(rest)..=s.min(need) {
            cur.push(k as u8);
            rec(sizes, need - k, cur, f * choose_small(s, k), out);
            cur.pop();
        }
    }
    let mut out = (Vec::new(), Vec::new());
    rec(sizes, need, &mut Vec::new(), 1.0, &mut out);
    out
}

/// Why a component has no exact solution.
#[derive(Debug, PartialEq)]
enum Fail {
    /// No arrangement of the component satisfies its numbers.
    Inconsistent,
    /// The forward pass would take more than its budget.
    OverBudget,
}

/// The forward pass over a component's numbers (`cons`: local boxes and
/// mines needed, in processing order). Totals above `hidden` are dropped:
/// no arrangement can use more mines than are hidden. Gives up once its
/// counted work passes `budget`.
fn solve(
    boxes: Vec<usize>,
    sizes: Vec<usize>,
    cons: &[(Vec<usize>, usize)],
    hidden: usize,
    budget: u64,
) -> Result<Solved, Fail> {
    let nb = boxes.len();
    let last_use: Vec<usize> = (0..nb)
        .map(|b| {
            cons.iter()
                .rposition(|(bs, _)| bs.contains(&b))
                .unwrap_or(0)
        })
        .collect();
    let mut live: Vec<usize> = Vec::new();
    let mut steps = Vec::with_capacity(cons.len());
    for (k, (bs, need)) in cons.iter().enumerate() {
        let old: Vec<usize> = bs
            .iter()
            .filter_map(|b| live.iter().position(|l| l == b))
            .collect();
        let new: Vec<usize> = bs.iter().copied().filter(|b| !live.contains(b)).collect();
        let new_sizes: Vec<usize> = new.iter().map(|&b| sizes[b]).collect();
        let most: usize = new_sizes.iter().sum();
        let splits = (0..=most.min(*need))
            .map(|r| splits(&new_sizes, r))
            .collect();
        let mut next_live = Vec::new();
        let mut next = Vec::new();
        for (j, &b) in live.iter().enumerate() {
            if last_use[b] > k {
                next_live.push(b);
                next.push(Slot::Prev(j));
            }
        }
        for (i, &b) in new.iter().enumerate() {
            if last_use[b] > k {
                next_live.push(b);
                next.push(Slot::New(i));
            }
        }
        live = next_live;
        steps.push(Step {
            need: *need,
            old,
            new,
            splits,
            next,
        });
    }
    let mut layers = vec![Layer {
        width: 0,
        lo: 0,
        len: 1,
        count: 1,
        keys: Vec::new(),
        weights: vec![1.0],
        feasible: vec![1],
    }];
    let mut transitions = Vec::with_capacity(steps.len());
    let mut work = 0u64;
    let mut index = Interner::new();
    let mut key: Vec<u8> = Vec::new();
    for step in &steps {
        let prev = layers.last().expect("a layer");
        let width = step.next.len();
        let nn = step.new.len();
        // First pass: the configurations reached and the transitions.
        let mut trs = Vec::new();
        let mut keys = Vec::new();
        index.clear();
        let mut count = 0u32;
        let (mut min_rest, mut max_rest) = (usize::MAX, 0);
        for p in 0..prev.count() {
            let pk = &prev.keys[p * prev.width..(p + 1) * prev.width];
            let already: usize = step.old.iter().map(|&j| usize::from(pk[j])).sum();
            let Some(rest) = step.need.checked_sub(already) else {
                continue;
            };
            let Some((flat, factors)) = step.splits.get(rest) else {
                continue;
            };
            if prev.lo + rest > hidden {
                continue;
            }
            min_rest = min_rest.min(rest);
            max_rest = max_rest.max(rest);
            // Every transition costs about the totals it carries, here and
            // in the backward pass.
            work += factors.len() as u64 * (prev.len as u64 + 8);
            if work > budget {
                return Err(Fail::OverBudget);
            }
            for s in 0..factors.len() {
                let split = &flat[s * nn..(s + 1) * nn];
                key.clear();
                key.extend(step.next.iter().map(|slot| match *slot {
                    Slot::Prev(j) => pk[j],
                    Slot::New(i) => split[i],
                }));
                let q = index.intern(&mut keys, &key);
                count = index.count;
                trs.push(Transition {
                    prev: p as u32,
                    next: q,
                    rest: rest as u16,
                    split: s as u16,
                });
            }
        }
        if count == 0 {
            return Err(Fail::Inconsistent);
        }
        // Second pass: weights and possible totals, over the totals this
        // layer can reach.
        let lo = prev.lo + min_rest;
        let hi = (prev.lo + prev.len - 1 + max_rest).min(hidden);
        let len = hi - lo + 1;
        let words = bits_words(len);
        let mut layer = Layer {
            width,
            lo,
            len,
            count: count as usize,
            keys,
            weights: vec![0.0; count as usize * len],
            feasible: vec![0; count as usize * words],
        };
        for t in &trs {
            let (p, q, rest) = (t.prev as usize, t.next as usize, usize::from(t.rest));
            let factor = step.splits[rest].1[usize::from(t.split)];
            let shift = prev.lo + rest - lo;
            let qw = &mut layer.weights[q * len..(q + 1) * len];
            for (i, &x) in prev.w(p).iter().enumerate() {
                if i + shift >= len {
                    break;
                }
                qw[i + shift] += factor * x;
            }
            bits_or_shl(
                &mut layer.feasible[q * words..(q + 1) * words],
                prev.f(p),
                shift,
                len,
            );
        }
        rescale(&mut layer.weights);
        layers.push(layer);
        transitions.push(trs);
    }
    let last = layers.last().expect("a layer");
    if !last.feasible.iter().any(|&w| w != 0) {
        return Err(Fail::Inconsistent);
    }
    Ok(Solved {
        boxes,
        sizes,
        steps,
        layers,
        transitions,
        work,
        approx: None,
    })
}

/// A component over budget, estimated: bounds on every box's mines
/// propagated through its numbers to a fixed point (sound: a box's count
/// outside its bounds is impossible), the possible totals taken as every
/// sum within the bounds, and the weights as a bell around the estimated
/// total. Err if the bounds contradict a number.
fn estimate(
    boxes: Vec<usize>,
    sizes: Vec<usize>,
    cons: &[(Vec<usize>, usize)],
    hidden: usize,
    work: u64,
) -> Result<Solved, Fail> {
    let nb = boxes.len();
    let mut lo = vec![0usize; nb];
    let mut hi = sizes.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for (bs, need) in cons {
            let sum_lo: usize = bs.iter().map(|&b| lo[b]).sum();
            let sum_hi: usize = bs.iter().map(|&b| hi[b]).sum();
            if *need < sum_lo || *need > sum_hi {
                return Err(Fail::Inconsistent);
            }
            for &b in bs {
                let l = (need + hi[b]).saturating_sub(sum_hi).max(lo[b]);
                let h = (need + lo[b] - sum_lo).min(hi[b]);
                if (l, h) != (lo[b], hi[b]) {
                    // Bounds only narrow, so this ends.
                    changed = true;
                    lo[b] = l;
                    hi[b] = h;
                }
            }
            if changed {
                // Sums are stale: start the sweep over.
                break;
            }
        }
    }
    // Per number: the share of its open room its open mines fill; a box's
    // estimate is the mean share of its numbers.
    let mut share_sum = vec![0.0; nb];
    let mut share_n = vec![0usize; nb];
    for (bs, need) in cons {
        let sum_lo: usize = bs.iter().map(|&b| lo[b]).sum();
        let room: usize = bs.iter().map(|&b| hi[b] - lo[b]).sum();
        if room > 0 {
            let d = (need - sum_lo) as f64 / room as f64;
            for &b in bs {
                share_sum[b] += d;
                share_n[b] += 1;
            }
        }
    }
    let mut expected = vec![0.0; nb];
    let mut values = vec![0u16; nb];
    let (mut mu, mut var) = (0.0, 0.5);
    for b in 0..nb {
        let d = if share_n[b] > 0 {
            share_sum[b] / share_n[b] as f64
        } else {
            0.0
        };
        let open = (hi[b] - lo[b]) as f64;
        expected[b] = lo[b] as f64 + d * open;
        mu += expected[b];
        var += open * d * (1.0 - d);
        for k in lo[b]..=hi[b] {
            values[b] |= 1 << k;
        }
    }
    let t_lo: usize = lo.iter().sum();
    let t_hi: usize = hi.iter().sum::<usize>().min(hidden);
    if t_lo > t_hi {
        return Err(Fail::Inconsistent);
    }
    let len = t_hi - t_lo + 1;
    // A bell from +, * and / only (exactly rounded everywhere, so natively
    // and in wasm alike): (1 + z/4)^-4, about e^-z near the middle.
    let mut weights: Vec<f64> = (t_lo..=t_hi)
        .map(|m| {
            let d = m as f64 - mu;
            let r = 1.0 / (1.0 + d * d / (8.0 * var));
            r * r * r * r
        })
        .collect();
    if weights.iter().all(|&x| x == 0.0) {
        weights.iter_mut().for_each(|x| *x = 1.0);
    }
    normalize(&mut weights);
    let mut feasible = vec![0u64; bits_words(len)];
    for i in 0..len {
        feasible[i / 64] |= 1 << (i % 64);
    }
    Ok(Solved {
        boxes,
        sizes,
        steps: Vec::new(),
        layers: vec![Layer {
            width: 0,
            lo: t_lo,
            len,
            count: 1,
            keys: Vec::new(),
            weights,
            feasible,
        }],
        transitions: Vec::new(),
        work,
        approx: Some((expected, values)),
    })
}

/// Per box of a solved component: the weighted mines (over the component's
/// step normaliser) and the mine counts it can hold in some consistent
/// arrangement (bit k: k mines). `rest_w[m]` / `rest_f[m]`: the weight of
/// the rest of the board, and whether it is possible, when this component
/// holds m mines.
fn backward(c: &Solved, rest_w: &[f64], rest_f: &[u64]) -> (Vec<f64>, Vec<u16>) {
    let nb = c.boxes.len();
    let mut expected = vec![0.0; nb];
    let mut values = vec![0u16; nb];
    let last = c.layers.last().expect("a layer");
    let mut bw: Vec<f64> = (0..last.len)
        .map(|i| rest_w.get(last.lo + i).copied().unwrap_or(0.0))
        .collect();
    let mut bf: Vec<u64> = vec![0; last.words()];
    for i in 0..last.len {
        if bit(rest_f, last.lo + i) {
            bf[i / 64] |= 1 << (i % 64);
        }
    }
    for k in (0..c.steps.len()).rev() {
        let step = &c.steps[k];
        let (prev, next) = (&c.layers[k], &c.layers[k + 1]);
        let (plen, nlen, pwords, nwords) = (prev.len, next.len, prev.words(), next.words());
        let mut pbw = vec![0.0; prev.count() * plen];
        let mut pbf = vec![0u64; prev.count() * pwords];
        let mut z = 0.0;
        let nn = step.new.len();
        let mut contrib = vec![0.0; nn];
        for t in &c.transitions[k] {
            let (p, q, rest) = (t.prev as usize, t.next as usize, usize::from(t.rest));
            let (flat, factors) = &step.splits[rest];
            let factor = factors[usize::from(t.split)];
            let split = &flat[usize::from(t.split) * nn..(usize::from(t.split) + 1) * nn];
            let shift = prev.lo + rest - next.lo;
            let qb = &bw[q * nlen..(q + 1) * nlen];
            let fw = prev.w(p);
            let out = &mut pbw[p * plen..(p + 1) * plen];
            let mut sum = 0.0;
            for i in 0..plen.min(nlen.saturating_sub(shift)) {
                let b = factor * qb[i + shift];
                out[i] += b;
                sum += fw[i] * b;
            }
            z += sum;
            let qf = &bf[q * nwords..(q + 1) * nwords];
            bits_or_shr(&mut pbf[p * pwords..(p + 1) * pwords], qf, shift);
            let possible = bits_meet_shr(prev.f(p), qf, shift);
            for i in 0..nn {
                let x = split[i];
                contrib[i] += f64::from(x) * sum;
                if possible {
                    values[step.new[i]] |= 1 << x;
                }
            }
        }
        for i in 0..nn {
            expected[step.new[i]] = if z > 0.0 { contrib[i] / z } else { 0.0 };
        }
        rescale(&mut pbw);
        bw = pbw;
        bf = pbf;
    }
    (expected, values)
}

fn add_conv(a: &[f64], b: &[f64], cap: usize) -> Vec<f64> {
    let mut out = vec![0.0; (a.len() + b.len() - 1).min(cap)];
    for (i, &x) in a.iter().enumerate() {
        if x != 0.0 {
            for (j, &y) in b.iter().enumerate() {
                if i + j >= cap {
                    break;
                }
                out[i + j] += x * y;
            }
        }
    }
    out
}

fn or_conv(a: &[bool], b: &[bool], cap: usize) -> Vec<bool> {
    let mut out = vec![false; (a.len() + b.len() - 1).min(cap)];
    for (i, &x) in a.iter().enumerate() {
        if x {
            for (j, &y) in b.iter().enumerate() {
                if i + j >= cap {
                    break;
                }
                out[i + j] |= y;
            }
        }
    }
    out
}

/// The analysis together with what the number check needs.
struct Full {
    analysis: Analysis,
    frame: Frame,
    /// Which frontier totals are possible with the interior taking the rest.
    totals: Vec<bool>,
    /// Per global box: the mine counts it can hold.
    values: Vec<u16>,
    /// Per component: the totals it may hold with the rest of the board
    /// possible.
    rest_f: Vec<Vec<u64>>,
}

/// Analyses a public position; None if no arrangement agrees with it.
pub fn analyze(pos: &Position) -> Option<Analysis> {
    analyze_full(pos).map(|f| f.analysis)
}

fn analyze_full(pos: &Position) -> Option<Full> {
    let fr = frame(pos)?;
    let n = pos.width * pos.height;
    let hidden = fr.hidden;
    let cap = hidden + 1;
    let u = fr.interior.len();
    let comps = &fr.components;
    let nc = comps.len();
    let admissible = |f: usize| f <= hidden && hidden - f <= u;
    // The interior's weight when the frontier holds f mines (j = hidden - f
    // in the interior), relative to the largest.
    let f_lo = hidden.saturating_sub(u);
    if f_lo >= cap {
        return None;
    }
    let ratios = binomial_ratios(u, 0, hidden - f_lo);
    let int_w: Vec<f64> = (0..cap)
        .map(|f| {
            if admissible(f) {
                ratios[hidden - f]
            } else {
                0.0
            }
        })
        .collect();
    let int_f: Vec<bool> = (0..cap).map(admissible).collect();
    // Per component: weights by mines (scaled to a maximum of 1) and which
    // totals are possible.
    let ways: Vec<Vec<f64>> = comps.iter().map(Solved::ways).collect();
    let feas: Vec<Vec<bool>> = comps.iter().map(Solved::possible).collect();
    // Prefixes (components before c combined) and, from the back, the
    // weight of "components from c on plus the interior" given t mines
    // elsewhere: r[c][t].
    let mut pw = vec![vec![1.0]];
    let mut pf = vec![vec![true]];
    for c in 0..nc {
        pw.push(add_conv(&pw[c], &ways[c], cap));
        pf.push(or_conv(&pf[c], &feas[c], cap));
    }
    let mut rw = vec![Vec::new(); nc + 1];
    let mut rf = vec![Vec::new(); nc + 1];
    rw[nc] = int_w.clone();
    rf[nc] = int_f.clone();
    for c in (0..nc).rev() {
        let mut w = vec![0.0; cap];
        let mut f = vec![false; cap];
        for t in 0..cap {
            for (m, (&x, &ok)) in ways[c].iter().zip(&feas[c]).enumerate() {
                if t + m >= cap {
                    break;
                }
                w[t] += x * rw[c + 1][t + m];
                f[t] |= ok && rf[c + 1][t + m];
            }
        }
        rw[c] = w;
        rf[c] = f;
    }
    if !rf[0][0] {
        return None;
    }
    let total = rw[0][0];
    let mut probability = vec![None; n];
    let mut safe = vec![false; n];
    let mut mine = vec![false; n];
    let totals: Vec<bool> = (0..cap)
        .map(|f| pf[nc].get(f).copied().unwrap_or(false) && admissible(f))
        .collect();
    if u > 0 {
        let mut expected = 0.0;
        for (f, &x) in pw[nc].iter().enumerate() {
            expected += x * int_w[f] * (hidden - f.min(hidden)) as f64 / u as f64;
        }
        let possible: Vec<usize> = (0..cap)
            .filter(|&f| totals[f])
            .map(|f| hidden - f)
            .collect();
        let all_zero = possible.iter().all(|&j| j == 0);
        let all_full = possible.iter().all(|&j| j == u);
        for &i in &fr.interior {
            probability[i] = Some(if total > 0.0 { expected / total } else { 0.0 });
            safe[i] = all_zero;
            mine[i] = all_full;
        }
    }
    let mut values = vec![0u16; fr.boxes.len()];
    let mut rest_fs = Vec::with_capacity(nc);
    for (c, comp) in comps.iter().enumerate() {
        // The rest of the board when this component holds m mines.
        let len = ways[c].len();
        let mut rest_w = vec![0.0; len];
        let mut rest_f = vec![0u64; bits_words(len)];
        for m in 0..len {
            for (h, (&x, &ok)) in pw[c].iter().zip(&pf[c]).enumerate() {
                if m + h >= cap {
                    break;
                }
                rest_w[m] += x * rw[c + 1][m + h];
                if ok && rf[c + 1][m + h] {
                    rest_f[m / 64] |= 1 << (m % 64);
                }
            }
        }
        let (expected, vals) = match &comp.approx {
            Some((expected, vals)) => (expected.clone(), vals.clone()),
            None => backward(comp, &rest_w, &rest_f),
        };
        rest_fs.push(rest_f);
        for (l, &b) in comp.boxes.iter().enumerate() {
            let s = comp.sizes[l];
            values[b] = vals[l];
            for &i in &fr.boxes[b] {
                probability[i] = Some(expected[l] / s as f64);
                safe[i] = vals[l] == 1;
                mine[i] = vals[l] == 1 << s;
            }
        }
    }
    let exact = comps.iter().all(|c| c.approx.is_none());
    let work = fr.work;
    let mut full = Full {
        analysis: Analysis {
            probability,
            safe,
            mine,
            number: vec![None; n],
            exact,
            work,
        },
        frame: fr,
        totals,
        values,
        rest_f: rest_fs,
    };
    let mut left = NUMBER_BUDGET;
    for i in 0..n {
        if full.analysis.safe[i] {
            match determined_number(pos, &full, i, &mut left) {
                Ok(k) => full.analysis.number[i] = k,
                Err(Fail::OverBudget) => full.analysis.exact = false,
                Err(Fail::Inconsistent) => unreachable!("numbers never fail so"),
            }
        }
    }
    full.analysis.work += NUMBER_BUDGET - left;
    Some(full)
}

/// The number a safe covered cell must show, if it is the same in every
/// consistent arrangement. Most cells are settled by exact shortcuts; the
/// rest by a feasibility pass over the components they touch.
fn determined_number(
    pos: &Position,
    full: &Full,
    x: usize,
    left: &mut u64,
) -> Result<Option<u8>, Fail> {
    let (a, fr) = (&full.analysis, &full.frame);
    let mut known = 0u8;
    let mut per_box: Vec<(usize, usize)> = Vec::new();
    let mut interior_nb = 0usize;
    for j in pos.neighbours(x) {
        match pos.cells[j] {
            Cell::Mine => known += 1,
            Cell::Number(_) | Cell::Clear => {}
            Cell::Covered if a.mine[j] => known += 1,
            Cell::Covered if a.safe[j] => {}
            Cell::Covered => match fr.box_of[j] {
                NO_BOX => interior_nb += 1,
                b => match per_box.iter_mut().find(|(bb, _)| *bb == b as usize) {
                    Some((_, k)) => *k += 1,
                    None => per_box.push((b as usize, 1)),
                },
            },
        }
    }
    if per_box.is_empty() && interior_nb == 0 {
        return Ok(Some(known));
    }
    let u = fr.interior.len();
    let x_interior = fr.box_of[x] == NO_BOX;
    let others = u - usize::from(x_interior);
    // Undetermined interior neighbours: the interior is uniform given the
    // frontier, so any total leaving room on both sides varies the count.
    if interior_nb > 0 {
        for (f, &ok) in full.totals.iter().enumerate() {
            if ok {
                let j = fr.hidden - f;
                let lo = j.saturating_sub(others - interior_nb);
                if j.min(interior_nb) > lo {
                    return Ok(None);
                }
            }
        }
    }
    // A box only partly next to x that can hold some but not all mines:
    // moving a mine inside it varies the count. A box wholly next to x
    // whose count never changes adds that count.
    let mut varying = Vec::with_capacity(per_box.len());
    for &(b, k) in &per_box {
        let s = fr.boxes[b].len();
        let values = full.values[b];
        let middle = ((1u16 << s) - 1) & !1;
        if k < s && values & middle != 0 {
            return Ok(None);
        }
        if k == s && values.count_ones() == 1 {
            known += values.trailing_zeros() as u8;
        } else {
            varying.push((b, k));
        }
    }
    match (varying.len(), interior_nb) {
        (0, 0) => Ok(Some(known)),
        // One box alone varies the count: each of its possible counts is
        // consistent with everything else next to x staying as it is.
        (1, 0) => Ok(None),
        _ => exact_number(full, known, &varying, interior_nb, others, left),
    }
}

/// The feasibility pass: per component, which counts among x's neighbours
/// go with which mine totals; combined over components and the interior.
fn exact_number(
    full: &Full,
    known: u8,
    per_box: &[(usize, usize)],
    interior_nb: usize,
    others: usize,
    left: &mut u64,
) -> Result<Option<u8>, Fail> {
    let fr = &full.frame;
    let cap = fr.hidden + 1;
    let touching: Vec<usize> = (0..fr.components.len())
        .filter(|&c| {
            fr.components[c]
                .boxes
                .iter()
                .any(|b| per_box.iter().any(|(bb, _)| bb == b))
        })
        .collect();
    // An estimated component next to x: its counts are not known exactly
    // (its boxes' bounds already settled what they could).
    if touching.iter().any(|&c| fr.components[c].approx.is_some()) {
        return Err(Fail::OverBudget);
    }
    // The passes below go over the touching components' transitions once
    // each, and over the totals once per component.
    let cost = touching.iter().map(|&c| fr.components[c].work).sum::<u64>()
        + (fr.components.len() * cap) as u64;
    if cost > *left {
        *left = 0;
        return Err(Fail::OverBudget);
    }
    *left -= cost;
    if let ([c], 0) = (touching.as_slice(), interior_nb) {
        // One component: its counts at every total the rest of the board
        // allows.
        let comp = &fr.components[*c];
        let touches = local_touches(comp, per_box);
        let mut result = 0u16;
        for (m, bits) in counts_by_total(comp, &touches).into_iter().enumerate() {
            if bit(&full.rest_f[*c], m) {
                result |= bits;
            }
        }
        return Ok((result.count_ones() == 1).then(|| known + result.trailing_zeros() as u8));
    }
    // dp[f]: bit k when the components so far can hold f mines with k of
    // them next to x.
    let mut dp: Vec<u16> = vec![1];
    for comp in &fr.components {
        let touches = local_touches(comp, per_box);
        let pairs: Vec<u16> = if touches.is_empty() {
            comp.possible().into_iter().map(u16::from).collect()
        } else {
            counts_by_total(comp, &touches)
        };
        let mut next = vec![0u16; (dp.len() + pairs.len() - 1).min(cap)];
        for (f, &bits) in dp.iter().enumerate() {
            if bits == 0 {
                continue;
            }
            for (m, &kb) in pairs.iter().enumerate() {
                if f + m >= cap {
                    break;
                }
                if kb != 0 {
                    next[f + m] |= widen_by(bits, kb);
                }
            }
        }
        dp = next;
    }
    let mut result = 0u16;
    for (f, &bits) in dp.iter().enumerate() {
        if bits == 0 || !full.totals.get(f).copied().unwrap_or(false) {
            continue;
        }
        let j = fr.hidden - f;
        let lo = j.saturating_sub(others - interior_nb.min(others));
        let hi = j.min(interior_nb);
        if lo > hi {
            continue;
        }
        for k in lo..=hi {
            result |= bits << k;
        }
    }
    Ok((result.count_ones() == 1).then(|| known + result.trailing_zeros() as u8))
}

/// The boxes of `per_box` (global box, neighbours of the cell in it) that
/// belong to a component, by local index.
fn local_touches(comp: &Solved, per_box: &[(usize, usize)]) -> Vec<(usize, usize)> {
    comp.boxes
        .iter()
        .enumerate()
        .filter_map(|(l, b)| per_box.iter().find(|(bb, _)| bb == b).map(|&(_, k)| (l, k)))
        .collect()
}

/// `{a + b : a in bits, b in by}` as bit sets.
fn widen_by(bits: u16, by: u16) -> u16 {
    let mut out = 0;
    for k in 0..9 {
        if by & (1 << k) != 0 {
            out |= bits << k;
        }
    }
    out
}

/// For a component and the boxes next to a cell (local box, how many of
/// its cells are neighbours): per total of mines, the possible counts
/// among those neighbours. Runs over the recorded transitions.
fn counts_by_total(c: &Solved, touches: &[(usize, usize)]) -> Vec<u16> {
    let mut cur: Vec<u16> = vec![1];
    for (k, step) in c.steps.iter().enumerate() {
        let (prev, next) = (&c.layers[k], &c.layers[k + 1]);
        let (plen, len) = (prev.len, next.len);
        let mut out = vec![0u16; next.count() * len];
        let nn = step.new.len();
        let touched: Vec<(usize, usize, usize)> = step
            .new
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                touches
                    .iter()
                    .find(|(l, _)| l == b)
                    .map(|&(_, a)| (i, a, c.sizes[*b]))
            })
            .collect();
        for t in &c.transitions[k] {
            let (p, q, rest) = (t.prev as usize, t.next as usize, usize::from(t.rest));
            let split =
                &step.splits[rest].0[usize::from(t.split) * nn..(usize::from(t.split) + 1) * nn];
            let mut by = 1u16;
            for &(i, a, s) in &touched {
                let x = usize::from(split[i]);
                let (lo, hi) = (x.saturating_sub(s - a), x.min(a));
                let mut range = 0u16;
                for kk in lo..=hi {
                    range |= 1 << kk;
                }
                by = widen_by(by, range);
            }
            let shift = prev.lo + rest - next.lo;
            let src = &cur[p * plen..(p + 1) * plen];
            let dst = &mut out[q * len..(q + 1) * len];
            for (i, &bits) in src.iter().enumerate() {
                if i + shift >= len {
                    break;
                }
                if bits != 0 {
                    dst[i + shift] |= if by == 1 { bits } else { widen_by(bits, by) };
                }
            }
        }
        cur = out;
    }
    let last = c.layers.last().expect("a layer");
    let mut all = vec![0u16; last.lo];
    all.extend_from_slice(&cur);
    all
}

/// The automatic reveal (R-MS-5): repeatedly reveals every covered cell
/// that is safe and whose number is determined, with that number, until
/// nothing changes. Returns the cells revealed in order (None if the
/// position is inconsistent). The position is updated in place.
pub fn auto_reveal(pos: &mut Position) -> Option<Vec<(usize, u8)>> {
    let mut out = Vec::new();
    loop {
        let a = analyze(pos)?;
        let mut changed = false;
        for i in 0..pos.cells.len() {
            if pos.cells[i] == Cell::Covered {
                if let Some(k) = a.number[i] {
                    pos.cells[i] = Cell::Number(k);
                    out.push((i, k));
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(out);
        }
    }
}

/// The standard start (R-MS-1) on any size: the centre revealed, no mine on
/// it or its neighbours, the mines uniform over the rest. The truth and the
/// public position.
pub fn deal(w: usize, h: usize, mines: usize, rng: &mut Rng) -> (Vec<bool>, Position) {
    let n = w * h;
    let centre = (h / 2) * w + w / 2;
    let probe = Position {
        width: w,
        height: h,
        mines,
        cells: vec![Cell::Covered; n],
    };
    let mut free: Vec<usize> = (0..n)
        .filter(|&i| i != centre && !probe.neighbours(centre).any(|j| j == i))
        .collect();
    rng.shuffle(&mut free);
    let mut truth = vec![false; n];
    for &i in free.iter().take(mines) {
        truth[i] = true;
    }
    let mut pos = probe;
    pos.cells[centre] = Cell::Number(0);
    (truth, pos)
}

fn true_number(pos: &Position, truth: &[bool], i: usize) -> u8 {
    pos.neighbours(i).filter(|&j| truth[j]).count() as u8
}

/// The positions of a seeded game of random play (explore 70%, mark 30% of
/// random covered cells), for tests and the benchmark: after every move, the
/// position before the automatic reveal and after it. Panics if the reveal
/// ever uncovers a mine or a wrong number (checked against the truth).
pub fn seeded_game(w: usize, h: usize, mines: usize, seed: u64) -> Vec<(Position, Position)> {
    let mut rng = Rng::new(seed);
    let (truth, mut pos) = deal(w, h, mines, &mut rng);
    let mut out = Vec::new();
    let before = pos.clone();
    check_reveal(&mut pos, &truth);
    out.push((before, pos.clone()));
    while pos.cells.iter().filter(|c| **c == Cell::Mine).count() < mines {
        let covered: Vec<usize> = (0..w * h)
            .filter(|&i| pos.cells[i] == Cell::Covered)
            .collect();
        let i = covered[rng.below(covered.len() as u64) as usize];
        let explore = rng.below(10) < 7;
        if truth[i] {
            pos.cells[i] = Cell::Mine;
        } else if explore {
            pos.cells[i] = Cell::Number(true_number(&pos, &truth, i));
        }
        let before = pos.clone();
        check_reveal(&mut pos, &truth);
        out.push((before, pos.clone()));
    }
    out
}

fn check_reveal(pos: &mut Position, truth: &[bool]) {
    for (j, k) in auto_reveal(pos).expect("a real game stays consistent") {
        assert!(!truth[j], "the reveal uncovered a mine at {j}");
        assert_eq!(k, true_number(pos, truth, j), "wrong number at {j}");
    }
}

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

/// The largest board side (R-MS-7).
pub const MAX_SIDE: usize = 30;

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

/// The speed benchmark, natively: see `bench_with`.
pub fn bench(games: u64, seed: u64) -> Vec<String> {
    let start = std::time::Instant::now();
    bench_with(games, seed, &|| start.elapsed().as_secs_f64() * 1000.0, 1)
}

/// The speed benchmark: positions from `games` seeded games on 11x11 with
/// 15 mines and 30x16 with 99, and from `games / 40` (at least one) on
/// 30x30 with 225 (R-MS-7's largest, where the work budget engages), at
/// every stage (random play, so explosions
/// and failed marks included), timing the probabilities of every position
/// (after the reveal) and the full automatic reveal after every move.
/// `now` is a clock in milliseconds; each position is analysed `reps`
/// times and the mean taken (a browser's clock is coarse). Prints median,
/// 99th percentile and maximum.
pub fn bench_with(games: u64, seed: u64, now: &dyn Fn() -> f64, reps: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (w, h, m, games) in [
        (11, 11, 15, games),
        (30, 16, 99, games),
        (30, 30, 225, (games / 40).max(1)),
    ] {
        let mut probs = Vec::new();
        let mut reveals = Vec::new();
        for g in 0..games {
            for (before, after) in seeded_game(w, h, m, seed + g) {
                let t = now();
                for _ in 0..reps {
                    assert!(analyze(&after).is_some());
                }
                probs.push((now() - t) / reps as f64);
                let t = now();
                for _ in 0..reps {
                    let mut p = before.clone();
                    assert!(auto_reveal(&mut p).is_some());
                }
                reveals.push((now() - t) / reps as f64);
            }
        }
        for (what, xs) in [
            ("probabilities", &mut probs),
            ("automatic reveal", &mut reveals),
        ] {
            xs.sort_by(f64::total_cmp);
            let at = |q: f64| xs[((xs.len() - 1) as f64 * q).round() as usize];
            out.push(format!(
                "{w}x{h}/{m} {what:<17} median {:.4} ms  p99 {:.4} ms  max {:.4} ms  over {} positions",
                at(0.5),
                at(0.99),
                xs[xs.len() - 1],
                xs.len()
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests;
