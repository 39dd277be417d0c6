//! Time: deadlines, reminders, the three timeout policies, vacations, the daily digest,
//! and the scheduler's exactly-once claims — with an injected `ManualClock`, so a test
//! jumps days ahead without sleeping and runs `scheduler::tick` itself.
//!
//! Every test runs on SQLite and on Postgres. The background scheduler is slowed to once
//! an hour of real time, so only the ticks a test makes act.

use crate::helpers::{Player, TestApp};
use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use hermes_api::clock::{Clock, ManualClock};
use hermes_api::scheduler::{tick, tick_blocking};
use hermes_api::store::models::OutboxRow;
use hermes_api::store::schema::{outbox, users};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::sync::Arc;

/// Monday 2 March 2026, 05:00 UTC (06:00 in Berlin).
fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-02T05:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn slow_scheduler(s: &mut hermes_api::config::Settings) {
    s.scheduler_tick_ms = 3_600_000;
}

/// A test on SQLite and on Postgres with a `ManualClock` at [`start`].
macro_rules! clock_test {
    (async fn $name:ident($app:ident, $clock:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: TestApp, $clock: Arc<ManualClock>) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let clock = ManualClock::new(start());
                let app = TestApp::sqlite_clocked(clock.clone(), slow_scheduler).await;
                run(app, clock).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let clock = ManualClock::new(start());
                if let Some(app) = TestApp::postgres_clocked(clock.clone(), slow_scheduler).await {
                    run(app, clock).await
                }
            }
        }
    };
}

/// The outbox, oldest first, read straight from the test's database.
fn mails(app: &TestApp) -> Vec<OutboxRow> {
    let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
    let mut conn = pool.get().expect("a connection");
    outbox::table
        .order((outbox::created_at.asc(), outbox::id.asc()))
        .select(OutboxRow::as_select())
        .load(&mut conn)
        .expect("read the outbox")
}

/// The stored events of `kind`, oldest first, as (user, data): `None` is the game's stream.
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
        .map(|(user, data)| {
            (
                user,
                serde_json::from_str(&data).expect("an event's data is JSON"),
            )
        })
        .collect()
}

fn mails_of(app: &TestApp, template: &str, user: &Player) -> Vec<OutboxRow> {
    mails(app)
        .into_iter()
        .filter(|m| m.template == template && m.user_id.as_deref() == Some(&user.id))
        .collect()
}

fn set_user(app: &TestApp, user: &Player, mail_pref: &str, time_zone: &str) {
    let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
    let mut conn = pool.get().expect("a connection");
    diesel::update(users::table.filter(users::id.eq(&user.id)))
        .set((
            users::mail_pref.eq(mail_pref),
            users::time_zone.eq(time_zone),
        ))
        .execute(&mut conn)
        .expect("update the user");
}

fn set_joined_at(app: &TestApp, game: &str, user: &Player, by: Duration) {
    use hermes_api::store::schema::seats;
    let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
    let mut conn = pool.get().expect("a connection");
    let joined: chrono::NaiveDateTime = seats::table
        .filter(seats::game_id.eq(game))
        .filter(seats::user_id.eq(&user.id))
        .select(seats::joined_at)
        .first(&mut conn)
        .expect("the creator's seat");
    diesel::update(
        seats::table
            .filter(seats::game_id.eq(game))
            .filter(seats::user_id.eq(&user.id)),
    )
    .set(seats::joined_at.eq(joined + by))
    .execute(&mut conn)
    .expect("move the join");
}

async fn tick_once(app: &TestApp) -> hermes_api::scheduler::TickReport {
    tick(&app.state).await.expect("the tick runs")
}

