//! CHOICE on screen: the score sheet as on the pad (rows 2 to 12 with their
//! points, ten boxes with the fifth set apart, the plus and minus results,
//! the fifth-die table of three rows of eight, the final result) and the
//! shared throw, split by tapping dice into pair A, pair B and the fifth die,
//! or by picking one of the legal splits.

use crate::contract::{GameView, MovePick, TableCtx};
use crate::i18n::*;
use crate::platform::sound::Cue;
use crate::table::{esc, HtmlParts};
use leptos::prelude::*;
use rules::choice::{
    row_score, Action, Assignment, Choice, Error, Event, Sheet, Stage, View, BOXES, FIFTH_BOXES,
    FIFTH_NUMBERS, POINTS,
};
use rules::Seat;
use wasm_bindgen::JsCast;

fn signed(v: i64) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}

fn list(numbers: &[u8]) -> String {
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl GameView for Choice {
    const STYLE: &'static str = include_str!("style.css");
    const DEFAULT_SEATS: usize = 1;
    const DAILY: bool = true;

    fn name(l: Locale) -> String {
        td_string!(l, name_choice).to_string()
    }

    fn pitch(l: Locale) -> String {
        td_string!(l, pitch_choice).to_string()
    }

    fn table(ctx: TableCtx<Self>) -> AnyView {
        view! { <ChTable ctx/> }.into_any()
    }

    /// Seed 19, solo, the strong player's splits when it was found
    /// (`rules/examples/lesson_search.rs choice`; since the counts term the
    /// strong player prefers another second split by 0.2 points, too little
    /// to matter to a first game): three fifth-die numbers in three throws,
    /// a fourth throw that must use one, and a free throw.
    fn lesson() -> Option<crate::contract::Lesson> {
        use crate::contract::{Lesson, Step};
        use serde_json::json;
        const ROLL: &str = "[data-testid=roll]";
        let step = Step::new;
        let split = |a: [u8; 2], b: [u8; 2], fifth: u8| {
            Some(json!({"assign": {"a": a, "b": b, "fifth": fifth}}))
        };
        Some(Lesson {
            seed: 19,
            computers: 0,
            options: json!({}),
            steps: vec![
                step(0, Some(json!("roll")), ROLL, |l| td_string!(l, ch_lesson_1).to_string()),
                step(1, split([1, 3], [2, 6], 1), "[data-testid=split][data-sums=\"4+8\"][data-fifth=\"1\"], [data-testid=confirm]", |l| td_string!(l, ch_lesson_2).to_string()),
                step(2, Some(json!("roll")), ROLL, |l| td_string!(l, ch_lesson_3).to_string()),
                step(3, split([2, 4], [5, 5], 6), "[data-testid=split][data-sums=\"6+10\"][data-fifth=\"6\"], [data-testid=confirm]", |l| td_string!(l, ch_lesson_4).to_string()),
                step(4, Some(json!("roll")), ROLL, |l| td_string!(l, ch_lesson_3).to_string()),
                step(5, split([2, 6], [4, 6], 5), "[data-testid=split][data-sums=\"8+10\"][data-fifth=\"5\"], [data-testid=confirm]", |l| td_string!(l, ch_lesson_5).to_string()),
                step(6, Some(json!("roll")), ROLL, |l| td_string!(l, ch_lesson_3).to_string()),
                step(7, split([2, 3], [4, 6], 5), "[data-testid=split][data-sums=\"5+10\"][data-fifth=\"5\"], [data-testid=confirm]", |l| td_string!(l, ch_lesson_6).to_string()),
                step(8, Some(json!("roll")), ROLL, |l| td_string!(l, ch_lesson_3).to_string()),
                step(9, split([2, 2], [2, 3], 4), "[data-testid=split][data-sums=\"4+5\"][data-fifth=\"4\"], [data-testid=confirm]", |l| td_string!(l, ch_lesson_7).to_string()),
                step(10, None, "", |l| td_string!(l, ch_lesson_8).to_string()),
            ],
        })
    }

    fn move_text(v: &View, action: &Action, l: Locale) -> String {
        let Action::Assign(a) = action else {
            return td_string!(l, ch_roll).to_string();
        };
        let (x, y) = a.sums();
        let free = match &v.stage {
            Stage::Assign { dice, pending } => pending
                .first()
                .and_then(|&s| v.sheets.get(s))
                .is_some_and(|sheet| sheet.is_free(dice)),
            _ => false,
        };
        if free {
            td_string!(l, ch_split_free, a = x, b = y, fifth = a.fifth).to_string()
        } else {
            td_string!(l, ch_split_text, a = x, b = y, fifth = a.fifth).to_string()
        }
    }

    fn coach_value(_c: &rules::Weighed<Action>, number: &str, l: Locale) -> String {
        td_string!(l, ch_coach_value, v = number).to_string()
    }

    fn error_text(e: &Error, l: Locale) -> String {
        match e {
            Error::AlreadyThrown => td_string!(l, ch_err_already_thrown).to_string(),
            Error::NotThrown => td_string!(l, ch_err_not_thrown).to_string(),
            Error::NotTheThrow => td_string!(l, ch_err_not_the_throw).to_string(),
            Error::FifthMustBeChosen => td_string!(l, ch_err_fifth_must).to_string(),
            Error::NotCanonical => td_string!(l, ch_err_not_canonical).to_string(),
        }
    }

    fn option_label(key: &str, l: Locale) -> String {
        match key {
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
                    Event::Thrown { seat, dice } => {
                        td_string!(l, ch_ann_thrown, name = name(*seat), dice = list(dice))
                            .to_string()
                    }
                    Event::Assigned {
                        seat,
                        assignment: a,
                        free,
                        fifth_crosses,
                        total,
                    } => {
                        let (x, y) = a.sums();
                        if *free {
                            td_string!(
                                l,
                                ch_ann_free,
                                name = name(*seat),
                                a = x,
                                b = y,
                                fifth = a.fifth,
                                total = signed(*total)
                            )
                            .to_string()
                        } else {
                            td_string!(
                                l,
                                ch_ann_assigned,
                                name = name(*seat),
                                a = x,
                                b = y,
                                fifth = a.fifth,
                                n = fifth_crosses.unwrap_or_default(),
                                total = signed(*total)
                            )
                            .to_string()
                        }
                    }
                    Event::PlayerDone { seat, total } => {
                        td_string!(l, ch_ann_done, name = name(*seat), total = signed(*total))
                            .to_string()
                    }
                    Event::GameOver => return None,
                })
            })
            .collect()
    }

    fn vibrates(events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e, Event::Thrown { .. }))
    }

    /// Five dice split into pairs: their sum says nothing.
    fn faces_value(_: &[rules::chance::DieKind], _: &[Option<u8>], _: Locale) -> Option<String> {
        None
    }

    /// A sheet of 500 points or more.
    fn cheer(log: &[Vec<Event>], from: usize, names: &[String], l: Locale) -> Option<String> {
        log.get(from..)?.iter().flatten().find_map(|e| match *e {
            Event::PlayerDone { seat, total } if total >= 500 => Some(
                td_string!(l, ch_cheer_500, name = names[seat].clone(), total = total).to_string(),
            ),
            _ => None,
        })
    }

    fn cue(events: &[Event]) -> Option<Cue> {
        events
            .iter()
            .map(|e| match e {
                Event::Thrown { .. } => Cue::Dice,
                Event::Assigned { .. } => Cue::Cross,
                Event::PlayerDone { .. } => Cue::Chime,
                Event::GameOver => Cue::Fanfare,
            })
            .max()
    }

    fn rules() -> AnyView {
        crate::table::rules_view(
            keys::ch_rules_title,
            &[
                keys::ch_rules_1,
                keys::ch_rules_2,
                keys::ch_rules_3,
                keys::ch_rules_4,
                keys::ch_rules_5,
                keys::ch_rules_6,
                keys::ch_rules_7,
            ],
            &[(5, points_table), (7, worked_example)],
            Vec::new(),
        )
    }
}

