//! Jeson Mor (Mongolian "nine knights"), with the rules of `shared/rules/jeson-mor.md`.
//!
//! Nine knights a side on a 9 x 9 board, Red (upper case, rank 1) first, Green (lower case,
//! rank 9) second. A knight jumps as in chess and captures by landing on an enemy knight.
//!
//! # The centre
//! `e5` is the centre. A knight on `e5` can be captured. If a side's knight is still on `e5`
//! when that side's turn comes again (it survived the reply), moving that knight away from
//! `e5` wins at once, capture or not. A knight that captures onto `e5` holds it the same way.
//! While it stays, the right remains.
//!
//! Fairy-Stockfish (variant `jesonmor`) ends the game one ply earlier: as soon as the side
//! to move has a knight on `e5`, it declares that side the winner and generates no moves.
//! Here that side must still move the knight away to win, and may instead play any other move
//! (keeping the right). Positions, moves and FEN are otherwise exactly Fairy-Stockfish's.
//!
//! # What state the centre rule needs
//! The right to win by leaving belongs to the side to move exactly when it has a knight on
//! `e5`: a knight can only come to `e5` on its own side's move, so if it stands there when its
//! side is to move, the opponent has replied without capturing it. (A FEN that puts it there
//! says the same.) The board and the side to move therefore carry the right; no history is
//! needed.
//!
//! What the board cannot show is the end: after the winning move `e5` is empty and the knight
//! stands elsewhere, a position that would otherwise read as a game in progress. The position
//! keeps that fact ([`JesonMor::is_won_by_centre`]), and the FEN carries it in an optional
//! seventh field:
//!
//! ```text
//! 1nnnnnnnn/9/9/9/2n1N4/9/9/9/NN1NNNNNN w - - 4 3          Red holds e5 (as Fairy-Stockfish)
//! 1nnnnnnnn/9/9/2N6/2n6/9/9/9/NN1NNNNNN b - - 5 3 centre   after e5c6: Red has won
//! ```
//!
//! ```
//! use rodina_rules::{Color, JesonMor, Outcome, Position, Truth, View, WinReason};
//!
//! let mut p = JesonMor::new();
//! for text in ["c1d3", "a9b7", "d3e5", "b7c5"] {
//!     let m = p.parse_move(text)?;
//!     p.play(&m)?;
//! }
//! assert!(p.holds_centre());
//! assert_eq!(p.outcome(), None); // Fairy-Stockfish would call this won already
//! let m = p.parse_move("e5c6")?;
//! p.play(&m)?;
//! let won = Outcome::Win { winner: Color::White, reason: WinReason::Centre };
//! assert_eq!(p.outcome(), Some(won));
//! assert_eq!(p.fen(), "1nnnnnnnn/9/9/2N6/2n6/9/9/9/NN1NNNNNN b - - 5 3 centre");
//! assert_eq!(JesonMor::from_fen(&p.fen())?, p);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The field is the word `centre` or absent. It is written only for a position where the
//! side that just moved has won by leaving the centre, so every other position has exactly
//! the six fields Fairy-Stockfish writes and reads. (Fairy-Stockfish ignores a seventh field
//! when it reads a FEN, although its FEN validator rejects it; a centre-won position is one
//! Fairy-Stockfish never reaches, since it ended the game a ply earlier.)
//!
//! # Other ends
//! Capturing the last enemy knight wins ([`WinReason::LastPiece`]). A side with no legal
//! move loses; in Jeson Mor that is the same end, because a side with any knight always has a
//! move (see [`JesonMor::outcome`](Position::outcome)). Threefold repetition draws (through
//! [`crate::Game`]), and so do 100 plies without a capture ([`FIFTY_MOVE_PLIES`]).
//!
//! # Perft
//! From the start: 30, 900, 27 960, 868 624 and 27 882 796 (depths 1 to 5). Fairy-Stockfish
//! agrees up to depth 4 and counts 27 756 588 at depth 5, because it ends games one ply
//! earlier; [`JesonMor::perft`] accounts for the difference.

mod types;

use std::fmt;
use std::str::FromStr;

