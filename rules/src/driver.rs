//! A generic driver that plays any game to the end with a policy per seat, so
//! every game gets the same property tests and the same simulate command.

use crate::contract::{Level, Playable, RuleError, Seat, Shared, Weighed};
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
    /// Parses a policy name: strong, casual, random or one of the game's
    /// baselines.
    pub fn parse<G: Playable>(s: &str) -> Result<Policy, String> {
        match s {
            "strong" => Ok(Policy::Level(Level::Strong)),
            "casual" => Ok(Policy::Level(Level::Casual)),
            "random" => Ok(Policy::Random),
            other if G::baselines().contains(&other) => Ok(Policy::Baseline(other.to_string())),
            other => {
                let mut known = vec!["strong", "casual", "random"];
                known.extend(G::baselines());
                Err(format!(
                    "unknown player \"{other}\" for {}: use {}",
                    G::ID,
                    known.join(", ")
                ))
            }
        }
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
        let to_act = state.to_act();
        if to_act.is_empty() {
            return Err(DriveError::Invariant {
                step,
                message: "no seat to act but the game is not over".into(),
            });
        }
        // Any deciding seat may answer first; the rules must not care.
        let seat = to_act[chooser.below(to_act.len() as u64) as usize];
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

/// After a move: invariants, scores recomputed from scratch, and no hidden fact
/// in any seat's view or in the events it was told.
fn check_state<G: Playable>(m: &Match<G>) -> Result<(), String> {
    let st = m.state();
    st.check_invariants()?;
    if st.scores() != st.recomputed_scores() {
        return Err(format!(
            "running scores {:?} differ from recomputed {:?}",
            st.scores(),
            st.recomputed_scores()
        ));
    }
    let last = m.events().len().saturating_sub(1);
    let viewers = (0..m.seats().len()).map(Some).chain([None]);
    for seat in viewers {
        let view = st.view(seat);
        let events: Vec<G::Event> = m.events_for(seat, last).concat();
        st.check_secrets(seat, &view, &events)
            .map_err(|e| format!("seat {seat:?} learns a hidden fact: {e}"))?;
    }
    Ok(())
}

/// Illegal actions (from other moments of the game, and arbitrary ones) are
/// refused with the state unchanged, for the deciding seats and the others;
/// legal ones (up to 16 per seat) are accepted.
fn check_refusals<G: Playable>(state: &G, pool: &[G::Action], rng: &mut Rng) -> Result<(), String> {
    let seats = state.scores().len();
    let to_act = state.to_act();
    let mut candidates: Vec<G::Action> = (0..4).map(|_| G::arbitrary_action(rng)).collect();
    for _ in 0..4.min(pool.len()) {
        candidates.push(pool[rng.below(pool.len() as u64) as usize].clone());
    }
    let waiting = state.waiting();
    if let Some(w) = &waiting {
        check_faces(state, w, rng)?;
    }
    for seat in 0..seats {
        let legal = state.legal_actions(seat);
        if !to_act.contains(&seat) && !legal.is_empty() {
            return Err(format!(
                "seat {seat} has legal actions but does not decide now"
            ));
        }
        if waiting.is_some() && !legal.is_empty() {
            return Err(format!("seat {seat} has legal actions while a throw waits"));
        }
        for a in &candidates {
            let fills = |w: &crate::chance::Waiting| {
                w.seat == seat && G::entered_faces(a).is_some_and(|f| w.check(f).is_ok())
            };
            if legal.contains(a) || waiting.as_ref().is_some_and(fills) {
                continue;
            }
            let mut probe = state.clone();
            if probe.apply(seat, a).is_ok() {
                return Err(format!("seat {seat}: illegal {a:?} was accepted"));
            }
            if &probe != state {
                return Err(format!("seat {seat}: refused {a:?} changed the state"));
            }
        }
        let sample: Vec<&G::Action> = if legal.len() <= 16 {
            legal.iter().collect()
        } else {
            (0..16)
                .map(|_| &legal[rng.below(legal.len() as u64) as usize])
                .collect()
        };
        for a in sample {
            let mut probe = state.clone();
            if let Err(e) = probe.apply(seat, a) {
                return Err(format!("seat {seat}: legal {a:?} was refused: {e}"));
            }
        }
    }
    Ok(())
}

/// Secrets over every channel a seat receives, not only its view and its
/// events: in a state it cannot tell from this one (`Verify::hidden_variant`,
/// every hidden fact drawn anew), each seat's legal list and the reason of
/// each refusal must be the same, or they tell it a hidden fact.
fn check_channels<G: Playable>(state: &G, pool: &[G::Action], rng: &mut Rng) -> Result<(), String> {
    let seats = state.scores().len();
    for seat in 0..seats {
        let Some(other) = state.hidden_variant(Some(seat), rng.next_u64()) else {
            continue;
        };
        if other.view(Some(seat)) != state.view(Some(seat)) {
            return Err(format!(
                "seat {seat} learns a hidden fact: its view differs where only hidden facts do"
            ));
        }
        let legal = state.legal_actions(seat);
        if other.legal_actions(seat) != legal {
            return Err(format!(
                "seat {seat} learns a hidden fact: its legal list differs where only hidden facts do"
            ));
        }
        let mut candidates: Vec<G::Action> = (0..4).map(|_| G::arbitrary_action(rng)).collect();
        for _ in 0..4.min(pool.len()) {
            candidates.push(pool[rng.below(pool.len() as u64) as usize].clone());
        }
        for a in candidates.iter().filter(|a| !legal.contains(a)) {
            let here = state.clone().apply(seat, a).err();
            let there = other.clone().apply(seat, a).err();
            if here != there {
                return Err(format!(
                    "seat {seat} learns a hidden fact: {a:?} is refused with {here:?} here and {there:?} where only hidden facts differ"
                ));
            }
        }
    }
    Ok(())
}

/// R-G-5: while a throw waits, the seat that threw may enter faces that fill
/// it and nothing else; a wrong number of dice, a face outside 1 to 6 and
/// any other seat's entry are refused with their shared reasons and the
/// state unchanged.
fn check_faces<G: Playable>(
    state: &G,
    w: &crate::chance::Waiting,
    rng: &mut Rng,
) -> Result<(), String> {
    let n = w.dice.len();
    let good = rng.dice(n);
    let mut wrong = vec![(
        w.seat,
        rng.dice(n + 1),
        Shared::DiceCount {
            expected: n,
            got: n + 1,
        },
    )];
    if n > 1 {
        wrong.push((
            w.seat,
            rng.dice(n - 1),
            Shared::DiceCount {
                expected: n,
                got: n - 1,
            },
        ));
    }
    for face in [0, 7] {
        let mut f = good.clone();
        let i = rng.below(n as u64) as usize;
        f[i] = face;
        wrong.push((w.seat, f, Shared::Face { face }));
    }
    for seat in 0..state.scores().len() {
        if seat != w.seat {
            wrong.push((seat, good.clone(), Shared::NotYourTurn));
        }
    }
    for (seat, faces, why) in wrong {
        let a = G::entered(faces).ok_or("a game that waits must enter faces")?;
        let mut probe = state.clone();
        match probe.apply(seat, &a) {
            Err(RuleError::Shared(s)) if s == why => {}
            other => return Err(format!("seat {seat}: {a:?} gave {other:?}, not {why:?}")),
        }
        if &probe != state {
            return Err(format!("seat {seat}: refused {a:?} changed the state"));
        }
    }
    let a = G::entered(good).ok_or("a game that waits must enter faces")?;
    if let Err(e) = state.clone().apply(w.seat, &a) {
        return Err(format!("seat {}: faces {a:?} were refused: {e}", w.seat));
    }
    Ok(())
}

/// The shared property test: `games` seeded games with 2.. seats (as `seats`
/// gives for game i) and a mix of policies, every check after every move, and
/// each record replaying to the identical state.
pub fn property<G: Playable>(
    games: u64,
    seats: impl Fn(u64) -> usize,
    options: impl Fn(u64) -> G::Options,
) -> Result<(), String> {
    property_with::<G>(games, seats, options, |i, s| match (i + s as u64) % 4 {
        0 => Policy::Level(Level::Strong),
        1 => Policy::Level(Level::Casual),
        _ => Policy::Random,
    })
}

/// `property` with the policy of seat s in game i chosen by `policy(i, s)`
/// (for example only random play, which reaches the most unusual states fast).
pub fn property_with<G: Playable>(
    games: u64,
    seats: impl Fn(u64) -> usize,
    options: impl Fn(u64) -> G::Options,
    policy: impl Fn(u64, usize) -> Policy,
) -> Result<(), String> {
    for i in 0..games {
        let n = seats(i);
        let policies: Vec<Policy> = (0..n).map(|s| policy(i, s)).collect();
        let m = play_to_end::<G>(
            &policies,
            &options(i),
            i,
            i ^ 0xABCD,
            1_000_000,
            Check::Full,
        )
        .map_err(|e| format!("game {i}: {e:?}"))?;
        let again = Match::<G>::replay(m.record().clone())
            .map_err(|e| format!("game {i} does not replay: {e:?}"))?;
        if again.state() != m.state() {
            return Err(format!("game {i}: the replay differs"));
        }
    }
    Ok(())
}

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
    coach_check_against::<G>(seats, options, games, continuations, seed, Level::Strong)
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
    coach_samples_against::<G>(seats, options, games, continuations, seed, Level::Strong)
}

fn coach_samples_against<G: Playable>(
    seats: usize,
    options: &G::Options,
    games: u64,
    continuations: u64,
    seed: u64,
    others: Level,
) -> Result<Vec<CoachSample<G>>, String> {
    // Against the strong player any seat's decision is sampled; else seat
    // 0's, the one the coach advises.
    let level = |s: Seat| if s == 0 { Level::Strong } else { others };
    let any = others == Level::Strong;
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
        let played = G::computer_action(
            &state.view(Some(seat)),
            seat,
            Level::Strong,
            &mut Rng::new(0),
        );
        if played != best.action {
            return Err(format!(
                "game {i}: the coach's first move {:?} is not the strong player's {played:?}",
                best.action
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
                        if any || s == seat {
                            Level::Strong
                        } else {
                            others
                        },
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

#[cfg(test)]
#[path = "leak_tests.rs"]
mod leak_tests;
