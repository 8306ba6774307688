//! A learned correction of the Gnoming strong player's layout estimate
//! (issue 43): self-play data, least-squares fits, a paired comparison.
//! None of the corrections fitted here beat the shipped player on held-out
//! deals (README.md, "Computer players, measured"); the player ships
//! without one (`bot::LEARN_NAMES` all weighted 0).
//!
//! `fit GAMES SEED [--layout] [--use "i j ..."] [--h1]`: the shipped strong
//! player in each seat position against three greedy, GAMES deals per
//! position from SEED; at the start of each of its turns the features of
//! its layout (`bot::LEARN_NAMES`) and its estimate, and at the round's end
//! its round score. Fits round score less estimate on the features by least
//! squares (`--layout`: the layout terms and a constant; `--use`: those
//! features; `--h1`: only turns with one face-down card and no one out, the
//! value of not going out). A value fitted so is confounded by what the
//! player does next (a high card shown is replaced later), and played by it
//! lost (README).
//!
//! `qfit GAMES SEED [--p 0.25] [--win]`: paired continuations instead. At a
//! share p of the player's decisions with a card in hand, its choice and
//! another are each played on to the round's end from a copy of the game;
//! the difference of the round scores (`--win`: of a soft win) is fitted on
//! the difference of the player's gains and of the layout features. Prints
//! three fits and each one's weights for `paired`. The candidate measured
//! in README: `qfit 1500 10000001 --p 0.5 --win`, the second fit (face-down
//! cards, times the turns left, and the chances).
//!
//! `paired GAMES SEED SEAT... --w "w1 ..." [--mode m]`: the shipped player
//! and the corrected one (`bot::decide_learned`; mode 0 the layout terms, 1
//! the state's too, 2 the state's alone where the seat may go out) on the
//! same deals, per seat: wins of each, the paired difference with its
//! standard error, and the decisions' native times.
//!
//! `nice -n 19 cargo run --profile native -p spielblock-rules --example gnoming_learn -- qfit 1500 10000001 --p 0.5 --win`
use rules::gnoming::bot::{
    decide_learned, greedy, learn_candidates, learn_features, LAYOUT_N, LEARN_N, LEARN_NAMES,
};
use rules::gnoming::{Gnoming, Options, Stage};
use rules::rng::Rng;
use rules::{ComputerPlayer, Game, Level};
use std::time::Instant;

type Rec = (usize, f64, [f64; LEARN_N]);

/// One game, the strong player (`w`: corrected) in seat `me`: whether it
/// won outright, and the records of its turns with the round scores.
fn game(
    seed: u64,
    me: usize,
    w: Option<(&[f64; LEARN_N], u8)>,
    recs: Option<&mut Vec<(f64, [f64; LEARN_N])>>,
    times: &mut Vec<f64>,
) -> bool {
    let mut game = Gnoming::new(4, &Options::default(), seed).expect("game");
    let mut chooser = Rng::new(seed ^ 0x5EED);
    let mut mine: Vec<Rec> = Vec::new();
    // Seats deciding at once answer in the order `simulate` draws.
    while let Some(seat) = chooser.pick(&game.to_act()) {
        let view = game.view(Some(seat));
        let a = if seat == me {
            if recs.is_some() && matches!(view.stage, Stage::Start) {
                let (est, f) = learn_features(&view, me);
                mine.push((view.round, est, f));
            }
            let t = Instant::now();
            let a = match w {
                None => Gnoming::computer_action(&view, seat, Level::Strong, &mut chooser),
                Some((w, state)) => decide_learned(&view, seat, w, state, &mut chooser),
            };
            times.push(t.elapsed().as_secs_f64() * 1e6);
            a
        } else {
            greedy(&view, seat)
        };
        game.apply(seat, &a).expect("legal");
    }
    let o = game.outcome().unwrap();
    if let Some(recs) = recs {
        let v = game.view(None);
        for (round, est, f) in mine {
            let score = v.results[round].scores[me] as f64;
            recs.push((score - est, f));
        }
    }
    o.places[me] == 1 && !o.is_shared(me)
}

