use super::*;
use crate::contract::{new_game, parse_options, Shared};
use crate::driver::{property, property_with, solo_mean, Policy};

fn game(seats: usize) -> MindGolf {
    new_game::<MindGolf>(seats, &Options::default(), 1).unwrap()
}

/// Puts these dice on the table for the current player.
fn thrown(g: &mut MindGolf, green: &[u8], white: Option<u8>) {
    g.stage = Stage::Thrown(Throw {
        green: green.to_vec(),
        white,
        rerolled: false,
    });
}

/// A seed whose next die shows `face`.
fn rng_for(face: u8) -> Rng {
    (0..)
        .map(Rng::new)
        .find(|r| r.clone().d6() == face)
        .unwrap()
}

fn lane_index(g: &MindGolf, target: i64) -> usize {
    g.sheets[g.current]
        .lanes
        .iter()
        .position(|l| l.target == target)
        .unwrap()
}

#[test]
fn lanes_and_their_targets_r_mg_1() {
    // R-MG-1: 48, 75, 90, 116, 55, 84, 108, 222, seven fields each.
    let g = game(1);
    let targets: Vec<i64> = g.sheets[0].lanes.iter().map(|l| l.target).collect();
    assert_eq!(targets, vec![48, 75, 90, 116, 55, 84, 108, 222]);
    // The option picks 6 to 8 of them.
    let o = parse_options::<MindGolf>(&serde_json::json!({"lanes": [48, 75, 90, 116, 55, 84]}))
        .unwrap();
    assert_eq!(
        new_game::<MindGolf>(1, &o, 1).unwrap().sheets[0]
            .lanes
            .len(),
        6
    );
    for bad in [
        serde_json::json!([48, 75, 90, 116, 55]),
        serde_json::json!([48, 48, 75, 90, 116, 55]),
    ] {
        assert!(parse_options::<MindGolf>(&serde_json::json!({ "lanes": bad })).is_err());
    }
}

#[test]
fn dice_set_and_value_r_mg_2_r_mg_3() {
    // R-MG-3: green sum times white; 1 if no green; white 1 if not thrown.
    assert_eq!(value_of(&[1, 4, 5], Some(4)), 40); // the text's example
    assert_eq!(value_of(&[], Some(5)), 5);
    assert_eq!(value_of(&[3], None), 3);
    assert_eq!(value_of(&[6, 6], None), 12);
    // R-MG-2: three green dice by default, 1..5 as an option.
    let mut g = game(1);
    assert_eq!(
        g.apply(
            0,
            &Action::Throw {
                green: 4,
                white: true
            }
        ),
        Err(RuleError::Game(Error::BadDice))
    );
    assert_eq!(
        g.apply(
            0,
            &Action::Throw {
                green: 0,
                white: false
            }
        ),
        Err(RuleError::Game(Error::BadDice))
    );
    let ev = g
        .apply(
            0,
            &Action::Throw {
                green: 3,
                white: true,
            },
        )
        .unwrap();
    assert!(matches!(&ev[0], Event::Thrown { green, white: Some(_), .. } if green.len() == 3));
    let o = parse_options::<MindGolf>(&serde_json::json!({"green_dice": 5})).unwrap();
    let mut g5 = new_game::<MindGolf>(1, &o, 1).unwrap();
    assert!(g5
        .apply(
            0,
            &Action::Throw {
                green: 5,
                white: false
            }
        )
        .is_ok());
    assert!(parse_options::<MindGolf>(&serde_json::json!({"green_dice": 6})).is_err());
}

#[test]
fn one_reroll_binding_r_mg_4() {
    // R-MG-4, the text's example: 1+4+5 x 4 = 40; re-rolling the 1 to a
    // 2 gives 44, binding.
    let mut g = game(1);
    thrown(&mut g, &[1, 4, 5], Some(4));
    g.rng = rng_for(2);
    let ev = g.apply(0, &Action::Reroll(Die::Green(0))).unwrap();
    assert_eq!(
        ev,
        vec![Event::Rerolled {
            seat: 0,
            die: Die::Green(0),
            from: 1,
            to: 2,
            value: 44
        }]
    );
    assert_eq!(
        g.apply(0, &Action::Reroll(Die::Green(1))),
        Err(RuleError::Game(Error::RerollUsed))
    );
    assert!(!g
        .legal_actions(0)
        .iter()
        .any(|a| matches!(a, Action::Reroll(_))));
    let lane = lane_index(&g, 48);
    g.apply(0, &Action::Enter(lane)).unwrap();
    assert_eq!(g.sheets[0].lanes[lane].fields, vec![44]);
}

