//! Repetition verdicts of the Asian rules as Fairy-Stockfish applies them: when a position
//! occurs for the third time, the side that checked with every move of the cycle loses;
//! otherwise the side that chased with every move loses; otherwise (neither or both) it is
//! a draw.
//!
//! A move "chases" the pieces it newly attacks (directly or by discovery) that are not
//! protected, or that are worth more than the attacker (a chariot attacked by a horse or
//! cannon; a chariot, cannon or horse attacked by an elephant or advisor). Generals and
//! soldiers that have not crossed the river are never chased, soldiers never chase, mutual
//! attacks between pieces of one kind do not count unless the attacked piece is pinned, and a
//! protector that is pinned to its general does not protect. The details (which attacks are
//! "new", when a pin makes a protection fake) follow Fairy-Stockfish so that verdicts agree
//! with it; the differential tests compare them on many cycles.
//!
//! Everything here reads the shared [`Board`], so Jieqi uses the same rules: a face-down
//! piece stands on the board as the piece of its point and is judged as that piece, and a
//! revealed advisor or elephant that is free of palace and river attacks (and protects)
//! wherever it stands.

use super::board::Board;
use super::tables::*;
use crate::bits::Bits;
use crate::xiangqi::Move;
use crate::{Color, DrawReason, Game, Outcome, Position, WinReason};

/// A position of a game played on the shared Xiangqi board with coordinate moves.
pub(crate) trait OnBoard: Position<Move = Move> {
    /// The board.
    fn board(&self) -> &Board;
}

/// A line of play as the repetition rules read it: the position after `k` plies for `k` in
/// `0..=len()`, and the move of each ply `1..=len()`. A game record is one; so is a player's
/// record of views in Jieqi, which holds the same boards without the hidden identities.
pub(crate) trait Line {
    /// Plies played.
    fn len(&self) -> usize;
    /// The board after `k` plies.
    fn board(&self, k: usize) -> &Board;
    /// The side to move after `k` plies.
    fn turn(&self, k: usize) -> Color;
    /// The repetition key (Zobrist hash) of the position after `k` plies.
    fn key(&self, k: usize) -> u64;
    /// Whether the side to move is in check after `k` plies.
    fn in_check(&self, k: usize) -> bool;
    /// The move of ply `k` (1-based).
    fn mv(&self, k: usize) -> Move;
    /// Whether ply `k` (1-based) can never be undone (a capture, a reveal).
    fn irreversible(&self, k: usize) -> bool;

    /// Plies since the last irreversible one: how far back a position can recur.
    fn reversible_plies(&self) -> usize {
        let n = self.len();
        (1..=n).rev().take_while(|&k| !self.irreversible(k)).count()
    }

    /// How many times the current position has occurred since the last irreversible ply,
    /// counting the current one.
    fn occurrences(&self) -> usize {
        let n = self.len();
        let key = self.key(n);
        (2..=self.reversible_plies()).step_by(2).filter(|&i| self.key(n - i) == key).count() + 1
    }
}

impl<P: OnBoard> Line for Game<P> {
    fn len(&self) -> usize {
        Game::len(self)
    }
    fn board(&self, k: usize) -> &Board {
        self.position_at(k).unwrap_or(self.position()).board()
    }
    fn turn(&self, k: usize) -> Color {
        self.position_at(k).unwrap_or(self.position()).turn()
    }
    fn key(&self, k: usize) -> u64 {
        self.position_at(k).unwrap_or(self.position()).zobrist()
    }
    fn in_check(&self, k: usize) -> bool {
        self.position_at(k).unwrap_or(self.position()).is_check()
    }
    fn mv(&self, k: usize) -> Move {
        self.plies()[k - 1].mv
    }
    fn irreversible(&self, k: usize) -> bool {
        self.plies()[k - 1].irreversible
    }
}

const ALL_POINTS: Bb = (1u128 << 90) - 1;

#[inline]
fn popcount(b: Bb) -> u32 {
    b.count_ones()
}

fn file_mask(file: u8) -> Bb {
    let mut m = 0;
    for r in 0..10 {
        m |= sq_bit(r * 9 + file);
    }
    m
}

