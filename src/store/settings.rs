//! What this device remembers besides games: the language, the settings
//! (computer speed, sound, vibration) and which guided first games were seen.

use crate::store::local::*;
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

pub const LANG_KEY: &str = "spielblock.lang";

pub const SETTINGS_KEY: &str = "spielblock.settings";

/// The language chosen on this device. Stored as a JSON string (`"de"`),
/// read here without a JSON parser: the first load carries none (issue 42).
/// Anything but a plain quoted code is ignored.
pub fn load_lang() -> Option<String> {
    let raw = get_raw(LANG_KEY)?;
    let code = raw.strip_prefix('"')?.strip_suffix('"')?;
    code.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        .then(|| code.to_string())
}

/// Remembers the language chosen (`"de"`, as older builds wrote it). Only
/// a plain code is stored.
pub fn save_lang(lang: &str) {
    if let Some(s) = storage() {
        if lang.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            let _ = s.set_item(LANG_KEY, &format!("\"{lang}\""));
        }
    }
}

/// Device settings, remembered in this browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// A short vibration on a roll, where the device supports it.
    pub vibrate: bool,
    /// How fast computer seats play.
    #[serde(default)]
    pub speed: Speed,
    /// Short sounds for dice, cards, a mine, the end of a game (on unless
    /// turned off; settings saved before it had none are on).
    #[serde(default = "on")]
    pub sound: bool,
    /// A short celebration for a good moment: a personal best, a hole in
    /// one, a clean win (on unless turned off; issue 40).
    #[serde(default = "on")]
    pub cheers: bool,
}

pub(crate) fn on() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            vibrate: true,
            speed: Speed::Normal,
            sound: true,
            cheers: true,
        }
    }
}

/// How fast computer seats play: the pause before each of their moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The pause before a computer's move.
    pub fn pause_ms(self) -> u64 {
        match self {
            Speed::Slow => 1200,
            Speed::Normal => 600,
            Speed::Fast => 250,
            Speed::Instant => 0,
        }
    }
}

/// The games whose guided first game was played or declined on this
/// device (issue 25): it is offered once.
pub const LESSONS_KEY: &str = "spielblock.lessons";

pub fn lesson_seen(game: &str) -> bool {
    storage().is_none()
        || LocalStorage::get::<Vec<String>>(LESSONS_KEY)
            .unwrap_or_default()
            .iter()
            .any(|g| g == game)
}

pub fn mark_lesson_seen(game: &str) {
    if storage().is_some() && !lesson_seen(game) {
        let mut seen: Vec<String> = LocalStorage::get(LESSONS_KEY).unwrap_or_default();
        seen.push(game.to_string());
        let _ = LocalStorage::set(LESSONS_KEY, seen);
    }
}

/// Unreadable settings fall back to the defaults (they hold nothing to lose).
/// Read on every move (`Session::feel`): parsed again only when the stored
/// text changed (here, in another tab or by a restored backup).
pub fn load_settings() -> Settings {
    thread_local! {
        static PARSED: std::cell::RefCell<Option<(String, Settings)>> =
            const { std::cell::RefCell::new(None) };
    }
    let Some(raw) = get_raw(SETTINGS_KEY) else {
        return Settings::default();
    };
    PARSED.with_borrow_mut(|parsed| match parsed {
        Some((was, settings)) if *was == raw => *settings,
        _ => {
            let settings = serde_json::from_str(&raw).unwrap_or_default();
            *parsed = Some((raw, settings));
            settings
        }
    })
}

pub fn save_settings(settings: Settings) {
    if storage().is_some() {
        let _ = LocalStorage::set(SETTINGS_KEY, settings);
    }
}
