//! How each game looks in a terminal: the one trait the `play` loop asks for what differs
//! between the games, implemented by what a seat sees of each (an open game's position, a
//! Jieqi view).

use rodina_rules::jeson_mor::{Move as JesonMorMove, Square as JesonMorSquare};
use rodina_rules::jieqi::{CapturedVisibility, JieqiView, MoveEvent, Pool};
use rodina_rules::xiangqi::{Move as XiangqiMove, Role, Square};
use rodina_rules::{Color, Game, JesonMor, Position, View, Xiangqi};

/// What the `play` loop needs from a game's view beyond the rules.
pub trait Terminal: View {
    /// The record's current position as text for a terminal, the last move marked; with
    /// `color`, in colour.
    fn draw(record: &Game<Self>, color: bool) -> String;

    /// A move as people write it, before it is played (WXF with the coordinates in Xiangqi).
    fn move_name(&self, m: &Self::Move) -> String {
        self.move_text(m)
    }

    /// A move played, as people write it, from the positions before and after it (Jieqi: with
    /// what it revealed and captured, as this seat knows it).
    fn ply_for_people(before: &Self, _after: &Self, m: &Self::Move) -> String {
        before.move_name(m)
    }

    /// A one-line hint on how to type moves.
    fn input_hint() -> &'static str;

    /// Completes a move of which `text` is only the beginning by asking for the rest step by
    /// step (`ask` prints a prompt and reads a line). `None` when the game has no such input.
    fn step_by_step(
        &self,
        _text: &str,
        _color: bool,
        _ask: &mut dyn FnMut(&str) -> Option<String>,
    ) -> Option<Result<Self::Move, String>> {
        None
    }

    /// What the last move of `record` did, in words for the seat whose record it is, in a game
    /// where the board does not say it all (what a reveal turned up, what was taken face
    /// down). `you`: that seat made the move; `mover` names the side that did.
    fn tell(_record: &Game<Self>, _mover: &str, _you: bool) -> Option<String> {
        None
    }
}

impl Terminal for Xiangqi {
    fn draw(record: &Game<Self>, color: bool) -> String {
        let pos = record.position();
        let last = record.moves().last().map(|m| (m.from, m.to));
        let in_check = pos.is_check().then(|| pos.general(pos.turn()));
        let mut out = draw_xiangqi_board(
            |s| pos.piece_at(s).map(|p| (p.color, p.char())),
            last,
            in_check,
            color,
        );
        out.push_str(
            "Red is upper case. K general, A advisor, B elephant, N horse, R chariot, C cannon, P soldier.\n",
        );
        out
    }

    fn move_name(&self, m: &XiangqiMove) -> String {
        format!("{} ({})", self.to_wxf(*m), m)
    }

    fn input_hint() -> &'static str {
        "type a move as coordinates (h3e3) or WXF (C2=5)"
    }
}

impl Terminal for JieqiView {
    /// The board as this seat sees it, with what it knows beside: the lost pieces and the
    /// identities that can still be face down.
    fn draw(record: &Game<Self>, color: bool) -> String {
        let view = record.position();
        let last = view.last_event();
        let in_check = view.is_check().then(|| view.general(view.turn()));
        let mut out = draw_xiangqi_board(
            |s| view.cell_at(s).map(|c| (c.color(), c.char())),
            last.map(|e| (e.mv.from, e.mv.to)),
            in_check,
            color,
        );
        out.push_str(
            "Red is upper case. X/x face down (moves as the piece of its point). K general, \
             A advisor, B elephant, N horse, R chariot, C cannon, P soldier.\n",
        );
        for c in Color::ALL {
            let lost: Vec<String> =
                view.captured().iter().filter(|p| p.color == c).map(|p| p.token()).collect();
            if !lost.is_empty() {
                out.push_str(&format!(
                    "{} has lost: {}   (in brackets: taken face down; x: identity unseen)\n",
                    side(c),
                    lost.join(" ")
                ));
            }
        }
        out.push_str(&format!(
            "Can still be face down: Red {}; Black {}.\n",
            pool_text(view.pool(Color::White)),
            pool_text(view.pool(Color::Black))
        ));
        out
    }

    /// The move with what it revealed and took, as this seat knows it (`b3b10=Cx(x)`).
    fn ply_for_people(before: &Self, after: &Self, m: &rodina_rules::jieqi::Move) -> String {
        Self::ply_text(before, after, m)
    }

    fn input_hint() -> &'static str {
        "type a move as coordinates (h3e3)"
    }

    fn tell(record: &Game<Self>, mover: &str, you: bool) -> Option<String> {
        let view = record.position();
        let told = tell(view.last_event()?, view.rules().captured_visibility, mover, you);
        (!told.is_empty()).then_some(told)
    }
}

fn side(c: Color) -> &'static str {
    if c == Color::White { "Red" } else { "Black" }
}

fn pool_text(pool: Pool) -> String {
    let parts: Vec<String> =
        pool.iter().map(|(r, n)| format!("{}{n}", r.char().to_ascii_uppercase())).collect();
    if parts.is_empty() { "none".into() } else { parts.join(" ") }
}

