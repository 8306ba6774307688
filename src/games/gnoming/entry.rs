//! R-GN-14, real cards: the round scorer, where the cards of a round played
//! on a real table are entered and scored.

use crate::games::gnoming::html::{card_html, layout_title, round_html, round_line, scores_html};
use crate::games::gnoming::texts::{card_name, name_of, pos_name};
use crate::games::gnoming::ui::{Parts, Ui};
use crate::i18n::*;
use crate::table::esc;
use rules::gnoming::{matches, real, View, DECK};
use rules::Seat;

/// The keypad's rows (at most six keys of 44 px fit a 320 px phone): the
/// deck's cards (`DECK`'s order) 1..6, 7..12, -1..-5, Hazard and Mulligan.
const KEY_ROWS: [std::ops::Range<usize>; 4] = [0..6, 6..12, 12..17, 17..19];

/// R-GN-14, real cards: the round scorer. Every layout as entered so far (a
/// tap marks the position the next card goes to; matching lines marked as
/// the round summary marks them; the score so far) and who went out first;
/// in the decision bar the keypad of the deck's cards and the round's
/// score. A round just scored shows its summary first.
pub(super) fn entry_html(v: &View, at: Option<(Seat, usize)>, ui: &Ui, l: Locale) -> Parts {
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
