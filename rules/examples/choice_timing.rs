//! Times the CHOICE strong player's assignments (native): median, 99th
//! percentile and maximum over every assignment of seeded solo games
//! (each timed twice, the faster kept); `--expert` times the expert level
//! (issue 43, its table read from rules/data).
//! `cargo run --profile native -p spielblock-rules --example choice_timing -- [games] [seed] [--expert]`
use rules::choice::{Choice, Options, Stage};
use rules::rng::Rng;
use rules::ComputerPlayer;
use rules::{Game, Level};
use std::time::Instant;

fn main() {
    let level = if std::env::args().any(|a| a == "--expert") {
        rules::ready_level::<Choice>(Level::Expert).unwrap_or_else(|e| panic!("{e}"));
        Level::Expert
    } else {
        Level::Strong
    };
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(200);
    let seed = args.get(1).copied().unwrap_or(1);
    let mut xs = Vec::new();
    let mut rng = Rng::new(0);
    for i in 0..games {
        let mut g = Choice::new(1, &Options::default(), seed + i).expect("game");
        while !g.warm_up() {}
        while let Some(&s) = g.to_act().first() {
            let view = g.view(Some(s));
            // The faster of two timings: a shared machine preempts now and then.
            let mut us = f64::MAX;
            let mut a = None;
            for _ in 0..2 {
                let t = Instant::now();
                a = Some(Choice::computer_action(&view, s, level, &mut rng));
                us = us.min(t.elapsed().as_secs_f64() * 1e6);
            }
            let a = a.expect("an action");
            if matches!(view.stage, Stage::Assign { .. }) {
                xs.push(us);
            }
            g.apply(s, &a).expect("legal");
        }
    }
    xs.sort_by(f64::total_cmp);
    eprintln!("slowest five: {:?}", &xs[xs.len().saturating_sub(5)..]);
    let q = |f: f64| xs[((xs.len() - 1) as f64 * f) as usize];
    println!(
        "{} assignments ({}): median {:.0} us, p90 {:.0} us, p99 {:.0} us, max {:.0} us, mean {:.0} us",
        xs.len(),
        level.id(),
        q(0.5),
        q(0.9),
        q(0.99),
        xs[xs.len() - 1],
        xs.iter().sum::<f64>() / xs.len() as f64
    );
}
