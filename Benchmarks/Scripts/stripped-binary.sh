#!/usr/bin/env bash
# Prints the path of a copy of the release benchmark binary without debug info, made for
# callgrind (instructions.sh, calls.sh): valgrind 3.19 gives up on the DWARF that clang
# writes for the package's C target ("possibly corrupted debuginfo"); symbols stay, and
# instruction and call counts do not depend on debug info.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$here/.build/callgrind"
objcopy --strip-debug "$here/.build/release/ScopedBenchmarks" "$here/.build/callgrind/ScopedBenchmarks"
echo "$here/.build/callgrind/ScopedBenchmarks"
