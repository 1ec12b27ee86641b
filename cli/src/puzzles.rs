//! `rodina puzzles`: generating the banks, fitting a game's score curve.

use std::path::PathBuf;

use rodina_puzzles::Puzzle;
use rodina_puzzles::generate::{self, Options, Summary};
use rodina_puzzles::verify::Rejection;
use rodina_rules::Variant;

/// What `rodina puzzles` does.
#[derive(clap::Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Generate a game's bank from self-play (offline; resumes from its journal).
    Generate {
        /// The game.
        variant: String,
        /// The seed of the games.
        #[arg(long)]
        seed: Option<u64>,
        /// Games to play at most.
        #[arg(long)]
        games: Option<usize>,
        /// Puzzles wanted.
        #[arg(long)]
        target: Option<usize>,
        /// Nodes of the search that scores each position.
        #[arg(long)]
        scan_nodes: Option<u64>,
        /// Nodes of each verification search.
        #[arg(long)]
        verify_nodes: Option<u64>,
        /// Nodes of the shallow look at every position (0: none).
        #[arg(long)]
        prescan_nodes: Option<u64>,
        /// Nodes of the first verification of every candidate (0: none).
        #[arg(long)]
        preverify_nodes: Option<u64>,
        /// Plies with one side winning after which a game ends (0: played out).
        #[arg(long)]
        decided_plies: Option<usize>,
        /// Weaker bots asked for their mistake at every ply.
        #[arg(long)]
        tempters: Option<usize>,
        /// Opening plies of a noisy shallow search a game may start with beyond the first two.
        #[arg(long)]
        opening_spread: Option<usize>,
        /// The generator version whose criteria judge the puzzles (an earlier one makes an
        /// earlier bank again).
        #[arg(long)]
        generator: Option<u32>,
        /// Games analysed at the same time.
        #[arg(long)]
        threads: Option<usize>,
        /// Measure the first ratings of the journal's puzzles again (after the rating ladder
        /// changed), rewrite the journal and stop, playing no games.
        #[arg(long)]
        rerate: bool,
        /// Verify the journal's puzzles again with this build's engine (after a search
        /// change), take out those it no longer finds forced, rate the rest again, write the
        /// journal and the bank, and stop, playing no games.
        #[arg(long, conflicts_with = "rerate")]
        recheck: bool,
        /// The journal (default: target/puzzles/GAME.journal).
        #[arg(long)]
        journal: Option<PathBuf>,
        /// Where the bank goes (default: core/puzzles/banks/GAME.csv).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print the bank embedded in the core (what the app ships), one puzzle per line in the
    /// text form after its header.
    Export {
        /// The game.
        variant: String,
    },
    /// Print a bank's figures: count, rating spread, themes, line lengths, compact size.
    Stats {
        /// The game.
        variant: String,
        /// The bank (default: core/puzzles/banks/GAME.csv).
        #[arg(long)]
        bank: Option<PathBuf>,
    },
    /// Verify a bank again with the generator's criteria (every puzzle, or a sample).
    Verify {
        /// The game.
        variant: String,
        /// The bank (default: core/puzzles/banks/GAME.csv).
        #[arg(long)]
        bank: Option<PathBuf>,
        /// Verify this many puzzles, spread evenly over the bank.
        #[arg(long)]
        sample: Option<usize>,
        /// Nodes of each verification search (default: the generator's).
        #[arg(long)]
        verify_nodes: Option<u64>,
    },
    /// Ask an outside engine (a UCI engine such as native Fairy-Stockfish) with two lines
    /// whether each sampled puzzle's first solver move is the only good one; print the share.
    Judge {
        /// The game (xiangqi or jesonmor: the games Fairy-Stockfish plays as we do).
        variant: String,
        /// The engine's command line.
        #[arg(long)]
        engine: String,
        /// The bank (default: core/puzzles/banks/GAME.csv).
        #[arg(long)]
        bank: Option<PathBuf>,
        /// Puzzles to ask about, drawn at random from the bank.
        #[arg(long, default_value_t = 200)]
        sample: usize,
        /// The seed of the random sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Thinking time per puzzle, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Print every puzzle's verdict.
        #[arg(long)]
        verbose: bool,
        /// The constant of the engine's own score curve (`rodina puzzles fit GAME --engine`);
        /// chess's when not given.
        #[arg(long)]
        k: Option<f64>,
    },
    /// Fit the game's score-to-win-chance curve to self-play results and print `k`.
    Fit {
        /// The game.
        variant: String,
        /// Games to play.
        #[arg(long, default_value_t = 400)]
        games: usize,
        /// The seed of the games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Nodes of the search that scores each position.
        #[arg(long, default_value_t = 20_000)]
        scan_nodes: u64,
        /// Games played at the same time.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Fit an outside UCI engine's scores instead of ours (its command line): the curve
        /// `judge --k` reads that engine's scores on.
        #[arg(long)]
        engine: Option<String>,
        /// The outside engine's thinking time per move, in milliseconds.
        #[arg(long, default_value_t = 50)]
        movetime: u64,
        /// The outside engine's nodes per move instead of a time (the same games on any
        /// machine, however busy).
        #[arg(long)]
        nodes: Option<u64>,
    },
}

