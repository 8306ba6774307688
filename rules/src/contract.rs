//! The one contract every game implements (see docs/ARCHITECTURE.md).

use crate::rng::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A seat at the table, counted from 0 in seat order.
pub type Seat = usize;

/// Plain data that moves between the rules, the app, saved games and replay
/// files: actions, events, options, views and refusals.
pub trait Data:
    Clone + Send + Sync + fmt::Debug + PartialEq + Serialize + DeserializeOwned + 'static
{
}
impl<T> Data for T where
    T: Clone + Send + Sync + fmt::Debug + PartialEq + Serialize + DeserializeOwned + 'static
{
}

/// Refusals every game shares. The app translates each variant through
/// locales/; `Display` is the English the command-line tool prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shared {
    /// The seat is not among those that decide now.
    NotYourTurn,
    /// The game has ended; nothing more can be played.
    GameOver,
    /// The game is for `min..=max` players.
    SeatCount { min: usize, max: usize, got: usize },
    /// A whole-number option outside its range.
    OptionRange { key: String, min: i64, max: i64 },
    /// An option the game does not have, or a value of the wrong kind.
    OptionUnknown { key: String },
    /// A player's name is empty or longer than `max` characters.
    SeatName { seat: Seat, max: usize },
    /// R-G-5: a throw of the players' own dice waits for its faces.
    ThrowWaiting,
    /// R-G-5: faces entered while no throw waits for them.
    NoThrowWaiting,
    /// R-G-5: faces entered for a throw of `expected` dice.
    DiceCount { expected: usize, got: usize },
    /// R-G-5: an entered face outside 1 to 6.
    Face { face: u8 },
    /// With these options every seat is a person (`Game::people_only`).
    PeopleOnly,
    /// Not among the legal actions, for no reason the game can name: a
    /// game's `refusal` ends with it, and the property test fails if it
    /// is ever given, so every refusal a player meets says why.
    NotOffered,
}

/// The longest player name, in characters.
pub const MAX_NAME: usize = 24;

impl fmt::Display for Shared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shared::NotYourTurn => f.write_str("It is not your turn."),
            Shared::GameOver => f.write_str("The game is over."),
            Shared::SeatCount { min, max, got } => {
                write!(f, "This game needs {min} to {max} players, not {got}.")
            }
            Shared::OptionRange { key, min, max } => {
                write!(f, "The option \"{key}\" must be from {min} to {max}.")
            }
            Shared::OptionUnknown { key } => {
                write!(f, "This game has no option \"{key}\" with that value.")
            }
            Shared::SeatName { seat, max } => write!(
                f,
                "Player {}'s name must have 1 to {max} characters.",
                seat + 1
            ),
            Shared::ThrowWaiting => f.write_str("Enter the faces of the dice thrown first."),
            Shared::NoThrowWaiting => f.write_str("No throw is waiting for its faces."),
            Shared::DiceCount { expected, got } => {
                write!(f, "The throw has {expected} dice, not {got}.")
            }
            Shared::Face { face } => write!(f, "A die shows 1 to 6, not {face}."),
            Shared::PeopleOnly => f.write_str("With these options every player is a person."),
            Shared::NotOffered => f.write_str("That move is not offered now."),
        }
    }
}

/// A move or set-up the rules refuse (R-G-2): a shared refusal or the game's
/// own typed reason. The state is unchanged after any refusal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError<E> {
    Shared(Shared),
    Game(E),
}

impl<E> From<Shared> for RuleError<E> {
    fn from(s: Shared) -> Self {
        RuleError::Shared(s)
    }
}

impl<E: fmt::Display> fmt::Display for RuleError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Shared(s) => s.fmt(f),
            RuleError::Game(e) => e.fmt(f),
        }
    }
}

impl<E: fmt::Display + fmt::Debug> std::error::Error for RuleError<E> {}

