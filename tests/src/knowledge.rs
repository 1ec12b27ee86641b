//! What a Jieqi seat may know, checked frame by frame against the truth rebuilt from the
//! end-of-game reveal, as `rules/jieqi.md` ("Information") says:
//!
//! - nobody knows a face-down piece, not even its owner: the start shows every piece but the
//!   generals face down, the pool of unseen identities whole;
//! - a reveal (a face-down piece moved) is seen by everyone;
//! - whoever captures a face-down piece sees what it was; its owner never learns it, not
//!   after the game either; a spectator sees what both players know, so never;
//! - a captured face-up piece is seen by everyone.
//!
//! The checks read the identities out of the texts themselves (move texts' `=L` and
//! `x(L)`, a deal's identities, the truth's moves) rather than comparing with the rules'
//! own views, so that they test the rules' views too.

use rodina_rules::{AnyGame, Color, Seat, Variant};

use crate::E2eError;

/// What a capture's note says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Captured {
    /// A face-up piece, its letter.
    FaceUp(char),
    /// A face-down piece: its letter when the text names it, `None` for `(x)`/`(X)`.
    FaceDown(Option<char>),
}

/// A Jieqi move text read into its parts: `h3h10=Px(c)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The origin, `h3`.
    pub from: String,
    /// The destination, `h10`.
    pub to: String,
    /// The identity a reveal showed (`=P`), as written.
    pub revealed: Option<char>,
    /// What it captured.
    pub captured: Option<Captured>,
}

/// Reads a point (`a1` to `i10`) at the start of `text`: the point and the rest.
fn point(text: &str) -> Option<(String, &str)> {
    let file = text.chars().next().filter(|c| ('a'..='i').contains(c))?;
    let digits = text[1..].chars().take_while(char::is_ascii_digit).count();
    let rank: u32 = text[1..1 + digits].parse().ok()?;
    if !(1..=10).contains(&rank) {
        return None;
    }
    Some((format!("{file}{rank}"), &text[1 + digits..]))
}

/// Reads a Jieqi move text with its notes.
pub fn parse_move(text: &str) -> Result<MoveNote, E2eError> {
    let bad = || E2eError::Protocol(format!("no Jieqi move text: {text:?}"));
    let (from, rest) = point(text).ok_or_else(bad)?;
    let (to, mut rest) = point(rest).ok_or_else(bad)?;
    let mut revealed = None;
    if let Some(r) = rest.strip_prefix('=') {
        let mut chars = r.chars();
        revealed = Some(chars.next().filter(char::is_ascii_alphabetic).ok_or_else(bad)?);
        rest = chars.as_str();
    }
    let captured = match rest.strip_prefix('x') {
        None if rest.is_empty() => None,
        None => return Err(bad()),
        Some(token) => {
            let chars: Vec<char> = token.chars().collect();
            Some(match chars.as_slice() {
                [c] if c.is_ascii_alphabetic() => Captured::FaceUp(*c),
                ['(', 'x' | 'X', ')'] => Captured::FaceDown(None),
                ['(', c, ')'] if c.is_ascii_alphabetic() => Captured::FaceDown(Some(*c)),
                _ => return Err(bad()),
            })
        }
    };
    Ok(MoveNote { from, to, revealed, captured })
}

/// A face-down piece captured in the game: only its capturer may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenCapture {
    /// The ply, from 1.
    pub ply: usize,
    /// The capturing side.
    pub capturer: Color,
    /// Where it stood (a face-down piece never leaves its starting point).
    pub point: String,
    /// What it was.
    pub identity: char,
}

/// The true game, rebuilt from an end-of-game reveal.
#[derive(Clone, Debug)]
pub struct Truth {
    /// The moves as the truth writes them, read.
    pub plies: Vec<MoveNote>,
    /// Who made each ply.
    pub movers: Vec<Color>,
    /// The face-down pieces captured, in order.
    pub hidden_captures: Vec<HiddenCapture>,
}

/// Which seats may know what a capture of a face-down piece by `capturer` showed.
fn may_know_capture(seat: Seat, capturer: Color) -> bool {
    seat == Seat::Player(capturer)
}

/// The points of the face-down pieces of a Jieqi FEN's board with the identities its third
/// field gives them (board order: rank 10 first, files a to i).
pub fn deal_identities(deal: &str) -> Result<Vec<(String, char)>, E2eError> {
    let mut fields = deal.split(' ');
    let board = fields.next().unwrap_or("");
    let ids: Vec<char> = fields.nth(1).unwrap_or("").chars().collect();
    let mut points = Vec::new();
    for (row, line) in board.split('/').enumerate() {
        let rank = 10 - row;
        let mut file = 0u8;
        for c in line.chars() {
            if let Some(d) = c.to_digit(10) {
                file += u8::try_from(d).unwrap_or(0);
                continue;
            }
            if c == 'X' || c == 'x' {
                points.push((format!("{}{rank}", char::from(b'a' + file)), c));
            }
            file += 1;
        }
    }
    if points.len() != ids.len() {
        return Err(E2eError::Protocol(format!(
            "the deal has {} face-down pieces and {} identities: {deal}",
            points.len(),
            ids.len()
        )));
    }
    let mut out = Vec::with_capacity(points.len());
    for ((p, marker), id) in points.into_iter().zip(ids) {
        if marker.is_ascii_uppercase() != id.is_ascii_uppercase() {
            return Err(E2eError::Protocol(format!("identity {id} on {p} of the other side")));
        }
        out.push((p, id));
    }
    Ok(out)
}

