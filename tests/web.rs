//! Tier (b): storage and components in headless Chromium, against the real
//! localStorage. Run with `cargo test --target wasm32-unknown-unknown --test web`
//! (wasm-bindgen-test-runner + chromedriver, see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use spielblock::play::session::{Decision, Tapped};
use spielblock::store::{self, SavedGame};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn ls() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// The stored game's move count once it reaches `n` (or after a second).
async fn stored_moves(id: &str, n: usize) -> usize {
    for _ in 0..100 {
        let have = store::load_game(id).map_or(0, |g| g.move_count());
        if have >= n {
            return have;
        }
        tick(10).await;
    }
    store::load_game(id).map_or(0, |g| g.move_count())
}

/// Lets Leptos effects and timers run.
async fn tick(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

fn seats(kinds: &[rules::SeatKind]) -> Vec<rules::SeatInfo> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, &kind)| rules::SeatInfo {
            kind,
            level: rules::Level::Strong,
            ..rules::SeatInfo::human(format!("P{}", i + 1))
        })
        .collect()
}

fn sample(id: &str) -> SavedGame {
    SavedGame {
        schema: store::SCHEMA,
        id: id.into(),
        game: "en-gingg".into(),
        created: 1.0,
        updated: 2.0,
        handover: false,
        confirmed_seat: None,
        finished: false,
        outcome: None,
        revision: 0,
        turn: 1,
        daily: None,
        record: serde_json::json!({"game":"en-gingg","seed":5,"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"computer"}],"moves":[]}),
    }
}

#[wasm_bindgen_test]
fn saved_game_round_trips_through_local_storage() {
    ls().clear().unwrap();
    let g = sample("roundtrip");
    store::save_game(&g).unwrap();
    let raw = ls()
        .get_item("spielblock.v1.game.roundtrip")
        .unwrap()
        .unwrap();
    assert!(raw.contains("\"schema\":1"));
    assert_eq!(store::load_game("roundtrip").unwrap(), g);
    assert_eq!(store::list_games(), vec![g]);
    store::delete_game("roundtrip");
    assert_eq!(
        store::load_game("roundtrip"),
        Err(store::LoadError::Missing)
    );
}

#[wasm_bindgen_test]
fn a_stale_tab_never_overwrites_newer_moves() {
    ls().clear().unwrap();
    let mut mine = sample("two-tabs");
    store::save_game(&mine).unwrap();
    let mut theirs = store::load_game("two-tabs").unwrap();
    // The other tab saves a move first.
    theirs.record["moves"] = serde_json::json!([{"seat":0,"action":"roll"}]);
    store::save_next(&mut theirs).unwrap();
    assert_eq!(theirs.revision, 1);
    // This tab, still at revision 0, is refused and nothing is written.
    mine.turn = 9;
    assert_eq!(store::save_next(&mut mine), Err(store::SaveError::Conflict));
    assert_eq!(mine.revision, 0);
    let stored = store::load_game("two-tabs").unwrap();
    assert_eq!(stored, theirs);
    assert_eq!(store::stored_revision("two-tabs"), Some(1));
    // Deleted elsewhere: refused too, and nothing comes back.
    store::delete_game("two-tabs");
    let mut again = theirs.clone();
    assert_eq!(store::save_next(&mut again), Err(store::SaveError::Gone));
    assert_eq!(store::load_game("two-tabs"), Err(store::LoadError::Missing));
}

/// A saved game of `game` with these moves (stand-ins: `storage` and
/// `backup::plan` compare moves, they do not replay them).
fn with_moves(id: &str, moves: &[u32]) -> SavedGame {
    let mut g = sample(id);
    g.record["moves"] = moves
        .iter()
        .map(|m| serde_json::json!({"seat": 0, "action": {"m": m}}))
        .collect();
    g.revision = moves.len() as u64;
    g
}

#[wasm_bindgen_test]
fn the_daily_challenge_ranks_each_names_best_from_the_stored_games() {
    use spielblock::store::{daily_best, standing, Played};
    ls().clear().unwrap();
    let date = "2026-11-22";
    // The same seed for everyone on a date, another on the next day.
    assert_eq!(
        store::daily_seed("mindgolf", date),
        store::daily_seed("mindgolf", date)
    );
    assert_ne!(
        store::daily_seed("mindgolf", date),
        store::daily_seed("mindgolf", "2026-11-23")
    );
    assert_ne!(
        store::daily_seed("mindgolf", date),
        store::daily_seed("choice", date)
    );
    // A daily challenge as the set-up makes one: the date's seed (a game
    // claiming the date with another seed counts for nothing, issue 39).
    let daily = |id: &str, name: &str, score: i64, when: f64| {
        let mut g = SavedGame {
            daily: Some(date.into()),
            ..finished(id, "mindgolf", when, &[(name, true)], &[score])
        };
        g.record["seed"] = store::daily_seed("mindgolf", date).into();
        g
    };
    for g in [
        daily("d1", "Ana", 40, 1.0),
        daily("d2", "Ana", 38, 2.0),
        daily("d3", "Ben", 52, 3.0),
        daily("d4", "Ana", 61, 4.0),
        // Not of that day, and not a daily game: neither counts.
        SavedGame {
            daily: Some("2026-11-23".into()),
            ..daily("d5", "Cleo", 99, 5.0)
        },
        finished("d6", "mindgolf", 6.0, &[("Dan", true)], &[98]),
    ] {
        store::save_game(&g).unwrap();
    }
    let played = Played::of_game("mindgolf");
    assert_eq!(
        daily_best(&played, date, false),
        vec![("Ana".to_string(), 61), ("Ben".to_string(), 52)]
    );
    assert!(
        standing(&played, "d4", false).daily.unwrap().2,
        "61 beat 40"
    );
    assert!(
        !standing(&played, "d2", false).daily.unwrap().2,
        "38 did not"
    );
    assert!(
        standing(&played, "d3", false).daily.unwrap().2,
        "Ben's first"
    );
    assert_eq!(store::today().len(), 10);
}

#[wasm_bindgen_test]
fn a_coached_game_is_listed_but_sets_no_record_and_counts_in_no_statistics() {
    use spielblock::contract::RecordKind;
    use spielblock::screens::history::{finished_games, records, stats, RecordRule};
    use spielblock::store::{standing, Played};
    ls().clear().unwrap();
    let coached = |g: SavedGame| {
        let mut g = g;
        g.record["coach"] = serde_json::Value::Bool(true);
        g
    };
    for g in [
        finished("c1", "mindgolf", 1.0, &[("Ana", true)], &[50]),
        coached(finished("c2", "mindgolf", 2.0, &[("Ana", true)], &[90])),
    ] {
        store::save_game(&g).unwrap();
    }
    let games = finished_games();
    assert_eq!(games.len(), 2, "both are in the history");
    assert!(games.iter().any(|f| f.id == "c2" && f.coach));
    let s = stats(&games, &["mindgolf"], |_| false);
    assert_eq!((s[0].played, s[0].best), (1, 50), "only the uncoached game");
    let rule = |_: &str| RecordRule {
        kind: RecordKind::BestScore,
        lowest_wins: false,
        daily: false,
    };
    let r = records(&games, &["mindgolf"], rule);
    assert_eq!(r[0].value, 50, "90 was played with the coach");
    let played = Played::of_game("mindgolf");
    let after = standing(&played, "c2", false).solo.unwrap();
    assert_eq!((after.0, after.2), (50, false), "no new personal record");
}

#[wasm_bindgen_test]
fn a_guided_first_game_reaches_neither_the_history_nor_the_records() {
    use spielblock::screens::history::finished_games;
    use spielblock::store::{lesson_seen, mark_lesson_seen, Played};
    ls().clear().unwrap();
    let mut g = finished("l1", "mindgolf", 1.0, &[("Ana", true)], &[90]);
    g.record["lesson"] = serde_json::Value::Bool(true);
    store::save_game(&g).unwrap();
    assert!(finished_games().is_empty());
    assert!(Played::of_game("mindgolf").is_empty());
    assert!(!lesson_seen("mindgolf"));
    mark_lesson_seen("mindgolf");
    mark_lesson_seen("mindgolf");
    assert!(lesson_seen("mindgolf") && !lesson_seen("choice"));
}

#[wasm_bindgen_test]
fn records_always_equal_what_the_stored_games_say() {
    // Issue 21 (3, 4, 5): records were kept apart from the games, so a take
    // back after the end, a write that did not fit or an edited backup left
    // records that no stored game made.
    use spielblock::store::{solo_record, standing, Played};
    ls().clear().unwrap();
    let solo = |id: &str, game: &str, name: &str, score: i64, when: f64| {
        finished(id, game, when, &[(name, true)], &[score])
    };
    for g in [
        solo("s1", "choice", "Ana", -120, 1.0),
        solo("s2", "choice", "Ana", 340, 2.0),
        solo("s3", "choice", "Ben", 90, 3.0),
        solo("s4", "gnoming", "Ana", 30, 4.0),
        solo("s5", "gnoming", "Ana", 12, 5.0),
        solo("s6", "gnoming", "Ana", 12, 6.0),
        // Played against the computer: not a solo game.
        finished(
            "s7",
            "choice",
            7.0,
            &[("Ana", true), ("Bot", false)],
            &[900, 0],
        ),
        solo("s8", "choice", "Ana", 200, 8.0),
        // Ana took over from the computer mid-game: not her record.
        {
            let mut g = solo("s9", "choice", "Ana", 990, 9.0);
            g.record["seats"][0]["switched"] = true.into();
            g
        },
    ] {
        store::save_game(&g).unwrap();
    }
    // Records written by older versions (or smuggled in a file) are gone
    // once the app starts, and never read.
    ls().set_item(
        "spielblock.record.choice",
        "[[\"Ana\",99999,\"2020-01-01\"]]",
    )
    .unwrap();
    ls().set_item("spielblock.daily.choice.2026-11-22", "[[\"Ana\",99999]]")
        .unwrap();
    store::drop_derived();
    assert_eq!(ls().get_item("spielblock.record.choice").unwrap(), None);
    assert_eq!(
        ls().get_item("spielblock.daily.choice.2026-11-22").unwrap(),
        None
    );
    let choice = Played::of_game("choice");
    assert_eq!(solo_record(&choice, "Ana", false).map(|r| r.0), Some(340));
    assert_eq!(solo_record(&choice, "Ben", false).map(|r| r.0), Some(90));
    assert_eq!(solo_record(&choice, "Cleo", false), None);
    assert!(
        standing(&choice, "s2", false).solo.unwrap().2,
        "340 is a new record"
    );
    // R-CH-7: her first game ended at -120, a defeat: no record.
    assert!(
        !standing(&choice, "s1", false).solo.unwrap().2,
        "a defeat is never a new record"
    );
    let first_only: Vec<Played> = choice.iter().take(1).cloned().collect();
    assert_eq!(solo_record(&first_only, "Ana", false), None);
    assert!(
        !standing(&choice, "s8", false).solo.unwrap().2,
        "200 after 340"
    );
    assert!(standing(&choice, "s7", false).solo.is_none(), "not solo");
    // A lowest-wins game keeps the lowest, and the first to set it.
    let gnoming = Played::of_game("gnoming");
    let (best, _) = solo_record(&gnoming, "Ana", true).unwrap();
    assert_eq!(best, 12);
    assert!(standing(&gnoming, "s5", true).solo.unwrap().2);
    assert!(
        !standing(&gnoming, "s6", true).solo.unwrap().2,
        "a tie is no new record"
    );
    // A take-back after the end: the game is stored unfinished again, and
    // the record is what the stored games say, nothing else.
    let mut taken_back = store::load_game("s2").unwrap();
    taken_back.finished = false;
    taken_back.outcome = None;
    store::save_game(&taken_back).unwrap();
    let choice = Played::of_game("choice");
    assert_eq!(solo_record(&choice, "Ana", false).map(|r| r.0), Some(200));
    assert_eq!(standing(&choice, "s2", false), store::Standing::default());
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
async fn two_writes_of_one_revision_never_both_win_whatever_the_browser_offers() {
    // Issue 21 (2): the check and the write were two steps, so two tabs
    // could both pass the check. `commit` checks and writes as the only
    // writer among all tabs: in an IndexedDB transaction (which also keeps
    // the revision where no tab's cache can hide it), else under a Web
    // Lock, else (neither) at once.
    let hide = |what: &str| {
        js_sys::eval(&format!(
            "window.__saved_{what} = Object.getOwnPropertyDescriptor(window, '{what}'); \
             Object.defineProperty(window, '{what}', {{ value: undefined, configurable: true }})"
        ))
        .unwrap();
    };
    for offered in ["IndexedDB", "Web Locks", "neither"] {
        match offered {
            "Web Locks" => hide("indexedDB"),
            "neither" => js_sys::eval(
                "Object.defineProperty(Navigator.prototype, '__locks', \
                 Object.getOwnPropertyDescriptor(Navigator.prototype, 'locks')); \
                 Object.defineProperty(Navigator.prototype, 'locks', \
                 { get: () => undefined, configurable: true })",
            )
            .map(|_| ())
            .unwrap(),
            _ => {}
        }
        for round in 0..5 {
            ls().clear().unwrap();
            let start = with_moves("race", &[1]);
            store::save_game(&start).unwrap();
            store::forget_revision("race");
            let (mut a, mut b) = (start.clone(), start.clone());
            a.record["moves"] = with_moves("race", &[1, 10 + round]).record["moves"].take();
            b.record["moves"] = with_moves("race", &[1, 20 + round]).record["moves"].take();
            let (ra, rb) = futures::join!(store::commit(a), store::commit(b));
            let won: Vec<SavedGame> = [ra.clone(), rb.clone()].into_iter().flatten().collect();
            assert_eq!(won.len(), 1, "{offered}: exactly one wins: {ra:?} {rb:?}");
            assert!(
                [ra, rb].contains(&Err(store::SaveError::Conflict)),
                "{offered}: the other is told"
            );
            let stored = store::load_game("race").unwrap();
            assert_eq!(stored, won[0]);
            assert_eq!(stored.revision, 2);
        }
    }
    js_sys::eval(
        "Object.defineProperty(window, 'indexedDB', window.__saved_indexedDB); \
         Object.defineProperty(Navigator.prototype, 'locks', \
         Object.getOwnPropertyDescriptor(Navigator.prototype, '__locks')); \
         delete Navigator.prototype.__locks",
    )
    .unwrap();
    assert!(!js_sys::eval("navigator.locks && self.indexedDB")
        .unwrap()
        .is_falsy());
    // The gate's revision wins over a tab's stale view: a write this tab
    // cannot see yet still makes its own write of that revision a conflict.
    ls().clear().unwrap();
    store::save_game(&with_moves("stale", &[1])).unwrap();
    let mut other = with_moves("stale", &[1, 2]);
    other.revision = 1;
    let theirs = store::commit(other).await.unwrap();
    assert_eq!(theirs.revision, 2);
    // As if this tab's localStorage still held revision 1.
    store::save_game(&with_moves("stale", &[1])).unwrap();
    let mut mine = with_moves("stale", &[1, 3]);
    mine.revision = 1;
    assert_eq!(store::commit(mine).await, Err(store::SaveError::Conflict));
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
async fn a_kept_revision_left_behind_never_holds_a_game_up() {
    // A revision kept by the gate (a tab's cache may lag by milliseconds)
    // is trusted for 5 s only: one left by a crash, or a delete whose
    // `forget` never ran, cannot turn every later save into a conflict.
    ls().clear().unwrap();
    store::save_game(&with_moves("left", &[1])).unwrap();
    let put: js_sys::Function = js_sys::eval(
        "(age) => new Promise((done) => { const r = indexedDB.open('spielblock-revisions', 1); \
         r.onupgradeneeded = () => r.result.createObjectStore('r'); \
         r.onsuccess = () => { const tx = r.result.transaction('r', 'readwrite'); \
         tx.objectStore('r').put({ rev: 99, at: Date.now() - age }, 'spielblock.v1.game.left'); \
         tx.oncomplete = () => { r.result.close(); done(); }; }; })",
    )
    .unwrap()
    .unchecked_into();
    let wait = |p: wasm_bindgen::JsValue| {
        wasm_bindgen_futures::JsFuture::from(p.unchecked_into::<js_sys::Promise>())
    };
    // Fresh: another tab wrote revision 99 a moment ago, so this is stale.
    wait(put.call1(&wasm_bindgen::JsValue::NULL, &0.into()).unwrap())
        .await
        .unwrap();
    let mut mine = with_moves("left", &[1, 2]);
    mine.revision = 1;
    assert_eq!(
        store::commit(mine.clone()).await,
        Err(store::SaveError::Conflict)
    );
    // Left from a minute ago: the stored revision holds.
    wait(
        put.call1(&wasm_bindgen::JsValue::NULL, &60_000.into())
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(store::commit(mine).await.map(|g| g.revision), Ok(2));
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn a_restore_confirmed_after_another_tab_played_on_writes_nothing() {
    use spielblock::screens::backup::{apply, plan};
    ls().clear().unwrap();
    let longer = with_moves("p", &[1, 2, 3, 4]);
    store::save_game(&longer).unwrap();
    let file = store::export_all();
    ls().clear().unwrap();
    store::save_game(&with_moves("p", &[1, 2])).unwrap();
    let p = plan(&file).unwrap();
    assert_eq!(p.longer_games.len(), 1);
    // Before the player confirms, another tab plays a move of its own.
    let mut played_on = with_moves("p", &[1, 2, 9]);
    played_on.revision = 7;
    store::save_game(&played_on).unwrap();
    assert_eq!(apply(&p), Err(store::SaveError::Conflict));
    assert_eq!(store::load_game("p").unwrap(), played_on, "nothing written");
    // Only a new revision since (a hand-over confirmed): still brought up
    // to date, past that revision, so the tab that holds it reloads.
    let mut confirmed = with_moves("p", &[1, 2]);
    confirmed.revision = 40;
    store::save_game(&confirmed).unwrap();
    apply(&p).unwrap();
    let now = store::load_game("p").unwrap();
    assert_eq!(now.record, longer.record);
    assert!(now.revision > 40);
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn restoring_merges_by_content_and_never_loses_a_move() {
    // Issue 21 (1): restore compared only the revision counter.
    use spielblock::screens::backup::{apply, plan};
    let file_of = |games: &[&SavedGame]| {
        ls().clear().unwrap();
        for g in games {
            store::save_game(g).unwrap();
        }
        store::export_all()
    };
    let here_is = |games: &[&SavedGame]| {
        ls().clear().unwrap();
        for g in games {
            store::save_game(g).unwrap();
        }
    };
    // The issue's steps: device 1 has 6 moves (revision 6); device 2 took
    // the first 2, then rolled, set aside and took back to 3 moves of its
    // own at revision 9. Device 2's backup on device 1: both are kept.
    let device1 = with_moves("g", &[1, 2, 3, 4, 5, 6]);
    let device2 = SavedGame {
        revision: 9,
        ..with_moves("g", &[1, 2, 7])
    };
    let file = file_of(&[&device2]);
    here_is(&[&device1]);
    let p = plan(&file).unwrap();
    assert!(p.new_games.is_empty() && p.longer_games.is_empty());
    assert_eq!(p.both_kept.len(), 1);
    let (here, copy) = &p.both_kept[0];
    assert_eq!((here.id.as_str(), here.move_count()), ("g", 6));
    assert_ne!(copy.id, "g");
    assert!(store::valid_id(&copy.id));
    let said =
        spielblock::screens::backup::both_kept_text(here, copy, spielblock::i18n::Locale::en);
    assert!(
        said.contains("6 moves") && said.contains("3 moves"),
        "{said}"
    );
    apply(&p).unwrap();
    assert_eq!(store::load_game("g").unwrap(), device1, "not a move lost");
    assert_eq!(store::load_game(&copy.id).unwrap().move_count(), 3);
    // Restoring the same file again adds nothing.
    let again = plan(&file).unwrap();
    assert!(again.is_empty(), "{again:?}");
    // A file whose moves extend the ones here brings the game up to date;
    // one with fewer moves, whatever its revision, changes nothing.
    let short = SavedGame {
        revision: 99,
        ..with_moves("g", &[1, 2])
    };
    let text = file_of(&[&device1]);
    here_is(&[&short]);
    let p = plan(&text).unwrap();
    assert_eq!(p.longer_games.len(), 1);
    apply(&p).unwrap();
    let now = store::load_game("g").unwrap();
    assert_eq!(now.record, device1.record);
    assert!(
        now.revision > 99,
        "past the one here: a tab with it open reloads"
    );
    let text = file_of(&[&short]);
    here_is(&[&device1]);
    let p = plan(&text).unwrap();
    assert_eq!((p.same_games, p.is_empty()), (1, true), "{p:?}");
    // A finished game is never replaced by an unfinished one, even a
    // longer one: both are kept and the finished one stays in the history.
    let done = SavedGame {
        finished: true,
        outcome: Some(rules::Outcome {
            lost: Vec::new(),
            scores: vec![1, 2],
            places: vec![2, 1],
        }),
        ..with_moves("f", &[1, 2, 3])
    };
    let open_longer = SavedGame {
        revision: 50,
        ..with_moves("f", &[1, 2, 3, 4])
    };
    let open_shorter = SavedGame {
        revision: 50,
        ..with_moves("f", &[1, 2])
    };
    for file in [&open_longer, &open_shorter] {
        let text = file_of(&[file]);
        here_is(&[&done]);
        apply(&plan(&text).unwrap()).unwrap();
        assert_eq!(store::load_game("f").unwrap(), done);
    }
    // Another game, seed or set of players under the same id never
    // replaces the game here.
    let mut other_seed = with_moves("g", &[1, 2, 3, 4, 5, 6, 7]);
    other_seed.record["seed"] = 6.into();
    let mut other_game = with_moves("g", &[1, 2, 3, 4, 5, 6, 7]);
    other_game.game = "choice".into();
    other_game.record["game"] = "choice".into();
    let mut other_seats = with_moves("g", &[1, 2, 3, 4, 5, 6, 7]);
    other_seats.record["seats"][1]["name"] = "Mallory".into();
    for file in [&other_seed, &other_game, &other_seats] {
        let text = file_of(&[file]);
        here_is(&[&device1]);
        let p = plan(&text).unwrap();
        assert_eq!(p.both_kept.len(), 1, "{p:?}");
        apply(&p).unwrap();
        assert_eq!(store::load_game("g").unwrap(), device1);
        assert_eq!(store::list_games().len(), 2);
    }
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn texts_fill_their_placeholders_in_both_languages() {
    use spielblock::i18n::{fill, text, Locale};
    assert_eq!(
        fill("{{ a }} and {{ b }}", &[("a", &1), ("b", &"x")]),
        "1 and x"
    );
    // An unknown placeholder stays visible rather than vanishing.
    assert_eq!(fill("{{ a }} {{ c }}", &[("a", &2)]), "2 {{ c }}");
    assert_eq!(fill("no braces", &[]), "no braces");
    // Issue 21 (9): a reason ending its sentence before the template's own
    // full stop ended in "..".
    assert_eq!(
        fill(
            "Cannot be used: {{ why }}. Nothing changed.",
            &[("why", &"Move 3: no.")]
        ),
        "Cannot be used: Move 3: no. Nothing changed."
    );
    assert_eq!(fill("Wait{{ a }}.", &[("a", &"...")]), "Wait....");
    let en = text(Locale::en, spielblock::i18n::keys::ch_roll);
    let de = text(Locale::de, spielblock::i18n::keys::ch_roll);
    assert_eq!((en, de), ("Roll the dice", "Würfeln"));
}

#[wasm_bindgen_test]
fn set_aside_items_are_listed_with_their_time_and_can_be_deleted() {
    ls().clear().unwrap();
    ls().set_item("spielblock.v1.game.bad", "{oops").unwrap();
    store::quarantine("spielblock.v1.game.bad");
    let items = store::aside_items();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].raw, "{oops");
    assert!(items[0].when > 1.6e12, "{}", items[0].when);
    // Only set-aside keys can be deleted through this door.
    store::delete_aside("someone.else");
    store::delete_aside(&items[0].key);
    assert!(store::aside_items().is_empty());
    // The backup holds every Spielblock key and nothing else.
    ls().set_item("someone.else", "x").unwrap();
    store::save_game(&sample("kept")).unwrap();
    let backup: serde_json::Value = serde_json::from_str(&store::export_all()).unwrap();
    assert_eq!(backup["app"], "spielblock");
    let keys: Vec<&String> = backup["items"].as_object().unwrap().keys().collect();
    assert_eq!(keys, vec!["spielblock.v1.game.kept"]);
    // Finished games go when room is needed; unfinished ones stay.
    let mut done = sample("done");
    done.finished = true;
    store::save_game(&done).unwrap();
    assert_eq!(store::delete_finished(), 1);
    assert_eq!(store::list_games().len(), 1);
}

/// The index a home screen drawn from the games writes (`listed` of each,
/// as `screens::saved` lists them).
fn index_all() {
    let all: Vec<store::index::Listed> = store::list_games_hashed()
        .iter()
        .map(|(g, h)| store::listed(g, *h, (!g.finished).then_some(1)))
        .collect();
    store::index::write_all(&all);
}

#[wasm_bindgen_test]
fn the_home_index_lists_the_stored_games_only_while_it_matches_them() {
    use store::index::{read, INDEX_KEY};
    ls().clear().unwrap();
    // Nothing indexed yet: the home screen reads the games.
    store::save_game(&sample("older")).unwrap();
    assert_eq!(read(), None);
    let mut newer = sample("newer");
    newer.updated = 1_796_000_000_123.0;
    newer.turn = 4;
    newer.record["seats"][0]["name"] = "Ä ö · 🎲".into();
    store::save_game(&newer).unwrap();
    let mut done = sample("done");
    done.finished = true;
    store::save_game(&done).unwrap();
    let mut lesson = sample("lesson");
    lesson.finished = true;
    lesson.record["lesson"] = true.into();
    store::save_game(&lesson).unwrap();
    ls().set_item("someone.else", "x").unwrap();
    index_all();
    // What the games say, last played first; the history counts the
    // finished game, not the guided first game.
    let (games, finished) = read().expect("the index matches");
    assert_eq!(finished, 1);
    let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["newer", "older"]);
    assert_eq!(games[0].names, ["Ä ö · 🎲", "B"]);
    assert_eq!(
        (games[0].turn, games[0].updated, games[0].to_act),
        (4, 1_796_000_000_123.0, Some(1))
    );
    assert_eq!(games[0].game, "en-gingg");
    // A game written by the play screen keeps it in step (`note_written`);
    // one changed another way (another tab, an older version) does not.
    newer.turn = 5;
    store::save_game(&newer).unwrap();
    assert_eq!(read(), None);
    store::note_written(&newer, Some(0));
    let (games, _) = read().expect("brought up to date");
    assert_eq!((games[0].turn, games[0].to_act), (5, Some(0)));
    // A game deleted: the others are listed; a new game without a line: not.
    store::delete_game("older");
    assert_eq!(read().map(|(g, f)| (g.len(), f)), Some((1, 1)));
    store::save_game(&sample("unlisted")).unwrap();
    assert_eq!(read(), None);
    index_all();
    assert!(read().is_some());
    // Anything set aside or on its way: the games' chunk draws the home
    // screen (it lists those, and stores the journal's writes first).
    ls().set_item("spielblock.journal.newer", "{}").unwrap();
    assert_eq!(read(), None);
    ls().remove_item("spielblock.journal.newer").unwrap();
    assert!(read().is_some());
    ls().set_item("spielblock.v1.game.bad", "{oops").unwrap();
    store::quarantine("spielblock.v1.game.bad");
    assert_eq!(read(), None);
    for k in store::quarantined() {
        store::delete_aside(&k);
    }
    assert!(read().is_some());
    // Damaged or foreign index text is never used.
    let good = ls().get_item(INDEX_KEY).unwrap().unwrap();
    for junk in [
        "",
        "spielblock home index 2",
        &good.replacen("\tu-\t", "\tx\t", 1),
        &good.replacen("\t", "", 1),
        &format!("{good}\textra"),
    ] {
        ls().set_item(INDEX_KEY, junk).unwrap();
        assert_eq!(read(), None, "{junk:?}");
    }
    // A name the plain lines cannot hold: no index rather than a wrong one.
    let mut tabbed = sample("tabbed");
    tabbed.record["seats"][0]["name"] = "a\tb".into();
    store::save_game(&tabbed).unwrap();
    index_all();
    assert_eq!(ls().get_item(INDEX_KEY).unwrap(), None);
    assert_eq!(read(), None);
    // Derived from the games: not part of a backup, and a backup's copy is
    // not restored.
    store::delete_game("tabbed");
    index_all();
    let backup: serde_json::Value = serde_json::from_str(&store::export_all()).unwrap();
    assert!(backup["items"].get(INDEX_KEY).is_none());
    let file =
        serde_json::json!({"app": "spielblock", "items": {INDEX_KEY: "spielblock home index 1"}});
    let plan = spielblock::screens::backup::plan(&file.to_string()).unwrap();
    assert!(plan.new_items.is_empty());
}

#[wasm_bindgen_test]
fn unreadable_data_is_kept_aside_untouched() {
    ls().clear().unwrap();
    let s = ls();
    s.set_item("spielblock.v1.game.broken", "{not json")
        .unwrap();
    s.set_item(
        "spielblock.v1.game.future",
        r#"{"schema":99,"id":"future"}"#,
    )
    .unwrap();
    s.set_item("someone.else", "foreign data").unwrap();
    store::save_game(&sample("good")).unwrap();

    let games = store::list_games();
    assert_eq!(games.len(), 1, "only the readable game is listed");
    assert_eq!(games[0].id, "good");
    // Both bad entries moved aside with their text untouched.
    let aside = store::quarantined();
    assert_eq!(aside.len(), 2);
    let texts: Vec<String> = aside
        .iter()
        .map(|k| s.get_item(k).unwrap().unwrap())
        .collect();
    assert!(texts.contains(&"{not json".to_string()));
    assert!(texts.iter().any(|t| t.contains("\"schema\":99")));
    assert!(s.get_item("spielblock.v1.game.broken").unwrap().is_none());
    // Foreign data is never touched.
    assert_eq!(
        s.get_item("someone.else").unwrap().as_deref(),
        Some("foreign data")
    );
    // The player is told once.
    assert_eq!(store::unseen_quarantined(), 2);
    store::mark_quarantine_seen();
    assert_eq!(store::unseen_quarantined(), 0);
}

#[wasm_bindgen_test]
fn loading_a_broken_game_reports_why() {
    ls().clear().unwrap();
    ls().set_item("spielblock.v1.game.x", "[1,2,3]").unwrap();
    match store::load_game("x") {
        Err(store::LoadError::Unreadable(why)) => {
            assert_eq!(why, store::Unreadable::NoSchema)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(store::quarantined().len(), 1);
}

#[wasm_bindgen_test]
fn language_choice_is_remembered() {
    ls().clear().unwrap();
    store::save_lang("de");
    assert_eq!(store::load_lang().as_deref(), Some("de"));
    assert_eq!(
        spielblock::platform::lang::initial_locale(),
        spielblock::i18n::Locale::de
    );
    store::save_lang("en");
    assert_eq!(
        spielblock::platform::lang::initial_locale(),
        spielblock::i18n::Locale::en
    );
    // Stored as older builds stored it (a JSON string) and read without a
    // JSON parser (issue 42): anything else, from an old build or a
    // restored file, is ignored and the browser's language holds.
    assert_eq!(
        ls().get_item(store::LANG_KEY).unwrap().as_deref(),
        Some("\"en\"")
    );
    ls().set_item(store::LANG_KEY, "\"de\"").unwrap();
    assert_eq!(store::load_lang().as_deref(), Some("de"));
    for junk in ["de", "\"d\\\"e\"", "{\"lang\":\"de\"}", "\"", ""] {
        ls().set_item(store::LANG_KEY, junk).unwrap();
        assert_eq!(store::load_lang(), None, "{junk}");
    }
}

fn mount_app() -> web_sys::HtmlElement {
    let doc = document();
    let root: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), spielblock::app::App);
    handle.forget();
    root
}

fn go(path: &str) {
    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(path))
        .unwrap();
}

#[wasm_bindgen_test]
async fn die_faces_have_the_right_pips() {
    let doc = document();
    let root: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), || {
        view! {
            <spielblock::i18n::I18nContextProvider>
                {(1..=6u8).map(|f| view! { <spielblock::table::dice::DieFace face=f/> }).collect_view()}
            </spielblock::i18n::I18nContextProvider>
        }
    });
    tick(0).await;
    let dice = root.query_selector_all("svg.die").unwrap();
    assert_eq!(dice.length(), 6);
    for i in 0..6u32 {
        let die: web_sys::Element = dice.get(i).unwrap().unchecked_into();
        assert_eq!(
            die.query_selector_all("circle.pip").unwrap().length(),
            i + 1
        );
        assert!(die
            .get_attribute("aria-label")
            .unwrap()
            .contains(&(i + 1).to_string()));
    }
    drop(handle);
    root.remove();
}

#[wasm_bindgen_test]
async fn home_lists_every_game_the_rules_know_and_nothing_else() {
    // Issue 24 (5): the old test counted cards against the app's own list
    // and skipped Minesweeper. The rules crate's list is the other side:
    // every game there has a card that leads to its setup, under its name,
    // and no card names a game the rules do not know.
    ls().clear().unwrap();
    go("/");
    let root = mount_app();
    tick(20).await;
    let known = rules::registry::ids();
    // As many as games.txt lists (a sixth game is one more line there).
    assert!(!known.is_empty(), "the rules list no game");
    assert_eq!(
        known.len(),
        spielblock::games::registry().len(),
        "{known:?}"
    );
    let cards = root.query_selector_all(".game-card").unwrap();
    let shown: Vec<String> = (0..cards.length())
        .map(|i| {
            let card: web_sys::Element = cards.get(i).unwrap().unchecked_into();
            card.get_attribute("data-game").unwrap_or_default()
        })
        .collect();
    let mut sorted_shown = shown.clone();
    sorted_shown.sort();
    let mut sorted_known: Vec<String> = known.iter().map(|s| s.to_string()).collect();
    sorted_known.sort();
    assert_eq!(sorted_shown, sorted_known);
    for id in known {
        let link = root
            .query_selector(&format!("[data-game={id}] a"))
            .unwrap()
            .unwrap_or_else(|| panic!("{id}: a link"));
        assert!(
            link.get_attribute("href")
                .is_some_and(|h| h.ends_with(&format!("/new/{id}"))),
            "{id}: leads to its setup"
        );
        let entry = spielblock::games::find(id).unwrap_or_else(|| panic!("{id}: in the app"));
        let card = root
            .query_selector(&format!("[data-game={id}]"))
            .unwrap()
            .unwrap();
        let name = (entry.name)(spielblock::i18n::Locale::en);
        assert!(
            card.text_content().unwrap_or_default().contains(&name),
            "{id}: named {name}"
        );
    }
    root.remove();
}

fn input(el: &web_sys::Element, value: &str) {
    let i: &web_sys::HtmlInputElement = el.unchecked_ref();
    i.set_value(value);
    i.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
}

#[wasm_bindgen_test]
async fn the_start_balance_option_goes_from_setup_to_the_table() {
    ls().clear().unwrap();
    store::save_lang("en");
    go("/new/en-gingg");
    let root = mount_app();
    tick(20).await;
    let field = root
        .query_selector("[data-option=start_balance]")
        .unwrap()
        .expect("the option is offered");
    assert_eq!(
        field.unchecked_ref::<web_sys::HtmlInputElement>().value(),
        "37"
    );
    // Out of range: refused with the option's name, nothing saved.
    input(&field, "5");
    let submit: web_sys::HtmlElement = root
        .query_selector("button[type=submit]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    submit.click();
    tick(20).await;
    let alert = root.query_selector("[role=alert]").unwrap().unwrap();
    assert_eq!(
        alert.text_content().unwrap(),
        "Starting balance must be from 10 to 99."
    );
    assert!(store::list_games().is_empty());
    input(&field, "20");
    submit.click();
    tick(50).await;
    let games = store::list_games();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].record["options"]["start_balance"], 20);
    root.remove();
    go(&format!("/play/{}", games[0].id));
    let root = mount_app();
    tick(20).await;
    let balances: Vec<String> = (0..3)
        .map(|i| {
            root.query_selector_all("[data-testid=balance]")
                .unwrap()
                .get(i)
                .unwrap()
                .text_content()
                .unwrap()
        })
        .collect();
    assert_eq!(balances, vec!["20", "20", "20"]);
    root.remove();
}

#[wasm_bindgen_test]
async fn a_german_player_reads_why_a_game_cannot_be_opened_in_german() {
    ls().clear().unwrap();
    store::save_lang("de");
    let mut g = sample("de-bad");
    g.record["moves"] = serde_json::json!([{"seat":0,"action":{"set_aside":[0]}}]);
    store::save_game(&g).unwrap();
    go("/play/de-bad");
    let root = mount_app();
    tick(20).await;
    let text = root
        .query_selector("[role=alert]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert_eq!(
        text,
        "Diese gespeicherte Partie kann nicht gelesen werden (Zug 1 ist nicht erlaubt: \
         Es liegt kein Wurf da, aus dem du Würfel beiseitelegen kannst.). \
         Sie wurde unverändert beiseitegelegt."
    );
    store::save_lang("en");
    root.remove();
}

#[wasm_bindgen_test]
async fn every_action_is_saved_at_once_and_survives_a_remount() {
    ls().clear().unwrap();
    let entry = spielblock::games::find("en-gingg").unwrap();
    let id = spielblock::play::newgame::create_game(
        &entry,
        seats(&[rules::SeatKind::Human, rules::SeatKind::Human]),
        &serde_json::json!({}),
        42,
        false,
        false,
    )
    .unwrap();
    go(&format!("/play/{id}"));
    let root = mount_app();
    tick(20).await;
    let roll: web_sys::HtmlElement = root
        .query_selector("[data-testid=roll]")
        .unwrap()
        .expect("a roll button")
        .unchecked_into();
    roll.click();
    // Written as the only writer among tabs: a few ms, more on the very
    // first write of a page (IndexedDB opens).
    assert_eq!(stored_moves(&id, 1).await, 1, "the roll is saved at once");
    let faces: Vec<String> = (0..6)
        .map(|i| {
            let d: web_sys::Element = root
                .query_selector_all("[data-testid=die]")
                .unwrap()
                .get(i)
                .unwrap()
                .unchecked_into();
            d.get_attribute("data-face").unwrap()
        })
        .collect();
    // Tap one die and set it aside.
    let die: web_sys::HtmlElement = root
        .query_selector("[data-testid=die]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    die.click();
    tick(10).await;
    assert_eq!(die.get_attribute("aria-pressed").as_deref(), Some("true"));
    let set: web_sys::HtmlElement = root
        .query_selector("[data-testid=set-aside]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    set.click();
    assert_eq!(stored_moves(&id, 2).await, 2);
    root.remove();

    // A fresh mount (a reload) shows the same state: one die kept, same face.
    let root = mount_app();
    tick(20).await;
    let kept = root.query_selector_all(".dice-row.kept svg.die").unwrap();
    assert_eq!(kept.length(), 1);
    let kept_face = kept
        .get(0)
        .unwrap()
        .unchecked_into::<web_sys::Element>()
        .get_attribute("data-face")
        .unwrap();
    assert_eq!(kept_face, faces[0]);
    root.remove();
}

#[wasm_bindgen_test]
async fn a_broken_saved_game_shows_a_message_not_a_blank_page() {
    ls().clear().unwrap();
    // Readable JSON, but its moves are illegal: the replay fails.
    let mut g = sample("bad-moves");
    g.record["moves"] = serde_json::json!([{"seat":0,"action":{"set_aside":[0]}}]);
    store::save_game(&g).unwrap();
    go("/play/bad-moves");
    let root = mount_app();
    tick(20).await;
    let alert = root
        .query_selector("[role=alert]")
        .unwrap()
        .expect("a message");
    assert!(
        alert.text_content().unwrap().contains("kept aside"),
        "{:?}",
        alert.text_content()
    );
    assert_eq!(store::quarantined().len(), 1);
    root.remove();
}

#[wasm_bindgen_test]
fn the_recovery_screen_offers_reload_and_home_in_both_languages() {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    spielblock::play::recovery::render_recovery(&root);
    let text = root.text_content().unwrap();
    assert!(text.contains("Something went wrong") && text.contains("Etwas ist schiefgelaufen"));
    assert!(text.contains("saved") && text.contains("gespeichert"));
    let reload = root
        .query_selector("#recovery-reload")
        .unwrap()
        .expect("a reload button");
    assert!(reload
        .dyn_ref::<web_sys::HtmlElement>()
        .unwrap()
        .onclick()
        .is_some());
    assert!(root.query_selector("#recovery-home").unwrap().is_some());
    root.remove();
}

fn finished(
    id: &str,
    game: &str,
    updated: f64,
    seats: &[(&str, bool)],
    scores: &[i64],
) -> SavedGame {
    let seats: Vec<rules::SeatInfo> = seats
        .iter()
        .map(|&(name, human)| rules::SeatInfo {
            kind: if human {
                rules::SeatKind::Human
            } else {
                rules::SeatKind::Computer
            },
            level: rules::Level::Casual,
            ..rules::SeatInfo::human(name)
        })
        .collect();
    // Places as the game ranks them: Gnoming's lowest total first.
    let keys: Vec<i64> = scores
        .iter()
        .map(|&s| if game == "gnoming" { -s } else { s })
        .collect();
    SavedGame {
        id: id.into(),
        game: game.into(),
        updated,
        finished: true,
        outcome: Some(rules::Outcome {
            // R-CH-7: alone, a negative CHOICE result is a defeat.
            lost: if game == "choice" && scores.len() == 1 && scores[0] < 0 {
                vec![0]
            } else {
                Vec::new()
            },
            scores: scores.to_vec(),
            places: rules::contract::rank_by_key(&keys),
        }),
        record: serde_json::json!({"game": game, "seed": 1, "seats": seats, "moves": []}),
        ..sample(id)
    }
}

#[wasm_bindgen_test]
fn statistics_count_wins_and_take_best_and_worst_the_games_way() {
    use spielblock::screens::history::{finished_games, stats};
    ls().clear().unwrap();
    for g in [
        finished(
            "g1",
            "gnoming",
            10.0,
            &[("Anna", true), ("Ben", true)],
            &[12, 30],
        ),
        finished(
            "g2",
            "gnoming",
            20.0,
            &[("Anna", true), ("Ben", true)],
            &[25, 25],
        ),
        finished(
            "g3",
            "gnoming",
            30.0,
            &[("Anna", true), ("Comp", false)],
            &[-4, 8],
        ),
        finished("c1", "choice", 40.0, &[("Anna", true)], &[150]),
        finished("c2", "choice", 50.0, &[("Anna", true)], &[-80]),
    ] {
        store::save_game(&g).unwrap();
    }
    // An unfinished game is no part of the history.
    store::save_game(&sample("open")).unwrap();
    let games = finished_games();
    assert_eq!(
        games.iter().map(|f| f.id.as_str()).collect::<Vec<_>>(),
        ["c2", "c1", "g3", "g2", "g1"],
        "newest first"
    );
    let s = stats(&games, &["choice", "gnoming"], |g| g == "gnoming");
    let line = |game: &str, name: &str| {
        s.iter()
            .find(|x| x.game == game && x.name == name)
            .unwrap()
            .clone()
    };
    assert_eq!(s.len(), 3, "computer seats have no statistics: {s:?}");
    let anna = line("gnoming", "Anna");
    // A shared first place (25 = 25) counts as a win; in Gnoming the lowest
    // total is best.
    assert_eq!(
        (anna.played, anna.wins, anna.best, anna.worst),
        (3, 3, -4, 25)
    );
    assert_eq!((anna.win_rate(), anna.mean()), (100, "11.0".to_string()));
    // Against the casual computer once, ahead of it; never against a strong one.
    assert_eq!(anna.vs, [(1, 1), (0, 0), (0, 0)]);
    let ben = line("gnoming", "Ben");
    assert_eq!((ben.played, ben.wins, ben.best, ben.worst), (2, 1, 25, 30));
    assert_eq!((ben.win_rate(), ben.mean()), (50, "27.5".to_string()));
    let solo = line("choice", "Anna");
    assert_eq!(
        (solo.best, solo.worst, solo.mean()),
        (150, -80, "35.0".to_string())
    );
    // Game order as asked, then names.
    assert_eq!(
        s.iter()
            .map(|x| (x.game.as_str(), x.name.as_str()))
            .collect::<Vec<_>>(),
        [("choice", "Anna"), ("gnoming", "Anna"), ("gnoming", "Ben")]
    );
}

#[wasm_bindgen_test]
fn a_seat_switched_mid_game_and_a_name_on_two_seats_count_honestly() {
    // Issue 21 (9): switching a computer seat to human and back counted as
    // a game against that computer; two seats named "Ana" as two games.
    use spielblock::screens::history::{finished_games, stats};
    ls().clear().unwrap();
    let mut switched = finished(
        "w1",
        "choice",
        1.0,
        &[("Ana", true), ("Robo", false)],
        &[300, 100],
    );
    switched.record["seats"][1]["level"] = "strong".into();
    switched.record["seats"][1]["switched"] = true.into();
    let mut kept = finished(
        "w2",
        "choice",
        2.0,
        &[("Ana", true), ("Robo", false)],
        &[300, 100],
    );
    kept.record["seats"][1]["level"] = "strong".into();
    let twins = finished(
        "w3",
        "choice",
        3.0,
        &[("Ana", true), ("Ana", true)],
        &[50, 200],
    );
    for g in [&switched, &kept, &twins] {
        store::save_game(g).unwrap();
    }
    let s = stats(&finished_games(), &["choice"], |_| false);
    let ana = s.iter().find(|x| x.name == "Ana").unwrap();
    assert_eq!(ana.played, 3, "the game with two Anas counts once");
    assert_eq!(ana.best, 300);
    assert_eq!(ana.wins, 3, "with the better-placed of her two seats");
    assert_eq!(ana.vs[1], (1, 1), "only the game Robo played start to end");
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn means_and_win_rates_round_like_a_person_would() {
    let s = |played, wins, sum| spielblock::screens::history::Stats {
        played,
        contests: played,
        wins,
        sum,
        ..Default::default()
    };
    assert_eq!(s(3, 1, 10).mean(), "3.3");
    assert_eq!(s(3, 2, 20).mean(), "6.7");
    assert_eq!(s(3, 2, -20).mean(), "−6.7");
    assert_eq!(s(2, 0, -7).mean(), "−3.5");
    assert_eq!(s(4, 0, -1).mean(), "−0.3");
    assert_eq!(s(3, 1, 10).win_rate(), 33);
    assert_eq!(s(3, 2, 10).win_rate(), 67);
    assert_eq!(s(8, 1, 10).win_rate(), 13);
    // Solo games are no contest (issue 40): no win rate from them, and the
    // mean in the language's decimal mark.
    let solo = spielblock::screens::history::Stats {
        contests: 0,
        ..s(4, 0, -1481)
    };
    assert_eq!(solo.win_rate(), 0);
    let l = spielblock::i18n::Locale::de;
    assert_eq!(solo.mean_in(l), "−370,3");
    assert_eq!(solo.mean_in(spielblock::i18n::Locale::en), "−370.3");
}

#[wasm_bindgen_test]
async fn the_history_lists_finished_games_and_filters_them() {
    ls().clear().unwrap();
    for g in [
        finished(
            "g1",
            "gnoming",
            10.0,
            &[("Anna", true), ("Ben", true)],
            &[12, 30],
        ),
        finished(
            "c1",
            "choice",
            40.0,
            &[("Cleo", true), ("Comp", false)],
            &[150, 90],
        ),
    ] {
        store::save_game(&g).unwrap();
    }
    go("/");
    let root = mount_app();
    tick(20).await;
    let link = root.query_selector(".history-link a").unwrap().unwrap();
    assert!(link.text_content().unwrap().contains("2 finished"));
    go("/history");
    let root = mount_app();
    tick(20).await;
    let items = || {
        root.query_selector_all("[data-testid=finished-game]")
            .unwrap()
            .length()
    };
    assert_eq!(items(), 2);
    let first = root
        .query_selector("[data-testid=finished-game]")
        .unwrap()
        .unwrap();
    let text = first.text_content().unwrap();
    assert!(
        text.contains("1. Cleo: 150") && text.contains("2. Comp (Computer, Casual): 90"),
        "{text}"
    );
    let select = root
        .query_selector("[data-testid=filter-player]")
        .unwrap()
        .unwrap()
        .dyn_into::<web_sys::HtmlSelectElement>()
        .unwrap();
    // Computers are no players to filter by.
    assert_eq!(select.length(), 4, "All, Anna, Ben, Cleo");
    select.set_value("Ben");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    tick(20).await;
    assert_eq!(items(), 1);
    let stats = root.query_selector_all("[data-testid=stats-row]").unwrap();
    assert_eq!(stats.length(), 1);
    let line = stats.get(0).unwrap().text_content().unwrap();
    assert!(
        line.contains("Ben")
            && line.contains("1 played")
            && line.contains("0 won (0 %)")
            && line.contains("best 30"),
        "{line}"
    );
    ls().clear().unwrap();
    go("/history");
    let root = mount_app();
    tick(20).await;
    assert!(root
        .query_selector("[data-testid=history-empty]")
        .unwrap()
        .is_some());
}

#[wasm_bindgen_test]
fn a_broken_truncated_foreign_hostile_or_oversized_backup_is_refused_and_changes_nothing() {
    use spielblock::screens::backup::{plan, BackupError, MAX_BYTES};
    ls().clear().unwrap();
    store::save_game(&sample("here")).unwrap();
    store::save_game(&finished("done", "choice", 5.0, &[("Anna", true)], &[40])).unwrap();
    let file = store::export_all();
    let items = || {
        serde_json::from_str::<serde_json::Value>(&store::export_all()).unwrap()["items"].clone()
    };
    let before = items();
    let refused = |text: &str| plan(text).unwrap_err();
    assert_eq!(
        refused(&file[..file.len() / 2]),
        BackupError::NotJson,
        "truncated"
    );
    assert_eq!(refused("PK\u{3}\u{4} not json"), BackupError::NotJson);
    assert_eq!(refused("{\"foo\": 1}"), BackupError::Foreign);
    assert_eq!(refused("[1, 2, 3]"), BackupError::Foreign);
    assert_eq!(
        refused("{\"app\": \"other\", \"items\": {}}"),
        BackupError::Foreign
    );
    assert_eq!(
        refused(&"x".repeat(MAX_BYTES + 1)),
        BackupError::TooLarge {
            bytes: MAX_BYTES + 1
        }
    );
    let with = |key: &str, value: serde_json::Value| {
        serde_json::json!({"app": "spielblock", "items": {key: value}}).to_string()
    };
    assert!(matches!(
        refused(&with("__proto__", "x".into())),
        BackupError::BadItem { .. }
    ));
    assert!(matches!(
        refused(&with("other.site.key", "x".into())),
        BackupError::BadItem { .. }
    ));
    assert!(matches!(
        refused(&with(
            "spielblock.settings",
            serde_json::json!({"vibrate": true})
        )),
        BackupError::BadItem { .. }
    ));
    assert!(matches!(
        refused(&with("spielblock.v1.game.x", "{not json".into())),
        BackupError::BadGame {
            why: store::Unreadable::NotJson,
            ..
        }
    ));
    let other_id = serde_json::to_string(&sample("y")).unwrap();
    assert!(matches!(
        refused(&with("spielblock.v1.game.x", other_id.into())),
        BackupError::BadGame {
            why: store::Unreadable::IdMismatch,
            ..
        }
    ));
    let newer = serde_json::to_string(&SavedGame {
        schema: 99,
        ..sample("x")
    })
    .unwrap();
    assert!(matches!(
        refused(&with("spielblock.v1.game.x", newer.into())),
        BackupError::BadGame {
            why: store::Unreadable::Newer(99),
            ..
        }
    ));
    // Every refusal reads in both languages.
    for e in [
        BackupError::NotJson,
        BackupError::Foreign,
        BackupError::TooLarge { bytes: 9_000_000 },
    ] {
        for l in [spielblock::i18n::Locale::en, spielblock::i18n::Locale::de] {
            assert!(e.text().get(l).len() > 20);
        }
    }
    assert_eq!(items(), before, "nothing changed");
}

#[wasm_bindgen_test]
fn restoring_adds_new_games_ignores_records_and_is_idempotent() {
    use spielblock::screens::backup::{apply, plan};
    ls().clear().unwrap();
    // The file: A with 2 moves, B with 5, C finished, a made-up record and
    // day's best, and settings.
    let a = with_moves("a", &[1, 2]);
    let b = with_moves("b", &[1, 2, 3, 4, 5]);
    let c = finished("c", "choice", 9.0, &[("Anna", true)], &[55]);
    for g in [&a, &b, &c] {
        store::save_game(g).unwrap();
    }
    store::save_settings(store::Settings {
        vibrate: false,
        ..Default::default()
    });
    let mut file: serde_json::Value = serde_json::from_str(&store::export_all()).unwrap();
    // Issue 21 (5): a backup's records were written unchecked.
    file["items"]["spielblock.record.choice"] = "[[\"Anna\",99999,\"2020-01-01\"]]".into();
    file["items"]["spielblock.daily.choice.2026-11-22"] = "[[\"Anna\",99999]]".into();
    let file = file.to_string();
    // This browser: A played on to 3 moves, B only its first, its own settings.
    ls().clear().unwrap();
    store::save_game(&with_moves("a", &[1, 2, 3])).unwrap();
    store::save_game(&with_moves("b", &[1])).unwrap();
    store::save_settings(store::Settings {
        vibrate: true,
        ..Default::default()
    });
    let p = plan(&file).unwrap();
    let ids = |v: &[SavedGame]| v.iter().map(|g| g.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&p.new_games), ["c"]);
    assert_eq!(ids(&p.longer_games), ["b"]);
    assert_eq!(p.same_games, 1, "A here has more moves than the file's");
    assert_eq!(p.ignored_records, 2);
    assert!(p.new_items.is_empty());
    assert_eq!(p.kept_items, 1, "the settings here stay");
    apply(&p).unwrap();
    let games = store::list_games();
    assert_eq!(games.len(), 3);
    let get = |id: &str| games.iter().find(|g| g.id == id).unwrap().clone();
    assert_eq!(get("a").move_count(), 3, "kept the longer game here");
    assert_eq!(get("b").move_count(), 5);
    assert_eq!(get("c"), c);
    // Written as the file has it, byte for byte.
    let in_file: serde_json::Value = serde_json::from_str(&file).unwrap();
    assert_eq!(
        ls().get_item("spielblock.v1.game.c").unwrap().as_deref(),
        in_file["items"]["spielblock.v1.game.c"].as_str()
    );
    assert!(store::load_settings().vibrate, "settings here stay");
    assert_eq!(ls().get_item("spielblock.record.choice").unwrap(), None);
    let played = store::Played::of_game("choice");
    assert_eq!(
        store::solo_record(&played, "Anna", false).map(|r| r.0),
        Some(55),
        "the record is what the game scored"
    );
    // The same file again adds nothing.
    let again = plan(&file).unwrap();
    assert!(again.is_empty(), "{again:?}");
    assert_eq!(again.same_games, 3);
    // Ids that would break a link or a key are refused (nothing written).
    for bad in ["a/b", "", "x#y", &"z".repeat(65)] {
        let text = serde_json::json!({"app": "spielblock", "items": {
            format!("spielblock.v1.game.{bad}"): serde_json::to_string(&SavedGame { id: bad.to_string(), ..sample("x") }).unwrap(),
        }})
        .to_string();
        assert!(
            matches!(
                plan(&text),
                Err(spielblock::screens::backup::BackupError::BadGame {
                    why: store::Unreadable::BadId,
                    ..
                })
            ),
            "{bad:?}"
        );
    }
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn a_restore_that_does_not_fit_is_undone_entirely() {
    use spielblock::screens::backup::{apply, plan};
    ls().clear().unwrap();
    let games: Vec<SavedGame> = (0..3).map(|i| sample(&format!("g{i}"))).collect();
    for g in &games {
        store::save_game(g).unwrap();
    }
    let file = store::export_all();
    ls().clear().unwrap();
    store::save_game(&SavedGame {
        revision: 0,
        ..sample("g0")
    })
    .unwrap();
    // Fill the storage so that one more game fits, not two.
    let game_size = serde_json::to_string(&games[0]).unwrap().len();
    ls().set_item("room", &"x".repeat(game_size + 200)).unwrap();
    let mut n = 0;
    let mut size = 256 * 1024;
    while size > 0 {
        while ls()
            .set_item(&format!("filler{n}"), &"x".repeat(size))
            .is_ok()
        {
            n += 1;
        }
        size /= 2;
    }
    ls().remove_item("room").unwrap();
    let p = plan(&file).unwrap();
    assert_eq!(p.new_games.len(), 2);
    let before: Vec<String> = store::list_games().iter().map(|g| g.id.clone()).collect();
    assert_eq!(apply(&p), Err(store::SaveError::Refused));
    let after: Vec<String> = store::list_games().iter().map(|g| g.id.clone()).collect();
    assert_eq!(after, before, "nothing of the file was kept");
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn records_keep_the_first_best_the_biggest_win_and_the_longest_game() {
    use spielblock::contract::RecordKind;
    use spielblock::screens::history::{finished_games, records, RecordRule};
    ls().clear().unwrap();
    let with = |g: SavedGame, turn: u32, daily: bool| SavedGame {
        turn,
        daily: daily.then(|| "2026-11-20".to_string()),
        ..g
    };
    for g in [
        with(
            finished(
                "m1",
                "mindgolf",
                10.0,
                &[("Anna", true), ("Ben", true)],
                &[50, 70],
            ),
            9,
            false,
        ),
        with(
            finished(
                "m2",
                "mindgolf",
                20.0,
                &[("Anna", true), ("Comp", false)],
                &[70, 99],
            ),
            9,
            false,
        ),
        with(
            finished("m3", "mindgolf", 30.0, &[("Ben", true)], &[40]),
            9,
            true,
        ),
        with(
            finished(
                "s1",
                "minesweeper",
                10.0,
                &[("Anna", true), ("Ben", true)],
                &[30, 10],
            ),
            1,
            false,
        ),
        with(
            finished(
                "s2",
                "minesweeper",
                20.0,
                &[("Comp", false), ("Anna", true)],
                &[50, 0],
            ),
            1,
            false,
        ),
        with(
            finished(
                "s3",
                "minesweeper",
                30.0,
                &[("Ben", true), ("Anna", true)],
                &[25, 0],
            ),
            1,
            false,
        ),
        with(
            finished(
                "g1",
                "gnoming",
                10.0,
                &[("Anna", true), ("Ben", true)],
                &[12, 30],
            ),
            3,
            false,
        ),
        with(
            finished(
                "g2",
                "gnoming",
                20.0,
                &[("Cleo", true), ("Ben", true)],
                &[-4, 30],
            ),
            3,
            false,
        ),
        with(
            finished(
                "e1",
                "en-gingg",
                10.0,
                &[("Anna", true), ("Ben", true)],
                &[5, -1],
            ),
            7,
            false,
        ),
        with(
            finished(
                "e2",
                "en-gingg",
                20.0,
                &[("Anna", true), ("Comp", false)],
                &[3, -2],
            ),
            12,
            false,
        ),
    ] {
        store::save_game(&g).unwrap();
    }
    let order = ["mindgolf", "minesweeper", "gnoming", "en-gingg"];
    let r = records(&finished_games(), &order, |g| RecordRule {
        kind: match g {
            "minesweeper" => RecordKind::Margin,
            "en-gingg" => RecordKind::Longest,
            _ => RecordKind::BestScore,
        },
        lowest_wins: g == "gnoming",
        daily: g == "mindgolf",
    });
    let got: Vec<(&str, bool, i64, String)> = r
        .iter()
        .map(|x| (x.game.as_str(), x.daily, x.value, x.names.join("+")))
        .collect();
    assert_eq!(
        got,
        [
            // Anna's later 70 ties Ben's: the first keeps it; the computer's 99 is no record.
            ("mindgolf", false, 70, "Ben".to_string()),
            ("mindgolf", true, 40, "Ben".to_string()),
            // The computer's win by 50 is no record.
            ("minesweeper", false, 25, "Ben".to_string()),
            // Lowest wins.
            ("gnoming", false, -4, "Cleo".to_string()),
            ("en-gingg", false, 12, "Anna".to_string()),
        ]
    );
    assert_eq!(r[0].when, 10.0);
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn a_players_scores_are_drawn_as_a_line_with_their_range() {
    let svg = spielblock::screens::history::chart_svg(&[12, -4, 30], "Anna's <scores>");
    assert_eq!(svg.matches("<circle").count(), 3);
    assert!(
        svg.contains(">30</text>") && svg.contains(">−4</text>"),
        "{svg}"
    );
    assert!(
        svg.contains("aria-label=\"Anna&#39;s &lt;scores&gt;\""),
        "{svg}"
    );
    // Oldest at the left, the highest score at the top.
    assert!(svg.contains("points=\"36,"), "{svg}");
    assert!(
        svg.contains(" 292,8\""),
        "the last, 30, is at the top right: {svg}"
    );
}

/// A finished game of `G` played by the computer from `seed`, saved as the
/// app saves it.
fn played<G: rules::Playable>(id: &str, seats: usize, seed: u64) -> SavedGame {
    let policies = vec![rules::driver::Policy::Level(rules::Level::Strong); seats];
    let m = rules::driver::play_to_end::<G>(
        &policies,
        &G::Options::default(),
        seed,
        seed,
        100_000,
        rules::driver::Check::None,
    )
    .unwrap();
    SavedGame {
        game: G::ID.into(),
        finished: true,
        outcome: m.state().outcome(),
        record: serde_json::to_value(m.record()).unwrap(),
        ..sample(id)
    }
}

#[wasm_bindgen_test]
async fn a_replay_steps_through_every_move_with_hidden_facts_open_only_there() {
    let saved = played::<rules::gnoming::Gnoming>("gn", 2, 5);
    spielblock::games::load(&["gnoming".to_string()])
        .await
        .unwrap();
    let entry = spielblock::games::find("gnoming").unwrap();
    let live = (entry.open)(saved.record.clone()).unwrap();
    let n = live.moves();
    assert!(n > 20);
    let record: rules::Record<rules::gnoming::Gnoming> =
        serde_json::from_value(saved.record.clone()).unwrap();
    let m = rules::Match::replay(record.clone()).unwrap();
    let frame = |k: usize, replay: bool| spielblock::contract::Viewpoint {
        seat: None,
        epoch: live.epoch(),
        moves: k,
        replay,
    };
    // Forward, back and jumps: each step equals a replay from the seed.
    for k in [0, 1, n / 2, 3, n, n - 1, 9, 8, 17, n + 5] {
        let shown = spielblock::contract::seen(&m, frame(k, true));
        let said = live.replay_caption(k);
        assert!(shown.legal.is_empty(), "nothing to act on in a replay");
        let fresh = rules::Match::replay_prefix(record.clone(), k).unwrap();
        assert_eq!(
            shown.view,
            rules::Game::open_view(fresh.state()),
            "move {k}"
        );
        // The open view names every face-down card; play's views name none.
        assert_eq!(shown.view.face_down.len(), 2);
        assert_eq!(shown.log.len(), k.min(n));
        for l in [spielblock::i18n::Locale::en, spielblock::i18n::Locale::de] {
            assert_eq!(said.get(l).is_empty(), k == 0, "move {k} in words");
        }
    }
    let start = spielblock::contract::seen(&m, frame(0, true));
    assert!(
        start.view.face_down.iter().flatten().all(Option::is_some),
        "the deal lies face down, open"
    );
    let now = spielblock::contract::seen(&m, frame(n, false));
    assert!(now.view.face_down.is_empty() && now.view.next_draw.is_none());
}

#[wasm_bindgen_test]
fn a_shared_game_file_holds_one_finished_game_and_anything_else_is_refused() {
    use spielblock::screens::replay::{parse_shared, share_text, ShareError};
    use spielblock::store::Unreadable;
    ls().clear().unwrap();
    let saved = played::<rules::choice::Choice>("ch", 1, 3);
    let text = share_text(&saved);
    assert_eq!(parse_shared(&text), Ok(saved.clone()));
    // The same file restores as a backup, adding that one game.
    let plan = spielblock::screens::backup::plan(&text).unwrap();
    assert_eq!(plan.new_games, vec![saved.clone()]);
    let file = |g: &SavedGame| {
        serde_json::json!({"app": "spielblock", "items": {g.key(): serde_json::to_string(g).unwrap()}})
            .to_string()
    };
    let unfinished = SavedGame {
        finished: false,
        ..saved.clone()
    };
    let mut newer = serde_json::to_value(&saved).unwrap();
    newer["schema"] = 99.into();
    let two = serde_json::json!({"app": "spielblock", "items": {
        "spielblock.v1.game.a": serde_json::to_string(&SavedGame { id: "a".into(), ..saved.clone() }).unwrap(),
        "spielblock.v1.game.b": serde_json::to_string(&SavedGame { id: "b".into(), ..saved.clone() }).unwrap(),
    }});
    let cases: Vec<(String, ShareError)> = vec![
        (text[..text.len() / 2].to_string(), ShareError::NotJson),
        (
            format!("{{\"pad\": \"{}\"}}", "x".repeat(spielblock::screens::backup::MAX_BYTES)),
            ShareError::TooLarge,
        ),
        (r#"{"app": "other", "items": {}}"#.into(), ShareError::Foreign),
        (two.to_string(), ShareError::Backup),
        (
            r#"{"app": "spielblock", "items": {"spielblock.lang": "\"de\""}}"#.into(),
            ShareError::NoGame,
        ),
        (file(&unfinished), ShareError::NotFinished),
        (
            serde_json::json!({"app": "spielblock", "items": {"spielblock.v1.game.zz": serde_json::to_string(&saved).unwrap()}}).to_string(),
            ShareError::BadGame(Unreadable::IdMismatch),
        ),
        (
            serde_json::json!({"app": "spielblock", "items": {saved.key(): 5}}).to_string(),
            ShareError::BadGame(Unreadable::NotASavedGame),
        ),
        (
            serde_json::json!({"app": "spielblock", "items": {saved.key(): newer.to_string()}}).to_string(),
            ShareError::BadGame(Unreadable::Newer(99)),
        ),
    ];
    for (text, why) in cases {
        let got = parse_shared(&text);
        assert_eq!(got, Err(why.clone()));
        for l in [spielblock::i18n::Locale::en, spielblock::i18n::Locale::de] {
            assert!(!why.text().get(l).is_empty());
        }
    }
    // Reading a file writes nothing.
    assert_eq!(ls().length().unwrap(), 0);
}

#[wasm_bindgen_test]
fn trimming_deletes_the_oldest_finished_games_only() {
    ls().clear().unwrap();
    for i in 0..5 {
        store::save_game(&finished(
            &format!("f{i}"),
            "choice",
            100.0 + i as f64,
            &[("Anna", true)],
            &[i],
        ))
        .unwrap();
    }
    // An unfinished game older than all of them stays.
    store::save_game(&SavedGame {
        updated: 1.0,
        ..sample("open")
    })
    .unwrap();
    assert_eq!(store::delete_oldest_finished(3), 3);
    let mut left: Vec<String> = store::list_games().into_iter().map(|g| g.id).collect();
    left.sort();
    assert_eq!(left, ["f3", "f4", "open"]);
    assert_eq!(store::delete_oldest_finished(10), 2);
    assert_eq!(store::delete_oldest_finished(10), 0);
    assert_eq!(store::list_games().len(), 1);
}

#[wasm_bindgen_test]
async fn a_files_outcome_daily_date_and_times_yield_to_what_its_moves_make() {
    ls().clear().unwrap();
    spielblock::games::load(&["choice".to_string()])
        .await
        .unwrap();
    let real = played::<rules::choice::Choice>("x", 1, 3);
    let forged = SavedGame {
        outcome: Some(rules::Outcome {
            lost: Vec::new(),
            scores: vec![9999],
            places: vec![1],
        }),
        turn: 99,
        daily: Some("2026-01-01".into()),
        created: 4e15,
        updated: 3e15,
        ..real.clone()
    };
    // Restored as a backup: the replay's outcome, no daily date (the seed is
    // not that day's), times no later than now.
    let file = serde_json::json!({"app": "spielblock", "items": {
        forged.key(): serde_json::to_string(&forged).unwrap(),
    }})
    .to_string();
    let plan = spielblock::screens::backup::check(file).await.unwrap();
    let g = &plan.new_games[0];
    assert_eq!(g.outcome, real.outcome);
    assert!(g.finished);
    assert_ne!(g.turn, 99);
    assert_eq!(g.daily, None);
    assert!(g.updated <= store::now() && g.created <= g.updated);
    spielblock::screens::backup::apply(&plan).unwrap();
    assert_eq!(store::load_game("x").unwrap().outcome, real.outcome);
    // Opened as a shared game: the same.
    let shared = spielblock::screens::replay::share_text(&SavedGame {
        id: "y".into(),
        ..forged.clone()
    });
    let mut opened = spielblock::screens::replay::parse_shared(&shared).unwrap();
    let entry = spielblock::games::find("choice").unwrap();
    let live = (entry.open)(opened.record.clone()).unwrap();
    spielblock::screens::backup::settle(&mut opened, live.as_ref());
    assert_eq!((opened.outcome, opened.daily), (real.outcome.clone(), None));
    // A true daily challenge keeps its date; an unfinished game is not finished.
    let date = "2026-01-01";
    let mut daily = SavedGame {
        daily: Some(date.into()),
        ..played::<rules::choice::Choice>("d", 1, store::daily_seed("choice", date))
    };
    let live = (entry.open)(daily.record.clone()).unwrap();
    spielblock::screens::backup::settle(&mut daily, live.as_ref());
    assert_eq!(daily.daily.as_deref(), Some(date));
    let mut open = SavedGame {
        finished: true,
        ..sample("o")
    };
    open.game = "choice".into();
    open.record = serde_json::json!({"game": "choice", "seed": 1, "seats": [{"name": "A", "kind": "human"}], "moves": []});
    let live = (entry.open)(open.record.clone()).unwrap();
    spielblock::screens::backup::settle(&mut open, live.as_ref());
    assert!(!open.finished && open.outcome.is_none());
}

/// The kind of a legal action as the record spells it: a unit variant's
/// name, or the one key of a variant with data.
fn kind_of(action: &serde_json::Value) -> String {
    match action {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Object(o) => o.keys().next().cloned().unwrap_or_default(),
        other => other.to_string(),
    }
}

/// Drives game `G`'s table over seeded positions, from the start to deep in
/// a game: every enabled control is tapped, in several passes (a pick, then
/// its confirm), and what the table sends is collected without being
/// applied. Every send must be an entry of the rules' legal list (a table
/// never offers what the rules refuse), and every kind of legal action must
/// be sent at least once over the positions (a table never hides what the
/// rules allow).
async fn table_offers_exactly_the_rules_moves<G: rules::Playable>(
    seats_n: usize,
    depths: &[usize],
    passes: usize,
    options: serde_json::Value,
) {
    let options = rules::parse_options::<G>(&options).unwrap();
    use spielblock::contract::{Pick, TableLink, Tap, Viewpoint};
    use std::sync::{Arc, Mutex};
    spielblock::games::load(&[G::ID.to_string()]).await.unwrap();
    let entry = spielblock::games::find(G::ID).unwrap();
    let mut legal_kinds = std::collections::BTreeSet::new();
    let mut sent_kinds = std::collections::BTreeSet::new();
    let mut positions = 0;
    for seed in 1..=2u64 {
        for &depth in depths {
            let players: Vec<rules::SeatInfo> = (0..seats_n)
                .map(|i| rules::SeatInfo::human(format!("P{}", i + 1)))
                .collect();
            let mut m = rules::Match::<G>::new(players, options.clone(), seed).unwrap();
            let mut rng = rules::rng::Rng::new(seed * 1000 + depth as u64);
            for _ in 0..depth {
                let Some(&seat) = m.state().to_act().first() else {
                    break;
                };
                let legal = m.state().legal_actions(seat);
                let a = legal[rng.below(legal.len() as u64) as usize].clone();
                m.apply(seat, a).unwrap();
            }
            let Some(&seat) = m.state().to_act().first() else {
                continue;
            };
            let live = (entry.open)(serde_json::to_value(m.record()).unwrap()).unwrap();
            let legal = live.legal_json(seat);
            // A big board takes long to tap through: a third of its positions.
            if legal.len() > 200 && depth % 3 != 0 {
                continue;
            }
            positions += 1;
            assert!(!legal.is_empty(), "{} seed {seed} depth {depth}", G::ID);
            legal_kinds.extend(legal.iter().map(kind_of));
            let sent: Arc<Mutex<Vec<Tap>>> = Arc::default();
            let doc = document();
            let root: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
            doc.body().unwrap().append_child(&root).unwrap();
            let moves = m.record().moves.len();
            let epoch = live.epoch();
            let live = Arc::new(live);
            let handle = {
                let (sent, live) = (sent.clone(), live.clone());
                leptos::mount::mount_to(root.clone(), move || {
                    let frame = Memo::new(move |_| Viewpoint {
                        seat: Some(seat),
                        epoch,
                        moves,
                        replay: false,
                    });
                    let names = Memo::new(move |_| {
                        (0..seats_n)
                            .map(|i| format!("P{}", i + 1))
                            .collect::<Vec<_>>()
                    });
                    let sent = sent.clone();
                    let act = Callback::new(move |s: Tap| sent.lock().unwrap().push(s));
                    let cpu = Memo::new(move |_| vec![false; seats_n]);
                    let port = TableLink {
                        frame,
                        names,
                        cpu,
                        act,
                        hold: Callback::new(|_| {}),
                    };
                    let live = live.clone();
                    view! { <spielblock::i18n::I18nContextProvider>{move || live.table(port)}</spielblock::i18n::I18nContextProvider> }
                })
            };
            tick(0).await;
            // Forward, then backward (a pick made late, its confirm early),
            // each pass ending with the primary control as it stands.
            for pass in 0..passes {
                let mut i = 0;
                loop {
                    let buttons = root.query_selector_all("button:not([disabled])").unwrap();
                    if i >= buttons.length() {
                        break;
                    }
                    let at = if pass % 2 == 0 {
                        i
                    } else {
                        buttons.length() - 1 - i
                    };
                    let b: web_sys::HtmlElement = buttons.get(at).unwrap().unchecked_into();
                    b.click();
                    tick(0).await;
                    i += 1;
                }
                if let Some(b) = root
                    .query_selector("[data-primary]:not([disabled])")
                    .unwrap()
                {
                    b.unchecked_into::<web_sys::HtmlElement>().click();
                    tick(0).await;
                }
            }
            for s in sent.lock().unwrap().iter() {
                match s {
                    Ok(Pick::Legal { moves: at, index }) => {
                        assert_eq!(*at, moves, "{}: sent for this position", G::ID);
                        let a = legal.get(*index).unwrap_or_else(|| {
                            panic!(
                                "{} seed {seed} depth {depth}: entry {index} of {} sent",
                                G::ID,
                                legal.len()
                            )
                        });
                        sent_kinds.insert(kind_of(a));
                    }
                    Ok(Pick::Faces { .. } | Pick::Computer) => panic!(
                        "{} seed {seed} depth {depth}: a table sent faces (the decision bar asks for them)",
                        G::ID
                    ),
                    Err(why) => panic!(
                        "{} seed {seed} depth {depth}: the table sent a move the rules refuse: {}",
                        G::ID,
                        why.get(spielblock::i18n::Locale::en)
                    ),
                }
            }
            drop(handle);
            root.remove();
        }
    }
    assert!(
        positions >= depths.len() / 2,
        "{}: {positions} positions",
        G::ID
    );
    assert_eq!(
        sent_kinds,
        legal_kinds,
        "{}: every kind of legal action is reachable through the table",
        G::ID
    );
}

/// Every game of the list, by its rules type.
struct TableCheck;

impl rules::registry::Visit for TableCheck {
    type Out = std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>;
    fn visit<G: rules::Playable>(self) -> Self::Out {
        // Up to three seats (hand-overs, a Hazard's flips for the others),
        // from the start to late in a game.
        Box::pin(async {
            table_offers_exactly_the_rules_moves::<G>(
                G::MAX_SEATS.min(3),
                &[
                    0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 30, 31, 32, 33, 90, 91, 92, 150,
                ],
                3,
                serde_json::json!({}),
            )
            .await;
            // With real cards the table is the round scorer.
            if G::options_spec()
                .iter()
                .any(|s| s.key == rules::chance::CARDS_OPTION)
            {
                table_offers_exactly_the_rules_moves::<G>(
                    G::MAX_SEATS.min(3),
                    &[0, 1, 4, 9, 30, 60, 61],
                    2,
                    serde_json::json!({ (rules::chance::CARDS_OPTION): true }),
                )
                .await;
            }
        })
    }
}

#[wasm_bindgen_test]
async fn every_games_table_offers_exactly_the_rules_moves() {
    for id in rules::registry::ids() {
        rules::registry::visit(id, TableCheck).unwrap().await;
    }
}

/// A new stored game of `game` with `seats` (name, human).
fn stored_new(id: &str, game: &str, seed: u64, seats: &[(&str, bool)]) -> SavedGame {
    let seats: Vec<rules::SeatInfo> = seats
        .iter()
        .map(|&(name, human)| rules::SeatInfo {
            kind: if human {
                rules::SeatKind::Human
            } else {
                rules::SeatKind::Computer
            },
            ..rules::SeatInfo::human(name)
        })
        .collect();
    let g = SavedGame {
        game: game.into(),
        record: serde_json::json!({"game": game, "seed": seed, "seats": seats, "moves": []}),
        ..sample(id)
    };
    store::save_game(&g).unwrap();
    store::load_game(id).unwrap()
}

/// Sends the legal entry of `seat` whose JSON is `action`.
fn sent(
    s: &spielblock::play::session::Session,
    seat: usize,
    action: serde_json::Value,
) -> spielblock::contract::Tap {
    let index = s
        .live()
        .legal_json(seat)
        .iter()
        .position(|a| *a == action)
        .unwrap_or_else(|| panic!("{action} is not legal"));
    Ok(spielblock::contract::Pick::Legal {
        moves: s.moves(),
        index,
    })
}

/// Writes what a session asked to write, as the host does, and every write
/// queued behind it.
async fn write(
    s: &mut spielblock::play::session::Session,
    next: Option<SavedGame>,
) -> Vec<spielblock::play::session::Written> {
    let mut out = Vec::new();
    let mut next = next;
    while let Some(g) = next.take() {
        let result = store::commit(g).await;
        let (w, again) = s.written(result);
        out.push(w);
        next = again;
    }
    out
}

/// The write a tap made (None where it made no move); a refusal or a
/// lesson's nudge fails the test.
fn moved(t: spielblock::play::session::Tapped) -> Option<SavedGame> {
    match t {
        spielblock::play::session::Tapped::Moved(next, _) => Some(next),
        spielblock::play::session::Tapped::Nothing => None,
        other => panic!("the tap was not taken: {other:?}"),
    }
}

/// A session on a new stored game of `game` (its code loaded first).
async fn new_session(
    id: &str,
    game: &str,
    seed: u64,
    seats: &[(&str, bool)],
) -> spielblock::play::session::Session {
    spielblock::games::load(&[game.to_string()]).await.unwrap();
    let entry = spielblock::games::find(game).unwrap();
    spielblock::play::session::Session::open(entry, stored_new(id, game, seed, seats)).unwrap()
}

#[wasm_bindgen_test]
async fn a_session_applies_saves_and_takes_back_without_a_page() {
    use spielblock::play::session::{Change, Written};
    ls().clear().unwrap();
    let mut s = new_session("s1", "en-gingg", 5, &[("Ana", true), ("Ben", true)]).await;
    assert_eq!(s.acting(false), Some(0));
    assert_eq!(s.acting(true), None, "the turn moment holds taps");
    // A tap for a seat that does not decide counts for nothing.
    let roll = sent(&s, 0, serde_json::json!("roll"));
    assert!(matches!(
        s.play(Decision::Tap {
            seat: 1,
            tap: roll.clone()
        }),
        Tapped::Nothing
    ));
    assert_eq!(s.moves(), 0);
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: roll.clone(),
    }));
    assert!(s.saving());
    // While the write is on its way, a tap on what was there before it
    // (the list has moved on) counts for nothing, then or after the write.
    assert!(matches!(
        s.play(Decision::Tap {
            seat: 0,
            tap: roll.clone()
        }),
        Tapped::Nothing
    ));
    let w = write(&mut s, next).await;
    assert!(matches!(
        w[..],
        [Written::Saved(Change::Move {
            seat: 0,
            human: true,
            before: 0,
            ..
        })]
    ));
    assert_eq!(store::load_game("s1").unwrap().move_count(), 1);
    // A stale entry (the list moved on) is not applied.
    assert!(matches!(
        s.play(Decision::Tap { seat: 0, tap: roll }),
        Tapped::Nothing
    ));
    // Set one die aside, take it back: one step, stored.
    let aside = sent(&s, 0, serde_json::json!({"set_aside": [0]}));
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: aside,
    }));
    write(&mut s, next).await;
    assert_eq!(s.undo_seat(), Some(0));
    let next = s.undo();
    assert_eq!(
        write(&mut s, next).await,
        vec![Written::Saved(Change::Undo)]
    );
    assert_eq!(s.moves(), 1);
    assert_eq!(store::load_game("s1").unwrap().move_count(), 1);
    // The rules' refusal reaches the player in words.
    let why = Err(spielblock::i18n::Text::new(|_| "no".into()));
    assert!(matches!(
        s.play(Decision::Tap { seat: 0, tap: why }),
        Tapped::Refused(_)
    ));
}

#[wasm_bindgen_test]
async fn a_tap_while_a_write_is_on_its_way_is_made_once_it_is_stored() {
    use spielblock::play::session::{Change, Written};
    ls().clear().unwrap();
    let mut s = new_session("s1b", "en-gingg", 5, &[("Ana", true), ("Ben", true)]).await;
    let roll = sent(&s, 0, serde_json::json!("roll"));
    let next = moved(s.play(Decision::Tap { seat: 0, tap: roll }));
    // The throw is on screen while its write is on its way; the next tap
    // on it is kept, not lost.
    let aside = sent(&s, 0, serde_json::json!({"set_aside": [0]}));
    assert!(matches!(
        s.play(Decision::Tap {
            seat: 0,
            tap: aside
        }),
        Tapped::Nothing
    ));
    assert_eq!(s.moves(), 1, "not made before the write is stored");
    let w = write(&mut s, next).await;
    assert!(
        matches!(
            w[..],
            [
                Written::Saved(Change::Move { before: 0, .. }),
                Written::Saved(Change::Move {
                    seat: 0,
                    human: true,
                    before: 1,
                    ..
                })
            ]
        ),
        "{w:?}"
    );
    assert_eq!(s.moves(), 2);
    assert_eq!(store::load_game("s1b").unwrap().move_count(), 2);
    assert!(!s.saving());
    // Ana plays on one die at a time; her last die ends her turn (seed 5:
    // under 30). Ben's tap while that write is on its way is a finger
    // still on Ana's button: it spends nothing of Ben's, then or later.
    for _ in 0..4 {
        for action in [
            serde_json::json!("roll"),
            serde_json::json!({"set_aside": [0]}),
        ] {
            let next = moved(s.play(Decision::Tap {
                seat: 0,
                tap: sent(&s, 0, action),
            }));
            write(&mut s, next).await;
        }
    }
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, serde_json::json!("roll")),
    }));
    assert_eq!(s.human_to_act(), Some(1), "Ana's last die ended her turn");
    let moves = s.moves();
    let bens = sent(&s, 1, serde_json::json!("roll"));
    assert!(matches!(
        s.play(Decision::Tap { seat: 1, tap: bens }),
        Tapped::Nothing
    ));
    let w = write(&mut s, next).await;
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(s.moves(), moves, "no move of Ben's was made");
    assert_eq!(store::load_game("s1b").unwrap().move_count(), moves);
}

