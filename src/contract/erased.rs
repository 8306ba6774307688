//! `GameInPlay`: one game in play behind an object-safe trait, so the session,
//! the play screen and the replay are compiled once for every game; and
//! `LiveMatch`, its one implementation for any `GameView` over a shared
//! `rules::Match<G>`. This is the one place the app erases a game's types.

use crate::contract::seat::*;
use crate::contract::view::*;
use crate::i18n::locale::*;
use crate::i18n::words::*;
use crate::table::bar::{HintRow, Hints};
use crate::table::dom::*;

use leptos::prelude::*;
use rules::chance::Waiting;
use rules::OptionSpec;
use rules::{
    parse_options, Level, Match, MatchError, Outcome, Record, RuleError, Seat, SeatInfo, SeatKind,
};

use rules::remote::{Host, Link, Refusal, Took};
use serde::Deserialize;
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// One game in play, type-erased: the session drives every game through this.
pub trait GameInPlay: Send + Sync {
    /// The record as saved (the replay format).
    fn record(&self) -> Value;
    fn seats(&self) -> Vec<SeatInfo>;
    fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level);
    /// The seats that decide now, in the order the device goes round.
    fn to_act(&self) -> Vec<Seat>;
    fn outcome(&self) -> Option<Outcome>;
    fn moves(&self) -> usize;
    /// The seat that made the record's move `k`.
    fn mover(&self, k: usize) -> Option<Seat>;
    /// The seat that decides now, if the computer plays it.
    fn computer_to_act(&self) -> Option<Seat>;
    /// R-G-5: the throw at the table waiting for its faces.
    fn waiting(&self) -> Option<Waiting>;
    /// Which opening of the game this is (`Viewpoint::epoch`).
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
    fn cue(&self, from: usize) -> Option<crate::platform::sound::Cue>;
    /// R-G-5: what the faces entered so far come to (`GameView::faces_value`).
    fn faces_value(
        &self,
        kinds: &[rules::chance::DieKind],
        faces: &[Option<u8>],
        l: Locale,
    ) -> Option<String>;
    /// A good moment in the moves since `from`, in words everyone may read
    /// (`GameView::cheer`, from public events only), in every language.
    fn cheer(&self, from: usize) -> Option<Vec<(Locale, String)>>;
    /// The header and take-back while the seat to act enters others'
    /// moves (`GameView::entering`), as that seat sees the game.
    fn entering(&self, l: Locale) -> Option<crate::contract::view::Entering>;
    /// The options as JSON, for the header and Play again.
    fn options(&self) -> Value;
    /// The seat that may take back the last move now (the rules decide).
    fn can_undo(&self) -> Option<Seat>;
    /// Takes back the last move of `seat`; false if not allowed.
    fn undo(&mut self, seat: Seat) -> bool;
    /// Across phones (issue 41): invites a phone to `seat` with a fresh
    /// `token` (an earlier invitation of the seat no longer counts).
    fn remote_invite(&self, seat: Seat, token: String);
    /// A phone's message on connection `link`: what it did, or why not
    /// (the game as it was).
    fn remote_receive(&mut self, link: Link, text: &str) -> Result<Took, Refusal>;
    /// The frame for the phone on `seat` now (None before any invitation);
    /// it carries the events told since the last.
    fn remote_frame(&self, seat: Seat) -> Option<String>;
    /// A connection closed: its seat is away.
    fn remote_dropped(&self, link: Link);
    /// Once the game is over, its record for the phones' own histories
    /// (`id`: this game's id here).
    fn remote_finished(&self, id: &str) -> Option<String>;
    /// The seats on other phones, with their connection (None: away).
    fn remote_links(&self) -> Vec<(Seat, Option<Link>)>;
    /// The seats still deciding, those picking ahead of their turn too.
    fn remote_deciding(&self) -> Vec<Seat>;
    /// Whether a seat played on this device may pick now ahead of its turn
    /// (R-CH-8), as the phones do.
    fn ahead(&self, seat: Seat) -> bool;
    /// A seat goes to another phone, or back to this device (the host takes
    /// it over: its phone's connection and any pick it made ahead no longer
    /// count).
    fn set_remote(&mut self, seat: Seat, remote: bool);
    /// Such a pick (entry `index` of the list the host offers, drawn after
    /// `moves` moves): kept until the seat's turn; how many moves it played
    /// (None: refused or stale).
    fn pick_ahead(&mut self, seat: Seat, moves: usize, index: usize) -> Option<usize>;
    /// Drops the last move (it could not be saved).
    fn retract(&mut self);
    /// The turn (or round) as players count it.
    fn turn(&self) -> u32;
    /// Prepares a slice of the computer players' tables ahead of their first
    /// decision; true once they are built (`rules::ComputerPlayer::warm_up`).
    fn warm_up(&self) -> bool;
    /// The game's table, typed, following `port.frame`: the acting seat's
    /// view and legal actions in play, everything open after move
    /// `frame.moves` in a replay (only of a finished game).
    fn table(&self, port: TableLink) -> AnyView;
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

