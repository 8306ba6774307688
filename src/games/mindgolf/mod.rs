//! MindGolf on screen: the score sheet as on paper (lanes with their target in
//! a yellow box, seven fields, the score circle, the parking slot, the total)
//! and the dice tray (choose the dice, throw, re-roll one, enter or park).

use crate::contract::{GameView, MovePick, TableCtx};
use crate::i18n::*;
use crate::platform::sound::Cue;
use crate::table::dice::DieFace;
use crate::table::esc;
use leptos::prelude::*;
use rules::mindgolf::{Action, Die, Error, Event, Lane, MindGolf, Sheet, Stage, View, FIELDS};
use rules::Seat;

fn signed(v: i64) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}

/// "(2+4+5) × 4 = 44", the value formula as the rules count it (R-MG-3).
fn formula(green: &[u8], white: Option<u8>, value: i64) -> String {
    let sum = if green.is_empty() {
        "1".to_string()
    } else {
        green
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("+")
    };
    match white {
        Some(w) if green.len() > 1 => format!("({sum}) × {w} = {value}"),
        Some(w) => format!("{sum} × {w} = {value}"),
        None => format!("{sum} = {value}"),
    }
}

impl GameView for MindGolf {
    const STYLE: &'static str = include_str!("style.css");
    const DEFAULT_SEATS: usize = 2;
    const DAILY: bool = true;

    fn name(l: Locale) -> String {
        td_string!(l, name_mindgolf).to_string()
    }

    fn pitch(l: Locale) -> String {
        td_string!(l, pitch_mindgolf).to_string()
    }

    fn table(ctx: TableCtx<Self>) -> AnyView {
        view! { <MgTable ctx/> }.into_any()
    }

    /// Seed 12908 (`rules/examples/lesson_search.rs mindgolf`): the text's
    /// own 1 + 4 + 5 x 4 = 40, a re-roll that hits lane 48 on its second
    /// field, 70 past the target of lane 55, and a parked 2.
    fn lesson() -> Option<crate::contract::Lesson> {
        use crate::contract::{Lesson, Step};
        use serde_json::json;
        const DICE: &str = ".mg-dice:not(.thrown), [data-testid=throw]";
        const LANE_48: &str = "[data-testid=lane][data-target=\"48\"] button, [data-testid=enter]";
        const LANE_55: &str = "[data-testid=lane][data-target=\"55\"] button, [data-testid=enter]";
        let step = Step::new;
        Some(Lesson {
            seed: 12908,
            computers: 0,
            options: json!({}),
            steps: vec![
                step(
                    0,
                    Some(json!({"throw": {"green": 3, "white": true}})),
                    DICE,
                    |l| td_string!(l, mg_lesson_1).to_string(),
                ),
                step(1, Some(json!({"enter": 0})), LANE_48, |l| {
                    td_string!(l, mg_lesson_2).to_string()
                }),
                step(
                    2,
                    Some(json!({"throw": {"green": 2, "white": false}})),
                    DICE,
                    |l| td_string!(l, mg_lesson_3).to_string(),
                ),
                step(
                    3,
                    Some(json!({"reroll": {"green": 1}})),
                    "[data-testid=die][data-face=\"1\"], [data-testid=reroll]",
                    |l| td_string!(l, mg_lesson_4).to_string(),
                ),
                step(4, Some(json!({"enter": 0})), LANE_48, |l| {
                    td_string!(l, mg_lesson_5).to_string()
                }),
                step(
                    5,
                    Some(json!({"throw": {"green": 3, "white": true}})),
                    DICE,
                    |l| td_string!(l, mg_lesson_6).to_string(),
                ),
                step(6, Some(json!({"enter": 4})), LANE_55, |l| {
                    td_string!(l, mg_lesson_7).to_string()
                }),
                step(
                    7,
                    Some(json!({"throw": {"green": 0, "white": true}})),
                    DICE,
                    |l| td_string!(l, mg_lesson_8).to_string(),
                ),
                step(8, Some(json!("park")), "[data-testid=park]", |l| {
                    td_string!(l, mg_lesson_9).to_string()
                }),
                step(
                    9,
                    Some(json!({"apply_parked": 4})),
                    "[data-testid=lane][data-target=\"55\"] button, [data-testid=apply-parked]",
                    |l| td_string!(l, mg_lesson_10).to_string(),
                ),
                step(10, None, "", |l| td_string!(l, mg_lesson_11).to_string()),
            ],
        })
    }

