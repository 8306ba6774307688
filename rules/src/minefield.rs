//! Minesweeper for two: the exact deduction engine behind the automatic
//! reveal (R-MS-5) and the hints.
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
//! 3. boxes linked by a shared number form independent components; each
//!    component's box-level solutions are enumerated by backtracking, and
//!    counted (weighted) by their number of mines;
//! 4. components are combined by convolution over the mine count, and the
//!    interior takes the rest, weighted by C(interior cells, mines left).
//!
//! Whether a cell is safe, a certain mine, or has a determined number is
//! decided on exact feasibility (which mine counts are possible at all), not
//! on floating-point weights; probabilities are floats.

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
}

/// A box: frontier cells touched by the same numbers.
struct BoxOf {
    cells: Vec<usize>,
}

/// One component, solved by a DP over its numbers: per total of mines m
/// in the component, the weighted count of its arrangements and, per box,
/// the weighted sum of the box's mines and the least and most it holds.
struct Component {
    /// Global box ids; local index = position here.
    boxes: Vec<usize>,
    sizes: Vec<usize>,
    /// Constraints over local boxes, in processing order.
    cons: Vec<(Vec<usize>, usize)>,
    /// Per step: the local boxes first assigned, and those retired after it.
    assign: Vec<Vec<usize>>,
    retire: Vec<Vec<usize>>,
    ways: Vec<f64>,
    /// `[local box][m]`.
    exp: Vec<Vec<f64>>,
    lo: Vec<Vec<u8>>,
    hi: Vec<Vec<u8>>,
}

struct LnFact(Vec<f64>);

impl LnFact {
    fn new(n: usize) -> LnFact {
        let mut t = vec![0.0; n + 1];
        for k in 2..=n {
            t[k] = t[k - 1] + (k as f64).ln();
        }
        LnFact(t)
    }

    fn choose(&self, n: usize, k: usize) -> f64 {
        if k > n {
            f64::NEG_INFINITY
        } else {
            self.0[n] - self.0[k] - self.0[n - k]
        }
    }
}

