use super::*;
use crate::contract::{new_game, Shared};
use crate::driver::{property, property_with, Policy};

/// A layout from text, row by row: `5`, `-3`, `M` (Mulligan), `H` (Hazard);
/// a leading `?` is face down.
fn lay(text: &str) -> [Slot; 9] {
    let slots: Vec<Slot> = text
        .split_whitespace()
        .filter(|t| *t != "/")
        .map(|t| {
            let (up, t) = match t.strip_prefix('?') {
                Some(rest) => (false, rest),
                None => (true, t),
            };
            let card = match t {
                "M" => Mulligan,
                "H" => Hazard,
                v => Value(v.parse().unwrap()),
            };
            Slot { card, up }
        })
        .collect();
    slots.try_into().unwrap()
}

fn cards(text: &str) -> [Card; 9] {
    lay(text).map(|s| s.card)
}

/// A game of `n` players past the opening (each turned up positions 0 and
/// 1), seat 0 to draw.
fn started(n: usize) -> Gnoming {
    let mut g = new_game::<Gnoming>(n, &Options::default(), 7).unwrap();
    for s in 0..n {
        g.apply(s, &Action::Reveal { pos: 0 }).unwrap();
        g.apply(s, &Action::Reveal { pos: 1 }).unwrap();
    }
    assert_eq!(g.stage, Stage::Start);
    g
}

fn act(g: &mut Gnoming, seat: Seat, a: Action) -> Vec<Event> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

fn refused(g: &Gnoming, seat: Seat, a: Action) -> RuleError<Error> {
    let mut probe = g.clone();
    let e = probe.apply(seat, &a).unwrap_err();
    assert_eq!(&probe, g, "a refusal changes nothing");
    assert!(!g.legal_actions(seat).contains(&a), "{a:?} is offered");
    e
}

#[test]
fn the_deck_has_110_cards_as_the_table_says_r_gn_1() {
    // R-GN-1
    let d = deck();
    assert_eq!(d.len(), DECK_SIZE);
    assert_eq!(d.iter().filter(|c| c.positive().is_some()).count(), 82);
    assert_eq!(
        d.iter().filter(|c| matches!(c, Value(v) if *v < 0)).count(),
        22
    );
    assert_eq!(d.iter().filter(|c| **c == Hazard).count(), 3);
    assert_eq!(d.iter().filter(|c| **c == Mulligan).count(), 3);
    for v in 1..=10 {
        assert_eq!(d.iter().filter(|c| **c == Value(v)).count(), 7);
    }
    for v in [11, 12] {
        assert_eq!(d.iter().filter(|c| **c == Value(v)).count(), 6);
    }
    let neg = [(-1, 6), (-2, 5), (-3, 5), (-4, 3), (-5, 3)];
    for (v, n) in neg {
        assert_eq!(d.iter().filter(|c| **c == Value(v)).count(), n);
    }
    for (i, (c, _)) in DECK.iter().enumerate() {
        assert_eq!(kind(*c), i);
    }
    // The bots' deck mean.
    let mean = d.iter().map(|c| c.points()).sum::<i64>() as f64 / 110.0;
    assert_eq!(mean, bot::DECK_MEAN);
}

#[test]
fn set_up_nine_face_down_two_piles_two_turned_up_first_player_rotates_r_gn_2() {
    // R-GN-2
    for n in 2..=7 {
        let g = new_game::<Gnoming>(n, &Options::default(), n as u64).unwrap();
        assert!(g.layouts.iter().flatten().all(|s| !s.up));
        assert_eq!(g.layouts.len(), n);
        assert!(g.piles.iter().all(|p| p.len() == 1));
        assert_eq!(g.draw.len() + g.removed.len(), 110 - 9 * n - 2);
        assert_eq!(g.stage, Stage::Opening { seat: 0, left: 2 });
        g.check_invariants().unwrap();
    }
    // Each player turns up two of their own cards, in turn order.
    let mut g = new_game::<Gnoming>(3, &Options::default(), 3).unwrap();
    assert_eq!(g.to_act(), vec![0]);
    act(&mut g, 0, Action::Reveal { pos: 4 });
    assert!(matches!(
        refused(&g, 0, Action::Reveal { pos: 4 }),
        RuleError::Game(Error::FaceUp)
    ));
    assert_eq!(
        refused(&g, 1, Action::Reveal { pos: 4 }),
        RuleError::Shared(Shared::NotYourTurn)
    );
    act(&mut g, 0, Action::Reveal { pos: 8 });
    assert_eq!(g.to_act(), vec![1]);
    act(&mut g, 1, Action::Reveal { pos: 0 });
    act(&mut g, 1, Action::Reveal { pos: 1 });
    act(&mut g, 2, Action::Reveal { pos: 0 });
    act(&mut g, 2, Action::Reveal { pos: 1 });
    assert_eq!((g.stage.clone(), g.turn), (Stage::Start, 0));
    assert_eq!(g.hidden(0), 7);
    // The first player of round 2 is seat 1, of round 3 seat 2.
    let mut g = started(3);
    g.round = 1;
    let mut ev = Vec::new();
    g.deal(&mut ev);
    assert_eq!((g.first, g.to_act()), (1, vec![1]));
    g.round = 2;
    g.deal(&mut ev);
    assert_eq!((g.first, g.to_act()), (2, vec![2]));
}