/// "a horse", "an advisor".
fn a(role: Role) -> String {
    let name = role.name();
    let article = if name.starts_with(['a', 'e']) { "an" } else { "a" };
    format!("{article} {name}")
}

/// What a move did, in words for one seat: the mover (`you`) or the other player. The mover
/// hears the move and what it did; the other player only what it did (the move itself is
/// announced with the mover's name).
fn tell(ev: &MoveEvent, visibility: CapturedVisibility, mover: &str, you: bool) -> String {
    let mut out = if you { format!("You played {}.", ev.mv) } else { String::new() };
    let mut sentence = |s: String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&s);
    };
    if let Some(r) = ev.revealed {
        sentence(format!("It turned up {}.", a(r)));
    }
    let took = if you { "You took".to_owned() } else { format!("{mover} took") };
    if let Some(c) = ev.captured {
        sentence(match (c.face_down, c.role) {
            (true, Some(r)) if you => format!("{took} a face-down piece: {}. Only you know.", a(r)),
            (true, Some(r)) => format!("{took} a face-down piece: {}.", a(r)),
            (true, None) if visibility == CapturedVisibility::Nobody => {
                format!("{took} a face-down piece; nobody sees what it was.")
            }
            (true, None) => format!("{took} a face-down piece; only {mover} sees what it was."),
            (false, Some(r)) => format!("{took} {}.", a(r)),
            (false, None) => format!("{took} a piece."),
        });
    }
    out
}

impl Terminal for JesonMor {
    /// The board with the centre e5 marked `( )` (a `+` when empty), the last move `[ ]`,
    /// and a line saying who threatens to win by the centre, since that is the game's point.
    fn draw(record: &Game<Self>, color: bool) -> String {
        let pos = record.position();
        let last: Option<&JesonMorMove> = record.moves().last();
        let marked = |s: JesonMorSquare| last.is_some_and(|m| m.from == s || m.to == s);
        let mut out = String::from("    a  b  c  d  e  f  g  h  i\n");
        for rank in (0..9u8).rev() {
            out.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..9u8 {
                let Some(s) = JesonMorSquare::new(file, rank) else { continue };
                let centre = s == JesonMorSquare::E5;
                let (l, r) = if marked(s) {
                    ('[', ']')
                } else if centre {
                    ('(', ')')
                } else {
                    (' ', ' ')
                };
                let cell = match pos.piece_at(s) {
                    None if centre => "+".to_owned(),
                    None => ".".to_owned(),
                    Some(Color::White) if color => "\x1b[1;31mN\x1b[0m".to_owned(),
                    Some(Color::Black) if color => "\x1b[1;32mn\x1b[0m".to_owned(),
                    Some(Color::White) => "N".to_owned(),
                    Some(Color::Black) => "n".to_owned(),
                };
                out.push(l);
                out.push_str(&cell);
                out.push(r);
            }
            out.push_str(&format!(" {}\n", rank + 1));
        }
        out.push_str("    a  b  c  d  e  f  g  h  i\n");
        out.push_str("Red is upper case (N), Green lower case (n). The centre e5 is marked ( ).\n");
        let name = |c: Color| if c == Color::White { "Red" } else { "Green" };
        if pos.holds_centre() {
            out.push_str(&format!(
                "{}'s knight on e5 survived the reply: moving it away wins.\n",
                name(pos.turn())
            ));
        } else if let Some(c) = pos.centre_knight() {
            out.push_str(&format!(
                "{}'s knight is on e5: unless {} takes it, moving it away next turn wins.\n",
                name(c),
                name(!c)
            ));
        }
        out
    }

    fn input_hint() -> &'static str {
        "type a move as coordinates (c1d3)"
    }
}

/// A Xiangqi board (Xiangqi's and Jieqi's) as text: `piece` gives the colour and letter on a
/// point, the last move's points are bracketed, a general in check stands between `!`, and
/// with `color` Red's pieces are drawn red.
fn draw_xiangqi_board(
    piece: impl Fn(Square) -> Option<(Color, char)>,
    last: Option<(Square, Square)>,
    in_check: Option<Square>,
    color: bool,
) -> String {
    let marked = |s: Square| last.is_some_and(|(from, to)| from == s || to == s);
    let mut out = String::from("     a  b  c  d  e  f  g  h  i\n");
    for rank in (0..10u8).rev() {
        out.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..9u8 {
            let Some(s) = Square::new(file, rank) else { continue };
            let (l, r) = if in_check == Some(s) {
                ('!', '!')
            } else if marked(s) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let cell = match piece(s) {
                None => ".".to_owned(),
                Some((Color::White, c)) if color => format!("\x1b[1;31m{c}\x1b[0m"),
                Some((_, c)) => c.to_string(),
            };
            out.push(l);
            out.push_str(&cell);
            out.push(r);
        }
        out.push_str(&format!(" {}\n", rank + 1));
        if rank == 5 {
            out.push_str("     ~~~~~~~~~ river ~~~~~~~~~\n");
        }
    }
    out.push_str("     a  b  c  d  e  f  g  h  i\n");
    out
}
