//! The saved games: list, load, save and delete them; anything under the
//! prefix that cannot be read is moved aside untouched (`quarantine`), so
//! the player can be told and nothing is lost; what a game's options say
//! about how it was played (a lesson, dice or cards from the table).

use crate::store::gate::*;
use crate::store::index;
use crate::store::local::*;
use crate::store::schema::*;
use serde::Deserialize;

pub(crate) const QUARANTINE_SEEN_KEY: &str = "spielblock.quarantine-seen";

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
    list_games_hashed().into_iter().map(|(g, _)| g).collect()
}

/// `list_games`, each with the hash of its stored text (`index::hash`).
pub fn list_games_hashed() -> Vec<(SavedGame, u64)> {
    let mut games = Vec::new();
    for key in all_keys() {
        if !key.starts_with(GAME_PREFIX) {
            continue;
        }
        let Some(raw) = get_raw(&key) else { continue };
        match parse_saved(&raw) {
            Ok(g) if g.key() == key && valid_id(&g.id) => games.push((g, index::hash(&raw))),
            _ => quarantine(&key),
        }
    }
    rules::sort_small_by(&mut games, |a, b| a.0.updated > b.0.updated);
    games
}

/// What the home screen's index lists of a game whose stored text has
/// this `hash`, with the seat whose turn it is.
pub fn listed(g: &SavedGame, hash: u64, to_act: Option<usize>) -> index::Listed {
    index::Listed {
        key: g.key(),
        hash,
        finished: g.finished,
        lesson: is_lesson(g),
        id: g.id.clone(),
        game: g.game.clone(),
        turn: g.turn,
        updated: g.updated,
        to_act,
        names: g.seat_names(),
    }
}

thread_local! {
    /// The game text last read or written here: its key, revision and
    /// hash (`index::hash`), for the home screen's index (`note_written`)
    /// without writing the game as JSON a second time.
    static KNOWN: std::cell::RefCell<Option<(String, u64, u64)>> =
        const { std::cell::RefCell::new(None) };
}

fn known(key: &str, revision: u64, text: &str) {
    KNOWN.with_borrow_mut(|k| *k = Some((key.to_string(), revision, index::hash(text))));
}

/// Brings the index's line of a game up to date (the play screen, after
/// each write and when it opens a game): `g` as just read (`load_game`) or
/// written (`save_game`) here, the line holding the hash of that text. If
/// another tab has written the game since, its text no longer has that
/// hash, and the index is not used until a home screen drawn from the
/// games writes it again.
pub fn note_written(g: &SavedGame, to_act: Option<usize>) {
    let key = g.key();
    let hash = KNOWN.with_borrow(|k| {
        k.as_ref()
            .filter(|(k, revision, _)| *k == key && *revision == g.revision)
            .map(|&(_, _, hash)| hash)
    });
    if let Some(hash) = hash {
        index::note(listed(g, hash, to_act));
    }
}

pub fn load_game(id: &str) -> Result<SavedGame, LoadError> {
    if !valid_id(id) {
        return Err(LoadError::Missing);
    }
    let key = format!("{GAME_PREFIX}{id}");
    let raw = get_raw(&key).ok_or(LoadError::Missing)?;
    match parse_saved(&raw) {
        Ok(g) if g.id == id => {
            known(&key, g.revision, &raw);
            Ok(g)
        }
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
    let s = storage().ok_or(SaveError::Unavailable)?;
    let text = serde_json::to_string(game).map_err(|_| SaveError::Refused)?;
    let key = game.key();
    s.set_item(&key, &text).map_err(|_| SaveError::Refused)?;
    known(&key, game.revision, &text);
    Ok(())
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
pub(crate) fn save_next_over(game: &mut SavedGame, kept: Option<u64>) -> Result<(), SaveError> {
    match stored_revision(&game.id) {
        None => return Err(SaveError::Gone),
        Some(r) if r.max(kept.unwrap_or(0)) != game.revision => return Err(SaveError::Conflict),
        Some(_) => {}
    }
    game.revision += 1;
    save_game(game).inspect_err(|_| game.revision -= 1)
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
            k.starts_with("spielblock.")
                && !is_derived_key(k)
                && !k.starts_with(JOURNAL_PREFIX)
                && k != index::INDEX_KEY
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

/// Whether a saved game is a guided first game (no history, no record).
pub fn is_lesson(g: &SavedGame) -> bool {
    g.head().lesson
}