#[test]
fn a_hazard_turned_up_for_a_pile_leaves_the_game_without_flips_r_gn_13() {
    // R-GN-2, R-GN-13: find deals where a pile's first card was a Hazard.
    let mut seen = 0;
    for seed in 0..400 {
        let g = new_game::<Gnoming>(4, &Options::default(), seed).unwrap();
        if !g.removed.is_empty() {
            seen += 1;
            assert!(g.removed.iter().all(|c| *c == Hazard));
            assert!(g.piles.iter().all(|p| p.len() == 1 && p[0] != Hazard));
            assert_eq!(g.stage, Stage::Opening { seat: 0, left: 2 });
            g.check_invariants().unwrap();
        }
    }
    assert!(seen > 5, "{seen} deals with a Hazard at the piles");
}

#[test]
fn take_from_the_draw_or_a_pile_and_a_pile_card_must_be_placed_r_gn_3() {
    // R-GN-3
    let mut g = started(3);
    g.piles = [vec![Value(3)], vec![Value(9)]];
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::Draw,
            Action::Take { pile: 0 },
            Action::Take { pile: 1 }
        ]
    );
    assert!(matches!(
        refused(&g, 0, Action::Place { pos: 0 }),
        RuleError::Game(Error::NotNow)
    ));
    let mut h = g.clone();
    act(&mut h, 0, Action::Take { pile: 1 });
    assert_eq!(h.hand, Some(Value(9)));
    assert!(matches!(
        refused(&h, 0, Action::Discard { pile: 0 }),
        RuleError::Game(Error::MustPlace)
    ));
    assert!(h
        .legal_actions(0)
        .iter()
        .all(|a| matches!(a, Action::Place { .. })));
    // From the draw pile: place or discard.
    let top = *g.draw.last().unwrap();
    let ev = act(&mut g, 0, Action::Draw);
    assert_eq!(ev[0], Event::Drew { seat: 0, card: top });
    let legal = g.legal_actions(0);
    assert!(legal.contains(&Action::Place { pos: 5 }));
    if top == Hazard {
        assert!(legal.contains(&Action::Remove));
    } else {
        assert!(legal.contains(&Action::Discard { pile: 1 }));
    }
}

#[test]
fn discards_go_on_either_pile_but_an_empty_pile_comes_first_r_gn_4() {
    // R-GN-4, R-GN-13
    let mut g = started(3);
    g.draw.push(Value(7));
    g.piles = [vec![Value(3)], vec![Value(9)]];
    act(&mut g, 0, Action::Draw);
    let mut a = g.clone();
    act(&mut a, 0, Action::Discard { pile: 1 });
    assert_eq!(a.piles[1], vec![Value(9), Value(7)]);
    assert_eq!((a.turn, a.stage.clone()), (1, Stage::Start));
    // Exactly one pile empty: the discard goes there.
    g.piles = [vec![], vec![Value(9)]];
    assert!(matches!(
        refused(&g, 0, Action::Discard { pile: 1 }),
        RuleError::Game(Error::RestartPile { pile: 0 })
    ));
    act(&mut g, 0, Action::Discard { pile: 0 });
    assert_eq!(g.piles[0], vec![Value(7)]);
    // A displaced card with one pile empty goes there by itself.
    let mut g = started(3);
    g.layouts[0] = lay("5 6 ?1 / ?2 ?3 ?4 / ?5 ?6 ?7");
    g.piles = [vec![Value(3), Value(2)], vec![]];
    act(&mut g, 0, Action::Take { pile: 0 });
    let ev = act(&mut g, 0, Action::Place { pos: 1 });
    assert!(ev.contains(&Event::Discarded {
        seat: 0,
        pile: 1,
        card: Value(6)
    }));
    assert_eq!(g.turn, 1);
}

#[test]
fn a_discarded_hazard_leaves_and_the_others_may_flip_but_never_their_last_r_gn_4() {
    // R-GN-4, R-GN-13
    let mut g = started(4);
    g.draw.push(Hazard);
    // Seat 2 has one face-down card only: it is not asked.
    g.layouts[2] = lay("1 2 3 / 4 5 6 / 7 8 ?9");
    act(&mut g, 0, Action::Draw);
    assert!(matches!(
        refused(&g, 0, Action::Discard { pile: 0 }),
        RuleError::Game(Error::HazardLeaves)
    ));
    let ev = act(&mut g, 0, Action::Remove);
    assert_eq!(ev, vec![Event::Removed { seat: 0 }]);
    assert_eq!(g.removed.last(), Some(&Hazard));
    assert_eq!(g.stage, Stage::Flips { queue: vec![1, 3] });
    assert_eq!(g.to_act(), vec![1]);
    let down = (0..9).find(|&p| !g.layouts[1][p].up).unwrap();
    let card = g.layouts[1][down].card;
    let ev = act(&mut g, 1, Action::Flip { pos: down });
    assert_eq!(
        ev,
        vec![Event::Flipped {
            seat: 1,
            pos: down,
            card
        }]
    );
    assert!(g.layouts[1][down].up);
    assert_eq!(g.to_act(), vec![3]);
    act(&mut g, 3, Action::Decline);
    assert_eq!((g.turn, g.stage.clone()), (1, Stage::Start));
    // Never a player's last face-down card.
    let mut g = started(2);
    g.layouts[1] = lay("1 2 3 / 4 5 6 / 7 ?8 ?9");
    g.draw.push(Hazard);
    act(&mut g, 0, Action::Draw);
    act(&mut g, 0, Action::Remove);
    act(&mut g, 1, Action::Flip { pos: 7 });
    assert_eq!(g.hidden(1), 1);
    // A Hazard displaced from a layout leaves the game too.
    let mut g = started(2);
    g.layouts[0] = lay("H 2 ?3 / ?4 ?5 ?6 / ?7 ?8 ?9");
    g.piles = [vec![Value(1)], vec![Value(2)]];
    act(&mut g, 0, Action::Take { pile: 0 });
    let ev = act(&mut g, 0, Action::Place { pos: 0 });
    assert!(ev.contains(&Event::Removed { seat: 0 }));
    assert_eq!(g.stage, Stage::Flips { queue: vec![1] });
}