    fn move_text(v: &View, action: &Action, l: Locale) -> String {
        let sheet = &v.sheets[v.current];
        let target = |i: usize| sheet.lanes.get(i).map_or(0, |lane| lane.target);
        let (value, green) = match &v.stage {
            Stage::Thrown(th) => (th.value(), th.green.clone()),
            _ => (0, Vec::new()),
        };
        let parked = sheet.parked.unwrap_or_default();
        match action {
            Action::Throw { green: 0, .. } => td_string!(l, mg_coach_throw_white).to_string(),
            Action::Throw {
                green: 1,
                white: true,
            } => td_string!(l, mg_coach_throw_one_white).to_string(),
            Action::Throw { green, white: true } => {
                td_string!(l, mg_coach_throw_both, n = green).to_string()
            }
            Action::Throw { green: 1, .. } => td_string!(l, mg_coach_throw_one).to_string(),
            Action::Throw { green, .. } => {
                td_string!(l, mg_coach_throw_green, n = green).to_string()
            }
            Action::Reroll(Die::Green(i)) => td_string!(
                l,
                mg_coach_reroll_green,
                face = green.get(*i).copied().unwrap_or(0)
            )
            .to_string(),
            Action::Reroll(Die::White) => td_string!(l, mg_coach_reroll_white).to_string(),
            Action::Enter(i) => {
                td_string!(l, mg_enter, value = value, target = target(*i)).to_string()
            }
            Action::Park => td_string!(l, mg_park, value = value).to_string(),
            Action::ApplyParked(i) => {
                td_string!(l, mg_apply, value = parked, target = target(*i)).to_string()
            }
            Action::EndTurn => td_string!(l, mg_end_turn).to_string(),
            Action::Faces(f) => crate::table::faces_text(f, l),
        }
    }

    fn coach_value(_c: &rules::Weighed<Action>, number: &str, l: Locale) -> String {
        td_string!(l, mg_coach_value, v = number).to_string()
    }

    fn error_text(e: &Error, l: Locale) -> String {
        match e {
            Error::BadDice => td_string!(l, mg_err_bad_dice).to_string(),
            Error::AlreadyThrown => td_string!(l, mg_err_already_thrown).to_string(),
            Error::NotThrown => td_string!(l, mg_err_not_thrown).to_string(),
            Error::RerollUsed => td_string!(l, mg_err_reroll_used).to_string(),
            Error::NoSuchDie => td_string!(l, mg_err_no_such_die).to_string(),
            Error::LaneClosed => td_string!(l, mg_err_lane_closed).to_string(),
            Error::SlotTaken => td_string!(l, mg_err_slot_taken).to_string(),
            Error::NothingParked => td_string!(l, mg_err_nothing_parked).to_string(),
            Error::ParkedFirst => td_string!(l, mg_err_parked_first).to_string(),
            Error::NotYet => td_string!(l, mg_err_not_yet).to_string(),
            Error::TeamsNeedFour => td_string!(l, mg_err_teams_need_four).to_string(),
        }
    }

    fn option_label(key: &str, l: Locale) -> String {
        match key {
            "lanes" => td_string!(l, mg_opt_lanes).to_string(),
            "green_dice" => td_string!(l, mg_opt_green_dice).to_string(),
            "mode" => td_string!(l, mg_opt_mode).to_string(),
            "mode.tournament" => td_string!(l, mg_opt_mode_tournament).to_string(),
            "mode.teams" => td_string!(l, mg_opt_mode_teams).to_string(),
            "table_dice" => td_string!(l, opt_table_dice).to_string(),
            other => other.to_string(),
        }
    }

    fn announce(_v: &View, events: &[Event], names: &[String], l: Locale) -> Vec<String> {
        let name = |s: Seat| names[s].clone();
        events
            .iter()
            .filter_map(|e| {
                Some(match e {
                    Event::Thrown {
                        seat,
                        green,
                        white,
                        value,
                    } => td_string!(
                        l,
                        mg_ann_thrown,
                        name = name(*seat),
                        formula = formula(green, *white, *value)
                    )
                    .to_string(),
                    Event::Rerolled {
                        seat,
                        from,
                        to,
                        value,
                        ..
                    } => td_string!(
                        l,
                        mg_ann_rerolled,
                        name = name(*seat),
                        from = from,
                        to = to,
                        value = value
                    )
                    .to_string(),
                    // Every line names the player (issue 40: "45 is parked"
                    // never said whose).
                    Event::Entered {
                        seat, field, score, ..
                    } => match score {
                        Some(s) => td_string!(
                            l,
                            mg_ann_finished,
                            name = name(*seat),
                            field = signed(*field),
                            score = signed(*s)
                        )
                        .to_string(),
                        None => td_string!(
                            l,
                            mg_ann_entered,
                            name = name(*seat),
                            field = signed(*field)
                        )
                        .to_string(),
                    },
                    Event::Parked { seat, value } => {
                        td_string!(l, mg_ann_parked, name = name(*seat), value = value).to_string()
                    }
                    Event::Dropped { seat, value } => {
                        td_string!(l, mg_ann_dropped, name = name(*seat), value = value).to_string()
                    }
                    Event::PlayerDone { seat, total } => {
                        td_string!(l, mg_ann_done, name = name(*seat), total = signed(*total))
                            .to_string()
                    }
                    Event::TurnPassed { to } => {
                        td_string!(l, ann_turn, name = name(*to)).to_string()
                    }
                    Event::GameOver => return None,
                })
            })
            .collect()
    }

    fn vibrates(events: &[Event]) -> bool {
        events
            .iter()
            .any(|e| matches!(e, Event::Thrown { .. } | Event::Rerolled { .. }))
    }