#[wasm_bindgen_test]
async fn a_session_behind_another_tab_reloads_and_writes_nothing() {
    use spielblock::play::session::{Session, Written};
    ls().clear().unwrap();
    let mut one = new_session("s2", "en-gingg", 7, &[("Ana", true), ("Ben", true)]).await;
    let mut two = Session::open(one.entry(), store::load_game("s2").unwrap()).unwrap();
    let roll = sent(&one, 0, serde_json::json!("roll"));
    let next = moved(one.play(Decision::Tap {
        seat: 0,
        tap: roll.clone(),
    }));
    write(&mut one, next).await;
    let stored = store::load_game("s2").unwrap();
    // The other tab still shows the start and plays its own roll.
    let next = moved(two.play(Decision::Tap { seat: 0, tap: roll }));
    assert_eq!(write(&mut two, next).await, vec![Written::Reloaded]);
    assert_eq!(store::load_game("s2").unwrap(), stored, "nothing written");
    assert_eq!(
        two.live().record(),
        one.live().record(),
        "it shows the stored game"
    );
    assert!(!two.stored_changed(), "and knows it is up to date");
}

/// Issue 43: each game's entry lists the levels its rules offer (expert
/// only where the game has one, its data needed); while a level's data
/// loads no computer moves; with the table in, an expert seat plays.
#[wasm_bindgen_test]
async fn computers_wait_for_their_levels_data_and_the_expert_plays_once_it_is_in() {
    use rules::Level;
    ls().clear().unwrap();
    for entry in spielblock::games::registry() {
        assert_eq!(entry.levels.first(), Some(&Level::Casual), "{}", entry.id);
        assert!(entry.levels.contains(&Level::Strong), "{}", entry.id);
        // A level needs data only if the game offers it, and strong never.
        for level in Level::ALL {
            if (entry.needs_data)(level) {
                assert!(
                    entry.levels.contains(&level) && level == Level::Expert,
                    "{}",
                    entry.id
                );
            }
        }
    }
    let mut s = new_session("s43", "choice", 3, &[("Robo", false)]).await;
    let entry = s.entry();
    assert_eq!(entry.levels, &[Level::Casual, Level::Strong, Level::Expert]);
    assert!((entry.needs_data)(Level::Expert) && !(entry.needs_data)(Level::Strong));
    assert!(s.computer_due());
    // A move scheduled before the level's data was asked for waits too.
    let (n, _) = s
        .schedule_computer(spielblock::store::Speed::Normal)
        .unwrap();
    assert!(s.await_level(true) && !s.await_level(true));
    assert!(!s.computer_due(), "no computer moves while its level loads");
    assert!(moved(s.play(Decision::Computer { moves: n })).is_none());
    assert_eq!(s.moves(), 0);
    assert!(s
        .schedule_computer(spielblock::store::Speed::Normal)
        .is_none());
    assert!(s.await_level(false));
    assert!(s.computer_due());
    assert!(
        s.schedule_computer(spielblock::store::Speed::Normal)
            .is_some(),
        "scheduled afresh"
    );
    // The table, as the app would fetch it, installed; the seat set to
    // expert plays a legal move.
    rules::choice::expert::install(include_bytes!("../rules/data/choice-expert.bin")).unwrap();
    let next = s.set_seat(0, rules::SeatKind::Computer, Level::Expert);
    write(&mut s, next).await;
    assert_eq!(s.seats()[0].level, Level::Expert);
    let next = moved(s.play(Decision::Computer { moves: s.moves() }));
    assert!(next.is_some());
    write(&mut s, next).await;
    let next = moved(s.play(Decision::Computer { moves: s.moves() }));
    assert!(
        next.is_some() && s.moves() == 2,
        "the roll and the expert's assignment"
    );
}

