//! A problem ([`ApiError`]) in the reader's words: its `title`, `detail` and the members
//! that are prose, from the catalogue's `problems.ftl`, for the HTTP edge (problem+json)
//! and the mail edge (the answer to a reply) alike.

use super::{has, text, Arg, Lang};
use crate::error::{ApiError, Said};
use serde_json::{Map, Value};

/// A problem's prose in one language: `title`, `detail`, the extension members that are
/// words (a rule's `message`), and the language they are written in (English when the
/// catalogues have no sentence for it).
#[derive(Debug, Clone, PartialEq)]
pub struct Words {
    pub lang: Lang,
    pub title: String,
    pub detail: String,
    pub members: Map<String, Value>,
}

fn arg(value: &Said) -> Arg {
    match value {
        Said::Text(t) => Arg::Text(t.clone()),
        Said::Number(n) => Arg::Number(*n),
    }
}

/// `e` told in `lang`. A refusal by a rule (`rule` and `message`) says the rule's id and
/// the catalogue's sentence for the rule (`rule-<id>`); an error that names its sentence
/// ([`ApiError::said`]) says it; any other says its code's sentence (`problem-<code>`)
/// in a language other than English, and its own `detail` in English. The `title` is the
/// status's name in the language (`problem-status-<n>`).
pub fn words_in(e: &ApiError, lang: Lang) -> Words {
    let mut members = Map::new();
    let rule = e.extra("rule").and_then(Value::as_str);
    let reason_key = rule
        .map(|r| format!("rule-{r}"))
        .filter(|key| lang != Lang::En && e.extra("message").is_some() && has(lang, key));
    let detail = match (rule, reason_key) {
        (Some(rule), Some(reason_key)) => {
            let reason = text(lang, &reason_key, &[]);
            members.insert("message".into(), Value::String(reason.clone()));
            let step = e.extra("step").and_then(Value::as_i64);
            Some(match step {
                Some(step) => text(
                    lang,
                    "problem-rule-step",
                    &[
                        ("rule", rule.into()),
                        ("step", step.into()),
                        ("reason", reason.into()),
                    ],
                ),
                None => text(
                    lang,
                    "problem-rule",
                    &[("rule", rule.into()), ("reason", reason.into())],
                ),
            })
        }
        _ => match e.sentence() {
            Some((key, values)) if has(lang, key) => {
                let args: Vec<(&str, Arg)> = values.iter().map(|(n, v)| (*n, arg(v))).collect();
                let said = super::format(lang, key, &args, false)
                    .map_err(|error| tracing::error!(%error, "problem"))
                    .ok();
                // The catalogue's English is the detail the code gives (the code's stays
                // for the log and the pages): every test that meets a refusal checks it.
                debug_assert!(
                    lang != Lang::En || said.as_deref() == Some(e.detail()),
                    "`{key}` says {said:?} in English, the code {:?}",
                    e.detail()
                );
                said
            }
            _ if lang != Lang::En => {
                let key = format!("problem-{}", e.code());
                has(lang, &key).then(|| text(lang, &key, &[]))
            }
            _ => None,
        },
    };
    let english_title = e.status().canonical_reason().unwrap_or("Error").to_string();
    match detail {
        Some(detail) => {
            let status = format!("problem-status-{}", e.status().as_u16());
            let title = if lang != Lang::En && has(lang, &status) {
                text(lang, &status, &[])
            } else {
                english_title
            };
            Words {
                lang,
                title,
                detail,
                members,
            }
        }
        None => Words {
            lang: Lang::En,
            title: english_title,
            detail: e.detail().to_string(),
            members: Map::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::games::bot_seats;
    use ::games::registry::TurnError;
    use serde_json::json;

    /// A refusal that names its sentence keeps its values in every language (the generic
    /// sentence of its code would lose them), and its English is the code's own detail.
    #[test]
    fn a_refusal_with_values_keeps_them_in_the_readers_language() {
        let greedy = json!({"level": "greedy"});
        let e = bot_seats(&[greedy.clone(), greedy.clone(), greedy.clone(), greedy], 4)
            .expect_err("four bots in a game of four");
        assert_eq!(e.code(), "too_many_bots");
        assert_eq!(
            words_in(&e, Lang::En).detail,
            "4 bot seats in a game of 4: at most 3, one seat is yours"
        );
        assert_eq!(
            words_in(&e, Lang::De).detail,
            "4 Plätze für Bots in einem Spiel mit 4 Plätzen: höchstens 3, denn ein Platz ist deiner"
        );
        let ja = words_in(&e, Lang::Ja);
        assert!(
            ja.detail.contains("4 席") && ja.detail.contains("3 席"),
            "{ja:?}"
        );

        // Each of the bots' other refusals, and a turn that cannot be read: the English
        // catalogue says what the code says (`words_in` checks it), the others name the
        // field at fault and carry the game's own words as they are.
        let wrong = [
            json!("greedy"),
            json!({"level": "greedy", "x": 1}),
            json!({"level": "genius"}),
        ];
        for (item, field) in wrong.iter().zip(["bots[0]", "bots[0]", "bots[0].level"]) {
            let e = bot_seats(std::slice::from_ref(item), 2).expect_err("refused");
            assert_eq!(e.code(), "invalid_bots");
            assert_eq!(words_in(&e, Lang::En).detail, e.detail());
            for lang in [Lang::It, Lang::Fr, Lang::Nl, Lang::De, Lang::Ja] {
                let said = words_in(&e, lang);
                assert_eq!(said.lang, lang);
                assert!(said.detail.contains(field), "{lang:?}: {said:?}");
            }
        }
        let e = crate::play::turn::turn_error(TurnError::Malformed("no such tile".into()));
        assert_eq!(words_in(&e, Lang::En).detail, e.detail());
        assert_eq!(
            words_in(&e, Lang::Fr).detail,
            "ce n'est pas un tour de cette partie : no such tile"
        );
    }
}
