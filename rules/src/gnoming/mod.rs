//! Gnoming A Round (seeds/003_a89aced05ac1b360.txt, rulings R-GN-1..14).
//!
//! Golf with cards: every player has a 3x3 layout, face down at the start,
//! and replaces cards with cards drawn or taken from two discard piles to end
//! each of three rounds with the lowest score. Rows and columns of three
//! matching positive cards score minus their value, Mulligans are wild,
//! Hazards cost 10 and, discarded, let every other player turn up a card. A
//! face-down card replaced may "bounce" into another position when it matches.
//!
//! Nobody knows a face-down card, not even its owner, nor the draw pile's
//! order; everything else is on the table. The card in hand is shown to
//! everyone (it ends face up on a layout or a pile anyway).

use crate::contract::{
    rank_by_key, require_turn, Coach, ComputerPlayer, Evaluation, Figure, Game, Level, OptionKind,
    OptionSpec, Outcome, RealDice, RuleError, Seat, Shared, Simulate, Verify,
};
use crate::rng::{check_prng_hidden, Rng};
use serde::{Deserialize, Serialize};
use std::fmt;

mod cards;
mod moves;
pub mod real;
#[cfg(test)]
mod tests;

use cards::Card::{Hazard, Mulligan, Value};
pub use cards::*;

/// One position of a layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub card: Card,
    pub up: bool,
}

/// A player's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// The opening: turn up one of your own face-down cards (two each).
    Reveal { pos: usize },
    /// Take the top of the draw pile.
    Draw,
    /// Take the top of discard pile 0 or 1 (it must then be placed).
    Take { pile: usize },
    /// Put the card in hand at a position of your layout; the card there is
    /// displaced (turned up first if face down, R-GN-6).
    Place { pos: usize },
    /// Bounce the turned-up card in hand to another position (R-GN-12).
    Bounce { pos: usize },
    /// Put the card in hand on discard pile 0 or 1 (R-GN-4); after a turned-up
    /// card that could bounce, this stops the chain.
    Discard { pile: usize },
    /// Discard the Hazard in hand: it leaves the game (R-GN-4).
    Remove,
    /// After someone discarded a Hazard: turn up one of your face-down cards.
    Flip { pos: usize },
    /// After someone discarded a Hazard: turn up nothing.
    Decline,
    /// R-GN-14, real cards: mark the position of `seat`'s layout the next
    /// card entered goes to.
    Mark { seat: Seat, pos: usize },
    /// R-GN-14: the card at the marked position; the mark moves on to the
    /// next position still empty.
    Enter { card: Card },
    /// R-GN-14: who went out first this round.
    Out { seat: Seat },
    /// R-GN-14: every layout and who went out are entered: score the round.
    Score,
}

/// Who decides what now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The opening: `seat` turns up `left` more of its cards.
    Opening { seat: Seat, left: usize },
    /// The player whose turn it is draws or takes.
    Start,
    /// The player holds the card drawn or taken: place it or, only when it
    /// came from the draw pile, discard it.
    Hand { from_pile: bool },
    /// The card in hand was turned up by a replacement and may bounce
    /// (R-GN-6); it may not go back to `from`.
    Bounce { from: usize },
    /// The displaced card in hand goes on a pile of the player's choice.
    Discard,
    /// A Hazard was discarded: these players, in turn, may turn up a card.
    Flips { queue: Vec<Seat> },
    /// R-GN-14, real cards: the round is played on the table and its final
    /// layouts are being entered; the next card goes to `at` (a seat and a
    /// position), if any.
    Entry { at: Option<(Seat, usize)> },
    /// The third round is scored.
    Over,
}

