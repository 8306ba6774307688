//! The app side of the game contract (see docs/ARCHITECTURE.md):
//!
//! - `GameView`: what a game's view module adds to its rules type (names,
//!   table, rules text, translations of its refusals and events). Generic,
//!   one impl per game.
//! - `Live`: one game in play behind an object-safe trait, so the session,
//!   the host and the replay screen are compiled once for every game.
//!   `crate::live` implements it for any `GameView`.
//! - `Entry`: a game's line in the app's registry.
//!
//! A table is typed by its game: it receives a `TableCtx<G>` with the view
//! of the seat acting on this device (or the public view), the events that
//! seat was told, the rules' legal actions of that seat, and `send` for one
//! of them. It never sees the `Match`, and it decides no rule: what it
//! offers is what `Game::legal_actions` lists.

use crate::i18n::*;
use leptos::prelude::*;
use rules::chance::{DieKind, Waiting};
use rules::{Game, Level, OptionSpec, Outcome, Seat, SeatInfo, SeatKind, Shared};
use serde_json::Value;
use std::sync::Arc;

/// A text in the player's language, translated when shown, so it follows a
/// language switch.
#[derive(Clone)]
pub struct Text(Arc<dyn Fn(Locale) -> String + Send + Sync>);

impl Text {
    pub fn new(f: impl Fn(Locale) -> String + Send + Sync + 'static) -> Self {
        Text(Arc::new(f))
    }

    pub fn get(&self, l: Locale) -> String {
        (self.0)(l)
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.get(Locale::en))
    }
}

/// Which picture of a game a table shows: the seat (None: the public view,
/// or everything open in a replay), the opening of the game, and how many
/// moves in. The session decides it; the table's typed `Seen` follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// The human seat that may act through this device now (None while a
    /// computer acts, behind the hand-over screen, during the turn moment,
    /// once the game is over, and in a replay).
    pub seat: Option<Seat>,
    /// Which opening of the game it is from: a game reloaded from storage
    /// (another tab's moves, a restore) may hold as many moves as the one on
    /// screen and still differ.
    pub epoch: u64,
    /// Moves played so far (in a replay: the step shown).
    pub moves: usize,
    /// A replay step: everything open (`Game::open_view`), nothing to act on.
    pub replay: bool,
}

/// What a table of game `G` is shown, typed: the view of `frame.seat` (or
/// the public or open view), the events that seat was told, one list per
/// move, and the legal actions of the acting seat (none when no seat acts).
#[derive(Debug, Clone, PartialEq)]
pub struct Seen<G: Game> {
    pub frame: Frame,
    pub view: G::View,
    pub log: Vec<Vec<G::Event>>,
    /// `Game::legal_actions` of `frame.seat`: all a table may offer.
    pub legal: Vec<G::Action>,
    /// R-G-5: the throw of the players' own dice waiting for its faces
    /// (whoever threw; the decision bar asks the thrower for them).
    pub waiting: Option<Waiting>,
}

impl<G: Game> Seen<G> {
    /// The seat acting through this device, if it has anything to decide.
    pub fn acting(&self) -> Option<Seat> {
        self.frame.seat.filter(|&s| {
            !self.legal.is_empty() || self.waiting.as_ref().is_some_and(|w| w.seat == s)
        })
    }

    /// Whether the rules allow `action` now.
    pub fn offers(&self, action: &G::Action) -> bool {
        self.legal.contains(action)
    }

    /// The legal actions matching `pick`, in the rules' order.
    pub fn offered<'a, T>(
        &'a self,
        pick: impl FnMut(&G::Action) -> Option<T> + 'a,
    ) -> impl Iterator<Item = T> + 'a {
        self.legal.iter().filter_map(pick)
    }
}

/// An action on its way from a table to the session, as the rules listed
/// it: entry `index` of the legal actions after `moves` moves; or, were a
/// table to send anything else, the rules' refusal in words.
#[derive(Clone, Debug)]
pub enum Sent {
    Legal {
        moves: usize,
        index: usize,
    },
    /// R-G-5: the faces of a throw at the table, after `moves` moves.
    Faces {
        moves: usize,
        faces: Vec<u8>,
    },
    Refused(Text),
}

/// What the host gives any table, whatever its game.
#[derive(Clone, Copy)]
pub struct Port {
    pub frame: Memo<Frame>,
    pub names: Memo<Vec<String>>,
    /// Which seats the computer plays (marked wherever a name is shown).
    pub cpu: Memo<Vec<bool>>,
    pub act: Callback<Sent>,
}

/// The rules' reason to refuse an action of game `G` for a seat.
pub type Why<G> = Arc<dyn Fn(Option<Seat>, &<G as Game>::Action) -> Text + Send + Sync>;

/// What the host hands a table of game `G`: its typed `Seen`, the players'
/// names, and `send`.
pub struct TableCtx<G: Game> {
    pub seen: Memo<Seen<G>>,
    pub names: Memo<Vec<String>>,
    /// Which seats the computer plays.
    pub cpu: Memo<Vec<bool>>,
    act: Callback<Sent>,
    /// The rules' reason to refuse an action that is not on the list.
    why: StoredValue<Why<G>>,
}

impl<G: Game> Clone for TableCtx<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game> Copy for TableCtx<G> {}

