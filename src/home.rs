//! The home screen's frame: the title and the language switch, the games
//! to start, the settings link; and its list of unfinished games and the
//! history's link. Drawn by the first load (`crate::app`) on a device with
//! nothing saved, or whose saved games the index still lists (`indexed`),
//! and otherwise by the games' chunk (`crate::screens::saved`), which reads
//! the games themselves.

use crate::games;
use crate::i18n::*;
use crate::platform::lang::LangSwitch;
use crate::routes::Link;
use crate::store::{self, index::Listed};
use leptos::prelude::*;

/// The home screen of a returning player whose saved games the index
/// (`store::index::read`) still lists: drawn by the first load, without
/// waiting for the games' chunk (issue 42). The same list as the chunk
/// draws from the games; deleting one deletes its stored game.
pub fn indexed(games: Vec<Listed>, finished: usize) -> AnyView {
    let list = RwSignal::new(games);
    let delete = Callback::new(move |id: String| {
        store::delete_game(&id);
        list.update(|l| l.retain(|g| g.id != id));
    });
    let finished = Signal::stored(finished);
    home_screen(Some((
        unfinished(list.into(), delete).into_any(),
        history_link(finished).into_any(),
    )))
}

/// The unfinished games: each with its players, turn, when it was last
/// played and whose turn it is, to resume or delete (a second tap
/// deletes). Nothing where there are none.
pub fn unfinished(list: Signal<Vec<Listed>>, delete: Callback<String>) -> impl IntoView {
    let i18n = use_i18n();
    let confirm_delete = RwSignal::new(None::<String>);
    move || {
        let list = list.get();
        (!list.is_empty()).then(|| view! {
            <section aria-labelledby="unfinished-title">
                <h2 id="unfinished-title">{t!(i18n, unfinished)}</h2>
                <ul class="saved-list">
                    {list.into_iter().map(|g| {
                        let id = g.id.clone();
                        let id_del = g.id.clone();
                        let id_check = g.id.clone();
                        let game = g.game.clone();
                        let to_act = g.to_act;
                        // Default names ("Player 2") in the language shown.
                        let seat_names = g.names.clone();
                        let names = move || shown_names(seat_names.iter().map(String::as_str), i18n.get_locale()).join(", ");
                        let whose = {
                            let names = g.names.clone();
                            move || to_act.and_then(|s| {
                                let l = i18n.get_locale();
                                let all = shown_names(names.iter().map(String::as_str), l);
                                Some(td_string!(l, turn_of, name = all.get(s)?.clone()).to_string())
                            })
                        };
                        let updated = g.updated;
                        let turn = g.turn.max(1);
                        let name = move || games::find(&game).map(|e| (e.name)(i18n.get_locale())).unwrap_or_else(|| game.clone());
                        let on_delete = move |_| {
                            if confirm_delete.get_untracked().as_deref() == Some(id_del.as_str()) {
                                confirm_delete.set(None);
                                delete.run(id_del.clone());
                            } else {
                                confirm_delete.set(Some(id_del.clone()));
                            }
                        };
                        let armed = Signal::derive(move || confirm_delete.with(|c| c.as_deref() == Some(id_check.as_str())));
                        view! {
                            <li class="saved" data-testid="saved-game">
                                <div class="what">
                                    <strong>{name}</strong>
                                    <span class="meta">{names}" · "{move || td_string!(i18n.get_locale(), turn_count, n = turn).to_string()}</span>
                                    // When it was last played, and whose turn it is (issue 40).
                                    <span class="meta" data-testid="saved-when">{move || {
                                        let when = crate::platform::lang::when_text(updated, i18n.get_locale());
                                        match whose() { Some(w) => format!("{when} · {w}"), None => when }
                                    }}</span>
                                </div>
                                <div class="actions">
                                    <Link to={format!("/play/{id}")} class="button primary">{t!(i18n, resume)}</Link>
                                    <button type="button" class:danger=armed on:click=on_delete>
                                        {move || if armed.get() { td_string!(i18n.get_locale(), really_delete).to_string() } else { td_string!(i18n.get_locale(), delete).to_string() }}
                                    </button>
                                </div>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
        })
    }
}

/// The history's link with how many finished games it holds, if any.
pub fn history_link(finished: Signal<usize>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        (finished.get() > 0).then(|| view! {
        <p class="history-link">
            <Link to={"/history".to_string()} class="button">{move || td_string!(i18n.get_locale(), history_link, n = finished.get()).to_string()}</Link>
        </p>
    })
    }
}

/// The home screen's frame: the title and language switch, the games to
/// start, the settings link; `saved` is what the saved games add, above the
/// games (the unfinished ones) and below them (the history's link, the
/// items set aside).
pub fn home_screen(saved: Option<(AnyView, AnyView)>) -> AnyView {
    let i18n = use_i18n();
    let (above, below) = saved.unwrap_or_else(|| (().into_any(), ().into_any()));
    // For the measurement script: the home screen is rendered and live.
    Effect::new(move |_| crate::platform::device::mark("spielblock:interactive"));

    view! {
        <main class="screen home">
            <header class="hero">
                <div>
                    <h1>{t!(i18n, app_name)}</h1>
                    <p class="tagline">{t!(i18n, tagline)}</p>
                </div>
                <LangSwitch/>
            </header>
            {above}
            <section aria-labelledby="games-title">
                <h2 id="games-title">{t!(i18n, games)}</h2>
                <ul class="game-list">
                    {games::registry().into_iter().map(|e| {
                        let id = e.id;
                        let (min, max) = (e.min_seats, e.max_seats);
                        let range = move || {
                            let l = i18n.get_locale();
                            if min == max {
                                td_string!(l, players_exact, n = min).to_string()
                            } else {
                                td_string!(l, players_range, min = min, max = max).to_string()
                            }
                        };
                        view! {
                            // The whole card is the way in (its link stretched
                            // over it): a grid a thumb can scan, each game by
                            // its picture and name (issue 40).
                            <li class="game-card" data-game=id>
                                <img class="game-icon" src=format!("games/{id}.svg") alt="" width="56" height="56"/>
                                <h3>
                                    <Link to={format!("/new/{id}")} class="game-tile"
                                        label=Signal::derive(move || { let l = i18n.get_locale(); format!("{}: {}", td_string!(l, new_game), (e.name)(l)) })>
                                        {move || (e.name)(i18n.get_locale())}
                                    </Link>
                                </h3>
                                <p class="meta">{range}</p>
                                <p class="pitch">{move || (e.pitch)(i18n.get_locale())}</p>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
            {below}
            <p class="home-links">
                <Link to={"/settings".to_string()} class="button settings-link">{t!(i18n, settings_title)}</Link>
            </p>
        </main>
    }
    .into_any()
}
