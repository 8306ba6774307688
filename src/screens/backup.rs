//! Restoring a backup (the file `store::export_all` writes): the whole file
//! is read and checked before anything is written, what it would add is
//! shown, and it merges with what this browser holds without duplicating a
//! game. A broken, truncated, foreign or oversized file is refused with the
//! reason and changes nothing; a write the browser refuses is undone.

use crate::contract::GameInPlay;
use crate::i18n::Text;
use crate::i18n::*;
use crate::store::{self, Meet, SaveError, SavedGame, Unreadable, GAME_PREFIX};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Larger than any browser's localStorage (5 MB in Chromium and Firefox).
pub const MAX_BYTES: usize = 8_000_000;
const MAX_KEY: usize = 200;

/// Why a file is not restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackupError {
    TooLarge {
        bytes: usize,
    },
    /// Not JSON: cut off, or another kind of file.
    NotJson,
    /// JSON, but not a Spielblock backup.
    Foreign,
    /// An entry that is not ours or not text.
    BadItem {
        key: String,
    },
    /// A saved game in it that this version cannot read.
    BadGame {
        key: String,
        why: Unreadable,
    },
}

impl BackupError {
    pub fn text(&self) -> Text {
        let e = self.clone();
        Text::new(move |l| match &e {
            BackupError::TooLarge { bytes } => {
                td_string!(l, import_too_large, mb = bytes / 1_000_000).to_string()
            }
            BackupError::NotJson => td_string!(l, import_not_json).to_string(),
            BackupError::Foreign => td_string!(l, import_foreign).to_string(),
            BackupError::BadItem { key } => {
                td_string!(l, import_bad_item, key = key.clone()).to_string()
            }
            BackupError::BadGame { key, why } => td_string!(
                l,
                import_bad_game,
                key = key.clone(),
                why = why.text().get(l)
            )
            .to_string(),
        })
    }
}

/// What restoring a file would do. Games meet the ones here by content
/// (`store::meet`): none loses a move, no finished game turns unfinished,
/// and a game never replaces another game.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    /// Games this browser does not have.
    pub new_games: Vec<SavedGame>,
    /// Games whose moves here are the file's first moves: brought up to date.
    pub longer_games: Vec<SavedGame>,
    /// Games here with the same moves or more: left alone.
    pub same_games: usize,
    /// A game here and the file's game under the same id that went
    /// different ways, or are different games: the one here stays, the
    /// file's is added under an id of its own (`store::copy_id`).
    pub both_kept: Vec<(SavedGame, SavedGame)>,
    /// Other entries (settings, items set aside) it does not have: added.
    /// Those it has are kept as they are.
    pub new_items: Vec<(String, String)>,
    pub kept_items: usize,
    /// Records and day's bests in the file: never read, since they come
    /// from the finished games themselves.
    pub ignored_records: usize,
    /// The games' entries to write: as the file has them, then as `check`
    /// settled them against their replays.
    game_texts: Vec<(String, String)>,
}

impl Plan {
    /// The games the file would write (to be checked by replaying first).
    pub fn games(&self) -> impl Iterator<Item = &SavedGame> {
        self.new_games
            .iter()
            .chain(&self.longer_games)
            .chain(self.both_kept.iter().map(|(_, g)| g))
    }

    fn games_mut(&mut self) -> impl Iterator<Item = &mut SavedGame> {
        self.new_games
            .iter_mut()
            .chain(self.longer_games.iter_mut())
            .chain(self.both_kept.iter_mut().map(|(_, g)| g))
    }

    /// How many games restoring writes.
    pub fn written(&self) -> usize {
        self.new_games.len() + self.longer_games.len() + self.both_kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.written() == 0 && self.new_items.is_empty()
    }
}

/// The entries of a Spielblock file (a backup, or a shared game): at most
/// `MAX_BYTES`, JSON, `app: "spielblock"`, an object of `items`.
pub(crate) fn file_items(
    text: &str,
) -> Result<serde_json::Map<String, serde_json::Value>, BackupError> {
    if text.len() > MAX_BYTES {
        return Err(BackupError::TooLarge { bytes: text.len() });
    }
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|_| BackupError::NotJson)?;
    if value.get("app").and_then(|a| a.as_str()) != Some("spielblock") {
        return Err(BackupError::Foreign);
    }
    match value.get_mut("items").map(serde_json::Value::take) {
        Some(serde_json::Value::Object(items)) => Ok(items),
        _ => Err(BackupError::Foreign),
    }
}

