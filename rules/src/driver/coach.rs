//! The coach's honesty check: its value of the best move against the mean
//! of continuations under the strong player, over many positions.

use super::{play_to_end, Check, Policy};
use crate::contract::{ready_level, strongest, Level, Playable, Seat};
use crate::rng::Rng;

/// What `coach_check` measured: the coach's value of its best move against
/// the mean of continuations under the strong player, over many positions.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachReport {
    pub positions: usize,
    /// Mean of (measured - coach's value) over the positions.
    pub mean_gap: f64,
    /// Its standard error.
    pub se: f64,
    /// Mean of |measured - coach's value| per position.
    pub mean_abs_gap: f64,
    /// Mean coach's value and mean measured value, for the report.
    pub mean_value: f64,
    pub mean_measured: f64,
    pub estimate: bool,
}

impl CoachReport {
    /// The coach's best value agrees with play within 3 standard errors.
    pub fn honest(&self) -> bool {
        self.mean_gap.abs() <= 3.0 * self.se.max(1e-9)
    }
}

impl std::fmt::Display for CoachReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} positions: coach {:.3}, played {:.3}, gap {:+.3} ± {:.3} (SE), mean |gap| {:.3}{}",
            self.positions,
            self.mean_value,
            self.mean_measured,
            self.mean_gap,
            self.se,
            self.mean_abs_gap,
            if self.estimate { ", an estimate" } else { "" }
        )
    }
}

/// The coach's honesty test (issue 25): over `games` seeded games of strong
/// players, one position each at a random move where the coach has
/// something to weigh, checks that every move it offers is legal and
/// that its first is the strong player's, then plays its first move on
/// from there `continuations` times (future chance reseeded, the strong
/// player everywhere) until `Coach::coach_measure` tells the value. Compares
/// the coach's value with the mean measured.
pub fn coach_check<G: Playable>(
    seats: usize,
    options: &G::Options,
    games: u64,
    continuations: u64,
    seed: u64,
) -> Result<CoachReport, String> {
    coach_check_against::<G>(seats, options, games, continuations, seed, strongest::<G>())
}

/// `coach_check` with the other seats played at `others`: the coach
/// advises seat 0 against them.
pub fn coach_check_against<G: Playable>(
    seats: usize,
    options: &G::Options,
    games: u64,
    continuations: u64,
    seed: u64,
    others: Level,
) -> Result<CoachReport, String> {
    let samples = coach_samples_against::<G>(seats, options, games, continuations, seed, others)?;
    let n = samples.len();
    if n < 2 {
        return Err("fewer than two positions with moves to weigh".into());
    }
    let gaps: Vec<f64> = samples.iter().map(|s| s.measured - s.value).collect();
    let mean_gap = gaps.iter().sum::<f64>() / n as f64;
    let var = gaps.iter().map(|g| (g - mean_gap).powi(2)).sum::<f64>() / (n - 1) as f64;
    Ok(CoachReport {
        positions: n,
        mean_gap,
        se: (var / n as f64).sqrt(),
        mean_abs_gap: gaps.iter().map(|g| g.abs()).sum::<f64>() / n as f64,
        mean_value: samples.iter().map(|s| s.value).sum::<f64>() / n as f64,
        mean_measured: samples.iter().map(|s| s.measured).sum::<f64>() / n as f64,
        estimate: samples.iter().any(|s| s.estimate),
    })
}

/// One position of `coach_samples`: the state and seat, the coach's value
/// of its best move, and the mean measured over the continuations.
#[derive(Debug, Clone)]
pub struct CoachSample<G> {
    pub state: G,
    pub seat: Seat,
    pub value: f64,
    pub measured: f64,
    pub estimate: bool,
}

/// The positions of `coach_check`, for fitting an estimate's calibration.
pub fn coach_samples<G: Playable>(
    seats: usize,
    options: &G::Options,
    games: u64,
    continuations: u64,
    seed: u64,
) -> Result<Vec<CoachSample<G>>, String> {
    coach_samples_against::<G>(seats, options, games, continuations, seed, strongest::<G>())
}

fn coach_samples_against<G: Playable>(
    seats: usize,
    options: &G::Options,
    games: u64,
    continuations: u64,
    seed: u64,
    others: Level,
) -> Result<Vec<CoachSample<G>>, String> {
    // The coach is the strongest level the game offers (issue 43), its
    // data loaded. Against that player any seat's decision is sampled; else
    // seat 0's, the one the coach advises.
    let top = strongest::<G>();
    ready_level::<G>(top)?;
    ready_level::<G>(others)?;
    let level = |s: Seat| if s == 0 { top } else { others };
    let any = others == top;
    let strong: Vec<Policy> = (0..seats).map(|s| Policy::Level(level(s))).collect();
    let mut samples = Vec::new();
    let mut pick = Rng::new(seed ^ 0xC0AC);
    for i in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
        let m = play_to_end::<G>(
            &strong,
            options,
            game_seed,
            game_seed,
            1_000_000,
            Check::None,
        )
        .map_err(|e| format!("game {i}: {e:?}"))?;
        let moves = m.record().moves.len();
        let start = pick.below(moves as u64) as usize;
        // The first position from `start` on where the coach weighs moves.
        let Some((state, seat, ev)) = (start..moves).find_map(|k| {
            let s = m.state_at(k);
            let seat = *s.to_act().first()?;
            if !any && seat != 0 {
                return None;
            }
            G::evaluate(&s.view(Some(seat)), seat).map(|ev| (s.clone(), seat, ev))
        }) else {
            continue;
        };
        let legal = state.legal_actions(seat);
        if let Some(c) = ev.ranked.iter().find(|c| !legal.contains(&c.action)) {
            return Err(format!(
                "game {i}: the coach offers {:?}, not legal",
                c.action
            ));
        }
        let best = &ev.ranked[0];
        let played = G::computer_action(&state.view(Some(seat)), seat, top, &mut Rng::new(0));
        if played != best.action {
            return Err(format!(
                "game {i}: the coach's first move {:?} is not the {} player's {played:?}",
                best.action,
                top.id()
            ));
        }
        let mut sum = 0.0;
        for c in 0..continuations {
            let mut now = state.clone();
            now.reseed(game_seed ^ (c + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut chooser = Rng::new(c);
            let mut next = (seat, best.action.clone());
            let v = loop {
                now.apply(next.0, &next.1)
                    .map_err(|e| format!("game {i}: continuation refused: {e}"))?;
                if let Some(v) = G::coach_measure(&state, &now, seat) {
                    break v;
                }
                let Some(&s) = now.to_act().first() else {
                    return Err(format!("game {i}: the game ended before the measure"));
                };
                next = (
                    s,
                    G::computer_action(
                        &now.view(Some(s)),
                        s,
                        if any || s == seat { top } else { others },
                        &mut chooser,
                    ),
                );
            };
            sum += v;
        }
        samples.push(CoachSample {
            value: best.value,
            measured: sum / continuations as f64,
            estimate: ev.estimate,
            state,
            seat,
        });
    }
    Ok(samples)
}
