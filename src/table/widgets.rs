//! Pieces every table draws: a seat's name in its colour, the rules text
//! with a game's inserts, and the ranking.

use crate::i18n::locale::*;
use crate::table::dom::*;

use leptos::prelude::*;
use rules::{Outcome, Seat};

/// A seat's name in a table drawn as HTML: a dot in the seat's colour
/// (`--seat0`..), the name, and for a computer seat a mark, with its word
/// for screen readers. Names in sentences stay plain text.
pub fn who_html(name: &str, seat: Seat, cpu: bool, l: Locale) -> String {
    let mark = if cpu {
        format!(
            "<span class=\"sr-only\"> ({})</span>",
            esc(td_string!(l, computer_seat))
        )
    } else {
        String::new()
    };
    format!(
        "<span class=\"who seat{}{}\">{}{mark}</span>",
        seat % SEAT_COLOURS,
        if cpu { " cpu" } else { "" },
        esc(name)
    )
}

/// How many seat colours the stylesheet has.
pub const SEAT_COLOURS: usize = 6;

/// `who_html` as a view.
pub fn who_view(name: String, seat: Seat, cpu: bool) -> AnyView {
    let i18n = use_i18n();
    view! {
        <span class=format!("who seat{}", seat % SEAT_COLOURS) class:cpu=cpu data-testid=cpu.then_some("cpu")>
            {name}
            {cpu.then(|| view! { <span class="sr-only">" ("{t!(i18n, computer_seat)}")"</span> })}
        </span>
    }
    .into_any()
}

/// Extra HTML in the rules after a paragraph: (paragraph number, maker).
pub type RulesInsert = (usize, fn(Locale) -> String);

/// A game's in-app rules: the title and paragraphs by text key, with extra
/// HTML (a points table) after the paragraph numbered in `extra`, drawn as
/// one HTML string in the player's language. One function for every game
/// keeps the rules out of each game's share of the download.
pub fn rules_view(
    title: usize,
    paragraphs: &'static [usize],
    extra: &'static [RulesInsert],
) -> AnyView {
    let i18n = use_i18n();
    let html = move || {
        let l = i18n.get_locale();
        let mut out = format!("<h2 id=\"rules-title\">{}</h2>", esc(text(l, title)));
        for (k, &p) in paragraphs.iter().enumerate() {
            out.push_str("<p>");
            out.push_str(&esc(text(l, p)));
            out.push_str("</p>");
            for (_, f) in extra.iter().filter(|(after, _)| *after == k + 1) {
                out.push_str(&f(l));
            }
        }
        out
    };
    view! { <div class="rules-text" inner_html=html></div> }.into_any()
}

/// A finished game's places, best first: place, name, score (a true minus
/// sign), and "(shared place)" where seats tie (R-G-3).
#[component]
pub fn Ranking(outcome: Outcome, names: Vec<String>, cpu: Vec<bool>) -> impl IntoView {
    let i18n = use_i18n();
    // Solo there is no place to take: the score stands against the record.
    let solo = outcome.scores.len() == 1;
    view! {
        <ol class="ranking">
            {outcome.order().into_iter().map(|s| {
                let shared = outcome.is_shared(s);
                let place = outcome.places[s];
                let score = outcome.scores[s];
                // A result the rules count as a defeat is never ranked
                // first (R-CH-7).
                let lost = outcome.lost.contains(&s);
                view! {
                    <li class:winner={place == 1 && !lost && !solo} class:lost=lost data-testid="ranked">
                        <span class="place">{(!lost && !solo).then(|| format!("{place}."))}</span>
                        <span class="name">{who_view(names.get(s).cloned().unwrap_or_default(), s, cpu.get(s).copied().unwrap_or(false))}</span>
                        <span class="score">{if score < 0 { format!("−{}", -score) } else { score.to_string() }}</span>
                        {shared.then(|| view! { <span class="shared">"("{t!(i18n, shared_place)}")"</span> })}
                        {lost.then(|| view! { <span class="defeat" data-testid="defeat">{t!(i18n, defeat)}</span> })}
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}
