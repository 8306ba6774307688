//! DOM helpers a table uses: bringing the decision into view after paint,
//! a game's style sheet, the lesson's pointer, focus kept in place, what a
//! click was on, and the motion and bumps a change shows.

/// Whether a click landed on a pick or control of the decision at hand (in
/// the part marked `data-decide` or the decision bar): only those bring it
/// into view again, not a tap that opened something further down.
pub fn in_decision(ev: &leptos::ev::MouseEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| {
            el.closest("[data-decide], [data-testid=decision]")
                .ok()
                .flatten()
        })
        .is_some()
}

/// Runs `f` once the next frame is painted (a frame's callback, then a
/// task after it): layout is done by then, so reading it costs nothing.
pub fn after_paint(f: fn()) {
    crate::platform::frame::after_paint(f);
}

/// Scrolls the page as little as it can so that the part of the table a
/// decision is about (the elements marked `data-decide`) is fully above
/// the decision bar; where it is taller than the room, its top shows.
pub fn bring_decision_into_view() {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    let Some(doc) = w.document() else { return };
    let Ok(marked) = doc.query_selector_all("main [data-decide]") else {
        return;
    };
    let (mut top, mut bottom) = (f64::MAX, f64::MIN);
    for i in 0..marked.length() {
        let Some(el) = marked
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let r = el.get_bounding_client_rect();
        if r.height() > 0.0 {
            top = top.min(r.top());
            bottom = bottom.max(r.bottom());
        }
    }
    if top > bottom {
        return;
    }
    let bar = doc
        .query_selector("main [data-testid=decision]")
        .ok()
        .flatten()
        .map_or(0.0, |b| b.get_bounding_client_rect().height());
    let room = w
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
        - bar;
    // What a table pins at the top (`data-pinned`, sticky: a tray of
    // thrown dice) covers its height of the screen from above once it
    // sticks: the part decided on goes right under it, and where both do
    // not fit, the rest scrolls under it.
    let ceiling = doc
        .query_selector("main [data-pinned]")
        .ok()
        .flatten()
        .map_or(0.0, |p| p.get_bounding_client_rect().height());
    let delta = if top < ceiling {
        top - ceiling
    } else if bottom > room {
        (bottom - room).min(top - ceiling)
    } else {
        return;
    };
    // Whole pixels, never past the ceiling (a part of a pixel under a
    // pinned tray hides the top of what is decided on).
    w.scroll_by_with_x_and_y(
        0.0,
        if delta > 0.0 {
            delta.ceil().min((top - ceiling).floor().max(0.0))
        } else {
            delta.floor()
        },
    );
}

/// Adds game `id`'s stylesheet to the page once. Not a `<style>` in the
/// table's view: a table is drawn anew behind every hand-over, and each new
/// stylesheet made the browser restyle the whole page (about 10 ms a tap at
/// 4x throttling).
pub fn ensure_style(id: &str, css: &str) {
    SHEETS.with_borrow_mut(|sheets| {
        if !sheets.iter().any(|(k, _)| k == id) {
            if let Some(sheet) = adopt_sheet(css) {
                sheets.push((id.to_string(), sheet));
            }
        }
    });
}

thread_local! {
    /// The stylesheets made by `ensure_style`, by game id.
    static SHEETS: std::cell::RefCell<Vec<(String, web_sys::CssStyleSheet)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A stylesheet made from text and adopted by the document: CSSOM, which a
/// strict Content-Security-Policy (`style-src 'self'`) allows where it
/// refuses a `<style>` element (issue 39).
pub fn adopt_sheet(css: &str) -> Option<web_sys::CssStyleSheet> {
    let doc = web_sys::window()?.document()?;
    let sheet = web_sys::CssStyleSheet::new().ok()?;
    sheet.replace_sync(css).ok()?;
    let all = doc.adopted_style_sheets();
    all.push(&sheet);
    doc.set_adopted_style_sheets(&all);
    Some(sheet)
}

/// Sets the one stylesheet that points at what a guided game's step wants
/// tapped ("" when no step points).
pub(crate) fn lesson_pointer(css: &str) {
    thread_local! {
        static POINTER: Option<web_sys::CssStyleSheet> = adopt_sheet("");
    }
    POINTER.with(|p| {
        if let Some(p) = p {
            let _ = p.replace_sync(css);
        }
    });
}

/// Escapes text for HTML built as a string.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The `data-act` of the control a click landed in: tables drawn as HTML
/// strings give each control one and a single click handler reads it.
pub fn clicked_act(ev: &leptos::ev::MouseEvent) -> Option<String> {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("[data-act]").ok().flatten())
        .and_then(|el| el.get_attribute("data-act"))
}

/// The entry of the rules' legal list that the control a click landed in
/// stands for (`data-legal`), in tables drawn as HTML strings.
pub fn clicked_legal(ev: &leptos::ev::MouseEvent) -> Option<usize> {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("[data-act]").ok().flatten())
        .and_then(|el| el.get_attribute("data-legal"))
        .and_then(|k| k.parse().ok())
}

