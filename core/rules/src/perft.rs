//! Perft for any game: the number of leaf nodes of the legal move tree.

use crate::Position;

/// Counts the positions `depth` plies below `pos` by playing every legal move. Positions
/// where the game has ended (no legal move) are leaves that count for nothing deeper. Games
/// whose own end rules stop the tree earlier (Jeson Mor's centre) document their own perft.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}
