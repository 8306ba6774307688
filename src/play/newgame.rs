//! Starting a game: the rules check the seats and options, the record is saved
//! at once, and the new game's id is returned.

use crate::contract::GameEntry;
use crate::i18n::Text;
use crate::i18n::*;
use crate::store::{self, SavedGame};
use rules::{Level, SeatInfo, SeatKind};
use serde_json::Value;

/// Creates and saves a new game of `entry`; returns its id, or why not in the
/// player's language.
pub fn create_game(
    entry: &GameEntry,
    seats: Vec<SeatInfo>,
    options: &Value,
    seed: u64,
    handover: bool,
    coach: bool,
) -> Result<String, Text> {
    create(entry, seats, options, seed, handover, coach, None, false)
}

/// The guided first game of `entry` (issue 25): the person and the lesson's
/// computers, its seed and options, marked as a lesson. An earlier one of
/// the same game is removed (it never counts anyway).
pub fn create_lesson(entry: &GameEntry) -> Result<String, Text> {
    let Some(lesson) = (entry.lesson)() else {
        return Err(Text::new(|l| td_string!(l, load_failed).to_string()));
    };
    for g in store::list_games() {
        if g.game == entry.id && store::is_lesson(&g) {
            store::delete_game(&g.id);
        }
    }
    // Default names: they follow the language.
    let name = |n: usize| td_string!(Locale::en, default_name, n = n).to_string();
    let mut seats = vec![SeatInfo::human(name(1))];
    for k in 0..lesson.computers {
        seats.push(SeatInfo {
            kind: SeatKind::Computer,
            level: Level::Casual,
            ..SeatInfo::human(name(k + 2))
        });
    }
    let id = create(
        entry,
        seats,
        &lesson.options,
        lesson.seed,
        false,
        false,
        None,
        true,
    )?;
    store::mark_lesson_seen(entry.id);
    Ok(id)
}

/// Today's daily challenge of `entry` for one player: the date's seed.
pub fn create_daily(entry: &GameEntry, seat: SeatInfo, options: &Value) -> Result<String, Text> {
    let date = store::today();
    let seed = store::daily_seed(entry.id, &date);
    // A daily challenge is played with the app's dice (R-G-5).
    let mut options = options.clone();
    if let Some(o) = options.as_object_mut() {
        o.remove(rules::chance::OPTION);
        o.remove(rules::chance::CARDS_OPTION);
    }
    let options = &options;
    // A daily challenge is played without the coach.
    create(
        entry,
        vec![seat],
        options,
        seed,
        false,
        false,
        Some(date),
        false,
    )
}

#[allow(clippy::too_many_arguments)]
fn create(
    entry: &GameEntry,
    seats: Vec<SeatInfo>,
    options: &Value,
    seed: u64,
    handover: bool,
    coach: bool,
    daily: Option<String>,
    lesson: bool,
) -> Result<String, Text> {
    let mut record = (entry.new_record)(seats, options, seed)?;
    if let Some(o) = record.as_object_mut() {
        for (key, on) in [("coach", coach), ("lesson", lesson)] {
            if on {
                o.insert(key.into(), Value::Bool(true));
            }
        }
    }
    let now = store::now();
    let saved = SavedGame {
        schema: store::SCHEMA,
        id: store::new_id(),
        game: entry.id.to_string(),
        created: now,
        updated: now,
        handover: handover || entry.private_info,
        confirmed_seat: None,
        finished: false,
        outcome: None,
        revision: 0,
        turn: 1,
        daily,
        record,
    };
    store::save_game(&saved).map_err(|e| {
        let why = e.text();
        Text::new(move |l| td_string!(l, start_failed, reason = why.get(l)).to_string())
    })?;
    Ok(saved.id)
}

/// Seats, options and hand-over of a game to set up again ("Play again" when
/// no seat is human goes through setup), for the setup screen to start from.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    pub game: &'static str,
    pub seats: Vec<SeatInfo>,
    pub options: Value,
    pub handover: bool,
    pub coach: bool,
}

thread_local! {
    static DRAFT: std::cell::RefCell<Option<Draft>> = const { std::cell::RefCell::new(None) };
}

pub fn set_draft(d: Draft) {
    DRAFT.with(|x| *x.borrow_mut() = Some(d));
}

/// The draft for `game`, once.
pub fn take_draft(game: &str) -> Option<Draft> {
    DRAFT
        .with(|x| x.borrow_mut().take())
        .filter(|d| d.game == game)
}
