use super::*;
use crate::contract::{new_game, parse_options, Shared};
use crate::driver::{property, property_with, Policy};

/// A game with the mines where the test puts them (seat 0 to move).
fn with_mines(w: usize, h: usize, mines: &[(usize, usize)]) -> Minesweeper {
    let mut g = new_game::<Minesweeper>(
        2,
        &Options {
            width: w as i64,
            height: h as i64,
            mines: mines.len() as i64,
            hints: false,
        },
        1,
    )
    .unwrap();
    g.truth = vec![false; w * h];
    for &(x, y) in mines {
        g.truth[y * w + x] = true;
    }
    g
}

fn explore(x: usize, y: usize) -> Action {
    Action::Explore { x, y }
}

fn mark(x: usize, y: usize) -> Action {
    Action::Mark { x, y }
}

#[test]
fn the_start_reveals_the_centre_and_keeps_its_neighbours_free_r_ms_1() {
    // R-MS-1
    let mut counts = vec![0u32; 121];
    for seed in 0..2000 {
        let g = new_game::<Minesweeper>(2, &Options::default(), seed).unwrap();
        assert_eq!(g.board[60], Square::Number(0));
        assert_eq!(g.truth.iter().filter(|&&m| m).count(), 15);
        for (i, &m) in g.truth.iter().enumerate() {
            if m {
                counts[i] += 1;
            }
        }
        // R-MS-5: the centre's 8 neighbours stay covered.
        assert_eq!(g.board.iter().filter(|s| **s != Square::Covered).count(), 1);
    }
    let probe = Minesweeper::probe(&new_game::<Minesweeper>(2, &Options::default(), 0).unwrap());
    let centre: Vec<usize> = probe.neighbours(60).chain([60]).collect();
    for (i, &c) in counts.iter().enumerate() {
        if centre.contains(&i) {
            assert_eq!(c, 0, "a mine next to the centre at {i}");
        } else {
            // 2000 x 15/112 = 268 expected; uniform within a wide margin.
            assert!((190..350).contains(&c), "cell {i}: {c} mines in 2000 games");
        }
    }
}

#[test]
fn a_move_is_explore_or_mark_on_a_covered_cell_r_ms_2() {
    // R-MS-2
    let mut g = with_mines(5, 5, &[(0, 0)]);
    assert_eq!(
        g.apply(0, &explore(2, 2)),
        Err(RuleError::Game(Error::NotCovered))
    );
    assert_eq!(
        g.apply(0, &mark(5, 0)),
        Err(RuleError::Game(Error::OffBoard))
    );
    assert_eq!(
        g.apply(1, &explore(0, 4)),
        Err(RuleError::Shared(Shared::NotYourTurn))
    );
    assert_eq!(g.legal_actions(0).len(), 2 * 24);
    assert!(g.legal_actions(1).is_empty());
    g.apply(0, &mark(0, 0)).unwrap();
    // The marked mine is no longer covered; the game is over (one mine).
    assert!(g.is_over());
    assert_eq!(
        g.apply(1, &explore(0, 0)),
        Err(RuleError::Shared(Shared::GameOver))
    );
}

#[test]
fn explore_scores_the_mines_around_not_yet_visible_r_ms_3() {
    // R-MS-3: mines at (0,0), (1,0) and (4,4) on 5x5.
    let mut g = with_mines(5, 5, &[(0, 0), (1, 0), (4, 4)]);
    g.apply(0, &mark(0, 0)).unwrap();
    // Seat 1 explores (1,1): three mines around... two, (0,0) and (1,0);
    // (0,0) is visible, so one point, and the number shows 2.
    let ev = g.apply(1, &explore(1, 1)).unwrap();
    assert_eq!(
        ev[0],
        Event::Explored {
            seat: 1,
            x: 1,
            y: 1,
            number: 2,
            points: 1
        }
    );
    assert_eq!(g.scores()[1], 1);
    // Explore on a mine: -5, shown as exploded.
    let ev = g.apply(0, &explore(4, 4)).unwrap();
    assert_eq!(
        ev[0],
        Event::Exploded {
            seat: 0,
            x: 4,
            y: 4
        }
    );
    assert_eq!(g.board[24], Square::Exploded(0));
    assert_eq!(g.scores()[0], 5 - 5);
}

