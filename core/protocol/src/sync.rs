//! Progress sync: the REST bodies that carry a player's puzzle attempts, course scores and
//! settings from one device to the server and on to the account's other devices, and the
//! pairing codes that sign a second device in.
//!
//! Every change is an item with a key, and each kind merges its own way, so applying a
//! change twice, or two devices' changes in either order, ends in the same state:
//!
//! - an attempt ([`Change::Attempt`]) never changes once made: the set of attempts is a
//!   union keyed by the attempt's id (a UUIDv7), and progress is replayed from it;
//! - a course score ([`Change::CourseScore`]) keeps the best points per exercise;
//! - a setting ([`Change::Setting`]) keeps the value of the latest hybrid-logical-clock
//!   stamp ([`crate::hlc`]).
//!
//! The server numbers the changes of each account (its per-account sequence): an item
//! that changes takes the next number, and a device pulls what changed after the last
//! number it has seen (its cursor).

use serde::{Deserialize, Serialize};

use crate::hlc::Stamp;

/// The most changes one push may carry (a larger batch is refused as
/// [`crate::ApiErrorCode::TooLarge`]; the client sends its outbox in batches of this size).
pub const MAX_PUSH_CHANGES: usize = 500;

/// The largest push body the server reads, in bytes: [`MAX_PUSH_CHANGES`] attempts of the
/// longest fields fit.
pub const MAX_PUSH_BYTES: usize = 256 * 1024;

/// The most changes one pull answers with (a client may ask for fewer).
pub const MAX_PULL_CHANGES: usize = 1000;

/// How long a pairing code can be used, in milliseconds (10 minutes).
pub const PAIRING_LIFETIME_MS: u64 = 10 * 60 * 1000;

/// The longest setting key and value, in bytes.
pub const MAX_SETTING_BYTES: usize = 64;

/// The settings that sync, by key: the board's marks and labels, the language and each
/// game's puzzle difficulty. Other keys are refused ([`crate::ApiErrorCode::UnknownItem`]).
pub const SYNCED_SETTINGS: &[&str] = &[
    "show_legal_targets",
    "show_last_move",
    "rotate_board",
    "piece_style",
    "language",
    "puzzle_difficulty.xiangqi",
    "puzzle_difficulty.jieqi",
    "puzzle_difficulty.jesonmor",
    "puzzle_difficulty.friendly",
];

/// One change to a player's progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// A puzzle attempt.
    Attempt(AttemptChange),
    /// The best score of a course exercise.
    CourseScore(CourseScoreChange),
    /// A setting's value.
    Setting(SettingChange),
}

impl Change {
    /// The item the change is to: `attempt:<id>`, `course:<exercise>` or `setting:<key>`.
    /// Two changes with one key are to the same item.
    pub fn key(&self) -> String {
        match self {
            Change::Attempt(a) => format!("attempt:{}", a.id),
            Change::CourseScore(c) => format!("course:{}", c.exercise),
            Change::Setting(s) => format!("setting:{}", s.key),
        }
    }
}

/// A puzzle attempt, field for field as the attempt log keeps it (see `rodina-puzzles`'
/// `Attempt`, which checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptChange {
    /// The attempt's id: a UUIDv7 in its 36-character lower-case text.
    pub id: String,
    /// The device it was made on (its id, 1 to 64 characters).
    pub device: String,
    /// The game, by its stable name (`xiangqi`, ...).
    pub game: String,
    /// The puzzle's id in that game's bank.
    pub puzzle: String,
    /// When it started, Unix milliseconds.
    pub started_ms: i64,
    /// When it ended, Unix milliseconds.
    pub ended_ms: i64,
    /// Whether the puzzle was solved.
    pub solved: bool,
    /// Whether the attempt was meant to be rated (the replay decides whether it is).
    pub rated: bool,
}

/// A course exercise's best score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseScoreChange {
    /// The exercise, `<game>/<name>` (`jesonmor/leap`).
    pub exercise: String,
    /// The points scored.
    pub points: u32,
    /// The best the same solution could score (for its stars).
    pub best: u32,
}

/// A setting's value, stamped by the device that wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingChange {
    /// One of [`SYNCED_SETTINGS`].
    pub key: String,
    /// Its value as the app stores it (`true`, `letters`, `sk`, `hard`, ...).
    pub value: String,
    /// When and where it was written.
    pub stamp: Stamp,
}

