use super::*;
use crate::contract::{new_game, parse_options, Shared};
use crate::driver::{play_to_end, property, Check, Policy};

/// A game whose next throws are forced, to replay the text's examples.
fn rigged(seats: usize, balances: &[i64]) -> EnGingg {
    let mut g = EnGingg::new(seats, &Options::default(), 1).unwrap();
    g.balances = balances.to_vec();
    g
}

fn force_phase1(g: &mut EnGingg, dice: Vec<u8>) -> Vec<Event> {
    g.phase = Phase::One {
        kept: Vec::new(),
        throw: Some(dice),
        throws: 1,
    };
    g.apply(g.current, &Action::SetAside((0..6).collect()))
        .unwrap()
}

#[test]
fn start_balances_r_eg_1() {
    // R-EG-1: 2-8 players, each starts at 37.
    for n in 2..=8 {
        let g = new_game::<EnGingg>(n, &Options::default(), 3).unwrap();
        assert_eq!(g.balances, vec![37; n]);
    }
    for n in [0, 1, 9] {
        assert_eq!(
            new_game::<EnGingg>(n, &Options::default(), 3).unwrap_err(),
            RuleError::Shared(Shared::SeatCount {
                min: 2,
                max: 8,
                got: n
            })
        );
    }
}

#[test]
fn text_example_28_loses_2_r_eg_2() {
    // R-EG-2, the text's example: balance 29, throw 6-6-5-4-4-3 = 28, lose 2,
    // next player's turn.
    let mut g = rigged(3, &[29, 37, 37]);
    let ev = force_phase1(&mut g, vec![6, 6, 5, 4, 4, 3]);
    assert!(ev.contains(&Event::Phase1Done {
        seat: 0,
        total: 28,
        delta: -2
    }));
    assert_eq!(g.balances, vec![27, 37, 37]);
    assert_eq!(g.current, 1);
    assert_eq!(
        g.ledger.last().unwrap().reason,
        Reason::Phase1 { total: 28 }
    );
}

#[test]
fn exactly_30_changes_nothing_r_eg_2() {
    // R-EG-2: T = 30, nothing happens, next player. The ledger still
    // shows the turn, with +0.
    let mut g = rigged(2, &[37, 37]);
    force_phase1(&mut g, vec![6, 6, 6, 6, 3, 3]);
    assert_eq!(g.balances, vec![37, 37]);
    assert_eq!(
        g.ledger,
        vec![LedgerEntry {
            turn: 1,
            seat: 0,
            delta: 0,
            balance: 37,
            reason: Reason::Phase1 { total: 30 }
        }]
    );
    assert_eq!(g.current, 1);
}

#[test]
fn text_example_32_gains_2_and_phase_2_r_eg_2_r_eg_3() {
    // R-EG-2/3, the text's example: 6-6-6-5-5-4 = 32 gains 2, then phase 2
    // on twos: 2-2-4-1-1-6, then 3-5-5-2, then 4-1-6: 3 x 2 = 6 penalty.
    let mut g = rigged(3, &[29, 37, 37]);
    force_phase1(&mut g, vec![6, 6, 6, 5, 5, 4]);
    assert_eq!(g.balances[0], 31);
    assert!(matches!(g.phase, Phase::Two { d: 2, .. }));
    // Play phase 2 with forced throws through the same code path.
    let throws = [vec![2, 2, 4, 1, 1, 6], vec![3, 5, 5, 2], vec![4, 1, 6]];
    let mut events = Vec::new();
    for t in throws {
        events.extend(phase2_throw(&mut g, t));
    }
    assert!(events.contains(&Event::PenaltyPaid {
        by: 0,
        to: 1,
        amount: 6
    }));
    assert_eq!(g.balances, vec![31, 31, 37]);
    assert_eq!(
        g.ledger.last().unwrap().reason,
        Reason::Penalty {
            by: 0,
            d: 2,
            count: 3
        }
    );
    assert_eq!(g.current, 1);
}

