#!/usr/bin/env bash
# Runs every test of the project; the one command CI runs (.ci/run).
#
# On a fresh machine it first installs what the tests need beyond Rust: pyffish (the
# Fairy-Stockfish oracle, pinned) into a virtual environment under target/, and the
# Fairy-Stockfish WASM build from npm (tools/oracle/node_modules, on first use). The Kotlin
# tests need a JDK and Maven (installed from Debian if missing); Maven fetches the Kotlin
# compiler, JNA and JUnit from Maven Central into ~/.m2 on its first run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each section says when it starts (seconds since the script began): CI allows 25 minutes.
section() { echo "== $1 (at ${SECONDS} s)"; }

PY=target/oracle-venv/bin/python
if ! [ -x "$PY" ] || ! "$PY" -c 'import pyffish' 2>/dev/null; then
  echo "== installing pyffish into target/oracle-venv"
  python3 -m venv target/oracle-venv
  "$PY" -m pip install --quiet --disable-pip-version-check pyffish==0.0.90
fi

# A cold build (CI's) gains nothing from incremental compilation's records, which cost time
# and disk: off unless asked for (CARGO_INCREMENTAL=1).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

section "formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

section "Rust tests"
# One build of everything, in the test profile (optimised, in target/debug): the tests, the
# `rodina` binary that the end-to-end tests (tests/) and the Kotlin tests start as their
# server, the library the Kotlin tests load (rodina-ffi's cdylib) and uniffi-bindgen. Built
# together in one cargo command, they share one feature resolution and so one compilation of
# every crate; `cargo test` then compiles nothing more.
cargo build --quiet --profile test --workspace --lib --bins --tests
cargo test --workspace --quiet

section "test data against Fairy-Stockfish"
# The perft data is recounted by Fairy-Stockfish's WASM build, which runs under Node.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "== installing Node.js and npm"
  apt-get update -qq && apt-get install -y -qq --no-install-recommends nodejs npm
fi
"$PY" tools/oracle/xiangqi.py --check
"$PY" tools/oracle/jesonmor.py --check

section "Kotlin bindings on the JVM (Maven, JUnit 5, JNA)"
if ! command -v mvn >/dev/null || ! command -v javac >/dev/null; then
  echo "== installing a JDK and Maven"
  apt-get update -qq && apt-get install -y -qq --no-install-recommends default-jdk-headless maven
fi
case "$(uname -s)" in Darwin) LIB=librodina_ffi.dylib ;; *) LIB=librodina_ffi.so ;; esac
GEN=bindings/kotlin/target/generated-sources/uniffi
# The library and uniffi-bindgen are the Rust section's build. Bindings and library must come
# from the same build (UniFFI checks checksums at load time). Stale classes of deleted sources
# would still run as tests: compile from scratch.
rm -rf "$GEN" bindings/kotlin/target/surefire-reports bindings/kotlin/target/classes \
  bindings/kotlin/target/test-classes
target/debug/uniffi-bindgen generate --library "target/debug/$LIB" \
  --language kotlin --out-dir "$GEN" --no-format
# Maven 3.8 prints colour resets even in batch mode; strip them so the summary below stands
# on a line of its own (pipefail keeps Maven's exit status).
(cd bindings/kotlin && mvn -B -q test -Drodina.lib.dir="$PWD/../../target/debug" \
  -Drodina.server.bin="$PWD/../../target/debug/rodina") 2>&1 |
  sed 's/\x1b\[[0-9;]*m//g'
python3 - <<'PY'
import glob, re
totals = [0, 0]
for path in glob.glob("bindings/kotlin/target/surefire-reports/TEST-*.xml"):
    head = open(path, encoding="utf-8").read(2000)
    n = {k: int(re.search(k + r'="(\d+)"', head).group(1)) for k in ("tests", "failures", "errors", "skipped")}
    totals[0] += n["tests"] - n["failures"] - n["errors"] - n["skipped"]
    totals[1] += n["failures"] + n["errors"]
print(f"kotlin: {totals[0]} passed, {totals[1]} failed")
# No reports means no test ran: that is a failure, not a pass.
raise SystemExit(0 if totals[0] > 0 and totals[1] == 0 else 1)
PY

section "all tests passed"
