//! The Jieqi deal's commitment, one leaf per face-down piece.
//!
//! When a Jieqi game starts, the server commits to every hidden identity: for each face-down
//! start point, in board order ([`deal_points`]), a leaf `SHA-256("<point> <letter> <salt>")`
//! with a salt of its own ([`leaf`]), and the published commitment is the SHA-256 of the
//! leaves ([`commitment`]). When the game ends, each seat gets one [`Opening`] per point:
//! the identity and its salt where the seat may know it, the leaf alone where it may not
//! ([`Entitlement`], [`open_deal`]). A seat checks what it got with [`verify_reveal`].
//!
//! Why leaves and not one hash of the whole deal: the rules (`rules/jieqi.md`,
//! "Information") say the owner of a face-down piece the opponent captured never learns what
//! it was, "not after the game either". Revealing the whole deal at the end would tell it.
//! With one salted leaf per piece, every seat can still check that the deal was fixed before
//! the first move (the leaves it cannot open still count in the commitment) while each seat
//! learns exactly what it may know and nothing more; a leaf's own 32 random bytes of salt
//! keep it from being tried against the six identities it could be. For the same secret, a
//! piece still face down at the end is not opened to a seat that was not shown a face-down
//! capture on its side: the seat knows the side's fifteen identities and would find the
//! lost one by elimination.

use rodina_rules::jieqi::{Cell, HIDDEN_ROLES, Jieqi, JieqiView, RuleSet};
use rodina_rules::xiangqi::{Piece, Role, Square};
use rodina_rules::{AnyView, Color, Game, NewGame, Seat, Start, Variant};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Bytes of each salt (64 hex characters on the wire).
pub const SALT_BYTES: usize = 32;

/// Lower-case hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` is 64 lower-case hex characters (a salt, a leaf, a commitment).
pub fn is_hex64(text: &str) -> bool {
    text.len() == 2 * SALT_BYTES
        && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The face-down points of a start, in board order: rank 10 first, files `a` to `i` in each
/// rank (the order of a FEN, and of the identities in Jieqi's full FEN). `is_face_down` says
/// whether the start has a face-down piece on a point.
pub fn deal_points(is_face_down: impl Fn(Square) -> bool) -> Vec<Square> {
    (0..10u8)
        .rev()
        .flat_map(|rank| (0..9u8).filter_map(move |file| Square::new(file, rank)))
        .filter(|&s| is_face_down(s))
        .collect()
}

/// The leaf of one face-down piece, in lower-case hex: SHA-256 of the UTF-8 text
/// `"<point> <letter> <salt>"`, for example `h10 n 5e0c…` (the point in the moves'
/// coordinates, the piece's FEN letter, upper case for Red, and the salt's 64 hex
/// characters; one space between them, no newline).
pub fn leaf(point: Square, piece: Piece, salt_hex: &str) -> String {
    hex(&Sha256::digest(format!("{point} {} {salt_hex}", piece.char()).as_bytes()))
}

/// The commitment to a deal, in lower-case hex: SHA-256 of its leaves' hex in board order,
/// each followed by a newline (`"<leaf 1>\n<leaf 2>\n…<leaf 30>\n"`).
pub fn commitment<'a>(leaves: impl IntoIterator<Item = &'a str>) -> String {
    let mut h = Sha256::new();
    for l in leaves {
        h.update(l.as_bytes());
        h.update(b"\n");
    }
    hex(&h.finalize())
}

/// One face-down start point at the end of a game, as one seat gets it: `piece` and `salt`
/// where the seat may know the identity, `leaf` alone where it may not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// The point, in the moves' coordinates (`h10`).
    pub point: String,
    /// The identity: the piece's FEN letter (`n`, `R`), with `salt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// The point's salt, 64 lower-case hex characters, with `piece`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// The leaf alone (64 lower-case hex characters), for an identity this seat may not know.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaf: Option<String>,
}