#[wasm_bindgen_test]
async fn a_session_lets_computers_move_and_hands_the_device_over() {
    ls().clear().unwrap();
    // Two people at a game with secrets: the device is handed over first.
    let mut s = new_session("s3", "minesweeper", 3, &[("Ana", true), ("Ben", true)]).await;
    assert_eq!(s.handover_needed(), Some(0));
    assert_eq!(s.acting(false), None);
    let next = s.confirm_handover(0);
    write(&mut s, next).await;
    assert_eq!(s.acting(false), Some(0));
    // A computer seat: its move is the session's, never a tap's.
    let mut s = new_session("s4", "choice", 3, &[("Robo", false)]).await;
    assert_eq!(s.acting(false), None);
    assert!(s.computer_due());
    assert!(
        moved(s.play(Decision::Computer { moves: 1 })).is_none(),
        "only at the move it was scheduled for"
    );
    let next = moved(s.play(Decision::Computer { moves: 0 }));
    assert!(next.is_some() && s.moves() == 1);
    write(&mut s, next).await;
    assert_eq!(store::load_game("s4").unwrap().move_count(), 1);
}

#[wasm_bindgen_test]
async fn a_sessions_records_go_the_games_way() {
    use spielblock::play::session::Session;
    ls().clear().unwrap();
    spielblock::games::load(&["choice".to_string()])
        .await
        .unwrap();
    let ch = spielblock::games::find("choice").unwrap();
    for (id, t, score) in [("a", 1.0, 10), ("b", 2.0, 5)] {
        store::save_game(&finished(id, "choice", t, &[("Ana", true)], &[score])).unwrap();
    }
    let b = store::load_game("b").unwrap();
    let highest = Session::open(ch, b.clone()).unwrap().standing();
    assert_eq!(highest.solo.map(|(s, _, new)| (s, new)), Some((10, false)));
    let lowest = Session::open(
        spielblock::contract::GameEntry {
            lowest_wins: true,
            ..ch
        },
        b,
    )
    .unwrap()
    .standing();
    assert_eq!(lowest.solo.map(|(s, _, new)| (s, new)), Some((5, true)));
}

