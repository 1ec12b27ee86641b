//! Live games: one owner task per game holds the truth ([`AnyGame`]), the clocks, the
//! presence of the players and the open connections, and is the only writer of the game's
//! event log. Connections (`socket.rs`) send it [`Command`]s and get frames back on their
//! own bounded queues, each built from the receiving seat's view.
//!
//! Every event has a version, per game and without gaps. The log holds each event as the
//! truth knows it ([`Record`], server-side only); each seat gets it through
//! [`Live::event_for`], which writes it as that seat may know it, or as the version alone.
//!
//! A restarted server resumes its games from the log ([`Registry::resume_all`]): the moves
//! are replayed on the stored start, the clocks resume with the time each side had at the
//! last move (the time the server was down is charged to nobody), and timers start again.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use rodina_protocol::{
    AccountId, ApiErrorCode, ClientMessage, ClockState, Event, GameId, GameState, InviteCode,
    Presence, Reveal, ServerMessage, SideName, Status, WireError, WireOutcome, open_deal,
};
use rodina_rules::{
    AnyGame, Color, DrawReason, Outcome, PlayError, Position, ReplayError, Seat, Truth, View,
    WinReason, with_game,
};
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot, watch};

use crate::Settings;
use crate::clock::Clock;
use crate::http::{Problem, random_bytes};
use crate::store::{Append, Db, EventRow, GameProgress, GameRow, InvitationRow, StoreError};

/// Frames queued per connection; a connection that falls this far behind is dropped (it
/// reconnects and catches up) so that it never holds up the game or other connections.
pub const CONNECTION_QUEUE: usize = 128;

/// Commands queued per game.
const GAME_QUEUE: usize = 256;

/// How long the owner of a finished game stays after its last connection left.
const IDLE_EXIT: Duration = Duration::from_secs(60);

/// A round trip not measured yet.
pub const NO_RTT: u32 = u32::MAX;

/// One event of a game's log as the truth knows it (stored as JSON; never sent as is).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Record {
    /// A move.
    Move {
        /// Its ply, from 1.
        ply: u32,
        /// Who moved.
        by: SideName,
        /// The move as the truth writes it (Jieqi: every identity it showed or took).
        truth: String,
        /// The text the client sent, with its ack number (to recognise a resent move).
        sent: String,
        /// The client's number for it.
        ack: u32,
        /// The clocks after it.
        clock: Option<ClockState>,
    },
    /// A draw offer.
    DrawOffered {
        /// By whom.
        by: SideName,
    },
    /// A draw offer declined, or lapsed with a move.
    DrawDeclined {
        /// By whom.
        by: SideName,
    },
    /// The end.
    Ended {
        /// How.
        outcome: WireOutcome,
        /// The clocks at the end.
        clock: Option<ClockState>,
    },
    /// An abort.
    Aborted {
        /// By whom; none for the server (first move not made in time).
        by: Option<SideName>,
    },
    /// A rematch offer.
    Rematch {
        /// By whom.
        by: SideName,
        /// The new game's invitation.
        code: InviteCode,
    },
}

/// A frame for one connection, or the end of it.
#[derive(Debug)]
pub enum Outbound {
    /// A text frame, encoded once per seat and shared.
    Frame(Utf8Bytes),
    /// Close the socket (the server is stopping).
    Close,
}

/// What a connection asks of its game's owner.
#[derive(Debug)]
pub enum Command {
    /// A connection said hello: send it what it missed and count it present.
    Join {
        /// The connection's id.
        conn: u64,
        /// Its seat.
        seat: Seat,
        /// The last version it saw.
        last_version: Option<u64>,
        /// Its queue.
        tx: mpsc::Sender<Outbound>,
        /// The round trip its pings measure, in ms ([`NO_RTT`] before the first).
        rtt: Arc<AtomicU32>,
    },
    /// A connection closed.
    Leave {
        /// The connection's id.
        conn: u64,
    },
    /// A message of a joined connection.
    Message {
        /// The connection's id.
        conn: u64,
        /// The message.
        msg: ClientMessage,
        /// When its frame was read (a move's time is charged up to here).
        at: Instant,
    },
    /// A player offers a rematch (REST): the invitation, made or already standing.
    Rematch {
        /// Who offers.
        by: AccountId,
        /// The answer.
        reply: oneshot::Sender<Result<InvitationRow, Problem>>,
    },
}

/// Why a game could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum LiveError {
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// The stored game cannot be read back.
    #[error("the stored game cannot be read back: {0}")]
    Damaged(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The server is stopping.
    #[error("the server is stopping")]
    Stopping,
}

impl From<LiveError> for Problem {
    fn from(e: LiveError) -> Problem {
        match e {
            LiveError::NotFound => Problem::new(ApiErrorCode::NotFound, "no such game"),
            LiveError::Store(e) => e.into(),
            other => {
                tracing::error!("live game: {other}");
                Problem::new(ApiErrorCode::Internal, "the game is not available")
            }
        }
    }
}

/// The live games of this server: a handle to each owner task.
pub struct Registry {
    games: Mutex<HashMap<GameId, Handle>>,
    serial: AtomicU64,
    db: Db,
    settings: Arc<Settings>,
    shutdown: watch::Receiver<bool>,
}

#[derive(Clone)]
struct Handle {
    serial: u64,
    tx: mpsc::Sender<Command>,
}

