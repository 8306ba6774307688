//! Gnoming A Round on screen: the draw pile with its count, both discard
//! piles' tops, the card in hand, the layout of the player who decides now
//! (large) and everyone else's (small, face-down cards as backs), the score
//! table across the three rounds, the last moves, and at a round's end every
//! layout turned up with the score of each row, column and card.
//!
//! A tap on a layout position picks it and a confirm names what will
//! happen; draw, take, discard and the Hazard answers are single taps. Like
//! Minesweeper's board, the table is HTML strings with one click handler.

use crate::contract::{GameView, MovePick, TableCtx};
use crate::i18n::*;
use crate::platform::sound::Cue;
use crate::table::esc;
use leptos::prelude::*;
use rules::gnoming::{
    matches, real, score_layout, shown_score, Action, Card, Error, Event, Gnoming, Stage, View,
    DECK, ROUNDS,
};
use rules::Seat;

/// A position as players say it: column A..C, row 1..3.
pub fn pos_name(pos: usize) -> String {
    format!("{}{}", char::from(b'A' + (pos % 3) as u8), pos / 3 + 1)
}

fn signed(v: i64) -> String {
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

/// A card face (or back) as HTML, with extra classes.
fn card_html(c: Option<Card>, class: &str, l: Locale) -> String {
    let (kind, face) = match c {
        None => ("back", String::new()),
        Some(Card::Value(v)) if v > 0 => (if v >= 9 { "p hi" } else { "p" }, v.to_string()),
        Some(Card::Value(v)) => ("n", signed(v as i64)),
        Some(Card::Mulligan) => ("m", "M".to_string()),
        Some(Card::Hazard) => ("h", "⚠".to_string()),
    };
    let label = c.map_or_else(
        || td_string!(l, gn_face_down).to_string(),
        |c| card_name(c, l),
    );
    format!(
        "<span class=\"gc {kind}{class}\" role=\"img\" aria-label=\"{}\">{face}</span>",
        esc(&label)
    )
}

/// A seat's name as typed: escaped once, where it reaches the HTML (most
/// go through a text first, which is escaped whole).
fn name_of(names: &[String], s: Seat) -> String {
    names.get(s).cloned().unwrap_or_default()
}

impl GameView for Gnoming {
    const STYLE: &'static str = include_str!("style.css");
    const DEFAULT_SEATS: usize = 3;

    fn replay_hint(l: Locale) -> Option<String> {
        Some(td_string!(l, replay_hint_gn).to_string())
    }

    fn name(l: Locale) -> String {
        td_string!(l, name_gnoming).to_string()
    }

    fn pitch(l: Locale) -> String {
        td_string!(l, pitch_gnoming).to_string()
    }

    fn table(ctx: TableCtx<Self>) -> AnyView {
        view! { <GnTable ctx/> }.into_any()
    }

    /// Seed 277 against a casual computer, the person playing the strong
    /// player's moves (`rules/examples/lesson_search.rs gnoming`): a
    /// Mulligan in the opening, a draw placed over a face-down card, a card
    /// taken back from a discard pile, a bounce that turns up a Hazard, and
    /// a Hazard drawn and discarded.
    fn lesson() -> Option<crate::contract::Lesson> {
        use crate::contract::{Lesson, Step};
        use serde_json::json;
        let step = Step::new;
        Some(Lesson {
            seed: 277,
            computers: 1,
            options: json!({}),
            steps: vec![
                step(
                    0,
                    Some(json!({"reveal": {"pos": 4}})),
                    "[data-testid=gn-mine] [data-act=s4], [data-testid=confirm]",
                    |l| td_string!(l, gn_lesson_1).to_string(),
                ),
                step(
                    1,
                    Some(json!({"reveal": {"pos": 0}})),
                    "[data-testid=gn-mine] [data-act=s0], [data-testid=confirm]",
                    |l| td_string!(l, gn_lesson_2).to_string(),
                ),
                step(4, Some(json!("draw")), "[data-testid=gn-draw]", |l| {
                    td_string!(l, gn_lesson_3).to_string()
                }),
                step(
                    5,
                    Some(json!({"place": {"pos": 5}})),
                    "[data-testid=gn-mine] [data-act=s5], [data-testid=confirm]",
                    |l| td_string!(l, gn_lesson_4).to_string(),
                ),
                step(
                    6,
                    Some(json!({"discard": {"pile": 1}})),
                    "[data-testid=gn-discard-1]",
                    |l| td_string!(l, gn_lesson_5).to_string(),
                ),
                step(
                    10,
                    Some(json!({"take": {"pile": 1}})),
                    "[data-testid=gn-pile-1]",
                    |l| td_string!(l, gn_lesson_6).to_string(),
                ),
                step(
                    11,
                    Some(json!({"place": {"pos": 7}})),
                    "[data-testid=gn-mine] [data-act=s7], [data-testid=confirm]",
                    |l| td_string!(l, gn_lesson_7).to_string(),
                ),
                step(
                    12,
                    Some(json!({"bounce": {"pos": 2}})),
                    "[data-testid=gn-mine] [data-act=s2], [data-testid=confirm]",
                    |l| td_string!(l, gn_lesson_8).to_string(),
                ),
                step(16, Some(json!("draw")), "[data-testid=gn-draw]", |l| {
                    td_string!(l, gn_lesson_9).to_string()
                }),
                step(17, Some(json!("remove")), "[data-testid=gn-remove]", |l| {
                    td_string!(l, gn_lesson_10).to_string()
                }),
                step(22, None, "", |l| td_string!(l, gn_lesson_11).to_string()),
            ],
        })
    }

    fn move_text(v: &View, action: &Action, l: Locale) -> String {
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

    fn coach_value(_c: &rules::Weighed<Action>, number: &str, l: Locale) -> String {
        td_string!(l, gn_coach_value, v = number).to_string()
    }

    fn error_text(e: &Error, l: Locale) -> String {
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
                return td_string!(l, gn_err_too_many, n = deck, card = card_name(*card, l))
                    .to_string()
            }
            Error::NoSuchSeat => td_string!(l, gn_err_no_seat),
            Error::Unfinished { seat, pos } => {
                return td_string!(l, gn_err_unfinished, pos = pos_name(*pos), n = seat + 1)
                    .to_string()
            }
            Error::NoOut => td_string!(l, gn_err_no_out),
        }
        .to_string()
    }

    fn option_label(key: &str, l: Locale) -> String {
        match key {
            real::OPTION => td_string!(l, opt_real_cards).to_string(),
            other => other.to_string(),
        }
    }

    fn announce(_v: &View, events: &[Event], names: &[String], l: Locale) -> Vec<String> {
        let name = |s: Seat| names.get(s).cloned().unwrap_or_default();
        let c = |card: &Card| card_name(*card, l);
        events
            .iter()
            .filter_map(|e| {
                Some(match e {
                    Event::Dealt { round, first, .. } => {
                        td_string!(l, gn_ann_dealt, round = round + 1, name = name(*first))
                            .to_string()
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
                        td_string!(l, gn_ann_bounced, card = c(card), pos = pos_name(*pos))
                            .to_string()
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
                        td_string!(l, gn_ann_began, round = round + 1, name = name(*first))
                            .to_string()
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

    fn vibrates(events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e, Event::Removed { .. }))
    }

    fn cue(events: &[Event]) -> Option<Cue> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Drew { .. }
                | Event::Took { .. }
                | Event::Placed { .. }
                | Event::TurnedUp { .. }
                | Event::Bounced { .. }
                | Event::Discarded { .. }
                | Event::Flipped { .. }
                | Event::Revealed { .. }
                | Event::Dealt { .. } => Some(Cue::Card),
                Event::Removed { .. } => Some(Cue::Boom),
                Event::RoundOver { .. } => Some(Cue::Chime),
                Event::GameOver => Some(Cue::Fanfare),
                _ => None,
            })
            .max()
    }

    fn rules() -> AnyView {
        crate::table::rules_view(
            keys::gn_rules_title,
            &[
                keys::gn_rules_1,
                keys::gn_rules_2,
                keys::gn_rules_3,
                keys::gn_rules_4,
                keys::gn_rules_5,
                keys::gn_rules_6,
                keys::gn_rules_7,
                keys::gn_rules_8,
            ],
            &[(1, deck_table), (8, worked_example)],
        )
    }
}

/// R-GN-1: the deck, the one table in `rules::gnoming::DECK`.
fn deck_table(l: Locale) -> String {
    let mut out = format!(
        "<table class=\"gn-deck\"><caption>{}</caption>",
        esc(td_string!(l, gn_deck))
    );
    for chunk in DECK.chunks(7) {
        out.push_str("<tr>");
        for (c, _) in chunk {
            out.push_str(&format!(
                "<th scope=\"col\">{}</th>",
                esc(&card_name(*c, l))
            ));
        }
        out.push_str("</tr><tr>");
        for (_, n) in chunk {
            out.push_str(&format!("<td>{n}×</td>"));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    out
}

/// What the table shows besides the game state.
struct Ui<'a> {
    names: &'a [String],
    /// The position picked in the acting layout.
    sel: Option<usize>,
    /// What the rules offer the seat at the device (nothing when none acts).
    offer: &'a Offer,
    /// Round ends already looked at.
    seen: usize,
    /// The last moves, as sentences, newest first.
    recent: &'a [String],
    /// Each seat's name with its colour and computer mark (`who_html`).
    who: &'a [String],
    /// Where the last move went.
    last: &'a Last,
    /// R-GN-14: why the rules refuse the card key just tapped.
    refused: Option<&'a str>,
}

/// Where the last move went, marked on the table (issue 22) and entering
/// on the first drawing after it: layout positions (and how: placed, turned
/// up, bounced), the card in hand, a discard pile's top.
#[derive(Default)]
struct Last {
    cells: Vec<(Seat, usize, &'static str)>,
    hand: bool,
    pile: Option<usize>,
    /// Layouts whose shown score the move changed.
    scored: Vec<Seat>,
    enter: bool,
}

impl Last {
    fn of(events: &[Event], enter: bool) -> Last {
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
    fn class(&self, what: &str) -> String {
        if self.enter {
            format!(" moved fresh {what}")
        } else {
            " moved".to_string()
        }
    }

    fn cell(&self, seat: Seat, pos: usize) -> Option<String> {
        self.cells
            .iter()
            .find(|c| c.0 == seat && c.1 == pos)
            .map(|c| self.class(if c.2 == "bounce" { "" } else { c.2 }))
    }
}

impl Ui<'_> {
    fn can_act(&self) -> bool {
        !self.offer.legal.is_empty()
    }
}

/// The rules' legal list, by control: each entry's index in the list.
#[derive(Default)]
struct Offer {
    legal: Vec<Action>,
    /// A position of the acting layout: turn up, flip, place or bounce there.
    pos: [Option<usize>; 9],
    draw: Option<usize>,
    take: [Option<usize>; 2],
    discard: [Option<usize>; 2],
    remove: Option<usize>,
    decline: Option<usize>,
    /// R-GN-14, real cards: marking a position of a layout (seat, pos).
    mark: Vec<((Seat, usize), usize)>,
    /// Entering each card of the deck (`DECK`'s order) at the mark.
    enter: [Option<usize>; DECK.len()],
    /// Who went out first, per seat.
    out: Vec<(Seat, usize)>,
    score: Option<usize>,
}

impl Offer {
    fn of(legal: &[Action]) -> Offer {
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

/// A control that sends entry `k` of the legal list; `act` names it for
/// keeping focus.
fn button(k: usize, act: &str, class: &str, test: &str, label: &str) -> String {
    format!(
        "<button type=\"button\" class=\"{class}\" data-act=\"{act}\" data-legal=\"{k}\" data-testid=\"{test}\">{}</button>",
        esc(label)
    )
}

/// One layout: large for the seat deciding now (its positions buttons when
/// they may be picked), small for the others.
fn layout_html(out: &mut String, v: &View, seat: Seat, ui: &Ui, big: bool, l: Locale) {
    let pick: Vec<usize> = if big {
        (0..9).filter(|&p| ui.offer.pos[p].is_some()).collect()
    } else {
        Vec::new()
    };
    let name = name_of(ui.names, seat);
    out.push_str(&format!(
        "<div class=\"gn-lay{}\" role=\"group\" aria-label=\"{}\" data-testid=\"{}\" data-seat=\"{seat}\"{}>",
        if big { " big" } else { "" },
        esc(&td_string!(l, gn_layout_of, name = name)),
        if big { "gn-mine" } else { "gn-other" },
        if big && ui.can_act() { " data-decide" } else { "" }
    ));
    for (pos, c) in v.layouts[seat].iter().enumerate() {
        let sel = if ui.sel == Some(pos) && pick.contains(&pos) {
            " sel"
        } else {
            ""
        };
        if pick.contains(&pos) {
            let what = c.map_or_else(
                || td_string!(l, gn_face_down).to_string(),
                |c| card_name(c, l),
            );
            let mark = ui.last.cell(seat, pos).unwrap_or_default();
            out.push_str(&format!(
                "<button type=\"button\" class=\"gpos{sel}\" data-act=\"s{pos}\" aria-label=\"{}: {}\" aria-pressed=\"{}\">{}</button>",
                pos_name(pos),
                esc(&what),
                !sel.is_empty(),
                card_html(*c, &mark, l)
            ));
        } else {
            // A replay shows a face-down card open, marked as face down.
            let down = v.face_down.get(seat).and_then(|d| d[pos]);
            let card = match down {
                Some(d) => card_html(Some(d), " down", l).replacen(
                    "aria-label=\"",
                    &format!("aria-label=\"{}: ", esc(td_string!(l, gn_face_down))),
                    1,
                ),
                None => card_html(*c, &ui.last.cell(seat, pos).unwrap_or_default(), l),
            };
            out.push_str(&format!("<span class=\"gpos\">{card}</span>"));
        }
    }
    out.push_str("</div>");
}

/// A table drawn as HTML, in the parts set apart: the acting layout, the
/// others' layouts with the scores, the recent moves, the decision bar's
/// controls. A draw or a placement redraws the first and the log, while
/// the others and the scores (about half the parsing, style and layout of
/// a redraw of everything) stay as they are.
#[derive(Clone, PartialEq, Default)]
struct Parts {
    main: String,
    side: String,
    log: String,
    actions: String,
}

/// The table: piles and hand, what to do, the deciding layout, the others,
/// the scores, the last moves; apart from it the decision's controls (for
/// the bar at the bottom of the screen).
fn table_html(v: &View, ui: &Ui, l: Locale) -> Parts {
    if let Stage::Entry { at } = v.stage {
        return entry_html(v, at, ui, l);
    }
    let mut out = String::with_capacity(6000);
    out.push_str("<div class=\"gn-main\">");
    let focus = v.turn;
    let over = v.stage == Stage::Over;
    let hand = v.hand.map(|c| card_name(c, l)).unwrap_or_default();
    // Round, whose turn, the last turns.
    out.push_str(&round_line(v, l));
    if let (Some(s), false) = (v.out, over) {
        out.push_str(&format!(
            "<p class=\"gn-last\" data-testid=\"gn-last-turns\" role=\"status\">{}</p>",
            esc(&td_string!(
                l,
                gn_last_turns,
                name = name_of(ui.names, s),
                n = v.last_turns
            ))
        ));
    }
    // A round just ended (or the game): every layout turned up and scored.
    let mut round_shown = false;
    let summary_at = out.len();
    if let Some(r) = v
        .results
        .last()
        .filter(|_| over || v.results.len() > ui.seen)
    {
        round_html(&mut out, v, r, ui, l);
        round_shown = true;
    }
    // Between rounds the summary is the screen (issue 40): the next round's
    // piles and decision wait behind its one button, so "Continue" never
    // stands beside a decision of the next round.
    if round_shown && !over {
        // The summary is what the decision (go on) is about.
        out.insert_str(summary_at, "<div class=\"gn-between\" data-decide>");
        out.push_str("</div></div>");
        let actions = format!(
            "<button type=\"button\" class=\"primary big\" data-act=\"ok\" data-testid=\"gn-continue\" data-primary=\"true\">{}</button>",
            esc(&td_string!(l, gn_next_round, round = v.results.len() + 1))
        );
        let mut side = String::new();
        scores_html(&mut side, v, ui, l);
        return Parts {
            main: out,
            side,
            log: String::new(),
            actions,
        };
    }
    // The piles and the card in hand.
    if !over {
        // The piles are part of the decision while a card is drawn, taken,
        // held or bounced (brought into view with the layout).
        let piles_decide =
            ui.can_act() && !matches!(v.stage, Stage::Opening { .. } | Stage::Flips { .. });
        out.push_str(if piles_decide {
            "<div class=\"gn-piles\" data-decide>"
        } else {
            "<div class=\"gn-piles\">"
        });
        let draw = match v.next_draw {
            // A replay shows the next card open.
            Some(c) => card_html(Some(c), " down", l).replacen(
                "aria-label=\"",
                &format!("aria-label=\"{}: ", esc(td_string!(l, gn_next_draw))),
                1,
            ),
            None => card_html(None, "", l),
        };
        let label = td_string!(l, gn_draw_pile, n = v.draw);
        if let Some(k) = ui.offer.draw {
            out.push_str(&format!(
                "<button type=\"button\" class=\"gn-pile\" data-act=\"d\" data-legal=\"{k}\" data-testid=\"gn-draw\">{draw}<span>{}</span></button>",
                esc(&label)
            ));
        } else {
            out.push_str(&format!(
                "<div class=\"gn-pile\" data-testid=\"gn-draw\">{draw}<span>{}</span></div>",
                esc(&label)
            ));
        }
        for p in 0..2 {
            let top = v.piles[p];
            let face = match top {
                Some(c) if ui.last.pile == Some(p) => card_html(Some(c), &ui.last.class("drop"), l),
                Some(c) => card_html(Some(c), "", l),
                None => "<span class=\"gc empty\"></span>".to_string(),
            };
            let label = td_string!(l, gn_pile, n = p + 1, size = v.pile_sizes[p]);
            if let Some(k) = ui.offer.take[p] {
                out.push_str(&format!(
                    "<button type=\"button\" class=\"gn-pile\" data-act=\"t{p}\" data-legal=\"{k}\" data-testid=\"gn-pile-{p}\">{face}<span>{}</span></button>",
                    esc(&label)
                ));
            } else {
                out.push_str(&format!(
                    "<div class=\"gn-pile\" data-testid=\"gn-pile-{p}\">{face}<span>{}</span></div>",
                    esc(&label)
                ));
            }
        }
        if v.hand.is_some() {
            out.push_str(&format!(
                "<div class=\"gn-pile gn-hand\" data-testid=\"gn-hand\">{}<span>{}</span></div>",
                card_html(
                    v.hand,
                    &if ui.last.hand {
                        ui.last.class("drop")
                    } else {
                        String::new()
                    },
                    l
                ),
                esc(td_string!(l, gn_in_hand))
            ));
        }
        out.push_str("</div>");
    }
    // What to do now.
    let mut actions = String::new();
    let prompt = if over {
        String::new()
    } else if !ui.can_act() {
        td_string!(l, gn_watch, name = name_of(ui.names, focus)).to_string()
    } else {
        let discards = |actions: &mut String, stop: bool| {
            for (p, k) in ui.offer.discard.iter().enumerate() {
                let Some(k) = *k else { continue };
                let label = if stop {
                    td_string!(l, gn_stop, n = p + 1)
                } else {
                    td_string!(l, gn_discard_on, n = p + 1)
                };
                actions.push_str(&button(
                    k,
                    &format!("x{p}"),
                    "",
                    &format!("gn-discard-{p}"),
                    &label,
                ));
            }
        };
        match &v.stage {
            Stage::Opening { left, .. } => td_string!(l, gn_do_open, n = left).to_string(),
            Stage::Start => td_string!(l, gn_do_start).to_string(),
            Stage::Hand { from_pile } => {
                if *from_pile {
                    td_string!(l, gn_do_place_pile, card = hand).to_string()
                } else if let Some(k) = ui.offer.remove {
                    actions.push_str(&button(k, "r", "", "gn-remove", td_string!(l, gn_remove)));
                    td_string!(l, gn_do_hazard).to_string()
                } else {
                    discards(&mut actions, false);
                    td_string!(l, gn_do_place, card = hand).to_string()
                }
            }
            Stage::Bounce { .. } => {
                discards(&mut actions, true);
                td_string!(l, gn_do_bounce, card = hand).to_string()
            }
            Stage::Discard => {
                discards(&mut actions, false);
                td_string!(l, gn_do_discard, card = hand).to_string()
            }
            Stage::Flips { .. } => {
                if let Some(k) = ui.offer.decline {
                    actions.push_str(&button(k, "n", "", "gn-decline", td_string!(l, gn_decline)));
                }
                if v.hidden(focus) >= 2 {
                    td_string!(l, gn_do_flip).to_string()
                } else {
                    td_string!(l, gn_do_flip_none).to_string()
                }
            }
            Stage::Over | Stage::Entry { .. } => String::new(),
        }
    };
    if !prompt.is_empty() {
        out.push_str(&format!(
            "<p class=\"gn-prompt\" data-testid=\"gn-prompt\">{}</p>",
            esc(&prompt)
        ));
    }
    if !over {
        out.push_str(&format!(
            "<h3 class=\"gn-who seat{}\">{}</h3>",
            focus % crate::table::SEAT_COLOURS,
            layout_title(v, focus, ui, l)
        ));
        layout_html(&mut out, v, focus, ui, true, l);
    }
    // The confirm for a picked position, and the other actions.
    if let Some(pos) = ui.sel {
        if let Some((k, a)) = ui.offer.pos[pos].map(|k| (k, &ui.offer.legal[k])) {
            let at = pos_name(pos);
            let under = v.layouts[focus][pos].is_none();
            let label = match a {
                Action::Reveal { .. } | Action::Flip { .. } => {
                    td_string!(l, gn_turn_up, pos = at).to_string()
                }
                Action::Bounce { .. } => {
                    td_string!(l, gn_bounce_to, card = hand, pos = at).to_string()
                }
                _ if under => td_string!(l, gn_place_down, card = hand, pos = at).to_string(),
                _ => td_string!(
                    l,
                    gn_place_up,
                    card = hand,
                    pos = at,
                    old = v.layouts[focus][pos]
                        .map(|c| card_name(c, l))
                        .unwrap_or_default()
                )
                .to_string(),
            };
            actions.insert_str(
                0,
                &format!(
                    "<button type=\"button\" class=\"primary big\" data-act=\"go\" data-legal=\"{k}\" data-testid=\"confirm\" data-primary=\"true\">{}</button>",
                    esc(&label)
                ),
            );
        }
    }
    out.push_str("</div>");
    let mut side = String::new();
    // Everyone else, small.
    if !over {
        side.push_str("<div class=\"gn-others\">");
        for s in (0..v.seats()).filter(|&s| s != focus) {
            side.push_str(&format!(
                "<div class=\"gn-other seat{}{}\"><p>{}</p>",
                s % crate::table::SEAT_COLOURS,
                if v.out == Some(s) { " out" } else { "" },
                layout_title(v, s, ui, l)
            ));
            layout_html(&mut side, v, s, ui, false, l);
            side.push_str("</div>");
        }
        side.push_str("</div>");
    }
    scores_html(&mut side, v, ui, l);
    let mut log = String::new();
    if !ui.recent.is_empty() {
        log.push_str(&format!(
            "<section class=\"gn-log\"><h3>{}</h3><ul data-testid=\"gn-log\">",
            esc(td_string!(l, gn_recent))
        ));
        for line in ui.recent {
            log.push_str(&format!("<li>{}</li>", esc(line)));
        }
        log.push_str("</ul></section>");
    }
    Parts {
        main: out,
        side,
        log,
        actions,
    }
}

/// "Round R of 3".
fn round_line(v: &View, l: Locale) -> String {
    format!(
        "<p class=\"gn-round\" data-testid=\"gn-round\">{}</p>",
        esc(&td_string!(
            l,
            gn_round,
            round = v.round + 1,
            rounds = ROUNDS
        ))
    )
}

/// The keypad's rows (at most six keys of 44 px fit a 320 px phone): the
/// deck's cards (`DECK`'s order) 1..6, 7..12, -1..-5, Hazard and Mulligan.
const KEY_ROWS: [std::ops::Range<usize>; 4] = [0..6, 6..12, 12..17, 17..19];

/// R-GN-14, real cards: the round scorer. Every layout as entered so far (a
/// tap marks the position the next card goes to; matching lines marked as
/// the round summary marks them; the score so far) and who went out first;
/// in the decision bar the keypad of the deck's cards and the round's
/// score. A round just scored shows its summary first.
fn entry_html(v: &View, at: Option<(Seat, usize)>, ui: &Ui, l: Locale) -> Parts {
    let mut out = String::with_capacity(8000);
    let mut actions = String::new();
    out.push_str("<div class=\"gn-main\">");
    out.push_str(&round_line(v, l));
    if let Some(r) = v.results.last().filter(|_| v.results.len() > ui.seen) {
        round_html(&mut out, v, r, ui, l);
        actions.push_str(&format!(
            "<button type=\"button\" class=\"primary big\" data-act=\"ok\" data-testid=\"gn-continue\">{}</button>",
            esc(td_string!(l, gn_continue))
        ));
    } else {
        out.push_str(&format!(
            "<p class=\"gn-prompt\" data-testid=\"gn-prompt\">{}</p><div class=\"gn-entries\">",
            esc(&td_string!(
                l,
                gn_entry_play,
                name = name_of(ui.names, v.first)
            ))
        ));
        for seat in 0..v.seats() {
            entry_layout(&mut out, v, seat, at, ui, l);
        }
        out.push_str("</div>");
        entry_actions(&mut actions, v, at, ui, l);
    }
    out.push_str("</div>");
    let mut side = String::new();
    scores_html(&mut side, v, ui, l);
    Parts {
        main: out,
        side,
        log: String::new(),
        actions,
    }
}

/// One layout of the round scorer: its name and score so far, who went out
/// first, and its nine positions, each a button marking it.
fn entry_layout(
    out: &mut String,
    v: &View,
    seat: Seat,
    at: Option<(Seat, usize)>,
    ui: &Ui,
    l: Locale,
) {
    let layout = &v.layouts[seat];
    let (_, matched) = matches(layout);
    let name = name_of(ui.names, seat);
    out.push_str(&format!(
        "<section class=\"gn-entry seat{}{}\" data-testid=\"gn-entry\" data-seat=\"{seat}\"{}><div class=\"gn-entry-head\"><p>{}</p>",
        seat % crate::table::SEAT_COLOURS,
        if v.out == Some(seat) { " out" } else { "" },
        if at.is_some_and(|a| a.0 == seat) { " data-decide" } else { "" },
        layout_title(v, seat, ui, l)
    ));
    // Who went out first: one of the layouts, pressed.
    let went = td_string!(l, gn_entry_out);
    match ui.offer.out.iter().find(|o| o.0 == seat) {
        Some(&(_, k)) => out.push_str(&format!(
            "<button type=\"button\" class=\"gn-outb\" data-act=\"o{seat}\" data-legal=\"{k}\" data-testid=\"gn-out\" aria-pressed=\"false\">{}</button>",
            esc(went)
        )),
        None if v.out == Some(seat) => out.push_str(&format!(
            "<span class=\"gn-outb on\" data-testid=\"gn-out-on\">✓ {}</span>",
            esc(went)
        )),
        None => {}
    }
    out.push_str(&format!(
        "</div><div class=\"gn-lay gn-entry-lay\" role=\"group\" aria-label=\"{}\">",
        esc(&td_string!(l, gn_layout_of, name = name))
    ));
    for (pos, c) in layout.iter().enumerate() {
        let face = match c {
            Some(_) => card_html(*c, if matched[pos] { " mt" } else { "" }, l),
            None => "<span class=\"gc empty\"></span>".to_string(),
        };
        let label = format!(
            "{}: {}",
            td_string!(l, gn_mark, pos = pos_name(pos), name = name),
            c.map(|c| card_name(c, l))
                .unwrap_or_else(|| "–".to_string())
        );
        match ui.offer.mark.iter().find(|m| m.0 == (seat, pos)) {
            Some(&(_, k)) => out.push_str(&format!(
                "<button type=\"button\" class=\"gpos\" data-act=\"m{seat}-{pos}\" data-legal=\"{k}\" aria-label=\"{}\">{face}</button>",
                esc(&label)
            )),
            None => out.push_str(&format!(
                "<span class=\"gpos{}\" data-testid=\"{}\"{}>{face}</span>",
                if at == Some((seat, pos)) { " sel" } else { "" },
                if at == Some((seat, pos)) { "gn-marked" } else { "gn-pos" },
                if at == Some((seat, pos)) { " aria-current=\"true\"" } else { "" }
            )),
        }
    }
    out.push_str("</div></section>");
}

/// The round scorer's decision bar: the keypad for the marked position
/// (a card the deck no longer holds is a key that says why), then the
/// round's score once everything is entered, or what is missing.
fn entry_actions(out: &mut String, v: &View, at: Option<(Seat, usize)>, ui: &Ui, l: Locale) {
    if !ui.can_act() {
        out.push_str(&format!(
            "<p class=\"gn-prompt\">{}</p>",
            esc(&td_string!(l, gn_watch, name = name_of(ui.names, v.first)))
        ));
        return;
    }
    match at {
        Some((seat, pos)) => {
            out.push_str(&format!(
                "<div class=\"gn-keypad\"><p class=\"gn-keys-title\" data-testid=\"gn-keys-title\">{}</p><div class=\"gn-keys\" role=\"group\" aria-label=\"{}\" data-testid=\"gn-keys\">",
                esc(&td_string!(
                    l,
                    gn_entry_at,
                    pos = pos_name(pos),
                    name = name_of(ui.names, seat)
                )),
                esc(td_string!(l, gn_entry_keys))
            ));
            for row in KEY_ROWS {
                out.push_str("<div class=\"gn-keys-row\">");
                for i in row {
                    let card = DECK[i].0;
                    let face = card_html(Some(card), "", l);
                    let label = esc(&card_name(card, l));
                    match ui.offer.enter[i] {
                        Some(k) => out.push_str(&format!(
                            "<button type=\"button\" class=\"gn-key\" data-act=\"k{i}\" data-legal=\"{k}\" data-testid=\"gn-key\" data-card=\"{}\" aria-label=\"{label}\">{face}</button>",
                            real::key_name(card)
                        )),
                        // Not on the list: a tap says the rules' reason
                        // under the keys.
                        None => out.push_str(&format!(
                            "<button type=\"button\" class=\"gn-key off\" data-act=\"k{i}\" data-testid=\"gn-key\" data-card=\"{}\" aria-disabled=\"true\" aria-label=\"{label}\" aria-describedby=\"gn-refused\">{face}</button>",
                            real::key_name(card)
                        )),
                    }
                }
                out.push_str("</div>");
            }
            out.push_str(&format!(
                "</div><p class=\"gn-refused\" id=\"gn-refused\" role=\"alert\" data-testid=\"gn-refused\">{}</p></div>",
                esc(ui.refused.unwrap_or_default())
            ));
        }
        None => out.push_str(&format!(
            "<p class=\"gn-prompt\" data-testid=\"gn-entry-done\">{}</p>",
            esc(td_string!(l, gn_entry_done))
        )),
    }
    match ui.offer.score {
        Some(k) => out.push_str(&format!(
            "<button type=\"button\" class=\"primary big\" data-act=\"score\" data-legal=\"{k}\" data-testid=\"gn-score\" data-primary=\"true\">{}</button>",
            esc(&td_string!(l, gn_entry_score, round = v.round + 1))
        )),
        None => {
            let left = v.layouts.iter().flatten().filter(|c| c.is_none()).count();
            let text = if left > 0 {
                td_string!(l, gn_entry_left, n = left).to_string()
            } else {
                td_string!(l, gn_entry_left_out).to_string()
            };
            out.push_str(&format!(
                "<p class=\"hint\" data-testid=\"gn-entry-left\">{}</p>",
                esc(&text)
            ));
        }
    }
}

/// "NAME's layout shows S", the name in its colour with its computer mark,
/// the score bumping when the last move changed it.
fn layout_title(v: &View, seat: Seat, ui: &Ui, l: Locale) -> String {
    let score = format!(
        "<span class=\"num{}\">{}</span>",
        if ui.last.enter && ui.last.scored.contains(&seat) {
            " bump"
        } else {
            ""
        },
        signed(shown_score(&v.layouts[seat]))
    );
    // The sentence is escaped, then the two marked-up parts go in.
    esc(&td_string!(
        l,
        gn_layout_shows,
        name = "\u{1}",
        score = "\u{2}"
    ))
    .replacen('\u{1}', ui.who.get(seat).map_or("", String::as_str), 1)
    .replacen('\u{2}', &score, 1)
}

/// A scored layout: each card with its points (0 in a matching line), each
/// matching row and column with its value; closes the grid's `div`.
fn scored_grid(out: &mut String, layout: &[Card; 9], sc: &rules::gnoming::LayoutScore, l: Locale) {
    for row in 0..3 {
        for col in 0..3 {
            let p = row * 3 + col;
            let in_match = sc.lines[row].is_some() || sc.lines[3 + col].is_some();
            out.push_str(&format!(
                "<span class=\"gpos{}\">{}<small>{}</small></span>",
                if in_match { " mt" } else { "" },
                card_html(Some(layout[p]), "", l),
                signed(sc.cards[p])
            ));
        }
        out.push_str(&match sc.lines[row] {
            Some(m) => format!("<span class=\"gline mt\">{}</span>", signed(-(m as i64))),
            None => "<span class=\"gline\"></span>".to_string(),
        });
    }
    for col in 0..3 {
        out.push_str(&match sc.lines[3 + col] {
            Some(m) => format!("<span class=\"gline mt\">{}</span>", signed(-(m as i64))),
            None => "<span class=\"gline\"></span>".to_string(),
        });
    }
    out.push_str("</div>");
}

/// The worked example of R-GN-11, drawn as a scored round and scored by
/// the rules: M 5 5 / 8 1 2 / 8 3 4 = -3.
fn worked_example(l: Locale) -> String {
    use Card::{Mulligan as M, Value as V};
    let layout = [M, V(5), V(5), V(8), V(1), V(2), V(8), V(3), V(4)];
    let sc = score_layout(&layout);
    let mut out = format!(
        "<section class=\"rules-example\" data-testid=\"rules-example\"><h3>{}</h3><div class=\"gn-scored\"><div class=\"gn-grid\">",
        esc(td_string!(l, rules_example))
    );
    scored_grid(&mut out, &layout, &sc, l);
    out.push_str(&format!(
        "<p class=\"rules-caption\" data-testid=\"rules-example-score\">{}</p></div></section>",
        esc(&td_string!(l, gn_example, total = signed(sc.total)))
    ));
    out
}

/// A finished round: each layout with its matching lines and each card's
/// points, the score before and after the going-out bonus.
fn round_html(out: &mut String, v: &View, r: &rules::gnoming::RoundResult, ui: &Ui, l: Locale) {
    let round = v.results.len();
    out.push_str(&format!(
        "<section class=\"gn-end\" data-testid=\"gn-round-end\" aria-labelledby=\"gn-end-title\"><h3 id=\"gn-end-title\">{}</h3>",
        esc(&td_string!(l, gn_round_over, round = round))
    ));
    for (s, layout) in r.layouts.iter().enumerate() {
        let sc = score_layout(layout);
        out.push_str(&format!(
            "<div class=\"gn-scored\" data-testid=\"gn-scored\"><p><strong>{}</strong> <span class=\"num\" data-testid=\"gn-round-score\">{}</span></p><div class=\"gn-grid\">",
            ui.who.get(s).map_or("", String::as_str),
            signed(r.scores[s])
        ));
        scored_grid(out, layout, &sc, l);
        if r.out == s {
            let bonus = r.scores[s] - r.before[s];
            out.push_str(&format!(
                "<p class=\"hint\">{}</p>",
                esc(&if bonus < 0 {
                    td_string!(l, gn_out_bonus, score = signed(r.before[s])).to_string()
                } else {
                    td_string!(l, gn_out_penalty, score = signed(r.before[s])).to_string()
                })
            ));
        }
        out.push_str("</div>");
    }
    out.push_str("</section>");
}

/// Scores per round and totals; once over, how ties were broken (R-GN-10).
fn scores_html(out: &mut String, v: &View, ui: &Ui, l: Locale) {
    out.push_str(&format!(
        "<section class=\"gn-scores\"><table data-testid=\"gn-scores\"><caption>{}</caption><tr><th scope=\"col\"></th>",
        esc(td_string!(l, gn_scores))
    ));
    for r in 1..=ROUNDS {
        out.push_str(&format!("<th scope=\"col\">{r}</th>"));
    }
    out.push_str(&format!(
        "<th scope=\"col\">{}</th></tr>",
        esc(td_string!(l, gn_total))
    ));
    for s in 0..v.seats() {
        out.push_str(&format!(
            "<tr class=\"seat{}{}\"><th scope=\"row\">{}</th>",
            s % crate::table::SEAT_COLOURS,
            if v.turn == s && v.stage != Stage::Over {
                " current"
            } else {
                ""
            },
            ui.who.get(s).map_or("", String::as_str)
        ));
        for r in 0..ROUNDS {
            let cell = v
                .results
                .get(r)
                .map(|x| signed(x.scores[s]))
                .unwrap_or_default();
            out.push_str(&format!("<td>{cell}</td>"));
        }
        out.push_str(&format!(
            "<td class=\"num\" data-testid=\"gn-total\">{}</td></tr>",
            signed(v.totals[s])
        ));
    }
    out.push_str("</table>");
    if v.stage == Stage::Over {
        // Equal totals: the lower third round wins (R-GN-10).
        let third = &v.results[ROUNDS - 1].scores;
        for s in 0..v.seats() {
            for t in s + 1..v.seats() {
                if v.totals[s] == v.totals[t] {
                    let text = if third[s] == third[t] {
                        td_string!(
                            l,
                            gn_tie_shared,
                            a = name_of(ui.names, s),
                            b = name_of(ui.names, t)
                        )
                        .to_string()
                    } else {
                        let (w, o) = if third[s] < third[t] { (s, t) } else { (t, s) };
                        td_string!(
                            l,
                            gn_tie_broken,
                            a = name_of(ui.names, w),
                            b = name_of(ui.names, o),
                            x = signed(third[w]),
                            y = signed(third[o])
                        )
                        .to_string()
                    };
                    out.push_str(&format!(
                        "<p class=\"hint\" data-testid=\"gn-tie\">{}</p>",
                        esc(&text)
                    ));
                }
            }
        }
    }
    out.push_str("</section>");
}

#[component]
fn GnTable(ctx: TableCtx<Gnoming>) -> impl IntoView {
    let i18n = use_i18n();
    let with_view = move |f: &mut dyn FnMut(&View)| ctx.seen.with(|s| f(&s.view));
    let moves = Memo::new(move |_| ctx.seen.with(|s| s.frame.moves));
    let sel = MovePick::new(moves, None::<usize>);
    // R-GN-14: the card key tapped that the rules refuse now (by `DECK`).
    let refused = MovePick::new(moves, None::<usize>);
    // Round ends looked at: the one on screen when the table opened counts
    // as seen (a reload does not bring it back).
    let first = ctx.seen.with_untracked(|s| s.view.results.len());
    let seen = RwSignal::new(first);
    let motion = crate::contract::Motion::new(ctx.seen.with_untracked(|s| s.frame));
    let html = Memo::new(move |_| {
        let l = i18n.get_locale();
        let names = ctx.names.get();
        let who = ctx.who_all(l);
        // The last moves, from what this seat was told.
        let mut recent = Vec::new();
        let offer = ctx.seen.with(|s| {
            for evs in s.log.iter().rev().take(6) {
                let mut lines = Gnoming::announce(&s.view, evs, &names, l);
                lines.reverse();
                recent.extend(lines);
            }
            Offer::of(&s.legal)
        });
        recent.truncate(8);
        let (frame, events) = ctx
            .seen
            .with(|s| (s.frame, s.log.last().cloned().unwrap_or_default()));
        let last = Last::of(&events, motion.fresh(frame));
        let why = refused
            .get()
            .and_then(|i| DECK.get(i))
            .map(|&(card, _)| ctx.refusal(&Action::Enter { card }).get(l));
        let ui = Ui {
            refused: why.as_deref(),
            names: &names,
            who: &who,
            last: &last,
            sel: sel.get(),
            offer: &offer,
            seen: seen.get(),
            recent: &recent,
        };
        let mut out = Parts::default();
        with_view(&mut |v| out = table_html(v, &ui, l));
        out
    });
    // Each part is set only when its text changed.
    let main = Memo::new(move |_| html.with(|h| h.main.clone()));
    let side = Memo::new(move |_| html.with(|h| h.side.clone()));
    let log = Memo::new(move |_| html.with(|h| h.log.clone()));
    let actions = Memo::new(move |_| html.with(|h| h.actions.clone()));
    let refocus = StoredValue::new(None::<String>);
    let root = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        main.track();
        side.track();
        log.track();
        actions.track();
        if let (Some(root), Some(act)) = (root.get(), refocus.get_value()) {
            crate::table::refocus(&root, &act);
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(act) = crate::table::clicked_act(&ev) else {
            return;
        };
        refocus.set_value(Some(act.clone()));
        if act == "ok" {
            let mut n = 0;
            with_view(&mut |v| n = v.results.len());
            seen.set(n);
            return;
        }
        // A control that stands for an entry of the rules' legal list.
        if let Some(k) = crate::table::clicked_legal(&ev) {
            refocus.set_value(None);
            ctx.send_legal(k);
            return;
        }
        // R-GN-14: a card the rules do not take now: their reason.
        if let Some(i) = act.strip_prefix('k').and_then(|i| i.parse::<usize>().ok()) {
            if DECK.get(i).is_some() {
                refused.set(Some(i));
            }
            return;
        }
        if let Some(pos) = act.strip_prefix('s').and_then(|p| p.parse::<usize>().ok()) {
            // A second tap on the picked position lets it go.
            sel.update(|s| *s = if *s == Some(pos) { None } else { Some(pos) });
        }
    };
    view! {
        <div class="gn-table" node_ref=root on:click=on_click>
            <div class="gn-part" inner_html=move || main.get()></div>
            <div class="gn-side">
                <div class="gn-part" inner_html=move || side.get()></div>
                <div class="gn-part" inner_html=move || log.get()></div>
            </div>
            <crate::table::DecisionBar>
                <div class="gn-actions" inner_html=move || actions.get()></div>
            </crate::table::DecisionBar>
        </div>
    }
}
