//! The online game's controller: one game as this seat holds it, a state machine between the
//! player's taps, the server's messages and the board (lichess-mobile's "controller").
//!
//! It does no I/O: the connection (`connection.rs`) hands it every frame the server sends
//! ([`OnlineGame::receive`]) and sends what it asks to send. The board is the seat's own
//! record ([`crate::view_table`]), built from the start and the moves the server writes for
//! this seat: for Jieqi the seat's view and nothing more, so the client never holds more than
//! its seat may know.
//!
//! Versions are applied in order. An event from beyond the next version waits in a small
//! buffer while the gap is given time to fill; a gap that stays asks for a resync (the
//! connection reconnects with the last version applied). A [`ServerMessage::Sync`] replaces
//! the whole state. A move the player makes is played on the board at once when nothing in
//! it is hidden (its event confirms it), and waits for its event when it turns a piece up
//! (only the server knows what shows); it is sent with its ply as the ack number, and sent
//! again after a reconnect until the server acknowledges it.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use rodina_protocol::{
    ClientMessage, ClockState, Event, GameId, GameOptions, GameState, PlayerInfo, Presence, Reveal,
    ServerMessage, Status, WireError, WireOutcome, verify_reveal,
};
use rodina_rules::jieqi::RuleSet;
use rodina_rules::{AnyView, Color, NewGame, Outcome, Seat, Start, Variant};

use crate::board::{Marks, draw, move_rows, player_bars};
use crate::input::{Entered, Input};
use crate::model::{Awaiting, BoardView, PieceKind, Point, Refusal, TapResult};
use crate::online::model::{
    ClockView, ConnectionState, DealCheck, OfflineReason, OnlinePlayer, OnlineStatus, OnlineView,
    Rematch,
};
use crate::online::text as online_text;
use crate::table::Situation;
use crate::text::{self, Language};
use crate::view_table::{SeatRecord, seat_record};

/// Events from beyond a gap kept while it may still fill (more is a resync at once).
const MAX_BUFFERED: usize = 64;

/// What the connection does after a frame was taken in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Received {
    /// The game changed: tell the listener.
    Changed,
    /// Nothing a screen shows changed.
    Unchanged,
    /// Versions are missing: wait a moment for them, then resync.
    Gap,
    /// The state cannot be followed (a move that does not play, an event out of step):
    /// resync now.
    Resync,
    /// Answer the server's ping.
    AnswerPing(u64),
    /// The answer to the client's ping sent at `at`.
    Pong(u64),
    /// The server will not serve this connection, for `reason`: stop trying.
    Stop(OfflineReason),
}

/// A move sent and not yet acknowledged.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pending {
    ack: u32,
    mv: String,
}

/// Something to say to the player until the next move.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Notice {
    /// The server refused what was sent.
    Refused(WireError),
    /// The server's state cannot be read.
    BadState(String),
    /// An action was asked for while not connected.
    NotConnected,
}

/// One online game as this device's seat holds it.
pub(crate) struct OnlineGame {
    id: GameId,
    variant: Variant,
    rule_set: Option<RuleSet>,
    seat: Seat,
    white: Option<PlayerInfo>,
    black: Option<PlayerInfo>,
    status: OnlineStatus,
    /// The last version applied (0 before any event).
    version: u64,
    /// Whether a state has arrived (a reconnect says its version only then).
    synced: bool,
    /// The seat's start as the server wrote it.
    start: String,
    /// The moves as the server wrote them for this seat.
    moves: Vec<String>,
    /// The seat's record: `moves` played on `start`, and the player's own move ahead of its
    /// event while `optimistic`.
    board: Box<dyn SeatRecord>,
    optimistic: bool,
    input: Input,
    pending: Option<Pending>,
    outcome: Option<WireOutcome>,
    /// The clocks as last read from the server, and when that reading arrived.
    clock: Option<(ClockState, Instant)>,
    draw_offer: Option<Color>,
    commitment: Option<String>,
    deal_check: Option<DealCheck>,
    /// Jieqi, once over: the deal opened as far as this seat may know it.
    revealed: Option<Reveal>,
    rematch: Option<Rematch>,
    presence: Option<[Presence; 2]>,
    buffered: BTreeMap<u64, Option<Event>>,
    connection: ConnectionState,
    /// The round trip the client's pings measure (smoothed), in ms.
    rtt_ms: Option<u64>,
    notice: Option<Notice>,
    language: Language,
}

