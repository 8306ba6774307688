//! Short sounds made on the spot with the Web Audio API, no files (issue
//! 40): dice, a card, a cross, a tick, a mine, a chime for something
//! finished, a fanfare at the end of a game. A game says which of its
//! events sound (`GameView::cue`); the host plays the strongest of a move.
//! On by default and switched in the settings (home screen, every table's
//! Players dialog); never under a reduced-motion preference. The audio
//! context is only made inside a tap (browsers refuse to start one
//! otherwise), so a computer's move sounds once a person has tapped.

use std::cell::RefCell;

/// What a move sounds like, weakest first: a move plays its strongest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cue {
    /// A quiet step: a cell explored, a value parked.
    Tick,
    /// A cross or an entry on a sheet, a mark.
    Cross,
    /// A card drawn, taken, placed or turned.
    Card,
    /// Dice thrown.
    Dice,
    /// A mine, a failed mark, a Hazard leaving the game.
    Boom,
    /// Something finished: a lane, a round, a player's sheet.
    Chime,
    /// The end of the game.
    Fanfare,
}

thread_local! {
    static CTX: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
    /// The reduced-motion query, asked once (a new query per move cost a
    /// tap about half a millisecond at 4x CPU throttling).
    static REDUCED: Option<web_sys::MediaQueryList> = web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten());
}

/// Whether sounds may play: no reduced-motion preference (the setting is
/// the caller's, `store::Settings::sound`).
fn allowed() -> bool {
    !REDUCED.with(|m| m.as_ref().is_some_and(|m| m.matches()))
}

/// Plays `cue` (`tapped`: inside a person's tap, where the audio context
/// may be made or woken). The caller checks the setting. The context is
/// made or woken here, inside the tap; the notes are set up once the tap's
/// frame is drawn (issue 42: the oscillators cost a tap 2 to 4 ms at 4x CPU
/// throttling; the dice still sound within a frame or two of the tap).
pub fn play(cue: Cue, tapped: bool) {
    if !allowed() {
        return;
    }
    let ready = CTX.with_borrow_mut(|ctx| {
        if ctx.is_none() && tapped {
            *ctx = web_sys::AudioContext::new().ok();
        }
        let Some(ctx) = ctx.as_ref() else {
            return false;
        };
        if ctx.state() == web_sys::AudioContextState::Suspended {
            if !tapped {
                return false;
            }
            let _ = ctx.resume();
        }
        true
    });
    if ready {
        crate::platform::frame::after_paint(move || sound(cue));
    }
}

/// The notes of `cue`, from now on.
fn sound(cue: Cue) {
    CTX.with_borrow(|ctx| {
        let Some(ctx) = ctx.as_ref() else { return };
        let t = ctx.current_time() + 0.01;
        let rnd = js_sys::Math::random;
        use web_sys::OscillatorType::{Sine, Square, Triangle};
        match cue {
            Cue::Tick => tone(ctx, Sine, 880.0, 880.0, t, 0.04, 0.12),
            Cue::Cross => tone(ctx, Triangle, 1300.0, 1100.0, t, 0.06, 0.14),
            Cue::Card => tone(ctx, Triangle, 900.0, 240.0, t, 0.09, 0.16),
            Cue::Dice => {
                // A few clicks of dice on the table, not quite in step.
                let mut at = t;
                for _ in 0..5 {
                    let f = (180.0 + 260.0 * rnd()) as f32;
                    tone(ctx, Square, f, f * 0.7, at, 0.03, 0.06);
                    at += 0.035 + 0.04 * rnd();
                }
            }
            Cue::Boom => tone(ctx, Sine, 150.0, 38.0, t, 0.5, 0.45),
            Cue::Chime => {
                tone(ctx, Sine, 660.0, 660.0, t, 0.3, 0.18);
                tone(ctx, Sine, 990.0, 990.0, t + 0.12, 0.4, 0.16);
            }
            Cue::Fanfare => {
                for (i, f) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                    let at = t + 0.13 * i as f64;
                    tone(ctx, Triangle, f, f, at, if i == 3 { 0.6 } else { 0.2 }, 0.2);
                }
            }
        }
    });
}

/// One note: an oscillator from `from` to `to` Hz over `dur` seconds from
/// `at`, at `vol`, fading out.
#[allow(clippy::too_many_arguments)]
fn tone(
    ctx: &web_sys::AudioContext,
    kind: web_sys::OscillatorType,
    from: f32,
    to: f32,
    at: f64,
    dur: f64,
    vol: f32,
) {
    let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
        return;
    };
    osc.set_type(kind);
    let f = osc.frequency();
    let _ = f.set_value_at_time(from, at);
    if to != from {
        let _ = f.exponential_ramp_to_value_at_time(to, at + dur);
    }
    let g = gain.gain();
    let _ = g.set_value_at_time(vol, at);
    let _ = g.exponential_ramp_to_value_at_time(0.001, at + dur);
    let _ = osc.connect_with_audio_node(&gain);
    let _ = gain.connect_with_audio_node(&ctx.destination());
    let _ = osc.start_with_when(at);
    let _ = osc.stop_with_when(at + dur + 0.02);
}