/// Applies a phase 2 throw with the given faces (via a PRNG search).
fn phase2_throw(g: &mut EnGingg, faces: Vec<u8>) -> Vec<Event> {
    let Phase::Two { in_hand, .. } = g.phase else {
        panic!("not in phase 2")
    };
    assert_eq!(in_hand as usize, faces.len());
    for seed in 0.. {
        let mut r = Rng::new(seed);
        if r.dice(faces.len()) == faces {
            g.rng = Rng::new(seed);
            return g.apply(g.current, &Action::Roll).unwrap();
        }
    }
    unreachable!()
}

#[test]
fn no_d_in_first_phase2_throw_deducts_nothing_r_eg_3() {
    // R-EG-3: no d in the first throw: nothing is deducted.
    let mut g = rigged(2, &[37, 37]);
    force_phase1(&mut g, vec![6, 6, 6, 5, 5, 5]); // 33: d = 3
    assert_eq!(g.balances, vec![40, 37]);
    let ev = phase2_throw(&mut g, vec![1, 2, 4, 5, 6, 6]);
    assert!(ev.contains(&Event::PenaltyPaid {
        by: 0,
        to: 1,
        amount: 0
    }));
    assert_eq!(g.balances, vec![40, 37]);
    assert_eq!(g.current, 1);
}

#[test]
fn all_six_show_d_take_all_up_r_eg_3() {
    // R-EG-3: all six show d: take all six up and go on.
    let mut g = rigged(2, &[37, 37]);
    force_phase1(&mut g, vec![6, 6, 6, 6, 6, 1]); // 31: d = 1
    phase2_throw(&mut g, vec![1, 1, 1, 1, 1, 1]);
    assert!(matches!(
        g.phase,
        Phase::Two {
            in_hand: 6,
            set_aside: 6,
            ..
        }
    ));
    phase2_throw(&mut g, vec![1, 2, 3, 4, 5, 6]);
    phase2_throw(&mut g, vec![2, 2, 2, 2, 2]);
    assert_eq!(g.balances, vec![38, 30]); // 7 ones deducted from seat 1
}

#[test]
fn penalty_goes_to_next_in_seat_order_wrapping_r_eg_3() {
    // R-EG-3: "the next player in seat order": after the last seat comes seat 0.
    let mut g = rigged(3, &[37, 37, 37]);
    g.current = 2;
    force_phase1(&mut g, vec![6, 6, 6, 6, 5, 5]); // 34: d = 4
    phase2_throw(&mut g, vec![4, 1, 1, 1, 1, 1]);
    phase2_throw(&mut g, vec![1, 1, 1, 1, 1]);
    assert_eq!(g.balances, vec![33, 37, 41]);
    assert_eq!(g.current, 0);
}

#[test]
fn at_least_one_die_per_throw_r_eg_2() {
    // R-EG-2: at least one die set aside after each throw; R-G-2 readable error.
    let mut g = EnGingg::new(2, &Options::default(), 5).unwrap();
    g.apply(0, &Action::Roll).unwrap();
    let before = g.clone();
    let e = g.apply(0, &Action::SetAside(vec![])).unwrap_err();
    assert_eq!(e, RuleError::Game(Error::NoDie));
    let e = g.apply(0, &Action::Roll).unwrap_err();
    assert_eq!(e, RuleError::Game(Error::SetAsideFirst));
    let e = g.apply(0, &Action::SetAside(vec![0, 0])).unwrap_err();
    assert_eq!(e, RuleError::Game(Error::BadPick));
    let e = g.apply(0, &Action::SetAside(vec![6])).unwrap_err();
    assert_eq!(e, RuleError::Game(Error::BadPick));
    let e = g.apply(1, &Action::SetAside(vec![0])).unwrap_err();
    assert_eq!(e, RuleError::Shared(Shared::NotYourTurn));
    // Every refusal leaves the state as it was.
    assert_eq!(g, before);
    // Legal actions are every non-empty subset of six dice.
    assert_eq!(g.legal_actions(0).len(), 63);
    assert!(g.legal_actions(1).is_empty());
}

