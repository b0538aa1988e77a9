#!/usr/bin/env bash
# Without set -u an empty array expands to nothing, in bash 3.2 too.
set -e
flags=()
swift build -c release "${flags[@]}"
