//! En Gingg as Bei on screen: the game leader's ledger and the dice tray.

use crate::contract::{GameView, MovePick, TableCtx};
use crate::i18n::*;
use crate::platform::sound::Cue;
use crate::table::dice::DieFace;
use crate::table::esc;
use leptos::prelude::*;
use rules::en_gingg::{Action, EnGingg, Error, Event, Phase, Reason, View, DICE};
use rules::Seat;

fn dice_text(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join("-")
}

fn signed(v: i64) -> String {
    if v == 0 {
        "±0".into()
    } else if v > 0 {
        format!("+{v}")
    } else {
        // A real minus sign reads better than a hyphen.
        format!("{v}").replace('-', "−")
    }
}

/// A balance: a real minus sign when negative, no plus sign.
fn signed_plain(v: i64) -> String {
    if v < 0 {
        signed(v)
    } else {
        v.to_string()
    }
}

impl GameView for EnGingg {
    const STYLE: &'static str = include_str!("style.css");
    const DEFAULT_SEATS: usize = 3;
    const RECORD: crate::contract::RecordKind = crate::contract::RecordKind::Longest;

    fn name(l: Locale) -> String {
        td_string!(l, name_en_gingg).to_string()
    }

    fn pitch(l: Locale) -> String {
        td_string!(l, pitch_en_gingg).to_string()
    }

    fn table(ctx: TableCtx<Self>) -> AnyView {
        view! { <EgTable ctx/> }.into_any()
    }

    const COACH_SIGNED: bool = true;

    /// Seed 7 against one casual computer (`rules/examples/lesson_search.rs
    /// en-gingg`): 32 in four throws, phase 2 with the face 2 hitting twice,
    /// then the computer's 25 below the line.
    fn lesson() -> Option<crate::contract::Lesson> {
        use crate::contract::{Lesson, Step};
        use serde_json::json;
        const ROLL: &str = "[data-testid=roll]";
        let step = Step::new;
        Some(Lesson {
            seed: 7,
            computers: 1,
            options: json!({}),
            steps: vec![
                step(0, Some(json!("roll")), ROLL, |l| td_string!(l, eg_lesson_1).to_string()),
                step(1, Some(json!({"set_aside": [4]})), "[data-testid=throw] [data-testid=die][data-face=\"5\"], [data-testid=set-aside]", |l| td_string!(l, eg_lesson_2).to_string()),
                step(2, Some(json!("roll")), ROLL, |l| td_string!(l, eg_lesson_3).to_string()),
                step(3, Some(json!({"set_aside": [0, 2, 3]})), "[data-testid=throw] [data-testid=die][data-face=\"5\"], [data-testid=throw] [data-testid=die][data-face=\"6\"], [data-testid=set-aside]", |l| td_string!(l, eg_lesson_4).to_string()),
                step(4, Some(json!("roll")), ROLL, |l| td_string!(l, eg_lesson_5).to_string()),
                step(5, Some(json!({"set_aside": [0]})), "[data-testid=throw] [data-testid=die][data-face=\"5\"], [data-testid=set-aside]", |l| td_string!(l, eg_lesson_6).to_string()),
                step(6, Some(json!("roll")), ROLL, |l| td_string!(l, eg_lesson_7).to_string()),
                step(7, Some(json!("roll")), ROLL, |l| td_string!(l, eg_lesson_8).to_string()),
                step(8, Some(json!("roll")), ROLL, |l| td_string!(l, eg_lesson_9).to_string()),
                step(9, Some(json!("roll")), ROLL, |l| td_string!(l, eg_lesson_10).to_string()),
                step(21, None, "", |l| td_string!(l, eg_lesson_11).to_string()),
            ],
        })
    }

    fn move_text(v: &View, action: &Action, l: Locale) -> String {
        let Action::SetAside(picks) = action else {
            return td_string!(l, eg_coach_roll).to_string();
        };
        let faces: Vec<u8> = match &v.phase {
            Phase::One {
                throw: Some(throw), ..
            } => picks
                .iter()
                .filter_map(|&i| throw.get(i).copied())
                .collect(),
            _ => Vec::new(),
        };
        td_string!(l, eg_coach_set_aside, dice = dice_text(&faces)).to_string()
    }

