//! Generates, from the one list of games (games.txt), the app's game
//! modules and registry lines (src/games/mod.rs includes them), and the
//! texts for src/i18n/locale.rs from locales/*.json and each game's
//! src/games/<module>/{en,de}.json, after checking that every locale has
//! exactly the same keys with the same placeholders: a missing translation
//! fails the build.
//!
//! It writes tests/games.json, the list of games the Node tests read.
//!
//! `SPIELBLOCK_GAMES` (ids, comma-separated) builds only those games:
//! `scripts/measure.sh` builds without each one for its marginal cost.

use std::collections::{BTreeMap, BTreeSet};

fn placeholders(text: &str) -> BTreeSet<String> {
    text.split("{{")
        .skip(1)
        .filter_map(|rest| rest.split("}}").next())
        .map(|p| p.trim().to_string())
        .collect()
}

#[path = "rules/games_list.rs"]
mod games_list;

/// One line of games.txt.
struct Line {
    id: String,
    module: String,
    rules_type: String,
}

/// The games to build, in home-screen order (games.txt, read by the one
/// reader the rules' build script uses too), each with its app view; the
/// whole list is written to tests/games.json for the Node tests.
fn games() -> Vec<Line> {
    let list = games_list::read_list(
        std::path::Path::new("games.txt"),
        std::path::Path::new("rules/src"),
    );
    let json = games_list::json(&list);
    let file = std::path::Path::new("tests/games.json");
    if std::fs::read_to_string(file).ok().as_deref() != Some(json.as_str()) {
        std::fs::write(file, &json).expect("write tests/games.json");
    }
    let all: Vec<Line> = list
        .into_iter()
        .map(|g| Line {
            id: g.id,
            module: g.module,
            rules_type: g.ty,
        })
        .collect();
    for g in &all {
        let m = format!("src/games/{}/mod.rs", g.module);
        assert!(
            std::path::Path::new(&m).exists(),
            "games.txt names {}, but {m} does not exist",
            g.id
        );
    }
    println!("cargo::rerun-if-env-changed=SPIELBLOCK_GAMES");
    match std::env::var("SPIELBLOCK_GAMES") {
        Ok(only) => {
            let only: Vec<&str> = only.split(',').map(str::trim).collect();
            for id in &only {
                assert!(
                    id.is_empty() || all.iter().any(|g| g.id == *id),
                    "SPIELBLOCK_GAMES names \"{id}\", which games.txt does not list"
                );
            }
            all.into_iter()
                .filter(|g| only.contains(&g.id.as_str()))
                .collect()
        }
        Err(_) => all,
    }
}

/// Every text of a locale: the app's and each game's, in order (a key in
/// two files fails the build).
fn texts(lang: &str, games: &[Line]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut files = vec![format!("locales/{lang}.json")];
    files.extend(
        games
            .iter()
            .map(|g| format!("src/games/{}/{lang}.json", g.module)),
    );
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let json: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (k, v) in json {
            let s = v
                .as_str()
                .unwrap_or_else(|| panic!("{path}: {k} is not a string"));
            assert!(!s.trim().is_empty(), "{path}: {k} is empty");
            assert!(
                !out.iter().any(|(o, _)| *o == k),
                "{path}: \"{k}\" is defined twice"
            );
            out.push((k, s.to_string()));
        }
    }
    out
}

/// The app's files whose texts may show before any chunk is loaded (their
/// code is in the main module), and the games' names and pitches (the home
/// screen's cards). A key is in the shell when one of these files names it.
const SHELL_FILES: &[&str] = &[
    "src/app.rs",
    "src/home.rs",
    "src/routes.rs",
    "src/main.rs",
    "src/lib.rs",
    "src/i18n/mod.rs",
    "src/i18n/locale.rs",
    // The stored games are read in the chunk (`screens::saved`, issue 42):
    // of the store, only its keys, the gate and the language are here.
    "src/store/mod.rs",
    "src/store/gate.rs",
    "src/store/local.rs",
    "src/store/settings.rs",
    "src/platform/mod.rs",
    "src/platform/device.rs",
    "src/platform/lang.rs",
    "src/platform/sw.rs",
    "src/games/mod.rs",
    "src/screens/mod.rs",
    "src/play/recovery.rs",
    "src/contract/erased.rs",
    "src/i18n/words.rs",
];

fn shell_keys(texts: &[(String, String)]) -> BTreeSet<String> {
    let keys: BTreeSet<&str> = texts.iter().map(|(k, _)| k.as_str()).collect();
    let mut shell: BTreeSet<String> = keys
        .iter()
        .filter(|k| k.starts_with("name_") || k.starts_with("pitch_"))
        .map(|k| k.to_string())
        .collect();
    for f in SHELL_FILES {
        println!("cargo::rerun-if-changed={f}");
        let src = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        for word in src.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if keys.contains(word) {
                shell.insert(word.to_string());
            }
        }
    }
    shell
}

fn load(texts: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    texts
        .iter()
        .map(|(k, s)| (k.clone(), placeholders(s)))
        .collect()
}

