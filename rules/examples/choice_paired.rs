//! Compares the CHOICE strong player with the plain one-throw lookahead on
//! the same seeded solo games (the dice of a solo game do not depend on the
//! choices, so each game is played twice with the same throws): both means
//! and the mean difference with its standard error, far smaller than that
//! of two separate means. Two threads (`--threads N`).
//! With `--expert` (issue 43) the expert level (`choice::expert`, its table
//! read from rules/data) is compared with the strong player instead.
//! `cargo run --profile native -p spielblock-rules --example choice_paired -- [games] [first seed] [--expert] [--threads N]`
use rules::choice::bot;
use rules::choice::{Assignment, Sheet};
use rules::rng::Rng;

/// The first assignment with the highest score.
fn first_best(scored: Vec<(f64, Assignment)>) -> Assignment {
    let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
    scored
        .into_iter()
        .find(|(v, _)| *v == best)
        .expect("an assignment")
        .1
}

#[derive(Clone, Copy, PartialEq)]
enum Who {
    OneThrow,
    Strong,
    Expert,
}

fn play(seed: u64, who: Who) -> i64 {
    let mut rng = Rng::new(seed);
    let mut s = Sheet::default();
    while !s.done() {
        let d = rng.dice(5);
        let dice = [d[0], d[1], d[2], d[3], d[4]];
        let a = if who == Who::Strong {
            first_best(bot::strong_scores(&s, &dice))
        } else if who == Who::Expert {
            first_best(rules::choice::expert::expert_scores(&s, &dice).expect("the table"))
        } else {
            first_best(
                s.assignments(&dice)
                    .into_iter()
                    .map(|a| (bot::lookahead(&bot::after(&s, &dice, &a)), a))
                    .collect(),
            )
        };
        s = bot::after(&s, &dice, &a);
    }
    s.total()
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let expert = argv.iter().any(|a| a == "--expert");
    let threads: u64 = argv
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| argv.get(i + 1)?.parse().ok())
        .unwrap_or(2)
        .max(1);
    let args: Vec<u64> = argv
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || argv[i - 1] != "--threads")
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    let first_player = if expert {
        rules::ready_level::<rules::choice::Choice>(rules::Level::Expert)
            .unwrap_or_else(|e| panic!("{e}"));
        Who::Expert
    } else {
        Who::OneThrow
    };
    let games = args.first().copied().unwrap_or(3000);
    let first = args.get(1).copied().unwrap_or(5_000_000);
    bot::warm_up();
    let res: Vec<(i64, i64)> = std::thread::scope(|sc| {
        let hs: Vec<_> = (0..threads)
            .map(|k| {
                sc.spawn(move || {
                    (first..first + games)
                        .filter(|g| g % threads == k)
                        .map(|g| (play(g, first_player), play(g, Who::Strong)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        hs.into_iter()
            .flat_map(|h| h.join().expect("a thread"))
            .collect()
    });
    let n = res.len() as f64;
    let mean = |f: &dyn Fn(&(i64, i64)) -> f64| res.iter().map(f).sum::<f64>() / n;
    let (one, strong) = (mean(&|r| r.0 as f64), mean(&|r| r.1 as f64));
    let d = strong - one;
    let se = |f: &dyn Fn(&(i64, i64)) -> f64, m: f64| {
        (res.iter().map(|r| (f(r) - m).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt()
    };
    let var = res
        .iter()
        .map(|r| ((r.1 - r.0) as f64 - d).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    let first_name = if expert { "expert" } else { "one throw ahead" };
    println!(
        "{games} games from seed {first}: {first_name} {one:.2} (SE {:.2}), strong {strong:.2} (SE {:.2}), \
         strong - {first_name} {d:+.2} (SE {:.2})",
        se(&|r| r.0 as f64, one),
        se(&|r| r.1 as f64, strong),
        (var / n).sqrt()
    );
}