    fn coach_value(_c: &rules::Weighed<Action>, number: &str, l: Locale) -> String {
        td_string!(l, eg_coach_value, v = number).to_string()
    }

    fn error_text(e: &Error, l: Locale) -> String {
        match e {
            Error::SetAsideFirst => td_string!(l, eg_err_set_aside_first).to_string(),
            Error::NoThrow => td_string!(l, eg_err_no_throw).to_string(),
            Error::NoDie => td_string!(l, eg_err_no_die).to_string(),
            Error::BadPick => td_string!(l, eg_err_bad_pick).to_string(),
        }
    }

    fn option_label(key: &str, l: Locale) -> String {
        match key {
            "start_balance" => td_string!(l, eg_opt_start_balance).to_string(),
            "table_dice" => td_string!(l, opt_table_dice).to_string(),
            other => other.to_string(),
        }
    }

    fn announce(v: &View, events: &[Event], names: &[String], l: Locale) -> Vec<String> {
        let name = |s: Seat| names[s].clone();
        events
            .iter()
            .map(|e| match e {
                Event::Rolled { seat, dice } => {
                    td_string!(l, eg_ann_rolled, name = name(*seat), dice = dice_text(dice))
                        .to_string()
                }
                Event::SetAside { seat, dice, total } => td_string!(
                    l,
                    eg_ann_set_aside,
                    name = name(*seat),
                    dice = dice_text(dice),
                    total = total
                )
                .to_string(),
                Event::Phase1Done { seat, total, delta } => td_string!(
                    l,
                    eg_ann_phase1,
                    name = name(*seat),
                    total = total,
                    delta = signed(*delta)
                )
                .to_string(),
                Event::Hits {
                    d, count, penalty, ..
                } if *count == 1 => td_string!(l, eg_ann_hit_one, d = d, p = penalty).to_string(),
                Event::Hits {
                    d, count, penalty, ..
                } => td_string!(l, eg_ann_hits, count = count, d = d, p = penalty).to_string(),
                Event::PenaltyPaid { to, amount, .. } if *amount > 0 => {
                    td_string!(l, eg_ann_paid, to = name(*to), amount = amount).to_string()
                }
                Event::PenaltyPaid { by, .. } => {
                    let d = v.ledger.iter().rev().find_map(|e| match e.reason {
                        Reason::Phase1 { total } if e.seat == *by => Some(total.saturating_sub(30)),
                        _ => None,
                    });
                    td_string!(l, eg_ann_no_hit, d = d.unwrap_or(0)).to_string()
                }
                Event::TurnPassed { to } => td_string!(l, ann_turn, name = name(*to)).to_string(),
                Event::GameOver { loser } => td_string!(
                    l,
                    eg_ann_over,
                    name = name(*loser),
                    balance = v.balances[*loser]
                )
                .to_string(),
            })
            .collect()
    }

    fn vibrates(events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e, Event::Rolled { .. }))
    }

    fn cue(events: &[Event]) -> Option<Cue> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { .. } => Some(Cue::Dice),
                Event::GameOver { .. } => Some(Cue::Fanfare),
                _ => None,
            })
            .max()
    }

    fn rules() -> AnyView {
        crate::table::rules_view(
            keys::eg_rules_title,
            &[
                keys::eg_rules_1,
                keys::eg_rules_2,
                keys::eg_rules_3,
                keys::eg_rules_4,
                keys::eg_rules_5,
                keys::eg_rules_6,
            ],
            &[],
            vec![(7, view! { <WorkedExample/> }.into_any())],
        )
    }
}

/// A turn played by the rules and drawn with the table's dice (seed 10,
/// found by `examples/lesson_search.rs en-gingg 8`; not the guided game's
/// seed, so the rules never show that game's dice to come): every 5 and 6
/// set aside (else the highest die), 31 in all, +1; then phase 2 hunting
/// 1s until a throw shows none, 3 x 1 = 3 for the next player.
const EXAMPLE_SEED: u64 = 10;