pub use self::types::{Move, Square};
use crate::bits::Bits;
use crate::random::splitmix64;
use crate::{
    Color, DrawReason, IllegalMoveReason, Outcome, ParseFenError, ParseMoveError, PieceKind,
    Position, SetupError, Truth, Variant, View, WinReason,
};

/// The start position in FEN, as Fairy-Stockfish writes it.
pub const START_FEN: &str = "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1";

/// Plies without a capture after which the game is drawn (fifty moves by each side).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// The most knights one side can have: the nine it starts with.
pub const MAX_KNIGHTS: u32 = 9;

/// The FEN's optional seventh field: the side that just moved has won by the centre.
pub const CENTRE_FIELD: &str = "centre";

/// Every square a knight on each square attacks, as board masks (bit = square index).
static ATTACKS: [u128; 81] = knight_table();

/// The squares a knight on `s` attacks (and may jump to), as a board mask: bit `i` is the
/// square with [`Square::index`] `i`. The engine's evaluation reads the same table as the
/// move generator, so the two can never disagree about a jump.
///
/// ```
/// use rodina_rules::jeson_mor::{Square, knight_attacks};
///
/// assert_eq!(knight_attacks(Square::E5).count_ones(), 8);
/// let a1 = Square::new(0, 0).expect("a1 is on the board");
/// let c2 = Square::new(2, 1).expect("c2 is on the board");
/// assert_ne!(knight_attacks(a1) & 1 << c2.index(), 0);
/// ```
#[inline]
pub const fn knight_attacks(s: Square) -> u128 {
    ATTACKS[s.index()]
}

