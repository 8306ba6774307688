//! A determinized Monte-Carlo rollout player for Gnoming against three
//! `greedy`, in every seat position: wins, mean round scores and the native
//! time of its decisions (median, 99th percentile, maximum), as
//! `gnoming_bench` measures the strong player (same seeds, same deals).
//!
//! At each of its decisions the strong player's evaluation (`evaluate`) has
//! more than one choice for, the player takes the strong choice and the next
//! best ones (at most `CANDS`, within `GAP` points of the strong one; with
//! `PILES=1` also both piles for a displaced card), and for each plays `K`
//! rollouts: the cards the view hides (face-down cards,
//! the draw pile's order, the cards under the piles' tops) dealt at random
//! from the cards it has not seen, the same deals for every candidate
//! (common random numbers), the candidate applied, then the three greedy
//! players (the model is exact) and itself (`SELF`: `g` greedy, `s` strong)
//! play on to the end of the round (`HORIZON` `round`) or game (`game`).
//! A rollout scores 1 for a win when the game ends, else the chance of
//! winning by the margin to the best other total, as normal with sd
//! `SIGMA` per round still to play. A candidate other than the strong one
//! is taken only when its mean gain over the strong one, sample by sample,
//! is more than `EDGE` and more than `Z` standard errors.
//!
//! `cargo run --profile native -p spielblock-rules --example gnoming_rollout -- [games] [seed] [seats...]`
//! with the settings in the environment: `K=16 CANDS=3 GAP=8 SELF=g HORIZON=round SIGMA=12 EDGE=0 Z=2 PILES=0`
//! (`SELF=s` strong, `h` strong but greedy at the draw-or-take choice).
use rules::gnoming::{bot, kind, Action, Card, Event, Gnoming, Options, Stage, View, DECK};
use rules::rng::Rng;
use rules::Coach;
use rules::ComputerPlayer;
use rules::{Game, Level, Seat};
use std::time::Instant;

