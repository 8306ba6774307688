//! The app's game registry, generated from the one list of games
//! (games.txt, by build.rs): each game's view module (`src/games/<module>/`,
//! a `crate::contract::GameView` for its rules type) and its `games!` line.
//!
//! With the `split` feature (every Trunk build) the games' code, their rules,
//! computer players and tables, sits in one wasm chunk that is fetched when
//! the first game is opened (the service worker caches it for offline play
//! right after the first load). One chunk for all, not one per game: per game,
//! wasm-split-cli also cut 26 small chunks of code two games share, and the
//! offline total came to 391 KB brotli against 346 KB with one chunk, for the
//! same first load. Until then the registry holds the game's facts
//! (`crate::contract::facts`): enough for the home screen and the set-up's seat
//! limits. Screens that replay or show a game wait for its code through
//! [`when_loaded`].

use crate::contract::GameEntry;
use crate::i18n::*;
use leptos::prelude::*;
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

/// Why a game's chunk could not be fetched.
pub type LoadError = leptos::wasm_split::SplitLoaderError;

/// The chunk's screens' stylesheet (style/screens.css, minified by
/// build.rs): data of the chunk, as it is reached only from `chunk_in`.
const SCREENS_CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/screens.css"));

/// What every entry point of the games' chunk does first: the texts and
/// the stylesheet of the screens it brings (neither is in the first load),
/// before any table is drawn, so a game's own sheet comes after it; and,
/// once per page, the moves a closed page left in the journal are stored
/// (issue 39), before any of the chunk's screens reads a game: every screen
/// that reads one is in the chunk (issue 42).
pub fn chunk_in() {
    crate::i18n::locale::install_texts();
    crate::table::ensure_style("screens", SCREENS_CSS);
    thread_local! {
        static RECOVERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if !RECOVERED.replace(true) {
        crate::store::recover_journal();
    }
}

/// A game built into the app: what is known before its code is loaded, and
/// how to load it.
struct Game {
    facts: fn() -> GameEntry,
    code: fn() -> Loading<GameEntry>,
}

/// One line per game, in home-screen order: its id => the function that
/// loads its code: its rules type.
macro_rules! games {
    ($( $id:literal => $code:ident: $game:ty ),* $(,)?) => {
        $(
            #[cfg(feature = "split")]
            #[leptos::wasm_split::wasm_split(games, wasm_split_path = ::leptos::wasm_split, fallible)]
            fn $code() -> Result<GameEntry, LoadError> {
                chunk_in();
                Ok(crate::contract::entry::<$game>())
            }
            #[cfg(not(feature = "split"))]
            async fn $code() -> Result<GameEntry, LoadError> {
                chunk_in();
                Ok(crate::contract::entry::<$game>())
            }
        )*
        fn built_in() -> Vec<Game> {
            vec![$(
                Game { facts: crate::contract::facts::<$game>, code: || Box::pin($code()) },
            )*]
        }
    };
}

// The modules and the `games!` lines of games.txt (build.rs).
include!(concat!(env!("OUT_DIR"), "/games.rs"));

thread_local! {
    /// The games whose code is in.
    static LOADED: RefCell<Vec<GameEntry>> = const { RefCell::new(Vec::new()) };
}

fn loaded(id: &str) -> Option<GameEntry> {
    LOADED.with_borrow(|l| l.iter().find(|e| e.id == id).copied())
}

/// Every playable game, in home-screen order: the whole registry line of a
/// game whose code is in, its facts otherwise.
pub fn registry() -> Vec<GameEntry> {
    built_in()
        .into_iter()
        .map(|g| {
            let facts = (g.facts)();
            loaded(facts.id).unwrap_or(facts)
        })
        .collect()
}

pub fn find(id: &str) -> Option<GameEntry> {
    // Opaque to the optimizer, so a build without some games still holds the
    // whole host (measure.sh compares builds to get each game's own cost).
    std::hint::black_box(registry())
        .into_iter()
        .find(|e| e.id == id)
}

/// Whether game `id`'s code is in (an unknown game has none to load).
pub fn is_loaded(id: &str) -> bool {
    loaded(id).is_some() || !built_in().iter().any(|g| (g.facts)().id == id)
}

/// Loads the code of every game in `ids` that is not in yet (unknown ids
/// are left to the caller's check).
pub async fn load(ids: &[String]) -> Result<(), LoadError> {
    for g in built_in() {
        let id = (g.facts)().id;
        if ids.iter().any(|i| i == id) && loaded(id).is_none() {
            let entry = (g.code)().await?;
            LOADED.with_borrow_mut(|l| {
                if !l.iter().any(|e| e.id == id) {
                    l.push(entry);
                }
            });
        }
    }
    Ok(())
}

/// `view()` once the code of every game in `ids` is in: at once if it is;
/// else a line saying it loads, then the view, or, if a chunk cannot be
/// fetched (offline before the service worker had cached it), why not and a
/// button to try again. Nothing saved is touched meanwhile.
pub fn when_loaded<V: IntoView + 'static>(
    ids: Vec<String>,
    view: impl FnOnce() -> V + 'static,
) -> AnyView {
    loading(ids, true, view)
}

