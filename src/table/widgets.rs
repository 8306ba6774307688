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

/// A game's in-app rules as a short walkthrough (issue 40): one paragraph a
/// step, with the pictures the rules draw for it (extra HTML, a points
/// table, after the paragraph numbered in `extra`; drawn parts, a worked
/// throw, after the paragraph numbered in `figures`, where a number past
/// the last paragraph makes a step of its own at the end), and the whole
/// text one tap away. The paragraphs are drawn as one HTML string in the
/// player's language; one function for every game keeps the rules out of
/// each game's share of the download.
pub fn rules_view(
    title: usize,
    paragraphs: &'static [usize],
    extra: &'static [RulesInsert],
    figures: Vec<(usize, AnyView)>,
) -> AnyView {
    let i18n = use_i18n();
    let step = RwSignal::new(0usize);
    let whole = RwSignal::new(false);
    let n = figures
        .iter()
        .map(|(after, _)| *after)
        .max()
        .unwrap_or(0)
        .max(paragraphs.len());
    let last = n.saturating_sub(1);
    let html = move || {
        let l = i18n.get_locale();
        let (whole, at) = (whole.get(), step.get());
        let mut out = String::new();
        for (k, &p) in paragraphs.iter().enumerate() {
            if !whole && k != at {
                continue;
            }
            out.push_str("<p>");
            out.push_str(&esc(text(l, p)));
            out.push_str("</p>");
            for (_, f) in extra.iter().filter(|(after, _)| *after == k + 1) {
                out.push_str(&f(l));
            }
        }
        out
    };
    let go = move |k: usize| step.set(k.min(last));
    view! {
        <div class="rules-walk" class:whole=whole>
            <h2 id="rules-title">{move || text(i18n.get_locale(), title).to_string()}</h2>
            <div class="rules-head">
                <p class="rules-step-of" data-testid="rules-step" data-step=move || step.get().to_string() hidden=whole>
                    {move || td_string!(i18n.get_locale(), rules_step, k = step.get() + 1, n = n).to_string()}
                </p>
                <button type="button" class="ghost" data-testid="rules-whole" aria-pressed=move || whole.get().to_string()
                    on:click=move |_| whole.update(|w| *w = !*w)>
                    {move || if whole.get() { td_string!(i18n.get_locale(), rules_by_step) } else { td_string!(i18n.get_locale(), rules_whole) }}
                </button>
            </div>
            // Read out as it changes: a step is one paragraph.
            <div class="rules-text" data-testid="rules-text" aria-live="polite" inner_html=html></div>
            {figures.into_iter().map(|(after, f)| view! {
                <div class="rules-figure" hidden=move || !whole.get() && step.get() + 1 != after>{f}</div>
            }).collect_view()}
            <nav class="rules-nav" hidden=whole aria-label=move || td_string!(i18n.get_locale(), rules_steps).to_string()>
                <ol class="rules-dots" aria-hidden="true">
                    {(0..n).map(|k| view! { <li class:on=move || step.get() == k></li> }).collect_view()}
                </ol>
                <button type="button" data-testid="rules-back" disabled=move || step.get() == 0
                    on:click=move |_| go(step.get_untracked().saturating_sub(1))>{t!(i18n, back)}</button>
                <button type="button" class="primary" data-testid="rules-next" disabled=move || step.get() == last
                    on:click=move |_| go(step.get_untracked() + 1)>{t!(i18n, rules_next)}</button>
            </nav>
        </div>
    }
    .into_any()
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
