//! Spielblock's rules: every game, score and computer player as plain Rust with
//! no web dependency. See docs/ARCHITECTURE.md.

pub mod choice;
pub mod contract;
pub mod driver;
pub mod en_gingg;
pub mod gnoming;
pub mod midend;
pub mod mindgolf;
pub mod minefield;
pub mod minesweeper;
pub mod registry;
pub mod rng;

pub use contract::{
    parse_options, sort_small_by, Game, Level, OptionKind, OptionSpec, Outcome, RuleError, Seat,
    Shared,
};
pub use midend::{Match, MatchError, Move, Record, SeatInfo, SeatKind};
