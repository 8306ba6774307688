use super::*;
use crate::rng::Rng;

/// Every position of a seeded random game, before and after each
/// automatic reveal.
fn random_game(w: usize, h: usize, mines: usize, seed: u64) -> Vec<Position> {
    seeded_game(w, h, mines, seed)
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .collect()
}

/// Every arrangement of the hidden mines over the covered cells that
/// agrees with the numbers: total, per-cell mine counts, and per cell
/// the set of neighbour mine counts (bit k: k mines around).
struct Brute {
    total: u64,
    mines: Vec<u64>,
    counts: Vec<u16>,
}

fn brute(pos: &Position) -> Option<Brute> {
    let n = pos.width * pos.height;
    let covered: Vec<usize> = (0..n).filter(|&i| pos.cells[i] == Cell::Covered).collect();
    let visible = pos.cells.iter().filter(|c| **c == Cell::Mine).count();
    let hidden = pos.mines.checked_sub(visible)?;
    if hidden > covered.len() {
        return None;
    }
    let mut out = Brute {
        total: 0,
        mines: vec![0; n],
        counts: vec![0; n],
    };
    let c = covered.len();
    let mut is_mine = vec![false; n];
    // Every k-subset of c covered cells (Gosper's hack).
    let mut set: u64 = if hidden == 0 { 0 } else { (1u64 << hidden) - 1 };
    loop {
        for (b, &i) in covered.iter().enumerate() {
            is_mine[i] = set & (1 << b) != 0;
        }
        for (m, c) in is_mine.iter_mut().zip(&pos.cells) {
            *m |= *c == Cell::Mine;
        }
        let ok = (0..n).all(|i| match pos.cells[i] {
            Cell::Number(k) => pos.neighbours(i).filter(|&j| is_mine[j]).count() == usize::from(k),
            _ => true,
        });
        if ok {
            out.total += 1;
            for &i in &covered {
                if is_mine[i] {
                    out.mines[i] += 1;
                } else {
                    let k = pos.neighbours(i).filter(|&j| is_mine[j]).count();
                    out.counts[i] |= 1 << k;
                }
            }
        }
        if hidden == 0 || hidden > c {
            break;
        }
        let lowest = set & set.wrapping_neg();
        let ripple = set + lowest;
        set = (((ripple ^ set) >> 2) / lowest) | ripple;
        if set >= 1u64 << c {
            break;
        }
    }
    (out.total > 0).then_some(out)
}

