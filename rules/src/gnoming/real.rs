//! R-GN-14: Gnoming A Round with real cards (the option `real_cards`). The
//! players play each round with their own deck; then one of them enters
//! every final layout (values -5..12, M for a Mulligan, H for a Hazard) and
//! who went out first, and the app scores the round by R-GN-9, R-GN-11 and
//! R-GN-13 exactly as the digital game's round summary does
//! (`round_scores`), keeps the three rounds and breaks ties (R-GN-10).
//!
//! The entry is a stage of the game (`Stage::Entry`), played by the
//! round's first player with small actions the legal list enumerates: mark
//! a position (`Action::Mark`), enter the card there (`Action::Enter`; the
//! mark moves on to the next empty position), who went out
//! (`Action::Out`), and `Action::Score` once all is entered. Every one of
//! them but the score can be taken back. A card the deck does not hold that
//! often across all layouts (R-GN-1) is refused with the reason.

use super::{
    kind, round_scores, Card, Error, Event, Gnoming, RoundResult, Slot, Stage, View, DECK, ROUNDS,
};
use crate::contract::Seat;
use crate::rng::Rng;

/// The option's key.
pub const OPTION: &str = crate::chance::CARDS_OPTION;

/// A position nothing was entered at yet.
const EMPTY: Slot = Slot {
    card: Card::Mulligan,
    up: false,
};

/// Whether `card` is one of the deck's (R-GN-1).
pub fn in_deck(card: Card) -> bool {
    match card {
        Card::Value(v) => (-5..=12).contains(&v) && v != 0,
        Card::Mulligan | Card::Hazard => true,
    }
}

/// Every card of the deck once, in the deck table's order: the keypad.
pub fn cards() -> impl Iterator<Item = Card> {
    DECK.iter().map(|d| d.0)
}

/// A card as tests and keys name it: its value, `M` or `H`.
pub fn key_name(card: Card) -> String {
    match card {
        Card::Value(v) => v.to_string(),
        Card::Mulligan => "M".into(),
        Card::Hazard => "H".into(),
    }
}

/// How many of each card (`kind`) the entered positions hold, leaving out
/// `skip` (the position about to be overwritten).
fn counts<'a>(
    layouts: impl Iterator<Item = &'a [Option<Card>; 9]>,
    skip: Option<(Seat, usize)>,
) -> [usize; DECK.len()] {
    let mut n = [0; DECK.len()];
    for (s, l) in layouts.enumerate() {
        for (p, c) in l.iter().enumerate() {
            if let (Some(c), false) = (c, skip == Some((s, p))) {
                if in_deck(*c) {
                    n[kind(*c)] += 1;
                }
            }
        }
    }
    n
}

/// R-GN-14: whether `card` may go to the marked position `at`, given what
/// the layouts hold elsewhere.
fn check_card(layouts: &[[Option<Card>; 9]], at: (Seat, usize), card: Card) -> Result<(), Error> {
    if !in_deck(card) {
        return Err(Error::NoSuchCard);
    }
    let deck = DECK[kind(card)].1;
    if counts(layouts.iter(), Some(at))[kind(card)] >= deck {
        return Err(Error::TooMany { card, deck });
    }
    Ok(())
}

/// R-GN-14: checks a whole round entered from real cards against the deck
/// (R-GN-1) and the players.
pub fn check_round(layouts: &[[Card; 9]], out: Seat) -> Result<(), Error> {
    if out >= layouts.len() || layouts.len() < 2 {
        return Err(Error::NoSuchSeat);
    }
    let open: Vec<[Option<Card>; 9]> = layouts.iter().map(|l| l.map(Some)).collect();
    if open.iter().flatten().any(|&c| !c.is_some_and(in_deck)) {
        return Err(Error::NoSuchCard);
    }
    let n = counts(open.iter(), None);
    match DECK.iter().zip(n).find(|((_, deck), got)| got > deck) {
        Some(((card, deck), _)) => Err(Error::TooMany {
            card: *card,
            deck: *deck,
        }),
        None => Ok(()),
    }
}

