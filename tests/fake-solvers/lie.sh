#!/bin/sh
# Claims SAT with every variable false: a model that breaks the puzzle's clauses.
vars=$(awk '$1 == "p" { print $3; exit }' "$1")
echo "s SATISFIABLE"
i=1; line="v"
while [ "$i" -le "$vars" ]; do line="$line -$i"; i=$((i + 1)); done
echo "$line 0"
exit 10
