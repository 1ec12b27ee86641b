//! Step-by-step move input, the way a board view drives a move: tap a piece, tap where it
//! goes, and while a chain goes on, tap where each released piece goes. Only steps from which
//! the move can still be completed are offered, and the move can be restarted at any time.
//!
//! See [`MoveInput`] for a typical session.

use super::cursor::{Cursor, Hand, Placed};
use super::movegen::{self, AnyEnd, Walk};
use super::notation::{self, RawPath};
use super::types::{Cell, Move, Piece, Role, Square, Step};
use super::{Friendly, StepError};
use crate::{Color, IllegalMoveReason, ParseMoveError};

/// The piece in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lifted {
    /// The square it was lifted from, or the bond it was released on (it hovers there).
    pub square: Square,
    /// The piece.
    pub piece: Piece,
    /// The enemy partner it carries, when a bond was lifted.
    pub partner: Option<Piece>,
    /// Whether a chain released it (it must move on; it cannot be put back).
    pub released: bool,
}

/// What a step to a target does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetKind {
    /// Lands on an empty square: the move ends.
    Land,
    /// Forms a new bond with an enemy single: the move ends.
    Bond,
    /// Bonds the enemy king: the move wins.
    Win,
    /// Enters a bond; the own piece there is released and moves next.
    Replace,
    /// En passant: the pawn that passed the square is brought back onto it, then the step
    /// bonds with it (or, if it is in a bond, replaces the own piece there).
    EnPassant,
    /// Castling: the king's two-square step; the rook (with any partner) jumps over it.
    Castle,
    /// The lifted bond moves to an empty square: the move ends.
    CarryBond,
}

/// A square the piece in hand may step to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The destination.
    pub to: Square,
    /// What the step does.
    pub kind: TargetKind,
    /// The pieces a pawn may become there (empty when the step promotes nothing); only
    /// choices after which the move can be completed.
    pub promotions: Vec<Role>,
}

/// The result of a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepResult {
    /// The step released a piece of the mover, which makes the next step.
    Released(Lifted),
    /// The move is complete.
    Finished {
        /// The canonical legal move reaching the same position as the steps taken.
        mv: Move,
        /// The position after the move; its side to move plays next.
        position: Box<Friendly>,
    },
}

/// A move being put together step by step: the state a board view drives while the player
/// lifts a piece and steps it, and each released piece after it, until the move is complete.
///
/// A typical session:
/// ```
/// use rodina_rules::friendly::{Friendly, MoveInput, Square, StepResult};
/// use rodina_rules::{Position, Truth};
///
/// // White's knight on d4 can enter the bond on e6 (a White pawn with a Black pawn).
/// let pos = Friendly::from_fen("4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1").unwrap();
/// let sq = |s: &str| Square::parse(s).unwrap();
/// let mut input = MoveInput::new(&pos);
/// assert!(input.starts().contains(&sq("d4")));
/// input.lift(sq("d4")).unwrap();
/// match input.step(sq("e6"), None).unwrap() {
///     // The White pawn of the bond is released; it hovers over e6 and moves next.
///     StepResult::Released(piece) => assert_eq!(piece.square, sq("e6")),
///     StepResult::Finished { .. } => unreachable!(),
/// }
/// let offered: Vec<_> = input.targets().iter().map(|t| t.to.to_string()).collect();
/// assert_eq!(offered, ["e7"]);
/// match input.step(sq("e7"), None).unwrap() {
///     StepResult::Finished { mv, position } => {
///         assert_eq!(mv.to_string(), "d4e6>e7");
///         assert_eq!(position.turn(), rodina_rules::Color::Black);
///     }
///     StepResult::Released(_) => unreachable!(),
/// }
/// ```
#[derive(Clone, Debug)]
pub struct MoveInput {
    start: Friendly,
    cur: Cursor,
    owed: Option<(Square, Role)>,
    from: Option<Square>,
    steps: Vec<Step>,
    done: Option<(Move, Friendly)>,
}

/// Whether the step `to` (with `promotion`) from `cur` leaves a move that can be completed.
fn completes(cur: &Cursor, to: Square, promotion: Option<Role>) -> bool {
    let mut next = cur.clone();
    match next.place_unchecked(to, promotion) {
        Placed::Done(_) => true,
        Placed::Released => movegen::completable(&next),
    }
}

/// The piece choices for a step to `to` after which the move can be completed: `[None]` or
/// `[]` when the step promotes nothing.
fn choices(cur: &Cursor, to: Square) -> Vec<Option<Role>> {
    if cur.needs_promotion(to) {
        Role::PROMOTIONS.into_iter().map(Some).filter(|&p| completes(cur, to, p)).collect()
    } else if completes(cur, to, None) {
        vec![None]
    } else {
        Vec::new()
    }
}

