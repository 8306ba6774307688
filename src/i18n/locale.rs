//! The player's language: English and German texts from locales/*.json,
//! compiled in by build.rs (which fails on a missing key or placeholder).
//!
//! Why not leptos_i18n: it worked, but with its ICU locale parsing and
//! context plumbing it cost about 10 KB of the first load (brotli) for two
//! fixed languages. This module is the part the app used: a locale signal in
//! context, `t!` for a reactive text, `td_string!` for a text in a given
//! locale with named placeholders (checked at compile time: a call must name
//! every placeholder of its key, and no other).

use leptos::prelude::*;
use std::fmt::Display;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

/// The app's languages.
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Locale {
    #[default]
    en,
    de,
}

impl Locale {
    /// Every language, for what is kept in each (a language added to the
    /// enum is added here).
    pub const ALL: [Locale; 2] = [Locale::en, Locale::de];

    pub fn as_str(self) -> &'static str {
        match self {
            Locale::en => "en",
            Locale::de => "de",
        }
    }
}

/// A key's text in a locale.
pub fn text(l: Locale, key: usize) -> &'static str {
    if key < SHELL {
        return match l {
            Locale::en => SHELL_EN[key],
            Locale::de => SHELL_DE[key],
        };
    }
    match REST.get() {
        Some(rest) => rest(l, key - SHELL),
        None => {
            // Only a screen drawn before any chunk is in could get here, and
            // every such screen's file is in build.rs's SHELL_FILES: this is
            // a bug for the tests to catch (they fail on a console error).
            web_sys::console::error_1(&format!("text {key} asked before the chunks").into());
            "…"
        }
    }
}

/// Where the texts of the chunks are looked up.
type Lookup = fn(Locale, usize) -> &'static str;

thread_local! {
    /// The texts that travel in the chunks, once one of them is in.
    static REST: std::cell::Cell<Option<Lookup>> = const { std::cell::Cell::new(NO_CHUNKS) };
}

/// Without chunks (the `split` feature off: the browser tests' build) every
/// text is in the one module from the start.
#[cfg(not(feature = "split"))]
const NO_CHUNKS: Option<Lookup> = Some(rest_text);
#[cfg(feature = "split")]
const NO_CHUNKS: Option<Lookup> = None;

/// Called by each chunk's entry points, so that this function and the texts
/// it reaches are in the chunks (shared by them), not in the first load.
pub fn install_texts() {
    REST.set(Some(rest_text));
}

/// Fills the `{{ name }}` placeholders of `template`.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            rest = &rest[start..];
            break;
        };
        let name = after[..end].trim();
        rest = &after[end + 2..];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, v)) => {
                let v = v.to_string();
                // A reason that ends a sentence, put before the template's
                // own full stop, ends it once (never "..").
                let v = match v.strip_suffix('.') {
                    Some(cut) if rest.starts_with('.') && !cut.ends_with('.') => cut,
                    _ => &v,
                };
                out.push_str(v);
            }
            None => {
                out.push_str("{{");
                out.push_str(&after[..end + 2]);
            }
        }
    }
    out.push_str(rest);
    out
}

/// The language in context: read it (tracked or not) and change it.
#[derive(Clone, Copy)]
pub struct I18n(RwSignal<Locale>);

impl I18n {
    pub fn get_locale(&self) -> Locale {
        self.0.get()
    }

    pub fn get_locale_untracked(&self) -> Locale {
        self.0.get_untracked()
    }

    pub fn set_locale(&self, l: Locale) {
        self.0.set(l)
    }
}

pub fn use_i18n() -> I18n {
    use_context::<I18n>().expect("inside I18nContextProvider")
}

/// Provides the language to everything inside and keeps `<html lang>` in
/// step with it.
#[component]
pub fn I18nContextProvider(children: Children) -> impl IntoView {
    let locale = RwSignal::new(Locale::en);
    provide_context(I18n(locale));
    Effect::new(move |_| {
        let l = locale.get();
        if let Some(html) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = html.set_attribute("lang", l.as_str());
        }
    });
    children()
}

/// A key's text in locale `l`; with `name = value` pairs, its placeholders
/// filled (every placeholder named once, no other: checked when compiled).
macro_rules! td_string {
    ($l:expr, $key:ident) => {
        $crate::i18n::locale::text($l, $crate::i18n::locale::keys::$key)
    };
    ($l:expr, $key:ident, $($name:ident = $val:expr),+ $(,)?) => {
        $crate::i18n::locale::args::$key { $($name: &$val),+ }.fill($l)
    };
}

/// A key's text that follows the language of `i18n` (for a view). Every
/// call site gets the same closure type, so the view code that renders a
/// reactive text is compiled once, not once per text (about 10 KB of the
/// download).
pub fn tr(i18n: I18n, key: usize) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || text(i18n.get_locale(), key)
}

/// A key's text that follows the language of `i18n` (for a view).
macro_rules! t {
    ($i18n:expr, $key:ident) => {
        $crate::i18n::locale::tr($i18n, $crate::i18n::locale::keys::$key)
    };
}

pub(crate) use {t, td_string};

/// Every seat's name as shown in locale `l` (`shown_name`), in seat order.
pub fn shown_names<'a>(stored: impl IntoIterator<Item = &'a str>, l: Locale) -> Vec<String> {
    stored
        .into_iter()
        .enumerate()
        .map(|(i, n)| shown_name(n, i, l))
        .collect()
}

/// A seat's name as shown in locale `l`: a name left empty at setup was
/// stored as the default of the language then ("Player 2", "Spieler 2"),
/// and follows the language now (issue 22).
pub fn shown_name(stored: &str, seat: usize, l: Locale) -> String {
    let default = |l| td_string!(l, default_name, n = seat + 1).to_string();
    if [Locale::en, Locale::de]
        .into_iter()
        .any(|x| stored == default(x))
    {
        default(l)
    } else {
        stored.to_string()
    }
}
