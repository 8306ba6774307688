//! The saved games on the home screen, and opening one: what reads the
//! games stored on this device travels in the games' chunk, with the JSON
//! reader it needs, not in the first load (issue 42). The home screen
//! (`crate::home`) draws its frame and puts these in it.

use crate::games;
use crate::i18n::*;
use crate::platform::lang::{when_text, BackBar};
use crate::store::{self, index::Listed, LoadError};
use leptos::prelude::*;

/// The saved games, each listed as the home screen's index lists it; the
/// unfinished ones that replay, each with the seat whose turn it is where
/// its code is in to say; any that does not replay is moved aside (the
/// home screen lists it there with the reason). A game whose code is not
/// loaded (one another tab started meanwhile) is listed unchecked: opening
/// it checks it. The index is written again from this list.
fn listing() -> Vec<Listed> {
    let all: Vec<Listed> = store::list_games_hashed()
        .into_iter()
        .filter_map(|(g, hash)| {
            if g.finished {
                return Some(store::listed(&g, hash, None));
            }
            let entry = games::find(&g.game);
            let opened = entry
                .filter(|e| games::is_loaded(e.id))
                .map(|e| (e.open)(g.record.clone()));
            match (entry, opened) {
                (Some(_), None) => Some(store::listed(&g, hash, None)),
                (Some(_), Some(Ok(live))) => {
                    let turn = live.to_act().first().copied();
                    Some(store::listed(&g, hash, turn))
                }
                _ => {
                    store::quarantine(&g.key());
                    None
                }
            }
        })
        .collect();
    store::index::write_all(&all);
    all
}

/// The unfinished games of a listing, and how many finished games the
/// history holds (a guided first game is not in it, issue 25).
fn split(all: Vec<Listed>) -> (Vec<Listed>, usize) {
    let finished = all.iter().filter(|g| g.finished && !g.lesson).count();
    (all.into_iter().filter(|g| !g.finished).collect(), finished)
}

/// Why an item was set aside, worked out again from its text.
fn aside_reason(raw: &str) -> Text {
    match store::parse_saved(raw) {
        Err(u) => u.text(),
        Ok(g) => match games::find(&g.game) {
            None => {
                let game = g.game.clone();
                Text::new(move |l| td_string!(l, err_unknown_game, game = game.clone()).to_string())
            }
            Some(e) => match (e.open)(g.record) {
                Err(why) => why,
                Ok(_) => Text::new(|l| td_string!(l, aside_reads_now).to_string()),
            },
        },
    }
}

/// The home screen with what is saved, once the code of every game it must
/// check is in: the games of the unfinished saves and of the items set
/// aside (or at once if it cannot be fetched: the list then shows those
/// games unchecked).
pub fn home() -> AnyView {
    let mut ids: Vec<String> = store::list_games()
        .into_iter()
        .filter(|g| !g.finished)
        .map(|g| g.game)
        .chain(
            store::aside_items()
                .into_iter()
                .filter_map(|i| store::parse_saved(&i.raw).ok().map(|g| g.game)),
        )
        .collect();
    ids.sort();
    ids.dedup();
    games::after_loading(ids, || crate::home::home_screen(Some(saved_parts())))
}

/// What the saved games add to the home screen: above its games, a word
/// on items set aside and the unfinished games; below them, the history's
/// link and the items set aside.
fn saved_parts() -> (AnyView, AnyView) {
    let i18n = use_i18n();
    let (games, count) = split(listing());
    let saved = RwSignal::new(games);
    let finished = RwSignal::new(count);
    let aside = RwSignal::new(store::aside_items());
    let unseen = RwSignal::new(store::unseen_quarantined());
    let delete = Callback::new(move |id: String| {
        store::delete_game(&id);
        let (games, count) = split(listing());
        saved.set(games);
        finished.set(count);
    });
    let above = view! {
        {move || (unseen.get() > 0).then(|| view! {
            <div class="notice warn" role="alert">
                <p>{move || match unseen.get() {
                    1 => td_string!(i18n.get_locale(), quarantine_notice_one).to_string(),
                    n => td_string!(i18n.get_locale(), quarantine_notice, n = n).to_string(),
                }}</p>
                <button type="button" on:click=move |_| { store::mark_quarantine_seen(); unseen.set(0); }>{t!(i18n, dismiss)}</button>
            </div>
        })}
        {crate::home::unfinished(saved.into(), delete)}
    };
    let below = view! {
        {crate::home::history_link(finished.into())}
        {move || {
            let items = aside.get();
            (!items.is_empty()).then(|| view! {
                <section aria-labelledby="aside-title" class="aside">
                    <h2 id="aside-title">{t!(i18n, aside_title)}</h2>
                    <p class="hint">{t!(i18n, aside_hint)}</p>
                    <ul class="saved-list">
                        {items.into_iter().enumerate().map(|(i, item)| {
                            let reason = aside_reason(&item.raw);
                            let key = item.key.clone();
                            let raw = item.raw.clone();
                            let when = item.when;
                            view! {
                                <li class="saved" data-testid="aside-item">
                                    <div class="what">
                                        <strong>{move || when_text(when, i18n.get_locale())}</strong>
                                        <span class="meta why">{move || reason.get(i18n.get_locale())}</span>
                                    </div>
                                    <div class="actions">
                                        <button type="button" data-testid="aside-download"
                                            on:click=move |_| crate::platform::device::download(&format!("spielblock-set-aside-{}.json", i + 1), &raw)>{t!(i18n, download)}</button>
                                        <button type="button" data-testid="aside-delete"
                                            on:click=move |_| { store::delete_aside(&key); aside.set(store::aside_items()); store::mark_quarantine_seen(); unseen.set(0); }>{t!(i18n, delete)}</button>
                                    </div>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            })
        }}
    };
    (above.into_any(), below.into_any())
}

/// A saved game opened (`/play/ID`): its table once its code is in; why
/// not if it is missing or cannot be read (then it is set aside).
#[component]
pub fn Play(id: String) -> impl IntoView {
    let i18n = use_i18n();
    // Loaded once per screen: loading an unreadable game moves it aside, so a
    // second load would report it missing instead of unreadable.
    {
        match store::load_game(&id) {
            Ok(saved) => match games::find(&saved.game) {
                Some(_) => {
                    let game = saved.game.clone();
                    games::when_loaded(vec![game.clone()], move || {
                        let entry = games::find(&game).expect("a registered game");
                        crate::play::screen::open(entry, saved)
                    })
                }
                None => {
                    let game = saved.game.clone();
                    let reason = Text::new(move |l| {
                        td_string!(l, err_unknown_game, game = game.clone()).to_string()
                    });
                    store::quarantine(&saved.key());
                    view! { <crate::play::recovery::Unreadable reason/> }.into_any()
                }
            },
            Err(LoadError::Missing) => view! {
                <main class="screen">
                    <BackBar to="/" label=keys::home/>
                    <p class="notice" role="alert">{t!(i18n, game_missing)}</p>
                </main>
            }
            .into_any(),
            Err(LoadError::Unreadable(why)) => {
                let reason = why.text();
                view! { <crate::play::recovery::Unreadable reason/> }.into_any()
            }
        }
    }
}
