//! The app shell: language, routes, and which home screen to draw (its
//! frame is `crate::home`, its saved games `crate::screens::saved`).

use crate::i18n::*;
use crate::platform::lang::{initial_locale, BackBar};
use crate::routes::{provide_nav, Route};
use crate::store;
use leptos::prelude::*;

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
    // The test switch `?candidates=loopback` (issue 41) holds for the tab:
    // the app's own navigation drops the query.
    if let Some(w) = web_sys::window() {
        if w.location()
            .search()
            .is_ok_and(|s| s.contains("candidates=loopback"))
        {
            if let Some(s) = w.session_storage().ok().flatten() {
                let _ = s.set_item("spielblock.candidates", "loopback");
            }
        }
    }
    let initial = initial_locale();
    i18n.set_locale(initial);
    // The provider settles its own (browser-derived) locale after creation; the
    // remembered language wins, so apply it once more after that. The provider
    // keeps <html lang> in step.
    Effect::new(move |done: Option<()>| {
        if done.is_none() {
            i18n.set_locale(initial);
        }
    });
    // Records are derived from the finished games now: older versions'
    // copies of them only take room.
    store::drop_derived();
    // A move a closed page left on its way is stored before any screen
    // reads the games (issue 39): every such screen is in the games' chunk,
    // whose entry stores it (`crate::games::chunk_in`).
    let nav = provide_nav();
    // One screen per route; a new route replaces the screen (and cleans up
    // the old one's wake lock and timers).
    let route = Memo::new(move |_| nav.route());
    view! {
        <UpdatePrompt/>
        {move || {
            let route = route.get();
            screen_owned(move || match route {
                Route::Home => view! { <Home/> }.into_any(),
                Route::New(game) => crate::screens::show(move |s| (s.setup)(game)),
                Route::Play(id) => crate::screens::show_as(false, move |s| (s.open)(id)),
                Route::History => crate::screens::show(|s| (s.history)()),
                Route::Replay(id) => crate::screens::show(move |s| (s.replay)(id, None)),
                Route::ReplayAt(id, k) => crate::screens::show(move |s| (s.replay)(Some(id), Some(k))),
                Route::Review(id) => crate::screens::show(move |s| (s.review)(id)),
                Route::Join => crate::screens::show(|s| (s.join)()),
                Route::Settings => crate::screens::show(|s| (s.settings)()),
                Route::NotFound => view! { <NotFound/> }.into_any(),
            })
        }}
    }
}

/// Draws one screen under a reactive owner of its own, dropped with the
/// screen. Leptos components make no owner, and cleaning an owner up keeps
/// its contexts: without this, a context the play screen provides (the
/// decision bar's `BarContext`, whose signals die with the game) stayed on the
/// route switch's owner, and the next screen's table (a replay after a
/// review) found it and read disposed signals: a panic (issue 40). The
/// screen is built and mounted under that owner too (`OwnedView`), so what
/// it provides reaches its own tables, and nothing else.
pub fn screen_owned(draw: impl FnOnce() -> AnyView) -> AnyView {
    let owner = Owner::new();
    let view = owner.with(draw);
    leptos::tachys::reactive_graph::OwnedView::new_with_owner(view, owner).into_any()
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
    let waiting = RwSignal::new(false);
    crate::platform::sw::register(waiting);
    view! {
        <Show when=move || waiting.get()>
            <div class="update-prompt" role="status" data-testid="update-prompt">
                <span>{t!(i18n, update_ready)}</span>
                <button type="button" class="primary" on:click=move |_| crate::platform::sw::activate_waiting()>{t!(i18n, update_reload)}</button>
            </div>
        </Show>
    }
    .into_any()
}

#[component]
fn NotFound() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen">
            <BackBar to="/" label=keys::home/>
            <p class="notice" role="alert">{t!(i18n, page_missing)}</p>
        </main>
    }
}

/// The home screen. With nothing saved on this device (a first visit), or
/// saved games the index still lists (`store::index`, the usual return),
/// it is drawn at once from the first load. Otherwise (an item set aside,
/// a write on its way, a game changed since it was listed) its saved
/// games, the items set aside and the history's link come from the games'
/// chunk, which reads them (`crate::screens::saved`): the first load holds
/// no JSON reader (issue 42). If that chunk cannot be fetched (offline
/// before it was cached), the home screen says why its saved games are
/// missing; nothing is touched.
#[component]
fn Home() -> impl IntoView {
    if !store::anything_saved() {
        return crate::home::home_screen(None);
    }
    if let Some((games, finished)) = store::index::read() {
        return crate::home::indexed(games, finished);
    }
    crate::screens::show_or_not(|s| match s {
        Some(s) => (s.home)(),
        None => {
            let i18n = use_i18n();
            // A reload fetches the chunk again (the page holds nothing
            // unsaved here).
            let reload = |_| {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
                }
            };
            let why = view! {
                <div class="notice warn" role="status" data-testid="saved-later">
                    <p>{t!(i18n, saved_need_code)}</p>
                    <button type="button" on:click=reload>{t!(i18n, retry_save)}</button>
                </div>
            };
            crate::home::home_screen(Some((why.into_any(), ().into_any())))
        }
    })
}
