//! Friendly chess move generation speed: prints moves per second over a set of middlegame
//! positions and a set of late positions rich in bonds (chains), plus start-position perft.
//! Run with `cargo bench -p rodina-rules --bench friendly_movegen` (`-- --quick` for a short run).
//! Figures on a shared machine are noisy: compare runs made under the same load.
//!
//! The positions come from seeded random games (plies 36 and 60), kept here as FENs so the
//! figures stay comparable between versions.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rodina_rules::friendly::Friendly;
use rodina_rules::{Position, Truth};

/// Middlegame positions: 3 to 5 bonds, some chains.
const MIDDLEGAME: &[&str] = &[
    "rn1k1b1r/1pp1p2p/4b1QB/p2pPp2/2PP4/5(Pp)1N/(Pq)P1K2PP/RN1(Bn)2R1 w - - - 6 19",
    "rn2(Nn)k1r/p2p3p/b7/2pP1p(Bp)N/1pQ1q3/2P3(Pp)1/P(Pb)2B1PP/R3K1NR w KQ - - 1 19",
    "1rb2knr/pp1p3p/6n1/4(Pp)p1(Nb)/P1p1(Pp)2(Pq)/3P2P1/1P2PK2/1RB1QBNR w - - - 1 19",
    "2b(Rq)k1r1/3p(Bb)pn1/n3p1(Qp)1/1p(Pp)1r1p1/2P1PN2/1(Pp)4PP/5P1R/RN2KB2 w Q - - 1 19",
    "rnb1k2r/3(Bp)4/1pp(Pn)p1q1/1(Pp)3ppp/2P3Q1/1P5N/1(Nb)1P1PPP/R1B2K1R w - - - 9 19",
    "1r2kbn1/1p1bp3/3p2p1/1Np3(Pr)1/1(Pp)PP(Pp)1p1/1n3P2/P2Q(Nq)1BP/R1B1K2R w KQ - - 6 19",
    "1r(Qb)k1b2/3pq1p1/p3p1nr/1p5(Pp)/1P1P1N1P/3(Pp)1(Nn)2/PB1P1P2/R3KB(Rn)1 w Q - - 0 19",
    "1n3bn1/r3k1p1/p1pbpp(Nr)1/1p3(Qp)1p/1P4P1/2P2(Nq)2/P2PPP1P/R1B1KBR1 w Q - - 20 19",
    "r1b3nr/3kbppp/ppp1p3/3P4/P3BP1(Np)/1P1(Pn)P1PN/1B5P/R2(Qq)1K1R w - - - 0 19",
    "rn2qb1r/2p1p3/b2p1k1p/1p4p1/1(Pp)2(Pn)1P1/P1P4Q/R2PN(Pp)BP/BN2K2R w K - - 0 19",
    "r2qk2r/1bp4p/p2p4/Pp2(Pp)3/1n(Bp)1P(Pn)(Pp)1/2P1K3/R(Pb)1P4/1NBQ2NR w k - - 0 19",
    "rnb1qk1r/p7/2p1p1p1/Pp1(Np)(Np)2p/2nP1P1P/1P2(Bb)3/2P1PRP1/R2QKB2 w - - - 1 19",
    "r2q2r1/3p2bp/(Pb)(Bp)p1k2n/R(Np)n3p1/1PP1pP(Pp)P/4Q2R/3PP3/2B1K1N1 w - - - 7 19",
    "r2qk1nr/2pp(Np)2p/p4pp1/1Q2(Pn)3/3b(Bb)3/(Pp)P4P1/R1PP1P1P/1NB2R1K w kq - - 2 19",
    "1n2kb1r/r5pp/3p2(Pn)1/(Bp)pp1ppN1/3P3(Pq)/PP2Pb2/2P2PBR/RN1QK3 w Qk - - 1 19",
    "r1bk1b1r/6p1/3(Pp)1n1p/p(Pp)1pq3/1(Pp)3(Pp)2/1(Pn)1B1P1P/P2BQ2R/RN2K1N1 w Q - - 3 19",
];

