//! Bots at the table over HTTP: seats the engine's bots play, and stand-ins for a seat
//! whose time ran out (timeout policy `stand_in`), on SQLite and on Postgres.
//!
//! The game with three bots runs with the server's own bot worker, woken by the turns. The
//! others turn it off (`bot_threads = 0`) and run its passes themselves
//! (`scheduler::bots::pass`), with a `ManualClock` where time matters, so nothing sleeps
//! and every step is the test's.

use crate::helpers::{Player, TestApp};
use crate::play::random_turn;
use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use hermes_api::clock::{Clock, ManualClock};
use hermes_api::scheduler::bots::{pass, BotReport};
use hermes_api::store::models::OutboxRow;
use hermes_api::store::schema::outbox;
use rand::SeedableRng;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::sync::Arc;

/// Monday 2 March 2026, 05:00 UTC.
fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-02T05:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

/// No background bot worker, and a scheduler that waits an hour of real time: only the
/// passes and ticks a test makes act.
fn by_hand(s: &mut hermes_api::config::Settings) {
    s.bot_threads = 0;
    s.scheduler_tick_ms = 3_600_000;
}

/// A test on SQLite and on Postgres with a `ManualClock` at [`start`] and no background
/// bot worker.
macro_rules! clock_test {
    (async fn $name:ident($app:ident, $clock:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: TestApp, $clock: Arc<ManualClock>) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let clock = ManualClock::new(start());
                let app = TestApp::sqlite_clocked(clock.clone(), by_hand).await;
                run(app, clock).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let clock = ManualClock::new(start());
                if let Some(app) = TestApp::postgres_clocked(clock.clone(), by_hand).await {
                    run(app, clock).await
                }
            }
        }
    };
}

