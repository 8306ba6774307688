//! What a change shows: which frame of a table is fresh (`Motion`), and
//! which numbers went up (`Bumps`), so only a real change animates.

use crate::contract::seat::*;
use leptos::prelude::*;

/// Motion for what the last move changed (issue 22): `fresh` is true the
/// first time a table draws a frame and false when it draws it again for
/// the same move (a pick, a language switch), so a redraw replays nothing.
/// The frame a table opens on counts as drawn: a reload animates nothing.
#[derive(Clone, Copy)]
pub struct Motion(StoredValue<(u64, usize)>);

impl Motion {
    pub fn new(frame: Frame) -> Self {
        Motion(StoredValue::new((frame.epoch, frame.moves)))
    }

    pub fn fresh(&self, frame: Frame) -> bool {
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
