//! One game in play, headless (the midend's app half): it applies what a
//! table sends or a computer seat decides, decides whose tap counts (the one
//! place that does), writes every change as the next revision with the
//! cross-tab check (`store::commit`), settles a conflict with another tab,
//! takes moves back, and gives the solo and daily records in the game's
//! direction. It also decides what the page only shows: the guided first
//! game's step and its gate, what is said about a move and to whom (never a
//! seat's secret behind a hand-over), when a computer seat plays, how a tap
//! is felt, and how storage is freed when it is full. It draws nothing:
//! `crate::play::screen` draws it and performs what it returns, and the
//! wasm-bindgen tier tests it without a page.
//!
//! A write is asynchronous (a few ms): `act`, `computer`, `undo`, `set_seat`
//! and `confirm_handover` return the `SavedGame` to write (or None), the
//! caller awaits `store::commit` and hands the result to `written`. While a
//! write is on its way, taps and computer moves count for nothing, and a
//! change of seats or a confirmed hand-over queues behind it.

use crate::contract::{GameEntry, GameInPlay, Pick, Step, Tap};
use crate::i18n::Text;
use crate::i18n::*;
use crate::platform::sound::Cue;
use crate::store::{self, SaveError, SavedGame, Speed};
use crate::table::LessonNow;
use rules::remote::{Link, Took};
use rules::{Level, Outcome, Seat, SeatInfo, SeatKind};

/// The least pause before a computer acts while a person may still take
/// back their decision (R-G-4): the computer's next move may reveal
/// something (a throw, a card), after which it cannot be taken back, so the
/// computer does not rush past a mis-tap, whatever the speed. "Skip to my
/// turn" skips it.
pub const TAKE_BACK_GRACE: u64 = 1500;

/// How long "NAME's turn" stands before that player's controls answer when
/// the device changes hands, so a second tap meant for the last player's
/// button spends nothing.
pub const TURN_MOMENT: u64 = 900;

/// How many of the oldest finished games the storage-full notice offers to
/// delete: each frees 3 to 10 thousand characters, room for hundreds of moves.
pub const TRIM: usize = 10;

/// What a tap came to.
#[derive(Debug, Clone)]
pub enum Tapped {
    /// The move is made: write this revision, and let the tap be felt.
    Moved(SavedGame, Feel),
    /// Nothing for now: not this seat's moment, the list moved on, or kept
    /// until the write on its way is stored (`written` tries it then).
    Nothing,
    /// The rules refuse it, and why.
    Refused(Text),
    /// A guided first game waits for its step's move: the step says so.
    Nudge,
}

/// A seat's decision, whoever makes it: the one way a move enters play
/// (`Session::play`). The phone across the room (issue 41) comes in here
/// too.
#[derive(Debug, Clone)]
pub enum Decision {
    /// A person at this device tapped on the table, for the seat acting
    /// (`acting`, without the moment, which the host already applied).
    Tap { seat: Seat, tap: Tap },
    /// The computer plays the seat that decides now, in the game after
    /// `moves` moves (scheduled before a take-back or a reload, it plays
    /// nothing).
    Computer { moves: usize },
    /// A phone's message on connection `link` (issue 41): a seat taken, or
    /// a pick from the list offered to that seat.
    Remote { link: Link, text: String },
}

/// How a move is felt at the device: a vibration for a roll, and its
/// sound where the player has sounds on.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Feel {
    pub vibrate: bool,
    pub cue: Option<Cue>,
    /// A good moment to celebrate (a hole in one, a clean win), in both
    /// languages, where celebrations are on (issue 40).
    pub cheer: Option<Vec<(Locale, String)>>,
}

/// What is said about a stored move, each in both languages so a language
/// switch redraws it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Told {
    /// For the live region; None leaves it as it is.
    pub live: Option<Vec<(Locale, String)>>,
    /// The last-move line (with more than one seat); None leaves it.
    pub last_move: Option<Vec<(Locale, String)>>,
    /// How the move ended, in words anyone may read, for the hand-over
    /// screen that hides the table from the mover.
    pub handover: Option<Vec<(Locale, String)>>,
    /// The turn this move is part of, step by step, in words anyone may
    /// read: every sentence since the seat that moved began its turn (a
    /// computer's throw, re-roll and entry followed one by one, and looked
    /// back on after). Set with `last_move`.
    pub turn: Option<Vec<(Locale, Vec<String>)>>,
}

/// A moment before a person's controls answer (`Session::moment_after`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment {
    /// The person who decides next.
    pub seat: Seat,
    /// How long it stands, in ms.
    pub ms: u64,
    /// Whether the device changes hands: "NAME's turn" is then said over
    /// the table. After a computer's turn at a one-person table it is not:
    /// the computer's last step is what is to be seen.
    pub hands: bool,
}

