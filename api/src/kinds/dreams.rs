//! Dreams, the service's side: a table drawn for each seat (the mortal's differs from the
//! spirits'), a your-turn mail per phase (stars or a guess), rounds revealed to everyone
//! (a reveal mail per round; the last one goes into the game-over mail), and a deck whose
//! pictures and titles a custom deck keeps in the store.
//!
//! Must not: put anything of a round's secrets into mail before its public `revealed`
//! event (D-S1).

use super::{
    data_error, Drawing, Kind, KindError, RoundMail, TurnPage, YourTurnFacts, YourTurnMail,
};
use crate::board::dreams::{cards_shown, dreams_png, dreams_svg, CardArt, DreamsStyle};
use crate::board::{PngError, TurnNumbers};
use crate::mail::{
    dreams_attachment, words, Attachment, DreamsRevealed, DreamsYourTurn, Lang, MailData,
    RoundReveal,
};
use crate::store::{decks, DbConn, StoreError};
use ::games::dreams::features::{DeckFeatures, Feature};
use ::games::dreams::{DreamsEvent, DreamsView, Reveal, CARDS_PER_ROUND};
use ::games::registry::AnyGame;
use ::games::{Game, Logged, Viewer, Visibility};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Dreams.
pub struct Dreams;

/// The one [`Dreams`].
pub static DREAMS: Dreams = Dreams;

