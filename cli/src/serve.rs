//! `rodina serve`: the online server (accounts, invitations, live games) on an embedded
//! SQLite database, until Ctrl-C or SIGTERM.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The settings `rodina serve` takes.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// The SQLite database file; created, with its folder, if missing.
    #[arg(long, value_name = "PATH", default_value = rodina_server::DEFAULT_DB)]
    pub db: PathBuf,
    /// The address to listen on. The default takes connections from this machine only;
    /// 0.0.0.0:PORT takes them from anywhere. Port 0 lets the system choose (the address
    /// is printed once the server is ready).
    #[arg(long, value_name = "HOST:PORT", default_value = rodina_server::DEFAULT_ADDR)]
    pub addr: SocketAddr,
    /// How long the side to move has for its first move before the game is aborted
    /// (a number with ms, s, m or h).
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = duration)]
    pub first_move_timeout: Duration,
    /// How long a player may be gone from a game before the opponent may claim the win.
    #[arg(long, value_name = "DURATION", default_value = "40s", value_parser = duration)]
    pub gone_after: Duration,
    /// How long an invitation stays open.
    #[arg(long, value_name = "DURATION", default_value = "24h", value_parser = duration)]
    pub invitation_lifetime: Duration,
    /// Messages a second one game socket may send (twice as many at once); past that they
    /// are refused, and a socket that keeps on is closed. Raise it for test clients that
    /// move without thinking.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub socket_rate: u32,
}

/// Reads `500ms`, `30s`, `2m`, `24h` (a bare number is seconds).
fn duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let n: u64 = number.parse().map_err(|_| format!("{text:?} is not a duration (30s, 2m)"))?;
    let ms = match unit {
        "ms" => Some(n),
        "" | "s" => n.checked_mul(1000),
        "m" => n.checked_mul(60_000),
        "h" => n.checked_mul(3_600_000),
        _ => return Err(format!("{text:?}: the unit is one of ms, s, m, h")),
    };
    ms.map(Duration::from_millis).ok_or_else(|| format!("{text:?} is too long"))
}

/// Runs the server until it is told to stop.
pub fn run(args: ServeArgs) -> Result<(), String> {
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_target(false)
        .init();
    let settings = rodina_server::Settings {
        db: args.db,
        addr: args.addr,
        first_move_timeout: args.first_move_timeout,
        gone_after: args.gone_after,
        invitation_lifetime: args.invitation_lifetime,
        socket_rate: rodina_server::Rate {
            burst: args.socket_rate.saturating_mul(2),
            every: Duration::from_secs(1) / args.socket_rate,
        },
        ..rodina_server::Settings::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async move {
        let db = settings.db.clone();
        let server = rodina_server::start(settings).await.map_err(|e| e.to_string())?;
        // One line for people and for scripts that start the server on port 0.
        println!("rodina serve: listening on {} (database {})", server.addr(), db.display());
        let _ = std::io::stdout().flush();
        server.run_until_signal().await;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_their_units() {
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("30"), Ok(Duration::from_secs(30)));
        assert_eq!(duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(duration("24h"), Ok(Duration::from_secs(86_400)));
        assert!(duration("2d").is_err());
        assert!(duration("s").is_err());
        assert!(duration("99999999999999999999h").is_err());
    }
}
