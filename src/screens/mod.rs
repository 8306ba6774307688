//! The screens that need a game's code anyway travel in the games' wasm
//! chunk: the set-up, the game in play (session and host), the history with
//! its statistics, the replay, the review, the settings with the backup,
//! and the home screen's saved games (`saved`: everything that reads a
//! stored game). The first load does not carry them. The
//! router shows them through [`show`], which loads the chunk first, like a
//! game's screens wait for its code (`crate::games::when_loaded`).

pub mod backup;
pub mod history;
pub mod replay;
pub mod review;
pub mod saved;
pub mod settings;
pub mod setup;

use crate::games::{loading_with, LoadError, Loading};
use leptos::prelude::*;
use std::cell::Cell;

/// The screens, as the chunk hands them over.
#[derive(Clone, Copy)]
pub struct Screens {
    pub history: fn() -> AnyView,
    pub replay: fn(Option<String>, Option<usize>) -> AnyView,
    pub review: fn(String) -> AnyView,
    pub setup: fn(String) -> AnyView,
    pub play: fn(crate::contract::GameEntry, crate::store::SavedGame) -> AnyView,
    pub join: fn() -> AnyView,
    pub settings: fn() -> AnyView,
    /// The home screen with the saved games.
    pub home: fn() -> AnyView,
    /// A saved game opened (`/play/ID`).
    pub open: fn(String) -> AnyView,
}

fn screens() -> Screens {
    Screens {
        history: || view! { <crate::screens::history::History/> }.into_any(),
        replay: |id, at| view! { <crate::screens::replay::Replay id at/> }.into_any(),
        review: |id| view! { <crate::screens::review::Review id/> }.into_any(),
        setup: |game| view! { <crate::screens::setup::Setup game/> }.into_any(),
        play: crate::play::screen::open,
        join: || view! { <crate::play::phones::Join/> }.into_any(),
        settings: || view! { <crate::screens::settings::Settings/> }.into_any(),
        home: crate::screens::saved::home,
        open: |id| view! { <crate::screens::saved::Play id/> }.into_any(),
    }
}

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(games, wasm_split_path = ::leptos::wasm_split, fallible)]
fn screens_code() -> Result<Screens, LoadError> {
    crate::games::chunk_in();
    Ok(screens())
}

#[cfg(not(feature = "split"))]
async fn screens_code() -> Result<Screens, LoadError> {
    crate::games::chunk_in();
    Ok(screens())
}

thread_local! {
    static LOADED: Cell<Option<Screens>> = const { Cell::new(None) };
}

/// The screen `pick` chooses, once the screens are loaded: at once if they
/// are; else "Loading…", then the screen, or why not and Try again.
pub fn show(pick: impl FnOnce(Screens) -> AnyView + 'static) -> AnyView {
    show_as(true, pick)
}

/// `show`, its words naming a screen (`screen`) or a game (a saved game
/// opened: "This game could not be loaded").
pub fn show_as(screen: bool, pick: impl FnOnce(Screens) -> AnyView + 'static) -> AnyView {
    if let Some(s) = LOADED.get() {
        return pick(s);
    }
    loading_with(screen, fetch, move || {
        pick(LOADED.get().expect("loaded before the view is drawn"))
    })
}

/// `pick` with the screens once they are loaded, or with None if they cannot
/// be fetched (the home screen, which is drawn either way): meanwhile a line
/// saying it loads.
pub fn show_or_not(pick: impl FnOnce(Option<Screens>) -> AnyView + 'static) -> AnyView {
    if let Some(s) = LOADED.get() {
        return pick(Some(s));
    }
    let load = || -> Loading<()> {
        Box::pin(async {
            let _ = fetch().await;
            Ok(())
        })
    };
    loading_with(true, load, move || pick(LOADED.get()))
}

/// Fetches the screens' chunk, once.
fn fetch() -> Loading<()> {
    Box::pin(async {
        if LOADED.get().is_none() {
            LOADED.set(Some(screens_code().await?));
        }
        Ok(())
    })
}
