//! The generic game host (the "midend" on screen): loads a saved game, replays
//! it, shows whose turn it is and the hand-over screen, applies and saves every
//! action at once, lets computer seats act, announces events, and shows the
//! result. It knows no rule: everything comes from the `Game` contract.

use crate::device;
use crate::games::{self, TableCtx, TableView};
use crate::i18n::*;
use crate::storage::{self, SavedGame};
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_navigate;
use rules::{Match, Record, Seat, SeatInfo, SeatKind};
use std::time::Duration;

/// Pause before a computer seat acts, so people can follow its moves.
const COMPUTER_DELAY: Duration = Duration::from_millis(550);

pub fn lang_code(l: Locale) -> &'static str {
    match l {
        Locale::de => "de",
        _ => "en",
    }
}

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

/// Shown when a saved game cannot be replayed; it has been moved aside.
#[component]
pub fn Unreadable(reason: String) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen">
            <p class="notice error" role="alert">
                {move || td_string!(i18n.get_locale(), game_unreadable, reason = reason.clone()).to_string()}
            </p>
            <A href=crate::app::href("/") attr:class="button">{t!(i18n, home)}</A>
        </main>
    }
}

pub fn host<G: TableView>(saved: SavedGame) -> AnyView {
    let replayed = serde_json::from_value::<Record<G>>(saved.record.clone())
        .map_err(|e| format!("not a game of {}: {e}", G::ID))
        .and_then(|r| Match::<G>::replay(r).map_err(|e| e.en));
    let m = match replayed {
        Ok(m) => m,
        Err(reason) => {
            storage::quarantine(&saved.key());
            return view! { <Unreadable reason/> }.into_any();
        }
    };
    view! { <Host<G> m saved/> }.into_any()
}

