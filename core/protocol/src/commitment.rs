//! The Jieqi deal's commitment: when a Jieqi game starts, the server publishes
//! `SHA-256(deal || "\n" || salt)` (lower-case hex), where `deal` is the game's start in
//! Jieqi's full FEN (every hidden identity) and `salt` 32 random bytes in lower-case hex; at
//! the end it reveals both ([`Reveal`]). A player checks the reveal against the commitment
//! and against what they saw ([`verify_reveal`]): the deal cannot have been changed during
//! the game, and the salt keeps the commitment from being tried against every deal.

use rodina_rules::{AnyGame, NewGame, Seat, Variant};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Bytes of the salt (64 hex characters on the wire).
pub const SALT_BYTES: usize = 32;

/// The commitment of `deal` with `salt_hex`, in lower-case hex.
pub fn commitment(deal: &str, salt_hex: &str) -> String {
    let mut h = Sha256::new();
    h.update(deal.as_bytes());
    h.update(b"\n");
    h.update(salt_hex.as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// What the server reveals of a Jieqi deal when the game has ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// The game's start in Jieqi's full FEN: every face-down piece's identity.
    pub deal: String,
    /// The salt, 64 lower-case hex characters.
    pub salt: String,
}

/// Why a reveal does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RevealError {
    /// The salt is not 64 lower-case hex characters.
    #[error("the salt is not 64 lower-case hex characters")]
    Salt,
    /// The deal and salt do not give the commitment published at the start.
    #[error("the deal and salt do not give the commitment published at the start")]
    Commitment,
    /// The deal is no Jieqi start.
    #[error("the revealed deal is no Jieqi start: {0}")]
    Deal(String),
    /// The deal does not give the seat the start it was shown, or the moves it was shown
    /// cannot be played on it as the seat saw them.
    #[error("the revealed deal is not the game this seat saw: {0}")]
    NotTheGame(String),
}

/// Checks a Jieqi reveal as `seat` can: the deal and salt give `committed`, the deal gives
/// this seat the start view `start_view` it was shown, and the game's moves as the truth
/// writes them (`truth_moves`, which the server sends with the reveal) play on the deal and
/// give the seat exactly the moves it was shown (`seat_moves`).
pub fn verify_reveal(
    committed: &str,
    reveal: &Reveal,
    seat: Seat,
    start_view: &str,
    truth_moves: &[String],
    seat_moves: &[String],
) -> Result<(), RevealError> {
    let salt_ok = reveal.salt.len() == 2 * SALT_BYTES
        && reveal.salt.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !salt_ok {
        return Err(RevealError::Salt);
    }
    if commitment(&reveal.deal, &reveal.salt) != committed {
        return Err(RevealError::Commitment);
    }
    let new = NewGame::from_fen(Variant::Jieqi, &reveal.deal);
    // A full FEN deals nothing: the generator is never asked.
    let mut game = AnyGame::new(&new, &mut rodina_rules::random::NoRandomness)
        .map_err(|e| RevealError::Deal(e.to_string()))?;
    if game.view_fen(seat) != start_view {
        return Err(RevealError::NotTheGame("the start differs".into()));
    }
    for (i, m) in truth_moves.iter().enumerate() {
        game.play_text(m).map_err(|e| RevealError::NotTheGame(format!("move {}: {e}", i + 1)))?;
    }
    if game.move_texts_for(seat) != seat_moves {
        return Err(RevealError::NotTheGame("the moves differ".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rodina_rules::Color;
    use rodina_rules::random::splitmix64;

    /// A generator for a test's deal: SplitMix64 from a seed.
    struct Seeded(u64);

    impl rand_core::RngCore for Seeded {
        fn next_u32(&mut self) -> u32 {
            (splitmix64(&mut self.0) >> 32) as u32
        }
        fn next_u64(&mut self) -> u64 {
            splitmix64(&mut self.0)
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            for b in dst {
                *b = splitmix64(&mut self.0) as u8;
            }
        }
    }

    #[test]
    fn a_reveal_checks_against_the_commitment_and_what_the_seat_saw() {
        let mut game = AnyGame::new(&NewGame::usual(Variant::Jieqi), &mut Seeded(5)).unwrap();
        let deal = game.start_truth_fen();
        let salt = "0123456789abcdef".repeat(4);
        let committed = commitment(&deal, &salt);
        assert_eq!(committed.len(), 64);
        let starts: Vec<(Seat, String)> =
            Seat::ALL.iter().map(|&s| (s, game.view_fen(s))).collect();
        for _ in 0..12 {
            let moves = game.legal_move_texts();
            let m = moves
                [(splitmix64(&mut 9u64.wrapping_add(game.len() as u64)) as usize) % moves.len()]
            .clone();
            game.play_text(&m).unwrap();
        }
        let truth = game.move_texts();
        let reveal = Reveal { deal: deal.clone(), salt: salt.clone() };
        for (seat, start) in &starts {
            let seen = game.move_texts_for(*seat);
            assert_eq!(verify_reveal(&committed, &reveal, *seat, start, &truth, &seen), Ok(()));
        }
        let red = Seat::Player(Color::White);
        let (start, seen) = (&starts[0].1, game.move_texts_for(red));
        // Another salt, another deal, a seat's moves that differ: each is caught.
        let other_salt = Reveal { salt: "f".repeat(64), ..reveal.clone() };
        assert_eq!(
            verify_reveal(&committed, &other_salt, red, start, &truth, &seen),
            Err(RevealError::Commitment)
        );
        let bad_salt = Reveal { salt: "xyz".into(), ..reveal.clone() };
        assert_eq!(
            verify_reveal(&committed, &bad_salt, red, start, &truth, &seen),
            Err(RevealError::Salt)
        );
        let other = AnyGame::new(&NewGame::usual(Variant::Jieqi), &mut Seeded(6)).unwrap();
        let swapped = Reveal { deal: other.start_truth_fen(), salt: salt.clone() };
        let recommitted = commitment(&swapped.deal, &salt);
        assert!(matches!(
            verify_reveal(&recommitted, &swapped, red, start, &truth, &seen),
            Err(RevealError::NotTheGame(_))
        ));
        let mut altered = seen.clone();
        altered.pop();
        assert!(matches!(
            verify_reveal(&committed, &reveal, red, start, &truth, &altered),
            Err(RevealError::NotTheGame(_))
        ));
    }
}