#[test]
fn mark_points_follow_the_visible_mines_and_blubb_costs_three_r_ms_4() {
    // R-MS-4: 5, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6; R-MS-7: then 6.
    let expected = [5, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6];
    for (k, e) in expected.iter().enumerate() {
        assert_eq!(mark_points(k + 1), *e);
    }
    // An explosion counts among the visible mines.
    let mut g = with_mines(5, 5, &[(0, 0), (4, 0), (0, 4)]);
    g.apply(0, &explore(0, 0)).unwrap();
    let ev = g.apply(1, &mark(4, 0)).unwrap();
    assert_eq!(
        ev[0],
        Event::Marked {
            seat: 1,
            x: 4,
            y: 0,
            points: 3
        }
    );
    // Blubb: -3, the cell stays covered.
    let ev = g.apply(0, &mark(1, 4)).unwrap();
    assert_eq!(
        ev,
        vec![Event::Blubb {
            seat: 0,
            at: Some((1, 4))
        }]
    );
    assert_eq!(g.scores(), vec![-5 - 3, 3]);
    assert_eq!(g.board[4 * 5 + 1], Square::Covered);
}

#[test]
fn a_blubb_cell_is_seen_only_by_its_maker_r_ms_4() {
    // R-MS-4
    let mut g = with_mines(5, 5, &[(0, 0), (4, 0), (0, 4)]);
    let ev = g.apply(0, &mark(3, 4)).unwrap();
    let told_1 = Minesweeper::event_for(&ev[0], Some(1)).unwrap();
    assert_eq!(told_1, Event::Blubb { seat: 0, at: None });
    let told_all = Minesweeper::event_for(&ev[0], None).unwrap();
    assert_eq!(told_all, Event::Blubb { seat: 0, at: None });
    assert_eq!(Minesweeper::event_for(&ev[0], Some(0)).unwrap(), ev[0]);
    let mine = g.view(Some(0));
    let theirs = g.view(Some(1));
    let public = g.view(None);
    assert_eq!(mine.blubbs, vec![4 * 5 + 3]);
    assert_eq!(mine.log[0].at, Some((3, 4)));
    assert_eq!(mine.last, Some(23));
    for v in [&theirs, &public] {
        assert!(v.blubbs.is_empty());
        assert_eq!(v.log[0].at, None);
        assert_eq!(v.log[0].kind, Kind::Blubb);
        assert_eq!(v.last, None);
        let json = serde_json::to_string(v).unwrap();
        assert!(!json.contains("23"), "the cell index leaks: {json}");
    }
    g.check_secrets(Some(1), &theirs, &[told_1]).unwrap();
    // A leak is caught.
    assert!(g.check_secrets(Some(1), &mine, &[]).is_err());
    // Its maker sees it from then on.
    g.apply(1, &explore(1, 1)).unwrap();
    assert_eq!(g.view(Some(0)).blubbs, vec![23]);
}

