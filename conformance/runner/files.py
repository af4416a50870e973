"""Finding the vector files under PATH arguments (FORMAT.md, "Finding the files"), the
same way `rulebook conformance` does: the files of the layout `GAME/vN/SET.jsonl`, and the
stray `*.jsonl` files beside it, which are reported as not run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Sequence, Union

_VERSION_FOLDER = re.compile(r"v[0-9]+")


def _is_version(path: Path) -> bool:
    return bool(_VERSION_FOLDER.fullmatch(path.name))


def _jsonl_in(folder: Path) -> List[Path]:
    return [item for item in folder.glob("*.jsonl") if item.is_file()]


def _versions_in(folder: Path) -> List[Path]:
    return [item for item in folder.iterdir() if item.is_dir() and _is_version(item)]


def find_files(paths: Sequence[Union[str, Path]]) -> List[Path]:
    """The vector files named by PATH arguments (FORMAT.md, "Finding the files"): a file as
    given; in a version folder (`v1`, `v2`, ...) its `*.jsonl`; in any other folder its
    `vN/*.jsonl` and `*/vN/*.jsonl` (a game's folder, or the suite's root), sorted. Raises
    `FileNotFoundError` for a path that does not exist, `OSError` for one that cannot be
    read."""
    found: List[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            with open(path, "rb"):
                pass  # unreadable: OSError, a bad command line
            found.append(path)
        elif path.is_dir():
            if _is_version(path):
                matches = _jsonl_in(path)
            else:
                matches = [item for version in _versions_in(path) for item in _jsonl_in(version)]
                for game in (item for item in path.iterdir() if item.is_dir()):
                    matches += [item for version in _versions_in(game) for item in _jsonl_in(version)]
            found.extend(sorted(matches, key=str))
        else:
            raise FileNotFoundError(str(path))
    return found


def stray_files(paths: Sequence[Union[str, Path]]) -> List[Path]:
    """The `*.jsonl` files right inside a folder PATH, or right inside one of its folders,
    that are in no version folder: reported as not run, never run or left out silently."""
    found: List[Path] = []
    for raw in paths:
        path = Path(raw)
        if not path.is_dir() or _is_version(path):
            continue
        matches = _jsonl_in(path)
        for folder in (item for item in path.iterdir() if item.is_dir() and not _is_version(item)):
            matches += _jsonl_in(folder)
        found.extend(sorted(matches, key=str))
    return found