    /// The throw's value as the rules count it, once its faces are in
    /// ("(2+5+4) × 4 = 44"); the greens' sum so far before.
    fn faces_value(
        kinds: &[rules::chance::DieKind],
        faces: &[Option<u8>],
        l: Locale,
    ) -> Option<String> {
        use rules::chance::DieKind;
        let green: Vec<u8> = kinds
            .iter()
            .zip(faces)
            .filter(|(k, _)| **k != DieKind::White)
            .filter_map(|(_, f)| *f)
            .collect();
        let white = kinds.iter().zip(faces).find(|(k, _)| **k == DieKind::White);
        let all = faces.iter().all(Option::is_some);
        if !all {
            let sum: i64 = green.iter().map(|&g| g as i64).sum();
            return (!green.is_empty()).then(|| td_string!(l, faces_sum, sum = sum).to_string());
        }
        let w = white.and_then(|(_, f)| *f);
        let sum: i64 = if green.is_empty() {
            1
        } else {
            green.iter().map(|&g| g as i64).sum()
        };
        Some(formula(&green, w, sum * w.map_or(1, i64::from)))
    }

    /// A hole in one: a lane hit with its first field (the most a lane
    /// scores, R-MG-6).
    fn cheer(log: &[Vec<Event>], from: usize, names: &[String], l: Locale) -> Option<String> {
        let best = 2 * (FIELDS as i64 - 1);
        log.get(from..)?.iter().flatten().find_map(|e| match *e {
            Event::Entered {
                seat,
                field,
                score: Some(s),
                ..
            } if s == best => Some(
                td_string!(
                    l,
                    mg_cheer_hole_in_one,
                    name = names[seat].clone(),
                    target = field
                )
                .to_string(),
            ),
            _ => None,
        })
    }

    fn cue(events: &[Event]) -> Option<Cue> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Thrown { .. } | Event::Rerolled { .. } => Some(Cue::Dice),
                Event::Entered { score: Some(_), .. } | Event::PlayerDone { .. } => {
                    Some(Cue::Chime)
                }
                Event::Entered { .. } => Some(Cue::Cross),
                Event::Parked { .. } => Some(Cue::Tick),
                Event::GameOver => Some(Cue::Fanfare),
                _ => None,
            })
            .max()
    }

    fn rules() -> AnyView {
        crate::table::rules_view(
            keys::mg_rules_title,
            &[
                keys::mg_rules_1,
                keys::mg_rules_2,
                keys::mg_rules_3,
                keys::mg_rules_4,
                keys::mg_rules_5,
                keys::mg_rules_6,
                keys::mg_rules_7,
            ],
            &[],
            vec![
                (2, view! { <ExampleThrow/> }.into_any()),
                (4, view! { <ExampleLane/> }.into_any()),
            ],
        )
    }
}

/// The text's own throw drawn as on the table, its value worked out by the
/// rules: (1+4+5) x 4 = 40 (the rules' second step).
#[component]
fn ExampleThrow() -> impl IntoView {
    let i18n = use_i18n();
    let (green, white) = ([1u8, 4, 5], 4u8);
    let value = rules::mindgolf::value_of(&green, Some(white));
    view! {
        <section class="rules-example" data-testid="rules-example" aria-labelledby="mg-example-throw-title">
            <h3 id="mg-example-throw-title">{t!(i18n, rules_example)}</h3>
            <figure>
                <div class="mg-dice thrown">
                    {green.iter().map(|&f| view! { <span class="die-button mg-green"><DieFace face=f extra_class="green"/></span> }).collect_view()}
                    <span class="die-button mg-white"><DieFace face=white extra_class="white"/></span>
                </div>
                <figcaption data-testid="rules-example-throw">{formula(&green, Some(white), value)}</figcaption>
            </figure>
        </section>
    }
}

/// The text's own lane drawn as on the table, scored by the rules: lane 48
/// played 44, 50, 48 (the rules' fourth step).
#[component]
fn ExampleLane() -> impl IntoView {
    let i18n = use_i18n();
    let mut lane = Lane {
        target: 48,
        fields: Vec::new(),
        score: None,
    };
    // 44 first, then 6 up to 50, then 2 back down to 48.
    for v in [44, 6, 2] {
        let f = lane.next_field(v);
        lane.fields.push(f);
    }
    lane.score = Lane::score_of(lane.target, &lane.fields);
    let score = lane.score.unwrap_or_default();
    view! {
        <section class="rules-example" data-testid="rules-example" aria-labelledby="mg-example-lane-title">
            <h3 id="mg-example-lane-title">{t!(i18n, rules_example)}</h3>
            <figure>
                <ol class="mg-lanes">
                    <LaneRow lane index=0 preview=None selectable=false selected=false on_pick=Callback::new(|_| {})/>
                </ol>
                <figcaption data-testid="rules-example-lane">{move || td_string!(i18n.get_locale(), mg_example_lane, score = score).to_string()}</figcaption>
            </figure>
        </section>
    }
}