/// What the storage-full notice can delete to make room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Free {
    /// The `TRIM` oldest finished games.
    Oldest,
    /// Every finished game.
    Finished,
    /// The games moved aside as unreadable.
    Aside,
}

/// How a game ends up marked on its result: what keeps it from the
/// records, and a guided first game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Marks {
    pub coach: bool,
    /// R-G-5: dice from the table set no record.
    pub real_dice: bool,
    /// R-GN-14: nor do real cards.
    pub real_cards: bool,
    pub lesson: bool,
}

/// Why the game takes no moves for now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    /// The last move could not be saved; it was taken back.
    StorageFull,
    /// Another tab deleted this game.
    Gone,
}

/// What a write carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A move of `seat` (a person's when `human`), made after `before`
    /// moves, when `turn` was the first seat to decide.
    Move {
        seat: Seat,
        human: bool,
        before: usize,
        turn: Option<Seat>,
    },
    /// A take-back.
    Undo,
    /// Seats or the hand-over changed: no move.
    Meta,
}

/// How a write ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// Stored: the change stands.
    Saved(Change),
    /// Storage refused it: a move was taken back (a take-back is undone by
    /// showing the stored game again), and the game waits for room.
    Full,
    /// Another tab had moved on: its game is shown instead.
    Reloaded,
    /// Another tab deleted the game.
    Gone,
    /// The screen is gone, or nothing was being written.
    Nothing,
}

pub struct Session {
    entry: GameEntry,
    live: Box<dyn GameInPlay>,
    meta: SavedGame,
    block: Option<Block>,
    /// The change being written.
    writing: Option<Change>,
    /// Another write was asked for meanwhile.
    queued: bool,
    /// The person who tapped last on this device (None until someone does).
    last_person: Option<Seat>,
    /// The person known to hold the device on this page: the one it was
    /// last handed to here, or who tapped last. None after opening (a
    /// reload, coming back from another screen): nobody is known to hold
    /// it then, whatever the stored game says.
    holder: Option<Seat>,
    /// A person's tap while a write was on its way: tried once the write
    /// is stored (a fast second tap is not lost; one the write undoes,
    /// or that the list no longer holds, counts for nothing).
    pending: Option<(Seat, Pick)>,
    /// A kept tap made a move when a write ended: the moves before it.
    late: Option<usize>,
    /// A guided first game's steps (empty otherwise).
    steps: Vec<Step>,
    /// A move other than the step's was tapped, after this many moves.
    nudged: Option<usize>,
    /// The computer's move is scheduled for the game after this many moves.
    scheduled: Option<usize>,
    /// "Skip to my turn": computers play at once until a person decides.
    skipping: bool,
    /// The table holds play (a round's summary on screen): no computer
    /// moves until it lets go.
    held: bool,
    /// A computer seat's level (or the coach's) waits for its data (issue
    /// 43: the expert's table): no computer moves until it is in.
    awaiting_level: bool,
    /// Phones' messages that came while a write was on its way, tried in
    /// order once it is stored (none is lost).
    remote_pending: Vec<(Link, String)>,
    /// What to send to the phones: (connection, message).
    outbox: Vec<(Link, String)>,
}

impl Session {
    /// Opens a saved game: replays its record, or says why it cannot be used.
    pub fn open(entry: GameEntry, saved: SavedGame) -> Result<Session, Text> {
        let live = (entry.open)(saved.record.clone())?;
        let steps = if live.lesson() {
            (entry.lesson)().map(|l| l.steps).unwrap_or_default()
        } else {
            Vec::new()
        };
        Ok(Session {
            steps,
            nudged: None,
            scheduled: None,
            skipping: false,
            held: false,
            awaiting_level: false,
            remote_pending: Vec::new(),
            outbox: Vec::new(),
            entry,
            live,
            meta: saved,
            block: None,
            writing: None,
            queued: false,
            last_person: None,
            holder: None,
            pending: None,
            late: None,
        })
    }

    pub fn entry(&self) -> GameEntry {
        self.entry
    }

    pub fn live(&self) -> &dyn GameInPlay {
        self.live.as_ref()
    }

    pub fn meta(&self) -> &SavedGame {
        &self.meta
    }

    pub fn block(&self) -> Option<Block> {
        self.block
    }

    /// Lets moves be tried again (room was made, or the player asked).
    pub fn unblock(&mut self) {
        if self.block == Some(Block::StorageFull) {
            self.block = None;
        }
    }

    /// Whether a write is on its way.
    pub fn saving(&self) -> bool {
        self.writing.is_some()
    }

    pub fn moves(&self) -> usize {
        self.live.moves()
    }

    pub fn seats(&self) -> Vec<SeatInfo> {
        self.live.seats()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.live.outcome()
    }

