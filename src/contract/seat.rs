//! What a seat's table receives and sends. A table is typed by its game: it
//! gets a `TableCtx<G>` with the view of the seat acting on this device (or
//! the public view), the events that seat was told, the rules' legal
//! actions of that seat, and `send` for one of them. It never sees the
//! `Match`, and it decides no rule: what it offers is what
//! `Game::legal_actions` lists. `Motion` and `Bumps` say which frame is
//! fresh and which numbers went up, so only a real change animates.

use crate::i18n::locale::*;
use crate::i18n::words::*;
use crate::table::widgets::*;

use leptos::prelude::*;
use rules::chance::Waiting;
use rules::{Game, Seat};
use std::sync::Arc;

/// Which picture of a game a table shows: the seat (None: the public view,
/// or everything open in a replay), the opening of the game, and how many
/// moves in. The session decides it; the table's typed `Shown` follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewpoint {
    /// The human seat that may act through this device now (None while a
    /// computer acts, behind the hand-over screen, during the turn moment,
    /// once the game is over, and in a replay).
    pub seat: Option<Seat>,
    /// Which opening of the game it is from: a game reloaded from storage
    /// (another tab's moves, a restore) may hold as many moves as the one on
    /// screen and still differ.
    pub epoch: u64,
    /// Moves played so far (in a replay: the step shown).
    pub moves: usize,
    /// A replay step: everything open (`Game::open_view`), nothing to act on.
    pub replay: bool,
}

/// What a table of game `G` is shown, typed: the view of `frame.seat` (or
/// the public or open view), the events that seat was told, one list per
/// move, and the legal actions of the acting seat (none when no seat acts).
#[derive(Debug, Clone, PartialEq)]
pub struct Shown<G: Game> {
    pub frame: Viewpoint,
    pub view: G::View,
    pub log: Vec<Vec<G::Event>>,
    /// `Game::legal_actions` of `frame.seat`: all a table may offer.
    pub legal: Vec<G::Action>,
    /// R-G-5: the throw of the players' own dice waiting for its faces
    /// (whoever threw; the decision bar asks the thrower for them).
    pub waiting: Option<Waiting>,
}

impl<G: Game> Shown<G> {
    /// The seat acting through this device, if it has anything to decide.
    pub fn acting(&self) -> Option<Seat> {
        self.frame.seat.filter(|&s| {
            !self.legal.is_empty() || self.waiting.as_ref().is_some_and(|w| w.seat == s)
        })
    }

    /// Whether the rules allow `action` now.
    pub fn offers(&self, action: &G::Action) -> bool {
        self.legal.contains(action)
    }

    /// The legal actions matching `pick`, in the rules' order.
    pub fn offered<'a, T>(
        &'a self,
        pick: impl FnMut(&G::Action) -> Option<T> + 'a,
    ) -> impl Iterator<Item = T> + 'a {
        self.legal.iter().filter_map(pick)
    }
}

/// A move on its way to the game in play, as the session hands it over:
/// entry `index` of the rules' legal list after `moves` moves (from a
/// table), faces entered for a throw at the table, or the computer
/// player's own decision for the seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    Legal {
        moves: usize,
        index: usize,
    },
    /// R-G-5: faces entered for the waiting throw, after `moves` moves.
    Faces {
        moves: usize,
        faces: Vec<u8>,
    },
    Computer,
}

/// What a table sends the session: a pick from the legal list (or the
/// faces of a waiting throw); or, were a table to send anything else, the
/// rules' refusal in words.
pub type Tap = Result<Pick, Text>;

/// What the host gives any table, whatever its game.
#[derive(Clone, Copy)]
pub struct TableLink {
    pub frame: Memo<Viewpoint>,
    pub names: Memo<Vec<String>>,
    /// Which seats the computer plays (marked wherever a name is shown).
    pub cpu: Memo<Vec<bool>>,
    pub act: Callback<Tap>,
    /// The table shows something the players look at before play goes on
    /// (a round's summary): while it holds, no computer moves (the session
    /// decides, `Session::hold`).
    pub hold: Callback<bool>,
}

/// The rules' reason to refuse an action of game `G` for a seat.
pub type WhyRefused<G> = Arc<dyn Fn(Option<Seat>, &<G as Game>::Action) -> Text + Send + Sync>;

/// What the host hands a table of game `G`: its typed `Shown`, the players'
/// names, and `send`.
pub struct TableCtx<G: Game> {
    pub seen: Memo<Shown<G>>,
    pub names: Memo<Vec<String>>,
    /// Which seats the computer plays.
    pub cpu: Memo<Vec<bool>>,
    act: Callback<Tap>,
    hold: Callback<bool>,
    /// The rules' reason to refuse an action that is not on the list.
    why: StoredValue<WhyRefused<G>>,
}

impl<G: Game> Clone for TableCtx<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for TableCtx<G> {}

impl<G: Game> TableCtx<G> {
    pub fn new(seen: Memo<Shown<G>>, port: TableLink, why: WhyRefused<G>) -> Self {
        TableCtx {
            seen,
            names: port.names,
            cpu: port.cpu,
            act: port.act,
            hold: port.hold,
            why: StoredValue::new(why),
        }
    }

    /// The seat acting through this device, if it has anything to decide.
    pub fn acting(&self) -> Option<Seat> {
        self.seen.with(|s| s.acting())
    }

