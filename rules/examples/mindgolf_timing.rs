//! Times the MindGolf strong player's decisions (native): median, 99th
//! percentile and maximum over every decision of seeded solo games, by
//! stage, and the time its lane table takes to build. `cargo run --profile native -p spielblock-rules --example mindgolf_timing -- [games] [seed]`
use rules::mindgolf::{MindGolf, Options, Stage};
use rules::rng::Rng;
use rules::ComputerPlayer;
use rules::{Game, Level};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(100);
    let seed = args.get(1).copied().unwrap_or(1);
    let mut all = Vec::new();
    let mut start = Vec::new();
    let mut thrown = Vec::new();
    let mut rng = Rng::new(0);
    let t = Instant::now();
    let first = MindGolf::new(1, &Options::default(), seed).expect("game");
    while !first.warm_up() {}
    println!(
        "lane table (built once, when a game opens): {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    for i in 0..games {
        let mut g = MindGolf::new(1, &Options::default(), seed + i).expect("game");
        while !g.warm_up() {}
        while let Some(&s) = g.to_act().first() {
            let view = g.view(Some(s));
            let t = Instant::now();
            let a = MindGolf::computer_action(&view, s, Level::Strong, &mut rng);
            let us = t.elapsed().as_secs_f64() * 1e6;
            all.push(us);
            match view.stage {
                Stage::Start => start.push(us),
                Stage::Thrown(_) => thrown.push(us),
                _ => {}
            }
            g.apply(s, &a).expect("legal");
        }
    }
    for (name, mut xs) in [("all", all), ("start", start), ("thrown", thrown)] {
        xs.sort_by(f64::total_cmp);
        let q = |f: f64| xs[((xs.len() - 1) as f64 * f) as usize];
        println!(
            "{name:7} {} decisions: median {:.0} us, p99 {:.0} us, max {:.0} us, mean {:.0} us",
            xs.len(),
            q(0.5),
            q(0.99),
            xs[xs.len() - 1],
            xs.iter().sum::<f64>() / xs.len() as f64
        );
    }
}