/// Plays every computer move due, writing each.
async fn computers_play(s: &mut spielblock::play::session::Session) {
    while s.computer_due() {
        let n = s.moves();
        let next = moved(s.play(Decision::Computer { moves: n }));
        assert!(next.is_some(), "the computer moves");
        write(s, next).await;
    }
}

/// The turn moment stands when the device changes hands; after a
/// computer's turn, the computer's last step stands for the speed's pause
/// (issue 40, 2), not while skipping to the person's turn.
#[wasm_bindgen_test]
async fn the_turn_moment_stands_when_hands_change_or_a_computer_ends_its_turn() {
    use spielblock::play::session::{Moment, TURN_MOMENT};
    use spielblock::store::Speed;
    ls().clear().unwrap();
    // Ana plays her turn to its end (the first offer each time).
    async fn ana_ends_her_turn(s: &mut spielblock::play::session::Session) {
        for _ in 0..40 {
            if s.human_to_act() != Some(0) {
                return;
            }
            let first = s.live().legal_json(0)[0].clone();
            let next = moved(s.play(Decision::Tap {
                seat: 0,
                tap: sent(s, 0, first),
            }));
            write(s, next).await;
        }
        panic!("Ana's turn does not end");
    }
    let mut two = new_session("m2", "en-gingg", 5, &[("Ana", true), ("Ben", true)]).await;
    ana_ends_her_turn(&mut two).await;
    assert_eq!(two.human_to_act(), Some(1));
    assert_eq!(
        two.moment_after(Speed::Normal),
        Some(Moment {
            seat: 1,
            ms: TURN_MOMENT,
            hands: true
        }),
        "Ben takes the device"
    );
    // Ana and a computer: Ana keeps the device; once the computer's turn
    // ends, its last step stands for the speed's pause, unsaid.
    let mut one = new_session("m1", "en-gingg", 5, &[("Ana", true), ("Ben", false)]).await;
    ana_ends_her_turn(&mut one).await;
    assert_eq!(one.moment_after(Speed::Normal), None);
    computers_play(&mut one).await;
    assert_eq!(one.human_to_act(), Some(0));
    assert_eq!(one.last_mover(), Some(1));
    assert_eq!(
        one.moment_after(Speed::Normal),
        Some(Moment {
            seat: 0,
            ms: Speed::Normal.pause_ms(),
            hands: false
        }),
        "the computer's last step stands"
    );
    assert_eq!(one.moment_after(Speed::Instant), None, "at instant speed");
    assert_eq!(one.acting(false), Some(0));
    // Skipping to Ana's turn: no moment after it.
    ana_ends_her_turn(&mut one).await;
    assert!(one.computer_due());
    while one.computer_due() {
        let n = one.skip().expect("a computer move is due");
        let next = moved(one.play(Decision::Computer { moves: n }));
        write(&mut one, next).await;
    }
    assert_eq!(one.human_to_act(), Some(0));
    assert_eq!(one.moment_after(Speed::Slow), None, "skipped to Ana's turn");
}