/// What an action caused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A round begins (R-GN-2): the deal (face-down layouts and the draw pile
    /// from the bottom up) is told to no seat, only to a replay trace.
    Dealt {
        round: usize,
        first: Seat,
        piles: [Card; 2],
        /// Hazards turned up while the piles were started (R-GN-13).
        removed: Vec<Card>,
        layouts: Vec<[Card; 9]>,
        draw: Vec<Card>,
    },
    /// A card turned up in the opening.
    Revealed {
        seat: Seat,
        pos: usize,
        card: Card,
    },
    Drew {
        seat: Seat,
        card: Card,
    },
    Took {
        seat: Seat,
        pile: usize,
        card: Card,
    },
    Placed {
        seat: Seat,
        pos: usize,
        card: Card,
    },
    /// A face-down card replaced is turned up (R-GN-6).
    TurnedUp {
        seat: Seat,
        pos: usize,
        card: Card,
    },
    /// A face-up card replaced.
    Displaced {
        seat: Seat,
        pos: usize,
        card: Card,
    },
    Bounced {
        seat: Seat,
        pos: usize,
        card: Card,
    },
    Discarded {
        seat: Seat,
        pile: usize,
        card: Card,
    },
    /// A Hazard discarded leaves the game (R-GN-4).
    Removed {
        seat: Seat,
    },
    Flipped {
        seat: Seat,
        pos: usize,
        card: Card,
    },
    Declined {
        seat: Seat,
    },
    /// R-GN-7: the discards but the two tops became the draw pile, in this
    /// order from the bottom up (told to no seat, only to a replay trace).
    Reshuffled {
        count: usize,
        draw: Vec<Card>,
    },
    /// R-GN-8: no face-down card left; everyone else has one more turn.
    WentOut {
        seat: Seat,
    },
    /// R-GN-14: a round with real cards begins; `first` plays first.
    Began {
        round: usize,
        first: Seat,
    },
    /// R-GN-14: the position the next card entered goes to.
    Marked {
        seat: Seat,
        pos: usize,
    },
    /// R-GN-14: a card of a final layout entered.
    Entered {
        seat: Seat,
        pos: usize,
        card: Card,
    },
    /// R-GN-14: who went out first, as entered.
    ChoseOut {
        seat: Seat,
    },
    /// The round is over: every layout turned up and scored.
    RoundOver {
        round: usize,
        layouts: Vec<[Card; 9]>,
        before: Vec<i64>,
        scores: Vec<i64>,
    },
    GameOver,
}

/// Why an action is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Error {
    /// That kind of action does not fit this moment of the turn.
    NotNow,
    /// Positions are 0..8.
    NoSuchPosition,
    /// That card is already face up.
    FaceUp,
    /// Piles are 0 and 1.
    NoSuchPile,
    /// That discard pile is empty.
    EmptyPile,
    /// The draw pile is empty.
    EmptyDraw,
    /// R-GN-3: a card taken from a discard pile must be placed.
    MustPlace,
    /// R-GN-5, R-GN-13: a second face-up Mulligan may only replace the first.
    MulliganLimit,
    /// R-GN-13: the empty pile must be restarted with the discard.
    RestartPile { pile: usize },
    /// R-GN-4: a Hazard leaves the game instead of going on a pile.
    HazardLeaves,
    /// Only a Hazard is removed from the game.
    NotAHazard,
    /// R-GN-12: a bouncing card cannot go back where it came from.
    BounceBack,
    /// R-GN-4: a Hazard never turns up a player's last face-down card.
    LastCard,
    /// R-GN-14: no position is marked for the card entered.
    NoMark,
    /// R-GN-14: a card the deck does not have (values -5 to 12, no 0).
    NoSuchCard,
    /// R-GN-14, R-GN-1: the deck holds `deck` of `card`, and the layouts
    /// entered would hold more.
    TooMany { card: Card, deck: usize },
    /// R-GN-14: no such player in this game.
    NoSuchSeat,
    /// R-GN-14: a position of a layout is still empty.
    Unfinished { seat: Seat, pos: usize },
    /// R-GN-14: who went out first is not entered yet.
    NoOut,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::NotNow => "That is not possible at this moment of the turn.",
            Error::NoSuchPosition => "A layout has positions 0 to 8.",
            Error::FaceUp => "That card is already face up.",
            Error::NoSuchPile => "The discard piles are 0 and 1.",
            Error::EmptyPile => "That discard pile is empty.",
            Error::EmptyDraw => "The draw pile is empty.",
            Error::MustPlace => "A card taken from a discard pile must be placed.",
            Error::MulliganLimit => {
                "A layout may hold only one face-up Mulligan: place it over the other one."
            }
            Error::RestartPile { .. } => "The empty discard pile must be restarted first.",
            Error::HazardLeaves => "A Hazard does not go on a pile: it leaves the game.",
            Error::NotAHazard => "Only a Hazard leaves the game.",
            Error::BounceBack => "A bouncing card cannot go back where it came from.",
            Error::LastCard => "A Hazard never turns up a player's last face-down card.",
            Error::NoMark => "Mark the position the card goes to first.",
            Error::NoSuchCard => "The deck has the values -5 to 12 (no 0), Mulligans and Hazards.",
            Error::TooMany { card, deck } => {
                return write!(f, "The deck holds only {deck} × {card}.");
            }
            Error::NoSuchSeat => "There is no such player in this game.",
            Error::Unfinished { seat, pos } => {
                return write!(
                    f,
                    "Player {}'s position {} is still empty.",
                    seat + 1,
                    pos + 1
                );
            }
            Error::NoOut => "Enter who went out first.",
        })
    }
}