#[test]
fn at_most_six_throws_r_eg_2() {
    // R-EG-2: one die at a time gives exactly six throws; the last die is
    // set aside by itself.
    let mut g = EnGingg::new(2, &Options::default(), 11).unwrap();
    let mut throws = 0;
    while g.current == 0 && matches!(g.phase, Phase::One { .. }) {
        g.apply(0, &Action::Roll).unwrap();
        throws += 1;
        if let Phase::One { throw: Some(_), .. } = g.phase {
            g.apply(0, &Action::SetAside(vec![0])).unwrap();
        }
    }
    assert_eq!(throws, 6);
    let first = g.ledger.first().map(|e| e.reason.clone());
    if let Some(Reason::Phase1 { total }) = first {
        assert!((6..=36).contains(&total));
    }
}

#[test]
fn game_ends_at_zero_and_ranks_others_r_eg_4() {
    // R-EG-4: ends at once at 0 or less; the loser is last, the others are
    // ranked by balance, ties share (R-G-3).
    let mut g = rigged(4, &[2, 40, 30, 40]);
    let ev = force_phase1(&mut g, vec![6, 6, 5, 4, 4, 3]); // 28: lose 2
    assert!(ev.contains(&Event::GameOver { loser: 0 }));
    assert_eq!(g.phase, Phase::Over);
    assert!(g.to_act().is_empty());
    let o = g.outcome().unwrap();
    assert_eq!(o.places, vec![4, 1, 3, 1]);
    assert_eq!(
        g.apply(0, &Action::Roll).unwrap_err(),
        RuleError::Shared(Shared::GameOver)
    );
}

#[test]
fn penalty_can_end_the_game_r_eg_4() {
    let mut g = rigged(2, &[37, 4]);
    force_phase1(&mut g, vec![6, 6, 6, 6, 6, 2]); // 32: d = 2
    phase2_throw(&mut g, vec![2, 2, 1, 1, 1, 1]);
    let ev = phase2_throw(&mut g, vec![1, 1, 1, 1]);
    assert!(ev.contains(&Event::GameOver { loser: 1 }));
    assert_eq!(g.balances, vec![39, 0]);
    assert_eq!(g.outcome().unwrap().places, vec![1, 2]);
}

#[test]
fn optimal_table_values() {
    let t = Phase1Table::get();
    // With the last die in hand and 30 so far, the expected change is 3.5.
    assert!((t.value(1, 30) - 3.5).abs() < 1e-9);
    // Two dice left with 20 kept (reachable: four dice kept): keep both, or
    // keep the higher and throw the last die (worth 3.5 on average).
    let brute2: f64 = (1..=6u8)
        .flat_map(|a| (1..=6u8).map(move |b| (a, b)))
        .map(|(a, b)| {
            let both = f64::from(a + b);
            let hi = f64::from(a.max(b)) + 3.5;
            both.max(hi) / 36.0
        })
        .sum();
    assert!((t.value(2, 20) - (brute2 - 10.0)).abs() < 1e-9);
    // Independent check over all 6^n ordered throws: the change is T - 30,
    // so it splits into W(n), the expected sum still to come from n dice.
    let mut w = [0f64; DICE + 1];
    for n in 1..=DICE {
        let mut acc = 0f64;
        for code in 0..6usize.pow(n as u32) {
            let mut dice: Vec<usize> = (0..n)
                .map(|i| code / 6usize.pow(i as u32) % 6 + 1)
                .collect();
            dice.sort_unstable_by(|a, b| b.cmp(a));
            let best = (1..=n)
                .map(|k| dice[..k].iter().sum::<usize>() as f64 + w[n - k])
                .fold(f64::MIN, f64::max);
            acc += best;
        }
        w[n] = acc / 6f64.powi(n as i32);
    }
    let e = t.expected_turn_change();
    assert!(
        (e - (w[DICE] - 30.0)).abs() < 1e-9,
        "expected change {e} vs {}",
        w[DICE] - 30.0
    );
    assert!((e - 0.152).abs() < 0.001, "{e}");
}

#[test]
fn bot_keeps_sixes_and_high_dice() {
    // With one throw showing two sixes, the optimal player keeps the sixes.
    let pick = best_set_aside(&[6, 1, 6, 2, 3, 2], 0);
    assert_eq!(pick, vec![0, 2]);
    // A single die left in a two-die throw of 6 and 6: keep both.
    assert_eq!(best_set_aside(&[6, 6], 24), vec![0, 1]);
}