async fn summary(app: &TestApp, p: &Player, game: &str) -> Value {
    let (status, g) = app.get(&format!("/games/{game}"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g
}

/// Every log entry of `game`, page after page.
async fn whole_log(app: &TestApp, p: &Player, game: &str) -> Vec<Value> {
    let mut entries: Vec<Value> = Vec::new();
    loop {
        let since = entries.last().and_then(|e| e["seq"].as_i64()).unwrap_or(0);
        let (status, log) = app
            .get(&format!("/games/{game}/log?since={since}"), &p.token)
            .await;
        assert_eq!(status, StatusCode::OK, "{log}");
        let page = log["entries"].as_array().unwrap().clone();
        if page.is_empty() {
            return entries;
        }
        entries.extend(page);
    }
}

/// The outbox, read straight from the test's database.
fn mails(app: &TestApp) -> Vec<OutboxRow> {
    let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
    let mut conn = pool.get().expect("a connection");
    outbox::table
        .order((outbox::created_at.asc(), outbox::id.asc()))
        .select(OutboxRow::as_select())
        .load(&mut conn)
        .expect("read the outbox")
}

fn mails_of(app: &TestApp, template: &str, user: &Player) -> Vec<Value> {
    mails(app)
        .into_iter()
        .filter(|m| m.template == template && m.user_id.as_deref() == Some(&user.id))
        .map(|m| serde_json::from_str(&m.data).expect("a mail's data is JSON"))
        .collect()
}

/// The stored events of `kind`, as (user, data): `None` is the game's stream.
fn events_of(app: &TestApp, kind: &str) -> Vec<(Option<String>, Value)> {
    use hermes_api::store::schema::events;
    let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
    let mut conn = pool.get().expect("a connection");
    let rows: Vec<(Option<String>, String)> = events::table
        .filter(events::kind.eq(kind))
        .order(events::id.asc())
        .select((events::user_id, events::data))
        .load(&mut conn)
        .expect("read the events");
    rows.into_iter()
        .map(|(user, data)| (user, serde_json::from_str(&data).expect("JSON")))
        .collect()
}

async fn pass_now(app: &TestApp) -> BotReport {
    pass(&app.state).await.expect("the bot pass runs")
}

crate::api_test! {
    async fn a_four_god_game_with_three_bot_seats_plays_to_the_end_with_one_person(app) {
        let ada = app.player("ada").await;
        let (status, game) = app
            .post(
                "/games",
                &ada.token,
                json!({
                    "kind": "gods",
                    "seats": 4,
                    "bots": [{"level": "greedy"}, {"level": "random"}, {"level": "random"}],
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        // The bots' seats count as taken: the game starts with its one person.
        assert_eq!(game["status"], "running", "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        let players = game["players"].as_array().unwrap();
        assert_eq!(players.len(), 4);
        let mut bots: Vec<(String, Value)> = players
            .iter()
            .filter(|p| !p["bot"].is_null())
            .map(|p| (p["display_name"].as_str().unwrap().to_string(), p["bot"].clone()))
            .collect();
        bots.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            bots,
            vec![
                ("Greedy bot".to_string(), json!({"kind": "engine", "level": "greedy"})),
                ("Random bot".to_string(), json!({"kind": "engine", "level": "random"})),
                ("Random bot 2".to_string(), json!({"kind": "engine", "level": "random"})),
            ]
        );
        let me = players.iter().find(|p| p["user_id"] == ada.id.as_str()).unwrap();
        assert_eq!(me["bot"], Value::Null);
        let my_seat = me["seat"].as_i64().unwrap();
        // Ada plays her turns; the server's bot worker plays the others' as they come.
        let mut rng = rand::rngs::StdRng::seed_from_u64(36);
        let mut mine = 0;
        let mut waited = 0;
        loop {
            let g = summary(&app, &ada, &id).await;
            if g["status"] == "over" {
                break;
            }
            if g["my_turn"] == true {
                let turn = random_turn(&app, &id, &ada, &mut rng, &mut Vec::new()).await;
                let (status, body) = app
                    .post(
                        &format!("/games/{id}/turns"),
                        &ada.token,
                        json!({"expected_seq": g["seq"], "turn": turn}),
                    )
                    .await;
                assert_eq!(status, StatusCode::CREATED, "{body}");
                mine += 1;
                waited = 0;
            } else {
                // A bound, not a timing: a worker that never plays fails here.
                waited += 1;
                assert!(waited < 3000, "the bots did not play: {g}");
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        }
        assert!(mine > 3, "Ada played {mine} turns");
        let log = whole_log(&app, &ada, &id).await;
        let g = summary(&app, &ada, &id).await;
        assert_eq!(log.len() as i64, g["seq"].as_i64().unwrap(), "one entry per turn");
        for (n, e) in log.iter().enumerate() {
            assert_eq!(e["seq"].as_i64(), Some(n as i64 + 1), "no turn twice: {e}");
            if e["seat"].as_i64() == Some(my_seat) {
                assert_eq!(e["source"], "player", "{e}");
            } else {
                assert_eq!(e["source"], "bot", "{e}");
                assert!(e["user_id"].as_str().unwrap().starts_with("engine-bot-"), "{e}");
            }
        }
        // The bots get no mail; Ada gets the game's end.
        assert!(
            mails(&app).iter().all(|m| !m.to_addr.ends_with("@bots.invalid")),
            "no mail to a bot"
        );
        assert_eq!(mails_of(&app, "game_over", &ada).len(), 1);
        // The game page tells why it ended in the reader's language, the rules' reason
        // included (the engine stored it in English).
        let reason = g["outcome"]["reason"].as_str().unwrap().to_string();
        assert!(!reason.is_empty(), "{g}");
        let page = app
            .client
            .get(format!("{}{}&lang=de", app.url, crate::pages::turn_link(&ada.id, &id)))
            .send()
            .await
            .unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        let page = page.text().await.unwrap();
        assert!(page.contains("Die Partie endete, wie die Regeln eine Partie beenden: "), "{page}");
        assert!(!page.contains(&reason), "{reason} in {page}");
    }
}

crate::api_test! {
    async fn bot_seats_are_asked_for_by_level_and_a_wrong_one_is_a_422_naming_it(app) {
        let ada = app.player("ada").await;
        let cases = [
            (json!([{"level": "clever"}]), "invalid_bots", "bots[0].level"),
            (json!([{"level": "greedy"}, "strong"]), "invalid_bots", "bots[1]"),
            (json!([{"level": "greedy", "seat": 0}]), "invalid_bots", "bots[0].seat"),
            (
                json!([{"level": "greedy"}, {"level": "greedy"}]),
                "too_many_bots",
                "bots",
            ),
        ];
        for (bots, code, field) in cases {
            let (status, body) = app
                .post("/games", &ada.token, json!({"kind": "gods", "seats": 2, "bots": bots}))
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["code"], code, "{body}");
            assert_eq!(body["field"], field, "{body}");
        }
        let (status, body) = app
            .post(
                "/games",
                &ada.token,
                json!({"kind": "gods", "seats": 2, "stand_in_level": "clever"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "invalid_stand_in_level");
        // A game with a bot seat and a free one waits for its second person.
        let (status, game) = app
            .post(
                "/games",
                &ada.token,
                json!({"kind": "gods", "seats": 3, "bots": [{"level": "strong"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["status"], "open");
        assert_eq!(game["players"].as_array().unwrap().len(), 2);
    }
}

/// A started 2-player game of Gods under `stand_in`: `a` is seat 0 (to act first), `b`
/// seat 1 (joined a second later: seats follow the order of joining). The clock is then
/// where the game started.
async fn stand_in_game(app: &TestApp, clock: &ManualClock, a: &Player, b: &Player) -> String {
    let (status, game) = app
        .post(
            "/games",
            &a.token,
            json!({"kind": "gods", "seats": 2, "random_seats": false, "turn_hours": 12,
                   "timeout_policy": "stand_in", "stand_in_level": "greedy"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let code = game["join_code"].as_str().unwrap();
    clock.advance(Duration::seconds(1));
    let (status, joined) = app
        .post(
            &format!("/games/{id}/join"),
            &b.token,
            json!({"code": code}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["to_act"], json!([0]));
    id
}

async fn play_own_turn(app: &TestApp, p: &Player, id: &str, rng: &mut rand::rngs::StdRng) -> i64 {
    let g = summary(app, p, id).await;
    assert_eq!(g["my_turn"], true, "{g}");
    let turn = random_turn(app, id, p, rng, &mut Vec::new()).await;
    let (status, body) = app
        .post(
            &format!("/games/{id}/turns"),
            &p.token,
            json!({"expected_seq": g["seq"], "turn": turn}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["seq"].as_i64().unwrap()
}

clock_test! {
    async fn a_stand_in_plays_a_timed_out_seat_until_its_player_is_back_and_plays(app, clock) {
        let ada = app.player("ada").await;
        let bob = app.player("bob").await;
        let id = stand_in_game(&app, &clock, &ada, &bob).await;
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        // Nothing for a bot before the time runs out.
        assert_eq!(pass_now(&app).await, BotReport::default());
        clock.advance(Duration::hours(12));
        let report = hermes_api::scheduler::tick(&app.state).await.unwrap();
        assert_eq!(report.stood_in, 1, "{report:?}");
        assert_eq!(report.passed, 0, "no pass: the stand-in plays");
        let g = summary(&app, &bob, &id).await;
        let seat0 = &g["players"][0];
        assert_eq!(seat0["user_id"], ada.id.as_str());
        assert_eq!(seat0["bot"], Value::Null, "still a person's seat");
        assert_eq!(seat0["stand_in"]["level"], "greedy", "{seat0}");
        // Everyone is told: the events, Ada's timeout mail, Bob's stand-in mail.
        let started = events_of(&app, "stand_in_started");
        let to: Vec<Option<String>> = started.iter().map(|(u, _)| u.clone()).collect();
        assert!(to.contains(&Some(ada.id.clone())) && to.contains(&Some(bob.id.clone())));
        assert!(to.contains(&None), "and on the game's stream");
        assert_eq!(started[0].1["seat"], 0);
        let timeout = mails_of(&app, "timeout", &ada);
        assert_eq!(timeout.len(), 1);
        assert_eq!(timeout[0]["policy"], "stand_in");
        let told = mails_of(&app, "stand_in", &bob);
        assert_eq!(told.len(), 1);
        assert_eq!(told[0]["started"], true);
        assert!(told[0]["god"].as_str().unwrap().starts_with("ada"), "{}", told[0]);
        // The bot worker plays Ada's turn, in her seat's name, once.
        let report = pass_now(&app).await;
        assert_eq!(report.played, 1, "{report:?}");
        assert_eq!(pass_now(&app).await.played, 0, "once");
        let log = whole_log(&app, &bob, &id).await;
        assert_eq!(log.len(), 1);
        assert_eq!((log[0]["seat"].as_i64(), log[0]["source"].as_str()), (Some(0), Some("stand_in")));
        assert_eq!(log[0]["user_id"], ada.id.as_str());
        // Bob plays; no your-turn mail for Ada (the stand-in plays it within moments); then
        // Ada is back and plays her own turn before the stand-in does.
        play_own_turn(&app, &bob, &id, &mut rng).await;
        let stale = |m: &OutboxRow| {
            m.template == "your_turn" && m.user_id.as_deref() == Some(ada.id.as_str()) && m.seq == Some(2)
        };
        assert!(!mails(&app).iter().any(stale), "no your-turn mail to a stood-in seat");
        let seq = play_own_turn(&app, &ada, &id, &mut rng).await;
        assert_eq!(seq, 3);
        let g = summary(&app, &bob, &id).await;
        assert_eq!(g["players"][0]["stand_in"], Value::Null, "the seat is hers again");
        let log = whole_log(&app, &bob, &id).await;
        assert_eq!(log[2]["source"], "player");
        let ended = events_of(&app, "stand_in_ended");
        assert!(ended.iter().any(|(u, _)| u.as_deref() == Some(bob.id.as_str())), "{ended:?}");
        let told = mails_of(&app, "stand_in", &bob);
        // (Both at one instant of the test's clock: told apart by their data.)
        let mut started: Vec<bool> = told.iter().map(|m| m["started"].as_bool().unwrap()).collect();
        started.sort();
        assert_eq!(started, [false, true], "{told:?}");
        // Bob plays, and nobody plays for Ada now.
        play_own_turn(&app, &bob, &id, &mut rng).await;
        assert_eq!(pass_now(&app).await, BotReport::default());
        assert_eq!(summary(&app, &ada, &id).await["my_turn"], true);
    }
}

clock_test! {
    async fn a_player_takes_the_seat_back_from_the_stand_in_and_the_bot_plays_no_more(app, clock) {
        let ada = app.player("ada").await;
        let bob = app.player("bob").await;
        let id = stand_in_game(&app, &clock, &ada, &bob).await;
        let path = format!("/games/{id}/stand-in");
        let (status, body) = app.delete(&path, &ada.token).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "no_stand_in");
        clock.advance(Duration::hours(12));
        hermes_api::scheduler::tick(&app.state).await.unwrap();
        let (status, body) = app.delete(&path, &ada.token).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["players"][0]["stand_in"], Value::Null);
        assert_eq!(body["my_turn"], true);
        assert_eq!(pass_now(&app).await, BotReport::default(), "the bot plays no more");
        let ended = events_of(&app, "stand_in_ended");
        assert_eq!(ended.len(), 3, "to both players and on the game's stream: {ended:?}");
        assert_eq!(ended[0].1["seat"], 0);
        let (status, body) = app.delete(&path, &bob.token).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
    }
}

clock_test! {
    async fn a_bots_turn_is_played_once_by_two_servers_and_taken_up_after_a_lease_lapses(app, clock) {
        let ada = app.player("ada").await;
        let twin = app.twin_clocked(clock.clone(), by_hand).await;
        let (status, game) = app
            .post(
                "/games",
                &ada.token,
                json!({"kind": "gods", "seats": 2, "random_seats": false,
                       "bots": [{"level": "random"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        // Ada (seat 0) plays; the bot's turn waits, and both servers look for it at once.
        play_own_turn(&app, &ada, &id, &mut rng).await;
        let (one, two) = tokio::join!(pass(&app.state), pass(&twin.state));
        let (one, two) = (one.unwrap(), two.unwrap());
        assert_eq!(one.played + two.played, 1, "{one:?} {two:?}");
        assert_eq!(summary(&app, &ada, &id).await["seq"], 2);
        // A server that dies while its bot thinks holds a lease that lapses; then the turn
        // is taken up again.
        play_own_turn(&app, &ada, &id, &mut rng).await;
        let wait = {
            let pool = hermes_api::store::open(&app.database_url, 1).unwrap();
            let mut conn = pool.get().unwrap();
            let now = clock.now_naive();
            let waits = hermes_api::store::bots::waiting(&mut conn, now, 10).unwrap();
            assert_eq!(waits.len(), 1, "{waits:?}");
            let wait = waits[0].clone();
            let lease = hermes_api::scheduler::bots::LEASE;
            assert!(hermes_api::store::bots::claim(&mut conn, &wait, "dead", now, now + lease).unwrap());
            wait
        };
        assert_eq!(pass_now(&app).await, BotReport::default(), "leased to the dead server");
        clock.advance(hermes_api::scheduler::bots::LEASE + Duration::seconds(1));
        assert_eq!(twin_pass(&twin).await.played, 1);
        assert_eq!(summary(&app, &ada, &id).await["seq"], wait.seq + 1);
    }
}

async fn twin_pass(twin: &TestApp) -> BotReport {
    pass(&twin.state).await.expect("the bot pass runs")
}

clock_test! {
    async fn a_bot_is_handed_its_seats_view_and_nothing_else(app, clock) {
        let ada = app.player("ada").await;
        let (status, game) = app
            .post(
                "/games",
                &ada.token,
                json!({"kind": "gods", "seats": 3, "random_seats": false,
                       "bots": [{"level": "greedy"}, {"level": "strong"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        // Ada, seat 0, plays first; then a bot must act (this server's worker is off).
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        play_own_turn(&app, &ada, &id, &mut rng).await;
        let pool = hermes_api::store::open(&app.database_url, 1).unwrap();
        let mut conn = pool.get().unwrap();
        let table = hermes_api::game::Table::load(&mut conn, &id).unwrap();
        let engine = table.restore().unwrap();
        let now = clock.now_naive();
        let waits = hermes_api::store::bots::waiting(&mut conn, now, 10).unwrap();
        assert!(!waits.is_empty(), "a bot must act at the start");
        for wait in waits {
            let seat = usize::try_from(wait.seat).unwrap();
            let task = hermes_api::play::bots::task(&mut conn, &app.state, &wait)
                .unwrap()
                .expect("the bot's seat must act");
            assert_eq!(task.view, engine.view_json(games::Viewer::Seat(seat)));
            assert_ne!(task.view, engine.state().to_string(), "never the state");
            assert_eq!(task.options.to_string(), table.game.options);
        }
        let _ = clock;
    }
}
