//! The pieces of the play screen that other screens use too: the dialog,
//! a computer seat's level, the game's options as chosen, the guided first
//! game's button, "play again", and the speed and sound settings.

use crate::contract::GameEntry;
use crate::i18n::*;
use crate::play::newgame::{create_game, set_draft, Draft};
use crate::routes::navigate;
use crate::store::{self, Speed};
use leptos::prelude::*;
use rules::{Level, SeatInfo, SeatKind};
use serde_json::Value;

/// A computer seat's level as a select, among the levels the game offers
/// (`GameEntry::levels`; issue 43: expert only where the game has one).
#[component]
pub fn LevelSelect(
    level: Level,
    levels: &'static [Level],
    #[prop(into)] label: Signal<String>,
    on_change: Callback<Level>,
    /// Shown but not changeable (a finished game's seats).
    #[prop(optional, into)]
    disabled: Signal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <select class="level" data-testid="level" aria-label=move || label.get() disabled=move || disabled.get()
            on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some(l) = levels.iter().copied().find(|l| l.id() == v) {
                    on_change.run(l);
                }
            }>
            {levels.iter().copied().map(|l| view! {
                <option value=l.id() selected=l == level>{move || level_text(l, i18n.get_locale())}</option>
            }).collect_view()}
        </select>
    }
}

/// The game's options as chosen at setup, under its rules.
#[component]
pub fn OptionsSummary(entry: GameEntry, options: Value) -> impl IntoView {
    let i18n = use_i18n();
    let specs = (entry.options)();
    (!specs.is_empty()).then(|| {
        view! {
            <h3>{t!(i18n, options_title)}</h3>
            <dl class="options-summary" data-testid="options-summary">
                {specs.into_iter().map(|spec| {
                    let value = options.get(spec.key).cloned().unwrap_or_else(|| spec.default_value());
                    let key = spec.key;
                    let shown = move || match &value {
                        Value::String(s) => (entry.option_label)(&format!("{key}.{s}"), i18n.get_locale()),
                        Value::Bool(b) => if *b { "✓".into() } else { "✗".into() },
                        Value::Array(a) => a.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "),
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
/// fresh seed; with no human seat it goes through setup, so a game does not
/// start playing itself.
/// Starts the game's guided first game (issue 25), where it has one.
#[component]
pub fn LessonButton(entry: GameEntry) -> impl IntoView {
    let i18n = use_i18n();
    let error = RwSignal::new(None::<Text>);
    let start = move |_| match crate::play::newgame::create_lesson(&entry) {
        Ok(id) => navigate(&format!("/play/{id}")),
        Err(e) => error.set(Some(e)),
    };
    (entry.lesson)().is_some().then(|| view! {
        <button type="button" data-testid="lesson-start" on:click=start>{t!(i18n, lesson_start)}</button>
        {move || error.get().map(|e| view! { <p class="notice error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
    })
}

#[component]
pub fn PlayAgain(
    entry: GameEntry,
    seats: Vec<SeatInfo>,
    options: Value,
    handover: bool,
    coach: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let error = RwSignal::new(None::<Text>);
    let start = move |_| {
        if seats.iter().all(|s| s.kind == SeatKind::Computer) {
            set_draft(Draft {
                game: entry.id,
                seats: seats.clone(),
                options: options.clone(),
                handover,
                coach,
            });
            navigate(&format!("/new/{}", entry.id));
            return;
        }
        match create_game(
            &entry,
            seats.clone(),
            &options,
            store::random_u64(),
            handover,
            coach,
        ) {
            Ok(id) => navigate(&format!("/play/{id}")),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <button type="button" class="primary" data-testid="play-again" on:click=start>{t!(i18n, play_again)}</button>
        {move || error.get().map(|e| view! { <p class="notice error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
    }
}

/// A modal dialog: it opens scrolled to its top with focus on the dialog
/// itself, Escape or the button closes it, and focus returns to the button
/// that opened it.
#[component]
pub fn Dialog(
    open: RwSignal<bool>,
    labelled_by: &'static str,
    opener: NodeRef<leptos::html::Button>,
    children: ChildrenFn,
) -> impl IntoView {
    let i18n = use_i18n();
    let dialog = NodeRef::<leptos::html::Div>::new();
    let close = move || {
        open.set(false);
        if let Some(b) = opener.get_untracked() {
            let _ = b.focus();
        }
    };
    Effect::new(move |_| {
        if let Some(d) = dialog.get() {
            let _ = d.focus();
            d.set_scroll_top(0);
        }
    });
    view! {
        <Show when=move || open.get()>
            <div class="overlay" on:keydown=move |ev| if ev.key() == "Escape" { close() }>
                <div class="dialog" role="dialog" aria-modal="true" aria-labelledby=labelled_by tabindex="-1" node_ref=dialog>
                    {children()}
                    <button type="button" class="primary" on:click=move |_| close()>{t!(i18n, close)}</button>
                </div>
            </div>
        </Show>
    }
}

/// How fast computer seats play, remembered on this device.
#[component]
pub fn SpeedSetting(speed: RwSignal<Speed>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="speed-setting">
            <span id="speed-label">{t!(i18n, computer_speed)}</span>
            <div class="segmented" role="group" aria-labelledby="speed-label" data-testid="speed">
                {Speed::ALL.into_iter().map(|v| view! {
                    <button type="button" aria-pressed=move || (speed.get() == v).to_string()
                        on:click=move |_| {
                            let mut s = store::load_settings();
                            s.speed = v;
                            store::save_settings(s);
                            speed.set(v);
                        }>
                        {move || speed_text(v, i18n.get_locale())}
                    </button>
                }).collect_view()}
            </div>
        </div>
    }
}

/// A device setting's switch: its test id, how it is read from and
/// written into the settings, and its label.
fn setting_switch(
    testid: &'static str,
    get: fn(&store::Settings) -> bool,
    set: fn(&mut store::Settings, bool),
    label: fn(crate::i18n::Locale) -> String,
) -> impl IntoView {
    let i18n = use_i18n();
    let on = RwSignal::new(get(&store::load_settings()));
    view! {
        <label class="check">
            <input type="checkbox" data-testid=testid prop:checked=move || on.get()
                on:change=move |ev| {
                    let mut s = store::load_settings();
                    set(&mut s, event_target_checked(&ev));
                    store::save_settings(s);
                    on.set(get(&s));
                }/>
            {move || label(i18n.get_locale())}
        </label>
    }
}

/// The sound switch (issue 40), on the home screen and every table.
#[component]
pub fn SoundSetting() -> impl IntoView {
    setting_switch(
        "sound-setting",
        |s| s.sound,
        |s, on| s.sound = on,
        |l| td_string!(l, sound_setting).to_string(),
    )
}

/// The switch for celebrations (issue 40), remembered on this device.
#[component]
pub fn CheersSetting() -> impl IntoView {
    setting_switch(
        "cheers-setting",
        |s| s.cheers,
        |s, on| s.cheers = on,
        |l| td_string!(l, cheers_setting).to_string(),
    )
}

fn speed_text(v: Speed, l: crate::i18n::Locale) -> String {
    match v {
        Speed::Slow => td_string!(l, speed_slow),
        Speed::Normal => td_string!(l, speed_normal),
        Speed::Fast => td_string!(l, speed_fast),
        Speed::Instant => td_string!(l, speed_instant),
    }
    .to_string()
}