/// Whether some step of the piece in hand of `cur` can be completed.
fn can_go_on(cur: &Cursor) -> bool {
    movegen::completable(cur)
}

impl MoveInput {
    /// Starts a move in `pos`.
    pub fn new(pos: &Friendly) -> MoveInput {
        MoveInput {
            start: pos.clone(),
            cur: Cursor::new(pos),
            owed: None,
            from: None,
            steps: Vec::new(),
            done: None,
        }
    }

    /// The position the move starts from.
    pub fn position(&self) -> &Friendly {
        &self.start
    }

    /// The side making the move.
    pub fn mover(&self) -> Color {
        self.start.turn
    }

    /// Starts the move over, including the choice of an owed promotion.
    pub fn restart(&mut self) {
        *self = MoveInput::new(&self.start);
    }

    /// The square of the pawn whose promotion must be chosen before anything else, while it
    /// is not chosen yet.
    pub fn owed_promotion(&self) -> Option<Square> {
        self.cur.owed
    }

    /// The pieces the owed pawn may become (those after which some move exists).
    pub fn owed_choices(&self) -> Vec<Role> {
        if self.cur.owed.is_none() {
            return Vec::new();
        }
        Role::PROMOTIONS
            .into_iter()
            .filter(|&r| {
                let mut c = self.cur.clone();
                c.choose_owed(r).is_ok() && Walk::default().pieces(&c, None, !0, &mut AnyEnd)
            })
            .collect()
    }

    /// Chooses the piece for the owed promotion.
    pub fn choose_owed(&mut self, role: Role) -> Result<(), StepError> {
        let Some(square) = self.cur.owed else { return Err(StepError::NoPromotionOwed) };
        if !self.owed_choices().contains(&role) {
            return Err(StepError::InvalidPromotion { role });
        }
        self.cur.choose_owed(role)?;
        self.owed = Some((square, role));
        Ok(())
    }

    /// The squares of the pieces that can start a move (a piece in hand or an owed promotion
    /// not chosen yet: none).
    pub fn starts(&self) -> Vec<Square> {
        if self.done.is_some() || self.cur.owed.is_some() || self.cur.hand != Hand::Empty {
            return Vec::new();
        }
        if self.start.is_decided() {
            return Vec::new();
        }
        Square::all()
            .filter(|&s| {
                let mut c = self.cur.clone();
                c.lift(s).is_ok() && can_go_on(&c)
            })
            .collect()
    }

    /// Lifts the piece on `from` to start the move.
    pub fn lift(&mut self, from: Square) -> Result<Lifted, StepError> {
        if self.done.is_some() {
            return Err(StepError::MoveComplete);
        }
        if self.start.is_decided() {
            return Err(StepError::GameOver);
        }
        let mut c = self.cur.clone();
        c.lift(from)?;
        if !can_go_on(&c) {
            return Err(StepError::CannotMove { square: from });
        }
        self.cur = c;
        self.from = Some(from);
        self.lifted().ok_or(StepError::NothingLifted)
    }

    /// The piece in hand, if any.
    pub fn lifted(&self) -> Option<Lifted> {
        let us = self.cur.us;
        let piece = |role| Piece { color: us, role };
        match self.cur.hand {
            Hand::Empty => None,
            Hand::Single { role, from, released } => {
                Some(Lifted { square: from, piece: piece(role), partner: None, released })
            }
            Hand::Bond { role, partner, from } => Some(Lifted {
                square: from,
                piece: piece(role),
                partner: Some(Piece { color: !us, role: partner }),
                released: false,
            }),
            Hand::King { from } => Some(Lifted {
                square: from,
                piece: piece(Role::King),
                partner: None,
                released: false,
            }),
        }
    }

    /// The piece a chain released, hovering over its bond and moving next, if any.
    pub fn released(&self) -> Option<Lifted> {
        self.lifted().filter(|l| l.released)
    }

    /// Where the piece in hand may step: only steps from which the move can be completed.
    pub fn targets(&self) -> Vec<Target> {
        let cur = &self.cur;
        let us = cur.us;
        let mut out = Vec::new();
        for to in super::board::squares(cur.targets()) {
            let options = choices(cur, to);
            if options.is_empty() {
                continue;
            }
            let cell = cur.board.cell(to);
            let kind = match cur.hand {
                Hand::King { from } if from.file().abs_diff(to.file()) == 2 => TargetKind::Castle,
                Hand::King { .. } => TargetKind::Land,
                Hand::Bond { .. } => TargetKind::CarryBond,
                Hand::Single { role: Role::Pawn, from, .. }
                    if cur.ep == Some(to) && from.file() != to.file() =>
                {
                    TargetKind::EnPassant
                }
                _ if cell.is_empty() => TargetKind::Land,
                _ if cell.get(!us) == Some(Role::King) => TargetKind::Win,
                _ if cell.is_bond() => TargetKind::Replace,
                _ => TargetKind::Bond,
            };
            let promotions = options.into_iter().flatten().collect();
            out.push(Target { to, kind, promotions });
        }
        out
    }