    /// The seat that decides now, if a person plays it on this device.
    /// Across phones, while a phone or the computer decides first, a person
    /// here may decide ahead where the rules let everyone decide at once
    /// (R-CH-8), as the phones do.
    pub fn human_to_act(&self) -> Option<Seat> {
        let first = self.live.to_act().first().copied()?;
        let seats = self.live.seats();
        let here = |s: Seat| seats[s].kind == SeatKind::Human && !seats[s].remote;
        if here(first) {
            return Some(first);
        }
        self.live
            .remote_deciding()
            .into_iter()
            .find(|&s| here(s) && self.live.ahead(s))
    }

    /// The first seat to decide now, whoever plays it.
    pub fn turn(&self) -> Option<Seat> {
        self.live.to_act().first().copied()
    }

    /// The hand-over screen stands between two people at one device: always
    /// in a game with secrets (decided by the game and the seats, never by
    /// stored data), when the players asked for it in the others.
    pub fn handover_on(&self) -> bool {
        self.passes() && self.people() >= 2
    }

    /// Whether this game hands the device over at all: a game with secrets
    /// always, any other when the players asked for it.
    fn passes(&self) -> bool {
        self.entry.private_info || self.meta.handover
    }

    fn people(&self) -> usize {
        self.live
            .seats()
            .iter()
            .filter(|x| x.kind == SeatKind::Human && !x.remote)
            .count()
    }

    /// The seat the device must be handed to before it plays. It follows
    /// who holds the device, not how the seats are set now: with two people
    /// it stands for anyone but the holder; with one person left (the other
    /// just switched to the computer, say) it still stands when the device
    /// was ever handed to someone else, who may be holding it. A reload or
    /// another screen forgets the holder, so the hand-over stands again.
    pub fn handover_needed(&self) -> Option<Seat> {
        let seat = self.human_to_act()?;
        if !self.passes() || self.holder == Some(seat) {
            return None;
        }
        let handed = self.meta.confirmed_seat.is_some();
        (self.people() >= 2 || handed).then_some(seat)
    }

    /// The seat whose taps count now: the person deciding, unless the
    /// hand-over screen stands, the turn moment (`moment`, the host's timing)
    /// runs, or the game cannot save. The one place that decides it.
    pub fn acting(&self, moment: bool) -> Option<Seat> {
        if moment || self.block.is_some() || self.handover_needed().is_some() {
            return None;
        }
        self.human_to_act()
    }

    /// After a stored move: the person whose "NAME's turn" moment stands
    /// before their controls answer, and for how many ms.
    /// - When the device changes hands (another person decides than the
    ///   one who tapped last), `TURN_MOMENT`: a finger still on the last
    ///   player's button spends nothing. Not where the hand-over screen is
    ///   that moment already.
    /// - When a computer's move ends its turn, the speed's pause: its last
    ///   step (a lane entered, a card laid) stands where it happened before
    ///   the person's own table replaces it (issue 40). Not while skipping
    ///   to the person's turn, nor at instant speed.
    pub fn moment_after(&self, speed: Speed) -> Option<Moment> {
        let now = self.human_to_act()?;
        if self.handover_needed().is_some() {
            return None;
        }
        let hands = (self.last_person != Some(now)).then_some(TURN_MOMENT);
        let computer = (!self.skipping && self.last_mover_is_computer()).then(|| speed.pause_ms());
        let ms = hands.into_iter().chain(computer).max()?;
        (ms > 0).then_some(Moment {
            seat: now,
            ms,
            hands: hands.is_some(),
        })
    }

    /// The seat that made the last move, if any.
    pub fn last_mover(&self) -> Option<Seat> {
        self.live.mover(self.moves().checked_sub(1)?)
    }

    fn last_mover_is_computer(&self) -> bool {
        self.last_mover()
            .is_some_and(|s| self.live.seats()[s].kind == SeatKind::Computer)
    }

    /// The person who may take back their last decision now (R-G-4: the
    /// rules decide, reaching back over computer moves that revealed
    /// nothing; never once the game is over).
    pub fn undo_seat(&self) -> Option<Seat> {
        let s = self.live.can_undo()?;
        let seat = &self.live.seats()[s];
        (seat.kind == SeatKind::Human && !seat.remote).then_some(s)
    }

    /// Plays a seat's decision: the move made and the write to make,
    /// nothing (not this seat's moment, the list moved on, a stale
    /// computer move, or a tap kept until the write on its way is stored:
    /// `written` tries it then), the rules' refusal, or the lesson's nudge.
    /// Whoever decides, the move takes the same way: the rules apply it, the
    /// write queue stores it, and the device feels it.
    pub fn play(&mut self, decision: Decision) -> Tapped {
        match decision {
            Decision::Tap { seat, tap } => match tap {
                Ok(pick) => self.tap(seat, pick),
                Err(why) => self.refused(seat, why),
            },
            Decision::Computer { moves } => {
                let played = self.computer_move(moves);
                if matches!(played, Tapped::Nothing) && self.moves() == moves {
                    // Held up or switched away: scheduled afresh when due.
                    self.scheduled = None;
                }
                played
            }
            Decision::Remote { link, text } => self.remote(link, text),
        }
    }