/// A finished round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Every layout, all cards turned up.
    pub layouts: Vec<[Card; 9]>,
    /// Who went out first.
    pub out: Seat,
    /// Scores before the going-out bonus.
    pub before: Vec<i64>,
    pub scores: Vec<i64>,
}

/// What every seat sees: no face-down card, no order of the draw pile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The current round from 0 (the last, 2, once the game is over).
    pub round: usize,
    pub first: Seat,
    /// Whose turn it is (also during the opening and Hazard flips).
    pub turn: Seat,
    pub stage: Stage,
    /// Face-up cards; None is face down.
    pub layouts: Vec<[Option<Card>; 9]>,
    pub draw: usize,
    /// Each discard pile's top card and size.
    pub piles: [Option<Card>; 2],
    pub pile_sizes: [usize; 2],
    pub hand: Option<Card>,
    /// Hazards out of the game this round.
    pub removed: usize,
    pub out: Option<Seat>,
    /// Turns left before the round ends, once someone went out.
    pub last_turns: usize,
    /// Turns played this round.
    pub turns: u32,
    pub results: Vec<RoundResult>,
    pub totals: Vec<i64>,
    /// Only in a replay's open view (`Game::open_view`), empty in play: each
    /// seat's face-down cards (None where the card is face up).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_down: Vec<[Option<Card>; 9]>,
    /// Only in a replay's open view: the draw pile's top card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_draw: Option<Card>,
}

impl View {
    pub fn seats(&self) -> usize {
        self.layouts.len()
    }

    /// Face-down cards of `seat`.
    pub fn hidden(&self, seat: Seat) -> usize {
        self.layouts[seat].iter().filter(|c| c.is_none()).count()
    }

    /// Whether `seat` may put a Mulligan at `pos` (R-GN-13).
    pub fn mulligan_fits(&self, seat: Seat, pos: usize) -> bool {
        mulligans_elsewhere(self.layouts[seat].iter().map(|c| *c == Some(Mulligan)), pos) == 0
    }

    /// The piles a discard may go on now (R-GN-4, R-GN-13).
    pub fn discard_piles(&self) -> Vec<usize> {
        legal_piles([self.pile_sizes[0] == 0, self.pile_sizes[1] == 0])
    }
}

fn mulligans_elsewhere(is_mulligan: impl Iterator<Item = bool>, pos: usize) -> usize {
    is_mulligan
        .enumerate()
        .filter(|&(p, m)| m && p != pos)
        .count()
}