/// How well a computer seat plays. Chosen per seat at setup and changeable
/// mid-game.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Plays plausibly, with human-like mistakes.
    Casual,
    /// The strongest player within the time and memory every game's
    /// computer player keeps to (issue 43: a decision within 50 ms median,
    /// 150 ms at most in a throttled browser, nothing loaded but the code).
    #[default]
    Strong,
    /// A stronger player that needs more time or memory than strong may
    /// use (a learned table loaded on demand, a deeper search). Offered only
    /// by games that have one (`ComputerPlayer::LEVELS`).
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Casual, Level::Strong, Level::Expert];

    pub fn id(self) -> &'static str {
        match self {
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }

    /// The level called `id`, if any.
    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// The levels game `G` offers, weakest first (`ComputerPlayer::LEVELS`).
pub fn levels<G: ComputerPlayer>() -> &'static [Level] {
    G::LEVELS
}

/// The strongest level game `G` offers: the coach's (issue 43).
pub fn strongest<G: ComputerPlayer>() -> Level {
    G::LEVELS.last().copied().unwrap_or(Level::Strong)
}

/// The level a computer seat of game `G` plays at when `level` is asked for:
/// itself if the game offers it, else the strongest offered level below it
/// (a saved game edited by hand, or a level the game no longer offers).
pub fn offered_level<G: ComputerPlayer>(level: Level) -> Level {
    if G::LEVELS.contains(&level) {
        return level;
    }
    G::LEVELS
        .iter()
        .copied()
        .filter(|l| *l < level)
        .max()
        .unwrap_or(Level::Strong)
}

/// Data a level's player needs that does not ship with the code (issue 43):
/// a file of its own, `rules/data/FILE` in the repository and `data/FILE`
/// beside the app, loaded only when a seat at that level (or the coach)
/// needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelData {
    pub level: Level,
    /// The file's name.
    pub file: &'static str,
}

/// Where the repository keeps a level's data file (`LevelData::file`), for
/// the command-line tool, the examples and the tests.
pub fn level_data_path(file: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(file)
}

/// Makes `level` of game `G` ready natively: loads its data from the
/// repository's file if it needs any and has none yet.
pub fn ready_level<G: ComputerPlayer>(level: Level) -> Result<(), String> {
    let Some(data) = G::LEVEL_DATA.filter(|d| d.level == level) else {
        return Ok(());
    };
    if G::level_ready(level) {
        return Ok(());
    }
    let path = level_data_path(data.file);
    let bytes = std::fs::read(&path).map_err(|e| {
        format!(
            "{}: the {} player's table {}: {e}",
            G::ID,
            level.id(),
            path.display()
        )
    })?;
    G::load_level_data(level, &bytes).map_err(|e| {
        format!(
            "{}: the {} player's table {}: {e}",
            G::ID,
            level.id(),
            path.display()
        )
    })
}

/// One setup option of a game, as setup screens and the command-line tool
/// describe it. `key` is the option's field name in the game's `Options`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    pub key: &'static str,
    pub kind: OptionKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Int {
        min: i64,
        max: i64,
        default: i64,
    },
    Bool {
        default: bool,
    },
    /// One of the listed values.
    Choice {
        values: &'static [&'static str],
        default: &'static str,
    },
    /// A set of `min..=max` distinct numbers out of `values`, as a JSON list
    /// in the order of `values`.
    Set {
        values: &'static [i64],
        min: usize,
        max: usize,
        default: &'static [i64],
    },
}

impl OptionSpec {
    pub fn default_value(&self) -> Value {
        match self.kind {
            OptionKind::Int { default, .. } => default.into(),
            OptionKind::Bool { default } => default.into(),
            OptionKind::Choice { default, .. } => default.into(),
            OptionKind::Set { default, .. } => default.to_vec().into(),
        }
    }