fn rank_mask(rank: u8) -> Bb {
    let mut m = 0;
    for f in 0..9 {
        m |= sq_bit(rank * 9 + f);
    }
    m
}

/// The board seen as Fairy-Stockfish's bitboards: what the chase rules read.
struct View<'a> {
    b: &'a Board,
}

impl View<'_> {
    fn all(&self) -> Bb {
        self.b.occupied()
    }

    fn side(&self, c: Color) -> Bb {
        self.b.occ[c.index()]
    }

    fn pieces(&self, c: Color, role: u8) -> Bb {
        let mut out = 0;
        for s in Bits(self.b.occ[c.index()]) {
            if self.b.squares[s as usize] & 7 == role {
                out |= sq_bit(s);
            }
        }
        out
    }

    fn role_at(&self, s: u8) -> u8 {
        self.b.squares[s as usize] & 7
    }

    fn general(&self, c: Color) -> u8 {
        self.b.generals[c.index()]
    }

    /// Where a piece of `c` and `role` may stand (Fairy-Stockfish's mobility regions).
    fn region(&self, c: Color, role: u8) -> Bb {
        match role {
            GENERAL | ADVISOR => TABLES.palace[c.index()],
            ELEPHANT => TABLES.half[c.index()],
            _ => ALL_POINTS,
        }
    }

    /// Soldiers of `c` that have crossed the river.
    fn crossed_soldiers(&self, c: Color) -> Bb {
        self.pieces(c, SOLDIER) & TABLES.half[(!c).index()]
    }
}

/// The points a piece of `c`/`role` on `s` attacks with occupancy `occ`, ignoring regions
/// and the soldier's river (Fairy-Stockfish's `attacks_bb`).
fn raw_attacks(c: Color, role: u8, s: u8, occ: Bb) -> Bb {
    let t = &TABLES;
    let s = s as usize;
    let mut out = 0;
    match role {
        GENERAL => out = t.orthogonal[s],
        ADVISOR => out = t.diagonal[s],
        ELEPHANT => {
            for &(eye, to) in t.elephant_free[s].as_slice() {
                if occ & sq_bit(eye) == 0 {
                    out |= sq_bit(to);
                }
            }
        }
        HORSE => {
            for &(leg, to) in t.horse[s].as_slice() {
                if occ & sq_bit(leg) == 0 {
                    out |= sq_bit(to);
                }
            }
        }
        CHARIOT => {
            for ray in &t.rays[s] {
                for &to in ray.as_slice() {
                    out |= sq_bit(to);
                    if occ & sq_bit(to) != 0 {
                        break;
                    }
                }
            }
        }
        CANNON => {
            for ray in &t.rays[s] {
                let mut screens = 0;
                for &to in ray.as_slice() {
                    if screens == 1 {
                        out |= sq_bit(to);
                    }
                    if occ & sq_bit(to) != 0 {
                        screens += 1;
                        if screens == 2 {
                            break;
                        }
                    }
                }
            }
        }
        _ => {
            let (f, r) = (s % 9, s / 9);
            let fwd: i32 = if c == Color::White { 1 } else { -1 };
            let nr = r as i32 + fwd;
            if (0..10).contains(&nr) {
                out |= sq_bit((nr as usize * 9 + f) as u8);
            }
            if f >= 1 {
                out |= sq_bit((s - 1) as u8);
            }
            if f <= 7 {
                out |= sq_bit((s + 1) as u8);
            }
        }
    }
    out
}

/// Fairy-Stockfish's `attacks_from`: attacks with the board's occupancy, soldiers that have
/// not crossed only straight ahead, and clipped to the piece's region (unless the piece is
/// free of palace and river, as Jieqi's revealed advisors and elephants are).
fn attacks_from(v: &View, c: Color, role: u8, s: u8) -> Bb {
    let mut a = raw_attacks(c, role, s, v.all());
    if role == SOLDIER && v.crossed_soldiers(c) & sq_bit(s) == 0 {
        a &= file_mask(s % 9);
    }
    if v.b.free & sq_bit(s) != 0 { a } else { a & v.region(c, role) }
}

