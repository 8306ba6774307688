//! A component over its work budget, estimated from bounds propagated
//! through its numbers instead of solved.

use super::bits::bits_words;
use super::solver::{normalize, Fail, Layer, Solved};

/// A component over budget, estimated: bounds on every box's mines
/// propagated through its numbers to a fixed point (sound: a box's count
/// outside its bounds is impossible), the possible totals taken as every
/// sum within the bounds, and the weights as a bell around the estimated
/// total. Err if the bounds contradict a number.
pub(super) fn estimate(
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