#[wasm_bindgen_test]
async fn r_g_4_a_take_back_never_reopens_a_finished_game() {
    ls().clear().unwrap();
    // CHOICE alone, played to its end by always crossing the first split.
    let mut s = new_session("tb", "choice", 3, &[("Ana", true)]).await;
    let mut undoable_seen = false;
    while s.outcome().is_none() {
        let legal = s.live().legal_json(0);
        let next = moved(s.play(Decision::Tap {
            seat: 0,
            tap: sent(&s, 0, legal[0].clone()),
        }));
        write(&mut s, next).await;
        undoable_seen |= s.undo_seat() == Some(0);
    }
    assert!(
        undoable_seen,
        "an assignment can be taken back while the game runs"
    );
    assert_eq!(s.undo_seat(), None, "R-G-4: not once the game is over");
    assert!(s.undo().is_none());
}

#[wasm_bindgen_test]
fn dates_read_as_people_write_them() {
    // Issue 22: "11/24/2026, 10:53:58 PM" read like a log file.
    use spielblock::i18n::Locale;
    use spielblock::platform::lang::when_text;
    let ms = js_sys::Date::new_with_year_month_day_hr_min_sec(2026, 10, 24, 22, 53, 58).get_time();
    assert_eq!(when_text(ms, Locale::en), "Nov 24, 2026, 10:53 PM");
    assert_eq!(when_text(ms, Locale::de), "24.11.2026, 22:53");
    // Midnight and noon as each language says them; a day and month of one
    // digit as each writes it.
    let ms = js_sys::Date::new_with_year_month_day_hr_min_sec(2027, 0, 5, 0, 7, 0).get_time();
    assert_eq!(when_text(ms, Locale::en), "Jan 5, 2027, 12:07 AM");
    assert_eq!(when_text(ms, Locale::de), "05.01.2027, 00:07");
    let ms = js_sys::Date::new_with_year_month_day_hr_min_sec(2027, 8, 30, 12, 0, 0).get_time();
    assert_eq!(when_text(ms, Locale::en), "Sep 30, 2027, 12:00 PM");
}