/// Runs a `rodina puzzles` command.
pub fn run(command: PuzzlesCommand) -> Result<(), String> {
    match command {
        PuzzlesCommand::Generate {
            variant,
            seed,
            games,
            target,
            scan_nodes,
            verify_nodes,
            prescan_nodes,
            preverify_nodes,
            decided_plies,
            tempters,
            opening_spread,
            generator,
            threads,
            rerate,
            recheck,
            journal,
            out,
        } => {
            let v: Variant =
                variant.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
            let journal = journal
                .unwrap_or_else(|| PathBuf::from(format!("target/puzzles/{}.journal", v.name())));
            if let Some(dir) = journal.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            let mut opts = Options::for_variant(v, journal);
            opts.seed = seed.unwrap_or(opts.seed);
            opts.games = games.unwrap_or(opts.games);
            opts.target = target.unwrap_or(opts.target);
            opts.scan_nodes = scan_nodes.unwrap_or(opts.scan_nodes);
            opts.verify_nodes = verify_nodes.unwrap_or(opts.verify_nodes);
            opts.prescan_nodes = prescan_nodes.unwrap_or(opts.prescan_nodes);
            opts.preverify_nodes = preverify_nodes.unwrap_or(opts.preverify_nodes);
            opts.decided_plies = decided_plies.unwrap_or(opts.decided_plies);
            opts.tempters = tempters.unwrap_or(opts.tempters);
            opts.opening_spread = opening_spread.unwrap_or(opts.opening_spread);
            opts.generator = generator.unwrap_or(opts.generator);
            opts.threads = threads.unwrap_or(opts.threads);
            if rerate {
                let (rated, changed) = generate::rerate(&opts).map_err(|e| e.to_string())?;
                println!("rated {rated} puzzles again: {changed} ratings changed");
                return Ok(());
            }
            let out = out
                .unwrap_or_else(|| PathBuf::from(format!("core/puzzles/banks/{}.csv", v.name())));
            if recheck {
                let started = std::time::Instant::now();
                let r = generate::recheck_journal(&opts).map_err(|e| e.to_string())?;
                let written = generate::write_bank(&opts, &out).map_err(|e| e.to_string())?;
                println!(
                    "verified {} puzzles again in {:.0} s: {} dropped, {} rated anew, {} with new themes",
                    r.checked,
                    started.elapsed().as_secs_f64(),
                    r.dropped,
                    r.rerated,
                    r.rethemed
                );
                println!("wrote {written} puzzles to {}", out.display());
                return Ok(());
            }
            let summary = generate::run(&opts, |s| {
                if s.games_this_run % 10 == 0 {
                    eprintln!("{}", line(s));
                }
            })
            .map_err(|e| e.to_string())?;
            let written = generate::write_bank(&opts, &out).map_err(|e| e.to_string())?;
            println!("{}", line(&summary));
            println!("wrote {written} puzzles to {}", out.display());
            Ok(())
        }
        PuzzlesCommand::Export { variant } => {
            let v: Variant =
                variant.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
            let bank = rodina_puzzles::Bank::embedded(v).map_err(|e| e.to_string())?;
            print!("{}", bank.to_text());
            Ok(())
        }
        PuzzlesCommand::Stats { variant, bank } => {
            let v: Variant =
                variant.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
            print!("{}", stats(v, read_bank(v, bank)?)?);
            Ok(())
        }
        PuzzlesCommand::Verify { variant, bank, sample, verify_nodes } => {
            let v: Variant =
                variant.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
            let puzzles = read_bank(v, bank)?;
            let nodes =
                verify_nodes.unwrap_or(Options::for_variant(v, PathBuf::new()).verify_nodes);
            let chosen = spread(&puzzles, sample.unwrap_or(puzzles.len()));
            let mut failed = 0;
            for p in &chosen {
                let measured = generate::recheck(p, nodes)
                    .and_then(|()| generate::first_rating(p, generate::RATING_SEEDS));
                match measured {
                    Ok(rating) if rating == p.rating => {}
                    Ok(rating) => {
                        failed += 1;
                        println!("{}: rated {} but its line measures {rating}", p.id, p.rating);
                    }
                    Err(e) => {
                        failed += 1;
                        println!("{}: {e}", p.id);
                    }
                }
            }
            println!("verified {} of {} puzzles: {} failed", chosen.len(), puzzles.len(), failed);
            if failed == 0 { Ok(()) } else { Err(format!("{failed} puzzles failed verification")) }
        }
        PuzzlesCommand::Judge { variant, engine, bank, sample, seed, movetime, verbose, k } => {
            let k = k.unwrap_or(CHESS_K);
            let v: Variant =
                variant.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
            let puzzles = read_bank(v, bank)?;
            let chosen = random_sample(&puzzles, sample, seed);
            let mut uci = crate::engine::UciEngine::start(&engine, v, &[])?;
            let mut agreed = 0;
            for p in &chosen {
                let verdict = judge(&mut uci, p, movetime, k)?;
                if verdict.agrees {
                    agreed += 1;
                }
                if verbose || !verdict.agrees {
                    println!(
                        "{} {}: {}",
                        p.id,
                        if verdict.agrees { "agrees" } else { "disagrees" },
                        verdict.why
                    );
                }
            }
            let share = 100.0 * f64::from(agreed) / chosen.len().max(1) as f64;
            println!(
                "{engine}: agrees that the first solver move is the only good one in {agreed} of {} puzzles ({share:.1}%), {movetime} ms each, k={k}",
                chosen.len()
            );
            Ok(())
        }
        PuzzlesCommand::Fit {
            variant,
            games,
            seed,
            scan_nodes,
            threads,
            engine,
            movetime,
            nodes,
        } => {
            let v: Variant =
                variant.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
            if let Some(engine) = engine {
                let limit = match nodes {
                    Some(n) => format!("nodes {n}"),
                    None => format!("movetime {movetime}"),
                };
                let (k, n) = crate::engine::fit_engine(v, &engine, games, &limit, seed, threads)?;
                println!(
                    "{} k={k:.8} positions={n} games={games} seed={seed} engine={engine:?} go={limit:?}",
                    v.name()
                );
                return Ok(());
            }
            let (k, n) = generate::fit(v, games, seed, scan_nodes, threads)
                .map_err(|e| format!("{}: {e}", v.name()))?;
            println!(
                "{} k={k:.8} positions={n} games={games} seed={seed} scan_nodes={scan_nodes}",
                v.name()
            );
            Ok(())
        }
    }
}