    fn check(&self, v: &Value) -> Result<(), Shared> {
        let unknown = || Shared::OptionUnknown {
            key: self.key.to_string(),
        };
        match self.kind {
            OptionKind::Int { min, max, .. } => {
                let n = v.as_i64().ok_or_else(unknown)?;
                if (min..=max).contains(&n) {
                    Ok(())
                } else {
                    Err(Shared::OptionRange {
                        key: self.key.to_string(),
                        min,
                        max,
                    })
                }
            }
            OptionKind::Bool { .. } => v.as_bool().map(|_| ()).ok_or_else(unknown),
            OptionKind::Choice { values, .. } => match v.as_str() {
                Some(s) if values.contains(&s) => Ok(()),
                _ => Err(unknown()),
            },
            OptionKind::Set {
                values, min, max, ..
            } => {
                let list = v.as_array().ok_or_else(unknown)?;
                let nums: Vec<i64> = list.iter().filter_map(Value::as_i64).collect();
                // Known values, each once, in the listed order.
                let positions: Vec<usize> = nums
                    .iter()
                    .filter_map(|n| values.iter().position(|x| x == n))
                    .collect();
                if nums.len() != list.len()
                    || positions.len() != nums.len()
                    || positions.windows(2).any(|w| w[0] >= w[1])
                {
                    return Err(unknown());
                }
                if !(min..=max).contains(&nums.len()) {
                    return Err(Shared::OptionRange {
                        key: self.key.to_string(),
                        min: min as i64,
                        max: max as i64,
                    });
                }
                Ok(())
            }
        }
    }
}

/// A per-game figure measured over a simulated game: `sum` over `count`
/// observations for `seat` (for example a balance change per turn). Simulate
/// reports sum/count per figure and player policy.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub name: &'static str,
    pub seat: Seat,
    pub sum: f64,
    pub count: f64,
}

/// One move the coach weighs: a legal action and the strong player's
/// expected value of it, in the game's own terms (`Coach::evaluate`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weighed<A> {
    pub action: A,
    /// Expected final points, expected final result, expected points of
    /// the move, expected round score or expected balance change: what
    /// `Coach::coach_measure` reads from a continuation.
    pub value: f64,
    /// The chance the move goes wrong, where the game has one to show
    /// (a covered cell's mine chance).
    pub risk: Option<f64>,
    /// What the move hands the next player, where the strong player weighs
    /// it (in a duel, the opponent's best expected points after it): the
    /// ranking is by `value` less this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handed: Option<f64>,
}

/// The coach's answer for a decision: every legal action, ranked as the
/// strong player ranks them, best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evaluation<A> {
    pub ranked: Vec<Weighed<A>>,
    /// The values are estimates by design (a learned table, a model of the
    /// round): the coach says "about".
    pub estimate: bool,
}

impl<A> Weighed<A> {
    /// What the ranking goes by: the value, less what the move hands on.
    pub fn net(&self) -> f64 {
        self.value - self.handed.unwrap_or(0.0)
    }
}

impl<A> Evaluation<A> {
    /// The value of the move whose action satisfies `is`, if any.
    pub fn value_of(&self, is: impl Fn(&A) -> bool) -> Option<f64> {
        self.ranked.iter().find(|c| is(&c.action)).map(|c| c.value)
    }
}

/// `items` best first (highest value first), a value within `eps` of the
/// best so far not counting as better: the order in which a player that
/// takes the first best item would list them, so the coach's first move
/// is the strong player's.
pub fn best_first<T>(mut items: Vec<(f64, T)>, eps: f64) -> Vec<(f64, T)> {
    let mut out = Vec::with_capacity(items.len());
    while !items.is_empty() {
        let mut b = 0;
        for (i, it) in items.iter().enumerate() {
            if it.0 > items[b].0 + eps {
                b = i;
            }
        }
        out.push(items.remove(b));
    }
    out
}

/// The end of a game: every seat's final score and place. Places start at 1 and
/// tied seats share a place (R-G-3): scores 10, 7, 7, 3 give places 1, 2, 2, 4.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub scores: Vec<i64>,
    pub places: Vec<usize>,
    /// Seats whose result the rules count as a defeat whatever their place
    /// (R-CH-7: a negative result alone); never ranked first or a record.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lost: Vec<Seat>,
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
        sort_small_by(&mut seats, |&a, &b| self.places[a] < self.places[b]);
        seats
    }
}

