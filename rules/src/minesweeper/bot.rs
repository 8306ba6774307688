//! The computer players, from their seat's view only.
use super::*;
use crate::contract::{best_first, Evaluation, Weighed};

/// The covered cells, with their exact mine probabilities; the seat's
/// own failed marks count as known safe (`private`), and so do the cells
/// the opponent's latest failed marks were most likely on.
fn chances(view: &View, private: bool) -> Option<(Position, Vec<Option<f64>>)> {
    guessed_chances(view, private).map(|(pos, p, _)| (pos, p))
}

/// `chances`, and whether they rest on a guess of where the opponent's
/// failed marks were (then they are not exact).
fn guessed_chances(view: &View, private: bool) -> Option<(Position, Vec<Option<f64>>, bool)> {
    let mut pos = view.position();
    let mut guess = false;
    if private {
        for &b in &view.blubbs {
            if pos.cells[b] == Cell::Covered {
                pos.cells[b] = Cell::Clear;
            }
        }
        // Failed marks since the board last changed were made on this
        // very board: the opponent marked the cell the strong player
        // marks here (a person marks the likeliest mine as well), so that
        // cell is safe. Without this, a player marks it next and fails
        // the same way.
        let mut guessed = pos.clone();
        let mut theirs = view.position();
        for e in view.log.iter().rev().take_while(|e| e.kind == Kind::Blubb) {
            if e.at.is_some() {
                continue;
            }
            let Some(i) = likeliest_mark(view, &theirs) else {
                break;
            };
            theirs.cells[i] = Cell::Clear;
            guessed.cells[i] = Cell::Clear;
        }
        if guessed != pos && minefield::analyze(&guessed).is_some() {
            pos = guessed;
            guess = true;
        }
    }
    let a = minefield::analyze(&pos)?;
    let mut p = a.probability;
    for (i, c) in pos.cells.iter().enumerate() {
        if *c == Cell::Clear {
            p[i] = Some(0.0);
        }
    }
    Some((pos, p, guess))
}

/// The mark the strong player makes on `pos` (the opponent's knowledge),
/// if its move there is a mark.
fn likeliest_mark(view: &View, pos: &Position) -> Option<usize> {
    let a = minefield::analyze(pos)?;
    let mut p = a.probability;
    for (i, c) in pos.cells.iter().enumerate() {
        if *c == Cell::Clear {
            p[i] = Some(0.0);
        }
    }
    let options = values(view, pos, &p);
    match ranked(view, pos, &p, &options, 1).first()?.1 {
        Action::Mark { x, y } => Some(y * view.width + x),
        Action::Explore { .. } => None,
    }
}

fn at(view: &View, i: usize) -> (usize, usize) {
    (i % view.width, i / view.width)
}

fn first_covered(view: &View) -> Action {
    let i = view
        .board
        .iter()
        .position(|s| *s == Square::Covered)
        .unwrap_or(0);
    let (x, y) = at(view, i);
    Action::Explore { x, y }
}

/// The baseline: mark a certain mine if there is one, otherwise explore
/// the safest cell (the first of equals).
pub fn greedy(view: &View) -> Action {
    let Some((_, p)) = chances(view, false) else {
        return first_covered(view);
    };
    let mut best: Option<(f64, usize)> = None;
    for (i, q) in p.iter().enumerate() {
        let Some(q) = *q else { continue };
        if q >= 1.0 - 1e-12 {
            let (x, y) = at(view, i);
            return Action::Mark { x, y };
        }
        if best.is_none_or(|(b, _)| q < b - 1e-12) {
            best = Some((q, i));
        }
    }
    let (x, y) = at(view, best.map_or(0, |b| b.1));
    Action::Explore { x, y }
}

/// Expected points of exploring and of marking each covered cell.
pub(super) fn values(view: &View, pos: &Position, p: &[Option<f64>]) -> Vec<(f64, Action)> {
    let mark = mark_points(view.visible_mines() + 1) as f64;
    let mut out = Vec::new();
    for (i, q) in p.iter().enumerate() {
        let Some(q) = *q else { continue };
        let (x, y) = at(view, i);
        // The number's points: the hidden mines around, as expected.
        let around: f64 = pos.neighbours(i).filter_map(|j| p[j]).sum();
        out.push((
            (1.0 - q) * around + q * EXPLOSION as f64,
            Action::Explore { x, y },
        ));
        if pos.cells[i] != Cell::Clear {
            out.push((q * mark + (1.0 - q) * BLUBB as f64, Action::Mark { x, y }));
        }
    }
    out
}

