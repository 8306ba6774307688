//! Play across phones (issue 41), the host's side, with no web dependency:
//! the device that holds the game (the host) keeps the `Match`; a phone
//! holding a seat (a guest) holds only what that seat may know. The browser's
//! data channel only carries the bytes made and read here.
//!
//! Modelled on boardgame.io's master: moves as data, a player view for
//! secrets, and a master that rejects stale moves.
//!
//! - **Host to guest** (`ToGuest`): a `Frame` with the seat's `view`, the
//!   events it was told since the last frame (`events_for`), the list it may
//!   pick from now, who decides, and the outcome; or the reason a message
//!   was refused. Everything in a frame comes from channels the shared
//!   property test already holds against every hidden fact, and the tests
//!   here hold the bytes themselves against `Verify::hidden_variant`.
//! - **Guest to host** (`ToHost`): `Hello` (a seat's invitation token and
//!   the phone's own id: one invitation, one phone) and `Pick` ("entry k of
//!   the list offered after n moves", the shape the app's session uses for
//!   a tap kept during a write). Anything else is refused with a reason and
//!   changes nothing.
//! - **At once** (R-CH-8): where the rules let players decide the same
//!   thing at the same time (`Game::ahead`), a seat whose turn has not come
//!   picks from its list ahead; the host keeps the pick and plays it when
//!   the turn comes, so the record is the one pass-and-play would make.

use crate::contract::{Game, Outcome, Seat};
use crate::midend::{Match, SeatInfo, SeatKind};
use crate::Playable;
use serde::{Deserialize, Serialize};

pub mod invite;
#[cfg(test)]
mod tests;

/// The largest message a guest may send: a pick or a hello is far smaller.
pub const MAX_TO_HOST: usize = 512;
/// The largest message a guest reads (a whole game's events on a rejoin
/// stay far below it).
pub const MAX_TO_GUEST: usize = 1 << 20;
/// The longest token or phone id a hello may carry.
const MAX_ID: usize = 64;

/// What a guest sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ToHost {
    /// Takes (or takes again, after a drop) the invited seat from this phone.
    Hello {
        seat: Seat,
        token: String,
        phone: String,
    },
    /// Entry `entry` of the list the host offered after `moves` moves.
    Pick { moves: usize, entry: usize },
}

/// What the host sends a guest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", bound = "")]
pub enum ToGuest<G: Game> {
    Frame(Box<Frame<G>>),
    Refused {
        why: Refusal,
    },
    /// Once the game is over: its record, for the phone's own history (the
    /// replay opens what play hid, as on the host). `id` is the host's id
    /// of the game, so a phone told twice keeps it once.
    Finished {
        id: String,
        record: serde_json::Value,
    },
}

/// The game as one seat may know it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Frame<G: Game> {
    pub seat: Seat,
    /// Every seat's name, and whether the computer plays it.
    pub names: Vec<String>,
    pub cpu: Vec<bool>,
    /// Moves played so far.
    pub moves: usize,
    pub view: G::View,
    /// The events of moves `from..moves`, as this seat was told them.
    pub from: usize,
    pub events: Vec<Vec<G::Event>>,
    /// What this seat may pick from now (empty: nothing to decide).
    pub offer: Vec<G::Action>,
    /// The moves played when this list was first offered: the `moves` of a
    /// pick from it.
    pub offer_at: usize,
    /// Whether the list is ahead of this seat's turn (R-CH-8).
    pub ahead: bool,
    /// The seats still deciding now (those ahead included, not those whose
    /// pick waits for their turn).
    pub deciding: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

/// Why the host refused a message; the game is as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// Not a message of this protocol.
    Malformed,
    /// Longer than any message of this protocol.
    TooLarge,
    /// No seat of this number is played on another phone.
    NoSuchSeat,
    /// The invitation is not this seat's (or was replaced).
    WrongToken,
    /// The invitation is taken by another phone.
    SeatTaken,
    /// A pick before a hello.
    NotJoined,
    /// The seat has nothing to decide now (another seat's turn, or its pick
    /// is in).
    NotYourDecision,
    /// The list picked from is no longer the one on offer.
    Stale,
    /// The list has no such entry.
    NoSuchEntry,
    GameOver,
}

/// A connection as the host's transport numbers it.
pub type Link = u64;