/// Sorts a short slice, stably, by `less`. Insertion sort: for the handfuls of
/// dice, cards and seats the games sort, it is as fast as the standard sorts
/// and keeps their several kilobytes out of the app's download.
pub fn sort_small_by<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Ranks by a sort key per seat, higher key first, equal keys share a place.
pub fn rank_by_key<K: Ord + Clone>(keys: &[K]) -> Vec<usize> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|other| *other > k).count())
        .collect()
}

/// R-G-5: the kind of a die of a throw at the table, as the face picker
/// draws it (`rules::chance` throws them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieKind {
    Plain,
    Green,
    White,
}

/// A throw of the players' own dice waiting for its faces: who threw, and
/// each die in the order its face is entered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub seat: Seat,
    pub dice: Vec<DieKind>,
}

impl Waiting {
    /// Whether `faces` fills this throw: one face per die, each 1 to 6.
    pub fn check(&self, faces: &[u8]) -> Result<(), Shared> {
        if faces.len() != self.dice.len() {
            return Err(Shared::DiceCount {
                expected: self.dice.len(),
                got: faces.len(),
            });
        }
        match faces.iter().find(|f| !(1..=6).contains(*f)) {
            Some(&face) => Err(Shared::Face { face }),
            None => Ok(()),
        }
    }
}

