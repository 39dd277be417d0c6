//! The players' languages: the six a reader may choose, the message catalogues they are
//! written in, and the words the service builds from numbers (spans of time, dates).
//!
//! Owns: [`Lang`], the Fluent catalogues under `templates/i18n/<code>/*.ftl` (embedded in
//! the binary at build time), looking a message up with English as the fallback for a key
//! a language lacks ([`text`]), plural rules by CLDR (Fluent's `{ $n -> [one] … *[other] … }`
//! picks the category of the bundle's language), the formats of dates and of time left,
//! choosing a language from an `Accept-Language` header ([`Lang::negotiate`]), and the
//! template function `t("key", name=…)` ([`register`]) that mail and pages call, and a
//! refusal ([`crate::error::ApiError`]) in the reader's words ([`problems`]).
//! Must not: know what a mail or a page is, read the database or the clock.
//!
//! A message's own text is trusted (it is ours); the values put into it are not. In an
//! HTML template `t` escapes the values (unless a template marked one safe: a value wrapped
//! in markup by the template) and the message's text, so a catalogue is plain text.

use chrono::{DateTime, Datelike, Timelike, Utc};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

pub mod problems;
#[cfg(test)]
mod tests;

/// The literal text of every English message, cut at its values: what a rendering in
/// another language must not contain (`min_words` words or more, so a name or a code that
/// reads the same in every language is not counted).
#[cfg(test)]
pub(crate) fn english_fragments(min_words: usize) -> Vec<String> {
    use fluent_syntax::ast;
    fn pattern(p: &ast::Pattern<&str>, current: &mut String, out: &mut Vec<String>) {
        for element in &p.elements {
            match element {
                ast::PatternElement::TextElement { value } => current.push_str(value),
                ast::PatternElement::Placeable { expression } => {
                    out.push(std::mem::take(current));
                    if let ast::Expression::Select { variants, .. } = expression {
                        for v in variants {
                            let mut inner = String::new();
                            pattern(&v.value, &mut inner, out);
                            out.push(inner);
                        }
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    for (_, source) in sources(Lang::En) {
        let Ok(resource) = fluent_syntax::parser::parse(*source) else {
            continue;
        };
        for entry in &resource.body {
            if let ast::Entry::Message(m) = entry {
                if let Some(p) = &m.value {
                    let mut current = String::new();
                    pattern(p, &mut current, &mut out);
                    out.push(current);
                }
            }
        }
    }
    let mut fragments: Vec<String> = out
        .into_iter()
        .map(|f| f.split_whitespace().collect::<Vec<_>>().join(" "))
        .map(|f| f.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
        .filter(|f| {
            f.split_whitespace()
                .filter(|w| w.chars().any(char::is_alphabetic))
                .count()
                >= min_words
        })
        .collect();
    fragments.sort();
    fragments.dedup();
    fragments
}

/// A language a reader may choose: mail, and in time pages, are written in it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    It,
    Fr,
    Nl,
    De,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 6] = [Lang::En, Lang::It, Lang::Fr, Lang::Nl, Lang::De, Lang::Ja];

    /// The BCP 47 code, as stored in a user's preferences.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
            Lang::Fr => "fr",
            Lang::Nl => "nl",
            Lang::De => "de",
            Lang::Ja => "ja",
        }
    }

    /// The language's name in itself, as a chooser lists it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::It => "Italiano",
            Lang::Fr => "Français",
            Lang::Nl => "Nederlands",
            Lang::De => "Deutsch",
            Lang::Ja => "日本語",
        }
    }

    /// The language of `code` (`fr`, `FR`); a region or script after it is not accepted
    /// here (`fr-CA`: see [`Lang::negotiate`]).
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(code))
    }

    /// The language an `Accept-Language` header asks for first among ours, by quality
    /// (`de-CH, fr;q=0.8` is German; `ja-JP` is Japanese; `*` and `q=0` choose nothing);
    /// `None` when it names none of them.
    pub fn negotiate(header: &str) -> Option<Lang> {
        accept_language::parse_with_quality(header)
            .into_iter()
            .filter(|(_, quality)| *quality > 0.0)
            .find_map(|(tag, _)| {
                let primary = tag.split(['-', '_']).next().unwrap_or_default();
                Lang::from_code(primary)
            })
    }

    fn langid(self) -> unic_langid::LanguageIdentifier {
        self.code().parse().unwrap_or_default()
    }
}

