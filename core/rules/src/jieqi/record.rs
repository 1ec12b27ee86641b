//! The rules that read a game's history (repetition, Tencent's cap on checks and chases), for
//! the true record (`Game<Jieqi>`) and a seat's record of views (`Game<JieqiView>`) alike:
//! both are [`Line`]s of public boards, so the verdicts never depend on a hidden identity.

use super::Public;
use super::Repetition;
use super::types::{Cell, MoveEvent};
use super::view::{JieqiView, ViewPlayError};
use crate::xiangqi::{Move, Piece, Role};
use crate::xiangqi_family::board::Board;
use crate::xiangqi_family::chase::{
    Line, OnBoard, chased, chased_at, follow_back, repetition_verdict,
};
use crate::xiangqi_family::tables::Bb;
use crate::{DrawReason, Game, IllegalMoveReason, Outcome, ParseMoveError, PlayError, WinReason};

/// The runs of checks and chases that the side to move has made with its last moves, against
/// Tencent's cap.
struct Cap {
    /// The side to move has given check with each of its last `limit` moves.
    checks_exhausted: bool,
    /// The chases of each of its last `limit` moves (newest first), while some piece was
    /// chased by all of them; empty if none was.
    chases: Vec<Bb>,
}

impl Cap {
    fn new<L: Line>(line: &L, limit: u8) -> Cap {
        let limit = usize::from(limit);
        let n = line.len();
        // The side to move made plies n-1, n-3, ...: it needs `limit` of them.
        if limit == 0 || n < 2 * limit {
            return Cap { checks_exhausted: limit == 0, chases: Vec::new() };
        }
        let ours = |j: usize| n - 1 - 2 * j;
        let checks_exhausted = (0..limit).all(|j| line.in_check(ours(j)));
        let mut chases = Vec::with_capacity(limit);
        let mut run: Bb = 0;
        for j in 0..limit {
            let c = chased_at(line, ours(j));
            // Follow the pieces chased so far back over the opponent's move before ours(j-1).
            run = if j == 0 { c } else { follow_back(line, run, ours(j) + 1) & c };
            chases.push(c);
            if run == 0 {
                chases.clear();
                break;
            }
        }
        Cap { checks_exhausted, chases }
    }

    fn active(&self) -> bool {
        self.checks_exhausted || !self.chases.is_empty()
    }

    /// Whether `m` would be one check, or one chase of the same piece, too many.
    fn forbids<L: Line>(&self, line: &L, current: &Public, m: Move) -> bool {
        // A reveal's check or chase depends on an identity nobody knows yet: never refused.
        if !self.active() || current.is_face_down(m.from) {
            return false;
        }
        let after = current.after(m);
        if self.checks_exhausted && after.is_check() {
            return true;
        }
        if self.chases.is_empty() {
            return false;
        }
        let n = line.len();
        let mut run = chased(&current.board, m, &after.board, !current.turn);
        for (j, c) in self.chases.iter().enumerate() {
            // Back over the opponent's move that followed our move n-1-2j.
            run = follow_back(line, run, n - 2 * j) & c;
            if run == 0 {
                return false;
            }
        }
        true
    }
}

/// Whether the history of `line` forbids `m` in its current position `current`.
pub(crate) fn forbids<L: Line>(line: &L, current: &Public, m: Move) -> bool {
    match current.rules.check_chase_limit {
        Some(limit) => Cap::new(line, limit).forbids(line, current, m),
        None => false,
    }
}

/// Removes from `moves` those the history of `line` forbids in its current position.
pub(crate) fn retain_allowed<L: Line>(line: &L, current: &Public, moves: &mut Vec<Move>) {
    if let Some(limit) = current.rules.check_chase_limit {
        let cap = Cap::new(line, limit);
        if cap.active() {
            moves.retain(|&m| !cap.forbids(line, current, m));
        }
    }
}

/// The verdict of the history on the current position `current` of `line`: repetition as the
/// rules count it, then a loss for a side whose every move the cap on checks and chases forbids.
pub(crate) fn history_outcome<L: Line>(line: &L, current: &Public) -> Option<Outcome> {
    let rules = current.rules;
    match rules.repetition {
        Repetition::Asian => {
            if let Some(o) = repetition_verdict(line) {
                return Some(o);
            }
        }
        Repetition::DrawAt(times) => {
            if line.occurrences() >= usize::from(times) {
                return Some(Outcome::Draw { reason: DrawReason::Repetition });
            }
        }
    }
    if let Some(limit) = rules.check_chase_limit {
        let cap = Cap::new(line, limit);
        let moves = current.legal_list();
        if cap.active()
            && !moves.as_slice().is_empty()
            && moves.as_slice().iter().all(|&m| cap.forbids(line, current, m))
        {
            return Some(Outcome::Win {
                winner: !current.turn,
                reason: WinReason::ExcessiveChecksOrChases,
            });
        }
    }
    None
}

