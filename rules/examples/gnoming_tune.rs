//! Tunes the Gnoming strong player's continuous parameters
//! (`bot::GnomingParams`) against three `greedy` players (issue 43) by SPSA
//! with common random numbers: each iteration perturbs every parameter at
//! once by ±c (in units of its scale), plays the same deals with both
//! perturbed players in all four seat positions, and steps along the
//! estimated gradient of the objective (mean + worst seat) / 2 (`--worst
//! w`: (1 - w) mean + w worst) of a soft
//! win: sigmoid((best other total - own total) / 4), less noisy than a win
//! and close to it. The candidate is the running mean of the iterates from
//! iteration 10 on (Polyak); every 10 iterations it plays a fixed held-out
//! block of deals against the shipped player, whose figures are printed.
//!
//! Training deals are seeds 10,000,001 up (held-out block: 20,000,001 up),
//! disjoint from the validation seeds 1..=1000 and 500001..=501000 of
//! `gnoming_bench`. Each iteration writes the checkpoint (a small text
//! file); `--resume` carries on from it, with the same results as an
//! uninterrupted run.
//!
//! `cargo run --profile native -p spielblock-rules --example gnoming_tune --
//!   [--resume] [--seed 10000001] [--games 250] [--iters 1000] [--worst 0.5]
//!   [--ckpt target/gnoming-tune.ckpt]`
//! (games: deals per seat position and perturbation per iteration.)
//! `-- --validate SEED [--games 1000] [--params "p1 ... p15"]` plays the
//! checkpoint's candidate (or the parameters given, in the order of
//! `GnomingParams::NAMES`) as `gnoming_bench GAMES SEED` plays the shipped
//! player: per-seat wins.
use rules::gnoming::bot::{decide_with, greedy, GnomingParams};
use rules::gnoming::{Gnoming, Options};
use rules::rng::Rng;
use rules::Game;
use std::fmt::Write as _;
use std::time::Instant;

const N: usize = 15;
/// One step of each parameter (the units of the search).
const SCALE: [f64; N] = [
    0.25, 0.2, 1.0, 1.5, 0.15, 0.003, 0.3, 0.3, 4.0, 2.0, 1.5, 1.5, 2.0, 2.0, 0.5,
];
const LOW: [f64; N] = [
    0.0, 0.0, 0.0, 0.0, 0.0, -0.01, 0.0, 0.3, 3.0, -5.0, 0.5, 0.5, -5.0, -5.0, 0.0,
];
const HIGH: [f64; N] = [
    2.0, 1.5, 8.0, 10.0, 1.5, 0.03, 2.0, 3.0, 40.0, 15.0, 10.0, 12.0, 10.0, 10.0, 5.0,
];
/// SPSA gains: a_k = A_GAIN / (k + 1 + STAB)^0.602, c_k = C / (k + 1)^0.101.
const A_GAIN: f64 = 12.0;
const STAB: f64 = 5.0;
const C: f64 = 0.7;
/// The most a parameter moves in one step (units).
const MAX_STEP: f64 = 0.5;
/// The soft win's temperature (points of the game total).
const TEMP: f64 = 4.0;
const AVG_FROM: u64 = 10;
const CHECK_EVERY: u64 = 10;
const CHECK_SEED: u64 = 20_000_001;
const CHECK_GAMES: u64 = 500;

fn params(u: &[f64; N]) -> GnomingParams {
    let base = GnomingParams::STRONG.to_array();
    let mut a = [0.0; N];
    for i in 0..N {
        a[i] = (base[i] + SCALE[i] * u[i]).clamp(LOW[i], HIGH[i]);
    }
    GnomingParams::from_array(a)
}

/// One four-player game, the strong player with `p` in seat `me`, as
/// `gnoming_bench` plays it: (won outright, soft win).
fn game(seed: u64, me: usize, p: &GnomingParams) -> (bool, f64) {
    let mut game = Gnoming::new(4, &Options::default(), seed).expect("game");
    let mut chooser = Rng::new(seed ^ 0x5EED);
    // Seats deciding at once answer in the order `simulate` draws.
    while let Some(seat) = chooser.pick(&game.to_act()) {
        let view = game.view(Some(seat));
        let a = if seat == me {
            decide_with(&view, seat, p, &mut chooser)
        } else {
            greedy(&view, seat)
        };
        game.apply(seat, &a).expect("legal");
    }
    let o = game.outcome().expect("over");
    let won = o.places[me] == 1 && !o.is_shared(me);
    let best_other = (0..4)
        .filter(|&s| s != me)
        .map(|s| o.scores[s])
        .min()
        .unwrap();
    let margin = (best_other - o.scores[me]) as f64;
    (won, 1.0 / (1.0 + (-margin / TEMP).exp()))
}

