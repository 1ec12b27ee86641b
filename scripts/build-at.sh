#!/usr/bin/env bash
# Builds the `rodina` program of one git revision, apart from the working tree, and prints the
# binary's path: what the puzzle generator (pinned to a commit) and engine matches (two
# revisions side by side) run.
#
#   scripts/build-at.sh REVISION DIR
#
# The revision's files are taken with `git archive` into DIR/src-<commit>, built with DIR/build
# as the target directory, and the binary kept as DIR/rodina-<commit> (built once; the sources
# are removed afterwards). `.` takes the working tree as it is now, tracked files with their
# uncommitted changes (a `git stash create` commit), so that later edits cannot leak into a
# build in progress.
set -euo pipefail
cd "$(dirname "$0")/.."
REV=${1:?usage: scripts/build-at.sh REVISION DIR}
DIR=${2:?usage: scripts/build-at.sh REVISION DIR}
if [ "$REV" = . ]; then
  REV=$(git stash create)
  [ -n "$REV" ] || REV=HEAD
fi
commit=$(git rev-parse --verify "$REV^{commit}")
short=${commit:0:12}
bin="$DIR/rodina-$short"
if ! [ -x "$bin" ]; then
  src="$DIR/src-$short"
  rm -rf "$src"
  mkdir -p "$src"
  git archive "$commit" | tar -x -C "$src"
  cargo build --release --quiet -p rodina --manifest-path "$src/Cargo.toml" \
    --target-dir "$DIR/build" >&2
  cp "$DIR/build/release/rodina" "$bin"
  rm -rf "$src"
fi
echo "$bin"