#[test]
fn entering_toward_the_target_r_mg_5_r_mg_6() {
    // R-MG-5/6, the text's example: lane 48 played 44, 50, 48 scores 8.
    let mut g = game(1);
    let lane = lane_index(&g, 48);
    for (green, field) in [(vec![2, 4, 5], 44), (vec![6], 50), (vec![2], 48)] {
        thrown(&mut g, &green, if field == 44 { Some(4) } else { None });
        g.apply(0, &Action::Enter(lane)).unwrap();
        assert_eq!(*g.sheets[0].lanes[lane].fields.last().unwrap(), field);
    }
    assert_eq!(g.sheets[0].lanes[lane].score, Some(8));
    assert_eq!(g.scores(), vec![8]);
    // Below zero is allowed: 48 then 60 above, then 70 down to -10.
    let mut l = Lane::new(48);
    l.enter(60);
    assert_eq!(l.next_field(70), -10);
    l.enter(70);
    assert_eq!(l.distance(), 58);
    assert_eq!(l.next_field(8), -2);
}

#[test]
fn seventh_field_r_mg_6() {
    // R-MG-6: a 7th field that misses scores -2, one that hits scores 0.
    let miss = [10, 20, 30, 40, 41, 42, 43];
    assert_eq!(Lane::score_of(48, &miss), Some(-2));
    let hit = [10, 20, 30, 40, 41, 42, 48];
    assert_eq!(Lane::score_of(48, &hit), Some(0));
    assert_eq!(Lane::score_of(48, &hit[..6]), None);
    // A hit on the first field leaves six empty: 12.
    assert_eq!(Lane::score_of(48, &[48]), Some(12));
}

#[test]
fn parking_r_mg_7_r_mg_10() {
    // R-MG-7, the text's example: a parked 15 applied after a 40 finishes
    // lane 55 with five empty fields: 10 points.
    let mut g = game(2);
    let lane = lane_index(&g, 55);
    thrown(&mut g, &[5, 5, 5], None);
    g.apply(0, &Action::Park).unwrap();
    assert_eq!(g.sheets[0].parked, Some(15));
    assert_eq!(g.current, 1, "parking ends the turn");
    g.current = 0;
    g.stage = Stage::Start;
    thrown(&mut g, &[5, 5], Some(4));
    // Only while the slot is empty.
    assert_eq!(
        g.apply(0, &Action::Park),
        Err(RuleError::Game(Error::SlotTaken))
    );
    g.apply(0, &Action::Enter(lane)).unwrap();
    // R-MG-10: after the entry the parked value may still be applied.
    assert_eq!(g.stage, Stage::Entered);
    let ev = g.apply(0, &Action::ApplyParked(lane)).unwrap();
    assert!(ev.contains(&Event::Entered {
        seat: 0,
        lane,
        value: 15,
        field: 55,
        parked: true,
        score: Some(10)
    }));
    assert_eq!(g.sheets[0].lanes[lane].fields, vec![40, 55]);
    assert_eq!(g.sheets[0].parked, None);
    // Never added to a fresh throw: there is no action that combines them,
    // and applying before the throw is its own field.
    let mut h = game(1);
    h.sheets[0].parked = Some(15);
    let l48 = lane_index(&h, 48);
    h.apply(0, &Action::ApplyParked(l48)).unwrap();
    assert_eq!(h.sheets[0].lanes[l48].fields, vec![15]);
    assert_eq!(
        h.stage,
        Stage::Start,
        "applied before the throw: the turn goes on"
    );
}

