//! Minesweeper for two on screen: both scores and whose turn, the mines
//! still hidden, the board (tap a covered cell once to explore, twice to
//! mark, a third time to let go; a confirm commits, R-MS-2), the cells the
//! last move uncovered automatically, the player's own failed marks, the
//! move list in the text's words, and the mine chances when hints are on.
//!
//! The board is one HTML string per state with one click handler for all
//! cells: hundreds of cells as separate reactive nodes would cost download
//! size and time on every move.

use crate::contract::{GameView, MovePick, TableCtx};
use crate::i18n::*;
use crate::platform::sound::Cue;
use crate::table::{esc, HtmlParts};
use leptos::prelude::*;
use rules::minesweeper::{mark_points, Action, Error, Event, Kind, Minesweeper, Square, View};
use rules::Seat;
use wasm_bindgen::JsCast;

/// A cell's name as players say it: column letters from A, row from 1.
pub fn cell_name(x: usize, y: usize) -> String {
    format!("{}{}", col_name(x), y + 1)
}

/// A column's letters: A..Z, then AA, AB...
fn col_name(x: usize) -> String {
    let mut col = String::new();
    let mut n = x + 1;
    while n > 0 {
        col.insert(0, char::from(b'A' + ((n - 1) % 26) as u8));
        n = (n - 1) / 26;
    }
    col
}

fn signed(v: i64) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        format!("+{v}")
    }
}

impl GameView for Minesweeper {
    const STYLE: &'static str = include_str!("style.css");
    const DEFAULT_SEATS: usize = 2;
    const RECORD: crate::contract::RecordKind = crate::contract::RecordKind::Margin;

    fn replay_hint(l: Locale) -> Option<String> {
        Some(td_string!(l, replay_hint_ms).to_string())
    }

    fn name(l: Locale) -> String {
        td_string!(l, name_minesweeper).to_string()
    }

    fn pitch(l: Locale) -> String {
        td_string!(l, pitch_minesweeper).to_string()
    }

    fn table(ctx: TableCtx<Self>) -> AnyView {
        view! { <MsTable ctx/> }.into_any()
    }

    const COACH_SIGNED: bool = true;

    /// Seed 134 against a casual computer (`rules/examples/lesson_search.rs
    /// minesweeper`): explorations worth 1 and 3, an automatic reveal, a
    /// certain mine marked for 3, a 0, and a fifty-fifty mark that fails.
    fn lesson() -> Option<crate::contract::Lesson> {
        use crate::contract::{Lesson, Step};
        use serde_json::json;
        let step = Step::new;
        let explore = |x: usize, y: usize| Some(json!({"explore": {"x": x, "y": y}}));
        let mark = |x: usize, y: usize| Some(json!({"mark": {"x": x, "y": y}}));
        Some(Lesson {
            seed: 134,
            computers: 1,
            options: json!({}),
            steps: vec![
                step(0, explore(6, 6), "[data-testid=ms-board] [data-i=\"72\"], [data-testid=ms-mode-explore], [data-testid=confirm]", |l| td_string!(l, ms_lesson_1).to_string()),
                step(2, explore(6, 8), "[data-testid=ms-board] [data-i=\"94\"], [data-testid=ms-mode-explore], [data-testid=confirm]", |l| td_string!(l, ms_lesson_2).to_string()),
                step(4, mark(7, 9), "[data-testid=ms-board] [data-i=\"106\"], [data-testid=ms-mode-mark], [data-testid=confirm]", |l| td_string!(l, ms_lesson_3).to_string()),
                step(6, explore(4, 8), "[data-testid=ms-board] [data-i=\"92\"], [data-testid=ms-mode-explore], [data-testid=confirm]", |l| td_string!(l, ms_lesson_4).to_string()),
                step(8, mark(6, 7), "[data-testid=ms-board] [data-i=\"83\"], [data-testid=ms-mode-mark], [data-testid=confirm]", |l| td_string!(l, ms_lesson_5).to_string()),
                step(10, None, "", |l| td_string!(l, ms_lesson_6).to_string()),
            ],
        })
    }

    fn move_text(_v: &View, action: &Action, l: Locale) -> String {
        let (x, y) = action.at();
        match action {
            Action::Explore { .. } => td_string!(l, ms_explore, cell = cell_name(x, y)).to_string(),
            Action::Mark { .. } => td_string!(l, ms_mark, cell = cell_name(x, y)).to_string(),
        }
    }

    fn coach_value(c: &rules::Weighed<Action>, number: &str, l: Locale) -> String {
        let p = (c.risk.unwrap_or(0.0) * 100.0).round();
        match c.handed {
            // The ranking weighs what the move leaves the opponent.
            Some(h) => {
                let h = crate::contract::coach_number(h, true, false, l);
                td_string!(l, ms_coach_value_handed, v = number, p = p, h = h).to_string()
            }
            None => td_string!(l, ms_coach_value, v = number, p = p).to_string(),
        }
    }