impl Opening {
    /// The opening of an identity: the piece and its salt.
    pub fn open(point: Square, piece: Piece, salt: &str) -> Opening {
        Opening {
            point: point.to_string(),
            piece: Some(piece.char().to_string()),
            salt: Some(salt.to_owned()),
            leaf: None,
        }
    }

    /// The opening of an identity the seat may not know: the leaf alone.
    pub fn sealed(point: Square, leaf: String) -> Opening {
        Opening { point: point.to_string(), piece: None, salt: None, leaf: Some(leaf) }
    }

    /// The identity this opening gives, if it gives one.
    pub fn piece(&self) -> Option<Piece> {
        let mut chars = self.piece.as_deref()?.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c),
            _ => None,
        }
    }
}

/// What the server reveals of a Jieqi deal to one seat when the game is over: an opening
/// for each face-down start point, in board order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reveal {
    /// One opening per face-down start point, in board order ([`deal_points`]).
    pub openings: Vec<Opening>,
}

/// What one seat may know of a face-down start point once the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entitlement {
    /// The seat saw the identity during the game: the piece was turned up, or the seat
    /// captured it face down and was shown what it was.
    Seen(Role),
    /// Still face down at the end: nobody saw it, and every seat may learn it.
    FaceDown,
    /// Captured face down without this seat being shown it (its owner, a spectator, or
    /// anyone under the rule set where nobody sees captured pieces): it stays secret.
    Secret,
    /// Still face down at the end, on a side of which this seat has a [`Entitlement::Secret`]
    /// piece: sealed too. The seat knows the side's fifteen identities, so had it these
    /// pieces opened as well it would find the secret ones by elimination (one piece lost
    /// face down and fourteen others shown: the fifteenth is known).
    Shielding,
}

impl Entitlement {
    /// Whether the seat gets the identity and its salt (else the leaf alone).
    pub fn opens(self) -> bool {
        matches!(self, Entitlement::Seen(_) | Entitlement::FaceDown)
    }
}

/// What the seat whose record this is may know of each face-down start point at the end,
/// in board order. Worked out from the seat's own record alone (its start, and each move as
/// the seat was shown it), so the server that opens the deal and the client that checks it
/// reach the same answer. A face-down piece never moves without turning up, so a face-down
/// piece is always the one that started on its point.
///
/// A piece still face down at the end is opened unless the seat has a secret piece of the
/// same side ([`Entitlement::Shielding`]): the rules' secret covers what elimination would
/// tell as much as what the reveal would say.
pub fn entitlements(record: &Game<JieqiView>) -> Vec<(Square, Entitlement)> {
    let start = record.start();
    let mut out: Vec<(Square, Entitlement)> = deal_points(|s| start.is_face_down(s))
        .into_iter()
        .map(|s| (s, Entitlement::FaceDown))
        .collect();
    let mut set = |point: Square, what: Entitlement| {
        if let Some(e) = out.iter_mut().find(|(s, _)| *s == point) {
            e.1 = what;
        }
    };
    for ply in 1..=record.len() {
        let Some(ev) = record.position_at(ply).and_then(JieqiView::last_event) else { continue };
        if let Some(role) = ev.revealed {
            set(ev.mv.from, Entitlement::Seen(role));
        }
        if let Some(c) = ev.captured.filter(|c| c.face_down) {
            set(ev.mv.to, c.role.map_or(Entitlement::Secret, Entitlement::Seen));
        }
    }
    let side = |s: Square| match start.cell_at(s) {
        Some(Cell::FaceDown(c)) => Some(c),
        _ => None,
    };
    let secret_sides: Vec<Option<Color>> =
        out.iter().filter(|(_, e)| *e == Entitlement::Secret).map(|&(s, _)| side(s)).collect();
    for (s, e) in &mut out {
        if *e == Entitlement::FaceDown && secret_sides.contains(&side(*s)) {
            *e = Entitlement::Shielding;
        }
    }
    out
}

