//! The online feature's service: the account on this device (made on first use, its token
//! in the Store), invitations, and the games opened to play (lichess-mobile's "service").
//!
//! Every call runs on the core's own tokio runtime ([`runtime`]), so the apps may await it
//! from any executor (Kotlin's coroutines, Swift's tasks) and the network loops never need
//! a runtime of theirs. The database is used briefly under its lock and never across an
//! await.

use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use rodina_protocol::{
    ApiErrorCode, ClientMessage, GameId, Invitation, InviteCode, PASSWORD_MAX, PASSWORD_MIN,
    PlayerName, SetName, SignIn,
};
use tokio::runtime::Runtime;
use tokio::sync::mpsc;

use crate::error::OnlineError;
use crate::model::{PieceKind, Point, TapResult};
use crate::online::connection::{self, Command, Link, Shared, Timing};
use crate::online::model::{AccountView, InvitationView, InviteOptions, JoinedGame, OnlineView};
use crate::online::repository::{Repository, short};
use crate::online::session::OnlineGame;
use crate::online::store::StoredAccount;
use crate::online::text as online_text;
use crate::online::{InvitationListener, OnlineListener};
use crate::store::Store;
use crate::text::Language;

/// The core's runtime for online play: two worker threads, started on first use.
pub(crate) fn runtime() -> Result<&'static Runtime, OnlineError> {
    static RUNTIME: OnceLock<Result<Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("rodina-online")
                .enable_all()
                .build()
                .map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| OnlineError::Internal(format!("the online runtime cannot start: {e}")))
}

/// Runs `work` on the core's runtime and waits for it from whatever executor calls.
pub(crate) async fn on_runtime<T: Send + 'static>(
    work: impl Future<Output = Result<T, OnlineError>> + Send + 'static,
) -> Result<T, OnlineError> {
    runtime()?
        .spawn(work)
        .await
        .map_err(|e| OnlineError::Internal(format!("an online task failed: {e}")))?
}

/// How often an invitation is looked at while waiting for the friend.
const WATCH_EVERY: Duration = Duration::from_secs(2);

/// Online play against friends on one server, for the account of this device.
#[derive(Clone)]
pub struct Online {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) repo: Repository,
    pub(crate) store: Arc<Mutex<Store>>,
    pub(crate) device: String,
    language: Mutex<Language>,
    timing: Timing,
    /// How progress sync stands (`sync/service.rs`).
    pub(crate) sync: crate::sync::SyncRun,
}

impl std::fmt::Debug for Online {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Online").field("server", &self.inner.repo.base()).finish_non_exhaustive()
    }
}

impl Online {
    /// Online play on the server at `server` (`https://...`), keeping the account in `store`;
    /// `device` names this device in the account's sessions.
    pub fn new(
        server: &str,
        store: Arc<Mutex<Store>>,
        device: &str,
    ) -> Result<Online, OnlineError> {
        Online::with_timing(server, store, device, Timing::default())
    }

    pub(crate) fn with_timing(
        server: &str,
        store: Arc<Mutex<Store>>,
        device: &str,
        timing: Timing,
    ) -> Result<Online, OnlineError> {
        let repo = Repository::new(server)?;
        let inner = Inner {
            repo,
            store,
            device: device.to_owned(),
            language: Mutex::new(Language::English),
            timing,
            sync: crate::sync::SyncRun::default(),
        };
        Ok(Online { inner: Arc::new(inner) })
    }

    /// The server's base address.
    pub fn server(&self) -> &str {
        self.inner.repo.base()
    }

    /// The language of the texts this service writes (invitations' summaries, the games it
    /// opens).
    pub fn language(&self) -> Language {
        self.inner.language()
    }

    /// Speaks `language` from now on.
    pub fn set_language(&self, language: Language) {
        *self.inner.language.lock().unwrap_or_else(PoisonError::into_inner) = language;
    }

