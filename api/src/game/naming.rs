//! How a game is named and its turns are counted wherever a player reads them: the mail,
//! the answer to a reply, the pages, the replay, the lobby and the API
//! (`docs/players/pages.md`, "Names and numbers").
//!
//! - A game's name is its kind and the first six characters of its id: `Gods #3f2a9c`.
//! - Turn N is the N-th entry of the game's log: the API's `seq` N. A game "at turn N" has
//!   N turns played; the next turn played is turn N + 1 (a Gods god's `continue` and a
//!   Dreams guess are turns of their own, as the log has them).
//! - How a finished game ended, in one sentence built from its stored outcome and seats.
//!
//! Owns: those three definitions. Must not: read the database or the clock.

use crate::i18n::{Arg, Lang};
use ::games::{Logged, Visibility};
use serde_json::Value;

/// How many characters of a game's id its name shows.
const ID_CHARS: usize = 6;

/// A game's name, as every page, mail and answer says it: `Gods #3f2a9c`.
pub fn game_name(kind: &str, game_id: &str) -> String {
    format!(
        "{} #{}",
        crate::kinds::title(kind),
        game_id.get(..ID_CHARS).unwrap_or(game_id)
    )
}

/// The number of the turn played at log sequence `seq` (the first turn is turn 1).
pub fn turn_of_seq(seq: i64) -> i64 {
    seq
}

/// The number the next turn played will have, in a game at sequence `seq`.
pub fn next_turn(seq: i64) -> i64 {
    turn_of_seq(seq) + 1
}

/// Where a board picture at log sequence `seq` is, as its status line numbers it.
pub fn board_turns(seq: i64) -> crate::board::TurnNumbers {
    crate::board::TurnNumbers {
        last: turn_of_seq(seq),
        next: next_turn(seq),
    }
}

/// `turn 3`.
pub fn turn_words(seq: i64) -> String {
    format!("turn {}", turn_of_seq(seq))
}

/// A seat that left a game before its end, for [`how_it_ended`].
pub struct Leaver<'a> {
    pub name: &'a str,
    /// Left by its player's own choice (else its time ran out, policy `forfeit`).
    pub resigned: bool,
}

/// How a finished game ended, in one sentence in `lang`, from its stored outcome (JSON)
/// and the seats that left it: aborted, ended with seats that resigned or dropped out, or
/// finished as the rules end it. The rules' own reason is `why` (told in `lang` from the
/// last turn's events by `Kind::end_words`), else the words the engine stored (English).
pub fn how_it_ended(lang: Lang, outcome: &Value, why: Option<&str>, leavers: &[Leaver]) -> String {
    let say = |key: &str, args: &[(&str, Arg)]| crate::i18n::text(lang, key, args);
    if outcome["aborted"] == Value::Bool(true) {
        let by = outcome["aborted_by"].as_i64();
        let name = outcome["reason"]
            .as_str()
            .and_then(|r| r.strip_prefix("aborted by "))
            .and_then(|r| r.rsplit_once(" (seat "))
            .map(|(name, _)| name.to_string());
        return match (by, name) {
            (Some(seat), Some(name)) => say(
                "words-ended-aborted-by",
                &[("name", name.into()), ("seat", seat.into())],
            ),
            _ => say("words-ended-aborted", &[]),
        };
    }
    let reason = why.unwrap_or_else(|| outcome["reason"].as_str().unwrap_or(""));
    let resigned: Vec<&str> = leavers
        .iter()
        .filter(|l| l.resigned)
        .map(|l| l.name)
        .collect();
    let timed_out: Vec<&str> = leavers
        .iter()
        .filter(|l| !l.resigned)
        .map(|l| l.name)
        .collect();
    let mut out = if reason.is_empty() {
        say("words-ended-rules", &[])
    } else {
        say("words-ended-rules-why", &[("reason", reason.into())])
    };
    if !resigned.is_empty() {
        out.push(' ');
        out.push_str(&say(
            "words-ended-resigned",
            &[
                ("names", and_list(lang, &resigned).into()),
                ("n", i64::try_from(resigned.len()).unwrap_or(2).into()),
            ],
        ));
    }
    if !timed_out.is_empty() {
        out.push(' ');
        out.push_str(&say(
            "words-ended-timed-out",
            &[
                ("names", and_list(lang, &timed_out).into()),
                ("n", i64::try_from(timed_out.len()).unwrap_or(2).into()),
            ],
        ));
    }
    out
}

