//! Friendly chess on the command line: the board with its bonds, and moves entered step by
//! step when a chain goes on.

use rodina_rules::friendly::{
    Cell, Friendly, Lifted, Move, MoveInput, Role, Square, StepResult, TargetKind,
};
use rodina_rules::{Color, Game};

use crate::terminal::Terminal;

/// Draws the board: a single as its letter, a bond as its two letters (White's first), the
/// last move's squares in brackets, a threatened king between `!`, and the piece in hand
/// (`hand`) with `^` over the square it hovers over.
fn draw_board(
    cell: impl Fn(Square) -> Cell,
    marked: impl Fn(Square) -> bool,
    threatened: impl Fn(Square) -> bool,
    hand: Option<Lifted>,
    color: bool,
) -> String {
    let mut out = String::from("     a   b   c   d   e   f   g   h\n");
    for rank in (0..8u8).rev() {
        out.push_str(&format!(" {}  ", rank + 1));
        for file in 0..8u8 {
            let Some(s) = Square::new(file, rank) else { continue };
            let c = cell(s);
            let paint = |role: Role, white: bool| {
                let ch = if white { role.upper_char() } else { role.char() };
                if color && white { format!("\x1b[1;33m{ch}\x1b[0m") } else { ch.to_string() }
            };
            let content = match (c.white, c.black) {
                (Some(w), Some(b)) => format!("{}{}", paint(w, true), paint(b, false)),
                (Some(w), None) => format!("{} ", paint(w, true)),
                (None, Some(b)) => format!("{} ", paint(b, false)),
                (None, None) => ". ".to_owned(),
            };
            let (l, r) = if hand.is_some_and(|h| h.square == s) {
                ('^', '^')
            } else if threatened(s) {
                ('!', '!')
            } else if marked(s) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            out.push(l);
            out.push_str(&content);
            out.push(r);
        }
        out.push_str(&format!(" {}\n", rank + 1));
    }
    out.push_str("     a   b   c   d   e   f   g   h\n");
    out.push_str(
        "White is upper case. A bond shows both pieces (White's first). K king, Q queen, R rook, B bishop, N knight, P pawn.\n",
    );
    if let Some(h) = hand {
        let what = if h.released { "released, hovering over" } else { "lifted from" };
        let partner =
            h.partner.map(|p| format!(" with its partner {}", p.role.name())).unwrap_or_default();
        out.push_str(&format!(
            "In hand: the {} {}{partner}, {what} {} (^).\n",
            h.piece.color,
            h.piece.role.name(),
            h.square
        ));
    }
    out
}

impl Terminal for Friendly {
    fn draw(record: &Game<Self>, color: bool) -> String {
        let pos = record.position();
        let last = record.moves().last();
        let marked = |s: Square| {
            last.is_some_and(|m| m.from() == s || m.steps().iter().any(|st| st.to == s))
        };
        let threatened_kings: Vec<Square> =
            Color::ALL.into_iter().filter(|&c| pos.is_threatened(c)).map(|c| pos.king(c)).collect();
        draw_board(|s| pos.cell(s), marked, |s| threatened_kings.contains(&s), None, color)
    }

    fn input_hint() -> &'static str {
        "type a move (e2e4; a chain d2d4>f6; a promotion e7e8=Q; castling 0-0), or only its \
beginning (d2, or d2d4 when d4 is a bond) to go on step by step"
    }

    fn step_by_step(
        &self,
        text: &str,
        color: bool,
        ask: &mut dyn FnMut(&str) -> Option<String>,
    ) -> Option<Result<Move, String>> {
        let mut input = self.move_input();
        let mut pending = Some(text.trim().to_owned());
        loop {
            let line = match pending.take() {
                Some(l) => l,
                None => {
                    println!();
                    print!(
                        "{}",
                        draw_board(|s| input.cell(s), |_| false, |_| false, input.lifted(), color)
                    );
                    let prompt = describe(&input);
                    match ask(&prompt) {
                        Some(l) => l.trim().to_owned(),
                        None => return Some(Err("input ended in the middle of a move".into())),
                    }
                }
            };
            match line.as_str() {
                "" => continue,
                "restart" => {
                    input.restart();
                    println!("Move restarted.");
                    continue;
                }
                "cancel" => return Some(Err("move cancelled".into())),
                _ => {}
            }
            // A single piece letter answers the owed promotion.
            let result = match (input.owed_promotion(), Role::from_char(line.chars().next()?)) {
                (Some(_), Some(role)) if line.len() == 1 => {
                    input.choose_owed(role).map(|()| None).map_err(|e| e.to_string())
                }
                _ => input.apply_text(&line).map_err(|e| e.to_string()),
            };
            match result {
                Ok(Some(StepResult::Finished { mv, .. })) => return Some(Ok(mv)),
                Ok(_) => {}
                Err(e) => println!("Refused: {e}."),
            }
        }
    }
}

/// The prompt for the next part of a move.
fn describe(input: &MoveInput) -> String {
    let cancel = "(`restart` starts the move over, `cancel` leaves it)";
    if let Some(sq) = input.owed_promotion() {
        let choices: Vec<String> =
            input.owed_choices().iter().map(|r| r.upper_char().to_string()).collect();
        return format!(
            "Your pawn on {sq} was carried to its last rank: choose its piece ({}) {cancel}> ",
            choices.join(", ")
        );
    }
    match input.lifted() {
        None => {
            let starts: Vec<String> = input.starts().iter().map(|s| s.to_string()).collect();
            format!("Lift a piece: {} {cancel}> ", starts.join(" "))
        }
        Some(h) => {
            let targets: Vec<String> = input
                .targets()
                .iter()
                .map(|t| {
                    let kind = match t.kind {
                        TargetKind::Land | TargetKind::CarryBond => "",
                        TargetKind::Bond => " (bond)",
                        TargetKind::Win => " (bonds the king: wins)",
                        TargetKind::Replace => " (releases)",
                        TargetKind::EnPassant => " (en passant)",
                        TargetKind::Castle => " (castles)",
                    };
                    let promo = if t.promotions.is_empty() { "" } else { "=Q|R|B|N" };
                    format!("{}{promo}{kind}", t.to)
                })
                .collect();
            let who = if h.released { "The released" } else { "The" };
            format!(
                "{who} {} on {} goes to: {} {cancel}> ",
                h.piece.role.name(),
                h.square,
                targets.join(", ")
            )
        }
    }
}