pub fn decide(view: &View, _seat: Seat, level: Level, rng: &mut Rng) -> Action {
    let Some((pos, p)) = chances(view, true) else {
        return greedy(view);
    };
    let options = values(view, &pos, &p);
    if options.is_empty() {
        return first_covered(view);
    }
    match level {
        Level::Strong | Level::Expert => lookahead(view, &pos, &p, &options),
        Level::Casual => casual(view, &pos, &p, rng),
    }
}

/// The one-move player: the best expected points now (the `expected`
/// baseline of `simulate`).
pub fn expected(view: &View) -> Action {
    match chances(view, true) {
        Some((pos, p)) => {
            let options = values(view, &pos, &p);
            if options.is_empty() {
                first_covered(view)
            } else {
                best(&options)
            }
        }
        None => greedy(view),
    }
}

/// How many of the best moves now the strong player looks beyond.
const CANDIDATES: usize = 4;
/// Number outcomes less likely than this are not looked at.
const UNLIKELY: f64 = 0.02;

/// The opponent's best expected points in a public position.
fn opponent_best(pos: &Position, visible: usize) -> f64 {
    let Some(a) = minefield::analyze(pos) else {
        return 0.0;
    };
    let mark = mark_points(visible + 1) as f64;
    let mut top = 0.0f64;
    for (i, q) in a.probability.iter().enumerate() {
        let Some(q) = *q else { continue };
        let around: f64 = pos.neighbours(i).filter_map(|j| a.probability[j]).sum();
        top = top
            .max((1.0 - q) * around + q * EXPLOSION as f64)
            .max(q * mark + (1.0 - q) * BLUBB as f64);
    }
    top
}

/// The chance of each number 0..=8 a safe cell would show, treating its
/// covered neighbours as independent (Poisson binomial), plus the
/// visible mines around.
fn number_chances(pos: &Position, p: &[Option<f64>], i: usize) -> [f64; 9] {
    let mut dist = [0.0; 9];
    dist[0] = 1.0;
    let mut shift = 0;
    for j in pos.neighbours(i) {
        match pos.cells[j] {
            Cell::Mine => shift += 1,
            Cell::Covered => {
                let q = p[j].unwrap_or(0.0);
                for k in (0..9).rev() {
                    let stay = dist[k] * (1.0 - q);
                    let from = if k > 0 { dist[k - 1] * q } else { 0.0 };
                    dist[k] = stay + from;
                }
            }
            _ => {}
        }
    }
    let mut out = [0.0; 9];
    out[shift..].copy_from_slice(&dist[..9 - shift]);
    out
}

/// What `action` hands the opponent: their best expected points after it,
/// over its possible outcomes, in the public position (the opponent does
/// not know the mover's failed marks).
fn handed(view: &View, pos: &Position, p: &[Option<f64>], action: Action) -> f64 {
    let public = view.position();
    let visible = view.visible_mines();
    let (x, y) = action.at();
    let i = y * view.width + x;
    let q = p[i].unwrap_or(0.0);
    let mut handed = 0.0;
    match action {
        Action::Mark { .. } => {
            // A Blubb tells the opponent nothing.
            if q > 0.0 {
                let mut after = public.clone();
                after.cells[i] = Cell::Mine;
                handed += q * opponent_best(&after, visible + 1);
            }
            if q < 1.0 {
                handed += (1.0 - q) * opponent_best(&public, visible);
            }
        }
        Action::Explore { .. } => {
            if q > 0.0 {
                let mut after = public.clone();
                after.cells[i] = Cell::Mine;
                handed += q * opponent_best(&after, visible + 1);
            }
            let dist = number_chances(pos, p, i);
            let mut weight = 0.0;
            let mut sum = 0.0;
            for (k, &d) in dist.iter().enumerate() {
                if d < UNLIKELY {
                    continue;
                }
                let mut after = public.clone();
                after.cells[i] = Cell::Number(k as u8);
                if minefield::analyze(&after).is_some() {
                    weight += d;
                    sum += d * opponent_best(&after, visible);
                }
            }
            if weight > 0.0 {
                handed += (1.0 - q) * sum / weight;
            }
        }
    }
    handed
}

