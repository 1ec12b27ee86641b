#!/usr/bin/env python3
"""Jeson Mor test data from Fairy-Stockfish (variant `jesonmor`), with the one-ply difference
in the centre rule made explicit.

Fairy-Stockfish declares the game won as soon as the side to move has a knight on e5 (the
knight survived the reply) and gives that position no moves. The rules page
(shared/rules/jeson-mor.md) lets the game go on: the side must still move the knight away to
win, and may play anything else meanwhile. So the playouts here follow the rules page:

  * where Fairy-Stockfish has ended the game by the centre, the legal moves are asked of a
    variant defined below, `jesonmor-nocentre`: Fairy-Stockfish's Jeson Mor without the centre
    rule, whose moves are exactly the knight moves the rules page allows there;
  * a move away from e5 in such a position ends the playout; the position after it is written
    with the FEN's seventh field `centre` (this project's extension, see the rules module).

Writes three files under core/rules/tests/data/jesonmor/ (the Rust tests read them):
  positions.txt    positions from seeded random playouts: legal moves and Fairy-Stockfish's
                   verdict on the position (see the header of the file for the columns).
  repetitions.txt  seeded random move cycles ending in threefold repetition, with the ply at
                   which Fairy-Stockfish declares the draw.
  perft.txt        perft counts from Fairy-Stockfish's own `go perft` (which stops where it
                   ends games by the centre; the Rust test counts the same way and its own way).

Usage: python3 tools/oracle/jesonmor.py [--check]
With --check nothing is written: the data is regenerated and compared with the committed
files (exit status 1 on any difference).
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf  # noqa: E402

sf = fsf.require_pyffish()
V = "jesonmor"
NOCENTRE = "jesonmor-nocentre"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "core", "rules", "tests", "data", "jesonmor")
START = sf.start_fen(V)
CENTRE_FIELD = "centre"

# Knights only on a 9 x 9 board, none of the centre rule: Fairy-Stockfish's own move
# generation for the positions its `jesonmor` has already ended. Losing all knights still
# ends the game, as in `jesonmor`.
sf.load_variant_config(f"""
[{NOCENTRE}]
maxRank = 9
maxFile = 9
knight = n
startFen = {START}
castling = false
doubleStep = false
extinctionValue = loss
extinctionPieceTypes = *
""")


def board_of(fen):
    """Maps a square name (`e5`) to the FEN letter standing there."""
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank, f, num = 9 - i, 0, ""
        for c in row + " ":
            if c.isdigit():
                num += c
                continue
            if num:
                f, num = f + int(num), ""
            if c != " ":
                board[f"{chr(ord('a') + f)}{rank}"] = c
                f += 1
    return board


def red_to_move(fen):
    return fen.split()[1] == "w"


def holds_centre(fen):
    """Whether the side to move has a knight on e5 (Fairy-Stockfish: already won)."""
    return board_of(fen).get("e5") == ("N" if red_to_move(fen) else "n")


def is_capture(fen, m):
    return m[2:] in board_of(fen)


def fsf_verdict(fen):
    """Fairy-Stockfish's verdict on a position by itself, with the legal moves by the rules
    page. The verdict is `centre` (the side to move has already won by the centre; its moves
    come from `jesonmor-nocentre`), `no_moves` (the side to move has lost: no legal move),
    `fifty` (drawn by the fifty-move rule) or `-` (the game goes on)."""
    ended, value = sf.is_immediate_game_end(V, fen, [])
    if ended:
        if not (value > 0 and holds_centre(fen)):
            sys.exit(f"unexpected immediate end {value} in {fen}")
        return "centre", sorted(sf.legal_moves(NOCENTRE, fen, []))
    legal = sorted(sf.legal_moves(V, fen, []))
    if not legal:
        if sf.game_result(V, fen, []) >= 0:
            sys.exit(f"no moves without a loss in {fen}")
        return "no_moves", legal
    ended, value = sf.is_optional_game_end(V, fen, [])
    if ended:
        if value != 0:
            sys.exit(f"unexpected optional end {value} in {fen}")
        return "fifty", legal
    return "-", legal


def sparse_start(rng):
    """A seeded position with a few knights a side, none on e5, and a high half-move clock,
    so that playouts from it reach the fifty-move rule and the last knight."""
    squares = [f"{chr(ord('a') + f)}{r}" for f in range(9) for r in range(1, 10)]
    squares.remove("e5")
    chosen = rng.sample(squares, rng.randint(2, 8))
    half = rng.randint(1, len(chosen) - 1)
    board = {s: "N" for s in chosen[:half]} | {s: "n" for s in chosen[half:]}
    rows = []
    for rank in range(9, 0, -1):
        row, empty = "", 0
        for f in range(9):
            c = board.get(f"{chr(ord('a') + f)}{rank}")
            if c is None:
                empty += 1
            else:
                row, empty = row + (str(empty) if empty else "") + c, 0
        rows.append(row + (str(empty) if empty else ""))
    turn = rng.choice("wb")
    return f"{'/'.join(rows)} {turn} - - {rng.randint(40, 95)} {rng.randint(20, 60)}"


# Playout policies: how a move is picked. `avoid_centre`: chance of refusing to step onto e5;
# `stay`: chance of not leaving e5 while holding it; `capture`: chance of preferring a capture
# (`avoid_capture`: of avoiding one).
POLICIES = {
    "random": dict(avoid_centre=0.0, stay=0.0, capture=0.0, avoid_capture=0.0),
    "greedy": dict(avoid_centre=0.3, stay=0.3, capture=0.8, avoid_capture=0.0),
    "patient": dict(avoid_centre=0.9, stay=0.85, capture=0.4, avoid_capture=0.0),
    "quiet": dict(avoid_centre=0.95, stay=0.9, capture=0.0, avoid_capture=0.97),
}


def pick(rng, fen, legal, policy):
    p = POLICIES[policy]
    moves = list(legal)
    if holds_centre(fen) and rng.random() < p["stay"]:
        moves = [m for m in moves if m[:2] != "e5"] or moves
    if rng.random() < p["avoid_centre"]:
        moves = [m for m in moves if m[2:] != "e5"] or moves
    captures = [m for m in moves if is_capture(fen, m)]
    if captures and rng.random() < p["capture"]:
        moves = captures
    elif rng.random() < p["avoid_capture"]:
        moves = [m for m in moves if not is_capture(fen, m)] or moves
    return rng.choice(moves)


def playout(rng, fen, policy, max_plies):
    """Plays by the rules page until the game ends; returns the lines for its positions."""
    lines = []
    for _ in range(max_plies):
        verdict, legal = fsf_verdict(fen)
        lines.append("|".join([fen, " ".join(legal), verdict]))
        # Fairy-Stockfish's fifty-move draw and loss without moves end the game here too;
        # its centre verdict does not (the knight has yet to leave).
        if verdict in ("no_moves", "fifty"):
            break
        m = pick(rng, fen, legal, policy)
        after = sf.get_fen(NOCENTRE if verdict == "centre" else V, fen, [m])
        if verdict == "centre" and m[:2] == "e5":
            # Won by leaving the centre: Fairy-Stockfish's moves for the same board without
            # the mark, and its verdict on that board, for the test to compare with.
            v, moves = fsf_verdict(after)
            lines.append("|".join([f"{after} {CENTRE_FIELD}", " ".join(moves), v]))
            break
        fen = after
    return lines


def positions(rng):
    lines = []
    for g in range(40):
        policy = list(POLICIES)[g % len(POLICIES)]
        start = sparse_start(rng) if policy == "quiet" or g % 8 == 1 else START
        lines += playout(rng, start, policy, max_plies=100)
    return lines


def repetitions(rng, pos_lines, count):
    """Cycles of two moves and their reverses by each side from playout positions where
    nothing touches e5, played until Fairy-Stockfish declares the draw."""
    candidates = [l.split("|")[0] for l in pos_lines if l.split("|")[2] == "-"]
    candidates = [f for f in candidates if "e5" not in board_of(f)]
    lines, tries = [], 0
    while len(lines) < count and tries < count * 50:
        tries += 1
        fen = rng.choice(candidates)
        quiet = [m for m in sf.legal_moves(V, fen, []) if not is_capture(fen, m) and "e5" not in m]
        if not quiet:
            continue
        a = rng.choice(quiet)
        fen_a = sf.get_fen(V, fen, [a])
        replies = [m for m in sf.legal_moves(V, fen_a, [])
                   if not is_capture(fen_a, m) and "e5" not in m]
        if not replies:
            continue
        b = rng.choice(replies)
        cycle = [a, b, a[2:] + a[:2], b[2:] + b[:2]] * 3
        for i in range(1, len(cycle) + 1):
            # Every move must be a legal quiet move where it is played (a reversed move can
            # meet a knight that has since arrived), and no end but repetition may come.
            here = sf.get_fen(V, fen, cycle[:i - 1])
            if cycle[i - 1] not in sf.legal_moves(V, here, []) or is_capture(here, cycle[i - 1]):
                break
            if sf.is_immediate_game_end(V, fen, cycle[:i])[0]:
                break
            ended, value = sf.is_optional_game_end(V, fen, cycle[:i])
            if ended:
                if value == 0 and fsf_verdict(sf.get_fen(V, fen, cycle[:i]))[0] != "fifty":
                    lines.append("|".join([fen, " ".join(cycle[:i])]))
                break
    return lines


PERFT_HAND_MADE = [
    # The start; Red holding e5 (Fairy-Stockfish: over); a green knight just arrived on e5
    # that Red may take; captures of last knights within the horizon; a crowded middlegame.
    START,
    "1nnnnnnnn/9/9/9/2n1N4/9/9/9/NN1NNNNNN w - - 4 3",
    "n8/9/9/6n2/4n4/2N6/9/9/N8 w - - 0 1",
    "9/9/9/9/9/9/1n7/9/N8 w - - 12 30",
    "9/9/5n3/9/9/3N5/9/9/9 b - - 0 40",
    "nn5nn/2n3n2/9/3N1n3/9/2N2N3/9/2N3N2/NN5NN b - - 3 20",
    "4n4/9/3n1n3/9/3N1N3/9/9/9/4N4 w - - 0 10",
]


def perft_lines(pos_lines):
    engine = fsf.Engine(V)
    fens = PERFT_HAND_MADE + random.Random(7).sample(
        [l.split("|")[0] for l in pos_lines if not l.split("|")[0].endswith(CENTRE_FIELD)], 16)
    lines = []
    for fen in fens:
        depth = 4 if len(sf.legal_moves(NOCENTRE, fen, [])) <= 20 or fen == START else 3
        counts = [engine.perft(fen, d) for d in range(1, depth + 1)]
        lines.append(fen + "|" + " ".join(map(str, counts)))
    engine.close()
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args()
    rng = random.Random(20261130)
    pos_lines = positions(rng)
    rep_lines = repetitions(rng, pos_lines, count=40)
    perft = perft_lines(pos_lines)
    os.makedirs(OUT, exist_ok=True)
    header = "# Generated by tools/oracle/jesonmor.py from Fairy-Stockfish (pyffish {}).\n"
    header = header.format(".".join(map(str, sf.version())))
    ok = True
    ok &= fsf.write_or_check(
        os.path.join(OUT, "positions.txt"),
        header
        + "# fen|legal moves by the rules page|Fairy-Stockfish's verdict on the FEN's board\n"
        + "# verdict: - (goes on), centre (side to move already won: its moves come from\n"
        + "# jesonmor-nocentre), no_moves (side to move lost), fifty (drawn). A FEN ending in\n"
        + "# `centre` was just won by leaving e5; its moves and verdict are Fairy-Stockfish's\n"
        + "# for the same board without the mark.\n"
        + "\n".join(pos_lines) + "\n",
        args.check)
    ok &= fsf.write_or_check(
        os.path.join(OUT, "repetitions.txt"),
        header + "# fen|moves, the last one completing a threefold repetition (a draw)\n"
        + "\n".join(rep_lines) + "\n",
        args.check)
    ok &= fsf.write_or_check(
        os.path.join(OUT, "perft.txt"),
        header + "# fen|Fairy-Stockfish's perft 1, 2, ... (its tree stops where the side to "
        + "move holds e5)\n" + "\n".join(perft) + "\n",
        args.check)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
