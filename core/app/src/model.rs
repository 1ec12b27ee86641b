//! The model: what a UI renders and what it sends back. Plain data, the same for every game,
//! so the Kotlin and Swift screens are written once (lichess-mobile's "model" layer).
//!
//! Points are counted from the first player's side: file 0 is the first player's leftmost
//! file, rank 0 their back rank. A UI that turns the board round maps points itself.

use std::fmt;

use rodina_rules::{Color, IllegalMoveReason, Outcome, Variant};

// The board's words are the rules': a refusal from the rules and the board a UI draws name
// points and pieces alike.
pub use rodina_rules::{PieceKind, Point};

/// A piece as the viewer may see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceView {
    /// Whose piece it is.
    pub side: Color,
    /// What it is; for a face-down piece, the kind it moves as (the kind of its point), never
    /// its hidden identity, which no view contains.
    pub kind: PieceKind,
    /// Whether the piece lies face down (Jieqi), so the UI draws its back.
    pub face_down: bool,
}

/// The highlights of one point. Several can hold at once (the last move's destination can be
/// a legal target of the selected piece).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Highlights {
    /// The selected piece stands here.
    pub selected: bool,
    /// The selected piece can move here.
    pub target: bool,
    /// The selected piece can move here and capture (or, in Friendly chess, bond with) the
    /// piece that stands here.
    pub capture: bool,
    /// The last move started here.
    pub last_from: bool,
    /// The last move ended here.
    pub last_to: bool,
    /// A general (king) in check stands here.
    pub check: bool,
    /// A point the rules give a meaning of its own (Jeson Mor's centre).
    pub special: bool,
    /// A puzzle's hint: the next move starts here (never set in a game).
    pub hint: bool,
    /// A course exercise's target not yet collected: a point to reach, or a piece to take
    /// (never set in a game or a puzzle).
    pub goal: bool,
}

/// One point of the board view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointView {
    /// The point.
    pub point: Point,
    /// The piece standing here.
    pub piece: Option<PieceView>,
    /// A second piece sharing the point (a bond in Friendly chess); `None` in other games.
    pub partner: Option<PieceView>,
    /// What to highlight.
    pub highlights: Highlights,
}

/// Who the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Awaiting {
    /// A person on this device, playing `side`, may move: taps are accepted.
    Person(Color),
    /// A bot plays `side` and is to move: taps are refused until it has played.
    Bot(Color),
    /// The device must be handed to the person playing `side` before the board is shown
    /// (pass-and-play in a game with hidden information).
    HandOver(Color),
    /// A person elsewhere plays `side` and is to move (an online game): taps are refused
    /// until their move arrives.
    Opponent(Color),
    /// The game is over.
    Nobody,
}

/// A move played, as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveRecord {
    /// 1 for the first move of the game.
    pub ply: u32,
    /// Who played it.
    pub side: Color,
    /// The move for people: WXF in Xiangqi (`C2=5`).
    pub notation: String,
    /// The move in the game's coordinate text (`h3e3`), as saved and sent over the network.
    pub coordinate: String,
    /// Where the moving piece started.
    pub from: Point,
    /// Where it ended.
    pub to: Point,
}

/// What stepping to a target does, for drawing the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetKind {
    /// Moves to an empty point (or carries a bond there): the move ends.
    Move,
    /// Captures the piece there.
    Capture,
    /// Bonds with the enemy piece there (Friendly chess): the move ends.
    Bond,
    /// Enters a bond and releases the mover's piece there, which moves next (Friendly chess).
    Release,
    /// Bonds the enemy king: the move wins (Friendly chess).
    Win,
    /// Takes en passant (Friendly chess).
    EnPassant,
    /// Castles (Friendly chess).
    Castle,
}

pub use crate::entry::{Lift, Target};

/// A piece captured, as the looking seat knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CapturedView {
    /// Whose piece it was (the other side captured it).
    pub side: Color,
    /// What it was; `None` for a face-down piece whose identity this seat does not know.
    pub kind: Option<PieceKind>,
    /// Whether it was face down when captured (Jieqi).
    pub face_down: bool,
}

/// One player's bar beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerBar {
    /// The side.
    pub side: Color,
    /// The side's name and who plays it, in the session's language (`Red · Club player`).
    pub title: String,
    /// Whether this side is to move.
    pub to_move: bool,
    /// Whether this side's king (general) is threatened: in check, or in Friendly chess
    /// open to a bond.
    pub threatened: bool,
    /// The pieces this side has captured, as the looking seat knows them.
    pub captured: Vec<CapturedView>,
}

/// One row of the move list: a move of each side, numbered.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveRow {
    /// The move number, from 1.
    pub number: u32,
    /// The first player's move; `None` when the game began with the second player to move.
    pub first: Option<String>,
    /// The second player's move, once played.
    pub second: Option<String>,
}