fn choose(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The public structure of a position: constraints, boxes, components.
struct Frame {
    /// Mines not yet visible.
    hidden: usize,
    /// Interior cells (covered, next to no number).
    interior: Vec<usize>,
    boxes: Vec<BoxOf>,
    /// Per cell: its box, if it is on the frontier.
    box_of: Vec<Option<usize>>,
    components: Vec<Component>,
}

/// Reads the constraints and solves each component; None if inconsistent.
fn frame(pos: &Position) -> Option<Frame> {
    let n = pos.width * pos.height;
    let visible = pos.cells.iter().filter(|c| **c == Cell::Mine).count();
    let hidden = pos.mines.checked_sub(visible)?;
    // Constraints: (covered neighbours, mines still needed among them).
    let mut constraints: Vec<(Vec<usize>, usize)> = Vec::new();
    let mut touched: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        let Cell::Number(k) = pos.cells[i] else {
            continue;
        };
        let mut covered = Vec::new();
        let mut seen = 0usize;
        for j in pos.neighbours(i) {
            match pos.cells[j] {
                Cell::Covered => covered.push(j),
                Cell::Mine => seen += 1,
                Cell::Number(_) => {}
            }
        }
        let need = usize::from(k).checked_sub(seen)?;
        if need > covered.len() {
            return None;
        }
        if covered.is_empty() {
            continue;
        }
        let c = constraints.len();
        for &j in &covered {
            touched[j].push(c);
        }
        constraints.push((covered, need));
    }
    // Boxes by identical constraint sets.
    let mut boxes: Vec<BoxOf> = Vec::new();
    let mut box_keys: Vec<Vec<usize>> = Vec::new();
    let mut box_of = vec![None; n];
    let mut interior = Vec::new();
    for i in 0..n {
        if pos.cells[i] != Cell::Covered {
            continue;
        }
        if touched[i].is_empty() {
            interior.push(i);
            continue;
        }
        match box_keys.iter().position(|k| *k == touched[i]) {
            Some(b) => {
                boxes[b].cells.push(i);
                box_of[i] = Some(b);
            }
            None => {
                box_of[i] = Some(boxes.len());
                box_keys.push(touched[i].clone());
                boxes.push(BoxOf { cells: vec![i] });
            }
        }
    }
    // Constraints over boxes.
    let cons: Vec<(Vec<usize>, usize)> = constraints
        .iter()
        .map(|(cells, need)| {
            let mut uniq = Vec::new();
            for b in cells.iter().filter_map(|&j| box_of[j]) {
                if !uniq.contains(&b) {
                    uniq.push(b);
                }
            }
            (uniq, *need)
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
    for (bs, _) in &cons {
        for w in bs.windows(2) {
            let (a, b) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
            if a != b {
                parent[a] = b;
            }
        }
    }
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for b in 0..boxes.len() {
        let r = find(&mut parent, b);
        match groups.iter_mut().find(|(root, _)| *root == r) {
            Some((_, g)) => g.push(b),
            None => groups.push((r, vec![b])),
        }
    }
    let mut components = Vec::new();
    for (_, group) in groups {
        let comp_cons: Vec<&(Vec<usize>, usize)> = cons
            .iter()
            .filter(|(bs, _)| bs.first().is_some_and(|b| group.contains(b)))
            .collect();
        components.push(solve(&group, &comp_cons, &boxes)?);
    }
    Some(Frame {
        hidden,
        interior,
        boxes,
        box_of,
        components,
    })
}

/// Every way to put mines in `boxes` (sizes `sizes`, at most each size)
/// that adds up to `need`.
fn splits(sizes: &[usize], need: usize, out: &mut Vec<Vec<u8>>) {
    fn rec(sizes: &[usize], need: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == sizes.len() {
            if need == 0 {
                out.push(cur.clone());
            }
            return;
        }
        let rest: usize = sizes[cur.len() + 1..].iter().sum();
        let s = sizes[cur.len()];
        let lo = need.saturating_sub(rest);
        for k in lo..=s.min(need) {
            cur.push(k as u8);
            rec(sizes, need - k, cur, out);
            cur.pop();
        }
    }
    rec(sizes, need, &mut Vec::new(), out);
}

/// A DP state's payload: weight, and per retired box the weighted mines and
/// the least and most mines.
#[derive(Clone)]
struct Acc {
    w: f64,
    exp: Vec<f64>,
    lo: Vec<u8>,
    hi: Vec<u8>,
}

/// Solves a component by processing its numbers one by one (breadth-first),
/// keeping only the mine counts of boxes a later number still needs, and the
/// total so far; boxes no later number mentions are summed out. The states
/// stay few where enumerating whole solutions would explode.
fn solve(group: &[usize], cons: &[&(Vec<usize>, usize)], boxes: &[BoxOf]) -> Option<Component> {
    let local = |b: usize| group.iter().position(|&g| g == b).unwrap_or(0);
    let lcons: Vec<(Vec<usize>, usize)> = cons
        .iter()
        .map(|(bs, need)| (bs.iter().map(|&b| local(b)).collect(), *need))
        .collect();
    // Constraint order: breadth-first over shared boxes.
    let mut order: Vec<usize> = Vec::with_capacity(lcons.len());
    let mut seen = vec![false; lcons.len()];
    let mut queue = std::collections::VecDeque::new();
    for start in 0..lcons.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        queue.push_back(start);
        while let Some(c) = queue.pop_front() {
            order.push(c);
            for (d, (bs, _)) in lcons.iter().enumerate() {
                if !seen[d] && bs.iter().any(|b| lcons[c].0.contains(b)) {
                    seen[d] = true;
                    queue.push_back(d);
                }
            }
        }
    }
    let ordered: Vec<(Vec<usize>, usize)> = order.iter().map(|&c| lcons[c].clone()).collect();
    let nb = group.len();
    let sizes: Vec<usize> = group.iter().map(|&b| boxes[b].cells.len()).collect();
    let last_use: Vec<usize> = (0..nb)
        .map(|b| {
            ordered
                .iter()
                .rposition(|(bs, _)| bs.contains(&b))
                .unwrap_or(0)
        })
        .collect();
    let mut assigned = vec![false; nb];
    let mut assign = Vec::new();
    let mut retire = Vec::new();
    for (k, (bs, _)) in ordered.iter().enumerate() {
        let new: Vec<usize> = bs.iter().copied().filter(|&b| !assigned[b]).collect();
        for &b in &new {
            assigned[b] = true;
        }
        assign.push(new);
        retire.push((0..nb).filter(|&b| last_use[b] == k).collect::<Vec<_>>());
    }
    // DP. Key: the mines of every assigned box still live (None: not live),
    // and the total so far.
    let mut states: std::collections::HashMap<(Vec<u8>, usize), Acc> =
        std::collections::HashMap::new();
    states.insert(
        (vec![u8::MAX; nb], 0),
        Acc {
            w: 1.0,
            exp: vec![0.0; nb],
            lo: vec![u8::MAX; nb],
            hi: vec![0; nb],
        },
    );
    let mut options = Vec::new();
    for (k, (bs, need)) in ordered.iter().enumerate() {
        let new = &assign[k];
        let new_sizes: Vec<usize> = new.iter().map(|&b| sizes[b]).collect();
        let mut next: std::collections::HashMap<(Vec<u8>, usize), Acc> =
            std::collections::HashMap::with_capacity(states.len() * 2);
        for ((t, m), acc) in states {
            let already: usize = bs
                .iter()
                .filter(|b| !new.contains(b))
                .map(|&b| usize::from(t[b]))
                .sum();
            let Some(rest) = need.checked_sub(already) else {
                continue;
            };
            options.clear();
            splits(&new_sizes, rest, &mut options);
            for split in &options {
                let mut t2 = t.clone();
                let mut factor = 1.0;
                let mut m2 = m;
                for (&b, &x) in new.iter().zip(split) {
                    t2[b] = x;
                    factor *= choose(sizes[b], usize::from(x));
                    m2 += usize::from(x);
                }
                let w = acc.w * factor;
                let mut exp: Vec<f64> = acc.exp.iter().map(|e| e * factor).collect();
                let mut lo = acc.lo.clone();
                let mut hi = acc.hi.clone();
                for &b in &retire[k] {
                    let x = t2[b];
                    exp[b] += w * f64::from(x);
                    lo[b] = lo[b].min(x);
                    hi[b] = hi[b].max(x);
                    t2[b] = u8::MAX;
                }
                match next.entry((t2, m2)) {
                    std::collections::hash_map::Entry::Occupied(mut o) => {
                        let v = o.get_mut();
                        v.w += w;
                        for b in 0..nb {
                            v.exp[b] += exp[b];
                            v.lo[b] = v.lo[b].min(lo[b]);
                            v.hi[b] = v.hi[b].max(hi[b]);
                        }
                    }
                    std::collections::hash_map::Entry::Vacant(v) => {
                        v.insert(Acc { w, exp, lo, hi });
                    }
                }
            }
        }
        states = next;
        if states.is_empty() {
            return None;
        }
    }
    let max_m = states.keys().map(|(_, m)| *m).max().unwrap_or(0);
    let mut comp = Component {
        boxes: group.to_vec(),
        sizes,
        cons: ordered,
        assign,
        retire,
        ways: vec![0.0; max_m + 1],
        exp: vec![vec![0.0; max_m + 1]; nb],
        lo: vec![vec![u8::MAX; max_m + 1]; nb],
        hi: vec![vec![0; max_m + 1]; nb],
    };
    for ((_, m), acc) in states {
        comp.ways[m] += acc.w;
        for b in 0..nb {
            comp.exp[b][m] += acc.exp[b];
            comp.lo[b][m] = comp.lo[b][m].min(acc.lo[b]);
            comp.hi[b][m] = comp.hi[b][m].max(acc.hi[b]);
        }
    }
    Some(comp)
}

/// Whether mine totals are possible: `f[m]` for m mines.
fn feasible_of(c: &Component) -> Vec<bool> {
    c.ways.iter().map(|&w| w > 0.0).collect()
}

fn or_conv(a: &[bool], b: &[bool]) -> Vec<bool> {
    let mut out = vec![false; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x {
            for (j, &y) in b.iter().enumerate() {
                if y {
                    out[i + j] = true;
                }
            }
        }
    }
    out
}

fn add_conv(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x != 0.0 {
            for (j, &y) in b.iter().enumerate() {
                out[i + j] += x * y;
            }
        }
    }
    out
}

