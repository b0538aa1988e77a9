#!/usr/bin/env bash
# The bash 3.2 forms of the same.
set -euo pipefail
seen=" "
files=()
while IFS= read -r f; do files+=("$f"); done < <(find Tests/Fixtures -name '*.xib')
name=Storyboard
echo "$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')"
echo "count: ${#files[@]}"
echo "length: ${#name}"
if [ -n "${XIBMERGE_VERBOSE:-}" ]; then echo verbose; fi
swift build 2>&1 | tee build.log
echo done >>build.log 2>&1
now=$(date +%s)
case $name in Story*) echo "$seen $now" ;; esac
x=${name:-default}
y=${name#Story}
# mapfile and readarray are bash 4: a comment may say so.
