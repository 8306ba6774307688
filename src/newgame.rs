//! Starting a game: the rules check the seats and options, the record is saved
//! at once, and the new game's id is returned.

use crate::storage::{self, SavedGame};
use crate::table::{Entry, Text};
use rules::SeatInfo;
use serde_json::Value;

/// Creates and saves a new game of `entry`; returns its id, or why not in the
/// player's language.
pub fn create_game(
    entry: &Entry,
    seats: Vec<SeatInfo>,
    options: &Value,
    seed: u64,
    handover: bool,
) -> Result<String, Text> {
    let record = (entry.new_record)(seats, options, seed)?;
    let now = storage::now();
    let saved = SavedGame {
        schema: storage::SCHEMA,
        id: storage::new_id(),
        game: entry.id.to_string(),
        created: now,
        updated: now,
        handover: handover || entry.private_info,
        confirmed_seat: None,
        finished: false,
        outcome: None,
        record,
    };
    storage::save_game(&saved).map_err(|e| e.text())?;
    Ok(saved.id)
}
