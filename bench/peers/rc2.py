#!/usr/bin/env python3
"""The RC2 peer of the optimise suite: RC2 (python-sat) on the WCNF that `wgrnd encode --wcnf`
wrote, the optimum printed as `o VALUE` in the model's terms (the cost plus the offset of the
file's `c wcnf: cost = N` comment).
    python bench/peers/rc2.py FILE.wcnf"""

import re
import sys

from pysat.examples.rc2 import RC2
from pysat.formula import WCNF


def main():
    path = sys.argv[1]
    offset = int(re.search(r"^c wcnf: cost = (-?\d+)", open(path).read(), re.M).group(1))
    rc2 = RC2(WCNF(from_file=path))
    rc2.compute()
    print(f"o {rc2.cost + offset}")


main()