impl Registry {
    /// An empty registry; owners stop when `shutdown` turns true.
    pub fn new(db: Db, settings: Arc<Settings>, shutdown: watch::Receiver<bool>) -> Registry {
        Registry {
            games: Mutex::new(HashMap::new()),
            serial: AtomicU64::new(1),
            db,
            settings,
            shutdown,
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Handle>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new id for a connection or an owner.
    pub fn next_serial(&self) -> u64 {
        self.serial.fetch_add(1, Ordering::Relaxed)
    }

    /// How many games have an owner running.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether no game has an owner running.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Starts the owner of a game just created.
    pub fn start(self: &Arc<Self>, row: GameRow, game: AnyGame) {
        let live = Live::new(row, game, Vec::new(), self, Instant::now());
        self.spawn(live);
    }

    /// Starts the owners of every game still being played (after a restart); how many.
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, LiveError> {
        let ids = self.db.run(|s| s.started_games()).await?;
        let mut n = 0;
        for id in ids {
            match self.handle(&id).await {
                Ok(_) => n += 1,
                // One damaged game must not keep the others from resuming.
                Err(e) => tracing::error!("game {id} not resumed: {e}"),
            }
        }
        Ok(n)
    }

    fn spawn(self: &Arc<Self>, live: Live) -> Handle {
        let (tx, rx) = mpsc::channel(GAME_QUEUE);
        let handle = Handle { serial: live.serial, tx };
        let mut map = self.map();
        if let Some(h) = map.get(&live.row.id).filter(|h| !h.tx.is_closed()) {
            // Another load won the race: its owner is the one.
            return h.clone();
        }
        map.insert(live.row.id.clone(), handle.clone());
        drop(map);
        tokio::spawn(live.run(rx, self.shutdown.clone()));
        handle
    }

    /// The owner of a game, loaded from the store if none runs.
    async fn handle(self: &Arc<Self>, id: &GameId) -> Result<Handle, LiveError> {
        if *self.shutdown.borrow() {
            return Err(LiveError::Stopping);
        }
        if let Some(h) = self.map().get(id).filter(|h| !h.tx.is_closed()) {
            return Ok(h.clone());
        }
        let key = id.clone();
        let (row, events) = self
            .db
            .run(move |s| {
                let Some(row) = s.game(&key)? else { return Ok(None) };
                let events = s.events(&key, 0)?;
                Ok(Some((row, events)))
            })
            .await?
            .ok_or(LiveError::NotFound)?;
        let live = Live::load(row, events, self, Instant::now())?;
        Ok(self.spawn(live))
    }

    /// Sends a command to a game's owner if one runs (a connection's goodbye needs no owner
    /// started for it).
    pub async fn send_if_live(&self, id: &GameId, command: Command) {
        let handle = self.map().get(id).cloned();
        if let Some(h) = handle {
            let _ = h.tx.send(command).await;
        }
    }

    /// Sends a command to a game's owner, starting it if needed.
    pub async fn send(self: &Arc<Self>, id: &GameId, command: Command) -> Result<(), LiveError> {
        let handle = self.handle(id).await?;
        match handle.tx.send(command).await {
            Ok(()) => Ok(()),
            // The owner stopped between the look-up and the send: start another once.
            Err(mpsc::error::SendError(command)) => {
                self.forget(id, handle.serial);
                let handle = self.handle(id).await?;
                handle.tx.send(command).await.map_err(|_| LiveError::Stopping)
            }
        }
    }

    fn forget(&self, id: &GameId, serial: u64) {
        let mut map = self.map();
        if map.get(id).is_some_and(|h| h.serial == serial) {
            map.remove(id);
        }
    }
}

/// A connection of a game.
struct Conn {
    id: u64,
    seat: Seat,
    tx: mpsc::Sender<Outbound>,
    rtt: Arc<AtomicU32>,
}

/// A player's presence.
#[derive(Clone, Copy, Debug)]
struct Here {
    /// Open connections.
    online: u32,
    /// Since when none is open (none while one is).
    gone_since: Option<Instant>,
    /// Whether the opponent was told they may claim.
    claim_told: bool,
}

/// A game's owner: its state, the truth included.
struct Live {
    serial: u64,
    row: GameRow,
    game: AnyGame,
    version: u64,
    recent: VecDeque<(u64, Record)>,
    status: Status,
    outcome: Option<WireOutcome>,
    clock: Option<Clock>,
    draw_offer: Option<Color>,
    rematch: Option<(Color, InviteCode)>,
    /// Each player's last move's ack number and text, to recognise a resend.
    last_ack: [Option<(u32, String)>; 2],
    /// When the side to move must have made its first move.
    first_move_by: Option<Instant>,
    here: [Here; 2],
    conns: Vec<Conn>,
    idle_since: Option<Instant>,
    db: Db,
    settings: Arc<Settings>,
    registry: std::sync::Weak<Registry>,
}

fn side(c: Color) -> SideName {
    SideName::from(c)
}

fn index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Live {
    fn new(
        row: GameRow,
        game: AnyGame,
        records: Vec<(u64, Record)>,
        registry: &Arc<Registry>,
        now: Instant,
    ) -> Live {
        let clock = row.options.clock.map(|c| Clock::new(c, now));
        let gone = Here { online: 0, gone_since: Some(now), claim_told: false };
        let mut live = Live {
            serial: registry.next_serial(),
            // The state comes from the log alone (the row is a summary of it).
            status: Status::Started,
            outcome: None,
            version: 0,
            row,
            game,
            recent: VecDeque::new(),
            clock,
            draw_offer: None,
            rematch: None,
            last_ack: [None, None],
            first_move_by: None,
            here: [gone; 2],
            conns: Vec::new(),
            idle_since: Some(now),
            db: registry.db.clone(),
            settings: Arc::clone(&registry.settings),
            registry: Arc::downgrade(registry),
        };
        for (version, record) in records {
            live.apply_stored(&record);
            live.version = version;
            live.keep(version, record);
        }
        if live.status == Status::Started && live.game.len() < 2 {
            live.first_move_by = Some(now + live.settings.first_move_timeout);
        }
        live
    }

    /// A stored game read back: the moves replayed on its start, the state rebuilt from the
    /// log.
    fn load(
        row: GameRow,
        events: Vec<EventRow>,
        registry: &Arc<Registry>,
        now: Instant,
    ) -> Result<Live, LiveError> {
        let damaged = |m: String| LiveError::Damaged(format!("game {}: {m}", row.id));
        let new = row.options.to_new_game().map_err(|e| damaged(e.to_string()))?;
        let mut records = Vec::with_capacity(events.len());
        for (i, e) in events.into_iter().enumerate() {
            if e.version != i as u64 + 1 {
                return Err(damaged(format!("event {} follows {i}", e.version)));
            }
            let record: Record =
                serde_json::from_str(&e.data).map_err(|_| damaged(format!("event {i}")))?;
            records.push((e.version, record));
        }
        let moves: Vec<String> = records
            .iter()
            .filter_map(|(_, r)| match r {
                Record::Move { truth, .. } => Some(truth.clone()),
                _ => None,
            })
            .collect();
        let declared = records.iter().find_map(|(_, r)| match r {
            Record::Ended { outcome, .. } => outcome.to_outcome(),
            _ => None,
        });
        // A replay's error names a move of the truth: it goes to the server's log only.
        let game = AnyGame::replay(new.variant, new.rule_set, &row.start_truth, &moves, declared)
            // The rules' words name moves of the truth (hidden identities): the log gets the
            // ply alone.
            .map_err(|e| {
                damaged(match e {
                    ReplayError::Move { ply, .. } => format!("move {ply} does not replay"),
                    ReplayError::Start(_) => "the start does not set up".to_owned(),
                })
            })?;
        let live = Live::new(row, game, records, registry, now);
        if live.version != live.row.progress.version {
            tracing::warn!(
                "game {}: its row said version {}",
                live.row.id,
                live.row.progress.version
            );
        }
        Ok(live.resumed(now))
    }

    /// The clocks after a resume: as the last move left them, running again from `now`.
    fn resumed(mut self, now: Instant) -> Live {
        let last = self.recent.iter().rev().find_map(|(_, r)| match r {
            Record::Move { clock: Some(c), .. } | Record::Ended { clock: Some(c), .. } => Some(*c),
            _ => None,
        });
        if let (Some(settings), Some(state)) = (self.row.options.clock, last) {
            self.clock = Some(Clock::resume(settings, state, now));
        }
        self
    }

    /// Applies a stored record to the state around the game (the moves are replayed
    /// already).
    fn apply_stored(&mut self, record: &Record) {
        match record {
            Record::Move { by, sent, ack, .. } => {
                let c = Color::from(*by);
                self.last_ack[index(c)] = Some((*ack, sent.clone()));
                if self.draw_offer == Some(!c) {
                    self.draw_offer = None;
                }
            }
            Record::DrawOffered { by } => self.draw_offer = Some(Color::from(*by)),
            Record::DrawDeclined { .. } => self.draw_offer = None,
            Record::Ended { outcome, .. } => {
                self.status = Status::Ended;
                self.outcome = Some(outcome.clone());
                self.draw_offer = None;
            }
            Record::Aborted { .. } => {
                self.status = Status::Aborted;
                self.draw_offer = None;
            }
            Record::Rematch { by, code } => self.rematch = Some((Color::from(*by), code.clone())),
        }
    }

    fn keep(&mut self, version: u64, record: Record) {
        self.recent.push_back((version, record));
        while self.recent.len() > self.settings.kept_events.max(1) {
            self.recent.pop_front();
        }
    }

    fn hidden(&self) -> bool {
        self.game.hides_information()
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>, mut shutdown: watch::Receiver<bool>) {
        tracing::info!("game {} live at version {}", self.row.id, self.version);
        if self.status == Status::Started && self.game.outcome().is_some() {
            // The server stopped between a game's last move and its end: end it now.
            self.end(Instant::now()).await;
        }
        loop {
            let wake = self.next_wake();
            let sleep = tokio::time::sleep_until(
                wake.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600)).into(),
            );
            tokio::select! {
                command = rx.recv() => match command {
                    Some(c) => self.handle(c).await,
                    None => break,
                },
                () = sleep, if wake.is_some() => self.on_timer(Instant::now()).await,
                _ = shutdown.changed() => {
                    for c in &self.conns {
                        let _ = c.tx.try_send(Outbound::Close);
                    }
                    break;
                }
            }
            if self.may_exit(Instant::now()) {
                break;
            }
        }
        if let Some(registry) = self.registry.upgrade() {
            registry.forget(&self.row.id, self.serial);
        }
    }

