//! Each game at the table: how its pieces look in the board view model, how its moves are
//! entered by taps and what the players' bars show. Everything else the app does is written
//! once for every game (see [`crate::table`]).

use rodina_rules::friendly::{self, Friendly};
use rodina_rules::jeson_mor::{self, JesonMor};
use rodina_rules::jieqi::{Cell, JieqiView};
use rodina_rules::xiangqi::{self, Square};
use rodina_rules::{Color, Game, Jieqi, Position, Xiangqi};

use crate::entry::{FriendlyEntry, PointEntry, PointMoves};
use crate::model::{CapturedView, PieceKind, PieceView, Point};
use crate::table::{AppGame, Situation};

fn xiangqi_square(p: Point) -> Option<Square> {
    Square::new(p.file, p.rank)
}

fn xiangqi_ends(m: &xiangqi::Move) -> (Point, Point) {
    (Point::from(m.from), Point::from(m.to))
}

fn face_up(piece: xiangqi::Piece) -> PieceView {
    PieceView { side: piece.color, kind: PieceKind::from(piece.role), face_down: false }
}

/// The captures of a record in which every piece shows what it is: the piece on each move's
/// destination.
fn captures_shown<P: Position>(
    record: &Game<P>,
    taken: impl Fn(&P, &P::Move) -> Option<PieceView>,
) -> Vec<CapturedView> {
    (0..record.len())
        .filter_map(|i| {
            let before = record.position_at(i)?;
            let piece = taken(before, &record.plies()[i].mv)?;
            Some(CapturedView { side: piece.side, kind: Some(piece.kind), face_down: false })
        })
        .collect()
}

impl PointMoves for Xiangqi {
    fn ends(m: &xiangqi::Move) -> (Point, Point) {
        xiangqi_ends(m)
    }

    fn piece_on(&self, p: Point) -> Option<PieceView> {
        xiangqi_square(p).and_then(|s| self.piece_at(s)).map(face_up)
    }
}

impl AppGame for Xiangqi {
    type Entry = PointEntry<Xiangqi>;
    type ViewEntry = PointEntry<Xiangqi>;

    fn pieces_at(view: &Xiangqi, p: Point) -> [Option<PieceView>; 2] {
        [view.piece_on(p), None]
    }

    fn move_points(m: &xiangqi::Move) -> (Point, Point) {
        xiangqi_ends(m)
    }

    fn notation(pos: &Xiangqi, m: &xiangqi::Move) -> String {
        pos.to_wxf(*m)
    }

    fn view_notation(view: &Xiangqi, m: &xiangqi::Move) -> String {
        view.to_wxf(*m)
    }

    fn check_point(view: &Xiangqi) -> Option<Point> {
        view.is_check().then(|| Point::from(view.general(view.turn())))
    }

    fn threatened(view: &Xiangqi, side: Color) -> bool {
        side == view.turn() && view.is_check()
    }

    fn situation(view: &Xiangqi) -> Situation {
        if view.is_check() { Situation::Check } else { Situation::Quiet }
    }

    fn captured(record: &Game<Xiangqi>) -> Vec<CapturedView> {
        captures_shown(record, |pos, m| pos.piece_at(m.to).map(face_up))
    }
}

impl PointMoves for Jieqi {
    fn ends(m: &xiangqi::Move) -> (Point, Point) {
        xiangqi_ends(m)
    }

    /// What everyone sees: a face-down piece as the piece of its point, never its identity.
    fn piece_on(&self, p: Point) -> Option<PieceView> {
        let s = xiangqi_square(p)?;
        let mover = self.mover_at(s)?;
        Some(PieceView { face_down: self.is_face_down(s), ..face_up(mover) })
    }
}

impl PointMoves for JieqiView {
    fn ends(m: &xiangqi::Move) -> (Point, Point) {
        xiangqi_ends(m)
    }

