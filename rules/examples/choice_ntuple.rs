//! A learned CHOICE player (issue 43): an n-tuple value network over
//! afterstates, trained by TD(0) in solo self-play, meant to run for hours
//! in the background on one core and to resume from its checkpoint.
//!
//! The value V(s') of an afterstate (the sheet just after an assignment)
//! estimates the points still to come: final result less the result now.
//! A throw is answered by 1-ply greedy play: the assignment whose
//! afterstate has the highest result-now + V (a finished sheet has V = 0).
//! TD(0): after each decision the previous afterstate's V moves towards
//! (the change of the result) + V(the new afterstate chosen greedily).
//!
//! The network (every lookup is taken on the sheet and on its mirror,
//! sums s <-> 14 - s and fifth-die faces d <-> 7 - d, sharing the weights):
//! - a clock K = 16: a bucket of the expected throws left given the
//!   fifth-die counts (`bot::remaining_throws`, so a function of the sorted
//!   counts);
//! - triples of neighbouring rows (sums 2-3-4 ... 6-7-8 and mirrors), each
//!   row 0..=10 crosses, crossed with the clock;
//! - every pair of rows (30 weight tables under the mirror), with the clock,
//!   and again with the set of fifth-die numbers chosen instead of the clock
//!   (in a 2M-game test from zero this family was worth about +6 points);
//! - each row (sums 2..=7 and mirrors) with the set of fifth-die numbers
//!   chosen and the clock (which sums come easily);
//! - the whole fifth-die table: the numbers chosen and each one's count;
//! - the number of rows at 1-4 crosses and at 5-9 crosses, with the clock.
//!
//! Version 2 (`--v2`, 603,460 weights, 161 per value) adds four families
//! and keeps the rest (`--init-from` a version-1 checkpoint copies its
//! weights; the new ones start at zero and there is no fit):
//! - each row (sums 2..=7 and mirrors) with the exact fifth-die clock, the
//!   three counts sorted (120 kinds);
//! - the number of rows at 0 crosses and at 10, with the sorted counts;
//! - the number of rows under the -200 line and the crosses they lack to
//!   reach five, with the sorted counts;
//! - the four rows 6-7-8-9 (and 8-7-6-5), with a clock of four buckets.
//!
//! Start: the weights are first fitted (`--fit-games`, supervised) to the
//! strong player's learned table, V(s') ~ `bot::estimate(s') - result(s')`,
//! on states of the table's own greedy play, so TD starts where the linear
//! table stands; then TD(0) self-play.
//!
//! Deterministic: game g of the run uses `Rng::new(seed << 40 | g)`, the
//! step size depends only on the games played, and the checkpoint holds the
//! exact f32 weights, so a resumed run equals an uninterrupted one.
//! The checkpoint (`--checkpoint PATH`, written via PATH.tmp + rename every
//! `--ckpt-games` games or 5 minutes, and at the end) is a line of JSON
//! (the run's settings and counters) and the weights as little-endian f32;
//! `PATH.best` keeps the weights of the best evaluation so far.
//! Evaluation every `--eval-every` games: `--eval-games` solo games from
//! seed 7,000,000 played 1-ply by the learned value, against today's strong
//! player (`bot::strong_scores`, as `choice_paired` plays) and the table's
//! own 1-ply play on the same dice, with standard errors (paired for the
//! difference).
//!
//! Run:    choice_ntuple --checkpoint /work/trainer-ckpt/choice.ckpt
//! Version 3 (`--v3`, 813,375 weights, 165 per value) adds to version 2
//! the set of rows started (a bit each) with the clock, and each row as
//! closed, under the -200 line or past it (3^11 kinds); `--init-from` takes
//! a version-1 or version-2 checkpoint.
//!
//! Version 2: choice_ntuple --v2 --init-from /work/trainer-ckpt/choice.ckpt
//!   --checkpoint /work/trainer-ckpt/choice2.ckpt --lr 0.005 --lr-half 30000000
//! (PATH.start-7000000-N keeps the run's start on the evaluation games: the
//! evaluation prints the paired difference to it.)
//! Resume: choice_ntuple --checkpoint /work/trainer-ckpt/choice.ckpt --resume /work/trainer-ckpt/choice.ckpt
//! Other flags: --seed N (1), --games N (total to reach), --lr X (0.01:
//! the step of V per update, split over the active weights), --lr-half N
//! (games over which the step halves, 40,000,000; 0 = constant), --epsilon X
//! (random assignment share, 0; may be changed on resuming), --margin X
//! (explore only among the others within X points of the best, 0: all), --fit-games N (200000), --eval-every N
//! (2,000,000), --eval-games N (20,000), --ckpt-games N (1,000,000),
//! --no-strong (skip today's strong player in the evaluation),
//! --avg-horizon N (keep PATH.avg, the weights averaged over about the last
//! N games, moved every 10,000 games; evaluated too; 0 = none; may be set
//! on resuming). Today's
//! strong player's results on the evaluation games are kept in
//! PATH.strong-7000000-N so a resumed run does not play them again.
//! Mean:   choice_ntuple --mean OUT A B [C ...] writes OUT, a checkpoint
//! whose every weight is the plain mean of those of the checkpoints A, B,
//! ... (same version; no training). The value is a sum of weights, so this
//! is also the mean of their values: an ensemble at the cost of one net.
//! OUT's header is A's with games the most of any, `mean_of` the inputs
//! and no best evaluation; `choice_lookahead --checkpoint OUT` plays it.
//! Export: choice_ntuple --export rules/data/choice-expert.bin CKPT [STEP]
//! writes the expert level's table (`rules::choice::expert`): a version-2
//! checkpoint's weights as i16 multiples of STEP points (0.35), checked
//! against the app's reader.
//! Build:  cargo build --profile native -p spielblock-rules --example choice_ntuple

