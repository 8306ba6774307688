//! Scanning a QR code with the camera (issue 41): the phone that joins reads
//! the host's invitation, the host reads the phone's answer. The browser's
//! own `BarcodeDetector` where it has one (Android's Chrome), otherwise the
//! app's decoder (`crate::platform::qr::read`) on frames drawn into a
//! canvas. The camera is on only while the scanner is open.

use crate::i18n::*;
use crate::platform::qr;
use js_sys::{Array, Object, Promise, Reflect};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, HtmlVideoElement, MediaStream,
    MediaStreamConstraints, MediaStreamTrack,
};

/// The scanner's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Closed,
    /// Asking for the camera.
    Opening,
    Open,
    /// No camera, or the player said no: paste instead.
    NoCamera,
}

/// Frames are read this often (ms): a decode of a 640-pixel frame takes a
/// few tens of milliseconds, so the page stays responsive.
const EVERY_MS: i32 = 150;
/// Frames are read at most this wide or high.
const MAX_SIDE: u32 = 640;

/// A button that opens the camera; the first QR code seen goes to `found`
/// and the camera closes. `testid` names the button for the tests.
#[component]
pub fn Scan(found: Callback<String>, testid: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    let state = RwSignal::new(State::Closed);
    let video = NodeRef::<leptos::html::Video>::new();
    let stream = StoredValue::new_local(None::<MediaStream>);
    // The camera goes off when the scanner closes or leaves the screen.
    let stop = move || {
        if let Some(s) = stream.try_update_value(Option::take).flatten() {
            stop_tracks(&s);
        }
    };
    on_cleanup(stop);
    let open = move |_| {
        state.set(State::Opening);
        leptos::task::spawn_local(async move {
            let Ok(s) = camera().await else {
                state.try_set(State::NoCamera);
                return;
            };
            // Closed or gone meanwhile: the camera goes off at once.
            if state.try_get_untracked() != Some(State::Opening) {
                return stop_tracks(&s);
            }
            stream.set_value(Some(s.clone()));
            state.set(State::Open);
            // The video element is drawn once the state says so.
            sleep(0).await;
            let Some(v) = video.get_untracked() else {
                return stop();
            };
            let v: HtmlVideoElement = v;
            v.set_src_object(Some(&s));
            if let Ok(p) = v.play() {
                let _ = JsFuture::from(p).await;
            }
            let detector = detector();
            // Without the browser's detector, the app's own, fetched now.
            let decode = match detector {
                Some(_) => None,
                None => match qr::decoder().await {
                    Ok(d) => Some(d),
                    Err(_) => {
                        stop();
                        state.try_set(State::NoCamera);
                        return;
                    }
                },
            };
            while state.try_get_untracked() == Some(State::Open) {
                let seen = match (&detector, decode) {
                    (Some(d), _) => detect(d, &v).await,
                    (None, Some(decode)) => read_frame(&v, decode),
                    (None, None) => None,
                };
                if let Some(text) = seen {
                    stop();
                    state.try_set(State::Closed);
                    // The scanner may have left the screen meanwhile.
                    found.try_run(text);
                    return;
                }
                sleep(EVERY_MS).await;
            }
            stop();
        });
    };
    let close = move |_| {
        stop();
        state.set(State::Closed);
    };
    view! {
        <div class="scan">
            {move || match state.get() {
                State::Closed | State::NoCamera => view! {
                    <button type="button" class="scan-open" data-testid=testid on:click=open>
                        {t!(i18n, scan_open)}
                    </button>
                }.into_any(),
                State::Opening | State::Open => view! {
                    <div class="scan-view">
                        <video node_ref=video muted=true playsinline=true autoplay=true
                            aria-label=move || td_string!(i18n.get_locale(), scan_hint).to_string()></video>
                        <p class="hint">{t!(i18n, scan_hint)}</p>
                        <button type="button" on:click=close>{t!(i18n, scan_close)}</button>
                    </div>
                }.into_any(),
            }}
            {move || (state.get() == State::NoCamera).then(|| view! {
                <p class="error" role="alert">{t!(i18n, scan_no_camera)}</p>
            })}
        </div>
    }
}