/// One line about a run: games, positions, candidates, puzzles, yield and time.
fn line(s: &Summary) -> String {
    let secs = s.elapsed.as_secs_f64();
    let rejected: Vec<String> =
        Rejection::ALL.iter().zip(s.rejected).map(|(r, n)| format!("{} {n}", r.name())).collect();
    format!(
        "games {} (this run {}), positions {}, candidates {} (rejected: {}), puzzles {} ({} distinct), yield {:.3} puzzles/game, {:.0} s this run ({:.1} s/game)",
        s.games,
        s.games_this_run,
        s.plies,
        s.candidates,
        rejected.join(", "),
        s.found,
        s.distinct,
        s.distinct as f64 / s.games.max(1) as f64,
        secs,
        secs / s.games_this_run.max(1) as f64
    )
}

/// A bank's figures, a line each.
fn stats(variant: Variant, puzzles: Vec<Puzzle>) -> Result<String, String> {
    let mut ratings: Vec<u16> = puzzles.iter().map(|p| p.rating).collect();
    ratings.sort_unstable();
    let at = |q: f64| {
        ratings.get(((ratings.len().saturating_sub(1)) as f64 * q).round() as usize).copied()
    };
    let text = |r: Option<u16>| r.map_or("-".to_string(), |r| r.to_string());
    let mut out = format!("{}: {} puzzles\n", variant.name(), puzzles.len());
    out.push_str(&format!(
        "rating: min {} · 10% {} · median {} · 90% {} · max {}\n",
        text(at(0.0)),
        text(at(0.1)),
        text(at(0.5)),
        text(at(0.9)),
        text(at(1.0))
    ));
    let mut themes = std::collections::BTreeMap::new();
    let mut lengths = std::collections::BTreeMap::new();
    let mut branching = 0;
    for p in &puzzles {
        for t in &p.themes {
            *themes.entry(t.name()).or_insert(0usize) += 1;
        }
        *lengths.entry(p.solver_moves().len()).or_insert(0usize) += 1;
        if p.solution().branches_anywhere() {
            branching += 1;
        }
    }
    out.push_str(&format!("themes: {}\n", counts(&themes)));
    out.push_str(&format!("solver moves: {}\n", counts(&lengths)));
    if variant == Variant::Jieqi {
        out.push_str(&format!("branching by a reveal: {branching}\n"));
    }
    let bank = rodina_puzzles::Bank::from_puzzles(puzzles).map_err(|e| e.to_string())?;
    out.push_str(&format!("compact: {} bytes\n", bank.to_compact().len()));
    Ok(out)
}