/// The text's finished sheet (its figure 4, R-CH-5), drawn as on the table
/// and scored by the rules: +400.
fn worked_example(l: Locale) -> String {
    let mut sheet = Sheet::default();
    for (sum, c) in [(2, 4), (4, 6), (5, 5), (6, 6), (8, 9), (9, 7), (10, 9)] {
        sheet.crosses[sum - 2] = c;
    }
    format!(
        "<section class=\"rules-example\" data-testid=\"rules-example\"><h3>{}</h3><div class=\"ch-pad\">{}</div><p class=\"rules-caption\" data-testid=\"rules-example-score\">{}</p></section>",
        esc(td_string!(l, rules_example)),
        sheet_html(&sheet, None, None, l),
        esc(&td_string!(l, ch_example, total = signed(sheet.total())))
    )
}

/// The points table of the rules: sums s and 14 - s score alike, so six
/// columns fit a phone.
fn points_table(l: Locale) -> String {
    let mut sums = format!("<tr><th scope=\"row\">{}</th>", td_string!(l, ch_sum));
    let mut points = format!("<tr><th scope=\"row\">{}</th>", td_string!(l, ch_points));
    for s in 2..=7u8 {
        if s == 7 {
            sums.push_str("<td>7</td>");
        } else {
            sums.push_str(&format!("<td>{s} / {}</td>", 14 - s));
        }
        points.push_str(&format!("<td>{}</td>", POINTS[usize::from(s - 2)]));
    }
    format!("<table class=\"ch-points-table\">{sums}</tr>{points}</tr></table>")
}

