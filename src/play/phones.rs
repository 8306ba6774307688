//! Play across phones (issue 41) on screen. The host's part of the play
//! screen (`Invitations`): an invitation for each seat played on another
//! phone, the field for that phone's answer, each seat's connection, and the
//! frames sent after every change. The phone's part (`Join`, at `/join`):
//! the invitation read, the answer shown, and the game's own table drawn
//! from the frames its seat receives. The host decides everything
//! (`rules::remote`); a phone never holds the game.

use crate::contract::{GameEntry, GuestGame, Received};
use crate::games;
use crate::i18n::Text;
use crate::i18n::*;
use crate::platform::link::{LinkEvent, Peer};
use crate::play::session::Session;
use leptos::prelude::*;
use rules::remote::invite::{Code, CodeError, Role};
use rules::remote::{hello_bytes, Link, Refusal};
use rules::Seat;
use std::rc::Rc;

/// Whether the page was opened with the test switch `?candidates=loopback`:
/// its own codes then carry 127.0.0.1 for every candidate (issue 41).
/// The switch holds for the tab once seen (`crate::app` notes it at start,
/// before the app's own navigation drops the query).
fn loopback() -> bool {
    let w = web_sys::window();
    let here = w
        .as_ref()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|s| s.contains("candidates=loopback"));
    here || w
        .and_then(|w| w.session_storage().ok().flatten())
        .and_then(|s| s.get_item(LOOPBACK_KEY).ok().flatten())
        .is_some_and(|v| v == "loopback")
}

/// Where the tab keeps the test switch.
pub const LOOPBACK_KEY: &str = "spielblock.candidates";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a code cannot be used, in the player's words.
pub fn code_error(e: CodeError) -> Text {
    Text::new(move |l| match e {
        CodeError::Empty => td_string!(l, code_empty).to_string(),
        CodeError::TooLong | CodeError::NotACode => td_string!(l, code_not).to_string(),
        CodeError::Truncated => td_string!(l, code_truncated).to_string(),
        CodeError::Version => td_string!(l, code_version).to_string(),
        CodeError::Incomplete => td_string!(l, code_incomplete).to_string(),
    })
}

/// Reads a pasted code: what it carries, or why it cannot be used.
fn read_code(text: &str) -> Result<Code, Text> {
    Code::read(text).map_err(code_error)
}

/// What the host refused, in the phone player's words.
fn refusal_text(why: Refusal) -> Text {
    Text::new(move |l| match why {
        Refusal::Malformed | Refusal::TooLarge => td_string!(l, refused_malformed).to_string(),
        Refusal::NoSuchSeat | Refusal::WrongToken => td_string!(l, refused_invitation).to_string(),
        Refusal::SeatTaken => td_string!(l, refused_taken).to_string(),
        Refusal::NotJoined => td_string!(l, refused_not_joined).to_string(),
        Refusal::NotYourDecision => td_string!(l, refused_not_yours).to_string(),
        Refusal::Stale | Refusal::NoSuchEntry => td_string!(l, refused_stale).to_string(),
        Refusal::GameOver => td_string!(l, game_over).to_string(),
    })
}

/// A seat's connection as the host sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Its invitation is being made (the candidates gathered).
    Making,
    /// The invitation is shown; the phone's answer is awaited.
    Waiting,
    Connected,
    /// The connection closed: a new invitation is made.
    Away,
    /// No invitation could be made (the browser refused a connection).
    Failed,
}

/// How long the host waits for a phone that took its answer to connect
/// before it says the phones cannot reach each other (ms).
const CONNECT_MS: i32 = 20_000;

/// One seat on another phone, on the host.
#[derive(Debug, Clone, PartialEq)]
struct SeatLink {
    seat: Seat,
    status: Status,
    /// The invitation's text, once made.
    code: Option<String>,
}

/// A connection the host made: its seat, number, the tag an answer to it
/// carries, and the connection.
struct Made {
    seat: Seat,
    link: Link,
    tag: [u8; 2],
    peer: Rc<Peer>,
}

