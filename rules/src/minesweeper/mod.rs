//! Minesweeper for two (seeds/001_26e301652c247c72.txt, rulings R-MS-1..7).
//!
//! Two players take turns on one hidden minefield: explore a cell for the
//! mines around it, or mark a mine. Points for information and marks,
//! penalties for explosions and failed marks ("Blubb"), which only their
//! maker sees. After every move the exact deduction engine
//! ([`minefield`]) reveals every cell the public information settles.

use crate::contract::{
    rank_by_key, require_turn, Coach, ComputerPlayer, Evaluation, Figure, Game, Level, OptionKind,
    OptionSpec, Outcome, RealDice, RuleError, Seat, Shared, Simulate, Verify,
};
use crate::rng::{check_prng_hidden, Rng};
use minefield::{Cell, Position};
use serde::{Deserialize, Serialize};
use std::fmt;

#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "cli")]
use crate::contract::CliTools;
pub mod minefield;

/// R-MS-1: the standard board.
pub const SIDE: i64 = 11;
pub const MINES: i64 = 15;
/// R-MS-7: board sides.
pub const MIN_SIDE: i64 = 5;
pub const MAX_SIDE: i64 = minefield::MAX_SIDE as i64;
/// R-MS-3: an explosion.
pub const EXPLOSION: i64 = -5;
/// R-MS-4: a failed mark.
pub const BLUBB: i64 = -3;
/// R-MS-4: points for marking the k-th visible mine (k from 1); past the
/// fifteenth, 6 (R-MS-7).
pub const MARK_POINTS: [i64; 15] = [5, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6];

/// R-MS-4, R-MS-7: the points for a mark that makes `k` mines visible.
pub fn mark_points(k: usize) -> i64 {
    MARK_POINTS.get(k.saturating_sub(1)).copied().unwrap_or(6)
}

/// Setup options (R-MS-7, hints).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub width: i64,
    pub height: i64,
    pub mines: i64,
    /// Each covered cell's exact mine probability on request.
    pub hints: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            width: SIDE,
            height: SIDE,
            mines: MINES,
            hints: false,
        }
    }
}

/// What a square of the board shows everyone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Square {
    Covered,
    Number(u8),
    /// A mine marked by the seat.
    Marked(Seat),
    /// A mine the seat exploded.
    Exploded(Seat),
}

impl Square {
    /// What the deduction engine sees of it.
    pub fn public(self) -> Cell {
        match self {
            Square::Covered => Cell::Covered,
            Square::Number(n) => Cell::Number(n),
            Square::Marked(_) | Square::Exploded(_) => Cell::Mine,
        }
    }
}

/// A move: explore or mark the covered cell at column `x`, row `y` (from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Explore { x: usize, y: usize },
    Mark { x: usize, y: usize },
}

impl Action {
    pub fn at(&self) -> (usize, usize) {
        match *self {
            Action::Explore { x, y } | Action::Mark { x, y } => (x, y),
        }
    }
}

/// What a move caused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// "Gut!": a safe cell explored, its number and the points.
    Explored {
        seat: Seat,
        x: usize,
        y: usize,
        number: u8,
        points: i64,
    },
    /// "Autsch!": a mine explored, -5.
    Exploded { seat: Seat, x: usize, y: usize },
    /// "Gut!": a mine marked, with its points.
    Marked {
        seat: Seat,
        x: usize,
        y: usize,
        points: i64,
    },
    /// "Blubb!": a failed mark, -3; the cell is told only to its maker.
    Blubb {
        seat: Seat,
        at: Option<(usize, usize)>,
    },
    /// Cells the automatic reveal uncovered (R-MS-5), with their numbers.
    Revealed { cells: Vec<(usize, usize, u8)> },
    /// Every mine is visible (R-MS-6).
    GameOver,
}

/// The kind of a move in the move list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// "Gut!" with the number's points.
    Explored,
    /// "Autsch!"
    Exploded,
    /// "Gut!" with the mark's points.
    Marked,
    /// "Blubb!"
    Blubb,
}

/// One line of the move list. `at` is None only for another player's Blubb.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub seat: Seat,
    pub kind: Kind,
    pub at: Option<(usize, usize)>,
    pub points: i64,
    /// Cells the automatic reveal uncovered after this move.
    pub revealed: usize,
}

