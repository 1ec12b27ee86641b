//! The compact form of a bank's text, embedded in the library: written by `build.rs` from
//! `banks/<game>.csv` (which includes this file) and read back by [`crate::Bank`].
//!
//! The form gives back the text byte for byte, so the committed CSV stays the only source of
//! truth. It is a 4-byte mark (`RPB` and the format's version), a mode byte, and a zlib
//! stream (DEFLATE with an Adler-32 check, so damaged bytes are found rather than read as
//! other puzzles) of the mode's payload:
//!
//! - mode 0, text: the text itself. Used for any text the columns cannot give back exactly
//!   (another header, a blank line, a carriage return, a column that varies where it should
//!   not): such a bank still builds, and reading it reports what is wrong with it.
//! - mode 1, columns: the text of the lichess-style columns regrouped so that alike things
//!   stand together, which DEFLATE then shrinks far better than the lines:
//!   - the number of puzzles (LEB128), and whether the text ends in a line end (one byte);
//!   - the five columns that are the same on every line (popularity, plays, game, opening,
//!     game name), once each;
//!   - the deviation, theme and generator columns, which take few values, as a dictionary
//!     each followed by one index per puzzle;
//!   - the ratings as two planes of bytes, high bytes then low bytes;
//!   - the ids: a kind byte, then either a column of lines or, when every id is one letter
//!     and a base-36 number (the generator's `x1a`), the letter and each number's
//!     difference from the one before (zigzag LEB128: nearly always the byte 2);
//!   - the FENs: a kind byte, then either a column of lines or, when every board has one
//!     shape, the shape, the Friendly-chess bonds met, every puzzle's byte at the first
//!     point, then at the second, and so on (alike points of many boards stand together,
//!     where DEFLATE finds them), and the rest of each FEN as a column of lines;
//!   - the moves, a column of lines.
//!
//!   Strings are a LEB128 length and UTF-8 bytes; a column of lines is one string whose
//!   lines are separated by `\n`. The encoder keeps a shaped column only if the whole
//!   form reads back to the very text (a FEN's empty points must be written as the
//!   canonical runs the shaped form gives back, for one).

use miniz_oxide::deflate::compress_to_vec_zlib;
use miniz_oxide::inflate::decompress_to_vec_zlib_with_limit;

/// The first bytes of every compact bank: `RPB` and the format's version.
const MAGIC: [u8; 4] = *b"RPB\x01";

/// The payload is the text.
const MODE_TEXT: u8 = 0;

/// The payload is the columns.
const MODE_COLUMNS: u8 = 1;

/// The most bytes a payload may inflate to: far more than any bank, far less than a
/// damaged stream could ask a phone for.
const MAX_PAYLOAD: usize = 64 << 20;

/// The header of the text form (the same as `crate::TEXT_HEADER`; a test holds them equal).
pub const HEADER: &str = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,Variant,Generator";

/// The columns of a line of the text form.
const COLUMNS: usize = 12;

/// The columns that hold the same value on every line, by their place in a line.
const CONSTANT: [usize; 5] = [5, 6, 8, 9, 10];

/// The columns kept as a dictionary and indices.
const DICTIONARY: [usize; 3] = [4, 7, 11];

/// The rating's column.
const RATING: usize = 3;

/// The largest board the shaped FEN column holds, in ranks and in points per rank.
const MAX_SIDE: u64 = 64;

/// The first byte of a bond's cell in the shaped FEN column; the bond's place in the bond
/// dictionary is added to it.
const BOND: u8 = 0x80;

/// The largest id number the shaped id column holds (deltas stay within an `i64`).
const MAX_ID: u64 = 1 << 62;

