//! The games the service offers, behind one object-safe, JSON-in/JSON-out interface, so
//! the service stores and serves any game without knowing its types.
//!
//! Adding a game is one line in [`KINDS`]: its `Game` implementation does the rest.

use crate::dreams::Dreams;
use crate::game::{
    Game, Logged, NotationError, Outcome, RuleError, Seat, SetupError, Viewer, Visibility,
};
use crate::gods::Gods;
use crate::rng::{Generator, Seed};
use serde_json::Value;
use std::marker::PhantomData;
use std::ops::RangeInclusive;

/// Why a submitted turn was not applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The JSON is not a turn of this game at all.
    #[error("not a turn: {0}")]
    Malformed(String),
    /// JSON that is not a turn of this game, in a part that a rule governs
    /// ([`Game::malformed_rule`]): a Dreams star with `x` = -1 (D-R4).
    #[error("not a turn: {message} ({rule})")]
    MalformedUnder { rule: &'static str, message: String },
    /// A well-formed turn that breaks a rule.
    #[error("{0}")]
    Rule(RuleError),
}

/// A game kind: creates, loads and replays games of one type.
pub trait GameKind: Sync + Send {
    fn name(&self) -> &'static str;
    /// [`Game::ENGINE_VERSION`]: the version of the kind's rules engine, recorded with
    /// each game at its creation.
    fn engine_version(&self) -> u32;
    fn seat_counts(&self) -> RangeInclusive<usize>;
    fn default_options(&self) -> Value;
    /// Read options (missing keys take defaults) and return them in full.
    fn check_options(&self, options: &Value) -> Result<Value, SetupError>;
    /// A new game drawing from xoshiro256\*\* (seed scheme 1; see [`Game::new`]).
    fn new_game(
        &self,
        seed: Seed,
        seats: usize,
        options: &Value,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        self.new_game_with(seed, Generator::Xoshiro256StarStar, seats, options)
    }
    /// A new game drawing from `generator` keyed with `seed`.
    fn new_game_with(
        &self,
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: &Value,
    ) -> Result<Box<dyn AnyGame>, SetupError>;
    /// Load a stored state.
    fn load(&self, state: &Value) -> Result<Box<dyn AnyGame>, String>;
    /// Recompute a game from its seed and log, with xoshiro256\*\* (seed scheme 1).
    fn replay(
        &self,
        seed: Seed,
        seats: usize,
        options: &Value,
        turns: &[(Seat, Value)],
    ) -> Result<Box<dyn AnyGame>, String> {
        self.replay_with(seed, Generator::Xoshiro256StarStar, seats, options, turns)
    }
    /// Recompute a game from its seed and log, with `generator`.
    fn replay_with(
        &self,
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: &Value,
        turns: &[(Seat, Value)],
    ) -> Result<Box<dyn AnyGame>, String>;
    /// Read a turn in the game's text notation; returns the turn as JSON.
    fn parse_turn(&self, text: &str) -> Result<Value, NotationError>;
    /// Check that JSON is a turn of this game; returns it in canonical form.
    fn read_turn(&self, turn: &Value) -> Result<Value, TurnError>;
    /// A turn in the game's text notation.
    fn format_turn(&self, turn: &Value) -> Result<String, TurnError>;
}