/// Why a move is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Error {
    /// The cell is not on the board.
    OffBoard,
    /// The cell is not covered: already a number or a visible mine.
    NotCovered,
    /// R-MS-7: at most a quarter of the cells may hold mines.
    TooManyMines { max: usize },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::OffBoard => f.write_str("That cell is not on the board."),
            Error::NotCovered => f.write_str("That cell is already uncovered."),
            Error::TooManyMines { max } => {
                write!(
                    f,
                    "This board holds at most {max} mines (a quarter of its cells)."
                )
            }
        }
    }
}

/// What one seat may see.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub width: usize,
    pub height: usize,
    pub mines: usize,
    /// Row by row, `y * width + x`.
    pub board: Vec<Square>,
    /// The viewing seat's own failed marks (cells), oldest first.
    pub blubbs: Vec<usize>,
    /// The cell of the last move, if everyone may know it.
    pub last: Option<usize>,
    /// Cells the last move's automatic reveal uncovered.
    pub auto: Vec<usize>,
    pub scores: Vec<i64>,
    /// Who moves now; None once the game is over.
    pub turn: Option<Seat>,
    pub log: Vec<Entry>,
    pub hints: bool,
    /// Only in a replay's open view (`Game::open_view`), empty in play: the
    /// covered cells that hold a mine.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden_mines: Vec<usize>,
    /// A replay's open view: `blubbs` are every player's failed marks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
}

impl View {
    /// The public position, for the deduction engine.
    pub fn position(&self) -> Position {
        Position {
            width: self.width,
            height: self.height,
            mines: self.mines,
            cells: self.board.iter().map(|s| s.public()).collect(),
        }
    }

    /// Mines marked or exploded so far.
    pub fn visible_mines(&self) -> usize {
        self.board
            .iter()
            .filter(|s| matches!(s, Square::Marked(_) | Square::Exploded(_)))
            .count()
    }

    /// Each covered cell's exact mine probability from public information
    /// (the hint layer); None for other cells.
    pub fn probabilities(&self) -> Vec<Option<f64>> {
        self.chances().0
    }

    /// The mine chances and whether they are exact (false where the board
    /// is too wide for the engine's work budget: then they are estimates,
    /// and safe and mine cells are still certain).
    pub fn chances(&self) -> (Vec<Option<f64>>, bool) {
        minefield::analyze(&self.position())
            .map(|a| (a.probability, a.exact))
            .unwrap_or_else(|| (vec![None; self.board.len()], true))
    }
}

/// One move as recorded, for the move list and the recount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Logged {
    seat: Seat,
    action: Action,
    kind: Kind,
    points: i64,
    revealed: usize,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Minesweeper {
    rng: Rng,
    width: usize,
    height: usize,
    mines: usize,
    /// The hidden truth: where the mines are.
    truth: Vec<bool>,
    board: Vec<Square>,
    /// Per seat, its failed marks.
    blubbs: Vec<Vec<usize>>,
    scores: Vec<i64>,
    turn: Seat,
    log: Vec<Logged>,
    auto: Vec<usize>,
    hints: bool,
}

impl Minesweeper {
    /// What `seat` may see; `open` (a replay) shows every hidden fact too:
    /// the covered mines and every player's failed marks.
    fn view_as(&self, seat: Option<Seat>, open: bool) -> View {
        let over = self.over();
        // R-MS-4: another player's Blubb is known only by its maker, until
        // the game is over.
        let known = |l: &Logged| l.kind != Kind::Blubb || Some(l.seat) == seat || over || open;
        let last = self.log.last().filter(|l| known(l)).map(|l| {
            let (x, y) = l.action.at();
            y * self.width + x
        });
        // Once the game is over nothing is secret: the cells left covered
        // (all safe) show their numbers, and every Blubb its cell.
        let board = if over {
            (0..self.board.len())
                .map(|i| match self.board[i] {
                    Square::Covered => Square::Number(self.number_at(i)),
                    s => s,
                })
                .collect()
        } else {
            self.board.clone()
        };
        let blubbs = if open {
            let mut all: Vec<usize> = self.blubbs.concat();
            all.sort_unstable();
            all.dedup();
            all
        } else {
            seat.map(|s| self.blubbs[s].clone()).unwrap_or_default()
        };
        View {
            width: self.width,
            height: self.height,
            mines: self.mines,
            board,
            blubbs,
            last,
            auto: self.auto.clone(),
            scores: self.scores.clone(),
            turn: (!over).then_some(self.turn),
            log: self
                .log
                .iter()
                .map(|l| Entry {
                    seat: l.seat,
                    kind: l.kind,
                    at: known(l).then(|| l.action.at()),
                    points: l.points,
                    revealed: l.revealed,
                })
                .collect(),
            hints: self.hints,
            hidden_mines: if open && !over {
                (0..self.board.len())
                    .filter(|&i| self.truth[i] && self.board[i] == Square::Covered)
                    .collect()
            } else {
                Vec::new()
            },
            open,
        }
    }