    /// A phone's message: the host (`rules::remote`) decides; a pick that
    /// played moves is written like any move, told as everyone may be told
    /// it (the host's screen is not that seat's). A refusal goes back to
    /// the phone with its reason. While a write is on its way the message
    /// waits its turn.
    fn remote(&mut self, link: Link, text: String) -> Tapped {
        if self.saving() || self.block.is_some() {
            self.remote_pending.push((link, text));
            return Tapped::Nothing;
        }
        let turn = self.turn();
        let before = self.moves();
        match self.live.remote_receive(link, &text) {
            Err(why) => {
                let bytes = rules::remote::refusal_bytes(why);
                self.outbox
                    .push((link, String::from_utf8(bytes).unwrap_or_default()));
                Tapped::Nothing
            }
            Ok(Took::Joined(seat)) => {
                if let Some(frame) = self.live.remote_frame(seat) {
                    self.outbox.push((link, frame));
                }
                if let Some(done) = self.live.remote_finished(&self.meta.id) {
                    self.outbox.push((link, done));
                }
                Tapped::Nothing
            }
            Ok(Took::Picked { seat, played }) => self.picked(seat, false, played, before, turn),
        }
    }

    /// A pick through the host's master (a phone's, or this device's ahead
    /// of its turn) played `played` moves: none while it waits for its turn
    /// (R-CH-8), when the others hear who still decides; else they are
    /// written like any move.
    fn picked(
        &mut self,
        seat: Seat,
        human: bool,
        played: usize,
        before: usize,
        turn: Option<Seat>,
    ) -> Tapped {
        if played == 0 {
            self.broadcast();
            return Tapped::Nothing;
        }
        self.store_moves(seat, human, before, turn)
    }

    /// Moves just played from `before` on: felt, and written.
    fn store_moves(
        &mut self,
        seat: Seat,
        human: bool,
        before: usize,
        turn: Option<Seat>,
    ) -> Tapped {
        let feel = self.feel(before);
        match self.write(Change::Move {
            seat,
            human,
            before,
            turn,
        }) {
            Some(next) => Tapped::Moved(next, feel),
            None => Tapped::Nothing,
        }
    }

    /// Every connected phone's frame, to send now (after any change).
    pub fn broadcast(&mut self) {
        let done = self.live.remote_finished(&self.meta.id);
        for (seat, link) in self.live.remote_links() {
            if let (Some(link), Some(frame)) = (link, self.live.remote_frame(seat)) {
                self.outbox.push((link, frame));
                // Over: each phone keeps the game in its own history.
                if let Some(done) = &done {
                    self.outbox.push((link, done.clone()));
                }
            }
        }
    }

    /// What to send to the phones, taken.
    pub fn take_outbox(&mut self) -> Vec<(Link, String)> {
        std::mem::take(&mut self.outbox)
    }

    /// A phone's connection closed: its seat is away.
    pub fn remote_dropped(&mut self, link: Link) {
        self.live.remote_dropped(link);
    }

    /// Invites a phone to `seat` with a fresh `token`.
    pub fn remote_invite(&mut self, seat: Seat, token: String) {
        self.live.remote_invite(seat, token);
    }

    /// The seats on other phones, with their connection (None: away).
    pub fn remote_links(&self) -> Vec<(Seat, Option<Link>)> {
        self.live.remote_links()
    }

    /// The seats still deciding (with phones, several at once: R-CH-8).
    pub fn deciding(&self) -> Vec<Seat> {
        self.live.remote_deciding()
    }

    /// A tap the rules refuse, with their reason: said to the person
    /// deciding, and nothing else.
    fn refused(&self, seat: Seat, why: Text) -> Tapped {
        if self.acting(false) == Some(seat) {
            Tapped::Refused(why)
        } else {
            Tapped::Nothing
        }
    }

    /// A person's tap of a listed move: their moment, the lesson gate, and
    /// a tap kept while a write is on its way.
    fn tap(&mut self, seat: Seat, pick: Pick) -> Tapped {
        if self.acting(false) != Some(seat) || pick == Pick::Computer {
            return Tapped::Nothing;
        }
        if self.off_lesson(seat, &pick) {
            self.nudged = Some(self.moves());
            return Tapped::Nudge;
        }
        if self.saving() {
            // Only the person who tapped last keeps the device: for anyone
            // else the turn moment comes first (`moment_after`), and a
            // finger still on the last button spends nothing.
            if self.last_person == Some(seat) {
                self.pending = Some((seat, pick));
            }
            return Tapped::Nothing;
        }
        if let (true, Pick::Legal { moves, index }) = (self.live.ahead(seat), &pick) {
            return self.ahead(seat, *moves, *index);
        }
        self.make(seat, pick, true)
    }

