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
# Each journal is grown a tenth beyond the bank's size (SURPLUS): when the engine changes, the
# bank is made again from the journal by the new engine's verification and rating, which
# leaves out the lines it no longer finds forced, and the surplus fills their places.
#
# The generator is built from a pinned commit, not from the working tree: the banks in
# progress were begun with that commit's engine, and a journal resumed by another engine (the
# bots keep getting stronger) would mix two searches in one bank and could not be made again
# from the committed command. Move the pin only together with new journals.
set -euo pipefail
cd "$(dirname "$0")/.."
SAVED=core/puzzles/journals
WORK=target/puzzles
GENERATOR_COMMIT=5e86e679ad12cf9468b9163d2d96dba611598497
# Puzzles each journal is grown to: the shipped bank's size and a tenth more.
declare -A SURPLUS=([friendly]=550 [xiangqi]=1650 [jieqi]=1650 [jesonmor]=3300)
mkdir -p "$WORK"

case "${1:-}" in
  run)
    shift
    games=("$@")
    [ ${#games[@]} -gt 0 ] || games=(friendly xiangqi jieqi jesonmor)
    for g in "${games[@]}"; do
      if [ -z "${SURPLUS[$g]:-}" ]; then
        echo "unknown game $g (friendly, xiangqi, jieqi or jesonmor)" >&2
        exit 2
      fi
    done
    gen=$(scripts/build-at.sh "$GENERATOR_COMMIT" "$WORK")
    for g in "${games[@]}"; do
      if [ ! -f "$WORK/$g.journal" ] && [ -f "$SAVED/$g.journal.gz" ]; then
        gzip -dc "$SAVED/$g.journal.gz" > "$WORK/$g.journal"
      fi
      echo "== $g (log: $WORK/$g.err)"
      nice -n 19 "$gen" puzzles generate "$g" --journal "$WORK/$g.journal" \
        --target "${SURPLUS[$g]}" --out "$WORK/$g.csv" 2> "$WORK/$g.err"
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
    sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