/// A seat played on another phone.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Remote {
    token: String,
    /// The phone that took it first; only it may take it again.
    phone: Option<String>,
    /// The connection it is on now; None while away.
    link: Option<Link>,
    /// Events sent up to (a rejoin starts again from 0).
    told: usize,
}

/// The list a seat may pick from, as last offered.
#[derive(Debug, Clone, PartialEq)]
struct Offer<A> {
    at: usize,
    list: Vec<A>,
    ahead: bool,
}

/// The host's side of a game across phones: which seats are on other phones
/// and on which connection, the lists offered, and the picks made ahead of
/// their turn. The `Match` stays the host's, passed in, so the host's own
/// moves (its own seat, computers, a take-back) take their usual way.
#[derive(Debug, Clone)]
pub struct Host<G: Game> {
    remote: Vec<Option<Remote>>,
    offers: Vec<Offer<G::Action>>,
    /// A pick made ahead of its seat's turn (R-CH-8).
    queued: Vec<Option<G::Action>>,
}

/// What a guest's message did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Took {
    /// A hello: the seat is on this connection now.
    Joined(Seat),
    /// A pick: `played` moves were played (0 while it waits for its turn).
    Picked { seat: Seat, played: usize },
}

impl<G: Playable> Host<G> {
    /// No seat on another phone yet.
    pub fn new(m: &Match<G>) -> Self {
        let n = m.seats().len();
        let mut host = Self {
            remote: vec![None; n],
            offers: (0..n)
                .map(|_| Offer {
                    at: 0,
                    list: Vec::new(),
                    ahead: false,
                })
                .collect(),
            queued: vec![None; n],
        };
        host.reoffer(m);
        host
    }

    /// Invites a phone to `seat` with a fresh `token` (the host draws it):
    /// an earlier invitation of the seat, and the phone that held it, no
    /// longer count.
    pub fn invite(&mut self, seat: Seat, token: String) {
        if let Some(r) = self.remote.get_mut(seat) {
            *r = Some(Remote {
                token,
                phone: None,
                link: None,
                told: 0,
            });
        }
    }

    /// The seat is played on the host again (the host took it over).
    pub fn take_over(&mut self, seat: Seat) {
        if let Some(r) = self.remote.get_mut(seat) {
            *r = None;
        }
        if let Some(q) = self.queued.get_mut(seat) {
            *q = None;
        }
    }

    /// The seats on other phones, with the connection each is on (None:
    /// away).
    pub fn remote_seats(&self) -> Vec<(Seat, Option<Link>)> {
        self.remote
            .iter()
            .enumerate()
            .filter_map(|(s, r)| r.as_ref().map(|r| (s, r.link)))
            .collect()
    }

    /// A connection closed: its seat is away until the phone comes back.
    pub fn dropped(&mut self, link: Link) {
        for r in self.remote.iter_mut().flatten() {
            if r.link == Some(link) {
                r.link = None;
            }
        }
    }

    /// The seat on `link`, if one.
    pub fn seat_of(&self, link: Link) -> Option<Seat> {
        self.remote
            .iter()
            .position(|r| r.as_ref().is_some_and(|r| r.link == Some(link)))
    }

    /// The seats still deciding now.
    pub fn deciding(&self) -> Vec<Seat> {
        (0..self.offers.len())
            .filter(|&s| !self.offers[s].list.is_empty())
            .collect()
    }

    /// The list `seat` may pick from now.
    pub fn offer(&self, seat: Seat) -> &[G::Action] {
        self.offers.get(seat).map_or(&[], |o| &o.list)
    }

    /// Whether `seat` may pick now ahead of its turn (R-CH-8): the host's
    /// own seats pick ahead through `pick` too, as a phone does.
    pub fn is_ahead(&self, seat: Seat) -> bool {
        self.offers
            .get(seat)
            .is_some_and(|o| o.ahead && !o.list.is_empty())
    }

    /// The moves played when `seat`'s list was first offered: the `moves`
    /// of a pick from it.
    pub fn offer_at(&self, seat: Seat) -> usize {
        self.offers.get(seat).map_or(0, |o| o.at)
    }