/// One game's rules, views and secrets. State is plain data: the seeded PRNG
/// is inside it (R-G-1), chance happens only inside `apply` when a player's
/// action calls for it (pressing Roll), so replaying the same actions from
/// the same seed gives the same game.
///
/// The contract comes by capability: `Game` (rules, views, secrets),
/// `RealDice` (dice thrown at the table), `ComputerPlayer`, `Coach` (and
/// the review), `Verify` (the property test's hooks), `Simulate` (figures),
/// and, behind the `cli` feature, `CliTools`. A game implements each; what
/// it lacks it leaves to the provided defaults (`impl RealDice for X {}`).
/// `Playable` is all of them, what the midend, the driver, the registry and
/// the app ask for.
pub trait Game:
    Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// A player's decision, as the UI sends it and a replay file spells it.
    type Action: Data;
    /// What an action caused (every die face, every card drawn). Seats are
    /// told only what `event_for` lets through.
    type Event: Data;
    /// Setup options; every field is described by `options_spec`.
    type Options: Data + Default;
    /// What one seat (or a spectator) may see: never the PRNG, never a fact
    /// the seat may not know.
    type View: Data;
    /// The game's own reasons to refuse an action (R-G-2); `Display` is English
    /// for the command-line tool, the app translates every variant.
    type Error: Data + fmt::Display;

    /// Stable id used in saved games and replay files.
    const ID: &'static str;
    const MIN_SEATS: usize;
    const MAX_SEATS: usize;
    /// Whether seats hold private information, so the device must be handed over
    /// behind a "pass to NAME" screen between seats.
    const PRIVATE_INFO: bool;
    /// Whether the lowest score wins (as in golf): which way a best and
    /// a worst score go in the statistics.
    const LOWEST_WINS: bool = false;

    /// The setup options (R-*-* rulings marked "(option)").
    fn options_spec() -> Vec<OptionSpec> {
        Vec::new()
    }

    /// Whether every seat must be a person with these options (the players'
    /// own cards, which no computer seat can hold): `Match` refuses a
    /// computer seat (`Shared::PeopleOnly`) and setup offers none.
    fn people_only(_options: &Self::Options) -> bool {
        false
    }

    /// A fresh game. Seat count and the options' ranges are checked by
    /// `new_game` before this is called; checks across options belong here.
    fn new(
        seats: usize,
        options: &Self::Options,
        seed: u64,
    ) -> Result<Self, RuleError<Self::Error>>;

    /// The seats that must decide now, in the order the device goes round:
    /// usually one; several where every player answers the same throw or may
    /// react (a reaction always has an explicit decline action); none once the
    /// game is over. The host serves the first.
    fn to_act(&self) -> Vec<Seat>;

    /// The legal actions of `seat` now (empty if it need not act): the one
    /// source of legality. The UI offers only these (R-G-2); `apply` refuses
    /// every other action.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// R-CH-8: across phones, what `seat` may already pick from although
    /// its turn has not come, where the rules let players decide the same
    /// thing at once and no earlier decision changes its list (its legal
    /// list when the turn comes); the host keeps the pick and plays it then
    /// (`remote::Host`), so the record is pass-and-play's. Empty by default.
    fn ahead(&self, _seat: Seat) -> Vec<Self::Action> {
        Vec::new()
    }

    /// Whether `action` of `seat` is among its legal actions now. A game
    /// whose lists are long (every covered cell of a board, the faces of a
    /// waiting throw) answers from a structured form of the same list; the
    /// property test checks that both agree.
    fn is_legal(&self, seat: Seat, action: &Self::Action) -> bool {
        self.legal_actions(seat).contains(action)
    }

    /// Why `action` of `seat` is refused, for an action `is_legal` refuses.
    /// It explains and does not decide: `apply` has decided already.
    fn refusal(&self, seat: Seat, action: &Self::Action) -> RuleError<Self::Error>;

    /// Plays a legal action (`is_legal` holds): what it caused. Search and
    /// the computer players call it for actions taken from `legal_actions`.
    fn apply_unchecked(&mut self, seat: Seat, action: &Self::Action) -> Vec<Self::Event>;

    /// Plays one action of `seat`: the legal check, then `apply_unchecked`;
    /// a refused action leaves the state unchanged and says why
    /// (`refusal`). Provided, as in shakmaty's `play`: no game overrides it
    /// (the registry's tests read each game's source for one that does).
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleError<Self::Error>> {
        if self.is_legal(seat, action) {
            Ok(self.apply_unchecked(seat, action))
        } else {
            Err(self.refusal(seat, action))
        }
    }

    /// Running scores (balances, totals) per seat.
    fn scores(&self) -> Vec<i64>;

    /// Scores recomputed from the recorded facts, not the running tally: the
    /// property tests check both agree.
    fn recomputed_scores(&self) -> Vec<i64>;

    /// Some once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// What `seat` may see (None: the public view, shown behind a hand-over
    /// screen or while a computer seat acts).
    fn view(&self, seat: Option<Seat>) -> Self::View;

    /// Everything, for replaying a game: the public view with every hidden
    /// fact open as well (face-down cards, covered mines, every player's
    /// failed marks). A replay shows it only for a finished game; play never
    /// shows it. Games without secrets keep the public view.
    fn open_view(&self) -> Self::View {
        self.view(None)
    }

    /// What `seat` (None: everyone) is told of an event: the event itself,
    /// a redacted copy, or nothing.
    fn event_for(event: &Self::Event, _seat: Option<Seat>) -> Option<Self::Event> {
        Some(event.clone())
    }

    /// Property-test check that `view` and `events` (as given to `seat`)
    /// contain no fact hidden from that seat in this state. Err names the leak.
    fn check_secrets(
        &self,
        seat: Option<Seat>,
        view: &Self::View,
        events: &[Self::Event],
    ) -> Result<(), String>;

    /// Whether `action`, just applied with `events`, may be taken back by the
    /// seat that made it: only a decision that revealed nothing random or
    /// hidden (a throw, a draw, an explore never). The midend also requires
    /// that no other seat has acted since.
    fn undoable(_action: &Self::Action, _events: &[Self::Event]) -> bool {
        false
    }

    /// The turn (or round) as players count it, from 1: for lists of games.
    fn turn_number(&self) -> u32;

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

/// R-G-5: dice thrown at the table, their faces entered (see
/// `crate::chance`). A game that throws no dice keeps the defaults.
pub trait RealDice: Game {
    /// R-G-5: the throw of the players' own dice waiting for its faces, if
    /// any (see `crate::chance`). While one waits, its seat is the only one
    /// in `to_act`, `legal_actions` is empty, and the accepted actions are
    /// exactly `entered(faces)` for faces that fill it (`Waiting::check`).
    fn waiting(&self) -> Option<Waiting> {
        None
    }

