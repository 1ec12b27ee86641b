//! Typed errors for everything read from untrusted text or applied on request.

use std::error::Error;
use std::fmt;

use crate::IllegalMoveReason;

/// Why a FEN (or a FEN-like text) could not be read into a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty.
    Empty,
    /// The board field has the wrong number of ranks.
    RankCount {
        /// Ranks the game has.
        expected: usize,
        /// Ranks the text described.
        found: usize,
    },
    /// One rank of the board field describes too many or too few points.
    RankLength {
        /// The rank as counted from the top of the FEN, starting at 1.
        rank: usize,
        /// Points a rank has.
        expected: usize,
        /// Points the text described.
        found: usize,
    },
    /// A character in the board field is not a piece of this game.
    InvalidPiece {
        /// The character.
        ch: char,
    },
    /// A field other than the board could not be read.
    InvalidField {
        /// Which field (`turn`, `castling`, `en passant`, `halfmove clock`, ...).
        field: &'static str,
        /// The text found there.
        text: String,
    },
    /// The text has more fields than the game's FEN has.
    TrailingText {
        /// What was left over.
        text: String,
    },
    /// The text reads, but the position it describes cannot occur in the game.
    Setup(SetupError),
}

/// Why a position read from text is impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A side has no king (general).
    MissingKing {
        /// The side's name.
        side: &'static str,
    },
    /// A side has more than one king (general).
    TooManyKings {
        /// The side's name.
        side: &'static str,
    },
    /// A side has more pieces of one kind than the game allows.
    TooManyPieces {
        /// The piece's FEN letter.
        piece: char,
        /// The most the game allows.
        max: usize,
    },
    /// A piece stands on a point it can never reach.
    PieceOutOfPlace {
        /// The piece's FEN letter.
        piece: char,
        /// The point, in the game's coordinates.
        square: String,
    },
    /// The side that just moved has left its own king attacked.
    OppositeCheck,
    /// Any other impossibility, described in words.
    Other(String),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("empty FEN"),
            ParseFenError::RankCount { expected, found } => {
                write!(f, "FEN board has {found} ranks, expected {expected}")
            }
            ParseFenError::RankLength { rank, expected, found } => write!(
                f,
                "FEN rank {rank} (from the top) describes {found} points, expected {expected}"
            ),
            ParseFenError::InvalidPiece { ch } => {
                write!(f, "FEN board has {ch:?}, which is not a piece of this game")
            }
            ParseFenError::InvalidField { field, text } => {
                write!(f, "FEN {field} field {text:?} is not valid")
            }
            ParseFenError::TrailingText { text } => {
                write!(f, "FEN has unexpected text at the end: {text:?}")
            }
            ParseFenError::Setup(e) => write!(f, "impossible position: {e}"),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::MissingKing { side } => write!(f, "{side} has no king"),
            SetupError::TooManyKings { side } => write!(f, "{side} has more than one king"),
            SetupError::TooManyPieces { piece, max } => {
                write!(f, "more than {max} pieces {piece:?} on one side")
            }
            SetupError::PieceOutOfPlace { piece, square } => {
                write!(f, "piece {piece:?} cannot stand on {square}")
            }
            SetupError::OppositeCheck => {
                f.write_str("the side that just moved has left its king attacked")
            }
            SetupError::Other(text) => f.write_str(text),
        }
    }
}

impl Error for ParseFenError {}
impl Error for SetupError {}

impl From<SetupError> for ParseFenError {
    fn from(e: SetupError) -> Self {
        ParseFenError::Setup(e)
    }
}

/// Why a move text could not be read in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// The text is not a move in any notation this game reads.
    Syntax {
        /// The text.
        text: String,
    },
    /// The text is well formed but names no legal move here (for example no such piece, or a
    /// destination the piece cannot reach).
    Illegal {
        /// The text.
        text: String,
        /// Why.
        reason: IllegalMoveReason,
    },
    /// The text fits more than one legal move (a WXF text missing its front/rear mark).
    Ambiguous {
        /// The text.
        text: String,
    },
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Syntax { text } => write!(f, "{text:?} is not a move"),
            ParseMoveError::Illegal { text, reason } => {
                write!(f, "{text:?} is not a legal move here: {reason}")
            }
            ParseMoveError::Ambiguous { text } => {
                write!(f, "{text:?} fits more than one move; say which piece")
            }
        }
    }
}

impl Error for ParseMoveError {}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move text could not be read, or names no legal move.
    Text(ParseMoveError),
    /// The move is not legal in the position.
    IllegalMove {
        /// The move in the game's coordinate text.
        text: String,
    },
    /// The position allows the move, but the game's history forbids it (a rule set's cap on
    /// consecutive checks or chases).
    Forbidden {
        /// The move in the game's coordinate text.
        text: String,
    },
    /// The move turns up something the record does not know (a Jieqi seat's record: what a
    /// face-down piece is); it must be played with what it revealed.
    Chance {
        /// The move in the game's coordinate text.
        text: String,
    },
    /// The game has already ended.
    GameOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Text(e) => e.fmt(f),
            PlayError::IllegalMove { text } => write!(f, "{text} is not a legal move here"),
            PlayError::Forbidden { text } => {
                write!(f, "{text} is not allowed here: the rules forbid repeating it")
            }
            PlayError::Chance { text } => {
                write!(f, "{text} turns a piece up: say what it revealed")
            }
            PlayError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl Error for PlayError {}

impl From<ParseMoveError> for PlayError {
    fn from(e: ParseMoveError) -> Self {
        PlayError::Text(e)
    }
}
