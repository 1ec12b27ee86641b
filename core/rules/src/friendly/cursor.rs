//! The rules of one step. A [`Cursor`] is a position in the middle of a move: the board as it
//! stands, the piece in hand (lifted, or released by a chain), and what the move has changed
//! so far (castling rights, the en passant step, promotions). The move generator, the replay
//! of a move, the text reader and the step-by-step input all go through these same functions,
//! so they cannot disagree about a rule.

use super::board::{Bb, Board, KING, PAWN_DIAG, attacks};
use super::types::{Castling, CastlingSide, Role, Square};
use super::{Friendly, StepError};
use crate::Color;

/// The piece being moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hand {
    /// Nothing lifted yet.
    Empty,
    /// A single (not a king) lifted from its square, or a piece released from the bond on
    /// `from` (then it hovers over that bond).
    Single { role: Role, from: Square, released: bool },
    /// The mover's piece in a bond, carrying its partner.
    Bond { role: Role, partner: Role, from: Square },
    /// The mover's king.
    King { from: Square },
}

/// How a completed move ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct End {
    /// The last step formed one more bond (on an enemy single) or bonded the king.
    pub(crate) new_bond: bool,
    /// The last step bonded the enemy king: the mover wins.
    pub(crate) win: bool,
    /// The last step was a pawn's double step: the square it passed.
    pub(crate) double_step: Option<Square>,
    /// A bond carried the opponent's pawn to its last rank: the opponent owes a promotion there.
    pub(crate) pending: Option<Square>,
}

/// What a step led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placed {
    /// The step entered a bond and released the mover's piece there, which moves next.
    Released,
    /// The move is complete.
    Done(End),
}

/// A position in the middle of a move.
#[derive(Clone, Debug)]
pub(crate) struct Cursor {
    pub(crate) board: Board,
    /// The side making the move.
    pub(crate) us: Color,
    pub(crate) castling: Castling,
    /// The en passant square while the en passant step is still open in this move.
    pub(crate) ep: Option<Square>,
    /// The mover's pawn whose promotion is owed and not chosen yet.
    pub(crate) owed: Option<Square>,
    pub(crate) hand: Hand,
}

/// The square one rank ahead of `s` for `color`, if on the board.
#[inline]
fn ahead(s: Square, color: Color) -> Option<Square> {
    match color {
        Color::White => Square::from_index(s.index() + 8),
        Color::Black => s.index().checked_sub(8).and_then(Square::from_index),
    }
}

/// The square one rank behind `s` for `color`, if on the board.
#[inline]
fn behind(s: Square, color: Color) -> Option<Square> {
    ahead(s, !color)
}

impl Cursor {
    /// The start of a move in `pos`.
    pub(crate) fn new(pos: &Friendly) -> Cursor {
        Cursor {
            board: pos.board.clone(),
            us: pos.turn,
            castling: pos.castling,
            ep: pos.ep,
            owed: pos.owed,
            hand: Hand::Empty,
        }
    }

    /// The start of a move by `us` on a bare board: no castling, en passant or owed promotion
    /// (the hypothetical positions of threat detection).
    pub(crate) fn bare(board: Board, us: Color) -> Cursor {
        Cursor { board, us, castling: Castling::NONE, ep: None, owed: None, hand: Hand::Empty }
    }

    /// Chooses the piece for the owed promotion.
    pub(crate) fn choose_owed(&mut self, role: Role) -> Result<(), StepError> {
        let Some(sq) = self.owed else { return Err(StepError::NoPromotionOwed) };
        if !role.is_promotion() {
            return Err(StepError::InvalidPromotion { role });
        }
        self.board.take(self.us, sq);
        self.board.put(self.us, role, sq);
        self.owed = None;
        Ok(())
    }

    /// The hand lifting the mover's piece on `from` would give: a single, the mover's piece
    /// of a bond (with its partner), or the king.
    pub(crate) fn hand_at(&self, from: Square) -> Result<Hand, StepError> {
        if let Some(square) = self.owed {
            return Err(StepError::PromotionOwed { square });
        }
        if self.hand != Hand::Empty {
            return Err(StepError::AlreadyLifted);
        }
        let Some(role) = self.board.role_at(self.us, from) else {
            return Err(StepError::NotYourPiece { square: from });
        };
        Ok(match (role, self.board.role_at(!self.us, from)) {
            (Role::King, Some(_)) => return Err(StepError::GameOver),
            (Role::King, None) => Hand::King { from },
            (_, None) => Hand::Single { role, from, released: false },
            (_, Some(partner)) => Hand::Bond { role, partner, from },
        })
    }

