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
//!
//! Languages: a document may have translations (`docs/rules/<code>/gods.md`, the same rule
//! ids in the same order). One path serves them all, in the reader's language
//! (`crate::http::page_lang`: `?lang=xx`, else the language chosen before, else the
//! signed-in account's language, else `Accept-Language`, else English), with `<html lang>` set and links to the same page in
//! its other languages; so `/rules/gods#G-A3`, wherever it is linked from, opens the rule
//! in the reader's language. A document without a translation in that language is served
//! in English.

use crate::http::page_lang;
use crate::http::pages::{page, render_in, PageResult};
use crate::http::session::WebUser;
use crate::i18n::Lang;
use crate::state::AppState;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest};
use pulldown_cmark::{html, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde::Serialize;
use std::collections::HashMap;

/// One served document: its path under the public URL, its title and its Markdown, and
/// the same document in other languages.
struct Doc {
    path: &'static str,
    file: &'static str,
    title: &'static str,
    source: &'static str,
    translations: &'static [Translation],
}

/// A document in another language than English: its title is its first heading.
struct Translation {
    lang: Lang,
    file: &'static str,
    source: &'static str,
}

macro_rules! doc {
    ($path:literal, $file:literal, $title:literal) => {
        doc!($path, $file, $title, &[])
    };
    ($path:literal, $file:literal, $title:literal, $translations:expr) => {
        Doc {
            path: $path,
            file: $file,
            title: $title,
            source: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/", $file)),
            translations: $translations,
        }
    };
}

macro_rules! translation {
    ($lang:ident, $code:literal, $folder:literal, $name:literal) => {
        Translation {
            lang: Lang::$lang,
            file: concat!($folder, "/", $code, "/", $name),
            source: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../docs/",
                $folder,
                "/",
                $code,
                "/",
                $name
            )),
        }
    };
}

/// The translations of `docs/<folder>/<name>`: `docs/<folder>/<code>/<name>` in each
/// language but English (a missing one is a build error).
macro_rules! translations {
    ($folder:literal, $name:literal) => {
        &[
            translation!(It, "it", $folder, $name),
            translation!(Fr, "fr", $folder, $name),
            translation!(Nl, "nl", $folder, $name),
            translation!(De, "de", $folder, $name),
            translation!(Ja, "ja", $folder, $name),
        ]
    };
}

static GODS: &[Translation] = translations!("rules", "gods.md");
static DREAMS: &[Translation] = translations!("rules", "dreams.md");
static NOTATION: &[Translation] = translations!("players", "notation.md");
static GODS_DECISIONS: &[Translation] = translations!("players", "gods-decisions.md");
static DREAMS_DECISIONS: &[Translation] = translations!("players", "dreams-decisions.md");

static DOCS: &[Doc] = &[
    doc!("/rules/gods", "rules/gods.md", "The rules of Gods", GODS),
    doc!(
        "/rules/dreams",
        "rules/dreams.md",
        "The rules of Dreams",
        DREAMS
    ),
    doc!(
        "/rules/gods/decisions",
        "players/gods-decisions.md",
        "Gods: how Hermes settles open cases",
        GODS_DECISIONS
    ),
    doc!(
        "/rules/dreams/decisions",
        "players/dreams-decisions.md",
        "Dreams: how Hermes settles open cases",
        DREAMS_DECISIONS
    ),
    doc!(
        "/notation",
        "players/notation.md",
        "Writing a turn: the notation",
        NOTATION
    ),
];

impl Doc {
    /// The languages this document is served in, English first.
    fn langs(&self) -> impl Iterator<Item = Lang> + '_ {
        std::iter::once(Lang::En).chain(self.translations.iter().map(|t| t.lang))
    }

    /// The document in `lang`: the language it is in (English when it has no such
    /// translation), its title and its Markdown.
    fn version(&self, lang: Lang) -> (Lang, String, &'static str) {
        match self.translations.iter().find(|t| t.lang == lang) {
            Some(t) => (t.lang, first_heading(t.source), t.source),
            None => (Lang::En, self.title.to_string(), self.source),
        }
    }
}

/// The text of a Markdown document's first `# ` heading (its title), without emphasis marks
/// or an explicit id (`{#writing-a-turn-of-gods}`).
fn first_heading(source: &str) -> String {
    source
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .map(|t| {
            let t = match t.trim_end().rsplit_once("{#") {
                Some((before, id)) if id.ends_with('}') => before,
                _ => t,
            };
            t.replace('*', "").trim().to_string()
        })
        .unwrap_or_default()
}

