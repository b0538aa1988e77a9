#!/usr/bin/env bash
# Without pipefail a pipeline's status is its last command's: the reader's.
set -eu
if apt-cache policy chromium | grep -q 'Candidate: [0-9]'; then echo found; fi