/// Embed a language's catalogue files: `include_str!` makes a missing file a build error
/// and rebuilds the crate when one changes.
macro_rules! catalogue {
    ($code:literal) => {
        &[
            (
                "common.ftl",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../templates/i18n/",
                    $code,
                    "/common.ftl"
                )),
            ),
            (
                "mail.ftl",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../templates/i18n/",
                    $code,
                    "/mail.ftl"
                )),
            ),
            (
                "words.ftl",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../templates/i18n/",
                    $code,
                    "/words.ftl"
                )),
            ),
            (
                "problems.ftl",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../templates/i18n/",
                    $code,
                    "/problems.ftl"
                )),
            ),
            (
                "pictures.ftl",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../templates/i18n/",
                    $code,
                    "/pictures.ftl"
                )),
            ),
            (
                "pages.ftl",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../templates/i18n/",
                    $code,
                    "/pages.ftl"
                )),
            ),
            (
                "cards.ftl",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../templates/i18n/",
                    $code,
                    "/cards.ftl"
                )),
            ),
        ]
    };
}

/// The files of each language's catalogue: `(file name, source)`.
pub(crate) fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::En => catalogue!("en"),
        Lang::It => catalogue!("it"),
        Lang::Fr => catalogue!("fr"),
        Lang::Nl => catalogue!("nl"),
        Lang::De => catalogue!("de"),
        Lang::Ja => catalogue!("ja"),
    }
}

type Bundle = FluentBundle<Arc<FluentResource>>;

/// A language's catalogue, twice: for text, and for HTML (its text HTML-escaped).
struct Catalogue {
    text: Bundle,
    html: Bundle,
}

fn escape_text(s: &str) -> Cow<'_, str> {
    html_escape(s)
}

fn catalogues() -> &'static [Catalogue] {
    static ALL: OnceLock<Vec<Catalogue>> = OnceLock::new();
    ALL.get_or_init(|| {
        Lang::ALL
            .into_iter()
            .map(|lang| {
                let mut text = Bundle::new_concurrent(vec![lang.langid()]);
                let mut html = Bundle::new_concurrent(vec![lang.langid()]);
                for bundle in [&mut text, &mut html] {
                    // No invisible isolation marks around values: mail is plain text.
                    bundle.set_use_isolating(false);
                }
                html.set_transform(Some(escape_text));
                for (file, source) in sources(lang) {
                    // A syntax error leaves the entries it could not read out (the
                    // catalogue test names them); the rest still serve.
                    let resource = match FluentResource::try_new((*source).to_string()) {
                        Ok(r) => r,
                        Err((r, errors)) => {
                            tracing::error!(lang = lang.code(), file, ?errors, "catalogue syntax");
                            r
                        }
                    };
                    let resource = Arc::new(resource);
                    for bundle in [&mut text, &mut html] {
                        if let Err(errors) = bundle.add_resource(Arc::clone(&resource)) {
                            tracing::error!(lang = lang.code(), file, ?errors, "catalogue");
                        }
                    }
                }
                Catalogue { text, html }
            })
            .collect()
    })
}

fn catalogue(lang: Lang) -> &'static Catalogue {
    let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    &catalogues()[at]
}

/// A value put into a message.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Number(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(n.into())
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Number(n.into())
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// Why a message could not be put into words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum I18nError {
    #[error("no message `{0}` in the English catalogue")]
    Missing(String),
    #[error("message `{key}` in `{lang}`: {message}")]
    Format {
        key: String,
        lang: &'static str,
        message: String,
    },
}

/// Is `key` in `lang`'s own catalogue (not by the fallback)?
pub fn has(lang: Lang, key: &str) -> bool {
    catalogue(lang)
        .text
        .get_message(key)
        .is_some_and(|m| m.value().is_some())
}

