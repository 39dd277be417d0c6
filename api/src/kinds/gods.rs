//! Gods, the service's side: a board shared by all (one picture serves every seat), turns
//! told in the your-turn mail, legal steps in the text notation.

use super::{data_error, Drawing, Kind, KindError, TurnPage, YourTurnFacts, YourTurnMail};
use crate::board::{board_png, board_svg, BoardStyle, PngError, TurnNumbers};
use crate::mail::{
    board_attachment, words, Attachment, GodsYourTurn, Lang, MailData, PlayedTurn, Template,
};
use crate::store::{DbConn, StoreError};
use ::games::gods::view::GodsView;
use ::games::gods::{GodsEvent, GodsTurn};
use ::games::registry::visible_events;
use ::games::{Game, Logged, Viewer};
use serde_json::{json, Value};

/// Gods.
pub struct Gods;

/// The one [`Gods`].
pub static GODS: Gods = Gods;

/// At most this many legal steps are listed in a reply.
const MAX_LEGAL: usize = 24;

/// At most this many turns are told in one your-turn mail (the oldest are left out).
const MAX_TURNS_TOLD: i64 = 40;

fn unfit(e: serde_json::Error) -> KindError {
    KindError::Unfit(format!("the view does not fit its game: {e}"))
}

impl Kind for Gods {
    fn name(&self) -> &'static str {
        ::games::gods::Gods::KIND
    }

    fn title(&self) -> &'static str {
        "Gods"
    }

    fn rules(&self) -> &'static str {
        "gods"
    }

    fn page(&self) -> TurnPage {
        TurnPage::Gods
    }

    fn lobby_options(&self, field: &dyn Fn(&str) -> String) -> Value {
        json!({ "draw": field("draw") })
    }

    fn player_name(&self, names: &[String], seat: usize) -> String {
        words::god_name(names, seat)
    }

    fn turn_words(
        &self,
        lang: Lang,
        names: &[String],
        _seat: usize,
        events: &[Value],
    ) -> Vec<String> {
        let events: Vec<GodsEvent> = events
            .iter()
            .filter_map(|e| serde_json::from_value(e.clone()).ok())
            .collect();
        words::turn(lang, names, &events)
    }

    fn end_words(&self, lang: Lang, names: &[String], events: &[Logged<Value>]) -> Option<String> {
        events.iter().find_map(|l| {
            match serde_json::from_value::<GodsEvent>(l.event.clone()).ok()? {
                GodsEvent::GameEnded { reason, .. } => Some(words::end_reason(lang, names, reason)),
                _ => None,
            }
        })
    }

    fn legal_words(&self, legal: &Value) -> Vec<String> {
        let mut out = Vec::new();
        if legal["may_declare_end"].as_bool() == Some(true) {
            // The decision first (G-T6): end the game, or play on.
            out.push("end".into());
            out.push("continue".into());
            return out;
        }
        let Some(kind) = ::games::registry::kind(self.name()) else {
            return out;
        };
        let steps = legal["steps"].as_array().cloned().unwrap_or_default();
        let n = steps.len();
        for step in steps.into_iter().take(MAX_LEGAL) {
            if let Ok(text) = kind.format_turn(&json!({ "steps": [step] })) {
                out.push(text);
            }
        }
        if n > MAX_LEGAL {
            out.push(format!("… and {} more", n - MAX_LEGAL));
        }
        out
    }

    fn reply_example(&self, data: &Value) -> String {
        if data["may_declare_end"].as_bool() == Some(true) {
            "continue".to_string()
        } else {
            "tribe 1 at 2,-1; temple at 1,0".to_string()
        }
    }

    /// A Gods board shows nothing one seat sees and another does not (the pile is a count;
    /// G-X4), so one picture per game and sequence serves every seat's mail: the game-over
    /// mails of a game, and a your-turn mail and a reply's answer at the same sequence,
    /// draw it once (`board::tests::a_gods_board_is_the_same_picture_for_every_seat_and_a_spectator`).
    fn picture_seat(&self, _seat: usize) -> Option<usize> {
        None
    }

    fn bot_turn(
        &self,
        view: &str,
        _options: &Value,
        level: ::games::bots::Level,
        budget: ::games::bots::Budget,
        seed: ::games::Seed,
    ) -> Result<Option<Value>, KindError> {
        let view: GodsView =
            serde_json::from_str(view).map_err(|e| KindError::Unfit(e.to_string()))?;
        ::games::bots::gods::choose(&view, level, budget, seed)
            .map(|turn| serde_json::to_value(turn).map_err(|e| KindError::Unfit(e.to_string())))
            .transpose()
    }

    /// The turns since the reader's last one up to `seq`, crystals, display, and the
    /// seat's deadline.
    fn your_turn(&self, conn: &mut DbConn, f: &YourTurnFacts) -> Result<YourTurnMail, KindError> {
        let view: GodsView = serde_json::from_value(f.view.clone()).map_err(unfit)?;
        let since = turns_since_last_of(conn, f.game_id, f.seat, f.seq)?;
        let data = GodsYourTurn {
            lang: f.lang,
            game_name: f.game_name,
            turn_number: f.turn_number,
            view: &view,
            seat: f.seat,
            names: f.names,
            since: &since,
            deadline: f.deadline,
            turn_url: f.turn_url,
            game_url: f.game_url,
        }
        .build()
        .to_data()
        .map_err(data_error)?;
        Ok(YourTurnMail {
            template: Template::YourTurn,
            data,
        })
    }

    fn drawing(
        &self,
        view: Value,
        turns: Option<TurnNumbers>,
    ) -> Result<Box<dyn Drawing>, KindError> {
        let view: GodsView =
            serde_json::from_value(view).map_err(|e| KindError::Unfit(e.to_string()))?;
        Ok(Box::new(Board(view, turns)))
    }

    fn mail_picture(
        &self,
        _conn: &mut DbConn,
        view: &Value,
        names: &[String],
        title: &str,
        _reveal: bool,
        turns: Option<TurnNumbers>,
        lang: crate::i18n::Lang,
    ) -> Result<Attachment, KindError> {
        let view: GodsView = serde_json::from_value(view.clone()).map_err(unfit)?;
        let style = BoardStyle {
            names: names.to_vec(),
            lang,
            title: Some(title.to_string()),
            // Board over panel: read on a phone, a picture half as wide is shown at
            // nearly twice the scale.
            stacked: true,
            turns,
            ..Default::default()
        };
        Ok(board_attachment(&view, &style)?)
    }
}