/// Why compact bytes are not a bank's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompactError {
    /// The bytes do not start with the mark of a compact bank of this version.
    #[error("not a compact puzzle bank of version 1")]
    Magic,
    /// An unknown mode byte.
    #[error("unknown compact bank mode {0}")]
    Mode(u8),
    /// The zlib stream is damaged (or inflates past the limit).
    #[error("the compressed bank is damaged")]
    Inflate,
    /// The payload ends inside `what`.
    #[error("the bank ends inside the {what} at byte {at}")]
    Truncated {
        /// What was being read.
        what: &'static str,
        /// Where, in the payload.
        at: usize,
    },
    /// A number does not fit, or is past what its place allows.
    #[error("a number in the bank is out of range at byte {at}")]
    Number {
        /// Where, in the payload.
        at: usize,
    },
    /// A string is not UTF-8.
    #[error("the {what} is not text at byte {at}")]
    Utf8 {
        /// What was being read.
        what: &'static str,
        /// Where, in the payload.
        at: usize,
    },
    /// An index past the end of its dictionary.
    #[error("puzzle {puzzle}: index {index} is past the {what} dictionary")]
    Index {
        /// The column.
        what: &'static str,
        /// The puzzle, 0 for the first.
        puzzle: usize,
        /// The index read.
        index: u64,
    },
    /// A column of lines with the wrong number of lines.
    #[error("the {what} column has {found} lines for {want} puzzles")]
    Lines {
        /// The column.
        what: &'static str,
        /// The number of puzzles.
        want: usize,
        /// The lines found.
        found: usize,
    },
    /// An unknown way of keeping a column.
    #[error("unknown kind {kind} of the {what} column")]
    Kind {
        /// The column.
        what: &'static str,
        /// The kind byte.
        kind: u8,
    },
    /// A board cell that is no piece.
    #[error("puzzle {puzzle}: board byte {byte} is no piece")]
    Cell {
        /// The puzzle, 0 for the first.
        puzzle: usize,
        /// The byte.
        byte: u8,
    },
    /// An id number out of range.
    #[error("puzzle {puzzle}: the id's number is out of range")]
    Id {
        /// The puzzle, 0 for the first.
        puzzle: usize,
    },
    /// Bytes after the last column.
    #[error("{0} bytes after the end of the bank")]
    Trailing(usize),
}

/// The compact form of `text`: the columns when they give the text back exactly (shaped ids
/// and boards where those fit), else the text itself. Never fails: a text that is no bank
/// still has a compact form.
pub fn encode(text: &str) -> Vec<u8> {
    for shaped in [true, false] {
        if let Some(payload) = columns(text, shaped) {
            let bytes = pack(MODE_COLUMNS, &payload);
            // Only a form that reads back to the very text is kept: a FEN or an id outside
            // the canonical forms the shapes assume goes into a plainer form instead.
            if decode(&bytes).as_deref() == Ok(text) {
                return bytes;
            }
        }
    }
    pack(MODE_TEXT, text.as_bytes())
}

/// The mark, the mode and the compressed payload.
fn pack(mode: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(mode);
    out.extend(compress_to_vec_zlib(payload, 10));
    out
}

/// The text whose compact form `bytes` is.
pub fn decode(bytes: &[u8]) -> Result<String, CompactError> {
    let Some((mark, rest)) = bytes.split_first_chunk::<4>() else {
        return Err(CompactError::Magic);
    };
    if *mark != MAGIC {
        return Err(CompactError::Magic);
    }
    let Some((&mode, stream)) = rest.split_first() else { return Err(CompactError::Magic) };
    if mode > MODE_COLUMNS {
        return Err(CompactError::Mode(mode));
    }
    let payload = decompress_to_vec_zlib_with_limit(stream, MAX_PAYLOAD)
        .map_err(|_| CompactError::Inflate)?;
    if mode == MODE_TEXT {
        return String::from_utf8(payload)
            .map_err(|e| CompactError::Utf8 { what: "text", at: e.utf8_error().valid_up_to() });
    }
    from_columns(&payload)
}

