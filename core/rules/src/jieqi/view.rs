//! What one seat may know of a Jieqi position, and play on it.

use std::error::Error;
use std::fmt;

use super::setup::{
    Placement, Setup, SetupCell, at_most_initial, initial, missing, place, pool_text, write_fen,
};
use super::truth::{Jieqi, knows_capture, start_public};
use super::types::{CaptureList, CapturedPiece, Cell, HIDDEN_ROLES, MoveEvent, Pool};
use super::{Public, Rules, Tally, record};
use crate::Truth;
use crate::xiangqi::{Move, Piece, Role, Square};
use crate::xiangqi_family::tables::TABLES;
use crate::{
    Color, ParseFenError, ParseMoveError, PlayError, Position, Seat, SetupError, Variant, View,
};

/// One seat's view of a Jieqi position: exactly what that seat may know, nothing more.
///
/// It holds the board with face-down markers ([`Cell`]), the side to move and the counters,
/// the reveals (face-up pieces and [`JieqiView::last_event`]), the captured pieces with the
/// identities of the face-down ones this seat captured (not those it lost), and the [`Pool`]
/// of identities that can still be face down on each side. A face-down piece moves, captures
/// and gives check as the piece of its point, so legal moves, check and the outcome come from
/// the view alone.
///
/// For a bot: [`Position::legal_moves`] lists the moves; a move of a face-down piece is a
/// chance node whose outcomes are the roles of the mover's [`JieqiView::pool`] (each as likely
/// as its count), and a capture of a face-down piece by this seat is another one over the
/// victim's pool (when the rules let the capturer see it; see [`JieqiView::learns_capture`]).
/// [`JieqiView::play_seen`] applies a move with the outcome assumed; a record of views
/// (`Game<JieqiView>`, see [`Game::play_seen`](crate::Game::play_seen)) adds the history for repetition. [`Jieqi::deal`] samples a full position consistent with a view.
#[derive(Clone, PartialEq, Eq)]
pub struct JieqiView {
    pub(crate) public: Public,
    pub(crate) seat: Seat,
    pub(crate) pool: [Pool; 2],
    pub(crate) captured: CaptureList,
    pub(crate) last: Option<MoveEvent>,
}

/// Why a move could not be played on a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewPlayError {
    /// The move is illegal, or the game is over.
    Play(PlayError),
    /// The move turns a face-down piece up, and no identity was given for it.
    RevealMissing {
        /// The move.
        mv: Move,
    },
    /// An identity was given for a move of a face-up piece.
    RevealUnexpected {
        /// The move.
        mv: Move,
    },
    /// The identity given for the reveal cannot still be face down on the mover's side.
    RevealImpossible {
        /// The move.
        mv: Move,
        /// The identity given.
        role: Role,
    },
    /// The move takes a face-down piece whose identity this seat learns (it is the capturer
    /// and the rules show it), and no identity was given.
    CaptureMissing {
        /// The move.
        mv: Move,
    },
    /// An identity was given for the captured piece, but this seat cannot learn it (the piece
    /// is face up or absent, the seat is not the capturer, or the rules hide it).
    CaptureUnknowable {
        /// The move.
        mv: Move,
    },
    /// The identity given for the captured face-down piece cannot be face down on its side.
    CaptureImpossible {
        /// The move.
        mv: Move,
        /// The identity given.
        role: Role,
    },
}

impl fmt::Display for ViewPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewPlayError::Play(e) => e.fmt(f),
            ViewPlayError::RevealMissing { mv } => {
                write!(f, "{mv} turns a face-down piece up: say what it reveals (e.g. {mv}=R)")
            }
            ViewPlayError::RevealUnexpected { mv } => {
                write!(f, "{mv} moves a face-up piece: it reveals nothing")
            }
            ViewPlayError::RevealImpossible { mv, role } => {
                write!(f, "{mv} cannot reveal a {}: none can still be face down", role.name())
            }
            ViewPlayError::CaptureMissing { mv } => {
                write!(f, "{mv} takes a face-down piece this seat sees: say what it was")
            }
            ViewPlayError::CaptureUnknowable { mv } => {
                write!(f, "{mv}: this seat cannot learn what the captured piece is")
            }
            ViewPlayError::CaptureImpossible { mv, role } => write!(
                f,
                "{mv} cannot capture a face-down {}: none can still be face down",
                role.name()
            ),
        }
    }
}