impl std::fmt::Debug for OnlineGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineGame")
            .field("id", &self.id)
            .field("seat", &self.seat)
            .field("version", &self.version)
            .field("moves", &self.moves.len())
            .finish_non_exhaustive()
    }
}

/// The rules' reading of a rule set's name, if it names one.
fn rule_set_of(options: &GameOptions) -> Option<RuleSet> {
    options.rule_set.as_deref().and_then(|r| r.parse().ok())
}

/// The board of `start` as `seat` holds it, with `moves` played; the moves that played.
fn seat_board(
    variant: Variant,
    rule_set: Option<RuleSet>,
    start: &str,
    moves: &[String],
    seat: Seat,
) -> Result<Box<dyn SeatRecord>, String> {
    let new = NewGame { variant, start: Start::Fen(start.to_owned()), handicap: None, rule_set };
    let view = AnyView::read(&new, Some(seat))
        .map_err(|e| format!("the start cannot be read: {e}"))?
        .ok_or_else(|| "the start is no seat's".to_owned())?;
    let mut board = seat_record(view);
    for (i, m) in moves.iter().enumerate() {
        board.play_text(m).map_err(|e| format!("move {} ({m}) does not play: {e}", i + 1))?;
    }
    Ok(board)
}

/// A clock reading as text: `1:02:03`, `4:59`, `0:09.5` under ten seconds.
pub(crate) fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    if ms < 10_000 {
        format!("0:0{}.{}", s, (ms % 1000) / 100)
    } else if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// How long until a running clock's text changes (tenths under ten seconds, else seconds).
pub(crate) fn until_next_tick(ms: u64) -> Duration {
    let step = if ms <= 10_000 { 100 } else { 1000 };
    Duration::from_millis(ms % step + 1)
}

impl OnlineGame {
    /// The game `id` of `options` between `white` and `black`, seen by `account`, before its
    /// state has arrived: the usual start of its game, as this seat would see it.
    pub(crate) fn new(
        id: GameId,
        options: &GameOptions,
        white: PlayerInfo,
        black: PlayerInfo,
        account: &str,
        language: Language,
    ) -> Result<OnlineGame, String> {
        let new = options.to_new_game().map_err(|e| e.to_string())?;
        let seat = if white.account.as_str() == account {
            Seat::Player(Color::White)
        } else if black.account.as_str() == account {
            Seat::Player(Color::Black)
        } else {
            Seat::Spectator
        };
        let view = AnyView::read(&new, Some(seat))
            .map_err(|e| e.to_string())?
            .ok_or_else(|| "the game's start is no seat's".to_owned())?;
        Ok(OnlineGame {
            id,
            variant: new.variant,
            rule_set: new.rule_set,
            seat,
            white: Some(white),
            black: Some(black),
            status: OnlineStatus::Waiting,
            version: 0,
            synced: false,
            start: String::new(),
            moves: Vec::new(),
            board: seat_record(view),
            optimistic: false,
            input: Input::default(),
            pending: None,
            outcome: None,
            clock: None,
            draw_offer: None,
            commitment: None,
            deal_check: None,
            revealed: None,
            rematch: None,
            presence: None,
            buffered: BTreeMap::new(),
            connection: ConnectionState::Connecting,
            rtt_ms: None,
            notice: None,
            language,
        })
    }

    /// The game's id.
    pub(crate) fn id(&self) -> &GameId {
        &self.id
    }

