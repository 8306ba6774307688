//! The home screen's index of the saved games: what its list shows of each
//! (game, players, turn, date, whose turn, finished or a guided first game),
//! kept as plain lines beside the games, so a returning player's home screen
//! is drawn by the first load, which holds no JSON reader, without waiting
//! for the games' chunk (issue 42).
//!
//! The index is a copy, never trusted over the games: each line names its
//! game's key and a hash of that game's stored text, and it is used only
//! while every stored game has a line whose hash still matches and nothing
//! is set aside or on its way (`read`). Anything else (a game written by
//! another tab or an older version, a restored backup, an item set aside)
//! sends the home screen to the games' chunk as before, which reads the
//! games themselves and writes the index again (`write_all`). The play
//! screen brings a game's line up to date after each write (`note`).

use crate::store::local::*;

/// Where the index is kept. Not part of a backup (`export_all`) and never
/// restored from one: it is derived from the games it lists.
pub const INDEX_KEY: &str = "spielblock.home-index";

/// The index's first line: its format.
const HEAD: &str = "spielblock home index 1";

/// What the home screen lists of one saved game.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The game's storage key.
    pub key: String,
    /// `hash` of the game's stored text.
    pub hash: u64,
    pub finished: bool,
    /// A guided first game (not counted in the history).
    pub lesson: bool,
    pub id: String,
    /// The game's id in the registry.
    pub game: String,
    pub turn: u32,
    /// When it was last played (ms since 1970).
    pub updated: f64,
    /// The seat whose turn it is, where its game's code said so.
    pub to_act: Option<usize>,
    /// The seats' names as stored (a default name in the language shown
    /// is worked out when drawn).
    pub names: Vec<String>,
}

/// FNV-1a (64 bits) over the text's UTF-8: enough to tell whether a game's
/// stored text is the one a line was made from.
pub fn hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

const NAMES_SEP: char = '\u{1f}';

/// One game's line, or None where a field cannot be written plainly (a
/// name holding a tab or a line break, a time with a fraction): such a game
/// keeps the home screen on the games' chunk.
fn line(g: &Listed) -> Option<String> {
    let plain = |s: &str| !s.contains(['\t', '\n', '\r', NAMES_SEP]);
    let whole_ms = g.updated.is_finite() && g.updated.fract() == 0.0 && g.updated.abs() < 9.0e15;
    let fields = [&g.key, &g.id, &g.game]
        .iter()
        .all(|s| plain(s) && !s.is_empty());
    if !(whole_ms && fields && g.names.iter().all(|n| plain(n))) {
        return None;
    }
    let flags = format!(
        "{}{}",
        if g.finished { 'f' } else { 'u' },
        if g.lesson { 'l' } else { '-' }
    );
    let to_act = g.to_act.map_or_else(|| "-".to_string(), |s| s.to_string());
    let names = g.names.join(&NAMES_SEP.to_string());
    Some(format!(
        "{}\t{:016x}\t{flags}\t{}\t{}\t{}\t{}\t{to_act}\t{names}",
        g.key, g.hash, g.id, g.game, g.turn, g.updated as i64
    ))
}

fn parse_line(text: &str) -> Option<Listed> {
    let mut f = text.split('\t');
    let key = f.next()?.to_string();
    let hash = u64::from_str_radix(f.next()?, 16).ok()?;
    let flags = f.next()?.as_bytes();
    let (finished, lesson) = match flags {
        [a, b] => (*a == b'f', *b == b'l'),
        _ => return None,
    };
    let id = f.next()?.to_string();
    let game = f.next()?.to_string();
    let turn = f.next()?.parse().ok()?;
    let updated = f.next()?.parse::<i64>().ok()? as f64;
    let to_act = match f.next()? {
        "-" => None,
        s => Some(s.parse().ok()?),
    };
    let names = f.next()?;
    let names = if names.is_empty() {
        Vec::new()
    } else {
        names.split(NAMES_SEP).map(str::to_string).collect()
    };
    if f.next().is_some() {
        return None;
    }
    Some(Listed {
        key,
        hash,
        finished,
        lesson,
        id,
        game,
        turn,
        updated,
        to_act,
        names,
    })
}

fn parse(text: &str) -> Option<Vec<Listed>> {
    let mut lines = text.split('\n');
    if lines.next()? != HEAD {
        return None;
    }
    lines.filter(|l| !l.is_empty()).map(parse_line).collect()
}

fn store(entries: &[Listed]) {
    let Some(s) = storage() else { return };
    let lines: Option<Vec<String>> = entries.iter().map(line).collect();
    match lines {
        Some(lines) => {
            let mut text = String::from(HEAD);
            for l in lines {
                text.push('\n');
                text.push_str(&l);
            }
            let _ = s.set_item(INDEX_KEY, &text);
        }
        // A game that cannot be listed plainly: no index, so no stale one.
        None => {
            let _ = s.remove_item(INDEX_KEY);
        }
    }
}

/// Replaces the index with these games' lines (the games' chunk, after
/// reading every stored game for the home screen).
pub fn write_all(entries: &[Listed]) {
    store(entries);
}

/// Brings one game's line up to date after it was written. An index
/// without lines for the other stored games (or none yet) is used by no
/// home screen until one drawn from the games writes it whole.
pub fn note(entry: Listed) {
    let mut all = get_raw(INDEX_KEY)
        .as_deref()
        .and_then(parse)
        .unwrap_or_default();
    all.retain(|g| g.key != entry.key);
    all.push(entry);
    store(&all);
}

/// What the home screen lists, if the index still tells it: the unfinished
/// games, last played first, and how many finished games the history
/// holds (guided first games aside). None where anything is set aside or
/// on its way, or a stored game has no line or another text than its line
/// was made from.
pub fn read() -> Option<(Vec<Listed>, usize)> {
    let index = parse(&get_raw(INDEX_KEY)?)?;
    let mut games = Vec::new();
    for key in all_keys() {
        if key.starts_with(QUARANTINE_PREFIX) || key.starts_with(JOURNAL_PREFIX) {
            return None;
        }
        if !key.starts_with(GAME_PREFIX) {
            continue;
        }
        let listed = index.iter().find(|g| g.key == key)?;
        if hash(&get_raw(&key)?) != listed.hash {
            return None;
        }
        games.push(listed.clone());
    }
    let finished = games.iter().filter(|g| g.finished && !g.lesson).count();
    games.retain(|g| !g.finished);
    // As the games' own list orders them (`list_games`).
    rules::sort_small_by(&mut games, |a, b| a.updated > b.updated);
    Some((games, finished))
}