    fn index(&self, x: usize, y: usize) -> Option<usize> {
        (x < self.width && y < self.height).then_some(y * self.width + x)
    }

    fn coords(&self, i: usize) -> (usize, usize) {
        (i % self.width, i / self.width)
    }

    fn position(&self) -> Position {
        Position {
            cells: self.board.iter().map(|s| s.public()).collect(),
            ..self.probe()
        }
    }

    /// A position with no cells: for its neighbours only.
    fn probe(&self) -> Position {
        Position {
            width: self.width,
            height: self.height,
            mines: self.mines,
            cells: Vec::new(),
        }
    }

    fn visible(&self) -> usize {
        self.board
            .iter()
            .filter(|s| matches!(s, Square::Marked(_) | Square::Exploded(_)))
            .count()
    }

    fn number_at(&self, i: usize) -> u8 {
        self.probe()
            .neighbours(i)
            .filter(|&j| self.truth[j])
            .count() as u8
    }

    /// R-MS-3: mines around `i` not yet visible.
    fn unseen_around(&self, i: usize) -> i64 {
        self.probe()
            .neighbours(i)
            .filter(|&j| self.truth[j] && matches!(self.board[j], Square::Covered))
            .count() as i64
    }

    /// R-MS-5: reveals what the public information settles; the cells.
    fn reveal(&mut self) -> Vec<usize> {
        let mut pos = self.position();
        let cells = minefield::auto_reveal(&mut pos).unwrap_or_default();
        let mut out = Vec::with_capacity(cells.len());
        for (i, n) in cells {
            debug_assert!(!self.truth[i] && n == self.number_at(i));
            self.board[i] = Square::Number(n);
            out.push(i);
        }
        out
    }

    fn over(&self) -> bool {
        self.visible() == self.mines
    }

    /// The covered cell an action names, if it names one: the structured
    /// form of the legal list (every covered cell, explored or marked).
    fn covered_at(&self, action: &Action) -> Option<usize> {
        let (x, y) = action.at();
        self.index(x, y)
            .filter(|&i| self.board[i] == Square::Covered)
    }

    /// Plays a legal action: the events it caused, and its log line (kind,
    /// points).
    fn act(&mut self, seat: Seat, action: &Action) -> Vec<Event> {
        let (x, y) = action.at();
        let Some(i) = self.covered_at(action) else {
            return Vec::new();
        };
        let mut events = Vec::new();
        let (kind, points) = match (action, self.truth[i]) {
            (Action::Explore { .. }, true) => {
                self.board[i] = Square::Exploded(seat);
                events.push(Event::Exploded { seat, x, y });
                (Kind::Exploded, EXPLOSION)
            }
            (Action::Explore { .. }, false) => {
                let points = self.unseen_around(i);
                let number = self.number_at(i);
                self.board[i] = Square::Number(number);
                events.push(Event::Explored {
                    seat,
                    x,
                    y,
                    number,
                    points,
                });
                (Kind::Explored, points)
            }
            (Action::Mark { .. }, true) => {
                self.board[i] = Square::Marked(seat);
                let points = mark_points(self.visible());
                events.push(Event::Marked { seat, x, y, points });
                (Kind::Marked, points)
            }
            (Action::Mark { .. }, false) => {
                self.blubbs[seat].push(i);
                events.push(Event::Blubb {
                    seat,
                    at: Some((x, y)),
                });
                (Kind::Blubb, BLUBB)
            }
        };
        self.scores[seat] += points;
        // A failed mark tells the public nothing new, so nothing to reveal.
        self.auto = if kind == Kind::Blubb {
            Vec::new()
        } else {
            self.reveal()
        };
        if !self.auto.is_empty() {
            events.push(Event::Revealed {
                cells: self
                    .auto
                    .iter()
                    .map(|&j| {
                        let (x, y) = self.coords(j);
                        let Square::Number(n) = self.board[j] else {
                            unreachable!("revealed cells show numbers")
                        };
                        (x, y, n)
                    })
                    .collect(),
            });
        }
        self.log.push(Logged {
            seat,
            action: *action,
            kind,
            points,
            revealed: self.auto.len(),
        });
        if self.over() {
            events.push(Event::GameOver);
        } else {
            self.turn = 1 - seat;
        }
        events
    }
}

