//! Trains the CHOICE strong player's value table (rules/src/choice_table.in)
//! by Monte Carlo policy iteration:
//!
//! 1. start from a hand-made table: a row with c crosses gets Poisson many
//!    more, 0.45 x (remaining throws) x (the chance that some two of five
//!    dice make its sum), and is worth the expected row result;
//! 2. play seeded solo games choosing by the table (5% random choices to
//!    explore); after every assignment move each table entry that made up
//!    the sheet's value towards the game's final result (stochastic gradient
//!    on the squared error);
//! 3. repeat with a falling step size; keep the table whose greedy play
//!    scores best on 4000 fixed evaluation games; write it in whole points.
//!
//! Deterministic: the same source gives the same table.
//! Run: cargo run --release -p spielblock-rules --example choice_train > rules/src/choice_table.in
//! (arguments: iterations, games per iteration; default 24 and 60000).

use rules::choice::bot::{self, Table, KINDS, THROW_BUCKETS};
use rules::choice::{row_score, Sheet, BOXES};
use rules::rng::Rng;

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

fn hand_table() -> Table<f32> {
    let mut t = Table {
        rows: [[[0f32; THROW_BUCKETS]; 11]; KINDS],
        open: [[0f32; THROW_BUCKETS]; 12],
        fifth: [[0f32; THROW_BUCKETS]; 64],
        pairs: [[0f32; 11]; 64],
    };
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

fn main() {
    let arg = |i: usize, d: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let iterations = arg(1, 24);
    let games = arg(2, 60_000);
    let mut table = hand_table();
    let mut best = (evaluate(&table, 4000), table);
    eprintln!("hand table: {:.1}", best.0);
    let mut rng = Rng::new(7);
    for it in 0..iterations {
        let rate = 0.0004 / (1.0 + it as f32 * 0.3);
        for _ in 0..games {
            let mut states = Vec::new();
            let total = play(&table, &mut rng, 5, &mut states) as f32;
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
                        table.pairs[mask][i] += delta;
                    }
                }
                step(&mut table.open[bot::open_rows(s)], lo, hi, w, delta);
                step(&mut table.fifth[mask], lo, hi, w, delta);
            }
        }
        let score = evaluate(&table, 4000);
        eprintln!("iteration {it}: {score:.1}");
        if score > best.0 {
            best = (score, table);
        }
    }
    eprintln!("best: {:.1}", best.0);
    let t = best.1;
    let list = |row: &[f32]| {
        let v: Vec<String> = row
            .iter()
            .map(|x| format!("{}", x.round() as i16))
            .collect();
        format!("[{}]", v.join(","))
    };
    let block = |rows: Vec<String>| format!("[{}]", rows.join(",\n"));
    println!(
        "// Written by examples/choice_train.rs: greedy play by it scored {:.1} on average\n\
         // over 4000 evaluation games.\nTable {{\nrows: {},\nopen: {},\nfifth: {},\npairs: {}\n}}",
        best.0,
        block(
            t.rows
                .iter()
                .map(|k| block(k.iter().map(|r| list(r)).collect()))
                .collect()
        ),
        block(t.open.iter().map(|r| list(r)).collect()),
        block(t.fifth.iter().map(|r| list(r)).collect()),
        block(t.pairs.iter().map(|r| list(r)).collect()),
    );
}
