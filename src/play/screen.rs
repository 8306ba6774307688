//! The play screen, compiled once for every game: it draws a `Session` (who
//! decides now, the hand-over screen, the table of the seat at the device,
//! the result) and performs what the session returns: it writes what the
//! session asks to write, runs the timers the session schedules, makes a
//! move felt, and says what the session says about it. It decides nothing:
//! whose tap counts, the lesson's gate, what may be said behind a hand-over,
//! when a computer plays and how storage is freed are the session's.

use crate::contract::{GameEntry, Pick, TableLink, Tap, Viewpoint};
use crate::i18n::*;
use crate::platform::device;
use crate::platform::lang::LangSwitch;
use crate::play::dialogs::{
    CheersSetting, Dialog, LessonButton, LevelSelect, OptionsSummary, SoundSetting, SpeedSetting,
};
use crate::play::result::{Cheering, GameResult};
use crate::play::session::{
    Block, Change, Decision, Feel, Free, Moment, Session, Tapped, Written, TRIM,
};
use crate::routes::{navigate, Link};
use crate::store::{self, SavedGame};
use leptos::prelude::*;
use rules::{Level, Seat, SeatKind};
use std::time::Duration;

/// After a tap re-renders the table, the control that had focus may be gone;
/// keyboard players then continue from the game's primary control
/// (`data-primary`) instead of the top of the page. Not after a finger's
/// tap: a focused control the next tap draws away costs that tap a style
/// pass (`crate::table::keyboard_in_use`).
fn keep_focus() {
    if !crate::table::keyboard_in_use() {
        return;
    }
    request_animation_frame(|| {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let lost = doc.active_element().is_none_or(|e| e.tag_name() == "BODY");
        if !lost {
            return;
        }
        if let Ok(Some(el)) = doc.query_selector("main [data-primary]:not([disabled])") {
            if let Some(el) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&el) {
                crate::table::focus_in_place(el);
            }
        }
    });
}

/// Resolves once the frame a tap changed is drawn: a task after the next
/// animation frame, or after 100 ms where no frame comes (a hidden page).
async fn after_frame() {
    let frame = js_sys::Promise::new(&mut |resolve, _| {
        crate::platform::frame::after_paint(move || {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        });
    });
    let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
}

/// Opens a saved game of `entry`: replays it and hosts it, or moves it aside
/// and says why.
pub fn open(entry: GameEntry, saved: SavedGame) -> AnyView {
    let key = saved.key();
    match Session::open(entry, saved) {
        Ok(session) => {
            // The home screen's list holds the game as opened (`store::index`;
            // a game just started has no line yet), once its table is drawn.
            if session.moves() == session.meta().move_count() {
                let (meta, turn) = (session.meta().clone(), session.turn());
                crate::platform::frame::after_paint(move || store::note_written(&meta, turn));
            }
            view! { <PlayScreen session/> }.into_any()
        }
        Err(reason) => {
            store::quarantine(&key);
            view! { <crate::play::recovery::Unreadable reason/> }.into_any()
        }
    }
}

/// Makes a move felt as the session says: a vibration, a sound, a
/// celebration.
fn perform(feel: Feel, tapped: bool, Cheering(cheer): Cheering) {
    if let Some(c) = feel.cheer {
        cheer.try_set(Some(c));
    }
    if feel.vibrate {
        device::vibrate_roll();
    }
    if let Some(cue) = feel.cue {
        crate::platform::sound::play(cue, tapped);
    }
}

