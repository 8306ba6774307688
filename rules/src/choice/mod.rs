//! CHOICE by Sid Sackson (seeds/002_fcc0fcf282924123.txt, rulings R-CH-1..6).
//!
//! One throw of five dice is shared by every player still in the game; each
//! makes two pairs and a fifth die of it on their own sheet. A player's game
//! ends at the eighth cross of one of their fifth-die numbers.

use crate::chance::{DieKind, TableDice};
use crate::contract::{
    rank_by_key, Coach, ComputerPlayer, Evaluation, Figure, Game, Level, OptionKind, OptionSpec,
    Outcome, RealDice, RuleError, Seat, Shared, Simulate, Verify,
};
use crate::rng::{check_prng_hidden, Rng};
use serde::{Deserialize, Serialize};
use std::fmt;

/// R-CH-5: points per cross past the fifth, for sums 2..=12.
pub const POINTS: [i64; 11] = [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100];
/// R-CH-2: boxes per sum row; crosses past the tenth score nothing.
pub const BOXES: u8 = 10;
/// R-CH-3: at most three fifth-die numbers.
pub const FIFTH_NUMBERS: usize = 3;
/// R-CH-4: the eighth cross of a fifth-die number ends the player's game.
pub const FIFTH_BOXES: u8 = 8;
/// R-CH-5: the penalty for a sum crossed one to four times.
pub const PENALTY: i64 = -200;

/// R-CH-5: what a sum row scores with `crosses` crosses.
pub fn row_score(sum: u8, crosses: u8) -> i64 {
    match crosses {
        0 | 5 => 0,
        1..=4 => PENALTY,
        c => i64::from(c.min(BOXES) - 5) * POINTS[usize::from(sum - 2)],
    }
}

/// One fifth-die number and how often it is crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fifth {
    pub number: u8,
    pub crosses: u8,
}

/// One player's sheet, as on the pad.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Crosses per sum, index 0 for sum 2 up to index 10 for sum 12.
    pub crosses: [u8; 11],
    /// The fifth-die table in the order the numbers were chosen.
    pub fifth: Vec<Fifth>,
    /// Free throws taken (R-CH-3).
    pub free_throws: u32,
    /// Throws assigned.
    pub throws: u32,
}

impl Sheet {
    pub fn crosses_of(&self, sum: u8) -> u8 {
        self.crosses[usize::from(sum - 2)]
    }

    /// R-CH-5: the sheet's result (the plus column less the minus column).
    pub fn total(&self) -> i64 {
        (2..=12).map(|s| row_score(s, self.crosses_of(s))).sum()
    }

    /// The plus and the minus column.
    pub fn columns(&self) -> (i64, i64) {
        let scores = (2..=12).map(|s| row_score(s, self.crosses_of(s)));
        let plus = scores.clone().filter(|&v| v > 0).sum();
        let minus = -scores.filter(|&v| v < 0).sum::<i64>();
        (plus, minus)
    }

    /// R-CH-4: a fifth-die number crossed for the eighth time.
    pub fn done(&self) -> bool {
        self.fifth.iter().any(|f| f.crosses >= FIFTH_BOXES)
    }

    fn has_fifth(&self, n: u8) -> bool {
        self.fifth.iter().any(|f| f.number == n)
    }

    /// R-CH-3: whether this throw is a free throw for this sheet (three
    /// numbers chosen and none of them shown).
    pub fn is_free(&self, dice: &[u8]) -> bool {
        self.fifth.len() == FIFTH_NUMBERS && !dice.iter().any(|&d| self.has_fifth(d))
    }

    /// R-CH-3: why `fifth` may not be the fifth die of `dice`, if it may not.
    pub fn fifth_refusal(&self, dice: &[u8], fifth: u8) -> Option<Error> {
        if self.fifth.len() < FIFTH_NUMBERS || self.is_free(dice) || self.has_fifth(fifth) {
            None
        } else {
            Some(Error::FifthMustBeChosen)
        }
    }

    /// The sheet after an assignment (no check: see `Choice::apply`).
    pub fn with(&self, a: u8, b: u8, fifth: Option<u8>) -> Sheet {
        let mut next = self.clone();
        next.crosses[usize::from(a - 2)] += 1;
        next.crosses[usize::from(b - 2)] += 1;
        next.throws += 1;
        match fifth {
            None => next.free_throws += 1,
            Some(n) => match next.fifth.iter_mut().find(|f| f.number == n) {
                Some(f) => f.crosses += 1,
                None => next.fifth.push(Fifth {
                    number: n,
                    crosses: 1,
                }),
            },
        }
        next
    }