/// Plays `game` on to the end of round `round` (the shipped strong player in
/// seat `me`, greedy elsewhere): `me`'s round score.
/// With `win`, a soft win instead: sigmoid of the best other total less
/// `me`'s after the round, over a temperature growing with the rounds left
/// (the totals' spread, 12 points a round, as `bot::rival_weights`).
fn rollout(mut game: Gnoming, me: usize, round: usize, rng_seed: u64, win: bool) -> f64 {
    let mut chooser = Rng::new(rng_seed);
    loop {
        let v = game.view(None);
        if v.results.len() > round {
            if !win {
                return v.results[round].scores[me] as f64;
            }
            let total =
                |s: usize| -> f64 { v.results[..=round].iter().map(|r| r.scores[s] as f64).sum() };
            let best = (0..4)
                .filter(|&s| s != me)
                .map(total)
                .fold(f64::INFINITY, f64::min);
            let left = (2 - round) as f64;
            let temp = (16.0 + 52.0 * left).sqrt();
            // Lower is better, as a round score: minus the soft win, in
            // points of a round (times 10).
            return -10.0 / (1.0 + (-(best - total(me)) / temp).exp());
        }
        let to_act = game.to_act();
        let seat = to_act[chooser.below(to_act.len() as u64) as usize];
        let view = game.view(Some(seat));
        let a = if seat == me {
            Gnoming::computer_action(&view, seat, Level::Strong, &mut chooser)
        } else {
            greedy(&view, seat)
        };
        game.apply(seat, &a).expect("legal");
    }
}

/// Paired continuations: in GAMES deals per seat position from SEED, at a
/// share `p` of the strong player's decisions with a card in hand, its
/// choice and another (the next best or, half the time, any) each played
/// on to the round's end from a copy of the game (the same cards to come).
/// Fits the difference of their round scores on the difference of the
/// player's gains and of the layout features after them (no going out in
/// either); the correction is the features' weights over the gain's.
fn qfit(games: u64, seed: u64, p: f64, win: bool) {
    let mut rows: Vec<(f64, Vec<f64>)> = Vec::new();
    let t0 = Instant::now();
    for me in 0..4 {
        for g in 0..games {
            let s = seed + g;
            let mut game = Gnoming::new(4, &Options::default(), s).expect("game");
            let mut chooser = Rng::new(s ^ 0x5EED);
            let mut sampler = Rng::new(s ^ 0xC0FFEE ^ (me as u64) << 40);
            // Seats deciding at once answer in the order `simulate` draws.
            while let Some(seat) = chooser.pick(&game.to_act()) {
                let view = game.view(Some(seat));
                if seat == me
                    && matches!(view.stage, Stage::Hand { .. })
                    && (sampler.below(1_000_000) as f64) < p * 1e6
                {
                    let mut c = learn_candidates(&view, me);
                    if c.len() >= 2 {
                        c.sort_by(|a, b| b.1.total_cmp(&a.1));
                        let alt = if sampler.below(2) == 0 {
                            1
                        } else {
                            1 + sampler.below(c.len() as u64 - 1) as usize
                        };
                        let (a, b) = (&c[0], &c[alt]);
                        if !a.2 && !b.2 {
                            let rs = sampler.below(u64::MAX);
                            let score = |act| {
                                let mut g2 = game.clone();
                                g2.apply(me, act).expect("legal");
                                rollout(g2, me, view.round, rs, win)
                            };
                            let y = score(&a.0) - score(&b.0);
                            let mut x = vec![a.1 - b.1];
                            x.extend((0..LAYOUT_N).map(|i| a.3[i] - b.3[i]));
                            rows.push((y, x));
                        }
                    }
                }
                let a = if seat == me {
                    Gnoming::computer_action(&view, seat, Level::Strong, &mut chooser)
                } else {
                    greedy(&view, seat)
                };
                game.apply(seat, &a).expect("legal");
            }
        }
        eprintln!(
            "seat {} done: {} pairs, {:.0} s",
            me + 1,
            rows.len(),
            t0.elapsed().as_secs_f64()
        );
    }
    let k = LAYOUT_N + 1;
    let names: Vec<&str> = std::iter::once("gain")
        .chain(LEARN_NAMES[..LAYOUT_N].iter().copied())
        .collect();
    // All the layout terms; the face-down cards and the chances; those and
    // their products with the place in the round's order (x's indices: 0
    // the gain, then the features).
    for used in [
        (0..k).collect(),
        vec![0, 1, 2, 5],
        vec![0usize, 1, 2, 5, 8, 9],
    ] {
        let m = used.len();
        let mut xtx = vec![vec![0.0; m]; m];
        let mut xty = vec![0.0; m];
        for (y, x) in &rows {
            for i in 0..m {
                xty[i] += x[used[i]] * y;
                for j in 0..m {
                    xtx[i][j] += x[used[i]] * x[used[j]];
                }
            }
        }
        let (w, inv) = solve(xtx, xty);
        let n = rows.len() as f64;
        let rss: f64 = rows
            .iter()
            .map(|(y, x)| {
                let p: f64 = (0..m).map(|i| w[i] * x[used[i]]).sum();
                (y - p) * (y - p)
            })
            .sum();
        let s2 = rss / (n - m as f64);
        println!("{} pairs; residual sd {:.3}", rows.len(), s2.sqrt());
        let mut out = [0.0; LEARN_N];
        for i in 0..m {
            println!(
                "  {:>14}: {:8.4} +- {:.4}",
                names[used[i]],
                w[i],
                (s2 * inv[i][i]).sqrt()
            );
            if used[i] > 0 {
                // value = estimate + (w / beta) f, beta = -w_gain.
                out[used[i] - 1] = w[i] / -w[0];
            }
        }
        let ws: Vec<String> = out.iter().map(|v| format!("{v:.4}")).collect();
        println!("--w \"{}\"", ws.join(" "));
    }
}

