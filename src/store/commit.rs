//! Writing a game: every write goes through the gate shared by all tabs
//! (`crate::store::gate`), checked against the revision it was made from; a
//! write on its way is journaled, so a closed tab loses no tap; a game from
//! a file is adopted by content; another tab's writes are watched through
//! the `storage` event.

use crate::store::games::*;
use crate::store::gate::*;
use crate::store::local::*;
use crate::store::merge::*;
use crate::store::schema::*;

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
    journal_from(game, 0);
}

/// `journal`, where the stored game (at `game.revision`) holds the first
/// `from` moves of `game` as they are: only the moves after them are
/// written, with the rest of the entry, so a tap late in a long game
/// costs what one early in it does (issue 42: the whole game as JSON was
/// the largest part of a move's tap on a 30x16 board).
pub fn journal_from(game: &SavedGame, from: usize) {
    #[derive(serde::Serialize)]
    struct Entry<'a> {
        #[serde(flatten)]
        game: &'a SavedGame,
        #[serde(skip_serializing_if = "is_zero")]
        journal_from: usize,
    }
    fn is_zero(n: &usize) -> bool {
        *n == 0
    }
    let Some(s) = storage() else { return };
    let part;
    let (game, from) = match game.record.as_object() {
        Some(record)
            if from > 0
                && record
                    .get("moves")
                    .and_then(|m| m.as_array())
                    .is_some_and(|m| m.len() >= from) =>
        {
            let record = record
                .iter()
                .map(|(k, v)| match (k.as_str(), v.as_array()) {
                    ("moves", Some(m)) => (k.clone(), serde_json::Value::from(m[from..].to_vec())),
                    _ => (k.clone(), v.clone()),
                })
                .collect();
            part = game.with_record(serde_json::Value::Object(record));
            (&part, from)
        }
        _ => (game, 0),
    };
    if let Ok(text) = serde_json::to_string(&Entry {
        game,
        journal_from: from,
    }) {
        let _ = s.set_item(&format!("{JOURNAL_PREFIX}{}", game.id), &text);
    }
}

/// The game a journal entry keeps: whole, or (`journal_from`) the stored
/// game's first moves followed by the entry's. None where it is unreadable
/// or the stored game lacks those moves.
fn from_journal(raw: &str, id: &str) -> Option<SavedGame> {
    let mut value: serde_json::Value = serde_json::from_str(raw).ok()?;
    // Read, not removed: the saved game's fields ignore it, and removing
    // a key weighs 4.5 KB of code on the first load, which runs this.
    let from = value.get("journal_from").map_or(Some(0), |n| n.as_u64())?;
    let from = usize::try_from(from).ok()?;
    if from > 0 {
        // The stored game's moves, moved (not copied: that code would
        // weigh on the first load, which runs this), then the entry's.
        let mut stored = load_game(id).ok()?;
        let kept = stored.record.get_mut("moves")?.as_array_mut()?;
        if kept.len() < from {
            return None;
        }
        kept.truncate(from);
        let moves = value.get_mut("record")?.get_mut("moves")?.as_array_mut()?;
        kept.append(moves);
        std::mem::swap(kept, moves);
    }
    parse_saved_value(value).ok()
}

/// Drops game `id`'s journal entry; whether there was one.
pub(crate) fn drop_journal(id: &str) -> bool {
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
        let game = get_raw(&key).and_then(|raw| from_journal(&raw, id));
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