    /// The hello this connection starts with: the last version applied, once a state came.
    pub(crate) fn hello(&self) -> ClientMessage {
        ClientMessage::Hello {
            protocol: rodina_protocol::PROTOCOL_VERSION,
            last_version: self.synced.then_some(self.version),
        }
    }

    /// The move to send again after a reconnect (or when its answer is late).
    pub(crate) fn unacknowledged(&self) -> Option<ClientMessage> {
        self.pending.as_ref().map(|p| ClientMessage::Move {
            ack: p.ack,
            mv: p.mv.clone(),
            lag_ms: self.lag_ms(),
        })
    }

    /// The network delay claimed with a move: half the measured round trip.
    fn lag_ms(&self) -> Option<u32> {
        self.rtt_ms.map(|r| u32::try_from(r / 2).unwrap_or(u32::MAX))
    }

    /// A round trip measured by a ping, smoothed over the last few.
    pub(crate) fn measured(&mut self, rtt: Duration) {
        let ms = u64::try_from(rtt.as_millis()).unwrap_or(u64::MAX).min(60_000);
        self.rtt_ms = Some(match self.rtt_ms {
            None => ms,
            Some(old) => (old * 3 + ms) / 4,
        });
    }

    /// The connection's state changed.
    pub(crate) fn set_connection(&mut self, state: ConnectionState) -> bool {
        let changed = self.connection != state;
        self.connection = state;
        changed
    }

    /// Whether a clock runs now (the screen's clock then ticks).
    pub(crate) fn running_clock_ms(&self, now: Instant) -> Option<u64> {
        let view = self.clock_view(now)?;
        view.running.map(|c| match c {
            Color::White => view.white_ms,
            Color::Black => view.black_ms,
        })
    }

    /// The language of the view's texts.
    pub(crate) fn language(&self) -> Language {
        self.language
    }

    /// Speaks `language` from now on.
    pub(crate) fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    /// Whether the server's events and states were all read in order so far and a gap
    /// waits to be filled.
    pub(crate) fn has_gap(&self) -> bool {
        !self.buffered.is_empty()
    }

    // ----- the server's messages

    /// Takes in one message from the server.
    pub(crate) fn receive(&mut self, message: ServerMessage, now: Instant) -> Received {
        match message {
            ServerMessage::Sync { v, state } => self.sync(v, *state, now),
            ServerMessage::Event { v, e } => self.event(v, e, now),
            ServerMessage::Ack { ack } => {
                if self.pending.as_ref().is_some_and(|p| p.ack == ack) {
                    self.pending = None;
                    return Received::Changed;
                }
                Received::Unchanged
            }
            ServerMessage::Error { code, ack, .. } => self.refused(code, ack),
            ServerMessage::Ping { at } => Received::AnswerPing(at),
            ServerMessage::Pong { at } => Received::Pong(at),
            ServerMessage::Presence { white, black } => {
                let new = Some([white, black]);
                if self.presence == new {
                    return Received::Unchanged;
                }
                self.presence = new;
                Received::Changed
            }
        }
    }

    fn refused(&mut self, code: WireError, ack: Option<u32>) -> Received {
        match code {
            WireError::Protocol => return Received::Stop(OfflineReason::Outdated),
            // What was sent is fine; the server asks for it again, and it goes again.
            WireError::Internal if ack.is_some() => return Received::Unchanged,
            _ => {}
        }
        if ack.is_some() && self.pending.as_ref().map(|p| p.ack) == ack {
            self.pending = None;
            if self.optimistic {
                // The move played ahead of its event was not taken: the board goes back.
                self.rebuild();
            }
        }
        self.notice = Some(Notice::Refused(code));
        Received::Changed
    }

