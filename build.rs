//! Generates the typed i18n module from locales/*.json (leptos_i18n), after
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

    let cfg = leptos_i18n_build::Config::new("en")
        .expect("i18n config")
        .add_locale("de")
        .expect("de locale")
        .parse_options(leptos_i18n_build::ParseOptions::new().interpolate_display(true));
    let infos = leptos_i18n_build::TranslationsInfos::parse(cfg).expect("parse locales/*.json");
    infos.emit_diagnostics();
    infos.rerun_if_locales_changed();
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    infos
        .generate_i18n_module(out.join("i18n"))
        .expect("generate i18n module");
}