impl Kind for Dreams {
    fn name(&self) -> &'static str {
        ::games::dreams::Dreams::KIND
    }

    fn title(&self) -> &'static str {
        "Dreams"
    }

    fn rules(&self) -> &'static str {
        "dreams"
    }

    fn page(&self) -> TurnPage {
        TurnPage::Dreams
    }

    fn lobby_options(&self, field: &dyn Fn(&str) -> String) -> Value {
        json!({ "deck": field("deck") })
    }

    /// In Dreams "god" is a role, not a player: `seat N`.
    fn player_name(&self, names: &[String], seat: usize) -> String {
        words::seat_name(names, seat)
    }

    fn turn_words(
        &self,
        lang: Lang,
        names: &[String],
        seat: usize,
        events: &[Value],
    ) -> Vec<String> {
        let events: Vec<DreamsEvent> = events
            .iter()
            .filter_map(|e| serde_json::from_value(e.clone()).ok())
            .collect();
        words::dreams_turn(lang, names, seat, &events)
    }

    fn legal_words(&self, legal: &Value) -> Vec<String> {
        let mut out = Vec::new();
        let max = legal["max"].as_u64().unwrap_or(100);
        for k in legal["kinds"].as_array().into_iter().flatten().take(1) {
            if let Some(k) = k.as_str() {
                out.push(format!(
                    "{k} at X,Y (X and Y from 0 to {max}, a point without a star)"
                ));
            }
        }
        for s in legal["seats"].as_array().into_iter().flatten() {
            out.push(format!("guess seat {s}"));
        }
        for i in legal["images"].as_array().into_iter().flatten() {
            out.push(format!("guess image {i}"));
        }
        if legal["may_pass"].as_bool() == Some(true) {
            out.push("pass".into());
        }
        out
    }

    fn reply_example(&self, data: &Value) -> String {
        data["example"].as_str().unwrap_or("pass").to_string()
    }

    /// A Dreams table is drawn for its seat: the mortal's differs from the spirits'.
    fn picture_seat(&self, seat: usize) -> Option<usize> {
        Some(seat)
    }

    /// Greedy and strong Dreams bots need the model of the deck's images: a custom deck
    /// has none, and its bots play at random.
    fn bot_level(&self, options: &Value, level: ::games::bots::Level) -> ::games::bots::Level {
        level.effective(deck_features(options).is_some())
    }

    fn bot_turn(
        &self,
        view: &str,
        options: &Value,
        level: ::games::bots::Level,
        budget: ::games::bots::Budget,
        seed: ::games::Seed,
    ) -> Result<Option<Value>, KindError> {
        let view: DreamsView =
            serde_json::from_str(view).map_err(|e| KindError::Unfit(e.to_string()))?;
        let features = deck_features(options);
        ::games::bots::dreams::choose(&view, features, level, budget, seed)
            .map(|turn| serde_json::to_value(turn).map_err(|e| KindError::Unfit(e.to_string())))
            .transpose()
    }

    fn reveals_rounds(&self) -> bool {
        true
    }

    /// `dreams_stars` or `dreams_guess`, by the phase at `seq`.
    fn your_turn(&self, conn: &mut DbConn, f: &YourTurnFacts) -> Result<YourTurnMail, KindError> {
        let view: DreamsView = serde_json::from_value(f.view.clone())
            .map_err(|e| KindError::Unfit(format!("the view does not fit its game: {e}")))?;
        let images = card_titles(conn, &view.deck, &view.cards, f.lang)?;
        let mail = DreamsYourTurn {
            lang: f.lang,
            game_name: f.game_name,
            view: &view,
            seat: f.seat,
            names: f.names,
            images: &images,
            deadline: f.deadline,
            turn_url: f.turn_url,
            game_url: f.game_url,
        }
        .build()
        .ok_or(KindError::Nothing(
            "a your-turn mail of a Dreams game that is over",
        ))?;
        Ok(YourTurnMail {
            template: mail.template(),
            data: mail.to_data()?,
        })
    }

    fn drawing(
        &self,
        view: Value,
        _turns: Option<TurnNumbers>,
    ) -> Result<Box<dyn Drawing>, KindError> {
        Ok(Box::new(Table {
            view,
            art: BTreeMap::new(),
        }))
    }

    /// Names, title, and the pictures of its cards (a stored deck's PNGs; the standard
    /// deck is drawn from code).
    fn mail_picture(
        &self,
        conn: &mut DbConn,
        view: &Value,
        names: &[String],
        title: &str,
        reveal: bool,
        _turns: Option<TurnNumbers>,
        lang: crate::i18n::Lang,
    ) -> Result<Attachment, KindError> {
        let deck = view
            .get("deck")
            .and_then(Value::as_str)
            .unwrap_or(decks::STANDARD);
        let mut art = BTreeMap::new();
        for n in cards_shown(view) {
            if deck == decks::STANDARD {
                art.insert(n, CardArt::Standard(n));
                continue;
            }
            let Ok(k) = i64::try_from(n) else { continue };
            // A card the deck lacks is drawn blank, naming its number.
            if let Some(card) = decks::card(conn, deck, k)? {
                art.insert(
                    n,
                    CardArt::Png {
                        title: card.title,
                        png: card.png,
                    },
                );
            }
        }
        let style = DreamsStyle {
            names: names.to_vec(),
            title: Some(title.to_string()),
            art,
            lang,
        };
        Ok(dreams_attachment(view, &style, reveal)?)
    }

    fn revealed_round(
        &self,
        conn: &mut DbConn,
        lang: Lang,
        events: &[Logged<Value>],
        engine: &dyn AnyGame,
        names: &[String],
    ) -> Result<Option<RoundReveal>, StoreError> {
        let Some((reveal, deck)) = revealed(events, engine) else {
            return Ok(None);
        };
        let images = card_titles(conn, &deck, &reveal.cards, lang)?;
        Ok(Some(RoundReveal::new(lang, &reveal, names, &images)))
    }

    fn end_words(&self, lang: Lang, names: &[String], events: &[Logged<Value>]) -> Option<String> {
        let events: Vec<DreamsEvent> = events
            .iter()
            .filter_map(|l| serde_json::from_value(l.event.clone()).ok())
            .collect();
        let round = events.iter().find_map(|e| match e {
            DreamsEvent::Revealed(r) => Some(r.round),
            _ => None,
        })?;
        events.iter().find_map(|e| match e {
            DreamsEvent::GameOver { scores, .. } => {
                Some(words::dreams_end(lang, names, scores, round))
            }
            _ => None,
        })
    }

    /// `dreams_reveal`, with who deals the next round.
    fn round_mail(
        &self,
        conn: &mut DbConn,
        lang: Lang,
        events: &[Logged<Value>],
        engine: &dyn AnyGame,
        names: &[String],
        game_name: &str,
        game_url: &str,
    ) -> Result<Option<RoundMail>, StoreError> {
        let Some((reveal, deck)) = revealed(events, engine) else {
            return Ok(None);
        };
        let images = card_titles(conn, &deck, &reveal.cards, lang)?;
        let next: Option<DreamsView> = serde_json::from_value(engine.view(Viewer::Spectator)).ok();
        let data = DreamsRevealed {
            game_name: game_name.to_string(),
            reveal: RoundReveal::new(lang, &reveal, names, &images),
            next_dealer: words::seat_name(names, next.map_or(0, |v| v.dealer)),
            game_url: game_url.to_string(),
        }
        .to_data()
        .map_err(data_error)?;
        Ok(Some(RoundMail {
            template: DreamsRevealed::TEMPLATE,
            round: reveal.round,
            data,
        }))
    }
}

