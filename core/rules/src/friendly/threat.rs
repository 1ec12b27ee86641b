//! Whether a king can be bonded, the check of Friendly chess.
//!
//! A direct step onto the king is read off the attack tables. Otherwise only a chain can
//! reach the king, and a quick over-estimate ([`chain_may_reach`]) spares the walk over chain
//! states in most positions.

use super::Friendly;
use super::board::{Bb, Board, KNIGHT, PAWN_DIAG, attacks, bishop_attacks, rook_attacks, squares};
use super::cursor::Cursor;
use super::movegen::{Finish, Link, Visitor, Walk, with_walk};
use super::types::{Move, Role, Square};
use crate::Color;

/// Stops at the first move that bonds the enemy king.
struct Win;

impl Visitor for Win {
    const ONLY_SINGLES: bool = true;

    fn end(&mut self, _: &Walk, _: u32, finish: Finish, _: Link) -> bool {
        finish.win
    }
}

/// Stops the walk at the first move that bonds the enemy king, keeping the position it leads
/// to.
struct FirstWin<'p> {
    pos: &'p Friendly,
    won: Option<Friendly>,
}

impl Visitor for FirstWin<'_> {
    const ONLY_SINGLES: bool = true;

    fn end(&mut self, walk: &Walk, origin: u32, finish: Finish, link: Link) -> bool {
        if finish.win {
            self.won = Some(walk.materialize(self.pos, origin, link));
        }
        finish.win
    }
}

/// A move of the side to move of `pos` that bonds the enemy king, in its canonical text (the
/// shortest path to the position it leads to), found without listing the other moves: a
/// position rich in bonds has millions of them, too many to hold.
pub(crate) fn winning_move(pos: &Friendly) -> Option<Move> {
    let won = with_walk(|s| {
        let mut v = FirstWin { pos, won: None };
        s.all(pos, &mut v);
        v.won
    })?;
    super::movegen::canonical_move(pos, &won, u16::MAX)
}

/// Whether `color`'s king, standing on `at` (the rest of `board` as it is, `color`'s king
/// taken off its own square if it is elsewhere), could be bonded by the opponent moving now,
/// directly or at the end of a chain.
pub(crate) fn king_threatened_at(board: &Board, color: Color, at: Square) -> bool {
    let mut b = board.clone();
    if let Some(k) = b.king(color) {
        b.take(color, k);
    }
    if b.occupied() & at.bit() != 0 {
        // Only empty squares are asked about (a king never shares a square).
        return false;
    }
    b.put(color, Role::King, at);
    threatened(&b, color)
}

/// Whether `color`'s king on `board` could be bonded by the opponent moving now.
pub(crate) fn threatened(board: &Board, color: Color) -> bool {
    let Some(king) = board.king(color) else { return false };
    let them = !color;
    if board.role_at(them, king).is_some() {
        // Already bonded: the game is over.
        return true;
    }
    // Only the opponent's singles move onto other pieces (bonds go to empty squares only,
    // and kings never bond).
    let singles = board.singles(them);
    let piece = |r: Role| board.pieces(them, r) & singles;
    let occ = board.occupied();
    let (pawns, knights) = (piece(Role::Pawn), piece(Role::Knight));
    let (diagonal, straight) =
        (piece(Role::Bishop) | piece(Role::Queen), piece(Role::Rook) | piece(Role::Queen));
    // A direct step onto the king: the squares it would be reached from, as for an attack.
    if PAWN_DIAG[color as usize][king.index()] & pawns != 0
        || KNIGHT[king.index()] & knights != 0
        || bishop_attacks(king, occ) & diagonal != 0
        || rook_attacks(king, occ) & straight != 0
    {
        return true;
    }
    // Otherwise only a chain can reach the king, and it starts with a single entering a bond.
    let bonds = board.bonds();
    let mut starts = 0;
    for s in squares(singles & !board.pieces(them, Role::King)) {
        let reach = if pawns & s.bit() != 0 {
            PAWN_DIAG[them as usize][s.index()]
        } else {
            attacks(board.role_at(them, s).unwrap_or(Role::Pawn), s, occ)
        };
        if reach & bonds != 0 && chain_may_reach(board, them, s, king) {
            starts |= s.bit();
        }
    }
    starts != 0 && chain_reaches(board, them, starts)
}

/// Whether the side to move of `pos` has a move that bonds the enemy king, with everything
/// the position allows (en passant, an owed promotion).
pub(crate) fn can_win(pos: &Friendly) -> bool {
    with_walk(|s| s.all(pos, &mut Win))
}

/// Whether a chain of `attacker`'s pieces started by one of its singles on `starts` can end
/// on the enemy king: the walk over chain states, stopping at the first win.
fn chain_reaches(board: &Board, attacker: Color, starts: Bb) -> bool {
    with_walk(|s| {
        s.reset();
        s.pieces(&Cursor::bare(board.clone(), attacker), None, starts, &mut Win)
    })
}

