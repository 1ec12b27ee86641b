//! Entering a move by taps, for every game: lift a piece, step it, and in Friendly chess step
//! each piece a chain releases, choose a promotion, or choose the piece a promotion owed
//! after the opponent carried a pawn to the last rank. Only steps after which the move can
//! be completed are offered, and the move can be started again at any time.
//!
//! Games whose moves go from one point to another share [`PointEntry`]; Friendly chess
//! drives the rules' own step-by-step input ([`FriendlyEntry`]).

use rodina_rules::friendly::{self, Friendly, MoveInput, StepResult};
use rodina_rules::{Color, Game, IllegalMoveReason, Outcome, PieceKind, Point, Position};

use crate::model::{PieceView, PromotionChoice, Refusal, TargetKind};

/// A point the piece in hand may step to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The destination.
    pub point: Point,
    /// What stepping there does.
    pub kind: TargetKind,
    /// The pieces a pawn may become there (empty when the step promotes nothing).
    pub promotions: Vec<PieceKind>,
}

/// The piece in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lift {
    /// Where it was lifted from, or the bond a chain released it on (it hovers there).
    pub point: Point,
    /// The piece.
    pub piece: PieceView,
    /// Whether a chain released it: it must move on, and cannot be put back.
    pub released: bool,
}

/// What a step did to the move being entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stepped<M> {
    /// The move goes on: a chain released a piece, which steps next.
    Released(Lift),
    /// The step brings a pawn to its last rank: choose one of these, then step again.
    Promotion(Vec<PieceKind>),
    /// The move is complete.
    Done(M),
}

impl<M> Stepped<M> {
    /// The same step, a completed move made into what `done` makes of it.
    pub(crate) fn map<N>(self, done: impl FnOnce(M) -> N) -> Stepped<N> {
        match self {
            Stepped::Released(lift) => Stepped::Released(lift),
            Stepped::Promotion(choices) => Stepped::Promotion(choices),
            Stepped::Done(m) => Stepped::Done(done(m)),
        }
    }
}

/// The move being entered on a board, whatever the game: what the input asks of it between
/// a board's completed moves ([`crate::board::Board::entry`]).
pub(crate) trait TapEntry: Send {
    /// The piece in hand, if any.
    fn lifted(&self) -> Option<Lift>;
    /// Where the piece in hand may step.
    fn targets(&self) -> Vec<Target>;
    /// A promotion owed before the move can begin.
    fn owed(&self) -> Option<PromotionChoice>;
    /// Lifts the mover's piece on `p`.
    fn lift(&mut self, p: Point) -> Result<Lift, Refusal>;
    /// Chooses the piece of the promotion owed.
    fn choose_owed(&mut self, kind: PieceKind) -> Result<(), Refusal>;
    /// Starts the move being entered again; whether anything had been done.
    fn restart(&mut self) -> bool;
}

/// The move being entered on a board's current position, with what entering asks of the
/// position computed once per move (its legal moves, the outcome), so that drawing the board
/// after every tap costs no move generation. Made anew whenever the position changes.
pub(crate) struct Entering<G: Position, E> {
    /// The position's legal moves; none once the game is over.
    pub(crate) legal: Vec<G::Move>,
    /// How the game has ended, if it has.
    pub(crate) outcome: Option<Outcome>,
    entry: E,
}

impl<G: Position, E: MoveEntry<G>> Entering<G, E> {
    /// The entry on `game`'s current position.
    pub(crate) fn new(game: &Game<G>) -> Self {
        let outcome = game.outcome();
        let legal = if outcome.is_some() { Vec::new() } else { game.legal_moves() };
        let entry = E::new(game.position(), &legal);
        Entering { legal, outcome, entry }
    }

    /// What stands on every point (as [`crate::board::Board::board`] lists it): the move
    /// being entered as far as it has gone, elsewhere what `pieces_at` reads from `view`.
    pub(crate) fn pieces<V>(
        &self,
        view: &V,
        pieces_at: fn(&V, Point) -> [Option<PieceView>; 2],
    ) -> Vec<[Option<PieceView>; 2]> {
        (0..G::RANKS)
            .flat_map(|rank| (0..G::FILES).map(move |file| Point::new(file, rank)))
            .map(|p| self.entry.pieces_at(p).unwrap_or_else(|| pieces_at(view, p)))
            .collect()
    }

