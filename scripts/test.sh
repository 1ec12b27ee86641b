#!/usr/bin/env bash
# Runs every test of the project; the one command CI runs (.ci/run).
#
# On a fresh machine it first installs what the tests need beyond Rust: pyffish (the
# Fairy-Stockfish oracle, pinned) into a virtual environment under target/, and the
# Fairy-Stockfish WASM build from npm (tools/oracle/node_modules, on first use).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=target/oracle-venv/bin/python
if ! [ -x "$PY" ] || ! "$PY" -c 'import pyffish' 2>/dev/null; then
  echo "== installing pyffish into target/oracle-venv"
  python3 -m venv target/oracle-venv
  "$PY" -m pip install --quiet --disable-pip-version-check pyffish==0.0.90
fi

echo "== formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== Rust tests"
cargo test --workspace --quiet

echo "== test data against Fairy-Stockfish"
"$PY" tools/oracle/xiangqi.py --check
"$PY" tools/oracle/jesonmor.py --check

echo "== all tests passed"
