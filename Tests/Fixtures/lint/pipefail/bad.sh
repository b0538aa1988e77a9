#!/usr/bin/env bash
# Scripts/setup before issue 41, Scripts/demo and Scripts/hostile-inputs before issue 36: under
# pipefail, the reader's early exit kills the writer with SIGPIPE and the pipeline fails.
set -euo pipefail
if apt-cache show chromium >/dev/null 2>&1 && apt-cache policy chromium | grep -q 'Candidate: [0-9]'; then
  echo "setup: installing chromium"
fi
git log -p -1 --format='%h %s' feature -- BannerView.xib | sed 's/^/  /' | head -20
first=$(head -c 400 "$1" | head -1 | cut -c1-110)
newest=$(find Sources -name '*.swift' -newer "$2" | head -1)
if git diff --name-only | grep -qx 'Package.swift'; then echo changed; fi
git log --format=%s | grep -m1 Merge
git ls-files | sed 3q
echo "$first $newest"