    /// Steps the piece in hand to `to`. A completed move comes out only where the history
    /// allows it: the entry offers the position's moves, and a move the history forbids
    /// (repetition) is not one; such a move starts the entry again.
    pub(crate) fn step(
        &mut self,
        to: Point,
        promotion: Option<PieceKind>,
    ) -> Result<Stepped<G::Move>, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::GameOver);
        }
        match self.entry.step(to, promotion)? {
            Stepped::Done(m) if !self.legal.contains(&m) => {
                self.entry.restart();
                Err(Refusal::IllegalMove { reason: IllegalMoveReason::Forbidden })
            }
            stepped => Ok(stepped),
        }
    }
}

impl<G: Position, E: MoveEntry<G>> TapEntry for Entering<G, E> {
    fn lifted(&self) -> Option<Lift> {
        self.entry.lifted()
    }

    fn targets(&self) -> Vec<Target> {
        self.entry.targets()
    }

    fn owed(&self) -> Option<PromotionChoice> {
        self.entry.owed().map(|(point, choices)| PromotionChoice { point, choices })
    }

    fn lift(&mut self, p: Point) -> Result<Lift, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::GameOver);
        }
        self.entry.lift(p)
    }

    fn choose_owed(&mut self, kind: PieceKind) -> Result<(), Refusal> {
        self.entry.choose_owed(kind)
    }

    fn restart(&mut self) -> bool {
        let started = self.entry.is_started();
        self.entry.restart();
        started
    }
}

/// A move being entered by taps in one game; made anew for every position.
pub(crate) trait MoveEntry<P: Position>: Send {
    /// An entry for `pos`, whose legal moves are `legal`.
    fn new(pos: &P, legal: &[P::Move]) -> Self
    where
        Self: Sized;

    /// The piece in hand, if any.
    fn lifted(&self) -> Option<Lift>;

    /// Where the piece in hand may step; nothing while no piece is in hand.
    fn targets(&self) -> Vec<Target>;

    /// A promotion owed before anything else, with the pieces it may make (Friendly chess).
    fn owed(&self) -> Option<(Point, Vec<PieceKind>)>;

    /// Lifts the mover's piece on `p` (for a bond: the mover's piece with its partner).
    fn lift(&mut self, p: Point) -> Result<Lift, Refusal>;

    /// Steps the piece in hand to `to`, made `promotion` where the step promotes.
    fn step(
        &mut self,
        to: Point,
        promotion: Option<PieceKind>,
    ) -> Result<Stepped<P::Move>, Refusal>;

    /// Chooses the piece of the promotion owed.
    fn choose_owed(&mut self, kind: PieceKind) -> Result<(), Refusal>;

    /// Starts the move again (puts a lifted piece back, undoes the steps of a chain).
    fn restart(&mut self);

    /// Whether anything was done since the entry began (a piece lifted, a step made).
    fn is_started(&self) -> bool;

    /// What stands on `p` while the move is being entered, where it differs from the
    /// position (a chain moves pieces before the move is complete): `None` for no change.
    fn pieces_at(&self, _p: Point) -> Option<[Option<PieceView>; 2]> {
        None
    }
}

/// Where a move of a point-to-point game starts and ends, what it does to the target, and
/// who moves: what [`PointEntry`] needs of a game.
pub(crate) trait PointMoves: Position {
    /// Where `m` starts and ends.
    fn ends(m: &Self::Move) -> (Point, Point);
    /// The piece on `p`, as everyone sees it.
    fn piece_on(&self, p: Point) -> Option<PieceView>;
    /// What `m` does to its target: a capture, or a plain move.
    fn target_kind(&self, m: &Self::Move) -> TargetKind {
        if self.piece_on(Self::ends(m).1).is_some() {
            TargetKind::Capture
        } else {
            TargetKind::Move
        }
    }
}

