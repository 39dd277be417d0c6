//! `openapi.yaml` is bundled from the folder `openapi/`: `openapi/root.yaml` holds the
//! document's top (`openapi`, `info`, `servers`, `security`) and the skeleton of `paths`
//! and `components`, and each line `#@include FILE` in it stands for that file of the
//! folder, every line indented as the directive is (`openapi/README.md`). The files are
//! plain YAML on their own: `paths/<group>.yaml` holds path items, `schemas/<group>.yaml`
//! schemas, `components/*.yaml` the other components.
//!
//! The root `openapi.yaml` stays the one document everything reads: the server embeds and
//! serves it, the contract tests, schemathesis and the generated clients read it. This
//! test fails when it is not what the folder bundles to (compared as YAML values, so a
//! difference in layout alone does not count, though the bundle is byte for byte the file
//! when blessed). After editing `openapi/`, write the bundle with
//!
//! ```sh
//! HERMES_BLESS=1 cargo test -p hermes-api --test api -- openapi_bundle
//! ```

use std::path::{Path, PathBuf};
use yaml_rust2::{Yaml, YamlLoader};

/// The directive that stands for a file of `openapi/`, after the line's indentation.
const INCLUDE: &str = "#@include ";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The one document `openapi/root.yaml` and its includes make.
fn bundle(folder: &Path) -> String {
    let root = std::fs::read_to_string(folder.join("root.yaml")).expect("openapi/root.yaml");
    let mut out = String::with_capacity(root.len() * 20);
    for line in root.lines() {
        let body = line.trim_start_matches(' ');
        let Some(file) = body.strip_prefix(INCLUDE) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let indent = &line[..line.len() - body.len()];
        let file = file.trim();
        let text = std::fs::read_to_string(folder.join(file))
            .unwrap_or_else(|e| panic!("openapi/{file}, included by openapi/root.yaml: {e}"));
        assert!(
            !text.lines().any(|l| l.trim_start().starts_with(INCLUDE)),
            "openapi/{file}: includes are only read in openapi/root.yaml"
        );
        for included in text.lines() {
            if !included.is_empty() {
                out.push_str(indent);
                out.push_str(included);
            }
            out.push('\n');
        }
    }
    out
}

fn parse(name: &str, text: &str) -> Yaml {
    let mut docs =
        YamlLoader::load_from_str(text).unwrap_or_else(|e| panic!("{name} is not YAML: {e}"));
    assert_eq!(docs.len(), 1, "{name}: one document");
    docs.remove(0)
}

/// Where two YAML values first differ, as a path of keys, or `None` when they are equal.
fn first_difference(a: &Yaml, b: &Yaml, at: &str) -> Option<String> {
    match (a, b) {
        (Yaml::Hash(x), Yaml::Hash(y)) => {
            for (k, v) in x {
                let key = k
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("{k:?}"));
                match y.get(k) {
                    None => return Some(format!("{at}/{key}: only in the folder")),
                    Some(w) => {
                        if let Some(d) = first_difference(v, w, &format!("{at}/{key}")) {
                            return Some(d);
                        }
                    }
                }
            }
            let extra = y.keys().find(|k| !x.contains_key(*k))?;
            let key = extra
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| format!("{extra:?}"));
            Some(format!("{at}/{key}: only in openapi.yaml"))
        }
        (Yaml::Array(x), Yaml::Array(y)) => {
            if x.len() != y.len() {
                return Some(format!(
                    "{at}: {} items in the folder, {} in openapi.yaml",
                    x.len(),
                    y.len()
                ));
            }
            x.iter()
                .zip(y)
                .enumerate()
                .find_map(|(i, (v, w))| first_difference(v, w, &format!("{at}/{i}")))
        }
        _ if a == b => None,
        _ => Some(format!("{at}: {a:?} in the folder, {b:?} in openapi.yaml")),
    }
}

#[test]
fn openapi_bundle_is_the_served_document() {
    let root = root();
    let bundled = bundle(&root.join("openapi"));
    let path = root.join("openapi.yaml");
    if std::env::var_os("HERMES_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &bundled).expect("openapi.yaml is written");
        return;
    }
    let served = std::fs::read_to_string(&path).expect("openapi.yaml is read");
    let (folder, file) = (
        parse("the bundle of openapi/", &bundled),
        parse("openapi.yaml", &served),
    );
    // Keys in the same order too: the order of paths and schemas is what clients list.
    if let Some(difference) = first_difference(&folder, &file, "") {
        panic!(
            "openapi.yaml is not the bundle of openapi/ (first difference at {difference}). \
             Edit openapi/, then write the bundle: \
             HERMES_BLESS=1 cargo test -p hermes-api --test api -- openapi_bundle"
        );
    }
    assert!(
        folder == file,
        "openapi.yaml and the bundle of openapi/ differ in key order"
    );
}

#[test]
fn openapi_bundle_covers_every_file_of_the_folder() {
    let folder = root().join("openapi");
    let root_text = std::fs::read_to_string(folder.join("root.yaml")).expect("openapi/root.yaml");
    let included: Vec<&str> = root_text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(INCLUDE))
        .map(str::trim)
        .collect();
    let mut dirs = vec![folder.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("openapi/ is read") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let rel = path.strip_prefix(&folder).expect("under openapi/");
            let rel = rel.to_string_lossy().replace('\\', "/");
            if rel.ends_with(".yaml") && rel != "root.yaml" {
                assert!(
                    included.iter().filter(|f| **f == rel).count() == 1,
                    "openapi/{rel} is not included exactly once by openapi/root.yaml"
                );
            }
        }
    }
}