impl Truth {
    /// The truth of a game whose deal (Jieqi full FEN) and truth moves were revealed: the
    /// moves are replayed by the rules, so they must be legal.
    pub fn rebuild(deal: &str, truth_moves: &[String]) -> Result<Truth, E2eError> {
        let mut game = AnyGame::replay(Variant::Jieqi, None, deal, &[], None)
            .map_err(|e| E2eError::Protocol(format!("the deal: {e}")))?;
        let mut plies = Vec::new();
        let mut movers = Vec::new();
        let mut hidden_captures = Vec::new();
        for (i, text) in truth_moves.iter().enumerate() {
            let mover = game.turn();
            game.play_text(text)
                .map_err(|e| E2eError::Protocol(format!("truth move {}: {text}: {e}", i + 1)))?;
            let note = parse_move(text)?;
            match note.captured {
                Some(Captured::FaceDown(Some(identity))) => hidden_captures.push(HiddenCapture {
                    ply: i + 1,
                    capturer: mover,
                    point: note.to.clone(),
                    identity,
                }),
                Some(Captured::FaceDown(None)) => {
                    return Err(E2eError::Protocol(format!("the truth's move {text} hides")));
                }
                _ => {}
            }
            plies.push(note);
            movers.push(mover);
        }
        Ok(Truth { plies, movers, hidden_captures })
    }

    /// Checks the text `seat` was given for ply `ply` (from 1): the identities it carries are
    /// the true ones, and each one the seat may know. Every fault, as a sentence (empty when
    /// none).
    pub fn check_move(&self, seat: Seat, ply: usize, text: &str) -> Vec<String> {
        let mut faults = Vec::new();
        let (Some(truth), Some(&mover)) =
            (self.plies.get(ply.wrapping_sub(1)), self.movers.get(ply.wrapping_sub(1)))
        else {
            return vec![format!("{seat:?} was sent ply {ply}, which the game does not have")];
        };
        let seen = match parse_move(text) {
            Ok(n) => n,
            Err(e) => return vec![format!("{seat:?} ply {ply}: {e}")],
        };
        if (&seen.from, &seen.to) != (&truth.from, &truth.to) {
            faults.push(format!("{seat:?} ply {ply}: {text} is not the move played"));
        }
        // A reveal is seen by everyone.
        if seen.revealed != truth.revealed {
            faults.push(format!(
                "{seat:?} ply {ply}: reveal {:?}, truth {:?}",
                seen.revealed, truth.revealed
            ));
        }
        match (truth.captured, seen.captured) {
            (None, None) => {}
            (Some(Captured::FaceUp(a)), Some(Captured::FaceUp(b))) if a == b => {}
            (Some(Captured::FaceDown(Some(l))), Some(Captured::FaceDown(named))) => {
                let may = may_know_capture(seat, mover);
                match named {
                    Some(m) if !may => faults.push(format!(
                        "LEAK: {seat:?} ply {ply}: {text} names the face-down piece {m} that {mover:?} captured"
                    )),
                    Some(m) if m != l => {
                        faults.push(format!("{seat:?} ply {ply}: {text} names {m}, truth {l}"));
                    }
                    None if may => faults.push(format!(
                        "{seat:?} ply {ply}: {text}: the capturer was not shown what it took"
                    )),
                    _ => {}
                }
            }
            (t, s) => faults.push(format!("{seat:?} ply {ply}: capture {s:?}, truth {t:?}")),
        }
        faults
    }

    /// Checks a start view a seat was given: every piece but the generals face down, the
    /// pool whole (fifteen of each side: A2 B2 N2 R2 C2 P5).
    pub fn check_start(seat: Seat, start: &str) -> Vec<String> {
        let mut faults = Vec::new();
        let mut fields = start.split(' ');
        let board = fields.next().unwrap_or("");
        for c in board.chars().filter(char::is_ascii_alphabetic) {
            if !matches!(c, 'X' | 'x' | 'K' | 'k') {
                faults.push(format!("LEAK: {seat:?}'s start shows a face-up {c}: {start}"));
            }
        }
        let pool = fields.nth(1).unwrap_or("");
        let mut counts = std::collections::BTreeMap::<char, u32>::new();
        let mut letter = None;
        for c in pool.chars() {
            if let Some(d) = c.to_digit(10) {
                if let Some(l) = letter.take() {
                    *counts.entry(l).or_default() += d - 1;
                }
            } else {
                *counts.entry(c).or_default() += 1;
                letter = Some(c);
            }
        }
        let full: std::collections::BTreeMap<char, u32> = [
            ('A', 2),
            ('B', 2),
            ('N', 2),
            ('R', 2),
            ('C', 2),
            ('P', 5),
            ('a', 2),
            ('b', 2),
            ('n', 2),
            ('r', 2),
            ('c', 2),
            ('p', 5),
        ]
        .into_iter()
        .collect();
        if counts != full {
            faults.push(format!("{seat:?}'s start pool is not the whole set: {pool}"));
        }
        faults
    }

    /// Checks the identities an end-of-game frame told `seat` (`carried`: each point with
    /// the letter it named there): it may name everything but the face-down pieces captured
    /// by the other side (for a player) or by anyone (for a spectator), which their owner
    /// never learns, "not after the game either". Every fault, as a sentence.
    pub fn check_end(&self, seat: Seat, carried: &[(String, char)]) -> Vec<String> {
        let mut faults = Vec::new();
        for c in self.hidden_captures.iter().filter(|c| !may_know_capture(seat, c.capturer)) {
            for (_, id) in carried.iter().filter(|(p, _)| *p == c.point) {
                faults.push(format!(
                    "END LEAK: {seat:?} was told {id} on {}, captured face down by {:?} at ply {}",
                    c.point, c.capturer, c.ply
                ));
            }
        }
        faults
    }
}