/// Pieces of `c` attacking `s` with occupancy `occ` (Fairy-Stockfish's `attackers_to`: no
/// flying general).
fn attackers_to(v: &View, s: u8, occ: Bb, c: Color) -> Bb {
    let mut out = 0;
    let target = sq_bit(s);
    for role in [GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER] {
        // Outside its region a piece attacks only if it is free of palace and river.
        let mine = if v.region(c, role) & target != 0 {
            v.pieces(c, role)
        } else if v.b.free != 0 {
            v.pieces(c, role) & v.b.free
        } else {
            continue;
        };
        if mine == 0 {
            continue;
        }
        if role == HORSE {
            for &(leg, from) in TABLES.horse_attackers[s as usize].as_slice() {
                if mine & sq_bit(from) != 0 && occ & sq_bit(leg) == 0 {
                    out |= sq_bit(from);
                }
            }
        } else {
            out |= raw_attacks(!c, role, s, occ) & mine;
        }
    }
    // A soldier on its own side only attacks straight ahead.
    let own_side = TABLES.half[c.index()] & target != 0;
    if own_side {
        let soldiers = out & v.pieces(c, SOLDIER);
        if soldiers != 0 {
            let behind = raw_attacks(!c, SOLDIER, s, 0) & file_mask(s % 9);
            out &= !(soldiers & !behind);
        }
    }
    out
}

/// The points strictly between `a` and `b` on a line (empty if not on one line).
fn between_line(a: u8, b: u8) -> Bb {
    let (af, ar, bf, br) = (a % 9, a / 9, b % 9, b / 9);
    let mut out = 0;
    if af == bf {
        let (lo, hi) = (ar.min(br), ar.max(br));
        for r in lo + 1..hi {
            out |= sq_bit(r * 9 + af);
        }
    } else if ar == br {
        let (lo, hi) = (af.min(bf), af.max(bf));
        for f in lo + 1..hi {
            out |= sq_bit(ar * 9 + f);
        }
    }
    out
}

/// Pieces (of both sides) that block an attack on `c`'s general: removing one of them would
/// let an enemy chariot, cannon, horse or elephant attack it (Fairy-Stockfish's
/// `slider_blockers`; the flying general is not included).
fn blockers_for_general(v: &View, c: Color) -> Bb {
    let k = v.general(c);
    let enemy = !c;
    let all = v.all();
    let mut snipers: Bb = 0;
    let mut sliding: Bb = 0;
    let lines = TABLES.lines[k as usize];
    let chariots = v.pieces(enemy, CHARIOT) & lines & !raw_attacks(c, CHARIOT, k, all);
    snipers |= chariots;
    sliding |= chariots;
    let cannons = v.pieces(enemy, CANNON) & lines & !raw_attacks(c, CANNON, k, all);
    snipers |= cannons;
    let mut horses: Bb = 0;
    for &(_, from) in TABLES.horse_attackers[k as usize].as_slice() {
        if v.pieces(enemy, HORSE) & sq_bit(from) != 0
            && attacks_from(v, enemy, HORSE, from) & sq_bit(k) == 0
        {
            horses |= sq_bit(from);
        }
    }
    snipers |= horses;
    sliding |= horses;
    let mut elephants: Bb = 0;
    for &(_, from) in TABLES.elephant_free[k as usize].as_slice() {
        elephants |= sq_bit(from);
    }
    let elephants = elephants & v.pieces(enemy, ELEPHANT) & !raw_attacks(c, ELEPHANT, k, all);
    snipers |= elephants;
    sliding |= elephants;

    let occupancy = all ^ sliding;
    let mut blockers = 0;
    for s in Bits(snipers) {
        let role = v.role_at(s);
        let hopper = role == CANNON;
        let between = match role {
            CHARIOT | CANNON => between_line(k, s),
            HORSE => {
                let (kf, kr, sf, sr) = (k % 9, k / 9, s % 9, s / 9);
                let dr = kr as i32 - sr as i32;
                let df = kf as i32 - sf as i32;
                let leg = if dr.abs() == 2 {
                    (sr as i32 + dr / 2) * 9 + sf as i32
                } else {
                    sr as i32 * 9 + sf as i32 + df / 2
                };
                sq_bit(leg as u8)
            }
            _ => sq_bit(((k as u32 + s as u32) / 2) as u8),
        };
        let b = between & if hopper { all ^ sq_bit(s) } else { occupancy };
        if b != 0 && (popcount(b) == 1 || (hopper && popcount(b) == 2)) {
            blockers |= b;
        }
    }
    blockers
}