    /// What the seat sees: a face-down piece as the piece of its point.
    fn piece_on(&self, p: Point) -> Option<PieceView> {
        Jieqi::pieces_at(self, p)[0]
    }
}

impl AppGame for Jieqi {
    type Entry = PointEntry<Jieqi>;
    type ViewEntry = PointEntry<JieqiView>;

    /// A face-down piece shows its back and the kind of its point, which it moves as; never
    /// its identity, which the seat's view does not hold.
    fn pieces_at(view: &JieqiView, p: Point) -> [Option<PieceView>; 2] {
        let Some(s) = xiangqi_square(p) else { return [None, None] };
        let piece = view.mover_at(s).map(|mover| PieceView {
            face_down: matches!(view.cell_at(s), Some(Cell::FaceDown(_))),
            ..face_up(mover)
        });
        [piece, None]
    }

    fn move_points(m: &xiangqi::Move) -> (Point, Point) {
        xiangqi_ends(m)
    }

    /// The coordinates; the move list shows what the move revealed once it is played.
    fn notation(_pos: &Jieqi, m: &xiangqi::Move) -> String {
        m.to_string()
    }

    fn view_notation(_view: &JieqiView, m: &xiangqi::Move) -> String {
        m.to_string()
    }

    fn check_point(view: &JieqiView) -> Option<Point> {
        view.is_check().then(|| Point::from(view.general(view.turn())))
    }

    fn threatened(view: &JieqiView, side: Color) -> bool {
        side == view.turn() && view.is_check()
    }

    fn situation(view: &JieqiView) -> Situation {
        if view.is_check() { Situation::Check } else { Situation::Quiet }
    }

    /// The captured pieces as the seat knows them: a face-down piece someone else took stays
    /// unknown.
    fn captured(record: &Game<JieqiView>) -> Vec<CapturedView> {
        record
            .position()
            .captured()
            .iter()
            .map(|c| CapturedView {
                side: c.color,
                kind: c.role.map(PieceKind::from),
                face_down: c.face_down,
            })
            .collect()
    }
}

fn knight(side: Color) -> PieceView {
    PieceView { side, kind: PieceKind::Knight, face_down: false }
}

impl PointMoves for JesonMor {
    fn ends(m: &jeson_mor::Move) -> (Point, Point) {
        (Point::from(m.from), Point::from(m.to))
    }

    fn piece_on(&self, p: Point) -> Option<PieceView> {
        jeson_mor::Square::new(p.file, p.rank).and_then(|s| self.piece_at(s)).map(knight)
    }
}

impl AppGame for JesonMor {
    type Entry = PointEntry<JesonMor>;
    type ViewEntry = PointEntry<JesonMor>;

    fn pieces_at(view: &JesonMor, p: Point) -> [Option<PieceView>; 2] {
        [view.piece_on(p), None]
    }

    fn move_points(m: &jeson_mor::Move) -> (Point, Point) {
        JesonMor::ends(m)
    }

    fn notation(pos: &JesonMor, m: &jeson_mor::Move) -> String {
        pos.move_text(m)
    }

    fn view_notation(view: &JesonMor, m: &jeson_mor::Move) -> String {
        view.move_text(m)
    }

    /// A knight of the opponent's on the centre is the threat players watch.
    fn check_point(view: &JesonMor) -> Option<Point> {
        (view.centre_knight() == Some(!view.turn())).then(|| Point::from(jeson_mor::Square::E5))
    }

    /// A side is threatened when the opponent's knight stands on the centre.
    fn threatened(view: &JesonMor, side: Color) -> bool {
        view.centre_knight() == Some(!side)
    }

    fn situation(view: &JesonMor) -> Situation {
        match view.centre_knight() {
            Some(c) if c == view.turn() && view.holds_centre() => Situation::CentreHeld,
            Some(c) if c != view.turn() => Situation::CentreThreat,
            _ => Situation::Quiet,
        }
    }

