//! The decision bar at the bottom of every table, in the thumb's reach:
//! the decision's controls, the take-back, the coach, the lesson's step,
//! "skip to my turn", and the faces of dice thrown at the table.

use crate::i18n::locale::*;
use crate::table::dom::*;

use leptos::prelude::*;
use rules::chance::{DieKind, Waiting};

/// Faces entered for a throw at the table, in words (R-G-5).
pub fn faces_text(faces: &[u8], l: Locale) -> String {
    let list: Vec<String> = faces.iter().map(u8::to_string).collect();
    td_string!(l, faces_move, faces = list.join(", ")).to_string()
}

/// A die's kind in words (R-G-5's face picker).
pub(crate) fn die_kind(k: DieKind, l: Locale) -> String {
    match k {
        DieKind::Plain => td_string!(l, die_kind_plain),
        DieKind::Green => td_string!(l, die_kind_green),
        DieKind::White => td_string!(l, die_kind_white),
    }
    .to_string()
}

/// A die's kind as `DieFace` colours it.
pub(crate) fn die_class(k: DieKind) -> &'static str {
    match k {
        DieKind::Green => "green",
        DieKind::Plain | DieKind::White => "",
    }
}

/// R-G-5: the faces of a throw at the table, entered one tap per die in
/// the thumb zone. The marked die takes the next face tapped; a tap on an
/// entered die marks it again, so any entry can be corrected until it is
/// confirmed.
#[component]
pub(crate) fn FacePicker(
    waiting: Waiting,
    on_done: Callback<Vec<u8>>,
    /// What the faces entered so far come to (the game says).
    value: Callback<Vec<Option<u8>>, Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let kinds = waiting.dice.clone();
    let n = kinds.len();
    let faces = RwSignal::new(vec![None::<u8>; n]);
    let at = RwSignal::new(0usize);
    let kinds = StoredValue::new(kinds);
    // Which die of its kind a slot is (green 1, green 2, white 1).
    let number =
        move |i: usize| kinds.with_value(|k| k[..=i].iter().filter(|x| **x == k[i]).count());
    let tap = move |f: u8| {
        let i = at.get_untracked();
        faces.update(|v| v[i] = Some(f));
        // On to the next die not yet entered, going round.
        let next = faces.with_untracked(|v| (1..=n).map(|k| (i + k) % n).find(|&j| v[j].is_none()));
        if let Some(j) = next {
            at.set(j);
        }
    };
    let done = move || faces.with(|v| v.iter().all(Option::is_some));
    let confirm = move |_| {
        let v: Option<Vec<u8>> = faces.get_untracked().into_iter().collect();
        if let Some(v) = v {
            on_done.run(v);
        }
    };
    let active_class = move || kinds.with_value(|k| die_class(k[at.get().min(n - 1)]));
    view! {
        <section class="faces" data-testid="faces" aria-labelledby="faces-title">
            <h3 id="faces-title">{t!(i18n, faces_title)}</h3>
            <div class="faces-slots">
                {(0..n).map(|i| {
                    let kind = kinds.with_value(|k| k[i]);
                    let label = move || {
                        let l = i18n.get_locale();
                        let (kind, k) = (die_kind(kind, l), number(i));
                        match faces.with(|v| v[i]) {
                            Some(f) => td_string!(l, faces_slot, kind = kind, k = k, face = f).to_string(),
                            None => td_string!(l, faces_slot_empty, kind = kind, k = k).to_string(),
                        }
                    };
                    view! {
                        <button type="button" class="face-slot" data-testid="face-slot"
                            class:active=move || at.get() == i
                            aria-pressed=move || (at.get() == i).to_string()
                            aria-label=label
                            on:click=move |_| at.set(i)>
                            {move || match faces.with(|v| v[i]) {
                                Some(f) => view! { <crate::table::dice::DieFace face=f extra_class=die_class(kind)/> }.into_any(),
                                None => view! { <span class=format!("die-slot {}", die_class(kind)) aria-hidden="true"></span> }.into_any(),
                            }}
                        </button>
                    }
                }).collect_view()}
            </div>
            <div class="faces-keys" role="group" aria-label=move || td_string!(i18n.get_locale(), faces_keys).to_string()>
                {(1..=6u8).map(|f| view! {
                    <button type="button" class="face-key" data-testid="face-key" data-face=f.to_string()
                        aria-label=move || td_string!(i18n.get_locale(), faces_key, n = f).to_string()
                        on:click=move |_| tap(f)>
                        {move || view! { <crate::table::dice::DieFace face=f extra_class=active_class()/> }}
                    </button>
                }).collect_view()}
            </div>
            // The running value before Confirm, as the game counts it.
            {move || value.run(faces.get()).map(|v| view! { <p class="faces-value" data-testid="faces-value">{v}</p> })}
            <p class="hint">{t!(i18n, faces_help)}</p>
            <button type="button" class="primary big" data-testid="faces-confirm"
                disabled=move || !done() on:click=confirm>{t!(i18n, faces_confirm)}</button>
        </section>
    }
}

