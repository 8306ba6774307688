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

use crate::contract::{require_turn, Game, RuleError, Seat, Shared};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// The setup option of every game with dice that has the players throw
/// their own (`Options::table_dice`).
pub const OPTION: &str = "table_dice";

/// The option of a card game played with the players' own deck, whose
/// rounds the app only scores from what they enter (always with
/// `Game::people_only`).
pub const CARDS_OPTION: &str = "real_cards";

// A waiting throw's types belong to the contract (`RealDice::waiting`
// hands one over); the paths `chance::Waiting` and `chance::DieKind` stay.
pub use crate::contract::{DieKind, Waiting};

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

/// `Game::is_legal`, `refusal` and `apply_unchecked` for a game with dice
/// from the table, the same in every such game: its state keeps a
/// `TableDice<Action>` in `dice`, its own moves are `fn act(&mut self, Seat,
/// &Action, &mut Vec<Event>)` (legal ones only), its own reasons to refuse
/// are `fn refuse(&self, Seat, &Action) -> RuleError<Error>`, and
/// `Action::Faces(Vec<u8>)` enters faces (`table_dice_faces!` in its
/// `RealDice` impl).
#[macro_export]
macro_rules! table_dice_moves {
    () => {
        fn is_legal(&self, seat: Seat, action: &Action) -> bool {
            $crate::chance::is_legal(
                &self.dice,
                seat,
                <Self as $crate::contract::RealDice>::entered_faces(action),
                || self.legal_actions(seat).contains(action),
            )
        }

        fn refusal(&self, seat: Seat, action: &Action) -> RuleError<Error> {
            $crate::chance::refusal(
                self,
                &self.dice,
                seat,
                <Self as $crate::contract::RealDice>::entered_faces(action),
                || self.refuse(seat, action),
            )
        }

        fn apply_unchecked(&mut self, seat: Seat, action: &Action) -> Vec<Event> {
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

/// Whether `seat` may play an action now, with dice from the table: while a
/// throw waits, only the thrower's entry of faces that fill it (`faces` is
/// Some for an entry); otherwise the game's own legal list (`listed`).
pub fn is_legal<A>(
    dice: &TableDice<A>,
    seat: Seat,
    faces: Option<&[u8]>,
    listed: impl FnOnce() -> bool,
) -> bool {
    match (dice.waiting(), faces) {
        (Some(w), Some(f)) => w.seat == seat && w.check(f).is_ok(),
        (None, None) => listed(),
        _ => false,
    }
}

/// Why an action is refused, with dice from the table: the turn, then the
/// waiting throw's reasons (R-G-5), then the game's own (`own`).
pub fn refusal<G: Game, A>(
    game: &G,
    dice: &TableDice<A>,
    seat: Seat,
    faces: Option<&[u8]>,
    own: impl FnOnce() -> RuleError<G::Error>,
) -> RuleError<G::Error> {
    if let Err(e) = require_turn(game, seat) {
        return e;
    }
    match (dice.waiting(), faces) {
        (None, Some(_)) => Shared::NoThrowWaiting.into(),
        (Some(_), None) => Shared::ThrowWaiting.into(),
        (Some(w), Some(_)) if w.seat != seat => Shared::NotYourTurn.into(),
        (Some(w), Some(f)) => match w.check(f) {
            Err(s) => s.into(),
            Ok(()) => own(),
        },
        (None, None) => own(),
    }
}

/// Plays a legal action of `seat` on `game` by `act` (the game's own moves,
/// which draw their dice through `dice(game).draw`), with dice from the
/// table: `faces` is Some when the action is the entry of faces. An action
/// that throws, with the option on, waits for its faces instead.
pub fn apply<G: Clone, A: Clone, Ev>(
    game: &mut G,
    dice: fn(&mut G) -> &mut TableDice<A>,
    seat: Seat,
    action: &A,
    faces: Option<&[u8]>,
    act: fn(&mut G, Seat, &A, &mut Vec<Ev>),
) -> Vec<Ev> {
    let mut events = Vec::new();
    if let Some(faces) = faces {
        let td = dice(game);
        let Some((_, thrown)) = td.waiting.take() else {
            return events;
        };
        td.feed = Some(faces.to_vec());
        act(game, seat, &thrown, &mut events);
        dice(game).feed = None;
        return events;
    }
    if dice(game).on {
        let mut probe = game.clone();
        dice(&mut probe).probe = Some(Vec::new());
        act(&mut probe, seat, action, &mut Vec::new());
        let kinds = dice(&mut probe).probe.take().unwrap_or_default();
        if !kinds.is_empty() {
            dice(game).waiting = Some((Waiting { seat, dice: kinds }, action.clone()));
            return events;
        }
    }
    act(game, seat, action, &mut events);
    events
}