/// `view()` after trying to load the code of every game in `ids`, whether
/// that worked or not (the home screen: its list checks what is loaded).
pub fn after_loading<V: IntoView + 'static>(
    ids: Vec<String>,
    view: impl FnOnce() -> V + 'static,
) -> AnyView {
    loading(ids, false, view)
}

fn loading<V: IntoView + 'static>(
    ids: Vec<String>,
    required: bool,
    view: impl FnOnce() -> V + 'static,
) -> AnyView {
    if ids.iter().all(|id| is_loaded(id)) {
        return view().into_any();
    }
    let load = move || -> Loading<()> {
        let ids = ids.clone();
        Box::pin(async move {
            match load(&ids).await {
                Err(e) if required => Err(e),
                _ => Ok(()),
            }
        })
    };
    loading_with(false, load, view)
}

/// A future that loads code.
pub type Loading<T> = Pin<Box<dyn Future<Output = Result<T, LoadError>>>>;

/// `view()` once `load()` is done: meanwhile a line saying it loads; if it
/// fails, why and a button to try again. `screen`: the words say "screen"
/// rather than "game" (the history and replay screens, `crate::screens`).
pub fn loading_with<V: IntoView + 'static>(
    screen: bool,
    load: impl Fn() -> Loading<()> + 'static,
    view: impl FnOnce() -> V + 'static,
) -> AnyView {
    let i18n = use_i18n();
    // None while loading, then whether it worked.
    let done = RwSignal::new(None::<bool>);
    let load: StoredValue<Box<dyn Fn() -> Loading<()>>, LocalStorage> =
        StoredValue::new_local(Box::new(load));
    let start = move || {
        if let Some(fut) = load.try_with_value(|f| f()) {
            leptos::task::spawn_local(async move { done.set(Some(fut.await.is_ok())) });
        }
    };
    start();
    let pending: StoredValue<Option<Box<dyn FnOnce() -> AnyView>>, LocalStorage> =
        StoredValue::new_local(Some(Box::new(move || view().into_any())));
    let retry = move |_| {
        done.set(None);
        start();
    };
    (move || match done.get() {
        None => view! {
            <main class="screen">
                <p class="loading" role="status">{move || {
                    let l = i18n.get_locale();
                    if screen { td_string!(l, loading_screen) } else { td_string!(l, loading_game) }
                }}</p>
            </main>
        }
        .into_any(),
        Some(true) => pending
            .try_update_value(|v| v.take())
            .flatten()
            .map(|v| v())
            .unwrap_or_else(|| ().into_any()),
        Some(false) => view! {
            <main class="screen">
                <header class="topbar">
                    <crate::routes::Link to={"/".to_string()} class="button ghost">"← "{t!(i18n, home)}</crate::routes::Link>
                    <crate::platform::lang::LangSwitch/>
                </header>
                <p class="notice error" role="alert">{move || {
                    let l = i18n.get_locale();
                    if screen { td_string!(l, load_failed_screen) } else { td_string!(l, load_failed) }
                }}</p>
                <button type="button" class="button primary" on:click=retry>{t!(i18n, retry_save)}</button>
            </main>
        }
        .into_any(),
    })
    .into_any()
}