thread_local! {
    /// Whether the last input was a key rather than a finger or a mouse.
    static KEYS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static WATCHED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the player is using the keyboard (the last input was a key, not
/// a pointer). A table moves focus only for them: focus follows a keyboard
/// player's place, while for a finger it would only cost time (issue 42:
/// a control that holds focus costs 5 to 11 ms at 4x CPU throttling when
/// the next tap draws it away, as the browser then settles the page's style
/// inside the tap).
pub fn keyboard_in_use() -> bool {
    KEYS.get()
}

/// Starts following which kind of input the player uses (once per page).
pub fn watch_input() {
    use wasm_bindgen::JsCast;
    if WATCHED.replace(true) {
        return;
    }
    let Some(w) = web_sys::window() else { return };
    for (event, keys) in [("keydown", true), ("pointerdown", false)] {
        let f = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || KEYS.set(keys));
        let _ =
            w.add_event_listener_with_callback_and_bool(event, f.as_ref().unchecked_ref(), true);
        f.forget();
    }
}

/// A button pressed with a finger or a mouse does not take focus (as in
/// Safari): a table's tap often draws its button away, and a focused
/// control drawn away costs the browser a style pass inside the tap.
/// Keyboard players' focus is untouched (`keyboard_in_use`).
pub fn no_focus_on_press(ev: &leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let on_button = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("button").ok().flatten())
        .is_some();
    if on_button {
        ev.prevent_default();
    }
}

/// Focuses `el` without scrolling to it: focus follows the player's
/// place for keyboards and screen readers, but the page stays where the
/// app put it (a new turn starts at the table's top; the decision is in the
/// bar).
pub fn focus_in_place(el: &web_sys::HtmlElement) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = el.focus_with_options(&options);
}

/// After such a table is drawn anew: focus the control that was tapped
/// (`act`) again, or else the confirm, so keyboard users keep their place.
pub fn refocus(root: &web_sys::Element, act: &str) {
    use wasm_bindgen::JsCast;
    // Only where focus was lost (its control was drawn anew): focusing
    // forces a layout at once, which a pick alone (the tapped control
    // still there) would pay for nothing.
    if !keyboard_in_use() {
        return;
    }
    let kept = root
        .owner_document()
        .and_then(|d| d.active_element())
        .is_some_and(|e| e.tag_name() != "BODY" && e.is_connected());
    if kept {
        return;
    }
    let el = root
        .query_selector(&format!("[data-act=\"{act}\"]"))
        .ok()
        .flatten()
        .or_else(|| root.query_selector("[data-act=\"go\"]").ok().flatten());
    if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        focus_in_place(&el);
    }
}

/// What a part of a table drawn as an HTML string holds: the element it
/// was drawn into and the HTML.
pub type Drawn = (Option<web_sys::Element>, String);

/// Draws `html` into `el` unless it was drawn there last (`drawn`, updated):
/// a redraw for an unchanged string (a pick marked in place) parses nothing.
/// Whether it drew.
pub fn draw_html(el: &web_sys::Element, drawn: &mut Drawn, html: &str) -> bool {
    if drawn.0.as_ref() == Some(el) && drawn.1 == html {
        return false;
    }
    el.set_inner_html(html);
    *drawn = (Some(el.clone()), html.to_string());
    true
}

/// The elements under `root` that `selector` finds.
pub fn all_of(root: &web_sys::Element, selector: &str) -> Vec<web_sys::Element> {
    use wasm_bindgen::JsCast;
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|k| list.item(k).and_then(|n| n.dyn_into().ok()))
        .collect()
}

/// Marks a control of a table drawn as HTML pressed or not, in place
/// (`aria-pressed` and the `selected` class): a pick draws nothing again.
pub fn mark_pressed(el: &web_sys::Element, on: bool) {
    let _ = el.set_attribute("aria-pressed", if on { "true" } else { "false" });
    let _ = el.class_list().toggle_with_force("selected", on);
}

/// A table's HTML in parts, so that a change redraws only the elements it
/// touches (issue 42: a move or a pick parsed a whole pad or board again,
/// 230 to 500 elements): `frame[0] groups[0] frame[1] groups[1] …
/// frame[n]`, where each part of a group is one element, drawn as a child
/// (in order, and nothing else) of the element its selector finds
/// (`draw_parts`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HtmlParts {
    pub frame: Vec<String>,
    pub groups: Vec<Vec<String>>,
}

impl HtmlParts {
    /// The whole HTML.
    pub fn html(&self) -> String {
        let mut out = String::new();
        for (i, f) in self.frame.iter().enumerate() {
            out.push_str(f);
            if let Some(g) = self.groups.get(i) {
                g.iter().for_each(|p| out.push_str(p));
            }
        }
        out
    }
}

/// Draws `parts` into `host`. `drawn` is what was drawn last and where:
/// when it was drawn into this same `host` with the same frame and as many
/// elements in each group, only the elements whose part changed are drawn
/// again (found through `selectors`, one per group); else all of it.
pub fn draw_parts(
    host: &web_sys::Element,
    drawn: &mut Option<(web_sys::Element, HtmlParts)>,
    parts: HtmlParts,
    selectors: &[&str],
) {
    use wasm_bindgen::JsCast;
    let before = drawn
        .as_ref()
        .filter(|(el, p)| {
            el == host
                && p.frame == parts.frame
                && p.groups.len() == parts.groups.len()
                && p.groups
                    .iter()
                    .zip(&parts.groups)
                    .all(|(a, b)| a.len() == b.len())
        })
        .map(|(_, p)| p);
    let patched = before.is_some_and(|before| {
        let mut changes = Vec::new();
        for (k, (old, new)) in before.groups.iter().zip(&parts.groups).enumerate() {
            let Some(children) = selectors
                .get(k)
                .and_then(|sel| host.query_selector(sel).ok().flatten())
                .and_then(|c| c.query_selector_all(":scope > *").ok())
                .filter(|c| c.length() as usize == new.len())
            else {
                return false;
            };
            for (i, (a, b)) in old.iter().zip(new).enumerate() {
                if a != b {
                    match children
                        .item(i as u32)
                        .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                    {
                        Some(el) => changes.push((el, b)),
                        None => return false,
                    }
                }
            }
        }
        for (el, html) in changes {
            el.set_outer_html(html);
        }
        true
    });
    if !patched {
        host.set_inner_html(&parts.html());
    }
    *drawn = Some((host.clone(), parts));
}
