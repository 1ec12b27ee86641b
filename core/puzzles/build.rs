//! Turns the committed banks (`banks/<game>.csv`) into the compact form the library embeds
//! (see `src/compact.rs`), in the build's output directory.
//!
//! A missing bank is an empty one, so the library builds before the generator has written
//! any. A CSV the columns cannot give back exactly is still embedded (as text), so a damaged
//! bank never breaks the build: reading it reports the damage, and the tests read every bank.

use std::path::{Path, PathBuf};

#[allow(dead_code)]
#[path = "src/compact.rs"]
mod compact;

/// The games' stable names, as the banks' files are named.
const GAMES: [&str; 4] = ["xiangqi", "jieqi", "jesonmor", "friendly"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?);
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/compact.rs");
    // Cargo reruns a script whose watched path is missing on every build, and the crate and
    // everything above it would then be compiled again each time: watch the folder of banks
    // when there is one (a new or changed bank in it), else the package's own folder, where
    // the banks' folder will appear.
    if Path::new("banks").is_dir() {
        println!("cargo::rerun-if-changed=banks");
    } else {
        println!("cargo::rerun-if-changed=.");
    }
    for game in GAMES {
        let csv = PathBuf::from("banks").join(format!("{game}.csv"));
        let text = match std::fs::read(&csv) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("{}: {e}", csv.display()).into()),
        };
        let compact = compact::encode(&text);
        let target = out.join(format!("{game}.bank"));
        // An unchanged bank keeps its file, and so its time, so nothing recompiles for it.
        if std::fs::read(&target).ok().as_deref() != Some(compact.as_slice()) {
            std::fs::write(&target, compact)?;
        }
    }
    Ok(())
}
