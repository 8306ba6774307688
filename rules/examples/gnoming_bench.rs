//! The Gnoming strong player against three `greedy`, in every seat position:
//! wins, mean round scores and the native time of its decisions (median,
//! 99th percentile, maximum).
//! `cargo run --profile native -p spielblock-rules --example gnoming_bench -- [games] [seed] [seats...]`
use rules::gnoming::{Gnoming, Options};
use rules::rng::Rng;
use rules::ComputerPlayer;
use rules::{Game, Level};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(300);
    let seed = args.get(1).copied().unwrap_or(1);
    let seats: Vec<usize> = if args.len() > 2 {
        args[2..].iter().map(|&s| s as usize).collect()
    } else {
        vec![0, 1, 2, 3]
    };
    let mut times = Vec::new();
    let mut all_wins = 0.0;
    for &me in &seats {
        let (mut wins, mut mine, mut theirs, mut rounds) = (0.0, 0.0, 0.0, 0.0);
        for g in 0..games {
            let s = seed + g;
            let mut game = Gnoming::new(4, &Options::default(), s).expect("game");
            let mut chooser = Rng::new(s ^ 0x5EED);
            // Seats deciding at once answer in the order `simulate` draws.
            while let Some(seat) = chooser.pick(&game.to_act()) {
                let view = game.view(Some(seat));
                let a = if seat == me {
                    let t = Instant::now();
                    let a = Gnoming::computer_action(&view, seat, Level::Strong, &mut chooser);
                    times.push(t.elapsed().as_secs_f64() * 1e6);
                    a
                } else {
                    Gnoming::baseline_action("greedy", &view, seat, &mut chooser).unwrap()
                };
                game.apply(seat, &a).expect("legal");
            }
            let o = game.outcome().unwrap();
            if o.places[me] == 1 && !o.is_shared(me) {
                wins += 1.0;
            }
            let v = game.view(None);
            for r in &v.results {
                for (s, sc) in r.scores.iter().enumerate() {
                    if s == me {
                        mine += *sc as f64;
                    } else {
                        theirs += *sc as f64 / 3.0;
                    }
                }
                rounds += 1.0;
            }
        }
        all_wins += wins;
        println!(
            "seat {}: wins {:.1}%  round score {:.2} (greedy {:.2})",
            me + 1,
            100.0 * wins / games as f64,
            mine / rounds,
            theirs / rounds
        );
    }
    println!(
        "all: wins {:.2}%",
        100.0 * all_wins / (games as f64 * seats.len() as f64)
    );
    times.sort_by(f64::total_cmp);
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize];
    println!(
        "{} decisions: median {:.0} us, p99 {:.0} us, max {:.0} us, mean {:.0} us",
        times.len(),
        q(0.5),
        q(0.99),
        times[times.len() - 1],
        times.iter().sum::<f64>() / times.len() as f64
    );
}