impl Error for ViewPlayError {}

impl From<PlayError> for ViewPlayError {
    fn from(e: PlayError) -> Self {
        ViewPlayError::Play(e)
    }
}

impl JieqiView {
    /// The start position, as every seat sees it, under `rules`.
    pub fn start(seat: Seat, rules: Rules) -> JieqiView {
        JieqiView {
            public: start_public(rules),
            seat,
            pool: [Pool::FULL; 2],
            captured: CaptureList::new(),
            last: None,
        }
    }

    /// Checks a setup (either FEN form) and turns it into `seat`'s view under `rules`.
    ///
    /// A full setup is read as the true position and viewed from `seat`. In a view setup, the
    /// pool and the captured pieces must add up: for each side and role, face-up pieces,
    /// captured pieces whose identity is known and the pool make what the side starts with,
    /// and the pool's size is the face-down pieces plus the captured face-down pieces of
    /// unknown identity. Without a captured field, the missing known pieces count as captured
    /// face up and the surplus of the pool as pieces lost face down. The seat knows the
    /// identity of a captured face-down piece exactly when it captured it and the rules show
    /// it.
    pub fn from_setup(setup: &Setup, seat: Seat, rules: Rules) -> Result<JieqiView, SetupError> {
        let Some(pool) = setup.pool else {
            return Ok(Jieqi::from_setup(setup, rules)?.view(seat));
        };
        let Placement { public, face_up, face_down } = place(setup, rules)?;
        let mut captured = CaptureList::new();
        match &setup.captured {
            Some(list) => {
                let mut known = [[0u32; 8]; 2];
                let mut unknown = [0u32; 2];
                for c in list {
                    match c.role {
                        Some(Role::General) => return Err(SetupError::GeneralCaptured),
                        Some(role) => {
                            if c.face_down && !knows_capture(rules, seat, c.color) {
                                return Err(SetupError::CapturedIdentityUnknowable {
                                    seat,
                                    side: c.color,
                                });
                            }
                            known[c.color.index()][role as usize] += 1;
                        }
                        None if c.face_down && knows_capture(rules, seat, c.color) => {
                            return Err(SetupError::CapturedIdentityMissing {
                                seat,
                                side: c.color,
                            });
                        }
                        None if c.face_down => unknown[c.color.index()] += 1,
                        None => return Err(SetupError::FaceUpCaptureUnknown),
                    }
                    captured.push(*c);
                }
                for color in Color::ALL {
                    let ci = color.index();
                    for role in HIDDEN_ROLES {
                        let n = u32::from(face_up[ci][role as usize])
                            + known[ci][role as usize]
                            + u32::from(pool[ci].count(role));
                        at_most_initial(color, role, n)?;
                        if n != u32::from(initial(role)) {
                            return Err(missing(color, role, n, Tally::FaceUpCapturedAndPool));
                        }
                    }
                    let hidden = u32::from(face_down[ci]) + unknown[ci];
                    if pool[ci].total() != hidden {
                        return Err(pool_size_error(color, pool[ci].total(), hidden));
                    }
                }
            }
            None => {
                for color in Color::ALL {
                    let ci = color.index();
                    for role in HIDDEN_ROLES {
                        let n =
                            u32::from(face_up[ci][role as usize]) + u32::from(pool[ci].count(role));
                        at_most_initial(color, role, n)?;
                        for _ in n..u32::from(initial(role)) {
                            captured.push(CapturedPiece {
                                color,
                                role: Some(role),
                                face_down: false,
                            });
                        }
                    }
                    let total = pool[ci].total();
                    // Surplus identities are pieces lost face down, unseen by this seat.
                    if total < u32::from(face_down[ci])
                        || (total > u32::from(face_down[ci]) && knows_capture(rules, seat, color))
                    {
                        return Err(pool_size_error(color, total, u32::from(face_down[ci])));
                    }
                    for _ in u32::from(face_down[ci])..total {
                        captured.push(CapturedPiece { color, role: None, face_down: true });
                    }
                }
            }
        }
        Ok(JieqiView { public, seat, pool, captured, last: None })
    }

