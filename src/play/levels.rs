//! A computer level's data on this page (issue 43): the expert's table is
//! no part of the code; it is fetched (`GameEntry::ready_level`) when setup
//! offers it and a player picks it, or when a game with such a seat (or the
//! coach, the strongest level) opens. While it loads the computers wait and
//! the play screen says so; if it cannot load (offline before the app was
//! saved), its seats play one level lower and the screen says that.

use crate::contract::GameEntry;
use crate::i18n::*;
use leptos::prelude::*;
use rules::{Level, Seat, SeatInfo, SeatKind};
use std::cell::RefCell;

/// Where a level's data stands.
#[derive(Clone, Debug, PartialEq)]
pub enum LevelLoad {
    Loading,
    Ready,
    /// Why it could not load.
    Failed(String),
}

type Loads = Vec<((&'static str, Level), ArcRwSignal<LevelLoad>)>;

thread_local! {
    static LOADS: RefCell<Loads> = const { RefCell::new(Vec::new()) };
}

/// Where the data of `level` of `entry`'s game stands (None: it needs
/// none), loading it if it is not in: also after a failure when `retry`.
pub fn ensure(entry: GameEntry, level: Level, retry: bool) -> Option<ArcRwSignal<LevelLoad>> {
    if !(entry.needs_data)(level) {
        return None;
    }
    let key = (entry.id, level);
    let known = LOADS.with(|l| {
        l.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| s.clone())
    });
    let state = match known {
        Some(s) if !retry || !matches!(s.get_untracked(), LevelLoad::Failed(_)) => return Some(s),
        Some(s) => s,
        None => {
            let s = ArcRwSignal::new(LevelLoad::Loading);
            LOADS.with(|l| l.borrow_mut().push((key, s.clone())));
            s
        }
    };
    state.set(LevelLoad::Loading);
    let done = state.clone();
    leptos::task::spawn_local(async move {
        done.set(match (entry.ready_level)(level).await {
            Ok(()) => LevelLoad::Ready,
            Err(why) => LevelLoad::Failed(why),
        });
    });
    Some(state)
}

/// The level a seat plays at when `level`'s data cannot load: the next
/// one down the game offers.
pub fn lower(entry: GameEntry, level: Level) -> Level {
    entry
        .levels
        .iter()
        .copied()
        .filter(|l| *l < level)
        .max()
        .unwrap_or(Level::Casual)
}

/// The play screen's part: loads what its computer seats' levels (and,
/// with the coach on, the strongest level) need while the game is on;
/// `hold(true)` while any loads, `hold(false)` after; a seat whose level
/// could not load is set one level lower (`set_level`). The sentence to
/// show: loading, or what could not load and who plays how instead.
pub fn watch(entry: GameEntry, w: WatchLevels) -> Signal<Option<Text>> {
    let WatchLevels {
        seats,
        coach,
        over,
        hold,
        set_level,
    } = w;
    let loading = RwSignal::new(false);
    let failed = RwSignal::new(None::<Text>);
    Effect::new(move |_| {
        let seats = seats.get();
        let mut wanted: Vec<Level> = Vec::new();
        if !over.get() {
            let top = entry.levels.last().copied();
            let levels = seats
                .iter()
                .filter(|s| s.kind == SeatKind::Computer)
                .map(|s| s.level)
                .chain(top.filter(|_| coach));
            for level in levels {
                if !wanted.contains(&level) {
                    wanted.push(level);
                }
            }
        }
        let mut waits = false;
        for level in wanted {
            let Some(state) = ensure(entry, level, false) else {
                continue;
            };
            match state.get() {
                LevelLoad::Loading => waits = true,
                LevelLoad::Ready => {}
                // The reason is the browser's or the loader's, in English:
                // the player reads what it means and what to do.
                LevelLoad::Failed(_) => {
                    let down = lower(entry, level);
                    let names: Vec<String> = seats
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.kind == SeatKind::Computer && s.level == level)
                        .map(|(i, s)| {
                            set_level.run((i, down));
                            s.name.clone()
                        })
                        .collect();
                    // A coach's note never replaces the seats' note.
                    if names.is_empty() && failed.get_untracked().is_some() {
                        continue;
                    }
                    failed.set(Some(Text::new(move |l| {
                        let (level, down) = (level_text(level, l), level_text(down, l));
                        if names.is_empty() {
                            td_string!(l, level_failed_coach, level = level, down = down)
                                .to_string()
                        } else {
                            td_string!(
                                l,
                                level_failed,
                                level = level,
                                down = down,
                                names = names.join(", ")
                            )
                            .to_string()
                        }
                    })));
                }
            }
        }
        loading.set(waits);
        hold.run(waits);
    });
    Signal::derive(move || {
        if loading.get() {
            Some(Text::new(|l| td_string!(l, level_loading).to_string()))
        } else {
            failed.get()
        }
    })
}

/// What the play screen hands `watch`: its seats, whether the coach is on,
/// whether the game is over, how to hold the computers and how to set a
/// seat's level.
pub struct WatchLevels {
    pub seats: Signal<Vec<SeatInfo>>,
    pub coach: bool,
    pub over: Signal<bool>,
    pub hold: Callback<bool>,
    pub set_level: Callback<(Seat, Level)>,
}

/// Setup's part: under a computer seat's level, while its data loads or
/// if it could not (the game then starts with that seat one level lower,
/// and says so).
#[component]
pub fn LevelStatus(entry: GameEntry, level: Signal<Level>) -> impl IntoView {
    let i18n = use_i18n();
    // Picking the level (again) loads it (again, after a failure).
    let load = RwSignal::new(None::<ArcRwSignal<LevelLoad>>);
    Effect::new(move |_| load.set(ensure(entry, level.get(), true)));
    move || {
        let l = i18n.get_locale();
        match load.get().map(|s| s.get()) {
            Some(LevelLoad::Loading) => Some(view! {
                <p class="hint level-status" role="status" data-testid="level-status">{td_string!(l, level_loading).to_string()}</p>
            }.into_any()),
            Some(LevelLoad::Failed(_)) => Some(view! {
                <p class="notice error level-status" role="alert" data-testid="level-status">
                    {td_string!(l, level_failed_setup, level = level_text(level.get_untracked(), l), down = level_text(lower(entry, level.get_untracked()), l)).to_string()}
                </p>
            }.into_any()),
            _ => None,
        }
    }
}
