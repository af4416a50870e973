"""Reading and validating vector files (conformance/FORMAT.md, version 1).

`read_file(path)` never raises for a bad file: a broken header makes the whole file a
`VectorFile` with `header_error` set and no cases (the runner reports it and skips the
file); a broken case line is kept as a `LineError` naming the file and the line, and the
other lines are read as usual. Only what validates here is ever run, so nothing broken can
be counted as passed.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import FORMAT_NAME, FORMAT_VERSION

GAMES: Tuple[str, ...] = ("kazura", "bao", "go9", "bind")
KINDS: Tuple[str, ...] = ("replay", "perft", "end", "record", "gtp")

#: The players of each game, first player first (`rulebook`'s names).
PLAYERS: Mapping[str, Tuple[str, str]] = {
    "kazura": ("black", "white"),
    "bao": ("south", "north"),
    "go9": ("black", "white"),
    "bind": ("black", "white"),
}

_COMMON_REASONS = ("malformed", "game-over")

#: The reason classes of FORMAT.md, by game.
REASONS: Mapping[str, Tuple[str, ...]] = {
    "kazura": _COMMON_REASONS + ("occupied", "loop", "swap-not-available", "pass-not-allowed"),
    "go9": _COMMON_REASONS + ("occupied", "suicide", "superko"),
    "bind": _COMMON_REASONS
    + (
        "occupied",
        "not-a-line",
        "must-pass",
        "pass-not-allowed",
        "opening-is-a-line",
        "first-move-needs-three",
        "opening-not-from-lower-left",
        "not-enough-pieces",
        "nothing-to-take",
        "take-isolates",
        "line-blocked",
        "take-and-place-available",
        "not-next-to-own-piece",
    ),
    "bao": _COMMON_REASONS
    + (
        "pass-not-allowed",
        "must-pass",
        "back-row-in-namua",
        "empty-pit",
        "must-capture",
        "wrong-entry",
        "self-emptying",
        "not-a-candidate",
        "choice-required",
        "no-choice",
    ),
}

_SHA256 = re.compile(r"[0-9a-f]{64}")
_MARGIN = re.compile(r"(?:[BW]\+[1-9][0-9]*|0)")

JsonObject = Dict[str, object]
Options = Dict[str, Union[int, str]]


class VectorError(ValueError):
    """A line (or header) that does not follow the format; the message says why."""


# --------------------------------------------------------------------------- the data


@dataclass(frozen=True)
class Header:
    """The first line of a file."""

    game: str
    options: Options
    rules: str
    notation: str
    reasons: Tuple[str, ...]
    sources: JsonObject
    cases: int


@dataclass(frozen=True)
class LegalSet:
    """An expected legal set: its size, the SHA-256 of its canonical text, maybe the list."""

    count: int
    sha256: str
    moves: Optional[Tuple[str, ...]] = None


@dataclass(frozen=True)
class Probe:
    """A move that must be refused, for the reason class `reason`."""

    move: str
    reason: str


@dataclass(frozen=True)
class Check:
    """What must hold after the first `ply` moves of a replay case."""

    ply: int
    has_to_move: bool = False
    to_move: Optional[str] = None
    legal: Optional[LegalSet] = None
    illegal: Tuple[Probe, ...] = ()


@dataclass(frozen=True)
class ExpectedResult:
    """`result` of an `end` case or of an accepted record: `winner` and maybe `text`."""

    winner: str
    text: Optional[str] = None


@dataclass(frozen=True)
class Score:
    """go9's area count: each colour's points, the komi and the margin (`B+N`, `W+N`, `0`)."""

    black: int
    white: int
    komi: float
    margin: str


@dataclass(frozen=True)
class RecordExpect:
    """`expect` of a `record` case."""

    accepted: bool
    plies: Optional[int] = None
    result: Optional[ExpectedResult] = None
    refusal: Optional[str] = None  # "not-a-record" or "refused"
    move: Optional[int] = None


@dataclass(frozen=True)
class Case:
    """The fields every case has; `line` is its line number in the file (from 1)."""

    id: str
    kind: str
    decisions: Tuple[str, ...]
    checked_by: Tuple[str, ...]
    note: Optional[str]
    line: int


@dataclass(frozen=True)
class ReplayCase(Case):
    moves: Tuple[str, ...] = ()
    checks: Tuple[Check, ...] = ()


@dataclass(frozen=True)
class PerftCase(Case):
    moves: Tuple[str, ...] = ()
    counts: Tuple[int, ...] = ()


@dataclass(frozen=True)
class EndCase(Case):
    moves: Tuple[str, ...] = ()
    result: ExpectedResult = ExpectedResult("draw")
    score: Optional[Score] = None


@dataclass(frozen=True)
class RecordCase(Case):
    format: str = "json"
    text: str = ""
    expect: RecordExpect = RecordExpect(False)


@dataclass(frozen=True)
class GtpCase(Case):
    session: Tuple[Tuple[str, str], ...] = ()


@dataclass(frozen=True)
class LineError:
    """A case line that could not be read: reported as FILE:LINE, never run."""

    path: str
    line: int
    message: str
    case_id: Optional[str] = None


@dataclass
class VectorFile:
    """One file as read: its header (or why it is broken), its cases and its broken lines."""

    path: str
    header: Optional[Header] = None
    header_error: Optional[str] = None
    cases: List[Case] = field(default_factory=list)
    line_errors: List[LineError] = field(default_factory=list)


# --------------------------------------------------------------------------- legal sets


def sort_moves(moves: Sequence[str]) -> List[str]:
    """The moves sorted by the byte order of their UTF-8 spelling."""
    return sorted(moves, key=lambda move: move.encode("utf-8"))


def canonical_text(moves: Sequence[str]) -> str:
    """The canonical text of a legal set: sorted by byte order, joined by single spaces."""
    return " ".join(sort_moves(moves))


def legal_sha256(moves: Sequence[str]) -> str:
    """SHA-256 (64 lower-case hex digits) of the canonical text's UTF-8 bytes."""
    return hashlib.sha256(canonical_text(moves).encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- field readers


def _reject_constant(name: str) -> object:
    raise VectorError(f"{name} is not allowed in JSON")


def _loads(text: str) -> object:
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise VectorError(f"bad JSON: {error.msg} (column {error.colno})") from None


def _object(value: object, what: str) -> JsonObject:
    if not isinstance(value, dict):
        raise VectorError(f"{what} must be a JSON object")
    return value


def _known(obj: JsonObject, allowed: Sequence[str], what: str) -> None:
    """An unknown field is an error (a misspelt `ilegal` would drop checks unseen)."""
    unknown = [key for key in obj if key not in allowed]
    if unknown:
        raise VectorError(f"{what}: unknown field `{unknown[0]}`")


def _get(obj: JsonObject, key: str, what: str) -> object:
    if key not in obj:
        raise VectorError(f"{what}: missing field `{key}`")
    return obj[key]


def _str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise VectorError(f"{what} must be a string")
    return value


def _int(value: object, what: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise VectorError(f"{what} must be a whole number")
    if value < minimum:
        raise VectorError(f"{what} must be at least {minimum}, not {value}")
    return value


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise VectorError(f"{what} must be a number")
    return float(value)


def _str_list(value: object, what: str) -> Tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise VectorError(f"{what} must be a list of strings")
    return tuple(value)


# --------------------------------------------------------------------------- the header


def _options(game: str, value: object) -> Options:
    options = _object(value, "header field `options`")
    allowed = {
        "kazura": {"size"},
        "bao": {"ruleset"},
        "go9": set(),
        "bind": {"variant", "size", "pieces"},
    }[game]
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise VectorError(f"option `{unknown[0]}` does not apply to {game}")
    result: Options = {}
    for key, item in options.items():
        if key in ("size", "pieces"):
            result[key] = _int(item, f"option `{key}`", 1)
        else:
            result[key] = _str(item, f"option `{key}`")
    if game == "kazura" and "size" in result and not 2 <= int(result["size"]) <= 25:
        raise VectorError("option `size` of kazura must be from 2 to 25")
    if game == "bao" and result.get("ruleset", "seed") not in ("seed", "reference"):
        raise VectorError("option `ruleset` of bao must be `seed` or `reference`")
    if game == "bind":
        if "variant" in result:
            if "size" in result or "pieces" in result:
                raise VectorError("bind takes `variant` or `size` with `pieces`, not both")
            if result["variant"] not in ("mini", "full"):
                raise VectorError("option `variant` of bind must be `mini` or `full`")
        elif ("size" in result) != ("pieces" in result):
            raise VectorError("a custom bind game needs both `size` and `pieces`")
        elif "size" in result:
            size, pieces = int(result["size"]), int(result["pieces"])
            if not 3 <= size <= 25:
                raise VectorError(f"option `size` of bind must be from 3 to 25, not {size}")
            if not 3 <= pieces <= size * size:
                raise VectorError(f"option `pieces` of bind must be from 3 to {size * size}, not {pieces}")
    return result


def parse_header(text: str) -> Header:
    """Reads and checks a header line; raises `VectorError` with the reason."""
    obj = _object(_loads(text), "the header")
    _known(obj, ("format", "version", "game", "options", "rules", "notation", "reasons", "sources", "cases"), "header")
    fmt = _get(obj, "format", "header")
    if fmt != FORMAT_NAME:
        raise VectorError(f"header field `format` is {json.dumps(fmt)}, not \"{FORMAT_NAME}\"")
    version = _get(obj, "version", "header")
    if isinstance(version, bool) or version != FORMAT_VERSION:
        raise VectorError(
            f"format version {json.dumps(version)} is not supported: "
            f"this runner reads version {FORMAT_VERSION} only"
        )
    game = _get(obj, "game", "header")
    if game not in GAMES:
        raise VectorError(f"header field `game` is {json.dumps(game)}, not one of {', '.join(GAMES)}")
    assert isinstance(game, str)
    options = _options(game, _get(obj, "options", "header"))
    rules = _str(_get(obj, "rules", "header"), "header field `rules`")
    notation = _str(_get(obj, "notation", "header"), "header field `notation`")
    reasons = _str_list(_get(obj, "reasons", "header"), "header field `reasons`")
    unknown = [reason for reason in reasons if reason not in REASONS[game]]
    if unknown:
        raise VectorError(f"header field `reasons` names `{unknown[0]}`, not a reason class of {game}")
    sources = _object(_get(obj, "sources", "header"), "header field `sources`")
    _known(sources, ("engine", "independent"), "header field `sources`")
    cases = _int(_get(obj, "cases", "header"), "header field `cases`")
    return Header(game, options, rules, notation, reasons, sources, cases)


# --------------------------------------------------------------------------- the cases

#: The fields every case has, in `Case`'s order.
_Common = Tuple[str, str, Tuple[str, ...], Tuple[str, ...], Optional[str], int]


def _legal(value: object, what: str) -> LegalSet:
    obj = _object(value, what)
    _known(obj, ("count", "sha256", "moves"), what)
    count = _int(_get(obj, "count", what), f"{what}: `count`")
    sha = _str(_get(obj, "sha256", what), f"{what}: `sha256`")
    if not _SHA256.fullmatch(sha):
        raise VectorError(f"{what}: `sha256` must be 64 lower-case hexadecimal digits")
    moves: Optional[Tuple[str, ...]] = None
    if "moves" in obj:
        moves = _str_list(obj["moves"], f"{what}: `moves`")
        if list(moves) != sort_moves(moves):
            raise VectorError(f"{what}: `moves` is not sorted by byte order")
        if len(moves) != count:
            raise VectorError(f"{what}: `moves` lists {len(moves)} moves but `count` is {count}")
        if legal_sha256(moves) != sha:
            raise VectorError(f"{what}: `sha256` is not the SHA-256 of the canonical text of `moves`")
    return LegalSet(count, sha, moves)


def _winner(value: object, what: str, game: str, ongoing: bool) -> str:
    winner = _str(value, what)
    allowed = set(PLAYERS[game]) | {"draw", "none"} | ({"ongoing"} if ongoing else set())
    if winner not in allowed:
        raise VectorError(f"{what} is `{winner}`, not one of {', '.join(sorted(allowed))}")
    return winner


def _result(value: object, what: str, game: str, ongoing: bool) -> ExpectedResult:
    obj = _object(value, what)
    _known(obj, ("winner", "text"), what)
    winner = _winner(_get(obj, "winner", what), f"{what}: `winner`", game, ongoing)
    text = _str(obj["text"], f"{what}: `text`") if "text" in obj else None
    if text is not None and text.split(" ", 1)[0] != winner:
        raise VectorError(f"{what}: `text` does not start with the winner `{winner}`")
    return ExpectedResult(winner, text)


def _score(value: object) -> Score:
    obj = _object(value, "`score`")
    _known(obj, ("black", "white", "komi", "margin"), "`score`")
    black = _int(_get(obj, "black", "`score`"), "`score`: `black`")
    white = _int(_get(obj, "white", "`score`"), "`score`: `white`")
    komi = _number(_get(obj, "komi", "`score`"), "`score`: `komi`")
    margin = _str(_get(obj, "margin", "`score`"), "`score`: `margin`")
    if not _MARGIN.fullmatch(margin):
        raise VectorError("`score`: `margin` must be `B+N`, `W+N` or `0`")
    return Score(black, white, komi, margin)


def _replay(obj: JsonObject, base: "_Common", header: Header) -> ReplayCase:
    moves = _str_list(_get(obj, "moves", "replay case"), "`moves`")
    raw_checks = _get(obj, "checks", "replay case")
    if not isinstance(raw_checks, list) or not raw_checks:
        raise VectorError("`checks` must be a non-empty list")
    players = PLAYERS[header.game]
    checks: List[Check] = []
    for index, raw in enumerate(raw_checks):
        what = f"check {index + 1}"
        item = _object(raw, what)
        _known(item, ("ply", "to_move", "legal", "illegal"), what)
        ply = _int(_get(item, "ply", what), f"{what}: `ply`")
        if ply > len(moves):
            raise VectorError(f"{what}: `ply` {ply} is past the {len(moves)} moves")
        what = f"check at ply {ply}"
        has_to_move = "to_move" in item
        to_move: Optional[str] = None
        if has_to_move and item["to_move"] is not None:
            to_move = _str(item["to_move"], f"{what}: `to_move`")
            if to_move not in players:
                raise VectorError(f"{what}: `to_move` is `{to_move}`, not one of {', '.join(players)} or null")
        legal = _legal(item["legal"], f"{what}: `legal`") if "legal" in item else None
        probes: List[Probe] = []
        if "illegal" in item:
            raw_probes = item["illegal"]
            if not isinstance(raw_probes, list):
                raise VectorError(f"{what}: `illegal` must be a list")
            for raw_probe in raw_probes:
                probe = _object(raw_probe, f"{what}: a probe of `illegal`")
                _known(probe, ("move", "reason"), f"{what}: a probe of `illegal`")
                move = _str(_get(probe, "move", f"{what}: probe"), f"{what}: probe `move`")
                reason = _str(_get(probe, "reason", f"{what}: probe"), f"{what}: probe `reason`")
                if reason not in header.reasons:
                    raise VectorError(f"{what}: reason `{reason}` is not in the header's `reasons`")
                probes.append(Probe(move, reason))
        if not has_to_move and legal is None and not probes:
            raise VectorError(f"{what} checks nothing (no `to_move`, `legal` or `illegal`)")
        checks.append(Check(ply, has_to_move, to_move, legal, tuple(probes)))
    return ReplayCase(*base, moves=moves, checks=tuple(checks))


def _perft(obj: JsonObject, base: "_Common") -> PerftCase:
    moves = _str_list(_get(obj, "moves", "perft case"), "`moves`")
    raw = _get(obj, "counts", "perft case")
    if not isinstance(raw, list) or not raw:
        raise VectorError("`counts` must be a non-empty list of whole numbers")
    counts = tuple(_int(count, "a perft count") for count in raw)
    return PerftCase(*base, moves=moves, counts=counts)


def _end(obj: JsonObject, base: "_Common", header: Header) -> EndCase:
    moves = _str_list(_get(obj, "moves", "end case"), "`moves`")
    result = _result(_get(obj, "result", "end case"), "`result`", header.game, ongoing=False)
    score = _score(obj["score"]) if obj.get("score") is not None else None
    return EndCase(*base, moves=moves, result=result, score=score)


def _record(obj: JsonObject, base: "_Common", header: Header) -> RecordCase:
    fmt = _str(_get(obj, "format", "record case"), "`format`")
    if fmt not in ("json", "sgf"):
        raise VectorError(f"`format` is `{fmt}`, not `json` or `sgf`")
    text = _str(_get(obj, "text", "record case"), "`text`")
    raw = _object(_get(obj, "expect", "record case"), "`expect`")
    _known(raw, ("accepted", "plies", "result", "refusal", "move"), "`expect`")
    accepted = _get(raw, "accepted", "`expect`")
    if not isinstance(accepted, bool):
        raise VectorError("`expect`: `accepted` must be true or false")
    if accepted:
        plies = _int(_get(raw, "plies", "`expect`"), "`expect`: `plies`")
        result = _result(_get(raw, "result", "`expect`"), "`expect`: `result`", header.game, ongoing=True)
        expect = RecordExpect(True, plies=plies, result=result)
    else:
        refusal = _str(_get(raw, "refusal", "`expect`"), "`expect`: `refusal`")
        if refusal not in ("not-a-record", "refused"):
            raise VectorError(f"`expect`: `refusal` is `{refusal}`, not `not-a-record` or `refused`")
        move: Optional[int] = None
        if "move" in raw:
            if refusal != "refused":
                raise VectorError("`expect`: `move` goes only with the refusal `refused`")
            move = _int(raw["move"], "`expect`: `move`", 1)
        expect = RecordExpect(False, refusal=refusal, move=move)
    return RecordCase(*base, format=fmt, text=text, expect=expect)


def _gtp(obj: JsonObject, base: "_Common") -> GtpCase:
    raw = _get(obj, "session", "gtp case")
    if not isinstance(raw, list) or not raw:
        raise VectorError("`session` must be a non-empty list of [command, response] pairs")
    session: List[Tuple[str, str]] = []
    for index, pair in enumerate(raw):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(item, str) for item in pair)
        ):
            raise VectorError(f"`session` item {index + 1} must be a pair of strings [command, response]")
        command, response = pair
        if "\n" in command or not command.strip():
            raise VectorError(f"`session` item {index + 1}: a command is one non-empty line")
        session.append((command, response))
    return GtpCase(*base, session=tuple(session))


