//! The app's routes, root path and in-app links: a small router on the
//! History API (a leaf module: no app imports). It replaced leptos_router,
//! which with its url/idna dependencies cost about 20 KB brotli of the first
//! load for four routes.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The screens of the app, by path under its root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    Home,
    /// Setup of a new game of this id.
    New(String),
    /// A saved game by id.
    Play(String),
    /// Finished games and statistics.
    History,
    /// A finished game move by move: stored (Some id) or a shared file just
    /// opened (None).
    Replay(Option<String>),
    /// A stored finished game's replay, at the position after this many
    /// moves (the review's jump to a decision).
    ReplayAt(String, usize),
    /// The coach's review of a stored finished game (issue 25).
    Review(String),
    /// A phone joins a game held on another device (issue 41).
    Join,
    /// Settings, backup and opening a shared game file (issue 42).
    Settings,
    NotFound,
}

impl Route {
    /// Parses a path under the app's root ("/play/ID").
    pub fn parse(path: &str) -> Route {
        let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        match segs.as_slice() {
            [] | ["index.html"] => Route::Home,
            ["new", game] => Route::New(decode(game)),
            ["play", id] => Route::Play(decode(id)),
            ["history"] => Route::History,
            ["replay"] => Route::Replay(None),
            ["replay", id] => Route::Replay(Some(decode(id))),
            ["replay", id, k] => match k.parse() {
                Ok(k) => Route::ReplayAt(decode(id), k),
                Err(_) => Route::NotFound,
            },
            ["review", id] => Route::Review(decode(id)),
            ["join"] => Route::Join,
            ["settings"] => Route::Settings,
            _ => Route::NotFound,
        }
    }
}

fn decode(seg: &str) -> String {
    js_sys::decode_uri_component(seg)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| seg.to_string())
}

/// The app's root path ("" at the site root, "/spielblock" in a sub-path),
/// from the `<base>` that index.html sets.
pub fn router_base() -> String {
    // Only an explicit <base> counts: without one (tests, other hosts) the
    // document URL is a deep link, not the root.
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("base[href]").ok().flatten())
        .and_then(|b| b.get_attribute("href"))
        .and_then(|href| {
            let page = web_sys::window()?.location().href().ok()?;
            web_sys::Url::new_with_base(&href, &page).ok()
        })
        .map(|u| u.pathname())
        .unwrap_or_default();
    base.trim_end_matches('/').to_string()
}

thread_local! {
    static BASE: String = router_base();
}

/// An in-app path ("/play/ID") as a URL path under the app's root.
pub fn href(path: &str) -> String {
    BASE.with(|b| format!("{b}{path}"))
}

/// The current in-app path: the location's path less the app's root.
fn current_path() -> String {
    let full = web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_default();
    BASE.with(|b| full.strip_prefix(b.as_str()).unwrap_or(&full).to_string())
}

/// The router's state, provided to the whole app.
#[derive(Clone, Copy)]
pub struct Nav {
    path: RwSignal<String>,
}

impl Nav {
    pub fn route(&self) -> Route {
        self.path.with(|p| Route::parse(p))
    }
}

/// Starts the router: the current path, kept in step with Back and Forward.
pub fn provide_nav() -> Nav {
    let nav = Nav {
        path: RwSignal::new(current_path()),
    };
    provide_context(nav);
    let on_pop = Closure::<dyn Fn()>::new(move || {
        nav.path.try_set(current_path());
    });
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    }
    on_pop.forget();
    nav
}

/// Goes to an in-app path ("/play/ID"), as a new history entry.
pub fn navigate(path: &str) {
    if let Some(nav) = use_context::<Nav>() {
        nav.go(path);
    }
}

impl Nav {
    /// `navigate` from where the context is out of reach (after an await).
    pub fn go(&self, path: &str) {
        if let Some(w) = web_sys::window() {
            if let Ok(h) = w.history() {
                let _ = h.push_state_with_url(&JsValue::NULL, "", Some(&href(path)));
            }
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
        self.path.set(path.to_string());
    }
}

/// A link to an in-app path: a real `<a>` (opens in a new tab, shows its
/// address), followed inside the app on a plain click.
#[component]
pub fn Link(
    /// The in-app path, e.g. "/new/ID".
    to: String,
    #[prop(optional, into)] class: String,
    #[prop(optional, into)] label: Option<Signal<String>>,
    children: Children,
) -> impl IntoView {
    let full = href(&to);
    let nav = use_context::<Nav>();
    let on_click = move |ev: web_sys::MouseEvent| {
        let plain =
            ev.button() == 0 && !(ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key());
        if plain && nav.is_some() {
            ev.prevent_default();
            navigate(&to);
        }
    };
    view! {
        <a href=full class=class aria-label=move || label.map(|l| l.get()) on:click=on_click>{children()}</a>
    }
}
