//! Finished games: the history (newest first, filtered by game and by player
//! name) and each player's statistics per game, read from the saved games'
//! outcomes (no replay needed, so no game code is loaded for it).

use crate::contract::RecordKind;
use crate::games;
use crate::i18n::level_text;
use crate::i18n::*;
use crate::platform::lang::BackBar;
use crate::routes::Link;
use crate::store;
use crate::table::esc;
use leptos::prelude::*;
use rules::{Level, Outcome, SeatInfo, SeatKind};

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
    /// How many turns (or rounds) it lasted, as players count them.
    pub turn: u32,
    /// Played with the coach (issue 25): listed, but no statistics and no
    /// record.
    pub coach: bool,
    /// Played with real dice (R-G-5) or real cards (R-GN-14): listed and
    /// counted, no record.
    pub table: bool,
    /// Of those, played with real cards.
    pub cards: bool,
}

/// Every finished game in storage, newest first. A saved game whose seats
/// or outcome do not agree is left out (it still replays from its record).
pub fn finished_games() -> Vec<Finished> {
    store::list_games()
        .into_iter()
        // A guided first game leaves no trace here (issue 25).
        .filter(|g| g.finished && !store::is_lesson(g))
        .filter_map(|g| {
            let head = g.head();
            let seats: Vec<SeatInfo> = head.seats.clone();
            let table = head.table();
            let cards = store::real_cards(&head.options);
            let outcome = g.outcome?;
            let coach = head.coach;
            let fits = outcome.scores.len() == seats.len() && outcome.places.len() == seats.len();
            fits.then_some(Finished {
                id: g.id,
                game: g.game,
                when: g.updated,
                seats,
                outcome,
                daily: g.daily,
                turn: g.turn,
                coach,
                table,
                cards,
            })
        })
        .collect()
}

/// Whether `f` passes the filters (None: any game, any player).
pub fn matches(f: &Finished, game: Option<&str>, player: Option<&str>) -> bool {
    game.is_none_or(|g| f.game == g) && player.is_none_or(|p| f.seats.iter().any(|s| s.name == p))
}

/// One player's figures in one game. A shared first place counts as a win.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stats {
    pub game: String,
    pub name: String,
    pub played: u32,
    /// Of those, games with more than one seat: a solo game has no one to
    /// win against, so wins and the win rate count these only.
    pub contests: u32,
    pub wins: u32,
    pub sum: i64,
    pub best: i64,
    pub worst: i64,
    /// Against the computer, per level (casual, strong, expert): games with at
    /// least one computer seat of that level, and how many of those this
    /// player finished ahead of every such seat.
    pub vs: [(u32, u32); 3],
}

impl Stats {
    /// Wins in percent of games against someone, rounded (0 with none).
    pub fn win_rate(&self) -> u32 {
        if self.contests == 0 {
            return 0;
        }
        (self.wins * 200 + self.contests) / (self.contests * 2)
    }

    /// `mean` with the language's decimal mark ("12,5" in German).
    pub fn mean_in(&self, l: Locale) -> String {
        crate::i18n::mean_text(self.sum, self.played as usize, l)
    }

    /// The mean score with one decimal ("12.5", "−3.0"), rounded half away
    /// from zero.
    pub fn mean(&self) -> String {
        crate::i18n::mean_text(self.sum, self.played as usize, Locale::en)
    }
}

