//! The layer rule of `lib.rs`, checked on the source: every `crate::x` a file names must
//! be in its own top-level module, in a lower layer, or in a sibling of the same layer that
//! is not an edge; the top-level modules import each other without a cycle; only the HTTP
//! edge and the wiring name actix.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, from the top, and the top-level modules of each (`lib.rs`'s table).
const LAYERS: &[(&str, &[&str])] = &[
    ("wiring", &["main", "startup", "config", "cli"]),
    ("edges", &["http", "inbound", "scheduler", "webhooks"]),
    ("acts", &["play"]),
    ("delivery", &["outbox"]),
    ("runtime", &["state", "metrics", "stream"]),
    (
        "domain",
        &[
            "game", "kinds", "links", "auth", "mail", "board", "calendar", "hooks", "i18n",
        ],
    ),
    ("ground", &["store", "error", "secret", "clock"]),
];

/// Modules that may name actix types: the HTTP edge, and the wiring that starts it.
const ACTIX: &[&str] = &["http", "startup", "main"];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, but the crate root and this test.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the source folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's top-level module (`http` for `src/http/games.rs`, `state` for `src/state.rs`).
fn module_of(rel: &Path) -> String {
    let first = rel.components().next().expect("a path under src");
    first
        .as_os_str()
        .to_string_lossy()
        .trim_end_matches(".rs")
        .to_string()
}