    /// The account on this device: the stored one, or a new anonymous one made now.
    pub async fn account(&self) -> Result<AccountView, OnlineError> {
        let inner = Arc::clone(&self.inner);
        on_runtime(async move { inner.account().await.map(|a| inner.account_view(&a)) }).await
    }

    /// The account as the server knows it now (its name given on another device too).
    pub async fn refresh_account(&self) -> Result<AccountView, OnlineError> {
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let mut account = inner.account().await?;
            let me = inner.authorized(&account, |token| {
                let repo = inner.repo.clone();
                async move { repo.me(&token).await }
            });
            let me = me.await?;
            account.name = me.name.map(String::from);
            inner.keep(&account)?;
            Ok(inner.account_view(&account))
        })
        .await
    }

    /// Gives the account a name and a password (to sign in on another device), or changes
    /// them (`current_password` then needed).
    pub async fn set_name(
        &self,
        name: &str,
        password: &str,
        current_password: Option<&str>,
    ) -> Result<AccountView, OnlineError> {
        let name = player_name(name)?;
        check_password(password)?;
        let body = SetName {
            name,
            password: password.to_owned(),
            current_password: current_password.map(str::to_owned),
        };
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let mut account = inner.account().await?;
            let me = inner
                .authorized(&account, |token| {
                    let (repo, body) = (inner.repo.clone(), body.clone());
                    async move { repo.set_name(&token, &body).await }
                })
                .await?;
            account.name = me.name.map(String::from);
            inner.keep(&account)?;
            Ok(inner.account_view(&account))
        })
        .await
    }

    /// Signs in with a name and a password: this device plays as that account from now on.
    /// The progress of a guest account (this device's, before) moves into the account; from
    /// another named account, the device first sends what it has not sent
    /// ([`OnlineError::Unsent`] if it cannot) and then leaves that account's progress to it.
    pub async fn sign_in(&self, name: &str, password: &str) -> Result<AccountView, OnlineError> {
        let name = player_name(name)?;
        let inner = Arc::clone(&self.inner);
        let device = self.inner.device.clone();
        let password = password.to_owned();
        on_runtime(async move {
            let before = inner.stored()?;
            // Signing in again to the account this device holds (its token was revoked)
            // leaves nothing: what waits goes out once the device is back in.
            let same = before
                .as_ref()
                .and_then(|a| a.name.as_deref())
                .is_some_and(|held| held.eq_ignore_ascii_case(name.as_str()));
            if !same {
                inner.settle_before_leaving(before.as_ref()).await?;
            }
            let body = SignIn {
                name: name.clone(),
                password,
                device,
                merge_token: before.as_ref().filter(|a| a.name.is_none()).map(|a| a.token.clone()),
            };
            let credentials = inner.repo.sign_in(&body).await?;
            let account = StoredAccount {
                account: credentials.account.to_string(),
                token: credentials.token,
                name: Some(name.to_string()),
            };
            inner.switch_to(before.as_ref(), &account)?;
            Ok(inner.account_view(&account))
        })
        .await
    }

    /// Signs this device out of its named account: what it has not sent is sent first
    /// ([`OnlineError::Unsent`] if it cannot be), then its token is revoked on the server
    /// and forgotten here, with the account's progress on this device (it is safe on the
    /// server, and comes back with the next sign-in). The next call makes a new guest
    /// account. A guest account cannot sign out: nothing could bring its progress back.
    pub async fn sign_out(&self) -> Result<(), OnlineError> {
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let Some(account) = inner.stored()? else { return Ok(()) };
            if account.name.is_none() {
                return Err(OnlineError::InvalidInput(
                    "a guest account has no name to sign in with again".into(),
                ));
            }
            inner.settle_before_leaving(Some(&account)).await?;
            // Unreachable or already revoked: forgotten here all the same.
            let _ = inner.repo.sign_out(&account.token).await;
            inner.with_store(|s| {
                s.forget_online_account(inner.repo.base())?;
                s.forget_synced_progress()
            })?;
            Ok(())
        })
        .await
    }

    /// Invites a friend to a game with these options.
    pub async fn create_invitation(
        &self,
        options: InviteOptions,
    ) -> Result<InvitationView, OnlineError> {
        let wire = options.to_wire();
        wire.to_new_game().map_err(|e| OnlineError::InvalidInput(e.to_string()))?;
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let account = inner.account().await?;
            let invitation = inner
                .authorized(&account, |token| {
                    let (repo, wire) = (inner.repo.clone(), wire.clone());
                    async move { repo.create_invitation(&token, &wire).await }
                })
                .await?;
            inner.invitation_view(&invitation)
        })
        .await
    }

    /// The invitation of a code as a person typed it or a link carried it
    /// (`rodina://join/CODE`, case-blind, spaces and dashes ignored).
    pub async fn invitation(&self, code: &str) -> Result<InvitationView, OnlineError> {
        let code = invite_code(code)?;
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let invitation = inner.fetch_invitation(&code).await?;
            inner.invitation_view(&invitation)
        })
        .await
    }

    /// Accepts the invitation of a code (as [`Online::invitation`] reads it): the game
    /// starts, and this is the side to play in it.
    pub async fn join(&self, code: &str) -> Result<JoinedGame, OnlineError> {
        let code = invite_code(code)?;
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let account = inner.account().await?;
            let joined = inner
                .authorized(&account, |token| {
                    let (repo, code) = (inner.repo.clone(), code.clone());
                    async move { repo.accept(&token, &code).await }
                })
                .await?;
            Ok(JoinedGame { game: joined.game.to_string(), side: joined.side.into() })
        })
        .await
    }

    /// Offers the opponent of a game that is over a rematch (colours swapped); the
    /// invitation to wait on.
    pub async fn offer_rematch(&self, game: &str) -> Result<InvitationView, OnlineError> {
        let id = game_id(game)?;
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let account = inner.account().await?;
            let invitation = inner
                .authorized(&account, |token| {
                    let (repo, id) = (inner.repo.clone(), id.clone());
                    async move { repo.rematch(&token, &id).await }
                })
                .await?;
            inner.invitation_view(&invitation)
        })
        .await
    }

    /// Waits for a friend to accept the invitation of `code`: the listener hears of the game
    /// once it starts, or why the wait ended (the invitation expired or is gone). The
    /// invitation is looked at every 2 s until then; network failures are waited out.
    /// Dropping the handle stops the wait.
    pub fn watch_invitation(
        &self,
        code: &str,
        listener: Arc<dyn InvitationListener>,
    ) -> Result<WatchHandle, OnlineError> {
        let code = invite_code(code)?;
        let inner = Arc::clone(&self.inner);
        let task = runtime()?.spawn(async move {
            let mut misses = 0u32;
            loop {
                match inner.fetch_invitation(&code).await {
                    Ok(Invitation { game: Some(game), .. }) => {
                        listener.on_accepted(game.to_string());
                        return;
                    }
                    Ok(_) => misses = 0,
                    Err(e @ (OnlineError::Network(_) | OnlineError::BadAnswer(_))) => {
                        misses += 1;
                        // A server that stays away is said once, and waited out.
                        if misses == 3 {
                            listener
                                .on_problem(online_text::online_error_text(inner.language(), &e));
                        }
                    }
                    Err(e @ OnlineError::Refused { code: ApiErrorCode::RateLimited, .. }) => {
                        let _ = e;
                    }
                    Err(e) => {
                        listener.on_ended(online_text::online_error_text(inner.language(), &e));
                        return;
                    }
                }
                tokio::time::sleep(WATCH_EVERY).await;
            }
        });
        Ok(WatchHandle { task })
    }

    /// Opens game `game` to play (or watch): its summary is read, then its live socket
    /// runs on the core's runtime, telling `listener` of every change, until the returned
    /// handle is dropped.
    pub async fn open_game(
        &self,
        game: &str,
        listener: Arc<dyn OnlineListener>,
    ) -> Result<LiveGame, OnlineError> {
        let id = game_id(game)?;
        let inner = Arc::clone(&self.inner);
        let online = self.clone();
        on_runtime(async move {
            let account = inner.account().await?;
            let summary = inner
                .authorized(&account, |token| {
                    let (repo, id) = (inner.repo.clone(), id.clone());
                    async move { repo.game(&token, &id).await }
                })
                .await?;
            // The token may have changed above (a new anonymous account).
            let account = inner.stored()?.ok_or(OnlineError::SignedOut)?;
            let game = OnlineGame::new(
                id.clone(),
                &summary.options,
                summary.white,
                summary.black,
                &account.account,
                inner.language(),
            )
            .map_err(OnlineError::Unsupported)?;
            let shared = Arc::new(Shared { game: Mutex::new(game), listener });
            let (commands, rx) = mpsc::unbounded_channel();
            let link = Link { url: inner.repo.live_url(&id), token: account.token };
            tokio::spawn(connection::run(Arc::clone(&shared), link, rx, inner.timing));
            Ok(LiveGame { shared, commands, online })
        })
        .await
    }
}