    fn sync(&mut self, v: u64, state: GameState, now: Instant) -> Received {
        if state.game != self.id {
            return self.bad_state("the state of another game".into());
        }
        let Some(seat) = state.seat() else {
            return self.bad_state(format!("no seat {:?}", state.seat));
        };
        let Ok(variant) = state.options.game.parse::<Variant>() else {
            return self.bad_state(format!("no game {:?}", state.options.game));
        };
        let rule_set = rule_set_of(&state.options);
        let board = match seat_board(variant, rule_set, &state.start, &state.moves, seat) {
            Ok(b) => b,
            Err(e) => return self.bad_state(e),
        };
        self.variant = variant;
        self.rule_set = rule_set;
        self.seat = seat;
        self.white = Some(state.white);
        self.black = Some(state.black);
        self.version = v;
        self.synced = true;
        self.start = state.start;
        self.moves = state.moves;
        self.board = board;
        self.optimistic = false;
        self.input.clear();
        self.status = match state.status {
            Status::Started => OnlineStatus::Started,
            Status::Ended => OnlineStatus::Ended,
            Status::Aborted => OnlineStatus::Aborted,
        };
        self.outcome = state.outcome;
        self.clock = state.clock.map(|c| (c, now));
        self.draw_offer = state.draw_offer.map(Color::from);
        self.commitment = state.commitment;
        self.deal_check = self.commitment.as_ref().map(|_| DealCheck::Pending);
        if let Some(reveal) = state.reveal {
            self.check_deal(reveal);
        }
        self.rematch = state.rematch.map(|code| {
            // The state names the opponent's offer; one's own is known from its event.
            Rematch::Received { code: code.to_string() }
        });
        // The pending move made it if the moves reach its ply.
        if self.pending.as_ref().is_some_and(|p| p.ack as usize <= self.moves.len()) {
            self.pending = None;
        }
        if self.status != OnlineStatus::Started {
            self.pending = None;
        }
        self.buffered.retain(|version, _| *version > v);
        self.drain(now)
    }

    fn event(&mut self, v: u64, e: Option<Event>, now: Instant) -> Received {
        if !self.synced || v <= self.version {
            // Before the first state every event is in it; an old version is a repeat.
            return Received::Unchanged;
        }
        if v > self.version + 1 {
            if self.buffered.len() >= MAX_BUFFERED {
                self.buffered.clear();
                return Received::Resync;
            }
            self.buffered.insert(v, e);
            return Received::Gap;
        }
        let applied = self.apply(e, now);
        self.version = v;
        if applied == Received::Resync {
            return applied;
        }
        self.drain(now)
    }

    /// Applies the buffered events that now follow in order.
    fn drain(&mut self, now: Instant) -> Received {
        while let Some(e) = self.buffered.remove(&(self.version + 1)) {
            if self.apply(e, now) == Received::Resync {
                self.version += 1;
                return Received::Resync;
            }
            self.version += 1;
        }
        if self.buffered.is_empty() { Received::Changed } else { Received::Gap }
    }

    fn apply(&mut self, e: Option<Event>, now: Instant) -> Received {
        let Some(e) = e else { return Received::Changed };
        match e {
            Event::Move { ply, mv, clock } => {
                if ply as usize != self.moves.len() + 1 {
                    return Received::Resync;
                }
                let ours_ahead = self.optimistic
                    && self.board.moves().len() == ply as usize
                    && self.board.moves().last().is_some_and(|m| m.coordinate == mv);
                self.moves.push(mv.clone());
                if ours_ahead {
                    self.optimistic = false;
                } else {
                    if self.optimistic {
                        self.rebuild();
                    } else {
                        self.input.clear();
                        self.board.entry_mut().restart();
                        if self.board.play_text(&mv).is_err() {
                            self.moves.pop();
                            return Received::Resync;
                        }
                    }
                    if self.board.moves().len() != self.moves.len() {
                        return Received::Resync;
                    }
                }
                if self.pending.as_ref().is_some_and(|p| p.ack <= ply) {
                    self.pending = None;
                }
                if let Some(c) = clock {
                    self.clock = Some((c, now));
                }
                self.notice = None;
            }
            Event::DrawOffered { by } => self.draw_offer = Some(by.into()),
            Event::DrawDeclined { .. } => self.draw_offer = None,
            Event::Ended { outcome, clock, reveal } => {
                self.status = OnlineStatus::Ended;
                self.outcome = Some(outcome);
                self.draw_offer = None;
                self.pending = None;
                if let Some(c) = clock {
                    self.clock = Some((c, now));
                } else if let Some((c, at)) = self.clock {
                    self.clock = Some((ClockState { running: None, ..c }, at));
                }
                if let Some(reveal) = reveal {
                    self.check_deal(reveal);
                }
            }
            Event::Aborted { .. } => {
                self.status = OnlineStatus::Aborted;
                self.draw_offer = None;
                self.pending = None;
                if let Some((c, at)) = self.clock {
                    self.clock = Some((ClockState { running: None, ..c }, at));
                }
            }
            Event::Rematch { by, code } => {
                let code = code.to_string();
                self.rematch = Some(if self.seat == Seat::Player(by.into()) {
                    Rematch::Offered { code }
                } else {
                    Rematch::Received { code }
                });
            }
        }
        Received::Changed
    }

