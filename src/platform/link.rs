//! The browser's own peer-to-peer engine for play across phones (issue 41):
//! one `RTCPeerConnection` with one ordered, reliable data channel, with
//! `iceServers: []` (nothing leaves the room), through web-sys and no
//! signalling server. The descriptions are carried by hand (the invitation
//! and the answer, `rules::remote::invite`); this wraps only what the
//! connection itself needs.

use js_sys::{Array, Promise};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceGatheringState, RtcPeerConnection, RtcSdpType,
    RtcSessionDescriptionInit,
};

/// What happens on a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// The data channel is open: messages go both ways.
    Open,
    /// A message (the protocol's JSON).
    Message(String),
    /// The channel or the connection closed (a phone's screen went off, it
    /// left the room's Wi-Fi, or it reloaded).
    Closed,
}

/// The longest wait for the local candidates (a phone with no network
/// interface ready gathers none and says so).
const GATHER_MS: i32 = 4000;

/// The event handlers a connection keeps alive.
type Handlers = Rc<RefCell<Vec<Closure<dyn FnMut(JsValue)>>>>;

/// One connection to another phone.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    on: Rc<dyn Fn(LinkEvent)>,
    // Kept alive as long as the connection.
    _handlers: Handlers,
}

impl Peer {
    fn new(on: Rc<dyn Fn(LinkEvent)>) -> Result<Peer, JsValue> {
        let config = RtcConfiguration::new();
        config.set_ice_servers(&Array::new());
        let pc = RtcPeerConnection::new_with_configuration(&config)?;
        let peer = Peer {
            pc,
            channel: Rc::default(),
            on,
            _handlers: Rc::default(),
        };
        // A connection that fails or closes ends the channel too.
        let (pc, on) = (peer.pc.clone(), peer.on.clone());
        peer.handle(
            move |_| {
                use web_sys::RtcPeerConnectionState as S;
                if matches!(
                    pc.connection_state(),
                    S::Failed | S::Closed | S::Disconnected
                ) {
                    on(LinkEvent::Closed);
                }
            },
            |pc, f| pc.set_onconnectionstatechange(Some(f)),
        );
        Ok(peer)
    }

    fn handle(
        &self,
        f: impl FnMut(JsValue) + 'static,
        set: impl Fn(&RtcPeerConnection, &js_sys::Function),
    ) {
        let c = Closure::<dyn FnMut(JsValue)>::new(f);
        set(&self.pc, c.as_ref().unchecked_ref());
        self._handlers.borrow_mut().push(c);
    }

    /// Wires a data channel's events to `on`.
    fn wire(&self, ch: &RtcDataChannel) {
        wire(&self.channel, &self.on, &self._handlers, ch);
    }

    /// The host's side: a connection with its data channel, and its
    /// description (the offer) once the local candidates are gathered.
    pub async fn offer(on: Rc<dyn Fn(LinkEvent)>) -> Result<(Peer, String), JsValue> {
        let peer = Peer::new(on)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let ch = peer
            .pc
            .create_data_channel_with_data_channel_dict("game", &init);
        peer.wire(&ch);
        let offer = JsFuture::from(peer.pc.create_offer()).await?;
        JsFuture::from(peer.pc.set_local_description(offer.unchecked_ref())).await?;
        let sdp = peer.gathered().await?;
        Ok((peer, sdp))
    }

    /// The guest's side: a connection answering `offer` (a description
    /// made from an invitation), and its own description (the answer).
    pub async fn answer(offer: &str, on: Rc<dyn Fn(LinkEvent)>) -> Result<(Peer, String), JsValue> {
        let peer = Peer::new(on)?;
        // The host's channel arrives with the connection.
        let wire = {
            let (channel, on, handlers) = (
                peer.channel.clone(),
                peer.on.clone(),
                peer._handlers.clone(),
            );
            move |e: JsValue| {
                let Ok(e) = e.dyn_into::<RtcDataChannelEvent>() else {
                    return;
                };
                let ch = e.channel();
                wire(&channel, &on, &handlers, &ch);
                // Opened before the handler was set: say so now.
                if ch.ready_state() == RtcDataChannelState::Open {
                    on(LinkEvent::Open);
                }
            }
        };
        peer.handle(wire, |pc, f| pc.set_ondatachannel(Some(f)));
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        desc.set_sdp(offer);
        JsFuture::from(peer.pc.set_remote_description(&desc)).await?;
        let answer = JsFuture::from(peer.pc.create_answer()).await?;
        JsFuture::from(peer.pc.set_local_description(answer.unchecked_ref())).await?;
        let sdp = peer.gathered().await?;
        Ok((peer, sdp))
    }

    /// The host takes the guest's answer: the connection is made.
    pub async fn accept(&self, answer: &str) -> Result<(), JsValue> {
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        desc.set_sdp(answer);
        JsFuture::from(self.pc.set_remote_description(&desc)).await?;
        Ok(())
    }

    /// The local description once every candidate is gathered (or the wait
    /// is over: a phone with no network ready gathers none, and the code
    /// says so by having no address).
    async fn gathered(&self) -> Result<String, JsValue> {
        let start = js_sys::Date::now();
        while self.pc.ice_gathering_state() != RtcIceGatheringState::Complete
            && js_sys::Date::now() - start < f64::from(GATHER_MS)
        {
            JsFuture::from(sleep(40)).await?;
        }
        self.pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or_else(|| JsValue::from_str("no local description"))
    }

    /// Sends a message; false where the channel is not open.
    pub fn send(&self, text: &str) -> bool {
        self.channel
            .borrow()
            .as_ref()
            .filter(|c| c.ready_state() == RtcDataChannelState::Open)
            .is_some_and(|c| c.send_with_str(text).is_ok())
    }

    /// Ends the connection.
    pub fn close(&self) {
        if let Some(c) = self.channel.borrow().as_ref() {
            c.close();
        }
        self.pc.close();
    }
}

/// Wires a data channel's events to `on`, and keeps it as the one to send on.
fn wire(
    slot: &Rc<RefCell<Option<RtcDataChannel>>>,
    on: &Rc<dyn Fn(LinkEvent)>,
    handlers: &Handlers,
    ch: &RtcDataChannel,
) {
    let on_open = on.clone();
    let open = Closure::<dyn FnMut(JsValue)>::new(move |_| on_open(LinkEvent::Open));
    ch.set_onopen(Some(open.as_ref().unchecked_ref()));
    let on_msg = on.clone();
    let msg = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        if let Some(text) = e
            .dyn_into::<MessageEvent>()
            .ok()
            .and_then(|e| e.data().as_string())
        {
            on_msg(LinkEvent::Message(text));
        }
    });
    ch.set_onmessage(Some(msg.as_ref().unchecked_ref()));
    let on_close = on.clone();
    let close = Closure::<dyn FnMut(JsValue)>::new(move |_| on_close(LinkEvent::Closed));
    ch.set_onclose(Some(close.as_ref().unchecked_ref()));
    handlers.borrow_mut().extend([open, msg, close]);
    *slot.borrow_mut() = Some(ch.clone());
}

/// A promise that resolves after `ms` milliseconds.
pub fn sleep(ms: i32) -> Promise {
    Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    })
}
