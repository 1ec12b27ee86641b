//! Online play as Kotlin and Swift see it: the service on one server ([`OnlinePlay`]: the
//! account, invitations, games), an open game ([`OnlineGame`]) whose changes reach a
//! listener the app implements ([`OnlineGameListener`]), and the wait for a friend
//! ([`InvitationWatch`], heard by an [`InvitationListener`]).
//!
//! Threads: the calls that reach the server are async (Kotlin suspend functions, Swift
//! `async`) and run on the core's own runtime, so they may be awaited from the main thread.
//! An open game's network loop runs there too and calls the listener from its threads; the
//! game's handle stops the loop when it is freed (Kotlin: `close()` or `use`; Swift: the
//! last reference going). Taps and the view are quick, for the main thread.
//!
//! Errors: a failed online call is a [`RodinaError`] whose message is already the sentence
//! to show, in the service's language: `Network` (try again later), `SignedOut` (sign in
//! again), `Refused` (the server's reason: fix and retry), `InvalidInput` (a code, a name, a
//! password or options not of their form).

use std::sync::Arc;

use rodina_app as app;
use rodina_app::OnlineError;
use rodina_app::online;

use crate::text::Language;
use crate::types::{BoardView, PieceKind, Point, Side, TapResult, Variant};
use crate::{RodinaError, Store};

/// An online call's failure as the flat error, its message in `language`.
fn error(e: OnlineError, language: app::text::Language) -> RodinaError {
    let text = online::online_error_text(language, &e);
    match e {
        OnlineError::Network(_) | OnlineError::BadAnswer(_) => RodinaError::Network(text),
        OnlineError::SignedOut => RodinaError::SignedOut(text),
        OnlineError::Refused { .. } => RodinaError::Refused(text),
        OnlineError::Unsent { .. } => RodinaError::Unsent(text),
        OnlineError::PairingCode { .. } => RodinaError::Refused(text),
        OnlineError::InvalidInput(_) => RodinaError::InvalidInput(text),
        OnlineError::Unsupported(_) => RodinaError::Unsupported(text),
        OnlineError::Store(e) => e.into(),
        OnlineError::Internal(_) => RodinaError::Internal(text),
    }
}

mirror_enum! {
    /// Which side the inviting player takes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum SideChoice mirrors online::SideChoice {
        /// The first player (Red).
        First,
        /// The second player.
        Second,
        /// Drawn when the friend joins.
        Random,
    }
}

mirror_enum! {
    /// Why an online game is not connected.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum OfflineReason mirrors online::OfflineReason {
        /// The app put the game aside (`suspend`); `resume` connects again.
        Suspended,
        /// The server has not been reached for a while; tries go on.
        Unreachable,
        /// This device is signed out: sign in again.
        SignedOut,
        /// The server no longer has the game.
        GameGone,
        /// The server speaks a newer protocol: update the app.
        Outdated,
    }
}

mirror_enum! {
    /// Where an online game stands.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum OnlineStatus mirrors online::OnlineStatus {
        /// Its state has not arrived yet.
        Waiting,
        /// Being played.
        Started,
        /// Over, with a result.
        Ended,
        /// Aborted before each side had moved.
        Aborted,
    }
}

mirror_enum! {
    /// The online screens' labels.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum OnlineLabel mirrors online::OnlineLabel {
        /// The entry on a game's page.
        Entry,
        /// Invite a friend.
        InviteTitle,
        /// Creates the invitation.
        InviteCreate,
        /// The side choice.
        InviteSide,
        /// The clock choice.
        InviteClock,
        /// Shares the code and link.
        InviteShare,
        /// While the friend has not joined.
        InviteWaiting,
        /// Join a game.
        JoinTitle,
        /// The code field.
        JoinCode,
        /// Joins.
        JoinButton,
        /// Offers a draw.
        OfferDraw,
        /// Accepts the draw offered.
        AcceptDraw,
        /// Declines it.
        DeclineDraw,
        /// Resigns.
        Resign,
        /// Aborts.
        Abort,
        /// Claims the win.
        ClaimWin,
        /// Offers a rematch.
        Rematch,
        /// Accepts the opponent's rematch.
        AcceptRematch,
        /// The account screen's title.
        AccountTitle,
        /// The name field.
        AccountName,
        /// The password field.
        AccountPassword,
        /// The current password field.
        AccountCurrentPassword,
        /// Saves the name.
        AccountSetName,
        /// Signs in.
        AccountSignIn,
        /// Signs out.
        AccountSignOut,
        /// Why to give the account a name.
        AccountGuestHint,
        /// The sync screen's title.
        SyncTitle,
        /// Syncs now.
        SyncNow,
        /// Shows a pairing code.
        PairingShow,
        /// Types another device's pairing code.
        PairingEnter,
        /// The pairing code field.
        PairingCode,
    }
}

