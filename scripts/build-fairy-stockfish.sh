#!/usr/bin/env bash
# Builds a native Fairy-Stockfish (UCI) under target/fairy-stockfish/ from the sources inside
# pyffish's source distribution (pinned), for measuring only: it judges our puzzles and plays
# our bots, and is never part of the product. Prints the binary's path.
#
#   scripts/build-fairy-stockfish.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=target/fairy-stockfish
BIN=$DIR/fairy-stockfish
if [ -x "$BIN" ]; then
  echo "$BIN"
  exit 0
fi
mkdir -p "$DIR"
PY=python3
if [ -x target/oracle-venv/bin/python ]; then PY=target/oracle-venv/bin/python; fi
if ! [ -f "$DIR/pyffish-0.0.90.tar.gz" ]; then
  "$PY" -m pip download --quiet --disable-pip-version-check pyffish==0.0.90 \
    --no-binary :all: --no-deps -d "$DIR" >&2
fi
rm -rf "$DIR/src"
mkdir -p "$DIR/src"
tar -xzf "$DIR/pyffish-0.0.90.tar.gz" -C "$DIR/src" --strip-components=1
SOURCES=$(find "$DIR/src/src" -name '*.cpp' ! -name pyffish.cpp ! -name ffishjs.cpp | sort)
# The flags of the usual 64-bit popcnt/SSE4.1 build, large boards for Xiangqi's 9x10.
# shellcheck disable=SC2086
g++ -std=c++17 -O3 -DNDEBUG -DLARGEBOARDS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF \
  -DIS_64BIT -DUSE_POPCNT -mpopcnt -msse4.1 -DUSE_PTHREADS -flto \
  -I"$DIR/src/src" $SOURCES -o "$BIN" -lpthread >&2
echo "$BIN"
