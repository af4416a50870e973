#!/usr/bin/env python3
"""The benchmark kit: times legal moves, play on a copy, perft 2 and random playouts over
the fixed position sets (bench/positions/GAME.jsonl) through the Python adapters and the
Rust binary kit-bench, and writes one markdown table. See conformance/README.md.

    python3 conformance/bench.py [--adapters boardrules,go_v5,openspiel]
        [--rust "cargo run --release -q -p benches --bin kit-bench --"] [--seconds S]
        [--games go9,kazura,bao,bind] [--positions N] [--seed N] [--out FILE.md]

Standard library only (Python 3.9 or later); the adapters import their engines.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from runner.bench import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
