//! Finished games: the history (newest first, filtered by game and by player
//! name) and each player's statistics per game, read from the saved games'
//! outcomes (no replay needed, so no game code is loaded for it).

use crate::games;
use crate::i18n::*;
use crate::lang::LangSwitch;
use crate::routes::Link;
use crate::storage;
use crate::table::level_text;
use leptos::prelude::*;
use rules::{Outcome, SeatInfo, SeatKind};

/// A finished game as the history lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub id: String,
    pub game: String,
    /// When it ended (milliseconds since 1970).
    pub when: f64,
    pub seats: Vec<SeatInfo>,
    pub outcome: Outcome,
    /// The date of a daily challenge.
    pub daily: Option<String>,
}

/// Every finished game in storage, newest first. A saved game whose seats
/// or outcome do not agree is left out (it still replays from its record).
pub fn finished_games() -> Vec<Finished> {
    storage::list_games()
        .into_iter()
        .filter(|g| g.finished)
        .filter_map(|g| {
            let seats: Vec<SeatInfo> =
                serde_json::from_value(g.record.get("seats")?.clone()).ok()?;
            let outcome = g.outcome?;
            let fits = outcome.scores.len() == seats.len() && outcome.places.len() == seats.len();
            fits.then_some(Finished {
                id: g.id,
                game: g.game,
                when: g.updated,
                seats,
                outcome,
                daily: g.daily,
            })
        })
        .collect()
}

/// Whether `f` passes the filters (None: any game, any player).
pub fn matches(f: &Finished, game: Option<&str>, player: Option<&str>) -> bool {
    game.is_none_or(|g| f.game == g) && player.is_none_or(|p| f.seats.iter().any(|s| s.name == p))
}

/// One player's figures in one game. A shared first place counts as a win.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    pub game: String,
    pub name: String,
    pub played: u32,
    pub wins: u32,
    pub sum: i64,
    pub best: i64,
    pub worst: i64,
}

impl Stats {
    /// Wins in percent of games played, rounded.
    pub fn win_rate(&self) -> u32 {
        (self.wins * 200 + self.played) / (self.played * 2)
    }

    /// The mean score with one decimal ("12.5", "−3.0"), rounded half away
    /// from zero; written without float formatting, which costs 7 KB.
    pub fn mean(&self) -> String {
        let n = self.played as i64;
        let tenths = (self.sum * 20 + self.sum.signum() * n) / (n * 2);
        let sign = if tenths < 0 { "−" } else { "" };
        format!("{sign}{}.{}", tenths.abs() / 10, tenths.abs() % 10)
    }
}

/// The statistics of every human seat's name in `games`, per game: sorted by
/// game in registry order, then by name. `lowest_wins(game)` says which way
/// a score is better.
pub fn stats(games: &[Finished], order: &[&str], lowest_wins: impl Fn(&str) -> bool) -> Vec<Stats> {
    let mut out: Vec<Stats> = Vec::new();
    for f in games {
        let low = lowest_wins(&f.game);
        for (seat, info) in f.seats.iter().enumerate() {
            if info.kind != SeatKind::Human {
                continue;
            }
            let score = f.outcome.scores[seat];
            let won = f.outcome.places[seat] == 1;
            let better = |a: i64, b: i64| if low { a < b } else { a > b };
            match out
                .iter_mut()
                .find(|s| s.game == f.game && s.name == info.name)
            {
                Some(s) => {
                    s.played += 1;
                    s.wins += won as u32;
                    s.sum += score;
                    if better(score, s.best) {
                        s.best = score;
                    }
                    if better(s.worst, score) {
                        s.worst = score;
                    }
                }
                None => out.push(Stats {
                    game: f.game.clone(),
                    name: info.name.clone(),
                    played: 1,
                    wins: won as u32,
                    sum: score,
                    best: score,
                    worst: score,
                }),
            }
        }
    }
    let rank = |g: &str| order.iter().position(|o| *o == g).unwrap_or(order.len());
    rules::sort_small_by(&mut out, |a, b| {
        (rank(&a.game), &a.name) < (rank(&b.game), &b.name)
    });
    out
}

/// A score as the result screen writes it (a true minus sign).
fn signed(n: i64) -> String {
    if n < 0 {
        format!("−{}", -n)
    } else {
        n.to_string()
    }
}

fn game_name(id: &str, l: Locale) -> String {
    games::find(id).map_or_else(|| id.to_string(), |e| (e.name)(l))
}

