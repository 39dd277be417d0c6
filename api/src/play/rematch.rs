//! Rematch: a finished game's table plays again.
//!
//! A player of a finished game proposes it ([`want`]): a new game is created with the
//! same kind, options, number of seats, time per turn, timeout policy and watchers, and
//! the proposer takes a seat in it; the others are told by mail. Each other player
//! accepts the same way (the game page's button, `POST /games/{id}/rematch`, or a reply
//! `rematch` to the game-over or rematch mail), and the last one to accept starts it:
//! nobody needs to be online at the same time. Seats: with random seats the new game
//! draws them afresh; otherwise the seats turn by one (who sat second sits first), so
//! that another player begins. The two games name each other (`rematches`).
//!
//! Owns: who may propose or accept (the finished game's players), the one rematch per
//! finished game (decided by the database), and that only those players take its seats.
//! Must not: know how the act arrived.

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::outbox::compose;
use crate::play;
use crate::play::events::RematchNews;
use crate::state::AppState;
use crate::store::events::Wake;
use crate::store::games as store;
use crate::store::models::{new_id, Game, Seat, OPEN, OVER};
use crate::store::rematches::{self, Rematch};
use crate::store::{outbox, DbConn};
use rand::seq::SliceRandom;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// A player of a rematch, as the API shows them.
#[derive(Debug, Clone, Serialize)]
pub struct RematchPlayer {
    pub user_id: String,
    pub display_name: String,
}

/// Where a rematch stands (`GET /games/{id}/rematch`).
#[derive(Debug, Clone, Serialize)]
pub struct RematchView {
    /// The finished game.
    pub game_id: String,
    /// The new game that plays its table again.
    pub rematch_game_id: String,
    /// Who proposed it (user id).
    pub proposed_by: String,
    /// The new game's status: `open` while players have still to accept, then `running`,
    /// then `over`.
    pub status: String,
    /// The finished game's players who have accepted (taken their seat), the proposer
    /// first.
    pub accepted: Vec<RematchPlayer>,
    /// Those who have not yet.
    pub waiting: Vec<RematchPlayer>,
}

/// The rematch `game_id` is part of (as the finished game or as the new one), as `user_id`
/// may see it; `None` when there is none.
pub fn view(conn: &mut DbConn, game_id: &str, user_id: &str) -> ApiResult<Option<RematchView>> {
    Table::load_for(conn, game_id, user_id)?;
    let Some(r) = rematches::involving(conn, game_id)? else {
        return Ok(None);
    };
    Ok(Some(view_of(conn, &r)?))
}

fn view_of(conn: &mut DbConn, r: &Rematch) -> ApiResult<RematchView> {
    let old = store::players(conn, &r.game_id)?;
    let new = store::players(conn, &r.new_game_id)?;
    let status = store::game_head(conn, &r.new_game_id)?
        .map(|g| g.status)
        .unwrap_or_else(|| OPEN.to_string());
    let mut joined: Vec<&crate::store::games::SeatedPlayer> = new.iter().collect();
    joined.sort_by_key(|p| (p.seat.joined_at, p.seat.user_id.clone()));
    let accepted: Vec<RematchPlayer> = joined
        .iter()
        .map(|p| RematchPlayer {
            user_id: p.seat.user_id.clone(),
            display_name: p.display_name.clone(),
        })
        .collect();
    let waiting = old
        .iter()
        .filter(|p| !new.iter().any(|n| n.seat.user_id == p.seat.user_id))
        .map(|p| RematchPlayer {
            user_id: p.seat.user_id.clone(),
            display_name: p.display_name.clone(),
        })
        .collect();
    Ok(RematchView {
        game_id: r.game_id.clone(),
        rematch_game_id: r.new_game_id.clone(),
        proposed_by: r.proposed_by.clone(),
        status,
        accepted,
        waiting,
    })
}

/// What [`want`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    /// The rematch was proposed now.
    Proposed,
    /// The caller accepted a rematch another player had proposed.
    Accepted,
    /// The caller had accepted (or proposed) it already: nothing changed.
    Already,
}

