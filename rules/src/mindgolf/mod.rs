//! MindGolf (seeds/000_8bb51484df94ab4a.txt, rulings R-MG-1..10).
//!
//! Every player has a sheet of golf lanes, each with a target distance and
//! seven fields. A turn: choose which dice to throw, throw, optionally re-roll
//! one thrown die once, then enter the value on a lane or park it.

use crate::chance::{DieKind, TableDice};
use crate::contract::{
    rank_by_key, Coach, ComputerPlayer, Evaluation, Figure, Game, Level, OptionKind, OptionSpec,
    Outcome, RealDice, RuleError, Seat, Shared, Simulate, Verify,
};
use crate::rng::{check_prng_hidden, dice_multisets, Rng};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

/// R-MG-1: the lanes printed on the sheet, in print order.
pub const TARGETS: [i64; 8] = [48, 75, 90, 116, 55, 84, 108, 222];
/// R-MG-1: fields per lane.
pub const FIELDS: usize = 7;
/// R-MG-2: green dice by default.
pub const GREEN_DICE: i64 = 3;
/// The largest value a throw can have (5 green sixes times a white six).
pub const MAX_VALUE: i64 = 5 * 6 * 6;

/// Setup options (R-MG-1, R-MG-2, R-MG-9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Which lanes are played (6 to 8 of them, in print order).
    pub lanes: Vec<i64>,
    /// Green dice in the set (1 to 5).
    pub green_dice: i64,
    /// "tournament" (everyone for themselves) or "teams" (four players).
    pub mode: String,
    /// R-G-5: the players throw their own dice and enter the faces.
    pub table_dice: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            lanes: TARGETS.to_vec(),
            green_dice: GREEN_DICE,
            mode: "tournament".into(),
            table_dice: false,
        }
    }
}

/// One lane of a sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lane {
    pub target: i64,
    /// The fields filled so far (at most seven).
    pub fields: Vec<i64>,
    /// The score circle, once the lane is finished (R-MG-6).
    pub score: Option<i64>,
}

impl Lane {
    fn new(target: i64) -> Self {
        Lane {
            target,
            fields: Vec::new(),
            score: None,
        }
    }

    #[inline(always)]
    pub fn finished(&self) -> bool {
        self.score.is_some()
    }

    /// The distance still to go (the target itself before the first field).
    pub fn distance(&self) -> i64 {
        match self.fields.last() {
            Some(&f) => (self.target - f).abs(),
            None => self.target,
        }
    }

    /// R-MG-5: the field a value makes: the first field is the value itself,
    /// later ones move the last field towards the target by the value.
    #[inline(always)]
    pub fn next_field(&self, v: i64) -> i64 {
        match self.fields.last() {
            None => v,
            Some(&f) if f < self.target => f + v,
            Some(&f) => f - v,
        }
    }

    /// Whether entering `v` ends this lane (a hit, or the seventh field).
    pub fn would_finish(&self, v: i64) -> bool {
        self.next_field(v) == self.target || self.fields.len() + 1 == FIELDS
    }

    /// R-MG-6: the score of a lane from its fields (None while unfinished).
    pub fn score_of(target: i64, fields: &[i64]) -> Option<i64> {
        if let Some(i) = fields.iter().position(|&f| f == target) {
            Some(2 * (FIELDS - 1 - i) as i64)
        } else if fields.len() == FIELDS {
            Some(-2)
        } else {
            None
        }
    }

    fn enter(&mut self, v: i64) -> i64 {
        let f = self.next_field(v);
        self.fields.push(f);
        self.score = Lane::score_of(self.target, &self.fields);
        f
    }
}

/// One player's sheet: the lanes and the parking slot (R-MG-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    pub lanes: Vec<Lane>,
    pub parked: Option<i64>,
}

impl Sheet {
    pub fn total(&self) -> i64 {
        self.lanes.iter().filter_map(|l| l.score).sum()
    }

    pub fn done(&self) -> bool {
        self.lanes.iter().all(Lane::finished)
    }