/// A started 2-player game of Gods: `a` is seat 0 (to act first), `b` seat 1.
/// The game's clock starts at the join, which happens at the clock's now. Its policy is
/// `auto_pass` unless `game_clock` names another (the default, `stand_in`, has tests of
/// its own in `bots.rs`).
async fn two_player_game(app: &TestApp, a: &Player, b: &Player, game_clock: Value) -> String {
    let mut body =
        json!({"kind": "gods", "seats": 2, "random_seats": false, "timeout_policy": "auto_pass"});
    if let (Some(o), Some(c)) = (body.as_object_mut(), game_clock.as_object()) {
        o.extend(c.clone());
    }
    let (status, game) = app.post("/games", &a.token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let code = game["join_code"].as_str().unwrap().to_string();
    // Seats follow join order (`random_seats: false`); with the clock standing still
    // both joins would be at one instant, so a joins a microsecond earlier.
    set_joined_at(app, &id, a, Duration::microseconds(-1));
    let (status, joined) = app
        .post(
            &format!("/games/{id}/join"),
            &b.token,
            json!({"code": code}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["status"], "running");
    assert_eq!(joined["to_act"], json!([0]));
    id
}

/// The god to move discards twice (always legal at the start of a turn).
async fn discard_turn(app: &TestApp, p: &Player, game: &str, seq: i64) -> Value {
    let (status, body) = app
        .post(
            &format!("/games/{game}/turns"),
            &p.token,
            json!({"expected_seq": seq, "turn": {"steps": [{"do": "discard", "slot": 1}, {"do": "discard", "slot": 1}]}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

async fn log(app: &TestApp, p: &Player, game: &str) -> Vec<Value> {
    let (status, log) = app.get(&format!("/games/{game}/log"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{log}");
    log["entries"].as_array().unwrap().clone()
}

async fn summary(app: &TestApp, p: &Player, game: &str) -> Value {
    let (status, g) = app.get(&format!("/games/{game}"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g
}

fn at(v: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(v.as_str().unwrap_or_else(|| panic!("not a time: {v}")))
        .unwrap()
        .with_timezone(&Utc)
}

clock_test! {
    async fn a_game_is_created_with_its_clock_and_bad_clocks_are_refused(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        for (body, code, field) in [
            (json!({"turn_hours": 0}), "invalid_turn_hours", "turn_hours"),
            (json!({"turn_hours": 337}), "invalid_turn_hours", "turn_hours"),
            (json!({"turn_hours": -5}), "invalid_turn_hours", "turn_hours"),
            (json!({"timeout_policy": "explode"}), "invalid_timeout_policy", "timeout_policy"),
        ] {
            let mut req = json!({"kind": "gods", "seats": 2});
            req.as_object_mut().unwrap().extend(body.as_object().unwrap().clone());
            let (status, problem) = app.post("/games", &a.token, req).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
            assert_eq!(problem["code"], code, "{problem}");
            assert_eq!(problem["field"], field, "{problem}");
        }
        let (status, problem) = app
            .post("/games", &a.token, json!({"kind": "gods", "seats": 2, "turn_hours": "soon"}))
            .await;
        assert!(status.is_client_error(), "{problem}");
        // Nothing was created by the refusals.
        let (_, list) = app.get("/games", &a.token).await;
        assert_eq!(list["games"], json!([]));

        let (status, open) = app
            .post("/games", &a.token, json!({"kind": "gods", "seats": 2}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(open["turn_hours"], 72, "the default is 3 days");
        assert_eq!(open["timeout_policy"], "stand_in", "a bot stands in for a late player");
        assert_eq!(open["stand_in_level"], "greedy");
        assert_eq!(open["deadline"], Value::Null, "no clock runs before the start");

        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 36, "timeout_policy": "wait"})).await;
        let g = summary(&app, &a, &id).await;
        assert_eq!(g["turn_hours"], 36);
        assert_eq!(g["timeout_policy"], "wait");
        assert_eq!(at(&g["deadline"]), clock.now() + Duration::hours(36));
        // The player not to act sees when the game moves next; so does `must_act`.
        let seen_by_b = summary(&app, &b, &id).await;
        assert_eq!(seen_by_b["deadline"], g["deadline"]);
        let (_, mine) = app.get("/games?must_act=true", &a.token).await;
        assert_eq!(mine["games"][0]["deadline"], g["deadline"]);
        let (_, theirs) = app.get("/games?must_act=true", &b.token).await;
        assert_eq!(theirs["games"], json!([]));
    }
}

clock_test! {
    async fn the_reminder_is_enqueued_once_at_its_time_and_not_before(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 48})).await;
        // Due at +48 h; the reminder 24 h before.
        clock.advance(Duration::hours(24) - Duration::seconds(1));
        tick_once(&app).await;
        assert!(mails_of(&app, "reminder", &a).is_empty(), "a reminder before its time");
        clock.advance(Duration::seconds(1));
        let report = tick_once(&app).await;
        assert_eq!(report.reminders, 1);
        tick_once(&app).await;
        clock.advance(Duration::hours(1));
        tick_once(&app).await;
        let reminders = mails_of(&app, "reminder", &a);
        assert_eq!(reminders.len(), 1, "{reminders:?}");
        let r = &reminders[0];
        assert_eq!(r.dedupe_key.as_deref(), Some(format!("reminder:{id}:0:0").as_str()));
        assert_eq!(r.game_id.as_deref(), Some(id.as_str()));
        let data: Value = serde_json::from_str(&r.data).unwrap();
        assert_eq!(data["policy"], "auto_pass");
        assert_eq!(data["time_left"], "1 day");
        assert!(mails_of(&app, "reminder", &b).is_empty(), "b need not act");
        assert!(log(&app, &a, &id).await.is_empty(), "a reminder is not a timeout");
    }
}

clock_test! {
    async fn auto_pass_plays_the_pass_turn_at_the_deadline_and_the_next_seat_waits(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 12})).await;
        clock.advance(Duration::hours(12) - Duration::seconds(1));
        assert_eq!(tick_once(&app).await.passed, 0);
        assert!(log(&app, &a, &id).await.is_empty());
        clock.advance(Duration::seconds(1));
        let report = tick_once(&app).await;
        assert_eq!(report.passed, 1, "{report:?}");
        let entries = log(&app, &b, &id).await;
        assert_eq!(entries.len(), 1, "{entries:?}");
        let e = &entries[0];
        assert_eq!((e["seq"].as_i64(), e["seat"].as_i64()), (Some(1), Some(0)));
        assert_eq!(e["source"], "timeout");
        assert_eq!(e["user_id"], a.id.as_str(), "the log names whose seat it was");
        let steps = e["turn"]["steps"].as_array().unwrap();
        assert!(!steps.is_empty() && steps.iter().all(|s| s["do"] == "discard"), "{e}");
        // The next seat's clock runs from the timeout, and its your-turn mail is queued.
        let g = summary(&app, &b, &id).await;
        assert_eq!(g["to_act"], json!([1]));
        assert_eq!(at(&g["deadline"]), clock.now() + Duration::hours(12));
        let your_turn: Vec<_> = mails_of(&app, "your_turn", &b)
            .into_iter()
            .filter(|m| m.seq == Some(1))
            .collect();
        assert_eq!(your_turn.len(), 1, "{:?}", mails(&app));
        let timeout = mails_of(&app, "timeout", &a);
        assert_eq!(timeout.len(), 1);
        let data: Value = serde_json::from_str(&timeout[0].data).unwrap();
        assert_eq!(data["policy"], "auto_pass");
        assert_eq!(data["notation"], e["notation"]);
        // Ticking again changes nothing; b's own turn is not touched before its time.
        tick_once(&app).await;
        assert_eq!(log(&app, &a, &id).await.len(), 1);
        assert_eq!(mails_of(&app, "timeout", &a).len(), 1);
        // The players in the log and the board agree with a replay.
        let (status, replayed) = app.get(&format!("/games/{id}/state?at=1"), &a.token).await;
        assert_eq!(status, StatusCode::OK, "{replayed}");
        assert_eq!(replayed["to_act"], json!([1]));
    }
}

clock_test! {
    async fn forfeit_drops_the_seat_and_the_service_passes_for_it_from_then_on(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 24, "timeout_policy": "forfeit"})).await;
        clock.advance(Duration::hours(24));
        let report = tick_once(&app).await;
        assert_eq!(report.forfeits, 1, "{report:?}");
        let g = summary(&app, &b, &id).await;
        assert_eq!(g["players"][0]["forfeited"], true, "{g}");
        assert_eq!(g["players"][1]["forfeited"], false, "{g}");
        let entries = log(&app, &b, &id).await;
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0]["source"], "forfeit");
        let timeout = mails_of(&app, "timeout", &a);
        assert_eq!(timeout.len(), 1);
        assert_eq!(serde_json::from_str::<Value>(&timeout[0].data).unwrap()["policy"], "forfeit");
        // The other player and the game's stream are told the seat is out; its own player
        // has the timeout mail.
        let told = events_of(&app, "forfeited");
        let whom: Vec<Option<&str>> = told.iter().map(|(u, _)| u.as_deref()).collect();
        assert_eq!(whom, [Some(b.id.as_str()), None], "{told:?}");
        let name = g["players"][0]["display_name"].clone();
        for (_, e) in &told {
            assert_eq!((&e["seat"], &e["seq"], &e["kind"]), (&json!(0), &json!(0), &json!("gods")), "{e}");
            assert_eq!(e["display_name"], name, "{e}");
        }
        // b plays; the forfeited seat must act again and is passed at the next tick,
        // without waiting for its time per turn.
        discard_turn(&app, &b, &id, 1).await;
        clock.advance(Duration::seconds(1));
        tick_once(&app).await;
        let entries = log(&app, &b, &id).await;
        assert_eq!(entries.len(), 3, "{entries:?}");
        assert_eq!(entries[2]["source"], "forfeit");
        assert_eq!(entries[2]["seat"], 0);
        assert_eq!(summary(&app, &b, &id).await["to_act"], json!([1]));
        // One timeout mail, not one per pass; no your-turn mail to a dropped-out seat.
        assert_eq!(mails_of(&app, "timeout", &a).len(), 1);
        assert!(mails_of(&app, "your_turn", &a).iter().all(|m| m.seq == Some(0)));
        // Told once: the later passes are turns.
        assert_eq!(events_of(&app, "forfeited").len(), 2);
    }
}

