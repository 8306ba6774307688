//! Games saved by an earlier build of the app still replay: each game's
//! folder holds one (src/games/<module>/saved.json, written by the app at
//! commit `written_by` part-way through): the stored entry as the app wrote
//! it (`raw`), the same parsed (`value`) and its number of moves (`moves`).
//! Its record must replay through the registry with exactly those moves,
//! and land on the turn the app saved with it. The browser side of the same
//! files is tests/e2e/fixtures.test.mjs.

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// The one reader of games.txt.
#[path = "../games_list.rs"]
#[allow(dead_code)]
mod games_list;

/// (file, fixture) for every listed game, in games.txt's order; a game
/// without its saved game fails naming the file.
fn fixtures() -> Vec<(String, Value)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    games_list::read_list(&root.join("../games.txt"), &root.join("src"))
        .into_iter()
        .map(|g| {
            let name = format!("src/games/{}/saved.json", g.module);
            let path: PathBuf = root.join("..").join(&name);
            let text = fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!("{}: {name} (a game saved by an earlier build): {e}", g.id)
            });
            let fixture: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, fixture)
        })
        .collect()
}

/// The stored entry as the app wrote it, parsed here (so a 64-bit seed keeps
/// every digit, which a JavaScript number would not).
fn stored(name: &str, fixture: &Value) -> Value {
    let raw = fixture["raw"]
        .as_str()
        .unwrap_or_else(|| panic!("{name}: no raw entry"));
    serde_json::from_str(raw).unwrap_or_else(|e| panic!("{name}: raw entry: {e}"))
}

#[test]
fn there_is_a_saved_game_of_every_kind() {
    let mut games: Vec<String> = fixtures()
        .iter()
        .map(|(name, f)| {
            stored(name, f)["game"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: no game"))
                .to_string()
        })
        .collect();
    games.sort();
    let mut ids: Vec<String> = rules::registry::ids()
        .into_iter()
        .map(String::from)
        .collect();
    ids.sort();
    assert_eq!(games, ids);
}

#[test]
fn every_saved_record_replays_with_all_its_moves() {
    let all = fixtures();
    assert!(!all.is_empty(), "games.txt lists no game");
    for (name, fixture) in &all {
        let entry = stored(name, fixture);
        let record = &entry["record"];
        assert_eq!(
            record, &fixture["value"]["record"],
            "{name}: raw and value hold the same record"
        );
        let moves = fixture["moves"]
            .as_u64()
            .unwrap_or_else(|| panic!("{name}: no move count"));
        assert_eq!(
            record["moves"].as_array().map(Vec::len),
            Some(moves as usize),
            "{name}: the record holds {moves} moves"
        );
        let out = rules::registry::replay_json(&record.to_string())
            .unwrap_or_else(|e| panic!("{name} does not replay: {e}"));
        assert_eq!(out["game"], entry["game"], "{name}");
        assert_eq!(out["moves"].as_u64(), Some(moves), "{name}: moves replayed");
        assert_eq!(out["over"], false, "{name} was saved part-way through");
        assert_eq!(
            out["turn"], entry["turn"],
            "{name}: the turn the app saved with it"
        );
    }
}
