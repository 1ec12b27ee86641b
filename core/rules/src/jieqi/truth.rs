//! The true state of a Jieqi game: every identity, face down or face up.

use std::fmt;
use std::str::FromStr;

use rand_core::RngCore;

use super::record;
use super::setup::{
    Placement, Setup, SetupCell, at_most_initial, fen_order, initial, missing, place, write_fen,
};
use super::types::{CaptureList, CapturedPiece, Cell, HIDDEN_ROLES, MoveEvent, Pool};
use super::view::JieqiView;
use super::{CapturedVisibility, Public, Rules, Tally, start_points, start_role};
use crate::xiangqi::{Move, Piece, Role, Square};
use crate::xiangqi_family::board::Board;
use crate::xiangqi_family::chase::OnBoard;
use crate::{
    Color, IllegalMoveReason, NewGameError, ParseFenError, ParseMoveError, Position, Seat,
    SetupError, Start, Truth, Variant,
};

/// A uniform random number below `n` (`n > 0`), without the bias of a plain remainder.
fn below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    // Values at or above the largest multiple of `n` would favour small results: draw again.
    let zone = u32::MAX - (u32::MAX - n + 1) % n;
    loop {
        let v = rng.next_u32();
        if v <= zone {
            return v % n;
        }
    }
}

/// Shuffles `items` uniformly (Fisher-Yates).
fn shuffle<T, R: RngCore + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// The start position as everyone sees it: generals face up, every other piece face down on
/// its starting point, Red to move.
pub(crate) fn start_public(rules: Rules) -> Public {
    let mut board = Board::empty();
    let mut face_down = 0;
    for color in Color::ALL {
        for s in start_points(color) {
            if let Some(role) = start_role(color, s) {
                board.put(s, Piece { color, role });
                face_down |= 1u128 << s.index();
            }
        }
    }
    board.put(Square::from_u8(4), Piece { color: Color::White, role: Role::General });
    board.put(Square::from_u8(85), Piece { color: Color::Black, role: Role::General });
    Public::new(board, face_down, Color::White, 0, 1, rules)
}

/// The true state of a Jieqi game: the board, the identity of every face-down piece, every
/// captured piece, the side to move, the counters and the rules.
///
/// This is what the server (or the phone, for a local game) keeps; it must never be shown to
/// a player. Hand out [`Jieqi::view`] instead. Its [`Position`] implementation makes
/// [`Game<Jieqi>`](crate::Game) the game record: each ply's position knows what its move revealed and
/// captured ([`Jieqi::last_event`]), and the repetition and Tencent rules read it.
#[derive(Clone, PartialEq, Eq)]
pub struct Jieqi {
    pub(crate) public: Public,
    /// The identity of the face-down piece on each point.
    identity: [Option<Role>; 90],
    captured: CaptureList,
    last: Option<MoveEvent>,
}

impl Jieqi {
    /// A new game under `rules`: each side's fifteen pieces other than the general shuffled
    /// face down on its starting points, every arrangement equally likely. The randomness
    /// comes from `rng`: a seeded generator in tests, the operating system's secure generator
    /// for real games (online, the server's).
    pub fn shuffled<R: RngCore + ?Sized>(rng: &mut R, rules: Rules) -> Jieqi {
        let public = start_public(rules);
        let mut identity = [None; 90];
        for color in Color::ALL {
            let mut roles: Vec<Role> = Pool::FULL.roles().collect();
            shuffle(&mut roles, rng);
            for (s, role) in start_points(color).zip(roles) {
                identity[s.index()] = Some(role);
            }
        }
        Jieqi { public, identity, captured: CaptureList::new(), last: None }
    }

    /// A true position consistent with `view`: the identities the seat cannot know (its
    /// face-down pieces, the opponent's, and captured face-down pieces it did not see) drawn
    /// uniformly from the view's pools. A bot can sample positions this way; the command line
    /// uses it to play on from a view FEN. The view of the result for the view's seat is the
    /// view itself.
    pub fn deal<R: RngCore + ?Sized>(view: &JieqiView, rng: &mut R) -> Jieqi {
        let public = view.public.clone();
        let mut identity = [None; 90];
        let mut captured = view.captured;
        for color in Color::ALL {
            let mut roles: Vec<Role> = view.pool(color).roles().collect();
            shuffle(&mut roles, rng);
            let mut roles = roles.into_iter();
            for s in Square::all() {
                if public.is_face_down(s)
                    && public.board.piece_at(s).is_some_and(|p| p.color == color)
                {
                    identity[s.index()] = roles.next();
                }
            }
            for c in captured.as_mut_slice() {
                if c.color == color && c.role.is_none() {
                    c.role = roles.next();
                }
            }
        }
        let mut last = view.last_event().copied();
        if let Some(ev) = &mut last {
            if let (Some(c), Some(&known)) = (&mut ev.captured, captured.as_slice().last()) {
                *c = known;
            }
        }
        Jieqi { public, identity, captured, last }
    }

