//! How a round of Gnoming A Round moves: the deal, each legal move (`act`)
//! and the reasons an illegal one is refused (`refuse`), the end of a turn
//! and of a round (R-GN-2 to R-GN-13); a round with real cards is `real`'s.

use super::*;

impl Gnoming {
    pub(super) fn seats(&self) -> usize {
        self.layouts.len()
    }

    pub(super) fn hidden(&self, seat: Seat) -> usize {
        self.layouts[seat].iter().filter(|s| !s.up).count()
    }

    pub(super) fn mulligan_fits(&self, seat: Seat, pos: usize) -> bool {
        mulligans_elsewhere(
            self.layouts[seat]
                .iter()
                .map(|s| s.up && s.card == Mulligan),
            pos,
        ) == 0
    }

    pub(super) fn piles_open(&self) -> Vec<usize> {
        legal_piles([self.piles[0].is_empty(), self.piles[1].is_empty()])
    }

    /// Whether the card can go anywhere in `seat`'s layout.
    pub(super) fn placeable(&self, seat: Seat, card: Card) -> bool {
        card != Mulligan || (0..9).any(|p| self.mulligan_fits(seat, p))
    }

    /// R-GN-2: shuffle all 110 cards, deal nine face down to each player,
    /// start both discard piles (a Hazard turned up there leaves the game and
    /// is replaced, R-GN-13); the first player rotates each round.
    pub(super) fn deal(&mut self, events: &mut Vec<Event>) {
        let n = self.seats();
        let mut cards = deck();
        self.rng.shuffle(&mut cards);
        let mut layouts = Vec::with_capacity(n);
        for _ in 0..n {
            let mut l = [Slot {
                card: Mulligan,
                up: false,
            }; 9];
            for s in l.iter_mut() {
                s.card = cards.pop().expect("110 cards deal up to 7 layouts");
            }
            layouts.push(l);
        }
        let mut removed = Vec::new();
        let mut piles = [Vec::new(), Vec::new()];
        for pile in piles.iter_mut() {
            loop {
                let c = cards.pop().expect("cards left for the piles");
                if c == Hazard {
                    removed.push(c);
                } else {
                    pile.push(c);
                    break;
                }
            }
        }
        self.first = self.round % n;
        self.turn = self.first;
        self.stage = Stage::Opening {
            seat: self.first,
            left: 2,
        };
        self.layouts = layouts;
        self.draw = cards;
        events.push(Event::Dealt {
            round: self.round,
            first: self.first,
            piles: [piles[0][0], piles[1][0]],
            removed: removed.clone(),
            layouts: self.layouts.iter().map(|l| l.map(|s| s.card)).collect(),
            draw: self.draw.clone(),
        });
        self.piles = piles;
        self.removed = removed;
        self.hand = None;
        self.out = None;
        self.last_turns = 0;
        self.turns = 0;
    }

    /// R-GN-7: an empty draw pile is made from the discards but the two tops.
    pub(super) fn refill(&mut self, events: &mut Vec<Event>) {
        if !self.draw.is_empty() {
            return;
        }
        let mut cards = Vec::new();
        for pile in self.piles.iter_mut() {
            if pile.len() > 1 {
                let top = pile.pop().expect("a top");
                cards.append(pile);
                pile.push(top);
            }
        }
        if cards.is_empty() {
            return;
        }
        self.rng.shuffle(&mut cards);
        self.draw = cards;
        events.push(Event::Reshuffled {
            count: self.draw.len(),
            draw: self.draw.clone(),
        });
    }

    pub(super) fn position(pos: usize) -> Result<usize, Error> {
        if pos < 9 {
            Ok(pos)
        } else {
            Err(Error::NoSuchPosition)
        }
    }

