//! Reading and writing both Jieqi text forms, and checking what they describe.

use std::str::FromStr;

use super::Tally;
use super::types::{CapturedPiece, Pool};
use super::{Public, Rules, start_role};
use crate::xiangqi::{Piece, Role, Square};
use crate::xiangqi_family::board::Board;
use crate::{Color, ParseFenError, SetupError, Variant};

/// What a FEN says stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupCell {
    /// A face-up piece.
    FaceUp(Piece),
    /// A face-down piece, with its identity where the text gives it (a full FEN).
    FaceDown {
        /// The side it belongs to.
        color: Color,
        /// What it really is, if the text says.
        identity: Option<Role>,
    },
}

/// A Jieqi position read from text but not yet checked: anything either FEN form can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// What stands on each point, indexed by [`Square::index`].
    pub board: [Option<SetupCell>; 90],
    /// The side to move.
    pub turn: Color,
    /// The pool of identities that can still be face down, per side (Red first): present in
    /// a view FEN, absent in a full FEN.
    pub pool: Option<[Pool; 2]>,
    /// The captured pieces in the order they fell, if the text lists them.
    pub captured: Option<Vec<CapturedPiece>>,
    /// Plies since the last capture.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and increased after Black's move.
    pub fullmove_number: u32,
}

/// Points in FEN order: rank 10 first, files a to i.
pub(crate) fn fen_order() -> impl Iterator<Item = Square> {
    (0..10u8).rev().flat_map(|r| (0..9u8).filter_map(move |f| Square::new(f, r)))
}

fn is_turn(t: &str) -> bool {
    matches!(t, "w" | "r" | "b")
}

fn is_number(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// A piece letter other than the general's (`e`/`h` accepted for elephant/horse).
fn hidden_piece(c: char) -> Option<Piece> {
    Piece::from_char(c).filter(|p| p.role != Role::General)
}

fn parse_pool(text: &str) -> Result<[Pool; 2], ParseFenError> {
    let bad = || ParseFenError::InvalidField { field: "pool", text: text.to_owned() };
    let mut pools = [Pool::EMPTY; 2];
    let mut seen = [[false; 8]; 2];
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let piece = hidden_piece(c).ok_or_else(bad)?;
        let mut digits = String::new();
        while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            digits.push(d);
            chars.next();
        }
        let count: u8 = digits.parse().map_err(|_| bad())?;
        let side = piece.color.index();
        if std::mem::replace(&mut seen[side][piece.role as usize], true) {
            return Err(bad());
        }
        pools[side].set(piece.role, count);
    }
    Ok(pools)
}

pub(crate) fn pool_text(pools: &[Pool; 2]) -> String {
    let mut out = String::new();
    for (side, pool) in pools.iter().enumerate() {
        let color = if side == 0 { Color::White } else { Color::Black };
        for (role, n) in pool.iter() {
            out.push(Piece { color, role }.char());
            out.push_str(&n.to_string());
        }
    }
    if out.is_empty() { "-".to_owned() } else { out }
}

fn parse_captured(text: &str) -> Result<Vec<CapturedPiece>, ParseFenError> {
    let bad = || ParseFenError::InvalidField { field: "captured", text: text.to_owned() };
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '(' {
            let inner = chars.next().ok_or_else(bad)?;
            if chars.next() != Some(')') {
                return Err(bad());
            }
            out.push(match inner {
                'X' => CapturedPiece { color: Color::White, role: None, face_down: true },
                'x' => CapturedPiece { color: Color::Black, role: None, face_down: true },
                _ => {
                    let p = hidden_piece(inner).ok_or_else(bad)?;
                    CapturedPiece { color: p.color, role: Some(p.role), face_down: true }
                }
            });
        } else {
            let p = hidden_piece(c).ok_or_else(bad)?;
            out.push(CapturedPiece { color: p.color, role: Some(p.role), face_down: false });
        }
    }
    Ok(out)
}

impl Setup {
    /// Reads either text form (see the [module documentation](super)), and the shorter and
    /// older forms other programs write.
    pub fn parse(fen: &str) -> Result<Setup, ParseFenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let board_field = *fields.first().ok_or(ParseFenError::Empty)?;
        let cells = crate::fen::parse_board(board_field, 9, 10, |c| match c {
            'X' => Some(SetupCell::FaceDown { color: Color::White, identity: None }),
            'x' => Some(SetupCell::FaceDown { color: Color::Black, identity: None }),
            _ => Piece::from_char(c).map(SetupCell::FaceUp),
        })?;
        let mut board = [None; 90];
        board.copy_from_slice(&cells);

