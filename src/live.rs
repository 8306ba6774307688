//! `Live` for every game: the thin typed layer between a `rules::Match<G>`
//! and the host, which sees only `dyn Live`. This is the only generic code a
//! game adds to the app besides its own view module.

use crate::i18n::*;
use crate::table::{shared_text, AnyAction, Applied, Entry, GameView, Live, Shown, Text};
use leptos::prelude::IntoAny;
use rules::{
    parse_options, Level, Match, MatchError, Outcome, Record, RuleError, Seat, SeatInfo, SeatKind,
};
use serde_json::Value;
use std::sync::Mutex;

/// A refusal of game `G` in the player's language.
fn refusal<G: GameView>(e: RuleError<G::Error>) -> Text {
    Text::new(move |l| match &e {
        RuleError::Shared(s) => shared_text(s, &|k| G::option_label(k, l), l),
        RuleError::Game(g) => G::error_text(g, l),
    })
}

/// Why a saved record of game `G` does not replay, in the player's language.
fn unreplayable<G: GameView>(e: MatchError<G::Error>) -> Text {
    match e {
        MatchError::WrongGame { found, .. } => {
            Text::new(move |l| td_string!(l, err_wrong_game, game = found.clone()).to_string())
        }
        MatchError::Setup(e) => refusal::<G>(e),
        MatchError::NoSeat { index, seat } => {
            Text::new(move |l| td_string!(l, err_no_seat, n = index, seat = seat + 1).to_string())
        }
        MatchError::Move { index, error } => {
            let why = refusal::<G>(error);
            Text::new(move |l| td_string!(l, err_move, n = index, reason = why.get(l)).to_string())
        }
    }
}

/// A game and, once it is replayed, the state after each move replayed so
/// far, so a replay's step is one move at most (Minesweeper's automatic
/// reveal costs up to ten milliseconds a move on a slow phone late in a big
/// game) and a step back none.
/// Only a finished game is replayed, and it takes no more moves; were it
/// to, the states kept would still be those of its first moves.
/// The third field tells this opening of a game from any other
/// (`Shown::epoch`).
struct LiveMatch<G: GameView>(Match<G>, Mutex<Vec<G>>, u64);

/// Counts openings of games, so a game reloaded from storage (another tab's
/// moves, a restore) is never taken for the one on screen.
static OPENINGS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl<G: GameView> Live for LiveMatch<G> {
    fn record(&self) -> Value {
        serde_json::to_value(self.0.record()).expect("a record serializes")
    }

    fn seats(&self) -> &[SeatInfo] {
        self.0.seats()
    }

    fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level) {
        self.0.set_seat(seat, kind, level);
    }

    fn to_act(&self) -> Vec<Seat> {
        self.0.state().to_act()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.state().outcome()
    }

    fn moves(&self) -> usize {
        self.0.record().moves.len()
    }

    fn computer_to_act(&self) -> Option<Seat> {
        self.0.computer_to_act()
    }

    fn shown(&self, seat: Option<Seat>) -> Shown {
        Shown::new(
            seat,
            self.2,
            self.moves(),
            self.0.view(seat),
            self.0.events_for(seat, 0),
        )
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Option<&AnyAction>,
        told: Option<Seat>,
        l: Locale,
    ) -> Result<Applied, Text> {
        let action = match action {
            Some(a) => a
                .downcast_ref::<G::Action>()
                .cloned()
                .expect("a table sends its own game's actions"),
            None => self.0.computer_action(seat),
        };
        let before = self.moves();
        self.0.apply(seat, action).map_err(refusal::<G>)?;
        let events = self.0.events_for(told, before).concat();
        let names: Vec<String> = self.0.seats().iter().map(|s| s.name.clone()).collect();
        Ok(Applied {
            lines: G::announce(&self.0.view(told), &events, &names, l),
            vibrate: G::vibrates(&events),
        })
    }

    fn options(&self) -> Value {
        serde_json::to_value(&self.0.record().options).expect("options serialize")
    }

    fn can_undo(&self) -> Option<Seat> {
        self.0.can_undo()
    }

    fn undo(&mut self, seat: Seat) -> bool {
        self.0.undo(seat)
    }

    fn retract(&mut self) {
        self.0.retract();
    }

    fn turn(&self) -> u32 {
        self.0.state().turn_number()
    }

    fn warm_up(&self) {
        self.0.state().warm_up();
    }

    fn replay_at(&self, k: usize) -> (Shown, Text) {
        let moves = &self.0.record().moves;
        let k = k.min(moves.len());
        let mut states = self.1.lock().unwrap_or_else(|e| e.into_inner());
        if states.is_empty() {
            let start = Match::replay_prefix(self.0.record().clone(), 0)
                .expect("an accepted record's start replays");
            states.push(start.state().clone());
        }
        while states.len() <= k {
            let mv = &moves[states.len() - 1];
            let mut next = states[states.len() - 1].clone();
            next.apply(mv.seat, &mv.action)
                .expect("an accepted record replays");
            states.push(next);
        }
        let (open, view) = (states[k].open_view(), states[k].view(None));
        drop(states);
        let told: Vec<Vec<G::Event>> = self.0.events_for(None, 0).into_iter().take(k).collect();
        let events = told.last().cloned().unwrap_or_default();
        let shown = Shown::new(None, self.2, k, open, told);
        let names: Vec<String> = self.0.seats().iter().map(|s| s.name.clone()).collect();
        let said = Text::new(move |l| G::announce(&view, &events, &names, l).join(" "));
        (shown, said)
    }
}

