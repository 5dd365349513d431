#!/usr/bin/env bash
# Runs every Appex benchmark and prints the tables on stdout:
# UTType conformance and file detection against same-run baselines, and predicate
# parsing/evaluation against GNUstep's NSPredicate and swift-foundation's #Predicate.
#
# Usage: Benchmarks/run.sh [extra appex-bench options, e.g. --rounds 11 --json]
# Environment: SCRATCH (SwiftPM scratch path, default .build-bench).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
peer="$root/Benchmarks/gnustep/build/nspredicate-peer"

# The peer is rebuilt when missing or older than peer.m (build.sh decides); its
# output goes to stderr so that stdout holds only the tables.
"$root/Benchmarks/gnustep/build.sh" >&2

scratch="${SCRATCH:-.build-bench}"
swift build --scratch-path "$scratch" -c release --product appex-bench >&2

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); ${cpu:-unknown CPU}, $(nproc) cores; $(uname -srm)"
echo "# $(swift --version 2>/dev/null | head -1); GNUstep base $(dpkg-query -W -f='${Version}' libgnustep-base-dev 2>/dev/null)"
echo "# load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
swift run --skip-build --scratch-path "$scratch" -c release appex-bench all \
    --gnustep "$peer" --cases "$root/Benchmarks/cases/predicates.json" "$@"
