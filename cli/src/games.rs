//! The subcommands, written once for every game through the [`CliGame`] trait.

use rodina_rules::jeson_mor::{Move as JesonMorMove, Square as JesonMorSquare};
use rodina_rules::xiangqi::{Handicap, Move as XiangqiMove, Square};
use rodina_rules::{Color, Friendly, Game, JesonMor, Position, Variant, Xiangqi};
use serde_json::json;

use crate::PositionArgs;

/// What the command line needs from a game beyond [`Position`].
pub trait CliGame: Position {
    /// The start position.
    fn start() -> Self;

    /// The start position with a named handicap, if the game has handicaps.
    fn start_with_handicap(name: &str) -> Result<Self, String> {
        Err(format!("{} has no handicap {name:?}", Self::start().variant()))
    }

    /// Perft, by the fastest counter the game has.
    fn count_nodes(&self, depth: u32) -> u64 {
        rodina_rules::perft(self, depth)
    }

    /// The board as text for a terminal, with the last move marked.
    fn draw(&self, last: Option<&Self::Move>, color: bool) -> String;

    /// The move as people write it (WXF for Xiangqi).
    fn move_for_people(&self, m: &Self::Move) -> String {
        self.move_text(m)
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
}

/// Builds the game the arguments describe: start or FEN, then the moves.
pub fn load<P: CliGame>(args: &PositionArgs, handicap: Option<&str>) -> Result<Game<P>, String> {
    if args.rules.is_some() || args.deal_seed.is_some() {
        return Err(format!("{} has no rule sets or shuffle", P::start().variant()));
    }
    let start = match (&args.fen, handicap) {
        (Some(_), Some(_)) => return Err("give either --fen or --handicap, not both".into()),
        (Some(fen), None) => P::from_fen(fen).map_err(|e| format!("bad --fen: {e}"))?,
        (None, Some(h)) => P::start_with_handicap(h)?,
        (None, None) => P::start(),
    };
    let mut game = Game::new(start);
    for (i, text) in args.moves.iter().enumerate() {
        let m = game
            .position()
            .parse_move(text)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        game.play(&m).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    Ok(game)
}

macro_rules! dispatch {
    ($variant:expr, $f:ident ( $($arg:expr),* )) => {
        match $variant {
            Variant::Xiangqi => $f::<Xiangqi>($($arg),*),
            Variant::Jieqi => crate::jieqi::$f($($arg),*),
            Variant::JesonMor => $f::<JesonMor>($($arg),*),
            Variant::Friendly => $f::<Friendly>($($arg),*),
        }
    };
}

/// `rodina perft`.
pub fn perft(
    variant: Variant,
    args: &PositionArgs,
    depth: u32,
    divide: bool,
) -> Result<(), String> {
    dispatch!(variant, perft_game(args, depth, divide))
}

fn perft_game<P: CliGame>(args: &PositionArgs, depth: u32, divide: bool) -> Result<(), String> {
    let game = load::<P>(args, None)?;
    let pos = game.position();
    if divide && depth >= 1 {
        let mut rows: Vec<(String, u64)> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                (pos.move_text(m), next.count_nodes(depth - 1))
            })
            .collect();
        rows.sort();
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        for (m, n) in rows {
            println!("{m}: {n}");
        }
        println!();
        println!("{total}");
    } else {
        println!("{}", pos.count_nodes(depth));
    }
    Ok(())
}

/// `rodina moves`.
pub fn moves(variant: Variant, args: &PositionArgs, as_json: bool) -> Result<(), String> {
    dispatch!(variant, moves_game(args, as_json))
}

fn moves_game<P: CliGame>(args: &PositionArgs, as_json: bool) -> Result<(), String> {
    let game = load::<P>(args, None)?;
    let pos = game.position();
    let mut texts: Vec<String> = game.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    if as_json {
        println!("{}", json!(texts));
    } else {
        for t in texts {
            println!("{t}");
        }
    }
    Ok(())
}

/// `rodina status`.
pub fn status(variant: Variant, args: &PositionArgs) -> Result<(), String> {
    dispatch!(variant, status_game(args))
}

/// The status object of a game, as `rodina status` prints it.
pub fn status_json<P: CliGame>(game: &Game<P>) -> serde_json::Value {
    let pos = game.position();
    let v = pos.variant();
    let outcome = game.outcome();
    json!({
        "fen": pos.fen(),
        "to_move": v.color_name(pos.turn()),
        "in_check": pos.is_check(),
        "outcome": outcome.map_or("ongoing", |o| o.kind_str()),
        "winner": outcome.and_then(|o| o.winner()).map(|c| v.color_name(c)),
        "reason": outcome.map(|o| o.reason_str()),
    })
}

fn status_game<P: CliGame>(args: &PositionArgs) -> Result<(), String> {
    let game = load::<P>(args, None)?;
    println!("{}", status_json(&game));
    Ok(())
}

/// `rodina play`.
pub fn play(variant: Variant, args: &PositionArgs, handicap: Option<&str>) -> Result<(), String> {
    dispatch!(variant, play_game(args, handicap))
}

fn play_game<P: CliGame>(args: &PositionArgs, handicap: Option<&str>) -> Result<(), String> {
    let game = load::<P>(args, handicap)?;
    crate::play::run(game)
}

impl CliGame for Xiangqi {
    fn start() -> Self {
        Xiangqi::new()
    }

    fn start_with_handicap(name: &str) -> Result<Self, String> {
        Ok(Xiangqi::with_handicap(name.parse::<Handicap>()?))
    }

    fn count_nodes(&self, depth: u32) -> u64 {
        self.perft(depth)
    }

    fn draw(&self, last: Option<&XiangqiMove>, color: bool) -> String {
        let in_check = self.is_check().then(|| self.general(self.turn()));
        let mut out = draw_xiangqi_board(
            |s| self.piece_at(s).map(|p| (p.color, p.char())),
            last.map(|m| (m.from, m.to)),
            in_check,
            color,
        );
        out.push_str(
            "Red is upper case. K general, A advisor, B elephant, N horse, R chariot, C cannon, P soldier.\n",
        );
        out
    }

    fn move_for_people(&self, m: &XiangqiMove) -> String {
        format!("{} ({})", self.to_wxf(*m), m)
    }

    fn input_hint() -> &'static str {
        "type a move as coordinates (h3e3) or WXF (C2=5)"
    }
}

impl CliGame for JesonMor {
    fn start() -> Self {
        JesonMor::new()
    }

    fn count_nodes(&self, depth: u32) -> u64 {
        self.perft(depth)
    }

    /// The board with the centre e5 marked `( )` (a `+` when empty), the last move `[ ]`,
    /// and a line saying who threatens to win by the centre, since that is the game's point.
    fn draw(&self, last: Option<&JesonMorMove>, color: bool) -> String {
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
                let cell = match self.piece_at(s) {
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
        if self.holds_centre() {
            out.push_str(&format!(
                "{}'s knight on e5 survived the reply: moving it away wins.\n",
                name(self.turn())
            ));
        } else if let Some(c) = self.centre_knight() {
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
pub(crate) fn draw_xiangqi_board(
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