#[test]
fn last_lane_not_finished_while_parked_r_mg_7_r_mg_10() {
    // R-MG-7/10: neither a hit nor a 7th-field miss may end the last open
    // lane while a value is parked; the parked value may, and then an
    // unentered throw is dropped.
    let mut g = game(1);
    for l in g.sheets[0].lanes.iter_mut().skip(1) {
        l.fields = vec![l.target];
        l.score = Some(12);
    }
    g.sheets[0].lanes[0].fields = vec![40];
    g.sheets[0].parked = Some(3);
    thrown(&mut g, &[4, 4], None); // 8 would hit 48
    assert_eq!(
        g.apply(0, &Action::Enter(0)),
        Err(RuleError::Game(Error::ParkedFirst))
    );
    assert!(!g.legal_actions(0).contains(&Action::Enter(0)));
    // A 7th-field miss is the same.
    let mut h = g.clone();
    h.sheets[0].lanes[0].fields = vec![1, 2, 3, 4, 5, 40];
    thrown(&mut h, &[1], None);
    assert_eq!(
        h.apply(0, &Action::Enter(0)),
        Err(RuleError::Game(Error::ParkedFirst))
    );
    // Applying the parked value is allowed; when it finishes the last
    // lane, the throw is dropped and the player is done.
    let mut k = g.clone();
    k.sheets[0].lanes[0].fields = vec![45];
    let ev = k.apply(0, &Action::ApplyParked(0)).unwrap();
    assert!(ev.contains(&Event::Dropped { seat: 0, value: 8 }));
    assert!(ev.contains(&Event::GameOver));
    assert!(k.is_over());
    // Not finishing: the throw then goes on the lane with the slot empty.
    g.apply(0, &Action::ApplyParked(0)).unwrap();
    assert_eq!(g.sheets[0].lanes[0].fields, vec![40, 43]);
    g.apply(0, &Action::Enter(0)).unwrap();
    // 43 is below 48: the 8 moves it up, past the target (R-MG-5).
    assert_eq!(g.sheets[0].lanes[0].fields, vec![40, 43, 51]);
}

#[test]
fn turns_skip_finished_players_and_the_game_ends_r_mg_8() {
    let mut g = game(3);
    for l in g.sheets[1].lanes.iter_mut() {
        l.fields = vec![l.target];
        l.score = Some(12);
    }
    thrown(&mut g, &[1], None);
    g.apply(0, &Action::Enter(0)).unwrap();
    assert_eq!(g.current, 2, "seat 1 has finished and is skipped");
    // Everyone done: over, highest total wins.
    let mut h = game(2);
    for s in 0..2 {
        for l in h.sheets[s].lanes.iter_mut() {
            l.fields = vec![l.target];
            l.score = Some(12);
        }
    }
    h.sheets[0].lanes[0] = Lane::new(48);
    h.sheets[0].lanes[0].fields = vec![40];
    thrown(&mut h, &[8], None);
    let ev = h.apply(0, &Action::Enter(0)).unwrap();
    assert!(ev.contains(&Event::GameOver));
    let o = h.outcome().unwrap();
    assert_eq!(o.scores, vec![7 * 12 + 10, 8 * 12]);
    assert_eq!(o.places, vec![2, 1]);
}

#[test]
fn teams_for_four_r_mg_9() {
    // R-MG-9: tournament by default; teams need four players, seats 1+3
    // against 2+4, and a team scores the sum of its members.
    let teams = parse_options::<MindGolf>(&serde_json::json!({"mode": "teams"})).unwrap();
    assert_eq!(
        new_game::<MindGolf>(3, &teams, 1).unwrap_err(),
        RuleError::Game(Error::TeamsNeedFour)
    );
    let mut g = new_game::<MindGolf>(4, &teams, 1).unwrap();
    for (s, sheet) in g.sheets.iter_mut().enumerate() {
        for l in sheet.lanes.iter_mut() {
            l.fields = vec![l.target];
            l.score = Some(s as i64);
        }
    }
    g.stage = Stage::Over;
    let o = g.outcome().unwrap();
    // Totals 0, 8, 16, 24: team A (seats 0, 2) 16, team B (1, 3) 32.
    assert_eq!(o.scores, vec![16, 32, 16, 32]);
    assert_eq!(o.places, vec![3, 1, 3, 1]);
    assert_eq!(Options::default().mode, "tournament");
    assert!(matches!(
        parse_options::<MindGolf>(&serde_json::json!({"mode": "pairs"})),
        Err(Shared::OptionUnknown { .. })
    ));
}

#[test]
fn lane_table_is_exact_for_one_field_left() {
    // With one field left at distance x, the best single throw's chance
    // of hitting x exactly decides: value = P(hit) * 0 + P(miss) * -2.
    let t = bot::LaneTable::get(3);
    let mut l = Lane::new(48);
    l.fields = vec![1, 2, 3, 4, 5, 42];
    // Distance 6: one die hits with 1/6, re-rolling it when it misses
    // hits with 1/6 again: P = 1/6 + 5/6 * 1/6 = 11/36.
    let v = t.lane_value(&l);
    assert!((v - (-2.0 * 25.0 / 36.0)).abs() < 1e-9, "{v}");
    // Brute force over one green die with a re-roll, for every distance
    // up to 6, against the table through the same throw_value.
    for x in 1..=6i64 {
        let p = bot::throw_value(1, false, &|v| if v == x { 0.0 } else { -2.0 });
        assert!((p - (-2.0 * 25.0 / 36.0)).abs() < 1e-9, "x {x}: {p}");
    }
}