    /// Every distinct legal assignment of `dice` to this sheet (R-CH-2,
    /// R-CH-3): one per different effect, pairs sorted.
    pub fn assignments(&self, dice: &[u8; 5]) -> Vec<Assignment> {
        let mut out: Vec<Assignment> = Vec::new();
        for f in 0..5 {
            if self.fifth_refusal(dice, dice[f]).is_some() {
                continue;
            }
            let rest: Vec<u8> = (0..5).filter(|&i| i != f).map(|i| dice[i]).collect();
            for (p, q, r, s) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
                let a = Assignment::new([rest[p], rest[q]], [rest[r], rest[s]], dice[f]);
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        out
    }
}

/// Two pairs and a fifth die, as faces; the canonical form has each pair
/// ascending and pair `a` not after pair `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assignment {
    pub a: [u8; 2],
    pub b: [u8; 2],
    pub fifth: u8,
}

impl Assignment {
    pub fn new(a: [u8; 2], b: [u8; 2], fifth: u8) -> Assignment {
        let sort = |p: [u8; 2]| if p[0] <= p[1] { p } else { [p[1], p[0]] };
        let (a, b) = (sort(a), sort(b));
        let (a, b) = if (a[0] + a[1], a) <= (b[0] + b[1], b) {
            (a, b)
        } else {
            (b, a)
        };
        Assignment { a, b, fifth }
    }

    pub fn sums(&self) -> (u8, u8) {
        (self.a[0] + self.a[1], self.b[0] + self.b[1])
    }

    /// Whether these are exactly the five faces thrown.
    fn fits(&self, dice: &[u8; 5]) -> bool {
        let mut mine = [self.a[0], self.a[1], self.b[0], self.b[1], self.fifth];
        let mut thrown = *dice;
        mine.sort_unstable();
        thrown.sort_unstable();
        mine == thrown
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// R-CH-1: the thrower shakes the cup for everyone still playing.
    Roll,
    /// R-CH-2/3: two pairs and the fifth die (on a free throw, the die left
    /// out), by their faces.
    Assign(Assignment),
    /// R-G-5: the faces of the five dice thrown at the table.
    Faces(Vec<u8>),
}

/// Why CHOICE refuses an action (R-G-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Error {
    /// The dice are out: assign them first.
    AlreadyThrown,
    /// Roll first.
    NotThrown,
    /// The faces are not the five dice thrown.
    NotTheThrow,
    /// Three numbers are chosen and the throw shows one: it must be the
    /// fifth die (R-CH-3).
    FifthMustBeChosen,
    /// An assignment is written in its one canonical form (each pair low
    /// die first, the pair with the lower sum first), so that every split
    /// has exactly one spelling in records and traces.
    NotCanonical,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::AlreadyThrown => "The dice are already thrown: assign them first.",
            Error::NotThrown => "Roll the dice first.",
            Error::NotTheThrow => "Use the five dice thrown, each once.",
            Error::FifthMustBeChosen => {
                "The fifth die must be one of your three fifth-die numbers shown in this throw."
            }
            Error::NotCanonical => {
                "Write each pair low die first and the pair with the lower sum first."
            }
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// The shared throw (R-CH-1), shaken by `seat`.
    Thrown {
        seat: Seat,
        dice: [u8; 5],
    },
    /// An assignment: the sums crossed, the fifth-die number crossed with its
    /// count after (none on a free throw), and the sheet's result after.
    Assigned {
        seat: Seat,
        assignment: Assignment,
        free: bool,
        fifth_crosses: Option<u8>,
        total: i64,
    },
    /// R-CH-4: the eighth cross of a fifth-die number.
    PlayerDone {
        seat: Seat,
        total: i64,
    },
    GameOver,
}

/// Who acts now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// `seat` shakes the cup.
    Roll {
        seat: Seat,
    },
    /// The throw waits for these seats, in this order (R-CH-1).
    Assign {
        dice: [u8; 5],
        pending: Vec<Seat>,
    },
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    rng: Rng,
    sheets: Vec<Sheet>,
    stage: Stage,
    /// Throws so far (the round as players count it).
    round: u32,
    /// Who shook the cup for the latest throw.
    thrower: Seat,
    #[serde(default)]
    dice: TableDice<Action>,
}

