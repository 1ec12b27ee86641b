//! Seeded random Friendly chess games for the property and untrusted-input tests.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rodina_rules::Position;
use rodina_rules::friendly::{Friendly, Move};

/// The moves a random game picks from: all of them while there are few, else the short ones
/// (a position rich in bonds can have millions).
pub fn some_moves(p: &Friendly) -> Vec<Move> {
    if p.count_moves() <= 2_000 { p.legal_moves() } else { p.moves_within(3) }
}

/// Positions of seeded random games, `plies` deep at most.
pub fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Friendly> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Friendly::new();
        for _ in 0..plies {
            out.push(p.clone());
            if p.outcome().is_some() {
                break;
            }
            let moves = some_moves(&p);
            let Some(m) = moves.choose(&mut rng) else { break };
            p.play_unchecked(m);
        }
    }
    out
}