/// The columns' payload of `text`, if it is a bank's text whose constant columns are
/// constant and whose ratings are canonical numbers; `shaped` tries the shaped id and FEN
/// columns.
fn columns(text: &str, shaped: bool) -> Option<Vec<u8>> {
    let body = text.strip_prefix(HEADER)?.strip_prefix('\n')?;
    let final_newline = body.is_empty() || body.ends_with('\n');
    let body = match body.strip_suffix('\n') {
        // A blank line after the header is not a line of puzzles.
        Some("") => return None,
        Some(rest) => rest,
        None => body,
    };
    let lines: Vec<Vec<&str>> = if body.is_empty() {
        Vec::new()
    } else {
        body.split('\n').map(|l| l.split(',').collect()).collect()
    };
    if text.contains('\r') || lines.iter().any(|cols| cols.len() != COLUMNS) {
        return None;
    }
    let mut out = Vec::new();
    put_number(&mut out, lines.len() as u64);
    out.push(u8::from(final_newline));
    for c in CONSTANT {
        let value = lines.first().map_or("", |cols| cols[c]);
        if lines.iter().any(|cols| cols[c] != value) {
            return None;
        }
        put_str(&mut out, value);
    }
    for c in DICTIONARY {
        let mut words: Vec<&str> = Vec::new();
        let mut indices = Vec::with_capacity(lines.len());
        for cols in &lines {
            let i = match words.iter().position(|w| *w == cols[c]) {
                Some(i) => i,
                None => {
                    words.push(cols[c]);
                    words.len() - 1
                }
            };
            indices.push(i as u64);
        }
        put_number(&mut out, words.len() as u64);
        for w in &words {
            put_str(&mut out, w);
        }
        for i in indices {
            put_number(&mut out, i);
        }
    }
    let mut ratings = Vec::with_capacity(lines.len());
    for cols in &lines {
        let r: u16 = cols[RATING].parse().ok()?;
        if r.to_string() != cols[RATING] {
            return None;
        }
        ratings.push(r);
    }
    out.extend(ratings.iter().map(|r| (r >> 8) as u8));
    out.extend(ratings.iter().map(|r| (r & 0xff) as u8));
    let column = |c: usize| -> Vec<&str> { lines.iter().map(|cols| cols[c]).collect() };
    let (ids, fens, moves) = (column(0), column(1), column(2));
    match id_numbers(&ids).filter(|_| shaped) {
        Some(encoded) => {
            out.push(KIND_SHAPED);
            out.extend(encoded);
        }
        None => {
            out.push(KIND_LINES);
            put_str(&mut out, &ids.join("\n"));
        }
    }
    match boards(&fens).filter(|_| shaped) {
        Some(encoded) => {
            out.push(KIND_SHAPED);
            out.extend(encoded);
        }
        None => {
            out.push(KIND_LINES);
            put_str(&mut out, &fens.join("\n"));
        }
    }
    put_str(&mut out, &moves.join("\n"));
    Some(out)
}

/// A column kept as lines.
const KIND_LINES: u8 = 0;

/// A column kept in its shaped form (ids as numbers, FENs as boards).
const KIND_SHAPED: u8 = 1;

/// The shaped id column, if every id is one letter (the same for all) and a number in base
/// 36 (as the generator names them: `x1a`): the letter, then each number's difference from
/// the one before (zigzag LEB128), nearly always 1.
fn id_numbers(ids: &[&str]) -> Option<Vec<u8>> {
    let first = ids.first()?;
    let prefix = first.get(..1).filter(|p| p.bytes().all(|b| b.is_ascii_alphabetic()))?;
    let mut out = Vec::new();
    put_str(&mut out, prefix);
    let mut before = 0i64;
    for id in ids {
        let n = id.strip_prefix(prefix).and_then(base36)?;
        let n = i64::try_from(n).ok()?;
        put_number(&mut out, zigzag(n - before));
        before = n;
    }
    Some(out)
}

/// The number a canonical base-36 text (lower case, no leading zero) writes, below
/// [`MAX_ID`].
fn base36(text: &str) -> Option<u64> {
    if text.is_empty() || (text.len() > 1 && text.starts_with('0')) {
        return None;
    }
    let mut n = 0u64;
    for c in text.chars() {
        if c.is_ascii_uppercase() {
            return None;
        }
        n = n.checked_mul(36)?.checked_add(u64::from(c.to_digit(36)?))?;
    }
    (n < MAX_ID).then_some(n)
}