#[test]
fn expected_penalty_is_sane() {
    // Each d expects 6 * (1/6) = 1 hit in the first throw, plus more.
    let e = expected_penalty(1);
    assert!(e > 1.0 && e < 2.0, "{e}");
    assert!((expected_penalty(3) - 3.0 * e).abs() < 1e-9);
}

#[test]
fn start_balance_option_r_eg_1() {
    // R-EG-1 gives 37; the option moves every starting balance, and the
    // ranges are enforced with a typed refusal.
    let o = parse_options::<EnGingg>(&serde_json::json!({"start_balance": 20})).unwrap();
    let mut g = new_game::<EnGingg>(3, &o, 9).unwrap();
    assert_eq!(g.balances, vec![20, 20, 20]);
    assert_eq!(g.recomputed_scores(), vec![20, 20, 20]);
    force_phase1(&mut g, vec![6, 6, 5, 4, 4, 3]); // 28: lose 2
    assert_eq!(g.scores(), vec![18, 20, 20]);
    assert_eq!(g.scores(), g.recomputed_scores());
    assert_eq!(
        parse_options::<EnGingg>(&serde_json::json!({})).unwrap(),
        Options::default()
    );
    assert_eq!(
        parse_options::<EnGingg>(&serde_json::json!({"start_balance": 5})).unwrap_err(),
        Shared::OptionRange {
            key: "start_balance".into(),
            min: 10,
            max: 99
        }
    );
    assert!(matches!(
        parse_options::<EnGingg>(&serde_json::json!({"start": 40})),
        Err(Shared::OptionUnknown { .. })
    ));
    assert!(matches!(
        new_game::<EnGingg>(
            2,
            &Options {
                start_balance: 0,
                table_dice: false,
            },
            1
        ),
        Err(RuleError::Shared(Shared::OptionRange { .. }))
    ));
}

#[test]
fn computer_levels_decide_from_the_view() {
    let mut g = EnGingg::new(2, &Options::default(), 1).unwrap();
    g.phase = Phase::One {
        kept: vec![],
        throw: Some(vec![6, 1, 6, 2, 3, 2]),
        throws: 1,
    };
    let v = g.view(Some(0));
    let mut rng = Rng::new(1);
    assert_eq!(
        EnGingg::computer_action(&v, 0, Level::Strong, &mut rng),
        Action::SetAside(vec![0, 2])
    );
    // The casual player mostly agrees on a clear choice but not always,
    // and always plays a legal "k highest" choice.
    let mut same = 0;
    for _ in 0..1000 {
        let a = EnGingg::computer_action(&v, 0, Level::Casual, &mut rng);
        assert!(g.legal_actions(0).contains(&a));
        same += usize::from(a == Action::SetAside(vec![0, 2]));
    }
    assert!((400..1000).contains(&same), "casual agreed {same} times");
    assert_eq!(
        EnGingg::baseline_action("greedy", &v, 0, &mut rng),
        Some(Action::SetAside(vec![0, 2]))
    );
}

#[test]
fn casual_is_weaker_than_strong_but_plausible() {
    let run = |p: Policy| {
        let mut sum = 0.0;
        let mut n = 0.0;
        for i in 0..300 {
            let m = play_to_end::<EnGingg>(
                &[p.clone(), p.clone()],
                &Options::default(),
                i,
                i + 7,
                100_000,
                Check::None,
            )
            .unwrap();
            for f in EnGingg::figures(m.events()) {
                sum += f.sum;
                n += f.count;
            }
        }
        sum / n
    };
    let strong = run(Policy::Level(Level::Strong));
    let casual = run(Policy::Level(Level::Casual));
    let random = run(Policy::Random);
    assert!(
        strong > casual && casual > random,
        "{strong} {casual} {random}"
    );
    assert!(casual > -1.5, "casual {casual} is not plausible");
}

#[test]
fn property_thousands_of_seeded_games() {
    // 2..8 seats, strong, casual and random players, every option value
    // class: invariants, recomputed balances, no PRNG in any view, illegal
    // actions refused with the state unchanged, replays identical.
    property::<EnGingg>(
        2000,
        |i| 2 + (i % 7) as usize,
        |i| Options {
            start_balance: [37, 10, 99, 25][(i % 4) as usize],
            // R-G-5: every third game with faces entered at random.
            table_dice: i % 3 == 1,
        },
    )
    .unwrap();
}