/// R-GN-14: the round's result from entered layouts and who went out first,
/// the same as the digital game's (`round_scores`).
pub fn score_round(layouts: &[[Card; 9]], out: Seat) -> Result<RoundResult, Error> {
    check_round(layouts, out)?;
    let (before, scores) = round_scores(layouts, out);
    Ok(RoundResult {
        layouts: layouts.to_vec(),
        out,
        before,
        scores,
    })
}

/// The next position still empty after `from` (reading order, layout by
/// layout, round again from the first), if any.
fn next_empty(layouts: &[[Option<Card>; 9]], from: (Seat, usize)) -> Option<(Seat, usize)> {
    let n = layouts.len() * 9;
    let start = from.0 * 9 + from.1;
    (1..=n)
        .map(|k| (start + k) % n)
        .map(|i| (i / 9, i % 9))
        .find(|&(s, p)| layouts[s][p].is_none())
}

impl Gnoming {
    /// The layouts as entered (None: not yet).
    fn entered(&self) -> Vec<[Option<Card>; 9]> {
        self.layouts
            .iter()
            .map(|l| l.map(|s| s.up.then_some(s.card)))
            .collect()
    }

    /// R-GN-14: a round with real cards begins: nothing entered, the first
    /// player rotating as in a dealt round (R-GN-2).
    pub(super) fn begin_entry(&mut self, events: &mut Vec<Event>) {
        let n = self.seats();
        self.layouts = vec![[EMPTY; 9]; n];
        self.first = self.round % n;
        self.turn = self.first;
        self.out = None;
        self.stage = Stage::Entry { at: Some((0, 0)) };
        events.push(Event::Began {
            round: self.round,
            first: self.first,
        });
    }

    /// The entry's legal actions, the one source of its legality.
    pub(super) fn entry_actions(&self, at: Option<(Seat, usize)>) -> Vec<super::Action> {
        use super::Action;
        let n = self.seats();
        let layouts = self.entered();
        let mut out: Vec<Action> = (0..n)
            .flat_map(|seat| (0..9).map(move |pos| (seat, pos)))
            .filter(|&c| Some(c) != at)
            .map(|(seat, pos)| Action::Mark { seat, pos })
            .collect();
        if let Some(at) = at {
            out.extend(
                cards()
                    .filter(|&card| check_card(&layouts, at, card).is_ok())
                    .map(|card| Action::Enter { card }),
            );
        }
        out.extend(
            (0..n)
                .filter(|&s| self.out != Some(s))
                .map(|seat| Action::Out { seat }),
        );
        let complete = layouts.iter().flatten().all(Option::is_some);
        if complete
            && self
                .out
                .is_some_and(|o| check_round(&self.entered_cards(), o).is_ok())
        {
            out.push(Action::Score);
        }
        out
    }

    /// Why an entry the legal list lacks is refused (R-GN-14): the reasons
    /// of a round played with real cards, after the turn.
    pub(super) fn refuse_entry(&self, action: super::Action) -> Result<(), Error> {
        use super::Action;
        let Stage::Entry { at } = self.stage else {
            return Err(Error::NotNow);
        };
        let n = self.seats();
        match action {
            Action::Mark { seat, pos } => {
                if seat >= n {
                    return Err(Error::NoSuchSeat);
                }
                if at == Some((seat, Self::position(pos)?)) {
                    return Err(Error::NotNow);
                }
            }
            Action::Enter { card } => check_card(&self.entered(), at.ok_or(Error::NoMark)?, card)?,
            Action::Out { seat } => {
                if seat >= n {
                    return Err(Error::NoSuchSeat);
                }
                if self.out == Some(seat) {
                    return Err(Error::NotNow);
                }
            }
            Action::Score => {
                for (seat, l) in self.layouts.iter().enumerate() {
                    if let Some(pos) = l.iter().position(|s| !s.up) {
                        return Err(Error::Unfinished { seat, pos });
                    }
                }
                check_round(&self.entered_cards(), self.out.ok_or(Error::NoOut)?)?;
            }
            _ => return Err(Error::NotNow),
        }
        Ok(())
    }

    /// The layouts, every position entered.
    fn entered_cards(&self) -> Vec<[Card; 9]> {
        self.layouts.iter().map(|l| l.map(|s| s.card)).collect()
    }

