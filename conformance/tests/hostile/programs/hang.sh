#!/bin/sh
# Answers nothing and never ends (bounded here only so that a broken runner's test ends).
exec sleep 60
