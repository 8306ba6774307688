//! En Gingg as Bei (seeds/004_7b73b4608eab0080.txt, rulings R-EG-1..4).
//!
//! The app is the game leader: it keeps every balance (R-EG-1) and a ledger of
//! every change with its reason.

use crate::chance::{DieKind, TableDice};
use crate::contract::{
    rank_by_key, sort_small_by, Coach, ComputerPlayer, Evaluation, Figure, Game, Level, OptionKind,
    OptionSpec, Outcome, RealDice, RuleError, Seat, Shared, Simulate, Verify,
};
use crate::rng::{check_prng_hidden, dice_multisets, Rng};
use serde::{Deserialize, Serialize};
use std::fmt;

/// R-EG-1: every player starts with 37 points (the default of the option).
pub const START_BALANCE: i64 = 37;
/// The starting balances setup offers.
pub const START_RANGE: (i64, i64) = (10, 99);
/// R-EG-2: six dice, so at most six throws in phase 1.
pub const DICE: usize = 6;
/// R-EG-2: the line between losing and gaining.
pub const LINE: i64 = 30;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Throw the dice still in play (phase 1 or phase 2).
    Roll,
    /// Phase 1: set aside these dice of the current throw (indices into it).
    SetAside(Vec<usize>),
    /// R-G-5: the faces of the dice thrown at the table.
    Faces(Vec<u8>),
}

/// Why En Gingg as Bei refuses an action (R-G-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Error {
    /// A throw waits: set dice aside before throwing again.
    SetAsideFirst,
    /// There is no throw to set dice aside from.
    NoThrow,
    /// R-EG-2: at least one die per throw.
    NoDie,
    /// A pick names a die twice, out of order, or one that is not in the throw.
    BadPick,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::SetAsideFirst => "Set aside at least one die before throwing again.",
            Error::NoThrow => "There is no throw to set dice aside from.",
            Error::NoDie => "Set aside at least one die.",
            Error::BadPick => {
                "Pick dice of this throw by position, each at most once, in increasing order."
            }
        })
    }
}

/// Why a balance changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Phase 1 ended with this total (R-EG-2).
    Phase1 { total: u8 },
    /// The previous player's phase 2 with target face `d` set aside `count` dice
    /// showing `d` (R-EG-3).
    Penalty { by: Seat, d: u8, count: u8 },
}

/// One line of the game leader's ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    pub turn: u32,
    pub seat: Seat,
    pub delta: i64,
    pub balance: i64,
    pub reason: Reason,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// R-EG-2. `kept` are the dice set aside so far; `throw` is the throw that
    /// waits for the player to set dice aside; `throws` counts throws so far.
    One {
        kept: Vec<u8>,
        throw: Option<Vec<u8>>,
        throws: u8,
    },
    /// R-EG-3. `d` is the target face; `set_aside` counts the dice showing `d`
    /// set aside so far; `in_hand` how many dice the next throw uses; `last` the
    /// last throw (None before the first).
    Two {
        d: u8,
        total: u8,
        set_aside: u8,
        in_hand: u8,
        throws: u8,
        last: Option<Vec<u8>>,
    },
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Rolled {
        seat: Seat,
        dice: Vec<u8>,
    },
    SetAside {
        seat: Seat,
        dice: Vec<u8>,
        total: u8,
    },
    /// Phase 1 is over: the player's total and the change to their balance.
    Phase1Done {
        seat: Seat,
        total: u8,
        delta: i64,
    },
    /// Phase 2 throw: `count` dice showed the target face.
    Hits {
        seat: Seat,
        d: u8,
        count: u8,
        penalty: i64,
    },
    /// Phase 2 over: `amount` (possibly 0) deducted from `to`.
    PenaltyPaid {
        by: Seat,
        to: Seat,
        amount: i64,
    },
    TurnPassed {
        to: Seat,
    },
    GameOver {
        loser: Seat,
    },
}