#[component]
fn WorkedExample() -> impl IntoView {
    let i18n = use_i18n();
    let seats = vec![rules::SeatInfo::human("A"), rules::SeatInfo::human("B")];
    let mut m = match rules::Match::<EnGingg>::new(seats, Default::default(), EXAMPLE_SEED) {
        Ok(m) => m,
        Err(_) => return ().into_any(),
    };
    let mut kept: Vec<Vec<u8>> = Vec::new();
    let mut hunts: Vec<(Vec<u8>, u8)> = Vec::new();
    let (mut total, mut delta, mut d, mut penalty) = (0u8, 0i64, 0u8, 0i64);
    let mut last: Vec<u8> = Vec::new();
    let mut phase1 = true;
    // Throw until the turn passes; in phase 1 each throw's 5s and 6s (else
    // its highest die) are set aside.
    for _ in 0..40 {
        if rules::Game::to_act(m.state()) != vec![0] {
            break;
        }
        let action = match (phase1, last.is_empty()) {
            (true, false) => {
                let mut pick: Vec<usize> = (0..last.len()).filter(|&i| last[i] >= 5).collect();
                if pick.is_empty() {
                    pick.extend((0..last.len()).max_by_key(|&i| (last[i], usize::MAX - i)));
                }
                last.clear();
                Action::SetAside(pick)
            }
            _ => Action::Roll,
        };
        let Ok(events) = m.apply(0, action) else {
            break;
        };
        for e in events.iter().cloned() {
            match e {
                Event::Rolled { dice, .. } => last = dice,
                Event::SetAside { dice, .. } => kept.push(dice),
                Event::Phase1Done {
                    total: t, delta: x, ..
                } => {
                    (total, delta) = (t, x);
                    phase1 = false;
                    // The last die was set aside by itself (its own event).
                    last.clear();
                }
                Event::Hits { d: face, count, .. } => {
                    d = face;
                    hunts.push((std::mem::take(&mut last), count));
                }
                Event::PenaltyPaid { amount, .. } => {
                    penalty = amount;
                    if !last.is_empty() {
                        hunts.push((std::mem::take(&mut last), 0));
                    }
                }
                _ => {}
            }
        }
    }
    let dice = |faces: Vec<u8>, target: u8| {
        view! {
            <div class="dice-row small">
                {faces.into_iter().map(|f| view! { <DieFace face=f extra_class=if f == target { "target" } else { "" }/> }).collect_view()}
            </div>
        }
    };
    let kept_view = kept.into_iter().map(|k| dice(k, 0)).collect_view();
    let hunt_view = hunts
        .into_iter()
        .map(|(faces, n)| {
            view! {
                <li>{dice(faces, d)}<span>{move || if n == 0 { td_string!(i18n.get_locale(), eg_no_hits).to_string() } else { format!("{n} × {d}") }}</span></li>
            }
        })
        .collect_view();
    view! {
        <section class="rules-example" data-testid="rules-example">
            <h3>{t!(i18n, rules_example)}</h3>
            <figure>
                <div class="eg-example-kept">{kept_view}</div>
                <figcaption data-testid="rules-example-phase1">{move || td_string!(i18n.get_locale(), eg_example_1, t = total, x = delta, d = d).to_string()}</figcaption>
            </figure>
            <figure>
                <ol class="eg-example-hunt">{hunt_view}</ol>
                <figcaption data-testid="rules-example-phase2">{move || td_string!(i18n.get_locale(), eg_example_2, d = d, p = penalty).to_string()}</figcaption>
            </figure>
        </section>
    }
    .into_any()
}

