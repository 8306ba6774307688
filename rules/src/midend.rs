//! The midend shared by every game (after Simon Tatham's puzzle collection): a
//! game record (seed, seats, options, every accepted action) and the state it
//! replays to. Saving stores the record; loading replays it, so a reload shows
//! exactly the same dice (R-G-1) and a bad file is refused with a reason.

use crate::contract::{new_game, Level, Playable, RuleError, Seat, Shared, MAX_NAME};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who sits in a seat. Any seat can switch between human and computer mid-game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Human,
    Computer,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    pub kind: SeatKind,
    /// How a computer plays this seat (kept for a human seat, so switching it
    /// to the computer keeps the level chosen last).
    #[serde(default)]
    pub level: Level,
    /// Set once the seat changed between human and computer, or its level,
    /// after the first move: no one played it as that computer for the
    /// whole game, so the statistics do not count it as one.
    #[serde(default, skip_serializing_if = "is_false")]
    pub switched: bool,
    /// How a simulated seat chose its moves (`simulate --records`: strong,
    /// casual, random or a baseline such as greedy); none in the app.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// A person playing on their own phone (issue 41): the host neither
    /// shows this seat's decisions nor hands the device to it; it invites
    /// the phone again after a reload.
    #[serde(default, skip_serializing_if = "is_false")]
    pub remote: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl SeatInfo {
    pub fn human(name: impl Into<String>) -> Self {
        SeatInfo {
            name: name.into(),
            kind: SeatKind::Human,
            level: Level::default(),
            switched: false,
            policy: None,
            remote: false,
        }
    }

    pub fn computer(name: impl Into<String>, level: Level) -> Self {
        SeatInfo {
            name: name.into(),
            kind: SeatKind::Computer,
            level,
            switched: false,
            policy: None,
            remote: false,
        }
    }
}

/// One accepted action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Move<A> {
    pub seat: Seat,
    pub action: A,
}

/// Everything needed to replay a game, and nothing else. This is the format of
/// saved games and of the command-line tool's replay files.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Playable> {
    pub game: String,
    pub seed: u64,
    #[serde(default)]
    pub options: G::Options,
    pub seats: Vec<SeatInfo>,
    #[serde(default, alias = "actions")]
    pub moves: Vec<Move<G::Action>>,
    /// The coach was on (issue 25): the app offers the strong player's
    /// evaluation of every decision; the result says so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub coach: bool,
    /// A guided first game (issue 25): the app leads the person through it
    /// and keeps it out of the history and statistics.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lesson: bool,
}

impl<G: Playable> PartialEq for Record<G> {
    fn eq(&self, o: &Self) -> bool {
        self.game == o.game
            && self.seed == o.seed
            && self.options == o.options
            && self.seats == o.seats
            && self.moves == o.moves
            && self.coach == o.coach
            && self.lesson == o.lesson
    }
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchError<E> {
    /// The record is of another game.
    WrongGame {
        found: String,
        expected: &'static str,
    },
    /// The seats or options are refused before any move.
    Setup(RuleError<E>),
    /// Move `index` (from 1) names a seat the game does not have.
    NoSeat { index: usize, seat: Seat },
    /// Move `index` (from 1) is refused by the rules.
    Move { index: usize, error: RuleError<E> },
}

impl<E: fmt::Display> fmt::Display for MatchError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::WrongGame { found, expected } => {
                write!(f, "This is a game of \"{found}\", not \"{expected}\".")
            }
            MatchError::Setup(e) => e.fmt(f),
            MatchError::NoSeat { index, seat } => {
                write!(f, "Move {index}: there is no seat {seat}.")
            }
            MatchError::Move { index, error } => write!(f, "Move {index}: {error}"),
        }
    }
}

