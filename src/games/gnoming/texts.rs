//! Gnoming in words: positions, cards, seats and points named, and the
//! sentences for moves, refusals and what just happened.

use crate::i18n::*;
use rules::gnoming::{Action, Card, Error, Event, View};
use rules::Seat;

/// A position as players say it: column A..C, row 1..3.
pub fn pos_name(pos: usize) -> String {
    format!("{}{}", char::from(b'A' + (pos % 3) as u8), pos / 3 + 1)
}

pub(super) fn signed(v: i64) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}

/// A card's name: its value, "Mulligan" or "Hazard".
pub fn card_name(c: Card, l: Locale) -> String {
    match c {
        Card::Value(v) => signed(v as i64),
        Card::Mulligan => td_string!(l, gn_mulligan).to_string(),
        Card::Hazard => td_string!(l, gn_hazard).to_string(),
    }
}

/// "Player N", for a text with no names at hand.
fn player_n(seat: Seat, l: Locale) -> String {
    td_string!(l, default_name, n = seat + 1).to_string()
}

/// A seat's name as typed: escaped once, where it reaches the HTML (most
/// go through a text first, which is escaped whole).
pub(super) fn name_of(names: &[String], s: Seat) -> String {
    names.get(s).cloned().unwrap_or_default()
}

/// A move in words, as the coach and the history name it.
pub(super) fn move_text(v: &View, action: &Action, l: Locale) -> String {
    let card = |c: Option<Card>| c.map(|c| card_name(c, l)).unwrap_or_default();
    match action {
        Action::Reveal { pos } | Action::Flip { pos } => {
            td_string!(l, gn_turn_up, pos = pos_name(*pos)).to_string()
        }
        Action::Draw => td_string!(l, gn_coach_draw).to_string(),
        Action::Take { pile } => {
            td_string!(l, gn_coach_take, card = card(v.piles[*pile]), n = pile + 1).to_string()
        }
        Action::Place { pos } => {
            td_string!(l, gn_coach_place, card = card(v.hand), pos = pos_name(*pos)).to_string()
        }
        Action::Bounce { pos } => {
            td_string!(l, gn_bounce_to, card = card(v.hand), pos = pos_name(*pos)).to_string()
        }
        Action::Discard { pile } => td_string!(l, gn_discard_on, n = pile + 1).to_string(),
        Action::Remove => td_string!(l, gn_remove).to_string(),
        Action::Decline => td_string!(l, gn_decline).to_string(),
        Action::Mark { seat, pos } => {
            td_string!(l, gn_mark, pos = pos_name(*pos), name = player_n(*seat, l)).to_string()
        }
        Action::Enter { card } => card_name(*card, l),
        Action::Out { seat } => {
            td_string!(l, gn_ann_chose_out, name = player_n(*seat, l)).to_string()
        }
        Action::Score => td_string!(l, gn_entry_score, round = v.round + 1).to_string(),
    }
}

/// Why the rules refuse a move.
pub(super) fn error_text(e: &Error, l: Locale) -> String {
    match e {
        Error::NotNow => td_string!(l, gn_err_not_now),
        Error::NoSuchPosition => td_string!(l, gn_err_position),
        Error::FaceUp => td_string!(l, gn_err_face_up),
        Error::NoSuchPile => td_string!(l, gn_err_pile),
        Error::EmptyPile => td_string!(l, gn_err_empty_pile),
        Error::EmptyDraw => td_string!(l, gn_err_empty_draw),
        Error::MustPlace => td_string!(l, gn_err_must_place),
        Error::MulliganLimit => td_string!(l, gn_err_mulligan),
        Error::RestartPile { .. } => td_string!(l, gn_err_restart),
        Error::HazardLeaves => td_string!(l, gn_err_hazard_leaves),
        Error::NotAHazard => td_string!(l, gn_err_not_hazard),
        Error::BounceBack => td_string!(l, gn_err_bounce_back),
        Error::LastCard => td_string!(l, gn_err_last_card),
        Error::NoMark => td_string!(l, gn_err_no_mark),
        Error::NoSuchCard => td_string!(l, gn_err_no_such_card),
        Error::TooMany { card, deck } => {
            return td_string!(l, gn_err_too_many, n = deck, card = card_name(*card, l)).to_string()
        }
        Error::NoSuchSeat => td_string!(l, gn_err_no_seat),
        Error::Unfinished { seat, pos } => {
            return td_string!(l, gn_err_unfinished, pos = pos_name(*pos), n = seat + 1).to_string()
        }
        Error::NoOut => td_string!(l, gn_err_no_out),
    }
    .to_string()
}