/// A file's code without comments and without its unit tests (a test may wire anything
/// to anything; what ships may not). Test-only files (`tests.rs`, a `tests/` folder) are
/// skipped by the caller.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") {
                ""
            } else {
                // A trailing comment (a `//` in a string, e.g. a URL, is rare in an import
                // line; cutting there only hides names, it never invents one).
                line.split(" //").next().unwrap_or("")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules `code` names through `crate::`: `crate::x::…` and the names of a
/// grouped `use crate::{x, y::z}`.
fn named_modules(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        // `hermes_api::crate::` cannot occur; `$crate::` (a macro) names this crate too.
        if let Some(group) = after.strip_prefix('{') {
            let end = group
                .find("};")
                .or_else(|| group.find('}'))
                .unwrap_or(group.len());
            let mut depth = 0usize;
            let mut item = String::new();
            for c in group[..end].chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth = depth.saturating_sub(1),
                    ',' if depth == 0 => {
                        push_first(&item, &mut out);
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            push_first(&item, &mut out);
        } else {
            push_first(after, &mut out);
        }
        rest = after;
    }
    out
}

fn push_first(path: &str, out: &mut BTreeSet<String>) {
    let name: String = path
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if !name.is_empty() && name != "self" {
        out.insert(name);
    }
}

/// Each top-level module's imports of other top-level modules, with the files naming them.
fn imports() -> BTreeMap<(String, String), Vec<String>> {
    let root = src();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut graph: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for path in all {
        let rel = path.strip_prefix(&root).expect("under src").to_path_buf();
        let module = module_of(&rel);
        let test_only = rel.file_name().is_some_and(|f| f == "tests.rs")
            || rel.components().any(|c| c.as_os_str() == "tests");
        if module == "lib" || module == "layers" || test_only {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for target in named_modules(&code_of(&text)) {
            if target != module && layer_of(&target).is_some() {
                graph
                    .entry((module.clone(), target))
                    .or_default()
                    .push(rel.display().to_string());
            }
        }
    }
    graph
}

#[test]
fn every_top_level_module_has_a_layer() {
    let root = src();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&root).expect("src") {
        let path = entry.expect("an entry").path();
        let rel = path.strip_prefix(&root).expect("under src");
        let module = module_of(rel);
        if module != "lib" && module != "layers" && layer_of(&module).is_none() {
            missing.push(module);
        }
    }
    assert!(
        missing.is_empty(),
        "top-level modules without a layer (add them to lib.rs's table and to LAYERS): {missing:?}"
    );
}

#[test]
fn imports_run_down_the_layers_and_edges_meet_only_in_play() {
    let mut wrong = Vec::new();
    for ((from, to), files) in imports() {
        let (Some(a), Some(b)) = (layer_of(&from), layer_of(&to)) else {
            continue;
        };
        let edges = LAYERS[a].0 == "edges";
        if b < a || (b == a && edges) {
            wrong.push(format!(
                "{from} ({}) imports {to} ({}) in {}",
                LAYERS[a].0,
                LAYERS[b].0,
                files.join(", ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that run up the layers, or between two edges:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_top_level_modules_import_each_other_without_a_cycle() {
    let mut next: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in imports().into_keys() {
        next.entry(from).or_default().insert(to);
    }
    // Depth-first, keeping the path, so a cycle is shown whole.
    fn visit(
        node: &str,
        next: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for to in next.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(to, next, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in next.keys() {
        if let Some(cycle) = visit(node, &next, &mut Vec::new(), &mut done) {
            panic!(
                "the modules import each other in a circle: {}",
                cycle.join(" → ")
            );
        }
    }
}

#[test]
fn only_the_http_edge_and_the_wiring_name_actix() {
    let root = src();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut wrong = Vec::new();
    for path in all {
        let rel = path.strip_prefix(&root).expect("under src");
        let module = module_of(rel);
        if ACTIX.contains(&module.as_str()) || module == "layers" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        if code_of(&text).contains("actix") {
            wrong.push(rel.display().to_string());
        }
    }
    assert!(
        wrong.is_empty(),
        "files outside the HTTP edge naming actix: {wrong:?}"
    );
}

#[test]
fn the_reader_of_imports_finds_what_a_file_names() {
    let code = code_of(
        "use crate::{game::Table, store::{self, Db}};\n\
         // use crate::http::x;\n\
         let a = crate::outbox::wake(app); // crate::metrics\n",
    );
    let found: Vec<String> = named_modules(&code).into_iter().collect();
    assert_eq!(found, ["game", "outbox", "store"]);
}

/// The HTTP edge's modules: the HTML pages (with the browser session), the JSON API, and
/// what both use (the caller, the client address, conditional requests, the pictures'
/// drawings, problem+json, rate-limit headers). A page and a JSON handler never call each
/// other: both call `play/` (or read through `game/` and `store/`).
const PAGES: &[&str] = &[
    "account",
    "docs",
    "live",
    "lobby",
    "page_lang",
    "pages",
    "play",
    "replay",
    "session",
];
const JSON: &[&str] = &[
    "auth",
    "board",
    "calendar",
    "decks",
    "games",
    "health",
    "inbound",
    "log",
    "me",
    "messages",
    "queue",
    "metrics",
    "openapi",
    "preferences",
    "rematch",
    "stream",
    "tokens",
    "turns",
    "users",
    "vacation",
    "webhooks",
];
const SHARED: &[&str] = &[
    "mod",
    "caller",
    "client",
    "conditional",
    "edge",
    "object",
    "pictures",
    "problem",
    "ratelimit",
    "sse",
];

/// The HTTP modules a file of `http/` names: `crate::http::x` anywhere, and `super::x` in
/// a file directly in `http/`.
fn http_modules(code: &str, top_level: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut prefixes = vec!["crate::http::"];
    if top_level {
        prefixes.push("super::");
    }
    for prefix in prefixes {
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let after = &rest[at + prefix.len()..];
            if let Some(group) = after.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    push_first(item, &mut out);
                }
            } else {
                push_first(after, &mut out);
            }
            rest = after;
        }
    }
    out
}

#[test]
fn the_pages_and_the_json_handlers_never_call_each_other() {
    let root = src().join("http");
    let mut all = Vec::new();
    files(&root, &mut all);
    let (mut wrong, mut unplaced) = (Vec::new(), BTreeSet::new());
    for path in all {
        let rel = path.strip_prefix(&root).expect("under http");
        let module = module_of(rel);
        let side = |m: &str| {
            if PAGES.contains(&m) {
                Some("page")
            } else if JSON.contains(&m) {
                Some("json")
            } else if SHARED.contains(&m) {
                Some("shared")
            } else {
                None
            }
        };
        let Some(mine) = side(&module) else {
            unplaced.insert(module);
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("a source file");
        let top_level = rel.components().count() == 1;
        for other in http_modules(&code_of(&text), top_level) {
            let Some(theirs) = side(&other) else {
                continue;
            };
            let crossing = matches!((mine, theirs), ("page", "json") | ("json", "page"));
            // What both use must not lean on either.
            let leaning = mine == "shared" && theirs != "shared";
            if crossing || leaning {
                wrong.push(format!(
                    "{} ({mine}) names http::{other} ({theirs})",
                    rel.display()
                ));
            }
        }
    }
    assert!(
        unplaced.is_empty(),
        "http modules that are neither page, JSON nor shared (place them in layers.rs): {unplaced:?}"
    );
    assert!(
        wrong.is_empty(),
        "a page and a JSON handler call each other:\n{}",
        wrong.join("\n")
    );
}
