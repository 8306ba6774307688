//! A generic driver that plays any game to the end with a policy per seat, so
//! every game gets the same property tests and the same simulate command:
//!
//! - here: the policies (`Policy`) and `play_to_end`, which the simulate
//!   command and every check below drive games with;
//! - `property`: the shared property test (invariants, recomputed scores,
//!   secrets over every channel, refusals, the faces of a throw);
//! - `coach`: the coach's honesty check against played continuations;
//! - `review`: the coach's judgement of a move afterwards (`judge`).

use crate::contract::{Level, Playable, Seat};
use crate::midend::{Match, SeatInfo, SeatKind};
use crate::rng::Rng;

/// Who decides for a seat in a driven game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Policy {
    /// The game's computer player at a level, from the seat's view.
    Level(Level),
    /// Uniformly random among the legal actions.
    Random,
    /// A baseline the game adds (`ComputerPlayer::baselines`), such as "greedy".
    Baseline(String),
}

impl Policy {
    /// Parses a policy name: one of the game's levels (`G::LEVELS`: casual,
    /// strong, and expert where the game offers it, its data loaded from the
    /// repository's file), random or one of the game's baselines.
    pub fn parse<G: Playable>(s: &str) -> Result<Policy, String> {
        let offered: Vec<&str> = G::LEVELS.iter().map(|l| l.id()).collect();
        match s {
            "random" => Ok(Policy::Random),
            other if G::baselines().contains(&other) => Ok(Policy::Baseline(other.to_string())),
            other => match Level::from_id(other) {
                Some(level) if G::LEVELS.contains(&level) => {
                    crate::contract::ready_level::<G>(level)?;
                    Ok(Policy::Level(level))
                }
                Some(level) => Err(format!(
                    "{} has no {} player: its levels are {} (a game offers expert only where a stronger player than strong needs more time or memory)",
                    G::ID,
                    level.id(),
                    offered.join(", ")
                )),
                None => Err(Self::unknown::<G>(other, &offered)),
            },
        }
    }

    fn unknown<G: Playable>(other: &str, offered: &[&str]) -> String {
        let mut known: Vec<&str> = offered.to_vec();
        known.push("random");
        known.extend(G::baselines());
        format!(
            "unknown player \"{other}\" for {}: use {}",
            G::ID,
            known.join(", ")
        )
    }

    pub fn name(&self) -> String {
        match self {
            Policy::Level(l) => l.id().to_string(),
            Policy::Random => "random".into(),
            Policy::Baseline(b) => b.clone(),
        }
    }
}

/// Why a driven game stopped before its end.
#[derive(Debug, Clone, PartialEq)]
pub enum DriveError {
    Setup(String),
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

/// How much a driven game checks after every move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Nothing: simulation speed.
    None,
    /// Invariants, recomputed scores, every seat's view and events free of
    /// hidden facts, illegal actions refused with the state unchanged, and
    /// (a sample of) legal actions accepted.
    Full,
}

/// The mean final score of one seat playing `games` solo games (seeds
/// 0..games) with `policy`: for tests that rank a game's computer levels.
pub fn solo_mean<G: Playable>(policy: &Policy, options: &G::Options, games: u64) -> f64 {
    let total: f64 = (0..games)
        .map(|i| {
            play_to_end::<G>(
                std::slice::from_ref(policy),
                options,
                i,
                i,
                100_000,
                Check::None,
            )
            .map_or(f64::NAN, |m| m.state().scores()[0] as f64)
        })
        .sum();
    total / games as f64
}

