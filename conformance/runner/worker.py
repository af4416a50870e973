"""Running cases in a child process, so that a hanging or crashing engine cannot stop the run.

The worker is a `multiprocessing` child (start method `spawn`: a fresh interpreter that
imports the adapter itself). On POSIX it makes itself the leader of a new process group,
so a timeout kills it together with every process its adapter started (a hanging
`rulebook`, say). After a timeout or a crash a new worker is started for the next case.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import time
import traceback
from multiprocessing.connection import Connection
from typing import Any, Optional, Tuple, Type

from .adapters.base import Adapter, AdapterConfig, kill_running_groups
from .checks import ERROR, CaseResult, run_case
from .vectors import Case, Header

#: The adapters known by a short name; any other is given as `module:Class`.
ADAPTERS = {
    "cli": "runner.adapters.cli:CliAdapter",
    "boardrules": "runner.adapters.boardrules:BoardrulesAdapter",
    "go_v5": "runner.adapters.go_v5:GoV5Adapter",
    "openspiel": "runner.adapters.openspiel:OpenSpielAdapter",
}

#: How long a new worker may take to import its adapter and build it.
START_TIMEOUT = 120.0


class AdapterStartError(Exception):
    """The adapter could not be imported or built (a missing package, a bad name)."""


def resolve(spec: str) -> Type[Adapter[Any]]:
    """The adapter class for a short name or a `module:Class` path."""
    target = ADAPTERS.get(spec, spec)
    module_name, colon, class_name = target.partition(":")
    if not colon or not module_name or not class_name:
        raise AdapterStartError(
            f"unknown adapter `{spec}`: use one of {', '.join(ADAPTERS)} or module:Class"
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise AdapterStartError(f"cannot import {module_name} for the adapter `{spec}`: {error}") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type) or not issubclass(cls, Adapter):
        raise AdapterStartError(f"{target} is not an Adapter class")
    return cls


def _serve(conn: Connection, spec: str, config: AdapterConfig) -> None:
    """The worker's loop: build the adapter, then answer jobs until told to stop."""
    if hasattr(os, "setpgid"):
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
    if hasattr(signal, "SIGTERM"):
        # Told to stop (a case timed out): kill the programs the adapter runs, each in a
        # process group of its own, before this process goes.
        def stop(signum: int, frame: object) -> None:
            kill_running_groups()
            os._exit(3)

        signal.signal(signal.SIGTERM, stop)
    try:
        adapter = resolve(spec)(config)
    except Exception as error:  # reported to the parent, which stops the run
        message = str(error) if isinstance(error, AdapterStartError) else (
            f"the adapter `{spec}` failed to start: {type(error).__name__}: {error}"
        )
        conn.send(("start-error", message))
        return
    conn.send(("ready", adapter.name))
    while True:
        try:
            job = conn.recv()
        except EOFError:
            break
        if job is None:
            break
        header, case = job
        try:
            result = run_case(adapter, header, case)
        except BaseException as error:  # run_case catches Exceptions; this is the rest
            result = CaseResult(case.id, case.kind, case.decisions, case.line, status=ERROR)
            result.reason = f"the worker failed: {type(error).__name__}: {error}"
            traceback.print_exc()
        conn.send(result)
    try:
        adapter.close()
    except Exception:
        pass


class Worker:
    """A worker process running one adapter; `run` gives a case's result within a timeout."""

    def __init__(self, spec: str, config: AdapterConfig) -> None:
        self.spec = spec
        self.config = config
        self.context = multiprocessing.get_context("spawn")
        self.process: Optional[Any] = None
        self.conn: Optional[Connection] = None
        self.adapter_name = spec
        self.restarts = 0

    def start(self) -> None:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(child, self.spec, self.config), daemon=True)
        process.start()
        child.close()
        self.process, self.conn = process, parent
        if not parent.poll(START_TIMEOUT):
            self._kill()
            raise AdapterStartError(f"the adapter `{self.spec}` did not start within {START_TIMEOUT:g}s")
        try:
            kind, detail = parent.recv()
        except EOFError:
            code = process.exitcode
            self._kill()
            raise AdapterStartError(f"the worker for `{self.spec}` died while starting ({_exit_text(code)})") from None
        if kind != "ready":
            self._kill()
            raise AdapterStartError(detail)
        self.adapter_name = detail

    def run(self, header: Header, case: Case, timeout: float) -> CaseResult:
        if self.process is None or not self.process.is_alive():
            self.start()
        assert self.conn is not None and self.process is not None
        started = time.monotonic()
        try:
            self.conn.send((header, case))
            ready = self.conn.poll(timeout)
            if ready:
                answer = self.conn.recv()
                if isinstance(answer, CaseResult):
                    return answer
                raise EOFError(f"unexpected answer {answer!r}")
        except (EOFError, OSError, BrokenPipeError):
            self.process.join(1.0)
            code = self.process.exitcode
            self._kill()
            return self._error(case, f"engine crashed: {_exit_text(code)}")
        self._kill()
        waited = time.monotonic() - started
        return self._error(case, f"timed out after {timeout:g}s (killed after {waited:.1f}s)")

    def _error(self, case: Case, reason: str) -> CaseResult:
        self.restarts += 1
        result = CaseResult(case.id, case.kind, case.decisions, case.line, status=ERROR)
        result.reason = reason
        return result

    def _kill(self) -> None:
        process, conn = self.process, self.conn
        self.process = self.conn = None
        if conn is not None:
            conn.close()
        if process is None:
            return
        if process.pid is not None and process.is_alive():
            try:
                os.kill(process.pid, signal.SIGTERM)  # it kills its programs' groups
            except OSError:
                pass
            process.join(2.0)
        if process.pid is not None:
            _kill_group(process.pid, process.is_alive())
        process.join(5.0)
        if process.is_alive():
            process.kill()
            process.join(5.0)

    def close(self) -> None:
        if self.process is not None and self.process.is_alive() and self.conn is not None:
            try:
                self.conn.send(None)
                self.process.join(5.0)
            except (OSError, BrokenPipeError):
                pass
        self._kill()


def _kill_group(pid: int, alive: bool) -> None:
    """Kills the worker `pid` and the processes it started: the worker leads its own process
    group, whose id is its pid (the group outlives a crashed worker while a child of it still
    runs, so the group is killed even then)."""
    if hasattr(os, "killpg"):
        try:
            os.killpg(pid, signal.SIGKILL)
            return
        except OSError:
            pass
    if alive:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def _exit_text(code: Optional[int]) -> str:
    if code is None:
        return "the worker process stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"the worker process was killed by {name}"
    return f"the worker process exited with status {code}"


def describe(spec: str) -> Tuple[str, str]:
    """(short name, class path) for the report's first line."""
    return spec, ADAPTERS.get(spec, spec)
