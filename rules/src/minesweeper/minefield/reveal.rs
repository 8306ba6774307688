//! The automatic reveal (R-MS-5), and the number a safe covered cell must
//! show: exact shortcuts first, then a feasibility pass over the components
//! next to it.

use super::analyze;
use super::bits::bit;
use super::frame::{Full, NO_BOX};
use super::solver::{Fail, Solved};
use super::{Cell, Position};

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

/// The number a safe covered cell must show, if it is the same in every
/// consistent arrangement. Most cells are settled by exact shortcuts; the
/// rest by a feasibility pass over the components they touch.
pub(super) fn determined_number(
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