#[test]
fn one_face_up_mulligan_per_layout_a_second_only_over_the_first_r_gn_5() {
    // R-GN-5, R-GN-13
    let mut g = started(2);
    g.layouts[0] = lay("M 2 ?3 / ?4 ?5 ?6 / ?7 ?8 ?9");
    g.piles = [vec![Mulligan], vec![Value(4)]];
    act(&mut g, 0, Action::Take { pile: 0 });
    assert_eq!(g.legal_actions(0), vec![Action::Place { pos: 0 }]);
    assert!(matches!(
        refused(&g, 0, Action::Place { pos: 4 }),
        RuleError::Game(Error::MulliganLimit)
    ));
    act(&mut g, 0, Action::Place { pos: 0 });
    // Two face-up Mulligans (turned up by the opening or a flip) may stay,
    // and then a third cannot be taken at all.
    let mut g = started(2);
    g.layouts[0] = lay("M M ?3 / ?4 ?5 ?6 / ?7 ?8 ?9");
    g.piles = [vec![Mulligan], vec![Value(4)]];
    assert!(matches!(
        refused(&g, 0, Action::Take { pile: 0 }),
        RuleError::Game(Error::MulliganLimit)
    ));
    g.draw.push(Mulligan);
    act(&mut g, 0, Action::Draw);
    assert!(g
        .legal_actions(0)
        .iter()
        .all(|a| matches!(a, Action::Discard { .. })));
    // Without a face-up Mulligan, one may go anywhere.
    let mut g = started(2);
    g.layouts[0] = lay("1 2 ?3 / ?4 ?5 ?6 / ?7 ?8 ?9");
    g.draw.push(Mulligan);
    act(&mut g, 0, Action::Draw);
    assert_eq!(
        g.legal_actions(0)
            .iter()
            .filter(|a| matches!(a, Action::Place { .. }))
            .count(),
        9
    );
}

#[test]
fn a_matching_face_down_card_bounces_and_the_chain_may_stop_r_gn_6() {
    // R-GN-6, R-GN-12: place a 7 over a face-down 7: it may bounce.
    let mut g = started(2);
    g.layouts[0] = lay("1 2 ?7 / ?4 ?5 ?6 / ?9 ?8 ?3");
    g.piles = [vec![Value(4), Value(7)], vec![Value(2)]];
    act(&mut g, 0, Action::Take { pile: 0 });
    let ev = act(&mut g, 0, Action::Place { pos: 2 });
    assert_eq!(
        ev,
        vec![
            Event::Placed {
                seat: 0,
                pos: 2,
                card: Value(7)
            },
            Event::TurnedUp {
                seat: 0,
                pos: 2,
                card: Value(7)
            }
        ]
    );
    assert_eq!(g.stage, Stage::Bounce { from: 2 });
    assert_eq!(g.hand, Some(Value(7)));
    // Not back where it came from.
    assert!(matches!(
        refused(&g, 0, Action::Bounce { pos: 2 }),
        RuleError::Game(Error::BounceBack)
    ));
    // Stop: the card is discarded.
    let mut stop = g.clone();
    act(&mut stop, 0, Action::Discard { pile: 1 });
    assert_eq!(stop.piles[1], vec![Value(2), Value(7)]);
    // Bounce onto the face-down 5: turned up, it matches nothing: discarded.
    let mut b = g.clone();
    let ev = act(&mut b, 0, Action::Bounce { pos: 4 });
    assert_eq!(
        ev[..2],
        [
            Event::Bounced {
                seat: 0,
                pos: 4,
                card: Value(7)
            },
            Event::TurnedUp {
                seat: 0,
                pos: 4,
                card: Value(5)
            }
        ]
    );
    assert_eq!((b.stage.clone(), b.hand), (Stage::Discard, Some(Value(5))));
    // Bounce onto a face-up card: it is discarded and the chain ends.
    let mut c = g.clone();
    act(&mut c, 0, Action::Bounce { pos: 0 });
    assert_eq!((c.stage.clone(), c.hand), (Stage::Discard, Some(Value(1))));
    act(&mut c, 0, Action::Discard { pile: 0 });
    assert_eq!(c.turn, 1);
    // A chain: 7 over a face-down 2 (a face-up 2 is there), the 2 bounces
    // onto a face-down 1 (a face-up 1 is there), which bounces again.
    let mut g = started(2);
    g.layouts[0] = lay("1 2 ?2 / ?1 ?5 ?6 / ?9 ?8 ?3");
    g.draw.push(Value(7));
    act(&mut g, 0, Action::Draw);
    act(&mut g, 0, Action::Place { pos: 2 });
    assert_eq!(g.stage, Stage::Bounce { from: 2 });
    act(&mut g, 0, Action::Bounce { pos: 3 });
    assert_eq!(
        (g.stage.clone(), g.hand),
        (Stage::Bounce { from: 3 }, Some(Value(1)))
    );
    act(&mut g, 0, Action::Bounce { pos: 8 });
    // The 3 turned up matches nothing face up: the chain ends.
    assert_eq!((g.stage.clone(), g.hand), (Stage::Discard, Some(Value(3))));
    assert_eq!(
        g.layouts[0].map(|s| s.up),
        [true, true, true, true, false, false, false, false, true]
    );
}