use rules::choice::bot;
use rules::choice::{Fifth, Sheet};
use rules::rng::Rng;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// The sheet state, the features of versions 1 and 2 and the lookahead
/// are the library's (`rules::choice::expert`), which ships version 2.
pub(crate) use rules::choice::expert::St;
use rules::choice::expert::{Tabs, NF1 as NF, NF2, WEIGHTS as WEIGHTS2, WEIGHTS1 as WEIGHTS};

/// Clock buckets.
const K: usize = 16;
/// Version 3 (`--v3`): version 2 and two families over all eleven rows,
/// which start at zero. The rows started (a bit per row with a cross),
/// with the clock: which sums a throw can go to without a new -200.
const M2_OFF: usize = WEIGHTS2;
const M2_SIZE: usize = 2048 * K;
/// Each row as closed (0), under the line (1-4) or past it (5 or more):
/// 3^11 kinds.
const M3_OFF: usize = M2_OFF + M2_SIZE;
const M3_SIZE: usize = 177_147;
pub(crate) const WEIGHTS3: usize = M3_OFF + M3_SIZE;
/// Active weights per value, version 3 (the most of any version).
const NF3: usize = NF2 + 2 + 2;

const EVAL_SEED: u64 = 7_000_000;
/// Games between two moves of the averaged weights.
const AVG_STEP: u64 = 10_000;
const VERSION: u32 = 1;
const VERSION2: u32 = 2;
const VERSION3: u32 = 3;

/// The weights of a version (each version's layout begins with the
/// previous one's).
fn weights_of(version: u32) -> usize {
    match version {
        VERSION => WEIGHTS,
        VERSION2 => WEIGHTS2,
        _ => WEIGHTS3,
    }
}

/// The indices of the active weights of a sheet not yet done for version
/// `ver`, and how many (NF, NF2 or NF3 for versions 1, 2, 3).
fn features(tabs: &Tabs, st: &St, ver: u32, out: &mut [u32; NF3]) -> usize {
    let mut n = tabs.features(st, ver >= VERSION2, out);
    debug_assert_eq!(n, if ver < VERSION2 { NF } else { NF2 });
    if ver < VERSION3 {
        return n;
    }
    let k = tabs.clock_of(st);
    let mut m = st.c;
    m.reverse();
    for cc in [&st.c, &m] {
        let mut bits = 0;
        let mut tri = 0;
        for &c in cc.iter() {
            bits = bits * 2 + usize::from(c > 0);
            tri = tri * 3 + usize::from(c > 0) + usize::from(c >= 5);
        }
        out[n] = (M2_OFF + bits * K + k) as u32;
        out[n + 1] = (M3_OFF + tri) as u32;
        n += 2;
    }
    debug_assert_eq!(n, NF3);
    n
}

pub(crate) struct Net {
    pub(crate) w: Vec<f32>,
    pub(crate) tabs: Tabs,
    /// The version: which families.
    pub(crate) ver: u32,
}