#[test]
fn the_automatic_reveal_uses_public_information_only_r_ms_5() {
    // R-MS-5 on 5x5 with one mine at (0,0): exploring (1,1) shows 1; the
    // mine is among (0,0), (1,0), (2,0), (0,1), (0,2)... the engine reveals
    // only what every consistent arrangement agrees on.
    let mut g = with_mines(5, 5, &[(0, 0)]);
    let ev = g.apply(0, &explore(4, 4)).unwrap();
    // (4,4) shows 0; its neighbours are safe with numbers determined only
    // where all their neighbours are settled.
    assert!(matches!(ev[0], Event::Explored { number: 0, .. }));
    let revealed: Vec<(usize, usize, u8)> = ev
        .iter()
        .find_map(|e| match e {
            Event::Revealed { cells } => Some(cells.clone()),
            _ => None,
        })
        .unwrap_or_default();
    for &(x, y, n) in &revealed {
        let i = y * 5 + x;
        assert!(!g.truth[i], "a mine was revealed");
        assert_eq!(n, g.number_at(i));
    }
    // Everything still covered is undecided from public information.
    let a = minefield::analyze(&g.position()).unwrap();
    for i in 0..25 {
        if g.board[i] == Square::Covered {
            assert!(a.number[i].is_none(), "cell {i} should have been revealed");
            assert!(!a.mine[i] || g.truth[i]);
        }
    }
    // A Blubb reveals nothing, though its maker now knows a safe cell.
    let before = g.board.clone();
    let covered_safe = (0..25)
        .find(|&i| g.board[i] == Square::Covered && !g.truth[i])
        .unwrap();
    let ev = g
        .apply(1, &mark(covered_safe % 5, covered_safe / 5))
        .unwrap();
    assert_eq!(ev.len(), 1);
    assert_eq!(g.board, before);
    g.check_invariants().unwrap();
}

#[test]
fn mines_are_never_revealed_automatically_r_ms_5() {
    // R-MS-5: a certain mine stays covered until someone marks or explodes it.
    // 5x5, mine at (0,0); explore (1,0), (0,1), (1,1): each shows 1, so
    // (0,0) is certainly a mine, and stays covered.
    let mut g = with_mines(5, 5, &[(0, 0)]);
    for (s, a) in [explore(1, 1), explore(1, 0), explore(0, 1)]
        .iter()
        .enumerate()
    {
        if g.board[a.at().1 * 5 + a.at().0] == Square::Covered {
            g.apply(s % 2, a).unwrap();
        }
    }
    let a = minefield::analyze(&g.position()).unwrap();
    assert!(a.mine[0]);
    assert_eq!(g.board[0], Square::Covered);
}

#[test]
fn the_game_ends_when_every_mine_is_visible_and_equal_is_a_draw_r_ms_6() {
    // R-MS-6
    let mut g = with_mines(5, 5, &[(0, 0), (4, 4)]);
    g.apply(0, &mark(0, 0)).unwrap(); // +5
    assert!(!g.is_over());
    g.apply(1, &explore(0, 4)).unwrap(); // 0 mines around: +0
    g.apply(0, &explore(4, 4)).unwrap(); // -5
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![0, 0]);
    assert_eq!(o.places, vec![1, 1]);
    assert!(g.to_act().is_empty());
}

#[test]
fn other_sizes_up_to_a_quarter_of_the_cells_r_ms_7() {
    // R-MS-7
    let o = |w: i64, h: i64, m: i64| {
        parse_options::<Minesweeper>(&serde_json::json!({"width": w, "height": h, "mines": m}))
    };
    assert!(o(4, 11, 3).is_err());
    assert!(o(31, 11, 3).is_err());
    let ok = o(30, 16, 99).unwrap();
    let g = new_game::<Minesweeper>(2, &ok, 7).unwrap();
    assert_eq!((g.width, g.height, g.mines), (30, 16, 99));
    assert_eq!(g.board[8 * 30 + 15], Square::Number(0));
    let too_many = o(5, 5, 7).unwrap();
    assert_eq!(
        new_game::<Minesweeper>(2, &too_many, 1),
        Err(RuleError::Game(Error::TooManyMines { max: 6 }))
    );
    assert!(new_game::<Minesweeper>(2, &o(5, 5, 6).unwrap(), 1).is_ok());
    assert!(new_game::<Minesweeper>(3, &Options::default(), 1).is_err());
}

#[test]
fn recounted_scores_follow_the_rules_from_scratch() {
    let mut g = with_mines(6, 5, &[(0, 0), (1, 0), (5, 4)]);
    for (s, a) in [
        mark(1, 0),
        explore(1, 1),
        mark(3, 3),
        explore(5, 4),
        mark(0, 0),
    ]
    .iter()
    .enumerate()
    {
        let (x, y) = a.at();
        if g.board[y * 6 + x] == Square::Covered && !g.is_over() {
            g.apply(s % 2, a).unwrap();
        }
    }
    assert_eq!(g.scores(), g.recomputed_scores());
}