#[test]
fn negative_cards_mulligans_and_hazards_never_bounce_r_gn_12() {
    // R-GN-6, R-GN-12
    for (under, placed) in [
        ("-2", Value(-2)),
        ("M", Mulligan),
        ("H", Hazard),
        ("4", Mulligan),
    ] {
        let mut g = started(2);
        g.layouts[0] = lay(&format!("M -2 ?{under} / ?4 ?5 ?6 / ?9 ?8 ?3"));
        g.layouts[0][0] = Slot {
            card: Value(-2),
            up: true,
        };
        g.draw.push(placed);
        act(&mut g, 0, Action::Draw);
        if placed == Mulligan {
            // A Mulligan placed is no match for bouncing: the 4 stays put.
            g.layouts[0][1] = Slot {
                card: Value(5),
                up: true,
            };
        }
        act(&mut g, 0, Action::Place { pos: 2 });
        assert!(
            !matches!(g.stage, Stage::Bounce { .. }),
            "{under} under {placed:?} bounced"
        );
    }
    // A face-down card matching a face-up card elsewhere (not the placed one)
    // bounces.
    let mut g = started(2);
    g.layouts[0] = lay("9 2 ?9 / ?4 ?5 ?6 / ?1 ?8 ?3");
    g.draw.push(Value(1));
    act(&mut g, 0, Action::Draw);
    act(&mut g, 0, Action::Place { pos: 2 });
    assert_eq!(g.stage, Stage::Bounce { from: 2 });
}

#[test]
fn an_empty_draw_pile_is_made_from_the_discards_but_the_tops_r_gn_7() {
    // R-GN-7
    let mut g = started(2);
    let mut rest: Vec<Card> = g.draw.drain(..).collect();
    let last = rest.pop().unwrap();
    g.draw = vec![last];
    g.removed.extend(rest.iter().filter(|c| **c == Hazard));
    rest.retain(|c| *c != Hazard);
    let half = rest.len() / 2;
    g.piles[0].extend(rest.drain(..half));
    g.piles[1].extend(rest);
    let tops = [*g.piles[0].last().unwrap(), *g.piles[1].last().unwrap()];
    let below = g.piles[0].len() + g.piles[1].len() - 2;
    g.check_invariants().unwrap();
    let ev = act(&mut g, 0, Action::Draw);
    assert!(matches!(ev[1], Event::Reshuffled { count, .. } if count == below));
    assert_eq!(g.draw.len(), below);
    assert_eq!(
        g.piles.each_ref().map(|p| p.clone()),
        [vec![tops[0]], vec![tops[1]]]
    );
    g.check_invariants().unwrap();
    // Seats are told the count, never the order.
    let told = Gnoming::event_for(&ev[1], Some(0)).unwrap();
    assert_eq!(
        told,
        Event::Reshuffled {
            count: below,
            draw: vec![]
        }
    );
}

#[test]
fn going_out_gives_everyone_else_one_more_turn_then_all_cards_turn_up_r_gn_8() {
    // R-GN-8
    let mut g = started(3);
    g.layouts[0] = lay("1 2 3 / 4 5 6 / 7 8 ?9");
    g.layouts[1] = lay("1 1 ?1 / ?4 ?5 ?6 / ?7 ?8 ?9");
    g.layouts[2] = lay("2 2 ?4 / ?4 ?5 ?6 / ?7 ?8 ?9");
    g.draw.push(Value(-5));
    act(&mut g, 0, Action::Draw);
    act(&mut g, 0, Action::Place { pos: 8 });
    assert_eq!(g.stage, Stage::Discard);
    let ev = act(&mut g, 0, Action::Discard { pile: 0 });
    assert!(ev.contains(&Event::WentOut { seat: 0 }));
    assert_eq!((g.out, g.last_turns, g.turn), (Some(0), 2, 1));
    // Seat 1's last turn: draw and discard.
    act(&mut g, 1, Action::Draw);
    let pile = g.piles_open()[0];
    if g.hand == Some(Hazard) {
        act(&mut g, 1, Action::Remove);
        while let Stage::Flips { queue } = g.stage.clone() {
            act(&mut g, queue[0], Action::Decline);
        }
    } else {
        act(&mut g, 1, Action::Discard { pile });
    }
    assert_eq!((g.round, g.turn), (0, 2));
    let before = g.layouts.clone();
    g.draw.push(Value(3));
    act(&mut g, 2, Action::Draw);
    let ev = act(&mut g, 2, Action::Discard { pile });
    let Some(Event::RoundOver {
        round,
        layouts,
        before: b,
        scores,
    }) = ev
        .iter()
        .find(|e| matches!(e, Event::RoundOver { .. }))
        .cloned()
    else {
        panic!("no round end in {ev:?}")
    };
    assert_eq!(round, 0);
    // The face-down cards turned up unchanged.
    for s in 0..3 {
        assert_eq!(layouts[s], before[s].map(|x| x.card));
    }
    // 1+..+8 - 5 = 31; seat 1: row of 1s -1 ... scored as the rules say.
    assert_eq!(b[0], 31);
    assert_eq!(b[1], score_layout(&layouts[1]).total);
    assert_eq!(scores[0], 31 + if 31 <= b[1].min(b[2]) { -5 } else { 5 });
    assert_eq!(g.round, 1);
    assert_eq!(g.totals, scores);
    assert!(matches!(g.stage, Stage::Opening { seat: 1, left: 2 }));
}

