//! The small types of Jieqi: the pool of identities, captured pieces, what a move did.

use std::fmt;

use crate::Color;
use crate::xiangqi::{Move, Piece, Role};

/// The roles a face-down piece can have, in the order the pool field of a FEN lists them
/// (the order of the usual Jieqi start FEN `A2B2N2R2C2P5a2b2n2r2c2p5`).
pub const HIDDEN_ROLES: [Role; 6] =
    [Role::Advisor, Role::Elephant, Role::Horse, Role::Chariot, Role::Cannon, Role::Soldier];

/// A multiset of identities: for each role, how many pieces of one side may have it.
///
/// A view's pool for a side is the set of identities that can still be face down on that
/// side, as the seat knows it: the fifteen shuffled identities minus those revealed (on the
/// board or captured face up) and minus the captured face-down pieces the seat saw. A player's
/// own pool can hold more identities than the side has face-down pieces on the board: the
/// extra ones belong to pieces the opponent captured face down, whose identities the player
/// never learns. Every face-down piece is equally likely to be any identity of the pool
/// (counted with multiplicity), since nothing the seat saw tells the pieces apart.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Pool {
    counts: [u8; 8],
}

impl Pool {
    /// No identity.
    pub const EMPTY: Pool = Pool { counts: [0; 8] };

    /// The fifteen identities shuffled at the start: two advisors, two elephants, two horses,
    /// two chariots, two cannons, five soldiers.
    pub const FULL: Pool = Pool { counts: [0, 0, 2, 2, 2, 2, 2, 5] };

    /// How many identities of `role` the pool holds.
    #[inline]
    pub const fn count(&self, role: Role) -> u8 {
        self.counts[role as usize]
    }

    /// The number of identities, counted with multiplicity.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether the pool holds nothing.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// Whether the pool holds at least one `role`.
    #[inline]
    pub const fn contains(&self, role: Role) -> bool {
        self.counts[role as usize] > 0
    }

    /// The roles with a non-zero count and their counts, in [`HIDDEN_ROLES`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Role, u8)> + '_ {
        HIDDEN_ROLES.into_iter().map(|r| (r, self.count(r))).filter(|&(_, n)| n > 0)
    }

    /// Adds one `role`.
    pub fn add(&mut self, role: Role) {
        let c = &mut self.counts[role as usize];
        *c = c.saturating_add(1);
    }

    /// Takes one `role` out; `false` (and no change) if there is none.
    pub fn remove(&mut self, role: Role) -> bool {
        let c = &mut self.counts[role as usize];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Sets the count of `role`.
    pub fn set(&mut self, role: Role, count: u8) {
        self.counts[role as usize] = count;
    }

    /// The identities one by one (each role repeated by its count), in [`HIDDEN_ROLES`] order.
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        self.iter().flat_map(|(r, n)| std::iter::repeat_n(r, n as usize))
    }
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pool(")?;
        for (r, n) in self.iter() {
            write!(f, "{}{n}", r.char().to_ascii_uppercase())?;
        }
        f.write_str(")")
    }
}

/// A captured piece as one seat knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CapturedPiece {
    /// The side the piece belonged to (it was captured by the other side).
    pub color: Color,
    /// What it was, or `None` where this seat does not know (a face-down piece captured by
    /// the opponent, or by anyone under the nobody-sees rule, or seen by a spectator).
    pub role: Option<Role>,
    /// Whether it was face down when captured.
    pub face_down: bool,
}

impl CapturedPiece {
    /// The piece, if the identity is known.
    pub fn piece(self) -> Option<Piece> {
        self.role.map(|role| Piece { color: self.color, role })
    }

    /// The token of the captured field of a FEN: the piece letter for a piece captured face
    /// up (`R`), the letter in parentheses for a face-down piece whose identity is known
    /// (`(n)`), and `(X)`/`(x)` for a red/black face-down piece of unknown identity.
    pub fn token(self) -> String {
        let mut out = String::with_capacity(3);
        self.push_token(&mut out);
        out
    }

    /// Appends [`CapturedPiece::token`] to `out`.
    pub(crate) fn push_token(self, out: &mut String) {
        let letter = match self.role {
            Some(role) => Piece { color: self.color, role }.char(),
            None => self.color.fold('X', 'x'),
        };
        if self.face_down {
            out.push('(');
            out.push(letter);
            out.push(')');
        } else {
            out.push(letter);
        }
    }
}

/// What one move did, as one seat knows it: the move, the identity it revealed (always
/// public) and the piece it captured (with its identity where the seat knows it). The game
/// record keeps one per move ([`super::Jieqi::last_event`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveEvent {
    /// The move.
    pub mv: Move,
    /// The side that moved.
    pub color: Color,
    /// The identity of the moved piece if it was face down (the move turned it up).
    pub revealed: Option<Role>,
    /// The piece captured, if any.
    pub captured: Option<CapturedPiece>,
}

impl MoveEvent {
    /// The event's text: the coordinate move, `=` and the revealed piece's letter if it turned
    /// a piece up, `x` and the captured piece's token if it captured: `h3e3`, `b3b10=Cx(n)`,
    /// `h1h10=Rxr`, `b1c3=Nx(x)` (a face-down piece whose identity this seat does not know).
    pub fn text(&self) -> String {
        let mut out = self.mv.to_string();
        if let Some(role) = self.revealed {
            out.push('=');
            out.push(Piece { color: self.color, role }.char());
        }
        if let Some(c) = self.captured {
            out.push('x');
            out.push_str(&c.token());
        }
        out
    }
}

impl fmt::Display for MoveEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// What stands on a point as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A face-up piece.
    FaceUp(Piece),
    /// A face-down piece of this side: it moves as the piece of its point.
    FaceDown(Color),
}

impl Cell {
    /// The side of the piece.
    pub fn color(self) -> Color {
        match self {
            Cell::FaceUp(p) => p.color,
            Cell::FaceDown(c) => c,
        }
    }

    /// The FEN letter: the piece's letter, or `X`/`x` for a red/black face-down piece.
    pub fn char(self) -> char {
        match self {
            Cell::FaceUp(p) => p.char(),
            Cell::FaceDown(c) => c.fold('X', 'x'),
        }
    }
}

/// The most pieces a game can capture: everything but the two generals.
const MAX_CAPTURES: usize = 30;

/// Captured pieces in the order they fell, kept inline so that positions and views copy
/// without allocating (a bot clones views at every node).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct CaptureList {
    items: [CapturedPiece; MAX_CAPTURES],
    len: u8,
}

impl CaptureList {
    pub(crate) const fn new() -> CaptureList {
        const NONE: CapturedPiece =
            CapturedPiece { color: Color::White, role: None, face_down: false };
        CaptureList { items: [NONE; MAX_CAPTURES], len: 0 }
    }

    /// Appends a piece; a list that is full (which no legal game reaches) ignores it.
    pub(crate) fn push(&mut self, c: CapturedPiece) {
        if (self.len as usize) < MAX_CAPTURES {
            self.items[self.len as usize] = c;
            self.len += 1;
        }
    }

    pub(crate) fn as_slice(&self) -> &[CapturedPiece] {
        &self.items[..self.len as usize]
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [CapturedPiece] {
        &mut self.items[..self.len as usize]
    }
}

impl fmt::Debug for CaptureList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