/// Analyses a public position; None if no arrangement agrees with it.
pub fn analyze(pos: &Position) -> Option<Analysis> {
    let fr = frame(pos)?;
    let n = pos.width * pos.height;
    let k_total = fr.hidden;
    let u = fr.interior.len();
    let comps = &fr.components;
    // Exact feasibility: which totals each component, and all the others
    // together, can take; a total f is admissible when 0 <= hidden - f <= u.
    let feas: Vec<Vec<bool>> = comps.iter().map(feasible_of).collect();
    let admissible = |f: usize| f <= k_total && k_total - f <= u;
    // Prefix and suffix combinations, for "every component but c".
    let mut prefix = vec![vec![true]];
    for f in &feas {
        let last = prefix.last().cloned().unwrap_or_default();
        prefix.push(or_conv(&last, f));
    }
    let mut suffix = vec![vec![true]; comps.len() + 1];
    for c in (0..comps.len()).rev() {
        suffix[c] = or_conv(&suffix[c + 1], &feas[c]);
    }
    let all = &prefix[comps.len()];
    if !(0..all.len()).any(|f| all[f] && admissible(f)) {
        return None;
    }
    // Weights: per component by mine count, combined by convolution, in
    // log space against overflow.
    let lf = LnFact::new(n + 1);
    let wts: Vec<Vec<f64>> = comps.iter().map(|c| c.ways.clone()).collect();
    // Scale each component's weights to a maximum of 1 (a common factor per
    // component cancels out of every probability).
    let wts: Vec<Vec<f64>> = wts
        .into_iter()
        .map(|w| {
            let m = w.iter().cloned().fold(0.0, f64::max);
            w.into_iter().map(|x| x / m).collect()
        })
        .collect();
    let mut wprefix = vec![vec![1.0]];
    for w in &wts {
        let last = wprefix.last().cloned().unwrap_or_default();
        wprefix.push(add_conv(&last, w));
    }
    let mut wsuffix = vec![vec![1.0]; comps.len() + 1];
    for c in (0..comps.len()).rev() {
        wsuffix[c] = add_conv(&wsuffix[c + 1], &wts[c]);
    }
    // The interior's weight for f frontier mines, relative to the largest.
    let ln_interior: Vec<f64> = (0..=k_total)
        .map(|f| {
            if admissible(f) {
                lf.choose(u, k_total - f)
            } else {
                f64::NEG_INFINITY
            }
        })
        .collect();
    let ln_max = ln_interior
        .iter()
        .cloned()
        .fold(f64::NEG_INFINITY, f64::max);
    let interior_w = |f: usize| -> f64 {
        ln_interior.get(f).map_or(0.0, |&l| {
            if l.is_finite() {
                (l - ln_max).exp()
            } else {
                0.0
            }
        })
    };
    let total_conv = &wprefix[comps.len()];
    let total: f64 = total_conv
        .iter()
        .enumerate()
        .map(|(f, &x)| x * interior_w(f))
        .sum();

    let mut probability = vec![None; n];
    let mut safe = vec![false; n];
    let mut mine = vec![false; n];
    // Interior cells: each holds a mine with (hidden - f) / u.
    if u > 0 {
        let expected: f64 = total_conv
            .iter()
            .enumerate()
            .map(|(f, &x)| x * interior_w(f) * (k_total.saturating_sub(f)) as f64 / u as f64)
            .sum();
        let possible: Vec<usize> = (0..all.len())
            .filter(|&f| all[f] && admissible(f))
            .map(|f| k_total - f)
            .collect();
        let all_zero = possible.iter().all(|&j| j == 0);
        let all_full = possible.iter().all(|&j| j == u);
        for &i in &fr.interior {
            probability[i] = Some(if total > 0.0 { expected / total } else { 0.0 });
            safe[i] = all_zero;
            mine[i] = all_full;
        }
    }
    // Frontier boxes.
    for (ci, c) in comps.iter().enumerate() {
        let others_w = add_conv(&wprefix[ci], &wsuffix[ci + 1]);
        let others_f = or_conv(&prefix[ci], &suffix[ci + 1]);
        let norm = c.ways.iter().cloned().fold(0.0, f64::max);
        // Feasible solutions: those whose total combines with the others.
        let ok_by_m: Vec<bool> = (0..wts[ci].len())
            .map(|m| (0..others_f.len()).any(|g| others_f[g] && admissible(m + g)))
            .collect();
        let ok = |m: usize| ok_by_m[m];
        // Weight of the rest for m mines here.
        let rest = |m: usize| -> f64 {
            others_w
                .iter()
                .enumerate()
                .map(|(g, &x)| x * interior_w(m + g))
                .sum()
        };
        let rest_by_m: Vec<f64> = (0..wts[ci].len()).map(rest).collect();
        for (p, &b) in c.boxes.iter().enumerate() {
            let s = c.sizes[p];
            let mut expected = 0.0;
            let mut any_mine = false;
            let mut any_safe = false;
            for m in 0..c.ways.len() {
                if c.ways[m] == 0.0 {
                    continue;
                }
                expected += c.exp[p][m] / norm * rest_by_m[m] / s as f64;
                if ok(m) {
                    any_mine |= c.hi[p][m] > 0;
                    any_safe |= usize::from(c.lo[p][m]) < s;
                }
            }
            for &i in &fr.boxes[b].cells {
                probability[i] = Some(if total > 0.0 { expected / total } else { 0.0 });
                safe[i] = !any_mine;
                mine[i] = !any_safe;
            }
        }
    }
    // Numbers of safe cells, where they are the same in every arrangement.
    let mut number = vec![None; n];
    for i in 0..n {
        if safe[i] {
            number[i] = determined_number(pos, &fr, i, &feas);
        }
    }
    Some(Analysis {
        probability,
        safe,
        mine,
        number,
    })
}