    fn error_text(e: &Error, l: Locale) -> String {
        match e {
            Error::OffBoard => td_string!(l, ms_err_off_board).to_string(),
            Error::NotCovered => td_string!(l, ms_err_not_covered).to_string(),
            Error::TooManyMines { max } => td_string!(l, ms_err_too_many, max = max).to_string(),
        }
    }

    fn option_label(key: &str, l: Locale) -> String {
        match key {
            "width" => td_string!(l, ms_opt_width).to_string(),
            "height" => td_string!(l, ms_opt_height).to_string(),
            "mines" => td_string!(l, ms_opt_mines).to_string(),
            "hints" => td_string!(l, ms_opt_hints).to_string(),
            k => k.to_string(),
        }
    }

    fn announce(_v: &View, events: &[Event], names: &[String], l: Locale) -> Vec<String> {
        let name = |s: Seat| names.get(s).cloned().unwrap_or_default();
        events
            .iter()
            .filter_map(|e| {
                Some(match e {
                    Event::Explored {
                        seat,
                        x,
                        y,
                        number,
                        points,
                    } => td_string!(
                        l,
                        ms_ann_explored,
                        name = name(*seat),
                        cell = cell_name(*x, *y),
                        number = number,
                        points = signed(*points)
                    )
                    .to_string(),
                    Event::Exploded { seat, x, y } => td_string!(
                        l,
                        ms_ann_exploded,
                        name = name(*seat),
                        cell = cell_name(*x, *y)
                    )
                    .to_string(),
                    Event::Marked { seat, x, y, points } => td_string!(
                        l,
                        ms_ann_marked,
                        name = name(*seat),
                        cell = cell_name(*x, *y),
                        points = signed(*points)
                    )
                    .to_string(),
                    Event::Blubb {
                        seat,
                        at: Some((x, y)),
                    } => td_string!(
                        l,
                        ms_ann_blubb_own,
                        name = name(*seat),
                        cell = cell_name(*x, *y)
                    )
                    .to_string(),
                    Event::Blubb { seat, at: None } => {
                        td_string!(l, ms_ann_blubb, name = name(*seat)).to_string()
                    }
                    Event::Revealed { cells } => {
                        td_string!(l, ms_ann_revealed, n = cells.len()).to_string()
                    }
                    Event::GameOver => return None,
                })
            })
            .collect()
    }

    fn vibrates(events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e, Event::Exploded { .. }))
    }

    /// A clean win: the winner never hit a mine nor missed a mark.
    fn cheer(log: &[Vec<Event>], from: usize, names: &[String], l: Locale) -> Option<String> {
        let over = log
            .get(from..)?
            .iter()
            .flatten()
            .any(|e| matches!(e, Event::GameOver));
        if !over {
            return None;
        }
        // The rules' own figures of a game: seat 0's margin, and each
        // seat's explosions and failed marks.
        let figures = <Minesweeper as rules::Simulate>::figures(log);
        let figure = |name: &str, seat: Seat| {
            figures
                .iter()
                .find(|f| f.name == name && f.seat == seat)
                .map_or(0.0, |f| f.sum)
        };
        let margin = figure("margin", 0);
        let winner = if margin > 0.0 {
            0
        } else if margin < 0.0 {
            1
        } else {
            return None;
        };
        let slips = |s: Seat| figure("explosions", s) + figure("blubbs", s);
        (slips(winner) == 0.0)
            .then(|| td_string!(l, ms_cheer_clean, name = names[winner].clone()).to_string())
    }

    fn cue(events: &[Event]) -> Option<Cue> {
        events
            .iter()
            .map(|e| match e {
                Event::Explored { .. } | Event::Revealed { .. } => Cue::Tick,
                Event::Marked { .. } => Cue::Cross,
                Event::Exploded { .. } | Event::Blubb { .. } => Cue::Boom,
                Event::GameOver => Cue::Fanfare,
            })
            .max()
    }

    fn rules() -> AnyView {
        crate::table::rules_view(
            keys::ms_rules_title,
            &[
                keys::ms_rules_1,
                keys::ms_rules_2,
                keys::ms_rules_3,
                keys::ms_rules_4,
                keys::ms_rules_5,
                keys::ms_rules_6,
                keys::ms_rules_7,
                keys::ms_rules_words,
            ],
            &[(3, points_table)],
            vec![(9, view! { <WorkedExample/> }.into_any())],
        )
    }
}

