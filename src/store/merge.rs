//! How a backup's game meets the one stored under its id: the same game
//! further on, another game that needs a new id, or one already here.

use crate::store::schema::*;

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

/// The same game: the same game id, seed, options and seat names. (A seat
/// may switch between human and computer during a game.)
pub(crate) fn same_origin(a: &SavedGame, b: &SavedGame) -> bool {
    let (ha, hb) = (a.head(), b.head());
    a.game == b.game
        && (&ha.game, ha.seed, &ha.options) == (&hb.game, hb.seed, &hb.options)
        && a.seat_names() == b.seat_names()
        && a.daily == b.daily
}

/// How `file` (from a backup or a shared file) meets `here` (stored under
/// the same id), by content: the moves, not a counter.
pub fn meet(here: &SavedGame, file: &SavedGame) -> Meet {
    if !same_origin(here, file) {
        return Meet::Other;
    }
    let (mine, theirs) = (here.moves(), file.moves());
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
