//! The pieces of HTML the table of play and the round scorer share (a card,
//! a round's title line, a layout's title, a scored round, the score table)
//! and the rules dialog's figures (the deck, the worked example).

use crate::games::gnoming::texts::{card_name, name_of, signed};
use crate::games::gnoming::ui::Ui;
use crate::i18n::*;
use crate::table::esc;
use rules::gnoming::{score_layout, shown_score, Card, Stage, View, DECK, ROUNDS};
use rules::Seat;

/// A card face (or back) as HTML, with extra classes.
pub(super) fn card_html(c: Option<Card>, class: &str, l: Locale) -> String {
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

/// "Round R of 3".
pub(super) fn round_line(v: &View, l: Locale) -> String {
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

/// "NAME's layout shows S", the name in its colour with its computer mark,
/// the score bumping when the last move changed it.
pub(super) fn layout_title(v: &View, seat: Seat, ui: &Ui, l: Locale) -> String {
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

/// A finished round: each layout with its matching lines and each card's
/// points, the score before and after the going-out bonus.
pub(super) fn round_html(
    out: &mut String,
    v: &View,
    r: &rules::gnoming::RoundResult,
    ui: &Ui,
    l: Locale,
) {
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
pub(super) fn scores_html(out: &mut String, v: &View, ui: &Ui, l: Locale) {
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

/// R-GN-1: the deck, the one table in `rules::gnoming::DECK`.
pub(super) fn deck_table(l: Locale) -> String {
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

/// The worked example of R-GN-11, drawn as a scored round and scored by
/// the rules: M 5 5 / 8 1 2 / 8 3 4 = -3.
pub(super) fn worked_example(l: Locale) -> String {
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
