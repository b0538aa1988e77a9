#!/usr/bin/env bash
# What replaced it: a glob.
set -euo pipefail
repo=$PWD
cases=()
first() { local f; for f in "$1"/"$2".*; do if [ -e "$f" ]; then basename "$f"; return; fi; done; }
for dir in Tests/Fixtures/diff/*/; do
  old=$(first "$dir" old)
  cases+=("fixtures/diff/$(basename "$dir")|${old:+$repo/$dir/$old}")
done
echo "${#cases[@]}"
