//! The guided first game (the lesson): a seeded game whose steps point at
//! the controls to tap and say why.

use crate::i18n::*;

/// Seed 277 against a casual computer, the person playing the strong
/// player's moves (`rules/examples/lesson_search.rs gnoming`): a
/// Mulligan in the opening, a draw placed over a face-down card, a card
/// taken back from a discard pile, a bounce that turns up a Hazard, and
/// a Hazard drawn and discarded.
pub(super) fn lesson() -> Option<crate::contract::Lesson> {
    use crate::contract::{Lesson, Step};
    use serde_json::json;
    let step = Step::new;
    Some(Lesson {
        seed: 277,
        computers: 1,
        options: json!({}),
        steps: vec![
            step(
                0,
                Some(json!({"reveal": {"pos": 4}})),
                "[data-testid=gn-mine] [data-act=s4], [data-testid=confirm]",
                |l| td_string!(l, gn_lesson_1).to_string(),
            ),
            step(
                1,
                Some(json!({"reveal": {"pos": 0}})),
                "[data-testid=gn-mine] [data-act=s0], [data-testid=confirm]",
                |l| td_string!(l, gn_lesson_2).to_string(),
            ),
            step(4, Some(json!("draw")), "[data-testid=gn-draw]", |l| {
                td_string!(l, gn_lesson_3).to_string()
            }),
            step(
                5,
                Some(json!({"place": {"pos": 5}})),
                "[data-testid=gn-mine] [data-act=s5], [data-testid=confirm]",
                |l| td_string!(l, gn_lesson_4).to_string(),
            ),
            step(
                6,
                Some(json!({"discard": {"pile": 1}})),
                "[data-testid=gn-discard-1]",
                |l| td_string!(l, gn_lesson_5).to_string(),
            ),
            step(
                10,
                Some(json!({"take": {"pile": 1}})),
                "[data-testid=gn-pile-1]",
                |l| td_string!(l, gn_lesson_6).to_string(),
            ),
            step(
                11,
                Some(json!({"place": {"pos": 7}})),
                "[data-testid=gn-mine] [data-act=s7], [data-testid=confirm]",
                |l| td_string!(l, gn_lesson_7).to_string(),
            ),
            step(
                12,
                Some(json!({"bounce": {"pos": 2}})),
                "[data-testid=gn-mine] [data-act=s2], [data-testid=confirm]",
                |l| td_string!(l, gn_lesson_8).to_string(),
            ),
            step(16, Some(json!("draw")), "[data-testid=gn-draw]", |l| {
                td_string!(l, gn_lesson_9).to_string()
            }),
            step(17, Some(json!("remove")), "[data-testid=gn-remove]", |l| {
                td_string!(l, gn_lesson_10).to_string()
            }),
            step(22, None, "", |l| td_string!(l, gn_lesson_11).to_string()),
        ],
    })
}