    /// The board again from the start and the confirmed moves (a move played ahead of its
    /// event was refused, or its event says otherwise).
    fn rebuild(&mut self) {
        self.optimistic = false;
        self.input.clear();
        match seat_board(self.variant, self.rule_set, &self.start, &self.moves, self.seat) {
            Ok(board) => self.board = board,
            Err(e) => self.notice = Some(Notice::BadState(e)),
        }
    }

    fn bad_state(&mut self, detail: String) -> Received {
        self.notice = Some(Notice::BadState(detail));
        Received::Changed
    }

    /// Checks the Jieqi deal's reveal against the commitment and what this seat saw: the
    /// start it was shown, every identity its moves showed it, and that it was opened all it
    /// may know and nothing it may not (the owner of a face-down piece the opponent took
    /// never learns it, so the reveal gives that piece's leaf alone; the moves as the truth
    /// writes them are not sent, since they would name it).
    fn check_deal(&mut self, reveal: Reveal) {
        if let Some(committed) = &self.commitment {
            let checked = verify_reveal(
                committed,
                &reveal,
                self.seat,
                self.rule_set,
                &self.start,
                &self.moves,
            );
            self.deal_check = Some(match checked {
                Ok(()) => DealCheck::Verified,
                Err(e) => DealCheck::Failed { detail: e.to_string() },
            });
        }
        self.revealed = Some(reveal);
    }

    /// The deal as opened to this seat, once over (tests).
    #[cfg(test)]
    pub(crate) fn revealed(&self) -> Option<&Reveal> {
        self.revealed.as_ref()
    }

    /// The seat's board as FEN (tests: what the client holds).
    #[cfg(test)]
    pub(crate) fn board_fen(&self) -> String {
        self.board.view_fen()
    }

    /// The moves as the server wrote them for this seat (tests).
    #[cfg(test)]
    pub(crate) fn moves(&self) -> &[String] {
        &self.moves
    }

    // ----- the player

    /// The side this device plays, if it plays one.
    fn me(&self) -> Option<Color> {
        match self.seat {
            Seat::Player(c) => Some(c),
            Seat::Spectator => None,
        }
    }

    fn going_on(&self) -> bool {
        self.status == OnlineStatus::Started
    }

    fn my_turn(&self) -> bool {
        self.going_on()
            && self.me() == Some(self.board.to_move())
            && self.pending.is_none()
            && !self.optimistic
            && self.board.outcome().is_none()
    }

    fn awaiting(&self) -> Awaiting {
        if !self.going_on() || self.board.outcome().is_some() {
            return Awaiting::Nobody;
        }
        let side = self.board.to_move();
        if self.me() == Some(side) && self.pending.is_none() && !self.optimistic {
            Awaiting::Person(side)
        } else {
            Awaiting::Opponent(side)
        }
    }