    /// R-G-5: the action that enters the faces of a waiting throw, in a
    /// game with dice (None: the game throws none).
    fn entered(_faces: Vec<u8>) -> Option<Self::Action> {
        None
    }

    /// The faces an action enters, if it is such an entry.
    fn entered_faces(_action: &Self::Action) -> Option<&[u8]> {
        None
    }
}

/// The computer player, and the baselines `simulate` compares it with.
pub trait ComputerPlayer: Game {
    /// The computer player's decision for `seat`, from that seat's view alone,
    /// at `level`, with its own seeded randomness.
    fn computer_action(view: &Self::View, seat: Seat, level: Level, rng: &mut Rng) -> Self::Action;

    /// The levels this game's computer player offers, weakest first (issue
    /// 43): casual and strong, and expert where a stronger player needs more
    /// time or memory than strong may use. Setup, the seat menu and the
    /// command-line tool offer these; a seat at another level plays at
    /// `offered_level`.
    const LEVELS: &'static [Level] = &[Level::Casual, Level::Strong];

    /// Data a level needs that does not ship with the code (its table),
    /// loaded on demand (`load_level_data`); None: every level is code.
    const LEVEL_DATA: Option<LevelData> = None;

    /// Takes `LEVEL_DATA`'s bytes for `level`; an error (never a panic) for
    /// bytes that are not that table (wrong length, garbage).
    fn load_level_data(_level: Level, _bytes: &[u8]) -> Result<(), String> {
        Err("this game's levels need no data".into())
    }

    /// Whether `level` plays as itself now: true unless it needs data not
    /// loaded yet (until then it plays as the level below it).
    fn level_ready(_level: Level) -> bool {
        true
    }

    /// Baseline policies the game adds for `simulate` (e.g. "greedy"), from the
    /// seat's view; None if the game has no such baseline.
    fn baseline_action(
        _name: &str,
        _view: &Self::View,
        _seat: Seat,
        _rng: &mut Rng,
    ) -> Option<Self::Action> {
        None
    }

    /// Names of the baselines `baseline_action` knows.
    fn baselines() -> &'static [&'static str] {
        &[]
    }

    /// Builds whatever the computer player needs (tables) ahead of its first
    /// decision, so that decision is as quick as the others: a slice of it
    /// per call (a few milliseconds natively), so a browser can build it
    /// between frames, true once all is built. Nothing is lost if a decision
    /// comes first: the player then builds the rest at once.
    fn warm_up(&self) -> bool {
        true
    }
}

/// The coach and the review (issue 25), and what `driver::coach_check`
/// needs to test the coach's honesty.
pub trait Coach: ComputerPlayer {
    /// The coach (issue 25): the strong player's evaluation of the decision
    /// `seat` faces in `view`, from that view alone. None when there is
    /// nothing to weigh (one legal action, or not this seat's decision).
    /// Every move is a legal action; the first is the strong player's.
    fn evaluate(view: &Self::View, seat: Seat) -> Option<Evaluation<Self::Action>>;

    /// One move weighed as `evaluate` weighs its best few, for the review
    /// (`driver::judge`) where `evaluate` ranked the move played by a
    /// shorter measure (in a duel, what a move hands the opponent may be
    /// worked out for the best few moves only). None: `evaluate`'s own row
    /// holds. A move so weighed may come out above the first: it lost
    /// nothing (`judge` never counts a loss below 0).
    fn weigh(
        _view: &Self::View,
        _seat: Seat,
        _action: &Self::Action,
    ) -> Option<Weighed<Self::Action>> {
        None
    }

    /// What a coach's value measures, read from a continuation of play:
    /// `at` is the state the decision was made in, `now` a later one; Some
    /// once the value is known (the final points, the points of the move,
    /// the round's score, the turn's balance change). The honesty test
    /// (`driver::coach_check`) compares it with `evaluate`.
    fn coach_measure(at: &Self, now: &Self, seat: Seat) -> Option<f64>;

    /// Draws future chance from `seed` from now on: for continuations that
    /// ask "what if" from one position. Hidden facts already dealt stay.
    fn reseed(&mut self, seed: u64);
}