#[test]
fn scoring_matching_lines_negatives_mulligans_and_hazards_r_gn_9() {
    // R-GN-9: the text's examples: a row of 5s takes 5 off, a row of 6s 6.
    assert_eq!(score_layout(&cards("5 5 5 / 1 2 3 / 1 2 3")).total, -5 + 12);
    assert_eq!(
        score_layout(&cards("6 6 6 / -1 -2 -3 / -1 -2 -3")).total,
        -6 - 12
    );
    // A card counts in a matching row and a matching column.
    let s = score_layout(&cards("4 4 4 / 4 1 2 / 4 3 -5"));
    assert_eq!(s.lines, [Some(4), None, None, Some(4), None, None]);
    assert_eq!(s.total, -8 + 1 + 2 + 3 - 5);
    // Negative cards always subtract, even three alike (no match).
    assert_eq!(
        score_layout(&cards("-2 -2 -2 / 1 1 2 / 1 1 2")).total,
        -6 + 8
    );
    // An unmatched Mulligan is 0, a Hazard +10.
    assert_eq!(
        score_layout(&cards("M 1 2 / 3 H 4 / 5 6 -1")).total,
        20 + 10
    );
    // Nine of a kind: three rows and three columns.
    assert_eq!(score_layout(&cards("3 3 3 / 3 3 3 / 3 3 3")).total, -18);
    // During the round a layout shows its face-up cards' score.
    let mut shown = cards("5 5 5 / 1 2 3 / 1 2 3").map(Some);
    assert_eq!(shown_score(&shown), -5 + 12);
    shown[0] = None;
    assert_eq!(shown_score(&shown), 10 + 12);
    // The going-out bonus: -5 when lowest (ties included), else +5.
    let low = cards("1 1 1 / 2 2 2 / 3 3 3");
    let high = cards("9 9 8 / 8 7 7 / 12 11 10");
    // Rows of 1s, 2s and 3s: -6 (the columns 1 2 3 do not match).
    assert_eq!(round_scores(&[low, high], 0).1, vec![-6 - 5, 81]);
    assert_eq!(round_scores(&[low, high], 1).1, vec![-6, 81 + 5]);
    assert_eq!(round_scores(&[low, low], 1).1, vec![-6, -6 - 5]);
}

#[test]
fn the_lowest_total_after_three_rounds_wins_ties_by_the_third_round_r_gn_10() {
    // R-GN-10, R-GN-13
    let mut g = started(3);
    g.stage = Stage::Over;
    let r = |scores: Vec<i64>| RoundResult {
        layouts: vec![],
        out: 0,
        before: scores.clone(),
        scores,
    };
    g.results = vec![r(vec![10, 5, 8]), r(vec![0, 7, 2]), r(vec![5, 3, 5])];
    g.totals = vec![15, 15, 15];
    // All tied at 15: seat 1's third round (3) is lowest; seats 0 and 2 share.
    assert_eq!(g.outcome().unwrap().places, vec![2, 1, 2]);
    g.totals = vec![14, 15, 15];
    assert_eq!(g.outcome().unwrap().places, vec![1, 2, 3]);
    assert_eq!(Gnoming::MIN_SEATS..=Gnoming::MAX_SEATS, 2..=7);
}

#[test]
fn mulligans_pick_a_value_per_line_and_add_nothing_r_gn_11() {
    // R-GN-11: the ruling's example.
    let s = score_layout(&cards("M 5 5 / 8 1 2 / 8 3 4"));
    assert_eq!(s.total, -3);
    assert_eq!(s.lines, [Some(5), None, None, Some(8), None, None]);
    // Two Mulligans and a v match at v; three Mulligans at 12.
    assert_eq!(line_match([Mulligan, Value(7), Mulligan]), Some(7));
    assert_eq!(line_match([Mulligan, Mulligan, Mulligan]), Some(12));
    assert_eq!(line_match([Mulligan, Value(-1), Value(-1)]), None);
    assert_eq!(line_match([Mulligan, Hazard, Value(2)]), None);
    assert_eq!(line_match([Value(2), Value(3), Mulligan]), None);
    // A Mulligan is 0 whether it matches or not.
    assert_eq!(score_layout(&cards("M 9 9 / 3 1 2 / 4 2 1")).total, -9 + 13);
    assert_eq!(score_layout(&cards("M 9 8 / 3 1 2 / 4 2 1")).total, 17 + 13);
}

/// The score by brute force: every Mulligan takes, in each of its two lines,
/// every value 1..12, and the lowest score counts (R-GN-11).
fn brute_force(l: &[Card; 9]) -> i64 {
    let wild: Vec<usize> = (0..9).filter(|&p| l[p] == Mulligan).collect();
    let pairs: Vec<(usize, usize)> = wild
        .iter()
        .flat_map(|&p| {
            (0..6)
                .filter(move |&i| LINES[i].contains(&p))
                .map(move |i| (p, i))
        })
        .collect();
    let mut best = i64::MAX;
    let combos = 12usize.pow(pairs.len() as u32);
    for mut code in 0..combos {
        let mut value = [[0i8; 6]; 9];
        for &(p, i) in &pairs {
            value[p][i] = (code % 12) as i8 + 1;
            code /= 12;
        }
        let mut matched = [false; 9];
        let mut total = 0;
        for (i, line) in LINES.iter().enumerate() {
            let vals: Vec<Option<i8>> = line
                .iter()
                .map(|&p| match l[p] {
                    Mulligan => Some(value[p][i]),
                    Value(v) if v > 0 => Some(v),
                    _ => None,
                })
                .collect();
            if let [Some(a), Some(b), Some(c)] = vals[..] {
                if a == b && b == c {
                    total -= a as i64;
                    for &p in line {
                        matched[p] = true;
                    }
                }
            }
        }
        for p in 0..9 {
            if !matched[p] {
                total += match l[p] {
                    Value(v) => v as i64,
                    Mulligan => 0,
                    Hazard => 10,
                };
            }
        }
        best = best.min(total);
    }
    best
}

