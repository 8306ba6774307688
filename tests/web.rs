//! Tier (b): storage and components in headless Chromium, against the real
//! localStorage. Run with `cargo test --target wasm32-unknown-unknown --test web`
//! (wasm-bindgen-test-runner + chromedriver, see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use spielblock::storage::{self, SavedGame};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn ls() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
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
            name: format!("P{}", i + 1),
            kind,
            level: rules::Level::Strong,
        })
        .collect()
}

fn sample(id: &str) -> SavedGame {
    SavedGame {
        schema: storage::SCHEMA,
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
    storage::save_game(&g).unwrap();
    let raw = ls()
        .get_item("spielblock.v1.game.roundtrip")
        .unwrap()
        .unwrap();
    assert!(raw.contains("\"schema\":1"));
    assert_eq!(storage::load_game("roundtrip").unwrap(), g);
    assert_eq!(storage::list_games(), vec![g]);
    storage::delete_game("roundtrip");
    assert_eq!(
        storage::load_game("roundtrip"),
        Err(storage::LoadError::Missing)
    );
}

#[wasm_bindgen_test]
fn a_stale_tab_never_overwrites_newer_moves() {
    ls().clear().unwrap();
    let mut mine = sample("two-tabs");
    storage::save_game(&mine).unwrap();
    let mut theirs = storage::load_game("two-tabs").unwrap();
    // The other tab saves a move first.
    theirs.record["moves"] = serde_json::json!([{"seat":0,"action":"roll"}]);
    storage::save_next(&mut theirs).unwrap();
    assert_eq!(theirs.revision, 1);
    // This tab, still at revision 0, is refused and nothing is written.
    mine.turn = 9;
    assert_eq!(
        storage::save_next(&mut mine),
        Err(storage::SaveError::Conflict)
    );
    assert_eq!(mine.revision, 0);
    let stored = storage::load_game("two-tabs").unwrap();
    assert_eq!(stored, theirs);
    assert_eq!(storage::stored_revision("two-tabs"), Some(1));
    // Deleted elsewhere: refused too, and nothing comes back.
    storage::delete_game("two-tabs");
    let mut again = theirs.clone();
    assert_eq!(
        storage::save_next(&mut again),
        Err(storage::SaveError::Gone)
    );
    assert_eq!(
        storage::load_game("two-tabs"),
        Err(storage::LoadError::Missing)
    );
}

#[wasm_bindgen_test]
fn the_daily_challenge_keeps_each_names_best_of_the_day() {
    ls().clear().unwrap();
    let date = "2026-11-22";
    // The same seed for everyone on a date, another on the next day.
    assert_eq!(
        storage::daily_seed("mindgolf", date),
        storage::daily_seed("mindgolf", date)
    );
    assert_ne!(
        storage::daily_seed("mindgolf", date),
        storage::daily_seed("mindgolf", "2026-11-23")
    );
    assert_ne!(
        storage::daily_seed("mindgolf", date),
        storage::daily_seed("choice", date)
    );
    assert!(storage::record_daily("mindgolf", date, "Ana", 40));
    assert!(
        !storage::record_daily("mindgolf", date, "Ana", 38),
        "not a best"
    );
    assert!(storage::record_daily("mindgolf", date, "Ben", 52));
    assert!(storage::record_daily("mindgolf", date, "Ana", 61));
    assert_eq!(
        storage::daily_best("mindgolf", date),
        vec![("Ana".to_string(), 61), ("Ben".to_string(), 52)]
    );
    assert!(storage::daily_best("mindgolf", "2026-11-23").is_empty());
    assert_eq!(storage::today().len(), 10);
}

#[wasm_bindgen_test]
fn solo_records_are_kept_per_name_and_game_with_the_date() {
    ls().clear().unwrap();
    assert_eq!(storage::solo_record("choice", "Ana"), None);
    // The first solo game of a name is its record, even below zero.
    assert!(storage::record_solo("choice", "Ana", -120));
    assert!(!storage::record_solo("choice", "Ana", -300), "not a record");
    assert!(storage::record_solo("choice", "Ana", 410));
    assert!(storage::record_solo("choice", "Ben", 90));
    assert!(storage::record_solo("mindgolf", "Ana", 50));
    let (score, date) = storage::solo_record("choice", "Ana").unwrap();
    assert_eq!((score, date), (410, storage::today()));
    assert_eq!(storage::solo_record("choice", "Ben").map(|r| r.0), Some(90));
    assert_eq!(
        storage::solo_record("mindgolf", "Ana").map(|r| r.0),
        Some(50)
    );
    // Unreadable record data is treated as no record, not a crash.
    ls().set_item("spielblock.record.choice", "{broken")
        .unwrap();
    assert_eq!(storage::solo_record("choice", "Ana"), None);
    assert!(storage::record_solo("choice", "Ana", 5));
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
    let en = text(Locale::en, spielblock::i18n::keys::ch_roll);
    let de = text(Locale::de, spielblock::i18n::keys::ch_roll);
    assert_eq!((en, de), ("Roll the dice", "Würfeln"));
}

#[wasm_bindgen_test]
fn set_aside_items_are_listed_with_their_time_and_can_be_deleted() {
    ls().clear().unwrap();
    ls().set_item("spielblock.v1.game.bad", "{oops").unwrap();
    storage::quarantine("spielblock.v1.game.bad");
    let items = storage::aside_items();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].raw, "{oops");
    assert!(items[0].when > 1.6e12, "{}", items[0].when);
    // Only set-aside keys can be deleted through this door.
    storage::delete_aside("someone.else");
    storage::delete_aside(&items[0].key);
    assert!(storage::aside_items().is_empty());
    // The backup holds every Spielblock key and nothing else.
    ls().set_item("someone.else", "x").unwrap();
    storage::save_game(&sample("kept")).unwrap();
    let backup: serde_json::Value = serde_json::from_str(&storage::export_all()).unwrap();
    assert_eq!(backup["app"], "spielblock");
    let keys: Vec<&String> = backup["items"].as_object().unwrap().keys().collect();
    assert_eq!(keys, vec!["spielblock.v1.game.kept"]);
    // Finished games go when room is needed; unfinished ones stay.
    let mut done = sample("done");
    done.finished = true;
    storage::save_game(&done).unwrap();
    assert_eq!(storage::delete_finished(), 1);
    assert_eq!(storage::list_games().len(), 1);
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
    storage::save_game(&sample("good")).unwrap();

    let games = storage::list_games();
    assert_eq!(games.len(), 1, "only the readable game is listed");
    assert_eq!(games[0].id, "good");
    // Both bad entries moved aside with their text untouched.
    let aside = storage::quarantined();
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
    assert_eq!(storage::unseen_quarantined(), 2);
    storage::mark_quarantine_seen();
    assert_eq!(storage::unseen_quarantined(), 0);
}