/// For a component and a cell next to some of its boxes (`touches`: local
/// box and how many of the cell's neighbours it holds): per total of mines
/// m, the possible numbers of mines among those neighbours (bit k: k). The
/// same DP as `solve`, carrying only feasibility.
fn neighbour_counts(c: &Component, touches: &[(usize, usize)]) -> Vec<u16> {
    let nb = c.boxes.len();
    let mut states: std::collections::HashMap<(Vec<u8>, usize), u16> =
        std::collections::HashMap::new();
    states.insert((vec![u8::MAX; nb], 0), 1);
    let mut options = Vec::new();
    for (k, (bs, need)) in c.cons.iter().enumerate() {
        let new = &c.assign[k];
        let new_sizes: Vec<usize> = new.iter().map(|&b| c.sizes[b]).collect();
        let mut next: std::collections::HashMap<(Vec<u8>, usize), u16> =
            std::collections::HashMap::with_capacity(states.len() * 2);
        for ((t, m), bits) in states {
            let already: usize = bs
                .iter()
                .filter(|b| !new.contains(b))
                .map(|&b| usize::from(t[b]))
                .sum();
            let Some(rest) = need.checked_sub(already) else {
                continue;
            };
            options.clear();
            splits(&new_sizes, rest, &mut options);
            for split in &options {
                let mut t2 = t.clone();
                let mut m2 = m;
                let mut acc = bits;
                for (&b, &x) in new.iter().zip(split) {
                    t2[b] = x;
                    m2 += usize::from(x);
                    if let Some(&(_, a)) = touches.iter().find(|(p, _)| *p == b) {
                        let (x, s) = (usize::from(x), c.sizes[b]);
                        let (lo, hi) = (x.saturating_sub(s - a), x.min(a));
                        let mut widened = 0u16;
                        for kk in lo..=hi {
                            widened |= acc << kk;
                        }
                        acc = widened;
                    }
                }
                for &b in &c.retire[k] {
                    t2[b] = u8::MAX;
                }
                *next.entry((t2, m2)).or_insert(0) |= acc;
            }
        }
        states = next;
    }
    let mut out = vec![0u16; c.ways.len()];
    for ((_, m), bits) in states {
        if m < out.len() {
            out[m] |= bits;
        }
    }
    out
}