/// Why the server cannot commit to or open a deal (its stored salts do not fit the deal).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// Not one salt per face-down start point.
    #[error("the deal has {points} face-down points and {salts} salts")]
    Salts {
        /// Face-down start points.
        points: usize,
        /// Salts given.
        salts: usize,
    },
    /// A salt is not 64 lower-case hex characters.
    #[error("a salt is not 64 lower-case hex characters")]
    Salt,
    /// A face-down point of the start has no identity (the start is no deal).
    #[error("the face-down piece on {0} has no identity")]
    NoIdentity(String),
}

/// The start's face-down points with their true pieces, after checking the salts fit.
fn dealt(start: &Jieqi, salts: &[String]) -> Result<Vec<(Square, Piece)>, DealError> {
    let points = deal_points(|s| start.is_face_down(s));
    if points.len() != salts.len() {
        return Err(DealError::Salts { points: points.len(), salts: salts.len() });
    }
    if !salts.iter().all(|s| is_hex64(s)) {
        return Err(DealError::Salt);
    }
    points
        .into_iter()
        .map(|s| start.true_piece_at(s).map(|p| (s, p)).ok_or(DealError::NoIdentity(s.to_string())))
        .collect()
}

/// The server's commitment to the deal `start` (the true start) with one salt per face-down
/// point in board order.
pub fn commit_deal(start: &Jieqi, salts: &[String]) -> Result<String, DealError> {
    let leaves: Vec<String> =
        dealt(start, salts)?.iter().zip(salts).map(|(&(s, p), salt)| leaf(s, p, salt)).collect();
    Ok(commitment(leaves.iter().map(String::as_str)))
}

/// The reveal for the seat whose record is `record` (the seat's view of the finished game):
/// each point opened where [`entitlements`] says the seat may know it, its leaf alone
/// elsewhere.
pub fn open_deal(
    start: &Jieqi,
    salts: &[String],
    record: &Game<JieqiView>,
) -> Result<Reveal, DealError> {
    let pieces = dealt(start, salts)?;
    let may = entitlements(record);
    let openings = pieces
        .iter()
        .zip(salts)
        .map(|(&(s, p), salt)| {
            // A point the record does not name (it cannot happen: the record starts from this
            // start) stays sealed: better a check that fails than a secret that leaks.
            let opens = may.iter().find(|(m, _)| *m == s).is_some_and(|(_, e)| e.opens());
            if opens { Opening::open(s, p, salt) } else { Opening::sealed(s, leaf(s, p, salt)) }
        })
        .collect();
    Ok(Reveal { openings })
}

/// Why a reveal does not hold for a seat.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RevealError {
    /// The seat's start and moves do not read as a Jieqi game (they are what the seat was
    /// shown: a client that kept them cannot meet this).
    #[error("the game this seat was shown does not read: {0}")]
    View(String),
    /// The openings do not name the start's face-down points, one each, in board order.
    #[error("the openings do not name the start's face-down points in board order")]
    Points,
    /// An opening is neither a piece with its salt nor a leaf alone, or one of its fields is
    /// malformed (a salt or leaf not 64 lower-case hex characters, a piece not a shuffled
    /// piece of the point's side).
    #[error("the opening of {point} is malformed: {why}")]
    Malformed {
        /// The point.
        point: String,
        /// What is wrong.
        why: &'static str,
    },
    /// The leaves do not give the commitment published at the start.
    #[error("the openings do not give the commitment published at the start")]
    Commitment,
    /// An identity this seat saw during the game differs from its opening.
    #[error("the opening of {point} differs from what this seat saw during the game")]
    Contradicts {
        /// The point.
        point: String,
    },
    /// More pieces of one identity were opened than the side has.
    #[error("more {piece} were opened than the side has")]
    Pool {
        /// The piece's letter.
        piece: char,
    },
    /// An identity this seat may know came as a leaf alone.
    #[error("the identity on {point} was withheld from this seat")]
    Withheld {
        /// The point.
        point: String,
    },
    /// An identity this seat may not know was opened to it: the server broke the rules'
    /// secret.
    #[error("the identity on {point} was opened to a seat that may not know it")]
    Overshared {
        /// The point.
        point: String,
    },
}

