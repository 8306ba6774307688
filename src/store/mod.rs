//! What Spielblock keeps on this device, in localStorage (gloo-storage):
//!
//! - `local`: the keys under Spielblock's prefix, ids, times and dates;
//! - `schema`: a saved game as stored, its versions, why one cannot be read;
//! - `games`: saved games listed, loaded, saved, deleted, moved aside;
//! - `gate`: the one writer among tabs, and the revision each game was
//!   written at;
//! - `commit`: every write through the gate, the journal that
//!   keeps a write on its way, and the watch on other tabs;
//! - `settings`: the language, the settings, lessons seen;
//! - `index`: the home screen's list of the saved games, kept beside them
//!   so the first load can draw it;
//! - `records`: the solo record and the day's best;
//! - `merge`: how a backup's game meets the one stored here.
//!
//! The rest of the app uses these through this module (`crate::store::X`).

pub mod commit;
pub mod games;
pub mod gate;
pub mod index;
pub mod local;
pub mod merge;
pub mod records;
pub mod schema;
pub mod settings;

pub use commit::*;
pub use games::*;
pub use gate::*;
pub use local::*;
pub use merge::*;
pub use records::*;
pub use schema::*;
pub use settings::*;