/// Plays a game from `seed` to its end. `chooser_seed` drives the random
/// policies, the order among several deciding seats and the computer players'
/// own randomness.
pub fn play_to_end<G: Playable>(
    policies: &[Policy],
    options: &G::Options,
    seed: u64,
    chooser_seed: u64,
    max_steps: usize,
    check: Check,
) -> Result<Match<G>, DriveError> {
    let seats = policies
        .iter()
        .enumerate()
        .map(|(i, p)| SeatInfo {
            // A random or baseline seat says so (its level is unused).
            policy: Some(p.name()),
            // Where only people may sit, the policy stands in for a person.
            kind: if G::people_only(options) {
                SeatKind::Human
            } else {
                SeatKind::Computer
            },
            ..SeatInfo::computer(
                format!("P{}", i + 1),
                match p {
                    Policy::Level(l) => *l,
                    _ => Level::Strong,
                },
            )
        })
        .collect();
    let mut m = Match::<G>::new(seats, options.clone(), seed)
        .map_err(|e| DriveError::Setup(e.to_string()))?;
    let mut chooser = Rng::new(chooser_seed);
    // Actions seen at other moments of this game, for the refusal checks.
    let mut pool: Vec<G::Action> = Vec::new();
    for step in 0..max_steps {
        let state = m.state();
        if state.is_over() {
            return Ok(m);
        }
        // Any deciding seat may answer first; the rules must not care.
        let Some(seat) = chooser.pick(&state.to_act()) else {
            return Err(DriveError::Invariant {
                step,
                message: "no seat to act but the game is not over".into(),
            });
        };
        let legal = state.legal_actions(seat);
        let waiting = state.waiting();
        if legal.is_empty() && waiting.is_none() {
            return Err(DriveError::NoLegalAction { seat, step });
        }
        let action = match &policies[seat] {
            // R-G-5: faces from the table, drawn at random.
            _ if waiting.is_some() => {
                let n = waiting.as_ref().map_or(0, |w| w.dice.len());
                G::entered(chooser.dice(n)).ok_or_else(|| DriveError::Rejected {
                    seat,
                    step,
                    message: format!("{} waits for faces it cannot enter", G::ID),
                })?
            }
            Policy::Level(level) => {
                G::computer_action(&state.view(Some(seat)), seat, *level, &mut chooser)
            }
            Policy::Random => legal[chooser.below(legal.len() as u64) as usize].clone(),
            Policy::Baseline(name) => {
                G::baseline_action(name, &state.view(Some(seat)), seat, &mut chooser).ok_or_else(
                    || DriveError::Rejected {
                        seat,
                        step,
                        message: format!("{} has no baseline {name}", G::ID),
                    },
                )?
            }
        };
        if check == Check::Full {
            if waiting.is_none() && !legal.contains(&action) {
                return Err(DriveError::Rejected {
                    seat,
                    step,
                    message: format!("{action:?} is not among the legal actions"),
                });
            }
            check_refusals(state, &pool, &mut chooser)
                .map_err(|message| DriveError::Invariant { step, message })?;
            // Every third position on average: the channel check costs as
            // much again as the rest, and thousands of games still reach
            // every kind of position with it.
            if chooser.below(3) == 0 {
                check_channels(state, &pool, &mut chooser)
                    .map_err(|message| DriveError::Invariant { step, message })?;
            }
            if pool.len() < 64 {
                pool.extend(legal.iter().take(4).cloned());
            } else {
                let i = chooser.below(pool.len() as u64) as usize;
                pool[i] = action.clone();
            }
        }
        let before = (check == Check::Full).then(|| m.state().clone());
        m.apply(seat, action).map_err(|e| DriveError::Rejected {
            seat,
            step,
            message: e.to_string(),
        })?;
        if let Some(before) = before {
            check_state(&m).map_err(|message| DriveError::Invariant { step, message })?;
            // Taking back restores the state before the decision taken
            // back (R-G-4: with the computer moves since, if any).
            if let Some((s, n)) = m.take_back() {
                let mut back = m.clone();
                let expected = if n == 1 {
                    &before
                } else {
                    m.state_at(m.record().moves.len() - n)
                };
                if (n == 1 && s != seat) || !back.undo(s) || back.state() != expected {
                    return Err(DriveError::Invariant {
                        step,
                        message: "undo does not restore the state before the move".into(),
                    });
                }
            }
        }
    }
    if m.state().is_over() {
        Ok(m)
    } else {
        Err(DriveError::TooLong { steps: max_steps })
    }
}

mod coach;
mod property;
mod review;

pub use coach::*;
pub use property::*;
use property::{check_channels, check_refusals, check_state};
pub use review::*;

#[cfg(test)]
mod leak_tests;
