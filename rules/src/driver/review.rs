//! The review: the coach's judgement of a move afterwards.

use crate::contract::{Playable, Seat, Weighed};
use crate::midend::Match;

/// One decision of a game as the coach judges it afterwards (issue 25's
/// review): the move at `index` in the record, by `seat`, the coach's
/// value of the move played and of the strong player's.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged<A> {
    pub index: usize,
    pub seat: Seat,
    pub played: Weighed<A>,
    pub best: Weighed<A>,
    /// The expected points the move played gave away against the strong
    /// player's, in the game's direction, never below 0: by what the
    /// ranking goes by where both moves were weighed so (a duel's points
    /// less what the move hands the opponent), else by their values.
    pub loss: f64,
    /// The values are estimates ("about").
    pub estimate: bool,
}

/// The coach's judgement of move `index` of `m`; None where the coach
/// weighs nothing (one legal move, a decision it does not rank).
pub fn judge<G: Playable>(m: &Match<G>, index: usize) -> Option<Judged<G::Action>> {
    let mv = m.record().moves.get(index)?;
    let state = m.state_at(index);
    if state.waiting().is_some() {
        // Faces entered from the table: chance, not a decision.
        return None;
    }
    let view = state.view(Some(mv.seat));
    let ev = G::evaluate(&view, mv.seat)?;
    let mut played = ev.ranked.iter().find(|w| w.action == mv.action)?.clone();
    let best = ev.ranked.first()?.clone();
    // Weighed as the best was, where the game can.
    if best.handed.is_some() && played.handed.is_none() {
        if let Some(w) = G::weigh(&view, mv.seat, &mv.action) {
            played = w;
        }
    }
    let gap = match (best.handed, played.handed) {
        (Some(_), Some(_)) => best.net() - played.net(),
        _ => best.value - played.value,
    };
    let loss = if G::LOWEST_WINS { -gap } else { gap }.max(0.0);
    Some(Judged {
        index,
        seat: mv.seat,
        played,
        best,
        loss,
        estimate: ev.estimate,
    })
}