/// What a seat sees: everything but the PRNG (CHOICE has no secrets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub sheets: Vec<Sheet>,
    pub stage: Stage,
    pub round: u32,
}

impl View {
    /// The seat that decides now.
    pub fn acting(&self) -> Option<Seat> {
        match &self.stage {
            Stage::Roll { seat } => Some(*seat),
            Stage::Assign { pending, .. } => pending.first().copied(),
            Stage::Over => None,
        }
    }
}

impl Choice {
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The next seat after `from` still playing, going round (R-CH-1: the
    /// cup goes clockwise among active players), or None.
    fn next_active(&self, from: Seat) -> Option<Seat> {
        let n = self.sheets.len();
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&s| !self.sheets[s].done())
    }

    /// Why an action the legal list lacks is refused: CHOICE's own reasons,
    /// after the turn and the dice from the table (`chance::refusal`).
    fn refuse(&self, seat: Seat, action: &Action) -> RuleError<Error> {
        match (action, &self.stage) {
            (Action::Roll, Stage::Assign { .. }) => RuleError::Game(Error::AlreadyThrown),
            (Action::Assign(a), Stage::Assign { dice, .. }) => {
                if !a.fits(dice) {
                    RuleError::Game(Error::NotTheThrow)
                } else if Assignment::new(a.a, a.b, a.fifth) != *a {
                    RuleError::Game(Error::NotCanonical)
                } else if let Some(e) = self.sheets[seat].fifth_refusal(dice, a.fifth) {
                    RuleError::Game(e)
                } else {
                    Shared::NotOffered.into()
                }
            }
            (Action::Assign(_) | Action::Faces(_), _) => RuleError::Game(Error::NotThrown),
            _ => Shared::NotOffered.into(),
        }
    }

    /// Plays a legal action (entered faces are `chance::apply`'s).
    fn act(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
        match (action, self.stage.clone()) {
            (Action::Roll, Stage::Roll { .. }) => {
                let d = self.dice.draw(&mut self.rng, 5, DieKind::Plain);
                let dice = [d[0], d[1], d[2], d[3], d[4]];
                self.round += 1;
                self.thrower = seat;
                ev.push(Event::Thrown { seat, dice });
                // R-CH-1: every active player, the thrower first, in seat
                // order round the table.
                let n = self.sheets.len();
                let pending = (0..n)
                    .map(|k| (seat + k) % n)
                    .filter(|&s| !self.sheets[s].done())
                    .collect();
                self.stage = Stage::Assign { dice, pending };
            }
            (Action::Assign(a), Stage::Assign { dice, mut pending }) => {
                let sheet = &self.sheets[seat];
                let free = sheet.is_free(&dice);
                let (x, y) = a.sums();
                let next = sheet.with(x, y, (!free).then_some(a.fifth));
                let fifth_crosses = (!free).then(|| {
                    next.fifth
                        .iter()
                        .find(|f| f.number == a.fifth)
                        .map_or(0, |f| f.crosses)
                });
                let total = next.total();
                let done = next.done();
                self.sheets[seat] = next;
                ev.push(Event::Assigned {
                    seat,
                    assignment: *a,
                    free,
                    fifth_crosses,
                    total,
                });
                if done {
                    ev.push(Event::PlayerDone { seat, total });
                }
                pending.retain(|&s| s != seat);
                if !pending.is_empty() {
                    self.stage = Stage::Assign { dice, pending };
                    return;
                }
                // R-CH-1: the cup goes to the next active player after the
                // thrower; R-CH-4: the game is over when nobody is left.
                self.stage = match self.next_active(self.thrower) {
                    Some(s) => Stage::Roll { seat: s },
                    None => {
                        ev.push(Event::GameOver);
                        Stage::Over
                    }
                };
            }
            // Not legal: `apply` refuses it before it comes here.
            _ => {}
        }
    }
}

/// CHOICE's one setup option: the pad is the pad, the dice may be the
/// players' own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// R-G-5: the players throw their own dice and enter the faces.
    pub table_dice: bool,
}

impl Game for Choice {
    type Action = Action;
    type Event = Event;
    type Options = Options;
    type View = View;
    type Error = Error;

    const ID: &'static str = "choice";
    const MIN_SEATS: usize = 1;
    const MAX_SEATS: usize = 8;
    const PRIVATE_INFO: bool = false;

