//! Gnoming A Round on screen: the draw pile with its count, both discard
//! piles' tops, the card in hand, the layout of the player who decides now
//! (large) and everyone else's (small, face-down cards as backs), the score
//! table across the three rounds, the last moves, and at a round's end every
//! layout turned up with the score of each row, column and card.
//!
//! A tap on a layout position picks it and a confirm names what will
//! happen; draw, take, discard and the Hazard answers are single taps. Like
//! Minesweeper's board, the table is HTML strings with one click handler.
//!
//! What is where: `view` is the table of play (the component and its
//! HTML), `entry` the round scorer for real cards (R-GN-14), `html` the
//! pieces both draw (cards, round summaries, the score table) and the rules
//! dialog's figures, `ui` what the table shows besides the game state,
//! `texts` the names and sentences, `lesson` the guided first game.

mod entry;
mod html;
mod lesson;
mod texts;
mod ui;
mod view;

pub use texts::{card_name, pos_name};

use crate::contract::{GameView, TableCtx};
use crate::i18n::*;
use crate::platform::sound::Cue;
use leptos::prelude::*;
use rules::gnoming::{real, Action, Error, Event, Gnoming, View};
use view::GnTable;

impl GameView for Gnoming {
    const STYLE: &'static str = include_str!("style.css");
    const DEFAULT_SEATS: usize = 3;

    fn replay_hint(l: Locale) -> Option<String> {
        Some(td_string!(l, replay_hint_gn).to_string())
    }

    fn name(l: Locale) -> String {
        td_string!(l, name_gnoming).to_string()
    }

    fn pitch(l: Locale) -> String {
        td_string!(l, pitch_gnoming).to_string()
    }

    fn table(ctx: TableCtx<Self>) -> AnyView {
        view! { <GnTable ctx/> }.into_any()
    }

    fn lesson() -> Option<crate::contract::Lesson> {
        lesson::lesson()
    }

    fn move_text(v: &View, action: &Action, l: Locale) -> String {
        texts::move_text(v, action, l)
    }

    fn coach_value(_c: &rules::Weighed<Action>, number: &str, l: Locale) -> String {
        td_string!(l, gn_coach_value, v = number).to_string()
    }

    fn error_text(e: &Error, l: Locale) -> String {
        texts::error_text(e, l)
    }

    fn option_label(key: &str, l: Locale) -> String {
        match key {
            real::OPTION => td_string!(l, opt_real_cards).to_string(),
            other => other.to_string(),
        }
    }

    fn announce(_v: &View, events: &[Event], names: &[String], l: Locale) -> Vec<String> {
        texts::announce(events, names, l)
    }

    fn entering(v: &View, names: &[String], l: Locale) -> Option<crate::contract::Entering> {
        let rules::gnoming::Stage::Entry { at } = &v.stage else {
            return None;
        };
        Some(crate::contract::Entering {
            banner: match at {
                Some((seat, _)) => {
                    td_string!(l, gn_entering, name = texts::name_of(names, *seat)).to_string()
                }
                None => td_string!(l, gn_entering_round, n = v.round + 1).to_string(),
            },
            undo: td_string!(l, gn_undo_entry).to_string(),
            seat: at.map(|(seat, _)| seat),
        })
    }

    fn vibrates(events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e, Event::Removed { .. }))
    }

    fn cue(events: &[Event]) -> Option<Cue> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Drew { .. }
                | Event::Took { .. }
                | Event::Placed { .. }
                | Event::TurnedUp { .. }
                | Event::Bounced { .. }
                | Event::Discarded { .. }
                | Event::Flipped { .. }
                | Event::Revealed { .. }
                | Event::Dealt { .. } => Some(Cue::Card),
                Event::Removed { .. } => Some(Cue::Boom),
                Event::RoundOver { .. } => Some(Cue::Chime),
                Event::GameOver => Some(Cue::Fanfare),
                _ => None,
            })
            .max()
    }

    fn rules() -> AnyView {
        crate::table::rules_view(
            keys::gn_rules_title,
            &[
                keys::gn_rules_1,
                keys::gn_rules_2,
                keys::gn_rules_3,
                keys::gn_rules_4,
                keys::gn_rules_5,
                keys::gn_rules_6,
                keys::gn_rules_7,
                keys::gn_rules_8,
            ],
            &[(1, html::deck_table), (8, html::worked_example)],
            Vec::new(),
        )
    }
}