/// What the shared property test (`driver::property`) needs besides the
/// rules: arbitrary actions to refuse, and the game's invariants.
pub trait Verify: Game {
    /// Another state that `seat` (None: everyone) cannot tell from this
    /// one: every fact hidden from it drawn anew from `seed` (the dice to
    /// come, face-down cards, covered mines), all it may see the same. None
    /// where there is nothing to draw anew. The property test holds every
    /// channel a seat receives against it: its view must be the same, and
    /// so must its legal list and the reason of each refusal, which the
    /// app computes from the whole state and (across phones) sends as
    /// bytes to another device.
    fn hidden_variant(&self, _seat: Option<Seat>, _seed: u64) -> Option<Self> {
        None
    }

    /// Any action of the right type, legal or not, for the refusal property test.
    fn arbitrary_action(rng: &mut Rng) -> Self::Action;

    /// Checks the game's invariants (conservation, ranges); Err describes the break.
    fn check_invariants(&self) -> Result<(), String>;
}

/// Game-specific figures for `simulate`.
pub trait Simulate: Game {
    /// Game-specific figures of one finished game for `simulate` (and later
    /// history and statistics), computed from its events.
    fn figures(_events: &[Vec<Self::Event>]) -> Vec<Figure> {
        Vec::new()
    }

    /// Exact reference values `simulate` prints beside the measured figures.
    fn reference_figures() -> Vec<(&'static str, f64)> {
        Vec::new()
    }
}

/// A game's own command-line tools (the `cli` feature: the app's build does
/// not depend on `clap`).
#[cfg(feature = "cli")]
pub trait CliTools: Game {
    /// The game's own command-line tools, `spielblock-cli <ID> <tool> ...`:
    /// a command (named by the command-line tool after `ID`) with one
    /// subcommand per tool; None if the game has none.
    fn cli_tools() -> Option<clap::Command> {
        None
    }

    /// Runs one of `cli_tools` on its parsed arguments; `read_input` reads a
    /// file ("-": standard input). Returns the text to print; Err is shown
    /// as the error (exit code 2).
    fn run_cli_tool(
        _args: &clap::ArgMatches,
        _read_input: &dyn Fn(&str) -> Result<String, String>,
    ) -> Result<String, String> {
        Err(format!("{} has no command-line tools.", Self::ID))
    }
}

/// Every capability: what the midend, the driver, the registry and the app
/// ask of a game.
#[cfg(feature = "cli")]
pub trait Playable: RealDice + Coach + Verify + Simulate + CliTools {}
#[cfg(feature = "cli")]
impl<G: RealDice + Coach + Verify + Simulate + CliTools> Playable for G {}
/// Every capability: what the midend, the driver, the registry and the app
/// ask of a game.
#[cfg(not(feature = "cli"))]
pub trait Playable: RealDice + Coach + Verify + Simulate {}
#[cfg(not(feature = "cli"))]
impl<G: RealDice + Coach + Verify + Simulate> Playable for G {}

/// `Verify::hidden_variant` of a game whose only hidden facts are the dice
/// to come: the same state with its chance drawn anew from `seed`.
pub fn with_chance_redrawn<G: Coach>(game: &G, seed: u64) -> Option<G> {
    let mut other = game.clone();
    other.reseed(seed);
    Some(other)
}

/// Ensures `seat` is one that must decide now.
pub fn require_turn<G: Game>(game: &G, seat: Seat) -> Result<(), RuleError<G::Error>> {
    if game.is_over() {
        return Err(Shared::GameOver.into());
    }
    if !game.to_act().contains(&seat) {
        return Err(Shared::NotYourTurn.into());
    }
    Ok(())
}

/// Checks options against the game's description: every field known, every
/// value of its kind and in range.
pub fn check_options<G: Game>(options: &G::Options) -> Result<(), Shared> {
    let value = serde_json::to_value(options).unwrap_or(Value::Null);
    check_options_value::<G>(&value)
}

