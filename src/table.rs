//! The app side of the game contract (see docs/ARCHITECTURE.md):
//!
//! - `GameView`: what a game's view module adds to its rules type (names,
//!   table, rules text, translations of its refusals and events). Generic,
//!   one impl per game.
//! - `Live`: one game in play, type-erased and object-safe, so the host and
//!   the table plumbing are compiled once for every game. `crate::live`
//!   implements it for any `GameView`.
//! - `Entry`: a game's line in the app's registry.
//!
//! A table receives only `TableCtx`: the view of the seat acting on this
//! device (or the public view), the events that seat was told, and a way to
//! send an action. It never sees the `Match`.

use crate::i18n::*;
use leptos::prelude::*;
use rules::{Game, Level, OptionSpec, Outcome, Seat, SeatInfo, SeatKind, Shared};
use serde_json::Value;
use std::any::Any;
use std::sync::Arc;

/// A typed action of some game, on its way from a table to the host.
pub type AnyAction = Arc<dyn Any + Send + Sync>;

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

/// What one seat (or everyone, `seat` None) is shown: its view of the game
/// and the events it was told, one list per move.
#[derive(Clone)]
pub struct Shown {
    pub seat: Option<Seat>,
    /// Which opening of the game it is from: a game reloaded from storage
    /// (another tab's moves, a restore) may hold as many moves as the one on
    /// screen and still differ.
    pub epoch: u64,
    /// Moves played so far; with `seat` and `epoch` it determines the view.
    pub moves: usize,
    view: Arc<dyn Any + Send + Sync>,
    log: Arc<dyn Any + Send + Sync>,
}

impl PartialEq for Shown {
    fn eq(&self, other: &Self) -> bool {
        self.seat == other.seat && self.epoch == other.epoch && self.moves == other.moves
    }
}

impl Shown {
    pub fn new<V: Send + Sync + 'static, E: Send + Sync + 'static>(
        seat: Option<Seat>,
        epoch: u64,
        moves: usize,
        view: V,
        log: Vec<Vec<E>>,
    ) -> Self {
        Shown {
            seat,
            epoch,
            moves,
            view: Arc::new(view),
            log: Arc::new(log),
        }
    }

    /// The game's view type; a table asks for its own game's.
    pub fn view<V: 'static>(&self) -> &V {
        self.view
            .downcast_ref()
            .expect("a table reads its own game's view")
    }

    /// The events this seat was told, one list per move.
    pub fn log<E: 'static>(&self) -> &[Vec<E>] {
        self.log
            .downcast_ref::<Vec<Vec<E>>>()
            .expect("a table reads its own game's events")
    }
}

/// What the host hands a game's table.
#[derive(Clone, Copy)]
pub struct TableCtx {
    /// The view of the seat acting on this device, or the public view behind
    /// a hand-over screen or while a computer seat acts.
    pub shown: Memo<Shown>,
    pub names: Memo<Vec<String>>,
    /// The human seat that may act through this device now (None while a
    /// computer acts, behind the hand-over screen, or once the game is over).
    pub acting: Signal<Option<Seat>>,
    act: Callback<AnyAction>,
}

impl TableCtx {
    pub fn new(
        shown: Memo<Shown>,
        names: Memo<Vec<String>>,
        acting: Signal<Option<Seat>>,
        act: Callback<AnyAction>,
    ) -> Self {
        TableCtx {
            shown,
            names,
            acting,
            act,
        }
    }

    /// Sends an action for the acting seat; the host applies, saves and
    /// announces it, or shows why the rules refuse it.
    pub fn send<A: Send + Sync + 'static>(&self, action: A) {
        self.act.run(Arc::new(action));
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
    fn name(l: Locale) -> String;
    fn pitch(l: Locale) -> String;
    /// The table: sheets, dice, cards, board, and the acting seat's controls.
    fn table(ctx: TableCtx) -> AnyView;
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
    /// What a replay shows open that play kept hidden (`Game::open_view`),
    /// and how the table draws it; None for a game without secrets.
    fn replay_hint(_l: Locale) -> Option<String> {
        None
    }
}

/// What applying an action gave the host.
pub struct Applied {
    /// Sentences for the live region.
    pub lines: Vec<String>,
    pub vibrate: bool,
}

/// One game in play, type-erased: the host drives every game through this.
pub trait Live: Send + Sync {
    /// The record as saved (the replay format).
    fn record(&self) -> Value;
    fn seats(&self) -> &[SeatInfo];
    fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level);
    /// The seats that decide now, in the order the device goes round.
    fn to_act(&self) -> Vec<Seat>;
    fn outcome(&self) -> Option<Outcome>;
    fn moves(&self) -> usize;
    /// The seat that decides now, if the computer plays it.
    fn computer_to_act(&self) -> Option<Seat>;
    fn shown(&self, seat: Option<Seat>) -> Shown;
    /// Applies `action` (None: the computer player decides) for `seat`, and
    /// announces it as `told` is told it.
    fn apply(
        &mut self,
        seat: Seat,
        action: Option<&AnyAction>,
        told: Option<Seat>,
        l: Locale,
    ) -> Result<Applied, Text>;
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
    /// A replay of this game after its first `k` moves: everything open
    /// (`Game::open_view`) with the events everyone was told, and what move
    /// `k` did, in words (empty for the start). Only for a finished game.
    fn replay_at(&self, k: usize) -> (Shown, Text);
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
    pub option_label: fn(&str, Locale) -> String,
    /// A new game's record as JSON, or why the rules refuse the set-up.
    pub new_record: fn(Vec<SeatInfo>, &Value, u64) -> Result<Value, Text>,
    /// Replays a saved record, or says why it cannot be used.
    pub open: fn(Value) -> Result<Box<dyn Live>, Text>,
    pub table: fn(TableCtx) -> AnyView,
    pub rules: fn() -> AnyView,
    pub replay_hint: fn(Locale) -> Option<String>,
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
    }
}

/// The translated words of a computer level.
pub fn level_text(level: Level, l: Locale) -> String {
    match level {
        Level::Casual => td_string!(l, level_casual).to_string(),
        Level::Strong => td_string!(l, level_strong).to_string(),
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

/// After such a table is drawn anew: focus the control that was tapped
/// (`act`) again, or else the confirm, so keyboard and screen-reader users
/// keep their place.
pub fn refocus(root: &web_sys::Element, act: &str) {
    use wasm_bindgen::JsCast;
    let el = root
        .query_selector(&format!("[data-act=\"{act}\"]"))
        .ok()
        .flatten()
        .or_else(|| root.query_selector("[data-act=\"go\"]").ok().flatten());
    if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
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
pub fn Ranking(outcome: Outcome, names: Vec<String>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <ol class="ranking">
            {outcome.order().into_iter().map(|s| {
                let shared = outcome.is_shared(s);
                let place = outcome.places[s];
                let score = outcome.scores[s];
                view! {
                    <li class:winner=place == 1>
                        <span class="place">{place}"."</span>
                        <span class="name">{names.get(s).cloned().unwrap_or_default()}</span>
                        <span class="score">{if score < 0 { format!("−{}", -score) } else { score.to_string() }}</span>
                        {shared.then(|| view! { <span class="shared">"("{t!(i18n, shared_place)}")"</span> })}
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}
