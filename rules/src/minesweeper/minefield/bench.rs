//! The speed benchmark (`spielblock-cli minesweeper bench`, and
//! `bench-wasm/` in the browser).

use super::{analyze, auto_reveal, seeded_game};

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