impl Game for Minesweeper {
    type Action = Action;
    type Event = Event;
    type Options = Options;
    type View = View;
    type Error = Error;

    const ID: &'static str = "minesweeper";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    const PRIVATE_INFO: bool = true;

    fn options_spec() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "width",
                kind: OptionKind::Int {
                    min: MIN_SIDE,
                    max: MAX_SIDE,
                    default: SIDE,
                },
            },
            OptionSpec {
                key: "height",
                kind: OptionKind::Int {
                    min: MIN_SIDE,
                    max: MAX_SIDE,
                    default: SIDE,
                },
            },
            OptionSpec {
                key: "mines",
                kind: OptionKind::Int {
                    min: 1,
                    max: MAX_SIDE * MAX_SIDE / 4,
                    default: MINES,
                },
            },
            OptionSpec {
                key: "hints",
                kind: OptionKind::Bool { default: false },
            },
        ]
    }

    fn new(seats: usize, options: &Options, seed: u64) -> Result<Self, RuleError<Error>> {
        let (w, h) = (options.width as usize, options.height as usize);
        // R-MS-7: up to a quarter of the cells.
        let max = w * h / 4;
        let mines = options.mines as usize;
        if mines > max {
            return Err(RuleError::Game(Error::TooManyMines { max }));
        }
        let mut rng = Rng::new(seed);
        // R-MS-1: the centre revealed, its 8 neighbours free of mines.
        let (truth, pos) = minefield::deal(w, h, mines, &mut rng);
        let board = pos
            .cells
            .iter()
            .map(|c| match *c {
                Cell::Number(n) => Square::Number(n),
                _ => Square::Covered,
            })
            .collect();
        let mut game = Minesweeper {
            rng,
            width: w,
            height: h,
            mines,
            truth,
            board,
            blubbs: vec![Vec::new(); seats],
            scores: vec![0; seats],
            turn: 0,
            log: Vec::new(),
            auto: Vec::new(),
            hints: options.hints,
        };
        // R-MS-5 holds from the start (on the standard board it reveals
        // nothing: the centre's neighbours' numbers are open).
        game.reveal();
        Ok(game)
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.over() {
            Vec::new()
        } else {
            vec![self.turn]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(&seat) {
            return Vec::new();
        }
        (0..self.board.len())
            .flat_map(|i| {
                let (x, y) = self.coords(i);
                [Action::Explore { x, y }, Action::Mark { x, y }]
            })
            .filter(|a| self.covered_at(a).is_some())
            .collect()
    }

    /// The legal list read from its structured form (`covered_at`), which
    /// `legal_actions` lists: a board of 480 cells offers 960 actions.
    fn is_legal(&self, seat: Seat, action: &Action) -> bool {
        self.to_act().contains(&seat) && self.covered_at(action).is_some()
    }

    fn refusal(&self, seat: Seat, action: &Action) -> RuleError<Error> {
        if let Err(e) = require_turn(self, seat) {
            return e;
        }
        let (x, y) = action.at();
        match self.index(x, y) {
            None => RuleError::Game(Error::OffBoard),
            Some(i) if self.board[i] != Square::Covered => RuleError::Game(Error::NotCovered),
            Some(_) => Shared::NotOffered.into(),
        }
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) -> Vec<Event> {
        self.act(seat, action)
    }

    fn scores(&self) -> Vec<i64> {
        self.scores.clone()
    }

    fn recomputed_scores(&self) -> Vec<i64> {
        // Replays the move list against the mines: R-MS-3 and R-MS-4 from
        // scratch, with the mines visible at the time of each move.
        let mut visible = vec![false; self.board.len()];
        let mut scores = vec![0; self.scores.len()];
        let probe = self.probe();
        for l in &self.log {
            let (x, y) = l.action.at();
            let i = y * self.width + x;
            let points = match (l.action, self.truth[i]) {
                (Action::Explore { .. }, true) => {
                    visible[i] = true;
                    EXPLOSION
                }
                (Action::Explore { .. }, false) => probe
                    .neighbours(i)
                    .filter(|&j| self.truth[j] && !visible[j])
                    .count() as i64,
                (Action::Mark { .. }, true) => {
                    visible[i] = true;
                    mark_points(visible.iter().filter(|&&v| v).count())
                }
                (Action::Mark { .. }, false) => BLUBB,
            };
            scores[l.seat] += points;
        }
        scores
    }

    fn outcome(&self) -> Option<Outcome> {
        // R-MS-6: the higher score wins; equal is a draw.
        self.over().then(|| Outcome {
            lost: Vec::new(),
            places: rank_by_key(&self.scores),
            scores: self.scores.clone(),
        })
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.view_as(seat, false)
    }

    fn open_view(&self) -> View {
        self.view_as(None, true)
    }

    fn event_for(event: &Event, seat: Option<Seat>) -> Option<Event> {
        match event {
            Event::Blubb { seat: s, .. } if Some(*s) != seat => {
                Some(Event::Blubb { seat: *s, at: None })
            }
            e => Some(e.clone()),
        }
    }

    fn check_secrets(
        &self,
        seat: Option<Seat>,
        view: &View,
        events: &[Event],
    ) -> Result<(), String> {
        check_prng_hidden(&self.rng, &(view, events))?;
        if view.open || !view.hidden_mines.is_empty() {
            return Err("a seat's view carries the replay's open mines".into());
        }
        if self.over() {
            // Nothing is secret any more.
            return Ok(());
        }
        // No covered mine shown, no square other than the board's.
        if view.board != self.board {
            return Err("the view's board differs from the public board".into());
        }
        // Failed marks: only the viewing seat's own, in the view, the move
        // list and the events.
        let own: Vec<usize> = seat.map(|s| self.blubbs[s].clone()).unwrap_or_default();
        if view.blubbs != own {
            return Err(format!("seat {seat:?} sees failed marks {:?}", view.blubbs));
        }
        for e in &view.log {
            if e.kind == Kind::Blubb && Some(e.seat) != seat && e.at.is_some() {
                return Err("another player's Blubb cell is in the move list".into());
            }
        }
        for e in events {
            if let Event::Blubb {
                seat: s,
                at: Some(_),
            } = e
            {
                if Some(*s) != seat {
                    return Err("another player's Blubb cell is in an event".into());
                }
            }
        }
        if let Some(l) = self.log.last() {
            if l.kind == Kind::Blubb && Some(l.seat) != seat && view.last.is_some() {
                return Err("the last move's cell is another player's Blubb".into());
            }
        }
        // The view as JSON has no field that could carry the mines.
        let json = serde_json::to_string(view).unwrap_or_default();
        if json.contains("truth") {
            return Err("the mines are in the view".into());
        }
        Ok(())
    }

    fn turn_number(&self) -> u32 {
        (self.log.len() / 2 + 1) as u32
    }
}