#[test]
fn scoring_equals_a_brute_force_over_every_mulligan_value_r_gn_11() {
    // R-GN-11: thousands of random layouts from a small set of values (so
    // lines match often), up to three Mulligans.
    let mut rng = Rng::new(11);
    let pick = |rng: &mut Rng| match rng.below(20) {
        0..=10 => Value(rng.below(3) as i8 + 1),
        11..=13 => Value(rng.below(12) as i8 + 1),
        14 | 15 => Value(-(rng.below(5) as i8) - 1),
        16 => Hazard,
        _ => Mulligan,
    };
    let mut by_wild = [0usize; 4];
    let mut layouts = 0;
    while layouts < 3000 {
        let l: [Card; 9] = std::array::from_fn(|_| pick(&mut rng));
        let wild = l.iter().filter(|c| **c == Mulligan).count();
        if wild > 3 || (wild == 3 && by_wild[3] >= 12) {
            continue;
        }
        by_wild[wild] += 1;
        layouts += 1;
        assert_eq!(score_layout(&l).total, brute_force(&l), "{l:?}");
    }
    assert!(by_wild.iter().all(|&n| n >= 12), "{by_wild:?}");
}

#[test]
fn views_hide_face_down_cards_and_the_draw_pile() {
    let g = started(3);
    let v = g.view(Some(1));
    assert_eq!(v, g.view(None));
    assert_eq!(v.layouts[0].iter().filter(|c| c.is_none()).count(), 7);
    assert_eq!(v.draw, g.draw.len());
    g.check_secrets(Some(1), &v, &[]).unwrap();
    // A view that showed a face-down card is caught.
    let mut leak = v.clone();
    leak.layouts[2][5] = Some(g.layouts[2][5].card);
    assert!(g.check_secrets(Some(1), &leak, &[]).is_err());
    // The deal is told to nobody.
    let mut h = started(2);
    let mut ev = Vec::new();
    h.deal(&mut ev);
    let told = Gnoming::event_for(&ev[0], Some(0)).unwrap();
    assert!(g.check_secrets(None, &g.view(None), &[told]).is_ok());
    assert!(g.check_secrets(None, &g.view(None), &ev).is_err());
}

#[test]
fn undo_only_what_revealed_nothing() {
    let mut g = started(2);
    g.piles = [vec![Value(3)], vec![Value(9)]];
    g.layouts[0] = lay("5 6 ?1 / ?2 ?3 ?4 / ?5 ?6 ?7");
    let ev = act(&mut g, 0, Action::Take { pile: 0 });
    assert!(Gnoming::undoable(&Action::Take { pile: 0 }, &ev));
    let ev = act(&mut g, 0, Action::Place { pos: 2 });
    assert!(!Gnoming::undoable(&Action::Place { pos: 2 }, &ev));
    let mut g = started(2);
    let ev = act(&mut g, 0, Action::Draw);
    assert!(!Gnoming::undoable(&Action::Draw, &ev));
}

#[test]
fn property_thousands_of_random_games() {
    property_with::<Gnoming>(
        1000,
        |i| 2 + (i % 6) as usize,
        |_| Options::default(),
        |_, _| Policy::Random,
    )
    .unwrap();
}

#[test]
fn property_seeded_games_with_computer_players() {
    property::<Gnoming>(300, |i| 2 + (i % 6) as usize, |_| Options::default()).unwrap();
    property_with::<Gnoming>(
        100,
        |i| 3 + (i % 3) as usize,
        |_| Options::default(),
        |i, s| {
            if (i + s as u64).is_multiple_of(2) {
                Policy::Baseline("greedy".into())
            } else {
                Policy::Level(Level::Strong)
            }
        },
    )
    .unwrap();
}

#[test]
fn the_open_view_of_a_replay_shows_every_face_down_card_and_the_next_draw() {
    // A finished game's replay shows everything (issue 11); play never does
    // (check_secrets, run after every move of the property tests, refuses a
    // seat's view with open cards).
    let policies = [Policy::Level(Level::Strong), Policy::Random];
    let m = crate::driver::play_to_end::<Gnoming>(
        &policies,
        &Options::default(),
        7,
        7,
        100_000,
        crate::driver::Check::None,
    )
    .unwrap();
    let mut seen_face_down = 0;
    for k in [0, 1, 5, m.record().moves.len() / 2, m.record().moves.len()] {
        let st = m.state_at(k).clone();
        let open = st.open_view();
        let public = st.view(None);
        assert!(public.face_down.is_empty() && public.next_draw.is_none());
        assert_eq!(open.next_draw, st.draw.last().copied());
        for (s, layout) in st.layouts.iter().enumerate() {
            for (p, slot) in layout.iter().enumerate() {
                // Face up in the public view, or named in the open cards.
                assert_eq!(open.layouts[s][p].or(open.face_down[s][p]), Some(slot.card));
                assert_eq!(open.face_down[s][p].is_some(), !slot.up);
                seen_face_down += open.face_down[s][p].is_some() as usize;
            }
        }
        assert_eq!(Gnoming::check_secrets(&st, None, &public, &[]), Ok(()));
        assert!(Gnoming::check_secrets(&st, None, &open, &[]).is_err() || seen_face_down == 0);
    }
    assert!(seen_face_down > 0);
}

#[test]
fn the_registry_describes_gnoming() {
    let g = crate::registry::describe(Gnoming::ID).unwrap();
    assert_eq!(g["players"], serde_json::json!([2, 7]));
    assert_eq!(g["private_info"], false);
    assert_eq!(
        g["policies"],
        serde_json::json!(["strong", "casual", "random", "greedy"])
    );
}

