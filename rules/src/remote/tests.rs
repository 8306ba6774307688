//! The host and its guests over an in-memory transport (issue 41): whole
//! games of every game with a phone on every seat but the host's own, picks
//! made at once where the rules allow it (R-CH-8), drops and rejoins at
//! random points, every kind of refusal, the bytes each seat receives held
//! against every hidden fact, and the record the one pass-and-play makes.

use super::*;
use crate::driver::{play_to_end, Check, Policy};
use crate::registry::{ids, visit, Visit};
use crate::rng::Rng;
use crate::{Level, Move};
use std::cell::Cell;

thread_local! {
    /// Frames held against another state the seat cannot tell apart.
    static VARIANTS: Cell<usize> = const { Cell::new(0) };
}

/// A phone on one seat: what it was told, and the moves its player will
/// make (the pass-and-play game's, in order).
struct Guest<G: Game> {
    seat: Seat,
    link: Option<Link>,
    phone: String,
    token: String,
    frame: Option<Frame<G>>,
    /// The events told so far, frame by frame.
    log: Vec<Vec<G::Event>>,
    plan: Vec<G::Action>,
    next: usize,
}

/// The host's bytes for `seat` must be the same in every state the seat
/// cannot tell from this one: they carry no hidden fact.
fn check_bytes<G: Playable>(host: &Host<G>, m: &Match<G>, seat: Seat, bytes: &[u8], rng: &mut Rng) {
    let moves = m.record().moves.len();
    let frame = match read::<G>(bytes) {
        Some(ToGuest::Frame(f)) => f,
        other => panic!("{}: seat {seat} got {other:?}, not a frame", G::ID),
    };
    assert_eq!(frame.moves, moves);
    for _ in 0..2 {
        let Some(other) = m.state().hidden_variant(Some(seat), rng.next_u64()) else {
            return;
        };
        VARIANTS.with(|v| v.set(v.get() + 1));
        let again = frame_bytes(
            &other,
            m.seats(),
            seat,
            Told {
                moves,
                from: frame.from,
                events: m.events_for(Some(seat), frame.from),
            },
            &host.offers[seat],
            &host.queued,
        );
        // The offer is the host's memory of what it sent: it must be what
        // the other state offers too.
        let (list, _) = offer_of(&other, seat, &host.queued);
        assert_eq!(
            list,
            host.offers[seat].list,
            "{}: seat {seat}'s list tells a hidden fact",
            G::ID
        );
        assert!(
            again == bytes,
            "{}: the bytes to seat {seat} after {moves} moves tell a hidden fact",
            G::ID
        );
    }
}

/// Sends `seat` its frame now (if its phone is connected) and lets the
/// phone read it.
fn deliver<G: Playable>(host: &mut Host<G>, m: &Match<G>, g: &mut Guest<G>, rng: &mut Rng) {
    if g.link.is_none() {
        return;
    }
    let bytes = host.frame(m, g.seat);
    assert!(bytes.len() < MAX_TO_GUEST);
    check_bytes(host, m, g.seat, &bytes, rng);
    let Some(ToGuest::Frame(f)) = read::<G>(&bytes) else {
        unreachable!()
    };
    // Nothing lost or doubled: each frame goes on from the last.
    if f.from == 0 {
        g.log.clear();
    }
    assert_eq!(
        f.from,
        g.log.len(),
        "{}: seat {} missed events",
        G::ID,
        g.seat
    );
    g.log.extend(f.events.iter().cloned());
    g.frame = Some(*f);
}

/// The phone on `g` says hello on a new connection and reads its frame.
fn rejoin<G: Playable>(
    host: &mut Host<G>,
    m: &mut Match<G>,
    g: &mut Guest<G>,
    next_link: &mut Link,
    rng: &mut Rng,
) {
    let link = *next_link;
    *next_link += 1;
    let hello = hello_bytes(g.seat, &g.token, &g.phone);
    assert_eq!(host.receive(m, link, &hello), Ok(Took::Joined(g.seat)));
    g.link = Some(link);
    deliver(host, m, g, rng);
}

/// A message from `link` the host must refuse with `why`, changing nothing.
fn refused<G: Playable>(
    host: &mut Host<G>,
    m: &mut Match<G>,
    link: Link,
    bytes: &[u8],
    why: Refusal,
) {
    let (record, offers, queued) = (m.record().clone(), host.offers.clone(), host.queued.clone());
    assert_eq!(
        host.receive(m, link, bytes),
        Err(why),
        "{}: {}",
        G::ID,
        String::from_utf8_lossy(bytes)
    );
    assert_eq!(
        m.record(),
        &record,
        "{}: a refused message changed the game",
        G::ID
    );
    assert!(host.offers == offers && host.queued == queued);
    // The guest reads the reason.
    assert!(
        matches!(read::<G>(&Host::<G>::refusal(why)), Some(ToGuest::Refused { why: w }) if w == why)
    );
}

