//! A text in whichever language is shown (`Text`), and the words for what
//! every game shares: the rules' shared refusals and the computer levels.

use crate::i18n::locale::*;

use rules::{Level, Shared};
use std::sync::Arc;

/// A text in the player's language, translated when shown, so it follows a
/// language switch.
#[derive(Clone)]
pub struct Text(Arc<dyn Fn(Locale) -> String + Send + Sync>);

impl Text {
    pub fn new(f: impl Fn(Locale) -> String + Send + Sync + 'static) -> Self {
        Text(Arc::new(f))
    }

    pub fn get(&self, l: Locale) -> String {
        (self.0)(l)
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.get(Locale::en))
    }
}

/// A shared refusal in the player's language; `label` names an option.
pub fn shared_text(s: &Shared, label: &dyn Fn(&str) -> String, l: Locale) -> String {
    match s {
        Shared::NotYourTurn => td_string!(l, err_not_your_turn).to_string(),
        Shared::GameOver => td_string!(l, err_game_over).to_string(),
        Shared::SeatCount { min, max, got } => {
            td_string!(l, err_seat_count, min = min, max = max, got = got).to_string()
        }
        Shared::OptionRange { key, min, max } => td_string!(
            l,
            err_option_range,
            option = label(key),
            min = min,
            max = max
        )
        .to_string(),
        Shared::OptionUnknown { key } => {
            td_string!(l, err_option_unknown, option = label(key)).to_string()
        }
        Shared::SeatName { seat, max } => {
            td_string!(l, err_seat_name, n = seat + 1, max = max).to_string()
        }
        Shared::ThrowWaiting => td_string!(l, err_throw_waiting).to_string(),
        Shared::NoThrowWaiting => td_string!(l, err_no_throw_waiting).to_string(),
        Shared::DiceCount { expected, got } => {
            td_string!(l, err_dice_count, expected = expected, got = got).to_string()
        }
        Shared::Face { face } => td_string!(l, err_face, face = face).to_string(),
        Shared::PeopleOnly => td_string!(l, err_people_only).to_string(),
        Shared::NotOffered => td_string!(l, err_not_offered).to_string(),
    }
}

/// The translated words of a computer level.
pub fn level_text(level: Level, l: Locale) -> String {
    match level {
        Level::Casual => td_string!(l, level_casual).to_string(),
        Level::Strong => td_string!(l, level_strong).to_string(),
        Level::Expert => td_string!(l, level_expert).to_string(),
    }
}

/// The mean of `n` scores summing to `sum`, with one decimal and the
/// language's decimal mark ("12.5", "−3,0" in German), rounded half away
/// from zero; written without float formatting, which costs 7 KB.
pub fn mean_text(sum: i64, n: usize, l: Locale) -> String {
    let n = n.max(1) as i64;
    let tenths = (sum * 20 + sum.signum() * n) / (n * 2);
    let sign = if tenths < 0 { "−" } else { "" };
    let mark = if l == Locale::de { ',' } else { '.' };
    format!("{sign}{}{mark}{}", tenths.abs() / 10, tenths.abs() % 10)
}
