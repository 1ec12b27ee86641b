//! SplitMix64, the one source of fixed pseudo-random numbers in the workspace: the games'
//! Zobrist keys are drawn from it at compile time, and the engine and the command line mix
//! seeds and keys with it. Saved games and the engine's tables keep values derived from these
//! numbers, so the arithmetic must never change.

/// The golden-ratio increment of the SplitMix64 state (an odd constant, so the state runs
/// through every 64-bit value before repeating).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: a bijection that spreads every input bit over the output.
#[inline]
const fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The next number of the SplitMix64 stream whose state is `state`, advancing the state.
///
/// ```
/// use rodina_rules::random::{mix64, splitmix64};
///
/// let mut state = 7;
/// let first = splitmix64(&mut state);
/// assert_eq!(first, mix64(7));
/// assert_ne!(splitmix64(&mut state), first);
/// ```
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GAMMA);
    finalise(*state)
}

/// The number SplitMix64 draws from state `x`, without keeping a state: a stateless mixer
/// that turns nearby seeds and keys into unrelated ones (`mix64(x)` is what
/// [`splitmix64`] returns for a state equal to `x`).
#[inline]
pub const fn mix64(x: u64) -> u64 {
    finalise(x.wrapping_add(GAMMA))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference stream of SplitMix64 from seed 0 (Vigna's `splitmix64.c`).
    #[test]
    fn the_stream_is_splitmix64() {
        let mut state = 0;
        let first: Vec<u64> = (0..3).map(|_| splitmix64(&mut state)).collect();
        assert_eq!(first, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F]);
        assert_eq!(mix64(0), 0xE220_A839_7B1D_CDAF);
    }
}

/// A generator that deals nothing: every number it gives is 0. For setting up a start that
/// is a whole state (a full FEN, an open game's position), where no identity is dealt and
/// the generator is never asked; were a view FEN given instead, its unknown identities would
/// be dealt the same way every time: fine for reading a record back, never a deal for a real
/// game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoRandomness;

impl rand_core::RngCore for NoRandomness {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        dst.fill(0);
    }
}
