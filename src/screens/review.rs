//! The coach's review of a finished game (`/review/ID`, issue 25): for each
//! person's seat, every decision the coach weighs (as the game's strongest
//! level, whose data is loaded first) with its own move and the expected
//! points lost, the three costliest each one tap
//! from the replay at that move, and a chart of the expected points over
//! the game. The figures come from the rules (`GameInPlay::judge`); the moves are
//! weighed one after another between frames, so a long game never holds
//! the page.

use crate::contract::{coach_number, GameEntry, GameInPlay, Judgement};
use crate::i18n::Text;
use crate::i18n::*;
use crate::platform::lang::{BackBar, LangSwitch};
use crate::routes::Link;
use crate::store;
use crate::table::esc;
use leptos::prelude::*;
use rules::{Level, Seat, SeatKind};

/// The review screen of a stored finished game.
#[component]
pub fn Review(id: String) -> impl IntoView {
    let i18n = use_i18n();
    let notice = move |text: Text| {
        view! {
            <main class="screen review">
                <BackBar to="/history" label=keys::history_title/>
                <p class="notice error" role="alert" data-testid="review-refused">{move || text.get(i18n.get_locale())}</p>
            </main>
        }
        .into_any()
    };
    let unfinished = || Text::new(|l| td_string!(l, replay_unfinished).to_string());
    match store::load_game(&id) {
        Ok(saved) if saved.finished => crate::screens::replay::open_finished(
            saved,
            notice,
            unfinished(),
            |entry, live, saved| view! { <ReviewScreen entry live id=saved.id/> }.into_any(),
        ),
        Ok(_) => notice(unfinished()),
        Err(e) => notice(crate::screens::replay::load_failure(e)),
    }
}

/// Lets the browser draw and take taps before the next moves are weighed.
async fn pause() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