/// `key count · key count ...`.
fn counts<K: std::fmt::Display>(m: &std::collections::BTreeMap<K, usize>) -> String {
    m.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(" · ")
}

/// The puzzles of a bank file (default: the committed bank of `variant`).
fn read_bank(variant: Variant, bank: Option<PathBuf>) -> Result<Vec<Puzzle>, String> {
    let path =
        bank.unwrap_or_else(|| PathBuf::from(format!("core/puzzles/banks/{}.csv", variant.name())));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut puzzles = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        let p =
            Puzzle::from_text(line).map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
        puzzles.push(p);
    }
    Ok(puzzles)
}

/// `n` puzzles spread evenly over `puzzles` (all of them when `n` is as many or more).
fn spread(puzzles: &[Puzzle], n: usize) -> Vec<&Puzzle> {
    if n == 0 || n >= puzzles.len() {
        return puzzles.iter().collect();
    }
    (0..n).filter_map(|i| puzzles.get(i * puzzles.len() / n)).collect()
}

/// `n` distinct puzzles drawn at random by `seed` (all of them when `n` is as many or more),
/// in the bank's order: a partial Fisher-Yates shuffle of the indices.
fn random_sample(puzzles: &[Puzzle], n: usize, seed: u64) -> Vec<&Puzzle> {
    let mut state = seed;
    let mut indices: Vec<usize> = (0..puzzles.len()).collect();
    let n = n.min(indices.len());
    for i in 0..n {
        let left = (indices.len() - i) as u64;
        let j = i + (rodina_rules::random::splitmix64(&mut state) % left) as usize;
        indices.swap(i, j);
    }
    let mut chosen = indices[..n].to_vec();
    chosen.sort_unstable();
    chosen.into_iter().filter_map(|i| puzzles.get(i)).collect()
}

/// An outside engine's verdict on a puzzle.
struct Verdict {
    agrees: bool,
    why: String,
}

/// lichess's constant for Stockfish's chess scores.
const CHESS_K: f64 = 0.003_682_08;

/// lichess's win chance of a UCI score (`cp N` or `mate N`) on a curve of constant `k` (the
/// outside engine's own, fitted to its self-play, or chess's).
fn uci_win_chance(kind: &str, value: i64, k: f64) -> f64 {
    if kind == "mate" {
        return if value > 0 { 1.0 } else { -1.0 };
    }
    2.0 / (1.0 + (-k * value as f64).exp()) - 1.0
}