/// `POST /v1/sync/push`: changes made on this device, at most [`MAX_PUSH_CHANGES`]. The
/// push is checked whole and applied whole, in one transaction: one refused change refuses
/// the push, and nothing of it is kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Push {
    /// The changes, each to a different item.
    pub changes: Vec<Change>,
}

/// The answer to a push: how many changes changed the account's progress and how many were
/// there already (a push repeated after a lost answer counts all as unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pushed {
    /// Changes that changed an item (a new attempt, a better score, a later setting).
    pub applied: u32,
    /// Changes the account had already, or that lost to what it had.
    pub unchanged: u32,
}

/// One item as it stands on the server, with the number it took when it last changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Synced {
    /// The account's sequence number of the item's last change.
    pub seq: u64,
    /// The item's state.
    pub change: Change,
}

/// The answer to `GET /v1/sync?since=N&limit=L`: the items that changed after sequence
/// number `N`, in order, each as it stands now (an item that changed twice comes once).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pulled {
    /// The items, by their sequence numbers.
    pub changes: Vec<Synced>,
    /// The cursor to pull from next: the last number answered (or `N` when none).
    pub cursor: u64,
    /// Whether more changes wait past `cursor` (pull again at once).
    pub more: bool,
}

/// A player's puzzle progress in one game as the server replays it from the account's
/// attempts (`GET /v1/sync/progress`): the same numbers a device replays from the same log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameStanding {
    /// The game, by its stable name.
    pub game: String,
    /// The player's puzzle rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Attempts made.
    pub attempts: u64,
    /// Attempts that were rated.
    pub rated: u64,
    /// Puzzles solved.
    pub solved: u64,
    /// First tries solved in a row, up to the last.
    pub streak: u64,
    /// The longest such run.
    pub best_streak: u64,
}

/// `GET /v1/sync/progress`: the account's standing in every game it has attempts of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// One per game, in the games' order.
    pub games: Vec<GameStanding>,
    /// The account's last sequence number (the state these figures were replayed from).
    pub seq: u64,
}

/// `POST /v1/pairings`: a code for a second device (201).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The code to type on the other device.
    pub code: crate::PairingCode,
    /// When it stops working, Unix milliseconds.
    pub expires_at_ms: u64,
}

/// `POST /v1/pairings/CODE`: signs this device in to the account that showed the code.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimPairing {
    /// What the device calls itself (as [`crate::NewAccount::device`]).
    #[serde(default)]
    pub device: String,
    /// The token of the anonymous account this device used until now, if any: its progress
    /// moves into the account (as with [`crate::SignIn::merge_token`]).
    #[serde(default)]
    pub merge_token: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_read_and_write_with_their_kind() {
        let json =
            r#"{"kind":"setting","key":"language","value":"sk","stamp":"1764748800000-0-d1"}"#;
        let change: Change = serde_json::from_str(json).expect("a setting");
        assert_eq!(change.key(), "setting:language");
        assert_eq!(serde_json::to_string(&change).expect("json"), json);
        let score = r#"{"kind":"course_score","exercise":"jesonmor/leap","points":3,"best":3}"#;
        let change: Change = serde_json::from_str(score).expect("a score");
        assert_eq!(change.key(), "course:jesonmor/leap");
        for bad in [
            r#"{"kind":"ranking","key":"x"}"#,
            r#"{"kind":"course_score","exercise":"a/b","points":-1,"best":3}"#,
            r#"{"kind":"course_score","exercise":"a/b","points":1,"best":3,"extra":1}"#,
            r#"{"kind":"setting","key":"language","value":"sk","stamp":"soon"}"#,
        ] {
            assert!(serde_json::from_str::<Change>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_full_push_fits_in_its_body_limit() {
        let attempt = Change::Attempt(AttemptChange {
            id: "01890a5d-ac96-774b-bcce-b302099a8057".into(),
            device: "d".repeat(64),
            game: "jesonmor".into(),
            puzzle: "p".repeat(40),
            started_ms: i64::MAX,
            ended_ms: i64::MAX,
            solved: false,
            rated: false,
        });
        let push = Push { changes: vec![attempt; MAX_PUSH_CHANGES] };
        let bytes = serde_json::to_vec(&push).expect("json").len();
        assert!(bytes < MAX_PUSH_BYTES, "{bytes}");
    }
}