/// `n` in base 36, lower case.
pub(crate) fn to_base36(mut n: u64) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((n % 36) as u32, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

/// A signed number as an unsigned one, small either way (0, -1, 1, -2, ... as 0, 1, 2, 3).
fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

/// The signed number [`zigzag`] wrote.
fn unzigzag(n: u64) -> i64 {
    ((n >> 1) as i64) ^ -((n & 1) as i64)
}

/// One point of a board as the shaped FEN column keeps it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell<'a> {
    Empty,
    Piece(u8),
    Bond(&'a str),
}

/// The points of a FEN's board, rank by rank: digits are runs of empty points, a bond is
/// its two pieces in parentheses (Friendly chess), any other printable byte is a piece.
fn cells(board: &str) -> Option<Vec<Vec<Cell<'_>>>> {
    let bytes = board.as_bytes();
    let mut ranks = vec![Vec::new()];
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let rank = ranks.last_mut()?;
        match b {
            b'/' => ranks.push(Vec::new()),
            b'0'..=b'9' => {
                let digits = bytes[i..].iter().take_while(|d| d.is_ascii_digit()).count();
                let run: usize = board.get(i..i + digits)?.parse().ok()?;
                // No board is wider: a longer run is no position (and would not fit in memory).
                if run as u64 > MAX_SIDE {
                    return None;
                }
                rank.extend(std::iter::repeat_n(Cell::Empty, run));
                i += digits;
                continue;
            }
            b'(' => {
                let bond = board.get(i..i + 4).filter(|t| t.ends_with(')'))?;
                rank.push(Cell::Bond(bond));
                i += 4;
                continue;
            }
            _ if is_piece(b) => rank.push(Cell::Piece(b)),
            _ => return None,
        }
        i += 1;
    }
    Some(ranks)
}

/// Whether `b` can stand for a piece in a board: a printable ASCII byte that is not a digit,
/// a rank's end, a bond's parenthesis or a separator.
fn is_piece(b: u8) -> bool {
    b.is_ascii_graphic() && !b.is_ascii_digit() && !matches!(b, b'/' | b'(' | b')' | b',')
}

/// The shaped FEN column, if every board has the same shape (ranks and points per rank):
/// the shape, the bonds met, then point by point every puzzle's byte there (empty 0, a piece
/// its letter, a bond [`BOND`] plus its place among the bonds), so that each point's bytes
/// stand together, and last the rest of each FEN (from its first space) as lines.
fn boards(fens: &[&str]) -> Option<Vec<u8>> {
    let board_end = |fen: &str| fen.find(' ').unwrap_or(fen.len());
    let mut grids = Vec::with_capacity(fens.len());
    for fen in fens {
        grids.push(cells(fen.get(..board_end(fen))?)?);
    }
    let shape: Vec<usize> = grids.first()?.iter().map(Vec::len).collect();
    if shape.len() as u64 > MAX_SIDE || shape.iter().any(|&w| w as u64 > MAX_SIDE) {
        return None;
    }
    if grids.iter().any(|g| g.iter().map(Vec::len).ne(shape.iter().copied())) {
        return None;
    }
    let mut bonds: Vec<&str> = Vec::new();
    let mut planes: Vec<Vec<u8>> = Vec::with_capacity(grids.len());
    for grid in &grids {
        let mut plane = Vec::with_capacity(shape.iter().sum());
        for cell in grid.iter().flatten() {
            plane.push(match *cell {
                Cell::Empty => 0,
                Cell::Piece(b) => b,
                Cell::Bond(bond) => {
                    let i = match bonds.iter().position(|b| *b == bond) {
                        Some(i) => i,
                        None => {
                            bonds.push(bond);
                            bonds.len() - 1
                        }
                    };
                    BOND + u8::try_from(i).ok().filter(|&i| i < BOND)?
                }
            });
        }
        planes.push(plane);
    }
    let mut out = Vec::new();
    put_number(&mut out, shape.len() as u64);
    for &w in &shape {
        put_number(&mut out, w as u64);
    }
    put_number(&mut out, bonds.len() as u64);
    for b in &bonds {
        put_str(&mut out, b);
    }
    for point in 0..shape.iter().sum() {
        out.extend(planes.iter().map(|p| p.get(point).copied().unwrap_or(0)));
    }
    let rests: Vec<&str> = fens.iter().map(|f| f.get(board_end(f)..).unwrap_or("")).collect();
    put_str(&mut out, &rests.join("\n"));
    Some(out)
}