impl<G: Game> TableCtx<G> {
    pub fn new(seen: Memo<Seen<G>>, port: Port, why: Why<G>) -> Self {
        TableCtx {
            seen,
            names: port.names,
            cpu: port.cpu,
            act: port.act,
            why: StoredValue::new(why),
        }
    }

    /// The seat acting through this device, if it has anything to decide.
    pub fn acting(&self) -> Option<Seat> {
        self.seen.with(|s| s.acting())
    }

    /// A seat's name as a table shows it: its colour, the name and, for a
    /// computer seat, the computer's mark (`who_html`).
    pub fn who(&self, seat: Seat) -> AnyView {
        let name = self
            .names
            .with(|n| n.get(seat).cloned().unwrap_or_default());
        let cpu = self.cpu.with(|c| c.get(seat).copied().unwrap_or(false));
        who_view(name, seat, cpu)
    }

    /// `who_html` for every seat, in the language `l`.
    pub fn who_all(&self, l: Locale) -> Vec<String> {
        let names = self.names.get();
        self.cpu.with(|cpu| {
            (0..names.len())
                .map(|s| who_html(&names[s], s, cpu.get(s).copied().unwrap_or(false), l))
                .collect()
        })
    }

    /// Sends entry `index` of the rules' legal list (a large grid drawn as
    /// one HTML string names its entries); nothing if there is none.
    pub fn send_legal(&self, index: usize) {
        let sent = self.seen.with_untracked(|s| {
            (index < s.legal.len()).then_some(Sent::Legal {
                moves: s.frame.moves,
                index,
            })
        });
        if let Some(sent) = sent {
            self.act.run(sent);
        }
    }

    /// The rules' reason to refuse `action` to the seat at the device, for
    /// a table that shows it where the player tapped.
    pub fn refusal(&self, action: &G::Action) -> Text {
        let seat = self.seen.with_untracked(|s| s.frame.seat);
        self.why.with_value(|why| why(seat, action))
    }

    /// Sends one of the rules' legal actions for the acting seat; the
    /// session applies, saves and announces it. Anything else is not sent:
    /// the player is told the rules' reason.
    pub fn send(&self, action: G::Action) {
        let sent = self
            .seen
            .with_untracked(|s| match s.legal.iter().position(|a| *a == action) {
                Some(index) => Sent::Legal {
                    moves: s.frame.moves,
                    index,
                },
                None => Sent::Refused(self.why.with_value(|why| why(s.frame.seat, &action))),
            });
        self.act.run(sent);
    }
}

/// A table's pick (dice chosen, a cell, a lane) that belongs to one moment
/// of the game: after any move it reads as its start value again, with no
/// second render to reset it (a reset in an effect drew the table twice).
pub struct MovePick<T: Send + Sync + 'static> {
    moves: Memo<usize>,
    cell: RwSignal<(usize, T)>,
    start: StoredValue<T>,
}

impl<T: Send + Sync + 'static> Clone for MovePick<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Send + Sync + 'static> Copy for MovePick<T> {}

impl<T: Clone + Send + Sync + 'static> MovePick<T> {
    pub fn new(moves: Memo<usize>, start: T) -> Self {
        MovePick {
            moves,
            cell: RwSignal::new((moves.get_untracked(), start.clone())),
            start: StoredValue::new(start),
        }
    }

    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        let now = self.moves.get();
        self.cell.with(|(at, v)| {
            if *at == now {
                f(v)
            } else {
                self.start.with_value(f)
            }
        })
    }

    pub fn get(&self) -> T {
        self.with(T::clone)
    }

    pub fn get_untracked(&self) -> T {
        let now = self.moves.get_untracked();
        self.cell.with_untracked(|(at, v)| {
            if *at == now {
                v.clone()
            } else {
                self.start.get_value()
            }
        })
    }

    pub fn set(&self, v: T) {
        self.cell.set((self.moves.get_untracked(), v));
    }

    pub fn update(&self, f: impl FnOnce(&mut T)) {
        let now = self.moves.get_untracked();
        let start = self.start.get_value();
        self.cell.update(|(at, v)| {
            if *at != now {
                *at = now;
                *v = start;
            }
            f(v);
        });
    }
}