const fn knight_table() -> [u128; 81] {
    const JUMPS: [(i32, i32); 8] =
        [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut table = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        let (file, rank) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < JUMPS.len() {
            let (f, r) = (file + JUMPS[i].0, rank + JUMPS[i].1);
            if f >= 0 && f < 9 && r >= 0 && r < 9 {
                table[s] |= 1u128 << (r * 9 + f);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// Zobrist keys: one per knight colour and square, then Green to move, then centre won.
/// Drawn at compile time from a fixed SplitMix64 stream so hashes are the same everywhere
/// (saved games and the engine's tables may keep them).
static KEYS: [[u64; 81]; 2] = zobrist_keys().0;
const KEY_BLACK: u64 = zobrist_keys().1;
const KEY_CENTRE_WON: u64 = zobrist_keys().2;

const fn zobrist_keys() -> ([[u64; 81]; 2], u64, u64) {
    // A seed of its own, so Jeson Mor keys share nothing with other games' keys.
    let mut state = 0x4a45_534f_4e4d_4f52; // "JESONMOR"
    let mut keys = [[0u64; 81]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 81 {
            keys[c][s] = splitmix64(&mut state);
            s += 1;
        }
        c += 1;
    }
    let black = splitmix64(&mut state);
    let centre = splitmix64(&mut state);
    (keys, black, centre)
}

/// The squares of a board mask, lowest first.
#[inline]
fn squares(set: u128) -> impl Iterator<Item = Square> {
    Bits(set).map(Square::from_u8)
}

/// A Jeson Mor position read from text but not yet checked: anything the FEN can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The knight on each square (by colour), indexed by [`Square::index`].
    pub board: [Option<Color>; 81],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and increased after Green's move.
    pub fullmove_number: u32,
    /// The side that just moved has won by moving its knight away from `e5` after holding
    /// it (the FEN's seventh field, [`CENTRE_FIELD`]).
    pub won_by_centre: bool,
}

impl Setup {
    /// Reads a Jeson Mor FEN: Fairy-Stockfish's six fields (`N` Red, `n` Green; `w` or `r`
    /// for Red to move, `b` or `g` for Green; castling and en passant always `-`), the fields
    /// after the side to move optional as Fairy-Stockfish allows, then the optional seventh
    /// field `centre` (see the [module documentation](self)), which needs all six before it.
    pub fn parse(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_whitespace();
        let board_field = fields.next().ok_or(ParseFenError::Empty)?;
        let cells = crate::fen::parse_board(board_field, 9, 9, |c| match c {
            'N' => Some(Color::White),
            'n' => Some(Color::Black),
            _ => None,
        })?;
        let mut board = [None; 81];
        board.copy_from_slice(&cells);
        let turn = match fields.next() {
            None => Color::White,
            Some("w" | "r") => Color::White,
            Some("b" | "g") => Color::Black,
            Some(t) => {
                return Err(ParseFenError::InvalidField { field: "turn", text: t.to_owned() });
            }
        };
        for field in ["castling", "en passant"] {
            match fields.next() {
                None | Some("-") => {}
                Some(t) => return Err(ParseFenError::InvalidField { field, text: t.to_owned() }),
            }
        }
        let (halfmove_clock, fullmove_number) =
            crate::fen::parse_counters(fields.next(), fields.next())?;
        let won_by_centre = match fields.next() {
            None => false,
            Some(CENTRE_FIELD) => true,
            Some(t) => {
                return Err(ParseFenError::InvalidField { field: "centre", text: t.to_owned() });
            }
        };
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(ParseFenError::TrailingText { text: rest.join(" ") });
        }
        Ok(Setup { board, turn, halfmove_clock, fullmove_number, won_by_centre })
    }

    /// The FEN of this setup: Fairy-Stockfish's six fields, and `centre` after them when the
    /// game has been won by the centre.
    pub fn fen(&self) -> String {
        let board = crate::fen::write_board(&self.board, 9, 9, |c| {
            if *c == Color::White { "N" } else { "n" }.to_owned()
        });
        let mut fen = format!(
            "{board} {} - - {} {}",
            self.turn.fen_char(),
            self.halfmove_clock,
            self.fullmove_number
        );
        if self.won_by_centre {
            fen.push(' ');
            fen.push_str(CENTRE_FIELD);
        }
        fen
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Setup::parse(s)
    }
}

/// A legal Jeson Mor position.
///
/// Besides the knights, the side to move and the two counters, it keeps whether the last move
/// won by leaving the centre (see the [module documentation](self) for why nothing else is
/// needed).
#[derive(Clone, PartialEq, Eq)]
pub struct JesonMor {
    /// Board masks of each side's knights (bit = square index), by [`Color::index`].
    knights: [u128; 2],
    turn: Color,
    halfmove_clock: u32,
    fullmove_number: u32,
    won_by_centre: bool,
    /// Zobrist hash of the knights alone; the side to move and the centre flag are added in
    /// [`Position::zobrist`].
    hash: u64,
}

impl JesonMor {
    /// The start position.
    pub fn new() -> JesonMor {
        let rank = |r: u8| (0..9u8).filter_map(move |f| Square::new(f, r)).map(Square::bit);
        let red = rank(0).fold(0, |a, b| a | b);
        let green = rank(8).fold(0, |a, b| a | b);
        JesonMor::from_parts([red, green], Color::White, 0, 1, false)
    }

    fn from_parts(
        knights: [u128; 2],
        turn: Color,
        halfmove_clock: u32,
        fullmove_number: u32,
        won_by_centre: bool,
    ) -> JesonMor {
        let mut hash = 0;
        for c in Color::ALL {
            for s in squares(knights[c.index()]) {
                hash ^= KEYS[c.index()][s.index()];
            }
        }
        JesonMor {
            knights,
            turn,
            halfmove_clock,
            fullmove_number: fullmove_number.max(1),
            won_by_centre,
            hash,
        }
    }

    /// Checks a setup and turns it into a position.
    ///
    /// Refused: more than nine knights a side; no knight for the side that just moved (it
    /// could not have moved); and a `centre` mark where no knight of the side that just moved
    /// stands a knight's jump from an empty `e5` (the winning knight has to be somewhere).
    pub fn from_setup(setup: &Setup) -> Result<JesonMor, SetupError> {
        let mut knights = [0u128; 2];
        for s in Square::all() {
            if let Some(c) = setup.board[s.index()] {
                knights[c.index()] |= s.bit();
            }
        }
        for c in Color::ALL {
            if knights[c.index()].count_ones() > MAX_KNIGHTS {
                let piece = if c == Color::White { 'N' } else { 'n' };
                return Err(SetupError::TooManyPieces { piece, max: MAX_KNIGHTS as usize });
            }
        }
        let mover = !setup.turn;
        if knights[mover.index()] == 0 {
            return Err(SetupError::NoKnightForLastMove { side: mover });
        }
        if setup.won_by_centre {
            let occupied = knights[0] | knights[1];
            if occupied & Square::E5.bit() != 0
                || knights[mover.index()] & ATTACKS[Square::E5.index()] == 0
            {
                return Err(SetupError::CentreWinImpossible { side: mover });
            }
        }
        Ok(JesonMor::from_parts(
            knights,
            setup.turn,
            setup.halfmove_clock,
            setup.fullmove_number,
            setup.won_by_centre,
        ))
    }

    /// The setup this position was made from (or would be written as).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 81];
        for s in Square::all() {
            board[s.index()] = self.piece_at(s);
        }
        Setup {
            board,
            turn: self.turn,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            won_by_centre: self.won_by_centre,
        }
    }

    /// The colour of the knight on a square, if there is one.
    pub fn piece_at(&self, s: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|c| self.knights[c.index()] & s.bit() != 0)
    }

    /// The squares of `color`'s knights, a1 first.
    pub fn knights(&self, color: Color) -> impl Iterator<Item = Square> + use<> {
        squares(self.knights[color.index()])
    }

    /// How many knights `color` has.
    pub fn knight_count(&self, color: Color) -> u32 {
        self.knights[color.index()].count_ones()
    }

    /// Plies since the last capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (starts at 1, increases after Green moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Whether the last move won the game by leaving the centre: the fact the board alone
    /// cannot show, kept in the FEN's seventh field.
    pub fn is_won_by_centre(&self) -> bool {
        self.won_by_centre
    }

    /// The side whose knight stands on `e5`, if any.
    pub fn centre_knight(&self) -> Option<Color> {
        self.piece_at(Square::E5)
    }

    /// Whether the side to move holds the centre: its knight on `e5` survived the reply, so
    /// moving it away now wins. (Fairy-Stockfish counts such a position as already won.)
    pub fn holds_centre(&self) -> bool {
        !self.won_by_centre && self.knights[self.turn.index()] & Square::E5.bit() != 0
    }

    /// Whether the legal move `m` wins by leaving the centre.
    pub fn is_centre_win(&self, m: Move) -> bool {
        m.from == Square::E5 && self.holds_centre()
    }

    /// Whether `m` captures a knight.
    pub fn is_capture(&self, m: Move) -> bool {
        self.knights[(!self.turn).index()] & m.to.bit() != 0
    }

    /// The position with the other side to move and nothing moved: a "null move" for search
    /// (null-move pruning), never a legal move of the game. `None` when the game is over or a
    /// knight stands on `e5`, where passing would change who may win by the centre.
    pub fn null_move(&self) -> Option<JesonMor> {
        if self.is_over() || self.centre_knight().is_some() {
            return None;
        }
        let mut after = self.clone();
        after.turn = !self.turn;
        after.halfmove_clock = self.halfmove_clock.saturating_add(1);
        Some(after)
    }

    /// Whether the game has been won by a rule of the position itself (the centre left, or
    /// the side to move has no knight left), so that no move may follow.
    fn is_over(&self) -> bool {
        self.won_by_centre || self.knights[self.turn.index()] == 0
    }

    /// Counts the leaf nodes of the move tree `depth` plies deep (perft), with the rules of
    /// this crate: a position where the game has been won (centre left, last knight taken)
    /// has no moves below it, and a position where the side to move holds the centre has all
    /// its moves.
    ///
    /// From the start this gives 30, 900, 27 960, 868 624 and 27 882 796 for depths 1 to 5.
    /// The first four equal Fairy-Stockfish's. At depth 5 Fairy-Stockfish counts 27 756 588.
    /// A red knight can first stand on `e5` after Red's second move (ply 3); if Green's reply
    /// (ply 4) leaves it there, Fairy-Stockfish declares Red the winner at once and that node
    /// has no moves, while here Red still has to move the knight away and has all its moves
    /// (the knight's winning ones among them). There are 3 712 such nodes after ply 4, with
    /// 126 208 moves between them: 27 882 796 - 126 208 = 27 756 588. Nothing else differs
    /// that early: no side can lose its last knight in five plies, and a green knight can
    /// first hold `e5` after ply 5, where the depth-5 tree ends anyway. The tests count both
    /// trees.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        perft_bits(self.knights, self.turn.index(), self.won_by_centre, depth)
    }

    /// Perft split by first move, sorted by move text.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut out: Vec<(Move, u64)> = self
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = self.clone();
                after.play_unchecked(&m);
                (m, after.perft(depth.saturating_sub(1)))
            })
            .collect();
        out.sort_by_key(|(m, _)| m.to_string());
        out
    }

    /// Reads a coordinate move (`c1d3`; `c1-d3` and `c1xd3` are read too) and checks it is
    /// legal, explaining why not in the error.
    pub fn parse_coordinate(&self, text: &str) -> Result<Move, ParseMoveError> {
        let t = text.trim();
        let syntax = || ParseMoveError::Syntax { text: text.to_owned() };
        let compact: String = match t.as_bytes() {
            [a, b, b'-' | b'x', c, d] => [*a, *b, *c, *d].iter().map(|&b| b as char).collect(),
            _ => t.to_owned(),
        };
        let m = Move::parse(&compact).ok_or_else(syntax)?;
        self.check_move(text, m)
    }

    /// Returns `m` if it is legal here, or says why it is not.
    fn check_move(&self, text: &str, m: Move) -> Result<Move, ParseMoveError> {
        let illegal = |reason| ParseMoveError::Illegal { text: text.to_owned(), reason };
        if self.won_by_centre {
            return Err(illegal(IllegalMoveReason::WonByLeavingCentre { winner: !self.turn }));
        }
        if self.knights[self.turn.index()] == 0 {
            return Err(illegal(IllegalMoveReason::NoKnightLeft { side: self.turn }));
        }
        let Some(owner) = self.piece_at(m.from) else {
            return Err(illegal(IllegalMoveReason::NoKnight { square: m.from.into() }));
        };
        if owner != self.turn {
            return Err(illegal(IllegalMoveReason::NotYourPiece {
                game: Variant::JesonMor,
                square: m.from.into(),
                piece: PieceKind::Knight,
                face_down: false,
                owner,
                to_move: self.turn,
            }));
        }
        if !m.is_knight_jump() {
            return Err(illegal(IllegalMoveReason::NotAKnightJump {
                from: m.from.into(),
                to: m.to.into(),
            }));
        }
        if self.piece_at(m.to) == Some(self.turn) {
            return Err(illegal(IllegalMoveReason::OwnKnightThere {
                side: self.turn,
                square: m.to.into(),
            }));
        }
        Ok(m)
    }
}