/// Reads the shaped FEN column of `n` puzzles.
fn read_boards(r: &mut Reader<'_>, n: usize) -> Result<Vec<String>, CompactError> {
    let ranks = r.number_up_to("board", MAX_SIDE)? as usize;
    let mut shape = Vec::with_capacity(ranks);
    for _ in 0..ranks {
        shape.push(r.number_up_to("board", MAX_SIDE)? as usize);
    }
    let points: usize = shape.iter().sum();
    let count = r.number_up_to("bonds", u64::from(BOND))? as usize;
    let mut bonds = Vec::with_capacity(count);
    for _ in 0..count {
        bonds.push(r.string("bonds")?);
    }
    let at = r.at;
    let size = points.checked_mul(n).ok_or(CompactError::Number { at })?;
    let grid = r.take(size, "boards")?;
    let rests = r.string("FENs")?;
    let rests = lines_of(rests, n, "FENs")?;
    let mut fens = Vec::with_capacity(n);
    for (puzzle, rest) in rests.iter().enumerate() {
        let mut fen = String::with_capacity(points + rest.len());
        let mut point = 0;
        for (k, &width) in shape.iter().enumerate() {
            if k > 0 {
                fen.push('/');
            }
            let mut empty = 0;
            for _ in 0..width {
                let byte = grid.get(point * n + puzzle).copied().unwrap_or(0);
                point += 1;
                if byte == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    fen.push_str(&empty.to_string());
                    empty = 0;
                }
                if byte >= BOND {
                    let bond = bonds.get(usize::from(byte - BOND));
                    fen.push_str(bond.ok_or(CompactError::Cell { puzzle, byte })?);
                } else if is_piece(byte) {
                    fen.push(char::from(byte));
                } else {
                    return Err(CompactError::Cell { puzzle, byte });
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
        }
        fen.push_str(rest);
        fens.push(fen);
    }
    Ok(fens)
}

/// Reads the shaped id column of `n` puzzles.
fn read_ids(r: &mut Reader<'_>, n: usize) -> Result<Vec<String>, CompactError> {
    let prefix = r.string("ids")?;
    let mut ids = Vec::with_capacity(room(n));
    let mut before = 0i64;
    for puzzle in 0..n {
        let delta = unzigzag(r.number("ids")?);
        let id = before.checked_add(delta).filter(|&v| (0..MAX_ID as i64).contains(&v));
        let id = id.ok_or(CompactError::Id { puzzle })?;
        ids.push(format!("{prefix}{}", to_base36(id as u64)));
        before = id;
    }
    Ok(ids)
}

/// The `n` lines of a column of lines.
fn lines_of<'a>(
    column: &'a str,
    n: usize,
    what: &'static str,
) -> Result<Vec<&'a str>, CompactError> {
    let rows: Vec<&str> =
        if n == 0 && column.is_empty() { Vec::new() } else { column.split('\n').collect() };
    if rows.len() != n {
        return Err(CompactError::Lines { what, want: n, found: rows.len() });
    }
    Ok(rows)
}