/// What a game's view module adds to its rules type.
pub trait GameView: Game {
    /// Seats a new game starts with at setup.
    const DEFAULT_SEATS: usize;
    /// Whether solo play offers a daily challenge: the same seed for everyone
    /// on the same date, with the day's best score per name kept.
    const DAILY: bool = false;
    /// What the history keeps as this game's record.
    const RECORD: RecordKind = RecordKind::BestScore;
    /// The game's stylesheet (`src/games/<module>/style.css`): it comes
    /// with the game's code, not the first load.
    const STYLE: &'static str;
    fn name(l: Locale) -> String;
    fn pitch(l: Locale) -> String;
    /// The table: sheets, dice, cards, board, and the acting seat's controls.
    fn table(ctx: TableCtx<Self>) -> AnyView;
    /// The in-app rules, in the player's language.
    fn rules() -> AnyView;
    /// Every refusal of the game, translated (an exhaustive match, so a new
    /// variant without words does not build).
    fn error_text(e: &Self::Error, l: Locale) -> String;
    /// The label of an option (`OptionSpec::key`).
    fn option_label(key: &str, l: Locale) -> String;
    /// Sentences for the screen-reader live region, from the events the seat
    /// at the device was told.
    fn announce(
        view: &Self::View,
        events: &[Self::Event],
        names: &[String],
        l: Locale,
    ) -> Vec<String>;
    /// Whether these events deserve a short vibration (a roll).
    fn vibrates(_events: &[Self::Event]) -> bool {
        false
    }
    /// How these events sound (the strongest of them), if at all.
    fn cue(_events: &[Self::Event]) -> Option<crate::sound::Cue> {
        None
    }
    /// What a replay shows open that play kept hidden (`Game::open_view`),
    /// and how the table draws it; None for a game without secrets.
    fn replay_hint(_l: Locale) -> Option<String> {
        None
    }
    /// The game's guided first game (issue 25), if it has one.
    fn lesson() -> Option<Lesson> {
        None
    }
    /// Whether the coach's value is a change (written with a sign).
    const COACH_SIGNED: bool = false;
    /// The coach's words for one move of the decision at hand (issue 25),
    /// as the table's own control would say it.
    fn move_text(view: &Self::View, action: &Self::Action, l: Locale) -> String;
    /// The coach's value of a move in the game's own terms ("62.4 final
    /// points"); `number` is the value already written for the language
    /// (`coach_number`).
    fn coach_value(weighed: &rules::Weighed<Self::Action>, number: &str, l: Locale) -> String;
}

/// A guided first game (issue 25): a fixed game on the real table (its
/// seed chosen so the dice or cards show what each step teaches, see
/// `rules/examples/lesson_search.rs`), saying at each of the person's moves
/// what to tap and why.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub seed: u64,
    /// Computer seats after the person's (casual).
    pub computers: usize,
    pub options: Value,
    pub steps: Vec<Step>,
}

/// One step of a lesson, shown once `at` moves are played: the move to make
/// (the action as the rules write it in JSON; None for the last words), what
/// to tap for it (CSS selectors on the table), and why.
#[derive(Clone, Debug)]
pub struct Step {
    pub at: usize,
    pub expect: Option<Value>,
    pub point: &'static str,
    pub say: fn(Locale) -> String,
}

impl Step {
    pub fn new(
        at: usize,
        expect: Option<Value>,
        point: &'static str,
        say: fn(Locale) -> String,
    ) -> Step {
        Step {
            at,
            expect,
            point,
            say,
        }
    }
}

/// The lesson's step at hand, as the decision bar shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonNow {
    /// The step's number from 1, and how many there are.
    pub k: usize,
    pub n: usize,
    pub say: String,
    pub point: &'static str,
    /// A move other than the step's was tapped.
    pub nudge: bool,
}

/// The coach's answer on screen: up to three moves, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Hints {
    /// The decision it answers (the moves played when asked).
    pub moves: usize,
    /// Empty: nothing to weigh at this decision.
    pub rows: Vec<HintRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HintRow {
    pub text: String,
    pub value: String,
    /// Its entry in the rules' legal list, to play it.
    pub index: usize,
}

/// A coach's value written for `l`: one decimal, the language's decimal
/// mark, a real minus sign, a plus sign where `signed`, "about" for an
/// estimate.
pub fn coach_number(v: f64, signed: bool, about: bool, l: Locale) -> String {
    let v = (v * 10.0).round() / 10.0;
    let mut s = format!("{:.1}", v.abs());
    if l == Locale::de {
        s = s.replace('.', ",");
    }
    let s = if v < 0.0 {
        format!("−{s}")
    } else if signed && v > 0.0 {
        format!("+{s}")
    } else {
        s
    };
    if about {
        td_string!(l, coach_about, v = s).to_string()
    } else {
        s
    }
}

/// What the session picked for a seat: an entry of the rules' legal list
/// (from a table), faces entered for a throw at the table, or the computer
/// player's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    Legal {
        moves: usize,
        index: usize,
    },
    /// R-G-5: faces entered for the waiting throw.
    Faces {
        moves: usize,
        faces: Vec<u8>,
    },
    Computer,
}