/// A refusal of game `G` in the player's language.
pub(crate) fn refusal<G: GameView>(e: RuleError<G::Error>) -> Text {
    Text::new(move |l| match &e {
        RuleError::Shared(s) => shared_text(s, &|k| G::option_label(k, l), l),
        RuleError::Game(g) => G::error_text(g, l),
    })
}

/// Why a saved record of game `G` does not replay, in the player's language.
pub(crate) fn unreplayable<G: GameView>(e: MatchError<G::Error>) -> Text {
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

/// A game in play, shared between the session (through `GameInPlay`) and its
/// table (through the typed `TableCtx`), and which opening of it this is
/// (`Viewpoint::epoch`).
pub(crate) struct LiveMatch<G: GameView>(Arc<Mutex<Match<G>>>, u64, Arc<Mutex<Option<Host<G>>>>);

/// Counts openings of games, so a game reloaded from storage (another tab's
/// moves, a restore) is never taken for the one on screen.
pub(crate) static OPENINGS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

pub(crate) fn lock<G: GameView>(m: &Mutex<Match<G>>) -> std::sync::MutexGuard<'_, Match<G>> {
    // One thread: a lock is never held across a panic that matters.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<G: GameView> LiveMatch<G> {
    fn m(&self) -> std::sync::MutexGuard<'_, Match<G>> {
        lock(&self.0)
    }

    /// Across phones: the host's side, once a seat is invited.
    fn host(&self) -> std::sync::MutexGuard<'_, Option<Host<G>>> {
        self.2.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// After any move or take-back: the lists offered to the phones anew,
    /// and picks made ahead whose turn came played (R-CH-8).
    fn settle(&self) {
        let mut m = self.m();
        if let Some(h) = self.host().as_mut() {
            h.refresh(&mut m);
        }
    }
}

/// What `frame` shows of `m`: the typed picture a table draws.
pub fn seen<G: GameView>(m: &Match<G>, frame: Viewpoint) -> Shown<G> {
    seen_ahead(m, frame, None)
}

/// `seen`, where `ahead` is the list the host offers the seat ahead of its
/// turn (R-CH-8), which the rules' own list does not hold yet.
fn seen_ahead<G: GameView>(
    m: &Match<G>,
    frame: Viewpoint,
    ahead: Option<Vec<G::Action>>,
) -> Shown<G> {
    if frame.replay {
        let k = frame.moves.min(m.record().moves.len());
        let state = m.state_at(k);
        let log = m.events_for(None, 0).into_iter().take(k).collect();
        return Shown {
            frame,
            view: state.open_view(),
            log,
            legal: Vec::new(),
            waiting: None,
        };
    }
    Shown {
        frame,
        view: m.view(frame.seat),
        log: m.events_for(frame.seat, 0),
        legal: match (frame.seat, ahead) {
            (Some(_), Some(list)) => list,
            (Some(s), None) => m.state().legal_actions(s),
            (None, _) => Vec::new(),
        },
        waiting: m.state().waiting(),
    }
}

impl<G: GameView> GameInPlay for LiveMatch<G> {
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

    fn mover(&self, k: usize) -> Option<Seat> {
        self.m().record().moves.get(k).map(|mv| mv.seat)
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
        let ok = m.apply(seat, action).is_ok();
        drop(m);
        if ok {
            self.settle();
        }
        ok
    }

