//! Finds the seed of a guided first game (issue 25): the first seed whose
//! dice, under the lesson's fixed moves, show what each step teaches.
//! `cargo run --profile native -p spielblock-rules --example lesson_search -- mindgolf`
use rules::choice::{Action as ChAction, Choice, Event as ChEvent};
use rules::en_gingg::{Action as EgAction, EnGingg, Event as EgEvent};
use rules::gnoming::{Action as GnAction, Gnoming};
use rules::midend::{Match, SeatInfo};
use rules::mindgolf::{Action as MgAction, Die, Event as MgEvent, MindGolf};
use rules::minesweeper::{Action as MsAction, Event as MsEvent, Minesweeper};
use rules::{Coach, ComputerPlayer};
use rules::{Game, Level, SeatKind};

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

/// En Gingg: the person sets aside every 5 and 6 (else the highest die)
/// and reaches a total over 30 in three throws; phase 2 then hits twice.
fn en_gingg() {
    // A later start finds the rules' worked example (a seed of its own, so
    // the rules never show the guided game's dice to come).
    let from = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1u64);
    'seeds: for seed in from..5_000_000u64 {
        let seats = vec![
            SeatInfo::human("P"),
            SeatInfo {
                kind: SeatKind::Computer,
                level: Level::Casual,
                ..SeatInfo::human("C")
            },
        ];
        let mut m = Match::<EnGingg>::new(seats, Default::default(), seed).unwrap();
        let mut log = Vec::new();
        let mut throws = 0;
        let mut total = 0u8;
        // Phase 1.
        while total_kept(&m) < 6 {
            let evs = m.apply(0, EgAction::Roll).unwrap().to_vec();
            throws += 1;
            // The last die is set aside by itself.
            if let Some(t) = evs.iter().find_map(|e| match e {
                EgEvent::Phase1Done { total, .. } => Some(*total),
                _ => None,
            }) {
                log.push(format!(
                    "roll {:?} (the last die)",
                    evs.iter().find_map(|e| match e {
                        EgEvent::Rolled { dice, .. } => Some(dice.clone()),
                        _ => None,
                    })
                ));
                total = t;
                break;
            }
            let Some(dice) = evs.iter().find_map(|e| match e {
                EgEvent::Rolled { dice, .. } => Some(dice.clone()),
                _ => None,
            }) else {
                continue 'seeds;
            };
            let mut pick: Vec<usize> = (0..dice.len()).filter(|&i| dice[i] >= 5).collect();
            if pick.is_empty() {
                let hi = (0..dice.len())
                    .max_by_key(|&i| (dice[i], usize::MAX - i))
                    .unwrap();
                pick.push(hi);
            }
            log.push(format!("roll {dice:?} keep {pick:?}"));
            let Ok(evs) = m.apply(0, EgAction::SetAside(pick.clone())) else {
                panic!(
                    "{seed} {log:?} {:?}",
                    serde_json::to_string(&m.state().view(Some(0))).unwrap()
                );
            };
            let evs = evs.to_vec();
            for e in &evs {
                if let EgEvent::Phase1Done { total: t, .. } = e {
                    total = *t;
                }
            }
            if throws > 3 {
                continue 'seeds;
            }
        }
        if total <= 30 {
            continue 'seeds;
        }
        // Phase 2: two throws with hits, then one without.
        let mut hits = Vec::new();
        while m.state().to_act() == vec![0] {
            let evs = m.apply(0, EgAction::Roll).unwrap().to_vec();
            for e in &evs {
                match e {
                    EgEvent::Hits { count, .. } => hits.push(*count),
                    EgEvent::Rolled { dice, .. } => log.push(format!("phase 2 roll {dice:?}")),
                    _ => {}
                }
            }
        }
        if hits.iter().filter(|&&h| h > 0).count() < 2 || hits.len() > 3 {
            continue 'seeds;
        }
        // The computer's turn, as the app plays it, up to the person's next
        // decision.
        while m.state().to_act() == vec![1] {
            let a = m.computer_action(1);
            let evs = m.apply(1, a.clone()).unwrap().to_vec();
            log.push(format!("computer {a:?}: {evs:?}"));
        }
        println!(
            "seed {seed}: total {total}, hits {hits:?}; the person decides again at move {}",
            m.record().moves.len()
        );
        for l in log {
            println!("  {l}");
        }
        println!("{}", serde_json::to_string(m.record()).unwrap());
        return;
    }
}

