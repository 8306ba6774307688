//! The end of a game: the ranking, what kept it from the records, the solo
//! record and the day's best it set or stands against, and what to do next.

use crate::i18n::*;
use crate::play::dialogs::PlayAgain;
use crate::play::session::Session;
use crate::routes::Link;
use crate::store;
use crate::table::{who_view, Ranking};
use leptos::prelude::*;
use rules::Outcome;
use std::time::Duration;

/// A good moment being celebrated (in both languages), for whatever part
/// of the play screen finds one: a move (`Feel::cheer`), the result (a
/// personal best).
#[derive(Clone, Copy)]
pub struct Cheering(pub RwSignal<Option<Vec<(Locale, String)>>>);

/// How long a celebration stands unless tapped away.
const CHEER_MS: u64 = 2600;

fn score_text(score: i64) -> String {
    if score < 0 {
        format!("−{}", -score)
    } else {
        score.to_string()
    }
}

/// With several players, the first three places on steps (issue 40): the
/// winner in the middle and highest, second on the left, third on the
/// right; seats sharing a place share its step (R-G-3). The full ranking
/// follows it.
#[component]
fn Podium(outcome: Outcome, names: Vec<String>, cpu: Vec<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let step = |place: usize| {
        let on: Vec<usize> = outcome
            .order()
            .into_iter()
            .filter(|&s| outcome.places[s] == place && !outcome.lost.contains(&s))
            .collect();
        (!on.is_empty()).then(|| {
            view! {
                <li class=format!("step place{place}") data-testid="podium-step" data-place=place.to_string()>
                    <ul class="on-step">
                        {on.into_iter().map(|s| view! {
                            <li>
                                <span class="name">{who_view(names.get(s).cloned().unwrap_or_default(), s, cpu.get(s).copied().unwrap_or(false))}</span>
                                <span class="score">{score_text(outcome.scores[s])}</span>
                            </li>
                        }).collect_view()}
                    </ul>
                    <span class="block" aria-hidden="true">{place.to_string()}</span>
                </li>
            }
        })
    };
    view! {
        <ol class="podium" data-testid="podium" aria-label=move || td_string!(i18n.get_locale(), podium).to_string()>
            {step(2)}{step(1)}{step(3)}
        </ol>
    }
}

/// A good moment, celebrated for a short while (issue 40): its words over
/// the table with a burst of colour. A tap ends it; under reduced motion it
/// stands still and says the same.
#[component]
pub fn Celebration(cheer: RwSignal<Option<Vec<(Locale, String)>>>) -> impl IntoView {
    let i18n = use_i18n();
    // Each ends on its own unless a newer one came meanwhile.
    let count = StoredValue::new(0u32);
    Effect::new(move |_| {
        if cheer.with(Option::is_some) {
            let k = count.get_value() + 1;
            count.set_value(k);
            set_timeout(
                move || {
                    if count.try_get_value() == Some(k) {
                        cheer.try_set(None);
                    }
                },
                Duration::from_millis(CHEER_MS),
            );
        }
    });
    // The live region is always there, so the words are read out when they
    // come.
    view! {
        <div class="cheer" role="status">
            {move || cheer.get().map(|said| {
                let text = move || {
                    let l = i18n.get_locale();
                    said.iter().find(|(k, _)| *k == l).map(|(_, t)| t.clone()).unwrap_or_default()
                };
                view! {
                    <div class="cheer-in" data-testid="cheer">
                        <div class="cheer-burst" aria-hidden="true">
                            {(0..16).map(|_| view! { <i></i> }).collect_view()}
                        </div>
                        <button type="button" class="cheer-card" data-testid="cheer-card"
                            on:click=move |_| cheer.set(None)>
                            <span class="cheer-star" aria-hidden="true">"★"</span>
                            <span>{text}</span>
                        </button>
                    </div>
                }
            })}
        </div>
    }
}