/// Entry for games whose moves go from one point to another (Xiangqi, Jieqi, Jeson Mor).
pub(crate) struct PointEntry<P: PointMoves> {
    pos: P,
    legal: Vec<P::Move>,
    lifted: Option<Lift>,
}

impl<P: PointMoves> PointEntry<P> {
    /// Why the piece on `p` may not be lifted, if so.
    fn refuse_lift(&self, p: Point) -> Option<Refusal> {
        let to_move = self.pos.turn();
        let Some(piece) = self.pos.piece_on(p) else { return Some(Refusal::EmptyPoint) };
        if piece.side != to_move {
            return Some(Refusal::OpponentPiece { game: P::VARIANT, to_move });
        }
        if !self.legal.iter().any(|m| P::ends(m).0 == p) {
            return Some(Refusal::NoLegalMove { piece: piece.kind, point: p });
        }
        None
    }
}

impl<P: PointMoves> MoveEntry<P> for PointEntry<P> {
    fn new(pos: &P, legal: &[P::Move]) -> Self {
        PointEntry { pos: pos.clone(), legal: legal.to_vec(), lifted: None }
    }

    fn lifted(&self) -> Option<Lift> {
        self.lifted
    }

    fn targets(&self) -> Vec<Target> {
        let Some(lift) = self.lifted else { return Vec::new() };
        self.legal
            .iter()
            .filter(|m| P::ends(m).0 == lift.point)
            .map(|m| Target {
                point: P::ends(m).1,
                kind: self.pos.target_kind(m),
                promotions: Vec::new(),
            })
            .collect()
    }

    fn owed(&self) -> Option<(Point, Vec<PieceKind>)> {
        None
    }

    fn lift(&mut self, p: Point) -> Result<Lift, Refusal> {
        if let Some(refusal) = self.refuse_lift(p) {
            return Err(refusal);
        }
        let piece = self.pos.piece_on(p).ok_or(Refusal::EmptyPoint)?;
        let lift = Lift { point: p, piece, released: false };
        self.lifted = Some(lift);
        Ok(lift)
    }

    fn step(
        &mut self,
        to: Point,
        _promotion: Option<PieceKind>,
    ) -> Result<Stepped<P::Move>, Refusal> {
        let Some(lift) = self.lifted else {
            return Err(Refusal::IllegalMove { reason: IllegalMoveReason::NotLegal });
        };
        let found = self.legal.iter().find(|m| P::ends(m) == (lift.point, to)).cloned();
        match found {
            Some(m) => {
                self.lifted = None;
                Ok(Stepped::Done(m))
            }
            None => {
                // Ask the rules why: they name the blocked leg, the exposed general, and so on.
                let reason = match self.pos.parse_move(&format!("{}{to}", lift.point)) {
                    Err(rodina_rules::ParseMoveError::Illegal { reason, .. }) => reason,
                    Err(_) => IllegalMoveReason::NotLegal,
                    // The position allows it: the history forbids it.
                    Ok(_) => IllegalMoveReason::Forbidden,
                };
                Err(Refusal::IllegalMove { reason })
            }
        }
    }

    fn choose_owed(&mut self, _kind: PieceKind) -> Result<(), Refusal> {
        Err(Refusal::IllegalMove {
            reason: IllegalMoveReason::Step {
                number: None,
                error: friendly::StepError::NoPromotionOwed,
            },
        })
    }

    fn restart(&mut self) {
        self.lifted = None;
    }

    fn is_started(&self) -> bool {
        self.lifted.is_some()
    }
}

fn square(p: Point) -> Option<friendly::Square> {
    friendly::Square::new(p.file, p.rank)
}

fn point(s: friendly::Square) -> Point {
    Point::new(s.file(), s.rank())
}

fn role_kind(role: friendly::Role) -> PieceKind {
    PieceKind::from(role)
}

fn kind_role(kind: PieceKind) -> Option<friendly::Role> {
    friendly::Role::ALL.into_iter().find(|&r| PieceKind::from(r) == kind)
}

fn step_refusal(error: friendly::StepError) -> Refusal {
    Refusal::IllegalMove { reason: IllegalMoveReason::Step { number: None, error } }
}

