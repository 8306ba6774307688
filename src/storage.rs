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
/// A write on its way (`journal`): kept until the gate has stored it.
pub const JOURNAL_PREFIX: &str = "spielblock.journal.";
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
    /// Its id is not one this app gives (empty, too long, or with characters
    /// that break a link or a key).
    BadId,
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
            Unreadable::BadId => td_string!(l, bad_id_chars).to_string(),
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

/// Whether `id` is one this app gives: 1 to 64 of `A-Z a-z 0-9 - _`, so it
/// is safe in a link, a file name and a storage key.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
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
            Some(Ok(g)) if g.key() == key && valid_id(&g.id) => games.push(g),
            Some(_) => quarantine(&key),
            None => {}
        }
    }
    rules::sort_small_by(&mut games, |a, b| a.updated > b.updated);
    games
}

pub fn load_game(id: &str) -> Result<SavedGame, LoadError> {
    if !valid_id(id) {
        return Err(LoadError::Missing);
    }
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
    save_next_over(game, None)
}

/// `save_next`, where `kept` is a revision known to be written already
/// (by the gate), which the stored one may not show yet.
fn save_next_over(game: &mut SavedGame, kept: Option<u64>) -> Result<(), SaveError> {
    match stored_revision(&game.id) {
        None => return Err(SaveError::Gone),
        Some(r) if r.max(kept.unwrap_or(0)) != game.revision => return Err(SaveError::Conflict),
        Some(_) => {}
    }
    game.revision += 1;
    save_game(game).inspect_err(|_| game.revision -= 1)
}

/// Stores a checked game from a file by content (`meet`): a new game under
/// its id; the same game with as many moves or more here: nothing written;
/// its first moves here: brought up to date; anything else under an id of
/// its own, the game here untouched. Returns the id it is stored under.
/// `adopt_gated` runs it as the only writer among all tabs.
pub fn adopt(file: SavedGame, kept: Option<u64>) -> Result<String, SaveError> {
    let here = load_game(&file.id).ok();
    match here.as_ref().map(|h| meet(h, &file)) {
        None | Some(Meet::New) => save_game(&file).map(|()| file.id),
        Some(Meet::Same) => Ok(file.id),
        Some(Meet::Longer) => {
            let here = here.expect("met a stored game");
            let mut next = file;
            next.revision = here.revision.max(kept.unwrap_or(0));
            next.created = next.created.min(here.created);
            save_next_over(&mut next, kept).map(|()| next.id)
        }
        Some(Meet::Diverged | Meet::Other) => {
            let mut copy = file;
            copy.id = copy_id(&copy);
            if load_game(&copy.id).is_err() {
                save_game(&copy)?;
            }
            Ok(copy.id)
        }
    }
}

#[wasm_bindgen::prelude::wasm_bindgen(module = "/src/gate.js")]
extern "C" {
    /// Runs `f(kept)` inside the cross-tab gate (src/gate.js); a promise.
    #[wasm_bindgen(js_name = gate)]
    fn js_gate(name: &str, f: &wasm_bindgen::JsValue) -> js_sys::Promise;
    /// Drops what the gate kept under `name`.
    #[wasm_bindgen(js_name = forget)]
    fn js_forget(name: &str);
}

/// Runs `f(kept)` as the only writer among all tabs (src/gate.js): `kept` is
/// the value last kept under `name` by a gated write; the second value `f`
/// returns is kept as the new one. Where the browser offers no such gate,
/// `f(None)` runs once all the same.
pub async fn gated<T: 'static>(
    name: &str,
    f: impl FnOnce(Option<u64>) -> (T, Option<u64>) + 'static,
) -> T {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::JsValue;
    let job = Rc::new(RefCell::new(Some(f)));
    let out = Rc::new(RefCell::new(None::<T>));
    let (j, o) = (job.clone(), out.clone());
    let cb = wasm_bindgen::closure::Closure::once_into_js(move |kept: JsValue| -> JsValue {
        let Some(f) = j.borrow_mut().take() else {
            return JsValue::UNDEFINED;
        };
        let (value, next) = f(kept.as_f64().map(|k| k as u64));
        *o.borrow_mut() = Some(value);
        next.map_or(JsValue::UNDEFINED, |n| JsValue::from_f64(n as f64))
    });
    let _ = wasm_bindgen_futures::JsFuture::from(js_gate(name, &cb)).await;
    let done = out.borrow_mut().take();
    match done {
        Some(v) => v,
        None => {
            let f = job
                .borrow_mut()
                .take()
                .expect("the job ran or is still here");
            f(None).0
        }
    }
}