/// Reads a backup file and works out what restoring it would do, against
/// what this browser holds now. Writes nothing.
pub fn plan(text: &str) -> Result<Plan, BackupError> {
    let items = file_items(text)?;
    let mut plan = Plan::default();
    for (key, raw) in &items {
        let bad = || BackupError::BadItem {
            key: key.chars().take(60).collect(),
        };
        let raw = raw.as_str().ok_or_else(bad)?;
        if !key.starts_with("spielblock.") || key.len() > MAX_KEY || key.contains('\u{0}') {
            return Err(bad());
        }
        if let Some(id) = key.strip_prefix(GAME_PREFIX) {
            let g = store::parse_saved(raw).map_err(|why| BackupError::BadGame {
                key: key.clone(),
                why,
            })?;
            let why = if !store::valid_id(id) {
                Some(Unreadable::BadId)
            } else if g.id != id {
                Some(Unreadable::IdMismatch)
            } else {
                None
            };
            if let Some(why) = why {
                return Err(BackupError::BadGame {
                    key: key.chars().take(60).collect(),
                    why,
                });
            }
            plan.add_game(g, raw);
        } else if store::is_derived_key(key) {
            plan.ignored_records += 1;
        } else if key == store::index::INDEX_KEY {
            // The home screen's list, derived from the games: written again
            // here from what is stored (`store::index`).
            continue;
        } else if key.starts_with(store::JOURNAL_PREFIX) {
            // A write on its way on the device the file came from: never
            // stored here (it would be stored over a game at the next start).
            continue;
        } else if store::get_raw(key).is_some() {
            plan.kept_items += 1;
        } else {
            plan.new_items.push((key.clone(), raw.to_string()));
        }
    }
    Ok(plan)
}

impl Plan {
    /// The games' entries to write, if what the plan decided still holds
    /// against what is stored now (the player may confirm minutes later,
    /// and another tab may have played on): else `Conflict`, and nothing is
    /// written. A game brought up to date gets a revision past the one
    /// stored now, so a tab with it open reloads it.
    fn still_holds(&self) -> Result<Vec<(String, String)>, SaveError> {
        let text = |key: &str| {
            self.game_texts
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, t)| t.clone())
                .ok_or(SaveError::Conflict)
        };
        let mut out = Vec::new();
        for g in &self.new_games {
            if store::stored_revision(&g.id).is_some() {
                return Err(SaveError::Conflict);
            }
            out.push((g.key(), text(&g.key())?));
        }
        for g in &self.longer_games {
            let here = store::load_game(&g.id).map_err(|_| SaveError::Conflict)?;
            if store::meet(&here, g) != Meet::Longer {
                return Err(SaveError::Conflict);
            }
            let mut g = g.clone();
            g.revision = g.revision.max(here.revision + 1);
            let t = serde_json::to_string(&g).expect("a saved game serializes");
            out.push((g.key(), t));
        }
        for (_, copy) in &self.both_kept {
            if store::stored_revision(&copy.id).is_some() {
                return Err(SaveError::Conflict);
            }
            out.push((copy.key(), text(&copy.key())?));
        }
        Ok(out)
    }

    /// Sorts one game of the file (`raw` its text) by how it meets the one
    /// stored under its id.
    fn add_game(&mut self, g: SavedGame, raw: &str) {
        let here = store::load_game(&g.id).ok();
        let meet = here.as_ref().map_or(Meet::New, |h| store::meet(h, &g));
        match meet {
            Meet::New => {
                self.game_texts.push((g.key(), raw.to_string()));
                self.new_games.push(g);
            }
            Meet::Longer => {
                // A revision past the one here, so a tab with the game open
                // reloads it instead of writing over it.
                let mut g = g;
                let here_rev = here.as_ref().map_or(0, |h| h.revision);
                g.revision = g.revision.max(here_rev) + 1;
                let text = serde_json::to_string(&g).expect("a saved game serializes");
                self.game_texts.push((g.key(), text));
                self.longer_games.push(g);
            }
            Meet::Same => self.same_games += 1,
            Meet::Diverged | Meet::Other => {
                let Some(here) = here else { return };
                let mut copy = g;
                copy.id = store::copy_id(&copy);
                // Kept under its own id before (the same file again): the
                // id is made from the content, so it is that very game.
                if store::load_game(&copy.id).is_ok() {
                    self.same_games += 1;
                    return;
                }
                let text = serde_json::to_string(&copy).expect("a saved game serializes");
                self.game_texts.push((copy.key(), text));
                self.both_kept.push((here, copy));
            }
        }
    }
}