        // The side to move, then the third field; older JieqiBox texts put the pool first.
        let mut i = 1;
        let (turn_text, third) = match (fields.get(1).copied(), fields.get(2).copied()) {
            (None, _) => (None, None),
            (Some(t), next) if is_turn(t) => {
                i = 2;
                match next {
                    Some(n) if !is_number(n) => {
                        i = 3;
                        (Some(t), Some(n))
                    }
                    _ => (Some(t), None),
                }
            }
            (Some(third), Some(t)) if is_turn(t) => {
                i = 3;
                (Some(t), Some(third))
            }
            (Some(t), _) => {
                return Err(ParseFenError::InvalidField { field: "turn", text: t.to_owned() });
            }
        };
        let turn = match turn_text {
            Some("b") => Color::Black,
            _ => Color::White,
        };
        // Placeholders (castling and en passant in Xiangqi FENs) before the counters.
        let dashes =
            fields[i.min(fields.len())..].iter().take(2).take_while(|t| **t == "-").count();
        if dashes > 0 && fields.get(i + dashes).is_some_and(|t| is_number(t)) {
            i += dashes;
        }
        let counter = |i: &mut usize| {
            let t = fields.get(*i).copied().filter(|t| is_number(t));
            if t.is_some() {
                *i += 1;
            }
            t
        };
        let half = counter(&mut i);
        let full = counter(&mut i);
        let (halfmove_clock, fullmove_number) = crate::fen::parse_counters(half, full)?;
        let captured = match fields.get(i) {
            Some(t) => {
                i += 1;
                Some(parse_captured(t)?)
            }
            None => None,
        };
        if i < fields.len() {
            return Err(ParseFenError::TrailingText { text: fields[i..].join(" ") });
        }

        let mut pool = None;
        match third {
            None | Some("-") => {}
            Some(t) if t.bytes().any(|b| b.is_ascii_digit()) => pool = Some(parse_pool(t)?),
            Some(t) => {
                let bad = || ParseFenError::InvalidField {
                    field: "hidden identities",
                    text: t.to_owned(),
                };
                let mut identities = t.chars();
                for s in fen_order() {
                    if let Some(SetupCell::FaceDown { color, identity }) = &mut board[s.index()] {
                        let p = identities.next().and_then(hidden_piece).ok_or_else(bad)?;
                        if p.color != *color {
                            return Err(bad());
                        }
                        *identity = Some(p.role);
                    }
                }
                if identities.next().is_some() {
                    return Err(bad());
                }
            }
        }
        Ok(Setup { board, turn, pool, captured, halfmove_clock, fullmove_number })
    }

    /// The text of this setup: a view FEN if it has a pool, a full FEN otherwise.
    pub fn fen(&self) -> String {
        let board = crate::fen::write_board(&self.board, 9, 10, |c| match *c {
            SetupCell::FaceUp(p) => p.char().to_string(),
            SetupCell::FaceDown { color, .. } => color.fold("X", "x").to_owned(),
        });
        let third = match &self.pool {
            Some(pools) => pool_text(pools),
            None => {
                let ids: String = fen_order()
                    .filter_map(|s| match self.board[s.index()] {
                        Some(SetupCell::FaceDown { color, identity }) => {
                            Some(identity.map_or('?', |role| Piece { color, role }.char()))
                        }
                        _ => None,
                    })
                    .collect();
                if ids.is_empty() { "-".to_owned() } else { ids }
            }
        };
        let mut out = format!(
            "{board} {} {third} {} {}",
            self.turn.fen_char(),
            self.halfmove_clock,
            self.fullmove_number
        );
        if let Some(captured) = &self.captured {
            out.push(' ');
            if captured.is_empty() {
                out.push('-');
            }
            for c in captured {
                c.push_token(&mut out);
            }
        }
        out
    }

    /// Whether this is a player's view (a pool instead of the hidden identities).
    pub fn is_view(&self) -> bool {
        self.pool.is_some()
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Setup::parse(s)
    }
}