    /// Checks a setup (a full FEN) and turns it into a position under `rules`.
    ///
    /// Without a captured field, the pieces missing from the board count as captured face up.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Jieqi, SetupError> {
        if setup.pool.is_some() {
            return Err(SetupError::ViewFenAsTruth);
        }
        let Placement { public, face_up, .. } = place(setup, rules)?;
        let mut identity = [None; 90];
        let mut hidden = [[0u8; 8]; 2];
        for s in Square::all() {
            if let Some(SetupCell::FaceDown { color, identity: id }) = setup.board[s.index()] {
                let role = id.ok_or(SetupError::IdentityMissing { square: s.into() })?;
                identity[s.index()] = Some(role);
                hidden[color.index()][role as usize] += 1;
            }
        }
        let mut captured = CaptureList::new();
        for color in Color::ALL {
            let ci = color.index();
            for role in HIDDEN_ROLES {
                let on_board =
                    u32::from(face_up[ci][role as usize]) + u32::from(hidden[ci][role as usize]);
                at_most_initial(color, role, on_board)?;
                if setup.captured.is_none() {
                    for _ in on_board..u32::from(initial(role)) {
                        captured.push(CapturedPiece { color, role: Some(role), face_down: false });
                    }
                }
            }
        }
        if let Some(list) = &setup.captured {
            let mut fallen = [[0u32; 8]; 2];
            for c in list {
                let role = c.role.ok_or(SetupError::UnknownCaptureInTruth)?;
                fallen[c.color.index()][role as usize] += 1;
                captured.push(*c);
            }
            for color in Color::ALL {
                let ci = color.index();
                for role in HIDDEN_ROLES {
                    let n = u32::from(face_up[ci][role as usize])
                        + u32::from(hidden[ci][role as usize])
                        + fallen[ci][role as usize];
                    at_most_initial(color, role, n)?;
                    if n != u32::from(initial(role)) {
                        return Err(missing(color, role, n, Tally::BoardAndCaptured));
                    }
                }
            }
        }
        Ok(Jieqi { public, identity, captured, last: None })
    }

    /// Reads a full FEN under `rules`.
    pub fn from_fen_with_rules(fen: &str, rules: Rules) -> Result<Jieqi, ParseFenError> {
        Ok(Jieqi::from_setup(&Setup::parse(fen)?, rules)?)
    }

    /// The setup this position would be written as (a full FEN).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 90];
        for (s, cell) in self.public.cells() {
            board[s.index()] = Some(match cell {
                Cell::FaceUp(p) => SetupCell::FaceUp(p),
                Cell::FaceDown(color) => {
                    SetupCell::FaceDown { color, identity: self.identity[s.index()] }
                }
            });
        }
        Setup {
            board,
            turn: self.public.turn,
            pool: None,
            captured: Some(self.captured.as_slice().to_vec()),
            halfmove_clock: self.public.halfmove_clock,
            fullmove_number: self.public.fullmove_number,
        }
    }

    /// The rules of the game.
    pub fn rules(&self) -> Rules {
        self.public.rules
    }

    /// The same position under other rules.
    pub fn with_rules(mut self, rules: Rules) -> Jieqi {
        self.public.rules = rules;
        self.public.set_free_marks();
        self
    }

    /// The piece a piece on `s` moves as, as everyone sees it: its identity if face up, the
    /// piece of its point if face down.
    pub fn mover_at(&self, s: Square) -> Option<Piece> {
        self.public.board.piece_at(s)
    }

    /// What stands on `s`, as everyone sees it.
    pub fn cell_at(&self, s: Square) -> Option<Cell> {
        self.public.cell_at(s)
    }

    /// The true piece on `s`: for a face-down piece, what it really is. Never show this to a
    /// player.
    pub fn true_piece_at(&self, s: Square) -> Option<Piece> {
        let p = self.public.board.piece_at(s)?;
        Some(match self.identity[s.index()] {
            Some(role) if self.public.is_face_down(s) => Piece { color: p.color, role },
            _ => p,
        })
    }

    /// Whether the piece on `s` is face down.
    pub fn is_face_down(&self, s: Square) -> bool {
        self.public.is_face_down(s)
    }

    /// Every piece with its point, as everyone sees it.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        self.public.cells()
    }

    /// The identities of `color`'s face-down pieces on the board. Never show this to a player.
    pub fn hidden(&self, color: Color) -> Pool {
        let mut pool = Pool::EMPTY;
        for (s, cell) in self.public.cells() {
            if cell == Cell::FaceDown(color) {
                if let Some(role) = self.identity[s.index()] {
                    pool.add(role);
                }
            }
        }
        pool
    }

    /// Every captured piece with its identity, in the order they fell.
    pub fn captured(&self) -> &[CapturedPiece] {
        self.captured.as_slice()
    }

    /// What the move that led here did (with every identity), if the position was reached by
    /// a move.
    pub fn last_event(&self) -> Option<&MoveEvent> {
        self.last.as_ref()
    }

    /// What the legal move `m` would do: what it reveals and what it captures.
    pub fn event(&self, m: Move) -> MoveEvent {
        let revealed =
            if self.public.is_face_down(m.from) { self.identity[m.from.index()] } else { None };
        let captured = self.true_piece_at(m.to).map(|p| CapturedPiece {
            color: p.color,
            role: Some(p.role),
            face_down: self.public.is_face_down(m.to),
        });
        MoveEvent { mv: m, color: self.public.turn, revealed, captured }
    }

    /// The point of `color`'s general.
    pub fn general(&self, color: Color) -> Square {
        Square::from_u8(self.public.board.generals[color.index()])
    }

    /// Plies since the last capture (reveals do not reset it).
    pub fn halfmove_clock(&self) -> u32 {
        self.public.halfmove_clock
    }

    /// The move number (starts at 1, increases after Black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.public.fullmove_number
    }

    /// Whether `m` captures a piece.
    pub fn is_capture(&self, m: Move) -> bool {
        self.public.board.piece_at(m.to).is_some()
    }

    /// Whether `m` moves a face-down piece (and so turns it up).
    pub fn is_reveal(&self, m: Move) -> bool {
        self.public.is_face_down(m.from)
    }

    /// Reads a move of a game record: coordinates with the optional notes of
    /// [`MoveEvent::text`] (`b3b10=Cx(n)`), which must agree with what the move does here.
    /// This checks records against the truth; a player's input goes through
    /// [`Position::parse_move`], which takes no notes (a refused note would reveal an
    /// identity).
    pub fn parse_record_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let (m, revealed, captured) = record::parse_event_text(&self.public, text)?;
        let ev = self.event(m);
        let captured_ok =
            captured.is_none_or(|c| ev.captured.is_some_and(|t| t.face_down && t.role == Some(c)));
        if revealed.is_some_and(|r| ev.revealed != Some(r)) || !captured_ok {
            return Err(ParseMoveError::Illegal {
                text: text.to_owned(),
                reason: IllegalMoveReason::RecordDisagrees { record: ev },
            });
        }
        Ok(m)
    }
}