    pub fn open_lanes(&self) -> usize {
        self.lanes.iter().filter(|l| !l.finished()).count()
    }

    /// R-MG-7/R-MG-10: the last open lane may not be finished while a value
    /// is parked (by a throw; applying the parked value may finish it).
    pub fn may_enter(&self, lane: usize, v: i64) -> bool {
        let Some(l) = self.lanes.get(lane) else {
            return false;
        };
        let blocked = self.parked.is_some() && self.open_lanes() == 1 && l.would_finish(v);
        !l.finished() && !blocked
    }
}

/// A die of the set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Die {
    /// A green die by its position in the throw.
    Green(usize),
    White,
}

/// The dice on the table after a throw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throw {
    pub green: Vec<u8>,
    pub white: Option<u8>,
    /// R-MG-4: one re-roll per throw.
    pub rerolled: bool,
}

impl Throw {
    /// R-MG-3: green sum (1 if none) times the white die (1 if not thrown).
    pub fn value(&self) -> i64 {
        value_of(&self.green, self.white)
    }
}

pub fn value_of(green: &[u8], white: Option<u8>) -> i64 {
    let sum: i64 = green.iter().map(|&g| i64::from(g)).sum();
    let sum = if green.is_empty() { 1 } else { sum };
    sum * white.map_or(1, i64::from)
}

/// Where the current player is in their turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Before the throw (a parked value may be applied first, R-MG-10).
    Start,
    /// The dice are out, waiting to be re-rolled, entered or parked.
    Thrown(Throw),
    /// The throw is entered and a parked value waits: apply it or end the turn.
    Entered,
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// R-MG-3: throw this many green dice and the white die or not.
    Throw { green: u8, white: bool },
    /// R-MG-4: re-roll one thrown die, once.
    Reroll(Die),
    /// R-MG-5: enter the throw's value on this lane.
    Enter(usize),
    /// R-MG-7: park the throw's value.
    Park,
    /// R-MG-7: enter the parked value on this lane, as its own field.
    ApplyParked(usize),
    /// End the turn after entering, keeping the parked value for later.
    EndTurn,
    /// R-G-5: the faces of the dice thrown at the table, greens first.
    Faces(Vec<u8>),
}

/// Why MindGolf refuses an action (R-G-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Error {
    /// Choose at least one die, and no more green dice than the set has.
    BadDice,
    /// The dice are already thrown.
    AlreadyThrown,
    /// Throw first.
    NotThrown,
    /// Only one die may be re-rolled per throw (R-MG-4).
    RerollUsed,
    /// That die was not thrown.
    NoSuchDie,
    /// No such lane, or it is finished.
    LaneClosed,
    /// The parking slot is taken (R-MG-7).
    SlotTaken,
    /// Nothing is parked.
    NothingParked,
    /// The last open lane cannot be finished while a value is parked (R-MG-7).
    ParkedFirst,
    /// The turn can end only after the throw is entered or parked.
    NotYet,
    /// Teams are for exactly four players (R-MG-9).
    TeamsNeedFour,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::BadDice => "Choose at least one die, and no more green dice than the set has.",
            Error::AlreadyThrown => "The dice are already thrown.",
            Error::NotThrown => "Throw the dice first.",
            Error::RerollUsed => "Only one die may be re-rolled per throw.",
            Error::NoSuchDie => "That die was not thrown.",
            Error::LaneClosed => "That lane is finished or does not exist.",
            Error::SlotTaken => "The parking slot is taken: apply the parked value first.",
            Error::NothingParked => "Nothing is parked.",
            Error::ParkedFirst => {
                "Your last lane cannot be finished while a value is parked: apply it first."
            }
            Error::NotYet => "Enter or park the throw first.",
            Error::TeamsNeedFour => "Teams are for exactly four players.",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Thrown {
        seat: Seat,
        green: Vec<u8>,
        white: Option<u8>,
        value: i64,
    },
    Rerolled {
        seat: Seat,
        die: Die,
        from: u8,
        to: u8,
        value: i64,
    },
    /// A value went on a lane (`parked`: the parked value).
    Entered {
        seat: Seat,
        lane: usize,
        value: i64,
        field: i64,
        parked: bool,
        score: Option<i64>,
    },
    Parked {
        seat: Seat,
        value: i64,
    },
    /// R-MG-10: the player finished with the parked value; the throw of
    /// this turn not yet entered is dropped.
    Dropped {
        seat: Seat,
        value: i64,
    },
    PlayerDone {
        seat: Seat,
        total: i64,
    },
    TurnPassed {
        to: Seat,
    },
    GameOver,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MindGolf {
    rng: Rng,
    green_dice: u8,
    teams: bool,
    sheets: Vec<Sheet>,
    current: Seat,
    turn: u32,
    stage: Stage,
    #[serde(default)]
    dice: TableDice<Action>,
}

