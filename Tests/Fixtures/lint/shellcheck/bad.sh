#!/usr/bin/env bash
# Scripts/compare-builds before issue 36: `ls | grep` (shellcheck SC2010) on the fixture folders.
set -euo pipefail
repo=$PWD
cases=()
for dir in Tests/Fixtures/diff/*/; do
  old=$(ls "$dir" | grep -m1 '^old\.' || true)
  cases+=("fixtures/diff/$(basename "$dir")|${old:+$repo/$dir/$old}")
done
echo "${#cases[@]}"