/// The gate's name for a saved game.
fn gate_name(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Drops what the gate kept of game `id` (it was written or deleted
/// outside `commit`; its stored revision holds again).
pub fn forget_revision(id: &str) {
    js_forget(&gate_name(id));
}

/// `save_next`, with the check and the write done as the only writer among
/// all tabs (`gated`), against the higher of the stored revision and the one
/// the gate kept (a tab's `localStorage` may not yet show another tab's last
/// write). Two tabs saving the same revision at the same moment cannot both
/// succeed. Returns the game as written (its revision counted on) or why not.
/// The game's journal entry (`journal`) goes once the write is settled.
pub async fn commit(game: SavedGame) -> Result<SavedGame, SaveError> {
    let id = game.id.clone();
    let result = gated(&gate_name(&game.id), move |kept| {
        let mut game = game;
        let mut result = save_next_over(&mut game, kept);
        if result == Err(SaveError::Refused) && drop_journal(&game.id) {
            // The journal's copy took the room the game needed.
            result = save_next_over(&mut game, kept);
        }
        let next = result.is_ok().then_some(game.revision);
        (result.map(|()| game), next)
    })
    .await;
    drop_journal(&id);
    result
}

/// Keeps the next revision of a game at once, in the tap's own task, before
/// the gate (`commit`, asynchronous) stores it: a page closed, reloaded or
/// frozen right after a tap loses nothing the screen showed, as the next
/// start stores it (`recover_journal`). Best effort: where storage has no
/// room for the copy, the write goes on without it.
pub fn journal(game: &SavedGame) {
    let (Some(s), Ok(text)) = (storage(), serde_json::to_string(game)) else {
        return;
    };
    let _ = s.set_item(&format!("{JOURNAL_PREFIX}{}", game.id), &text);
}

/// Drops game `id`'s journal entry; whether there was one.
fn drop_journal(id: &str) -> bool {
    let key = format!("{JOURNAL_PREFIX}{id}");
    let Some(s) = storage() else { return false };
    let had = s.get_item(&key).ok().flatten().is_some();
    let _ = s.remove_item(&key);
    had
}

/// Stores the writes a closed page left in the journal, once, at start:
/// each as the next revision of the game it was made from, if that game is
/// still at that revision (otherwise it was stored, or another tab moved
/// on, and the entry is dropped). Returns how many were stored. A game
/// written here is read by its game's code when opened, as any other.
pub fn recover_journal() -> usize {
    let Some(s) = storage() else { return 0 };
    let mut stored = 0;
    for key in all_keys() {
        let Some(id) = key.strip_prefix(JOURNAL_PREFIX) else {
            continue;
        };
        let game = get_raw(&key).and_then(|raw| parse_saved(&raw).ok());
        let _ = s.remove_item(&key);
        let Some(mut game) = game.filter(|g| g.id == id && valid_id(id)) else {
            continue;
        };
        if save_next(&mut game).is_ok() {
            // Written outside the gate: the stored revision holds.
            forget_revision(id);
            stored += 1;
        }
    }
    stored
}

/// `adopt` as the only writer among all tabs; the gate keeps what it wrote.
pub async fn adopt_gated(file: SavedGame) -> Result<String, SaveError> {
    let name = gate_name(&file.id);
    let id = file.id.clone();
    let own = id.clone();
    let result = gated(&name, move |kept| {
        let result = adopt(file, kept);
        // Under its own id: the higher of what is stored and was kept.
        let next = match &result {
            Ok(at) if *at == own => stored_revision(at).map(|r| r.max(kept.unwrap_or(0))),
            _ => None,
        };
        (result, next)
    })
    .await;
    if let Ok(at) = &result {
        if *at != id {
            forget_revision(at);
        }
    }
    result
}

pub fn delete_game(id: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(&format!("{GAME_PREFIX}{id}"));
    }
    forget_revision(id);
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
        .filter(|k| {
            k.starts_with("spielblock.") && !is_derived_key(k) && !k.starts_with(JOURNAL_PREFIX)
        })
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
    /// How fast computer seats play.
    #[serde(default)]
    pub speed: Speed,
    /// Short sounds for dice, cards, a mine, the end of a game (on unless
    /// turned off; settings saved before it had none are on).
    #[serde(default = "on")]
    pub sound: bool,
}

fn on() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            vibrate: true,
            speed: Speed::Normal,
            sound: true,
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

/// Whether a saved game is a guided first game (no history, no record).
pub fn is_lesson(g: &SavedGame) -> bool {
    g.record.get("lesson").and_then(serde_json::Value::as_bool) == Some(true)
}

/// Whether a game's options (a record's `options`) have the players throw
/// their own dice (R-G-5): such a game counts in the statistics, never
/// for a record or a daily challenge.
pub fn table_dice(options: &serde_json::Value) -> bool {
    options
        .get(rules::chance::OPTION)
        .and_then(serde_json::Value::as_bool)
        == Some(true)
}

/// Whether a game's options have the players play their own cards
/// (R-GN-14): like real dice, statistics only.
pub fn real_cards(options: &serde_json::Value) -> bool {
    options
        .get(rules::chance::CARDS_OPTION)
        .and_then(serde_json::Value::as_bool)
        == Some(true)
}

/// Whether a game was played with real dice or real cards.
pub fn table_play(options: &serde_json::Value) -> bool {
    table_dice(options) || real_cards(options)
}

/// Whether a saved game was played with real dice or cards (`table_play`).
pub fn is_table(g: &SavedGame) -> bool {
    g.record.get("options").is_some_and(table_play)
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

/// Stored data the app once kept beside the games and now derives from them:
/// personal records (`spielblock.record.<game>`) and the day's bests
/// (`spielblock.daily.<game>.<date>`). A file's copies are ignored, never
/// trusted: a record is what a stored finished game's moves scored.
pub fn is_derived_key(key: &str) -> bool {
    key.starts_with("spielblock.record.") || key.starts_with("spielblock.daily.")
}

/// Removes the derived entries older versions wrote (they only take room).
pub fn drop_derived() {
    let Some(s) = storage() else { return };
    for key in all_keys() {
        if is_derived_key(&key) {
            let _ = s.remove_item(&key);
        }
    }
}

/// A finished game's result, as records need it (no game code needed).
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    pub id: String,
    /// When it ended, as "YYYY-MM-DD" in this device's time zone.
    pub date: String,
    /// The date of a daily challenge.
    pub daily: Option<String>,
    pub seats: Vec<rules::SeatInfo>,
    pub scores: Vec<i64>,
    /// Seats whose result counts as a defeat (R-CH-7): no record.
    pub lost: Vec<usize>,
    /// Played with the coach (issue 25): no record.
    pub coach: bool,
    /// Played with real dice (R-G-5): no record.
    pub table: bool,
}

impl Played {
    /// The stored finished games of `game`, oldest first (so a tie keeps
    /// the first to set it). A game whose seats and outcome do not fit is
    /// left out.
    pub fn of_game(game: &str) -> Vec<Played> {
        list_games()
            .into_iter()
            .rev()
            .filter(|g| g.finished && g.game == game && !is_lesson(g))
            .filter_map(|g| Played::from_saved(&g))
            .collect()
    }

    pub fn from_saved(g: &SavedGame) -> Option<Played> {
        let seats: Vec<rules::SeatInfo> =
            serde_json::from_value(g.record.get("seats")?.clone()).ok()?;
        let scores = g.outcome.as_ref()?.scores.clone();
        let lost = g.outcome.as_ref()?.lost.clone();
        let coach = g.record.get("coach").and_then(serde_json::Value::as_bool) == Some(true);
        let table = is_table(g);
        // A daily challenge as the set-up makes one (issue 39: a file may
        // claim more): one seat, the date's seed, the app's dice, no coach.
        let seed = g.record.get("seed").and_then(serde_json::Value::as_u64);
        let daily = g.daily.clone().filter(|date| {
            !coach && !table && seats.len() == 1 && seed == Some(daily_seed(&g.game, date))
        });
        (g.finished && scores.len() == seats.len()).then(|| Played {
            lost,
            coach,
            table,
            id: g.id.clone(),
            date: date_of(g.updated),
            daily,
            seats,
            scores,
        })
    }
}

/// Whether `a` is a better score than `b` in a game's direction.
pub fn better(a: i64, b: i64, lowest_wins: bool) -> bool {
    if lowest_wins {
        a < b
    } else {
        a > b
    }
}

/// A player's personal solo record in `played` (one game's finished games,
/// oldest first): the best score of a game whose one seat is `name`,
/// playing it, in the game's direction, and the date it was set.
pub fn solo_record(played: &[Played], name: &str, lowest_wins: bool) -> Option<(i64, String)> {
    let mut best: Option<(i64, String)> = None;
    for p in played {
        if let [only] = p.seats.as_slice() {
            // A defeat is no record (R-CH-7), nor a coached game.
            if only.kind == rules::SeatKind::Human
                && !only.switched
                && only.name == name
                && !p.lost.contains(&0)
                && !p.coach
                && !p.table
            {
                let score = p.scores[0];
                if best
                    .as_ref()
                    .is_none_or(|b| better(score, b.0, lowest_wins))
                {
                    best = Some((score, p.date.clone()));
                }
            }
        }
    }
    best
}

/// The day's best score per player name of a game's daily challenge on
/// `date`, best first, from `played` (one game's finished games, oldest
/// first).
pub fn daily_best(played: &[Played], date: &str, lowest_wins: bool) -> Vec<(String, i64)> {
    let mut list: Vec<(String, i64)> = Vec::new();
    for p in played {
        if p.daily.as_deref() != Some(date) {
            continue;
        }
        let Some(first) = p
            .seats
            .first()
            .filter(|s| s.kind == rules::SeatKind::Human && !s.switched)
        else {
            continue;
        };
        let score = p.scores[0];
        match list.iter_mut().find(|(n, _)| *n == first.name) {
            Some(entry) if better(score, entry.1, lowest_wins) => entry.1 = score,
            Some(_) => {}
            None => list.push((first.name.clone(), score)),
        }
    }
    rules::sort_small_by(&mut list, |a, b| better(a.1, b.1, lowest_wins));
    list
}

/// What a finished game's result screen says of records, all derived from
/// the stored finished games (so it always equals what the history holds).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Standing {
    /// A solo game: the player's record (score, date) and whether this game
    /// set it (beat every earlier one, or is the first).
    pub solo: Option<(i64, String, bool)>,
    /// A daily challenge: the day's best per name and whether this game is
    /// a new best of the day for its player.
    pub daily: Option<DailyStanding>,
}

