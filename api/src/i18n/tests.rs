//! The catalogues agree with English key for key and variable for variable; every
//! message renders in every language with nothing left unrendered; the words built from
//! numbers; negotiation; `t` in templates.

use super::*;
use chrono::TimeZone;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Each message of `lang`: its key and the variables it names (selectors included, and
/// those its comment names).
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    fn expression(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    pattern(&v.value, out);
                }
            }
            ast::Expression::Inline(i) => inline(i, out),
        }
    }
    fn inline(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression: e } => expression(e, out),
            _ => {}
        }
    }
    fn pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression: e } = element {
                expression(e, out);
            }
        }
    }
    let mut all = BTreeMap::new();
    for (file, source) in sources(lang) {
        let resource = match fluent_syntax::parser::parse(*source) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{}/{file}: syntax errors {errors:?}", lang.code()),
        };
        for entry in &resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern(p, &mut vars);
                }
                // A value the code gives that this language does not print is named in
                // the message's comment (`# $n: …`), so a translation may use it.
                for line in m.comment.iter().flat_map(|c| c.content.iter()) {
                    for word in line.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                    {
                        if let Some(name) = word.strip_prefix('$').filter(|n| !n.is_empty()) {
                            vars.insert(name.to_string());
                        }
                    }
                }
                let key = m.id.name.to_string();
                assert!(
                    all.insert(key.clone(), vars).is_none(),
                    "{}: `{key}` twice",
                    lang.code()
                );
            }
        }
    }
    all
}

