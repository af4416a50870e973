"""The command line of `run.py`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional, Sequence, TextIO

from .adapters.base import AdapterConfig
from .report import EXIT_USAGE, FileReport, Reporter
from .files import find_files, stray_files
from .vectors import LineError, read_file
from .worker import ADAPTERS, AdapterStartError, Worker

DEFAULT_TIMEOUT = 20.0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="run.py",
        description=(
            "Runs the conformance vectors (conformance/FORMAT.md, version 1) against an engine "
            "through an adapter. Exit status: 0 when nothing failed, 1 when a case failed or "
            "could not be run, 2 for bad usage."
        ),
    )
    parser.add_argument(
        "--adapter",
        default="cli",
        help=f"{', '.join(ADAPTERS)} (default cli), or module:Class for an adapter of your own",
    )
    parser.add_argument(
        "--program",
        help="for --adapter cli: the command of a program speaking docs/rulebook.md "
        "(default: $RULEBOOK, else `rulebook` on the PATH)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"time allowed for each case (default {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument("--verbose", "-v", action="store_true", help="also list every case passed or skipped")
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="vector files, or folders to search for */v1/*.jsonl (default: the folder of run.py)",
    )
    return parser


def main(argv: Optional[Sequence[str]] = None, default_root: Optional[Path] = None, out: Optional[TextIO] = None) -> int:
    """Runs the command line `argv`; returns the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if not args.timeout > 0:
            parser.error("--timeout must be a positive number of seconds")
        if args.program is not None and args.adapter != "cli":
            parser.error("--program goes with --adapter cli only")
    except SystemExit as stop:  # argparse's usage errors (2) and --help (0)
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    stream = out if out is not None else sys.stdout
    roots: List[str] = list(args.paths) or [str(default_root or Path(__file__).resolve().parent.parent)]
    try:
        files = find_files(roots)
        strays = stray_files(roots)
    except FileNotFoundError as missing:
        print(f"run.py: no such file or folder: {missing}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        print(f"run.py: cannot read {error.filename or ''}: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    if not files:
        print(f"run.py: no vector files (*/v1/*.jsonl) under {', '.join(roots)}", file=sys.stderr)
        return EXIT_USAGE
    config = AdapterConfig(program=args.program, timeout=args.timeout)
    worker = Worker(args.adapter, config)
    try:
        worker.start()
    except AdapterStartError as error:
        print(f"run.py: {error}", file=sys.stderr)
        return EXIT_USAGE
    reporter = Reporter(stream, args.verbose)
    program = f" ({args.program})" if args.program else ""
    reporter.say(f"adapter: {worker.adapter_name}{program}; timeout {args.timeout:g}s per case; {len(files)} file{'' if len(files) == 1 else 's'}")
    try:
        for path in strays:
            report = FileReport(str(path))
            report.broken_file("a stray file outside the layout GAME/vN/SET.jsonl (give its own path to run it)")
            reporter.file(report)
        for path in files:
            report = FileReport(str(path))
            vectors = read_file(path)
            if vectors.header is None:
                report.broken_file(vectors.header_error or "unreadable header")
            else:
                items = sorted(
                    [(error.line, 0, error) for error in vectors.line_errors]
                    + [(case.line, 1, case) for case in vectors.cases],
                    key=lambda item: item[0],
                )
                for _, _, item in items:
                    if isinstance(item, LineError):
                        report.line_error(item)
                    else:
                        report.case(worker.run(vectors.header, item, args.timeout))
            reporter.file(report)
    finally:
        worker.close()
    return reporter.summary()
