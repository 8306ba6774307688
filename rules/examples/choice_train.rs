//! Trains the CHOICE strong player's value table (rules/src/choice/choice_table.in)
//! by Monte Carlo policy iteration, eight times, and averages the eight:
//!
//! 1. start from a hand-made table: a row with c crosses gets Poisson many
//!    more, 0.45 x (remaining throws) x (the chance that some two of five
//!    dice make its sum), and is worth the expected row result;
//! 2. play seeded solo games choosing by the table (3% random choices to
//!    explore); after every assignment move each table entry that made up
//!    the sheet's value towards the game's final result (stochastic gradient
//!    on the squared error);
//! 3. repeat (40 rounds of 60,000 games, a falling step size) and keep the
//!    table whose greedy play scores best on 4000 fixed evaluation games;
//! 4. do this for seeds 1 to 8 and average the eight tables entry by entry
//!    (the model is linear in its entries, so this averages the estimates
//!    and steadies the noise of each run: about +3 points of mean result
//!    with the one-throw lookahead).
//!
//! Deterministic: the same source gives the same table (two threads, about
//! six minutes on this machine).
//! Its counts term is left at 0: `examples/choice_counts.rs` fits it
//! afterwards (twice).
//! Run: cargo run --profile native -p spielblock-rules --example choice_train > rules/src/choice/choice_table.in

use rules::choice::bot::{self, Table, KINDS, THROW_BUCKETS};
use rules::choice::{row_score, Sheet, BOXES};
use rules::rng::Rng;

/// Members by default (the first argument overrides it).
const MEMBERS: u64 = 8;
const ROUNDS: usize = 40;
const GAMES: u64 = 60_000;
const EXPLORE_PERCENT: u64 = 3;

/// The chance that some two of five dice show `sum`.
fn reach(sum: u8) -> f64 {
    let mut hits = 0u32;
    for k in 0..7776u32 {
        let d: Vec<u32> = (0..5).map(|i| k / 6u32.pow(i) % 6 + 1).collect();
        let mut seen = false;
        for i in 0..5 {
            for j in i + 1..5 {
                seen |= d[i] + d[j] == u32::from(sum);
            }
        }
        hits += u32::from(seen);
    }
    f64::from(hits) / 7776.0
}

/// E[row_score(sum, c + X)], X Poisson with mean `lambda`.
fn row_value(sum: u8, c: u8, lambda: f64) -> f64 {
    if c >= BOXES {
        return row_score(sum, c) as f64;
    }
    let mut p = (-lambda).exp();
    let mut cdf = 0.0;
    let mut v = 0.0;
    for x in 0..(BOXES - c) {
        v += p * row_score(sum, c + x) as f64;
        cdf += p;
        p *= lambda / f64::from(x + 1);
    }
    v + (1.0 - cdf) * row_score(sum, BOXES) as f64
}

fn empty() -> Table<f32> {
    Table {
        rows: [[[0f32; THROW_BUCKETS]; 11]; KINDS],
        open: [[0f32; THROW_BUCKETS]; 12],
        fifth: [[0f32; THROW_BUCKETS]; 64],
        pairs: [[[0f32; 3]; 11]; 64],
        counts: [[[0f32; 8]; 8]; 8],
    }
}

fn hand_table() -> Table<f32> {
    let mut t = empty();
    for (k, rows) in t.rows.iter_mut().enumerate() {
        let sum = k as u8 + 2;
        let reach = reach(sum);
        for (c, row) in rows.iter_mut().enumerate().skip(1) {
            for (r, v) in row.iter_mut().enumerate() {
                *v = row_value(sum, c as u8, 0.45 * r as f64 * reach) as f32;
            }
        }
    }
    t
}

fn play(table: &Table<f32>, rng: &mut Rng, explore: u64, states: &mut Vec<Sheet>) -> i64 {
    let mut s = Sheet::default();
    while !s.done() {
        let d = rng.dice(5);
        let dice = [d[0], d[1], d[2], d[3], d[4]];
        let options = s.assignments(&dice);
        let a = if rng.below(100) < explore {
            options[rng.below(options.len() as u64) as usize]
        } else {
            bot::best_by(table, &s, &dice).map(|(_, a)| a).unwrap()
        };
        s = bot::after(&s, &dice, &a);
        states.push(s.clone());
    }
    s.total()
}

fn evaluate(table: &Table<f32>, games: u64) -> f64 {
    let mut sum = 0i64;
    for g in 0..games {
        let mut rng = Rng::new(1_000_000 + g);
        sum += play(table, &mut rng, 0, &mut Vec::new());
    }
    sum as f64 / games as f64
}