    fn may_exit(&self, now: Instant) -> bool {
        self.status != Status::Started
            && self.conns.is_empty()
            && self.idle_since.is_some_and(|t| now >= t + IDLE_EXIT)
    }

    fn rtt_of(&self, c: Color) -> u64 {
        self.conns
            .iter()
            .filter(|k| k.seat == Seat::Player(c))
            .map(|k| k.rtt.load(Ordering::Relaxed))
            .filter(|&r| r != NO_RTT)
            .max()
            .map_or(0, u64::from)
    }

    fn next_wake(&self) -> Option<Instant> {
        let mut wake: Vec<Instant> = Vec::with_capacity(4);
        if self.status == Status::Started {
            if let Some(clock) = &self.clock {
                wake.extend(clock.flag_at(self.rtt_of_running(clock)).map(|(_, at)| at));
            }
            wake.extend(self.first_move_by);
            for h in &self.here {
                if let (Some(t), false) = (h.gone_since, h.claim_told) {
                    wake.push(t + self.settings.gone_after);
                }
            }
        } else if self.conns.is_empty() {
            wake.extend(self.idle_since.map(|t| t + IDLE_EXIT));
        }
        wake.into_iter().min()
    }

    fn rtt_of_running(&self, clock: &Clock) -> u64 {
        clock.running().map_or(0, |c| self.rtt_of(c))
    }

