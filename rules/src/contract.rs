//! The one contract every game implements (see docs/ARCHITECTURE.md).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, counted from 0 in seat order.
pub type Seat = usize;

/// A move the rules forbid, with a reason a player understands (R-G-2), in both
/// languages the app speaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    pub en: String,
    pub de: String,
}

impl RuleError {
    pub fn new(en: impl Into<String>, de: impl Into<String>) -> Self {
        RuleError {
            en: en.into(),
            de: de.into(),
        }
    }

    /// The message in the given language ("de" or anything else for English).
    pub fn message(&self, lang: &str) -> &str {
        if lang == "de" {
            &self.de
        } else {
            &self.en
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

impl std::error::Error for RuleError {}

/// The end of a game: every seat's final score and place. Places start at 1 and
/// tied seats share a place (R-G-3): scores 10, 7, 7, 3 give places 1, 2, 2, 4.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub scores: Vec<i64>,
    pub places: Vec<usize>,
}

impl Outcome {
    /// Seats sharing their place with another seat.
    pub fn is_shared(&self, seat: Seat) -> bool {
        self.places
            .iter()
            .enumerate()
            .any(|(s, &p)| s != seat && p == self.places[seat])
    }

    /// Seats in finishing order (stable within a shared place).
    pub fn order(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (0..self.places.len()).collect();
        seats.sort_by_key(|&s| self.places[s]);
        seats
    }
}

/// Ranks by a sort key per seat, higher key first, equal keys share a place.
pub fn rank_by_key<K: Ord + Clone>(keys: &[K]) -> Vec<usize> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|other| *other > k).count())
        .collect()
}

/// Plain data that moves between the rules, the app, saved games and replay
/// files: actions and events.
pub trait Data:
    Clone + Send + Sync + fmt::Debug + PartialEq + Serialize + DeserializeOwned + 'static
{
}
impl<T> Data for T where
    T: Clone + Send + Sync + fmt::Debug + PartialEq + Serialize + DeserializeOwned + 'static
{
}

/// One game's rules. State is plain data: the seeded PRNG is inside it (R-G-1),
/// chance happens only inside `apply` when a player's action calls for it
/// (pressing Roll), so replaying the same actions from the same seed gives the
/// same game.
pub trait Game: Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// A player's move, as the UI sends it and a replay file spells it.
    type Action: Data;
    /// What happened when an action was applied (for the log, screen readers and
    /// animations); the state alone is the truth.
    type Event: Data;
    /// Setup options (R-*-* rulings marked "(option)").
    type Options: Data + Default;
    /// What one seat may see. Games without secrets use the state itself.
    type View: Clone + Send + Sync + fmt::Debug + PartialEq + Serialize + 'static;

    /// Stable id used in saved games and replay files.
    const ID: &'static str;
    const MIN_SEATS: usize;
    const MAX_SEATS: usize;
    /// Whether seats hold private information, so the device must be handed over
    /// behind a "pass to NAME" screen between seats.
    const PRIVATE_INFO: bool;

    fn new(seats: usize, options: &Self::Options, seed: u64) -> Result<Self, RuleError>;

    /// The seats that must act now: usually one; several where every player
    /// answers the same throw or may react out of turn; none once the game is over.
    fn to_act(&self) -> Vec<Seat>;

    /// The legal actions of `seat` now (empty if it need not act). The UI offers
    /// only these (R-G-2).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Applies one action of `seat`; on error the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Event>, RuleError>;

    /// Running scores (balances, totals) per seat.
    fn scores(&self) -> Vec<i64>;

    /// Scores recomputed from the recorded facts, not the running tally: the
    /// property tests check both agree.
    fn recomputed_scores(&self) -> Vec<i64>;

    /// Some once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// What `seat` may see (None: a spectator, who sees only public information).
    fn view(&self, seat: Option<Seat>) -> Self::View;

    /// The game's own computer player's choice for `seat` (which must be acting).
    fn computer_action(&self, seat: Seat) -> Self::Action;

    /// Checks the game's invariants (conservation, ranges); Err describes the break.
    fn check_invariants(&self) -> Result<(), String>;

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

/// Ensures `seat` is one that must act now.
pub fn require_turn<G: Game>(game: &G, seat: Seat) -> Result<(), RuleError> {
    if game.is_over() {
        return Err(RuleError::new("The game is over.", "Das Spiel ist vorbei."));
    }
    if !game.to_act().contains(&seat) {
        return Err(RuleError::new(
            "It is not your turn.",
            "Du bist nicht am Zug.",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_a_place_r_g_3() {
        // R-G-3
        assert_eq!(rank_by_key(&[10, 7, 7, 3]), vec![1, 2, 2, 4]);
        assert_eq!(rank_by_key(&[5, 5]), vec![1, 1]);
        let o = Outcome {
            scores: vec![10, 7, 7, 3],
            places: rank_by_key(&[10, 7, 7, 3]),
        };
        assert!(o.is_shared(1) && o.is_shared(2));
        assert!(!o.is_shared(0) && !o.is_shared(3));
        assert_eq!(o.order(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn rule_error_speaks_both_languages() {
        let e = RuleError::new("No.", "Nein.");
        assert_eq!(e.message("de"), "Nein.");
        assert_eq!(e.message("en"), "No.");
        assert_eq!(e.to_string(), "No.");
    }
}
