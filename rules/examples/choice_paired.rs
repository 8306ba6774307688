//! Compares the CHOICE strong player with the plain one-throw lookahead on
//! the same seeded solo games (the dice of a solo game do not depend on the
//! choices, so each game is played twice with the same throws): both means
//! and the mean difference with its standard error, far smaller than that
//! of two separate means. Two threads.
//! `cargo run --release -p spielblock-rules --example choice_paired -- [games] [first seed]`
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

fn play(seed: u64, strong: bool) -> i64 {
    let mut rng = Rng::new(seed);
    let mut s = Sheet::default();
    while !s.done() {
        let d = rng.dice(5);
        let dice = [d[0], d[1], d[2], d[3], d[4]];
        let a = if strong {
            first_best(bot::strong_scores(&s, &dice))
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
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(3000);
    let first = args.get(1).copied().unwrap_or(5_000_000);
    bot::warm_up();
    let res: Vec<(i64, i64)> = std::thread::scope(|sc| {
        let hs: Vec<_> = (0..2u64)
            .map(|k| {
                sc.spawn(move || {
                    (first..first + games)
                        .filter(|g| g % 2 == k)
                        .map(|g| (play(g, false), play(g, true)))
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
    let var = res
        .iter()
        .map(|r| ((r.1 - r.0) as f64 - d).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    println!(
        "{games} games from seed {first}: one throw ahead {one:.2}, strong {strong:.2}, \
         difference {d:+.2} (SE {:.2})",
        (var / n).sqrt()
    );
}