#[test]
fn the_view_never_holds_the_prng() {
    let g = EnGingg::new(3, &Options::default(), 123_456_789).unwrap();
    let v = g.view(None);
    assert!(!serde_json::to_string(&v).unwrap().contains("rng"));
    assert_eq!(g.check_secrets(None, &v, &[]), Ok(()));
    // The checker notices a view that would carry the PRNG's state.
    let mut leaky = v.clone();
    leaky.ledger.push(LedgerEntry {
        turn: 1,
        seat: 0,
        delta: 0,
        balance: 123_456_789,
        reason: Reason::Phase1 { total: 30 },
    });
    assert!(g.check_secrets(None, &leaky, &[]).is_err());
}

/// The midend (records, replay, undo, seats) played on En Gingg.
mod midend {
    use crate::contract::{Game, Level, RuleError, Shared};
    use crate::en_gingg::{Action, EnGingg, Options};
    use crate::midend::{Match, MatchError, Move, SeatInfo, SeatKind};

    fn seats(n: usize) -> Vec<SeatInfo> {
        (0..n).map(|i| SeatInfo::human(format!("P{i}"))).collect()
    }

    #[test]
    fn state_after_move_k_for_step_by_step_replay() {
        let mut m = Match::<EnGingg>::new(seats(2), Options::default(), 5).unwrap();
        let mut states = vec![m.state().clone()];
        for _ in 0..12 {
            let seat = m.state().to_act()[0];
            let a = m.computer_action(seat);
            m.apply(seat, a).unwrap();
            states.push(m.state().clone());
        }
        for (k, st) in states.iter().enumerate() {
            assert_eq!(m.state_at(k), st, "state after move {k}");
        }
    }

    #[test]
    fn a_bad_record_names_its_first_bad_move() {
        let mut r = Match::<EnGingg>::new(seats(2), Options::default(), 5)
            .unwrap()
            .record()
            .clone();
        r.moves = vec![
            Move {
                seat: 0,
                action: Action::Roll,
            },
            Move {
                seat: 1,
                action: Action::Roll,
            },
        ];
        assert_eq!(
            Match::replay(r.clone()).unwrap_err(),
            MatchError::Move {
                index: 2,
                error: RuleError::Shared(Shared::NotYourTurn)
            }
        );
        r.moves[1].seat = 7;
        assert_eq!(
            Match::replay(r.clone()).unwrap_err(),
            MatchError::NoSeat { index: 2, seat: 7 }
        );
        r.game = "chess".into();
        assert!(matches!(
            Match::replay(r).unwrap_err(),
            MatchError::WrongGame { .. }
        ));
        assert!(matches!(
            Match::<EnGingg>::new(seats(1), Options::default(), 1),
            Err(RuleError::Shared(Shared::SeatCount { got: 1, .. }))
        ));
    }

    #[test]
    fn names_are_checked() {
        for bad in ["", "   ", "A\u{0}B", &"x".repeat(25)] {
            let mut s = seats(2);
            s[1].name = bad.to_string();
            assert_eq!(
                Match::<EnGingg>::new(s, Options::default(), 1).unwrap_err(),
                RuleError::Shared(Shared::SeatName { seat: 1, max: 24 }),
                "{bad:?}"
            );
        }
        let mut s = seats(2);
        s[0].name = "Zoë Ümlaut-Größenwahn ß".into();
        assert!(Match::<EnGingg>::new(s, Options::default(), 1).is_ok());
    }

    #[test]
    fn undo_takes_back_only_own_decisions_that_revealed_nothing() {
        let mut m = Match::<EnGingg>::new(seats(2), Options::default(), 5).unwrap();
        m.apply(0, Action::Roll).unwrap();
        // A throw revealed dice: no taking back.
        assert_eq!(m.can_undo(), None);
        assert!(!m.undo(0));
        let before = m.state().clone();
        m.apply(0, Action::SetAside(vec![0])).unwrap();
        assert_eq!(m.can_undo(), Some(0));
        assert!(!m.undo(1), "only the seat that made it");
        assert!(m.undo(0));
        assert_eq!(m.state(), &before);
        assert_eq!(
            m.record().moves.len(),
            1,
            "the undone move leaves the record"
        );
        assert_eq!(m.can_undo(), None, "the throw before it stays");
    }