    /// A pick ahead of the seat's turn (R-CH-8): the host keeps it and plays
    /// it when the turn comes, so the record is pass-and-play's; the phones
    /// hear who still decides.
    fn ahead(&mut self, seat: Seat, moves: usize, index: usize) -> Tapped {
        let turn = self.turn();
        let before = self.moves();
        let Some(played) = self.live.pick_ahead(seat, moves, index) else {
            return Tapped::Nothing;
        };
        self.last_person = Some(seat);
        self.holder = Some(seat);
        self.picked(seat, true, played, before, turn)
    }

    /// A computer's move, when one is due in the game after `moves` moves.
    fn computer_move(&mut self, moves: usize) -> Tapped {
        // A move scheduled before its level's data was asked for waits too:
        // scheduled afresh once the data is in.
        if self.saving() || self.block.is_some() || self.awaiting_level || self.moves() != moves {
            return Tapped::Nothing;
        }
        match self.live.computer_to_act() {
            Some(seat) => self.make(seat, Pick::Computer, false),
            None => Tapped::Nothing,
        }
    }

    /// The move every decision comes to: applied by the rules, felt, and
    /// written.
    fn make(&mut self, seat: Seat, pick: Pick, human: bool) -> Tapped {
        let turn = self.turn();
        let before = self.moves();
        if !self.live.apply(seat, pick) {
            return Tapped::Nothing;
        }
        if human {
            // A person decided: "skip to my turn" has done its work.
            self.skipping = false;
            // The person who tapped holds the device.
            self.last_person = Some(seat);
            self.holder = Some(seat);
        }
        self.store_moves(seat, human, before, turn)
    }

    /// The lesson gate: a guided first game takes only its step's move.
    /// A step whose move is not on offer (a seat switched, an older lesson)
    /// holds nothing up; entering faces is never gated.
    fn off_lesson(&self, seat: Seat, pick: &Pick) -> bool {
        let Pick::Legal { index, .. } = pick else {
            return false;
        };
        let Some(want) = self.step().and_then(|s| s.expect.as_ref()) else {
            return false;
        };
        self.live
            .offered_at(seat, want)
            .is_some_and(|at| at != *index)
    }

    /// The guided first game's step for the moves played so far.
    fn step(&self) -> Option<&Step> {
        let n = self.moves();
        self.steps.iter().find(|s| s.at == n)
    }

    /// Whether this is a guided first game.
    pub fn in_lesson(&self) -> bool {
        !self.steps.is_empty()
    }

    /// The lesson's step at hand as the decision bar shows it, in `l`:
    /// only while its person decides (not during the turn `moment`).
    pub fn lesson_now(&self, l: Locale, moment: bool) -> Option<LessonNow> {
        self.acting(moment)?;
        let n = self.moves();
        let i = self.steps.iter().position(|s| s.at == n)?;
        let st = &self.steps[i];
        Some(LessonNow {
            k: i + 1,
            n: self.steps.len(),
            say: (st.say)(l),
            point: st.point,
            nudge: self.nudged == Some(n),
        })
    }

    /// Leaves a guided first game: nothing of it is kept. The route to go
    /// to (the game's set-up).
    pub fn leave_lesson(&self) -> String {
        store::delete_game(&self.meta.id);
        format!("/new/{}", self.entry.id)
    }

    /// How the moves after `before` are felt: a vibration for a roll, and
    /// the loudest sound among them where sounds are on.
    pub fn feel(&self, before: usize) -> Feel {
        let settings = store::load_settings();
        let cheer = settings.cheers.then(|| self.live.cheer(before)).flatten();
        // A good moment sounds like one.
        let cue = self.live.cue(before).map(|c| match cheer {
            Some(_) => c.max(Cue::Fanfare),
            None => c,
        });
        Feel {
            vibrate: self.live.vibrates(before),
            cue: cue.filter(|_| settings.sound),
            cheer,
        }
    }

    /// When the computer seat that decides now plays: the moves it plays
    /// after and the pause before it, once per position (None when no
    /// computer is due, or its move is scheduled already). The pause is
    /// the speed's, at least `TAKE_BACK_GRACE` while a person may still
    /// take back their decision, and none while skipping to a person's
    /// turn.
    pub fn schedule_computer(&mut self, speed: Speed) -> Option<(usize, u64)> {
        let n = self.moves();
        if !self.computer_due() || self.scheduled == Some(n) {
            return None;
        }
        self.scheduled = Some(n);
        let pause = if self.skipping {
            0
        } else if self.undo_seat().is_some() {
            speed.pause_ms().max(TAKE_BACK_GRACE)
        } else {
            speed.pause_ms()
        };
        Some((n, pause))
    }