/// Renders a `Session`: the table, who decides now, the hand-over screen,
/// the result; it hands taps to the session, writes what the session asks
/// to write, paces the computer seats and announces what happened.
#[component]
fn PlayScreen(session: Session) -> impl IntoView {
    let i18n = use_i18n();
    let entry = session.entry();
    let session = RwSignal::new(session);
    // What the live region says of the last move, in both languages, so a
    // language switch does not leave it in the other (issue 40).
    let announcement = RwSignal::new(Vec::<(Locale, String)>::new());
    // The last move in words (with more than one seat), kept until the next.
    // The last move's line, and the turn it is part of, step by step.
    type Said = Vec<(Locale, String)>;
    type Steps = Vec<(Locale, Vec<String>)>;
    let last_move = RwSignal::new(None::<(Said, Steps)>);
    // After how many moves the last move was told.
    let told_at = RwSignal::new(None::<usize>);
    // The move just made, shown on the hand-over screen of a game with
    // secrets (the table is hidden there).
    let handover_last = RwSignal::new(None::<Vec<(Locale, String)>>);
    let error = RwSignal::new(None::<Text>);
    let notice = RwSignal::new(None::<Text>);
    let moment = RwSignal::new(None::<Moment>);
    let cheer = RwSignal::new(None::<Vec<(Locale, String)>>);
    // A personal best is celebrated only when the game ends here.
    let ended_here = session.with_untracked(|s| s.outcome().is_none());
    let cheering = Cheering(cheer);
    provide_context(cheering);
    let show_rules = RwSignal::new(false);
    let show_players = RwSignal::new(false);
    let rules_btn = NodeRef::<leptos::html::Button>::new();
    let players_btn = NodeRef::<leptos::html::Button>::new();

    let moves = Memo::new(move |_| session.with(|s| s.moves()));
    let epoch = Memo::new(move |_| session.with(|s| s.live().epoch()));
    let saving = Memo::new(move |_| session.with(|s| s.saving()));
    let block = Memo::new(move |_| session.with(|s| s.block()));
    let seats = Memo::new(move |_| session.with(|s| s.seats()));
    // Names as shown: a default name follows the language.
    let names = Memo::new(move |_| {
        let l = i18n.get_locale();
        seats.with(|s| crate::i18n::shown_names(s.iter().map(|s| s.name.as_str()), l))
    });
    let cpu = Memo::new(move |_| {
        seats.with(|s| {
            s.iter()
                .map(|s| s.kind == SeatKind::Computer)
                .collect::<Vec<_>>()
        })
    });
    let turn = Memo::new(move |_| session.with(|s| s.turn()));
    let human_to_act = Memo::new(move |_| session.with(|s| s.human_to_act()));
    let held = Memo::new(move |_| session.with(|s| s.held()));
    let handover_needed = Memo::new(move |_| session.with(|s| s.handover_needed()));
    let acting = Memo::new(move |_| {
        let moment = moment.get().is_some();
        session.with(|s| s.acting(moment))
    });
    let undo_seat = Memo::new(move |_| session.with(|s| s.undo_seat()));
    // Real cards: one person enters every layout, so the header names whose
    // cards go in, and a take-back is of the last entry (issue 40).
    let entering = Memo::new(move |_| {
        let l = i18n.get_locale();
        session.with(|s| s.live().entering(l))
    });
    let outcome = Memo::new(move |_| {
        moves.track();
        session.with(|s| s.outcome())
    });
    // Behind the hand-over screen of a game with secrets the table is not
    // shown: its picture stays as it was, and the next holder's is drawn
    // when they take the device. (Drawing the next one in the tap that
    // brings the hand-over, for a board nobody sees, tripled the time of
    // such a tap: 19 to 53 ms.)
    let private = entry.private_info;
    let frame = Memo::new(move |before: Option<&Viewpoint>| match before {
        Some(b) if private && handover_needed.get().is_some() => *b,
        _ => Viewpoint {
            seat: acting.get(),
            epoch: epoch.get(),
            moves: moves.get(),
            replay: false,
        },
    });

    // The computer seats' pace (the Players dialog sets it).
    let speed = RwSignal::new(store::load_settings().speed);
    // After a move: if the device changes hands, or a computer's turn just
    // ended, "NAME's turn" stands for a moment before their controls
    // answer (the session decides when and how long).
    let start_moment = move || {
        let now = session.with_untracked(|s| s.moment_after(speed.get_untracked()));
        if let Some(m) = now {
            moment.set(Some(m));
            let n = moves.get_untracked();
            set_timeout(
                move || {
                    if moves.try_get_untracked() == Some(n) {
                        moment.try_set(None);
                    }
                },
                Duration::from_millis(m.ms),
            );
        }
    };

    // What a finished write means on screen.
    let after = move |w: Written| match w {
        Written::Saved(change) => {
            error.set(None);
            if let Change::Move { human, .. } = change {
                notice.set(None);
                if human {
                    keep_focus();
                }
                let told = session.with_untracked(|s| s.told(change));
                if let Some(live) = told.live {
                    announcement.set(live);
                }
                handover_last.set(told.handover);
                // Once shown it keeps its place, so nothing under a finger
                // moves.
                if let Some(line) = told.last_move {
                    last_move.set(Some((line, told.turn.unwrap_or_default())));
                }
                told_at.set(Some(moves.get_untracked()));
                // A computer's moment starts with its move (`run_computer`).
                if human {
                    start_moment();
                }
                // The write lands after the tap's frame, and what it adds
                // above the table (the last move's line) may push the part
                // the decision is about down: brought into view again.
                if acting.get_untracked().is_some() || held.get_untracked() {
                    crate::table::after_paint(crate::table::bring_decision_into_view);
                }
            }
        }
        Written::Reloaded => {
            moment.set(None);
            last_move.set(None);
            error.set(None);
            notice.set(Some(Text::new(|l| td_string!(l, synced).to_string())));
        }
        Written::Full | Written::Gone | Written::Nothing => {}
    };

    // Writes what the session asks to, then the next write if one queued.
    fn save(
        session: RwSignal<Session>,
        next: SavedGame,
        after: impl Fn(Written) + Copy + 'static,
        cheering: Cheering,
    ) {
        leptos::task::spawn_local(async move {
            // The move is journaled in its tap (`Session::write`); the
            // write through the gate starts once the tap's frame is drawn
            // (issue 42: its transaction cost a tap about 2 ms at 4x CPU
            // throttling).
            after_frame().await;
            let result = store::commit(next).await;
            // The home screen's list follows the game (`store::index`),
            // where the game written is the one on the table.
            if let Ok(g) = &result {
                let turn = session
                    .try_with_untracked(|s| (s.moves() == g.move_count()).then(|| s.turn()))
                    .flatten();
                if let Some(turn) = turn {
                    store::note_written(g, turn);
                }
            }
            let Some((written, again)) = session.try_update(|s| s.written(result)) else {
                return; // the screen is gone
            };
            // A tap kept while the write was on its way made its move now.
            if let Some(before) = session.try_update(|s| s.take_late()).flatten() {
                perform(session.with_untracked(|s| s.feel(before)), false, cheering);
            }
            after(written);
            if let Some(next) = again {
                save(session, next, after, cheering);
            }
        });
    }
    let write = move |next: Option<SavedGame>| {
        if let Some(next) = next {
            save(session, next, after, cheering);
        }
    };

    // Another tab's writes reach this one through the `storage` event.
    {
        let key = session.with_untracked(|s| s.meta().key());
        let w = store::watch(key, move || {
            if session.try_update(|s| s.stored_changed()) == Some(true) {
                moment.set(None);
                error.set(None);
                notice.set(Some(Text::new(|l| td_string!(l, synced).to_string())));
            }
        });
        StoredValue::new_local(w);
    }

    // A table's tap, for the seat acting on this device.
    let act = Callback::new(move |tap: Tap| {
        let Some(seat) = acting.get_untracked() else {
            return;
        };
        match session.try_update(|s| s.play(Decision::Tap { seat, tap })) {
            Some(Tapped::Moved(next, feel)) => {
                // Felt (and heard) at the tap, not after the write (a few
                // ms later).
                perform(feel, true, cheering);
                write(Some(next));
            }
            Some(Tapped::Refused(why)) => error.set(Some(Text::new(move |l| {
                td_string!(l, not_allowed, reason = why.get(l)).to_string()
            }))),
            _ => {}
        }
    });

    // A phone's message (issue 41): the session plays it like any move.
    let on_message = Callback::new(move |(link, text): (rules::remote::Link, String)| {
        if let Some(Tapped::Moved(next, feel)) =
            session.try_update(|s| s.play(Decision::Remote { link, text }))
        {
            perform(feel, false, cheering);
            write(Some(next));
        }
    });
    // The phones' panel stands while any seat is played on another phone.
    // Not for a finished game opened later: its phones have left the table.
    let over_at_open = session.with_untracked(|s| s.outcome().is_some());
    let phones = Memo::new(move |_| !over_at_open && seats.with(|s| s.iter().any(|x| x.remote)));
    let link_state = RwSignal::new(None::<&'static str>);

    let undo = move || {
        let next = session.try_update(|s| s.undo()).flatten();
        if next.is_some() {
            moment.set(None);
            error.set(None);
            last_move.set(None);
        }
        write(next);
    };

    let marks = session.with_untracked(|s| s.marks());
    let coached = marks.coach;
    // With a computer seat or the coach (the same player), build its
    // tables once the table is on screen, not at its first decision: small
    // steps, as many per task as fit in 4 ms, so a tap in between is
    // answered at once (issue 42: a table built in one piece blocked a
    // throttled phone for about 200 ms just after the table showed; a
    // slice of a third of a row, up to 17 ms at 4x, still made the table's
    // first seconds Lighthouse's longest tasks). A fast device takes few
    // tasks; a slow one, one step each.
    if coached || seats.with_untracked(|s| s.iter().any(|x| x.kind == SeatKind::Computer)) {
        fn slice(session: RwSignal<Session>) {
            device::mark("spielblock:warm-up-slice-start");
            let start = crate::platform::frame::now();
            let done = loop {
                let done = session
                    .try_with_untracked(|s| s.live().warm_up())
                    .unwrap_or(true);
                if done || crate::platform::frame::now() - start >= 4.0 {
                    break done;
                }
            };
            device::measure_since("spielblock:warm-up-slice", "spielblock:warm-up-slice-start");
            if done {
                device::measure_since("spielblock:warm-up", "spielblock:warm-up-start");
            } else {
                set_timeout(move || slice(session), Duration::ZERO);
            }
        }
        set_timeout(
            move || {
                device::mark("spielblock:warm-up-start");
                slice(session);
            },
            Duration::from_millis(100),
        );
    }

    // Focus follows keyboard players only (`keep_focus`).
    crate::table::watch_input();
    // The screen stays awake while a game is on it.
    device::keep_awake();
    on_cleanup(device::release_wake_lock);

    // Computer seats act on their own, one decision at a time, after the
    // pause the speed setting asks for (longer while a person may still
    // take back their decision); "skip to my turn" plays them at once until
    // a person decides again.
    let run_computer = move |n: usize| {
        device::mark("spielblock:computer-start");
        let played = session.try_update(|s| s.play(Decision::Computer { moves: n }));
        device::measure_since("spielblock:computer", "spielblock:computer-start");
        if let Some(Tapped::Moved(next, feel)) = played {
            perform(feel, false, cheering);
            // In the same tick as the move, so the person's table does not
            // flash up before the moment that keeps the computer's last
            // step in view.
            start_moment();
            write(Some(next));
        }
    };
    // The session schedules each computer move once, with its pause.
    Effect::new(move |_| {
        session.track();
        let due = session
            .try_update_untracked(|s| s.schedule_computer(speed.get_untracked()))
            .flatten();
        if let Some((n, pause)) = due {
            set_timeout(move || run_computer(n), Duration::from_millis(pause));
        }
    });
    let skip = move |_| {
        if let Some(n) = session.try_update_untracked(|s| s.skip()).flatten() {
            run_computer(n);
        }
    };
    let has_person =
        Memo::new(move |_| seats.with(|s| s.iter().any(|x| x.kind == SeatKind::Human)));
    let skip_offered = Memo::new(move |_| session.with(|s| s.skip_offered()));

    // A new turn starts at the top of the table, where its first decision
    // is (dice to choose, piles to draw from, the board); the decision's
    // controls are in the bar at the bottom anyway.
    let turn_key = Memo::new(move |_| (turn.get(), session.with(|s| s.live().turn())));
    Effect::new(move |first: Option<()>| {
        turn_key.track();
        if first.is_some() && human_to_act.get_untracked().is_some() {
            if let Some(w) = web_sys::window() {
                if w.scroll_y().unwrap_or(0.0) > 0.0 {
                    w.scroll_to_with_x_and_y(0.0, 0.0);
                }
            }
        }
    });
    // Whenever a person decides, the part of the table the decision is
    // about (what a table marks `data-decide`: a layout, the lanes) is
    // brought above the decision bar, scrolling as little as it can.
    Effect::new(move |_| {
        // Measured once the table's move is painted (its layout is then
        // done: measuring earlier would make the browser lay the page out
        // inside the tap).
        // A table holding play (a round's summary) is a decision too,
        // whoever's turn it is.
        if frame.get().seat.is_some() || held.get() {
            crate::table::after_paint(crate::table::bring_decision_into_view);
        }
    });

    // Behind the hand-over screen the live region must not keep what the
    // last seat was told (a failed mark's cell, say): the next player
    // could read it.
    Effect::new(move |_| {
        handover_needed.track();
        if session.with_untracked(|s| s.hides_secrets()) {
            announcement.set(Vec::new());
        }
    });

    let confirm_handover = move |seat: Seat| {
        handover_last.set(None);
        write(session.try_update(|s| s.confirm_handover(seat)).flatten())
    };
    // A guided first game keeps its seats: its steps follow them.
    let in_lesson = marks.lesson;
    let seats_fixed = Memo::new(move |_| session.with(|s| s.seats_fixed()));
    // Real cards: no computer can hold them (`rules::Game::people_only`).
    let people_only = session.with_untracked(|s| s.people_only());
    let set_seat = move |seat: Seat, kind: SeatKind, level: Level| {
        write(
            session
                .try_update(|s| s.set_seat(seat, kind, level))
                .flatten(),
        )
    };
    let set_remote = move |seat: Seat, remote: bool| {
        write(session.try_update(|s| s.set_remote(seat, remote)).flatten())
    };
    let take_over = Callback::new(move |seat: Seat| set_remote(seat, false));
    // Issue 43: a level's data (the expert's table) loads while the
    // computers wait; if it cannot, its seats play a level lower.
    let level_note = crate::play::levels::watch(
        entry,
        crate::play::levels::WatchLevels {
            seats: seats.into(),
            coach: marks.coach,
            over: Signal::derive(move || outcome.get().is_some()),
            hold: Callback::new(move |on| {
                if session.try_update_untracked(|s| s.await_level(on)) == Some(true) {
                    session.update(|_| {});
                }
            }),
            set_level: Callback::new(move |(s, level)| set_seat(s, SeatKind::Computer, level)),
        },
    );

    let name_of = move |s: Seat| names.with(|n| n.get(s).cloned().unwrap_or_default());
    let banner = move || {
        let l = i18n.get_locale();
        if outcome.with(Option::is_some) {
            return td_string!(l, game_over).to_string();
        }
        let Some(s) = turn.get() else {
            return String::new();
        };
        if let Some(e) = entering.get() {
            return e.banner;
        }
        // Across phones, several may decide at once (R-CH-8): the host
        // names everyone still deciding.
        let deciding = session.with(|x| x.deciding());
        if deciding.len() > 1 {
            let names: Vec<String> = deciding.into_iter().map(name_of).collect();
            return td_string!(l, deciding_list, names = names.join(", ")).to_string();
        }
        let info = seats.with(|seats| seats[s].clone());
        let name = name_of(s);
        if info.kind == SeatKind::Computer {
            td_string!(l, computer_playing, name = name).to_string()
        } else if info.remote {
            td_string!(l, remote_turn, name = name).to_string()
        } else {
            td_string!(l, turn_of, name = name).to_string()
        }
    };
    let game_name = move || (entry.name)(i18n.get_locale());
    // The coach (issue 25): its answer is for the decision at hand, in the
    // language shown; a move closes it.
    let hint_open = RwSignal::new(None::<usize>);
    // Any move, a take-back included, closes it.
    Effect::watch(
        move || moves.get(),
        move |_, _, _| hint_open.set(None),
        false,
    );
    let hints = Memo::new(move |_| {
        let at = hint_open.get()?;
        let seat = acting.get()?;
        (at == moves.get()).then(|| {
            device::mark("spielblock:hint-start");
            let h = session.with_untracked(|s| s.live().hints(seat, i18n.get_locale()));
            device::measure_since("spielblock:hint", "spielblock:hint-start");
            h
        })
    });
    // A computer's newest step, in the decision bar while it plays and for
    // the moment its last step stands (the session's `moment_after`). A
    // move is told once written (a few ms): until then the line stays.
    let watching = Memo::new(move |before: Option<&Option<String>>| {
        if acting.get().is_some() || !has_person.get() || outcome.with(Option::is_some) {
            return None;
        }
        // Held by the table (a round's summary), the computers wait.
        if handover_needed.with(Option::is_some) || held.get() {
            return None;
        }
        let is_cpu = |s: Seat| cpu.with(|c| c.get(s).copied().unwrap_or(false));
        let l = i18n.get_locale();
        let mover = session.with(|s| s.last_mover());
        if mover.is_some_and(is_cpu) {
            if told_at.get() != Some(moves.get()) {
                return before.cloned().flatten();
            }
            let line = last_move.with(|m| {
                m.as_ref()
                    .and_then(|(said, _)| said.iter().find(|(k, _)| *k == l))
                    .map(|(_, t)| t.clone())
            });
            if let Some(line) = line.filter(|t| !t.is_empty()) {
                return Some(line);
            }
        }
        let t = turn.get().filter(|&t| is_cpu(t))?;
        Some(td_string!(l, computer_playing, name = name_of(t)).to_string())
    });
    // R-G-5: the throw whose faces the person at the device enters now.
    let faces = Memo::new(move |_| {
        moves.track();
        let seat = acting.get()?;
        session
            .with(|s| s.live().waiting())
            .filter(|w| w.seat == seat)
    });
    // Nobody at the device decides: `main[data-idle]` and the bar's own.
    let idle = Memo::new(move |_| acting.get().is_none() && outcome.with(Option::is_none));
    // The take-back sits in the table's decision bar.
    provide_context(crate::table::BarContext {
        idle: idle.into(),
        faces: faces.into(),
        on_faces: Callback::new(move |f: Vec<u8>| {
            act.run(Ok(Pick::Faces {
                moves: moves.get_untracked(),
                faces: f,
            }));
        }),
        faces_value: Callback::new(move |entered: Vec<Option<u8>>| {
            let kinds = faces.with_untracked(|w| w.as_ref().map(|w| w.dice.clone()))?;
            let l = i18n.get_locale();
            session.with_untracked(|s| s.live().faces_value(&kinds, &entered, l))
        }),
        // Entering faces is chance, not a decision to weigh.
        coach: Signal::derive(move || {
            coached && acting.get().is_some() && faces.with(Option::is_none)
        }),
        hints: hints.into(),
        on_hint: Callback::new(move |open: bool| {
            hint_open.set(open.then(|| moves.get_untracked()));
        }),
        on_follow: Callback::new(move |index: usize| {
            hint_open.set(None);
            act.run(Ok(Pick::Legal {
                moves: moves.get_untracked(),
                index,
            }));
        }),
        undo: Signal::derive(move || {
            let s = undo_seat.get()?;
            Some(match entering.get() {
                Some(e) => e.undo,
                None => td_string!(i18n.get_locale(), undo, name = name_of(s)).to_string(),
            })
        }),
        on_undo: Callback::new(move |()| undo()),
        // A computer's newest step, in the bar while it plays and for the
        // moment its last step stands (the session's `moment_after`).
        watching: watching.into(),
        // "Skip to my turn" waits in the bar, in reach, while a computer
        // plays (in the status row it moved the table when it came).
        skip: skip_offered.into(),
        on_skip: Callback::new(skip),
        lesson: Signal::derive(move || {
            let moment = moment.get().is_some();
            let l = i18n.get_locale();
            session.with(|s| s.lesson_now(l, moment))
        }),
        on_leave_lesson: Callback::new(move |()| {
            // Nothing of it is kept: back to the game's set-up.
            if let Some(to) = session.try_with_untracked(|s| s.leave_lesson()) {
                navigate(&to);
            }
        }),
    });
    let port = TableLink {
        frame,
        names,
        cpu,
        act,
        // A table rebuilt (a reload) says anew whether it holds.
        hold: Callback::new(move |on: bool| {
            if session.try_with_untracked(|s| s.held()) == Some(!on) {
                session.try_update(|s| s.hold(on));
            }
        }),
    };
    // Behind the hand-over of a game with secrets the table goes, but only
    // once the hand-over is on screen: removing a 30x16 board took 8 ms at
    // 4x, in the tap that ends a turn. Until then (a frame) it is the last
    // holder's own picture under the hand-over, and the session refuses any
    // move from it (the device is being handed over).
    let hidden_now = move || private && handover_needed.with_untracked(Option::is_some);
    let table_shown = RwSignal::new(!hidden_now());
    Effect::new(move |_| {
        handover_needed.track();
        if !hidden_now() {
            table_shown.set(true);
        } else if table_shown.get_untracked() {
            leptos::task::spawn_local(async move {
                after_frame().await;
                if hidden_now() {
                    table_shown.set(false);
                }
            });
        }
    });
    // The table of this opening of the game (a reload opens it anew).
    let table = move || {
        epoch.track();
        session.with_untracked(|s| s.live().table(port))
    };
    // Moves may be tried again: a phone's message kept meanwhile is played
    // now.
    let retried = move || {
        if let Some(before) = session.try_update(|s| s.take_late()).flatten() {
            perform(session.with_untracked(|s| s.feel(before)), false, cheering);
        }
    };
    let free_space = move |what: Free| {
        let next = session
            .try_update(|s| {
                s.free_space(what);
                s.kept_messages()
            })
            .flatten();
        retried();
        write(next);
    };
    let retry = move || {
        let next = session
            .try_update(|s| {
                s.unblock();
                s.kept_messages()
            })
            .flatten();
        retried();
        write(next);
    };

    view! {
        // `data-saving` while a move is being written (a few ms): tests
        // and assistive tools can wait for it.
        <main class="screen play" data-game=entry.id data-saving=move || saving.get().then_some("true")
            data-link=move || link_state.get()
            data-idle=move || idle.get().then_some("true")
            // A pick grows the decision bar (its confirm): what the pick is
            // about stays above it.
            on:click=move |ev| if acting.get_untracked().is_some() && crate::table::in_decision(&ev) { crate::table::after_paint(crate::table::bring_decision_into_view) }
            on:mousedown=move |ev| crate::table::no_focus_on_press(&ev)>
            <header class="topbar">
                <Link to={"/".to_string()} class="button ghost icon" label=Signal::derive(move || td_string!(i18n.get_locale(), home).to_string())>
                    <span aria-hidden="true">"⌂"</span>
                </Link>
                <h1><img class="game-icon" src=format!("games/{}.svg", entry.id) alt="" width="28" height="28"/>{game_name}</h1>
                <button type="button" class="ghost" data-testid="open-players" node_ref=players_btn on:click=move |_| show_players.set(true)>{t!(i18n, players)}</button>
                <button type="button" class="ghost" data-testid="open-rules" node_ref=rules_btn on:click=move |_| show_rules.set(true)>{t!(i18n, rules)}</button>
                <LangSwitch/>
            </header>
            <div class="status">
                {move || {
                    // The seat deciding now, in its colour, marked if the
                    // computer plays it.
                    // Real cards: the colour of the seat whose cards go in.
                    let seat = turn.get().filter(|_| outcome.with(Option::is_none)).map(|s| entering.with(|e| e.as_ref().and_then(|e| e.seat)).unwrap_or(s));
                    let cpu = seat.is_some_and(|s| cpu.with(|c| c.get(s).copied().unwrap_or(false)));
                    view! {
                        <p class=move || match seat { Some(s) => format!("turn-banner seat{}", s % crate::table::SEAT_COLOURS), None => "turn-banner".to_string() }
                            data-seat=seat.map(|s| s.to_string()) data-testid="turn-banner">
                            {banner}
                            {cpu.then(|| view! { <span class="cpu-mark" aria-hidden="true"></span> })}
                        </p>
                    }
                }}
                // A computer's last move: drawn anew for each, so its
                // entrance shows the change (not read out: the live region
                // below says it). Once shown it keeps its place (two lines)
                // until the game ends.
                {move || (has_person.get() && outcome.with(Option::is_none)).then(|| last_move.get().map(|(m, steps)| {
                    // Drawn in the language shown (a switch draws it anew).
                    let l = i18n.get_locale();
                    let line = m.into_iter().find(|(k, _)| *k == l).map(|(_, t)| t).unwrap_or_default();
                    let steps = steps.into_iter().find(|(k, _)| *k == l).map(|(_, t)| t).unwrap_or_default();
                    // A turn of several steps (a computer's throw, re-roll
                    // and entry) opens to all of them, one per line.
                    if steps.len() > 1 {
                        let more = td_string!(l, turn_steps, n = steps.len()).to_string();
                        view! {
                            <details class="last-move last-turn-steps" data-testid="last-move">
                                <summary data-more=more>{line}</summary>
                                <ol data-testid="last-turn-steps">{steps.into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ol>
                            </details>
                        }.into_any()
                    } else {
                        view! { <p class="last-move" data-testid="last-move" aria-hidden="true">{line}</p> }.into_any()
                    }
                }))}
            </div>
            {move || notice.get().map(|e| view! { <p class="notice" role="status" data-testid="synced">{move || e.get(i18n.get_locale())}</p> })}
            {move || level_note.get().map(|e| view! { <p class="notice" role="status" data-testid="level-note">{move || e.get(i18n.get_locale())}</p> })}
            {move || error.get().map(|e| view! { <p class="notice error" role="alert">{move || e.get(i18n.get_locale())}</p> })}
            {move || match block.get() {
                Some(Block::StorageFull) => view! {
                    <section class="notice error storage-full" role="alert" data-testid="storage-full">
                        <p>{t!(i18n, storage_full)}</p>
                        <div class="actions">
                            <button type="button" data-testid="export" on:click=move |_| device::download("spielblock-backup.json", &store::export_all())>{t!(i18n, export_all)}</button>
                            {
                                let finished = Session::finished_games();
                                (finished > TRIM).then(|| view! {
                                    <button type="button" data-testid="free-oldest" on:click=move |_| free_space(Free::Oldest)>
                                        {move || td_string!(i18n.get_locale(), free_oldest, n = TRIM, total = finished).to_string()}
                                    </button>
                                })
                            }
                            <button type="button" data-testid="free-finished" on:click=move |_| free_space(Free::Finished)>{t!(i18n, free_finished)}</button>
                            <button type="button" data-testid="free-aside" on:click=move |_| free_space(Free::Aside)>{t!(i18n, free_aside)}</button>
                            <button type="button" class="primary" data-testid="retry-save" on:click=move |_| retry()>{t!(i18n, retry_save)}</button>
                        </div>
                    </section>
                }.into_any(),
                Some(Block::Gone) => view! {
                    <p class="notice error" role="alert" data-testid="gone">{t!(i18n, save_gone_notice)}</p>
                }.into_any(),
                None => ().into_any(),
            }}
            {move || moment.get().filter(|m| m.hands).map(|Moment { seat: s, .. }| view! {
                <p class="turn-moment" role="status" data-testid="turn-moment">
                    {move || td_string!(i18n.get_locale(), turn_of, name = name_of(s)).to_string()}
                </p>
            })}
            {move || outcome.get().map(|o| view! { <GameResult session outcome=o names cpu ended_here/> })}
            <crate::play::result::Celebration cheer/>
            // Across phones: the invitations first, where the host sees
            // them before play (issue 41).
            // A game opened anew from storage (another tab's move) has a
            // new host's side: the phones are invited again.
            {move || { epoch.track(); phones.get().then(|| view! { <crate::play::phones::Invitations session entry on_message link_state take_over/> }) }}
            {move || handover_needed.get().map(|seat| view! {
                <section class="handover" aria-labelledby="handover-title">
                    {move || handover_last.get().map(|t| view! { <p class="handover-last" data-testid="handover-last">{move || {
                        let l = i18n.get_locale();
                        t.iter().find(|(k, _)| *k == l).map(|(_, t)| t.clone()).unwrap_or_default()
                    }}</p> })}
                    <h2 id="handover-title">{move || td_string!(i18n.get_locale(), pass_to, name = name_of(seat)).to_string()}</h2>
                    <button type="button" class="primary big" on:click=move |_| confirm_handover(seat)>
                        {move || td_string!(i18n.get_locale(), i_am, name = name_of(seat)).to_string()}
                    </button>
                </section>
            })}
            // Without secrets, the table stays in sight below the hand-over
            // (read-only), so the last player sees how their turn ended; it
            // is the same table, not one drawn anew (removing and drawing
            // a 30x16 board took 8 ms at 4x of the tap that ends a turn).
            {move || table_shown.get().then(table)}

            <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live">{move || {
                let l = i18n.get_locale();
                announcement.with(|a| a.iter().find(|(x, _)| *x == l).map(|(_, t)| t.clone()).unwrap_or_default())
            }}</div>
            <Dialog open=show_rules labelled_by="rules-title" opener=rules_btn>
                {(entry.rules)()}
                <LessonButton entry/>
                <OptionsSummary entry options=session.with_untracked(|s| s.live().options())/>
            </Dialog>
            <Dialog open=show_players labelled_by="players-title" opener=players_btn>
                <h2 id="players-title">{t!(i18n, players)}</h2>
                {move || if in_lesson {
                    Some(view! { <p class="hint" data-testid="seats-fixed">{t!(i18n, lesson_seats_fixed)}</p> }.into_any())
                } else {
                    outcome.get().is_some().then(|| view! { <p class="hint" data-testid="seats-fixed">{t!(i18n, seats_fixed)}</p> }.into_any())
                }}
                {people_only.then(|| view! { <p class="hint" data-testid="people-only">{t!(i18n, err_people_only)}</p> })}
                <ul class="seat-kinds">
                    {move || seats.get().into_iter().enumerate().map(|(s, info)| {
                        let name = name_of(s);
                        let label = { let name = name.clone(); move || td_string!(i18n.get_locale(), seat_kind_label, name = name.clone()).to_string() };
                        let level_label = move || td_string!(i18n.get_locale(), level_label, name = name.clone()).to_string();
                        let level = info.level;
                        let kind = info.kind;
                        view! {
                            <li data-testid="seat-kind">
                                <span class="name">{crate::table::who_view(name_of(s), s, false)}</span>
                                <div class="segmented" role="group" aria-label=label>
                                    <button type="button" aria-pressed=(kind == SeatKind::Human && !info.remote).to_string() disabled=seats_fixed
                                        on:click=move |_| set_seat(s, SeatKind::Human, level)>{t!(i18n, human)}</button>
                                    <button type="button" aria-pressed=(kind == SeatKind::Computer).to_string() disabled=move || seats_fixed.get() || people_only
                                        on:click=move |_| set_seat(s, SeatKind::Computer, level)>{t!(i18n, computer)}</button>
                                    // Across phones (issue 41): the seat's person plays on
                                    // their own phone, or back here.
                                    <button type="button" data-testid="seat-remote" aria-pressed=info.remote.to_string() disabled=seats_fixed
                                        on:click=move |_| set_remote(s, true)>{t!(i18n, seat_phone)}</button>
                                </div>
                                {(kind == SeatKind::Computer).then(|| view! {
                                    <LevelSelect level levels=entry.levels label=Signal::derive(level_label) disabled=seats_fixed on_change=Callback::new(move |lv| set_seat(s, SeatKind::Computer, lv))/>
                                })}
                            </li>
                        }
                    }).collect_view()}
                </ul>
                <SpeedSetting speed/>
                <SoundSetting/>
                <CheersSetting/>
            </Dialog>
        </main>
    }
}