impl Net {
    /// The network of a checkpoint's header and weights.
    pub(crate) fn of(h: &Header, w: Vec<f32>) -> Net {
        Net {
            w,
            tabs: Tabs::new(),
            ver: h.version,
        }
    }
    /// Active weights per value.
    fn nf(&self) -> usize {
        match self.ver {
            VERSION => NF,
            VERSION2 => NF2,
            _ => NF3,
        }
    }
    fn value_of(&self, f: &[u32]) -> f32 {
        f.iter().map(|&i| self.w[i as usize]).sum()
    }
    fn features(&self, st: &St, out: &mut [u32; NF3]) -> usize {
        features(&self.tabs, st, self.ver, out)
    }
    pub(crate) fn value(&self, st: &St) -> f32 {
        if st.done() {
            return 0.0;
        }
        let mut f = [0u32; NF3];
        let n = self.features(st, &mut f);
        self.value_of(&f[..n])
    }
    fn update(&mut self, f: &[u32], step: f32) {
        for &i in f {
            self.w[i as usize] += step;
        }
    }
}

/// The library's lookahead plays the network as it plays the shipped table.
impl rules::choice::expert::Value for Net {
    fn value(&self, st: &St) -> f64 {
        f64::from(Net::value(self, st))
    }
}

/// Every distinct legal outcome of `dice` on `st` (R-CH-2, R-CH-3): the
/// rows crossed (0-based, low first) and the fifth-die face (0 free).
pub(crate) fn outcomes(st: &St, dice: &[u8; 5], out: &mut Vec<(usize, usize, u8)>) {
    out.clear();
    let shown = dice.iter().fold(0u8, |m, &d| m | 1 << (d - 1));
    let full = st.chosen() >= 3;
    let free = full && shown & st.mask == 0;
    for f in 0..5 {
        let face = dice[f];
        if full && !free && st.mask & 1 << (face - 1) == 0 {
            continue;
        }
        let r: [u8; 4] = {
            let mut r = [0u8; 4];
            let mut k = 0;
            for (i, &d) in dice.iter().enumerate() {
                if i != f {
                    r[k] = d;
                    k += 1;
                }
            }
            r
        };
        for (a, b, c, e) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
            let x = usize::from(r[a] + r[b] - 2);
            let y = usize::from(r[c] + r[e] - 2);
            let o = (x.min(y), x.max(y), if free { 0 } else { face });
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }
}

/// The 1-ply greedy choice: the afterstate with the highest result + V,
/// and that figure. The first of equals.
pub(crate) fn choose(
    net: &Net,
    st: &St,
    dice: &[u8; 5],
    buf: &mut Vec<(usize, usize, u8)>,
) -> (f32, St) {
    outcomes(st, dice, buf);
    let mut best: Option<(f32, St)> = None;
    for &(x, y, face) in buf.iter() {
        let n = st.with(x, y, face);
        let v = n.total() as f32 + net.value(&n);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, n));
        }
    }
    best.expect("a legal assignment")
}

pub(crate) fn throw(rng: &mut Rng) -> [u8; 5] {
    [rng.d6(), rng.d6(), rng.d6(), rng.d6(), rng.d6()]
}

/// One TD(0) self-play game; returns its result and the sum of |delta|
/// and the number of updates.
/// Exploration (`epsilon` > 0): that share of the assignments is random,
/// among all (`margin` 0) or among the others within `margin` points of
/// the best by result + V (the best if there is none). The TD target stays
/// the greedy one, so V remains the greedy player's value.
fn td_game(net: &mut Net, rng: &mut Rng, alpha: f32, epsilon: f64, margin: f64) -> (i32, f64, u32) {
    let mut buf = Vec::with_capacity(16);
    let mut st = St::default();
    let mut prev: Option<([u32; NF3], usize, i32)> = None;
    let mut abs = 0.0;
    let mut updates = 0;
    loop {
        let dice = throw(rng);
        let (best_v, best) = choose(net, &st, &dice, &mut buf);
        if let Some((f, nf, total)) = &prev {
            let delta = best_v - *total as f32 - net.value_of(&f[..*nf]);
            net.update(&f[..*nf], alpha * delta);
            abs += f64::from(delta.abs());
            updates += 1;
        }
        let next = if epsilon > 0.0 && (rng.below(1 << 30) as f64) < epsilon * f64::from(1u32 << 30)
        {
            if margin > 0.0 {
                let near: Vec<St> = buf
                    .iter()
                    .map(|&(x, y, face)| st.with(x, y, face))
                    .filter(|n| {
                        let v = n.total() as f32 + net.value(n);
                        v < best_v && f64::from(best_v - v) <= margin
                    })
                    .collect();
                if near.is_empty() {
                    best
                } else {
                    near[rng.below(near.len() as u64) as usize]
                }
            } else {
                let (x, y, face) = buf[rng.below(buf.len() as u64) as usize];
                st.with(x, y, face)
            }
        } else {
            best
        };
        if next.done() {
            return (next.total(), abs, updates);
        }
        let mut f = [0u32; NF3];
        let nf = net.features(&next, &mut f);
        prev = Some((f, nf, next.total()));
        st = next;
    }
}