/// Message `key` in `lang` with `args`; English when `lang` lacks the key. An unknown key
/// (English lacks it too) or a value the message needs and was not given is an error.
/// `html`: the message's text is HTML-escaped (the values are put in as given: escape
/// them first).
pub fn format(
    lang: Lang,
    key: &str,
    args: &[(&str, Arg)],
    html: bool,
) -> Result<String, I18nError> {
    let lang = if has(lang, key) { lang } else { Lang::En };
    let catalogue = catalogue(lang);
    let bundle = if html {
        &catalogue.html
    } else {
        &catalogue.text
    };
    let pattern = bundle
        .get_message(key)
        .and_then(|m| m.value())
        .ok_or_else(|| I18nError::Missing(key.to_string()))?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.clone())),
            Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
        }
    }
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if let Some(error) = errors.first() {
        return Err(I18nError::Format {
            key: key.to_string(),
            lang: lang.code(),
            message: error.to_string(),
        });
    }
    Ok(out.into_owned())
}

/// Message `key` in `lang` as plain text ([`format`]). A key the code names is in the
/// English catalogue (the catalogue test checks every key the code uses); should one be
/// missing all the same, the key itself is shown rather than failing a mail.
pub fn text(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    format(lang, key, args, false).unwrap_or_else(|e| {
        tracing::error!(error = %e, "message");
        key.to_string()
    })
}

/// A span of whole hours as a reader says it: `36 hours`, `3 days` (whole days when it
/// is some).
pub fn hours(lang: Lang, hours: u32) -> String {
    if hours >= 24 && hours.is_multiple_of(24) {
        text(lang, "span-days", &[("n", (hours / 24).into())])
    } else {
        text(lang, "span-hours", &[("n", hours.into())])
    }
}

/// How long is left until a deadline, `seconds` from now, as people say it: the two
/// largest units (`2 days 3 hours left`, `5 hours 10 minutes left`, `12 minutes left`),
/// `less than a minute left`; `time is up` once it has passed. Whole minutes are counted
/// up: a deadline set three days ahead reads "3 days left" a moment later.
pub fn time_left(lang: Lang, seconds: i64) -> String {
    if seconds <= 0 {
        return text(lang, "time-up", &[]);
    }
    if seconds < 60 {
        return text(lang, "time-left-under-a-minute", &[]);
    }
    let minutes = (seconds + 59) / 60;
    let (days, hours, mins) = (minutes / 1440, (minutes % 1440) / 60, minutes % 60);
    let span = |key: &str, n: i64| text(lang, key, &[("n", n.into())]);
    let (first, second) = if days > 0 {
        (
            span("span-days", days),
            (hours > 0).then(|| span("span-hours", hours)),
        )
    } else if hours > 0 {
        (
            span("span-hours", hours),
            (mins > 0).then(|| span("span-minutes", mins)),
        )
    } else {
        (span("span-minutes", mins), None)
    };
    // `n` is how many the words count, for a language whose verb agrees with it
    // (Italian "manca 1 giorno", "mancano 2 giorni", "mancano 1 giorno e 3 ore").
    let lead = if days > 0 {
        days
    } else if hours > 0 {
        hours
    } else {
        mins
    };
    match second {
        Some(second) => text(
            lang,
            "time-left-two",
            &[
                ("first", first.into()),
                ("second", second.into()),
                ("n", Arg::Number(2)),
            ],
        ),
        None => text(
            lang,
            "time-left",
            &[("span", first.into()), ("n", lead.into())],
        ),
    }
}

/// A day, as a reader writes it in full: `Tuesday 3 March 2026`, `martedì 3 marzo 2026`,
/// `Dienstag, 3. März 2026`, `2026年3月3日(火)`.
pub fn long_date(lang: Lang, date: chrono::NaiveDate) -> String {
    let weekday = date.weekday().number_from_monday();
    text(
        lang,
        "date-long",
        &[
            (
                "weekday",
                text(lang, &format!("weekday-{weekday}"), &[]).into(),
            ),
            ("day", date.day().into()),
            (
                "month",
                text(lang, &format!("month-{}", date.month()), &[]).into(),
            ),
            ("monthnum", date.month().into()),
            ("year", i64::from(date.year()).into()),
        ],
    )
}

