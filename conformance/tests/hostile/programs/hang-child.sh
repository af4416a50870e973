#!/bin/sh
# Starts a child that holds standard output open, writes its pid to $HOSTILE_PIDS, and
# waits for it: the whole group must be killed at the time-out.
sleep 60 &
echo $! >>"${HOSTILE_PIDS:-/dev/null}"
wait