    fn options_spec() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "table_dice",
            kind: OptionKind::Bool { default: false },
        }]
    }

    fn new(seats: usize, options: &Options, seed: u64) -> Result<Self, RuleError<Error>> {
        Ok(Choice {
            rng: Rng::new(seed),
            sheets: vec![Sheet::default(); seats],
            stage: Stage::Roll { seat: 0 },
            round: 0,
            thrower: 0,
            dice: TableDice::new(options.table_dice),
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        match self.dice.waiting() {
            Some(w) => vec![w.seat],
            None => self.view(None).acting().into_iter().collect(),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(&seat) || self.dice.waiting().is_some() {
            return Vec::new();
        }
        match &self.stage {
            Stage::Roll { .. } => vec![Action::Roll],
            Stage::Assign { dice, .. } => self.sheets[seat]
                .assignments(dice)
                .into_iter()
                .map(Action::Assign)
                .collect(),
            Stage::Over => Vec::new(),
        }
    }

    /// R-CH-8: across phones, every player still to assign the throw
    /// assigns it at once; a sheet's choices depend on that sheet and the
    /// dice alone, so its list ahead is the one its turn brings.
    fn ahead(&self, seat: Seat) -> Vec<Action> {
        match &self.stage {
            Stage::Assign { dice, pending }
                if self.dice.waiting().is_none()
                    && pending.first() != Some(&seat)
                    && pending.contains(&seat) =>
            {
                self.sheets[seat]
                    .assignments(dice)
                    .into_iter()
                    .map(Action::Assign)
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    // R-G-5: apply with dice from the table (`RealDice` below).
    crate::table_dice_moves!();

    fn scores(&self) -> Vec<i64> {
        self.sheets.iter().map(Sheet::total).collect()
    }

    fn recomputed_scores(&self) -> Vec<i64> {
        // As the pad adds up: the plus column less the minus column.
        self.sheets
            .iter()
            .map(|s| {
                let (plus, minus) = s.columns();
                plus - minus
            })
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Over {
            return None;
        }
        // R-CH-6: the highest total wins. R-CH-7: alone, a negative result
        // is a defeat.
        let scores = self.scores();
        let lost = match scores.as_slice() {
            [only] if *only < 0 => vec![0],
            _ => Vec::new(),
        };
        Some(Outcome {
            places: rank_by_key(&scores),
            scores,
            lost,
        })
    }

    fn view(&self, _seat: Option<Seat>) -> View {
        View {
            sheets: self.sheets.clone(),
            stage: self.stage.clone(),
            round: self.round,
        }
    }

    fn check_secrets(
        &self,
        _seat: Option<Seat>,
        view: &View,
        events: &[Event],
    ) -> Result<(), String> {
        // CHOICE has no secrets but the PRNG.
        check_prng_hidden(&self.rng, &(view, events))
    }

    fn undoable(action: &Action, _events: &[Event]) -> bool {
        // An assignment is a choice, and so is the entry of faces thrown
        // at the table (a wrong entry is corrected); a throw is chance.
        matches!(action, Action::Assign(_) | Action::Faces(_))
    }

    fn turn_number(&self) -> u32 {
        self.round.max(1)
    }
}

impl RealDice for Choice {
    crate::table_dice_faces!();
}

impl ComputerPlayer for Choice {
    fn computer_action(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
        bot::decide(view, seat, level, rng)
    }

    fn baselines() -> &'static [&'static str] {
        &["greedy"]
    }

    /// Issue 43: the expert is the learned n-tuple value with a lookahead
    /// (`expert`), its table loaded on demand.
    const LEVELS: &'static [Level] = &[Level::Casual, Level::Strong, Level::Expert];

    const LEVEL_DATA: Option<crate::contract::LevelData> = Some(crate::contract::LevelData {
        level: Level::Expert,
        file: "choice-expert.bin",
    });

    fn load_level_data(level: Level, bytes: &[u8]) -> Result<(), String> {
        match level {
            Level::Expert => expert::install(bytes).map_err(|e| e.to_string()),
            _ => Err(format!("the {} player needs no table", level.id())),
        }
    }

    fn level_ready(level: Level) -> bool {
        level != Level::Expert || expert::installed()
    }

    fn baseline_action(name: &str, view: &View, seat: Seat, _rng: &mut Rng) -> Option<Action> {
        (name == "greedy").then(|| bot::greedy(view, seat))
    }

    fn warm_up(&self) -> bool {
        bot::warm_up();
        true
    }
}

impl Coach for Choice {
    fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
        bot::evaluate(view, seat)
    }

    /// The sheet's final result, once it is done.
    fn coach_measure(_at: &Self, now: &Self, seat: Seat) -> Option<f64> {
        (now.sheets[seat].done() || now.stage == Stage::Over)
            .then(|| now.sheets[seat].total() as f64)
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl Verify for Choice {
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
            let mut f = || rng.below(8) as u8;
            Action::Assign(Assignment {
                a: [f(), f()],
                b: [f(), f()],
                fifth: f(),
            })
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        for (s, sh) in self.sheets.iter().enumerate() {
            let sums: u32 = sh.crosses.iter().map(|&c| u32::from(c)).sum();
            if sums != 2 * sh.throws {
                return Err(format!(
                    "seat {s}: {sums} sum crosses in {} throws",
                    sh.throws
                ));
            }
            let fifths: u32 = sh.fifth.iter().map(|f| u32::from(f.crosses)).sum();
            if fifths + sh.free_throws != sh.throws {
                return Err(format!(
                    "seat {s}: fifth-die crosses do not match its throws"
                ));
            }
            if sh.fifth.len() > FIFTH_NUMBERS
                || sh
                    .fifth
                    .iter()
                    .any(|f| f.crosses > FIFTH_BOXES || f.crosses == 0)
            {
                return Err(format!("seat {s}: fifth-die table {:?}", sh.fifth));
            }
            let mut numbers: Vec<u8> = sh.fifth.iter().map(|f| f.number).collect();
            numbers.dedup();
            if numbers.len() != sh.fifth.len()
                || sh.fifth.iter().any(|f| !(1..=6).contains(&f.number))
            {
                return Err(format!("seat {s}: fifth-die numbers {numbers:?}"));
            }
            if sh.free_throws > 0 && sh.fifth.len() < FIFTH_NUMBERS {
                return Err(format!("seat {s}: a free throw before three numbers"));
            }
            if sh.fifth.iter().filter(|f| f.crosses == FIFTH_BOXES).count() > 1 {
                return Err(format!("seat {s}: played on after the eighth cross"));
            }
        }
        let all_done = self.sheets.iter().all(Sheet::done);
        match &self.stage {
            Stage::Over if !all_done => Err("over while someone plays".into()),
            Stage::Roll { seat } if self.sheets[*seat].done() => {
                Err("a finished player shakes the cup".into())
            }
            Stage::Assign { pending, .. }
                if pending.is_empty() || pending.iter().any(|&s| self.sheets[s].done()) =>
            {
                Err(format!("pending seats {pending:?}"))
            }
            Stage::Roll { .. } | Stage::Assign { .. } if all_done => {
                Err("everyone is done but the game goes on".into())
            }
            _ => Ok(()),
        }
    }
}

impl Simulate for Choice {
    fn figures(events: &[Vec<Event>]) -> Vec<Figure> {
        // Each seat's final result and whether it reached 0, 350 and 500
        // (500 is the community's "win"), plus its free throws.
        let mut out = Vec::new();
        for e in events.iter().flatten() {
            match e {
                Event::PlayerDone { seat, total } => {
                    out.push(Figure {
                        name: "final total",
                        seat: *seat,
                        sum: *total as f64,
                        count: 1.0,
                    });
                    out.push(Figure {
                        name: "free throws per game",
                        seat: *seat,
                        sum: 0.0,
                        count: 1.0,
                    });
                    for (name, at) in [
                        ("share >= 0", 0),
                        ("share >= 350", 350),
                        ("share >= 500", 500),
                    ] {
                        out.push(Figure {
                            name,
                            seat: *seat,
                            sum: f64::from(u8::from(*total >= at)),
                            count: 1.0,
                        });
                    }
                }
                Event::Assigned { seat, free, .. } => out.push(Figure {
                    name: "free throws per game",
                    seat: *seat,
                    sum: f64::from(u8::from(*free)),
                    count: 0.0,
                }),
                _ => {}
            }
        }
        out
    }
}

#[cfg(feature = "cli")]
impl crate::contract::CliTools for Choice {}

pub mod bot;
pub mod expert;

#[cfg(test)]
mod tests;
