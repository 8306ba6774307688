//! A position's public structure: its numbers read as constraints, the
//! covered cells grouped into the interior and the frontier's boxes, the
//! boxes into components, each solved (or, over budget, estimated); and
//! `Full`, the combined analysis with what the number check needs.

use super::estimate::estimate;
use super::solver::{solve, Fail, Interner, Solved};
use super::{Analysis, Cell, Position, COMPONENT_BUDGET, FRAME_BUDGET};

/// The public structure of a position.
pub(super) struct Frame {
    /// Mines not yet visible.
    pub(super) hidden: usize,
    /// Interior cells (covered, next to no number).
    pub(super) interior: Vec<usize>,
    /// Cells per box.
    pub(super) boxes: Vec<Vec<usize>>,
    /// Per cell: its box, if it is on the frontier.
    pub(super) box_of: Vec<u32>,
    pub(super) components: Vec<Solved>,
    /// The components' counted work.
    pub(super) work: u64,
}

pub(super) const NO_BOX: u32 = u32::MAX;

/// Reads the constraints and solves each component forward; None if the
/// position is inconsistent on its own numbers.
pub(super) fn frame(pos: &Position) -> Option<Frame> {
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

/// The analysis together with what the number check needs.
pub(super) struct Full {
    pub(super) analysis: Analysis,
    pub(super) frame: Frame,
    /// Which frontier totals are possible with the interior taking the rest.
    pub(super) totals: Vec<bool>,
    /// Per global box: the mine counts it can hold.
    pub(super) values: Vec<u16>,
    /// Per component: the totals it may hold with the rest of the board
    /// possible.
    pub(super) rest_f: Vec<Vec<u64>>,
}