/// One game in play, type-erased: the session drives every game through this.
pub trait Live: Send + Sync {
    /// The record as saved (the replay format).
    fn record(&self) -> Value;
    fn seats(&self) -> Vec<SeatInfo>;
    fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level);
    /// The seats that decide now, in the order the device goes round.
    fn to_act(&self) -> Vec<Seat>;
    fn outcome(&self) -> Option<Outcome>;
    fn moves(&self) -> usize;
    /// The seat that decides now, if the computer plays it.
    fn computer_to_act(&self) -> Option<Seat>;
    /// R-G-5: the throw at the table waiting for its faces.
    fn waiting(&self) -> Option<Waiting>;
    /// Which opening of the game this is (`Frame::epoch`).
    fn epoch(&self) -> u64;
    /// Applies `pick` for `seat`; false if it no longer stands (the list
    /// moved on, or the entry is gone). Whether `seat` may act is the
    /// session's to decide before.
    fn apply(&mut self, seat: Seat, pick: Pick) -> bool;
    /// Sentences for the live region about moves `from..`, as `told` (None:
    /// everyone) was told them.
    fn announce(&self, told: Option<Seat>, from: usize, l: Locale) -> Vec<String>;
    /// Whether moves `from..` deserve a short vibration (a roll).
    fn vibrates(&self, from: usize) -> bool;
    /// How the moves since `from` sound, as everyone hears them (public
    /// events only: a sound tells no seat's secret).
    fn cue(&self, from: usize) -> Option<crate::sound::Cue>;
    /// The options as JSON, for the header and Play again.
    fn options(&self) -> Value;
    /// The seat that may take back the last move now (the rules decide).
    fn can_undo(&self) -> Option<Seat>;
    /// Takes back the last move of `seat`; false if not allowed.
    fn undo(&mut self, seat: Seat) -> bool;
    /// Drops the last move (it could not be saved).
    fn retract(&mut self);
    /// The turn (or round) as players count it.
    fn turn(&self) -> u32;
    /// Prepares the computer players' tables ahead of their first decision.
    fn warm_up(&self);
    /// The game's table, typed, following `port.frame`: the acting seat's
    /// view and legal actions in play, everything open after move
    /// `frame.moves` in a replay (only of a finished game).
    fn table(&self, port: Port) -> AnyView;
    /// What move `k` did, in words, as everyone was told it (empty for the
    /// start): the replay's caption.
    fn replay_caption(&self, k: usize) -> Text;
    /// The legal actions of `seat` now, as the rules list them, in JSON
    /// (for tests that drive a table).
    fn legal_json(&self, seat: Seat) -> Vec<Value>;
    /// Where the action `want` (as the rules write it in JSON: a lesson
    /// step's move) stands in `seat`'s legal list now, compared as the
    /// game's own action; None where it is not on offer or not an action.
    fn offered_at(&self, seat: Seat, want: &Value) -> Option<usize>;
    /// Whether the coach is on in this game (issue 25).
    fn coach(&self) -> bool;
    /// Whether this is a guided first game (issue 25).
    fn lesson(&self) -> bool;
    /// The coach's best moves for `seat`'s decision now, in `l`.
    fn hints(&self, seat: Seat, l: Locale) -> Hints;
    /// The coach's judgement of the record's move `index`, afterwards
    /// (issue 25's review); None where it weighs nothing.
    fn judge(&self, index: usize) -> Option<Judgement>;
}

/// One decision as the review shows it: the move played and the strong
/// player's, each in the game's words with its value, and the expected
/// points lost (`rules::driver::judge`).
#[derive(Clone, Debug)]
pub struct Judgement {
    /// The move's place in the record: the replay after `index` moves
    /// shows the decision.
    pub index: usize,
    pub seat: Seat,
    pub played: Text,
    pub best: Text,
    /// The played move was the strong player's.
    pub same: bool,
    pub played_value: f64,
    pub loss: f64,
    pub estimate: bool,
}

/// What the history keeps as a game's record (besides each player's best).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// The best final score (highest, or lowest where the lowest wins).
    BestScore,
    /// The biggest winning margin over the runner-up (a duel).
    Margin,
    /// The longest game in turns (surviving as long as possible).
    Longest,
}

/// A game's line in the app's registry: its facts and the functions behind
/// it (built by `crate::live::entry`).
#[derive(Clone, Copy)]
pub struct Entry {
    pub id: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    pub default_seats: usize,
    pub private_info: bool,
    /// The lowest score wins (`rules::Game::LOWEST_WINS`).
    pub lowest_wins: bool,
    pub daily: bool,
    pub record: RecordKind,
    pub name: fn(Locale) -> String,
    pub pitch: fn(Locale) -> String,
    pub options: fn() -> Vec<OptionSpec>,
    /// Whether every seat must be a person with these options
    /// (`rules::Game::people_only`; unreadable options: no).
    pub people_only: fn(&Value) -> bool,
    pub option_label: fn(&str, Locale) -> String,
    /// A new game's record as JSON, or why the rules refuse the set-up.
    pub new_record: fn(Vec<SeatInfo>, &Value, u64) -> Result<Value, Text>,
    /// Replays a saved record, or says why it cannot be used.
    pub open: fn(Value) -> Result<Box<dyn Live>, Text>,
    pub rules: fn() -> AnyView,
    pub replay_hint: fn(Locale) -> Option<String>,
    pub lesson: fn() -> Option<Lesson>,
}

/// A shared refusal in the player's language; `label` names an option.
pub fn shared_text(s: &Shared, label: &dyn Fn(&str) -> String, l: Locale) -> String {
    match s {
        Shared::NotYourTurn => td_string!(l, err_not_your_turn).to_string(),
        Shared::GameOver => td_string!(l, err_game_over).to_string(),
        Shared::SeatCount { min, max, got } => {
            td_string!(l, err_seat_count, min = min, max = max, got = got).to_string()
        }
        Shared::OptionRange { key, min, max } => td_string!(
            l,
            err_option_range,
            option = label(key),
            min = min,
            max = max
        )
        .to_string(),
        Shared::OptionUnknown { key } => {
            td_string!(l, err_option_unknown, option = label(key)).to_string()
        }
        Shared::SeatName { seat, max } => {
            td_string!(l, err_seat_name, n = seat + 1, max = max).to_string()
        }
        Shared::ThrowWaiting => td_string!(l, err_throw_waiting).to_string(),
        Shared::NoThrowWaiting => td_string!(l, err_no_throw_waiting).to_string(),
        Shared::DiceCount { expected, got } => {
            td_string!(l, err_dice_count, expected = expected, got = got).to_string()
        }
        Shared::Face { face } => td_string!(l, err_face, face = face).to_string(),
        Shared::PeopleOnly => td_string!(l, err_people_only).to_string(),
    }
}