    /// "Skip to my turn": computers play at once until a person decides.
    /// The moves to play the computer's move after now, if one is due.
    pub fn skip(&mut self) -> Option<usize> {
        self.skipping = true;
        if !self.computer_due() {
            return None;
        }
        let n = self.moves();
        self.scheduled = Some(n);
        Some(n)
    }

    /// Whether "skip to my turn" is offered: a computer decides now, a
    /// person plays at this table, and the table does not hold play.
    pub fn skip_offered(&self) -> bool {
        // While the table holds play the computers wait for a tap on it.
        !self.held
            && self.outcome().is_none()
            && self
                .turn()
                .is_some_and(|t| self.seats()[t].kind == SeatKind::Computer)
            && self.people() > 0
    }

    /// Whether a computer seat decides now and nothing holds it up: a
    /// write, a blocked save, or the table showing what the people at it
    /// look at first (with no person at the table nothing waits for one).
    pub fn computer_due(&self) -> bool {
        // A level's data on its way, or a table held by the people at it.
        let waiting = self.awaiting_level || (self.held && self.people() > 0);
        !self.saving() && self.block.is_none() && !waiting && self.live.computer_to_act().is_some()
    }

    /// Holds the computers while the table shows something to be looked at
    /// before play goes on (a round's summary), or lets them go.
    pub fn hold(&mut self, on: bool) {
        self.held = on;
    }

    /// Holds the computers while a level's data loads (issue 43), or lets
    /// them go; false when nothing changes.
    pub fn await_level(&mut self, on: bool) -> bool {
        let changed = self.awaiting_level != on;
        self.awaiting_level = on;
        changed
    }

    /// Whether the table holds play now.
    pub fn held(&self) -> bool {
        self.held
    }

    /// Takes back the last move of the person who may.
    pub fn undo(&mut self) -> Option<SavedGame> {
        let seat = self.undo_seat()?;
        if self.saving() || self.block.is_some() || !self.live.undo(seat) {
            return None;
        }
        self.skipping = false;
        self.write(Change::Undo)
    }