/// Solves a x = b (Gauss-Jordan, partial pivoting); also the inverse.
fn solve(mut a: Vec<Vec<f64>>, b: Vec<f64>) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = b.len();
    let mut aug: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            let mut r = a[i].clone();
            r.push(b[i]);
            r.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| aug[i][c].abs().total_cmp(&aug[j][c].abs()))
            .unwrap();
        aug.swap(c, p);
        let d = aug[c][c];
        for x in aug[c].iter_mut() {
            *x /= d;
        }
        for r in 0..n {
            if r != c {
                let f = aug[r][c];
                if f != 0.0 {
                    for k in 0..aug[r].len() {
                        aug[r][k] -= f * aug[c][k];
                    }
                }
            }
        }
    }
    a.clear();
    let x = aug.iter().map(|r| r[n]).collect();
    let inv = aug.iter().map(|r| r[n + 1..].to_vec()).collect();
    (x, inv)
}

fn fit(games: u64, seed: u64, layout_only: bool, only: Option<Vec<usize>>, h1: bool) {
    let mut recs = Vec::new();
    let mut times = Vec::new();
    for me in 0..4 {
        for g in 0..games {
            game(seed + g, me, None, Some(&mut recs), &mut times);
        }
    }
    let used: Vec<usize> = if let Some(u) = only {
        u
    } else if layout_only {
        (0..LAYOUT_N).chain([LAYOUT_N]).collect()
    } else {
        (0..LEARN_N).collect()
    };
    let k = used.len();
    let mut xtx = vec![vec![0.0; k]; k];
    let mut xty = vec![0.0; k];
    let (mut sy, mut syy) = (0.0, 0.0);
    if h1 {
        recs.retain(|(_, f)| f[0] == 1.0 && f[LAYOUT_N + 2] == 0.0);
    }
    for (y, f) in &recs {
        for i in 0..k {
            xty[i] += f[used[i]] * y;
            for j in 0..k {
                xtx[i][j] += f[used[i]] * f[used[j]];
            }
        }
        sy += y;
        syy += y * y;
    }
    let n = recs.len() as f64;
    let (x, inv) = solve(xtx, xty);
    let rss: f64 = recs
        .iter()
        .map(|(y, f)| {
            let p: f64 = (0..k).map(|i| x[i] * f[used[i]]).sum();
            (y - p) * (y - p)
        })
        .sum();
    let s2 = rss / (n - k as f64);
    println!(
        "{} records; residual sd {:.3} (before: {:.3} around its mean {:.3})",
        recs.len(),
        s2.sqrt(),
        ((syy - sy * sy / n) / n).sqrt(),
        sy / n
    );
    let mut w = [0.0; LEARN_N];
    for i in 0..k {
        w[used[i]] = x[i];
        println!(
            "  {:>14}: {:8.4} +- {:.4} (naive)",
            LEARN_NAMES[used[i]],
            x[i],
            (s2 * inv[i][i]).sqrt()
        );
    }
    let ws: Vec<String> = w.iter().map(|v| format!("{v:.4}")).collect();
    println!("--w \"{}\"", ws.join(" "));
}