/// How the documents are read: tables, strikethrough, and a heading's explicit id
/// (`## Spazi {#slots-which-tile-of-the-display}`), which a translation gives each heading
/// so that a link to the English heading's id opens the same section in every language.
fn markdown_options() -> Options {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    options.insert(Options::ENABLE_HEADING_ATTRIBUTES);
    options
}

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
/// that is not served (the link is then dropped, its text kept). `lang`: the language
/// the reader chose in the address, which the link carries on (`/notation?lang=fr`).
fn rewrite_link(base: &str, dest: &str, lang: Option<Lang>) -> Option<String> {
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
    let query = lang
        .map(|l| format!("?lang={}", l.code()))
        .unwrap_or_default();
    Some(match anchor {
        Some(a) => format!("{base}{}{query}#{a}", doc.path),
        None => format!("{base}{}{query}", doc.path),
    })
}

/// `source` as HTML, with rule anchors, heading ids and links rewritten for `base`.
pub fn to_html(base: &str, source: &str) -> String {
    to_html_in(base, source, None)
}

/// [`to_html`], the links to other documents carrying the language the reader chose in
/// the address (`lang`), if they did.
fn to_html_in(base: &str, source: &str, lang: Option<Lang>) -> String {
    let events: Vec<Event<'_>> = Parser::new_ext(source, markdown_options()).collect();
    let mut out: Vec<Event<'_>> = Vec::with_capacity(events.len());
    let mut seen: HashMap<String, usize> = HashMap::new();
    // Inside a link to a document that is not served: its end is dropped too.
    let mut dropped_links = 0usize;
    let mut at_item_start = false;
    let mut i = 0;
    while i < events.len() {
        let event = events[i].clone();
        match event {
            Event::Start(Tag::Heading {
                level,
                id: explicit,
                ..
            }) => {
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
                let id = match explicit {
                    Some(id) => crate::i18n::html_escape(&id).into_owned(),
                    None => {
                        let mut id = slug(&text);
                        let n = seen.entry(id.clone()).or_insert(0);
                        if *n > 0 {
                            id = format!("{id}-{n}");
                        }
                        *n += 1;
                        id
                    }
                };
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
            }) => match rewrite_link(base, &dest_url, lang) {
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
    /// The page's language (`<html lang>`).
    lang: &'static str,
    /// The same page in each language it has, this one included; empty when it has one.
    langs: Vec<LangLink>,
    langs_label: String,
}

#[derive(Serialize)]
struct LangLink {
    code: &'static str,
    name: &'static str,
    href: String,
    /// The same page's address in full, for `<link rel="alternate" hreflang>`.
    url: String,
    current: bool,
}

/// `GET /rules/gods` and the other documents, in the reader's language (`page_lang`).
pub async fn get(state: web::Data<AppState>, req: actix_web::HttpRequest) -> PageResult {
    let base = state.base_path.as_str();
    let path = req
        .match_pattern()
        .unwrap_or_else(|| req.path().to_string());
    let doc = DOCS
        .iter()
        .find(|d| d.path == path)
        .ok_or_else(|| crate::http::pages::PageError::internal("an unrouted document"))?;
    // The session, if any, tells the reader's account language (`page_lang`).
    let _ = WebUser::from_request(&req, &mut actix_web::dev::Payload::None).await;
    let wanted = page_lang::lang();
    let chosen = page_lang::chosen_in_address().is_some();
    let (lang, title, source) = doc.version(wanted);
    // A few hundred lines of Markdown take well under a millisecond: no cache.
    let body = to_html_in(base, source, chosen.then_some(wanted));
    let public = state.public_url.trim_end_matches('/');
    let public_root = public.strip_suffix(base).unwrap_or(public);
    let langs: Vec<LangLink> = if doc.translations.is_empty() {
        Vec::new()
    } else {
        doc.langs()
            .map(|l| LangLink {
                code: l.code(),
                name: l.name(),
                href: format!("{base}{}?lang={}", doc.path, l.code()),
                url: format!("{public_root}{base}{}?lang={}", doc.path, l.code()),
                current: l == lang,
            })
            .collect()
    };
    let html = render_in(
        base,
        "doc.html",
        &DocPage {
            title: &title,
            body: &body,
            lang: lang.code(),
            langs,
            langs_label: crate::i18n::text(lang, "page-languages", &[]),
        },
    )?;
    let mut res = page(StatusCode::OK, html);
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.code()),
    );
    if !doc.translations.is_empty() {
        // The same address answers in several languages, by these two headers (the
        // session cookie names the account whose language counts).
        headers.insert(
            header::VARY,
            HeaderValue::from_static("Accept-Language, Cookie"),
        );
    }
    Ok(res)
}