impl Inner {
    /// Before this device leaves the named account `before`: a sync, and
    /// [`OnlineError::Unsent`] if anything is still not sent (a guest's progress moves with
    /// the device instead, and nothing is needed).
    pub(crate) async fn settle_before_leaving(
        &self,
        before: Option<&StoredAccount>,
    ) -> Result<(), OnlineError> {
        if before.is_none_or(|a| a.name.is_none()) {
            return Ok(());
        }
        let synced = self.sync_now().await;
        let pending = self.with_store(Store::sync_pending)?;
        match synced {
            _ if pending == 0 => Ok(()),
            Err(e @ OnlineError::SignedOut) => Err(e),
            _ => Err(OnlineError::Unsent { pending }),
        }
    }

    /// Keeps `account` as this device's from now on; when it leaves another named account,
    /// that account's progress leaves the device with it.
    pub(crate) fn switch_to(
        &self,
        before: Option<&StoredAccount>,
        account: &StoredAccount,
    ) -> Result<(), OnlineError> {
        let leaves_named = before.is_some_and(|b| b.name.is_some() && b.account != account.account);
        self.with_store(|s| {
            if leaves_named {
                s.forget_synced_progress()?;
            }
            s.set_online_account(self.repo.base(), account)
        })
    }

    pub(crate) fn language(&self) -> Language {
        *self.language.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn with_store<T>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, crate::error::StoreError>,
    ) -> Result<T, OnlineError> {
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(f(&store)?)
    }

