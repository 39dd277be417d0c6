//! The rules and the notation guide as pages: `GET /rules/gods`, `/rules/dreams`,
//! `/rules/gods/decisions`, `/rules/dreams/decisions` and `/notation`, made from the
//! repository's own Markdown (`docs/rules/*.md`, `docs/players/*-decisions.md`,
//! `docs/players/notation.md`), embedded at build time and turned into HTML when asked for (well under a millisecond).
//!
//! Owns: the Markdown → HTML step (`pulldown-cmark`), an anchor per rule id (a list item
//! that starts with `G-A3` or `**D-R4**` gets `id="G-A3"`, so an error can link
//! `/rules/gods#G-A3`), GitHub-style ids on headings (`#slots-which-tile-of-the-display`),
//! and rewriting links between the documents to the pages' paths (a link to a document
//! that is not served becomes plain text). Must not: change what the rules say; the
//! Markdown files are the one source.

use crate::http::pages::{page, render_in, PageResult};
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::web;
use pulldown_cmark::{html, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde::Serialize;
use std::collections::HashMap;

/// One served document: its path under the public URL, its title and its Markdown.
struct Doc {
    path: &'static str,
    file: &'static str,
    title: &'static str,
    source: &'static str,
}

macro_rules! doc {
    ($path:literal, $file:literal, $title:literal) => {
        Doc {
            path: $path,
            file: $file,
            title: $title,
            source: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/", $file)),
        }
    };
}

static DOCS: &[Doc] = &[
    doc!("/rules/gods", "rules/gods.md", "The rules of Gods"),
    doc!("/rules/dreams", "rules/dreams.md", "The rules of Dreams"),
    doc!(
        "/rules/gods/decisions",
        "players/gods-decisions.md",
        "Gods: how Hermes settles open cases"
    ),
    doc!(
        "/rules/dreams/decisions",
        "players/dreams-decisions.md",
        "Dreams: how Hermes settles open cases"
    ),
    doc!(
        "/notation",
        "players/notation.md",
        "Writing a turn: the notation"
    ),
];

/// The page of a rule: `/rules/gods#G-A3` for `G-A3`, `/rules/dreams#D-R4` for `D-R4`.
pub fn rule_href(base: &str, rule: &str) -> Option<String> {
    let page = if rule.starts_with("G-") {
        "/rules/gods"
    } else if rule.starts_with("D-") {
        "/rules/dreams"
    } else {
        return None;
    };
    Some(format!("{base}{page}#{rule}"))
}

/// The rule id at the start of `text` (`G-A3`, `G-BAG5`, `D-R4`), if any.
pub fn leading_rule_id(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    if bytes.len() < 4 || !(bytes[0] == b'G' || bytes[0] == b'D') || bytes[1] != b'-' {
        return None;
    }
    let letters = bytes[2..]
        .iter()
        .take_while(|b| b.is_ascii_uppercase())
        .count();
    let digits = bytes[2 + letters..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if letters == 0 || digits == 0 {
        return None;
    }
    let end = 2 + letters + digits;
    // `G-A3:` or `G-A3 ` or the end: not `G-A3x`.
    match bytes.get(end) {
        Some(b) if b.is_ascii_alphanumeric() => None,
        _ => text.get(..end),
    }
}

/// A GitHub-style heading id: lower case, letters, digits, `-` and `_`; spaces become `-`.
fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Where a link between the documents points on the server, or `None` for a document
/// that is not served (the link is then dropped, its text kept).
fn rewrite_link(base: &str, dest: &str) -> Option<String> {
    if dest.starts_with("http://") || dest.starts_with("https://") || dest.starts_with('#') {
        return Some(dest.to_string());
    }
    let (file, anchor) = match dest.split_once('#') {
        Some((f, a)) => (f, Some(a)),
        None => (dest, None),
    };
    let file = file.trim_start_matches("../").trim_start_matches("./");
    let doc = DOCS
        .iter()
        .find(|d| d.file == file || d.file.rsplit('/').next() == Some(file))?;
    Some(match anchor {
        Some(a) => format!("{base}{}#{a}", doc.path),
        None => format!("{base}{}", doc.path),
    })
}

/// `source` as HTML, with rule anchors, heading ids and links rewritten for `base`.
pub fn to_html(base: &str, source: &str) -> String {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    let events: Vec<Event<'_>> = Parser::new_ext(source, options).collect();
    let mut out: Vec<Event<'_>> = Vec::with_capacity(events.len());
    let mut seen: HashMap<String, usize> = HashMap::new();
    // Inside a link to a document that is not served: its end is dropped too.
    let mut dropped_links = 0usize;
    let mut at_item_start = false;
    let mut i = 0;
    while i < events.len() {
        let event = events[i].clone();
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                // Collect the heading's inner events to name it.
                let mut j = i + 1;
                let mut text = String::new();
                let mut inner = Vec::new();
                while j < events.len() && !matches!(events[j], Event::End(TagEnd::Heading(_))) {
                    if let Event::Text(t) | Event::Code(t) = &events[j] {
                        text.push_str(t);
                    }
                    inner.push(events[j].clone());
                    j += 1;
                }
                let mut id = slug(&text);
                let n = seen.entry(id.clone()).or_insert(0);
                if *n > 0 {
                    id = format!("{id}-{n}");
                }
                *n += 1;
                let tag = heading_tag(level);
                out.push(Event::Html(CowStr::from(format!("<{tag} id=\"{id}\">"))));
                out.extend(inner);
                out.push(Event::Html(CowStr::from(format!("</{tag}>\n"))));
                i = j + 1;
                continue;
            }
            Event::Start(Tag::Item) => {
                at_item_start = true;
                out.push(event);
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => match rewrite_link(base, &dest_url) {
                Some(dest) => out.push(Event::Start(Tag::Link {
                    link_type,
                    dest_url: CowStr::from(dest),
                    title,
                    id,
                })),
                None => dropped_links += 1,
            },
            Event::End(TagEnd::Link) if dropped_links > 0 => dropped_links -= 1,
            Event::Text(ref t) if at_item_start => {
                at_item_start = false;
                if let Some(rule) = leading_rule_id(t) {
                    out.push(Event::InlineHtml(CowStr::from(format!(
                        "<a class=\"rule\" id=\"{rule}\" href=\"#{rule}\">¶</a> "
                    ))));
                }
                out.push(event);
            }
            Event::Start(Tag::Strong) | Event::Start(Tag::Paragraph) => out.push(event),
            other => {
                at_item_start = false;
                out.push(other);
            }
        }
        i += 1;
    }
    let mut html_out = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut html_out, out.into_iter());
    html_out
}