    fn input_refusal(&self) -> Option<Refusal> {
        if !self.going_on() && self.status != OnlineStatus::Waiting {
            return Some(Refusal::GameOver);
        }
        (!self.my_turn()).then_some(Refusal::NotYourTurn)
    }

    /// A tap on a point, as in a game on the device; a completed move is played (when
    /// nothing in it is hidden) and sent. Returns what the tap did and the message to send.
    pub(crate) fn tap(&mut self, p: Point) -> (TapResult, Option<ClientMessage>) {
        let refusal = self.input_refusal();
        let entered = self.input.tap(self.board.as_mut(), self.seat, refusal, p);
        self.entered(entered)
    }

    /// A piece dragged from `from` and dropped on `to`.
    pub(crate) fn drag(&mut self, from: Point, to: Point) -> (TapResult, Option<ClientMessage>) {
        let refusal = self.input_refusal();
        let entered = self.input.drag(self.board.as_mut(), self.seat, refusal, from, to);
        self.entered(entered)
    }

    /// The piece a pawn becomes (Friendly chess).
    pub(crate) fn choose_promotion(
        &mut self,
        kind: PieceKind,
    ) -> (TapResult, Option<ClientMessage>) {
        let refusal = self.input_refusal();
        let entered = self.input.choose_promotion(self.board.as_mut(), refusal, kind);
        self.entered(entered)
    }

    /// Starts the move being entered again; whether there was anything to undo.
    pub(crate) fn restart_move(&mut self) -> bool {
        self.input.restart(self.board.as_mut())
    }

    fn entered(&mut self, entered: Entered<String>) -> (TapResult, Option<ClientMessage>) {
        let text = match entered {
            Entered::Tap(result) => return (result, None),
            Entered::Done(text) => text,
        };
        self.input.clear();
        self.notice = None;
        let ply = self.moves.len() + 1;
        let ack = u32::try_from(ply).unwrap_or(u32::MAX);
        // A move that turns nothing up is played at once; a reveal waits for its event,
        // which says what it showed.
        let certain = matches!(self.board.outcomes(&text).as_deref(), Ok([(t, _)]) if *t == text);
        let result = if certain {
            match self.board.play_text(&text) {
                Ok(record) => {
                    self.optimistic = true;
                    TapResult::Moved(record)
                }
                Err(_) => TapResult::Deselected,
            }
        } else {
            TapResult::Deselected
        };
        self.pending = Some(Pending { ack, mv: text });
        (result, self.unacknowledged())
    }

    /// A message of the player's (an offer, a resignation...), if the game allows it now.
    pub(crate) fn action(&mut self, message: ClientMessage) -> Option<ClientMessage> {
        let allowed = match message {
            ClientMessage::OfferDraw {} => self.can_offer_draw(),
            ClientMessage::AcceptDraw {} | ClientMessage::DeclineDraw {} => self.can_answer_draw(),
            ClientMessage::Resign {} => self.going_on() && self.me().is_some(),
            ClientMessage::Abort {} => self.can_abort(),
            ClientMessage::ClaimWin {} => self.can_claim(),
            _ => false,
        };
        if !allowed {
            return None;
        }
        if self.connection != ConnectionState::Live {
            self.notice = Some(Notice::NotConnected);
            return None;
        }
        self.notice = None;
        Some(message)
    }

    /// A draw can be offered while no offer stands (the opponent's is answered instead).
    fn can_offer_draw(&self) -> bool {
        self.going_on() && self.me().is_some() && self.draw_offer.is_none()
    }

    fn can_answer_draw(&self) -> bool {
        self.going_on() && self.me().is_some_and(|me| self.draw_offer == Some(!me))
    }

    fn can_abort(&self) -> bool {
        self.going_on() && self.me().is_some() && self.moves.len() < 2
    }

    fn opponent_presence(&self) -> Option<Presence> {
        let me = self.me()?;
        let [white, black] = self.presence?;
        Some(match me {
            Color::White => black,
            Color::Black => white,
        })
    }

