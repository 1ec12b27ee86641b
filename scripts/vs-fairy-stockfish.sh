#!/usr/bin/env bash
# Plays the full-strength bot against Fairy-Stockfish (WASM build from npm, classical
# evaluation, one thread) at the same fixed time per move, for measuring only: Fairy-Stockfish
# is never part of the product.
#
#   scripts/vs-fairy-stockfish.sh xiangqi|jesonmor [GAMES] [MOVETIME_MS] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
VARIANT=${1:?usage: scripts/vs-fairy-stockfish.sh VARIANT [GAMES] [MOVETIME_MS] [JOBS]}
GAMES=${2:-100}
MS=${3:-100}
JOBS=${4:-1}
UCI_JS=tools/oracle/node_modules/fairy-stockfish-nnue.wasm/uci.js
if ! [ -f "$UCI_JS" ]; then
  npm install --no-audit --no-fund --prefix tools/oracle fairy-stockfish-nnue.wasm@1.1.12 >/dev/null
fi
cargo build --release --quiet -p rodina
nice -n 19 target/release/rodina match "$VARIANT" \
  --a "full/movetime=$MS" \
  --b "uci:node --no-experimental-fetch $UCI_JS" \
  --uci-option "Use NNUE=false" --uci-go "movetime $MS" \
  --games "$GAMES" --jobs "$JOBS"