/// Writes a FEN of the public position: `board turn third halfmove fullmove captured`. (The
/// same text as [`Setup::fen`], written straight from the board: views are written often.)
pub(crate) fn write_fen(public: &Public, third: &str, captured: &[CapturedPiece]) -> String {
    let mut out = String::with_capacity(128);
    for rank in (0..10u8).rev() {
        let mut empty = 0u8;
        for file in 0..9u8 {
            match Square::new(file, rank).and_then(|s| public.cell_at(s)) {
                None => empty += 1,
                Some(cell) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(cell.char());
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(public.turn.fen_char());
    out.push(' ');
    out.push_str(third);
    out.push(' ');
    out.push_str(&public.halfmove_clock.to_string());
    out.push(' ');
    out.push_str(&public.fullmove_number.to_string());
    out.push(' ');
    if captured.is_empty() {
        out.push('-');
    }
    for c in captured {
        c.push_token(&mut out);
    }
    out
}

/// Per side and role: how many pieces.
pub(crate) type Counts = [[u8; 8]; 2];

/// The board of a setup, checked, with the number of face-up pieces per side and role and
/// of face-down pieces per side.
pub(crate) struct Placement {
    pub(crate) public: Public,
    pub(crate) face_up: Counts,
    pub(crate) face_down: [u8; 2],
}

/// Checks the placement of a setup: generals face up in their palaces, face-down pieces on
/// their side's starting points, no side with more pieces of a kind than it starts with, and
/// the side that just moved not in check.
pub(crate) fn place(setup: &Setup, rules: Rules) -> Result<Placement, SetupError> {
    let mut board = Board::empty();
    let mut face_down_bb = 0;
    let mut face_up: Counts = [[0; 8]; 2];
    let mut face_down = [0u8; 2];
    for s in Square::all() {
        let Some(cell) = setup.board[s.index()] else { continue };
        match cell {
            SetupCell::FaceUp(p) => {
                let n = &mut face_up[p.color.index()][p.role as usize];
                *n += 1;
                if p.role == Role::General && *n > 1 {
                    return Err(SetupError::TooManyKings { game: Variant::Jieqi, side: p.color });
                }
                if usize::from(*n) > p.role.max_count() {
                    return Err(SetupError::TooManyPieces {
                        piece: p.char(),
                        max: p.role.max_count(),
                    });
                }
                if p.role == Role::General && !s.in_palace(p.color) {
                    return Err(SetupError::PieceOutOfPlace { piece: p.char(), square: s.into() });
                }
                board.put(s, p);
            }
            SetupCell::FaceDown { color, identity } => {
                let Some(role) = start_role(color, s) else {
                    return Err(SetupError::PieceOutOfPlace {
                        piece: color.fold('X', 'x'),
                        square: s.into(),
                    });
                };
                if identity == Some(Role::General) {
                    return Err(SetupError::FaceDownGeneral { square: s.into() });
                }
                face_down[color.index()] += 1;
                face_down_bb |= 1u128 << s.index();
                board.put(s, Piece { color, role });
            }
        }
    }
    for c in Color::ALL {
        if face_up[c.index()][Role::General as usize] == 0 {
            return Err(SetupError::MissingKing { game: Variant::Jieqi, side: c });
        }
    }
    let public = Public::new(
        board,
        face_down_bb,
        setup.turn,
        setup.halfmove_clock,
        setup.fullmove_number.max(1),
        rules,
    );
    if public.board.in_check(!setup.turn) {
        return Err(SetupError::OppositeCheck);
    }
    Ok(Placement { public, face_up, face_down })
}

/// How many pieces of `role` a side starts with.
pub(crate) fn initial(role: Role) -> u8 {
    match role {
        Role::General => 1,
        Role::Soldier => 5,
        _ => 2,
    }
}

/// Fails if a side has more pieces of `role` than it starts with (`n` counted so far).
pub(crate) fn at_most_initial(color: Color, role: Role, n: u32) -> Result<(), SetupError> {
    if n > u32::from(initial(role)) {
        return Err(SetupError::TooManyPieces {
            piece: Piece { color, role }.char(),
            max: role.max_count(),
        });
    }
    Ok(())
}

/// The error for a side whose pieces of `role` do not add up to what it starts with.
pub(crate) fn missing(color: Color, role: Role, count: u32, tally: Tally) -> SetupError {
    SetupError::PiecesDoNotAddUp {
        side: color,
        piece: role.into(),
        count,
        tally,
        start: initial(role),
    }
}
