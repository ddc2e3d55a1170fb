#!/bin/sh
# Says UNSATISFIABLE but exits with the SAT code.
echo "s UNSATISFIABLE"
exit 10