/// The worked example's game (seed 4511, the moves of two strong players
/// found by `examples/lesson_search.rs minesweeper-example`): move 3
/// explores C3 and earns its whole number, moves 5 to 7 mark three certain
/// mines (+5, +3, +3), move 8 explores B2 beside them and earns only for
/// the mines still hidden (R-MS-3, R-MS-4).
const EXAMPLE_SEED: u64 = 4511;
const EXAMPLE_MOVES: [(usize, usize, bool); 8] = [
    (4, 4, false),
    (3, 3, false),
    (2, 2, false),
    (3, 2, false),
    (2, 1, true),
    (3, 1, true),
    (4, 1, true),
    (1, 1, false),
];
/// The moves the example explains (from 0).
const EXAMPLE_SHOWN: [usize; 5] = [2, 4, 5, 6, 7];
/// The corner drawn: columns A to F, rows 1 to 6.
const CORNER: std::ops::RangeInclusive<usize> = 0..=5;

#[component]
fn WorkedExample() -> impl IntoView {
    let i18n = use_i18n();
    let seats = vec![rules::SeatInfo::human("A"), rules::SeatInfo::human("B")];
    let Ok(mut m) = rules::Match::<Minesweeper>::new(seats, Default::default(), EXAMPLE_SEED)
    else {
        return ().into_any();
    };
    // What each move the example explains did: (x, y, number or none for a
    // mark, points, mines visible after it).
    let mut steps: Vec<(usize, usize, Option<u8>, i64, usize)> = Vec::new();
    for (k, &(x, y, mark)) in EXAMPLE_MOVES.iter().enumerate() {
        let a = if mark {
            Action::Mark { x, y }
        } else {
            Action::Explore { x, y }
        };
        let Ok(events) = m.apply(k % 2, a) else {
            return ().into_any();
        };
        let events = events.to_vec();
        if EXAMPLE_SHOWN.contains(&k) {
            let visible = m.view(None).visible_mines();
            for e in events {
                match e {
                    Event::Explored {
                        x,
                        y,
                        number,
                        points,
                        ..
                    } => steps.push((x, y, Some(number), points, visible)),
                    Event::Marked { x, y, points, .. } => steps.push((x, y, None, points, visible)),
                    _ => {}
                }
            }
        }
    }
    if steps.len() != EXAMPLE_SHOWN.len() {
        return ().into_any();
    }
    let v = m.view(None);
    let steps = StoredValue::new(steps);
    let board = move || {
        let l = i18n.get_locale();
        // The edges' letters and numbers are for the eye: each cell's label
        // names it.
        let mut out = String::from("<span class=\"c head\" aria-hidden=\"true\"></span>");
        for x in CORNER {
            out.push_str(&format!(
                "<span class=\"c head\" aria-hidden=\"true\">{}</span>",
                cell_name(x, 0).trim_end_matches('1')
            ));
        }
        for y in CORNER {
            out.push_str(&format!(
                "<span class=\"c head\" aria-hidden=\"true\">{}</span>",
                y + 1
            ));
            for x in CORNER {
                let cell = cell_name(x, y);
                let k = steps.with_value(|st| st.iter().position(|s| (s.0, s.1) == (x, y)));
                let (class, glyph, label) = match v.board[y * v.width + x] {
                    Square::Covered => (
                        "cov".to_string(),
                        String::new(),
                        td_string!(l, ms_cell_covered, cell = cell).to_string(),
                    ),
                    Square::Number(n) => (
                        format!("num n{n}"),
                        if n == 0 { String::new() } else { n.to_string() },
                        td_string!(l, ms_cell_number, cell = cell, n = n).to_string(),
                    ),
                    Square::Marked(s) => (
                        format!("mk s{s}"),
                        "⚑".to_string(),
                        td_string!(l, ms_cell_mine, cell = cell).to_string(),
                    ),
                    Square::Exploded(s) => (
                        format!("ex s{s}"),
                        "✹".to_string(),
                        td_string!(l, ms_cell_mine_exploded, cell = cell).to_string(),
                    ),
                };
                // The step's number, as the list below numbers it.
                let label = match k {
                    Some(k) => td_string!(l, ms_example_step, cell = label, k = k + 1).to_string(),
                    None => label,
                };
                out.push_str(&format!(
                    "<span class=\"c {class}{}\"{} role=\"img\" aria-label=\"{}\">{glyph}</span>",
                    if k.is_some() { " step" } else { "" },
                    k.map(|k| format!(" data-k=\"{}\"", k + 1))
                        .unwrap_or_default(),
                    esc(&label)
                ));
            }
        }
        out
    };
    let lines = move || {
        let l = i18n.get_locale();
        steps.with_value(|st| {
            st.iter()
                .enumerate()
                .map(|(k, &(x, y, number, p, visible))| {
                    let cell = cell_name(x, y);
                    let text = match number {
                        Some(n) if p == i64::from(n) => td_string!(l, ms_example_all, cell = cell, n = n, p = p).to_string(),
                        Some(n) => td_string!(l, ms_example_less, cell = cell, n = n, p = p).to_string(),
                        None if visible == 1 => td_string!(l, ms_example_mark, cell = cell, k = visible, p = p).to_string(),
                        None => td_string!(l, ms_example_mark_next, cell = cell, k = visible, p = p).to_string(),
                    };
                    view! { <li data-testid="rules-example-step" data-k=(k + 1).to_string()>{text}</li> }
                })
                .collect_view()
        })
    };
    view! {
        <section class="rules-example" data-testid="rules-example">
            <h3>{t!(i18n, rules_example)}</h3>
            <figure class="ms-example">
                <div class="ms-board ms-corner" data-w="7" role="group" aria-label=move || td_string!(i18n.get_locale(), ms_example_corner).to_string() inner_html=board></div>
                <figcaption><ol>{lines}</ol></figcaption>
            </figure>
        </section>
    }
    .into_any()
}