/// The number a safe covered cell must show, if it is the same in every
/// consistent arrangement: visible mines around it plus the hidden ones,
/// whose possible counts are combined over components and the interior.
fn determined_number(pos: &Position, fr: &Frame, x: usize, feas: &[Vec<bool>]) -> Option<u8> {
    let mut visible = 0u8;
    // Neighbours per box, and in the interior.
    let mut per_box: Vec<(usize, usize)> = Vec::new();
    let mut interior_nb = 0usize;
    for j in pos.neighbours(x) {
        match pos.cells[j] {
            Cell::Mine => visible += 1,
            Cell::Number(_) => {}
            Cell::Covered => match fr.box_of[j] {
                Some(b) => match per_box.iter_mut().find(|(bb, _)| *bb == b) {
                    Some((_, a)) => *a += 1,
                    None => per_box.push((b, 1)),
                },
                None => interior_nb += 1,
            },
        }
    }
    let k_total = fr.hidden;
    let u = fr.interior.len();
    let x_interior = fr.box_of[x].is_none();
    // DP over components: total mines f -> bitmask of possible neighbour
    // mine counts (0..=8).
    let mut dp: Vec<u16> = vec![1];
    for (ci, c) in fr.components.iter().enumerate() {
        let touches: Vec<(usize, usize)> = c
            .boxes
            .iter()
            .enumerate()
            .filter_map(|(p, b)| per_box.iter().find(|(bb, _)| bb == b).map(|&(_, a)| (p, a)))
            .collect();
        let mut pairs: Vec<(usize, u16)> = Vec::new();
        if touches.is_empty() {
            for (m, &ok) in feas[ci].iter().enumerate() {
                if ok {
                    pairs.push((m, 1));
                }
            }
        } else {
            for (m, bits) in neighbour_counts(c, &touches).into_iter().enumerate() {
                if bits != 0 {
                    pairs.push((m, bits));
                }
            }
        }
        let max_m = pairs.iter().map(|(m, _)| *m).max().unwrap_or(0);
        let mut next = vec![0u16; dp.len() + max_m];
        for (f, &bits) in dp.iter().enumerate() {
            if bits == 0 {
                continue;
            }
            for &(m, kb) in &pairs {
                let mut acc = 0u16;
                for k in 0..9 {
                    if kb & (1 << k) != 0 {
                        acc |= bits << k;
                    }
                }
                next[f + m] |= acc;
            }
        }
        dp = next;
    }
    let mut result = 0u16;
    for (f, &bits) in dp.iter().enumerate() {
        if bits == 0 || f > k_total || k_total - f > u {
            continue;
        }
        let j = k_total - f;
        // Interior mines j among u cells (x itself, if interior, is safe).
        let others = if x_interior { u - 1 } else { u };
        let lo = j.saturating_sub(others - interior_nb.min(others));
        let hi = j.min(interior_nb);
        if lo > hi {
            continue;
        }
        for k in lo..=hi {
            result |= bits << k;
        }
    }
    (result.count_ones() == 1).then(|| visible + result.trailing_zeros() as u8)
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
    serde_json::json!({ "consistent": true, "probabilities": probabilities, "reveal": reveal })
}