fn step(row: &mut [f32; THROW_BUCKETS], lo: usize, hi: usize, w: f32, delta: f32) {
    row[lo] += delta * (1.0 - w);
    row[hi] += delta * w;
}

/// One member: policy iteration from the hand-made table with this seed.
fn train(seed: u64) -> (f64, Table<f32>) {
    let mut table = hand_table();
    let mut best = (evaluate(&table, 4000), table);
    let mut rng = Rng::new(seed);
    for round in 0..ROUNDS {
        let rate = 0.0003 / (1.0 + round as f32 * 0.1);
        for _ in 0..GAMES {
            let mut states = Vec::new();
            let total = play(&table, &mut rng, EXPLORE_PERCENT, &mut states) as f32;
            for s in states.iter().filter(|s| !s.done()) {
                let r = bot::remaining_throws(s).min((THROW_BUCKETS - 1) as f64);
                let lo = r as usize;
                let hi = (lo + 1).min(THROW_BUCKETS - 1);
                let w = (r - lo as f64) as f32;
                let delta = rate * (total - bot::value(&table, s) as f32);
                let mask = bot::fifth_mask(s);
                for (i, &c) in s.crosses.iter().enumerate() {
                    let row = &mut table.rows[bot::kind(i as u8 + 2)][usize::from(c.min(BOXES))];
                    step(row, lo, hi, w, delta);
                    if c > 0 {
                        table.pairs[mask][i][bot::progress(c)] += delta;
                    }
                }
                step(&mut table.open[bot::open_rows(s)], lo, hi, w, delta);
                step(&mut table.fifth[mask], lo, hi, w, delta);
            }
        }
        let score = evaluate(&table, 4000);
        if score > best.0 {
            best = (score, table);
        }
    }
    eprintln!("member {seed}: greedy play {:.1}", best.0);
    best
}

fn main() {
    let members: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(MEMBERS);
    // Two threads, members split between them.
    let handles: Vec<_> = (0..2u64)
        .map(|t| {
            std::thread::spawn(move || {
                (1..=members)
                    .filter(|m| m % 2 == t)
                    .map(|m| (m, train(m)))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut members: Vec<(u64, (f64, Table<f32>))> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("a training thread"))
        .collect();
    members.sort_by_key(|(m, _)| *m);
    let n = members.len() as f32;
    let mut t = empty();
    for (_, (_, m)) in &members {
        let add = |a: &mut [f32], b: &[f32]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y / n);
        for (a, b) in t.rows.iter_mut().zip(&m.rows) {
            for (a, b) in a.iter_mut().zip(b) {
                add(a, b);
            }
        }
        for (a, b) in t.open.iter_mut().zip(&m.open) {
            add(a, b);
        }
        for (a, b) in t.fifth.iter_mut().zip(&m.fifth) {
            add(a, b);
        }
        for (a, b) in t.pairs.iter_mut().zip(&m.pairs) {
            for (a, b) in a.iter_mut().zip(b) {
                add(a, b);
            }
        }
    }
    let score = evaluate(&t, 4000);
    eprintln!(
        "the mean of {} members: greedy play {score:.1}",
        members.len()
    );
    let list = |row: &[f32]| {
        let v: Vec<String> = row
            .iter()
            .map(|x| format!("{}", x.round() as i16))
            .collect();
        format!("[{}]", v.join(","))
    };
    let block = |rows: Vec<String>| format!("[{}]", rows.join(",\n"));
    println!(
        "// Written by examples/choice_train.rs: the mean of {} trained tables;\n\
         // greedy play by it scores {score:.1} on average over 4000 evaluation games.\n\
         Table {{\nrows: {},\nopen: {},\nfifth: {},\npairs: {},\ncounts: {}\n}}",
        members.len(),
        block(
            t.rows
                .iter()
                .map(|k| block(k.iter().map(|r| list(r)).collect()))
                .collect()
        ),
        block(t.open.iter().map(|r| list(r)).collect()),
        block(t.fifth.iter().map(|r| list(r)).collect()),
        block(
            t.pairs
                .iter()
                .map(|k| block(k.iter().map(|r| list(r)).collect()))
                .collect()
        ),
        // Left at 0 here: examples/choice_counts.rs fits them afterwards.
        block(
            t.counts
                .iter()
                .map(|k| block(k.iter().map(|r| list(r)).collect()))
                .collect()
        ),
    );
}