/// The host's part of the play screen: invitations, answers and the
/// connections of the seats played on other phones. `on_message` plays a
/// phone's message through the session; `link_state` is what the page says
/// of its connections (`main[data-link]`).
#[component]
pub fn Invitations(
    session: RwSignal<Session>,
    entry: GameEntry,
    on_message: Callback<(Link, String)>,
    link_state: RwSignal<Option<&'static str>>,
    take_over: Callback<Seat>,
) -> impl IntoView {
    let i18n = use_i18n();
    // The seats played on other phones, as the session has them now: the
    // Players dialog can send a seat to its phone or take it back here.
    let remote = Memo::new(move |_| {
        session.with(|s| {
            s.seats()
                .iter()
                .enumerate()
                .filter(|(_, x)| x.remote)
                .map(|(i, _)| i)
                .collect::<Vec<Seat>>()
        })
    });
    let names =
        move || session.with(|s| s.seats().iter().map(|x| x.name.clone()).collect::<Vec<_>>());
    let state = RwSignal::new(Vec::<SeatLink>::new());
    let made = StoredValue::new_local(Vec::<Made>::new());
    // One token per seat while it is on a phone: a phone that drops comes
    // back with the same one (a new invitation, nothing else to redo).
    let tokens = StoredValue::new(Vec::<(Seat, Vec<u8>)>::new());
    Effect::new(move |_| {
        let now = remote.get();
        let had: Vec<Seat> = state.with_untracked(|st| st.iter().map(|x| x.seat).collect());
        for &seat in now.iter().filter(|s| !had.contains(s)) {
            let token = crate::store::random_u64().to_le_bytes().to_vec();
            let t = hex(&token);
            tokens.update_value(|ts| {
                ts.retain(|x| x.0 != seat);
                ts.push((seat, token));
            });
            session.try_update_untracked(|s| s.remote_invite(seat, t));
            state.update(|st| {
                st.push(SeatLink {
                    seat,
                    status: Status::Away,
                    code: None,
                });
                st.sort_by_key(|x| x.seat);
            });
        }
        // A seat taken back here: its connection ends.
        for seat in had.into_iter().filter(|s| !now.contains(s)) {
            state.update(|st| st.retain(|x| x.seat != seat));
            made.update_value(|m| {
                m.retain(|x| {
                    if x.seat == seat {
                        x.peer.close();
                    }
                    x.seat != seat
                })
            });
        }
    });
    // Leaving the game (or the last phone's seat taken back) ends every
    // connection.
    on_cleanup(move || {
        link_state.try_set(None);
        made.try_update_value(|m| {
            for x in m.drain(..) {
                x.peer.close();
            }
        });
    });
    let next_link = StoredValue::new(1u64);
    let set_status = move |seat: Seat, status: Status| {
        state.try_update(|st| {
            if let Some(x) = st.iter_mut().find(|x| x.seat == seat) {
                x.status = status;
            }
        });
    };

    // An invitation for `seat`: a connection offered, its code shown.
    let invite = move |seat: Seat| {
        let link = next_link.get_value();
        next_link.set_value(link + 1);
        let token = tokens
            .with_value(|t| t.iter().find(|x| x.0 == seat).map(|x| x.1.clone()))
            .unwrap_or_default();
        // Only the seat's newest connection counts: an older invitation's
        // connection that opens or closes late changes nothing.
        let newest = move || {
            made.try_with_value(|m| m.iter().rev().find(|x| x.seat == seat).map(|x| x.link))
                .flatten()
                == Some(link)
        };
        let on: Rc<dyn Fn(LinkEvent)> = Rc::new(move |e| match e {
            LinkEvent::Open if newest() => set_status(seat, Status::Connected),
            LinkEvent::Open => {}
            LinkEvent::Message(text) => on_message.run((link, text)),
            LinkEvent::Closed => {
                if newest()
                    && state.try_with_untracked(|st| {
                        st.iter()
                            .any(|x| x.seat == seat && x.status == Status::Connected)
                    }) == Some(true)
                {
                    session.try_update(|s| s.remote_dropped(link));
                    set_status(seat, Status::Away);
                }
            }
        });
        leptos::task::spawn_local(async move {
            match Peer::offer(on).await {
                Ok((peer, sdp)) => {
                    let role = Role::Invitation {
                        game: entry.id.to_string(),
                        seat,
                        token: token.clone(),
                    };
                    match Code::from_sdp(&sdp, role) {
                        Ok(mut code) => {
                            if loopback() {
                                code.loopback();
                            }
                            let text = code.text();
                            // The answer names this invitation by its
                            // certificate; the seat's older invitations end.
                            made.try_update_value(|m| {
                                m.retain(|x| {
                                    if x.seat == seat {
                                        x.peer.close();
                                    }
                                    x.seat != seat
                                });
                                m.push(Made {
                                    seat,
                                    link,
                                    tag: tag_of(&code),
                                    peer: Rc::new(peer),
                                })
                            });
                            state.try_update(|st| {
                                if let Some(x) = st.iter_mut().find(|x| x.seat == seat) {
                                    x.code = Some(text);
                                    x.status = Status::Waiting;
                                }
                            });
                        }
                        Err(_) => set_status(seat, Status::Failed),
                    }
                }
                Err(_) => set_status(seat, Status::Failed),
            }
        });
    };
    // Every seat without a connection gets a (new) invitation.
    Effect::new(move |_| {
        let away: Vec<Seat> = state.with(|st| {
            st.iter()
                .filter(|x| x.status == Status::Away)
                .map(|x| x.seat)
                .collect()
        });
        for seat in away {
            set_status(seat, Status::Making);
            invite(seat);
        }
    });
    // The page says how its phones are: all connected, or not.
    Effect::new(move |_| {
        let all = state.with(|st| st.iter().all(|x| x.status == Status::Connected));
        link_state.set(Some(if all { "connected" } else { "away" }));
    });
    // What the session has for the phones goes out after every change.
    Effect::new(move |_| {
        session.track();
        let out = session
            .try_update_untracked(|s| s.take_outbox())
            .unwrap_or_default();
        for (link, text) in out {
            made.with_value(|m| {
                if let Some(x) = m.iter().find(|x| x.link == link) {
                    x.peer.send(&text);
                }
            });
        }
    });

    // The camera first (issue 41): once the page may use it, the browser
    // puts the device's own addresses in an invitation instead of a name
    // other phones must resolve, and the host scans answers. The
    // invitations not yet answered are made again then.
    let camera = RwSignal::new(Some(true));
    leptos::task::spawn_local(async move {
        let allowed = crate::play::scan::camera_allowed().await.unwrap_or(false);
        camera.try_set(Some(allowed));
    });
    let allow = move |_| {
        leptos::task::spawn_local(async move {
            if crate::play::scan::allow_camera().await {
                camera.try_set(Some(true));
                let again: Vec<Seat> = state
                    .try_with_untracked(|st| {
                        st.iter()
                            .filter(|x| matches!(x.status, Status::Waiting | Status::Failed))
                            .map(|x| x.seat)
                            .collect()
                    })
                    .unwrap_or_default();
                for seat in again {
                    set_status(seat, Status::Away);
                }
            } else {
                camera.try_set(None);
            }
        });
    };

    // Whether an answer is awaited: the answer's field and scanner stand
    // while any is (drawn once, so a scan goes on as other phones join).
    let waiting =
        Memo::new(move |_| state.with(|st| st.iter().any(|x| x.status == Status::Waiting)));

    // The phone's answer, pasted (or scanned) on the host.
    let answer = RwSignal::new(String::new());
    let answer_error = RwSignal::new(None::<Text>);
    let accept = move |()| {
        answer_error.set(None);
        let code = match read_code(&answer.get_untracked()) {
            Ok(c) => c,
            Err(why) => return answer_error.set(Some(why)),
        };
        let Role::Answer { seat, tag } = code.role else {
            return answer_error.set(Some(Text::new(|l| {
                td_string!(l, code_not_answer).to_string()
            })));
        };
        let peer = made.with_value(|m| {
            m.iter()
                .rev()
                .find(|x| x.seat == seat && x.tag == tag)
                .map(|x| x.peer.clone())
        });
        let Some(peer) = peer else {
            return answer_error.set(Some(Text::new(|l| {
                td_string!(l, code_no_invitation).to_string()
            })));
        };
        let sdp = code.sdp();
        answer.set(String::new());
        leptos::task::spawn_local(async move {
            if peer.accept(&sdp).await.is_err() {
                answer_error.try_set(Some(Text::new(|l| td_string!(l, link_failed).to_string())));
                return;
            }
            // No connection after a while (a guest network that keeps
            // devices apart): say so, and offer to play the seat here.
            let _ = wasm_bindgen_futures::JsFuture::from(crate::platform::link::sleep(CONNECT_MS))
                .await;
            let current = made
                .try_with_value(|m| m.iter().rev().find(|x| x.seat == seat).map(|x| x.tag))
                .flatten();
            let waiting = state.try_with_untracked(|st| {
                st.iter()
                    .any(|x| x.seat == seat && x.status == Status::Waiting)
            });
            if current == Some(tag) && waiting == Some(true) {
                set_status(seat, Status::Failed);
            }
        });
    };

    view! {
        // Once every phone is in, the panel shrinks to a line a seat.
        <section class=move || if state.with(|st| st.iter().all(|x| x.status == Status::Connected)) { "phones quiet" } else { "phones" }
            data-testid="phones" aria-labelledby="phones-title">
            <h2 id="phones-title">{t!(i18n, phones_title)}</h2>
            {move || (camera.get() != Some(true) && state.with(|st| st.iter().any(|x| x.status != Status::Connected))).then(|| view! {
                <p class="hint">{move || if camera.get().is_none() {
                    td_string!(i18n.get_locale(), scan_no_camera).to_string()
                } else {
                    td_string!(i18n.get_locale(), phone_camera_first).to_string()
                }}</p>
                <button type="button" data-testid="allow-camera" on:click=allow>{t!(i18n, phone_allow_camera)}</button>
            })}
            <ul class="phone-seats">
                {move || state.get().into_iter().map(|x| {
                    let name = names().get(x.seat).cloned().unwrap_or_default();
                    let status = {
                        let name = name.clone();
                        move || {
                            let l = i18n.get_locale();
                            let name = name.clone();
                            match x.status {
                                Status::Making => td_string!(l, phone_making, name = name).to_string(),
                                Status::Waiting => td_string!(l, phone_waiting, name = name).to_string(),
                                Status::Connected => td_string!(l, phone_connected, name = name).to_string(),
                                Status::Away => td_string!(l, phone_away, name = name).to_string(),
                                Status::Failed => td_string!(l, link_failed).to_string(),
                            }
                        }
                    };
                    view! {
                        <li class="phone-seat" data-testid="phone-seat" data-seat=x.seat.to_string()
                            data-status=format!("{:?}", x.status).to_lowercase()>
                            <p class="status">{status}</p>
                            {(x.status == Status::Failed).then(|| view! {
                                <button type="button" data-testid="invite-again" on:click=move |_| set_status(x.seat, Status::Away)>
                                    {t!(i18n, phone_invite_again)}
                                </button>
                            })}
                            {(x.status == Status::Waiting).then(|| x.code.clone()).flatten().map(|code| {
                                let copy = code.clone();
                                let link = join_link(&code);
                                view! {
                                    <p class="hint">{move || td_string!(i18n.get_locale(), phone_invite_scan, name = name.clone()).to_string()}</p>
                                    <QrCode text=link.clone() testid="invite-qr" seat=x.seat/>
                                    <div class="code-row">
                                        <button type="button" on:click=move |_| share_link(&link)>{t!(i18n, share_link)}</button>
                                        <button type="button" on:click=move |_| copy_text(&copy)>{t!(i18n, copy)}</button>
                                    </div>
                                    <p class="code" data-testid="invite-code" data-seat=x.seat.to_string()>{code}</p>
                                }
                            })}
                            // The seat's phone is away or cannot connect: its
                            // person plays here, passing this device, until the
                            // Players dialog hands the seat back to their phone.
                            {(x.status != Status::Connected).then(|| {
                                let name = names().get(x.seat).cloned().unwrap_or_default();
                                view! {
                                    <button type="button" data-testid="take-over" data-seat=x.seat.to_string()
                                        on:click=move |_| take_over.run(x.seat)>
                                        {move || td_string!(i18n.get_locale(), phone_take_over, name = name.clone()).to_string()}
                                    </button>
                                }
                            })}
                        </li>
                    }
                }).collect_view()}
            </ul>
            {move || waiting.get().then(|| view! {
                <crate::play::scan::Scan testid="scan-answer" found=Callback::new(move |text: String| {
                    answer.set(text);
                    accept(());
                })/>
                <label class="field">
                    <span>{t!(i18n, phone_answer)}</span>
                    <input type="text" data-testid="answer-input" autocomplete="off" spellcheck="false"
                        prop:value=move || answer.get() on:input=move |ev| answer.set(event_target_value(&ev))/>
                </label>
                <button type="button" class="primary" data-testid="answer-accept" on:click=move |_| accept(())>{t!(i18n, phone_connect)}</button>
            })}
            {move || answer_error.get().map(|e| view! { <p class="error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
        </section>
    }
}

/// The link that opens the join screen with `code`: what the invitation's
/// QR code holds, so a phone's own camera app opens Spielblock with it.
fn join_link(code: &str) -> String {
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    format!("{origin}{}#{code}", crate::routes::href("/join"))
}

/// What an answer carries of the invitation it answers: two bytes of the
/// invitation's certificate fingerprint, new with every connection, so an
/// answer to an older invitation of the same seat is told apart.
fn tag_of(invitation: &Code) -> [u8; 2] {
    [invitation.fingerprint[0], invitation.fingerprint[1]]
}

/// A code drawn as a QR code, with its version for the tests and the note.
#[component]
fn QrCode(
    text: String,
    testid: &'static str,
    #[prop(optional)] seat: Option<Seat>,
) -> impl IntoView {
    let i18n = use_i18n();
    let drawn = crate::platform::qr::draw(&text);
    let version = drawn.as_ref().map(|q| q.version.to_string());
    let svg = drawn.map(|q| q.svg).unwrap_or_default();
    view! {
        <div class="qr" data-testid=testid data-seat=seat.map(|s| s.to_string()) data-version=version
            data-text=text role="img" aria-label=move || td_string!(i18n.get_locale(), scan_hint).to_string()
            inner_html=svg></div>
    }
}

/// Offers the link to the phone's share sheet (a message to the other
/// player), or copies it where there is none.
fn share_link(link: &str) {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    let share = js_sys::Reflect::get(&nav, &"share".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match share {
        Some(f) => {
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"url".into(), &link.into());
            // A share the player cancels rejects: nothing to say then.
            if let Ok(p) = f.call1(&nav, &data) {
                if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
                    leptos::task::spawn_local(async move {
                        let _ = wasm_bindgen_futures::JsFuture::from(p).await;
                    });
                }
            }
        }
        None => copy_text(link),
    }
}

/// Copies a code for a message or another app.
fn copy_text(text: &str) {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    let clip = js_sys::Reflect::get(&nav, &"clipboard".into()).ok();
    let write = clip
        .as_ref()
        .and_then(|c| js_sys::Reflect::get(c, &"writeText".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let (Some(c), Some(f)) = (clip, write) {
        let _ = f.call1(&c, &text.into());
    }
}

use wasm_bindgen::{JsCast, JsValue};

/// The phone's game and its connection to the host.
type Joined = (Rc<dyn GuestGame>, Rc<Peer>);

/// The phone's side of a game across phones (`/join`): the invitation
/// read, the answer shown, then the game's table from the host's frames.
#[component]
pub fn Join() -> impl IntoView {
    let i18n = use_i18n();
    // A link's code arrives in its fragment.
    let start = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default();
    let input = RwSignal::new(start);
    let error = RwSignal::new(None::<Text>);
    let answer = RwSignal::new(None::<String>);
    // "connected", "away" or "closed" (`main[data-link]`).
    let link = RwSignal::new(None::<&'static str>);
    let refused = RwSignal::new(None::<Refusal>);
    let guest = StoredValue::new_local(None::<Joined>);
    let framed = RwSignal::new(false);
    let game = RwSignal::new(None::<GameEntry>);
    // The screen stays awake while the phone is in a game, as the host's.
    crate::platform::device::keep_awake();
    on_cleanup(crate::platform::device::release_wake_lock);

    // Each join is a new connection; only the newest one's events count.
    let round = StoredValue::new(0u32);
    let join = move |()| {
        error.set(None);
        let code = match read_code(&input.get_untracked()) {
            Ok(c) => c,
            Err(why) => return error.set(Some(why)),
        };
        let Role::Invitation {
            game: id,
            seat,
            token,
        } = code.role.clone()
        else {
            return error.set(Some(Text::new(|l| {
                td_string!(l, code_not_invitation).to_string()
            })));
        };
        let Some(entry) = games::find(&id) else {
            return error.set(Some(Text::new(|l| td_string!(l, code_not).to_string())));
        };
        let phone = phone_id();
        round.update_value(|r| *r += 1);
        let mine = round.get_value();
        let current = move || round.try_get_value() == Some(mine);
        leptos::task::spawn_local(async move {
            if games::load(&[entry.id.to_string()]).await.is_err() {
                error.try_set(Some(Text::new(|l| td_string!(l, load_failed).to_string())));
                return;
            }
            let Some(entry) = games::find(&id) else {
                return;
            };
            let Some(g) = (entry.guest)(seat) else {
                error.try_set(Some(Text::new(|l| td_string!(l, load_failed).to_string())));
                return;
            };
            let g: Rc<dyn GuestGame> = Rc::from(g);
            let hello =
                String::from_utf8(hello_bytes(seat, &hex(&token), &phone)).unwrap_or_default();
            let on: Rc<dyn Fn(LinkEvent)> = {
                let g = g.clone();
                Rc::new(move |e| match e {
                    _ if !current() => {}
                    LinkEvent::Open => {
                        link.try_set(Some("connected"));
                        // The hello again until the host's first frame is
                        // in: a hello the host kept behind a write could
                        // wait there, and the phone would show its answer
                        // for good (seen twice in full test runs). The host
                        // takes the same phone's hello again as a rejoin.
                        fn greet(
                            guest: StoredValue<Option<Joined>, LocalStorage>,
                            framed: RwSignal<bool>,
                            hello: String,
                            current: impl Fn() -> bool + 'static,
                            left: u32,
                        ) {
                            if !current() || framed.try_get_untracked() != Some(false) {
                                return;
                            }
                            let sent = guest
                                .try_with_value(|x| x.as_ref().is_some_and(|(_, p)| p.send(&hello)))
                                .unwrap_or(false);
                            if sent && left > 0 {
                                set_timeout(
                                    move || greet(guest, framed, hello, current, left - 1),
                                    std::time::Duration::from_millis(1500),
                                );
                            }
                        }
                        greet(guest, framed, hello.clone(), current, 20);
                    }
                    LinkEvent::Message(text) => match g.receive(&text) {
                        Received::Frame => {
                            refused.try_set(None);
                            framed.try_set(true);
                        }
                        Received::Refused(why) => {
                            refused.try_set(Some(why));
                        }
                        Received::Unreadable => {}
                        Received::Finished {
                            id,
                            record,
                            outcome,
                            turn,
                        } => keep_finished(entry.id, id, record, outcome, turn),
                    },
                    LinkEvent::Closed => {
                        link.try_set(Some("away"));
                        // The host makes a new invitation for this seat.
                        answer.try_set(None);
                        input.try_set(String::new());
                    }
                })
            };
            match Peer::answer(&code.sdp(), on).await {
                Ok((peer, sdp)) => {
                    let role = Role::Answer {
                        seat,
                        tag: tag_of(&code),
                    };
                    match Code::from_sdp(&sdp, role) {
                        Ok(mut mine) => {
                            if loopback() {
                                mine.loopback();
                            }
                            // A rejoin: the old connection ends, and the
                            // table waits for the new one's first frame.
                            guest.update_value(|x| {
                                if let Some((_, old)) = x.replace((g, Rc::new(peer))) {
                                    old.close();
                                }
                            });
                            framed.try_set(false);
                            game.try_set(Some(entry));
                            answer.try_set(Some(mine.text()));
                        }
                        Err(_) => {
                            error.try_set(Some(Text::new(|l| {
                                td_string!(l, link_failed).to_string()
                            })));
                        }
                    }
                }
                Err(_) => {
                    error.try_set(Some(Text::new(|l| td_string!(l, link_failed).to_string())));
                }
            }
        });
    };
    // Opened from an invitation's link (the QR code read by the phone's own
    // camera app): join at once. The fragment goes, so a reload later does
    // not offer the spent invitation again.
    if !input.get_untracked().is_empty() {
        if let Some(w) = web_sys::window() {
            if let (Ok(h), Ok(path)) = (w.history(), w.location().pathname()) {
                let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&path));
            }
        }
        join(());
    }
    let send = Callback::new(move |text: String| {
        guest.with_value(|x| {
            if let Some((_, p)) = x {
                p.send(&text);
            }
        });
    });
    let table = move || {
        framed
            .get()
            .then(|| guest.with_value(|x| x.as_ref().and_then(|(g, _)| g.table(send))))
            .flatten()
    };
    // Who decides now, as the host says: one name, or several deciding at
    // once (R-CH-8).
    let banner = move || {
        if !framed.get() {
            return None;
        }
        let (deciding, names, over) = guest.with_value(|x| {
            x.as_ref().map(|(g, _)| {
                (
                    g.deciding().get(),
                    g.names().get(),
                    g.outcome().get().is_some(),
                )
            })
        })?;
        let l = i18n.get_locale();
        if over {
            return Some(td_string!(l, game_over).to_string());
        }
        let who: Vec<String> = deciding
            .iter()
            .filter_map(|&s| names.get(s).cloned())
            .collect();
        Some(match who.as_slice() {
            [] => String::new(),
            [one] => td_string!(l, turn_of, name = one.clone()).to_string(),
            more => td_string!(l, deciding_list, names = more.join(", ")).to_string(),
        })
    };
    let outcome = move || {
        framed
            .get()
            .then(|| {
                guest.with_value(|x| {
                    x.as_ref()
                        .map(|(g, _)| (g.outcome().get(), g.names().get()))
                })
            })
            .flatten()
    };
    view! {
        <main class="screen join" data-link=move || link.get()>
            <header class="topbar">
                <h1>{move || match game.get() {
                    Some(e) => (e.name)(i18n.get_locale()),
                    None => td_string!(i18n.get_locale(), join_title).to_string(),
                }}</h1>
                <crate::platform::lang::LangSwitch/>
            </header>
            // A lost connection first: what happened, then how to go on.
            {move || (link.get() == Some("away")).then(|| view! { <p class="notice warn" role="status">{t!(i18n, join_lost)}</p> })}
            {move || (!framed.get() || link.get() == Some("away")).then(|| view! {
                <section class="join-steps">
                    {move || answer.get().is_none().then(|| view! {
                        <p>{t!(i18n, join_scan)}</p>
                        <crate::play::scan::Scan testid="scan-invitation" found=Callback::new(move |text: String| {
                            input.set(text);
                            join(());
                        })/>
                        <label class="field">
                            <span>{t!(i18n, join_paste)}</span>
                            <input type="text" data-testid="join-input" autocomplete="off" spellcheck="false"
                                prop:value=move || input.get() on:input=move |ev| input.set(event_target_value(&ev))/>
                        </label>
                        <button type="button" class="primary big" data-testid="join-accept" on:click=move |_| join(())>{t!(i18n, join_accept)}</button>
                    })}
                    {move || answer.get().map(|code| {
                        let copy = code.clone();
                        view! {
                            <p>{t!(i18n, join_show_answer_qr)}</p>
                            <QrCode text=code.clone() testid="answer-qr"/>
                            <p class="code" data-testid="answer-code">{code}</p>
                            <button type="button" on:click=move |_| copy_text(&copy)>{t!(i18n, copy)}</button>
                        }
                    })}
                </section>
            })}
            {move || (link.get() != Some("away")).then(banner).flatten().map(|b| view! { <p class="turn-banner" data-testid="turn-banner">{b}</p> })}
            {move || error.get().map(|e| view! { <p class="error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
            {move || refused.get().map(|why| view! { <p class="error" role="alert" data-testid="refused">{move || refusal_text(why).get(i18n.get_locale())}</p> })}
            {move || outcome().and_then(|(o, names)| o.map(|o| view! {
                <section class="result" data-testid="result">
                    <h2>{t!(i18n, result)}</h2>
                    <crate::table::Ranking outcome=o names=names cpu=Vec::new()/>
                </section>
            }))}
            {table}
        </main>
    }
}

/// The finished game in this phone's own history, as the host holds it
/// (once: the host may tell it again after a rejoin). A phone never stores
/// a game before its end.
fn keep_finished(
    game: &str,
    id: String,
    record: serde_json::Value,
    outcome: rules::Outcome,
    turn: u32,
) {
    if crate::store::load_game(&id).is_ok() {
        return;
    }
    let now = crate::store::now();
    let saved = crate::store::SavedGame {
        schema: crate::store::SCHEMA,
        id,
        game: game.to_string(),
        created: now,
        updated: now,
        handover: false,
        confirmed_seat: None,
        finished: true,
        outcome: Some(outcome),
        revision: 0,
        turn,
        daily: None,
        record,
    };
    // A full storage keeps the phone's older games; the host has this one.
    let _ = crate::store::save_game(&saved);
}

/// This phone's own id, kept on it: the host lets only the phone that took
/// a seat take it again.
fn phone_id() -> String {
    const KEY: &str = "spielblock.phone";
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    if let Some(id) = storage
        .as_ref()
        .and_then(|s| s.get_item(KEY).ok().flatten())
    {
        if !id.is_empty() && id.len() <= 32 {
            return id;
        }
    }
    let id = crate::store::new_id();
    if let Some(s) = storage {
        let _ = s.set_item(KEY, &id);
    }
    id
}