/// The mark points (R-MS-4) as two tables of mines 1 to 8 and 9 to 15.
fn points_table(l: Locale) -> String {
    let mut out = String::new();
    for (from, to) in [(1, 8), (9, 15)] {
        let mut row1 = format!("<tr><th scope=\"row\">{}</th>", td_string!(l, ms_mine));
        let mut row2 = format!("<tr><th scope=\"row\">{}</th>", td_string!(l, ms_points));
        for k in from..=to {
            row1.push_str(&format!("<td>{k}</td>"));
            row2.push_str(&format!("<td>{}</td>", mark_points(k)));
        }
        out.push_str(&format!(
            "<table class=\"ms-points-table\">{row1}</tr>{row2}</tr></table>"
        ));
    }
    out
}

/// One line of the move list, in the text's words.
/// A move of the list; `open`: the game is over or replayed, so a failed
/// mark's cell is no one's secret any more.
fn log_line(e: &rules::minesweeper::Entry, open: bool, l: Locale) -> (String, String) {
    // The original's calls, glossed where the language is not German.
    let word = match e.kind {
        Kind::Explored | Kind::Marked => td_string!(l, ms_word_gut),
        Kind::Exploded => td_string!(l, ms_word_autsch),
        Kind::Blubb => td_string!(l, ms_word_blubb),
    };
    let cell = e.at.map(|(x, y)| cell_name(x, y)).unwrap_or_default();
    let what = match e.kind {
        Kind::Explored => td_string!(l, ms_log_explored, cell = cell).to_string(),
        Kind::Exploded => td_string!(l, ms_log_exploded, cell = cell).to_string(),
        Kind::Marked => td_string!(l, ms_log_marked, cell = cell).to_string(),
        Kind::Blubb if e.at.is_some() && open => {
            td_string!(l, ms_log_blubb_open, cell = cell).to_string()
        }
        Kind::Blubb if e.at.is_some() => td_string!(l, ms_log_blubb, cell = cell).to_string(),
        Kind::Blubb => String::new(),
    };
    let auto = if e.revealed > 0 {
        format!(" · {}", td_string!(l, ms_log_auto, n = e.revealed))
    } else {
        String::new()
    };
    (
        format!("{word} {}", signed(e.points)),
        format!("{what}{auto}"),
    )
}

/// What the table shows besides the game state.
struct Ui<'a> {
    names: &'a [String],
    /// Which seats the computer plays (marked by their names).
    cpu: &'a [bool],
    /// Which scores the last move changed (drawn with a bump).
    bump: &'a [bool],
    /// The cell picked and how: 1 explore, 2 mark (R-MS-2).
    sel: Option<(usize, u8)>,
    hints: bool,
    chances: Option<&'a [Option<f64>]>,
    /// The chances are estimates (a board too wide to work out exactly).
    estimated: bool,
    can_act: bool,
    fresh: bool,
    /// Whether the rules offer exploring and marking the picked cell.
    modes: (bool, bool),
}

/// Moves the list shows until the player asks for all: drawing a few hundred
/// lines anew after every move took 50 ms on a slow phone late in a big game.
const LOG_SHOWN: usize = 40;