    /// Switches a seat between person and computer, or its level; a
    /// finished game keeps who played it (its records come from that), and
    /// a guided first game its seats (its steps follow them).
    pub fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level) -> Option<SavedGame> {
        if self.seats_fixed() {
            return None;
        }
        if kind == SeatKind::Computer && self.people_only() {
            return None;
        }
        self.skipping = false;
        // A seat given to the computer is played here.
        if self.live.seats().get(seat).is_some_and(|x| x.remote) {
            self.live.set_remote(seat, false);
        }
        self.live.set_seat(seat, kind, level);
        self.write(Change::Meta)
    }

    /// A person's seat goes to their own phone (an invitation follows), or
    /// comes back to this device: the host takes it over, pass-and-play
    /// style, and can hand it back later (issue 41).
    pub fn set_remote(&mut self, seat: Seat, remote: bool) -> Option<SavedGame> {
        if self.seats_fixed() {
            return None;
        }
        let info = self.live.seats().get(seat).cloned()?;
        if info.remote == remote && (remote || info.kind == SeatKind::Human) {
            return None;
        }
        if info.kind != SeatKind::Human {
            self.live.set_seat(seat, SeatKind::Human, info.level);
        }
        self.skipping = false;
        self.live.set_remote(seat, remote);
        self.broadcast();
        self.write(Change::Meta)
    }

    /// Whether the seats stay as they are: a finished game keeps who
    /// played it, a guided first game its seats.
    pub fn seats_fixed(&self) -> bool {
        self.outcome().is_some() || self.live.lesson()
    }

    /// Whether only people may play (real cards: no computer can hold them,
    /// `rules::Game::people_only`).
    pub fn people_only(&self) -> bool {
        (self.entry.people_only)(&self.live.options())
    }

    /// The person the device was handed to said so.
    pub fn confirm_handover(&mut self, seat: Seat) -> Option<SavedGame> {
        self.meta.confirmed_seat = Some(seat);
        self.holder = Some(seat);
        self.write(Change::Meta)
    }

    /// The game as it is now, as the next revision to write; None while a
    /// write is on its way (this one follows it).
    fn write(&mut self, change: Change) -> Option<SavedGame> {
        if self.writing.is_some() {
            self.queued = true;
            return None;
        }
        self.writing = Some(change);
        let next = self.next();
        // Kept at once, in the tap's own task: the write through the gate
        // takes a few ms, and a page closed meanwhile keeps the move. The
        // stored game holds the moves both share (between two writes moves
        // are only added, or only taken back): the journal, the rest.
        let stored = self
            .meta
            .record
            .get("moves")
            .and_then(|m| m.as_array())
            .map_or(0, Vec::len);
        store::journal_from(&next, stored.min(self.live.moves()));
        Some(next)
    }

    fn next(&self) -> SavedGame {
        let mut next = self.meta.with_record(self.live.record());
        next.outcome = self.live.outcome();
        next.finished = next.outcome.is_some();
        next.turn = self.live.turn();
        next.updated = store::now();
        next
    }

    /// Takes the result of writing what the last call returned: what it
    /// means for the game, and the next write if one queued behind it.
    pub fn written(
        &mut self,
        result: Result<SavedGame, SaveError>,
    ) -> (Written, Option<SavedGame>) {
        let Some(change) = self.writing.take() else {
            return (Written::Nothing, None);
        };
        let written = match result {
            Ok(stored) => {
                // A hand-over confirmed meanwhile stays (the queued write
                // stores it).
                let confirmed = self.meta.confirmed_seat;
                self.meta = stored;
                self.meta.confirmed_seat = confirmed;
                self.unblock();
                Written::Saved(change)
            }
            Err(SaveError::Conflict) => {
                self.reload();
                Written::Reloaded
            }
            Err(SaveError::Gone) => {
                self.block = Some(Block::Gone);
                Written::Gone
            }
            Err(SaveError::Refused | SaveError::Unavailable) => {
                self.block = Some(Block::StorageFull);
                match change {
                    Change::Move { .. } => self.live.retract(),
                    // The stored game still has the move: show that.
                    Change::Undo => {
                        self.reload();
                        self.block = Some(Block::StorageFull);
                    }
                    Change::Meta => {}
                }
                Written::Full
            }
        };
        let saved = matches!(written, Written::Saved(_));
        let again = std::mem::take(&mut self.queued) && saved;
        // A tap kept meanwhile, now on the game as stored (its move's write
        // also stores what was queued).
        let before = self.moves();
        let late = match self.pending.take() {
            Some((seat, pick)) if saved => match self.tap(seat, pick) {
                Tapped::Moved(next, _) => Some(next),
                _ => None,
            },
            _ => None,
        };
        if late.is_some() {
            self.late = Some(before);
            return (written, late);
        }
        // Every phone hears the change (or the game taken from storage);
        // a phone's message kept meanwhile is tried now.
        if saved || matches!(written, Written::Reloaded) {
            self.broadcast();
        }
        if !again {
            if let Some(next) = self.kept_messages() {
                return (written, Some(next));
            }
        }
        let next = again.then(|| self.write(Change::Meta)).flatten();
        (written, next)
    }

    /// The phones' messages kept while a write was on its way or play was
    /// held (`remote`), tried in order once neither is so: after any write
    /// that leaves play free (stored, or the game taken from storage), and
    /// when the player lets moves be tried again. Returns the write of the
    /// first that made a move (the rest wait for it; the moves before it
    /// are `take_late`'s). A phone's hello kept after a write that ended
    /// otherwise than stored waited for a write that a game waiting for
    /// that phone never made (issue 41's rejoin test, once in three runs).
    pub fn kept_messages(&mut self) -> Option<SavedGame> {
        let before = self.moves();
        while self.writing.is_none() && self.block.is_none() && !self.remote_pending.is_empty() {
            let (link, text) = self.remote_pending.remove(0);
            if let Tapped::Moved(next, _) = self.remote(link, text) {
                self.late = Some(before);
                return Some(next);
            }
        }
        None
    }

    /// The moves before the move a kept tap made when a write ended (once).
    pub fn take_late(&mut self) -> Option<usize> {
        self.late.take()
    }

    /// Takes the stored game as the truth (another tab moved on); false if
    /// it is gone or unreadable now.
    pub fn reload(&mut self) -> bool {
        let opened = store::load_game(&self.meta.id)
            .ok()
            .and_then(|saved| Some(((self.entry.open)(saved.record.clone()).ok()?, saved)));
        match opened {
            Some((live, saved)) => {
                self.live = live;
                self.meta = saved;
                self.block = None;
                // A tap kept for the game as it was is not for this one.
                self.pending = None;
                true
            }
            None => {
                self.block = Some(Block::Gone);
                false
            }
        }
    }

    /// Another tab wrote something: reloads if this game's stored revision
    /// moved on (true), or blocks if it was deleted.
    pub fn stored_changed(&mut self) -> bool {
        match store::stored_revision(&self.meta.id) {
            Some(r) if r == self.meta.revision => false,
            Some(_) => self.reload(),
            None => {
                self.block = Some(Block::Gone);
                false
            }
        }
    }

    /// What is said about the move just stored as `change`, and where. In a
    /// game with secrets, nothing the mover was told reaches the live
    /// region behind a hand-over (a failed mark's cell would reach the next
    /// player); the mover still sees on the hand-over screen how the move
    /// ended, in words anyone may read, and the last-move line is always in
    /// those words (a seat switched to a person later brings a hand-over,
    /// and the line stays on screen).
    pub fn told(&self, change: Change) -> Told {
        let Change::Move { human, before, .. } = change else {
            return Told::default();
        };
        type Sentences = Vec<(Locale, Vec<String>)>;
        let sentences = |public: bool| -> Sentences {
            Locale::ALL
                .map(|l| {
                    let said = if public {
                        self.announce_public(change, l)
                    } else {
                        self.announce(change, l)
                    };
                    (l, said)
                })
                .to_vec()
        };
        let joined = |w: &Sentences| -> Vec<(Locale, String)> {
            w.iter().map(|(l, t)| (*l, t.join(" "))).collect()
        };
        let said = |w: &Vec<(Locale, String)>| w.iter().any(|(_, t)| !t.is_empty());
        let secret = self.entry.private_info;
        let hidden = self.hides_secrets();
        let own = sentences(false);
        // Without secrets everyone is told what the mover was.
        let public_sentences = if secret { sentences(true) } else { own.clone() };
        let told = joined(&own);
        let public = secret.then(|| joined(&public_sentences));
        let last_move = (self.seats().len() > 1)
            .then(|| public.clone().unwrap_or(told.clone()))
            .filter(|w| w.iter().all(|(_, t)| !t.is_empty()));
        // The turn's steps: a turn of one move is that move's public words;
        // only a turn begun before it asks for more (a tap spends no more).
        let turn = last_move.as_ref().and(self.turn_start()).map(|from| {
            if from < before {
                Locale::ALL
                    .map(|l| (l, self.live.announce(None, from, l)))
                    .to_vec()
            } else {
                public_sentences.clone()
            }
        });
        Told {
            live: (!hidden && said(&told)).then(|| told.clone()),
            handover: public.filter(|p| hidden && human && said(p)),
            last_move,
            turn,
        }
    }

    /// Where the turn just played began: the first of the moves the last
    /// seat to move made in a row, at the end of the record (None before
    /// the first move).
    pub fn turn_start(&self) -> Option<usize> {
        let n = self.moves();
        let seat = self.live.mover(n.checked_sub(1)?)?;
        let mut from = n - 1;
        while from > 0 && self.live.mover(from - 1) == Some(seat) {
            from -= 1;
        }
        Some(from)
    }

    /// Whether a hand-over screen hides a seat's secrets now: the live
    /// region must then hold nothing the last seat was told.
    pub fn hides_secrets(&self) -> bool {
        self.entry.private_info && self.handover_needed().is_some()
    }

    /// What the result is marked with.
    pub fn marks(&self) -> Marks {
        let options = self.live.options();
        Marks {
            coach: self.live.coach(),
            real_dice: store::table_dice(&options),
            real_cards: store::real_cards(&options),
            lesson: self.in_lesson(),
        }
    }

    /// How many finished games the storage-full notice may delete.
    pub fn finished_games() -> usize {
        store::list_games().iter().filter(|g| g.finished).count()
    }

    /// Makes room as the player chose on the storage-full notice; the next
    /// tap is saved again (or says so once more).
    pub fn free_space(&mut self, what: Free) {
        match what {
            Free::Finished => {
                store::delete_finished();
            }
            Free::Oldest => {
                store::delete_oldest_finished(TRIM);
            }
            Free::Aside => {
                for item in store::aside_items() {
                    store::delete_aside(&item.key);
                }
            }
        }
        self.unblock();
    }

    /// Sentences for the live region about the move written as `change`, as
    /// the seat that made it was told (everyone, for a computer's).
    pub fn announce(&self, change: Change, l: Locale) -> Vec<String> {
        match change {
            Change::Move {
                seat,
                human,
                before,
                ..
            } => self.live.announce(human.then_some(seat), before, l),
            _ => Vec::new(),
        }
    }

    /// A move in the words everyone may read (no seat's secrets): what the
    /// hand-over screen shows of the move just made.
    pub fn announce_public(&self, change: Change, l: Locale) -> Vec<String> {
        match change {
            Change::Move { before, .. } => self.live.announce(None, before, l),
            _ => Vec::new(),
        }
    }

    /// The solo record and the day's best this finished, stored game sets or
    /// stands against, in the game's direction (the lowest score where it
    /// wins). Nothing before it is stored as finished.
    pub fn standing(&self) -> store::Standing {
        if !self.meta.finished {
            return store::Standing::default();
        }
        store::standing(
            &store::Played::of_game(self.entry.id),
            &self.meta.id,
            self.entry.lowest_wins,
        )
    }
}