/// A promotion the player must choose before anything else (Friendly chess: a pawn the
/// opponent carried to its last rank), or the choice for the step just tapped.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PromotionChoice {
    /// Where the pawn is (or steps to).
    pub point: Point,
    /// The pieces it may become.
    pub choices: Vec<PieceKind>,
}

/// A piece lifted during a move made of several steps (Friendly chess: the released piece
/// that must step next hovers over its point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hovering {
    /// Where it hovers.
    pub point: Point,
    /// The piece.
    pub piece: PieceView,
}

/// Everything a board screen draws, for every game.
///
/// While the device waits to be handed to the next player ([`Awaiting::HandOver`]), no piece
/// is shown: `points` hold no piece, the bars no captures, the move list is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The game.
    pub variant: Variant,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Every point, rank by rank from rank 0, file 0 first: index `rank * files + file`.
    pub points: Vec<PointView>,
    /// The side to move (after the game ends: the side that would have moved).
    pub to_move: Color,
    /// Who the game waits for.
    pub awaiting: Awaiting,
    /// The point of the piece in hand, if any.
    pub selected: Option<Point>,
    /// Where the piece in hand may go, with what each step does.
    pub targets: Vec<Target>,
    /// The last move played, if any.
    pub last_move: Option<MoveRecord>,
    /// The point of the general (king) in check, if any.
    pub check: Option<Point>,
    /// A piece released in the middle of a chain, which moves next; `None` otherwise.
    pub hovering: Option<Hovering>,
    /// A promotion to choose now (one owed, or the step just tapped), if any.
    pub promotion: Option<PromotionChoice>,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
    /// Whether there is a move to take back.
    pub can_undo: bool,
    /// Whether the players may agree a draw (two people on this device, the game not over).
    pub can_agree_draw: bool,
    /// Whether a move of several steps has been started (and can be started again).
    pub move_started: bool,
    /// Moves played so far.
    pub ply_count: u32,
    /// The players' bars, the first player's first.
    pub players: Vec<PlayerBar>,
    /// The status line in the session's language: whose turn, check, the piece that moves
    /// next in a chain, the hand-over, the result.
    pub status: String,
    /// The result as a sentence, once the game is over.
    pub result: Option<String>,
    /// The move list, a row per move number.
    pub move_rows: Vec<MoveRow>,
    /// `Last move: C2=5`, for the board's accessible description.
    pub last_move_text: Option<String>,
    /// The hand-over screen's texts while the device waits to be handed over.
    pub hand_over: Option<crate::text::HandOverText>,
}

impl BoardView {
    /// The view of one point, if it is on the board.
    pub fn point(&self, p: Point) -> Option<&PointView> {
        if p.file >= self.files || p.rank >= self.ranks {
            return None;
        }
        self.points.get(usize::from(p.rank) * usize::from(self.files) + usize::from(p.file))
    }
}

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// A person using this device.
    Person,
    /// A bot of the given level (the engine's stable level name).
    Bot {
        /// The level's stable name (`novice` .. `full`, see [`crate::Level::id`]). A session
        /// also accepts the level's English or Slovak name and keeps the stable name.
        level: String,
    },
}

impl Player {
    /// The stored form: `person` or `bot:LEVEL`.
    pub fn to_text(&self) -> String {
        match self {
            Player::Person => "person".to_owned(),
            Player::Bot { level } => format!("bot:{level}"),
        }
    }

    /// Reads the stored form.
    pub fn from_text(text: &str) -> Option<Player> {
        match text {
            "person" => Some(Player::Person),
            _ => text
                .strip_prefix("bot:")
                .filter(|l| !l.is_empty())
                .map(|level| Player::Bot { level: level.to_owned() }),
        }
    }
}

/// Options of a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The game to play.
    pub variant: Variant,
    /// A handicap by its stable name (Xiangqi: `horse`, `two_horses`, `cannon`, `chariot`),
    /// given by the first player.
    pub handicap: Option<String>,
    /// A start position in the game's FEN instead of the usual one.
    pub fen: Option<String>,
    /// The rule set by its stable name (Jieqi: `default`, `nobody_sees_captured`, `tencent`,
    /// `vietnamese`, `pychess`); the default when `None`.
    pub rule_set: Option<String>,
    /// Who plays first (Red in Xiangqi).
    pub first: Player,
    /// Who plays second.
    pub second: Player,
    /// The seed a bot's choices follow in this game (saved with it). `None` draws a fresh
    /// one, so that games differ; tests and replays give one to get the same game again.
    pub bot_seed: Option<u64>,
}

impl NewGame {
    /// Two people on one device, from the usual start position.
    pub fn pass_and_play(variant: Variant) -> NewGame {
        NewGame {
            variant,
            handicap: None,
            fen: None,
            rule_set: None,
            first: Player::Person,
            second: Player::Person,
            bot_seed: None,
        }
    }
}

