//! Dealt and played games for tests and the benchmark: the standard start,
//! and seeded random play checked against the truth after every reveal.

use super::{auto_reveal, Cell, Position};
use crate::rng::Rng;

/// The standard start (R-MS-1) on any size: the centre revealed, no mine on
/// it or its neighbours, the mines uniform over the rest. The truth and the
/// public position.
pub fn deal(w: usize, h: usize, mines: usize, rng: &mut Rng) -> (Vec<bool>, Position) {
    let n = w * h;
    let centre = (h / 2) * w + w / 2;
    let probe = Position {
        width: w,
        height: h,
        mines,
        cells: vec![Cell::Covered; n],
    };
    let mut free: Vec<usize> = (0..n)
        .filter(|&i| i != centre && !probe.neighbours(centre).any(|j| j == i))
        .collect();
    rng.shuffle(&mut free);
    let mut truth = vec![false; n];
    for &i in free.iter().take(mines) {
        truth[i] = true;
    }
    let mut pos = probe;
    pos.cells[centre] = Cell::Number(0);
    (truth, pos)
}

fn true_number(pos: &Position, truth: &[bool], i: usize) -> u8 {
    pos.neighbours(i).filter(|&j| truth[j]).count() as u8
}

/// The positions of a seeded game of random play (explore 70%, mark 30% of
/// random covered cells), for tests and the benchmark: after every move, the
/// position before the automatic reveal and after it. Panics if the reveal
/// ever uncovers a mine or a wrong number (checked against the truth).
pub fn seeded_game(w: usize, h: usize, mines: usize, seed: u64) -> Vec<(Position, Position)> {
    let mut rng = Rng::new(seed);
    let (truth, mut pos) = deal(w, h, mines, &mut rng);
    let mut out = Vec::new();
    let before = pos.clone();
    check_reveal(&mut pos, &truth);
    out.push((before, pos.clone()));
    while pos.cells.iter().filter(|c| **c == Cell::Mine).count() < mines {
        let covered: Vec<usize> = (0..w * h)
            .filter(|&i| pos.cells[i] == Cell::Covered)
            .collect();
        let i = covered[rng.below(covered.len() as u64) as usize];
        let explore = rng.below(10) < 7;
        if truth[i] {
            pos.cells[i] = Cell::Mine;
        } else if explore {
            pos.cells[i] = Cell::Number(true_number(&pos, &truth, i));
        }
        let before = pos.clone();
        check_reveal(&mut pos, &truth);
        out.push((before, pos.clone()));
    }
    out
}

fn check_reveal(pos: &mut Position, truth: &[bool]) {
    for (j, k) in auto_reveal(pos).expect("a real game stays consistent") {
        assert!(!truth[j], "the reveal uncovered a mine at {j}");
        assert_eq!(k, true_number(pos, truth, j), "wrong number at {j}");
    }
}
