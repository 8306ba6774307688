//! One component solved exactly: the forward pass over its numbers, whose
//! configurations (the live boxes' mine counts, interned) carry weights and
//! bit sets of possible totals, with the transitions recorded for the
//! backward pass.

use super::bits::{bit, bits_or_shl, bits_words};

/// Byte strings of one length, numbered in the order first seen (open
/// addressing over a flat key list): the DP's configurations and the
/// boxes' constraint sets. Smaller in the download than a hash map.
pub(super) struct Interner {
    slots: Vec<u32>,
    count: u32,
}

impl Interner {
    pub(super) fn new() -> Interner {
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
    pub(super) fn intern(&mut self, keys: &mut Vec<u8>, key: &[u8]) -> u32 {
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

/// Where a slot of the next configuration takes its value from.
#[derive(Clone, Copy)]
enum Slot {
    Prev(usize),
    New(usize),
}

/// One number of a component, in processing order.
pub(super) struct Step {
    need: usize,
    /// Slots, in the previous configuration, of its boxes already live.
    old: Vec<usize>,
    /// Local boxes first assigned here.
    pub(super) new: Vec<usize>,
    /// Per rest (mines still needed after the live boxes): every split of
    /// it over the new boxes (flat, `new.len()` values each) and its factor.
    pub(super) splits: Vec<(Vec<u8>, Vec<f64>)>,
    /// The next configuration, slot by slot.
    next: Vec<Slot>,
}

/// The configurations after a step: keys (live boxes' mines, `width` each),
/// weights and possible totals over the component's mines so far.
pub(super) struct Layer {
    pub(super) width: usize,
    /// The weight vectors cover totals lo..lo + len.
    pub(super) lo: usize,
    pub(super) len: usize,
    pub(super) count: usize,
    pub(super) keys: Vec<u8>,
    pub(super) weights: Vec<f64>,
    pub(super) feasible: Vec<u64>,
}

impl Layer {
    pub(super) fn words(&self) -> usize {
        bits_words(self.len)
    }
    pub(super) fn count(&self) -> usize {
        self.count
    }
    pub(super) fn w(&self, c: usize) -> &[f64] {
        &self.weights[c * self.len..(c + 1) * self.len]
    }
    pub(super) fn f(&self, c: usize) -> &[u64] {
        let w = self.words();
        &self.feasible[c * w..(c + 1) * w]
    }
}

/// A recorded transition of a step.
#[derive(Clone, Copy)]
pub(super) struct Transition {
    pub(super) prev: u32,
    pub(super) next: u32,
    pub(super) rest: u16,
    pub(super) split: u16,
}

/// A component, solved forward.
pub(super) struct Solved {
    /// Global box ids; local index = position here.
    pub(super) boxes: Vec<usize>,
    pub(super) sizes: Vec<usize>,
    pub(super) steps: Vec<Step>,
    /// `layers[0]` is the start; `layers[k + 1]` follows step k.
    pub(super) layers: Vec<Layer>,
    pub(super) transitions: Vec<Vec<Transition>>,
    /// The forward pass's counted work.
    pub(super) work: u64,
    /// Set when the component was over budget: per box, estimated mines
    /// and the counts it can hold (a sound superset, from bounds
    /// propagation); `layers` then holds one layer over the possible totals
    /// (a superset too) with estimated weights.
    pub(super) approx: Option<(Vec<f64>, Vec<u16>)>,
}

impl Solved {
    /// Weights of the component by its number of mines (scaled to a
    /// largest of 1), from 0 mines on.
    pub(super) fn ways(&self) -> Vec<f64> {
        let last = self.layers.last().expect("a start layer");
        let mut out = vec![0.0; last.lo];
        out.extend_from_slice(last.w(0));
        normalize(&mut out);
        out
    }
    /// Which numbers of mines the component can hold, from 0 on.
    pub(super) fn possible(&self) -> Vec<bool> {
        let last = self.layers.last().expect("a start layer");
        let mut out = vec![false; last.lo];
        out.extend((0..last.len).map(|i| bit(last.f(0), i)));
        out
    }
}

/// Divides by the largest entry, so weights neither overflow nor vanish;
/// every ratio the engine uses is taken within one scaled vector.
pub(super) fn rescale(xs: &mut [f64]) {
    let top = xs.iter().fold(0.0f64, |a, &b| if b > a { b } else { a });
    if top.is_finite() && (top > 1e100 || top > 0.0 && top < 1e-100) {
        xs.iter_mut().for_each(|x| *x /= top);
    }
}

/// Divides by the largest entry.
pub(super) fn normalize(xs: &mut [f64]) {
    let top = xs.iter().fold(0.0f64, |a, &b| if b > a { b } else { a });
    if top > 0.0 && top.is_finite() {
        xs.iter_mut().for_each(|x| *x /= top);
    }
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
pub(super) enum Fail {
    /// No arrangement of the component satisfies its numbers.
    Inconsistent,
    /// The forward pass would take more than its budget.
    OverBudget,
}

/// The forward pass over a component's numbers (`cons`: local boxes and
/// mines needed, in processing order). Totals above `hidden` are dropped:
/// no arrangement can use more mines than are hidden. Gives up once its
/// counted work passes `budget`.
pub(super) fn solve(
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
