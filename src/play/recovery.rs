//! A panic must never leave a blank page: the hook logs it and replaces the page
//! with a recovery screen in both languages (plain DOM, since the app's own
//! rendering may be what broke). Saved games are untouched: every accepted move
//! was stored before the next one could run. `Unreadable` is the screen for
//! one saved game that cannot be used (it was moved aside).

use crate::i18n::Text;
use crate::i18n::*;
use crate::platform::lang::BackBar;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub const RECOVERY_HTML: &str = r#"<main class="recovery" role="alert">
<h1>Something went wrong · Etwas ist schiefgelaufen</h1>
<p>Your games are saved. Reload to carry on where you were.</p>
<p>Deine Partien sind gespeichert. Lade neu, um weiterzuspielen.</p>
<p><button type="button" class="primary" id="recovery-reload">Reload · Neu laden</button>
<a class="button" id="recovery-home" href="./">Home · Start</a></p>
</main>"#;

pub fn install_panic_screen() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_recovery_screen();
    }));
}

pub fn show_recovery_screen() {
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        render_recovery(&body);
    }
}

/// Replaces `into`'s content with the recovery screen and wires its reload
/// button.
pub fn render_recovery(into: &web_sys::Element) {
    into.set_inner_html(RECOVERY_HTML);
    if let Ok(Some(btn)) = into.query_selector("#recovery-reload") {
        let reload = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
        let _ = btn
            .dyn_ref::<web_sys::HtmlElement>()
            .map(|b| b.set_onclick(Some(reload.as_ref().unchecked_ref())));
        reload.forget();
    }
}

/// Shown when a saved game cannot be used; it has been moved aside.
#[component]
pub fn Unreadable(reason: Text) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen">
            <BackBar to="/" label=keys::home/>
            <p class="notice error" role="alert">
                {move || { let l = i18n.get_locale(); td_string!(l, game_unreadable, reason = reason.get(l)).to_string() }}
            </p>
        </main>
    }
}