/// One game in progress, of any kind.
pub trait AnyGame: Send + Sync {
    fn kind(&self) -> &'static str;
    /// The full state, secrets included: for storage only, never for a response.
    fn state(&self) -> Value;
    fn seats(&self) -> usize;
    fn to_act(&self) -> Vec<Seat>;
    fn apply(&self, seat: Seat, turn: &Value) -> Result<AnyApplied, TurnError>;
    fn legal(&self, seat: Seat, partial: &Value) -> Result<Value, TurnError>;
    fn view(&self, viewer: Viewer) -> Value;
    /// [`AnyGame::view`] as JSON text, serialized straight from the game's view (no tree
    /// of values on the way): what a turn's answer embeds. Its keys come in the view's own
    /// order, not sorted as [`AnyGame::view`]'s; the same JSON otherwise.
    fn view_json(&self, viewer: Viewer) -> String;
    fn outcome(&self) -> Option<Outcome>;
    /// [`Game::pass_turn`], as JSON.
    fn pass_turn(&self, seat: Seat) -> Option<Value>;
    /// [`Game::continues_turn`].
    fn continues_turn(&self, seat: Seat) -> bool;
    /// [`Game::turn_visibility`] of a turn given as JSON, asked of the state it is applied
    /// to. JSON that is not a turn of this game (never in a log) is kept to its author.
    fn turn_visibility(&self, seat: Seat, turn: &Value) -> Visibility;
    /// [`Game::queue_limit`].
    fn queue_limit(&self, seat: Seat) -> usize;
    /// [`Game::check_queued`] of turns given as JSON: one that is not a turn of this game
    /// is refused at its index.
    fn check_queued(&self, seat: Seat, turns: &[Value]) -> Result<(), (usize, TurnError)>;
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

/// What applying a turn produced.
pub struct AnyApplied {
    pub game: Box<dyn AnyGame>,
    pub events: Vec<Logged<Value>>,
}

/// The events of a turn that `viewer` may read. Once the game is over, all are public.
pub fn visible_events(events: &[Logged<Value>], viewer: Viewer, game_over: bool) -> Vec<Value> {
    visible(events, viewer, game_over).cloned().collect()
}

/// [`visible_events`], borrowed.
pub fn visible(
    events: &[Logged<Value>],
    viewer: Viewer,
    game_over: bool,
) -> impl Iterator<Item = &Value> {
    events
        .iter()
        .filter(move |e| game_over || e.visibility.shown_to(viewer))
        .map(|e| &e.event)
}

struct Kind<G>(PhantomData<fn() -> G>);

struct Running<G>(G);

fn to_value<T: serde::Serialize>(t: &T) -> Value {
    // Serializing our own plain data types cannot fail (no maps with non-string keys).
    serde_json::to_value(t).unwrap_or(Value::Null)
}

/// A turn is a JSON object. (serde's derived structs would also take an array of their
/// fields in order; no client is told it may send one.)
fn read<G: Game>(turn: &Value) -> Result<G::Turn, TurnError> {
    if !turn.is_object() {
        return Err(TurnError::Malformed(format!(
            "a turn is a JSON object, not {}",
            json_kind(turn)
        )));
    }
    serde_json::from_value(turn.clone()).map_err(|e| match G::malformed_rule(turn) {
        Some(rule) => TurnError::MalformedUnder {
            rule,
            message: e.to_string(),
        },
        None => TurnError::Malformed(e.to_string()),
    })
}

/// What kind of JSON value this is, for an error.
fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

impl<G: Game + Send + Sync + 'static> GameKind for Kind<G> {
    fn name(&self) -> &'static str {
        G::KIND
    }

    fn engine_version(&self) -> u32 {
        G::ENGINE_VERSION
    }

    fn seat_counts(&self) -> RangeInclusive<usize> {
        G::seat_counts()
    }

    fn default_options(&self) -> Value {
        to_value(&G::Options::default())
    }

    fn check_options(&self, options: &Value) -> Result<Value, SetupError> {
        let options = match options {
            Value::Null => Value::Object(Default::default()),
            Value::Object(_) => options.clone(),
            other => {
                return Err(SetupError(format!(
                    "options: must be a JSON object, not {}",
                    json_kind(other)
                )))
            }
        };
        let o: G::Options =
            serde_json::from_value(options).map_err(|e| SetupError(format!("options: {e}")))?;
        Ok(to_value(&o))
    }

    fn new_game_with(
        &self,
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: &Value,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        let o: G::Options = serde_json::from_value(self.check_options(options)?)
            .map_err(|e| SetupError(format!("options: {e}")))?;
        if !G::seat_counts().contains(&seats) {
            let r = G::seat_counts();
            return Err(SetupError(format!(
                "{} is for {} to {} players, not {seats}",
                G::KIND,
                r.start(),
                r.end()
            )));
        }
        Ok(Box::new(Running(G::new_with(seed, generator, seats, o)?)))
    }

    fn load(&self, state: &Value) -> Result<Box<dyn AnyGame>, String> {
        Ok(Box::new(Running(G::load(state.clone())?)))
    }

    fn replay_with(
        &self,
        seed: Seed,
        generator: Generator,
        seats: usize,
        options: &Value,
        turns: &[(Seat, Value)],
    ) -> Result<Box<dyn AnyGame>, String> {
        let o: G::Options = serde_json::from_value(options.clone()).map_err(|e| e.to_string())?;
        let turns = turns
            .iter()
            .map(|(s, t)| read::<G>(t).map(|t| (*s, t)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        Ok(Box::new(Running(
            G::replay_with(seed, generator, seats, o, &turns).map_err(|e| e.to_string())?,
        )))
    }

    fn parse_turn(&self, text: &str) -> Result<Value, NotationError> {
        G::parse_turn(text).map(|t| to_value(&t))
    }

    fn read_turn(&self, turn: &Value) -> Result<Value, TurnError> {
        read::<G>(turn).map(|t| to_value(&t))
    }

    fn format_turn(&self, turn: &Value) -> Result<String, TurnError> {
        read::<G>(turn).map(|t| G::format_turn(&t))
    }
}

impl<G: Game + Send + Sync + 'static> AnyGame for Running<G> {
    fn kind(&self) -> &'static str {
        G::KIND
    }

    fn state(&self) -> Value {
        to_value(&self.0)
    }

    fn seats(&self) -> usize {
        self.0.seats()
    }

    fn to_act(&self) -> Vec<Seat> {
        self.0.to_act()
    }

    fn apply(&self, seat: Seat, turn: &Value) -> Result<AnyApplied, TurnError> {
        let turn = read::<G>(turn)?;
        let applied = self.0.apply(seat, &turn).map_err(TurnError::Rule)?;
        Ok(AnyApplied {
            game: Box::new(Running(applied.game)),
            events: applied
                .events
                .into_iter()
                .map(|e| Logged {
                    visibility: e.visibility,
                    event: to_value(&e.event),
                })
                .collect(),
        })
    }

    fn legal(&self, seat: Seat, partial: &Value) -> Result<Value, TurnError> {
        let partial = read::<G>(partial)?;
        self.0
            .legal(seat, &partial)
            .map(|l| to_value(&l))
            .map_err(TurnError::Rule)
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_value(&self.0.view(viewer))
    }

    fn view_json(&self, viewer: Viewer) -> String {
        // As `to_value`: serializing our own plain data types cannot fail.
        serde_json::to_string(&self.0.view(viewer)).unwrap_or_else(|_| "null".to_string())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn pass_turn(&self, seat: Seat) -> Option<Value> {
        self.0.pass_turn(seat).map(|t| to_value(&t))
    }

    fn continues_turn(&self, seat: Seat) -> bool {
        self.0.continues_turn(seat)
    }

    fn queue_limit(&self, seat: Seat) -> usize {
        self.0.queue_limit(seat)
    }

    fn check_queued(&self, seat: Seat, turns: &[Value]) -> Result<(), (usize, TurnError)> {
        let turns = turns
            .iter()
            .enumerate()
            .map(|(i, t)| read::<G>(t).map_err(|e| (i, e)))
            .collect::<Result<Vec<_>, _>>()?;
        self.0
            .check_queued(seat, &turns)
            .map_err(|(i, e)| (i, TurnError::Rule(e)))
    }

    fn turn_visibility(&self, seat: Seat, turn: &Value) -> Visibility {
        match read::<G>(turn) {
            Ok(turn) => self.0.turn_visibility(seat, &turn),
            Err(_) => Visibility::Seat(seat),
        }
    }
}

