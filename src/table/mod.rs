//! What every game's table is drawn with, below the contract: the decision
//! bar (`bar`, with what it shows of the coach and the lesson), the dice a
//! table shows (`dice`), DOM helpers (`dom`), and the pieces every table
//! draws (`widgets`). A game's own table is in
//! `crate::games::<module>`.
//!
//! The rest of the app uses these through this module (`crate::table::X`).

pub mod bar;
pub mod dice;
pub mod dom;
pub mod widgets;

pub use bar::*;
pub use dom::*;
pub use widgets::*;
