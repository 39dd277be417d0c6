//! Talk that reaches the table and the same table again: what the others said comes in
//! the next your-turn mail; a player who asks for talk by mail at once gets it batched and
//! answers it by replying; a finished game's rematch is proposed and accepted from the
//! page, the API or a reply, and starts once everyone has accepted.

use crate::helpers::{Player, TestApp, PUBLIC_URL};
use crate::mail::smtp::SmtpServer;
use crate::replies::{
    by_mail, confirmed, game, gods_turn, keys, read_all, reply, send_http, wait_mail, Got, Shape,
};
use hermes_api::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Talk mails and rematch mails to `email` so far.
fn mails_to(sink: &SmtpServer, email: &str, subject: &str) -> Vec<Got> {
    read_all(sink)
        .into_iter()
        .filter(|m| m.to == email && m.subject.contains(subject))
        .collect()
}

/// A Gods game of `players` in join order (the clock moves between joins: seats follow
/// the order of joining, which a clock that stands still would leave to chance).
async fn new_game(app: &TestApp, clock: &ManualClock, players: &[Player]) -> String {
    let body = json!({"kind": "gods", "seats": players.len(), "random_seats": false});
    let (status, game) = app.post("/games", &players[0].token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    for p in &players[1..] {
        clock.advance(chrono::Duration::seconds(1));
        let (status, body) = app
            .post(
                &format!("/games/{id}/join"),
                &p.token,
                json!({"code": game["join_code"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

/// `p`'s display name.
async fn name_of(app: &TestApp, p: &Player) -> String {
    let (_, me) = app.get("/me", &p.token).await;
    me["display_name"].as_str().unwrap().to_string()
}

async fn say(app: &TestApp, id: &str, p: &Player, body: &str) {
    let (status, m) = app
        .post(
            &format!("/games/{id}/messages"),
            &p.token,
            json!({"body": body}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{m}");
}

async fn play(app: &TestApp, id: &str, p: &Player, rng: &mut rand_chacha::ChaCha8Rng) {
    let seq = game(app, id, p).await["seq"].as_i64().unwrap();
    let turn = gods_turn(app, id, p, rng).await;
    let res = app
        .client
        .post(format!("{}/games/{id}/turns", app.url))
        .bearer_auth(&p.token)
        .header("content-type", "text/plain")
        .header("if-match", format!("\"{seq}\""))
        .body(turn)
        .send()
        .await
        .unwrap();
    let (status, body) = crate::helpers::read(res).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

async fn messages(app: &TestApp, id: &str, p: &Player) -> Vec<(String, String)> {
    let (status, body) = app.get(&format!("/games/{id}/messages"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["display_name"].as_str().unwrap().to_string(),
                m["body"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

macro_rules! table_test {
    (async fn $name:ident($app:ident, $sink:ident, $clock:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: TestApp, $sink: SmtpServer, $clock: std::sync::Arc<ManualClock>) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let sink = SmtpServer::start();
                let clock = ManualClock::starting_now();
                let app = TestApp::sqlite_clocked(clock.clone(), by_mail(&sink)).await;
                run(app, sink, clock).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let sink = SmtpServer::start();
                let clock = ManualClock::starting_now();
                if let Some(app) = TestApp::postgres_clocked(clock.clone(), by_mail(&sink)).await {
                    run(app, sink, clock).await
                }
            }
        }
    };
}

table_test! {
    async fn what_the_others_said_since_the_last_mail_comes_in_the_next_your_turn_mail(app, sink, clock) {
        let (ann, ann_mail) = confirmed(&app, "ann").await;
        let (bo, bo_mail) = confirmed(&app, "bo").await;
        let id = new_game(&app, &clock, &[ann.clone(), bo.clone()]).await;
        let (ann_name, bo_name) = (name_of(&app, &ann).await, name_of(&app, &bo).await);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(37);
        wait_mail(&sink, "ann's first turn", |m| m.to == ann_mail && m.subject.starts_with("Your turn")).await;

        // Ann talks, then plays: Bo's first turn mail tells what she said.
        say(&app, &id, &ann, "Good luck, Bo!").await;
        clock.advance(chrono::Duration::seconds(1));
        play(&app, &id, &ann, &mut rng).await;
        let bo_first = wait_mail(&sink, "bo's first turn", |m| m.to == bo_mail && m.subject.starts_with("Your turn")).await;
        assert!(bo_first.text.contains("At the table"), "{}", bo_first.text);
        assert!(bo_first.text.contains(&format!("{ann_name}: Good luck, Bo!")), "{}", bo_first.text);

        // Bo answers and plays: Ann's mail has his words and not her own.
        clock.advance(chrono::Duration::seconds(1));
        say(&app, &id, &bo, "Thanks, you too.").await;
        clock.advance(chrono::Duration::seconds(1));
        play(&app, &id, &bo, &mut rng).await;
        let ann_second = wait_mail(&sink, "ann's second turn", |m| {
            m.to == ann_mail && m.subject.starts_with("Your turn") && m.text.contains("Thanks")
        })
        .await;
        assert!(ann_second.text.contains(&format!("{bo_name}: Thanks, you too.")), "{}", ann_second.text);
        assert!(!ann_second.text.contains("Good luck"), "her own words are not told back: {}", ann_second.text);

        // Nobody spoke since Bo's last mail: his next turn mail tells no talk again.
        clock.advance(chrono::Duration::seconds(1));
        play(&app, &id, &ann, &mut rng).await;
        let turns_to_bo = || {
            read_all(&sink)
                .into_iter()
                .filter(|m| m.to == bo_mail && m.subject.starts_with("Your turn"))
                .count()
        };
        let start = std::time::Instant::now();
        while turns_to_bo() < 2 {
            assert!(start.elapsed() < std::time::Duration::from_secs(90), "no second turn mail to bo");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let bo_second = read_all(&sink)
            .into_iter()
            .filter(|m| m.to == bo_mail && m.subject.starts_with("Your turn"))
            .nth(1)
            .unwrap();
        assert!(!bo_second.text.contains("At the table"), "{}", bo_second.text);
        // Nobody asked for talk at once: no talk mail went out.
        assert!(mails_to(&sink, &bo_mail, "Talk at the table").is_empty());
        assert!(mails_to(&sink, &ann_mail, "Talk at the table").is_empty());
    }
}

table_test! {
    async fn talk_by_mail_at_once_is_batched_per_game_and_a_plain_reply_posts_talk(app, sink, clock) {
        let (ann, _) = confirmed(&app, "ann").await;
        let (bo, bo_mail) = confirmed(&app, "bo").await;
        let id = new_game(&app, &clock, &[ann.clone(), bo.clone()]).await;
        let (ann_name, bo_name) = (name_of(&app, &ann).await, name_of(&app, &bo).await);

        // Bo asks for talk by mail as it is posted (the API's preferences; the account
        // page's form saves the same field).
        let res = app
            .client
            .patch(format!("{}/me/preferences", app.url))
            .bearer_auth(&bo.token)
            .json(&json!({"talk": "at_once"}))
            .send()
            .await
            .unwrap();
        let (status, prefs) = crate::helpers::read(res).await;
        assert_eq!((status, prefs["talk"].as_str()), (StatusCode::OK, Some("at_once")), "{prefs}");
        let (status, p) = app.call(reqwest::Method::PATCH, "/me/preferences", Some(&bo.token), Some(json!({"talk": "hourly"}))).await;
        assert_eq!((status, p["code"].as_str(), p["field"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_preference"), Some("talk")), "{p}");

        // The first message is mailed at once.
        say(&app, &id, &ann, "Shall we make it quick?").await;
        let first = wait_mail(&sink, "the first talk mail", |m| m.to == bo_mail && m.subject.contains("Talk at the table")).await;
        assert!(first.text.contains(&format!("{ann_name}: Shall we make it quick?")), "{}", first.text);
        assert!(first.reply_to.is_some(), "a talk mail may be answered by replying");

        // Two more within the batch (10 minutes by default): one mail, once it is due.
        clock.advance(chrono::Duration::minutes(2));
        say(&app, &id, &ann, "Or slow, as you like.").await;
        clock.advance(chrono::Duration::minutes(1));
        say(&app, &id, &ann, "Your move, by the way... no, mine.").await;
        // Not yet due: the worker, polling all along, sends nothing more before the clock
        // reaches it (checked after the worker had time to see the rows).
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert_eq!(mails_to(&sink, &bo_mail, "Talk at the table").len(), 1, "the batch waits");
        clock.advance(chrono::Duration::minutes(8));
        let second = wait_mail(&sink, "the batched talk mail", |m| {
            m.to == bo_mail && m.subject.contains("Talk at the table") && m.message_id != first.message_id
        })
        .await;
        assert!(second.text.contains(&format!("{ann_name}: Or slow, as you like.")), "{}", second.text);
        assert!(second.text.contains(&format!("{ann_name}: Your move, by the way... no, mine.")), "{}", second.text);
        assert!(!second.text.contains("make it quick"), "told once: {}", second.text);

        // Bo is not to act: a reply of plain words is talk.
        let (mid, raw) = reply(&bo_mail, &second, "Slow suits me.\nCheers", Shape::TopPosted, "");
        let (status, body) = send_http(&app, &raw).await;
        assert_eq!((status, body["outcome"].as_str()), (StatusCode::ACCEPTED, Some("noted")), "{body}");
        let said = messages(&app, &id, &ann).await;
        assert_eq!(said.last(), Some(&(bo_name.clone(), "Slow suits me.\nCheers".to_string())), "{said:?}");
        let answer = wait_mail(&sink, "the answer", |m| m.in_reply_to.as_deref() == Some(mid.as_str())).await;
        assert!(answer.text.contains("Slow suits me."), "{}", answer.text);
        // And a `say:` line still works when it is one's turn (Ann's: plain words there
        // would be read as a turn).
        let _ = game(&app, &id, &ann).await;
    }
}

/// The raw message of `m` (to check its parts).
fn raw_of(sink: &SmtpServer, m: &Got) -> String {
    sink.received()
        .into_iter()
        .map(|r| String::from_utf8_lossy(&r.data).to_string())
        .find(|raw| raw.contains(&m.message_id))
        .unwrap()
}

/// A two-player game aborted by Bo before anyone moved: over at once.
async fn finished(app: &TestApp, clock: &ManualClock, ann: &Player, bo: &Player) -> String {
    let id = new_game(app, clock, &[ann.clone(), bo.clone()]).await;
    let (status, g) = app
        .post(&format!("/games/{id}/abort"), &bo.token, json!({}))
        .await;
    assert_eq!(
        (status, g["status"].as_str()),
        (StatusCode::OK, Some("over")),
        "{g}"
    );
    id
}

table_test! {
    async fn a_rematch_proposed_on_the_page_and_accepted_by_the_api_starts_with_the_seats_turned(app, sink, clock) {
        let (ann, ann_mail) = confirmed(&app, "ann").await;
        let (bo, bo_mail) = confirmed(&app, "bo").await;
        let carl = app.player("carl").await;
        let running = new_game(&app, &clock, &[carl.clone(), app.player("dee").await]).await;
        let (status, p) = app.post(&format!("/games/{running}/rematch"), &carl.token, json!({})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("game_not_over")), "{p}");
        let id = finished(&app, &clock, &ann, &bo).await;
        let (status, p) = app.get(&format!("/games/{id}/rematch"), &ann.token).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::NOT_FOUND, Some("no_rematch")), "{p}");

        // The game-over mail shows the final board inline and offers the rematch.
        let over = wait_mail(&sink, "ann's game-over mail", |m| m.to == ann_mail && m.subject.starts_with("Game over")).await;
        assert!(over.text.contains("Play again"), "{}", over.text);
        assert!(over.reply_to.is_some(), "a game-over mail may be answered");
        let raw = raw_of(&sink, &over);
        assert!(raw.contains("multipart/related") && raw.contains("Content-ID: <board>"), "the board is inline");

        // Ann opens the game page from her mail's link and proposes it with one click.
        let link = hermes_api::links::turn_link(&keys(), PUBLIC_URL, &ann.id, &id).unwrap();
        let page = link.strip_prefix(PUBLIC_URL).unwrap().to_string();
        let html = app.client.get(format!("{}{page}", app.url)).send().await.unwrap().text().await.unwrap();
        assert!(html.contains("Propose a rematch"), "the finished game's page offers it");
        let action = page.replace("/play?", "/play/rematch?");
        let bo_name = name_of(&app, &bo).await;
        // (The client follows the 303 back to the page.)
        let res = app.client.post(format!("{}{action}", app.url)).form(&[("x", "")]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let html = res.text().await.unwrap();
        assert!(html.contains(&format!("Waiting for: {bo_name}")), "{html}");

        // A stranger may neither accept it nor take a seat with its join code.
        let (status, p) = app.post(&format!("/games/{id}/rematch"), &carl.token, json!({})).await;
        assert!(matches!(p["code"].as_str(), Some("not_a_player" | "game_not_found")), "{status} {p}");
        let (_, r) = app.get(&format!("/games/{id}/rematch"), &ann.token).await;
        let new_id = r["rematch_game_id"].as_str().unwrap().to_string();
        assert_eq!((r["status"].as_str(), r["proposed_by"].as_str()), (Some("open"), Some(ann.id.as_str())), "{r}");
        let (_, g) = app.get(&format!("/games/{new_id}"), &ann.token).await;
        let (status, p) = app.post(&format!("/games/{new_id}/join"), &carl.token, json!({"code": g["join_code"]})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("rematch_seats")), "{p}");

        // Bo is told by mail; he accepts through the API, later, and the game starts.
        let told = wait_mail(&sink, "bo's rematch mail", |m| m.to == bo_mail && m.subject.contains("proposes a rematch")).await;
        assert!(told.text.contains(&format!("Waiting for: {bo_name}")), "{}", told.text);
        let (status, r) = app.post(&format!("/games/{id}/rematch"), &bo.token, json!({})).await;
        assert_eq!((status, r["status"].as_str()), (StatusCode::OK, Some("running")), "{r}");
        assert_eq!(r["waiting"], json!([]), "{r}");
        let (status, again) = app.post(&format!("/games/{id}/rematch"), &bo.token, json!({})).await;
        assert_eq!((status, again["rematch_game_id"].clone()), (StatusCode::OK, r["rematch_game_id"].clone()), "twice is once");
        // Same table: kind, seats, options; the seats turned by one (Bo sat second).
        let (_, old) = app.get(&format!("/games/{id}"), &ann.token).await;
        let (_, new) = app.get(&format!("/games/{new_id}"), &bo.token).await;
        assert_eq!((new["kind"].clone(), new["seats"].clone(), new["options"].clone()), (old["kind"].clone(), old["seats"].clone(), old["options"].clone()));
        let seat_of = |g: &Value, who: &Player| g["players"].as_array().unwrap().iter().find(|p| p["user_id"] == who.id.as_str()).unwrap()["seat"].clone();
        assert_eq!((seat_of(&old, &ann), seat_of(&old, &bo)), (json!(0), json!(1)), "{old}");
        assert_eq!((seat_of(&new, &bo), seat_of(&new, &ann)), (json!(0), json!(1)), "{new}");
        wait_mail(&sink, "bo's first turn in the rematch", |m| m.to == bo_mail && m.subject.starts_with("Your turn")).await;
        // Each game names the other.
        let (_, from_new) = app.get(&format!("/games/{new_id}/rematch"), &bo.token).await;
        assert_eq!(from_new["game_id"].as_str(), Some(id.as_str()), "{from_new}");
    }
}

table_test! {
    async fn a_rematch_is_proposed_and_accepted_by_replying_to_mail(app, sink, clock) {
        let (ann, ann_mail) = confirmed(&app, "ann").await;
        let (bo, bo_mail) = confirmed(&app, "bo").await;
        let id = finished(&app, &clock, &ann, &bo).await;
        let over = wait_mail(&sink, "bo's game-over mail", |m| m.to == bo_mail && m.subject.starts_with("Game over")).await;
        // Bo replies "rematch" to the game-over mail: proposed.
        let (mid, raw) = reply(&bo_mail, &over, "Rematch!", Shape::BottomPosted, "");
        let (status, body) = send_http(&app, &raw).await;
        assert_eq!((status, body["outcome"].as_str()), (StatusCode::ACCEPTED, Some("noted")), "{body}");
        let answer = wait_mail(&sink, "the answer", |m| m.in_reply_to.as_deref() == Some(mid.as_str())).await;
        assert!(answer.text.contains("Rematch: proposed"), "{}", answer.text);
        let (_, r) = app.get(&format!("/games/{id}/rematch"), &ann.token).await;
        assert_eq!((r["status"].as_str(), r["proposed_by"].as_str()), (Some("open"), Some(bo.id.as_str())), "{r}");
        // Ann accepts with a plain "yes" to the rematch mail: the game starts.
        let told = wait_mail(&sink, "ann's rematch mail", |m| m.to == ann_mail && m.subject.contains("proposes a rematch")).await;
        let (_, raw) = reply(&ann_mail, &told, "yes", Shape::HtmlOnly, "");
        let (status, body) = send_http(&app, &raw).await;
        assert_eq!((status, body["outcome"].as_str()), (StatusCode::ACCEPTED, Some("noted")), "{body}");
        let (_, r) = app.get(&format!("/games/{id}/rematch"), &ann.token).await;
        assert_eq!(r["status"].as_str(), Some("running"), "{r}");
        let new_id = r["rematch_game_id"].as_str().unwrap();
        let (_, g) = app.get(&format!("/games/{new_id}"), &ann.token).await;
        assert_eq!(g["status"], "running", "{g}");
    }
}