/// Why a tap or a drag did nothing, with the data a message needs (a UI says it from its
/// catalog; `Display` is the English for developers and the command line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// It is not a person's turn here (a bot is to move, or the device must be handed over).
    NotYourTurn,
    /// The point is not on the board.
    OffBoard,
    /// Nothing stands on the point, and no piece is selected.
    EmptyPoint,
    /// The piece belongs to the side not to move.
    OpponentPiece {
        /// The game, which names the sides.
        game: Variant,
        /// The side to move.
        to_move: Color,
    },
    /// The piece has no legal move.
    NoLegalMove {
        /// What the piece is (for a face-down piece, the kind it moves as).
        piece: PieceKind,
        /// Where it stands.
        point: Point,
    },
    /// The selected piece cannot go there.
    IllegalMove {
        /// Why, as the rules say it.
        reason: IllegalMoveReason,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NotYourTurn => f.write_str("it is not your turn"),
            Refusal::OffBoard => f.write_str("that point is not on the board"),
            Refusal::EmptyPoint => f.write_str("there is no piece there"),
            Refusal::OpponentPiece { game, to_move } => write!(
                f,
                "that piece is not yours to move: {} is to move",
                game.color_name(*to_move)
            ),
            Refusal::NoLegalMove { piece, point } => {
                write!(f, "the {} on {point} has no legal move", piece.name())
            }
            Refusal::IllegalMove { reason } => reason.fmt(f),
        }
    }
}

/// What a tap or a drag did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapResult {
    /// A piece was selected; its legal targets are in the view.
    Selected(Point),
    /// The selection was cleared.
    Deselected,
    /// A step was made and the move goes on: a chain released a piece, which steps next
    /// (it hovers over its bond; its targets are in the view).
    Stepped(Point),
    /// The step brings a pawn to its last rank: the view offers the pieces it may become
    /// (see [`BoardView::promotion`]); the choice completes the step.
    ChoosePromotion(PromotionChoice),
    /// A move was played.
    Moved(MoveRecord),
    /// Nothing happened, for this reason.
    Refused(Refusal),
}

/// What a saved game looks like in a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The saved game's id.
    pub id: i64,
    /// The game.
    pub variant: Variant,
    /// Who played first.
    pub first: Player,
    /// Who played second.
    pub second: Player,
    /// Moves played.
    pub ply_count: u32,
    /// How it ended, if it has.
    pub outcome: Option<Outcome>,
    /// When it was started, in milliseconds since 1970 (UTC).
    pub created_at_ms: i64,
    /// When it was last saved, in milliseconds since 1970 (UTC).
    pub updated_at_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_as_coordinates() {
        assert_eq!(Point::new(0, 0).to_string(), "a1");
        assert_eq!(Point::new(8, 9).to_string(), "i10");
    }

    #[test]
    fn every_refusal_says_something_of_its_own() {
        // An exhaustive match: a new variant fails to compile here until it has a sample.
        fn ordinal(r: &Refusal) -> usize {
            match r {
                Refusal::GameOver => 0,
                Refusal::NotYourTurn => 1,
                Refusal::OffBoard => 2,
                Refusal::EmptyPoint => 3,
                Refusal::OpponentPiece { .. } => 4,
                Refusal::NoLegalMove { .. } => 5,
                Refusal::IllegalMove { .. } => 6,
            }
        }
        let samples = [
            Refusal::GameOver,
            Refusal::NotYourTurn,
            Refusal::OffBoard,
            Refusal::EmptyPoint,
            Refusal::OpponentPiece { game: Variant::JesonMor, to_move: Color::Black },
            Refusal::NoLegalMove { piece: PieceKind::Cannon, point: Point::new(1, 2) },
            Refusal::IllegalMove { reason: IllegalMoveReason::LeavesCheck },
        ];
        let covered: std::collections::BTreeSet<usize> = samples.iter().map(ordinal).collect();
        assert_eq!(covered, (0..7).collect());
        let texts: std::collections::BTreeSet<String> =
            samples.iter().map(ToString::to_string).collect();
        assert_eq!(texts.len(), samples.len(), "{texts:#?}");
        assert!(texts.iter().all(|t| !t.is_empty()));
        assert_eq!(samples[4].to_string(), "that piece is not yours to move: green is to move");
        assert_eq!(samples[5].to_string(), "the cannon on b3 has no legal move");
    }

    #[test]
    fn players_round_trip_through_their_stored_form() {
        for p in [Player::Person, Player::Bot { level: "novice".into() }] {
            assert_eq!(Player::from_text(&p.to_text()), Some(p));
        }
        assert_eq!(Player::from_text("bot:"), None);
        assert_eq!(Player::from_text("robot"), None);
    }
}
