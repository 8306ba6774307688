//! The gate shared by all tabs (`src/store/gate.js`: one IndexedDB
//! transaction at a time across the origin's tabs): one writer at a time,
//! and the revision each game was last written at.

use crate::store::local::*;

#[wasm_bindgen::prelude::wasm_bindgen(module = "/src/store/gate.js")]
extern "C" {
    /// Runs `f(kept)` inside the cross-tab gate (src/store/gate.js); a promise.
    #[wasm_bindgen(js_name = gate)]
    fn js_gate(name: &str, f: &wasm_bindgen::JsValue) -> js_sys::Promise;
    /// Drops what the gate kept under `name`.
    #[wasm_bindgen(js_name = forget)]
    fn js_forget(name: &str);
}

/// Runs `f(kept)` as the only writer among all tabs (src/store/gate.js): `kept` is
/// the value last kept under `name` by a gated write; the second value `f`
/// returns is kept as the new one. Where the browser offers no such gate,
/// `f(None)` runs once all the same.
pub async fn gated<T: 'static>(
    name: &str,
    f: impl FnOnce(Option<u64>) -> (T, Option<u64>) + 'static,
) -> T {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::JsValue;
    let job = Rc::new(RefCell::new(Some(f)));
    let out = Rc::new(RefCell::new(None::<T>));
    let (j, o) = (job.clone(), out.clone());
    let cb = wasm_bindgen::closure::Closure::once_into_js(move |kept: JsValue| -> JsValue {
        let Some(f) = j.borrow_mut().take() else {
            return JsValue::UNDEFINED;
        };
        let (value, next) = f(kept.as_f64().map(|k| k as u64));
        *o.borrow_mut() = Some(value);
        next.map_or(JsValue::UNDEFINED, |n| JsValue::from_f64(n as f64))
    });
    let _ = wasm_bindgen_futures::JsFuture::from(js_gate(name, &cb)).await;
    let done = out.borrow_mut().take();
    match done {
        Some(v) => v,
        None => {
            let f = job
                .borrow_mut()
                .take()
                .expect("the job ran or is still here");
            f(None).0
        }
    }
}

/// The gate's name for a saved game.
pub(crate) fn gate_name(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Drops what the gate kept of game `id` (it was written or deleted
/// outside `commit`; its stored revision holds again).
pub fn forget_revision(id: &str) {
    js_forget(&gate_name(id));
}
