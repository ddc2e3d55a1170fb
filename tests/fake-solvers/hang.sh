#!/bin/sh
# Never answers. Records its pid (when asked) so a test can see that it was killed.
[ -n "${FAKE_SOLVER_PID_FILE:-}" ] && echo $$ > "$FAKE_SOLVER_PID_FILE"
exec sleep 600
