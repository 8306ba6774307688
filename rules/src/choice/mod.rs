//! CHOICE by Sid Sackson (seeds/002_fcc0fcf282924123.txt, rulings R-CH-1..6).
//!
//! One throw of five dice is shared by every player still in the game; each
//! makes two pairs and a fifth die of it on their own sheet. A player's game
//! ends at the eighth cross of one of their fifth-die numbers.

use crate::contract::{rank_by_key, require_turn, Figure, Game, Level, Outcome, RuleError, Seat};
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// R-CH-1: the thrower shakes the cup for everyone still playing.
    Roll,
    /// R-CH-2/3: two pairs and the fifth die (on a free throw, the die left
    /// out), by their faces.
    Assign(Assignment),
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

    fn act(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) -> Result<(), Error> {
        match (action, self.stage.clone()) {
            (Action::Roll, Stage::Roll { .. }) => {
                let d = self.rng.dice(5);
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
                Ok(())
            }
            (Action::Roll, _) => Err(Error::AlreadyThrown),
            (Action::Assign(a), Stage::Assign { dice, mut pending }) => {
                if !a.fits(&dice) {
                    return Err(Error::NotTheThrow);
                }
                if Assignment::new(a.a, a.b, a.fifth) != *a {
                    return Err(Error::NotCanonical);
                }
                let sheet = &self.sheets[seat];
                if let Some(e) = sheet.fifth_refusal(&dice, a.fifth) {
                    return Err(e);
                }
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
                    assignment: Assignment::new(a.a, a.b, a.fifth),
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
                    return Ok(());
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
                Ok(())
            }
            (Action::Assign(_), _) => Err(Error::NotThrown),
        }
    }
}

