//! What the games of the Xiangqi family share: the 9 x 10 board with its move generator and
//! attack detection, the attack tables built at compile time, and the repetition rules of
//! check and chase. Xiangqi is the plain game on top; Jieqi adds the hidden layer.

pub(crate) mod board;
pub(crate) mod chase;
pub(crate) mod tables;