/// A solo game on the dice of `seed`, played 1-ply by the learned value.
fn play_learned(net: &Net, seed: u64) -> i32 {
    let mut rng = Rng::new(seed);
    let mut buf = Vec::with_capacity(16);
    let mut st = St::default();
    while !st.done() {
        let dice = throw(&mut rng);
        st = choose(net, &st, &dice, &mut buf).1;
    }
    st.total()
}

/// The same dice played by today's strong player (as `choice_paired`).
pub(crate) fn play_strong(seed: u64) -> i32 {
    let mut rng = Rng::new(seed);
    let mut s = Sheet::default();
    while !s.done() {
        let dice = throw(&mut rng);
        let scored = bot::strong_scores(&s, &dice);
        let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
        let a = scored.iter().find(|(v, _)| *v == best).unwrap().1;
        s = bot::after(&s, &dice, &a);
    }
    s.total() as i32
}

/// The same dice played 1-ply by the strong player's table.
fn play_table(seed: u64) -> i32 {
    let mut rng = Rng::new(seed);
    let mut s = Sheet::default();
    while !s.done() {
        let dice = throw(&mut rng);
        let a = bot::best_by(bot::trained(), &s, &dice).unwrap().1;
        s = bot::after(&s, &dice, &a);
    }
    s.total() as i32
}

pub(crate) fn mean_se(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let m = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, (var / n).sqrt())
}

/// Supervised start: fit V(s') to the table's estimate of what is still to
/// come, on the table's own 1-ply play with 5% random assignments.
fn fit(net: &mut Net, games: u64, seed: u64) {
    if games == 0 {
        return;
    }
    let t0 = Instant::now();
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9) ^ 0xF17);
    let mut f = [0u32; NF3];
    let mut abs = 0.0;
    let mut n = 0u64;
    for g in 0..games {
        // A falling step: 0.1 to 0.01 of the error per state.
        let alpha = (0.1 - 0.09 * g as f32 / games as f32) / net.nf() as f32;
        let mut s = Sheet::default();
        while !s.done() {
            let dice = throw(&mut rng);
            let options = s.assignments(&dice);
            let a = if rng.below(100) < 5 {
                options[rng.below(options.len() as u64) as usize]
            } else {
                bot::best_by(bot::trained(), &s, &dice).unwrap().1
            };
            s = bot::after(&s, &dice, &a);
            if s.done() {
                break;
            }
            let st = St::of(&s);
            let nf = net.features(&st, &mut f);
            let target = (bot::estimate(&s) - s.total() as f64) as f32;
            let delta = target - net.value_of(&f[..nf]);
            net.update(&f[..nf], alpha * delta);
            if g >= games * 9 / 10 {
                abs += f64::from(delta.abs());
                n += 1;
            }
        }
    }
    println!(
        "fit: {games} games of the table's play in {:.0} s; mean |error| over the last tenth {:.1} points",
        t0.elapsed().as_secs_f64(),
        abs / n.max(1) as f64
    );
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Header {
    pub(crate) version: u32,
    weights: usize,
    seed: u64,
    /// TD games played.
    pub(crate) games: u64,
    lr: f64,
    lr_half: u64,
    epsilon: f64,
    /// Exploration among the near-best only (0: among all).
    #[serde(default)]
    margin: f64,
    /// The averaged weights (PATH.avg): every AVG_STEP games they move
    /// AVG_STEP / avg_horizon of the way to the weights (0: none).
    #[serde(default)]
    avg_horizon: u64,
    fit_games: u64,
    best_eval: Option<f64>,
    best_eval_games: u64,
    /// Version 2: the version-1 checkpoint its first weights came from.
    #[serde(default)]
    init_from: Option<String>,
    /// `--mean`: the checkpoints whose weights were averaged into this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mean_of: Option<Vec<String>>,
}

fn save(path: &str, h: &Header, w: &[f32]) -> std::io::Result<()> {
    let tmp = format!("{path}.tmp");
    {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        file.write_all(serde_json::to_string(h).unwrap().as_bytes())?;
        file.write_all(b"\n")?;
        for x in w {
            file.write_all(&x.to_le_bytes())?;
        }
        file.flush()?;
        file.get_ref().sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

pub(crate) fn load(path: &str) -> Result<(Header, Vec<f32>), String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| format!("{path}: {e}"))?;
    let nl = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or(format!("{path}: no header"))?;
    let h: Header =
        serde_json::from_slice(&bytes[..nl]).map_err(|e| format!("{path}: header: {e}"))?;
    let weights = match h.version {
        VERSION..=VERSION3 => weights_of(h.version),
        v => return Err(format!("{path}: version {v}, this trainer knows 1 to 3")),
    };
    if h.weights != weights {
        return Err(format!(
            "{path}: version {} with {} weights, expected {weights}",
            h.version, h.weights
        ));
    }
    let body = &bytes[nl + 1..];
    if body.len() != 4 * weights {
        return Err(format!(
            "{path}: {} weight bytes, expected {}",
            body.len(),
            4 * weights
        ));
    }
    let w = body
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok((h, w))
}