/// The speed benchmark: positions from `games` seeded games on 11x11 with
/// 15 mines and 30x16 with 99, timing the probabilities of every position
/// (after the reveal) and the full automatic reveal after every move.
pub fn bench(games: u64, seed: u64) -> Vec<String> {
    use std::time::Instant;
    let mut out = Vec::new();
    for (w, h, m) in [(11, 11, 15), (30, 16, 99)] {
        let mut probs = Vec::new();
        let mut reveals = Vec::new();
        for g in 0..games {
            for (before, after) in seeded_game(w, h, m, seed + g) {
                let t = Instant::now();
                let a = analyze(&after);
                probs.push(t.elapsed().as_secs_f64() * 1000.0);
                assert!(a.is_some());
                let mut p = before.clone();
                let t = Instant::now();
                let r = auto_reveal(&mut p);
                reveals.push(t.elapsed().as_secs_f64() * 1000.0);
                assert!(r.is_some());
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
mod tests {
    use super::*;

    /// Every position of a seeded random game, before and after each
    /// automatic reveal.
    fn random_game(w: usize, h: usize, mines: usize, seed: u64) -> Vec<Position> {
        seeded_game(w, h, mines, seed)
            .into_iter()
            .flat_map(|(a, b)| [a, b])
            .collect()
    }

    /// Every arrangement of the hidden mines over the covered cells that
    /// agrees with the numbers: total, per-cell mine counts, and per cell
    /// the set of neighbour mine counts (bit k: k mines around).
    struct Brute {
        total: u64,
        mines: Vec<u64>,
        counts: Vec<u16>,
    }

    fn brute(pos: &Position) -> Option<Brute> {
        let n = pos.width * pos.height;
        let covered: Vec<usize> = (0..n).filter(|&i| pos.cells[i] == Cell::Covered).collect();
        let visible = pos.cells.iter().filter(|c| **c == Cell::Mine).count();
        let hidden = pos.mines.checked_sub(visible)?;
        if hidden > covered.len() {
            return None;
        }
        let mut out = Brute {
            total: 0,
            mines: vec![0; n],
            counts: vec![0; n],
        };
        let c = covered.len();
        let mut is_mine = vec![false; n];
        // Every k-subset of c covered cells (Gosper's hack).
        let mut set: u64 = if hidden == 0 { 0 } else { (1u64 << hidden) - 1 };
        loop {
            for (b, &i) in covered.iter().enumerate() {
                is_mine[i] = set & (1 << b) != 0;
            }
            for i in 0..n {
                if pos.cells[i] == Cell::Mine {
                    is_mine[i] = true;
                }
            }
            let ok = (0..n).all(|i| match pos.cells[i] {
                Cell::Number(k) => {
                    pos.neighbours(i).filter(|&j| is_mine[j]).count() == usize::from(k)
                }
                _ => true,
            });
            if ok {
                out.total += 1;
                for &i in &covered {
                    if is_mine[i] {
                        out.mines[i] += 1;
                    } else {
                        let k = pos.neighbours(i).filter(|&j| is_mine[j]).count();
                        out.counts[i] |= 1 << k;
                    }
                }
            }
            if hidden == 0 || hidden > c {
                break;
            }
            let lowest = set & set.wrapping_neg();
            let ripple = set + lowest;
            set = (((ripple ^ set) >> 2) / lowest) | ripple;
            if set >= 1u64 << c {
                break;
            }
        }
        (out.total > 0).then_some(out)
    }

    fn combinations(n: usize, k: usize) -> f64 {
        choose(n, k)
    }

    fn check_against_brute(pos: &Position) -> bool {
        let covered = pos.cells.iter().filter(|c| **c == Cell::Covered).count();
        let visible = pos.cells.iter().filter(|c| **c == Cell::Mine).count();
        let hidden = pos.mines.saturating_sub(visible);
        if combinations(covered, hidden) > 400_000.0 {
            return false;
        }
        let b = brute(pos);
        let a = analyze(pos);
        assert_eq!(a.is_some(), b.is_some(), "consistency of {pos:?}");
        let (Some(a), Some(b)) = (a, b) else {
            return true;
        };
        for i in 0..pos.cells.len() {
            if pos.cells[i] != Cell::Covered {
                assert_eq!(a.probability[i], None);
                continue;
            }
            let p = b.mines[i] as f64 / b.total as f64;
            let q = a.probability[i].expect("a covered cell has a probability");
            assert!(
                (p - q).abs() < 1e-9,
                "cell {i}: brute {p} engine {q} in {pos:?}"
            );
            assert_eq!(a.safe[i], b.mines[i] == 0, "safe {i} in {pos:?}");
            assert_eq!(a.mine[i], b.mines[i] == b.total, "mine {i} in {pos:?}");
            let visible_nb = pos
                .neighbours(i)
                .filter(|&j| pos.cells[j] == Cell::Mine)
                .count();
            let expect = (b.mines[i] == 0 && b.counts[i].count_ones() == 1)
                .then(|| b.counts[i].trailing_zeros() as u8);
            let _ = visible_nb;
            assert_eq!(a.number[i], expect, "number of {i} in {pos:?}");
        }
        true
    }

    #[test]
    fn the_engine_matches_brute_force_on_thousands_of_positions_r_ms_5() {
        // Small boards at every stage of seeded random games, positions
        // right after explosions and failed marks included.
        let mut checked = 0;
        let mut seed = 0;
        while checked < 3000 {
            seed += 1;
            let (w, h) = [(5, 5), (6, 5), (6, 6), (5, 6)][(seed % 4) as usize];
            let mines = 3 + (seed % 6) as usize;
            for pos in random_game(w, h, mines, seed) {
                if check_against_brute(&pos) {
                    checked += 1;
                }
            }
        }
        assert!(checked >= 3000);
    }

    #[test]
    fn inconsistent_positions_are_reported() {
        let mut pos = Position {
            width: 3,
            height: 3,
            mines: 1,
            cells: vec![Cell::Covered; 9],
        };
        // A 2 with one mine in all: impossible.
        pos.cells[4] = Cell::Number(2);
        assert!(analyze(&pos).is_none());
        // A 1 whose neighbours are all revealed safe: impossible.
        let mut p2 = Position {
            width: 2,
            height: 1,
            mines: 1,
            cells: vec![Cell::Number(1), Cell::Number(0)],
        };
        assert!(analyze(&p2).is_none());
        // More visible mines than the count.
        p2.cells = vec![Cell::Mine, Cell::Mine];
        assert!(analyze(&p2).is_none());
        // Fine: one mine, a 1 with it among three covered cells.
        pos.cells[4] = Cell::Number(1);
        let a = analyze(&pos).unwrap();
        assert!((a.probability[0].unwrap() - 1.0 / 8.0).abs() < 1e-12);
    }

    #[test]
    fn the_standard_start_leaves_the_centres_neighbours_covered_r_ms_1_r_ms_5() {
        let mut rng = Rng::new(3);
        let (_, mut pos) = deal(11, 11, 15, &mut rng);
        let a = analyze(&pos).unwrap();
        let centre = 60;
        for j in pos.neighbours(centre).collect::<Vec<_>>() {
            assert!(a.safe[j], "the 8 neighbours are safe");
            assert_eq!(a.number[j], None, "but their numbers are open");
            assert_eq!(a.probability[j], Some(0.0));
        }
        // The other 112 cells share the 15 mines evenly.
        assert!((a.probability[0].unwrap() - 15.0 / 112.0).abs() < 1e-12);
        assert!(auto_reveal(&mut pos).unwrap().is_empty());
    }

    #[test]
    fn a_safe_cell_next_to_interior_cells_is_not_revealed_until_its_number_is_known() {
        // 1 x 4: [1][ ][ ][ ] with one mine: the covered cell next to the
        // 1 is the mine or not... the mine must be next to the 1: cell 1.
        let mut pos = Position {
            width: 4,
            height: 1,
            mines: 1,
            cells: vec![Cell::Number(1), Cell::Covered, Cell::Covered, Cell::Covered],
        };
        let a = analyze(&pos).unwrap();
        assert!(a.mine[1]);
        assert!(a.safe[2] && a.safe[3]);
        // Cell 2 touches the mine at 1 and cell 3: its number is 1; cell 3
        // touches only 2: 0. Both revealed; the mine never is.
        let revealed = auto_reveal(&mut pos).unwrap();
        assert_eq!(revealed, vec![(2, 1), (3, 0)]);
        assert_eq!(pos.cells[1], Cell::Covered);
    }
}