/// The statistics of every human seat's name in `games`, per game: sorted by
/// game in registry order, then by name. `lowest_wins(game)` says which way
/// a score is better.
pub fn stats(games: &[Finished], order: &[&str], lowest_wins: impl Fn(&str) -> bool) -> Vec<Stats> {
    let mut out: Vec<Stats> = Vec::new();
    // A coached game shows the coach's play as much as the player's.
    for f in games.iter().filter(|f| !f.coach) {
        let low = lowest_wins(&f.game);
        for (seat, info) in f.seats.iter().enumerate() {
            if info.kind != SeatKind::Human {
                continue;
            }
            // A name on two human seats (an edited file) plays the game
            // once: with its better-placed seat.
            let twin = f.seats.iter().enumerate().any(|(o, x)| {
                o != seat
                    && x.kind == SeatKind::Human
                    && x.name == info.name
                    && (f.outcome.places[o], o) < (f.outcome.places[seat], seat)
            });
            if twin {
                continue;
            }
            let score = f.outcome.scores[seat];
            let place = f.outcome.places[seat];
            // A result the rules count as a defeat is no win (R-CH-7); a
            // solo game is no contest (issue 40).
            let contest = f.seats.len() > 1;
            let won = contest && place == 1 && !f.outcome.lost.contains(&seat);
            let mut vs = [(0, 0); 3];
            for (i, level) in Level::ALL.into_iter().enumerate() {
                let theirs: Vec<usize> = (0..f.seats.len())
                    // Only a seat that computer played from start to end,
                    // as that level: the app's seats carry no policy; a
                    // simulated record's seat counts only where its policy
                    // is the level it claims (issue 39: a "strong" seat
                    // played by the random policy is no strong computer).
                    .filter(|&o| {
                        let x = &f.seats[o];
                        x.kind == SeatKind::Computer
                            && x.level == level
                            && !x.switched
                            && x.policy.as_deref().is_none_or(|p| p == level.id())
                    })
                    .map(|o| f.outcome.places[o])
                    .collect();
                if !theirs.is_empty() {
                    vs[i] = (1, theirs.iter().all(|&p| place < p) as u32);
                }
            }
            let better = |a: i64, b: i64| if low { a < b } else { a > b };
            match out
                .iter_mut()
                .find(|s| s.game == f.game && s.name == info.name)
            {
                Some(s) => {
                    for (mine, new) in s.vs.iter_mut().zip(vs) {
                        mine.0 += new.0;
                        mine.1 += new.1;
                    }
                    s.played += 1;
                    s.contests += contest as u32;
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
                    contests: contest as u32,
                    wins: won as u32,
                    sum: score,
                    best: score,
                    worst: score,
                    vs,
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

/// A game's record in the history: the value, who set it, when.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    pub game: String,
    pub kind: RecordKind,
    /// Of a daily challenge only.
    pub daily: bool,
    /// The score, the margin, or the turns.
    pub value: i64,
    pub names: Vec<String>,
    pub when: f64,
}

/// How a game's records are kept: its kind, whether the lowest score wins,
/// whether it has a daily challenge.
pub struct RecordRule {
    pub kind: RecordKind,
    pub lowest_wins: bool,
    pub daily: bool,
}

/// The records set by people (computer seats set none) in `games`, per
/// game in `order`: the game's own record, and for a game with a daily
/// challenge the best score of one. The first to set a value keeps it.
pub fn records(
    games: &[Finished],
    order: &[&str],
    rule: impl Fn(&str) -> RecordRule,
) -> Vec<GameRecord> {
    let mut out = Vec::new();
    for &game in order {
        let r = rule(game);
        // Oldest first, so a tie keeps the first to set it.
        let played: Vec<&Finished> = games
            .iter()
            .rev()
            .filter(|f| f.game == game && !f.coach && !f.table)
            .collect();
        let humans = |f: &Finished| -> Vec<usize> {
            (0..f.seats.len())
                .filter(|&s| f.seats[s].kind == SeatKind::Human)
                .collect()
        };
        let better = |a: i64, b: i64| if r.lowest_wins { a < b } else { a > b };
        let best = |daily: bool, kind: RecordKind| {
            let mut rec: Option<GameRecord> = None;
            for f in played.iter().filter(|f| !daily || f.daily.is_some()) {
                let people = humans(f);
                let found: Option<(i64, Vec<usize>)> = match kind {
                    RecordKind::BestScore => people
                        .iter()
                        .map(|&s| f.outcome.scores[s])
                        .reduce(|a, b| if better(b, a) { b } else { a })
                        .map(|v| {
                            (
                                v,
                                people
                                    .iter()
                                    .copied()
                                    .filter(|&s| f.outcome.scores[s] == v)
                                    .collect(),
                            )
                        }),
                    RecordKind::Margin => {
                        // A game a computer won sets no record (no `?`
                        // here: it would end the search).
                        let winners: Vec<usize> = people
                            .iter()
                            .copied()
                            .filter(|&s| f.outcome.places[s] == 1)
                            .collect();
                        let runner_up = (0..f.seats.len())
                            .filter(|&s| f.outcome.places[s] > 1)
                            .map(|s| f.outcome.scores[s])
                            .reduce(|a, b| if better(b, a) { b } else { a });
                        match (winners.first(), runner_up) {
                            (Some(&w), Some(ru)) => {
                                Some(((f.outcome.scores[w] - ru).abs(), winners))
                            }
                            _ => None,
                        }
                    }
                    RecordKind::Longest => {
                        (!people.is_empty()).then(|| (f.turn as i64, people.clone()))
                    }
                };
                if let Some((value, seats)) = found {
                    let higher = match kind {
                        RecordKind::BestScore => {
                            rec.as_ref().is_none_or(|r| better(value, r.value))
                        }
                        _ => rec.as_ref().is_none_or(|r| value > r.value),
                    };
                    if higher {
                        rec = Some(GameRecord {
                            game: game.to_string(),
                            kind,
                            daily,
                            value,
                            names: seats.iter().map(|&s| f.seats[s].name.clone()).collect(),
                            when: f.when,
                        });
                    }
                }
            }
            rec
        };
        out.extend(best(false, r.kind));
        if r.daily {
            out.extend(best(true, RecordKind::BestScore));
        }
    }
    out
}

/// A line chart of `scores` (oldest first) as inline SVG, with the lowest
/// and highest score written at the side.
pub fn chart_svg(scores: &[i64], label: &str) -> String {
    let (w, h, pad, left) = (300.0, 90.0, 8.0, 36.0);
    let lo = scores.iter().copied().min().unwrap_or(0);
    let hi = scores.iter().copied().max().unwrap_or(0);
    let span = (hi - lo).max(1) as f64;
    let n = scores.len();
    let x = |i: usize| {
        left + if n > 1 {
            (w - left - pad) * i as f64 / (n - 1) as f64
        } else {
            (w - left - pad) / 2.0
        }
    };
    let y = |v: i64| pad + (h - 2.0 * pad) * (hi - v) as f64 / span;
    // Whole pixels: no float formatting (it costs 7 KB in the module).
    let px = |v: f64| (v.round() as i64).to_string();
    let points: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("{},{}", px(x(i)), px(y(v))))
        .collect();
    let mut svg = format!(
        "<svg class=\"chart\" viewBox=\"0 0 300 90\" role=\"img\" aria-label=\"{}\">",
        esc(label)
    );
    svg.push_str(&format!(
        "<line x1=\"{l}\" y1=\"{p}\" x2=\"{l}\" y2=\"{b}\" class=\"axis\"/><text x=\"{t}\" y=\"{ty}\" class=\"tick\">{}</text><text x=\"{t}\" y=\"{by}\" class=\"tick\">{}</text>",
        signed(hi),
        signed(lo),
        l = px(left - 4.0),
        p = px(pad),
        b = px(h - pad),
        t = px(left - 8.0),
        ty = px(pad + 4.0),
        by = px(h - pad + 4.0),
    ));
    svg.push_str(&format!(
        "<polyline points=\"{}\" class=\"line\"/>",
        points.join(" ")
    ));
    for p in &points {
        let (cx, cy) = p.split_once(',').unwrap_or(("0", "0"));
        svg.push_str(&format!(
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"3\" class=\"dot\"/>"
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// A score as the result screen writes it (a true minus sign).
fn signed(n: i64) -> String {
    if n < 0 {
        format!("−{}", -n)
    } else {
        n.to_string()
    }
}

fn record_text(r: &GameRecord, l: Locale) -> String {
    let game = game_name(&r.game, l);
    let names = r.names.join(", ");
    let date = crate::platform::lang::when_text(r.when, l);
    let value = signed(r.value);
    match (r.kind, r.daily) {
        (_, true) => td_string!(
            l,
            record_daily,
            game = game,
            value = value,
            names = names,
            date = date
        ),
        (RecordKind::BestScore, _) => td_string!(
            l,
            record_best,
            game = game,
            value = value,
            names = names,
            date = date
        ),
        (RecordKind::Margin, _) => td_string!(
            l,
            record_margin,
            game = game,
            value = value,
            names = names,
            date = date
        ),
        (RecordKind::Longest, _) => td_string!(
            l,
            record_longest,
            game = game,
            value = value,
            names = names,
            date = date
        ),
    }
    .to_string()
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
    let record_order = order.clone();
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
            <BackBar to="/" label=keys::home/>
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
                    <section aria-labelledby="records-title">
                        <h2 id="records-title">{t!(i18n, records_title)}</h2>
                        <ul class="records">
                            {move || {
                                let g = game.get();
                                let shown: Vec<_> = records(&all.get_value(), &record_order, |id| {
                                    let e = games::find(id);
                                    RecordRule {
                                        kind: e.map_or(RecordKind::BestScore, |e| e.record),
                                        lowest_wins: e.is_some_and(|e| e.lowest_wins),
                                        daily: e.is_some_and(|e| e.daily),
                                    }
                                })
                                .into_iter()
                                .filter(|r| g.is_empty() || r.game == g)
                                .map(|r| view! { <li data-testid="record">{move || record_text(&r, i18n.get_locale())}</li> }.into_any())
                                .collect();
                                // Said, not left blank: coached games and games with real dice or cards set none.
                                if shown.is_empty() {
                                    vec![view! { <li class="hint" data-testid="no-records">{t!(i18n, records_none)}</li> }.into_any()]
                                } else {
                                    shown
                                }
                            }}
                        </ul>
                    </section>
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
                                        let g2 = s.game.clone();
                                        // A player's scores over time, once chosen and with two games or more.
                                        let scores: Vec<i64> = if p.is_empty() {
                                            Vec::new()
                                        } else {
                                            shown.get().iter().rev().filter(|f| f.game == s.game && !f.coach).filter_map(|f| {
                                                f.seats.iter().position(|x| x.name == p && x.kind == SeatKind::Human).map(|i| f.outcome.scores[i])
                                            }).collect()
                                        };
                                        let name = s.name.clone();
                                        let chart = (scores.len() >= 2).then(|| view! {
                                            <div class="chart-box" inner_html=move || {
                                                let l = i18n.get_locale();
                                                let list = scores.iter().map(|&v| signed(v)).collect::<Vec<_>>().join(", ");
                                                chart_svg(&scores, &td_string!(l, chart_label, name = name.clone(), game = game_name(&g2, l), list = list).to_string())
                                            }></div>
                                        });
                                        let vs = s.vs;
                                        view! {
                                            <li data-testid="stats-row">
                                                <span><strong>{s.name.clone()}</strong>" · "{move || game_name(&g, i18n.get_locale())}</span>
                                                <span class="meta">{move || {
                                                    let l = i18n.get_locale();
                                                    // Solo games only: best, mean and count,
                                                    // no "won" (there is no one to win against).
                                                    let won = match s.contests {
                                                        0 => String::new(),
                                                        c if c == s.played => format!("{} · ", td_string!(l, stats_won, n = s.wins, pct = s.win_rate())),
                                                        c => format!("{} · ", td_string!(l, stats_won_of, n = s.wins, m = c, pct = s.win_rate())),
                                                    };
                                                    format!(
                                                        "{} · {won}{}",
                                                        td_string!(l, stats_played, n = s.played),
                                                        td_string!(l, stats_scores, mean = s.mean_in(l), best = signed(s.best), worst = signed(s.worst)),
                                                    )
                                                }}</span>
                                                {move || {
                                                    let l = i18n.get_locale();
                                                    let parts: Vec<String> = Level::ALL.into_iter().zip(vs).filter(|(_, (n, _))| *n > 0)
                                                        .map(|(level, (n, won))| td_string!(l, stats_vs, level = level_text(level, l), won = won, n = n).to_string())
                                                        .collect();
                                                    (!parts.is_empty()).then(|| view! { <span class="meta" data-testid="stats-vs">{parts.join(" · ")}</span> })
                                                }}
                                                {chart}
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
            <section aria-labelledby="shared-title">
                <h2 id="shared-title">{t!(i18n, shared_open_title)}</h2>
                <crate::screens::replay::OpenGameFile/>
            </section>
        </main>
    }
}

#[component]
fn FinishedItem(f: Finished) -> impl IntoView {
    let i18n = use_i18n();
    let game = f.game.clone();
    let when = f.when;
    let daily = f.daily.clone();
    let coach = f.coach;
    let table = f.table;
    let cards = f.cards;
    let lines: Vec<_> = f
        .outcome
        .order()
        .into_iter()
        .map(|seat| {
            let info = f.seats[seat].clone();
            let place = f.outcome.places[seat];
            let score = f.outcome.scores[seat];
            let lost = f.outcome.lost.contains(&seat);
            view! {
                <li class:winner={place == 1 && !lost}>
                    {(!lost).then(|| format!("{place}. "))}
                    <strong>{move || crate::table::who_view(crate::i18n::shown_name(&info.name, seat, i18n.get_locale()), seat, false)}</strong>
                    {(info.kind == SeatKind::Computer).then(|| view! { <span class="cpu-mark" aria-hidden="true"></span> })}
                    {lost.then(|| view! { <span class="defeat">" · "{t!(i18n, defeat)}</span> })}
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
                    {move || crate::platform::lang::when_text(when, i18n.get_locale())}
                    {daily.clone().map(|d| view! { " · "{move || td_string!(i18n.get_locale(), daily_tag, date = d.clone()).to_string()} })}
                    {coach.then(|| view! { <span data-testid="coached">" · "{t!(i18n, coach_tag)}</span> })}
                    {(table && !cards).then(|| view! { <span data-testid="real-dice">" · "{t!(i18n, real_dice_tag)}</span> })}
                    {cards.then(|| view! { <span data-testid="real-cards">" · "{t!(i18n, real_cards_tag)}</span> })}
                </span>
                <ol class="standings">{lines}</ol>
            </div>
            <div class="actions">
                <Link to={format!("/replay/{}", f.id)} class="button primary">{t!(i18n, replay)}</Link>
                <Link to={format!("/review/{}", f.id)} class="button">{t!(i18n, review)}</Link>
                <Link to={format!("/play/{}", f.id)} class="button">{t!(i18n, show_result)}</Link>
            </div>
        </li>
    }
}