    /// Reads a view FEN (or a full FEN, viewed from `seat`) under the default rules.
    pub fn from_fen(fen: &str, seat: Seat) -> Result<JieqiView, ParseFenError> {
        JieqiView::from_fen_with_rules(fen, seat, Rules::DEFAULT)
    }

    /// Reads a view FEN (or a full FEN, viewed from `seat`) under `rules`.
    pub fn from_fen_with_rules(
        fen: &str,
        seat: Seat,
        rules: Rules,
    ) -> Result<JieqiView, ParseFenError> {
        Ok(JieqiView::from_setup(&Setup::parse(fen)?, seat, rules)?)
    }

    /// The setup this view would be written as.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 90];
        for (s, cell) in self.public.cells() {
            board[s.index()] = Some(match cell {
                Cell::FaceUp(p) => SetupCell::FaceUp(p),
                Cell::FaceDown(color) => SetupCell::FaceDown { color, identity: None },
            });
        }
        Setup {
            board,
            turn: self.public.turn,
            pool: Some(self.pool),
            captured: Some(self.captured.as_slice().to_vec()),
            halfmove_clock: self.public.halfmove_clock,
            fullmove_number: self.public.fullmove_number,
        }
    }

    /// The first five fields of [`JieqiView::fen`] (`board turn pool halfmove fullmove`):
    /// exactly the form JieqiBox and the Pikafish-based Jieqi engines read and write, for
    /// talking to them.
    pub fn engine_fen(&self) -> String {
        let mut fen = self.fen();
        if let Some(i) = fen.rfind(' ') {
            fen.truncate(i);
        }
        fen
    }

    /// Whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The rules of the game.
    pub fn rules(&self) -> Rules {
        self.public.rules
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.public.turn
    }

    /// Plies since the last capture (reveals do not reset it).
    pub fn halfmove_clock(&self) -> u32 {
        self.public.halfmove_clock
    }

    /// The move number (starts at 1, increases after Black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.public.fullmove_number
    }

    /// What stands on `s`.
    pub fn cell_at(&self, s: Square) -> Option<Cell> {
        self.public.cell_at(s)
    }

    /// Whether the piece on `s` is face down.
    pub fn is_face_down(&self, s: Square) -> bool {
        self.public.is_face_down(s)
    }

    /// The piece a piece on `s` moves as: its identity if face up, the piece of its point if
    /// face down.
    pub fn mover_at(&self, s: Square) -> Option<Piece> {
        self.public.board.piece_at(s)
    }

    /// Every piece with its point, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        self.public.cells()
    }

    /// The point of `color`'s general.
    pub fn general(&self, color: Color) -> Square {
        Square::from_u8(self.public.board.generals[color.index()])
    }

    /// The identities that can still be face down on `color`'s side, as this seat knows it.
    pub fn pool(&self, color: Color) -> Pool {
        self.pool[color.index()]
    }

    /// The number of `color`'s face-down pieces on the board.
    pub fn face_down_count(&self, color: Color) -> u32 {
        (self.public.face_down & self.public.board.occ[color.index()]).count_ones()
    }

    /// The captured pieces in the order they fell, identities as this seat knows them.
    pub fn captured(&self) -> &[CapturedPiece] {
        self.captured.as_slice()
    }

    /// What the move that led here did, as this seat knows it.
    pub fn last_event(&self) -> Option<&MoveEvent> {
        self.last.as_ref()
    }

    /// A key for a bot's transposition table: [`JieqiView::zobrist`] combined with both pools.
    /// Two views with one board can differ in what they know (which identities were captured
    /// face down), and so in what a reveal can bring; this key tells them apart.
    pub fn search_key(&self) -> u64 {
        let mut h = self.public.zobrist();
        for (side, pool) in self.pool.iter().enumerate() {
            for (role, n) in pool.iter() {
                // The board's keys for piece code 8 (Black, no role) are never used by the
                // board: one per (side, role, count), counts below 6. Hidden roles are
                // advisor (2) to soldier (7), so (role - 2) * 6 + count stays below 36 and
                // the index below 81.
                let i = side * 45 + (role as usize - 2) * 6 + usize::from(n.min(5));
                h ^= TABLES.zobrist[8][i];
            }
        }
        h
    }

    /// Whether `m` moves a face-down piece: it then reveals one of the mover's pool.
    pub fn is_reveal(&self, m: Move) -> bool {
        self.public.is_face_down(m.from)
    }

    /// Whether `m` captures a piece.
    pub fn is_capture(&self, m: Move) -> bool {
        self.public.board.piece_at(m.to).is_some()
    }

    /// Whether this seat learns what `m` captures because it is a face-down piece this seat
    /// takes under rules that show it to the capturer. Then [`JieqiView::play_seen`] may be told
    /// the identity, one of the victim's pool.
    pub fn learns_capture(&self, m: Move) -> bool {
        self.public.is_face_down(m.to)
            && self.public.board.piece_at(m.to).is_some_and(|p| {
                p.color != self.public.turn && knows_capture(self.public.rules, self.seat, p.color)
            })
    }

    /// Reads a move with the notes of [`MoveEvent::text`]: `e4e5=P` says what it reveals,
    /// `b3b10x(n)` what the face-down piece it captures was. Returns the move, the revealed
    /// role and the captured role, ready for [`JieqiView::play_seen`].
    pub fn parse_event(
        &self,
        text: &str,
    ) -> Result<(Move, Option<Role>, Option<Role>), ParseMoveError> {
        record::parse_event_text(&self.public, text)
    }

    /// Plays `m` on this view. `revealed` is what the move turns up if it moves a face-down
    /// piece (one of the mover's pool; required then, refused otherwise). `captured` is what
    /// a captured face-down piece was when this seat learns it ([`JieqiView::learns_capture`]:
    /// one of the victim's pool; required then, refused otherwise, so that a view always
    /// knows exactly what its seat knows).
    pub fn play_seen(
        &mut self,
        m: Move,
        revealed: Option<Role>,
        captured: Option<Role>,
    ) -> Result<(), ViewPlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver.into());
        }
        if !self.is_legal(&m) {
            return Err(PlayError::IllegalMove { text: m.to_string() }.into());
        }
        let mover = self.public.turn;
        match (self.is_reveal(m), revealed) {
            (true, None) => return Err(ViewPlayError::RevealMissing { mv: m }),
            (false, Some(_)) => return Err(ViewPlayError::RevealUnexpected { mv: m }),
            (true, Some(role)) if !self.pool[mover.index()].contains(role) => {
                return Err(ViewPlayError::RevealImpossible { mv: m, role });
            }
            _ => {}
        }
        match (self.learns_capture(m), captured) {
            (true, None) => return Err(ViewPlayError::CaptureMissing { mv: m }),
            (false, Some(_)) => return Err(ViewPlayError::CaptureUnknowable { mv: m }),
            (true, Some(role)) if !self.pool[(!mover).index()].contains(role) => {
                return Err(ViewPlayError::CaptureImpossible { mv: m, role });
            }
            _ => {}
        }
        self.play_seen_unchecked(m, revealed, captured);
        Ok(())
    }

    /// Plays `m` without checking it or the identities given.
    ///
    /// # Panics
    /// May panic, or leave the view inconsistent, if [`JieqiView::play_seen`] would refuse it.
    pub fn play_seen_unchecked(&mut self, m: Move, revealed: Option<Role>, captured: Option<Role>) {
        let mover = self.public.turn;
        let victim = self.public.cell_at(m.to).map(|cell| match cell {
            Cell::FaceUp(p) => {
                CapturedPiece { color: p.color, role: Some(p.role), face_down: false }
            }
            Cell::FaceDown(color) => CapturedPiece { color, role: captured, face_down: true },
        });
        if let Some(role) = revealed {
            self.pool[mover.index()].remove(role);
        }
        if let Some(CapturedPiece { color, role: Some(role), face_down: true }) = victim {
            self.pool[color.index()].remove(role);
        }
        self.public.apply(m, revealed);
        if let Some(c) = victim {
            self.captured.push(c);
        }
        self.last = Some(MoveEvent { mv: m, color: mover, revealed, captured: victim });
    }
}

