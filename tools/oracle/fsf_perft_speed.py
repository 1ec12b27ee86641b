#!/usr/bin/env python3
"""Times Fairy-Stockfish's own perft (its WASM build under Node) on the same positions as
`cargo bench -p rodina-rules --bench perft`, so the two speeds can be compared on one machine.

Usage: python3 tools/oracle/fsf_perft_speed.py [--quick]
The WASM build is slower than a native Fairy-Stockfish; the issue's reference for native is
about 16 M nodes/s for Xiangqi perft(5) from the start.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf  # noqa: E402

POSITIONS = [
    ("start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 0),
    ("middlegame", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 0),
    ("endgame", "3k5/4a4/4ba3/9/2b6/9/9/4B4/3NA4/3AKC3 w - - 0 1", 1),
]


def main():
    depth = 4 if "--quick" in sys.argv else 5
    engine = fsf.Engine("xiangqi")
    for name, fen, extra in POSITIONS:
        d = depth + extra
        start = time.time()
        nodes = engine.perft(fen, d)
        secs = time.time() - start
        print(f"fairy-stockfish (wasm) xiangqi {name:<12} depth {d}: {nodes:>12} nodes in "
              f"{secs:7.3f} s = {nodes / secs / 1e6:6.2f} M nodes/s")
    engine.close()


if __name__ == "__main__":
    main()
