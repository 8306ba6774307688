//! The shared property test every game passes: after every move of seeded
//! games, the invariants, the recomputed scores, no hidden fact on any
//! channel a seat receives, illegal actions refused with the state
//! unchanged, and each record replaying to the identical state.

use super::{play_to_end, Check, Policy};
use crate::contract::{Level, Playable, RuleError, Shared};
use crate::midend::Match;
use crate::rng::Rng;

/// After a move: invariants, scores recomputed from scratch, and no hidden fact
/// in any seat's view or in the events it was told.
pub(super) fn check_state<G: Playable>(m: &Match<G>) -> Result<(), String> {
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
pub(super) fn check_refusals<G: Playable>(
    state: &G,
    pool: &[G::Action],
    rng: &mut Rng,
) -> Result<(), String> {
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
            let listed = legal.contains(a) || waiting.as_ref().is_some_and(fills);
            if state.is_legal(seat, a) != listed {
                return Err(format!(
                    "seat {seat}: is_legal({a:?}) disagrees with the legal list (listed: {listed})"
                ));
            }
            if listed {
                continue;
            }
            let mut probe = state.clone();
            match probe.apply(seat, a) {
                Ok(_) => return Err(format!("seat {seat}: illegal {a:?} was accepted")),
                Err(RuleError::Shared(Shared::NotOffered)) => {
                    return Err(format!(
                        "seat {seat}: the refusal of {a:?} names no reason (the game's `refusal` misses a case)"
                    ))
                }
                Err(_) => {}
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
            if !state.is_legal(seat, a) {
                return Err(format!("seat {seat}: is_legal refuses the listed {a:?}"));
            }
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
pub(super) fn check_channels<G: Playable>(
    state: &G,
    pool: &[G::Action],
    rng: &mut Rng,
) -> Result<(), String> {
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
