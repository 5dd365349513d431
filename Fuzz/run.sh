#!/usr/bin/env bash
# Builds a fuzzer with libFuzzer + AddressSanitizer and runs it.
#   Fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags…]
#     TARGET   predicate | xml-plist | binary-plist | wire | manifest | elf | activation
#     SECONDS  how long to run (default 600); RUNS=N stops after N executions instead;
#              "minimize" merges Fuzz/corpus-work/TARGET into the committed Fuzz/corpus/TARGET
# Leak detection is off by default: with it, every predicate input that compiles a regular
# expression pays a LeakSanitizer pass (Foundation's CFRegularExpression leaks, see
# Fuzz/lsan.supp) and the run is ~10x slower. Run with LEAKS=1 to turn it on.
# Findings (crash-*, leak-*, timeout-*) land in Fuzz/artifacts/TARGET/; the growing corpus in
# Fuzz/corpus-work/TARGET/ (seeded from the target's seeds below). Turn every finding into
# a test: Tests/PredicateFormatTests/FuzzFindingsTests.swift for predicates; for property
# lists a test in Tests/PropertyListsTests; for the wire one in Tests/ExtensionHostTests
# WireMessageTests (docs/FUZZING.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
target="${1:?usage: Fuzz/run.sh predicate|xml-plist|binary-plist|wire|manifest|elf|activation [SECONDS] [libFuzzer flags…]}"; shift
seconds="${1:-600}"; shift || true
out=.build-fuzz
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name appex -I "$out" -I Sources/CMagic)
mkdir -p "$out" "Fuzz/artifacts/$target" "Fuzz/corpus-work/$target"

# A module of the package, built as a static library with the sanitizers.
module() {
  swiftc "${flags[@]}" -module-name "$1" -emit-module -emit-module-path "$out/$1.swiftmodule" \
    -emit-library -static -o "$out/lib$1.a" $(find "Sources/$1" -name '*.swift')
}