/// The strong player: for the best few moves now, subtracts what the
/// move hands the opponent (their best expected points afterwards,
/// over the move's possible outcomes).
fn lookahead(view: &View, pos: &Position, p: &[Option<f64>], options: &[(f64, Action)]) -> Action {
    ranked(view, pos, p, options, 1)[0].1
}

/// A move the strong player weighs: its expected points now, the move,
/// and (for the best few) the opponent's best expected points after it.
type Ranked = (f64, Action, Option<f64>);

/// Every move as the strong player ranks it, best first: the best few by
/// their points now less what they hand the opponent, then the rest by
/// their points now; each with its expected points now (the first `keep`).
fn ranked(
    view: &View,
    pos: &Position,
    p: &[Option<f64>],
    options: &[(f64, Action)],
    keep: usize,
) -> Vec<Ranked> {
    // The best few, best first (picked, not sorted: a sort's code would
    // cost download size).
    let mut rest: Vec<(f64, Action)> = options.to_vec();
    let mut ranked = Vec::with_capacity(CANDIDATES);
    while ranked.len() < CANDIDATES && !rest.is_empty() {
        let mut b = 0;
        for (k, o) in rest.iter().enumerate() {
            if o.0 > rest[b].0 + 1e-9 {
                b = k;
            }
        }
        ranked.push(rest.swap_remove(b));
    }
    let mut weighed = Vec::with_capacity(ranked.len());
    for &(now, action) in &ranked {
        let handed = handed(view, pos, p, action);
        weighed.push((now - handed, (now, action, Some(handed))));
    }
    // Best first; on equal values the one better now (the earlier).
    let mut out: Vec<Ranked> = best_first(weighed, 1e-9)
        .into_iter()
        .map(|(_, o)| o)
        .collect();
    while out.len() < keep && !rest.is_empty() {
        let mut b = 0;
        for (k, o) in rest.iter().enumerate() {
            if o.0 > rest[b].0 + 1e-9 {
                b = k;
            }
        }
        let (now, action) = rest.swap_remove(b);
        out.push((now, action, None));
    }
    out
}

/// The coach: every move as the strong player ranks it, each with its
/// expected points now and its mine chance (exact, from the seat's view:
/// its own failed marks count as known safe).
pub fn evaluate(view: &View, seat: Seat) -> Option<Evaluation<Action>> {
    if view.turn != Some(seat) {
        return None;
    }
    let (pos, p, guess) = guessed_chances(view, true)?;
    let options = values(view, &pos, &p);
    if options.len() < 2 {
        return None;
    }
    let choices = ranked(view, &pos, &p, &options, usize::MAX)
        .into_iter()
        .map(|(value, action, handed)| {
            let (x, y) = action.at();
            Weighed {
                action,
                value,
                risk: p[y * view.width + x],
                handed,
            }
        })
        .collect();
    // Exact for the seat's view, unless it guessed where the opponent's
    // failed marks were.
    Some(Evaluation {
        ranked: choices,
        estimate: guess,
    })
}

/// One move weighed as the coach weighs its best few (for the review): its
/// expected points now, its mine chance and what it hands the opponent.
pub fn weigh(view: &View, seat: Seat, action: Action) -> Option<Weighed<Action>> {
    if view.turn != Some(seat) {
        return None;
    }
    let (pos, p, _) = guessed_chances(view, true)?;
    let options = values(view, &pos, &p);
    let &(value, _) = options.iter().find(|o| o.1 == action)?;
    let (x, y) = action.at();
    Some(Weighed {
        action,
        value,
        risk: p[y * view.width + x],
        handed: Some(handed(view, &pos, &p, action)),
    })
}

fn best(options: &[(f64, Action)]) -> Action {
    let mut b = 0;
    for (k, o) in options.iter().enumerate() {
        if o.0 > options[b].0 + 1e-9 {
            b = k;
        }
    }
    options[b].1
}

/// Human-like: judges each cell's danger with an error, explores what
/// looks safe, marks only what looks very likely a mine.
fn casual(view: &View, pos: &Position, p: &[Option<f64>], rng: &mut Rng) -> Action {
    let mut judged: Vec<Option<f64>> = p.to_vec();
    for q in judged.iter_mut().flatten() {
        if *q > 0.0 && *q < 1.0 {
            let noise = (rng.below(1001) as f64 / 1000.0 - 0.5) * 0.3;
            *q = (*q + noise).clamp(0.0, 1.0);
        }
    }
    let options = values(view, pos, &judged);
    best(&options)
}