    /// Holds the computers while the table shows what everyone looks at
    /// before play goes on (`true`), or lets them go on (`false`).
    pub fn hold(&self, on: bool) {
        self.hold.run(on);
    }

    /// A seat's name as a table shows it: its colour, the name and, for a
    /// computer seat, the computer's mark (`who_html`).
    pub fn who(&self, seat: Seat) -> AnyView {
        let name = self
            .names
            .with(|n| n.get(seat).cloned().unwrap_or_default());
        let cpu = self.cpu.with(|c| c.get(seat).copied().unwrap_or(false));
        who_view(name, seat, cpu)
    }

    /// `who_html` for every seat, in the language `l`.
    pub fn who_all(&self, l: Locale) -> Vec<String> {
        let names = self.names.get();
        self.cpu.with(|cpu| {
            (0..names.len())
                .map(|s| who_html(&names[s], s, cpu.get(s).copied().unwrap_or(false), l))
                .collect()
        })
    }

    /// Sends entry `index` of the rules' legal list (a large grid drawn as
    /// one HTML string names its entries); nothing if there is none.
    pub fn send_legal(&self, index: usize) {
        let sent = self.seen.with_untracked(|s| {
            (index < s.legal.len()).then_some(Pick::Legal {
                moves: s.frame.moves,
                index,
            })
        });
        if let Some(pick) = sent {
            self.act.run(Ok(pick));
        }
    }

    /// The rules' reason to refuse `action` to the seat at the device, for
    /// a table that shows it where the player tapped.
    pub fn refusal(&self, action: &G::Action) -> Text {
        let seat = self.seen.with_untracked(|s| s.frame.seat);
        self.why.with_value(|why| why(seat, action))
    }

    /// Sends one of the rules' legal actions for the acting seat; the
    /// session applies, saves and announces it. Anything else is not sent:
    /// the player is told the rules' reason.
    pub fn send(&self, action: G::Action) {
        let sent = self
            .seen
            .with_untracked(|s| match s.legal.iter().position(|a| *a == action) {
                Some(index) => Ok(Pick::Legal {
                    moves: s.frame.moves,
                    index,
                }),
                None => Err(self.why.with_value(|why| why(s.frame.seat, &action))),
            });
        self.act.run(sent);
    }
}

/// A table's pick (dice chosen, a cell, a lane) that belongs to one moment
/// of the game: after any move it reads as its start value again, with no
/// second render to reset it (a reset in an effect drew the table twice).
pub struct MovePick<T: Send + Sync + 'static> {
    moves: Memo<usize>,
    cell: RwSignal<(usize, T)>,
    start: StoredValue<T>,
}

impl<T: Send + Sync + 'static> Clone for MovePick<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for MovePick<T> {}

impl<T: Clone + Send + Sync + 'static> MovePick<T> {
    pub fn new(moves: Memo<usize>, start: T) -> Self {
        MovePick {
            moves,
            cell: RwSignal::new((moves.get_untracked(), start.clone())),
            start: StoredValue::new(start),
        }
    }

    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        let now = self.moves.get();
        self.cell.with(|(at, v)| {
            if *at == now {
                f(v)
            } else {
                self.start.with_value(f)
            }
        })
    }

    pub fn get(&self) -> T {
        self.with(T::clone)
    }

    pub fn get_untracked(&self) -> T {
        let now = self.moves.get_untracked();
        self.cell.with_untracked(|(at, v)| {
            if *at == now {
                v.clone()
            } else {
                self.start.get_value()
            }
        })
    }

    pub fn set(&self, v: T) {
        self.cell.set((self.moves.get_untracked(), v));
    }

    pub fn update(&self, f: impl FnOnce(&mut T)) {
        let now = self.moves.get_untracked();
        let start = self.start.get_value();
        self.cell.update(|(at, v)| {
            if *at != now {
                *at = now;
                *v = start;
            }
            f(v);
        });
    }
}

/// Motion for what the last move changed (issue 22): `fresh` is true the
/// first time a table draws a frame and false when it draws it again for
/// the same move (a pick, a language switch), so a redraw replays nothing.
/// The frame a table opens on counts as drawn: a reload animates nothing.
#[derive(Clone, Copy)]
pub struct Motion(StoredValue<(u64, usize)>);

impl Motion {
    pub fn new(frame: Viewpoint) -> Self {
        Motion(StoredValue::new((frame.epoch, frame.moves)))
    }

    pub fn fresh(&self, frame: Viewpoint) -> bool {
        let key = (frame.epoch, frame.moves);
        let new = self.0.get_value() != key;
        self.0.set_value(key);
        new
    }
}

/// Which scores changed since a table last drew them (each bumps once):
/// a redraw with the same scores (a pick, a language switch) bumps none.
#[derive(Clone, Copy)]
pub struct Bumps(StoredValue<Vec<i64>>);

impl Bumps {
    /// Starts from the scores the table opens on (a reload bumps nothing).
    pub fn new(now: Vec<i64>) -> Self {
        Bumps(StoredValue::new(now))
    }

    /// Per seat, whether `now` differs from the scores drawn last.
    pub fn changed(&self, now: Vec<i64>) -> Vec<bool> {
        let was = self.0.get_value();
        let out = (0..now.len())
            .map(|s| was.get(s).is_some_and(|&w| w != now[s]))
            .collect();
        self.0.set_value(now);
        out
    }
}
