//! A game in play:
//!
//! - `session`: the one authority: whose tap counts, the hand-over, the
//!   lesson's gate, what is said and to whom, computer pacing, writes,
//!   take-backs, freeing storage, records; headless, tested without a page;
//! - `screen`: the play screen, which draws a session and performs what it
//!   returns; `result` (the end of a game) and `dialogs` (pieces other
//!   screens use too) are drawn by it;
//! - `newgame`: starting a game or a guided first game;
//! - `phones`: play across phones (issue 41): the host's invitations and
//!   the phone's `/join` screen;
//! - `recovery`: the screens for what went wrong (an unreadable game, a
//!   panic).

pub mod dialogs;
pub mod levels;
pub mod newgame;
pub mod phones;
pub mod recovery;
pub mod result;
pub mod scan;
pub mod screen;
pub mod session;