/// What the host adds to a table's decision bar: the take-back of the
/// person who may take back their last decision (R-G-4). Provided as a
/// context by the host; a replay has none.
#[derive(Clone, Copy)]
pub struct BarContext {
    /// The take-back's label, while one is possible.
    pub undo: Signal<Option<String>>,
    pub on_undo: Callback<()>,
    /// While a computer plays and someone watches: its newest step in
    /// words (or that it is about to play), where the eye and the thumb
    /// are, whatever part of the table is in view (issue 40).
    pub watching: Signal<Option<String>>,
    /// "Skip to my turn", while a computer plays.
    pub skip: Signal<bool>,
    pub on_skip: Callback<()>,
    /// The coach's Hint button, while a person decides in a coached game.
    pub coach: Signal<bool>,
    /// The coach's answer shown, for the decision at hand.
    pub hints: Signal<Option<Hints>>,
    pub on_hint: Callback<bool>,
    /// Plays the hint's move (its entry in the legal list).
    pub on_follow: Callback<usize>,
    /// A guided first game's step at hand.
    pub lesson: Signal<Option<LessonNow>>,
    pub on_leave_lesson: Callback<()>,
    /// R-G-5: the throw at the table whose faces the person at the device
    /// enters now.
    pub faces: Signal<Option<Waiting>>,
    pub on_faces: Callback<Vec<u8>>,
    /// What the faces entered so far come to (`GameView::faces_value`).
    pub faces_value: Callback<Vec<Option<u8>>, Option<String>>,
    /// Nobody at the device decides (a computer's turn, the turn moment,
    /// the hand-over): the bar shows only what anyone may tap. An attribute
    /// of the bar's own (`data-nobody`): the bar's rules on `main[data-idle]`
    /// restyled the whole table whenever it changed (572 elements, 15-19 ms
    /// at 4x on a 30x16 board).
    pub idle: Signal<bool>,
}

/// Provided by the replay around its table: nothing there is to decide.
#[derive(Clone, Copy)]
pub struct Replaying;