    /// R-GN-14: one legal step of the entry of a round played with real
    /// cards.
    pub(super) fn act_entry(&mut self, action: super::Action) -> Vec<Event> {
        use super::Action;
        let mut events = Vec::new();
        let Stage::Entry { at } = self.stage else {
            return events;
        };
        match action {
            Action::Mark { seat, pos } => {
                self.stage = Stage::Entry {
                    at: Some((seat, pos)),
                };
                events.push(Event::Marked { seat, pos });
            }
            Action::Enter { card } => {
                let Some((seat, pos)) = at else {
                    return events;
                };
                let mut layouts = self.entered();
                self.layouts[seat][pos] = Slot { card, up: true };
                layouts[seat][pos] = Some(card);
                self.stage = Stage::Entry {
                    at: next_empty(&layouts, (seat, pos)),
                };
                events.push(Event::Entered { seat, pos, card });
            }
            Action::Out { seat } => {
                self.out = Some(seat);
                events.push(Event::ChoseOut { seat });
            }
            Action::Score => {
                let Some(out) = self.out else {
                    return events;
                };
                let Ok(r) = score_round(&self.entered_cards(), out) else {
                    return events;
                };
                for (t, s) in self.totals.iter_mut().zip(&r.scores) {
                    *t += s;
                }
                events.push(Event::RoundOver {
                    round: self.round,
                    layouts: r.layouts.clone(),
                    before: r.before.clone(),
                    scores: r.scores.clone(),
                });
                self.results.push(r);
                if self.round + 1 == ROUNDS {
                    self.stage = Stage::Over;
                    events.push(Event::GameOver);
                } else {
                    self.round += 1;
                    self.begin_entry(&mut events);
                }
            }
            // Not legal: `apply` refuses it before it comes here.
            _ => {}
        }
        events
    }

    /// The invariants of a game with real cards: no pile, no hand, the
    /// entries within the deck, the totals the rounds' sums.
    pub(super) fn check_entry(&self) -> Result<(), String> {
        if !self.draw.is_empty()
            || self.piles.iter().any(|p| !p.is_empty())
            || self.hand.is_some()
            || !self.removed.is_empty()
        {
            return Err("real cards, but the app holds cards".into());
        }
        let n = counts(self.entered().iter(), None);
        if DECK.iter().zip(n).any(|((_, deck), got)| got > *deck) {
            return Err(format!("more cards entered than the deck holds: {n:?}"));
        }
        let done = matches!(self.stage, Stage::Over);
        if !done && !matches!(self.stage, Stage::Entry { .. }) {
            return Err(format!("stage {:?} with real cards", self.stage));
        }
        if self.results.len() != self.round + done as usize {
            return Err("rounds scored differ from the round".into());
        }
        let mut totals = vec![0; self.seats()];
        for r in &self.results {
            let (_, scores) = round_scores(&r.layouts, r.out);
            if scores != r.scores {
                return Err("a round's scores differ from its layouts".into());
            }
            for (t, s) in totals.iter_mut().zip(&r.scores) {
                *t += s;
            }
        }
        if totals != self.totals {
            return Err("totals differ from the rounds' scores".into());
        }
        Ok(())
    }
}