/// A game in play: its record, the state it replays to, and the state
/// before each move, so a take-back or a replay step is one step, never a
/// replay from the seed.
#[derive(Debug, Clone)]
pub struct Match<G: Playable> {
    record: Record<G>,
    state: G,
    /// `past[k]`: the state after the first `k` moves (one per move).
    past: Vec<G>,
    /// The events of every accepted move, one list per move.
    events: Vec<Vec<G::Event>>,
}

impl<G: Playable> PartialEq for Match<G> {
    fn eq(&self, other: &Self) -> bool {
        self.record == other.record
    }
}

impl<G: Playable> Match<G> {
    /// A new game. Seat count and options are checked against the game's limits.
    pub fn new(
        seats: Vec<SeatInfo>,
        options: G::Options,
        seed: u64,
    ) -> Result<Self, RuleError<G::Error>> {
        for (seat, s) in seats.iter().enumerate() {
            let n = s.name.trim().chars().count();
            if n == 0 || n > MAX_NAME || s.name.chars().any(char::is_control) {
                return Err(Shared::SeatName {
                    seat,
                    max: MAX_NAME,
                }
                .into());
            }
        }
        let state = new_game::<G>(seats.len(), &options, seed)?;
        if G::people_only(&options) && seats.iter().any(|s| s.kind == SeatKind::Computer) {
            return Err(Shared::PeopleOnly.into());
        }
        Ok(Match {
            record: Record {
                game: G::ID.to_string(),
                seed,
                options,
                seats,
                moves: Vec::new(),
                coach: false,
                lesson: false,
            },
            state,
            past: Vec::new(),
            events: Vec::new(),
        })
    }

    /// Replays a record from its seed; the first illegal move is reported with
    /// its number.
    pub fn replay(record: Record<G>) -> Result<Self, MatchError<G::Error>> {
        Self::replay_prefix(record, usize::MAX)
    }

    /// Replays the first `k` moves of a record (all if fewer).
    pub fn replay_prefix(record: Record<G>, k: usize) -> Result<Self, MatchError<G::Error>> {
        if record.game != G::ID {
            return Err(MatchError::WrongGame {
                found: record.game,
                expected: G::ID,
            });
        }
        let n = record.seats.len();
        let (coach, lesson) = (record.coach, record.lesson);
        let mut m =
            Match::new(record.seats, record.options, record.seed).map_err(MatchError::Setup)?;
        m.record.coach = coach;
        m.record.lesson = lesson;
        for (i, mv) in record.moves.into_iter().take(k).enumerate() {
            if mv.seat >= n {
                return Err(MatchError::NoSeat {
                    index: i + 1,
                    seat: mv.seat,
                });
            }
            m.apply(mv.seat, mv.action)
                .map_err(|error| MatchError::Move {
                    index: i + 1,
                    error,
                })?;
        }
        Ok(m)
    }

    /// The state after the first `k` moves (all if fewer), for
    /// step-by-step replay: kept, not replayed.
    pub fn state_at(&self, k: usize) -> &G {
        self.past.get(k).unwrap_or(&self.state)
    }

