#!/usr/bin/env bash
# Generates the puzzle banks with their committed settings, one game after another, at low
# priority, resuming from each game's journal.
#
#   scripts/puzzle-banks.sh run [GAME...]   # default: friendly xiangqi jieqi jesonmor
#   scripts/puzzle-banks.sh save            # journals -> core/puzzles/journals/GAME.journal.gz
#
# A whole set of banks takes many hours of two cores (see the README's puzzle section), more
# than one sitting: `save` commits-ready copies of the journals (the generator's checkpoints)
# into the repository, and `run` starts from them when target/puzzles has none, so the work
# carries on from one machine or checkout to the next. The journal's header holds the seed
# and the settings; a journal written with other settings is refused, never mixed in.
# A finished bank is written to target/puzzles/GAME.csv; copy it to core/puzzles/banks/.
set -euo pipefail
cd "$(dirname "$0")/.."
SAVED=core/puzzles/journals
WORK=target/puzzles
mkdir -p "$WORK"

case "${1:-}" in
  run)
    shift
    games=("$@")
    [ ${#games[@]} -gt 0 ] || games=(friendly xiangqi jieqi jesonmor)
    cargo build --release --quiet -p rodina
    # A copy, so that a rebuild of target/release meanwhile does not change the generator.
    cp target/release/rodina "$WORK/rodina-gen"
    for g in "${games[@]}"; do
      if [ ! -f "$WORK/$g.journal" ] && [ -f "$SAVED/$g.journal.gz" ]; then
        gzip -dc "$SAVED/$g.journal.gz" > "$WORK/$g.journal"
      fi
      echo "== $g (log: $WORK/$g.err)"
      nice -n 19 "$WORK/rodina-gen" puzzles generate "$g" --journal "$WORK/$g.journal" \
        --out "$WORK/$g.csv" 2> "$WORK/$g.err"
      tail -n 1 "$WORK/$g.err"
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
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