    #[test]
    fn computer_seats_and_levels_change_mid_game() {
        let mut m = Match::<EnGingg>::new(seats(2), Options::default(), 5).unwrap();
        assert_eq!(m.computer_to_act(), None);
        m.set_seat(0, SeatKind::Computer, Level::Casual);
        assert_eq!(m.computer_to_act(), Some(0));
        assert_eq!(m.seats()[0].level, Level::Casual);
        // Old records without a level read as the strong player.
        let s: SeatInfo = serde_json::from_str(r#"{"name":"A","kind":"computer"}"#).unwrap();
        assert_eq!(s.level, Level::Strong);
        // Chosen before the first move: still the computer for the whole game.
        assert!(!m.seats()[0].switched);
        // After a move, a switch and back, or a new level, is remembered (the
        // statistics count a game against a computer only if it played it
        // from start to end), and written only when set.
        m.apply(0, Action::Roll).unwrap();
        m.set_seat(1, SeatKind::Human, Level::Strong);
        assert!(!m.seats()[1].switched, "no change");
        m.set_seat(0, SeatKind::Human, Level::Casual);
        m.set_seat(0, SeatKind::Computer, Level::Casual);
        assert!(m.seats()[0].switched);
        let text = serde_json::to_string(m.record()).unwrap();
        assert_eq!(text.matches("switched").count(), 1);
        assert!(!text.contains("policy"));
    }
}

/// The registry's replay, trace and simulate, on En Gingg.
mod registry {
    use crate::registry::*;
    use serde_json::{json, Value};

    fn req(players: &[&str], games: usize) -> SimRequest {
        SimRequest {
            game: "en-gingg".into(),
            players: players.iter().map(|s| s.to_string()).collect(),
            options: json!({}),
            games,
            seed: 1,
            records: None,
        }
    }

    #[test]
    fn the_registry_describes_en_gingg() {
        let d = describe("en-gingg").unwrap();
        assert_eq!(d["players"], json!([2, 8]));
        assert_eq!(d["options"][0]["key"], "start_balance");
    }

    #[test]
    fn replay_rejects_bad_records_clearly() {
        let e =
            replay_json(r#"{"game":"en-gingg","seed":1,"seats":[{"name":"A","kind":"human"}]}"#)
                .unwrap_err();
        assert!(e.contains("2 to 8 players"), "{e}");
        let e = replay_json(
            r#"{"game":"en-gingg","seed":1,"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"human"}],
                "moves":[{"seat":0,"action":"roll"},{"seat":0,"action":"roll"}]}"#,
        )
        .unwrap_err();
        assert!(e.starts_with("Move 2:"), "{e}");
        let e = replay_json(
            r#"{"game":"en-gingg","seed":1,"options":{"start_balance":1000},"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"human"}]}"#,
        )
        .unwrap_err();
        assert!(e.contains("from 10 to 99"), "{e}");
    }

    #[test]
    fn replay_prints_scores_with_options() {
        let v = replay_json(
            r#"{"game":"en-gingg","seed":1,"options":{"start_balance":50},"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"computer","level":"casual"}],
                "moves":[{"seat":0,"action":"roll"}]}"#,
        )
        .unwrap();
        assert_eq!(v["scores"], json!([50, 50]));
        assert_eq!(v["over"], json!(false));
        assert_eq!(v["to_act"], json!([0]));
        // The turn as players count it (the history lists it).
        assert_eq!(v["turn"], json!(1));
    }

