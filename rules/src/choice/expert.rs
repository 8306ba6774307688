//! CHOICE's expert player (issue 43): the learned n-tuple afterstate value
//! of `examples/choice_ntuple.rs` (version 2, 603,460 weights, the weights
//! averaged over the last 8M of 44M TD(0) self-play games), rounded to i16
//! multiples of 0.35 points, with the strong player's lookahead on top: each
//! assignment valued one throw ahead (the expected best result + V the next
//! throw allows), and the best two within 10 points two throws ahead.
//!
//! The table is data, not code: 1.2 MB raw (about 140 KB brotli), in
//! `rules/data/choice-expert.bin`, written by `choice_ntuple --export`.
//! The app fetches it when a seat at the expert level (or the coach) needs
//! it and hands the bytes to `install`; the command-line tool reads the
//! repository's file. Until a table is installed the expert plays as the
//! strong player.
//!
//! The file: `SBNT`, the format (u16, 2), the step in thousandths of a
//! point (u16, 350), the FNV-1a hash of the weights' bytes (u64), then the
//! weights as little-endian i16, in `choice_ntuple`'s order.
//!
//! The sheet state (`St`), the features (`Tabs::features`) and the
//! lookahead (`look1`, `look2`, `weigh`) are the trainer's too: its f32
//! network and this i16 table both implement `Value`, so what is trained
//! and measured in `examples/` is what ships.

use super::bot::{self, splits, Throw};
use super::{Assignment, Fifth, Sheet, BOXES, FIFTH_BOXES, POINTS};
use std::fmt;
use std::sync::OnceLock;

/// Clock buckets.
const K: usize = 16;
/// Row states: 0..=10 crosses.
const C: usize = 11;
/// Triples of neighbouring rows starting at rows 0..5 (sums 2..=6).
const TRIPLES: usize = 5;
/// Rows with their own fifth-die-set term: sums 2..=7.
const SINGLES: usize = 6;
/// Pairs of rows up to the mirror.
const PAIRS: usize = 30;
const T3_OFF: usize = 0;
const T3_SIZE: usize = C * C * C * K;
const T2_OFF: usize = T3_OFF + TRIPLES * T3_SIZE;
const T2_SIZE: usize = C * C * K;
const T1_OFF: usize = T2_OFF + PAIRS * T2_SIZE;
const T1_SIZE: usize = C * 64 * K;
const D_OFF: usize = T1_OFF + SINGLES * T1_SIZE;
const D_SIZE: usize = 64 * 512;
const E_OFF: usize = D_OFF + D_SIZE;
const E_SIZE: usize = 12 * 12 * K;
const PM_OFF: usize = E_OFF + E_SIZE;
const PM_SIZE: usize = C * C * 64;
/// The weights of `choice_ntuple`'s version 1 (the first of version 2's).
pub const WEIGHTS1: usize = PM_OFF + PAIRS * PM_SIZE;
/// Active weights per value in version 1 (the first of version 2's).
pub const NF1: usize = 2 * (TRIPLES + PAIRS + SINGLES + 1 + PAIRS) + 1;
/// Sorted fifth-die counts (three counts 0..=7, highest first).
const SC: usize = 120;
const X1_OFF: usize = WEIGHTS1;
const X1_ROWS: usize = 6;
const X1_SIZE: usize = C * SC;
const G2_OFF: usize = X1_OFF + X1_ROWS * X1_SIZE;
const G2_SIZE: usize = 12 * 12 * SC;
const G3_OFF: usize = G2_OFF + G2_SIZE;
const G3_SIZE: usize = 8 * 21 * SC;
const Q4_OFF: usize = G3_OFF + G3_SIZE;
const K4: usize = 4;
const Q4_SIZE: usize = C * C * C * C * K4;

/// The weights of the table (`choice_ntuple`'s version 2).
pub const WEIGHTS: usize = Q4_OFF + Q4_SIZE;
/// Active weights per value in version 2.
pub const NF2: usize = NF1 + 2 * X1_ROWS + 2 + 2;
/// The file's header: magic, format, step, hash.
pub const HEADER: usize = 16;
/// The file's length.
pub const FILE_LEN: usize = HEADER + 2 * WEIGHTS;
const MAGIC: &[u8; 4] = b"SBNT";
const FORMAT: u16 = 2;
/// The step of the shipped table, in thousandths of a point.
pub const STEP_MILLI: u16 = 350;
/// Two throws ahead for the best `DEEP` within `MARGIN` points.
const DEEP: usize = 2;
const MARGIN: f64 = 10.0;