#[test]
fn lane_table_is_the_value_with_declining() {
    // With k fields left at distance x the table holds V = the best throw's
    // expectation when each value is entered or goes elsewhere at V -
    // DECLINE (the lane keeps its fields): the fixed point, checked by brute
    // force over every choice of dice with its re-rolls.
    let t = bot::LaneTable::get(3);
    let lane = |left: usize, x: i64| {
        let mut l = Lane::new(222);
        l.fields = vec![1; FIELDS - left];
        l.fields.push(222 - x);
        l.fields.remove(0);
        l
    };
    let mut declined = 0;
    for left in 1..=6usize {
        for x in [1i64, 2, 5, 6, 11, 17, 24, 36, 48, 61, 90, 130] {
            let v = t.lane_value(&lane(left, x));
            let after = |y: i64| {
                if y == 0 {
                    2.0 * (left - 1) as f64
                } else if left == 1 {
                    -2.0
                } else {
                    t.lane_value(&lane(left - 1, y))
                }
            };
            let stay = v - bot::DECLINE;
            let pay = |w: i64| after((x - w).abs()).max(stay);
            let mut best = f64::MIN;
            for g in 0..=3 {
                for white in [false, true] {
                    if g > 0 || white {
                        best = best.max(bot::throw_value(g, white, &pay));
                    }
                }
            }
            assert!(
                (best - v).abs() < 1e-6,
                "{left} fields, distance {x}: {v} {best}"
            );
            let plain = |w: i64| after((x - w).abs());
            let mut alone = f64::MIN;
            for g in 0..=3 {
                for white in [false, true] {
                    if g > 0 || white {
                        alone = alone.max(bot::throw_value(g, white, &plain));
                    }
                }
            }
            assert!(v >= alone - 1e-9, "{left} {x}: {v} < {alone}");
            declined += usize::from(v > alone + 1e-6);
        }
    }
    // Declining matters for most lanes with fields to spare.
    assert!(declined > 30, "{declined}");
}

#[test]
fn players_rank_strong_over_casual_over_greedy_over_random() {
    let mean = |p: Policy| solo_mean::<MindGolf>(&p, &Options::default(), 40);
    let strong = mean(Policy::Level(Level::Strong));
    let casual = mean(Policy::Level(Level::Casual));
    let greedy = mean(Policy::Baseline("greedy".into()));
    let random = mean(Policy::Random);
    assert!(
        strong > casual && casual > greedy && greedy > random,
        "{strong} {casual} {greedy} {random}"
    );
}

#[test]
fn property_thousands_of_random_games() {
    // Random play (the widest spread of states, parking included) over
    // 2000 seeded games: every check after every move.
    property_with::<MindGolf>(
        2000,
        |i| 1 + (i % 4) as usize,
        |i| Options {
            lanes: if i % 2 == 0 {
                TARGETS[2..].to_vec()
            } else {
                TARGETS.to_vec()
            },
            green_dice: 1 + (i % 5) as i64,
            mode: if i % 8 == 3 {
                "teams".into()
            } else {
                "tournament".into()
            },
            // R-G-5: every third game with faces entered at random.
            table_dice: i % 3 == 1,
        },
        |_, _| Policy::Random,
    )
    .unwrap();
}

#[test]
fn property_thousands_of_seeded_games() {
    // 1..5 seats, every option class, strong, casual and random players.
    property::<MindGolf>(
        500,
        |i| if i % 5 == 4 { 4 } else { 1 + (i % 4) as usize },
        |i| Options {
            lanes: if i % 3 == 0 {
                TARGETS[..6].to_vec()
            } else {
                TARGETS.to_vec()
            },
            green_dice: 1 + (i % 5) as i64,
            mode: if i % 5 == 4 && i % 2 == 0 {
                "teams".into()
            } else {
                "tournament".into()
            },
            table_dice: i % 4 == 2,
        },
    )
    .unwrap();
}