/// What just happened, a sentence per event, for the announcer and the
/// log of the last moves.
pub(super) fn announce(events: &[Event], names: &[String], l: Locale) -> Vec<String> {
    let name = |s: Seat| names.get(s).cloned().unwrap_or_default();
    let c = |card: &Card| card_name(*card, l);
    events
        .iter()
        .filter_map(|e| {
            Some(match e {
                Event::Dealt { round, first, .. } => {
                    td_string!(l, gn_ann_dealt, round = round + 1, name = name(*first)).to_string()
                }
                Event::Revealed { seat, pos, card }
                | Event::TurnedUp { seat, pos, card }
                | Event::Flipped { seat, pos, card } => td_string!(
                    l,
                    gn_ann_turned_up,
                    name = name(*seat),
                    card = c(card),
                    pos = pos_name(*pos)
                )
                .to_string(),
                Event::Drew { seat, card } => {
                    td_string!(l, gn_ann_drew, name = name(*seat), card = c(card)).to_string()
                }
                Event::Took { seat, pile, card } => td_string!(
                    l,
                    gn_ann_took,
                    name = name(*seat),
                    card = c(card),
                    pile = pile + 1
                )
                .to_string(),
                Event::Placed { seat, pos, card } => td_string!(
                    l,
                    gn_ann_placed,
                    name = name(*seat),
                    card = c(card),
                    pos = pos_name(*pos)
                )
                .to_string(),
                Event::Bounced { pos, card, .. } => {
                    td_string!(l, gn_ann_bounced, card = c(card), pos = pos_name(*pos)).to_string()
                }
                Event::Displaced { .. } => return None,
                Event::Discarded { seat, pile, card } => td_string!(
                    l,
                    gn_ann_discarded,
                    name = name(*seat),
                    card = c(card),
                    pile = pile + 1
                )
                .to_string(),
                Event::Removed { seat } => {
                    td_string!(l, gn_ann_removed, name = name(*seat)).to_string()
                }
                Event::Declined { seat } => {
                    td_string!(l, gn_ann_declined, name = name(*seat)).to_string()
                }
                Event::Reshuffled { count, .. } => {
                    td_string!(l, gn_ann_reshuffled, n = count).to_string()
                }
                Event::WentOut { seat } => {
                    td_string!(l, gn_ann_went_out, name = name(*seat)).to_string()
                }
                Event::RoundOver { round, scores, .. } => {
                    let list: Vec<String> = scores
                        .iter()
                        .enumerate()
                        .map(|(s, v)| format!("{} {}", name(s), signed(*v)))
                        .collect();
                    td_string!(
                        l,
                        gn_ann_round_over,
                        round = round + 1,
                        scores = list.join(", ")
                    )
                    .to_string()
                }
                Event::GameOver | Event::Marked { .. } => return None,
                Event::Began { round, first } => {
                    td_string!(l, gn_ann_began, round = round + 1, name = name(*first)).to_string()
                }
                Event::Entered { seat, pos, card } => td_string!(
                    l,
                    gn_ann_entered,
                    name = name(*seat),
                    pos = pos_name(*pos),
                    card = c(card)
                )
                .to_string(),
                Event::ChoseOut { seat } => {
                    td_string!(l, gn_ann_chose_out, name = name(*seat)).to_string()
                }
            })
        })
        .collect()
}