/// The round a turn revealed, from its public `revealed` event (none: the turn revealed
/// nothing), with the game's deck id. Read from the public events only: before this
/// event, nothing of the round's secrets may go into mail (D-S1).
fn revealed(events: &[Logged<Value>], engine: &dyn AnyGame) -> Option<(Reveal, String)> {
    let reveal = events
        .iter()
        .filter(|e| e.visibility == Visibility::Everyone)
        .filter_map(|e| serde_json::from_value::<DreamsEvent>(e.event.clone()).ok())
        .find_map(|e| match e {
            DreamsEvent::Revealed(r) => Some(*r),
            _ => None,
        })?;
    let deck = engine
        .view(Viewer::Spectator)
        .get("deck")
        .and_then(Value::as_str)
        .unwrap_or(decks::STANDARD)
        .to_string();
    Some((reveal, deck))
}

/// The titles of a round's images 1–4 in `deck` (the standard deck's in the reader's
/// `lang`; a stored deck's as its owner named them, read one card at a time: once a round).
pub fn card_titles(
    conn: &mut DbConn,
    deck: &str,
    cards: &[u8; CARDS_PER_ROUND],
    lang: Lang,
) -> Result<Vec<String>, StoreError> {
    let mut titles = Vec::with_capacity(CARDS_PER_ROUND);
    for &card in cards {
        if deck == decks::STANDARD {
            titles.push(crate::board::dreams::card_title_in(usize::from(card), lang));
            continue;
        }
        let title = decks::card_title(conn, deck, i64::from(card))?;
        titles.push(title.unwrap_or_else(|| format!("card {card}")));
    }
    Ok(titles)
}

/// A Dreams table to draw: the view (JSON, as the engine shows it to the viewer) and the
/// pictures of a custom deck's cards it shows (none for the standard deck).
struct Table {
    view: Value,
    art: BTreeMap<usize, CardArt>,
}

impl Table {
    fn style(&self, names: &[String], lang: crate::i18n::Lang) -> DreamsStyle {
        DreamsStyle {
            names: names.to_vec(),
            title: None,
            art: self.art.clone(),
            lang,
        }
    }
}

impl Drawing for Table {
    fn reads_store(&self) -> bool {
        true
    }

    /// The pictures of the cards the view shows when its game plays a custom deck (the
    /// standard deck's are drawn from code): the PNGs the service rasterised at upload.
    fn read_store(&mut self, conn: &mut DbConn) -> Result<(), StoreError> {
        let deck = self.view["deck"].as_str().unwrap_or(decks::STANDARD);
        if deck == decks::STANDARD {
            return Ok(());
        }
        for n in cards_shown(&self.view) {
            let i = i64::try_from(n).map_err(data_error)?;
            if let Some(card) = decks::card(conn, deck, i)? {
                self.art.insert(
                    n,
                    CardArt::Png {
                        title: card.title,
                        png: card.png,
                    },
                );
            }
        }
        Ok(())
    }

    fn svg(&self, names: &[String], _panel: bool, lang: crate::i18n::Lang) -> String {
        dreams_svg(&self.view, &self.style(names, lang))
    }

    fn png(&self, names: &[String], lang: crate::i18n::Lang) -> Result<Vec<u8>, PngError> {
        dreams_png(&self.view, &self.style(names, lang))
    }
}

/// The standard deck's model of its images: per card, the features it is drawn from
/// (`crate::board::dreams::card_features`, the generator that draws its cards).
pub fn standard_deck_features() -> DeckFeatures {
    DeckFeatures {
        cards: (0..::games::dreams::DECK_SIZE)
            .map(|n| {
                crate::board::dreams::card_features(n)
                    .into_iter()
                    .map(|(id, x, y)| Feature { id, x, y })
                    .collect()
            })
            .collect(),
    }
}

/// The model of the images of the deck a game with `options` is played with: the standard
/// deck's (made once), or `None` for a custom deck, whose bots play at random.
fn deck_features(options: &Value) -> Option<&'static DeckFeatures> {
    static STANDARD: std::sync::OnceLock<DeckFeatures> = std::sync::OnceLock::new();
    let deck = options
        .get("deck")
        .and_then(Value::as_str)
        .unwrap_or(::games::dreams::STANDARD_DECK);
    (deck == ::games::dreams::STANDARD_DECK).then(|| STANDARD.get_or_init(standard_deck_features))
}
