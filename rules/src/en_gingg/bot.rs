//! En Gingg's computer players: the strong one plays phase 1 exactly
//! (dynamic programming over dice left and total so far), the casual one
//! weighs the same values softly, and the `greedy` baseline keeps every 5
//! and 6. Phase 2 has no decision.

use super::*;
use crate::contract::{best_first, Evaluation, Weighed};
use std::sync::OnceLock;

/// The computer player's action at `level`, from the seat's view.
pub(super) fn decide(view: &View, level: Level, rng: &mut Rng) -> Action {
    let Phase::One {
        throw: Some(throw), ..
    } = &view.phase
    else {
        return Action::Roll;
    };
    let t = view.kept_total();
    match level {
        Level::Strong | Level::Expert => Action::SetAside(best_set_aside(throw, t)),
        Level::Casual => {
            // Human-like: weigh each "keep the k highest" choice by its
            // exact value, softly, so a close call can go either way and a
            // clear one is rarely missed.
            let table = Phase1Table::get();
            let choices = keep_choices(throw, t);
            let n = throw.len();
            let weights: Vec<f64> = choices
                .iter()
                .enumerate()
                .map(|(i, (_, sum))| (table.value(n - (i + 1), *sum) / CASUAL_TEMPERATURE).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = (rng.below(1 << 30) as f64 / f64::from(1u32 << 30)) * total;
            for (i, w) in weights.iter().enumerate() {
                if x < *w {
                    return Action::SetAside(choices[i].0.clone());
                }
                x -= w;
            }
            Action::SetAside(choices[n - 1].0.clone())
        }
    }
}

/// The `greedy` baseline's action.
pub(super) fn greedy(view: &View) -> Action {
    // Greedy: keep every 5 and 6 (at least the highest die).
    match &view.phase {
        Phase::One {
            throw: Some(throw), ..
        } => {
            let mut picks: Vec<usize> = (0..throw.len()).filter(|&i| throw[i] >= 5).collect();
            if picks.is_empty() {
                picks = keep_choices(throw, 0)[0].0.clone();
            }
            Action::SetAside(picks)
        }
        _ => Action::Roll,
    }
}

/// The k highest dice of `throw` (indices, ascending) for each k = 1..=n, with
/// the total each choice reaches from `t` already set aside.
fn keep_choices(throw: &[u8], t: u8) -> Vec<(Vec<usize>, usize)> {
    let mut idx: Vec<usize> = (0..throw.len()).collect();
    // Highest face first; equal faces keep their order (stable).
    sort_small_by(&mut idx, |&a, &b| throw[a] > throw[b]);
    let mut sum = t as usize;
    (1..=throw.len())
        .map(|k| {
            sum += throw[idx[k - 1]] as usize;
            let mut pick = idx[..k].to_vec();
            sort_small_by(&mut pick, |a, b| a < b);
            (pick, sum)
        })
        .collect()
}

/// How softly the casual player weighs its choices, in balance points: a
/// choice 1 point worse than the best is taken e^(-1/0.6) ≈ 19% as often.
const CASUAL_TEMPERATURE: f64 = 0.6;

/// Exact optimal phase 1 play by dynamic programming over (dice left, total so
/// far). The value is the expected change of the player's own balance, which
/// R-EG-2 makes T - 30 whatever T is.
pub struct Phase1Table {
    /// value[n][t]: expected final balance change with n dice still to throw and
    /// t already set aside, playing optimally.
    value: Vec<Vec<f64>>,
}

impl Phase1Table {
    fn build() -> Self {
        let max_t = 6 * DICE;
        let mut value = vec![vec![0.0; max_t + 1]; DICE + 1];
        for (t, v) in value[0].iter_mut().enumerate() {
            *v = t as f64 - LINE as f64;
        }
        for n in 1..=DICE {
            let outs = dice_multisets(n);
            let max_before = 6 * (DICE - n);
            for t in 0..=max_before {
                value[n][t] = outs
                    .iter()
                    .map(|(dice, p)| {
                        // Keeping k dice: the k highest are best, since more
                        // total is never worse.
                        let best = (1..=n)
                            .map(|k| {
                                let s: usize = dice[..k].iter().map(|&x| x as usize).sum();
                                value[n - k][t + s]
                            })
                            .fold(f64::MIN, f64::max);
                        p * best
                    })
                    .sum();
            }
        }
        Phase1Table { value }
    }

    pub fn get() -> &'static Phase1Table {
        static TABLE: OnceLock<Phase1Table> = OnceLock::new();
        TABLE.get_or_init(Phase1Table::build)
    }

    /// Expected final balance change from `n` dice left and total `t` so far.
    pub fn value(&self, n: usize, t: usize) -> f64 {
        self.value[n][t]
    }

    /// The exact expected balance change of a whole phase 1 under optimal play.
    pub fn expected_turn_change(&self) -> f64 {
        self.value[DICE][0]
    }
}

