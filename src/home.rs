//! The home screen's frame: the title and the language switch, the games
//! to start, the settings link. Drawn by the first load (`crate::app`) on a
//! device with nothing saved, and by the games' chunk (`crate::screens::saved`)
//! with the saved games' sections in it.

use crate::games;
use crate::i18n::*;
use crate::platform::lang::LangSwitch;
use crate::routes::Link;
use leptos::prelude::*;

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
