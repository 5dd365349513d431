#!/usr/bin/env bash
# Builds the GNUstep NSPredicate peer used by `appex-bench predicate --gnustep`.
#
# Installs the Debian packages `gobjc` and `libgnustep-base-dev` when they are
# missing (needs root), then compiles peer.m into build/nspredicate-peer.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/build/nspredicate-peer"

need=()
dpkg -s gobjc >/dev/null 2>&1 || need+=(gobjc)
dpkg -s libgnustep-base-dev >/dev/null 2>&1 || need+=(libgnustep-base-dev)
if [ ${#need[@]} -gt 0 ]; then
    echo "build.sh: installing ${need[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends "${need[@]}"
fi

mkdir -p "$here/build"
if [ -x "$out" ] && [ "$out" -nt "$here/peer.m" ]; then
    echo "build.sh: $out is up to date" >&2
    exit 0
fi

# -MMD/-MP would drop dependency files into the working directory.
objc_flags="$(gnustep-config --objc-flags | sed -e "s/-MMD//" -e "s/-MP//")"
base_libs="$(gnustep-config --base-libs)"
# shellcheck disable=SC2086
gcc -std=gnu11 -O2 $objc_flags -o "$out" "$here/peer.m" $base_libs
echo "build.sh: built $out" >&2
