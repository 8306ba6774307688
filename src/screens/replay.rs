//! Replaying a finished game move by move (`/replay/ID`), with the game's own
//! table and everything open that play kept hidden (`Game::open_view`), and
//! sharing one finished game as a file: through the Web Share API where the
//! browser has it, else as a download. A shared file opened here is checked
//! whole (its game's code replays it to the end) and shown (`/replay`) without
//! being saved until the player adds it to their history.

use crate::contract::{GameEntry, GameInPlay, TableLink, Viewpoint};
use crate::games;
use crate::i18n::Text;
use crate::i18n::*;
use crate::platform::lang::{BackBar, LangSwitch};
use crate::routes::{Link, Nav};
use crate::screens::backup::BackupError;
use crate::store::{self, LoadError, Meet, SavedGame, Unreadable, GAME_PREFIX};
use crate::table::Ranking;
use leptos::prelude::*;
use rules::SeatKind;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

thread_local! {
    /// A shared game file opened on this screen and not saved.
    static OPENED: RefCell<Option<SavedGame>> = const { RefCell::new(None) };
}

/// The file that shares one finished game: a backup holding just that game,
/// so restoring it as a backup adds it too.
pub fn share_text(saved: &SavedGame) -> String {
    let raw = serde_json::to_string(saved).expect("a saved game serializes");
    let mut items = serde_json::Map::new();
    items.insert(saved.key(), serde_json::Value::String(raw));
    serde_json::json!({
        "app": "spielblock",
        "kind": "game",
        "exported": store::now(),
        "items": items,
    })
    .to_string()
}

/// Why a file does not open as a shared game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareError {
    TooLarge,
    NotJson,
    Foreign,
    /// A backup of several games (it is restored on the home screen).
    Backup,
    /// A Spielblock file without a game (settings only).
    NoGame,
    BadGame(Unreadable),
    NotFinished,
}

impl ShareError {
    pub fn text(&self) -> Text {
        let e = self.clone();
        Text::new(move |l| match &e {
            ShareError::TooLarge => td_string!(
                l,
                import_too_large,
                mb = crate::screens::backup::MAX_BYTES / 1_000_000
            )
            .to_string(),
            ShareError::NotJson => td_string!(l, import_not_json).to_string(),
            ShareError::Foreign => td_string!(l, import_foreign).to_string(),
            ShareError::Backup => td_string!(l, shared_is_backup).to_string(),
            ShareError::NoGame => td_string!(l, shared_no_game).to_string(),
            ShareError::BadGame(why) => {
                td_string!(l, shared_bad_game, why = why.text().get(l)).to_string()
            }
            ShareError::NotFinished => td_string!(l, shared_not_finished).to_string(),
        })
    }
}

/// Reads a shared game file: one saved game under its own key, finished.
/// Its moves are checked by `check_shared` with the game's code.
pub fn parse_shared(text: &str) -> Result<SavedGame, ShareError> {
    let items = crate::screens::backup::file_items(text).map_err(|e| match e {
        BackupError::TooLarge { .. } => ShareError::TooLarge,
        BackupError::NotJson => ShareError::NotJson,
        _ => ShareError::Foreign,
    })?;
    // One game; anything else in the file (a record, settings) is not read.
    let mut games = items.iter().filter(|(k, _)| k.starts_with(GAME_PREFIX));
    let (key, raw) = games.next().ok_or(ShareError::NoGame)?;
    if games.next().is_some() {
        return Err(ShareError::Backup);
    }
    let raw = raw
        .as_str()
        .ok_or(ShareError::BadGame(Unreadable::NotASavedGame))?;
    let saved = store::parse_saved(raw).map_err(ShareError::BadGame)?;
    if !store::valid_id(&saved.id) {
        return Err(ShareError::BadGame(Unreadable::BadId));
    }
    if &saved.key() != key {
        return Err(ShareError::BadGame(Unreadable::IdMismatch));
    }
    if !saved.finished {
        return Err(ShareError::NotFinished);
    }
    Ok(saved)
}