    async fn on_timer(&mut self, now: Instant) {
        if self.status != Status::Started {
            return;
        }
        if let Some(clock) = &self.clock
            && let Some((c, at)) = clock.flag_at(self.rtt_of_running(clock))
            && now >= at
        {
            self.game.declare(Outcome::Win { winner: !c, reason: WinReason::Time });
            self.end(now).await;
            return;
        }
        if self.first_move_by.is_some_and(|t| now >= t) {
            self.first_move_by = None;
            self.abort(None, now).await;
            return;
        }
        let mut tell = false;
        for h in &mut self.here {
            if let Some(t) = h.gone_since
                && !h.claim_told
                && now >= t + self.settings.gone_after
            {
                h.claim_told = true;
                tell = true;
            }
        }
        if tell {
            self.broadcast_presence(now);
        }
    }

    async fn handle(&mut self, command: Command) {
        let now = Instant::now();
        match command {
            Command::Join { conn, seat, last_version, tx, rtt } => {
                self.join(Conn { id: conn, seat, tx, rtt }, last_version, now);
            }
            Command::Leave { conn } => self.leave(conn, now),
            Command::Message { conn, msg, at } => {
                let Some(seat) = self.conns.iter().find(|c| c.id == conn).map(|c| c.seat) else {
                    return;
                };
                if let Err((code, detail, ack)) = self.message(conn, seat, msg, at).await {
                    let frame = ServerMessage::Error { code, detail, ack };
                    self.send_to(conn, &frame);
                }
            }
            Command::Rematch { by, reply } => {
                let answer = self.offer_rematch(&by, now).await;
                let _ = reply.send(answer);
            }
        }
    }

    // ----- connections and presence

    fn join(&mut self, conn: Conn, last_version: Option<u64>, now: Instant) {
        let seat = conn.seat;
        let first_kept = self.recent.front().map_or(self.version + 1, |(v, _)| *v);
        // Missed events must fit the connection's queue with room to spare; past that the
        // whole state is shorter anyway.
        let fits = |v: u64| self.version - v <= (CONNECTION_QUEUE / 2) as u64;
        let frames: Vec<ServerMessage> = match last_version {
            Some(v) if v == self.version => Vec::new(),
            Some(v) if v < self.version && v + 1 >= first_kept && fits(v) => self
                .recent
                .iter()
                .filter(|(version, _)| *version > v)
                .map(|(version, r)| ServerMessage::Event {
                    v: *version,
                    e: self.event_for(r, seat),
                })
                .collect(),
            // A first connection, a version from the future (another server's, or made up),
            // or one older than what is kept: the whole state.
            _ => vec![ServerMessage::Sync {
                v: self.version,
                state: Box::new(self.state_for(seat, now)),
            }],
        };
        for frame in frames {
            if conn.tx.try_send(Outbound::Frame(frame.encode().into())).is_err() {
                return;
            }
        }
        self.conns.push(conn);
        self.idle_since = None;
        if let Seat::Player(c) = seat {
            let h = &mut self.here[index(c)];
            h.online += 1;
            h.gone_since = None;
            h.claim_told = false;
        }
        self.broadcast_presence(now);
    }

    fn leave(&mut self, conn: u64, now: Instant) {
        let Some(i) = self.conns.iter().position(|c| c.id == conn) else { return };
        let gone = self.conns.swap_remove(i);
        self.left(gone.seat, now);
    }

    /// Counts a connection gone (closed, or dropped for falling behind).
    fn left(&mut self, seat: Seat, now: Instant) {
        if let Seat::Player(c) = seat {
            let h = &mut self.here[index(c)];
            h.online = h.online.saturating_sub(1);
            if h.online == 0 {
                h.gone_since = Some(now);
                h.claim_told = false;
            }
            self.broadcast_presence(now);
        }
        if self.conns.is_empty() {
            self.idle_since = Some(now);
        }
    }

    fn presence(&self, c: Color, now: Instant) -> Presence {
        let h = self.here[index(c)];
        let gone_ms = h.gone_since.map_or(0, |t| {
            u64::try_from(now.saturating_duration_since(t).as_millis()).unwrap_or(u64::MAX)
        });
        Presence { online: h.online > 0, gone_ms, claimable: self.claimable(c, now) }
    }

    /// Whether `c`'s opponent may claim the win: `c` is gone long enough and the game goes on.
    fn claimable(&self, c: Color, now: Instant) -> bool {
        let h = self.here[index(c)];
        self.status == Status::Started
            && h.online == 0
            && h.gone_since.is_some_and(|t| now >= t + self.settings.gone_after)
    }

    fn broadcast_presence(&mut self, now: Instant) {
        let frame = ServerMessage::Presence {
            white: self.presence(Color::White, now),
            black: self.presence(Color::Black, now),
        };
        let text: Utf8Bytes = frame.encode().into();
        self.send_all(|_| Some(text.clone()), now);
    }

    /// Sends each connection its frame; drops those whose queue is full.
    fn send_all(&mut self, mut frame_for: impl FnMut(Seat) -> Option<Utf8Bytes>, now: Instant) {
        let mut dropped = Vec::new();
        for c in &self.conns {
            if let Some(text) = frame_for(c.seat)
                && c.tx.try_send(Outbound::Frame(text)).is_err()
            {
                dropped.push(c.id);
            }
        }
        for id in dropped {
            tracing::info!("game {}: connection {id} fell behind and was dropped", self.row.id);
            // Dropping its sender ends the connection's queue: the socket closes and the
            // client reconnects with its last version.
            self.leave(id, now);
        }
    }

    fn send_to(&mut self, conn: u64, frame: &ServerMessage) {
        let full = self
            .conns
            .iter()
            .find(|c| c.id == conn)
            .is_some_and(|c| c.tx.try_send(Outbound::Frame(frame.encode().into())).is_err());
        if full {
            self.leave(conn, Instant::now());
        }
    }

    // ----- what each seat sees

