//! The board every screen draws and takes moves on, whatever holds the game behind it: a
//! game session's true record ([`crate::table`]) or a seat's own record, where nothing else
//! exists (a Jieqi puzzle is posed on the solver's view: [`crate::view_table`]).
//!
//! [`Board`] is what drawing and entering a move need; [`draw`], [`move_rows`] and
//! [`player_bars`] build the parts of a [`crate::BoardView`] from it, so a game and a puzzle
//! draw the same board the same way, and [`crate::input::Input`] turns taps into moves on it.

use rodina_rules::{Color, Outcome, Seat, Variant};

use crate::entry::{Stepped, TapEntry, Target};
use crate::model::{
    CapturedView, Highlights, Hovering, MoveRecord, MoveRow, PieceKind, PieceView, PlayerBar,
    Point, PointView, Refusal, TargetKind,
};
use crate::table::Situation;

/// A board to draw and to enter moves on by taps.
pub(crate) trait Board: Send {
    /// What a move entered by taps completes into: a game plays it at once (its record), a
    /// puzzle judges it first (its coordinate text).
    type Done;

    /// The game.
    fn variant(&self) -> Variant;
    /// Files and ranks.
    fn size(&self) -> (u8, u8);
    /// The side to move.
    fn to_move(&self) -> Color;
    /// What stands on every point as `seat` sees it, rank by rank from rank 0, file 0 first
    /// (one view of the position for the whole board), with a move being entered shown as
    /// far as it has gone.
    fn board(&self, seat: Seat) -> Vec<[Option<PieceView>; 2]>;
    /// Whether `p` has a meaning of its own in the rules.
    fn is_special(&self, p: Point) -> bool;
    /// The move being entered by taps.
    fn entry(&self) -> &dyn TapEntry;
    /// The move being entered by taps, to go on with.
    fn entry_mut(&mut self) -> &mut dyn TapEntry;
    /// Steps the piece in hand to `to`; a completed move is handed out as [`Board::Done`].
    fn step(
        &mut self,
        to: Point,
        promotion: Option<PieceKind>,
    ) -> Result<Stepped<Self::Done>, Refusal>;
    /// How the game has ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// The point to mark as threatened, as `seat` sees the board.
    fn check(&self, seat: Seat) -> Option<Point>;
    /// Whether `side`'s king is threatened, as `seat` sees the board.
    fn threatened(&self, seat: Seat, side: Color) -> bool;
    /// What the status line says of the position beyond whose turn it is.
    fn situation(&self, seat: Seat) -> Situation;
    /// The pieces captured so far, as `seat` knows them.
    fn captured(&self, seat: Seat) -> Vec<CapturedView>;
    /// The moves played.
    fn moves(&self) -> &[MoveRecord];
    /// The current position's FEN as `seat` may see it.
    fn fen(&self, seat: Seat) -> String;

    /// Whether `p` is on the board.
    fn on_board(&self, p: Point) -> bool {
        let (files, ranks) = self.size();
        p.file < files && p.rank < ranks
    }
}

/// The board's part of a view: every point with its highlights, and what is in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Drawn {
    /// Every point, rank by rank from rank 0, file 0 first.
    pub(crate) points: Vec<PointView>,
    /// The point of the piece in hand.
    pub(crate) selected: Option<Point>,
    /// Where the piece in hand may go.
    pub(crate) targets: Vec<Target>,
    /// The last move played.
    pub(crate) last: Option<MoveRecord>,
    /// The point of the general (king) in check.
    pub(crate) check: Option<Point>,
    /// A piece released in the middle of a chain.
    pub(crate) hovering: Option<Hovering>,
}

/// What a puzzle or a course marks on the board beyond a game's own highlights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Marks<'a> {
    /// The point a puzzle's hint marks.
    pub(crate) hint: Option<Point>,
    /// The points a course exercise still asks to reach, or whose pieces it asks to take.
    pub(crate) goals: &'a [Point],
}

/// Draws `board` as `seat` sees it. `hidden`: the device waits to be handed over, and no
/// piece or move of the game shows. `marks`: what a puzzle or a course marks besides.
pub(crate) fn draw<B: Board + ?Sized>(
    board: &B,
    seat: Seat,
    hidden: bool,
    marks: Marks<'_>,
) -> Drawn {
    let (files, ranks) = board.size();
    let last = if hidden { None } else { board.moves().last().cloned() };
    let check = if hidden { None } else { board.check(seat) };
    let lifted = if hidden { None } else { board.entry().lifted() };
    let targets = if hidden { Vec::new() } else { board.entry().targets() };
    let pieces = if hidden { Vec::new() } else { board.board(seat) };
    let mut points = Vec::with_capacity(usize::from(files) * usize::from(ranks));
    for rank in 0..ranks {
        for file in 0..files {
            let point = Point::new(file, rank);
            let i = usize::from(rank) * usize::from(files) + usize::from(file);
            let [piece, partner] = pieces.get(i).copied().unwrap_or_default();
            let target = targets.iter().find(|t| t.point == point);
            points.push(PointView {
                point,
                piece,
                partner,
                highlights: Highlights {
                    selected: lifted.is_some_and(|l| l.point == point),
                    target: target.is_some(),
                    capture: target.is_some_and(|t| t.kind != TargetKind::Move),
                    last_from: last.as_ref().is_some_and(|m| m.from == point),
                    last_to: last.as_ref().is_some_and(|m| m.to == point),
                    check: check == Some(point),
                    special: board.is_special(point),
                    hint: !hidden && marks.hint == Some(point),
                    goal: !hidden && marks.goals.contains(&point),
                },
            });
        }
    }
    let hovering =
        lifted.filter(|l| l.released).map(|l| Hovering { point: l.point, piece: l.piece });
    Drawn { points, selected: lifted.map(|l| l.point), targets, last, check, hovering }
}

/// The move list, a row per move number; a game begun by the second player starts with an
/// empty first half.
pub(crate) fn move_rows(moves: &[MoveRecord]) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for m in moves {
        match (m.side, rows.last_mut()) {
            (Color::Black, Some(row)) if row.second.is_none() => {
                row.second = Some(m.notation.clone());
            }
            (side, _) => {
                let number = u32::try_from(rows.len() + 1).unwrap_or(u32::MAX);
                let (first, second) = match side {
                    Color::White => (Some(m.notation.clone()), None),
                    Color::Black => (None, Some(m.notation.clone())),
                };
                rows.push(MoveRow { number, first, second });
            }
        }
    }
    rows
}

/// The players' bars, the first player's first: `title` names each side, and each bar says
/// whether its side is to move, whether its king is threatened, and what it has captured, as
/// `seat` knows it.
pub(crate) fn player_bars<B: Board + ?Sized>(
    board: &B,
    seat: Seat,
    title: impl Fn(Color) -> String,
) -> Vec<PlayerBar> {
    let captured = board.captured(seat);
    let going_on = board.outcome().is_none();
    Color::ALL
        .into_iter()
        .map(|side| PlayerBar {
            side,
            title: title(side),
            to_move: going_on && board.to_move() == side,
            threatened: going_on && board.threatened(seat, side),
            // A side's bar shows what it took: the other side's pieces.
            captured: captured.iter().filter(|c| c.side != side).copied().collect(),
        })
        .collect()
}