/// One game across phones: the seats' moves from a pass-and-play game of
/// the same seed, picked at random moments, seat 0 on the host when
/// `host_seat`. Returns how many refusals, picks ahead of a turn and drops
/// it tried.
fn across_phones<G: Playable>(i: u64, seats: usize, host_seat: bool) -> [usize; 3] {
    let policies: Vec<Policy> = (0..seats)
        .map(|s| match (i + s as u64) % 3 {
            0 => Policy::Level(Level::Strong),
            1 => Policy::Level(Level::Casual),
            _ => Policy::Random,
        })
        .collect();
    let options = G::Options::default();
    let reference = play_to_end::<G>(&policies, &options, 100 + i, i, 1_000_000, Check::None)
        .unwrap_or_else(|e| panic!("{} game {i}: {e:?}", G::ID));
    let record = reference.record().clone();
    let mut m = Match::<G>::new(record.seats.clone(), options, record.seed).unwrap();
    let mut host = Host::new(&m);
    assert!(
        finished_bytes(&m, "g1").is_none(),
        "no record before the end"
    );
    let mut rng = Rng::new(i ^ 0x5eed);
    let plan = |s: Seat| -> Vec<G::Action> {
        record
            .moves
            .iter()
            .filter(|mv| mv.seat == s)
            .map(|mv| mv.action.clone())
            .collect()
    };
    let first_guest = usize::from(host_seat);
    let mut next_link: Link = 1;
    let mut guests: Vec<Guest<G>> = (first_guest..seats)
        .map(|s| Guest {
            seat: s,
            link: None,
            phone: format!("phone-{s}"),
            token: format!("t{i}-{s}-{}", rng.next_u64()),
            frame: None,
            log: Vec::new(),
            plan: plan(s),
            next: 0,
        })
        .collect();
    let mut own_next = 0;
    let own_plan = plan(0);
    // The invitations, then each phone says hello.
    for g in &guests {
        host.invite(g.seat, g.token.clone());
    }
    for g in guests.iter_mut() {
        rejoin(&mut host, &mut m, g, &mut next_link, &mut rng);
    }
    let (mut refusals, mut ahead, mut drops) = (0, 0, 0);
    for _step in 0..200_000 {
        if m.state().is_over() {
            break;
        }
        let roll = rng.below(100);
        // A phone drops (its screen goes off), or one that dropped comes back.
        if roll < 4 {
            let k = rng.below(guests.len() as u64) as usize;
            let g = &mut guests[k];
            match g.link {
                Some(link) => {
                    drops += 1;
                    host.dropped(link);
                    g.link = None;
                    g.frame = None;
                }
                None => rejoin(&mut host, &mut m, g, &mut next_link, &mut rng),
            }
            continue;
        }
        // Something the host must refuse, of every kind.
        if roll < 12 {
            let k = rng.below(guests.len() as u64) as usize;
            let g = &guests[k];
            let stranger = next_link;
            next_link += 1;
            match rng.below(8) {
                0 => refused(
                    &mut host,
                    &mut m,
                    stranger,
                    b"{\"pick\":",
                    Refusal::Malformed,
                ),
                1 => refused(
                    &mut host,
                    &mut m,
                    stranger,
                    &vec![b' '; MAX_TO_HOST + 1],
                    Refusal::TooLarge,
                ),
                2 => refused(
                    &mut host,
                    &mut m,
                    stranger,
                    &pick_bytes(0, 0),
                    Refusal::NotJoined,
                ),
                3 => refused(
                    &mut host,
                    &mut m,
                    stranger,
                    &hello_bytes(g.seat, "not-it", "phone-x"),
                    Refusal::WrongToken,
                ),
                // The same invitation on a second phone.
                4 => refused(
                    &mut host,
                    &mut m,
                    stranger,
                    &hello_bytes(g.seat, &g.token, "phone-x"),
                    Refusal::SeatTaken,
                ),
                5 => refused(
                    &mut host,
                    &mut m,
                    stranger,
                    &hello_bytes(seats + 3, &g.token, &g.phone),
                    Refusal::NoSuchSeat,
                ),
                6 | 7 => {
                    let (Some(link), Some(f)) = (g.link, g.frame.as_ref()) else {
                        continue;
                    };
                    let now = &host.offers[g.seat];
                    let (bytes, why) = if now.list.is_empty() {
                        // Another seat's turn, or its pick is in.
                        (pick_bytes(f.offer_at, 0), Refusal::NotYourDecision)
                    } else if rng.below(2) == 0 {
                        (
                            pick_bytes(now.at, now.list.len() + rng.below(3) as usize),
                            Refusal::NoSuchEntry,
                        )
                    } else {
                        (
                            pick_bytes(now.at + 1 + rng.below(5) as usize, 0),
                            Refusal::Stale,
                        )
                    };
                    refused(&mut host, &mut m, link, &bytes, why);
                }
                _ => unreachable!(),
            }
            refusals += 1;
            continue;
        }
        // Who may decide: the host's own seat on its turn, and every phone
        // whose frame offers a list (several at once under R-CH-8).
        let mut may: Vec<Option<usize>> = guests
            .iter()
            .enumerate()
            .filter(|(_, g)| {
                g.link.is_some() && g.frame.as_ref().is_some_and(|f| !f.offer.is_empty())
            })
            .map(|(k, _)| Some(k))
            .collect();
        if host_seat && m.state().to_act().first() == Some(&0) {
            may.push(None);
        }
        if may.is_empty() {
            // Every seat that decides is away: one comes back.
            let g = guests
                .iter_mut()
                .find(|g| g.link.is_none())
                .unwrap_or_else(|| {
                    panic!("{} game {i}: nobody may decide and nobody is away", G::ID)
                });
            rejoin(&mut host, &mut m, g, &mut next_link, &mut rng);
            continue;
        }
        match may[rng.below(may.len() as u64) as usize] {
            None => {
                // The host's own player taps on the host: its usual way.
                let a = own_plan[own_next].clone();
                own_next += 1;
                m.apply(0, a).unwrap();
                host.refresh(&mut m);
            }
            Some(k) => {
                let g = &mut guests[k];
                let f = g.frame.as_ref().unwrap();
                let want = &g.plan[g.next];
                let entry = f.offer.iter().position(|a| a == want).unwrap_or_else(|| {
                    panic!(
                        "{} game {i}: seat {} is not offered its move {want:?}",
                        G::ID,
                        g.seat
                    )
                });
                let bytes = pick_bytes(f.offer_at, entry);
                let took = host.receive(&mut m, g.link.unwrap(), &bytes);
                assert!(
                    matches!(took, Ok(Took::Picked { seat, .. }) if seat == g.seat),
                    "{}: {took:?}",
                    G::ID
                );
                ahead += usize::from(f.ahead);
                g.next += 1;
            }
        }
        for g in guests.iter_mut() {
            deliver(&mut host, &m, g, &mut rng);
        }
    }
    assert!(m.state().is_over(), "{} game {i}: not over", G::ID);
    // At the end, and only then, the phones get the record for their own
    // history: it replays to the same outcome.
    let bytes = finished_bytes(&m, "g1").expect("the record, once over");
    let Some(ToGuest::Finished { id, record: kept }) = read::<G>(&bytes) else {
        panic!("{}: not a finished game's message", G::ID)
    };
    assert_eq!(id, "g1");
    let told: crate::midend::Record<G> = serde_json::from_value(kept).unwrap();
    let again = Match::<G>::replay(told).unwrap();
    assert_eq!(again.state().outcome(), m.state().outcome());
    // The host's record is the one pass-and-play made, move for move.
    let got: &Vec<Move<G::Action>> = &m.record().moves;
    assert_eq!(got, &record.moves, "{} game {i}: the record differs", G::ID);
    assert_eq!(m.state().outcome(), reference.state().outcome());
    // Every phone, back at the end, was told exactly its seat's events.
    for g in guests.iter_mut() {
        if g.link.is_none() {
            rejoin(&mut host, &mut m, g, &mut next_link, &mut rng);
        }
        deliver(&mut host, &m, g, &mut rng);
        assert_eq!(
            g.log,
            m.events_for(Some(g.seat), 0),
            "{}: seat {}'s events",
            G::ID,
            g.seat
        );
        assert_eq!(g.frame.as_ref().unwrap().outcome, m.state().outcome());
    }
    [refusals, ahead, drops]
}