    pub(crate) fn stored(&self) -> Result<Option<StoredAccount>, OnlineError> {
        self.with_store(|s| s.online_account(self.repo.base()))
    }

    pub(crate) fn keep(&self, account: &StoredAccount) -> Result<(), OnlineError> {
        self.with_store(|s| s.set_online_account(self.repo.base(), account))
    }

    /// The stored account, or a new anonymous one, kept.
    pub(crate) async fn account(&self) -> Result<StoredAccount, OnlineError> {
        if let Some(a) = self.stored()? {
            return Ok(a);
        }
        self.new_account().await
    }

    async fn new_account(&self) -> Result<StoredAccount, OnlineError> {
        let credentials = self.repo.create_account(&self.device).await?;
        let account = StoredAccount {
            account: credentials.account.to_string(),
            token: credentials.token,
            name: None,
        };
        self.keep(&account)?;
        Ok(account)
    }

    /// Runs `call` with the account's token. A token the server no longer knows is
    /// forgotten; an anonymous account (nothing to sign in to) is replaced by a new one and
    /// the call made once more, a named one leaves [`OnlineError::SignedOut`].
    pub(crate) async fn authorized<T, F, Fut>(
        &self,
        account: &StoredAccount,
        call: F,
    ) -> Result<T, OnlineError>
    where
        F: Fn(String) -> Fut,
        Fut: Future<Output = Result<T, OnlineError>>,
    {
        match call(account.token.clone()).await {
            Err(OnlineError::SignedOut) => {
                self.with_store(|s| s.forget_online_account(self.repo.base()))?;
                if account.name.is_some() {
                    return Err(OnlineError::SignedOut);
                }
                let fresh = self.new_account().await?;
                call(fresh.token).await
            }
            other => other,
        }
    }

