//! Why the rules refuse a move: typed reasons with the data a message needs, so that a UI
//! can say them in any language. The English `Display` is the developer's (and the command
//! line's) form; players read the app's catalog.

use std::fmt;

use crate::friendly::StepError;
use crate::jieqi::{MoveEvent, ViewPlayError};
use crate::{Color, PieceKind, Point, Variant};

/// Why a well-formed move text names no legal move here ([`crate::ParseMoveError::Illegal`]).
///
/// Variants that name a side carry the game when more than one game gives them, since each
/// game names its sides (`red`, `green`, `white`); a variant only one game gives names its
/// sides as that game does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMoveReason {
    /// No piece stands on the move's starting point (Xiangqi, Jieqi).
    NoPiece {
        /// The starting point.
        square: Point,
    },
    /// The piece on the starting point belongs to the side not to move.
    NotYourPiece {
        /// The game, which names the sides.
        game: Variant,
        /// The starting point.
        square: Point,
        /// What the piece is; for a face-down piece, the kind it moves as.
        piece: PieceKind,
        /// Whether the piece lies face down (Jieqi).
        face_down: bool,
        /// Whose piece it is.
        owner: Color,
        /// The side to move.
        to_move: Color,
    },
    /// The piece has no way to the destination, not even one that would expose its general:
    /// it does not move so, its way is blocked, or a piece of its own side stands there
    /// (Xiangqi, Jieqi).
    CannotReach {
        /// What the piece is; for a face-down piece, the kind it moves as.
        piece: PieceKind,
        /// Whether the piece lies face down (Jieqi).
        face_down: bool,
        /// The starting point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// The move opens the file between the two generals (Xiangqi).
    GeneralsFace,
    /// The side to move is in check, and the move does not end it (Xiangqi, Jieqi).
    StaysInCheck,
    /// The move would put the mover's own general in check (Xiangqi).
    LeavesCheck,
    /// The move would leave the mover's own general attacked, by a piece or by the other
    /// general across an open file; Jieqi's check does not tell the two apart.
    LeavesGeneralAttacked,
    /// No legal move fits a WXF text (`C2.5` where no cannon stands on file 2).
    NoWxfMatch,
    /// The move turns a piece up, and the text does not say what it revealed: a record
    /// that cannot know (a Jieqi seat's) must be told.
    RevealMissing,
    /// The text says what the move reveals, but it moves a face-up piece (Jieqi).
    RevealsNothing,
    /// The text has a capture note, but the move captures nothing (Jieqi).
    CapturesNothing,
    /// The capture note does not fit the piece on the destination (Jieqi): another piece,
    /// a face-up piece noted as face down or the other way round, or a general.
    CaptureNoteMisfit,
    /// The notes of a game record's move disagree with what it does in the true position
    /// (Jieqi).
    RecordDisagrees {
        /// What the move does, as the true position tells it.
        record: MoveEvent,
    },
    /// A seat's view refuses the move with what the text says it revealed or captured
    /// (Jieqi). Boxed: a view's refusal can hold a refused text, which holds a reason.
    View(Box<ViewPlayError>),
    /// The text chooses the owed promotion of a pawn on another square (Friendly chess).
    OwedPromotionElsewhere {
        /// Where the pawn that owes its promotion stands.
        owed: Point,
        /// The square the text named.
        given: Point,
    },
    /// A promotion is owed, and the text does not choose it before moving (Friendly chess).
    PromotionOwedFirst {
        /// Where the pawn that owes its promotion stands.
        square: Point,
        /// The move text, trimmed, for the example of what to write instead.
        text: String,
    },
    /// A step of the move cannot be taken (Friendly chess).
    Step {
        /// Which step of the text, counted from 1; `None` for the lift or the owed promotion,
        /// or for input taken one step at a time.
        number: Option<usize>,
        /// Why.
        error: StepError,
    },
    /// Every step can be taken, but no legal move leads to the position they reach
    /// (Friendly chess).
    NoMoveLeadsThere,
    /// The game is over: the side that just moved won by leaving the centre (Jeson Mor).
    WonByLeavingCentre {
        /// The winner.
        winner: Color,
    },
    /// The game is over: the side to move has no knight left (Jeson Mor).
    NoKnightLeft {
        /// The side to move.
        side: Color,
    },
    /// No knight stands on the move's starting point (Jeson Mor).
    NoKnight {
        /// The starting point.
        square: Point,
    },
    /// The move is no knight's jump (Jeson Mor).
    NotAKnightJump {
        /// The starting point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// A knight of the mover's own stands on the destination (Jeson Mor).
    OwnKnightThere {
        /// The side to move.
        side: Color,
        /// The destination.
        square: Point,
    },
    /// The position allows the move, but the game's history forbids it (a rule set's cap on
    /// repeated checks or chases).
    Forbidden,
    /// The rules refuse the move and tell nothing more: it was checked for legality only
    /// (a move given as a move, not as text).
    NotLegal,
}

/// A piece as a message names it: its kind, or for a face-down piece what it moves as.
struct PieceWords {
    piece: PieceKind,
    face_down: bool,
}

impl fmt::Display for PieceWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.face_down {
            write!(f, "face-down piece (moving as a {})", self.piece.name())
        } else {
            f.write_str(self.piece.name())
        }
    }
}

