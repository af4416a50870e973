"""The documentation's code blocks, run: every fenced block of docs/python.md,
docs/python-selfplay.md and python/README.md is a test, so an example that no longer runs,
or a figure that is no longer what the code prints, fails the suite.

How a block is treated, by its language and by an HTML comment (a *directive*) on the
line just before its opening fence (docs/testing.md, "The documentation's examples"):

- ```` ```python ````: run as a script of its own (``python block.py``, as ``__main__``)
  by this interpreter, in a fresh temporary folder, and must exit 0. Each block is
  complete in itself: its imports, its data.
- ```` ```sh ````, ```` ```console ```` and any other language: must carry a directive,
  so that nothing is run by accident and nothing is left unchecked by accident.
- ``<!-- doctest: skip (REASON) -->``: not run; the reason (why it cannot run here:
  network, ``pip install``, several machines, a long timing) is required and is the
  test's skip reason.
- ``<!-- doctest: run in DIR -->`` (``in DIR`` optional, a folder of the repository):
  a ```` ```sh ```` block is run by ``bash -e``; in a ```` ```console ```` block the lines
  that start with ``$ `` are commands (a trailing ``\\`` continues one) and the lines after
  each are what it must print. The commands run in a fresh temporary folder that holds a
  link to every entry of DIR (so ``examples/…`` resolves, and files they write land in
  the temporary folder), with this interpreter's folder first on ``PATH``.
- ``<!-- doctest: output -->``: the block is what the block just before it prints (its
  standard output), compared line for line.
- ``...; machine-dependent: "PREFIX", "PREFIX" (REASON)`` after ``run`` or ``output``:
  lines of the shown output that start with one of the prefixes (timings, a machine's
  CPUs) are only checked to start with it; the reason says why they vary.

A block that uses Ray runs against one local cluster of 2 CPUs started here
(``RAY_ADDRESS``), as test_selfplay.py does; blocks stay small (a few games) because CI
runs this whole folder.
"""

import dataclasses
import os
import pathlib
import re
import signal
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: The pages whose blocks are run.
PAGES = (
    ROOT / "docs" / "python.md",
    ROOT / "docs" / "python-selfplay.md",
    ROOT / "python" / "README.md",
)

#: Seconds one block (or one command) may take before it fails.
TIMEOUT = 180

FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<lang>[\w+-]*)")
DIRECTIVE = re.compile(r"^\s*<!--\s*doctest:\s*(?P<body>.*?)\s*-->\s*$")
SKIP = re.compile(r"^skip\s*\((?P<reason>.+)\)$", re.S)
KIND = re.compile(r"^(?P<kind>run|output)(?:\s+in\s+(?P<dir>\S+))?$")
VARIES = re.compile(r"^machine-dependent:\s*(?P<prefixes>(?:\"[^\"]+\"\s*,?\s*)+)\((?P<reason>.+)\)$")


@dataclasses.dataclass
class Block:
    """One fenced block: where it is, its language, its text and its directive."""

    page: pathlib.Path
    line: int  # 1-based line of the opening fence
    lang: str
    text: str
    kind: str  # "python", "run", "output" or "skip"
    reason: str = ""  # skip's reason
    folder: str = ""  # run's "in DIR"
    varies: tuple = ()  # machine-dependent line prefixes

    @property
    def name(self) -> str:
        return f"{shown_path(self.page)}:{self.line}"


def shown_path(page: pathlib.Path) -> str:
    """A page's path from the repository's root (its name if it is elsewhere)."""
    try:
        return str(page.relative_to(ROOT))
    except ValueError:
        return page.name


def parse_directive(body: str, where: str) -> dict:
    """A directive's body as Block fields; a malformed one is an error naming `where`."""
    skip = SKIP.match(body)
    if skip:
        return {"kind": "skip", "reason": skip["reason"].strip()}
    head, _, rest = body.partition(";")
    kind = KIND.match(head.strip())
    if not kind:
        raise ValueError(f"{where}: unknown doctest directive {body!r}")
    fields = {"kind": kind["kind"], "folder": kind["dir"] or ""}
    if rest.strip():
        varies = VARIES.match(rest.strip())
        if not varies:
            raise ValueError(f"{where}: expected 'machine-dependent: \"PREFIX\", ... (REASON)', got {rest.strip()!r}")
        fields["varies"] = tuple(re.findall(r"\"([^\"]+)\"", varies["prefixes"]))
    return fields


