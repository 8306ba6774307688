//! Service-worker registration and the update prompt's state, in plain
//! web-sys: register `sw.js`, notice a new version waiting, ask it to take
//! over when the player presses Reload, then reload once it controls the page.
//! (Replaces leptos-use's hook, whose async machinery cost 11 KB brotli.)

use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ServiceWorker, ServiceWorkerRegistration, ServiceWorkerState};

thread_local! {
    static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
    static RELOAD_REQUESTED: RefCell<bool> = const { RefCell::new(false) };
}

fn container() -> Option<web_sys::ServiceWorkerContainer> {
    let nav = web_sys::window()?.navigator();
    // Absent on insecure origins and in some embedded browsers.
    js_sys::Reflect::has(&nav, &"serviceWorker".into())
        .unwrap_or(false)
        .then(|| nav.service_worker())
}

/// A waiting worker counts as an update only when another one already
/// controls the page (the very first install takes over by itself).
fn note_waiting(reg: &ServiceWorkerRegistration, waiting: RwSignal<bool>) {
    let controlled = container().and_then(|c| c.controller()).is_some();
    if controlled && reg.waiting().is_some() {
        waiting.try_set(true);
    }
}

fn watch(reg: ServiceWorkerRegistration, waiting: RwSignal<bool>) {
    note_waiting(&reg, waiting);
    let reg2 = reg.clone();
    let on_found = Closure::<dyn Fn()>::new(move || {
        let Some(worker): Option<ServiceWorker> = reg2.installing() else {
            return;
        };
        let reg3 = reg2.clone();
        let w2 = worker.clone();
        let on_state = Closure::<dyn Fn()>::new(move || {
            if w2.state() == ServiceWorkerState::Installed {
                note_waiting(&reg3, waiting);
            }
        });
        worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    reg.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
    // Look for a new version whenever the app comes back to the foreground.
    let reg4 = reg.clone();
    let on_visible = Closure::<dyn Fn()>::new(move || {
        let visible = web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Visible);
        if visible {
            if let Ok(p) = reg4.update() {
                let ignore = Closure::once(|_: JsValue| {});
                let _ = p.catch(&ignore);
                ignore.forget();
            }
        }
    });
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        let _ = doc.add_event_listener_with_callback(
            "visibilitychange",
            on_visible.as_ref().unchecked_ref(),
        );
    }
    on_visible.forget();
    REGISTRATION.with(|r| *r.borrow_mut() = Some(reg));
}

/// Registers `sw.js` and sets `waiting` when a new version is ready.
pub fn register(waiting: RwSignal<bool>) {
    let Some(c) = container() else { return };
    // Only a change the player asked for (Reload) reloads the page.
    let on_change = Closure::<dyn Fn()>::new(|| {
        if RELOAD_REQUESTED.with(|r| *r.borrow()) {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        }
    });
    c.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    let ok = Closure::once(move |reg: JsValue| {
        if let Ok(reg) = reg.dyn_into::<ServiceWorkerRegistration>() {
            watch(reg, waiting);
        }
    });
    // A refused registration (private mode, policy) leaves the app online-only.
    let fail = Closure::once(|_: JsValue| {});
    let _ = c.register("sw.js").then2(&ok, &fail);
    ok.forget();
    fail.forget();
}

/// Asks the waiting version to take over; the page reloads when it has.
pub fn activate_waiting() {
    RELOAD_REQUESTED.with(|r| *r.borrow_mut() = true);
    let waiting = REGISTRATION.with(|r| r.borrow().as_ref().and_then(|reg| reg.waiting()));
    if let Some(w) = waiting {
        let _ = w.post_message(&"skipWaiting".into());
    }
}
