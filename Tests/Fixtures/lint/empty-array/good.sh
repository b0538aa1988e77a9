#!/usr/bin/env bash
# The same, as bash 3.2 runs it.
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
  printf 'GROUP(%s)\nINPUT(%s -lrt)\n' "${inputs[*]:-}" "${shared[*]:-}" >"$out/libgit2.so"
}
swift build -c release ${flags[@]+"${flags[@]}"} --product "$product"
echo "${#flags[@]} flags"
args=(check "$product")
xibmerge "${args[@]}"
