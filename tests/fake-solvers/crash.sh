#!/bin/sh
# Dies of a segmentation fault after a word on stderr, as a buggy solver would.
echo "c fake solver starting"
echo "fake: segmentation fault in propagate()" >&2
kill -SEGV $$