/// Issue 25: the coach's value of its best choice (expected final points:
/// the lanes' own values, calibrated) agrees with
/// continuations of strong play from the same positions within 3 standard
/// errors; every choice it offers is legal and its first is the strong
/// player's (`driver::coach_check`).
#[test]
fn the_coach_is_honest() {
    let r = crate::driver::coach_check::<MindGolf>(1, &Default::default(), 400, 2, 25)
        .expect("coach check");
    println!("{r}");
    assert!(r.positions >= 400 * 9 / 10, "{r}");
    assert!(r.honest(), "{r}");
}

/// R-G-5: dice from the table (`crate::chance`).
mod table_dice {
    use super::*;
    use crate::chance::{DieKind, Waiting};
    use crate::contract::RuleError;

    fn mindgolf_table() -> crate::mindgolf::MindGolf {
        let options = crate::mindgolf::Options {
            table_dice: true,
            ..Default::default()
        };
        new_game::<crate::mindgolf::MindGolf>(2, &options, 1).unwrap()
    }

    #[test]
    fn r_g_5_a_throw_waits_for_its_faces_and_takes_them() {
        use crate::mindgolf::{Action, Event};
        let mut g = mindgolf_table();
        let events = g
            .apply(
                0,
                &Action::Throw {
                    green: 3,
                    white: true,
                },
            )
            .unwrap();
        assert!(events.is_empty(), "nothing is thrown before the faces");
        assert_eq!(
            g.waiting(),
            Some(Waiting {
                seat: 0,
                dice: vec![
                    DieKind::Green,
                    DieKind::Green,
                    DieKind::Green,
                    DieKind::White
                ],
            })
        );
        assert_eq!(g.to_act(), vec![0]);
        assert!(g.legal_actions(0).is_empty());
        let events = g.apply(0, &Action::Faces(vec![1, 4, 5, 4])).unwrap();
        // The worked example of the rule text: (1 + 4 + 5) x 4 = 40.
        assert_eq!(
            events,
            vec![Event::Thrown {
                seat: 0,
                green: vec![1, 4, 5],
                white: Some(4),
                value: 40,
            }]
        );
        assert_eq!(g.waiting(), None);
        // The one re-roll waits for the one die's face.
        g.apply(0, &Action::Reroll(crate::mindgolf::Die::White))
            .unwrap();
        assert_eq!(g.waiting().map(|w| w.dice), Some(vec![DieKind::White]));
        let events = g.apply(0, &Action::Faces(vec![2])).unwrap();
        assert!(matches!(
            events[0],
            Event::Rerolled {
                from: 4,
                to: 2,
                value: 20,
                ..
            }
        ));
    }

    #[test]
    fn r_g_5_entered_faces_are_checked_like_any_action() {
        use crate::mindgolf::Action;
        let mut g = mindgolf_table();
        // Nothing waits yet: faces are refused.
        assert_eq!(
            g.apply(0, &Action::Faces(vec![1, 2, 3, 4])),
            Err(RuleError::Shared(Shared::NoThrowWaiting))
        );
        g.apply(
            0,
            &Action::Throw {
                green: 2,
                white: false,
            },
        )
        .unwrap();
        let before = g.clone();
        let refused = [
            (
                0,
                Action::Faces(vec![1, 2, 3]),
                Shared::DiceCount {
                    expected: 2,
                    got: 3,
                },
            ),
            (
                0,
                Action::Faces(vec![]),
                Shared::DiceCount {
                    expected: 2,
                    got: 0,
                },
            ),
            (0, Action::Faces(vec![7, 1]), Shared::Face { face: 7 }),
            (0, Action::Faces(vec![3, 0]), Shared::Face { face: 0 }),
            (1, Action::Faces(vec![3, 3]), Shared::NotYourTurn),
            (0, Action::Park, Shared::ThrowWaiting),
            (0, Action::Enter(0), Shared::ThrowWaiting),
        ];
        for (seat, a, why) in refused {
            assert_eq!(g.apply(seat, &a), Err(RuleError::Shared(why)), "{a:?}");
            assert_eq!(g, before, "a refusal changes nothing");
        }
        // A throw the rules refuse is refused at once, not after its faces.
        let mut h = mindgolf_table();
        assert_eq!(
            h.apply(
                0,
                &Action::Throw {
                    green: 9,
                    white: false
                }
            ),
            Err(RuleError::Game(crate::mindgolf::Error::BadDice))
        );
        assert_eq!(h.waiting(), None);
    }
}
