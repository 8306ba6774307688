//! Finds the seed of a guided first game (issue 25): the first seed whose
//! dice, under the lesson's fixed moves, show what each step teaches.
//! `cargo run --release -p spielblock-rules --example lesson_search -- mindgolf`
use rules::midend::{Match, SeatInfo};
use rules::mindgolf::{Action as MgAction, Die, Event as MgEvent, MindGolf};

fn mindgolf() {
    use MgAction::*;
    'seeds: for seed in 1..5_000_000u64 {
        let mut m =
            Match::<MindGolf>::new(vec![SeatInfo::human("P")], Default::default(), seed).unwrap();
        let mut facts = Vec::new();
        let plan = [
            Throw {
                green: 3,
                white: true,
            },
            Enter(0),
            Throw {
                green: 2,
                white: false,
            },
            Reroll(Die::Green(1)),
            Enter(0),
            Throw {
                green: 3,
                white: true,
            },
            Enter(4),
            Throw {
                green: 0,
                white: true,
            },
            Park,
            ApplyParked(4),
        ];
        for (k, a) in plan.iter().enumerate() {
            let Ok(evs) = m.apply(0, a.clone()) else {
                continue 'seeds;
            };
            let evs = evs.to_vec();
            for e in &evs {
                match e {
                    MgEvent::Thrown {
                        green,
                        white,
                        value,
                        ..
                    } => facts.push((k, green.clone(), *white, *value)),
                    MgEvent::Rerolled { to, value, .. } => facts.push((k, vec![*to], None, *value)),
                    _ => {}
                }
            }
            let ok = match k {
                0 => {
                    let (_, g, w, _) = &facts[0];
                    let mut g = g.clone();
                    g.sort();
                    g == [1, 4, 5] && *w == Some(4)
                }
                2 => facts[1].1.iter().sum::<u8>() != 8,
                3 => facts[1].1[0] + facts[2].1[0] == 8,
                5 => facts[3].3 >= 60,
                _ => true,
            };
            if !ok {
                continue 'seeds;
            }
        }
        println!("seed {seed}: {facts:?}");
        println!("{}", serde_json::to_string(m.record()).unwrap());
        return;
    }
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("mindgolf") => mindgolf(),
        _ => eprintln!("which game?"),
    }
}
