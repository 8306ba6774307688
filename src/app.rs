//! The app shell: language, routes, home screen.

use crate::games;
use crate::host::lang_code;
use crate::i18n::*;
use crate::storage::{self, LoadError};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::hooks::use_params_map;
use leptos_router::path;

/// The language at start: the remembered choice, else the browser's.
pub fn initial_locale() -> Locale {
    let stored = storage::load_lang();
    let browser = || {
        web_sys::window()
            .map(|w| w.navigator().languages())
            .and_then(|langs| langs.get(0).as_string())
            .or_else(|| web_sys::window().and_then(|w| w.navigator().language()))
    };
    let code = stored.or_else(browser).unwrap_or_default();
    if code.to_lowercase().starts_with("de") {
        Locale::de
    } else {
        Locale::en
    }
}

/// The app's root path as the router wants it ("" at the site root,
/// "/spielblock" in a sub-path), from the `<base>` that index.html sets.
pub fn router_base() -> String {
    // Only an explicit <base> counts: without one (tests, other hosts) the
    // document URL is a deep link, not the root.
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("base[href]").ok().flatten())
        .and_then(|b| b.get_attribute("href"))
        .and_then(|href| {
            let page = web_sys::window()?.location().href().ok()?;
            web_sys::Url::new_with_base(&href, &page).ok()
        })
        .map(|u| u.pathname())
        .unwrap_or_default();
    base.trim_end_matches('/').to_string()
}

thread_local! {
    static BASE: String = router_base();
}

/// An in-app path ("/play/ID") as a URL path under the app's root, for `<A>`
/// links: leptos_router 0.8 matches routes and resolves `navigate()` under its
/// base, but `<A href>` does not add it.
pub fn href(path: &str) -> String {
    BASE.with(|b| format!("{b}{path}"))
}

#[component]
pub fn App() -> impl IntoView {
    view! {
        <I18nContextProvider>
            <Shell/>
        </I18nContextProvider>
    }
}

#[component]
fn Shell() -> impl IntoView {
    let i18n = use_i18n();
    let initial = initial_locale();
    i18n.set_locale(initial);
    // The provider settles its own (browser-derived) locale after creation; the
    // remembered choice wins, so apply it once more after that. The provider
    // keeps <html lang> in step.
    Effect::new(move |done: Option<()>| {
        if done.is_none() {
            i18n.set_locale(initial);
        }
    });
    view! {
        <UpdatePrompt/>
        <Router base=router_base()>
            <Routes fallback=|| view! { <NotFound/> }>
                <Route path=path!("/") view=Home/>
                <Route path=path!("/new/:game") view=crate::setup::Setup/>
                <Route path=path!("/play/:id") view=Play/>
            </Routes>
        </Router>
    }
}

/// Registers the service worker (release builds) and, when a new version is
/// waiting, offers to reload into it. Games are saved after every move, so the
/// reload loses nothing; the new version reads the same saved schema.
#[component]
fn UpdatePrompt() -> impl IntoView {
    if cfg!(debug_assertions) {
        return ().into_any();
    }
    let i18n = use_i18n();
    // The first install takes control of the open page (clients.claim); only a
    // change the player asked for (Reload) reloads.
    let requested = StoredValue::new(false);
    let sw = leptos_use::use_service_worker_with_options(
        leptos_use::UseServiceWorkerOptions::default()
            .script_url("sw.js")
            .on_controller_change(move || {
                if requested.try_get_value() == Some(true) {
                    if let Some(w) = web_sys::window() {
                        let _ = w.location().reload();
                    }
                }
            }),
    );
    let waiting = sw.waiting;
    let skip = sw.skip_waiting;
    let check = sw.check_for_update;
    // Look for a new version whenever the app comes back to the foreground.
    let _ = leptos_use::use_event_listener(
        leptos_use::use_document(),
        leptos::ev::visibilitychange,
        move |_| check(),
    );
    view! {
        <Show when=move || waiting.get()>
            <div class="update-prompt" role="status" data-testid="update-prompt">
                <span>{t!(i18n, update_ready)}</span>
                <button type="button" class="primary" on:click={let skip = skip.clone(); move |_| { requested.set_value(true); skip() }}>{t!(i18n, update_reload)}</button>
            </div>
        </Show>
    }
    .into_any()
}

#[component]
pub fn LangSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let switch = move |_| {
        let next = match i18n.get_locale_untracked() {
            Locale::de => Locale::en,
            _ => Locale::de,
        };
        i18n.set_locale(next);
        storage::save_lang(lang_code(next));
    };
    view! {
        <button type="button" class="ghost lang" data-testid="lang-switch"
            aria-label=move || td_string!(i18n.get_locale(), switch_lang_label).to_string()
            on:click=switch>{t!(i18n, switch_lang)}</button>
    }
}

#[component]
fn NotFound() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen">
            <p class="notice" role="alert">{t!(i18n, page_missing)}</p>
            <A href=crate::app::href("/") attr:class="button">{t!(i18n, home)}</A>
        </main>
    }
}