/// How the live socket of an online game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ConnectionState {
    /// The first connection is being made.
    Connecting,
    /// Connected and in step.
    Live,
    /// Lost; the next try in `retry_in_ms`.
    Reconnecting {
        /// Tries since the connection was lost.
        attempt: u32,
        /// When the next try starts, in ms.
        retry_in_ms: u64,
    },
    /// Not connected, for `reason`.
    Offline {
        /// Why.
        reason: OfflineReason,
    },
}

impl From<online::ConnectionState> for ConnectionState {
    fn from(c: online::ConnectionState) -> Self {
        match c {
            online::ConnectionState::Connecting => ConnectionState::Connecting,
            online::ConnectionState::Live => ConnectionState::Live,
            online::ConnectionState::Reconnecting { attempt, retry_in_ms } => {
                ConnectionState::Reconnecting { attempt, retry_in_ms }
            }
            online::ConnectionState::Offline { reason } => {
                ConnectionState::Offline { reason: reason.into() }
            }
        }
    }
}

/// The Jieqi deal's check.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum DealCheck {
    /// Checked at the end.
    Pending,
    /// The deal was not changed during the game.
    Verified,
    /// The reveal does not hold (`detail` in English, for reports).
    Failed {
        /// Why.
        detail: String,
    },
}

impl From<online::DealCheck> for DealCheck {
    fn from(d: online::DealCheck) -> Self {
        match d {
            online::DealCheck::Pending => DealCheck::Pending,
            online::DealCheck::Verified => DealCheck::Verified,
            online::DealCheck::Failed { detail } => DealCheck::Failed { detail },
        }
    }
}

/// A rematch of a game that is over.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Rematch {
    /// This player offered it: wait on `code` (`OnlinePlay.watch_invitation`).
    Offered {
        /// The new game's invitation.
        code: String,
    },
    /// The opponent offered it: accept with `OnlinePlay.join(code)`.
    Received {
        /// The new game's invitation.
        code: String,
    },
}

impl From<online::Rematch> for Rematch {
    fn from(r: online::Rematch) -> Self {
        match r {
            online::Rematch::Offered { code } => Rematch::Offered { code },
            online::Rematch::Received { code } => Rematch::Received { code },
        }
    }
}

/// The clocks as shown now.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct OnlineClock {
    /// The first player's time left, in ms.
    pub first_ms: u64,
    /// The second player's.
    pub second_ms: u64,
    /// Whose clock runs.
    pub running: Option<Side>,
    /// The first player's time as shown (`4:59`, `0:09.5`).
    pub first_text: String,
    /// The second player's.
    pub second_text: String,
}

impl From<online::ClockView> for OnlineClock {
    fn from(c: online::ClockView) -> Self {
        OnlineClock {
            first_ms: c.white_ms,
            second_ms: c.black_ms,
            running: c.running.map(Side::from),
            first_text: c.white_text,
            second_text: c.black_text,
        }
    }
}

/// One player of an online game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct OnlinePlayer {
    /// The side.
    pub side: Side,
    /// Their name, or "Guest".
    pub name: String,
    /// The person on this device.
    pub you: bool,
    /// Connected now.
    pub online: bool,
}