/// Issue 25: the coach's value of its best choice (expected round score: the layout estimate, calibrated) agrees with
/// continuations of strong play from the same positions within 3 standard
/// errors; every choice it offers is legal and its first is the strong
/// player's (`driver::coach_check`).
#[test]
fn the_coach_is_honest() {
    let r = crate::driver::coach_check::<Gnoming>(4, &Default::default(), 500, 1, 25)
        .expect("coach check");
    println!("{r}");
    assert!(r.positions >= 500 * 9 / 10, "{r}");
    assert!(r.honest(), "{r}");
}

/// R-GN-14: Gnoming with real cards, entered round by round.
mod real_cards {
    use super::*;
    use crate::midend::{Match, SeatInfo};

    fn real() -> Options {
        Options { real_cards: true }
    }

    /// Enters `layouts` (text, row by row) and who went out, from the
    /// first position on, as a player taps: one card after the other.
    fn enter_round(g: &mut Gnoming, layouts: &[&str], out: Seat) {
        let s = g.to_act()[0];
        for (seat, text) in layouts.iter().enumerate() {
            g.apply(s, &Action::Mark { seat, pos: 0 }).ok();
            for card in cards(text) {
                g.apply(s, &Action::Enter { card }).unwrap();
            }
        }
        g.apply(s, &Action::Out { seat: out }).unwrap();
        g.apply(s, &Action::Score).unwrap();
    }

    #[test]
    fn r_gn_14_a_round_with_two_mulligans_and_a_hazard_scores_as_the_digital_round() {
        let mut g = new_game::<Gnoming>(3, &real(), 1).unwrap();
        assert_eq!(g.stage, Stage::Entry { at: Some((0, 0)) });
        assert_eq!(g.to_act(), vec![0]);
        let round = [
            "M 6 M / 3 3 3 / H -2 12",
            "4 4 4 / -5 1 9 / 9 9 11",
            "7 7 7 / 7 7 7 / 10 10 -1",
        ];
        enter_round(&mut g, &round, 2);
        let layouts: Vec<[Card; 9]> = round.iter().map(|t| cards(t)).collect();
        let (before, scores) = round_scores(&layouts, 2);
        assert_eq!(g.results[0].before, before);
        assert_eq!(g.results[0].scores, scores);
        assert_eq!(g.totals, scores);
        // M 6 M matches at 6 (-6), the 3s (-3), H +10, -2, 12.
        assert_eq!(before[0], 11);
        // The next round: nothing entered, the second player first (R-GN-2).
        assert_eq!(g.stage, Stage::Entry { at: Some((0, 0)) });
        assert_eq!(g.to_act(), vec![1]);
        assert!(g.view(None).layouts.iter().flatten().all(Option::is_none));
        g.check_invariants().unwrap();
    }

    #[test]
    fn r_gn_14_three_rounds_and_the_tie_break_r_gn_10() {
        let mut g = new_game::<Gnoming>(2, &real(), 1).unwrap();
        // Round 1: A -6, B 3; A went out with the lowest score: -5.
        enter_round(
            &mut g,
            &["1 1 1 / 2 2 2 / 3 3 3", "1 1 1 / 2 2 2 / 3 4 -1"],
            0,
        );
        assert_eq!(g.totals, vec![-11, 3]);
        // Round 2: equal layouts (67 each), B went out: a tie counts as
        // the lowest (R-GN-13), so B gets -5.
        let even = "5 6 7 / 8 9 10 / 11 12 -1";
        enter_round(&mut g, &[even, even], 1);
        assert_eq!(g.totals, vec![56, 65]);
        // Round 3: A 0, B -4 and out lowest (-9): equal totals, and the
        // lower third round wins (R-GN-10).
        enter_round(
            &mut g,
            &["4 4 4 / 5 5 5 / 6 6 -3", "4 4 4 / 5 5 5 / 6 1 -2"],
            1,
        );
        assert_eq!(g.stage, Stage::Over);
        assert_eq!(g.results.len(), ROUNDS);
        let o = g.outcome().unwrap();
        assert_eq!(o.scores, vec![56, 56]);
        assert_eq!(g.results[2].scores, vec![0, -9]);
        assert_eq!(o.places, vec![2, 1]);
        g.check_invariants().unwrap();
        assert_eq!(g.recomputed_scores(), g.scores());
    }

    #[test]
    fn r_gn_14_a_card_the_deck_cannot_hold_that_often_is_refused_with_the_reason() {
        let mut g = new_game::<Gnoming>(2, &real(), 1).unwrap();
        for _ in 0..3 {
            g.apply(0, &Action::Enter { card: Mulligan }).unwrap();
        }
        let before = g.clone();
        let e = g.apply(0, &Action::Enter { card: Mulligan }).unwrap_err();
        assert_eq!(
            e,
            RuleError::Game(Error::TooMany {
                card: Mulligan,
                deck: 3
            })
        );
        assert_eq!(e.to_string(), "The deck holds only 3 × Mulligan.");
        assert_eq!(g, before);
        assert!(!g
            .legal_actions(0)
            .contains(&Action::Enter { card: Mulligan }));
        // Overwriting a Mulligan with a Mulligan is fine: it is not a fourth.
        g.apply(0, &Action::Mark { seat: 0, pos: 1 }).unwrap();
        assert!(g
            .legal_actions(0)
            .contains(&Action::Enter { card: Mulligan }));
        for bad in [Value(0), Value(13), Value(-6)] {
            assert_eq!(
                g.apply(0, &Action::Enter { card: bad }),
                Err(RuleError::Game(Error::NoSuchCard))
            );
        }
        assert_eq!(
            g.apply(0, &Action::Mark { seat: 2, pos: 0 }),
            Err(RuleError::Game(Error::NoSuchSeat))
        );
        assert_eq!(
            g.apply(0, &Action::Mark { seat: 1, pos: 9 }),
            Err(RuleError::Game(Error::NoSuchPosition))
        );
        assert_eq!(
            g.apply(0, &Action::Score),
            Err(RuleError::Game(Error::Unfinished { seat: 0, pos: 3 }))
        );
        // Only the round's first player enters; digital moves are refused.
        assert_eq!(
            g.apply(1, &Action::Enter { card: Value(1) }),
            Err(RuleError::Shared(Shared::NotYourTurn))
        );
        assert_eq!(
            g.apply(0, &Action::Draw),
            Err(RuleError::Game(Error::NotNow))
        );
        assert_eq!(g, before.clone_with_mark(0, 1));
    }