#[component]
pub fn GameResult(
    session: RwSignal<Session>,
    outcome: Outcome,
    /// Names as shown (a default name follows the language).
    names: Memo<Vec<String>>,
    /// Which seats the computer played.
    cpu: Memo<Vec<bool>>,
    /// Whether the game ended on this screen (not opened finished): only
    /// then is a personal best celebrated.
    ended_here: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let o = outcome;
    // A new personal record or day's best, once stored, is celebrated once.
    if ended_here && store::load_settings().cheers {
        if let Some(Cheering(cheer)) = use_context::<Cheering>() {
            let done = StoredValue::new(false);
            Effect::new(move |_| {
                let standing = session.with(|s| s.standing());
                if done.get_value() {
                    return;
                }
                let name = names.with_untracked(|n| n.first().cloned().unwrap_or_default());
                let said: Option<Vec<(Locale, String)>> = match (&standing.solo, &standing.daily) {
                    (Some((score, _, true)), _) => Some(
                        Locale::ALL
                            .iter()
                            .map(|&l| {
                                (
                                    l,
                                    td_string!(
                                        l,
                                        cheer_record,
                                        name = name.clone(),
                                        score = score_text(*score)
                                    )
                                    .to_string(),
                                )
                            })
                            .collect(),
                    ),
                    (_, Some((_, _, true))) => Some(
                        Locale::ALL
                            .iter()
                            .map(|&l| (l, td_string!(l, daily_new_best).to_string()))
                            .collect(),
                    ),
                    _ => None,
                };
                if let Some(said) = said {
                    done.set_value(true);
                    cheer.set(Some(said));
                }
            });
        }
    }
    let marks = session.with_untracked(|s| s.marks());
    let entry = session.with_untracked(|s| s.entry());
    let name_of = move |s: usize| names.with(|n| n.get(s).cloned().unwrap_or_default());
    view! {
        <section class="result" aria-labelledby="result-title" data-testid="result">
            <h2 id="result-title">{t!(i18n, result)}</h2>
            {(o.scores.len() > 1).then(|| {
                let o = o.clone();
                move || view! { <Podium outcome=o.clone() names=names.get() cpu=cpu.get_untracked()/> }
            })}
            {
                let o = o.clone();
                move || view! { <Ranking outcome=o.clone() names=names.get() cpu=cpu.get_untracked()/> }
            }
            {o.places.iter().enumerate().any(|(s, _)| o.is_shared(s)).then(|| view! { <p>{t!(i18n, ties_share)}</p> })}
            {marks.coach.then(|| view! { <p class="hint" data-testid="coach-used">{t!(i18n, coach_used)}</p> })}
            {marks.real_dice.then(|| view! { <p class="hint" data-testid="real-dice-used">{t!(i18n, real_dice_used)}</p> })}
            {marks.real_cards.then(|| view! { <p class="hint" data-testid="real-cards-used">{t!(i18n, real_cards_used)}</p> })}
            {marks.lesson.then(|| view! { <p class="hint" data-testid="lesson-done">{t!(i18n, lesson_done)}</p> })}
            // Records come from the stored finished games: shown once this
            // one is stored as finished.
            {move || {
                let standing = session.with(|s| s.standing());
                let average = standing.solo_average;
                let solo = standing.solo.map(|(score, date, new)| {
                    let name = name_of(0);
                    let score = score_text(score);
                    let avg_name = name.clone();
                    view! {
                        <div class="solo-record" data-testid="solo-record">
                            {new.then(|| view! { <p class="new-best" data-testid="new-record">{t!(i18n, solo_new_record)}</p> })}
                            <p>{move || td_string!(i18n.get_locale(), solo_record, name = name.clone(), score = score.clone(), date = date.clone()).to_string()}</p>
                            // Set against the average too, once there is one to speak of.
                            {average.filter(|&(_, n)| n > 1).map(|(sum, n)| view! {
                                <p data-testid="solo-average">{move || {
                                    let l = i18n.get_locale();
                                    td_string!(l, solo_average, name = avg_name.clone(), mean = mean_text(sum, n, l), n = n).to_string()
                                }}</p>
                            })}
                        </div>
                    }
                });
                let daily = standing.daily.map(|(date, best, new)| view! {
                    <div class="daily" data-testid="daily-result">
                        {new.then(|| view! { <p class="new-best" data-testid="new-best">{t!(i18n, daily_new_best)}</p> })}
                        <h3>{move || td_string!(i18n.get_locale(), daily_title, date = date.clone()).to_string()}</h3>
                        <ol class="ranking">
                            {best.into_iter().map(|(n, s)| view! { <li><span class="name">{n}</span><span class="score">{s}</span></li> }).collect_view()}
                        </ol>
                    </div>
                });
                view! { {solo} {daily} }
            }}
            <div class="actions">
                <PlayAgain entry seats=session.with_untracked(|s| s.seats()) options=session.with_untracked(|s| s.live().options()) handover=session.with_untracked(|s| s.meta().handover) coach=marks.coach/>
                <Link to={format!("/review/{}", session.with_untracked(|s| s.meta().id.clone()))} class="button">{t!(i18n, review)}</Link>
                <Link to={"/".to_string()} class="button">{t!(i18n, home)}</Link>
            </div>
        </section>
    }
}