/// A daily challenge's date, the day's best per name, and whether this game
/// is a new best of the day for its player.
pub type DailyStanding = (String, Vec<(String, i64)>, bool);

/// The `Standing` of the stored finished game `id` among `played` (its
/// game's finished games, oldest first): new when it beats every game
/// that ended before it. Empty while it is not stored as finished.
pub fn standing(played: &[Played], id: &str, lowest_wins: bool) -> Standing {
    let mut out = Standing::default();
    let Some(at) = played.iter().position(|p| p.id == id) else {
        return out;
    };
    let (earlier, this) = (&played[..at], &played[at]);
    let Some(first) = this
        .seats
        .first()
        .filter(|s| s.kind == rules::SeatKind::Human && !s.switched)
    else {
        return out;
    };
    let score = this.scores[0];
    // A defeat sets no record (R-CH-7), nor a coached game, nor one with
    // real dice (R-G-5).
    let lost = this.lost.contains(&0) || this.coach || this.table;
    if this.seats.len() == 1 {
        let before = solo_record(earlier, &first.name, lowest_wins);
        let new = !lost && before.is_none_or(|b| better(score, b.0, lowest_wins));
        out.solo = solo_record(played, &first.name, lowest_wins).map(|(s, d)| (s, d, new));
    }
    if let Some(date) = &this.daily {
        let before = daily_best(earlier, date, lowest_wins);
        let mine = before.iter().find(|(n, _)| *n == first.name);
        let new = !lost && mine.is_none_or(|b| better(score, b.1, lowest_wins));
        out.daily = Some((date.clone(), daily_best(played, date, lowest_wins), new));
    }
    out
}