/// The table as HTML in two parts (the board part does not change when a
/// cell is picked); every control carries a `data-act` the one click
/// handler reads: `c<i>` a cell, `m1`/`m2` explore or mark, `go` the
/// confirm, `h` the hint layer, `l` the whole move list. What the confirm
/// sends is the entry of the rules' legal list for the picked cell and mode. This part: scores, the mines hidden, the
/// board, the legend, the hint toggle.
/// The head and the board as HTML in parts: every child of the board (a
/// cell or a label) a part of its own, so a move redraws only the cells it
/// changed (`crate::table::draw_parts`; `BOARD`).
fn board_html(v: &View, ui: &Ui, l: Locale) -> HtmlParts {
    let mut out = String::with_capacity(2000);
    let name = |s: Seat| esc(ui.names.get(s).map(String::as_str).unwrap_or_default());
    // Both scores, whose turn, the mines still hidden.
    out.push_str("<div class=\"ms-head\"><ol class=\"ms-scores\">");
    for (s, sc) in v.scores.iter().enumerate() {
        let now = v.turn == Some(s);
        out.push_str(&format!(
            "<li class=\"s{s}{}\" data-testid=\"ms-score\"><span class=\"ms-dot\" aria-hidden=\"true\"></span><span class=\"ms-name\">{}{}{}</span><strong class=\"num{}\">{}</strong></li>",
            if now { " current" } else { "" },
            if now { "▶ " } else { "" },
            name(s),
            if ui.cpu.get(s).copied().unwrap_or(false) {
                format!(
                    "<span class=\"cpu-mark\" role=\"img\" aria-label=\"{}\"></span>",
                    esc(td_string!(l, computer_seat))
                )
            } else {
                String::new()
            },
            if ui.bump.get(s).copied().unwrap_or(false) { " bump" } else { "" },
            // A real minus sign, as everywhere else.
            if *sc < 0 { format!("−{}", -sc) } else { sc.to_string() }
        ));
    }
    let hidden = v.mines - v.visible_mines();
    out.push_str(&format!(
        "</ol><p class=\"ms-hidden\" data-testid=\"ms-hidden\">{}</p></div>",
        esc(&td_string!(l, ms_hidden, n = hidden, total = v.mines))
    ));
    // The board.
    out.push_str(&format!(
        "<div class=\"ms-wrap\"{}><div class=\"ms-board labelled{}{}\" data-testid=\"ms-board\" role=\"group\" aria-label=\"{}\" data-w=\"{}\">",
        if ui.can_act { " data-decide" } else { "" },
        if ui.can_act { "" } else { " locked" },
        if ui.chances.is_some() { " hinting" } else { "" },
        esc(td_string!(l, ms_board)),
        v.width
    ));
    let before = std::mem::take(&mut out);
    let mut cells =
        Vec::with_capacity(v.board.len() + v.width + v.board.len() / v.width.max(1) + 1);
    board_cells(&mut cells, v, ui, l);
    out.push_str("</div></div>");
    out.push_str(&format!(
        "<p class=\"ms-legend\" aria-hidden=\"true\">{}</p>",
        esc(if v.open {
            td_string!(l, ms_legend_open)
        } else {
            td_string!(l, ms_legend)
        })
    ));
    let playing = v.turn.is_some();
    if v.hints && playing {
        out.push_str(&format!(
            "<button type=\"button\" class=\"ms-hint-toggle\" data-act=\"h\" data-testid=\"ms-hints\" aria-pressed=\"{}\">{}</button>",
            ui.hints,
            esc(if ui.hints { td_string!(l, ms_hints_hide) } else { td_string!(l, ms_hints_show) })
        ));
        if ui.chances.is_some() && ui.estimated {
            out.push_str(&format!(
                "<p class=\"hint\" data-testid=\"ms-estimated\">{}</p>",
                esc(td_string!(l, ms_hints_estimated))
            ));
        }
    }
    HtmlParts {
        frame: vec![before, out],
        groups: vec![cells],
    }
}

/// Where `board_html`'s cells are drawn.
const BOARD: [&str; 1] = [".ms-board"];

/// The other parts: what to do now (this one), and the move list.
fn side_html(v: &View, ui: &Ui, l: Locale) -> String {
    let mut out = String::with_capacity(2000);
    let playing = v.turn.is_some();
    out.push_str("<section class=\"ms-act\">");
    if !playing {
        out.push_str(&format!(
            "<p class=\"hint\" data-testid=\"ms-open\">{}</p>",
            esc(td_string!(l, ms_end_open))
        ));
        if v.hints {
            out.push_str(&format!(
                "<p class=\"hint\" data-testid=\"ms-hints-used\">{}</p>",
                esc(td_string!(l, ms_hints_used))
            ));
        }
    } else if let (Some((i, mode)), true) = (ui.sel, ui.can_act) {
        let cell = cell_name(i % v.width, i / v.width);
        out.push_str(&format!(
            "<div class=\"ms-modes\" role=\"group\" aria-label=\"{cell}\">"
        ));
        for (m, label, id) in [
            (1, td_string!(l, ms_mode_explore), "explore"),
            (2, td_string!(l, ms_mode_mark), "mark"),
        ]
        .into_iter()
        .filter(|(m, _, _)| if *m == 1 { ui.modes.0 } else { ui.modes.1 })
        {
            out.push_str(&format!(
                "<button type=\"button\" class=\"ms-mode\" data-act=\"m{m}\" data-testid=\"ms-mode-{id}\" aria-pressed=\"{}\">{}</button>",
                mode == m,
                esc(label)
            ));
        }
        out.push_str("</div>");
        if v.blubbs.contains(&i) {
            out.push_str(&format!(
                "<p class=\"hint\" data-testid=\"ms-own-blubb\">{}</p>",
                esc(td_string!(l, ms_own_blubb))
            ));
        }
        let label = if mode == 1 {
            td_string!(l, ms_explore, cell = cell)
        } else {
            td_string!(l, ms_mark, cell = cell)
        };
        out.push_str(&format!(
            "<button type=\"button\" class=\"primary big\" data-act=\"go\" data-testid=\"confirm\" data-primary=\"true\">{}</button>",
            esc(&label)
        ));
    } else {
        out.push_str(&format!(
            "<p class=\"hint\" data-testid=\"ms-pick\">{}</p>",
            esc(td_string!(l, ms_pick))
        ));
    }
    out.push_str("</section>");
    if v.open && playing {
        // A replay: nothing to pick, so no instructions.
        out.clear();
    }
    out
}

