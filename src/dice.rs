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
    // The body and pips as one string: one DOM call per die, not one per
    // attribute of each pip (a roll redraws every die).
    let mut inner = String::from(
        "<rect x=\"4\" y=\"4\" width=\"92\" height=\"92\" rx=\"18\" class=\"die-body\"/>",
    );
    for &(x, y) in pips(face) {
        inner.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"9\" class=\"pip\"/>"
        ));
    }
    view! {
        <svg class=class viewBox="0 0 100 100" role="img" aria-label=label data-face=face.to_string() inner_html=inner></svg>
    }
}
