#!/bin/sh
# Gives up politely.
echo "c giving up"
echo "s UNKNOWN"
exit 0
