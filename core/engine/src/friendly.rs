//! Friendly chess (Paco Ŝako) for the search: the [`SearchGame`] implementation and the
//! evaluation.
//!
//! Nothing is captured; a piece that bonds with an enemy piece ties both down, and the game is
//! won by bonding the enemy king (directly or at the end of a chain). The evaluation therefore
//! counts pieces by how free they are (a piece in a bond is worth about half: it still moves,
//! carrying its partner, and a chain can set it free), so that bonding a valuable enemy piece
//! with a cheap one of one's own gains (the bond structure); it knows king threats (a king the
//! side to move can bond is a win a ply away, its own threatened king a danger), and rewards
//! advanced pawns and central minor pieces. Chains are found by the search, which tries moves
//! into bonds after the bond-forming ones.
//!
//! A position rich in bonds can have millions of moves (every arrangement a long chain can
//! shuffle through); the search looks at the moves of at most [`MAX_STEPS`] steps, as a
//! person does, and at every move only when the king can be bonded.

use rodina_rules::friendly::{Move, Role, Square};
use rodina_rules::{Color, DrawReason, Friendly, Outcome, Position};

use crate::game::SearchGame;

/// Longest chain the search considers (in steps).
pub const MAX_STEPS: usize = 3;

/// Longest chain looked at for a win when the king can be bonded but not in a short chain.
const LONG_CHAIN: usize = 12;

/// Value of a piece by role, as in chess.
fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 310,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// Share (in percent) of a piece's value it keeps while in a bond.
const BONDED_SHARE: i32 = 45;
/// The side to move's king is threatened: it must answer at once.
const KING_THREATENED: i32 = 150;
/// The side to move can bond the enemy king now: a win one ply away, scored below a proven
/// win so that the search still prefers playing it.
const KING_BOND_NEXT: i32 = 5_000;
/// A bonus for the side to move.
const TEMPO: i32 = 10;

/// Centralisation of knights and bishops, by distance from the centre.
fn centre_bonus(s: Square) -> i32 {
    let (f, r) = ((s.index() % 8) as i32, (s.index() / 8) as i32);
    let d = (2 * f - 7).abs().max((2 * r - 7).abs());
    (7 - d) * 3
}

/// The static evaluation, from the side to move's point of view.
pub fn evaluate(pos: &Friendly) -> i32 {
    let us = pos.turn();
    if pos.can_bond_king() {
        // The side to move wins with its next move.
        return KING_BOND_NEXT;
    }
    let mut score = [0i32; 2];
    for (s, cell) in pos.cells() {
        let bond = cell.is_bond();
        for c in Color::ALL {
            let Some(role) = cell.get(c) else { continue };
            if role == Role::King {
                continue;
            }
            let v = value(role);
            let side = &mut score[c.index()];
            *side += if bond { v * BONDED_SHARE / 100 } else { v };
            match role {
                Role::Pawn if !bond => {
                    // Pawns gain as they advance: promotion waits at the end.
                    let rank = (s.index() / 8) as i32;
                    let advance = if c == Color::White { rank - 1 } else { 6 - rank };
                    *side += advance * advance * 3;
                }
                Role::Knight | Role::Bishop => *side += centre_bonus(s),
                _ => {}
            }
        }
    }
    let mut total = score[us.index()] - score[(!us).index()] + TEMPO;
    if pos.is_threatened(us) {
        total -= KING_THREATENED;
    }
    total
}

impl SearchGame for Friendly {
    type Move = Move;
    /// A threatened king is not treated as check: answering it can take any move, and a
    /// quiescence search over all of them (and the chains they start) would not end. The
    /// evaluation knows the threat instead, and the full-width search answers it.
    const HAS_CHECK: bool = false;
    const HISTORY_SIZE: usize = 64 * 64;

    fn side(&self) -> Color {
        self.turn()
    }

    fn key(&self) -> u64 {
        self.zobrist()
    }

    fn moves(&self, out: &mut Vec<Move>) {
        out.extend(self.moves_within(MAX_STEPS));
        if self.can_bond_king() && !out.iter().any(|m| self.play(m).winner().is_some()) {
            // The king can be bonded, but only by a longer chain: look further, then take
            // the win alone (listing every move would not do: a position rich in bonds has
            // millions, and a self-play game of the puzzle generator ran out of memory on
            // one).
            out.clear();
            out.extend(self.moves_within(LONG_CHAIN));
            if !out.iter().any(|m| self.play(m).winner().is_some()) {
                out.clear();
                out.extend(self.winning_move());
            }
        }
        if out.is_empty() {
            // No short move at all: every move.
            self.legal_moves_into(out);
        }
    }

    fn in_check(&self) -> bool {
        false
    }

    #[inline]
    fn perpetual_check_loses(&self) -> bool {
        false
    }

