"""Shared helpers for the Fairy-Stockfish oracles.

The PyPI package `pyffish` answers legal moves, checks and game results. Perft counts come
from Fairy-Stockfish's own `go perft`, through the npm package `fairy-stockfish-nnue.wasm`
run by Node (installed on demand into `tools/oracle/node_modules`).
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NPM_PACKAGE = "fairy-stockfish-nnue.wasm"
NPM_VERSION = "1.1.12"


def require_pyffish():
    try:
        import pyffish  # noqa: F401
    except ImportError:
        sys.exit("pyffish is missing: pip install pyffish")
    import pyffish
    return pyffish


def uci_js():
    path = os.path.join(HERE, "node_modules", NPM_PACKAGE, "uci.js")
    if not os.path.exists(path):
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--prefix", HERE,
             f"{NPM_PACKAGE}@{NPM_VERSION}"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return path


class Engine:
    """Fairy-Stockfish (WASM) over UCI, for perft."""

    def __init__(self, variant):
        self.p = subprocess.Popen(
            ["node", "--no-experimental-fetch", uci_js()],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        )
        self.send("uci")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Use NNUE value false")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError("engine ended before " + prefix)

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched").split()[-1])

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def write_or_check(path, text, check):
    """Writes `text` to `path`, or with `check` compares and reports a difference."""
    if check:
        with open(path, encoding="utf-8") as f:
            old = f.read()
        if old != text:
            old_lines, new_lines = old.splitlines(), text.splitlines()
            for i, (a, b) in enumerate(zip(old_lines, new_lines)):
                if a != b:
                    print(f"{path}:{i + 1}: committed\n  {a}\nregenerated\n  {b}")
                    break
            else:
                print(f"{path}: {len(old_lines)} lines committed, {len(new_lines)} regenerated")
            return False
        print(f"{path}: matches Fairy-Stockfish")
        return True
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {path}")
    return True