#[component]
fn Host<G: TableView>(m: Match<G>, saved: SavedGame) -> impl IntoView {
    let i18n = use_i18n();
    let entry = games::find(G::ID).expect("registered");
    let m = RwSignal::new(m);
    let meta = RwSignal::new(saved);
    let announcement = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let show_rules = RwSignal::new(false);
    let show_players = RwSignal::new(false);
    let rules_btn = NodeRef::<leptos::html::Button>::new();
    let players_btn = NodeRef::<leptos::html::Button>::new();

    let persist = move || {
        let (record, over) = m.with_untracked(|m| {
            (
                serde_json::to_value(m.record()).expect("a record serializes"),
                m.state().is_over(),
            )
        });
        meta.update_untracked(|g| {
            g.record = record;
            g.finished = over;
            g.updated = storage::now();
        });
        if let Err(reason) = meta.with_untracked(storage::save_game) {
            let l = i18n.get_locale_untracked();
            error.set(Some(
                td_string!(l, save_failed, reason = reason).to_string(),
            ));
        }
    };

    // Applies an action; `human` marks actions tapped on this device.
    let apply = move |seat: Seat, action: G::Action, human: bool| {
        let result = m.try_update(|m| m.apply(seat, action).map(<[_]>::to_vec));
        let l = i18n.get_locale_untracked();
        match result {
            Some(Ok(events)) => {
                error.set(None);
                persist();
                if human && G::vibrates(&events) {
                    device::vibrate_roll();
                }
                if human {
                    keep_focus();
                }
                let lines = m.with_untracked(|m| G::announce(m, &events, l));
                if !lines.is_empty() {
                    announcement.set(lines.join(" "));
                }
            }
            Some(Err(e)) => {
                error.set(Some(
                    td_string!(l, not_allowed, reason = e.message(lang_code(l))).to_string(),
                ));
            }
            None => {}
        }
    };
    let act = Callback::new(move |(seat, action): (Seat, G::Action)| apply(seat, action, true));

    // The screen stays awake while a game is on it.
    device::keep_awake();
    on_cleanup(device::release_wake_lock);

    // The seat this device acts for: a human seat that must act, after the
    // hand-over screen where one is shown.
    let to_act_human = Memo::new(move |_| {
        m.with(|m| {
            let to_act = m.state().to_act();
            let confirmed = meta.with(|g| g.confirmed_seat);
            let humans: Vec<Seat> = to_act
                .into_iter()
                .filter(|&s| m.seats()[s].kind == SeatKind::Human)
                .collect();
            confirmed
                .filter(|c| humans.contains(c))
                .or_else(|| humans.first().copied())
        })
    });
    let handover_needed = Memo::new(move |_| {
        let handover = meta.with(|g| g.handover);
        let confirmed = meta.with(|g| g.confirmed_seat);
        match to_act_human.get() {
            Some(s) if handover && confirmed != Some(s) => Some(s),
            _ => None,
        }
    });
    let acting = Signal::derive(move || {
        if handover_needed.get().is_some() {
            None
        } else {
            to_act_human.get()
        }
    });

    // Computer seats act on their own, one action at a time.
    let scheduled = StoredValue::new(None::<usize>);
    Effect::new(move |_| {
        let (seat, moves) = m.with(|m| (m.computer_to_act(), m.record().moves.len()));
        let Some(seat) = seat else { return };
        if scheduled.get_value() == Some(moves) {
            return;
        }
        scheduled.set_value(Some(moves));
        set_timeout(
            move || {
                let still = m.try_with_untracked(|m| {
                    (m.record().moves.len() == moves && m.computer_to_act() == Some(seat))
                        .then(|| m.state().computer_action(seat))
                });
                if let Some(Some(action)) = still {
                    apply(seat, action, false);
                }
            },
            COMPUTER_DELAY,
        );
    });

    let confirm_handover = move |seat: Seat| {
        meta.update(|g| g.confirmed_seat = Some(seat));
        persist();
    };

    let set_kind = move |seat: Seat, kind: SeatKind| {
        m.update(|m| m.set_seat_kind(seat, kind));
        persist();
    };

    let seats = move || m.with(|m| m.seats().to_vec());
    let name_of = move |s: Seat| m.with(|m| m.seats()[s].name.clone());
    let banner = move || {
        let l = i18n.get_locale();
        m.with(|m| {
            if m.state().is_over() {
                return td_string!(l, game_over).to_string();
            }
            let to_act = m.state().to_act();
            let Some(&s) = to_act.first() else {
                return String::new();
            };
            let name = m.seats()[s].name.clone();
            if m.seats()[s].kind == SeatKind::Computer {
                td_string!(l, computer_playing, name = name).to_string()
            } else {
                td_string!(l, turn_of, name = name).to_string()
            }
        })
    };
    let game_name = move || entry.name(i18n.get_locale());
    let ctx = TableCtx { m, act, acting };
    let outcome = Memo::new(move |_| m.with(|m| m.state().outcome()));

    view! {
        <main class="screen play" data-game=G::ID>
            <header class="topbar">
                <A href=crate::app::href("/") attr:class="button ghost icon" attr:aria-label=move || td_string!(i18n.get_locale(), home).to_string()>
                    <span aria-hidden="true">"⌂"</span>
                </A>
                <h1>{game_name}</h1>
                <button type="button" class="ghost" node_ref=players_btn on:click=move |_| show_players.set(true)>{t!(i18n, players)}</button>
                <button type="button" class="ghost" node_ref=rules_btn on:click=move |_| show_rules.set(true)>{t!(i18n, rules)}</button>
            </header>
            <p class="turn-banner" data-testid="turn-banner">{banner}</p>
            {move || error.get().map(|e| view! { <p class="notice error" role="alert">{e}</p> })}
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
                            <PlayAgain seats=seats() game=G::ID handover=meta.with_untracked(|g| g.handover)/>
                            <A href=crate::app::href("/") attr:class="button">{t!(i18n, home)}</A>
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
                None => G::table(ctx),
            }}
            <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live">{move || announcement.get()}</div>
            <Dialog open=show_rules labelled_by="rules-title" opener=rules_btn>
                {G::rules()}
            </Dialog>
            <Dialog open=show_players labelled_by="players-title" opener=players_btn>
                        <h2 id="players-title">{t!(i18n, players)}</h2>
                        <ul class="seat-kinds">
                            {move || seats().into_iter().enumerate().map(|(s, info)| {
                                let name = info.name.clone();
                                let label = move || td_string!(i18n.get_locale(), seat_kind_label, name = name.clone()).to_string();
                                view! {
                                    <li>
                                        <span>{info.name.clone()}</span>
                                        <div class="segmented" role="group" aria-label=label>
                                            <button type="button" aria-pressed=move || (info.kind == SeatKind::Human).to_string()
                                                on:click=move |_| set_kind(s, SeatKind::Human)>{t!(i18n, human)}</button>
                                            <button type="button" aria-pressed=move || (info.kind == SeatKind::Computer).to_string()
                                                on:click=move |_| set_kind(s, SeatKind::Computer)>{t!(i18n, computer)}</button>
                                        </div>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
            </Dialog>
        </main>
    }
}

/// Starts a new game of the same kind with the same seats and a fresh seed.
#[component]
fn PlayAgain(seats: Vec<SeatInfo>, game: &'static str, handover: bool) -> impl IntoView {
    let i18n = use_i18n();
    let navigate = use_navigate();
    let error = RwSignal::new(None::<String>);
    let start = move |_| match crate::setup::create_game(
        game,
        seats.clone(),
        storage::random_u64(),
        handover,
    ) {
        Ok(id) => navigate(&format!("/play/{id}"), Default::default()),
        Err(e) => error.set(Some(e)),
    };
    view! {
        <button type="button" class="primary" on:click=start>{t!(i18n, play_again)}</button>
        {move || error.get().map(|e| view! { <p class="notice error" role="alert">{e}</p> })}
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