/// Setup options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// R-EG-1: every balance starts here (37 by the text).
    pub start_balance: i64,
    /// R-G-5: the players throw their own dice and enter the faces.
    pub table_dice: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            start_balance: START_BALANCE,
            table_dice: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnGingg {
    rng: Rng,
    start: i64,
    balances: Vec<i64>,
    current: Seat,
    turn: u32,
    phase: Phase,
    ledger: Vec<LedgerEntry>,
    loser: Option<Seat>,
    #[serde(default)]
    dice: TableDice<Action>,
}

/// What a seat sees: everything but the PRNG (nothing else is secret here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub start: i64,
    pub balances: Vec<i64>,
    pub current: Seat,
    pub turn: u32,
    pub phase: Phase,
    pub ledger: Vec<LedgerEntry>,
    pub loser: Option<Seat>,
}

impl View {
    pub fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.balances.len()
    }

    /// Phase 1 total of the dice set aside so far.
    pub fn kept_total(&self) -> u8 {
        match &self.phase {
            Phase::One { kept, .. } => kept.iter().sum(),
            _ => 0,
        }
    }

    /// Throws left in phase 1 (one per die still in play).
    pub fn throws_left(&self) -> u8 {
        match &self.phase {
            Phase::One { kept, throw, .. } => (DICE - kept.len()) as u8 - u8::from(throw.is_some()),
            _ => 0,
        }
    }
}