    /// Takes one step with the piece in hand. A pawn reaching its last rank needs the piece
    /// it becomes (one of the target's `promotions`).
    pub fn step(&mut self, to: Square, promotion: Option<Role>) -> Result<StepResult, StepError> {
        if self.done.is_some() {
            return Err(StepError::MoveComplete);
        }
        let from = self.lifted().ok_or(StepError::NothingLifted)?.square;
        let mut next = self.cur.clone();
        let placed = next.place(to, promotion)?;
        if let Placed::Released = placed {
            if !can_go_on(&next) {
                return Err(match promotion {
                    Some(role) => StepError::InvalidPromotion { role },
                    None => StepError::IllegalStep { from, to },
                });
            }
        }
        self.steps.push(Step { to, promotion });
        match placed {
            Placed::Released => {
                self.cur = next;
                self.lifted().map(StepResult::Released).ok_or(StepError::NothingLifted)
            }
            Placed::Done(end) => {
                let position = self.start.after(next, end);
                let steps = self.steps.len().min(u16::MAX as usize) as u16;
                let mv = movegen::canonical_move(&self.start, &position, steps)
                    // Every completed step sequence is a legal move; the fallback keeps the
                    // path itself should the two ever disagree.
                    .unwrap_or_else(|| self.path_move());
                self.done = Some((mv.clone(), position.clone()));
                Ok(StepResult::Finished { mv, position: Box::new(position) })
            }
        }
    }

    fn path_move(&self) -> Move {
        Move::new(self.owed, self.from.unwrap_or(Square::from_u8(0)), &self.steps)
    }

    /// The completed move and the position after it, once the move is complete.
    pub fn finished(&self) -> Option<(&Move, &Friendly)> {
        self.done.as_ref().map(|(m, p)| (m, p))
    }

    /// What stands on `s` now, in the middle of the move (the piece in hand is not on the
    /// board: a released piece hovers over its bond, see [`MoveInput::released`]).
    pub fn cell(&self, s: Square) -> Cell {
        match &self.done {
            Some((_, p)) => p.cell(s),
            None => self.cur.board.cell(s),
        }
    }

    /// The text of the steps taken so far (the path, not necessarily the canonical move).
    pub fn text(&self) -> String {
        let owed = self.owed.map(|(s, r)| format!("{s}={}:", r.upper_char())).unwrap_or_default();
        match self.from {
            None => owed,
            Some(from) => {
                let mut t = notation::move_text(self.owed, from, &self.steps);
                if self.done.is_none() && !self.steps.is_empty() {
                    t.push('>');
                }
                t
            }
        }
    }

    /// Applies move text from where the input stands: a whole move or its beginning from the
    /// start (`e8=Q:`, `d2`, `d2d4`), or, with a piece in hand, further steps (`f6`,
    /// `>f6=Q>e5`). Returns the result of the last step taken, if any.
    pub fn apply_text(&mut self, text: &str) -> Result<Option<StepResult>, ParseMoveError> {
        let syntax = || ParseMoveError::Syntax { text: text.to_owned() };
        // Steps taken from where the input stands are not counted from the text's start: the
        // reasons are left unnumbered.
        let illegal = |error: StepError| ParseMoveError::Illegal {
            text: text.to_owned(),
            reason: IllegalMoveReason::Step { number: None, error },
        };
        let t = text.trim();
        let raw = if self.cur.hand != Hand::Empty {
            let steps =
                notation::parse_steps(t.strip_prefix('>').unwrap_or(t)).ok_or_else(syntax)?;
            RawPath { steps, ..RawPath::default() }
        } else {
            notation::parse_path(t).ok_or_else(syntax)?
        };
        if let Some((sq, role)) = raw.owed {
            if sq.is_some_and(|s| Some(s) != self.cur.owed) {
                return Err(illegal(StepError::NoPromotionOwed));
            }
            self.choose_owed(role).map_err(illegal)?;
        }
        let mut steps = raw.steps;
        if let Some(side) = raw.castle {
            let home = self.cur.us.fold(0, 7);
            let (Some(k), Some(to)) =
                (Square::new(4, home), Square::new(side.king_to_file(), home))
            else {
                return Err(syntax());
            };
            self.lift(k).map_err(illegal)?;
            steps = vec![Step::to(to)];
        } else if let Some(from) = raw.from {
            self.lift(from).map_err(illegal)?;
        }
        let mut last = None;
        for s in steps {
            last = Some(self.step(s.to, s.promotion).map_err(illegal)?);
        }
        Ok(last)
    }
}