    /// `record` as `seat` may know it; `None` where it may know nothing of it.
    fn event_for(&self, record: &Record, seat: Seat) -> Option<Event> {
        Some(match record {
            Record::Move { ply, clock, .. } => Event::Move {
                ply: *ply,
                mv: with_game!(&self.game, g => g.ply_text_for(*ply as usize, seat))?,
                clock: *clock,
            },
            Record::DrawOffered { by } => Event::DrawOffered { by: *by },
            Record::DrawDeclined { by } => Event::DrawDeclined { by: *by },
            Record::Ended { outcome, clock } => {
                Event::Ended { outcome: outcome.clone(), clock: *clock, reveal: self.reveal(seat) }
            }
            Record::Aborted { by } => Event::Aborted { by: *by },
            // The invitation is the two players' business: a spectator gets the version.
            Record::Rematch { by, code } => match seat {
                Seat::Player(_) => Event::Rematch { by: *by, code: code.clone() },
                Seat::Spectator => return None,
            },
        })
    }

    /// Jieqi, once the game is over: the deal opened as far as `seat` may know it. Never the
    /// whole deal, nor the moves as the truth writes them: the owner of a face-down piece the
    /// opponent captured may not learn what it was, not after the game either (rules/jieqi.md),
    /// so that piece's salt goes to its capturer alone and everyone else gets its leaf, which
    /// still lets them check the commitment (and, lest elimination tell it, the leaves alone
    /// of that side's pieces still face down: see `rodina_protocol::entitlements`).
    fn reveal(&self, seat: Seat) -> Option<Reveal> {
        if !matches!(self.status, Status::Ended | Status::Aborted) {
            return None;
        }
        let (AnyGame::Jieqi(game), Some(salts)) = (&self.game, &self.row.salt) else {
            return None;
        };
        let salts: Vec<String> = salts.split(' ').map(str::to_owned).collect();
        match open_deal(game.start(), &salts, &game.view(seat)) {
            Ok(reveal) => Some(reveal),
            Err(e) => {
                // A row from before the per-piece commitment, or damaged: no reveal rather
                // than one that would not check (the error names no identity).
                tracing::warn!("game {}: the deal cannot be opened: {e}", self.row.id);
                None
            }
        }
    }

    /// The whole game as `seat` may know it.
    fn state_for(&self, seat: Seat, now: Instant) -> GameState {
        GameState {
            game: self.row.id.clone(),
            options: self.row.options.clone(),
            white: self.row.white.clone(),
            black: self.row.black.clone(),
            seat: seat.name().to_owned(),
            start: with_game!(&self.game, g => g.start().view(seat).fen()),
            moves: self.game.move_texts_for(seat),
            status: self.status,
            outcome: self.outcome.clone(),
            clock: self.clock.as_ref().map(|c| c.state(now)),
            draw_offer: self.draw_offer.map(side),
            commitment: self.row.commitment.clone(),
            reveal: self.reveal(seat),
            rematch: match seat {
                Seat::Player(_) => self.rematch.as_ref().map(|(_, code)| code.clone()),
                Seat::Spectator => None,
            },
        }
    }

    // ----- the log

    fn progress(&self) -> GameProgress {
        GameProgress {
            version: self.version,
            plies: u32::try_from(self.game.len()).unwrap_or(u32::MAX),
            status: self.status,
            outcome: self.outcome.clone(),
        }
    }

    /// Stores `record` as the next version; the caller undoes its change on an error.
    async fn store(&mut self, record: &Record) -> Result<u64, StoreError> {
        let version = self.version + 1;
        let data = serde_json::to_string(record).map_err(|e| StoreError::Backend(e.to_string()))?;
        let row = EventRow { version, data, at_ms: crate::now_ms() };
        let progress = GameProgress { version, ..self.progress() };
        self.db.append(Append { game: self.row.id.clone(), event: row, progress }).await?;
        self.version = version;
        Ok(version)
    }

    /// Sends a stored record to every connection, as each seat may know it.
    fn publish(&mut self, version: u64, record: Record, now: Instant) {
        // Each frame is encoded once per seat that has a connection; in an open game the
        // players' and spectators' frames are one and the same (a rematch aside).
        let shared = !self.hidden() && !matches!(record, Record::Rematch { .. });
        let mut cache: [Option<Utf8Bytes>; 3] = [None, None, None];
        for (i, &seat) in Seat::ALL.iter().enumerate() {
            if !self.conns.iter().any(|c| c.seat == seat) {
                continue;
            }
            let reuse = if shared { cache.iter().flatten().next().cloned() } else { None };
            cache[i] = Some(reuse.unwrap_or_else(|| {
                let m = ServerMessage::Event { v: version, e: self.event_for(&record, seat) };
                Utf8Bytes::from(m.encode())
            }));
        }
        self.keep(version, record);
        self.send_all(
            |seat| {
                let i = Seat::ALL.iter().position(|s| *s == seat)?;
                cache[i].clone()
            },
            now,
        );
    }

    /// Stores and publishes a record that changes nothing else (offers, rematches); an
    /// error for the store's failure.
    async fn append(&mut self, record: Record, now: Instant) -> Result<(), StoreError> {
        let version = self.store(&record).await?;
        self.publish(version, record, now);
        Ok(())
    }

    // ----- the game