    async fn fetch_invitation(&self, code: &InviteCode) -> Result<Invitation, OnlineError> {
        let account = self.account().await?;
        self.authorized(&account, |token| {
            let (repo, code) = (self.repo.clone(), code.clone());
            async move { repo.invitation(&token, &code).await }
        })
        .await
    }

    pub(crate) fn account_view(&self, account: &StoredAccount) -> AccountView {
        AccountView {
            account: account.account.clone(),
            name: account.name.clone(),
            title: account.name.clone().unwrap_or_else(|| online_text::guest(self.language())),
        }
    }

    fn invitation_view(&self, invitation: &Invitation) -> Result<InvitationView, OnlineError> {
        let lang = self.language();
        let options = InviteOptions::from_wire(&invitation.options).ok_or_else(|| {
            OnlineError::Unsupported(format!("a game called {:?}", short(&invitation.options.game)))
        })?;
        let mine = self.stored()?.is_some_and(|a| a.account == invitation.inviter.account.as_str());
        let code = invitation.code.to_string();
        let link = invitation.code.link();
        let inviter = match &invitation.inviter.name {
            Some(n) => n.to_string(),
            None => online_text::guest(lang),
        };
        let summary = online_text::invitation_summary(lang, &options, mine);
        Ok(InvitationView {
            share_text: online_text::share_text(lang, options.variant, &link, &code),
            invited_by: online_text::invited_by(lang, &inviter, &summary),
            code,
            link,
            options,
            inviter,
            mine,
            expires_at_ms: invitation.expires_at_ms,
            game: invitation.game.as_ref().map(ToString::to_string),
            summary,
        })
    }
}

/// A name as the protocol reads it, or why not.
fn player_name(name: &str) -> Result<PlayerName, OnlineError> {
    name.trim()
        .parse()
        .map_err(|e: rodina_protocol::NameError| OnlineError::InvalidInput(e.to_string()))
}

/// A password within the protocol's bounds, or why not.
fn check_password(password: &str) -> Result<(), OnlineError> {
    if password.chars().count() < PASSWORD_MIN || password.len() > PASSWORD_MAX {
        return Err(OnlineError::InvalidInput(format!(
            "a password has {PASSWORD_MIN} characters or more (and at most {PASSWORD_MAX} bytes)"
        )));
    }
    Ok(())
}

/// A code as a person typed it, or why not.
fn invite_code(text: &str) -> Result<InviteCode, OnlineError> {
    InviteCode::read(text).map_err(|e| OnlineError::InvalidInput(e.to_string()))
}

/// A game's id, or why not.
fn game_id(text: &str) -> Result<GameId, OnlineError> {
    text.trim()
        .parse()
        .map_err(|e: rodina_protocol::NameError| OnlineError::InvalidInput(e.to_string()))
}

/// Stops an invitation's watch when dropped.
#[derive(Debug)]
pub struct WatchHandle {
    task: tokio::task::JoinHandle<()>,
}

impl WatchHandle {
    /// Stops the watch now (dropping the handle does the same).
    pub fn cancel(&self) {
        self.task.abort();
    }

    /// Whether the watch has ended (the friend joined, or it ended otherwise).
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }
}

impl Drop for WatchHandle {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// An online game open to play: the screen's controller. Its connection runs on the core's
/// runtime and tells the listener of every change from the network; the calls here change
/// the game at once and return (the screen redraws from [`LiveGame::view`]). Dropping it
/// closes the socket and ends the connection's task.
pub struct LiveGame {
    shared: Arc<Shared>,
    commands: mpsc::UnboundedSender<Command>,
    online: Online,
}

impl std::fmt::Debug for LiveGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveGame").field("game", &*self.shared.game()).finish_non_exhaustive()
    }
}

