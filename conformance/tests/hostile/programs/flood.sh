#!/bin/sh
# Writes without end: the runner, not this script, must stop it (at its output limit).
exec yes "flood flood flood flood flood flood flood flood"