    fn play(&self, m: &Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Moves that form a new bond with an enemy single: the "captures" of a game without
    /// captures. Each one ties down one more enemy piece, so a line of them ends; moves into
    /// existing bonds (chains) can go round and round and are left to the full-width search.
    fn capture_order(&self, m: &Move) -> Option<i32> {
        let target = self.cell(m.to());
        if target.is_bond() {
            return None;
        }
        let victim = target.get(!self.turn()).map(value)?;
        let attacker = self.cell(m.from()).get(self.turn()).map_or(0, value);
        Some(victim / 10 * 16 - attacker / 10)
    }

    fn capture_gain(&self, m: &Move) -> i32 {
        let target = self.cell(m.to());
        if target.is_bond() { 0 } else { target.get(!self.turn()).map_or(0, value) }
    }

    fn move_key(&self, m: &Move) -> u32 {
        let last = m.steps().last().map_or(m.from(), |s| s.to);
        (m.from().index() * 64 + m.to().index()) as u32 * 64 * 8
            + last.index() as u32 * 8
            + m.steps().len().min(7) as u32
            + 1
    }

    fn history_index(&self, m: &Move) -> usize {
        m.from().index() * 64 + m.to().index()
    }

    fn is_irreversible(&self, m: &Move) -> bool {
        // Only a move after which no earlier position can come back may cut the repetition
        // window: a bond, moved by either side, carries its pawns back and forth, so pawn moves
        // in general do not count. A single pawn that steps can come back only carried in a
        // bond, which it first enters by a move that adds one; and bonds never come apart.
        let us = self.turn();
        let from = self.cell(m.from());
        if from.get(us) == Some(Role::Pawn) && from.get(!us).is_none() {
            return true;
        }
        m.steps().iter().any(|s| {
            let c = self.cell(s.to);
            c.get(!us).is_some() && c.get(us).is_none()
        })
    }

    fn terminal(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner() {
            return Some(Outcome::Win { winner, reason: rodina_rules::WinReason::KingBond });
        }
        if self.is_all_bonded() {
            return Some(Outcome::Draw { reason: DrawReason::AllBonded });
        }
        if self.halfmove_clock() >= 100 {
            return Some(Outcome::Draw { reason: DrawReason::FiftyMoves });
        }
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Draw { reason: DrawReason::NoMoves }
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;
    use crate::{Limits, Request, Searcher};
    use rodina_rules::Truth;

    fn pos(fen: &str) -> Friendly {
        Friendly::from_fen(fen).expect("valid FEN")
    }

    #[test]
    fn start_is_balanced() {
        assert_eq!(evaluate(&Friendly::new()), TEMPO);
    }

    #[test]
    fn bonds_the_king_when_it_can() {
        // 1. e4 f6 2. Qh5: Black to move cannot stop... here White to move bonds at once.
        let mut p = Friendly::new();
        for text in ["e2e4", "f7f6", "d1h5", "a7a6"] {
            let m = p.parse_move(text).expect("legal");
            Position::play(&mut p, &m).expect("legal");
        }
        assert!(p.can_bond_king());
        let r =
            Searcher::<Friendly>::new(1 << 16).search(&Request::new(&p, Limits::depth(2)), |_| {});
        assert_eq!(r.score, MATE - 1);
        let mut after = p.clone();
        after.play_unchecked(&r.best.expect("a move"));
        assert_eq!(after.winner(), Some(Color::White));
    }

    #[test]
    fn bonding_a_queen_with_a_pawn_is_good() {
        // White's pawn on e4 can bond Black's queen on d5.
        let p = pos("rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - - 0 3");
        let r =
            Searcher::<Friendly>::new(1 << 16).search(&Request::new(&p, Limits::depth(3)), |_| {});
        assert_eq!(r.best.map(|m| Position::move_text(&p, &m)), Some("e4d5".to_owned()));
    }

    #[test]
    fn a_bond_carried_back_and_forth_can_repeat() {
        // 1. e4 d5 2. exd5: the pawns on d5 form a bond that either side may move.
        let mut p = Friendly::new();
        let play = |p: &mut Friendly, text: &str| {
            let m = p.parse_move(text).expect("legal");
            let irreversible = SearchGame::is_irreversible(p, &m);
            Position::play(p, &m).expect("legal");
            irreversible
        };
        assert!(play(&mut p, "e2e4"), "a single pawn never comes back");
        assert!(play(&mut p, "d7d5"), "a single pawn never comes back");
        assert!(play(&mut p, "e4d5"), "a new bond never comes apart");
        let start = SearchGame::key(&p);
        // White carries the bond forward with its pawn, Black back with its own.
        let texts = ["g8f6", "d5d6", "d6d5", "g1f3", "f6g8", "f3g1"];
        for text in texts {
            assert!(!play(&mut p, text), "{text} can be undone");
        }
        assert_eq!(SearchGame::key(&p), start, "the position came back");
    }
}
