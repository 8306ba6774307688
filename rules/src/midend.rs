//! The midend shared by every game (after Simon Tatham's puzzle collection): a
//! game record (seed, seats, options, every accepted action) and the state it
//! replays to. Saving stores the record; loading replays it, so a reload shows
//! exactly the same dice (R-G-1) and a bad file is refused with a reason.

use crate::contract::{Game, RuleError, Seat};
use serde::{Deserialize, Serialize};

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
pub struct Record<G: Game> {
    pub game: String,
    pub seed: u64,
    #[serde(default)]
    pub options: G::Options,
    pub seats: Vec<SeatInfo>,
    #[serde(default, alias = "actions")]
    pub moves: Vec<Move<G::Action>>,
}

impl<G: Game> PartialEq for Record<G> {
    fn eq(&self, o: &Self) -> bool {
        self.game == o.game
            && self.seed == o.seed
            && self.options == o.options
            && self.seats == o.seats
            && self.moves == o.moves
    }
}

/// A game in play: its record and the state it replays to.
#[derive(Debug, Clone)]
pub struct Match<G: Game> {
    record: Record<G>,
    state: G,
    /// The events of every accepted move, one list per move.
    events: Vec<Vec<G::Event>>,
}

impl<G: Game> PartialEq for Match<G> {
    fn eq(&self, other: &Self) -> bool {
        self.record == other.record
    }
}

impl<G: Game> Match<G> {
    /// A new game. Seat count and names are checked against the game's limits.
    pub fn new(seats: Vec<SeatInfo>, options: G::Options, seed: u64) -> Result<Self, RuleError> {
        let record = Record {
            game: G::ID.to_string(),
            seed,
            options,
            seats,
            moves: Vec::new(),
        };
        Self::replay(record)
    }

    /// Replays a record from its seed; the first illegal move is reported with
    /// its number.
    pub fn replay(record: Record<G>) -> Result<Self, RuleError> {
        if record.game != G::ID {
            return Err(RuleError::new(
                format!("This is a game of \"{}\", not \"{}\".", record.game, G::ID),
                format!(
                    "Das ist eine Partie \"{}\", nicht \"{}\".",
                    record.game,
                    G::ID
                ),
            ));
        }
        let n = record.seats.len();
        if !(G::MIN_SEATS..=G::MAX_SEATS).contains(&n) {
            return Err(RuleError::new(
                format!(
                    "This game needs {} to {} players, not {n}.",
                    G::MIN_SEATS,
                    G::MAX_SEATS
                ),
                format!(
                    "Dieses Spiel braucht {} bis {} Spieler, nicht {n}.",
                    G::MIN_SEATS,
                    G::MAX_SEATS
                ),
            ));
        }
        let state = G::new(n, &record.options, record.seed)?;
        let mut m = Match {
            record: Record {
                moves: Vec::new(),
                ..record.clone()
            },
            state,
            events: Vec::new(),
        };
        for (i, mv) in record.moves.into_iter().enumerate() {
            if mv.seat >= n {
                return Err(RuleError::new(
                    format!("Move {}: there is no seat {}.", i + 1, mv.seat),
                    format!("Zug {}: Es gibt keinen Platz {}.", i + 1, mv.seat),
                ));
            }
            m.apply(mv.seat, mv.action).map_err(|e| {
                RuleError::new(
                    format!("Move {}: {}", i + 1, e.en),
                    format!("Zug {}: {}", i + 1, e.de),
                )
            })?;
        }
        Ok(m)
    }

    /// Applies an action; on success it is part of the record.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<&[G::Event], RuleError> {
        let events = self.state.apply(seat, &action)?;
        self.record.moves.push(Move { seat, action });
        self.events.push(events);
        Ok(self.events.last().map(Vec::as_slice).unwrap_or(&[]))
    }

    /// Lets the game's computer player act for `seat`.
    pub fn apply_computer(&mut self, seat: Seat) -> Result<&[G::Event], RuleError> {
        let action = self.state.computer_action(seat);
        self.apply(seat, action)
    }

    /// The first seat that must act now and is played by the computer.
    pub fn computer_to_act(&self) -> Option<Seat> {
        self.state
            .to_act()
            .into_iter()
            .find(|&s| self.record.seats[s].kind == SeatKind::Computer)
    }

    pub fn set_seat_kind(&mut self, seat: Seat, kind: SeatKind) {
        if let Some(s) = self.record.seats.get_mut(seat) {
            s.kind = kind;
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

    pub fn events(&self) -> &[Vec<G::Event>] {
        &self.events
    }
}