fn lift_of(l: friendly::Lifted) -> Lift {
    Lift {
        point: point(l.square),
        piece: PieceView { side: l.piece.color, kind: role_kind(l.piece.role), face_down: false },
        released: l.released,
    }
}

/// Entry for Friendly chess: the rules' [`MoveInput`], step by step through chains.
pub(crate) struct FriendlyEntry {
    input: MoveInput,
}

impl MoveEntry<Friendly> for FriendlyEntry {
    fn new(pos: &Friendly, _legal: &[friendly::Move]) -> Self {
        FriendlyEntry { input: MoveInput::new(pos) }
    }

    fn lifted(&self) -> Option<Lift> {
        self.input.lifted().map(lift_of)
    }

    fn targets(&self) -> Vec<Target> {
        self.input
            .targets()
            .into_iter()
            .map(|t| Target {
                point: point(t.to),
                kind: match t.kind {
                    friendly::TargetKind::Land | friendly::TargetKind::CarryBond => {
                        TargetKind::Move
                    }
                    friendly::TargetKind::Bond => TargetKind::Bond,
                    friendly::TargetKind::Win => TargetKind::Win,
                    friendly::TargetKind::Replace => TargetKind::Release,
                    friendly::TargetKind::EnPassant => TargetKind::EnPassant,
                    friendly::TargetKind::Castle => TargetKind::Castle,
                },
                promotions: t.promotions.into_iter().map(role_kind).collect(),
            })
            .collect()
    }

    fn owed(&self) -> Option<(Point, Vec<PieceKind>)> {
        let s = self.input.owed_promotion()?;
        Some((point(s), self.input.owed_choices().into_iter().map(role_kind).collect()))
    }

    fn lift(&mut self, p: Point) -> Result<Lift, Refusal> {
        let s = square(p).ok_or(Refusal::OffBoard)?;
        self.input.lift(s).map(lift_of).map_err(step_refusal)
    }

    fn step(
        &mut self,
        to: Point,
        promotion: Option<PieceKind>,
    ) -> Result<Stepped<friendly::Move>, Refusal> {
        let s = square(to).ok_or(Refusal::OffBoard)?;
        let role = match promotion {
            None => None,
            Some(kind) => Some(kind_role(kind).ok_or_else(|| {
                step_refusal(friendly::StepError::InvalidPromotion { role: friendly::Role::Pawn })
            })?),
        };
        // A step that promotes needs its piece: offer the choices rather than refuse.
        if role.is_none() {
            if let Some(t) = self.input.targets().into_iter().find(|t| t.to == s) {
                if !t.promotions.is_empty() {
                    return Ok(Stepped::Promotion(
                        t.promotions.into_iter().map(role_kind).collect(),
                    ));
                }
            }
        }
        match self.input.step(s, role).map_err(step_refusal)? {
            StepResult::Released(l) => Ok(Stepped::Released(lift_of(l))),
            StepResult::Finished { mv, .. } => Ok(Stepped::Done(mv)),
        }
    }

    fn choose_owed(&mut self, kind: PieceKind) -> Result<(), Refusal> {
        let role = kind_role(kind).ok_or_else(|| {
            step_refusal(friendly::StepError::InvalidPromotion { role: friendly::Role::Pawn })
        })?;
        self.input.choose_owed(role).map_err(step_refusal)
    }

    fn restart(&mut self) {
        self.input.restart();
    }

    fn is_started(&self) -> bool {
        self.input.lifted().is_some() || !self.input.text().is_empty()
    }

    /// Mid-chain the board shows the pieces where the steps put them.
    fn pieces_at(&self, p: Point) -> Option<[Option<PieceView>; 2]> {
        if !self.is_started() {
            return None;
        }
        let cell = self.input.cell(square(p)?);
        let us = self.input.mover();
        let piece = |side: Color| {
            cell.get(side).map(|role| PieceView { side, kind: role_kind(role), face_down: false })
        };
        Some(match (piece(us), piece(!us)) {
            (Some(a), b) => [Some(a), b],
            (None, b) => [b, None],
        })
    }
}
