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
    /// The points whose piece was still face down at the end, with its side.
    pub face_down_at_end: Vec<(String, Color)>,
}

/// The face-down points of a Jieqi FEN's board with their sides.
fn face_down_points(fen: &str) -> Vec<(String, Color)> {
    let board = fen.split(' ').next().unwrap_or("");
    let mut points = Vec::new();
    for (row, line) in board.split('/').enumerate() {
        let rank = 10 - row;
        let mut file = 0u32;
        for c in line.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d;
                continue;
            }
            let side = match c {
                'X' => Some(Color::White),
                'x' => Some(Color::Black),
                _ => None,
            };
            if let (Some(side), Some(f)) = (side, char::from_digit(10 + file, 36)) {
                points.push((format!("{f}{rank}"), side));
            }
            file += 1;
        }
    }
    points
}

/// The identities each side is dealt face down, by FEN letter.
fn dealt(side: Color) -> Vec<char> {
    let letters = "AABBNNRRCCPPPPP";
    match side {
        Color::White => letters.chars().collect(),
        Color::Black => letters.to_ascii_lowercase().chars().collect(),
    }
}

/// Takes one of each of `taken` out of `pool` (those it holds).
fn without(mut pool: Vec<char>, taken: impl IntoIterator<Item = char>) -> Vec<char> {
    for t in taken {
        if let Some(i) = pool.iter().position(|c| *c == t) {
            pool.swap_remove(i);
        }
    }
    pool
}

/// How many different identities a multiset holds.
fn kinds(pool: &[char]) -> usize {
    let mut k: Vec<char> = pool.to_vec();
    k.sort_unstable();
    k.dedup();
    k.len()
}

