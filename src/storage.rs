//! Saved games in localStorage (gloo-storage), in a versioned schema.
//!
//! Every accepted action rewrites its game's entry at once. Anything under our
//! prefix that cannot be read (broken JSON, a newer schema, a game that no
//! longer replays) is moved aside untouched under `spielblock.quarantine.` so the
//! player can be told and nothing is lost; keys outside our prefix are never
//! touched.

use crate::i18n::*;
use crate::table::Text;
use gloo_storage::{LocalStorage, Storage};
use rules::Outcome;
use serde::{Deserialize, Serialize};

/// The schema of saved games. Bump it and add a migration in `migrate` when
/// the format changes.
pub const SCHEMA: u32 = 1;
pub const GAME_PREFIX: &str = "spielblock.v1.game.";
pub const QUARANTINE_PREFIX: &str = "spielblock.quarantine.";
pub const LANG_KEY: &str = "spielblock.lang";
pub const SETTINGS_KEY: &str = "spielblock.settings";
const QUARANTINE_SEEN_KEY: &str = "spielblock.quarantine-seen";

/// One saved game: app metadata around the rules crate's `Record` (as JSON, so
/// this layer needs no game types).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub schema: u32,
    pub id: String,
    pub game: String,
    pub created: f64,
    pub updated: f64,
    /// Show the "pass to NAME" screen between human seats.
    pub handover: bool,
    /// The seat the device was last handed to (so a reload does not ask again).
    #[serde(default)]
    pub confirmed_seat: Option<usize>,
    #[serde(default)]
    pub finished: bool,
    /// Final scores and places once finished, so lists of finished games need
    /// no replay.
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// Counts writes, so a tab holding an older revision never overwrites
    /// newer moves made in another tab.
    #[serde(default)]
    pub revision: u64,
    /// The turn (or round) as players count it, for the list of games.
    #[serde(default)]
    pub turn: u32,
    /// The date ("2026-11-22") of a daily challenge game.
    #[serde(default)]
    pub daily: Option<String>,
    /// `rules::Record<G>` as JSON.
    pub record: serde_json::Value,
}

impl SavedGame {
    /// A copy with another record (the old record is not copied).
    pub fn with_record(&self, record: serde_json::Value) -> SavedGame {
        SavedGame {
            schema: self.schema,
            id: self.id.clone(),
            game: self.game.clone(),
            created: self.created,
            updated: self.updated,
            handover: self.handover,
            confirmed_seat: self.confirmed_seat,
            finished: self.finished,
            outcome: self.outcome.clone(),
            revision: self.revision,
            turn: self.turn,
            daily: self.daily.clone(),
            record,
        }
    }

    pub fn key(&self) -> String {
        format!("{GAME_PREFIX}{}", self.id)
    }

    pub fn move_count(&self) -> usize {
        self.record
            .get("moves")
            .and_then(|m| m.as_array())
            .map_or(0, Vec::len)
    }

