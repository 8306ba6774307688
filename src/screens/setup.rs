//! New-game setup: seats within the game's limits, names, order, human or
//! computer with its level, the game's options, the hand-over option, and an
//! optional seed.

use crate::contract::GameEntry;
use crate::games;
use crate::i18n::Text;
use crate::i18n::*;
use crate::platform::lang::LangSwitch;
use crate::play::dialogs::LevelSelect;
use crate::play::levels::LevelStatus;
use crate::play::newgame::{create_daily, create_game, take_draft};
use crate::routes::{navigate, Link};
use crate::store;
use leptos::prelude::*;
use rules::{Level, OptionKind, OptionSpec, SeatInfo, SeatKind};
use serde_json::Value;

#[derive(Clone, Copy)]
struct Row {
    key: u32,
    name: RwSignal<String>,
    kind: RwSignal<SeatKind>,
    level: RwSignal<Level>,
    /// A person playing on their own phone (issue 41).
    remote: RwSignal<bool>,
}

#[component]
pub fn Setup(game: String) -> impl IntoView {
    let id = game;
    match games::find(&id) {
        Some(_) => games::when_loaded(vec![id.clone()], move || {
            let entry = games::find(&id).expect("a registered game");
            view! { <SetupForm entry/> }
        }),
        _ => {
            let i18n = use_i18n();
            view! {
                <main class="screen">
                    <p class="notice error" role="alert">{move || td_string!(i18n.get_locale(), unknown_game, id = id.clone()).to_string()}</p>
                    <Link to={"/".to_string()} class="button">{t!(i18n, home)}</Link>
                </main>
            }
            .into_any()
        }
    }
}

