//! The one reader of games.txt (`id module Type` per line, in home-screen
//! order), shared by both build scripts: rules/build.rs (`mod games_list;`)
//! and the app's build.rs (`#[path = "rules/games_list.rs"]`). A malformed
//! list fails the build with its line; `json` is the list the Node tests
//! read (tests/games.json, written by the app's build.rs).

use std::collections::BTreeSet;
use std::path::Path;

/// One line of games.txt.
pub struct Entry {
    pub id: String,
    pub module: String,
    pub ty: String,
}

/// Rust's reserved words, which cannot name a module or a type.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s != "_"
        && !KEYWORDS.contains(&s)
}

/// The games `list` names, each checked: id, module and type well formed
/// and each listed once, and `src/<module>/mod.rs` present under `src`.
pub fn read_list(list: &Path, src: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(list)
        .unwrap_or_else(|e| panic!("cannot read the list of games {}: {e}", list.display()));
    let mut ids = BTreeSet::new();
    let mut modules = BTreeSet::new();
    let mut entries = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let at = format!("{}:{}", list.display(), n + 1);
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [id, module, ty] = cols[..] else {
            panic!(
                "{at}: expected three columns `id module Type`, found {}: {line:?}",
                cols.len()
            );
        };
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{at}: the id {id:?} may hold only a-z, 0-9 and '-'"
        );
        assert!(
            is_identifier(module),
            "{at}: the module {module:?} is not a Rust identifier"
        );
        assert!(
            is_identifier(ty),
            "{at}: the type {ty:?} is not a Rust identifier"
        );
        assert!(ids.insert(id), "{at}: the id {id:?} is listed twice");
        assert!(
            modules.insert(module),
            "{at}: the module {module:?} is listed twice"
        );
        let mod_rs = src.join(module).join("mod.rs");
        assert!(
            mod_rs.is_file(),
            "{at}: the game {id:?} has no rules: {} does not exist",
            mod_rs.display()
        );
        entries.push(Entry {
            id: id.into(),
            module: module.into(),
            ty: ty.into(),
        });
    }
    assert!(!entries.is_empty(), "{}: lists no game", list.display());
    entries
}

/// The list as JSON (id, module, type per game, in order), for the Node
/// tests.
pub fn json(games: &[Entry]) -> String {
    let rows: Vec<String> = games
        .iter()
        .map(|g| {
            format!(
                "  {{ \"id\": \"{}\", \"module\": \"{}\", \"type\": \"{}\" }}",
                g.id, g.module, g.ty
            )
        })
        .collect();
    format!("[\n{}\n]\n", rows.join(",\n"))
}
