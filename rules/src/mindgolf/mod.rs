//! MindGolf (seeds/000_8bb51484df94ab4a.txt, rulings R-MG-1..10).
//!
//! Every player has a sheet of golf lanes, each with a target distance and
//! seven fields. A turn: choose which dice to throw, throw, optionally re-roll
//! one thrown die once, then enter the value on a lane or park it.

use crate::contract::{
    rank_by_key, require_turn, Figure, Game, Level, OptionKind, OptionSpec, Outcome, RuleError,
    Seat,
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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            lanes: TARGETS.to_vec(),
            green_dice: GREEN_DICE,
            mode: "tournament".into(),
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

    fn roll_dice(&mut self, n: usize) -> Vec<u8> {
        self.rng.dice(n)
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

    fn act(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) -> Result<(), Error> {
        let open = |s: &Sheet, lane: usize| s.lanes.get(lane).is_some_and(|l| !l.finished());
        match (action, self.stage.clone()) {
            (Action::Throw { green, white }, Stage::Start) => {
                if (*green == 0 && !*white) || *green > self.green_dice {
                    return Err(Error::BadDice);
                }
                let g = self.roll_dice(usize::from(*green));
                let w = if *white {
                    Some(self.roll_dice(1)[0])
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
                Ok(())
            }
            (Action::Throw { .. }, _) => Err(Error::AlreadyThrown),
            (Action::Reroll(die), Stage::Thrown(mut t)) => {
                if t.rerolled {
                    return Err(Error::RerollUsed);
                }
                let face = self.roll_dice(1)[0];
                let from = match *die {
                    Die::Green(i) if i < t.green.len() => std::mem::replace(&mut t.green[i], face),
                    Die::White if t.white.is_some() => t.white.replace(face).unwrap_or(face),
                    _ => return Err(Error::NoSuchDie),
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
                Ok(())
            }
            (Action::Reroll(_), _) => Err(Error::NotThrown),
            (Action::Enter(lane), Stage::Thrown(t)) => {
                let v = t.value();
                let sheet = &self.sheets[seat];
                if !open(sheet, *lane) {
                    return Err(Error::LaneClosed);
                }
                if !sheet.may_enter(*lane, v) {
                    return Err(Error::ParkedFirst);
                }
                self.enter(seat, *lane, v, false, ev);
                if self.sheets[seat].parked.is_some() && !self.sheets[seat].done() {
                    self.stage = Stage::Entered;
                } else {
                    self.pass(ev);
                }
                Ok(())
            }
            (Action::Enter(_), _) => Err(Error::NotThrown),
            (Action::Park, Stage::Thrown(t)) => {
                if self.sheets[seat].parked.is_some() {
                    return Err(Error::SlotTaken);
                }
                let v = t.value();
                self.sheets[seat].parked = Some(v);
                ev.push(Event::Parked { seat, value: v });
                self.pass(ev);
                Ok(())
            }
            (Action::Park, _) => Err(Error::NotThrown),
            (
                Action::ApplyParked(lane),
                stage @ (Stage::Start | Stage::Thrown(_) | Stage::Entered),
            ) => {
                let Some(v) = self.sheets[seat].parked else {
                    return Err(Error::NothingParked);
                };
                if !open(&self.sheets[seat], *lane) {
                    return Err(Error::LaneClosed);
                }
                self.sheets[seat].parked = None;
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
                Ok(())
            }
            (Action::EndTurn, Stage::Entered) => {
                self.pass(ev);
                Ok(())
            }
            (Action::EndTurn, _) => Err(Error::NotYet),
            (_, Stage::Over) => Err(Error::NotYet),
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
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.stage == Stage::Over {
            Vec::new()
        } else {
            vec![self.current]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat != self.current || self.stage == Stage::Over {
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
        // Entering, parking and applying are choices; throws are chance.
        !matches!(action, Action::Throw { .. } | Action::Reroll(_))
    }

    fn turn_number(&self) -> u32 {
        self.turn
    }

    fn warm_up(&self) {
        bot::LaneTable::get(usize::from(self.green_dice));
    }

    fn arbitrary_action(rng: &mut Rng) -> Action {
        match rng.below(6) {
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

/// The computer players.
pub mod bot {
    use super::*;

    /// Distances a lane can be at: 0..=MAX_DIST.
    const MAX_DIST: usize = 240;

    /// Every re-roll open for these dice (R-MG-4; equal green faces are one
    /// choice) with the expected payoff of its new value.
    pub fn rerolls(green: &[u8], white: Option<u8>, pay: &dyn Fn(i64) -> f64) -> Vec<(Die, f64)> {
        let sum: i64 = green.iter().map(|&x| i64::from(x)).sum();
        let mult = white.map_or(1, i64::from);
        let mut out = Vec::new();
        let mut seen = [false; 7];
        for (i, &f) in green.iter().enumerate() {
            if std::mem::replace(&mut seen[f as usize], true) {
                continue;
            }
            let base = sum - i64::from(f);
            let avg = (1..=6).map(|nf| pay((base + nf) * mult)).sum::<f64>() / 6.0;
            out.push((Die::Green(i), avg));
        }
        if white.is_some() {
            let s = if green.is_empty() { 1 } else { sum };
            out.push((Die::White, (1..=6).map(|nw| pay(s * nw)).sum::<f64>() / 6.0));
        }
        out
    }

    /// The exact expected payoff of throwing (`green`, `white`) when each
    /// possible value v pays `pay[v]`, re-rolling one die where that pays
    /// more on average (R-MG-4).
    pub fn throw_value(green: usize, white: bool, pay: &dyn Fn(i64) -> f64) -> f64 {
        let pays: Vec<f64> = (0..=MAX_VALUE).map(pay).collect();
        let p = |v: i64| pays[v as usize];
        let whites: &[Option<u8>] = if white {
            &[Some(1), Some(2), Some(3), Some(4), Some(5), Some(6)]
        } else {
            &[None]
        };
        let mut total = 0.0;
        let pw = if white { 1.0 / 6.0 } else { 1.0 };
        for (g, pg) in dice_multisets(green) {
            for &w in whites {
                let best = rerolls(&g, w, &p)
                    .into_iter()
                    .map(|(_, avg)| avg)
                    .fold(p(value_of(&g, w)), f64::max);
                total += pg * pw * best;
            }
        }
        total
    }

    /// The exact value of a lane at distance x with k fields left, playing
    /// that lane alone optimally (choice of dice and re-roll by expectation):
    /// value[k][x], by dynamic programming over k.
    pub struct LaneTable {
        value: Vec<Vec<f64>>,
    }

    impl LaneTable {
        fn build(green_dice: usize) -> LaneTable {
            let mut value = vec![vec![0.0; MAX_DIST + 1]; FIELDS + 1];
            for k in 1..=FIELDS {
                let prev = value[k - 1].clone();
                // What ending at distance y with k-1 fields left is worth.
                let after = |y: i64| -> f64 {
                    if y == 0 {
                        2.0 * (k - 1) as f64
                    } else if k == 1 {
                        -2.0
                    } else {
                        prev[(y as usize).min(MAX_DIST)]
                    }
                };
                for (x, slot) in value[k].iter_mut().enumerate().skip(1) {
                    let pay = |v: i64| after((x as i64 - v).abs());
                    let mut best = f64::MIN;
                    for g in 0..=green_dice {
                        for white in [false, true] {
                            if g > 0 || white {
                                best = best.max(throw_value(g, white, &pay));
                            }
                        }
                    }
                    *slot = best;
                }
            }
            LaneTable { value }
        }

        /// The table for a set with this many green dice, built once.
        pub fn get(green_dice: usize) -> &'static LaneTable {
            static TABLES: OnceLock<Mutex<HashMap<usize, &'static LaneTable>>> = OnceLock::new();
            let tables = TABLES.get_or_init(Default::default);
            let mut t = tables.lock().unwrap_or_else(|e| e.into_inner());
            t.entry(green_dice)
                .or_insert_with(|| Box::leak(Box::new(LaneTable::build(green_dice))))
        }

        /// The expected final score of a lane in this state.
        pub fn lane_value(&self, lane: &Lane) -> f64 {
            if let Some(s) = lane.score {
                return s as f64;
            }
            let k = FIELDS - lane.fields.len();
            match lane.fields.last() {
                Some(_) => self.value[k][(lane.distance() as usize).min(MAX_DIST)],
                // Not started: the first value becomes the first field.
                None => self.fresh(lane.target),
            }
        }

        /// A lane not yet started: its best first throw's expectation.
        fn fresh(&self, target: i64) -> f64 {
            // The same recursion with the first field being the value itself:
            // distance afterwards |target - v|, exactly as from distance target.
            self.value[FIELDS][(target as usize).min(MAX_DIST)]
        }
    }

    /// The value of entering `v` on lane `l` (its expected final score
    /// afterwards), without building the lane.
    fn entered(t: &LaneTable, l: &Lane, v: i64) -> f64 {
        let f = l.next_field(v);
        let left = FIELDS - l.fields.len() - 1;
        if f == l.target {
            2.0 * left as f64
        } else if left == 0 {
            -2.0
        } else {
            t.value[left][((l.target - f).unsigned_abs() as usize).min(MAX_DIST)]
        }
    }

    /// The gain of entering `v` on lane `i` (None if the rules forbid it).
    fn gain(t: &LaneTable, sheet: &Sheet, i: usize, v: i64) -> Option<f64> {
        let l = &sheet.lanes[i];
        sheet
            .may_enter(i, v)
            .then(|| entered(t, l, v) - t.lane_value(l))
    }

    /// A value is placed sooner or later (every turn places one value once
    /// the slot is full; turns cost nothing), so a value's worth is its best
    /// gain on the lanes as they are; parking keeps the choice open, a hair
    /// better than placing now.
    const KEEP_OPEN: f64 = 0.01;

    /// The best decision for a throw of value `v` on this sheet, and what it
    /// is worth: the gains of the value placed now plus the value kept in
    /// the slot, each at its best lane.
    fn placement(t: &LaneTable, sheet: &Sheet, v: i64) -> Vec<(f64, Action)> {
        let n = sheet.lanes.len();
        let mut out = Vec::new();
        match sheet.parked {
            None => {
                let best = (0..n)
                    .filter_map(|i| gain(t, sheet, i, v))
                    .fold(f64::MIN, f64::max);
                for i in 0..n {
                    if let Some(g) = gain(t, sheet, i, v) {
                        out.push((g, Action::Enter(i)));
                    }
                }
                // Parking: the same value, placed later, with the choice kept.
                let later = sheet
                    .lanes
                    .iter()
                    .filter(|l| !l.finished())
                    .map(|l| entered(t, l, v) - t.lane_value(l))
                    .fold(best, f64::max);
                out.push((later + KEEP_OPEN, Action::Park));
            }
            Some(p) => {
                let open: Vec<usize> = (0..n).filter(|&i| !sheet.lanes[i].finished()).collect();
                let gp: Vec<f64> = (0..n)
                    .map(|j| {
                        if sheet.lanes[j].finished() {
                            f64::MIN
                        } else {
                            entered(t, &sheet.lanes[j], p) - t.lane_value(&sheet.lanes[j])
                        }
                    })
                    .collect();
                // Enter the throw on i, keep p for its best lane (i changed).
                for &i in &open {
                    let Some(gv) = gain(t, sheet, i, v) else {
                        continue;
                    };
                    let mut lane = sheet.lanes[i].clone();
                    lane.enter(v);
                    let keep = open
                        .iter()
                        .map(|&j| {
                            if j == i {
                                if lane.finished() {
                                    f64::MIN
                                } else {
                                    entered(t, &lane, p) - t.lane_value(&lane)
                                }
                            } else {
                                gp[j]
                            }
                        })
                        .fold(f64::MIN, f64::max);
                    let keep = if keep == f64::MIN { 0.0 } else { keep };
                    out.push((gv + keep, Action::Enter(i)));
                }
                // Apply p on i, then the throw (entered or parked) at its best.
                for &i in &open {
                    let mut s2 = sheet.clone();
                    s2.lanes[i].enter(p);
                    s2.parked = None;
                    let then = if s2.done() {
                        0.0
                    } else {
                        placement(t, &s2, v)
                            .into_iter()
                            .map(|o| o.0)
                            .fold(f64::MIN, f64::max)
                    };
                    out.push((gp[i] + then, Action::ApplyParked(i)));
                }
            }
        }
        out
    }

    fn best_of(options: &[(f64, Action)]) -> f64 {
        options.iter().map(|o| o.0).fold(f64::MIN, f64::max)
    }

    /// The strong and casual players' choice.
    pub fn decide(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
        let sheet = &view.sheets[seat];
        let t = LaneTable::get(usize::from(view.green_dice));
        let worth = |v: i64| best_of(&placement(t, sheet, v));
        let mut options: Vec<(f64, Action)> = Vec::new();
        match &view.stage {
            Stage::Start => {
                // The parked value can still be applied after the throw, so
                // throw first; choose the dice by the exact expectation.
                let pays: Vec<f64> = (0..=MAX_VALUE).map(worth).collect();
                for g in 0..=view.green_dice {
                    for white in [false, true] {
                        if g > 0 || white {
                            let ev = throw_value(usize::from(g), white, &|v| pays[v as usize]);
                            options.push((ev, Action::Throw { green: g, white }));
                        }
                    }
                }
            }
            Stage::Entered => {
                // Keep the parked value for a better moment unless a lane
                // wants it now more than it is worth later.
                if let Some(p) = sheet.parked {
                    for (i, l) in sheet.lanes.iter().enumerate() {
                        if !l.finished() {
                            options
                                .push((entered(t, l, p) - t.lane_value(l), Action::ApplyParked(i)));
                        }
                    }
                    let later = best_of(&options);
                    options.push((later + KEEP_OPEN, Action::EndTurn));
                } else {
                    options.push((0.0, Action::EndTurn));
                }
            }
            Stage::Thrown(th) => {
                options = placement(t, sheet, th.value());
                if !th.rerolled {
                    for (die, avg) in rerolls(&th.green, th.white, &worth) {
                        options.push((avg, Action::Reroll(die)));
                    }
                }
            }
            Stage::Over => return Action::EndTurn,
        }
        if options.is_empty() {
            return Action::EndTurn;
        }
        match level {
            Level::Strong => {
                let mut best = 0;
                for (i, o) in options.iter().enumerate() {
                    if o.0 > options[best].0 + 1e-9 {
                        best = i;
                    }
                }
                options.swap_remove(best).1
            }
            Level::Casual => {
                // Plausible: mostly good choices, sometimes a worse one.
                let top = best_of(&options);
                let weights: Vec<f64> = options
                    .iter()
                    .map(|o| ((o.0 - top) / CASUAL_TEMPERATURE).exp())
                    .collect();
                let total: f64 = weights.iter().sum();
                let mut x = rng.below(1 << 30) as f64 / f64::from(1u32 << 30) * total;
                for (i, w) in weights.iter().enumerate() {
                    if x < *w {
                        return options.swap_remove(i).1;
                    }
                    x -= w;
                }
                options.pop().map(|o| o.1).unwrap_or(Action::EndTurn)
            }
        }
    }

    /// Points of expectation that make a casual player's choice 1/e as likely.
    const CASUAL_TEMPERATURE: f64 = 0.7;

    /// The greedy baseline: throw the dice whose average value is nearest the
    /// closest lane's distance, never re-roll or park, and enter where the
    /// lane comes closest to its target.
    pub fn greedy(view: &View, seat: Seat) -> Action {
        let sheet = &view.sheets[seat];
        match &view.stage {
            Stage::Start => {
                let want = sheet
                    .lanes
                    .iter()
                    .filter(|l| !l.finished())
                    .map(Lane::distance)
                    .min()
                    .unwrap_or(1) as f64;
                let mut best = (
                    f64::MAX,
                    Action::Throw {
                        green: 1,
                        white: false,
                    },
                );
                for g in 0..=view.green_dice {
                    for white in [false, true] {
                        if g == 0 && !white {
                            continue;
                        }
                        let mean = if g == 0 { 1.0 } else { 3.5 * f64::from(g) }
                            * if white { 3.5 } else { 1.0 };
                        let d = (mean - want).abs();
                        if d < best.0 {
                            best = (d, Action::Throw { green: g, white });
                        }
                    }
                }
                best.1
            }
            Stage::Thrown(th) => {
                let v = th.value();
                let mut best: Option<(i64, usize)> = None;
                for (i, l) in sheet.lanes.iter().enumerate() {
                    if sheet.may_enter(i, v) {
                        let d = (l.target - l.next_field(v)).abs();
                        if best.is_none_or(|(bd, _)| d < bd) {
                            best = Some((d, i));
                        }
                    }
                }
                match best {
                    Some((_, i)) => Action::Enter(i),
                    None => match sheet.parked {
                        // Only the parked value may finish the last lane.
                        Some(_) => Action::ApplyParked(
                            sheet.lanes.iter().position(|l| !l.finished()).unwrap_or(0),
                        ),
                        None => Action::Park,
                    },
                }
            }
            Stage::Entered | Stage::Over => Action::EndTurn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{new_game, parse_options, Shared};
    use crate::driver::{property, property_with, solo_mean, Policy};

    fn game(seats: usize) -> MindGolf {
        new_game::<MindGolf>(seats, &Options::default(), 1).unwrap()
    }

    /// Puts these dice on the table for the current player.
    fn thrown(g: &mut MindGolf, green: &[u8], white: Option<u8>) {
        g.stage = Stage::Thrown(Throw {
            green: green.to_vec(),
            white,
            rerolled: false,
        });
    }

    /// A seed whose next die shows `face`.
    fn rng_for(face: u8) -> Rng {
        (0..)
            .map(Rng::new)
            .find(|r| r.clone().d6() == face)
            .unwrap()
    }

    fn lane_index(g: &MindGolf, target: i64) -> usize {
        g.sheets[g.current]
            .lanes
            .iter()
            .position(|l| l.target == target)
            .unwrap()
    }

    #[test]
    fn lanes_and_their_targets_r_mg_1() {
        // R-MG-1: 48, 75, 90, 116, 55, 84, 108, 222, seven fields each.
        let g = game(1);
        let targets: Vec<i64> = g.sheets[0].lanes.iter().map(|l| l.target).collect();
        assert_eq!(targets, vec![48, 75, 90, 116, 55, 84, 108, 222]);
        // The option picks 6 to 8 of them.
        let o = parse_options::<MindGolf>(&serde_json::json!({"lanes": [48, 75, 90, 116, 55, 84]}))
            .unwrap();
        assert_eq!(
            new_game::<MindGolf>(1, &o, 1).unwrap().sheets[0]
                .lanes
                .len(),
            6
        );
        for bad in [
            serde_json::json!([48, 75, 90, 116, 55]),
            serde_json::json!([48, 48, 75, 90, 116, 55]),
        ] {
            assert!(parse_options::<MindGolf>(&serde_json::json!({ "lanes": bad })).is_err());
        }
    }

    #[test]
    fn dice_set_and_value_r_mg_2_r_mg_3() {
        // R-MG-3: green sum times white; 1 if no green; white 1 if not thrown.
        assert_eq!(value_of(&[1, 4, 5], Some(4)), 40); // the text's example
        assert_eq!(value_of(&[], Some(5)), 5);
        assert_eq!(value_of(&[3], None), 3);
        assert_eq!(value_of(&[6, 6], None), 12);
        // R-MG-2: three green dice by default, 1..5 as an option.
        let mut g = game(1);
        assert_eq!(
            g.apply(
                0,
                &Action::Throw {
                    green: 4,
                    white: true
                }
            ),
            Err(RuleError::Game(Error::BadDice))
        );
        assert_eq!(
            g.apply(
                0,
                &Action::Throw {
                    green: 0,
                    white: false
                }
            ),
            Err(RuleError::Game(Error::BadDice))
        );
        let ev = g
            .apply(
                0,
                &Action::Throw {
                    green: 3,
                    white: true,
                },
            )
            .unwrap();
        assert!(matches!(&ev[0], Event::Thrown { green, white: Some(_), .. } if green.len() == 3));
        let o = parse_options::<MindGolf>(&serde_json::json!({"green_dice": 5})).unwrap();
        let mut g5 = new_game::<MindGolf>(1, &o, 1).unwrap();
        assert!(g5
            .apply(
                0,
                &Action::Throw {
                    green: 5,
                    white: false
                }
            )
            .is_ok());
        assert!(parse_options::<MindGolf>(&serde_json::json!({"green_dice": 6})).is_err());
    }

    #[test]
    fn one_reroll_binding_r_mg_4() {
        // R-MG-4, the text's example: 1+4+5 x 4 = 40; re-rolling the 1 to a
        // 2 gives 44, binding.
        let mut g = game(1);
        thrown(&mut g, &[1, 4, 5], Some(4));
        g.rng = rng_for(2);
        let ev = g.apply(0, &Action::Reroll(Die::Green(0))).unwrap();
        assert_eq!(
            ev,
            vec![Event::Rerolled {
                seat: 0,
                die: Die::Green(0),
                from: 1,
                to: 2,
                value: 44
            }]
        );
        assert_eq!(
            g.apply(0, &Action::Reroll(Die::Green(1))),
            Err(RuleError::Game(Error::RerollUsed))
        );
        assert!(!g
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Reroll(_))));
        let lane = lane_index(&g, 48);
        g.apply(0, &Action::Enter(lane)).unwrap();
        assert_eq!(g.sheets[0].lanes[lane].fields, vec![44]);
    }

    #[test]
    fn entering_toward_the_target_r_mg_5_r_mg_6() {
        // R-MG-5/6, the text's example: lane 48 played 44, 50, 48 scores 8.
        let mut g = game(1);
        let lane = lane_index(&g, 48);
        for (green, field) in [(vec![2, 4, 5], 44), (vec![6], 50), (vec![2], 48)] {
            thrown(&mut g, &green, if field == 44 { Some(4) } else { None });
            g.apply(0, &Action::Enter(lane)).unwrap();
            assert_eq!(*g.sheets[0].lanes[lane].fields.last().unwrap(), field);
        }
        assert_eq!(g.sheets[0].lanes[lane].score, Some(8));
        assert_eq!(g.scores(), vec![8]);
        // Below zero is allowed: 48 then 60 above, then 70 down to -10.
        let mut l = Lane::new(48);
        l.enter(60);
        assert_eq!(l.next_field(70), -10);
        l.enter(70);
        assert_eq!(l.distance(), 58);
        assert_eq!(l.next_field(8), -2);
    }

    #[test]
    fn seventh_field_r_mg_6() {
        // R-MG-6: a 7th field that misses scores -2, one that hits scores 0.
        let miss = [10, 20, 30, 40, 41, 42, 43];
        assert_eq!(Lane::score_of(48, &miss), Some(-2));
        let hit = [10, 20, 30, 40, 41, 42, 48];
        assert_eq!(Lane::score_of(48, &hit), Some(0));
        assert_eq!(Lane::score_of(48, &hit[..6]), None);
        // A hit on the first field leaves six empty: 12.
        assert_eq!(Lane::score_of(48, &[48]), Some(12));
    }

    #[test]
    fn parking_r_mg_7_r_mg_10() {
        // R-MG-7, the text's example: a parked 15 applied after a 40 finishes
        // lane 55 with five empty fields: 10 points.
        let mut g = game(2);
        let lane = lane_index(&g, 55);
        thrown(&mut g, &[5, 5, 5], None);
        g.apply(0, &Action::Park).unwrap();
        assert_eq!(g.sheets[0].parked, Some(15));
        assert_eq!(g.current, 1, "parking ends the turn");
        g.current = 0;
        g.stage = Stage::Start;
        thrown(&mut g, &[5, 5], Some(4));
        // Only while the slot is empty.
        assert_eq!(
            g.apply(0, &Action::Park),
            Err(RuleError::Game(Error::SlotTaken))
        );
        g.apply(0, &Action::Enter(lane)).unwrap();
        // R-MG-10: after the entry the parked value may still be applied.
        assert_eq!(g.stage, Stage::Entered);
        let ev = g.apply(0, &Action::ApplyParked(lane)).unwrap();
        assert!(ev.contains(&Event::Entered {
            seat: 0,
            lane,
            value: 15,
            field: 55,
            parked: true,
            score: Some(10)
        }));
        assert_eq!(g.sheets[0].lanes[lane].fields, vec![40, 55]);
        assert_eq!(g.sheets[0].parked, None);
        // Never added to a fresh throw: there is no action that combines them,
        // and applying before the throw is its own field.
        let mut h = game(1);
        h.sheets[0].parked = Some(15);
        let l48 = lane_index(&h, 48);
        h.apply(0, &Action::ApplyParked(l48)).unwrap();
        assert_eq!(h.sheets[0].lanes[l48].fields, vec![15]);
        assert_eq!(
            h.stage,
            Stage::Start,
            "applied before the throw: the turn goes on"
        );
    }

    #[test]
    fn last_lane_not_finished_while_parked_r_mg_7_r_mg_10() {
        // R-MG-7/10: neither a hit nor a 7th-field miss may end the last open
        // lane while a value is parked; the parked value may, and then an
        // unentered throw is dropped.
        let mut g = game(1);
        for l in g.sheets[0].lanes.iter_mut().skip(1) {
            l.fields = vec![l.target];
            l.score = Some(12);
        }
        g.sheets[0].lanes[0].fields = vec![40];
        g.sheets[0].parked = Some(3);
        thrown(&mut g, &[4, 4], None); // 8 would hit 48
        assert_eq!(
            g.apply(0, &Action::Enter(0)),
            Err(RuleError::Game(Error::ParkedFirst))
        );
        assert!(!g.legal_actions(0).contains(&Action::Enter(0)));
        // A 7th-field miss is the same.
        let mut h = g.clone();
        h.sheets[0].lanes[0].fields = vec![1, 2, 3, 4, 5, 40];
        thrown(&mut h, &[1], None);
        assert_eq!(
            h.apply(0, &Action::Enter(0)),
            Err(RuleError::Game(Error::ParkedFirst))
        );
        // Applying the parked value is allowed; when it finishes the last
        // lane, the throw is dropped and the player is done.
        let mut k = g.clone();
        k.sheets[0].lanes[0].fields = vec![45];
        let ev = k.apply(0, &Action::ApplyParked(0)).unwrap();
        assert!(ev.contains(&Event::Dropped { seat: 0, value: 8 }));
        assert!(ev.contains(&Event::GameOver));
        assert!(k.is_over());
        // Not finishing: the throw then goes on the lane with the slot empty.
        g.apply(0, &Action::ApplyParked(0)).unwrap();
        assert_eq!(g.sheets[0].lanes[0].fields, vec![40, 43]);
        g.apply(0, &Action::Enter(0)).unwrap();
        // 43 is below 48: the 8 moves it up, past the target (R-MG-5).
        assert_eq!(g.sheets[0].lanes[0].fields, vec![40, 43, 51]);
    }

    #[test]
    fn turns_skip_finished_players_and_the_game_ends_r_mg_8() {
        let mut g = game(3);
        for l in g.sheets[1].lanes.iter_mut() {
            l.fields = vec![l.target];
            l.score = Some(12);
        }
        thrown(&mut g, &[1], None);
        g.apply(0, &Action::Enter(0)).unwrap();
        assert_eq!(g.current, 2, "seat 1 has finished and is skipped");
        // Everyone done: over, highest total wins.
        let mut h = game(2);
        for s in 0..2 {
            for l in h.sheets[s].lanes.iter_mut() {
                l.fields = vec![l.target];
                l.score = Some(12);
            }
        }
        h.sheets[0].lanes[0] = Lane::new(48);
        h.sheets[0].lanes[0].fields = vec![40];
        thrown(&mut h, &[8], None);
        let ev = h.apply(0, &Action::Enter(0)).unwrap();
        assert!(ev.contains(&Event::GameOver));
        let o = h.outcome().unwrap();
        assert_eq!(o.scores, vec![7 * 12 + 10, 8 * 12]);
        assert_eq!(o.places, vec![2, 1]);
    }

    #[test]
    fn teams_for_four_r_mg_9() {
        // R-MG-9: tournament by default; teams need four players, seats 1+3
        // against 2+4, and a team scores the sum of its members.
        let teams = parse_options::<MindGolf>(&serde_json::json!({"mode": "teams"})).unwrap();
        assert_eq!(
            new_game::<MindGolf>(3, &teams, 1).unwrap_err(),
            RuleError::Game(Error::TeamsNeedFour)
        );
        let mut g = new_game::<MindGolf>(4, &teams, 1).unwrap();
        for (s, sheet) in g.sheets.iter_mut().enumerate() {
            for l in sheet.lanes.iter_mut() {
                l.fields = vec![l.target];
                l.score = Some(s as i64);
            }
        }
        g.stage = Stage::Over;
        let o = g.outcome().unwrap();
        // Totals 0, 8, 16, 24: team A (seats 0, 2) 16, team B (1, 3) 32.
        assert_eq!(o.scores, vec![16, 32, 16, 32]);
        assert_eq!(o.places, vec![3, 1, 3, 1]);
        assert_eq!(Options::default().mode, "tournament");
        assert!(matches!(
            parse_options::<MindGolf>(&serde_json::json!({"mode": "pairs"})),
            Err(Shared::OptionUnknown { .. })
        ));
    }

    #[test]
    fn lane_table_is_exact_for_one_field_left() {
        // With one field left at distance x, the best single throw's chance
        // of hitting x exactly decides: value = P(hit) * 0 + P(miss) * -2.
        let t = bot::LaneTable::get(3);
        let mut l = Lane::new(48);
        l.fields = vec![1, 2, 3, 4, 5, 42];
        // Distance 6: one die hits with 1/6, re-rolling it when it misses
        // hits with 1/6 again: P = 1/6 + 5/6 * 1/6 = 11/36.
        let v = t.lane_value(&l);
        assert!((v - (-2.0 * 25.0 / 36.0)).abs() < 1e-9, "{v}");
        // Brute force over one green die with a re-roll, for every distance
        // up to 6, against the table through the same throw_value.
        for x in 1..=6i64 {
            let p = bot::throw_value(1, false, &|v| if v == x { 0.0 } else { -2.0 });
            assert!((p - (-2.0 * 25.0 / 36.0)).abs() < 1e-9, "x {x}: {p}");
        }
    }

    #[test]
    fn players_rank_strong_over_casual_over_greedy_over_random() {
        let mean = |p: Policy| solo_mean::<MindGolf>(&p, &Options::default(), 40);
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
        // Random play (the widest spread of states, parking included) over
        // 2000 seeded games: every check after every move.
        property_with::<MindGolf>(
            2000,
            |i| 1 + (i % 4) as usize,
            |i| Options {
                lanes: if i % 2 == 0 {
                    TARGETS[2..].to_vec()
                } else {
                    TARGETS.to_vec()
                },
                green_dice: 1 + (i % 5) as i64,
                mode: if i % 8 == 3 {
                    "teams".into()
                } else {
                    "tournament".into()
                },
            },
            |_, _| Policy::Random,
        )
        .unwrap();
    }

    #[test]
    fn property_thousands_of_seeded_games() {
        // 1..5 seats, every option class, strong, casual and random players.
        property::<MindGolf>(
            500,
            |i| if i % 5 == 4 { 4 } else { 1 + (i % 4) as usize },
            |i| Options {
                lanes: if i % 3 == 0 {
                    TARGETS[..6].to_vec()
                } else {
                    TARGETS.to_vec()
                },
                green_dice: 1 + (i % 5) as i64,
                mode: if i % 5 == 4 && i % 2 == 0 {
                    "teams".into()
                } else {
                    "tournament".into()
                },
            },
        )
        .unwrap();
    }
}