#[component]
fn EgTable(ctx: TableCtx<EnGingg>) -> impl IntoView {
    let i18n = use_i18n();
    let st = Memo::new(move |_| ctx.seen.with(|s| s.view.clone()));
    let moves = Memo::new(move |_| ctx.seen.with(|s| s.frame.moves));
    let names = ctx.names;
    // A new state clears the selection.
    let selected = MovePick::new(moves, Vec::<usize>::new());

    // The balances and the bank's book change at the end of a turn only:
    // a throw or a set-aside does not draw them again.
    let bank = Memo::new(move |_| {
        st.with(|s| {
            (
                s.balances.clone(),
                s.current,
                s.loser,
                s.ledger.clone(),
                s.start,
            )
        })
    });
    // A balance the last turn changed is drawn with a bump (issue 22);
    // a redraw for the same balances (a language switch) replays nothing.
    let bumps = crate::contract::Bumps::new(bank.with_untracked(|b| b.0.clone()));
    let ledger = move || {
        let (balances, current_seat, loser, _, _) = bank.get();
        names.track();
        let changed = bumps.changed(balances.clone());
        (0..balances.len())
            .map(|seat| {
                let current = seat == current_seat && loser.is_none();
                let lost = loser == Some(seat);
                let changed = changed[seat];
                view! {
                    <tr class=format!("seat{}", seat % crate::table::SEAT_COLOURS) class:current=current class:lost=lost aria-current=current.then_some("true") data-testid="balance-row">
                        <th scope="row">{current.then_some("▶ ")}{ctx.who(seat)}</th>
                        <td class="num" data-testid="balance"><span class:bump=changed>{signed_plain(balances[seat])}</span></td>
                    </tr>
                }
            })
            .collect_view()
    };

    let entries_before = StoredValue::new(bank.with_untracked(|b| b.3.len()));
    let history = move || {
        let (_, _, _, book, start) = bank.get();
        let n = names.get();
        // The entries the last turn wrote enter the book.
        let new = book.len().saturating_sub(entries_before.get_value());
        entries_before.set_value(book.len());
        if book.is_empty() {
            return view! { <p class="empty">{move || td_string!(i18n.get_locale(), eg_ledger_empty, n = start).to_string()}</p> }.into_any();
        }
        let l = i18n.get_locale();
        view! {
            <ol class="history" reversed tabindex="0" aria-labelledby="ledger-title">
                {book.iter().rev().enumerate().map(|(k, e)| {
                    let reason = match e.reason {
                        Reason::Phase1 { total } => td_string!(l, eg_reason_phase1, total = total).to_string(),
                        Reason::Penalty { by, d, count } => td_string!(l, eg_reason_penalty, name = n[by].clone(), count = count, d = d).to_string(),
                    };
                    view! {
                        <li class:fresh={k < new}>
                            <span class="meta">{td_string!(l, eg_turn, n = e.turn).to_string()}</span>
                            <span class="who-cell">{ctx.who(e.seat)}</span>
                            <span class="delta" class:plus={e.delta > 0} class:minus={e.delta < 0}>{signed(e.delta)}</span>
                            <span class="arrow">"→ "{signed_plain(e.balance)}</span>
                            <span class="why">{reason}</span>
                        </li>
                    }
                }).collect_view()}
            </ol>
        }
        .into_any()
    };

    let last_turn = Memo::new(move |_| ctx.seen.with(|s| LastTurn::from_events(&s.log)));

    // What the rules list decides what is offered: a throw, or the dice
    // picked so far as one set-aside.
    let offers = move |a: &Action| ctx.seen.with(|s| s.offers(a));
    let can_act = move || ctx.acting().is_some();
    let picked = move || {
        let mut p = selected.get();
        rules::sort_small_by(&mut p, |a, b| a < b);
        Action::SetAside(p)
    };
    let act = move |a: Action| {
        // The selection belongs to this throw only.
        selected.set(Vec::new());
        ctx.send(a);
    };

    // The decision's button: one element through the whole turn (throw,
    // set aside, throw again), so a move never removes the focused control
    // (which made the browser lay the page out at once).
    let primary = Memo::new(move |_| {
        st.with(|s| match &s.phase {
            Phase::One { throw: Some(_), .. } => Some(None),
            Phase::One { kept, .. } => Some(Some((DICE - kept.len(), false))),
            Phase::Two { in_hand, .. } => Some(Some((usize::from(*in_hand), true))),
            Phase::Over => None,
        })
    });
    let has_primary = Memo::new(move |_| primary.with(Option::is_some));
    let primary_button = move || {
        has_primary.get().then(|| {
            let roll = move || primary.get().flatten();
            view! {
                <button type="button" class="primary big"
                    data-testid=move || if roll().is_some() { "roll" } else { "set-aside" }
                    data-primary=move || roll().is_some().then_some("true")
                    disabled=move || match roll() { Some(_) => !offers(&Action::Roll), None => !offers(&picked()) }
                    on:click=move |_| act(if roll().is_some() { Action::Roll } else { picked() })>
                    {move || {
                        let l = i18n.get_locale();
                        match roll() {
                            None => td_string!(l, eg_set_aside, n = selected.with(Vec::len)).to_string(),
                            Some((1, false)) => td_string!(l, eg_roll_one).to_string(),
                            Some((1, true)) => td_string!(l, eg_roll_single).to_string(),
                            Some((n, _)) => td_string!(l, eg_roll, n = n).to_string(),
                        }
                    }}
                </button>
            }
        })
    };

    // The tray is drawn as an HTML string once per move, its dice named by
    // `data-act` and read by the table's one click handler; a pick marks
    // its die and the running total in place (issue 42: a throw built the
    // dice rows as Leptos views). Dice roll and land where a frame is new.
    let motion = crate::contract::Motion::new(ctx.seen.with_untracked(|s| s.frame));
    let tray_html = Memo::new(move |_| {
        let l = i18n.get_locale();
        let frame = ctx.seen.with(|s| s.frame);
        let active = can_act();
        // How many dice the last move set aside (shown as they land).
        let just_kept = ctx.seen.with(|s| {
            s.log.last().map_or(0, |evs| {
                evs.iter()
                    .map(|e| match e {
                        Event::SetAside { dice, .. } => dice.len(),
                        _ => 0,
                    })
                    .sum::<usize>()
            })
        });
        let fresh = motion.fresh(frame);
        let m = frame.moves;
        let die = |f: u8, class: &str| {
            let label = td_string!(l, die_label, n = f).to_string();
            crate::table::dice::die_html(f, class, &label)
        };
        let mut h = String::new();
        st.with(|s| match &s.phase {
            Phase::One { kept, throw, .. } => {
                h.push_str(&format!(
                    "<div class=\"tray-head\"><h2>{}</h2><p class=\"total\" data-testid=\"running-total\">{}</p><p class=\"meta\" data-testid=\"throws-left\">{}</p></div>",
                    esc(td_string!(l, eg_phase1)),
                    esc(&td_string!(l, eg_total, t = s.kept_total()).to_string()),
                    esc(&td_string!(l, eg_throws_left, n = s.throws_left()).to_string())
                ));
                let kept_label = esc(td_string!(l, eg_kept));
                h.push_str(&format!(
                    "<div class=\"dice-row kept\" aria-label=\"{kept_label}\" role=\"group\"><span class=\"row-label\">{kept_label}</span>"
                ));
                for (i, &f) in kept.iter().enumerate() {
                    // The dice just set aside drop into the row.
                    let dropped = i >= kept.len() - just_kept.min(kept.len());
                    h.push_str(&die(f, &if dropped { format!(" held fresh drop m{m}") } else { " held".to_string() }));
                }
                for _ in kept.len()..DICE {
                    h.push_str("<span class=\"die-slot\" aria-hidden=\"true\"></span>");
                }
                h.push_str("</div>");
                if let Some(dice) = throw {
                    h.push_str(&format!(
                        "<div class=\"dice-row throw\" role=\"group\" aria-label=\"{}\" data-testid=\"throw\">",
                        esc(td_string!(l, eg_throw))
                    ));
                    let roll = if fresh { " rolling" } else { "" };
                    for (i, &f) in dice.iter().enumerate() {
                        h.push_str(&format!(
                            "<button type=\"button\" class=\"die-button\" data-testid=\"die\" data-act=\"d{i}\" data-face=\"{f}\"{} aria-pressed=\"false\"{}>{}</button>",
                            if i == 0 { " data-primary=\"true\"" } else { "" },
                            if active { "" } else { " disabled" },
                            die(f, &format!("{roll} m{m}"))
                        ));
                    }
                    h.push_str("</div>");
                    // What to do is said to whoever decides: not to someone
                    // watching a computer, nor in a replay (issue 40).
                    if active {
                        h.push_str(&format!(
                            "<p class=\"hint\">{}</p>",
                            esc(td_string!(l, eg_tap_hint))
                        ));
                    }
                }
            }
            Phase::Two {
                d, set_aside, last, ..
            } => {
                let payer = names.with(|n| n.get(s.next_seat(s.current)).cloned().unwrap_or_default());
                let penalty = i64::from(*set_aside) * i64::from(*d);
                h.push_str(&format!(
                    "<div class=\"tray-head\"><h2>{}</h2><p class=\"total\" data-testid=\"penalty\">{}</p><p class=\"meta\">{}</p></div>",
                    esc(&td_string!(l, eg_phase2, d = d).to_string()),
                    esc(&td_string!(l, eg_penalty, count = set_aside, d = d, p = penalty).to_string()),
                    esc(&td_string!(l, eg_will_pay, name = payer).to_string())
                ));
                let kept_label = esc(td_string!(l, eg_kept));
                h.push_str(&format!(
                    "<div class=\"dice-row kept\" role=\"group\" aria-label=\"{kept_label}\"><span class=\"row-label\">{kept_label}</span>"
                ));
                for _ in 0..*set_aside {
                    h.push_str(&die(*d, " held target"));
                }
                h.push_str("</div>");
                if let Some(dice) = last {
                    h.push_str(&format!(
                        "<div class=\"dice-row throw\" role=\"group\" aria-label=\"{}\" data-testid=\"throw\">",
                        esc(td_string!(l, eg_throw))
                    ));
                    let roll = if fresh { " rolling" } else { "" };
                    for &f in dice.iter() {
                        let target = if f == *d { " target" } else { "" };
                        h.push_str(&die(f, &format!("{roll}{target} m{m}")));
                    }
                    h.push_str("</div>");
                }
            }
            Phase::Over => {}
        });
        h
    });
    // Drawn when it changed; then what the pick marks: the dice picked and
    // the running total with them.
    let tray_el = NodeRef::<leptos::html::Section>::new();
    let drawn = StoredValue::new_local(crate::table::Drawn::default());
    Effect::new(move |_| {
        let html = tray_html.get();
        let picks = selected.get();
        let Some(el) = tray_el.get().map(web_sys::Element::from) else {
            return;
        };
        drawn.update_value(|d| {
            crate::table::draw_html(&el, d, &html);
        });
        let Some((kept_total, dice)) = st.with(|s| match &s.phase {
            Phase::One {
                throw: Some(dice), ..
            } => Some((s.kept_total(), dice.clone())),
            _ => None,
        }) else {
            return;
        };
        for i in 0..dice.len() {
            if let Ok(Some(b)) = el.query_selector(&format!("[data-act=\"d{i}\"]")) {
                crate::table::mark_pressed(&b, picks.contains(&i));
            }
        }
        let sum: u8 = picks.iter().filter_map(|&i| dice.get(i)).sum();
        if let Ok(Some(total)) = el.query_selector("[data-testid=running-total]") {
            let text = td_string!(i18n.get_locale(), eg_total, t = kept_total + sum).to_string();
            if total.text_content().as_deref() != Some(text.as_str()) {
                total.set_text_content(Some(&text));
            }
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(i) = crate::table::clicked_act(&ev)
            .and_then(|a| a.strip_prefix('d').and_then(|i| i.parse::<usize>().ok()))
        else {
            return;
        };
        selected.update(|s| {
            if let Some(p) = s.iter().position(|&x| x == i) {
                s.remove(p);
            } else {
                s.push(i);
            }
        });
    };

    let playing = Memo::new(move |_| st.with(|s| s.phase != Phase::Over));
    view! {
        <div class="eg-table" on:click=on_click>
            <div class="eg-main">
                {move || playing.get().then(|| view! {
                    <section class="tray" data-decide=move || can_act().then_some("") aria-label=move || td_string!(i18n.get_locale(), eg_throw).to_string() node_ref=tray_el></section>
                })}
                {move || last_turn.get().map(|t| view! { <LastTurnCard t names=names.get()/> })}
            </div>
            <section class="ledger" aria-labelledby="bank-title">
                <h2 id="bank-title">{t!(i18n, eg_bank)}</h2>
                <table class="balances">
                    <thead><tr><th scope="col">{t!(i18n, players)}</th><th scope="col" class="num">{t!(i18n, eg_balance)}</th></tr></thead>
                    <tbody>{ledger}</tbody>
                </table>
                <h3 id="ledger-title">{t!(i18n, eg_ledger)}</h3>
                {history}
            </section>
            {move || playing.get().then(|| view! {
                <crate::table::DecisionBar>{primary_button}</crate::table::DecisionBar>
            })}
        </div>
    }
}

/// What happened in the turn before this one, for the player the device was
/// just handed to. Taken from the events of the accepted moves.
#[derive(Debug, Clone, PartialEq)]
struct LastTurn {
    seat: Seat,
    kept: Vec<u8>,
    total: u8,
    delta: i64,
    /// Phase 2: target face, amount paid, who paid it, and every throw of
    /// it (the last one showed no target face).
    phase2: Option<(u8, i64, Seat, Vec<Vec<u8>>)>,
}

impl LastTurn {
    fn from_events(events: &[Vec<Event>]) -> Option<LastTurn> {
        let flat: Vec<&Event> = events.iter().flatten().collect();
        // The last complete turn ends at the last TurnPassed or GameOver.
        let end = flat
            .iter()
            .rposition(|e| matches!(e, Event::TurnPassed { .. } | Event::GameOver { .. }))?;
        let start = flat[..end]
            .iter()
            .rposition(|e| matches!(e, Event::TurnPassed { .. }))
            .map_or(0, |i| i + 1);
        let mut t = None::<LastTurn>;
        let mut kept = Vec::new();
        // Phase 2's throws: every throw after phase 1 ended.
        let mut throws: Vec<Vec<u8>> = Vec::new();
        for e in &flat[start..=end] {
            match e {
                Event::Rolled { dice, .. } if t.is_some() => throws.push(dice.clone()),
                Event::SetAside { dice, .. } => kept.extend(dice),
                Event::Phase1Done { seat, total, delta } => {
                    t = Some(LastTurn {
                        seat: *seat,
                        kept: kept.clone(),
                        total: *total,
                        delta: *delta,
                        phase2: None,
                    });
                }
                Event::PenaltyPaid { to, amount, .. } => {
                    if let Some(t) = t.as_mut() {
                        t.phase2 = Some(((t.total - 30), *amount, *to, throws.clone()));
                    }
                }
                _ => {}
            }
        }
        t
    }
}

#[component]
fn LastTurnCard(t: LastTurn, names: Vec<String>) -> impl IntoView {
    let i18n = use_i18n();
    let mut kept = t.kept.clone();
    rules::sort_small_by(&mut kept, |a, b| a > b);
    let who = names[t.seat].clone();
    view! {
        <section class="last-turn" aria-labelledby="last-turn-title">
            <h2 id="last-turn-title">{t!(i18n, eg_last_turn)}": "{who}</h2>
            <div class="dice-row small">
                {kept.into_iter().map(|f| view! { <DieFace face=f/> }).collect_view()}
            </div>
            <p>
                {move || td_string!(i18n.get_locale(), eg_reason_phase1, total = t.total).to_string()}
                ": "<strong class:plus={t.delta > 0} class:minus={t.delta < 0}>{signed(t.delta)}</strong>
            </p>
            {t.phase2.map(|(d, amount, to, throws)| {
                let payer = names[to].clone();
                view! {
                    // Every throw of phase 2, the target faces marked: the
                    // amount paid is their count times the target face.
                    {throws.into_iter().map(|throw| {
                        let hits = throw.iter().filter(|&&f| f == d).count();
                        view! {
                            <div class="dice-row small" data-testid="last-phase2-throw">
                                {throw.into_iter().map(|f| view! { <DieFace face=f extra_class=if f == d { "target" } else { "" }/> }).collect_view()}
                                <span class="hits" data-testid="last-phase2-hits">{move || if hits == 0 { td_string!(i18n.get_locale(), eg_no_hits).to_string() } else { format!("{hits} × {d}") }}</span>
                            </div>
                        }
                    }).collect_view()}
                    <p>
                        {move || td_string!(i18n.get_locale(), eg_phase2, d = d).to_string()}": "
                        {move || if amount > 0 {
                            td_string!(i18n.get_locale(), eg_ann_paid, to = payer.clone(), amount = amount).to_string()
                        } else {
                            td_string!(i18n.get_locale(), eg_ann_no_hit, d = d).to_string()
                        }}
                    </p>
                }
            })}
        </section>
    }
}
