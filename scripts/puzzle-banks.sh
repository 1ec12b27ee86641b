#!/usr/bin/env bash
# Generates the puzzle journals with their committed settings, one game after another, at low
# priority, resuming from each game's journal, and makes the banks from them with the engine
# in main.
#
#   scripts/puzzle-banks.sh run [GAME...]      # default: friendly xiangqi jieqi jesonmor
#   scripts/puzzle-banks.sh save               # journals -> core/puzzles/journals/GAME.journal.gz
#   scripts/puzzle-banks.sh recheck [GAME...]  # journal -> core/puzzles/banks/GAME.csv
#
# A whole set of journals takes many hours of two cores (see the README's puzzle section),
# more than one sitting: `save` commits-ready copies of the journals (the generator's
# checkpoints) into the repository, and `run` starts from them when target/puzzles has none,
# so the work carries on from one machine or checkout to the next. The journal's header holds
# the seed and the settings; a journal written with other settings is refused, never mixed in.
#
# The generator of each game is built from a pinned commit, not from the working tree: a
# journal is grown by one engine from its first game to its last, so that the committed
# command makes it again. Move a game's pin only together with a new journal. The bank is
# then made from the journal by the engine in main (`recheck`: every puzzle verified and rated
# again on a copy of the journal, the lines that engine no longer finds forced left out),
# which is how a search change reaches the banks. Each journal is grown beyond its bank's size
# (SURPLUS) by what a recheck took out: the search of issue 17 left out 341 of 1,652 Xiangqi
# puzzles (21%); Jieqi's search, which that work changed far less, left out 16 of its first
# 1,137 (1.4%), so its journal is grown to 1,560 (its recheck then took out 22 of 1,561). A
# later search change that takes out more is met by growing the journal further (it resumes):
# the second fit of the Xiangqi evaluation took out 448 of 1,953 (23%), leaving 1,505, so
# Xiangqi's is grown to 2,300. Jeson Mor's search was its pin's node for node (its first
# recheck took out none of 3,408) until it dropped null-move pruning, which took out 449 of
# the 3,408 and left 2,800 distinct positions, so its journal is grown to 3,450 (that recheck
# took out 497 of 3,749 and left the bank its 3,000).
set -euo pipefail
cd "$(dirname "$0")/.."
SAVED=core/puzzles/journals
WORK=target/puzzles
# The generator of each game's journal.
declare -A GENERATOR_COMMIT=(
  [friendly]=5e86e679ad12cf9468b9163d2d96dba611598497
  [xiangqi]=5e86e679ad12cf9468b9163d2d96dba611598497
  [jieqi]=5e86e679ad12cf9468b9163d2d96dba611598497
  # No journal yet when the engine of issue 17 landed: begun by that engine (feb274e), with
  # the first verification of the commit after it.
  [jesonmor]=4ed05929b12e63b2fbbae68a2b30967a11ae4ec1
)
# Puzzles each journal is grown to: the shipped bank's size and what a recheck may take out.
declare -A SURPLUS=([friendly]=650 [xiangqi]=2300 [jieqi]=1560 [jesonmor]=3450)
mkdir -p "$WORK"

# The games named on the command line (all four when none), each checked.
games_of() {
  games=("$@")
  [ ${#games[@]} -gt 0 ] || games=(friendly xiangqi jieqi jesonmor)
  for g in "${games[@]}"; do
    if [ -z "${SURPLUS[$g]:-}" ]; then
      echo "unknown game $g (friendly, xiangqi, jieqi or jesonmor)" >&2
      exit 2
    fi
  done
}

# Puts the saved journal of game $1 in $WORK unless one is there.
unpack() {
  if [ ! -f "$WORK/$1.journal" ] && [ -f "$SAVED/$1.journal.gz" ]; then
    gzip -dc "$SAVED/$1.journal.gz" > "$WORK/$1.journal"
  fi
}

case "${1:-}" in
  run)
    shift
    games_of "$@"
    for g in "${games[@]}"; do
      gen=$(scripts/build-at.sh "${GENERATOR_COMMIT[$g]}" "$WORK")
      unpack "$g"
      echo "== $g (log: $WORK/$g.err)"
      nice -n 19 "$gen" puzzles generate "$g" --journal "$WORK/$g.journal" \
        --target "${SURPLUS[$g]}" --out "$WORK/$g.csv" 2> "$WORK/$g.err"
      tail -n 1 "$WORK/$g.err"
    done
    ;;
  recheck)
    shift
    games_of "$@"
    cargo build --release --quiet -p rodina
    mkdir -p "$WORK/rechecked"
    for g in "${games[@]}"; do
      unpack "$g"
      [ -f "$WORK/$g.journal" ] || { echo "no journal of $g" >&2; exit 1; }
      # A copy: the journal itself stays the pinned generator's, to be grown further.
      cp "$WORK/$g.journal" "$WORK/rechecked/$g.journal"
      echo "== $g"
      target/release/rodina puzzles generate "$g" --recheck --threads 2 \
        --journal "$WORK/rechecked/$g.journal" --out "core/puzzles/banks/$g.csv"
    done
    ;;
  save)
    mkdir -p "$SAVED"
    for j in "$WORK"/*.journal; do
      [ -f "$j" ] || continue
      g=$(basename "$j" .journal)
      gzip -9 -n -c "$j" > "$SAVED/$g.journal.gz"
      echo "$SAVED/$g.journal.gz: $(wc -c < "$SAVED/$g.journal.gz") bytes"
    done
    ;;
  *)
    sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