/// One lane as on paper: the target in its yellow box, seven fields, the
/// score circle. `preview` shows the field a value would make.
#[component]
fn LaneRow(
    lane: Lane,
    index: usize,
    /// The value waiting to be entered here, if this lane is selected.
    preview: Option<i64>,
    /// Whether it may be picked now (a throw changes only this).
    #[prop(into)]
    selectable: Signal<bool>,
    selected: bool,
    on_pick: Callback<usize>,
    /// Whether the last move entered this lane's last field (marked, and
    /// entering: the row is drawn anew only when it changes).
    #[prop(optional)]
    entered: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let next = preview.map(|v| lane.next_field(v));
    let fields: Vec<Option<i64>> = (0..FIELDS).map(|i| lane.fields.get(i).copied()).collect();
    let filled = lane.fields.len();
    let target = lane.target;
    let score = lane.score;
    let distance = lane.distance();
    let label = move || {
        let l = i18n.get_locale();
        match score {
            Some(s) => td_string!(l, mg_lane_done, target = target, score = signed(s)).to_string(),
            None => td_string!(
                l,
                mg_lane_open,
                target = target,
                d = distance,
                n = FIELDS - filled
            )
            .to_string(),
        }
    };
    view! {
        <li class="mg-lane" class:done=score.is_some() class:selected=selected data-testid="lane" data-target=target.to_string()>
            // Named by its words (the fields drawn are hidden from a screen
            // reader): an aria-label would not contain the numbers shown,
            // which a voice user speaks to press it.
            <button type="button" class="mg-lane-button" disabled=move || !selectable.get() aria-pressed=selected.to_string()
                on:click=move |_| on_pick.run(index)>
                <span class="sr-only">{label}</span>
                <span class="mg-target" aria-hidden="true">{target}</span>
                {fields.into_iter().enumerate().map(|(i, f)| {
                    let preview_here = i == filled && next.is_some();
                    let text = match (f, preview_here) {
                        (Some(v), _) => signed(v),
                        (None, true) => signed(next.unwrap_or_default()),
                        (None, false) => String::new(),
                    };
                    let just = entered && i + 1 == filled;
                    view! { <span class="mg-field" aria-hidden="true" class:hit={f == Some(target)} class:preview=preview_here class:moved=just class:fresh=just>{text}</span> }
                }).collect_view()}
                <span class="mg-score" aria-hidden="true" class:fresh={entered && score.is_some()}>{score.map(signed).unwrap_or_default()}</span>
            </button>
        </li>
    }
}

#[component]
fn SheetView(
    sheet: Sheet,
    preview: Option<i64>,
    /// Lanes the pending value may go on (empty: none is selectable).
    selectable: Vec<bool>,
    selected: Option<usize>,
    on_pick: Callback<usize>,
) -> impl IntoView {
    let total = sheet.total();
    let parked = sheet.parked;
    view! {
        <ol class="mg-lanes">
            {sheet.lanes.iter().enumerate().map(|(i, l)| view! {
                <LaneRow lane=l.clone() index=i
                    preview={if selected == Some(i) { preview } else { None }}
                    selectable=selectable.get(i).copied().unwrap_or(false)
                    selected={selected == Some(i)} on_pick/>
            }).collect_view()}
        </ol>
        <SheetFoot parked total/>
    }
}

/// Under the lanes: the parked value and the sheet's total.
#[component]
fn SheetFoot(
    #[prop(into)] parked: Signal<Option<i64>>,
    #[prop(into)] total: Signal<i64>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="mg-foot">
            <span class="mg-park" data-testid="parked">
                {move || td_string!(i18n.get_locale(), mg_parking).to_string()}": "
                <strong>{move || parked.get().map(|p| p.to_string()).unwrap_or_else(|| "—".into())}</strong>
            </span>
            <span class="mg-total" data-testid="total">{move || td_string!(i18n.get_locale(), mg_total, total = signed(total.get())).to_string()}</span>
        </div>
    }
}