/// A moment in a time zone (an IANA name; an unknown one is shown as UTC), in full, with
/// the zone: `Friday 17 January 2025, 14:30 CET (Europe/Berlin)`; the zone's name is
/// added when its abbreviation is not that name already (`… 15:12 UTC`).
pub fn long_datetime(lang: Lang, at: DateTime<Utc>, time_zone: &str) -> String {
    let zone: chrono_tz::Tz = time_zone.parse().unwrap_or(chrono_tz::UTC);
    let local = at.with_timezone(&zone);
    let abbreviation = local.format("%Z").to_string();
    let zone_text = if abbreviation == zone.name() {
        abbreviation
    } else {
        format!("{abbreviation} ({})", zone.name())
    };
    text(
        lang,
        "datetime-long",
        &[
            ("date", long_date(lang, local.date_naive()).into()),
            (
                "time",
                format!("{:02}:{:02}", local.hour(), local.minute()).into(),
            ),
            ("zone", zone_text.into()),
        ],
    )
}

/// `s` with `& < > " '` as character references.
pub fn html_escape(s: &str) -> Cow<'_, str> {
    if !s.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `s` on one line: control characters (line breaks included) and the invisible marks
/// that reorder bidirectional text become spaces.
pub fn one_line(s: &str) -> Cow<'_, str> {
    fn bad(c: char) -> bool {
        c.is_control()
            || matches!(
                c,
                '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}'
            )
            || ('\u{202A}'..='\u{202E}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    }
    if s.chars().any(bad) {
        Cow::Owned(s.chars().map(|c| if bad(c) { ' ' } else { c }).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// The language a template renders in: its `lang` variable (a code), English when it has
/// none or an unknown one.
pub fn lang_of(state: &minijinja::State) -> Lang {
    state
        .lookup("lang")
        .and_then(|v| v.as_str().and_then(Lang::from_code))
        .unwrap_or_default()
}

/// Add `t` to a template environment: `{{ t("mail-welcome-subject") }}`,
/// `{{ t("mail-turn-intro", game=game_name, turn=turn_number) }}`. It renders in the
/// template's `lang` (English for a key that language lacks). Each value is put on one
/// line; in an HTML template the values are escaped, but for one the template marked safe
/// (`game=("<strong>" ~ game_name|e ~ "</strong>")|safe`), and so is the message's own
/// text. Whole numbers stay numbers, so plurals follow them.
pub fn register(env: &mut minijinja::Environment<'_>) {
    env.add_function("t", t);
}

fn t(
    state: &minijinja::State,
    key: &str,
    kwargs: minijinja::value::Kwargs,
) -> Result<minijinja::Value, minijinja::Error> {
    use minijinja::value::ValueKind;
    let html = !matches!(state.auto_escape(), minijinja::AutoEscape::None);
    let mut args: Vec<(String, Arg)> = Vec::new();
    for name in kwargs.args() {
        let value: minijinja::Value = kwargs.get(name)?;
        let arg = match value.kind() {
            ValueKind::Number if value.as_i64().is_some() => {
                Arg::Number(value.as_i64().unwrap_or_default())
            }
            ValueKind::Undefined => {
                return Err(minijinja::Error::new(
                    minijinja::ErrorKind::UndefinedError,
                    format!("`{name}` given to message `{key}` is undefined"),
                ))
            }
            _ => {
                let s = value.to_string();
                let s = one_line(&s);
                if html && !value.is_safe() {
                    Arg::Text(html_escape(&s).into_owned())
                } else {
                    Arg::Text(s.into_owned())
                }
            }
        };
        args.push((name.to_string(), arg));
    }
    kwargs.assert_all_used()?;
    let args: Vec<(&str, Arg)> = args.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
    let out = format(lang_of(state), key, &args, html).map_err(|e| {
        minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e.to_string())
    })?;
    // Safe: its values were put on one line (and escaped for HTML) above.
    Ok(minijinja::Value::from_safe_string(out))
}