def read_blocks(page: pathlib.Path) -> list:
    """Every fenced block of a Markdown page, with its directive; checks the convention."""
    lines = page.read_text(encoding="utf-8").splitlines()
    blocks, index, pending = [], 0, None
    while index < len(lines):
        line = lines[index]
        directive = DIRECTIVE.match(line)
        if not directive and re.search(r"<!--\s*doctest", line):
            raise ValueError(f"{shown_path(page)}:{index + 1}: a doctest directive must be one whole line")
        if directive:
            if pending is not None:
                raise ValueError(f"{shown_path(page)}:{pending[0]}: a doctest directive with no block after it")
            pending = (index + 1, directive["body"])
            index += 1
            continue
        opening = FENCE.match(line)
        if not opening:
            if line.strip() and pending is not None:
                raise ValueError(f"{shown_path(page)}:{pending[0]}: a doctest directive must be just before a fence")
            index += 1
            continue
        fence, start = opening["fence"], index + 1
        closing = re.compile(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        indent = len(opening["indent"])
        body = []
        index += 1
        while index < len(lines) and not closing.match(lines[index]):
            text = lines[index]
            body.append(text[indent:] if not text[:indent].strip() else text.lstrip())
            index += 1
        index += 1  # past the closing fence (or the end of the page)
        lang = opening["lang"].lower()
        lang = "python" if lang in ("py", "python3") else lang
        where = f"{shown_path(page)}:{start}"
        fields = parse_directive(pending[1], where) if pending else {}
        pending = None
        if not fields:
            if lang != "python":
                raise ValueError(
                    f"{where}: a ```{lang} block needs a doctest directive "
                    "(run, output or skip (REASON); see python/tests/test_docs.py)"
                )
            fields = {"kind": "python"}
        elif fields["kind"] == "run" and lang == "python":
            fields["kind"] = "python"
        elif fields["kind"] == "run" and lang not in ("sh", "console", "bash", "shell"):
            raise ValueError(f"{where}: only python, sh and console blocks can be run, not ```{lang}")
        blocks.append(Block(page, start, lang, "\n".join(body) + "\n", **fields))
    if pending is not None:
        raise ValueError(f"{shown_path(page)}:{pending[0]}: a doctest directive with no block after it")
    return blocks


def all_blocks() -> list:
    return [block for page in PAGES for block in read_blocks(page)]


BLOCKS = all_blocks()


def expected_output(block: Block):
    """The output block that follows `block`, if any."""
    following = [b for b in BLOCKS if b.page == block.page and b.line > block.line]
    if following and following[0].kind == "output":
        return following[0]
    return None


def lines_of(text: str) -> list:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def compare(shown: list, printed: list, varies: tuple, where: str) -> None:
    """The doc's lines against the program's: equal, or, for a machine-dependent line,
    starting with the same prefix."""
    assert len(printed) == len(shown), (
        f"{where}: the doc shows {len(shown)} lines, the code printed {len(printed)}:\n" + "\n".join(printed)
    )
    for number, (doc, real) in enumerate(zip(shown, printed), 1):
        prefix = next((p for p in varies if doc.startswith(p)), None)
        if prefix is not None:
            assert real.startswith(prefix), f"{where}, line {number}: {real!r} does not start with {prefix!r}"
        else:
            assert real == doc, f"{where}, line {number}: the doc shows {doc!r}, the code printed {real!r}"


@pytest.fixture(scope="module")
def ray_address():
    """One local Ray cluster of 2 CPUs for the blocks that use Ray (test_selfplay.py's way)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


def uses_ray(block: Block) -> bool:
    return bool(re.search(r"\bray\b|run_ray|ray_selfplay\.py", block.text)) and "--backend multiprocessing" not in block.text


def environment(block: Block, request) -> dict:
    """The block's environment: this interpreter first on PATH, the installed package,
    and the test's Ray cluster for a block that uses Ray."""
    # Started first: ray.init sets the variables (its auth token) a client needs.
    address = request.getfixturevalue("ray_address") if uses_ray(block) else None
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("PYTHONPATH", None)  # the installed package, as a user has it
    if address:
        env["RAY_ADDRESS"] = address
    return env


def workdir(block: Block, tmp_path: pathlib.Path) -> pathlib.Path:
    if block.folder:
        source = ROOT / block.folder
        assert source.is_dir(), f"{block.name}: 'in {block.folder}' is not a folder of the repository"
        for entry in source.iterdir():
            (tmp_path / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return tmp_path


def run(args, *, cwd, env, where, stdin=None) -> str:
    """Runs a block (or a command) in a process group of its own, which is killed whole
    (Ray's and multiprocessing's children too) if it outlasts TIMEOUT; returns its output."""
    started = time.perf_counter()
    process = subprocess.Popen(
        args, cwd=cwd, env=env, text=True, start_new_session=True,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        stdout, stderr = process.communicate(stdin, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        pytest.fail(f"{where} ran over {TIMEOUT} s (killed):\n{stdout}\n{stderr}")
    print(f"{where}: {time.perf_counter() - started:.1f} s")
    assert process.returncode == 0, f"{where} exited {process.returncode}:\n{stdout}\n{stderr}"
    return stdout


def console_commands(text: str) -> list:
    """A console block as [(command, [expected lines])]."""
    commands, command, continued = [], None, False
    for line in text.splitlines():
        if continued:
            command[0] += "\n" + line
            continued = line.endswith("\\")
        elif line.startswith("$ "):
            command = [line[2:], []]
            commands.append(command)
            continued = line.endswith("\\")
        else:
            assert command is not None, f"output before the first '$ ' command: {line!r}"
            command[1].append(line)
    return commands


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind != "output"], ids=lambda b: b.name)
def test_block(block, tmp_path, request):
    if block.kind == "skip":
        pytest.skip(f"{block.name} not run: {block.reason}")
    cwd = workdir(block, tmp_path)
    env = environment(block, request)
    shown = expected_output(block)
    if block.kind == "python":
        script = tmp_path / "block.py"
        script.write_text(block.text, encoding="utf-8")
        printed = run([sys.executable, str(script)], cwd=cwd, env=env, where=block.name)
        if shown is not None:
            compare(lines_of(shown.text), lines_of(printed), shown.varies, shown.name)
    elif block.lang == "console":
        for command, lines in console_commands(block.text):
            printed = run(["bash", "-ec", command], cwd=cwd, env=env, where=f"{block.name}: $ {command}")
            compare(lines_of("\n".join(lines)), lines_of(printed), block.varies, block.name)
    else:
        printed = run(["bash", "-e"], cwd=cwd, env=env, where=block.name, stdin=block.text)
        if shown is not None:
            compare(lines_of(shown.text), lines_of(printed), shown.varies, shown.name)


def test_every_output_block_follows_a_block_that_runs():
    for block in BLOCKS:
        if block.kind != "output":
            continue
        before = [b for b in BLOCKS if b.page == block.page and b.line < block.line]
        assert before and before[-1].kind in ("python", "run") and before[-1].lang != "console", (
            f"{block.name}: an output block must follow a python or sh block that runs"
        )


def test_the_convention_is_enforced(tmp_path):
    """The reader refuses what would leave a block unchecked: a shell block with no
    directive, a skip with no reason, a directive away from a fence."""
    page = tmp_path / "page.md"
    for text, message in (
        ("```sh\nls\n```\n", "needs a doctest directive"),
        ("<!-- doctest: skip -->\n```sh\nls\n```\n", "unknown doctest directive"),
        ("<!-- doctest: run -->\ntext\n```sh\nls\n```\n", "just before a fence"),
        ("<!-- doctest: output -->\n", "no block after it"),
        ("<!-- doctest: skip (a reason\nthat wraps) -->\n```sh\nls\n```\n", "one whole line"),
        ("<!-- doctest: run; machine-dependent: times -->\n```sh\nls\n```\n", "machine-dependent"),
    ):
        page.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match=message):
            read_blocks(page)
    page.write_text(
        '<!-- doctest: output; machine-dependent: "took", "ray:" (timings) -->\n````text\n```\ntook 1 s\n````\n',
        encoding="utf-8",
    )
    [block] = read_blocks(page)
    assert (block.kind, block.lang, block.varies, block.text) == ("output", "text", ("took", "ray:"), "```\ntook 1 s\n")
    # A block in a list item, indented: found, and its lines dedented.
    page.write_text("- a list item:\n\n    ```py\n    import sys\n      print(1)\n    ```\n", encoding="utf-8")
    [block] = read_blocks(page)
    assert (block.kind, block.text) == ("python", "import sys\n  print(1)\n")
    page.write_text("```python\nfor i in range(2):\n    print(i)\n```\n", encoding="utf-8")
    [block] = read_blocks(page)
    assert block.text == "for i in range(2):\n    print(i)\n"


def test_a_stale_figure_fails():
    with pytest.raises(AssertionError, match="the doc shows 'sha256: 1'"):
        compare(["games: 8 in 1.0 s", "sha256: 1"], ["games: 8 in 2.5 s", "sha256: 2"], ("games:",), "x")
    compare(["games: 8 in 1.0 s", "sha256: 1"], ["games: 8 in 2.5 s", "sha256: 1"], ("games:",), "x")


def test_console_commands_split():
    text = "$ python a.py \\\n    --b 1\nout 1\nout 2\n$ ls\n"
    assert console_commands(text) == [["python a.py \\\n    --b 1", ["out 1", "out 2"]], ["ls", []]]