/// The move list, newest first: drawn apart from what to do now, so picking
/// a cell does not draw the list again.
fn log_html(v: &View, names: &[String], all_moves: bool, l: Locale) -> String {
    let mut out = String::with_capacity(4000);
    let name = |s: Seat| esc(names.get(s).map(String::as_str).unwrap_or_default());
    if !v.log.is_empty() {
        out.push_str(&format!(
            "<section class=\"ms-log\"><h3 id=\"ms-log-title\">{}</h3><ol reversed start=\"{}\" tabindex=\"0\" aria-labelledby=\"ms-log-title\" data-testid=\"ms-log\">",
            esc(&td_string!(l, ms_moves, n = v.log.len())),
            v.log.len()
        ));
        let shown = if all_moves { v.log.len() } else { LOG_SHOWN };
        for e in v.log.iter().rev().take(shown) {
            let (head, rest) = log_line(e, v.open || v.turn.is_none(), l);
            out.push_str(&format!(
                "<li class=\"s{}\" data-testid=\"ms-log-line\" data-kind=\"{:?}\"><span class=\"ms-who\">{}</span> <strong>{head}</strong> <span>{}</span></li>",
                e.seat,
                e.kind,
                name(e.seat),
                esc(&rest)
            ));
        }
        out.push_str("</ol>");
        if v.log.len() > LOG_SHOWN {
            out.push_str(&format!(
                "<button type=\"button\" class=\"ghost\" data-act=\"l\" data-testid=\"ms-log-all\" aria-pressed=\"{}\">{}</button>",
                all_moves,
                esc(&if all_moves {
                    td_string!(l, ms_log_recent, n = LOG_SHOWN).to_string()
                } else {
                    td_string!(l, ms_log_all, n = v.log.len()).to_string()
                })
            ));
        }
        out.push_str("</section>");
    }
    out
}

/// The board's cells: covered cells are buttons carrying their index, the
/// others labelled pictures. With `ui.fresh` (the last move just
/// happened) the cells it uncovered automatically flash.
fn board_cells(out: &mut Vec<String>, v: &View, ui: &Ui, l: Locale) {
    // Raw: it goes into a label that is escaped whole.
    let name = |s: Seat| ui.names.get(s).cloned().unwrap_or_default();
    // Column letters and row numbers, as the coach and the move list name
    // cells ("Explore E5", issue 40); each cell's label says it already.
    out.push("<span class=\"ms-lab r\" aria-hidden=\"true\"></span>".to_string());
    for x in 0..v.width {
        out.push(format!(
            "<span class=\"ms-lab\" aria-hidden=\"true\">{}</span>",
            col_name(x)
        ));
    }
    for (i, sq) in v.board.iter().enumerate() {
        if i % v.width == 0 {
            out.push(format!(
                "<span class=\"ms-lab r\" aria-hidden=\"true\">{}</span>",
                i / v.width + 1
            ));
        }
        let cell = cell_name(i % v.width, i / v.width);
        let last = if v.last == Some(i) { " last" } else { "" };
        match *sq {
            Square::Covered => {
                let blubb = v.blubbs.contains(&i);
                // A replay (open view) shows the covered mines too.
                let mine = v.hidden_mines.contains(&i);
                let chance = ui.chances.and_then(|c| c[i]);
                let mut label = if mine {
                    td_string!(l, ms_cell_hidden_mine, cell = cell)
                } else if blubb && v.open {
                    td_string!(l, ms_cell_blubb_any, cell = cell)
                } else if blubb {
                    td_string!(l, ms_cell_blubb, cell = cell)
                } else {
                    td_string!(l, ms_cell_covered, cell = cell)
                };
                let mut style = String::new();
                let mut content = if mine {
                    "✱".to_string()
                } else if blubb {
                    "○".to_string()
                } else {
                    String::new()
                };
                if let Some(p) = chance {
                    let pct = (p * 100.0).round() as i64;
                    label = format!("{label}, {}", td_string!(l, ms_cell_chance, p = pct));
                    style = format!(" data-p=\"{pct}\"");
                    if !blubb && !mine {
                        content = format!("<small>{pct}</small>");
                    }
                }
                out.push(format!(
                    "<button type=\"button\" class=\"c cov{}{}{last}\" data-act=\"c{i}\" data-i=\"{i}\" aria-label=\"{}\"{style}>{content}</button>",
                    if mine { " hm" } else if blubb { " bl" } else { "" },
                    if chance.is_some() { " ch" } else { "" },
                    esc(&label)
                ));
            }
            Square::Number(n) => {
                let auto = match (v.auto.contains(&i), ui.fresh) {
                    (true, true) => " auto fresh",
                    (true, false) => " auto",
                    _ => "",
                };
                out.push(format!(
                    "<span class=\"c num n{n}{auto}{last}\" role=\"img\" aria-label=\"{}\">{}</span>",
                    esc(&td_string!(l, ms_cell_number, cell = cell, n = n)),
                    if n == 0 { String::new() } else { n.to_string() }
                ));
            }
            Square::Marked(s) | Square::Exploded(s) => {
                let (class, glyph, label) = if matches!(sq, Square::Marked(_)) {
                    (
                        "mk",
                        "⚑",
                        td_string!(l, ms_cell_marked, cell = cell, name = name(s)),
                    )
                } else {
                    (
                        "ex",
                        "✹",
                        td_string!(l, ms_cell_exploded, cell = cell, name = name(s)),
                    )
                };
                out.push(format!(
                    "<span class=\"c {class} s{s}{last}\" role=\"img\" aria-label=\"{}\">{glyph}</span>",
                    esc(&label)
                ));
            }
        }
    }
}

