#!/usr/bin/env bash
# An extension's resident memory with the Swift runtime linked dynamically and statically,
# with NotesKit as a framework and linked in (issue 23; docs/BENCHMARKS.md, "Frameworks and
# the Swift runtime"). Builds SaveToNotes three ways, each in a scratch folder of its own
# (debug, as the demo runs it), then measures them in one run of appex-bench:
#
#   framework   dynamic runtime, NotesKit a framework (libNotesKit.so): `appex bundle`'s default
#   linked-in   dynamic runtime, NotesKit linked into the executable (APPEX_NOTESKIT_LINKAGE=static)
#   static      static runtime (--static-swift-stdlib), NotesKit linked in
#
# The fourth combination, a static runtime with NotesKit a framework, does not link: the
# toolchain has no static Foundation for a shared library. The script tries it and says so.
#
# Usage: Benchmarks/memory.sh [extra appex-bench options, e.g. --rounds 11 --json]
# Environment: SCRATCH (the folder of the scratch folders, default .build-memory).
# Needs: /usr/bin/time (Debian package time). Each build takes minutes on 2 cores.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${SCRATCH:-.build-memory}"

build() { # name, then extra arguments for swift build
    local name="$1"; shift
    swift build --scratch-path "$scratch/$name" --product save-to-notes "$@" >&2
}
build framework
APPEX_NOTESKIT_LINKAGE=static build linked-in
APPEX_NOTESKIT_LINKAGE=static build static --static-swift-stdlib
if ! output="$(build static-framework --static-swift-stdlib 2>&1)"; then
    echo "memory.sh: a static runtime with NotesKit a framework does not build: $(grep -m1 -E 'cannot find' <<<"$output" || grep -m1 'error:' <<<"$output")" >&2
fi
swift build -c release --product appex-bench >&2

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; $(uname -srm); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
.build/release/appex-bench memory \
    --build "framework=$scratch/framework/debug" \
    --build "linked-in=$scratch/linked-in/debug" \
    --build "static=$scratch/static/debug" "$@"