fn legal_piles(empty: [bool; 2]) -> Vec<usize> {
    match empty {
        [true, false] => vec![0],
        [false, true] => vec![1],
        _ => vec![0, 1],
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gnoming {
    rng: Rng,
    round: usize,
    first: Seat,
    turn: Seat,
    stage: Stage,
    /// Top last.
    draw: Vec<Card>,
    piles: [Vec<Card>; 2],
    layouts: Vec<[Slot; 9]>,
    hand: Option<Card>,
    removed: Vec<Card>,
    out: Option<Seat>,
    last_turns: usize,
    turns: u32,
    results: Vec<RoundResult>,
    totals: Vec<i64>,
    /// R-GN-14: played with real cards; the app only scores the rounds.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    real: bool,
}

impl Game for Gnoming {
    type Action = Action;
    type Event = Event;
    type Options = Options;
    type View = View;
    type Error = Error;

    const ID: &'static str = "gnoming";
    /// R-GN-10: the box says 3-7; the app also allows 2.
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 7;
    const PRIVATE_INFO: bool = false;
    const LOWEST_WINS: bool = true;

    fn options_spec() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: real::OPTION,
            kind: OptionKind::Bool { default: false },
        }]
    }

    /// R-GN-14: a computer cannot hold real cards.
    fn people_only(options: &Options) -> bool {
        options.real_cards
    }

    fn new(seats: usize, options: &Options, seed: u64) -> Result<Self, RuleError<Error>> {
        let mut game = Gnoming {
            rng: Rng::new(seed),
            round: 0,
            first: 0,
            turn: 0,
            stage: Stage::Start,
            draw: Vec::new(),
            piles: [Vec::new(), Vec::new()],
            layouts: vec![
                [Slot {
                    card: Mulligan,
                    up: false
                }; 9];
                seats
            ],
            hand: None,
            removed: Vec::new(),
            out: None,
            last_turns: 0,
            turns: 0,
            results: Vec::new(),
            totals: vec![0; seats],
            real: options.real_cards,
        };
        if game.real {
            game.begin_entry(&mut Vec::new());
        } else {
            game.deal(&mut Vec::new());
        }
        Ok(game)
    }

    fn to_act(&self) -> Vec<Seat> {
        match &self.stage {
            Stage::Opening { seat, .. } => vec![*seat],
            Stage::Flips { queue } => vec![queue[0]],
            Stage::Entry { .. } => vec![self.first],
            Stage::Over => Vec::new(),
            _ => vec![self.turn],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(&seat) {
            return Vec::new();
        }
        let hidden: Vec<usize> = (0..9).filter(|&p| !self.layouts[seat][p].up).collect();
        let mut out = Vec::new();
        let discards = |out: &mut Vec<Action>| {
            out.extend(
                self.piles_open()
                    .into_iter()
                    .map(|pile| Action::Discard { pile }),
            );
        };
        match &self.stage {
            Stage::Opening { .. } => out.extend(hidden.iter().map(|&pos| Action::Reveal { pos })),
            Stage::Start => {
                if !self.draw.is_empty() {
                    out.push(Action::Draw);
                }
                for pile in 0..2 {
                    if let Some(&top) = self.piles[pile].last() {
                        if self.placeable(seat, top) {
                            out.push(Action::Take { pile });
                        }
                    }
                }
            }
            Stage::Hand { from_pile } => {
                let card = self.hand.expect("a card in hand");
                for pos in 0..9 {
                    if card != Mulligan || self.mulligan_fits(seat, pos) {
                        out.push(Action::Place { pos });
                    }
                }
                if !from_pile {
                    if card == Hazard {
                        out.push(Action::Remove);
                    } else {
                        discards(&mut out);
                    }
                }
            }
            Stage::Bounce { from } => {
                out.extend(
                    (0..9)
                        .filter(|p| p != from)
                        .map(|pos| Action::Bounce { pos }),
                );
                discards(&mut out);
            }
            Stage::Discard => discards(&mut out),
            Stage::Flips { .. } => {
                if hidden.len() >= 2 {
                    out.extend(hidden.iter().map(|&pos| Action::Flip { pos }));
                }
                out.push(Action::Decline);
            }
            Stage::Entry { at } => out = self.entry_actions(*at),
            Stage::Over => {}
        }
        out
    }

    fn refusal(&self, seat: Seat, action: &Action) -> RuleError<Error> {
        if let Err(e) = require_turn(self, seat) {
            return e;
        }
        let why = if self.real {
            self.refuse_entry(*action)
        } else {
            self.refuse(seat, *action)
        };
        match why {
            Err(e) => RuleError::Game(e),
            Ok(()) => Shared::NotOffered.into(),
        }
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) -> Vec<Event> {
        if self.real {
            self.act_entry(*action)
        } else {
            self.act(seat, *action)
        }
    }

    fn scores(&self) -> Vec<i64> {
        self.totals.clone()
    }

    fn recomputed_scores(&self) -> Vec<i64> {
        let mut totals = vec![0; self.seats()];
        for r in &self.results {
            let (_, scores) = round_scores(&r.layouts, r.out);
            for (t, s) in totals.iter_mut().zip(scores) {
                *t += s;
            }
        }
        totals
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Over {
            return None;
        }
        // R-GN-10: lowest total, then the lower third-round score (with its
        // bonus, R-GN-13); still equal, the place is shared.
        let third = &self.results[ROUNDS - 1].scores;
        let keys: Vec<(i64, i64)> = (0..self.seats())
            .map(|s| (-self.totals[s], -third[s]))
            .collect();
        Some(Outcome {
            lost: Vec::new(),
            scores: self.totals.clone(),
            places: rank_by_key(&keys),
        })
    }

    fn view(&self, _seat: Option<Seat>) -> View {
        View {
            round: self.round,
            first: self.first,
            turn: self.to_act().first().copied().unwrap_or(self.turn),
            stage: self.stage.clone(),
            layouts: self
                .layouts
                .iter()
                .map(|l| l.map(|s| s.up.then_some(s.card)))
                .collect(),
            draw: self.draw.len(),
            piles: [self.piles[0].last().copied(), self.piles[1].last().copied()],
            pile_sizes: [self.piles[0].len(), self.piles[1].len()],
            hand: self.hand,
            removed: self.removed.len(),
            out: self.out,
            last_turns: self.last_turns,
            turns: self.turns,
            results: self.results.clone(),
            totals: self.totals.clone(),
            face_down: Vec::new(),
            next_draw: None,
        }
    }

    fn open_view(&self) -> View {
        if self.real {
            // Real cards: the app knows only what was entered.
            return self.view(None);
        }
        View {
            face_down: self
                .layouts
                .iter()
                .map(|l| l.map(|s| (!s.up).then_some(s.card)))
                .collect(),
            next_draw: self.draw.last().copied(),
            ..self.view(None)
        }
    }

    fn event_for(event: &Event, _seat: Option<Seat>) -> Option<Event> {
        Some(match event {
            Event::Dealt {
                round,
                first,
                piles,
                removed,
                ..
            } => Event::Dealt {
                round: *round,
                first: *first,
                piles: *piles,
                removed: removed.clone(),
                layouts: Vec::new(),
                draw: Vec::new(),
            },
            Event::Reshuffled { count, .. } => Event::Reshuffled {
                count: *count,
                draw: Vec::new(),
            },
            e => e.clone(),
        })
    }

    fn check_secrets(
        &self,
        _seat: Option<Seat>,
        view: &View,
        events: &[Event],
    ) -> Result<(), String> {
        check_prng_hidden(&self.rng, &(view, events))?;
        for (s, l) in self.layouts.iter().enumerate() {
            for (p, &slot) in l.iter().enumerate() {
                let shown = view.layouts[s][p];
                if shown != slot.up.then_some(slot.card) {
                    return Err(format!("seat {s} position {p}: {shown:?} for {slot:?}"));
                }
            }
        }
        if !view.face_down.is_empty() || view.next_draw.is_some() {
            return Err("a seat's view carries the replay's open cards".into());
        }
        if view.draw != self.draw.len()
            || view.pile_sizes != [self.piles[0].len(), self.piles[1].len()]
        {
            return Err("pile sizes differ".into());
        }
        for e in events {
            match e {
                Event::Dealt { layouts, draw, .. } if !layouts.is_empty() || !draw.is_empty() => {
                    return Err("the deal is in an event".into())
                }
                Event::Reshuffled { draw, .. } if !draw.is_empty() => {
                    return Err("the new draw pile's order is in an event".into())
                }
                _ => {}
            }
        }
        // Nothing in the view names a card under a pile's top or in the draw
        // pile: its only card lists are the layouts, tops and results.
        let json = serde_json::to_string(view).unwrap_or_default();
        if json.contains("\"slot\"") || json.contains("\"up\"") {
            return Err("the view carries the state's slots".into());
        }
        Ok(())
    }

    fn undoable(action: &Action, events: &[Event]) -> bool {
        // Taking a pile's top or putting a card on a face-up position reveals
        // nothing; a draw, a card turned up or a new deal does.
        // R-GN-14: an entry may be changed until the round is scored.
        if matches!(
            action,
            Action::Mark { .. } | Action::Enter { .. } | Action::Out { .. }
        ) {
            return true;
        }
        matches!(
            action,
            Action::Take { .. } | Action::Place { .. } | Action::Discard { .. }
        ) && events.iter().all(|e| {
            matches!(
                e,
                Event::Took { .. }
                    | Event::Placed { .. }
                    | Event::Displaced { .. }
                    | Event::Discarded { .. }
                    | Event::WentOut { .. }
            )
        })
    }

    fn turn_number(&self) -> u32 {
        self.round as u32 + 1
    }
}

