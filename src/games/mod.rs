//! The app's game registry: one line per game in `registry()`. A playable game
//! is a rules type that implements `TableView` (its view module).

pub mod en_gingg;

use crate::i18n::*;
use crate::storage::SavedGame;
use leptos::prelude::*;
use rules::{Game, Match, RuleError, Seat, SeatInfo};

/// What the generic host hands a game's table view.
pub struct TableCtx<G: Game + Send + Sync> {
    pub m: RwSignal<Match<G>>,
    /// Sends an action for a seat; the host applies, saves and announces it.
    pub act: Callback<(Seat, G::Action)>,
    /// The human seat that may act now through this device (None while a
    /// computer acts, behind the hand-over screen, or once the game is over).
    pub acting: Signal<Option<Seat>>,
}

impl<G: Game + Send + Sync> Clone for TableCtx<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game + Send + Sync> Copy for TableCtx<G> {}

/// A game's view module: how its table looks and how its events are spoken.
pub trait TableView: Game + Send + Sync {
    /// The table: sheets, dice, cards, board, and the controls of the acting seat.
    fn table(ctx: TableCtx<Self>) -> AnyView;
    /// Short sentences for the screen-reader live region.
    fn announce(m: &Match<Self>, events: &[Self::Event], locale: Locale) -> Vec<String>;
    /// The in-app rules, in the player's language.
    fn rules() -> AnyView;
    /// Whether these events deserve a short vibration (a roll).
    fn vibrates(_events: &[Self::Event]) -> bool {
        false
    }
}

/// One game on the home screen.
#[derive(Clone)]
pub struct Entry {
    pub id: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    pub default_seats: usize,
    pub private_info: bool,
    pub play: Option<Playable>,
}

/// The functions that make a registered game playable.
#[derive(Clone)]
pub struct Playable {
    pub new_record: fn(Vec<SeatInfo>, u64) -> Result<serde_json::Value, RuleError>,
    pub host: fn(SavedGame) -> AnyView,
}

fn new_record<G: TableView>(
    seats: Vec<SeatInfo>,
    seed: u64,
) -> Result<serde_json::Value, RuleError> {
    let m = Match::<G>::new(seats, G::Options::default(), seed)?;
    Ok(serde_json::to_value(m.record()).expect("a record serializes"))
}

impl Entry {
    pub fn playable<G: TableView>(default_seats: usize) -> Entry {
        Entry {
            id: G::ID,
            min_seats: G::MIN_SEATS,
            max_seats: G::MAX_SEATS,
            default_seats,
            private_info: G::PRIVATE_INFO,
            play: Some(Playable {
                new_record: new_record::<G>,
                host: crate::host::host::<G>,
            }),
        }
    }

    /// A game whose rules are not built yet: listed, but it cannot be started.
    pub const fn not_built(id: &'static str, min: usize, max: usize) -> Entry {
        Entry {
            id,
            min_seats: min,
            max_seats: max,
            default_seats: min,
            private_info: false,
            play: None,
        }
    }

    /// The game's name and one-line pitch in the given language.
    pub fn texts(&self, l: Locale) -> (String, String) {
        let (name, pitch) = match self.id {
            "mindgolf" => (td_string!(l, name_mindgolf), td_string!(l, pitch_mindgolf)),
            "minesweeper" => (
                td_string!(l, name_minesweeper),
                td_string!(l, pitch_minesweeper),
            ),
            "choice" => (td_string!(l, name_choice), td_string!(l, pitch_choice)),
            "gnoming" => (td_string!(l, name_gnoming), td_string!(l, pitch_gnoming)),
            "en-gingg" => (td_string!(l, name_en_gingg), td_string!(l, pitch_en_gingg)),
            other => return (other.to_string(), String::new()),
        };
        (name.to_string(), pitch.to_string())
    }

    pub fn name(&self, l: Locale) -> String {
        self.texts(l).0
    }

    pub fn pitch(&self, l: Locale) -> String {
        self.texts(l).1
    }
}

/// Every game, playable ones first, in home-screen order.
pub fn home_order() -> Vec<Entry> {
    let mut games = registry();
    games.sort_by_key(|e| e.play.is_none());
    games
}

/// Every game, in registry order.
pub fn registry() -> Vec<Entry> {
    vec![
        Entry::not_built("mindgolf", 1, 4),
        Entry::not_built("minesweeper", 2, 2),
        Entry::not_built("choice", 1, 8),
        Entry::not_built("gnoming", 2, 7),
        Entry::playable::<rules::en_gingg::EnGingg>(3),
    ]
}

pub fn find(id: &str) -> Option<Entry> {
    registry().into_iter().find(|e| e.id == id)
}