/// Everything the online game screen draws; texts in the game's language.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct OnlineGameView {
    /// The game's id.
    pub game: String,
    /// The game.
    pub variant: Variant,
    /// The side this device plays; none for a spectator.
    pub side: Option<Side>,
    /// The board, drawn as every game's.
    pub board: BoardView,
    /// Where the game stands.
    pub status: OnlineStatus,
    /// The connection.
    pub connection: ConnectionState,
    /// The connection as said to the player; none while live.
    pub connection_text: Option<String>,
    /// The clocks, for a game with one.
    pub clock: Option<OnlineClock>,
    /// The players, the first player's first.
    pub players: Vec<OnlinePlayer>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The standing offer as said to the player.
    pub draw_text: Option<String>,
    /// A draw can be offered.
    pub can_offer_draw: bool,
    /// The opponent's offer can be accepted or declined.
    pub can_answer_draw: bool,
    /// The game can be resigned.
    pub can_resign: bool,
    /// The game can be aborted.
    pub can_abort: bool,
    /// The win can be claimed.
    pub can_claim_win: bool,
    /// Said while the opponent is away.
    pub opponent_away_text: Option<String>,
    /// A rematch can be offered.
    pub can_offer_rematch: bool,
    /// The rematch offered, either way.
    pub rematch: Option<Rematch>,
    /// The rematch as said to the player.
    pub rematch_text: Option<String>,
    /// The result, once over.
    pub result: Option<String>,
    /// The Jieqi deal's check.
    pub deal_check: Option<DealCheck>,
    /// The deal's check as said to the player.
    pub deal_text: Option<String>,
    /// A move is on its way to the server.
    pub move_pending: bool,
    /// The last thing refused or gone wrong.
    pub message: Option<String>,
}

impl From<online::OnlineView> for OnlineGameView {
    fn from(v: online::OnlineView) -> Self {
        OnlineGameView {
            game: v.game,
            variant: v.variant.into(),
            side: match v.seat {
                rodina_rules::Seat::Player(c) => Some(c.into()),
                rodina_rules::Seat::Spectator => None,
            },
            board: v.board.into(),
            status: v.status.into(),
            connection: v.connection.into(),
            connection_text: v.connection_text,
            clock: v.clock.map(OnlineClock::from),
            players: v
                .players
                .into_iter()
                .map(|p| OnlinePlayer {
                    side: p.side.into(),
                    name: p.name,
                    you: p.you,
                    online: p.online,
                })
                .collect(),
            draw_offer: v.draw_offer.map(Side::from),
            draw_text: v.draw_text,
            can_offer_draw: v.can_offer_draw,
            can_answer_draw: v.can_answer_draw,
            can_resign: v.can_resign,
            can_abort: v.can_abort,
            can_claim_win: v.can_claim_win,
            opponent_away_text: v.opponent_away_text,
            can_offer_rematch: v.can_offer_rematch,
            rematch: v.rematch.map(Rematch::from),
            rematch_text: v.rematch_text,
            result: v.result,
            deal_check: v.deal_check.map(DealCheck::from),
            deal_text: v.deal_text,
            move_pending: v.move_pending,
            message: v.message,
        }
    }
}

/// A clock: each player's time at the start and what each move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct TimeControl {
    /// Each player's time at the start, in ms (15 s to 3 h).
    pub initial_ms: u64,
    /// Added after each move, in ms (at most 3 min).
    pub increment_ms: u64,
}

impl From<TimeControl> for online::TimeControl {
    fn from(t: TimeControl) -> Self {
        online::TimeControl { initial_ms: t.initial_ms, increment_ms: t.increment_ms }
    }
}

impl From<online::TimeControl> for TimeControl {
    fn from(t: online::TimeControl) -> Self {
        TimeControl { initial_ms: t.initial_ms, increment_ms: t.increment_ms }
    }
}

/// An invitation's options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct InviteOptions {
    /// The game.
    pub variant: Variant,
    /// Jieqi's rule set by its stable name; none for the default.
    pub rule_set: Option<String>,
    /// Xiangqi's handicap by its stable name, given by the inviting player (who plays first).
    pub handicap: Option<String>,
    /// The inviting player's side.
    pub side: SideChoice,
    /// The clock; none for no time limit.
    pub clock: Option<TimeControl>,
}

impl From<InviteOptions> for online::InviteOptions {
    fn from(o: InviteOptions) -> Self {
        online::InviteOptions {
            variant: o.variant.into(),
            rule_set: o.rule_set,
            handicap: o.handicap,
            side: o.side.into(),
            clock: o.clock.map(Into::into),
        }
    }
}