/// Why bytes are not an expert table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    Length { expected: usize, found: usize },
    Magic,
    Format(u16),
    Step(u16),
    Hash,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Length { expected, found } => {
                write!(f, "{found} bytes, not the table's {expected}")
            }
            TableError::Magic => write!(f, "not a CHOICE expert table (no SBNT header)"),
            TableError::Format(v) => write!(f, "table format {v}, this player reads {FORMAT}"),
            TableError::Step(s) => write!(f, "a step of {s}/1000 points is not a usable table"),
            TableError::Hash => write!(f, "the weights do not match the table's hash (damaged)"),
        }
    }
}

impl std::error::Error for TableError {}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The file holding `weights` (multiples of `step_milli` thousandths of a
/// point), as `choice_ntuple --export` writes it.
pub fn encode(weights: &[i16], step_milli: u16) -> Vec<u8> {
    let body: Vec<u8> = weights.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&step_milli.to_le_bytes());
    out.extend_from_slice(&fnv1a(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// A sheet as the learned value reads it (the shipped table and the
/// trainer, `examples/choice_ntuple.rs`): crosses capped at ten (more score
/// nothing), the fifth-die count per face, the faces chosen.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct St {
    /// Crosses per row (sum 2 at index 0), at most ten.
    pub c: [u8; 11],
    /// Count per face 1..=6 (index 0 unused).
    pub f: [u8; 7],
    /// Fifth-die faces chosen, a bit per face (bit d - 1).
    pub mask: u8,
}

impl St {
    /// Whether the sheet is finished (a fifth-die count reached its end).
    pub fn done(&self) -> bool {
        self.f.iter().any(|&n| n >= FIFTH_BOXES)
    }
    /// The sheet's result now.
    pub fn total(&self) -> i32 {
        (0..11).map(|i| ROW[i][usize::from(self.c[i])]).sum()
    }
    /// How many fifth-die faces are chosen.
    pub fn chosen(&self) -> u32 {
        self.mask.count_ones()
    }
    /// The sheet after crossing rows `x`, `y` (0-based) and face `fifth`
    /// (0 on a free throw).
    pub fn with(&self, x: usize, y: usize, fifth: u8) -> St {
        let mut n = *self;
        n.c[x] = (n.c[x] + 1).min(BOXES);
        n.c[y] = (n.c[y] + 1).min(BOXES);
        if fifth > 0 {
            n.f[usize::from(fifth)] += 1;
            n.mask |= 1 << (fifth - 1);
        }
        n
    }
    /// The rules' sheet as the table reads it.
    pub fn of(s: &Sheet) -> St {
        let mut st = St::default();
        for i in 0..11 {
            st.c[i] = s.crosses[i].min(BOXES);
        }
        for f in &s.fifth {
            st.f[usize::from(f.number)] = f.crosses;
            st.mask |= 1 << (f.number - 1);
        }
        st
    }
}

/// A row's points by its crosses (0..=10).
const ROW: [[i32; 11]; 11] = {
    let mut t = [[0i32; 11]; 11];
    let mut s = 0;
    while s < 11 {
        let mut c = 1;
        while c < 11 {
            t[s][c] = if c < 5 {
                -200
            } else {
                (c as i32 - 5) * POINTS[s] as i32
            };
            c += 1;
        }
        s += 1;
    }
    t
};

/// The clock's bucket of `r` throws still expected.
fn bucket(r: f64) -> u8 {
    let b = if r < 11.0 {
        (r as usize).saturating_sub(1)
    } else if r < 13.0 {
        10
    } else if r < 16.0 {
        11
    } else if r < 20.0 {
        12
    } else if r < 25.0 {
        13
    } else if r < 31.0 {
        14
    } else {
        15
    };
    b.min(K - 1) as u8
}

/// The tables the features read: the clock per fifth-die counts, the
/// sorted-counts kind, the pair list, the mirrored masks.
pub struct Tabs {
    clock: [[[u8; 8]; 8]; 8],
    sorted: [[[u8; 8]; 8]; 8],
    pairs: [(usize, usize); PAIRS],
    mirror_mask: [u8; 64],
}

impl Default for Tabs {
    fn default() -> Self {
        Self::new()
    }
}

impl Tabs {
    /// The tables (the clock asks `bot::remaining_throws`).
    pub fn new() -> Tabs {
        let mut clock = [[[0u8; 8]; 8]; 8];
        for (a, plane) in clock.iter_mut().enumerate() {
            for (b, line) in plane.iter_mut().enumerate() {
                for (c, out) in line.iter_mut().enumerate() {
                    let mut s = Sheet::default();
                    for (k, n) in [a, b, c].into_iter().enumerate() {
                        if n > 0 {
                            s.fifth.push(Fifth {
                                number: k as u8 + 1,
                                crosses: n as u8,
                            });
                        }
                    }
                    *out = bucket(bot::remaining_throws(&s));
                }
            }
        }
        let mut pairs = [(0, 0); PAIRS];
        let mut n = 0;
        for i in 0..11 {
            for j in i + 1..11 {
                if (i, j) <= (10 - j, 10 - i) {
                    pairs[n] = (i, j);
                    n += 1;
                }
            }
        }
        let mut mirror_mask = [0u8; 64];
        for (m, out) in mirror_mask.iter_mut().enumerate() {
            for d in 0..6 {
                if m & 1 << d != 0 {
                    *out |= 1 << (5 - d);
                }
            }
        }
        let mut kinds = Vec::with_capacity(SC);
        for a in 0..8u8 {
            for b in 0..=a {
                for c in 0..=b {
                    kinds.push([a, b, c]);
                }
            }
        }
        let mut sorted = [[[0u8; 8]; 8]; 8];
        for (a, plane) in sorted.iter_mut().enumerate() {
            for (b, line) in plane.iter_mut().enumerate() {
                for (c, out) in line.iter_mut().enumerate() {
                    let mut t = [a as u8, b as u8, c as u8];
                    t.sort_unstable_by(|x, y| y.cmp(x));
                    *out = kinds.iter().position(|k| *k == t).unwrap_or(0) as u8;
                }
            }
        }
        Tabs {
            clock,
            sorted,
            pairs,
            mirror_mask,
        }
    }

    /// The first three chosen faces' counts, in face order.
    fn counts(st: &St) -> [usize; 3] {
        let mut c = [0usize; 3];
        let mut k = 0;
        for d in 1..=6 {
            if st.f[d] > 0 && k < 3 {
                c[k] = usize::from(st.f[d].min(7));
                k += 1;
            }
        }
        c
    }

    /// The clock: a bucket (0..16) of the throws still expected.
    pub fn clock_of(&self, st: &St) -> usize {
        let c = Tabs::counts(st);
        usize::from(self.clock[c[0]][c[1]][c[2]])
    }

    /// The sorted-counts kind (0..120) of the fifth-die table.
    pub fn sorted_of(&self, st: &St) -> usize {
        let c = Tabs::counts(st);
        usize::from(self.sorted[c[0]][c[1]][c[2]])
    }

    /// The indices of the active weights of a sheet not yet done, in
    /// `choice_ntuple`'s order, into `out` (at least `NF2` long), and how
    /// many: version 1's `NF1` first, then, with `v2`, version 2's others
    /// (`NF2` in all). Every lookup is taken on the sheet and its mirror
    /// (sums s <-> 14 - s, faces d <-> 7 - d), sharing the weights.
    pub fn features(&self, st: &St, v2: bool, out: &mut [u32]) -> usize {
        let k = self.clock_of(st);
        let mut m = st.c;
        m.reverse();
        let mut n = 0;
        let mut push = |i: usize| {
            out[n] = i as u32;
            n += 1;
        };
        for side in 0..2 {
            let (cc, mask) = if side == 0 {
                (&st.c, usize::from(st.mask))
            } else {
                (&m, usize::from(self.mirror_mask[usize::from(st.mask)]))
            };
            let cu = |i: usize| usize::from(cc[i]);
            for b in 0..TRIPLES {
                push(T3_OFF + b * T3_SIZE + ((cu(b) * C + cu(b + 1)) * C + cu(b + 2)) * K + k);
            }
            for (p, &(i, j)) in self.pairs.iter().enumerate() {
                push(T2_OFF + p * T2_SIZE + (cu(i) * C + cu(j)) * K + k);
            }
            for (p, &(i, j)) in self.pairs.iter().enumerate() {
                push(PM_OFF + p * PM_SIZE + (cu(i) * C + cu(j)) * 64 + mask);
            }
            for i in 0..SINGLES {
                push(T1_OFF + i * T1_SIZE + (cu(i) * 64 + mask) * K + k);
            }
            // The fifth-die table: the counts of the chosen faces in face
            // order (mirrored: face 7 - d, so the order reverses).
            let faces: [usize; 6] = if side == 0 {
                [1, 2, 3, 4, 5, 6]
            } else {
                [6, 5, 4, 3, 2, 1]
            };
            let (mut d_idx, mut used) = (0usize, 0);
            for &d in &faces {
                if st.f[d] > 0 && used < 3 {
                    d_idx = d_idx * 8 + usize::from(st.f[d].min(7));
                    used += 1;
                }
            }
            for _ in used..3 {
                d_idx *= 8;
            }
            push(D_OFF + mask * 512 + d_idx);
        }
        let neg = st.c.iter().filter(|&&c| (1..5).contains(&c)).count();
        let mid = st.c.iter().filter(|&&c| (5..10).contains(&c)).count();
        push(E_OFF + (neg * 12 + mid) * K + k);
        if !v2 {
            return n;
        }
        let sc = self.sorted_of(st);
        for (i, &mi) in m.iter().enumerate().take(X1_ROWS) {
            for c in [st.c[i], mi] {
                push(X1_OFF + (i * C + usize::from(c)) * SC + sc);
            }
        }
        let zeros = st.c.iter().filter(|&&c| c == 0).count();
        let full = st.c.iter().filter(|&&c| c >= 10).count();
        push(G2_OFF + (zeros * 12 + full) * SC + sc);
        let lack: usize =
            st.c.iter()
                .filter(|&&c| (1..5).contains(&c))
                .map(|&c| usize::from(5 - c))
                .sum();
        push(G3_OFF + (neg.min(7) * 21 + lack.min(20)) * SC + sc);
        let k4 = match k {
            0..=3 => 0,
            4..=8 => 1,
            9..=11 => 2,
            _ => 3,
        };
        for cc in [&st.c, &m] {
            let q = ((usize::from(cc[4]) * C + usize::from(cc[5])) * C + usize::from(cc[6])) * C
                + usize::from(cc[7]);
            push(Q4_OFF + q * K4 + k4);
        }
        n
    }
}

/// A learned afterstate value, played with the lookahead below: the shipped
/// table, or the trainer's f32 network (`examples/choice_ntuple.rs`).
pub trait Value {
    /// V: the points still to come after the afterstate `st` (0 once done).
    fn value(&self, st: &St) -> f64;
}

/// A loaded table: the weights and what reads them.
pub struct Table {
    w: Vec<i16>,
    step: f64,
    tabs: Tabs,
}

impl Table {
    /// Reads a table file: an error (never a panic) for anything else.
    pub fn decode(bytes: &[u8]) -> Result<Table, TableError> {
        if bytes.len() != FILE_LEN {
            return Err(TableError::Length {
                expected: FILE_LEN,
                found: bytes.len(),
            });
        }
        if &bytes[0..4] != MAGIC {
            return Err(TableError::Magic);
        }
        let format = u16::from_le_bytes([bytes[4], bytes[5]]);
        if format != FORMAT {
            return Err(TableError::Format(format));
        }
        let step = u16::from_le_bytes([bytes[6], bytes[7]]);
        if step == 0 || step > 10_000 {
            return Err(TableError::Step(step));
        }
        let mut hash = [0u8; 8];
        hash.copy_from_slice(&bytes[8..16]);
        let body = &bytes[HEADER..];
        if fnv1a(body) != u64::from_le_bytes(hash) {
            return Err(TableError::Hash);
        }
        let w = body
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(Table {
            w,
            step: f64::from(step) / 1000.0,
            tabs: Tabs::new(),
        })
    }

    /// V: the points still to come after the afterstate `st` (0 once done).
    pub fn value(&self, st: &St) -> f64 {
        if st.done() {
            return 0.0;
        }
        let mut f = [0u32; NF2];
        let n = self.tabs.features(st, true, &mut f);
        let sum: i32 = f[..n].iter().map(|&i| i32::from(self.w[i as usize])).sum();
        f64::from(sum) * self.step
    }
}

impl Value for Table {
    fn value(&self, st: &St) -> f64 {
        Table::value(self, st)
    }
}

/// One throw ahead: the expected best result + V after the next throw
/// (R-CH-2, R-CH-3: with three numbers chosen, a throw showing none of
/// them is free); a finished sheet is worth its result. The sheets one
/// throw on differ only in two rows and the fifth-die outcome, so each is
/// valued once.
pub fn look1<V: Value>(v: &V, st: &St) -> f64 {
    if st.done() {
        return f64::from(st.total());
    }
    let mut next = Next::new(v, st);
    splits().iter().map(|t| t.p * next.best(t).0).sum()
}

/// Two throws ahead: for every next throw the split the learned value
/// likes best, valued one throw ahead from there (throws picking the same
/// split share it).
pub fn look2<V: Value>(v: &V, st: &St) -> f64 {
    if st.done() {
        return f64::from(st.total());
    }
    let mut next = Next::new(v, st);
    let mut memo = [[[f64::NAN; 11]; 11]; 7];
    let mut sum = 0.0;
    for t in splits() {
        let (_, (o, x, y)) = next.best(t);
        let m = &mut memo[usize::from(o)][usize::from(x)][usize::from(y)];
        if m.is_nan() {
            *m = look1(v, &st.with(usize::from(x), usize::from(y), o));
        }
        sum += t.p * *m;
    }
    sum
}

/// The expert's value of each afterstate of a throw: one throw ahead
/// (`look1`), and with `deep` the best two within `margin` points two
/// throws ahead (the better of them by that keeping its value one throw
/// ahead, the other less what it falls short two throws ahead). Ties are
/// taken in the order given.
pub fn weigh<V: Value>(v: &V, sheets: &[St], deep: bool, margin: f64) -> Vec<f64> {
    let mut values: Vec<f64> = sheets.iter().map(|st| look1(v, st)).collect();
    let best = values.iter().fold(f64::MIN, |m, x| m.max(*x));
    if !deep {
        return values;
    }
    let mut close: Vec<usize> = (0..values.len())
        .filter(|&i| best - values[i] <= margin)
        .collect();
    // Best first, ties in the order given.
    close.sort_by(|&i, &j| values[j].total_cmp(&values[i]));
    close.truncate(DEEP);
    if close.len() == DEEP {
        let two: Vec<f64> = close.iter().map(|&i| look2(v, &sheets[i])).collect();
        let top = two.iter().fold(f64::MIN, |m, x| m.max(*x));
        for (&i, x) in close.iter().zip(&two) {
            values[i] = best - (top - x);
        }
    }
    values
}

/// Result + V of every sheet one throw after `st`, by (fifth-die outcome,
/// 0 for a free throw)(low row)(high row), made as needed.
struct Next<'a, V> {
    v: &'a V,
    st: St,
    full: bool,
    memo: [[[f64; 11]; 11]; 7],
}

impl<'a, V: Value> Next<'a, V> {
    fn new(v: &'a V, st: &St) -> Self {
        Next {
            v,
            st: *st,
            full: st.chosen() >= 3,
            memo: [[[f64::NAN; 11]; 11]; 7],
        }
    }

    /// The legal split of `t` with the highest result + V, and it; the
    /// first of equals.
    fn best(&mut self, t: &Throw) -> (f64, (u8, u8, u8)) {
        let free = self.full && t.shown & self.st.mask == 0;
        let mut best = (f64::MIN, (0, 0, 0));
        for &(face, x, y) in &t.splits {
            if self.full && !free && self.st.mask & 1 << (face - 1) == 0 {
                continue;
            }
            let o = if free { 0 } else { face };
            let m = &mut self.memo[usize::from(o)][usize::from(x)][usize::from(y)];
            if m.is_nan() {
                let n = self.st.with(usize::from(x), usize::from(y), o);
                *m = f64::from(n.total()) + self.v.value(&n);
            }
            if *m > best.0 {
                best = (*m, (o, x, y));
            }
        }
        best
    }
}

static TABLE: OnceLock<Table> = OnceLock::new();

/// Installs the expert's table from a table file's bytes (once; a second
/// call checks its bytes and keeps the first table).
pub fn install(bytes: &[u8]) -> Result<(), TableError> {
    let table = Table::decode(bytes)?;
    let _ = TABLE.set(table);
    Ok(())
}

/// Whether the expert's table is installed (else it plays as strong).
pub fn installed() -> bool {
    TABLE.get().is_some()
}

/// Every assignment of `dice` to `sheet` with the expert's value (the
/// expected final result): one throw ahead by the learned value, the best
/// two different sheets within 10 points two throws ahead (the better of
/// them by that keeping its value one throw ahead, the other less what it
/// falls short two throws ahead). None until the table is installed.
pub fn expert_scores(sheet: &Sheet, dice: &[u8; 5]) -> Option<Vec<(f64, Assignment)>> {
    let table = TABLE.get()?;
    Some(scores_with(table, sheet, dice))
}

/// `expert_scores` with a given table.
pub fn scores_with(table: &Table, sheet: &Sheet, dice: &[u8; 5]) -> Vec<(f64, Assignment)> {
    let assignments = sheet.assignments(dice);
    // Many assignments leave the same sheet: each is weighed once.
    let mut sheets: Vec<St> = Vec::new();
    let index: Vec<usize> = assignments
        .iter()
        .map(|a| {
            let st = St::of(&bot::after(sheet, dice, a));
            sheets.iter().position(|s| *s == st).unwrap_or_else(|| {
                sheets.push(st);
                sheets.len() - 1
            })
        })
        .collect();
    let values = weigh(table, &sheets, true, MARGIN);
    assignments
        .into_iter()
        .zip(index)
        .map(|(a, i)| (values[i], a))
        .collect()
}