/// Per seat position: (wins, soft wins), as fractions, over `games` deals
/// from `seed`.
fn seats(seed: u64, games: u64, p: &GnomingParams) -> [(f64, f64); 4] {
    let mut r = [(0.0, 0.0); 4];
    for g in 0..games {
        for (me, x) in r.iter_mut().enumerate() {
            let (w, s) = game(seed + g, me, p);
            x.0 += f64::from(u8::from(w)) / games as f64;
            x.1 += s / games as f64;
        }
    }
    r
}

/// The objective: (1 - w) mean + w worst of the seats' soft wins (`--worst
/// w`, 0.5 unless given: (mean + worst) / 2).
fn objective(r: &[(f64, f64); 4], w: f64) -> f64 {
    let mean = r.iter().map(|x| x.1).sum::<f64>() / 4.0;
    let worst = r.iter().map(|x| x.1).fold(1.0, f64::min);
    (1.0 - w) * mean + w * worst
}

/// Per-seat wins (%) and the objective, as a line.
fn line(r: &[(f64, f64); 4], w: f64) -> String {
    let wins: Vec<String> = r.iter().map(|x| format!("{:.1}", 100.0 * x.0)).collect();
    let mean = r.iter().map(|x| x.0).sum::<f64>() / 4.0;
    format!(
        "wins {} (mean {:.2}) obj {:.4}",
        wins.join("/"),
        100.0 * mean,
        objective(r, w)
    )
}

/// A ±1 per parameter, from the seed and the iteration alone.
fn delta(seed: u64, k: u64) -> [f64; N] {
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (k + 1));
    let mut d = [0.0; N];
    for x in d.iter_mut() {
        *x = if rng.below(2) == 0 { -1.0 } else { 1.0 };
    }
    d
}

#[derive(Default)]
struct State {
    seed: u64,
    games: u64,
    /// The worst seat's weight in the objective.
    worst: f64,
    /// Iterations done.
    k: u64,
    u: [f64; N],
    sum: [f64; N],
    n: u64,
    /// The shipped player's and the candidates' held-out figures:
    /// (iteration, per-seat wins, objective).
    base: Option<String>,
    checks: Vec<String>,
}

impl State {
    fn avg(&self) -> [f64; N] {
        if self.n == 0 {
            return self.u;
        }
        self.sum.map(|s| s / self.n as f64)
    }