struct Args {
    checkpoint: String,
    resume: Option<String>,
    seed: u64,
    games: u64,
    lr: f64,
    lr_half: u64,
    epsilon: Option<f64>,
    margin: Option<f64>,
    fit_games: u64,
    eval_every: u64,
    eval_games: u64,
    ckpt_games: u64,
    no_strong: bool,
    avg_horizon: Option<u64>,
    /// The version of a new run.
    ver: u32,
    init_from: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        checkpoint: "choice_ntuple.ckpt".into(),
        resume: None,
        seed: 1,
        games: u64::MAX,
        lr: 0.01,
        lr_half: 40_000_000,
        epsilon: None,
        margin: None,
        fit_games: 200_000,
        eval_every: 2_000_000,
        eval_games: 20_000,
        ckpt_games: 1_000_000,
        avg_horizon: None,
        no_strong: false,
        ver: VERSION,
        init_from: None,
    };
    let mut it = std::env::args().skip(1);
    let fail = |m: String| -> ! {
        eprintln!("choice_ntuple: {m}");
        std::process::exit(2)
    };
    while let Some(flag) = it.next() {
        if flag == "--no-strong" {
            a.no_strong = true;
            continue;
        }
        if flag == "--v2" || flag == "--v3" {
            a.ver = if flag == "--v2" { VERSION2 } else { VERSION3 };
            continue;
        }
        let v = it
            .next()
            .unwrap_or_else(|| fail(format!("{flag} needs a value")));
        let num = |v: &str| -> u64 {
            v.replace('_', "")
                .parse::<f64>()
                .map(|x| x as u64)
                .unwrap_or_else(|_| fail(format!("{flag}: not a number: {v}")))
        };
        let real = |v: &str| -> f64 {
            v.parse()
                .unwrap_or_else(|_| fail(format!("{flag}: not a number: {v}")))
        };
        match flag.as_str() {
            "--checkpoint" => a.checkpoint = v,
            "--resume" => a.resume = Some(v),
            "--seed" => a.seed = num(&v),
            "--games" => a.games = num(&v),
            "--lr" => a.lr = real(&v),
            "--lr-half" => a.lr_half = num(&v),
            "--epsilon" => a.epsilon = Some(real(&v)),
            "--margin" => a.margin = Some(real(&v)),
            "--fit-games" => a.fit_games = num(&v),
            "--eval-every" => a.eval_every = num(&v).max(1),
            "--eval-games" => a.eval_games = num(&v).max(2),
            "--ckpt-games" => a.ckpt_games = num(&v).max(1),
            "--avg-horizon" => a.avg_horizon = Some(num(&v)),
            "--init-from" => a.init_from = Some(v),
            _ => fail(format!("unknown flag {flag}")),
        }
    }
    a
}

/// `--mean OUT A B ...`: OUT gets the mean of the weights of A, B, ...
fn mean_of(out: &str, inputs: &[String]) -> Result<(), String> {
    if inputs.len() < 2 {
        return Err("--mean OUT A B [C ...]: two checkpoints or more".into());
    }
    let (mut h, w0) = load(&inputs[0])?;
    let mut sum: Vec<f64> = w0.iter().map(|&x| f64::from(x)).collect();
    for p in &inputs[1..] {
        let (hp, w) = load(p)?;
        if hp.version != h.version {
            return Err(format!(
                "{p}: version {}, {} is version {}",
                hp.version, inputs[0], h.version
            ));
        }
        for (s, x) in sum.iter_mut().zip(&w) {
            *s += f64::from(*x);
        }
        h.games = h.games.max(hp.games);
    }
    let n = inputs.len() as f64;
    let w: Vec<f32> = sum.iter().map(|&s| (s / n) as f32).collect();
    h.best_eval = None;
    h.best_eval_games = 0;
    h.mean_of = Some(inputs.to_vec());
    save(out, &h, &w).map_err(|e| format!("{out}: {e}"))?;
    println!(
        "{out}: the mean of {} version-{} checkpoints ({} weights)",
        inputs.len(),
        h.version,
        w.len()
    );
    Ok(())
}