_KIND_FIELDS: Mapping[str, Tuple[str, ...]] = {
    "replay": ("moves", "checks"),
    "perft": ("moves", "counts"),
    "end": ("moves", "result", "score"),
    "record": ("format", "text", "expect"),
    "gtp": ("session",),
}


def parse_case(text: str, line: int, header: Header) -> Case:
    """Reads and checks one case line; raises `VectorError` with the reason."""
    obj = _object(_loads(text), "a case")
    case_id = _str(_get(obj, "id", "case"), "`id`")
    if not case_id:
        raise VectorError("`id` must not be empty")
    kind = _str(_get(obj, "kind", "case"), "`kind`")
    if kind not in KINDS:
        raise VectorError(f"unknown kind `{kind}` (known: {', '.join(KINDS)})")
    decisions = _str_list(_get(obj, "decisions", "case"), "`decisions`")
    checked_by = _str_list(_get(obj, "checked_by", "case"), "`checked_by`")
    note = _str(obj["note"], "`note`") if "note" in obj else None
    base: _Common = (case_id, kind, decisions, checked_by, note, line)
    _known(obj, ("id", "kind", "decisions", "checked_by", "note") + _KIND_FIELDS[kind], "case")
    if kind == "replay":
        return _replay(obj, base, header)
    if kind == "perft":
        return _perft(obj, base)
    if kind == "end":
        return _end(obj, base, header)
    if kind == "record":
        return _record(obj, base, header)
    return _gtp(obj, base)