/// A Gods board to draw, and where it is in the game's log.
struct Board(GodsView, Option<TurnNumbers>);

impl Drawing for Board {
    fn svg(&self, names: &[String], panel: bool, lang: crate::i18n::Lang) -> String {
        board_svg(
            &self.0,
            &BoardStyle {
                names: names.to_vec(),
                panel,
                turns: self.1,
                lang,
                ..BoardStyle::default()
            },
        )
    }

    fn png(&self, names: &[String], lang: crate::i18n::Lang) -> Result<Vec<u8>, PngError> {
        board_png(&self.svg(names, true, lang))
    }
}

/// The turns after `seat`'s last one up to `seq`, as `seat` may see them, oldest first
/// (at most [`MAX_TURNS_TOLD`]).
fn turns_since_last_of(
    conn: &mut DbConn,
    game_id: &str,
    seat: usize,
    seq: i64,
) -> Result<Vec<PlayedTurn>, StoreError> {
    let seat_i = i64::try_from(seat).map_err(data_error)?;
    let last = crate::store::games::last_turn_of(conn, game_id, seat_i, seq)?;
    let from = last.unwrap_or(0).max(seq - MAX_TURNS_TOLD);
    let rows = crate::store::games::turns_with_events(conn, game_id, from, seq)?;
    let mut out = Vec::with_capacity(rows.len());
    for (at, by, source, turn, events) in rows {
        let turn: GodsTurn = serde_json::from_str(&turn).map_err(data_error)?;
        let logged: Vec<Logged<Value>> = serde_json::from_str(&events).map_err(data_error)?;
        let events = visible_events(&logged, Viewer::Seat(seat), false)
            .into_iter()
            .map(serde_json::from_value::<GodsEvent>)
            .collect::<Result<Vec<_>, _>>()
            .map_err(data_error)?;
        out.push(PlayedTurn {
            seq: at,
            seat: usize::try_from(by).map_err(data_error)?,
            source,
            turn,
            events,
        });
    }
    Ok(out)
}