#[derive(Clone, Copy)]
struct Settings {
    k: usize,
    cands: usize,
    gap: f64,
    /// Its own policy in the rollouts: 0 greedy, 1 strong, 2 strong but
    /// greedy at the draw-or-take choice (the strong one's costly part).
    own: u8,
    whole_game: bool,
    sigma: f64,
    edge: f64,
    /// An alternative replaces the strong choice only when its mean gain
    /// over it is more than this many standard errors (paired samples).
    z: f64,
    /// Also roll out the choice of pile for a displaced card.
    piles: bool,
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The cards the view hides, in `Gnoming::determinized`'s order: a uniform
/// arrangement of the cards the seat has not seen (`bot::unseen`) over the
/// face-down positions, the draw pile and the cards under the piles' tops,
/// given that no Hazard lies on a pile (R-GN-4: a Hazard discarded leaves
/// the game): the Hazards first take distinct places among the face-down
/// positions and the draw pile, then the other cards, shuffled, fill the
/// rest.
fn sample(view: &View, rng: &mut Rng) -> Vec<Card> {
    let pool = bot::unseen(view);
    let face_down: usize = (0..view.seats()).map(|s| view.hidden(s)).sum();
    let under: usize = view.pile_sizes.iter().map(|&n| n.saturating_sub(1)).sum();
    let free = face_down + view.draw;
    let hazards = pool[kind(Card::Hazard)] as usize;
    let mut others: Vec<Card> = Vec::with_capacity(free + under);
    for (i, &(card, _)) in DECK.iter().enumerate() {
        if card != Card::Hazard {
            others.extend(std::iter::repeat_n(card, pool[i] as usize));
        }
    }
    rng.shuffle(&mut others);
    let mut slots: Vec<Option<Card>> = vec![None; free + under];
    let mut placed = 0;
    while placed < hazards {
        let at = rng.below(free as u64) as usize;
        if slots[at].is_none() {
            slots[at] = Some(Card::Hazard);
            placed += 1;
        }
    }
    let mut rest = others.into_iter();
    slots
        .into_iter()
        .map(|s| s.unwrap_or_else(|| rest.next().expect("the unseen cards fill the view")))
        .collect()
}

/// Plays `game` on to the end of the round (or game) with greedy opponents
/// and the score of a win for `me`.
fn rollout(mut game: Gnoming, me: Seat, set: Settings) -> f64 {
    let mut rng = Rng::new(0);
    while let Some(&seat) = game.to_act().first() {
        let view = game.view(Some(seat));
        let strong = match set.own {
            1 => true,
            2 => view.stage != Stage::Start,
            _ => false,
        };
        let a = if seat == me && strong {
            Gnoming::computer_action(&view, seat, Level::Strong, &mut rng)
        } else {
            bot::greedy(&view, seat)
        };
        let events = game.apply(seat, &a).expect("legal");
        if !set.whole_game && events.iter().any(|e| matches!(e, Event::RoundOver { .. })) {
            break;
        }
    }
    if let Some(o) = game.outcome() {
        return f64::from(u8::from(o.places[me] == 1 && !o.is_shared(me)));
    }
    let totals = game.scores();
    let best_other = (0..totals.len())
        .filter(|&s| s != me)
        .map(|s| totals[s])
        .min()
        .unwrap_or(0);
    let left = (rules::gnoming::ROUNDS - game.view(None).results.len()) as f64;
    bot::phi((best_other - totals[me]) as f64 / (set.sigma * left.sqrt()))
}

struct Stats {
    rollout_decisions: usize,
    changed: usize,
}

fn decide(view: &View, me: Seat, set: Settings, rng: &mut Rng, stats: &mut Stats) -> Action {
    let strong = Gnoming::computer_action(view, me, Level::Strong, rng);
    let cands: Vec<Action> = match view.stage {
        // Which pile the displaced card goes on: what it hands the next
        // (greedy) player.
        Stage::Discard if set.piles && view.discard_piles().len() == 2 => {
            let Action::Discard { pile } = strong else {
                return strong;
            };
            vec![strong, Action::Discard { pile: 1 - pile }]
        }
        Stage::Start | Stage::Hand { .. } | Stage::Bounce { .. } => {
            let Some(ev) = Gnoming::evaluate(view, me) else {
                return strong;
            };
            let base = ev.ranked[0].value;
            ev.ranked
                .iter()
                .filter(|w| w.value <= base + set.gap)
                .take(set.cands)
                .map(|w| w.action)
                .collect()
        }
        _ => return strong,
    };
    if cands.len() < 2 || cands[0] != strong {
        return strong;
    }
    stats.rollout_decisions += 1;
    let mut u = vec![Vec::with_capacity(set.k); cands.len()];
    for _ in 0..set.k {
        let hidden = sample(view, rng);
        let seed = rng.next_u64();
        let game = Gnoming::determinized(view, &hidden, seed).expect("a state fits the view");
        for (c, a) in cands.iter().enumerate() {
            let mut g = game.clone();
            g.apply(me, a).expect("a legal candidate");
            u[c].push(rollout(g, me, set));
        }
    }
    // Paired differences with the strong choice: the alternative with the
    // best mean gain, if that gain is clear.
    let k = set.k as f64;
    let mut best = 0;
    let mut best_gain = 0.0;
    for c in 1..cands.len() {
        let d: Vec<f64> = u[c].iter().zip(&u[0]).map(|(a, b)| a - b).collect();
        let mean = d.iter().sum::<f64>() / k;
        let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (k - 1.0).max(1.0);
        let se = (var / k).sqrt();
        if mean > set.edge && mean > set.z * se && mean > best_gain {
            best = c;
            best_gain = mean;
        }
    }
    if best != 0 {
        stats.changed += 1;
    }
    cands[best]
}

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
    let set = Settings {
        k: env("K", 16),
        cands: env("CANDS", 3),
        gap: env("GAP", 8.0),
        own: match env("SELF", "g".to_string()).as_str() {
            "s" => 1,
            "h" => 2,
            _ => 0,
        },
        whole_game: env("HORIZON", "round".to_string()) == "game",
        sigma: env("SIGMA", 12.0),
        edge: env("EDGE", 0.0),
        z: env("Z", 2.0),
        piles: env("PILES", 0u8) == 1,
    };
    println!(
        "K={} CANDS={} GAP={} SELF={} HORIZON={} SIGMA={} EDGE={} Z={} PILES={}",
        set.k,
        set.cands,
        set.gap,
        ["g", "s", "h"][set.own as usize],
        if set.whole_game { "game" } else { "round" },
        set.sigma,
        set.edge,
        set.z,
        u8::from(set.piles)
    );
    let mut times = Vec::new();
    let mut stats = Stats {
        rollout_decisions: 0,
        changed: 0,
    };
    let mut all_wins = 0.0;
    for &me in &seats {
        let (mut wins, mut mine, mut theirs, mut rounds) = (0.0, 0.0, 0.0, 0.0);
        for g in 0..games {
            let s = seed + g;
            let mut game = Gnoming::new(4, &Options::default(), s).expect("game");
            let mut chooser = Rng::new(s ^ 0x5EED);
            let mut sampler = Rng::new(s.wrapping_mul(0x9E37_79B9) ^ 0xA11CE);
            // Seats deciding at once answer in the order `simulate` draws.
            while let Some(seat) = chooser.pick(&game.to_act()) {
                let view = game.view(Some(seat));
                let a = if seat == me {
                    let t = Instant::now();
                    let a = decide(&view, seat, set, &mut sampler, &mut stats);
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
    println!(
        "{} rollout decisions, {} changed from the strong choice",
        stats.rollout_decisions, stats.changed
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
