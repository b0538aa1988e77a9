#!/usr/bin/env bash
# What replaced them: POSIX and BSD forms.
set -euo pipefail
file=$1 dir=$2 work=$3 timeout=120
bytes=$(wc -c <"$file" | tr -d ' ')
seed() { cp "$1" "$dir/$(printf %s "$1" | cksum | cut -d' ' -f1)"; }
tab=$(printf '\t')
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e "s/$tab/\\\\t/g" "$file"
sed -i.bak 's/toolsVersion="[^"]*"//' "$file" && rm "$file.bak"
sed -n -E 's/^(warning|error): //p' "$work/stderr"
first=$(head -c 400 "$work/stderr" | sed -n "1{s|$dir/||g; s/|/\\\\|/g; p;}")
here=$(cd "$(dirname "$0")" && pwd -P)
cores=$(getconf _NPROCESSORS_ONLN)
grep -E '[0-9]+ conflicts' "$work/stderr"
timeout_seconds=$timeout
echo "$bytes $here $cores $first $timeout_seconds" --timeout "$timeout"
