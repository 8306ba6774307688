//! The game host (the "midend" on screen), compiled once for every game: it
//! holds the live game (`dyn Live`), shows who decides now and the hand-over
//! screen, applies and saves every action at once, lets computer seats act,
//! announces events, and shows the result. It knows no rule and no game: a
//! table gets only the view of the seat at the device.

use crate::device;
use crate::i18n::*;
use crate::newgame::create_game;
use crate::routes::{navigate, Link};
use crate::storage::{self, SavedGame};
use crate::table::{level_text, AnyAction, Entry, Live, TableCtx, Text};
use leptos::prelude::*;
use rules::{Level, Seat, SeatInfo, SeatKind};
use serde_json::Value;
use std::time::Duration;

/// Pause before a computer seat acts, so people can follow its moves.
const COMPUTER_DELAY: Duration = Duration::from_millis(550);

/// After a tap re-renders the table, the control that had focus may be gone;
/// keyboard players then continue from the game's primary control
/// (`data-primary`) instead of the top of the page.
fn keep_focus() {
    request_animation_frame(|| {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let lost = doc.active_element().is_none_or(|e| e.tag_name() == "BODY");
        if !lost {
            return;
        }
        if let Ok(Some(el)) = doc.query_selector("main [data-primary]:not([disabled])") {
            if let Some(el) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&el) {
                let _ = el.focus();
            }
        }
    });
}

/// Shown when a saved game cannot be used; it has been moved aside.
#[component]
pub fn Unreadable(reason: Text) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen">
            <p class="notice error" role="alert">
                {move || { let l = i18n.get_locale(); td_string!(l, game_unreadable, reason = reason.get(l)).to_string() }}
            </p>
            <Link to={"/".to_string()} class="button">{t!(i18n, home)}</Link>
        </main>
    }
}

/// Opens a saved game of `entry`: replays it and hosts it, or moves it aside
/// and says why.
pub fn open(entry: Entry, saved: SavedGame) -> AnyView {
    match (entry.open)(saved.record.clone()) {
        Ok(live) => view! { <Host entry live saved/> }.into_any(),
        Err(reason) => {
            storage::quarantine(&saved.key());
            view! { <Unreadable reason/> }.into_any()
        }
    }
}