fn pool_size_error(color: Color, total: u32, hidden: u32) -> SetupError {
    SetupError::PoolSize { side: color, identities: total, face_down: hidden }
}

impl Position for JieqiView {
    const VARIANT: Variant = Variant::Jieqi;
    const FILES: u8 = 9;
    const RANKS: u8 = 10;
    type Move = Move;

    super::public_position!();

    /// Plays a move that is no [chance](Position::is_chance): the view knows what it does.
    ///
    /// # Panics
    /// May panic, or leave the view inconsistent, if `m` is illegal or a chance move (play
    /// those with [`JieqiView::play_seen`]).
    fn play_unchecked(&mut self, m: &Move) {
        self.play_seen_unchecked(*m, None, None);
    }

    /// Nothing moved yet: every piece but the generals face down on its starting point.
    fn is_start(&self) -> bool {
        self.public == start_public(self.public.rules)
            && self.captured.as_slice().is_empty()
            && self.pool == [Pool::FULL; 2]
    }

    /// A move that turns a piece up, or takes a face-down piece this seat then sees.
    fn is_chance(&self, m: &Move) -> bool {
        self.is_reveal(*m) || self.learns_capture(*m)
    }

    /// Reads a move with the notes of [`MoveEvent::text`] (what it revealed, what this seat
    /// saw it capture) and plays it on a copy of the view.
    fn parse_ply(&self, text: &str) -> Result<(Move, Self), ParseMoveError> {
        let (m, revealed, captured) = self.parse_event(text)?;
        let mut next = self.clone();
        next.play_seen(m, revealed, captured)
            .map_err(|e| ParseMoveError::Illegal { text: text.to_owned(), reason: e.into() })?;
        Ok((m, next))
    }