/// Replays a shared game with its game's code (loaded first): it must be
/// over. Its outcome is the replay's, whatever the file says
/// (`backup::settle`).
async fn check_shared(text: String) -> Result<SavedGame, Text> {
    let mut saved = parse_shared(&text).map_err(|e| e.text())?;
    games::load(std::slice::from_ref(&saved.game))
        .await
        .map_err(|_| Text::new(|l| td_string!(l, load_failed).to_string()))?;
    let game = saved.game.clone();
    let entry = games::find(&saved.game).ok_or_else(|| {
        Text::new(move |l| td_string!(l, err_unknown_game, game = game.clone()).to_string())
    })?;
    let live = (entry.open)(saved.record.clone()).map_err(|why| {
        Text::new(move |l| td_string!(l, shared_bad_game, why = why.get(l)).to_string())
    })?;
    crate::screens::backup::settle(&mut saved, live.as_ref());
    if saved.finished {
        Ok(saved)
    } else {
        Err(ShareError::NotFinished.text())
    }
}

/// Offers a finished game to share: the system's share sheet with the file
/// where the browser can share files, else a download.
fn share(saved: &SavedGame, title: String) {
    let name = format!("spielblock-{}-{}.json", saved.game, date_of(saved.updated));
    let text = share_text(saved);
    if let Some(promise) = web_share(&name, &text, &title) {
        leptos::task::spawn_local(async move {
            if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
                // The player closing the sheet is no failure; anything else
                // falls back to the download.
                let aborted = js_sys::Reflect::get(&e, &"name".into())
                    .ok()
                    .and_then(|n| n.as_string())
                    .is_some_and(|n| n == "AbortError");
                if !aborted {
                    crate::platform::device::download(&name, &text);
                }
            }
        });
    } else {
        crate::platform::device::download(&name, &text);
    }
}

