"""Writes crates/CRATE/src/api_map.rs: the API map's #[non_exhaustive] promises as
compile-fail doctests (a match naming every variant without a wildcard must fail with E0004).

Usage: python3 scripts/non-exhaustive-doctests.py CRATE MODULE TYPE,TYPE,... [SERDE_ONLY_TYPE,...]
A TYPE written struct:NAME is a #[non_exhaustive] struct: building it with a struct
expression must fail with E0639. Run it again when a variant is added or removed."""
import glob
import re
import sys

crate, module = sys.argv[1], sys.argv[2]
types = sys.argv[3].split(',')
serde_types = sys.argv[4].split(',') if len(sys.argv) > 4 else []
src = ''.join(open(f).read() for f in sorted(glob.glob(f'crates/{crate}/src/**/*.rs', recursive=True)) if not f.endswith('api_map.rs'))
out = [f"//! The API map's `#[non_exhaustive]` promises for `{crate}` (docs/architecture.md, \"API map\"),",
       "//! checked by the compiler: outside the crate, a match that names every variant but has no",
       "//! wildcard arm does not compile (E0004), so a new variant is not a breaking change. Each",
       "//! block names every variant, so E0004 can only come from `#[non_exhaustive]`; a wrong",
       "//! variant name fails with another error code, and so fails the doctest.", ""]
for t in types:
    if t.startswith('struct:'):
        t = t[len('struct:'):]
        assert re.search(r'#\[non_exhaustive\]\s*pub struct ' + t + r'\b', src), (crate, t)
        out += [f"/// `{t}` is a `#[non_exhaustive]` struct: outside the crate no struct expression",
                "/// builds it (E0639).", "///", "/// ```compile_fail,E0639",
                f"/// let _ = {module}::{t} {{ ..unreachable!() }};", "/// ```",
                f"pub struct {t}IsNonExhaustive;", ""]
        continue
    m = re.search(r'#\[non_exhaustive\]\s*pub enum ' + t + r'\b[^{]*\{(.*?)\n\}', src, re.S)
    assert m, (crate, t)
    variants = re.findall(r'^    ([A-Z]\w*)', m.group(1), re.M)
    if t in serde_types:
        out.append('#[cfg(feature = "serde")]')
    out += [f"/// `{t}` is `#[non_exhaustive]`:", "///", "/// ```compile_fail,E0004",
            f"/// fn every_variant(value: {module}::{t}) {{", "///     match value {"]
    out += [f"///         {module}::{t}::{v} {{ .. }} => {{}}" for v in variants]
    out += ["///     }", "/// }", "/// ```", f"pub struct {t}IsNonExhaustive;", ""]
open(f'crates/{crate}/src/api_map.rs', 'w').write('\n'.join(out))
