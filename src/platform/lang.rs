//! The language at start (remembered, else the browser's), the switch,
//! and dates in words.

use crate::i18n::locale::*;
use crate::store;
use leptos::prelude::*;

pub fn lang_code(l: Locale) -> &'static str {
    match l {
        Locale::de => "de",
        _ => "en",
    }
}

/// The language at start: the remembered one, else the browser's.
pub fn initial_locale() -> Locale {
    let stored = store::load_lang();
    let browser = || {
        web_sys::window()
            .map(|w| w.navigator().languages())
            .and_then(|langs| langs.get(0).as_string())
            .or_else(|| web_sys::window().and_then(|w| w.navigator().language()))
    };
    let code = stored.or_else(browser).unwrap_or_default();
    if code.to_ascii_lowercase().starts_with("de") {
        Locale::de
    } else {
        Locale::en
    }
}

/// The bar atop a screen that is not a table: the way back (to `to`, named
/// by the text `label`, a `keys::` constant) and the language switch.
#[component]
pub fn BackBar(to: &'static str, label: usize) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <header class="topbar">
            <crate::routes::Link to={to.to_string()} class="button ghost">"← "{tr(i18n, label)}</crate::routes::Link>
            <LangSwitch/>
        </header>
    }
}

/// The language switch, on every screen.
#[component]
pub fn LangSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let switch = move |_| {
        let next = match i18n.get_locale_untracked() {
            Locale::de => Locale::en,
            _ => Locale::de,
        };
        i18n.set_locale(next);
        store::save_lang(lang_code(next));
    };
    view! {
        <button type="button" class="ghost lang" data-testid="lang-switch"
            aria-label=move || td_string!(i18n.get_locale(), switch_lang_label).to_string()
            on:click=switch>{t!(i18n, switch_lang)}</button>
    }
}

/// A date and time in the player's language, from milliseconds since 1970,
/// in the device's time zone: "Nov 24, 2026, 10:53 PM" / "24.11.2026, 22:53",
/// a day and a time as people write them, without seconds (issue 22).
/// Written out here rather than by `toLocaleString`: the browser's first
/// date format loads its locale data, about 75 ms of a phone's main thread
/// (300 ms at 4x throttling) on the home screen's first draw (issue 42).
pub fn when_text(ms: f64, l: Locale) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    let (day, month, year) = (d.get_date(), d.get_month(), d.get_full_year());
    let (hour, minute) = (d.get_hours(), d.get_minutes());
    match l {
        Locale::de => format!("{day:02}.{:02}.{year}, {hour:02}:{minute:02}", month + 1),
        Locale::en => {
            const MONTHS: [&str; 12] = [
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
            ];
            let name = MONTHS[month as usize % 12];
            let half = if hour < 12 { "AM" } else { "PM" };
            let h12 = if hour % 12 == 0 { 12 } else { hour % 12 };
            format!("{name} {day}, {year}, {h12}:{minute:02} {half}")
        }
    }
}
