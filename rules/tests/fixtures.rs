//! Games saved by an earlier build of the app still replay: every file in
//! tests/fixtures/saved-1e80f2d/ (one saved game of each kind, written by
//! the app at commit 1e80f2d part-way through) holds the stored entry as the
//! app wrote it (`raw`), the same parsed (`value`) and its number of moves
//! (`moves`). Its record must replay through the registry with exactly those
//! moves, and land on the turn the app saved with it. The browser side of the
//! same files is tests/e2e/fixtures.test.mjs.

use serde_json::Value;
use std::fs;
use std::path::PathBuf;

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/saved-1e80f2d")
}

/// (file name, fixture) for every fixture, by file name.
fn fixtures() -> Vec<(String, Value)> {
    let mut files: Vec<PathBuf> = fs::read_dir(fixture_dir())
        .expect("the fixture folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let text = fs::read_to_string(p).unwrap_or_else(|e| panic!("{name}: {e}"));
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
    let dir = fixture_dir();
    assert!(!all.is_empty(), "no fixtures in {dir:?}");
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