/// The game modules (their absolute paths: the file is included into
/// src/games/mod.rs) and the registry's `games!` list.
fn game_modules(games: &[Line]) -> String {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let mut out = String::new();
    for g in games {
        out.push_str(&format!(
            "#[path = {:?}]\npub mod {};\n",
            format!("{root}/src/games/{}/mod.rs", g.module),
            g.module
        ));
    }
    out.push_str("games! {\n");
    for g in games {
        out.push_str(&format!(
            "    {:?} => {}_code: rules::{}::{},\n",
            g.id, g.module, g.module, g.rules_type
        ));
    }
    out.push_str("}\n");
    out
}

/// CSS without its comments and the whitespace that means nothing: runs of
/// it become one space, none is kept next to `{ } ; , >` or before `:` is
/// left alone (a space before `:` in a selector is a descendant), and the
/// text of quoted strings is kept as written.
fn minify_css(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut chars = css.chars().peekable();
    let mut space = false;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for d in chars.by_ref() {
                    if last == '*' && d == '/' {
                        break;
                    }
                    last = d;
                }
                space = true;
            }
            '"' | '\'' => {
                if space && !out.is_empty() && !out.ends_with(['{', '}', ';', ',', '>']) {
                    out.push(' ');
                }
                space = false;
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == c {
                        break;
                    }
                }
            }
            c if c.is_whitespace() => space = true,
            c => {
                let tight = matches!(c, '{' | '}' | ';' | ',' | '>');
                if space && !tight && !out.is_empty() && !out.ends_with(['{', '}', ';', ',', '>']) {
                    out.push(' ');
                }
                space = false;
                if c == '}' && out.ends_with(';') {
                    out.pop();
                }
                out.push(c);
            }
        }
    }
    out
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=Cargo.toml");
    println!("cargo::rerun-if-changed=locales");
    println!("cargo::rerun-if-changed=games.txt");
    println!("cargo::rerun-if-changed=rules/games_list.rs");
    println!("cargo::rerun-if-changed=src/games");
    let games = games();
    let out_dir = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out_dir.join("games.rs"), game_modules(&games)).expect("write games.rs");
    // The chunk's screens' stylesheet, adopted when the chunk is in (not a
    // file of the first load): minified as Trunk minifies main.css.
    println!("cargo::rerun-if-changed=style/screens.css");
    let css = std::fs::read_to_string("style/screens.css").expect("read style/screens.css");
    std::fs::write(out_dir.join("screens.css"), minify_css(&css)).expect("write screens.css");
    // The game chunks (feature `split`): wasm-split-cli cuts the linked
    // module along the linker's relocations, so the app binary keeps them.
    // Only this crate's link changes: no dependency is rebuilt.
    if std::env::var_os("CARGO_FEATURE_SPLIT").is_some()
        && std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32")
    {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
    let en_texts = texts("en", &games);
    let de_texts = texts("de", &games);
    let en = load(&en_texts);
    let de = load(&de_texts);
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

    // The shell's texts (what the first load shows before any chunk is in:
    // the home screen, the language switch, a load that failed, the panic
    // screen) come first and stay in the main module; every other text is
    // in `rest_text`, which only the chunks' entry points reach, so
    // wasm-split-cli moves those texts (most of them) out of the first load.
    let shell = shell_keys(&en_texts);
    let en_texts: Vec<(String, String)> = en_texts
        .iter()
        .filter(|(k, _)| shell.contains(k))
        .chain(en_texts.iter().filter(|(k, _)| !shell.contains(k)))
        .cloned()
        .collect();
    let de_of = |k: &str| {
        de_texts
            .iter()
            .find(|(d, _)| d == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let n_shell = shell.len();
    let list = |lang: &str, range: std::ops::Range<usize>| {
        en_texts[range]
            .iter()
            .map(|(k, v)| {
                let v = if lang == "en" { v.clone() } else { de_of(k) };
                format!("{v:?}")
            })
            .collect::<Vec<_>>()
            .join(",\n")
    };
    let n = en_texts.len();
    let mut out = format!(
        "/// How many texts the main module holds (keys below this).\npub const SHELL: usize = {n_shell};\n\
         static SHELL_EN: [&str; {n_shell}] = [{}];\nstatic SHELL_DE: [&str; {n_shell}] = [{}];\n\
         /// Every other text (key - SHELL), in the chunks.\n\
         fn rest_text(l: Locale, k: usize) -> &'static str {{\n\
         static REST_EN: [&str; {r}] = [{}];\nstatic REST_DE: [&str; {r}] = [{}];\n\
         match l {{ Locale::en => REST_EN[k], Locale::de => REST_DE[k] }}\n}}\n",
        list("en", 0..n_shell),
        list("de", 0..n_shell),
        list("en", n_shell..n),
        list("de", n_shell..n),
        r = n - n_shell,
    );
    out.push_str("#[allow(non_upper_case_globals, dead_code)]\npub mod keys {\n");
    for (i, (k, _)) in en_texts.iter().enumerate() {
        out.push_str(&format!("    pub const {k}: usize = {i};\n"));
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