clock_test! {
    async fn wait_only_marks_the_deadline_and_the_seat_may_still_act(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 24, "timeout_policy": "wait"})).await;
        clock.advance(Duration::days(3));
        let report = tick_once(&app).await;
        assert_eq!(report.expired, 1, "{report:?}");
        tick_once(&app).await;
        assert!(log(&app, &a, &id).await.is_empty(), "wait played a turn");
        let g = summary(&app, &a, &id).await;
        assert_eq!(g["to_act"], json!([0]));
        assert_eq!(g["deadlines"][0]["expired"], true, "{g}");
        let timeout = mails_of(&app, "timeout", &a);
        assert_eq!(timeout.len(), 1);
        assert_eq!(serde_json::from_str::<Value>(&timeout[0].data).unwrap()["policy"], "wait");
        // The late turn is accepted and clears the expired clock; b's starts.
        discard_turn(&app, &a, &id, 0).await;
        let g = summary(&app, &a, &id).await;
        assert_eq!(g["deadlines"].as_array().unwrap().len(), 1, "{g}");
        assert_eq!(g["deadlines"][0]["seat"], 1);
        assert_eq!(at(&g["deadline"]), clock.now() + Duration::hours(24));
        // The clock handed on (a's expired row, keyed anew for b) starts afresh, and runs
        // out in its turn as a's did.
        assert_eq!(g["deadlines"][0]["expired"], false, "{g}");
        clock.advance(Duration::hours(24));
        let report = tick_once(&app).await;
        assert_eq!(report.expired, 1, "{report:?}");
        tick_once(&app).await;
        assert_eq!(mails_of(&app, "timeout", &b).len(), 1);
        let g = summary(&app, &b, &id).await;
        assert_eq!(g["deadlines"][0]["expired"], true, "{g}");
    }
}

