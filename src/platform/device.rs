//! Phone niceties: keep the screen awake while a game is on screen, and a short
//! vibration on a roll (where supported, and unless turned off).
//!
//! The Wake Lock API is only behind `web_sys_unstable_apis` in web-sys, and no
//! maintained crate wraps it, so it is reached through `js_sys::Reflect`. Every
//! failure (unsupported, page hidden, permission) is silent: the game goes on.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

thread_local! {
    static SENTINEL: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    static WANTED: RefCell<bool> = const { RefCell::new(false) };
    static LISTENER: RefCell<Option<Closure<dyn Fn()>>> = const { RefCell::new(None) };
}

fn request_wake_lock() {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    let Ok(wake) = js_sys::Reflect::get(&nav, &"wakeLock".into()) else {
        return;
    };
    if wake.is_undefined() || wake.is_null() {
        return;
    }
    let Ok(request) = js_sys::Reflect::get(&wake, &"request".into()) else {
        return;
    };
    let Some(request) = request.dyn_ref::<js_sys::Function>() else {
        return;
    };
    let Ok(promise) = request.call1(&wake, &"screen".into()) else {
        return;
    };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
        return;
    };
    let ok = Closure::once(|sentinel: JsValue| {
        if WANTED.with(|w| *w.borrow()) {
            SENTINEL.with(|s| *s.borrow_mut() = Some(sentinel));
        } else {
            release_sentinel(&sentinel);
        }
    });
    // A refusal (hidden page, policy) is expected now and then: ignore it.
    let fail = Closure::once(|_: JsValue| {});
    let _ = promise.then2(&ok, &fail);
    ok.forget();
    fail.forget();
}

fn release_sentinel(sentinel: &JsValue) {
    if let Ok(release) = js_sys::Reflect::get(sentinel, &"release".into()) {
        if let Some(f) = release.dyn_ref::<js_sys::Function>() {
            if let Ok(p) = f.call0(sentinel) {
                if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
                    let fail = Closure::once(|_: JsValue| {});
                    let _ = p.catch(&fail);
                    fail.forget();
                }
            }
        }
    }
}

/// Keeps the screen awake until `release_wake_lock`. The browser drops the lock
/// when the page is hidden; it is taken again when the page is shown.
pub fn keep_awake() {
    WANTED.with(|w| *w.borrow_mut() = true);
    request_wake_lock();
    LISTENER.with(|l| {
        if l.borrow().is_some() {
            return;
        }
        let on_visible = Closure::<dyn Fn()>::new(|| {
            let visible = web_sys::window()
                .and_then(|w| w.document())
                .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Visible);
            if visible && WANTED.with(|w| *w.borrow()) {
                request_wake_lock();
            }
        });
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            let _ = doc.add_event_listener_with_callback(
                "visibilitychange",
                on_visible.as_ref().unchecked_ref(),
            );
        }
        *l.borrow_mut() = Some(on_visible);
    });
}

pub fn release_wake_lock() {
    WANTED.with(|w| *w.borrow_mut() = false);
    if let Some(s) = SENTINEL.with(|s| s.borrow_mut().take()) {
        release_sentinel(&s);
    }
    LISTENER.with(|l| {
        if let Some(cb) = l.borrow_mut().take() {
            if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
                let _ = doc.remove_event_listener_with_callback(
                    "visibilitychange",
                    cb.as_ref().unchecked_ref(),
                );
            }
        }
    });
}

/// A short buzz for a roll, if the player has not turned it off.
pub fn vibrate_roll() {
    if !crate::store::load_settings().vibrate {
        return;
    }
    if let Some(nav) = web_sys::window().map(|w| w.navigator()) {
        // Absent on iOS and desktops: check before calling.
        if js_sys::Reflect::has(&nav, &"vibrate".into()).unwrap_or(false) {
            let _ = nav.vibrate_with_duration(35);
        }
    }
}

/// Marks a moment for the measurement script (performance marks are cheap and
/// invisible to players).
pub fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

/// Records the time since the mark `start` as a performance measure `name`
/// (the measurement script reads computer decisions this way).
pub fn measure_since(name: &str, start: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.measure_with_start_mark(name, start);
    }
}

/// Offers `text` as a file download named `filename` (a backup, a set-aside
/// item). Silent where the browser refuses.
pub fn download(filename: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(a) = doc
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(filename);
        if let Some(body) = doc.body() {
            let _ = body.append_child(&a);
            a.click();
            a.remove();
        }
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
