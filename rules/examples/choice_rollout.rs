//! Experiment: the CHOICE strong player's close calls decided by rollouts.
//! Each assignment within MARGIN of the strong player's best (at most K) is
//! played on N times to the end of the game by the table's one-throw-greedy
//! player, on the same N dice sequences for every candidate; the highest
//! mean final result is played. Paired with the strong player on the same
//! seeded games (solo dice do not depend on the choices).
//! `cargo run --profile native -p spielblock-rules --example choice_rollout -- [games] [first seed] [N] [K] [MARGIN]`
use rules::choice::bot;
use rules::choice::{Assignment, Sheet};
use rules::rng::Rng;
use std::time::Instant;

fn first_best(scored: &[(f64, Assignment)]) -> Assignment {
    let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
    scored.iter().find(|(v, _)| *v == best).expect("one").1
}

/// The table-greedy player from `sheet` to the end on `rng`'s dice.
fn finish(mut s: Sheet, rng: &mut Rng) -> i64 {
    while !s.done() {
        let d = rng.dice(5);
        let dice = [d[0], d[1], d[2], d[3], d[4]];
        let (_, a) = bot::best_by(bot::trained(), &s, &dice).expect("a choice");
        s = bot::after(&s, &dice, &a);
    }
    s.total()
}

struct Cfg {
    n: u64,
    k: usize,
    margin: f64,
}

fn play(seed: u64, cfg: Option<&Cfg>, calls: &mut (u64, u64)) -> i64 {
    let mut rng = Rng::new(seed);
    let mut s = Sheet::default();
    let mut turn = 0u64;
    while !s.done() {
        let d = rng.dice(5);
        let dice = [d[0], d[1], d[2], d[3], d[4]];
        let scored = bot::strong_scores(&s, &dice);
        let mut a = first_best(&scored);
        if let Some(cfg) = cfg {
            let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
            let mut cands: Vec<&(f64, Assignment)> = scored
                .iter()
                .filter(|(v, _)| best - v <= cfg.margin)
                .collect();
            cands.sort_by(|x, y| y.0.total_cmp(&x.0));
            cands.dedup_by(|x, y| bot::after(&s, &dice, &x.1) == bot::after(&s, &dice, &y.1));
            cands.truncate(cfg.k);
            if cands.len() >= 2 {
                calls.0 += 1;
                let mut top = (f64::MIN, a);
                for (_, c) in &cands {
                    let next = bot::after(&s, &dice, c);
                    let mut sum = 0i64;
                    for r in 0..cfg.n {
                        let mut rr = Rng::new(seed ^ (turn << 32) ^ (r.wrapping_mul(0x9E37_79B9)));
                        sum += finish(next.clone(), &mut rr);
                    }
                    let mean = sum as f64 / cfg.n as f64;
                    if mean > top.0 {
                        top = (mean, *c);
                    }
                }
                if top.1 != a {
                    calls.1 += 1;
                }
                a = top.1;
            }
        }
        s = bot::after(&s, &dice, &a);
        turn += 1;
    }
    s.total()
}

fn main() {
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(200.0) as u64;
    let first = args.get(1).copied().unwrap_or(5_000_000.0) as u64;
    let cfg = Cfg {
        n: args.get(2).copied().unwrap_or(64.0) as u64,
        k: args.get(3).copied().unwrap_or(3.0) as usize,
        margin: args.get(4).copied().unwrap_or(20.0),
    };
    bot::warm_up();
    let t = Instant::now();
    let (mut d_sum, mut d_sq, mut a_sum, mut b_sum) = (0.0, 0.0, 0.0, 0.0);
    let mut calls = (0, 0);
    for g in 0..games {
        let seed = first + g;
        let a = play(seed, None, &mut (0, 0)) as f64;
        let b = play(seed, Some(&cfg), &mut calls) as f64;
        a_sum += a;
        b_sum += b;
        d_sum += b - a;
        d_sq += (b - a) * (b - a);
        if (g + 1) % 50 == 0 || g + 1 == games {
            let n = (g + 1) as f64;
            let mean = d_sum / n;
            let sd = (d_sq / n - mean * mean).max(0.0).sqrt();
            println!(
                "{} games: strong {:.1}, rollout {:.1}, diff {:+.2} ± {:.2}; close calls {} changed {}; {:.0} s",
                g + 1,
                a_sum / n,
                b_sum / n,
                mean,
                sd / n.sqrt(),
                calls.0,
                calls.1,
                t.elapsed().as_secs_f64()
            );
        }
    }
}