/// The date of a time (milliseconds since 1970) in this device's time
/// zone, as "YYYY-MM-DD".
pub fn date_of(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// How a game from a file meets the game stored under its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meet {
    /// Not stored here.
    New,
    /// The same game with the same moves, or more of them here: the one here
    /// stays.
    Same,
    /// The same game, and the moves here are the file's first moves: the
    /// file's longer game replaces it (never a finished game by an
    /// unfinished one).
    Longer,
    /// The same game (game, seed, options, players) whose moves went
    /// different ways: both are kept.
    Diverged,
    /// Another game under the same id (another game, seed, options or
    /// players): both are kept.
    Other,
}

fn moves_of(g: &SavedGame) -> &[serde_json::Value] {
    g.record
        .get("moves")
        .and_then(|m| m.as_array())
        .map_or(&[], Vec::as_slice)
}

/// The same game: the same game id, seed, options and seat names. (A seat
/// may switch between human and computer during a game.)
fn same_origin(a: &SavedGame, b: &SavedGame) -> bool {
    let part = |g: &SavedGame, k: &str| g.record.get(k).cloned();
    a.game == b.game
        && ["game", "seed", "options"]
            .iter()
            .all(|k| part(a, k) == part(b, k))
        && a.seat_names() == b.seat_names()
        && a.daily == b.daily
}

/// How `file` (from a backup or a shared file) meets `here` (stored under
/// the same id), by content: the moves, not a counter.
pub fn meet(here: &SavedGame, file: &SavedGame) -> Meet {
    if !same_origin(here, file) {
        return Meet::Other;
    }
    let (mine, theirs) = (moves_of(here), moves_of(file));
    if theirs.len() <= mine.len() && mine[..theirs.len()] == *theirs {
        Meet::Same
    } else if mine.len() < theirs.len()
        && theirs[..mine.len()] == *mine
        && (file.finished || !here.finished)
    {
        Meet::Longer
    } else {
        Meet::Diverged
    }
}

/// The id a file's game is kept under when another game holds its own id:
/// the same for the same content, so restoring a file twice adds it once.
pub fn copy_id(file: &SavedGame) -> String {
    let text = serde_json::to_string(&file.record).unwrap_or_default();
    let mut h: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    let stem: String = file.id.chars().take(55).collect();
    format!("{stem}-{h:08x}")
}
