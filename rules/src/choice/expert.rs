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

use super::bot;
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
const V1_WEIGHTS: usize = PM_OFF + PAIRS * PM_SIZE;
/// Sorted fifth-die counts (three counts 0..=7, highest first).
const SC: usize = 120;
const X1_OFF: usize = V1_WEIGHTS;
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

/// A sheet as the table reads it: crosses capped at ten, the fifth-die
/// count per face, the faces chosen.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct St {
    c: [u8; 11],
    /// Count per face 1..=6 (index 0 unused).
    f: [u8; 7],
    /// Fifth-die faces chosen, a bit per face (bit d - 1).
    mask: u8,
}

impl St {
    fn done(&self) -> bool {
        self.f.iter().any(|&n| n >= FIFTH_BOXES)
    }
    fn total(&self) -> i32 {
        (0..11).map(|i| row_score(i, self.c[i])).sum()
    }
    fn chosen(&self) -> u32 {
        self.mask.count_ones()
    }
    fn with(&self, x: usize, y: usize, fifth: u8) -> St {
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

fn row_score(row: usize, c: u8) -> i32 {
    match c {
        0 => 0,
        1..=4 => -200,
        _ => (i32::from(c) - 5) * POINTS[row] as i32,
    }
}

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
struct Tabs {
    clock: [[[u8; 8]; 8]; 8],
    sorted: [[[u8; 8]; 8]; 8],
    pairs: [(usize, usize); PAIRS],
    mirror_mask: [u8; 64],
}

impl Tabs {
    fn new() -> Tabs {
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
        let t = &self.tabs;
        let w = |i: usize| i32::from(self.w[i]);
        let cnt = Tabs::counts(st);
        let k = usize::from(t.clock[cnt[0]][cnt[1]][cnt[2]]);
        let sc = usize::from(t.sorted[cnt[0]][cnt[1]][cnt[2]]);
        let mut m = st.c;
        m.reverse();
        let mut sum = 0i32;
        for side in 0..2 {
            let (cc, mask) = if side == 0 {
                (&st.c, usize::from(st.mask))
            } else {
                (&m, usize::from(t.mirror_mask[usize::from(st.mask)]))
            };
            let cu = |i: usize| usize::from(cc[i]);
            for b in 0..TRIPLES {
                sum += w(T3_OFF + b * T3_SIZE + ((cu(b) * C + cu(b + 1)) * C + cu(b + 2)) * K + k);
            }
            for (p, &(i, j)) in t.pairs.iter().enumerate() {
                sum += w(T2_OFF + p * T2_SIZE + (cu(i) * C + cu(j)) * K + k);
                sum += w(PM_OFF + p * PM_SIZE + (cu(i) * C + cu(j)) * 64 + mask);
            }
            for i in 0..SINGLES {
                sum += w(T1_OFF + i * T1_SIZE + (cu(i) * 64 + mask) * K + k);
            }
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
            sum += w(D_OFF + mask * 512 + d_idx);
        }
        let neg = st.c.iter().filter(|&&c| (1..5).contains(&c)).count();
        let mid = st.c.iter().filter(|&&c| (5..10).contains(&c)).count();
        sum += w(E_OFF + (neg * 12 + mid) * K + k);
        for (i, &mi) in m.iter().enumerate().take(X1_ROWS) {
            for c in [st.c[i], mi] {
                sum += w(X1_OFF + (i * C + usize::from(c)) * SC + sc);
            }
        }
        let zeros = st.c.iter().filter(|&&c| c == 0).count();
        let full = st.c.iter().filter(|&&c| c >= 10).count();
        sum += w(G2_OFF + (zeros * 12 + full) * SC + sc);
        let lack: usize =
            st.c.iter()
                .filter(|&&c| (1..5).contains(&c))
                .map(|&c| usize::from(5 - c))
                .sum();
        sum += w(G3_OFF + (neg.min(7) * 21 + lack.min(20)) * SC + sc);
        let k4 = match k {
            0..=3 => 0,
            4..=8 => 1,
            9..=11 => 2,
            _ => 3,
        };
        for cc in [&st.c, &m] {
            let q = ((usize::from(cc[4]) * C + usize::from(cc[5])) * C + usize::from(cc[6])) * C
                + usize::from(cc[7]);
            sum += w(Q4_OFF + q * K4 + k4);
        }
        f64::from(sum) * self.step
    }

    /// One throw ahead: the expected best result + V after the next throw
    /// (R-CH-2, R-CH-3: with three numbers chosen, a throw showing none of
    /// them is free). The sheets one throw on differ only in two rows and
    /// the fifth-die outcome, so each is valued once.
    fn look1(&self, st: &St) -> f64 {
        if st.done() {
            return f64::from(st.total());
        }
        let mut next = Next::new(self, st);
        throws().iter().map(|t| t.p * next.best(t).0).sum()
    }

    /// Two throws ahead: for every next throw the split the learned value
    /// likes best, valued one throw ahead from there.
    fn look2(&self, st: &St) -> f64 {
        if st.done() {
            return f64::from(st.total());
        }
        let mut next = Next::new(self, st);
        let mut memo = [[[f64::NAN; 11]; 11]; 7];
        let mut sum = 0.0;
        for t in throws() {
            let (_, (o, x, y)) = next.best(t);
            let m = &mut memo[usize::from(o)][usize::from(x)][usize::from(y)];
            if m.is_nan() {
                *m = self.look1(&st.with(usize::from(x), usize::from(y), o));
            }
            sum += t.p * *m;
        }
        sum
    }
}

/// One distinct throw of five dice: its chance, the faces it shows (a bit
/// per face) and its distinct splits (fifth-die face, low row, high row).
struct Throw {
    p: f64,
    shown: u8,
    splits: Vec<(u8, u8, u8)>,
}

fn throws() -> &'static [Throw] {
    static THROWS: OnceLock<Vec<Throw>> = OnceLock::new();
    THROWS.get_or_init(|| {
        crate::rng::dice_multisets(5)
            .into_iter()
            .map(|(d, p)| {
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

/// Result + V of every sheet one throw after `st`, by (fifth-die outcome,
/// 0 for a free throw)(low row)(high row), made as needed.
struct Next<'a> {
    table: &'a Table,
    st: St,
    full: bool,
    memo: [[[f64; 11]; 11]; 7],
}

impl<'a> Next<'a> {
    fn new(table: &'a Table, st: &St) -> Self {
        Next {
            table,
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
                *m = f64::from(n.total()) + self.table.value(&n);
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
    let mut sheets: Vec<(St, f64)> = Vec::new();
    let index: Vec<usize> = assignments
        .iter()
        .map(|a| {
            let st = St::of(&bot::after(sheet, dice, a));
            match sheets.iter().position(|(s, _)| *s == st) {
                Some(i) => i,
                None => {
                    sheets.push((st, table.look1(&st)));
                    sheets.len() - 1
                }
            }
        })
        .collect();
    let best = sheets.iter().fold(f64::MIN, |m, s| m.max(s.1));
    let mut deep: Vec<usize> = (0..sheets.len())
        .filter(|&i| best - sheets[i].1 <= MARGIN)
        .collect();
    // Best first, ties in the legal order.
    deep.sort_by(|&i, &j| sheets[j].1.total_cmp(&sheets[i].1));
    deep.truncate(DEEP);
    if deep.len() == DEEP {
        let two: Vec<f64> = deep.iter().map(|&i| table.look2(&sheets[i].0)).collect();
        let top = two.iter().fold(f64::MIN, |m, v| m.max(*v));
        for (&i, v) in deep.iter().zip(&two) {
            sheets[i].1 = best - (top - v);
        }
    }
    assignments
        .into_iter()
        .zip(index)
        .map(|(a, i)| (sheets[i].1, a))
        .collect()
}