impl EnGingg {
    fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.balances.len()
    }

    pub fn balances(&self) -> &[i64] {
        &self.balances
    }

    pub fn current(&self) -> Seat {
        self.current
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn ledger(&self) -> &[LedgerEntry] {
        &self.ledger
    }

    pub fn loser(&self) -> Option<Seat> {
        self.loser
    }

    fn book(&mut self, seat: Seat, delta: i64, reason: Reason) -> Option<Seat> {
        self.balances[seat] += delta;
        self.ledger.push(LedgerEntry {
            turn: self.turn,
            seat,
            delta,
            balance: self.balances[seat],
            reason,
        });
        // R-EG-4: the game ends at once when a balance reaches 0 or less.
        if self.balances[seat] <= 0 && self.loser.is_none() {
            self.loser = Some(seat);
            self.phase = Phase::Over;
            Some(seat)
        } else {
            None
        }
    }

    fn pass_turn(&mut self, events: &mut Vec<Event>) {
        self.current = self.next_seat(self.current);
        self.turn += 1;
        self.phase = Phase::One {
            kept: Vec::new(),
            throw: None,
            throws: 0,
        };
        events.push(Event::TurnPassed { to: self.current });
    }

    /// Phase 1 is complete: book the result and go on (R-EG-2).
    fn finish_phase1(&mut self, seat: Seat, total: u8, events: &mut Vec<Event>) {
        let delta = i64::from(total) - LINE;
        events.push(Event::Phase1Done { seat, total, delta });
        // Every phase 1 gets its ledger line, a total of exactly 30 too (+0).
        if let Some(loser) = self.book(seat, delta, Reason::Phase1 { total }) {
            events.push(Event::GameOver { loser });
            return;
        }
        if delta > 0 {
            self.phase = Phase::Two {
                d: delta as u8,
                total,
                set_aside: 0,
                in_hand: DICE as u8,
                throws: 0,
                last: None,
            };
        } else {
            self.pass_turn(events);
        }
    }

    fn roll(&mut self, seat: Seat, events: &mut Vec<Event>) {
        match self.phase.clone() {
            Phase::One {
                kept,
                throw: None,
                throws,
            } => {
                let dice = self
                    .dice
                    .draw(&mut self.rng, DICE - kept.len(), DieKind::Plain);
                events.push(Event::Rolled {
                    seat,
                    dice: dice.clone(),
                });
                if dice.len() == 1 {
                    // The last die has no choice: it is set aside at once.
                    let mut kept = kept;
                    kept.push(dice[0]);
                    let total: u8 = kept.iter().sum();
                    events.push(Event::SetAside { seat, dice, total });
                    self.phase = Phase::One {
                        kept,
                        throw: None,
                        throws: throws + 1,
                    };
                    self.finish_phase1(seat, total, events);
                } else {
                    self.phase = Phase::One {
                        kept,
                        throw: Some(dice),
                        throws: throws + 1,
                    };
                }
            }
            Phase::Two {
                d,
                total,
                set_aside,
                in_hand,
                throws,
                ..
            } => {
                let dice = self
                    .dice
                    .draw(&mut self.rng, in_hand as usize, DieKind::Plain);
                let hits = dice.iter().filter(|&&x| x == d).count() as u8;
                events.push(Event::Rolled {
                    seat,
                    dice: dice.clone(),
                });
                if hits == 0 {
                    // R-EG-3: no d ends phase 2; the d's set aside so far are
                    // deducted from the next player (nothing if none).
                    let amount = i64::from(set_aside) * i64::from(d);
                    let to = self.next_seat(seat);
                    events.push(Event::PenaltyPaid {
                        by: seat,
                        to,
                        amount,
                    });
                    self.phase = Phase::Two {
                        d,
                        total,
                        set_aside,
                        in_hand,
                        throws: throws + 1,
                        last: Some(dice),
                    };
                    if amount > 0 {
                        let reason = Reason::Penalty {
                            by: seat,
                            d,
                            count: set_aside,
                        };
                        if let Some(loser) = self.book(to, -amount, reason) {
                            events.push(Event::GameOver { loser });
                            return;
                        }
                    }
                    self.pass_turn(events);
                } else {
                    let set_aside = set_aside + hits;
                    let left = in_hand - hits;
                    events.push(Event::Hits {
                        seat,
                        d,
                        count: hits,
                        penalty: i64::from(set_aside) * i64::from(d),
                    });
                    self.phase = Phase::Two {
                        d,
                        total,
                        set_aside,
                        // R-EG-3: all six show d: take all six up and go on.
                        in_hand: if left == 0 { DICE as u8 } else { left },
                        throws: throws + 1,
                        last: Some(dice),
                    };
                }
            }
            // Not legal (a throw waits, or the game is over): `apply`
            // refuses it before it comes here.
            Phase::One { throw: Some(_), .. } | Phase::Over => {}
        }
    }

    /// Why an action the legal list lacks is refused: En Gingg's own
    /// reasons, after the turn and the dice from the table
    /// (`chance::refusal`).
    fn refuse(&self, _seat: Seat, action: &Action) -> RuleError<Error> {
        RuleError::Game(match (action, &self.phase) {
            (Action::Roll, Phase::One { throw: Some(_), .. }) => Error::SetAsideFirst,
            (
                Action::SetAside(picks),
                Phase::One {
                    throw: Some(throw), ..
                },
            ) => {
                if picks.is_empty() {
                    // R-EG-2: at least one die per throw.
                    Error::NoDie
                } else if picks.windows(2).any(|w| w[0] >= w[1])
                    || picks.iter().any(|&i| i >= throw.len())
                {
                    // Positions in the throw, each once, in increasing
                    // order: one spelling per choice.
                    Error::BadPick
                } else {
                    return Shared::NotOffered.into();
                }
            }
            (Action::SetAside(_) | Action::Faces(_), _) => Error::NoThrow,
            _ => return Shared::NotOffered.into(),
        })
    }

    /// Plays a legal action (entered faces are `chance::apply`'s).
    fn act(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::Roll => self.roll(seat, events),
            Action::SetAside(picks) => self.set_aside(seat, picks, events),
            Action::Faces(_) => {}
        }
    }

    fn set_aside(&mut self, seat: Seat, picks: &[usize], events: &mut Vec<Event>) {
        let Phase::One {
            kept,
            throw: Some(throw),
            throws,
        } = self.phase.clone()
        else {
            return;
        };
        let chosen: Vec<u8> = picks.iter().map(|&i| throw[i]).collect();
        let mut kept = kept;
        kept.extend(&chosen);
        let total: u8 = kept.iter().sum();
        events.push(Event::SetAside {
            seat,
            dice: chosen,
            total,
        });
        let done = kept.len() == DICE;
        self.phase = Phase::One {
            kept,
            throw: None,
            throws,
        };
        if done {
            self.finish_phase1(seat, total, events);
        }
    }
}