clock_test! {
    async fn a_turn_before_the_deadline_clears_it(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 48})).await;
        clock.advance(Duration::hours(47));
        discard_turn(&app, &a, &id, 0).await;
        clock.advance(Duration::hours(2));
        let report = tick_once(&app).await;
        assert_eq!(report.passed, 0, "{report:?}");
        let entries = log(&app, &a, &id).await;
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0]["source"], "player");
        assert!(mails_of(&app, "timeout", &a).is_empty());
        // a's reminder was due at +24 h but never ticked; after the turn it is gone.
        assert!(mails_of(&app, "reminder", &a).is_empty());
        let g = summary(&app, &b, &id).await;
        assert_eq!(at(&g["deadline"]), start() + Duration::hours(47 + 48));
    }
}

clock_test! {
    async fn vacation_stops_the_clock_and_its_budget_runs_down(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 48})).await;
        let due = start() + Duration::hours(48);

        let (status, v) = app.get("/me/vacation", &a.token).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!((v["on_vacation"].clone(), v["days_left"].clone()), (json!(false), json!(30.0)));

        clock.advance(Duration::hours(1));
        let until = clock.now() + Duration::days(10);
        let (status, v) = app
            .call(Method::PUT, "/me/vacation", Some(&a.token), Some(json!({"until": until.to_rfc3339()})))
            .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["on_vacation"], true);
        assert_eq!(v["days_used"], 10.0);
        assert_eq!(v["days_left"], 20.0);
        let g = summary(&app, &a, &id).await;
        assert_eq!(at(&g["deadline"]), due + Duration::days(10), "the clock stood still");

        // The old deadline passes: nothing happens.
        clock.advance(Duration::days(3));
        let report = tick_once(&app).await;
        assert_eq!((report.passed, report.reminders), (0, 0), "{report:?}");

        // A game that starts during the vacation counts from its end.
        let other = two_player_game(&app, &a, &b, json!({"turn_hours": 24})).await;
        let g = summary(&app, &a, &other).await;
        assert_eq!(at(&g["deadline"]), until + Duration::hours(24));

        // Over budget: 21 more days on top of 10.
        let (status, problem) = app
            .call(
                Method::PUT,
                "/me/vacation",
                Some(&a.token),
                Some(json!({"until": (until + Duration::days(21)).to_rfc3339()})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["code"], "vacation_over_budget");
        let (status, problem) = app
            .call(Method::PUT, "/me/vacation", Some(&a.token), Some(json!({"until": "tomorrow"})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["code"], "invalid_until");
        // Nothing moved with the refusals.
        assert_eq!(at(&summary(&app, &a, &id).await["deadline"]), due + Duration::days(10));

        // Back early, 3 days in: 7 days come back, and the clocks are pulled in by 7.
        let (status, v) = app.call(Method::DELETE, "/me/vacation", Some(&a.token), None).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["on_vacation"], false);
        assert_eq!(v["days_used"], 3.0);
        assert_eq!(v["days_left"], 27.0);
        let g = summary(&app, &a, &id).await;
        assert_eq!(at(&g["deadline"]), due + Duration::days(3));
        let g = summary(&app, &a, &other).await;
        assert_eq!(at(&g["deadline"]), clock.now() + Duration::hours(24));

        // The budget is per calendar year: a 27-day vacation fits, a 28-day one does not.
        let (status, problem) = app
            .call(Method::PUT, "/me/vacation", Some(&a.token), Some(json!({"until": (clock.now() + Duration::days(28)).to_rfc3339()})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        let (status, v) = app
            .call(Method::PUT, "/me/vacation", Some(&a.token), Some(json!({"until": (clock.now() + Duration::days(27)).to_rfc3339()})))
            .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["days_left"], 0.0);
    }
}

