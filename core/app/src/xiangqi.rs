//! Xiangqi at the table: board geometry, pieces and WXF for the app.

use rodina_rules::xiangqi::{Handicap, Move, Role, Square};
use rodina_rules::{Position, Xiangqi};

use crate::error::SessionError;
use crate::model::{PieceKind, PieceView, Point};
use crate::table::AppGame;

fn square(p: Point) -> Option<Square> {
    Square::new(p.file, p.rank)
}

fn point(s: Square) -> Point {
    Point::new(s.file(), s.rank())
}

fn kind(role: Role) -> PieceKind {
    match role {
        Role::General => PieceKind::General,
        Role::Advisor => PieceKind::Advisor,
        Role::Elephant => PieceKind::Elephant,
        Role::Horse => PieceKind::Horse,
        Role::Chariot => PieceKind::Chariot,
        Role::Cannon => PieceKind::Cannon,
        Role::Soldier => PieceKind::Soldier,
    }
}

impl AppGame for Xiangqi {
    const FILES: u8 = 9;
    const RANKS: u8 = 10;

    fn with_handicap(name: &str) -> Result<Self, SessionError> {
        let handicap: Handicap = name.parse().map_err(SessionError::Options)?;
        Ok(Xiangqi::with_handicap(handicap))
    }

    fn start() -> Self {
        Xiangqi::new()
    }

    fn piece_view(&self, p: Point) -> Option<PieceView> {
        let piece = self.piece_at(square(p)?)?;
        Some(PieceView { side: piece.color, kind: kind(piece.role), face_down: false })
    }

    fn move_points(m: &Move) -> (Point, Point) {
        (point(m.from), point(m.to))
    }

    fn notation(&self, m: &Move) -> String {
        self.to_wxf(*m)
    }

    fn check_point(&self) -> Option<Point> {
        self.is_check().then(|| point(self.general(self.turn())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rodina_rules::Color;

    #[test]
    fn points_and_squares_name_the_same_places() {
        for s in Square::all() {
            let p = point(s);
            assert_eq!(square(p), Some(s));
            assert_eq!(p.to_string(), s.to_string());
        }
        assert_eq!(square(Point::new(9, 0)), None);
        assert_eq!(square(Point::new(0, 10)), None);
    }

    #[test]
    fn the_start_position_shows_generals_on_e1_and_e10() {
        let pos = <Xiangqi as AppGame>::start();
        let red = pos.piece_view(Point::new(4, 0));
        let black = pos.piece_view(Point::new(4, 9));
        assert_eq!(red.map(|p| (p.side, p.kind)), Some((Color::White, PieceKind::General)));
        assert_eq!(black.map(|p| (p.side, p.kind)), Some((Color::Black, PieceKind::General)));
        assert_eq!(pos.piece_view(Point::new(4, 4)), None);
        assert_eq!(pos.check_point(), None);
    }

    #[test]
    fn an_unknown_handicap_is_an_options_error() {
        assert!(matches!(
            <Xiangqi as AppGame>::with_handicap("queen"),
            Err(SessionError::Options(_))
        ));
        let pos = <Xiangqi as AppGame>::with_handicap("chariot").unwrap();
        assert_eq!(pos.piece_view(Point::new(0, 0)), None);
    }
}
