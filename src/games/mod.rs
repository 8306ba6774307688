//! The app's game registry: one line per game. A playable game is a rules type
//! with a view module (`crate::table::GameView`).

#[cfg(feature = "choice")]
pub mod choice;
#[cfg(feature = "en-gingg")]
pub mod en_gingg;
#[cfg(feature = "gnoming")]
pub mod gnoming;
#[cfg(feature = "mindgolf")]
pub mod mindgolf;
#[cfg(feature = "minesweeper")]
pub mod minesweeper;

#[allow(unused_imports)]
use crate::live::entry;
use crate::table::Entry;

/// Every playable game, in home-screen order.
pub fn registry() -> Vec<Entry> {
    vec![
        #[cfg(feature = "mindgolf")]
        entry::<rules::mindgolf::MindGolf>(),
        #[cfg(feature = "choice")]
        entry::<rules::choice::Choice>(),
        #[cfg(feature = "minesweeper")]
        entry::<rules::minesweeper::Minesweeper>(),
        #[cfg(feature = "gnoming")]
        entry::<rules::gnoming::Gnoming>(),
        #[cfg(feature = "en-gingg")]
        entry::<rules::en_gingg::EnGingg>(),
    ]
}

pub fn find(id: &str) -> Option<Entry> {
    // Opaque to the optimizer, so a build without some games still holds the
    // whole host (measure.sh compares builds to get each game's own cost).
    std::hint::black_box(registry())
        .into_iter()
        .find(|e| e.id == id)
}