    /// After any move (a guest's, the host's own, a computer's, a
    /// take-back): the lists on offer anew, and the picks made ahead whose
    /// turn came played. Returns how many moves that played.
    pub fn refresh(&mut self, m: &mut Match<G>) -> usize {
        let mut played = 0;
        loop {
            // A pick made ahead that no longer stands (a take-back changed
            // its list) is dropped: the seat is asked again.
            for s in 0..self.queued.len() {
                if let Some(a) = &self.queued[s] {
                    let (list, _) = offer_of(m.state(), s, &vec![None; self.queued.len()]);
                    if !list.contains(a) {
                        self.queued[s] = None;
                    }
                }
            }
            let Some(&first) = m.state().to_act().first() else {
                break;
            };
            let Some(a) = self.queued.get_mut(first).and_then(Option::take) else {
                break;
            };
            if m.apply(first, a).is_err() {
                break;
            }
            played += 1;
        }
        self.reoffer(m);
        played
    }

    /// The lists on offer as the game stands.
    fn reoffer(&mut self, m: &Match<G>) {
        let state = m.state();
        let moves = m.record().moves.len();
        for s in 0..self.offers.len() {
            let (list, ahead) = offer_of(state, s, &self.queued);
            // A list that stays the same keeps its number, so a pick made
            // from it while others played (R-CH-8) still stands.
            let o = &mut self.offers[s];
            if o.list != list {
                o.at = moves;
                o.list = list;
            }
            o.ahead = ahead;
        }
    }

    /// Reads a guest's message from `link` and does it, or says why not
    /// (the game and the host as they were).
    pub fn receive(&mut self, m: &mut Match<G>, link: Link, bytes: &[u8]) -> Result<Took, Refusal> {
        if bytes.len() > MAX_TO_HOST {
            return Err(Refusal::TooLarge);
        }
        let msg: ToHost = serde_json::from_slice(bytes).map_err(|_| Refusal::Malformed)?;
        match msg {
            ToHost::Hello { seat, token, phone } => self.hello(link, seat, &token, &phone),
            ToHost::Pick { moves, entry } => {
                let seat = self.seat_of(link).ok_or(Refusal::NotJoined)?;
                self.pick(m, seat, moves, entry)
            }
        }
    }

    fn hello(&mut self, link: Link, seat: Seat, token: &str, phone: &str) -> Result<Took, Refusal> {
        if token.len() > MAX_ID || phone.is_empty() || phone.len() > MAX_ID {
            return Err(Refusal::Malformed);
        }
        let r = self
            .remote
            .get(seat)
            .and_then(Option::as_ref)
            .ok_or(Refusal::NoSuchSeat)?;
        if r.token != token {
            return Err(Refusal::WrongToken);
        }
        if r.phone.as_deref().is_some_and(|p| p != phone) {
            return Err(Refusal::SeatTaken);
        }
        // One connection per phone: the seat's old one (a reload) is
        // replaced, and this connection holds no other seat.
        self.dropped(link);
        if let Some(r) = self.remote[seat].as_mut() {
            r.phone = Some(phone.to_string());
            r.link = Some(link);
            r.told = 0;
        }
        Ok(Took::Joined(seat))
    }

    /// `seat` picks entry `entry` of the list offered after `moves` moves.
    pub fn pick(
        &mut self,
        m: &mut Match<G>,
        seat: Seat,
        moves: usize,
        entry: usize,
    ) -> Result<Took, Refusal> {
        if m.state().is_over() {
            return Err(Refusal::GameOver);
        }
        let offer = self.offers.get(seat).ok_or(Refusal::NoSuchSeat)?;
        if offer.list.is_empty() {
            return Err(Refusal::NotYourDecision);
        }
        if offer.at != moves {
            return Err(Refusal::Stale);
        }
        let action = offer.list.get(entry).ok_or(Refusal::NoSuchEntry)?.clone();
        let played = if offer.ahead {
            self.queued[seat] = Some(action);
            self.refresh(m)
        } else {
            m.apply(seat, action).map_err(|_| Refusal::Stale)?;
            1 + self.refresh(m)
        };
        Ok(Took::Picked { seat, played })
    }