/// Late positions: 8 bonds, many chains.
const LATE: &[&str] = &[
    "1r1k1b2/r1(Np)p2(Rp)1/p7/4(Nn)2(Pp)/1PnP(Bn)2P/1(Pq)1(Pp)4/1(Rp)1PbP2/B2QK3 w - - - 12 31",
    "3r1b1r/8/n2p2p(Np)/2(Pp)1k1(Pp)1/1R4Pp/4(Pn)N2/P(Bn)(Pb)(Pp)(Qq)1BP/4K1R1 w - - - 8 31",
    "3rkb2/p7/2(Np)p1p2/2p(Pb)2(Pp)1/1P1P(Rn)3/(Nq)3(Pn)(Qr)2/2P1(Bp)PP1/R1B1bK2 w - - - 2 31",
    "rnbk1r(Nn)1/p2P1p2/2(Bp)1p3/1(Rp)6/4P1P(Pp)/N2(Np)4/1P1(Pr)1P2/2(Bb)K1R1(Qq) w - - - 4 31",
];

/// A position of a random game with 2.4 million distinct legal moves: chains through many
/// bonds shuffle the pieces in them (every arrangement is a different position).
const CHAIN_RICH: &str = "1(Nr)6/2(Pr)5/P2(Nb)4/(Rq)5(Pn)p/k1(Pb)(Pp)4/1n(Qp)4(Np)/1(Rp)2(Bb)K1P/(Br)(Qp)6 b - - b1 1 109";

/// This process's CPU time (Linux), to read next to the wall clock: on a machine shared with
/// other work the CPU time is the steadier figure.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Moves per second by wall clock and, where known, by CPU time.
fn rates(moves: u64, wall: Duration, cpu: Option<Duration>) -> String {
    let per = |d: Duration| moves as f64 / d.as_secs_f64() / 1e6;
    match cpu {
        Some(c) => format!("{:>6.2} M moves/s ({:>6.2} per CPU second)", per(wall), per(c)),
        None => format!("{:>6.2} M moves/s", per(wall)),
    }
}

fn measure(name: &str, fens: &[&str], budget: Duration, f: impl Fn(&Friendly) -> usize) {
    let positions: Vec<Friendly> =
        fens.iter().map(|f| Friendly::from_fen(f).expect("bench FEN is valid")).collect();
    for p in &positions {
        black_box(f(p));
    }
    let (start, cpu0) = (Instant::now(), cpu_time());
    let (mut rounds, mut moves) = (0u64, 0u64);
    while start.elapsed() < budget {
        for p in &positions {
            moves += f(black_box(p)) as u64;
        }
        rounds += 1;
    }
    let wall = start.elapsed();
    let cpu = cpu_time().zip(cpu0).map(|(b, a)| b.saturating_sub(a));
    let generations = rounds * positions.len() as u64;
    println!(
        "friendly {name:<34} {:>8.0} positions/s {} ({} moves per position)",
        generations as f64 / wall.as_secs_f64(),
        rates(moves, wall, cpu),
        moves / generations.max(1)
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Duration::from_millis(if quick { 300 } else { 2_000 });
    measure("middlegame legal_moves (with text)", MIDDLEGAME, budget, |p| p.legal_moves().len());
    measure("middlegame count_moves", MIDDLEGAME, budget, Friendly::count_moves);
    measure("late legal_moves (with text)", LATE, budget, |p| p.legal_moves().len());
    measure("late count_moves", LATE, budget, Friendly::count_moves);

    let depth = if quick { 4 } else { 5 };
    let (start, cpu0) = (Instant::now(), cpu_time());
    let nodes = Friendly::new().perft(depth);
    let (wall, cpu) = (start.elapsed(), cpu_time().zip(cpu0).map(|(b, a)| b.saturating_sub(a)));
    println!(
        "friendly start perft {depth}: {nodes} leaves in {:.3} s = {}",
        wall.as_secs_f64(),
        rates(nodes, wall, cpu)
    );

    let p = Friendly::from_fen(CHAIN_RICH).expect("bench FEN is valid");
    let (start, cpu0) = (Instant::now(), cpu_time());
    let n = p.count_moves();
    let (wall, cpu) = (start.elapsed(), cpu_time().zip(cpu0).map(|(b, a)| b.saturating_sub(a)));
    println!(
        "friendly chain-rich position: {n} moves counted in {:.2} s = {}",
        wall.as_secs_f64(),
        rates(n as u64, wall, cpu)
    );
}