#[test]
fn every_language_has_every_english_key_and_no_other() {
    let english = messages(Lang::En);
    assert!(english.len() > 40, "the English catalogue is read");
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let own = messages(lang);
        for key in english.keys().filter(|k| !own.contains_key(*k)) {
            problems.push(format!("{}: missing `{key}`", lang.code()));
        }
        for key in own.keys().filter(|k| !english.contains_key(*k)) {
            problems.push(format!("{}: `{key}` is not in English", lang.code()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A value for a variable: a number for the counts, text for the rest.
fn sample(var: &str) -> Arg {
    match var {
        "n" | "count" | "day" | "monthnum" | "year" | "seat" | "seats" | "turn" | "round"
        | "points" | "score" | "earlier" | "tiles" | "crystals" | "extra" | "vision" | "games"
        | "mortal_seat" | "index" | "total" | "image" | "played" | "next" | "max" | "offset"
        | "current" => Arg::Number(2),
        _ => Arg::Text(format!("«{var}»")),
    }
}

#[test]
fn every_message_renders_in_every_language_with_no_variable_left_unrendered() {
    let english = messages(Lang::En);
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        for (key, vars) in messages(lang) {
            // A translation may leave a value out, never ask for one English is not given.
            let Some(given) = english.get(&key) else {
                continue;
            };
            for var in vars.difference(given) {
                problems.push(format!(
                    "{}: `{key}` uses ${var}, which English lacks",
                    lang.code()
                ));
            }
            for n in [0, 1, 2, 5, 21] {
                let args: Vec<(&str, Arg)> = given
                    .iter()
                    .map(|v| {
                        let value = match sample(v) {
                            Arg::Number(_) => Arg::Number(n),
                            text => text,
                        };
                        (v.as_str(), value)
                    })
                    .collect();
                for html in [false, true] {
                    match format(lang, &key, &args, html) {
                        Ok(out) if out.contains('$') || out.contains('{') || out.contains('}') => {
                            problems.push(format!("{}: `{key}` left {out:?}", lang.code()));
                        }
                        Ok(out) if out.trim().is_empty() => {
                            problems.push(format!("{}: `{key}` is empty", lang.code()));
                        }
                        Ok(_) => {}
                        Err(e) => problems.push(e.to_string()),
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_value_a_message_needs_and_lacks_is_an_error_and_an_unknown_key_too() {
    assert!(matches!(
        format(Lang::De, "span-days", &[], false),
        Err(I18nError::Format { .. })
    ));
    assert!(matches!(
        format(Lang::De, "no-such-key", &[], false),
        Err(I18nError::Missing(_))
    ));
}

#[test]
fn every_catalogue_file_on_disk_is_embedded() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../templates/i18n");
    let mut on_disk = BTreeSet::new();
    for dir in std::fs::read_dir(&root).expect("templates/i18n") {
        let dir = dir.expect("an entry").path();
        if !dir.is_dir() {
            continue;
        }
        let code = dir
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .to_string();
        for file in std::fs::read_dir(&dir).expect("a language folder") {
            let name = file
                .expect("a file")
                .file_name()
                .to_string_lossy()
                .to_string();
            on_disk.insert((code.clone(), name));
        }
    }
    let embedded: BTreeSet<(String, String)> = Lang::ALL
        .into_iter()
        .flat_map(|l| {
            sources(l)
                .iter()
                .map(move |(f, _)| (l.code().to_string(), f.to_string()))
        })
        .collect();
    assert_eq!(on_disk, embedded);
}

#[test]
fn spans_and_time_left_follow_each_languages_plurals() {
    let left = |lang, minutes: i64| time_left(lang, minutes * 60);
    assert_eq!(left(Lang::En, 3 * 1440 + 3 * 60 + 5), "3 days 3 hours left");
    assert_eq!(left(Lang::En, 2 * 1440), "2 days left");
    assert_eq!(left(Lang::En, 1440 + 59), "1 day left");
    assert_eq!(left(Lang::En, 5 * 60 + 10), "5 hours 10 minutes left");
    assert_eq!(left(Lang::En, 60), "1 hour left");
    assert_eq!(left(Lang::En, 12), "12 minutes left");
    assert_eq!(time_left(Lang::En, 20), "less than a minute left");
    assert_eq!(time_left(Lang::En, -300), "time is up");
    assert_eq!(time_left(Lang::En, 3 * 86_400 - 1), "3 days left");
    assert_eq!(time_left(Lang::En, 3 * 86_400 - 61), "2 days 23 hours left");
    assert_eq!(left(Lang::It, 1440), "manca 1 giorno");
    assert_eq!(left(Lang::It, 2 * 1440), "mancano 2 giorni");
    assert_eq!(left(Lang::It, 1440 + 60), "mancano 1 giorno e 1 ora");
    assert_eq!(left(Lang::Fr, 60), "il reste 1 heure");
    assert_eq!(left(Lang::Fr, 2 * 60 + 1), "il reste 2 heures et 1 minute");
    assert_eq!(left(Lang::Nl, 3 * 60), "nog 3 uur");
    assert_eq!(left(Lang::De, 1440 + 3 * 60), "noch 1 Tag und 3 Stunden");
    assert_eq!(left(Lang::De, 2), "noch 2 Minuten");
    assert_eq!(left(Lang::Ja, 2 * 1440 + 3 * 60), "残り2日3時間");
    assert_eq!(hours(Lang::En, 72), "3 days");
    assert_eq!(hours(Lang::En, 36), "36 hours");
    assert_eq!(hours(Lang::En, 1), "1 hour");
    assert_eq!(hours(Lang::De, 48), "2 Tage");
    assert_eq!(hours(Lang::Fr, 1), "1 heure");
    assert_eq!(hours(Lang::Ja, 1), "1時間");
}

#[test]
fn a_moment_is_written_as_each_language_writes_dates() {
    let at = Utc
        .with_ymd_and_hms(2025, 1, 17, 13, 30, 0)
        .single()
        .expect("a time");
    let berlin = |lang| long_datetime(lang, at, "Europe/Berlin");
    assert_eq!(
        berlin(Lang::En),
        "Friday 17 January 2025, 14:30 CET (Europe/Berlin)"
    );
    assert_eq!(
        berlin(Lang::It),
        "venerdì 17 gennaio 2025, ore 14:30 CET (Europe/Berlin)"
    );
    assert_eq!(
        berlin(Lang::Fr),
        "vendredi 17 janvier 2025 à 14:30 CET (Europe/Berlin)"
    );
    assert_eq!(
        berlin(Lang::Nl),
        "vrijdag 17 januari 2025 om 14:30 CET (Europe/Berlin)"
    );
    assert_eq!(
        berlin(Lang::De),
        "Freitag, 17. Januar 2025, 14:30 Uhr CET (Europe/Berlin)"
    );
    assert_eq!(
        berlin(Lang::Ja),
        "2025年1月17日（金） 14:30 CET (Europe/Berlin)"
    );
    assert_eq!(
        long_datetime(Lang::En, at, "UTC"),
        "Friday 17 January 2025, 13:30 UTC"
    );
    let first = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).expect("a day");
    assert_eq!(long_date(Lang::Fr, first), "dimanche 1er mars 2026");
    assert_eq!(long_date(Lang::En, first), "Sunday 1 March 2026");
}

#[test]
fn accept_language_chooses_the_first_of_ours_by_quality() {
    assert_eq!(Lang::negotiate("de-CH, fr;q=0.8"), Some(Lang::De));
    assert_eq!(
        Lang::negotiate("pt-BR, ja-JP;q=0.5, en;q=0.3"),
        Some(Lang::Ja)
    );
    assert_eq!(Lang::negotiate("en;q=0.2, nl-BE;q=0.9"), Some(Lang::Nl));
    assert_eq!(Lang::negotiate("it;q=0, fr"), Some(Lang::Fr));
    assert_eq!(Lang::negotiate("pt, es"), None);
    assert_eq!(Lang::negotiate("*"), None);
    assert_eq!(Lang::negotiate(""), None);
    assert_eq!(Lang::from_code("JA"), Some(Lang::Ja));
    assert_eq!(Lang::from_code("ja-JP"), None);
}

#[test]
fn t_renders_in_the_templates_language_escapes_html_and_falls_back_to_english() {
    let mut env = minijinja::Environment::new();
    register(&mut env);
    // What a template's own markup around a value looks like: safe, its value escaped.
    env.add_filter("bold", |v: String| {
        minijinja::Value::from_safe_string(format!("<b>{}</b>", html_escape(&v)))
    });
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html") {
            minijinja::AutoEscape::Html
        } else {
            minijinja::AutoEscape::None
        }
    });
    env.add_template(
        "a.txt",
        r#"{{ t("span-days", n=n) }}|{{ t("time-left", span=s, n=1) }}"#,
    )
    .expect("a template");
    env.add_template(
        "a.html",
        r#"{{ t("time-left", span=s, n=1) }}|{{ t("time-left", span=s|bold, n=1) }}"#,
    )
    .expect("a template");
    let render = |name: &str, lang: &str| {
        env.get_template(name)
            .expect("the template")
            .render(minijinja::context! { lang, n => 1, s => "<i>\nx" })
            .expect("renders")
    };
    assert_eq!(render("a.txt", "de"), "1 Tag|noch <i> x");
    assert_eq!(render("a.txt", "xx"), "1 day|<i> x left");
    assert_eq!(
        render("a.html", "en"),
        "&lt;i&gt; x left|<b>&lt;i&gt; x</b> left"
    );
}

/// The catalogues say the games' words as the glossary does (`docs/rules/glossary.md`,
/// whose tables have a column per language in `Lang::ALL`'s order).
#[test]
fn the_catalogues_use_the_glossarys_words() {
    let glossary = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/rules/glossary.md"),
    )
    .expect("the glossary");
    // A cell's first word for the term, without its article or what is in parentheses.
    let word = |cell: &str| -> String {
        let first = cell.split(',').next().unwrap_or_default();
        let mut plain = String::new();
        let mut depth = 0;
        for c in first.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                c if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let words: Vec<&str> = plain.split_whitespace().collect();
        let articles = [
            "the", "il", "la", "le", "les", "de", "het", "der", "die", "das",
        ];
        let skip = usize::from(words.len() > 1 && articles.contains(&words[0]));
        words[skip..].join(" ")
    };
    let row = |term: &str| -> Vec<String> {
        let line = glossary
            .lines()
            .find(|l| l.starts_with(&format!("| {term} |")))
            .unwrap_or_else(|| panic!("no glossary row `{term}`"));
        line.split('|')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(word)
            .collect()
    };
    // (the glossary's term, the message that says it, the values it is given)
    type Check<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);
    let checks: &[Check] = &[
        ("desert", "tile-desert", &[]),
        ("whirlwind", "tile-whirlwind", &[]),
        ("extra-action tile", "tile-extra-action", &[]),
        ("game-end tile", "tile-game-end", &[]),
        ("decay tile", "tile-decay", &[]),
        ("the display", "mail-your-turn-display", &[("tiles", "5")]),
        ("star", "star-kind", &[("kind", "clear")]),
        ("clear, grey, black star", "star-kind", &[("kind", "clear")]),
        ("tribe", "tile-tribe", &[("colour", "red")]),
        (
            "temple",
            "words-temple-placed",
            &[("god", "G"), ("at", "0,0")],
        ),
        (
            "village",
            "words-village-lost",
            &[("god", "G"), ("colour", "red")],
        ),
        ("crystal", "words-crystals", &[("n", "1")]),
        ("the bag (variant)", "words-end-bag-empty", &[]),
        ("the pile", "words-end-pile-empty", &[]),
        ("guess (noun, verb)", "words-dreams-no-guess-you", &[]),
        (
            "seat (a player's place)",
            "words-guess-seat",
            &[("player", "P"), ("seat", "2")],
        ),
        (
            "the firmament (the sky)",
            "mail-dreams-firmament-alt",
            &[("game", "G")],
        ),
        ("true vision", "mail-dreams-you-mortal", &[]),
        ("the mortal", "mail-dreams-role-mortal", &[]),
        (
            "round",
            "mail-dreams-stars-subject",
            &[("game", "G"), ("round", "2")],
        ),
    ];
    let mut problems = Vec::new();
    for (term, key, args) in checks {
        let cells = row(term);
        assert_eq!(cells.len(), Lang::ALL.len(), "{term}: {cells:?}");
        for (lang, expected) in Lang::ALL.into_iter().zip(&cells) {
            let args: Vec<(&str, Arg)> = args
                .iter()
                .map(|(n, v)| {
                    let arg = v.parse::<i64>().map_or_else(|_| Arg::from(*v), Arg::Number);
                    (*n, arg)
                })
                .collect();
            let said = format(lang, key, &args, false).expect("renders");
            if !said.to_lowercase().contains(&expected.to_lowercase()) {
                problems.push(format!(
                    "{}: `{key}` is {said:?}, the glossary says {expected:?}",
                    lang.code()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