    async fn message(
        &mut self,
        conn: u64,
        seat: Seat,
        msg: ClientMessage,
        at: Instant,
    ) -> Result<(), (WireError, String, Option<u32>)> {
        let refuse = |code, detail: &str| Err((code, detail.to_owned(), None));
        let me = match (seat, &msg) {
            (_, ClientMessage::Hello { .. }) => {
                return refuse(WireError::NotHello, "said hello already");
            }
            // Pings are answered by the connection; nothing reaches here.
            (_, ClientMessage::Ping { .. } | ClientMessage::Pong { .. }) => return Ok(()),
            (Seat::Player(c), _) => c,
            (Seat::Spectator, ClientMessage::Move { ack, .. }) => {
                return Err((WireError::NotAPlayer, "a spectator cannot move".into(), Some(*ack)));
            }
            (Seat::Spectator, _) => {
                return refuse(WireError::NotAPlayer, "a spectator plays no side");
            }
        };
        let now = Instant::now();
        if let ClientMessage::Move { ack, mv, lag_ms } = msg {
            return self
                .play(conn, me, ack, mv, lag_ms, at)
                .await
                .map_err(|(c, d)| (c, d, Some(ack)));
        }
        if self.status != Status::Started {
            return refuse(WireError::GameOver, "the game is over");
        }
        let store_failed =
            |_| (WireError::Internal, "the server failed; send it again".to_owned(), None);
        match msg {
            ClientMessage::Resign {} => {
                self.game.declare(Outcome::Win { winner: !me, reason: WinReason::Resignation });
                self.end(now).await;
            }
            ClientMessage::OfferDraw {} | ClientMessage::AcceptDraw {}
                if self.draw_offer == Some(!me) =>
            {
                self.game.declare(Outcome::Draw { reason: DrawReason::Agreement });
                self.end(now).await;
            }
            ClientMessage::OfferDraw {} => {
                if self.draw_offer != Some(me) {
                    self.draw_offer = Some(me);
                    if let Err(e) = self.append(Record::DrawOffered { by: side(me) }, now).await {
                        self.draw_offer = None;
                        return Err(store_failed(e));
                    }
                }
            }
            ClientMessage::AcceptDraw {} => {
                return refuse(WireError::NoDrawOffer, "no draw offer of the opponent's stands");
            }
            ClientMessage::DeclineDraw {} => {
                if self.draw_offer != Some(!me) {
                    return refuse(
                        WireError::NoDrawOffer,
                        "no draw offer of the opponent's stands",
                    );
                }
                self.draw_offer = None;
                if let Err(e) = self.append(Record::DrawDeclined { by: side(me) }, now).await {
                    self.draw_offer = Some(!me);
                    return Err(store_failed(e));
                }
            }
            ClientMessage::Abort {} => {
                if self.game.len() >= 2 {
                    return refuse(WireError::TooLateToAbort, "each side has moved");
                }
                self.abort(Some(me), now).await;
            }
            ClientMessage::ClaimWin {} => {
                if !self.claimable(!me, now) {
                    return refuse(WireError::NotClaimable, "the opponent is not gone long enough");
                }
                self.game.declare(Outcome::Win { winner: me, reason: WinReason::Abandonment });
                self.end(now).await;
            }
            ClientMessage::Move { .. } | ClientMessage::Hello { .. } => {}
            ClientMessage::Ping { .. } | ClientMessage::Pong { .. } => {}
        }
        Ok(())
    }

    /// A player's move: checked, timed, stored, acknowledged and published.
    async fn play(
        &mut self,
        conn: u64,
        me: Color,
        ack: u32,
        mv: String,
        lag_ms: Option<u32>,
        at: Instant,
    ) -> Result<(), (WireError, String)> {
        // A move resent after a reconnect (same number, same text as this player's last
        // move) is acknowledged again and not played twice.
        if self.last_ack[index(me)].as_ref().is_some_and(|(a, m)| *a == ack && *m == mv) {
            self.send_to(conn, &ServerMessage::Ack { ack });
            return Ok(());
        }
        if self.status != Status::Started {
            return Err((WireError::GameOver, "the game is over".into()));
        }
        if self.game.turn() != me {
            return Err((WireError::NotYourTurn, "it is the other side's move".into()));
        }
        let rtt = self.rtt_of(me);
        let clock_before = self.clock;
        if let Some(clock) = &mut self.clock
            && clock.on_move(me, at, u64::from(lag_ms.unwrap_or(0)), rtt).is_err()
        {
            self.game.declare(Outcome::Win { winner: !me, reason: WinReason::Time });
            self.end(Instant::now()).await;
            return Err((WireError::GameOver, "the time ran out before the move came".into()));
        }
        let hidden = self.hidden();
        // A player's text is read as coordinates only, never as a record's notes: a note
        // checked against the truth would answer questions about hidden identities.
        let played = with_game!(&mut self.game, g => {
            let parsed = g.position().parse_move(&mv).map_err(PlayError::from);
            parsed.and_then(|m| g.play(&m))
        });
        if let Err(e) = played {
            self.clock = clock_before;
            // For a game with hidden pieces the rules' words stay out of the answer.
            let detail = if hidden { "not a legal move here".to_owned() } else { e.to_string() };
            return Err((WireError::IllegalMove, detail));
        }
        let now = Instant::now();
        let ply = self.game.len();
        if ply == 2
            && let Some(clock) = &mut self.clock
        {
            // Each side has moved: the first player's clock starts.
            clock.start(Color::White, now);
        }
        self.first_move_by = match ply {
            1 => Some(now + self.settings.first_move_timeout),
            _ => None,
        };
        let truth = with_game!(&self.game, g => g.ply_text(ply)).unwrap_or_default();
        let record = Record::Move {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            by: side(me),
            truth,
            sent: mv.clone(),
            ack,
            clock: self.clock.as_ref().map(|c| c.state(now)),
        };
        let previous_ack = self.last_ack[index(me)].replace((ack, mv));
        let declines = self.draw_offer == Some(!me);
        if declines {
            self.draw_offer = None;
        }
        let ends = self.game.outcome().is_some();
        match self.store(&record).await {
            Ok(version) => {
                self.send_to(conn, &ServerMessage::Ack { ack });
                self.publish(version, record, now);
            }
            Err(e) => {
                tracing::error!("game {}: a move could not be stored: {e}", self.row.id);
                self.game.undo();
                self.clock = clock_before;
                self.last_ack[index(me)] = previous_ack;
                if declines {
                    self.draw_offer = Some(!me);
                }
                return Err((WireError::Internal, "the server failed; send it again".into()));
            }
        }
        if declines {
            let _ = self.append(Record::DrawDeclined { by: side(me) }, now).await;
        }
        if ends {
            self.end(now).await;
        }
        Ok(())
    }