    /// The frame for the phone on `seat` now, as bytes; what it was told is
    /// remembered, so the next frame carries only newer events.
    pub fn frame(&mut self, m: &Match<G>, seat: Seat) -> Vec<u8> {
        let moves = m.record().moves.len();
        let from = self
            .remote
            .get(seat)
            .and_then(Option::as_ref)
            .map_or(0, |r| r.told.min(moves));
        let bytes = frame_bytes(
            m.state(),
            m.seats(),
            seat,
            Told {
                moves,
                from,
                events: m.events_for(Some(seat), from),
            },
            &self.offers[seat],
            &self.queued,
        );
        if let Some(r) = self.remote.get_mut(seat).and_then(Option::as_mut) {
            r.told = moves;
        }
        bytes
    }

    /// The reason of a refusal as bytes for the guest.
    pub fn refusal(why: Refusal) -> Vec<u8> {
        refusal_bytes(why)
    }
}

/// What `seat` may pick from in `state`: its legal list on its turn, the
/// list ahead of its turn where the rules let it decide at once (R-CH-8),
/// nothing once its pick waits in `queued`.
fn offer_of<G: Game>(
    state: &G,
    seat: Seat,
    queued: &[Option<G::Action>],
) -> (Vec<G::Action>, bool) {
    if queued.get(seat).is_some_and(Option::is_some) || state.is_over() {
        return (Vec::new(), false);
    }
    if state.to_act().first() == Some(&seat) {
        return (state.legal_actions(seat), false);
    }
    let ahead = state.ahead(seat);
    let is_ahead = !ahead.is_empty();
    (ahead, is_ahead)
}

/// What a seat is told in a frame: the moves so far, and the events of
/// moves `from..moves` as it was told them.
struct Told<G: Game> {
    moves: usize,
    from: usize,
    events: Vec<Vec<G::Event>>,
}

/// A frame as bytes, from the state and the events as `seat` was told them:
/// a function of what the seat may know only (the tests hold it to that).
fn frame_bytes<G: Game>(
    state: &G,
    seats: &[SeatInfo],
    seat: Seat,
    told: Told<G>,
    offer: &Offer<G::Action>,
    queued: &[Option<G::Action>],
) -> Vec<u8> {
    let Told {
        moves,
        from,
        events,
    } = told;
    let deciding = (0..queued.len())
        .filter(|&s| !offer_of(state, s, queued).0.is_empty())
        .collect();
    let frame = Frame::<G> {
        seat,
        names: seats.iter().map(|s| s.name.clone()).collect(),
        cpu: seats.iter().map(|s| s.kind == SeatKind::Computer).collect(),
        moves,
        view: state.view(Some(seat)),
        from,
        events,
        offer: offer.list.clone(),
        offer_at: offer.at,
        ahead: offer.ahead,
        deciding,
        outcome: state.outcome(),
    };
    serde_json::to_vec(&ToGuest::Frame(Box::new(frame))).expect("a frame serializes")
}

/// The reason of a refusal as bytes for the guest, whatever the game
/// (`ToGuest::Refused`).
pub fn refusal_bytes(why: Refusal) -> Vec<u8> {
    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Out {
        Refused { why: Refusal },
    }
    serde_json::to_vec(&Out::Refused { why }).expect("a refusal serializes")
}

/// A guest reads the host's message: a frame or a refusal, or None for
/// bytes that are neither (too long, or not of this protocol).
pub fn read<G: Game>(bytes: &[u8]) -> Option<ToGuest<G>> {
    if bytes.len() > MAX_TO_GUEST {
        return None;
    }
    serde_json::from_slice(bytes).ok()
}

/// The finished game's record as bytes for the phones, None while the game
/// goes on: nothing of the record (the seed least of all) leaves the host
/// before the end.
pub fn finished_bytes<G: Playable>(m: &Match<G>, id: &str) -> Option<Vec<u8>> {
    if !m.state().is_over() {
        return None;
    }
    let record = serde_json::to_value(m.record()).ok()?;
    serde_json::to_vec(&ToGuest::<G>::Finished {
        id: id.to_string(),
        record,
    })
    .ok()
}

/// A guest's pick as bytes: entry `entry` of the frame's list.
pub fn pick_bytes(moves: usize, entry: usize) -> Vec<u8> {
    serde_json::to_vec(&ToHost::Pick { moves, entry }).expect("a pick serializes")
}

/// A guest's hello as bytes.
pub fn hello_bytes(seat: Seat, token: &str, phone: &str) -> Vec<u8> {
    serde_json::to_vec(&ToHost::Hello {
        seat,
        token: token.to_string(),
        phone: phone.to_string(),
    })
    .expect("a hello serializes")
}