impl LiveGame {
    /// What the screen draws now.
    pub fn view(&self) -> OnlineView {
        self.shared.game().view(std::time::Instant::now())
    }

    /// The game's id.
    pub fn id(&self) -> String {
        self.shared.game().id().to_string()
    }

    fn send(&self, message: Option<ClientMessage>) {
        if let Some(m) = message {
            // The connection ended only if the runtime went down: nothing to send to.
            let _ = self.commands.send(Command::Send(m));
        }
    }

    /// A tap on a point: lifts, steps or puts back a piece as in every game; a completed
    /// move is played (unless it turns a piece up: its event shows what) and sent.
    pub fn tap(&self, point: Point) -> TapResult {
        let (result, message) = self.shared.game().tap(point);
        self.send(message);
        result
    }

    /// A piece dragged from `from` and dropped on `to`.
    pub fn drag(&self, from: Point, to: Point) -> TapResult {
        let (result, message) = self.shared.game().drag(from, to);
        self.send(message);
        result
    }

    /// The piece a pawn becomes (Friendly chess).
    pub fn choose_promotion(&self, kind: PieceKind) -> TapResult {
        let (result, message) = self.shared.game().choose_promotion(kind);
        self.send(message);
        result
    }

    /// Starts the move being entered again; whether there was anything to undo.
    pub fn restart_move(&self) -> bool {
        self.shared.game().restart_move()
    }

    fn act(&self, message: ClientMessage) -> bool {
        let allowed = self.shared.game().action(message);
        let sent = allowed.is_some();
        self.send(allowed);
        sent
    }

    /// Offers a draw; whether it was sent (the game allows it and is connected).
    pub fn offer_draw(&self) -> bool {
        self.act(ClientMessage::OfferDraw {})
    }

    /// Accepts the opponent's draw offer.
    pub fn accept_draw(&self) -> bool {
        self.act(ClientMessage::AcceptDraw {})
    }

    /// Declines the opponent's draw offer.
    pub fn decline_draw(&self) -> bool {
        self.act(ClientMessage::DeclineDraw {})
    }

    /// Resigns.
    pub fn resign(&self) -> bool {
        self.act(ClientMessage::Resign {})
    }

    /// Aborts the game (before each side has moved).
    pub fn abort(&self) -> bool {
        self.act(ClientMessage::Abort {})
    }

    /// Claims the win over an opponent gone long enough.
    pub fn claim_win(&self) -> bool {
        self.act(ClientMessage::ClaimWin {})
    }

    /// Offers the opponent a rematch (the game is over); the invitation to wait on.
    pub async fn offer_rematch(&self) -> Result<InvitationView, OnlineError> {
        let id = self.id();
        let invitation = self.online.offer_rematch(&id).await?;
        self.shared.game().rematch_offered(invitation.code.clone());
        self.shared.notify();
        Ok(invitation)
    }

    /// The language of the view's texts.
    pub fn language(&self) -> Language {
        self.shared.game().language()
    }

    /// Speaks `language` from now on.
    pub fn set_language(&self, language: Language) {
        self.shared.game().set_language(language);
    }

    /// The app went to the background: the socket closes and the game shows as paused.
    pub fn suspend(&self) {
        let _ = self.commands.send(Command::Suspend);
    }

    /// The app came back: the game connects again at once and catches up.
    pub fn resume(&self) {
        let _ = self.commands.send(Command::Resume);
    }

    /// Reads the game's controller (tests: what the client holds).
    #[cfg(test)]
    pub(crate) fn with_game<T>(&self, f: impl FnOnce(&OnlineGame) -> T) -> T {
        f(&self.shared.game())
    }

    /// Drops the socket and connects again at once (the network changed; tests).
    pub fn reconnect(&self) {
        let _ = self.commands.send(Command::Reconnect);
    }
}