/// CHOICE has no setup options: the pad is the pad.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {}

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

    fn new(seats: usize, _options: &Options, seed: u64) -> Result<Self, RuleError<Error>> {
        Ok(Choice {
            rng: Rng::new(seed),
            sheets: vec![Sheet::default(); seats],
            stage: Stage::Roll { seat: 0 },
            round: 0,
            thrower: 0,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        self.view(None).acting().into_iter().collect()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(&seat) {
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

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError<Error>> {
        require_turn(self, seat)?;
        let mut next = self.clone();
        let mut events = Vec::new();
        next.act(seat, action, &mut events)
            .map_err(RuleError::Game)?;
        *self = next;
        Ok(events)
    }

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
        // R-CH-6: the highest total wins.
        let scores = self.scores();
        Some(Outcome {
            places: rank_by_key(&scores),
            scores,
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

    fn computer_action(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
        bot::decide(view, seat, level, rng)
    }

    fn baselines() -> &'static [&'static str] {
        &["greedy"]
    }

    fn baseline_action(name: &str, view: &View, seat: Seat, _rng: &mut Rng) -> Option<Action> {
        (name == "greedy").then(|| bot::greedy(view, seat))
    }

    fn undoable(action: &Action, _events: &[Event]) -> bool {
        // An assignment is a choice; the throw is chance.
        matches!(action, Action::Assign(_))
    }

    fn turn_number(&self) -> u32 {
        self.round.max(1)
    }

    fn warm_up(&self) {
        bot::warm_up();
    }

    fn arbitrary_action(rng: &mut Rng) -> Action {
        if rng.below(4) == 0 {
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

/// The computer players.
///
/// The strong level looks one throw ahead: for each legal assignment it
/// takes the expectation, over the 252 distinct throws of five dice, of the
/// best value it could then reach, and plays the assignment with the highest
/// expectation. A sheet's value estimates its final result:
///
/// - the remaining throws R: the exact expected number of throws until a
///   fifth-die number gets its eighth cross, by dynamic programming over the
///   three counts when the least-crossed number shown is crossed (free throws
///   included);
/// - a learned table, interpolated at R: what each row is worth by its sum
///   and crosses, a correction for the number of rows still short of ten
///   crosses, one for the set of fifth-die numbers chosen, and one per
///   (fifth-die set, sum) for every open row.
///
/// The table is trained by Monte Carlo policy iteration in
/// `examples/choice_train.rs` (self-play from a hand-made Poisson model,
/// moving the table towards the final results); see the README for the
/// figures. The casual level draws among the assignments with weights
/// falling off with their distance from the best value, without looking
/// ahead; the greedy baseline takes the best immediate change of the result.
pub mod bot {
    use super::*;
    use std::sync::OnceLock;

    /// Expected throws left (the next one included) for fifth-die counts
    /// `c` (0..=7 each), by `[c0][c1][c2]`.
    fn throws_left() -> &'static [[[f64; 8]; 8]; 8] {
        static TABLE: OnceLock<Box<[[[f64; 8]; 8]; 8]>> = OnceLock::new();
        TABLE.get_or_init(|| {
            // Which of three chosen numbers (faces 1, 2, 3 stand for them) a
            // throw shows: chance of each of the 8 presence patterns.
            let mut pattern = [0f64; 8];
            for k in 0..7776u32 {
                let mut mask = 0usize;
                let mut x = k;
                for _ in 0..5 {
                    let face = x % 6;
                    x /= 6;
                    if face < 3 {
                        mask |= 1 << face;
                    }
                }
                pattern[mask] += 1.0 / 7776.0;
            }
            let mut t = Box::new([[[0f64; 8]; 8]; 8]);
            // Higher counts first: a throw only raises counts.
            for total in (0..=21usize).rev() {
                for a in 0..8usize {
                    for b in 0..8usize {
                        let Some(c) = total.checked_sub(a + b).filter(|&c| c < 8) else {
                            continue;
                        };
                        let counts = [a, b, c];
                        let mut sum = 1.0;
                        for (mask, &p) in pattern.iter().enumerate().skip(1) {
                            // Cross the least-crossed number shown.
                            let mut i = 0;
                            for j in 0..3 {
                                if mask & (1 << j) != 0
                                    && (mask & (1 << i) == 0 || counts[j] < counts[i])
                                {
                                    i = j;
                                }
                            }
                            if counts[i] + 1 < usize::from(FIFTH_BOXES) {
                                let mut n = counts;
                                n[i] += 1;
                                sum += p * t[n[0]][n[1]][n[2]];
                            }
                        }
                        // A free throw (nothing shown) leaves the counts.
                        t[a][b][c] = sum / (1.0 - pattern[0]);
                    }
                }
            }
            t
        })
    }

    /// Builds the tables the strong player reads (a few milliseconds).
    pub fn warm_up() {
        throws_left();
        throws();
    }

    /// Expected throws left for a sheet (0 once it is done).
    pub fn remaining_throws(sheet: &Sheet) -> f64 {
        if sheet.done() {
            return 0.0;
        }
        let mut c = [0usize; 3];
        for (i, f) in sheet.fifth.iter().enumerate() {
            c[i] = usize::from(f.crosses);
        }
        throws_left()[c[0]][c[1]][c[2]]
    }

    /// Remaining-throw buckets of the value table (0..=24).
    pub const THROW_BUCKETS: usize = 25;
    /// Row kinds: sums s and 14 - s score alike and come alike.
    pub const KINDS: usize = 6;

    /// The strong player's value table, each entry by remaining throws
    /// (interpolated); `T` is `f32` while training and `i16` (whole points)
    /// in the app.
    #[derive(Debug, Clone, Copy)]
    pub struct Table<T> {
        /// `[kind][crosses 0..=10]`: what a row is worth.
        pub rows: [[[T; THROW_BUCKETS]; 11]; KINDS],
        /// `[n]`: a correction for n rows crossed but short of ten (they
        /// compete for the same throws).
        pub open: [[T; THROW_BUCKETS]; 12],
        /// `[fifth-die numbers chosen, a bit each]`: how good the set is.
        pub fifth: [[T; THROW_BUCKETS]; 64],
        /// `[fifth-die set][sum - 2][crosses 1-4, 5-9, 10 and more]`, for
        /// each crossed row: the set decides which sums come easily.
        pub pairs: [[[T; 3]; 11]; 64],
    }

    pub fn kind(sum: u8) -> usize {
        usize::from(sum.min(14 - sum) - 2)
    }

    /// The fifth-die numbers chosen, a bit per number.
    pub fn fifth_mask(sheet: &Sheet) -> usize {
        sheet.fifth.iter().fold(0, |m, f| m | 1 << (f.number - 1))
    }

    /// A crossed row's stage: still negative, on its way up, full.
    pub fn progress(crosses: u8) -> usize {
        match crosses {
            0..=4 => 0,
            5..=9 => 1,
            _ => 2,
        }
    }

    /// Rows crossed but not yet ten times.
    pub fn open_rows(sheet: &Sheet) -> usize {
        sheet
            .crosses
            .iter()
            .filter(|&&c| (1..BOXES).contains(&c))
            .count()
    }

    /// The trained table (`cargo run --release -p spielblock-rules --example
    /// choice_train` writes it).
    static TRAINED: Table<i16> = include!("choice_table.in");

    /// The estimate of the final result of `sheet` by `table`.
    pub fn value<T: Copy + Into<f32>>(table: &Table<T>, sheet: &Sheet) -> f64 {
        if sheet.done() {
            return sheet.total() as f64;
        }
        let r = remaining_throws(sheet).min((THROW_BUCKETS - 1) as f64);
        let lo = r as usize;
        let hi = (lo + 1).min(THROW_BUCKETS - 1);
        let w = (r - lo as f64) as f32;
        let at = |row: &[T; THROW_BUCKETS]| row[lo].into() * (1.0 - w) + row[hi].into() * w;
        let mask = fifth_mask(sheet);
        let mut v = at(&table.open[open_rows(sheet)]) + at(&table.fifth[mask]);
        for (i, &c) in sheet.crosses.iter().enumerate() {
            v += at(&table.rows[kind(i as u8 + 2)][usize::from(c.min(BOXES))]);
            if c > 0 {
                v += table.pairs[mask][i][progress(c)].into();
            }
        }
        f64::from(v)
    }

    /// The strong player's estimate of the final result of `sheet`.
    pub fn estimate(sheet: &Sheet) -> f64 {
        value(&TRAINED, sheet)
    }

    /// The sheet after `a` on `dice`.
    pub fn after(sheet: &Sheet, dice: &[u8; 5], a: &Assignment) -> Sheet {
        let (x, y) = a.sums();
        let free = sheet.is_free(dice);
        sheet.with(x, y, (!free).then_some(a.fifth))
    }

    /// The best value `table` sees for `dice` on `sheet`, and its assignment.
    pub fn best_by<T: Copy + Into<f32>>(
        table: &Table<T>,
        sheet: &Sheet,
        dice: &[u8; 5],
    ) -> Option<(f64, Assignment)> {
        let mut best: Option<(f64, Assignment)> = None;
        for a in sheet.assignments(dice) {
            let v = value(table, &after(sheet, dice, &a));
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, a));
            }
        }
        best
    }

    /// Every distinct throw of five dice with its chance.
    fn throws() -> &'static [([u8; 5], f64)] {
        static THROWS: OnceLock<Vec<([u8; 5], f64)>> = OnceLock::new();
        THROWS.get_or_init(|| {
            crate::rng::dice_multisets(5)
                .into_iter()
                .map(|(d, p)| ([d[0], d[1], d[2], d[3], d[4]], p))
                .collect()
        })
    }

    /// The expected value of `sheet` after the next throw, answered as the
    /// table likes best.
    pub fn lookahead(sheet: &Sheet) -> f64 {
        if sheet.done() {
            return sheet.total() as f64;
        }
        throws()
            .iter()
            .map(|(d, p)| p * best_by(&TRAINED, sheet, d).map_or(0.0, |(v, _)| v))
            .sum()
    }

    /// Points of value that make a casual player's choice 1/e as likely.
    const CASUAL_TEMPERATURE: f64 = 40.0;

    pub fn decide(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
        let Stage::Assign { dice, .. } = &view.stage else {
            return Action::Roll;
        };
        let sheet = &view.sheets[seat];
        let scored: Vec<(f64, Assignment)> = sheet
            .assignments(dice)
            .into_iter()
            .map(|a| {
                let next = after(sheet, dice, &a);
                let v = match level {
                    Level::Strong => lookahead(&next),
                    Level::Casual => estimate(&next),
                };
                (v, a)
            })
            .collect();
        let best = scored.iter().fold(f64::MIN, |m, (v, _)| m.max(*v));
        let pick = match level {
            Level::Strong => scored.iter().find(|(v, _)| *v == best),
            Level::Casual => {
                let weights: Vec<f64> = scored
                    .iter()
                    .map(|(v, _)| ((v - best) / CASUAL_TEMPERATURE).exp())
                    .collect();
                let total: f64 = weights.iter().sum();
                let mut x = rng.below(1 << 30) as f64 / f64::from(1u32 << 30) * total;
                scored.iter().zip(&weights).find_map(|(s, w)| {
                    x -= w;
                    (x <= 0.0).then_some(s)
                })
            }
        };
        Action::Assign(
            pick.or(scored.first())
                .map(|(_, a)| *a)
                .unwrap_or(Assignment::new(
                    [dice[0], dice[1]],
                    [dice[2], dice[3]],
                    dice[4],
                )),
        )
    }

    /// The greedy baseline: the assignment that raises the sheet's result
    /// most now (the first such in the legal order).
    pub fn greedy(view: &View, seat: Seat) -> Action {
        let Stage::Assign { dice, .. } = &view.stage else {
            return Action::Roll;
        };
        let sheet = &view.sheets[seat];
        let mut best: Option<(i64, Assignment)> = None;
        for a in sheet.assignments(dice) {
            let t = after(sheet, dice, &a).total();
            if best.is_none_or(|(b, _)| t > b) {
                best = Some((t, a));
            }
        }
        Action::Assign(best.map(|(_, a)| a).unwrap_or(Assignment::new(
            [dice[0], dice[1]],
            [dice[2], dice[3]],
            dice[4],
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{new_game, Shared};
    use crate::driver::{property, property_with, solo_mean, Policy};

    fn game(seats: usize) -> Choice {
        new_game::<Choice>(seats, &Options::default(), 1).unwrap()
    }

    /// Puts `dice` on the table as the shared throw, answered from `thrower`.
    fn thrown(g: &mut Choice, thrower: Seat, dice: [u8; 5]) {
        let n = g.sheets.len();
        g.thrower = thrower;
        g.round += 1;
        let pending = (0..n)
            .map(|k| (thrower + k) % n)
            .filter(|&s| !g.sheets[s].done())
            .collect();
        g.stage = Stage::Assign { dice, pending };
    }

    fn assign(a: [u8; 2], b: [u8; 2], fifth: u8) -> Action {
        Action::Assign(Assignment::new(a, b, fifth))
    }

    fn rows(sheet: &Sheet) -> Vec<(u8, u8)> {
        (2..=12)
            .map(|s| (s, sheet.crosses_of(s)))
            .filter(|&(_, c)| c > 0)
            .collect()
    }

    fn fifths(sheet: &Sheet) -> Vec<(u8, u8)> {
        sheet.fifth.iter().map(|f| (f.number, f.crosses)).collect()
    }

    #[test]
    fn the_texts_first_four_throws_r_ch_2_r_ch_3() {
        let mut g = game(1);
        // Abb. 1: 1,3,4,4,6 as 1+3 = 4 and 6+4 = 10, fifth die 4.
        thrown(&mut g, 0, [1, 3, 4, 4, 6]);
        // One spelling per split: pairs low die first, lower sum first.
        let raw = Assignment {
            a: [6, 4],
            b: [1, 3],
            fifth: 4,
        };
        assert_eq!(
            g.apply(0, &Action::Assign(raw)),
            Err(RuleError::Game(Error::NotCanonical))
        );
        g.apply(0, &assign([1, 3], [6, 4], 4)).unwrap();
        assert_eq!(rows(&g.sheets[0]), vec![(4, 1), (10, 1)]);
        assert_eq!(fifths(&g.sheets[0]), vec![(4, 1)]);
        // The second throw is not printed; Abb. 2 shows it gave 9, 10 and a
        // fifth die 2.
        thrown(&mut g, 0, [2, 3, 6, 4, 6]);
        g.apply(0, &assign([3, 6], [4, 6], 2)).unwrap();
        // Abb. 2: 1,2,2,4,5 as 2+2 = 4 and 1+4 = 5, fifth die 5.
        thrown(&mut g, 0, [1, 2, 2, 4, 5]);
        g.apply(0, &assign([2, 2], [1, 4], 5)).unwrap();
        assert_eq!(rows(&g.sheets[0]), vec![(4, 2), (5, 1), (9, 1), (10, 2)]);
        assert_eq!(fifths(&g.sheets[0]), vec![(4, 1), (2, 1), (5, 1)]);
        // Abb. 3: 1,3,3,6,6 shows none of 4, 2, 5: a free throw, 1+3 = 4
        // and 3+6 = 9, the other 6 left out, nothing crossed in the table.
        thrown(&mut g, 0, [1, 3, 3, 6, 6]);
        let ev = g.apply(0, &assign([1, 3], [3, 6], 6)).unwrap();
        assert!(matches!(
            ev[0],
            Event::Assigned {
                free: true,
                fifth_crosses: None,
                ..
            }
        ));
        assert_eq!(rows(&g.sheets[0]), vec![(4, 3), (5, 1), (9, 2), (10, 2)]);
        assert_eq!(fifths(&g.sheets[0]), vec![(4, 1), (2, 1), (5, 1)]);
        assert_eq!(g.sheets[0].free_throws, 1);
    }

    #[test]
    fn the_texts_finished_sheet_scores_400_r_ch_5() {
        // Abb. 4 (with 60 per cross for sum 10, R-CH-5): 2 four times, 4
        // six times, 5 five times, 6 six times, 8 nine times, 9 seven
        // times, 10 nine times.
        let mut s = Sheet::default();
        for (sum, c) in [(2, 4), (4, 6), (5, 5), (6, 6), (8, 9), (9, 7), (10, 9)] {
            s.crosses[sum - 2] = c;
        }
        let printed = [
            (2, -200),
            (3, 0),
            (4, 60),
            (5, 0),
            (6, 40),
            (7, 0),
            (8, 160),
            (9, 100),
            (10, 240),
            (11, 0),
            (12, 0),
        ];
        for (sum, result) in printed {
            assert_eq!(row_score(sum, s.crosses_of(sum)), result, "sum {sum}");
        }
        assert_eq!(s.columns(), (600, 200));
        assert_eq!(s.total(), 400);
        // The text's worked example: 8 crossed nine times, 4 x 40 = 160.
        assert_eq!(row_score(8, 9), 160);
    }

    #[test]
    fn points_table_and_row_results_r_ch_5() {
        assert_eq!(POINTS, [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100]);
        for sum in 2..=12 {
            assert_eq!(row_score(sum, 0), 0);
            for c in 1..=4 {
                assert_eq!(row_score(sum, c), -200);
            }
            assert_eq!(row_score(sum, 5), 0);
            for c in 6..=10 {
                assert_eq!(
                    row_score(sum, c),
                    i64::from(c - 5) * POINTS[usize::from(sum - 2)]
                );
            }
            // Past the tenth box: allowed, scores nothing more (R-CH-2).
            assert_eq!(row_score(sum, 13), row_score(sum, 10));
        }
        assert_eq!(
            row_score(10, 6),
            60,
            "10 scores 60 a cross, not the scan's 80"
        );
    }

    #[test]
    fn crossing_past_the_tenth_box_r_ch_2() {
        let mut g = game(1);
        g.sheets[0].crosses[5] = 10; // sum 7
        g.sheets[0].throws = 5;
        g.sheets[0].fifth = vec![Fifth {
            number: 1,
            crosses: 5,
        }];
        thrown(&mut g, 0, [3, 4, 2, 5, 1]);
        let legal = g.legal_actions(0);
        assert!(legal.contains(&assign([3, 4], [2, 5], 1)));
        g.apply(0, &assign([3, 4], [2, 5], 1)).unwrap();
        assert_eq!(g.sheets[0].crosses_of(7), 12);
        assert_eq!(g.scores(), vec![150]);
    }

    #[test]
    fn the_fifth_die_table_r_ch_3() {
        // Fewer than three numbers: any die, a new number or one again.
        let mut g = game(1);
        thrown(&mut g, 0, [1, 2, 3, 4, 5]);
        assert_eq!(g.legal_actions(0).len(), 15, "5 fifth dice x 3 pairings");
        g.apply(0, &assign([2, 3], [4, 5], 1)).unwrap();
        thrown(&mut g, 0, [1, 2, 3, 4, 6]);
        g.apply(0, &assign([2, 3], [4, 6], 1)).unwrap();
        assert_eq!(fifths(&g.sheets[0]), vec![(1, 2)]);
        thrown(&mut g, 0, [1, 2, 3, 4, 6]);
        g.apply(0, &assign([1, 3], [4, 6], 2)).unwrap();
        thrown(&mut g, 0, [1, 2, 3, 4, 6]);
        g.apply(0, &assign([1, 2], [4, 6], 3)).unwrap();
        assert_eq!(fifths(&g.sheets[0]), vec![(1, 2), (2, 1), (3, 1)]);
        // Three chosen and the throw shows one of them (3): it must be the
        // fifth die.
        thrown(&mut g, 0, [3, 4, 5, 6, 6]);
        assert_eq!(
            g.apply(0, &assign([3, 4], [5, 6], 6)),
            Err(RuleError::Game(Error::FifthMustBeChosen))
        );
        let legal = g.legal_actions(0);
        assert!(legal
            .iter()
            .all(|a| matches!(a, Action::Assign(x) if x.fifth == 3)));
        // 4,5,6,6 pair up as 9 + 12 or 10 + 11 (twice, the same).
        assert_eq!(legal.len(), 2);
        // It shows two of them (1 and 2): either, nothing else.
        thrown(&mut g, 0, [1, 2, 5, 6, 6]);
        let fifths_offered: Vec<u8> = g
            .legal_actions(0)
            .iter()
            .map(|a| match a {
                Action::Assign(x) => x.fifth,
                Action::Roll => 0,
            })
            .collect();
        assert!(fifths_offered.contains(&1) && fifths_offered.contains(&2));
        assert!(fifths_offered.iter().all(|&f| f == 1 || f == 2));
        // None of them: a free throw, any die left out, nothing crossed.
        thrown(&mut g, 0, [4, 4, 5, 6, 6]);
        assert!(g.sheets[0].is_free(&[4, 4, 5, 6, 6]));
        let before = fifths(&g.sheets[0]);
        g.apply(0, &assign([4, 4], [6, 6], 5)).unwrap();
        assert_eq!(fifths(&g.sheets[0]), before);
        // The die left out must still be one of the five.
        thrown(&mut g, 0, [4, 4, 5, 6, 6]);
        assert_eq!(
            g.apply(0, &assign([4, 4], [6, 6], 3)),
            Err(RuleError::Game(Error::NotTheThrow))
        );
        // No free throw before the third number: with two chosen, a throw
        // without them makes a new number.
        let mut h = game(1);
        h.sheets[0] = Sheet::default().with(4, 10, Some(4)).with(9, 10, Some(2));
        thrown(&mut h, 0, [1, 3, 3, 6, 6]);
        assert!(!h.sheets[0].is_free(&[1, 3, 3, 6, 6]));
        h.apply(0, &assign([1, 3], [3, 6], 6)).unwrap();
        assert_eq!(fifths(&h.sheets[0]), vec![(4, 1), (2, 1), (6, 1)]);
    }

    #[test]
    fn shared_throws_in_seat_order_r_ch_1() {
        let mut g = game(3);
        assert_eq!(g.to_act(), vec![0]);
        assert_eq!(g.legal_actions(0), vec![Action::Roll]);
        let ev = g.apply(0, &Action::Roll).unwrap();
        let Event::Thrown { dice, .. } = ev[0] else {
            panic!("a throw")
        };
        // Everyone assigns the same throw, the thrower first.
        for seat in 0..3 {
            assert_eq!(g.to_act(), vec![seat]);
            let Action::Assign(a) = g.legal_actions(seat)[0] else {
                panic!("an assignment")
            };
            assert_eq!(
                g.apply((seat + 1) % 3, &Action::Assign(a)),
                Err(RuleError::Shared(Shared::NotYourTurn))
            );
            g.apply(seat, &Action::Assign(a)).unwrap();
            assert_eq!(g.sheets[seat].throws, 1);
            let _ = dice;
        }
        // The cup goes on to the next player, who answers first.
        assert_eq!(g.stage, Stage::Roll { seat: 1 });
        g.apply(1, &Action::Roll).unwrap();
        assert_eq!(
            g.stage,
            Stage::Assign {
                dice: match &g.stage {
                    Stage::Assign { dice, .. } => *dice,
                    _ => unreachable!(),
                },
                pending: vec![1, 2, 0]
            }
        );
        assert_eq!(
            g.apply(1, &Action::Roll),
            Err(RuleError::Game(Error::AlreadyThrown))
        );
    }

    #[test]
    fn a_players_end_and_the_others_go_on_r_ch_4() {
        let mut g = game(3);
        // Seat 1 has a number at seven crosses; seat 0 and 2 are fresh.
        g.sheets[1] = Sheet {
            crosses: [0, 0, 0, 0, 5, 5, 4, 0, 0, 0, 0],
            fifth: vec![Fifth {
                number: 1,
                crosses: 7,
            }],
            free_throws: 0,
            throws: 7,
        };
        thrown(&mut g, 0, [1, 3, 4, 3, 4]);
        g.apply(0, &assign([3, 4], [3, 4], 1)).unwrap();
        let ev = g.apply(1, &assign([3, 4], [3, 4], 1)).unwrap();
        // The eighth cross: seat 1 is done right after this assignment.
        assert!(ev.contains(&Event::PlayerDone {
            seat: 1,
            total: g.sheets[1].total()
        }));
        assert!(g.sheets[1].done());
        // Seat 2 still answers this throw; the others go on without seat 1.
        g.apply(2, &assign([3, 4], [3, 4], 1)).unwrap();
        assert_eq!(g.stage, Stage::Roll { seat: 2 }, "the cup skips seat 1");
        g.apply(2, &Action::Roll).unwrap();
        let Stage::Assign { pending, .. } = &g.stage else {
            panic!("a throw")
        };
        assert_eq!(pending, &vec![2, 0]);
        assert!(g.legal_actions(1).is_empty());
        assert!(g.outcome().is_none());
    }

    #[test]
    fn highest_total_wins_and_solo_ends_r_ch_6() {
        let mut g = game(2);
        g.sheets[0].crosses = [0, 0, 0, 0, 6, 6, 6, 0, 0, 0, 0];
        g.sheets[1].crosses = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        for s in 0..2 {
            g.sheets[s].fifth = vec![Fifth {
                number: 3,
                crosses: 8,
            }];
        }
        g.stage = Stage::Over;
        let o = g.outcome().unwrap();
        assert_eq!(o.scores, vec![110, -200]);
        assert_eq!(o.places, vec![1, 2]);
        // With no positive total the least negative wins: the same ranking.
        g.sheets[0].crosses = [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(g.outcome().unwrap().places, vec![2, 1]);
    }

    #[test]
    fn the_remaining_throws_table_is_sane() {
        // From a fresh sheet about 21 throws remain when balancing three
        // numbers: at most 7 + 7 + 8 = 22 crossing throws plus free ones.
        let r = bot::remaining_throws(&Sheet::default());
        assert!((19.0..23.5).contains(&r), "{r}");
        let s = Sheet {
            fifth: (1..=3).map(|number| Fifth { number, crosses: 7 }).collect(),
            throws: 21,
            ..Sheet::default()
        };
        // Any shown number ends it; none shown (1/32) is a free throw.
        let r = bot::remaining_throws(&s);
        assert!((r - 32.0 / 31.0).abs() < 1e-9, "{r}");
    }

    #[test]
    fn players_rank_strong_over_casual_over_greedy_over_random() {
        let mean = |p: Policy| solo_mean::<Choice>(&p, &Options::default(), 200);
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
        property_with::<Choice>(
            2000,
            |i| 1 + (i % 5) as usize,
            |_| Options::default(),
            |_, _| Policy::Random,
        )
        .unwrap();
    }

    #[test]
    fn property_seeded_games_with_computer_players() {
        property::<Choice>(300, |i| 1 + (i % 4) as usize, |_| Options::default()).unwrap();
    }
}