/// Asks the engine for two lines after the opponent's move: it agrees when its first line
/// starts with the solver's first move and is better than the second by lichess's margin
/// (0.7 in win chance), or when the second line is missing (a single legal move).
fn judge(
    uci: &mut crate::engine::UciEngine,
    p: &Puzzle,
    movetime: u64,
    k: f64,
) -> Result<Verdict, String> {
    let first = p.moves.first().ok_or("a puzzle without moves")?;
    let solution = p.moves.get(1).ok_or("a puzzle without a solution")?;
    let position = format!("position fen {} moves {first}", p.fen);
    let (winners, others) = final_wins(p, first)?;
    if p.solver_moves().len() == 1 && winners.contains(solution) {
        // A final move that wins at once may be any that does, as the app accepts it: those
        // moves are one answer, and the second line is the best of the others.
        if others.is_empty() {
            return Ok(Verdict { agrees: true, why: format!("{solution} wins, nothing else") });
        }
        let go = format!("go movetime {movetime} searchmoves {}", others.join(" "));
        let [line, _] = engine_lines(uci, &position, &go, 1)?;
        let Some((k2, v2, m2)) = line else {
            return Ok(Verdict { agrees: false, why: "no line from the engine".into() });
        };
        let second = uci_win_chance(&k2, v2, k);
        return Ok(Verdict {
            agrees: 1.0 - second > 0.7,
            why: format!("{solution} wins against {m2} ({k2} {v2}, {second:.2})"),
        });
    }
    let [first_line, second_line] =
        engine_lines(uci, &position, &format!("go movetime {movetime}"), 2)?;
    let Some((k1, v1, m1)) = first_line else {
        return Ok(Verdict { agrees: false, why: "no line from the engine".into() });
    };
    if m1 != *solution {
        return Ok(Verdict {
            agrees: false,
            why: format!("its best move is {m1} ({k1} {v1}), the puzzle's {solution}"),
        });
    }
    let best = uci_win_chance(&k1, v1, k);
    let Some((k2, v2, m2)) = second_line else {
        return Ok(Verdict { agrees: true, why: format!("{m1} ({k1} {v1}), no second line") });
    };
    let second = uci_win_chance(&k2, v2, k);
    let agrees = best - second > 0.7;
    Ok(Verdict {
        agrees,
        why: format!("{m1} ({k1} {v1}, {best:.2}) against {m2} ({k2} {v2}, {second:.2})"),
    })
}

/// The solver's moves after the opponent's `first` that win the game at once, and the others.
fn final_wins(p: &Puzzle, first: &str) -> Result<(Vec<String>, Vec<String>), String> {
    let new = rodina_rules::NewGame::from_fen(p.variant, &p.fen);
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0);
    let mut game = rodina_rules::AnyGame::new(&new, &mut rng).map_err(|e| format!("{e:?}"))?;
    game.play_text(first).map_err(|e| format!("{first}: {e}"))?;
    let solver = game.turn();
    Ok(game.legal_move_texts().into_iter().partition(|m| {
        let mut g = game.clone();
        g.play_text(m).is_ok() && g.outcome().and_then(|o| o.winner()) == Some(solver)
    }))
}

/// An engine's line: the kind of its score (`cp`, `mate`), the score, its first move.
type EngineLine = (String, i64, String);

/// The engine's `n` (1 or 2) best lines from `position` by `go`: the kind of score, its value
/// and the first move of each, as the engine's last report of each line has them (deeper
/// iterations overwrite shallower ones).
fn engine_lines(
    uci: &mut crate::engine::UciEngine,
    position: &str,
    go: &str,
    n: usize,
) -> Result<[Option<EngineLine>; 2], String> {
    uci.new_game()?;
    uci.send(&format!("setoption name MultiPV value {n}"))?;
    uci.send(position)?;
    uci.send(go)?;
    let mut lines: [Option<EngineLine>; 2] = [None, None];
    uci.read_until_bestmove(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") {
            return;
        }
        let at = |key: &str| words.iter().position(|w| *w == key);
        let (Some(score), Some(pv)) = (at("score"), at("pv")) else {
            return;
        };
        // An engine that prints no multipv for a single line means the first.
        let slot = match at("multipv").and_then(|i| words.get(i + 1)) {
            None | Some(&"1") => 0,
            Some(&"2") => 1,
            _ => return,
        };
        let kind = words.get(score + 1).copied().unwrap_or("");
        let value = words.get(score + 2).and_then(|v| v.parse::<i64>().ok()).unwrap_or(0);
        if let Some(mv) = words.get(pv + 1) {
            lines[slot] = Some((kind.to_string(), value, (*mv).to_string()));
        }
    })?;
    Ok(lines)
}
