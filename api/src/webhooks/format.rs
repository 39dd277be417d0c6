//! A delivery's body in its hook's format: `generic` (the event's JSON as the owner's
//! stream sends it), `discord` (`{"content": …}`) or `slack` (`{"text": …}`), the latter
//! two in words with a link to the game's page (a plain link: a signed-in browser opens
//! it; it carries no token).

use crate::outbox::compose::{game_name, kind_title};
use serde_json::{json, Value};

pub use crate::hooks::FORMATS;

/// Discord refuses a message longer than this; Slack's limit is larger.
const MAX_TEXT: usize = 1900;

/// The body of a delivery of `data` (an event of type `kind`) in `format`.
pub fn body(format: &str, kind: &str, data: &str, public_url: &str) -> Result<String, String> {
    let event: Value =
        serde_json::from_str(data).map_err(|e| format!("the stored event is not JSON: {e}"))?;
    let out = match format {
        "generic" => event,
        // Players' words (talk, names) reach the text: Discord is told to ping nobody
        // (`@everyone` in a message stays text), and Slack's control characters are
        // escaped (`<!channel>` stays text), as each documents.
        "discord" => json!({
            "content": text(kind, &event, public_url),
            "allowed_mentions": { "parse": [] },
        }),
        "slack" => json!({ "text": slack_escape(&text(kind, &event, public_url)) }),
        other => return Err(format!("unknown webhook format {other}")),
    };
    Ok(out.to_string())
}

/// Slack reads `<…>` as links and mentions: `&`, `<` and `>` are written as entities.
fn slack_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// The event in words.
pub fn text(kind: &str, event: &Value, public_url: &str) -> String {
    let base = public_url.trim_end_matches('/');
    let game_id = event["game_id"].as_str().unwrap_or_default();
    let game_kind = event["kind"].as_str().unwrap_or_default();
    let name = if game_kind.is_empty() {
        format!("game #{}", game_id.get(..6).unwrap_or(game_id))
    } else {
        game_name(game_kind, game_id)
    };
    let play = format!("{base}/games/{game_id}/play");
    let replay = format!("{base}/games/{game_id}/replay");
    let words = match kind {
        "ping" => "Hermes: a test delivery of this webhook. It works.".to_string(),
        "your_turn" => {
            let deadline = match event["deadline"].as_str() {
                Some(d) => format!(", deadline {d}"),
                None => String::new(),
            };
            format!("Your turn in {name}{deadline}: {play}")
        }
        "game_started" => format!("{name} has started: {play}"),
        "invited" => {
            let by = event["invited_by"].as_str().unwrap_or("Someone");
            format!(
                "{by} invited you to a game of {}: {base}/games/{game_id}",
                kind_title(game_kind)
            )
        }
        "message" => {
            let who = event["display_name"].as_str().unwrap_or("A player");
            let body = cut(event["body"].as_str().unwrap_or_default(), 1000);
            format!("{who} in {name}: {body}\n{replay}")
        }
        "game_over" => format!("{name} is over: {replay}"),
        "resigned" => {
            let who = event["display_name"].as_str().unwrap_or("A player");
            format!("{who} resigned from {name}; the game goes on: {play}")
        }
        "forfeited" => {
            let who = event["display_name"].as_str().unwrap_or("A player");
            format!("{who} ran out of time in {name} and is out; the game goes on: {play}")
        }
        "game_deleted" => {
            let by = event["deleted_by"].as_str().unwrap_or("Its creator");
            format!("{by} deleted {name} before it started: {base}/")
        }
        "rematch_proposed" | "rematch_accepted" | "rematch_started" => {
            let who = event["display_name"].as_str().unwrap_or("A player");
            let new_game = event["rematch_game_id"].as_str().unwrap_or_default();
            let rematch = format!("{base}/games/{new_game}/play");
            match kind {
                "rematch_proposed" => {
                    format!("{who} proposes a rematch of {name}: {play}")
                }
                "rematch_accepted" => format!("{who} accepted the rematch of {name}: {play}"),
                _ => format!("The rematch of {name} has started: {rematch}"),
            }
        }
        other => format!("{name}: {}: {replay}", other.replace('_', " ")),
    };
    cut(&words, MAX_TEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_and_slack_say_it_in_words_with_a_link() {
        let event = json!({ "type": "your_turn", "game_id": "abcdef123", "kind": "gods",
            "seq": 3, "seat": 1, "deadline": "2026-01-02T03:04:05Z" });
        let d: Value = serde_json::from_str(
            &body(
                "discord",
                "your_turn",
                &event.to_string(),
                "https://h.example/",
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(
            d["content"],
            "Your turn in Gods #abcdef, deadline 2026-01-02T03:04:05Z: https://h.example/games/abcdef123/play"
        );
        let s: Value = serde_json::from_str(
            &body(
                "slack",
                "your_turn",
                &event.to_string(),
                "https://h.example",
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(s["text"], d["content"]);
        let g: Value = serde_json::from_str(
            &body(
                "generic",
                "your_turn",
                &event.to_string(),
                "https://h.example",
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(g, event);
        // A player's words ping nobody.
        let loud = json!({ "game_id": "g", "kind": "gods", "body": "@everyone <!channel> & co",
            "display_name": "<@U1>" });
        let d: Value = serde_json::from_str(
            &body("discord", "message", &loud.to_string(), "https://h").unwrap(),
        )
        .unwrap();
        assert_eq!(d["allowed_mentions"], json!({ "parse": [] }));
        assert!(d["content"].as_str().unwrap().contains("@everyone"));
        let s: Value = serde_json::from_str(
            &body("slack", "message", &loud.to_string(), "https://h").unwrap(),
        )
        .unwrap();
        let s = s["text"].as_str().unwrap();
        assert!(
            s.contains("&lt;!channel&gt; &amp; co") && s.starts_with("&lt;@U1&gt;"),
            "{s}"
        );
        assert!(!s.contains('<') && !s.contains('>'), "{s}");
        let long = json!({ "game_id": "g", "body": "x".repeat(5000), "display_name": "A" });
        assert!(text("message", &long, "https://h").chars().count() <= MAX_TEXT);
    }

    #[test]
    fn a_resignation_a_forfeit_a_rematch_and_a_deletion_are_said_in_words() {
        let resigned = json!({ "game_id": "abcdef123", "kind": "gods", "seq": 9, "seat": 1,
            "display_name": "Brann" });
        assert_eq!(
            text("resigned", &resigned, "https://h.example/"),
            "Brann resigned from Gods #abcdef; the game goes on: https://h.example/games/abcdef123/play"
        );
        assert_eq!(
            text("forfeited", &resigned, "https://h.example/"),
            "Brann ran out of time in Gods #abcdef and is out; the game goes on: https://h.example/games/abcdef123/play"
        );
        let rematch = json!({ "game_id": "abcdef123", "kind": "gods", "display_name": "Ada",
            "user_id": "u1", "rematch_game_id": "fedcba987" });
        assert_eq!(
            text("rematch_proposed", &rematch, "https://h.example"),
            "Ada proposes a rematch of Gods #abcdef: https://h.example/games/abcdef123/play"
        );
        assert_eq!(
            text("rematch_started", &rematch, "https://h.example"),
            "The rematch of Gods #abcdef has started: https://h.example/games/fedcba987/play"
        );
        let deleted = json!({ "game_id": "abcdef123", "kind": "dreams", "deleted_by": "Ada" });
        assert_eq!(
            text("game_deleted", &deleted, "https://h.example"),
            "Ada deleted Dreams #abcdef before it started: https://h.example/"
        );
    }
}
