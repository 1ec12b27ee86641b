//! WXF notation, as Fairy-Stockfish writes it.
//!
//! A move is the piece letter (`K A E H R C P`), the file it starts on counted from the
//! mover's right (1..9), `+` forward, `-` backward or `=` sideways, then the number of ranks
//! moved (straight moves) or the destination file (sideways and diagonal moves): `C2=5`,
//! `H8+7`. With two pieces of a kind on one file, `+` (front) or `-` (rear) replaces the file
//! when the other piece could make the same move shape: `R+=9`. With three or more on a file,
//! or two files holding two or more, the piece letter gives way to the piece's place from the
//! front on its file and the file follows: `15=6` (soldiers).

use super::{Move, Role, Square, Xiangqi};
use crate::bits::Bits;
use crate::xiangqi_family::tables::{Bb, sq_bit};
use crate::{Color, IllegalMoveReason, ParseMoveError, Position};

/// The file number from `color`'s side (1 = the mover's rightmost file).
fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::White => 9 - file,
        Color::Black => file + 1,
    }
}

/// Rank counted from `color`'s back rank (0..9).
fn relative_rank(color: Color, s: Square) -> u8 {
    match color {
        Color::White => s.rank(),
        Color::Black => 9 - s.rank(),
    }
}

impl Xiangqi {
    fn same_pieces(&self, color: Color, role: Role) -> Bb {
        let mut out = 0;
        for (s, p) in self.pieces() {
            if p.color == color && p.role == role {
                out |= sq_bit(s.u8());
            }
        }
        out
    }

    /// The move in WXF notation. `m` must be legal here.
    pub fn to_wxf(&self, m: Move) -> String {
        let us = self.turn();
        let Some(piece) = self.piece_at(m.from) else { return m.to_string() };
        let same = self.same_pieces(us, piece.role);
        let on_file = |file: u8| Bits(same).filter(|&s| s % 9 == file).count();
        let tandem_files = (0..9).filter(|&f| on_file(f) >= 2).count();
        let multi = tandem_files >= 2;
        let here = on_file(m.from.file());
        let in_front = Bits(same)
            .filter(|&s| {
                let s = Square::from_u8(s);
                s.file() == m.from.file() && relative_rank(us, s) > relative_rank(us, m.from)
            })
            .count();

        let mut out = String::new();
        if here >= 3 - usize::from(multi) {
            out.push_str(&(in_front + 1).to_string());
        } else {
            out.push(piece.role.wxf_char());
        }
        // Front/rear marks when the other piece on the file could make the same shape of move.
        let mut by_rank = false;
        if here == 2 && !multi {
            let other =
                Bits(same).map(Square::from_u8).find(|&s| s.file() == m.from.file() && s != m.from);
            if let Some(other) = other {
                let rank = other.rank() as i32 + m.to.rank() as i32 - m.from.rank() as i32;
                if let Some(target) =
                    u8::try_from(rank).ok().and_then(|r| Square::new(m.to.file(), r))
                {
                    by_rank = match piece.role {
                        Role::General | Role::Advisor => target.in_palace(us),
                        Role::Elephant => target.on_own_side(us),
                        _ => true,
                    };
                }
            }
        }
        if by_rank {
            out.push(if in_front > 0 { '-' } else { '+' });
        } else {
            out.push(char::from(b'0' + file_number(us, m.from.file())));
        }
        let (rf, rt) = (relative_rank(us, m.from), relative_rank(us, m.to));
        out.push(if m.from.rank() == m.to.rank() {
            '='
        } else if rt > rf {
            '+'
        } else {
            '-'
        });
        if m.from.file() == m.to.file() {
            out.push_str(&m.from.rank().abs_diff(m.to.rank()).to_string());
        } else {
            out.push(char::from(b'0' + file_number(us, m.to.file())));
        }
        out
    }

    /// The move in WXF without front/rear marks or numbering: piece letter and start file.
    fn plain_wxf(&self, m: Move) -> Option<String> {
        let us = self.turn();
        let piece = self.piece_at(m.from)?;
        let canonical = self.to_wxf(m);
        let tail = &canonical[canonical.len() - 2..];
        Some(format!("{}{}{}", piece.role.wxf_char(), file_number(us, m.from.file()), tail))
    }

    /// Reads a move in WXF notation. Accepts `B`/`N` for elephant/horse, the front/rear mark
    /// before the letter (`+R=9`) as well as after it (`R+=9`), `.` for `=`, a trailing check
    /// mark, and the plain piece-and-file form where it names one move only.
    pub fn parse_wxf(&self, text: &str) -> Result<Move, ParseMoveError> {
        let syntax = || ParseMoveError::Syntax { text: text.to_owned() };
        let mut t: String = text
            .trim()
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'B' => 'E',
                'N' => 'H',
                '.' => '=',
                c => c,
            })
            .collect();
        if t.ends_with('#') || (t.len() == 5 && t.ends_with('+')) {
            t.pop();
        }
        if !t.is_ascii() || t.len() != 4 {
            return Err(syntax());
        }
        let b = t.as_bytes();
        // Mark before the letter: `+R=9` -> `R+=9`.
        if (b[0] == b'+' || b[0] == b'-') && b[1].is_ascii_alphabetic() {
            t = format!("{}{}{}", b[1] as char, b[0] as char, &t[2..]);
        }
        let b = t.as_bytes();
        let valid_head = b[0].is_ascii_digit() || "KAEHRCP".contains(b[0] as char);
        let valid_mid = b[1].is_ascii_digit() || b[1] == b'+' || b[1] == b'-';
        if !valid_head || !valid_mid || !b"+-=".contains(&b[2]) || !b[3].is_ascii_digit() {
            return Err(syntax());
        }
        let moves = self.legal_list();
        if let Some(&m) = moves.as_slice().iter().find(|&&m| self.to_wxf(m) == t) {
            return Ok(m);
        }
        let plain: Vec<Move> = moves
            .as_slice()
            .iter()
            .copied()
            .filter(|&m| self.plain_wxf(m).as_deref() == Some(t.as_str()))
            .collect();
        match plain.as_slice() {
            [m] => Ok(*m),
            [] => Err(ParseMoveError::Illegal {
                text: text.to_owned(),
                reason: IllegalMoveReason::NoWxfMatch,
            }),
            _ => Err(ParseMoveError::Ambiguous { text: text.to_owned() }),
        }
    }
}
