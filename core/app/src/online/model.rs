//! The online feature's model: plain data the screens draw (an online game, its clocks and
//! connection, an invitation, the account) and what they send back (an invitation's
//! options). Every text a player reads is already in the session's language.

use rodina_protocol::{ClockSettings, ColourChoice, GameOptions};
use rodina_rules::{Color, Seat, Variant};

use crate::model::BoardView;

/// How the live socket of an online game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConnectionState {
    /// The first connection is being made.
    Connecting,
    /// Connected and in step with the server: moves go out at once.
    Live,
    /// The connection was lost; the next try comes in `retry_in_ms` (the `attempt`th since
    /// the connection was lost). Moves made meanwhile wait and go out on reconnecting.
    Reconnecting {
        /// Tries since the connection was lost, from 1.
        attempt: u32,
        /// When the next try starts, from the moment this state was entered, in ms.
        retry_in_ms: u64,
    },
    /// Not connected, for `reason`.
    Offline {
        /// Why.
        reason: OfflineReason,
    },
}

/// Why an online game is not connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfflineReason {
    /// The app put the game aside (it went to the background); it reconnects on resume.
    Suspended,
    /// The server has not been reached for a while; tries go on at the longest interval.
    Unreachable,
    /// The server no longer knows this device's session (signed out elsewhere): no more
    /// tries. Sign in again.
    SignedOut,
    /// The server has no such game: no more tries.
    GameGone,
    /// The server speaks another protocol version: no more tries until the app is updated.
    Outdated,
}

/// Where an online game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnlineStatus {
    /// Its state has not arrived yet.
    Waiting,
    /// Being played.
    Started,
    /// Over, with a result.
    Ended,
    /// Aborted before each side had moved: no result.
    Aborted,
}

/// The clocks as shown now: each side's time, counting down on the running side from the
/// server's last reading, less the time that reading took to arrive.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClockView {
    /// The first player's time left, in ms.
    pub white_ms: u64,
    /// The second player's.
    pub black_ms: u64,
    /// Whose clock runs (none before each side's first move, and at the end).
    pub running: Option<Color>,
    /// The first player's time as shown (`4:59`, `0:09.5` under ten seconds).
    pub white_text: String,
    /// The second player's.
    pub black_text: String,
}

/// One player of an online game as the screen shows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OnlinePlayer {
    /// The side.
    pub side: Color,
    /// Their name, or "Guest" for an account without one.
    pub name: String,
    /// Whether this is the person on this device.
    pub you: bool,
    /// Whether they have a socket open on the game (as the server last said).
    pub online: bool,
}

/// What became of the Jieqi deal's commitment at the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DealCheck {
    /// The game has a commitment and is not over: the check comes at the end.
    Pending,
    /// The deal as opened to this seat gives the commitment shown at the start and every
    /// identity this seat saw, and this seat was opened all it may know: the deal was not
    /// changed during the game.
    Verified,
    /// The reveal does not hold; why, in English for logs.
    Failed {
        /// Why.
        detail: String,
    },
}

/// A rematch of a game that is over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rematch {
    /// This player offered it: the invitation waits for the opponent.
    Offered {
        /// The new game's invitation code.
        code: String,
    },
    /// The opponent offered it: accept it by joining with the code.
    Received {
        /// The new game's invitation code.
        code: String,
    },
}

/// Everything the online game screen draws. Texts are in the session's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineView {
    /// The game's id.
    pub game: String,
    /// The game.
    pub variant: Variant,
    /// Whose eyes the board is drawn for: a player's side, or a spectator's.
    pub seat: Seat,
    /// The board, drawn as every game's is (the seat's own record; for Jieqi nothing more).
    pub board: BoardView,
    /// Where the game stands.
    pub status: OnlineStatus,
    /// The connection.
    pub connection: ConnectionState,
    /// The connection as said to the player (`Connecting…`, `Reconnecting in 2 s…`); `None`
    /// while live.
    pub connection_text: Option<String>,
    /// The clocks, for a game with a clock.
    pub clock: Option<ClockView>,
    /// The players, the first player's first.
    pub players: Vec<OnlinePlayer>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// `You offered a draw`, `Your opponent offers a draw`, while an offer stands.
    pub draw_text: Option<String>,
    /// A draw can be offered now.
    pub can_offer_draw: bool,
    /// The opponent's offer stands: it can be accepted or declined.
    pub can_answer_draw: bool,
    /// The game can be resigned.
    pub can_resign: bool,
    /// The game can still be aborted (before each side has moved).
    pub can_abort: bool,
    /// The opponent has been gone long enough: the win can be claimed.
    pub can_claim_win: bool,
    /// Said while the win can be claimed, or while the opponent is away.
    pub opponent_away_text: Option<String>,
    /// A rematch can be offered (the game is over and none is offered yet).
    pub can_offer_rematch: bool,
    /// The rematch offered, either way.
    pub rematch: Option<Rematch>,
    /// `Your opponent offers a rematch`, `Rematch offered: waiting for your opponent`.
    pub rematch_text: Option<String>,
    /// The result as a sentence, once over (`Game aborted` for an abort).
    pub result: Option<String>,
    /// The Jieqi deal's check, for a game with a commitment.
    pub deal_check: Option<DealCheck>,
    /// The deal's check as said to the player.
    pub deal_text: Option<String>,
    /// A move is sent and not acknowledged yet.
    pub move_pending: bool,
    /// The last thing refused or gone wrong, as said to the player; cleared by the next move.
    pub message: Option<String>,
}