    fn announce(&self, told: Option<Seat>, from: usize, l: Locale) -> Vec<String> {
        let m = self.m();
        let events = m.events_for(told, from).concat();
        let names = shown_names(m.seats().iter().map(|s| s.name.as_str()), l);
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

    fn cue(&self, from: usize) -> Option<crate::platform::sound::Cue> {
        let m = self.m();
        m.events_for(None, from)
            .iter()
            .filter_map(|evs| G::cue(evs))
            .max()
    }

    fn faces_value(
        &self,
        kinds: &[rules::chance::DieKind],
        faces: &[Option<u8>],
        l: Locale,
    ) -> Option<String> {
        G::faces_value(kinds, faces, l)
    }

    fn cheer(&self, from: usize) -> Option<Vec<(Locale, String)>> {
        let m = self.m();
        // Nothing moved since `from`: nothing to cheer, and no copy of the
        // log made for it.
        if m.events().get(from..).is_none_or(<[_]>::is_empty) {
            return None;
        }
        // The log is copied once for every language (issue 42: per
        // language, it was copied twice in every tap).
        let log = m.events_for(None, 0);
        Locale::ALL
            .iter()
            .map(|&l| {
                let names = shown_names(m.seats().iter().map(|s| s.name.as_str()), l);
                Some((l, G::cheer(&log, from, &names, l)?))
            })
            .collect()
    }

    fn entering(&self, l: Locale) -> Option<crate::contract::view::Entering> {
        let m = self.m();
        let seat = *m.state().to_act().first()?;
        let names = shown_names(m.seats().iter().map(|s| s.name.as_str()), l);
        G::entering(&m.view(Some(seat)), &names, l)
    }

    fn options(&self) -> Value {
        serde_json::to_value(&self.m().record().options).expect("options serialize")
    }

    fn can_undo(&self) -> Option<Seat> {
        self.m().can_undo()
    }

    fn undo(&mut self, seat: Seat) -> bool {
        let ok = self.m().undo(seat);
        if ok {
            self.settle();
        }
        ok
    }

    fn retract(&mut self) {
        self.m().retract();
        self.settle();
    }

    fn remote_invite(&self, seat: Seat, token: String) {
        let m = self.m();
        let mut host = self.host();
        host.get_or_insert_with(|| Host::new(&m))
            .invite(seat, token);
    }

    fn remote_receive(&mut self, link: Link, text: &str) -> Result<Took, Refusal> {
        let mut m = self.m();
        let mut host = self.host();
        let h = host.as_mut().ok_or(Refusal::NoSuchSeat)?;
        h.receive(&mut m, link, text.as_bytes())
    }

    fn remote_frame(&self, seat: Seat) -> Option<String> {
        let m = self.m();
        let mut host = self.host();
        let bytes = host.as_mut()?.frame(&m, seat);
        String::from_utf8(bytes).ok()
    }

    fn remote_finished(&self, id: &str) -> Option<String> {
        let bytes = rules::remote::finished_bytes(&self.m(), id)?;
        String::from_utf8(bytes).ok()
    }

    fn remote_dropped(&self, link: Link) {
        if let Some(h) = self.host().as_mut() {
            h.dropped(link);
        }
    }

    fn remote_links(&self) -> Vec<(Seat, Option<Link>)> {
        self.host()
            .as_ref()
            .map(Host::remote_seats)
            .unwrap_or_default()
    }

    fn remote_deciding(&self) -> Vec<Seat> {
        self.host().as_ref().map(Host::deciding).unwrap_or_default()
    }

    fn ahead(&self, seat: Seat) -> bool {
        self.host().as_ref().is_some_and(|h| h.is_ahead(seat))
    }

    fn set_remote(&mut self, seat: Seat, remote: bool) {
        self.m().set_remote(seat, remote);
        if !remote {
            if let Some(h) = self.host().as_mut() {
                h.take_over(seat);
            }
            self.settle();
        }
    }

    fn pick_ahead(&mut self, seat: Seat, moves: usize, index: usize) -> Option<usize> {
        let mut m = self.m();
        let mut host = self.host();
        let h = host.as_mut().filter(|h| h.is_ahead(seat))?;
        // A tap on a list drawn before this one was offered is stale (a
        // list that stays the same keeps its number).
        let at = h.offer_at(seat);
        if moves < at {
            return None;
        }
        match h.pick(&mut m, seat, at, index) {
            Ok(Took::Picked { played, .. }) => Some(played),
            _ => None,
        }
    }

    fn turn(&self) -> u32 {
        self.m().state().turn_number()
    }

    fn warm_up(&self) -> bool {
        self.m().state().warm_up()
    }

    fn table(&self, port: TableLink) -> AnyView {
        let shared = self.0.clone();
        let seen = Memo::new({
            let shared = shared.clone();
            // The frame first: reading it reads the session, which reads
            // this game.
            let host = self.2.clone();
            move |_| {
                let frame = port.frame.get();
                let ahead = frame.seat.and_then(|s| {
                    let h = host.lock().unwrap_or_else(|e| e.into_inner());
                    h.as_ref()
                        .filter(|h| h.is_ahead(s))
                        .map(|h| h.offer(s).to_vec())
                });
                seen_ahead(&lock(&shared), frame, ahead)
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
        ensure_style(G::ID, G::STYLE);
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
            let names = shown_names(names.iter().map(String::as_str), l);
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
pub(crate) fn table_dice_move<G: GameView>(m: &Match<G>, i: usize) -> Option<(bool, Seat)> {
    let mv = m.record().moves.get(i)?;
    let computer = m.seats().get(mv.seat)?.kind == SeatKind::Computer;
    if G::entered_faces(&mv.action).is_some() {
        return computer.then_some((true, mv.seat));
    }
    let waits = m.state_at(i + 1).waiting().is_some() && m.state_at(i).waiting().is_none();
    // A computer's throw and its faces are one move to the eye.
    (waits && !computer).then_some((false, mv.seat))
}

pub(crate) fn table_dice_sentence(app: bool, name: &str, l: Locale) -> String {
    if app {
        td_string!(l, app_dice, name = name).to_string()
    } else {
        td_string!(l, table_throw, name = name).to_string()
    }
}

/// The sentences of `table_dice_move` for moves `from..` of `m`.
pub(crate) fn table_dice_words<G: GameView>(
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

pub(crate) fn new_record<G: GameView>(
    seats: Vec<SeatInfo>,
    options: &Value,
    seed: u64,
) -> Result<Value, Text> {
    let options = parse_options::<G>(options).map_err(|s| refusal::<G>(s.into()))?;
    let m = Match::<G>::new(seats, options, seed).map_err(refusal::<G>)?;
    Ok(serde_json::to_value(m.record()).expect("a record serializes"))
}

pub(crate) fn open<G: GameView>(mut record: Value) -> Result<Box<dyn GameInPlay>, Text> {
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
    Ok(Box::new(LiveMatch(
        Arc::new(Mutex::new(m)),
        epoch,
        Arc::new(Mutex::new(None)),
    )))
}

/// What the home screen and set-up know of game `G` before its code is
/// loaded (`crate::games`): its facts, with stand-ins for the rest that
/// refuse or show nothing. Screens that need more wait for the code
/// (`crate::games::when_loaded`), so no player meets a stand-in.
pub fn facts<G: GameView>() -> GameEntry {
    fn not_loaded() -> Text {
        Text::new(|l| td_string!(l, load_failed).to_string())
    }
    GameEntry {
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
        levels: G::LEVELS,
        needs_data: |level| G::LEVEL_DATA.is_some_and(|d| d.level == level),
        ready_level: |_| Box::pin(async { Err("the game's code is not loaded".to_string()) }),
        // The options and their words are the rules' and the game view's
        // code: only the set-up and the table ask, each once the game's code
        // is in (`games::when_loaded`), so the facts keep them out of the
        // first load (issue 42).
        options: Vec::new,
        people_only: |_| false,
        option_label: |key, _| key.to_string(),
        new_record: |_, _, _| Err(not_loaded()),
        open: |_| Err(not_loaded()),
        rules: || ().into_any(),
        replay_hint: |_| None,
        lesson: || None,
        guest: |_| None,
    }
}

/// The registry line of game `G`: its facts and its code.
pub fn entry<G: GameView>() -> GameEntry {
    GameEntry {
        new_record: new_record::<G>,
        open: open::<G>,
        rules: || {
            ensure_style(G::ID, G::STYLE);
            G::rules()
        },
        replay_hint: G::replay_hint,
        lesson: G::lesson,
        guest: |seat| Some(Box::new(Guest::<G>::new(seat))),
        ready_level: ready_level::<G>,
        options: G::options_spec,
        people_only: |o| parse_options::<G>(o).is_ok_and(|o| G::people_only(&o)),
        option_label: G::option_label,
        ..facts::<G>()
    }
}

/// Makes `level` of game `G` play as itself (issue 43): fetches the data it
/// needs (`data/FILE` beside the app) and hands it to the rules, unless it
/// needs none or has it; else why not.
fn ready_level<G: GameView>(level: Level) -> LevelFuture {
    Box::pin(async move {
        let Some(data) = G::LEVEL_DATA.filter(|d| d.level == level) else {
            return Ok(());
        };
        if G::level_ready(level) {
            return Ok(());
        }
        let bytes = crate::platform::data::fetch_bytes(&format!("data/{}", data.file)).await?;
        G::load_level_data(level, &bytes)
    })
}

/// What `GameEntry::ready_level` answers, once.
pub type LevelFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), String>>>>;

/// A game's line in the app's registry: its facts and the functions behind
/// it (built by `entry`).
#[derive(Clone, Copy)]
pub struct GameEntry {
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
    /// The levels its computer player offers, weakest first
    /// (`rules::ComputerPlayer::LEVELS`): setup and the seat menu list these.
    pub levels: &'static [Level],
    /// Whether a level needs data loaded on demand (the expert's table).
    pub needs_data: fn(Level) -> bool,
    /// Loads what a level needs, once the game's code is in
    /// (`crate::play::levels` keeps where it stands).
    pub ready_level: fn(Level) -> LevelFuture,
    pub options: fn() -> Vec<OptionSpec>,
    /// Whether every seat must be a person with these options
    /// (`rules::Game::people_only`; unreadable options: no).
    pub people_only: fn(&Value) -> bool,
    pub option_label: fn(&str, Locale) -> String,
    /// A new game's record as JSON, or why the rules refuse the set-up.
    pub new_record: fn(Vec<SeatInfo>, &Value, u64) -> Result<Value, Text>,
    /// Replays a saved record, or says why it cannot be used.
    pub open: fn(Value) -> Result<Box<dyn GameInPlay>, Text>,
    pub rules: fn() -> AnyView,
    pub replay_hint: fn(Locale) -> Option<String>,
    pub lesson: fn() -> Option<Lesson>,
    /// A phone's side of a game across phones, for `seat` (issue 41): None
    /// until the game's code is loaded.
    pub guest: fn(Seat) -> Option<Box<dyn GuestGame>>,
}

/// What a phone made of the host's message.
#[derive(Debug, Clone, PartialEq)]
pub enum Received {
    /// A frame: the table shows it.
    Frame,
    /// The host refused the phone's last message, and why.
    Refused(Refusal),
    /// Not a message of the protocol (or too long): nothing changes.
    Unreadable,
    /// The game is over: the host's record, replayed here to its end, for
    /// the phone's own history.
    Finished {
        id: String,
        record: Value,
        outcome: Outcome,
        turn: u32,
    },
}

/// A game as a phone across the room holds it (issue 41): the frames its
/// seat receives and nothing else; it never holds the game's state.
pub trait GuestGame {
    /// Reads one of the host's messages.
    fn receive(&self, text: &str) -> Received;
    /// The game's own table, drawn from the frames (None before the
    /// first); a pick goes to `send` as the protocol's text.
    fn table(&self, send: Callback<String>) -> Option<AnyView>;
    /// Once the game is over.
    fn outcome(&self) -> Signal<Option<Outcome>>;
    /// Every seat's name, as the host sends them.
    fn names(&self) -> Signal<Vec<String>>;
    /// The seats still deciding now.
    fn deciding(&self) -> Signal<Vec<Seat>>;
}

/// `GuestGame` for any game: the last frame and the events told so far.
struct Guest<G: GameView> {
    seat: Seat,
    frame: RwSignal<Option<rules::remote::Frame<G>>>,
    log: RwSignal<Vec<Vec<G::Event>>>,
}

impl<G: GameView> Guest<G> {
    fn new(seat: Seat) -> Self {
        Guest {
            seat,
            frame: RwSignal::new(None),
            log: RwSignal::new(Vec::new()),
        }
    }
}

impl<G: GameView> GuestGame for Guest<G> {
    fn receive(&self, text: &str) -> Received {
        match rules::remote::read::<G>(text.as_bytes()) {
            Some(rules::remote::ToGuest::Frame(f)) if f.seat == self.seat => {
                let f = *f;
                self.log.update(|log| {
                    // A rejoin tells everything again; otherwise each frame
                    // goes on from the last.
                    if f.from == 0 || f.from != log.len() {
                        log.clear();
                        if f.from != 0 {
                            return;
                        }
                    }
                    log.extend(f.events.iter().cloned());
                });
                self.frame.set(Some(f));
                Received::Frame
            }
            Some(rules::remote::ToGuest::Refused { why }) => Received::Refused(why),
            Some(rules::remote::ToGuest::Finished { id, record }) => {
                // Only a record that replays, here, to a finished game.
                let Ok(game) = open::<G>(record.clone()) else {
                    return Received::Unreadable;
                };
                match game.outcome() {
                    Some(outcome) if id.len() <= 64 => Received::Finished {
                        id,
                        record: game.record(),
                        outcome,
                        turn: game.turn(),
                    },
                    _ => Received::Unreadable,
                }
            }
            _ => Received::Unreadable,
        }
    }

    fn table(&self, send: Callback<String>) -> Option<AnyView> {
        let (frame, log, seat) = (self.frame, self.log, self.seat);
        let first = frame.get_untracked()?;
        let viewpoint = Memo::new(move |_| {
            frame.with(|f| Viewpoint {
                seat: Some(seat),
                epoch: 0,
                moves: f.as_ref().map_or(0, |f| f.moves),
                replay: false,
            })
        });
        let seen = Memo::new(move |_| {
            let frame_now = viewpoint.get();
            frame.with(|f| match f {
                Some(f) => Shown {
                    frame: frame_now,
                    view: f.view.clone(),
                    log: log.get(),
                    legal: f.offer.clone(),
                    waiting: None,
                },
                None => Shown {
                    frame: frame_now,
                    view: first.view.clone(),
                    log: Vec::new(),
                    legal: Vec::new(),
                    waiting: None,
                },
            })
        });
        let names = Memo::new(move |_| {
            frame.with(|f| f.as_ref().map(|f| f.names.clone()).unwrap_or_default())
        });
        let cpu = Memo::new(move |_| {
            frame.with(|f| f.as_ref().map(|f| f.cpu.clone()).unwrap_or_default())
        });
        // A pick names its entry in the list on screen; the host knows that
        // list by the moves it was offered after.
        let act = Callback::new(move |tap: Tap| {
            if let Ok(Pick::Legal { index, .. }) = tap {
                if let Some(at) = frame.with_untracked(|f| f.as_ref().map(|f| f.offer_at)) {
                    let bytes = rules::remote::pick_bytes(at, index);
                    send.run(String::from_utf8(bytes).unwrap_or_default());
                }
            }
        });
        let port = TableLink {
            frame: viewpoint,
            names,
            cpu,
            act,
            hold: Callback::new(|_| {}),
        };
        // The phone holds no state to ask the rules why: a move not on the
        // list is simply not this seat's now.
        let why: WhyRefused<G> =
            Arc::new(|_, _| refusal::<G>(RuleError::Shared(rules::Shared::NotYourTurn)));
        ensure_style(G::ID, G::STYLE);
        Some(G::table(TableCtx::new(seen, port, why)))
    }

    fn outcome(&self) -> Signal<Option<Outcome>> {
        let frame = self.frame;
        Signal::derive(move || frame.with(|f| f.as_ref().and_then(|f| f.outcome.clone())))
    }

    fn names(&self) -> Signal<Vec<String>> {
        let frame = self.frame;
        Signal::derive(move || {
            frame.with(|f| f.as_ref().map(|f| f.names.clone()).unwrap_or_default())
        })
    }

    fn deciding(&self) -> Signal<Vec<Seat>> {
        let frame = self.frame;
        Signal::derive(move || {
            frame.with(|f| f.as_ref().map(|f| f.deciding.clone()).unwrap_or_default())
        })
    }
}
