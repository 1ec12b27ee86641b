//! The app's own online client (`rodina-app`'s `Online`): a phone with its own Store in a
//! temporary folder, a listener that records what it hears, and moves entered by taps as a
//! player enters them.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rodina_app::Store;
use rodina_app::model::{Point, TapResult, TargetKind};
use rodina_app::online::{
    ClockView, ConnectionState, InviteOptions, LiveGame, Online, OnlineListener, OnlineStatus,
    OnlineView,
};
use rodina_rules::Color;

use crate::{E2eError, WAIT, until};

/// A phone: its database and the online service on one server.
pub struct Phone {
    /// The online service.
    pub online: Online,
    _dir: tempfile::TempDir,
}

impl Phone {
    /// A phone with a new Store, talking to the server at `base` (`http://...`).
    pub fn new(base: &str, device: &str) -> Result<Phone, E2eError> {
        let dir = tempfile::tempdir().map_err(|e| E2eError::Process(format!("temp dir: {e}")))?;
        let store = Store::open(dir.path().join("app.db"))
            .map_err(|e| E2eError::Process(format!("store: {e}")))?;
        let online = Online::new(base, Arc::new(Mutex::new(store)), device)
            .map_err(|e| E2eError::Http(format!("online: {e}")))?;
        Ok(Phone { online, _dir: dir })
    }
}

/// What a game's listener heard.
#[derive(Default)]
pub struct Heard {
    views: Mutex<Vec<OnlineView>>,
}

impl OnlineListener for Heard {
    fn on_view(&self, view: OnlineView) {
        self.views.lock().unwrap_or_else(PoisonError::into_inner).push(view);
    }
    fn on_clock(&self, _clock: ClockView) {}
}

impl Heard {
    /// The last view heard.
    pub fn last(&self) -> Option<OnlineView> {
        self.views.lock().unwrap_or_else(PoisonError::into_inner).last().cloned()
    }

    /// How many views were heard.
    pub fn count(&self) -> usize {
        self.views.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

/// An open game on a phone and its listener.
pub struct Seated {
    /// The game's handle: dropping it closes the socket.
    pub live: LiveGame,
    /// What the listener heard.
    pub heard: Arc<Heard>,
}

/// Opens `game` on `phone` and waits until it is live and started.
pub async fn open(phone: &Phone, game: &str) -> Result<Seated, E2eError> {
    let heard = Arc::new(Heard::default());
    let live = phone
        .online
        .open_game(game, Arc::clone(&heard) as Arc<dyn OnlineListener>)
        .await
        .map_err(|e| E2eError::Http(format!("open {game}: {e}")))?;
    until("the game to be live", WAIT, || {
        let v = live.view();
        (v.connection == ConnectionState::Live && v.status != OnlineStatus::Waiting).then_some(())
    })
    .await?;
    Ok(Seated { live, heard })
}

/// Ann invites with `options`, Bob joins by the code; both open the game. Returns the
/// first player's and the second player's games.
pub async fn game_between(
    ann: &Phone,
    bob: &Phone,
    options: InviteOptions,
) -> Result<(Seated, Seated), E2eError> {
    let invitation = ann
        .online
        .create_invitation(options)
        .await
        .map_err(|e| E2eError::Http(format!("invitation: {e}")))?;
    let joined = bob
        .online
        .join(&invitation.link)
        .await
        .map_err(|e| E2eError::Http(format!("join: {e}")))?;
    let a = open(ann, &joined.game).await?;
    let b = open(bob, &joined.game).await?;
    Ok(if joined.side == Color::White { (b, a) } else { (a, b) })
}

/// Plays `from`-`to` by two taps, as a player does; the move's record.
pub fn tap_move(live: &LiveGame, from: &str, to: &str) -> Result<TapResult, E2eError> {
    let p = |t: &str| t.parse::<Point>().map_err(|e| E2eError::Protocol(format!("{t}: {e:?}")));
    let (from, to) = (p(from)?, p(to)?);
    match live.tap(from) {
        TapResult::Selected(_) => {}
        other => return Err(E2eError::Protocol(format!("tap on {from:?}: {other:?}"))),
    }
    Ok(live.tap(to))
}

/// Waits until `live` shows `plies` moves confirmed by the server (none pending).
pub async fn confirmed(live: &LiveGame, plies: u32, within: Duration) -> Result<(), E2eError> {
    until(&format!("{plies} plies confirmed"), within, || {
        let v = live.view();
        (v.board.ply_count == plies && !v.move_pending).then_some(())
    })
    .await
}

/// Waits until `live`'s game is over; its view then.
pub async fn ended(live: &LiveGame, within: Duration) -> Result<OnlineView, E2eError> {
    until("the end of the game", within, || {
        let v = live.view();
        matches!(v.status, OnlineStatus::Ended | OnlineStatus::Aborted).then_some(v)
    })
    .await
}

/// A move entered by taps on the board the phone shows: a piece of the side to move chosen
/// at random among those with a target, and one of its targets, a capture with probability
/// `capture_bias` where there is one. What the taps did; `None` if no piece can move.
pub fn tap_random_move(
    live: &LiveGame,
    rng: &mut impl rand::Rng,
    capture_bias: f64,
) -> Result<Option<TapResult>, E2eError> {
    let view = live.view();
    let side = view.board.to_move;
    let mut mine: Vec<Point> = view
        .board
        .points
        .iter()
        .filter(|p| p.piece.is_some_and(|piece| piece.side == side))
        .map(|p| p.point)
        .collect();
    // Try pieces in a random order until one has somewhere to go.
    for i in (1..mine.len()).rev() {
        mine.swap(i, rng.random_range(0..=i));
    }
    let mut fallback = None;
    for from in mine {
        if !matches!(live.tap(from), TapResult::Selected(_)) {
            continue;
        }
        let targets = live.view().board.targets;
        let captures: Vec<Point> =
            targets.iter().filter(|t| t.kind == TargetKind::Capture).map(|t| t.point).collect();
        if !captures.is_empty() && rng.random_bool(capture_bias) {
            let to = captures[rng.random_range(0..captures.len())];
            return Ok(Some(live.tap(to)));
        }
        if !targets.is_empty() && fallback.is_none() {
            fallback = Some((from, targets[rng.random_range(0..targets.len())].point));
        }
        // Put it down again (a tap on the selected piece deselects it).
        let _ = live.tap(from);
    }
    match fallback {
        Some((from, to)) => {
            if !matches!(live.tap(from), TapResult::Selected(_)) {
                return Err(E2eError::Protocol(format!("{from:?} no longer selectable")));
            }
            Ok(Some(live.tap(to)))
        }
        None => Ok(None),
    }
}