/// `user_id`, a player of finished game `game_id`, wants its rematch: proposes it when
/// there is none, else accepts it. Twice is once.
pub async fn want(
    state: &AppState,
    user_id: &str,
    game_id: &str,
) -> ApiResult<(RematchView, Wanted)> {
    let app_timing = state.timing();
    let public_url = state.public_url.clone();
    let (uid, gid) = (user_id.to_string(), game_id.to_string());
    let (view, wanted, wake) = state
        .db
        .write(move |conn| want_in(conn, &uid, &gid, &app_timing, &public_url))
        .await?;
    state.streams.wake(wake);
    crate::outbox::wake(state);
    tracing::info!(game.id = %game_id, rematch.id = %view.rematch_game_id, wanted = ?wanted, "rematch");
    Ok((view, wanted))
}

/// As [`want`], on a connection the caller holds (a reply by mail), with the one-writer
/// lock taken here.
pub fn want_on(
    conn: &mut DbConn,
    app: &AppState,
    user_id: &str,
    game_id: &str,
) -> ApiResult<(RematchView, Wanted)> {
    let (view, wanted, wake) = {
        let _one_writer = app.db.one_writer();
        want_in(conn, user_id, game_id, &app.timing(), &app.public_url)?
    };
    app.streams.wake(wake);
    crate::outbox::wake(app);
    Ok((view, wanted))
}

fn want_in(
    conn: &mut DbConn,
    user_id: &str,
    game_id: &str,
    timing: &crate::store::deadlines::Timing,
    public_url: &str,
) -> ApiResult<(RematchView, Wanted, Wake)> {
    let old = Table::load_for(conn, game_id, user_id)?;
    let Some(me) = old.players.iter().find(|p| p.seat.user_id == user_id) else {
        return Err(ApiError::forbidden(
            "not_a_player",
            "only the game's players may propose or accept its rematch",
        ));
    };
    if old.game.status != OVER {
        return Err(ApiError::conflict(
            "game_not_over",
            "a rematch is proposed once the game is over",
        ));
    }
    // The old game's players by seat, turned by one unless seats are drawn at random.
    let old_seats = store::seats_in_order(conn, game_id)?;
    let mut order: Vec<String> = old_seats.iter().map(|s| s.user_id.clone()).collect();
    if !old.game.random_seats && !order.is_empty() {
        order.rotate_left(1);
    }
    let at = timing.now;
    crate::store::write_transaction(conn, |conn| {
        let mut wake = Wake::default();
        let (r, proposed) = match rematches::of(conn, game_id)? {
            Some(r) => (r, false),
            None => {
                let g = fresh(&old.game, user_id, at);
                store::insert_game(conn, &g)?;
                let r = Rematch {
                    game_id: game_id.to_string(),
                    new_game_id: g.id.clone(),
                    proposed_by: user_id.to_string(),
                    created_at: at,
                };
                if !rematches::insert(conn, &r)? {
                    // Another server's proposal won between the read and the write: this
                    // transaction's game is rolled back; the caller may simply ask again.
                    return Err(ApiError::conflict(
                        "rematch_race",
                        "another player proposed the rematch at the same moment: try again to accept it",
                    ));
                }
                // The engine's bots take their seats at once: they have nobody to ask.
                for (n, s) in (1i64..).zip(old_seats.iter()) {
                    let Some(level) = s.bot.as_deref() else {
                        continue;
                    };
                    let timing = crate::store::deadlines::Timing {
                        now: timing.now + chrono::Duration::microseconds(n),
                        ..*timing
                    };
                    let seed = hex::encode(rand::random::<[u8; 32]>());
                    store::join(
                        conn,
                        &g.id,
                        (&s.user_id, Some(level)),
                        (&seed, "server"),
                        &timing,
                        |g, joined| plan(g, joined, &order),
                        |conn, started| {
                            wake = play::events::after_start(conn, started, at)?;
                            compose::start_mails(conn, started, public_url, at)
                        },
                    )
                    .map_err(play::games::join_error)?;
                }
                (r, true)
            }
        };
        let new_game = store::game_head(conn, &r.new_game_id)?
            .ok_or_else(|| ApiError::internal("the rematch's game is gone"))?;
        let seated = store::players(conn, &r.new_game_id)?
            .iter()
            .any(|p| p.seat.user_id == user_id);
        let wanted = if seated || new_game.status != OPEN {
            Wanted::Already
        } else {
            let seed = hex::encode(rand::random::<[u8; 32]>());
            store::join(
                conn,
                &r.new_game_id,
                (user_id, None),
                (&seed, "server"),
                timing,
                |g, joined| plan(g, joined, &order),
                |conn, started| {
                    wake = play::events::after_start(conn, started, at)?;
                    compose::start_mails(conn, started, public_url, at)
                },
            )
            .map_err(play::games::join_error)?;
            if proposed {
                Wanted::Proposed
            } else {
                Wanted::Accepted
            }
        };
        let view = view_of(conn, &r)?;
        // The finished game's open pages and the other players' streams are told.
        let mut news = match wanted {
            Wanted::Proposed => vec![RematchNews::Proposed],
            Wanted::Accepted => vec![RematchNews::Accepted],
            Wanted::Already => Vec::new(),
        };
        if !news.is_empty() && view.status != OPEN {
            news.push(RematchNews::Started);
        }
        for n in news {
            let more = play::events::after_rematch(
                conn,
                &old.game,
                &old.players,
                me,
                n,
                &r.new_game_id,
                at,
            )?;
            wake.users.extend(more.users);
            wake.games.extend(more.games);
        }
        if wanted == Wanted::Proposed {
            let names = |ps: &[RematchPlayer]| -> Vec<String> {
                ps.iter().map(|p| p.display_name.clone()).collect()
            };
            let accepted = {
                let mut a = names(&view.accepted);
                if a.first() != Some(&me.display_name) {
                    a.insert(0, me.display_name.clone());
                    a.dedup();
                }
                a
            };
            for mail in compose::rematch_mails(
                conn,
                &old.game,
                user_id,
                &accepted,
                &names(&view.waiting),
                at,
            )? {
                outbox::enqueue(conn, &mail)?;
            }
        }
        Ok((view, wanted, wake))
    })
}