#[test]
fn property_thousands_of_random_games() {
    property_with::<Minesweeper>(
        2000,
        |_| 2,
        |i| Options {
            width: 5 + (i % 4) as i64,
            height: 5 + (i / 4 % 3) as i64,
            mines: 3 + (i % 4) as i64,
            hints: i % 2 == 0,
        },
        |_, _| Policy::Random,
    )
    .unwrap();
}

#[test]
fn property_seeded_games_with_computer_players() {
    property::<Minesweeper>(
        60,
        |_| 2,
        |i| {
            if i % 3 == 0 {
                Options::default()
            } else {
                Options {
                    width: 8,
                    height: 7,
                    mines: 10,
                    hints: false,
                }
            }
        },
    )
    .unwrap();
}

#[test]
fn property_games_on_the_largest_board() {
    // R-MS-7's largest board, where the engine's work budget engages:
    // one random game (computer players there are timed by
    // `every_move_on_the_largest_board_takes_under_a_second`), every check
    // after every move, replayed to the identical state.
    let largest = |_| Options {
        width: 30,
        height: 30,
        mines: 225,
        hints: true,
    };
    property_with::<Minesweeper>(1, |_| 2, largest, |_, _| Policy::Random).unwrap();
}

#[test]
fn at_the_end_everything_is_open() {
    // R-MS-6: once over, the safe cells left covered show their numbers and
    // every Blubb its cell, to everyone.
    let mut g = with_mines(5, 5, &[(0, 0)]);
    g.apply(0, &mark(4, 4)).unwrap();
    assert_eq!(g.view(Some(1)).log[0].at, None);
    g.apply(1, &mark(0, 0)).unwrap();
    let v = g.view(Some(1));
    assert_eq!(v.log[0].at, Some((4, 4)));
    assert!(v.board.iter().all(|s| *s != Square::Covered));
    assert_eq!(v.board[6], Square::Number(1));
    assert_eq!(v.turn, None);
}

#[test]
fn the_open_view_of_a_replay_shows_the_covered_mines_and_every_blubb() {
    // Issue 11: a finished game's replay shows everything, move by move.
    let mut g = new_game::<Minesweeper>(2, &Options::default(), 3).unwrap();
    let covered = |g: &Minesweeper, mine: bool| -> Vec<usize> {
        (0..g.board.len())
            .filter(|&i| g.board[i] == Square::Covered && g.truth[i] == mine)
            .collect()
    };
    let mines = covered(&g, true);
    assert_eq!(mines.len(), 15);
    let safe = covered(&g, false)[0];
    let (x, y) = (safe % 11, safe / 11);
    g.apply(0, &mark(x, y)).unwrap(); // a Blubb of seat 0
    let open = g.open_view();
    assert_eq!(open.hidden_mines, mines);
    assert_eq!(open.blubbs, vec![safe]);
    assert_eq!(open.log[0].at, Some((x, y)));
    assert_eq!(open.last, Some(safe));
    for seat in [None, Some(0), Some(1)] {
        let v = g.view(seat);
        assert!(v.hidden_mines.is_empty());
        assert_eq!(g.check_secrets(seat, &v, &[]), Ok(()));
    }
    assert!(g.check_secrets(Some(0), &open, &[]).is_err());
    // Seat 1 marks a mine: it is no longer hidden.
    g.apply(1, &mark(mines[0] % 11, mines[0] / 11)).unwrap();
    assert_eq!(g.open_view().hidden_mines, mines[1..].to_vec());
}

