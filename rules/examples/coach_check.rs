//! Prints the coach's honesty report for every game (issue 25): the coach's
//! value of its best choice against the mean of continuations under the
//! strongest level the game offers (issue 43: expert where there is one). `cargo run --profile native -p spielblock-rules --example
//! coach_check -- [games] [continuations]`, every listed game at its fewest
//! seats (SEATS=n for more; ONLY=id for one game); OTHERS=casual plays the
//! other seats at casual (the coach advising seat 0 against them).
use rules::driver::coach_check_against;
use rules::{Level, Playable};

fn report<G: Playable>(seats: usize, games: u64, cont: u64) {
    let t = std::time::Instant::now();
    let others = match std::env::var("OTHERS").as_deref() {
        Ok("casual") => Level::Casual,
        _ => rules::strongest::<G>(),
    };
    match coach_check_against::<G>(seats, &G::Options::default(), games, cont, 7, others) {
        Ok(r) => println!(
            "{:12} {} seats: {r} [{}] {:.1}s",
            G::ID,
            seats,
            if r.honest() { "honest" } else { "OFF" },
            t.elapsed().as_secs_f64()
        ),
        Err(e) => println!("{:12} {e}", G::ID),
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(200);
    let cont = args.get(1).copied().unwrap_or(4);
    let only = std::env::var("ONLY").unwrap_or_default();
    // Every listed game, at its fewest seats (SEATS=n for more, within its
    // range).
    let seats: Option<usize> = std::env::var("SEATS").ok().and_then(|s| s.parse().ok());
    struct Report(Option<usize>, u64, u64);
    impl rules::registry::Visit for Report {
        type Out = ();
        fn visit<G: Playable>(self) {
            let n = self
                .0
                .unwrap_or(G::MIN_SEATS)
                .clamp(G::MIN_SEATS, G::MAX_SEATS);
            report::<G>(n, self.1, self.2);
        }
    }
    for id in rules::registry::ids() {
        if only.is_empty() || only == id {
            rules::registry::visit(id, Report(seats, games, cont)).expect("a listed game");
        }
    }
}