impl From<online::InviteOptions> for InviteOptions {
    fn from(o: online::InviteOptions) -> Self {
        InviteOptions {
            variant: o.variant.into(),
            rule_set: o.rule_set,
            handicap: o.handicap,
            side: o.side.into(),
            clock: o.clock.map(Into::into),
        }
    }
}

/// An invitation as the screens show it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Invitation {
    /// The code to pass on.
    pub code: String,
    /// The link that opens it (`rodina://join/CODE`).
    pub link: String,
    /// The game's options.
    pub options: InviteOptions,
    /// Who invites: their name, or "Guest".
    pub inviter: String,
    /// The person on this device made it.
    pub mine: bool,
    /// When it expires, ms since 1970 (the server's clock).
    pub expires_at_ms: u64,
    /// The game it became, once accepted.
    pub game: Option<String>,
    /// `Xiangqi · 5+3 · you play Red`.
    pub summary: String,
    /// `ann invites you: ...`, for the join screen.
    pub invited_by: String,
    /// What to send a friend.
    pub share_text: String,
}

impl From<online::InvitationView> for Invitation {
    fn from(i: online::InvitationView) -> Self {
        Invitation {
            code: i.code,
            link: i.link,
            options: i.options.into(),
            inviter: i.inviter,
            mine: i.mine,
            expires_at_ms: i.expires_at_ms,
            game: i.game,
            summary: i.summary,
            invited_by: i.invited_by,
            share_text: i.share_text,
        }
    }
}

/// The account on this device.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct OnlineAccount {
    /// The account's id.
    pub account: String,
    /// Its name, once it has one.
    pub name: Option<String>,
    /// The name, or "Guest".
    pub title: String,
}

impl From<online::AccountView> for OnlineAccount {
    fn from(a: online::AccountView) -> Self {
        OnlineAccount { account: a.account, name: a.name, title: a.title }
    }
}

/// An accepted invitation: the game and this player's side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct JoinedGame {
    /// The game's id.
    pub game: String,
    /// The side this player plays.
    pub side: Side,
}

/// Hears of an open game's changes, on the core's threads (hop to the main thread to draw).
#[uniffi::export(with_foreign)]
pub trait OnlineGameListener: Send + Sync {
    /// The game changed: draw this.
    fn on_view(&self, view: OnlineGameView);
    /// A running clock's shown time changed.
    fn on_clock(&self, clock: OnlineClock);
}

/// Hears how the wait for a friend goes, on the core's threads.
#[uniffi::export(with_foreign)]
pub trait InvitationListener: Send + Sync {
    /// The friend accepted: open `game`.
    fn on_accepted(&self, game: String);
    /// The wait ended without a game: why, to show.
    fn on_ended(&self, problem: String);
    /// The server cannot be reached for now; the wait goes on.
    fn on_problem(&self, problem: String);
}

struct GameListenerBridge(Arc<dyn OnlineGameListener>);

impl online::OnlineListener for GameListenerBridge {
    fn on_view(&self, view: online::OnlineView) {
        self.0.on_view(view.into());
    }
    fn on_clock(&self, clock: online::ClockView) {
        self.0.on_clock(clock.into());
    }
}

struct InvitationListenerBridge(Arc<dyn InvitationListener>);

impl online::InvitationListener for InvitationListenerBridge {
    fn on_accepted(&self, game: String) {
        self.0.on_accepted(game);
    }
    fn on_ended(&self, problem: String) {
        self.0.on_ended(problem);
    }
    fn on_problem(&self, problem: String) {
        self.0.on_problem(problem);
    }
}

/// Online play on one server for the account of this device.
#[derive(uniffi::Object)]
pub struct OnlinePlay {
    pub(crate) inner: online::Online,
}

#[uniffi::export]
impl OnlinePlay {
    /// Online play on `server` (`https://...`), the account kept in `store`; `device` names
    /// this device in the account's sessions.
    #[uniffi::constructor]
    pub fn new(
        server: String,
        store: Arc<Store>,
        device: String,
    ) -> Result<Arc<OnlinePlay>, RodinaError> {
        let inner = online::Online::new(&server, Arc::clone(&store.inner), &device)
            .map_err(|e| error(e, app::text::Language::English))?;
        Ok(Arc::new(OnlinePlay { inner }))
    }

