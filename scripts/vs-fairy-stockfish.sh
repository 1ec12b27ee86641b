#!/usr/bin/env bash
# Plays the full-strength bot against a native Fairy-Stockfish (built from pyffish's source
# distribution by scripts/build-fairy-stockfish.sh; classical evaluation, one thread, 16 MiB
# of hash) at the same fixed time per move, openings from `rodina match`'s book with colours
# swapped. For measuring only: Fairy-Stockfish is never part of the product.
#
#   scripts/vs-fairy-stockfish.sh xiangqi|jesonmor [GAMES] [MOVETIME_MS] [JOBS]
#
# Each game in progress keeps one core busy (the two engines take turns): JOBS should not
# exceed the free cores, or both engines get less than their time. PLAYER (default
# `full/movetime=MS`) names our side, for instance another build as `uci:PATH uci`; SEED
# (default 1) chooses the openings, so a long run can be played in parts with other seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
VARIANT=${1:?usage: scripts/vs-fairy-stockfish.sh VARIANT [GAMES] [MOVETIME_MS] [JOBS]}
GAMES=${2:-100}
MS=${3:-100}
JOBS=${4:-1}
FSF=$(scripts/build-fairy-stockfish.sh)
cargo build --release --quiet -p rodina
target/release/rodina match "$VARIANT" \
  --a "${PLAYER:-full/movetime=$MS}" \
  --b "uci:$FSF" \
  --uci-option "Use NNUE=false" --uci-option "Threads=1" --uci-option "Hash=16" \
  --uci-go "movetime $MS" \
  --games "$GAMES" --jobs "$JOBS" --seed "${SEED:-1}"