/// The optimal dice to set aside from `throw` with `t` already set aside:
/// indices of the k highest dice for the best k.
pub fn best_set_aside(throw: &[u8], t: u8) -> Vec<usize> {
    let table = Phase1Table::get();
    let n = throw.len();
    let mut best: Option<(f64, Vec<usize>)> = None;
    for (k, (pick, sum)) in keep_choices(throw, t).into_iter().enumerate() {
        let v = table.value(n - (k + 1), sum);
        // Prefer keeping fewer dice on (near) ties: same value, more chances.
        if best.as_ref().is_none_or(|(b, _)| v > b + 1e-12) {
            best = Some((v, pick));
        }
    }
    best.map(|(_, p)| p).unwrap_or_default()
}

/// Exact expected phase 2 penalty for target face `d` (R-EG-3), by value
/// iteration over the number of dice in hand.
pub fn expected_penalty(d: u8) -> f64 {
    // E[n] = expected d's still to come with n dice in hand. A throw of n dice
    // shows k d's with probability C(n,k)(1/6)^k(5/6)^(n-k); k = 0 stops.
    let binom =
        |n: usize, k: usize| -> f64 { (1..=k).map(|i| (n + 1 - i) as f64 / i as f64).product() };
    let mut e = [0.0f64; DICE + 1];
    for _ in 0..200 {
        let mut next = [0.0f64; DICE + 1];
        for (n, slot) in next.iter_mut().enumerate().skip(1) {
            *slot = (1..=n)
                .map(|k| {
                    let p = binom(n, k)
                        * (1.0 / 6.0f64).powi(k as i32)
                        * (5.0 / 6.0f64).powi((n - k) as i32);
                    let rest = if n == k { DICE } else { n - k };
                    p * (k as f64 + e[rest])
                })
                .sum();
        }
        e = next;
    }
    e[DICE] * f64::from(d)
}

/// The coach: for the throw waiting in phase 1, setting aside the k highest
/// dice for each k, with the exact expected balance change of the turn
/// (R-EG-2) under best play afterwards, best first (on equal values fewer
/// dice first, as the strong player plays). Setting aside any other dice
/// of the same number is never better.
pub(super) fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
    let Phase::One {
        throw: Some(throw), ..
    } = &view.phase
    else {
        return None;
    };
    if view.current != seat || view.loser.is_some() {
        return None;
    }
    let table = Phase1Table::get();
    let n = throw.len();
    let scored: Vec<(f64, Vec<usize>)> = keep_choices(throw, view.kept_total())
        .into_iter()
        .enumerate()
        .map(|(k, (pick, sum))| (table.value(n - (k + 1), sum), pick))
        .collect();
    if scored.len() < 2 {
        return None;
    }
    Some(Evaluation {
        ranked: best_first(scored, 1e-12)
            .into_iter()
            .map(|(value, pick)| Weighed {
                action: Action::SetAside(pick),
                value,
                risk: None,
                handed: None,
            })
            .collect(),
        estimate: false,
    })
}