/// Every game the service offers.
pub static KINDS: &[&dyn GameKind] = &[&Kind::<Gods>(PhantomData), &Kind::<Dreams>(PhantomData)];

/// The game kind called `name`.
pub fn kind(name: &str) -> Option<&'static dyn GameKind> {
    KINDS.iter().copied().find(|k| k.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn gods_is_registered_and_plays_through_json() {
        let gods = kind("gods").unwrap();
        assert_eq!(gods.seat_counts(), 2..=4);
        let game = gods.new_game(Seed::from_u64(1), 2, &json!({})).unwrap();
        assert_eq!(game.to_act(), vec![0]);
        let legal = game.legal(0, &json!({})).unwrap();
        let first = legal["steps"][0].clone();
        assert!(first.is_object());
        let err = game.apply(1, &json!({"steps": []})).err().unwrap();
        assert!(
            matches!(err, TurnError::Rule(ref r) if r.rule == "G-T5"),
            "{err:?}"
        );
        let err = game.apply(0, &json!({"stepz": []})).err().unwrap();
        assert!(matches!(err, TurnError::Malformed(_)), "{err:?}");
        // serde alone would read `[false, []]` as the turn's fields in order.
        let err = game.apply(0, &json!([false, []])).err().unwrap();
        assert!(
            matches!(err, TurnError::Malformed(ref m) if m.contains("an array")),
            "{err:?}"
        );
        let err = gods.check_options(&json!([])).err().unwrap();
        assert!(err.0.contains("must be a JSON object"), "{err:?}");
        let loaded = gods.load(&game.state()).unwrap();
        assert_eq!(loaded.state(), game.state());
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            let text = game.view_json(viewer);
            assert_eq!(
                serde_json::from_str::<Value>(&text).unwrap(),
                game.view(viewer)
            );
        }
    }

    #[test]
    fn dreams_is_registered_and_plays_through_json() {
        let dreams = kind("dreams").unwrap();
        assert_eq!(dreams.seat_counts(), 3..=6);
        assert_eq!(dreams.default_options(), json!({"deck": "standard"}));
        assert!(dreams.check_options(&json!({"decks": "x"})).is_err());
        let game = dreams.new_game(Seed::from_u64(1), 3, &json!({})).unwrap();
        assert_eq!(game.to_act(), vec![0]);
        assert!(game.legal(0, &json!({})).is_ok());
        let err = game.apply(0, &json!({})).err().unwrap();
        assert!(
            matches!(err, TurnError::Rule(ref r) if r.rule == "D-R4"),
            "{err:?}"
        );
        // A star or a guess that cannot be read is not a turn, under the rule that says
        // what one is; other faults name no rule.
        for (bad, rule) in [
            (
                json!({"star": {"kind": "clear", "x": -1, "y": 70}}),
                Some("D-R4"),
            ),
            (
                json!({"star": {"kind": "purple", "x": 1, "y": 70}}),
                Some("D-R4"),
            ),
            (json!({"guess": {"image": 300}}), Some("D-R5")),
            (json!({"star": null, "sing": true}), None),
        ] {
            let got = match dreams.read_turn(&bad).err().unwrap() {
                TurnError::MalformedUnder { rule, .. } => Some(rule),
                TurnError::Malformed(_) => None,
                other => panic!("{bad}: {other:?}"),
            };
            assert_eq!(got, rule, "{bad}");
        }
        let star = json!({"star": {"kind": "clear", "x": 25, "y": 70}});
        assert_eq!(game.turn_visibility(0, &star), Visibility::Everyone);
        assert_eq!(
            game.turn_visibility(0, &json!({"guess": {"seat": 1}})),
            Visibility::Seat(0)
        );
        assert_eq!(
            game.turn_visibility(0, &json!({"nonsense": 1})),
            Visibility::Seat(0)
        );
        let next = game.apply(0, &star).unwrap().game;
        assert_eq!(next.to_act(), vec![1]);
        assert_eq!(dreams.format_turn(&star).unwrap(), "clear at 25,70");
        assert_eq!(dreams.parse_turn("Clear at 0.25,0.7.").unwrap(), star);
        let loaded = dreams.load(&next.state()).unwrap();
        assert_eq!(loaded.state(), next.state());
        for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
            let text = next.view_json(viewer);
            assert_eq!(
                serde_json::from_str::<Value>(&text).unwrap(),
                next.view(viewer)
            );
        }
        assert_eq!(next.pass_turn(1), Some(json!({"pass": true})));
        assert_eq!(next.pass_turn(0), None);
    }

    #[test]
    fn a_gods_turn_is_public_in_the_log() {
        let gods = kind("gods").unwrap();
        let game = gods.new_game(Seed::from_u64(1), 2, &json!({})).unwrap();
        assert_eq!(
            game.turn_visibility(0, &json!({"steps": []})),
            Visibility::Everyone
        );
    }

    #[test]
    fn unknown_options_and_seat_counts_are_refused() {
        let gods = kind("gods").unwrap();
        assert!(gods.check_options(&json!({"colour": "red"})).is_err());
        assert!(gods.new_game(Seed::from_u64(1), 5, &json!({})).is_err());
        assert_eq!(
            gods.check_options(&json!(null)).unwrap(),
            gods.default_options()
        );
        assert!(kind("chess").is_none());
        for k in KINDS {
            assert!(k.engine_version() >= 1, "{}", k.name());
        }
    }
}
