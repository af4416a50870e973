#!/bin/sh
# Answers right (through $RULEBOOK), but leaves a child behind that holds standard output
# and standard error open, and writes that child's pid to $HOSTILE_PIDS.
"${RULEBOOK:-rulebook}" "$@"
status=$?
sleep 60 &
echo $! >>"${HOSTILE_PIDS:-/dev/null}"
exit $status