/// The paths served, for routing.
pub fn paths() -> impl Iterator<Item = &'static str> {
    DOCS.iter().map(|d| d.path)
}

/// The file a served path is made from (`docs/…`), for tests.
pub fn file_of(path: &str) -> Option<&'static str> {
    DOCS.iter().find(|d| d.path == path).map(|d| d.file)
}

/// The languages a served path has, each with the file it is made from (`docs/…`),
/// English first; for tests.
pub fn files_of(path: &str) -> Vec<(Lang, &'static str)> {
    DOCS.iter()
        .filter(|d| d.path == path)
        .flat_map(|d| {
            std::iter::once((Lang::En, d.file))
                .chain(d.translations.iter().map(|t| (t.lang, t.file)))
        })
        .collect()
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

    /// Every id a Markdown document defines at the start of a list item, in order.
    fn listed_rule_ids(source: &str) -> Vec<&str> {
        source
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("- "))
            .map(|l| l.trim_start_matches("**"))
            .filter_map(leading_rule_id)
            .collect()
    }

    /// Each served document in each of its languages: (language, file, Markdown).
    fn every_version() -> Vec<(&'static Doc, Lang, &'static str, &'static str)> {
        DOCS.iter()
            .flat_map(|d| {
                std::iter::once((d, Lang::En, d.file, d.source)).chain(
                    d.translations
                        .iter()
                        .map(move |t| (d, t.lang, t.file, t.source)),
                )
            })
            .collect()
    }

    #[test]
    fn every_rule_of_both_games_has_an_anchor_on_its_page_in_every_language() {
        let mut seen = 0;
        for (doc, lang, file, source) in every_version() {
            let prefix = match doc.file {
                "rules/gods.md" => "G-",
                "rules/dreams.md" => "D-",
                _ => continue,
            };
            seen += 1;
            let html = to_html("", source);
            let ids = listed_rule_ids(source);
            assert!(ids.len() > 10, "{file}: {ids:?}");
            for id in ids {
                assert!(id.starts_with(prefix), "{file}: {id}");
                assert!(
                    html.contains(&format!("id=\"{id}\"")),
                    "{file} ({}): no anchor for {id}",
                    lang.code()
                );
            }
        }
        assert_eq!(seen, 2 * Lang::ALL.len(), "both games in every language");
    }

    /// A translation is the same rules: exactly the English page's rule ids, in the same
    /// order, so `/rules/gods#G-A3` means the same rule in every language.
    #[test]
    fn every_translation_has_the_english_rule_ids_in_the_same_order() {
        for doc in DOCS.iter().filter(|d| !d.translations.is_empty()) {
            let english = listed_rule_ids(doc.source);
            for t in doc.translations {
                assert_eq!(
                    listed_rule_ids(t.source),
                    english,
                    "{} against {}",
                    t.file,
                    doc.file
                );
            }
        }
    }

    /// Every language of a document is one of ours, once, and every file under
    /// `docs/rules/<code>/` is served as a translation (a new one needs its line in `DOCS`).
    #[test]
    fn every_translated_file_is_served_once_in_its_own_language() {
        let mut served = Vec::new();
        for doc in DOCS {
            let mut langs: Vec<&str> = doc.langs().map(Lang::code).collect();
            let n = langs.len();
            langs.sort();
            langs.dedup();
            assert_eq!(langs.len(), n, "{}: a language twice", doc.path);
            for t in doc.translations {
                assert_ne!(t.lang, Lang::En, "{}", t.file);
                assert_eq!(
                    t.file,
                    format!(
                        "{}/{}/{}",
                        doc.file.rsplit_once('/').map_or("", |(dir, _)| dir),
                        t.lang.code(),
                        doc.file.rsplit('/').next().unwrap_or_default()
                    ),
                    "a translation lives at <folder>/<code>/<name>"
                );
                served.push(t.file.to_string());
            }
        }
        let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs");
        let mut on_disk = Vec::new();
        for folder in ["rules", "players"] {
            for entry in std::fs::read_dir(docs.join(folder)).expect("a docs folder is read") {
                let dir = entry.expect("an entry").path();
                if !dir.is_dir() {
                    continue;
                }
                let code = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
                assert!(
                    Lang::from_code(code).is_some(),
                    "docs/{folder}/{code}/ is not a language"
                );
                for file in std::fs::read_dir(&dir).expect("a language folder is read") {
                    let name = file.expect("an entry").file_name();
                    on_disk.push(format!("{folder}/{code}/{}", name.to_string_lossy()));
                }
            }
        }
        served.sort();
        on_disk.sort();
        assert_eq!(on_disk, served);
    }

    /// The sentences of a Markdown document's prose (code, code blocks and the rule ids
    /// left out), cut at sentence punctuation and brackets, spaces folded.
    /// Italics are left out too: where the English quotes a printed rule sheet in its own
    /// language (*il peut y avoir plusieurs vainqueurs*), a translation keeps the quote.
    fn prose_fragments(source: &str) -> Vec<String> {
        let mut fragments = vec![String::new()];
        let mut in_code_block = false;
        let mut in_italics = 0usize;
        for event in Parser::new_ext(source, markdown_options()) {
            match event {
                Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
                Event::End(TagEnd::CodeBlock) => in_code_block = false,
                Event::Start(Tag::Emphasis) => {
                    in_italics += 1;
                    fragments.push(String::new());
                }
                Event::End(TagEnd::Emphasis) => {
                    in_italics = in_italics.saturating_sub(1);
                    fragments.push(String::new());
                }
                Event::Text(_) if in_italics > 0 => {}
                Event::Text(t) if !in_code_block => {
                    for c in t.chars() {
                        if matches!(c, '.' | ';' | ':' | '!' | '?' | '(' | ')' | '—' | '–') {
                            fragments.push(String::new());
                        } else if let Some(last) = fragments.last_mut() {
                            last.push(c);
                        }
                    }
                }
                Event::SoftBreak | Event::HardBreak => {
                    if let Some(last) = fragments.last_mut() {
                        last.push(' ');
                    }
                }
                // Code, a rule id's cell, the end of a paragraph, an item or a heading.
                _ => fragments.push(String::new()),
            }
        }
        fragments
            .into_iter()
            .map(|f| {
                f.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase()
            })
            .filter(|f| !f.is_empty())
            .collect()
    }

    fn words(fragment: &str) -> usize {
        fragment
            .split_whitespace()
            .filter(|w| w.chars().any(char::is_alphabetic))
            .count()
    }

    /// A translation is a translation: none of the English page's sentences of six words
    /// or more is left in it word for word.
    #[test]
    fn no_translation_keeps_an_english_sentence() {
        for doc in DOCS.iter().filter(|d| !d.translations.is_empty()) {
            let english: Vec<String> = prose_fragments(doc.source)
                .into_iter()
                .filter(|f| words(f) >= 6)
                .collect();
            assert!(english.len() > 20, "{}: {english:?}", doc.file);
            for t in doc.translations {
                let text = prose_fragments(t.source).join(" | ");
                let left: Vec<&String> = english
                    .iter()
                    .filter(|f| text.contains(f.as_str()))
                    .collect();
                assert!(left.is_empty(), "{}: English left in: {left:?}", t.file);
            }
        }
    }

    #[test]
    fn the_prose_check_finds_an_english_sentence() {
        let english = prose_fragments(
            "- G-A1 *Place a tribe.* Take a tribe from the display and place it (G-B2).",
        );
        assert!(
            english.contains(&"take a tribe from the display and place it".to_string()),
            "{english:?}"
        );
        let mixed =
            prose_fragments("- G-A1 *Piazzare.* Take a tribe from the display and place it `q,r`.");
        assert!(
            mixed.contains(&"take a tribe from the display and place it".to_string()),
            "{mixed:?}"
        );
    }

    #[test]
    fn a_translation_is_titled_by_its_first_heading_and_english_by_its_own_title() {
        let gods = DOCS
            .iter()
            .find(|d| d.path == "/rules/gods")
            .expect("served");
        let (lang, title, source) = gods.version(Lang::Ja);
        assert_eq!(lang, Lang::Ja);
        assert_eq!(title, "Gods ― Hermesでの遊び方");
        assert!(source.contains("G-A3"));
        assert_eq!(gods.version(Lang::En).1, "The rules of Gods");
        let notation = DOCS.iter().find(|d| d.path == "/notation").expect("served");
        let (lang, title, _) = notation.version(Lang::It);
        assert_eq!(lang, Lang::It);
        assert!(!title.is_empty() && !title.contains('{'), "{title}");
        assert_eq!(
            first_heading("# Scrivere un turno di *Gods* {#writing-a-turn-of-gods}\n"),
            "Scrivere un turno di Gods"
        );
        // A document without a translation in the language asked for is English.
        let lonely = Doc {
            path: "/lonely",
            file: "lonely.md",
            title: "Lonely",
            source: "# Lonely\n",
            translations: &[],
        };
        assert_eq!(
            lonely.version(Lang::It),
            (Lang::En, "Lonely".into(), "# Lonely\n")
        );
    }

    /// A player's document in another language has the English one's headings, each with
    /// the English heading's id (`{#slots-which-tile-of-the-display}`), in the same order:
    /// a link to a section (from the rules, a refusal, a mail) opens it in every language.
    #[test]
    fn every_translated_guide_has_the_english_heading_ids_in_the_same_order() {
        for doc in DOCS.iter().filter(|d| d.file.starts_with("players/")) {
            let english = heading_ids(doc.source);
            assert!(!english.is_empty(), "{}", doc.file);
            assert_eq!(doc.translations.len(), Lang::ALL.len() - 1, "{}", doc.file);
            for t in doc.translations {
                assert_eq!(heading_ids(t.source), english, "{}", t.file);
                let html = to_html("", t.source);
                for id in &english {
                    assert!(html.contains(&format!(" id=\"{id}\">")), "{}: {id}", t.file);
                }
            }
        }
    }

    /// The fenced blocks of notation (`gods`, `dreams`, `text`, `json`,
    /// `notation-errors`), in order: what a translation must keep byte for byte. Mail
    /// examples (`email`, `dreams-email`) are left out: their comments are prose.
    fn notation_blocks(source: &str) -> Vec<(String, String)> {
        let mut blocks = Vec::new();
        let mut current: Option<(String, String)> = None;
        for event in Parser::new_ext(source, markdown_options()) {
            match event {
                Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(info))) => {
                    current = Some((info.to_string(), String::new()));
                }
                Event::Text(t) => {
                    if let Some((_, body)) = current.as_mut() {
                        body.push_str(&t);
                    }
                }
                Event::End(TagEnd::CodeBlock) => {
                    if let Some((info, body)) = current.take() {
                        if !info.contains("email") {
                            blocks.push((info, body));
                        }
                    }
                }
                _ => {}
            }
        }
        blocks
    }

    /// The notation is a code, the same in every language: every example of it in a
    /// translated guide is the English guide's, byte for byte and in order. (The rule
    /// pages' one block is a drawing of a hex's neighbours, whose compass points each
    /// language names.)
    #[test]
    fn every_translation_keeps_the_notation_examples_byte_for_byte() {
        let mut compared = 0;
        for doc in DOCS.iter().filter(|d| d.file.starts_with("players/")) {
            let english = notation_blocks(doc.source);
            for t in doc.translations {
                assert_eq!(notation_blocks(t.source), english, "{}", t.file);
                compared += english.len();
            }
        }
        assert!(compared > 100, "{compared}");
        let changed = notation_blocks("```gods\nT r 0,0\n```\n```email\n# ciao\n```\n");
        assert_eq!(changed, vec![("gods".to_string(), "T r 0,0\n".to_string())]);
    }

    #[test]
    fn links_carry_the_language_chosen_in_the_address() {
        let html = to_html_in(
            "/base",
            "[le decisioni](../../players/gods-decisions.md) e [un esempio](../../players/notation.md#slots-which-tile-of-the-display)",
            Some(Lang::It),
        );
        assert!(
            html.contains("href=\"/base/rules/gods/decisions?lang=it\""),
            "{html}"
        );
        assert!(
            html.contains("href=\"/base/notation?lang=it#slots-which-tile-of-the-display\""),
            "{html}"
        );
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
        let mut explicit: Option<String> = None;
        for event in Parser::new_ext(source, markdown_options()) {
            match event {
                Event::Start(Tag::Heading { id, .. }) => {
                    text = Some(String::new());
                    explicit = id.map(|id| id.to_string());
                }
                Event::Text(t) | Event::Code(t) => {
                    if let Some(text) = text.as_mut() {
                        text.push_str(&t);
                    }
                }
                Event::End(TagEnd::Heading(_)) => {
                    let text = text.take().unwrap_or_default();
                    if let Some(id) = explicit.take() {
                        ids.push(id);
                        continue;
                    }
                    let base = slug(&text);
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
