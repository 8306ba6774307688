//! The table of play: the component (what it reads, what a tap does) and
//! the HTML of the piles, the hand, the layouts, the prompt and the
//! decision's controls.

use crate::contract::{GameView, MovePick, TableCtx};
use crate::games::gnoming::entry::entry_html;
use crate::games::gnoming::html::{card_html, layout_title, round_html, round_line, scores_html};
use crate::games::gnoming::texts::{card_name, name_of, pos_name};
use crate::games::gnoming::ui::{Last, Offer, Parts, Ui};
use crate::i18n::*;
use crate::table::esc;
use leptos::prelude::*;
use rules::gnoming::{Action, Gnoming, Stage, View, DECK};
use rules::Seat;

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
            "<button type=\"button\" class=\"primary big anyone\" data-act=\"ok\" data-testid=\"gn-continue\" data-primary=\"true\">{}</button>",
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

#[component]
pub(super) fn GnTable(ctx: TableCtx<Gnoming>) -> impl IntoView {
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
    // While a round's summary stands between rounds, the computers wait
    // for the people at the table to go on (issue 40).
    Effect::new(move |_| {
        let between = ctx
            .seen
            .with(|s| s.view.results.len() > seen.get() && s.view.stage != Stage::Over);
        ctx.hold(between);
    });
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