#[component]
fn MsTable(ctx: TableCtx<Minesweeper>) -> impl IntoView {
    let i18n = use_i18n();
    // Read the view in place: a memo of it would compare whole views.
    let with_view = move |f: &mut dyn FnMut(&View)| ctx.seen.with(|s| f(&s.view));
    let moves = Memo::new(move |_| ctx.seen.with(|s| s.frame.moves));
    // Per cell, the entries of the rules' legal list that explore and mark
    // it: all the board offers.
    let offered = Memo::new(move |_| {
        ctx.seen.with(|s| {
            let w = s.view.width;
            let mut cells = vec![(None::<usize>, None::<usize>); s.view.board.len()];
            for (k, a) in s.legal.iter().enumerate() {
                let (x, y) = a.at();
                if let Some(c) = cells.get_mut(y * w + x) {
                    match a {
                        Action::Explore { .. } => c.0 = Some(k),
                        Action::Mark { .. } => c.1 = Some(k),
                    }
                }
            }
            cells
        })
    });
    let sel = MovePick::new(moves, None::<(usize, u8)>);
    let hints = RwSignal::new(false);
    let all_moves = RwSignal::new(false);
    // On a phone the board's cells are 24-29 px: the zoom makes them 44,
    // the board scrolling sideways under its row numbers (issue 40).
    let zoom = RwSignal::new(false);
    let can_act = move || ctx.acting().is_some();
    let modes_of = move |i: usize| {
        offered.with(|o| {
            o.get(i)
                .map_or((false, false), |c| (c.0.is_some(), c.1.is_some()))
        })
    };
    // The mine chances, computed only while the hint layer is on.
    let chances = Memo::new(move |_| {
        let mut out = None;
        if hints.get() {
            with_view(&mut |v| out = (v.hints && v.turn.is_some()).then(|| v.chances()));
        }
        out
    });
    // Which move the table last drew, so the automatic reveal flashes once.
    let drawn = StoredValue::new(usize::MAX);
    let ui_of =
        move |names: &[String], c: Option<&[Option<f64>]>, fresh: bool, f: &mut dyn FnMut(&Ui)| {
            let sel = sel.get();
            let ui = Ui {
                names,
                cpu: &[],
                bump: &[],
                sel,
                hints: hints.get(),
                chances: c,
                estimated: false,
                can_act: can_act(),
                fresh,
                modes: sel.map_or((false, false), |(i, _)| modes_of(i)),
            };
            f(&ui);
        };
    let bumps = crate::contract::Bumps::new(ctx.seen.with_untracked(|s| s.view.scores.clone()));
    let main = Memo::new(move |_| {
        let l = i18n.get_locale();
        let m = moves.get();
        let fresh = drawn.get_value() != m;
        drawn.set_value(m);
        let names = ctx.names.get();
        let cpu = ctx.cpu.get();
        // A score the last move changed bumps, once.
        let mut bump = Vec::new();
        with_view(&mut |v| bump = bumps.changed(v.scores.clone()));
        let mut out = HtmlParts::default();
        chances.with(|c| {
            let (h, a) = (hints.get(), can_act());
            let ui = Ui {
                names: &names,
                cpu: &cpu,
                bump: &bump,
                sel: None,
                hints: h,
                chances: c.as_ref().map(|c| c.0.as_slice()),
                estimated: c.as_ref().is_some_and(|c| !c.1),
                can_act: a,
                fresh,
                modes: (false, false),
            };
            with_view(&mut |v| out = board_html(v, &ui, l));
        });
        out
    });
    let side = Memo::new(move |_| {
        let l = i18n.get_locale();
        moves.track();
        let mut out = String::new();
        ui_of(&[], None, false, &mut |ui| {
            with_view(&mut |v| out = side_html(v, ui, l))
        });
        out
    });
    let log = Memo::new(move |_| {
        let l = i18n.get_locale();
        moves.track();
        let names = ctx.names.get();
        let all = all_moves.get();
        let mut out = String::new();
        with_view(&mut |v| out = log_html(v, &names, all, l));
        out
    });
    // The control to focus again once the table is drawn anew, and the
    // picked cell marked in place (the board is not drawn again for it).
    let refocus = StoredValue::new(None::<String>);
    let root = NodeRef::<leptos::html::Div>::new();
    // The board is drawn here, before the picked cell is marked on it: only
    // the cells a move changed (issue 42: a move parsed the whole board
    // again, 480 cells on 30x16).
    let board = NodeRef::<leptos::html::Div>::new();
    let board_drawn = StoredValue::new_local(None::<(web_sys::Element, HtmlParts)>);
    Effect::new(move |_| {
        main.track();
        side.track();
        log.track();
        let picked = sel.get();
        if let Some(board) = board.get() {
            main.with_untracked(|parts| {
                board_drawn.update_value(|d| {
                    // A pick alone changes nothing here.
                    let same = d
                        .as_ref()
                        .is_some_and(|(el, p)| *el == **board && p == parts);
                    if !same {
                        crate::table::draw_parts(&board, d, parts.clone(), &BOARD);
                    }
                })
            });
        }
        let Some(root) = root.get() else {
            return;
        };
        if let Ok(old) = root.query_selector_all(".sel-e, .sel-m") {
            for k in 0..old.length() {
                if let Some(e) = old
                    .item(k)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                {
                    let _ = e.class_list().remove_2("sel-e", "sel-m");
                }
            }
        }
        if let Some((i, mode)) = picked {
            if let Ok(Some(e)) = root.query_selector(&format!("[data-act=\"c{i}\"]")) {
                let _ = e
                    .class_list()
                    .add_1(if mode == 1 { "sel-e" } else { "sel-m" });
            }
        }
        if let Some(act) = refocus.get_value() {
            crate::table::refocus(&root, &act);
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(act) = crate::table::clicked_act(&ev) else {
            return;
        };
        refocus.set_value(Some(act.clone()));
        if act == "h" {
            hints.update(|h| *h = !*h);
            return;
        }
        if act == "l" {
            all_moves.update(|a| *a = !*a);
            return;
        }
        if !can_act() {
            return;
        }
        match act.as_str() {
            "go" => {
                if let Some((i, mode)) = sel.get_untracked() {
                    let entry = offered.with_untracked(|o| {
                        o.get(i).and_then(|c| if mode == 1 { c.0 } else { c.1 })
                    });
                    if let Some(k) = entry {
                        refocus.set_value(None);
                        ctx.send_legal(k);
                    }
                }
            }
            "m1" | "m2" => {
                let mode = if act == "m1" { 1 } else { 2 };
                sel.update(|s| {
                    if let Some((i, _)) = *s {
                        let (e, m) = modes_of(i);
                        if (mode == 1 && e) || (mode == 2 && m) {
                            *s = Some((i, mode));
                        }
                    }
                });
            }
            a => {
                let Some(i) = a.strip_prefix('c').and_then(|i| i.parse::<usize>().ok()) else {
                    return;
                };
                // Once to explore, twice to mark, a third time to let go;
                // only the ways the rules offer for this cell.
                let (e, m) = modes_of(i);
                let first = if e { 1 } else { 2 };
                sel.update(|s| {
                    *s = match *s {
                        Some((j, 1)) if j == i && m => Some((i, 2)),
                        Some((j, _)) if j == i => None,
                        _ if e || m => Some((i, first)),
                        _ => None,
                    }
                });
            }
        }
    };
    view! {
        <div class="ms-table" class:zoomed=move || zoom.get() node_ref=root on:click=on_click>
            <div class="ms-part" node_ref=board></div>
            <button type="button" class="ghost ms-zoom" data-testid="ms-zoom" aria-pressed=move || zoom.get().to_string()
                on:click=move |ev| { ev.stop_propagation(); zoom.update(|z| *z = !*z) }>
                {move || if zoom.get() { td_string!(i18n.get_locale(), ms_zoom_out) } else { td_string!(i18n.get_locale(), ms_zoom_in) }}
            </button>
            <div class="ms-part" inner_html=move || log.get()></div>
            <crate::table::DecisionBar>
                <div class="ms-part" inner_html=move || side.get()></div>
            </crate::table::DecisionBar>
        </div>
    }
}