    /// The server's address.
    pub fn server(&self) -> String {
        self.inner.server().to_owned()
    }

    /// The language of the texts and errors from now on (the games opened after take it).
    pub fn set_language(&self, language: Language) {
        self.inner.set_language(language.into());
    }

    /// The account: the stored one, or a new anonymous one made now.
    pub async fn account(&self) -> Result<OnlineAccount, RodinaError> {
        self.inner.account().await.map(Into::into).map_err(|e| self.error(e))
    }

    /// The account as the server knows it now.
    pub async fn refresh_account(&self) -> Result<OnlineAccount, RodinaError> {
        self.inner.refresh_account().await.map(Into::into).map_err(|e| self.error(e))
    }

    /// Gives the account a name and a password, or changes them (`current_password` then).
    pub async fn set_name(
        &self,
        name: String,
        password: String,
        current_password: Option<String>,
    ) -> Result<OnlineAccount, RodinaError> {
        self.inner
            .set_name(&name, &password, current_password.as_deref())
            .await
            .map(Into::into)
            .map_err(|e| self.error(e))
    }

    /// Signs in with a name and a password.
    pub async fn sign_in(
        &self,
        name: String,
        password: String,
    ) -> Result<OnlineAccount, RodinaError> {
        self.inner.sign_in(&name, &password).await.map(Into::into).map_err(|e| self.error(e))
    }

    /// Signs this device out (the token revoked and forgotten).
    pub async fn sign_out(&self) -> Result<(), RodinaError> {
        self.inner.sign_out().await.map_err(|e| self.error(e))
    }

    /// Invites a friend.
    pub async fn create_invitation(
        &self,
        options: InviteOptions,
    ) -> Result<Invitation, RodinaError> {
        self.inner
            .create_invitation(options.into())
            .await
            .map(Into::into)
            .map_err(|e| self.error(e))
    }

    /// The invitation of a code or a `rodina://join/CODE` link.
    pub async fn invitation(&self, code: String) -> Result<Invitation, RodinaError> {
        self.inner.invitation(&code).await.map(Into::into).map_err(|e| self.error(e))
    }

    /// Accepts the invitation of a code or link: the game and this player's side.
    pub async fn join(&self, code: String) -> Result<JoinedGame, RodinaError> {
        self.inner
            .join(&code)
            .await
            .map(|j| JoinedGame { game: j.game, side: j.side.into() })
            .map_err(|e| self.error(e))
    }

    /// Waits for a friend to accept the invitation of `code`; the listener hears how it goes.
    /// Freeing the watch stops it.
    pub fn watch_invitation(
        &self,
        code: String,
        listener: Arc<dyn InvitationListener>,
    ) -> Result<Arc<InvitationWatch>, RodinaError> {
        let bridge = Arc::new(InvitationListenerBridge(listener));
        let inner = self.inner.watch_invitation(&code, bridge).map_err(|e| self.error(e))?;
        Ok(Arc::new(InvitationWatch { inner }))
    }

    /// Opens game `game` to play or watch; its changes reach `listener` until the returned
    /// game is freed.
    pub async fn open_game(
        &self,
        game: String,
        listener: Arc<dyn OnlineGameListener>,
    ) -> Result<Arc<OnlineGame>, RodinaError> {
        let bridge = Arc::new(GameListenerBridge(listener));
        let inner = self.inner.open_game(&game, bridge).await.map_err(|e| self.error(e))?;
        Ok(Arc::new(OnlineGame { inner }))
    }
}

impl OnlinePlay {
    pub(crate) fn error(&self, e: OnlineError) -> RodinaError {
        error(e, self.inner.language())
    }
}

/// The wait for a friend to accept an invitation; freeing it stops the wait.
#[derive(uniffi::Object)]
pub struct InvitationWatch {
    inner: online::WatchHandle,
}

#[uniffi::export]
impl InvitationWatch {
    /// Stops the wait now.
    pub fn cancel(&self) {
        self.inner.cancel();
    }

    /// Whether the wait has ended.
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }
}

/// An online game open to play: its network loop runs until this is freed.
#[derive(uniffi::Object)]
pub struct OnlineGame {
    inner: online::LiveGame,
}

