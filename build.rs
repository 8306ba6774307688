//! Generates the texts for src/i18n.rs from locales/*.json, after
//! checking that every locale has exactly the same keys with the same
//! placeholders: a missing translation fails the build.

use std::collections::{BTreeMap, BTreeSet};

fn placeholders(text: &str) -> BTreeSet<String> {
    text.split("{{")
        .skip(1)
        .filter_map(|rest| rest.split("}}").next())
        .map(|p| p.trim().to_string())
        .collect()
}

fn load(path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    json.into_iter()
        .map(|(k, v)| {
            let s = v
                .as_str()
                .unwrap_or_else(|| panic!("{path}: {k} is not a string"));
            assert!(!s.trim().is_empty(), "{path}: {k} is empty");
            (k, placeholders(s))
        })
        .collect()
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=Cargo.toml");
    println!("cargo::rerun-if-changed=locales");
    // The game chunks (feature `split`): wasm-split-cli cuts the linked
    // module along the linker's relocations, so the app binary keeps them.
    // Only this crate's link changes: no dependency is rebuilt.
    if std::env::var_os("CARGO_FEATURE_SPLIT").is_some()
        && std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32")
    {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
    let en = load("locales/en.json");
    let de = load("locales/de.json");
    let mut problems = Vec::new();
    for (k, vars) in &en {
        match de.get(k) {
            None => problems.push(format!("locales/de.json lacks \"{k}\"")),
            Some(v) if v != vars => problems.push(format!(
                "\"{k}\": placeholders differ (en {vars:?}, de {v:?})"
            )),
            _ => {}
        }
    }
    for k in de.keys().filter(|k| !en.contains_key(*k)) {
        problems.push(format!("locales/en.json lacks \"{k}\""));
    }
    assert!(
        problems.is_empty(),
        "missing translations:\n{}",
        problems.join("\n")
    );

    // The texts as two arrays in key order, a constant per key, and a
    // struct per key with placeholders (its fields are the placeholders).
    let en_texts = texts("locales/en.json");
    let de_texts = texts("locales/de.json");
    // A game built without its feature keeps its keys (so shared code
    // compiles, all pointing at the first text) but not its words, which
    // would only weigh on the download.
    let unused = |k: &str| {
        GAME_TEXTS.iter().any(|(feature, prefixes)| {
            std::env::var_os(format!("CARGO_FEATURE_{}", feature.to_uppercase())).is_none()
                && prefixes.iter().any(|p| k.starts_with(p))
        })
    };
    let dropped: Vec<String> = en_texts
        .iter()
        .map(|(k, _)| k.clone())
        .filter(|k| unused(k))
        .collect();
    let keep = |t: Vec<(String, String)>| -> Vec<(String, String)> {
        t.into_iter().filter(|(k, _)| !unused(k)).collect()
    };
    let (en_texts, de_texts) = (keep(en_texts), keep(de_texts));
    let mut out = String::new();
    let list = |t: &[(String, String)]| {
        t.iter()
            .map(|(_, v)| format!("{v:?}"))
            .collect::<Vec<_>>()
            .join(",\n")
    };
    out.push_str(&format!(
        "static EN: [&str; {n}] = [{}];\nstatic DE: [&str; {n}] = [{}];\n",
        list(&en_texts),
        list(
            &en_texts
                .iter()
                .map(|(k, _)| (
                    k.clone(),
                    de_texts
                        .iter()
                        .find(|(d, _)| d == k)
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default()
                ))
                .collect::<Vec<_>>()
        ),
        n = en_texts.len()
    ));
    out.push_str("#[allow(non_upper_case_globals, dead_code)]\npub mod keys {\n");
    for (i, (k, _)) in en_texts.iter().enumerate() {
        out.push_str(&format!("    pub const {k}: usize = {i};\n"));
    }
    for k in &dropped {
        out.push_str(&format!("    pub const {k}: usize = 0;\n"));
    }
    out.push_str(
        "}\n#[allow(non_camel_case_types, dead_code)]\npub mod args {\n    use super::*;\n",
    );
    for (k, vars) in &en {
        if vars.is_empty() {
            continue;
        }
        let fields: Vec<String> = vars
            .iter()
            .map(|v| format!("pub {v}: &'a dyn Display"))
            .collect();
        let pairs: Vec<String> = vars.iter().map(|v| format!("({v:?}, self.{v})")).collect();
        out.push_str(&format!(
            "    pub struct {k}<'a> {{ {} }}\n    impl {k}<'_> {{ pub fn fill(&self, l: Locale) -> String {{ fill(text(l, keys::{k}), &[{}]) }} }}\n",
            fields.join(", "),
            pairs.join(", ")
        ));
    }
    out.push_str("}\n");
    let path =
        std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("texts.rs");
    std::fs::write(path, out).expect("write texts.rs");
}

/// Texts only a game's own module uses: (cargo feature, key prefixes).
const GAME_TEXTS: &[(&str, &[&str])] = &[("gnoming", &["gn_", "name_gnoming", "pitch_gnoming"])];

fn texts(path: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    json.into_iter()
        .map(|(k, v)| (k, v.as_str().unwrap_or_default().to_string()))
        .collect()
}