    #[test]
    fn trace_lists_every_move_with_events_and_scores() {
        let _ = std::fs::remove_dir_all(std::env::temp_dir().join("spielblock-trace-test"));
        let r = simulate(&SimRequest {
            records: Some(std::env::temp_dir().join("spielblock-trace-test")),
            ..req(&["strong", "random"], 1)
        })
        .unwrap();
        assert_eq!(r.games, 1);
        let text = std::fs::read_to_string(
            std::env::temp_dir().join("spielblock-trace-test/en-gingg-1.json"),
        )
        .unwrap();
        let lines = trace_json(&text).unwrap();
        let record: Value = serde_json::from_str(&text).unwrap();
        let n = record["moves"].as_array().unwrap().len();
        assert_eq!(lines.len(), n + 2);
        assert_eq!(lines[0]["scores"], json!([37, 37]));
        // Scores after each move follow from its events; the last matches the replay.
        let end = replay_json(&text).unwrap();
        assert_eq!(lines[n]["scores"], end["scores"]);
        assert_eq!(lines[n + 1]["places"], end["places"]);
        assert!(lines[1]["events"][0]["rolled"]["dice"].is_array());
    }

    #[test]
    fn simulate_matches_exact_expectation() {
        let r = simulate(&req(&["strong", "strong", "strong"], 300)).unwrap();
        let exact = r.reference[0].1;
        let (_, p, avg, n) = &r.figures[0];
        assert_eq!(p, "strong");
        // Phase 1 totals have a standard deviation below 6; 4 standard errors.
        assert!(
            (avg - exact).abs() < 4.0 * 6.0 / n.sqrt(),
            "avg {avg} exact {exact} n {n}"
        );
        let firsts: f64 = r.win_rate.iter().chain(&r.shared_first_rate).sum();
        assert!(firsts >= 1.0 - 1e-9);
    }

    #[test]
    fn simulate_refuses_bad_requests() {
        assert!(simulate(&req(&["strong", "human"], 1))
            .unwrap_err()
            .contains("unknown player \"human\""));
        assert!(simulate(&req(&["strong"], 1))
            .unwrap_err()
            .contains("2 to 8"));
        assert!(simulate(&req(&["strong", "greedy"], 0))
            .unwrap_err()
            .contains("at least one"));
        let bad = SimRequest {
            options: json!({"start_balance": "many"}),
            ..req(&["strong", "greedy"], 1)
        };
        assert!(simulate(&bad).unwrap_err().contains("Options"));
    }
}

/// Issue 25: the coach's value of its best choice (expected balance change of phase 1, exact) agrees with
/// continuations of strong play from the same positions within 3 standard
/// errors; every choice it offers is legal and its first is the strong
/// player's (`driver::coach_check`).
#[test]
fn the_coach_is_honest() {
    let r = crate::driver::coach_check::<EnGingg>(3, &Default::default(), 600, 2, 25)
        .expect("coach check");
    println!("{r}");
    assert!(r.positions >= 600 * 9 / 10, "{r}");
    assert!(r.honest(), "{r}");
}

/// R-G-5: dice from the table (`crate::chance`).
mod table_dice {
    use super::*;
    use crate::midend::{Match, SeatInfo};
    use crate::rng::Rng;

    #[test]
    fn r_g_5_a_game_with_table_dice_replays_from_its_record_without_the_seed() {
        // R-G-1 still holds for digital play: the same seed, the same dice.
        for table_dice in [false, true] {
            let options = crate::en_gingg::Options {
                table_dice,
                ..Default::default()
            };
            let seats = vec![SeatInfo::human("A"), SeatInfo::human("B")];
            let mut m = Match::<crate::en_gingg::EnGingg>::new(seats, options, 5).unwrap();
            let mut rng = Rng::new(9);
            for _ in 0..40 {
                let s = m.state().to_act()[0];
                let a = match m.state().waiting() {
                    Some(w) => crate::en_gingg::Action::Faces(rng.dice(w.dice.len())),
                    None => m.state().legal_actions(s)[0].clone(),
                };
                m.apply(s, a).unwrap();
            }
            let mut record = m.record().clone();
            record.seed = 12345;
            // The recorded moves still apply (a throw takes whatever dice
            // come), but digital play draws from the seed: another seed,
            // another game; entered faces are the same game.
            let again = Match::replay(record).unwrap();
            assert_eq!(again.events() == m.events(), table_dice);
            if table_dice {
                assert_eq!(again.state().view(None), m.state().view(None));
            }
        }
    }
}