/// `navigator.share({ files, title })` where `navigator.canShare` accepts the
/// file; None where it does not (most desktop browsers).
fn web_share(name: &str, text: &str, title: &str) -> Option<js_sys::Promise> {
    let nav: JsValue = web_sys::window()?.navigator().into();
    let can: js_sys::Function = js_sys::Reflect::get(&nav, &"canShare".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let share: js_sys::Function = js_sys::Reflect::get(&nav, &"share".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::FilePropertyBag::new();
    opts.set_type("application/json");
    let file = web_sys::File::new_with_str_sequence_and_options(&parts, name, &opts).ok()?;
    let data = js_sys::Object::new();
    js_sys::Reflect::set(&data, &"files".into(), &js_sys::Array::of1(&file)).ok()?;
    js_sys::Reflect::set(&data, &"title".into(), &title.into()).ok()?;
    if !can.call1(&nav, &data).ok()?.is_truthy() {
        return None;
    }
    share.call1(&nav, &data).ok()?.dyn_into().ok()
}

/// "2026-11-22" for a time in milliseconds since 1970, in local time.
fn date_of(ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// The replay screen: a stored finished game by id, or (None) the shared
/// game file opened last; from the start, or after `at` moves.
#[component]
pub fn Replay(id: Option<String>, at: Option<usize>) -> impl IntoView {
    let i18n = use_i18n();
    let stored = id.is_some();
    let found = match id {
        Some(id) => store::load_game(&id).map(Some),
        None => Ok(OPENED.with(|o| o.borrow().clone())),
    };
    let notice = move |text: Text| {
        view! {
            <main class="screen replay">
                <BackToHistory/>
                <p class="notice error" role="alert" data-testid="replay-refused">{move || text.get(i18n.get_locale())}</p>
            </main>
        }
        .into_any()
    };
    match found {
        Ok(Some(saved)) if saved.finished => {
            let unfinished = if stored {
                Text::new(|l| td_string!(l, replay_unfinished).to_string())
            } else {
                ShareError::NotFinished.text()
            };
            open_finished(saved, notice, unfinished, move |entry, live, saved| {
                view! { <ReplayTable entry live saved stored at=at.unwrap_or(0)/> }.into_any()
            })
        }
        Ok(Some(_)) => notice(Text::new(|l| td_string!(l, replay_unfinished).to_string())),
        Ok(None) => view! { <OpenShared/> }.into_any(),
        Err(e) => notice(load_failure(e)),
    }
}

/// A finished game's code loaded and its record opened, shown by `show`
/// (the replay, the review); else why not through `notice`: its game
/// unknown, its record unreadable, or (`unfinished`) not over.
pub fn open_finished(
    saved: SavedGame,
    notice: impl Fn(Text) -> AnyView + 'static,
    unfinished: Text,
    show: impl FnOnce(GameEntry, Box<dyn GameInPlay>, SavedGame) -> AnyView + 'static,
) -> AnyView {
    let game = saved.game.clone();
    games::when_loaded(vec![game.clone()], move || {
        let Some(entry) = games::find(&game) else {
            return notice(Text::new(move |l| {
                td_string!(l, err_unknown_game, game = game.clone()).to_string()
            }));
        };
        match (entry.open)(saved.record.clone()) {
            Ok(live) if live.outcome().is_some() => show(entry, live, saved),
            Ok(_) => notice(unfinished),
            Err(why) => notice(Text::new(move |l| {
                td_string!(l, game_unreadable, reason = why.get(l)).to_string()
            })),
        }
    })
}

/// Why a stored game did not load, in the player's language.
pub fn load_failure(e: LoadError) -> Text {
    match e {
        LoadError::Missing => Text::new(|l| td_string!(l, game_missing).to_string()),
        LoadError::Unreadable(why) => {
            let reason = why.text();
            Text::new(move |l| td_string!(l, game_unreadable, reason = reason.get(l)).to_string())
        }
    }
}

/// The top bar of a replay screen without a game: back to the history.
#[component]
fn BackToHistory() -> impl IntoView {
    view! {
        <BackBar to="/history" label=keys::history_title/>
    }
}

/// The screen when no shared game is open (after a reload): open one, and
/// this screen becomes its replay.
#[component]
fn OpenShared() -> impl IntoView {
    let i18n = use_i18n();
    let opened = RwSignal::new(false);
    move || {
        if opened.get() {
            return view! { <Replay id=None at=None/> }.into_any();
        }
        view! {
            <main class="screen replay">
                <BackToHistory/>
                <h1>{t!(i18n, shared_open_title)}</h1>
                <OpenGameFile opened=Callback::new(move |_| opened.set(true))/>
            </main>
        }
        .into_any()
    }
}

/// Opens a shared game file: checks it whole, then shows its replay.
/// `opened` runs instead of going to `/replay` (the screen is there already).
#[component]
pub fn OpenGameFile(#[prop(optional)] opened: Option<Callback<()>>) -> impl IntoView {
    let i18n = use_i18n();
    let state = RwSignal::new(None::<Result<(), Text>>);
    let nav = use_context::<Nav>();
    let picked = move |ev: leptos::ev::Event| {
        let Some(input) = crate::screens::backup::file_input(&ev) else {
            return;
        };
        state.set(Some(Ok(())));
        leptos::task::spawn_local(async move {
            let text = crate::screens::backup::read_file(&input).await;
            let result = match text {
                Some(text) => check_shared(text).await,
                None => Err(ShareError::NotJson.text()),
            };
            // The screen may be gone by now (the player left while the
            // file was checked, or a second pick redrew it): then this
            // check goes nowhere (issue 40: nothing reads a value whose
            // screen is gone).
            if state.try_set(None).is_some() {
                return;
            }
            match result {
                Ok(saved) => {
                    // Met by content with a game stored under its id: the
                    // same game opens from storage, brought up to date when
                    // the file continues it; any other is shown from the
                    // file, unsaved.
                    let here = store::load_game(&saved.id).ok();
                    let path = match here.map(|h| store::meet(&h, &saved)) {
                        Some(Meet::Same) => format!("/replay/{}", saved.id),
                        Some(Meet::Longer) => match store::adopt_gated(saved.clone()).await {
                            Ok(id) if state.try_set(None).is_none() => format!("/replay/{id}"),
                            Ok(_) => return,
                            Err(e) => {
                                state.try_set(Some(Err(e.text())));
                                return;
                            }
                        },
                        _ => "/replay".to_string(),
                    };
                    // Only a game shown from the file is kept open: a stale
                    // one could later be added over the stored copy.
                    OPENED.with(|o| {
                        *o.borrow_mut() = (path == "/replay").then_some(saved);
                    });
                    match (opened, nav) {
                        (Some(opened), _) if path == "/replay" => {
                            opened.try_run(());
                        }
                        (_, Some(nav)) => nav.go(&path),
                        _ => {}
                    }
                }
                Err(why) => {
                    state.try_set(Some(Err(why)));
                }
            }
        });
    };
    view! {
        <div class="open-shared">
            <p class="hint">{t!(i18n, shared_open_hint)}</p>
            <label class="button file-button">
                {t!(i18n, shared_open)}
                <input type="file" accept=".json,application/json" data-testid="open-shared" on:change=picked/>
            </label>
            {move || match state.get() {
                None => ().into_any(),
                Some(Ok(())) => view! { <p class="hint" role="status">{t!(i18n, import_checking)}</p> }.into_any(),
                Some(Err(why)) => view! {
                    <p class="notice error" role="alert" data-testid="shared-refused">{move || why.get(i18n.get_locale())}</p>
                }.into_any(),
            }}
        </div>
    }
}

#[component]
fn ReplayTable(
    entry: GameEntry,
    live: Box<dyn GameInPlay>,
    saved: SavedGame,
    stored: bool,
    at: usize,
) -> impl IntoView {
    let i18n = use_i18n();
    let total = live.moves();
    let outcome = live.outcome().expect("a replay is of a finished game");
    let seats = live.seats();
    let epoch = live.epoch();
    // Real cards (R-GN-14): the app never held a hidden card, so what a
    // replay opens up does not apply.
    let hint = !crate::store::real_cards(&live.options());
    let live = StoredValue::new(live);
    let step = RwSignal::new(at.min(total));
    // Everything open after move `step`; nothing to act on.
    let frame = Memo::new(move |_| Viewpoint {
        seat: None,
        epoch,
        moves: step.get(),
        replay: true,
    });
    let said = move || {
        let k = step.get();
        live.with_value(|g| g.replay_caption(k))
    };
    let names = {
        let seats = seats.clone();
        Memo::new(move |_| {
            let l = i18n.get_locale();
            crate::i18n::shown_names(seats.iter().map(|s| s.name.as_str()), l)
        })
    };
    let cpu = {
        let seats = seats.clone();
        Memo::new(move |_| {
            seats
                .iter()
                .map(|s| s.kind == SeatKind::Computer)
                .collect::<Vec<_>>()
        })
    };
    let port = TableLink {
        frame,
        names,
        cpu,
        act: Callback::new(|_| {}),
        hold: Callback::new(|_| {}),
    };
    let go = move |k: usize| step.set(k.min(total));
    let back = move |_| go(step.get_untracked().saturating_sub(1));
    let forward = move |_| go(step.get_untracked() + 1);
    // Arrow keys step too, except where a control uses them itself.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let tag = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|e| e.tag_name())
            .unwrap_or_default();
        if matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA") || ev.alt_key() {
            return;
        }
        match ev.key().as_str() {
            "ArrowLeft" => go(step.get_untracked().saturating_sub(1)),
            "ArrowRight" => go(step.get_untracked() + 1),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || keys.remove());
    let game_name = move || (entry.name)(i18n.get_locale());
    let saved = StoredValue::new(saved);
    let added = RwSignal::new(None::<Result<(), Text>>);
    let nav = use_context::<Nav>();
    let add = move |_| {
        // Stored by content (`store::adopt`): a game stored meanwhile
        // under its id (another tab, a backup) loses nothing; a different
        // one is kept beside it.
        let file = saved.get_value();
        leptos::task::spawn_local(async move {
            match store::adopt_gated(file).await {
                Ok(id) => {
                    OPENED.with(|o| *o.borrow_mut() = None);
                    if added.try_set(Some(Ok(()))).is_some() {
                        // The player left meanwhile: stay where they went.
                        return;
                    }
                    if let Some(nav) = nav {
                        nav.go(&format!("/replay/{id}"));
                    }
                }
                Err(e) => {
                    added.try_set(Some(Err(e.text())));
                }
            }
        });
    };
    let caption = move || {
        let l = i18n.get_locale();
        let k = step.get();
        if k == 0 {
            td_string!(l, replay_start, n = total).to_string()
        } else {
            let said = said().get(l);
            format!("{} {said}", td_string!(l, replay_move, k = k, n = total))
        }
    };
    view! {
        <main class="screen play replay" data-game=entry.id>
            <header class="topbar">
                <Link to={"/history".to_string()} class="button ghost icon" label=Signal::derive(move || td_string!(i18n.get_locale(), history_title).to_string())>
                    <span aria-hidden="true">"←"</span>
                </Link>
                <h1>{move || td_string!(i18n.get_locale(), replay_title, game = game_name()).to_string()}</h1>
                <button type="button" class="ghost" data-testid="share-game"
                    on:click=move |_| saved.with_value(|s| share(s, game_name()))>{t!(i18n, share_game)}</button>
                <LangSwitch/>
            </header>
            {(!stored).then(|| view! {
                <section class="notice" data-testid="shared-game">
                    <p>{t!(i18n, shared_not_saved)}</p>
                    <div class="actions">
                        <button type="button" class="primary" data-testid="shared-add" on:click=add>{t!(i18n, shared_add)}</button>
                    </div>
                    {move || added.get().and_then(Result::err).map(|why| view! {
                        <p class="error" role="alert">{move || why.get(i18n.get_locale())}</p>
                    })}
                </section>
            })}
            {move || hint.then(|| (entry.replay_hint)(i18n.get_locale())).flatten().map(|hint| view! { <p class="hint" data-testid="replay-hint">{hint}</p> })}
            <nav class="replay-controls" aria-label=move || td_string!(i18n.get_locale(), replay_controls).to_string()>
                <button type="button" data-testid="replay-first" aria-disabled=move || (step.get() == 0).to_string()
                    aria-label=move || td_string!(i18n.get_locale(), replay_first).to_string() on:click=move |_| go(0)><svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M2 2h2.5v12H2zM14 2v12L5 8z"/></svg></button>
                <button type="button" data-testid="replay-back" aria-disabled=move || (step.get() == 0).to_string()
                    aria-label=move || td_string!(i18n.get_locale(), replay_back).to_string() on:click=back><svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M12 2v12L3 8z"/></svg></button>
                <input type="range" min="0" max=total.to_string() data-testid="replay-slider"
                    aria-label=move || td_string!(i18n.get_locale(), replay_slider).to_string()
                    prop:value=move || step.get().to_string()
                    on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0))/>
                <button type="button" data-testid="replay-forward" aria-disabled=move || (step.get() == total).to_string()
                    aria-label=move || td_string!(i18n.get_locale(), replay_forward).to_string() on:click=forward><svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2v12l9-6z"/></svg></button>
                <button type="button" data-testid="replay-last" aria-disabled=move || (step.get() == total).to_string()
                    aria-label=move || td_string!(i18n.get_locale(), replay_last).to_string() on:click=move |_| go(total)><svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M11.5 2H14v12h-2.5zM2 2v12l9-6z"/></svg></button>
            </nav>
            <p class="replay-step" role="status" data-testid="replay-step" data-step=move || step.get().to_string()>{caption}</p>
            {move || (step.get() == total).then(|| view! {
                <section class="result" data-testid="result">
                    <h2>{t!(i18n, result)}</h2>
                    {
                        let outcome = outcome.clone();
                        move || view! { <Ranking outcome=outcome.clone() names=names.get() cpu=cpu.get_untracked()/> }
                    }
                </section>
            })}
            {
                provide_context(crate::table::Replaying);
                live.with_value(|g| g.table(port))
            }
        </main>
    }
}
