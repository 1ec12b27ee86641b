//! The REST bodies: accounts, sessions, invitations, games. Every request and response body
//! is one JSON object; an error is an [`ApiError`] with the HTTP status its code names.

use rodina_rules::jieqi::RuleSet;
use rodina_rules::xiangqi::Handicap;
use rodina_rules::{NewGame, Variant};
use serde::{Deserialize, Serialize};

use crate::{AccountId, GameId, InviteCode, PlayerName, SideName};

/// `GET /health`: the server is up and ready for requests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    /// Always `"ok"` when it answers at all.
    pub status: String,
    /// The protocol version the server speaks.
    pub protocol: u32,
}

/// `POST /v1/accounts`: a new anonymous account for this device (no name, no password).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewAccount {
    /// What the device calls itself, shown in the account's list of sessions (at most 64
    /// characters; may be empty).
    #[serde(default)]
    pub device: String,
}

/// The answer to `POST /v1/accounts` and `POST /v1/sessions`: the account and a session
/// token. The token is shown this once; the server keeps only its hash. Every authenticated
/// call sends it as `Authorization: Bearer TOKEN`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    /// The account.
    pub account: AccountId,
    /// The session token: 43 characters of URL-safe base 64 (256 random bits).
    pub token: String,
}

/// `PUT /v1/me/name`: gives the anonymous account a name and a password, so that the player
/// can sign in on another device. Also changes them later (the current password is then
/// needed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetName {
    /// The name.
    pub name: PlayerName,
    /// The new password ([`crate::PASSWORD_MIN`] characters or more).
    pub password: String,
    /// The current password, when the account has one already.
    #[serde(default)]
    pub current_password: Option<String>,
}

/// `POST /v1/sessions`: signs in with a name and a password, giving a new session token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    /// The name.
    pub name: PlayerName,
    /// The password.
    pub password: String,
    /// What the device calls itself (as [`NewAccount::device`]).
    #[serde(default)]
    pub device: String,
    /// The token of the anonymous account this device used until now, if any: its synced
    /// progress (puzzle attempts, course scores, settings) moves into the account signed in
    /// to, and its session ends. A token of a named account, or of this account, moves
    /// nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merge_token: Option<String>,
}

/// `GET /v1/me`: the account behind the token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Me {
    /// The account.
    pub account: AccountId,
    /// Its name, once it has one.
    pub name: Option<PlayerName>,
}

/// A player as others see them: the account and its name, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// The account.
    pub account: AccountId,
    /// Its name, if it has one (an anonymous player is shown as a guest).
    pub name: Option<PlayerName>,
}

/// Which side the player who invites takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    /// The first player (Red in Xiangqi and Jieqi).
    White,
    /// The second player.
    Black,
    /// Drawn by the server when the friend joins.
    #[default]
    Random,
}

/// A clock: each player's time at the start and what each move adds (Fischer increment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSettings {
    /// Each player's time at the start, in milliseconds (15 s to 3 h).
    pub initial_ms: u64,
    /// Added after each of a player's moves, in milliseconds (at most 3 min).
    pub increment_ms: u64,
}

impl ClockSettings {
    /// The shortest start a clock may have.
    pub const MIN_INITIAL_MS: u64 = 15_000;
    /// The longest.
    pub const MAX_INITIAL_MS: u64 = 3 * 3_600_000;
    /// The largest increment.
    pub const MAX_INCREMENT_MS: u64 = 180_000;
}

/// A game's options as an invitation carries them. Names are the rules' stable names:
/// `game` is `xiangqi`, `jieqi`, `jesonmor` or `friendly`; `rule_set` a Jieqi rule set
/// (`default`, `nobody_sees_captured`, `tencent`, `vietnamese`, `pychess`); `handicap` a
/// Xiangqi handicap the inviting player gives (`horse`, `two_horses`, `cannon`, `chariot`),
/// who then plays the first side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    /// The game.
    pub game: String,
    /// Jieqi's rule set (the default when absent).
    #[serde(default)]
    pub rule_set: Option<String>,
    /// Xiangqi's handicap, given by the inviting player.
    #[serde(default)]
    pub handicap: Option<String>,
    /// The inviting player's side.
    #[serde(default)]
    pub colour: ColourChoice,
    /// The clock; none for a game without one (correspondence-like: no time limit).
    #[serde(default)]
    pub clock: Option<ClockSettings>,
}