impl RealDice for Gnoming {}

impl ComputerPlayer for Gnoming {
    fn computer_action(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
        bot::decide(view, seat, level, rng)
    }

    fn baselines() -> &'static [&'static str] {
        &["greedy"]
    }

    fn baseline_action(name: &str, view: &View, seat: Seat, _rng: &mut Rng) -> Option<Action> {
        (name == "greedy").then(|| bot::greedy(view, seat))
    }
}

impl Coach for Gnoming {
    fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
        bot::evaluate(view, seat)
    }

    /// The seat's score for the round the decision was in, once scored
    /// (going out and Hazards included).
    fn coach_measure(at: &Self, now: &Self, seat: Seat) -> Option<f64> {
        now.results
            .get(at.results.len())
            .map(|r| r.scores[seat] as f64)
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl Verify for Gnoming {
    /// The face-down cards and the draw pile shuffled together (the cards
    /// under the piles' tops stay: they were seen when discarded), as
    /// `determinized` rebuilds a state from the seat's view; the deals to
    /// come drawn anew. None with real cards or where `determinized` cannot
    /// rebuild the state (a Hazard's flips, an entry stage).
    fn hidden_variant(&self, seat: Option<Seat>, seed: u64) -> Option<Self> {
        if self.real {
            return None;
        }
        let mut hidden: Vec<Card> = self
            .layouts
            .iter()
            .flatten()
            .filter(|s| !s.up)
            .map(|s| s.card)
            .chain(self.draw.iter().copied())
            .collect();
        let mut rng = Rng::new(seed);
        rng.shuffle(&mut hidden);
        for pile in &self.piles {
            hidden.extend(pile.iter().take(pile.len().saturating_sub(1)).copied());
        }
        Gnoming::determinized(&self.view(seat), &hidden, rng.next_u64())
    }

    fn arbitrary_action(rng: &mut Rng) -> Action {
        let k = rng.below(11) as usize;
        match rng.below(13) {
            9 => Action::Mark {
                seat: k % 8,
                pos: rng.below(11) as usize,
            },
            10 => Action::Enter {
                card: match k {
                    0 => Mulligan,
                    1 => Hazard,
                    _ => Value(rng.below(20) as i8 - 6),
                },
            },
            11 => Action::Out { seat: k % 8 },
            12 => Action::Score,
            0 => Action::Reveal { pos: k },
            1 => Action::Draw,
            2 => Action::Take { pile: k % 3 },
            3 => Action::Place { pos: k },
            4 => Action::Bounce { pos: k },
            5 => Action::Discard { pile: k % 3 },
            6 => Action::Remove,
            7 => Action::Flip { pos: k },
            _ => Action::Decline,
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        if self.real {
            return self.check_entry();
        }
        // All 110 cards accounted for.
        let mut counts = [0usize; 19];
        for c in self.all_cards() {
            counts[kind(c)] += 1;
        }
        let want: Vec<usize> = DECK.iter().map(|d| d.1).collect();
        if counts[..] != want[..] {
            return Err(format!("cards are not conserved: {counts:?}"));
        }
        if self.removed.iter().any(|&c| c != Hazard) {
            return Err("a card other than a Hazard left the game".into());
        }
        if self.piles.iter().flatten().any(|&c| c == Hazard) {
            return Err("a Hazard on a discard pile".into());
        }
        let holding = matches!(
            self.stage,
            Stage::Hand { .. } | Stage::Bounce { .. } | Stage::Discard
        );
        if holding != self.hand.is_some() {
            return Err(format!("hand {:?} in stage {:?}", self.hand, self.stage));
        }
        if let Stage::Bounce { .. } = self.stage {
            if self.hand.and_then(Card::positive).is_none() {
                return Err("a card other than a positive one bounces".into());
            }
        }
        if self.draw.is_empty() && self.piles.iter().any(|p| p.len() > 1) {
            return Err("the draw pile is empty but was not refilled".into());
        }
        let mut totals = vec![0; self.seats()];
        for r in &self.results {
            for (t, s) in totals.iter_mut().zip(&r.scores) {
                *t += s;
            }
        }
        if totals != self.totals {
            return Err("totals differ from the rounds' scores".into());
        }
        if self.out.is_some() != (self.last_turns > 0 || self.stage == Stage::Over) {
            return Err("last turns without anyone out".into());
        }
        Ok(())
    }
}

impl Simulate for Gnoming {
    fn figures(events: &[Vec<Event>]) -> Vec<Figure> {
        // Each seat's mean round score, how often it went out first and how
        // often that earned the bonus.
        let mut out = Vec::new();
        for e in events.iter().flatten() {
            if let Event::RoundOver { scores, before, .. } = e {
                for (seat, s) in scores.iter().enumerate() {
                    out.push(Figure {
                        name: "round score",
                        seat,
                        sum: *s as f64,
                        count: 1.0,
                    });
                    let bonus = s - before[seat];
                    out.push(Figure {
                        name: "went out",
                        seat,
                        sum: (bonus != 0) as u8 as f64,
                        count: 1.0,
                    });
                    if bonus != 0 {
                        out.push(Figure {
                            name: "going-out bonus won",
                            seat,
                            sum: (bonus < 0) as u8 as f64,
                            count: 1.0,
                        });
                    }
                }
            }
        }
        out
    }
}

#[cfg(feature = "cli")]
impl crate::contract::CliTools for Gnoming {}

/// Gnoming A Round's setup options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// R-GN-14: the players play with their own deck; the app scores the
    /// rounds from the layouts they enter.
    #[serde(default)]
    pub real_cards: bool,
}

pub mod bot;