/// `--export OUT CKPT [STEP]`: the expert level's table (issue 43,
/// `rules::choice::expert`): CKPT's version-2 weights rounded to i16
/// multiples of STEP points (0.35), in the shipped file format. It checks
/// that the app's reader gives the rounded network's values on the sheets
/// of 200 games played 1-ply by it.
fn export(out: &str, ckpt: &str, step: f64) -> Result<(), String> {
    use rules::choice::expert;
    let (h, w) = load(ckpt)?;
    if h.version != VERSION2 || w.len() != expert::WEIGHTS {
        return Err(format!(
            "{ckpt}: version {} with {} weights; the expert reads version 2 ({} weights)",
            h.version,
            w.len(),
            expert::WEIGHTS
        ));
    }
    let milli = (step * 1000.0).round();
    if !(1.0..=10_000.0).contains(&milli) || (milli / 1000.0 - step).abs() > 1e-9 {
        return Err(format!(
            "step {step}: whole thousandths of a point, 0.001 to 10"
        ));
    }
    let (mut clipped, mut q) = (0, Vec::with_capacity(w.len()));
    for &x in &w {
        let r = (f64::from(x) / step).round();
        if r.abs() > f64::from(i16::MAX) {
            clipped += 1;
        }
        q.push(r.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16);
    }
    let bytes = expert::encode(&q, milli as u16);
    let table = expert::Table::decode(&bytes).map_err(|e| e.to_string())?;
    // The rounded weights as the trainer's network reads them.
    let net = Net::of(
        &h,
        q.iter().map(|&x| (f64::from(x) * step) as f32).collect(),
    );
    let (mut n, mut worst) = (0, 0f64);
    let mut buf = Vec::new();
    for seed in 1..=200u64 {
        let mut rng = Rng::new(seed);
        let mut st = St::default();
        while !st.done() {
            let dice = throw(&mut rng);
            st = choose(&net, &st, &dice, &mut buf).1;
            let mut sheet = Sheet {
                crosses: st.c,
                ..Sheet::default()
            };
            for d in 1..=6u8 {
                if st.f[usize::from(d)] > 0 {
                    sheet.fifth.push(Fifth {
                        number: d,
                        crosses: st.f[usize::from(d)],
                    });
                }
            }
            let a = table.value(&expert::St::of(&sheet));
            worst = worst.max((a - f64::from(net.value(&st))).abs());
            n += 1;
        }
    }
    if worst > 0.01 {
        return Err(format!(
            "the app's reader differs from the trainer's network by {worst} points"
        ));
    }
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    println!(
        "{out}: {} bytes, {} weights of {ckpt} ({} TD games) in steps of {step} ({clipped} clipped); the reader agrees on {n} sheets (largest difference {worst:.5})",
        bytes.len(),
        q.len(),
        h.games
    );
    Ok(())
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.first().is_some_and(|f| f == "--export") {
        let step = argv.get(3).map_or(Ok(0.35), |s| s.parse::<f64>());
        let r = match (argv.get(1), argv.get(2), step) {
            (Some(out), Some(ckpt), Ok(step)) => export(out, ckpt, step),
            _ => Err("--export OUT CHECKPOINT [STEP]".into()),
        };
        if let Err(e) = r {
            eprintln!("choice_ntuple: {e}");
            std::process::exit(2);
        }
        return;
    }
    if argv.first().is_some_and(|f| f == "--mean") {
        let r = match argv.get(1) {
            Some(out) => mean_of(out, &argv[2..]),
            None => Err("--mean OUT A B [C ...]".into()),
        };
        if let Err(e) = r {
            eprintln!("choice_ntuple: {e}");
            std::process::exit(2);
        }
        return;
    }
    let a = args();
    bot::warm_up();
    let fail = |e: String| -> ! {
        eprintln!("choice_ntuple: {e}");
        std::process::exit(2)
    };
    let mut net = Net {
        w: vec![0.0; weights_of(a.ver)],
        tabs: Tabs::new(),
        ver: a.ver,
    };
    let mut h = match &a.resume {
        Some(p) => {
            let (h, w) = load(p).unwrap_or_else(|e| fail(e));
            net = Net::of(&h, w);
            println!(
                "resumed from {p}: {} TD games played (seed {}, lr {}, lr-half {}, epsilon {}); \
                 its settings are kept",
                h.games, h.seed, h.lr, h.lr_half, h.epsilon
            );
            let mut h = h;
            // Exploration may change on resuming (from this game on).
            if let Some(e) = a.epsilon {
                h.epsilon = e;
            }
            if let Some(m) = a.margin {
                h.margin = m;
            }
            if let Some(n) = a.avg_horizon {
                h.avg_horizon = n;
                println!("from here on: weights averaged over about {n} games");
            }
            if a.epsilon.is_some() || a.margin.is_some() {
                println!("from here on: epsilon {}, margin {}", h.epsilon, h.margin);
            }
            h
        }
        None => {
            // A version from a checkpoint of an earlier one: its weights
            // kept (each layout begins with the one before), the new
            // families at zero, no supervised fit.
            let mut fit_games = a.fit_games;
            if let Some(p) = &a.init_from {
                let (h1, w1) = load(p).unwrap_or_else(|e| fail(e));
                if h1.version >= a.ver {
                    fail(format!(
                        "--init-from {p}: version {}, not earlier than this run's {}",
                        h1.version, a.ver
                    ));
                }
                net.w[..w1.len()].copy_from_slice(&w1);
                fit_games = 0;
                println!(
                    "version {} started from {p} (version {}, {} TD games); its new families at zero",
                    a.ver, h1.version, h1.games
                );
            }
            Header {
                version: a.ver,
                weights: net.w.len(),
                seed: a.seed,
                games: 0,
                lr: a.lr,
                lr_half: a.lr_half,
                epsilon: a.epsilon.unwrap_or(0.0),
                margin: a.margin.unwrap_or(0.0),
                avg_horizon: a.avg_horizon.unwrap_or(0),
                fit_games,
                best_eval: None,
                best_eval_games: 0,
                init_from: a.init_from.clone(),
                mean_of: None,
            }
        }
    };
    // The averaged weights: kept beside the checkpoint, or the weights.
    let avg_path = format!("{}.avg", a.checkpoint);
    let mut avg: Vec<f32> = a
        .resume
        .as_ref()
        .and_then(|p| load(&format!("{p}.avg")).ok())
        .filter(|(ha, w)| ha.games == h.games && w.len() == net.w.len())
        .map(|(_, w)| w)
        .unwrap_or_else(|| net.w.clone());
    println!(
        "n-tuple network version {}: {} weights, {} per value; checkpoint {}",
        h.version,
        net.w.len(),
        net.nf(),
        a.checkpoint
    );
    // The fixed evaluation games and today's players on them.
    let seeds: Vec<u64> = (EVAL_SEED..EVAL_SEED + a.eval_games).collect();
    let t0 = Instant::now();
    // Today's strong player on the evaluation games, kept beside the
    // checkpoint (it takes a minute or two for 20,000 games).
    let strong_path = format!("{}.strong-{EVAL_SEED}-{}", a.checkpoint, a.eval_games);
    let strong: Option<Vec<f64>> = (!a.no_strong).then(|| {
        if let Some(v) = std::fs::read_to_string(&strong_path)
            .ok()
            .and_then(|t| serde_json::from_str::<Vec<f64>>(&t).ok())
            .filter(|v| v.len() == seeds.len())
        {
            return v;
        }
        let v: Vec<f64> = seeds.iter().map(|&s| f64::from(play_strong(s))).collect();
        let _ = std::fs::write(&strong_path, serde_json::to_string(&v).unwrap());
        v
    });
    let table: Vec<f64> = seeds.iter().map(|&s| f64::from(play_table(s))).collect();
    let (tm, tse) = mean_se(&table);
    print!(
        "evaluation games: {} from seed {EVAL_SEED}; table 1-ply {tm:.1} ± {tse:.1}",
        seeds.len()
    );
    if let Some(s) = &strong {
        let (sm, sse) = mean_se(s);
        print!(", strong {sm:.1} ± {sse:.1}");
    }
    println!(" ({:.1} s)", t0.elapsed().as_secs_f64());
    // The run's own start (after the fit or the copy) on the same games,
    // kept beside the checkpoint: the paired difference to it shows what
    // the TD games have added.
    let start_path = format!("{}.start-{EVAL_SEED}-{}", a.checkpoint, a.eval_games);
    let mut start_scores: Option<Vec<f64>> = std::fs::read_to_string(&start_path)
        .ok()
        .and_then(|t| serde_json::from_str::<Vec<f64>>(&t).ok())
        .filter(|v| v.len() == seeds.len());
    let evaluate = |net: &Net, games: u64, start: Option<&[f64]>| -> (f64, Vec<f64>) {
        let t = Instant::now();
        let mine: Vec<f64> = seeds
            .iter()
            .map(|&s| f64::from(play_learned(net, s)))
            .collect();
        let (m, se) = mean_se(&mine);
        let diff = |other: &[f64]| {
            let d: Vec<f64> = mine.iter().zip(other).map(|(a, b)| a - b).collect();
            mean_se(&d)
        };
        let (dt, dtse) = diff(&table);
        print!(
            "eval @ {games} games: learned 1-ply {m:.1} ± {se:.1} over {}; vs table 1-ply {dt:+.1} ± {dtse:.1}",
            mine.len()
        );
        if let Some(s) = &strong {
            let (ds, dsse) = diff(s);
            print!("; vs strong {ds:+.1} ± {dsse:.1}");
        }
        if let Some(s) = start {
            let (d0, d0se) = diff(s);
            print!("; vs start {d0:+.2} ± {d0se:.2}");
        }
        println!(" ({:.1} s)", t.elapsed().as_secs_f64());
        (m, mine)
    };
    // A resumed run evaluated on other games: its start is made again from
    // the earlier version's checkpoint it came from (if that is unchanged).
    if let (None, Some(_), Some(p)) = (&start_scores, &a.resume, &h.init_from) {
        let (_, w1) = load(p).unwrap_or_else(|e| fail(e));
        let mut w = vec![0.0; weights_of(h.version)];
        w[..w1.len()].copy_from_slice(&w1);
        let s0 = Net {
            w,
            tabs: Tabs::new(),
            ver: h.version,
        };
        print!("the start again, from {p}: ");
        let (_, mine) = evaluate(&s0, 0, None);
        let _ = std::fs::write(&start_path, serde_json::to_string(&mine).unwrap());
        start_scores = Some(mine);
    }
    if a.resume.is_none() {
        fit(&mut net, h.fit_games, h.seed);
        let (m, mine) = evaluate(&net, 0, None);
        let _ = std::fs::write(&start_path, serde_json::to_string(&mine).unwrap());
        start_scores = Some(mine);
        h.best_eval = Some(m);
        save(&a.checkpoint, &h, &net.w).expect("the checkpoint");
        save(&format!("{}.best", a.checkpoint), &h, &net.w).expect("the best checkpoint");
    } else {
        evaluate(&net, h.games, start_scores.as_deref());
    }
    let start = Instant::now();
    let mut last_print = Instant::now();
    let mut last_ckpt = Instant::now();
    let mut since = (0u64, 0.0f64, 0u64, 0i64);
    let mut last_games = h.games;
    while h.games < a.games {
        let g = h.games;
        let lr = if h.lr_half == 0 {
            h.lr
        } else {
            h.lr * 0.5f64.powf(g as f64 / h.lr_half as f64)
        };
        let mut rng = Rng::new(h.seed << 40 | g);
        let alpha = (lr / net.nf() as f64) as f32;
        let (result, abs, n) = td_game(&mut net, &mut rng, alpha, h.epsilon, h.margin);
        h.games += 1;
        since.0 += 1;
        since.1 += abs;
        since.2 += u64::from(n);
        since.3 += i64::from(result);
        if h.avg_horizon > 0 && h.games % AVG_STEP == 0 {
            let beta = (AVG_STEP as f32 / h.avg_horizon as f32).min(1.0);
            for (m, &x) in avg.iter_mut().zip(&net.w) {
                *m += beta * (x - *m);
            }
        }
        if h.games % a.eval_every == 0 {
            if h.avg_horizon > 0 {
                let avg_net = Net {
                    w: avg.clone(),
                    tabs: Tabs::new(),
                    ver: net.ver,
                };
                print!("averaged ({} games): ", h.avg_horizon);
                evaluate(&avg_net, h.games, start_scores.as_deref());
            }
            let m = evaluate(&net, h.games, start_scores.as_deref()).0;
            if h.best_eval.is_none_or(|b| m > b) {
                h.best_eval = Some(m);
                h.best_eval_games = h.games;
                save(&format!("{}.best", a.checkpoint), &h, &net.w).expect("the best checkpoint");
            }
        }
        let ckpt_due = h.games % a.ckpt_games == 0
            || last_ckpt.elapsed() > Duration::from_secs(300)
            || h.games == a.games;
        if ckpt_due {
            if h.avg_horizon > 0 {
                save(&avg_path, &h, &avg).expect("the averaged weights");
            }
            save(&a.checkpoint, &h, &net.w).expect("the checkpoint");
            last_ckpt = Instant::now();
        }
        if last_print.elapsed() > Duration::from_secs(60) || h.games == a.games {
            let secs = last_print.elapsed().as_secs_f64();
            println!(
                "games {} ({:.0}/s), lr {lr:.5}, self-play mean {:.1}, mean |TD error| {:.1}, {:.0} min running",
                h.games,
                (h.games - last_games) as f64 / secs,
                since.3 as f64 / since.0 as f64,
                since.1 / since.2.max(1) as f64,
                start.elapsed().as_secs_f64() / 60.0
            );
            since = (0, 0.0, 0, 0);
            last_games = h.games;
            last_print = Instant::now();
        }
    }
    println!("done: {} games", h.games);
}