/// The fast perft: bitboards copied down the tree, the last ply counted without playing.
fn perft_bits(knights: [u128; 2], us: usize, won_by_centre: bool, depth: u32) -> u64 {
    let own = knights[us];
    if won_by_centre || own == 0 {
        return 0;
    }
    if depth == 1 {
        return squares(own).map(|s| u64::from((ATTACKS[s.index()] & !own).count_ones())).sum();
    }
    let mut nodes = 0;
    for from in squares(own) {
        for to in squares(ATTACKS[from.index()] & !own) {
            let mut next = knights;
            next[us] ^= from.bit() | to.bit();
            next[1 - us] &= !to.bit();
            nodes += perft_bits(next, 1 - us, from == Square::E5, depth - 1);
        }
    }
    nodes
}

impl Default for JesonMor {
    fn default() -> Self {
        JesonMor::new()
    }
}

impl fmt::Debug for JesonMor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JesonMor({})", self.fen())
    }
}

impl FromStr for JesonMor {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        JesonMor::from_fen(s)
    }
}

impl Position for JesonMor {
    const VARIANT: Variant = Variant::JesonMor;
    const FILES: u8 = 9;
    const RANKS: u8 = 9;
    type Move = Move;

    fn turn(&self) -> Color {
        self.turn
    }

