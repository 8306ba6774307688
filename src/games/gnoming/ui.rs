//! What the table shows besides the game state: the seat's pick, the
//! rules' legal list by control, where the last move went, and the parts
//! the table is drawn in.

use rules::gnoming::{Action, Event, DECK};
use rules::Seat;

/// What the table shows besides the game state.
pub(super) struct Ui<'a> {
    pub(super) names: &'a [String],
    /// The position picked in the acting layout.
    pub(super) sel: Option<usize>,
    /// What the rules offer the seat at the device (nothing when none acts).
    pub(super) offer: &'a Offer,
    /// Round ends already looked at.
    pub(super) seen: usize,
    /// The last moves, as sentences, newest first.
    pub(super) recent: &'a [String],
    /// Each seat's name with its colour and computer mark (`who_html`).
    pub(super) who: &'a [String],
    /// Where the last move went.
    pub(super) last: &'a Last,
    /// R-GN-14: why the rules refuse the card key just tapped.
    pub(super) refused: Option<&'a str>,
}

/// Where the last move went, marked on the table (issue 22) and entering
/// on the first drawing after it: layout positions (and how: placed, turned
/// up, bounced), the card in hand, a discard pile's top.
#[derive(Default)]
pub(super) struct Last {
    cells: Vec<(Seat, usize, &'static str)>,
    pub(super) hand: bool,
    pub(super) pile: Option<usize>,
    /// Layouts whose shown score the move changed.
    pub(super) scored: Vec<Seat>,
    pub(super) enter: bool,
}

impl Last {
    pub(super) fn of(events: &[Event], enter: bool) -> Last {
        let mut last = Last {
            enter,
            ..Last::default()
        };
        for e in events {
            match *e {
                Event::Drew { .. } | Event::Took { .. } => last.hand = true,
                Event::Placed { seat, pos, .. } | Event::Displaced { seat, pos, .. } => {
                    last.cells.retain(|c| (c.0, c.1) != (seat, pos));
                    last.cells.push((seat, pos, "drop"));
                    last.scored.push(seat);
                }
                Event::TurnedUp { seat, pos, .. }
                | Event::Revealed { seat, pos, .. }
                | Event::Flipped { seat, pos, .. } => {
                    last.cells.push((seat, pos, "flip"));
                    last.scored.push(seat);
                }
                Event::Bounced { seat, pos, .. } => {
                    last.cells.push((seat, pos, "bounce"));
                    last.hand = true;
                }
                Event::Discarded { pile, .. } => last.pile = Some(pile),
                // A round ended and the next is dealt: the cards marked are
                // gone from the table (the summary shows how it ended).
                Event::RoundOver { .. } | Event::Dealt { .. } => {
                    last = Last {
                        enter,
                        ..Last::default()
                    }
                }
                _ => {}
            }
        }
        last
    }

    /// The classes of a marked card: " moved" and, when new, how it enters.
    pub(super) fn class(&self, what: &str) -> String {
        if self.enter {
            format!(" moved fresh {what}")
        } else {
            " moved".to_string()
        }
    }

    pub(super) fn cell(&self, seat: Seat, pos: usize) -> Option<String> {
        self.cells
            .iter()
            .find(|c| c.0 == seat && c.1 == pos)
            .map(|c| self.class(if c.2 == "bounce" { "" } else { c.2 }))
    }
}

impl Ui<'_> {
    pub(super) fn can_act(&self) -> bool {
        !self.offer.legal.is_empty()
    }
}

/// The rules' legal list, by control: each entry's index in the list.
#[derive(Default)]
pub(super) struct Offer {
    pub(super) legal: Vec<Action>,
    /// A position of the acting layout: turn up, flip, place or bounce there.
    pub(super) pos: [Option<usize>; 9],
    pub(super) draw: Option<usize>,
    pub(super) take: [Option<usize>; 2],
    pub(super) discard: [Option<usize>; 2],
    pub(super) remove: Option<usize>,
    pub(super) decline: Option<usize>,
    /// R-GN-14, real cards: marking a position of a layout (seat, pos).
    pub(super) mark: Vec<((Seat, usize), usize)>,
    /// Entering each card of the deck (`DECK`'s order) at the mark.
    pub(super) enter: [Option<usize>; DECK.len()],
    /// Who went out first, per seat.
    pub(super) out: Vec<(Seat, usize)>,
    pub(super) score: Option<usize>,
}

impl Offer {
    pub(super) fn of(legal: &[Action]) -> Offer {
        let mut o = Offer {
            legal: legal.to_vec(),
            ..Offer::default()
        };
        for (k, a) in legal.iter().enumerate() {
            let slot = match *a {
                Action::Reveal { pos }
                | Action::Place { pos }
                | Action::Bounce { pos }
                | Action::Flip { pos } => o.pos.get_mut(pos),
                Action::Draw => Some(&mut o.draw),
                Action::Take { pile } => o.take.get_mut(pile),
                Action::Discard { pile } => o.discard.get_mut(pile),
                Action::Remove => Some(&mut o.remove),
                Action::Decline => Some(&mut o.decline),
                Action::Mark { seat, pos } => {
                    o.mark.push(((seat, pos), k));
                    None
                }
                Action::Enter { card } => DECK
                    .iter()
                    .position(|d| d.0 == card)
                    .and_then(|i| o.enter.get_mut(i)),
                Action::Out { seat } => {
                    o.out.push((seat, k));
                    None
                }
                Action::Score => Some(&mut o.score),
            };
            if let Some(slot) = slot {
                *slot = Some(k);
            }
        }
        o
    }
}

/// A table drawn as HTML, in the parts set apart: the acting layout, the
/// others' layouts with the scores, the recent moves, the decision bar's
/// controls. A draw or a placement redraws the first and the log, while
/// the others and the scores (about half the parsing, style and layout of
/// a redraw of everything) stay as they are.
#[derive(Clone, PartialEq, Default)]
pub(super) struct Parts {
    pub(super) main: String,
    pub(super) side: String,
    pub(super) log: String,
    pub(super) actions: String,
}
