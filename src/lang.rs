//! The player's language (a leaf module: only the generated i18n and storage).

use crate::i18n::Locale;
use crate::storage;

pub fn lang_code(l: Locale) -> &'static str {
    match l {
        Locale::de => "de",
        _ => "en",
    }
}

/// The language at start: the remembered choice, else the browser's.
pub fn initial_locale() -> Locale {
    let stored = storage::load_lang();
    let browser = || {
        web_sys::window()
            .map(|w| w.navigator().languages())
            .and_then(|langs| langs.get(0).as_string())
            .or_else(|| web_sys::window().and_then(|w| w.navigator().language()))
    };
    let code = stored.or_else(browser).unwrap_or_default();
    if code.to_lowercase().starts_with("de") {
        Locale::de
    } else {
        Locale::en
    }
}
