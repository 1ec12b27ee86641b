//! What the command-line tests share: running `rodina` and reading what it printed.
//!
//! Each file under `tests/` is a crate of its own that uses a part of this module.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The `rodina` program built for these tests.
pub fn rodina_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rodina"))
}

/// Runs `rodina ARGS` to the end.
pub fn rodina(args: &[&str]) -> Output {
    rodina_command().args(args).output().expect("rodina runs")
}

/// The standard output, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The standard error, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The JSON object `rodina status ARGS` printed; the run must succeed.
pub fn status(args: &[&str]) -> serde_json::Value {
    let o = rodina(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("json")
}

/// Runs `rodina ARGS` with `input` on its standard input (a person typing) and returns its
/// output; the run must succeed.
pub fn play(args: &[&str], input: &str) -> String {
    let mut child = rodina_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rodina runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("finishes");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// Each run must fail with exactly one line on standard error that contains its needle.
pub fn assert_one_line_errors(cases: &[(Vec<&str>, &str)]) {
    for (args, needle) in cases {
        let o = rodina(args);
        assert!(!o.status.success(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