fn new_record<G: GameView>(
    seats: Vec<SeatInfo>,
    options: &Value,
    seed: u64,
) -> Result<Value, Text> {
    let options = parse_options::<G>(options).map_err(|s| refusal::<G>(s.into()))?;
    let m = Match::<G>::new(seats, options, seed).map_err(refusal::<G>)?;
    Ok(serde_json::to_value(m.record()).expect("a record serializes"))
}

fn open<G: GameView>(mut record: Value) -> Result<Box<dyn Live>, Text> {
    // Options are read like setup's: defaults for missing ones, anything
    // unknown or out of range refused with its reason.
    let options = record.get("options").cloned().unwrap_or(Value::Null);
    let options = if options.is_null() {
        G::Options::default()
    } else {
        parse_options::<G>(&options).map_err(|s| refusal::<G>(s.into()))?
    };
    if let Some(o) = record.as_object_mut() {
        o.remove("options");
    }
    let mut record: Record<G> = serde_json::from_value(record)
        .map_err(|_| Text::new(|l| td_string!(l, err_record_shape).to_string()))?;
    record.options = options;
    let m = Match::replay(record).map_err(unreplayable::<G>)?;
    let epoch = OPENINGS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Ok(Box::new(LiveMatch(m, Mutex::new(Vec::new()), epoch)))
}

/// What the home screen and set-up know of game `G` before its code is
/// loaded (`crate::games`): its facts, with stand-ins for the rest that
/// refuse or show nothing. Screens that need more wait for the code
/// (`crate::games::when_loaded`), so no player meets a stand-in.
pub fn facts<G: GameView>() -> Entry {
    fn not_loaded() -> Text {
        Text::new(|l| td_string!(l, load_failed).to_string())
    }
    Entry {
        id: G::ID,
        min_seats: G::MIN_SEATS,
        max_seats: G::MAX_SEATS,
        default_seats: G::DEFAULT_SEATS,
        private_info: G::PRIVATE_INFO,
        lowest_wins: G::LOWEST_WINS,
        daily: G::DAILY,
        record: G::RECORD,
        name: G::name,
        pitch: G::pitch,
        options: G::options_spec,
        option_label: G::option_label,
        new_record: |_, _, _| Err(not_loaded()),
        open: |_| Err(not_loaded()),
        table: |_| ().into_any(),
        rules: || ().into_any(),
        replay_hint: |_| None,
    }
}

/// The registry line of game `G`: its facts and its code.
pub fn entry<G: GameView>() -> Entry {
    Entry {
        new_record: new_record::<G>,
        open: open::<G>,
        table: G::table,
        rules: G::rules,
        replay_hint: G::replay_hint,
        ..facts::<G>()
    }
}
