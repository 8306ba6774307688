//! Fits the `counts` term of the CHOICE strong player's table
//! (rules/src/choice/choice_table.in) to the strong player's own results.
//!
//! The table is trained for play by the table alone
//! (`examples/choice_train.rs`); the strong player looks a throw ahead and
//! finishes higher, and by how much depends mostly on how long its game
//! still lasts. The remaining throws the table reads are only an expected
//! number, so the fifth-die counts themselves (sorted, 0 for a number not
//! chosen yet) get a term: for each, the mean of the final result less the
//! table's value without that term over every sheet of seeded games of the
//! strong player (with the table as it is compiled), shrunk towards 0 by
//! `SHRINK` sheets' worth. Every other entry of the table is copied.
//!
//! Run it twice (the second time with the first result compiled in, so the
//! games are the improved player's): deterministic, about a minute each.
//! Run: cargo run --profile native -p spielblock-rules --example choice_counts > /tmp/t.in
//! && mv /tmp/t.in rules/src/choice/choice_table.in
use rules::choice::bot::{self, Table};
use rules::choice::Sheet;
use rules::rng::Rng;

/// Games (seeds from `FIRST`), away from the seeds the README measures.
const GAMES: u64 = 60_000;
const FIRST: u64 = 3_000_000;
const SHRINK: f64 = 100.0;

/// The sheets of one game of the strong player with their misses.
fn game(seed: u64) -> Vec<([usize; 3], f64)> {
    let table = bot::trained();
    let mut rng = Rng::new(seed);
    let mut s = Sheet::default();
    let mut seen = Vec::new();
    while !s.done() {
        let d = rng.dice(5);
        let dice = [d[0], d[1], d[2], d[3], d[4]];
        let mut best: Option<(f64, _)> = None;
        for a in s.assignments(&dice) {
            let v = bot::lookahead(&bot::after(&s, &dice, &a));
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, a));
            }
        }
        s = bot::after(&s, &dice, &best.expect("an assignment").1);
        if !s.done() {
            let [a, b, c] = bot::counts(&s);
            let without = bot::value(table, &s) - f64::from(table.counts[a][b][c]);
            seen.push(([a, b, c], without));
        }
    }
    let total = s.total() as f64;
    seen.into_iter().map(|(k, v)| (k, total - v)).collect()
}

fn main() {
    let seeds: Vec<u64> = (FIRST..FIRST + GAMES).collect();
    let (first, second) = seeds.split_at(seeds.len() / 2);
    let run = |seeds: &[u64]| seeds.iter().flat_map(|&s| game(s)).collect::<Vec<_>>();
    let misses = std::thread::scope(|sc| {
        let a = sc.spawn(|| run(first));
        let mut b = run(second);
        let mut a = a.join().expect("a thread");
        a.append(&mut b);
        a
    });
    let mut sum = [[[0f64; 8]; 8]; 8];
    let mut n = [[[0f64; 8]; 8]; 8];
    for ([a, b, c], miss) in &misses {
        sum[*a][*b][*c] += miss;
        n[*a][*b][*c] += 1.0;
    }
    let mut t: Table<i16> = *bot::trained();
    for a in 0..8 {
        for b in 0..8 {
            for c in 0..8 {
                t.counts[a][b][c] = (sum[a][b][c] / (n[a][b][c] + SHRINK)).round() as i16;
            }
        }
    }
    let all: f64 = misses.iter().map(|(_, m)| m).sum::<f64>() / misses.len() as f64;
    eprintln!("{} sheets, mean miss {all:.1}", misses.len());
    let list = |row: &[i16]| {
        let v: Vec<String> = row.iter().map(|x| x.to_string()).collect();
        format!("[{}]", v.join(","))
    };
    let block = |rows: Vec<String>| format!("[{}]", rows.join(",\n"));
    let cube = |c: &[[[i16; 8]; 8]; 8]| {
        block(
            c.iter()
                .map(|k| block(k.iter().map(|r| list(r)).collect()))
                .collect(),
        )
    };
    println!(
        "// Written by examples/choice_train.rs (the mean of 8 trained tables) and\n\
         // examples/choice_counts.rs (the counts, from {GAMES} games of the strong player).\n\
         Table {{\nrows: {},\nopen: {},\nfifth: {},\npairs: {},\ncounts: {}\n}}",
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
        cube(&t.counts),
    );
}