/// Checks a Jieqi reveal as `seat` can, from what the seat was shown: `committed` at the
/// start, its start view `start_view` and its moves `seat_moves` (as its record writes
/// them), under the game's `rule_set`. See [`verify_reveal_record`] for the checks.
pub fn verify_reveal(
    committed: &str,
    reveal: &Reveal,
    seat: Seat,
    rule_set: Option<RuleSet>,
    start_view: &str,
    seat_moves: &[String],
) -> Result<(), RevealError> {
    let new = NewGame {
        variant: Variant::Jieqi,
        start: Start::Fen(start_view.to_owned()),
        handicap: None,
        rule_set,
    };
    let view = AnyView::read(&new, Some(seat)).map_err(|e| RevealError::View(e.to_string()))?;
    let Some(AnyView::Jieqi(mut record)) = view else {
        return Err(RevealError::View("not a seat's view of Jieqi".into()));
    };
    for (i, m) in seat_moves.iter().enumerate() {
        record.play_text(m).map_err(|e| RevealError::View(format!("move {}: {e}", i + 1)))?;
    }
    verify_reveal_record(committed, reveal, &record)
}

/// Checks a Jieqi reveal against `committed` and the seat's record `record`, in this order:
///
/// 1. the openings name the start's face-down points, in board order, each either a piece
///    of the point's side with a salt or a leaf alone, every salt and leaf 64 lower-case hex
///    characters;
/// 2. the leaves (computed where opened, given where not) give `committed`;
/// 3. every identity the seat saw (reveals, face-down pieces it was shown it captured) is
///    the one opened, every piece still face down at the end is opened but on a side of
///    which the seat was not shown a face-down capture, and exactly the rest come as leaves
///    ([`entitlements`]);
/// 4. no side has more pieces of one identity opened than it was dealt.
pub fn verify_reveal_record(
    committed: &str,
    reveal: &Reveal,
    record: &Game<JieqiView>,
) -> Result<(), RevealError> {
    let start = record.start();
    let may = entitlements(record);
    if may.len() != reveal.openings.len()
        || may.iter().zip(&reveal.openings).any(|((s, _), o)| s.to_string() != o.point)
    {
        return Err(RevealError::Points);
    }
    let mut leaves = Vec::with_capacity(may.len());
    let mut opened: Vec<(Square, Piece)> = Vec::new();
    for (&(point, _), o) in may.iter().zip(&reveal.openings) {
        let bad = |why| RevealError::Malformed { point: o.point.clone(), why };
        let side = match start.cell_at(point) {
            Some(Cell::FaceDown(c)) => c,
            _ => return Err(RevealError::Points),
        };
        match (&o.piece, &o.salt, &o.leaf) {
            (Some(_), Some(salt), None) => {
                let piece = o.piece().ok_or_else(|| bad("not a piece's letter"))?;
                if piece.color != side || !HIDDEN_ROLES.contains(&piece.role) {
                    return Err(bad("not a shuffled piece of the point's side"));
                }
                if !is_hex64(salt) {
                    return Err(bad("the salt is not 64 lower-case hex characters"));
                }
                leaves.push(leaf(point, piece, salt));
                opened.push((point, piece));
            }
            (None, None, Some(l)) => {
                if !is_hex64(l) {
                    return Err(bad("the leaf is not 64 lower-case hex characters"));
                }
                leaves.push(l.clone());
            }
            _ => return Err(bad("neither a piece with its salt nor a leaf alone")),
        }
    }
    if commitment(leaves.iter().map(String::as_str)) != committed {
        return Err(RevealError::Commitment);
    }
    for ((point, what), o) in may.iter().zip(&reveal.openings) {
        let given = opened.iter().find(|(s, _)| s == point).map(|(_, p)| p.role);
        let name = || o.point.clone();
        match (what, given) {
            (Entitlement::Seen(role), Some(r)) if r != *role => {
                return Err(RevealError::Contradicts { point: name() });
            }
            (Entitlement::Seen(_) | Entitlement::FaceDown, None) => {
                return Err(RevealError::Withheld { point: name() });
            }
            (Entitlement::Secret | Entitlement::Shielding, Some(_)) => {
                return Err(RevealError::Overshared { point: name() });
            }
            _ => {}
        }
    }
    for side in Color::ALL {
        let mut left = start.pool(side);
        for (_, p) in opened.iter().filter(|(_, p)| p.color == side) {
            if !left.remove(p.role) {
                return Err(RevealError::Pool { piece: p.char() });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rodina_rules::random::splitmix64;
    use rodina_rules::{AnyGame, Truth, View};

    /// A generator for a test's deal: SplitMix64 from a seed.
    pub(crate) struct Seeded(pub(crate) u64);

    impl rand_core::RngCore for Seeded {
        fn next_u32(&mut self) -> u32 {
            (splitmix64(&mut self.0) >> 32) as u32
        }
        fn next_u64(&mut self) -> u64 {
            splitmix64(&mut self.0)
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            for b in dst {
                *b = splitmix64(&mut self.0) as u8;
            }
        }
    }

    const RED: Seat = Seat::Player(Color::White);
    const BLACK: Seat = Seat::Player(Color::Black);

    fn salts(n: usize, seed: u64) -> Vec<String> {
        let mut s = seed;
        (0..n).map(|_| (0..4).map(|_| format!("{:016x}", splitmix64(&mut s))).collect()).collect()
    }

    /// A dealt game under `rule_set` in which Red's cannon point takes h10 face down, Black
    /// turns a piece up, then Red turns one up: (the truth, the salts, the commitment).
    fn captured_face_down(rule_set: Option<RuleSet>) -> (Game<Jieqi>, Vec<String>, String) {
        let new = NewGame { rule_set, ..NewGame::usual(Variant::Jieqi) };
        let Ok(AnyGame::Jieqi(mut game)) = AnyGame::new(&new, &mut Seeded(5)) else {
            panic!("a Jieqi game")
        };
        for m in ["h3h10", "b8b4", "c4c5"] {
            game.play_text(m).expect("plays");
        }
        let salts = salts(30, 11);
        let committed = commit_deal(game.start(), &salts).expect("commits");
        (game, salts, committed)
    }

    fn opening_at<'a>(reveal: &'a Reveal, point: &str) -> &'a Opening {
        reveal.openings.iter().find(|o| o.point == point).expect("the point")
    }

    #[test]
    fn each_seat_gets_what_it_may_know_and_checks_it() {
        let (game, salts, committed) = captured_face_down(None);
        assert!(is_hex64(&committed));
        for seat in Seat::ALL {
            let record = game.view(seat);
            let reveal = open_deal(game.start(), &salts, &record).expect("opens");
            assert_eq!(reveal.openings.len(), 30);
            assert_eq!(verify_reveal_record(&committed, &reveal, &record), Ok(()), "{seat:?}");
            // The same from the texts a client keeps.
            assert_eq!(
                verify_reveal(
                    &committed,
                    &reveal,
                    seat,
                    None,
                    &game.start().view(seat).fen(),
                    &game.move_texts_for(seat)
                ),
                Ok(())
            );
            // The piece Red took face down on h10: Red learns it, Black (its owner) and
            // the spectator get its leaf alone, and no salt of it.
            let h10 = opening_at(&reveal, "h10");
            let seen = seat == RED;
            assert_eq!(h10.piece.is_some(), seen, "{seat:?}");
            assert_eq!(h10.salt.is_some(), seen, "{seat:?}");
            // Black and the spectator also get leaves alone for Black's thirteen pieces still
            // face down (b8 turned up): with them, h10 would follow by elimination. Red's
            // pieces, of which nothing was lost unseen, are opened to everyone.
            let leaves: Vec<&str> = reveal
                .openings
                .iter()
                .filter(|o| o.leaf.is_some())
                .map(|o| o.point.as_str())
                .collect();
            if seen {
                assert!(leaves.is_empty());
            } else {
                assert_eq!(leaves.len(), 14, "{seat:?}");
                let black_side = |p: &str| p.ends_with("10") || p.ends_with('7') || p == "h8";
                assert!(leaves.iter().all(|p| black_side(p)), "{leaves:?}");
            }
        }
        let h10 = Square::parse("h10").expect("point");
        let black = entitlements(&game.view(BLACK));
        assert_eq!(black.iter().find(|(s, _)| *s == h10), Some(&(h10, Entitlement::Secret)));
        let a10 = Square::parse("a10").expect("point");
        assert_eq!(black.iter().find(|(s, _)| *s == a10), Some(&(a10, Entitlement::Shielding)));
    }

    #[test]
    fn where_nobody_sees_captured_pieces_the_capturer_gets_the_leaf_too() {
        let (game, salts, committed) = captured_face_down(Some(RuleSet::NobodySeesCaptured));
        for seat in Seat::ALL {
            let record = game.view(seat);
            let reveal = open_deal(game.start(), &salts, &record).expect("opens");
            assert_eq!(verify_reveal_record(&committed, &reveal, &record), Ok(()));
            assert_eq!(opening_at(&reveal, "h10").piece, None, "{seat:?}");
            // Nobody lost sight of a red piece: Red's are opened (a1 is still face down).
            assert!(opening_at(&reveal, "a1").piece.is_some());
            assert_eq!(opening_at(&reveal, "a10").piece, None);
        }
    }

    #[test]
    fn a_tampered_reveal_is_refused_with_its_reason() {
        let (game, salts, committed) = captured_face_down(None);
        let (red, black) = (game.view(RED), game.view(BLACK));
        let for_red = open_deal(game.start(), &salts, &red).expect("opens");
        let for_black = open_deal(game.start(), &salts, &black).expect("opens");
        let check = |reveal: &Reveal, record: &Game<JieqiView>| {
            verify_reveal_record(&committed, reveal, record)
        };
        let at = |r: &Reveal, p: &str| r.openings.iter().position(|o| o.point == p).expect("p");
        // Another commitment.
        assert_eq!(
            verify_reveal_record(&"0".repeat(64), &for_red, &red),
            Err(RevealError::Commitment)
        );
        // An opened identity changed (a face-down piece still on a1).
        let mut t = for_red.clone();
        let i = at(&t, "a1");
        let other = if t.openings[i].piece.as_deref() == Some("P") { "R" } else { "P" };
        t.openings[i].piece = Some(other.into());
        assert_eq!(check(&t, &red), Err(RevealError::Commitment));
        // A salt changed.
        let mut t = for_red.clone();
        t.openings[i].salt = Some("f".repeat(64));
        assert_eq!(check(&t, &red), Err(RevealError::Commitment));
        // A sealed leaf changed.
        let mut t = for_black.clone();
        let j = at(&t, "h10");
        t.openings[j].leaf = Some("e".repeat(64));
        assert_eq!(check(&t, &black), Err(RevealError::Commitment));
        // Malformed fields and shapes.
        let mut t = for_red.clone();
        t.openings[i].salt = Some("XYZ".into());
        assert!(
            matches!(check(&t, &red), Err(RevealError::Malformed { point, .. }) if point == "a1")
        );
        let mut t = for_red.clone();
        t.openings[i].piece = Some("k".into());
        assert!(matches!(check(&t, &red), Err(RevealError::Malformed { .. })));
        let mut t = for_red.clone();
        t.openings[i].leaf = Some("0".repeat(64));
        assert!(matches!(check(&t, &red), Err(RevealError::Malformed { .. })));
        // A point missing, or out of order.
        let mut t = for_red.clone();
        t.openings.pop();
        assert_eq!(check(&t, &red), Err(RevealError::Points));
        let mut t = for_red.clone();
        t.openings.swap(0, 1);
        assert_eq!(check(&t, &red), Err(RevealError::Points));
        // Red's capture withheld from Red: its leaf is right, but Red may know it.
        let mut t = for_red.clone();
        let k = at(&t, "h10");
        t.openings[k] = for_black.openings[k].clone();
        assert_eq!(check(&t, &red), Err(RevealError::Withheld { point: "h10".into() }));
        // Black's lost piece opened to Black: the secret the rules keep, broken.
        let mut t = for_black.clone();
        t.openings[k] = for_red.openings[k].clone();
        assert_eq!(check(&t, &black), Err(RevealError::Overshared { point: "h10".into() }));
        // A reveal that differs from what the seat was shown during the game (a server that
        // changed its deal after committing: the seat's move text says another piece).
        let mut shown = game.move_texts_for(BLACK);
        let revealed = game.move_texts_for(BLACK)[1].clone(); // b8b4=X
        let letter = revealed.chars().nth(5).expect("a letter");
        let other = if letter == 'c' { 'r' } else { 'c' };
        shown[1] = format!("{}{other}", &revealed[..5]);
        let start = game.start().view(BLACK).fen();
        assert_eq!(
            verify_reveal(&committed, &for_black, BLACK, None, &start, &shown),
            Err(RevealError::Contradicts { point: "b8".into() })
        );
        // A deal with more of one identity than a side has, committed as such.
        let (points, _): (Vec<Square>, Vec<_>) = entitlements(&red).into_iter().unzip();
        let forged = Reveal {
            openings: points
                .iter()
                .zip(&salts)
                .map(|(&s, salt)| {
                    let color = if s.rank() >= 5 { Color::Black } else { Color::White };
                    Opening::open(s, Piece { color, role: Role::Chariot }, salt)
                })
                .collect(),
        };
        let leaves: Vec<String> = forged
            .openings
            .iter()
            .map(|o| {
                let s = Square::parse(&o.point).expect("point");
                leaf(s, o.piece().expect("piece"), o.salt.as_deref().expect("salt"))
            })
            .collect();
        let forged_commitment = commitment(leaves.iter().map(String::as_str));
        let fresh = Game::new(game.start().view(RED));
        assert!(matches!(
            verify_reveal_record(&forged_commitment, &forged, &fresh),
            Err(RevealError::Pool { .. })
        ));
        // A start that is no view of Jieqi.
        assert!(matches!(
            verify_reveal(&committed, &for_red, RED, None, "not a fen", &[]),
            Err(RevealError::View(_))
        ));
    }

    #[test]
    fn the_server_refuses_salts_that_do_not_fit_the_deal() {
        let (game, salts, _) = captured_face_down(None);
        assert_eq!(
            commit_deal(game.start(), &salts[1..]),
            Err(DealError::Salts { points: 30, salts: 29 })
        );
        let mut bad = salts.clone();
        bad[3] = "ABC".into();
        assert_eq!(commit_deal(game.start(), &bad), Err(DealError::Salt));
    }

    #[test]
    fn the_leaf_and_commitment_texts_are_as_documented() {
        let salt = "0123456789abcdef".repeat(4);
        let piece = Piece { color: Color::Black, role: Role::Horse };
        let point = Square::parse("h10").expect("point");
        let text = format!("h10 n {salt}");
        assert_eq!(leaf(point, piece, &salt), hex(&Sha256::digest(text.as_bytes())));
        let leaves = [leaf(point, piece, &salt), "0".repeat(64)];
        let joined = format!("{}\n{}\n", leaves[0], leaves[1]);
        assert_eq!(
            commitment(leaves.iter().map(String::as_str)),
            hex(&Sha256::digest(joined.as_bytes()))
        );
        // Board order: rank 10 first, files a to i.
        let all = deal_points(|_| true);
        assert_eq!((all[0].to_string(), all[8].to_string()), ("a10".into(), "i10".into()));
        assert_eq!(all[89].to_string(), "i1");
    }
}
