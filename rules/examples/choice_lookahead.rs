//! The learned CHOICE value (issue 43, `choice_ntuple`'s n-tuple network)
//! played with a lookahead, against today's strong player on the same dice.
//!
//! A candidate assignment of the throw is valued by the expectation, over
//! the 252 distinct throws of five dice with their chances, of the best
//! result-now + V the next throw allows among its legal assignments
//! (R-CH-2, R-CH-3: with three numbers chosen, a throw showing none of them
//! is free); a finished sheet is worth its result, and V of a finished sheet
//! is 0. The sheets one throw on differ only in two rows and the fifth-die
//! outcome, so each (outcome, low row, high row) is valued once per
//! lookahead (at most 7 x 66 values). Optionally (`--deep`) the best two by
//! one throw ahead, when within `--margin` points, are weighed two throws
//! ahead as `bot::lookahead2_by` does: for each next throw the assignment the
//! learned value likes best one ply ahead, then one throw ahead from there;
//! and (`--top-k K`) only the best K assignments by the plain learned value
//! are looked ahead at (0: all). The lookahead is the expert level's own
//! (`rules::choice::expert::weigh`, generic over the learned value), so
//! with `--deep` and the shipped table's rounding it plays as the app does.
//!
//! Solo games on the dice of seeds `--first` .. `--first + --games` (the
//! dice of a solo game do not depend on the choices, so each player meets
//! the same throws): the learned value 1-ply, the lookahead player and
//! today's strong player (`bot::strong_scores`, kept beside the checkpoint
//! as PATH.strong-FIRST-GAMES), each mean with its standard error and the
//! paired differences with theirs; the lookahead player's time per
//! decision (single-threaded, every decision timed once, or the faster of
//! two with `--time-twice`).
//!
//! `cargo run --profile native -p spielblock-rules --example choice_lookahead --
//!  [--checkpoint /work/trainer-ckpt/choice.ckpt] [--games 1000] [--first 1]
//!  [--deep] [--margin 10] [--top-k 0] [--time-twice]`; `--check` compares
//! the lookahead with a plain one on the sheets of `--games` games instead;
//! `--quantize STEP [--bits 16]` rounds the weights to `bits`-bit multiples
//! of STEP points first (a shipped table), `--one-ply-only` skips the
//! lookahead player, `--scores PATH` writes every game's results as JSON
//! (to pair two checkpoints), `--no-strong` skips today's strong player
//! (its results count as 0).
#[path = "choice_ntuple.rs"]
#[allow(dead_code)]
mod ntuple;

use ntuple::{Net, St};
use rules::choice::expert::{self, look1};
use rules::rng::Rng;
use std::time::Instant;

/// One throw ahead the plain way (every throw answered by
/// `ntuple::choose`): `look1` must agree.
fn look1_slow(net: &Net, st: &St) -> f64 {
    if st.done() {
        return f64::from(st.total());
    }
    let mut buf = Vec::new();
    rules::rng::dice_multisets(5)
        .iter()
        .map(|(d, p)| {
            let dice = [d[0], d[1], d[2], d[3], d[4]];
            p * f64::from(ntuple::choose(net, st, &dice, &mut buf).0)
        })
        .sum()
}

#[derive(Clone, Copy)]
struct Cfg {
    top_k: usize,
    deep: bool,
    margin: f64,
}

/// The lookahead player's answer to `dice`.
fn decide(net: &Net, cfg: Cfg, st: &St, dice: &[u8; 5]) -> St {
    let mut buf = Vec::with_capacity(16);
    ntuple::outcomes(st, dice, &mut buf);
    let cands: Vec<St> = buf
        .iter()
        .map(|&(x, y, face)| st.with(x, y, face))
        .collect();
    // Legal order, or best first by the plain learned value when pruning.
    let mut order: Vec<usize> = (0..cands.len()).collect();
    if cfg.top_k > 0 && cands.len() > cfg.top_k {
        let one: Vec<f32> = cands
            .iter()
            .map(|n| n.total() as f32 + net.value(n))
            .collect();
        order.sort_by(|&i, &j| one[j].total_cmp(&one[i]));
        order.truncate(cfg.top_k);
        order.sort_unstable();
    }
    let sheets: Vec<St> = order.iter().map(|&i| cands[i]).collect();
    let values = expert::weigh(net, &sheets, cfg.deep, cfg.margin);
    let best = values.iter().fold(f64::MIN, |m, v| m.max(*v));
    let k = values
        .iter()
        .position(|v| *v == best)
        .expect("a legal assignment");
    sheets[k]
}