    /// Puts `card` (in hand) at `pos` of the turn player's layout; the card
    /// there goes into the hand, turned up if it was face down, and may
    /// bounce (R-GN-6, R-GN-12).
    pub(super) fn put(&mut self, pos: usize, card: Card, bounce: bool, events: &mut Vec<Event>) {
        let seat = self.turn;
        let old = self.layouts[seat][pos];
        self.layouts[seat][pos] = Slot { card, up: true };
        self.hand = Some(old.card);
        events.push(if bounce {
            Event::Bounced { seat, pos, card }
        } else {
            Event::Placed { seat, pos, card }
        });
        if old.up {
            events.push(Event::Displaced {
                seat,
                pos,
                card: old.card,
            });
            self.discard_displaced(events);
            return;
        }
        events.push(Event::TurnedUp {
            seat,
            pos,
            card: old.card,
        });
        let matches = old.card.positive().is_some_and(|v| {
            self.layouts[seat]
                .iter()
                .any(|s| s.up && s.card == Value(v))
        });
        if matches {
            self.stage = Stage::Bounce { from: pos };
        } else {
            self.discard_displaced(events);
        }
    }

    /// The card in hand ends the chain: a Hazard leaves the game, a card with
    /// only one pile open goes there, otherwise the player chooses.
    pub(super) fn discard_displaced(&mut self, events: &mut Vec<Event>) {
        if self.hand == Some(Hazard) {
            self.remove(events);
            return;
        }
        let open = self.piles_open();
        if open.len() == 1 {
            self.discard(open[0], events);
        } else {
            self.stage = Stage::Discard;
        }
    }

    pub(super) fn discard(&mut self, pile: usize, events: &mut Vec<Event>) {
        let card = self.hand.take().expect("a card in hand");
        self.piles[pile].push(card);
        events.push(Event::Discarded {
            seat: self.turn,
            pile,
            card,
        });
        self.end_turn(events);
    }

    /// R-GN-4, R-GN-13: a discarded Hazard leaves the game; every other player
    /// with at least two face-down cards, in turn, may turn one up.
    pub(super) fn remove(&mut self, events: &mut Vec<Event>) {
        let card = self.hand.take().expect("a Hazard in hand");
        self.removed.push(card);
        events.push(Event::Removed { seat: self.turn });
        let n = self.seats();
        let queue: Vec<Seat> = (1..n)
            .map(|k| (self.turn + k) % n)
            .filter(|&s| self.hidden(s) >= 2)
            .collect();
        if queue.is_empty() {
            self.end_turn(events);
        } else {
            self.stage = Stage::Flips { queue };
        }
    }