clock_test! {
    async fn racing_schedulers_handle_each_deadline_once(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let mut games = Vec::new();
        for _ in 0..4 {
            games.push(two_player_game(&app, &a, &b, json!({"turn_hours": 30})).await);
        }
        let wait_game = two_player_game(&app, &a, &b, json!({"turn_hours": 30, "timeout_policy": "wait"})).await;
        // Four schedulers race for the reminders, then for the timeouts.
        let race = |state: std::sync::Arc<hermes_api::state::AppState>| async move {
            tokio::task::spawn_blocking(move || {
                std::thread::scope(|s| {
                    let handles: Vec<_> =
                        (0..4).map(|_| s.spawn(|| tick_blocking(&state))).collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().unwrap().expect("tick"))
                        .collect::<Vec<_>>()
                })
            })
            .await
            .unwrap()
        };
        clock.advance(Duration::hours(6));
        let reports = race(app.state.clone()).await;
        let reminders: usize = reports.iter().map(|r| r.reminders).sum();
        assert_eq!(reminders, 5, "{reports:?}");
        clock.advance(Duration::hours(24));
        let reports = race(app.state.clone()).await;
        let passed: usize = reports.iter().map(|r| r.passed).sum();
        let expired: usize = reports.iter().map(|r| r.expired).sum();
        let reminders: usize = reports.iter().map(|r| r.reminders).sum();
        assert_eq!((passed, expired, reminders), (4, 1, 0), "{reports:?}");
        for id in &games {
            let entries = log(&app, &a, id).await;
            assert_eq!(entries.len(), 1, "game {id}: {entries:?}");
            assert_eq!(entries[0]["source"], "timeout");
        }
        assert!(log(&app, &a, &wait_game).await.is_empty());
        assert_eq!(mails_of(&app, "timeout", &a).len(), 5);
        assert_eq!(mails_of(&app, "reminder", &a).len(), 5);
        let mut keys: Vec<_> = mails(&app).into_iter().filter_map(|m| m.dedupe_key).collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n, "a mail was enqueued twice");
    }
}

clock_test! {
    async fn the_digest_goes_once_a_day_at_eight_local_time_when_games_wait(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        set_user(&app, &a, "digest", "Europe/Berlin");
        set_user(&app, &b, "digest", "Europe/Berlin");
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 336})).await;
        // 06:00 in Berlin: the first tick only schedules the digest for 08:00.
        tick_once(&app).await;
        assert!(mails_of(&app, "digest", &a).is_empty());
        clock.set(DateTime::parse_from_rfc3339("2026-03-02T06:59:59Z").unwrap().with_timezone(&Utc));
        tick_once(&app).await;
        assert!(mails_of(&app, "digest", &a).is_empty(), "a digest before 08:00");
        clock.advance(Duration::seconds(1));
        assert_eq!(tick_once(&app).await.digests, 1);
        tick_once(&app).await;
        clock.advance(Duration::hours(5));
        tick_once(&app).await;
        let digests = mails_of(&app, "digest", &a);
        assert_eq!(digests.len(), 1, "{digests:?}");
        let data: Value = serde_json::from_str(&digests[0].data).unwrap();
        assert_eq!(data["date"], "Monday 2 March 2026");
        assert_eq!(data["games"].as_array().unwrap().len(), 1);
        assert!(data["games"][0]["game_url"].as_str().unwrap().ends_with(&id));
        // b has nothing waiting: no mail. Neither gets a your-turn mail (digest readers).
        assert!(mails_of(&app, "digest", &b).is_empty());
        assert!(mails_of(&app, "your_turn", &a).is_empty());
        // The next morning, the next one.
        clock.set(DateTime::parse_from_rfc3339("2026-03-03T07:00:00Z").unwrap().with_timezone(&Utc));
        tick_once(&app).await;
        tick_once(&app).await;
        assert_eq!(mails_of(&app, "digest", &a).len(), 2);
    }
}

clock_test! {
    async fn one_tick_handles_a_backlog_of_timeouts_and_says_how_long_it_took(app, clock) {
        // 40 games whose deadlines all passed while no scheduler ran (a server down for a
        // day): one tick plays every pass turn. The time is printed for BENCHMARKS-style
        // notes (`--nocapture`); the test checks only that all were handled, once.
        const GAMES: usize = 40;
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let mut games = Vec::new();
        for _ in 0..GAMES {
            games.push(two_player_game(&app, &a, &b, json!({"turn_hours": 1})).await);
        }
        clock.advance(Duration::hours(2));
        let started = std::time::Instant::now();
        let report = tick_once(&app).await;
        let took = started.elapsed();
        println!(
            "one tick: {} timeouts handled in {:?} ({:.1} ms each)",
            report.passed,
            took,
            took.as_secs_f64() * 1000.0 / report.passed.max(1) as f64
        );
        assert_eq!(report.passed, GAMES, "{report:?}");
        assert_eq!(tick_once(&app).await.passed, 0);
        for id in &games {
            assert_eq!(log(&app, &a, id).await.len(), 1);
        }
    }
}

clock_test! {
    async fn two_servers_on_one_database_handle_each_deadline_once(app, clock) {
        let twin = app.twin_clocked(clock.clone(), slow_scheduler).await;
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let mut games = Vec::new();
        for policy in ["auto_pass", "auto_pass", "forfeit", "wait", "auto_pass", "forfeit"] {
            games.push(
                two_player_game(&app, &a, &b, json!({"turn_hours": 30, "timeout_policy": policy}))
                    .await,
            );
        }
        // Each server ticks twice, all four at once: reminders first, then timeouts.
        for hours in [6, 24] {
            clock.advance(Duration::hours(hours));
            let (r1, r2, r3, r4) = tokio::join!(
                tick(&app.state),
                tick(&twin.state),
                tick(&app.state),
                tick(&twin.state)
            );
            for r in [r1, r2, r3, r4] {
                r.expect("a tick");
            }
        }
        assert_eq!(mails_of(&app, "reminder", &a).len(), games.len());
        assert_eq!(mails_of(&app, "timeout", &a).len(), games.len());
        for (id, expected) in games.iter().zip([1, 1, 1, 0, 1, 1]) {
            let entries = log(&app, &a, id).await;
            assert_eq!(entries.len(), expected, "game {id}: {entries:?}");
        }
        let mut keys: Vec<_> = mails(&app).into_iter().filter_map(|m| m.dedupe_key).collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n, "a mail was enqueued twice");
    }
}