fn check_options_value<G: Game>(value: &Value) -> Result<(), Shared> {
    let spec = G::options_spec();
    let Some(map) = value.as_object() else {
        return Err(Shared::OptionUnknown { key: String::new() });
    };
    for (key, v) in map {
        match spec.iter().find(|s| s.key == key) {
            Some(s) => s.check(v)?,
            None => return Err(Shared::OptionUnknown { key: key.clone() }),
        }
    }
    Ok(())
}

/// Reads options from JSON (setup screens, `--options`, saved games): missing
/// fields take their defaults, anything unknown or out of range is refused.
pub fn parse_options<G: Game>(value: &Value) -> Result<G::Options, Shared> {
    check_options_value::<G>(value)?;
    let mut full = serde_json::Map::new();
    for s in G::options_spec() {
        full.insert(s.key.to_string(), s.default_value());
    }
    if let Some(map) = value.as_object() {
        for (k, v) in map {
            full.insert(k.clone(), v.clone());
        }
    }
    serde_json::from_value(Value::Object(full))
        .map_err(|_| Shared::OptionUnknown { key: String::new() })
}

/// A new game after the shared checks: seat count and options.
pub fn new_game<G: Game>(
    seats: usize,
    options: &G::Options,
    seed: u64,
) -> Result<G, RuleError<G::Error>> {
    if !(G::MIN_SEATS..=G::MAX_SEATS).contains(&seats) {
        return Err(Shared::SeatCount {
            min: G::MIN_SEATS,
            max: G::MAX_SEATS,
            got: seats,
        }
        .into());
    }
    check_options::<G>(options)?;
    G::new(seats, options, seed)
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
            lost: Vec::new(),
            scores: vec![10, 7, 7, 3],
            places: rank_by_key(&[10, 7, 7, 3]),
        };
        assert!(o.is_shared(1) && o.is_shared(2));
        assert!(!o.is_shared(0) && !o.is_shared(3));
        assert_eq!(o.order(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn shared_refusals_read_as_english_for_the_cli() {
        let e: RuleError<String> = Shared::SeatCount {
            min: 2,
            max: 8,
            got: 1,
        }
        .into();
        assert_eq!(e.to_string(), "This game needs 2 to 8 players, not 1.");
        assert_eq!(
            RuleError::<String>::Game("Nope.".into()).to_string(),
            "Nope."
        );
    }

    #[test]
    fn option_specs_check_kinds_and_ranges() {
        let int = OptionSpec {
            key: "n",
            kind: OptionKind::Int {
                min: 1,
                max: 3,
                default: 2,
            },
        };
        assert_eq!(int.check(&2.into()), Ok(()));
        assert_eq!(
            int.check(&4.into()),
            Err(Shared::OptionRange {
                key: "n".into(),
                min: 1,
                max: 3
            })
        );
        assert!(int.check(&"2".into()).is_err());
        let pick = OptionSpec {
            key: "mode",
            kind: OptionKind::Choice {
                values: &["a", "b"],
                default: "a",
            },
        };
        assert_eq!(pick.check(&"b".into()), Ok(()));
        assert!(pick.check(&"c".into()).is_err());
        let b = OptionSpec {
            key: "on",
            kind: OptionKind::Bool { default: false },
        };
        assert!(b.check(&true.into()).is_ok() && b.check(&1.into()).is_err());
        assert_eq!(b.default_value(), Value::Bool(false));
        let set = OptionSpec {
            key: "lanes",
            kind: OptionKind::Set {
                values: &[1, 2, 3, 4],
                min: 2,
                max: 3,
                default: &[1, 2],
            },
        };
        assert_eq!(set.check(&serde_json::json!([1, 3])), Ok(()));
        assert!(set.check(&serde_json::json!([3, 1])).is_err(), "order");
        assert!(set.check(&serde_json::json!([1, 1])).is_err(), "twice");
        assert!(set.check(&serde_json::json!([1, 9])).is_err(), "unknown");
        assert_eq!(
            set.check(&serde_json::json!([1])),
            Err(Shared::OptionRange {
                key: "lanes".into(),
                min: 2,
                max: 3
            })
        );
    }
}