/// A column that is either kept as lines or in its shaped form.
fn read_column(
    r: &mut Reader<'_>,
    n: usize,
    what: &'static str,
    shaped: fn(&mut Reader<'_>, usize) -> Result<Vec<String>, CompactError>,
) -> Result<Vec<String>, CompactError> {
    match r.byte(what)? {
        KIND_LINES => {
            let column = r.string(what)?;
            Ok(lines_of(column, n, what)?.into_iter().map(str::to_string).collect())
        }
        KIND_SHAPED => shaped(r, n),
        kind => Err(CompactError::Kind { what, kind }),
    }
}

/// The text of a columns payload.
fn from_columns(payload: &[u8]) -> Result<String, CompactError> {
    let mut r = Reader { bytes: payload, at: 0 };
    // Every puzzle takes at least its two rating bytes: a larger count is damage, not a
    // reason to reserve memory.
    let n = r.number_up_to("puzzle count", payload.len() as u64 / 2)? as usize;
    let final_newline = r.byte("line end")? != 0;
    let mut constant = Vec::with_capacity(CONSTANT.len());
    for _ in CONSTANT {
        constant.push(r.string("constant column")?);
    }
    let mut dictionary: Vec<Vec<&str>> = Vec::with_capacity(DICTIONARY.len());
    for what in ["deviation", "themes", "generator"] {
        let words = r.number_up_to("dictionary size", payload.len() as u64)? as usize;
        let mut dict = Vec::with_capacity(room(words));
        for _ in 0..words {
            dict.push(r.string(what)?);
        }
        let mut column = Vec::with_capacity(room(n));
        for puzzle in 0..n {
            let index = r.number(what)?;
            let word = usize::try_from(index)
                .ok()
                .and_then(|i| dict.get(i))
                .ok_or(CompactError::Index { what, puzzle, index })?;
            column.push(*word);
        }
        dictionary.push(column);
    }
    let high = r.take(n, "ratings")?;
    let low = r.take(n, "ratings")?;
    let ids = read_column(&mut r, n, "ids", read_ids)?;
    let fens = read_column(&mut r, n, "FENs", read_boards)?;
    let moves = r.string("moves")?;
    let moves = lines_of(moves, n, "moves")?;
    if r.at != payload.len() {
        return Err(CompactError::Trailing(payload.len() - r.at));
    }
    let mut text = String::with_capacity(room(payload.len()) * 3);
    text.push_str(HEADER);
    for i in 0..n {
        text.push('\n');
        let rating = (u16::from(high[i]) << 8 | u16::from(low[i])).to_string();
        let mut cols: [&str; COLUMNS] = [""; COLUMNS];
        for (k, &c) in CONSTANT.iter().enumerate() {
            cols[c] = constant[k];
        }
        for (k, &c) in DICTIONARY.iter().enumerate() {
            cols[c] = dictionary[k][i];
        }
        cols[0] = &ids[i];
        cols[1] = &fens[i];
        cols[2] = moves[i];
        cols[RATING] = &rating;
        text.push_str(&cols.join(","));
    }
    if final_newline {
        text.push('\n');
    }
    Ok(text)
}

/// The room to reserve for `n` things a payload announces: no more than a real bank needs,
/// so that a damaged count cannot make a phone reserve gigabytes (what is really there
/// grows the vector as it is read).
fn room(n: usize) -> usize {
    n.min(1 << 16)
}

/// Appends `n` in LEB128.
fn put_number(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// Appends a string: its length, then its bytes.
fn put_str(out: &mut Vec<u8>, s: &str) {
    put_number(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Reads a payload from the front.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn byte(&mut self, what: &'static str) -> Result<u8, CompactError> {
        let b = *self.bytes.get(self.at).ok_or(CompactError::Truncated { what, at: self.at })?;
        self.at += 1;
        Ok(b)
    }

    fn number(&mut self, what: &'static str) -> Result<u64, CompactError> {
        let start = self.at;
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte(what)?;
            let part = u64::from(b & 0x7f);
            if shift == 63 && part > 1 {
                return Err(CompactError::Number { at: start });
            }
            n |= part << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(CompactError::Number { at: start })
    }

    /// A number no larger than `max`.
    fn number_up_to(&mut self, what: &'static str, max: u64) -> Result<u64, CompactError> {
        let at = self.at;
        let n = self.number(what)?;
        if n > max {
            return Err(CompactError::Number { at });
        }
        Ok(n)
    }

    fn take(&mut self, len: usize, what: &'static str) -> Result<&'a [u8], CompactError> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(CompactError::Truncated { what, at: self.at })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn string(&mut self, what: &'static str) -> Result<&'a str, CompactError> {
        let len = self.number(what)?;
        let at = self.at;
        let len = usize::try_from(len).map_err(|_| CompactError::Number { at })?;
        let bytes = self.take(len, what)?;
        std::str::from_utf8(bytes).map_err(|_| CompactError::Utf8 { what, at })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE_A: &str = "x1a,3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1,d10d9 e2d2,1234,250,0,0,mateIn1 oneMove,,,xiangqi,1";
    const LINE_B: &str = "x1b,4k4/9/9/9/9/9/9/9/3R5/5K3 b - - 0 1,e10f10 d2f2,987,80,0,0,mateIn1 oneMove,,,xiangqi,1";

    #[test]
    fn the_header_is_the_puzzles() {
        assert_eq!(HEADER, crate::TEXT_HEADER);
    }

    #[test]
    fn texts_come_back_exactly() {
        let bank = format!("{HEADER}\n{LINE_A}\n{LINE_B}\n");
        let cases = [
            String::new(),
            HEADER.to_string(),
            format!("{HEADER}\n"),
            bank.clone(),
            bank.trim_end().to_string(),
            // Not for the columns: they go as text.
            bank.replace('\n', "\r\n"),
            format!("{bank}\n"),
            format!("{HEADER}\n\n"),
            bank.replace(",0,0,", ",0,1,"),
            bank.replace("1234", "01234"),
            bank.replace("1234", "70000"),
            bank.replace("mateIn1 oneMove,,,xiangqi,1", "x"),
            "not a bank at all".to_string(),
            "ü\n\n,,,".to_string(),
            // An empty run no board has: not for the columns (nor a terabyte of cells).
            bank.replace("3k5/9/9", "3k5/100000000000000/9"),
        ];
        for text in cases {
            let bytes = encode(&text);
            assert_eq!(decode(&bytes).as_deref(), Ok(text.as_str()), "{text:?}");
        }
        assert_eq!(encode(&bank)[4], MODE_COLUMNS);
        assert_eq!(encode(&bank.replace("1234", "01234"))[4], MODE_TEXT);
    }

    /// The kind byte of the ids column and of the FENs column in `text`'s payload.
    fn kinds(text: &str) -> (u8, u8) {
        let bytes = encode(text);
        let payload = decompress_to_vec_zlib_with_limit(&bytes[5..], MAX_PAYLOAD).unwrap();
        let mut r = Reader { bytes: &payload, at: 0 };
        let n = r.number("n").unwrap() as usize;
        r.byte("newline").unwrap();
        for _ in CONSTANT {
            r.string("constant").unwrap();
        }
        for _ in DICTIONARY {
            let words = r.number("words").unwrap();
            for _ in 0..words {
                r.string("word").unwrap();
            }
            for _ in 0..n {
                r.number("index").unwrap();
            }
        }
        r.take(2 * n, "ratings").unwrap();
        let ids = r.byte("ids").unwrap();
        if ids == KIND_SHAPED {
            read_ids(&mut r, n).unwrap();
        } else {
            r.string("ids").unwrap();
        }
        (ids, r.byte("fens").unwrap())
    }

    #[test]
    fn shaped_columns_come_back_exactly() {
        let line = |id: &str, fen: &str| {
            format!("{id},{fen},e2e4 e7e5,1500,80,0,0,material oneMove,,,friendly,1")
        };
        let fens = [
            "r2qkb1r/1p2(Qp)1p1/p2pb3/(Pn)1p4p/2P1(Pp)3/1P2P2P/R2(Pn)2PR/1NB1KBN1 b kq - - 5 17",
            "4kb1r/r1p1pn2/2(Pb)4n/(Qp)1B(Rp)(Pp)3/1(Pp)2(Bp)1(Pp)q/PP4P1/3KN2P/R2N4 b k - - 6 32",
            "8/8/8/8/8/8/8/4K2k",
        ];
        let ids = ["fz", "f10", "f11", "f13", "f0"];
        let mut text = HEADER.to_string();
        for (i, id) in ids.iter().enumerate() {
            text.push('\n');
            text.push_str(&line(id, fens[i % fens.len()]));
        }
        text.push('\n');
        assert_eq!(decode(&encode(&text)).as_deref(), Ok(text.as_str()));
        assert_eq!(kinds(&text), (KIND_SHAPED, KIND_SHAPED));
        // Ids outside the scheme, boards of two shapes, runs written the long way: lines.
        for (from, to) in [("f10,", "f010,"), ("f11,", "F11,"), ("f13,", "g13,")] {
            let other = text.replacen(from, to, 1);
            assert_eq!(decode(&encode(&other)).as_deref(), Ok(other.as_str()));
            assert_eq!(kinds(&other), (KIND_LINES, KIND_SHAPED), "{from}");
        }
        for (from, to) in [("8/8/8/8/8/8/8/4K2k", "8/8/8/8/8/8/4K2k"), ("4K2k", "4K11k")] {
            let other = text.replace(from, to);
            assert_eq!(decode(&encode(&other)).as_deref(), Ok(other.as_str()));
            assert_eq!(kinds(&other), (KIND_SHAPED, KIND_LINES), "{to}");
        }
    }

    #[test]
    fn base36_numbers() {
        for n in [0, 1, 35, 36, 1295, 46_655, MAX_ID - 1] {
            assert_eq!(base36(&to_base36(n)), Some(n));
        }
        for text in ["", "00", "01", "A", "-1", "é"] {
            assert_eq!(base36(text), None, "{text}");
        }
        for n in [0, 1, -1, i64::MAX / 2, i64::MIN / 2] {
            assert_eq!(unzigzag(zigzag(n)), n);
        }
    }

    #[test]
    fn damaged_bytes_are_errors() {
        let bytes = encode(&format!("{HEADER}\n{LINE_A}\n{LINE_B}\n"));
        assert_eq!(decode(&[]), Err(CompactError::Magic));
        assert_eq!(decode(b"RPB\x02\x00"), Err(CompactError::Magic));
        assert_eq!(decode(b"RPB\x01"), Err(CompactError::Magic));
        assert_eq!(decode(b"RPB\x01\x07"), Err(CompactError::Mode(7)));
        assert_eq!(decode(&bytes[..bytes.len() - 1]), Err(CompactError::Inflate));
        // A payload that inflates well but lies about its counts.
        let mut payload = Vec::new();
        put_number(&mut payload, 1);
        payload.push(1);
        let mut bad = MAGIC.to_vec();
        bad.push(MODE_COLUMNS);
        bad.extend(compress_to_vec_zlib(&payload, 6));
        assert!(matches!(
            decode(&bad),
            Err(CompactError::Number { .. } | CompactError::Truncated { .. })
        ));
        let mut payload = Vec::new();
        put_number(&mut payload, u64::MAX);
        let mut bad = MAGIC.to_vec();
        bad.push(MODE_COLUMNS);
        bad.extend(compress_to_vec_zlib(&payload, 6));
        assert!(matches!(decode(&bad), Err(CompactError::Number { .. })));
    }

    #[test]
    fn numbers_read_back() {
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put_number(&mut out, n);
            let mut r = Reader { bytes: &out, at: 0 };
            assert_eq!(r.number("n"), Ok(n));
            assert_eq!(r.at, out.len());
        }
        let eleven = [0xffu8; 11];
        assert!(Reader { bytes: &eleven, at: 0 }.number("n").is_err());
    }
}
