//! `Live` for every game: the thin typed layer between a `rules::Match<G>`
//! and the session, which sees only `dyn Live`, and the typed table. This is the only generic code a
//! game adds to the app besides its own view module.

use crate::i18n::*;
use crate::table::{
    coach_number, shared_text, Entry, Frame, GameView, HintRow, Hints, Judgement, Live, Pick, Port,
    Seen, TableCtx, Text,
};
use leptos::prelude::*;
use rules::{
    parse_options, Level, Match, MatchError, Outcome, Record, RuleError, Seat, SeatInfo, SeatKind,
};
use serde::Deserialize;
use serde_json::Value;
use std::sync::{Arc, Mutex};

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

/// A game in play, shared between the session (through `Live`) and its
/// table (through the typed `TableCtx`), and which opening of it this is
/// (`Frame::epoch`).
struct LiveMatch<G: GameView>(Arc<Mutex<Match<G>>>, u64);

/// Counts openings of games, so a game reloaded from storage (another tab's
/// moves, a restore) is never taken for the one on screen.
static OPENINGS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn lock<G: GameView>(m: &Mutex<Match<G>>) -> std::sync::MutexGuard<'_, Match<G>> {
    // One thread: a lock is never held across a panic that matters.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<G: GameView> LiveMatch<G> {
    fn m(&self) -> std::sync::MutexGuard<'_, Match<G>> {
        lock(&self.0)
    }
}

/// What `frame` shows of `m`: the typed picture a table draws.
pub fn seen<G: GameView>(m: &Match<G>, frame: Frame) -> Seen<G> {
    if frame.replay {
        let k = frame.moves.min(m.record().moves.len());
        let state = m.state_at(k);
        let log = m.events_for(None, 0).into_iter().take(k).collect();
        return Seen {
            frame,
            view: state.open_view(),
            log,
            legal: Vec::new(),
            waiting: None,
        };
    }
    Seen {
        frame,
        view: m.view(frame.seat),
        log: m.events_for(frame.seat, 0),
        legal: frame
            .seat
            .map(|s| m.state().legal_actions(s))
            .unwrap_or_default(),
        waiting: m.state().waiting(),
    }
}

impl<G: GameView> Live for LiveMatch<G> {
    fn record(&self) -> Value {
        serde_json::to_value(self.m().record()).expect("a record serializes")
    }

    fn seats(&self) -> Vec<SeatInfo> {
        self.m().seats().to_vec()
    }

    fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level) {
        self.m().set_seat(seat, kind, level);
    }

    fn to_act(&self) -> Vec<Seat> {
        self.m().state().to_act()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.m().state().outcome()
    }

    fn moves(&self) -> usize {
        self.m().record().moves.len()
    }

    fn computer_to_act(&self) -> Option<Seat> {
        self.m().computer_to_act()
    }

    fn epoch(&self) -> u64 {
        self.1
    }

    fn waiting(&self) -> Option<rules::chance::Waiting> {
        self.m().state().waiting()
    }

    fn apply(&mut self, seat: Seat, pick: Pick) -> bool {
        let mut m = self.m();
        let action = match pick {
            Pick::Computer => m.computer_action(seat),
            Pick::Faces { moves, faces } => {
                if moves != m.record().moves.len() {
                    return false;
                }
                match G::entered(faces) {
                    Some(a) => a,
                    None => return false,
                }
            }
            Pick::Legal { moves, index } => {
                if moves != m.record().moves.len() {
                    return false;
                }
                match m.state().legal_actions(seat).into_iter().nth(index) {
                    Some(a) => a,
                    None => return false,
                }
            }
        };
        m.apply(seat, action).is_ok()
    }

    fn announce(&self, told: Option<Seat>, from: usize, l: Locale) -> Vec<String> {
        let m = self.m();
        let events = m.events_for(told, from).concat();
        let names = crate::i18n::shown_names(m.seats().iter().map(|s| s.name.as_str()), l);
        let mut out = table_dice_words(&m, from, &names, l);
        out.extend(G::announce(&m.view(told), &events, &names, l));
        out
    }

    fn vibrates(&self, from: usize) -> bool {
        let m = self.m();
        m.events()
            .get(from..)
            .is_some_and(|moves| moves.iter().any(|evs| G::vibrates(evs)))
    }

    fn cue(&self, from: usize) -> Option<crate::sound::Cue> {
        let m = self.m();
        m.events_for(None, from)
            .iter()
            .filter_map(|evs| G::cue(evs))
            .max()
    }

    fn options(&self) -> Value {
        serde_json::to_value(&self.m().record().options).expect("options serialize")
    }

    fn can_undo(&self) -> Option<Seat> {
        self.m().can_undo()
    }

    fn undo(&mut self, seat: Seat) -> bool {
        self.m().undo(seat)
    }

    fn retract(&mut self) {
        self.m().retract();
    }

    fn turn(&self) -> u32 {
        self.m().state().turn_number()
    }

    fn warm_up(&self) {
        self.m().state().warm_up();
    }

    fn table(&self, port: Port) -> AnyView {
        let shared = self.0.clone();
        let seen = Memo::new({
            let shared = shared.clone();
            // The frame first: reading it reads the session, which reads
            // this game.
            move |_| {
                let frame = port.frame.get();
                seen(&lock(&shared), frame)
            }
        });
        let why = Arc::new(move |seat: Option<Seat>, action: &G::Action| {
            // The rules' reason, from a copy: nothing changes.
            let mut state = lock(&shared).state().clone();
            let error = match seat {
                Some(s) => state.apply(s, action).err(),
                None => None,
            };
            match error {
                Some(e) => refusal::<G>(e),
                None => refusal::<G>(RuleError::Shared(rules::Shared::NotYourTurn)),
            }
        });
        crate::table::ensure_style(G::ID, G::STYLE);
        G::table(TableCtx::new(seen, port, why))
    }

    fn replay_caption(&self, k: usize) -> Text {
        let m = self.m();
        let k = k.min(m.record().moves.len());
        let view = m.state_at(k).view(None);
        let events = match k.checked_sub(1) {
            Some(i) => m.events_for(None, i).into_iter().next().unwrap_or_default(),
            None => Vec::new(),
        };
        let names: Vec<String> = m.seats().iter().map(|s| s.name.clone()).collect();
        // A throw at the table and the app's dice of a computer seat.
        let table: Vec<(bool, Seat)> = k
            .checked_sub(1)
            .and_then(|i| table_dice_move(&m, i))
            .into_iter()
            .collect();
        Text::new(move |l| {
            let names = crate::i18n::shown_names(names.iter().map(String::as_str), l);
            let mut words: Vec<String> = table
                .iter()
                .map(|&(app, s)| table_dice_sentence(app, &names[s], l))
                .collect();
            words.extend(G::announce(&view, &events, &names, l));
            words.join(" ")
        })
    }

    fn coach(&self) -> bool {
        self.m().record().coach
    }

    fn lesson(&self) -> bool {
        self.m().record().lesson
    }

    fn hints(&self, seat: Seat, l: Locale) -> Hints {
        let m = self.m();
        let state = m.state();
        let view = state.view(Some(seat));
        let legal = state.legal_actions(seat);
        let rows = G::evaluate(&view, seat)
            .map(|ev| {
                ev.ranked
                    .iter()
                    .filter_map(|c| {
                        let index = legal.iter().position(|a| *a == c.action)?;
                        let number = coach_number(c.value, G::COACH_SIGNED, ev.estimate, l);
                        Some(HintRow {
                            text: G::move_text(&view, &c.action, l),
                            value: G::coach_value(c, &number, l),
                            index,
                        })
                    })
                    .take(3)
                    .collect()
            })
            .unwrap_or_default();
        Hints {
            moves: m.record().moves.len(),
            rows,
        }
    }

    fn judge(&self, index: usize) -> Option<Judgement> {
        let m = self.m();
        let j = rules::driver::judge(&m, index)?;
        let view = m.state_at(index).view(Some(j.seat));
        let about = j.estimate;
        let words = |w: &rules::Weighed<G::Action>| {
            let (view, w) = (view.clone(), w.clone());
            Text::new(move |l| {
                let number = coach_number(w.value, G::COACH_SIGNED, about, l);
                format!(
                    "{} ({})",
                    G::move_text(&view, &w.action, l),
                    G::coach_value(&w, &number, l)
                )
            })
        };
        Some(Judgement {
            index,
            seat: j.seat,
            played: words(&j.played),
            best: words(&j.best),
            same: j.played.action == j.best.action,
            played_value: j.played.value,
            loss: j.loss,
            estimate: about,
        })
    }

    fn offered_at(&self, seat: Seat, want: &Value) -> Option<usize> {
        let want = G::Action::deserialize(want).ok()?;
        self.m()
            .state()
            .legal_actions(seat)
            .iter()
            .position(|a| *a == want)
    }

    fn legal_json(&self, seat: Seat) -> Vec<Value> {
        self.m()
            .state()
            .legal_actions(seat)
            .iter()
            .map(|a| serde_json::to_value(a).expect("an action serializes"))
            .collect()
    }
}

/// R-G-5: what move `i` of `m` was in a game with dice from the table, if
/// it was a throw waiting for its faces (false) or a computer seat's entry
/// of the app's dice (true), with its seat.
fn table_dice_move<G: GameView>(m: &Match<G>, i: usize) -> Option<(bool, Seat)> {
    let mv = m.record().moves.get(i)?;
    let computer = m.seats().get(mv.seat)?.kind == SeatKind::Computer;
    if G::entered_faces(&mv.action).is_some() {
        return computer.then_some((true, mv.seat));
    }
    let waits = m.state_at(i + 1).waiting().is_some() && m.state_at(i).waiting().is_none();
    // A computer's throw and its faces are one move to the eye.
    (waits && !computer).then_some((false, mv.seat))
}

fn table_dice_sentence(app: bool, name: &str, l: Locale) -> String {
    if app {
        td_string!(l, app_dice, name = name).to_string()
    } else {
        td_string!(l, table_throw, name = name).to_string()
    }
}

/// The sentences of `table_dice_move` for moves `from..` of `m`.
fn table_dice_words<G: GameView>(
    m: &Match<G>,
    from: usize,
    names: &[String],
    l: Locale,
) -> Vec<String> {
    (from..m.record().moves.len())
        .filter_map(|i| table_dice_move(m, i))
        .map(|(app, s)| table_dice_sentence(app, &names[s], l))
        .collect()
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
    Ok(Box::new(LiveMatch(Arc::new(Mutex::new(m)), epoch)))
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
        people_only: |o| parse_options::<G>(o).is_ok_and(|o| G::people_only(&o)),
        option_label: G::option_label,
        new_record: |_, _, _| Err(not_loaded()),
        open: |_| Err(not_loaded()),
        rules: || ().into_any(),
        replay_hint: |_| None,
        lesson: || None,
    }
}

/// The registry line of game `G`: its facts and its code.
pub fn entry<G: GameView>() -> Entry {
    Entry {
        new_record: new_record::<G>,
        open: open::<G>,
        rules: || {
            crate::table::ensure_style(G::ID, G::STYLE);
            G::rules()
        },
        replay_hint: G::replay_hint,
        lesson: G::lesson,
        ..facts::<G>()
    }
}
