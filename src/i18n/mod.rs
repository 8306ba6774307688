//! The player's language:
//!
//! - `locale`: English and German texts from locales/*.json, `t!` and
//!   `td_string!`, the language in context;
//! - `words`: a text in whichever language is shown (`Text`), and the words
//!   every game shares.
//!
//! The language at start and the switch are `crate::platform::lang`.
//!
//! The rest of the app uses these through this module (`crate::i18n::X`).

pub mod locale;
pub mod words;

pub use locale::*;
pub use words::*;