    /// Applies an action; on success it is part of the record.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: G::Action,
    ) -> Result<&[G::Event], RuleError<G::Error>> {
        let before = self.state.clone();
        let events = self.state.apply(seat, &action)?;
        self.past.push(before);
        self.record.moves.push(Move { seat, action });
        self.events.push(events);
        Ok(self.events.last().map(Vec::as_slice).unwrap_or(&[]))
    }

    /// A take-back as it stands now (R-G-4): the seat whose decision it
    /// takes back and how many moves leave the record with it (that seat's
    /// last move and the computer moves made since). Every one of them must
    /// have revealed nothing random or hidden (the rules say which:
    /// `Game::undoable`), a move by another person ends the search, and a
    /// finished game takes nothing back.
    pub fn take_back(&self) -> Option<(Seat, usize)> {
        if self.state.is_over() {
            return None;
        }
        let n = self.record.moves.len();
        for (k, (mv, events)) in self.record.moves.iter().zip(&self.events).enumerate().rev() {
            if !G::undoable(&mv.action, events) {
                return None;
            }
            let computer = self
                .record
                .seats
                .get(mv.seat)
                .is_some_and(|s| s.kind == SeatKind::Computer);
            if !computer {
                return Some((mv.seat, n - k));
            }
        }
        None
    }

    /// The seat that may take back its last decision now (`take_back`).
    pub fn can_undo(&self) -> Option<Seat> {
        self.take_back().map(|(s, _)| s)
    }

    /// Takes back the last decision of `seat` and the computer moves since,
    /// if `take_back` allows it; they leave the record, so replays stay
    /// exact.
    pub fn undo(&mut self, seat: Seat) -> bool {
        match self.take_back() {
            Some((s, n)) if s == seat => {
                for _ in 0..n {
                    self.retract();
                }
                true
            }
            _ => false,
        }
    }

    /// Drops the last move whatever it was (a move that could not be saved
    /// is not kept).
    pub fn retract(&mut self) {
        if let Some(before) = self.past.pop() {
            self.state = before;
            self.record.moves.pop();
            self.events.pop();
        }
    }

    /// The decision of the computer player of `seat`, from that seat's view at
    /// its level. Its randomness is seeded from the game and the move number,
    /// and the move it makes is recorded, so replays never depend on it.
    pub fn computer_action(&self, seat: Seat) -> G::Action {
        let level = crate::contract::offered_level::<G>(self.record.seats[seat].level);
        let mut rng = Rng::new(
            self.record.seed
                ^ (self.record.moves.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ (seat as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
        );
        match self.state.waiting().filter(|w| w.seat == seat) {
            // R-G-5: a computer seat throws with the app's dice.
            Some(w) => G::entered(rng.dice(w.dice.len())).expect("a game that waits enters faces"),
            None => G::computer_action(&self.state.view(Some(seat)), seat, level, &mut rng),
        }
    }

    /// The seat that decides now, if the computer plays it.
    pub fn computer_to_act(&self) -> Option<Seat> {
        self.state
            .to_act()
            .first()
            .copied()
            .filter(|&s| self.record.seats[s].kind == SeatKind::Computer)
    }

    /// Switches a seat between human and computer, or changes its level.
    /// Not to the computer where every seat is a person (`Game::people_only`).
    pub fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level) {
        if kind == SeatKind::Computer && G::people_only(&self.record.options) {
            return;
        }
        let started = !self.record.moves.is_empty();
        if let Some(s) = self.record.seats.get_mut(seat) {
            if started && (s.kind != kind || (kind == SeatKind::Computer && s.level != level)) {
                s.switched = true;
            }
            s.kind = kind;
            s.level = level;
        }
    }

    /// Across phones: whether a person plays `seat` on another phone, or
    /// here again (the host took the seat over). The same person plays it
    /// either way, so nothing counts as switched.
    pub fn set_remote(&mut self, seat: Seat, remote: bool) {
        if let Some(s) = self.record.seats.get_mut(seat) {
            if s.kind == SeatKind::Human {
                s.remote = remote;
            }
        }
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    pub fn seats(&self) -> &[SeatInfo] {
        &self.record.seats
    }

    /// Every move's events, unfiltered (for the command-line tool and tests;
    /// screens use `events_for`).
    pub fn events(&self) -> &[Vec<G::Event>] {
        &self.events
    }

    /// What `seat` may see now.
    pub fn view(&self, seat: Option<Seat>) -> G::View {
        self.state.view(seat)
    }

    /// The events of moves `from..` as `seat` is told them.
    pub fn events_for(&self, seat: Option<Seat>, from: usize) -> Vec<Vec<G::Event>> {
        self.events
            .iter()
            .skip(from)
            .map(|evs| evs.iter().filter_map(|e| G::event_for(e, seat)).collect())
            .collect()
    }
}