/// Writes what `plan` adds. If the browser refuses a write (storage full),
/// everything written so far is undone and nothing has changed.
pub fn apply(plan: &Plan) -> Result<(), SaveError> {
    let s = store::raw_storage().ok_or(SaveError::Unavailable)?;
    let games = plan.still_holds()?;
    let writes: Vec<(String, String)> = games
        .into_iter()
        .chain(plan.new_items.iter().cloned())
        .collect();
    let mut before: Vec<(String, Option<String>)> = Vec::new();
    for (key, raw) in &writes {
        before.push((key.clone(), s.get_item(key).ok().flatten()));
        if s.set_item(key, raw).is_err() {
            for (key, old) in before.iter().rev() {
                let _ = match old {
                    Some(old) => s.set_item(key, old),
                    None => s.remove_item(key),
                };
            }
            return Err(SaveError::Refused);
        }
    }
    // Written outside the gate: their stored revisions hold.
    for (key, _) in &plan.game_texts {
        if let Some(id) = key.strip_prefix(GAME_PREFIX) {
            store::forget_revision(id);
        }
    }
    Ok(())
}

/// Where restoring a file stands.
#[derive(Clone)]
enum Step {
    Idle,
    Checking,
    Refused(Text),
    Ready(std::sync::Arc<Plan>),
    Done(std::sync::Arc<Plan>),
}

/// Reads and checks a file: the backup's shape, then every game in it
/// replayed by its game's code (loaded first). What a game's own moves
/// decide is taken from the replay, not from the file (`settle`). Writes
/// nothing.
pub async fn check(text: String) -> Result<Plan, Text> {
    let mut plan = plan(&text).map_err(|e| e.text())?;
    let ids: Vec<String> = plan.games().map(|g| g.game.clone()).collect();
    crate::games::load(&ids)
        .await
        .map_err(|_| Text::new(|l| td_string!(l, load_failed).to_string()))?;
    let mut settled: Vec<(String, String)> = Vec::new();
    for g in plan.games_mut() {
        let game = g.game.clone();
        let Some(entry) = crate::games::find(&g.game) else {
            return Err(Text::new(move |l| {
                td_string!(l, err_unknown_game, game = game.clone()).to_string()
            }));
        };
        let live = (entry.open)(g.record.clone()).map_err(|why| {
            let key = g.key();
            Text::new(move |l| {
                td_string!(l, import_bad_game, key = key.clone(), why = why.get(l)).to_string()
            })
        })?;
        let before = g.clone();
        settle(g, live.as_ref());
        if *g != before {
            let text = serde_json::to_string(g).expect("a saved game serializes");
            settled.push((g.key(), text));
        }
    }
    // An entry its replay agrees with is written byte for byte as the file
    // has it; one it corrected, as settled.
    for (key, text) in settled {
        if let Some(entry) = plan.game_texts.iter_mut().find(|(k, _)| *k == key) {
            entry.1 = text;
        }
    }
    Ok(plan)
}

/// Makes a saved game from a file agree with its replay `live`: whether it
/// is finished, its outcome and turn come from the moves; a daily-challenge
/// date stays only if the seed is that day's; times are never later than
/// now. So an edited file cannot put a score into the statistics and
/// records that its moves did not make.
pub fn settle(saved: &mut SavedGame, live: &dyn GameInPlay) {
    saved.outcome = live.outcome();
    saved.finished = saved.outcome.is_some();
    // Who holds the device is never taken from a file: the hand-over
    // screen asks again.
    saved.confirmed_seat = None;
    saved.turn = live.turn();
    let seed = saved.head().seed;
    if let Some(date) = &saved.daily {
        if seed != Some(store::daily_seed(&saved.game, date)) {
            saved.daily = None;
        }
    }
    let now = store::now();
    saved.updated = saved.updated.min(now);
    saved.created = saved.created.min(saved.updated);
}

/// Says which two games are both kept: the one here and the file's, added
/// as another game (`Plan::both_kept`).
pub fn both_kept_text(here: &SavedGame, file: &SavedGame, l: Locale) -> String {
    let name =
        |g: &SavedGame| crate::games::find(&g.game).map_or_else(|| g.game.clone(), |e| (e.name)(l));
    if here.game == file.game && here.seat_names() == file.seat_names() {
        return td_string!(
            l,
            import_both_kept_ways,
            game = name(here),
            names = here.seat_names().join(", "),
            here = here.move_count(),
            there = file.move_count()
        )
        .to_string();
    }
    td_string!(
        l,
        import_both_kept,
        game = name(here),
        names = here.seat_names().join(", "),
        here = here.move_count(),
        other = name(file),
        other_names = file.seat_names().join(", "),
        there = file.move_count()
    )
    .to_string()
}

/// The file input an `on:change` event came from.
pub(crate) fn file_input(ev: &leptos::ev::Event) -> Option<web_sys::HtmlInputElement> {
    ev.target()?.dyn_into().ok()
}

