//! Perft speed: prints nodes per second for each game's start position and a few
//! middlegame positions. Run with `cargo bench -p rodina-rules --bench perft`.

use std::time::Instant;

use rodina_rules::{Truth, Xiangqi};

fn measure(name: &str, fen: &str, depth: u32) {
    let pos = Xiangqi::from_fen(fen).expect("bench FEN is valid");
    // Warm-up pass so that the first figure is not a cold-cache one.
    let _ = pos.perft(depth.saturating_sub(2).max(1));
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "xiangqi {name:<12} depth {depth}: {nodes:>12} nodes in {secs:>7.3} s = {:>6.2} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let depth = if quick { 4 } else { 5 };
    measure("start", rodina_rules::xiangqi::START_FEN, depth);
    measure(
        "middlegame",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        depth,
    );
    measure("endgame", "3k5/4a4/4ba3/9/2b6/9/9/4B4/3NA4/3AKC3 w - - 0 1", depth + 1);
}
