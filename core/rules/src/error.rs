//! Typed errors for everything read from untrusted text or applied on request.

use std::error::Error;
use std::fmt;

use crate::{Color, IllegalMoveReason, PieceKind, Point, Seat, Variant};

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

/// Why a position read from text is impossible, with the data a message needs.
///
/// Variants that name a side carry the game when more than one game gives them, since each
/// game names its sides (`red`, `green`, `white`); a variant only one game gives (marked with
/// it) names its sides as that game does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A side has no king (general).
    MissingKing {
        /// The game, which names the sides.
        game: Variant,
        /// The side.
        side: Color,
    },
    /// A side has more than one king (general).
    TooManyKings {
        /// The game, which names the sides.
        game: Variant,
        /// The side.
        side: Color,
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
        /// The point.
        square: Point,
    },
    /// The side that just moved has left its own king attacked.
    OppositeCheck,
    /// A side has more pieces in all than the game starts it with.
    TooManyPiecesInAll {
        /// The game, which names the sides.
        game: Variant,
        /// The side.
        side: Color,
        /// The most the game allows.
        max: usize,
    },
    /// Both kings stand on one square (Friendly chess: a king never bonds with a king).
    KingsShareSquare,
    /// A king is bonded, which ends the game, but its own side is not the one to move, so
    /// the game went on after it ended (Friendly chess).
    BondedKingNotToMove {
        /// The bonded king's side.
        king: Color,
        /// The side to move.
        to_move: Color,
    },
    /// A game won by bonding a king says a promotion is owed (Friendly chess).
    WonGameOwesPromotion,
    /// The owed promotion's square holds no pawn of the side to move in a bond on its last
    /// rank (Friendly chess).
    OwedPromotionWithoutPawn {
        /// The owed promotion's square.
        square: Point,
        /// The side to move, who owes it.
        side: Color,
    },
    /// A side may castle, but its king or that rook is not on its starting square (Friendly
    /// chess).
    CastlingWithoutKingAndRook {
        /// The side.
        side: Color,
        /// The king's starting square.
        king: Point,
        /// The rook's starting square.
        rook: Point,
    },
    /// The en passant square is not one a pawn of the side that just moved has passed with
    /// a double step (Friendly chess).
    EnPassantWithoutDoubleStep {
        /// The side that just moved.
        side: Color,
        /// The en passant square.
        square: Point,
    },
    /// A captured general (Jieqi: a general is never captured, the game ends first).
    GeneralCaptured,
    /// A view names what a captured face-down piece was, which its seat cannot know
    /// (Jieqi).
    CapturedIdentityUnknowable {
        /// The view's seat.
        seat: Seat,
        /// The captured piece's side.
        side: Color,
    },
    /// A view leaves unnamed a face-down piece its seat captured and saw (Jieqi).
    CapturedIdentityMissing {
        /// The view's seat.
        seat: Seat,
        /// The captured piece's side.
        side: Color,
    },
    /// A piece captured face up is left unnamed, though everyone saw it (Jieqi).
    FaceUpCaptureUnknown,
    /// A side's pool holds more or fewer identities than it has face-down pieces whose
    /// identity the view does not know (Jieqi).
    PoolSize {
        /// The side.
        side: Color,
        /// The identities in its pool.
        identities: u32,
        /// Its face-down pieces on the board, and captured unseen.
        face_down: u32,
    },
    /// A view FEN (with a pool instead of the hidden identities) was given as the true
    /// position (Jieqi).
    ViewFenAsTruth,
    /// A true position's face-down piece has no identity (Jieqi).
    IdentityMissing {
        /// Its point.
        square: Point,
    },
    /// A true position leaves a captured piece unnamed (Jieqi: `(X)` and `(x)` belong in
    /// views).
    UnknownCaptureInTruth,
    /// A face-down piece is said to be a general (Jieqi: generals start face up).
    FaceDownGeneral {
        /// Its point.
        square: Point,
    },
    /// A side's pieces of one kind do not add up to what it starts with (Jieqi).
    PiecesDoNotAddUp {
        /// The side.
        side: Color,
        /// The kind.
        piece: PieceKind,
        /// How many were counted.
        count: u32,
        /// Where they were counted.
        tally: Tally,
        /// How many a side starts with.
        start: u8,
    },
    /// The side that just moved has no knight, so it cannot have moved (Jeson Mor).
    NoKnightForLastMove {
        /// The side that just moved.
        side: Color,
    },
    /// The FEN says the side that just moved won by leaving the centre, but the centre is
    /// not empty or none of its knights stands a jump away from it (Jeson Mor).
    CentreWinImpossible {
        /// The side that just moved.
        side: Color,
    },
}

