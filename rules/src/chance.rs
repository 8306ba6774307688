//! Chance as an explicit step (R-G-5, issue 23): a throw is filled in by the
//! seeded PRNG in digital play, and by the players in table play, who throw
//! their own dice and enter the faces.
//!
//! A game with dice keeps a `TableDice` in its state and draws every die
//! through `TableDice::draw`. With the option on, an action that throws
//! (found by probing it on a copy of the state: it drew dice) is not applied
//! at once: it waits (`RealDice::waiting`), the seat that threw is the only one
//! to act, its only accepted action is the entry of that many faces
//! (`RealDice::entered`), and applying that entry applies the waiting action with
//! those faces for its dice. The record holds the entered faces, so a game
//! with dice from the table replays exactly without its seed.

use crate::contract::{RuleError, Seat, Shared};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// The setup option of every game with dice that has the players throw
/// their own (`Options::table_dice`).
pub const OPTION: &str = "table_dice";

/// The option of a card game played with the players' own deck, whose
/// rounds the app only scores from what they enter (always with
/// `Game::people_only`).
pub const CARDS_OPTION: &str = "real_cards";

/// The kind of a die, as the face picker draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieKind {
    Plain,
    Green,
    White,
}

/// A throw of the players' own dice waiting for its faces: who threw, and
/// each die in the order its face is entered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub seat: Seat,
    pub dice: Vec<DieKind>,
}

impl Waiting {
    /// Whether `faces` fills this throw: one face per die, each 1 to 6.
    pub fn check(&self, faces: &[u8]) -> Result<(), Shared> {
        if faces.len() != self.dice.len() {
            return Err(Shared::DiceCount {
                expected: self.dice.len(),
                got: faces.len(),
            });
        }
        match faces.iter().find(|f| !(1..=6).contains(*f)) {
            Some(&face) => Err(Shared::Face { face }),
            None => Ok(()),
        }
    }
}

/// Where a game's dice come from, kept in its state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableDice<A> {
    /// The players throw their own dice (the option "dice from the table").
    #[serde(default)]
    pub on: bool,
    /// The throw waiting for its faces, and the action that threw.
    #[serde(default = "none")]
    waiting: Option<(Waiting, A)>,
    /// The entered faces, while the waiting action is applied with them.
    #[serde(skip)]
    feed: Option<Vec<u8>>,
    /// The dice drawn, while an action is probed.
    #[serde(skip)]
    probe: Option<Vec<DieKind>>,
}

fn none<T>() -> Option<T> {
    None
}

impl<A> Default for TableDice<A> {
    fn default() -> Self {
        TableDice::new(false)
    }
}

impl<A> TableDice<A> {
    pub fn new(on: bool) -> Self {
        TableDice {
            on,
            waiting: None,
            feed: None,
            probe: None,
        }
    }

    /// `n` dice of `kind`: from the PRNG in digital play, from the entered
    /// faces while a waiting throw is applied, ones while an action is
    /// probed (which only counts them).
    pub fn draw(&mut self, rng: &mut Rng, n: usize, kind: DieKind) -> Vec<u8> {
        if let Some(kinds) = &mut self.probe {
            kinds.extend(std::iter::repeat_n(kind, n));
            return vec![1; n];
        }
        match &mut self.feed {
            Some(feed) if self.on => {
                let n = n.min(feed.len());
                feed.drain(..n).collect()
            }
            _ => rng.dice(n),
        }
    }

    /// The throw waiting for its faces.
    pub fn waiting(&self) -> Option<&Waiting> {
        self.waiting.as_ref().map(|(w, _)| w)
    }
}

/// `Game::apply` for a game with dice from the table, the same in every
/// such game: its state keeps a `TableDice<Action>` in `dice`, its own moves
/// are `fn act(&mut self, Seat, &Action, &mut Vec<Event>) -> Result<(),
/// Error>`, and `Action::Faces(Vec<u8>)` enters faces (`table_dice_faces!`
/// in its `RealDice` impl).
#[macro_export]
macro_rules! table_dice_moves {
    () => {
        fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError<Error>> {
            $crate::contract::require_turn(self, seat)?;
            $crate::chance::apply(
                self,
                |g| &mut g.dice,
                seat,
                action,
                <Self as $crate::contract::RealDice>::entered_faces(action),
                Self::act,
            )
        }
    };
}

/// `RealDice` for a game with dice from the table (see `table_dice_moves!`).
#[macro_export]
macro_rules! table_dice_faces {
    () => {
        fn waiting(&self) -> Option<$crate::chance::Waiting> {
            self.dice.waiting().cloned()
        }

        fn entered(faces: Vec<u8>) -> Option<Action> {
            Some(Action::Faces(faces))
        }

        fn entered_faces(action: &Action) -> Option<&[u8]> {
            match action {
                Action::Faces(f) => Some(f),
                _ => None,
            }
        }
    };
}

/// Applies `action` of `seat` to `game` by `act` (the game's own moves, which
/// draw their dice through `dice(game).draw`), with dice from the table:
/// `faces` is Some when the action is the entry of faces. Refusals leave
/// the game unchanged.
pub fn apply<G: Clone, A: Clone, Ev, E>(
    game: &mut G,
    dice: fn(&mut G) -> &mut TableDice<A>,
    seat: Seat,
    action: &A,
    faces: Option<&[u8]>,
    act: fn(&mut G, Seat, &A, &mut Vec<Ev>) -> Result<(), E>,
) -> Result<Vec<Ev>, RuleError<E>> {
    let mut events = Vec::new();
    if let Some(faces) = faces {
        let (waiting, thrown) = dice(game).waiting.clone().ok_or(Shared::NoThrowWaiting)?;
        if waiting.seat != seat {
            return Err(Shared::NotYourTurn.into());
        }
        waiting.check(faces)?;
        let mut next = game.clone();
        let td = dice(&mut next);
        td.waiting = None;
        td.feed = Some(faces.to_vec());
        act(&mut next, seat, &thrown, &mut events).map_err(RuleError::Game)?;
        dice(&mut next).feed = None;
        *game = next;
        return Ok(events);
    }
    let td = dice(game);
    if td.waiting.is_some() {
        return Err(Shared::ThrowWaiting.into());
    }
    if td.on {
        let mut probe = game.clone();
        dice(&mut probe).probe = Some(Vec::new());
        act(&mut probe, seat, action, &mut Vec::new()).map_err(RuleError::Game)?;
        let kinds = dice(&mut probe).probe.take().unwrap_or_default();
        if !kinds.is_empty() {
            dice(game).waiting = Some((Waiting { seat, dice: kinds }, action.clone()));
            return Ok(events);
        }
    }
    let mut next = game.clone();
    act(&mut next, seat, action, &mut events).map_err(RuleError::Game)?;
    *game = next;
    Ok(events)
}
