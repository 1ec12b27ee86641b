//! Pieces of FEN reading shared by the games.

use std::str::Chars;

use crate::ParseFenError;

/// What a FEN board's cell reader read: a run of empty squares or one square's content.
pub(crate) enum Token<T> {
    /// This many empty squares.
    Empty(usize),
    /// The content of one square.
    Piece(T),
}

/// Reads a FEN board field of `files` x `ranks` squares, top rank first, into a vector
/// indexed `rank * files + file` (rank 0 at the bottom). `piece` turns one character into a
/// square's content; digits (possibly several in a row) count empty squares.
pub(crate) fn parse_board<T: Clone>(
    field: &str,
    files: usize,
    ranks: usize,
    mut piece: impl FnMut(char) -> Option<T>,
) -> Result<Vec<Option<T>>, ParseFenError> {
    parse_cells(field, files, ranks, |c, rest| match c.to_digit(10) {
        Some(d) => {
            let mut n = d as usize;
            while let Some(next) = rest.clone().next().and_then(|c| c.to_digit(10)) {
                rest.next();
                n = n.saturating_mul(10).saturating_add(next as usize);
            }
            if n == 0 {
                return Err(ParseFenError::InvalidPiece { ch: '0' });
            }
            Ok(Token::Empty(n))
        }
        None => piece(c).map(Token::Piece).ok_or(ParseFenError::InvalidPiece { ch: c }),
    })
}

/// Reads a FEN board field like [`parse_board`], with a cell reader that may take several
/// characters for one token (Friendly chess writes a bond as `(Pp)`). `cell` gets a token's
/// first character and the rest of the rank, from which it takes whatever else the token
/// has; it decides what counts as empty squares, and its error is the FEN's.
pub(crate) fn parse_cells<T: Clone>(
    field: &str,
    files: usize,
    ranks: usize,
    mut cell: impl FnMut(char, &mut Chars<'_>) -> Result<Token<T>, ParseFenError>,
) -> Result<Vec<Option<T>>, ParseFenError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != ranks {
        return Err(ParseFenError::RankCount { expected: ranks, found: rows.len() });
    }
    let mut board = vec![None; files * ranks];
    for (top_index, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - top_index;
        let mut file = 0usize;
        let mut chars = row.chars();
        while let Some(c) = chars.next() {
            match cell(c, &mut chars)? {
                Token::Empty(n) => file = file.saturating_add(n),
                Token::Piece(p) => {
                    if file < files {
                        board[rank * files + file] = Some(p);
                    }
                    file += 1;
                }
            }
            if file > files {
                return Err(ParseFenError::RankLength {
                    rank: top_index + 1,
                    expected: files,
                    found: file,
                });
            }
        }
        if file != files {
            return Err(ParseFenError::RankLength {
                rank: top_index + 1,
                expected: files,
                found: file,
            });
        }
    }
    Ok(board)
}

/// Writes a FEN board field; `piece` gives a square's text (`None` for empty).
pub(crate) fn write_board<T>(
    board: &[Option<T>],
    files: usize,
    ranks: usize,
    mut piece: impl FnMut(&T) -> String,
) -> String {
    write_cells(files, ranks, |i| board[i].as_ref().map(&mut piece))
}

/// Writes a FEN board field of `files` x `ranks` squares; `cell` gives the text of the square
/// with index `rank * files + file` (rank 0 at the bottom), `None` if it is empty.
pub(crate) fn write_cells(
    files: usize,
    ranks: usize,
    mut cell: impl FnMut(usize) -> Option<String>,
) -> String {
    let mut out = String::new();
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match cell(rank * files + file) {
                None => empty += 1,
                Some(text) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&text);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads the half-move clock and full-move number fields (either may be missing).
pub(crate) fn parse_counters(
    halfmove: Option<&str>,
    fullmove: Option<&str>,
) -> Result<(u32, u32), ParseFenError> {
    let half = match halfmove {
        None => 0,
        Some(t) => t.parse::<u32>().map_err(|_| ParseFenError::InvalidField {
            field: "halfmove clock",
            text: t.to_owned(),
        })?,
    };
    let full = match fullmove {
        None => 1,
        Some(t) => t
            .parse::<u32>()
            .map_err(|_| ParseFenError::InvalidField {
                field: "fullmove number",
                text: t.to_owned(),
            })?
            .max(1),
    };
    Ok((half, full))
}
