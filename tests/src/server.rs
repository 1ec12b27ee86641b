//! The real server: `rodina serve` started as a child process on `127.0.0.1` (port 0, or a
//! given one for a restart on the same address) and a temporary database, killed when its
//! guard is dropped.

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::{E2eError, WAIT};

/// Where `cargo build -p rodina` put the binary for the profile this test runs in: the
/// test executable lives in `target/<profile>/deps/`, the binary in `target/<profile>/`.
pub fn binary() -> Result<PathBuf, E2eError> {
    let exe = std::env::current_exe()
        .map_err(|e| E2eError::Process(format!("cannot find the test executable: {e}")))?;
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| E2eError::NoBinary(format!("a folder above {}", exe.display())))?;
    let bin = profile_dir.join(format!("rodina{}", std::env::consts::EXE_SUFFIX));
    if bin.is_file() { Ok(bin) } else { Err(E2eError::NoBinary(bin.display().to_string())) }
}

/// A running `rodina serve`, its database in a temporary folder. Dropping it kills the
/// process (SIGKILL) and waits for it.
pub struct ServerProcess {
    child: Option<Child>,
    addr: SocketAddr,
    flags: Vec<String>,
    dir: tempfile::TempDir,
    starts: u32,
}

impl ServerProcess {
    /// Starts `rodina serve --addr 127.0.0.1:0 --db DIR/server.db` with `flags` added (for
    /// example `--socket-rate 1000`), and waits for its ready line.
    pub fn start(flags: &[&str]) -> Result<ServerProcess, E2eError> {
        let dir = tempfile::tempdir()
            .map_err(|e| E2eError::Process(format!("no temporary folder: {e}")))?;
        let flags: Vec<String> = flags.iter().map(|f| (*f).to_owned()).collect();
        let addr: SocketAddr = ([127, 0, 0, 1], 0).into();
        let (child, addr) = spawn(addr, &dir.path().join("server.db"), &flags, dir.path(), 1)?;
        Ok(ServerProcess { child: Some(child), addr, flags, dir, starts: 1 })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The database file.
    pub fn db(&self) -> PathBuf {
        self.dir.path().join("server.db")
    }

    /// Kills the process with SIGKILL (no chance to close anything) and waits for it.
    pub fn kill(&mut self) -> Result<(), E2eError> {
        if let Some(mut child) = self.child.take() {
            child.kill().map_err(|e| E2eError::Process(format!("kill: {e}")))?;
            child.wait().map_err(|e| E2eError::Process(format!("wait: {e}")))?;
        }
        Ok(())
    }

    /// Starts the server again on the same database and the same address (so that clients
    /// that know only the address find it), after [`ServerProcess::kill`]. The port is
    /// tried for up to [`WAIT`]: the system may hold it briefly.
    pub fn restart(&mut self) -> Result<(), E2eError> {
        self.kill()?;
        let deadline = Instant::now() + WAIT;
        let mut last = String::new();
        for _ in 0..200 {
            self.starts += 1;
            match spawn(self.addr, &self.db(), &self.flags, self.dir.path(), self.starts) {
                Ok((child, addr)) => {
                    self.child = Some(child);
                    self.addr = addr;
                    return Ok(());
                }
                Err(e) => last = e.to_string(),
            }
            if Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(E2eError::NotReady(format!("no restart on {}: {last}", self.addr)))
    }

    /// The end of the server's log (its stderr) of its latest start, for a failure's report.
    pub fn log_tail(&self, lines: usize) -> String {
        let path = self.dir.path().join(format!("server-{}.log", self.starts));
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Starts one server process and reads its ready line (within [`WAIT`]).
fn spawn(
    addr: SocketAddr,
    db: &Path,
    flags: &[String],
    dir: &Path,
    start: u32,
) -> Result<(Child, SocketAddr), E2eError> {
    let bin = binary()?;
    let log_path = dir.join(format!("server-{start}.log"));
    let log = std::fs::File::create(&log_path)
        .map_err(|e| E2eError::Process(format!("log file: {e}")))?;
    let mut child = Command::new(&bin)
        .arg("serve")
        .arg("--addr")
        .arg(addr.to_string())
        .arg("--db")
        .arg(db)
        .args(flags)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(log))
        .spawn()
        .map_err(|e| E2eError::Process(format!("cannot start {}: {e}", bin.display())))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| E2eError::Process("the server's stdout is not piped".into()))?;
    // A thread reads the ready line and then drains stdout until the process ends, so the
    // server never blocks on a full pipe.
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        if reader.read_line(&mut line).is_ok() {
            let _ = tx.send(line);
        }
        let mut sink = Vec::new();
        let _ = reader.read_to_end(&mut sink);
    });
    let line = match rx.recv_timeout(WAIT) {
        Ok(line) => line,
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            let log = std::fs::read_to_string(&log_path).unwrap_or_default();
            return Err(E2eError::NotReady(format!("no ready line within {WAIT:?}; log: {log}")));
        }
    };
    let listening = line
        .strip_prefix("rodina serve: listening on ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|a| a.parse::<SocketAddr>().ok());
    match listening {
        Some(a) => Ok((child, a)),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            let log = std::fs::read_to_string(&log_path).unwrap_or_default();
            Err(E2eError::NotReady(format!("ready line {line:?}; log: {log}")))
        }
    }
}