    /// Lifts the mover's piece on `from`: a single, the mover's piece of a bond (with its
    /// partner), or the king.
    pub(crate) fn lift(&mut self, from: Square) -> Result<(), StepError> {
        self.hand_at(from)?;
        let us = self.us;
        let them = !us;
        let Some(role) = self.board.role_at(us, from) else {
            return Err(StepError::NotYourPiece { square: from });
        };
        let partner = self.board.role_at(them, from);
        self.board.take(us, from);
        // The king's rights end when it is placed (castling reads them until then).
        if role != Role::King {
            self.castling = self.castling.after_leaving(us, from);
        }
        self.hand = match (role, partner) {
            (Role::King, _) => Hand::King { from },
            (_, None) => Hand::Single { role, from, released: false },
            (_, Some(partner)) => {
                self.board.take(them, from);
                self.castling = self.castling.after_leaving(them, from);
                Hand::Bond { role, partner, from }
            }
        };
        Ok(())
    }

    /// A pawn's straight steps from `from`: one square if empty, two from its first two
    /// ranks if both are empty.
    #[inline]
    fn pawn_pushes(&self, from: Square, occ: Bb) -> Bb {
        let us = self.us;
        let Some(one) = ahead(from, us) else { return 0 };
        if occ & one.bit() != 0 {
            return 0;
        }
        let mut t = one.bit();
        if from.relative_rank(us) <= 1 {
            if let Some(two) = ahead(one, us) {
                if occ & two.bit() == 0 {
                    t |= two.bit();
                }
            }
        }
        t
    }

    /// Whether the en passant step onto `e` has its victim: the opponent's pawn (alone or in a
    /// bond) on the square it double-stepped to.
    #[inline]
    fn ep_victim(&self, e: Square) -> Option<Square> {
        let v = behind(e, self.us)?;
        (self.board.role_at(!self.us, v) == Some(Role::Pawn)).then_some(v)
    }

    /// Every square the piece in hand may step to by the rules of a single step. Replacement
    /// steps are included even when the released piece could not go on: completing the move is
    /// the move generator's business.
    pub(crate) fn targets(&self) -> Bb {
        self.targets_for(self.hand)
    }

    /// The targets of `hand`, whose piece may still stand on its square of this cursor's
    /// board (no step goes to the square it starts from, and the piece blocks nothing for
    /// itself), so the move generator can ask before lifting anything.
    pub(crate) fn targets_for(&self, hand: Hand) -> Bb {
        let us = self.us;
        let them = !us;
        let occ = self.board.occupied();
        match hand {
            Hand::Empty => 0,
            Hand::Single { role: Role::Pawn, from, .. } => {
                let diag = PAWN_DIAG[us as usize][from.index()];
                // Diagonally only onto an enemy piece: a single, the king, or a bond (which
                // holds one).
                let mut t =
                    self.pawn_pushes(from, occ) | (diag & self.board.by_color[them as usize]);
                if let Some(e) = self.ep {
                    if diag & e.bit() != 0 && occ & e.bit() == 0 && self.ep_victim(e).is_some() {
                        t |= e.bit();
                    }
                }
                t
            }
            Hand::Single { role, from, .. } => attacks(role, from, occ) & !self.board.singles(us),
            Hand::Bond { role: Role::Pawn, from, .. } => self.pawn_pushes(from, occ),
            Hand::Bond { role, from, .. } => attacks(role, from, occ) & !occ,
            Hand::King { from } => (KING[from.index()] & !occ) | self.castling_targets(from),
        }
    }

    /// The squares the king in hand may castle to.
    fn castling_targets(&self, from: Square) -> Bb {
        let us = self.us;
        let home = us.fold(0, 7);
        if from.file() != 4 || from.rank() != home {
            return 0;
        }
        let occ = self.board.occupied();
        let mut t = 0;
        for side in CastlingSide::ALL {
            if !self.castling.has(us, side) {
                continue;
            }
            let (Some(rook), Some(king_to)) =
                (Square::new(side.rook_file(), home), Square::new(side.king_to_file(), home))
            else {
                continue;
            };
            if self.board.role_at(us, rook) != Some(Role::Rook) {
                continue;
            }
            let (lo, hi) = if rook.file() < 4 { (rook.file() + 1, 4) } else { (5, rook.file()) };
            let between = (lo..hi).filter_map(|f| Square::new(f, home));
            if between.clone().any(|s| occ & s.bit() != 0) {
                continue;
            }
            // The king must not be threatened, nor pass through or land on a threatened square.
            let (a, b) = if king_to.file() < 4 { (king_to.file(), 4) } else { (4, king_to.file()) };
            let path = (a..=b).filter_map(|f| Square::new(f, home));
            if path.into_iter().any(|s| super::threat::king_threatened_at(&self.board, us, s)) {
                continue;
            }
            t |= king_to.bit();
        }
        t
    }

    /// Whether stepping to `to` promotes the pawn in hand (so a piece must be chosen). A pawn
    /// that bonds the enemy king wins at once and is not promoted.
    #[inline]
    pub(crate) fn needs_promotion(&self, to: Square) -> bool {
        match self.hand {
            Hand::Single { role: Role::Pawn, .. } => {
                to.relative_rank(self.us) == 7
                    && self.board.role_at(!self.us, to) != Some(Role::King)
            }
            Hand::Bond { role: Role::Pawn, .. } => to.relative_rank(self.us) == 7,
            _ => false,
        }
    }