#[component]
fn Host(entry: Entry, live: Box<dyn Live>, saved: SavedGame) -> impl IntoView {
    let i18n = use_i18n();
    let live = RwSignal::new(live);
    let meta = RwSignal::new(saved);
    let announcement = RwSignal::new(String::new());
    let error = RwSignal::new(None::<Text>);
    let show_rules = RwSignal::new(false);
    let show_players = RwSignal::new(false);
    let rules_btn = NodeRef::<leptos::html::Button>::new();
    let players_btn = NodeRef::<leptos::html::Button>::new();

    let persist = move || {
        let (record, outcome) = live.with_untracked(|g| (g.record(), g.outcome()));
        meta.update_untracked(|g| {
            g.record = record;
            g.finished = outcome.is_some();
            g.outcome = outcome;
            g.updated = storage::now();
        });
        if let Err(e) = meta.with_untracked(storage::save_game) {
            let why = e.text();
            error.set(Some(Text::new(move |l| {
                td_string!(l, save_failed, reason = why.get(l)).to_string()
            })));
        }
    };

    // The moves each seat decides now, first one first.
    let moves = Memo::new(move |_| live.with(|g| g.moves()));
    let seats = Memo::new(move |_| live.with(|g| g.seats().to_vec()));
    let names =
        Memo::new(move |_| seats.with(|s| s.iter().map(|s| s.name.clone()).collect::<Vec<_>>()));
    let to_act = Memo::new(move |_| {
        moves.track();
        live.with(|g| g.to_act())
    });
    // The seat that decides now, if a human plays it on this device.
    let human_to_act = Memo::new(move |_| {
        let first = to_act.with(|t| t.first().copied())?;
        seats.with(|s| (s[first].kind == SeatKind::Human).then_some(first))
    });
    let handover_needed = Memo::new(move |_| {
        let handover = meta.with(|g| g.handover);
        let confirmed = meta.with(|g| g.confirmed_seat);
        match human_to_act.get() {
            Some(s) if handover && confirmed != Some(s) => Some(s),
            _ => None,
        }
    });
    let acting = Signal::derive(move || {
        if handover_needed.get().is_some() {
            None
        } else {
            human_to_act.get()
        }
    });
    // The table shows the acting seat's view, else the public one.
    let shown = Memo::new(move |_| {
        let seat = acting.get();
        moves.track();
        live.with(|g| g.shown(seat))
    });

    // Applies an action (None: the computer decides) for `seat`.
    let apply = move |seat: Seat, action: Option<AnyAction>| {
        let human = action.is_some();
        let l = i18n.get_locale_untracked();
        let told = if human { Some(seat) } else { None };
        let result = live.try_update(|g| g.apply(seat, action.as_ref(), told, l));
        match result {
            Some(Ok(applied)) => {
                error.set(None);
                persist();
                if human && applied.vibrate {
                    device::vibrate_roll();
                }
                if human {
                    keep_focus();
                }
                if !applied.lines.is_empty() {
                    announcement.set(applied.lines.join(" "));
                }
            }
            Some(Err(why)) => {
                error.set(Some(Text::new(move |l| {
                    td_string!(l, not_allowed, reason = why.get(l)).to_string()
                })));
            }
            None => {}
        }
    };
    // A table acts only for the seat acting on this device.
    let act = Callback::new(move |action: AnyAction| {
        if let Some(seat) = acting.get_untracked() {
            apply(seat, Some(action));
        }
    });

    // The screen stays awake while a game is on it.
    device::keep_awake();
    on_cleanup(device::release_wake_lock);

    // Computer seats act on their own, one decision at a time.
    let scheduled = StoredValue::new(None::<usize>);
    Effect::new(move |_| {
        let n = moves.get();
        let seat = seats.with(|_| live.with_untracked(|g| g.computer_to_act()));
        let Some(seat) = seat else { return };
        if scheduled.get_value() == Some(n) {
            return;
        }
        scheduled.set_value(Some(n));
        set_timeout(
            move || {
                let still = live
                    .try_with_untracked(|g| g.moves() == n && g.computer_to_act() == Some(seat));
                if still == Some(true) {
                    apply(seat, None);
                } else {
                    // Switched away meanwhile: schedule afresh when it is back.
                    scheduled.try_set_value(None);
                }
            },
            COMPUTER_DELAY,
        );
    });

    let confirm_handover = move |seat: Seat| {
        meta.update(|g| g.confirmed_seat = Some(seat));
        persist();
    };

    let set_seat = move |seat: Seat, kind: SeatKind, level: Level| {
        live.update(|g| g.set_seat(seat, kind, level));
        persist();
    };

    let name_of = move |s: Seat| names.with(|n| n[s].clone());
    let banner = move || {
        let l = i18n.get_locale();
        if live.with(|g| g.outcome().is_some()) {
            return td_string!(l, game_over).to_string();
        }
        let Some(s) = to_act.with(|t| t.first().copied()) else {
            return String::new();
        };
        let info = seats.with(|seats| seats[s].clone());
        if info.kind == SeatKind::Computer {
            td_string!(l, computer_playing, name = info.name).to_string()
        } else {
            td_string!(l, turn_of, name = info.name).to_string()
        }
    };
    let game_name = move || (entry.name)(i18n.get_locale());
    let ctx = TableCtx::new(shown, names, acting, act);
    let outcome = Memo::new(move |_| {
        moves.track();
        live.with(|g| g.outcome())
    });
    let options = live.with_untracked(|g| g.options());

    view! {
        <main class="screen play" data-game=entry.id>
            <header class="topbar">
                <Link to={"/".to_string()} class="button ghost icon" label=Signal::derive(move || td_string!(i18n.get_locale(), home).to_string())>
                    <span aria-hidden="true">"⌂"</span>
                </Link>
                <h1>{game_name}</h1>
                <button type="button" class="ghost" node_ref=players_btn on:click=move |_| show_players.set(true)>{t!(i18n, players)}</button>
                <button type="button" class="ghost" node_ref=rules_btn on:click=move |_| show_rules.set(true)>{t!(i18n, rules)}</button>
            </header>
            <p class="turn-banner" data-testid="turn-banner">{banner}</p>
            {move || error.get().map(|e| view! { <p class="notice error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
            {move || outcome.get().map(|o| {
                let order = o.order();
                view! {
                    <section class="result" aria-labelledby="result-title" data-testid="result">
                        <h2 id="result-title">{t!(i18n, result)}</h2>
                        <ol class="ranking">
                            {order.into_iter().map(|s| {
                                let shared = o.is_shared(s);
                                let place = o.places[s];
                                let score = o.scores[s];
                                view! {
                                    <li class:winner=place == 1>
                                        <span class="place">{place}"."</span>
                                        <span class="name">{name_of(s)}</span>
                                        <span class="score">{if score < 0 { format!("−{}", -score) } else { score.to_string() }}</span>
                                        {shared.then(|| view! { <span class="shared">"("{t!(i18n, shared_place)}")"</span> })}
                                    </li>
                                }
                            }).collect_view()}
                        </ol>
                        {o.places.iter().enumerate().any(|(s, _)| o.is_shared(s)).then(|| view! { <p>{t!(i18n, ties_share)}</p> })}
                        <div class="actions">
                            <PlayAgain entry seats=seats.get_untracked() options=live.with_untracked(|g| g.options()) handover=meta.with_untracked(|g| g.handover)/>
                            <Link to={"/".to_string()} class="button">{t!(i18n, home)}</Link>
                        </div>
                    </section>
                }
            })}
            {move || match handover_needed.get() {
                Some(seat) => view! {
                    <section class="handover" aria-labelledby="handover-title">
                        <h2 id="handover-title">{move || td_string!(i18n.get_locale(), pass_to, name = name_of(seat)).to_string()}</h2>
                        <button type="button" class="primary big" on:click=move |_| confirm_handover(seat)>
                            {move || td_string!(i18n.get_locale(), i_am, name = name_of(seat)).to_string()}
                        </button>
                    </section>
                }.into_any(),
                None => (entry.table)(ctx),
            }}
            <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live">{move || announcement.get()}</div>
            <Dialog open=show_rules labelled_by="rules-title" opener=rules_btn>
                {(entry.rules)()}
                <OptionsSummary entry options=options.clone()/>
            </Dialog>
            <Dialog open=show_players labelled_by="players-title" opener=players_btn>
                <h2 id="players-title">{t!(i18n, players)}</h2>
                <ul class="seat-kinds">
                    {move || seats.get().into_iter().enumerate().map(|(s, info)| {
                        let name = info.name.clone();
                        let label = { let name = name.clone(); move || td_string!(i18n.get_locale(), seat_kind_label, name = name.clone()).to_string() };
                        let level_label = move || td_string!(i18n.get_locale(), level_label, name = name.clone()).to_string();
                        let level = info.level;
                        let kind = info.kind;
                        view! {
                            <li data-testid="seat-kind">
                                <span>{info.name.clone()}</span>
                                <div class="segmented" role="group" aria-label=label>
                                    <button type="button" aria-pressed=(kind == SeatKind::Human).to_string()
                                        on:click=move |_| set_seat(s, SeatKind::Human, level)>{t!(i18n, human)}</button>
                                    <button type="button" aria-pressed=(kind == SeatKind::Computer).to_string()
                                        on:click=move |_| set_seat(s, SeatKind::Computer, level)>{t!(i18n, computer)}</button>
                                </div>
                                {(kind == SeatKind::Computer).then(|| view! {
                                    <LevelSelect level label=Signal::derive(level_label) on_change=Callback::new(move |lv| set_seat(s, SeatKind::Computer, lv))/>
                                })}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </Dialog>
        </main>
    }
}

/// A computer seat's level as a select.
#[component]
pub fn LevelSelect(
    level: Level,
    #[prop(into)] label: Signal<String>,
    on_change: Callback<Level>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <select class="level" data-testid="level" aria-label=move || label.get()
            on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some(l) = Level::ALL.into_iter().find(|l| l.id() == v) {
                    on_change.run(l);
                }
            }>
            {Level::ALL.into_iter().map(|l| view! {
                <option value=l.id() selected=l == level>{move || level_text(l, i18n.get_locale())}</option>
            }).collect_view()}
        </select>
    }
}

/// The game's options as chosen at setup, under its rules.
#[component]
fn OptionsSummary(entry: Entry, options: Value) -> impl IntoView {
    let i18n = use_i18n();
    let specs = (entry.options)();
    (!specs.is_empty()).then(|| {
        view! {
            <h3>{t!(i18n, options_title)}</h3>
            <dl class="options-summary" data-testid="options-summary">
                {specs.into_iter().map(|spec| {
                    let value = options.get(spec.key).cloned().unwrap_or_else(|| spec.default_value());
                    let shown = match value {
                        Value::String(s) => s,
                        Value::Bool(b) => if b { "✓".into() } else { "✗".into() },
                        other => other.to_string(),
                    };
                    view! {
                        <dt>{move || (entry.option_label)(spec.key, i18n.get_locale())}</dt>
                        <dd>{shown}</dd>
                    }
                }).collect_view()}
            </dl>
        }
    })
}

/// Starts a new game of the same kind with the same seats and options and a
/// fresh seed.
#[component]
fn PlayAgain(entry: Entry, seats: Vec<SeatInfo>, options: Value, handover: bool) -> impl IntoView {
    let i18n = use_i18n();
    let error = RwSignal::new(None::<Text>);
    let start = move |_| match create_game(
        &entry,
        seats.clone(),
        &options,
        storage::random_u64(),
        handover,
    ) {
        Ok(id) => navigate(&format!("/play/{id}")),
        Err(e) => error.set(Some(e)),
    };
    view! {
        <button type="button" class="primary" on:click=start>{t!(i18n, play_again)}</button>
        {move || error.get().map(|e| view! { <p class="notice error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
    }
}

/// A modal dialog: focus moves to its close button when it opens, Escape or
/// the button closes it, and focus returns to the button that opened it.
#[component]
fn Dialog(
    open: RwSignal<bool>,
    labelled_by: &'static str,
    opener: NodeRef<leptos::html::Button>,
    children: ChildrenFn,
) -> impl IntoView {
    let i18n = use_i18n();
    let close_btn = NodeRef::<leptos::html::Button>::new();
    let close = move || {
        open.set(false);
        if let Some(b) = opener.get_untracked() {
            let _ = b.focus();
        }
    };
    Effect::new(move |_| {
        if let Some(b) = close_btn.get() {
            let _ = b.focus();
        }
    });
    view! {
        <Show when=move || open.get()>
            <div class="overlay" on:keydown=move |ev| if ev.key() == "Escape" { close() }>
                <div class="dialog" role="dialog" aria-modal="true" aria-labelledby=labelled_by>
                    {children()}
                    <button type="button" class="primary" node_ref=close_btn on:click=move |_| close()>{t!(i18n, close)}</button>
                </div>
            </div>
        </Show>
    }
}