    pub fn seat_names(&self) -> Vec<String> {
        self.record
            .get("seats")
            .and_then(|s| s.as_array())
            .map(|seats| {
                seats
                    .iter()
                    .filter_map(|s| s.get("name").and_then(|n| n.as_str()).map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Why a saved game could not be loaded.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadError {
    Missing,
    /// It was unreadable and has been moved aside.
    Unreadable(Unreadable),
}

/// Why a stored entry is not a saved game this version can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    NotJson,
    NoSchema,
    /// Saved by a newer version of the app.
    Newer(u64),
    NotASavedGame,
    /// Its id does not match the key it is stored under.
    IdMismatch,
}

impl Unreadable {
    pub fn text(&self) -> Text {
        let u = self.clone();
        Text::new(move |l| match &u {
            Unreadable::NotJson => td_string!(l, bad_not_json).to_string(),
            Unreadable::NoSchema | Unreadable::NotASavedGame => {
                td_string!(l, bad_not_saved_game).to_string()
            }
            Unreadable::Newer(n) => td_string!(l, bad_newer, n = n).to_string(),
            Unreadable::IdMismatch => td_string!(l, bad_id).to_string(),
        })
    }
}

/// Why a game could not be saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveError {
    /// The browser offers no storage (blocked, private mode).
    Unavailable,
    /// The browser refused to store it (full or blocked).
    Refused,
    /// Another tab saved newer moves of this game.
    Conflict,
    /// Another tab deleted this game.
    Gone,
}

impl SaveError {
    pub fn text(self) -> Text {
        Text::new(move |l| match self {
            SaveError::Unavailable => td_string!(l, save_unavailable).to_string(),
            SaveError::Refused => td_string!(l, save_refused).to_string(),
            SaveError::Conflict => td_string!(l, save_conflict).to_string(),
            SaveError::Gone => td_string!(l, save_gone).to_string(),
        })
    }
}

/// The raw storage, or None where the browser blocks it (the app still runs).
/// gloo-storage's own accessor would panic there, so it is only used after this
/// check.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn all_keys() -> Vec<String> {
    let Some(s) = storage() else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

/// The raw storage for code that writes many entries at once (`backup`).
pub(crate) fn raw_storage() -> Option<web_sys::Storage> {
    storage()
}

pub(crate) fn get_raw(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Parses a stored game, migrating older schemas.
pub fn parse_saved(raw: &str) -> Result<SavedGame, Unreadable> {
    let value: serde_json::Value = serde_json::from_str(raw).map_err(|_| Unreadable::NotJson)?;
    let schema = value
        .get("schema")
        .and_then(|s| s.as_u64())
        .ok_or(Unreadable::NoSchema)?;
    if schema > u64::from(SCHEMA) {
        return Err(Unreadable::Newer(schema));
    }
    let value = migrate(value, schema)?;
    serde_json::from_value(value).map_err(|_| Unreadable::NotASavedGame)
}

/// Migrations from older schemas to `SCHEMA`. There is only schema 1 so far.
fn migrate(value: serde_json::Value, schema: u64) -> Result<serde_json::Value, Unreadable> {
    match schema {
        1 => Ok(value),
        _ => Err(Unreadable::NoSchema),
    }
}

/// Moves the entry at `key` aside untouched.
pub fn quarantine(key: &str) {
    let Some(s) = storage() else { return };
    if let Ok(Some(raw)) = s.get_item(key) {
        let aside = format!("{QUARANTINE_PREFIX}{}.{}", js_sys::Date::now() as u64, key);
        if s.set_item(&aside, &raw).is_ok() {
            let _ = s.remove_item(key);
        }
    }
}

/// Every readable saved game, newest first. Unreadable ones are quarantined.
pub fn list_games() -> Vec<SavedGame> {
    let mut games = Vec::new();
    for key in all_keys() {
        if !key.starts_with(GAME_PREFIX) {
            continue;
        }
        match get_raw(&key).map(|raw| parse_saved(&raw)) {
            Some(Ok(g)) if g.key() == key => games.push(g),
            Some(_) => quarantine(&key),
            None => {}
        }
    }
    rules::sort_small_by(&mut games, |a, b| a.updated > b.updated);
    games
}

pub fn load_game(id: &str) -> Result<SavedGame, LoadError> {
    let key = format!("{GAME_PREFIX}{id}");
    let raw = get_raw(&key).ok_or(LoadError::Missing)?;
    match parse_saved(&raw) {
        Ok(g) if g.id == id => Ok(g),
        Ok(_) => {
            quarantine(&key);
            Err(LoadError::Unreadable(Unreadable::IdMismatch))
        }
        Err(reason) => {
            quarantine(&key);
            Err(LoadError::Unreadable(reason))
        }
    }
}

pub fn save_game(game: &SavedGame) -> Result<(), SaveError> {
    storage().ok_or(SaveError::Unavailable)?;
    LocalStorage::set(game.key(), game).map_err(|_| SaveError::Refused)
}

/// The revision of the stored game `id` (None if it is not stored; 0 for an
/// entry without one).
pub fn stored_revision(id: &str) -> Option<u64> {
    /// Only the revision: the rest of the entry is skipped, not built.
    #[derive(Deserialize)]
    struct Rev {
        #[serde(default)]
        revision: u64,
    }
    let raw = get_raw(&format!("{GAME_PREFIX}{id}"))?;
    Some(serde_json::from_str::<Rev>(&raw).map_or(0, |r| r.revision))
}

/// Saves `game` as the next revision, unless another tab saved or deleted it
/// since `game.revision`: then nothing is written.
pub fn save_next(game: &mut SavedGame) -> Result<(), SaveError> {
    match stored_revision(&game.id) {
        None => return Err(SaveError::Gone),
        Some(r) if r != game.revision => return Err(SaveError::Conflict),
        Some(_) => {}
    }
    game.revision += 1;
    save_game(game).inspect_err(|_| game.revision -= 1)
}

pub fn delete_game(id: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(&format!("{GAME_PREFIX}{id}"));
    }
}

/// Keys of entries kept aside.
pub fn quarantined() -> Vec<String> {
    let keys: Vec<String> = all_keys()
        .into_iter()
        .filter(|k| k.starts_with(QUARANTINE_PREFIX))
        .collect();
    keys
}

/// One entry kept aside: its key, when it was set aside, and its text.
#[derive(Debug, Clone, PartialEq)]
pub struct AsideItem {
    pub key: String,
    /// Milliseconds since 1970 (from the key), 0 if unknown.
    pub when: f64,
    pub raw: String,
}

pub fn aside_items() -> Vec<AsideItem> {
    quarantined()
        .into_iter()
        .filter_map(|key| {
            let raw = get_raw(&key)?;
            let when = key
                .strip_prefix(QUARANTINE_PREFIX)
                .and_then(|r| r.split('.').next())
                .and_then(|t| t.parse::<u64>().ok())
                .map_or(0.0, |t| t as f64);
            Some(AsideItem { key, when, raw })
        })
        .collect()
}

/// Deletes an entry kept aside (only keys under the quarantine prefix).
pub fn delete_aside(key: &str) {
    if key.starts_with(QUARANTINE_PREFIX) {
        if let Some(s) = storage() {
            let _ = s.remove_item(key);
        }
    }
}

/// Deletes every finished game; returns how many.
pub fn delete_finished() -> usize {
    let done: Vec<SavedGame> = list_games().into_iter().filter(|g| g.finished).collect();
    for g in &done {
        delete_game(&g.id);
    }
    done.len()
}

/// Deletes the `n` finished games that ended longest ago; returns how many.
pub fn delete_oldest_finished(n: usize) -> usize {
    let done: Vec<SavedGame> = list_games().into_iter().filter(|g| g.finished).collect();
    let oldest = &done[done.len().saturating_sub(n)..];
    for g in oldest {
        delete_game(&g.id);
    }
    oldest.len()
}

/// Everything the app stores, as one JSON document (a backup to download).
pub fn export_all() -> String {
    let items: serde_json::Map<String, serde_json::Value> = all_keys()
        .into_iter()
        .filter(|k| k.starts_with("spielblock."))
        .filter_map(|k| get_raw(&k).map(|v| (k, serde_json::Value::String(v))))
        .collect();
    serde_json::json!({
        "app": "spielblock",
        "exported": now(),
        "items": items,
    })
    .to_string()
}

/// How many quarantined entries the player has not yet been told about.
pub fn unseen_quarantined() -> usize {
    let seen: usize = get_raw(QUARANTINE_SEEN_KEY)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    quarantined().len().saturating_sub(seen)
}

pub fn mark_quarantine_seen() {
    if let Some(s) = storage() {
        let _ = s.set_item(QUARANTINE_SEEN_KEY, &quarantined().len().to_string());
    }
}

pub fn load_lang() -> Option<String> {
    storage()?;
    // Written by older builds as a bare string; anything else is ignored.
    LocalStorage::get::<String>(LANG_KEY).ok()
}

pub fn save_lang(lang: &str) {
    if storage().is_some() {
        let _ = LocalStorage::set(LANG_KEY, lang);
    }
}

/// 64 random bits from the browser's CSPRNG (getrandom), for seeds and ids.
pub fn random_u64() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the browser's crypto.getRandomValues");
    u64::from_le_bytes(b)
}

pub fn new_id() -> String {
    format!("{:016x}", random_u64())
}

pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Device settings, remembered in this browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// A short vibration on a roll, where the device supports it.
    pub vibrate: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { vibrate: true }
    }
}

