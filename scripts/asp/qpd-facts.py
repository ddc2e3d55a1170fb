#!/usr/bin/env python3
"""Turns a puzzle's data for its model (`wgrnd data PUZZLE`: a puzz.link URL read into the
genre's vocabulary, or any `.qpd` file) into ASP facts for clingo, so that an ASP encoding of a
genre (scripts/asp/GENRE.lp) reads the very facts wgrnd's model reads.

Usage: wgrnd data URL | scripts/asp/qpd-facts.py > facts.lp   (or: qpd-facts.py FILE.qpd)
An input without facts is an error (exit 1).

`param n = v` becomes `#const n = v.`; a fact `p(a, b)` becomes `p(a,b).`; a list of named values
`domain D = {a, b}` becomes `d(a;b).` (the domain's name in lower case); `%` comments are left
out. Names that ASP would read as variables (a capital first letter) are quoted.
"""
import re
import sys

ATOM = re.compile(r"^([a-z][A-Za-z0-9_]*)\s*\((.*)\)\s*\.?$")


def term(t):
    t = t.strip()
    if re.fullmatch(r"-?\d+", t) or re.fullmatch(r"[a-z][A-Za-z0-9_]*", t):
        return t
    return '"' + t.replace('"', '\\"') + '"'


def facts(name, lines):
    for n, line in enumerate(lines, 1):
        line = line.split("%", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"param\s+(\w+)\s*=\s*(-?\d+)\s*\.?", line)
        if m:
            yield f"#const {m[1]} = {m[2]}."
            continue
        m = re.fullmatch(r"domain\s+(\w+)\s*=\s*\{(.*)\}\s*\.?", line)
        if m:
            yield f"{m[1].lower()}({';'.join(term(v) for v in m[2].split(','))})."
            continue
        m = ATOM.match(line)
        if m:
            yield f"{m[1]}({','.join(term(a) for a in m[2].split(','))})."
            continue
        sys.exit(f"qpd-facts.py: {name}:{n}: expected a param, a domain or a fact, found {line!r}")


name = sys.argv[1] if len(sys.argv) > 1 else "-"
try:
    text = sys.stdin.read() if name == "-" else open(name).read()
except OSError as e:
    sys.exit(f"qpd-facts.py: {name}: {e.strerror}")
out = list(facts(name, text.splitlines()))
# An empty input (a failed `wgrnd data` upstream) would be a puzzle without cells to clingo.
if not any(not f.startswith("#const") for f in out):
    sys.exit(f"qpd-facts.py: {name}: no facts")
print("\n".join(out))
