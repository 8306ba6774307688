//! A generic driver that plays any game to the end with a policy per seat, so
//! every game gets the same property tests and the same simulate command.

use crate::contract::{Game, Seat};
use crate::midend::{Match, SeatInfo, SeatKind};
use crate::rng::Rng;

/// Who decides for a seat in a driven game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The game's own computer player.
    Computer,
    /// Uniformly random among the legal actions (for property tests).
    Random,
}

impl Policy {
    pub fn parse(s: &str) -> Option<Policy> {
        match s {
            "computer" | "bot" => Some(Policy::Computer),
            "random" => Some(Policy::Random),
            _ => None,
        }
    }
}

/// Why a driven game stopped before its end.
#[derive(Debug, Clone, PartialEq)]
pub enum DriveError {
    NoLegalAction {
        seat: Seat,
        step: usize,
    },
    Rejected {
        seat: Seat,
        step: usize,
        message: String,
    },
    Invariant {
        step: usize,
        message: String,
    },
    TooLong {
        steps: usize,
    },
}

/// Plays a game from `seed` to its end. `chooser_seed` drives random policies.
/// With `check` the game's invariants and the recomputed scores are checked
/// after every action.
pub fn play_to_end<G: Game>(
    policies: &[Policy],
    options: &G::Options,
    seed: u64,
    chooser_seed: u64,
    max_steps: usize,
    check: bool,
) -> Result<Match<G>, DriveError> {
    let seats = policies
        .iter()
        .enumerate()
        .map(|(i, _)| SeatInfo {
            name: format!("P{}", i + 1),
            kind: SeatKind::Computer,
        })
        .collect();
    let mut m =
        Match::<G>::new(seats, options.clone(), seed).map_err(|e| DriveError::Invariant {
            step: 0,
            message: e.en,
        })?;
    let mut chooser = Rng::new(chooser_seed);
    for step in 0..max_steps {
        let state = m.state();
        if state.is_over() {
            return Ok(m);
        }
        let to_act = state.to_act();
        let seat = to_act[chooser.below(to_act.len() as u64) as usize];
        let action = match policies[seat] {
            Policy::Computer => state.computer_action(seat),
            Policy::Random => {
                let legal = state.legal_actions(seat);
                if legal.is_empty() {
                    return Err(DriveError::NoLegalAction { seat, step });
                }
                legal[chooser.below(legal.len() as u64) as usize].clone()
            }
        };
        if check && !state.legal_actions(seat).contains(&action) {
            return Err(DriveError::Rejected {
                seat,
                step,
                message: format!("{action:?} is not among the legal actions"),
            });
        }
        m.apply(seat, action).map_err(|e| DriveError::Rejected {
            seat,
            step,
            message: e.en,
        })?;
        if check {
            let st = m.state();
            st.check_invariants()
                .map_err(|message| DriveError::Invariant { step, message })?;
            if st.scores() != st.recomputed_scores() {
                return Err(DriveError::Invariant {
                    step,
                    message: format!(
                        "running scores {:?} differ from recomputed {:?}",
                        st.scores(),
                        st.recomputed_scores()
                    ),
                });
            }
        }
    }
    if m.state().is_over() {
        Ok(m)
    } else {
        Err(DriveError::TooLong { steps: max_steps })
    }
}