# The package's C module: its header as a module, its C compiled with the same sanitizers
# (SystemSupport imports it).
csystem() {
  printf 'module CAppexSystem {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CAppexSystem/include/appex_system.h" \
    > "$out/module.modulemap"
  rm -f "$out"/appex_*.o
  for c in Sources/CAppexSystem/*.c; do
    clang -fsanitize=fuzzer-no-link,address -O1 -g -I Sources/CAppexSystem/include -c "$c" -o "$out/$(basename "$c" .c).o"
  done
  ar rcs "$out/libCAppexSystem.a" "$out"/appex_*.o
}

extra=()
case "$target" in
  predicate)
    csystem
    for m in SystemSupport TypeIdentifiers PredicateFormat; do module "$m"; done
    swiftc "${flags[@]}" -module-name PredicateFuzzer Fuzz/PredicateFuzzer.swift \
      -L "$out" -lPredicateFormat -lTypeIdentifiers -lSystemSupport -lCAppexSystem -lmagic -o "$out/$target-fuzzer"
    seeds=(Fuzz/seeds/*)
    extra=(-max_len=4096 -dict=Fuzz/predicate.dict)
    ;;
  xml-plist|binary-plist)
    csystem
    module SystemSupport
    module PropertyLists
    define=(); [ "$target" = binary-plist ] && define=(-D FUZZ_BINARY)
    swiftc "${flags[@]}" "${define[@]}" -module-name PropertyListFuzzer Fuzz/PropertyListFuzzer.swift \
      -L "$out" -lPropertyLists -lSystemSupport -lCAppexSystem -o "$out/$target-fuzzer"
    if [ "$target" = xml-plist ]; then
      seeds=(Fuzz/seeds-plist/xml/* Tests/PropertyListsTests/Fixtures/*.plist Tests/Corpus/extension-plists/*.plist)
      extra=(-max_len=16384 -dict=Fuzz/plist-xml.dict)
    else
      # The binary target puts the magic in front itself: seeds are stored without it.
      seeds=(Fuzz/seeds-plist/binary/*)
      extra=(-max_len=4096)
    fi
    ;;
  wire)
    csystem
    for m in SystemSupport TypeIdentifiers AppExtensions ComposeSheet DeviceLayout TodayWidgets PhotoEditing PropertyLists ExtensionIPC ExtensionWire; do module "$m"; done
    swiftc "${flags[@]}" -module-name WireFuzzer Fuzz/WireFuzzer.swift -L "$out" -lExtensionWire -lExtensionIPC \
      -lPropertyLists -lPhotoEditing -lTodayWidgets -lDeviceLayout -lComposeSheet -lAppExtensions -lTypeIdentifiers -lSystemSupport \
      -lCAppexSystem -lmagic -o "$out/$target-fuzzer"
    # One framed message of each kind (Tests/ExtensionHostTests WireMessageTests keeps them).
    seeds=(Fuzz/seeds-wire/*)
    extra=(-max_len=8192)
    ;;
  elf)
    csystem
    for m in SystemSupport ELFFormat; do module "$m"; done
    swiftc "${flags[@]}" -module-name ELFFuzzer Fuzz/ELFFuzzer.swift -L "$out" -lELFFormat -lSystemSupport -lCAppexSystem \
      -o "$out/$target-fuzzer"
    # Small real binaries (Tests/ELFFormatTests keeps them reading; their damaged copies are its cases).
    seeds=(Fuzz/seeds-elf/*)
    extra=(-max_len=65536)
    ;;
  manifest)
    csystem
    for m in SystemSupport TypeIdentifiers PropertyLists PredicateFormat ELFFormat ExtensionManifest; do module "$m"; done
    swiftc "${flags[@]}" -module-name ManifestFuzzer Fuzz/ManifestFuzzer.swift -L "$out" -lExtensionManifest \
      -lELFFormat -lPredicateFormat -lPropertyLists -lTypeIdentifiers -lSystemSupport -lCAppexSystem -lmagic -o "$out/$target-fuzzer"
    # Real extensions' Info.plists.
    seeds=(Tests/Corpus/extension-plists/*.plist)
    extra=(-max_len=16384 -dict=Fuzz/plist-xml.dict)
    ;;
  activation)
    csystem
    for m in SystemSupport TypeIdentifiers PropertyLists PredicateFormat ELFFormat ExtensionManifest; do module "$m"; done
    swiftc "${flags[@]}" -module-name ActivationFuzzer Fuzz/ActivationFuzzer.swift -L "$out" -lExtensionManifest \
      -lELFFormat -lPredicateFormat -lPropertyLists -lTypeIdentifiers -lSystemSupport -lCAppexSystem -lmagic -o "$out/$target-fuzzer"
    # The corpus's rules, each with a typical payload description (Fuzz/ActivationFuzzer.swift).
    seeds=(Fuzz/seeds-activation/*)
    extra=(-max_len=4096 -dict=Fuzz/predicate.dict)
    ;;
  *) echo "unknown target $target (predicate, xml-plist, binary-plist, wire, manifest, elf, activation)" >&2; exit 2 ;;
esac

# The seeds, and the committed minimized corpus of earlier runs.
cp -n "${seeds[@]}" "Fuzz/corpus-work/$target/" 2>/dev/null || true
[ -d "Fuzz/corpus/$target" ] && cp -n "Fuzz/corpus/$target"/* "Fuzz/corpus-work/$target/" 2>/dev/null || true
limit=(-max_total_time="$seconds"); [ -n "${RUNS:-}" ] && limit=(-runs="$RUNS")
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:${LSAN_OPTIONS:-}"
if [ "$seconds" = minimize ]; then
  # The smallest set of the work corpus's inputs that covers what all of them cover, into
  # Fuzz/corpus/TARGET (committed): `Fuzz/run.sh TARGET minimize` after a run.
  rm -rf "Fuzz/corpus/$target.new" && mkdir -p "Fuzz/corpus/$target.new"
  "$out/$target-fuzzer" -merge=1 "Fuzz/corpus/$target.new" "Fuzz/corpus-work/$target" -timeout=10 -rss_limit_mb=4096 \
    -detect_leaks=0 "${extra[@]}" "$@"
  rm -rf "Fuzz/corpus/$target" && mv "Fuzz/corpus/$target.new" "Fuzz/corpus/$target"
  echo "Fuzz/corpus/$target: $(ls "Fuzz/corpus/$target" | wc -l) inputs, $(du -sh "Fuzz/corpus/$target" | cut -f1)"
  exit 0
fi
"$out/$target-fuzzer" "Fuzz/corpus-work/$target" "${limit[@]}" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="Fuzz/artifacts/$target/" -print_final_stats=1 -detect_leaks="${LEAKS:-0}" "${extra[@]}" "$@"