/// Faces entered for a throw at the table, in words (R-G-5).
pub fn faces_text(faces: &[u8], l: Locale) -> String {
    let list: Vec<String> = faces.iter().map(u8::to_string).collect();
    td_string!(l, faces_move, faces = list.join(", ")).to_string()
}

/// A die's kind in words (R-G-5's face picker).
fn die_kind(k: DieKind, l: Locale) -> String {
    match k {
        DieKind::Plain => td_string!(l, die_kind_plain),
        DieKind::Green => td_string!(l, die_kind_green),
        DieKind::White => td_string!(l, die_kind_white),
    }
    .to_string()
}

/// A die's kind as `DieFace` colours it.
fn die_class(k: DieKind) -> &'static str {
    match k {
        DieKind::Green => "green",
        DieKind::Plain | DieKind::White => "",
    }
}

/// R-G-5: the faces of a throw at the table, entered one tap per die in
/// the thumb zone. The marked die takes the next face tapped; a tap on an
/// entered die marks it again, so any entry can be corrected until it is
/// confirmed.
#[component]
fn FacePicker(waiting: Waiting, on_done: Callback<Vec<u8>>) -> impl IntoView {
    let i18n = use_i18n();
    let kinds = waiting.dice.clone();
    let n = kinds.len();
    let faces = RwSignal::new(vec![None::<u8>; n]);
    let at = RwSignal::new(0usize);
    let kinds = StoredValue::new(kinds);
    // Which die of its kind a slot is (green 1, green 2, white 1).
    let number =
        move |i: usize| kinds.with_value(|k| k[..=i].iter().filter(|x| **x == k[i]).count());
    let tap = move |f: u8| {
        let i = at.get_untracked();
        faces.update(|v| v[i] = Some(f));
        // On to the next die not yet entered, going round.
        let next = faces.with_untracked(|v| (1..=n).map(|k| (i + k) % n).find(|&j| v[j].is_none()));
        if let Some(j) = next {
            at.set(j);
        }
    };
    let done = move || faces.with(|v| v.iter().all(Option::is_some));
    let confirm = move |_| {
        let v: Option<Vec<u8>> = faces.get_untracked().into_iter().collect();
        if let Some(v) = v {
            on_done.run(v);
        }
    };
    let active_class = move || kinds.with_value(|k| die_class(k[at.get().min(n - 1)]));
    view! {
        <section class="faces" data-testid="faces" aria-labelledby="faces-title">
            <h3 id="faces-title">{t!(i18n, faces_title)}</h3>
            <div class="faces-slots">
                {(0..n).map(|i| {
                    let kind = kinds.with_value(|k| k[i]);
                    let label = move || {
                        let l = i18n.get_locale();
                        let (kind, k) = (die_kind(kind, l), number(i));
                        match faces.with(|v| v[i]) {
                            Some(f) => td_string!(l, faces_slot, kind = kind, k = k, face = f).to_string(),
                            None => td_string!(l, faces_slot_empty, kind = kind, k = k).to_string(),
                        }
                    };
                    view! {
                        <button type="button" class="face-slot" data-testid="face-slot"
                            class:active=move || at.get() == i
                            aria-pressed=move || (at.get() == i).to_string()
                            aria-label=label
                            on:click=move |_| at.set(i)>
                            {move || match faces.with(|v| v[i]) {
                                Some(f) => view! { <crate::dice::DieFace face=f extra_class=die_class(kind)/> }.into_any(),
                                None => view! { <span class=format!("die-slot {}", die_class(kind)) aria-hidden="true"></span> }.into_any(),
                            }}
                        </button>
                    }
                }).collect_view()}
            </div>
            <div class="faces-keys" role="group" aria-label=move || td_string!(i18n.get_locale(), faces_keys).to_string()>
                {(1..=6u8).map(|f| view! {
                    <button type="button" class="face-key" data-testid="face-key" data-face=f.to_string()
                        aria-label=move || td_string!(i18n.get_locale(), faces_key, n = f).to_string()
                        on:click=move |_| tap(f)>
                        {move || view! { <crate::dice::DieFace face=f extra_class=active_class()/> }}
                    </button>
                }).collect_view()}
            </div>
            <p class="hint">{t!(i18n, faces_help)}</p>
            <button type="button" class="primary big" data-testid="faces-confirm"
                disabled=move || !done() on:click=confirm>{t!(i18n, faces_confirm)}</button>
        </section>
    }
}

/// What the host adds to a table's decision bar: the take-back of the
/// person who may take back their last decision (R-G-4). Provided as a
/// context by the host; a replay has none.
#[derive(Clone, Copy)]
pub struct Dock {
    /// The take-back's label, while one is possible.
    pub undo: Signal<Option<String>>,
    pub on_undo: Callback<()>,
    /// "Skip to my turn", while a computer plays.
    pub skip: Signal<bool>,
    pub on_skip: Callback<()>,
    /// The coach's Hint button, while a person decides in a coached game.
    pub coach: Signal<bool>,
    /// The coach's answer shown, for the decision at hand.
    pub hints: Signal<Option<Hints>>,
    pub on_hint: Callback<bool>,
    /// Plays the hint's move (its entry in the legal list).
    pub on_follow: Callback<usize>,
    /// A guided first game's step at hand.
    pub lesson: Signal<Option<LessonNow>>,
    pub on_leave_lesson: Callback<()>,
    /// R-G-5: the throw at the table whose faces the person at the device
    /// enters now.
    pub faces: Signal<Option<Waiting>>,
    pub on_faces: Callback<Vec<u8>>,
}