/// Where a Jieqi side's pieces were counted when they do not add up
/// ([`SetupError::PiecesDoNotAddUp`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tally {
    /// On the board (face up or face down) and among the captured (the true position).
    BoardAndCaptured,
    /// Face up, among the captured whose identity is known, and in the pool (a view).
    FaceUpCapturedAndPool,
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tally::BoardAndCaptured => "on the board and captured",
            Tally::FaceUpCapturedAndPool => "face up, captured and in the pool",
        })
    }
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
        let friendly = |c: Color| Variant::Friendly.color_name(c);
        let jieqi = |c: Color| Variant::Jieqi.color_name(c);
        let jeson_mor = |c: Color| Variant::JesonMor.color_name(c);
        match self {
            SetupError::MissingKing { game, side } => {
                write!(f, "{} has no king", game.color_name(*side))
            }
            SetupError::TooManyKings { game, side } => {
                write!(f, "{} has more than one king", game.color_name(*side))
            }
            SetupError::TooManyPieces { piece, max } => {
                write!(f, "more than {max} pieces {piece:?} on one side")
            }
            SetupError::PieceOutOfPlace { piece, square } => {
                write!(f, "piece {piece:?} cannot stand on {square}")
            }
            SetupError::OppositeCheck => {
                f.write_str("the side that just moved has left its king attacked")
            }
            SetupError::TooManyPiecesInAll { game, side, max } => {
                write!(f, "{} has more than {max} pieces", game.color_name(*side))
            }
            SetupError::KingsShareSquare => f.write_str("the two kings share a square"),
            SetupError::BondedKingNotToMove { king, to_move } => write!(
                f,
                "the {} king is bonded, but {} is to move",
                friendly(*king),
                friendly(*to_move)
            ),
            SetupError::WonGameOwesPromotion => {
                f.write_str("a game won by bonding a king owes no promotion")
            }
            SetupError::OwedPromotionWithoutPawn { square, side } => write!(
                f,
                "the owed promotion on {square} needs a {} pawn in a bond on its last rank",
                friendly(*side)
            ),
            SetupError::CastlingWithoutKingAndRook { side, king, rook } => write!(
                f,
                "{} may castle only with its king on {king} and its rook on {rook}",
                friendly(*side)
            ),
            SetupError::EnPassantWithoutDoubleStep { side, square } => {
                write!(f, "no {} pawn has just passed {square} with a double step", friendly(*side))
            }
            SetupError::GeneralCaptured => f.write_str("a general is never captured"),
            SetupError::CapturedIdentityUnknowable { seat, side } => write!(
                f,
                "the {seat}'s view cannot know what a captured face-down {} piece was",
                jieqi(*side)
            ),
            SetupError::CapturedIdentityMissing { seat, side } => write!(
                f,
                "the {seat}'s view knows every face-down {} piece it captured",
                jieqi(*side)
            ),
            SetupError::FaceUpCaptureUnknown => {
                f.write_str("a piece captured face up is known to everyone")
            }
            SetupError::PoolSize { side, identities, face_down } => write!(
                f,
                "{}'s pool holds {identities} identities for {face_down} face-down pieces (on \
                 the board or captured unseen)",
                jieqi(*side)
            ),
            SetupError::ViewFenAsTruth => f.write_str(
                "this is a view FEN (a pool instead of the hidden identities): read it as a \
                 JieqiView, or deal the identities with Jieqi::deal",
            ),
            SetupError::IdentityMissing { square } => {
                write!(f, "the identity of the face-down piece on {square} is missing")
            }
            SetupError::UnknownCaptureInTruth => {
                f.write_str("a full FEN names every captured piece; (X) and (x) belong in views")
            }
            SetupError::FaceDownGeneral { square } => write!(
                f,
                "the face-down piece on {square} cannot be a general: generals start face up"
            ),
            SetupError::PiecesDoNotAddUp { side, piece, count, tally, start } => write!(
                f,
                "{} has {count} {}(s) {tally}, but a side has {start}",
                jieqi(*side),
                piece.name()
            ),
            SetupError::NoKnightForLastMove { side } => write!(
                f,
                "{} has no knight, so it cannot have made the last move",
                jeson_mor(*side)
            ),
            SetupError::CentreWinImpossible { side } => {
                let side = jeson_mor(*side);
                write!(
                    f,
                    "the FEN says {side} has just won by leaving e5, but e5 is not empty or no \
                     {side} knight stands a jump away from it"
                )
            }
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Every variant's place in the declaration; a new variant fails to compile here until
    /// it gets a place, and the test below until it gets a sample.
    fn ordinal(e: &SetupError) -> usize {
        match e {
            SetupError::MissingKing { .. } => 0,
            SetupError::TooManyKings { .. } => 1,
            SetupError::TooManyPieces { .. } => 2,
            SetupError::PieceOutOfPlace { .. } => 3,
            SetupError::OppositeCheck => 4,
            SetupError::TooManyPiecesInAll { .. } => 5,
            SetupError::KingsShareSquare => 6,
            SetupError::BondedKingNotToMove { .. } => 7,
            SetupError::WonGameOwesPromotion => 8,
            SetupError::OwedPromotionWithoutPawn { .. } => 9,
            SetupError::CastlingWithoutKingAndRook { .. } => 10,
            SetupError::EnPassantWithoutDoubleStep { .. } => 11,
            SetupError::GeneralCaptured => 12,
            SetupError::CapturedIdentityUnknowable { .. } => 13,
            SetupError::CapturedIdentityMissing { .. } => 14,
            SetupError::FaceUpCaptureUnknown => 15,
            SetupError::PoolSize { .. } => 16,
            SetupError::ViewFenAsTruth => 17,
            SetupError::IdentityMissing { .. } => 18,
            SetupError::UnknownCaptureInTruth => 19,
            SetupError::FaceDownGeneral { .. } => 20,
            SetupError::PiecesDoNotAddUp { .. } => 21,
            SetupError::NoKnightForLastMove { .. } => 22,
            SetupError::CentreWinImpossible { .. } => 23,
        }
    }
    const VARIANTS: usize = 24;

    fn samples() -> Vec<SetupError> {
        let (a, b) = (Point::new(4, 0), Point::new(7, 0));
        let seat = Seat::Player(Color::White);
        vec![
            SetupError::MissingKing { game: Variant::JesonMor, side: Color::Black },
            SetupError::TooManyKings { game: Variant::Xiangqi, side: Color::White },
            SetupError::TooManyPieces { piece: 'P', max: 8 },
            SetupError::PieceOutOfPlace { piece: 'A', square: a },
            SetupError::OppositeCheck,
            SetupError::TooManyPiecesInAll { game: Variant::Friendly, side: Color::White, max: 16 },
            SetupError::KingsShareSquare,
            SetupError::BondedKingNotToMove { king: Color::White, to_move: Color::Black },
            SetupError::WonGameOwesPromotion,
            SetupError::OwedPromotionWithoutPawn { square: a, side: Color::White },
            SetupError::CastlingWithoutKingAndRook { side: Color::White, king: a, rook: b },
            SetupError::EnPassantWithoutDoubleStep { side: Color::Black, square: a },
            SetupError::GeneralCaptured,
            SetupError::CapturedIdentityUnknowable { seat, side: Color::White },
            SetupError::CapturedIdentityMissing { seat, side: Color::Black },
            SetupError::FaceUpCaptureUnknown,
            SetupError::PoolSize { side: Color::White, identities: 2, face_down: 1 },
            SetupError::ViewFenAsTruth,
            SetupError::IdentityMissing { square: a },
            SetupError::UnknownCaptureInTruth,
            SetupError::FaceDownGeneral { square: a },
            SetupError::PiecesDoNotAddUp {
                side: Color::White,
                piece: PieceKind::Chariot,
                count: 1,
                tally: Tally::BoardAndCaptured,
                start: 2,
            },
            SetupError::PiecesDoNotAddUp {
                side: Color::White,
                piece: PieceKind::Chariot,
                count: 1,
                tally: Tally::FaceUpCapturedAndPool,
                start: 2,
            },
            SetupError::NoKnightForLastMove { side: Color::White },
            SetupError::CentreWinImpossible { side: Color::Black },
        ]
    }

    #[test]
    fn every_impossibility_says_something_of_its_own() {
        let samples = samples();
        let covered: BTreeSet<usize> = samples.iter().map(ordinal).collect();
        assert_eq!(covered, (0..VARIANTS).collect(), "a sample of every variant");
        let texts: BTreeSet<String> = samples.iter().map(ToString::to_string).collect();
        assert_eq!(texts.len(), samples.len(), "distinct sentences: {texts:#?}");
        assert!(texts.iter().all(|t| !t.is_empty()));
    }

    #[test]
    fn impossibilities_say_what_they_said_as_sentences() {
        let (a, b) = (Point::new(4, 0), Point::new(7, 0));
        let said = |e: SetupError| e.to_string();
        assert_eq!(
            said(SetupError::MissingKing { game: Variant::JesonMor, side: Color::Black }),
            "green has no king"
        );
        assert_eq!(
            said(SetupError::CastlingWithoutKingAndRook { side: Color::White, king: a, rook: b }),
            "white may castle only with its king on e1 and its rook on h1"
        );
        assert_eq!(
            said(SetupError::PiecesDoNotAddUp {
                side: Color::Black,
                piece: PieceKind::Horse,
                count: 3,
                tally: Tally::FaceUpCapturedAndPool,
                start: 2,
            }),
            "black has 3 horse(s) face up, captured and in the pool, but a side has 2"
        );
        assert_eq!(
            said(SetupError::PoolSize { side: Color::White, identities: 2, face_down: 1 }),
            "red's pool holds 2 identities for 1 face-down pieces (on the board or captured \
             unseen)"
        );
        assert_eq!(
            said(SetupError::CapturedIdentityUnknowable {
                seat: Seat::Player(Color::Black),
                side: Color::Black
            }),
            "the black's view cannot know what a captured face-down black piece was"
        );
        assert_eq!(
            said(SetupError::CentreWinImpossible { side: Color::White }),
            "the FEN says red has just won by leaving e5, but e5 is not empty or no red knight \
             stands a jump away from it"
        );
    }
}