fn heading_tag(level: HeadingLevel) -> &'static str {
    match level {
        HeadingLevel::H1 => "h1",
        HeadingLevel::H2 => "h2",
        HeadingLevel::H3 => "h3",
        HeadingLevel::H4 => "h4",
        HeadingLevel::H5 => "h5",
        HeadingLevel::H6 => "h6",
    }
}

#[derive(Serialize)]
struct DocPage<'a> {
    title: &'a str,
    /// The document as HTML, made from our own Markdown: printed unescaped.
    body: &'a str,
}

/// `GET /rules/gods` and the other documents.
pub async fn get(state: web::Data<AppState>, req: actix_web::HttpRequest) -> PageResult {
    let base = state.base_path.as_str();
    let path = req
        .match_pattern()
        .unwrap_or_else(|| req.path().to_string());
    let doc = DOCS
        .iter()
        .find(|d| d.path == path)
        .ok_or_else(|| crate::http::pages::PageError::internal("an unrouted document"))?;
    // A few hundred lines of Markdown take well under a millisecond: no cache.
    let body = to_html(base, doc.source);
    let html = render_in(
        base,
        "doc.html",
        &DocPage {
            title: doc.title,
            body: &body,
        },
    )?;
    Ok(page(StatusCode::OK, html))
}

/// The paths served, for routing.
pub fn paths() -> impl Iterator<Item = &'static str> {
    DOCS.iter().map(|d| d.path)
}