    fn save(&self, path: &str) {
        let v = |a: &[f64; N]| {
            a.iter()
                .map(|x| format!("{x:e}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut s = String::new();
        writeln!(s, "seed {}", self.seed).unwrap();
        writeln!(s, "games {}", self.games).unwrap();
        writeln!(s, "worst {}", self.worst).unwrap();
        writeln!(s, "iter {}", self.k).unwrap();
        writeln!(s, "u {}", v(&self.u)).unwrap();
        writeln!(s, "sum {}", v(&self.sum)).unwrap();
        writeln!(s, "n {}", self.n).unwrap();
        if let Some(b) = &self.base {
            writeln!(s, "base {b}").unwrap();
        }
        for c in &self.checks {
            writeln!(s, "check {c}").unwrap();
        }
        let p = params(&self.avg());
        writeln!(s, "# candidate {p:?}").unwrap();
        let tmp = format!("{path}.tmp");
        std::fs::write(&tmp, s).expect("write the checkpoint");
        std::fs::rename(&tmp, path).expect("write the checkpoint");
    }

    fn load(path: &str) -> State {
        let text = std::fs::read_to_string(path).expect("read the checkpoint");
        // Checkpoints from before `--worst` weighed it 0.5.
        let mut st = State {
            worst: 0.5,
            ..State::default()
        };
        let arr = |rest: &str| -> [f64; N] {
            let v: Vec<f64> = rest
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            v.try_into().expect("15 values")
        };
        for l in text.lines() {
            let (key, rest) = l.split_once(' ').unwrap_or((l, ""));
            match key {
                "seed" => st.seed = rest.parse().unwrap(),
                "games" => st.games = rest.parse().unwrap(),
                "worst" => st.worst = rest.parse().unwrap(),
                "iter" => st.k = rest.parse().unwrap(),
                "u" => st.u = arr(rest),
                "sum" => st.sum = arr(rest),
                "n" => st.n = rest.parse().unwrap(),
                "base" => st.base = Some(rest.to_string()),
                "check" => st.checks.push(rest.to_string()),
                _ => {}
            }
        }
        st
    }
}

fn show(p: &GnomingParams) -> String {
    GnomingParams::NAMES
        .iter()
        .zip(p.to_array())
        .map(|(n, v)| format!("{n}={v:.4}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|s| s.to_string())
    };
    let resume = args.iter().any(|a| a == "--resume");
    let path = opt("--ckpt").unwrap_or_else(|| "target/gnoming-tune.ckpt".into());
    let iters: u64 = opt("--iters").map_or(1000, |s| s.parse().unwrap());
    if let Some(seed) = opt("--validate") {
        // The checkpoint's candidate (or `--params`, 15 numbers) as
        // `gnoming_bench GAMES SEED` plays the shipped player.
        let seed: u64 = seed.parse().unwrap();
        let games: u64 = opt("--games").map_or(1000, |s| s.parse().unwrap());
        let p = match opt("--params") {
            Some(list) => {
                let v: Vec<f64> = list
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|x| !x.is_empty())
                    .map(|x| x.parse().unwrap())
                    .collect();
                GnomingParams::from_array(v.try_into().expect("15 values"))
            }
            None => params(&State::load(&path).avg()),
        };
        println!("{}", show(&p));
        let t = Instant::now();
        let r = seats(seed, games, &p);
        println!(
            "{games} deals per seat from {seed}: {} ({:.0}s)",
            line(&r, 0.5),
            t.elapsed().as_secs_f64()
        );
        return;
    }
    let mut st = if resume {
        let st = State::load(&path);
        println!("resumed from {path} at iteration {}", st.k);
        st
    } else {
        State {
            seed: opt("--seed").map_or(10_000_001, |s| s.parse().unwrap()),
            games: opt("--games").map_or(250, |s| s.parse().unwrap()),
            worst: opt("--worst").map_or(0.5, |s| s.parse().unwrap()),
            ..State::default()
        }
    };
    assert!(
        st.seed > 501_000 || st.seed + iters * st.games <= 500_000 && st.seed > 1000,
        "training seeds must miss the validation seeds"
    );
    if st.base.is_none() {
        let t = Instant::now();
        let r = seats(CHECK_SEED, CHECK_GAMES, &GnomingParams::STRONG);
        st.base = Some(line(&r, st.worst));
        println!(
            "shipped player, held-out {CHECK_GAMES} deals per seat from {CHECK_SEED}: {} ({:.0}s)",
            line(&r, st.worst),
            t.elapsed().as_secs_f64()
        );
        st.save(&path);
    }
    while st.k < iters {
        let t = Instant::now();
        let k = st.k;
        let ck = C / ((k + 1) as f64).powf(0.101);
        let ak = A_GAIN / ((k + 1) as f64 + STAB).powf(0.602);
        let d = delta(st.seed, k);
        let plus: [f64; N] = std::array::from_fn(|i| st.u[i] + ck * d[i]);
        let minus: [f64; N] = std::array::from_fn(|i| st.u[i] - ck * d[i]);
        let from = st.seed + k * st.games;
        let rp = seats(from, st.games, &params(&plus));
        let rm = seats(from, st.games, &params(&minus));
        let diff = objective(&rp, st.worst) - objective(&rm, st.worst);
        for i in 0..N {
            let g = diff / (2.0 * ck * d[i]);
            let step = (ak * g).clamp(-MAX_STEP, MAX_STEP);
            // Within the bounds (in units).
            let base = GnomingParams::STRONG.to_array()[i];
            let lo = (LOW[i] - base) / SCALE[i];
            let hi = (HIGH[i] - base) / SCALE[i];
            st.u[i] = (st.u[i] + step).clamp(lo, hi);
        }
        st.k += 1;
        if st.k >= AVG_FROM {
            for i in 0..N {
                st.sum[i] += st.u[i];
            }
            st.n += 1;
        }
        println!(
            "iter {} ({:.0}s) deals {}..{}: + {} | - {} | diff {:+.4}",
            st.k,
            t.elapsed().as_secs_f64(),
            from,
            from + st.games - 1,
            line(&rp, st.worst),
            line(&rm, st.worst),
            diff
        );
        println!("  now   {}", show(&params(&st.u)));
        if st.k % CHECK_EVERY == 0 {
            let t = Instant::now();
            let p = params(&st.avg());
            let r = seats(CHECK_SEED, CHECK_GAMES, &p);
            let c = format!("{} {}", st.k, line(&r, st.worst));
            println!(
                "CHECK iter {}: candidate (mean of iterates) {} | shipped {} ({:.0}s)",
                st.k,
                line(&r, st.worst),
                st.base.as_deref().unwrap_or(""),
                t.elapsed().as_secs_f64()
            );
            println!("  candidate {}", show(&p));
            st.checks.push(c);
        }
        st.save(&path);
    }
    println!("final candidate {:?}", params(&st.avg()));
}