/// Replaces the destination of `m` by its origin in `b`: follows chased pieces back over
/// their own move.
fn undo_move_board(b: Bb, m: Move) -> Bb {
    let to = sq_bit(m.to.u8());
    if b & to != 0 { (b ^ to) | sq_bit(m.from.u8()) } else { b }
}

/// The pieces of `victim` (the side to move in `after`) that the move `m`, played on the
/// board `before`, chases.
pub(crate) fn chased(before: &Board, m: Move, after: &Board, victim: Color) -> Bb {
    let v = View { b: after };
    let attacker = !victim;
    let all = v.all();
    let mut b: Bb = 0;

    let mut pins = blockers_for_general(&v, victim);
    // The flying general also pins: a lone piece on the file of the attacker's general.
    let general_file = file_mask(v.general(attacker) % 9) & v.side(victim);
    let generals = sq_bit(v.general(Color::White)) | sq_bit(v.general(Color::Black));
    if general_file & generals != 0 && popcount(general_file & !generals) <= 1 {
        pins |= general_file & !generals;
    }
    let excluded =
        (v.pieces(victim, GENERAL) | v.pieces(victim, SOLDIER)) ^ v.crossed_soldiers(victim);

    let add_chased = |b: &mut Bb, attacker_sq: u8, role: u8, attacks: Bb| {
        if attacks & !*b == 0 {
            return;
        }
        let mut attacks = attacks & !excluded;
        if role == HORSE || role == CANNON {
            *b |= attacks & v.pieces(victim, CHARIOT);
        }
        if role == ELEPHANT || role == ADVISOR {
            *b |= attacks
                & (v.pieces(victim, CHARIOT) | v.pieces(victim, CANNON) | v.pieces(victim, HORSE));
        }
        // Mutual attacks between pieces of one kind do not count, except where the attacked
        // piece cannot strike back (a hobbled horse, a pinned piece).
        if role == HORSE && TABLES.diagonal[attacker_sq as usize] & all != 0 {
            for s in Bits(attacks & v.pieces(victim, HORSE)) {
                if raw_attacks(victim, HORSE, s, all) & sq_bit(attacker_sq) != 0 {
                    attacks ^= sq_bit(s);
                }
            }
        } else {
            attacks &= !v.pieces(victim, role) | pins;
        }
        for s in Bits(attacks) {
            let roots = attackers_to(&v, s, all ^ sq_bit(attacker_sq), victim) & !pins;
            let general_only = roots == v.pieces(victim, GENERAL)
                && raw_attacks(victim, CHARIOT, v.general(attacker), all ^ sq_bit(attacker_sq))
                    & sq_bit(s)
                    != 0;
            if roots == 0 || general_only {
                *b |= sq_bit(s);
            }
        }
    };

    // Direct attacks of the moved piece: only the new ones count.
    let (from, to) = (m.from.u8(), m.to.u8());
    let moved = v.role_at(to);
    if moved != GENERAL && moved != SOLDIER {
        let mut direct = attacks_from(&v, attacker, moved, to) & v.side(victim);
        if moved == CHARIOT || moved == CANNON {
            let line = if from % 9 == to % 9 { file_mask(to % 9) } else { rank_mask(to / 9) };
            direct &= !line;
        }
        add_chased(&mut b, to, moved, direct);
    }

    // Attacks discovered by the move.
    let captured = before.squares[to as usize] != EMPTY;
    let old_occ = (if captured { all } else { all ^ sq_bit(to) }) ^ sq_bit(from);
    let candidates = (TABLES.orthogonal[from as usize] & v.pieces(attacker, HORSE))
        | (TABLES.diagonal[from as usize] & v.pieces(attacker, ELEPHANT))
        | (TABLES.lines[from as usize]
            & (v.pieces(attacker, CANNON) | v.pieces(attacker, CHARIOT)))
        | (TABLES.lines[to as usize] & v.pieces(attacker, CANNON));
    for s in Bits(candidates) {
        let role = v.role_at(s);
        let discoveries = v.side(victim)
            & raw_attacks(attacker, role, s, all)
            & !raw_attacks(attacker, role, s, old_occ);
        add_chased(&mut b, s, role, discoveries);
    }

    // Protections made fake, and checks discovered, by new pins.
    let before_view = View { b: before };
    let new_blockers =
        blockers_for_general(&v, victim) & !blockers_for_general(&before_view, victim);
    let attacker_blockers = blockers_for_general(&v, attacker);
    for s in Bits(new_blockers & v.side(victim)) {
        let role = v.role_at(s);
        let fake_rooted = v.side(victim) & !excluded & raw_attacks(victim, role, s, all);
        for s2 in Bits(fake_rooted) {
            if attackers_to(&v, s2, all, attacker) & !attacker_blockers != 0 {
                b |= sq_bit(s2);
            }
        }
    }
    let victim_general = v.general(victim);
    let general_steps = attacks_from(&v, victim, GENERAL, victim_general);
    for s in Bits(new_blockers & v.side(attacker)) {
        let role = v.role_at(s);
        let mut discovered = attacks_from(&v, attacker, role, s) & v.side(victim);
        b |= discovered & !general_steps;
        discovered &= general_steps;
        for s2 in Bits(discovered) {
            if attackers_to(&v, s2, all ^ sq_bit(s) ^ sq_bit(victim_general), attacker) & !sq_bit(s)
                != 0
            {
                b |= sq_bit(s2);
            }
        }
    }
    b
}

