#!/usr/bin/env bash
# Reruns the level calibration of the bots: for one game, every level against the level
# below and the Club player against the Novice, GAMES games each (pairs of games share an
# opening with colours swapped), at the lowest CPU priority. Levels are node budgets, so the
# run is reproducible: the same seed gives the same games on any machine.
#
#   scripts/calibrate.sh xiangqi [GAMES] [JOBS] [SEED]
#
# Prints one result line per pairing (score, Elo difference with its 95% margin); the target
# is 60-85% for each adjacent pair and at least 95% for Club player against Novice.
# FULL=1 adds full strength against the Club player.
set -euo pipefail
cd "$(dirname "$0")/.."
VARIANT=${1:?usage: scripts/calibrate.sh VARIANT [GAMES] [JOBS] [SEED]}
GAMES=${2:-100}
JOBS=${3:-2}
SEED=${4:-1}
cargo build --release --quiet -p rodina
# A copy, so that rebuilding while the (long) run goes on does not change the players.
BIN=$(mktemp)
trap 'rm -f "$BIN"' EXIT
cp target/release/rodina "$BIN"
chmod +x "$BIN"
PAIRS=("beginner novice" "casual beginner" "intermediate casual" "club intermediate" "club novice")
# Full strength against the Club player is slow (up to a million nodes a move); ask with FULL=1.
if [ "${FULL:-0}" = 1 ]; then PAIRS+=("full club"); fi
for pair in "${PAIRS[@]}"; do
  set -- $pair
  nice -n 19 "$BIN" match "$VARIANT" --a "$1" --b "$2" --games "$GAMES" --jobs "$JOBS" --seed "$SEED" | tail -n 1
done