impl fmt::Display for IllegalMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let jeson_mor = |c: Color| Variant::JesonMor.color_name(c);
        match self {
            IllegalMoveReason::NoPiece { square } => write!(f, "there is no piece on {square}"),
            IllegalMoveReason::NotYourPiece { game, square, piece, face_down, owner, to_move } => {
                write!(
                    f,
                    "the {} on {square} belongs to {}, and {} is to move",
                    PieceWords { piece: *piece, face_down: *face_down },
                    game.color_name(*owner),
                    game.color_name(*to_move)
                )
            }
            IllegalMoveReason::CannotReach { piece, face_down, from, to } => write!(
                f,
                "the {} on {from} cannot move to {to}",
                PieceWords { piece: *piece, face_down: *face_down }
            ),
            IllegalMoveReason::GeneralsFace => {
                f.write_str("the generals would face each other on an open file")
            }
            IllegalMoveReason::StaysInCheck => {
                f.write_str("it does not get the general out of check")
            }
            IllegalMoveReason::LeavesCheck => f.write_str("it would leave the general in check"),
            IllegalMoveReason::LeavesGeneralAttacked => {
                f.write_str("it would leave the general attacked")
            }
            IllegalMoveReason::NoWxfMatch => f.write_str("no legal move fits this WXF text"),
            IllegalMoveReason::RevealMissing => {
                f.write_str("it turns up a piece: say what it revealed")
            }
            IllegalMoveReason::RevealsNothing => {
                f.write_str("it moves a face-up piece, which reveals nothing")
            }
            IllegalMoveReason::CapturesNothing => f.write_str("it captures nothing"),
            IllegalMoveReason::CaptureNoteMisfit => {
                f.write_str("the capture note does not fit the piece on the target point")
            }
            IllegalMoveReason::RecordDisagrees { record } => {
                write!(f, "the game record says {record}")
            }
            IllegalMoveReason::View(e) => e.fmt(f),
            IllegalMoveReason::OwedPromotionElsewhere { owed, given } => {
                write!(f, "the owed promotion is on {owed}, not on {given}")
            }
            IllegalMoveReason::PromotionOwedFirst { square, text } => write!(
                f,
                "first choose the piece for the pawn on {square}, for example {square}=Q:{text}"
            ),
            IllegalMoveReason::Step { number: None, error } => error.fmt(f),
            IllegalMoveReason::Step { number: Some(n), error } => write!(f, "step {n}: {error}"),
            IllegalMoveReason::NoMoveLeadsThere => {
                f.write_str("no legal move leads to that position")
            }
            IllegalMoveReason::WonByLeavingCentre { winner } => {
                write!(f, "the game is over: {} has won by leaving the centre", jeson_mor(*winner))
            }
            IllegalMoveReason::NoKnightLeft { side } => {
                write!(f, "the game is over: {} has no knight left", jeson_mor(*side))
            }
            IllegalMoveReason::NoKnight { square } => write!(f, "there is no knight on {square}"),
            IllegalMoveReason::NotAKnightJump { from, to } => {
                write!(f, "a knight cannot jump from {from} to {to}")
            }
            IllegalMoveReason::OwnKnightThere { side, square } => {
                write!(f, "{} already has a knight on {square}", jeson_mor(*side))
            }
            IllegalMoveReason::Forbidden => {
                f.write_str("the rules forbid this move here (repetition)")
            }
            IllegalMoveReason::NotLegal => f.write_str("it is not a legal move here"),
        }
    }
}