/// The file a served path is made from (`docs/…`), for tests.
pub fn file_of(path: &str) -> Option<&'static str> {
    DOCS.iter().find(|d| d.path == path).map(|d| d.file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_read_from_the_start_of_a_text() {
        assert_eq!(leading_rule_id("G-A3 Place a temple"), Some("G-A3"));
        assert_eq!(leading_rule_id("G-BAG5: decay"), Some("G-BAG5"));
        assert_eq!(leading_rule_id("D-R4"), Some("D-R4"));
        assert_eq!(leading_rule_id("G-A3x"), None);
        assert_eq!(leading_rule_id("Gods"), None);
        assert_eq!(leading_rule_id("G-3"), None);
    }

    #[test]
    fn every_rule_of_both_games_has_an_anchor_on_its_page() {
        for (file, prefix) in [("rules/gods.md", "G-"), ("rules/dreams.md", "D-")] {
            let doc = DOCS.iter().find(|d| d.file == file).expect("served");
            let html = to_html("", doc.source);
            // Every id the Markdown defines at the start of a list item.
            let ids: Vec<&str> = doc
                .source
                .lines()
                .filter_map(|l| l.trim_start().strip_prefix("- "))
                .map(|l| l.trim_start_matches("**"))
                .filter_map(leading_rule_id)
                .collect();
            assert!(ids.len() > 10, "{file}: {ids:?}");
            for id in ids {
                assert!(id.starts_with(prefix));
                assert!(
                    html.contains(&format!("id=\"{id}\"")),
                    "{file}: no anchor for {id}"
                );
            }
        }
    }

    #[test]
    fn links_between_documents_point_at_the_pages() {
        let html = to_html(
            "/base",
            "See [the guide](../notation.md#slots-which-tile-of-the-display), [Dreams](rules/dreams.md) and [a file](replay.md).",
        );
        assert!(
            html.contains("href=\"/base/notation#slots-which-tile-of-the-display\""),
            "{html}"
        );
        assert!(html.contains("href=\"/base/rules/dreams\""), "{html}");
        assert!(!html.contains("replay.md"), "{html}");
        assert!(html.contains("a file"), "{html}");
    }

    #[test]
    fn headings_get_the_ids_the_documents_link_to() {
        let doc = DOCS
            .iter()
            .find(|d| d.file == "players/notation.md")
            .expect("served");
        let html = to_html("", doc.source);
        assert!(
            html.contains("id=\"slots-which-tile-of-the-display\""),
            "the rules link to this heading"
        );
        assert!(html.contains("id=\"writing-a-turn-of-dreams\""));
    }

    /// The Markdown files a reader of the repository follows links between: the README,
    /// BENCHMARKS.md, everything under `docs/`, and the READMEs of `openapi/` and
    /// `tests/clients/`.
    fn repository_markdown(root: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut files = vec![
            root.join("README.md"),
            root.join("BENCHMARKS.md"),
            root.join("openapi/README.md"),
            root.join("tests/clients/README.md"),
        ];
        let mut dirs = vec![root.join("docs")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("docs/ is read") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "md") {
                    files.push(path);
                }
            }
        }
        files.retain(|f| f.exists());
        files.sort();
        files
    }

    /// The ids a Markdown file's headings get on GitHub (and on the served pages).
    fn heading_ids(source: &str) -> Vec<String> {
        let mut ids = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut text: Option<String> = None;
        for event in Parser::new_ext(source, Options::ENABLE_TABLES) {
            match event {
                Event::Start(Tag::Heading { .. }) => text = Some(String::new()),
                Event::Text(t) | Event::Code(t) => {
                    if let Some(text) = text.as_mut() {
                        text.push_str(&t);
                    }
                }
                Event::End(TagEnd::Heading(_)) => {
                    let base = slug(&text.take().unwrap_or_default());
                    let n = seen.entry(base.clone()).or_insert(0);
                    ids.push(if *n == 0 {
                        base.clone()
                    } else {
                        format!("{base}-{n}")
                    });
                    *n += 1;
                }
                _ => {}
            }
        }
        ids
    }

    /// Every relative link in the README and in `docs/**/*.md` names a file that exists,
    /// and a link to a heading of a Markdown file (`stream.md#bounds`) names one it has.
    /// Moving a document means fixing the links to it: this says which.
    #[test]
    fn every_link_between_the_repository_documents_resolves() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut broken = Vec::new();
        for file in repository_markdown(&root) {
            let source = std::fs::read_to_string(&file).expect("a document is read");
            let shown = file
                .strip_prefix(&root)
                .unwrap_or(&file)
                .display()
                .to_string();
            for event in Parser::new_ext(&source, Options::ENABLE_TABLES) {
                let Event::Start(Tag::Link { dest_url, .. }) = event else {
                    continue;
                };
                let dest = dest_url.as_ref();
                if dest.contains("://") || dest.starts_with("mailto:") {
                    continue;
                }
                let (target, anchor) = match dest.split_once('#') {
                    Some((t, a)) => (t, Some(a)),
                    None => (dest, None),
                };
                let target_path = if target.is_empty() {
                    file.clone()
                } else {
                    file.parent().expect("in a folder").join(target)
                };
                if !target_path.exists() {
                    broken.push(format!("{shown}: {dest}: no such file"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    if target_path.extension().is_some_and(|e| e == "md") {
                        let target_source =
                            std::fs::read_to_string(&target_path).expect("a document is read");
                        if !heading_ids(&target_source).iter().any(|id| id == anchor) {
                            broken.push(format!("{shown}: {dest}: no such heading"));
                        }
                    }
                }
            }
        }
        assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    }

    /// `docs/dev/ARCHITECTURE.md` is the codemap: it names every folder of `api/src`
    /// (as `` `api/src/auth/` `` or, under its parent's heading, `` `board/dreams/` ``).
    /// A new folder needs its line there.
    #[test]
    fn the_codemap_names_every_folder_of_the_service() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let map = std::fs::read_to_string(root.join("../docs/dev/ARCHITECTURE.md"))
            .expect("docs/dev/ARCHITECTURE.md is read");
        let src = root.join("src");
        let mut dirs = vec![src.clone()];
        let mut missing = Vec::new();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("api/src is read") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    let rel = path.strip_prefix(&src).expect("under api/src");
                    let rel = rel.to_string_lossy().replace('\\', "/");
                    if !map.contains(&format!("`api/src/{rel}/`"))
                        && !map.contains(&format!("`{rel}/`"))
                    {
                        missing.push(rel);
                    }
                    dirs.push(path);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "not in docs/dev/ARCHITECTURE.md: {missing:?}"
        );
    }
}