    /// Plays a step after checking it against the rules of one step.
    pub(crate) fn place(
        &mut self,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Placed, StepError> {
        let from = match self.hand {
            Hand::Empty => return Err(StepError::NothingLifted),
            Hand::Single { from, .. } | Hand::Bond { from, .. } | Hand::King { from } => from,
        };
        if self.targets() & to.bit() == 0 {
            return Err(StepError::IllegalStep { from, to });
        }
        match (self.needs_promotion(to), promotion) {
            (true, None) => return Err(StepError::PromotionRequired { to }),
            (false, Some(role)) => return Err(StepError::InvalidPromotion { role }),
            (true, Some(role)) if !role.is_promotion() => {
                return Err(StepError::InvalidPromotion { role });
            }
            _ => {}
        }
        Ok(self.place_unchecked(to, promotion))
    }

    /// Plays a step the caller took from [`Cursor::targets`] (with a promotion exactly when
    /// [`Cursor::needs_promotion`] says so).
    pub(crate) fn place_unchecked(&mut self, to: Square, promotion: Option<Role>) -> Placed {
        let us = self.us;
        let them = !us;
        match self.hand {
            Hand::Empty => Placed::Done(End::default()),
            Hand::Single { role, from, .. } => {
                if role == Role::Pawn && self.ep == Some(to) && from.file() != to.file() {
                    // En passant: the pawn that double-stepped (alone, or in a bond with its
                    // partner) is moved back to the square it passed, and the capturing pawn
                    // arrives there as on any enemy piece. It can be used once.
                    if let Some(v) = self.ep_victim(to) {
                        if let Some(r) = self.board.take(them, v) {
                            self.board.put(them, r, to);
                        }
                        if let Some(r) = self.board.take(us, v) {
                            self.board.put(us, r, to);
                        }
                    }
                    self.ep = None;
                }
                let placed = promotion.unwrap_or(role);
                match (self.board.role_at(us, to), self.board.role_at(them, to)) {
                    (None, None) => {
                        self.board.put(us, placed, to);
                        self.hand = Hand::Empty;
                        let double = role == Role::Pawn && from.index().abs_diff(to.index()) == 16;
                        Placed::Done(End {
                            double_step: if double { ahead(from, us) } else { None },
                            ..End::default()
                        })
                    }
                    (None, Some(Role::King)) => {
                        self.board.put(us, role, to);
                        self.hand = Hand::Empty;
                        Placed::Done(End { new_bond: true, win: true, ..End::default() })
                    }
                    (None, Some(_)) => {
                        self.board.put(us, placed, to);
                        self.hand = Hand::Empty;
                        Placed::Done(End { new_bond: true, ..End::default() })
                    }
                    (Some(_), _) => {
                        // Replacement: the own piece of the bond is released and moves next.
                        let released = self.board.take(us, to).unwrap_or(Role::Pawn);
                        self.board.put(us, placed, to);
                        self.castling = self.castling.after_leaving(us, to);
                        self.hand = Hand::Single { role: released, from: to, released: true };
                        Placed::Released
                    }
                }
            }
            Hand::Bond { role, partner, from } => {
                let placed = promotion.unwrap_or(role);
                self.board.put(us, placed, to);
                self.board.put(them, partner, to);
                self.hand = Hand::Empty;
                let double = role == Role::Pawn && from.index().abs_diff(to.index()) == 16;
                Placed::Done(End {
                    double_step: if double { ahead(from, us) } else { None },
                    // Carried to its last rank by the mover: its owner promotes it next turn.
                    pending: (partner == Role::Pawn && to.relative_rank(them) == 7).then_some(to),
                    ..End::default()
                })
            }
            Hand::King { from } => {
                if from.file() == 4 && to.file().abs_diff(4) == 2 && from.rank() == to.rank() {
                    let side = if to.file() > 4 { CastlingSide::King } else { CastlingSide::Queen };
                    if let (Some(rf), Some(rt)) = (
                        Square::new(side.rook_file(), from.rank()),
                        Square::new(side.rook_to_file(), from.rank()),
                    ) {
                        // The rook takes its bond partner along.
                        if let Some(r) = self.board.take(us, rf) {
                            self.board.put(us, r, rt);
                        }
                        if let Some(r) = self.board.take(them, rf) {
                            self.board.put(them, r, rt);
                            self.castling = self.castling.after_leaving(them, rf);
                        }
                    }
                }
                self.board.put(us, Role::King, to);
                self.castling = self.castling.after_leaving(us, from);
                self.hand = Hand::Empty;
                Placed::Done(End::default())
            }
        }
    }
}
