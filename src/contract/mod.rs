//! The app side of the game contract (see docs/ARCHITECTURE.md):
//!
//! - `view`: `GameView`, what a game's view module adds to its rules type,
//!   one impl per game, and `GameEntry`, a game's line in the app's registry;
//! - `seat`: what a seat's table receives (`TableCtx<G>`, `Shown<G>`) and
//!   sends (`Tap`), and the move the session hands the game (`Pick`);
//! - `erased`: `GameInPlay`, one game in play with its types erased, so the
//!   session, the play screen and the replay are compiled once for every
//!   game; the one place types are erased.
//!
//! The rest of the app uses these through this module (`crate::contract::X`).

pub mod erased;
pub mod seat;
pub mod view;

pub use erased::*;
pub use seat::*;
pub use view::*;