    fn can_claim(&self) -> bool {
        self.going_on() && self.opponent_presence().is_some_and(|p| p.claimable)
    }

    /// Takes note of a rematch this player offered (the server's answer to the offer).
    pub(crate) fn rematch_offered(&mut self, code: String) {
        self.rematch = Some(Rematch::Offered { code });
    }

    /// Whether a rematch can be offered now.
    pub(crate) fn can_offer_rematch(&self) -> bool {
        self.me().is_some()
            && matches!(self.status, OnlineStatus::Ended | OnlineStatus::Aborted)
            && self.rematch.is_none()
    }

    /// Where the game stands (tests).
    #[cfg(test)]
    pub(crate) fn status(&self) -> OnlineStatus {
        self.status
    }

    /// The connection state.
    pub(crate) fn connection(&self) -> ConnectionState {
        self.connection
    }

    // ----- the view

    /// The clocks at `now`: the running side's time less what passed since the reading
    /// arrived and the reading's own trip (half the measured round trip).
    fn clock_view(&self, now: Instant) -> Option<ClockView> {
        let (c, at) = self.clock?;
        let running = if self.going_on() { c.running.map(Color::from) } else { None };
        let passed = u64::try_from(now.saturating_duration_since(at).as_millis())
            .unwrap_or(u64::MAX)
            .saturating_add(self.rtt_ms.unwrap_or(0) / 2);
        let left = |side: Color, ms: u64| {
            if running == Some(side) { ms.saturating_sub(passed) } else { ms }
        };
        let (white_ms, black_ms) = (left(Color::White, c.white_ms), left(Color::Black, c.black_ms));
        Some(ClockView {
            white_ms,
            black_ms,
            running,
            white_text: clock_text(white_ms),
            black_text: clock_text(black_ms),
        })
    }

    /// The clocks at `now` (what the screen's ticking clock shows between changes).
    pub(crate) fn clocks(&self, now: Instant) -> Option<ClockView> {
        self.clock_view(now)
    }

    fn player_name(&self, info: Option<&PlayerInfo>) -> String {
        match info.and_then(|p| p.name.as_ref()) {
            Some(n) => n.to_string(),
            None => online_text::guest(self.language),
        }
    }