    /// R-GN-8: the turn is over; going out, the last turns, the round's end.
    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let seat = self.turn;
        self.turns += 1;
        if self.out.is_none() {
            if self.hidden(seat) == 0 {
                self.out = Some(seat);
                self.last_turns = self.seats() - 1;
                events.push(Event::WentOut { seat });
            }
        } else {
            self.last_turns -= 1;
        }
        if self.out.is_some() && self.last_turns == 0 {
            self.end_round(events);
        } else {
            self.turn = (seat + 1) % self.seats();
            self.stage = Stage::Start;
        }
    }

    /// R-GN-8, R-GN-9: every face-down card is turned up, unchanged, and the
    /// round scored; then the next round is dealt or the game is over.
    pub(super) fn end_round(&mut self, events: &mut Vec<Event>) {
        for l in self.layouts.iter_mut() {
            for s in l.iter_mut() {
                s.up = true;
            }
        }
        let layouts: Vec<[Card; 9]> = self.layouts.iter().map(|l| l.map(|s| s.card)).collect();
        let out = self.out.expect("a round ends after someone went out");
        let (before, scores) = round_scores(&layouts, out);
        for (t, s) in self.totals.iter_mut().zip(&scores) {
            *t += s;
        }
        events.push(Event::RoundOver {
            round: self.round,
            layouts: layouts.clone(),
            before: before.clone(),
            scores: scores.clone(),
        });
        self.results.push(RoundResult {
            layouts,
            out,
            before,
            scores,
        });
        if self.round + 1 == ROUNDS {
            self.stage = Stage::Over;
            events.push(Event::GameOver);
        } else {
            self.round += 1;
            self.deal(events);
        }
    }

    /// Why an action the legal list lacks is refused, in digital play:
    /// Gnoming's own reasons, after the turn (`Game::refusal`).
    pub(super) fn refuse(&self, seat: Seat, action: Action) -> Result<(), Error> {
        match (&self.stage, action) {
            (Stage::Opening { seat: s, .. }, Action::Reveal { pos }) => {
                if self.layouts[*s][Self::position(pos)?].up {
                    return Err(Error::FaceUp);
                }
            }
            (Stage::Start, Action::Draw) if self.draw.is_empty() => return Err(Error::EmptyDraw),
            (Stage::Start, Action::Take { pile }) => {
                let top = *self
                    .piles
                    .get(pile)
                    .ok_or(Error::NoSuchPile)?
                    .last()
                    .ok_or(Error::EmptyPile)?;
                if !self.placeable(seat, top) {
                    return Err(Error::MulliganLimit);
                }
            }
            (Stage::Hand { .. }, Action::Place { pos }) => {
                let pos = Self::position(pos)?;
                if self.hand == Some(Mulligan) && !self.mulligan_fits(seat, pos) {
                    return Err(Error::MulliganLimit);
                }
            }
            (Stage::Hand { from_pile: true }, Action::Discard { .. } | Action::Remove) => {
                return Err(Error::MustPlace)
            }
            (Stage::Hand { from_pile: false }, Action::Remove) if self.hand != Some(Hazard) => {
                return Err(Error::NotAHazard)
            }
            (
                Stage::Hand { from_pile: false } | Stage::Bounce { .. } | Stage::Discard,
                Action::Discard { pile },
            ) => {
                if pile > 1 {
                    return Err(Error::NoSuchPile);
                }
                if self.hand == Some(Hazard) {
                    return Err(Error::HazardLeaves);
                }
                let open = self.piles_open();
                if !open.contains(&pile) {
                    return Err(Error::RestartPile { pile: open[0] });
                }
            }
            (Stage::Bounce { from }, Action::Bounce { pos }) => {
                if Self::position(pos)? == *from {
                    return Err(Error::BounceBack);
                }
            }
            (Stage::Flips { .. }, Action::Flip { pos }) => {
                if self.layouts[seat][Self::position(pos)?].up {
                    return Err(Error::FaceUp);
                }
                if self.hidden(seat) < 2 {
                    return Err(Error::LastCard);
                }
            }
            (Stage::Flips { .. }, Action::Decline) => {}
            (Stage::Start, Action::Draw) | (Stage::Hand { from_pile: false }, Action::Remove) => {}
            _ => return Err(Error::NotNow),
        }
        Ok(())
    }

    /// Plays a legal action in digital play.
    pub(super) fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        let mut events = Vec::new();
        match (self.stage.clone(), action) {
            (Stage::Opening { seat: s, left }, Action::Reveal { pos }) => {
                let slot = &mut self.layouts[s][pos];
                slot.up = true;
                events.push(Event::Revealed {
                    seat,
                    pos,
                    card: slot.card,
                });
                if left > 1 {
                    self.stage = Stage::Opening {
                        seat: s,
                        left: left - 1,
                    };
                } else {
                    let next = (s + 1) % self.seats();
                    if next == self.first {
                        self.turn = self.first;
                        self.stage = Stage::Start;
                    } else {
                        self.turn = next;
                        self.stage = Stage::Opening {
                            seat: next,
                            left: 2,
                        };
                    }
                }
            }
            (Stage::Start, Action::Draw) => {
                let Some(card) = self.draw.pop() else {
                    return events;
                };
                self.hand = Some(card);
                self.stage = Stage::Hand { from_pile: false };
                events.push(Event::Drew { seat, card });
                self.refill(&mut events);
            }
            (Stage::Start, Action::Take { pile }) => {
                let Some(top) = self.piles[pile].pop() else {
                    return events;
                };
                self.hand = Some(top);
                self.stage = Stage::Hand { from_pile: true };
                events.push(Event::Took {
                    seat,
                    pile,
                    card: top,
                });
            }
            (Stage::Hand { .. }, Action::Place { pos }) => {
                let card = self.hand.expect("a card in hand");
                self.put(pos, card, false, &mut events);
            }
            (Stage::Hand { from_pile: false }, Action::Remove) => self.remove(&mut events),
            (
                Stage::Hand { from_pile: false } | Stage::Bounce { .. } | Stage::Discard,
                Action::Discard { pile },
            ) => self.discard(pile, &mut events),
            (Stage::Bounce { .. }, Action::Bounce { pos }) => {
                let card = self.hand.expect("the bouncing card");
                self.put(pos, card, true, &mut events);
            }
            (Stage::Flips { mut queue }, Action::Flip { .. } | Action::Decline) => {
                if let Action::Flip { pos } = action {
                    self.layouts[seat][pos].up = true;
                    events.push(Event::Flipped {
                        seat,
                        pos,
                        card: self.layouts[seat][pos].card,
                    });
                } else {
                    events.push(Event::Declined { seat });
                }
                queue.remove(0);
                if queue.is_empty() {
                    self.end_turn(&mut events);
                } else {
                    self.stage = Stage::Flips { queue };
                }
            }
            // Not legal: `apply` refuses it before it comes here.
            _ => {}
        }
        events
    }

    /// A full state consistent with a seat's `view` in play, for
    /// determinized search: `hidden` fills, in this order, every face-down
    /// position (seat by seat, position by position), the draw pile (bottom
    /// first, top last) and the cards under each discard pile's top (pile 0
    /// then 1, bottom first); `seed` drives the deals and reshuffles to
    /// come. None when the cards do not add up to the deck (R-GN-1), a
    /// Hazard lies under a pile's top, or in a Hazard's flips or entry,
    /// whose state the view does not carry whole.
    #[doc(hidden)]
    pub fn determinized(view: &View, hidden: &[Card], seed: u64) -> Option<Self> {
        if matches!(view.stage, Stage::Flips { .. } | Stage::Entry { .. }) {
            return None;
        }
        let mut rest = hidden.iter().copied();
        let mut layouts = Vec::with_capacity(view.seats());
        for l in &view.layouts {
            let mut slots = [Slot {
                card: Mulligan,
                up: true,
            }; 9];
            for (slot, shown) in slots.iter_mut().zip(l) {
                *slot = match shown {
                    Some(card) => Slot {
                        card: *card,
                        up: true,
                    },
                    None => Slot {
                        card: rest.next()?,
                        up: false,
                    },
                };
            }
            layouts.push(slots);
        }
        let draw: Vec<Card> = rest.by_ref().take(view.draw).collect();
        let mut piles = [Vec::new(), Vec::new()];
        for (p, pile) in piles.iter_mut().enumerate() {
            if let Some(top) = view.piles[p] {
                pile.extend(rest.by_ref().take(view.pile_sizes[p].saturating_sub(1)));
                pile.push(top);
            }
        }
        if rest.next().is_some() || draw.len() != view.draw {
            return None;
        }
        let game = Gnoming {
            rng: Rng::new(seed),
            round: view.round,
            first: view.first,
            turn: view.turn,
            stage: view.stage.clone(),
            draw,
            piles,
            layouts,
            hand: view.hand,
            removed: vec![Hazard; view.removed],
            out: view.out,
            last_turns: view.last_turns,
            turns: view.turns,
            results: view.results.clone(),
            totals: view.totals.clone(),
            real: false,
        };
        let sizes = [game.piles[0].len(), game.piles[1].len()];
        (sizes == view.pile_sizes && game.check_invariants().is_ok()).then_some(game)
    }

    /// Every card where it is: draw pile, piles, layouts, hand, removed.
    pub(super) fn all_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.draw
            .iter()
            .chain(self.piles.iter().flatten())
            .copied()
            .chain(self.layouts.iter().flatten().map(|s| s.card))
            .chain(self.hand)
            .chain(self.removed.iter().copied())
    }
}