/// Why game options do not describe a game the server can start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The game's name is none of the games.
    #[error("no game is called {0:?}")]
    Game(String),
    /// The rule set's name is none of Jieqi's, or the game is not Jieqi.
    #[error("{0}")]
    RuleSet(String),
    /// The handicap's name is none of Xiangqi's, or the game is not Xiangqi.
    #[error("{0}")]
    Handicap(String),
    /// A handicap is given by the first player: the inviting player cannot take the second
    /// side with one.
    #[error("the player who gives a handicap plays the first side")]
    HandicapColour,
    /// The clock is outside the limits of [`ClockSettings`].
    #[error("a clock starts with 15 s to 3 h and adds at most 3 min a move")]
    Clock,
}

impl GameOptions {
    /// The rules' new game these options describe, checked: every name read and every limit
    /// kept. The start is the game's usual one (Jieqi: a new deal).
    pub fn to_new_game(&self) -> Result<NewGame, OptionsError> {
        let variant: Variant = self
            .game
            .parse()
            .map_err(|_| OptionsError::Game(self.game.chars().take(40).collect()))?;
        let mut new = NewGame::usual(variant);
        if let Some(r) = &self.rule_set {
            if variant != Variant::Jieqi {
                return Err(OptionsError::RuleSet(format!("{variant} has no rule sets")));
            }
            let rule_set: RuleSet = r
                .parse()
                .map_err(|e: rodina_rules::UnknownName| OptionsError::RuleSet(e.to_string()))?;
            new.rule_set = Some(rule_set);
        }
        if let Some(h) = &self.handicap {
            if variant != Variant::Xiangqi {
                return Err(OptionsError::Handicap(format!("{variant} has no handicaps")));
            }
            let handicap: Handicap = h
                .parse()
                .map_err(|e: rodina_rules::UnknownName| OptionsError::Handicap(e.to_string()))?;
            if self.colour == ColourChoice::Black {
                return Err(OptionsError::HandicapColour);
            }
            new.handicap = Some(handicap);
        }
        if let Some(c) = self.clock {
            let initial = (ClockSettings::MIN_INITIAL_MS..=ClockSettings::MAX_INITIAL_MS)
                .contains(&c.initial_ms);
            if !initial || c.increment_ms > ClockSettings::MAX_INCREMENT_MS {
                return Err(OptionsError::Clock);
            }
        }
        Ok(new)
    }
}

/// `POST /v1/invitations` (the body is [`GameOptions`]) answers with the invitation;
/// `GET /v1/invitations/CODE` shows it to the friend before they accept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    /// The code to pass on.
    pub code: InviteCode,
    /// The link that opens it in the app (`rodina://join/CODE`).
    pub link: String,
    /// The game's options.
    pub options: GameOptions,
    /// Who invites.
    pub inviter: PlayerInfo,
    /// When it expires, in milliseconds since the Unix epoch (server time).
    pub expires_at_ms: u64,
    /// The game it became, once accepted.
    pub game: Option<GameId>,
}

/// `POST /v1/invitations/CODE/accept`: the game and the side the caller plays in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    /// The game.
    pub game: GameId,
    /// The caller's side.
    pub side: SideName,
}

/// `GET /v1/games/ID`, and one entry of `GET /v1/games` (the caller's games, newest first):
/// what a list of games shows, without the moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game.
    pub game: GameId,
    /// Its options, the colour choice resolved: `colour` is the inviting player's side as
    /// drawn (`white` or `black`).
    pub options: GameOptions,
    /// The first player.
    pub white: PlayerInfo,
    /// The second player.
    pub black: PlayerInfo,
    /// Where it stands.
    pub status: crate::Status,
    /// How it ended, once it has.
    pub outcome: Option<crate::WireOutcome>,
    /// Moves played.
    pub plies: u32,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_at_ms: u64,
}

/// `GET /v1/games`: the caller's games, newest first (the latest 50).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameList {
    /// The games.
    pub games: Vec<GameSummary>,
}

/// Every REST error's body, with the HTTP status [`ApiErrorCode::status`] gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    /// What went wrong, for the client to act on.
    pub code: ApiErrorCode,
    /// For people reading logs (English; never shown to players as is).
    pub message: String,
    /// With [`ApiErrorCode::RateLimited`]: seconds until a retry may succeed (also the
    /// `Retry-After` header).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_s: Option<u64>,
    /// With a refused sync push: the position of the change refused in the push's list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
}