#[wasm_bindgen_test]
async fn one_person_against_the_computer_is_never_asked_to_pass_the_device() {
    // Issue 22 (4): "Pass the device to Ana" with Ana the only person.
    ls().clear().unwrap();
    let mut s = new_session("h1", "minesweeper", 4, &[("Ana", true), ("Ben", false)]).await;
    for _ in 0..6 {
        assert_eq!(s.handover_needed(), None);
        if s.outcome().is_some() {
            break;
        }
        if s.human_to_act() == Some(0) {
            let first = s.live().legal_json(0)[0].clone();
            let next = moved(s.play(Decision::Tap {
                seat: 0,
                tap: sent(&s, 0, first),
            }));
            write(&mut s, next).await;
        }
        computers_play(&mut s).await;
    }
    // Ben becomes a person: now the device is handed over (secrets).
    let next = s.set_seat(1, rules::SeatKind::Human, rules::Level::Casual);
    write(&mut s, next).await;
    assert!(s.handover_on());
}

#[wasm_bindgen_test]
fn a_default_name_follows_the_language_and_a_typed_one_stays() {
    use spielblock::i18n::{shown_name, Locale};
    assert_eq!(shown_name("Spieler 2", 1, Locale::en), "Player 2");
    assert_eq!(shown_name("Player 2", 1, Locale::de), "Spieler 2");
    assert_eq!(shown_name("Player 2", 1, Locale::en), "Player 2");
    // Another seat's default is a name someone typed.
    assert_eq!(shown_name("Player 3", 1, Locale::de), "Player 3");
    assert_eq!(shown_name("Ana", 0, Locale::de), "Ana");
}

/// Issue 22: with nobody at the device deciding (a computer's turn, the
/// moment before the next player), a table marks where the last move went
/// (`mark`) after a move whose events `wanted` picks, and names the computer
/// seat with its mark. Plays seeded random games of two seats, the second a
/// computer, and checks the first three such moves after move 4.
async fn the_last_move_is_marked<G: rules::Playable>(wanted: fn(&[G::Event]) -> bool, mark: &str) {
    last_move_marks::<G>(wanted, mark, true).await
}

/// As `the_last_move_is_marked`, with `present` false: `mark` is nowhere.
async fn last_move_marks<G: rules::Playable>(
    wanted: fn(&[G::Event]) -> bool,
    mark: &str,
    present: bool,
) {
    use spielblock::contract::{TableLink, Tap, Viewpoint};
    use std::sync::Arc;
    spielblock::games::load(&[G::ID.to_string()]).await.unwrap();
    let entry = spielblock::games::find(G::ID).unwrap();
    let mut found = 0;
    for seed in 1..=40u64 {
        if found == 3 {
            break;
        }
        let players: Vec<rules::SeatInfo> = (0..2)
            .map(|i| {
                let mut s = rules::SeatInfo::human(format!("P{}", i + 1));
                if i == 1 {
                    s.kind = rules::SeatKind::Computer;
                }
                s
            })
            .collect();
        let mut m = rules::Match::<G>::new(players, G::Options::default(), seed).unwrap();
        let mut rng = rules::rng::Rng::new(seed);
        for k in 0..400 {
            let Some(&seat) = m.state().to_act().first() else {
                break;
            };
            let legal = m.state().legal_actions(seat);
            let a = legal[rng.below(legal.len() as u64) as usize].clone();
            m.apply(seat, a).unwrap();
            let n = m.record().moves.len();
            if k < 4 || !wanted(&m.events_for(None, n - 1).concat()) {
                continue;
            }
            let live = Arc::new((entry.open)(serde_json::to_value(m.record()).unwrap()).unwrap());
            let epoch = live.epoch();
            let doc = document();
            let root: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
            doc.body().unwrap().append_child(&root).unwrap();
            let handle = {
                let live = live.clone();
                leptos::mount::mount_to(root.clone(), move || {
                    let frame = Memo::new(move |_| Viewpoint {
                        seat: None,
                        epoch,
                        moves: n,
                        replay: false,
                    });
                    let names = Memo::new(|_| vec!["P1".to_string(), "P2".to_string()]);
                    let cpu = Memo::new(|_| vec![false, true]);
                    let act = Callback::new(|_: Tap| {});
                    let port = TableLink {
                        frame,
                        names,
                        cpu,
                        act,
                        hold: Callback::new(|_| {}),
                    };
                    let live = live.clone();
                    view! { <spielblock::i18n::I18nContextProvider>{move || live.table(port)}</spielblock::i18n::I18nContextProvider> }
                })
            };
            tick(0).await;
            let has = |sel: &str| root.query_selector(sel).unwrap().is_some();
            assert_eq!(
                has(mark),
                present,
                "{} seed {seed} move {n}: {mark} marks the last move",
                G::ID
            );
            assert!(
                has(".who.cpu, .cpu-mark"),
                "{} seed {seed}: the computer seat is marked",
                G::ID
            );
            drop(handle);
            root.remove();
            found += 1;
            break;
        }
    }
    assert_eq!(found, 3, "{}: three moves checked", G::ID);
}

#[wasm_bindgen_test]
async fn every_table_marks_where_the_last_move_went() {
    use rules::{choice, en_gingg, gnoming, mindgolf, minesweeper};
    the_last_move_is_marked::<gnoming::Gnoming>(
        // (Not a move that ends a round: the next one is dealt.)
        |e| {
            e.iter().any(|e| {
                matches!(
                    e,
                    gnoming::Event::Placed { .. } | gnoming::Event::TurnedUp { .. }
                )
            }) && !e
                .iter()
                .any(|e| matches!(e, gnoming::Event::RoundOver { .. }))
        },
        ".gc.moved",
    )
    .await;
    // A move that ends a round deals the next: nothing of the new round is
    // marked as the last move.
    last_move_marks::<gnoming::Gnoming>(
        |e| {
            e.iter()
                .any(|e| matches!(e, gnoming::Event::RoundOver { .. }))
        },
        ".gc.moved",
        false,
    )
    .await;
    the_last_move_is_marked::<mindgolf::MindGolf>(
        |e| {
            e.iter()
                .any(|e| matches!(e, mindgolf::Event::Entered { .. }))
        },
        ".mg-field.moved",
    )
    .await;
    the_last_move_is_marked::<choice::Choice>(
        |e| {
            e.iter()
                .any(|e| matches!(e, choice::Event::Assigned { .. }))
        },
        ".ch-box.moved, .ch-over.moved",
    )
    .await;
    the_last_move_is_marked::<en_gingg::EnGingg>(
        // Dice set aside in phase 1 that did not end it.
        |e| {
            e.iter()
                .any(|e| matches!(e, en_gingg::Event::SetAside { .. }))
                && !e
                    .iter()
                    .any(|e| matches!(e, en_gingg::Event::Phase1Done { .. }))
        },
        ".die.held.fresh",
    )
    .await;
    // A failed mark's cell is its maker's secret: not marked for everyone.
    the_last_move_is_marked::<minesweeper::Minesweeper>(
        |e| {
            !e.iter()
                .any(|e| matches!(e, minesweeper::Event::Blubb { .. }))
        },
        ".ms-board .last",
    )
    .await;
}

/// Issue 25: every guided first game plays through under the rules as they
/// are: each step's move is legal when its step comes, and the computers'
/// moves in between lead to the next step (a change to a computer player or
/// to the dealing would otherwise break a lesson unseen).
#[wasm_bindgen_test]
async fn every_guided_first_game_plays_through_step_by_step() {
    use spielblock::contract::Pick;
    let ids: Vec<String> = rules::registry::ids()
        .iter()
        .map(|s| s.to_string())
        .collect();
    spielblock::games::load(&ids).await.unwrap();
    let mut lessons = 0;
    for id in &ids {
        let entry = spielblock::games::find(id).unwrap();
        let Some(lesson) = (entry.lesson)() else {
            continue;
        };
        lessons += 1;
        let mut seats = vec![rules::SeatInfo::human("P1")];
        for k in 0..lesson.computers {
            seats.push(rules::SeatInfo {
                kind: rules::SeatKind::Computer,
                level: rules::Level::Casual,
                ..rules::SeatInfo::human(format!("P{}", k + 2))
            });
        }
        let record = (entry.new_record)(seats, &lesson.options, lesson.seed).unwrap();
        let mut live = (entry.open)(record).unwrap();
        for (k, step) in lesson.steps.iter().enumerate() {
            while live.moves() < step.at {
                let seat = live.computer_to_act().unwrap_or_else(|| {
                    panic!(
                        "{id}: the person decides at move {} before step {}",
                        live.moves(),
                        k + 1
                    )
                });
                assert!(live.apply(seat, Pick::Computer), "{id}: a computer move");
            }
            assert_eq!(
                live.moves(),
                step.at,
                "{id}: step {} comes at its move",
                k + 1
            );
            assert_eq!(
                live.to_act(),
                vec![0],
                "{id}: the person decides at step {}",
                k + 1
            );
            if let Some(want) = &step.expect {
                let index = live
                    .legal_json(0)
                    .iter()
                    .position(|a| a == want)
                    .unwrap_or_else(|| panic!("{id}: step {}'s move {want} is not legal", k + 1));
                assert!(live.apply(
                    0,
                    Pick::Legal {
                        moves: step.at,
                        index
                    }
                ));
            }
        }
        assert!(
            lesson.steps.last().is_some_and(|s| s.expect.is_none()),
            "{id}: ends with its last words"
        );
    }
    assert_eq!(lessons, ids.len(), "a guided first game for every game");
}

/// Issue 39 (1): the hand-over follows who holds the device. Ben holds it
/// at "pass to Ana"; switching himself to the computer (or its level) does
/// not hand Ana's secrets to him; a reopened game (reload, another screen)
/// knows nobody holds it; Ana, once handed it, keeps it through the
/// computer's turns.
#[wasm_bindgen_test]
async fn the_hand_over_follows_who_holds_the_device_not_the_seats() {
    use rules::{Level, SeatKind};
    use spielblock::play::session::Session;
    ls().clear().unwrap();
    let mut s = new_session("ho1", "minesweeper", 4, &[("Ana", true), ("Ben", true)]).await;
    let play_first = |s: &Session, seat: usize| {
        let first = s.live().legal_json(seat)[0].clone();
        sent(s, seat, first)
    };
    // Ana, handed the device, moves; Ben, handed it, moves.
    for seat in [0, 1] {
        assert_eq!(s.handover_needed(), Some(seat));
        let next = s.confirm_handover(seat);
        write(&mut s, next).await;
        assert_eq!(s.acting(false), Some(seat));
        // Until the turn passes (a found mine gives another).
        while s.human_to_act() == Some(seat) {
            let a = play_first(&s, seat);
            let next = moved(s.play(Decision::Tap { seat, tap: a }));
            write(&mut s, next).await;
        }
    }
    assert_eq!(s.human_to_act(), Some(0), "Ana's turn");
    assert_eq!(s.handover_needed(), Some(0), "Ben holds the device");
    // Ben sets himself to the computer: one person is left, yet Ben holds
    // the device, so the hand-over to Ana stands.
    let next = s.set_seat(1, SeatKind::Computer, Level::Casual);
    write(&mut s, next).await;
    assert!(!s.handover_on(), "one person: no hand-over between people");
    assert_eq!(s.handover_needed(), Some(0), "still Ben's hands");
    assert_eq!(
        s.acting(false),
        None,
        "no tap of Ana's counts from Ben's hands"
    );
    let next = s.set_seat(1, SeatKind::Computer, Level::Strong);
    write(&mut s, next).await;
    assert_eq!(s.handover_needed(), Some(0), "after a level change too");
    // Reopened (a reload, a route change): nobody is known to hold it.
    let reopened = Session::open(s.entry(), store::load_game("ho1").unwrap()).unwrap();
    assert_eq!(reopened.handover_needed(), Some(0), "after opening again");
    // Handed to Ana: she keeps it through the computer's turn.
    let next = s.confirm_handover(0);
    write(&mut s, next).await;
    let a = play_first(&s, 0);
    let next = moved(s.play(Decision::Tap { seat: 0, tap: a }));
    write(&mut s, next).await;
    computers_play(&mut s).await;
    if s.outcome().is_none() {
        assert_eq!(s.human_to_act(), Some(0));
        assert_eq!(s.handover_needed(), None, "Ana kept the device");
        // Ben a person again: his turn needs the hand-over from Ana.
        let next = s.set_seat(1, SeatKind::Human, Level::Strong);
        write(&mut s, next).await;
        while s.human_to_act() == Some(0) && s.outcome().is_none() {
            let a = play_first(&s, 0);
            let next = moved(s.play(Decision::Tap { seat: 0, tap: a }));
            write(&mut s, next).await;
        }
        if s.outcome().is_none() {
            assert_eq!(s.handover_needed(), Some(1));
        }
    }
    // A game without secrets and without the option never hands over.
    let mut eg = new_session("ho2", "en-gingg", 4, &[("Ana", true), ("Ben", true)]).await;
    assert_eq!(eg.handover_needed(), None);
    let next = eg.set_seat(1, SeatKind::Computer, Level::Casual);
    write(&mut eg, next).await;
    assert_eq!(eg.handover_needed(), None);
    ls().clear().unwrap();
}

