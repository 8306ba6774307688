//! R-GN-14: Gnoming A Round with real cards. The players play with their own
//! deck; after each round they enter every final layout (values -5..12, M
//! for a Mulligan, H for a Hazard) and who went out first, and the app
//! scores the round by R-GN-9, R-GN-11 and R-GN-13, exactly as the digital
//! game's round summary does (`round_scores`). An entry no deck could
//! produce is refused with the reason.

use super::{kind, round_scores, score_layout, Card, LayoutScore, RoundResult, DECK};
use crate::contract::Seat;
use std::fmt;

/// Why an entered round is refused (R-GN-14).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A round needs at least two layouts.
    Layouts { got: usize },
    /// A card the deck does not have (a value outside -5..-1 and 1..12).
    NoSuchCard { seat: Seat, position: usize },
    /// More copies of `card` across the layouts than the deck holds (R-GN-1).
    TooMany {
        card: Card,
        entered: usize,
        deck: usize,
    },
    /// Who went out first is none of the round's players.
    NoSuchSeat { out: Seat },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Layouts { got } => write!(f, "A round needs two layouts or more, not {got}."),
            Refusal::NoSuchCard { seat, position } => write!(
                f,
                "Player {}'s card {} is not in the deck (values -5 to 12, no 0).",
                seat + 1,
                position + 1
            ),
            Refusal::TooMany {
                card,
                entered,
                deck,
            } => {
                let name = match card {
                    Card::Value(v) => format!("the card {v}"),
                    Card::Mulligan => "Mulligans".to_string(),
                    Card::Hazard => "Hazards".to_string(),
                };
                write!(
                    f,
                    "The deck holds {deck} of {name}, but {entered} were entered."
                )
            }
            Refusal::NoSuchSeat { out } => {
                write!(f, "Player {} is not in this round.", out + 1)
            }
        }
    }
}

/// Whether `card` is one of the deck's (R-GN-1).
fn in_deck(card: Card) -> bool {
    match card {
        Card::Value(v) => (-5..=12).contains(&v) && v != 0,
        Card::Mulligan | Card::Hazard => true,
    }
}

/// R-GN-14: checks a round entered from real cards against the deck.
pub fn check_round(layouts: &[[Card; 9]], out: Seat) -> Result<(), Refusal> {
    if layouts.len() < 2 {
        return Err(Refusal::Layouts { got: layouts.len() });
    }
    if out >= layouts.len() {
        return Err(Refusal::NoSuchSeat { out });
    }
    let mut counts = [0usize; DECK.len()];
    for (seat, layout) in layouts.iter().enumerate() {
        for (position, &card) in layout.iter().enumerate() {
            if !in_deck(card) {
                return Err(Refusal::NoSuchCard { seat, position });
            }
            counts[kind(card)] += 1;
        }
    }
    for (i, &(card, deck)) in DECK.iter().enumerate() {
        if counts[i] > deck {
            return Err(Refusal::TooMany {
                card,
                entered: counts[i],
                deck,
            });
        }
    }
    Ok(())
}

/// R-GN-14: the round's result from entered layouts and who went out
/// first, with every layout's lines (`score_layout`) for the summary; the
/// same scores as the digital game's (`round_scores`).
pub fn score_round(
    layouts: &[[Card; 9]],
    out: Seat,
) -> Result<(RoundResult, Vec<LayoutScore>), Refusal> {
    check_round(layouts, out)?;
    let (before, scores) = round_scores(layouts, out);
    let lines = layouts.iter().map(score_layout).collect();
    Ok((
        RoundResult {
            layouts: layouts.to_vec(),
            out,
            before,
            scores,
        },
        lines,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Card::{Hazard as H, Mulligan as M, Value as V};

    /// A layout row by row.
    fn layout(cards: [Card; 9]) -> [Card; 9] {
        cards
    }

    #[test]
    fn r_gn_14_the_ruling_example_scores_minus_3_and_going_out_first_counts() {
        // R-GN-11's example: M 5 5 / 8 1 2 / 8 3 4 = -3.
        let a = layout([M, V(5), V(5), V(8), V(1), V(2), V(8), V(3), V(4)]);
        let b = layout([V(2), V(2), V(9), V(10), V(11), V(12), V(-1), V(7), V(7)]);
        let (r, lines) = score_round(&[a, b], 0).unwrap();
        assert_eq!(r.before, vec![-3, 59]);
        // A went out first with the lowest score: -5 (R-GN-9).
        assert_eq!(r.scores, vec![-8, 59]);
        // Rows then columns: the row of 5s and the column of 8s.
        assert_eq!(lines[0].lines, [Some(5), None, None, Some(8), None, None]);
        // B going out first with the higher score: +5.
        let (r, _) = score_round(&[a, b], 1).unwrap();
        assert_eq!(r.scores, vec![-3, 64]);
    }

    #[test]
    fn r_gn_14_two_mulligans_and_a_hazard_score_as_the_digital_round() {
        let a = layout([M, V(6), M, V(3), V(3), V(3), H, V(-2), V(12)]);
        let b = layout([V(4), V(4), V(4), V(-5), V(1), V(9), V(9), V(9), V(11)]);
        let c = layout([V(7), V(7), V(7), V(7), V(7), V(7), V(10), V(10), V(-1)]);
        let round = [a, b, c];
        let (r, _) = score_round(&round, 2).unwrap();
        assert_eq!(
            (r.before.clone(), r.scores.clone()),
            round_scores(&round, 2)
        );
        // a: row M 6 M matches at 6 (-6); row of 3s (-3); H +10, -2, 12.
        assert_eq!(r.before[0], -6 - 3 + 10 - 2 + 12);
    }

    #[test]
    fn r_gn_14_an_entry_no_deck_could_hold_is_refused_with_the_reason() {
        let ones = layout([V(1); 9]);
        let twos = layout([V(2); 9]);
        // Nine 1s: the deck has seven.
        assert_eq!(
            check_round(&[ones, twos], 0),
            Err(Refusal::TooMany {
                card: V(1),
                entered: 9,
                deck: 7
            })
        );
        let mut a = layout([V(3), V(4), V(5), V(6), V(7), V(8), V(9), V(10), V(11)]);
        let mut b = a;
        assert_eq!(check_round(&[a, b], 0), Ok(()));
        // Four Mulligans across the layouts: the deck has three.
        a[0] = M;
        a[1] = M;
        b[0] = M;
        b[1] = M;
        assert_eq!(
            check_round(&[a, b], 0),
            Err(Refusal::TooMany {
                card: M,
                entered: 4,
                deck: 3
            })
        );
        // No 0, no 13, no -6.
        let fine = layout([V(3), V(4), V(5), V(6), V(7), V(8), V(9), V(10), V(11)]);
        for bad in [V(0), V(13), V(-6)] {
            let mut c = fine;
            c[4] = bad;
            assert_eq!(
                check_round(&[fine, c], 1),
                Err(Refusal::NoSuchCard {
                    seat: 1,
                    position: 4
                })
            );
        }
        assert_eq!(check_round(&[twos], 0), Err(Refusal::Layouts { got: 1 }));
        let c = layout([V(3), V(4), V(5), V(6), V(7), V(8), V(9), V(10), V(11)]);
        assert_eq!(check_round(&[c, c], 2), Err(Refusal::NoSuchSeat { out: 2 }));
    }
}