fn stop_tracks(s: &MediaStream) {
    for t in s.get_tracks().iter() {
        if let Ok(t) = t.dyn_into::<MediaStreamTrack>() {
            t.stop();
        }
    }
}

/// Whether the page may use the camera without asking (None: the browser
/// does not say). Where it may, the browser also offers the device's own
/// network addresses to a connection rather than hide them behind a name,
/// which makes phones on one Wi-Fi find each other more surely.
pub async fn camera_allowed() -> Option<bool> {
    let nav = web_sys::window()?.navigator();
    let perms = Reflect::get(&nav, &"permissions".into()).ok()?;
    let query: js_sys::Function = Reflect::get(&perms, &"query".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let desc = Object::new();
    Reflect::set(&desc, &"name".into(), &"camera".into()).ok()?;
    let p: Promise = query.call1(&perms, &desc).ok()?.dyn_into().ok()?;
    let status = JsFuture::from(p).await.ok()?;
    let state = Reflect::get(&status, &"state".into()).ok()?.as_string()?;
    Some(state == "granted")
}

/// Asks for the camera and lets it go at once: true once allowed.
pub async fn allow_camera() -> bool {
    match camera().await {
        Ok(s) => {
            stop_tracks(&s);
            true
        }
        Err(_) => false,
    }
}

/// The back camera, where the phone has one.
async fn camera() -> Result<MediaStream, JsValue> {
    let devices = web_sys::window()
        .ok_or(JsValue::NULL)?
        .navigator()
        .media_devices()?;
    let video = Object::new();
    Reflect::set(&video, &"facingMode".into(), &"environment".into())?;
    let c = MediaStreamConstraints::new();
    c.set_video(&video);
    c.set_audio(&false.into());
    let s = JsFuture::from(devices.get_user_media_with_constraints(&c)?).await?;
    s.dyn_into()
}

/// The browser's `BarcodeDetector` for QR codes, where there is one.
fn detector() -> Option<JsValue> {
    let w = web_sys::window()?;
    let class = Reflect::get(&w, &"BarcodeDetector".into()).ok()?;
    let class: js_sys::Function = class.dyn_into().ok()?;
    let opts = Object::new();
    let formats = Array::of1(&"qr_code".into());
    Reflect::set(&opts, &"formats".into(), &formats).ok()?;
    Reflect::construct(&class, &Array::of1(&opts)).ok()
}

/// What the detector sees in the video's frame now.
async fn detect(detector: &JsValue, video: &HtmlVideoElement) -> Option<String> {
    let f: js_sys::Function = Reflect::get(detector, &"detect".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let p: Promise = f.call1(detector, video).ok()?.dyn_into().ok()?;
    let found: Array = JsFuture::from(p).await.ok()?.dyn_into().ok()?;
    found
        .iter()
        .find_map(|b| Reflect::get(&b, &"rawValue".into()).ok()?.as_string())
}

/// The video's frame now, read by the app's own decoder.
fn read_frame(video: &HtmlVideoElement, decode: qr::Decoder) -> Option<String> {
    let (w, h) = (video.video_width(), video.video_height());
    if w == 0 || h == 0 {
        return None;
    }
    let k = (MAX_SIDE as f64 / w.max(h) as f64).min(1.0);
    let (cw, ch) = ((w as f64 * k) as u32, (h as f64 * k) as u32);
    let canvas: HtmlCanvasElement = web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()?;
    canvas.set_width(cw);
    canvas.set_height(ch);
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    ctx.draw_image_with_html_video_element_and_dw_and_dh(video, 0.0, 0.0, cw as f64, ch as f64)
        .ok()?;
    let rgba = ctx
        .get_image_data(0.0, 0.0, cw as f64, ch as f64)
        .ok()?
        .data();
    let grey: Vec<u8> = rgba
        .chunks_exact(4)
        .map(|p| ((p[0] as u32 * 77 + p[1] as u32 * 150 + p[2] as u32 * 29) >> 8) as u8)
        .collect();
    decode(cw as usize, ch as usize, &grey)
}

async fn sleep(ms: i32) {
    let _ = JsFuture::from(crate::platform::link::sleep(ms)).await;
}