/// What the moves of a repetition cycle did, from the side to move's point of view ("us")
/// and its opponent's ("them").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cycle {
    /// The side to move when the position occurred for the third time.
    pub(crate) us: Color,
    /// Every move of ours in the cycle gave check.
    pub(crate) perpetual_us: bool,
    /// Every move of theirs in the cycle gave check.
    pub(crate) perpetual_them: bool,
    /// Our pieces chased by every move of theirs (followed as they move).
    pub(crate) chase_them: Bb,
    /// Their pieces chased by every move of ours.
    pub(crate) chase_us: Bb,
}

impl Cycle {
    /// The verdict: perpetual check loses, else perpetual chase loses; both or neither draw.
    pub(crate) fn verdict(&self) -> Outcome {
        let us = self.us;
        let winner = if self.perpetual_them || self.perpetual_us {
            match (self.perpetual_us, self.perpetual_them) {
                (false, _) => Some((us, WinReason::PerpetualCheck)),
                (_, false) => Some((!us, WinReason::PerpetualCheck)),
                _ => None,
            }
        } else if self.chase_them != 0 || self.chase_us != 0 {
            match (self.chase_us != 0, self.chase_them != 0) {
                (false, _) => Some((us, WinReason::PerpetualChase)),
                (_, false) => Some((!us, WinReason::PerpetualChase)),
                _ => None,
            }
        } else {
            None
        };
        match winner {
            Some((winner, reason)) => Outcome::Win { winner, reason },
            None => Outcome::Draw { reason: DrawReason::Repetition },
        }
    }
}

/// The verdict for the line's current position if it occurs for the third time.
pub(crate) fn repetition_verdict<L: Line>(line: &L) -> Option<Outcome> {
    repetition_cycle(line).map(|c| c.verdict())
}

/// The pieces of the side to move after ply `k` that the move of ply `k` chased.
pub(crate) fn chased_at<L: Line>(line: &L, k: usize) -> Bb {
    if k == 0 { 0 } else { chased(line.board(k - 1), line.mv(k), line.board(k), line.turn(k)) }
}

/// Follows the pieces `b` (on the board after ply `k`) back over the move of ply `k`.
pub(crate) fn follow_back<L: Line>(line: &L, b: Bb, k: usize) -> Bb {
    undo_move_board(b, line.mv(k))
}