/// Whether `seat` sees the identity of `color`'s piece captured face down under `rules`.
pub(crate) fn knows_capture(rules: Rules, seat: Seat, color: Color) -> bool {
    rules.captured_visibility == CapturedVisibility::Capturer && seat == Seat::Player(!color)
}

/// A move event as `seat` knows it.
pub(crate) fn event_for(mut ev: MoveEvent, rules: Rules, seat: Seat) -> MoveEvent {
    if let Some(c) = &mut ev.captured {
        if c.face_down && !knows_capture(rules, seat, c.color) {
            c.role = None;
        }
    }
    ev
}

impl fmt::Debug for Jieqi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Jieqi({})", self.truth_fen())
    }
}

impl FromStr for Jieqi {
    type Err = ParseFenError;
    /// Reads a full FEN under the default rules.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        <Jieqi as Truth>::from_fen(s)
    }
}

impl OnBoard for Jieqi {
    fn board(&self) -> &Board {
        &self.public.board
    }
}

impl Position for Jieqi {
    const VARIANT: Variant = Variant::Jieqi;
    const FILES: u8 = 9;
    const RANKS: u8 = 10;
    type Move = Move;

    super::public_position!();

    fn play_unchecked(&mut self, m: &Move) {
        let ev = self.event(*m);
        self.identity[m.to.index()] = None;
        let revealed = self.identity[m.from.index()].take();
        self.public.apply(*m, revealed);
        if let Some(c) = ev.captured {
            self.captured.push(c);
        }
        self.last = Some(ev);
    }