fn total_kept(m: &Match<EnGingg>) -> usize {
    // Phase 1 ends when the six dice are set aside (or the turn passed).
    if m.state().to_act() != vec![0] {
        return 6;
    }
    serde_json::to_value(m.state().view(Some(0)))
        .ok()
        .and_then(|v| {
            v.pointer("/phase/one/kept")
                .and_then(|k| k.as_array().map(Vec::len))
        })
        .unwrap_or(6)
}

/// CHOICE solo under the strong player: three different fifth-die numbers
/// in the first three throws, a fourth throw that must use one, and a
/// free throw fifth.
fn choice() {
    'seeds: for seed in 1..5_000_000u64 {
        let mut m =
            Match::<Choice>::new(vec![SeatInfo::human("P")], Default::default(), seed).unwrap();
        let mut log = Vec::new();
        for round in 0..5 {
            let evs = m.apply(0, ChAction::Roll).unwrap().to_vec();
            let dice: Vec<u8> = evs
                .iter()
                .find_map(|e| match e {
                    ChEvent::Thrown { dice, .. } => Some(dice.to_vec()),
                    _ => None,
                })
                .unwrap_or_default();
            let chosen: Vec<u8> = m.state().view(Some(0)).sheets[0]
                .fifth
                .iter()
                .map(|f| f.number)
                .collect();
            let shows = dice.iter().any(|d| chosen.contains(d));
            let a = m.computer_action(0);
            match round {
                0..=2 => {
                    let ChAction::Assign(x) = a else {
                        continue 'seeds;
                    };
                    if chosen.contains(&x.fifth) {
                        continue 'seeds;
                    }
                }
                3 if !shows => continue 'seeds,
                4 if shows => continue 'seeds,
                _ => {}
            }
            log.push(format!("throw {dice:?}: {a:?} (chosen {chosen:?})"));
            m.apply(0, a).unwrap();
        }
        println!("seed {seed}");
        for l in log {
            println!("  {l}");
        }
        println!("{}", serde_json::to_string(m.record()).unwrap());
        return;
    }
}