    /// Ends the game with the outcome the game now has (by its moves or declared): stops
    /// the clocks, stores and publishes the end (with the Jieqi reveal).
    async fn end(&mut self, now: Instant) {
        let Some(outcome) = self.game.outcome() else { return };
        let clock_before = self.clock;
        if let Some(c) = &mut self.clock {
            c.stop(now);
        }
        let wire = WireOutcome::from(outcome);
        let record = Record::Ended {
            outcome: wire.clone(),
            clock: self.clock.as_ref().map(|c| c.state(now)),
        };
        let before = (self.status, self.outcome.clone(), self.draw_offer);
        self.status = Status::Ended;
        self.outcome = Some(wire);
        self.draw_offer = None;
        self.first_move_by = None;
        match self.store(&record).await {
            Ok(version) => {
                tracing::info!("game {} ended: {}", self.row.id, outcome);
                self.publish(version, record, now);
                self.broadcast_presence(now);
            }
            Err(e) => {
                tracing::error!("game {}: its end could not be stored: {e}", self.row.id);
                (self.status, self.outcome, self.draw_offer) = before;
                self.clock = clock_before;
                if self.game.declared().is_some() {
                    self.game.take_back_ending();
                }
            }
        }
    }

    async fn abort(&mut self, by: Option<Color>, now: Instant) {
        let before = (self.status, self.draw_offer, self.first_move_by);
        self.status = Status::Aborted;
        self.draw_offer = None;
        self.first_move_by = None;
        let record = Record::Aborted { by: by.map(side) };
        match self.store(&record).await {
            Ok(version) => {
                tracing::info!("game {} aborted", self.row.id);
                self.publish(version, record, now);
                self.broadcast_presence(now);
            }
            Err(e) => {
                tracing::error!("game {}: its abort could not be stored: {e}", self.row.id);
                (self.status, self.draw_offer, self.first_move_by) = before;
            }
        }
    }