impl From<ViewPlayError> for IllegalMoveReason {
    fn from(e: ViewPlayError) -> Self {
        IllegalMoveReason::View(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::{friendly, jieqi, xiangqi};

    /// Every variant's place in the declaration; a new variant fails to compile here until
    /// it gets a place, and the test below until it gets a sample.
    fn ordinal(r: &IllegalMoveReason) -> usize {
        match r {
            IllegalMoveReason::NoPiece { .. } => 0,
            IllegalMoveReason::NotYourPiece { .. } => 1,
            IllegalMoveReason::CannotReach { .. } => 2,
            IllegalMoveReason::GeneralsFace => 3,
            IllegalMoveReason::StaysInCheck => 4,
            IllegalMoveReason::LeavesCheck => 5,
            IllegalMoveReason::LeavesGeneralAttacked => 6,
            IllegalMoveReason::NoWxfMatch => 7,
            IllegalMoveReason::RevealMissing => 8,
            IllegalMoveReason::RevealsNothing => 9,
            IllegalMoveReason::CapturesNothing => 10,
            IllegalMoveReason::CaptureNoteMisfit => 11,
            IllegalMoveReason::RecordDisagrees { .. } => 12,
            IllegalMoveReason::View(_) => 13,
            IllegalMoveReason::OwedPromotionElsewhere { .. } => 14,
            IllegalMoveReason::PromotionOwedFirst { .. } => 15,
            IllegalMoveReason::Step { .. } => 16,
            IllegalMoveReason::NoMoveLeadsThere => 17,
            IllegalMoveReason::WonByLeavingCentre { .. } => 18,
            IllegalMoveReason::NoKnightLeft { .. } => 19,
            IllegalMoveReason::NoKnight { .. } => 20,
            IllegalMoveReason::NotAKnightJump { .. } => 21,
            IllegalMoveReason::OwnKnightThere { .. } => 22,
            IllegalMoveReason::Forbidden => 23,
            IllegalMoveReason::NotLegal => 24,
        }
    }
    const VARIANTS: usize = 25;

    fn samples() -> Vec<IllegalMoveReason> {
        let (a, b) = (Point::new(1, 0), Point::new(2, 2));
        let e1e2 = xiangqi::Move::parse_coordinate("e1e2").expect("a move");
        vec![
            IllegalMoveReason::NoPiece { square: a },
            IllegalMoveReason::NotYourPiece {
                game: Variant::Jieqi,
                square: a,
                piece: PieceKind::Horse,
                face_down: true,
                owner: Color::Black,
                to_move: Color::White,
            },
            IllegalMoveReason::CannotReach {
                piece: PieceKind::Horse,
                face_down: false,
                from: a,
                to: b,
            },
            IllegalMoveReason::GeneralsFace,
            IllegalMoveReason::StaysInCheck,
            IllegalMoveReason::LeavesCheck,
            IllegalMoveReason::LeavesGeneralAttacked,
            IllegalMoveReason::NoWxfMatch,
            IllegalMoveReason::RevealMissing,
            IllegalMoveReason::RevealsNothing,
            IllegalMoveReason::CapturesNothing,
            IllegalMoveReason::CaptureNoteMisfit,
            IllegalMoveReason::RecordDisagrees {
                record: jieqi::MoveEvent {
                    mv: e1e2,
                    color: Color::White,
                    revealed: None,
                    captured: None,
                },
            },
            jieqi::ViewPlayError::RevealMissing { mv: e1e2 }.into(),
            IllegalMoveReason::OwedPromotionElsewhere { owed: a, given: b },
            IllegalMoveReason::PromotionOwedFirst { square: a, text: "a1a2".into() },
            IllegalMoveReason::Step { number: None, error: friendly::StepError::NothingLifted },
            IllegalMoveReason::Step { number: Some(2), error: friendly::StepError::NothingLifted },
            IllegalMoveReason::NoMoveLeadsThere,
            IllegalMoveReason::WonByLeavingCentre { winner: Color::Black },
            IllegalMoveReason::NoKnightLeft { side: Color::White },
            IllegalMoveReason::NoKnight { square: a },
            IllegalMoveReason::NotAKnightJump { from: a, to: b },
            IllegalMoveReason::OwnKnightThere { side: Color::White, square: b },
            IllegalMoveReason::Forbidden,
            IllegalMoveReason::NotLegal,
        ]
    }

    #[test]
    fn every_reason_says_something_of_its_own() {
        let samples = samples();
        let covered: BTreeSet<usize> = samples.iter().map(ordinal).collect();
        assert_eq!(covered, (0..VARIANTS).collect(), "a sample of every variant");
        let texts: BTreeSet<String> = samples.iter().map(ToString::to_string).collect();
        assert_eq!(texts.len(), samples.len(), "distinct sentences: {texts:#?}");
        assert!(texts.iter().all(|t| !t.is_empty()));
    }

    #[test]
    fn sides_are_named_as_each_game_names_them() {
        let r = IllegalMoveReason::NotYourPiece {
            game: Variant::JesonMor,
            square: Point::new(2, 8),
            piece: PieceKind::Knight,
            face_down: false,
            owner: Color::Black,
            to_move: Color::White,
        };
        assert_eq!(r.to_string(), "the knight on c9 belongs to green, and red is to move");
        let r = IllegalMoveReason::WonByLeavingCentre { winner: Color::Black };
        assert_eq!(r.to_string(), "the game is over: green has won by leaving the centre");
    }
}
