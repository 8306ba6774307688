//! The end of a game: the ranking, what kept it from the records, the solo
//! record and the day's best it set or stands against, and what to do next.

use crate::i18n::*;
use crate::play::dialogs::PlayAgain;
use crate::play::session::Session;
use crate::routes::Link;
use crate::table::Ranking;
use leptos::prelude::*;
use rules::Outcome;

#[component]
pub fn GameResult(
    session: RwSignal<Session>,
    outcome: Outcome,
    /// Names as shown (a default name follows the language).
    names: Memo<Vec<String>>,
    /// Which seats the computer played.
    cpu: Memo<Vec<bool>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let o = outcome;
    let marks = session.with_untracked(|s| s.marks());
    let entry = session.with_untracked(|s| s.entry());
    let name_of = move |s: usize| names.with(|n| n.get(s).cloned().unwrap_or_default());
    view! {
        <section class="result" aria-labelledby="result-title" data-testid="result">
            <h2 id="result-title">{t!(i18n, result)}</h2>
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
                let solo = standing.solo.map(|(score, date, new)| {
                    let name = name_of(0);
                    let score = if score < 0 { format!("−{}", -score) } else { score.to_string() };
                    view! {
                        <div class="solo-record" data-testid="solo-record">
                            {new.then(|| view! { <p class="new-best" data-testid="new-record">{t!(i18n, solo_new_record)}</p> })}
                            <p>{move || td_string!(i18n.get_locale(), solo_record, name = name.clone(), score = score.clone(), date = date.clone()).to_string()}</p>
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