    impl Gnoming {
        fn clone_with_mark(&self, seat: Seat, pos: usize) -> Gnoming {
            let mut g = self.clone();
            g.stage = Stage::Entry {
                at: Some((seat, pos)),
            };
            g
        }
    }

    #[test]
    fn r_gn_14_entries_are_edited_until_the_round_is_scored() {
        let mut g = new_game::<Gnoming>(2, &real(), 1).unwrap();
        for k in 0..18 {
            g.apply(
                0,
                &Action::Enter {
                    card: Value(1 + (k % 9) as i8),
                },
            )
            .unwrap();
        }
        assert_eq!(g.stage, Stage::Entry { at: None });
        g.apply(0, &Action::Out { seat: 1 }).unwrap();
        // A typo: B's centre was a 12.
        g.apply(0, &Action::Mark { seat: 1, pos: 4 }).unwrap();
        let ev = g.apply(0, &Action::Enter { card: Value(12) }).unwrap();
        assert_eq!(
            ev,
            vec![Event::Entered {
                seat: 1,
                pos: 4,
                card: Value(12)
            }]
        );
        assert!(Gnoming::undoable(&Action::Enter { card: Value(12) }, &ev));
        g.apply(0, &Action::Out { seat: 0 }).unwrap();
        assert!(g.legal_actions(0).contains(&Action::Score));
        let ev = g.apply(0, &Action::Score).unwrap();
        assert!(!Gnoming::undoable(&Action::Score, &ev));
        assert_eq!(g.results[0].layouts[1][4], Value(12));
        assert_eq!(g.results[0].out, 0);
    }

    #[test]
    fn r_gn_14_only_people_sit_at_a_game_with_real_cards() {
        let people = vec![SeatInfo::human("Ana"), SeatInfo::human("Ben")];
        let mut m = Match::<Gnoming>::new(people.clone(), real(), 1).unwrap();
        let with_cpu = vec![
            SeatInfo::human("Ana"),
            SeatInfo::computer("Robo".to_string(), Level::Strong),
        ];
        assert_eq!(
            Match::<Gnoming>::new(with_cpu.clone(), real(), 1).unwrap_err(),
            RuleError::Shared(Shared::PeopleOnly)
        );
        assert!(Match::<Gnoming>::new(with_cpu, Options::default(), 1).is_ok());
        m.set_seat(1, crate::midend::SeatKind::Computer, Level::Strong);
        assert_eq!(m.record().seats[1].kind, crate::midend::SeatKind::Human);
    }

    #[test]
    fn r_gn_14_a_game_with_real_cards_replays_from_its_record_and_names_no_card_it_was_not_told() {
        let policies = [Policy::Random, Policy::Level(Level::Strong), Policy::Random];
        let m = crate::driver::play_to_end::<Gnoming>(
            &policies,
            &real(),
            5,
            5,
            100_000,
            crate::driver::Check::Full,
        )
        .unwrap();
        assert!(m.state().is_over());
        // Nothing hidden: the replay's open view is the public view.
        assert_eq!(m.state().open_view(), m.state().view(None));
        let again = Match::<Gnoming>::replay(m.record().clone()).unwrap();
        assert_eq!(again.state(), m.state());
    }

    #[test]
    fn property_games_with_real_cards() {
        property_with::<Gnoming>(
            60,
            |i| 2 + (i % 6) as usize,
            |_| real(),
            |i, s| match (i + s as u64) % 3 {
                0 => Policy::Random,
                1 => Policy::Level(Level::Strong),
                _ => Policy::Baseline("greedy".into()),
            },
        )
        .unwrap();
    }
}

#[test]
fn a_determinized_state_with_the_true_hidden_cards_is_the_game() {
    for seed in 1..40 {
        let mut g = Gnoming::new(4, &Options::default(), seed).unwrap();
        let mut checked = 0;
        while let Some(&seat) = g.to_act().first() {
            let view = g.view(Some(seat));
            if !matches!(view.stage, Stage::Flips { .. }) {
                let mut hidden: Vec<Card> = g
                    .layouts
                    .iter()
                    .flatten()
                    .filter(|s| !s.up)
                    .map(|s| s.card)
                    .collect();
                hidden.extend(g.draw.iter().copied());
                for p in &g.piles {
                    if let Some((_, under)) = p.split_last() {
                        hidden.extend(under.iter().copied());
                    }
                }
                let mut d = Gnoming::determinized(&view, &hidden, 7).expect("fits");
                d.rng = g.rng.clone();
                assert_eq!(d, g);
                hidden.pop();
                assert!(Gnoming::determinized(&view, &hidden, 7).is_none());
                checked += 1;
            }
            let a = bot::greedy(&view, seat);
            g.apply(seat, &a).unwrap();
        }
        assert!(checked > 100);
    }
}
