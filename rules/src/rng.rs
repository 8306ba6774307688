//! The seeded PRNG that lives inside every game state (R-G-1).
//!
//! SplitMix64 is written out here rather than taken from `rand`: a saved game is
//! replayed from its seed and move list, so the stream must never change with a
//! dependency upgrade (`rand` documents no value stability across versions).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` without modulo bias. `n` must be at least 1.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// One of `items`, uniformly (None if there are none). Drawn as
    /// `below(len)`, also for a single item, so a run's stream is the same
    /// however many seats may decide at once (`driver::play_to_end`).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len() as u64) as usize])
    }

    /// One fair six-sided die.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    pub fn dice(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.d6()).collect()
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// Every multiset of `n` six-sided dice, faces high to low, with its
/// probability: the exact distribution the computer players take
/// expectations over.
pub fn dice_multisets(n: usize) -> Vec<(Vec<u8>, f64)> {
    fn rec(n: usize, max: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for f in (1..=max).rev() {
            cur.push(f);
            rec(n, f, cur, out);
            cur.pop();
        }
    }
    let mut all = Vec::new();
    rec(n, 6, &mut Vec::new(), &mut all);
    let fact = |k: usize| (1..=k).map(|x| x as f64).product::<f64>();
    let total = 6f64.powi(n as i32);
    all.into_iter()
        .map(|m| {
            let mut counts = [0usize; 7];
            for &x in &m {
                counts[x as usize] += 1;
            }
            let perms = fact(n) / counts.iter().map(|&c| fact(c)).product::<f64>();
            (m, perms / total)
        })
        .collect()
}

/// Property-test check shared by the dice games: the PRNG (from which every
/// coming die could be foretold) appears nowhere in what a seat is shown.
pub fn check_prng_hidden(rng: &Rng, shown: &impl Serialize) -> Result<(), String> {
    let state = rng.state.to_string();
    let text = serde_json::to_string(shown).map_err(|e| e.to_string())?;
    if text.contains("rng") || (state.len() > 6 && text.contains(&state)) {
        return Err(format!("the PRNG state {state} is visible"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_r_g_1() {
        // R-G-1: a game is replayed exactly from its seed.
        let a: Vec<u8> = Rng::new(7).dice(50);
        let b: Vec<u8> = Rng::new(7).dice(50);
        assert_eq!(a, b);
        assert_ne!(a, Rng::new(8).dice(50));
    }

    #[test]
    fn stream_is_pinned() {
        // Pinned values: a change here would break every saved game.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    /// Pearson's chi-square of `counts` against equal chances.
    fn chi_square(counts: &[u64]) -> f64 {
        let n: u64 = counts.iter().sum();
        let e = n as f64 / counts.len() as f64;
        counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum()
    }

    #[test]
    fn dice_are_fair_over_many_seeds() {
        // Issue 24 (5): one seed's stream is pinned by `stream_is_pinned`;
        // what players rely on is that every face is equally likely, from
        // the first throw of a fresh seed (daily seeds are hashes of dates)
        // to deep in a stream, with no bias in `below` and no dependence
        // between one die and the next. Critical values at p = 0.001.
        let mut first = [0u64; 6];
        for seed in 0..60_000 {
            first[(Rng::new(seed).d6() - 1) as usize] += 1;
        }
        assert!(chi_square(&first) < 20.52, "first dice {first:?}");
        let mut pairs = [0u64; 36];
        // Consecutive seeds (multiples of SplitMix's own step would replay
        // one stream shifted, which is no test of the dice).
        for seed in 0..2_000u64 {
            let mut r = Rng::new(seed);
            for _ in 0..60 {
                let (a, b) = (r.d6() - 1, r.d6() - 1);
                pairs[(a * 6 + b) as usize] += 1;
            }
        }
        assert!(chi_square(&pairs) < 66.62, "pairs {pairs:?}");
        for (n, critical) in [(3u64, 13.82), (5, 18.47), (7, 22.46), (11, 29.59)] {
            let mut counts = vec![0u64; n as usize];
            let mut r = Rng::new(n);
            for _ in 0..20_000 * n {
                counts[r.below(n) as usize] += 1;
            }
            assert!(chi_square(&counts) < critical, "below({n}): {counts:?}");
        }
    }

    #[test]
    fn multisets_cover_every_throw_once() {
        for n in 0..=5 {
            let all = dice_multisets(n);
            let p: f64 = all.iter().map(|(_, p)| p).sum();
            assert!((p - 1.0).abs() < 1e-12, "n {n}: {p}");
            assert!(all.iter().all(|(m, _)| m.windows(2).all(|w| w[0] >= w[1])));
        }
        assert_eq!(dice_multisets(5).len(), 252);
    }

    #[test]
    fn serialized_state_resumes_stream() {
        let mut r = Rng::new(99);
        r.dice(3);
        let saved = serde_json::to_string(&r).unwrap();
        let mut back: Rng = serde_json::from_str(&saved).unwrap();
        assert_eq!(r.dice(10), back.dice(10));
    }
}