clock_test! {
    async fn when_every_god_dropped_out_the_service_plays_the_game_to_its_end_and_nobody_wins(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 24, "timeout_policy": "forfeit"})).await;
        clock.advance(Duration::hours(24));
        tick_once(&app).await;
        clock.advance(Duration::hours(24));
        // b times out too; from then on every turn is due at once, and a few ticks play
        // the game out (each pass discards, which runs the pile down).
        for _ in 0..10 {
            tick_once(&app).await;
            if summary(&app, &a, &id).await["status"] == "over" {
                break;
            }
            clock.advance(Duration::seconds(1));
        }
        let g = summary(&app, &a, &id).await;
        assert_eq!(g["status"], "over", "{g}");
        assert_eq!(g["outcome"]["winners"], json!([]), "{g}");
        assert_eq!(g["outcome"]["forfeited"], json!([0, 1]), "{g}");
        assert_eq!(g["deadlines"], json!([]), "a game over keeps no clock");
        let entries = log(&app, &a, &id).await;
        assert!(entries.len() > 10, "{}", entries.len());
        assert!(entries.iter().all(|e| e["source"] == "forfeit"), "{entries:?}");
        // Each player got one timeout mail and the game-over mail; the replay agrees.
        assert_eq!(mails_of(&app, "timeout", &a).len(), 1);
        assert_eq!(mails_of(&app, "timeout", &b).len(), 1);
        assert_eq!(mails_of(&app, "game_over", &a).len(), 1);
        let (status, replayed) = app
            .get(&format!("/games/{id}/state?at={}", entries.len()), &a.token)
            .await;
        assert_eq!(status, StatusCode::OK, "{replayed}");
        assert_eq!(replayed["to_act"], json!([]));
        // A vacation now moves nothing and breaks nothing.
        let (status, _) = app
            .call(Method::PUT, "/me/vacation", Some(&a.token), Some(json!({"until": (clock.now() + Duration::days(2)).to_rfc3339()})))
            .await;
        assert_eq!(status, StatusCode::OK);
    }
}

clock_test! {
    async fn a_player_who_wants_no_mail_gets_none_but_the_clock_still_runs(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        set_user(&app, &a, "none", "UTC");
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 48})).await;
        clock.advance(Duration::hours(24));
        assert_eq!(tick_once(&app).await.reminders, 1, "the reminder is claimed");
        clock.advance(Duration::hours(24));
        assert_eq!(tick_once(&app).await.passed, 1);
        assert_eq!(log(&app, &a, &id).await[0]["source"], "timeout");
        let to_a: Vec<_> = mails(&app)
            .into_iter()
            .filter(|m| m.user_id.as_deref() == Some(a.id.as_str()) && m.game_id.is_some())
            .collect();
        assert!(to_a.is_empty(), "game mail to a player who wants none: {to_a:?}");
        // b still hears that it is their turn.
        assert_eq!(mails_of(&app, "your_turn", &b).len(), 1);
    }
}

clock_test! {
    async fn lengthening_a_vacation_charges_only_the_extra_days(app, clock) {
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 72})).await;
        let due = clock.now() + Duration::hours(72);
        let put = |until: DateTime<Utc>| json!({"until": until.to_rfc3339()});
        let first = clock.now() + Duration::days(5);
        let (status, v) = app.call(Method::PUT, "/me/vacation", Some(&a.token), Some(put(first))).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        clock.advance(Duration::days(2));
        let (status, v) = app
            .call(Method::PUT, "/me/vacation", Some(&a.token), Some(put(first + Duration::days(3))))
            .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["days_used"], 8.0, "{v}");
        assert_eq!(at(&v["until"]), first + Duration::days(3));
        assert_eq!(at(&summary(&app, &a, &id).await["deadline"]), due + Duration::days(8));
        // Shortened again (still running): the two days come back.
        let (status, v) = app
            .call(Method::PUT, "/me/vacation", Some(&a.token), Some(put(first + Duration::days(1))))
            .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["days_used"], 6.0, "{v}");
        assert_eq!(at(&summary(&app, &a, &id).await["deadline"]), due + Duration::days(6));
        // The vacation ends on its own; the clock runs again from its end.
        clock.set(first + Duration::days(1) + Duration::hours(71));
        assert_eq!(tick_once(&app).await.passed, 0);
        clock.advance(Duration::hours(1));
        assert_eq!(tick_once(&app).await.passed, 1);
        let (_, v) = app.get("/me/vacation", &a.token).await;
        assert_eq!(v["on_vacation"], false);
        assert_eq!(v["days_used"], 6.0);
    }
}