/// Unreadable settings fall back to the defaults (they hold nothing to lose).
pub fn load_settings() -> Settings {
    if storage().is_none() {
        return Settings::default();
    }
    LocalStorage::get(SETTINGS_KEY).unwrap_or_default()
}

pub fn save_settings(settings: Settings) {
    if storage().is_some() {
        let _ = LocalStorage::set(SETTINGS_KEY, settings);
    }
}

/// Removes its `storage` listener when dropped (keep it in the screen's
/// reactive owner, e.g. `StoredValue::new_local`).
pub struct Watch(wasm_bindgen::closure::Closure<dyn Fn(web_sys::StorageEvent)>);

impl Drop for Watch {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        if let Some(w) = web_sys::window() {
            let _ =
                w.remove_event_listener_with_callback("storage", self.0.as_ref().unchecked_ref());
        }
    }
}

/// Calls `f` whenever another tab changes or removes `key` (the browser's
/// `storage` event: it never fires for this tab's own writes).
pub fn watch(key: String, f: impl Fn() + 'static) -> Watch {
    use wasm_bindgen::JsCast;
    let cb = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::StorageEvent)>::new(
        move |e: web_sys::StorageEvent| {
            // A null key means the whole storage was cleared.
            if e.key().is_none_or(|k| k == key) {
                f();
            }
        },
    );
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("storage", cb.as_ref().unchecked_ref());
    }
    Watch(cb)
}

