#!/bin/sh
# Killed while printing its model: the v lines stop before the final 0.
echo "s SATISFIABLE"
echo "v 1 -2 3"
exit 10