clock_test! {
    async fn a_god_who_may_declare_the_end_is_passed_on_in_two_entries_with_one_mail(app, clock) {
        use hermes_api::store::schema::games;
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 24})).await;
        // Give seat 0 village tiles of three colours and put it at the G-T1 decision (the
        // state is the engine's JSON; the rules crate's own tests build positions alike).
        {
            let pool = hermes_api::store::open(&app.database_url, 1).unwrap();
            let mut conn = pool.get().unwrap();
            let state: Option<String> = games::table
                .find(&id)
                .select(games::state)
                .first(&mut conn)
                .unwrap();
            let mut state: Value = serde_json::from_str(&state.unwrap()).unwrap();
            state["gods"][0]["villages"] = json!({"red": 1, "yellow": 1, "green": 1, "blue": 0});
            state["village_supply"] = json!({"red": 1, "yellow": 1, "green": 1, "blue": 2});
            state["phase"] = json!("may_declare");
            diesel::update(games::table.find(&id))
                .set(games::state.eq(Some(state.to_string())))
                .execute(&mut conn)
                .unwrap();
        }
        clock.advance(Duration::hours(24));
        assert_eq!(tick_once(&app).await.passed, 1);
        let entries = log(&app, &a, &id).await;
        assert_eq!(entries.len(), 2, "{entries:?}");
        assert!(entries.iter().all(|e| e["source"] == "timeout" && e["seat"] == 0));
        assert_eq!(entries[0]["turn"], json!({"steps": []}), "continue, never `end`");
        assert!(entries[1]["turn"]["steps"].as_array().unwrap().iter().all(|s| s["do"] == "discard"));
        let g = summary(&app, &a, &id).await;
        assert_eq!(g["status"], "running");
        assert_eq!(g["to_act"], json!([1]));
        // One timeout mail telling both halves; no your-turn mail to a for the first half;
        // b's your-turn mail for the second.
        let timeout = mails_of(&app, "timeout", &a);
        assert_eq!(timeout.len(), 1);
        let notation = serde_json::from_str::<Value>(&timeout[0].data).unwrap()["notation"].clone();
        assert!(notation.as_str().unwrap().contains(" / "), "{notation}");
        assert!(mails_of(&app, "your_turn", &a).iter().all(|m| m.seq == Some(0)));
        let to_b: Vec<_> = mails_of(&app, "your_turn", &b).into_iter().map(|m| m.seq).collect();
        assert_eq!(to_b, vec![Some(2)]);
    }
}

/// A discard turn at `seq` with an `Idempotency-Key`; the status and whether the answer
/// was a replay of a stored one.
async fn keyed_discard(
    app: &TestApp,
    p: &Player,
    game: &str,
    seq: i64,
    key: &str,
) -> (StatusCode, bool) {
    let res = app
        .client
        .post(format!("{}/games/{game}/turns", app.url))
        .bearer_auth(&p.token)
        .header("Idempotency-Key", key)
        .json(&json!({"expected_seq": seq, "turn": {"steps": [{"do": "discard", "slot": 1}, {"do": "discard", "slot": 1}]}}))
        .send()
        .await
        .expect("sent");
    let replayed = res.headers().get("idempotent-replayed").is_some();
    (crate::helpers::read(res).await.0, replayed)
}