/// Minesweeper against a casual computer: a safe exploration that scores,
/// a certain mine marked, a fifty-fifty mark that fails (Blubb), and an
/// automatic reveal along the way.
fn minesweeper() {
    'seeds: for seed in 1..5_000_000u64 {
        let seats = vec![
            SeatInfo::human("P"),
            SeatInfo {
                kind: SeatKind::Computer,
                level: Level::Casual,
                ..SeatInfo::human("C")
            },
        ];
        let mut m = Match::<Minesweeper>::new(seats, Default::default(), seed).unwrap();
        let mut log = Vec::new();
        let mut revealed = false;
        let (mut marked, mut blubbed) = (false, false);
        for turn in 0..5 {
            let view = m.state().view(Some(0));
            let Some(ev) = Minesweeper::evaluate(&view, 0) else {
                continue 'seeds;
            };
            let certain = ev.ranked.iter().find(|w| {
                matches!(w.action, MsAction::Mark { .. }) && w.risk.is_some_and(|r| r > 0.999)
            });
            let even = ev.ranked.iter().find(|w| {
                matches!(w.action, MsAction::Mark { .. })
                    && w.risk.is_some_and(|r| (0.4..=0.6).contains(&r))
            });
            let safe = ev
                .ranked
                .iter()
                .filter(|w| matches!(w.action, MsAction::Explore { .. }) && w.risk == Some(0.0))
                .max_by(|a, b| a.value.total_cmp(&b.value));
            let pick = match (turn, marked, certain, even, safe) {
                (0, _, _, _, Some(s)) => s,
                (0, ..) => continue 'seeds,
                (_, false, Some(c), _, _) => c,
                (_, true, _, Some(e), _) if !blubbed => e,
                (_, _, _, _, Some(s)) if !blubbed => s,
                _ => break,
            };
            let a = pick.action;
            let evs = m.apply(0, a).unwrap().to_vec();
            log.push(format!(
                "person at move {}: {a:?} (risk {:?}, value {:.2}): {evs:?}",
                m.record().moves.len() - 1,
                pick.risk,
                pick.value
            ));
            revealed |= evs.iter().any(|e| matches!(e, MsEvent::Revealed { .. }));
            if turn == 0
                && !evs
                    .iter()
                    .any(|e| matches!(e, MsEvent::Explored { points, .. } if *points >= 1))
            {
                continue 'seeds;
            }
            if matches!(a, MsAction::Mark { .. }) {
                if pick.risk.is_some_and(|r| r > 0.999) {
                    marked = true;
                } else if evs.iter().any(|e| matches!(e, MsEvent::Blubb { .. })) {
                    blubbed = true;
                } else {
                    continue 'seeds;
                }
            }
            while m.state().to_act() == vec![1] {
                let c = m.computer_action(1);
                let evs = m.apply(1, c).unwrap().to_vec();
                revealed |= evs.iter().any(|e| matches!(e, MsEvent::Revealed { .. }));
                log.push(format!("computer {c:?}: {evs:?}"));
            }
            if blubbed {
                break;
            }
        }
        if !(marked && blubbed) {
            continue 'seeds;
        }
        if !revealed {
            continue 'seeds;
        }
        println!(
            "seed {seed}: the person decides again at move {}",
            m.record().moves.len()
        );
        for l in log {
            println!("  {l}");
        }
        println!("{}", serde_json::to_string(m.record()).unwrap());
        return;
    }
}

/// The Minesweeper rules' worked example (two strong computers, 11x11
/// with 15 mines): the first game in which, within the first twelve
/// moves, a safe cell shows 2 or more and earns as much (all its mines
/// hidden), the first mine is marked (+5), and then a safe cell beside
/// that mine counts it but earns only for the mines still hidden (R-MS-3),
/// all near one another (the app draws the corner that holds them).
/// Prints the seed, the moves and the record.
fn minesweeper_example() {
    let from = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1u64);
    let strong = |name: &str| SeatInfo {
        kind: SeatKind::Computer,
        level: Level::Strong,
        ..SeatInfo::human(name)
    };
    'seeds: for seed in from..5_000_000u64 {
        let seats = vec![strong("A"), strong("B")];
        let mut m = Match::<Minesweeper>::new(seats, Default::default(), seed).unwrap();
        // (move, x, y, number, points) of every explore; the first mark.
        let mut explored = Vec::new();
        let mut mark: Option<(usize, usize, usize)> = None;
        for k in 0..12 {
            let seat = m.state().to_act()[0];
            let a = m.computer_action(seat);
            // The mark of the example is a certain mine.
            if let MsAction::Mark { x, y } = a {
                if m.state().view(None).probabilities()[y * 11 + x].is_none_or(|p| p < 0.999) {
                    continue 'seeds;
                }
            }
            let evs = m.apply(seat, a).unwrap().to_vec();
            for e in &evs {
                match *e {
                    MsEvent::Explored {
                        x,
                        y,
                        number,
                        points,
                        ..
                    } => explored.push((k, x, y, number, points)),
                    MsEvent::Marked { x, y, points, .. } if mark.is_none() => {
                        assert_eq!(points, 5);
                        mark = Some((k, x, y));
                    }
                    MsEvent::Exploded { .. } | MsEvent::Blubb { .. } => continue 'seeds,
                    _ => {}
                }
            }
            let Some((km, mx, my)) = mark else { continue };
            // After the mark: beside it, counting it, earning less.
            let Some(&(kc, cx, cy, n, p)) = explored.iter().find(|&&(kc, x, y, n, p)| {
                kc > km
                    && x.abs_diff(mx) <= 1
                    && y.abs_diff(my) <= 1
                    && n >= 2
                    && p >= 1
                    && p < n as i64
            }) else {
                continue;
            };
            // Before the mark, a cell earning its whole number, nearby.
            let near = |x: usize, y: usize| x.abs_diff(mx) <= 4 && y.abs_diff(my) <= 4;
            let Some(&(ka, ax, ay, an, _)) = explored.iter().find(|&&(ka, x, y, n, p)| {
                ka < km
                    && n >= 2
                    && p == n as i64
                    && near(x, y)
                    && near(x, y)
                    && x.abs_diff(cx) <= 5
                    && y.abs_diff(cy) <= 5
            }) else {
                continue 'seeds;
            };
            println!(
                "seed {seed}: move {} explores ({ax},{ay}) shows {an}; move {} marks ({mx},{my}); move {} explores ({cx},{cy}) shows {n}, +{p}; {} moves",
                ka + 1,
                km + 1,
                kc + 1,
                m.record().moves.len()
            );
            println!("{}", serde_json::to_string(m.record()).unwrap());
            return;
        }
    }
}