/// The die indices of an assignment on `dice`: pair A, pair B, fifth.
fn indices_of(a: &Assignment, dice: &[u8; 5]) -> Vec<usize> {
    let mut used = [false; 5];
    let mut out = Vec::new();
    for face in [a.a[0], a.a[1], a.b[0], a.b[1]] {
        if let Some(i) = (0..5).find(|&i| !used[i] && dice[i] == face) {
            used[i] = true;
            out.push(i);
        }
    }
    out
}

/// The assignment the tapped dice make (two pairs picked, the fifth the
/// die left), once four are picked.
fn picked(sel: &[usize], dice: &[u8; 5]) -> Option<Assignment> {
    if sel.len() != 4 {
        return None;
    }
    let fifth = (0..5).find(|i| !sel.contains(i))?;
    Some(Assignment::new(
        [dice[sel[0]], dice[sel[1]]],
        [dice[sel[2]], dice[sel[3]]],
        dice[fifth],
    ))
}

/// The pad: sum rows with points, boxes, results; the fifth-die table; the
/// final result. `preview` marks the crosses an assignment would add.
/// Read-only, so drawn as one HTML string (a reactive node per box would
/// cost download size).
fn sheet_view(sheet: &Sheet, preview: Option<(u8, u8, Option<u8>)>, l: Locale) -> impl IntoView {
    let html = sheet_html(sheet, preview, None, l);
    view! { <div class="ch-pad-body" inner_html=html></div> }
}

/// A box of the pad: crossed, to be crossed by the previewed assignment, or
/// empty.
fn box_class(i: u8, crossed: u8, add: u8) -> &'static str {
    if i < crossed {
        "ch-box x"
    } else if i < crossed + add {
        "ch-box x preview"
    } else {
        "ch-box"
    }
}

/// The crosses of a seat's last assignment, marked on its pad until its
/// next one: the sums and the fifth-die number. They enter (CSS, on the
/// pad's `data-enter`) when the assignment is the move just made, so a
/// roll, which leaves the pad as it is, does not draw it again.
#[derive(Clone, Copy, PartialEq)]
struct LastCrosses {
    sums: (u8, u8),
    fifth: Option<u8>,
}

fn sheet_html(
    sheet: &Sheet,
    preview: Option<(u8, u8, Option<u8>)>,
    last: Option<LastCrosses>,
    l: Locale,
) -> String {
    sheet_parts(sheet, preview, last, l).html()
}

/// Where `sheet_parts`' rows are drawn: the sum rows, the fifth-die rows.
const SHEET_ROWS: [&str; 2] = [".ch-sheet > tbody", ".ch-fifth-table > tbody"];