/// The text of the file chosen in `input` (None: none, or not text). The
/// input is cleared, so the same file can be chosen again.
pub(crate) async fn read_file(input: &web_sys::HtmlInputElement) -> Option<String> {
    let file = input.files()?.get(0)?;
    let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
    input.set_value("");
    text.ok()?.as_string()
}

/// Download a backup, restore one. `restored` runs after a restore wrote.
#[component]
pub fn BackupTools(restored: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let step = RwSignal::new(Step::Idle);
    let picked = move |ev: leptos::ev::Event| {
        let Some(input) = file_input(&ev) else {
            return;
        };
        step.set(Step::Checking);
        leptos::task::spawn_local(async move {
            let result = match read_file(&input).await {
                Some(text) => check(text).await,
                None => Err(Text::new(|l| td_string!(l, import_not_json).to_string())),
            };
            step.set(match result {
                Ok(plan) => Step::Ready(std::sync::Arc::new(plan)),
                Err(why) => Step::Refused(why),
            });
        });
    };
    let restore = move |_| {
        let Step::Ready(plan) = step.get_untracked() else {
            return;
        };
        match apply(&plan) {
            Ok(()) => {
                step.set(Step::Done(plan.clone()));
                restored.run(());
            }
            Err(e) => step.set(Step::Refused(e.text())),
        }
    };
    view! {
        <div class="backup">
            <div class="actions">
                <button type="button" data-testid="export-all"
                    on:click=move |_| crate::platform::device::download("spielblock-backup.json", &store::export_all())>{t!(i18n, export_all)}</button>
                <label class="button file-button">
                    {t!(i18n, import_pick)}
                    <input type="file" accept=".json,application/json" data-testid="import-file" on:change=picked/>
                </label>
            </div>
            {move || match step.get() {
                Step::Idle => ().into_any(),
                Step::Checking => view! { <p class="hint" role="status">{t!(i18n, import_checking)}</p> }.into_any(),
                Step::Refused(why) => view! {
                    <p class="notice error" role="alert" data-testid="import-refused">{move || why.get(i18n.get_locale())}</p>
                }.into_any(),
                Step::Done(plan) => view! {
                    <div class="notice" role="status" data-testid="import-done">
                        {move || {
                            let l = i18n.get_locale();
                            let mut lines = vec![td_string!(l, import_done, n = plan.written()).to_string()];
                            lines.extend(plan.both_kept.iter().map(|(here, file)| both_kept_text(here, file, l)));
                            lines.into_iter().map(|t| view! { <p>{t}</p> }).collect_view()
                        }}
                    </div>
                }.into_any(),
                Step::Ready(plan) => {
                    let (new, longer, same) = (plan.new_games.len(), plan.longer_games.len(), plan.same_games);
                    let (items, kept, ignored) = (plan.new_items.len(), plan.kept_items, plan.ignored_records);
                    let both: Vec<(SavedGame, SavedGame)> = plan.both_kept.clone();
                    let empty = plan.is_empty();
                    view! {
                        <div class="notice" role="status" data-testid="import-plan">
                            {move || {
                                let l = i18n.get_locale();
                                if empty {
                                    return view! { <p>{td_string!(l, import_nothing, same = same).to_string()}</p> }.into_any();
                                }
                                let mut lines = vec![
                                    (new, td_string!(l, import_new_games, n = new).to_string()),
                                    (longer, td_string!(l, import_newer_games, n = longer).to_string()),
                                    (same, td_string!(l, import_same_games, n = same).to_string()),
                                    (items, td_string!(l, import_new_items, n = items).to_string()),
                                    (kept, td_string!(l, import_kept_items, n = kept).to_string()),
                                    (ignored, td_string!(l, import_ignored_records, n = ignored).to_string()),
                                ];
                                lines.extend(both.iter().map(|(here, file)| (1, both_kept_text(here, file, l))));
                                view! {
                                    <p><strong>{td_string!(l, import_ask).to_string()}</strong></p>
                                    <ul class="import-lines">
                                        {lines.into_iter().filter(|(n, _)| *n > 0).map(|(_, text)| view! { <li>{text}</li> }).collect_view()}
                                    </ul>
                                }.into_any()
                            }}
                            <div class="actions">
                                {(!empty).then(|| view! {
                                    <button type="button" class="primary" data-testid="import-confirm" on:click=restore>{t!(i18n, import_confirm)}</button>
                                })}
                                <button type="button" on:click=move |_| step.set(Step::Idle)>{t!(i18n, import_cancel)}</button>
                            </div>
                        </div>
                    }.into_any()
                }
            }}
        </div>
    }
}
