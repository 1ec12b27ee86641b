//! `rodina book`: grows an opening book for a game by the engine's own searches (see
//! `rodina_engine::grow_book`) and prints its lines, one per line, as the engine's book
//! files hold them.

use std::io::Write;

use rodina_engine::{BookOptions, BotGame, grow_book};
use rodina_rules::jieqi::{JieqiView, Rules};
use rodina_rules::{Color, Friendly, JesonMor, Seat, Variant, Xiangqi};

/// Grows `variant`'s book and prints it, with a header saying how it was made.
pub fn run(variant: Variant, opts: &BookOptions) -> Result<(), String> {
    let started = std::time::Instant::now();
    let lines = match variant {
        Variant::Xiangqi => grow(&Xiangqi::new(), opts),
        Variant::Jieqi => {
            // Reveals are public: the start as either seat sees it grows the same book.
            grow(&JieqiView::start(Seat::Player(Color::White), Rules::DEFAULT), opts)
        }
        Variant::JesonMor => grow(&JesonMor::new(), opts),
        Variant::Friendly => grow(&Friendly::new(), opts),
    };
    let mut out = std::io::stdout().lock();
    let write = |out: &mut std::io::StdoutLock<'_>, text: &str| {
        writeln!(out, "{text}").map_err(|e| format!("cannot write: {e}"))
    };
    write(
        &mut out,
        &format!(
            "# rodina book {variant} --plies {} --nodes {} --margin {} --keep {}",
            opts.plies, opts.nodes, opts.margin, opts.keep
        ),
    )?;
    for line in &lines {
        write(&mut out, line)?;
    }
    eprintln!("{} lines in {:.0} s", lines.len(), started.elapsed().as_secs_f64());
    Ok(())
}

fn grow<G: BotGame>(start: &G, opts: &BookOptions) -> Vec<String> {
    grow_book(start, opts, |n| {
        if n % 10 == 0 {
            eprintln!("{n} positions searched");
        }
    })
}