fn paired(games: u64, seed: u64, seats: &[usize], w: &[f64; LEARN_N], state: u8) {
    let (mut tb, mut tc) = (Vec::new(), Vec::new());
    let (mut all_d, mut all_n) = (0.0, 0.0);
    for &me in seats {
        let (mut wb, mut wc, mut sd, mut sdd) = (0.0, 0.0, 0.0, 0.0);
        for g in 0..games {
            let b = game(seed + g, me, None, None, &mut tb) as u8 as f64;
            let c = game(seed + g, me, Some((w, state)), None, &mut tc) as u8 as f64;
            wb += b;
            wc += c;
            sd += c - b;
            sdd += (c - b) * (c - b);
        }
        let n = games as f64;
        let m = sd / n;
        let se = ((sdd / n - m * m) / (n - 1.0)).sqrt();
        all_d += sd;
        all_n += n;
        println!(
            "seat {}: shipped {:.1}%  corrected {:.1}%  diff {:+.2} +- {:.2} points",
            me + 1,
            100.0 * wb / n,
            100.0 * wc / n,
            100.0 * m,
            100.0 * se
        );
    }
    println!("all: diff {:+.2} points", 100.0 * all_d / all_n);
    for (name, t) in [("shipped", &mut tb), ("corrected", &mut tc)] {
        t.sort_by(f64::total_cmp);
        let q = |f: f64| t[((t.len() - 1) as f64 * f) as usize];
        println!(
            "{name}: {} decisions, median {:.0} us, p99 {:.0} us, max {:.0} us",
            t.len(),
            q(0.5),
            q(0.99),
            t[t.len() - 1]
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    match args.first().map(String::as_str) {
        Some("fit") => fit(
            num(1, 2000),
            num(2, 10_000_001),
            args.iter().any(|a| a == "--layout"),
            args.iter().position(|a| a == "--use").map(|i| {
                args[i + 1]
                    .split_whitespace()
                    .map(|x| x.parse().unwrap())
                    .collect()
            }),
            args.iter().any(|a| a == "--h1"),
        ),
        Some("qfit") => qfit(
            num(1, 500),
            num(2, 10_000_001),
            args.iter()
                .position(|a| a == "--p")
                .map_or(0.25, |i| args[i + 1].parse().unwrap()),
            args.iter().any(|a| a == "--win"),
        ),
        Some("paired") => {
            let mut seats = Vec::new();
            let mut w = [0.0; LEARN_N];
            let mut i = 3;
            while i < args.len() {
                if args[i] == "--w" {
                    let v: Vec<f64> = args[i + 1]
                        .split_whitespace()
                        .map(|x| x.parse().unwrap())
                        .collect();
                    w[..v.len()].copy_from_slice(&v);
                    i += 2;
                } else if args[i] == "--mode" {
                    i += 2;
                } else if let Ok(s) = args[i].parse::<usize>() {
                    seats.push(s - 1);
                    i += 1;
                } else {
                    i += 1;
                }
            }
            if seats.is_empty() {
                seats = vec![0, 1, 2, 3];
            }
            let state = args
                .iter()
                .position(|a| a == "--mode")
                .map_or(0, |i| args[i + 1].parse().unwrap());
            paired(num(1, 1000), num(2, 1), &seats, &w, state);
        }
        _ => {
            eprintln!("fit GAMES SEED [--layout] [--use \"i ...\"] [--h1] | qfit GAMES SEED [--p P] [--win] | paired GAMES SEED SEAT... --w \"...\" [--mode M]")
        }
    }
}
