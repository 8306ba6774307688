//! What a game's view module adds to its rules type (`GameView`: names,
//! table, rules text, words for its refusals and events, sounds, lesson,
//! coach words), the guided first game and the coach's answer as data, and
//! `GameEntry`, a game's line in the app's registry.

use crate::contract::seat::*;
use crate::i18n::locale::*;
use crate::i18n::words::*;

use leptos::prelude::*;
use rules::{Playable, Seat};
use serde_json::Value;
/// What a game's view module adds to its rules type.
pub trait GameView: Playable {
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
    fn cue(_events: &[Self::Event]) -> Option<crate::platform::sound::Cue> {
        None
    }
    /// R-G-5: what the faces entered so far for a throw at the table come
    /// to, shown before they are confirmed; by default their sum.
    fn faces_value(
        _kinds: &[rules::chance::DieKind],
        faces: &[Option<u8>],
        l: Locale,
    ) -> Option<String> {
        let entered: Vec<u32> = faces.iter().flatten().map(|&f| f as u32).collect();
        (!entered.is_empty())
            .then(|| td_string!(l, faces_sum, sum = entered.iter().sum::<u32>()).to_string())
    }
    /// A good moment in the moves from `from` worth a short celebration
    /// (issue 40): a hole in one, a 500-point sheet, a clean win. Its words
    /// name the player. `log` holds every move's public events so far, so
    /// a moment may weigh the whole game (a win without a mine hit).
    fn cheer(
        _log: &[Vec<Self::Event>],
        _from: usize,
        _names: &[String],
        _l: Locale,
    ) -> Option<String> {
        None
    }
    /// What the header says instead of "NAME's turn" when the seat to act
    /// enters the moves of others (real cards' round scorer names whose
    /// cards go in), and what a take-back of such an entry is called; None
    /// where the seat to act plays its own turn.
    fn entering(_view: &Self::View, _names: &[String], _l: Locale) -> Option<Entering> {
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

/// The header and the take-back while one person enters what a real table
/// played (`GameView::entering`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entering {
    /// In the header, in place of "NAME's turn".
    pub banner: String,
    /// The seat whose moves are entered, if one (the header's colour).
    pub seat: Option<Seat>,
    /// The take-back's label, in place of "Take back NAME's last move".
    pub undo: String,
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