/// Whether a chain started by `attacker`'s single on `start` might end on the enemy king on
/// `king`: a quick over-estimate that spares the walk over chain states in most positions.
///
/// Instead of arrangements of pieces in the bonds it follows, per bond, the roles that may
/// stand there and the roles that may be released there. A bond gives up the piece it started
/// with when it is first entered; a piece that entered it later is released only by a
/// further entry, which can only come from a released piece (the lifted single steps first).
/// A released piece steps on to the king (a possible win) or into further bonds; a pawn
/// entering a bond on its last rank is promoted there to any piece. The occupied squares
/// stay as they are during a chain, but for the starting single's own square.
fn chain_may_reach(board: &Board, attacker: Color, start: Square, king: Square) -> bool {
    const PROMOTED: u8 = 1 << Role::Knight as u8
        | 1 << Role::Bishop as u8
        | 1 << Role::Rook as u8
        | 1 << Role::Queen as u8;
    let a = attacker as usize;
    let bonds = board.bonds();
    let occ = board.occupied() & !start.bit();
    let king_bit = king.bit();
    // Per square of a bond: the roles that may stand there, those released already followed.
    let mut may_stand = [0u8; 64];
    let mut followed = [0u8; 64];
    for b in squares(bonds) {
        may_stand[b.index()] = 1 << board.role_at(attacker, b).unwrap_or(Role::Pawn) as u8;
    }
    let original = may_stand;
    let mut entered: Bb = 0;
    let mut entered_by_released: Bb = 0;
    // The squares of bonds a piece of `role` on `from` steps into, or `None` if it can step
    // onto the king.
    let steps = |role: Role, from: Square| -> Option<Bb> {
        let reach =
            if role == Role::Pawn { PAWN_DIAG[a][from.index()] } else { attacks(role, from, occ) };
        if reach & king_bit != 0 { None } else { Some(reach & bonds) }
    };
    let enter = |may_stand: &mut [u8; 64], role: Role, targets: Bb| {
        for b in squares(targets) {
            let last_rank = role == Role::Pawn && b.relative_rank(attacker) == 7;
            may_stand[b.index()] |= if last_rank { PROMOTED } else { 1 << role as u8 };
        }
    };
    let first = board.role_at(attacker, start).unwrap_or(Role::Pawn);
    let Some(targets) = steps(first, start) else { return true };
    enter(&mut may_stand, first, targets);
    entered |= targets;
    loop {
        let mut changed = false;
        for b in squares(entered) {
            let i = b.index();
            let releasable =
                if entered_by_released & b.bit() != 0 { may_stand[i] } else { original[i] };
            let new = releasable & !followed[i];
            if new == 0 {
                continue;
            }
            followed[i] |= new;
            changed = true;
            for r in 0..5 {
                if new & (1 << r) == 0 {
                    continue;
                }
                let role = Role::from_index(r);
                let Some(targets) = steps(role, b) else { return true };
                enter(&mut may_stand, role, targets);
                entered |= targets;
                entered_by_released |= targets;
            }
        }
        if !changed {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::{Position, View};

    /// The quick filter of [`threatened`] only spares walks: on positions from random games,
    /// a walk from every single that enters a bond finds a winning chain exactly when the
    /// filter kept one of them (and the filter kept at least one for every such win).
    #[test]
    fn the_chain_filter_never_drops_a_winning_chain() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let (mut compared, mut dropped_walks, mut wins) = (0, 0, 0);
        for _ in 0..30 {
            let mut p = Friendly::new();
            for _ in 0..150 {
                for color in Color::ALL {
                    let board = &p.board;
                    let Some(king) = board.king(color) else { continue };
                    let them = !color;
                    if board.role_at(them, king).is_some() {
                        continue;
                    }
                    let bonds = board.bonds();
                    let occ = board.occupied();
                    let pawns = board.pieces(them, Role::Pawn);
                    let mut all = 0;
                    let mut kept = 0;
                    for s in squares(board.singles(them) & !board.pieces(them, Role::King)) {
                        let reach = if pawns & s.bit() != 0 {
                            PAWN_DIAG[them as usize][s.index()]
                        } else {
                            attacks(board.role_at(them, s).unwrap_or(Role::Pawn), s, occ)
                        };
                        if reach & bonds == 0 {
                            continue;
                        }
                        all |= s.bit();
                        // Each start on its own: the filter must keep every start that wins.
                        let reaches = chain_reaches(board, them, s.bit());
                        let may = chain_may_reach(board, them, s, king);
                        assert!(!reaches || may, "{} dropped {s:?} for {them}", p.fen());
                        kept |= if may { s.bit() } else { 0 };
                        wins += usize::from(reaches);
                    }
                    if all != 0 {
                        compared += 1;
                        dropped_walks += usize::from(kept != all);
                    }
                }
                let moves = p.moves_within(4);
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                let m = &moves[rng.random_range(0..moves.len())];
                p.play_unchecked(m);
            }
        }
        // The comparison must have seen real chains, won and spared.
        assert!(
            compared > 1_000 && wins > 20 && dropped_walks > 200,
            "{compared} {wins} {dropped_walks}"
        );
    }
}
