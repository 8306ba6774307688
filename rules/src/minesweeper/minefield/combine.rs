//! The whole board: components combined by convolution over the mine
//! count, the interior weighted by binomial ratios, each component's
//! backward pass with the rest of the board folded in, and from that the
//! `Analysis` with every determined number.

use super::bits::{bit, bits_meet_shr, bits_or_shr, bits_words};
use super::frame::{frame, Full};
use super::reveal::determined_number;
use super::solver::{rescale, Fail, Solved};
use super::{Analysis, Position, NUMBER_BUDGET};

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

pub(super) fn analyze_full(pos: &Position) -> Option<Full> {
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