    fn captured(record: &Game<JesonMor>) -> Vec<CapturedView> {
        captures_shown(record, |pos, m| pos.piece_at(m.to).map(knight))
    }

    fn is_special(p: Point) -> bool {
        p == Point::from(jeson_mor::Square::E5)
    }
}

fn friendly_piece(side: Color, role: friendly::Role) -> PieceView {
    PieceView { side, kind: PieceKind::from(role), face_down: false }
}

impl AppGame for Friendly {
    type Entry = FriendlyEntry;
    type ViewEntry = FriendlyEntry;

    /// A single piece, or both pieces of a bond (the side to move's first).
    fn pieces_at(view: &Friendly, p: Point) -> [Option<PieceView>; 2] {
        let Some(s) = friendly::Square::new(p.file, p.rank) else { return [None, None] };
        let cell = view.cell(s);
        let piece = |side: Color| cell.get(side).map(|role| friendly_piece(side, role));
        let us = view.turn();
        match (piece(us), piece(!us)) {
            (Some(a), b) => [Some(a), b],
            (None, b) => [b, None],
        }
    }

    /// Where the moved piece starts and where its first step ends.
    fn move_points(m: &friendly::Move) -> (Point, Point) {
        let first = m.steps().first().map_or(m.from(), |s| s.to);
        (Point::from(m.from()), Point::from(first))
    }

    fn notation(pos: &Friendly, m: &friendly::Move) -> String {
        pos.move_text(m)
    }

    fn view_notation(view: &Friendly, m: &friendly::Move) -> String {
        view.move_text(m)
    }

    fn check_point(view: &Friendly) -> Option<Point> {
        view.is_check().then(|| Point::from(view.king(view.turn())))
    }

    /// Ŝako: a king that a bond, direct or at the end of a chain, could reach.
    fn threatened(view: &Friendly, side: Color) -> bool {
        view.is_threatened(side)
    }

    fn situation(view: &Friendly) -> Situation {
        if view.is_check() { Situation::Threatened } else { Situation::Quiet }
    }

    /// Nothing is ever captured in Friendly chess.
    fn captured(_record: &Game<Friendly>) -> Vec<CapturedView> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use rodina_rules::{Seat, Truth};

    use super::*;

    #[test]
    fn the_start_positions_show_their_pieces() {
        let x = Xiangqi::new();
        let red = Xiangqi::pieces_at(&x, Point::new(4, 0))[0];
        assert_eq!(red.map(|p| (p.side, p.kind)), Some((Color::White, PieceKind::General)));
        assert_eq!(Xiangqi::pieces_at(&x, Point::new(4, 4)), [None, None]);
        assert_eq!(Xiangqi::check_point(&x), None);
        let j = JesonMor::new();
        assert_eq!(
            JesonMor::pieces_at(&j, Point::new(0, 8))[0].map(|p| p.kind),
            Some(PieceKind::Knight)
        );
        assert!(JesonMor::is_special(Point::new(4, 4)) && !JesonMor::is_special(Point::new(4, 3)));
        let f = Friendly::new();
        assert_eq!(
            Friendly::pieces_at(&f, Point::new(4, 0))[0].map(|p| p.kind),
            Some(PieceKind::King)
        );
    }

    #[test]
    fn a_face_down_piece_shows_only_its_back_and_its_point() {
        use rand::SeedableRng;
        let truth =
            Jieqi::shuffled(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1), Default::default());
        let view = truth.view(Seat::Player(Color::White));
        let [piece, partner] = Jieqi::pieces_at(&view, Point::new(1, 2));
        assert_eq!(partner, None);
        let piece = piece.expect("the cannon point's piece");
        assert!(piece.face_down);
        assert_eq!(piece.kind, PieceKind::Cannon, "the kind of its point");
        // The truth shows the same to anyone who taps it.
        assert_eq!(truth.piece_on(Point::new(1, 2)), Some(piece));
    }
}