/// Waits until the outbox worker has sent every mail (none left pending).
async fn all_sent(app: &TestApp) {
    for _ in 0..400 {
        if mails(app)
            .iter()
            .all(|m| m.sent_at.is_some() || m.failed_at.is_some())
        {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("mail still pending: {:?}", mails(app));
}

clock_test! {
    async fn sent_mail_and_idempotency_keys_are_pruned_after_their_retention(app, clock) {
        // The test servers keep sent mail 30 days and idempotent answers 7 (the defaults).
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({})).await;
        let seq = summary(&app, &a, &id).await["seq"].as_i64().unwrap();
        assert_eq!(keyed_discard(&app, &a, &id, seq, "k-1").await, (StatusCode::CREATED, false));
        all_sent(&app).await;
        // One mail failed for good: failed mail is the operator's to see, never pruned.
        let failed = mails(&app)[0].id.clone();
        {
            let pool = hermes_api::store::open(&app.database_url, 1).unwrap();
            diesel::update(outbox::table.find(&failed))
                .set((outbox::sent_at.eq(None::<chrono::NaiveDateTime>), outbox::failed_at.eq(Some(clock.now().naive_utc()))))
                .execute(&mut pool.get().unwrap())
                .unwrap();
        }
        let report = tick_once(&app).await;
        assert_eq!((report.pruned_mail, report.pruned_keys), (0, 0), "{report:?}");
        assert_eq!(keyed_discard(&app, &a, &id, seq, "k-1").await, (StatusCode::CREATED, true), "replayed within 7 days");

        clock.advance(Duration::days(7) + Duration::minutes(1));
        let report = tick_once(&app).await;
        assert_eq!(report.pruned_keys, 1, "{report:?}");
        assert_eq!(report.pruned_mail, 0, "{report:?}");
        // The key is forgotten: the same request is a new one, and its turn is stale now.
        assert_eq!(keyed_discard(&app, &a, &id, seq, "k-1").await, (StatusCode::CONFLICT, false));
        all_sent(&app).await;

        clock.advance(Duration::days(23));
        let cutoff = clock.now().naive_utc() - Duration::days(30);
        let before = mails(&app);
        let old: Vec<_> = before.iter().filter(|m| m.sent_at.is_some_and(|s| s < cutoff)).collect();
        assert!(!old.is_empty(), "{before:?}");
        let report = tick_once(&app).await;
        assert_eq!(report.pruned_mail, old.len(), "{report:?}");
        // The tick may have enqueued mail of its own (timeouts): only the old rows went.
        let after = mails(&app);
        let kept: Vec<_> = after.iter().map(|m| m.id.as_str()).collect();
        assert!(old.iter().all(|m| !kept.contains(&m.id.as_str())), "{after:?}");
        assert!(
            before.iter().filter(|m| !old.iter().any(|o| o.id == m.id)).all(|m| kept.contains(&m.id.as_str())),
            "only sent mail past its retention is pruned: {after:?}"
        );
        assert!(after.iter().all(|m| m.sent_at.is_none_or(|s| s >= cutoff)), "{after:?}");
        assert!(after.iter().any(|m| m.id == failed), "the failed mail stays");
    }
}

clock_test! {
    async fn expired_and_revoked_browser_sessions_are_pruned_and_a_live_one_stays(app, clock) {
        use crate::web::{address, Browser};
        use hermes_api::store::schema::web_sessions;
        let sessions = |app: &TestApp| -> i64 {
            let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
            web_sessions::table.count().get_result(&mut pool.get().expect("a connection")).expect("counted")
        };
        let email = address("sol");
        let mut old = Browser::new(&app);
        old.sign_up("Sol", &email, "a long password").await;
        old.log_in(&email, "a long password").await;
        // Twenty days later (sessions last 30): a second browser, and a third that logs out.
        clock.advance(Duration::days(20));
        let mut new = Browser::new(&app);
        new.log_in(&email, "a long password").await;
        let mut gone = Browser::new(&app);
        gone.log_in(&email, "a long password").await;
        let csrf = gone.get("/").await.csrf();
        assert_eq!(gone.post("/logout", &[("csrf", &csrf)]).await.status, StatusCode::SEE_OTHER);
        let before = sessions(&app);
        // Eleven days on, the first has expired.
        clock.advance(Duration::days(11));
        let report = tick_once(&app).await;
        assert_eq!(report.pruned_sessions, 2, "the expired and the revoked: {report:?}");
        assert_eq!(sessions(&app), before - 2);
        let lobby = new.get("/").await;
        assert!(lobby.body.contains("Your games"), "the live session still signs in: {}", lobby.body);
        assert!(!old.get("/").await.body.contains("Your games"), "an expired one does not");
        assert_eq!(tick_once(&app).await.pruned_sessions, 0, "pruned at most once an hour, and nothing is left");
    }
}

clock_test! {
    async fn stream_events_are_pruned_after_the_mail_retention_and_newer_ones_stay(app, clock) {
        use hermes_api::store::schema::events;
        // (id, written at), oldest first, read straight from the test's database.
        let stored = |app: &TestApp| -> Vec<(i64, chrono::NaiveDateTime)> {
            let pool = hermes_api::store::open(&app.database_url, 1).expect("open the test database");
            events::table
                .order(events::id.asc())
                .select((events::id, events::created_at))
                .load(&mut pool.get().expect("a connection"))
                .expect("read the events")
        };
        // The test servers keep sent mail, and so events, 30 days (the default).
        let a = app.player("ada").await;
        let b = app.player("bob").await;
        let id = two_player_game(&app, &a, &b, json!({"turn_hours": 336, "timeout_policy": "wait"})).await;
        discard_turn(&app, &a, &id, 0).await;
        let old = stored(&app);
        assert!(old.len() >= 3, "a start and a turn were told: {old:?}");
        clock.advance(Duration::days(13));
        discard_turn(&app, &b, &id, 1).await;
        let before = stored(&app);
        assert!(before.len() > old.len(), "the second turn was told: {before:?}");
        assert_eq!(tick_once(&app).await.pruned_events, 0, "nothing is 30 days old yet");

        clock.advance(Duration::days(18));
        let cutoff = clock.now().naive_utc() - Duration::days(30);
        assert!(old.iter().all(|(_, at)| *at < cutoff) && before[old.len()..].iter().all(|(_, at)| *at >= cutoff));
        let report = tick_once(&app).await;
        assert_eq!(report.pruned_events, old.len(), "{report:?}");
        let after: Vec<i64> = stored(&app).into_iter().map(|(id, _)| id).collect();
        assert!(old.iter().all(|(id, _)| !after.contains(id)), "the old events went: {after:?}");
        assert!(before[old.len()..].iter().all(|(id, _)| after.contains(id)), "the newer ones stay: {after:?}");
    }
}