/// Today's date in this device's time zone, as "YYYY-MM-DD".
pub fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// The seed of a game's daily challenge: the same for everyone on a date
/// (FNV-1a over game and date; no network).
pub fn daily_seed(game: &str, date: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in format!("spielblock:{game}:{date}").bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn daily_key(game: &str, date: &str) -> String {
    format!("spielblock.daily.{game}.{date}")
}

/// The day's best score per player name for a game's daily challenge.
pub fn daily_best(game: &str, date: &str) -> Vec<(String, i64)> {
    let mut list: Vec<(String, i64)> = get_raw(&daily_key(game, date))
        .and_then(|raw| serde_json::from_str(&raw).ok())
        .unwrap_or_default();
    rules::sort_small_by(&mut list, |a, b| a.1 > b.1);
    list
}

/// Keeps `score` as `name`'s best of the day if it is; true when it is a new
/// best (or the first score of the day) for that name.
pub fn record_daily(game: &str, date: &str, name: &str, score: i64) -> bool {
    let mut list = daily_best(game, date);
    let better = match list.iter_mut().find(|(n, _)| n == name) {
        Some(entry) if entry.1 >= score => false,
        Some(entry) => {
            entry.1 = score;
            true
        }
        None => {
            list.push((name.to_string(), score));
            true
        }
    };
    if better {
        if let Some(s) = storage() {
            let _ = s.set_item(
                &daily_key(game, date),
                &serde_json::to_string(&list).unwrap_or_default(),
            );
        }
    }
    better
}

fn record_key(game: &str) -> String {
    format!("spielblock.record.{game}")
}

/// A player's personal solo record for a game: score and the date it was
/// set.
pub fn solo_record(game: &str, name: &str) -> Option<(i64, String)> {
    let list: Vec<(String, i64, String)> = get_raw(&record_key(game))
        .and_then(|raw| serde_json::from_str(&raw).ok())
        .unwrap_or_default();
    list.into_iter()
        .find(|(n, _, _)| n == name)
        .map(|(_, s, d)| (s, d))
}

/// Keeps `score` as `name`'s solo record for the game if it beats the old
/// one (or is the first); true when it is a new record.
pub fn record_solo(game: &str, name: &str, score: i64) -> bool {
    let mut list: Vec<(String, i64, String)> = get_raw(&record_key(game))
        .and_then(|raw| serde_json::from_str(&raw).ok())
        .unwrap_or_default();
    let entry = (name.to_string(), score, today());
    match list.iter_mut().find(|(n, _, _)| n == name) {
        Some(old) if old.1 >= score => return false,
        Some(old) => *old = entry,
        None => list.push(entry),
    }
    if let Some(s) = storage() {
        let _ = s.set_item(
            &record_key(game),
            &serde_json::to_string(&list).unwrap_or_default(),
        );
    }
    true
}
