#!/bin/sh
# Dies of a segmentation fault before it answers.
kill -SEGV $$
