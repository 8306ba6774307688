//! What every game's table is drawn with, below the contract: the decision
//! bar (`bar`), the dice a table shows (`dice`), DOM helpers (`dom`), what a
//! change shows (`motion`), and
//! the pieces every table draws (`widgets`). A game's own table is in
//! `crate::games::<module>`.
//!
//! The rest of the app uses these through this module (`crate::table::X`).

pub mod bar;
pub mod dice;
pub mod dom;
pub mod motion;
pub mod widgets;

pub use bar::*;
pub use dom::*;
pub use motion::*;
pub use widgets::*;