/// The bar at the bottom of the screen that holds the decision at hand:
/// the table scrolls, the decision stays in reach of a thumb (issue 22).
/// Every table puts its current decision's controls in one, as the last
/// child of its table, so the bar never covers the table's end.
#[component]
pub fn DecisionBar(children: Children) -> impl IntoView {
    let dock = use_context::<Dock>();
    let i18n = use_i18n();
    view! {
        <div class="decision" data-testid="decision">
            // Always there, so a screen reader hears each step arrive.
            <div class="coach-live" aria-live="polite">
            {dock.map(|d| move || d.lesson.get().map(|now| view! {
                <section class="lesson" data-testid="lesson" aria-labelledby="lesson-title">
                    // Points at what to tap.
                    {(!now.point.is_empty()).then(|| {
                        // On the table only: not the rules dialog's worked
                        // example. A constructed sheet, for as long as the
                        // step stands (a strict CSP refuses a <style>).
                        let css = format!(":is({}):not([role=dialog] *) {{ outline: 3px solid var(--accent); outline-offset: 2px; animation: lesson-point 1.2s ease-in-out infinite; }}", now.point);
                        lesson_pointer(&css);
                        on_cleanup(|| lesson_pointer(""));
                    })}
                    <h3 id="lesson-title">{move || td_string!(i18n.get_locale(), lesson_step, k = now.k, n = now.n).to_string()}</h3>
                    <p data-testid="lesson-say">{now.say}</p>
                    {now.nudge.then(|| view! { <p class="nudge" role="alert" data-testid="lesson-nudge">{t!(i18n, lesson_nudge)}</p> })}
                    <button type="button" class="ghost" data-testid="lesson-leave" on:click=move |_| d.on_leave_lesson.run(())>{t!(i18n, lesson_leave)}</button>
                </section>
            }))}
            </div>
            // Always there, so a screen reader hears the answer arrive.
            <div class="coach-live" aria-live="polite">
            {dock.map(|d| move || d.hints.get().map(|h| view! {
                <section class="coach" data-testid="coach" id="coach-answer">
                    <h3>{t!(i18n, coach_title)}</h3>
                    {if h.rows.is_empty() {
                        view! { <p data-testid="coach-none">{t!(i18n, coach_none)}</p> }.into_any()
                    } else {
                        view! {
                            <ol>
                                {h.rows.into_iter().map(|r| {
                                    let said = r.text.clone();
                                    view! {
                                        <li data-testid="coach-row">
                                            <span class="what">{r.text}</span>
                                            <span class="value">{r.value}</span>
                                            <button type="button" data-testid="coach-play"
                                                aria-label=move || format!("{}: {said}", td_string!(i18n.get_locale(), coach_play))
                                                on:click=move |_| d.on_follow.run(r.index)>{t!(i18n, coach_play)}</button>
                                        </li>
                                    }
                                }).collect_view()}
                            </ol>
                        }.into_any()
                    }}
                </section>
            }))}
            </div>
            {dock.map(|d| move || d.faces.get().map(|w| view! { <FacePicker waiting=w on_done=d.on_faces/> }))}
            // The table's own controls wait while the faces are entered.
            <div class="own" class:away=move || dock.is_some_and(|d| d.faces.with(Option::is_some))>{children()}</div>
            {dock.map(|d| move || d.coach.get().then(|| {
                let open = move || d.hints.with(Option::is_some);
                view! {
                    <button type="button" class="ghost hint-button" data-testid="coach-hint"
                        aria-expanded=move || open().to_string() aria-controls="coach-answer"
                        on:click=move |_| d.on_hint.run(!open())>
                        {t!(i18n, coach_hint)}
                    </button>
                }
            }))}
            {dock.map(|d| move || d.undo.get().map(|label| view! {
                <button type="button" class="ghost undo" data-testid="undo" on:click=move |_| d.on_undo.run(())>
                    <span aria-hidden="true">"↶ "</span>{label}
                </button>
            }))}
            {dock.map(|d| move || d.skip.get().then(|| view! {
                <button type="button" class="ghost skip" data-testid="skip" on:click=move |_| d.on_skip.run(())>
                    {t!(i18n, skip_to_turn)}<span aria-hidden="true">" »"</span>
                </button>
            }))}
        </div>
    }
}

/// Whether a click landed on a pick or control of the decision at hand (in
/// the part marked `data-decide` or the decision bar): only those bring it
/// into view again, not a tap that opened something further down.
pub fn in_decision(ev: &leptos::ev::MouseEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| {
            el.closest("[data-decide], [data-testid=decision]")
                .ok()
                .flatten()
        })
        .is_some()
}

/// Runs `f` once the next frame is painted (a frame's callback, then a
/// task after it): layout is done by then, so reading it costs nothing.
pub fn after_paint(f: fn()) {
    request_animation_frame(move || set_timeout(f, std::time::Duration::ZERO));
}