/// Issue 39 (3): the next revision is kept in the tap's own task; a page
/// that ends before the gate stored it leaves it in the journal, and the
/// next start stores it, once, only over the revision it was made from.
#[wasm_bindgen_test]
async fn a_move_kept_in_the_journal_is_stored_at_the_next_start() {
    ls().clear().unwrap();
    let mut s = new_session("j1", "en-gingg", 5, &[("Ana", true), ("Ben", true)]).await;
    let roll = sent(&s, 0, serde_json::json!("roll"));
    let next = moved(s.play(Decision::Tap { seat: 0, tap: roll }));
    assert!(next.is_some());
    let key = format!("{}j1", store::JOURNAL_PREFIX);
    assert!(ls().get_item(&key).unwrap().is_some(), "kept at the tap");
    assert_eq!(
        store::load_game("j1").unwrap().move_count(),
        0,
        "not yet stored"
    );
    // The page ends here: the write never runs. The next start stores it.
    assert_eq!(store::recover_journal(), 1);
    let stored = store::load_game("j1").unwrap();
    assert_eq!(stored.move_count(), 1, "the roll is stored");
    assert_eq!(stored.revision, 1);
    assert!(
        ls().get_item(&key).unwrap().is_none(),
        "and the journal is empty"
    );
    assert_eq!(store::recover_journal(), 0, "once");
    // A journal made from an older revision (another tab moved on) is
    // dropped, never stored over the newer game.
    ls().set_item(&key, &serde_json::to_string(&next.unwrap()).unwrap())
        .unwrap();
    assert_eq!(store::recover_journal(), 0);
    assert_eq!(store::load_game("j1").unwrap(), stored);
    assert!(ls().get_item(&key).unwrap().is_none());
    // An unreadable entry is dropped too.
    ls().set_item(&key, "{not json").unwrap();
    assert_eq!(store::recover_journal(), 0);
    assert!(ls().get_item(&key).unwrap().is_none());
    // The normal way: the gate stores it and the journal goes.
    let mut s = spielblock::play::session::Session::open(s.entry(), stored).unwrap();
    let choice = s.live().legal_json(0)[0].clone();
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, choice),
    }));
    write(&mut s, next).await;
    assert!(ls().get_item(&key).unwrap().is_none());
    assert_eq!(store::load_game("j1").unwrap().move_count(), 2);
    // Once the game is stored with moves, the journal holds only the moves
    // after them (issue 42), and the next start puts the two together.
    let choice = s.live().legal_json(0)[0].clone();
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, choice),
    }))
    .unwrap();
    let entry: serde_json::Value =
        serde_json::from_str(&ls().get_item(&key).unwrap().unwrap()).unwrap();
    assert_eq!(entry["journal_from"], 2, "after the two stored moves");
    assert_eq!(entry["record"]["moves"].as_array().unwrap().len(), 1);
    let kept = ls().get_item(&key).unwrap().unwrap();
    assert_eq!(store::recover_journal(), 1);
    let stored = store::load_game("j1").unwrap();
    assert_eq!(stored.record, next.record, "the whole game, in order");
    assert_eq!(stored.revision, 3);
    // Such an entry over a game that lacks the moves it builds on (here:
    // another tab took them back) is dropped, the game untouched.
    let mut fewer = stored.clone();
    fewer.record["moves"].as_array_mut().unwrap().truncate(1);
    fewer.revision = 2;
    ls().set_item(
        &format!("{}j1", store::GAME_PREFIX),
        &serde_json::to_string(&fewer).unwrap(),
    )
    .unwrap();
    ls().set_item(&key, &kept).unwrap();
    assert_eq!(store::recover_journal(), 0);
    assert_eq!(store::load_game("j1").unwrap(), fewer);
    assert!(ls().get_item(&key).unwrap().is_none());
    // Neither a backup nor a restore carries the journal.
    store::journal(&store::load_game("j1").unwrap());
    assert!(!store::export_all().contains(store::JOURNAL_PREFIX));
    let file = serde_json::json!({"app": "spielblock", "items": {key.clone(): "{}"}}).to_string();
    let plan = spielblock::screens::backup::plan(&file).unwrap();
    assert!(
        plan.new_items.is_empty(),
        "a journal in a file is not restored"
    );
    ls().clear().unwrap();
}

/// Issue 39 (4): only a daily challenge as the set-up makes it (one seat,
/// the date's seed, the app's dice, no coach) enters the day's ranking,
/// and "ahead of the computer (Strong)" needs a seat played as that level.
#[wasm_bindgen_test]
fn imported_games_claim_no_daily_or_level_they_did_not_earn() {
    use spielblock::screens::history::{finished_games, stats};
    ls().clear().unwrap();
    let date = "2026-11-27";
    let seed = store::daily_seed("choice", date);
    let daily = |id: &str, t: f64, score: i64| {
        let mut g = finished(id, "choice", t, &[("Ana", true)], &[score]);
        g.daily = Some(date.into());
        g.record["seed"] = seed.into();
        g
    };
    let fair = daily("d1", 1.0, 270);
    let mut coached = daily("d2", 2.0, 860);
    coached.record["coach"] = true.into();
    let mut dice = daily("d3", 3.0, 700);
    dice.record["options"] = serde_json::json!({"table_dice": true});
    let mut seeded = daily("d4", 4.0, 650);
    seeded.record["seed"] = 7.into();
    for g in [&fair, &coached, &dice, &seeded] {
        store::save_game(g).unwrap();
    }
    let played = store::Played::of_game("choice");
    assert_eq!(
        store::daily_best(&played, date, false),
        vec![("Ana".to_string(), 270)],
        "only the fair daily counts"
    );
    ls().clear().unwrap();
    // A "strong" computer seat whose moves the random policy chose.
    let mut random = finished(
        "v1",
        "choice",
        1.0,
        &[("Ana", true), ("Robo", false)],
        &[300, 100],
    );
    random.record["seats"][1]["level"] = "strong".into();
    random.record["seats"][1]["policy"] = "random".into();
    let mut simulated = random.clone();
    simulated.id = "v2".into();
    simulated.record["seats"][1]["policy"] = "strong".into();
    for g in [&random, &simulated] {
        store::save_game(g).unwrap();
    }
    let s = stats(&finished_games(), &["choice"], |_| false);
    let ana = s.iter().find(|x| x.name == "Ana").unwrap();
    assert_eq!(ana.played, 2);
    assert_eq!(ana.vs[1], (1, 1), "only the seat the strong policy played");
    ls().clear().unwrap();
}

/// Issue 40: a move sounds as its game says (dice, cards, a cross, a mine),
/// the last move of a game with a fanfare; a sound comes from the public
/// events only, so it tells no seat's secret.
#[wasm_bindgen_test]
async fn every_game_sounds_its_moves_and_the_end() {
    use spielblock::platform::sound::Cue;
    ls().clear().unwrap();
    // Every listed game (a new one too): computers play it through; its
    // first move sounds, the last one is the fanfare.
    for entry in spielblock::games::registry() {
        let game = entry.id;
        let seats: Vec<(&str, bool)> = ["A", "B", "C"][..entry.min_seats.max(1)]
            .iter()
            .map(|&x| (x, false))
            .collect();
        let mut s = new_session(&format!("snd-{game}"), game, 11, &seats).await;
        let next = moved(s.play(Decision::Computer { moves: 0 }));
        assert!(next.is_some(), "{game}: the computer moves");
        write(&mut s, next).await;
        let first = s.live().cue(0);
        let expected: &[Cue] = match game {
            "en-gingg" | "choice" | "mindgolf" => &[Cue::Dice],
            "gnoming" => &[Cue::Card],
            "minesweeper" => &[Cue::Tick, Cue::Cross, Cue::Boom],
            _ => &[Cue::Tick, Cue::Cross, Cue::Card, Cue::Dice, Cue::Boom],
        };
        assert!(
            first.is_some_and(|c| expected.contains(&c)),
            "{game}: the first move sounds {first:?}"
        );
        assert_eq!(s.live().cue(s.moves()), None, "{game}: no move, no sound");
        computers_play(&mut s).await;
        assert!(s.outcome().is_some(), "{game} is over");
        assert_eq!(s.live().cue(s.moves() - 1), Some(Cue::Fanfare), "{game}");
    }
    // Settings saved before sounds existed have them on; off stays off.
    ls().set_item(store::SETTINGS_KEY, r#"{"vibrate":false,"speed":"fast"}"#)
        .unwrap();
    assert!(store::load_settings().sound);
    store::save_settings(store::Settings {
        sound: false,
        ..store::load_settings()
    });
    assert!(!store::load_settings().sound);
    ls().clear().unwrap();
}

/// Issue 38 (1): the session holds the lesson's gate, not the page. In
/// every game's guided first game, a move other than the step's is
/// refused with a nudge (nothing played, nothing written), the step's move
/// is taken, the step's card is the session's, and leaving the lesson keeps
/// nothing of it.
#[wasm_bindgen_test]
async fn the_session_gates_every_guided_first_game_without_a_page() {
    use spielblock::contract::Pick;
    use spielblock::i18n::Locale;
    use spielblock::play::session::Session;
    ls().clear().unwrap();
    let ids: Vec<String> = rules::registry::ids()
        .iter()
        .map(|s| s.to_string())
        .collect();
    spielblock::games::load(&ids).await.unwrap();
    let mut nudges = 0;
    for id in &ids {
        let entry = spielblock::games::find(id).unwrap();
        let Some(lesson) = (entry.lesson)() else {
            panic!("{id}: no guided first game");
        };
        let game = spielblock::play::newgame::create_lesson(&entry).unwrap();
        let mut s = Session::open(entry, store::load_game(&game).unwrap()).unwrap();
        assert!(
            s.in_lesson() && s.seats_fixed(),
            "{id}: a lesson's seats stay"
        );
        for (k, step) in lesson.steps.iter().enumerate() {
            while s.moves() < step.at {
                assert!(s.computer_due(), "{id}: computers lead to step {}", k + 1);
                let n = s.moves();
                let next = moved(s.play(Decision::Computer { moves: n }));
                write(&mut s, next).await;
            }
            let now = s.lesson_now(Locale::en, false).expect("the step's card");
            assert_eq!(
                (now.k, now.n, now.nudge),
                (k + 1, lesson.steps.len(), false)
            );
            assert!(
                s.lesson_now(Locale::en, true).is_none(),
                "not in the turn moment"
            );
            let Some(want) = &step.expect else {
                continue;
            };
            let legal = s.live().legal_json(0);
            let right = legal.iter().position(|a| a == want).unwrap();
            if let Some(wrong) = (0..legal.len()).find(|&i| i != right) {
                let before = store::load_game(&game).unwrap();
                let tap = Ok(Pick::Legal {
                    moves: s.moves(),
                    index: wrong,
                });
                assert!(
                    matches!(s.play(Decision::Tap { seat: 0, tap }), Tapped::Nudge),
                    "{id}: step {} refuses another move",
                    k + 1
                );
                assert_eq!(s.moves(), step.at, "{id}: nothing played");
                assert!(!s.saving());
                assert_eq!(store::load_game(&game).unwrap(), before, "nothing written");
                assert!(s.lesson_now(Locale::en, false).unwrap().nudge);
                nudges += 1;
            }
            let tap = Ok(Pick::Legal {
                moves: s.moves(),
                index: right,
            });
            let next = moved(s.play(Decision::Tap { seat: 0, tap }));
            assert!(next.is_some(), "{id}: step {}'s move is taken", k + 1);
            write(&mut s, next).await;
        }
        assert_eq!(s.leave_lesson(), format!("/new/{id}"));
        assert!(
            store::load_game(&game).is_err(),
            "{id}: nothing of it is kept"
        );
    }
    assert!(
        nudges >= ids.len(),
        "every game's lesson nudged at least once"
    );
}

/// Issue 38 (1): what is said about a move is the session's decision. In a
/// game with secrets, what the mover was told never reaches the live region
/// behind the hand-over; the hand-over screen and the last-move line get
/// words anyone may read. Without secrets the mover's words are said.
#[wasm_bindgen_test]
async fn the_session_decides_what_is_said_and_to_whom() {
    use spielblock::play::session::Told;
    ls().clear().unwrap();
    let mut s = new_session("t1", "minesweeper", 4, &[("Ana", true), ("Ben", true)]).await;
    let next = s.confirm_handover(0);
    write(&mut s, next).await;
    assert_eq!(
        s.told(spielblock::play::session::Change::Meta),
        Told::default()
    );
    let mut hidden = 0;
    for _ in 0..200 {
        let Some(seat) = s.human_to_act() else { break };
        if s.handover_needed().is_some() {
            let next = s.confirm_handover(seat);
            write(&mut s, next).await;
            continue;
        }
        let first = s.live().legal_json(seat)[0].clone();
        let next = moved(s.play(Decision::Tap {
            seat,
            tap: sent(&s, seat, first),
        }));
        let w = write(&mut s, next).await;
        let Some(spielblock::play::session::Written::Saved(change)) = w.first().copied() else {
            panic!("stored: {w:?}");
        };
        let told = s.told(change);
        let public: Vec<_> = spielblock::i18n::Locale::ALL
            .map(|l| (l, s.announce_public(change, l).join(" ")))
            .to_vec();
        if s.hides_secrets() {
            hidden += 1;
            assert_eq!(
                told.live, None,
                "nothing the mover was told behind a hand-over"
            );
            assert_eq!(told.handover.as_ref(), Some(&public));
        } else {
            assert_eq!(told.handover, None);
        }
        assert_eq!(
            told.last_move.as_ref(),
            Some(&public),
            "the last move in public words"
        );
    }
    assert!(hidden > 3, "hand-overs came: {hidden}");
    // Without secrets: the mover's own words, live and in the last-move line.
    let mut s = new_session("t2", "en-gingg", 5, &[("Ana", true), ("Ben", true)]).await;
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, serde_json::json!("roll")),
    }));
    let w = write(&mut s, next).await;
    let spielblock::play::session::Written::Saved(change) = w[0] else {
        panic!("{w:?}");
    };
    let told = s.told(change);
    let mine: Vec<_> = spielblock::i18n::Locale::ALL
        .map(|l| (l, s.announce(change, l).join(" ")))
        .to_vec();
    assert!(mine.iter().all(|(_, t)| !t.is_empty()));
    assert_eq!(told.live.as_ref(), Some(&mine));
    assert_eq!(told.last_move.as_ref(), Some(&mine));
    assert_eq!(told.handover, None);
}

/// Issue 40 (2): a turn is told step by step. With each move stored, the
/// last-move line's turn holds every sentence since its seat began the turn,
/// in words anyone may read: the same seat's next move adds its sentences
/// after the ones shown, and another seat's move starts a new turn. A
/// computer's MindGolf turn (throw, perhaps a re-roll, the entry) reads as
/// its steps, each naming the player.
#[wasm_bindgen_test]
async fn a_turn_is_told_step_by_step() {
    use spielblock::i18n::Locale;
    use spielblock::play::session::{Change, Written};
    ls().clear().unwrap();
    let mut s = new_session("lt", "mindgolf", 3, &[("Ana", true), ("Robo", false)]).await;
    let mut shown: Option<(usize, Vec<String>)> = None;
    let mut computer_steps = 0;
    for _ in 0..60 {
        if s.outcome().is_some() {
            break;
        }
        let next = match s.acting(false) {
            Some(seat) => {
                let first = s.live().legal_json(seat)[0].clone();
                moved(s.play(Decision::Tap {
                    seat,
                    tap: sent(&s, seat, first),
                }))
            }
            None => moved(s.play(Decision::Computer { moves: s.moves() })),
        };
        let w = write(&mut s, next).await;
        let Some(Written::Saved(change @ Change::Move { seat, before, .. })) = w.first().copied()
        else {
            panic!("stored: {w:?}");
        };
        let told = s.told(change);
        let turn = told.turn.expect("a turn with the last move");
        let steps = |l: Locale| turn.iter().find(|(k, _)| *k == l).unwrap().1.clone();
        let this: Vec<String> = s.announce_public(change, Locale::en);
        let en = steps(Locale::en);
        assert!(
            en.ends_with(&this),
            "the move's own words close its turn: {en:?} {this:?}"
        );
        match &shown {
            Some((mover, earlier)) if *mover == seat => {
                assert_eq!(
                    en[..earlier.len()],
                    earlier[..],
                    "the turn goes on after what was shown"
                );
            }
            _ => assert_eq!(en, this, "another seat's move starts a turn"),
        }
        assert_eq!(s.turn_start().map(|f| f <= before), Some(true));
        assert!(!steps(Locale::de).is_empty(), "and in German");
        if seat == 1 {
            computer_steps += 1;
            assert!(
                en.iter().any(|t| t.contains("Robo")),
                "the computer's turn names it: {en:?}"
            );
        }
        shown = Some((seat, en));
    }
    assert!(computer_steps >= 4, "the computer played: {computer_steps}");
}

/// Issue 38 (1): the session paces the computers: one scheduled move per
/// position, the speed's pause, at least the take-back grace while a
/// person may still take back, none while skipping to a person's turn.
#[wasm_bindgen_test]
async fn the_session_paces_the_computers() {
    use spielblock::play::session::TAKE_BACK_GRACE;
    use spielblock::store::Speed;
    ls().clear().unwrap();
    let mut s = new_session("p1", "en-gingg", 5, &[("Ana", true), ("Robo", false)]).await;
    assert_eq!(s.schedule_computer(Speed::Fast), None, "Ana decides");
    assert!(!s.skip_offered());
    // Ana ends her turn: roll and set dice aside until Robo decides.
    for _ in 0..40 {
        if s.human_to_act() != Some(0) {
            break;
        }
        let first = s.live().legal_json(0)[0].clone();
        let next = moved(s.play(Decision::Tap {
            seat: 0,
            tap: sent(&s, 0, first),
        }));
        write(&mut s, next).await;
    }
    assert!(s.computer_due() && s.skip_offered());
    let n = s.moves();
    let grace = s.undo_seat().is_some();
    let (at, pause) = s.schedule_computer(Speed::Fast).unwrap();
    assert_eq!(at, n);
    let want = if grace {
        Speed::Fast.pause_ms().max(TAKE_BACK_GRACE)
    } else {
        Speed::Fast.pause_ms()
    };
    assert_eq!(pause, want);
    assert_eq!(s.schedule_computer(Speed::Fast), None, "scheduled once");
    // A move for another position plays nothing and keeps the schedule.
    assert!(matches!(
        s.play(Decision::Computer { moves: n + 1 }),
        Tapped::Nothing
    ));
    let next = moved(s.play(Decision::Computer { moves: n }));
    write(&mut s, next).await;
    // Skipping: the next computer move at once, with no pause.
    if s.computer_due() {
        let now = s.moves();
        assert_eq!(s.skip(), Some(now));
        assert_eq!(s.schedule_computer(Speed::Slow), None, "already under way");
        let next = moved(s.play(Decision::Computer { moves: now }));
        write(&mut s, next).await;
        if let Some((_, pause)) = s.schedule_computer(Speed::Slow) {
            assert_eq!(pause, 0, "skipping until a person decides");
        }
    }
}

