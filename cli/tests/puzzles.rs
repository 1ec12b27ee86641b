//! `rodina puzzles`: the banks as they ship, read back by scripts.

mod support;
use support::*;

#[test]
fn export_prints_the_embedded_bank_as_committed() {
    let o = rodina(&["puzzles", "export", "friendly"]);
    assert!(o.status.success());
    let out = stdout(&o);
    // The compact data in the library gives back the committed text, line for line.
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../core/puzzles/banks/friendly.csv"
    ))
    .unwrap();
    assert_eq!(out.lines().count(), committed.lines().count());
    assert_eq!(out, committed);
    assert!(out.starts_with("PuzzleId,FEN,Moves,"), "{}", &out[..80]);
}

#[test]
fn export_of_an_unknown_game_is_one_line_and_fails() {
    let o = rodina(&["puzzles", "export", "checkers"]);
    assert!(!o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stderr).trim().lines().count(), 1);
}

#[test]
fn stats_count_the_committed_bank() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/puzzles/banks/friendly.csv");
    let o = rodina(&["puzzles", "stats", "friendly", "--bank", path]);
    assert!(o.status.success());
    let out = stdout(&o);
    let committed = std::fs::read_to_string(path).unwrap();
    let n = committed.lines().count() - 1;
    assert!(out.starts_with(&format!("friendly: {n} puzzles\n")), "{out}");
    let mates = committed
        .lines()
        .filter(|l| l.split(',').nth(7).is_some_and(|t| t.split(' ').any(|w| w == "mate")))
        .count();
    assert!(out.contains(&format!("mate {mates}")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("compact: ")), "{out}");
}

#[test]
fn an_outside_engines_curve_is_fitted_to_its_own_games() {
    // `rodina uci` stands in for the outside engine: the plumbing is the same. A node limit
    // makes the games the same however busy the machine is (with a time limit, a loaded
    // machine drew both games and left nothing to fit).
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_rodina"));
    let o = rodina(&[
        "puzzles",
        "fit",
        "jesonmor",
        "--engine",
        &engine,
        "--games",
        "2",
        "--nodes",
        "10000",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let k: f64 = out
        .split_whitespace()
        .find_map(|w| w.strip_prefix("k="))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(k.is_finite() && k > 0.0, "{out}");
    assert!(out.contains("positions="), "{out}");
    // A game the engine does not play as we do is refused in one line.
    let o = rodina(&["puzzles", "fit", "jieqi", "--engine", &engine, "--games", "1"]);
    assert!(!o.status.success());
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
}
