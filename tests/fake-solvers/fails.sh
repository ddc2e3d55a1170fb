#!/bin/sh
# Exits with an error code and no answer.
echo "fake: out of memory" >&2
exit 1