#[component]
fn ReviewScreen(entry: GameEntry, live: Box<dyn GameInPlay>, id: String) -> impl IntoView {
    let i18n = use_i18n();
    let total = live.moves();
    let seats = live.seats();
    // Whose each move was, from the record.
    let movers: Vec<Option<Seat>> = live
        .record()
        .get("moves")
        .and_then(|m| m.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|m| m.get("seat").and_then(|s| s.as_u64()).map(|s| s as Seat))
        .collect();
    // The people's seats; a seat switched during play may have been a
    // person's for some of it (the record does not say which moves), so it
    // is reviewed whole, and says so.
    let people: Vec<Seat> = (0..seats.len())
        .filter(|&s| seats[s].kind == SeatKind::Human || seats[s].switched)
        .collect();
    // Real cards (R-GN-14): every decision was made at the table; the app
    // has only the final layouts, so it weighs nothing.
    let cards = crate::store::real_cards(&live.options());
    let people = if cards { Vec::new() } else { people };
    let live = StoredValue::new(live);
    let judged = RwSignal::new(Vec::<Judgement>::new());
    let weighed = RwSignal::new(0usize);
    // The level that weighs in place of the strongest, if that one's data
    // could not load.
    let instead = RwSignal::new(None::<(Level, Level)>);
    {
        let people = people.clone();
        leptos::task::spawn_local(async move {
            crate::platform::device::mark("spielblock:review-start");
            // The coach weighs as the game's strongest level (issue 43),
            // whose data (the expert's table) may have to be fetched first;
            // without it the next level down weighs, and the screen says so.
            let top = entry.levels.last().copied().unwrap_or(Level::Strong);
            if !people.is_empty() && (entry.ready_level)(top).await.is_err() {
                let down = crate::play::levels::lower(entry, top);
                if instead.try_set(Some((top, down))).is_some() {
                    return;
                }
            }
            let mut found = Vec::new();
            let mut since = js_sys::Date::now();
            for (k, mover) in movers.iter().enumerate() {
                if mover.is_some_and(|s| people.contains(&s)) {
                    // The screen left: stop.
                    let Some(j) = live.try_with_value(|g| g.judge(k)) else {
                        return;
                    };
                    found.extend(j);
                }
                if js_sys::Date::now() - since > 30.0 {
                    if weighed.try_set(k + 1).is_some() {
                        return;
                    }
                    pause().await;
                    since = js_sys::Date::now();
                }
            }
            judged.try_set(found);
            weighed.try_set(total.max(1));
            // The wait for the whole review, pauses between frames included.
            crate::platform::device::measure_since("spielblock:review", "spielblock:review-start");
        });
    }
    let done = move || weighed.get() >= total.max(1);
    let names = {
        let seats = seats.clone();
        Memo::new(move |_| {
            let l = i18n.get_locale();
            crate::i18n::shown_names(seats.iter().map(|s| s.name.as_str()), l)
        })
    };
    let game_name = move || (entry.name)(i18n.get_locale());
    let lowest = entry.lowest_wins;
    let nobody = people.is_empty();
    view! {
        <main class="screen review" data-game=entry.id>
            <header class="topbar">
                <Link to={"/history".to_string()} class="button ghost icon" label=Signal::derive(move || td_string!(i18n.get_locale(), history_title).to_string())>
                    <span aria-hidden="true">"←"</span>
                </Link>
                <h1>{move || td_string!(i18n.get_locale(), review_title, game = game_name()).to_string()}</h1>
                <LangSwitch/>
            </header>
            <p class="hint">{t!(i18n, review_intro)}</p>
            {move || instead.get().map(|(level, down)| {
                let l = i18n.get_locale();
                let (level, down) = (crate::i18n::level_text(level, l), crate::i18n::level_text(down, l));
                view! { <p class="notice" role="status" data-testid="review-level">{td_string!(l, review_level_failed, level = level, down = down).to_string()}</p> }
            })}
            {move || (!done()).then(|| view! {
                <p class="hint" role="status" data-testid="review-progress">
                    {move || td_string!(i18n.get_locale(), review_weighing, k = weighed.get(), n = total).to_string()}
                </p>
            })}
            {cards.then(|| view! {
                <p class="notice" data-testid="review-real-cards">{t!(i18n, review_real_cards)}</p>
            })}
            {move || (done() && nobody && !cards).then(|| view! {
                <p class="notice" data-testid="review-nobody">{t!(i18n, review_nobody)}</p>
            })}
            {
                let people = people.clone();
                let id = id.clone();
                move || done().then(|| {
                    let all = judged.get();
                    people.iter().map(|&seat| {
                        let mine: Vec<Judgement> = all.iter().filter(|j| j.seat == seat).cloned().collect();
                        let switched = seats[seat].switched;
                        view! { <SeatReview seat mine names id=id.clone() lowest switched/> }
                    }).collect_view()
                })
            }
        </main>
    }
}

/// The expected points lost, written for `l` ("about 3.4" for estimates).
fn loss_text(loss: f64, about: bool, l: Locale) -> String {
    td_string!(l, review_lost, v = coach_number(loss, false, about, l)).to_string()
}

