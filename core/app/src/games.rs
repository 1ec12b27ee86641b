//! Each game at the table: how its pieces look in the board view model and where its moves
//! start and end. Everything else the app does is written once for every game
//! (see [`crate::table`]).

use rodina_rules::friendly::{self, Friendly};
use rodina_rules::jeson_mor::{self, JesonMor};
use rodina_rules::jieqi::{Cell, JieqiView};
use rodina_rules::xiangqi::{self, Role, Square};
use rodina_rules::{Color, Jieqi, Position, Xiangqi};

use crate::model::{PieceKind, PieceView, Point};
use crate::table::AppGame;

fn xiangqi_square(p: Point) -> Option<Square> {
    Square::new(p.file, p.rank)
}

fn xiangqi_point(s: Square) -> Point {
    Point::from(s)
}

fn xiangqi_kind(role: Role) -> PieceKind {
    PieceKind::from(role)
}

impl AppGame for Xiangqi {
    fn pieces_at(view: &Xiangqi, p: Point) -> [Option<PieceView>; 2] {
        let piece = xiangqi_square(p).and_then(|s| view.piece_at(s));
        let piece = piece.map(|p| PieceView {
            side: p.color,
            kind: xiangqi_kind(p.role),
            face_down: false,
        });
        [piece, None]
    }

    fn move_points(m: &xiangqi::Move) -> (Point, Point) {
        (xiangqi_point(m.from), xiangqi_point(m.to))
    }

    fn notation(pos: &Xiangqi, m: &xiangqi::Move) -> String {
        pos.to_wxf(*m)
    }

    fn check_point(view: &Xiangqi) -> Option<Point> {
        view.is_check().then(|| xiangqi_point(view.general(view.turn())))
    }
}

impl AppGame for Jieqi {
    /// A face-down piece shows its back and the kind of its point, which it moves as; never
    /// its identity, which the seat's view does not hold.
    fn pieces_at(view: &JieqiView, p: Point) -> [Option<PieceView>; 2] {
        let Some(s) = xiangqi_square(p) else { return [None, None] };
        let piece = view.mover_at(s).map(|mover| PieceView {
            side: mover.color,
            kind: xiangqi_kind(mover.role),
            face_down: matches!(view.cell_at(s), Some(Cell::FaceDown(_))),
        });
        [piece, None]
    }

    fn move_points(m: &xiangqi::Move) -> (Point, Point) {
        (xiangqi_point(m.from), xiangqi_point(m.to))
    }

    /// Coordinates with what the move revealed (`h3e3=C`), as the seat knows it: written
    /// after the move, from the view; before it, the coordinates alone.
    fn notation(_pos: &Jieqi, m: &xiangqi::Move) -> String {
        m.to_string()
    }

    fn check_point(view: &JieqiView) -> Option<Point> {
        view.is_check().then(|| xiangqi_point(view.general(view.turn())))
    }
}

fn jeson_mor_point(s: jeson_mor::Square) -> Point {
    Point::from(s)
}

impl AppGame for JesonMor {
    fn pieces_at(view: &JesonMor, p: Point) -> [Option<PieceView>; 2] {
        let side = jeson_mor::Square::new(p.file, p.rank).and_then(|s| view.piece_at(s));
        [side.map(|side| PieceView { side, kind: PieceKind::Knight, face_down: false }), None]
    }

    fn move_points(m: &jeson_mor::Move) -> (Point, Point) {
        (jeson_mor_point(m.from), jeson_mor_point(m.to))
    }

    fn notation(pos: &JesonMor, m: &jeson_mor::Move) -> String {
        pos.move_text(m)
    }

    /// A knight of the opponent's on the centre is the threat players watch.
    fn check_point(view: &JesonMor) -> Option<Point> {
        (view.centre_knight() == Some(!view.turn())).then(|| jeson_mor_point(jeson_mor::Square::E5))
    }

    fn is_special(p: Point) -> bool {
        p == jeson_mor_point(jeson_mor::Square::E5)
    }
}

fn friendly_point(s: friendly::Square) -> Point {
    Point::from(s)
}

fn friendly_kind(role: friendly::Role) -> PieceKind {
    PieceKind::from(role)
}

impl AppGame for Friendly {
    /// A single piece, or both pieces of a bond (the side to move's first).
    fn pieces_at(view: &Friendly, p: Point) -> [Option<PieceView>; 2] {
        let Some(s) = friendly::Square::new(p.file, p.rank) else { return [None, None] };
        let cell = view.cell(s);
        let piece = |side: Color| {
            cell.get(side).map(|role| PieceView {
                side,
                kind: friendly_kind(role),
                face_down: false,
            })
        };
        let us = view.turn();
        match (piece(us), piece(!us)) {
            (Some(a), b) => [Some(a), b],
            (None, b) => [b, None],
        }
    }

    /// Where the moved piece starts and where its first step ends: the squares a tap or a
    /// drag gives. A chain's later steps are entered as text until the step-by-step input
    /// reaches the app.
    fn move_points(m: &friendly::Move) -> (Point, Point) {
        let first = m.steps().first().map_or(m.from(), |s| s.to);
        (friendly_point(m.from()), friendly_point(first))
    }

    fn notation(pos: &Friendly, m: &friendly::Move) -> String {
        pos.move_text(m)
    }

    fn check_point(view: &Friendly) -> Option<Point> {
        view.is_check().then(|| friendly_point(view.king(view.turn())))
    }
}

/// What a seat sees of a game at the start, for the tests of each game's pieces.
#[cfg(test)]
fn start_view<P: AppGame>(p: P) -> P::View
where
    P::View: rodina_engine::BotGame,
{
    p.view(rodina_rules::Seat::Spectator)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rodina_rules::Truth;

    #[test]
    fn points_and_squares_name_the_same_places() {
        for s in Square::all() {
            let p = xiangqi_point(s);
            assert_eq!(xiangqi_square(p), Some(s));
            assert_eq!(p.to_string(), s.to_string());
        }
        assert_eq!(xiangqi_square(Point::new(9, 0)), None);
        assert_eq!(xiangqi_square(Point::new(0, 10)), None);
    }

    #[test]
    fn the_start_positions_show_their_pieces() {
        let x = start_view(Xiangqi::new());
        let red = Xiangqi::pieces_at(&x, Point::new(4, 0))[0];
        assert_eq!(red.map(|p| (p.side, p.kind)), Some((Color::White, PieceKind::General)));
        assert_eq!(Xiangqi::pieces_at(&x, Point::new(4, 4)), [None, None]);
        assert_eq!(Xiangqi::check_point(&x), None);
        let j = start_view(JesonMor::new());
        assert_eq!(
            JesonMor::pieces_at(&j, Point::new(0, 8))[0].map(|p| p.kind),
            Some(PieceKind::Knight)
        );
        assert!(JesonMor::is_special(Point::new(4, 4)) && !JesonMor::is_special(Point::new(4, 3)));
        let f = start_view(Friendly::new());
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
        let view = truth.view(rodina_rules::Seat::Player(Color::White));
        let [piece, partner] = Jieqi::pieces_at(&view, Point::new(1, 2));
        assert_eq!(partner, None);
        let piece = piece.expect("the cannon point's piece");
        assert!(piece.face_down);
        assert_eq!(piece.kind, PieceKind::Cannon, "the kind of its point");
    }
}
