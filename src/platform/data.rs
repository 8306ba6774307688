//! A file beside the app, fetched whole (issue 43: a computer level's
//! table, `data/FILE`, precached by the service worker like every file of
//! the build, so it loads offline once the app has been saved).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The bytes of `path` (relative to the app's `<base>`), or why not: the
/// browser's error (offline before the app was saved) or the status.
pub async fn fetch_bytes(path: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let why = |e: wasm_bindgen::JsValue| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "no answer".into())
    };
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(path))
        .await
        .map_err(why)?
        .dyn_into()
        .map_err(why)?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(why)?)
        .await
        .map_err(why)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
