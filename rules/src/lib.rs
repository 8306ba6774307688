//! Spielblock's rules: every game, score and computer player as plain Rust with
//! no web dependency. See docs/ARCHITECTURE.md.
//!
//! Every game is a package `src/<module>/` (rules in `mod.rs`, computer
//! player in `bot.rs`, unit tests in `tests.rs`) listed in games.txt at the
//! repository root; build.rs declares those modules and the registry's
//! `for_each_game!` from that list.

// Every game's module (`pub mod <module>;`) and `for_each_game!`.
include!(concat!(env!("OUT_DIR"), "/games.rs"));

pub mod chance;
pub mod contract;
pub mod driver;
pub mod midend;
pub mod registry;
pub mod remote;
pub mod rng;

#[cfg(feature = "cli")]
pub use contract::CliTools;
pub use contract::{
    level_data_path, levels, offered_level, parse_options, ready_level, sort_small_by, strongest,
    Coach, ComputerPlayer, Evaluation, Game, Level, LevelData, OptionKind, OptionSpec, Outcome,
    Playable, RealDice, RuleError, Seat, Shared, Simulate, Verify, Weighed,
};
pub use midend::{Match, MatchError, Move, Record, SeatInfo, SeatKind};