    /// Counts the leaf nodes `depth` plies below, a move of a face-down piece branching into
    /// one node per distinct identity of the mover's pool, captured identities unknown (as a
    /// spectator sees the game). A check for make-move code: the figure depends only on what
    /// everyone sees.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.perft_divide(depth).iter().map(|&(_, n)| n).sum()
    }

    /// [`Position::perft`] split by first move, in generation order.
    fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if self.seat != Seat::Spectator {
            let mut spectator = self.clone();
            spectator.seat = Seat::Spectator;
            return spectator.perft_divide(depth);
        }
        let mut out = Vec::new();
        for &m in self.public.legal_list().as_slice() {
            let reveals: Vec<Option<Role>> = if self.is_reveal(m) {
                self.pool[self.public.turn.index()].iter().map(|(r, _)| Some(r)).collect()
            } else {
                vec![None]
            };
            let mut nodes = 0;
            for r in reveals {
                if depth <= 1 {
                    nodes += 1;
                } else {
                    let mut next = self.clone();
                    next.play_seen_unchecked(m, r, None);
                    nodes += next.perft(depth - 1);
                }
            }
            out.push((m, nodes));
        }
        out
    }
}

impl View for JieqiView {
    /// The view FEN: `board turn pool halfmove fullmove captured`, face-down pieces as
    /// `X`/`x` (see the [module documentation](super)).
    fn fen(&self) -> String {
        write_fen(&self.public, &pool_text(&self.pool), self.captured.as_slice())
    }

    fn seat(&self) -> Option<Seat> {
        Some(self.seat)
    }
}

impl fmt::Debug for JieqiView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JieqiView({}, {})", self.seat, self.fen())
    }
}