/// A seat entering a round for the simulations and property tests (no
/// computer seat plays with real cards): cards the deck still holds, at
/// random (`rng`) or the first in the deck table's order, then the player
/// who went out, then the score.
pub fn fill(view: &View, rng: Option<&mut Rng>) -> super::Action {
    use super::Action;
    let Stage::Entry { at } = view.stage else {
        return Action::Score;
    };
    if let Some(at) = at {
        let open: Vec<Card> = cards()
            .filter(|&c| check_card(&view.layouts, at, c).is_ok())
            .collect();
        let k = rng.map_or(0, |r| r.below(open.len() as u64) as usize);
        return Action::Enter { card: open[k] };
    }
    if let Some(seat) = (0..view.seats()).find(|&s| view.layouts[s].contains(&None)) {
        let pos = view.layouts[seat]
            .iter()
            .position(Option::is_none)
            .unwrap_or(0);
        return Action::Mark { seat, pos };
    }
    match view.out {
        None => Action::Out {
            seat: view.round % view.seats(),
        },
        Some(_) => Action::Score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Card::{Hazard as H, Mulligan as M, Value as V};

    #[test]
    fn r_gn_14_the_ruling_example_scores_minus_3_and_going_out_first_counts() {
        // R-GN-11's example: M 5 5 / 8 1 2 / 8 3 4 = -3.
        let a = [M, V(5), V(5), V(8), V(1), V(2), V(8), V(3), V(4)];
        let b = [V(2), V(2), V(9), V(10), V(11), V(12), V(-1), V(7), V(7)];
        let r = score_round(&[a, b], 0).unwrap();
        assert_eq!(r.before, vec![-3, 59]);
        // A went out first with the lowest score: -5 (R-GN-9).
        assert_eq!(r.scores, vec![-8, 59]);
        // B going out first with the higher score: +5.
        let r = score_round(&[a, b], 1).unwrap();
        assert_eq!(r.scores, vec![-3, 64]);
    }

    #[test]
    fn r_gn_14_two_mulligans_and_a_hazard_score_as_the_digital_round() {
        let a = [M, V(6), M, V(3), V(3), V(3), H, V(-2), V(12)];
        let b = [V(4), V(4), V(4), V(-5), V(1), V(9), V(9), V(9), V(11)];
        let c = [V(7), V(7), V(7), V(7), V(7), V(7), V(10), V(10), V(-1)];
        let round = [a, b, c];
        let r = score_round(&round, 2).unwrap();
        assert_eq!(
            (r.before.clone(), r.scores.clone()),
            round_scores(&round, 2)
        );
        // a: row M 6 M matches at 6 (-6); row of 3s (-3); H +10, -2, 12.
        assert_eq!(r.before[0], -6 - 3 + 10 - 2 + 12);
    }

    #[test]
    fn r_gn_14_an_entry_no_deck_could_hold_is_refused_with_the_reason() {
        let ones = [V(1); 9];
        let twos = [V(2); 9];
        // Nine 1s: the deck has seven.
        assert_eq!(
            check_round(&[ones, twos], 0),
            Err(Error::TooMany {
                card: V(1),
                deck: 7
            })
        );
        let mut a = [V(3), V(4), V(5), V(6), V(7), V(8), V(9), V(10), V(11)];
        let mut b = a;
        assert_eq!(check_round(&[a, b], 0), Ok(()));
        // Four Mulligans across the layouts: the deck has three.
        a[0] = M;
        a[1] = M;
        b[0] = M;
        b[1] = M;
        assert_eq!(
            check_round(&[a, b], 0),
            Err(Error::TooMany { card: M, deck: 3 })
        );
        // No 0, no 13, no -6.
        let fine = [V(3), V(4), V(5), V(6), V(7), V(8), V(9), V(10), V(11)];
        for bad in [V(0), V(13), V(-6)] {
            let mut c = fine;
            c[4] = bad;
            assert_eq!(check_round(&[fine, c], 1), Err(Error::NoSuchCard));
        }
        assert_eq!(check_round(&[twos], 0), Err(Error::NoSuchSeat));
        assert_eq!(check_round(&[fine, fine], 2), Err(Error::NoSuchSeat));
    }

    #[test]
    fn the_mark_moves_on_to_the_next_empty_position_and_round_again() {
        let mut l = vec![[None; 9]; 2];
        assert_eq!(next_empty(&l, (0, 0)), Some((0, 1)));
        l[0][1] = Some(V(1));
        assert_eq!(next_empty(&l, (0, 0)), Some((0, 2)));
        assert_eq!(next_empty(&l, (1, 8)), Some((0, 0)));
        for (s, layout) in l.iter_mut().enumerate() {
            *layout = [Some(V(2 + s as i8)); 9];
        }
        l[0][3] = None;
        assert_eq!(next_empty(&l, (1, 5)), Some((0, 3)));
        l[0][3] = Some(V(4));
        assert_eq!(next_empty(&l, (0, 3)), None);
    }
}