/// Plays a game on R-MS-7's largest board (30x30, 225 mines) as `simulate`
/// does from `seed` (the same seats, seed and chooser), on a worker thread,
/// timing every decision and every apply (which runs the automatic reveal,
/// R-MS-5). Fails if one takes 3 s, or never returns within ten.
/// The slowest, in seconds.
fn largest_board_game_is_fast(policies: [Policy; 2], seed: u64) -> f64 {
    use crate::contract::{Game, Level};
    use crate::midend::{Match, SeatInfo};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};
    let (tx, rx) = mpsc::channel::<Option<(usize, &'static str, f64)>>();
    let policies2 = policies.clone();
    std::thread::spawn(move || {
        let options = Options {
            width: 30,
            height: 30,
            mines: 225,
            hints: false,
        };
        let seats = (0..2)
            .map(|i| {
                let level = match &policies2[i] {
                    Policy::Level(l) => *l,
                    _ => Level::Strong,
                };
                SeatInfo::computer(format!("P{}", i + 1), level)
            })
            .collect();
        let mut m = Match::<Minesweeper>::new(seats, options, seed).unwrap();
        let mut chooser = crate::rng::Rng::new(seed ^ 0x5EED);
        let mut step = 0;
        while !m.state().is_over() {
            let to_act = m.state().to_act();
            let seat = to_act[chooser.below(to_act.len() as u64) as usize];
            let t = Instant::now();
            let action = match &policies2[seat] {
                Policy::Level(level) => Minesweeper::computer_action(
                    &m.state().view(Some(seat)),
                    seat,
                    *level,
                    &mut chooser,
                ),
                _ => {
                    let legal = m.state().legal_actions(seat);
                    legal[chooser.below(legal.len() as u64) as usize]
                }
            };
            let _ = tx.send(Some((step, "decision", t.elapsed().as_secs_f64())));
            let t = Instant::now();
            m.apply(seat, action).unwrap();
            let _ = tx.send(Some((step, "apply", t.elapsed().as_secs_f64())));
            step += 1;
        }
        let _ = tx.send(None);
    });
    let mut worst = 0.0f64;
    loop {
        match rx.recv_timeout(Duration::from_secs(10)) {
            Ok(Some((step, what, secs))) => {
                // The requirement is 1 s (measured: 0.2 s at worst, printed
                // below and by `minesweeper bench`); the test stops a stall
                // with room for a loaded machine, and the counted work is
                // pinned exactly by minefield's budget test.
                assert!(
                    secs < 3.0,
                    "{policies:?} seed {seed}: the {what} of move {step} took {secs:.2} s"
                );
                worst = worst.max(secs);
            }
            Ok(None) => return worst,
            Err(_) => panic!("{policies:?} seed {seed}: a move took over 10 s"),
        }
    }
}

#[test]
fn every_move_on_the_largest_board_takes_under_a_second_r_ms_5_r_ms_7() {
    // Seed 3 of random play stalled for ever at move 466 (issue 21).
    let mut worst = largest_board_game_is_fast([Policy::Random, Policy::Random], 3);
    worst = worst.max(largest_board_game_is_fast(
        [Policy::Level(Level::Strong), Policy::Level(Level::Casual)],
        1,
    ));
    worst = worst.max(largest_board_game_is_fast(
        [Policy::Level(Level::Casual), Policy::Random],
        2,
    ));
    println!("slowest move on 30x30/225: {:.3} s", worst);
}

#[test]
fn the_registry_describes_minesweeper() {
    let m = crate::registry::describe(Minesweeper::ID).unwrap();
    assert_eq!(m["players"], serde_json::json!([2, 2]));
    assert_eq!(m["private_info"], true);
    assert_eq!(
        m["policies"],
        serde_json::json!(["strong", "casual", "random", "greedy", "expected"])
    );
}

/// Issue 25: the coach's value of its best choice (expected points of the move, exact from the seat's view) agrees with
/// continuations of strong play from the same positions within 3 standard
/// errors; every choice it offers is legal and its first is the strong
/// player's (`driver::coach_check`).
#[test]
fn the_coach_is_honest() {
    let r = crate::driver::coach_check::<Minesweeper>(2, &Default::default(), 300, 1, 25)
        .expect("coach check");
    println!("{r}");
    assert!(r.positions >= 300 * 9 / 10, "{r}");
    assert!(r.honest(), "{r}");
}
