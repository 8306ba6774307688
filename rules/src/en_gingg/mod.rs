//! En Gingg as Bei (seeds/004_7b73b4608eab0080.txt, rulings R-EG-1..4).
//!
//! The app is the game leader: it keeps every balance (R-EG-1) and a ledger of
//! every change with its reason.

use crate::contract::{
    rank_by_key, require_turn, sort_small_by, Figure, Game, Level, OptionKind, OptionSpec, Outcome,
    RuleError, Seat,
};
use crate::rng::{check_prng_hidden, dice_multisets, Rng};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            start_balance: START_BALANCE,
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

    fn roll(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), Error> {
        match self.phase.clone() {
            Phase::One {
                kept,
                throw: None,
                throws,
            } => {
                let dice = self.rng.dice(DICE - kept.len());
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
                Ok(())
            }
            Phase::One { throw: Some(_), .. } => Err(Error::SetAsideFirst),
            Phase::Two {
                d,
                total,
                set_aside,
                in_hand,
                throws,
                ..
            } => {
                let dice = self.rng.dice(in_hand as usize);
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
                            return Ok(());
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
                Ok(())
            }
            // require_turn refuses every action once the game is over.
            Phase::Over => unreachable!("checked by require_turn"),
        }
    }

    fn set_aside(
        &mut self,
        seat: Seat,
        picks: &[usize],
        events: &mut Vec<Event>,
    ) -> Result<(), Error> {
        let Phase::One {
            kept,
            throw: Some(throw),
            throws,
        } = self.phase.clone()
        else {
            return Err(Error::NoThrow);
        };
        // R-EG-2: at least one die per throw.
        if picks.is_empty() {
            return Err(Error::NoDie);
        }
        // Positions in the throw, each once, in increasing order: one
        // spelling per choice, so every accepted action is a listed legal one.
        if picks.windows(2).any(|w| w[0] >= w[1]) || picks.iter().any(|&i| i >= throw.len()) {
            return Err(Error::BadPick);
        }
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
        Ok(())
    }
}