struct AcrossPhones(u64);

impl Visit for AcrossPhones {
    type Out = ([usize; 3], bool);
    fn visit<G: Playable>(self) -> Self::Out {
        let mut total = [0; 3];
        for i in 0..self.0 {
            let span = (G::MAX_SEATS.min(5) - G::MIN_SEATS.max(2)) as u64 + 1;
            let seats = G::MIN_SEATS.max(2) + (i % span) as usize;
            let got = across_phones::<G>(i, seats, i % 2 == 1);
            for k in 0..3 {
                total[k] += got[k];
            }
        }
        (total, G::PRIVATE_INFO)
    }
}

#[test]
fn whole_games_of_every_game_across_phones_make_pass_and_plays_record_and_tell_no_secret() {
    let mut picked_ahead = 0;
    for id in ids() {
        VARIANTS.with(|v| v.set(0));
        let ([refusals, ahead, drops], private) = visit(id, AcrossPhones(12)).unwrap();
        let variants = VARIANTS.with(Cell::get);
        assert!(
            refusals > 20 && drops > 5,
            "{id}: {refusals} refusals, {drops} drops"
        );
        picked_ahead += ahead;
        // Every game with secrets, or dice to come, had its bytes held
        // against other states.
        assert!(
            variants > 100 || !private,
            "{id}: {variants} frames held against a variant"
        );
        eprintln!("{id}: {refusals} refusals, {ahead} picks ahead, {drops} drops, {variants} frames against a variant");
    }
    // R-CH-8: a game lets players decide one thing at once, and their picks
    // made ahead of a turn were played as pass-and-play plays them.
    assert!(picked_ahead > 0, "no pick was made ahead of its turn");
}