#[component]
fn MgTable(ctx: TableCtx<MindGolf>) -> impl IntoView {
    let i18n = use_i18n();
    let v = Memo::new(move |_| ctx.seen.with(|s| s.view.clone()));
    let moves = Memo::new(move |_| ctx.seen.with(|s| s.frame.moves));
    let names = ctx.names;
    // Dice chosen for the next throw; the lane picked for the value; the die
    // picked for a re-roll. All belong to one moment and clear on a move.
    let n = v.with_untracked(|v| v.green_dice as usize);
    let green_on = MovePick::new(moves, vec![true; n]);
    let white_on = MovePick::new(moves, true);
    let lane_pick = MovePick::new(moves, None::<usize>);
    let reroll_pick = MovePick::new(moves, None::<Die>);
    // Every control is offered as the rules' list says.
    let offers = move |a: &Action| ctx.seen.with(|s| s.offers(a));
    let can_act = move || ctx.acting().is_some();
    // R-G-5: the dice chosen are being thrown at the table.
    let at_table = move || ctx.seen.with(|s| s.waiting.is_some());
    let send = move |a: Action| ctx.send(a);

    // The tray and the decision bar are drawn as HTML strings, each control
    // named by its `data-act` and read by the table's one click handler
    // (issue 42: a throw rebuilt both as Leptos views, about 20 ms of its
    // 30 at 4x CPU throttling). Dice roll where a frame is new (`Motion`).
    let motion = crate::contract::Motion::new(ctx.seen.with_untracked(|s| s.frame));
    let tray_html = Memo::new(move |_| {
        let l = i18n.get_locale();
        let frame = ctx.seen.with(|s| s.frame);
        let act = can_act();
        let table = at_table();
        let choosing = act && !table;
        let dice_label = esc(td_string!(l, mg_dice));
        let mut h = String::new();
        v.with(|view| match &view.stage {
            Stage::Start => {
                if act {
                    let hint = if table {
                        td_string!(l, mg_throw_table).to_string()
                    } else {
                        td_string!(l, mg_choose_dice).to_string()
                    };
                    h.push_str(&format!("<p class=\"hint\">{}</p>", esc(&hint)));
                }
                let dis = if choosing { "" } else { " disabled" };
                h.push_str(&format!(
                    "<div class=\"mg-dice\" role=\"group\" aria-label=\"{dice_label}\">"
                ));
                let greens = green_on.get();
                for (i, &on) in greens.iter().enumerate() {
                    let label = td_string!(l, mg_green_die, n = i + 1).to_string();
                    h.push_str(&format!(
                        "<button type=\"button\" class=\"mg-die green{}\" data-testid=\"choose-green\" data-act=\"g{i}\" aria-pressed=\"{on}\" aria-label=\"{}\"{dis}><span aria-hidden=\"true\">●</span></button>",
                        if on { "" } else { " off" },
                        esc(&label)
                    ));
                }
                let white = white_on.get();
                h.push_str(&format!(
                    "<button type=\"button\" class=\"mg-die white{}\" data-testid=\"choose-white\" data-act=\"w\" aria-pressed=\"{white}\" aria-label=\"{}\"{dis}><span aria-hidden=\"true\">○</span></button></div>",
                    if white { "" } else { " off" },
                    esc(td_string!(l, mg_white_die))
                ));
                let g = greens.iter().filter(|&&x| x).count();
                let sum = if g == 0 { "1".to_string() } else { vec!["●"; g].join("+") };
                let live = match (white, g > 1) {
                    (true, true) => format!("({sum}) × ○"),
                    (true, false) => format!("{sum} × ○"),
                    (false, _) => sum,
                };
                h.push_str(&format!(
                    "<p class=\"mg-formula\" data-testid=\"formula\">{live}</p>"
                ));
                if let Some(p) = view.sheets[view.current].parked.filter(|_| act) {
                    let hint = td_string!(l, mg_parked_hint, value = p).to_string();
                    h.push_str(&format!("<p class=\"hint\">{}</p>", esc(&hint)));
                }
            }
            Stage::Thrown(t) => {
                let roll = if motion.fresh(frame) { " rolling" } else { "" };
                h.push_str(&format!(
                    "<div class=\"mg-dice thrown\" role=\"group\" aria-label=\"{dice_label}\" data-testid=\"thrown\">"
                ));
                let dice = t
                    .green
                    .iter()
                    .enumerate()
                    .map(|(i, &f)| (Die::Green(i), f, format!("g{i}"), "green"))
                    .chain(t.white.map(|f| (Die::White, f, "w".to_string(), "white")));
                for (die, f, key, colour) in dice {
                    let label = td_string!(l, die_label, n = f).to_string();
                    h.push_str(&format!(
                        "<button type=\"button\" class=\"die-button mg-{colour}\" data-testid=\"die\" data-act=\"r{key}\" data-face=\"{f}\"{} aria-pressed=\"false\"{}>{}</button>",
                        if die == Die::White { " data-white=\"true\"" } else { "" },
                        if offers(&Action::Reroll(die)) { "" } else { " disabled" },
                        crate::table::dice::die_html(f, &format!("{roll} {colour} m{}", frame.moves), &label)
                    ));
                }
                h.push_str("</div>");
                h.push_str(&format!(
                    "<p class=\"mg-formula\" data-testid=\"formula\">{}</p>",
                    esc(&formula(&t.green, t.white, t.value()))
                ));
                if act {
                    let hint = if t.rerolled {
                        td_string!(l, mg_reroll_done).to_string()
                    } else {
                        td_string!(l, mg_reroll_hint).to_string()
                    };
                    h.push_str(&format!("<p class=\"hint\">{}</p>", esc(&hint)));
                }
            }
            Stage::Entered => {
                if act {
                    let value = view.sheets[view.current].parked.unwrap_or_default();
                    let hint = td_string!(l, mg_entered_hint, value = value).to_string();
                    h.push_str(&format!("<p class=\"hint\">{}</p>", esc(&hint)));
                }
            }
            Stage::Over => {}
        });
        h
    });

    // The decision on the sheet (which lane, and enter / park / apply
    // parked), then the stage's own control: throw, re-roll the picked die,
    // end the turn.
    let bar_html = Memo::new(move |_| {
        let l = i18n.get_locale();
        let pick = lane_pick.get();
        v.with(|view| {
            let sheet = &view.sheets[view.current];
            let pending = match &view.stage {
                Stage::Thrown(t) => Some(t.value()),
                _ => None,
            };
            let parked = sheet.parked;
            let mut h = String::new();
            let lanes_hint = match (&view.stage, parked) {
                (Stage::Thrown(_), _) | (Stage::Start, Some(_)) | (Stage::Entered, Some(_))
                    if pick.is_none() =>
                {
                    Some(td_string!(l, mg_pick_lane).to_string())
                }
                _ => None,
            };
            if let Some(hint) = lanes_hint {
                h.push_str(&format!("<p class=\"hint help\">{}</p>", esc(&hint)));
            }
            // What the picked lane would become: the new field and
            // distance, or its score (R-MG-5, R-MG-6).
            let outlook = pick.and_then(|i| {
                let lane = sheet.lanes.get(i).filter(|l| !l.finished())?;
                let v = pending.or(parked)?;
                let mut after = lane.clone();
                let field = after.next_field(v);
                after.fields.push(field);
                Some(match Lane::score_of(after.target, &after.fields) {
                    Some(s) if field == after.target => {
                        td_string!(l, mg_preview_hit, target = after.target, score = signed(s))
                            .to_string()
                    }
                    Some(_) => td_string!(l, mg_preview_miss, field = signed(field)).to_string(),
                    None => td_string!(
                        l,
                        mg_preview_to_go,
                        field = signed(field),
                        d = after.distance(),
                        n = FIELDS - after.fields.len()
                    )
                    .to_string(),
                })
            });
            if let Some(o) = outlook {
                h.push_str(&format!(
                    "<p class=\"mg-outlook\" data-testid=\"outlook\">{}</p>",
                    esc(&o)
                ));
            }
            h.push_str("<div class=\"actions mg-decide\">");
            if let Some(i) = pick {
                if let Some(v) = pending {
                    if offers(&Action::Enter(i)) {
                        let text =
                            td_string!(l, mg_enter, value = v, target = sheet.lanes[i].target);
                        h.push_str(&format!(
                            "<button type=\"button\" class=\"primary\" data-testid=\"enter\" data-act=\"e{i}\">{}</button>",
                            esc(&text.to_string())
                        ));
                    } else if !sheet.lanes[i].finished() {
                        let text = td_string!(l, mg_err_parked_first).to_string();
                        h.push_str(&format!(
                            "<p class=\"hint\" data-testid=\"why-not\">{}</p>",
                            esc(&text)
                        ));
                    }
                }
                if let Some(p) = parked.filter(|_| offers(&Action::ApplyParked(i))) {
                    let text = td_string!(l, mg_apply, value = p, target = sheet.lanes[i].target);
                    h.push_str(&format!(
                        "<button type=\"button\" data-testid=\"apply-parked\" data-act=\"a{i}\">{}</button>",
                        esc(&text.to_string())
                    ));
                }
            }
            if offers(&Action::Park) {
                let text = td_string!(l, mg_park, value = pending.unwrap_or_default());
                h.push_str(&format!(
                    "<button type=\"button\" data-testid=\"park\" data-act=\"park\">{}</button>",
                    esc(&text.to_string())
                ));
            }
            h.push_str("</div>");
            let dis = |ok: bool| if ok { "" } else { " disabled" };
            match &view.stage {
                Stage::Start => {
                    let green = green_on.with(|g| g.iter().filter(|&&x| x).count()) as u8;
                    let white = white_on.get();
                    h.push_str(&format!(
                        "<button type=\"button\" class=\"primary big\" data-testid=\"throw\" data-primary=\"true\" data-act=\"throw\"{}>{}</button>",
                        dis(offers(&Action::Throw { green, white })),
                        esc(td_string!(l, mg_throw))
                    ));
                }
                Stage::Thrown(t) if !t.rerolled => {
                    if let Some(d) = reroll_pick.get() {
                        h.push_str(&format!(
                            "<button type=\"button\" data-testid=\"reroll\" data-act=\"reroll\"{}>{}</button>",
                            dis(offers(&Action::Reroll(d))),
                            esc(td_string!(l, mg_reroll))
                        ));
                    }
                }
                Stage::Entered => {
                    h.push_str(&format!(
                        "<button type=\"button\" class=\"primary big\" data-testid=\"end-turn\" data-primary=\"true\" data-act=\"end\"{}>{}</button>",
                        dis(offers(&Action::EndTurn)),
                        esc(td_string!(l, mg_end_turn))
                    ));
                }
                _ => {}
            }
            h
        })
    });

    // Both drawn where they changed; the die picked for a re-roll is marked
    // in place (a pick draws nothing again), and a keyboard player's focus
    // goes back to the control tapped.
    let root = NodeRef::<leptos::html::Div>::new();
    let tray_el = NodeRef::<leptos::html::Section>::new();
    let bar_el = NodeRef::<leptos::html::Div>::new();
    let tray_drawn = StoredValue::new_local(crate::table::Drawn::default());
    let bar_drawn = StoredValue::new_local(crate::table::Drawn::default());
    let refocus = StoredValue::new(None::<String>);
    Effect::new(move |_| {
        let tray = tray_html.get();
        let bar = bar_html.get();
        let picked = reroll_pick.get().map(|d| match d {
            Die::Green(i) => format!("rg{i}"),
            Die::White => "rw".to_string(),
        });
        let t: Option<web_sys::Element> = tray_el.get().map(Into::into);
        let b: Option<web_sys::Element> = bar_el.get().map(Into::into);
        if let Some(b) = &b {
            bar_drawn.update_value(|d| {
                crate::table::draw_html(b, d, &bar);
            });
        }
        if let Some(t) = &t {
            tray_drawn.update_value(|d| {
                crate::table::draw_html(t, d, &tray);
            });
            for el in crate::table::all_of(t, "[data-act^=r]") {
                crate::table::mark_pressed(&el, el.get_attribute("data-act") == picked);
            }
        }
        if let (Some(root), Some(act)) = (root.get(), refocus.get_value()) {
            crate::table::refocus(&root, &act);
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(act) = crate::table::clicked_act(&ev) else {
            return;
        };
        refocus.set_value(Some(act.clone()));
        let index = |p: &str| act.strip_prefix(p).and_then(|i| i.parse::<usize>().ok());
        match act.as_str() {
            "w" => white_on.update(|w| *w = !*w),
            "throw" => {
                let green = green_on.get_untracked().iter().filter(|&&x| x).count() as u8;
                send(Action::Throw {
                    green,
                    white: white_on.get_untracked(),
                });
            }
            "reroll" => {
                if let Some(d) = reroll_pick.get_untracked() {
                    send(Action::Reroll(d));
                }
            }
            "park" => send(Action::Park),
            "end" => send(Action::EndTurn),
            "rw" => reroll_pick.update(|p| {
                *p = if *p == Some(Die::White) {
                    None
                } else {
                    Some(Die::White)
                }
            }),
            _ => {
                if let Some(i) = index("g") {
                    green_on.update(|g| {
                        if let Some(x) = g.get_mut(i) {
                            *x = !*x
                        }
                    });
                } else if let Some(i) = index("rg") {
                    let d = Die::Green(i);
                    reroll_pick.update(|p| *p = if *p == Some(d) { None } else { Some(d) });
                } else if let Some(i) = index("e") {
                    send(Action::Enter(i));
                } else if let Some(i) = index("a") {
                    send(Action::ApplyParked(i));
                }
            }
        }
    };
    // What the decision at hand is about (brought into view by the host):
    // the lanes while a value waits to be entered, else the dice.
    let on_lanes = Memo::new(move |_| {
        ctx.acting().is_some()
            && v.with(|v| {
                matches!(v.stage, Stage::Thrown(_)) || v.sheets[v.current].parked.is_some()
            })
    });
    let decide_on =
        move |lanes: bool| (ctx.acting().is_some() && on_lanes.get() == lanes).then_some("");
    // Whose sheet is shown: the seat deciding; while nobody at the device
    // decides (a computer's turn, the moment before the next player, a
    // replay), the seat the last move wrote on, with the lane it entered
    // marked (issue 22: a move is seen where it happened).
    let shown = Memo::new(move |_| {
        ctx.seen.with(|s| {
            let mut by = None;
            let mut lane = None;
            for e in s.log.last().into_iter().flatten() {
                match e {
                    Event::Entered { seat, lane: l, .. } => {
                        by = Some(*seat);
                        lane = Some(*l);
                    }
                    Event::Parked { seat, .. } | Event::Dropped { seat, .. } => by = Some(*seat),
                    _ => {}
                }
            }
            let seat = match (s.frame.seat, by) {
                (None, Some(b)) => b,
                _ => s.view.current,
            };
            (seat, lane.filter(|_| by == Some(seat)))
        })
    });
    // What the sheet shows, compared before the lanes are drawn again.
    let sheet_in = Memo::new(move |_| {
        let view = v.get();
        let seat = shown.with(|s| s.0);
        let sheet = view.sheets[seat].clone();
        let pending = match &view.stage {
            Stage::Thrown(t) => Some(t.value()),
            _ => None,
        };
        // A lane may be picked where the rules offer something for it, or
        // an open one the throw cannot go to (to say why).
        let open_for = |i: usize| !sheet.lanes[i].finished();
        let selectable: Vec<bool> = (0..sheet.lanes.len())
            .map(|i| {
                offers(&Action::Enter(i))
                    || offers(&Action::ApplyParked(i))
                    || (can_act() && pending.is_some() && open_for(i))
            })
            .collect();
        let preview = pending.or(sheet.parked);
        (
            sheet,
            preview,
            selectable,
            lane_pick.get(),
            shown.with(|s| s.1),
        )
    });
    // Lane by lane: a lane is drawn again only when it, its preview or
    // its pick changed; whether it may be picked is an attribute.
    let lane_count = Memo::new(move |_| sheet_in.with(|s| s.0.lanes.len()));
    let on_pick = Callback::new(move |i| lane_pick.set(Some(i)));
    let sheet = move || {
        let rows = (0..lane_count.get())
            .map(|i| {
                let row = Memo::new(move |_| {
                    sheet_in.with(|(sheet, preview, _, selected, entered)| {
                        let here = *selected == Some(i);
                        (
                            sheet.lanes.get(i).cloned(),
                            preview.filter(|_| here),
                            here,
                            *entered == Some(i),
                        )
                    })
                });
                let can =
                    Signal::derive(move || sheet_in.with(|s| s.2.get(i).copied().unwrap_or(false)));
                move || {
                    let (lane, preview, selected, entered) = row.get();
                    lane.map(|lane| {
                        view! { <LaneRow lane index=i preview selectable=can selected on_pick entered/> }
                    })
                }
            })
            .collect_view();
        let parked = Signal::derive(move || sheet_in.with(|s| s.0.parked));
        let total = Signal::derive(move || sheet_in.with(|s| s.0.total()));
        view! {
            <ol class="mg-lanes" data-decide=move || decide_on(true)>{rows}</ol>
            <SheetFoot parked total/>
        }
    };
    let playing = Memo::new(move |_| v.with(|v| v.stage != Stage::Over));

    // Every player's total (and the teams'), and every sheet once it is over.
    // The scores part of the view: a throw leaves it as it is, so it is
    // not drawn again.
    let scores = Memo::new(move |_| {
        v.with(|v| View {
            stage: if v.stage == Stage::Over {
                Stage::Over
            } else {
                Stage::Start
            },
            turn: 0,
            ..v.clone()
        })
    });
    let bumps = crate::contract::Bumps::new(
        scores.with_untracked(|v| v.sheets.iter().map(Sheet::total).collect::<Vec<_>>()),
    );
    let others = move || {
        let view = scores.get();
        names.track();
        let over = view.stage == Stage::Over;
        let changed = bumps.changed(view.sheets.iter().map(Sheet::total).collect());
        view! {
            <table class="balances mg-scores">
                <thead><tr><th scope="col">{t!(i18n, players)}</th><th scope="col" class="num">{t!(i18n, mg_points)}</th></tr></thead>
                <tbody>
                    {view.sheets.iter().enumerate().map(|(s, sh)| {
                        let current = s == view.current && !over;
                        let changed = changed[s];
                        view! {
                            <tr class=format!("seat{}", s % crate::table::SEAT_COLOURS) class:current=current>
                                <th scope="row">{current.then_some("▶ ")}{ctx.who(s)}
                                    {view.teams.then(|| format!(" ({})", if View::team_of(s) == 0 { "A" } else { "B" }))}</th>
                                <td class="num" data-testid="player-total"><span class:bump=changed>{signed(sh.total())}</span></td>
                            </tr>
                        }
                    }).collect_view()}
                    {view.teams.then(|| (0..2).map(|team| view! {
                        <tr class="team"><th scope="row">{move || td_string!(i18n.get_locale(), mg_team, team = if team == 0 { "A" } else { "B" }).to_string()}</th>
                            <td class="num" data-testid="team-total">{signed(view.team_total(team))}</td></tr>
                    }).collect_view())}
                </tbody>
            </table>
            {over.then(|| view.sheets.iter().enumerate().map(|(s, sh)| view! {
                <section class="mg-sheet small" data-testid="final-sheet">
                    <h3>{ctx.who(s)}</h3>
                    <SheetView sheet=sh.clone() preview=None selectable=vec![] selected=None on_pick=Callback::new(|_| {})/>
                </section>
            }).collect_view())}
        }
    };

    // During play, everyone else's sheet opens on a tap; drawn only while
    // open (a move redraws the scores, not closed sheets).
    let seat_count = Memo::new(move |_| v.with(|v| v.sheets.len()));
    let current = Memo::new(move |_| v.with(|v| v.current));
    let other_sheets = move || {
        (0..seat_count.get())
            .filter(|&s| s != current.get())
            .map(|s| {
                let open = RwSignal::new(false);
                let sheet = Memo::new(move |_| v.with(|v| v.sheets.get(s).cloned()));
                let name = move || names.with(|n| n.get(s).cloned().unwrap_or_default());
                view! {
                    <details class="mg-other" data-testid="other-sheet"
                        on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
                        <summary>{move || td_string!(i18n.get_locale(), mg_sheet_of, name = name()).to_string()}</summary>
                        {move || open.get().then(|| sheet.get().map(|sh| view! {
                            <div class="mg-sheet small">
                                <SheetView sheet=sh preview=None selectable=vec![] selected=None on_pick=Callback::new(|_| {})/>
                            </div>
                        }))}
                    </details>
                }
            })
            .collect_view()
    };

    view! {
        <div class="mg-table" node_ref=root on:click=on_click>
            {move || playing.get().then(|| view! {
                // Thrown dice stay pinned at the top while the sheet
                // scrolls under them (issue 40: the lanes they go to and the
                // dice, on screen together, at 320x568 too).
                <section class="tray mg-tray" data-decide=move || decide_on(false)
                    data-pinned=move || v.with(|v| matches!(v.stage, Stage::Thrown(_))).then_some("")
                    aria-label=move || td_string!(i18n.get_locale(), mg_dice).to_string() node_ref=tray_el></section>
                <section class="mg-sheet" aria-labelledby="mg-sheet-title">
                    <h2 id="mg-sheet-title">{move || td_string!(i18n.get_locale(), mg_sheet_of, name = names.with(|n| n[shown.with(|s| s.0)].clone())).to_string()}</h2>
                    {sheet}
                </section>
            })}
            <section class="ledger">{others}{move || playing.get().then(other_sheets)}</section>
            {move || playing.get().then(|| view! {
                <crate::table::DecisionBar><div class="html-part" node_ref=bar_el></div></crate::table::DecisionBar>
            })}
        </div>
    }
}