/// What a seat sees: everything but the PRNG (MindGolf has no secrets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub green_dice: u8,
    pub teams: bool,
    pub sheets: Vec<Sheet>,
    pub current: Seat,
    pub turn: u32,
    pub stage: Stage,
}

impl View {
    /// R-MG-9: a seat's team (seats 1 and 3 against 2 and 4).
    pub fn team_of(seat: Seat) -> usize {
        seat % 2
    }

    pub fn team_total(&self, team: usize) -> i64 {
        self.sheets
            .iter()
            .enumerate()
            .filter(|(s, _)| View::team_of(*s) == team)
            .map(|(_, sh)| sh.total())
            .sum()
    }
}

impl MindGolf {
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    pub fn current(&self) -> Seat {
        self.current
    }

    fn roll_dice(&mut self, n: usize, kind: DieKind) -> Vec<u8> {
        self.dice.draw(&mut self.rng, n, kind)
    }

    /// Ends the current player's turn and finds the next one with open lanes
    /// (R-MG-8), or ends the game.
    fn pass(&mut self, events: &mut Vec<Event>) {
        let n = self.sheets.len();
        let seat = self.current;
        if self.sheets[seat].done() {
            events.push(Event::PlayerDone {
                seat,
                total: self.sheets[seat].total(),
            });
        }
        for step in 1..=n {
            let next = (seat + step) % n;
            if !self.sheets[next].done() {
                self.current = next;
                self.turn += 1;
                self.stage = Stage::Start;
                events.push(Event::TurnPassed { to: next });
                return;
            }
        }
        self.stage = Stage::Over;
        events.push(Event::GameOver);
    }

    fn enter(
        &mut self,
        seat: Seat,
        lane: usize,
        value: i64,
        parked: bool,
        events: &mut Vec<Event>,
    ) {
        let l = &mut self.sheets[seat].lanes[lane];
        let field = l.enter(value);
        events.push(Event::Entered {
            seat,
            lane,
            value,
            field,
            parked,
            score: l.score,
        });
    }

    /// Why an action the legal list lacks is refused: MindGolf's own
    /// reasons, after the turn and the dice from the table
    /// (`chance::refusal`).
    fn refuse(&self, seat: Seat, action: &Action) -> RuleError<Error> {
        let sheet = &self.sheets[seat];
        let open = |lane: usize| sheet.lanes.get(lane).is_some_and(|l| !l.finished());
        RuleError::Game(match (action, &self.stage) {
            (Action::Throw { green, white }, Stage::Start) => {
                if (*green == 0 && !*white) || *green > self.green_dice {
                    Error::BadDice
                } else {
                    return Shared::NotOffered.into();
                }
            }
            (Action::Throw { .. }, _) => Error::AlreadyThrown,
            (Action::Reroll(die), Stage::Thrown(t)) => {
                let exists = match *die {
                    Die::Green(i) => i < t.green.len(),
                    Die::White => t.white.is_some(),
                };
                if t.rerolled {
                    Error::RerollUsed
                } else if !exists {
                    Error::NoSuchDie
                } else {
                    return Shared::NotOffered.into();
                }
            }
            (Action::Enter(lane), Stage::Thrown(t)) => {
                if !open(*lane) {
                    Error::LaneClosed
                } else if !sheet.may_enter(*lane, t.value()) {
                    Error::ParkedFirst
                } else {
                    return Shared::NotOffered.into();
                }
            }
            (Action::Park, Stage::Thrown(_)) => {
                if sheet.parked.is_some() {
                    Error::SlotTaken
                } else {
                    return Shared::NotOffered.into();
                }
            }
            (Action::ApplyParked(lane), Stage::Start | Stage::Thrown(_) | Stage::Entered) => {
                if sheet.parked.is_none() {
                    Error::NothingParked
                } else if !open(*lane) {
                    Error::LaneClosed
                } else {
                    return Shared::NotOffered.into();
                }
            }
            (Action::Reroll(_) | Action::Enter(_) | Action::Park | Action::Faces(_), _) => {
                Error::NotThrown
            }
            (Action::EndTurn | Action::ApplyParked(_), _) => Error::NotYet,
        })
    }