/// Which seats may know what a capture of a face-down piece by `capturer` showed.
fn may_know_capture(seat: Seat, capturer: Color) -> bool {
    seat == Seat::Player(capturer)
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
        let mut face_down_at_end = face_down_points(deal);
        face_down_at_end.retain(|(p, _)| {
            !plies.iter().any(|n| n.revealed.is_some() && n.from == *p)
                && !hidden_captures.iter().any(|c| c.point == *p)
        });
        Ok(Truth { plies, movers, hidden_captures, face_down_at_end })
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
    /// the letter it named there) against the rules: whoever captures a face-down piece sees
    /// what it was, its owner never learns it, "not after the game either", and a spectator
    /// (who sees what both players know) neither. So the end may not name such a piece, nor
    /// name enough of the pieces still face down on its side for the seat to find it by
    /// elimination (each side is dealt A2 B2 N2 R2 C2 P5: when what is left unexplained is
    /// all one kind, the secret piece is known). Every fault, as a sentence.
    pub fn check_end(&self, seat: Seat, carried: &[(String, char)]) -> Vec<String> {
        let mut faults = Vec::new();
        let secret: Vec<&HiddenCapture> =
            self.hidden_captures.iter().filter(|c| !may_know_capture(seat, c.capturer)).collect();
        for c in &secret {
            for (_, id) in carried.iter().filter(|(p, _)| *p == c.point) {
                faults.push(format!(
                    "END LEAK: {seat:?} was told {id} on {}, captured face down by {:?} at ply {}",
                    c.point, c.capturer, c.ply
                ));
            }
        }
        for side in [Color::White, Color::Black] {
            let lost: Vec<&&HiddenCapture> = secret.iter().filter(|c| c.capturer != side).collect();
            if lost.is_empty() {
                continue;
            }
            // What the seat knew of this side's deal when the game ended: the reveals and
            // the face-down pieces it captured and saw.
            let revealed = self
                .plies
                .iter()
                .zip(&self.movers)
                .filter(|(_, m)| **m == side)
                .filter_map(|(n, _)| n.revealed);
            let seen = self
                .hidden_captures
                .iter()
                .filter(|c| c.capturer != side && may_know_capture(seat, c.capturer))
                .map(|c| c.identity);
            let before = without(dealt(side), revealed.chain(seen));
            let opened = carried
                .iter()
                .filter(|(p, _)| self.face_down_at_end.iter().any(|(q, s)| q == p && *s == side))
                .map(|(_, id)| *id);
            let after = without(before.clone(), opened);
            if kinds(&before) > 1 && kinds(&after) == 1 {
                faults.push(format!(
                    "END LEAK: {seat:?} finds by elimination that the {} face-down piece(s) of \
                     {side:?} captured unseen ({}) were {:?}: the end opened the side's other \
                     face-down pieces",
                    lost.len(),
                    lost.iter().map(|c| c.point.as_str()).collect::<Vec<_>>().join(" "),
                    after.first()
                ));
            }
        }
        faults
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// PROTOCOL.md's example deal: Red's hidden soldier on h3 (a cannon's point) takes
    /// Black's hidden cannon on h10 over the screen on h8.
    const DEAL: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w bbppcrcrpnnappaRPAPNCPNPPABBRC 0 1 -";
    const RED: Seat = Seat::Player(Color::White);
    const BLACK: Seat = Seat::Player(Color::Black);

    #[test]
    fn move_texts_read_into_their_notes() {
        let n = parse_move("h3h10=Px(c)").expect("reads");
        assert_eq!((n.from.as_str(), n.to.as_str(), n.revealed), ("h3", "h10", Some('P')));
        assert_eq!(n.captured, Some(Captured::FaceDown(Some('c'))));
        assert_eq!(parse_move("a1a2xR").expect("reads").captured, Some(Captured::FaceUp('R')));
        assert_eq!(parse_move("a1a2x(X)").expect("reads").captured, Some(Captured::FaceDown(None)));
        for bad in ["", "h3", "h3h11", "j1a1", "h3h10=", "h3h10x(cc)", "h3h10y"] {
            assert!(parse_move(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn only_the_capturer_may_be_told_a_face_down_capture() {
        let truth = Truth::rebuild(DEAL, &["h3h10=Px(c)".to_owned()]).expect("a legal game");
        assert_eq!(truth.hidden_captures.len(), 1);
        assert!(truth.check_move(RED, 1, "h3h10=Px(c)").is_empty());
        assert!(truth.check_move(BLACK, 1, "h3h10=Px(x)").is_empty());
        assert!(truth.check_move(Seat::Spectator, 1, "h3h10=Px(x)").is_empty());
        for seat in [BLACK, Seat::Spectator] {
            let faults = truth.check_move(seat, 1, "h3h10=Px(c)");
            assert!(faults.iter().any(|f| f.starts_with("LEAK")), "{seat:?}: {faults:?}");
        }
        // A wrong reveal, or the capturer not shown its capture, is a fault too.
        assert!(!truth.check_move(BLACK, 1, "h3h10=Cx(x)").is_empty());
        assert!(!truth.check_move(RED, 1, "h3h10=Px(x)").is_empty());
        let start = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 0 1 -";
        assert!(Truth::check_start(RED, start).is_empty());
        let shown = start.replacen('X', "R", 1);
        assert!(Truth::check_start(RED, &shown).iter().any(|f| f.starts_with("LEAK")));
    }

    #[test]
    fn the_end_may_not_tell_the_owner_directly_nor_by_elimination() {
        let truth = Truth::rebuild(DEAL, &["h3h10=Px(c)".to_owned()]).expect("a legal game");
        // Black's other fourteen pieces still lie face down: opening all of them tells
        // Black the fifteenth.
        let ids: Vec<char> = DEAL.split(' ').nth(2).expect("identities").chars().collect();
        let all: Vec<(String, char)> =
            face_down_points(DEAL).into_iter().map(|(p, _)| p).zip(ids).collect();
        let others: Vec<(String, char)> = all.iter().filter(|(p, _)| p != "h10").cloned().collect();
        assert!(truth.check_end(RED, &all).is_empty(), "the capturer may know it all");
        let direct = truth.check_end(BLACK, &all);
        assert!(direct.iter().any(|f| f.contains("was told c on h10")), "{direct:?}");
        let elimination = truth.check_end(BLACK, &others);
        assert!(elimination.iter().any(|f| f.contains("elimination")), "{elimination:?}");
        // Red's side alone opened, Black's kept sealed: nothing for Black to find.
        let red_only: Vec<(String, char)> =
            all.iter().filter(|(_, c)| c.is_ascii_uppercase()).cloned().collect();
        assert!(truth.check_end(BLACK, &red_only).is_empty());
        assert!(truth.check_end(Seat::Spectator, &red_only).is_empty());
    }
}