#[component]
fn SeatReview(
    seat: Seat,
    mine: Vec<Judgement>,
    names: Memo<Vec<String>>,
    id: String,
    lowest: bool,
    switched: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let name = move || names.with(|n| n.get(seat).cloned().unwrap_or_default());
    let about = mine.iter().any(|j| j.estimate);
    let lost: f64 = mine.iter().map(|j| j.loss).sum();
    let count = mine.len();
    // The three costliest, the earliest first among equals; a move that
    // lost nothing is not among them.
    let mut costly: Vec<Judgement> = mine.iter().filter(|j| j.loss >= 0.05).cloned().collect();
    rules::sort_small_by(&mut costly, |a, b| {
        a.loss > b.loss || (a.loss == b.loss && a.index < b.index)
    });
    costly.truncate(3);
    // Each decision by its number among this player's (what "N decisions"
    // counts) and its move in the game (what the replay counts: throws
    // and every seat's moves).
    let order = StoredValue::new(mine.iter().map(|j| j.index).collect::<Vec<usize>>());
    let nth = move |index: usize| {
        order.with_value(|o| o.iter().position(|&i| i == index).map_or(0, |p| p + 1))
    };
    let move_label = move |index: usize, l: Locale| {
        td_string!(l, review_move, d = nth(index), k = index + 1).to_string()
    };
    let (chart, top, bottom) = chart(&mine, lowest);
    let summary = {
        let mine = mine.clone();
        move || {
            let l = i18n.get_locale();
            let lo = mine
                .iter()
                .map(|j| j.played_value)
                .fold(f64::INFINITY, f64::min);
            let hi = mine
                .iter()
                .map(|j| j.played_value)
                .fold(f64::NEG_INFINITY, f64::max);
            td_string!(
                l,
                review_chart,
                name = name(),
                lo = coach_number(lo, false, false, l),
                hi = coach_number(hi, false, false, l)
            )
            .to_string()
        }
    };
    let rows = mine
        .into_iter()
        .map(|j| {
            let (played, best) = (j.played.clone(), j.best.clone());
            view! {
                <li data-testid="review-decision" class:costly={j.loss >= 0.05}>
                    <span class="move-no">{move || move_label(j.index, i18n.get_locale())}</span>
                    <span class="played">{move || played.get(i18n.get_locale())}</span>
                    {move || if j.same {
                        view! { <span class="strong same">{t!(i18n, review_same)}</span> }.into_any()
                    } else {
                        let l = i18n.get_locale();
                        view! { <span class="strong">{td_string!(l, review_strong, m = best.get(l)).to_string()}</span> }.into_any()
                    }}
                    // A different move worth as much loses nothing worth a number.
                    {(!j.same).then(|| if j.loss < 0.05 {
                        view! { <span class="lost none">{t!(i18n, review_as_good)}</span> }.into_any()
                    } else {
                        view! { <span class="lost">{move || loss_text(j.loss, j.estimate, i18n.get_locale())}</span> }.into_any()
                    })}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="review-seat" data-testid="review-seat" data-seat=seat.to_string()>
            <h2>{move || crate::table::who_view(name(), seat, false)}</h2>
            {switched.then(|| view! { <p class="hint" data-testid="review-switched">{t!(i18n, review_switched)}</p> })}
            {if count == 0 {
                view! { <p class="hint" data-testid="review-none">{t!(i18n, review_none)}</p> }.into_any()
            } else {
                view! {
                    <p class="review-total" data-testid="review-total">
                        {move || {
                            let l = i18n.get_locale();
                            let v = coach_number(lost, false, about, l);
                            if count == 1 {
                                td_string!(l, review_total_one, v = v).to_string()
                            } else {
                                td_string!(l, review_total, v = v, n = count).to_string()
                            }
                        }}
                    </p>
                    <figure class="review-chart">
                        <div inner_html=move || {
                            let l = i18n.get_locale();
                            chart
                                .replace("{label}", &esc(&summary()))
                                .replace("{top}", &coach_number(top, false, false, l))
                                .replace("{bottom}", &coach_number(bottom, false, false, l))
                        }></div>
                        <figcaption class="hint">{t!(i18n, review_chart_key)}</figcaption>
                    </figure>
                    <h3>{t!(i18n, review_costliest)}</h3>
                    {if costly.is_empty() {
                        view! { <p class="hint" data-testid="review-flawless">{t!(i18n, review_flawless)}</p> }.into_any()
                    } else {
                        view! {
                            <ol class="costliest">
                                {costly.into_iter().map(|j| {
                                    let (played, best) = (j.played.clone(), j.best.clone());
                                    view! {
                                        <li data-testid="review-costly" data-index=j.index.to_string()>
                                            <p><strong>{move || move_label(j.index, i18n.get_locale())}</strong>
                                                ": "{move || loss_text(j.loss, j.estimate, i18n.get_locale())}</p>
                                            <p>{move || { let l = i18n.get_locale(); td_string!(l, review_played, m = played.get(l)).to_string() }}</p>
                                            <p>{move || { let l = i18n.get_locale(); td_string!(l, review_strong, m = best.get(l)).to_string() }}</p>
                                            // Just after the move, so the replay's caption names the same
                                            // move as the review ("Move k of N: ..."); one step back is the
                                            // position it was decided in.
                                            <Link to={format!("/replay/{}/{}", id, j.index + 1)} class="button"
                                                label=Signal::derive(move || td_string!(i18n.get_locale(), review_jump_label, k = j.index + 1).to_string())>{t!(i18n, review_jump)}</Link>
                                        </li>
                                    }
                                }).collect_view()}
                            </ol>
                        }.into_any()
                    }}
                    <details class="decisions">
                        <summary>{move || td_string!(i18n.get_locale(), review_every, n = count).to_string()}</summary>
                        <ol>{rows}</ol>
                    </details>
                }.into_any()
            }}
        </section>
    }
}

/// The expected points over the game as inline SVG: the value of each move
/// played (the line) and, where it lost points, the strong player's move
/// (a dot, the better side up). `{label}` stands for the accessible summary.
fn chart(mine: &[Judgement], lowest: bool) -> (String, f64, f64) {
    let (w, h, pad, left) = (300.0, 90.0, 8.0, 40.0);
    // The strong player's move, as far from the move played as the
    // points lost (a duel's ranking also weighs what a move hands on).
    let better = |j: &Judgement| {
        if lowest {
            j.played_value - j.loss
        } else {
            j.played_value + j.loss
        }
    };
    let values = mine.iter().flat_map(|j| [j.played_value, better(j)]);
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(f64::NEG_INFINITY, f64::max);
    let span = (hi - lo).max(1e-9);
    let n = mine.len();
    let x = |i: usize| {
        left + if n > 1 {
            (w - left - pad) * i as f64 / (n - 1) as f64
        } else {
            (w - left - pad) / 2.0
        }
    };
    // Better is up: higher values, or lower where the lowest wins.
    let y = |v: f64| {
        let up = if lowest { v - lo } else { hi - v };
        pad + (h - 2.0 * pad) * up / span
    };
    // Whole pixels: no float formatting (it costs 7 KB in the module).
    let px = |v: f64| (v.round() as i64).to_string();
    let points: Vec<String> = mine
        .iter()
        .enumerate()
        .map(|(i, j)| format!("{},{}", px(x(i)), px(y(j.played_value))))
        .collect();
    // The better end on top; `{top}` and `{bottom}` stand for its values.
    let mut svg = format!(
        "<svg class=\"chart\" viewBox=\"0 0 300 90\" role=\"img\" aria-label=\"{{label}}\"><line x1=\"{l}\" y1=\"{p}\" x2=\"{l}\" y2=\"{b}\" class=\"axis\"/><text x=\"{t}\" y=\"{ty}\" class=\"tick\">{{top}}</text><text x=\"{t}\" y=\"{by}\" class=\"tick\">{{bottom}}</text>",
        l = px(left - 4.0),
        p = px(pad),
        b = px(h - pad),
        t = px(left - 8.0),
        ty = px(pad + 4.0),
        by = px(h - pad + 4.0),
    );
    svg.push_str(&format!(
        "<polyline points=\"{}\" class=\"line\"/>",
        points.join(" ")
    ));
    for (i, j) in mine.iter().enumerate() {
        if j.loss >= 0.05 {
            svg.push_str(&format!(
                "<line x1=\"{x}\" y1=\"{a}\" x2=\"{x}\" y2=\"{b}\" class=\"gap\"/><circle cx=\"{x}\" cy=\"{b}\" r=\"2.5\" class=\"best\"/>",
                x = px(x(i)),
                a = px(y(j.played_value)),
                b = px(y(better(j))),
            ));
        }
    }
    svg.push_str("</svg>");
    if lowest {
        (svg, lo, hi)
    } else {
        (svg, hi, lo)
    }
}