    /// Nothing moved yet: every piece but the generals face down on its starting point.
    fn is_start(&self) -> bool {
        self.public == start_public(self.public.rules) && self.captured.as_slice().is_empty()
    }

    /// Reads a move of a game record: coordinates with the optional notes of
    /// [`MoveEvent::text`], which must agree with what the move does here.
    fn parse_ply(&self, text: &str) -> Result<(Move, Self), ParseMoveError> {
        let m = self.parse_record_move(text)?;
        let mut next = self.clone();
        next.play_unchecked(&m);
        Ok((m, next))
    }
}

impl Truth for Jieqi {
    const HIDES_INFORMATION: bool = true;
    type View = JieqiView;
    /// The rule set.
    type Options = Rules;

    /// What `seat` may know of this position (see [`JieqiView`]).
    fn view(&self, seat: Seat) -> JieqiView {
        let rules = self.public.rules;
        let mut captured = self.captured;
        for c in captured.as_mut_slice() {
            if c.face_down && !knows_capture(rules, seat, c.color) {
                c.role = None;
            }
        }
        let mut pool = [Pool::FULL; 2];
        for (_, cell) in self.public.cells() {
            if let Cell::FaceUp(p) = cell {
                if p.role != Role::General {
                    pool[p.color.index()].remove(p.role);
                }
            }
        }
        for c in captured.as_slice() {
            if let Some(role) = c.role {
                pool[c.color.index()].remove(role);
            }
        }
        let last = self.last.map(|ev| event_for(ev, rules, seat));
        JieqiView { public: self.public.clone(), seat, pool, captured, last }
    }

    /// The move as `seat` may know it: a face-down piece's capture names the piece only to
    /// the seat that sees it (`b3b10=Cx(n)` for the capturer, `b3b10=Cx(x)` for the others).
    fn ply_text_for(_before: &Self, after: &Self, m: &Move, seat: Seat) -> String {
        after.last.map_or_else(|| m.to_string(), |ev| event_for(ev, after.rules(), seat).text())
    }

    /// The full FEN, with the hidden identities (see the [module documentation](super)).
    fn truth_fen(&self) -> String {
        let mut third: String = fen_order()
            .filter(|&s| self.public.is_face_down(s))
            .filter_map(|s| self.true_piece_at(s).map(Piece::char))
            .collect();
        if third.is_empty() {
            third.push('-');
        }
        write_fen(&self.public, &third, self.captured.as_slice())
    }

    /// Reads a full FEN under the default rules (see [`Jieqi::from_fen_with_rules`]).
    fn from_fen(fen: &str) -> Result<Self, ParseFenError> {
        Jieqi::from_fen_with_rules(fen, Rules::DEFAULT)
    }

    /// A new shuffle from `rng`; a full FEN as it is; a view FEN with the identities its seat
    /// cannot know dealt from `rng` (the seat is the first that can hold the view: the side to
    /// move, the other side, a spectator).
    fn set_up(start: &Start, rules: &Rules, rng: &mut dyn RngCore) -> Result<Self, NewGameError> {
        let Start::Fen(text) = start else { return Ok(Jieqi::shuffled(rng, *rules)) };
        let setup = Setup::parse(text)?;
        if !setup.is_view() {
            return Ok(Jieqi::from_setup(&setup, *rules).map_err(ParseFenError::from)?);
        }
        let view = first_seat_view(&setup, *rules).map_err(ParseFenError::from)?;
        Ok(Jieqi::deal(&view, rng))
    }

    fn read_view(
        fen: &str,
        rules: &Rules,
        seat: Option<Seat>,
    ) -> Result<Option<JieqiView>, ParseFenError> {
        let setup = Setup::parse(fen)?;
        match seat {
            Some(seat) => Ok(Some(JieqiView::from_setup(&setup, seat, *rules)?)),
            None if setup.is_view() => Ok(Some(first_seat_view(&setup, *rules)?)),
            None => Ok(None),
        }
    }
}

/// The view a view setup describes, for the first seat that can hold it: the side to move,
/// the other side, a spectator. The first seat's error is the one to report when none can.
fn first_seat_view(setup: &Setup, rules: Rules) -> Result<JieqiView, SetupError> {
    JieqiView::from_setup(setup, Seat::Player(setup.turn), rules).or_else(|e| {
        [Seat::Player(!setup.turn), Seat::Spectator]
            .into_iter()
            .find_map(|seat| JieqiView::from_setup(setup, seat, rules).ok())
            .ok_or(e)
    })
}