#[component]
fn Home() -> impl IntoView {
    let i18n = use_i18n();
    let saved = RwSignal::new(storage::list_games());
    let unseen = RwSignal::new(storage::unseen_quarantined());
    let confirm_delete = RwSignal::new(None::<String>);
    let settings = RwSignal::new(storage::load_settings());
    // For the measurement script: the home screen is rendered and live.
    Effect::new(move |_| crate::device::mark("spielblock:interactive"));
    let unfinished = move || {
        saved.with(|g| {
            g.iter()
                .filter(|g| !g.finished)
                .cloned()
                .collect::<Vec<_>>()
        })
    };

    view! {
        <main class="screen home">
            <header class="hero">
                <div>
                    <h1>{t!(i18n, app_name)}</h1>
                    <p class="tagline">{t!(i18n, tagline)}</p>
                </div>
                <LangSwitch/>
            </header>
            {move || (unseen.get() > 0).then(|| view! {
                <div class="notice warn" role="alert">
                    <p>{move || match unseen.get() {
                        1 => td_string!(i18n.get_locale(), quarantine_notice_one).to_string(),
                        n => td_string!(i18n.get_locale(), quarantine_notice, n = n).to_string(),
                    }}</p>
                    <button type="button" on:click=move |_| { storage::mark_quarantine_seen(); unseen.set(0); }>{t!(i18n, dismiss)}</button>
                </div>
            })}
            <section aria-labelledby="games-title">
                <h2 id="games-title">{t!(i18n, games)}</h2>
                <ul class="game-list">
                    {games::home_order().into_iter().map(|e| {
                        let id = e.id;
                        let playable = e.play.is_some();
                        let (min, max) = (e.min_seats, e.max_seats);
                        let name = { let e = e.clone(); move || e.name(i18n.get_locale()) };
                        let pitch = move || e.pitch(i18n.get_locale());
                        let range = move || {
                            let l = i18n.get_locale();
                            if min == max {
                                td_string!(l, players_exact, n = min).to_string()
                            } else {
                                td_string!(l, players_range, min = min, max = max).to_string()
                            }
                        };
                        view! {
                            <li class="game-card" class:disabled=!playable data-game=id>
                                <h3>{name}</h3>
                                <p class="meta">{range}</p>
                                <p class="pitch">{pitch}</p>
                                {if playable {
                                    view! { <A href=crate::app::href(&format!("/new/{id}")) attr:class="button primary">{t!(i18n, new_game)}</A> }.into_any()
                                } else {
                                    view! { <p class="badge" aria-disabled="true">{t!(i18n, not_built)}</p> }.into_any()
                                }}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
            <section aria-labelledby="unfinished-title">
                <h2 id="unfinished-title">{t!(i18n, unfinished)}</h2>
                {move || {
                    let list = unfinished();
                    if list.is_empty() {
                        return view! { <p class="empty">{t!(i18n, no_unfinished)}</p> }.into_any();
                    }
                    view! {
                        <ul class="saved-list">
                            {list.into_iter().map(|g| {
                                let id = g.id.clone();
                                let id_del = g.id.clone();
                                let id_check = g.id.clone();
                                let game = g.game.clone();
                                let names = g.seat_names().join(", ");
                                let moves = g.move_count();
                                let name = move || games::find(&game).map(|e| e.name(i18n.get_locale())).unwrap_or_else(|| game.clone());
                                let delete = move |_| {
                                    if confirm_delete.get_untracked().as_deref() == Some(id_del.as_str()) {
                                        storage::delete_game(&id_del);
                                        saved.set(storage::list_games());
                                        confirm_delete.set(None);
                                    } else {
                                        confirm_delete.set(Some(id_del.clone()));
                                    }
                                };
                                let armed = Signal::derive(move || confirm_delete.with(|c| c.as_deref() == Some(id_check.as_str())));
                                view! {
                                    <li class="saved" data-testid="saved-game">
                                        <div>
                                            <strong>{name}</strong>
                                            <span class="meta">{names}" · "{move || td_string!(i18n.get_locale(), moves_count, n = moves).to_string()}</span>
                                        </div>
                                        <div class="actions">
                                            <A href=crate::app::href(&format!("/play/{id}")) attr:class="button primary">{t!(i18n, resume)}</A>
                                            <button type="button" class:danger=armed on:click=delete>
                                                {move || if armed.get() { td_string!(i18n.get_locale(), really_delete).to_string() } else { td_string!(i18n.get_locale(), delete).to_string() }}
                                            </button>
                                        </div>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }}
            </section>
            <section aria-labelledby="settings-title" class="settings">
                <h2 id="settings-title">{t!(i18n, settings)}</h2>
                <label class="check">
                    <input type="checkbox" data-testid="vibrate-setting" prop:checked=move || settings.get().vibrate
                        on:change=move |ev| {
                            let s = storage::Settings { vibrate: event_target_checked(&ev) };
                            storage::save_settings(s);
                            settings.set(s);
                        }/>
                    {t!(i18n, vibrate_setting)}
                </label>
            </section>
        </main>
    }
}

#[component]
fn Play() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    // Load once per game id: loading an unreadable game moves it aside, so a
    // second load would report it missing instead of unreadable.
    let id = Memo::new(move |_| params.with(|p| p.get("id").unwrap_or_default()));
    move || {
        let id = id.get();
        match storage::load_game(&id) {
            Ok(saved) => match games::find(&saved.game).and_then(|e| e.play) {
                Some(play) => (play.host)(saved),
                None => {
                    let reason = format!("unknown game {}", saved.game);
                    storage::quarantine(&saved.key());
                    view! { <crate::host::Unreadable reason/> }.into_any()
                }
            },
            Err(LoadError::Missing) => view! {
                <main class="screen">
                    <p class="notice" role="alert">{t!(i18n, game_missing)}</p>
                    <A href=crate::app::href("/") attr:class="button">{t!(i18n, home)}</A>
                </main>
            }
            .into_any(),
            Err(LoadError::Unreadable(reason)) => {
                view! { <crate::host::Unreadable reason/> }.into_any()
            }
        }
    }
}
