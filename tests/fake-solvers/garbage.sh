#!/bin/sh
# Prints something that is not a solver's answer.
echo "Hello from a program that is not a SAT solver"
exit 0