/// Which side the inviting player takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SideChoice {
    /// The first player (Red).
    First,
    /// The second player.
    Second,
    /// Drawn by the server when the friend joins.
    #[default]
    Random,
}

/// A clock: each player's time at the start and what each move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each player's time at the start, in ms (15 s to 3 h).
    pub initial_ms: u64,
    /// Added after each move, in ms (at most 3 min).
    pub increment_ms: u64,
}

impl TimeControl {
    /// The clocks the invite screen offers, shortest first: 1+0, 3+2, 5+3, 10+5, 15+10, 30+0.
    pub const OFFERED: [TimeControl; 6] = [
        TimeControl { initial_ms: 60_000, increment_ms: 0 },
        TimeControl { initial_ms: 180_000, increment_ms: 2000 },
        TimeControl { initial_ms: 300_000, increment_ms: 3000 },
        TimeControl { initial_ms: 600_000, increment_ms: 5000 },
        TimeControl { initial_ms: 900_000, increment_ms: 10_000 },
        TimeControl { initial_ms: 1_800_000, increment_ms: 0 },
    ];
}

/// The code a `rodina://join/CODE` link carries (or a code typed with spaces, dashes or in
/// lower case), as the server writes it; `None` for text that holds no code.
pub fn invitation_code(text: &str) -> Option<String> {
    rodina_protocol::InviteCode::read(text).ok().map(|c| c.to_string())
}

/// The options of an invitation, as the create screen fills them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InviteOptions {
    /// The game.
    pub variant: Variant,
    /// Jieqi's rule set by its stable name; the default when `None`.
    pub rule_set: Option<String>,
    /// Xiangqi's handicap by its stable name, given by the inviting player (who then plays
    /// first).
    pub handicap: Option<String>,
    /// The inviting player's side.
    pub side: SideChoice,
    /// The clock; `None` for no time limit.
    pub clock: Option<TimeControl>,
}

impl InviteOptions {
    /// A game of `variant` with no options, the side drawn, no clock.
    pub fn new(variant: Variant) -> InviteOptions {
        InviteOptions {
            variant,
            rule_set: None,
            handicap: None,
            side: SideChoice::Random,
            clock: None,
        }
    }

    /// The options on the wire.
    pub(crate) fn to_wire(&self) -> GameOptions {
        let blank = |t: &Option<String>| {
            t.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned)
        };
        GameOptions {
            game: self.variant.name().to_owned(),
            rule_set: blank(&self.rule_set),
            handicap: blank(&self.handicap),
            colour: match self.side {
                SideChoice::First => ColourChoice::White,
                SideChoice::Second => ColourChoice::Black,
                SideChoice::Random => ColourChoice::Random,
            },
            clock: self
                .clock
                .map(|c| ClockSettings { initial_ms: c.initial_ms, increment_ms: c.increment_ms }),
        }
    }

    /// The options an invitation carries, if they name a game this version knows.
    pub(crate) fn from_wire(o: &GameOptions) -> Option<InviteOptions> {
        Some(InviteOptions {
            variant: o.game.parse().ok()?,
            rule_set: o.rule_set.clone(),
            handicap: o.handicap.clone(),
            side: match o.colour {
                ColourChoice::White => SideChoice::First,
                ColourChoice::Black => SideChoice::Second,
                ColourChoice::Random => SideChoice::Random,
            },
            clock: o
                .clock
                .map(|c| TimeControl { initial_ms: c.initial_ms, increment_ms: c.increment_ms }),
        })
    }
}

/// An invitation as the screens show it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InvitationView {
    /// The code to pass on (`CVNRV546`).
    pub code: String,
    /// The link that opens it in the app (`rodina://join/CVNRV546`).
    pub link: String,
    /// The game's options.
    pub options: InviteOptions,
    /// Who invites: their name, or "Guest".
    pub inviter: String,
    /// Whether the person on this device made it.
    pub mine: bool,
    /// When it expires, in ms since 1970 (the server's clock).
    pub expires_at_ms: u64,
    /// The game it became, once accepted.
    pub game: Option<String>,
    /// The options in a line: `Xiangqi · 5+3 · you play Red`.
    pub summary: String,
    /// The join screen's line: `ann invites you: Xiangqi · 5+3 · you play Black`.
    pub invited_by: String,
    /// What to send a friend: a sentence with the code and the link.
    pub share_text: String,
}

/// The account on this device, as the screens show it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AccountView {
    /// The account's id.
    pub account: String,
    /// Its name, once it has one.
    pub name: Option<String>,
    /// The name, or "Guest".
    pub title: String,
}

/// An accepted invitation: the game, and the side the player plays in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JoinedGame {
    /// The game's id.
    pub game: String,
    /// The side this player plays.
    pub side: Color,
}
