#!/usr/bin/env python3
"""Xiangqi test data from Fairy-Stockfish, the reference implementation of the rules page.

Writes three files under core/rules/tests/data/xiangqi/ (the Rust tests read them):
  positions.txt    positions from seeded random playouts: legal moves, check, game-end
                   verdicts, insufficient material per side, WXF texts of sampled moves.
  repetitions.txt  move sequences ending in a repetition, with Fairy-Stockfish's verdict:
                   hand-made cases of every kind and seeded random cycles.
  perft.txt        perft counts of positions from the playouts and hand-made positions,
                   counted by Fairy-Stockfish's own `go perft`.

Usage: python3 tools/oracle/xiangqi.py [--check]
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
V = "xiangqi"
WXF = sf.NOTATION_XIANGQI_WXF
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "core", "rules", "tests", "data", "xiangqi")
START = sf.start_fen(V)


def board_of(fen):
    """Maps (file, rank) with rank 1..10 to the FEN letter."""
    rows = fen.split()[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = 10 - i
        f = 0
        num = ""
        for c in row + " ":
            if c.isdigit():
                num += c
                continue
            if num:
                f += int(num)
                num = ""
            if c == " ":
                break
            board[(f, rank)] = c
            f += 1
    return board


def square(text):
    return (ord(text[0]) - ord("a"), int(text[1:]))


def split_move(m):
    i = 1
    while m[i].isdigit():
        i += 1
    return m[:i], m[i:]


def is_capture(fen, m):
    return square(split_move(m)[1]) in board_of(fen)


def remove(fen, squares):
    """The FEN with the pieces on `squares` removed (for handicap starts)."""
    board = board_of(fen)
    for s in squares:
        board.pop(square(s), None)
    rows = []
    for rank in range(10, 0, -1):
        row, empty = "", 0
        for f in range(9):
            c = board.get((f, rank))
            if c is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + c
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + " ".join(fen.split()[1:])


HANDICAPS = [["b1"], ["b1", "h1"], ["b3"], ["a1"]]


def tandem_squares(fen):
    """Squares of pieces that share their file with another piece of their kind and side."""
    board = board_of(fen)
    out = set()
    for (f, r), c in board.items():
        if sum(1 for (f2, r2), c2 in board.items() if f2 == f and c2 == c) >= 2:
            out.add((f, r))
    return out


def positions(rng, games, max_plies):
    """Seeded random playouts to the end of the game (or `max_plies`). Every position of the
    first 40 plies and of the last 12, and every third one between, is recorded."""
    lines, samples = [], []
    for g in range(games):
        fen = START if g % 5 else remove(START, HANDICAPS[(g // 5) % len(HANDICAPS)])
        game = []
        for ply in range(max_plies):
            legal = sorted(sf.legal_moves(V, fen, []))
            ins = sf.has_insufficient_material(V, fen, [])
            game.append((fen, legal, ins))
            if ply % 7 == 3 and legal and ply < 120:
                samples.append(fen)
            if not legal or (ins[0] and ins[1]):
                break
            captures = [m for m in legal if is_capture(fen, m)]
            m = rng.choice(captures if captures and rng.random() < 0.6 else legal)
            fen = sf.get_fen(V, fen, [m])
        for ply, (fen, legal, ins) in enumerate(game):
            if not (ply < 40 or ply >= len(game) - 12 or ply % 3 == 0):
                continue
            check = sf.gives_check(V, fen, [])
            verdict = ("checkmate" if check else "no_moves") if not legal else "-"
            tandem = tandem_squares(fen)
            wanted = [m for m in legal if square(split_move(m)[0]) in tandem]
            others = [m for m in legal if m not in wanted]
            wanted += rng.sample(others, min(3, len(others)))
            wxf = [f"{m}={sf.get_san(V, fen, m, False, WXF)}" for m in sorted(wanted)]
            lines.append("|".join([
                fen, " ".join(legal), "1" if check else "0", verdict,
                "".join("1" if x else "0" for x in ins), " ".join(wxf),
            ]))
    return lines, samples


def play_until_end(fen, moves):
    """Plays `moves` while legal; returns (plies played until the game ended, value) or None."""
    for i in range(1, len(moves) + 1):
        if moves[i - 1] not in sf.legal_moves(V, fen, moves[:i - 1]):
            return None
        ended, value = sf.is_optional_game_end(V, fen, moves[:i])
        if ended:
            return i, value
    return None


def winner_of(fen, plies, value):
    """'draw', 'red' or 'black' from a value for the side to move after `plies` moves."""
    if value == 0:
        return "draw"
    stm_red = (fen.split()[1] == "w") == (plies % 2 == 0)
    side_to_move_wins = value > 0
    return "red" if stm_red == side_to_move_wins else "black"


def label(fen, moves, winner):
    """The reason a loser lost: perpetual check if every move of the loser was a check."""
    if winner == "draw":
        return "repetition"
    red_first = fen.split()[1] == "w"
    loser_is_red = winner == "black"
    checks = []
    for i in range(len(moves)):
        mover_red = red_first == (i % 2 == 0)
        if mover_red == loser_is_red:
            checks.append(sf.gives_check(V, fen, moves[:i + 1]))
    # Fairy-Stockfish looks at the moves of the cycle; the loser checked with all of them
    # when it checked with the last four of its moves.
    return "perpetual_check" if all(checks[-4:]) else "perpetual_chase"


def cycle(a, b, times=3):
    seq = []
    for _ in range(times):
        seq += [a[0], b[0], a[1], b[1]]
    return seq + [a[0]]


# Hand-made cases: (name, kind, fen, moves). The kind says what the case shows; the
# verdict recorded is Fairy-Stockfish's, and the script stops if it differs from the
# expectation (the third field of EXPECT).
HAND_MADE = [
    ("perpetual check by a chariot", "perpetual_check",
     "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a1a10 d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10 a9a10"),
    ("perpetual check by a horse", "perpetual_check",
     "4k4/9/9/5N3/9/9/9/9/9/3K5 w - - 0 1", "f7d8 e10e9 d8f7 e9e10 f7d8 e10e9 d8f7 e9e10"),
    ("chariot chases an unprotected horse", "chase_unprotected",
     "3k5/9/n8/9/9/9/9/9/9/2R1K4 w - - 0 1", "c1a1 a8c7 a1c1 c7a8 c1a1 a8c7 a1c1 c7a8"),
    ("cannon chases an unprotected horse", "chase_unprotected",
     "3k5/9/n8/9/9/9/P1P6/9/9/2C1K4 w - - 0 1", "c1a1 a8c7 a1c1 c7a8 c1a1 a8c7 a1c1 c7a8"),
    ("horse chases a protected chariot", "chase_stronger",
     "1r1k5/9/9/9/9/9/9/1n7/9/R3K4 w - - 0 1", "a1b1 b3d2 b1a1 d2b3 a1b1 b3d2 b1a1 d2b3"),
    ("chariot attacks a protected horse", "protected",
     "r1rk5/9/n8/9/9/9/9/9/9/2R1K4 w - - 0 1", "c1a1 a8c7 a1c1 c7a8 c1a1 a8c7 a1c1 c7a8"),
    ("horse attacks two soldiers in turn", "chase_unprotected",
     "3k5/9/n8/9/1P2P4/9/9/9/9/2R1K4 w - - 0 1", "c1a1 a8c7 a1c1 c7a8 c1a1 a8c7 a1c1 c7a8"),
    # Mutual chases, found by searching move pairs with the Rust chase rules and confirmed
    # here: a cannon and a chariot attacking each other in turn; two pairs of pieces.
    ("cannon and chariot chase each other", "mutual_chase",
     "3a1a3/3nkn3/3cb4/6p1p/rR1C2b2/2p1P4/2P2rP1P/N3BC3/4K4/3A1AB1R w - - 4 25",
     "d6f6 f4d4 f6d6 d4f4 d6f6 f4d4 f6d6 d4f4"),
    ("both sides chase in a middlegame", "mutual_chase",
     "2bak4/9/1c2ba3/rCp6/C2Rp1p1p/P6r1/2P1P1P1n/4B1N2/R5c2/1NBAKA3 w - - 1 25",
     "d6d2 h5b5 d2d6 b5h5 d6d2 h5b5 d2d6 b5h5"),
    ("generals shuffle", "idle",
     "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "e1e2 d10d9 e2e1 d9d10 e1e2 d10d9 e2e1 d9d10"),
    ("chariots shuffle", "idle",
     "r2k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "i1i2 a10a9 i2i1 a9a10 i1i2 a10a9 i2i1 a9a10"),
]


def attacks(board, sq):
    """Squares the piece on `sq` attacks (palace and river limits ignored except for
    soldiers): enough to propose cycles, which Fairy-Stockfish then judges."""
    f, r = sq
    c = board[sq]
    red = c.isupper()
    kind = c.lower()
    out = set()
    on = lambda x, y: 0 <= x < 9 and 1 <= y <= 10  # noqa: E731
    if kind in "rc":
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y, screens = f + dx, r + dy, 0
            while on(x, y):
                if kind == "r" or screens == 1:
                    if (x, y) in board or kind == "r":
                        out.add((x, y))
                if (x, y) in board:
                    screens += 1
                    if kind == "r" or screens == 2:
                        break
                x, y = x + dx, y + dy
    elif kind == "n":
        for (lx, ly), (tx, ty) in (((0, 1), (1, 2)), ((0, 1), (-1, 2)), ((0, -1), (1, -2)),
                                   ((0, -1), (-1, -2)), ((1, 0), (2, 1)), ((1, 0), (2, -1)),
                                   ((-1, 0), (-2, 1)), ((-1, 0), (-2, -1))):
            if on(f + tx, r + ty) and (f + lx, r + ly) not in board:
                out.add((f + tx, r + ty))
    elif kind == "p":
        fwd = 1 if red else -1
        out.add((f, r + fwd))
        if (red and r >= 6) or (not red and r <= 5):
            out |= {(f - 1, r), (f + 1, r)}
    return {s for s in out if on(*s)}


def apply(board, m):
    fr, to = split_move(m)
    b = dict(board)
    b[square(to)] = b.pop(square(fr))
    return b


def targets(board, sq):
    """Enemy pieces attacked by the piece on `sq`."""
    red = board[sq].isupper()
    return {s for s in attacks(board, sq) if s in board and board[s].isupper() != red}


def repetitions(rng, samples, count):
    lines = []
    for name, kind, fen, moves in HAND_MADE:
        moves = moves.split()
        r = play_until_end(fen, moves)
        if r is None or r[0] != len(moves):
            sys.exit(f"hand-made case {name!r} does not end exactly at its last move")
        w = winner_of(fen, r[0], r[1])
        lines.append("|".join([name, kind, fen, " ".join(moves), w, label(fen, moves, w)]))

    def record(kind, fen, seq):
        r = play_until_end(fen, seq)
        if r is None:
            return False
        plies, value = r
        moves = seq[:plies]
        w = winner_of(fen, plies, value)
        lines.append("|".join([f"{kind} cycle {len(lines) + 1}", kind, fen, " ".join(moves),
                               w, label(fen, moves, w)]))
        return True

    # Random cycles: one move and its reverse by each side.
    found = tries = 0
    while found < count and tries < count * 40:
        tries += 1
        fen = rng.choice(samples)
        legal = [m for m in sf.legal_moves(V, fen, []) if not is_capture(fen, m)]
        if not legal:
            continue
        a1 = rng.choice(legal)
        fen_a = sf.get_fen(V, fen, [a1])
        replies = [m for m in sf.legal_moves(V, fen_a, []) if not is_capture(fen_a, m)]
        if not replies:
            continue
        b1 = rng.choice(replies)
        af, at = split_move(a1)
        bf, bt = split_move(b1)
        found += record("random", fen, cycle((a1, at + af), (b1, bt + bf)))

    # Proposed chases and checks: the moving piece attacks an enemy piece (or the general),
    # the enemy piece steps away to a point the chaser attacks again from where it started.
    found = {"chase": 0, "check": 0}
    order = list(samples)
    rng.shuffle(order)
    for fen in order:
        if min(found.values()) >= count // 2:
            break
        board = board_of(fen)
        legal = [m for m in sf.legal_moves(V, fen, []) if not is_capture(fen, m)]
        rng.shuffle(legal)
        for a1 in legal:
            af, at = split_move(a1)
            if board[square(af)].lower() not in "rnc":
                continue
            after = apply(board, a1)
            hit = targets(after, square(at))
            if not hit:
                continue
            kind = "check" if any(after[s].lower() == "k" for s in hit) else "chase"
            if found[kind] >= count // 2:
                continue
            fen_a = sf.get_fen(V, fen, [a1])
            for b1 in sf.legal_moves(V, fen_a, []):
                bf, bt = split_move(b1)
                if is_capture(fen_a, b1) or square(bf) not in hit:
                    continue
                back = apply(apply(after, b1), at + af)
                if square(bt) not in targets(back, square(af)):
                    continue
                if record(kind, fen, cycle((a1, at + af), (b1, bt + bf))):
                    found[kind] += 1
                break
            else:
                continue
            break
    return lines


PERFT_HAND_MADE = [
    # Check evasions, flying general, cannon screens, soldiers across the river.
    "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1",
    "4k4/9/9/9/4c4/9/4C4/9/9/3K5 b - - 0 1",
    "2bak4/4a4/4b4/4C4/9/4R4/9/9/4p4/3K5 b - - 0 1",
    "3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    "3akab2/9/4b4/p3C3p/4c4/2P6/P3P3P/4B4/4A4/2BAK4 b - - 0 1",
    "4k4/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
    "5k3/3P5/4P4/9/9/9/9/9/9/4K4 w - - 0 1",
]


def perft_lines(samples):
    engine = fsf.Engine(V)
    lines = []
    fens = PERFT_HAND_MADE + random.Random(7).sample(samples, 16)
    for fen in fens:
        depth = 4 if len(sf.legal_moves(V, fen, [])) < 60 else 3
        counts = [engine.perft(fen, d) for d in range(1, depth + 1)]
        lines.append(fen + "|" + " ".join(map(str, counts)))
    engine.close()
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args()
    rng = random.Random(20261129)
    pos_lines, samples = positions(rng, games=40, max_plies=400)
    rep_lines = repetitions(rng, samples, count=50)
    perft = perft_lines(samples)
    os.makedirs(OUT, exist_ok=True)
    header = "# Generated by tools/oracle/xiangqi.py from Fairy-Stockfish (pyffish {}).\n"
    version = ".".join(map(str, sf.version()))
    ok = True
    ok &= fsf.write_or_check(
        os.path.join(OUT, "positions.txt"),
        header.format(version)
        + "# fen|legal moves|in check|verdict|insufficient (red, black)|move=WXF ...\n"
        + "\n".join(pos_lines) + "\n",
        args.check)
    ok &= fsf.write_or_check(
        os.path.join(OUT, "repetitions.txt"),
        header.format(version)
        + "# name|kind|fen|moves|winner at the last move|reason\n"
        + "\n".join(rep_lines) + "\n",
        args.check)
    ok &= fsf.write_or_check(
        os.path.join(OUT, "perft.txt"),
        header.format(version) + "# fen|perft 1, 2, ...\n" + "\n".join(perft) + "\n",
        args.check)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
