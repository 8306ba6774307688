//! SVG dice with pips.

use crate::i18n::*;
use leptos::prelude::*;

/// Pip centres for faces 1..6 on a 0..100 square.
pub fn pips(face: u8) -> &'static [(u8, u8)] {
    const L: u8 = 27;
    const M: u8 = 50;
    const H: u8 = 73;
    match face {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        6 => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
        _ => &[],
    }
}

/// Puts face `face`'s body and pips into a die's `<svg>` (a directive:
/// runs when the die is built or drawn again). Each face is parsed once
/// and cloned after that: an `inner_html` ran the HTML parser for every
/// die, a throw's largest DOM cost (about 1 ms a die at 4x throttling).
fn face_parts(svg: web_sys::Element, face: u8) {
    thread_local! {
        static FACES: std::cell::RefCell<Vec<Option<web_sys::DocumentFragment>>> =
            std::cell::RefCell::new(vec![None; 7]);
    }
    let face = if face <= 6 { face } else { 0 };
    let parts = FACES.with_borrow_mut(|faces| {
        faces[usize::from(face)]
            .get_or_insert_with(|| parse_face(&svg, face))
            .clone_node_with_deep(true)
    });
    if let Ok(parts) = parts {
        svg.replace_children_with_node_1(&parts);
    }
}

/// A face's parts, parsed in a die's `<svg>` (so as SVG) and moved into a
/// fragment to clone from.
fn parse_face(svg: &web_sys::Element, face: u8) -> web_sys::DocumentFragment {
    let mut inner = String::from(
        "<rect x=\"4\" y=\"4\" width=\"92\" height=\"92\" rx=\"18\" class=\"die-body\"/>",
    );
    for &(x, y) in pips(face) {
        inner.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"9\" class=\"pip\"/>"
        ));
    }
    svg.set_inner_html(&inner);
    let doc = svg.owner_document().unwrap_or_else(document);
    let parts = doc.create_document_fragment();
    while let Some(child) = svg.first_child() {
        let _ = parts.append_child(&child);
    }
    parts
}

/// A die as `DieFace` draws it, as HTML, for tables drawn as strings:
/// `class` follows "die" (e.g. " rolling green"), `label` is its name for
/// screen readers.
pub fn die_html(face: u8, class: &str, label: &str) -> String {
    let mut h = format!(
        "<svg class=\"die{}\" viewBox=\"0 0 100 100\" role=\"img\" aria-label=\"{}\" data-face=\"{face}\"><rect x=\"4\" y=\"4\" width=\"92\" height=\"92\" rx=\"18\" class=\"die-body\"/>",
        crate::table::dom::esc(class),
        crate::table::dom::esc(label)
    );
    for &(x, y) in pips(face) {
        h.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"9\" class=\"pip\"/>"
        ));
    }
    h.push_str("</svg>");
    h
}

/// A die face as an SVG image. `extra_class` marks it (held, target, ...);
/// `rolling` plays the short roll animation (none under reduced motion).
#[component]
pub fn DieFace(
    face: u8,
    #[prop(optional, into)] extra_class: String,
    #[prop(optional)] rolling: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let label = move || td_string!(i18n.get_locale(), die_label, n = face).to_string();
    let class = format!(
        "die{}{}",
        if rolling { " rolling" } else { "" },
        if extra_class.is_empty() {
            String::new()
        } else {
            format!(" {extra_class}")
        }
    );
    view! {
        <svg class=class viewBox="0 0 100 100" role="img" aria-label=label data-face=face.to_string() use:face_parts=face></svg>
    }
}
