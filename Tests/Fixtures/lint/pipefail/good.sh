#!/usr/bin/env bash
# The same, where the pipeline's status does not count or the reader reads to the end.
set -euo pipefail
candidate=$(apt-cache policy chromium 2>/dev/null || true)
case $candidate in *"Candidate: "[0-9]*) echo "setup: installing chromium" ;; esac
git log -p -1 --format='%h %s' feature -- BannerView.xib | sed -n 's/^/  /; 1,20p'
first=$(head -c 400 "$1" | sed -n 1p | cut -c1-110)
if [ -n "$(find Sources -name '*.swift' -newer "$2" | head -1)" ]; then echo newer; fi
theirs=$(ls "$2"theirs.* 2>/dev/null | head -1) || true
old=$(ls "$2" | grep -m1 '^old\.' || true)
if git diff --name-only | grep -x 'Package.swift' >/dev/null; then echo changed; fi
echo "$first $theirs $old"
