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

/// A date and time in the player's language, from milliseconds since 1970.
pub fn when_text(ms: f64, l: Locale) -> String {
    // "Nov 24, 2026, 10:53 PM" / "24.11.2026, 22:53": a day and a time as
    // people write them, without seconds.
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    d.to_locale_string(lang_code(l), &options)
        .as_string()
        .unwrap_or_default()
}
