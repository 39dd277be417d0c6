//! Deck uploads drawing now: how many at once on this server and for one user, and the
//! bounds on drawing one card (`deck_*` in the settings table, `docs/clients/decks.md`).
//!
//! Owns: the places an upload takes while its cards are drawn, given back when its drawing
//! ends. Must not: draw (the caller does, with [`DeckSettings::card_limits`]).

use super::{CardLimits, DEFAULT_CARD_MEMORY_MIB, DEFAULT_CARD_WORK_MILLIONS};
use crate::error::{ApiError, ApiResult};
use http::StatusCode;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The cores less one (at least 1): drawing never takes every core from turns.
pub fn default_draw_threads() -> u32 {
    std::thread::available_parallelism()
        .map(|n| u32::try_from(n.get()).unwrap_or(u32::MAX))
        .unwrap_or(1)
        .saturating_sub(1)
        .max(1)
}

/// The bounds on deck uploads (`deck_*` in the settings table, docs/clients/decks.md).
#[derive(Debug, Clone)]
pub struct DeckSettings {
    /// Uploads drawn at once on this server (`deck_uploads_at_once`).
    pub uploads_at_once: u32,
    /// Uploads drawn at once for one user (`deck_uploads_per_user`).
    pub uploads_per_user: u32,
    /// Seconds one deck's drawing may take (`deck_draw_secs`).
    pub draw_secs: u64,
    /// One card's estimated work, in millions of pixel operations (`deck_card_work`).
    pub card_work_millions: u64,
    /// One card's estimated memory for pictures, in MiB (`deck_card_memory_mib`).
    pub card_memory_mib: u64,
}

impl Default for DeckSettings {
    fn default() -> DeckSettings {
        DeckSettings {
            // A deck is drawn on one core: one core is always left to turns.
            uploads_at_once: default_draw_threads(),
            uploads_per_user: 1,
            // 72 cards at the most each may cost take about 10 s of an idle core; the rest
            // is for a busy server.
            draw_secs: 60,
            card_work_millions: DEFAULT_CARD_WORK_MILLIONS,
            card_memory_mib: DEFAULT_CARD_MEMORY_MIB,
        }
    }
}

impl DeckSettings {
    pub fn card_limits(&self) -> CardLimits {
        CardLimits {
            work: self.card_work_millions.saturating_mul(1_000_000),
            memory: self.card_memory_mib.saturating_mul(1024 * 1024),
        }
    }
}

/// The seconds a refused upload is told to wait: about what a deck of simple cards takes.
const UPLOAD_RETRY_SECS: u64 = 5;

/// The uploads drawing now: a permit of the server's, and a count per user.
pub struct DeckUploads {
    pub settings: DeckSettings,
    server: Arc<Semaphore>,
    users: Arc<Mutex<HashMap<String, u32>>>,
    /// Cards drawn or refused since the server started.
    pub cards_drawn: Arc<AtomicU64>,
}

/// One upload's place among those drawing; given back when dropped (when its drawing
/// stops, which may be after its client has gone).
pub struct UploadSlot {
    _permit: OwnedSemaphorePermit,
    users: Arc<Mutex<HashMap<String, u32>>>,
    user: String,
}

impl Drop for UploadSlot {
    fn drop(&mut self) {
        let mut users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = users.get_mut(&self.user) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                users.remove(&self.user);
            }
        }
    }
}

impl DeckUploads {
    pub fn new(settings: DeckSettings) -> DeckUploads {
        let at_once = usize::try_from(settings.uploads_at_once.max(1)).unwrap_or(1);
        DeckUploads {
            settings,
            server: Arc::new(Semaphore::new(at_once)),
            users: Arc::new(Mutex::new(HashMap::new())),
            cards_drawn: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Uploads being drawn now (their clients may have gone: a card is drawn to its end).
    pub fn drawing_now(&self) -> usize {
        let at_once = usize::try_from(self.settings.uploads_at_once.max(1)).unwrap_or(1);
        at_once.saturating_sub(self.server.available_permits())
    }

    /// Cards drawn or refused since the server started.
    pub fn cards_drawn(&self) -> u64 {
        self.cards_drawn.load(Ordering::Relaxed)
    }

    /// A place for `user`'s upload, or why not: 429 when the user has as many drawing as
    /// `deck_uploads_per_user`, 503 when the server has `deck_uploads_at_once`.
    pub fn start(&self, user: &str) -> ApiResult<UploadSlot> {
        let mut users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        let mine = users.get(user).copied().unwrap_or(0);
        let per_user = self.settings.uploads_per_user;
        if mine >= per_user {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "deck_upload_in_progress",
                format!(
                    "you have {mine} deck upload(s) being drawn, as many as this server allows \
                     one user at once (`deck_uploads_per_user` = {per_user}); retry when it is done"
                ),
            )
            .said(
                "problem-deck-upload-in-progress",
                vec![("uploads", mine.into()), ("limit", per_user.into())],
            )
            .with("bound", "deck_uploads_per_user")
            .with("limit", per_user)
            .with_retry_after(UPLOAD_RETRY_SECS));
        }
        let permit = self.server.clone().try_acquire_owned().map_err(|_| {
            let at_once = self.settings.uploads_at_once;
            tracing::warn!("every deck upload place is taken; an upload is turned away");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "decks_busy",
                format!(
                    "this server is drawing as many decks as it draws at once \
                     (`deck_uploads_at_once` = {at_once}); retry shortly"
                ),
            )
            .said("problem-decks-busy", vec![("limit", at_once.into())])
            .with("bound", "deck_uploads_at_once")
            .with("limit", at_once)
            .with_retry_after(UPLOAD_RETRY_SECS)
        })?;
        *users.entry(user.to_string()).or_insert(0) += 1;
        Ok(UploadSlot {
            _permit: permit,
            users: self.users.clone(),
            user: user.to_string(),
        })
    }
}