fn combinations(n: usize, k: usize) -> f64 {
    (0..k.min(n)).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

fn check_against_brute(pos: &Position) -> bool {
    let covered = pos.cells.iter().filter(|c| **c == Cell::Covered).count();
    let visible = pos.cells.iter().filter(|c| **c == Cell::Mine).count();
    let hidden = pos.mines.saturating_sub(visible);
    if combinations(covered, hidden) > 400_000.0 {
        return false;
    }
    let b = brute(pos);
    let a = analyze(pos);
    assert_eq!(a.is_some(), b.is_some(), "consistency of {pos:?}");
    let (Some(a), Some(b)) = (a, b) else {
        return true;
    };
    for i in 0..pos.cells.len() {
        if pos.cells[i] != Cell::Covered {
            assert_eq!(a.probability[i], None);
            continue;
        }
        let p = b.mines[i] as f64 / b.total as f64;
        let q = a.probability[i].expect("a covered cell has a probability");
        assert!(
            (p - q).abs() < 1e-9,
            "cell {i}: brute {p} engine {q} in {pos:?}"
        );
        assert_eq!(a.safe[i], b.mines[i] == 0, "safe {i} in {pos:?}");
        assert_eq!(a.mine[i], b.mines[i] == b.total, "mine {i} in {pos:?}");
        let visible_nb = pos
            .neighbours(i)
            .filter(|&j| pos.cells[j] == Cell::Mine)
            .count();
        let expect = (b.mines[i] == 0 && b.counts[i].count_ones() == 1)
            .then(|| b.counts[i].trailing_zeros() as u8);
        let _ = visible_nb;
        assert_eq!(a.number[i], expect, "number of {i} in {pos:?}");
    }
    true
}

#[test]
fn the_engine_matches_brute_force_on_thousands_of_positions_r_ms_5() {
    // Small boards at every stage of seeded random games, positions
    // right after explosions and failed marks included.
    let mut checked = 0;
    let mut seed = 0;
    while checked < 3000 {
        seed += 1;
        let (w, h) = [(5, 5), (6, 5), (6, 6), (5, 6)][(seed % 4) as usize];
        let mines = 3 + (seed % 6) as usize;
        for pos in random_game(w, h, mines, seed) {
            if check_against_brute(&pos) {
                checked += 1;
            }
        }
    }
    assert!(checked >= 3000);
}

#[test]
fn the_work_budget_bounds_the_largest_board_and_spares_normal_ones() {
    // R-MS-7's largest board in random play: every position's counted
    // work within the budgets (deterministic, unlike a clock), and
    // some positions over them, estimated (42 in this game).
    let mut estimated = 0;
    for (before, _) in seeded_game(30, 30, 225, 4) {
        let a = analyze(&before).expect("a real game stays consistent");
        assert!(a.work <= FRAME_BUDGET + NUMBER_BUDGET, "{}", a.work);
        estimated += usize::from(!a.exact);
    }
    assert!(estimated > 0);
    // The budget is no rules change on normal boards: every position
    // is solved exactly, as before it.
    for (w, h, m, games) in [(11, 11, 15, 20), (30, 16, 99, 4)] {
        for seed in 1..=games {
            for (before, _) in seeded_game(w, h, m, seed) {
                let a = analyze(&before).expect("consistent");
                assert!(a.exact, "{w}x{h}/{m} seed {seed}: {}", a.work);
            }
        }
    }
}

#[test]
fn private_knowledge_of_safe_cells_conditions_the_probabilities() {
    // The computer player's own failed marks are covered cells it knows
    // to be safe: checked against brute force, which never puts a mine
    // on them.
    let mut checked = 0;
    let mut seed = 1000;
    while checked < 600 {
        seed += 1;
        let mines = 3 + (seed % 5) as usize;
        for (k, mut pos) in random_game(6, 5, mines, seed).into_iter().enumerate() {
            let covered: Vec<usize> = (0..pos.cells.len())
                .filter(|&i| pos.cells[i] == Cell::Covered)
                .collect();
            if covered.len() < 3 {
                continue;
            }
            pos.cells[covered[k % covered.len()]] = Cell::Clear;
            pos.cells[covered[(k * 7 + 1) % covered.len()]] = Cell::Clear;
            if check_against_brute(&pos) {
                checked += 1;
            }
        }
    }
}

#[test]
fn inconsistent_positions_are_reported() {
    let mut pos = Position {
        width: 3,
        height: 3,
        mines: 1,
        cells: vec![Cell::Covered; 9],
    };
    // A 2 with one mine in all: impossible.
    pos.cells[4] = Cell::Number(2);
    assert!(analyze(&pos).is_none());
    // A 1 whose neighbours are all revealed safe: impossible.
    let mut p2 = Position {
        width: 2,
        height: 1,
        mines: 1,
        cells: vec![Cell::Number(1), Cell::Number(0)],
    };
    assert!(analyze(&p2).is_none());
    // More visible mines than the count.
    p2.cells = vec![Cell::Mine, Cell::Mine];
    assert!(analyze(&p2).is_none());
    // Fine: one mine, a 1 with it among three covered cells.
    pos.cells[4] = Cell::Number(1);
    let a = analyze(&pos).unwrap();
    assert!((a.probability[0].unwrap() - 1.0 / 8.0).abs() < 1e-12);
}

#[test]
fn the_standard_start_leaves_the_centres_neighbours_covered_r_ms_1_r_ms_5() {
    let mut rng = Rng::new(3);
    let (_, mut pos) = deal(11, 11, 15, &mut rng);
    let a = analyze(&pos).unwrap();
    let centre = 60;
    for j in pos.neighbours(centre).collect::<Vec<_>>() {
        assert!(a.safe[j], "the 8 neighbours are safe");
        assert_eq!(a.number[j], None, "but their numbers are open");
        assert_eq!(a.probability[j], Some(0.0));
    }
    // The other 112 cells share the 15 mines evenly.
    assert!((a.probability[0].unwrap() - 15.0 / 112.0).abs() < 1e-12);
    assert!(auto_reveal(&mut pos).unwrap().is_empty());
}

#[test]
fn a_safe_cell_next_to_interior_cells_is_not_revealed_until_its_number_is_known() {
    // 1 x 4: [1][ ][ ][ ] with one mine: the covered cell next to the
    // 1 is the mine or not... the mine must be next to the 1: cell 1.
    let mut pos = Position {
        width: 4,
        height: 1,
        mines: 1,
        cells: vec![Cell::Number(1), Cell::Covered, Cell::Covered, Cell::Covered],
    };
    let a = analyze(&pos).unwrap();
    assert!(a.mine[1]);
    assert!(a.safe[2] && a.safe[3]);
    // Cell 2 touches the mine at 1 and cell 3: its number is 1; cell 3
    // touches only 2: 0. Both revealed; the mine never is.
    let revealed = auto_reveal(&mut pos).unwrap();
    assert_eq!(revealed, vec![(2, 1), (3, 0)]);
    assert_eq!(pos.cells[1], Cell::Covered);
}