/// Gnoming against a casual computer, the person playing as the strong
/// player does: within their first four turns a card taken from a discard
/// pile, a bounce, and a Hazard drawn and discarded.
fn gnoming() {
    'seeds: for seed in 1..5_000_000u64 {
        let seats = vec![
            SeatInfo::human("P"),
            SeatInfo {
                kind: SeatKind::Computer,
                level: Level::Casual,
                ..SeatInfo::human("C")
            },
        ];
        let mut m = Match::<Gnoming>::new(seats, Default::default(), seed).unwrap();
        let (mut took, mut bounced, mut hazard) = (false, false, false);
        let mut turns = 0;
        let mut log = Vec::new();
        while turns < 4 && !(took && bounced && hazard) {
            let Some(&s) = m.state().to_act().first() else {
                continue 'seeds;
            };
            let view = m.state().view(Some(s));
            let a = if s == 0 {
                let mut rng = rules::rng::Rng::new(seed);
                Gnoming::computer_action(&view, 0, Level::Strong, &mut rng)
            } else {
                m.computer_action(s)
            };
            if s == 0 {
                match a {
                    GnAction::Take { .. } => took = true,
                    GnAction::Bounce { .. } => bounced = true,
                    GnAction::Remove => hazard = true,
                    GnAction::Draw => {}
                    _ => {}
                }
                if matches!(a, GnAction::Draw | GnAction::Take { .. }) {
                    turns += 1;
                }
            }
            let at = m.record().moves.len();
            let evs = m.apply(s, a).unwrap().to_vec();
            log.push(format!(
                "{at} seat {s} {}: {evs:?}",
                serde_json::to_string(&a).unwrap()
            ));
        }
        if !(took && bounced && hazard) {
            continue 'seeds;
        }
        // On to the person's next decision.
        while let Some(&s) = m.state().to_act().first().filter(|&&s| s != 0) {
            let a = m.computer_action(s);
            let at = m.record().moves.len();
            let evs = m.apply(s, a).unwrap().to_vec();
            log.push(format!(
                "{at} seat {s} {}: {evs:?}",
                serde_json::to_string(&a).unwrap()
            ));
        }
        log.push(format!(
            "the person decides again at move {}",
            m.record().moves.len()
        ));
        println!("seed {seed}");
        for l in log {
            println!("  {l}");
        }
        return;
    }
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("gnoming") => gnoming(),
        Some("minesweeper") => minesweeper(),
        Some("minesweeper-example") => minesweeper_example(),
        Some("choice") => choice(),
        Some("mindgolf") => mindgolf(),
        Some("en-gingg") => en_gingg(),
        _ => eprintln!("which game?"),
    }
}
