//! The player's language:
//!
//! - `locale`: English and German texts from locales/*.json, `t!` and
//!   `td_string!`, the language in context;
//! - `words`: a text in whichever language is shown (`Text`), and the words
//!   every game shares;
//! - `switch`: the language at start, the switch, dates in words.
//!
//! The rest of the app uses these through this module (`crate::i18n::X`).

pub mod locale;
pub mod switch;
pub mod words;

pub use locale::*;
pub use words::*;
