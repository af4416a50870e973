"""The Python runner of the portable conformance vectors (conformance/FORMAT.md, version 1).

Standard library only. `run.py` beside this package is the entry point; the package is:

- `vectors`: reading and validating the vector files (header, cases, broken lines);
- `checks`: running one case against an adapter, giving a `CaseResult`;
- `worker`: running cases in a child process with a timeout;
- `report`: the lines the runner prints and its exit status;
- `adapters`: the engine adapters (`base` defines the interface);
- `bench`: the benchmark harness behind `bench.py` (timing, the Rust binary, the table).
"""

__all__ = ["FORMAT_NAME", "FORMAT_VERSION"]

FORMAT_NAME = "boardrules-conformance"
FORMAT_VERSION = 1