/// A solo game on the dice of `seed` by the lookahead player; its result
/// and the time of each decision (seconds).
fn play(net: &Net, cfg: Cfg, seed: u64, twice: bool, times: &mut Vec<f64>) -> i32 {
    let mut rng = Rng::new(seed);
    let mut st = St::default();
    while !st.done() {
        let dice = ntuple::throw(&mut rng);
        let mut t = f64::MAX;
        let mut next = st;
        for _ in 0..if twice { 2 } else { 1 } {
            let t0 = Instant::now();
            next = decide(net, cfg, &st, &dice);
            t = t.min(t0.elapsed().as_secs_f64());
        }
        times.push(t);
        st = next;
    }
    st.total()
}

/// A solo game on the dice of `seed` played 1-ply by the learned value.
fn play_one(net: &Net, seed: u64) -> i32 {
    let mut rng = Rng::new(seed);
    let mut buf = Vec::with_capacity(16);
    let mut st = St::default();
    while !st.done() {
        let dice = ntuple::throw(&mut rng);
        st = ntuple::choose(net, &st, &dice, &mut buf).1;
    }
    st.total()
}

fn main() {
    let mut checkpoint = "/work/trainer-ckpt/choice.ckpt".to_string();
    let (mut games, mut first) = (1000u64, 1u64);
    let mut cfg = Cfg {
        top_k: 0,
        deep: false,
        margin: 10.0,
    };
    let mut twice = false;
    let mut check = false;
    let mut one_only = false;
    // Skip today's strong player (its results count as 0).
    let mut no_strong = false;
    // Where to write every game's results (JSON), to pair two runs.
    let mut scores: Option<String> = None;
    // The weights rounded to whole multiples of a step, as a shipped
    // table of `bits`-bit integers would hold them (0: kept as f32).
    let (mut step, mut bits) = (0.0f64, 16u32);
    let mut it = std::env::args().skip(1);
    let fail = |m: String| -> ! {
        eprintln!("choice_lookahead: {m}");
        std::process::exit(2)
    };
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--deep" => cfg.deep = true,
            "--time-twice" => twice = true,
            "--check" => check = true,
            "--one-ply-only" => one_only = true,
            "--no-strong" => no_strong = true,
            _ => {
                let v = it
                    .next()
                    .unwrap_or_else(|| fail(format!("{flag} needs a value")));
                let num = |v: &str| -> f64 {
                    v.replace('_', "")
                        .parse()
                        .unwrap_or_else(|_| fail(format!("{flag}: not a number: {v}")))
                };
                match flag.as_str() {
                    "--checkpoint" => checkpoint = v,
                    "--games" => games = num(&v) as u64,
                    "--first" => first = num(&v) as u64,
                    "--top-k" => cfg.top_k = num(&v) as usize,
                    "--margin" => cfg.margin = num(&v),
                    "--quantize" => step = num(&v),
                    "--bits" => bits = num(&v) as u32,
                    "--scores" => scores = Some(v),
                    _ => fail(format!("unknown flag {flag}")),
                }
            }
        }
    }
    rules::choice::bot::warm_up();
    let (h, mut w) = ntuple::load(&checkpoint).unwrap_or_else(|e| fail(e));
    if step > 0.0 {
        let top = f64::from((1u32 << (bits - 1)) - 1);
        let mut clipped = 0;
        for x in w.iter_mut() {
            let q = (f64::from(*x) / step).round();
            if q.abs() > top {
                clipped += 1;
            }
            *x = (q.clamp(-top - 1.0, top) * step) as f32;
        }
        println!("weights rounded to {bits}-bit multiples of {step} ({clipped} clipped)");
    }
    let net = Net::of(&h, w);
    println!(
        "{checkpoint}: {} TD games; {games} solo games from seed {first}; lookahead: one throw{}{}",
        h.games,
        if cfg.deep {
            format!(", two between the best two within {} points", cfg.margin)
        } else {
            String::new()
        },
        if cfg.top_k > 0 {
            format!(", for the best {} by 1-ply only", cfg.top_k)
        } else {
            String::new()
        }
    );
    if check {
        // The fast lookahead against the plain one on every sheet of a few
        // games played 1-ply.
        let (mut n, mut worst) = (0, 0f64);
        for seed in first..first + games {
            let mut rng = Rng::new(seed);
            let mut buf = Vec::new();
            let mut st = St::default();
            while !st.done() {
                let (a, b) = (look1(&net, &st), look1_slow(&net, &st));
                worst = worst.max((a - b).abs());
                n += 1;
                let dice = ntuple::throw(&mut rng);
                st = ntuple::choose(&net, &st, &dice, &mut buf).1;
            }
        }
        println!("check: {n} sheets, largest difference {worst:.6} points");
        return;
    }
    let seeds: Vec<u64> = (first..first + games).collect();
    let t0 = Instant::now();
    let strong_path = format!("{checkpoint}.strong-{first}-{games}");
    let strong: Vec<f64> = std::fs::read_to_string(&strong_path)
        .ok()
        .and_then(|t| serde_json::from_str::<Vec<f64>>(&t).ok())
        .filter(|v| v.len() == seeds.len())
        .or_else(|| no_strong.then(|| vec![0.0; seeds.len()]))
        .unwrap_or_else(|| {
            let v: Vec<f64> = seeds
                .iter()
                .map(|&s| f64::from(ntuple::play_strong(s)))
                .collect();
            let _ = std::fs::write(&strong_path, serde_json::to_string(&v).unwrap());
            v
        });
    let one: Vec<f64> = seeds
        .iter()
        .map(|&s| f64::from(play_one(&net, s)))
        .collect();
    println!(
        "strong and learned 1-ply played ({:.0} s)",
        t0.elapsed().as_secs_f64()
    );
    let write_scores = |look: &[f64]| {
        if let Some(p) = &scores {
            let j =
                serde_json::json!({ "first": first, "one": one, "look": look, "strong": strong });
            std::fs::write(p, j.to_string()).unwrap_or_else(|e| fail(format!("{p}: {e}")));
        }
    };
    if one_only {
        write_scores(&[]);
        let line = |name: &str, x: &[f64]| {
            let (m, se) = ntuple::mean_se(x);
            println!("{name:<22} {m:6.1} ± {se:.1}");
        };
        let d: Vec<f64> = one.iter().zip(&strong).map(|(x, y)| x - y).collect();
        line("learned 1-ply", &one);
        line("strong", &strong);
        line("1-ply - strong", &d);
        return;
    }
    let t1 = Instant::now();
    let mut times = Vec::new();
    let mut look = Vec::with_capacity(seeds.len());
    for (g, &s) in seeds.iter().enumerate() {
        look.push(f64::from(play(&net, cfg, s, twice, &mut times)));
        if (g + 1) % 1000 == 0 && g + 1 < seeds.len() {
            let (m, se) = ntuple::mean_se(&look);
            println!(
                "  {} games: lookahead {m:.1} ± {se:.1} ({:.0} s)",
                g + 1,
                t1.elapsed().as_secs_f64()
            );
        }
    }
    let secs = t1.elapsed().as_secs_f64();
    write_scores(&look);
    let line = |name: &str, x: &[f64]| {
        let (m, se) = ntuple::mean_se(x);
        println!("{name:<22} {m:6.1} ± {se:.1}");
    };
    let diff = |name: &str, a: &[f64], b: &[f64]| {
        let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        let (m, se) = ntuple::mean_se(&d);
        println!("{name:<22} {m:+6.1} ± {se:.1}");
    };
    println!("over {} games:", seeds.len());
    line("learned 1-ply", &one);
    line("learned + lookahead", &look);
    line("strong", &strong);
    diff("lookahead - strong", &look, &strong);
    diff("lookahead - 1-ply", &look, &one);
    diff("1-ply - strong", &one, &strong);
    times.sort_by(f64::total_cmp);
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize] * 1e3;
    println!(
        "decisions: {} in {secs:.0} s; per decision median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms, mean {:.2} ms",
        times.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        times[times.len() - 1] * 1e3,
        times.iter().sum::<f64>() / times.len() as f64 * 1e3
    );
}
