#!/usr/bin/env bash
# Scripts/hostile-inputs, Scripts/fuzz and Scripts/review-action before issue 36: GNU tools and
# options that macOS's BSD ones do not have.
set -euo pipefail
file=$1 dir=$2 work=$3 timeout=120 xibmerge=xibmerge
size=$(numfmt --to=iec --suffix=B "$(stat -c %s "$file")")
/usr/bin/time -v -o "$work/time" timeout "$timeout" "$xibmerge" check "$file" >"$work/stdout" 2>"$work/stderr"
seed() { cp "$1" "$dir/$(printf %s "$1" | md5sum | cut -c1-16)"; }
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' -e 's/\r/\\r/g' "$file"
sed -i 's/toolsVersion="[^"]*"//' "$file"
sed -n 's/^\(warning\|error\): //p' "$work/stderr"
here=$(readlink -f "$0")
started=$(date -d yesterday +%s)
cores=$(nproc)
grep -P '\d+ conflicts' "$work/stderr"
find "$dir" -name '*.xib' -printf '%s %p\n'
echo "$size $here $started $cores"