    /// Plays a legal action (entered faces are `chance::apply`'s).
    fn act(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
        match (action, self.stage.clone()) {
            (Action::Throw { green, white }, Stage::Start) => {
                let g = self.roll_dice(usize::from(*green), DieKind::Green);
                let w = if *white {
                    Some(self.roll_dice(1, DieKind::White)[0])
                } else {
                    None
                };
                let t = Throw {
                    green: g,
                    white: w,
                    rerolled: false,
                };
                ev.push(Event::Thrown {
                    seat,
                    green: t.green.clone(),
                    white: t.white,
                    value: t.value(),
                });
                self.stage = Stage::Thrown(t);
            }
            (Action::Reroll(die), Stage::Thrown(mut t)) => {
                let face = match *die {
                    Die::White => self.roll_dice(1, DieKind::White)[0],
                    Die::Green(_) => self.roll_dice(1, DieKind::Green)[0],
                };
                let from = match *die {
                    Die::Green(i) => std::mem::replace(&mut t.green[i], face),
                    Die::White => t.white.replace(face).unwrap_or(face),
                };
                t.rerolled = true;
                ev.push(Event::Rerolled {
                    seat,
                    die: *die,
                    from,
                    to: face,
                    value: t.value(),
                });
                self.stage = Stage::Thrown(t);
            }
            (Action::Enter(lane), Stage::Thrown(t)) => {
                self.enter(seat, *lane, t.value(), false, ev);
                if self.sheets[seat].parked.is_some() && !self.sheets[seat].done() {
                    self.stage = Stage::Entered;
                } else {
                    self.pass(ev);
                }
            }
            (Action::Park, Stage::Thrown(t)) => {
                let v = t.value();
                self.sheets[seat].parked = Some(v);
                ev.push(Event::Parked { seat, value: v });
                self.pass(ev);
            }
            (
                Action::ApplyParked(lane),
                stage @ (Stage::Start | Stage::Thrown(_) | Stage::Entered),
            ) => {
                let Some(v) = self.sheets[seat].parked.take() else {
                    return;
                };
                self.enter(seat, *lane, v, true, ev);
                if self.sheets[seat].done() {
                    // R-MG-10: finished by the parked value; an unentered
                    // throw of this turn is dropped.
                    if let Stage::Thrown(t) = stage {
                        ev.push(Event::Dropped {
                            seat,
                            value: t.value(),
                        });
                    }
                    self.pass(ev);
                } else if stage == Stage::Entered {
                    self.pass(ev);
                }
            }
            (Action::EndTurn, Stage::Entered) => self.pass(ev),
            // Not legal: `apply` refuses it before it comes here.
            _ => {}
        }
    }
}

impl Game for MindGolf {
    type Action = Action;
    type Event = Event;
    type Options = Options;
    type View = View;
    type Error = Error;

    const ID: &'static str = "mindgolf";
    const MIN_SEATS: usize = 1;
    const MAX_SEATS: usize = 8;
    const PRIVATE_INFO: bool = false;

