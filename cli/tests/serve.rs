//! `rodina serve` as a process: it says where it listens once ready, answers `/health`,
//! keeps its database where it was told, and refuses bad settings with a message.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn serve_starts_answers_health_and_keeps_its_database() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("data").join("server.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rodina"))
        .args(["serve", "--addr", "127.0.0.1:0", "--first-move-timeout", "5s", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("rodina serve starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    let read = BufReader::new(stdout).read_line(&mut line);
    let addr = line.split_whitespace().nth(4).unwrap_or("").to_owned();
    let answer = (|| {
        let mut s = TcpStream::connect(&addr).ok()?;
        s.set_read_timeout(Some(Duration::from_secs(20))).ok()?;
        s.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").ok()?;
        let mut out = String::new();
        s.read_to_string(&mut out).ok()?;
        Some(out)
    })();
    // The process is ended before any assertion can leave it running.
    let _ = child.kill();
    let _ = child.wait();
    read.expect("a line from the server");
    assert!(line.starts_with("rodina serve: listening on 127.0.0.1:"), "{line}");
    let answer = answer.expect("an answer from /health");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with(r#"{"status":"ok","protocol":1}"#), "{answer}");
    assert!(db.exists(), "the database is made where --db says");
}

#[test]
fn serve_refuses_bad_settings() {
    let out = Command::new(env!("CARGO_BIN_EXE_rodina"))
        .args(["serve", "--gone-after", "10 days"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("the unit is one of ms, s, m, h"));
    let help = Command::new(env!("CARGO_BIN_EXE_rodina"))
        .args(["serve", "--help"])
        .output()
        .expect("runs");
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    for flag in [
        "--db",
        "--addr",
        "--first-move-timeout",
        "--gone-after",
        "--invitation-lifetime",
        "--socket-rate",
    ] {
        assert!(help.contains(flag), "{flag} in {help}");
    }
}