#[component]
fn SetupForm(entry: GameEntry) -> impl IntoView {
    let i18n = use_i18n();
    let next_key = StoredValue::new(0u32);
    // Names start empty: the field shows "Player N" as a placeholder, which
    // is also the name if it stays empty.
    let make_row = move |name: String, kind: SeatKind, level: Level| {
        let key = next_key.get_value();
        next_key.set_value(key + 1);
        Row {
            key,
            name: RwSignal::new(name),
            kind: RwSignal::new(kind),
            level: RwSignal::new(level),
            remote: RwSignal::new(false),
        }
    };
    // "Play again" with no human seat comes here with its seats and options.
    let draft = take_draft(entry.id);
    let initial: Vec<Row> = match &draft {
        Some(d) => d
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                // A default name stays a default: it follows the language.
                let default = crate::i18n::shown_name(&s.name, i, Locale::en) != s.name
                    || crate::i18n::shown_name(&s.name, i, Locale::de) != s.name;
                let name = if default {
                    String::new()
                } else {
                    s.name.clone()
                };
                make_row(name, s.kind, s.level)
            })
            .collect(),
        None => (1..=entry.default_seats)
            .map(|n| {
                let kind = if n == entry.default_seats && n > 1 {
                    SeatKind::Computer
                } else {
                    SeatKind::Human
                };
                make_row(String::new(), kind, Level::Strong)
            })
            .collect(),
    };
    let rows = RwSignal::new(initial);
    let handover = RwSignal::new(entry.private_info || draft.as_ref().is_some_and(|d| d.handover));
    let coach = RwSignal::new(draft.as_ref().is_some_and(|d| d.coach));
    let seed_text = RwSignal::new(String::new());
    // The daily challenge: solo, with the date's seed.
    let daily = RwSignal::new(false);
    let daily_offered = entry.daily;
    let error = RwSignal::new(None::<Text>);
    let say = move |f: fn(Locale) -> String| error.set(Some(Text::new(f)));
    // The game's options, starting at their defaults.
    let specs = (entry.options)();
    let mut start_options: serde_json::Map<String, Value> = specs
        .iter()
        .map(|s| (s.key.to_string(), s.default_value()))
        .collect();
    if let Some(Value::Object(o)) = draft.map(|d| d.options) {
        start_options.extend(o);
    }
    let options = RwSignal::new(start_options);
    let option_problem = Signal::derive(move || {
        let n = rows.with(Vec::len).clamp(entry.min_seats, entry.max_seats);
        let seats = (0..n).map(|i| SeatInfo::human(format!("P{i}"))).collect();
        let opts = Value::Object(options.get());
        (entry.new_record)(seats, &opts, 1).err()
    });
    // Options under which only people play (real cards): every seat turns
    // into a person and the computer is not offered.
    let people_only =
        Memo::new(move |_| options.with(|o| (entry.people_only)(&Value::Object(o.clone()))));
    Effect::new(move |_| {
        if people_only.get() {
            rows.with_untracked(|r| r.iter().for_each(|row| row.kind.set(SeatKind::Human)));
        }
    });
    let (min, max) = (entry.min_seats, entry.max_seats);
    let private_info = entry.private_info;
    let title = move || {
        let l = i18n.get_locale();
        td_string!(l, setup_title, game = (entry.name)(l)).to_string()
    };

    let add = move |_| {
        let n = rows.with(Vec::len) + 1;
        if n <= max {
            let row = make_row(String::new(), SeatKind::Human, Level::Strong);
            rows.update(|r| r.push(row));
        }
    };
    let position = move |key: u32| rows.with(|r| r.iter().position(|x| x.key == key));
    // The name a row plays under: what was typed, else its placeholder.
    let effective = move |i: usize, typed: &str| {
        let t = typed.trim();
        if t.is_empty() {
            td_string!(i18n.get_locale_untracked(), default_name, n = i + 1).to_string()
        } else {
            t.to_string()
        }
    };
    let names_now = move || {
        rows.with(|r| {
            r.iter()
                .enumerate()
                .map(|(i, row)| effective(i, &row.name.get()))
                .collect::<Vec<_>>()
        })
    };
    // Two players with one name would make "pass to NAME" ambiguous.
    let duplicate = move |key: u32| {
        let Some(i) = position(key) else { return false };
        let names = names_now();
        names
            .iter()
            .enumerate()
            .any(|(j, n)| j != i && n.eq_ignore_ascii_case(&names[i]))
    };
    let shift = move |key: u32, up: bool| {
        if let Some(i) = position(key) {
            rows.update(|r| {
                if up && i > 0 {
                    r.swap(i, i - 1);
                } else if !up && i + 1 < r.len() {
                    r.swap(i, i + 1);
                }
            });
        }
    };
    let remove = move |key: u32| {
        if rows.with(Vec::len) > min {
            rows.update(|r| r.retain(|x| x.key != key));
        }
    };

    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let seats: Vec<SeatInfo> = rows.with_untracked(|r| {
            r.iter()
                .enumerate()
                .map(|(i, row)| SeatInfo {
                    kind: row.kind.get_untracked(),
                    level: row.level.get_untracked(),
                    remote: row.remote.get_untracked()
                        && row.kind.get_untracked() == SeatKind::Human,
                    ..SeatInfo::human(effective(i, &row.name.get_untracked()))
                })
                .collect()
        });
        if let Some(dup) = (0..seats.len())
            .find(|&i| {
                seats[..i]
                    .iter()
                    .any(|s| s.name.eq_ignore_ascii_case(&seats[i].name))
            })
            .map(|i| seats[i].name.clone())
        {
            error.set(Some(Text::new(move |l| {
                td_string!(l, name_taken, name = dup.clone()).to_string()
            })));
            return;
        }
        let seed_str = seed_text.get_untracked();
        let seed = if seed_str.trim().is_empty() {
            store::random_u64()
        } else if let Ok(s) = seed_str.trim().parse::<u64>() {
            s
        } else {
            say(|l| td_string!(l, seed_invalid).to_string());
            return;
        };
        let opts = Value::Object(options.get_untracked());
        if daily.get_untracked() && seats.len() == 1 {
            match create_daily(&entry, seats[0].clone(), &opts) {
                Ok(id) => navigate(&format!("/play/{id}")),
                Err(e) => error.set(Some(e)),
            }
            return;
        }
        match create_game(
            &entry,
            seats,
            &opts,
            seed,
            handover.get_untracked(),
            coach.get_untracked() && !people_only.get_untracked(),
        ) {
            Ok(id) => navigate(&format!("/play/{id}")),
            Err(e) => error.set(Some(e)),
        }
    };

    view! {
        <main class="screen setup">
            <header class="topbar">
                <Link to={"/".to_string()} class="button ghost">"← "{t!(i18n, back)}</Link>
                <h1>{title}</h1>
                <LangSwitch/>
            </header>
            <LessonOffer entry/>
            <form on:submit=start novalidate>
                <fieldset>
                    // "Players (2)" where the game takes just that many.
                    <legend>{t!(i18n, players)}{if min == max { format!(" ({min})") } else { format!(" ({min}–{max})") }}</legend>
                    <ol class="seats">
                        <For each=move || rows.get() key=|r| r.key let:row>
                            {
                                let key = row.key;
                                let index = move || position(key).unwrap_or(0);
                                let name = move || effective(index(), &row.name.get());
                                let dup = Memo::new(move |_| duplicate(key));
                                view! {
                                    <li class="seat-row" data-testid="seat-row">
                                        <input type="text" maxlength="24" autocomplete="off"
                                            class:invalid=move || dup.get()
                                            aria-invalid=move || dup.get().to_string()
                                            placeholder=move || td_string!(i18n.get_locale(), default_name, n = index() + 1).to_string()
                                            aria-label=move || td_string!(i18n.get_locale(), seat_name_label, n = index() + 1).to_string()
                                            prop:value=move || row.name.get()
                                            on:input=move |ev| row.name.set(event_target_value(&ev))/>
                                        <div class="segmented" role="group"
                                            aria-label=move || td_string!(i18n.get_locale(), seat_kind_label, name = name()).to_string()>
                                            <button type="button" aria-pressed=move || (row.kind.get() == SeatKind::Human && !row.remote.get()).to_string()
                                                on:click=move |_| { row.kind.set(SeatKind::Human); row.remote.set(false) }>{t!(i18n, human)}</button>
                                            <button type="button" aria-pressed=move || (row.kind.get() == SeatKind::Computer).to_string()
                                                disabled=move || people_only.get()
                                                on:click=move |_| { row.kind.set(SeatKind::Computer); row.remote.set(false) }>{t!(i18n, computer)}</button>
                                            // A person on their own phone (issue 41): the game is
                                            // held here, their phone joins with an invitation.
                                            <button type="button" data-testid="seat-remote" aria-pressed=move || (row.kind.get() == SeatKind::Human && row.remote.get()).to_string()
                                                on:click=move |_| { row.kind.set(SeatKind::Human); row.remote.set(true) }>{t!(i18n, seat_phone)}</button>
                                        </div>
                                        {move || (row.kind.get() == SeatKind::Computer).then(|| view! {
                                            <LevelSelect level=row.level.get_untracked() levels=entry.levels
                                                label=Signal::derive(move || td_string!(i18n.get_locale(), level_label, name = name()).to_string())
                                                on_change=Callback::new(move |lv| row.level.set(lv))/>
                                            <LevelStatus entry level=row.level.into()/>
                                        })}
                                        <div class="row-tools">
                                            <button type="button" class="icon" disabled={move || index() == 0}
                                                aria-label=move || td_string!(i18n.get_locale(), move_up, name = name()).to_string()
                                                on:click=move |_| shift(key, true)>"↑"</button>
                                            <button type="button" class="icon" disabled={move || index() + 1 == rows.with(Vec::len)}
                                                aria-label=move || td_string!(i18n.get_locale(), move_down, name = name()).to_string()
                                                on:click=move |_| shift(key, false)>"↓"</button>
                                            <button type="button" class="icon" disabled={move || rows.with(Vec::len) <= min}
                                                aria-label=move || td_string!(i18n.get_locale(), remove, name = name()).to_string()
                                                on:click=move |_| remove(key)>"✕"</button>
                                        </div>
                                    </li>
                                }
                            }
                        </For>
                    </ol>
                    <button type="button" on:click=add data-testid="add-player" disabled={move || rows.with(Vec::len) >= max}>"+ "{t!(i18n, add_player)}</button>
                    // Across phones with no seat here (issue 41): this device
                    // holds the game in the middle of the table, and nobody's
                    // secrets are on its screen.
                    {move || {
                        let (phones, here) = rows.with(|r| (
                            r.iter().filter(|x| x.kind.get() == SeatKind::Human && x.remote.get()).count(),
                            r.iter().filter(|x| x.kind.get() == SeatKind::Human && !x.remote.get()).count(),
                        ));
                        if phones == 0 {
                            None
                        } else if here == 0 {
                            Some(view! { <p class="hint" data-testid="host-mode">{t!(i18n, host_no_seat)}</p> })
                        } else {
                            Some(view! { <p class="hint" data-testid="host-mode">{t!(i18n, host_with_seat)}</p> })
                        }
                    }}
                </fieldset>
                {move || (daily_offered && rows.with(Vec::len) == 1).then(|| view! {
                    <label class="check daily-option">
                        <input type="checkbox" data-testid="daily" prop:checked=move || daily.get()
                            on:change=move |ev| daily.set(event_target_checked(&ev))/>
                        {move || td_string!(i18n.get_locale(), daily_option, date = crate::store::today()).to_string()}
                    </label>
                })}
                {(!specs.is_empty()).then(|| view! {
                    <fieldset class="options" data-testid="options">
                        <legend>{t!(i18n, options_title)}</legend>
                        {specs.clone().into_iter().map(|spec| view! { <OptionField entry spec options seats=Signal::derive(move || rows.with(Vec::len))
                            daily=Signal::derive(move || daily.get() && rows.with(Vec::len) == 1)/> }).collect_view()}
                        // What the rules say of the options as they stand, at
                        // once and next to them, not after Start at the
                        // bottom (issue 40): a game is set up on a copy with
                        // as many placeholder seats as the game allows.
                        {move || option_problem.get().map(|e| view! {
                            <p class="notice error" role="alert" data-testid="option-problem">{move || e.get(i18n.get_locale())}</p>
                        })}
                    </fieldset>
                })}
                {if private_info {
                    view! { <p class="hint">{t!(i18n, handover_forced)}</p> }.into_any()
                } else {
                    view! {
                        <label class="check">
                            <input type="checkbox" data-testid="handover-option" prop:checked=move || handover.get()
                                on:change=move |ev| handover.set(event_target_checked(&ev))/>
                            {t!(i18n, handover_option)}
                        </label>
                    }.into_any()
                }}
                <label class="check">
                    // A daily challenge is never coached: shown unticked.
                    <input type="checkbox" data-testid="coach-option"
                        prop:checked=move || coach.get() && !(daily.get() && rows.with(Vec::len) == 1) && !people_only.get()
                        prop:disabled=move || (daily.get() && rows.with(Vec::len) == 1) || people_only.get()
                        on:change=move |ev| coach.set(event_target_checked(&ev))/>
                    {t!(i18n, coach_option)}
                </label>
                <details>
                    <summary>{t!(i18n, advanced)}</summary>
                    <label class="field">
                        <span>{t!(i18n, seed_label)}</span>
                        <input type="text" inputmode="numeric" name="seed" data-testid="seed"
                            prop:value=move || seed_text.get()
                            on:input=move |ev| seed_text.set(event_target_value(&ev))/>
                    </label>
                </details>
                {move || error.get().map(|e| view! { <p class="notice error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
                <button type="submit" class="primary big">{t!(i18n, start_game)}</button>
            </form>
        </main>
    }
}

/// One option of the game at setup, drawn from its description.
#[component]
fn OptionField(
    entry: GameEntry,
    spec: OptionSpec,
    options: RwSignal<serde_json::Map<String, Value>>,
    /// How many seats the game would start with.
    seats: Signal<usize>,
    /// A daily challenge is chosen: it is played with the app's dice.
    daily: Signal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let key = spec.key;
    let label = move || (entry.option_label)(key, i18n.get_locale());
    let current = move || options.with(|o| o.get(key).cloned().unwrap_or(Value::Null));
    let set = move |v: Value| {
        options.update(|o| {
            o.insert(key.to_string(), v);
        })
    };
    match spec.kind {
        OptionKind::Int { min, max, .. } => {
            // The largest value the rules take with the other options as
            // they stand (mines on a board: a quarter of its cells, so
            // "1–30" on 11 x 11, not "1–225"), found by asking the rules;
            // the widest where they refuse the others too.
            let top = Memo::new(move |_| {
                let n = seats.get().clamp(entry.min_seats, entry.max_seats);
                let mut o = options.get();
                let mut takes = |v: i64| {
                    o.insert(key.to_string(), Value::from(v));
                    let seats = (0..n).map(|i| SeatInfo::human(format!("P{i}"))).collect();
                    (entry.new_record)(seats, &Value::Object(o.clone()), 1).is_ok()
                };
                if takes(max) || !takes(min) {
                    return max;
                }
                let (mut lo, mut hi) = (min, max);
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if takes(mid) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                lo
            });
            view! {
            <label class="field">
                <span>{label}" ("{min}"–"{move || top.get()}")"</span>
                <input type="number" inputmode="numeric" min=min max=move || top.get() step="1" data-option=key
                    prop:value=move || current().to_string()
                    on:input=move |ev| {
                        // Kept as typed; the rules check the range on Start.
                        let text = event_target_value(&ev);
                        set(text.trim().parse::<i64>().map(Value::from).unwrap_or(Value::String(text)));
                    }/>
            </label>
            }
            .into_any()
        }
        // Dice from the table (R-G-5) or real cards (R-GN-14): explained,
        // and never in a daily challenge.
        OptionKind::Bool { .. }
            if key == rules::chance::OPTION || key == rules::chance::CARDS_OPTION =>
        {
            let on = move || current().as_bool().unwrap_or(false) && !daily.get();
            let dice = key == rules::chance::OPTION;
            let note = move || {
                let l = i18n.get_locale();
                if dice {
                    td_string!(l, table_dice_note).to_string()
                } else {
                    td_string!(l, real_cards_note).to_string()
                }
            };
            view! {
                <label class="check">
                    <input type="checkbox" data-option=key prop:checked=on
                        prop:disabled=move || daily.get()
                        on:change=move |ev| set(Value::Bool(event_target_checked(&ev)))/>
                    {label}
                </label>
                <p class="hint" data-testid=if dice { "table-dice-note" } else { "real-cards-note" }>{note}</p>
            }
            .into_any()
        }
        OptionKind::Bool { .. } => view! {
            <label class="check">
                <input type="checkbox" data-option=key prop:checked=move || current().as_bool().unwrap_or(false)
                    on:change=move |ev| set(Value::Bool(event_target_checked(&ev)))/>
                {label}
            </label>
        }
        .into_any(),
        OptionKind::Set { values, .. } => {
            let has = move |x: i64| {
                options.with(|o| {
                    o.get(key)
                        .and_then(Value::as_array)
                        .is_some_and(|a| a.iter().any(|v| v.as_i64() == Some(x)))
                })
            };
            let toggle = move |x: i64| {
                // Kept in the listed order; the rules check how many.
                let now: Vec<i64> = values
                    .iter()
                    .copied()
                    .filter(|&v| if v == x { !has(v) } else { has(v) })
                    .collect();
                set(Value::Array(now.into_iter().map(Value::from).collect()));
            };
            view! {
                <div class="field">
                    <span>{label}</span>
                    <div class="toggles" role="group" aria-label=label data-option=key>
                        {values.iter().map(|&x| view! {
                            <button type="button" aria-pressed=move || has(x).to_string() on:click=move |_| toggle(x)>{x}</button>
                        }).collect_view()}
                    </div>
                </div>
            }
            .into_any()
        }
        OptionKind::Choice { values, default } => {
            // A value the rules refuse for this many seats (where the
            // default is accepted) is not offered, e.g. teams of two.
            let refused = move |v: &str| {
                let try_with = |value: &str| {
                    let mut o = options.get();
                    o.insert(key.to_string(), Value::String(value.to_string()));
                    let seats = (0..seats.get())
                        .map(|i| SeatInfo::human(format!("P{}", i + 1)))
                        .collect();
                    (entry.new_record)(seats, &Value::Object(o), 1).is_ok()
                };
                v != default && !try_with(v) && try_with(default)
            };
            // A value picked before the seats changed falls back when the
            // rules no longer take it.
            Effect::new(move |_| {
                let now = current();
                if now.as_str().is_some_and(refused) {
                    set(Value::String(default.to_string()));
                }
            });
            view! {
            <label class="field">
                <span>{label}</span>
                <select data-option=key on:change=move |ev| set(Value::String(event_target_value(&ev)))>
                    {values.iter().map(|&v| view! {
                        <option value=v selected=move || current().as_str() == Some(v) disabled=move || refused(v)>
                            {move || (entry.option_label)(&format!("{key}.{v}"), i18n.get_locale())}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            }
            .into_any()
        }
    }
}

/// A game's guided first game, offered at its first opening on this device
/// (issue 25); once started or declined it is found in the game's rules.
#[component]
fn LessonOffer(entry: GameEntry) -> impl IntoView {
    let i18n = use_i18n();
    let open = RwSignal::new((entry.lesson)().is_some() && !store::lesson_seen(entry.id));
    move || {
        open.get().then(|| {
            view! {
                <section class="notice lesson-offer" data-testid="lesson-offer">
                    <p>{move || td_string!(i18n.get_locale(), lesson_offer, game = (entry.name)(i18n.get_locale())).to_string()}</p>
                    <div class="actions">
                        <crate::play::dialogs::LessonButton entry/>
                        <button type="button" class="ghost" data-testid="lesson-decline" on:click=move |_| {
                            store::mark_lesson_seen(entry.id);
                            open.set(false);
                        }>{t!(i18n, lesson_decline)}</button>
                    </div>
                </section>
            }
        })
    }
}