#[component]
pub fn History() -> impl IntoView {
    let i18n = use_i18n();
    let all = finished_games();
    let registry = games::registry();
    let order: Vec<&'static str> = registry.iter().map(|e| e.id).collect();
    let lowest = move |g: &str| games::find(g).is_some_and(|e| e.lowest_wins);
    // The filters offer what the history holds.
    let game_ids: Vec<&'static str> = order
        .iter()
        .copied()
        .filter(|g| all.iter().any(|f| f.game == *g))
        .collect();
    let mut names: Vec<String> = all
        .iter()
        .flat_map(|f| f.seats.iter())
        .filter(|s| s.kind == SeatKind::Human)
        .map(|s| s.name.clone())
        .collect();
    names.sort();
    names.dedup();
    let game = RwSignal::new(String::new());
    let player = RwSignal::new(String::new());
    let all = StoredValue::new(all);
    let shown = Memo::new(move |_| {
        let (g, p) = (game.get(), player.get());
        all.with_value(|all| {
            all.iter()
                .filter(|f| {
                    matches(
                        f,
                        (!g.is_empty()).then_some(g.as_str()),
                        (!p.is_empty()).then_some(p.as_str()),
                    )
                })
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let empty = all.with_value(Vec::is_empty);
    view! {
        <main class="screen past-games">
            <header class="topbar">
                <Link to={"/".to_string()} class="button ghost">"← "{t!(i18n, home)}</Link>
                <LangSwitch/>
            </header>
            <h1>{t!(i18n, history_title)}</h1>
            {if empty {
                view! { <p class="hint" data-testid="history-empty">{t!(i18n, history_empty)}</p> }.into_any()
            } else {
                view! {
                    <div class="filters">
                        <label>
                            <span>{t!(i18n, filter_game)}</span>
                            <select data-testid="filter-game" on:change=move |ev| game.set(event_target_value(&ev))>
                                <option value="">{t!(i18n, filter_all)}</option>
                                {game_ids.iter().map(|g| {
                                    let g = *g;
                                    view! { <option value=g>{move || game_name(g, i18n.get_locale())}</option> }
                                }).collect_view()}
                            </select>
                        </label>
                        <label>
                            <span>{t!(i18n, filter_player)}</span>
                            <select data-testid="filter-player" on:change=move |ev| player.set(event_target_value(&ev))>
                                <option value="">{t!(i18n, filter_all)}</option>
                                {names.into_iter().map(|n| view! { <option value=n.clone()>{n.clone()}</option> }).collect_view()}
                            </select>
                        </label>
                    </div>
                    <section aria-labelledby="stats-title">
                        <h2 id="stats-title">{t!(i18n, stats_title)}</h2>
                        <ul class="stats">
                            {move || {
                                let p = player.get();
                                stats(&shown.get(), &order, lowest)
                                    .into_iter()
                                    .filter(|s| p.is_empty() || s.name == p)
                                    .map(|s| {
                                        let g = s.game.clone();
                                        view! {
                                            <li data-testid="stats-row">
                                                <span><strong>{s.name.clone()}</strong>" · "{move || game_name(&g, i18n.get_locale())}</span>
                                                <span class="meta">{move || {
                                                    let l = i18n.get_locale();
                                                    format!(
                                                        "{} · {} · {}",
                                                        td_string!(l, stats_played, n = s.played),
                                                        td_string!(l, stats_won, n = s.wins, pct = s.win_rate()),
                                                        td_string!(l, stats_scores, mean = s.mean(), best = signed(s.best), worst = signed(s.worst)),
                                                    )
                                                }}</span>
                                            </li>
                                        }
                                    })
                                    .collect_view()
                            }}
                        </ul>
                    </section>
                    <section aria-labelledby="finished-title">
                        <h2 id="finished-title">{move || td_string!(i18n.get_locale(), finished_title, n = shown.with(Vec::len)).to_string()}</h2>
                        <ul class="saved-list">
                            {move || shown.get().into_iter().map(|f| view! { <FinishedItem f/> }).collect_view()}
                        </ul>
                    </section>
                }
                .into_any()
            }}
        </main>
    }
}

#[component]
fn FinishedItem(f: Finished) -> impl IntoView {
    let i18n = use_i18n();
    let game = f.game.clone();
    let when = f.when;
    let daily = f.daily.clone();
    let lines: Vec<_> = f
        .outcome
        .order()
        .into_iter()
        .map(|seat| {
            let info = f.seats[seat].clone();
            let place = f.outcome.places[seat];
            let score = f.outcome.scores[seat];
            view! {
                <li class:winner={place == 1}>
                    {format!("{place}. ")}<strong>{info.name.clone()}</strong>
                    {move || (info.kind == SeatKind::Computer).then(|| {
                        let l = i18n.get_locale();
                        format!(" ({}, {})", td_string!(l, computer), level_text(info.level, l))
                    })}
                    {format!(": {}", signed(score))}
                </li>
            }
        })
        .collect();
    view! {
        <li class="saved finished" data-testid="finished-game" data-game=f.game.clone()>
            <div class="what">
                <strong>{move || game_name(&game, i18n.get_locale())}</strong>
                <span class="meta">
                    {move || crate::lang::when_text(when, i18n.get_locale())}
                    {daily.clone().map(|d| view! { " · "{move || td_string!(i18n.get_locale(), daily_tag, date = d.clone()).to_string()} })}
                </span>
                <ol class="standings">{lines}</ol>
            </div>
            <div class="actions">
                <Link to={format!("/play/{}", f.id)} class="button">{t!(i18n, show_result)}</Link>
            </div>
        </li>
    }
}