#[wasm_bindgen_test]
fn loading_a_broken_game_reports_why() {
    ls().clear().unwrap();
    ls().set_item("spielblock.v1.game.x", "[1,2,3]").unwrap();
    match storage::load_game("x") {
        Err(storage::LoadError::Unreadable(why)) => {
            assert_eq!(why, storage::Unreadable::NoSchema)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(storage::quarantined().len(), 1);
}

#[wasm_bindgen_test]
fn language_choice_is_remembered() {
    ls().clear().unwrap();
    storage::save_lang("de");
    assert_eq!(storage::load_lang().as_deref(), Some("de"));
    assert_eq!(
        spielblock::lang::initial_locale(),
        spielblock::i18n::Locale::de
    );
    storage::save_lang("en");
    assert_eq!(
        spielblock::lang::initial_locale(),
        spielblock::i18n::Locale::en
    );
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
                {(1..=6u8).map(|f| view! { <spielblock::dice::DieFace face=f/> }).collect_view()}
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
async fn home_lists_every_registered_game() {
    ls().clear().unwrap();
    go("/");
    let root = mount_app();
    tick(20).await;
    let cards = root.query_selector_all(".game-card").unwrap();
    assert_eq!(cards.length() as usize, spielblock::games::registry().len());
    assert!(root
        .query_selector("[data-game=en-gingg] a")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector("[data-game=gnoming] a")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector("[data-game=mindgolf] a")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector("[data-game=choice] a")
        .unwrap()
        .is_some());
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
    storage::save_lang("en");
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
    assert!(storage::list_games().is_empty());
    input(&field, "20");
    submit.click();
    tick(50).await;
    let games = storage::list_games();
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
    storage::save_lang("de");
    let mut g = sample("de-bad");
    g.record["moves"] = serde_json::json!([{"seat":0,"action":{"set_aside":[0]}}]);
    storage::save_game(&g).unwrap();
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
    storage::save_lang("en");
    root.remove();
}

#[wasm_bindgen_test]
async fn every_action_is_saved_at_once_and_survives_a_remount() {
    ls().clear().unwrap();
    let entry = spielblock::games::find("en-gingg").unwrap();
    let id = spielblock::newgame::create_game(
        &entry,
        seats(&[rules::SeatKind::Human, rules::SeatKind::Human]),
        &serde_json::json!({}),
        42,
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
    tick(20).await;
    let saved = storage::load_game(&id).unwrap();
    assert_eq!(saved.move_count(), 1, "the roll is saved at once");
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
    tick(20).await;
    assert_eq!(storage::load_game(&id).unwrap().move_count(), 2);
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
    storage::save_game(&g).unwrap();
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
    assert_eq!(storage::quarantined().len(), 1);
    root.remove();
}

#[wasm_bindgen_test]
fn the_recovery_screen_offers_reload_and_home_in_both_languages() {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    spielblock::recovery::render_recovery(&root);
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