/// The k highest dice of `throw` (indices, ascending) for each k = 1..=n, with
/// the total each choice reaches from `t` already set aside.
fn keep_choices(throw: &[u8], t: u8) -> Vec<(Vec<usize>, usize)> {
    let mut idx: Vec<usize> = (0..throw.len()).collect();
    // Highest face first; equal faces keep their order (stable).
    sort_small_by(&mut idx, |&a, &b| throw[a] > throw[b]);
    let mut sum = t as usize;
    (1..=throw.len())
        .map(|k| {
            sum += throw[idx[k - 1]] as usize;
            let mut pick = idx[..k].to_vec();
            sort_small_by(&mut pick, |a, b| a < b);
            (pick, sum)
        })
        .collect()
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
        vec![OptionSpec {
            key: "start_balance",
            kind: OptionKind::Int {
                min: START_RANGE.0,
                max: START_RANGE.1,
                default: START_BALANCE,
            },
        }]
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
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        if matches!(self.phase, Phase::Over) {
            Vec::new()
        } else {
            vec![self.current]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat != self.current {
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

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError<Error>> {
        require_turn(self, seat)?;
        let mut next = self.clone();
        let mut events = Vec::new();
        match action {
            Action::Roll => next.roll(seat, &mut events),
            Action::SetAside(picks) => next.set_aside(seat, picks, &mut events),
        }
        .map_err(RuleError::Game)?;
        *self = next;
        Ok(events)
    }

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

    fn computer_action(view: &View, _seat: Seat, level: Level, rng: &mut Rng) -> Action {
        let Phase::One {
            throw: Some(throw), ..
        } = &view.phase
        else {
            return Action::Roll;
        };
        let t = view.kept_total();
        match level {
            Level::Strong => Action::SetAside(best_set_aside(throw, t)),
            Level::Casual => {
                // Human-like: weigh each "keep the k highest" choice by its
                // exact value, softly, so a close call can go either way and a
                // clear one is rarely missed.
                let table = Phase1Table::get();
                let choices = keep_choices(throw, t);
                let n = throw.len();
                let weights: Vec<f64> = choices
                    .iter()
                    .enumerate()
                    .map(|(i, (_, sum))| {
                        (table.value(n - (i + 1), *sum) / CASUAL_TEMPERATURE).exp()
                    })
                    .collect();
                let total: f64 = weights.iter().sum();
                let mut x = (rng.below(1 << 30) as f64 / f64::from(1u32 << 30)) * total;
                for (i, w) in weights.iter().enumerate() {
                    if x < *w {
                        return Action::SetAside(choices[i].0.clone());
                    }
                    x -= w;
                }
                Action::SetAside(choices[n - 1].0.clone())
            }
        }
    }

    fn baselines() -> &'static [&'static str] {
        &["greedy"]
    }

    fn undoable(action: &Action, _events: &[Event]) -> bool {
        // Setting dice aside is a choice; a throw shows new dice.
        matches!(action, Action::SetAside(_))
    }

    fn turn_number(&self) -> u32 {
        self.turn
    }

    fn baseline_action(name: &str, view: &View, _seat: Seat, _rng: &mut Rng) -> Option<Action> {
        if name != "greedy" {
            return None;
        }
        // Greedy: keep every 5 and 6 (at least the highest die).
        Some(match &view.phase {
            Phase::One {
                throw: Some(throw), ..
            } => {
                let mut picks: Vec<usize> = (0..throw.len()).filter(|&i| throw[i] >= 5).collect();
                if picks.is_empty() {
                    picks = keep_choices(throw, 0)[0].0.clone();
                }
                Action::SetAside(picks)
            }
            _ => Action::Roll,
        })
    }

    fn arbitrary_action(rng: &mut Rng) -> Action {
        if rng.below(4) == 0 {
            Action::Roll
        } else {
            let n = rng.below(8) as usize;
            Action::SetAside((0..n).map(|_| rng.below(8) as usize).collect())
        }
    }

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

/// How softly the casual player weighs its choices, in balance points: a
/// choice 1 point worse than the best is taken e^(-1/0.6) ≈ 19% as often.
const CASUAL_TEMPERATURE: f64 = 0.6;

/// Exact optimal phase 1 play by dynamic programming over (dice left, total so
/// far). The value is the expected change of the player's own balance, which
/// R-EG-2 makes T - 30 whatever T is.
pub struct Phase1Table {
    /// value[n][t]: expected final balance change with n dice still to throw and
    /// t already set aside, playing optimally.
    value: Vec<Vec<f64>>,
}

impl Phase1Table {
    fn build() -> Self {
        let max_t = 6 * DICE;
        let mut value = vec![vec![0.0; max_t + 1]; DICE + 1];
        for (t, v) in value[0].iter_mut().enumerate() {
            *v = t as f64 - LINE as f64;
        }
        for n in 1..=DICE {
            let outs = dice_multisets(n);
            let max_before = 6 * (DICE - n);
            for t in 0..=max_before {
                value[n][t] = outs
                    .iter()
                    .map(|(dice, p)| {
                        // Keeping k dice: the k highest are best, since more
                        // total is never worse.
                        let best = (1..=n)
                            .map(|k| {
                                let s: usize = dice[..k].iter().map(|&x| x as usize).sum();
                                value[n - k][t + s]
                            })
                            .fold(f64::MIN, f64::max);
                        p * best
                    })
                    .sum();
            }
        }
        Phase1Table { value }
    }

    pub fn get() -> &'static Phase1Table {
        static TABLE: OnceLock<Phase1Table> = OnceLock::new();
        TABLE.get_or_init(Phase1Table::build)
    }

    /// Expected final balance change from `n` dice left and total `t` so far.
    pub fn value(&self, n: usize, t: usize) -> f64 {
        self.value[n][t]
    }

    /// The exact expected balance change of a whole phase 1 under optimal play.
    pub fn expected_turn_change(&self) -> f64 {
        self.value[DICE][0]
    }
}

/// The optimal dice to set aside from `throw` with `t` already set aside:
/// indices of the k highest dice for the best k.
pub fn best_set_aside(throw: &[u8], t: u8) -> Vec<usize> {
    let table = Phase1Table::get();
    let n = throw.len();
    let mut best: Option<(f64, Vec<usize>)> = None;
    for (k, (pick, sum)) in keep_choices(throw, t).into_iter().enumerate() {
        let v = table.value(n - (k + 1), sum);
        // Prefer keeping fewer dice on (near) ties: same value, more chances.
        if best.as_ref().is_none_or(|(b, _)| v > b + 1e-12) {
            best = Some((v, pick));
        }
    }
    best.map(|(_, p)| p).unwrap_or_default()
}

/// Exact expected phase 2 penalty for target face `d` (R-EG-3), by value
/// iteration over the number of dice in hand.
pub fn expected_penalty(d: u8) -> f64 {
    // E[n] = expected d's still to come with n dice in hand. A throw of n dice
    // shows k d's with probability C(n,k)(1/6)^k(5/6)^(n-k); k = 0 stops.
    let binom =
        |n: usize, k: usize| -> f64 { (1..=k).map(|i| (n + 1 - i) as f64 / i as f64).product() };
    let mut e = [0.0f64; DICE + 1];
    for _ in 0..200 {
        let mut next = [0.0f64; DICE + 1];
        for (n, slot) in next.iter_mut().enumerate().skip(1) {
            *slot = (1..=n)
                .map(|k| {
                    let p = binom(n, k)
                        * (1.0 / 6.0f64).powi(k as i32)
                        * (5.0 / 6.0f64).powi((n - k) as i32);
                    let rest = if n == k { DICE } else { n - k };
                    p * (k as f64 + e[rest])
                })
                .sum();
        }
        e = next;
    }
    e[DICE] * f64::from(d)
}

#[cfg(test)]
mod tests {
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
            new_game::<EnGingg>(2, &Options { start_balance: 0 }, 1),
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
}