/// Reads a move with the notes of [`MoveEvent::text`]: coordinates, then `=L` for
/// the piece it reveals and `xL`, `x(L)`, `x(X)` for what it captures (the letters of notes on
/// face-down pieces in either case). Checks the move is legal and the notes fit the board;
/// returns the revealed role and the identity given for a captured face-down piece.
pub(crate) fn parse_event_text(
    public: &Public,
    text: &str,
) -> Result<(Move, Option<Role>, Option<Role>), ParseMoveError> {
    let t = text.trim();
    let syntax = || ParseMoveError::Syntax { text: text.to_owned() };
    // Files run a..i, so neither `=` nor `x` can belong to the coordinates.
    let split = t.find(['=', 'x']).unwrap_or(t.len());
    let m = public.parse_move(&t[..split])?;
    let illegal = |reason| ParseMoveError::Illegal { text: text.to_owned(), reason };
    let mut rest = t[split..].chars().peekable();
    let mut revealed = None;
    if rest.peek() == Some(&'=') {
        rest.next();
        // The letter's case may be either: the mover's colour is known.
        let role = rest.next().and_then(Role::from_char).ok_or_else(syntax)?;
        if role == Role::General {
            return Err(syntax());
        }
        if !public.is_face_down(m.from) {
            return Err(illegal(IllegalMoveReason::RevealsNothing));
        }
        revealed = Some(role);
    }
    let mut captured = None;
    if rest.peek() == Some(&'x') {
        rest.next();
        let token: String = rest.by_ref().collect();
        let target =
            public.cell_at(m.to).ok_or_else(|| illegal(IllegalMoveReason::CapturesNothing))?;
        let misfit = || illegal(IllegalMoveReason::CaptureNoteMisfit);
        let mut chars = token.chars();
        match (target, chars.next(), chars.next(), chars.next(), chars.next()) {
            (Cell::FaceUp(p), Some(c), None, None, None) => {
                if Piece::from_char(c) != Some(p) {
                    return Err(misfit());
                }
            }
            (Cell::FaceDown(_), Some('('), Some(c), Some(')'), None) => {
                // `(x)`/`(X)`: unknown; a letter (either case) names the identity.
                if !c.eq_ignore_ascii_case(&'x') {
                    let role = Role::from_char(c).ok_or_else(syntax)?;
                    if role == Role::General {
                        return Err(misfit());
                    }
                    captured = Some(role);
                }
            }
            _ => return Err(misfit()),
        }
    }
    if rest.next().is_some() {
        return Err(syntax());
    }
    Ok((m, revealed, captured))
}

impl Game<JieqiView> {
    /// Plays `m` on this seat's record, with the identities as for [`JieqiView::play_seen`]
    /// (what a reveal turned up; what a face-down piece this seat captured and saw was), after
    /// the history's restrictions.
    pub fn play_seen(
        &mut self,
        m: Move,
        revealed: Option<Role>,
        captured: Option<Role>,
    ) -> Result<(), ViewPlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver.into());
        }
        if forbids(self, &self.position().public, m) {
            return Err(PlayError::Forbidden { text: m.to_string() }.into());
        }
        let mut view = self.position().clone();
        view.play_seen(m, revealed, captured)?;
        self.push(m, view);
        Ok(())
    }

    /// Plays `m` without checking it or the identities given (a bot trying its own legal
    /// moves).
    ///
    /// # Panics
    /// May panic, or leave the record inconsistent, if [`Game::play_seen`] would refuse it.
    pub fn play_seen_unchecked(&mut self, m: Move, revealed: Option<Role>, captured: Option<Role>) {
        let mut view = self.position().clone();
        view.play_seen_unchecked(m, revealed, captured);
        self.push(m, view);
    }

    /// What the last move did, as this seat knows it.
    pub fn last_event(&self) -> Option<&MoveEvent> {
        self.position().last_event()
    }
}

impl OnBoard for JieqiView {
    fn board(&self) -> &Board {
        &self.public.board
    }
}

impl JieqiView {
    /// The side to move's pieces (bit `i` for the square of index `i`) that `m`, played from
    /// `before` to reach this view, chases as the Asian repetition rules mean it (a
    /// face-down piece counts as the piece of its point): what a search needs to judge its
    /// own repetition cycles.
    pub fn chased_by(&self, before: &JieqiView, m: Move) -> u128 {
        chased(&before.public.board, m, &self.public.board, self.turn())
    }
}