impl Game for EnGingg {
    type Action = Action;
    type Event = Event;
    type Options = Options;
    type View = View;
    type Error = Error;

    const ID: &'static str = "en-gingg";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 8;
    const PRIVATE_INFO: bool = false;

    fn options_spec() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "start_balance",
                kind: OptionKind::Int {
                    min: START_RANGE.0,
                    max: START_RANGE.1,
                    default: START_BALANCE,
                },
            },
            OptionSpec {
                key: "table_dice",
                kind: OptionKind::Bool { default: false },
            },
        ]
    }

    fn new(seats: usize, options: &Options, seed: u64) -> Result<Self, RuleError<Error>> {
        Ok(EnGingg {
            rng: Rng::new(seed),
            start: options.start_balance,
            balances: vec![options.start_balance; seats],
            current: 0,
            turn: 1,
            phase: Phase::One {
                kept: Vec::new(),
                throw: None,
                throws: 0,
            },
            ledger: Vec::new(),
            loser: None,
            dice: TableDice::new(options.table_dice),
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        if let Some(w) = self.dice.waiting() {
            vec![w.seat]
        } else if matches!(self.phase, Phase::Over) {
            Vec::new()
        } else {
            vec![self.current]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat != self.current || self.dice.waiting().is_some() {
            return Vec::new();
        }
        match &self.phase {
            Phase::One {
                throw: Some(throw), ..
            } => {
                let n = throw.len();
                (1u32..(1 << n))
                    .map(|mask| (0..n).filter(|i| mask & (1 << i) != 0).collect())
                    .map(Action::SetAside)
                    .collect()
            }
            Phase::One { throw: None, .. } | Phase::Two { .. } => vec![Action::Roll],
            Phase::Over => Vec::new(),
        }
    }

    // R-G-5: apply with dice from the table (`RealDice` below).
    crate::table_dice_moves!();

    fn scores(&self) -> Vec<i64> {
        self.balances.clone()
    }

    fn recomputed_scores(&self) -> Vec<i64> {
        let mut b = vec![self.start; self.balances.len()];
        for e in &self.ledger {
            b[e.seat] += match e.reason {
                Reason::Phase1 { total } => i64::from(total) - LINE,
                Reason::Penalty { d, count, .. } => -(i64::from(d) * i64::from(count)),
            };
        }
        b
    }

    fn outcome(&self) -> Option<Outcome> {
        let loser = self.loser?;
        // R-EG-4: the loser is last; the others are ranked by balance.
        let keys: Vec<(bool, i64)> = self
            .balances
            .iter()
            .enumerate()
            .map(|(s, &b)| (s != loser, b))
            .collect();
        Some(Outcome {
            lost: Vec::new(),
            scores: self.balances.clone(),
            places: rank_by_key(&keys),
        })
    }

    fn view(&self, _seat: Option<Seat>) -> View {
        View {
            start: self.start,
            balances: self.balances.clone(),
            current: self.current,
            turn: self.turn,
            phase: self.phase.clone(),
            ledger: self.ledger.clone(),
            loser: self.loser,
        }
    }

    fn check_secrets(
        &self,
        _seat: Option<Seat>,
        view: &View,
        events: &[Event],
    ) -> Result<(), String> {
        // The only secret is the PRNG: from it the coming dice could be known.
        check_prng_hidden(&self.rng, &(view, events))
    }

    fn undoable(action: &Action, _events: &[Event]) -> bool {
        // Setting dice aside is a choice, and so is the entry of faces
        // thrown at the table (a wrong entry is corrected); a throw shows
        // new dice.
        matches!(action, Action::SetAside(_) | Action::Faces(_))
    }

    fn turn_number(&self) -> u32 {
        self.turn
    }
}

impl RealDice for EnGingg {
    crate::table_dice_faces!();
}

impl ComputerPlayer for EnGingg {
    fn computer_action(view: &View, _seat: Seat, level: Level, rng: &mut Rng) -> Action {
        bot::decide(view, level, rng)
    }

    fn baselines() -> &'static [&'static str] {
        &["greedy"]
    }

    fn baseline_action(name: &str, view: &View, _seat: Seat, _rng: &mut Rng) -> Option<Action> {
        if name != "greedy" {
            return None;
        }
        Some(bot::greedy(view))
    }
}

impl Coach for EnGingg {
    fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
        bot::evaluate(view, seat)
    }

    /// The seat's balance change over its phase 1 (R-EG-2: T - 30), once
    /// it is over.
    fn coach_measure(at: &Self, now: &Self, seat: Seat) -> Option<f64> {
        let in_phase_one = now.current == seat && matches!(now.phase, Phase::One { .. });
        (!in_phase_one || now.loser.is_some())
            .then(|| (now.balances[seat] - at.balances[seat]) as f64)
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl Verify for EnGingg {
    /// The dice to come are the only facts hidden from a seat.
    fn hidden_variant(&self, _seat: Option<Seat>, seed: u64) -> Option<Self> {
        crate::contract::with_chance_redrawn(self, seed)
    }

    fn arbitrary_action(rng: &mut Rng) -> Action {
        if rng.below(5) == 0 {
            Action::Faces((0..rng.below(8)).map(|_| rng.below(8) as u8).collect())
        } else if rng.below(4) == 0 {
            Action::Roll
        } else {
            let n = rng.below(8) as usize;
            Action::SetAside((0..n).map(|_| rng.below(8) as usize).collect())
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        match &self.phase {
            Phase::One {
                kept,
                throw,
                throws,
            } => {
                let in_throw = throw.as_ref().map_or(0, Vec::len);
                if kept.len() + in_throw > DICE {
                    return Err(format!("{} kept + {} thrown > 6", kept.len(), in_throw));
                }
                if kept.len() < usize::from(*throws) - usize::from(throw.is_some()) {
                    return Err("a throw set no die aside".into());
                }
                if kept
                    .iter()
                    .chain(throw.iter().flatten())
                    .any(|&x| !(1..=6).contains(&x))
                {
                    return Err("a die outside 1..6".into());
                }
            }
            Phase::Two {
                d, total, in_hand, ..
            } => {
                if i64::from(*d) != i64::from(*total) - LINE || !(1..=6).contains(d) {
                    return Err(format!("phase 2 target {d} does not match total {total}"));
                }
                if !(1..=6).contains(in_hand) {
                    return Err(format!("{in_hand} dice in hand"));
                }
            }
            Phase::Over => {
                let l = self.loser.ok_or("over without a loser")?;
                if self.balances[l] > 0 {
                    return Err("the loser has a positive balance".into());
                }
            }
        }
        let below = self.balances.iter().filter(|&&b| b <= 0).count();
        if below > 1 || (below == 1) != self.loser.is_some() {
            return Err(format!(
                "balances {:?} vs loser {:?}",
                self.balances, self.loser
            ));
        }
        Ok(())
    }
}

impl Simulate for EnGingg {
    fn figures(events: &[Vec<Event>]) -> Vec<Figure> {
        // Each seat's phase-1 balance change per turn, to set beside the exact
        // optimum.
        let mut out: Vec<Figure> = Vec::new();
        for e in events.iter().flatten() {
            if let Event::Phase1Done { seat, delta, .. } = e {
                match out.iter_mut().find(|f| f.seat == *seat) {
                    Some(f) => {
                        f.sum += *delta as f64;
                        f.count += 1.0;
                    }
                    None => out.push(Figure {
                        name: "phase-1 change per turn",
                        seat: *seat,
                        sum: *delta as f64,
                        count: 1.0,
                    }),
                }
            }
        }
        out
    }

    fn reference_figures() -> Vec<(&'static str, f64)> {
        vec![(
            "exact phase-1 change per turn under optimal play",
            Phase1Table::get().expected_turn_change(),
        )]
    }
}

#[cfg(feature = "cli")]
impl crate::contract::CliTools for EnGingg {}

pub mod bot;
pub use bot::{best_set_aside, expected_penalty, Phase1Table};

#[cfg(test)]
mod tests;
