#!/usr/bin/env bash
# What a script might write in bash 4 and later: each line aborts or misbehaves in macOS's
# /bin/bash 3.2.
set -euo pipefail
declare -A seen=()
mapfile -t files < <(find Tests/Fixtures -name '*.xib')
name=Storyboard
echo "${name,,}" "${name^^}"
printf '%s\n' "${name@Q}"
exec {log}>build.log
echo "last: ${files[-1]}"
if [[ -v XIBMERGE_VERBOSE ]]; then echo verbose; fi
swift build 2>&1 |& tee build.log
echo done &>> build.log
local_time=$(printf '%(%s)T' -1)
wait -n
shopt -s globstar
for i in {0..10..2}; do echo "$i"; done
echo "$EPOCHSECONDS"
readarray -t lines <build.log
declare -n ref=name
