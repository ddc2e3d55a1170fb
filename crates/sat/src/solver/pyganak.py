# Ganak through its Python bindings (PyPI pyganak), for machines without a `ganak` program: reads
# a CNF in the model-counting competition's format (`c p show ... 0` names the projection) and
# answers in that format. wgrnd runs it as `python3 -c <this text> CNF`.
import sys

try:
    import pyganak
except ImportError:
    sys.stderr.write("pyganak is not installed (pip install pyganak)\n")
    sys.exit(3)

counter = pyganak.Counter()
show = []
clause = []
with open(sys.argv[1]) as f:
    for line in f:
        if line.startswith("c p show"):
            show.extend(int(x) for x in line.split()[3:] if x != "0")
        elif line.startswith("p cnf"):
            counter.new_vars(int(line.split()[2]))
        elif line.strip() and not line.startswith("c"):
            for lit in map(int, line.split()):
                if lit == 0:
                    counter.add_clause(clause)
                    clause = []
                else:
                    clause.append(lit)
if show:
    counter.set_sampling_set(show)
n = counter.count()
print("s SATISFIABLE" if n > 0 else "s UNSATISFIABLE")
print("c s type pmc")
print(f"c s exact arb int {n}")