/// The pad's HTML in parts, a row each, so a change of the preview redraws
/// only the rows it touches (`crate::table::draw_parts`).
fn sheet_parts(
    sheet: &Sheet,
    preview: Option<(u8, u8, Option<u8>)>,
    last: Option<LastCrosses>,
    l: Locale,
) -> HtmlParts {
    let mut parts = Vec::with_capacity(14 + FIFTH_NUMBERS);
    let extra = |s: u8| match preview {
        Some((a, b, _)) => u8::from(a == s) + u8::from(b == s),
        None => 0,
    };
    let (plus, minus) = sheet.columns();
    let mut out = format!(
        "<table class=\"ch-sheet\"><thead><tr><th scope=\"col\" class=\"ch-pts\">{}</th><th scope=\"col\" class=\"ch-sum\">{}</th><th scope=\"col\">{}</th><th scope=\"col\" class=\"ch-plus\">+</th><th scope=\"col\" class=\"ch-minus\">−</th></tr></thead><tbody>",
        esc(td_string!(l, ch_points)),
        esc(td_string!(l, ch_sum)),
        esc(td_string!(l, ch_sum_list))
    );
    for s in 2..=12u8 {
        parts.push(std::mem::take(&mut out));
        let c = sheet.crosses_of(s);
        let add = extra(s);
        let result = row_score(s, c);
        out.push_str(&format!(
            "<tr data-testid=\"ch-row\" data-sum=\"{s}\" data-crosses=\"{c}\"{}><td class=\"ch-pts\">{}</td><th scope=\"row\" class=\"ch-sum\">{s}</th><td class=\"ch-boxes\">",
            if add > 0 { " class=\"target\"" } else { "" },
            POINTS[usize::from(s - 2)]
        ));
        // The boxes the last assignment crossed: the last ones of the row.
        let just = last.map_or(0, |m| u8::from(m.sums.0 == s) + u8::from(m.sums.1 == s));
        for i in 0..BOXES {
            let class = box_class(i, c, add);
            // The new crosses are the row's last ones: those within the
            // boxes are marked here, those beyond on the "+n" after them.
            let class = if just > 0 && i < c.min(BOXES) && i + just >= c {
                format!("{class} moved")
            } else {
                class.to_string()
            };
            let gap = if i == 4 || i == 5 { " apart" } else { "" };
            out.push_str(&format!("<span class=\"{class}{gap}\"></span>"));
        }
        let over = (c + add).saturating_sub(BOXES);
        if over > 0 {
            let class = if add > 0 {
                " preview"
            } else if just > 0 && c > BOXES {
                " moved"
            } else {
                ""
            };
            out.push_str(&format!("<span class=\"ch-over{class}\">+{over}</span>"));
        }
        let cell = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
        out.push_str(&format!(
            "</td><td class=\"ch-plus\">{}</td><td class=\"ch-minus\">{}</td></tr>",
            cell((result > 0).then_some(result)),
            cell((result < 0).then_some(-result))
        ));
    }
    parts.push(std::mem::take(&mut out));
    out.push_str(&format!(
        "</tbody><tfoot><tr><th scope=\"row\" colspan=\"3\" class=\"ch-add\">{}</th><td class=\"ch-plus\" data-testid=\"ch-plus\">{plus}</td><td class=\"ch-minus\" data-testid=\"ch-minus\">{minus}</td></tr></tfoot></table><div class=\"ch-lower\"><table class=\"ch-fifth-table\"><caption>{}</caption><tbody>",
        esc(td_string!(l, ch_addition)),
        esc(td_string!(l, ch_fifth_table))
    ));
    for i in 0..FIFTH_NUMBERS {
        parts.push(std::mem::take(&mut out));
        let f = sheet.fifth.get(i);
        let n = f.map_or(0, |f| f.crosses);
        let add = match (preview, f) {
            (Some((_, _, Some(p))), Some(f)) if p == f.number => 1,
            (Some((_, _, Some(p))), None)
                if i == sheet.fifth.len() && !sheet.fifth.iter().any(|f| f.number == p) =>
            {
                1
            }
            _ => 0,
        };
        let number = f
            .map(|f| f.number)
            .or_else(|| (add == 1).then_some(preview.and_then(|p| p.2)).flatten())
            .map(|x| x.to_string())
            .unwrap_or_default();
        out.push_str(&format!(
            "<tr data-testid=\"ch-fifth\" data-number=\"{number}\" data-crosses=\"{n}\"><th scope=\"row\" class=\"ch-fnum\">{number}</th><td class=\"ch-boxes\">"
        ));
        let just = last.is_some_and(|m| f.is_some_and(|f| m.fifth == Some(f.number)));
        for b in 0..FIFTH_BOXES {
            let class = box_class(b, n, add);
            let class = if just && b + 1 == n {
                format!("{class} moved")
            } else {
                class.to_string()
            };
            out.push_str(&format!("<span class=\"{class}\"></span>"));
        }
        out.push_str("</td></tr>");
    }
    parts.push(std::mem::take(&mut out));
    out.push_str(&format!(
        "</tbody></table><p class=\"ch-final\">{}<strong data-testid=\"ch-total\">{}</strong>",
        esc(td_string!(l, ch_final)),
        signed(sheet.total())
    ));
    if sheet.free_throws > 0 {
        out.push_str(&format!(
            "<span class=\"ch-free-count\">{}</span>",
            esc(&td_string!(l, ch_free_count, n = sheet.free_throws))
        ));
    }
    out.push_str("</p></div>");
    parts.push(out);
    // The parts: the head, 11 sum rows, the part between, the fifth-die
    // rows, the rest.
    let tail = parts.split_off(13 + FIFTH_NUMBERS);
    let fifths = parts.split_off(13);
    let mid = parts.split_off(12);
    let sums = parts.split_off(1);
    HtmlParts {
        frame: vec![parts.concat(), mid.concat(), tail.concat()],
        groups: vec![sums, fifths],
    }
}

