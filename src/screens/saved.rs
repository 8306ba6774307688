//! The saved games on the home screen, and opening one: what reads the
//! games stored on this device travels in the games' chunk, with the JSON
//! reader it needs, not in the first load (issue 42). The home screen
//! (`crate::home`) draws its frame and puts these in it.

use crate::games;
use crate::i18n::*;
use crate::platform::lang::{when_text, BackBar};
use crate::routes::Link;
use crate::store::{self, LoadError, SavedGame};
use leptos::prelude::*;

/// The unfinished games that replay; any that does not is moved aside (the
/// home screen lists it there with the reason). A game whose code is not
/// loaded (one another tab started meanwhile) is listed unchecked: opening it
/// checks it.
/// Each with the seat whose turn it is, where its code is in to say.
fn resumable() -> Vec<(SavedGame, Option<usize>)> {
    store::list_games()
        .into_iter()
        .filter(|g| !g.finished)
        .filter_map(|g| {
            let entry = games::find(&g.game);
            let opened = entry
                .filter(|e| games::is_loaded(e.id))
                .map(|e| (e.open)(g.record.clone()));
            match (entry, opened) {
                (Some(_), None) => Some((g, None)),
                (Some(_), Some(Ok(live))) => {
                    let turn = live.to_act().first().copied();
                    Some((g, turn))
                }
                _ => {
                    store::quarantine(&g.key());
                    None
                }
            }
        })
        .collect()
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
    let saved = RwSignal::new(resumable());
    let aside = RwSignal::new(store::aside_items());
    let unseen = RwSignal::new(store::unseen_quarantined());
    let confirm_delete = RwSignal::new(None::<String>);
    // A guided first game is not in the history (issue 25).
    let count_finished = || {
        store::list_games()
            .iter()
            .filter(|g| g.finished && !store::is_lesson(g))
            .count()
    };
    let finished = RwSignal::new(count_finished());
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
        {move || {
            let list = saved.get();
            (!list.is_empty()).then(|| view! {
                <section aria-labelledby="unfinished-title">
                    <h2 id="unfinished-title">{t!(i18n, unfinished)}</h2>
                    <ul class="saved-list">
                        {list.into_iter().map(|(g, to_act)| {
                            let id = g.id.clone();
                            let id_del = g.id.clone();
                            let id_check = g.id.clone();
                            let game = g.game.clone();
                            // Default names ("Player 2") in the language shown.
                            let seat_names = g.seat_names();
                            let names = move || crate::i18n::shown_names(seat_names.iter().map(String::as_str), i18n.get_locale()).join(", ");
                            let whose = {
                                let names = g.seat_names();
                                move || to_act.and_then(|s| {
                                    let l = i18n.get_locale();
                                    let all = crate::i18n::shown_names(names.iter().map(String::as_str), l);
                                    Some(td_string!(l, turn_of, name = all.get(s)?.clone()).to_string())
                                })
                            };
                            let updated = g.updated;
                            let turn = g.turn.max(1);
                            let name = move || games::find(&game).map(|e| (e.name)(i18n.get_locale())).unwrap_or_else(|| game.clone());
                            let delete = move |_| {
                                if confirm_delete.get_untracked().as_deref() == Some(id_del.as_str()) {
                                    store::delete_game(&id_del);
                                    saved.set(resumable());
                                    confirm_delete.set(None);
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
                                        <button type="button" class:danger=armed on:click=delete>
                                            {move || if armed.get() { td_string!(i18n.get_locale(), really_delete).to_string() } else { td_string!(i18n.get_locale(), delete).to_string() }}
                                        </button>
                                    </div>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            })
        }}
    };
    let below = view! {
        {move || (finished.get() > 0).then(|| view! {
            <p class="history-link">
                <Link to={"/history".to_string()} class="button">{move || td_string!(i18n.get_locale(), history_link, n = finished.get()).to_string()}</Link>
            </p>
        })}
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
