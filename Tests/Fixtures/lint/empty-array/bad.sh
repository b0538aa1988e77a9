#!/usr/bin/env bash
# Scripts/build and Scripts/compare-builds before issue 36: on macOS `flags` stays empty, and
# bash 3.2 stops at "${flags[@]}": "flags[@]: unbound variable".
set -euo pipefail
product="${1:-xibmerge}"
flags=()
if [ "$(uname -s)" = Linux ]; then
  flags+=(--static-swift-stdlib --disable-local-rpath)
fi
static_libgit2() {
  local libdir out inputs=() shared=() seen=" "
  libdir=$(pkg-config --variable=libdir libgit2 2>/dev/null) || return 1
  out="$PWD/.build/static-libgit2"
  printf 'GROUP(%s)\nINPUT(%s -lrt)\n' "${inputs[*]}" "${shared[*]}" >"$out/libgit2.so"
}
swift build -c release "${flags[@]}" --product "$product"
for variant in default report; do
  case $variant in
    default) opts=() ;;
    report) opts=(--report report.json) ;;
  esac
  xibmerge merge "${opts[@]}" .merge_file_O .merge_file_A .merge_file_B "Folder/View.xib"
done
files=($(ls Tests/Fixtures/merge))
for f in "${files[@]}"; do echo "$f"; done
