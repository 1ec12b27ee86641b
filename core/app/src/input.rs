//! Taps and drags into moves, on any [`Board`]: lift a piece of the side to move, step it to
//! a legal target (in Friendly chess each released piece in turn), put it back on a second
//! tap, choose a promotion, or refuse with a reason. A game session and a puzzle session
//! both enter moves through this, so a puzzle is solved with the very taps a game is played
//! with; what happens to the completed move is theirs ([`Entered::Done`]).

use rodina_rules::Seat;

use crate::board::Board;
use crate::entry::Stepped;
use crate::model::{PieceKind, Point, PromotionChoice, Refusal, TapResult};

/// What a tap, a drag or a promotion choice did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Entered<M> {
    /// The input went on or was refused: never [`TapResult::Moved`].
    Tap(TapResult),
    /// A move was completed: the board's [`Board::Done`].
    Done(M),
}

/// The state of a move being entered beyond the board's own: the step that waits for its
/// promotion to be chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Input {
    pending_promotion: Option<Point>,
}

impl Input {
    /// The step waiting for its promotion, if any.
    pub(crate) fn pending(&self) -> Option<Point> {
        self.pending_promotion
    }

    /// Forgets a step waiting for its promotion (the position changed).
    pub(crate) fn clear(&mut self) {
        self.pending_promotion = None;
    }

    /// A tap on `p` by the person looking as `seat`; `refusal` says why nobody may touch the
    /// pieces now, if so. A refused step keeps the piece in hand, so the player can try
    /// another point.
    pub(crate) fn tap<B: Board + ?Sized>(
        &mut self,
        board: &mut B,
        seat: Seat,
        refusal: Option<Refusal>,
        p: Point,
    ) -> Entered<B::Done> {
        if !board.on_board(p) {
            return Entered::Tap(TapResult::Refused(Refusal::OffBoard));
        }
        if let Some(refusal) = refusal {
            board.entry_mut().restart();
            return Entered::Tap(TapResult::Refused(refusal));
        }
        if let Some(point) = self.pending_promotion {
            // The same point again: the promotion is asked again. A tap elsewhere while it
            // is asked: the step is not made.
            if point == p {
                if let Some(choice) = self.promotion_choice(board, true) {
                    return Entered::Tap(TapResult::ChoosePromotion(choice));
                }
            }
            self.pending_promotion = None;
        }
        let Some(lifted) = board.entry().lifted() else {
            return Entered::Tap(match board.entry_mut().lift(p) {
                Ok(lift) => TapResult::Selected(lift.point),
                Err(refusal) => TapResult::Refused(refusal),
            });
        };
        if lifted.point == p && !lifted.released {
            board.entry_mut().restart();
            return Entered::Tap(TapResult::Deselected);
        }
        // Another piece of the mover's, before any step: lift that one instead.
        if !lifted.released && !board.entry().targets().iter().any(|t| t.point == p) {
            let to_move = board.to_move();
            let files = usize::from(board.size().0);
            let index = usize::from(p.rank) * files + usize::from(p.file);
            let own = board
                .board(seat)
                .get(index)
                .is_some_and(|cell| cell.iter().flatten().any(|piece| piece.side == to_move));
            if own {
                board.entry_mut().restart();
                return Entered::Tap(match board.entry_mut().lift(p) {
                    Ok(lift) => TapResult::Selected(lift.point),
                    Err(refusal) => TapResult::Refused(refusal),
                });
            }
        }
        self.step_to(board, p, None)
    }

    /// A piece dragged from `from` and dropped on `to`: lifts it and steps it there. A drop
    /// on the starting point is a tap there (it lifts), and a refused drop leaves the piece
    /// lifted so its targets show.
    pub(crate) fn drag<B: Board + ?Sized>(
        &mut self,
        board: &mut B,
        seat: Seat,
        refusal: Option<Refusal>,
        from: Point,
        to: Point,
    ) -> Entered<B::Done> {
        if !board.on_board(from) || !board.on_board(to) {
            return Entered::Tap(TapResult::Refused(Refusal::OffBoard));
        }
        let lifted_here = board.entry().lifted().is_some_and(|l| l.point == from);
        if from == to {
            return if lifted_here {
                Entered::Tap(TapResult::Selected(from))
            } else {
                self.tap(board, seat, refusal, from)
            };
        }
        if let Some(refusal) = refusal {
            board.entry_mut().restart();
            return Entered::Tap(TapResult::Refused(refusal));
        }
        if !lifted_here {
            board.entry_mut().restart();
            if let Err(refusal) = board.entry_mut().lift(from) {
                return Entered::Tap(TapResult::Refused(refusal));
            }
        }
        self.pending_promotion = None;
        self.step_to(board, to, None)
    }

    /// Chooses the piece a pawn becomes: the promotion of the step just tapped, or one owed
    /// after the opponent carried a pawn to its last rank.
    pub(crate) fn choose_promotion<B: Board + ?Sized>(
        &mut self,
        board: &mut B,
        refusal: Option<Refusal>,
        kind: PieceKind,
    ) -> Entered<B::Done> {
        if let Some(refusal) = refusal {
            return Entered::Tap(TapResult::Refused(refusal));
        }
        if let Some(to) = self.pending_promotion.take() {
            return self.step_to(board, to, Some(kind));
        }
        Entered::Tap(match board.entry_mut().choose_owed(kind) {
            Ok(()) => TapResult::Deselected,
            Err(refusal) => TapResult::Refused(refusal),
        })
    }

    /// Starts the move being entered again: the lifted piece back, a chain's steps undone.
    /// Returns whether there was anything to undo.
    pub(crate) fn restart<B: Board + ?Sized>(&mut self, board: &mut B) -> bool {
        let pending = self.pending_promotion.take().is_some();
        board.entry_mut().restart() || pending
    }

    /// The promotion to choose now: the one the step just tapped needs, or one owed while a
    /// person may move (`person`).
    pub(crate) fn promotion_choice<B: Board + ?Sized>(
        &self,
        board: &B,
        person: bool,
    ) -> Option<PromotionChoice> {
        if let Some(point) = self.pending_promotion {
            let choices = board
                .entry()
                .targets()
                .into_iter()
                .find(|t| t.point == point)
                .map(|t| t.promotions)
                .unwrap_or_default();
            return Some(PromotionChoice { point, choices });
        }
        if person { board.entry().owed() } else { None }
    }

    /// Steps the piece in hand to `to`.
    fn step_to<B: Board + ?Sized>(
        &mut self,
        board: &mut B,
        to: Point,
        promotion: Option<PieceKind>,
    ) -> Entered<B::Done> {
        match board.step(to, promotion) {
            Ok(Stepped::Done(done)) => {
                self.pending_promotion = None;
                Entered::Done(done)
            }
            Ok(Stepped::Released(lift)) => {
                self.pending_promotion = None;
                Entered::Tap(TapResult::Stepped(lift.point))
            }
            Ok(Stepped::Promotion(choices)) => {
                self.pending_promotion = Some(to);
                Entered::Tap(TapResult::ChoosePromotion(PromotionChoice { point: to, choices }))
            }
            Err(refusal) => Entered::Tap(TapResult::Refused(refusal)),
        }
    }
}