#[uniffi::export]
impl OnlineGame {
    /// The game's id.
    pub fn id(&self) -> String {
        self.inner.id()
    }

    /// What the screen draws now.
    pub fn view(&self) -> OnlineGameView {
        self.inner.view().into()
    }

    /// A tap on a point; a completed move is played (unless it turns a piece up) and sent.
    pub fn tap(&self, point: Point) -> TapResult {
        TapResult::new(self.inner.tap(point.into()), self.inner.language())
    }

    /// A piece dragged from `from` and dropped on `to`.
    pub fn drag(&self, from: Point, to: Point) -> TapResult {
        TapResult::new(self.inner.drag(from.into(), to.into()), self.inner.language())
    }

    /// The piece a pawn becomes (Friendly chess).
    pub fn choose_promotion(&self, kind: PieceKind) -> TapResult {
        TapResult::new(self.inner.choose_promotion(kind.into()), self.inner.language())
    }

    /// Starts the move under way again; whether there was anything to undo.
    pub fn restart_move(&self) -> bool {
        self.inner.restart_move()
    }

    /// Offers a draw; whether it was sent.
    pub fn offer_draw(&self) -> bool {
        self.inner.offer_draw()
    }

    /// Accepts the opponent's draw offer; whether it was sent.
    pub fn accept_draw(&self) -> bool {
        self.inner.accept_draw()
    }

    /// Declines the opponent's draw offer; whether it was sent.
    pub fn decline_draw(&self) -> bool {
        self.inner.decline_draw()
    }

    /// Resigns; whether it was sent.
    pub fn resign(&self) -> bool {
        self.inner.resign()
    }

    /// Aborts (before each side has moved); whether it was sent.
    pub fn abort(&self) -> bool {
        self.inner.abort()
    }

    /// Claims the win over an opponent gone long enough; whether it was sent.
    pub fn claim_win(&self) -> bool {
        self.inner.claim_win()
    }

    /// Offers a rematch (the game is over): the invitation to wait on.
    pub async fn offer_rematch(&self) -> Result<Invitation, RodinaError> {
        let language = self.inner.language();
        self.inner.offer_rematch().await.map(Into::into).map_err(|e| error(e, language))
    }

    /// The language of the view's texts.
    pub fn language(&self) -> Language {
        self.inner.language().into()
    }

    /// Speaks `language` from now on.
    pub fn set_language(&self, language: Language) {
        self.inner.set_language(language.into());
    }

    /// The app went to the background: the socket closes, the game shows as paused.
    pub fn suspend(&self) {
        self.inner.suspend();
    }

    /// The app came back: the game connects again and catches up.
    pub fn resume(&self) {
        self.inner.resume();
    }

    /// Drops the socket and connects again at once (the network changed).
    pub fn reconnect(&self) {
        self.inner.reconnect();
    }
}

/// An online screen's label.
#[uniffi::export]
pub fn online_label(language: Language, label: OnlineLabel) -> String {
    online::online_label(language.into(), label.into())
}

/// The online game screen's title: `Xiangqi online`.
#[uniffi::export]
pub fn online_title(language: Language, variant: Variant) -> String {
    online::online_title(language.into(), variant.into())
}

/// A clock as a time control (`5+3`), or `No clock`.
#[uniffi::export]
pub fn time_control_text(language: Language, clock: Option<TimeControl>) -> String {
    online::time_control_text(language.into(), clock.map(Into::into))
}

/// A side choice's name (`Red`, `Black`, `Random`).
#[uniffi::export]
pub fn side_choice_name(language: Language, variant: Variant, side: SideChoice) -> String {
    online::side_choice_name(language.into(), variant.into(), side.into())
}

/// The clocks the invite screen offers, shortest first (none: no clock).
#[uniffi::export]
pub fn time_controls() -> Vec<TimeControl> {
    online::TimeControl::OFFERED.into_iter().map(TimeControl::from).collect()
}

/// The code a `rodina://join/CODE` link (or a code typed with spaces, dashes or in lower
/// case) carries, as the server writes it; none for text that holds no code.
#[uniffi::export]
pub fn invitation_code(text: String) -> Option<String> {
    online::invitation_code(&text)
}
