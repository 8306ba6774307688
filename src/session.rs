//! One game in play, headless (the midend's app half): it applies what a
//! table sends or a computer seat decides, decides whose tap counts (the one
//! place that does), writes every change as the next revision with the
//! cross-tab check (`storage::commit`), settles a conflict with another tab,
//! takes moves back, and gives the solo and daily records in the game's
//! direction. It draws nothing: `crate::host` renders it, and the
//! wasm-bindgen tier tests it without a page.
//!
//! A write is asynchronous (a few ms): `act`, `computer`, `undo`, `set_seat`
//! and `confirm_handover` return the `SavedGame` to write (or None), the
//! caller awaits `storage::commit` and hands the result to `written`. While a
//! write is on its way, taps and computer moves count for nothing, and a
//! change of seats or a confirmed hand-over queues behind it.

use crate::i18n::*;
use crate::storage::{self, SaveError, SavedGame};
use crate::table::{Entry, Live, Pick, Sent, Text};
use rules::{Level, Outcome, Seat, SeatInfo, SeatKind};

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
    entry: Entry,
    live: Box<dyn Live>,
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
    pending: Option<(Seat, Sent)>,
    /// A kept tap made a move when a write ended: the moves before it.
    late: Option<usize>,
}

impl Session {
    /// Opens a saved game: replays its record, or says why it cannot be used.
    pub fn open(entry: Entry, saved: SavedGame) -> Result<Session, Text> {
        let live = (entry.open)(saved.record.clone())?;
        Ok(Session {
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

    pub fn entry(&self) -> Entry {
        self.entry
    }

    pub fn live(&self) -> &dyn Live {
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
    pub fn human_to_act(&self) -> Option<Seat> {
        let first = self.live.to_act().first().copied()?;
        (self.live.seats()[first].kind == SeatKind::Human).then_some(first)
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
            .filter(|x| x.kind == SeatKind::Human)
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
    /// before their controls answer. Only when the device changes hands
    /// (another person decides than the one who tapped last), and not where
    /// the hand-over screen is that moment already: after a computer's turn
    /// the same player keeps the device, and their next tap counts.
    pub fn moment_after(&self) -> Option<Seat> {
        let now = self.human_to_act()?;
        (self.handover_needed().is_none() && self.last_person != Some(now)).then_some(now)
    }

    /// The person who may take back their last decision now (R-G-4: the
    /// rules decide, reaching back over computer moves that revealed
    /// nothing; never once the game is over).
    pub fn undo_seat(&self) -> Option<Seat> {
        let s = self.live.can_undo()?;
        (self.live.seats()[s].kind == SeatKind::Human).then_some(s)
    }

    /// A tap of the acting seat (`acting`, without the moment, which the
    /// host already applied): the write to make, None if it counts for
    /// nothing now (the list moved on) or waits for the write on its way
    /// (`written` tries it then), or the rules' refusal.
    pub fn act(&mut self, seat: Seat, sent: Sent) -> Result<Option<SavedGame>, Text> {
        if self.acting(false) != Some(seat) {
            return Ok(None);
        }
        if self.saving() {
            if let Sent::Refused(why) = sent {
                return Err(why);
            }
            // Only the person who tapped last keeps the device: for anyone
            // else the turn moment comes first (`moment_after`), and a
            // finger still on the last button spends nothing.
            if self.last_person == Some(seat) {
                self.pending = Some((seat, sent));
            }
            return Ok(None);
        }
        let pick = match sent {
            Sent::Legal { moves, index } => Pick::Legal { moves, index },
            Sent::Faces { moves, faces } => Pick::Faces { moves, faces },
            Sent::Refused(why) => return Err(why),
        };
        let turn = self.turn();
        let before = self.moves();
        if !self.live.apply(seat, pick) {
            return Ok(None);
        }
        self.last_person = Some(seat);
        self.holder = Some(seat);
        Ok(self.write(Change::Move {
            seat,
            human: true,
            before,
            turn,
        }))
    }

    /// The computer's move for the seat that decides now, if the computer
    /// plays it and the game is still after `moves` moves.
    pub fn computer(&mut self, moves: usize) -> Option<SavedGame> {
        if self.saving() || self.block.is_some() || self.moves() != moves {
            return None;
        }
        let seat = self.live.computer_to_act()?;
        let turn = self.turn();
        if !self.live.apply(seat, Pick::Computer) {
            return None;
        }
        self.write(Change::Move {
            seat,
            human: false,
            before: moves,
            turn,
        })
    }

    /// Whether a computer seat decides now and nothing holds it up.
    pub fn computer_due(&self) -> bool {
        !self.saving() && self.block.is_none() && self.live.computer_to_act().is_some()
    }

    /// Takes back the last move of the person who may.
    pub fn undo(&mut self) -> Option<SavedGame> {
        let seat = self.undo_seat()?;
        if self.saving() || self.block.is_some() || !self.live.undo(seat) {
            return None;
        }
        self.write(Change::Undo)
    }

    /// Switches a seat between person and computer, or its level; a
    /// finished game keeps who played it (its records come from that), and
    /// a guided first game its seats (its steps follow them).
    pub fn set_seat(&mut self, seat: Seat, kind: SeatKind, level: Level) -> Option<SavedGame> {
        if self.outcome().is_some() || self.live.lesson() {
            return None;
        }
        self.live.set_seat(seat, kind, level);
        self.write(Change::Meta)
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
        // takes a few ms, and a page closed meanwhile keeps the move.
        storage::journal(&next);
        Some(next)
    }

    fn next(&self) -> SavedGame {
        let mut next = self.meta.with_record(self.live.record());
        next.outcome = self.live.outcome();
        next.finished = next.outcome.is_some();
        next.turn = self.live.turn();
        next.updated = storage::now();
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
            Some((seat, sent)) if saved => self.act(seat, sent).ok().flatten(),
            _ => None,
        };
        if late.is_some() {
            self.late = Some(before);
            return (written, late);
        }
        let next = again.then(|| self.write(Change::Meta)).flatten();
        (written, next)
    }

    /// The moves before the move a kept tap made when a write ended (once).
    pub fn take_late(&mut self) -> Option<usize> {
        self.late.take()
    }

    /// Takes the stored game as the truth (another tab moved on); false if
    /// it is gone or unreadable now.
    pub fn reload(&mut self) -> bool {
        let opened = storage::load_game(&self.meta.id)
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
        match storage::stored_revision(&self.meta.id) {
            Some(r) if r == self.meta.revision => false,
            Some(_) => self.reload(),
            None => {
                self.block = Some(Block::Gone);
                false
            }
        }
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
    pub fn standing(&self) -> storage::Standing {
        if !self.meta.finished {
            return storage::Standing::default();
        }
        storage::standing(
            &storage::Played::of_game(self.entry.id),
            &self.meta.id,
            self.entry.lowest_wins,
        )
    }
}