/// The new game of `old`'s rematch: the same table, a fresh seed and join code, created
/// by `proposer` (who may delete it while it waits).
fn fresh(old: &Game, proposer: &str, at: chrono::NaiveDateTime) -> Game {
    let seed: [u8; 32] = rand::random();
    Game {
        id: new_id(),
        kind: old.kind.clone(),
        options: old.options.clone(),
        seat_count: old.seat_count,
        random_seats: old.random_seats,
        status: OPEN.to_string(),
        created_by: proposer.to_string(),
        join_code: play::games::join_code(),
        seed: hex::encode(seed),
        seed_commitment: hex::encode(Sha256::digest(seed)),
        players: 0,
        seq: 0,
        state: None,
        state_seq: 0,
        to_act: "[]".to_string(),
        outcome: None,
        created_at: at,
        started_at: None,
        ended_at: None,
        updated_at: at,
        turn_seconds: old.turn_seconds,
        timeout_policy: old.timeout_policy.clone(),
        seed_scheme: ::games::SeedScheme::CURRENT.number(),
        watchers: old.watchers.clone(),
        stand_in_level: old.stand_in_level.clone(),
        engine_version: ::games::registry::kind(&old.kind).map(|k| i64::from(k.engine_version())),
    }
}

/// Seat the rematch's players: drawn afresh with random seats, else in `order` (the old
/// seats turned by one).
fn plan(
    game: &Game,
    joined: &[Seat],
    order: &[String],
) -> Result<crate::store::games::StartPlan, String> {
    let mut seats: Vec<&Seat> = joined.iter().collect();
    if game.random_seats {
        seats.shuffle(&mut rand::rngs::OsRng);
    } else {
        seats.sort_by_key(|s| {
            order
                .iter()
                .position(|u| *u == s.user_id)
                .unwrap_or(usize::MAX)
        });
    }
    play::games::plan_in_order(game, seats)
}

/// Refuse a seat in a rematch to anyone but through [`want`]: its seats are the finished
/// game's players'.
pub fn refuse_plain_join(conn: &mut DbConn, game_id: &str) -> ApiResult<()> {
    if let Some(r) = rematches::rematch_of(conn, game_id)? {
        return Err(ApiError::conflict(
            "rematch_seats",
            format!(
                "this game is the rematch of game {}: its seats are for that game's players, who accept it with POST /games/{}/rematch",
                r.game_id, r.game_id
            ),
        )
        .said("problem-rematch-seats", vec![("game", r.game_id.into())]));
    }
    Ok(())
}