/// What went wrong with a REST call: one code per way a client acts differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApiErrorCode {
    /// The body or a parameter is malformed or out of its limits (400).
    BadRequest,
    /// No token, or a token that is unknown, revoked or expired (401): create an account or
    /// sign in again.
    Unauthorized,
    /// The name or the password is wrong (401), on sign-in or when a name change checks the
    /// current password.
    WrongPassword,
    /// The caller may not do this (403), e.g. act in a game they do not play.
    Forbidden,
    /// No such invitation, game or account (404).
    NotFound,
    /// The name is taken by another account (409).
    NameTaken,
    /// The invitation was accepted already, or is the caller's own (409).
    InvitationTaken,
    /// The invitation has expired (410).
    Expired,
    /// The body is larger than [`crate::MAX_BODY_BYTES`] (413).
    TooLarge,
    /// The client speaks another protocol version (426).
    Protocol,
    /// Too many requests: wait `retry_after_s` seconds (429).
    RateLimited,
    /// A sync push names what does not exist: a game, a puzzle no bank has, an exercise no
    /// course has, a setting that does not sync (422).
    UnknownItem,
    /// A sync push carries an attempt another account holds (403).
    Foreign,
    /// A sync push carries a time or a stamp more than a day ahead of the server's clock
    /// (422).
    FromTheFuture,
    /// A sync push names one item twice, or an attempt the account holds with other
    /// contents (409).
    Duplicate,
    /// The server failed (500); the request may be retried.
    Internal,
}

impl ApiErrorCode {
    /// The HTTP status of the code.
    pub const fn status(self) -> u16 {
        match self {
            ApiErrorCode::BadRequest => 400,
            ApiErrorCode::Unauthorized | ApiErrorCode::WrongPassword => 401,
            ApiErrorCode::Forbidden => 403,
            ApiErrorCode::NotFound => 404,
            ApiErrorCode::NameTaken | ApiErrorCode::InvitationTaken => 409,
            ApiErrorCode::Expired => 410,
            ApiErrorCode::TooLarge => 413,
            ApiErrorCode::Protocol => 426,
            ApiErrorCode::RateLimited => 429,
            ApiErrorCode::UnknownItem | ApiErrorCode::FromTheFuture => 422,
            ApiErrorCode::Foreign => 403,
            ApiErrorCode::Duplicate => 409,
            ApiErrorCode::Internal => 500,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(json: &str) -> Result<NewGame, OptionsError> {
        serde_json::from_str::<GameOptions>(json).expect("options").to_new_game()
    }

    #[test]
    fn options_become_a_new_game_or_a_typed_error() {
        let new = options(r#"{"game":"jieqi","rule_set":"tencent"}"#).unwrap();
        assert_eq!((new.variant, new.rule_set), (Variant::Jieqi, Some(RuleSet::Tencent)));
        let new = options(r#"{"game":"xiangqi","handicap":"horse","colour":"white"}"#).unwrap();
        assert_eq!(new.handicap, Some(Handicap::Horse));
        assert!(matches!(options(r#"{"game":"chess"}"#), Err(OptionsError::Game(_))));
        assert!(matches!(
            options(r#"{"game":"xiangqi","rule_set":"tencent"}"#),
            Err(OptionsError::RuleSet(_))
        ));
        assert!(matches!(
            options(r#"{"game":"jieqi","handicap":"horse"}"#),
            Err(OptionsError::Handicap(_))
        ));
        assert_eq!(
            options(r#"{"game":"xiangqi","handicap":"horse","colour":"black"}"#),
            Err(OptionsError::HandicapColour)
        );
        assert_eq!(
            options(r#"{"game":"friendly","clock":{"initial_ms":1000,"increment_ms":0}}"#),
            Err(OptionsError::Clock)
        );
        assert!(
            options(r#"{"game":"jesonmor","clock":{"initial_ms":60000,"increment_ms":2000}}"#)
                .is_ok()
        );
        // Unknown fields are refused, not ignored.
        assert!(
            serde_json::from_str::<GameOptions>(r#"{"game":"xiangqi","colur":"white"}"#).is_err()
        );
    }

    #[test]
    fn every_error_code_has_its_status() {
        let json = serde_json::to_string(&ApiError {
            code: ApiErrorCode::RateLimited,
            message: "slow down".into(),
            retry_after_s: Some(3),
            index: None,
        })
        .unwrap();
        assert_eq!(json, r#"{"code":"rate_limited","message":"slow down","retry_after_s":3}"#);
        assert_eq!(ApiErrorCode::Expired.status(), 410);
    }
}