/// Issue 38 (1): storage-full handling is the session's: a move that
/// cannot be saved is taken back and blocks the game; freeing room deletes
/// what the player chose (never the game in play) and lets the next move
/// be saved.
#[wasm_bindgen_test]
async fn the_session_frees_storage_as_the_player_chooses() {
    use spielblock::play::session::{Block, Free, Session, Written};
    ls().clear().unwrap();
    for i in 0..3 {
        store::save_game(&finished(
            &format!("f{i}"),
            "choice",
            i as f64,
            &[("Ana", true)],
            &[10],
        ))
        .unwrap();
    }
    let mut s = new_session("fs", "en-gingg", 5, &[("Ana", true), ("Ben", true)]).await;
    assert_eq!(Session::finished_games(), 3);
    // Fill the rest of storage.
    let mut size = 1 << 20;
    let mut k = 0;
    while size > 0 {
        if ls()
            .set_item(&format!("filler.{k}"), &"x".repeat(size))
            .is_ok()
        {
            k += 1;
        } else {
            size /= 2;
        }
    }
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, serde_json::json!("roll")),
    }));
    assert_eq!(write(&mut s, next).await, vec![Written::Full]);
    assert_eq!(
        (s.moves(), s.block()),
        (0, Some(Block::StorageFull)),
        "taken back"
    );
    assert_eq!(s.acting(false), None, "no taps while full");
    s.free_space(Free::Finished);
    assert_eq!(Session::finished_games(), 0);
    assert_eq!(s.block(), None, "room again");
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, serde_json::json!("roll")),
    }));
    assert!(matches!(write(&mut s, next).await[..], [Written::Saved(_)]));
    assert_eq!(
        store::load_game("fs").unwrap().move_count(),
        1,
        "the game in play stays"
    );
    for i in 0..k {
        ls().remove_item(&format!("filler.{i}")).unwrap();
    }
}

/// Issue 40: a good moment is celebrated, from public events only, naming
/// the player: a hole in one, a 500-point sheet, a clean win; and nothing
/// else is.
#[wasm_bindgen_test]
fn good_moments_are_cheered_and_only_those() {
    use spielblock::contract::GameView;
    use spielblock::i18n::Locale;
    let names = vec!["Ana".to_string(), "Ben".to_string()];
    {
        use rules::mindgolf::{Event, MindGolf};
        let hit = |field: i64, score: i64| Event::Entered {
            seat: 1,
            lane: 0,
            value: field,
            field,
            parked: false,
            score: Some(score),
        };
        // A lane hit with its first field scores 12 (R-MG-6).
        let log = vec![vec![hit(48, 10)], vec![hit(48, 12)]];
        assert_eq!(
            <MindGolf as GameView>::cheer(&log, 1, &names, Locale::en).as_deref(),
            Some("Hole in one! Ben hits 48 with the first field.")
        );
        assert!(<MindGolf as GameView>::cheer(&log, 1, &names, Locale::de)
            .unwrap()
            .contains("Ben"));
        assert_eq!(
            <MindGolf as GameView>::cheer(&log[..1], 0, &names, Locale::en),
            None,
            "a hit with a later field"
        );
        assert_eq!(
            <MindGolf as GameView>::cheer(&log, 2, &names, Locale::en),
            None,
            "only the new moves"
        );
    }
    {
        use rules::choice::{Choice, Event};
        let done = |total| vec![vec![Event::PlayerDone { seat: 0, total }]];
        assert!(
            <Choice as GameView>::cheer(&done(500), 0, &names, Locale::en)
                .unwrap()
                .contains("Ana")
        );
        assert_eq!(
            <Choice as GameView>::cheer(&done(499), 0, &names, Locale::en),
            None
        );
    }
    {
        use rules::minesweeper::{Event, Minesweeper};
        let explored = |seat, points| Event::Explored {
            seat,
            x: 0,
            y: 0,
            number: 1,
            points,
        };
        let clean = vec![
            vec![explored(0, 3)],
            vec![Event::Exploded {
                seat: 1,
                x: 1,
                y: 1,
            }],
            vec![explored(0, 1), Event::GameOver],
        ];
        assert!(
            <Minesweeper as GameView>::cheer(&clean, 2, &names, Locale::en)
                .unwrap()
                .contains("Ana")
        );
        assert!(
            <Minesweeper as GameView>::cheer(&clean, 0, &names, Locale::en).is_some(),
            "the end is among the new moves"
        );
        assert_eq!(
            <Minesweeper as GameView>::cheer(&clean[..2], 0, &names, Locale::en),
            None,
            "not before the end"
        );
        // The winner missed a mark once: a win, not a clean one.
        let slip = vec![
            vec![explored(0, 9)],
            vec![Event::Blubb { seat: 0, at: None }],
            vec![Event::GameOver],
        ];
        assert_eq!(
            <Minesweeper as GameView>::cheer(&slip, 2, &names, Locale::en),
            None
        );
    }
}

/// Issue 40: a solo result is set against the player's record and their
/// average (defeats included in the average, never a record: R-CH-7).
#[wasm_bindgen_test]
fn a_solo_result_has_an_average() {
    use spielblock::store::{solo_average, solo_record, Played};
    let game = |id: &str, score: i64, lost: bool| Played {
        id: id.to_string(),
        date: "2026-11-27".to_string(),
        daily: None,
        seats: vec![rules::SeatInfo::human("Ana".to_string())],
        scores: vec![score],
        lost: if lost { vec![0] } else { vec![] },
        coach: false,
        table: false,
    };
    let mut coached = game("c", 900, false);
    coached.coach = true;
    let played = vec![
        game("a", 100, false),
        game("b", -40, true),
        coached,
        game("d", 61, false),
    ];
    assert_eq!(
        solo_average(&played, "Ana"),
        Some((121, 3)),
        "the coached game is not Ana's own"
    );
    assert_eq!(solo_record(&played, "Ana", false).map(|r| r.0), Some(100));
    assert_eq!(solo_average(&played, "Ben"), None);
    assert_eq!(
        spielblock::i18n::mean_text(121, 3, spielblock::i18n::Locale::en),
        "40.3"
    );
    assert_eq!(
        spielblock::i18n::mean_text(-121, 3, spielblock::i18n::Locale::de),
        "−40,3"
    );
}

/// Issue 40: while a table holds play (a round's summary on screen), no
/// computer move is due; with nobody at the table nothing waits.
#[wasm_bindgen_test]
async fn a_table_holds_the_computers_while_people_look() {
    use spielblock::store::Speed;
    ls().clear().unwrap();
    let mut s = new_session("h1", "en-gingg", 5, &[("Robo", false), ("Ana", true)]).await;
    assert!(s.computer_due(), "Robo begins");
    s.hold(true);
    assert!(!s.computer_due());
    assert_eq!(
        s.schedule_computer(Speed::Fast),
        None,
        "nothing scheduled while held"
    );
    assert!(!s.skip_offered(), "nothing to skip while held");
    s.hold(false);
    assert!(s.computer_due());
    assert!(s.schedule_computer(Speed::Fast).is_some());
    let mut alone = new_session("h2", "en-gingg", 5, &[("Robo", false), ("Bot", false)]).await;
    alone.hold(true);
    assert!(alone.computer_due(), "no person to wait for");
}

/// Across phones (issue 41), the session's part: a phone's messages are
/// played as the host decides (refused with the reason sent back, a seat
/// taken, a pick made ahead of its turn under R-CH-8 played in seat order),
/// written like any move, and every connected phone gets its frame after a
/// stored change; the host shows no controls and no hand-over for the seat
/// on the phone.
#[wasm_bindgen_test]
async fn a_phones_messages_are_played_as_the_host_decides_and_every_change_reaches_it() {
    use rules::remote::{hello_bytes, pick_bytes};
    ls().clear().unwrap();
    spielblock::games::load(&["choice".to_string()])
        .await
        .unwrap();
    let entry = spielblock::games::find("choice").unwrap();
    let mut g = stored_new("ph1", "choice", 21, &[("Ana", true), ("Ben", true)]);
    g.record["seats"][1]["remote"] = serde_json::json!(true);
    g.handover = true;
    store::save_game(&g).unwrap();
    let mut s =
        spielblock::play::session::Session::open(entry, store::load_game("ph1").unwrap()).unwrap();
    s.remote_invite(1, "tok".into());
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    // A pick before the phone took its seat: refused, the reason sent back.
    assert!(matches!(
        s.play(Decision::Remote {
            link: 7,
            text: text(pick_bytes(0, 0))
        }),
        Tapped::Nothing
    ));
    let out = s.take_outbox();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].0, 7);
    assert!(out[0].1.contains("not_joined"), "{}", out[0].1);
    // The phone takes its seat and gets its frame at once.
    s.play(Decision::Remote {
        link: 7,
        text: text(hello_bytes(1, "tok", "phone-b")),
    });
    let out = s.take_outbox();
    assert!(
        out.len() == 1 && out[0].1.starts_with("{\"frame\""),
        "{out:?}"
    );
    assert_eq!(s.remote_links(), vec![(1, Some(7))]);
    // Ana throws on the host; the stored move reaches the phone.
    assert_eq!(s.acting(false), Some(0));
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, serde_json::json!("roll")),
    }));
    write(&mut s, next).await;
    let out = s.take_outbox();
    assert!(out
        .iter()
        .any(|(l, t)| *l == 7 && t.starts_with("{\"frame\"")));
    // Both assign the throw at once (R-CH-8): Ben first, on his phone; his
    // pick waits for his turn.
    let frame: serde_json::Value = serde_json::from_str(&out.last().unwrap().1).unwrap();
    let at = frame["frame"]["offer_at"].as_u64().unwrap() as usize;
    assert_eq!(frame["frame"]["ahead"], serde_json::json!(true));
    assert_eq!(s.deciding(), vec![0, 1]);
    assert!(matches!(
        s.play(Decision::Remote {
            link: 7,
            text: text(pick_bytes(at, 0))
        }),
        Tapped::Nothing
    ));
    assert_eq!(s.moves(), 1);
    assert_eq!(s.deciding(), vec![0]);
    // Ana assigns on the host: Ben's pick follows in seat order, in the
    // same write.
    let first = s.live().legal_json(0)[0].clone();
    let next = moved(s.play(Decision::Tap {
        seat: 0,
        tap: sent(&s, 0, first),
    }));
    write(&mut s, next).await;
    assert_eq!(s.moves(), 3);
    let stored = store::load_game("ph1").unwrap();
    assert_eq!(stored.record["moves"][2]["seat"], serde_json::json!(1));
    // Ben throws next: the host shows neither his controls nor a hand-over.
    assert_eq!(s.turn(), Some(1));
    assert_eq!(s.acting(false), None);
    assert_eq!(s.handover_needed(), None);
    let out = s.take_outbox();
    let frame: serde_json::Value = serde_json::from_str(&out.last().unwrap().1).unwrap();
    let at = frame["frame"]["offer_at"].as_u64().unwrap() as usize;
    let next = moved(s.play(Decision::Remote {
        link: 7,
        text: text(pick_bytes(at, 0)),
    }));
    write(&mut s, next).await;
    assert_eq!(s.moves(), 4);
    // A stale pick: refused with its reason, nothing moves.
    s.take_outbox();
    s.play(Decision::Remote {
        link: 7,
        text: text(pick_bytes(at, 0)),
    });
    assert_eq!(s.moves(), 4);
    assert!(s.take_outbox().iter().any(|(_, t)| t.contains("refused")));
    // The phone drops: its seat is away.
    s.remote_dropped(7);
    assert_eq!(s.remote_links(), vec![(1, None)]);
}

/// Issue 42: HTML drawn in parts redraws only the elements whose part
/// changed (the others stay the same nodes) and ends as the whole HTML
/// drawn at once; a changed frame or count draws all of it again.
#[wasm_bindgen_test]
fn html_drawn_in_parts_redraws_only_what_changed() {
    use spielblock::table::{draw_parts, HtmlParts};
    let doc = web_sys::window().unwrap().document().unwrap();
    let host = doc.create_element("div").unwrap();
    let parts = |cells: &[&str], head: &str| HtmlParts {
        frame: vec![
            format!("<p>{head}</p><ol class=\"g\">"),
            "</ol><p>end</p>".into(),
        ],
        groups: vec![cells.iter().map(|c| format!("<li>{c}</li>")).collect()],
    };
    let mut drawn = None;
    draw_parts(&host, &mut drawn, parts(&["a", "b", "c"], "h"), &[".g"]);
    assert_eq!(host.inner_html(), parts(&["a", "b", "c"], "h").html());
    let kept = host.query_selector("li").unwrap().unwrap();
    let second = host.query_selector("li:nth-child(2)").unwrap().unwrap();
    draw_parts(&host, &mut drawn, parts(&["a", "B", "c"], "h"), &[".g"]);
    assert_eq!(host.inner_html(), parts(&["a", "B", "c"], "h").html());
    let now = host.query_selector("li").unwrap().unwrap();
    assert!(now == kept, "an unchanged element stays the same node");
    assert!(!second.is_connected(), "the changed one is drawn anew");
    // Another head, or another count: all of it again.
    draw_parts(&host, &mut drawn, parts(&["a", "B", "c"], "H"), &[".g"]);
    assert_eq!(host.inner_html(), parts(&["a", "B", "c"], "H").html());
    assert!(!now.is_connected());
    draw_parts(&host, &mut drawn, parts(&["a", "B"], "H"), &[".g"]);
    assert_eq!(host.inner_html(), parts(&["a", "B"], "H").html());
}

/// Issue 41: a phone's hello that comes while a write is on its way is kept
/// and answered once the write ends, also when it ends otherwise than
/// stored (another tab moved on: the game is taken from storage). Before,
/// only a stored write tried kept messages: the phone heard nothing, and a
/// game waiting for that phone made no other write.
#[wasm_bindgen_test]
async fn a_phones_hello_kept_during_a_write_that_reloads_is_answered() {
    use rules::remote::hello_bytes;
    use spielblock::play::session::{Session, Written};
    ls().clear().unwrap();
    spielblock::games::load(&["choice".to_string()])
        .await
        .unwrap();
    let entry = spielblock::games::find("choice").unwrap();
    let mut g = stored_new("ph2", "choice", 22, &[("Ana", true), ("Ben", true)]);
    g.record["seats"][1]["remote"] = serde_json::json!(true);
    store::save_game(&g).unwrap();
    let mut host = Session::open(entry, store::load_game("ph2").unwrap()).unwrap();
    host.remote_invite(1, "tok".into());
    // Another tab throws first: the host is behind.
    let mut other = Session::open(entry, store::load_game("ph2").unwrap()).unwrap();
    let roll = sent(&other, 0, serde_json::json!("roll"));
    let next = moved(other.play(Decision::Tap {
        seat: 0,
        tap: roll.clone(),
    }));
    write(&mut other, next).await;
    // The host's own throw is on its way when Ben's phone says hello.
    let next = moved(host.play(Decision::Tap { seat: 0, tap: roll }));
    assert!(host.saving());
    assert!(matches!(
        host.play(Decision::Remote {
            link: 7,
            text: String::from_utf8(hello_bytes(1, "tok", "phone-b")).unwrap(),
        }),
        Tapped::Nothing
    ));
    assert!(
        host.take_outbox().is_empty(),
        "kept while the write is on its way"
    );
    assert_eq!(write(&mut host, next).await, vec![Written::Reloaded]);
    // The game opened anew from storage has a new host's side whose phones
    // are invited again (the play screen draws new invitations): the phone
    // hears so at once instead of waiting.
    let out = host.take_outbox();
    assert_eq!(
        out,
        vec![(7, "{\"refused\":{\"why\":\"no_such_seat\"}}".to_string())],
        "the kept hello is answered once the write ends"
    );
    assert_eq!(host.moves(), 1, "the game as stored");
    // Invited again, the same phone takes its seat and gets its frame.
    host.remote_invite(1, "tok2".into());
    host.play(Decision::Remote {
        link: 8,
        text: String::from_utf8(hello_bytes(1, "tok2", "phone-b")).unwrap(),
    });
    let out = host.take_outbox();
    assert!(
        out.iter()
            .any(|(l, t)| *l == 8 && t.starts_with("{\"frame\"")),
        "{out:?}"
    );
    assert_eq!(host.remote_links(), vec![(1, Some(8))]);
}

/// Issue 41: the QR code drawn for an invitation and for an answer reads
/// back, with the app's own decoder, to the same text; as a code and as a
/// link. The versions stay where a phone reads them at arm's length.
#[wasm_bindgen_test]
fn a_drawn_invitation_reads_back_with_the_apps_own_decoder() {
    use rules::remote::invite::{Code, Role};
    use spielblock::platform::qr;
    let cases = [
        (
            include_str!("../rules/src/remote/fixtures/chromium-offer-mdns-2.sdp"),
            Role::Invitation {
                game: "mindgolf".into(),
                seat: 3,
                token: vec![0xa7; 8],
            },
        ),
        (
            include_str!("../rules/src/remote/fixtures/chromium-offer-camera.sdp"),
            Role::Invitation {
                game: "gnoming".into(),
                seat: 1,
                token: vec![0x5c; 8],
            },
        ),
        (
            include_str!("../rules/src/remote/fixtures/chromium-answer-mdns-2.sdp"),
            Role::Answer {
                seat: 3,
                tag: [0xa7, 0xa7],
            },
        ),
    ];
    for (sdp, role) in cases {
        let text = Code::from_sdp(sdp, role).unwrap().text();
        let link = format!("https://games.example.org/spielblock/join#{text}");
        for t in [text.clone(), link] {
            let drawn = qr::draw(&t).unwrap();
            assert!(drawn.svg.starts_with("<svg"), "{}", drawn.svg);
            assert_eq!(drawn.modules, 17 + 4 * drawn.version as usize);
            assert!(drawn.version <= 10, "version {} for {t}", drawn.version);
            for scale in [2, 3, 5] {
                let (side, grey) = qr::picture(&t, scale).unwrap();
                assert_eq!(qr::read(side, side, &grey).as_deref(), Some(t.as_str()));
            }
            // Read back, it is the code it was.
            assert_eq!(Code::read(&t).unwrap().text(), text);
        }
    }
    // A picture with no code in it reads as nothing, and so do bad sizes.
    assert_eq!(qr::read(64, 64, &[255; 64 * 64]), None);
    assert_eq!(qr::read(64, 64, &[0; 10]), None);
}
