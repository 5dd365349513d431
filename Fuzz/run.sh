#!/usr/bin/env bash
# Builds the predicate fuzzer with libFuzzer + AddressSanitizer and runs it.
#   Fuzz/run.sh [runs] [extra libFuzzer flags…]     default: 2 000 000 runs
# Leak detection is off by default: with it, every input that compiles a regular expression
# pays a LeakSanitizer pass (Foundation's CFRegularExpression leaks, see Fuzz/lsan.supp) and
# the run is ~10x slower. Run with LEAKS=1 to turn it on.
# Findings (crash-*, leak-*, timeout-*) land in Fuzz/artifacts/; the growing corpus in
# Fuzz/corpus-work/ (seeded from Fuzz/seeds/). Turn every finding into a test in
# Tests/PredicateFormatTests/FuzzFindingsTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
runs="${1:-2000000}"; shift || true
out=.build-fuzz
mkdir -p "$out" Fuzz/artifacts Fuzz/corpus-work
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -I "$out" -I Sources/CMagic)

swiftc "${flags[@]}" -module-name TypeIdentifiers -emit-module -emit-module-path "$out/TypeIdentifiers.swiftmodule" \
  -emit-library -static -o "$out/libTypeIdentifiers.a" $(find Sources/TypeIdentifiers -name '*.swift')
swiftc "${flags[@]}" -module-name PredicateFormat -emit-module -emit-module-path "$out/PredicateFormat.swiftmodule" \
  -emit-library -static -o "$out/libPredicateFormat.a" $(find Sources/PredicateFormat -name '*.swift')
swiftc "${flags[@]}" -module-name PredicateFuzzer Fuzz/PredicateFuzzer.swift \
  -L "$out" -lPredicateFormat -lTypeIdentifiers -lmagic -o "$out/predicate-fuzzer"

cp -n Fuzz/seeds/* Fuzz/corpus-work/ 2>/dev/null || true
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:${LSAN_OPTIONS:-}"
"$out/predicate-fuzzer" Fuzz/corpus-work -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
  -dict=Fuzz/predicate.dict -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1 \
  -detect_leaks="${LEAKS:-0}" "$@"
