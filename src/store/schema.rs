//! A saved game as stored: the versioned schema around the rules crate's
//! `Record`, reading it (and moving up older schemas), and why a game
//! cannot be read or written, in the player's language.

use crate::i18n::locale::*;
use crate::i18n::words::Text;
use crate::store::local::*;
use rules::Outcome;
use serde::{Deserialize, Serialize};

/// The schema of saved games. Bump it and add a migration in `migrate` when
/// the format changes.
pub const SCHEMA: u32 = 1;

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

    /// The record's head, typed (an empty head where the record has none
    /// this version reads: such a game is moved aside when it is opened).
    pub fn head(&self) -> RecordHead {
        RecordHead::deserialize(&self.record).unwrap_or_default()
    }

    /// The record's moves, each in its game's own form (the store knows no
    /// game's actions).
    pub fn moves(&self) -> &[serde_json::Value] {
        self.record
            .get("moves")
            .and_then(|m| m.as_array())
            .map_or(&[], Vec::as_slice)
    }

    pub fn move_count(&self) -> usize {
        self.moves().len()
    }

    pub fn seat_names(&self) -> Vec<String> {
        self.head().seats.into_iter().map(|s| s.name).collect()
    }
}

/// What the store reads of a saved game's record (`rules::Record<G>` with
/// the game's own types left out): which game, with which seed, options and
/// players, whether the coach was on and whether it was a guided first
/// game. The one place the store reads a record's fields; the moves are
/// `SavedGame::moves`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct RecordHead {
    #[serde(default)]
    pub game: String,
    #[serde(default)]
    pub seed: Option<u64>,
    /// The game's options as saved (`Null` where there are none): the
    /// store reads only the shared ones (`table_dice`, `real_cards`).
    #[serde(default)]
    pub options: serde_json::Value,
    #[serde(default)]
    pub seats: Vec<rules::SeatInfo>,
    #[serde(default)]
    pub coach: bool,
    #[serde(default)]
    pub lesson: bool,
}

impl RecordHead {
    /// Played with the players' own dice or cards (`store::table_play`).
    pub fn table(&self) -> bool {
        table_play(&self.options)
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
    parse_saved_value(value)
}

/// `parse_saved` of JSON already parsed.
pub fn parse_saved_value(value: serde_json::Value) -> Result<SavedGame, Unreadable> {
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
pub(crate) fn migrate(
    value: serde_json::Value,
    schema: u64,
) -> Result<serde_json::Value, Unreadable> {
    match schema {
        1 => Ok(value),
        _ => Err(Unreadable::NoSchema),
    }
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
