//! `rules::minesweeper::minefield::bench_with` for the browser: the same engine code as
//! the app's release build, timed with `performance.now()` in Chromium.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn bench(games: u32, seed: u32, reps: u32) -> String {
    let perf = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .expect("performance");
    let now_fn: js_sys::Function = js_sys::Reflect::get(&perf, &JsValue::from_str("now"))
        .expect("performance.now")
        .into();
    let now = move || {
        now_fn
            .call0(&perf)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    };
    rules::minesweeper::minefield::bench_with(
        u64::from(games),
        u64::from(seed),
        &now,
        reps as usize,
    )
    .join("\n")
}
