#!/usr/bin/env python3
"""Runs the conformance vectors against an engine: see conformance/README.md.

    python3 conformance/run.py [--adapter cli|boardrules|go_v5|openspiel|module:Class]
                               [--program CMD] [--timeout SECONDS] [--verbose] [PATH ...]

Standard library only (Python 3.9 or later); the adapters import their engines.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from runner.main import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(default_root=HERE))