    async fn offer_rematch(
        &mut self,
        by: &AccountId,
        now: Instant,
    ) -> Result<InvitationRow, Problem> {
        let me = if *by == self.row.white.account {
            Color::White
        } else if *by == self.row.black.account {
            Color::Black
        } else {
            return Err(Problem::new(ApiErrorCode::Forbidden, "only a player offers a rematch"));
        };
        if self.status == Status::Started {
            return Err(Problem::new(ApiErrorCode::BadRequest, "the game is not over"));
        }
        if let Some((offerer, code)) = self.rematch.clone() {
            if offerer != me {
                return Err(Problem::new(
                    ApiErrorCode::InvitationTaken,
                    "the opponent offered a rematch already: accept theirs",
                ));
            }
            let stored = self.db.run(move |s| s.invitation(&code)).await?;
            return stored
                .ok_or_else(|| Problem::new(ApiErrorCode::Internal, "the rematch is lost"));
        }
        let opponent = match me {
            Color::White => self.row.black.account.clone(),
            Color::Black => self.row.white.account.clone(),
        };
        let mut options = self.row.options.clone();
        // Colours swap, except that a handicap's giver plays the first side again.
        options.colour = if options.handicap.is_some() {
            rodina_protocol::ColourChoice::White
        } else {
            match me {
                Color::White => rodina_protocol::ColourChoice::Black,
                Color::Black => rodina_protocol::ColourChoice::White,
            }
        };
        let created = crate::now_ms();
        let mut last = None;
        for _ in 0..3 {
            let row = InvitationRow {
                code: InviteCode::from_random(random_bytes()?),
                inviter: by.clone(),
                options: options.clone(),
                created_at_ms: created,
                expires_at_ms: created.saturating_add(ms(self.settings.invitation_lifetime)),
                only_for: Some(opponent.clone()),
                rematch_of: Some(self.row.id.clone()),
                game: None,
                accepted_by: None,
            };
            let stored = row.clone();
            match self.db.run(move |s| s.create_invitation(&stored)).await {
                Ok(()) => {
                    last = Some(row);
                    break;
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        let row = last.ok_or_else(|| Problem::new(ApiErrorCode::Internal, "no free code"))?;
        self.rematch = Some((me, row.code.clone()));
        let record = Record::Rematch { by: side(me), code: row.code.clone() };
        if let Err(e) = self.append(record, now).await {
            self.rematch = None;
            return Err(e.into());
        }
        Ok(row)
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use rodina_protocol::{ColourChoice, GameOptions, PlayerInfo};
    use rodina_rules::{NewGame, Variant};

    use super::*;
    use crate::sqlite::SqliteStore;

    fn registry() -> Arc<Registry> {
        let (_stop, shutdown) = watch::channel(false);
        let db = Db::new(SqliteStore::in_memory().unwrap());
        Arc::new(Registry::new(db, Arc::new(Settings::default()), shutdown))
    }

    fn row_of(game: &AnyGame) -> GameRow {
        GameRow {
            id: GameId::from_random([3; 20]),
            options: GameOptions {
                game: "jieqi".into(),
                rule_set: None,
                handicap: None,
                colour: ColourChoice::White,
                clock: None,
            },
            white: PlayerInfo { account: AccountId::from_random([1; 20]), name: None },
            black: PlayerInfo { account: AccountId::from_random([2; 20]), name: None },
            created_at_ms: 0,
            start_truth: game.start_truth_fen(),
            salt: Some("ab".repeat(32)),
            commitment: None,
            progress: GameProgress { version: 0, plies: 0, status: Status::Started, outcome: None },
        }
    }

    /// A Jieqi game of `plies` moves and its log, the last record a draw offer.
    fn game_and_log(plies: usize) -> (AnyGame, Vec<Record>) {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut game = AnyGame::new(&NewGame::usual(Variant::Jieqi), &mut rng).unwrap();
        let mut log = Vec::new();
        for ply in 1..=plies {
            let moves = game.legal_move_texts();
            let mv = moves[(ply * 7) % moves.len()].clone();
            game.play_text(&mv).unwrap();
            let truth = with_game!(&game, g => g.ply_text(ply)).unwrap();
            let by = side(if ply % 2 == 1 { Color::White } else { Color::Black });
            log.push(Record::Move {
                ply: ply as u32,
                by,
                truth,
                sent: mv,
                ack: ply as u32,
                clock: None,
            });
        }
        log.push(Record::DrawOffered { by: SideName::Black });
        (game, log)
    }

    fn rows(log: &[Record]) -> Vec<EventRow> {
        (1..)
            .zip(log)
            .map(|(version, r)| EventRow {
                version,
                data: serde_json::to_string(r).unwrap(),
                at_ms: version,
            })
            .collect()
    }

    #[tokio::test]
    async fn a_log_replays_into_the_game_it_recorded() {
        let registry = registry();
        let (game, log) = game_and_log(12);
        let live = Live::load(row_of(&game), rows(&log), &registry, Instant::now()).unwrap();
        assert_eq!(live.version, 13);
        assert_eq!(live.game.move_texts(), game.move_texts());
        assert_eq!(live.draw_offer, Some(Color::Black));
        let last_white = match &log[10] {
            Record::Move { sent, .. } => sent.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(live.last_ack[0], Some((11, last_white)));
        // Every record reads for every seat as that seat's record writes the move.
        for seat in Seat::ALL {
            for (i, record) in log.iter().take(12).enumerate() {
                let Some(Event::Move { mv, .. }) = live.event_for(record, seat) else { panic!() };
                assert_eq!(Some(mv), with_game!(&game, g => g.ply_text_for(i + 1, seat)));
            }
            let state = live.state_for(seat, Instant::now());
            assert_eq!(state.moves, game.move_texts_for(seat));
            assert_eq!(state.start, with_game!(&game, g => g.start().view(seat).fen()));
            // The game goes on: nothing of the deal is in the state.
            assert_eq!(state.reveal, None);
        }
    }

    #[tokio::test]
    async fn a_finished_game_opens_to_each_seat_what_it_may_know() {
        let registry = registry();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut game = AnyGame::new(&NewGame::usual(Variant::Jieqi), &mut rng).unwrap();
        // Red's cannon point takes h10 face down; Black resigns.
        game.play_text("h3h10").unwrap();
        let truth = with_game!(&game, g => g.ply_text(1)).unwrap();
        let log = vec![
            Record::Move {
                ply: 1,
                by: SideName::White,
                truth,
                sent: "h3h10".into(),
                ack: 1,
                clock: None,
            },
            Record::Ended {
                outcome: WireOutcome {
                    result: "win".into(),
                    winner: Some(SideName::White),
                    reason: "resignation".into(),
                },
                clock: None,
            },
        ];
        let salts: Vec<String> = (0..30u8).map(|i| format!("{i:02x}").repeat(32)).collect();
        let AnyGame::Jieqi(g) = &game else { panic!("jieqi") };
        let mut row = row_of(&game);
        row.salt = Some(salts.join(" "));
        row.commitment = Some(rodina_protocol::commit_deal(g.start(), &salts).unwrap());
        let live = Live::load(row.clone(), rows(&log), &registry, Instant::now()).unwrap();
        let h10 = rodina_rules::xiangqi::Square::parse("h10").unwrap();
        let h10_salt = &salts[rodina_protocol::deal_points(|s| g.start().is_face_down(s))
            .iter()
            .position(|&s| s == h10)
            .unwrap()];
        for seat in Seat::ALL {
            let state = live.state_for(seat, Instant::now());
            let reveal = state.reveal.clone().expect("a reveal once over");
            let Some(Event::Ended { reveal: Some(ended), .. }) = live.event_for(&log[1], seat)
            else {
                panic!("the end carries the reveal")
            };
            assert_eq!(ended, reveal);
            assert_eq!(
                rodina_protocol::verify_reveal(
                    row.commitment.as_deref().unwrap(),
                    &reveal,
                    seat,
                    None,
                    &state.start,
                    &state.moves
                ),
                Ok(())
            );
            // Only Red, who took it, gets the salt of h10 in anything it is sent.
            let text = serde_json::to_string(&state).unwrap();
            assert_eq!(text.contains(h10_salt.as_str()), seat == Seat::Player(Color::White));
        }
        // A row whose salts do not fit the deal (one salt, as before the per-piece
        // commitment): no reveal rather than a wrong one.
        row.salt = Some("ab".repeat(32));
        let live = Live::load(row, rows(&log), &registry, Instant::now()).unwrap();
        assert_eq!(live.state_for(Seat::Spectator, Instant::now()).reveal, None);
    }

    #[tokio::test]
    async fn a_damaged_log_is_named_without_the_truth() {
        let registry = registry();
        let (game, log) = game_and_log(12);
        // A gap in the versions.
        let mut gap = rows(&log);
        gap.remove(4);
        let e = Live::load(row_of(&game), gap, &registry, Instant::now()).err().unwrap();
        assert!(matches!(e, LiveError::Damaged(_)), "{e}");
        // A reveal recorded as another identity than the deal's.
        let (i, truth) = log
            .iter()
            .enumerate()
            .find_map(|(i, r)| match r {
                Record::Move { truth, .. } if truth.contains('=') => Some((i, truth.clone())),
                _ => None,
            })
            .unwrap();
        let at = truth.find('=').unwrap() + 1;
        let real = truth.as_bytes()[at];
        let other = if real.is_ascii_uppercase() {
            if real == b'R' { 'N' } else { 'R' }
        } else if real == b'r' {
            'n'
        } else {
            'r'
        };
        let mut forged = truth.clone();
        forged.replace_range(at..=at, &other.to_string());
        let mut tampered = log.clone();
        if let Record::Move { truth, .. } = &mut tampered[i] {
            *truth = forged.clone();
        }
        let e =
            Live::load(row_of(&game), rows(&tampered), &registry, Instant::now()).err().unwrap();
        let message = e.to_string();
        assert!(message.contains(&format!("move {} does not replay", i + 1)), "{message}");
        assert!(!message.contains(&forged) && !message.contains(&truth), "{message}");
    }
}