impl RealDice for Minesweeper {}

impl ComputerPlayer for Minesweeper {
    fn computer_action(view: &View, seat: Seat, level: Level, rng: &mut Rng) -> Action {
        bot::decide(view, seat, level, rng)
    }

    fn baselines() -> &'static [&'static str] {
        &["greedy", "expected"]
    }

    fn baseline_action(name: &str, view: &View, _seat: Seat, _rng: &mut Rng) -> Option<Action> {
        match name {
            "greedy" => Some(bot::greedy(view)),
            "expected" => Some(bot::expected(view)),
            _ => None,
        }
    }
}

impl Coach for Minesweeper {
    fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
        bot::evaluate(view, seat)
    }

    fn weigh(view: &View, seat: Seat, action: &Action) -> Option<crate::Weighed<Action>> {
        bot::weigh(view, seat, *action)
    }

    /// The points the move brought (R-MS-3), its own failed mark included.
    fn coach_measure(at: &Self, now: &Self, seat: Seat) -> Option<f64> {
        Some((now.scores[seat] - at.scores[seat]) as f64)
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl Verify for Minesweeper {
    /// The covered mines moved: a mine and a safe cell swapped where no
    /// open number counts them (covered cells touching no open cell, no
    /// seat's failed mark), so every number shown stays true; and the dice
    /// to come drawn anew.
    fn hidden_variant(&self, _seat: Option<Seat>, seed: u64) -> Option<Self> {
        if self.over() {
            return None;
        }
        let position = self.position();
        let failed: Vec<usize> = self.blubbs.iter().flatten().copied().collect();
        let free = |i: usize| {
            self.board[i] == Square::Covered
                && !failed.contains(&i)
                && position
                    .neighbours(i)
                    .all(|n| self.board[n] == Square::Covered)
        };
        let cells: Vec<usize> = (0..self.board.len()).filter(|&i| free(i)).collect();
        let mut rng = Rng::new(seed);
        let mines: Vec<usize> = cells.iter().copied().filter(|&i| self.truth[i]).collect();
        let safe: Vec<usize> = cells.iter().copied().filter(|&i| !self.truth[i]).collect();
        let mut other = self.clone();
        other.rng = Rng::new(rng.next_u64());
        if !mines.is_empty() && !safe.is_empty() {
            let a = mines[rng.below(mines.len() as u64) as usize];
            let b = safe[rng.below(safe.len() as u64) as usize];
            other.truth.swap(a, b);
        }
        Some(other)
    }

    fn arbitrary_action(rng: &mut Rng) -> Action {
        let (x, y) = (rng.below(32) as usize, rng.below(32) as usize);
        if rng.below(2) == 0 {
            Action::Explore { x, y }
        } else {
            Action::Mark { x, y }
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.width * self.height;
        if self.truth.len() != n || self.board.len() != n {
            return Err("board sizes differ".into());
        }
        if self.truth.iter().filter(|&&m| m).count() != self.mines {
            return Err("the number of mines changed".into());
        }
        let pos = self.position();
        for i in 0..n {
            match self.board[i] {
                Square::Number(k) => {
                    if self.truth[i] {
                        return Err(format!("a number on a mine at {i}"));
                    }
                    if k != pos.neighbours(i).filter(|&j| self.truth[j]).count() as u8 {
                        return Err(format!("a wrong number at {i}"));
                    }
                }
                Square::Marked(_) | Square::Exploded(_) if !self.truth[i] => {
                    return Err(format!("a visible mine where there is none at {i}"));
                }
                _ => {}
            }
        }
        for b in self.blubbs.iter().flatten() {
            if self.truth[*b] {
                return Err(format!("a Blubb on a mine at {b}"));
            }
        }
        if minefield::analyze(&pos).is_none() {
            return Err("the public position is inconsistent".into());
        }
        // R-MS-5: nothing left that the reveal would uncover.
        let mut after = pos.clone();
        if !minefield::auto_reveal(&mut after)
            .unwrap_or_default()
            .is_empty()
        {
            return Err("the automatic reveal was not finished".into());
        }
        Ok(())
    }
}

impl Simulate for Minesweeper {
    fn figures(events: &[Vec<Event>]) -> Vec<Figure> {
        // The score margin of seat 0 over seat 1, and the explosions and
        // failed marks per seat.
        let mut score = [0i64; 2];
        let mut explosions = [0.0; 2];
        let mut blubbs = [0.0; 2];
        for e in events.iter().flatten() {
            match *e {
                Event::Explored { seat, points, .. } | Event::Marked { seat, points, .. } => {
                    score[seat] += points
                }
                Event::Exploded { seat, .. } => {
                    score[seat] += EXPLOSION;
                    explosions[seat] += 1.0;
                }
                Event::Blubb { seat, .. } => {
                    score[seat] += BLUBB;
                    blubbs[seat] += 1.0;
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        for seat in 0..2 {
            out.push(Figure {
                name: "margin",
                seat,
                sum: (score[seat] - score[1 - seat]) as f64,
                count: 1.0,
            });
            out.push(Figure {
                name: "explosions",
                seat,
                sum: explosions[seat],
                count: 1.0,
            });
            out.push(Figure {
                name: "blubbs",
                seat,
                sum: blubbs[seat],
                count: 1.0,
            });
        }
        out
    }
}

#[cfg(feature = "cli")]
impl CliTools for Minesweeper {
    fn cli_tools() -> Option<clap::Command> {
        Some(cli::command())
    }

    fn run_cli_tool(
        args: &clap::ArgMatches,
        read_input: &dyn Fn(&str) -> Result<String, String>,
    ) -> Result<String, String> {
        cli::run(args, read_input)
    }
}

pub mod bot;

#[cfg(test)]
mod tests;