impl crate::game::Table {
    /// How this game ended ([`how_it_ended`]), from its stored outcome and seats; `None`
    /// while it is not over. `last`: the game's turns read with it, of which the one that
    /// ended the game (if there) tells the rules' reason in `lang`.
    pub fn how_it_ended(&self, lang: Lang, last: &[crate::store::models::Turn]) -> Option<String> {
        let outcome: Value = serde_json::from_str(self.game.outcome.as_deref()?).ok()?;
        let why = last
            .iter()
            .find(|t| t.seq == self.game.seq)
            .and_then(|t| serde_json::from_str::<Vec<Logged<Value>>>(&t.events).ok())
            .and_then(|events| {
                let public: Vec<Logged<Value>> = events
                    .into_iter()
                    .filter(|e| e.visibility == Visibility::Everyone)
                    .collect();
                crate::kinds::of(&self.game.kind)?.end_words(lang, &self.names_by_seat(), &public)
            });
        let mut seated: Vec<&crate::store::games::SeatedPlayer> = self.players.iter().collect();
        seated.sort_by_key(|p| p.seat.seat);
        let leavers: Vec<Leaver> = seated
            .iter()
            .filter(|p| p.seat.forfeited_at.is_some() || p.seat.resigned_at.is_some())
            .map(|p| Leaver {
                name: &p.display_name,
                resigned: p.seat.resigned_at.is_some(),
            })
            .collect();
        Some(how_it_ended(lang, &outcome, why.as_deref(), &leavers))
    }

    /// The game's name ([`game_name`]).
    pub fn name(&self) -> String {
        game_name(&self.game.kind, &self.game.id)
    }
}

/// `Ada`, `Ada and Bob`, `Ada, Bob and Cy`, in `lang`.
pub fn and_list(lang: Lang, names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => crate::i18n::text(
            lang,
            "page-play-and",
            &[("first", init.join(", ").into()), ("last", (*last).into())],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_game_is_named_by_its_kind_and_the_start_of_its_id() {
        assert_eq!(game_name("gods", "3f2a9c11-22"), "Gods #3f2a9c");
        assert_eq!(game_name("dreams", "ab"), "Dreams #ab");
    }

    #[test]
    fn turn_n_is_the_nth_entry_of_the_log() {
        assert_eq!(turn_of_seq(3), 3);
        assert_eq!(next_turn(0), 1);
        assert_eq!(turn_words(2), "turn 2");
    }

    #[test]
    fn an_aborted_game_says_who_aborted_it() {
        let o = json!({"aborted": true, "aborted_by": 0,
            "reason": "aborted by Ada (seat 0) before anyone moved"});
        assert_eq!(
            how_it_ended(Lang::En, &o, None, &[]),
            "It was aborted by Ada (seat 0) before anyone moved; nobody won."
        );
        assert_eq!(
            how_it_ended(Lang::De, &o, None, &[]),
            "Ada (Platz 0) hat die Partie abgebrochen, bevor jemand gezogen hatte; niemand hat gewonnen."
        );
    }

    #[test]
    fn a_game_with_a_resignation_names_who_resigned() {
        let o = json!({"reason": "the game-end tile was drawn"});
        let said = how_it_ended(
            Lang::En,
            &o,
            None,
            &[
                Leaver {
                    name: "Bob",
                    resigned: true,
                },
                Leaver {
                    name: "Cy",
                    resigned: false,
                },
            ],
        );
        assert!(said.contains("Bob resigned"), "{said}");
        assert!(
            said.contains("Cy dropped out when their time ran out"),
            "{said}"
        );
        assert!(said.starts_with("It finished as the rules end a game: the game-end tile"));
        let two = [
            Leaver {
                name: "Bob",
                resigned: true,
            },
            Leaver {
                name: "Cy",
                resigned: true,
            },
        ];
        let said = how_it_ended(Lang::It, &json!({"reason": ""}), None, &two);
        assert_eq!(
            said,
            "La partita è finita secondo le regole. Bob e Cy si sono ritirati \
             (da allora Hermes passa per quei posti)."
        );
    }
}