/// Scrolls the page as little as it can so that the part of the table a
/// decision is about (the elements marked `data-decide`) is fully above
/// the decision bar; where it is taller than the room, its top shows.
pub fn bring_decision_into_view() {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    let Some(doc) = w.document() else { return };
    let Ok(marked) = doc.query_selector_all("main [data-decide]") else {
        return;
    };
    let (mut top, mut bottom) = (f64::MAX, f64::MIN);
    for i in 0..marked.length() {
        let Some(el) = marked
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let r = el.get_bounding_client_rect();
        if r.height() > 0.0 {
            top = top.min(r.top());
            bottom = bottom.max(r.bottom());
        }
    }
    if top > bottom {
        return;
    }
    let bar = doc
        .query_selector("main [data-testid=decision]")
        .ok()
        .flatten()
        .map_or(0.0, |b| b.get_bounding_client_rect().height());
    let room = w
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
        - bar;
    // What a table pins at the top (`data-pinned`, sticky: a tray of
    // thrown dice) covers its height of the screen from above once it
    // sticks: the part decided on goes right under it, and where both do
    // not fit, the rest scrolls under it.
    let ceiling = doc
        .query_selector("main [data-pinned]")
        .ok()
        .flatten()
        .map_or(0.0, |p| p.get_bounding_client_rect().height());
    let delta = if top < ceiling {
        top - ceiling
    } else if bottom > room {
        (bottom - room).min(top - ceiling)
    } else {
        return;
    };
    // Whole pixels, never past the ceiling (a part of a pixel under a
    // pinned tray hides the top of what is decided on).
    w.scroll_by_with_x_and_y(
        0.0,
        if delta > 0.0 {
            delta.ceil().min((top - ceiling).floor().max(0.0))
        } else {
            delta.floor()
        },
    );
}

/// The translated words of a computer level.
pub fn level_text(level: Level, l: Locale) -> String {
    match level {
        Level::Casual => td_string!(l, level_casual).to_string(),
        Level::Strong => td_string!(l, level_strong).to_string(),
    }
}

/// Adds game `id`'s stylesheet to the page once. Not a `<style>` in the
/// table's view: a table is drawn anew behind every hand-over, and each new
/// stylesheet made the browser restyle the whole page (about 10 ms a tap at
/// 4x throttling).
pub fn ensure_style(id: &str, css: &str) {
    SHEETS.with_borrow_mut(|sheets| {
        if !sheets.iter().any(|(k, _)| k == id) {
            if let Some(sheet) = adopt_sheet(css) {
                sheets.push((id.to_string(), sheet));
            }
        }
    });
}

thread_local! {
    /// The stylesheets made by `ensure_style`, by game id.
    static SHEETS: std::cell::RefCell<Vec<(String, web_sys::CssStyleSheet)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A stylesheet made from text and adopted by the document: CSSOM, which a
/// strict Content-Security-Policy (`style-src 'self'`) allows where it
/// refuses a `<style>` element (issue 39).
pub fn adopt_sheet(css: &str) -> Option<web_sys::CssStyleSheet> {
    let doc = web_sys::window()?.document()?;
    let sheet = web_sys::CssStyleSheet::new().ok()?;
    sheet.replace_sync(css).ok()?;
    let all = doc.adopted_style_sheets();
    all.push(&sheet);
    doc.set_adopted_style_sheets(&all);
    Some(sheet)
}

/// Sets the one stylesheet that points at what a guided game's step wants
/// tapped ("" when no step points).
fn lesson_pointer(css: &str) {
    thread_local! {
        static POINTER: Option<web_sys::CssStyleSheet> = adopt_sheet("");
    }
    POINTER.with(|p| {
        if let Some(p) = p {
            let _ = p.replace_sync(css);
        }
    });
}

/// A seat's name in a table drawn as HTML: a dot in the seat's colour
/// (`--seat0`..), the name, and for a computer seat a mark, with its word
/// for screen readers. Names in sentences stay plain text.
pub fn who_html(name: &str, seat: Seat, cpu: bool, l: Locale) -> String {
    let mark = if cpu {
        format!(
            "<span class=\"sr-only\"> ({})</span>",
            esc(td_string!(l, computer_seat))
        )
    } else {
        String::new()
    };
    format!(
        "<span class=\"who seat{}{}\">{}{mark}</span>",
        seat % SEAT_COLOURS,
        if cpu { " cpu" } else { "" },
        esc(name)
    )
}

/// How many seat colours the stylesheet has.
pub const SEAT_COLOURS: usize = 6;

/// `who_html` as a view.
pub fn who_view(name: String, seat: Seat, cpu: bool) -> AnyView {
    let i18n = use_i18n();
    view! {
        <span class=format!("who seat{}", seat % SEAT_COLOURS) class:cpu=cpu data-testid=cpu.then_some("cpu")>
            {name}
            {cpu.then(|| view! { <span class="sr-only">" ("{t!(i18n, computer_seat)}")"</span> })}
        </span>
    }
    .into_any()
}

/// Motion for what the last move changed (issue 22): `fresh` is true the
/// first time a table draws a frame and false when it draws it again for
/// the same move (a pick, a language switch), so a redraw replays nothing.
/// The frame a table opens on counts as drawn: a reload animates nothing.
#[derive(Clone, Copy)]
pub struct Motion(StoredValue<(u64, usize)>);

impl Motion {
    pub fn new(frame: Frame) -> Self {
        Motion(StoredValue::new((frame.epoch, frame.moves)))
    }

    pub fn fresh(&self, frame: Frame) -> bool {
        let key = (frame.epoch, frame.moves);
        let new = self.0.get_value() != key;
        self.0.set_value(key);
        new
    }
}

/// Which scores changed since a table last drew them (each bumps once):
/// a redraw with the same scores (a pick, a language switch) bumps none.
#[derive(Clone, Copy)]
pub struct Bumps(StoredValue<Vec<i64>>);

impl Bumps {
    /// Starts from the scores the table opens on (a reload bumps nothing).
    pub fn new(now: Vec<i64>) -> Self {
        Bumps(StoredValue::new(now))
    }

    /// Per seat, whether `now` differs from the scores drawn last.
    pub fn changed(&self, now: Vec<i64>) -> Vec<bool> {
        let was = self.0.get_value();
        let out = (0..now.len())
            .map(|s| was.get(s).is_some_and(|&w| w != now[s]))
            .collect();
        self.0.set_value(now);
        out
    }
}

/// Escapes text for HTML built as a string.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The `data-act` of the control a click landed in: tables drawn as HTML
/// strings give each control one and a single click handler reads it.
pub fn clicked_act(ev: &leptos::ev::MouseEvent) -> Option<String> {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("[data-act]").ok().flatten())
        .and_then(|el| el.get_attribute("data-act"))
}

