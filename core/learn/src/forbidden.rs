//! Which refused moves are tries at a move the rules forbid, and which are slips.
//!
//! An exercise that teaches a rule (the generals never face each other, the king never
//! bonds) fails when the player tries the move the rule forbids
//! ([`crate::Failure::IllegalMoveTried`]). A typo, a tap on the wrong point or a piece sent
//! where it could never go teaches nothing and fails nothing: it is refused, and the player
//! tries again. The terminal's move text and the phone's taps both ask this one place.

use rodina_rules::friendly::{Role, Square, StepError};
use rodina_rules::{AnyGame, IllegalMoveReason, ParseMoveError, PlayError, Position};

/// Whether the rules refuse a move in `game` for a reason of their own that a course can
/// teach, rather than as a slip: the generals would face each other, the general would stay
/// in or walk into check, the history forbids it, or (Friendly chess) the king would step
/// into a bond. A move the piece could never make (not its way of moving, a point it cannot
/// reach, no piece or not the player's), a text that names nothing, and the notes of a
/// record are slips.
pub fn forbidden_by_rule(game: &AnyGame, reason: &IllegalMoveReason) -> bool {
    match reason {
        IllegalMoveReason::GeneralsFace
        | IllegalMoveReason::StaysInCheck
        | IllegalMoveReason::LeavesCheck
        | IllegalMoveReason::LeavesGeneralAttacked
        | IllegalMoveReason::Forbidden => true,
        IllegalMoveReason::Step { error: StepError::IllegalStep { from, to }, .. } => {
            king_would_bond(game, *from, *to)
        }
        IllegalMoveReason::NoPiece { .. }
        | IllegalMoveReason::NotYourPiece { .. }
        | IllegalMoveReason::CannotReach { .. }
        | IllegalMoveReason::NoWxfMatch
        | IllegalMoveReason::RevealMissing
        | IllegalMoveReason::RevealsNothing
        | IllegalMoveReason::CapturesNothing
        | IllegalMoveReason::CaptureNoteMisfit
        | IllegalMoveReason::RecordDisagrees { .. }
        | IllegalMoveReason::View(_)
        | IllegalMoveReason::OwedPromotionElsewhere { .. }
        | IllegalMoveReason::PromotionOwedFirst { .. }
        | IllegalMoveReason::Step { .. }
        | IllegalMoveReason::NoMoveLeadsThere
        | IllegalMoveReason::WonByLeavingCentre { .. }
        | IllegalMoveReason::NoKnightLeft { .. }
        | IllegalMoveReason::NoKnight { .. }
        | IllegalMoveReason::NotAKnightJump { .. }
        | IllegalMoveReason::OwnKnightThere { .. }
        | IllegalMoveReason::NotLegal => false,
    }
}

/// Whether playing a move text in `game` failed because the rules forbid the move for a
/// reason of their own ([`forbidden_by_rule`]), rather than because the text is a slip.
pub fn is_forbidden_try(game: &AnyGame, error: &PlayError) -> bool {
    match error {
        PlayError::Text(ParseMoveError::Illegal { reason, .. }) => forbidden_by_rule(game, reason),
        PlayError::Forbidden { .. } => true,
        PlayError::Text(_)
        | PlayError::IllegalMove { .. }
        | PlayError::Chance { .. }
        | PlayError::GameOver => false,
    }
}

/// Whether a refused step from `from` to `to` is the king stepping onto a neighbouring
/// square that holds an enemy piece (a single or a bond): a king's step in every other way,
/// refused only because a king never bonds (Friendly chess). The rules name every refused
/// step alike, so the position tells this one apart.
fn king_would_bond(game: &AnyGame, from: Square, to: Square) -> bool {
    let AnyGame::Friendly(g) = game else { return false };
    let pos = g.position();
    let us = pos.turn();
    let neighbour =
        from != to && from.file().abs_diff(to.file()) <= 1 && from.rank().abs_diff(to.rank()) <= 1;
    neighbour && pos.cell(from).get(us) == Some(Role::King) && pos.cell(to).get(!us).is_some()
}

#[cfg(test)]
mod tests {
    use rodina_rules::Variant;

    use super::*;

    fn game(variant: Variant, fen: &str) -> AnyGame {
        AnyGame::replay(variant, None, fen, &[], None).expect("a position")
    }

    /// Whether playing `text` in `game` is refused as a try at a forbidden move.
    fn tried(game: &AnyGame, text: &str) -> bool {
        let mut g = game.clone();
        let error = g.play_text(text).expect_err("refused");
        is_forbidden_try(game, &error)
    }

    #[test]
    fn a_move_the_rules_forbid_is_a_try_and_a_slip_is_not() {
        // The horse between the generals is pinned: each of its moves is a try; a point it
        // cannot reach, a typo and no move at all are slips.
        let x = game(Variant::Xiangqi, "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
        assert!(tried(&x, "e5c6"));
        assert!(!tried(&x, "e5e9"));
        assert!(!tried(&x, "a1a1"));
        assert!(!tried(&x, "nonsense"));
        assert!(!tried(&x, "d1d2"), "no piece there");
        // Friendly chess: the king stepping into a single or a bond is a try; a step no king
        // makes, onto its own piece or into nothing, is a slip.
        let f = game(Variant::Friendly, "4k3/8/8/8/8/8/3n4/4K2R w - - - 0 1");
        assert!(tried(&f, "e1d2"));
        assert!(!tried(&f, "e1a5"));
        assert!(!tried(&f, "h1h1"));
        assert!(!tried(&f, "e1"));
        let bond = game(Variant::Friendly, "4k3/7p/8/8/8/8/3(Pn)4/4K3 w - - - 0 1");
        assert!(tried(&bond, "e1d2"));
        // Jeson Mor names no rule a knight could break: every refusal is a slip.
        let j = game(Variant::JesonMor, "n8/9/9/9/9/9/9/9/4N4 w - - 0 1");
        assert!(!tried(&j, "e1e3"));
        assert!(!tried(&j, "e1e1"));
    }
}