#[component]
fn ChTable(ctx: TableCtx<Choice>) -> impl IntoView {
    let i18n = use_i18n();
    let v = Memo::new(move |_| ctx.seen.with(|s| s.view.clone()));
    let names = ctx.names;
    // The dice tapped so far, in order (two for pair A, two for pair B),
    // for this move and this seat: across phones the next person at the
    // device may assign the same throw ahead of their turn (R-CH-8), and
    // starts from nothing picked.
    let pick_key = Memo::new(move |_| {
        ctx.seen
            .with(|s| (s.frame.moves << 4) | s.frame.seat.map_or(15, |x| x & 15))
    });
    let sel = MovePick::new(pick_key, Vec::<usize>::new());
    // Whose pad is shown: the seat deciding; while nobody at the device
    // decides (a computer's turn, the moment before the next player, a
    // replay), the seat whose crosses the last move made, marked on it.
    let motion = crate::contract::Motion::new(ctx.seen.with_untracked(|s| s.frame));
    let assigned = |evs: &Vec<Event>| {
        evs.iter().find_map(|e| match e {
            Event::Assigned {
                seat,
                assignment,
                free,
                ..
            } => Some((*seat, *assignment, *free)),
            _ => None,
        })
    };
    // The pad's seat, its last crosses, and whether they are the move just
    // made (then they enter).
    let pad = Memo::new(move |_| {
        ctx.seen.with(|s| {
            let just = s.log.last().and_then(assigned);
            let seat = match (s.frame.seat, just) {
                // The seat deciding here: across phones, one may decide
                // ahead of the turn the rules wait for (R-CH-8).
                (Some(seat), _) => seat,
                (None, Some((seat, ..))) => seat,
                _ => s.view.acting().unwrap_or_default(),
            };
            let last = s
                .log
                .iter()
                .rev()
                .filter_map(assigned)
                .find(|m| m.0 == seat)
                .map(|(_, a, free)| LastCrosses {
                    sums: a.sums(),
                    fifth: (!free).then_some(a.fifth),
                });
            let enter = just.is_some_and(|m| m.0 == seat) && motion.fresh(s.frame);
            (seat, last, enter)
        })
    });
    let marks = Memo::new(move |_| pad.with(|p| (p.0, p.1)));
    let seat_now = move || Some(pad.with(|p| p.0));
    // The rules' list decides what is offered (Roll, or the splits).
    let offers = move |a: &Action| ctx.seen.with(|s| s.offers(a));
    let can_act = move || ctx.acting().is_some();
    // Whose throw this is to assign: the seat deciding here, else the one
    // the rules wait for.
    let deciding = move |view: &View| {
        ctx.seen
            .with(|s| s.frame.seat)
            .or(view.acting())
            .unwrap_or_default()
    };
    let name_of = move |s: Seat| names.with(|n| n.get(s).cloned().unwrap_or_default());

    // The tray is drawn as an HTML string once per throw, its controls
    // named by `data-act` and read by the table's one click handler; a
    // pick marks what it changes in place (issue 42: a roll built the dice,
    // the pairs and the splits as Leptos views, about half of its time at
    // 4x CPU throttling). Dice roll where a frame is new.
    let tray_motion = crate::contract::Motion::new(ctx.seen.with_untracked(|s| s.frame));
    let tray_html = Memo::new(move |_| {
        let l = i18n.get_locale();
        let frame = ctx.seen.with(|s| s.frame);
        // Read once per draw, so the dozen buttons of a throw carry no
        // effect each.
        let locked = !can_act();
        let view = v.get();
        let mut h = String::new();
        match &view.stage {
            Stage::Roll { seat } => {
                let hint = td_string!(l, ch_cup, name = name_of(*seat)).to_string();
                h.push_str(&format!("<p class=\"hint\">{}</p>", esc(&hint)));
            }
            Stage::Assign { dice, .. } => {
                let seat = deciding(&view);
                let sheet = &view.sheets[seat];
                let free = sheet.is_free(dice);
                let roll = if tray_motion.fresh(frame) {
                    " rolling"
                } else {
                    ""
                };
                h.push_str(&format!(
                    "<div class=\"ch-dice\" role=\"group\" aria-label=\"{}\" data-testid=\"thrown\">",
                    esc(td_string!(l, ch_dice))
                ));
                for (i, &f) in dice.iter().enumerate() {
                    let label = td_string!(l, die_label, n = f).to_string();
                    h.push_str(&format!(
                        "<button type=\"button\" class=\"die-button\" data-testid=\"die\" data-act=\"d{i}\" data-face=\"{f}\" data-slot=\"\" aria-pressed=\"false\"{}>{}<span class=\"ch-slot\" aria-hidden=\"true\"></span></button>",
                        if locked { " disabled" } else { "" },
                        crate::table::dice::die_html(f, &format!("{roll} m{}", frame.moves), &label)
                    ));
                }
                h.push_str("</div>");
                // The split is the acting person's to make: while nobody
                // at the device decides, only the throw shows.
                if !locked {
                    let numbers: Vec<u8> = sheet.fifth.iter().map(|f| f.number).collect();
                    let shown: Vec<u8> = numbers
                        .iter()
                        .copied()
                        .filter(|n| dice.contains(n))
                        .collect();
                    let rule = if free {
                        Some(td_string!(l, ch_free, numbers = list(&numbers)).to_string())
                    } else if numbers.len() == FIFTH_NUMBERS {
                        Some(
                            td_string!(l, ch_must, numbers = list(&numbers), shown = list(&shown))
                                .to_string(),
                        )
                    } else {
                        None
                    };
                    h.push_str(&format!(
                        "<dl class=\"ch-split\"><dt>{}</dt><dd data-testid=\"pair-a\">…</dd><dt>{}</dt><dd data-testid=\"pair-b\">…</dd><dt>{}</dt><dd data-testid=\"fifth\">…</dd></dl>",
                        esc(td_string!(l, ch_pair_a)),
                        esc(td_string!(l, ch_pair_b)),
                        esc(td_string!(l, ch_fifth))
                    ));
                    if let Some(r) = rule {
                        h.push_str(&format!(
                            "<p class=\"hint ch-rule\" data-testid=\"ch-rule\">{}</p>",
                            esc(&r)
                        ));
                    }
                    // The splits: each button names its entry of the
                    // rules' list.
                    let mut splits = String::new();
                    let mut n = 0;
                    ctx.seen.with(|sn| {
                        for (k, a) in sn.legal.iter().enumerate() {
                            let Action::Assign(a) = a else { continue };
                            let (x, y) = a.sums();
                            let label = if free {
                                td_string!(l, ch_split_free, a = x, b = y, fifth = a.fifth)
                                    .to_string()
                            } else {
                                td_string!(l, ch_split_text, a = x, b = y, fifth = a.fifth)
                                    .to_string()
                            };
                            n += 1;
                            splits.push_str(&format!(
                                "<button type=\"button\" class=\"ch-split-button\" data-act=\"split\" data-legal=\"{k}\" data-testid=\"split\" data-sums=\"{x}+{y}\" data-fifth=\"{}\" aria-pressed=\"false\">{}</button>",
                                a.fifth,
                                esc(&label)
                            ));
                        }
                    });
                    h.push_str(&format!(
                        "<details class=\"ch-splits\" open><summary>{}</summary><div class=\"ch-split-list\">{splits}</div></details>",
                        esc(&td_string!(l, ch_splits, n = n).to_string())
                    ));
                }
            }
            Stage::Over => {}
        }
        h
    });
    // Drawn when it changed; then what the pick marks: each die's slot
    // (A, B, the fifth die), the pairs and the fifth, the split it makes.
    // The list of splits folds once a die is picked and opens when none is
    // (as the player left it otherwise).
    let tray_el = NodeRef::<leptos::html::Div>::new();
    let drawn = StoredValue::new_local(crate::table::Drawn::default());
    // Whether the list of splits was last set open (for no pick) or folded.
    let folded_for = StoredValue::new(None::<bool>);
    Effect::new(move |_| {
        let html = tray_html.get();
        let s = sel.get();
        let Some(el) = tray_el.get().map(web_sys::Element::from) else {
            return;
        };
        if drawn.try_update_value(|d| crate::table::draw_html(&el, d, &html)) == Some(true) {
            // Drawn with the list of splits open.
            folded_for.set_value(Some(true));
        }
        let Stage::Assign { dice, .. } = v.with(|v| v.stage.clone()) else {
            return;
        };
        let l = i18n.get_locale();
        let find = |sel: &str| el.query_selector(sel).ok().flatten();
        for i in 0..dice.len() {
            let Some(b) = find(&format!("[data-act=\"d{i}\"]")) else {
                continue;
            };
            let slot = s.iter().position(|&x| x == i);
            let mark = match slot {
                Some(0 | 1) => "A",
                Some(_) => "B",
                None if s.len() == 4 => td_string!(l, ch_fifth_short),
                None => "",
            };
            let _ = b.set_attribute("data-slot", mark);
            crate::table::mark_pressed(&b, slot.is_some());
            if let Ok(Some(span)) = b.query_selector(".ch-slot") {
                if span.text_content().as_deref() != Some(mark) {
                    span.set_text_content(Some(mark));
                }
            }
        }
        let choice = picked(&s, &dice);
        let free = v.with(|v| v.sheets[deciding(v)].is_free(&dice));
        for (k, id) in [(0usize, "pair-a"), (1, "pair-b")] {
            let faces: Vec<u8> = s.iter().skip(2 * k).take(2).map(|&i| dice[i]).collect();
            let text = match faces.as_slice() {
                [a, b] => format!("{a} + {b} = {}", a + b),
                [a] => format!("{a} + …"),
                _ => "…".to_string(),
            };
            if let Some(dd) = find(&format!("[data-testid={id}]")) {
                dd.set_text_content(Some(&text));
            }
        }
        let fifth = match choice {
            Some(a) if free => td_string!(l, ch_left_out, n = a.fifth).to_string(),
            Some(a) => a.fifth.to_string(),
            None => "…".to_string(),
        };
        if let Some(dd) = find("[data-testid=fifth]") {
            dd.set_text_content(Some(&fifth));
        }
        let chosen = choice.and_then(|a| {
            ctx.seen
                .with_untracked(|sn| sn.legal.iter().position(|x| *x == Action::Assign(a)))
        });
        for b in crate::table::all_of(&el, "[data-act=split]") {
            let on = chosen.is_some()
                && b.get_attribute("data-legal").and_then(|x| x.parse().ok()) == chosen;
            crate::table::mark_pressed(&b, on);
        }
        // Folded on the first pick, open again when none is left.
        if folded_for.get_value() != Some(s.is_empty()) {
            folded_for.set_value(Some(s.is_empty()));
            if let Some(d) = find("details.ch-splits") {
                d.unchecked_ref::<web_sys::HtmlDetailsElement>()
                    .set_open(s.is_empty());
            }
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(act) = crate::table::clicked_act(&ev) else {
            return;
        };
        let Stage::Assign { dice, .. } = v.with_untracked(|v| v.stage.clone()) else {
            return;
        };
        if act == "split" {
            // A split names its entry of the rules' list.
            let Some(k) = crate::table::clicked_legal(&ev) else {
                return;
            };
            if let Some(Action::Assign(a)) = ctx.seen.with_untracked(|s| s.legal.get(k).cloned()) {
                sel.set(indices_of(&a, &dice));
            }
        } else if let Some(i) = act.strip_prefix('d').and_then(|i| i.parse::<usize>().ok()) {
            sel.update(|s| match s.iter().position(|&x| x == i) {
                Some(p) => {
                    s.remove(p);
                }
                None if s.len() < 4 => s.push(i),
                None => {}
            });
        }
    };

    // The decision at hand, in the bar at the bottom: roll, or the split
    // picked with what it makes of the sheet.
    let decision = move || {
        let view = v.get();
        let l = i18n.get_locale();
        let locked = !can_act();
        match view.stage.clone() {
            Stage::Roll { .. } => view! {
                <button type="button" class="primary big" data-testid="roll" data-primary="true" disabled=move || !offers(&Action::Roll)
                    on:click=move |_| ctx.send(Action::Roll)>{td_string!(l, ch_roll).to_string()}</button>
            }
            .into_any(),
            Stage::Assign { dice, .. } => {
                let seat = deciding(&view);
                let sheet = view.sheets[seat].clone();
                let free = sheet.is_free(&dice);
                let choice = picked(&sel.get(), &dice);
                // A full pick the rules do not list: three numbers are
                // chosen and the throw shows one, which must be the fifth.
                let refusal = choice.filter(|a| !locked && !offers(&Action::Assign(*a)));
                let confirm = choice.filter(|a| offers(&Action::Assign(*a))).map(|a| {
                    let (x, y) = a.sums();
                    let before = sheet.total();
                    let after = sheet.with(x, y, (!free).then_some(a.fifth)).total();
                    view! {
                        <p class="ch-preview" data-testid="ch-preview">{td_string!(l, ch_preview, from = signed(before), to = signed(after)).to_string()}</p>
                        <button type="button" class="primary big" data-testid="confirm" data-primary="true" disabled=move || !can_act()
                            on:click=move |_| ctx.send(Action::Assign(a))>
                            {td_string!(l, ch_confirm, a = x, b = y).to_string()}
                        </button>
                    }
                });
                let waiting = (choice.is_none() && !locked).then(|| view! {
                    <p class="hint help" data-testid="ch-pick-hint">{td_string!(l, ch_pick_dice).to_string()}</p>
                });
                view! {
                    {waiting}
                    {refusal.map(|_| view! { <p class="notice error" data-testid="why-not">{td_string!(l, ch_err_fifth_must).to_string()}</p> })}
                    {confirm}
                }
                .into_any()
            }
            Stage::Over => ().into_any(),
        }
    };

    // The pad as HTML, drawn again only when it changes (not on a roll).
    let sheet = Memo::new(move |_| {
        let view = v.get();
        let l = i18n.get_locale();
        let (seat, last) = marks.get();
        let preview = match &view.stage {
            Stage::Assign { dice, .. } => picked(&sel.get(), dice)
                .filter(|a| offers(&Action::Assign(*a)))
                .map(|a| {
                    let (x, y) = a.sums();
                    (x, y, (!view.sheets[seat].is_free(dice)).then_some(a.fifth))
                }),
            _ => None,
        };
        sheet_parts(&view.sheets[seat], preview, last, l)
    });
    // Drawn in parts (`crate::table::draw_parts`): the rows a pick
    // changes, not the whole pad.
    let pad_body = NodeRef::<leptos::html::Div>::new();
    let drawn = StoredValue::new_local(None);
    Effect::new(move |_| {
        let parts = sheet.get();
        let Some(body) = pad_body.get() else { return };
        drawn.update_value(|d| crate::table::draw_parts(&body, d, parts, &SHEET_ROWS));
    });
    let playing = Memo::new(move |_| v.with(|v| v.stage != Stage::Over));

    // Every player's result, who is finished, and every sheet once it is
    // over.
    // What the scores show: a roll leaves it as it is, so it is not drawn
    // again.
    let scores =
        Memo::new(move |_| v.with(|v| (v.sheets.clone(), v.stage == Stage::Over, v.acting())));
    let bumps = crate::contract::Bumps::new(
        scores.with_untracked(|s| s.0.iter().map(Sheet::total).collect::<Vec<_>>()),
    );
    let others = move || {
        let (sheets, over, now) = scores.get();
        let l = i18n.get_locale();
        let changed = bumps.changed(sheets.iter().map(Sheet::total).collect());
        (sheets.len() > 1 || over).then(|| view! {
          <section class="ledger">
            {(sheets.len() > 1).then(|| view! {
                <table class="balances ch-scores">
                    <thead><tr><th scope="col">{td_string!(l, players).to_string()}</th><th scope="col" class="num">{td_string!(l, ch_points).to_string()}</th></tr></thead>
                    <tbody>
                        {sheets.iter().enumerate().map(|(s, sh)| {
                            let changed = changed[s];
                            view! {
                                <tr class=format!("seat{}", s % crate::table::SEAT_COLOURS) class:current={now == Some(s)} data-testid="ch-player" data-done=sh.done().to_string()>
                                    <th scope="row">{(now == Some(s)).then_some("▶ ")}{ctx.who(s)}
                                        {(sh.done() && !over).then(|| view! { <span class="ch-done">{td_string!(l, ch_finished).to_string()}</span> })}</th>
                                    <td class="num" data-testid="player-total"><span class:bump=changed>{signed(sh.total())}</span></td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            })}
            {over.then(|| sheets.iter().enumerate().map(|(s, sh)| view! {
                <section class="ch-pad small" data-testid="final-sheet">
                    <h3>{ctx.who(s)}</h3>
                    {sheet_view(sh, None, l)}
                </section>
            }).collect_view())}
          </section>
        })
    };

    view! {
        <div class="ch-table" on:click=on_click>
            {move || playing.get().then(|| view! {
                <section class="tray ch-tray" data-decide=move || can_act().then_some("") aria-label=move || td_string!(i18n.get_locale(), ch_dice).to_string()>
                    <p class="meta">{move || td_string!(i18n.get_locale(), ch_round, n = v.with(|v| {
                        // Before a roll: the throw about to be rolled.
                        if matches!(v.stage, Stage::Roll { .. }) { v.round + 1 } else { v.round.max(1) }
                    })).to_string()}</p>
                    <div class="html-part" node_ref=tray_el></div>
                </section>
                <section class="ch-pad" aria-labelledby="ch-sheet-title">
                    <h2 id="ch-sheet-title">{move || td_string!(i18n.get_locale(), ch_sheet_of, name = name_of(seat_now().unwrap_or_default())).to_string()}</h2>
                    <div class="ch-pad-body" data-enter=move || pad.with(|p| p.2).then_some("") node_ref=pad_body></div>
                </section>
                <crate::table::DecisionBar>{decision}</crate::table::DecisionBar>
            })}
            {others}
        </div>
    }
}