    fn options_spec() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "lanes",
                kind: OptionKind::Set {
                    values: &TARGETS,
                    min: 6,
                    max: 8,
                    default: &TARGETS,
                },
            },
            OptionSpec {
                key: "green_dice",
                kind: OptionKind::Int {
                    min: 1,
                    max: 5,
                    default: GREEN_DICE,
                },
            },
            OptionSpec {
                key: "mode",
                kind: OptionKind::Choice {
                    values: &["tournament", "teams"],
                    default: "tournament",
                },
            },
            OptionSpec {
                key: "table_dice",
                kind: OptionKind::Bool { default: false },
            },
        ]
    }

    fn new(seats: usize, options: &Options, seed: u64) -> Result<Self, RuleError<Error>> {
        let teams = options.mode == "teams";
        if teams && seats != 4 {
            return Err(RuleError::Game(Error::TeamsNeedFour));
        }
        let sheet = Sheet {
            lanes: options.lanes.iter().map(|&t| Lane::new(t)).collect(),
            parked: None,
        };
        Ok(MindGolf {
            rng: Rng::new(seed),
            green_dice: options.green_dice as u8,
            teams,
            sheets: vec![sheet; seats],
            current: 0,
            turn: 1,
            stage: Stage::Start,
            dice: TableDice::new(options.table_dice),
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        if let Some(w) = self.dice.waiting() {
            vec![w.seat]
        } else if self.stage == Stage::Over {
            Vec::new()
        } else {
            vec![self.current]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat != self.current || self.stage == Stage::Over || self.dice.waiting().is_some() {
            return Vec::new();
        }
        let sheet = &self.sheets[seat];
        let open: Vec<usize> = (0..sheet.lanes.len())
            .filter(|&l| !sheet.lanes[l].finished())
            .collect();
        let mut out = Vec::new();
        let apply = |out: &mut Vec<Action>| {
            if sheet.parked.is_some() {
                out.extend(open.iter().map(|&l| Action::ApplyParked(l)));
            }
        };
        match &self.stage {
            Stage::Start => {
                for green in 0..=self.green_dice {
                    for white in [false, true] {
                        if green > 0 || white {
                            out.push(Action::Throw { green, white });
                        }
                    }
                }
                apply(&mut out);
            }
            Stage::Thrown(t) => {
                if !t.rerolled {
                    out.extend((0..t.green.len()).map(|i| Action::Reroll(Die::Green(i))));
                    if t.white.is_some() {
                        out.push(Action::Reroll(Die::White));
                    }
                }
                let v = t.value();
                out.extend(
                    open.iter()
                        .filter(|&&l| sheet.may_enter(l, v))
                        .map(|&l| Action::Enter(l)),
                );
                if sheet.parked.is_none() {
                    out.push(Action::Park);
                }
                apply(&mut out);
            }
            Stage::Entered => {
                apply(&mut out);
                out.push(Action::EndTurn);
            }
            Stage::Over => {}
        }
        out
    }

    // R-G-5: apply with dice from the table (`RealDice` below).
    crate::table_dice_moves!();

    fn scores(&self) -> Vec<i64> {
        self.sheets.iter().map(Sheet::total).collect()
    }

    fn recomputed_scores(&self) -> Vec<i64> {
        self.sheets
            .iter()
            .map(|s| {
                s.lanes
                    .iter()
                    // From the fields as written, not the stored circles.
                    .filter_map(|l| Lane::score_of(l.target, &l.fields))
                    .sum()
            })
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Over {
            return None;
        }
        let own = self.scores();
        let scores: Vec<i64> = if self.teams {
            let v = self.view(None);
            (0..own.len())
                .map(|s| v.team_total(View::team_of(s)))
                .collect()
        } else {
            own
        };
        // R-MG-8: highest total wins; R-MG-9: teams by team total.
        Some(Outcome {
            lost: Vec::new(),
            places: rank_by_key(&scores),
            scores,
        })
    }

    fn view(&self, _seat: Option<Seat>) -> View {
        View {
            green_dice: self.green_dice,
            teams: self.teams,
            sheets: self.sheets.clone(),
            current: self.current,
            turn: self.turn,
            stage: self.stage.clone(),
        }
    }

    fn check_secrets(
        &self,
        _seat: Option<Seat>,
        view: &View,
        events: &[Event],
    ) -> Result<(), String> {
        // MindGolf has no secrets but the PRNG.
        check_prng_hidden(&self.rng, &(view, events))
    }

    fn undoable(action: &Action, _events: &[Event]) -> bool {
        // Entering, parking and applying are choices; throws are chance.
        !matches!(action, Action::Throw { .. } | Action::Reroll(_))
    }

    fn turn_number(&self) -> u32 {
        self.turn
    }
}

impl RealDice for MindGolf {
    crate::table_dice_faces!();
}

impl ComputerPlayer for MindGolf {
    fn computer_action(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
        bot::decide(view, seat, level, rng)
    }

    fn baselines() -> &'static [&'static str] {
        &["greedy"]
    }

    fn baseline_action(name: &str, view: &View, seat: Seat, _rng: &mut Rng) -> Option<Action> {
        (name == "greedy").then(|| bot::greedy(view, seat))
    }

    fn warm_up(&self) -> bool {
        bot::LaneTable::warm_step(usize::from(self.green_dice))
    }
}

impl Coach for MindGolf {
    fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
        bot::evaluate(view, seat)
    }

    /// The sheet's final points, once its lanes are all played.
    fn coach_measure(_at: &Self, now: &Self, seat: Seat) -> Option<f64> {
        (now.sheets[seat].done() || now.stage == Stage::Over)
            .then(|| now.sheets[seat].total() as f64)
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl Verify for MindGolf {
    /// The dice to come are the only facts hidden from a seat.
    fn hidden_variant(&self, _seat: Option<Seat>, seed: u64) -> Option<Self> {
        crate::contract::with_chance_redrawn(self, seed)
    }

    fn arbitrary_action(rng: &mut Rng) -> Action {
        match rng.below(7) {
            6 => Action::Faces((0..rng.below(8)).map(|_| rng.below(8) as u8).collect()),
            0 => Action::Throw {
                green: rng.below(8) as u8,
                white: rng.below(2) == 0,
            },
            1 => Action::Reroll(if rng.below(3) == 0 {
                Die::White
            } else {
                Die::Green(rng.below(7) as usize)
            }),
            2 => Action::Enter(rng.below(10) as usize),
            3 => Action::Park,
            4 => Action::ApplyParked(rng.below(10) as usize),
            _ => Action::EndTurn,
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        for (s, sheet) in self.sheets.iter().enumerate() {
            for l in &sheet.lanes {
                if l.fields.len() > FIELDS {
                    return Err(format!("seat {s}: a lane has {} fields", l.fields.len()));
                }
                if l.score != Lane::score_of(l.target, &l.fields) {
                    return Err(format!("seat {s}: lane {} score {:?}", l.target, l.score));
                }
                if l.fields[..l.fields.len().saturating_sub(1)].contains(&l.target) {
                    return Err(format!("seat {s}: lane {} went on after its hit", l.target));
                }
            }
            if sheet.done() && sheet.parked.is_some() {
                return Err(format!("seat {s} finished with a value parked"));
            }
        }
        if self.stage == Stage::Over {
            if !self.sheets.iter().all(Sheet::done) {
                return Err("over with open lanes".into());
            }
        } else if self.sheets[self.current].done() {
            return Err("a finished player is to act".into());
        }
        Ok(())
    }
}

impl Simulate for MindGolf {
    fn figures(events: &[Vec<Event>]) -> Vec<Figure> {
        // Each seat's final total, for mean, median and spread per policy.
        events
            .iter()
            .flatten()
            .filter_map(|e| match e {
                Event::PlayerDone { seat, total } => Some(Figure {
                    name: "final total",
                    seat: *seat,
                    sum: *total as f64,
                    count: 1.0,
                }),
                _ => None,
            })
            .collect()
    }
}

#[cfg(feature = "cli")]
impl crate::contract::CliTools for MindGolf {}

pub mod bot;

#[cfg(test)]
mod tests;
