//! The set bits of a board mask, one at a time: the one loop every game's move generator and
//! the engine's evaluations run over their bitboards.

/// Iterates over the set bits of a mask (`u64` or `u128`), lowest first, yielding each bit's
/// index. Each game turns the indices into its own squares (`.map(Square::from_u8)` or the
/// index itself where a square is a bit index).
///
/// ```
/// use rodina_rules::bits::Bits;
///
/// assert_eq!(Bits(0b1010_0001u64).collect::<Vec<u8>>(), [0, 5, 7]);
/// assert_eq!(Bits(1u128 << 100).next(), Some(100));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bits<T>(pub T);

// One plain implementation per width rather than a generic one over a mask trait: the loop
// runs in every move generator, and this way there is no trait layer for the optimiser to see
// through (the instruction counts of the perft benchmarks are those of the hand-written loops
// this replaced).
macro_rules! impl_bits {
    ($($mask:ty),*) => {$(
        impl Iterator for Bits<$mask> {
            type Item = u8;

            #[inline]
            fn next(&mut self) -> Option<u8> {
                if self.0 == 0 {
                    return None;
                }
                let index = self.0.trailing_zeros() as u8;
                self.0 &= self.0 - 1;
                Some(index)
            }
        }
    )*};
}

impl_bits!(u64, u128);
