//! Jeson Mor perft speed and the depth-5 figure: prints nodes per second for the start
//! position and a middlegame, and the start position's count at depth 5 beside
//! Fairy-Stockfish's. Run with `cargo bench -p rodina-rules --bench jesonmor_perft`
//! (`-- --quick` for depth 5 instead of 6). Timings on a shared machine are noisy; read them
//! as rough.

use std::time::Instant;

use rodina_rules::jeson_mor::START_FEN;
use rodina_rules::{JesonMor, Truth};

fn measure(name: &str, fen: &str, depth: u32) -> u64 {
    let pos = JesonMor::from_fen(fen).expect("bench FEN is valid");
    // Warm-up pass so that the first figure is not a cold-cache one.
    let _ = pos.perft(depth.saturating_sub(2).max(1));
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "jesonmor {name:<12} depth {depth}: {nodes:>12} nodes in {secs:>7.3} s = {:>7.2} M nodes/s",
        nodes as f64 / secs / 1e6
    );
    nodes
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let depth = if quick { 5 } else { 6 };
    measure("start", START_FEN, depth);
    measure("middlegame", "nn5nn/2n3n2/9/3N1n3/9/2N2N3/9/2N3N2/NN5NN b - - 3 20", depth);
    // The rules page ends games one ply later than Fairy-Stockfish: 3 712 nodes after ply 4
    // where Red holds e5 have their 126 208 moves here and none there.
    let five = JesonMor::new().perft(5);
    println!(
        "jesonmor start depth 5: {five} here, 27756588 in Fairy-Stockfish (difference {}: \
         moves of the nodes where Red already holds e5)",
        five as i64 - 27_756_588
    );
}