/// The entry of the rules' legal list that the control a click landed in
/// stands for (`data-legal`), in tables drawn as HTML strings.
pub fn clicked_legal(ev: &leptos::ev::MouseEvent) -> Option<usize> {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("[data-act]").ok().flatten())
        .and_then(|el| el.get_attribute("data-legal"))
        .and_then(|k| k.parse().ok())
}

/// Focuses `el` without scrolling to it: focus follows the player's
/// place for keyboards and screen readers, but the page stays where the
/// app put it (a new turn starts at the table's top; the decision is in the
/// bar).
pub fn focus_in_place(el: &web_sys::HtmlElement) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = el.focus_with_options(&options);
}

/// After such a table is drawn anew: focus the control that was tapped
/// (`act`) again, or else the confirm, so keyboard and screen-reader users
/// keep their place.
pub fn refocus(root: &web_sys::Element, act: &str) {
    use wasm_bindgen::JsCast;
    // Only where focus was lost (its control was drawn anew): focusing
    // forces a layout at once, which a pick alone (the tapped control
    // still there) would pay for nothing.
    let kept = root
        .owner_document()
        .and_then(|d| d.active_element())
        .is_some_and(|e| e.tag_name() != "BODY" && e.is_connected());
    if kept {
        return;
    }
    let el = root
        .query_selector(&format!("[data-act=\"{act}\"]"))
        .ok()
        .flatten()
        .or_else(|| root.query_selector("[data-act=\"go\"]").ok().flatten());
    if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        focus_in_place(&el);
    }
}

/// Extra HTML in the rules after a paragraph: (paragraph number, maker).
pub type RulesInsert = (usize, fn(Locale) -> String);

/// A game's in-app rules: the title and paragraphs by text key, with extra
/// HTML (a points table) after the paragraph numbered in `extra`, drawn as
/// one HTML string in the player's language. One function for every game
/// keeps the rules out of each game's share of the download.
pub fn rules_view(
    title: usize,
    paragraphs: &'static [usize],
    extra: &'static [RulesInsert],
) -> AnyView {
    let i18n = use_i18n();
    let html = move || {
        let l = i18n.get_locale();
        let mut out = format!("<h2 id=\"rules-title\">{}</h2>", esc(text(l, title)));
        for (k, &p) in paragraphs.iter().enumerate() {
            out.push_str("<p>");
            out.push_str(&esc(text(l, p)));
            out.push_str("</p>");
            for (_, f) in extra.iter().filter(|(after, _)| *after == k + 1) {
                out.push_str(&f(l));
            }
        }
        out
    };
    view! { <div class="rules-text" inner_html=html></div> }.into_any()
}

/// A finished game's places, best first: place, name, score (a true minus
/// sign), and "(shared place)" where seats tie (R-G-3).
#[component]
pub fn Ranking(outcome: Outcome, names: Vec<String>, cpu: Vec<bool>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <ol class="ranking">
            {outcome.order().into_iter().map(|s| {
                let shared = outcome.is_shared(s);
                let place = outcome.places[s];
                let score = outcome.scores[s];
                // A result the rules count as a defeat is never ranked
                // first (R-CH-7).
                let lost = outcome.lost.contains(&s);
                view! {
                    <li class:winner={place == 1 && !lost} class:lost=lost data-testid="ranked">
                        <span class="place">{(!lost).then(|| format!("{place}."))}</span>
                        <span class="name">{who_view(names.get(s).cloned().unwrap_or_default(), s, cpu.get(s).copied().unwrap_or(false))}</span>
                        <span class="score">{if score < 0 { format!("−{}", -score) } else { score.to_string() }}</span>
                        {shared.then(|| view! { <span class="shared">"("{t!(i18n, shared_place)}")"</span> })}
                        {lost.then(|| view! { <span class="defeat" data-testid="defeat">{t!(i18n, defeat)}</span> })}
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}