def _case_id(text: str) -> Optional[str]:
    """The `id` of a broken line, when it can still be read, for the report."""
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    if isinstance(obj, dict) and isinstance(obj.get("id"), str):
        return str(obj["id"])
    return None


# --------------------------------------------------------------------------- files


def read_file(path: Union[str, Path]) -> VectorFile:
    """Reads one vector file. Never raises for a bad file; see the module's text."""
    name = str(path)
    result = VectorFile(name)
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        result.header_error = f"cannot be read: {error.strerror or error}"
        return result
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        result.header_error = f"not UTF-8 text (byte {error.start})"
        return result
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        result.header_error = "empty file: no header"
        return result
    try:
        header = parse_header(lines[0])
    except VectorError as error:
        result.header_error = f"line 1 (header): {error}"
        return result
    following = len(lines) - 1
    if following != header.cases:
        result.header_error = (
            f"the header's `cases` count is {header.cases}, but {following} case lines follow it; "
            "the file is broken (truncated or edited), so none of it is run"
        )
        return result
    result.header = header
    seen: Dict[str, int] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            result.line_errors.append(LineError(name, number, "empty line (not allowed)"))
            continue
        try:
            case = parse_case(line, number, header)
        except VectorError as error:
            result.line_errors.append(LineError(name, number, str(error), _case_id(line)))
            continue
        if case.id in seen:
            result.line_errors.append(
                LineError(name, number, f"id `{case.id}` is already used on line {seen[case.id]}", case.id)
            )
            continue
        seen[case.id] = number
        result.cases.append(case)
    return result


# Finding the files: `files.py` (re-exported here, where they used to be).
from .files import find_files, stray_files  # noqa: E402,F401
