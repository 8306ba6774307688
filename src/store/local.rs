//! Where Spielblock keeps things in localStorage: the keys under its
//! prefix, access to the store, ids, times and the day's date. Keys outside
//! the prefix are never touched.

pub const GAME_PREFIX: &str = "spielblock.v1.game.";

pub const QUARANTINE_PREFIX: &str = "spielblock.quarantine.";

/// A write on its way (`journal`): kept until the gate has stored it.
pub const JOURNAL_PREFIX: &str = "spielblock.journal.";

/// The raw storage, or None where the browser blocks it (the app still runs).
/// gloo-storage's own accessor would panic there, so it is only used after this
/// check.
pub(crate) fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub(crate) fn all_keys() -> Vec<String> {
    let Some(s) = storage() else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

/// Whether this device holds a game, an item set aside or a write on its
/// way: the home screen then waits for the games' chunk, which reads them
/// (`crate::screens::saved`). Keys only: the first load parses no game.
pub fn anything_saved() -> bool {
    all_keys().iter().any(|k| {
        k.starts_with(GAME_PREFIX)
            || k.starts_with(QUARANTINE_PREFIX)
            || k.starts_with(JOURNAL_PREFIX)
    })
}

/// The raw storage for code that writes many entries at once (`backup`).
pub(crate) fn raw_storage() -> Option<web_sys::Storage> {
    storage()
}

pub(crate) fn get_raw(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
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