/// The bar at the bottom of the screen that holds the decision at hand:
/// the table scrolls, the decision stays in reach of a thumb (issue 22).
/// Every table puts its current decision's controls in one, as the last
/// child of its table, so the bar never covers the table's end.
#[component]
pub fn DecisionBar(children: Children) -> AnyView {
    // A replay has no decision to make: no bar, so no control that cannot
    // be used ("Throw 5 dice" greyed) and no "tap a lane" (issue 40).
    if use_context::<Replaying>().is_some() {
        return ().into_any();
    }
    let dock = use_context::<BarContext>();
    let i18n = use_i18n();
    // The lesson's card is open where the screen has room for it and the
    // table (at least 600 px tall), folded to one line on a shorter phone;
    // a tap on it switches, and what was picked holds from step to step.
    let lesson_open = RwSignal::new(
        web_sys::window()
            .and_then(|w| w.inner_height().ok())
            .and_then(|h| h.as_f64())
            .is_none_or(|h| h >= 600.0),
    );
    // So is the coach's answer: its best move, the others a tap away.
    let coach_open = RwSignal::new(lesson_open.get_untracked());
    view! {
        <div class="decision" data-testid="decision" data-nobody=move || dock.is_some_and(|d| d.idle.get()).then_some("true")>
            // Always there, so a screen reader hears each step arrive.
            <div class="coach-live" aria-live="polite">
            {dock.map(|d| move || d.lesson.get().map(|now| view! {
                <section class="lesson" data-testid="lesson" aria-labelledby="lesson-title">
                    // Points at what to tap.
                    {(!now.point.is_empty()).then(|| {
                        // On the table only: not the rules dialog's worked
                        // example. A constructed sheet, for as long as the
                        // step stands (a strict CSP refuses a <style>).
                        let css = format!(":is({}):not([role=dialog] *) {{ outline: 3px solid var(--accent); outline-offset: 2px; animation: lesson-point 1.2s ease-in-out infinite; }}", now.point);
                        lesson_pointer(&css);
                        on_cleanup(|| lesson_pointer(""));
                    })}
                    // Folds to one line (the step and the start of what it
                    // says) and opens on a tap; a nudge opens it.
                    {
                        let shut = move || !lesson_open.get() && !now.nudge;
                        let peek = now.say.clone();
                        view! {
                            <h3 id="lesson-title">
                                <button type="button" class="lesson-toggle" data-testid="lesson-toggle"
                                    aria-expanded=move || (!shut()).to_string() aria-controls="lesson-body"
                                    on:click=move |_| lesson_open.update(|o| *o = !*o)>
                                    <span class="lesson-step">{move || td_string!(i18n.get_locale(), lesson_step, k = now.k, n = now.n).to_string()}</span>
                                    {move || shut().then(|| view! { <span class="lesson-peek" aria-hidden="true">{peek.clone()}</span> })}
                                </button>
                            </h3>
                            <div id="lesson-body" class="lesson-body" hidden=shut>
                                <p data-testid="lesson-say">{now.say}</p>
                                {now.nudge.then(|| view! { <p class="nudge" role="alert" data-testid="lesson-nudge">{t!(i18n, lesson_nudge)}</p> })}
                                <button type="button" class="ghost" data-testid="lesson-leave" on:click=move |_| d.on_leave_lesson.run(())>{t!(i18n, lesson_leave)}</button>
                            </div>
                        }
                    }
                </section>
            }))}
            </div>
            // Always there, so a screen reader hears the answer arrive.
            <div class="coach-live" aria-live="polite">
            {dock.map(|d| move || d.hints.get().map(|h| { let more = h.rows.len().saturating_sub(1); view! {
                <section class="coach" data-testid="coach" id="coach-answer"
                    class:folded=move || !coach_open.get() && more != 0>
                    // Folded to its best move on a short phone; a tap on
                    // the title shows the others.
                    <h3>{
                        if more != 0 {
                            view! {
                                <button type="button" class="coach-toggle" data-testid="coach-toggle"
                                    aria-expanded=move || coach_open.get().to_string()
                                    on:click=move |_| coach_open.update(|o| *o = !*o)>
                                    {t!(i18n, coach_title)}
                                    <span class="more">{move || if coach_open.get() { String::new() } else { td_string!(i18n.get_locale(), coach_more, n = more).to_string() }}</span>
                                </button>
                            }.into_any()
                        } else {
                            view! { <span>{t!(i18n, coach_title)}</span> }.into_any()
                        }
                    }</h3>
                    {if h.rows.is_empty() {
                        view! { <p data-testid="coach-none">{t!(i18n, coach_none)}</p> }.into_any()
                    } else {
                        view! {
                            <ol>
                                {h.rows.into_iter().map(|r| {
                                    let said = r.text.clone();
                                    view! {
                                        <li data-testid="coach-row">
                                            <span class="what">{r.text}</span>
                                            <span class="value">{r.value}</span>
                                            <button type="button" data-testid="coach-play"
                                                aria-label=move || format!("{}: {said}", td_string!(i18n.get_locale(), coach_play))
                                                on:click=move |_| d.on_follow.run(r.index)>{t!(i18n, coach_play)}</button>
                                        </li>
                                    }
                                }).collect_view()}
                            </ol>
                        }.into_any()
                    }}
                </section>
            }}))}
            </div>
            {dock.map(|d| move || d.faces.get().map(|w| view! { <FacePicker waiting=w on_done=d.on_faces value=d.faces_value/> }))}
            // The table's own controls wait while the faces are entered.
            <div class="own" class:away=move || dock.is_some_and(|d| d.faces.with(Option::is_some))>{children()}</div>
            {dock.map(|d| move || d.coach.get().then(|| {
                let open = move || d.hints.with(Option::is_some);
                view! {
                    <button type="button" class="ghost hint-button" data-testid="coach-hint"
                        aria-expanded=move || open().to_string() aria-controls="coach-answer"
                        on:click=move |_| d.on_hint.run(!open())>
                        {t!(i18n, coach_hint)}
                    </button>
                }
            }))}
            {dock.map(|d| move || d.undo.get().map(|label| view! {
                <button type="button" class="ghost undo" data-testid="undo" on:click=move |_| d.on_undo.run(())>
                    <span aria-hidden="true">"↶ "</span>{label}
                </button>
            }))}
            // Not read out: the live region says each move.
            {dock.map(|d| move || d.watching.get().map(|line| view! {
                <p class="watching" data-testid="watching" aria-hidden="true">{line}</p>
            }))}
            {dock.map(|d| move || d.skip.get().then(|| view! {
                <button type="button" class="ghost skip" data-testid="skip" on:click=move |_| d.on_skip.run(())>
                    {t!(i18n, skip_to_turn)}<span aria-hidden="true">" »"</span>
                </button>
            }))}
        </div>
    }
    .into_any()
}

/// The lesson's step at hand, as the decision bar shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonNow {
    /// The step's number from 1, and how many there are.
    pub k: usize,
    pub n: usize,
    pub say: String,
    pub point: &'static str,
    /// A move other than the step's was tapped.
    pub nudge: bool,
}

/// The coach's answer on screen: up to three moves, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Hints {
    /// The decision it answers (the moves played when asked).
    pub moves: usize,
    /// Empty: nothing to weigh at this decision.
    pub rows: Vec<HintRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HintRow {
    pub text: String,
    pub value: String,
    /// Its entry in the rules' legal list, to play it.
    pub index: usize,
}