/// The facts of the repetition cycle ending in the line's current position, if the position
/// occurs for the third time (counting from the last irreversible ply, within the record).
pub(crate) fn repetition_cycle<L: Line>(line: &L) -> Option<Cycle> {
    let n = line.len();
    // The window: for Xiangqi this is the half-move clock (a capture is the only irreversible
    // move); Jieqi's reveals end it too, though they do not reset the clock.
    let end = line.reversible_plies();
    if end < 4 {
        return None;
    }
    let key = line.key(n);
    // Cheap pre-check: the verdict needs two earlier occurrences in the window.
    let earlier = (2..=end).step_by(2).filter(|&i| line.key(n - i) == key).count();
    if earlier < 2 {
        return None;
    }

    let mv = |k: usize| line.mv(k);
    let check = |k: usize| line.in_check(k);
    let chased_at = |k: usize| chased_at(line, k);

    let mut stp = n - 2;
    let mut cnt = 0;
    let mut perpetual_them = check(n) && check(n - 2);
    let mut perpetual_us = check(n - 1) && check(n - 3);
    let mut chase_them = undo_move_board(chased_at(n), mv(n - 1)) & chased_at(n - 2);
    let mut chase_us = undo_move_board(chased_at(n - 1), mv(n - 2)) & chased_at(n - 3);
    let mut i = 4;
    while i <= end {
        if i != n {
            chase_them = undo_move_board(chase_them, mv(stp - 1)) & chased_at(stp - 2);
        }
        stp -= 2;
        perpetual_them &= check(stp);
        if line.key(stp) == key {
            cnt += 1;
            if cnt + 1 == 3 {
                return Some(Cycle {
                    us: line.turn(n),
                    perpetual_us,
                    perpetual_them,
                    chase_them,
                    chase_us,
                });
            }
        }
        if i < end {
            perpetual_us &= check(stp - 1);
            chase_us = undo_move_board(chase_us, mv(stp)) & chased_at(stp - 1);
        }
        i += 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Truth, Xiangqi};

    /// Sorts the committed repetition sequences by kind, as this module sees them, and checks
    /// that every kind the rules page names is represented.
    #[test]
    fn every_kind_of_repetition_is_covered() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xiangqi/repetitions.txt");
        let text = std::fs::read_to_string(path).expect("repetition data");
        let mut kinds = std::collections::BTreeMap::<String, usize>::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('|').collect();
            let mut game = Game::new(Xiangqi::from_fen(f[2]).expect("fen"));
            for m in f[3].split_whitespace() {
                let m = game.position().parse_coordinate(m).expect("legal");
                game.play_unchecked(&m);
            }
            let c = repetition_cycle(&game).expect("ends in repetition");
            let kind = if c.perpetual_us || c.perpetual_them {
                if c.perpetual_us && c.perpetual_them { "mutual check" } else { "perpetual check" }
            } else if c.chase_us != 0 && c.chase_them != 0 {
                "mutual chase"
            } else if c.chase_us != 0 || c.chase_them != 0 {
                "perpetual chase"
            } else {
                "no check, no chase"
            };
            *kinds.entry(kind.to_owned()).or_default() += 1;
            // The hand-made kinds say more than the verdict: check what they claim.
            let claimed = f[1];
            match claimed {
                "chase_stronger" | "chase_unprotected" => {
                    assert_eq!(kind, "perpetual chase", "{}", f[0])
                }
                "protected" | "idle" => assert_eq!(kind, "no check, no chase", "{}", f[0]),
                "mutual_chase" => assert_eq!(kind, "mutual chase", "{}", f[0]),
                "perpetual_check" => assert_eq!(kind, "perpetual check", "{}", f[0]),
                _ => {}
            }
        }
        eprintln!("{kinds:?}");
        for kind in ["perpetual check", "perpetual chase", "mutual chase", "no check, no chase"] {
            assert!(kinds.get(kind).copied().unwrap_or(0) >= 1, "no {kind} sequence: {kinds:?}");
        }
    }
}
