use super::*;

#[test]
fn perft_start() {
    let p = Friendly::new();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 400);
    assert_eq!(p.perft(3), 8_902);
    assert_eq!(p.perft(4), 197_792);
}
