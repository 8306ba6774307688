//! The cards of Gnoming A Round and how a layout scores (R-GN-1, R-GN-8,
//! R-GN-9, R-GN-13): the deck, matching lines, a layout's and a round's
//! scores.

use crate::contract::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// R-GN-10: three rounds.
pub const ROUNDS: usize = 3;
/// R-GN-9: a Hazard left in a layout.
pub const HAZARD_POINTS: i64 = 10;
/// R-GN-9: the going-out bonus (lowest score) or penalty.
pub const GOING_OUT: i64 = 5;
/// R-GN-11: three Mulligans in a line match at the highest value.
pub const TOP_VALUE: i8 = 12;

/// A card of the deck (R-GN-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// A number card: 1..12 or -1..-5.
    Value(i8),
    /// Wild: any value a row or column needs (R-GN-5, R-GN-11).
    Mulligan,
    /// +10 in a layout; discarded, every other player may turn up a card.
    Hazard,
}

use Card::{Hazard, Mulligan, Value};

/// R-GN-1: the deck as (card, copies), the one table the rules and the
/// in-app rules show: 1..10 seven each, 11 and 12 six each (82 positive),
/// -1 six, -2 and -3 five each, -4 and -5 three each (22 negative),
/// 3 Hazards and 3 Mulligans: 110 cards.
pub const DECK: [(Card, usize); 19] = [
    (Value(1), 7),
    (Value(2), 7),
    (Value(3), 7),
    (Value(4), 7),
    (Value(5), 7),
    (Value(6), 7),
    (Value(7), 7),
    (Value(8), 7),
    (Value(9), 7),
    (Value(10), 7),
    (Value(11), 6),
    (Value(12), 6),
    (Value(-1), 6),
    (Value(-2), 5),
    (Value(-3), 5),
    (Value(-4), 3),
    (Value(-5), 3),
    (Hazard, 3),
    (Mulligan, 3),
];

/// Cards in the deck.
pub const DECK_SIZE: usize = 110;

/// The whole deck in table order.
pub fn deck() -> Vec<Card> {
    DECK.iter()
        .flat_map(|&(c, n)| std::iter::repeat_n(c, n))
        .collect()
}

/// Index of a card in `DECK`.
pub fn kind(card: Card) -> usize {
    match card {
        Value(v) if v > 0 => v as usize - 1,
        Value(v) => 11 + (-v) as usize,
        Hazard => 17,
        Mulligan => 18,
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value(v) => write!(f, "{v}"),
            Mulligan => f.write_str("Mulligan"),
            Hazard => f.write_str("Hazard"),
        }
    }
}

impl Card {
    /// The value of a positive number card.
    pub fn positive(self) -> Option<i8> {
        match self {
            Value(v) if v > 0 => Some(v),
            _ => None,
        }
    }

    /// What the card adds outside a matching line (R-GN-9): its value, 0 for
    /// a Mulligan, +10 for a Hazard.
    pub fn points(self) -> i64 {
        match self {
            Value(v) => v as i64,
            Mulligan => 0,
            Hazard => HAZARD_POINTS,
        }
    }
}

/// Rows then columns of a layout, positions row by row from 0.
pub const LINES: [[usize; 3]; 6] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
];

/// R-GN-9, R-GN-11: the value a line of three matches at, if it matches:
/// positive cards all equal (Mulligans as any value; three Mulligans at 12).
pub fn line_match(cards: [Card; 3]) -> Option<i8> {
    let mut value = None;
    for c in cards {
        match c {
            Mulligan => {}
            Value(v) if v > 0 => {
                if value.is_some_and(|w| w != v) {
                    return None;
                }
                value = Some(v);
            }
            _ => return None,
        }
    }
    Some(value.unwrap_or(TOP_VALUE))
}

/// A layout's score and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayoutScore {
    /// Rows 0..3 then columns 0..3: the value each matching line scores
    /// minus.
    pub lines: [Option<i8>; 6],
    /// What each card adds (0 inside a matching line).
    pub cards: [i64; 9],
    pub total: i64,
}

/// R-GN-9, R-GN-11: a layout's score. Each line picks its own value for its
/// Mulligans, which only decides whether it matches, so a line matches
/// exactly when `line_match` says so, and matching is always the best choice.
pub fn score_layout(layout: &[Card; 9]) -> LayoutScore {
    let (lines, matched) = matches(&layout.map(Some));
    let mut cards = [0; 9];
    for p in 0..9 {
        if !matched[p] {
            cards[p] = layout[p].points();
        }
    }
    let total = cards.iter().sum::<i64>() - lines.iter().flatten().map(|&v| v as i64).sum::<i64>();
    LayoutScore {
        lines,
        cards,
        total,
    }
}

/// The matching lines of a layout (rows then columns, with the value each
/// matches at) and the positions they cover; a face-down card (None)
/// matches nothing.
pub fn matches(l: &[Option<Card>; 9]) -> ([Option<i8>; 6], [bool; 9]) {
    let mut lines = [None; 6];
    let mut matched = [false; 9];
    for (i, line) in LINES.iter().enumerate() {
        if let [Some(a), Some(b), Some(c)] = line.map(|p| l[p]) {
            lines[i] = line_match([a, b, c]);
            if lines[i].is_some() {
                for &p in line {
                    matched[p] = true;
                }
            }
        }
    }
    (lines, matched)
}

/// What a layout shows during the round: the score of its face-up cards
/// alone (a face-down card adds nothing and a line holding one cannot
/// match).
pub fn shown_score(l: &[Option<Card>; 9]) -> i64 {
    let (lines, matched) = matches(l);
    let cards: i64 = (0..9)
        .filter(|&p| !matched[p])
        .map(|p| l[p].map_or(0, Card::points))
        .sum();
    cards - lines.iter().flatten().map(|&v| v as i64).sum::<i64>()
}

/// R-GN-9, R-GN-13: the round's scores before and after the going-out bonus:
/// the player who went out first gets -5 if their score is the lowest (a tie
/// counts as lowest), otherwise +5.
pub fn round_scores(layouts: &[[Card; 9]], out: Seat) -> (Vec<i64>, Vec<i64>) {
    let before: Vec<i64> = layouts.iter().map(|l| score_layout(l).total).collect();
    let mut after = before.clone();
    let lowest = before.iter().min().copied().unwrap_or(0);
    after[out] += if before[out] <= lowest {
        -GOING_OUT
    } else {
        GOING_OUT
    };
    (before, after)
}