    /// Every knight jump of the side to move that does not land on its own knight, knights
    /// from a1 onwards and each knight's targets from a1 onwards; none once the game has been
    /// won.
    fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        let own = self.knights[self.turn.index()];
        for from in squares(own) {
            moves.extend(squares(ATTACKS[from.index()] & !own).map(|to| Move::new(from, to)));
        }
    }

    fn is_legal(&self, m: &Move) -> bool {
        let own = self.knights[self.turn.index()];
        !self.won_by_centre
            && own & m.from.bit() != 0
            && ATTACKS[m.from.index()] & m.to.bit() != 0
            && own & m.to.bit() == 0
    }

    /// Plays `m` without checking it. A move away from `e5` ends the game (won by the centre),
    /// since the side to move can only have a knight there if it survived the reply.
    ///
    /// # Panics
    /// Does not panic, but an illegal `m` (no knight of the side to move on `m.from`, or a
    /// target that is no knight's jump away or holds its own knight) leaves a position that
    /// breaks the game's invariants. Use [`Position::play`] for moves from untrusted sources.
    fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn.index();
        let them = 1 - us;
        self.knights[us] ^= m.from.bit() | m.to.bit();
        self.hash ^= KEYS[us][m.from.index()] ^ KEYS[us][m.to.index()];
        if self.knights[them] & m.to.bit() != 0 {
            self.knights[them] &= !m.to.bit();
            self.hash ^= KEYS[them][m.to.index()];
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        self.won_by_centre = m.from == Square::E5;
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// Jeson Mor has no check. (A knight of the opponent on `e5` is the threat players watch,
    /// shown by [`JesonMor::centre_knight`].)
    fn is_check(&self) -> bool {
        false
    }

    /// In order: the last move left the centre ([`WinReason::Centre`], even if it also took
    /// the last knight); the side to move has no knight ([`WinReason::LastPiece`]); 100 plies
    /// without a capture ([`DrawReason::FiftyMoves`]).
    ///
    /// "A side with no legal move loses" needs no case of its own: a side with a knight
    /// always has a move. If every jump of every knight of a side landed on its own knight, the
    /// set of its squares would be closed under knight jumps; the knight's graph of the 9 x 9
    /// board is connected, so that set would be all 81 squares, not at most nine. A side
    /// without a move is thus a side without knights, whose last knight was taken.
    ///
    /// The fifty-move draw is judged before a held centre is used: at 100 plies the game is
    /// drawn even if the side to move could now leave `e5` (the leaving move has not been
    /// made). A win on the 100th ply itself counts, as every win does.
    fn outcome(&self) -> Option<Outcome> {
        if self.won_by_centre {
            return Some(Outcome::Win { winner: !self.turn, reason: WinReason::Centre });
        }
        if self.knights[self.turn.index()] == 0 {
            return Some(Outcome::Win { winner: !self.turn, reason: WinReason::LastPiece });
        }
        if self.halfmove_clock >= FIFTY_MOVE_PLIES {
            return Some(Outcome::Draw { reason: DrawReason::FiftyMoves });
        }
        None
    }

    fn zobrist(&self) -> u64 {
        self.hash
            ^ if self.turn == Color::Black { KEY_BLACK } else { 0 }
            ^ if self.won_by_centre { KEY_CENTRE_WON } else { 0 }
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        self.parse_coordinate(text)
    }

    fn move_text(&self, m: &Move) -> String {
        m.to_string()
    }

    fn is_irreversible(&self, m: &Move) -> bool {
        self.is_capture(*m)
    }

    fn is_start(&self) -> bool {
        *self == JesonMor::new()
    }

    fn perft(&self, depth: u32) -> u64 {
        JesonMor::perft(self, depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        JesonMor::perft_divide(self, depth)
    }
}

crate::position::open_game!(JesonMor);

#[cfg(test)]
mod tests;
