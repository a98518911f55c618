#!/usr/bin/env bash
# The source files of Scoped that one operation executes code in — what a reader walks
# through to follow it — measured with code coverage in a debug build (no inlining):
#
#   Benchmarks/Scripts/files-crossed.sh            # cached hit, first .scoped build in a
#                                                 # child, async first build with two racing
#                                                 # callers, close
#   VERBOSE=1 Benchmarks/Scripts/files-crossed.sh  # and the files
set -euo pipefail
# The toolchain's LLVM tools: the profile format is the compiler's.
tools="$(dirname "$(command -v swift)")"
here="$(cd "$(dirname "$0")/.." && pwd)"
package="$here/FilesCrossed"
scratch="$package/.build"
swift build --package-path "$package" --scratch-path "$scratch" -Xswiftc -profile-generate \
    -Xswiftc -profile-coverage-mapping >/dev/null
binary="$scratch/debug/FilesCrossed"
out="$scratch/profiles"
rm -rf "$out" && mkdir -p "$out"
LLVM_PROFILE_FILE="$out/setup.profraw" "$binary" "$out"
for name in cached-hit first-scoped-build-in-child async-first-build-two-racing-callers close; do
    "$tools/llvm-profdata" merge -o "$out/$name.profdata" "$out/$name.profraw"
    files=$("$tools/llvm-cov" export -summary-only -instr-profile "$out/$name.profdata" "$binary" \
        | python3 -c '
import json, sys
for f in json.load(sys.stdin)["data"][0]["files"]:
    name = f["filename"]
    if "/Sources/Scoped/" in name and f["summary"]["functions"]["covered"] > 0:
        print(name.split("/Sources/Scoped/")[1])')
    printf '| %s | %s |\n' "$name" "$(echo "$files" | grep -c .)"
    if [ -n "${VERBOSE:-}" ]; then echo "$files" | sed 's/^/    /'; fi
done