    /// What the online game screen draws at `now`.
    pub(crate) fn view(&self, now: Instant) -> OnlineView {
        let lang = self.language;
        let variant = self.variant;
        let board = self.board.as_ref();
        let seat = self.seat;
        let drawn = draw(board, seat, false, Marks::default());
        let awaiting = self.awaiting();
        let person = matches!(awaiting, Awaiting::Person(_));
        let promotion = if person { self.input.promotion_choice(board, true) } else { None };
        let outcome: Option<Outcome> = self.outcome.as_ref().and_then(WireOutcome::to_outcome);
        let result = match self.status {
            OnlineStatus::Aborted => Some(online_text::aborted(lang)),
            OnlineStatus::Ended => Some(match outcome {
                Some(o) => text::outcome_text(lang, variant, o),
                None => text::message(lang, "status-over", &[]),
            }),
            OnlineStatus::Waiting | OnlineStatus::Started => None,
        };
        let side = |c: Color| text::side_name(lang, variant, c);
        let status = if let Some(r) = &result {
            r.clone()
        } else if self.status == OnlineStatus::Waiting {
            online_text::waiting_for_state(lang)
        } else if promotion.is_some() {
            text::message(lang, "status-promotion", &[])
        } else if let Some(h) = drawn.hovering {
            let piece = text::piece_name(lang, h.piece.kind);
            text::message(lang, "status-released", &[("piece", piece)])
        } else {
            match awaiting {
                Awaiting::Person(c) => {
                    let id = match board.situation(seat) {
                        Situation::Quiet => "status-to-move",
                        Situation::Check => "status-check",
                        Situation::Threatened => "status-threatened",
                        Situation::CentreHeld => "status-centre-own",
                        Situation::CentreThreat => "status-centre-threat",
                    };
                    text::message(lang, id, &[("side", side(c))])
                }
                Awaiting::Opponent(c) if self.me() == Some(c) => online_text::sending(lang),
                Awaiting::Opponent(c) => online_text::opponent_to_move(lang, &side(c)),
                _ => text::message(lang, "status-over", &[]),
            }
        };
        let names = [self.player_name(self.white.as_ref()), self.player_name(self.black.as_ref())];
        let bar_title = |c: Color| {
            let name = &names[usize::from(c == Color::Black)];
            if self.me() == Some(c) {
                online_text::you(lang, &side(c), name)
            } else {
                format!("{} · {name}", side(c))
            }
        };
        let players = Color::ALL
            .into_iter()
            .map(|c| OnlinePlayer {
                side: c,
                name: names[usize::from(c == Color::Black)].clone(),
                you: self.me() == Some(c),
                online: self.presence.is_some_and(|p| p[usize::from(c == Color::Black)].online),
            })
            .collect();
        let last_move_text = drawn.last.as_ref().map(|m| text::last_move_text(lang, &m.notation));
        let (files, ranks) = board.size();
        let board_view = BoardView {
            variant,
            files,
            ranks,
            points: drawn.points,
            to_move: board.to_move(),
            awaiting,
            selected: drawn.selected,
            targets: drawn.targets,
            last_move: drawn.last,
            check: drawn.check,
            hovering: drawn.hovering,
            promotion,
            outcome: outcome.or_else(|| board.outcome()),
            can_undo: false,
            can_agree_draw: false,
            move_started: person && (drawn.selected.is_some() || self.input.pending().is_some()),
            ply_count: u32::try_from(board.moves().len()).unwrap_or(u32::MAX),
            players: player_bars(board, seat, bar_title),
            status,
            result: result.clone(),
            move_rows: move_rows(board.moves()),
            last_move_text,
            hand_over: None,
        };
        let me = self.me();
        let draw_text = match (self.draw_offer, me) {
            (Some(by), Some(me)) if by == me => Some(online_text::draw_offered_by_you(lang)),
            (Some(_), Some(_)) => Some(online_text::draw_offered_to_you(lang)),
            (Some(by), None) => Some(online_text::draw_offered_by(lang, &side(by))),
            (None, _) => None,
        };
        let away =
            self.going_on().then(|| self.opponent_presence()).flatten().filter(|p| !p.online);
        let opponent_away_text = away.map(|p| online_text::opponent_away(lang, p.claimable));
        let rematch_text = self.rematch.as_ref().map(|r| online_text::rematch(lang, r));
        let deal_text = self.deal_check.as_ref().map(|d| online_text::deal(lang, d));
        let message = self.notice.as_ref().map(|n| match n {
            Notice::Refused(code) => online_text::refused(lang, *code),
            Notice::BadState(detail) => online_text::bad_state(lang, detail),
            Notice::NotConnected => online_text::not_connected(lang),
        });
        OnlineView {
            game: self.id.to_string(),
            variant,
            seat,
            board: board_view,
            status: self.status,
            connection: self.connection,
            connection_text: online_text::connection(lang, self.connection),
            clock: self.clock_view(now),
            players,
            draw_offer: self.draw_offer,
            draw_text,
            can_offer_draw: self.can_offer_draw(),
            can_answer_draw: self.can_answer_draw(),
            can_resign: self.going_on() && me.is_some(),
            can_abort: self.can_abort(),
            can_claim_win: self.can_claim(),
            opponent_away_text,
            can_offer_rematch: self.can_offer_rematch(),
            rematch: self.rematch.clone(),
            rematch_text,
            result,
            deal_check: self.deal_check.clone(),
            deal_text,
            move_pending: self.pending.is_some(),
            message,
        }
    }

    /// The seat the board is drawn for (tests).
    #[cfg(test)]
    pub(crate) fn seat(&self) -> Seat {
        self.seat
    }
}

#[cfg(test)]
mod tests;
